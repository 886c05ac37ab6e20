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

# Рамка экрана: верхняя полоса, строка состояния, роли
app-window-title = Croupier — экран дилера (Понтун)
app-db = база { $path }
app-table-line = { $name } · { $rules }{ $limits } · шуз № { $shoe }
app-limits = {" "}· лимиты { $min }–{ $max }{ $currency }
app-house-rules = правила казино
app-cards-left = · { $n ->
    [one] осталась { $n } карта
    [few] осталось { $n } карты
   *[other] осталось { $n } карт
}
app-log-out = Выйти
app-close-table = Закрыть стол
app-desk = Пульт супервайзера
app-back-to-tables = < Назад к столам
app-desk-for-supervisors = пульт супервайзера — только для супервайзеров
app-refused = ОТКЛОНЕНО: { $why }
app-table-closed = стол { $name } закрыт
app-table-closed-in-play = стол { $name } закрыт (незаконченный раунд вернётся, когда стол откроют снова)
app-leave-logout-question = За столом { $name } идёт раунд. Всё равно выйти? Стол закроется; раунд останется незаконченным до следующего открытия.
app-leave-close-question = За столом { $name } идёт раунд. Всё равно закрыть стол? Раунд останется незаконченным до следующего открытия.
app-leave-logout = Выйти, раунд остаётся открытым
app-leave-close = Закрыть стол, раунд остаётся открытым
app-leave-stay = Остаться за столом (Esc)
app-watching = { $path }: в базу пишет другая программа ({ $holder }); этот экран только следит за ней
app-writer-left = Программа, записывавшая эту базу данных, завершила работу ({ $holder }): экран больше не только наблюдает, а работает с базой сам. Войдите, чтобы вести игру.
app-rules-dir-missing = { $said }; папки правил { $dir } (--rules-dir) нет: предлагаются только готовые правила
app-fatal-title = Базу данных не удаётся открыть
app-fatal-nothing-changed = Ничего не изменено. Закройте Croupier, устраните причину, описанную выше, и запустите его снова.
app-role-dealer = дилер
app-role-supervisor = супервайзер
app-role-admin = администратор

# Вход, первый администратор
login-title = Вход
login-name = Имя
login-pin = PIN
login-button = Войти
login-language = Язык
login-logged-in = вошёл пользователь { $name } ({ $role })
login-logged-out = выход выполнен
login-first-title = Первый запуск: создайте первого администратора
login-first-help = Каждый входит под своим именем: укажите имя человека, а не роль. PIN администратора — от 6 до 12 цифр; хранится только его хеш argon2.
login-pin-again = PIN ещё раз
login-create-admin = Создать администратора
login-pins-differ = PIN-коды разные: введите дважды один и тот же PIN
login-first-admin-done = { $name } — первый администратор: войдите
login-language-not-saved = { $said }; язык не сохранён: { $why }

# Открытие стола
table-form-title = Открыть стол
table-form-table = Стол
table-form-rules = Правила
table-form-rules-change = Стол { $table } играет по { $before }. Открыть его вместо этого с { $after }? Его правила изменятся.
table-form-rules-change-yes = Да, открыть с { $after }
table-form-rules-change-asked = подтвердите выше смену правил
table-form-min-bet = Мин. ставка
table-form-box-max = Макс. на бокс
table-form-open = Открыть стол
table-form-tables = Столы в этой базе
table-form-resume = Продолжить: { $name }
table-form-resume-in-play = Продолжить: { $name } (раунд в игре)
table-form-rules-file = файл правил { $path }
table-form-preset = готовые правила { $name } (data/rules/{ $name }.json)
table-form-unplayable = Играть нельзя: { $why }
table-form-house-edge = При лучшей игре: преимущество казино { $edge } % от начальной ставки, { $hold } % от всех ставок (ниже нуля — преимущество игроков)
table-form-solving = Преимущество казино: вычисляется…
table-form-solve-failed = Преимущество казино: вычисление не удалось ({ $message }); стол играет, но раунды не оценены
rules-players-edge = Эти правила дают преимущество игрокам: игрок, играющий наилучшим образом, в долгой игре выигрывает { $edge } % от начальной ставки.
rules-lab-house-edge = преимущество казино { $edge } % от начальной ставки (один бокс, каждый раунд из полного шуза)
rules-lab-legend = S { decision-stick }, W { decision-twist }, B { decision-buy }, P { decision-split }, R { decision-surrender }; вторая буква говорит, что делать, когда первая не разрешена
rules-lab-odds-start = дилер начинает с карты { $card }; в шузе осталось карт: { $left }
rules-lab-odds-ends = рука дилера заканчивается (% раздач из этого шуза):
rules-lab-percent = { $value } %
table-form-choose-rules = выберите правила
table-form-cannot-play = по правилам { $name } играть нельзя: { $why }
table-form-no-name = столу нужно название

# За столом: что стало с вводом
table-open = стол { $name } открыт
table-open-recovered = {" "}— последний раунд был закончен во время сбоя: его расчёт теперь записан
table-open-back = {" "}— незаконченный раунд продолжается с того места, где остановился
table-ok = OK { $step }
table-ok-settled = OK { $step } — раунд рассчитан: выплатите и заберите, затем Enter
table-refused = ОТКЛОНЕНО { $step }: { $why }
table-why-expected = { $why }; ожидается { $expected }
table-not-recorded = НЕ ЗАПИСАНО { $step }: { $why }
table-store-not-recorded = не записано, поэтому не принято: { $why }
table-round-deal = раунд { $n }: раздавайте
table-insurance-amount = страховка для { $bet }: { $why }
table-undone = отменено: { $step }
table-nothing-to-undo = в этом раунде нечего отменять
table-confirmed = расчёт подтверждён: ставки на следующий раунд (карта начинает раздачу)
table-new-shoe = новый шуз: счёт карт начинается заново
table-suit = масть { $suit } для следующей карты
table-no-insure = сейчас ни одну ставку нельзя застраховать (предложения действуют только сразу после раздачи, когда у дилера туз)
table-no-even-money = сейчас ни одна ставка не может взять равные деньги (нужен Понтун против туза дилера)
table-no-decline = сейчас ни одна ставка сзади не может отказаться (только перед покупкой или сплитом на её руке)

# Ставки
bets-title = Ставки на следующий раунд
bets-help = Введите ставки (сначала хозяин бокса, потом ставки сзади). Enter или любая карта начинает раздачу; N — новый шуз.
bets-box-column = Бокс
bets-holder = Хозяин
bets-back-bet = Сзади { $n }
bets-box = Бокс { $box_no }
bets-deal = Раздать
bets-new-shoe = Новый шуз
bets-who-holder = хозяин
bets-who-back = ставка сзади { $n }
bets-gap = бокс { $box_no }, { $who }: ставка есть, а место перед ней пустое (первой идёт ставка хозяина)
bets-bad-stake = бокс { $box_no }, { $who }: { $why }
bets-none = ставок нет: введите ставку хотя бы на один бокс
bets-refused = ставки не приняты, полей к исправлению: { $n } (отмечены !): { $why }

