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

# Рамка екрана: верхня смуга, рядок стану, ролі
app-window-title = Croupier — екран дилера (Понтун)
app-db = база { $path }
app-table-line = { $name } · { $rules }{ $limits } · шуз № { $shoe }
app-limits = {" "}· ліміти { $min }–{ $max }{ $currency }
app-house-rules = правила казино
app-cards-left = · { $n ->
    [one] лишилася { $n } карта
    [few] лишилося { $n } карти
   *[other] лишилося { $n } карт
}
app-log-out = Вийти
app-close-table = Закрити стіл
app-desk = Пульт супервайзера
app-back-to-tables = < Назад до столів
app-desk-for-supervisors = пульт супервайзера — лише для супервайзерів
app-refused = ВІДХИЛЕНО: { $why }
app-table-closed = стіл { $name } закрито
app-table-closed-in-play = стіл { $name } закрито (незавершений раунд повернеться, коли стіл відкриють знову)
app-leave-logout-question = За столом { $name } іде раунд. Усе одно вийти? Стіл закриється; раунд лишиться незавершеним до наступного відкриття.
app-leave-close-question = За столом { $name } іде раунд. Усе одно закрити стіл? Раунд лишиться незавершеним до наступного відкриття.
app-leave-logout = Вийти, раунд лишається відкритим
app-leave-close = Закрити стіл, раунд лишається відкритим
app-leave-stay = Лишитися за столом (Esc)
app-watching = { $path }: у базу пише інша програма ({ $holder }); цей екран лише стежить за нею
app-writer-left = Програма, що записувала цю базу даних, завершила роботу ({ $holder }): екран більше не лише спостерігає, а працює з базою сам. Увійдіть, щоб вести гру.
app-rules-dir-missing = { $said }; теки правил { $dir } (--rules-dir) немає: пропонуються лише готові правила
app-fatal-title = Базу даних не вдається відкрити
app-fatal-nothing-changed = Нічого не змінено. Закрийте Croupier, усуньте причину, описану вище, і запустіть його знову.
app-role-dealer = дилер
app-role-supervisor = супервайзер
app-role-admin = адміністратор

# Вхід, перший адміністратор
login-title = Вхід
login-name = Ім'я
login-pin = PIN
login-button = Увійти
login-language = Мова
login-logged-in = увійшов користувач { $name } ({ $role })
login-logged-out = вихід виконано
login-first-title = Перший запуск: створіть першого адміністратора
login-first-help = Кожен входить під власним ім'ям: вкажіть ім'я людини, а не роль. PIN адміністратора — від 6 до 12 цифр; зберігається лише його хеш argon2.
login-pin-again = PIN ще раз
login-create-admin = Створити адміністратора
login-pins-differ = PIN-коди різні: введіть двічі той самий PIN
login-first-admin-done = { $name } — перший адміністратор: увійдіть
login-language-not-saved = { $said }; мову не збережено: { $why }

# Відкриття столу
table-form-title = Відкрити стіл
table-form-table = Стіл
table-form-rules = Правила
table-form-rules-change = Стіл { $table } грає за { $before }. Відкрити його натомість з { $after }? Його правила зміняться.
table-form-rules-change-yes = Так, відкрити з { $after }
table-form-rules-change-asked = підтвердьте вище зміну правил
table-form-min-bet = Мін. ставка
table-form-box-max = Макс. на бокс
table-form-open = Відкрити стіл
table-form-tables = Столи в цій базі
table-form-resume = Продовжити: { $name }
table-form-resume-in-play = Продовжити: { $name } (раунд у грі)
table-form-rules-file = файл правил { $path }
table-form-preset = готові правила { $name } (data/rules/{ $name }.json)
table-form-unplayable = Грати не можна: { $why }
table-form-house-edge = За найкращої гри: перевага казино { $edge } % від початкової ставки, { $hold } % від усіх ставок (нижче нуля — перевага гравців)
table-form-solving = Перевага казино: обчислюється…
table-form-solve-failed = Перевага казино: обчислення не вдалося ({ $message }); стіл грає, але раунди не оцінено
rules-players-edge = Ці правила дають перевагу гравцям: гравець, який грає найкраще, у довгій грі виграє { $edge } % від початкової ставки.
rules-lab-house-edge = перевага казино { $edge } % від початкової ставки (один бокс, кожен раунд із повного шуза)
rules-lab-legend = S { decision-stick }, W { decision-twist }, B { decision-buy }, P { decision-split }, R { decision-surrender }; друга літера каже, що робити, коли першу не дозволено
rules-lab-odds-start = дилер починає з карти { $card }; у шузі лишилося карт: { $left }
rules-lab-odds-ends = рука дилера закінчується (% роздач із цього шуза):
rules-lab-percent = { $value } %
table-form-choose-rules = виберіть правила
table-form-cannot-play = за правилами { $name } грати не можна: { $why }
table-form-no-name = столу потрібна назва

# За столом: що сталося з введенням
table-open = стіл { $name } відкрито
table-open-recovered = {" "}— останній раунд був завершений під час збою: його розрахунок тепер записано
table-open-back = {" "}— незавершений раунд продовжується з того місця, де зупинився
table-ok = OK { $step }
table-ok-settled = OK { $step } — раунд розраховано: виплатіть і заберіть, потім Enter
table-refused = ВІДХИЛЕНО { $step }: { $why }
table-why-expected = { $why }; очікується { $expected }
table-not-recorded = НЕ ЗАПИСАНО { $step }: { $why }
table-store-not-recorded = не записано, тому не прийнято: { $why }
table-round-deal = раунд { $n }: роздавайте
table-insurance-amount = страховка для { $bet }: { $why }
table-undone = скасовано: { $step }
table-nothing-to-undo = у цьому раунді нічого скасовувати
table-confirmed = розрахунок підтверджено: ставки на наступний раунд (карта починає роздачу)
table-new-shoe = новий шуз: лік карт починається знову
table-suit = масть { $suit } для наступної карти
table-no-insure = зараз жодну ставку не можна застрахувати (пропозиції діють лише одразу після роздачі, коли в дилера туз)
table-no-even-money = зараз жодна ставка не може взяти рівні гроші (потрібен Понтун проти туза дилера)
table-no-decline = зараз жодна ставка позаду не може відмовитися (лише перед купівлею чи сплітом на її руці)

# Ставки
bets-title = Ставки на наступний раунд
bets-help = Введіть ставки (спочатку власник боксу, потім ставки позаду). Enter або будь-яка карта починає роздачу; N — новий шуз.
bets-box-column = Бокс
bets-holder = Власник
bets-back-bet = Позаду { $n }
bets-box = Бокс { $box_no }
bets-deal = Роздати
bets-new-shoe = Новий шуз
bets-who-holder = власник
bets-who-back = ставка позаду { $n }
bets-gap = бокс { $box_no }: { $who } має ставку, а місце перед нею порожнє (першою йде ставка власника)
bets-bad-stake = бокс { $box_no }, { $who }: { $why }
bets-none = ставок немає: введіть ставку хоча б на один бокс
bets-refused = ставки не прийнято, полів до виправлення: { $n } (позначено !): { $why }

# Раунд у грі
play-next = ДАЛІ: { $what }
play-undo = Скасувати
play-card = Карта:{" "}
play-offers-title = У дилера туз: страховка / рівні гроші (будь-яке інше введення пропускає)
play-offer-insured = {" "}застраховано { $amount }
play-offer-even-money = {" "}рівні гроші
play-amount-for = сума для { $bet }
play-insure-up-to = Страховка (до { $max })
play-even-money = Рівні гроші
play-back-bets = Ставки позаду:
play-declines = { $bet }: без наступної купівлі/спліту ({ $key })
play-surrenders-alone = { $bet } здається сама
play-box = бокс { $box_no }
play-hand-of = бокс { $box_no }, рука { $hand } з { $hands }
play-step-surrender-bet = здатися { $bet }
play-step-insure = страховка { $bet } { $amount }
play-step-insure-up-to = страховка { $bet } (до { $max })
play-step-even-money = рівні гроші { $bet }
play-step-decline = відмова { $bet }
play-next-complete = нічого: раунд завершено
play-next-dealer-first = карта дилера
play-next-deal-first = перша карта для боксу { $box_no }
play-next-deal-second = друга карта для боксу { $box_no }
play-next-dealer = карта для дилера (у дилера { $total })
play-next-card = карта для: { $hand } ({ $why })
play-next-decision = рішення для: { $hand } ({ $cards }, сума { $total }): { $steps }
play-next-offers = пропозиція ({ $offers }) або { $next }
play-why-dealt = роздача
play-why-twisted = твіст
play-why-bought = купівля
play-why-split-second = друга карта після спліту
play-why-split-ace = карта до розділеного туза
play-why-auto-fifth = п'ята карта автоматично
play-outcome-bust = перебір
play-outcome-lost = програш
play-outcome-push = нічия
play-outcome-won = виграш
play-outcome-pontoon = Понтун
play-outcome-five-card-trick = п'ять карт
play-outcome-three-of-a-kind = три карти одного номіналу
play-outcome-surrendered = здався
# Масті: назва і знак після рангу карти
play-suit-spades = піки
    .mark = ♠
