//! Which objects a phrase means: the one filter type of the card language (352.8), used by
//! targets, "all"/"each" phrases, trigger subjects and replacement effects alike.

use super::Condition;
use crate::kernel::PlayerId;
use crate::riftbound::cards::CardType;
use crate::riftbound::state::Bf;
use serde::Serialize;

/// Which units (or runes, gear) a phrase means, relative to the ability's controller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct UnitFilter {
    pub kind: CardType,
    pub relation: Relation,
    /// 462.8.d: "friendly", "you or allies control": `Relation::Friendly` also takes a
    /// teammate's objects (only the 2v2 has teammates); "you control", "your" do not.
    #[serde(default)]
    pub allied: bool,
    pub at: At,
    /// "another": not the ability's source.
    pub other: bool,
    /// "non-Recruit".
    pub exclude_tag: Option<String>,
    /// "a Mech", "Poros": a tag as a noun names the units with that tag (a Mech is a unit with
    /// the tag Mech).
    pub tag: Option<String>,
    /// "with 3 [M] or less": at most this Might (a unit's current Might, 352.8.b).
    pub max_might: Option<u32>,
    /// "costing no more than [3] and no more than [A]": at most this printed cost (130).
    pub max_cost: Option<MaxCost>,
    /// "buffed", "attacking alone": a condition each object must meet, the object as its
    /// subject (see [`Condition`]).
    pub condition: Option<Box<Condition>>,
    /// "a unit at a battlefield or a gear": an object matching this filter also matches.
    pub or: Option<Box<UnitFilter>>,
    /// "with my name": only objects with the name of the ability's source (its card's name).
    pub my_name: bool,
    /// "a facedown card": a card in a Facedown Zone (352.8.a.3, 106.4), whatever its type; its
    /// controller is the player who hid it.
    pub facedown: bool,
    /// "me": only the ability's source itself ("When you choose me", "When you ready me").
    #[serde(default)]
    pub me: bool,
}

impl UnitFilter {
    pub fn units() -> Self {
        UnitFilter {
            kind: CardType::Unit,
            relation: Relation::Any,
            allied: false,
            at: At::Anywhere,
            other: false,
            exclude_tag: None,
            tag: None,
            max_might: None,
            max_cost: None,
            condition: None,
            or: None,
            my_name: false,
            facedown: false,
            me: false,
        }
    }
}

/// A cost limit: the printed Energy cost at most `energy`, and the number of Power symbols at
/// most `power` when it says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct MaxCost {
    pub energy: u32,
    pub power: Option<u32>,
}