# Раунд в игре
play-next = ДАЛЕЕ: { $what }
play-undo = Отменить
play-card = Карта:{" "}
play-offers-title = У дилера туз: страховка / равные деньги (любой другой ввод пропускает)
play-offer-insured = {" "}застраховано { $amount }
play-offer-even-money = {" "}равные деньги
play-amount-for = сумма для { $bet }
play-insure-up-to = Страховка (до { $max })
play-even-money = Равные деньги
play-back-bets = Ставки сзади:
play-declines = { $bet }: без следующей покупки/сплита ({ $key })
play-surrenders-alone = { $bet } сдаётся отдельно
play-box = бокс { $box_no }
play-hand-of = бокс { $box_no }, рука { $hand } из { $hands }
play-step-surrender-bet = сдаться { $bet }
play-step-insure = страховка { $bet } { $amount }
play-step-insure-up-to = страховка { $bet } (до { $max })
play-step-even-money = равные деньги { $bet }
play-step-decline = отказ { $bet }
play-next-complete = ничего: раунд закончен
play-next-dealer-first = карта дилера
play-next-deal-first = первая карта для бокса { $box_no }
play-next-deal-second = вторая карта для бокса { $box_no }
play-next-dealer = карта для дилера (у дилера { $total })
play-next-card = карта для: { $hand } ({ $why })
play-next-decision = решение для: { $hand } ({ $cards }, сумма { $total }): { $steps }
play-next-offers = предложение ({ $offers }) или { $next }
play-why-dealt = раздача
play-why-twisted = твист
play-why-bought = покупка
play-why-split-second = вторая карта после сплита
play-why-split-ace = карта к разделённому тузу
play-why-auto-fifth = пятая карта автоматически
play-outcome-bust = перебор
play-outcome-lost = проигрыш
play-outcome-push = ничья
play-outcome-won = выигрыш
play-outcome-pontoon = Понтун
play-outcome-five-card-trick = пять карт
play-outcome-three-of-a-kind = три одинаковые
play-outcome-surrendered = сдался
# Масти: название и знак после ранга карты
play-suit-spades = пики
    .mark = ♠
play-suit-hearts = черви
    .mark = ♥
play-suit-diamonds = бубны
    .mark = ♦
play-suit-clubs = трефы
    .mark = ♣
# Сукно
play-felt-dealer = ДИЛЕР
play-felt-dealer-no-card = дилер: ещё без карты
play-felt-dealer-cards = дилер: { $cards } = { $total }
play-felt-next-card = <- следующая карта
play-felt-empty-box = бокс { $box_no }
play-felt-box = БОКС { $box_no }
play-felt-insured = {" "}· страх. { $amount }
play-felt-even-money = {" "}· равные деньги
play-felt-surrendered = {" "}· сдался
play-felt-stands = стоит
play-felt-decide = ход
play-felt-wants-card = карта
play-felt-box-name = бокс { $box_no }
play-felt-hand-name = бокс { $box_no }, рука { $hand }
play-felt-hand = рука { $hand }
play-felt-no-card = { $name }: ещё без карты
play-felt-hand-cards = { $name }: { $cards } = { $total }, { $state }

# Расчёт
settle-title = Расчёт
settle-dealer = Дилер: { $cards } ({ $total })
settle-totals = Выплатить { $pay } · забрать { $collect } · результат казино { $net }
settle-confirm = Подтвердить и дальше
settle-column-bet = Ставка
settle-column-stack = Фишки
settle-column-outcome = Результат
settle-column-cards = Карты
settle-column-staked = Сумма
settle-net = итого { $bet }
settle-open = открыто
settle-hand = рука: { $said }
settle-hand-of = рука { $hand } из { $hands }: { $said }
settle-insurance-open = страховка: открыта
settle-insurance-won = страховка: у дилера Понтун
settle-insurance-lost = страховка: проиграла
settle-even-money = равные деньги
settle-surrendered = сдался: половина назад
settle-pay = ВЫПЛАТИТЬ { $amount }
settle-collect = ЗАБРАТЬ { $amount }
settle-push = ВЕРНУТЬ
settle-column-net = Итог ставки
settle-lines-unseen = ещё не показанные строки: { $n } (PageDown, Down)
settle-confirm-unseen = не подтверждено: ещё не показанные строки расчёта: { $n }; первая из них отмечена
settle-all-seen = все строки расчёта уже показаны: Enter его подтверждает

# Клавиши: что делает каждая (клавиши одинаковы во всех языках)
keys-title = Клавиши (F12 скрывает)
keys-t-not-ten = T здесь не десятка: туз пишется Т. Десятка — 0; Т, набранная на кириллической раскладке, — туз.
keys-card = карта (туда, где подсвечено)
keys-suit = масть следующей карты: пики, черви, бубны, трефы (необязательно)
keys-stick = { decision-stick }
keys-twist = { decision-twist }
keys-buy = { decision-buy }
keys-split = { decision-split }
keys-surrender = { decision-surrender } (весь бокс)
keys-decline = ставка сзади отказывается от следующей покупки/сплита
keys-insure = застраховать отмеченную ставку (максимум)
keys-even-money = равные деньги для отмеченной ставки
keys-mark = отметить другую ставку для предложения
keys-undo = отменить последний ввод
keys-confirm = раздать с этими ставками / подтвердить расчёт
keys-new-shoe = новый шуз (между раундами)
keys-any-card = на экране ставок: любая карта начинает раздачу
keys-esc = выйти из текстового поля
keys-toggle = показать или скрыть эту справку
keys-page = расчёт: постранично (Up Down: построчно)
keys-card-marks = карта: буква с карты на кириллической раскладке или латинская клавиша после неё; 0 — десятка, T — нет

