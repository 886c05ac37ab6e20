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

# The desk: heading, tabs, verification
desk-title = Supervisor desk
desk-tab-history = Round history
desk-tab-round = Round
desk-tab-charts = Charts
desk-tab-pontis = Pontis games
desk-verifying = verifying…
desk-verified = VERIFIED: { $what }
desk-not-verified = NOT VERIFIED: { $why }
desk-not-verified-yet = not verified yet
desk-verify-now = Verify now
desk-verifying-background = verifying in the background
desk-verified-rounds = { $events ->
    [one] { $events_shown } event
   *[other] { $events_shown } events
}, { $rounds ->
    [one] { $rounds_shown } round
   *[other] { $rounds_shown } rounds
}, head { $head }…
desk-verified-games = { $events ->
    [one] { $events_shown } event
   *[other] { $events_shown } events
}, { $rounds ->
    [one] { $rounds_shown } round
   *[other] { $rounds_shown } rounds
}, { $games ->
    [one] { $games_shown } Pontis game
   *[other] { $games_shown } Pontis games
}, head { $head }…
# The history: filters
desk-from = From
desk-to = To
desk-table = Table
desk-dealer = Dealer
desk-host = Host
desk-shift = Shift
desk-box = Box
desk-outcome = Outcome
desk-min-payout = Payout at least
desk-search = Search
desk-search-games = Search games
desk-search-all = Search all rounds
desk-export = Export report
desk-export-summary = Table summary
desk-export-rounds = Rounds
desk-export-dealers = Dealers
desk-export-exceptions = Exceptions
desk-filters-help = Dates as { $date } or { $iso } (UTC); shift: { $day }, { $evening } or { $night }; outcome: { $house }, { $players } or { $void }.
desk-shift-day = day
desk-shift-evening = evening
desk-shift-night = night
desk-outcome-house = house
desk-outcome-players = players
desk-outcome-void = void
desk-bad-date = date “{ $text }”: expected a date such as { $example } or { $iso }
desk-bad-box = box “{ $text }”: expected a box number 1 to 7
desk-bad-payout = payout “{ $text }”: expected an amount such as { $example }
desk-bad-outcome = outcome “{ $text }”: expected house, players or void
desk-bad-period = From { $from } is after To { $to }: expected the earlier date first
# The history: what is listed
desk-listing-shift = { $when ->
    [today] Today's { $shift } shift ({ $hours }), newest first
   *[other] The { $shift } shift ({ $hours }) that began on { $date }, newest first
}
desk-listing-latest = Latest rounds, newest first
desk-listing-older = Older rounds, newest first (page { $page })
desk-listing-found = { $n ->
    [one] { $n_shown } round found, newest first: { $first }–{ $last }
   *[other] { $n_shown } rounds found, newest first: { $first }–{ $last }
}
desk-newer = < Newer
desk-older = Older >
desk-latest = Latest
desk-col-round = round
desk-col-settled = settled (UTC)
desk-col-table = table
desk-col-dealer = dealer
desk-col-handle = handle
desk-col-house-win = house win
desk-col-largest-win = largest win
desk-open = Open { $round }
desk-open-void = Open { $round } (void)
# The history: what the desk says it did
desk-search-stopped = the search stopped unexpectedly
desk-search-running = a search is already running
desk-searching = searching…
desk-search-capped = over { $cap_shown } rounds found: the newest { $cap_shown } listed and charted (narrow the search for the rest)
desk-rounds-found = { $n ->
    [one] { $n_shown } round found
   *[other] { $n_shown } rounds found
}
desk-no-older = no older rounds
desk-no-rounds-yet = no settled rounds yet
desk-status-shift = { $n ->
    [one] { $n } round in this shift, newest first
   *[other] { $n } rounds in this shift, newest first
}
desk-status-latest = { $n ->
    [one] none yet in this shift: the latest round
   *[other] none yet in this shift: the latest { $n } rounds, newest first
}
desk-status-page = page { $page } of the rounds, newest first
desk-round-open = round { $round } open
desk-round-voided = round { $round } voided: logged with the reason
desk-round-corrected = round { $round } corrected: logged with the reason
desk-preview-written = preview: nothing written yet
desk-exported = exported { $path }
desk-no-free-name = no free file name in reports/
# A round, input by input; void and correct
desk-open-from-history = Open a round from the history.
desk-round-heading = Round { $round }
desk-step-first = |< first
desk-step-back = < back
desk-step-next = next >
desk-step-last = last >|
desk-after-input = After input { $i } of { $n } — next: { $next }
desk-nets = Nets: { $nets }
desk-event-bets = bets: { $bets }
desk-event-bet = { $id } on box { $box_no }: { $stake }
desk-event-input = input  { $text }
desk-event-refused = REFUSED { $text } — { $why }
desk-event-undo = UNDO { $text }
desk-event-settled = settled { $nets }
desk-event-voided = VOIDED: { $reason }
desk-event-corrected = CORRECTED: { $reason } → { $nets }
desk-exceptions-heading = Void or correct (supervisors; always with a reason, logged as an exception)
desk-reason = Reason
desk-void = Void round
desk-inputs = Inputs (comma between inputs)
desk-preview = Preview correction
desk-correct = Log correction
desk-diff-bet = bet
desk-diff-was = original net
desk-diff-now = corrected net
desk-diff-pay = pay (+) / collect (−) now
# Charts
desk-charts-empty = Search the round history first: the charts show the rounds found.
desk-charts-intro = { $n ->
    [one] Charts of the round listed in the history (voids left out).
   *[other] Charts of the { $n_shown } rounds listed in the history (voids left out).
}
desk-chart-win-day = House win by day
desk-chart-hold-day = Hold % by day (red: theoretical hold of the rules played)
desk-chart-win-hour = House win by hour of day (UTC)
desk-chart-hold-hour = Hold % by hour of day (UTC)
desk-chart-rounds-hour = Rounds by hour of day (UTC)
desk-chart-rate-dealer = Rounds per hour at a table, by dealer
desk-axis-win = win
desk-axis-hold = hold %
desk-axis-theory = theoretical hold %
desk-axis-rounds = rounds
desk-axis-rate = rounds/hour
# A day on a chart's axis (chrono pattern): 3 Nov
desk-axis-day-pattern = %-d %b
# Pontis games
desk-games-help = Each game's inputs are replayed by Verify; `croupier export-game --game N` gives one back as a game script.
desk-games-found = { $n ->
    [one] { $n } Pontis game found
   *[other] { $n } Pontis games found
}
desk-col-game = game
desk-col-started = started (UTC)
desk-col-host = host
desk-col-players = players
desk-col-inputs = inputs
desk-col-end = end
desk-col-winners = winners
desk-game-in-play = in play
desk-game-end-empty-hand = a hand emptied
desk-game-end-blocked = blocked
desk-game-end-abandoned = abandoned

