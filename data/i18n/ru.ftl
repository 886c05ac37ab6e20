# Слова Croupier по-русски. Один файл на язык, в каждом те же идентификаторы сообщений
# (tests/i18n.rs падает, если какого-то нет). Термины игры: data/i18n/GLOSSARY.md.

## Common: the language, numbers, money, dates

language-name = Русский
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
currency-UAH = ₴
currency-RUB = ₽
currency-USD = $
currency-PLN = zł

## Common: the cards and the decisions of the table

rank-ace = туз
    .mark = Т
rank-2 = двойка
rank-3 = тройка
rank-4 = четвёрка
rank-5 = пятёрка
rank-6 = шестёрка
rank-7 = семёрка
rank-8 = восьмёрка
rank-9 = девятка
rank-10 = десятка
    .mark = 10
rank-jack = валет
    .mark = В
rank-queen = дама
    .mark = Д
rank-king = король
    .mark = К
decision-stick = хватит
decision-twist = твист
decision-buy = купить
decision-split = сплит
decision-surrender = сдаться
cards-count = { $n ->
    [one] { $n } карта
    [few] { $n } карты
   *[other] { $n } карт
}

## Screens: the dealer's screens (login, table, rounds, settlement, keys, Pontis)
## Ids start with the screen: login-, table-, bets-, play-, settle-, keys-, pontis-, app-.

## Screens: the supervisor's desk, the floor window, the watch, rules files
## Ids start with desk-, floor-, watch-, rules-.

