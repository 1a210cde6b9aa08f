//! The game state: players and their zones (104-107), game objects (119-123), battlefields
//! (162-165), the turn, the chain and showdown, continuous effects, the RNG and the trace.
//! Everything a game needs to continue is in here, so a clone is a complete checkpoint.

use super::cards::{CardDb, CardDef, CardIdx, CardType, Domain};
use super::decision::{Agent, Decision};
use super::layers::{Chars, ContinuousEffect};
use crate::kernel::layers::CharsCache;
use crate::kernel::{Answers, Chain, ChainEntry, GameRng, ObjId, PlayerId, Stop, Trace};
use std::sync::Arc;

/// Result type of every kernel step that may ask a player something.
pub type R<T> = Result<T, Stop<Decision>>;

/// A battlefield, by its index in [`Game::battlefields`] (106.3): what zones, locations, choices,
/// filters and events name a battlefield by. Printed (`{}` and `{:?}`) and serialized as the bare
/// index; `Game::battlefields` is indexed by it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Bf(u8);

impl Bf {
    /// The battlefield at position `i` of [`Game::battlefields`].
    pub const fn new(i: usize) -> Bf {
        assert!(i <= u8::MAX as usize, "at most 256 battlefields");
        Bf(i as u8)
    }

    /// Its position in [`Game::battlefields`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Bf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Debug for Bf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::ops::Index<Bf> for Vec<Arc<Battlefield>> {
    type Output = Battlefield;
    fn index(&self, b: Bf) -> &Battlefield {
        &self[b.index()]
    }
}

/// A battlefield to change, copied first if a snapshot shares it (355.3).
impl std::ops::IndexMut<Bf> for Vec<Arc<Battlefield>> {
    fn index_mut(&mut self, b: Bf) -> &mut Battlefield {
        Arc::make_mut(&mut self[b.index()])
    }
}

/// Where an object is (105-107). Player-owned zones are identified with [`Obj::zone_player`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Zone {
    MainDeck,
    RuneDeck,
    Hand,
    Trash,
    Banishment,
    ChampionZone,
    LegendZone,
    /// A player's base (106.2): their permanents and their runes on the board.
    Base,
    /// At a battlefield (index into [`Game::battlefields`]).
    Battlefield(Bf),
    /// In a battlefield's facedown zone (106.4).
    Facedown(Bf),
    /// The battlefield card itself, in the battlefield zone (106.3).
    BattlefieldZone,
    /// On the chain (327).
    Chain,
    /// Set aside during a mulligan (117.1).
    SetAside,
    /// A token that left the board (177.1), or a removed player's card (652.3).
    Gone,
}

impl Zone {
    /// The board zones (106); everything else is a non-board zone (107).
    pub fn is_board(self) -> bool {
        matches!(self, Zone::Base | Zone::Battlefield(_) | Zone::Facedown(_) | Zone::LegendZone | Zone::BattlefieldZone)
    }
}

/// A location a unit can be at (138.1.a.1): a base or a battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Loc {
    Base(PlayerId),
    Battlefield(Bf),
}

/// Attacker and defender designations during combat (438.1.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Role {
    Attacker,
    Defender,
}

/// Last-known information about an object incarnation that left its zone (356.3.e.12-13).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Lki {
    pub might: i32,
    pub controller: PlayerId,
    pub zone: Zone,
    pub zone_player: PlayerId,
}

/// One incarnation of a game object (a card, token, rune, legend or battlefield). Plain data, so
/// copying the object arena for a checkpoint is a block copy.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Obj {
    pub card: CardIdx,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: Zone,
    /// Whose zone it is in (the owner for decks, hand, trash...; the controller for a base).
    pub zone_player: PlayerId,
    pub exhausted: bool,
    pub damage: u32,
    /// Buff counters: at most one (702.3).
    pub buffs: u8,
    pub stunned: bool,
    pub token: bool,
    pub role: Option<Role>,
    /// Gained the attacker / defender designation during the current combat (376.4.d-e).
    pub attacked: bool,
    pub defended: bool,
    /// When it entered its current zone (453 timestamps).
    pub timestamp: u64,
    /// False once this incarnation has left its zone; see `next` and `lki`.
    pub alive: bool,
    /// The incarnation it became, if it went to another zone.
    pub next: Option<ObjId>,
    pub lki: Option<Lki>,
    /// Whether it was Mighty when last observed, to see it become Mighty (709).
    pub was_mighty: bool,
    /// It was played paying an optional additional cost (353.4.d.1).
    pub paid_additional: bool,
    /// A spell played paying a [Repeat] an effect gave it (`CostChange::GrantRepeat`).
    pub repeat_granted: bool,
    /// [Empowered] (`empower.rs`): a state of this object, gone with it when it changes zones.
    pub empowered: bool,
    /// The mode chosen for a modal spell (182.2.b), as the index of its mode ability.
    pub mode: u8,
    /// [Repeat] paid on a modal spell: the mode chosen for the repeat (it may differ from
    /// `mode`: the repeat may make different choices), as the index of its mode ability.
    pub repeat_mode: u8,
    /// A facedown card: the turn it was hidden (727.1.b: playable from the next turn on).
    pub hidden_on_turn: u32,
    /// Played from hidden at this battlefield (727.1.d): its choices are restricted there.
    pub from_hidden: Option<Bf>,
    /// 346: it was played from its player's hand ("If you played this from your hand").
    pub played_from_hand: bool,
}

/// Energy and Power a player spent on costs (354): all of it, and Power by the domain symbol it
/// paid (universal Power paying [A] counts in `power` only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Spent {
    pub energy: u32,
    pub power: u32,
    pub by_domain: [u32; 6],
}

impl Spent {
    /// Whether at least `cost` was spent: its Energy, its domain symbols by domain, and its
    /// symbols in all ([A] is any Power).
    pub fn covers(&self, cost: &super::costs::Cost) -> bool {
        let mut need = [0u32; 6];
        for s in &cost.power {
            if let super::cards::PowerSymbol::Of(d) = s {
                need[d.index()] += 1;
            }
        }
        self.energy >= cost.energy
            && self.power >= cost.power.len() as u32
            && need.iter().zip(self.by_domain).all(|(n, have)| have >= *n)
    }
}