# Понтис
pontis-setup-title = Открыть стол Понтис
pontis-setup-help = Понтис (RULES.md B): игра для 2 и более игроков с одной колодой и джокерами, в которой надо первым избавиться от карт; арбитр проверяет каждый ход по разнице верхних карт двух банков.
pontis-jokers = Джокеры
pontis-top-card = Верхняя карта
pontis-top-last = последняя сыгранная
pontis-top-declared = объявленная
pontis-open-button = Открыть стол Понтис (Enter)
pontis-back = < Назад
pontis-tables = Столы Понтис в этой базе
pontis-table-line = ПОНТИС · { $name } · джокеров: { $jokers } · верхняя: { $top }
pontis-game-no = · игра { $n }
pontis-new-game = Новая игра
pontis-new-game-help = Игроки в порядке мест, имена через запятую; сдатчик ходит первым (сдача переходит по кругу: после игры сдаёт следующее место).
pontis-players = Игроки
pontis-dealer = Сдатчик
pontis-start = Начать игру (Enter)
pontis-pass = Пас (P)
pontis-play = Ход (Enter)
pontis-abandon = Прервать игру
pontis-open = стол Понтис { $name } открыт
pontis-open-back = стол Понтис { $name } открыт — незаконченная игра продолжается с того места, где остановилась
pontis-closed = стол Понтис { $name } закрыт
pontis-closed-in-play = стол Понтис { $name } закрыт (незаконченная игра вернётся, когда стол откроют снова)
pontis-no-table = нет стола Понтис с названием «{ $name }»
pontis-none-open = ни один стол Понтис не открыт
pontis-dealer-not-player = сдатчика «{ $dealer }» нет среди игроков ({ $players })
pontis-started = игра { $n } началась: { $dealer } сдаёт и первым открывает карту банка
pontis-abandoned = игра прервана (записано); никто не выигрывает
pontis-joker-next = джокер: следующая карта задаёт его значение
pontis-two-at-most = ход — это одна или две карты: Enter играет их, U убирает последнюю
pontis-pending = ход { $play }: Enter — сыграть, или введите вторую карту
pontis-top-is-last = по правилам стола сверху ложится вторая введённая карта (верхняя — «последняя сыгранная»)
pontis-type-first = сначала введите карту (карты) или P — пас; ожидается { $expected }
pontis-over-empty = у одного из игроков кончились карты
pontis-over-circle = все спасовали по кругу
pontis-ok-over = OK { $step } — игра окончена: { $how }
pontis-next-turn = { $name } открывает карту банка: введите её (одна клавиша; для джокера сначала X)
pontis-next-move = ходит { $name }: { $need } (банк { $top } против { $other_top } — { $other })
pontis-need-bridge = мост: разница 0, две карты одного значения
pontis-need-ace-bridge = мост из тузов: разница 13
pontis-need-difference = разница { $a }
pontis-need-either = разница { $a } или { $b }
pontis-expecting-over = больше ничего: игра окончена
pontis-expecting-turn = карта банка игрока { $name }, как только её откроют
pontis-expecting-pass-only = { $name }: пас (мост требует двух карт одного значения, а у { $name } одна карта)
pontis-expecting-bridge = { $name }: две карты одного значения (мост) или { $name }: пас
pontis-expecting-one = { $name }: одна карта, дающая { $need }, или { $name }: пас
pontis-expecting-one-or-two = { $name }: одна карта или две суммой либо разницей, дающие { $need }, или { $name }: пас
pontis-typed = ход: { $play }  — Enter играет
pontis-typed-declared = ход: { $play }  — Enter играет, M отмечает верхнюю
pontis-game-facts = игра { $n } · каждому сдано { $dealt }, отложено { $aside } · пасов подряд: { $passes }
pontis-seat-dealer = { $name } (сдаёт)
pontis-face-down = рубашкой вверх
pontis-in-hand = { $n ->
    [one] { $n } карта в руке
    [few] { $n } карты в руке
   *[other] { $n } карт в руке
}
pontis-bank = банк: { $n ->
    [one] { $n } карта
    [few] { $n } карты
   *[other] { $n } карт
} · { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}
pontis-to-play = ^ ход
pontis-other-side = другая сторона разницы
pontis-game-over = КОНЕЦ ИГРЫ — { $how }
pontis-end-empty = { $name }: карт не осталось
pontis-end-blocked = все спасовали по кругу: считаются банки
pontis-end-abandoned = прервана
pontis-winners = { $n ->
    [1] Победитель
   *[other] Победители
}: { $names }
pontis-score-line = { $name }: { $points } оч. · банк { $bank } · в руке { $n }
pontis-keys-card = карта: открываемая карта банка или карта хода
pontis-keys-suit = масть следующей карты: пики, черви, бубны, трефы (необязательно)
pontis-keys-joker = следующая карта — джокер с этим значением
pontis-keys-top = объявленная верхняя: сверху ложится последняя введённая
pontis-keys-enter = сыграть введённые карты / открыть стол / начать игру / следующая игра
pontis-keys-pass = игрок, чей ход, пасует
pontis-keys-undo = убрать последнюю введённую карту, иначе отменить последний ввод
pontis-keys-undo-input = отменить последний ввод
pontis-keys-clear = стереть введённые карты
pontis-keys-toggle = показать или скрыть эту справку
pontis-step-turn = { $name }: банк { $card }
pontis-step-pass = { $name }: пас

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
}, последний хеш { $head }…
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
}, последний хеш { $head }…
# История: фильтры
desk-from = От
desk-to = До
desk-table = Стол
desk-dealer = Дилер
desk-host = Сдатчик
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
desk-export-exceptions = Нештатные события
desk-filters-help = Даты в виде { $date } или { $iso } (игровые дни, { $tz }); смена: её номер, { $shifts }; исход: { $house }, { $players } или { $void }.
desk-export-protection = Игра с преимуществом
desk-outcome-house = казино
desk-outcome-players = игроки
desk-outcome-void = аннулирован
desk-bad-date = дата «{ $text }»: ожидается дата вида { $example } или { $iso }
desk-bad-box = бокс «{ $text }»: ожидается номер бокса от 1 до { $max }
desk-bad-shift = смена «{ $text }»: ожидается номер смены от 1 до { $max } ({ $shifts })
desk-bad-payout = выплата «{ $text }»: ожидается сумма вида { $example }
desk-bad-outcome = исход «{ $text }»: ожидается казино, игроки или аннулирован
desk-latin-t = «{ $text }»: латинская T — не десятка, ведь туз пишется Т: десятку вводите как 10
desk-bad-period = «От» { $from } позже, чем «До» { $to }: сначала должна идти более ранняя дата
# История: что в списке
desk-listing-shift = { $when ->
    [today] Смена { $shift } ({ $hours }) сегодняшнего игрового дня, сначала новые
   *[other] Смена { $shift } ({ $hours }) игрового дня { $date }, сначала новые
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
desk-col-largest-win = лучшая ставка (нетто)
desk-col-best-bet-help = сколько выиграла самая удачная ставка раунда, без возвращённой ставки; отрицательное, когда проиграли все ставки (тогда это наименьший проигрыш)
desk-col-changed = изменение
desk-mark-voided = АННУЛИРОВАН
desk-mark-corrected = ИСПРАВЛЕН
desk-open = Открыть { $round }
desk-open-void = Открыть { $round } (аннулирован)
# История: что сделано
desk-search-stopped = поиск неожиданно остановился
desk-worker-panicked = фоновая задача дала сбой: { $message }
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
    [1] в этой смене пока ничего: последний раунд
    [one] в этой смене пока ничего: последний { $n } раунд, сначала новые
    [few] в этой смене пока ничего: последние { $n } раунда, сначала новые
   *[other] в этой смене пока ничего: последние { $n } раундов, сначала новые
}
desk-status-page = страница { $page } раундов, сначала новые
desk-round-open = раунд { $round } открыт
desk-round-voided = раунд { $round } аннулирован: записан с причиной
desk-round-corrected = раунд { $round } исправлен: записан с причиной
desk-change-cancelled = ничего не записано: изменение отменено
desk-confirm-void-asked = подтвердите ниже аннулирование раунда { $round }
desk-confirm-correct-asked = подтвердите ниже исправление раунда { $round }: разница показана
desk-confirm-void = Аннулировать раунд { $round }? Причина: «{ $reason }». Аннулирование записывается навсегда, и раунд больше не учитывается.
desk-confirm-void-yes = Да, аннулировать раунд { $round }
desk-confirm-correct = Записать это исправление раунда { $round }? Причина: «{ $reason }». Разница выше будет выплачена или собрана за столом.
desk-confirm-correct-yes = Да, исправить раунд { $round }
desk-confirm-cancel = Отменить
desk-preview-written = предпросмотр: ничего ещё не записано
desk-exported = экспортировано: { $path }
desk-no-free-name = в папке { $folder } нет свободного имени файла
desk-export-folder = Экспорт в папку
desk-export-filters = отчёт не фильтрует по смене, боксу, исходу или выплате: очистите эти поля, и будет экспортировано то, что находят остальные фильтры
desk-export-no-folder = укажите папку для экспорта
desk-export-bad-folder = не удаётся записать в папку { $folder }: { $why }
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
desk-exceptions-heading = Аннулировать или исправить (супервайзер; всегда с причиной, записывается в нештатные события)
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
desk-charts-reading = Читаю для графиков все раунды, которые находят фильтры…
desk-charts-intro = { $n ->
    [one] Графики { $n_shown } раунда, найденного фильтрами (без аннулированных).
   *[other] Графики { $n_shown } раундов, найденных фильтрами (без аннулированных).
}
desk-chart-win-day = Выигрыш казино по дням
desk-chart-win-rate-day = Доля выигрыша от суммы ставок, % по игровым дням (красным: теоретическая доля действующих правил; оранжевым: как сыграно)
desk-chart-win-hour = Выигрыш казино по часам суток (местное время)
desk-chart-win-rate-hour = Доля выигрыша от суммы ставок, % по часам суток (местное время)
desk-chart-rounds-hour = Раунды по часам суток (местное время)
desk-chart-rate-dealer = Раундов в час за столом, по дилерам
desk-axis-win = выигрыш
desk-axis-win-rate = доля выигрыша, %
desk-axis-theory = теоретическая доля выигрыша, %
desk-axis-as-played = как сыграно: теоретическая доля выигрыша принятых решений, %
desk-theory-line = Показанные раунды: выигрыш казино { $win }; теоретический выигрыш при лучшей игре { $best }, как сыграно { $played }; везение { $luck } σ от сыгранного
desk-axis-rounds = раунды
desk-axis-rate = раундов/час
desk-axis-day-pattern = %d.%m
# Игры Понтис
desk-games-help = Вводы каждой игры воспроизводит «Проверить»; `croupier export-game --game N` возвращает игру как сценарий.
desk-games-found = { $n ->
    [one] найдена { $n_shown } игра Понтис
    [few] найдено { $n_shown } игры Понтис
   *[other] найдено { $n_shown } игр Понтис
}
desk-col-game = игра
desk-col-started = начало (UTC)
desk-col-host = сдатчик
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
floor-link-stopped = флор: связь ОСТАНОВЛЕНА: { $panic }
floor-link-durable = каждый ввод сначала надёжно записан в файл этого стола
floor-button = Флор
floor-window = Флор
floor-reading = читаю…
floor-read-at = Прочитано в { $time } UTC (каждые 3 с)
floor-alarms = { $n ->
    [one] { $n } неподтверждённая тревога на флоре: croupier floor-alarms показывает и подтверждает тревоги; см. также отчёт «Нештатные события» (croupier report --floor … --kind exceptions)
    [few] { $n } неподтверждённые тревоги на флоре: croupier floor-alarms показывает и подтверждает тревоги; см. также отчёт «Нештатные события» (croupier report --floor … --kind exceptions)
   *[other] { $n } неподтверждённых тревог на флоре: croupier floor-alarms показывает и подтверждает тревоги; см. также отчёт «Нештатные события» (croupier report --floor … --kind exceptions)
}
floor-today-heading = Сегодняшняя доля выигрыша по столам
floor-col-table = стол
floor-col-rounds = раунды
floor-col-handle = сумма ставок
floor-col-house-win = выигрыш казино
floor-col-win-rate = доля выигрыша
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
watch-table-closed = Стол закрыт: ничего больше не поступит, пока дилер или считыватель не откроет его снова.
watch-last-round = Последний раунд: { $round }, как он был рассчитан

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
rules-choice-all-stakes = все ставки, и за купленные карты
rules-choice-original-stake = начальную ставку (за купленные карты 1:1)
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
rules-knob-five-card-trick-stakes = пять карт платят на
rules-knob-five-card-trick-paid-at-once = пять карт сразу
rules-knob-five-card-trick-beats-dealer-pontoon = пять карт бьют понтун дилера
rules-knob-three-of-a-kind-pays = три одинаковые платят
rules-knob-ties = равные суммы
rules-knob-dealer-hits-soft-17 = дилер берёт на мягких 17
rules-knob-insurance-max = страховка не больше
rules-knob-insurance-pays = страховка платит
rules-knob-even-money = равные деньги
rules-knob-surrender = сдаться