# Пульт супервайзера: заголовок, вкладки, проверка
desk-title = Пульт супервайзера
desk-tab-history = История раундов
desk-tab-round = Раунд
desk-tab-charts = Графики
desk-tab-pontis = Игры Понтис
desk-verifying = проверяю…
desk-verified = ПРОВЕРЕНО: { $what }
desk-not-verified = НЕ ПРОВЕРЕНО: { $why }
desk-not-verified-yet = ещё не проверено
desk-verify-now = Проверить
desk-verifying-background = проверяю в фоне
desk-verified-rounds = { $events ->
    [one] { $events_shown } событие
    [few] { $events_shown } события
   *[other] { $events_shown } событий
}, { $rounds ->
    [one] { $rounds_shown } раунд
    [few] { $rounds_shown } раунда
   *[other] { $rounds_shown } раундов
}, голова { $head }…
desk-verified-games = { $events ->
    [one] { $events_shown } событие
    [few] { $events_shown } события
   *[other] { $events_shown } событий
}, { $rounds ->
    [one] { $rounds_shown } раунд
    [few] { $rounds_shown } раунда
   *[other] { $rounds_shown } раундов
}, { $games ->
    [one] { $games_shown } игра Понтис
    [few] { $games_shown } игры Понтис
   *[other] { $games_shown } игр Понтис
}, голова { $head }…
# История: фильтры
desk-from = От
desk-to = До
desk-table = Стол
desk-dealer = Дилер
desk-host = Ведущий
desk-shift = Смена
desk-box = Бокс
desk-outcome = Исход
desk-min-payout = Выплата от
desk-search = Найти
desk-search-games = Найти игры
desk-search-all = Найти все раунды
desk-export = Экспорт отчёта
desk-export-summary = Сводка по столам
desk-export-rounds = Раунды
desk-export-dealers = Дилеры
desk-export-exceptions = Исключения
desk-filters-help = Даты в виде { $date } или { $iso } (UTC); смена: { $day }, { $evening } или { $night }; исход: { $house }, { $players } или { $void }.
desk-shift-day = дневная
desk-shift-evening = вечерняя
desk-shift-night = ночная
desk-outcome-house = казино
desk-outcome-players = игроки
desk-outcome-void = аннулирован
desk-bad-date = дата «{ $text }»: ожидается дата вида { $example } или { $iso }
desk-bad-box = бокс «{ $text }»: ожидается номер бокса от 1 до 7
desk-bad-payout = выплата «{ $text }»: ожидается сумма вида { $example }
desk-bad-outcome = исход «{ $text }»: ожидается казино, игроки или аннулирован
desk-bad-period = «От» { $from } позже, чем «До» { $to }: сначала должна идти более ранняя дата
# История: что в списке
desk-listing-shift = { $when ->
    [today] Сегодняшняя { $shift } смена ({ $hours }), сначала новые
   *[other] Смена: { $shift } ({ $hours }), началась { $date }, сначала новые
}
desk-listing-latest = Последние раунды, сначала новые
desk-listing-older = Более ранние раунды, сначала новые (страница { $page })
desk-listing-found = { $n ->
    [one] Найден { $n_shown } раунд, сначала новые: { $first }–{ $last }
    [few] Найдено { $n_shown } раунда, сначала новые: { $first }–{ $last }
   *[other] Найдено { $n_shown } раундов, сначала новые: { $first }–{ $last }
}
desk-newer = < Новее
desk-older = Раньше >
desk-latest = Последние
desk-col-round = раунд
desk-col-settled = рассчитан (UTC)
desk-col-table = стол
desk-col-dealer = дилер
desk-col-handle = сумма ставок
desk-col-house-win = выигрыш казино
desk-col-largest-win = крупнейший выигрыш
desk-open = Открыть { $round }
desk-open-void = Открыть { $round } (аннулирован)
# История: что сделано
desk-search-stopped = поиск неожиданно остановился
desk-search-running = поиск уже идёт
desk-searching = ищу…
desk-search-capped = найдено больше { $cap_shown } раундов: в списке и на графиках самые новые { $cap_shown } (сузьте поиск, чтобы увидеть остальные)
desk-rounds-found = { $n ->
    [one] найден { $n_shown } раунд
    [few] найдено { $n_shown } раунда
   *[other] найдено { $n_shown } раундов
}
desk-no-older = более ранних раундов нет
desk-no-rounds-yet = пока ни одного рассчитанного раунда
desk-status-shift = { $n ->
    [one] { $n } раунд этой смены, сначала новые
    [few] { $n } раунда этой смены, сначала новые
   *[other] { $n } раундов этой смены, сначала новые
}
desk-status-latest = { $n ->
    [one] в этой смене пока ничего: последний раунд
    [few] в этой смене пока ничего: последние { $n } раунда, сначала новые
   *[other] в этой смене пока ничего: последние { $n } раундов, сначала новые
}
desk-status-page = страница { $page } раундов, сначала новые
desk-round-open = раунд { $round } открыт
desk-round-voided = раунд { $round } аннулирован: записан с причиной
desk-round-corrected = раунд { $round } исправлен: записан с причиной
desk-preview-written = предпросмотр: ничего ещё не записано
desk-exported = экспортировано: { $path }
desk-no-free-name = в папке reports/ нет свободного имени файла
# Раунд по шагам; аннулирование и исправление
desk-open-from-history = Откройте раунд из истории.
desk-round-heading = Раунд { $round }
desk-step-first = |< первый
desk-step-back = < назад
desk-step-next = дальше >
desk-step-last = последний >|
desk-after-input = После ввода { $i } из { $n } — дальше: { $next }
desk-nets = Итоги: { $nets }
desk-event-bets = ставки: { $bets }
desk-event-bet = { $id } на боксе { $box_no }: { $stake }
desk-event-input = ввод  { $text }
desk-event-refused = ОТКЛОНЕНО { $text } — { $why }
desk-event-undo = ОТМЕНА { $text }
desk-event-settled = рассчитан { $nets }
desk-event-voided = АННУЛИРОВАН: { $reason }
desk-event-corrected = ИСПРАВЛЕН: { $reason } → { $nets }
desk-exceptions-heading = Аннулировать или исправить (супервайзер; всегда с причиной, записывается как исключение)
desk-reason = Причина
desk-void = Аннулировать раунд
desk-inputs = Вводы (через запятую)
desk-preview = Просмотр исправления
desk-correct = Записать исправление
desk-diff-bet = ставка
desk-diff-was = было
desk-diff-now = после исправления
desk-diff-pay = выплатить (+) / забрать (−) сейчас
# Графики
desk-charts-empty = Сначала выполните поиск в истории раундов: графики показывают найденные раунды.
desk-charts-intro = { $n ->
    [one] Графики по { $n_shown } раунду из списка истории (без аннулированных).
   *[other] Графики по { $n_shown } раундам из списка истории (без аннулированных).
}
desk-chart-win-day = Выигрыш казино по дням
desk-chart-hold-day = Холд % по дням (красным: теоретический холд действующих правил)
desk-chart-win-hour = Выигрыш казино по часам суток (UTC)
desk-chart-hold-hour = Холд % по часам суток (UTC)
desk-chart-rounds-hour = Раунды по часам суток (UTC)
desk-chart-rate-dealer = Раундов в час за столом, по дилерам
desk-axis-win = выигрыш
desk-axis-hold = холд %
desk-axis-theory = теоретический холд %
desk-axis-rounds = раунды
desk-axis-rate = раундов/час
desk-axis-day-pattern = %d.%m
# Игры Понтис
desk-games-help = Вводы каждой игры воспроизводит «Проверить»; `croupier export-game --game N` возвращает игру как сценарий.
desk-games-found = { $n ->
    [one] найдена { $n } игра Понтис
    [few] найдено { $n } игры Понтис
   *[other] найдено { $n } игр Понтис
}
desk-col-game = игра
desk-col-started = начало (UTC)
desk-col-host = ведущий
desk-col-players = игроки
desk-col-inputs = вводы
desk-col-end = конец
desk-col-winners = победители
desk-game-in-play = идёт
desk-game-end-empty-hand = кто-то без карт
desk-game-end-blocked = ходов нет
desk-game-end-abandoned = прервана

