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

# The frame: top bar, status, roles
app-window-title = Croupier — Pontoon dealer screen
app-db = db { $path }
app-table-line = { $name } · { $rules }{ $limits } · shoe { $shoe }
app-limits = {" "}· limits { $min }–{ $max }{ $currency }
app-house-rules = house rules
app-cards-left = · { $n ->
    [one] { $n } card left
   *[other] { $n } cards left
}
app-log-out = Log out
app-close-table = Close table
app-desk = Supervisor desk
app-back-to-tables = < Back to the tables
app-desk-for-supervisors = the supervisor desk is for supervisors
app-refused = REFUSED: { $why }
app-table-closed = table { $name } closed
app-table-closed-in-play = table { $name } closed (its round in play comes back when it is opened again)
app-leave-logout-question = A round is in play at { $name }. Log out anyway? The table closes; the round stays in play for the next opening.
app-leave-close-question = A round is in play at { $name }. Close the table anyway? The round stays in play for the next opening.
app-leave-logout = Log out, the round stays open
app-leave-close = Close the table, the round stays open
app-leave-stay = Stay at the table (Esc)
app-watching = { $path }: another program writes it ({ $holder }); this screen watches it read-only
app-writer-left = The program that wrote this database has exited ({ $holder }): this screen no longer watches, it works on the database itself. Log in to deal.
app-rules-dir-missing = { $said }; the rules folder { $dir } (--rules-dir) is not a folder: only the presets are offered
app-fatal-title = The database cannot be opened
app-fatal-nothing-changed = Nothing was changed. Close Croupier, fix the cause above, and start it again.
app-role-dealer = dealer
app-role-supervisor = supervisor
app-role-admin = admin

# Logging in, the first admin
login-title = Log in
login-name = Name
login-pin = PIN
login-button = Log in
login-language = Language
login-logged-in = logged in as { $name } ({ $role })
login-logged-out = logged out
login-first-title = First run: create the first admin
login-first-help = Every user logs in as themselves: use a person's name, not a role. An admin's PIN is 6 to 12 digits; it is stored only as an argon2 hash.
login-pin-again = PIN again
login-create-admin = Create admin
login-pins-differ = the two PINs differ: type the same PIN twice
login-first-admin-done = { $name } is the first admin: log in
login-language-not-saved = { $said }; the language was not saved: { $why }

