# Слова Croupier українською. Один файл на мову, у кожному ті самі ідентифікатори
# повідомлень (tests/i18n.rs падає, якщо якогось бракує). Терміни гри: data/i18n/GLOSSARY.md.

## Common: the language, numbers, money, dates

language-name = Українська
number-decimal = ,
number-group = {"\u00A0"}
number-minus = -
money = { $amount }{"\u00A0"}{ $symbol }
date-pattern = %d.%m.%Y
time-pattern = %H:%M
datetime-pattern = %d.%m.%Y %H:%M
currency-CZK = Kč
currency-EUR = €
currency-BYN = Br
currency-UAH = грн
currency-RUB = ₽
currency-USD = $
currency-PLN = zł

## Common: the cards and the decisions of the table

rank-ace = туз
    .mark = Т
rank-2 = двійка
rank-3 = трійка
rank-4 = четвірка
rank-5 = п'ятірка
rank-6 = шістка
rank-7 = сімка
rank-8 = вісімка
rank-9 = дев'ятка
rank-10 = десятка
    .mark = 10
rank-jack = валет
    .mark = В
rank-queen = дама
    .mark = Д
rank-king = король
    .mark = К
decision-stick = досить
decision-twist = твіст
decision-buy = купити
decision-split = спліт
decision-surrender = здатися
cards-count = { $n ->
    [one] { $n } карта
    [few] { $n } карти
   *[other] { $n } карт
}

## Screens: the dealer's screens (login, table, rounds, settlement, keys, Pontis)
## Ids start with the screen: login-, table-, bets-, play-, settle-, keys-, pontis-, app-.

## Screens: the supervisor's desk, the floor window, the watch, rules files
## Ids start with desk-, floor-, watch-, rules-.

## Reports: titles, columns, footers, charts (report-, csv-)

## Messages: engine and store refusals shown to people (error-)
