//! The names the host package gives the typed values of the instruction set: one table per
//! type. The Rhai generator prints these names and the script host defines exactly these
//! constants, so the two cannot drift apart, and a script naming a value that does not exist
//! fails to compile (strict variables).

use super::{Act, At, Condition, Controlled, FilterPart, Place, PlayTo, Relation, UnitFilter};
use crate::riftbound::cards::{CardType, Domain, PowerSymbol};
use crate::riftbound::costs::OtherCost;
use crate::riftbound::layers::{Duration, Keyword};
use crate::riftbound::scoring::ScoreMethod;

/// The constant for every object of a kind.
pub fn kind(k: CardType) -> &'static str {
    match k {
        CardType::Unit => "UNITS",
        CardType::Spell => "SPELLS",
        CardType::Gear => "GEAR",
        CardType::Rune => "RUNES",
        CardType::Legend => "LEGENDS",
        CardType::Battlefield => "BATTLEFIELDS",
    }
}

/// A filter as a script writes it: `UNITS + ENEMY + HERE`, `(GEAR) | (UNITS)`.
pub fn filter(f: &UnitFilter) -> String {
    let mut s = kind(f.kind).to_string();
    for p in f.parts() {
        s.push_str(" + ");
        s.push_str(&part(&p));
    }
    match &f.or {
        Some(or) => format!("({s}) | ({})", filter(or)),
        None => s,
    }
}

pub fn part(p: &FilterPart) -> String {
    match p {
        FilterPart::Relation(r) => relation(*r).into(),
        FilterPart::At(a) => at(*a).map_or_else(|| "ANYWHERE".into(), String::from),
        FilterPart::Other => "OTHER".into(),
        FilterPart::Allied => "ALLIED".into(),
        FilterPart::NotTag(t) => format!("non({t:?})"),
        FilterPart::Tag(t) => format!("tagged({t:?})"),
        FilterPart::MaxMight(m) => format!("might_at_most({m})"),
        FilterPart::MaxCost(m) => format!("cost_at_most({}, {})", m.energy, m.power.map_or(-1, i64::from)),
        // A condition with no constant prints as its kernel name, which no script defines: the
        // card's Rhai then fails to compile, naming it, instead of dropping the restriction.
        FilterPart::MyName => "MY_NAME".into(),
        FilterPart::Facedown => "FACEDOWN".into(),
        FilterPart::Is(Condition::HasKeyword(k)) => format!("with_keyword({})", keyword(*k)),
        FilterPart::Is(Condition::CostAtLeast { energy, power }) => format!("cost_at_least({energy}, {power})"),
        // "the only unit you control there": how many others the phrase names, relative to it.
        FilterPart::Is(Condition::Count { filter: f, at_least, at_most, whose: Controlled::Anyone }) => {
            format!("with_count({}, {at_least}, {})", filter(f), at_most.map_or(-1, i64::from))
        }
        FilterPart::Is(c) => OBJECT_CONDITIONS
            .iter()
            .find(|(_, x)| x == c)
            .map_or_else(|| format!("{c:?}"), |(name, _)| name.to_string()),
    }
}

pub fn relation(r: Relation) -> &'static str {
    match r {
        Relation::Any => "ANY_CONTROLLER",
        Relation::Friendly => "FRIENDLY",
        Relation::Enemy => "ENEMY",
        Relation::Own => "YOU_OWN",
    }
}

/// The constant of a place a card can name (`At::That` is a kernel restriction no text names).
pub fn at(a: At) -> Option<&'static str> {
    Some(match a {
        At::Anywhere => "ANYWHERE",
        At::Battlefield => "AT_BATTLEFIELD",
        At::Here => "HERE",
        At::MyBattlefield => "AT_MY_BATTLEFIELD",
        At::Elsewhere => "ELSEWHERE",
        At::YourTrash => "IN_YOUR_TRASH",
        At::Trashes => "IN_A_TRASH",
        At::InCombat => "IN_COMBAT",
        At::YourBase => "IN_YOUR_BASE",
        At::AnyBase => "IN_A_BASE",
        At::MainDeck => "IN_A_MAIN_DECK",
        At::YourHand => "IN_YOUR_HAND",
        At::Chain => "ON_THE_CHAIN",
        At::YourChampionZone => "IN_YOUR_CHAMPION_ZONE",
        At::Everywhere => "EVERYWHERE",
        At::That(_) | At::ItsLocation => return None,
    })
}

pub fn keyword(k: Keyword) -> String {
    format!("{k:?}").to_ascii_uppercase()
}

/// An action a test reads back ([`Act::reported`]): `KILL`, `BUFF`, ...
pub fn act(a: Act) -> String {
    format!("{a:?}").to_ascii_uppercase()
}

/// How points were scored, for "the points you scored from holding this turn" (442).
pub const SCORE_METHODS: [Option<ScoreMethod>; 3] = [None, Some(ScoreMethod::Hold), Some(ScoreMethod::Conquer)];

pub fn score_method(m: Option<ScoreMethod>) -> &'static str {
    match m {
        None => "BY_EITHER",
        Some(ScoreMethod::Hold) => "BY_HOLDING",
        Some(ScoreMethod::Conquer) => "BY_CONQUERING",
    }
}

pub fn duration(d: Duration) -> &'static str {
    match d {
        Duration::ThisTurn => "THIS_TURN",
        Duration::ThisCombat => "THIS_COMBAT",
        Duration::Indefinite => "UNTIL_IT_LEAVES",
        Duration::WhileSourceOnBoard => "WHILE_SOURCE_ON_BOARD",
        Duration::WhileAttached => "WHILE_ATTACHED",
    }
}

