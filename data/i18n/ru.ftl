# Слова Croupier по-русски. Один файл на язык, в каждом те же идентификаторы сообщений
# (tests/i18n.rs падает, если какого-то нет). Термины игры: data/i18n/GLOSSARY.md.

## Common: the language, numbers, money, dates

language-name = Русский
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
currency-UAH = ₴
currency-RUB = ₽
currency-USD = $
currency-PLN = zł

## Common: the cards and the decisions of the table

rank-ace = туз
    .mark = Т
rank-2 = двойка
rank-3 = тройка
rank-4 = четвёрка
rank-5 = пятёрка
rank-6 = шестёрка
rank-7 = семёрка
rank-8 = восьмёрка
rank-9 = девятка
rank-10 = десятка
    .mark = 10
rank-jack = валет
    .mark = В
rank-queen = дама
    .mark = Д
rank-king = король
    .mark = К
decision-stick = хватит
decision-twist = твист
decision-buy = купить
decision-split = сплит
decision-surrender = сдаться
cards-count = { $n ->
    [one] { $n } карта
    [few] { $n } карты
   *[other] { $n } карт
}

## Screens: the dealer's screens (login, table, rounds, settlement, keys, Pontis)
## Ids start with the screen: login-, table-, bets-, play-, settle-, keys-, pontis-, app-.

## Screens: the supervisor's desk, the floor window, the watch, rules files
## Ids start with desk-, floor-, watch-, rules-.

## Reports: titles, columns, footers, charts (report-, csv-)

## Messages: engine and store refusals shown to people (error-)
