//! Refusals and the round in words, in the table's language: the engine's closed refusal
//! enums (`Refusal`, `SetupError`, `MoneyError`, `ImpossibleCard`), the log's errors as
//! codes (`StoreCode`, from `AuditError::code`) and the sessions' codes (`crate::codes`)
//! mapped variant by variant to `error-…` messages with their
//! arguments — never by parsing the English text the types also carry. Beside them, what a
//! refusal says was expected instead: what the round wants now (`expected`), a step as the
//! dealer reads it (`step`), a card, a hand's outcome. Words only: every rule is asked of
//! the engine (`Round::want`, `legal_steps`, `check`), none is decided here. The store's
//! types are read, never called: this module does no I/O.

use super::words::{decision, rank_mark};
use super::{Lang, amount};
use crate::codes::{Denied, LogRefusal, NameProblem, NotNow, Role, StoreCode, TableGame};
use crate::engine::DeckCard;
use crate::engine::pontis::{
    CardGone, Expecting as PontisExpecting, Game, Lay, Need, PlayError, PlayRefusal, Top,
};
use crate::engine::{
    BetIx, Card, CardReason, Decision, Expecting, ImpossibleCard, Money, MoneyError, Move, Next,
    OpenOffer, Outcome, Pay, Refusal, Round, SetupError, Step, Suit,
};
use crate::t;

/// A card as the language writes it: the rank's mark and the suit's (`K♥`, `К♥`; English
/// keeps the log's spelling `Kh`).
pub fn card(lang: Lang, c: Card) -> String {
    let suit = c.suit.map(|s| suit_mark(lang, s)).unwrap_or_default();
    format!("{}{suit}", rank_mark(lang, c.rank))
}

/// A suit's mark after a card's rank (`♥`; English keeps the log's letter `h`).
pub fn suit_mark(lang: Lang, s: Suit) -> String {
    match s {
        Suit::Spades => t!(lang, "play-suit-spades.mark"),
        Suit::Hearts => t!(lang, "play-suit-hearts.mark"),
        Suit::Diamonds => t!(lang, "play-suit-diamonds.mark"),
        Suit::Clubs => t!(lang, "play-suit-clubs.mark"),
    }
}