## Reports: titles, columns, footers, charts (report-, csv-)

# Страница и её заголовки.
report-title-summary = Сводка по столам
report-title-rounds = Раунды
report-title-dealers = Дилеры
report-title-exceptions = Нештатные события
report-title-protection = Защита от игры с преимуществом
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
report-section-by-month = По месяцам
report-section-month-to-date = С начала месяца
report-section-year-to-date = С начала года
report-section-period-total = Итого за период
report-section-rules-edge = преимущество по правилам (у кого оно при лучшей игре)
report-section-rounds = Раунды
report-section-dealers = Дилеры
report-section-exceptions = Нештатные события
report-section-protection = защита (следуют ли ставки за шузом?)
report-section-pontis-games = Партии в Понтис
report-section-pontis-by-table = Партии в Понтис по столам и сдатчикам
report-col-table = Стол
report-col-date = Дата
report-col-shift = Смена
report-col-from = Период
report-col-month = Месяц
report-col-tables = Столов
report-col-currency = Валюта
report-col-rounds = Раундов
report-col-handle = Сумма ставок
report-col-paid = Выплачено
report-col-house-win = Выигрыш казино
report-col-replayed = Воспроизведено аудитором флора
report-col-win-rate = Доля выигрыша, %
report-col-theo-best = Теор. выигрыш при лучшей игре
report-col-theoretical-win-rate = Теор. доля выигрыша, %
report-col-theo-as-played = Теор. выигрыш, как сыграно
report-col-luck = Везение: выигрыш против сыгранного (σ)
report-col-house-edge = преимущество казино % (от начальной ставки)
report-col-edge-to = преимущество у
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
report-col-box = бокс
report-col-correlation = корреляция ставок с состоянием шуза
report-col-p-value = p-значение
report-col-flagged = отмечено
report-col-average-stake = Средняя ставка
report-flag-yes = да
report-flag-no = нет
report-exception-table-opened = открытие стола
report-exception-round-voided = раунд аннулирован
report-exception-round-corrected = раунд исправлен
report-exception-undo = отмена
report-exception-step-refused = ввод отклонён
report-exception-login-failed = неудачный вход
report-exception-user-locked = пользователь заблокирован
report-exception-user-unlocked = пользователь разблокирован
report-exception-floor-alarm = тревога на флоре
report-exception-payout = выплата выше порога
report-exception-verify-failed = проверка не пройдена
report-exception-bets-follow-shoe = ставки следуют за шузом
report-end-in-play = идёт
report-word-yes = да
report-word-not-yet-replayed = ЕЩЁ НЕ ВОСПРОИЗВЕДЕНО
report-end-empty-hand = пустая рука
report-end-blocked = блокировка
report-end-abandoned = прервана
report-currency-not-set = не задана
report-edge-players = игроков: эти правила дают им преимущество
report-edge-house = казино
report-span = { $from } — { $to }
# A table whose name another database of the report also has; $n: its database, as the
# footer numbers them.
report-table-in-database = { $table } (база данных { $n })
report-detail-undid = отменено «{ $text }»
report-detail-reason = причина: { $reason }
report-detail-refused = «{ $text }»: { $reason }
report-detail-login-failed = { $name }: { $reason }
report-login-unknown-user = такого пользователя нет
report-login-locked = учётная запись заблокирована
report-login-wrong-pin = неверный PIN
report-detail-user-locked = { $name } заблокирован (неудачных попыток: { $n })
report-detail-user-unlocked = { $name } разблокирован: { $by }
report-detail-table-opened = стол открыт: правила { $preset }, лимиты { $limits }
report-detail-rules-changed = изменены правила или лимиты: правила { $preset }, лимиты { $limits }
report-detail-payout = ставка выиграла { $won } (порог { $threshold })
report-detail-bets-follow-shoe = бокс { $box_no }: ставки следуют за ценностью шуза для игрока на протяжении { $rounds } раундов (корреляция { $correlation }, p-значение { $p_value })
report-chart-win-by-day = Выигрыш казино по дням
report-chart-win-by-day-in = Выигрыш казино по дням ({ $currency })
report-chart-win-rate-by-day = Доля выигрыша, % по дням
report-chart-win-rate-by-day-in = Доля выигрыша, % по дням ({ $currency })
report-chart-rounds-per-dealer = Раунды по дилерам
report-footer-report = Отчёт
report-footer-period = Период
report-footer-period-value = { $from } — { $to } (игровые дни, оба включительно)
report-footer-filter-table = Фильтр: стол
report-footer-filter-dealer = Фильтр: дилер
report-footer-filter-threshold = Фильтр: порог выплаты
report-footer-generated-by = Составил
report-footer-generated-at = Составлен
report-footer-generated-by-cli = системный пользователь (командная строка, { $user })
report-footer-generated-by-cli-unnamed = системный пользователь (командная строка, имя неизвестно)
report-footer-database = База данных { $n }
report-footer-floor-database = флор { $floor }, база данных стола { $database } (синхронизировано из файла { $path })
report-detail-verify-failed = { $place }: { $why }
report-footer-chain-head = База данных { $n }: последний хеш цепочки
report-footer-chain-head-value = событие { $seq } { $hash }
report-footer-currency = База данных { $n }: валюта
report-footer-currencies = Валюты
report-footer-verify = База данных { $n }: проверка
report-footer-passed = ПРОЙДЕНА ({ $detail })
report-footer-failed = НЕ ПРОЙДЕНА: { $why }
report-footer-failed-replayed = аудитор флора воспроизвёл события до { $through } из { $head }
report-footer-failed-detached = флор больше не содержит событий 1–{ $last } этой базы данных стола (их месяцы отсоединены, напр. архивированы): здесь их не проверить; проверьте их в архиве
report-footer-failed-months-detached = копия на флоре не содержит событий { $from }–{ $head } (последнего): их месяцы отсоединены
report-footer-failed-chain-breaks = цепочка на флоре обрывается на событии { $seq } (событие там отсутствует, или оно не следует из предыдущего события)
report-footer-failed-chain-missing = аудитор флора обнаружил, что событие { $seq } на флоре отсутствует (цепочка проверена { $at }): цепочка там разорвана
report-footer-failed-head-hash = аудитор флора обнаружил, что все сохранённые проверки выполняются до события { $seq }, головы, но хеш цепочки там отличается от хеша головы, который хранит флор (цепочка проверена { $at }): события изменены вместе с заново вычисленными проверками, либо изменён хеш головы
report-footer-failed-head-hash-walked = все сохранённые проверки выполняются до события { $seq }, головы, но хеш цепочки там отличается от хеша головы, который хранит флор (tables.head_hash): события изменены вместе с заново вычисленными проверками, либо изменён хеш головы
report-footer-failed-identity = хеш цепочки события 1 не является идентичностью этой базы данных стола на флоре (tables.db): её события не принадлежат файлу, который эта идентичность обозначает, либо идентичность изменена
report-footer-failed-chain = аудитор флора обнаружил, что событие { $seq } не следует из предыдущего события на флоре (цепочка проверена { $at }): цепочка там разорвана
report-footer-failed-chain-breaks-within = цепочка на флоре обрывается на событии { $seq } или раньше, после события { $after }, последнего события перед ним, чья сохранённая проверка совпадает ({ $steps ->
        [one] событие { $first } — игровой шаг, у которого нет собственной проверки
       *[other] события { $first }–{ $last } — игровые шаги, у которых нет собственной проверки
    }): одно из событий { $first }–{ $seq } изменено, или его проверка
