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

# Rám obrazovky: horní lišta, stavový řádek, role
app-window-title = Croupier — obrazovka krupiéra (Pontoon)
app-db = databáze { $path }
app-table-line = { $name } · { $rules }{ $limits } · shoe č. { $shoe }
app-limits = {" "}· limity { $min }–{ $max }{ $currency }
app-house-rules = pravidla kasina
app-cards-left = · { $n ->
    [one] zbývá { $n } karta
    [few] zbývají { $n } karty
   *[other] zbývá { $n } karet
}
app-log-out = Odhlásit
app-close-table = Zavřít stůl
app-desk = Pult supervizora
app-back-to-tables = < Zpět ke stolům
app-desk-for-supervisors = pult supervizora je jen pro supervizory
app-refused = ODMÍTNUTO: { $why }
app-table-closed = stůl { $name } je zavřený
app-table-closed-in-play = stůl { $name } je zavřený (rozehrané kolo se vrátí, až se stůl znovu otevře)
app-leave-logout-question = U stolu { $name } se hraje kolo. Přesto se odhlásit? Stůl se zavře; kolo zůstane rozehrané do dalšího otevření.
app-leave-close-question = U stolu { $name } se hraje kolo. Přesto stůl zavřít? Kolo zůstane rozehrané do dalšího otevření.
app-leave-logout = Odhlásit, kolo zůstane otevřené
app-leave-close = Zavřít stůl, kolo zůstane otevřené
app-leave-stay = Zůstat u stolu (Esc)
app-watching = { $path }: do databáze zapisuje jiný program ({ $holder }); tato obrazovka ji jen sleduje
app-writer-left = Program, který do této databáze zapisoval, skončil ({ $holder }): obrazovka už jen nesleduje, pracuje s databází sama. Pro hru se přihlaste.
app-rules-dir-missing = { $said }; složka pravidel { $dir } (--rules-dir) neexistuje: nabízejí se jen přednastavená pravidla
app-fatal-title = Databázi nelze otevřít
app-fatal-nothing-changed = Nic se nezměnilo. Zavřete Croupier, odstraňte příčinu popsanou výše a spusťte jej znovu.
app-role-dealer = krupiér
app-role-supervisor = supervizor
app-role-admin = správce

# Přihlášení, první správce
login-title = Přihlášení
login-name = Jméno
login-pin = PIN
login-button = Přihlásit
login-language = Jazyk
login-logged-in = přihlášený uživatel: { $name } ({ $role })
login-logged-out = odhlášeno
login-first-title = První spuštění: založte prvního správce
login-first-help = Každý se přihlašuje sám za sebe: zadejte jméno člověka, ne roli. PIN správce má 6 až 12 číslic; ukládá se jen jako otisk argon2.
login-pin-again = PIN znovu
login-create-admin = Založit správce
login-pins-differ = PINy se liší: zadejte dvakrát stejný PIN
login-first-admin-done = { $name } je první správce: přihlaste se
login-language-not-saved = { $said }; jazyk se neuložil: { $why }

# Otevření stolu
table-form-title = Otevřít stůl
table-form-table = Stůl
table-form-rules = Pravidla
table-form-rules-change = Stůl { $table } hraje { $before }. Otevřít ho místo toho s { $after }? Jeho pravidla se změní.
table-form-rules-change-yes = Ano, otevřít s { $after }
table-form-rules-change-asked = potvrďte výše změnu pravidel
table-form-min-bet = Min. sázka
table-form-box-max = Max. na box
table-form-open = Otevřít stůl
table-form-tables = Stoly v této databázi
table-form-resume = Pokračovat: { $name }
table-form-resume-in-play = Pokračovat: { $name } (rozehrané kolo)
table-form-rules-file = soubor pravidel { $path }
table-form-preset = přednastavená pravidla { $name } (data/rules/{ $name }.json)
table-form-unplayable = Nelze hrát: { $why }
table-form-house-edge = Při nejlepší hře: výhoda kasina { $edge } % z počáteční sázky, { $hold } % z celkově vsazeného (pod nulou: výhoda hráčů)
table-form-solving = Výhoda kasina: počítá se…
table-form-solve-failed = Výhoda kasina: výpočet selhal ({ $message }); u stolu se hraje, ale hry nejsou oceněny
rules-players-edge = Tato pravidla dávají výhodu hráčům: hráč, který hraje nejlépe, dlouhodobě vyhrává { $edge } % z počáteční sázky.
rules-lab-house-edge = výhoda kasina { $edge } % z počáteční sázky (jeden box, každé kolo z plného shoe)
rules-lab-legend = S { decision-stick }, W { decision-twist }, B { decision-buy }, P { decision-split }, R { decision-surrender }; druhé písmeno říká, co dělat, když první není dovoleno
rules-lab-odds-start = krupiér začíná kartou { $card }; v shoe zbývá karet: { $left }
rules-lab-odds-ends = krupiérova ruka skončí (% rozdání z tohoto shoe):
rules-lab-percent = { $value } %
table-form-choose-rules = vyberte pravidla
table-form-cannot-play = pravidla { $name } nelze hrát: { $why }
table-form-no-name = stůl potřebuje jméno

# U stolu: co se stalo se vstupem
table-open = stůl { $name } je otevřený
table-open-recovered = {" "}— poslední kolo bylo při výpadku dohrané: jeho vyúčtování je teď zapsané
table-open-back = {" "}— rozehrané kolo pokračuje tam, kde skončilo
table-ok = OK { $step }
table-ok-settled = OK { $step } – kolo je vyúčtované: vyplaťte a stáhněte, pak Enter
table-refused = ODMÍTNUTO { $step }: { $why }
table-why-expected = { $why }; čeká se { $expected }
table-not-recorded = NEZAPSÁNO { $step }: { $why }
table-store-not-recorded = nezapsáno, a proto nepřijato: { $why }
table-round-deal = kolo { $n }: rozdávejte
table-insurance-amount = pojištění pro { $bet }: { $why }
table-undone = vráceno: { $step }
table-nothing-to-undo = v tomto kole není co vrátit
table-confirmed = vyúčtování potvrzeno: sázky na další kolo (karta rozdává)
table-new-shoe = nový shoe: počítání karet začíná znovu
table-suit = barva { $suit } pro další kartu
table-no-insure = teď se nedá pojistit žádná sázka (nabídky platí jen hned po rozdání, když má krupiér eso)
table-no-even-money = teď nemůže žádná sázka vzít výplatu 1:1 (potřebuje pontoon proti krupiérovu esu)
table-no-decline = teď nemůže odmítnout žádná sázka za hráčem (jen před koupí nebo rozdělením na její ruce)

# Sázky
bets-title = Sázky na další kolo
bets-help = Napište sázky (nejdřív držitel boxu, pak sázky za hráčem). Enter nebo kterákoli karta rozdává; N začíná nový shoe.
bets-box-column = Box
bets-holder = Držitel
bets-back-bet = Za hráčem { $n }
bets-box = Box { $box_no }
bets-deal = Rozdat
bets-new-shoe = Nový shoe
bets-who-holder = držitel
bets-who-back = sázka za hráčem { $n }
bets-gap = box { $box_no }: { $who } má sázku, ale místo před ní je prázdné (první je sázka držitele)
bets-bad-stake = box { $box_no }, { $who }: { $why }
bets-none = žádné sázky: napište sázku aspoň na jeden box
bets-refused = sázky nepřijaty, polí k opravě: { $n } (označená !): { $why }