/// A player's rune pool (158-161): energy, power by domain, and universal power [A].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Pool {
    pub energy: u32,
    pub power: [u32; 6],
    pub any: u32,
    /// Energy that may only be spent to play spells ("[Add] [2]. Use only to play spells.").
    pub spell_energy: u32,
    /// Universal Power that may only be spent to play spells ("[Add] [A]. Use only to play
    /// spells.").
    pub spell_any: u32,
}

impl Pool {
    pub fn is_empty(&self) -> bool {
        *self == Pool::default()
    }
    pub fn power_total(&self) -> u32 {
        self.power.iter().sum::<u32>() + self.any
    }
}

#[derive(Clone, Debug)]
pub struct Player {
    pub deck_name: String,
    pub points: u32,
    /// Index 0 is the top of the deck.
    pub main_deck: Vec<ObjId>,
    pub rune_deck: Vec<ObjId>,
    pub hand: Vec<ObjId>,
    pub trash: Vec<ObjId>,
    pub banishment: Vec<ObjId>,
    pub champion_zone: Option<ObjId>,
    pub legend: Option<ObjId>,
    /// Permanents at this player's base.
    pub base: Vec<ObjId>,
    /// Runes on the board (housed in the base, 106.2.e).
    pub runes: Vec<ObjId>,
    pub set_aside: Vec<ObjId>,
    pub pool: Pool,
    /// Battlefields (bit per index) this player scored this turn (443).
    pub scored_this_turn: u32,
    /// The chosen champion's card (103.2.a.3: every copy of it counts).
    pub chosen_champion: Option<CardIdx>,
    /// Main deck cards played this turn (Legion, 728).
    pub cards_played_this_turn: u32,
    /// What this player spent on costs this turn (354), for "If you've spent at least [A][A]
    /// this turn".
    pub spent_this_turn: Spent,
    pub turns_taken: u32,
    /// Conceded or otherwise removed (649-652).
    pub removed: bool,
}

impl Player {
    /// A player with nothing anywhere yet.
    pub fn new(deck_name: String, chosen_champion: Option<CardIdx>) -> Player {
        Player {
            deck_name,
            points: 0,
            main_deck: Vec::new(),
            rune_deck: Vec::new(),
            hand: Vec::new(),
            trash: Vec::new(),
            banishment: Vec::new(),
            champion_zone: None,
            legend: None,
            base: Vec::new(),
            runes: Vec::new(),
            set_aside: Vec::new(),
            pool: Default::default(),
            scored_this_turn: 0,
            chosen_champion,
            cards_played_this_turn: 0,
            spent_this_turn: Spent::default(),
            turns_taken: 0,
            removed: false,
        }
    }
}

/// A battlefield on the board and the location it is (162-165, 179-181).
#[derive(Clone, Debug)]
pub struct Battlefield {
    pub obj: ObjId,
    pub owner: PlayerId,
    pub controller: Option<PlayerId>,
    /// The player who applied the contested status (181.3), while it lasts.
    pub contested_by: Option<PlayerId>,
    /// Units (and, until the next cleanup recalls it, gear) here, in arrival order.
    pub units: Vec<ObjId>,
    /// The cards hidden here, in the order they were hidden: one at most, unless a passive lets
    /// more be hidden here (727.1.b, [`Game::hide_capacity`]).
    pub facedown: Vec<ObjId>,
    pub showdown_staged: bool,
    pub combat_staged: bool,
}

impl Battlefield {
    /// 181.2.b: an open battlefield is one no player controls and none contests.
    pub fn is_open(&self) -> bool {
        self.controller.is_none() && self.contested_by.is_none()
    }
}

/// Turn structure steps (314-317), plus the mulligans of setup (117).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Step {
    Mulligan(u8),
    Awaken,
    Beginning,
    Scoring,
    Channel,
    Draw,
    Action,
    Ending,
    EndCleanup,
    Expiration,
}

/// What a chain item is.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// A card being played, or a finalized spell, on the chain (its object is in [`Zone::Chain`]).
    Card(ObjId),
    /// An activated or triggered ability of a source object (370, 376).
    Ability { source: ObjId, index: u8 },
    /// An activated ability `source` has from another object's text (Heimerdinger, Inventor):
    /// ability `index` of `lender`'s card, with `source` as its source.
    Borrowed { source: ObjId, lender: ObjId, index: u8 },
    /// A delayed trigger (383.2) that triggered: ability `index` of `source`'s card (the spell
    /// that set it up, possibly gone since, 385), remembering the object it is about (414.3).
    DelayedTrigger { source: ObjId, index: u8, remembered: Option<ObjId> },
    /// 732.1.b: a permanent's [Temporary] triggered: "kill this".
    Temporary(ObjId),
    /// The triggered ability of a keyword another object gives this one, which the kernel
    /// defines, triggered as it was played: [Vision] (733.1.b, 733.3), [Weaponmaster] (SFD-747.1.c),
    /// [Quick-Draw] (SFD-745.1.d).
    Given(super::layers::Keyword, ObjId),
    /// Core Rules 1.3, 823.1.c.1: a unit's [Hunt] triggered: its controller gains `xp` XP.
    Hunt { unit: ObjId, xp: u32 },
}

/// A delayed trigger set up this turn (383.2): "When you conquer this turn, draw it".
#[derive(Clone, Debug, PartialEq)]
pub struct DelayedTrigger {
    pub trigger: super::abilities::Trigger,
    /// The spell or ability source that set it up, and the index of the delayed ability on it.
    pub source: ObjId,
    pub index: u8,
    pub controller: PlayerId,
    /// What "it" is: the object the instruction before it acted on (414.3: the card this
    /// banished, not another card banished by another copy).
    pub remembered: Option<ObjId>,
    /// "The next time ...": it ends as it triggers.
    pub once: bool,
    /// "the next time it takes damage": the event must be about `remembered`.
    pub of_it: bool,
    /// "this battlefield" of the ability that set it up, remembered (414.3).
    pub that_battlefield: Option<Bf>,
}