/// Cards in a row: `8♥ 3 10♠`.
pub fn cards(lang: Lang, cs: &[Card]) -> String {
    cs.iter()
        .map(|&c| card(lang, c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A suit's name (`hearts`, `srdce`).
pub fn suit(lang: Lang, s: Suit) -> String {
    match s {
        Suit::Spades => t!(lang, "play-suit-spades"),
        Suit::Hearts => t!(lang, "play-suit-hearts"),
        Suit::Diamonds => t!(lang, "play-suit-diamonds"),
        Suit::Clubs => t!(lang, "play-suit-clubs"),
    }
}

/// How a hand ended (`bust`, `pontoon`; Czech `přes 21`).
pub fn outcome(lang: Lang, o: Outcome) -> String {
    match o {
        Outcome::Bust => t!(lang, "play-outcome-bust"),
        Outcome::Lose => t!(lang, "play-outcome-lost"),
        Outcome::Push => t!(lang, "play-outcome-push"),
        Outcome::Win(Pay::Even) => t!(lang, "play-outcome-won"),
        Outcome::Win(Pay::Pontoon) => t!(lang, "play-outcome-pontoon"),
        Outcome::Win(Pay::FiveCardTrick) => t!(lang, "play-outcome-five-card-trick"),
        Outcome::Win(Pay::ThreeOfAKind) => t!(lang, "play-outcome-three-of-a-kind"),
        Outcome::Surrendered => t!(lang, "play-outcome-surrendered"),
    }
}

fn bet(round: &Round, b: BetIx) -> String {
    if b < round.bet_count() {
        round.bet_id(b).to_string()
    } else {
        format!("#{}", b + 1)
    }
}

/// A hand's name: `box 3`, or `box 3 hand 1 of 2` once split.
pub fn hand_label(lang: Lang, box_no: u8, hand: usize, hands: usize) -> String {
    if hands > 1 {
        t!(
            lang,
            "play-hand-of",
            box_no = box_no,
            hand = hand + 1,
            hands = hands
        )
    } else {
        t!(lang, "play-box", box_no = box_no)
    }
}

/// A step as the dealer reads it: a card, a decision, an offer (`pojištění 1a 5,00`).
pub fn step(lang: Lang, round: &Round, s: Step) -> String {
    match s {
        Step::Card(c) => card(lang, c),
        Step::Stick => decision(lang, Decision::Stick),
        Step::Twist => decision(lang, Decision::Twist),
        Step::Buy => decision(lang, Decision::Buy),
        Step::Split => decision(lang, Decision::Split),
        Step::Surrender => decision(lang, Decision::Surrender),
        Step::SurrenderBet(b) => t!(lang, "play-step-surrender-bet", bet = bet(round, b)),
        Step::Insure(b, m) => t!(
            lang,
            "play-step-insure",
            bet = bet(round, b),
            amount = amount(lang, m)
        ),
        Step::EvenMoney(b) => t!(lang, "play-step-even-money", bet = bet(round, b)),
        Step::Decline(b) => t!(lang, "play-step-decline", bet = bet(round, b)),
    }
}

/// What the round wants now, in words (the engine's `Round::expected`, in the language).
pub fn expected(lang: Lang, round: &Round) -> String {
    expecting(lang, &round.expecting())
}

/// What the round expected, in words: the engine's closed `Expecting` (live, or as the
/// replay found it where a logged input was refused), in the language.
pub fn expecting(lang: Lang, e: &Expecting) -> String {
    let out = next(lang, &e.next);
    if e.offers.is_empty() || e.next == Next::Complete {
        return out;
    }
    let offers: Vec<String> = e
        .offers
        .iter()
        .map(|o| match o {
            OpenOffer::Insure { bet, max } => t!(
                lang,
                "play-step-insure-up-to",
                bet = bet.to_string(),
                max = amount(lang, *max)
            ),
            OpenOffer::EvenMoney(bet) => {
                t!(lang, "play-step-even-money", bet = bet.to_string())
            }
        })
        .collect();
    t!(
        lang,
        "play-next-offers",
        offers = offers.join(", "),
        next = out
    )
}

/// A move the hand in play may make, as the dealer reads it.
pub fn move_words(lang: Lang, m: &Move) -> String {
    match m {
        Move::Stick => decision(lang, Decision::Stick),
        Move::Twist => decision(lang, Decision::Twist),
        Move::Buy => decision(lang, Decision::Buy),
        Move::Split => decision(lang, Decision::Split),
        Move::Surrender => decision(lang, Decision::Surrender),
        Move::SurrenderBet(b) => t!(lang, "play-step-surrender-bet", bet = b.to_string()),
        Move::Decline(b) => t!(lang, "play-step-decline", bet = b.to_string()),
    }
}

/// The next input the round wants, in words.
fn next(lang: Lang, n: &Next) -> String {
    match n {
        Next::Complete => t!(lang, "play-next-complete"),
        Next::DealerFirst => t!(lang, "play-next-dealer-first"),
        Next::Dealer { total } => t!(lang, "play-next-dealer", total = *total as i64),
        Next::Deal { box_no, second } => match second {
            true => t!(lang, "play-next-deal-second", box_no = *box_no),
            false => t!(lang, "play-next-deal-first", box_no = *box_no),
        },
        Next::Card {
            box_no,
            hand,
            hands,
            reason,
        } => {
            let why = match reason {
                CardReason::Deal => t!(lang, "play-why-dealt"),
                CardReason::Twist => t!(lang, "play-why-twisted"),
                CardReason::Buy => t!(lang, "play-why-bought"),
                CardReason::SplitSecond => t!(lang, "play-why-split-second"),
                CardReason::SplitAce => t!(lang, "play-why-split-ace"),
                CardReason::AutoFifth => t!(lang, "play-why-auto-fifth"),
            };
            t!(
                lang,
                "play-next-card",
                hand = hand_label(lang, *box_no, *hand, *hands),
                why = why
            )
        }
        Next::Decision {
            box_no,
            hand,
            hands,
            cards: cs,
            total,
            moves,
        } => {
            let moves: Vec<String> = moves.iter().map(|m| move_words(lang, m)).collect();
            t!(
                lang,
                "play-next-decision",
                hand = hand_label(lang, *box_no, *hand, *hands),
                cards = cards(lang, cs),
                total = *total as i64,
                steps = moves.join(", ")
            )
        }
    }
}

/// Why the engine refused a step, in the language (`Round::check`'s refusal).
pub fn refusal(lang: Lang, round: &Round, r: &Refusal) -> String {
    let b = |i: &BetIx| bet(round, *i);
    match r {
        Refusal::RoundComplete => t!(lang, "error-round-complete"),
        Refusal::CardNotWanted => t!(lang, "error-card-not-wanted"),
        Refusal::DecisionNotWanted => t!(lang, "error-decision-not-wanted"),
        Refusal::Impossible(e) => impossible(lang, e),
        Refusal::NoSuchBet(i) => t!(lang, "error-no-such-bet", n = i + 1),
        Refusal::BetNotInPlay(i) => t!(lang, "error-bet-not-in-play", bet = b(i)),
        Refusal::NotABackBet(i) => t!(lang, "error-not-a-back-bet", bet = b(i)),
        Refusal::BetFinished(i) => t!(lang, "error-bet-finished", bet = b(i)),
        Refusal::NotOnThisHand(i) => t!(lang, "error-not-on-this-hand", bet = b(i)),
        Refusal::OffersNotOpen => t!(lang, "error-offers-not-open"),
        Refusal::OffersClosed => t!(lang, "error-offers-closed"),
        Refusal::OfferTaken(i) => t!(lang, "error-offer-taken", bet = b(i)),
        Refusal::InsuranceAmount { bet: i, max } => t!(
            lang,
            "error-insurance-amount",
            bet = b(i),
            max = amount(lang, *max)
        ),
        Refusal::EvenMoneyNotOffered => t!(lang, "error-even-money-not-offered"),
        Refusal::NoPontoon(i) => t!(lang, "error-no-pontoon", bet = b(i)),
        Refusal::BuyAfterTwist => t!(lang, "error-buy-after-twist"),
        Refusal::CardNotBuyable(n) if *n >= 5 => t!(lang, "error-fifth-not-buyable"),
        Refusal::CardNotBuyable(n) => t!(lang, "error-card-not-buyable", n = *n),
        Refusal::NotAPair(a, c) => t!(
            lang,
            "error-not-a-pair",
            a = card(lang, *a),
            b = card(lang, *c)
        ),
        Refusal::SplitNeedsTwoCards => t!(lang, "error-split-needs-two"),
        Refusal::SplitLimit(n) => t!(lang, "error-split-limit", n = *n as i64),
        Refusal::AceSplitLimit(n) => t!(lang, "error-ace-split-limit", n = *n as i64),
        Refusal::SplitAceNoDecision(d) => t!(
            lang,
            "error-split-ace-no-decision",
            decision = decision(lang, *d)
        ),
        Refusal::StickBelowMinimum { total, min } => t!(
            lang,
            "error-stick-below-minimum",
            total = *total as i64,
            min = *min
        ),
        Refusal::SurrenderNotAllowed => t!(lang, "error-surrender-not-allowed"),
        Refusal::SurrenderAgainstAce => t!(lang, "error-surrender-against-ace"),
        Refusal::SurrenderTooLate => t!(lang, "error-surrender-too-late"),
        Refusal::DeclinedTwice(i) => t!(lang, "error-declined-twice", bet = b(i)),
        Refusal::NothingToDecline => t!(lang, "error-nothing-to-decline"),
        Refusal::DeclineMustPrecede => t!(lang, "error-decline-must-precede"),
    }
}

/// A card the shoe can no longer hold.
pub fn impossible(lang: Lang, e: &ImpossibleCard) -> String {
    match e {
        ImpossibleCard::Rank {
            card: c,
            decks,
            max,
            ..
        } => t!(
            lang,
            "error-impossible-rank",
            card = card(lang, *c),
            rank = super::words::rank(lang, c.rank),
            decks = *decks,
            max = *max as i64
        ),
        ImpossibleCard::Suited { card: c, decks } => t!(
            lang,
            "error-impossible-suited",
            card = card(lang, *c),
            decks = *decks
        ),
    }
}

/// Why a round could not be set up with the bets on screen.
pub fn setup(lang: Lang, e: &SetupError) -> String {
    let m = |x: &Money| amount(lang, *x);
    match e {
        SetupError::NoBets => t!(lang, "error-no-bets"),
        SetupError::NoSuchBox { id, box_no, boxes } => t!(
            lang,
            "error-no-such-box",
            bet = id.to_string(),
            box_no = *box_no,
            boxes = *boxes
        ),
        SetupError::DuplicateId(id) => t!(lang, "error-duplicate-bet", bet = id.to_string()),
        SetupError::StakeNotPositive { id, stake } => t!(
            lang,
            "error-stake-not-positive",
            bet = id.to_string(),
            stake = m(stake)
        ),
        SetupError::BelowMinimum { id, stake, min } => t!(
            lang,
            "error-below-minimum",
            bet = id.to_string(),
            stake = m(stake),
            min = m(min)
        ),
        SetupError::OverBoxMax { box_no, total, max } => t!(
            lang,
            "error-over-box-max",
            box_no = *box_no,
            total = m(total),
            max = m(max)
        ),
        SetupError::TooManyBets { box_no, count, max } => t!(
            lang,
            "error-too-many-bets",
            box_no = *box_no,
            count = *count,
            max = *max
        ),
        // The limits are checked on the open-table form, in words of their own
        // (`limits`); this is the engine's text for a caller that got here another way.
        SetupError::BadLimits(detail) => t!(lang, "error-bad-limits", detail = detail),
        SetupError::Seen(e) => impossible(lang, e),
    }
}

/// Why the table's limits were refused: `min` and `max` as typed and parsed.
pub fn limits(lang: Lang, min: Option<Money>, max: Option<Money>) -> Option<String> {
    match crate::engine::Limits::new(min, max) {
        Ok(_) => None,
        Err(_) => Some(match (min, max) {
            (Some(lo), Some(hi)) if lo.is_positive() && hi.is_positive() => t!(
                lang,
                "error-limits-order",
                min = amount(lang, lo),
                max = amount(lang, hi)
            ),
            _ => t!(lang, "error-limits-not-positive"),
        }),
    }
}

/// Text that is not an amount of money.
pub fn money(lang: Lang, e: &MoneyError) -> String {
    match e {
        MoneyError::NotAnAmount(s) => t!(lang, "error-not-an-amount", text = s),
        MoneyError::TooPrecise(s) => t!(lang, "error-too-precise", text = s),
        MoneyError::TooLarge(s) => t!(lang, "error-too-large", text = s),
    }
}

/// Why a table session did not take an input before the engine saw it (not allowed for
/// this user, or nothing to do).
pub fn not_now(lang: Lang, e: &NotNow) -> String {
    match e {
        NotNow::NoTableName => t!(lang, "error-table-needs-name"),
        NotNow::OtherGamesTable { name, game } => match game {
            TableGame::Pontis => t!(lang, "error-is-pontis-table", name = name),
            TableGame::Pontoon => t!(lang, "error-is-pontoon-table", name = name),
        },
        NotNow::RulesNeedSupervisor { name, game } => match game {
            TableGame::Pontoon => t!(lang, "error-rules-need-supervisor", name = name),
            TableGame::Pontis => t!(lang, "error-pontis-rules-need-supervisor", name = name),
        },
        NotNow::RulesWhileInPlay { name, game } => match game {
            TableGame::Pontoon => t!(lang, "error-rules-round-in-play", name = name),
            TableGame::Pontis => t!(lang, "error-pontis-rules-game-in-play", name = name),
        },
        NotNow::TableNotInLog => t!(lang, "error-table-not-in-log"),
        NotNow::NoSuchTableHere { name } | NotNow::NoSuchTable { name } => {
            t!(lang, "error-no-such-table", name = name)
        }
        NotNow::ShoeDuringRound => t!(lang, "error-shoe-during-round"),
        NotNow::RoundInPlay => t!(lang, "error-round-in-play"),
        NotNow::NoRound => t!(lang, "error-no-round"),
        NotNow::UndoSettled => t!(lang, "error-undo-settled"),
        NotNow::NothingToUndoInRound => t!(lang, "error-nothing-to-undo-round"),
        NotNow::GameInPlay => t!(lang, "error-game-in-play"),
        NotNow::NoGame => t!(lang, "error-no-game"),
        NotNow::UndoEnded => t!(lang, "error-undo-ended"),
        NotNow::NothingToUndoInGame | NotNow::NothingToUndo => {
            t!(lang, "error-nothing-to-undo-game")
        }
        NotNow::NoGameToAbandon => t!(lang, "error-no-game-to-abandon"),
        NotNow::DealerCannotCorrect { name } => {
            t!(lang, "error-dealer-cannot-correct", name = name)
        }
        NotNow::NoReason => t!(lang, "error-no-reason"),
        NotNow::NotSettled { round } => t!(lang, "error-not-settled", round = *round),
        NotNow::AlreadyVoided { round } => t!(lang, "error-already-voided", round = *round),
        NotNow::CountDue { name } => t!(lang, "error-count-due", name = name),
        NotNow::NoChipSet => t!(lang, "error-no-chip-set"),
        NotNow::NeedsRules(e) => not_now(lang, e),
    }
}

/// A role's word (`dealer`, `krupiér`).
fn role(lang: Lang, r: Role) -> String {
    match r {
        Role::Dealer => t!(lang, "app-role-dealer"),
        Role::Supervisor => t!(lang, "app-role-supervisor"),
        Role::Admin => t!(lang, "app-role-admin"),
    }
}

/// Why the store refused a request about users or settings: a name, a PIN, a right.
pub fn denied(lang: Lang, e: &Denied) -> String {
    match e {
        Denied::NotARole(text) => t!(lang, "error-not-a-role", text = text),
        Denied::BadName { name, why } => {
            let name = crate::engine::shown(name).to_string();
            match why {
                NameProblem::Length => t!(lang, "error-name-length", name = name),
                NameProblem::Letters => t!(lang, "error-name-letters", name = name),
                NameProblem::Generic => t!(lang, "error-name-generic", name = name),
            }
        }
        Denied::PinLength { role: r, min } => t!(
            lang,
            "error-pin-length",
            role = role(lang, *r),
            min = *min as i64
        ),
        Denied::FirstMustBeAdmin => t!(lang, "error-first-must-be-admin"),
        Denied::AddNeedsConfirmation => t!(lang, "error-add-needs-confirmation"),
        Denied::MayNotAdd {
            by,
            by_role,
            role: r,
        } => t!(
            lang,
            "error-may-not-add",
            by = by,
            by_role = role(lang, *by_role),
            role = role(lang, *r)
        ),
        Denied::UserExists(name) => t!(lang, "error-user-exists", name = name),
        Denied::DealerCannotUnlock(name) => t!(lang, "error-dealer-cannot-unlock", name = name),
        Denied::NoSuchUser(name) => t!(lang, "error-no-such-user", name = name),
        Denied::NotLocked(name) => t!(lang, "error-not-locked", name = name),
        Denied::MayNotResetPin {
            by,
            by_role,
            role: r,
        } => t!(
            lang,
            "error-may-not-reset-pin",
            by = by,
            by_role = role(lang, *by_role),
            role = role(lang, *r)
        ),
        Denied::OnlyAdminSetsRoles { by, by_role } => t!(
            lang,
            "error-only-admin-sets-roles",
            by = by,
            by_role = role(lang, *by_role)
        ),
        Denied::SameRole { name, role: r } => {
            t!(lang, "error-same-role", name = name, role = role(lang, *r))
        }
        Denied::LastAdmin(name) => t!(lang, "error-last-admin", name = name),
        Denied::PromotionNeedsPin { name, role: r, min } => t!(
            lang,
            "error-promotion-needs-pin",
            name = name,
            role = role(lang, *r),
            min = *min as i64
        ),
        Denied::LockedNow(name) => t!(lang, "error-locked-now", name = name),
        Denied::DealerCannotSetCurrency(name) => {
            t!(lang, "error-dealer-cannot-set-currency", name = name)
        }
        Denied::CurrencyFixed(c) => t!(lang, "error-currency-fixed", currency = c.to_string()),
        Denied::DealerCannotSetCalendar(name) => {
            t!(lang, "error-dealer-cannot-set-calendar", name = name)
        }
        Denied::MayNotSetLanguage { by, by_role, user } => t!(
            lang,
            "error-may-not-set-language",
            by = by,
            by_role = role(lang, *by_role),
            user = user
        ),
    }
}

/// A Pontis card as the language writes it (a joker keeps its mark).
pub fn deck_card(lang: Lang, c: DeckCard) -> String {
    match c {
        DeckCard::Card(c) => card(lang, c),
        joker => joker.to_string(),
    }
}

/// The difference(s) a play must meet, in the language (the engine's `Need`).
pub fn need_words(lang: Lang, need: Need) -> String {
    match need {
        Need::Bridge => t!(lang, "pontis-need-bridge"),
        Need::AceBridge => t!(lang, "pontis-need-ace-bridge"),
        Need::Difference(a, None) => t!(lang, "pontis-need-difference", a = a),
        Need::Difference(a, Some(b)) => t!(lang, "pontis-need-either", a = a, b = b),
    }
}

/// What a Pontis game expected (the engine's `pontis::Expecting`), in the language.
pub fn pontis_expecting(lang: Lang, e: &PontisExpecting) -> String {
    use PontisExpecting as E;
    match e {
        E::Over => t!(lang, "pontis-expecting-over"),
        E::Turn { name } => t!(lang, "pontis-expecting-turn", name = name.as_str()),
        E::PassOnly { name } => t!(lang, "pontis-expecting-pass-only", name = name.as_str()),
        E::Bridge { name } => t!(lang, "pontis-expecting-bridge", name = name.as_str()),
        E::OneCard { name, need } => t!(
            lang,
            "pontis-expecting-one",
            name = name.as_str(),
            need = need_words(lang, *need)
        ),
        E::OneOrTwo { name, need } => t!(
            lang,
            "pontis-expecting-one-or-two",
            name = name.as_str(),
            need = need_words(lang, *need)
        ),
    }
}

/// What the game wants now, in words (the Pontis screen's "next", and a refusal's);
/// `None` once the game is over.
pub fn pontis_next(lang: Lang, g: &Game) -> Option<String> {
    use crate::engine::pontis::Want;
    match g.want() {
        Want::Turn(seat) => Some(t!(lang, "pontis-next-turn", name = &g.names()[seat])),
        Want::Move { seat, need } => {
            let prev = g.previous(seat);
            let top = |s: usize| g.top(s).map(|c| deck_card(lang, c)).unwrap_or_default();
            Some(t!(
                lang,
                "pontis-next-move",
                name = &g.names()[seat],
                need = need_words(lang, need),
                top = top(seat),
                other = &g.names()[prev],
                other_top = top(prev)
            ))
        }
        Want::Over(_) => None,
    }
}

/// Why the Pontis game refused a step, and what it wanted instead, in the language:
/// `g` is the game as it stood when the step was refused.
pub fn pontis(lang: Lang, g: &Game, e: &PlayError) -> String {
    let why = pontis_refusal(lang, &e.reason);
    match pontis_next(lang, g) {
        Some(next) => t!(lang, "error-pontis-expected", why = why, next = next),
        None => why,
    }
}

/// Why the Pontis game refused a step, in the language.
pub fn pontis_refusal(lang: Lang, r: &PlayRefusal) -> String {
    let gone = |why: &CardGone| match why {
        CardGone::Rank(r) => t!(lang, "error-pontis-rank-gone", rank = rank_mark(lang, *r)),
        CardGone::Card(c) => t!(lang, "error-pontis-card-in-game", card = card(lang, *c)),
        CardGone::Jokers(n) => t!(lang, "error-pontis-jokers-gone", n = *n as i64),
    };
    let need = |n: Need| match n {
        Need::Bridge => t!(lang, "pontis-need-bridge"),
        Need::AceBridge => t!(lang, "pontis-need-ace-bridge"),
        Need::Difference(a, None) => t!(lang, "pontis-need-difference", a = a),
        Need::Difference(a, Some(b)) => t!(lang, "pontis-need-either", a = a, b = b),
    };
    match r {
        PlayRefusal::NoSeat(i) => t!(lang, "error-pontis-no-seat", n = *i as i64 + 1),
        PlayRefusal::Over => t!(lang, "error-pontis-over"),
        PlayRefusal::OutOfTurn { now, who } => {
            t!(lang, "error-pontis-out-of-turn", now = now, who = who)
        }
        PlayRefusal::BankCardGone { card: c, why } => t!(
            lang,
            "error-pontis-bank-card-gone",
            card = deck_card(lang, *c),
            why = gone(why)
        ),
        PlayRefusal::AlreadyTurned { who, top } => t!(
            lang,
            "error-pontis-already-turned",
            who = who,
            top = top.map(|c| deck_card(lang, c)).unwrap_or_default()
        ),
        PlayRefusal::TurnFirst { who } => t!(lang, "error-pontis-turn-first", who = who),
        PlayRefusal::HoldsFewer { who, held, played } => t!(
            lang,
            "error-pontis-holds-fewer",
            who = who,
            held = *held as i64,
            played = *played as i64
        ),
        PlayRefusal::DoesNotMeet { lay, top, need: n } => {
            let cards = match (*lay, *top) {
                (Lay::One(c), _) => deck_card(lang, c),
                (Lay::Two { under, top: t }, Top::Last) => {
                    format!("{} {}", deck_card(lang, under), deck_card(lang, t))
                }
                (Lay::Two { under, top: t }, Top::Declared) => t!(
                    lang,
                    "error-pontis-on-top",
                    top = deck_card(lang, t),
                    under = deck_card(lang, under)
                ),
            };
            t!(
                lang,
                "error-pontis-does-not-meet",
                cards = cards,
                n = lay.cards().len() as i64,
                need = need(*n)
            )
        }
        PlayRefusal::CardGone { card: c, why } => t!(
            lang,
            "error-pontis-card-gone",
            card = deck_card(lang, *c),
            why = gone(why)
        ),
    }
}

/// What went wrong with the database, naming the file and what to do (a `log::AuditError`
/// as its `code()`).
pub fn store(lang: Lang, e: &StoreCode) -> String {
    let p = |p: &std::path::Path| p.display().to_string();
    match e {
        StoreCode::NotCroupier { path, detail } => {
            t!(lang, "error-not-croupier", path = p(path), detail = detail)
        }
        StoreCode::NewerSchema { path, found, known } => t!(
            lang,
            "error-newer-schema",
            path = p(path),
            found = *found,
            known = *known
        ),
        StoreCode::OlderSchema { path, found, known } => t!(
            lang,
            "error-older-schema",
            path = p(path),
            found = *found,
            known = *known
        ),
        StoreCode::InUse { path, holder } => {
            t!(lang, "error-in-use", path = p(path), holder = holder)
        }
        StoreCode::ReadOnly { path, detail } => {
            t!(lang, "error-read-only", path = p(path), detail = detail)
        }
        StoreCode::DiskFull { path } => t!(lang, "error-disk-full", path = p(path)),
        StoreCode::Sqlite { path, detail } => {
            t!(lang, "error-sqlite", path = p(path), detail = detail)
        }
        StoreCode::PinHash(detail) => t!(lang, "error-pin-hash", detail = detail),
        StoreCode::Denied(d) => denied(lang, d),
        StoreCode::Refused(r) => log_refusal(lang, r),
    }
}

/// What the log could not give: a round or game not there or not over, or a logged event
/// that does not read back (for a supervisor running `croupier verify`).
fn log_refusal(lang: Lang, r: &LogRefusal) -> String {
    let p = |p: &std::path::Path| p.display().to_string();
    match r {
        LogRefusal::NoRound { path, round } => {
            t!(lang, "error-log-no-round", path = p(path), round = *round)
        }
        LogRefusal::NoRoundNumbered {
            path,
            round,
            rounds,
        } => t!(
            lang,
            "error-log-no-round-numbered",
            path = p(path),
            round = *round,
            rounds = *rounds
        ),
        LogRefusal::NoGame { path, game, games } => t!(
            lang,
            "error-log-no-game",
            path = p(path),
            game = *game,
            games = *games
        ),
        LogRefusal::RoundInPlay { round } => t!(lang, "error-log-round-in-play", round = *round),
        LogRefusal::GameInPlay { game } => t!(lang, "error-log-game-in-play", game = *game),
        LogRefusal::NoSettlement { round } => {
            t!(lang, "error-log-no-settlement", round = *round)
        }
        LogRefusal::StartUnreadable { round } => {
            t!(lang, "error-log-start-unreadable", round = *round)
        }
        LogRefusal::CorrectionUnreadable { round, detail } => t!(
            lang,
            "error-log-correction-unreadable",
            round = *round,
            detail = detail
        ),
        LogRefusal::NotASetting { seq } => t!(lang, "error-log-not-a-setting", seq = *seq),
        LogRefusal::BadCurrency { code } => {
            t!(lang, "error-log-bad-currency", code = code.as_str())
        }
        LogRefusal::BadLanguage { user, lang: code } => t!(
            lang,
            "error-log-bad-language",
            user = *user,
            code = code.as_str()
        ),
        LogRefusal::BadCalendar { tz, shifts } => t!(
            lang,
            "error-log-bad-calendar",
            tz = tz.as_str(),
            shifts = shifts.as_str()
        ),
        LogRefusal::ReplayThread { message } => {
            t!(lang, "error-log-replay-thread", message = message.as_str())
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::sync::Arc;

    use super::*;
    use crate::engine::{BetSpec, Limits, Rank, Rules};
    use crate::log::AuditError;

    /// A message with an argument not passed shows as `{$name}`; an id missing shows as
    /// the id itself. Neither may reach a screen.
    fn said_fully(lang: Lang, text: &str, what: &str) {
        assert!(
            !text.contains('{') && !text.starts_with("error-") && !text.starts_with("play-"),
            "{lang}: {what} reads {text:?}"
        );
    }

    /// One of each of the log's refusals.
    fn log_refusals(path: &std::path::Path) -> Vec<LogRefusal> {
        let path = path.to_path_buf();
        vec![
            LogRefusal::NoRound {
                path: path.clone(),
                round: 7,
            },
            LogRefusal::NoRoundNumbered {
                path: path.clone(),
                round: 7,
                rounds: 5,
            },
            LogRefusal::NoGame {
                path,
                game: 3,
                games: 2,
            },
            LogRefusal::RoundInPlay { round: 7 },
            LogRefusal::GameInPlay { game: 3 },
            LogRefusal::NoSettlement { round: 7 },
            LogRefusal::StartUnreadable { round: 7 },
            LogRefusal::CorrectionUnreadable {
                round: 7,
                detail: "d".into(),
            },
            LogRefusal::NotASetting { seq: 12 },
            LogRefusal::BadCurrency { code: "XX".into() },
            LogRefusal::BadLanguage {
                user: 2,
                lang: "de".into(),
            },
            LogRefusal::BadCalendar {
                tz: "Mars/Base".into(),
                shifts: "06:00".into(),
            },
            LogRefusal::ReplayThread {
                message: "boom".into(),
            },
        ]
    }

    /// The English words of the log's refusals are their `Display` text, which the CLI
    /// prints and tests pin.
    #[test]
    fn log_refusals_in_english_are_their_display() {
        for r in log_refusals(std::path::Path::new("/tmp/t.db")) {
            let e = AuditError::Refused(r);
            assert_eq!(store(Lang::En, &e.code()), e.to_string());
        }
    }

    fn round() -> Round {
        let bets = vec![
            BetSpec {
                id: "1a".into(),
                box_no: 1,
                stake: Money::from_cents(1000),
            },
            BetSpec {
                id: "1b".into(),
                box_no: 1,
                stake: Money::from_cents(500),
            },
        ];
        let rules = Rules::preset("czech").unwrap();
        Round::new(rules, Limits::NONE, bets).unwrap()
    }

    /// Every variant of the closed refusal enums is said in every language, with all its
    /// arguments.
    #[test]
    fn every_refusal_is_said_in_every_language() {
        let r = round();
        let card = Card::new(Rank::Eight, Some(Suit::Hearts));
        let m = Money::from_cents(250);
        let refusals = [
            Refusal::RoundComplete,
            Refusal::CardNotWanted,
            Refusal::DecisionNotWanted,
            Refusal::Impossible(ImpossibleCard::Rank {
                card,
                rank: "8",
                decks: 6,
                max: 24,
            }),
            Refusal::Impossible(ImpossibleCard::Suited { card, decks: 6 }),
            Refusal::NoSuchBet(7),
            Refusal::BetNotInPlay(0),
            Refusal::NotABackBet(0),
            Refusal::BetFinished(1),
            Refusal::NotOnThisHand(1),
            Refusal::OffersNotOpen,
            Refusal::OffersClosed,
            Refusal::OfferTaken(0),
            Refusal::InsuranceAmount { bet: 0, max: m },
            Refusal::EvenMoneyNotOffered,
            Refusal::NoPontoon(0),
            Refusal::BuyAfterTwist,
            Refusal::CardNotBuyable(5),
            Refusal::CardNotBuyable(3),
            Refusal::NotAPair(card, Card::new(Rank::Nine, None)),
            Refusal::SplitNeedsTwoCards,
            Refusal::SplitLimit(3),
            Refusal::AceSplitLimit(1),
            Refusal::SplitAceNoDecision(Decision::Twist),
            Refusal::StickBelowMinimum { total: 14, min: 16 },
            Refusal::SurrenderNotAllowed,
            Refusal::SurrenderAgainstAce,
            Refusal::SurrenderTooLate,
            Refusal::DeclinedTwice(1),
            Refusal::NothingToDecline,
            Refusal::DeclineMustPrecede,
        ];
        let id: crate::engine::BetId = Arc::from("1a");
        let setups = [
            SetupError::NoBets,
            SetupError::NoSuchBox {
                id: id.clone(),
                box_no: 9,
                boxes: 7,
            },
            SetupError::DuplicateId(id.clone()),
            SetupError::StakeNotPositive {
                id: id.clone(),
                stake: Money::ZERO,
            },
            SetupError::BelowMinimum {
                id: id.clone(),
                stake: m,
                min: Money::from_cents(500),
            },
            SetupError::OverBoxMax {
                box_no: 1,
                total: m,
                max: m,
            },
            SetupError::TooManyBets {
                box_no: 1,
                count: 4,
                max: 3,
            },
            SetupError::BadLimits("x".into()),
        ];
        let path = PathBuf::from("/tmp/t.db");
        let stores = [
            AuditError::NotCroupier {
                path: path.clone(),
                detail: "d".into(),
            },
            AuditError::NewerSchema {
                path: path.clone(),
                found: 9,
                known: 6,
            },
            AuditError::OlderSchema {
                path: path.clone(),
                found: 3,
                known: 6,
            },
            AuditError::InUse {
                path: path.clone(),
                holder: "pid 1".into(),
            },
            AuditError::ReadOnly {
                path: path.clone(),
                detail: "d".into(),
            },
            AuditError::DiskFull { path: path.clone() },
            AuditError::Sqlite {
                path: path.clone(),
                detail: "d".into(),
            },
            AuditError::Db {
                path: path.clone(),
                source: rusqlite::Error::QueryReturnedNoRows,
            },
            AuditError::PinHash("d".into()),
        ]
        .into_iter()
        .chain(log_refusals(&path).into_iter().map(AuditError::Refused))
        .collect::<Vec<_>>();
        let name = || "T1".to_string();
        let not_nows = [
            NotNow::NoTableName,
            NotNow::OtherGamesTable {
                name: name(),
                game: TableGame::Pontoon,
            },
            NotNow::OtherGamesTable {
                name: name(),
                game: TableGame::Pontis,
            },
            NotNow::RulesNeedSupervisor {
                name: name(),
                game: TableGame::Pontoon,
            },
            NotNow::RulesNeedSupervisor {
                name: name(),
                game: TableGame::Pontis,
            },
            NotNow::RulesWhileInPlay {
                name: name(),
                game: TableGame::Pontoon,
            },
            NotNow::RulesWhileInPlay {
                name: name(),
                game: TableGame::Pontis,
            },
            NotNow::TableNotInLog,
            NotNow::NoSuchTableHere { name: name() },
            NotNow::NoSuchTable { name: name() },
            NotNow::ShoeDuringRound,
            NotNow::RoundInPlay,
            NotNow::NoRound,
            NotNow::UndoSettled,
            NotNow::NothingToUndoInRound,
            NotNow::GameInPlay,
            NotNow::NoGame,
            NotNow::UndoEnded,
            NotNow::NothingToUndoInGame,
            NotNow::NothingToUndo,
            NotNow::NoGameToAbandon,
            NotNow::DealerCannotCorrect { name: name() },
            NotNow::NoReason,
            NotNow::NotSettled { round: 4 },
            NotNow::AlreadyVoided { round: 4 },
            NotNow::CountDue { name: name() },
            NotNow::NoChipSet,
            NotNow::NeedsRules(Box::new(NotNow::NoSuchTable { name: name() })),
        ];
        let jk = DeckCard::Joker(Rank::Seven);
        let c7 = DeckCard::Card(card);
        let game = Game::new(
            crate::engine::pontis::PontisRules::standard(),
            vec!["Ben".into(), "Eva".into()],
            0,
            vec![None, None],
        )
        .unwrap();
        let plays = [
            PlayRefusal::NoSeat(4),
            PlayRefusal::Over,
            PlayRefusal::OutOfTurn {
                now: "Ben".into(),
                who: "Eva".into(),
            },
            PlayRefusal::BankCardGone {
                card: c7,
                why: CardGone::Rank(Rank::Eight),
            },
            PlayRefusal::AlreadyTurned {
                who: "Ben".into(),
                top: Some(jk),
            },
            PlayRefusal::TurnFirst { who: "Ben".into() },
            PlayRefusal::HoldsFewer {
                who: "Ben".into(),
                held: 1,
                played: 2,
            },
            PlayRefusal::DoesNotMeet {
                lay: Lay::One(c7),
                top: Top::Last,
                need: Need::Bridge,
            },
            PlayRefusal::DoesNotMeet {
                lay: Lay::Two { under: c7, top: jk },
                top: Top::Declared,
                need: Need::Difference(4, Some(9)),
            },
            PlayRefusal::DoesNotMeet {
                lay: Lay::Two { under: c7, top: jk },
                top: Top::Last,
                need: Need::AceBridge,
            },
            PlayRefusal::CardGone {
                card: c7,
                why: CardGone::Card(card),
            },
            PlayRefusal::CardGone {
                card: jk,
                why: CardGone::Jokers(2),
            },
        ];
        let denials = [
            Denied::NotARole("boss".into()),
            Denied::BadName {
                name: "x".into(),
                why: NameProblem::Length,
            },
            Denied::BadName {
                name: "J4na".into(),
                why: NameProblem::Letters,
            },
            Denied::BadName {
                name: "dealer".into(),
                why: NameProblem::Generic,
            },
            Denied::PinLength {
                role: Role::Admin,
                min: 6,
            },
            Denied::FirstMustBeAdmin,
            Denied::AddNeedsConfirmation,
            Denied::MayNotAdd {
                by: name(),
                by_role: Role::Supervisor,
                role: Role::Admin,
            },
            Denied::UserExists(name()),
            Denied::DealerCannotUnlock(name()),
            Denied::NoSuchUser(name()),
            Denied::NotLocked(name()),
            Denied::MayNotResetPin {
                by: name(),
                by_role: Role::Supervisor,
                role: Role::Admin,
            },
            Denied::OnlyAdminSetsRoles {
                by: name(),
                by_role: Role::Supervisor,
            },
            Denied::SameRole {
                name: name(),
                role: Role::Dealer,
            },
            Denied::LastAdmin(name()),
            Denied::PromotionNeedsPin {
                name: name(),
                role: Role::Supervisor,
                min: 6,
            },
            Denied::LockedNow(name()),
            Denied::DealerCannotSetCurrency(name()),
            Denied::CurrencyFixed(crate::engine::Currency::parse("CZK").unwrap()),
            Denied::DealerCannotSetCalendar(name()),
            Denied::MayNotSetLanguage {
                by: name(),
                by_role: Role::Dealer,
                user: "Jana".into(),
            },
        ];
        for lang in Lang::ALL {
            for x in &refusals {
                said_fully(lang, &refusal(lang, &r, x), &format!("{x:?}"));
            }
            for x in &setups {
                said_fully(lang, &setup(lang, x), &format!("{x:?}"));
            }
            for x in &stores {
                said_fully(lang, &store(lang, &x.code()), &format!("{x:?}"));
            }
            for x in [
                MoneyError::NotAnAmount("x".into()),
                MoneyError::TooPrecise("1.001".into()),
                MoneyError::TooLarge("9".repeat(20)),
            ] {
                said_fully(lang, &money(lang, &x), &format!("{x:?}"));
            }
            for x in &denials {
                said_fully(lang, &denied(lang, x), &format!("{x:?}"));
            }
            for x in &plays {
                said_fully(lang, &pontis_refusal(lang, x), &format!("{x:?}"));
            }
            let e = PlayError {
                reason: PlayRefusal::Over,
                expected: String::new(),
            };
            said_fully(lang, &pontis(lang, &game, &e), "pontis expected");
            for x in &not_nows {
                said_fully(lang, &not_now(lang, x), &format!("{x:?}"));
            }
            for (min, max) in [(-1, 5), (900, 500)] {
                let l = limits(
                    lang,
                    Some(Money::from_cents(min)),
                    Some(Money::from_cents(max)),
                )
                .expect("refused");
                said_fully(lang, &l, "limits");
            }
        }
        assert_eq!(limits(Lang::Cs, None, Some(m)), None);
    }

    /// What the round expects, read from the engine, in the language; plural forms and
    /// the seed's words come through.
    #[test]
    fn what_comes_next_is_said_in_the_language() {
        let mut r = round();
        assert_eq!(expected(Lang::Cs, &r), "první karta pro box 1", "the deal");
        for c in [Rank::Nine, Rank::Ace, Rank::Seven] {
            r.apply(Step::Card(Card::new(c, None))).unwrap();
        }
        // The dealer's ace: the offers open, the holder decides on 9 7.
        let uk = expected(Lang::Uk, &r);
        assert!(uk.starts_with("пропозиція (страховка 1a (до 5,00)"), "{uk}");
        assert!(
            uk.contains("рішення для: бокс 1 (9 7, сума 16): досить, твіст"),
            "{uk}"
        );
        let cs = refusal(
            Lang::Cs,
            &r,
            &r.check(Step::Split).expect_err("9 and 7 are no pair"),
        );
        assert_eq!(cs, "9 a 7 nejsou pár, takže je nelze rozdělit");
        assert_eq!(
            t!(Lang::Ru, "error-split-limit", n = 3),
            "этот бокс уже делал сплит 3 раза — больше правила не разрешают"
        );
        for lang in Lang::ALL {
            said_fully(lang, &expected(lang, &r), "expected");
        }
        assert_eq!(
            card(Lang::Uk, Card::new(Rank::Queen, Some(Suit::Hearts))),
            "Д♥"
        );
        assert_eq!(
            card(Lang::En, Card::new(Rank::Queen, Some(Suit::Hearts))),
            "Qh"
        );
    }

    /// What was expected is data (`Round::expecting`, `pontis::Expecting`), worded in every
    /// language with no English left in cs, uk or ru (before, the engine's English was
    /// put inside their messages: the Pontis screen's "type the card(s) first"); English
    /// words it as the engine's own `Display`, so the round script's `next` is unchanged.
    #[test]
    fn what_was_expected_is_said_in_every_language() {
        const ENGLISH: [&str; 12] = [
            "decision",
            "card for",
            "dealer",
            "nothing",
            "insure",
            "even-money",
            "twisted",
            "total",
            "offer",
            "pass (",
            "bank card",
            "meeting",
        ];
        let check = |lang: Lang, text: &str, what: &str| {
            said_fully(lang, text, what);
            if lang != Lang::En {
                let leak = ENGLISH.iter().find(|w| text.contains(*w));
                assert!(leak.is_none(), "{lang}: {leak:?} in {text}");
            }
        };
        let mut r = round();
        let mut seen = 0;
        for c in [
            Rank::Nine,
            Rank::Ace,
            Rank::Seven,
            Rank::Two,
            Rank::Five,
            Rank::Ten,
        ] {
            let e = r.expecting();
            assert_eq!(r.expected(), e.to_string());
            for lang in Lang::ALL {
                check(lang, &expecting(lang, &e), &format!("{e:?}"));
            }
            seen += 1;
            let _ = r.apply(Step::Card(Card::new(c, None)));
            if let Some(&s) = r.legal_steps().iter().find(|s| **s == Step::Twist) {
                r.apply(s).unwrap();
            }
        }
        assert!(seen > 3);
        let needs = [
            Need::Bridge,
            Need::Difference(4, None),
            Need::Difference(2, Some(11)),
        ];
        let name = || "Ben".to_string();
        let games = [
            PontisExpecting::Over,
            PontisExpecting::Turn { name: name() },
            PontisExpecting::PassOnly { name: name() },
            PontisExpecting::Bridge { name: name() },
            PontisExpecting::OneCard {
                name: name(),
                need: needs[1],
            },
            PontisExpecting::OneOrTwo {
                name: name(),
                need: needs[2],
            },
        ];
        for e in &games {
            let said: Vec<String> = Lang::ALL.iter().map(|&l| pontis_expecting(l, e)).collect();
            for (&lang, text) in Lang::ALL.iter().zip(&said) {
                check(lang, text, &format!("{e:?}"));
            }
            // English says what the engine's own English says (the game script's words).
            assert_eq!(said[0], e.to_string());
            let mut distinct = said.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), 4, "{said:?}");
        }
    }
}