report-footer-failed-chain-within = аудитор флора обнаружил разрыв цепочки на событии { $seq } или раньше, после события { $after }, последнего события перед ним, чья сохранённая проверка совпадала ({ $steps ->
        [one] событие { $first } — игровой шаг, у которого нет собственной проверки
       *[other] события { $first }–{ $last } — игровые шаги, у которых нет собственной проверки
    }; цепочка проверена { $at }): одно из событий { $first }–{ $seq } изменено, или его проверка
report-footer-failed-auditor-refuses = { $replayed }: воспроизведение аудитором флора отклоняет событие { $seq } ({ $why })
report-footer-failed-stray-round = { $replayed }: воспроизведение аудитором флора отклоняет событие { $seq } (флор хранит строку croupier.rounds для события { $seq }, которое не рассчитывает ни одного раунда: строка добавлена вне триггера флора, и отчёты её учитывают)
report-footer-failed-stray-start = { $replayed }: воспроизведение аудитором флора отклоняет событие { $seq } (croupier.round_starts флора для события { $seq } не соответствует тому, что дают события (строка добавлена, изменена или удалена вне триггера флора), а теоретическая доля выигрыша в отчётах читается из него)
report-footer-failed-totals = сохранённые итоги флора отличаются от того, что дают его события ({ $why }): croupier.round_totals изменена вне триггера флора, и отчётам, которые её читают, нельзя доверять
report-footer-failed-alarms = { $count ->
    [one] { $count } тревога на флоре для этой базы данных стола, первая на событии { $first }; { $replayed }
    [few] { $count } тревоги на флоре для этой базы данных стола, первая на событии { $first }; { $replayed }
   *[other] { $count } тревог на флоре для этой базы данных стола, первая на событии { $first }; { $replayed }
}
report-footer-not-replayed = ЕЩЁ НЕ ВОСПРОИЗВЕДЕНО: аудитор флора воспроизвёл события до { $through } из { $events }; не проверено, пока не воспроизведены все ({ $detail })
report-footer-totals-not-checked = ЕЩЁ НЕ ПРОВЕРЕНО: аудитор флора проверил сохранённые итоги до события { $through } из { $events }; не заверено, пока их не проверят до последнего ({ $detail })
report-footer-not-run = НЕ ВЫПОЛНЯЛАСЬ (--skip-verify): эти показатели не проверены
# A verdict's detail (report::verdict), worded part by part: the floor's chain read, its
# replay and its kept totals' check.
report-verdict-chained = события, сцепленные на флоре: { $head }; { $chain }; тревог нет
report-verdict-chain-checked = цепочка проверена аудитором флора до события { $through } ({ $at })
report-verdict-chain-walked-on = цепочка проверена аудитором флора до события { $through } ({ $at }), далее пройдена от события { $next }
report-verdict-chain-touched = цепочка пройдена заново от события 1 (события на флоре изменены после проверки аудитором { $at })
report-verdict-chain-stale = цепочка пройдена заново от события 1 (проверка аудитором { $at } опирается на проход от события 1 давностью более двух часов)
report-verdict-chain-months = цепочка пройдена заново от события 1 (месяцы на флоре присоединены или отсоединены после проверки аудитором { $at })
report-verdict-chain-never = цепочка пройдена заново от события 1 (аудитор флора её ещё не проверял)
report-verdict-passed-floor = { $chained }; { $replayed }; сохранённые итоги проверены до события { $through } ({ $at })
report-verdict-pending = { $chained }; рассчитанные раунды начиная с раунда { $from }, ещё не воспроизведённые: { $rounds }
report-verdict-pending-none = { $chained }; ещё не воспроизведённые события, ни одно из них не рассчитанный раунд
report-verdict-totals-never = { $chained }; { $replayed }; аудитор флора ещё не проверял сохранённые итоги
report-verdict-totals-touched = { $chained }; { $replayed }; в croupier.round_totals, croupier.day_totals или croupier.month_totals записано вне триггера флора после проверки аудитором { $at }
report-verdict-totals-after = { $chained }; { $replayed }; сохранённые итоги проверены { $at }; события { $from }–{ $to } поступили позже
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
# Отказы движка: шаг раунда
error-round-complete = раунд уже закончен
error-card-not-wanted = сейчас карта не нужна: очередь решения
error-decision-not-wanted = сейчас решение не нужно: очередь карты
error-impossible-rank = невозможная карта { $card }: в шузе { $decks ->
    [one] { $decks } колода
    [few] { $decks } колоды
   *[other] { $decks } колод
}, то есть { $max } × { $rank }, и все уже вышли
error-impossible-suited = невозможная карта { $card }: в шузе { $decks ->
    [one] { $decks } колода
    [few] { $decks } колоды
   *[other] { $decks } колод
}, то есть { $decks } × { $card }, и все уже вышли
error-no-such-bet = ставки № { $n } нет
error-bet-not-in-play = ставка { $bet } не на играющем боксе
error-not-a-back-bet = ставка { $bet } — ставка хозяина бокса: хозяин сдаёт весь бокс и отказаться не может
error-bet-finished = ставка { $bet } уже закончена (сдалась или взяла равные деньги)
error-not-on-this-hand = у ставки { $bet } ничего нет на этой руке
error-offers-not-open = страховку и равные деньги предлагают, только когда у дилера туз, сразу после раздачи
error-offers-closed = предложения закрыты: они заканчиваются первым вводом, который не является предложением
error-offer-taken = ставка { $bet } уже взяла страховку или равные деньги (не больше одного, один раз)
error-insurance-amount = страховка ставки { $bet } должна быть больше 0 и не больше { $max }
error-even-money-not-offered = по этим правилам равные деньги не предлагают
error-no-pontoon = у бокса ставки { $bet } нет Понтуна, поэтому взять равные деньги нельзя
error-buy-after-twist = эта рука уже делала твист, поэтому покупать больше не может
error-fifth-not-buyable = пятую карту купить нельзя: только твист
error-card-not-buyable = { $n }-ю карту руки по этим правилам купить нельзя
error-not-a-pair = { $a } и { $b } — не пара, поэтому сплит невозможен
error-split-needs-two = сплит возможен только для первых двух карт руки
error-split-limit = этот бокс уже делал сплит { $n ->
    [one] { $n } раз
    [few] { $n } раза
   *[other] { $n } раз
} — больше правила не разрешают
error-ace-split-limit = тузы можно разделить только { $n ->
    [one] { $n } раз
    [few] { $n } раза
   *[other] { $n } раз
} на бокс
error-split-ace-no-decision = разделённый туз получает карту без решения ({ $decision } отклонено)
error-stick-below-minimum = на сумме { $total } остановиться нельзя: наименьшая сумма, на которой можно сказать «хватит», — { $min }
error-surrender-not-allowed = по этим правилам сдаться нельзя
error-surrender-against-ace = против туза дилера сдаться нельзя
error-surrender-too-late = сдаться можно только первым решением на неразделённой руке из двух карт
error-declined-twice = ставка { $bet } уже отказалась
error-nothing-to-decline = на этой руке нельзя ни купить, ни сделать сплит, так что отказываться не от чего
error-decline-must-precede = отказ должен стоять непосредственно перед своей покупкой или сплитом
# Отказы движка: ставки раунда и лимиты стола
error-no-bets = ставок нет: раунду нужна хотя бы одна ставка
error-no-such-box = ставка «{ $bet }»: бокса { $box_no } на этом столе нет (боксы от 1 до { $boxes })
error-duplicate-bet = ставка «{ $bet }» встречается дважды: обозначения ставок должны быть уникальны
error-stake-not-positive = ставка «{ $bet }»: ставка должна быть положительной, а она { $stake }
error-below-minimum = ставка «{ $bet }»: { $stake } меньше минимума стола { $min }
error-over-box-max = бокс { $box_no }: ставки вместе { $total }, больше максимума на бокс { $max }
error-too-many-bets = бокс { $box_no }: ставок { $count }, а правила разрешают { $max } на бокс (хозяин и ставки сзади)
error-bad-limits = неверные лимиты: { $detail }
error-limits-not-positive = лимиты должны быть положительными суммами
error-limits-order = минимальная ставка { $min } больше максимума на бокс { $max }
# Введённые суммы
error-not-an-amount = «{ $text }» — не сумма: ожидается число денежных единиц, напр. 10, 2,5 или 0,05
error-too-precise = «{ $text }» — больше двух знаков после запятой: суммы точны до копейки
error-too-large = «{ $text }» — слишком большая сумма: не больше 10000000000
# Хранилище: вход и база данных
error-login-wrong = неверное имя или PIN
error-login-locked = учётная запись { $name } заблокирована после { $n } неудачных попыток: разблокировать её должен супервайзер
error-not-croupier = { $path }: это не база Croupier ({ $detail }); укажите путь к базе Croupier или новое имя файла, чтобы её создать
error-newer-schema = { $path }: записана более новой версией Croupier (схема { $found }, эта программа знает до { $known }); используйте более новую версию
error-older-schema = { $path }: схема { $found } старше { $known }; сначала обновите её командой `croupier migrate --db FILE` (записанное не меняется)
error-in-use = { $path }: её использует другой процесс Croupier ({ $holder }); сначала закройте его там или дождитесь, пока он закончит
error-read-only = { $path }: запись невозможна ({ $detail }); проверьте права на файл и папку или выберите доступное для записи место через --db
error-disk-full = { $path }: диск заполнен; из этого ввода ничего не записано. Освободите место на диске и введите снова
error-sqlite = { $path }: { $detail }
error-pin-hash = не удалось вычислить хеш PIN: { $detail }
error-log-no-round = в { $path } нет раунда { $round }
error-log-no-round-numbered = { $path }: раунда { $round } нет (раунды нумеруются с 1; в этой базе их { $rounds })
error-log-no-game = { $path }: игры Pontis { $game } нет (игры нумеруются с 1; в этой базе их { $games })
error-log-round-in-play = раунд { $round } ещё идёт: расчёта ещё нет
error-log-game-in-play = игра Pontis { $game } ещё идёт: она ещё не закончилась
error-log-no-settlement = у раунда { $round } нет расчёта
error-log-start-unreadable = раунд { $round }: его событие round_started не читается (запустите `croupier verify`)
error-log-correction-unreadable = раунд { $round }: исправление не читается: { $detail }
error-log-not-a-setting = событие { $seq }: не настройка (запустите `croupier verify`)
error-log-bad-currency = записанная валюта "{ $code }" не является кодом ISO 4217 (запустите `croupier verify`)
error-log-bad-calendar = записанный игровой день (часовой пояс «{ $tz }», смены «{ $shifts }») не является календарём (запустите `croupier verify`)
error-log-bad-language = записанный язык "{ $code }" пользователя { $user } не является ни одним из en, cs, uk, ru (запустите `croupier verify`)
error-log-replay-thread = поток воспроизведения дал сбой: { $message }