impl MaxCost {
    /// Whether a card with this printed cost is within the limit.
    pub fn allows(self, energy: u32, power: usize) -> bool {
        energy <= self.energy && self.power.is_none_or(|p| power <= p as usize)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Relation {
    Any,
    /// "friendly", "you control".
    Friendly,
    /// "enemy".
    Enemy,
    /// "you own" (107.6): its owner is you, whoever controls it.
    Own,
}

impl Relation {
    /// Whether an object controlled by `controller` is this relation to `you` (352.8.b).
    pub fn holds(self, controller: PlayerId, you: PlayerId) -> bool {
        match self {
            Relation::Any => true,
            Relation::Friendly => controller == you,
            Relation::Enemy => controller != you,
            // Where only the controller is known: a card is its owner's unless control of it
            // changed (the object's own owner is checked where it is known, `unit_matches`).
            Relation::Own => controller == you,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum At {
    Anywhere,
    /// "at a battlefield", "at battlefields".
    Battlefield,
    /// "here": the source's location.
    Here,
    /// "at my battlefield": the source's location while that is a battlefield.
    MyBattlefield,
    /// "at another location": a location other than the source's.
    Elsewhere,
    /// At this battlefield: the restriction of a card played from hidden (727.1.d.2).
    That(Bf),
    /// "from your trash": a card in the trash of the ability's controller (352.10.a: the trash is
    /// public, so it is a target).
    YourTrash,
    /// "from trashes": a card in any player's trash (352.10.a: every trash is public).
    Trashes,
    /// "at its destination" as it is compiled: a target spec turns it into `Located::AtIt`; no
    /// object matches it anywhere else.
    ItsLocation,
    /// "in combat": an attacking or defending unit of the combat in progress (438.1.a.3-4).
    InCombat,
    /// "in your base": at the base of the ability's controller (106.2.d).
    YourBase,
    /// "in a base": at any player's base (106.2.d).
    AnyBase,
    /// A card in a Main Deck, as a revealed one stays (411.1.a.2): "If it's a spell" after
    /// "reveal the top card of your Main Deck".
    MainDeck,
    /// "from your hand": a card in the hand of the ability's controller (352.10.a: a hand is
    /// not public, so it is chosen as the instruction resolves, never a target).
    YourHand,
    /// A card being played, on the chain (351): "If it's a unit" after "play a card".
    Chain,
    /// "from your Champion Zone": the unit in the Champion Zone of the ability's controller
    /// (352.8.a.5; 352.10.a.1: the zone is public, so it is a target).
    YourChampionZone,
    /// "Your Equipment everywhere": in any zone, on the board or not (a hand, a deck, a trash):
    /// what a passive that gives keywords names ("have [Quick-Draw]").
    Everywhere,
}

/// What an ability chooses (352).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct TargetSpec {
    pub count: TargetCount,
    pub filter: UnitFilter,
    /// "another" after an earlier choice of the same kind ("a unit and another unit"): none of
    /// the objects chosen for the earlier specs (352.8.b: a targeting restriction, here relative
    /// to the choices made before it).
    pub distinct: bool,
    /// Where it is relative to the object chosen for another spec (352.8.b: a restriction
    /// relative to another choice).
    pub located: Option<Located>,
    /// What the ability's instructions do to what is chosen: not a rule, a reading of the text
    /// for agents and interfaces (an agent should not kill its own unit while an enemy one can be
    /// chosen). Set once the instructions are compiled ([`Intent::toward`]).
    pub intent: Intent,
}

/// Whether an ability's instructions harm or help what is chosen for a target spec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Intent {
    /// Neither, or both, or it depends (a move, a fight, a copy).
    #[default]
    Neutral,
    /// Damage, kill, stun, exhaust, banish, take control, counter, return to hand, -N Might.
    Harm,
    /// Buff, ready, heal, +N Might, a keyword.
    Help,
}

/// A spec's location relative to the object chosen for spec N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Located {
    /// "a friendly unit and an enemy unit at the same battlefield": at the battlefield of the
    /// object chosen for spec N.
    SameBattlefield(usize),
    /// "a battlefield you control and a unit you control at a different location": at a location
    /// other than that of the object chosen for spec N (a battlefield's is itself, 053.3).
    Elsewhere(usize),
    /// "another enemy unit at its destination": at the location of the object the ability
    /// remembers as "it" (a reflexive ability's, `Effect::Reflexive`), where the move before it
    /// took it; `other`: not that object.
    AtIt { other: bool },
    /// "up to three units at the same location": every object chosen for this spec at one
    /// location, that of the first chosen (352.11: a requirement of the group as a whole).
    Together,
    /// "a unit and an Equipment with the same controller": controlled by the player who controls
    /// the object chosen for spec N (352.8.b).
    SameController(usize),
}

impl TargetSpec {
    /// A spec with no restriction relative to the other choices.
    pub fn new(count: TargetCount, filter: UnitFilter) -> Self {
        TargetSpec { count, filter, distinct: false, located: None, intent: Intent::Neutral }
    }

    /// "a unit you control": the target of [Equip] and [Quick-Draw] (SFD-744.1.b.1, SFD-745.1.d).
    pub fn friendly_unit() -> Self {
        TargetSpec::new(TargetCount::One, UnitFilter { relation: Relation::Friendly, ..UnitFilter::units() })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum TargetCount {
    /// "a unit": exactly one.
    One,
    /// "up to N units" (352.13).
    UpTo(u32),
    /// "any number of units", optionally "at a battlefield with total Might N or less" (352.11).
    AnyNumber { total_might: Option<u32>, same_battlefield: bool },
    /// "N damage split among any number of ..." (352.14): up to N targets.
    Split(u32),
    /// "two friendly units": exactly N targets (352.7: all must be chosen for it to be played).
    Exactly(u32),
    /// 352.3: the Move Destination of the unit chosen for target spec N ("Move an enemy unit"),
    /// chosen right after that unit, as the targets are (352; 390 for a triggered ability). The
    /// chosen list holds the battlefield's object for a battlefield (352.10.b: a target), and is
    /// empty for the unit's base (the unit's controller's base, 106.2.d; not an object) — or
    /// when no unit was chosen for spec N. Not counted in [`TargetCount::required`]: a chosen
    /// unit with no valid destination is itself no valid choice (352.7).
    Destination(usize),
    /// 352.9: one player, chosen as targets are: an opponent of the chooser when the filter's
    /// relation is `Enemy` ("Choose an opponent"), any player when it is `Any`. The filter names
    /// no objects.
    Player,
}

impl TargetCount {
    /// How many targets must be chosen (352.7): one for "a unit", N for "N units", none for "up
    /// to" and "any number".
    pub fn required(self) -> usize {
        match self {
            TargetCount::One | TargetCount::Player => 1,
            TargetCount::Exactly(n) => n as usize,
            _ => 0,
        }
    }
}

/// One restriction of a filter, as the host package spells it: a script writes
/// `UNITS + ENEMY + HERE + might_at_most(2)` and gets the same [`UnitFilter`] the card language
/// builds from "each enemy unit here with 2 [M] or less".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterPart {
    Relation(Relation),
    /// 462.8.d: a teammate's objects count as friendly too.
    Allied,
    At(At),
    Other,
    NotTag(String),
    Tag(String),
    MaxMight(u32),
    MaxCost(MaxCost),
    Is(Condition),
    MyName,
    Facedown,
}

impl UnitFilter {
    /// Every object of kind `kind`.
    pub fn of_kind(kind: CardType) -> Self {
        UnitFilter { kind, ..UnitFilter::units() }
    }

    /// This filter with one more restriction.
    pub fn with(mut self, part: FilterPart) -> Self {
        match part {
            FilterPart::Relation(r) => self.relation = r,
            FilterPart::Allied => self.allied = true,
            FilterPart::At(a) => self.at = a,
            FilterPart::Other => self.other = true,
            FilterPart::NotTag(t) => self.exclude_tag = Some(t),
            FilterPart::Tag(t) => self.tag = Some(t),
            FilterPart::MaxMight(m) => self.max_might = Some(m),
            FilterPart::MaxCost(m) => self.max_cost = Some(m),
            FilterPart::Is(c) => self.condition = Some(Box::new(c)),
            FilterPart::MyName => self.my_name = true,
            FilterPart::Facedown => self.facedown = true,
        }
        self
    }

    /// The restrictions of this filter beyond its kind, in the order a script writes them.
    pub fn parts(&self) -> Vec<FilterPart> {
        let mut out = Vec::new();
        if self.relation != Relation::Any {
            out.push(FilterPart::Relation(self.relation));
        }
        if self.allied {
            out.push(FilterPart::Allied);
        }
        if self.at != At::Anywhere {
            out.push(FilterPart::At(self.at));
        }
        if self.other {
            out.push(FilterPart::Other);
        }
        if let Some(t) = &self.exclude_tag {
            out.push(FilterPart::NotTag(t.clone()));
        }
        if let Some(t) = &self.tag {
            out.push(FilterPart::Tag(t.clone()));
        }
        if let Some(m) = self.max_might {
            out.push(FilterPart::MaxMight(m));
        }
        if let Some(m) = self.max_cost {
            out.push(FilterPart::MaxCost(m));
        }
        if let Some(c) = &self.condition {
            out.push(FilterPart::Is((**c).clone()));
        }
        if self.my_name {
            out.push(FilterPart::MyName);
        }
        if self.facedown {
            out.push(FilterPart::Facedown);
        }
        out
    }
}

impl UnitFilter {
    /// Whether the filter has tag words ("non-Recruit", "a Mech"), so matching reads tags.
    pub fn names_tags(&self) -> bool {
        self.exclude_tag.is_some() || self.tag.is_some()
    }

    /// Whether characteristics with these tags pass the filter's tag words.
    pub fn tags_ok(&self, tags: &[String]) -> bool {
        let has = |t: &String| tags.iter().any(|x| x.eq_ignore_ascii_case(t));
        self.exclude_tag.as_ref().is_none_or(|t| !has(t)) && self.tag.as_ref().is_none_or(has)
    }
}

impl Relation {
    pub const ALL: [Relation; 4] = [Relation::Any, Relation::Friendly, Relation::Enemy, Relation::Own];
}