# Opening a table
table-form-title = Open a table
table-form-table = Table
table-form-rules = Rules
table-form-rules-change = Table { $table } plays { $before }. Open it with { $after } instead? Its rules change.
table-form-rules-change-yes = Yes, open with { $after }
table-form-rules-change-asked = confirm the change of rules above
table-form-min-bet = Min bet
table-form-box-max = Box max
table-form-open = Open table
table-form-tables = Tables in this database
table-form-resume = Resume { $name }
table-form-resume-in-play = Resume { $name } (round in play)
table-form-rules-file = rules file { $path }
table-form-preset = preset { $name } (data/rules/{ $name }.json)
table-form-unplayable = Cannot be played: { $why }
table-form-house-edge = Against the best play: house edge { $edge }% of the initial stake, { $hold }% of the handle (below zero: the players' edge)
table-form-solving = House edge: solving the rules…
table-form-solve-failed = House edge: the lab failed ({ $message }); the table deals, but its rounds are not costed
rules-players-edge = These rules give the players the edge: a player who plays the best strategy wins { $edge }% of the initial stake in the long run.
rules-lab-house-edge = house edge { $edge }% of the initial stake (one box, each round from a full shoe)
rules-lab-legend = S { decision-stick }, W { decision-twist }, B { decision-buy }, P { decision-split }, R { decision-surrender }; a second letter is what to do when the first is not allowed
rules-lab-odds-start = dealer starts with { $card }; { $left } cards left in the shoe
rules-lab-odds-ends = the dealer's hand ends (% of deals from this shoe):
rules-lab-percent = { $value }%
table-form-choose-rules = choose the rules
table-form-cannot-play = the rules { $name } cannot be played: { $why }
table-form-no-name = a table needs a name

# At the table: what an input did
table-open = table { $name } open
table-open-recovered = {" "}— the last round was complete at the crash: its settlement is now logged
table-open-back = {" "}— the round in play is back where it stopped
table-ok = OK { $step }
table-ok-settled = OK { $step } - round settled: pay and collect, then Enter
table-refused = REFUSED { $step }: { $why }
table-why-expected = { $why }; expected { $expected }
table-not-recorded = NOT RECORDED { $step }: { $why }
table-store-not-recorded = not recorded, so not accepted: { $why }
table-round-deal = round { $n }: deal
table-insurance-amount = insurance for { $bet }: { $why }
table-undone = undone: { $step }
table-nothing-to-undo = nothing to undo in this round
table-confirmed = settlement confirmed: bets for the next round (a card key deals)
table-new-shoe = new shoe: the card count starts again
table-suit = suit { $suit } for the next card
table-no-insure = no bet can insure now (offers are open only right after the deal, when the dealer shows an ace)
table-no-even-money = no bet can take even money now (it needs a pontoon against the dealer's ace)
table-no-decline = no back bet can decline now (only before a buy or split on its hand)

# The bets
bets-title = Bets for the next round
bets-help = Type the stakes (holder first, then back bets). Enter or any card key deals; N starts a new shoe.
bets-box-column = Box
bets-holder = Holder
bets-back-bet = Back bet { $n }
bets-box = Box { $box_no }
bets-deal = Deal
bets-new-shoe = New shoe
bets-who-holder = holder
bets-who-back = back bet { $n }
bets-gap = box { $box_no }: { $who } has a stake but the place before it is empty (the holder's bet comes first)
bets-bad-stake = box { $box_no } { $who }: { $why }
bets-none = no bets: type a stake on at least one box
bets-refused = bets not taken, { $n ->
        [one] 1 field
       *[other] { $n } fields
    } to correct (marked !): { $why }

# A round in play
play-next = NEXT: { $what }
play-undo = Undo
play-card = Card:{" "}
play-offers-title = Dealer shows an ace: insurance / even money (any other input skips)
play-offer-insured = {" "}insured { $amount }
play-offer-even-money = {" "}even money
play-amount-for = amount for { $bet }
play-insure-up-to = Insure (up to { $max })
play-even-money = Even money
play-back-bets = Back bets:
play-declines = { $bet } declines next buy/split ({ $key })
play-surrenders-alone = { $bet } surrenders alone
play-box = box { $box_no }
play-hand-of = box { $box_no } hand { $hand } of { $hands }
play-step-surrender-bet = surrender { $bet }
play-step-insure = insure { $bet } { $amount }
play-step-insure-up-to = insure { $bet } (up to { $max })
play-step-even-money = even-money { $bet }
play-step-decline = decline { $bet }
play-next-complete = nothing: the round is complete
play-next-dealer-first = the dealer's card
play-next-deal-first = the first card for box { $box_no }
play-next-deal-second = the second card for box { $box_no }
play-next-dealer = a card for the dealer (dealer has { $total })
play-next-card = a card for { $hand } ({ $why })
play-next-decision = a decision for { $hand } ({ $cards }, total { $total }): { $steps }
play-next-offers = an offer ({ $offers }) or { $next }
play-why-dealt = dealt
play-why-twisted = twisted
play-why-bought = bought
play-why-split-second = its second card after the split
play-why-split-ace = the split ace's card
play-why-auto-fifth = the automatic fifth card
play-outcome-bust = bust
play-outcome-lost = lost
play-outcome-push = push
play-outcome-won = won
play-outcome-pontoon = pontoon
play-outcome-five-card-trick = five-card trick
play-outcome-three-of-a-kind = three of a kind
play-outcome-surrendered = surrendered
# Suits: the name, and the mark after a card's rank (English keeps the log's letters: 8h)
play-suit-spades = spades
    .mark = s
play-suit-hearts = hearts
    .mark = h
play-suit-diamonds = diamonds
    .mark = d
play-suit-clubs = clubs
    .mark = c
# The felt
play-felt-dealer = DEALER
play-felt-dealer-no-card = dealer: no card yet
play-felt-dealer-cards = dealer: { $cards } = { $total }
play-felt-next-card = <- next card
play-felt-empty-box = box { $box_no }
play-felt-box = BOX { $box_no }
play-felt-insured = {" "}· ins { $amount }
play-felt-even-money = {" "}· even money
play-felt-surrendered = {" "}· surrendered
play-felt-stands = stands
play-felt-decide = decide
play-felt-wants-card = card
play-felt-box-name = box { $box_no }
play-felt-hand-name = box { $box_no } hand { $hand }
play-felt-hand = hand { $hand }
play-felt-no-card = { $name }: no card yet
play-felt-hand-cards = { $name }: { $cards } = { $total }, { $state }

# The settlement
settle-title = Settlement
settle-dealer = Dealer: { $cards } ({ $total })
settle-totals = Pay { $pay } · collect { $collect } · house net { $net }
settle-confirm = Confirm and next round
settle-column-bet = Bet
settle-column-stack = Stack
settle-column-outcome = Outcome
settle-column-cards = Cards
settle-column-staked = Staked
settle-net = net { $bet }
settle-open = open
settle-hand = hand: { $said }
settle-hand-of = hand { $hand } of { $hands }: { $said }
settle-insurance-open = insurance: open
settle-insurance-won = insurance: dealer pontoon
settle-insurance-lost = insurance: lost
settle-even-money = even money
settle-surrendered = surrendered: half back
settle-pay = PAY { $amount }
settle-collect = COLLECT { $amount }
settle-push = PUSH
settle-column-net = Net of the bet
settle-lines-unseen = lines not yet shown: { $n } (PageDown, Down)
settle-confirm-unseen = not confirmed: { $n } lines of the settlement not yet shown; the first of them is marked
settle-all-seen = every line of the settlement has been shown: Enter confirms it

# The key reference: what each key does (the keys are the same in every language)
keys-title = Keys (F12 hides)
keys-t-not-ten = T is no ten here: the ace is written Т. The ten is 0; Т typed on a Cyrillic layout is the ace.
keys-card = card (to where it is highlighted)
keys-suit = suit s h d c of the next card (optional)
keys-stick = { decision-stick }
keys-twist = { decision-twist }
keys-buy = { decision-buy }
keys-split = { decision-split }
keys-surrender = { decision-surrender } (whole box)
keys-decline = a back bet declines the next buy/split
keys-insure = insure the marked bet (most allowed)
keys-even-money = even money for the marked bet
keys-mark = mark another bet for an offer
keys-undo = undo the last input
keys-confirm = deal with these bets / confirm settlement
keys-new-shoe = new shoe (between rounds)
keys-any-card = on the bets screen: any card key deals with the bets shown
keys-esc = leave a text field
keys-toggle = show or hide this reference
keys-page = settlement: page by page (Up Down: line by line)
keys-card-marks = card: the letter on the card on a Cyrillic layout, or the Latin key after it; 0 is a ten, T is not

# Pontis
pontis-setup-title = Open a Pontis table
pontis-setup-help = Pontis (RULES.md B): a shedding game for 2 or more players with one deck and jokers; the referee checks each play against the difference of the two banks' tops.
pontis-jokers = Jokers
pontis-top-card = Top card
pontis-top-last = last played
pontis-top-declared = declared
pontis-open-button = Open Pontis table (Enter)
pontis-back = < Back
pontis-tables = Pontis tables in this database
pontis-table-line = PONTIS · { $name } · { $jokers } jokers · top { $top }
pontis-game-no = · game { $n }
pontis-new-game = New game
pontis-new-game-help = Players in seat order, commas between names; the dealer moves first (the deal rotates: after a game the next seat deals).
pontis-players = Players
pontis-dealer = Dealer
pontis-start = Start game (Enter)
pontis-pass = Pass (P)
pontis-play = Play (Enter)
pontis-abandon = Abandon game
pontis-open = Pontis table { $name } open
pontis-open-back = Pontis table { $name } open — the game in play is back where it stopped
pontis-closed = Pontis table { $name } closed
pontis-closed-in-play = Pontis table { $name } closed (its game in play comes back when it is opened again)
pontis-no-table = no Pontis table named "{ $name }"
pontis-none-open = no Pontis table is open
pontis-dealer-not-player = the dealer "{ $dealer }" is not one of the players ({ $players })
pontis-started = game { $n } started: { $dealer } deals and turns up the bank card first
pontis-abandoned = game abandoned (logged); nobody wins
pontis-joker-next = joker: the next card key names its value
pontis-two-at-most = a play is one card or two: Enter plays them, U takes the last back
pontis-pending = play { $play }: Enter to play it, or type a second card
pontis-top-is-last = this table's rules put the second card typed on top (top "last")
pontis-type-first = type the card(s) first, or P to pass; expected { $expected }
pontis-over-empty = a hand is empty
pontis-over-circle = a full circle passed
pontis-ok-over = OK { $step } — game over: { $how }
pontis-next-turn = { $name } turns up the bank card: type it (one key; X first for a joker)
pontis-next-move = { $name } to play: { $need } (bank { $top } against { $other }'s { $other_top })
pontis-need-bridge = the bridge: difference 0, two cards of equal value
pontis-need-ace-bridge = the bridge of aces: difference 13
pontis-need-difference = difference { $a }
pontis-need-either = difference { $a } or { $b }
pontis-expecting-over = nothing more: the game is over
pontis-expecting-turn = { $name }'s bank card, as it is turned up
pontis-expecting-pass-only = { $name }: pass (the bridge needs two cards of equal value, and { $name } holds one card)
pontis-expecting-bridge = { $name }: two cards of equal value (the bridge), or { $name }: pass
pontis-expecting-one = { $name }: one card meeting { $need }, or { $name }: pass
pontis-expecting-one-or-two = { $name }: one card, or two by sum or difference, meeting { $need }, or { $name }: pass
pontis-typed = play: { $play }  — Enter plays it
pontis-typed-declared = play: { $play }  — Enter plays it, M marks the top
pontis-game-facts = game { $n } · { $dealt } cards dealt to each hand, { $aside } set aside · passes in a row: { $passes }
pontis-seat-dealer = { $name } (dealer)
pontis-face-down = face down
pontis-in-hand = { $n ->
    [one] { $n } card in hand
   *[other] { $n } cards in hand
}
pontis-bank = bank { $n ->
    [one] { $n } card
   *[other] { $n } cards
} · { $points } points
pontis-to-play = ^ to play
pontis-other-side = the other side of the difference
pontis-game-over = GAME OVER — { $how }
pontis-end-empty = { $name }'s hand is empty
pontis-end-blocked = a full circle passed: the banks are scored
pontis-end-abandoned = abandoned
pontis-winners = { $n ->
    [one] Winner
   *[other] Winners
}: { $names }
pontis-score-line = { $name }: { $points } points · bank { $bank } · { $n } cards left
pontis-keys-card = a card: the bank card being turned up, or a card of the play
pontis-keys-suit = suit s h d c of the next card (optional)
pontis-keys-joker = the next card key is a joker of that value
pontis-keys-top = top declared: the last card typed lies on top
pontis-keys-enter = play the cards typed / open the table / start the game / next game
pontis-keys-pass = the player to move passes
pontis-keys-undo = take back the last card typed, else undo the last input
pontis-keys-undo-input = undo the last input
pontis-keys-clear = clear the cards typed
pontis-keys-toggle = show or hide this reference
pontis-step-turn = { $name }: bank { $card }
pontis-step-pass = { $name }: pass

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
desk-filters-help = Dates as { $date } or { $iso } (gaming days, { $tz }); shift: its number, { $shifts }; outcome: { $house }, { $players } or { $void }.
desk-export-protection = Advantage play
desk-outcome-house = house
desk-outcome-players = players
desk-outcome-void = void
desk-bad-date = date “{ $text }”: expected a date such as { $example } or { $iso }
desk-bad-box = box “{ $text }”: expected a box number 1 to { $max }
desk-bad-shift = shift “{ $text }”: expected a shift's number 1 to { $max } ({ $shifts })
desk-bad-payout = payout “{ $text }”: expected an amount such as { $example }
desk-bad-outcome = outcome “{ $text }”: expected house, players or void
desk-latin-t = “{ $text }”: T is no ten where the ace is Т: type 10 for a ten
desk-bad-period = From { $from } is after To { $to }: expected the earlier date first
# The history: what is listed
desk-listing-shift = { $when ->
    [today] Shift { $shift } ({ $hours }) of today's gaming day, newest first
   *[other] Shift { $shift } ({ $hours }) of the gaming day { $date }, newest first
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
desk-col-largest-win = best bet (net)
desk-col-best-bet-help = what the luckiest bet of the round won, stake returned aside; negative when every bet lost (then it is the smallest loss)
desk-col-changed = changed
desk-mark-voided = VOIDED
desk-mark-corrected = CORRECTED
desk-open = Open { $round }
desk-open-void = Open { $round } (void)
# The history: what the desk says it did
desk-search-stopped = the search stopped unexpectedly
desk-worker-panicked = a background task failed: { $message }
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
desk-change-cancelled = nothing logged: the change was cancelled
desk-confirm-void-asked = confirm the void of round { $round } below
desk-confirm-correct-asked = confirm the correction of round { $round } below: the differences are shown
desk-confirm-void = Void round { $round }? Reason: “{ $reason }”. The void is logged for good and the round counts no more.
desk-confirm-void-yes = Yes, void round { $round }
desk-confirm-correct = Log this correction of round { $round }? Reason: “{ $reason }”. The differences above are paid or collected at the table.
desk-confirm-correct-yes = Yes, correct round { $round }
desk-confirm-cancel = Cancel
desk-preview-written = preview: nothing written yet
desk-exported = exported { $path }
desk-no-free-name = no free file name in { $folder }
desk-export-folder = Export to folder
desk-export-filters = the report cannot filter by shift, box, outcome or payout: clear those fields to export what the other filters find
desk-export-no-folder = type the folder to export to
desk-export-bad-folder = cannot write to the folder { $folder }: { $why }
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
desk-charts-reading = Reading every round the filters find for the charts…
desk-charts-intro = { $n ->
    [one] Charts of the one round the filters found (voids left out).
   *[other] Charts of the { $n_shown } rounds the filters found (voids left out).
}
desk-chart-win-day = House win by day
desk-chart-win-rate-day = Win rate % of the handle by gaming day (red: theoretical win rate of the rules played; orange: as played)
desk-chart-win-hour = House win by hour of day (local time)
desk-chart-win-rate-hour = Win rate % of the handle by hour of day (local time)
desk-chart-rounds-hour = Rounds by hour of day (local time)
desk-chart-rate-dealer = Rounds per hour at a table, by dealer
desk-axis-win = win
desk-axis-win-rate = win rate %
desk-axis-theory = theoretical win rate %
desk-axis-as-played = as played: theoretical win rate % of the decisions made
desk-theory-line = Rounds listed: house win { $win }; theoretical win at best play { $best }, as played { $played }; luck { $luck } sd from as played
desk-axis-rounds = rounds
desk-axis-rate = rounds/hour
# A day on a chart's axis (chrono pattern): 3 Nov
desk-axis-day-pattern = %-d %b
# Pontis games
desk-games-help = Each game's inputs are replayed by Verify; `croupier export-game --game N` gives one back as a game script.
desk-games-found = { $n ->
    [one] { $n_shown } Pontis game found
   *[other] { $n_shown } Pontis games found
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
floor-link-stopped = floor link STOPPED: { $panic }
floor-link-durable = every input is durable in this table's file first
floor-button = Floor
floor-window = Floor
floor-reading = reading…
floor-read-at = Read at { $time } UTC (every 3 s)
floor-alarms = { $n ->
    [one] { $n } alarm on the floor not acknowledged: croupier floor-alarms lists and acknowledges alarms; see also the exceptions report (croupier report --floor … --kind exceptions)
   *[other] { $n } alarms on the floor not acknowledged: croupier floor-alarms lists and acknowledges alarms; see also the exceptions report (croupier report --floor … --kind exceptions)
}
floor-today-heading = Today's win rate per table
floor-col-table = table
floor-col-rounds = rounds
floor-col-handle = handle
floor-col-house-win = house win
floor-col-win-rate = win rate
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
watch-table-closed = The table was closed: nothing more comes to it until a dealer or a feed opens it again.
watch-last-round = Last round: { $round }, as it was settled

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
rules-choice-all-stakes = every stake, the bought ones too
rules-choice-original-stake = the original stake (bought ones 1:1)
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
rules-knob-five-card-trick-stakes = five card trick pays on
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
report-title-protection = Advantage-play protection
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
report-section-by-month = by month
report-section-month-to-date = month to date
report-section-year-to-date = year to date
report-section-period-total = period total
report-section-rules-edge = rules edge (who has the edge at the best play)
report-section-rounds = rounds
report-section-dealers = dealers
report-section-exceptions = exceptions
report-section-protection = protection (do stakes follow the shoe?)
report-section-pontis-games = Pontis games
report-section-pontis-by-table = Pontis games by table and host
# Columns.
report-col-table = table
report-col-date = date
report-col-shift = shift
report-col-from = from
report-col-month = month
report-col-tables = tables
report-col-currency = currency
report-col-rounds = rounds
report-col-handle = handle
report-col-paid = paid
report-col-house-win = house win
report-col-replayed = replayed by the floor's auditor
report-col-win-rate = win rate %
report-col-theo-best = theoretical win, best play
report-col-theoretical-win-rate = theoretical win rate %
report-col-theo-as-played = theoretical win as played
report-col-luck = luck: win vs as played (sd)
report-col-house-edge = house edge % (of the initial stake)
report-col-edge-to = edge to
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
report-col-box = box
report-col-correlation = correlation of stakes with the shoe
report-col-p-value = p-value
report-col-flagged = flagged
report-col-average-stake = average stake
report-flag-yes = yes
report-flag-no = no
# Words in the cells.
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
report-exception-bets-follow-shoe = bets follow the shoe
report-end-in-play = in play
report-word-yes = yes
report-word-not-yet-replayed = NOT YET REPLAYED
report-end-empty-hand = empty hand
report-end-blocked = blocked
report-end-abandoned = abandoned
report-currency-not-set = not set
report-edge-players = the players: these rules give them the edge
report-edge-house = the house
report-span = { $from } to { $to }
# A table whose name another database of the report also has; $n: its database, as the
# footer numbers them.
report-table-in-database = { $table } (database { $n })
# Details: what was logged (inputs, reasons, refusals) is shown as logged.
report-detail-undid = undid "{ $text }"
report-detail-reason = reason: { $reason }
report-detail-refused = "{ $text }": { $reason }
report-detail-login-failed = { $name }: { $reason }
report-login-unknown-user = no such user
report-login-locked = the account is locked
report-login-wrong-pin = wrong PIN
report-detail-user-locked = { $name } locked after failed attempts: { $n }
report-detail-user-unlocked = { $name } unlocked by { $by }
report-detail-table-opened = table opened: preset { $preset } limits { $limits }
report-detail-rules-changed = rules or limits changed: preset { $preset } limits { $limits }
report-detail-payout = a bet won { $won } (threshold { $threshold })
report-detail-bets-follow-shoe = box { $box_no }: stakes follow the player's value of the shoe over { $rounds } rounds (correlation { $correlation }, p-value { $p_value })
# Charts.
report-chart-win-by-day = House win by day
report-chart-win-by-day-in = House win by day ({ $currency })
report-chart-win-rate-by-day = Win rate % by day
report-chart-win-rate-by-day-in = Win rate % by day ({ $currency })
report-chart-rounds-per-dealer = Rounds per dealer
# The footer.
report-footer-report = Report
report-footer-period = Period
report-footer-period-value = { $from } to { $to } (gaming days, both included)
report-footer-filter-table = Filter: table
report-footer-filter-dealer = Filter: dealer
report-footer-filter-threshold = Filter: payout threshold
report-footer-generated-by = Generated by
report-footer-generated-at = Generated at
report-footer-generated-by-cli = system user (command line, { $user })
report-footer-generated-by-cli-unnamed = system user (command line, name unknown)
report-footer-database = Database { $n }
report-footer-floor-database = floor { $floor }, table database { $database } (synced from { $path })
report-detail-verify-failed = { $place }: { $why }
report-footer-chain-head = Database { $n } chain head
report-footer-chain-head-value = event { $seq } { $hash }
report-footer-currency = Database { $n } currency
report-footer-currencies = Currencies
report-footer-verify = Database { $n } verify
report-footer-passed = PASSED ({ $detail })
report-footer-failed = FAILED: { $why }
report-footer-failed-replayed = replayed through event { $through } of { $head } by the floor's auditor
report-footer-failed-detached = the floor no longer holds events 1 to { $last } of this table database (their months were detached, e.g. archived): they cannot be checked here; check them in the archive
report-footer-failed-months-detached = the floor's copy does not hold events { $from } to { $head } (its head): their months were detached
report-footer-failed-chain-breaks = the floor's chain breaks at event { $seq } (an event missing there, or one that does not follow from the event before it)
report-footer-failed-chain-missing = the floor's auditor found event { $seq } missing on the floor (its chain checked at { $at }): the chain is broken there
report-footer-failed-head-hash = the floor's auditor found every stored check holding through event { $seq }, the head, but the chain hash there differs from the head hash the floor keeps (its chain checked at { $at }): events were changed with their checks computed again, or the head hash was changed
report-footer-failed-head-hash-walked = every stored check holds through event { $seq }, the head, but the chain hash there differs from the head hash the floor keeps (tables.head_hash): events were changed with their checks computed again, or the head hash was changed
report-footer-failed-identity = event 1's chain hash is not this table database's identity on the floor (tables.db): its events are not those of the file the identity names, or the identity was changed
report-footer-failed-chain = the floor's auditor found that event { $seq } does not follow from the event before it on the floor (its chain checked at { $at }): the chain is broken there
report-footer-failed-chain-breaks-within = the floor's chain breaks at or before event { $seq }, after event { $after }, the last event before it whose stored check holds ({ $steps ->
        [one] event { $first } is a play step, which keeps no check of its own
       *[other] events { $first } to { $last } are play steps, which keep no check of their own
    }): one of events { $first } to { $seq } was changed, or its check
report-footer-failed-chain-within = the floor's auditor found the chain broken at or before event { $seq }, after event { $after }, the last event before it whose stored check held ({ $steps ->
        [one] event { $first } is a play step, which keeps no check of its own
       *[other] events { $first } to { $last } are play steps, which keep no check of their own
    }; its chain checked at { $at }): one of events { $first } to { $seq } was changed, or its check
report-footer-failed-auditor-refuses = { $replayed }: the floor auditor's replay refuses event { $seq } ({ $why })
report-footer-failed-stray-round = { $replayed }: the floor auditor's replay refuses event { $seq } (the floor keeps a row of croupier.rounds at event { $seq }, which settles no round: the row was added outside the floor's trigger, and the reports total it)
report-footer-failed-stray-start = { $replayed }: the floor auditor's replay refuses event { $seq } (the floor's croupier.round_starts at event { $seq } is not what the events give (a row added, changed or deleted outside the floor's trigger), and the reports' theoretical win rate reads it)
report-footer-failed-totals = the floor's kept totals differ from what its events make them ({ $why }): croupier.round_totals was changed outside the floor's trigger, and the reports that read it cannot be trusted
report-footer-failed-alarms = { $count } alarm(s) on the floor for this table database, the first at event { $first }; { $replayed }
report-footer-not-replayed = NOT YET REPLAYED: replayed through event { $through } of { $events } by the floor's auditor; not verified until every event is ({ $detail })
report-footer-totals-not-checked = NOT YET CHECKED: the floor's kept totals checked through event { $through } of { $events } by the floor's auditor; not verified until they are checked through the last ({ $detail })
report-footer-not-run = NOT RUN (--skip-verify): these figures are not verified
# A verdict's detail (report::verdict), worded part by part: the floor's chain read, its
# replay and its kept totals' check.
report-verdict-chained = { $head } events chained on the floor; { $chain }; no alarm
report-verdict-chain-checked = its chain checked by the floor's auditor through event { $through } at { $at }
report-verdict-chain-walked-on = its chain checked by the floor's auditor through event { $through } at { $at }, walked on from event { $next }
report-verdict-chain-touched = its chain walked again from event 1 (events changed on the floor since the auditor's check at { $at })
report-verdict-chain-stale = its chain walked again from event 1 (the auditor's check at { $at } rests on a walk from event 1 over two hours old)
report-verdict-chain-months = its chain walked again from event 1 (months attached or detached on the floor since the auditor's check at { $at })
report-verdict-chain-never = its chain walked again from event 1 (not checked by the floor's auditor yet)
report-verdict-passed-floor = { $chained }; { $replayed }; its kept totals checked through event { $through } at { $at }
report-verdict-pending = { $chained }; { $rounds } settled round(s) from round { $from } not yet replayed
report-verdict-pending-none = { $chained }; events not yet replayed, none of them a settled round
report-verdict-totals-never = { $chained }; { $replayed }; the floor's auditor has not checked its kept totals yet
report-verdict-totals-touched = { $chained }; { $replayed }; croupier.round_totals, croupier.day_totals or croupier.month_totals was written outside the floor's trigger since the auditor checked it at { $at }
report-verdict-totals-after = { $chained }; { $replayed }; its kept totals were checked at { $at }; events { $from } to { $to } came after
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
# The engine's refusals of a step
error-round-complete = the round is already complete
error-card-not-wanted = a card is not wanted now: a decision is due
error-decision-not-wanted = no decision is due now: a card is wanted
error-impossible-rank = impossible card { $card }: a shoe of { $decks } decks holds { $max } cards of rank { $rank }, and all of them are already out
error-impossible-suited = impossible card { $card }: a shoe of { $decks } decks holds { $decks } × { $card }, and all of them are already out
error-no-such-bet = there is no bet #{ $n }
error-bet-not-in-play = bet { $bet } is not on the box in play
error-not-a-back-bet = bet { $bet } is the box holder's bet: the holder surrenders the whole box and cannot decline
error-bet-finished = bet { $bet } is already finished (surrendered or took even money)
error-not-on-this-hand = bet { $bet } has no stake on this hand
error-offers-not-open = insurance and even money are offered only when the dealer's card is an ace, right after the deal
error-offers-closed = the offers are closed: they end with the first input that is not an offer
error-offer-taken = bet { $bet } has already taken insurance or even money (at most one, once)
error-insurance-amount = insurance for bet { $bet } must be more than 0 and at most { $max }
error-even-money-not-offered = even money is not offered under these rules
error-no-pontoon = the box of bet { $bet } has no pontoon, so it cannot take even money
error-buy-after-twist = this hand has twisted, so it may no longer buy
error-fifth-not-buyable = the fifth card may not be bought: it can only be twisted
error-card-not-buyable = card { $n } of a hand may not be bought under these rules
error-not-a-pair = { $a } and { $b } are not a pair, so they cannot be split
error-split-needs-two = only the first two cards of a hand can be split
error-split-limit = this box has already split { $n ->
    [one] once
   *[other] { $n } times
}, the most the rules allow
error-ace-split-limit = aces may be split only { $n ->
    [one] once
   *[other] { $n } times
} per box
error-split-ace-no-decision = a split ace takes its card with no decision ({ $decision } refused)
error-stick-below-minimum = a hand may not stick on { $total }: the lowest total to stick on is { $min }
error-surrender-not-allowed = surrender is not allowed under these rules
error-surrender-against-ace = no surrender when the dealer's card is an ace
error-surrender-too-late = surrender is only the first decision on a box's unsplit two-card hand
error-declined-twice = bet { $bet } has already declined
error-nothing-to-decline = no buy or split is possible on this hand, so there is nothing to decline
error-decline-must-precede = a decline must stand right before its buy or split
# The engine's refusals of a round's bets and the table's limits
error-no-bets = no bets: a round needs at least one bet
error-no-such-box = bet "{ $bet }": box { $box_no } is not on this table (boxes 1 to { $boxes })
error-duplicate-bet = bet "{ $bet }" appears twice: bet ids must be unique
error-stake-not-positive = bet "{ $bet }": a stake must be positive, got { $stake }
error-below-minimum = bet "{ $bet }": stake { $stake } is below the table minimum { $min }
error-over-box-max = box { $box_no }: the bets total { $total }, over the box maximum { $max }
error-too-many-bets = box { $box_no }: { $count } bets, but the rules allow { $max } per box (holder and back bets)
error-bad-limits = bad limits: { $detail }
error-limits-not-positive = the limits must be positive amounts
error-limits-order = the min bet { $min } is above the box max { $max }
# Amounts as typed
error-not-an-amount = "{ $text }" is not an amount: expected a number of currency units such as 10, 2.5 or 0.05
error-too-precise = "{ $text }" has more than two decimals: amounts are exact to the cent
error-too-large = "{ $text }" is too large: amounts are at most 10000000000
# The store: logins and the database
error-login-wrong = wrong name or PIN
error-login-locked = { $name } is locked after { $n } failed attempts: a supervisor must unlock the account
error-not-croupier = { $path }: not a Croupier database ({ $detail }); give the path of a Croupier database, or a new file name to create one
error-newer-schema = { $path }: written by a newer Croupier (schema { $found }, this program knows up to { $known }); use a newer Croupier
error-older-schema = { $path }: schema { $found } is older than { $known }; upgrade it first with `croupier migrate --db FILE` (nothing logged is changed)
error-in-use = { $path }: in use by another Croupier process ({ $holder }); close it there first, or wait for it to finish
error-read-only = { $path }: cannot write ({ $detail }); check the file's and folder's permissions, or choose a writable place with --db
error-disk-full = { $path }: the disk is full; nothing of this input was written. Free space on the disk, then enter it again
error-sqlite = { $path }: { $detail }
error-pin-hash = could not hash the PIN: { $detail }
error-log-no-round = there is no round { $round } in { $path }
error-log-no-round-numbered = { $path }: there is no round { $round } (rounds are numbered from 1; this database has { $rounds })
error-log-no-game = { $path }: there is no Pontis game { $game } (games are numbered from 1; this database has { $games })
error-log-round-in-play = round { $round } is still in play: it has no settlement yet
error-log-game-in-play = Pontis game { $game } is still in play: it has not ended yet
error-log-no-settlement = round { $round } has no settlement
error-log-start-unreadable = round { $round }: its round_started event does not read (run `croupier verify`)
error-log-correction-unreadable = round { $round }: correction unreadable: { $detail }
error-log-not-a-setting = event { $seq }: not a setting (run `croupier verify`)
error-log-bad-currency = the logged currency "{ $code }" is not an ISO 4217 code (run `croupier verify`)
error-log-bad-calendar = the logged gaming day (time zone "{ $tz }", shifts "{ $shifts }") is not a calendar (run `croupier verify`)
error-log-bad-language = the logged language "{ $code }" of user { $user } is not one of en, cs, uk, ru (run `croupier verify`)
error-log-replay-thread = the replay thread failed: { $message }

# The table sessions: an input not taken now (not allowed, or nothing to do)
error-table-needs-name = a table needs a name
error-is-pontis-table = "{ $name }" is a Pontis table: give the Pontoon table another name
error-is-pontoon-table = "{ $name }" is a Pontoon table: give the Pontis table another name
error-rules-need-supervisor = table { $name } has other rules or limits: only a supervisor may change them (open it with its current rules, or ask a supervisor)
error-rules-round-in-play = table { $name } has a round in play: finish it before changing rules or limits
error-pontis-rules-need-supervisor = Pontis table { $name } has other rules: only a supervisor may change them
error-pontis-rules-game-in-play = Pontis table { $name } has a game in play: finish it before changing the rules
error-table-not-in-log = the table is not in the log
error-no-such-table = no table named "{ $name }" in this database
error-shoe-during-round = a round is in play: finish it before a new shoe
error-round-in-play = a round is already in play
error-no-round = no round in play: place the bets first
error-undo-settled = no round in play: a settled round is changed only by a supervisor's correction
error-nothing-to-undo-round = nothing to undo in this round
error-game-in-play = a game is already in play
error-no-game = no game in play: start a game first
error-undo-ended = no game in play: an ended game is not reopened
error-nothing-to-undo-game = nothing to undo in this game
error-no-game-to-abandon = no game in play
error-dealer-cannot-correct = { $name } is a dealer: only a supervisor may void or correct a settled round
error-no-reason = give a reason (at least a few words): it goes into the log
error-not-settled = round { $round } is not settled: only settled rounds are voided or corrected
error-already-voided = round { $round } is already voided
error-count-due = a count is due: table { $name } has no tray count for this gaming day (two signatures, one a supervisor's)
error-no-chip-set = this database has no chip set, so no cash is logged at its tables (a supervisor or admin sets one first)
error-log-unreadable = the log cannot be read back: { $detail }
error-unreadable-input = not an input (shown as typed)
error-unended-input = the line has no newline at its end (the input ended in the middle of it), so it is not an input
error-as-logged = (as logged) { $text }
logged-typed = “{ $text }” (as typed)

# The store: users, PINs and settings refused
error-not-a-role = "{ $text }" is not a role: expected dealer, supervisor or admin
error-name-length = user name "{ $name }": expected a person's name of 2 to 40 characters
error-name-letters = user name "{ $name }": expected letters, spaces, hyphens or apostrophes only (a person's name)
error-name-generic = user name "{ $name }": shared or generic accounts are not allowed: every user logs in as themselves
error-pin-length = the PIN for the role { $role } is { $min } to 12 digits
error-first-must-be-admin = the first user must be an admin
error-add-needs-confirmation = adding a user needs an admin or supervisor to confirm (name and PIN)
error-may-not-add = { $by } ({ $by_role }) may not add a { $role }: admins add anyone, supervisors add dealers
error-user-exists = a user named "{ $name }" already exists
error-dealer-cannot-unlock = { $name } is a dealer: only a supervisor may unlock a user
error-no-such-user = no user named "{ $name }"
error-not-locked = { $name } is not locked
error-may-not-reset-pin = { $by } ({ $by_role }) may not reset a { $role }'s PIN: admins reset anyone's, supervisors a dealer's
error-only-admin-sets-roles = { $by } ({ $by_role }) may not change a user's role: only an admin may
error-same-role = { $name } is already { $role }
error-last-admin = { $name } is the last admin: make another user an admin first
error-promotion-needs-pin = { $name } becomes { $role } only with a new PIN of { $min } to 12 digits: the PIN they have may be shorter than the role needs
error-locked-now = { $name } is locked now: a supervisor must unlock the account before they act again
error-dealer-cannot-set-currency = { $name } is a dealer: only a supervisor or an admin may set the table's currency
error-currency-fixed = the currency is { $currency } and rounds are logged in it: a database keeps one currency (amounts are never converted); a table that changes currency starts a new database
error-dealer-cannot-set-calendar = { $name } is a dealer: only a supervisor or an admin may set the gaming day's time zone and shifts
error-may-not-set-language = { $by } ({ $by_role }) may not set { $user }'s language: users set their own, supervisors a dealer's, admins anyone's

# The Pontis game: a step refused
error-pontis-expected = { $why }; expected: { $next }
error-pontis-no-seat = there is no seat { $n }
error-pontis-over = the game is over
error-pontis-out-of-turn = out of turn: it is { $now }'s turn, not { $who }'s
error-pontis-bank-card-gone = bank card { $card }: { $why }
error-pontis-already-turned = { $who }'s bank card is already turned up ({ $top })
error-pontis-turn-first = { $who }'s bank card must be turned up first
error-pontis-holds-fewer = { $who } holds { $held ->
    [one] { $held } card
   *[other] { $held } cards
}, fewer than the { $played } played
error-pontis-does-not-meet = { $cards } { $n ->
    [one] does
   *[other] do
} not meet { $need }
error-pontis-on-top = { $top } on top of { $under }
error-pontis-card-gone = { $card }: { $why }
error-pontis-rank-gone = all four { $rank } of the deck are already in the game
error-pontis-card-in-game = { $card } is already in the game (the deck holds one)
error-pontis-jokers-gone = all { $n } jokers are already in the game

## The table's money: fill and credit slips, the close-out report (slip-, report-)

slip-title-fill = Fill slip
slip-title-credit = Credit slip
slip-table = Table
slip-time = Time
slip-denomination = Denomination
slip-count = Chips
slip-amount = Amount
slip-total = Total
slip-by = Signed by
slip-witness = Witness
report-title-closeout = Close-out
report-section-par = par (imprest) trays
report-section-players = players: each box's sessions at a table
report-col-day = gaming day
report-col-opening = opening tray
report-col-fills = fills
report-col-credits = credits
report-col-closing = closing tray
report-col-drop = drop
report-col-win = win
report-col-hold-pct = hold % (win ÷ drop)
report-col-cash-logged = cash logged
report-col-dealt-win = dealt win
report-col-difference = difference
report-col-drop-difference = box difference
report-col-tray-difference = tray difference
report-col-par = par
report-col-expected-tray = expected tray
report-col-counted-tray = counted tray
report-col-proposed-fill = proposed fill
report-col-proposed-credit = proposed credit
report-exception-count-missing = count missing
report-exception-closeout-difference = close-out difference
report-exception-cash-over-threshold = cash over threshold
report-detail-count-missing = gaming day { $day } shift { $shift }: { $what } missing
report-missing-both = tray count and drop count
report-missing-tray = tray count
report-missing-drop = drop count
report-detail-difference = gaming day { $day } shift { $shift }: difference { $difference } (box { $drop }, tray { $tray })
report-detail-cash = cash { $amount } (threshold { $threshold })

# The table's money at the table screen (issue 23 item 8)
money-bar-expected = tray expected { $amount }
money-bar-count-due = tray: count due
money-bar-no-count = tray: not counted
money-count-due-title = Count the tray before the first round
money-count-due-help = This table has no tray count for this gaming day (or its last count closed it). Count the chips, then both sign with their PINs: the dealer and a supervisor (or two people, one of them a supervisor or admin). The table deals once the count is logged.
money-section = Money: tray count, fill, credit, cash
money-kind-count = Tray count
money-kind-fill = Fill
money-kind-credit = Credit
money-moment-auto = next (opening or shift change)
money-moment-opening = opening
money-moment-change = shift change
money-moment-closing = closing
money-chips = Chips (500:20 100:35)
money-by = Signed by
money-by-pin = Their PIN
money-witness = Witness
money-witness-pin = Witness's PIN
money-sign-count = Log the count
money-sign-fill = Log the fill
money-sign-credit = Log the credit
money-cash-title = Cash exchanged for chips
money-cash-amount = Amount
money-cash-box = Box (optional)
money-cash-log = Log the cash
money-cash-taken = cash { $amount } logged
money-cash-taken-flagged = cash { $amount } logged and FLAGGED: over the cash threshold
money-cash-flagged = Flagged: cash { $amount } over the cash threshold
money-cash-bad-box = "{ $text }" is not a box: give its number (1, 2, …) or leave it empty
money-count-in-play = a tray count waits for the round in play to be settled
money-counted-first = { $moment } count { $total } logged (the table's first count)
money-counted-as-expected = { $moment } count { $total } logged: as expected ({ $expected })
money-counted-difference = { $moment } count { $total } logged: expected { $expected }, difference { $difference }
money-slip-fill = fill slip { $number } of { $total } ({ $chips }) logged
money-slip-credit = credit slip { $number } of { $total } ({ $chips }) logged
money-signer-refused = { $name } could not sign: { $why }
money-err-same-signer = { $name } signed both lines: a count, a slip or a drop needs two different people
money-err-no-supervisor = neither { $by } nor { $witness } is a supervisor or an admin: one of the two signers must be
money-err-not-supervisor = only a supervisor or an admin may do this, and { $by } is neither
money-err-no-table = there is no table named "{ $name }" in this database
money-err-no-slip = slip { $number } does not exist (the slips are numbered from 1 to { $count })
money-err-already-void = slip { $number } is already void
money-err-no-reason = a void needs a reason
money-err-not-positive = { $amount } is not an amount above zero
money-err-negative = { $amount } is a negative amount: a drop is 0 or more
money-err-no-shift = shift { $shift } does not exist: a gaming day has shifts 1 to { $count }
money-err-drop-twice = a drop for { $table }, gaming day { $day }, shift { $shift } is already recorded
money-err-line = line { $line }: { $why }
chip-err-bad-denom = "{ $text }" is not a denomination: write an amount above zero with at most two decimals (e.g. 25 or 0.50)
chip-err-duplicate = the denomination { $denom } is given twice: give each once
chip-err-empty-set = no denominations given: write them separated by spaces, e.g. "25 100 500 1000"
chip-err-not-denom-count = "{ $text }" is not a count: write DENOM:COUNT, e.g. 500:20
chip-err-bad-count = "{ $text }": a count is a whole number of chips from 0 to 1000000
chip-err-not-in-set = { $denom } is not a denomination of the chip set ({ $set })
chip-err-empty = no chips given: write at least one DENOM:COUNT, e.g. 500:20
chip-err-no-chip-set = this database has no chip set: a supervisor or admin sets one first
desk-tab-money = Money
money-tab-read-button = Read the money of the period
money-tab-not-read = The table's money is read for the period of the Round history tab's From and To (everything to today when empty): press the button.
money-tab-read = the money of the period read: { $n } shift(s) closed out
money-tab-closeout = Close-out by shift
money-tab-none = no shift closed out in this period
money-tab-rounds = Rounds of this shift
money-tab-counts = Tray counts
money-tab-counted-at = counted at (local time)
money-tab-slips = Fill and credit slips
money-tab-slip = slip { $number }
money-tab-void = void
money-tab-drops = Drop counts
money-tab-shift = shift { $n }
## The desk's Users tab

desk-tab-users = Users
users-heading = Users
users-col-name = Name
users-col-role = Role
users-col-state = State
users-locked = locked
users-active = can log in
users-unlock = Unlock { $name }
users-add-heading = Add a user
users-new-name = New user's name
users-new-role = Role
users-new-pin = New user's PIN
users-new-pin-again = The PIN again
users-add = Add user
users-confirm-asked = confirm below: nothing is logged until then ({ $name })
users-confirm-add = Add { $name } as { $role }? The user is logged for good, with you as the one who added them.
users-confirm-add-yes = Yes, add { $name }
users-confirm-unlock = Unlock { $name }? They can log in again with their PIN; the unlock is logged with your name.
users-confirm-unlock-yes = Yes, unlock { $name }
users-added = { $name } added as { $role }
users-unlocked = { $name } unlocked: they can log in again
users-gone = that user is no longer listed: the list was read again
users-change = Change { $name }
users-change-heading = Change { $name }'s PIN or role
users-reset-pin-new = New PIN
users-reset-pin-again = The new PIN again
users-reset-pin = Reset PIN
users-set-role = Change role
users-role-needs-pin = { $role } needs a PIN of { $min } to 12 digits: type the new PIN above, then change the role
users-confirm-pin = Reset { $name }'s PIN? The old PIN stops working; a lock stays until an unlock. The reset is logged with your name (the PIN never is).
users-confirm-pin-yes = Yes, reset { $name }'s PIN
users-confirm-role = Make { $name } { $role }? The change is logged with your name.
users-confirm-role-yes = Yes, make { $name } { $role }
users-pin-reset = { $name }'s PIN reset: the old PIN no longer works
users-role-changed = { $name } is now { $role }

## The exceptions report: by kind, most serious first

report-section-exceptions-by-kind = exceptions by kind
report-col-count = count
report-col-amount = amount
report-exception-rules-changed = rules or limits changed
report-exception-currency-set = currency set over logged rounds
report-detail-voided = reason: { $reason }; house win { $win } no longer counts
report-detail-corrected = reason: { $reason }; house win { $was } before, { $now } after (change { $change })
report-detail-currency-set = currency set to { $currency } after { $rounds } rounds were logged

## The summary's HTML charts: axes and the theoretical line

report-axis-money = house win
report-axis-money-in = house win ({ $currency })
report-axis-percent = % of the handle
report-axis-rounds = rounds
report-axis-day = gaming day
report-axis-dealer = dealer
report-chart-actual = actual
report-chart-theory = theoretical (the rules' house edge)