# Сессия стола: ввод, который сейчас не принимается (не разрешён или нечего делать)
error-table-needs-name = у стола должно быть название
error-is-pontis-table = «{ $name }» — стол Понтис: дайте столу Понтун другое название
error-is-pontoon-table = «{ $name }» — стол Понтун: дайте столу Понтис другое название
error-rules-need-supervisor = у стола { $name } другие правила или лимиты: менять их может только супервайзер (откройте стол с текущими правилами или позовите супервайзера)
error-rules-round-in-play = на столе { $name } идёт раунд: доиграйте его, прежде чем менять правила или лимиты
error-pontis-rules-need-supervisor = у стола Понтис { $name } другие правила: менять их может только супервайзер
error-pontis-rules-game-in-play = на столе Понтис { $name } идёт игра: доиграйте её, прежде чем менять правила
error-table-not-in-log = стола нет в журнале
error-no-such-table = стола «{ $name }» в этой базе данных нет
error-shoe-during-round = идёт раунд: доиграйте его, прежде чем ставить новый шуз
error-round-in-play = раунд уже идёт
error-no-round = раунд не идёт: сначала примите ставки
error-undo-settled = раунд не идёт: рассчитанный раунд меняет только исправление супервайзера
error-nothing-to-undo-round = в этом раунде нечего отменять
error-game-in-play = игра уже идёт
error-no-game = игра не идёт: сначала начните игру
error-undo-ended = игра не идёт: законченную игру заново не открывают
error-nothing-to-undo-game = в этой игре нечего отменять
error-no-game-to-abandon = игра не идёт
error-dealer-cannot-correct = { $name } — дилер: аннулировать или исправить рассчитанный раунд может только супервайзер
error-no-reason = укажите причину (хотя бы несколько слов): она будет записана в журнал
error-not-settled = раунд { $round } не рассчитан: аннулировать или исправлять можно только рассчитанные раунды
error-already-voided = раунд { $round } уже аннулирован
error-count-due = нужен подсчёт: у стола { $name } нет подсчёта запаса за этот игровой день (две подписи, одна — руководителя)
error-no-chip-set = у этой базы нет набора фишек, поэтому наличные за её столами не записываются (сначала его задаёт руководитель или администратор)
error-log-unreadable = журнал не удаётся прочитать: { $detail }
error-unreadable-input = это не ввод (показано, как набрано)
error-unended-input = строка не заканчивается символом новой строки (ввод оборвался посередине), поэтому это не ввод
error-as-logged = (как записано в журнале) { $text }
logged-typed = «{ $text }» (как набрано)

