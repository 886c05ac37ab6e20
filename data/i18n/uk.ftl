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
}, голова { $head }…
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
}, голова { $head }…
# Історія: фільтри
desk-from = Від
desk-to = До
desk-table = Стіл
desk-dealer = Дилер
desk-host = Ведучий
desk-shift = Зміна
desk-box = Бокс
desk-outcome = Результат
desk-min-payout = Виплата від
desk-search = Шукати
desk-search-games = Шукати ігри
desk-search-all = Шукати всі раунди
desk-export = Експорт звіту
desk-export-summary = Зведення по столах
desk-export-rounds = Раунди
desk-export-dealers = Дилери
desk-export-exceptions = Винятки
desk-filters-help = Дати у вигляді { $date } або { $iso } (UTC); зміна: { $day }, { $evening } або { $night }; результат: { $house }, { $players } або { $void }.
desk-shift-day = денна
desk-shift-evening = вечірня
desk-shift-night = нічна
desk-outcome-house = казино
desk-outcome-players = гравці
desk-outcome-void = анульовано
desk-bad-date = дата «{ $text }»: очікую дату на зразок { $example } або { $iso }
desk-bad-box = бокс «{ $text }»: очікую номер боксу від 1 до 7
desk-bad-payout = виплата «{ $text }»: очікую суму на зразок { $example }
desk-bad-outcome = результат «{ $text }»: очікую казино, гравці або анульовано
desk-bad-period = «Від» { $from } пізніше за «До» { $to }: спершу має бути раніша дата
# Історія: що в списку
desk-listing-shift = { $when ->
    [today] Сьогоднішня { $shift } зміна ({ $hours }), новіші вгорі
   *[other] Зміна: { $shift } ({ $hours }), почалася { $date }, новіші вгорі
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
desk-col-largest-win = найбільший виграш
desk-open = Відкрити { $round }
desk-open-void = Відкрити { $round } (анульовано)
# Історія: що зроблено
desk-search-stopped = пошук несподівано зупинився
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
    [one] у цій зміні ще нічого: останній раунд
    [few] у цій зміні ще нічого: останні { $n } раунди, новіші вгорі
   *[other] у цій зміні ще нічого: останні { $n } раундів, новіші вгорі
}
desk-status-page = сторінка { $page } раундів, новіші вгорі
desk-round-open = раунд { $round } відкрито
desk-round-voided = раунд { $round } анульовано: записано з причиною
desk-round-corrected = раунд { $round } виправлено: записано з причиною
desk-preview-written = попередній перегляд: нічого ще не записано
desk-exported = експортовано: { $path }
desk-no-free-name = у теці reports/ немає вільної назви файлу
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
desk-exceptions-heading = Анулювати чи виправити (супервайзер; завжди з причиною, записується як виняток)
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
desk-charts-intro = { $n ->
    [one] Графіки { $n_shown } раунду зі списку історії (без анульованих).
   *[other] Графіки { $n_shown } раундів зі списку історії (без анульованих).
}
desk-chart-win-day = Виграш казино по днях
desk-chart-hold-day = Холд % по днях (червоним: теоретичний холд чинних правил)
desk-chart-win-hour = Виграш казино за годиною доби (UTC)
desk-chart-hold-hour = Холд % за годиною доби (UTC)
desk-chart-rounds-hour = Раунди за годиною доби (UTC)
desk-chart-rate-dealer = Раундів за годину за столом, по дилерах
desk-axis-win = виграш
desk-axis-hold = холд %
desk-axis-theory = теоретичний холд %
desk-axis-rounds = раунди
desk-axis-rate = раундів/год
desk-axis-day-pattern = %d.%m
# Ігри Понтіс
desk-games-help = Введення кожної гри відтворює «Перевірити»; `croupier export-game --game N` повертає гру як сценарій.
desk-games-found = { $n ->
    [one] знайдено { $n } гру Понтіс
    [few] знайдено { $n } гри Понтіс
   *[other] знайдено { $n } ігор Понтіс
}
desk-col-game = гра
desk-col-started = початок (UTC)
desk-col-host = ведучий
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
floor-link-durable = кожне введення спершу надійно записане у файл цього столу
floor-button = Флор
floor-window = Флор
floor-reading = читаю…
floor-read-at = Прочитано о { $time } UTC (кожні 3 с)
floor-alarms = { $n ->
    [one] { $n } тривога на флорі: див. звіт про винятки (croupier report --floor … --kind exceptions)
    [few] { $n } тривоги на флорі: див. звіт про винятки (croupier report --floor … --kind exceptions)
   *[other] { $n } тривог на флорі: див. звіт про винятки (croupier report --floor … --kind exceptions)
}
floor-today-heading = Сьогоднішній холд по столах
floor-col-table = стіл
floor-col-rounds = раунди
floor-col-handle = сума ставок
floor-col-house-win = виграш казино
floor-col-hold = холд
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
rules-knob-five-card-trick-paid-at-once = п'ять карт одразу
rules-knob-five-card-trick-beats-dealer-pontoon = п'ять карт б'ють понтун дилера
rules-knob-three-of-a-kind-pays = 3 карти одного достоїнства платять
rules-knob-ties = рівні суми
rules-knob-dealer-hits-soft-17 = дилер бере на м'яких 17
rules-knob-insurance-max = страховка щонайбільше
rules-knob-insurance-pays = страховка платить
rules-knob-even-money = рівні гроші
rules-knob-surrender = відмова від гри