# Rozehrané kolo
play-next = NA ŘADĚ: { $what }
play-undo = Zpět
play-card = Karta:{" "}
play-offers-title = Krupiér má eso: pojištění / výplata 1:1 (jiný vstup nabídku přeskočí)
play-offer-insured = {" "}pojištěno { $amount }
play-offer-even-money = {" "}výplata 1:1
play-amount-for = částka pro { $bet }
play-insure-up-to = Pojistit (až { $max })
play-even-money = Výplata 1:1
play-back-bets = Sázky za hráčem:
play-declines = { $bet } odmítá další koupi/rozdělení ({ $key })
play-surrenders-alone = { $bet } se vzdává sama
play-box = box { $box_no }
play-hand-of = box { $box_no }, ruka { $hand } z { $hands }
play-step-surrender-bet = vzdání se { $bet }
play-step-insure = pojištění { $bet } { $amount }
play-step-insure-up-to = pojištění { $bet } (až { $max })
play-step-even-money = výplata 1:1 { $bet }
play-step-decline = odmítnutí { $bet }
play-next-complete = nic: kolo je dohrané
play-next-dealer-first = karta krupiéra
play-next-deal-first = první karta pro box { $box_no }
play-next-deal-second = druhá karta pro box { $box_no }
play-next-dealer = karta pro krupiéra (krupiér má { $total })
play-next-card = karta pro { $hand } ({ $why })
play-next-decision = rozhodnutí pro { $hand } ({ $cards }, součet { $total }): { $steps }
play-next-offers = nabídka ({ $offers }) nebo { $next }
play-why-dealt = rozdání
play-why-twisted = dotažení
play-why-bought = koupě
play-why-split-second = druhá karta po rozdělení
play-why-split-ace = karta k rozdělenému esu
play-why-auto-fifth = pátá karta automaticky
play-outcome-bust = přes 21
play-outcome-lost = prohra
play-outcome-push = remíza
play-outcome-won = výhra
play-outcome-pontoon = pontoon
play-outcome-five-card-trick = pětikaretní trik
play-outcome-three-of-a-kind = tři stejné
play-outcome-surrendered = vzdáno
# Barvy: jméno a značka za hodnotou karty
play-suit-spades = piky
    .mark = ♠
play-suit-hearts = srdce
    .mark = ♥
play-suit-diamonds = káry
    .mark = ♦
play-suit-clubs = kříže
    .mark = ♣
# Sukno
play-felt-dealer = KRUPIÉR
play-felt-dealer-no-card = krupiér: zatím bez karty
play-felt-dealer-cards = krupiér: { $cards } = { $total }
play-felt-next-card = <- další karta
play-felt-empty-box = box { $box_no }
play-felt-box = BOX { $box_no }
play-felt-insured = {" "}· poj. { $amount }
play-felt-even-money = {" "}· výplata 1:1
play-felt-surrendered = {" "}· vzdáno
play-felt-stands = stojí
play-felt-decide = volí
play-felt-wants-card = karta
play-felt-box-name = box { $box_no }
play-felt-hand-name = box { $box_no }, ruka { $hand }
play-felt-hand = ruka { $hand }
play-felt-no-card = { $name }: zatím bez karty
play-felt-hand-cards = { $name }: { $cards } = { $total }, { $state }

# Vyúčtování
settle-title = Vyúčtování
settle-dealer = Krupiér: { $cards } ({ $total })
settle-totals = Vyplatit { $pay } · stáhnout { $collect } · výsledek kasina { $net }
settle-confirm = Potvrdit a další kolo
settle-column-bet = Sázka
settle-column-stack = Žetony
settle-column-outcome = Výsledek
settle-column-cards = Karty
settle-column-staked = Vsazeno
settle-net = celkem { $bet }
settle-open = otevřeno
settle-hand = ruka: { $said }
settle-hand-of = ruka { $hand } z { $hands }: { $said }
settle-insurance-open = pojištění: otevřené
settle-insurance-won = pojištění: krupiér má pontoon
settle-insurance-lost = pojištění: prohrává
settle-even-money = výplata 1:1
settle-surrendered = vzdání se: polovina zpět
settle-pay = VYPLATIT { $amount }
settle-collect = STÁHNOUT { $amount }
settle-push = VRÁTIT SÁZKU
settle-column-net = Výsledek sázky
settle-lines-unseen = ještě nezobrazené řádky: { $n } (PageDown, Down)
settle-confirm-unseen = nepotvrzeno: řádky vyúčtování ještě nezobrazené: { $n }; první z nich je označený
settle-all-seen = všechny řádky vyúčtování už byly zobrazeny: Enter je potvrdí

# Přehled kláves: co která klávesa dělá (klávesy jsou ve všech jazycích stejné)
keys-title = Klávesy (F12 skryje)
keys-t-not-ten = T zde není desítka: eso se píše Т. Desítka je 0; Т napsané na cyrilské klávesnici je eso.
keys-card = karta (tam, kde je zvýrazněno)
keys-suit = barva další karty: piky, srdce, káry, kříže (nepovinné)
keys-stick = { decision-stick }
keys-twist = { decision-twist }
keys-buy = { decision-buy }
keys-split = { decision-split }
keys-surrender = { decision-surrender } (celý box)
keys-decline = sázka za hráčem odmítá další koupi/rozdělení
keys-insure = pojistit označenou sázku (maximálně)
keys-even-money = výplata 1:1 pro označenou sázku
keys-mark = označit jinou sázku pro nabídku
keys-undo = vrátit poslední vstup
keys-confirm = rozdat s těmito sázkami / potvrdit vyúčtování
keys-new-shoe = nový shoe (mezi koly)
keys-any-card = na obrazovce sázek: kterákoli karta rozdává se zobrazenými sázkami
keys-esc = opustit textové pole
keys-toggle = zobrazit nebo skrýt tento přehled
keys-page = vyúčtování: po stránkách (Up Down: po řádcích)
keys-card-marks = karta: písmeno z karty na azbuce, nebo latinská klávesa za ním; 0 je desítka, T ne

