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

# Pult supervizora: nadpis, záložky, ověření
desk-title = Pult supervizora
desk-tab-history = Historie kol
desk-tab-round = Kolo
desk-tab-charts = Grafy
desk-tab-pontis = Hry Pontis
desk-verifying = ověřuji…
desk-verified = OVĚŘENO: { $what }
desk-not-verified = NEOVĚŘENO: { $why }
desk-not-verified-yet = zatím neověřeno
desk-verify-now = Ověřit
desk-verifying-background = ověřuji na pozadí
desk-verified-rounds = { $events ->
    [one] { $events_shown } událost
    [few] { $events_shown } události
   *[other] { $events_shown } událostí
}, { $rounds ->
    [one] { $rounds_shown } kolo
    [few] { $rounds_shown } kola
   *[other] { $rounds_shown } kol
}, hlava { $head }…
desk-verified-games = { $events ->
    [one] { $events_shown } událost
    [few] { $events_shown } události
   *[other] { $events_shown } událostí
}, { $rounds ->
    [one] { $rounds_shown } kolo
    [few] { $rounds_shown } kola
   *[other] { $rounds_shown } kol
}, { $games ->
    [one] { $games_shown } hra Pontis
    [few] { $games_shown } hry Pontis
   *[other] { $games_shown } her Pontis
}, hlava { $head }…
# Historie: filtry
desk-from = Od
desk-to = Do
desk-table = Stůl
desk-dealer = Krupiér
desk-host = Hostitel
desk-shift = Směna
desk-box = Box
desk-outcome = Výsledek
desk-min-payout = Výplata aspoň
desk-search = Hledat
desk-search-games = Hledat hry
desk-search-all = Hledat všechna kola
desk-export = Export výkazu
desk-export-summary = Přehled stolů
desk-export-rounds = Kola
desk-export-dealers = Krupiéři
desk-export-exceptions = Výjimky
desk-filters-help = Data ve tvaru { $date } nebo { $iso } (UTC); směna: { $day }, { $evening } nebo { $night }; výsledek: { $house }, { $players } nebo { $void }.
desk-shift-day = denní
desk-shift-evening = odpolední
desk-shift-night = noční
desk-outcome-house = kasino
desk-outcome-players = hráči
desk-outcome-void = anulováno
desk-bad-date = datum „{ $text }“: čekám datum jako { $example } nebo { $iso }
desk-bad-box = box „{ $text }“: čekám číslo boxu 1 až 7
desk-bad-payout = výplata „{ $text }“: čekám částku jako { $example }
desk-bad-outcome = výsledek „{ $text }“: čekám kasino, hráči nebo anulováno
desk-bad-period = Od { $from } je po Do { $to }: nejdřív patří dřívější datum
# Historie: co je v seznamu
desk-listing-shift = { $when ->
    [today] Dnešní { $shift } směna ({ $hours }), nejnovější nahoře
   *[other] Směna: { $shift } ({ $hours }), začala { $date }, nejnovější nahoře
}
desk-listing-latest = Poslední kola, nejnovější nahoře
desk-listing-older = Starší kola, nejnovější nahoře ({ $page }. strana)
desk-listing-found = { $n ->
    [one] Nalezeno { $n_shown } kolo, nejnovější nahoře: { $first }–{ $last }
    [few] Nalezena { $n_shown } kola, nejnovější nahoře: { $first }–{ $last }
   *[other] Nalezeno { $n_shown } kol, nejnovější nahoře: { $first }–{ $last }
}
desk-newer = < Novější
desk-older = Starší >
desk-latest = Nejnovější
desk-col-round = kolo
desk-col-settled = uzavřeno (UTC)
desk-col-table = stůl
desk-col-dealer = krupiér
desk-col-handle = obrat
desk-col-house-win = výhra kasina
desk-col-largest-win = nejvyšší výhra
desk-open = Otevřít { $round }
desk-open-void = Otevřít { $round } (anulováno)
# Historie: co pracoviště udělalo
desk-search-stopped = hledání se nečekaně zastavilo
desk-search-running = hledání už běží
desk-searching = hledám…
desk-search-capped = nalezeno přes { $cap_shown } kol: v seznamu a grafech je nejnovějších { $cap_shown } (pro zbytek hledání zužte)
desk-rounds-found = { $n ->
    [one] nalezeno { $n_shown } kolo
    [few] nalezena { $n_shown } kola
   *[other] nalezeno { $n_shown } kol
}
desk-no-older = starší kola nejsou
desk-no-rounds-yet = zatím žádné vyplacené kolo
desk-status-shift = { $n ->
    [one] { $n } kolo této směny, nejnovější nahoře
    [few] { $n } kola této směny, nejnovější nahoře
   *[other] { $n } kol této směny, nejnovější nahoře
}
desk-status-latest = { $n ->
    [one] v této směně zatím nic: poslední kolo
    [few] v této směně zatím nic: poslední { $n } kola, nejnovější nahoře
   *[other] v této směně zatím nic: posledních { $n } kol, nejnovější nahoře
}
desk-status-page = { $page }. strana kol, nejnovější nahoře
desk-round-open = kolo { $round } otevřeno
desk-round-voided = kolo { $round } anulováno: zapsáno s důvodem
desk-round-corrected = kolo { $round } opraveno: zapsáno s důvodem
desk-preview-written = náhled: zatím nic nezapsáno
desk-exported = exportováno do { $path }
desk-no-free-name = ve složce reports/ není volný název souboru
# Kolo vstup po vstupu; anulace a oprava
desk-open-from-history = Otevřete kolo z historie.
desk-round-heading = Kolo { $round }
desk-step-first = |< první
desk-step-back = < zpět
desk-step-next = další >
desk-step-last = poslední >|
desk-after-input = Po vstupu { $i } z { $n } — dál: { $next }
desk-nets = Výsledky: { $nets }
desk-event-bets = sázky: { $bets }
desk-event-bet = { $id } na boxu { $box_no }: { $stake }
desk-event-input = vstup  { $text }
desk-event-refused = ODMÍTNUTO { $text } — { $why }
desk-event-undo = ZPĚT { $text }
desk-event-settled = vyplaceno { $nets }
desk-event-voided = ANULOVÁNO: { $reason }
desk-event-corrected = OPRAVENO: { $reason } → { $nets }
desk-exceptions-heading = Anulace nebo oprava (supervizor; vždy s důvodem, zapisuje se jako výjimka)
desk-reason = Důvod
desk-void = Anulovat kolo
desk-inputs = Vstupy (oddělené čárkou)
desk-preview = Náhled opravy
desk-correct = Zapsat opravu
desk-diff-bet = sázka
desk-diff-was = původně
desk-diff-now = po opravě
desk-diff-pay = teď vyplatit (+) / stáhnout (−)
# Grafy
desk-charts-empty = Nejdřív prohledejte historii kol: grafy ukazují nalezená kola.
desk-charts-intro = { $n ->
    [one] Grafy { $n_shown } kola ze seznamu historie (bez anulovaných).
   *[other] Grafy { $n_shown } kol ze seznamu historie (bez anulovaných).
}
desk-chart-win-day = Výhra kasina po dnech
desk-chart-hold-day = Hold % po dnech (červeně: teoretický hold hraných pravidel)
desk-chart-win-hour = Výhra kasina podle hodiny (UTC)
desk-chart-hold-hour = Hold % podle hodiny (UTC)
desk-chart-rounds-hour = Kola podle hodiny (UTC)
desk-chart-rate-dealer = Kol za hodinu u stolu, po krupiérech
desk-axis-win = výhra
desk-axis-hold = hold %
desk-axis-theory = teoretický hold %
desk-axis-rounds = kola
desk-axis-rate = kol/hod.
desk-axis-day-pattern = %-d. %-m.
# Hry Pontis
desk-games-help = Vstupy každé hry přehraje Ověřit; `croupier export-game --game N` vrátí hru jako skript.
desk-games-found = { $n ->
    [one] nalezena { $n } hra Pontis
    [few] nalezeny { $n } hry Pontis
   *[other] nalezeno { $n } her Pontis
}
desk-col-game = hra
desk-col-started = začátek (UTC)
desk-col-host = hostitel
desk-col-players = hráči
desk-col-inputs = vstupy
desk-col-end = konec
desk-col-winners = vítězové
desk-game-in-play = ve hře
desk-game-end-empty-hand = někdo bez karet
desk-game-end-blocked = zablokováno
desk-game-end-abandoned = přerušeno

