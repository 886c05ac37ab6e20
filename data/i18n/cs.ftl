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
report-footer-generated-by-cli-unnamed = systémový uživatel (příkazová řádka, jméno neznámé)
report-footer-database = Databáze { $n }
report-footer-chain-head = Databáze { $n }, poslední hash řetězce
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