# Хранилище: отклонённые запросы о пользователях, PIN и настройках
error-not-a-role = «{ $text }» — не роль: ожидается dealer, supervisor или admin
error-name-length = имя пользователя «{ $name }»: ожидается имя человека от 2 до 40 символов
error-name-letters = имя пользователя «{ $name }»: ожидаются только буквы, пробелы, дефисы или апострофы (имя человека)
error-name-generic = имя пользователя «{ $name }»: общие и безличные учётные записи запрещены, каждый входит под своим именем
error-pin-length = PIN для роли { $role } — от { $min } до 12 цифр
error-first-must-be-admin = первый пользователь должен быть администратором
error-add-needs-confirmation = добавление пользователя должен подтвердить администратор или супервайзер (имя и PIN)
error-may-not-add = { $by } ({ $by_role }) не может добавить роль { $role }: администратор добавляет кого угодно, супервайзер — дилеров
error-user-exists = пользователь «{ $name }» уже существует
error-dealer-cannot-unlock = { $name } — дилер: разблокировать пользователя может только супервайзер
error-no-such-user = пользователя «{ $name }» нет
error-not-locked = { $name } не заблокирован
error-may-not-reset-pin = { $by } ({ $by_role }) не может сменить PIN роли { $role }: администратор меняет PIN кому угодно, супервайзер — дилерам
error-only-admin-sets-roles = { $by } ({ $by_role }) не может менять роль пользователя: это может только администратор
error-same-role = { $name } уже имеет роль { $role }
error-last-admin = { $name } — последний администратор: сначала сделайте администратором кого-то другого
error-promotion-needs-pin = { $name } получит роль { $role } только с новым PIN от { $min } до 12 цифр: нынешний PIN может быть слишком коротким для этой роли
error-locked-now = { $name } сейчас заблокирован(а): прежде чем действовать снова, учётную запись должен разблокировать руководитель
error-dealer-cannot-set-currency = { $name } — дилер: валюту стола может задать только супервайзер или администратор
error-currency-fixed = валюта — { $currency }, и раунды записаны в ней: в базе данных одна валюта (суммы никогда не пересчитываются); стол, который меняет валюту, начинает новую базу данных
error-dealer-cannot-set-calendar = { $name } — дилер: часовой пояс и смены игрового дня может задать только супервайзер или администратор
error-may-not-set-language = { $by } ({ $by_role }) не может задать язык пользователю { $user }: каждый задаёт свой, супервайзер — дилерам, администратор — кому угодно

# Игра Понтис: отклонённый шаг
error-pontis-expected = { $why }; ожидается: { $next }
error-pontis-no-seat = места { $n } за столом нет
error-pontis-over = игра окончена
error-pontis-out-of-turn = не в свою очередь: сейчас ход { $now }, а не { $who }
error-pontis-bank-card-gone = карта банка { $card }: { $why }
error-pontis-already-turned = карта банка игрока { $who } уже открыта ({ $top })
error-pontis-turn-first = сначала нужно открыть карту банка игрока { $who }
error-pontis-holds-fewer = у игрока { $who } { $held ->
    [one] { $held } карта
    [few] { $held } карты
   *[other] { $held } карт
} — меньше, чем сыграно ({ $played })
error-pontis-does-not-meet = { $cards } не подходит: { $need }
error-pontis-on-top = { $top } поверх { $under }
error-pontis-card-gone = { $card }: { $why }
error-pontis-rank-gone = все четыре карты { $rank } из колоды уже в игре
error-pontis-card-in-game = { $card } уже в игре (в колоде она одна)
error-pontis-jokers-gone = все джокеры ({ $n }) уже в игре

## The table's money: fill and credit slips, the close-out report (slip-, report-)

slip-title-fill = Квитанция пополнения (fill)
slip-title-credit = Квитанция возврата (credit)
slip-table = Стол
slip-time = Время
slip-denomination = Номинал
slip-count = Фишек
slip-amount = Сумма
slip-total = Итого
slip-by = Подписал
slip-witness = Свидетель
report-title-closeout = Закрытие смены
report-section-par = Столы с фиксированным запасом (par)
report-section-players = Игроки: сессии каждого бокса за столом
report-col-day = Игровой день
report-col-opening = Начальный запас
report-col-fills = Пополнения
report-col-credits = Возвраты
report-col-closing = Конечный запас
report-col-drop = Дроп
report-col-win = Выигрыш
report-col-hold-pct = Hold % (выигрыш ÷ дроп)
report-col-cash-logged = Записанная наличность
report-col-dealt-win = Выигрыш по раздачам
report-col-difference = Разница
report-col-drop-difference = Разница ящика
report-col-tray-difference = Разница запаса
report-col-par = Норматив лотка (par)
report-col-expected-tray = Ожидаемый запас
report-col-counted-tray = Пересчитанный запас
report-col-proposed-fill = Предлагаемое пополнение
report-col-proposed-credit = Предлагаемый возврат
report-exception-count-missing = нет подсчёта запаса
report-exception-closeout-difference = разница при закрытии
report-exception-cash-over-threshold = наличные выше порога
report-detail-count-missing = игровой день { $day }, смена { $shift }: нет { $what }
report-missing-both = подсчёта запаса и ящика
report-missing-tray = подсчёта запаса
report-missing-drop = подсчёта ящика
report-detail-difference = игровой день { $day }, смена { $shift }: разница { $difference } (ящик { $drop }, запас { $tray })
report-detail-cash = наличные { $amount } (порог { $threshold })