/// What was chosen for one target spec (352): objects, or a player (352.9: a player an
/// instruction names is a target, chosen as the spell is played or the ability goes on the chain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    Objs(Vec<ObjId>),
    Player(PlayerId),
}

impl Default for Chosen {
    fn default() -> Self {
        Chosen::Objs(Vec::new())
    }
}

impl Chosen {
    /// The objects chosen (none for a player).
    pub fn objs(&self) -> &[ObjId] {
        match self {
            Chosen::Objs(o) => o,
            Chosen::Player(_) => &[],
        }
    }
}

/// An item on the chain (326-336).
#[derive(Clone, Debug)]
pub struct ChainItem {
    pub kind: ItemKind,
    pub controller: PlayerId,
    /// Pending until its play process finishes (328).
    pub pending: bool,
    /// The chosen targets, one per target spec of the ability or spell (352).
    pub targets: Vec<Chosen>,
    /// "that player" of a trigger about a player (The Arena's Greatest).
    pub that_player: Option<PlayerId>,
    /// The unit a trigger is about, its "it" (414.3): "When a friendly unit attacks alone, give
    /// it +1 [M] this turn."
    pub that_unit: Option<ObjId>,
    /// "that battlefield" of a trigger about a score: the battlefield its event names (444.2),
    /// carried from the moment it triggers (Garen, Might of Demacia).
    pub that_battlefield: Option<Bf>,
    /// 392.1: for each cost within a triggered ability's instructions, in order, whether it was
    /// paid as the ability was finalized (`Ability::instruction_costs`), and with what.
    pub costs_paid: Vec<super::costs::CostPaid>,
}

impl ChainEntry for ChainItem {
    fn controller(&self) -> PlayerId {
        self.controller
    }
    fn is_pending(&self) -> bool {
        self.pending
    }
    fn set_finalized(&mut self) {
        self.pending = false;
    }
}

/// A combat in progress (433-440).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combat {
    pub attacker: PlayerId,
    pub defender: PlayerId,
}

/// A showdown in progress (337-345).
#[derive(Clone, Debug)]
pub struct Showdown {
    pub battlefield: Bf,
    /// The player who applied contested (341): for a non-combat showdown, who may conquer.
    pub applier: PlayerId,
    pub combat: Option<Combat>,
    pub focus: PlayerId,
    /// Consecutive passes of focus (344.3.a).
    pub passes: u32,
    /// True while the initial chain of a combat showdown is on the chain (343.1).
    pub initial_chain: bool,
    /// How many chains had been created (`Chain::created`) when focus last settled: as the
    /// showdown began, or after the last chain of the showdown ended. A larger count with an empty
    /// chain means a chain created during this showdown has ended (343).
    pub chains: u64,
}

/// Mode of play (454-462): the Duel (458), the Match (459), Skirmish (460) and War (461); the
/// modes other than the Duel are built in `modes.rs`. The data model takes N players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mode {
    pub name: &'static str,
    /// Its command-line name ([`Mode::by_name`] reads it back).
    pub key: &'static str,
    /// The rule that defines it (458, 459, ...), cited by the setup's trace.
    pub rule: &'static str,
    /// How many players it seats (456.1).
    pub players: usize,
    pub victory_score: u32,
    /// How many battlefields each deck provides (103.4.a: "dictated by your Mode of Play").
    pub deck_battlefields: std::ops::RangeInclusive<usize>,
    /// Its First Turn Process (456.7).
    pub first_turn: super::modes::FirstTurn,
    /// Whether the first player's battlefield is used: not in War (461.4.b).
    pub first_player_battlefield: bool,
    /// Games a player must win to win the match: 1, or 2 of a best of three (459.6).
    pub games_to_win: u32,
    /// Two teams of two (462): seats 1 and 3 against seats 2 and 4 (`modes.rs`).
    pub teams: bool,
}

impl Mode {
    /// 458: 1v1 Duel. Each deck provides three battlefields (458.4.a).
    pub fn duel() -> Mode {
        Mode {
            name: "Duel",
            key: "duel",
            rule: "458",
            players: 2,
            victory_score: 8,
            deck_battlefields: 3..=3,
            first_turn: super::modes::FirstTurn::SecondChannelsExtra,
            first_player_battlefield: true,
            games_to_win: 1,
            teams: false,
        }
    }

    /// A casual Duel: every rule of 458, except that a deck provides one to three battlefields
    /// and 458.5 picks one of those at random. 456.4.a makes the battlefield count a deck
    /// building requirement of competitive play, and the retail Proving Grounds precons come with
    /// one battlefield each; this is how they are played out of the box (docs/rulings.md).
    pub fn casual_duel() -> Mode {
        Mode { name: "casual Duel", key: "casual", deck_battlefields: 1..=3, ..Mode::duel() }
    }