# Флор: связь в верхней строке, окно «Флор»
floor-link-connecting = флор: соединение
floor-link-in-sync = флор: синхронно (событие { $event })
floor-link-behind = { $n ->
    [one] флор: отстаёт на { $n } событие
    [few] флор: отстаёт на { $n } события
   *[other] флор: отстаёт на { $n } событий
}
floor-link-unreachable = флор недоступен с { $since } UTC
floor-link-refused = флор ОТКЛОНИЛ журнал этого стола: позовите супервайзера
floor-link-durable = каждый ввод сначала надёжно записан в файл этого стола
floor-button = Флор
floor-window = Флор
floor-reading = читаю…
floor-read-at = Прочитано в { $time } UTC (каждые 3 с)
floor-alarms = { $n ->
    [one] { $n } тревога на флоре: см. отчёт об исключениях (croupier report --floor … --kind exceptions)
    [few] { $n } тревоги на флоре: см. отчёт об исключениях (croupier report --floor … --kind exceptions)
   *[other] { $n } тревог на флоре: см. отчёт об исключениях (croupier report --floor … --kind exceptions)
}
floor-today-heading = Сегодняшний холд по столам
floor-col-table = стол
floor-col-rounds = раунды
floor-col-handle = сумма ставок
floor-col-house-win = выигрыш казино
floor-col-hold = холд
floor-dbs-heading = Базы данных столов
floor-col-identity = идентификатор
floor-col-file = файл
floor-col-events = событий на флоре
floor-col-last-heard = последняя связь
floor-never = никогда

# Наблюдение за столом, который ведёт другая программа
watch-heading = Наблюдение — только чтение
watch-explained = В эту базу пишет другая программа (считывающий шуз или другой экран): этот экран следит за её столом в реальном времени и ничего не принимает.
watch-no-table = В этой базе пока нет стола.
watch-table-line = { $table } · { $rules } · шуз { $shoe } · событие { $event }
watch-house-rules = правила казино
watch-round = Раунд { $round } — дальше: { $next }
watch-between-rounds = Между раундами: ждём новых ставок.