# Деньги стола на экране стола (issue 23, пункт 8)
money-bar-expected = ожидаемый запас { $amount }
money-bar-count-due = запас: нужен подсчёт
money-bar-no-count = запас: не подсчитан
money-count-due-title = Подсчитайте запас перед первой раздачей
money-count-due-help = У этого стола нет подсчёта запаса за этот игровой день (или последний подсчёт его закрыл). Подсчитайте фишки, затем оба подпишите своим PIN: дилер и руководитель (или двое, один из них руководитель или администратор). Стол раздаёт, как только подсчёт записан.
money-section = Деньги: подсчёт запаса, пополнение, возврат, наличные
money-kind-count = Подсчёт запаса
money-kind-fill = Пополнение
money-kind-credit = Возврат
money-moment-auto = следующий (открытие или смена)
money-moment-opening = открытие
money-moment-change = смена
money-moment-closing = закрытие
money-chips = Фишки (500:20 100:35)
money-by = Подписывает
money-by-pin = Его PIN
money-witness = Свидетель
money-witness-pin = PIN свидетеля
money-sign-count = Записать подсчёт
money-sign-fill = Записать пополнение
money-sign-credit = Записать возврат
money-cash-title = Наличные, обменянные на фишки
money-cash-amount = Сумма
money-cash-box = Бокс (необязательно)
money-cash-log = Записать наличные
money-cash-taken = наличные { $amount } записаны
money-cash-taken-flagged = наличные { $amount } записаны и ОТМЕЧЕНЫ: выше порога наличных
money-cash-flagged = Отмечено: наличные { $amount } выше порога наличных
money-cash-bad-box = «{ $text }» не бокс: введите его номер (1, 2, …) или оставьте пустым
money-count-in-play = подсчёт запаса ждёт, пока раздача будет рассчитана
money-counted-first = подсчёт ({ $moment }) { $total } записан (первый подсчёт стола)
money-counted-as-expected = подсчёт ({ $moment }) { $total } записан: как ожидалось ({ $expected })
money-counted-difference = подсчёт ({ $moment }) { $total } записан: ожидалось { $expected }, разница { $difference }
money-slip-fill = квитанция пополнения { $number } на { $total } ({ $chips }) записана
money-slip-credit = квитанция возврата { $number } на { $total } ({ $chips }) записана
money-signer-refused = { $name } не смог подписать: { $why }
money-err-same-signer = { $name } подписал обе строки: подсчёт, квитанция или дроп требуют двух разных людей
money-err-no-supervisor = ни { $by }, ни { $witness } не руководитель и не администратор: один из подписывающих должен им быть
money-err-not-supervisor = это может только руководитель или администратор, а { $by } ни тот, ни другой
money-err-no-table = в этой базе нет стола «{ $name }»
money-err-no-slip = квитанции { $number } нет (квитанции пронумерованы от 1 до { $count })
money-err-already-void = квитанция { $number } уже аннулирована
money-err-no-reason = аннулирование требует причины
money-err-not-positive = { $amount } не сумма больше нуля
money-err-negative = { $amount } отрицательная сумма: дроп — 0 или больше
money-err-no-shift = смены { $shift } нет: в игровом дне смены от 1 до { $count }
money-err-drop-twice = дроп для { $table }, игровой день { $day }, смена { $shift } уже записан
money-err-line = строка { $line }: { $why }
chip-err-bad-denom = «{ $text }» не номинал: напишите сумму больше нуля не более чем с двумя знаками после запятой (напр. 25 или 0,50)
chip-err-duplicate = номинал { $denom } указан дважды: укажите каждый один раз
chip-err-empty-set = номиналы не указаны: напишите их через пробел, напр. «25 100 500 1000»
chip-err-not-denom-count = «{ $text }» не количество: напишите НОМИНАЛ:КОЛИЧЕСТВО, напр. 500:20
chip-err-bad-count = «{ $text }»: количество — целое число фишек от 0 до 1000000
chip-err-not-in-set = { $denom } не номинал набора фишек ({ $set })
chip-err-empty = фишки не указаны: напишите хотя бы один НОМИНАЛ:КОЛИЧЕСТВО, напр. 500:20
chip-err-no-chip-set = в этой базе нет набора фишек: сначала его задаёт руководитель или администратор
desk-tab-money = Деньги
money-tab-read-button = Прочитать деньги за период
money-tab-not-read = Деньги стола читаются за период полей «С» и «По» на вкладке истории раздач (пустые: всё до сегодня): нажмите кнопку.
money-tab-read = деньги за период прочитаны: закрыто смен — { $n }
money-tab-closeout = Закрытие по сменам
money-tab-none = в этом периоде ни одна смена не закрыта
money-tab-rounds = Раздачи этой смены
money-tab-counts = Подсчёты запаса
money-tab-counted-at = подсчитано (местное время)
money-tab-slips = Квитанции пополнения и возврата
money-tab-slip = квитанция { $number }
money-tab-void = аннулирована
money-tab-drops = Подсчёты дропа
money-tab-shift = смена { $n }
## The desk's Users tab

desk-tab-users = Пользователи
users-heading = Пользователи
users-col-name = Имя
users-col-role = Роль
users-col-state = Состояние
users-locked = заблокирован
users-active = может войти
users-unlock = Разблокировать: { $name }
users-add-heading = Добавить пользователя
users-new-name = Имя нового пользователя
users-new-role = Роль
users-new-pin = PIN нового пользователя
users-new-pin-again = PIN ещё раз
users-add = Добавить пользователя
users-confirm-asked = подтвердите ниже: до тех пор ничего не записано ({ $name })
users-confirm-add = Добавить { $name } как { $role }? Пользователь будет записан навсегда, а вы — как тот, кто добавил.
users-confirm-add-yes = Да, добавить: { $name }
users-confirm-unlock = Разблокировать { $name }? Пользователь снова войдёт своим PIN; разблокировка записывается с вашим именем.
users-confirm-unlock-yes = Да, разблокировать: { $name }
users-added = { $name } добавлен(а) как { $role }
users-unlocked = { $name } разблокирован(а): может снова войти
users-gone = этого пользователя больше нет в списке: список прочитан заново
users-change = Изменить: { $name }
users-change-heading = Изменить PIN или роль: { $name }
users-reset-pin-new = Новый PIN
users-reset-pin-again = Новый PIN ещё раз
users-reset-pin = Задать новый PIN
users-set-role = Изменить роль
users-role-needs-pin = роли { $role } нужен PIN от { $min } до 12 цифр: введите новый PIN выше, затем смените роль
users-confirm-pin = Задать новый PIN для { $name }? Старый PIN перестанет действовать; блокировка остаётся до разблокировки. Изменение записывается с вашим именем (PIN — никогда).
users-confirm-pin-yes = Да, новый PIN: { $name }
users-confirm-role = Дать { $name } роль { $role }? Изменение записывается с вашим именем.
users-confirm-role-yes = Да, { $name }: { $role }
users-pin-reset = У { $name } новый PIN: старый больше не действует
users-role-changed = { $name } теперь имеет роль { $role }

## The exceptions report: by kind, most serious first

report-section-exceptions-by-kind = исключения по видам
report-col-count = количество
report-col-amount = сумма
report-exception-rules-changed = изменение правил или лимитов
report-exception-currency-set = валюта установлена после записанных раундов
report-detail-voided = причина: { $reason }; выигрыш казино { $win } больше не учитывается
report-detail-corrected = причина: { $reason }; выигрыш казино до { $was }, после { $now } (изменение { $change })
report-detail-currency-set = валюта установлена на { $currency } после { $rounds } записанных раундов

## The summary's HTML charts: axes and the theoretical line

report-axis-money = выигрыш казино
report-axis-money-in = выигрыш казино ({ $currency })
report-axis-percent = % от суммы ставок
report-axis-rounds = раунды
report-axis-day = игровой день
report-axis-dealer = дилер
report-chart-actual = фактически
report-chart-theory = теоретически (преимущество казино по правилам)