    /// Its command-line name ([`Mode::by_name`] reads it back).
    pub fn key(&self) -> &'static str {
        self.key
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Outcome {
    /// `by` is "points" (445) or "concession" (651.1).
    Won { winner: PlayerId, by: &'static str },
    /// Stopped at the configured turn cap: not a rules outcome, reported as such.
    TurnCap,
    /// Stopped because one turn took more than the step cap: a loop no player breaks (say, a
    /// mod's free repeatable ability and an agent that keeps using it). Not a rules outcome; it
    /// keeps a simulation from hanging, and is reported as such.
    Stalled { turn: u32 },
}

/// Riftbound has no draw: a game ends with a winner or is stopped by the runner.
impl crate::kernel::GameOutcome for Outcome {
    fn winner(&self) -> Option<PlayerId> {
        match self {
            Outcome::Won { winner, .. } => Some(*winner),
            _ => None,
        }
    }
}

/// The distinct cards among a game's objects whose text has abilities of the kinds the hot paths
/// look for, kept by `new_obj` (objects are only added, and never change card): most objects
/// have none, so a look at every permanent first asks whether its card is here.
#[derive(Clone, Debug, Default)]
pub struct TextIndex {
    /// The cards noted so far.
    pub seen: CardSet,
    /// Cards with a passive ability (361): `board_passives` walks the board only when one of
    /// these has a passive it looks for.
    pub passive: CardSet,
    /// Cards whose rules text has an activated ability (371), or a passive that borrows others'
    /// (`ExhaustAbilitiesOf`): the permanents that may activate one by their own text.
    pub activated: CardSet,
    /// Whether a card of the game has a [Reaction] ability that only adds resources (416.3), in
    /// any of its texts: without one, no payment can count on such an ability.
    pub add_reactions: bool,
    /// Whether a card of the game has a passive that changes the Victory Score (456.3).
    pub victory_score: bool,
    /// The kinds of events (`triggers::kind`) that a triggered, delayed or "As" ability in any
    /// of the game's cards' texts listens to: an event of another kind triggers nothing.
    pub listens: u32,
    /// Cards whose rules text has a triggered ability (373): the trigger index looks for
    /// abilities only on objects with one of these (or with attachments).
    pub triggered: CardSet,
    /// Of those, the cards with a triggered ability that works from the trash.
    pub from_trash: CardSet,
    /// Cards whose own text changes what they cost to play (`statics::has_own_cost_text`).
    pub own_cost: CardSet,
    /// Of those, the cards whose own text may change the least they can be played for
    /// (`statics::changes_own_least_cost`).
    pub own_least_cost: CardSet,
    /// Cards with a passive that changes what the cards it names cost
    /// (`statics::play_cost_passives`): without one, no listing walks the board for them.
    pub play_cost: CardSet,
    /// Whether a card of the game has [Flow] (`flow_keyword.rs`): without one, no listing
    /// looks through the trashes for a card to play from there.
    pub flow: bool,
}

/// A set of cards of the database, one bit per card: a look-up is a shift and a mask. The
/// members are also kept in a list, in the order they joined, to walk them.
#[derive(Clone, Debug, Default)]
pub struct CardSet {
    words: Vec<u64>,
    members: Vec<super::cards::CardIdx>,
}

impl CardSet {
    pub fn contains(&self, card: super::cards::CardIdx) -> bool {
        let i = card.0 as usize;
        self.words.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    pub fn insert(&mut self, card: super::cards::CardIdx) {
        if self.contains(card) {
            return;
        }
        let i = card.0 as usize;
        if self.words.len() <= i / 64 {
            self.words.resize(i / 64 + 1, 0);
        }
        self.words[i / 64] |= 1 << (i % 64);
        self.members.push(card);
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The cards, in the order they joined.
    pub fn iter(&self) -> impl Iterator<Item = super::cards::CardIdx> + '_ {
        self.members.iter().copied()
    }
}

impl TextIndex {
    /// Notes `card`, the card of a new object.
    pub fn note(&mut self, card: super::cards::CardIdx, def: &super::cards::CardDef) {
        use super::abilities::{AbilityKind, AbilityTiming, StaticEffect};
        if self.seen.contains(card) {
            return;
        }
        self.seen.insert(card);
        let all = &def.abilities.abilities;
        if all.iter().any(|a| matches!(a.kind, AbilityKind::Static { .. })) {
            self.passive.insert(card);
        }
        if def.abilities.rules_text().any(|(_, a)| a.activates()) {
            self.activated.insert(card);
        }
        let triggers = |from_trash: bool| {
            def.abilities.rules_text().any(|(_, a)| match &a.kind {
                AbilityKind::Triggered { trigger, in_trash, .. } => {
                    !from_trash || *in_trash || super::triggers::works_from_trash(trigger)
                }
                _ => false,
            })
        };
        if triggers(false) {
            self.triggered.insert(card);
        }
        if triggers(true) {
            self.from_trash.insert(card);
        }
        self.victory_score |=
            all.iter().any(|a| matches!(a.kind, AbilityKind::Static { effect: StaticEffect::VictoryScore(_), .. }));
        self.flow |= def.abilities.flow.is_some();
        if all.iter().any(|a| {
            matches!(a.kind, AbilityKind::Static { effect: StaticEffect::PlayCost { cards: Some(_), .. }, .. })
        }) {
            self.play_cost.insert(card);
        }
        for a in all {
            if let AbilityKind::Triggered { trigger, .. }
            | AbilityKind::DelayedTrigger { trigger, .. }
            | AbilityKind::As { event: trigger } = &a.kind
            {
                self.listens |= super::triggers::listens_to(trigger);
            }
        }
        if super::statics::has_own_cost_text(def) {
            self.own_cost.insert(card);
        }
        if super::statics::changes_own_least_cost(def) {
            self.own_least_cost.insert(card);
        }
        self.add_reactions |= all.iter().any(|a| {
            a.added.is_some() && matches!(a.kind, AbilityKind::Activated { timing: AbilityTiming::Reaction, .. })
        });
    }
}

/// The iterator of [`Game::units_on_board`]: the bases in seat order, then the battlefields,
/// walked by index. Asked for at every listing of options and every cleanup; a chain of
/// flattened iterators over the same lists cost several times more per unit.
struct UnitsOnBoard<'g> {
    game: &'g Game,
    /// The list walked: a player's base below `players.len()`, then a battlefield's units.
    list: usize,
    /// The next position in it.
    at: usize,
}

impl Iterator for UnitsOnBoard<'_> {
    type Item = ObjId;

    fn next(&mut self) -> Option<ObjId> {
        let g = self.game;
        loop {
            let n = g.players.len();
            let list = match g.players.get(self.list) {
                Some(pl) => &pl.base,
                None => &g.battlefields.get(self.list - n)?.units,
            };
            match list.get(self.at) {
                Some(&id) => {
                    self.at += 1;
                    if g.card(id).kind == CardType::Unit {
                        return Some(id);
                    }
                }
                None => {
                    self.list += 1;
                    self.at = 0;
                }
            }
        }
    }
}

/// A Riftbound game.
pub struct Game {
    pub db: Arc<CardDb>,
    pub mode: Mode,
    /// Each shared with the snapshot each play takes (355.3) until it changes
    /// ([`Game::player_mut`]): a play changes its player's zones, rarely the others'.
    pub players: Vec<Arc<Player>>,
    /// Turn order (115): seat indices starting with the first player.
    pub turn_order: Vec<PlayerId>,
    pub objs: Vec<Obj>,
    /// Each shared with the snapshot each play takes (355.3) until it changes, as `players`.
    pub battlefields: Vec<Arc<Battlefield>>,
    pub turn: u32,
    pub turn_player: PlayerId,
    pub step: Step,
    pub chain: Chain<ChainItem>,
    pub priority: Option<PlayerId>,
    pub showdown: Option<Showdown>,
    /// Shared with the snapshot each play takes (355.3) and copied only if the play changes
    /// it (`push_effect`, `retain_effects`), which it rarely does.
    pub effects: Arc<Vec<ContinuousEffect>>,
    /// Whether one of `effects` changes control (450.1.a), kept by `push_effect` and
    /// `retain_effects`: without one, an object's controller is its record's.
    pub control_effects: bool,
    /// Whether one of `effects` gives an object a quoted ability (450.2.a), kept likewise:
    /// without one, no object has a given ability (asked for every permanent at every listing).
    pub grant_effects: bool,
    /// The keywords an effect in force gives or takes away, one bit per
    /// [`Keyword`](super::layers::Keyword), kept likewise: any other keyword an object has is
    /// printed ([`Game::has_keyword`]).
    pub keyword_effects: u64,
    /// Whether one of `effects` makes objects unchoosable by enemy spells and abilities (352.8),
    /// kept likewise: without one, a target is checked without its characteristics.
    pub unchoosable_effects: bool,
    /// Whether one of `effects` adds a tag, kept likewise: without one, every object's tags are
    /// its card's.
    pub tag_effects: bool,
    /// Which of the game's cards have passive, activated or triggered abilities (and a few
    /// rarer kinds), kept by `new_obj`.
    /// Shared, not copied, by the snapshot each play takes (355.3): it changes only when an
    /// object of a card not seen before is made, and then it is copied if a snapshot holds it.
    pub text_index: Arc<TextIndex>,
    /// Every object's characteristics, memoized (`kernel::layers::CharsCache`). The layers read
    /// the objects, the players' zones, the battlefields, the effects and the event log (and
    /// the card database, which a game never changes); every `&mut` into those goes through
    /// `obj_mut`, `player_mut`, `battlefield_mut`, `emit`, the effect list's `push_effect` and
    /// `retain_effects`, or the zone moves of `actions.rs`, which report the change.
    pub chars_cache: CharsCache<Chars>,
    /// The memo's version when the cleanup last compared every unit's Might with its
    /// `was_mighty` (709, `observe_mighty`): equal to the version now, nothing has changed since.
    pub mighty_seen_at: Option<u64>,
    /// True once Might went unobserved because nothing could see a unit become Mighty
    /// (`Game::mighty_watched`): the units' `was_mighty` are stale until the next look, which
    /// records them without an event.
    pub mighty_stale: bool,
    pub cost_modifiers: Vec<super::costs::CostModifier>,
    pub next_timestamp: u64,
    /// Counts events that qualify for a cleanup (319); a cleanup repeats while it moves (321).
    pub changes: u64,
    pub rng: GameRng,
    pub answers: Answers,
    /// In-process agents by seat; `None` means "ask through the session".
    pub agents: Vec<Option<Box<dyn Agent<Game>>>>,
    pub trace: Trace,
    pub outcome: Option<Outcome>,
    /// Everything that happened, in order (see `events.rs`).
    pub events: crate::kernel::events::EventLog<super::events::Event>,
    /// How far triggered abilities have looked at `events`, and the triggered abilities active
    /// (376.2.c).
    pub trigger_index: crate::kernel::triggers::TriggerIndex<super::triggers::TriggerSource>,
    /// Delayed triggers set up this turn (383.2), until the end of the turn.
    pub delayed_triggers: Vec<DelayedTrigger>,
    /// The state each mechanic keeps in a type of its own module (delayed replacements, bonus
    /// damage, reflexive abilities waiting for a death, ...): see `kernel::components`.
    pub components: crate::kernel::components::Components,
    /// Actions undone as illegal (355.3) and the state they were tried in: not offered again
    /// until something changes, so no one retries the same illegal action forever.
    pub undone: Vec<(u64, super::decision::Choice)>,
    /// The game stops with [`Outcome::TurnCap`] after this many turns.
    pub turn_cap: u32,
    /// The game stops with [`Outcome::Stalled`] when one turn takes more steps than this.
    pub step_cap: u32,
    /// Steps (`Game::step`) taken this turn.
    pub steps_this_turn: u32,
    pub decisions: u64,
    /// The latest decision taken, and by whom: the action an invariant report names.
    pub last_decision: Option<(PlayerId, super::decision::Choice)>,
    /// The object records changed while a [`Snapshot`] is alive, to undo them (355.3).
    pub(crate) journal: ObjJournal,
}

/// The undo journal of the object arena (355.3). Every play and activation takes a
/// [`Snapshot`] in case it turns out illegal, which almost never happens; copying the whole
/// arena (every incarnation of every card, a few hundred records) for each was most of the
/// snapshot's cost. Instead, while a snapshot is alive, [`Game::obj_mut`] saves a record before
/// it changes, and undoing writes the saved records back (newest first, so the oldest wins)
/// and drops the objects made since (objects are only ever appended).
#[derive(Default)]
pub(crate) struct ObjJournal {
    /// Each live snapshot of this game holds a clone: more than one owner means a snapshot
    /// may still be restored, so changes must be saved.
    open: Arc<()>,
    /// (object index, its record before a change), oldest first.
    saved: Vec<(u32, Obj)>,
}

impl ObjJournal {
    /// Saves object `i`'s record if a snapshot may be restored.
    #[inline]
    fn save(&mut self, objs: &[Obj], i: usize) {
        if Arc::strong_count(&self.open) > 1 {
            self.saved.push((i as u32, objs[i]));
        }
    }
}

impl Clone for Game {
    /// Clones the whole state except the in-process agents (a checkpoint asks its own caller).
    fn clone(&self) -> Self {
        self.clone_with_logs(true)
    }
}

/// The state before a play began, for undoing it (355.3). The logs (events, trace, answers)
/// only grow, so they are not copied: undoing truncates the event log and keeps the rest.
pub struct Snapshot {
    /// The state without its objects (`objs` empty): those come back from the journal.
    state: Game,
    events: usize,
    /// How many objects there were, and where the journal stood.
    objs: usize,
    saved: usize,
    /// Keeps the journal saving while this snapshot is alive.
    _open: Arc<()>,
    /// The arena as it was, to check the journal's undo against (debug builds).
    #[cfg(debug_assertions)]
    arena: Vec<Obj>,
}

impl Game {
    pub(crate) fn clone_with_logs(&self, logs: bool) -> Game {
        self.clone_parts(logs, true)
    }