# Файлы правил и их параметры
rules-folder-unreadable = папку правил не удаётся прочитать: { $why }
rules-not-a-file = это не обычный файл (папка, FIFO или устройство): файл правил — объект JSON с параметрами
rules-too-big = больше { $bytes } байт: файл правил — объект JSON с параметрами, не больше нескольких КБ
rules-not-utf8 = это не текст в UTF-8: файл правил — это JSON
rules-yes = да
rules-no = нет
rules-none = никакую
rules-choice-rank = одинаковые карты
rules-choice-value = одинаковое достоинство
rules-choice-player-loses = игрок проигрывает
rules-choice-player-wins = игрок выигрывает
rules-choice-dealer-wins = выигрывает дилер
rules-choice-push = ничья
rules-knob-decks = колод
rules-knob-boxes = боксов
rules-knob-bets-per-box = ставок на бокс
rules-knob-min-stick = хватит не меньше чем на
rules-knob-buy-cards = купить можно карту
rules-knob-buy-after-twist = покупка после твиста
rules-knob-stop-at-21 = на 21 стоп
rules-knob-auto-fifth-card-max = пятая карта сама до суммы
rules-knob-split-match = сплит на
rules-knob-max-splits = сплитов не больше
rules-knob-ace-splits = сплитов тузов
rules-knob-split-ace-cards = карт к тузу после сплита
rules-knob-pontoon-after-split = понтун после сплита
rules-knob-pontoon-pays = понтун платит
rules-knob-pontoon-paid-at-once = понтун сразу
rules-knob-pontoon-vs-pontoon = понтун против понтуна
rules-knob-five-card-trick-pays = пять карт платят
rules-knob-five-card-trick-paid-at-once = пять карт сразу
rules-knob-five-card-trick-beats-dealer-pontoon = пять карт бьют понтун дилера
rules-knob-three-of-a-kind-pays = три одинаковые платят
rules-knob-ties = равные суммы
rules-knob-dealer-hits-soft-17 = дилер берёт на мягких 17
rules-knob-insurance-max = страховка не больше
rules-knob-insurance-pays = страховка платит
rules-knob-even-money = равные деньги
rules-knob-surrender = отказ от игры

## Reports: titles, columns, footers, charts (report-, csv-)