/// The battlefields an instruction plays a unit to (352.2).
pub fn play_to(t: PlayTo) -> &'static str {
    match t {
        PlayTo::Open => "TO_AN_OPEN_BATTLEFIELD",
        PlayTo::OccupiedEnemy => "TO_AN_OCCUPIED_ENEMY_BATTLEFIELD",
        PlayTo::Attacking => "TO_A_BATTLEFIELD_YOURE_ATTACKING",
        PlayTo::ConqueredThisTurn => "TO_A_BATTLEFIELD_YOU_CONQUERED",
        PlayTo::Controlled => "TO_A_BATTLEFIELD_YOU_CONTROL",
        PlayTo::Any => "TO_ANY_BATTLEFIELD",
    }
}

pub fn place(p: Place) -> &'static str {
    match p {
        Place::Chosen => "CHOSEN_LOCATION",
        Place::Here => "THIS_LOCATION",
        Place::Base => "YOUR_BASE",
    }
}

/// A cost as a script writes it: `energy(2) + FURY`.
pub fn cost(c: &crate::riftbound::costs::Cost) -> String {
    let mut s = format!("energy({})", c.energy);
    for p in &c.power {
        s.push_str(" + ");
        s.push_str(&power(*p));
    }
    s
}

pub fn power(p: PowerSymbol) -> String {
    match p {
        PowerSymbol::Of(d) => format!("{d:?}").to_ascii_uppercase(),
        PowerSymbol::Any => "ANY_DOMAIN".into(),
    }
}

/// Every place a card can name.
pub const PLACES: [At; 15] = [
    At::Anywhere,
    At::Battlefield,
    At::Here,
    At::MyBattlefield,
    At::Elsewhere,
    At::YourTrash,
    At::Trashes,
    At::InCombat,
    At::YourBase,
    At::AnyBase,
    At::MainDeck,
    At::YourHand,
    At::Chain,
    At::YourChampionZone,
    At::Everywhere,
];

/// The conditions a filter can hold about each object, by name ("buffed", "attacking alone").
pub const OBJECT_CONDITIONS: [(&str, Condition); 17] = [
    ("BUFFED", Condition::Buffed),
    ("STUNNED", Condition::Stunned),
    ("EMPOWERED", Condition::Empowered),
    ("DAMAGED", Condition::Damaged),
    ("EXHAUSTED", Condition::Exhausted),
    ("READY", Condition::Ready),
    ("MIGHTY", Condition::Mighty),
    ("EQUIPPED", Condition::Equipped),
    ("ATTACHED", Condition::Attached(true)),
    ("DETACHED", Condition::Attached(false)),
    ("OPEN", Condition::Open),
    ("TOKEN", Condition::Token),
    ("ATTACKING", Condition::Attacking),
    ("DEFENDING", Condition::Defending),
    ("ALONE", Condition::Alone { attack: true, defend: true }),
    ("ATTACKING_ALONE", Condition::Alone { attack: true, defend: false }),
    ("DEFENDING_ALONE", Condition::Alone { attack: false, defend: true }),
];

/// Every kind a filter can start from.
pub const KINDS: [CardType; 6] =
    [CardType::Unit, CardType::Spell, CardType::Gear, CardType::Rune, CardType::Legend, CardType::Battlefield];

/// Every duration an instruction can give.
pub const DURATIONS: [Duration; 5] = [
    Duration::ThisTurn,
    Duration::ThisCombat,
    Duration::Indefinite,
    Duration::WhileSourceOnBoard,
    Duration::WhileAttached,
];

/// Every power symbol a cost can hold.
pub fn powers() -> impl Iterator<Item = PowerSymbol> {
    Domain::ALL.into_iter().map(PowerSymbol::Of).chain([PowerSymbol::Any])
}

/// A cost other than Energy and Power (353.6): a constant, or a constructor with its number or
/// its filter, rendered by `filter` (`discard_cost(1)`, `kill_cost(UNITS + FRIENDLY)`).
pub fn other_cost(c: &OtherCost, filter: impl Fn(&UnitFilter) -> String) -> String {
    match c {
        OtherCost::Discard(n) => format!("discard_cost({n})"),
        OtherCost::RecycleFromTrash(n) => format!("recycle_cost({n})"),
        OtherCost::Kill(f) => format!("kill_cost({})", filter(f)),
        OtherCost::Exhaust(f) => format!("exhaust_cost({})", filter(f)),
        OtherCost::SpendBuff => SPEND_A_BUFF.to_string(),
        OtherCost::Burn(n) => format!("burn_cost({n})"),
        OtherCost::BanishMe => BANISH_ME.to_string(),
        OtherCost::KillMe => KILL_ME.to_string(),
        OtherCost::Banish(f) => format!("banish_cost({})", filter(f)),
        OtherCost::Recycle(f) => format!("recycle_unit_cost({})", filter(f)),
        OtherCost::Return(f) => format!("return_cost({})", filter(f)),
    }
}

/// The cost "spend a buff" (702.2.b), the one with neither a number nor a filter.
pub const SPEND_A_BUFF: &str = "SPEND_A_BUFF";

/// The cost "banish me" (414), the other one with neither a number nor a filter.
pub const BANISH_ME: &str = "BANISH_ME";
pub const KILL_ME: &str = "KILL_ME";