# Floor: spojení v horní liště, okno Floor
floor-link-connecting = floor: připojuji
floor-link-in-sync = floor: srovnáno (událost { $event })
floor-link-behind = { $n ->
    [one] floor: { $n } událost pozadu
    [few] floor: { $n } události pozadu
   *[other] floor: { $n } událostí pozadu
}
floor-link-unreachable = floor nedostupný od { $since } UTC
floor-link-refused = floor ODMÍTL záznam tohoto stolu: zavolejte supervizora
floor-link-durable = každý vstup je nejdřív bezpečně uložen v souboru tohoto stolu
floor-button = Floor
floor-window = Floor
floor-reading = načítám…
floor-read-at = Načteno v { $time } UTC (každé 3 s)
floor-alarms = { $n ->
    [one] { $n } poplach na flooru: viz výkaz výjimek (croupier report --floor … --kind exceptions)
    [few] { $n } poplachy na flooru: viz výkaz výjimek (croupier report --floor … --kind exceptions)
   *[other] { $n } poplachů na flooru: viz výkaz výjimek (croupier report --floor … --kind exceptions)
}
floor-today-heading = Dnešní hold po stolech
floor-col-table = stůl
floor-col-rounds = kola
floor-col-handle = obrat
floor-col-house-win = výhra kasina
floor-col-hold = hold
floor-dbs-heading = Databáze stolů
floor-col-identity = identita
floor-col-file = soubor
floor-col-events = událostí na flooru
floor-col-last-heard = naposledy
floor-never = nikdy