# Страница и её заголовки.
report-title-summary = Сводка по столам
report-title-rounds = Раунды
report-title-dealers = Дилеры
report-title-exceptions = Нештатные события
report-heading = Croupier — { $title }
report-subtitle = { $from } — { $to } · { $databases ->
    [one] { $databases } база данных
    [few] { $databases } базы данных
   *[other] { $databases } баз данных
}
report-none = За этот период нет.
report-mixed-currencies = Базы данных ведутся в разных валютах: показатели каждого стола — в его валюте (столбец «Валюта»), итоги и диаграммы — отдельно по валютам; суммы в разных валютах никогда не складываются.
report-timestamp-pattern = %d.%m.%Y %H:%M:%S
report-chart-day-pattern = %d.%m
report-section-by-shift = По сменам
report-section-by-day = По дням
report-section-month-to-date = С начала месяца
report-section-year-to-date = С начала года
report-section-period-total = Итого за период
report-section-rounds = Раунды
report-section-dealers = Дилеры
report-section-exceptions = Нештатные события
report-section-pontis-games = Партии в Понтис
report-section-pontis-by-table = Партии в Понтис по столам и сдатчикам
report-col-table = Стол
report-col-date = Дата
report-col-shift = Смена
report-col-from = Период
report-col-tables = Столов
report-col-currency = Валюта
report-col-rounds = Раундов
report-col-handle = Сумма ставок
report-col-paid = Выплачено
report-col-house-win = Выигрыш казино
report-col-hold = Удержание, %
report-col-theoretical-win = Теоретический выигрыш
report-col-theoretical-hold = Теоретическое удержание, %
report-col-win-vs-theory = Отклонение от теории (σ)
report-col-insurance-taken = Страховок принято
report-col-insurance-paid = Страховок выплачено
report-col-splits = Сплиты
report-col-buys = Купленные карты
report-col-pontoons = Выплаченные понтуны
report-col-five-card-tricks = Выплаченные «5 карт»
report-col-settled-at = Время расчёта
report-col-round = Раунд
report-col-dealer = Дилер
report-col-bets = Ставки (id@бокс:сумма)
report-col-inputs = Ввод
report-col-nets = Результаты ставок
report-col-hours = Часов за столом
report-col-rounds-per-hour = Раундов в час
report-col-refused = Отклонённый ввод
report-col-undos = Отмены
report-col-corrections = Исправления
report-col-time = Время
report-col-exception = Событие
report-col-user = Пользователь
report-col-detail = Подробности
report-col-started-at = Начало
report-col-game = Партия
report-col-host = Сдатчик
report-col-players = Игроки
report-col-minutes = Минут
report-col-end = Конец
report-col-winners = Победители
report-col-games = Партий
report-col-empty-hand = Пустая рука
report-col-blocked = Блокировка
report-col-abandoned = Прервана
report-col-in-play = Идёт
report-col-longest = Самая длинная (ходов)
report-shift-day = дневная 06–14
report-shift-evening = вечерняя 14–22
report-shift-night = ночная 22–06
report-exception-table-opened = открытие стола
report-exception-round-voided = раунд аннулирован
report-exception-round-corrected = раунд исправлен
report-exception-undo = отмена
report-exception-step-refused = ввод отклонён
report-exception-login-failed = неудачный вход
report-exception-user-locked = пользователь заблокирован
report-exception-user-unlocked = пользователь разблокирован
report-exception-floor-alarm = тревога в зале
report-exception-payout = выплата выше порога
report-exception-verify-failed = проверка не пройдена
report-end-in-play = идёт
report-end-empty-hand = пустая рука
report-end-blocked = блокировка
report-end-abandoned = прервана
report-currency-not-set = не задана
report-span = { $from } — { $to }
report-detail-undid = отменено «{ $text }»
report-detail-reason = причина: { $reason }
report-detail-refused = «{ $text }»: { $reason }
report-detail-table-opened = стол открыт: правила { $preset }, лимиты { $limits }
report-detail-rules-changed = изменены правила или лимиты: правила { $preset }, лимиты { $limits }
report-detail-payout = ставка выиграла { $won } (порог { $threshold })
report-chart-win-by-day = Выигрыш казино по дням
report-chart-win-by-day-in = Выигрыш казино по дням ({ $currency })
report-chart-hold-by-day = Удержание, % по дням
report-chart-hold-by-day-in = Удержание, % по дням ({ $currency })
report-chart-rounds-per-dealer = Раунды по дилерам
report-footer-report = Отчёт
report-footer-period = Период
report-footer-period-value = { $from } — { $to } (UTC, оба дня включительно)
report-footer-filter-table = Фильтр: стол
report-footer-filter-dealer = Фильтр: дилер
report-footer-filter-threshold = Фильтр: порог выплаты
report-footer-generated-by = Составил
report-footer-generated-at = Составлен
report-footer-generated-by-cli = системный пользователь (командная строка, { $user })
report-footer-database = База данных { $n }
report-footer-chain-head = База данных { $n }: голова цепочки
report-footer-chain-head-value = событие { $seq } { $hash }
report-footer-currency = База данных { $n }: валюта
report-footer-currencies = Валюты
report-footer-verify = База данных { $n }: проверка
report-footer-passed = ПРОЙДЕНА ({ $detail })
report-footer-failed = НЕ ПРОЙДЕНА: { $why }
report-footer-not-run = НЕ ВЫПОЛНЯЛАСЬ (--skip-verify): эти показатели не проверены
report-footer-replayed = воспроизведено: { $events ->
    [one] { $events } событие
    [few] { $events } события
   *[other] { $events } событий
}, { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[other] { $rounds } раундов
}
report-footer-replayed-games = воспроизведено: { $events ->
    [one] { $events } событие
    [few] { $events } события
   *[other] { $events } событий
}, { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[other] { $rounds } раундов
} и { $games ->
    [one] { $games } партия в Понтис
    [few] { $games } партии в Понтис
   *[other] { $games } партий в Понтис
}
csv-field = Поле
csv-value = Значение

## Messages: engine and store refusals shown to people (error-)
