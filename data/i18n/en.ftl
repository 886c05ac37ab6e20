# Croupier's words in English. One file per language, the same message ids in each
# (tests/i18n.rs fails on a missing one). Game terms: data/i18n/GLOSSARY.md.

## Common: the language, numbers, money, dates

language-name = English
# Separators of a written number: 1,234.50
number-decimal = .
number-group = ,
number-minus = -
# An amount with its currency: the code first, as English reports write a foreign currency.
money = { $code }{"\u00A0"}{ $amount }
# chrono patterns (strftime): 3 Nov 2026, 14:05
date-pattern = %-d %b %Y
time-pattern = %H:%M
datetime-pattern = %-d %b %Y %H:%M
currency-CZK = Kč
currency-EUR = €
currency-BYN = Br
currency-UAH = ₴
currency-RUB = ₽
currency-USD = $
currency-PLN = zł

## Common: the cards and the decisions of the table

rank-ace = ace
    .mark = A
rank-2 = two
rank-3 = three
rank-4 = four
rank-5 = five
rank-6 = six
rank-7 = seven
rank-8 = eight
rank-9 = nine
rank-10 = ten
    .mark = 10
rank-jack = jack
    .mark = J
rank-queen = queen
    .mark = Q
rank-king = king
    .mark = K
decision-stick = stick
decision-twist = twist
decision-buy = buy
decision-split = split
decision-surrender = surrender
cards-count = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}

## Screens: the dealer's screens (login, table, rounds, settlement, keys, Pontis)
## Ids start with the screen: login-, table-, bets-, play-, settle-, keys-, pontis-, app-.

## Screens: the supervisor's desk, the floor window, the watch, rules files
## Ids start with desk-, floor-, watch-, rules-.

## Reports: titles, columns, footers, charts (report-, csv-)

## Messages: engine and store refusals shown to people (error-)