# Pontis
pontis-setup-title = Otevřít stůl Pontis
pontis-setup-help = Pontis (RULES.md B): hra pro 2 a více hráčů s jedním balíčkem a žolíky, kdo se dřív zbaví karet; rozhodčí kontroluje každé vynesení proti rozdílu vrchních karet dvou banků.
pontis-jokers = Žolíci
pontis-top-card = Vrchní karta
pontis-top-last = naposled zahraná
pontis-top-declared = ohlášená
pontis-open-button = Otevřít stůl Pontis (Enter)
pontis-back = < Zpět
pontis-tables = Stoly Pontis v této databázi
pontis-table-line = PONTIS · { $name } · žolíci: { $jokers } · vrchní karta: { $top }
pontis-game-no = · hra { $n }
pontis-new-game = Nová hra
pontis-new-game-help = Hráči v pořadí míst, jména oddělená čárkou; rozdávající hraje první (rozdávání se střídá: po hře rozdává další místo).
pontis-players = Hráči
pontis-dealer = Rozdávající
pontis-start = Začít hru (Enter)
pontis-pass = Pas (P)
pontis-play = Vynést (Enter)
pontis-abandon = Ukončit hru
pontis-open = stůl Pontis { $name } je otevřený
pontis-open-back = stůl Pontis { $name } je otevřený — rozehraná hra pokračuje tam, kde skončila
pontis-closed = stůl Pontis { $name } je zavřený
pontis-closed-in-play = stůl Pontis { $name } je zavřený (rozehraná hra se vrátí, až se stůl znovu otevře)
pontis-no-table = žádný stůl Pontis se jménem „{ $name }“
pontis-none-open = žádný stůl Pontis není otevřený
pontis-dealer-not-player = rozdávající „{ $dealer }“ není mezi hráči ({ $players })
pontis-started = hra { $n } začala: { $dealer } rozdává a první otáčí kartu banku
pontis-abandoned = hra ukončena (zapsáno); nikdo nevyhrává
pontis-joker-next = žolík: další karta určí jeho hodnotu
pontis-two-at-most = vynáší se jedna nebo dvě karty: Enter je vynese, U vrátí poslední
pontis-pending = vynést { $play }: Enter ji vynese, nebo napište druhou kartu
pontis-top-is-last = podle pravidel stolu leží navrchu druhá napsaná karta (vrchní karta „naposled zahraná“)
pontis-type-first = nejdřív napište kartu (karty), nebo P pro pas; čeká se { $expected }
pontis-over-empty = někdo nemá karty
pontis-over-circle = proběhlo celé kolo pasů
pontis-ok-over = OK { $step } — konec hry: { $how }
pontis-next-turn = { $name } otáčí kartu banku: napište ji (jedna klávesa; pro žolíka nejdřív X)
pontis-next-move = hraje { $name }: { $need } (bank { $top } proti { $other_top } ({ $other }))
pontis-need-bridge = most: rozdíl 0, dvě karty stejné hodnoty
pontis-need-ace-bridge = most z es: rozdíl 13
pontis-need-difference = rozdíl { $a }
pontis-need-either = rozdíl { $a } nebo { $b }
pontis-expecting-over = už nic: hra skončila
pontis-expecting-turn = karta banku hráče { $name }, jak ji otočí
pontis-expecting-pass-only = { $name }: pas (most chce dvě karty stejné hodnoty a { $name } drží jednu kartu)
pontis-expecting-bridge = { $name }: dvě karty stejné hodnoty (most), nebo { $name }: pas
pontis-expecting-one = { $name }: jedna karta splňující { $need }, nebo { $name }: pas
pontis-expecting-one-or-two = { $name }: jedna karta, nebo dvě součtem či rozdílem, splňující { $need }, nebo { $name }: pas
pontis-typed = vynést: { $play }  — Enter vynáší
pontis-typed-declared = vynést: { $play }  — Enter vynáší, M označí vrchní kartu
pontis-game-facts = hra { $n } · každému rozdáno { $dealt }, stranou { $aside } · pasů za sebou: { $passes }
pontis-seat-dealer = { $name } (rozdává)
pontis-face-down = lícem dolů
pontis-in-hand = { $n ->
    [one] { $n } karta v ruce
    [few] { $n } karty v ruce
   *[other] { $n } karet v ruce
}
pontis-bank = bank: { $n ->
    [one] { $n } karta
    [few] { $n } karty
   *[other] { $n } karet
} · { $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
}
pontis-to-play = ^ na tahu
pontis-other-side = druhá strana rozdílu
pontis-game-over = KONEC HRY — { $how }
pontis-end-empty = { $name } nemá v ruce žádnou kartu
pontis-end-blocked = proběhlo celé kolo pasů: počítají se banky
pontis-end-abandoned = ukončeno
pontis-winners = { $n ->
    [one] Vítěz
   *[other] Vítězové
}: { $names }
pontis-score-line = { $name }: { $points } b. · bank { $bank } · v ruce { $n }
pontis-keys-card = karta: otáčená karta banku, nebo karta vynesení
pontis-keys-suit = barva další karty: piky, srdce, káry, kříže (nepovinné)
pontis-keys-joker = další karta je žolík s touto hodnotou
pontis-keys-top = ohlášená vrchní karta: navrchu leží poslední napsaná
pontis-keys-enter = vynést napsané karty / otevřít stůl / začít hru / další hra
pontis-keys-pass = hráč na tahu pasuje
pontis-keys-undo = vrátit poslední napsanou kartu, jinak poslední vstup
pontis-keys-undo-input = vrátit poslední vstup
pontis-keys-clear = smazat napsané karty
pontis-keys-toggle = zobrazit nebo skrýt tento přehled
pontis-step-turn = { $name }: bank { $card }
pontis-step-pass = { $name }: pas

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
}, poslední hash { $head }…
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
}, poslední hash { $head }…
# Historie: filtry
desk-from = Od
desk-to = Do
desk-table = Stůl
desk-dealer = Krupiér
desk-host = Rozdávající
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
desk-export-exceptions = Mimořádné události
desk-filters-help = Data ve tvaru { $date } nebo { $iso } (herní dny, { $tz }); směna: její číslo, { $shifts }; výsledek: { $house }, { $players } nebo { $void }.
desk-export-protection = Výhodná hra
desk-outcome-house = kasino
desk-outcome-players = hráči
desk-outcome-void = anulováno
desk-bad-date = datum „{ $text }“: čekám datum jako { $example } nebo { $iso }
desk-bad-box = box „{ $text }“: čekám číslo boxu 1 až { $max }
desk-bad-shift = směna „{ $text }“: očekává se číslo směny 1 až { $max } ({ $shifts })
desk-bad-payout = výplata „{ $text }“: čekám částku jako { $example }
desk-bad-outcome = výsledek „{ $text }“: čekám kasino, hráči nebo anulováno
desk-latin-t = „{ $text }“: T není desítka tam, kde se eso píše Т: desítku zadejte jako 10
desk-bad-period = Od { $from } je po Do { $to }: nejdřív patří dřívější datum
# Historie: co je v seznamu
desk-listing-shift = { $when ->
    [today] Směna { $shift } ({ $hours }) dnešního herního dne, nejnovější nahoře
   *[other] Směna { $shift } ({ $hours }) herního dne { $date }, nejnovější nahoře
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
desk-col-settled = vyúčtováno (UTC)
desk-col-table = stůl
desk-col-dealer = krupiér
desk-col-handle = vsazeno
desk-col-house-win = výhra kasina
desk-col-largest-win = nejlepší sázka (čistě)
desk-col-best-bet-help = kolik vyhrála nejšťastnější sázka kola, bez vráceného vkladu; záporné, když prohrály všechny sázky (pak je to nejmenší prohra)
desk-col-changed = změna
desk-mark-voided = ANULOVÁNO
desk-mark-corrected = OPRAVENO
desk-open = Otevřít { $round }
desk-open-void = Otevřít { $round } (anulováno)
# Historie: co pracoviště udělalo
desk-search-stopped = hledání se nečekaně zastavilo
desk-worker-panicked = úloha na pozadí selhala: { $message }
desk-search-running = hledání už běží
desk-searching = hledám…
desk-search-capped = nalezeno přes { $cap_shown } kol: v seznamu a grafech je nejnovějších { $cap_shown } (pro zbytek hledání zužte)
desk-rounds-found = { $n ->
    [one] nalezeno { $n_shown } kolo
    [few] nalezena { $n_shown } kola
   *[other] nalezeno { $n_shown } kol
}
desk-no-older = starší kola nejsou
desk-no-rounds-yet = zatím žádné vyúčtované kolo
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
desk-change-cancelled = nic nezapsáno: změna zrušena
desk-confirm-void-asked = potvrďte níže anulování kola { $round }
desk-confirm-correct-asked = potvrďte níže opravu kola { $round }: rozdíly jsou zobrazeny
desk-confirm-void = Anulovat kolo { $round }? Důvod: „{ $reason }“. Anulování se zapíše natrvalo a kolo se přestane počítat.
desk-confirm-void-yes = Ano, anulovat kolo { $round }
desk-confirm-correct = Zapsat tuto opravu kola { $round }? Důvod: „{ $reason }“. Rozdíly výše se u stolu vyplatí nebo vyberou.
desk-confirm-correct-yes = Ano, opravit kolo { $round }
desk-confirm-cancel = Zrušit
desk-preview-written = náhled: zatím nic nezapsáno
desk-exported = exportováno do { $path }
desk-no-free-name = ve složce { $folder } není volný název souboru
desk-export-folder = Exportovat do složky
desk-export-filters = sestava neumí filtrovat podle směny, boxu, výsledku ani výplaty: tato pole vymažte a exportuje se, co najdou ostatní filtry
desk-export-no-folder = zadejte složku, kam exportovat
desk-export-bad-folder = do složky { $folder } nelze zapisovat: { $why }
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
desk-event-settled = vyúčtováno { $nets }
desk-event-voided = ANULOVÁNO: { $reason }
desk-event-corrected = OPRAVENO: { $reason } → { $nets }
desk-exceptions-heading = Anulace nebo oprava (supervizor; vždy s důvodem, zapisuje se mezi mimořádné události)
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
desk-charts-reading = Čtu pro grafy všechna kola, která filtry najdou…
desk-charts-intro = { $n ->
    [one] Grafy { $n_shown } kola nalezeného filtry (bez anulovaných).
   *[other] Grafy { $n_shown } kol nalezených filtry (bez anulovaných).
}
desk-chart-win-day = Výhra kasina po dnech
desk-chart-win-rate-day = Míra výhry z vsazeného % po herních dnech (červeně: teoretická míra výhry hraných pravidel; oranžově: jak se hrálo)
desk-chart-win-hour = Výhra kasina podle hodiny (místní čas)
desk-chart-win-rate-hour = Míra výhry z vsazeného % podle hodiny (místní čas)
desk-chart-rounds-hour = Kola podle hodiny (místní čas)
desk-chart-rate-dealer = Kol za hodinu u stolu, po krupiérech
desk-axis-win = výhra
desk-axis-win-rate = míra výhry %
desk-axis-theory = teoretická míra výhry %
desk-axis-as-played = jak se hrálo: teoretická míra výhry učiněných rozhodnutí %
desk-theory-line = Vypsaná kola: výhra kasina { $win }; teoretická výhra při nejlepší hře { $best }, jak se hrálo { $played }; štěstí { $luck } σ od toho, jak se hrálo
desk-axis-rounds = kola
desk-axis-rate = kol/hod.
desk-axis-day-pattern = %-d. %-m.
# Hry Pontis
desk-games-help = Vstupy každé hry přehraje Ověřit; `croupier export-game --game N` vrátí hru jako skript.
desk-games-found = { $n ->
    [one] nalezena { $n_shown } hra Pontis
    [few] nalezeny { $n_shown } hry Pontis
   *[other] nalezeno { $n_shown } her Pontis
}
desk-col-game = hra
desk-col-started = začátek (UTC)
desk-col-host = rozdávající
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
floor-link-stopped = spojení s floorem ZASTAVENO: { $panic }
floor-link-durable = každý vstup je nejdřív bezpečně uložen v souboru tohoto stolu
floor-button = Floor
floor-window = Floor
floor-reading = načítám…
floor-read-at = Načteno v { $time } UTC (každé 3 s)
floor-alarms = { $n ->
    [one] { $n } nepotvrzený poplach na flooru: croupier floor-alarms poplachy vypíše a potvrdí; viz též výkaz „Mimořádné události“ (croupier report --floor … --kind exceptions)
    [few] { $n } nepotvrzené poplachy na flooru: croupier floor-alarms poplachy vypíše a potvrdí; viz též výkaz „Mimořádné události“ (croupier report --floor … --kind exceptions)
   *[other] { $n } nepotvrzených poplachů na flooru: croupier floor-alarms poplachy vypíše a potvrdí; viz též výkaz „Mimořádné události“ (croupier report --floor … --kind exceptions)
}
floor-today-heading = Dnešní míra výhry po stolech
floor-col-table = stůl
floor-col-rounds = kola
floor-col-handle = vsazeno
floor-col-house-win = výhra kasina
floor-col-win-rate = míra výhry
floor-dbs-heading = Databáze stolů
floor-col-identity = identita
floor-col-file = soubor
floor-col-events = událostí na flooru
floor-col-last-heard = naposledy
floor-never = nikdy

# Sledování stolu, který vede jiný program
watch-heading = Sledování — jen ke čtení
watch-explained = Do této databáze zapisuje jiný program (shoe, který čte karty, nebo jiná obrazovka): tato obrazovka sleduje jeho stůl živě a nic nepřijímá.
watch-no-table = V této databázi zatím není žádný stůl.
watch-table-line = { $table } · { $rules } · shoe { $shoe } · událost { $event }
watch-house-rules = pravidla kasina
watch-round = Kolo { $round } — dál: { $next }
watch-between-rounds = Mezi koly: čeká se na další sázky.
watch-table-closed = Stůl byl zavřen: nic dalšího na něj nepřijde, dokud ho krupiér nebo čtečka znovu neotevře.
watch-last-round = Poslední kolo: { $round }, jak bylo vyúčtováno

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
rules-choice-all-stakes = všechny sázky, i za koupené karty
rules-choice-original-stake = původní sázku (za koupené karty 1:1)
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
rules-knob-five-card-trick-pays = pětikaretní trik platí
rules-knob-five-card-trick-stakes = pětikaretní trik platí na
rules-knob-five-card-trick-paid-at-once = pětikaretní trik hned
rules-knob-five-card-trick-beats-dealer-pontoon = pětikaretní trik bije pontoon krupiéra
rules-knob-three-of-a-kind-pays = tři stejné platí
rules-knob-ties = shoda
rules-knob-dealer-hits-soft-17 = krupiér táhne na měkkých 17
rules-knob-insurance-max = pojištění nejvýš
rules-knob-insurance-pays = pojištění platí
rules-knob-even-money = výplata 1:1
rules-knob-surrender = vzdání se

## Reports: titles, columns, footers, charts (report-, csv-)

# Stránka a její nadpisy.
report-title-summary = Přehled stolů
report-title-rounds = Kola
report-title-dealers = Krupiéři
report-title-exceptions = Mimořádné události
report-title-protection = Ochrana před výhodnou hrou
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
report-section-by-month = Podle měsíců
report-section-month-to-date = Od začátku měsíce
report-section-year-to-date = Od začátku roku
report-section-period-total = Celkem za období
report-section-rules-edge = výhoda podle pravidel (kdo ji má při nejlepší hře)
report-section-rounds = Kola
report-section-dealers = Krupiéři
report-section-exceptions = Mimořádné události
report-section-protection = ochrana (sledují sázky stav botu?)
report-section-pontis-games = Hry Pontis
report-section-pontis-by-table = Hry Pontis podle stolu a rozdávajícího
report-col-table = Stůl
report-col-date = Datum
report-col-shift = Směna
report-col-from = Období
report-col-month = Měsíc
report-col-tables = Stoly
report-col-currency = Měna
report-col-rounds = Kola
report-col-handle = Vsazeno
report-col-paid = Vyplaceno
report-col-house-win = Výhra kasina
report-col-replayed = Přehráno auditorem floor
report-col-win-rate = Míra výhry %
report-col-theo-best = Teoretická výhra při nejlepší hře
report-col-theoretical-win-rate = Teoretická míra výhry %
report-col-theo-as-played = Teoretická výhra, jak se hrálo
report-col-luck = Štěstí: výhra proti hře (σ)
report-col-house-edge = výhoda kasina % (z počáteční sázky)
report-col-edge-to = výhodu má
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
report-col-box = místo (box)
report-col-correlation = korelace sázek se stavem botu
report-col-p-value = p-hodnota
report-col-flagged = označeno
report-col-average-stake = Průměrná sázka
report-flag-yes = ano
report-flag-no = ne
report-exception-table-opened = otevření stolu
report-exception-round-voided = zrušené kolo
report-exception-round-corrected = opravené kolo
report-exception-undo = vrácení zpět
report-exception-step-refused = odmítnuté zadání
report-exception-login-failed = neúspěšné přihlášení
report-exception-user-locked = zablokovaný uživatel
report-exception-user-unlocked = odblokovaný uživatel
report-exception-floor-alarm = poplach na flooru
report-exception-payout = výplata nad limit
report-exception-verify-failed = kontrola selhala
report-exception-bets-follow-shoe = sázky sledují stav botu
report-end-in-play = rozehráno
report-word-yes = ano
report-word-not-yet-replayed = DOSUD NEPŘEHRÁNO
report-end-empty-hand = prázdná ruka
report-end-blocked = zablokováno
report-end-abandoned = přerušeno
report-currency-not-set = nenastavena
report-edge-players = hráči: tato pravidla jim dávají výhodu
report-edge-house = kasino
report-span = { $from } až { $to }
# A table whose name another database of the report also has; $n: its database, as the
# footer numbers them.
report-table-in-database = { $table } (databáze { $n })
report-detail-undid = vráceno „{ $text }“
report-detail-reason = důvod: { $reason }
report-detail-refused = „{ $text }“: { $reason }
report-detail-login-failed = { $name }: { $reason }
report-login-unknown-user = takový uživatel není
report-login-locked = účet je zamčený
report-login-wrong-pin = chybný PIN
report-detail-user-locked = { $name } zamčen (neúspěšných pokusů: { $n })
report-detail-user-unlocked = { $name } odemčen: { $by }
report-detail-table-opened = stůl otevřen: pravidla { $preset }, limity { $limits }
report-detail-rules-changed = změna pravidel nebo limitů: pravidla { $preset }, limity { $limits }
report-detail-payout = sázka vyhrála { $won } (limit { $threshold })
report-detail-bets-follow-shoe = box { $box_no }: sázky sledují hodnotu botu pro hráče během { $rounds } kol (korelace { $correlation }, p-hodnota { $p_value })
report-chart-win-by-day = Výhra kasina podle dnů
report-chart-win-by-day-in = Výhra kasina podle dnů ({ $currency })
report-chart-win-rate-by-day = Míra výhry % podle dnů
report-chart-win-rate-by-day-in = Míra výhry % podle dnů ({ $currency })
report-chart-rounds-per-dealer = Kola podle krupiérů
report-footer-report = Výkaz
report-footer-period = Období
report-footer-period-value = { $from } až { $to } (herní dny, oba včetně)
report-footer-filter-table = Filtr: stůl
report-footer-filter-dealer = Filtr: krupiér
report-footer-filter-threshold = Filtr: limit výplaty
report-footer-generated-by = Vytvořil
report-footer-generated-at = Vytvořeno
report-footer-generated-by-cli = systémový uživatel (příkazová řádka, { $user })
report-footer-generated-by-cli-unnamed = systémový uživatel (příkazová řádka, jméno neznámé)
report-footer-database = Databáze { $n }
report-footer-floor-database = floor { $floor }, databáze stolu { $database } (synchronizováno ze souboru { $path })
report-detail-verify-failed = { $place }: { $why }
report-footer-chain-head = Databáze { $n }, poslední hash řetězce
report-footer-chain-head-value = událost { $seq } { $hash }
report-footer-currency = Databáze { $n }, měna
report-footer-currencies = Měny
report-footer-verify = Databáze { $n }, kontrola
report-footer-passed = V POŘÁDKU ({ $detail })
report-footer-failed = SELHALA: { $why }
report-footer-failed-replayed = auditor flooru přehrál události do { $through } z { $head }
report-footer-failed-detached = floor už nemá události 1 až { $last } této databáze stolu (jejich měsíce byly odpojeny, např. archivovány): zde je nelze zkontrolovat; zkontrolujte je v archivu
report-footer-failed-months-detached = kopie na flooru nemá události { $from } až { $head } (poslední): jejich měsíce byly odpojeny
report-footer-failed-chain-breaks = řetězec na flooru se přerušuje u události { $seq } (událost tam chybí, nebo nenavazuje na předchozí událost)
report-footer-failed-chain-missing = auditor flooru zjistil, že událost { $seq } na flooru chybí (řetězec zkontrolován { $at }): řetězec je tam přerušen
report-footer-failed-head-hash = auditor flooru zjistil, že všechny uložené kontroly platí až po událost { $seq }, hlavu, ale hash řetězce tam se liší od hashe hlavy, který floor uchovává (řetězec zkontrolován { $at }): události byly změněny i s nově spočtenými kontrolami, nebo byl změněn hash hlavy
report-footer-failed-head-hash-walked = všechny uložené kontroly platí až po událost { $seq }, hlavu, ale hash řetězce tam se liší od hashe hlavy, který floor uchovává (tables.head_hash): události byly změněny i s nově spočtenými kontrolami, nebo byl změněn hash hlavy
report-footer-failed-identity = hash řetězce události 1 není identita této databáze stolu na flooru (tables.db): její události nejsou události souboru, který identita označuje, nebo byla identita změněna
report-footer-failed-chain = auditor flooru zjistil, že událost { $seq } nenavazuje na předchozí událost na flooru (řetězec zkontrolován { $at }): řetězec je tam přerušen
report-footer-failed-chain-breaks-within = řetězec na flooru se přerušuje u události { $seq } nebo dříve, po události { $after }, poslední události před ní, jejíž uložená kontrola platí ({ $steps ->
        [one] událost { $first } je herní krok, který vlastní kontrolu nemá
       *[other] události { $first } až { $last } jsou herní kroky, které vlastní kontrolu nemají
    }): jedna z událostí { $first } až { $seq } byla změněna, nebo její kontrola
report-footer-failed-chain-within = auditor flooru zjistil přerušení řetězce u události { $seq } nebo dříve, po události { $after }, poslední události před ní, jejíž uložená kontrola platila ({ $steps ->
        [one] událost { $first } je herní krok, který vlastní kontrolu nemá
       *[other] události { $first } až { $last } jsou herní kroky, které vlastní kontrolu nemají
    }; řetězec zkontrolován { $at }): jedna z událostí { $first } až { $seq } byla změněna, nebo její kontrola
report-footer-failed-auditor-refuses = { $replayed }: přehrání auditorem flooru odmítá událost { $seq } ({ $why })
report-footer-failed-stray-round = { $replayed }: přehrání auditorem flooru odmítá událost { $seq } (floor uchovává řádek croupier.rounds u události { $seq }, která nevypořádává žádné kolo: řádek byl přidán mimo trigger flooru a přehledy jej započítávají)
report-footer-failed-stray-start = { $replayed }: přehrání auditorem flooru odmítá událost { $seq } (croupier.round_starts flooru u události { $seq } není to, co dávají události (řádek přidaný, změněný nebo smazaný mimo trigger flooru), a teoretická míra výhry v přehledech se z něj čte)
report-footer-failed-totals = uložené součty flooru se liší od toho, co z nich dělají jeho události ({ $why }): croupier.round_totals byla změněna mimo trigger flooru a přehledům, které z ní čtou, nelze věřit
report-footer-failed-alarms = { $count ->
    [one] { $count } poplach na flooru pro tuto databázi stolu, první u události { $first }; { $replayed }
    [few] { $count } poplachy na flooru pro tuto databázi stolu, první u události { $first }; { $replayed }
   *[other] { $count } poplachů na flooru pro tuto databázi stolu, první u události { $first }; { $replayed }
}
report-footer-not-replayed = DOSUD NEPŘEHRÁNO: auditor flooru přehrál události do { $through } z { $events }; neověřeno, dokud nepřehraje všechny ({ $detail })
report-footer-totals-not-checked = DOSUD NEZKONTROLOVÁNO: auditor flooru zkontroloval uložené součty do události { $through } z { $events }; neověřeno, dokud je nezkontroluje do poslední ({ $detail })
report-footer-not-run = NEPROVEDENA (--skip-verify): tyto údaje nejsou ověřeny
# A verdict's detail (report::verdict), worded part by part: the floor's chain read, its
# replay and its kept totals' check.
report-verdict-chained = události zřetězené na flooru: { $head }; { $chain }; žádný poplach
report-verdict-chain-checked = řetězec zkontrolován auditorem flooru do události { $through } ({ $at })
report-verdict-chain-walked-on = řetězec zkontrolován auditorem flooru do události { $through } ({ $at }), dále prověřen od události { $next }
report-verdict-chain-touched = řetězec znovu prověřen od události 1 (události na flooru se změnily od kontroly auditorem { $at })
report-verdict-chain-stale = řetězec znovu prověřen od události 1 (kontrola auditorem { $at } vychází z prověření od události 1 staršího než dvě hodiny)
report-verdict-chain-months = řetězec znovu prověřen od události 1 (měsíce na flooru připojeny nebo odpojeny od kontroly auditorem { $at })
report-verdict-chain-never = řetězec znovu prověřen od události 1 (auditor flooru jej dosud nezkontroloval)
report-verdict-passed-floor = { $chained }; { $replayed }; uložené součty zkontrolovány do události { $through } ({ $at })
report-verdict-pending = { $chained }; vypořádaná kola od kola { $from }, dosud nepřehraná: { $rounds }
report-verdict-pending-none = { $chained }; dosud nepřehrané události, žádná z nich není vypořádané kolo
report-verdict-totals-never = { $chained }; { $replayed }; auditor flooru dosud nezkontroloval uložené součty
report-verdict-totals-touched = { $chained }; { $replayed }; do croupier.round_totals, croupier.day_totals nebo croupier.month_totals se zapisovalo mimo trigger flooru od kontroly auditorem { $at }
report-verdict-totals-after = { $chained }; { $replayed }; uložené součty zkontrolovány { $at }; události { $from } až { $to } přibyly potom
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
# Odmítnutí kroku enginem
error-round-complete = kolo je už dohrané
error-card-not-wanted = teď se nečeká karta: je na řadě rozhodnutí
error-decision-not-wanted = teď se nečeká rozhodnutí: je na řadě karta
error-impossible-rank = nemožná karta { $card }: shoe má { $decks ->
    [one] jeden balíček
    [few] { $decks } balíčky
   *[other] { $decks } balíčků
}, tedy { $max } × { $rank }, a všechny už vyšly
error-impossible-suited = nemožná karta { $card }: shoe má { $decks ->
    [one] jeden balíček
    [few] { $decks } balíčky
   *[other] { $decks } balíčků
}, tedy { $decks } × { $card }, a všechny už vyšly
error-no-such-bet = sázka č. { $n } neexistuje
error-bet-not-in-play = sázka { $bet } není na boxu, který se hraje
error-not-a-back-bet = sázka { $bet } je sázka držitele boxu: držitel se vzdává celého boxu a odmítnout nemůže
error-bet-finished = sázka { $bet } už skončila (vzdala se nebo vzala výplatu 1:1)
error-not-on-this-hand = sázka { $bet } na této ruce nic nemá
error-offers-not-open = pojištění a výplata 1:1 se nabízejí, jen když má krupiér eso, hned po rozdání
error-offers-closed = nabídky jsou uzavřené: končí prvním vstupem, který není nabídkou
error-offer-taken = sázka { $bet } už vzala pojištění nebo výplatu 1:1 (nejvýš jedno, jednou)
error-insurance-amount = pojištění sázky { $bet } musí být víc než 0 a nejvýš { $max }
error-even-money-not-offered = podle těchto pravidel se výplata 1:1 nenabízí
error-no-pontoon = box sázky { $bet } nemá pontoon, takže nemůže vzít výplatu 1:1
error-buy-after-twist = tato ruka už dotahovala, takže už nesmí kupovat
error-fifth-not-buyable = pátou kartu nelze koupit: smí se jen dotáhnout
error-card-not-buyable = { $n }. kartu ruky nelze podle těchto pravidel koupit
error-not-a-pair = { $a } a { $b } nejsou pár, takže je nelze rozdělit
error-split-needs-two = rozdělit lze jen první dvě karty ruky
error-split-limit = tento box už { $n ->
    [one] jednou rozděloval
    [few] { $n }krát rozděloval
   *[other] { $n }krát rozděloval
}, víc pravidla nedovolují
error-ace-split-limit = esa lze na jednom boxu rozdělit { $n ->
    [one] jen jednou
   *[other] nejvýš { $n }krát
}
error-split-ace-no-decision = rozdělené eso dostává kartu bez rozhodování ({ $decision } odmítnuto)
error-stick-below-minimum = na součtu { $total } nelze stát: nejnižší součet, na kterém se smí stát, je { $min }
error-surrender-not-allowed = podle těchto pravidel se vzdát nelze
error-surrender-against-ace = proti krupiérovu esu se vzdát nelze
error-surrender-too-late = vzdát se lze jen jako první rozhodnutí na nerozdělené ruce o dvou kartách
error-declined-twice = sázka { $bet } už odmítla
error-nothing-to-decline = na této ruce nejde koupit ani rozdělit, takže není co odmítnout
error-decline-must-precede = odmítnutí musí být těsně před svou koupí nebo rozdělením
# Odmítnutí sázek kola a limitů stolu
error-no-bets = žádné sázky: kolo potřebuje aspoň jednu sázku
error-no-such-box = sázka „{ $bet }“: box { $box_no } na tomto stole není (boxy 1 až { $boxes })
error-duplicate-bet = sázka „{ $bet }“ je tu dvakrát: označení sázek musí být jedinečná
error-stake-not-positive = sázka „{ $bet }“: sázka musí být kladná, je { $stake }
error-below-minimum = sázka „{ $bet }“: { $stake } je pod minimem stolu { $min }
error-over-box-max = box { $box_no }: sázky dělají { $total }, víc než maximum na box { $max }
error-too-many-bets = box { $box_no }: { $count } sázek, ale pravidla dovolují { $max } na box (držitel a sázky za hráčem)
error-bad-limits = chybné limity: { $detail }
error-limits-not-positive = limity musí být kladné částky
error-limits-order = minimální sázka { $min } je vyšší než maximum na box { $max }
# Napsané částky
error-not-an-amount = „{ $text }“ není částka: čeká se počet měnových jednotek, např. 10, 2,5 nebo 0,05
error-too-precise = „{ $text }“ má víc než dvě desetinná místa: částky jsou přesné na haléře
error-too-large = „{ $text }“ je příliš velká částka: nejvýš 10000000000
# Úložiště: přihlášení a databáze
error-login-wrong = chybné jméno nebo PIN
error-login-locked = účet { $name } je po { $n } neúspěšných pokusech zamčený: odemknout ho musí supervizor
error-not-croupier = { $path }: není databáze Croupieru ({ $detail }); zadejte cestu k databázi Croupieru, nebo nový název souboru, a vytvoří se
error-newer-schema = { $path }: zapsala novější verze Croupieru (schéma { $found }, tento program zná nejvýš { $known }); použijte novější Croupier
error-older-schema = { $path }: schéma { $found } je starší než { $known }; nejdřív ji převeďte příkazem `croupier migrate --db FILE` (nic zapsaného se nemění)
error-in-use = { $path }: používá ji jiný proces Croupieru ({ $holder }); nejdřív ho tam zavřete, nebo počkejte, až skončí
error-read-only = { $path }: nelze zapisovat ({ $detail }); zkontrolujte oprávnění souboru a složky, nebo zvolte zapisovatelné místo přes --db
error-disk-full = { $path }: disk je plný; z tohoto vstupu se nic nezapsalo. Uvolněte místo na disku a zadejte ho znovu
error-sqlite = { $path }: { $detail }
error-pin-hash = PIN nelze zahašovat: { $detail }
error-log-no-round = v { $path } není kolo { $round }
error-log-no-round-numbered = { $path }: kolo { $round } neexistuje (kola se číslují od 1; tato databáze jich má { $rounds })
error-log-no-game = { $path }: hra Pontis { $game } neexistuje (hry se číslují od 1; tato databáze jich má { $games })
error-log-round-in-play = kolo { $round } se ještě hraje: dosud není vypořádáno
error-log-game-in-play = hra Pontis { $game } se ještě hraje: dosud neskončila
error-log-no-settlement = kolo { $round } nemá vypořádání
error-log-start-unreadable = kolo { $round }: jeho událost round_started nelze přečíst (spusťte `croupier verify`)
error-log-correction-unreadable = kolo { $round }: opravu nelze přečíst: { $detail }
error-log-not-a-setting = událost { $seq }: není nastavení (spusťte `croupier verify`)
error-log-bad-currency = zapsaná měna "{ $code }" není kód ISO 4217 (spusťte `croupier verify`)
error-log-bad-calendar = zapsaný herní den (časové pásmo „{ $tz }“, směny „{ $shifts }“) není platný kalendář (spusťte `croupier verify`)
error-log-bad-language = zapsaný jazyk "{ $code }" uživatele { $user } není žádný z en, cs, uk, ru (spusťte `croupier verify`)
error-log-replay-thread = vlákno přehrávání selhalo: { $message }

# Relace stolu: vstup, který teď nelze přijmout (není dovolen, nebo není co dělat)
error-table-needs-name = stůl musí mít název
error-is-pontis-table = „{ $name }“ je stůl Pontis: stolu Pontoon dejte jiný název
error-is-pontoon-table = „{ $name }“ je stůl Pontoon: stolu Pontis dejte jiný název
error-rules-need-supervisor = stůl { $name } má jiná pravidla nebo limity: změnit je smí jen supervizor (otevřete ho s jeho současnými pravidly, nebo zavolejte supervizora)
error-rules-round-in-play = na stole { $name } se hraje kolo: dohrajte ho, než změníte pravidla nebo limity
error-pontis-rules-need-supervisor = stůl Pontis { $name } má jiná pravidla: změnit je smí jen supervizor
error-pontis-rules-game-in-play = na stole Pontis { $name } se hraje hra: dohrajte ji, než změníte pravidla
error-table-not-in-log = stůl v záznamu není
error-no-such-table = stůl „{ $name }“ v této databázi není
error-shoe-during-round = hraje se kolo: dohrajte ho, než vložíte nový shoe
error-round-in-play = kolo se už hraje
error-no-round = nehraje se žádné kolo: nejdřív položte sázky
error-undo-settled = nehraje se žádné kolo: vyúčtované kolo mění jen oprava supervizora
error-nothing-to-undo-round = v tomto kole není co vrátit
error-game-in-play = hra už běží
error-no-game = žádná hra neběží: nejdřív začněte hru
error-undo-ended = žádná hra neběží: skončená hra se znovu neotevírá
error-nothing-to-undo-game = v této hře není co vrátit
error-no-game-to-abandon = žádná hra neběží
error-dealer-cannot-correct = { $name } je krupiér: vyúčtované kolo anulovat nebo opravit smí jen supervizor
error-no-reason = uveďte důvod (aspoň pár slov): zapíše se do záznamu
error-not-settled = kolo { $round } není vyúčtované: anulovat nebo opravit lze jen vyúčtovaná kola
error-already-voided = kolo { $round } je už anulované
error-count-due = je třeba sčítání: stůl { $name } nemá pro tento herní den sečtený zásobník (dva podpisy, jeden vedoucího)
error-no-chip-set = tato databáze nemá sadu žetonů, takže se u jejích stolů hotovost nezapisuje (nejdřív ji nastaví vedoucí nebo správce)
error-log-unreadable = záznam nelze přečíst zpět: { $detail }
error-unreadable-input = není to vstup (zobrazeno, jak bylo napsáno)
error-unended-input = řádek nekončí znakem nového řádku (vstup skončil uprostřed), takže to není vstup
error-as-logged = (jak bylo zaznamenáno) { $text }
logged-typed = „{ $text }“ (jak bylo napsáno)

# Úložiště: odmítnuté požadavky na uživatele, PINy a nastavení
error-not-a-role = „{ $text }“ není role: čekám dealer, supervisor nebo admin
error-name-length = jméno uživatele „{ $name }“: čekám jméno osoby o 2 až 40 znacích
error-name-letters = jméno uživatele „{ $name }“: čekám jen písmena, mezery, spojovníky nebo apostrofy (jméno osoby)
error-name-generic = jméno uživatele „{ $name }“: sdílené ani obecné účty nejsou dovoleny, každý se přihlašuje sám za sebe
error-pin-length = PIN pro roli { $role } má { $min } až 12 číslic
error-first-must-be-admin = první uživatel musí být správce
error-add-needs-confirmation = přidání uživatele musí potvrdit správce nebo supervizor (jméno a PIN)
error-may-not-add = { $by } ({ $by_role }) nesmí přidat roli { $role }: správce přidává kohokoli, supervizor krupiéry
error-user-exists = uživatel „{ $name }“ už existuje
error-dealer-cannot-unlock = { $name } je krupiér: odemknout uživatele smí jen supervizor
error-no-such-user = uživatel „{ $name }“ neexistuje
error-not-locked = { $name } není zamčený
error-may-not-reset-pin = { $by } ({ $by_role }) nesmí změnit PIN roli { $role }: správce mění PIN komukoli, supervizor krupiérům
error-only-admin-sets-roles = { $by } ({ $by_role }) nesmí měnit roli uživatele: smí jen správce
error-same-role = { $name } už má roli { $role }
error-last-admin = { $name } je poslední správce: nejdřív udělejte správcem někoho jiného
error-promotion-needs-pin = { $name } dostane roli { $role } jen s novým PINem o { $min } až 12 číslicích: dosavadní PIN může být pro tuto roli krátký
error-locked-now = { $name } je teď zamčen(a): než znovu něco provede, musí účet odemknout vedoucí
error-dealer-cannot-set-currency = { $name } je krupiér: měnu stolu smí nastavit jen supervizor nebo správce
error-currency-fixed = měna je { $currency } a kola jsou v ní zapsaná: databáze má jedinou měnu (částky se nikdy nepřevádějí); stůl, který mění měnu, začíná novou databázi
error-dealer-cannot-set-calendar = { $name } je krupiér: časové pásmo a směny herního dne smí nastavit jen supervizor nebo správce
error-may-not-set-language = { $by } ({ $by_role }) nesmí nastavit jazyk uživatele { $user }: každý si nastavuje svůj, supervizor krupiérům, správce komukoli

# Hra Pontis: odmítnutý krok
error-pontis-expected = { $why }; čekám: { $next }
error-pontis-no-seat = místo { $n } u stolu není
error-pontis-over = hra skončila
error-pontis-out-of-turn = mimo pořadí: na tahu je { $now }, ne { $who }
error-pontis-bank-card-gone = karta banku { $card }: { $why }
error-pontis-already-turned = karta banku hráče { $who } je už otočená ({ $top })
error-pontis-turn-first = nejdřív se musí otočit karta banku hráče { $who }
error-pontis-holds-fewer = { $who } drží { $held ->
    [one] { $held } kartu
    [few] { $held } karty
   *[other] { $held } karet
}, méně než vynesených { $played }
error-pontis-does-not-meet = { $cards } nesplňuje { $need }
error-pontis-on-top = { $top } navrchu na { $under }
error-pontis-card-gone = { $card }: { $why }
error-pontis-rank-gone = všechny čtyři karty { $rank } z balíčku už jsou ve hře
error-pontis-card-in-game = { $card } už je ve hře (balíček ji má jen jednou)
error-pontis-jokers-gone = { $n ->
    [one] jediný žolík už je ve hře
    [few] všichni { $n } žolíci už jsou ve hře
   *[other] všech { $n } žolíků už je ve hře
}

## The table's money: fill and credit slips, the close-out report (slip-, report-)

slip-title-fill = Doplňovací doklad (fill)
slip-title-credit = Odváděcí doklad (credit)
slip-table = Stůl
slip-time = Čas
slip-denomination = Nominál
slip-count = Žetonů
slip-amount = Částka
slip-total = Celkem
slip-by = Podepsal
slip-witness = Svědek
report-title-closeout = Uzávěrka
report-section-par = Stoly s pevným stavem (par)
report-section-players = Hráči: sezení každého boxu u stolu
report-col-day = Herní den
report-col-opening = Počáteční stav
report-col-fills = Doplnění
report-col-credits = Odvody
report-col-closing = Konečný stav
report-col-drop = Drop (hotovost ve schránce)
report-col-win = Výhra
report-col-hold-pct = Hold % (výhra ÷ drop)
report-col-cash-logged = Zapsaná hotovost
report-col-dealt-win = Rozdaná výhra
report-col-difference = Rozdíl
report-col-drop-difference = Rozdíl schránky
report-col-tray-difference = Rozdíl zásobníku
report-col-par = Par (normativ zásobníku)
report-col-expected-tray = Očekávaný stav
report-col-counted-tray = Napočítaný stav
report-col-proposed-fill = Navržené doplnění
report-col-proposed-credit = Navržený odvod
report-exception-count-missing = chybí sčítání zásobníku
report-exception-closeout-difference = rozdíl v uzávěrce
report-exception-cash-over-threshold = hotovost nad limitem
report-detail-count-missing = herní den { $day }, směna { $shift }: chybí { $what }
report-missing-both = sčítání zásobníku i schránky
report-missing-tray = sčítání zásobníku
report-missing-drop = sčítání schránky
report-detail-difference = herní den { $day }, směna { $shift }: rozdíl { $difference } (schránka { $drop }, zásobník { $tray })
report-detail-cash = hotovost { $amount } (limit { $threshold })

# Peníze stolu na obrazovce stolu (issue 23, bod 8)
money-bar-expected = očekávaný zásobník { $amount }
money-bar-count-due = zásobník: je třeba sčítání
money-bar-no-count = zásobník: nesečten
money-count-due-title = Sečtěte zásobník před první hrou
money-count-due-help = Tento stůl nemá pro tento herní den sečtený zásobník (nebo ho poslední sčítání uzavřelo). Sečtěte žetony a oba podepište svým PINem: krupiér a vedoucí (nebo dva lidé, jeden z nich vedoucí nebo správce). Stůl rozdává, jakmile je sčítání zapsáno.
money-section = Peníze: sčítání zásobníku, doplnění, odvod, hotovost
money-kind-count = Sčítání zásobníku
money-kind-fill = Doplnění
money-kind-credit = Odvod
money-moment-auto = další (otevření nebo střídání směny)
money-moment-opening = otevření
money-moment-change = střídání směny
money-moment-closing = uzavření
money-chips = Žetony (500:20 100:35)
money-by = Podepisuje
money-by-pin = Jeho PIN
money-witness = Svědek
money-witness-pin = PIN svědka
money-sign-count = Zapsat sčítání
money-sign-fill = Zapsat doplnění
money-sign-credit = Zapsat odvod
money-cash-title = Hotovost vyměněná za žetony
money-cash-amount = Částka
money-cash-box = Box (nepovinný)
money-cash-log = Zapsat hotovost
money-cash-taken = hotovost { $amount } zapsána
money-cash-taken-flagged = hotovost { $amount } zapsána a OZNAČENA: nad limitem hotovosti
money-cash-flagged = Označeno: hotovost { $amount } nad limitem hotovosti
money-cash-bad-box = „{ $text }“ není box: zadejte jeho číslo (1, 2, …) nebo nechte prázdné
money-count-in-play = sčítání zásobníku počká, až bude rozehraná hra vyplacena
money-counted-first = sčítání ({ $moment }) { $total } zapsáno (první sčítání stolu)
money-counted-as-expected = sčítání ({ $moment }) { $total } zapsáno: podle očekávání ({ $expected })
money-counted-difference = sčítání ({ $moment }) { $total } zapsáno: očekáváno { $expected }, rozdíl { $difference }
money-slip-fill = doklad o doplnění { $number } na { $total } ({ $chips }) zapsán
money-slip-credit = doklad o odvodu { $number } na { $total } ({ $chips }) zapsán
money-signer-refused = { $name } nemohl podepsat: { $why }
money-err-same-signer = { $name } podepsal oba řádky: sčítání, doklad nebo drop potřebují dva různé lidi
money-err-no-supervisor = { $by } ani { $witness } není vedoucí ani správce: jeden z podepisujících jím být musí
money-err-not-supervisor = toto smí jen vedoucí nebo správce a { $by } není ani jedním
money-err-no-table = v této databázi není stůl „{ $name }“
money-err-no-slip = doklad { $number } neexistuje (doklady jsou číslovány od 1 do { $count })
money-err-already-void = doklad { $number } je už zrušen
money-err-no-reason = zrušení potřebuje důvod
money-err-not-positive = { $amount } není částka nad nulou
money-err-negative = { $amount } je záporná částka: drop je 0 nebo víc
money-err-no-shift = směna { $shift } neexistuje: herní den má směny 1 až { $count }
money-err-drop-twice = drop pro { $table }, herní den { $day }, směnu { $shift } je už zapsán
money-err-line = řádek { $line }: { $why }
chip-err-bad-denom = „{ $text }“ není hodnota žetonu: napište částku nad nulou s nejvýš dvěma desetinnými místy (např. 25 nebo 0,50)
chip-err-duplicate = hodnota { $denom } je zadána dvakrát: zadejte každou jednou
chip-err-empty-set = nejsou zadány žádné hodnoty: napište je oddělené mezerami, např. „25 100 500 1000“
chip-err-not-denom-count = „{ $text }“ není počet: napište HODNOTA:POČET, např. 500:20
chip-err-bad-count = „{ $text }“: počet je celý počet žetonů od 0 do 1000000
chip-err-not-in-set = { $denom } není hodnota sady žetonů ({ $set })
chip-err-empty = nejsou zadány žádné žetony: napište aspoň jeden HODNOTA:POČET, např. 500:20
chip-err-no-chip-set = tato databáze nemá sadu žetonů: nejdřív ji nastaví vedoucí nebo správce
desk-tab-money = Peníze
money-tab-read-button = Načíst peníze za období
money-tab-not-read = Peníze stolu se načítají za období polí Od a Do na kartě historie her (prázdná: vše do dneška): stiskněte tlačítko.
money-tab-read = peníze za období načteny: uzávěrka { $n } směn
money-tab-closeout = Uzávěrka po směnách
money-tab-none = v tomto období není žádná směna uzavřena
money-tab-rounds = Hry této směny
money-tab-counts = Sčítání zásobníku
money-tab-counted-at = sečteno (místní čas)
money-tab-slips = Doklady o doplnění a odvodu
money-tab-slip = doklad { $number }
money-tab-void = zrušen
money-tab-drops = Sčítání dropu
money-tab-shift = směna { $n }
## The desk's Users tab

desk-tab-users = Uživatelé
users-heading = Uživatelé
users-col-name = Jméno
users-col-role = Role
users-col-state = Stav
users-locked = zamčen
users-active = může se přihlásit
users-unlock = Odemknout: { $name }
users-add-heading = Přidat uživatele
users-new-name = Jméno nového uživatele
users-new-role = Role
users-new-pin = PIN nového uživatele
users-new-pin-again = PIN znovu
users-add = Přidat uživatele
users-confirm-asked = potvrďte níže: do té doby se nic nezapíše ({ $name })
users-confirm-add = Přidat uživatele { $name } jako { $role }? Uživatel se zapíše natrvalo a vy jako ten, kdo ho přidal.
users-confirm-add-yes = Ano, přidat: { $name }
users-confirm-unlock = Odemknout uživatele { $name }? Znovu se přihlásí svým PINem; odemčení se zapíše s vaším jménem.
users-confirm-unlock-yes = Ano, odemknout: { $name }
users-added = { $name } přidán(a) jako { $role }
users-unlocked = { $name } odemčen(a): může se znovu přihlásit
users-gone = tento uživatel už není v seznamu: seznam byl načten znovu
users-change = Změnit: { $name }
users-change-heading = Změnit PIN nebo roli: { $name }
users-reset-pin-new = Nový PIN
users-reset-pin-again = Nový PIN znovu
users-reset-pin = Nastavit nový PIN
users-set-role = Změnit roli
users-role-needs-pin = role { $role } potřebuje PIN o { $min } až 12 číslicích: napište nahoře nový PIN a pak změňte roli
users-confirm-pin = Nastavit uživateli { $name } nový PIN? Starý PIN přestane platit; zámek trvá do odemčení. Změna se zapíše s vaším jménem (PIN nikdy).
users-confirm-pin-yes = Ano, nový PIN: { $name }
users-confirm-role = Dát uživateli { $name } roli { $role }? Změna se zapíše s vaším jménem.
users-confirm-role-yes = Ano, { $name }: { $role }
users-pin-reset = { $name } má nový PIN: starý už neplatí
users-role-changed = { $name } má teď roli { $role }

## The exceptions report: by kind, most serious first

report-section-exceptions-by-kind = výjimky podle druhu
report-col-count = počet
report-col-amount = částka
report-exception-rules-changed = změna pravidel nebo limitů
report-exception-currency-set = měna nastavena po zapsaných kolech
report-detail-voided = důvod: { $reason }; výhra kasina { $win } se už nepočítá
report-detail-corrected = důvod: { $reason }; výhra kasina předtím { $was }, potom { $now } (změna { $change })
report-detail-currency-set = měna nastavena na { $currency } až po { $rounds } zapsaných kolech

## The summary's HTML charts: axes and the theoretical line

report-axis-money = výhra kasina
report-axis-money-in = výhra kasina ({ $currency })
report-axis-percent = % z vsazeného
report-axis-rounds = kola
report-axis-day = herní den
report-axis-dealer = krupiér
report-chart-actual = skutečnost
report-chart-theory = teorie (výhoda kasina podle pravidel)