    /// [`Game::clone_with_logs`], with the object arena only if `objs` (else empty).
    fn clone_parts(&self, logs: bool, objs: bool) -> Game {
        Game {
            db: self.db.clone(),
            mode: self.mode.clone(),
            players: self.players.clone(),
            turn_order: self.turn_order.clone(),
            objs: if objs { self.objs.clone() } else { Vec::new() },
            battlefields: self.battlefields.clone(),
            turn: self.turn,
            turn_player: self.turn_player,
            step: self.step,
            chain: self.chain.clone(),
            priority: self.priority,
            showdown: self.showdown.clone(),
            effects: self.effects.clone(),
            control_effects: self.control_effects,
            grant_effects: self.grant_effects,
            keyword_effects: self.keyword_effects,
            unchoosable_effects: self.unchoosable_effects,
            tag_effects: self.tag_effects,
            text_index: self.text_index.clone(),
            chars_cache: self.chars_cache.clone(),
            mighty_seen_at: self.mighty_seen_at,
            mighty_stale: self.mighty_stale,
            cost_modifiers: self.cost_modifiers.clone(),
            next_timestamp: self.next_timestamp,
            changes: self.changes,
            rng: self.rng.clone(),
            answers: if logs { self.answers.clone() } else { Answers::default() },
            agents: self.agents.iter().map(|_| None).collect(),
            trace: if logs { self.trace.clone() } else { Trace { on: self.trace.on, lines: Vec::new() } },
            outcome: self.outcome.clone(),
            events: if logs { self.events.clone() } else { Default::default() },
            trigger_index: self.trigger_index.clone(),
            delayed_triggers: self.delayed_triggers.clone(),
            components: self.components.clone(),
            undone: self.undone.clone(),
            turn_cap: self.turn_cap,
            step_cap: self.step_cap,
            steps_this_turn: self.steps_this_turn,
            decisions: self.decisions,
            last_decision: self.last_decision.clone(),
            // A copy is a game of its own: no snapshot of it is alive.
            journal: ObjJournal::default(),
        }
    }