play-suit-hearts = чирви
    .mark = ♥
play-suit-diamonds = бубни
    .mark = ♦
play-suit-clubs = трефи
    .mark = ♣
# Сукно
play-felt-dealer = ДИЛЕР
play-felt-dealer-no-card = дилер: ще без карти
play-felt-dealer-cards = дилер: { $cards } = { $total }
play-felt-next-card = <- наступна карта
play-felt-empty-box = бокс { $box_no }
play-felt-box = БОКС { $box_no }
play-felt-insured = {" "}· страх. { $amount }
play-felt-even-money = {" "}· рівні гроші
play-felt-surrendered = {" "}· здався
play-felt-stands = стоїть
play-felt-decide = хід
play-felt-wants-card = карта
play-felt-box-name = бокс { $box_no }
play-felt-hand-name = бокс { $box_no }, рука { $hand }
play-felt-hand = рука { $hand }
play-felt-no-card = { $name }: ще без карти
play-felt-hand-cards = { $name }: { $cards } = { $total }, { $state }

# Розрахунок
settle-title = Розрахунок
settle-dealer = Дилер: { $cards } ({ $total })
settle-totals = Виплатити { $pay } · забрати { $collect } · результат казино { $net }
settle-confirm = Підтвердити й далі
settle-column-bet = Ставка
settle-column-stack = Фішки
settle-column-outcome = Результат
settle-column-cards = Карти
settle-column-staked = Сума
settle-net = разом { $bet }
settle-open = відкрито
settle-hand = рука: { $said }
settle-hand-of = рука { $hand } з { $hands }: { $said }
settle-insurance-open = страховка: відкрита
settle-insurance-won = страховка: у дилера Понтун
settle-insurance-lost = страховка: програла
settle-even-money = рівні гроші
settle-surrendered = здався: половина назад
settle-pay = ВИПЛАТИТИ { $amount }
settle-collect = ЗАБРАТИ { $amount }
settle-push = ПОВЕРНУТИ
settle-column-net = Підсумок ставки
settle-lines-unseen = ще не показані рядки: { $n } (PageDown, Down)
settle-confirm-unseen = не підтверджено: ще не показані рядки розрахунку: { $n }; перший з них позначено
settle-all-seen = усі рядки розрахунку вже показано: Enter його підтверджує