# Sledování stolu, který vede jiný program
watch-heading = Sledování — jen ke čtení
watch-explained = Do této databáze zapisuje jiný program (bota, která čte karty, nebo jiná obrazovka): tato obrazovka sleduje jeho stůl živě a nic nepřijímá.
watch-no-table = V této databázi zatím není žádný stůl.
watch-table-line = { $table } · { $rules } · bota { $shoe } · událost { $event }
watch-house-rules = pravidla kasina
watch-round = Kolo { $round } — dál: { $next }
watch-between-rounds = Mezi koly: čeká se na další sázky.

# Soubory pravidel a jejich nastavení
rules-folder-unreadable = složku pravidel nelze číst: { $why }
rules-not-a-file = není obyčejný soubor (složka, FIFO nebo zařízení): soubor pravidel je objekt JSON s nastaveními
rules-too-big = víc než { $bytes } bajtů: soubor pravidel je objekt JSON s nastaveními, nejvýš pár KB
rules-not-utf8 = není text v UTF-8: soubor pravidel je JSON
rules-yes = ano
rules-no = ne
rules-none = žádné
rules-choice-rank = stejné karty
rules-choice-value = stejná hodnota
rules-choice-player-loses = hráč prohrává
rules-choice-player-wins = hráč vyhrává
rules-choice-dealer-wins = vyhrává krupiér
rules-choice-push = remíza
rules-knob-decks = balíčků
rules-knob-boxes = boxů
rules-knob-bets-per-box = sázek na box
rules-knob-min-stick = stát nejméně na
rules-knob-buy-cards = koupit lze kartu
rules-knob-buy-after-twist = koupit po dotažení
rules-knob-stop-at-21 = při 21 konec
rules-knob-auto-fifth-card-max = pátá karta sama do součtu
rules-knob-split-match = rozdělit lze
rules-knob-max-splits = rozdělení nejvýš
rules-knob-ace-splits = rozdělení es
rules-knob-split-ace-cards = karet k rozděleným esům
rules-knob-pontoon-after-split = pontoon po rozdělení
rules-knob-pontoon-pays = pontoon platí
rules-knob-pontoon-paid-at-once = pontoon hned
rules-knob-pontoon-vs-pontoon = pontoon proti pontoonu
rules-knob-five-card-trick-pays = pěti karetní trik platí
rules-knob-five-card-trick-paid-at-once = pěti karetní trik hned
rules-knob-five-card-trick-beats-dealer-pontoon = pěti karetní trik bije pontoon krupiéra
rules-knob-three-of-a-kind-pays = tři stejné platí
rules-knob-ties = shoda
rules-knob-dealer-hits-soft-17 = krupiér táhne na měkkých 17
rules-knob-insurance-max = pojištění nejvýš
rules-knob-insurance-pays = pojištění platí
rules-knob-even-money = even money
rules-knob-surrender = vzdání se

