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
report-footer-generated-by-cli-unnamed = системный пользователь (командная строка, имя неизвестно)
report-footer-database = База данных { $n }
report-footer-chain-head = База данных { $n }: последний хеш цепочки
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