## Reports: titles, columns, footers, charts (report-, csv-)

# Сторінка та її заголовки.
report-title-summary = Зведення по столах
report-title-rounds = Раунди
report-title-dealers = Дилери
report-title-exceptions = Позаштатні події
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
report-section-month-to-date = З початку місяця
report-section-year-to-date = З початку року
report-section-period-total = Разом за період
report-section-rounds = Раунди
report-section-dealers = Дилери
report-section-exceptions = Позаштатні події
report-section-pontis-games = Ігри в Понтіс
report-section-pontis-by-table = Ігри в Понтіс за столами й ведучими
report-col-table = Стіл
report-col-date = Дата
report-col-shift = Зміна
report-col-from = Період
report-col-tables = Столів
report-col-currency = Валюта
report-col-rounds = Раундів
report-col-handle = Сума ставок
report-col-paid = Виплачено
report-col-house-win = Виграш казино
report-col-hold = Утримання, %
report-col-theoretical-win = Теоретичний виграш
report-col-theoretical-hold = Теоретичне утримання, %
report-col-win-vs-theory = Відхилення від теорії (σ)
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
report-col-host = Ведучий
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
report-shift-day = денна 06–14
report-shift-evening = вечірня 14–22
report-shift-night = нічна 22–06
report-exception-table-opened = відкриття столу
report-exception-round-voided = раунд анульовано
report-exception-round-corrected = раунд виправлено
report-exception-undo = скасування
report-exception-step-refused = введення відхилено
report-exception-login-failed = невдалий вхід
report-exception-user-locked = користувача заблоковано
report-exception-user-unlocked = користувача розблоковано
report-exception-floor-alarm = тривога в залі
report-exception-payout = виплата понад поріг
report-exception-verify-failed = перевірка не пройдена
report-end-in-play = триває
report-end-empty-hand = порожня рука
report-end-blocked = блокування
report-end-abandoned = перервано
report-currency-not-set = не задано
report-span = { $from } — { $to }
report-detail-undid = скасовано «{ $text }»
report-detail-reason = причина: { $reason }
report-detail-refused = «{ $text }»: { $reason }
report-detail-table-opened = стіл відкрито: правила { $preset }, ліміти { $limits }
report-detail-rules-changed = змінено правила або ліміти: правила { $preset }, ліміти { $limits }
report-detail-payout = ставка виграла { $won } (поріг { $threshold })
report-chart-win-by-day = Виграш казино за днями
report-chart-win-by-day-in = Виграш казино за днями ({ $currency })
report-chart-hold-by-day = Утримання, % за днями
report-chart-hold-by-day-in = Утримання, % за днями ({ $currency })
report-chart-rounds-per-dealer = Раунди за дилерами
report-footer-report = Звіт
report-footer-period = Період
report-footer-period-value = { $from } — { $to } (UTC, обидва дні включно)
report-footer-filter-table = Фільтр: стіл
report-footer-filter-dealer = Фільтр: дилер
report-footer-filter-threshold = Фільтр: поріг виплати
report-footer-generated-by = Склав
report-footer-generated-at = Складено
report-footer-generated-by-cli = системний користувач (командний рядок, { $user })
report-footer-database = База даних { $n }
report-footer-chain-head = База даних { $n }: голова ланцюжка
report-footer-chain-head-value = подія { $seq } { $hash }
report-footer-currency = База даних { $n }: валюта
report-footer-currencies = Валюти
report-footer-verify = База даних { $n }: перевірка
report-footer-passed = ПРОЙДЕНО ({ $detail })
report-footer-failed = НЕ ПРОЙДЕНО: { $why }
report-footer-not-run = НЕ ВИКОНУВАЛАСЬ (--skip-verify): ці показники не перевірено
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