    /// Takes a [`Snapshot`] to undo to.
    pub fn snapshot(&mut self) -> Snapshot {
        if Arc::strong_count(&self.journal.open) == 1 {
            // No other snapshot is alive: what was saved for them can never be restored.
            self.journal.saved.clear();
        }
        Snapshot {
            state: self.clone_parts(false, false),
            events: self.events.len(),
            objs: self.objs.len(),
            saved: self.journal.saved.len(),
            _open: Arc::clone(&self.journal.open),
            #[cfg(debug_assertions)]
            arena: self.objs.clone(),
        }
    }

    /// Undoes everything since `snapshot`, keeping the answers already consumed, the agents and
    /// the trace (which shows the undone attempt), and dropping the undone events.
    pub fn restore(&mut self, snapshot: Snapshot) {
        let answers = std::mem::take(&mut self.answers);
        let agents = std::mem::take(&mut self.agents);
        let trace = std::mem::take(&mut self.trace);
        let mut events = std::mem::take(&mut self.events);
        let (decisions, last_decision) = (self.decisions, self.last_decision.take());
        events.truncate(snapshot.events);
        // The objects: each record saved since the snapshot written back, newest first (an
        // object changed twice gets its first saved record), the objects made since dropped.
        let mut journal = std::mem::take(&mut self.journal);
        let mut objs = std::mem::take(&mut self.objs);
        for (i, o) in journal.saved.drain(snapshot.saved..).rev() {
            objs[i as usize] = o;
        }
        objs.truncate(snapshot.objs);
        #[cfg(debug_assertions)]
        assert!(objs == snapshot.arena, "the undo journal did not restore the objects (355.3)");
        *self = snapshot.state;
        self.objs = objs;
        self.journal = journal;
        self.answers = answers;
        self.agents = agents;
        self.trace = trace;
        self.events = events;
        self.decisions = decisions;
        self.last_decision = last_decision;
    }
}

impl Game {
    /// A game with `players` and nothing on the board: turn 0, the mulligan step, no priority,
    /// where a full setup (104-118) starts. A blank test board moves it on to turn 1.
    pub fn empty(db: Arc<CardDb>, mode: Mode, players: Vec<Player>, seed: u64) -> Game {
        let n = players.len();
        Game {
            db,
            mode,
            players: players.into_iter().map(Arc::new).collect(),
            turn_order: Vec::new(),
            objs: Vec::new(),
            battlefields: Vec::new(),
            turn: 0,
            turn_player: PlayerId(0),
            step: Step::Mulligan(0),
            chain: Chain::default(),
            priority: None,
            showdown: None,
            effects: Arc::default(),
            control_effects: false,
            grant_effects: false,
            keyword_effects: 0,
            unchoosable_effects: false,
            tag_effects: false,
            text_index: Arc::default(),
            chars_cache: CharsCache::default(),
            mighty_seen_at: None,
            mighty_stale: false,
            cost_modifiers: Vec::new(),
            next_timestamp: 0,
            changes: 0,
            rng: GameRng::new(seed),
            answers: Answers::default(),
            agents: (0..n).map(|_| None).collect(),
            trace: Trace::default(),
            outcome: None,
            events: Default::default(),
            trigger_index: Default::default(),
            delayed_triggers: Vec::new(),
            components: Default::default(),
            undone: Vec::new(),
            turn_cap: super::setup::DEFAULT_TURN_CAP,
            step_cap: super::setup::DEFAULT_STEP_CAP,
            steps_this_turn: 0,
            decisions: 0,
            last_decision: None,
            journal: ObjJournal::default(),
        }
    }