# Клавіші: що робить кожна (клавіші однакові в усіх мовах)
keys-title = Клавіші (F12 ховає)
keys-t-not-ten = T тут не десятка: туз пишеться Т. Десятка — 0; Т, набране на кириличній розкладці, — туз.
keys-card = карта (туди, де підсвічено)
keys-suit = масть наступної карти: піки, чирви, бубни, трефи (необов'язково)
keys-stick = { decision-stick }
keys-twist = { decision-twist }
keys-buy = { decision-buy }
keys-split = { decision-split }
keys-surrender = { decision-surrender } (увесь бокс)
keys-decline = ставка позаду відмовляється від наступної купівлі/спліту
keys-insure = застрахувати позначену ставку (максимум)
keys-even-money = рівні гроші для позначеної ставки
keys-mark = позначити іншу ставку для пропозиції
keys-undo = скасувати останнє введення
keys-confirm = роздати з цими ставками / підтвердити розрахунок
keys-new-shoe = новий шуз (між раундами)
keys-any-card = на екрані ставок: будь-яка карта починає роздачу
keys-esc = вийти з текстового поля
keys-toggle = показати чи сховати цю довідку
keys-page = розрахунок: посторінково (Up Down: порядково)
keys-card-marks = карта: літера з карти на кириличній розкладці або латинська клавіша після неї; 0 — десятка, T — ні

# Понтіс
pontis-setup-title = Відкрити стіл Понтіс
pontis-setup-help = Понтіс (RULES.md B): гра для 2 і більше гравців з однією колодою та джокерами, де треба першим позбутися карт; арбітр перевіряє кожен хід за різницею верхніх карт двох банків.
pontis-jokers = Джокери
pontis-top-card = Верхня карта
pontis-top-last = остання зіграна
pontis-top-declared = оголошена
pontis-open-button = Відкрити стіл Понтіс (Enter)
pontis-back = < Назад
pontis-tables = Столи Понтіс у цій базі
pontis-table-line = ПОНТІС · { $name } · джокерів: { $jokers } · верхня: { $top }
pontis-game-no = · гра { $n }
pontis-new-game = Нова гра
pontis-new-game-help = Гравці в порядку місць, імена через кому; здавач ходить першим (роздача переходить по колу: після гри роздає наступне місце).
pontis-players = Гравці
pontis-dealer = Здавач
pontis-start = Почати гру (Enter)
pontis-pass = Пас (P)
pontis-play = Хід (Enter)
pontis-abandon = Перервати гру
pontis-open = стіл Понтіс { $name } відкрито
pontis-open-back = стіл Понтіс { $name } відкрито — незавершена гра продовжується з того місця, де зупинилася
pontis-closed = стіл Понтіс { $name } закрито
pontis-closed-in-play = стіл Понтіс { $name } закрито (незавершена гра повернеться, коли стіл відкриють знову)
pontis-no-table = немає столу Понтіс з назвою «{ $name }»
pontis-none-open = жоден стіл Понтіс не відкрито
pontis-dealer-not-player = здавача «{ $dealer }» немає серед гравців ({ $players })
pontis-started = гра { $n } почалася: { $dealer } роздає і першим відкриває карту банку
pontis-abandoned = гру перервано (записано); ніхто не виграє
pontis-joker-next = джокер: наступна карта задає його значення
pontis-two-at-most = хід — це одна чи дві карти: Enter грає їх, U забирає останню
pontis-pending = хід { $play }: Enter — зіграти, або введіть другу карту
pontis-top-is-last = за правилами столу зверху лягає друга введена карта (верхня — «остання зіграна»)
pontis-type-first = спочатку введіть карту (карти) або P — пас; очікується { $expected }
pontis-over-empty = в одного з гравців скінчилися карти
pontis-over-circle = усі пасували по колу
pontis-ok-over = OK { $step } — гру завершено: { $how }
pontis-next-turn = { $name } відкриває карту банку: введіть її (одна клавіша; для джокера спочатку X)
pontis-next-move = ходить { $name }: { $need } (банк { $top } проти { $other_top } — { $other })
pontis-need-bridge = міст: різниця 0, дві карти однакового значення
pontis-need-ace-bridge = міст із тузів: різниця 13
pontis-need-difference = різниця { $a }
pontis-need-either = різниця { $a } або { $b }
pontis-expecting-over = більше нічого: гру закінчено
pontis-expecting-turn = карта банку гравця { $name }, щойно її відкрито
pontis-expecting-pass-only = { $name }: пас (міст потребує двох карт однакового значення, а { $name } тримає одну карту)
pontis-expecting-bridge = { $name }: дві карти однакового значення (міст) або { $name }: пас
pontis-expecting-one = { $name }: одна карта, що дає { $need }, або { $name }: пас
pontis-expecting-one-or-two = { $name }: одна карта або дві сумою чи різницею, що дають { $need }, або { $name }: пас
pontis-typed = хід: { $play }  — Enter грає
pontis-typed-declared = хід: { $play }  — Enter грає, M позначає верхню
pontis-game-facts = гра { $n } · кожному роздано { $dealt }, відкладено { $aside } · пасів підряд: { $passes }
pontis-seat-dealer = { $name } (роздає)
pontis-face-down = сорочкою догори
pontis-in-hand = { $n ->
    [one] { $n } карта в руці
    [few] { $n } карти в руці
   *[other] { $n } карт у руці
}
pontis-bank = банк: { $n ->
    [one] { $n } карта
    [few] { $n } карти
   *[other] { $n } карт
} · { $points ->
    [one] { $points } очко
    [few] { $points } очки
   *[other] { $points } очок
}
pontis-to-play = ^ хід
pontis-other-side = друга сторона різниці
pontis-game-over = КІНЕЦЬ ГРИ — { $how }
pontis-end-empty = { $name }: карт не лишилося
pontis-end-blocked = усі пасували по колу: рахуються банки
pontis-end-abandoned = перервано
pontis-winners = { $n ->
    [1] Переможець
   *[other] Переможці
}: { $names }
pontis-score-line = { $name }: { $points } оч. · банк { $bank } · у руці { $n }
pontis-keys-card = карта: відкрита карта банку або карта ходу
pontis-keys-suit = масть наступної карти: піки, чирви, бубни, трефи (необов'язково)
pontis-keys-joker = наступна карта — джокер з цим значенням
pontis-keys-top = оголошена верхня: зверху лягає остання введена
pontis-keys-enter = зіграти введені карти / відкрити стіл / почати гру / наступна гра
pontis-keys-pass = гравець, чий хід, пасує
pontis-keys-undo = забрати останню введену карту, інакше скасувати останнє введення
pontis-keys-undo-input = скасувати останнє введення
pontis-keys-clear = стерти введені карти
pontis-keys-toggle = показати чи сховати цю довідку
pontis-step-turn = { $name }: банк { $card }
pontis-step-pass = { $name }: пас

## Screens: the supervisor's desk, the floor window, the watch, rules files
## Ids start with desk-, floor-, watch-, rules-.

# Пульт супервайзера: заголовок, вкладки, перевірка
desk-title = Пульт супервайзера
desk-tab-history = Історія раундів
desk-tab-round = Раунд
desk-tab-charts = Графіки
desk-tab-pontis = Ігри Понтіс
desk-verifying = перевіряю…
desk-verified = ПЕРЕВІРЕНО: { $what }
desk-not-verified = НЕ ПЕРЕВІРЕНО: { $why }
desk-not-verified-yet = ще не перевірено
desk-verify-now = Перевірити
desk-verifying-background = перевіряю у фоні
desk-verified-rounds = { $events ->
    [one] { $events_shown } подія
    [few] { $events_shown } події
   *[other] { $events_shown } подій
}, { $rounds ->
    [one] { $rounds_shown } раунд
    [few] { $rounds_shown } раунди
   *[other] { $rounds_shown } раундів
}, останній хеш { $head }…
desk-verified-games = { $events ->
    [one] { $events_shown } подія
    [few] { $events_shown } події
   *[other] { $events_shown } подій
}, { $rounds ->
    [one] { $rounds_shown } раунд
    [few] { $rounds_shown } раунди
   *[other] { $rounds_shown } раундів
}, { $games ->
    [one] { $games_shown } гра Понтіс
    [few] { $games_shown } гри Понтіс
   *[other] { $games_shown } ігор Понтіс
}, останній хеш { $head }…
# Історія: фільтри
desk-from = Від
desk-to = До
desk-table = Стіл
desk-dealer = Дилер
desk-host = Здавач
desk-shift = Зміна
desk-box = Бокс
desk-outcome = Результат
desk-min-payout = Виплата від
desk-search = Шукати
desk-search-games = Шукати ігри
desk-search-all = Шукати всі раунди
desk-export = Експорт звіту
desk-export-summary = Зведення за столами
desk-export-rounds = Раунди
desk-export-dealers = Дилери
desk-export-exceptions = Позаштатні події
desk-filters-help = Дати у вигляді { $date } або { $iso } (ігрові дні, { $tz }); зміна: її номер, { $shifts }; результат: { $house }, { $players } або { $void }.
desk-export-protection = Гра з перевагою
desk-outcome-house = казино
desk-outcome-players = гравці
desk-outcome-void = анульовано
desk-bad-date = дата «{ $text }»: очікую дату на зразок { $example } або { $iso }
desk-bad-box = бокс «{ $text }»: очікую номер боксу від 1 до { $max }
desk-bad-shift = зміна «{ $text }»: очікується номер зміни від 1 до { $max } ({ $shifts })
desk-bad-payout = виплата «{ $text }»: очікую суму на зразок { $example }
desk-bad-outcome = результат «{ $text }»: очікую казино, гравці або анульовано
desk-latin-t = «{ $text }»: латинська T — не десятка, бо туз пишеться Т: десятку вводьте як 10
desk-bad-period = «Від» { $from } пізніше за «До» { $to }: спершу має бути раніша дата
# Історія: що в списку
desk-listing-shift = { $when ->
    [today] Зміна { $shift } ({ $hours }) сьогоднішнього ігрового дня, новіші вгорі
   *[other] Зміна { $shift } ({ $hours }) ігрового дня { $date }, новіші вгорі
}
desk-listing-latest = Останні раунди, новіші вгорі
desk-listing-older = Давніші раунди, новіші вгорі (сторінка { $page })
desk-listing-found = { $n ->
    [one] Знайдено { $n_shown } раунд, новіші вгорі: { $first }–{ $last }
    [few] Знайдено { $n_shown } раунди, новіші вгорі: { $first }–{ $last }
   *[other] Знайдено { $n_shown } раундів, новіші вгорі: { $first }–{ $last }
}
desk-newer = < Новіші
desk-older = Давніші >
desk-latest = Останні
desk-col-round = раунд
desk-col-settled = розраховано (UTC)
desk-col-table = стіл
desk-col-dealer = дилер
desk-col-handle = сума ставок
desk-col-house-win = виграш казино
desk-col-largest-win = найкраща ставка (нетто)
desk-col-best-bet-help = скільки виграла найвдаліша ставка раунду, без повернутої ставки; від’ємне, коли програли всі ставки (тоді це найменший програш)
desk-col-changed = зміна
desk-mark-voided = АНУЛЬОВАНО
desk-mark-corrected = ВИПРАВЛЕНО
desk-open = Відкрити { $round }
desk-open-void = Відкрити { $round } (анульовано)
# Історія: що зроблено
desk-search-stopped = пошук несподівано зупинився
desk-worker-panicked = фонове завдання зазнало збою: { $message }
desk-search-running = пошук уже триває
desk-searching = шукаю…
desk-search-capped = знайдено понад { $cap_shown } раундів: у списку й на графіках найновіші { $cap_shown } (звузьте пошук, щоб побачити решту)
desk-rounds-found = { $n ->
    [one] знайдено { $n_shown } раунд
    [few] знайдено { $n_shown } раунди
   *[other] знайдено { $n_shown } раундів
}
desk-no-older = давніших раундів немає
desk-no-rounds-yet = ще жодного розрахованого раунду
desk-status-shift = { $n ->
    [one] { $n } раунд цієї зміни, новіші вгорі
    [few] { $n } раунди цієї зміни, новіші вгорі
   *[other] { $n } раундів цієї зміни, новіші вгорі
}
desk-status-latest = { $n ->
    [1] у цій зміні ще нічого: останній раунд
    [one] у цій зміні ще нічого: останній { $n } раунд, новіші вгорі
    [few] у цій зміні ще нічого: останні { $n } раунди, новіші вгорі
   *[other] у цій зміні ще нічого: останні { $n } раундів, новіші вгорі
}
desk-status-page = сторінка { $page } раундів, новіші вгорі
desk-round-open = раунд { $round } відкрито
desk-round-voided = раунд { $round } анульовано: записано з причиною
desk-round-corrected = раунд { $round } виправлено: записано з причиною
desk-change-cancelled = нічого не записано: зміну скасовано
desk-confirm-void-asked = підтвердьте нижче анулювання раунду { $round }
desk-confirm-correct-asked = підтвердьте нижче виправлення раунду { $round }: різницю показано
desk-confirm-void = Анулювати раунд { $round }? Причина: «{ $reason }». Анулювання записується назавжди, і раунд більше не враховується.
desk-confirm-void-yes = Так, анулювати раунд { $round }
desk-confirm-correct = Записати це виправлення раунду { $round }? Причина: «{ $reason }». Різницю вище буде виплачено або зібрано за столом.
desk-confirm-correct-yes = Так, виправити раунд { $round }
desk-confirm-cancel = Скасувати
desk-preview-written = попередній перегляд: нічого ще не записано
desk-exported = експортовано: { $path }
desk-no-free-name = у теці { $folder } немає вільної назви файлу
desk-export-folder = Експортувати до теки
desk-export-filters = звіт не фільтрує за зміною, боксом, результатом чи виплатою: очистьте ці поля, і буде експортовано те, що знаходять інші фільтри
desk-export-no-folder = вкажіть теку для експорту
desk-export-bad-folder = не вдається записати до теки { $folder }: { $why }
# Раунд крок за кроком; анулювання й виправлення
desk-open-from-history = Відкрийте раунд з історії.
desk-round-heading = Раунд { $round }
desk-step-first = |< перший
desk-step-back = < назад
desk-step-next = далі >
desk-step-last = останній >|
desk-after-input = Після введення { $i } з { $n } — далі: { $next }
desk-nets = Підсумки: { $nets }
desk-event-bets = ставки: { $bets }
desk-event-bet = { $id } на боксі { $box_no }: { $stake }
desk-event-input = введення  { $text }
desk-event-refused = ВІДХИЛЕНО { $text } — { $why }
desk-event-undo = СКАСОВАНО { $text }
desk-event-settled = розраховано { $nets }
desk-event-voided = АНУЛЬОВАНО: { $reason }
desk-event-corrected = ВИПРАВЛЕНО: { $reason } → { $nets }
desk-exceptions-heading = Анулювати чи виправити (супервайзер; завжди з причиною, записується до позаштатних подій)
desk-reason = Причина
desk-void = Анулювати раунд
desk-inputs = Введення (через кому)
desk-preview = Переглянути виправлення
desk-correct = Записати виправлення
desk-diff-bet = ставка
desk-diff-was = було
desk-diff-now = після виправлення
desk-diff-pay = виплатити (+) / забрати (−) зараз
# Графіки
desk-charts-empty = Спершу виконайте пошук в історії раундів: графіки показують знайдені раунди.
desk-charts-reading = Читаю для графіків усі раунди, які знаходять фільтри…
desk-charts-intro = { $n ->
    [one] Графіки { $n_shown } раунду, знайденого фільтрами (без анульованих).
   *[other] Графіки { $n_shown } раундів, знайдених фільтрами (без анульованих).
}
desk-chart-win-day = Виграш казино за днями
desk-chart-win-rate-day = Частка виграшу від суми ставок, % за ігровими днями (червоним: теоретична частка чинних правил; помаранчевим: як зіграно)
desk-chart-win-hour = Виграш казино за годинами доби (місцевий час)
desk-chart-win-rate-hour = Частка виграшу від суми ставок, % за годинами доби (місцевий час)
desk-chart-rounds-hour = Раунди за годинами доби (місцевий час)
desk-chart-rate-dealer = Раундів за годину за столом, за дилерами
desk-axis-win = виграш
desk-axis-win-rate = частка виграшу, %
desk-axis-theory = теоретична частка виграшу, %
desk-axis-as-played = як зіграно: теоретична частка виграшу ухвалених рішень, %
desk-theory-line = Показані раунди: виграш казино { $win }; теоретичний виграш за найкращої гри { $best }, як зіграно { $played }; везіння { $luck } σ від зіграного
desk-axis-rounds = раунди
desk-axis-rate = раундів/год
desk-axis-day-pattern = %d.%m
# Ігри Понтіс
desk-games-help = Введення кожної гри відтворює «Перевірити»; `croupier export-game --game N` повертає гру як сценарій.
desk-games-found = { $n ->
    [one] знайдено { $n_shown } гру Понтіс
    [few] знайдено { $n_shown } гри Понтіс
   *[other] знайдено { $n_shown } ігор Понтіс
}
desk-col-game = гра
desk-col-started = початок (UTC)
desk-col-host = здавач
desk-col-players = гравці
desk-col-inputs = введення
desk-col-end = кінець
desk-col-winners = переможці
desk-game-in-play = триває
desk-game-end-empty-hand = хтось без карт
desk-game-end-blocked = ходів немає
desk-game-end-abandoned = перервано

# Флор: зв'язок у верхньому рядку, вікно «Флор»
floor-link-connecting = флор: з'єднання
floor-link-in-sync = флор: синхронно (подія { $event })
floor-link-behind = { $n ->
    [one] флор: відстає на { $n } подію
    [few] флор: відстає на { $n } події
   *[other] флор: відстає на { $n } подій
}
floor-link-unreachable = флор недоступний з { $since } UTC
floor-link-refused = флор ВІДХИЛИВ журнал цього столу: покличте супервайзера
floor-link-stopped = флор: зв'язок ЗУПИНЕНО: { $panic }
floor-link-durable = кожне введення спершу надійно записане у файл цього столу
floor-button = Флор
floor-window = Флор
floor-reading = читаю…
floor-read-at = Прочитано о { $time } UTC (кожні 3 с)
floor-alarms = { $n ->
    [one] { $n } непідтверджена тривога на флорі: croupier floor-alarms показує і підтверджує тривоги; див. також звіт «Позаштатні події» (croupier report --floor … --kind exceptions)
    [few] { $n } непідтверджені тривоги на флорі: croupier floor-alarms показує і підтверджує тривоги; див. також звіт «Позаштатні події» (croupier report --floor … --kind exceptions)
   *[other] { $n } непідтверджених тривог на флорі: croupier floor-alarms показує і підтверджує тривоги; див. також звіт «Позаштатні події» (croupier report --floor … --kind exceptions)
}
floor-today-heading = Сьогоднішня частка виграшу за столами
floor-col-table = стіл
floor-col-rounds = раунди
floor-col-handle = сума ставок
floor-col-house-win = виграш казино
floor-col-win-rate = частка виграшу
floor-dbs-heading = Бази даних столів
floor-col-identity = ідентифікатор
floor-col-file = файл
floor-col-events = подій на флорі
floor-col-last-heard = востаннє на зв'язку
floor-never = ніколи

# Спостереження за столом, який веде інша програма
watch-heading = Спостереження — лише читання
watch-explained = У цю базу пише інша програма (шуз, що зчитує карти, або інший екран): цей екран стежить за її столом наживо й нічого не приймає.
watch-no-table = У цій базі ще немає столу.
watch-table-line = { $table } · { $rules } · шуз { $shoe } · подія { $event }
watch-house-rules = правила казино
watch-round = Раунд { $round } — далі: { $next }
watch-between-rounds = Між раундами: чекаємо на нові ставки.
watch-table-closed = Стіл закрито: нічого більше не надійде, доки дилер або зчитувач не відкриє його знову.
watch-last-round = Останній раунд: { $round }, як його розраховано

# Файли правил та їхні параметри
rules-folder-unreadable = теку правил не вдається прочитати: { $why }
rules-not-a-file = це не звичайний файл (тека, FIFO чи пристрій): файл правил — це об'єкт JSON з параметрами
rules-too-big = понад { $bytes } байтів: файл правил — це об'єкт JSON з параметрами, щонайбільше кілька КБ
rules-not-utf8 = це не текст у UTF-8: файл правил — це JSON
rules-yes = так
rules-no = ні
rules-none = жодної
rules-choice-rank = однакові карти
rules-choice-value = однакова вартість
rules-choice-player-loses = гравець програє
rules-choice-player-wins = гравець виграє
rules-choice-dealer-wins = виграє дилер
rules-choice-push = нічия
rules-choice-all-stakes = усі ставки, і за куплені карти
rules-choice-original-stake = початкову ставку (за куплені карти 1:1)
rules-knob-decks = колод
rules-knob-boxes = боксів
rules-knob-bets-per-box = ставок на бокс
rules-knob-min-stick = досить щонайменше на
rules-knob-buy-cards = купити можна карту
rules-knob-buy-after-twist = купівля після твісту
rules-knob-stop-at-21 = на 21 зупинка
rules-knob-auto-fifth-card-max = п'ята карта сама до суми
rules-knob-split-match = спліт на
rules-knob-max-splits = сплітів щонайбільше
rules-knob-ace-splits = сплітів тузів
rules-knob-split-ace-cards = карт до туза після спліту
rules-knob-pontoon-after-split = понтун після спліту
rules-knob-pontoon-pays = понтун платить
rules-knob-pontoon-paid-at-once = понтун одразу
rules-knob-pontoon-vs-pontoon = понтун проти понтуна
rules-knob-five-card-trick-pays = п'ять карт платить
rules-knob-five-card-trick-stakes = п'ять карт платять на
rules-knob-five-card-trick-paid-at-once = п'ять карт одразу
rules-knob-five-card-trick-beats-dealer-pontoon = п'ять карт б'ють понтун дилера
rules-knob-three-of-a-kind-pays = три карти одного номіналу платять
rules-knob-ties = рівні суми
rules-knob-dealer-hits-soft-17 = дилер бере на м'яких 17
rules-knob-insurance-max = страховка щонайбільше
rules-knob-insurance-pays = страховка платить
rules-knob-even-money = рівні гроші
rules-knob-surrender = здача (здатися)

## Reports: titles, columns, footers, charts (report-, csv-)

# Сторінка та її заголовки.
report-title-summary = Зведення за столами
report-title-rounds = Раунди
report-title-dealers = Дилери
report-title-exceptions = Позаштатні події
report-title-protection = Захист від гри з перевагою
report-heading = Croupier — { $title }
report-subtitle = { $from } — { $to } · { $databases ->
    [one] { $databases } база даних
    [few] { $databases } бази даних
   *[other] { $databases } баз даних
}
report-none = За цей період немає.
report-mixed-currencies = Бази даних ведуться в різних валютах: показники кожного столу — у його валюті (стовпець «Валюта»), підсумки й діаграми — окремо за валютами; суми в різних валютах ніколи не додаються.
report-timestamp-pattern = %d.%m.%Y %H:%M:%S
report-chart-day-pattern = %d.%m
report-section-by-shift = За змінами
report-section-by-day = За днями
report-section-by-month = За місяцями
report-section-month-to-date = З початку місяця
report-section-year-to-date = З початку року
report-section-period-total = Разом за період
report-section-rules-edge = перевага за правилами (у кого вона за найкращої гри)
report-section-rounds = Раунди
report-section-dealers = Дилери
report-section-exceptions = Позаштатні події
report-section-protection = захист (чи йдуть ставки за шузом?)
report-section-pontis-games = Ігри в Понтіс
report-section-pontis-by-table = Ігри в Понтіс за столами й здавачами
report-col-table = Стіл
report-col-date = Дата
report-col-shift = Зміна
report-col-from = Період
report-col-month = Місяць
report-col-tables = Столів
report-col-currency = Валюта
report-col-rounds = Раундів
report-col-handle = Сума ставок
report-col-paid = Виплачено
report-col-house-win = Виграш казино
report-col-replayed = Відтворено аудитором флору
report-col-win-rate = Частка виграшу, %
report-col-theo-best = Теоретичний виграш за найкращої гри
report-col-theoretical-win-rate = Теоретична частка виграшу, %
report-col-theo-as-played = Теоретичний виграш, як зіграно
report-col-luck = Везіння: виграш проти зіграного (σ)
report-col-house-edge = перевага казино % (від початкової ставки)
report-col-edge-to = перевага в
report-col-insurance-taken = Страховки прийнято
report-col-insurance-paid = Страховки виплачено
report-col-splits = Спліти
report-col-buys = Куплені карти
report-col-pontoons = Виплачені понтуни
report-col-five-card-tricks = Виплачені «5 карт»
report-col-settled-at = Час розрахунку
report-col-round = Раунд
report-col-dealer = Дилер
report-col-bets = Ставки (id@бокс:сума)
report-col-inputs = Введення
report-col-nets = Результати ставок
report-col-hours = Годин за столом
report-col-rounds-per-hour = Раундів за годину
report-col-refused = Відхилені введення
report-col-undos = Скасування
report-col-corrections = Виправлення
report-col-time = Час
report-col-exception = Подія
report-col-user = Користувач
report-col-detail = Подробиці
report-col-started-at = Початок
report-col-game = Гра
report-col-host = Здавач
report-col-players = Гравці
report-col-minutes = Хвилин
report-col-end = Кінець
report-col-winners = Переможці
report-col-games = Ігор
report-col-empty-hand = Порожня рука
report-col-blocked = Блокування
report-col-abandoned = Перервано
report-col-in-play = Триває
report-col-longest = Найдовша (ходів)
report-col-box = бокс
report-col-correlation = кореляція ставок зі станом шуза
report-col-p-value = p-значення
report-col-flagged = позначено
report-col-average-stake = Середня ставка
report-flag-yes = так
report-flag-no = ні
report-exception-table-opened = відкриття столу
report-exception-round-voided = раунд анульовано
report-exception-round-corrected = раунд виправлено
report-exception-undo = скасування
report-exception-step-refused = введення відхилено
report-exception-login-failed = невдалий вхід
report-exception-user-locked = користувача заблоковано
report-exception-user-unlocked = користувача розблоковано
report-exception-floor-alarm = тривога на флорі
report-exception-payout = виплата понад поріг
report-exception-verify-failed = перевірка не пройдена
report-exception-bets-follow-shoe = ставки йдуть за шузом
report-end-in-play = триває
report-word-yes = так
report-word-not-yet-replayed = ЩЕ НЕ ВІДТВОРЕНО
report-end-empty-hand = порожня рука
report-end-blocked = блокування
report-end-abandoned = перервано
report-currency-not-set = не задано
report-edge-players = гравців: ці правила дають їм перевагу
report-edge-house = казино
report-span = { $from } — { $to }
# A table whose name another database of the report also has; $n: its database, as the
# footer numbers them.
report-table-in-database = { $table } (база даних { $n })
report-detail-undid = скасовано «{ $text }»
report-detail-reason = причина: { $reason }
report-detail-refused = «{ $text }»: { $reason }
report-detail-login-failed = { $name }: { $reason }
report-login-unknown-user = такого користувача немає
report-login-locked = обліковий запис заблоковано
report-login-wrong-pin = неправильний PIN
report-detail-user-locked = { $name } заблоковано (невдалих спроб: { $n })
report-detail-user-unlocked = { $name } розблоковано: { $by }
report-detail-table-opened = стіл відкрито: правила { $preset }, ліміти { $limits }
report-detail-rules-changed = змінено правила або ліміти: правила { $preset }, ліміти { $limits }
report-detail-payout = ставка виграла { $won } (поріг { $threshold })
report-detail-bets-follow-shoe = бокс { $box_no }: ставки йдуть за цінністю шуза для гравця протягом { $rounds } раундів (кореляція { $correlation }, p-значення { $p_value })
report-chart-win-by-day = Виграш казино за днями
report-chart-win-by-day-in = Виграш казино за днями ({ $currency })
report-chart-win-rate-by-day = Частка виграшу, % за днями
report-chart-win-rate-by-day-in = Частка виграшу, % за днями ({ $currency })
report-chart-rounds-per-dealer = Раунди за дилерами
report-footer-report = Звіт
report-footer-period = Період
report-footer-period-value = { $from } — { $to } (ігрові дні, обидва включно)
report-footer-filter-table = Фільтр: стіл
report-footer-filter-dealer = Фільтр: дилер
report-footer-filter-threshold = Фільтр: поріг виплати
report-footer-generated-by = Склав
report-footer-generated-at = Складено
report-footer-generated-by-cli = системний користувач (командний рядок, { $user })
report-footer-generated-by-cli-unnamed = системний користувач (командний рядок, ім’я невідоме)
report-footer-database = База даних { $n }
report-footer-floor-database = флор { $floor }, база даних столу { $database } (синхронізовано з файлу { $path })
report-detail-verify-failed = { $place }: { $why }
report-footer-chain-head = База даних { $n }: останній хеш ланцюжка
report-footer-chain-head-value = подія { $seq } { $hash }
report-footer-currency = База даних { $n }: валюта
report-footer-currencies = Валюти
report-footer-verify = База даних { $n }: перевірка
report-footer-passed = ПРОЙДЕНО ({ $detail })
report-footer-failed = НЕ ПРОЙДЕНО: { $why }
report-footer-failed-replayed = аудитор флору відтворив події до { $through } з { $head }
report-footer-failed-detached = флор більше не містить подій 1–{ $last } цієї бази даних столу (їхні місяці від'єднано, напр. заархівовано): тут їх не перевірити; перевірте їх в архіві
report-footer-failed-months-detached = копія на флорі не містить подій { $from }–{ $head } (останньої): їхні місяці від'єднано
report-footer-failed-chain-breaks = ланцюжок на флорі розривається на події { $seq } (подію там пропущено, або вона не випливає з попередньої події)
report-footer-failed-chain-missing = аудитор флору виявив, що подія { $seq } на флорі відсутня (ланцюжок перевірено { $at }): ланцюжок там розірвано
report-footer-failed-head-hash = аудитор флору виявив, що всі збережені перевірки справджуються до події { $seq }, голови, але хеш ланцюжка там відрізняється від хешу голови, який зберігає флор (ланцюжок перевірено { $at }): події змінено разом із наново обчисленими перевірками, або змінено хеш голови
report-footer-failed-head-hash-walked = усі збережені перевірки справджуються до події { $seq }, голови, але хеш ланцюжка там відрізняється від хешу голови, який зберігає флор (tables.head_hash): події змінено разом із наново обчисленими перевірками, або змінено хеш голови
report-footer-failed-identity = хеш ланцюжка події 1 не є ідентичністю цієї бази даних столу на флорі (tables.db): її події не належать файлу, який ця ідентичність позначає, або ідентичність змінено
report-footer-failed-chain = аудитор флору виявив, що подія { $seq } не випливає з попередньої події на флорі (ланцюжок перевірено { $at }): ланцюжок там розірвано
report-footer-failed-chain-breaks-within = ланцюжок на флорі розривається на події { $seq } або раніше, після події { $after }, останньої події перед нею, чия збережена перевірка збігається ({ $steps ->
        [one] подія { $first } — ігровий крок, який не має власної перевірки
       *[other] події { $first }–{ $last } — ігрові кроки, які не мають власної перевірки
    }): одну з подій { $first }–{ $seq } змінено, або її перевірку
report-footer-failed-chain-within = аудитор флору виявив розрив ланцюжка на події { $seq } або раніше, після події { $after }, останньої події перед нею, чия збережена перевірка збігалася ({ $steps ->
        [one] подія { $first } — ігровий крок, який не має власної перевірки
       *[other] події { $first }–{ $last } — ігрові кроки, які не мають власної перевірки
    }; ланцюжок перевірено { $at }): одну з подій { $first }–{ $seq } змінено, або її перевірку
report-footer-failed-auditor-refuses = { $replayed }: відтворення аудитором флору відхиляє подію { $seq } ({ $why })
report-footer-failed-stray-round = { $replayed }: відтворення аудитором флору відхиляє подію { $seq } (флор зберігає рядок croupier.rounds для події { $seq }, яка не розраховує жодного раунду: рядок додано поза тригером флору, і звіти його враховують)
report-footer-failed-stray-start = { $replayed }: відтворення аудитором флору відхиляє подію { $seq } (croupier.round_starts флору для події { $seq } не відповідає тому, що дають події (рядок додано, змінено або видалено поза тригером флору), а теоретична частка виграшу у звітах читається з нього)
report-footer-failed-totals = збережені підсумки флору відрізняються від того, що дають його події ({ $why }): croupier.round_totals змінено поза тригером флору, і звітам, що її читають, не можна довіряти
report-footer-failed-alarms = { $count ->
    [one] { $count } тривога на флорі для цієї бази даних столу, перша на події { $first }; { $replayed }
    [few] { $count } тривоги на флорі для цієї бази даних столу, перша на події { $first }; { $replayed }
   *[other] { $count } тривог на флорі для цієї бази даних столу, перша на події { $first }; { $replayed }
}
report-footer-not-replayed = ЩЕ НЕ ВІДТВОРЕНО: аудитор флору відтворив події до { $through } з { $events }; не перевірено, доки не відтворено всі ({ $detail })
report-footer-totals-not-checked = ЩЕ НЕ ПЕРЕВІРЕНО: аудитор флору перевірив збережені підсумки до події { $through } з { $events }; не засвідчено, доки їх не перевірено до останньої ({ $detail })
report-footer-not-run = НЕ ВИКОНУВАЛАСЬ (--skip-verify): ці показники не перевірено
# A verdict's detail (report::verdict), worded part by part: the floor's chain read, its
# replay and its kept totals' check.
report-verdict-chained = події, зчеплені на флорі: { $head }; { $chain }; тривог немає
report-verdict-chain-checked = ланцюжок перевірено аудитором флору до події { $through } ({ $at })
report-verdict-chain-walked-on = ланцюжок перевірено аудитором флору до події { $through } ({ $at }), далі пройдено від події { $next }
report-verdict-chain-touched = ланцюжок пройдено знову від події 1 (події на флорі змінено після перевірки аудитором { $at })
report-verdict-chain-stale = ланцюжок пройдено знову від події 1 (перевірка аудитором { $at } спирається на прохід від події 1, давніший за дві години)
report-verdict-chain-months = ланцюжок пройдено знову від події 1 (місяці на флорі приєднано або від'єднано після перевірки аудитором { $at })
report-verdict-chain-never = ланцюжок пройдено знову від події 1 (аудитор флору його ще не перевіряв)
report-verdict-passed-floor = { $chained }; { $replayed }; збережені підсумки перевірено до події { $through } ({ $at })
report-verdict-pending = { $chained }; розраховані раунди від раунду { $from }, ще не відтворені: { $rounds }
report-verdict-pending-none = { $chained }; ще не відтворені події, жодна з них не є розрахованим раундом
report-verdict-totals-never = { $chained }; { $replayed }; аудитор флору ще не перевіряв збережені підсумки
report-verdict-totals-touched = { $chained }; { $replayed }; у croupier.round_totals, croupier.day_totals або croupier.month_totals записано поза тригером флору після перевірки аудитором { $at }
report-verdict-totals-after = { $chained }; { $replayed }; збережені підсумки перевірено { $at }; події { $from }–{ $to } надійшли пізніше
report-footer-replayed = відтворено: { $events ->
    [one] { $events } подія
    [few] { $events } події
   *[other] { $events } подій
}, { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунди
   *[other] { $rounds } раундів
}
report-footer-replayed-games = відтворено: { $events ->
    [one] { $events } подія
    [few] { $events } події
   *[other] { $events } подій
}, { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунди
   *[other] { $rounds } раундів
} і { $games ->
    [one] { $games } гра в Понтіс
    [few] { $games } гри в Понтіс
   *[other] { $games } ігор у Понтіс
}
csv-field = Поле
csv-value = Значення

## Messages: engine and store refusals shown to people (error-)
# Відмови рушія: крок раунду
error-round-complete = раунд уже завершено
error-card-not-wanted = зараз карта не потрібна: черга рішення
error-decision-not-wanted = зараз рішення не потрібне: черга карти
error-impossible-rank = неможлива карта { $card }: у шузі { $decks ->
    [one] { $decks } колода
    [few] { $decks } колоди
   *[other] { $decks } колод
}, тобто { $max } × { $rank }, і всі вже вийшли
error-impossible-suited = неможлива карта { $card }: у шузі { $decks ->
    [one] { $decks } колода
    [few] { $decks } колоди
   *[other] { $decks } колод
}, тобто { $decks } × { $card }, і всі вже вийшли
error-no-such-bet = ставки № { $n } немає
error-bet-not-in-play = ставка { $bet } не на боксі, що грає
error-not-a-back-bet = ставка { $bet } — ставка власника боксу: власник здається за весь бокс і відмовитися не може
error-bet-finished = ставка { $bet } уже завершена (здалася або взяла рівні гроші)
error-not-on-this-hand = ставка { $bet } не має нічого на цій руці
error-offers-not-open = страховку і рівні гроші пропонують лише тоді, коли в дилера туз, одразу після роздачі
error-offers-closed = пропозиції закрито: вони закінчуються першим введенням, яке не є пропозицією
error-offer-taken = ставка { $bet } уже взяла страховку або рівні гроші (не більше одного, один раз)
error-insurance-amount = страховка ставки { $bet } має бути більша за 0 і не більша за { $max }
error-even-money-not-offered = за цими правилами рівні гроші не пропонують
error-no-pontoon = бокс ставки { $bet } не має Понтуна, тож рівні гроші взяти не може
error-buy-after-twist = ця рука вже робила твіст, тож купувати більше не може
error-fifth-not-buyable = п'яту карту купити не можна: лише твіст
error-card-not-buyable = { $n }-ту карту руки за цими правилами купити не можна
error-not-a-pair = { $a } і { $b } — не пара, тож спліт неможливий
error-split-needs-two = спліт можливий лише для перших двох карт руки
error-split-limit = цей бокс уже робив спліт { $n ->
    [one] { $n } раз
    [few] { $n } рази
   *[other] { $n } разів
} — більше правила не дозволяють
error-ace-split-limit = тузи можна розділити лише { $n ->
    [one] { $n } раз
    [few] { $n } рази
   *[other] { $n } разів
} на бокс
error-split-ace-no-decision = розділений туз отримує карту без рішення ({ $decision } відхилено)
error-stick-below-minimum = на сумі { $total } зупинитися не можна: найменша сума, на якій можна сказати «досить», — { $min }
error-surrender-not-allowed = за цими правилами здатися не можна
error-surrender-against-ace = проти туза дилера здатися не можна
error-surrender-too-late = здатися можна лише першим рішенням на нерозділеній руці з двох карт
error-declined-twice = ставка { $bet } уже відмовилася
error-nothing-to-decline = на цій руці не можна ні купити, ні зробити спліт, тож відмовлятися нема від чого
error-decline-must-precede = відмова має стояти безпосередньо перед своєю купівлею чи сплітом
# Відмови рушія: ставки раунду і ліміти столу
error-no-bets = ставок немає: раунду потрібна хоча б одна ставка
error-no-such-box = ставка «{ $bet }»: боксу { $box_no } на цьому столі немає (бокси від 1 до { $boxes })
error-duplicate-bet = ставка «{ $bet }» трапляється двічі: позначення ставок мають бути унікальні
error-stake-not-positive = ставка «{ $bet }»: ставка має бути додатна, а вона { $stake }
error-below-minimum = ставка «{ $bet }»: { $stake } менше за мінімум столу { $min }
error-over-box-max = бокс { $box_no }: ставки разом { $total }, більше за максимум на бокс { $max }
error-too-many-bets = бокс { $box_no }: ставок { $count }, а правила дозволяють { $max } на бокс (власник і ставки позаду)
error-bad-limits = хибні ліміти: { $detail }
error-limits-not-positive = ліміти мають бути додатними сумами
error-limits-order = мінімальна ставка { $min } більша за максимум на бокс { $max }
# Введені суми
error-not-an-amount = «{ $text }» — не сума: очікується кількість грошових одиниць, напр. 10, 2,5 або 0,05
error-too-precise = «{ $text }» має понад два знаки після коми: суми точні до копійки
error-too-large = «{ $text }» — завелика сума: не більше 10000000000
# Сховище: вхід і база даних
error-login-wrong = хибне ім'я або PIN
error-login-locked = обліковий запис { $name } заблоковано після { $n } невдалих спроб: розблокувати його має супервайзер
error-not-croupier = { $path }: це не база Croupier ({ $detail }); вкажіть шлях до бази Croupier або нову назву файлу, щоб її створити
error-newer-schema = { $path }: записана новішою версією Croupier (схема { $found }, ця програма знає до { $known }); скористайтеся новішою версією
error-older-schema = { $path }: схема { $found } старіша за { $known }; спершу оновіть її командою `croupier migrate --db FILE` (записане не змінюється)
error-in-use = { $path }: її використовує інший процес Croupier ({ $holder }); спершу закрийте його там або дочекайтеся, поки він завершиться
error-read-only = { $path }: запис неможливий ({ $detail }); перевірте права на файл і теку або виберіть доступне для запису місце через --db
error-disk-full = { $path }: диск заповнено; з цього введення нічого не записано. Звільніть місце на диску і введіть знову
error-sqlite = { $path }: { $detail }
error-pin-hash = не вдалося обчислити хеш PIN: { $detail }
error-log-no-round = у { $path } немає раунду { $round }
error-log-no-round-numbered = { $path }: раунду { $round } немає (раунди нумеруються від 1; у цій базі їх { $rounds })
error-log-no-game = { $path }: гри Pontis { $game } немає (ігри нумеруються від 1; у цій базі їх { $games })
error-log-round-in-play = раунд { $round } ще триває: розрахунку ще немає
error-log-game-in-play = гра Pontis { $game } ще триває: вона ще не закінчилася
error-log-no-settlement = раунд { $round } не має розрахунку
error-log-start-unreadable = раунд { $round }: його подію round_started не прочитати (запустіть `croupier verify`)
error-log-correction-unreadable = раунд { $round }: виправлення не прочитати: { $detail }
error-log-not-a-setting = подія { $seq }: не налаштування (запустіть `croupier verify`)
error-log-bad-currency = записана валюта "{ $code }" не є кодом ISO 4217 (запустіть `croupier verify`)
error-log-bad-calendar = записаний ігровий день (часовий пояс «{ $tz }», зміни «{ $shifts }») не є календарем (запустіть `croupier verify`)
error-log-bad-language = записана мова "{ $code }" користувача { $user } не є жодною з en, cs, uk, ru (запустіть `croupier verify`)
error-log-replay-thread = потік відтворення зазнав збою: { $message }

# Сесія столу: введення, яке зараз не приймається (не дозволено або нічого робити)
error-table-needs-name = столу потрібна назва
error-is-pontis-table = «{ $name }» — стіл Понтіс: дайте столу Понтун іншу назву
error-is-pontoon-table = «{ $name }» — стіл Понтун: дайте столу Понтіс іншу назву
error-rules-need-supervisor = стіл { $name } має інші правила або ліміти: змінити їх може лише супервайзер (відкрийте стіл із чинними правилами або покличте супервайзера)
error-rules-round-in-play = на столі { $name } триває раунд: дограйте його, перш ніж змінювати правила чи ліміти
error-pontis-rules-need-supervisor = стіл Понтіс { $name } має інші правила: змінити їх може лише супервайзер
error-pontis-rules-game-in-play = на столі Понтіс { $name } триває гра: дограйте її, перш ніж змінювати правила
error-table-not-in-log = стола немає в журналі
error-no-such-table = стола «{ $name }» у цій базі даних немає
error-shoe-during-round = триває раунд: дограйте його, перш ніж ставити новий шуз
error-round-in-play = раунд уже триває
error-no-round = раунд не триває: спершу прийміть ставки
error-undo-settled = раунд не триває: розрахований раунд змінює лише виправлення супервайзера
error-nothing-to-undo-round = у цьому раунді нічого скасовувати
error-game-in-play = гра вже триває
error-no-game = гра не триває: спершу почніть гру
error-undo-ended = гра не триває: завершену гру не відкривають знову
error-nothing-to-undo-game = у цій грі нічого скасовувати
error-no-game-to-abandon = гра не триває
error-dealer-cannot-correct = { $name } — дилер: анулювати чи виправити розрахований раунд може лише супервайзер
error-no-reason = вкажіть причину (хоча б кілька слів): її буде записано в журнал
error-not-settled = раунд { $round } не розраховано: анулювати чи виправити можна лише розраховані раунди
error-already-voided = раунд { $round } уже анульовано
error-count-due = потрібен підрахунок: стіл { $name } не має підрахунку запасу за цей ігровий день (два підписи, один — керівника)
error-no-chip-set = ця база не має набору фішок, тож готівка за її столами не записується (спершу його задає керівник або адміністратор)
error-log-unreadable = журнал не вдається прочитати: { $detail }
error-unreadable-input = це не введення (показано, як набрано)
error-unended-input = рядок не закінчується символом нового рядка (введення обірвалося посередині), тож це не введення
error-as-logged = (як записано в журналі) { $text }
logged-typed = «{ $text }» (як набрано)

# Сховище: відхилені запити щодо користувачів, PIN і налаштувань
error-not-a-role = «{ $text }» — не роль: очікується dealer, supervisor або admin
error-name-length = ім'я користувача «{ $name }»: очікується ім'я людини від 2 до 40 символів
error-name-letters = ім'я користувача «{ $name }»: очікуються лише літери, пробіли, дефіси чи апострофи (ім'я людини)
error-name-generic = ім'я користувача «{ $name }»: спільні чи загальні облікові записи заборонені, кожен входить під своїм ім'ям
error-pin-length = PIN для ролі { $role } має від { $min } до 12 цифр
error-first-must-be-admin = перший користувач має бути адміністратором
error-add-needs-confirmation = додавання користувача має підтвердити адміністратор або супервайзер (ім'я і PIN)
error-may-not-add = { $by } ({ $by_role }) не може додати роль { $role }: адміністратор додає будь-кого, супервайзер — дилерів
error-user-exists = користувач «{ $name }» уже існує
error-dealer-cannot-unlock = { $name } — дилер: розблокувати користувача може лише супервайзер
error-no-such-user = користувача «{ $name }» немає
error-not-locked = { $name } не заблоковано
error-may-not-reset-pin = { $by } ({ $by_role }) не може змінити PIN ролі { $role }: адміністратор змінює PIN будь-кому, супервайзер — дилерам
error-only-admin-sets-roles = { $by } ({ $by_role }) не може змінювати роль користувача: це може лише адміністратор
error-same-role = { $name } вже має роль { $role }
error-last-admin = { $name } — останній адміністратор: спершу зробіть адміністратором когось іншого
error-promotion-needs-pin = { $name } отримає роль { $role } лише з новим PIN від { $min } до 12 цифр: нинішній PIN може бути закоротким для цієї ролі
error-locked-now = { $name } зараз заблоковано: перш ніж діяти знову, обліковий запис має розблокувати керівник
error-dealer-cannot-set-currency = { $name } — дилер: валюту столу може встановити лише супервайзер або адміністратор
error-currency-fixed = валюта — { $currency }, і раунди записано в ній: база даних має одну валюту (суми ніколи не конвертуються); стіл, що змінює валюту, починає нову базу даних
error-dealer-cannot-set-calendar = { $name } — дилер: часовий пояс і зміни ігрового дня може встановити лише супервайзер або адміністратор
error-may-not-set-language = { $by } ({ $by_role }) не може встановити мову користувачу { $user }: кожен встановлює свою, супервайзер — дилерам, адміністратор — будь-кому

# Гра Понтіс: відхилений крок
error-pontis-expected = { $why }; очікується: { $next }
error-pontis-no-seat = місця { $n } за столом немає
error-pontis-over = гру закінчено
error-pontis-out-of-turn = не в свою чергу: зараз хід { $now }, а не { $who }
error-pontis-bank-card-gone = карта банку { $card }: { $why }
error-pontis-already-turned = карту банку гравця { $who } вже відкрито ({ $top })
error-pontis-turn-first = спершу треба відкрити карту банку гравця { $who }
error-pontis-holds-fewer = у гравця { $who } { $held ->
    [one] { $held } карта
    [few] { $held } карти
   *[other] { $held } карт
} — менше, ніж зіграно ({ $played })
error-pontis-does-not-meet = { $cards } не відповідає умові: { $need }
error-pontis-on-top = { $top } поверх { $under }
error-pontis-card-gone = { $card }: { $why }
error-pontis-rank-gone = усі чотири карти { $rank } з колоди вже в грі
error-pontis-card-in-game = { $card } вже в грі (у колоді вона одна)
error-pontis-jokers-gone = усі джокери ({ $n }) вже в грі

## The table's money: fill and credit slips, the close-out report (slip-, report-)

slip-title-fill = Квитанція поповнення (fill)
slip-title-credit = Квитанція повернення (credit)
slip-table = Стіл
slip-time = Час
slip-denomination = Номінал
slip-count = Фішок
slip-amount = Сума
slip-total = Разом
slip-by = Підписав
slip-witness = Свідок
report-title-closeout = Закриття зміни
report-section-par = Столи з фіксованим запасом (par)
report-section-players = Гравці: сесії кожного боксу за столом
report-col-day = Ігровий день
report-col-opening = Початковий запас
report-col-fills = Поповнення
report-col-credits = Повернення
report-col-closing = Кінцевий запас
report-col-drop = Дроп
report-col-win = Виграш
report-col-hold-pct = Hold % (виграш ÷ дроп)
report-col-cash-logged = Записана готівка
report-col-dealt-win = Виграш за роздачами
report-col-difference = Різниця
report-col-drop-difference = Різниця скриньки
report-col-tray-difference = Різниця запасу
report-col-par = Норматив лотка (par)
report-col-expected-tray = Очікуваний запас
report-col-counted-tray = Перерахований запас
report-col-proposed-fill = Запропоноване поповнення
report-col-proposed-credit = Запропоноване повернення
report-exception-count-missing = бракує підрахунку запасу
report-exception-closeout-difference = різниця при закритті
report-exception-cash-over-threshold = готівка понад поріг
report-detail-count-missing = ігровий день { $day }, зміна { $shift }: бракує { $what }
report-missing-both = підрахунку запасу й скриньки
report-missing-tray = підрахунку запасу
report-missing-drop = підрахунку скриньки
report-detail-difference = ігровий день { $day }, зміна { $shift }: різниця { $difference } (скринька { $drop }, запас { $tray })
report-detail-cash = готівка { $amount } (поріг { $threshold })

# Гроші стола на екрані стола (issue 23, пункт 8)
money-bar-expected = очікуваний запас { $amount }
money-bar-count-due = запас: потрібен підрахунок
money-bar-no-count = запас: не підраховано
money-count-due-title = Підрахуйте запас перед першою роздачею
money-count-due-help = Цей стіл не має підрахунку запасу за цей ігровий день (або останній підрахунок його закрив). Підрахуйте фішки, потім обидва підпишіть своїм PIN: дилер і керівник (або двоє, один з них керівник чи адміністратор). Стіл роздає, щойно підрахунок записано.
money-section = Гроші: підрахунок запасу, поповнення, повернення, готівка
money-kind-count = Підрахунок запасу
money-kind-fill = Поповнення
money-kind-credit = Повернення
money-moment-auto = наступний (відкриття або зміна)
money-moment-opening = відкриття
money-moment-change = зміна
money-moment-closing = закриття
money-chips = Фішки (500:20 100:35)
money-by = Підписує
money-by-pin = Його PIN
money-witness = Свідок
money-witness-pin = PIN свідка
money-sign-count = Записати підрахунок
money-sign-fill = Записати поповнення
money-sign-credit = Записати повернення
money-cash-title = Готівка, обміняна на фішки
money-cash-amount = Сума
money-cash-box = Бокс (необов'язково)
money-cash-log = Записати готівку
money-cash-taken = готівку { $amount } записано
money-cash-taken-flagged = готівку { $amount } записано і ПОЗНАЧЕНО: понад поріг готівки
money-cash-flagged = Позначено: готівка { $amount } понад поріг готівки
money-cash-bad-box = «{ $text }» не бокс: введіть його номер (1, 2, …) або залиште порожнім
money-count-in-play = підрахунок запасу чекає, доки роздачу буде розраховано
money-counted-first = підрахунок ({ $moment }) { $total } записано (перший підрахунок стола)
money-counted-as-expected = підрахунок ({ $moment }) { $total } записано: як очікувалось ({ $expected })
money-counted-difference = підрахунок ({ $moment }) { $total } записано: очікувалось { $expected }, різниця { $difference }
money-slip-fill = квитанцію поповнення { $number } на { $total } ({ $chips }) записано
money-slip-credit = квитанцію повернення { $number } на { $total } ({ $chips }) записано
money-signer-refused = { $name } не зміг підписати: { $why }
money-err-same-signer = { $name } підписав обидва рядки: підрахунок, квитанція чи дроп потребують двох різних людей
money-err-no-supervisor = ані { $by }, ані { $witness } не керівник і не адміністратор: один з тих, хто підписує, має ним бути
money-err-not-supervisor = це може лише керівник або адміністратор, а { $by } ні той, ні інший
money-err-no-table = у цій базі немає стола «{ $name }»
money-err-no-slip = квитанції { $number } немає (квитанції пронумеровано від 1 до { $count })
money-err-already-void = квитанцію { $number } вже скасовано
money-err-no-reason = скасування потребує причини
money-err-not-positive = { $amount } не сума понад нуль
money-err-negative = { $amount } від'ємна сума: дроп — 0 або більше
money-err-no-shift = зміни { $shift } немає: ігровий день має зміни від 1 до { $count }
money-err-drop-twice = дроп для { $table }, ігровий день { $day }, зміна { $shift } вже записано
money-err-line = рядок { $line }: { $why }
chip-err-bad-denom = «{ $text }» не номінал: напишіть суму понад нуль з не більше ніж двома знаками після коми (напр. 25 або 0,50)
chip-err-duplicate = номінал { $denom } вказано двічі: вкажіть кожен один раз
chip-err-empty-set = номінали не вказано: напишіть їх через пробіл, напр. «25 100 500 1000»
chip-err-not-denom-count = «{ $text }» не кількість: напишіть НОМІНАЛ:КІЛЬКІСТЬ, напр. 500:20
chip-err-bad-count = «{ $text }»: кількість — ціле число фішок від 0 до 1000000
chip-err-not-in-set = { $denom } не номінал набору фішок ({ $set })
chip-err-empty = фішок не вказано: напишіть хоча б один НОМІНАЛ:КІЛЬКІСТЬ, напр. 500:20
chip-err-no-chip-set = ця база не має набору фішок: спершу його задає керівник або адміністратор
desk-tab-money = Гроші
money-tab-read-button = Прочитати гроші за період
money-tab-not-read = Гроші стола читаються за період полів «Від» і «До» на вкладці історії роздач (порожні: усе до сьогодні): натисніть кнопку.
money-tab-read = гроші за період прочитано: закрито змін — { $n }
money-tab-closeout = Закриття за змінами
money-tab-none = у цьому періоді жодну зміну не закрито
money-tab-rounds = Роздачі цієї зміни
money-tab-counts = Підрахунки запасу
money-tab-counted-at = підраховано (місцевий час)
money-tab-slips = Квитанції поповнення і повернення
money-tab-slip = квитанція { $number }
money-tab-void = скасовано
money-tab-drops = Підрахунки дропу
money-tab-shift = зміна { $n }
## The desk's Users tab

desk-tab-users = Користувачі
users-heading = Користувачі
users-col-name = Ім'я
users-col-role = Роль
users-col-state = Стан
users-locked = заблоковано
users-active = може увійти
users-unlock = Розблокувати: { $name }
users-add-heading = Додати користувача
users-new-name = Ім'я нового користувача
users-new-role = Роль
users-new-pin = PIN нового користувача
users-new-pin-again = PIN ще раз
users-add = Додати користувача
users-confirm-asked = підтвердьте нижче: доти нічого не записано ({ $name })
users-confirm-add = Додати { $name } як { $role }? Користувача буде записано назавжди, а вас — як того, хто додав.
users-confirm-add-yes = Так, додати: { $name }
users-confirm-unlock = Розблокувати { $name }? Користувач знову увійде своїм PIN; розблокування записується з вашим ім'ям.
users-confirm-unlock-yes = Так, розблокувати: { $name }
users-added = { $name } додано як { $role }
users-unlocked = { $name } розблоковано: може знову увійти
users-gone = цього користувача більше немає в списку: список прочитано знову
users-change = Змінити: { $name }
users-change-heading = Змінити PIN або роль: { $name }
users-reset-pin-new = Новий PIN
users-reset-pin-again = Новий PIN ще раз
users-reset-pin = Задати новий PIN
users-set-role = Змінити роль
users-role-needs-pin = роль { $role } потребує PIN від { $min } до 12 цифр: введіть новий PIN вище, потім змініть роль
users-confirm-pin = Задати новий PIN для { $name }? Старий PIN перестане діяти; блокування лишається до розблокування. Зміну записано з вашим ім'ям (PIN — ніколи).
users-confirm-pin-yes = Так, новий PIN: { $name }
users-confirm-role = Надати { $name } роль { $role }? Зміну записано з вашим ім'ям.
users-confirm-role-yes = Так, { $name }: { $role }
users-pin-reset = { $name } має новий PIN: старий більше не діє
users-role-changed = { $name } тепер має роль { $role }

## The exceptions report: by kind, most serious first

report-section-exceptions-by-kind = винятки за видом
report-col-count = кількість
report-col-amount = сума
report-exception-rules-changed = зміна правил або лімітів
report-exception-currency-set = валюту встановлено після записаних раундів
report-detail-voided = причина: { $reason }; виграш казино { $win } більше не враховується
report-detail-corrected = причина: { $reason }; виграш казино до { $was }, після { $now } (зміна { $change })
report-detail-currency-set = валюту встановлено на { $currency } після { $rounds } записаних раундів

## The summary's HTML charts: axes and the theoretical line

report-axis-money = виграш казино
report-axis-money-in = виграш казино ({ $currency })
report-axis-percent = % від суми ставок
report-axis-rounds = раунди
report-axis-day = ігровий день
report-axis-dealer = дилер
report-chart-actual = фактично
report-chart-theory = теоретично (перевага казино за правилами)