# The floor: the link in the top bar, the Floor window
floor-link-connecting = floor: connecting
floor-link-in-sync = floor: in sync (event { $event })
floor-link-behind = { $n ->
    [one] floor: { $n } event behind
   *[other] floor: { $n } events behind
}
floor-link-unreachable = floor unreachable since { $since } UTC
floor-link-refused = floor REFUSED this table's log: call a supervisor
floor-link-durable = every input is durable in this table's file first
floor-button = Floor
floor-window = Floor
floor-reading = reading…
floor-read-at = Read at { $time } UTC (every 3 s)
floor-alarms = { $n ->
    [one] { $n } alarm on the floor: see the exceptions report (croupier report --floor … --kind exceptions)
   *[other] { $n } alarms on the floor: see the exceptions report (croupier report --floor … --kind exceptions)
}
floor-today-heading = Today's hold per table
floor-col-table = table
floor-col-rounds = rounds
floor-col-handle = handle
floor-col-house-win = house win
floor-col-hold = hold
floor-dbs-heading = Table databases
floor-col-identity = identity
floor-col-file = file
floor-col-events = events held
floor-col-last-heard = last heard
floor-never = never

# Watching a table another program drives
watch-heading = Watching — read only
watch-explained = Another program writes this database (a card-reading shoe's feed, or another screen): this screen follows its table live and takes no input.
watch-no-table = No table in this database yet.
watch-table-line = { $table } · { $rules } · shoe { $shoe } · event { $event }
watch-house-rules = house rules
watch-round = Round { $round } — next: { $next }
watch-between-rounds = Between rounds: waiting for the next bets.

# Rules files and their knobs (in English as the file names them)
rules-folder-unreadable = the rules folder cannot be read: { $why }
rules-not-a-file = not a regular file (a folder, FIFO or device): a rules file is a JSON object of knobs
rules-too-big = over { $bytes } bytes: a rules file is a JSON object of knobs, a few KB at most
rules-not-utf8 = not UTF-8 text: a rules file is JSON
rules-yes = yes
rules-no = no
rules-none = none
rules-choice-rank = rank
rules-choice-value = value
rules-choice-player-loses = player loses
rules-choice-player-wins = player wins
rules-choice-dealer-wins = dealer wins
rules-choice-push = push
rules-knob-decks = decks
rules-knob-boxes = boxes
rules-knob-bets-per-box = bets per box
rules-knob-min-stick = min stick
rules-knob-buy-cards = buy cards
rules-knob-buy-after-twist = buy after twist
rules-knob-stop-at-21 = stop at 21
rules-knob-auto-fifth-card-max = auto fifth card max
rules-knob-split-match = split match
rules-knob-max-splits = max splits
rules-knob-ace-splits = ace splits
rules-knob-split-ace-cards = split ace cards
rules-knob-pontoon-after-split = pontoon after split
rules-knob-pontoon-pays = pontoon pays
rules-knob-pontoon-paid-at-once = pontoon paid at once
rules-knob-pontoon-vs-pontoon = pontoon vs pontoon
rules-knob-five-card-trick-pays = five card trick pays
rules-knob-five-card-trick-paid-at-once = five card trick paid at once
rules-knob-five-card-trick-beats-dealer-pontoon = five card trick beats dealer pontoon
rules-knob-three-of-a-kind-pays = three of a kind pays
rules-knob-ties = ties
rules-knob-dealer-hits-soft-17 = dealer hits soft 17
rules-knob-insurance-max = insurance max
rules-knob-insurance-pays = insurance pays
rules-knob-even-money = even money
rules-knob-surrender = surrender

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
