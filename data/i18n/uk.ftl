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
report-footer-generated-by-cli-unnamed = системний користувач (командний рядок, ім’я невідоме)
report-footer-database = База даних { $n }
report-footer-chain-head = База даних { $n }: останній хеш ланцюжка
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