    pub fn obj(&self, id: ObjId) -> &Obj {
        &self.objs[id.index()]
    }

    /// An object to change: reported to the characteristics memo (its characteristics, and
    /// those of objects whose conditions read it, may change).
    pub fn obj_mut(&mut self, id: ObjId) -> &mut Obj {
        self.chars_cache.changed_object(id.index());
        self.journal.save(&self.objs, id.index());
        &mut self.objs[id.index()]
    }

    /// An object to change in a way the layers do not read (`was_mighty`): not reported to
    /// the characteristics memo, but saved for an undo like every change (355.3).
    pub(crate) fn obj_mut_unread(&mut self, id: ObjId) -> &mut Obj {
        self.journal.save(&self.objs, id.index());
        &mut self.objs[id.index()]
    }

    pub fn card(&self, id: ObjId) -> &CardDef {
        self.db.get(self.objs[id.index()].card)
    }

    pub fn name(&self, id: ObjId) -> &str {
        &self.card(id).name
    }

    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.index()]
    }

    /// A player to change: a shared change for the memo (conditions read hands, runes, trash).
    pub fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        self.chars_cache.changed();
        Arc::make_mut(&mut self.players[p.index()])
    }

    /// A battlefield to change: every characteristics value is stale ("here" reads which
    /// objects are battlefields, "alone" the units at one).
    pub fn battlefield_mut(&mut self, b: Bf) -> &mut Battlefield {
        self.chars_cache.changed_all();
        &mut self.battlefields[b]
    }

    /// The battlefields in play, in order (not borrowing the game).
    pub fn battlefield_ids(&self) -> impl Iterator<Item = Bf> + use<> {
        (0..self.battlefields.len()).map(Bf::new)
    }

    /// The battlefield whose card is `obj`, if it is one in play.
    pub fn battlefield_of(&self, obj: ObjId) -> Option<Bf> {
        self.battlefields.iter().position(|b| b.obj == obj).map(Bf::new)
    }

    /// Puts a battlefield in play (113), uncontrolled, with nothing at it.
    pub fn add_battlefield(&mut self, obj: ObjId, owner: PlayerId) {
        self.chars_cache.changed_all();
        self.battlefields.push(Arc::new(Battlefield {
            obj,
            owner,
            controller: None,
            contested_by: None,
            units: Vec::new(),
            facedown: Vec::new(),
            showdown_staged: false,
            combat_staged: false,
        }));
    }

    /// A fingerprint of the game's state: the turn, the outcome, the points, and every zone's
    /// cards in order. Two runs of the same game (same decks, seed and answers) end with the same
    /// fingerprint; a replay checks it (FNV-1a, so it is the same on every machine and build).
    pub fn state_hash(&self) -> u64 {
        let mut h = crate::kernel::hash::Fnv1a::default();
        let mut put = |x: u64| h.write_u64(x);
        put(self.turn.into());
        put(self.turn_player.index() as u64);
        put(match &self.outcome {
            None => 0,
            Some(Outcome::Won { winner, .. }) => 1 + winner.index() as u64,
            Some(Outcome::TurnCap) => 100,
            Some(Outcome::Stalled { turn }) => 200 + u64::from(*turn),
        });
        put(self.events.len() as u64);
        let zone = |ids: &[ObjId], put: &mut dyn FnMut(u64)| {
            put(ids.len() as u64);
            for id in ids {
                let o = self.obj(*id);
                put(u64::from(o.card.0) << 32 | u64::from(o.damage) << 8 | u64::from(o.exhausted));
            }
        };
        for p in &self.players {
            put(p.points.into());
            for list in [&p.main_deck, &p.rune_deck, &p.hand, &p.trash, &p.banishment, &p.base, &p.runes] {
                zone(list, &mut put);
            }
        }
        for b in &self.battlefields {
            put(b.controller.map_or(u64::MAX, |p| p.index() as u64));
            zone(&b.units, &mut put);
        }
        h.finish()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn winner(&self) -> Option<PlayerId> {
        match self.outcome {
            Some(Outcome::Won { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    /// Players still in the game, in turn order starting from the first player.
    pub fn active_players(&self) -> Vec<PlayerId> {
        self.turn_order.iter().copied().filter(|p| !self.player(*p).removed).collect()
    }

    /// The players still in the game in turn order, starting with the one after `p` (`p` last):
    /// "Starting with the next player, each player ...".
    pub fn players_from_next(&self, p: PlayerId) -> Vec<PlayerId> {
        let mut order = self.active_players();
        if let Some(i) = order.iter().position(|q| *q == p) {
            order.rotate_left(i + 1);
        }
        order
    }

    /// The attacker and / or the defender of the combat in progress (438.1.a.1-2), still in the
    /// game; none outside a combat.
    pub fn combatants(&self, attacker: bool, defender: bool) -> Vec<PlayerId> {
        let Some(c) = self.showdown.as_ref().and_then(|sd| sd.combat) else { return Vec::new() };
        [(attacker, c.attacker), (defender, c.defender)]
            .into_iter()
            .filter(|(side, p)| *side && !self.player(*p).removed)
            .map(|(_, p)| p)
            .collect()
    }

    /// The next player in turn order after `p` who is still in the game (115.1).
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.turn_order.len();
        let pos = self.turn_order.iter().position(|q| *q == p).unwrap_or(0);
        for k in 1..=n {
            let q = self.turn_order[(pos + k) % n];
            if !self.player(q).removed {
                return q;
            }
        }
        p
    }

    /// The players still in the game who are not `p` nor `p`'s teammate (462.2).
    pub fn opponents(&self, p: PlayerId) -> Vec<PlayerId> {
        self.active_players().into_iter().filter(|q| *q != p && !self.allies(p, *q)).collect()
    }

    pub fn timestamp(&mut self) -> u64 {
        self.next_timestamp += 1;
        self.next_timestamp
    }

    /// Records an event that qualifies for a cleanup (319).
    pub fn changed(&mut self) {
        self.changes += 1;
    }

    /// Where a unit or gear on the board is.
    pub fn location(&self, id: ObjId) -> Option<Loc> {
        let o = self.obj(id);
        if !o.alive {
            return None;
        }
        match o.zone {
            Zone::Base => Some(Loc::Base(o.zone_player)),
            Zone::Battlefield(b) => Some(Loc::Battlefield(b)),
            _ => None,
        }
    }

    /// 053.3: what "here" means for an object: a battlefield's own location, or where the
    /// object is (a unit's battlefield or base).
    pub fn here(&self, id: ObjId) -> Option<Loc> {
        match self.battlefield_of(id) {
            Some(b) => Some(Loc::Battlefield(b)),
            None => self.location(id),
        }
    }

    /// "my battlefield" of a unit that died: where it was as it died, so a [Deathknell] effect
    /// ("Deal 4 to all units at my battlefield", 724.1.c) looks back at it (356.3.e.13, 415); a
    /// unit that left the board any other way has no location (356.3.e.12).
    pub fn location_or_died_at(&self, id: ObjId) -> Option<Loc> {
        let o = self.obj(id);
        let died = o.next.is_some_and(|n| self.obj(n).zone == Zone::Trash);
        match o.lki {
            Some(l) if !o.alive && died => match l.zone {
                Zone::Base => Some(Loc::Base(l.zone_player)),
                Zone::Battlefield(b) => Some(Loc::Battlefield(b)),
                _ => None,
            },
            _ => self.location(id),
        }
    }

    /// Units at a location, in arrival order, without collecting them.
    pub fn units_iter(&self, loc: Loc) -> impl Iterator<Item = ObjId> + '_ {
        let list = match loc {
            Loc::Base(p) => &self.player(p).base,
            Loc::Battlefield(b) => &self.battlefields[b].units,
        };
        list.iter().copied().filter(|id| self.card(*id).kind == CardType::Unit)
    }

    /// Units at a location, in arrival order.
    pub fn units_at(&self, loc: Loc) -> Vec<ObjId> {
        self.units_iter(loc).collect()
    }

    /// Every unit on the board: bases in seat order, then battlefields.
    pub fn all_units(&self) -> Vec<ObjId> {
        // Room for a usual board at once; plain loops over the zone lists (asked on every
        // cleanup pass, where a chain of flattened iterators cost more than the units it found).
        let mut out = Vec::with_capacity(16);
        let unit = |id: &&ObjId| self.card(**id).kind == CardType::Unit;
        for pl in &self.players {
            out.extend(pl.base.iter().filter(unit));
        }
        for b in &self.battlefields {
            out.extend(b.units.iter().filter(unit));
        }
        out
    }

    /// [`Game::all_units`] without building the list, for the hot paths that only look.
    pub fn units_on_board(&self) -> impl Iterator<Item = ObjId> + '_ {
        UnitsOnBoard { game: self, list: 0, at: 0 }
    }

    /// The players with units at a battlefield.
    pub fn players_at(&self, b: Bf) -> Vec<PlayerId> {
        let mut ps: Vec<PlayerId> = Vec::new();
        for u in self.units_iter(Loc::Battlefield(b)) {
            let c = self.controller(u);
            if !ps.contains(&c) {
                ps.push(c);
            }
        }
        ps
    }

    /// True if this object is its owner's chosen champion (103.2.a.3).
    pub fn is_chosen_champion(&self, id: ObjId) -> bool {
        let o = self.obj(id);
        self.player(o.owner).chosen_champion == Some(o.card)
    }

    /// A short human description of an object for traces and decisions.
    pub fn describe(&self, id: ObjId) -> String {
        format!("{} ({})", self.name(id), id)
    }

    /// Several objects described for a trace: "A (#1)", "A (#1) and B (#2)", "A (#1), B (#2) and
    /// C (#3)".
    pub fn describe_all(&self, ids: &[ObjId]) -> String {
        let names: Vec<String> = ids.iter().map(|i| self.describe(*i)).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    pub fn describe_loc(&self, loc: Loc) -> String {
        match loc {
            Loc::Base(p) => format!("{p}'s base"),
            // Every object a trace names carries its id: two battlefields may share a name.
            Loc::Battlefield(b) => self.describe(self.battlefields[b].obj),
        }
    }

    /// Domain of the basic rune (or first domain of a card).
    pub fn rune_domain(&self, id: ObjId) -> Option<Domain> {
        self.card(id).domains.first()
    }
}

#[cfg(test)]
mod card_set_tests {
    use super::CardSet;
    use crate::riftbound::cards::CardIdx;

    #[test]
    fn a_card_set_holds_each_card_once_in_the_order_it_joined() {
        let mut set = CardSet::default();
        assert!(set.is_empty());
        for i in [700, 3, 64, 3, 700] {
            set.insert(CardIdx(i));
        }
        assert!(set.contains(CardIdx(3)) && set.contains(CardIdx(64)) && set.contains(CardIdx(700)));
        assert!(!set.contains(CardIdx(4)) && !set.contains(CardIdx(63)) && !set.contains(CardIdx(5000)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![CardIdx(700), CardIdx(3), CardIdx(64)]);
    }
}
