# Slova Croupieru česky. Jeden soubor na jazyk, v každém stejné identifikátory zpráv
# (tests/i18n.rs selže, když některý chybí). Herní pojmy: data/i18n/GLOSSARY.md.

## Common: the language, numbers, money, dates

language-name = Čeština
number-decimal = ,
number-group = {"\u00A0"}
number-minus = -
money = { $amount }{"\u00A0"}{ $symbol }
date-pattern = %-d. %-m. %Y
time-pattern = %H:%M
datetime-pattern = %-d. %-m. %Y %H:%M
currency-CZK = Kč
currency-EUR = €
currency-BYN = Br
currency-UAH = ₴
currency-RUB = ₽
currency-USD = $
currency-PLN = zł

## Common: the cards and the decisions of the table

rank-ace = eso
    .mark = A
rank-2 = dvojka
rank-3 = trojka
rank-4 = čtyřka
rank-5 = pětka
rank-6 = šestka
rank-7 = sedmička
rank-8 = osmička
rank-9 = devítka
rank-10 = desítka
    .mark = 10
rank-jack = kluk
    .mark = J
rank-queen = dáma
    .mark = Q
rank-king = král
    .mark = K
decision-stick = stát
decision-twist = dotáhnout
decision-buy = koupit
decision-split = rozdělit
decision-surrender = vzdát se
cards-count = { $n ->
    [one] { $n } karta
    [few] { $n } karty
   *[other] { $n } karet
}

## Screens: the dealer's screens (login, table, rounds, settlement, keys, Pontis)
## Ids start with the screen: login-, table-, bets-, play-, settle-, keys-, pontis-, app-.

## Screens: the supervisor's desk, the floor window, the watch, rules files
## Ids start with desk-, floor-, watch-, rules-.

## Reports: titles, columns, footers, charts (report-, csv-)

## Messages: engine and store refusals shown to people (error-)