## Reports: titles, columns, footers, charts (report-, csv-)

# Stránka a její nadpisy.
report-title-summary = Přehled stolů
report-title-rounds = Kola
report-title-dealers = Krupiéři
report-title-exceptions = Mimořádné události
report-heading = Croupier — { $title }
report-subtitle = { $from } až { $to } · { $databases ->
    [one] { $databases } databáze
    [few] { $databases } databáze
   *[other] { $databases } databází
}
report-none = V tomto období žádné.
report-mixed-currencies = Databáze vedou různé měny: údaje každého stolu jsou v jeho měně (sloupec Měna), součty a grafy jsou po měnách a částky v různých měnách se nikdy nesčítají.
report-timestamp-pattern = %-d. %-m. %Y %H:%M:%S
report-chart-day-pattern = %-d. %-m.
report-section-by-shift = Podle směn
report-section-by-day = Podle dnů
report-section-month-to-date = Od začátku měsíce
report-section-year-to-date = Od začátku roku
report-section-period-total = Celkem za období
report-section-rounds = Kola
report-section-dealers = Krupiéři
report-section-exceptions = Mimořádné události
report-section-pontis-games = Hry Pontis
report-section-pontis-by-table = Hry Pontis podle stolu a rozdávajícího
report-col-table = Stůl
report-col-date = Datum
report-col-shift = Směna
report-col-from = Období
report-col-tables = Stoly
report-col-currency = Měna
report-col-rounds = Kola
report-col-handle = Vsazeno
report-col-paid = Vyplaceno
report-col-house-win = Výhra kasina
report-col-hold = Hold %
report-col-theoretical-win = Teoretická výhra
report-col-theoretical-hold = Teoretický hold %
report-col-win-vs-theory = Odchylka od teorie (σ)
report-col-insurance-taken = Pojištění vsazeno
report-col-insurance-paid = Pojištění vyplaceno
report-col-splits = Rozdělení
report-col-buys = Koupené karty
report-col-pontoons = Vyplacené pontoony
report-col-five-card-tricks = Vyplacené pětikaretní triky
report-col-settled-at = Čas vyúčtování
report-col-round = Kolo
report-col-dealer = Krupiér
report-col-bets = Sázky (id@box:vklad)
report-col-inputs = Zadání
report-col-nets = Výsledky sázek
report-col-hours = Hodin u stolu
report-col-rounds-per-hour = Kol za hodinu
report-col-refused = Odmítnutá zadání
report-col-undos = Vrácení zpět
report-col-corrections = Opravy
report-col-time = Čas
report-col-exception = Událost
report-col-user = Uživatel
report-col-detail = Podrobnosti
report-col-started-at = Začátek
report-col-game = Hra
report-col-host = Rozdávající
report-col-players = Hráči
report-col-minutes = Minut
report-col-end = Konec
report-col-winners = Vítězové
report-col-games = Hry
report-col-empty-hand = Prázdná ruka
report-col-blocked = Zablokováno
report-col-abandoned = Přerušeno
report-col-in-play = Rozehráno
report-col-longest = Nejdelší (tahů)
report-shift-day = ranní 06–14
report-shift-evening = odpolední 14–22
report-shift-night = noční 22–06
report-exception-table-opened = otevření stolu
report-exception-round-voided = zrušené kolo
report-exception-round-corrected = opravené kolo
report-exception-undo = vrácení zpět
report-exception-step-refused = odmítnuté zadání
report-exception-login-failed = neúspěšné přihlášení
report-exception-user-locked = zablokovaný uživatel
report-exception-user-unlocked = odblokovaný uživatel
report-exception-floor-alarm = poplach v herně
report-exception-payout = výplata nad limit
report-exception-verify-failed = kontrola selhala
report-end-in-play = rozehráno
report-end-empty-hand = prázdná ruka
report-end-blocked = zablokováno
report-end-abandoned = přerušeno
report-currency-not-set = nenastavena
report-span = { $from } až { $to }
report-detail-undid = vráceno „{ $text }“
report-detail-reason = důvod: { $reason }
report-detail-refused = „{ $text }“: { $reason }
report-detail-table-opened = stůl otevřen: pravidla { $preset }, limity { $limits }
report-detail-rules-changed = změna pravidel nebo limitů: pravidla { $preset }, limity { $limits }
report-detail-payout = sázka vyhrála { $won } (limit { $threshold })
report-chart-win-by-day = Výhra kasina podle dnů
report-chart-win-by-day-in = Výhra kasina podle dnů ({ $currency })
report-chart-hold-by-day = Hold % podle dnů
report-chart-hold-by-day-in = Hold % podle dnů ({ $currency })
report-chart-rounds-per-dealer = Kola podle krupiérů
report-footer-report = Výkaz
report-footer-period = Období
report-footer-period-value = { $from } až { $to } (UTC, oba dny včetně)
report-footer-filter-table = Filtr: stůl
report-footer-filter-dealer = Filtr: krupiér
report-footer-filter-threshold = Filtr: limit výplaty
report-footer-generated-by = Vytvořil
report-footer-generated-at = Vytvořeno
report-footer-generated-by-cli = systémový uživatel (příkazová řádka, { $user })
report-footer-database = Databáze { $n }
report-footer-chain-head = Databáze { $n }, hlava řetězce
report-footer-chain-head-value = událost { $seq } { $hash }
report-footer-currency = Databáze { $n }, měna
report-footer-currencies = Měny
report-footer-verify = Databáze { $n }, kontrola
report-footer-passed = V POŘÁDKU ({ $detail })
report-footer-failed = SELHALA: { $why }
report-footer-not-run = NEPROVEDENA (--skip-verify): tyto údaje nejsou ověřeny
report-footer-replayed = přehráno: { $events ->
    [one] { $events } událost
    [few] { $events } události
   *[other] { $events } událostí
}, { $rounds ->
    [one] { $rounds } kolo
    [few] { $rounds } kola
   *[other] { $rounds } kol
}
report-footer-replayed-games = přehráno: { $events ->
    [one] { $events } událost
    [few] { $events } události
   *[other] { $events } událostí
}, { $rounds ->
    [one] { $rounds } kolo
    [few] { $rounds } kola
   *[other] { $rounds } kol
} a { $games ->
    [one] { $games } hra Pontis
    [few] { $games } hry Pontis
   *[other] { $games } her Pontis
}
csv-field = Položka
csv-value = Hodnota

## Messages: engine and store refusals shown to people (error-)
