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

# The page and its titles.
report-title-summary = Table summary
report-title-rounds = Rounds
report-title-dealers = Dealers
report-title-exceptions = Exceptions
report-heading = Croupier — { $title }
report-subtitle = { $from } to { $to } · { $databases ->
    [one] { $databases } database
   *[other] { $databases } databases
}
report-none = None in this period.
report-mixed-currencies = The databases keep different currencies: each table's figures are in its own currency (the currency column), totals and charts are per currency, and amounts in different currencies are never added together.
# chrono patterns: a moment to the second, and a day under a chart's bar.
report-timestamp-pattern = %-d %b %Y %H:%M:%S
report-chart-day-pattern = %-d %b
# Sections.
report-section-by-shift = by shift
report-section-by-day = by day
report-section-month-to-date = month to date
report-section-year-to-date = year to date
report-section-period-total = period total
report-section-rounds = rounds
report-section-dealers = dealers
report-section-exceptions = exceptions
report-section-pontis-games = Pontis games
report-section-pontis-by-table = Pontis games by table and host
# Columns.
report-col-table = table
report-col-date = date
report-col-shift = shift
report-col-from = from
report-col-tables = tables
report-col-currency = currency
report-col-rounds = rounds
report-col-handle = handle
report-col-paid = paid
report-col-house-win = house win
report-col-hold = hold %
report-col-theoretical-win = theoretical win
report-col-theoretical-hold = theoretical hold %
report-col-win-vs-theory = win vs theory (sd)
report-col-insurance-taken = insurance taken
report-col-insurance-paid = insurance paid
report-col-splits = splits
report-col-buys = buys
report-col-pontoons = pontoons paid
report-col-five-card-tricks = five-card tricks paid
report-col-settled-at = settled at
report-col-round = round
report-col-dealer = dealer
report-col-bets = bets (id@box:stake)
report-col-inputs = inputs
report-col-nets = nets
report-col-hours = hours at a table
report-col-rounds-per-hour = rounds per hour
report-col-refused = refused inputs
report-col-undos = undos
report-col-corrections = corrections
report-col-time = time
report-col-exception = exception
report-col-user = user
report-col-detail = detail
report-col-started-at = started at
report-col-game = game
report-col-host = host
report-col-players = players
report-col-minutes = minutes
report-col-end = end
report-col-winners = winners
report-col-games = games
report-col-empty-hand = empty hand
report-col-blocked = blocked
report-col-abandoned = abandoned
report-col-in-play = in play
report-col-longest = longest (inputs)
# Words in the cells.
report-shift-day = day 06–14
report-shift-evening = evening 14–22
report-shift-night = night 22–06
report-exception-table-opened = table opened
report-exception-round-voided = round voided
report-exception-round-corrected = round corrected
report-exception-undo = undo
report-exception-step-refused = input refused
report-exception-login-failed = login failed
report-exception-user-locked = user locked
report-exception-user-unlocked = user unlocked
report-exception-floor-alarm = floor alarm
report-exception-payout = payout over threshold
report-exception-verify-failed = verify failed
report-end-in-play = in play
report-end-empty-hand = empty hand
report-end-blocked = blocked
report-end-abandoned = abandoned
report-currency-not-set = not set
report-span = { $from } to { $to }
# Details: what was logged (inputs, reasons, refusals) is shown as logged.
report-detail-undid = undid "{ $text }"
report-detail-reason = reason: { $reason }
report-detail-refused = "{ $text }": { $reason }
report-detail-table-opened = table opened: preset { $preset } limits { $limits }
report-detail-rules-changed = rules or limits changed: preset { $preset } limits { $limits }
report-detail-payout = a bet won { $won } (threshold { $threshold })
# Charts.
report-chart-win-by-day = House win by day
report-chart-win-by-day-in = House win by day ({ $currency })
report-chart-hold-by-day = Hold % by day
report-chart-hold-by-day-in = Hold % by day ({ $currency })
report-chart-rounds-per-dealer = Rounds per dealer
# The footer.
report-footer-report = Report
report-footer-period = Period
report-footer-period-value = { $from } to { $to } (UTC, both days included)
report-footer-filter-table = Filter: table
report-footer-filter-dealer = Filter: dealer
report-footer-filter-threshold = Filter: payout threshold
report-footer-generated-by = Generated by
report-footer-generated-at = Generated at
report-footer-generated-by-cli = system user (command line, { $user })
report-footer-generated-by-cli-unnamed = system user (command line, name unknown)
report-footer-database = Database { $n }
report-footer-chain-head = Database { $n } chain head
report-footer-chain-head-value = event { $seq } { $hash }
report-footer-currency = Database { $n } currency
report-footer-currencies = Currencies
report-footer-verify = Database { $n } verify
report-footer-passed = PASSED ({ $detail })
report-footer-failed = FAILED: { $why }
report-footer-not-run = NOT RUN (--skip-verify): these figures are not verified
report-footer-replayed = { $events ->
    [one] { $events } event
   *[other] { $events } events
}, { $rounds ->
    [one] { $rounds } round replayed
   *[other] { $rounds } rounds replayed
}
report-footer-replayed-games = { $events ->
    [one] { $events } event
   *[other] { $events } events
}, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} and { $games ->
    [one] { $games } Pontis game replayed
   *[other] { $games } Pontis games replayed
}
# CSV: the footer file's header.
csv-field = field
csv-value = value

## Messages: engine and store refusals shown to people (error-)
