//! Layers (446-453): the only way characteristics are computed. Nothing stores a modified copy
//! of a card as state: might, keywords, tags and controller are derived from the printed card,
//! the object's own state (buffs, combat role) and the continuous effects in force, and kept in
//! `Game::chars_cache` only until something they were derived from changes.
//!
//! The computation follows 449: effects are applied in layer order (trait, ability, arithmetic's
//! increases, then its decreases), each decided on what the earlier layers made, each applied at
//! most once and disqualified at most once, and the sequence is repeated until a pass changes
//! nothing. Within a layer, an effect that another depends on goes first (451-452), otherwise
//! timestamp order (453).

use super::abilities::{At, Condition, CountOf, Relation, UnitFilter};
use super::cards::CardType;
use super::state::{Game, Loc, Role};
use crate::kernel::{ObjId, PlayerId};
use std::sync::Arc;

/// Keywords (716-733) as characteristics. Values (Assault X, Shield X, Deflect X, Hunt X) sum
/// (723.2, 725.2, 730.2; 1.3: 823.2); the others are redundant when repeated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Keyword {
    Accelerate,
    Action,
    Assault,
    /// Unleashed: [Backline], "I must be assigned combat damage last" (its reminder text, rule
    /// 002): the requirement of 439.1.d.5 (`combat.rs`).
    Backline,
    Deathknell,
    Deflect,
    Ganking,
    Hidden,
    Legion,
    /// Core Rules 1.3, 822: [Ambush] (`ambush.rs`).
    Ambush,
    /// Core Rules 1.3, 823: [Hunt N], a characteristic (823.3) whose triggered ability the kernel
    /// defines once, printed or given (`experience.rs`).
    Hunt,
    Reaction,
    Shield,
    Tank,
    Temporary,
    Vision,
    /// SFD-745: Reaction, and attach this to a unit you control when played.
    QuickDraw,
    /// SFD-747: when played, equip one of your Equipment to it for [A] less.
    Weaponmaster,
    /// [Unique] (Spiritforged; its reminder text is the rule, 002): a deck may hold only one card
    /// of its name (`deck.rs`, with 103.2.b).
    Unique,
}

impl Keyword {
    pub const ALL: [Keyword; 19] = [
        Keyword::Accelerate,
        Keyword::Action,
        Keyword::Assault,
        Keyword::Backline,
        Keyword::Deathknell,
        Keyword::Deflect,
        Keyword::Ganking,
        Keyword::Hidden,
        Keyword::Legion,
        Keyword::Ambush,
        Keyword::Hunt,
        Keyword::Reaction,
        Keyword::Shield,
        Keyword::Tank,
        Keyword::Temporary,
        Keyword::Vision,
        Keyword::QuickDraw,
        Keyword::Weaponmaster,
        Keyword::Unique,
    ];
}

/// A set of keywords with their summed values: one bit per keyword, room for 64 (later sets'
/// keywords add variants to [`Keyword`], not fields here; the assertion below keeps the room).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keywords {
    bits: u64,
    pub assault: u32,
    pub shield: u32,
    pub deflect: u32,
    /// Core Rules 1.3, 823.2: the XP all its [Hunt] instances give.
    pub hunt: u32,
}

const _: () = assert!(Keyword::ALL.len() <= u64::BITS as usize, "a Keywords set holds at most 64 keywords");

impl Keywords {
    pub fn has(&self, k: Keyword) -> bool {
        self.bits & (1 << k as u64) != 0
    }
    /// A keyword's value: the sum for a valued one (723.2, 725.2, 730.2), 1 for any other it
    /// has, 0 without it.
    pub fn value(&self, k: Keyword) -> u32 {
        match k {
            _ if !self.has(k) => 0,
            Keyword::Assault => self.assault,
            Keyword::Shield => self.shield,
            Keyword::Deflect => self.deflect,
            Keyword::Hunt => self.hunt,
            _ => 1,
        }
    }
    /// Grants a keyword; valued keywords add their value (723.2, 725.2, 730.2).
    pub fn grant(&mut self, k: Keyword, value: u32) {
        self.bits |= 1 << k as u64;
        match k {
            Keyword::Assault => self.assault = self.assault.saturating_add(value.max(1)),
            Keyword::Shield => self.shield = self.shield.saturating_add(value.max(1)),
            Keyword::Deflect => self.deflect = self.deflect.saturating_add(value.max(1)),
            Keyword::Hunt => self.hunt = self.hunt.saturating_add(value.max(1)),
            _ => {}
        }
    }
    pub fn remove(&mut self, k: Keyword) {
        self.bits &= !(1 << k as u64);
        match k {
            Keyword::Assault => self.assault = 0,
            Keyword::Shield => self.shield = 0,
            Keyword::Deflect => self.deflect = 0,
            Keyword::Hunt => self.hunt = 0,
            _ => {}
        }
    }
    pub fn iter(&self) -> impl Iterator<Item = Keyword> + '_ {
        Keyword::ALL.into_iter().filter(|k| self.has(*k))
    }
}

/// One object's view of the continuous effects, for the kernel's layer solver.
struct ObjectLayers<'g> {
    game: &'g Game,
    id: ObjId,
}

impl ObjectLayers<'_> {
    /// The "you" a count of a passive is counted for: the unit's controller when the passive is
    /// its own ("I get +1 [M] for each ..."), the passive's controller when it names a group
    /// ("Your Equipment each give [Assault]": the Equipment of the legend's controller).
    fn counter(&self, chars: &Chars, e: &ContinuousEffect) -> PlayerId {
        match (&e.filter, e.source) {
            (Filter::Matching { .. }, Some(s)) if s != self.id => self.game.source_controller(s),
            _ => chars.controller,
        }
    }
}

impl crate::kernel::layers::Layered for ObjectLayers<'_> {
    type Chars = Chars;
    type Effect = ContinuousEffect;
    const LAYERS: usize = 4;

    fn effects(&self) -> &[ContinuousEffect] {
        &self.game.effects
    }

    fn applies(&self, chars: &Chars, e: &ContinuousEffect) -> bool {
        self.game.effect_applies(self.id, chars, e)
    }

    fn layer(&self, e: &ContinuousEffect) -> usize {
        e.modification.layer() as usize
    }

    fn modify(&self, chars: &mut Chars, e: &ContinuousEffect) {
        let m = &e.modification;
        // 711: units in non-board zones are evaluated by their inherent might.
        if matches!(
            m,
            Modification::SetMight(_)
                | Modification::Might(_)
                | Modification::MightPer(..)
                | Modification::MightToMinimum { .. }
        ) && !self.game.obj(self.id).zone.is_board()
        {
            return;
        }
        match m {
            Modification::Might(n) => chars.raw_might += n,
            // Counted now, for the unit (its passive's source) and the passive's controller.
            Modification::MightPer(each, count) => {
                self.game.chars_cache.read_shared();
                let n = self.game.count_of(count, self.counter(chars, e), self.id);
                chars.raw_might = chars.raw_might.saturating_add(each.saturating_mul(n as i32));
            }
            // 450.3.b: limited as it is applied: never below `min`, and nothing for a unit already
            // at or below it.
            Modification::MightToMinimum { might, min } => {
                if chars.raw_might > *min {
                    chars.raw_might = (chars.raw_might + might).max(*min);
                }
            }
            // Counted now, as `MightPer`; no instance at all for a count of 0.
            Modification::GrantKeywordPer(k, count) => {
                self.game.chars_cache.read_shared();
                let n = self.game.count_of(count, self.counter(chars, e), self.id);
                if n > 0 {
                    chars.keywords.grant(*k, n);
                }
            }
            _ => apply_modification(chars, m),
        }
    }

    fn timestamp(&self, e: &ContinuousEffect) -> u64 {
        e.timestamp
    }

    /// 450.3.c: buffs (703), Assault (723.1.c) and Shield (730.1.c) are increases of the
    /// arithmetic layer, of units on the board (711).
    fn enter_layer(&self, chars: &mut Chars, layer: usize) {
        let o = self.game.obj(self.id);
        if layer != Layer::Increase as usize || !o.zone.is_board() {
            return;
        }
        chars.raw_might += o.buffs as i32;
        match o.role {
            Some(Role::Attacker) => chars.raw_might += chars.keywords.assault as i32,
            Some(Role::Defender) => chars.raw_might += chars.keywords.shield as i32,
            None => {}
        }
    }

    /// Tags and controller come from the trait layer, keywords and the two rules texts from the
    /// ability layer, Might from arithmetic (what the trait layer sets, it changes).
    fn may_apply(&self, e: &ContinuousEffect) -> bool {
        self.game.filter_may_match(self.id, &e.filter)
    }

    fn judged(&self, now: &Chars, before: &Chars, layer: usize) -> Chars {
        let mut c = now.clone();
        if layer < Layer::Increase as usize {
            c.raw_might = before.raw_might;
        }
        if layer < Layer::Ability as usize {
            c.keywords = before.keywords;
            c.assigned_last = before.assigned_last;
            c.cant_be_damaged = before.cant_be_damaged;
            c.no_combat_damage = before.no_combat_damage;
            c.any_number_of_buffs = before.any_number_of_buffs;
            c.unchoosable_by_enemies = before.unchoosable_by_enemies;
        }
        c
    }
}

/// Computed characteristics of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Chars {
    /// Might after all layers, before the floor at 0 (see [`Chars::might`]).
    pub raw_might: i32,
    pub keywords: Keywords,
    /// The printed tags, shared until an effect adds one (copy on write).
    pub tags: std::sync::Arc<Vec<String>>,
    pub controller: PlayerId,
    /// "I must be assigned combat damage last" (439.1.d.5).
    pub assigned_last: bool,
    /// "I don't take damage" (439.1.d.9).
    pub cant_be_damaged: bool,
    /// "I don't deal combat damage" (439.1.b).
    pub no_combat_damage: bool,
    /// "I can have any number of buffs": a buff is placed on me even if I have one (702.3's
    /// limit gives way to the card, 002).
    pub any_number_of_buffs: bool,
    /// "I can't be chosen by enemy spells and abilities" (054: can't beats can; 352.8).
    pub unchoosable_by_enemies: bool,
}

impl Chars {
    /// 140.2.b: might below 0 is treated as 0 for all purposes.
    pub fn might(&self) -> i32 {
        self.raw_might.max(0)
    }
    /// 708: Mighty is might 5 or more.
    pub fn is_mighty(&self) -> bool {
        self.might() >= 5
    }
}

/// The layers of 450, in application order; the arithmetic layer applies its increases, then
/// its decreases (450.3.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layer {
    Trait,
    Ability,
    Increase,
    Decrease,
}

/// What a continuous effect changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Modification {
    /// 450.1.a.1: might becomes N (trait layer).
    SetMight(i32),
    /// 450.1.a: gains a tag (trait layer).
    AddTag(String),
    /// 450.1.a: controller becomes this player (trait layer).
    SetController(PlayerId),
    /// 450.2: gains a keyword with a value (ability layer).
    GrantKeyword(Keyword, u32),
    /// 450.2: the keyword with as many instances as the count counts for the unit's controller
    /// and the unit ("I have [Assault] equal to the number of enemy units here").
    GrantKeywordPer(Keyword, CountOf),
    /// 450.2: gains a keyword it doesn't have yet as the effect applies ("if they didn't
    /// already"), so its value doesn't add to one it has (725.2).
    GrantMissingKeyword(Keyword, u32),
    /// 450.2: loses a keyword (ability layer).
    RemoveKeyword(Keyword),
    /// 450.2: "I must be assigned combat damage last".
    AssignedLast,
    /// 450.2: "I don't take damage".
    CantBeDamaged,
    /// 450.2: "I don't deal combat damage".
    NoCombatDamage,
    /// 450.2: "I can have any number of buffs" (702.3 does not limit me).
    AnyNumberOfBuffs,
    /// 450.2: "I can't be chosen by enemy spells and abilities" (352.8).
    UnchoosableByEnemies,
    /// 450.3: +N or -N might (arithmetic layer). Limits are snapshotted into N when the effect is
    /// created (450.3.b).
    Might(i32),
    /// 450.3: N Might per what the count counts for the unit's controller (the number of cards
    /// in their trash, their points, the units a phrase names relative to the unit).
    MightPer(i32, CountOf),
    /// 450.3.b: a decrease "to a minimum of N [M]" of a passive, limited as the layers apply it.
    MightToMinimum { might: i32, min: i32 },
    /// "Units you play this turn enter ready." (356.2.c): read as such a unit enters (see
    /// `Game::enters_ready`), with a filter naming its player; no characteristic changes.
    EntersReady,
    /// 450.2.a: has the quoted ability with this index on the effect's source's card (appending
    /// rules text), read where abilities are listed (`Game::given_abilities`).
    GrantAbility(u8),
}

impl Modification {
    pub fn layer(&self) -> Layer {
        match self {
            Modification::SetMight(_) | Modification::AddTag(_) | Modification::SetController(_) => Layer::Trait,
            Modification::GrantKeyword(..)
            | Modification::GrantKeywordPer(..)
            | Modification::GrantMissingKeyword(..)
            | Modification::RemoveKeyword(_)
            | Modification::AssignedLast
            | Modification::CantBeDamaged
            | Modification::NoCombatDamage
            | Modification::AnyNumberOfBuffs
            | Modification::UnchoosableByEnemies
            | Modification::EntersReady
            | Modification::GrantAbility(_) => Layer::Ability,
            Modification::Might(n) | Modification::MightPer(n, _) if *n < 0 => Layer::Decrease,
            Modification::MightToMinimum { .. } => Layer::Decrease,
            Modification::Might(_) | Modification::MightPer(..) => Layer::Increase,
        }
    }
}

/// Which objects a continuous effect applies to; evaluated against each object's
/// characteristics as they stand while the layers are applied.
#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    /// Exactly this object incarnation.
    Object(ObjId),
    /// Units whose controller is this player.
    UnitsControlledBy(PlayerId),
    /// Units with this tag.
    UnitsWithTag(String),
    /// Units with this keyword.
    UnitsWithKeyword(Keyword),
    /// The objects a card's phrase means ("other buffed friendly units at my battlefield"),
    /// relative to the passive ability's source: the card language's one filter, evaluated on the
    /// characteristics as the layers compute them (its controller, tags and Might as they stand).
    Matching { filter: UnitFilter, source: ObjId },
}

impl std::fmt::Display for Filter {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Filter::Matching { filter, source } => write!(f, "{filter} (relative to {source:?})"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// How long an effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Duration {
    /// Until the expiration step (317.3.a).
    ThisTurn,
    /// While the source is on the board (a passive ability, 362.1).
    WhileSourceOnBoard,
    /// Until the affected object leaves its zone (717.3.a.3; ends with its identity, 109).
    Indefinite,
    /// "this combat": until the combat ends (440.1, its cleanup).
    ThisCombat,
    /// While the source stays attached (SFD-718.3-718.4): its effect text and Might bonus on the
    /// top-most card, ended by detaching (SFD-422.1.d-e).
    WhileAttached,
}

/// A continuous effect in force.
#[derive(Clone, Debug, PartialEq)]
pub struct ContinuousEffect {
    pub source: Option<ObjId>,
    pub timestamp: u64,
    pub filter: Filter,
    pub condition: Option<Condition>,
    pub modification: Modification,
    pub duration: Duration,
}

impl Game {
    /// Adds a continuous effect with a fresh timestamp.
    pub fn add_effect(
        &mut self,
        source: Option<ObjId>,
        filter: Filter,
        condition: Option<Condition>,
        modification: Modification,
        duration: Duration,
    ) {
        let timestamp = self.timestamp();
        crate::trace!(self, "450", "continuous effect {:?} on {} ({:?})", modification, filter, duration);
        self.push_effect(ContinuousEffect { source, timestamp, filter, condition, modification, duration });
        self.changed();
    }

    /// Puts an effect in force: the one way into the effect list, telling the memo.
    pub(crate) fn push_effect(&mut self, e: ContinuousEffect) {
        self.chars_cache.changed_all();
        // A given ability may be a triggered one: the trigger index is made again (450.2.a).
        if matches!(e.modification, Modification::GrantAbility(_)) {
            self.trigger_index.zones_changed();
        }
        Arc::make_mut(&mut self.effects).push(e);
        self.note_effect_kinds();
    }

    /// Keeps `control_effects` (is a control-changing effect in force?), `grant_effects` (is
    /// an ability-giving one?), `keyword_effects` (the keywords effects give or take),
    /// `unchoosable_effects` and `tag_effects` in step with the effect list, for
    /// [`controller`](Game::controller), [`given_abilities`](Game::given_abilities),
    /// [`has_keyword`](Game::has_keyword), target checks and [`tags_pass`](Game::tags_pass),
    /// asked far more often than effects change.
    fn note_effect_kinds(&mut self) {
        self.control_effects = self.effects.iter().any(|e| matches!(e.modification, Modification::SetController(_)));
        self.grant_effects = self.effects.iter().any(|e| matches!(e.modification, Modification::GrantAbility(_)));
        self.unchoosable_effects =
            self.effects.iter().any(|e| matches!(e.modification, Modification::UnchoosableByEnemies));
        self.tag_effects = self.effects.iter().any(|e| matches!(e.modification, Modification::AddTag(_)));
        self.keyword_effects = self.effects.iter().fold(0, |bits, e| match e.modification {
            Modification::GrantKeyword(k, _)
            | Modification::GrantKeywordPer(k, _)
            | Modification::GrantMissingKeyword(k, _)
            | Modification::RemoveKeyword(k) => bits | 1 << k as u64,
            _ => bits,
        });
    }

    /// Ends the effects `keep` refuses: the one way out of the effect list, telling the
    /// characteristics memo if any ended. Whether any ended. `keep` sees the game whole, effect
    /// list included, so whatever it asks is answered from (and memoized for) the real state.
    pub(crate) fn retain_effects(&mut self, keep: impl Fn(&Game, &ContinuousEffect) -> bool) -> bool {
        if self.effects.iter().all(|e| keep(self, e)) {
            return false;
        }
        let kept: Vec<bool> = self.effects.iter().map(|e| keep(self, e)).collect();
        if self.effects.iter().zip(&kept).any(|(e, k)| !k && matches!(e.modification, Modification::GrantAbility(_))) {
            self.trigger_index.zones_changed();
        }
        let mut kept = kept.into_iter();
        Arc::make_mut(&mut self.effects).retain(|_| kept.next().unwrap_or(true));
        self.chars_cache.changed_all();
        self.note_effect_kinds();
        true
    }

    /// Printed values plus the object's own state, before any effect.
    fn printed_chars(&self, id: ObjId) -> Chars {
        let o = self.obj(id);
        let c = self.db.get(o.card);
        let mut keywords = Keywords::default();
        for (k, v) in &c.abilities.keywords {
            keywords.grant(*k, *v);
        }
        Chars {
            raw_might: c.might,
            keywords,
            tags: c.tags.clone(),
            controller: o.controller,
            assigned_last: false,
            cant_be_damaged: false,
            no_combat_damage: false,
            any_number_of_buffs: false,
            unchoosable_by_enemies: false,
        }
    }

    fn filter_matches(&self, id: ObjId, chars: &Chars, f: &Filter) -> bool {
        let is_unit = || self.is_board_unit(id);
        match f {
            Filter::Object(o) => *o == id,
            Filter::UnitsControlledBy(p) => is_unit() && chars.controller == *p,
            Filter::UnitsWithTag(t) => is_unit() && chars.tags.iter().any(|x| x.eq_ignore_ascii_case(t)),
            Filter::UnitsWithKeyword(k) => is_unit() && chars.keywords.has(*k),
            Filter::Matching { filter, source } => self.layer_matches(filter, id, chars, *source),
        }
    }

    /// Whether `f` can match `id` at all: what [`filter_matches`](Game::filter_matches) tests
    /// that no layer changes (the object named, the printed kind, on the board, "other", where
    /// it and the source are, and who controls them while no effect changes control), so `false`
    /// here is `false` there whatever the layers make of the object.
    fn filter_may_match(&self, id: ObjId, f: &Filter) -> bool {
        match f {
            Filter::Object(o) => *o == id,
            Filter::UnitsControlledBy(p) => {
                self.is_board_unit(id) && (self.control_effects || self.obj(id).controller == *p)
            }
            Filter::UnitsWithTag(_) | Filter::UnitsWithKeyword(_) => self.is_board_unit(id),
            Filter::Matching { filter, source } => {
                std::iter::successors(Some(filter), |g| g.or.as_deref()).any(|g| self.record_admits(g, id, *source))
            }
        }
    }

    /// The part of [`Filter::Matching`]'s own test (not its `or`) that the objects' records
    /// decide: [`kind_admits`](Game::kind_admits), the location, and with no control-changing
    /// effect in force (450.1.a) the relation of the controllers.
    fn record_admits(&self, f: &UnitFilter, id: ObjId, source: ObjId) -> bool {
        if !self.kind_admits(f, id, source) {
            return false;
        }
        // The source's record is read as `layer_matches` reads it.
        self.chars_cache.read_object(source.index());
        // 181.6.c: a battlefield's "friendly" is its controller's, no record of the object.
        if self.control_effects || self.battlefield_of(source).is_some() {
            return self.at_admits(f, id, source, None);
        }
        let you = self.obj(source).controller;
        self.at_admits(f, id, source, Some(you))
            && self.relation_holds(f.relation, f.allied, self.obj(id).controller, you)
    }

    /// Whether effect `e` applies to `id` when the records decide it, without the layers:
    /// `Some(false)` when it can't ([`filter_may_match`](Game::filter_may_match)) or a condition
    /// the records decide fails, `Some(true)` when each test of its filter and its conditions
    /// reads only records (where objects are, controllers while no effect changes control,
    /// printed names and costs, keywords no effect gives or takes, [`Game::record_holds`]),
    /// else `None`.
    fn record_applies(&self, id: ObjId, e: &ContinuousEffect) -> Option<bool> {
        if !self.filter_may_match(id, &e.filter) {
            return Some(false);
        }
        // 361.3.a: a passive about a group is conditional on its source (`effect_applies`).
        if let Some(c) = &e.condition {
            let subject = match &e.filter {
                Filter::Matching { source, .. } => *source,
                _ => id,
            };
            if !self.record_holds(c, subject)? {
                return Some(false);
            }
        }
        let card = self.card(id);
        match &e.filter {
            Filter::Object(_) => Some(true),
            Filter::UnitsControlledBy(_) => (!self.control_effects).then_some(true),
            Filter::UnitsWithKeyword(k) => self.record_holds(&Condition::HasKeyword(*k), id),
            Filter::UnitsWithTag(_) => None,
            Filter::Matching { filter: f, source } => {
                // filter_may_match held: the kind, the location and (without control effects)
                // the relation are met.
                if self.control_effects
                    || (f.relation != Relation::Any && self.battlefield_of(*source).is_some())
                    || f.or.is_some()
                    || f.tag.is_some()
                    || f.exclude_tag.is_some()
                    || f.max_might.is_some()
                {
                    return None;
                }
                if (f.my_name && card.name != self.card(*source).name)
                    || f.max_cost.is_some_and(|m| !m.allows(card.energy, card.power.len()))
                {
                    return Some(false);
                }
                f.condition.as_deref().map_or(Some(true), |c| self.record_holds(c, id))
            }
        }
    }

    fn is_board_unit(&self, id: ObjId) -> bool {
        self.card(id).kind == CardType::Unit && self.obj(id).zone.is_board()
    }

    /// The part of [`Filter::Matching`]'s own test (not its `or`) that no characteristic
    /// decides: the printed kind, on the board, "other" than the source.
    fn kind_admits(&self, f: &UnitFilter, id: ObjId, source: ObjId) -> bool {
        // "Your Equipment everywhere": in any zone.
        let zone_ok = self.obj(id).zone.is_board() || (f.at == At::Everywhere && self.obj(id).alive);
        self.card(id).kind == f.kind && zone_ok && !(f.other && id == source)
    }

    /// [`Filter::Matching`]: `f` relative to `source` ("friendly" to its controller, "here" at its
    /// location), for the object whose characteristics are `chars` (on the board only).
    fn layer_matches(&self, f: &UnitFilter, id: ObjId, chars: &Chars, source: ObjId) -> bool {
        if f.or.as_ref().is_some_and(|g| self.layer_matches(g, id, chars, source)) {
            return true;
        }
        if !self.kind_admits(f, id, source) {
            return false;
        }
        if f.my_name && self.card(id).name != self.card(source).name {
            return false;
        }
        // Past the object's own record: the source's (where it is, who controls it) and which
        // objects are battlefields; a condition reports what it reads itself.
        self.chars_cache.read_object(source.index());
        let you = self.source_controller(source);
        self.at_admits(f, id, source, Some(you))
            && self.relation_holds(f.relation, f.allied, chars.controller, you)
            && f.tags_ok(&chars.tags)
            && f.max_might.is_none_or(|m| chars.might() <= m as i32)
            && f.max_cost.is_none_or(|m| m.allows(self.card(id).energy, self.card(id).power.len()))
            && f.condition.as_ref().is_none_or(|c| self.holds(c, id, chars.controller, Some(chars)))
    }

    /// Whether `id` is where `f` asks relative to `source` ("here", "at a battlefield", ...). No
    /// layer moves an object, so the answer is the same before and after them. "Your base" needs
    /// the source's controller: without it (`None`) any base is admitted.
    fn at_admits(&self, f: &UnitFilter, id: ObjId, source: ObjId, source_controller: Option<PlayerId>) -> bool {
        // 053.3: "here" of a battlefield is the battlefield itself; of anything else, where it is.
        // Each found only where asked: most filters ask neither (the Might bounds and the layers
        // ask this for every unit and effect).
        let at = || self.location(id);
        let here = || self.here(source);
        match f.at {
            At::Anywhere | At::Everywhere => true,
            At::Battlefield => matches!(at(), Some(Loc::Battlefield(_))),
            At::Here => here().is_some_and(|h| at() == Some(h)),
            At::MyBattlefield => matches!(here(), Some(Loc::Battlefield(_))) && at() == here(),
            At::Elsewhere => at().is_some_and(|a| Some(a) != here()),
            At::ItsLocation => false,
            At::That(b) => at() == Some(Loc::Battlefield(b)),
            At::InCombat => self.obj(id).role.is_some(),
            At::YourBase => match source_controller {
                Some(c) => at() == Some(Loc::Base(c)),
                None => matches!(at(), Some(Loc::Base(_))),
            },
            At::AnyBase => matches!(at(), Some(Loc::Base(_))),
            At::YourTrash | At::Trashes | At::MainDeck | At::YourHand | At::Chain | At::YourChampionZone => false,
        }
    }

    /// The controller of a passive ability's source, for "friendly": its own controller as
    /// changed by effects on it alone (not through filters that could depend on this one).
    fn source_controller(&self, s: ObjId) -> PlayerId {
        // 181.6.c: a battlefield's is the player who controls it (shared state: who conquered).
        if self.battlefield_of(s).is_some() {
            self.chars_cache.read_shared();
            return self.ability_controller(s);
        }
        let mut c = self.obj(s).controller;
        let mut changes: Vec<&ContinuousEffect> = self
            .effects
            .iter()
            .filter(|e| e.filter == Filter::Object(s) && e.condition.is_none())
            .filter(|e| matches!(e.modification, Modification::SetController(_)))
            .collect();
        changes.sort_by_key(|e| e.timestamp);
        for e in changes {
            if let Modification::SetController(p) = e.modification {
                c = p;
            }
        }
        c
    }

    fn effect_applies(&self, id: ObjId, chars: &Chars, e: &ContinuousEffect) -> bool {
        self.filter_matches(id, chars, &e.filter)
            && e.condition.as_ref().is_none_or(|c| match &e.filter {
                // 361.3.a: a passive about a group ("While I'm at a battlefield, your other units
                // here have [Deflect]") is conditional on its source: "I" is the source, not each
                // unit of the group.
                // 181.6.c: a battlefield's "you" is its controller.
                Filter::Matching { source, .. } => {
                    let you = match self.battlefield_of(*source) {
                        Some(_) => self.source_controller(*source),
                        None => self.controller(*source),
                    };
                    self.holds(c, *source, you, None)
                }
                _ => self.holds(c, id, chars.controller, Some(chars)),
            })
    }

    /// An object's characteristics through the layers (446-453), computed again only after a
    /// change to what they were computed from (`Game::chars_cache`).
    pub fn chars(&self, id: ObjId) -> Chars {
        self.chars_cache.get_or_compute(
            id.index(),
            || self.solve_chars(id),
            || self.printed_chars(id),
            || self.describe(id),
        )
    }

    fn solve_chars(&self, id: ObjId) -> Chars {
        let base = self.printed_chars(id);
        let o = self.obj(id);
        // Objects no longer in their zone have no characteristics of their own. Objects in
        // non-board zones do see effects aimed at them (a keyword granted to a card in hand,
        // 717.3.a.3); the board-wide filters only match objects on the board, and their might
        // stays the printed one (711, see `ObjectLayers::modify`).
        if !o.alive {
            return base;
        }
        // 449-453, the kernel's solver with this object's view of the effects.
        crate::kernel::layers::solve(&ObjectLayers { game: self, id }, &base)
    }

    /// "the Might of the unit you recycled": its Might now, or, once it has left the board, as
    /// it last was there (its last known information).
    pub fn last_might(&self, id: ObjId) -> i32 {
        match self.obj(id).lki {
            Some(l) if !self.obj(id).alive && l.zone.is_board() => l.might,
            _ if self.obj(id).alive && self.obj(id).zone.is_board() => self.might(id),
            _ => 0,
        }
    }

    pub fn might(&self, id: ObjId) -> i32 {
        if self.effects.is_empty() && self.card(id).abilities.keywords.is_empty() {
            // No continuous effect: printed might plus the object's own arithmetic (buffs), the
            // same result as the layers without building the full characteristics.
            let o = self.obj(id);
            let printed = self.db.get(o.card).might;
            return if o.zone.is_board() && o.alive { printed + o.buffs as i32 } else { printed }.max(0);
        }
        // Bounds that meet are the Might: every effect on it was decided without the layers (an
        // object leaving a zone records its Might, 356.3.e.12, on every move).
        if let (Some(least), Some(most)) = self.might_bounds(id)
            && least == most
        {
            return least.max(0);
        }
        self.chars(id).might()
    }

    /// Bounds `might(id)` stays within, found without the layers, as (least, most): the printed
    /// Might and, on the board, the unit's buffs; plus each increase or decrease that applies for
    /// certain (`record_applies`) on both sides, and each that only may apply on its own side
    /// (the least takes the decreases, the most the increases). A side is `None` when that
    /// bounds nothing: an effect sets its Might, or adds (most) or takes away (least) per a
    /// count; both are in combat, where Assault and Shield add (see `ObjectLayers::enter_layer`).
    /// Debug builds check both against the layers.
    pub fn might_bounds(&self, id: ObjId) -> (Option<i32>, Option<i32>) {
        let (least, most) = self.might_bounds_unchecked(id);
        debug_assert!(
            {
                let raw = self.chars(id).raw_might;
                least.is_none_or(|l| l <= raw) && most.is_none_or(|m| raw <= m)
            },
            "the Might bounds {:?} of {} are wrong",
            (least, most),
            self.describe(id)
        );
        (least, most)
    }

    fn might_bounds_unchecked(&self, id: ObjId) -> (Option<i32>, Option<i32>) {
        let o = self.obj(id);
        if o.role.is_some() {
            return (None, None);
        }
        // Buffs count on the board only (`enter_layer`).
        let buffs = if o.zone.is_board() { o.buffs as i32 } else { 0 };
        let printed = self.db.get(o.card).might.saturating_add(buffs);
        let mut least = Some(printed);
        let mut most = Some(printed);
        for e in self.effects.iter() {
            let touches_might = matches!(
                e.modification,
                Modification::SetMight(_)
                    | Modification::MightPer(..)
                    | Modification::Might(_)
                    | Modification::MightToMinimum { .. }
            );
            if !touches_might {
                continue;
            }
            let certain = match self.record_applies(id, e) {
                Some(false) => continue,
                Some(true) => true,
                None => false,
            };
            match e.modification {
                Modification::SetMight(_) => return (None, None),
                // An increase or decrease that applies for certain moves both bounds.
                Modification::Might(n) if certain => {
                    least = least.map(|m| m.saturating_add(n));
                    most = most.map(|m| m.saturating_add(n));
                }
                Modification::MightPer(each, _) if each > 0 => most = None,
                Modification::MightPer(each, _) if each < 0 => least = None,
                // 450.3.b: a decrease "to a minimum" takes away at most its N.
                Modification::Might(n) | Modification::MightToMinimum { might: n, .. } if n > 0 => {
                    most = most.map(|m| m.saturating_add(n))
                }
                Modification::Might(n) | Modification::MightToMinimum { might: n, .. } => {
                    least = least.map(|m| m.saturating_add(n))
                }
                _ => {}
            }
        }
        (least, most)
    }

    pub fn controller(&self, id: ObjId) -> PlayerId {
        let o = self.obj(id);
        // Only a control-changing effect (450.1.a) makes the controller differ from the record;
        // without one in force, the layers need not run (the hottest question "friendly?" asks).
        if !o.zone.is_board() || !self.control_effects {
            return o.controller;
        }
        self.chars(id).controller
    }

    /// How many continuous effects in force give `id` keyword `k` (733.2: each given [Vision]
    /// triggers on its own); printed instances are not counted.
    pub fn granted_instances(&self, id: ObjId, k: Keyword) -> usize {
        if !self.effects.iter().any(|e| matches!(e.modification, Modification::GrantKeyword(x, _) if x == k)) {
            return 0;
        }
        let chars = self.chars(id);
        self.effects
            .iter()
            .filter(|e| matches!(e.modification, Modification::GrantKeyword(x, _) if x == k))
            .filter(|e| self.effect_applies(id, &chars, e))
            .count()
    }

    /// 450.2.a: the quoted abilities continuous effects in force give `id`, as (the card whose
    /// text holds it, its index there).
    pub fn given_abilities(&self, id: ObjId) -> Vec<(ObjId, u8)> {
        if !self.grant_effects {
            return Vec::new();
        }
        // The layers run only if an ability-giving effect may apply to it at all.
        let may = |e: &&ContinuousEffect| {
            matches!((&e.modification, e.source), (Modification::GrantAbility(_), Some(_)))
                && self.filter_may_match(id, &e.filter)
        };
        if !self.effects.iter().any(|e| may(&e)) {
            return Vec::new();
        }
        let chars = self.chars(id);
        self.effects
            .iter()
            .filter(may)
            .filter_map(|e| match (&e.modification, e.source) {
                (Modification::GrantAbility(i), Some(s)) if self.effect_applies(id, &chars, e) => Some((s, *i)),
                _ => None,
            })
            .collect()
    }

    /// 450.2: only an effect that gives or takes away `k` changes whether an object has it
    /// (`apply_modification`); with none in force (`keyword_effects`), every object's printed
    /// keywords decide, without the layers.
    pub fn keyword_is_printed(&self, k: Keyword) -> bool {
        self.keyword_effects & (1 << k as u64) == 0
    }

    pub fn has_keyword(&self, id: ObjId, k: Keyword) -> bool {
        // Ambush and Hidden are asked of every card in hand at every listing.
        if self.keyword_is_printed(k) {
            let printed = self.card(id).abilities.has_keyword(k);
            debug_assert_eq!(printed, self.chars(id).keywords.has(k), "{k:?} of {}", self.describe(id));
            return printed;
        }
        self.chars(id).keywords.has(k)
    }

    /// Whether `id`'s tags pass `f`'s tag tests: its card's tags while no effect adds one.
    pub fn tags_pass(&self, id: ObjId, f: &UnitFilter) -> bool {
        if !self.tag_effects {
            debug_assert_eq!(self.card(id).tags, self.chars(id).tags, "tags of {}", self.describe(id));
            return f.tags_ok(&self.card(id).tags);
        }
        f.tags_ok(&self.chars(id).tags)
    }

    /// [`Keywords::value`] of `id`'s keyword `k` (Deflect X, 725.1.c), from its printed card
    /// while no effect gives or takes `k`, as [`Game::has_keyword`] does.
    pub fn keyword_value(&self, id: ObjId, k: Keyword) -> u32 {
        if self.keyword_is_printed(k) {
            let mut printed = Keywords::default();
            for (x, v) in self.card(id).abilities.keywords.iter().filter(|(x, _)| *x == k) {
                printed.grant(*x, *v);
            }
            let value = printed.value(k);
            debug_assert_eq!(value, self.chars(id).keywords.value(k), "{k:?} of {}", self.describe(id));
            return value;
        }
        self.chars(id).keywords.value(k)
    }

    /// 709: did this change of state make the unit become Mighty? Callers compare before/after.
    /// A unit whose Might is bounded below 5 is not Mighty, one bounded at 5 or more is: the
    /// layers run only for the others (`might_bounds`).
    pub fn is_mighty(&self, id: ObjId) -> bool {
        match self.might_bounds(id) {
            (_, Some(most)) if most < 5 => false,
            (Some(least), _) if least >= 5 => true,
            _ => self.chars(id).is_mighty(),
        }
    }

    /// 317.3.a: "this turn" effects expire; effects whose source or object is gone end too.
    pub fn expire_effects(&mut self, end_of_turn: bool) {
        let control = self.control_effects;
        let ended = self.retain_effects(|g, e| {
            if end_of_turn && matches!(e.duration, Duration::ThisTurn | Duration::ThisCombat) {
                return false;
            }
            if e.duration == Duration::WhileSourceOnBoard
                && let Some(s) = e.source
            {
                let so = g.obj(s);
                if !so.alive || !so.zone.is_board() {
                    return false;
                }
            }
            if e.duration == Duration::WhileAttached && e.source.is_none_or(|s| g.top_most_of(s).is_none()) {
                return false;
            }
            if let Filter::Object(o) = e.filter
                && !g.obj(o).alive
            {
                return false;
            }
            true
        });
        if ended {
            self.changed();
            // 106.2.d: a base is its controller's: a permanent whose control went back to another
            // player ("You control it until I leave the board") goes to that player's base.
            if control {
                self.to_controllers_bases();
            }
        }
    }

    /// 106.2.d: each unit and gear in a base that another player controls goes to that player's
    /// base (a move within the board: the same object).
    fn to_controllers_bases(&mut self) {
        let mut misplaced = Vec::new();
        for (i, pl) in self.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            misplaced.extend(pl.base.iter().copied().filter(|o| self.controller(*o) != p));
        }
        for o in misplaced {
            let to = self.controller(o);
            crate::trace!(self, "106.2.d", "{} is controlled by {to}: it goes to {to}'s base", self.describe(o));
            self.detach(o);
            self.move_object(o, super::state::Zone::Base, to, super::actions::Pos::Bottom);
        }
    }
}

fn apply_modification(chars: &mut Chars, m: &Modification) {
    match m {
        Modification::SetMight(n) => chars.raw_might = *n,
        Modification::AddTag(t) => {
            if !chars.tags.iter().any(|x| x == t) {
                std::sync::Arc::make_mut(&mut chars.tags).push(t.clone());
            }
        }
        Modification::SetController(p) => chars.controller = *p,
        Modification::GrantKeyword(k, v) => chars.keywords.grant(*k, *v),
        Modification::GrantMissingKeyword(k, v) => {
            if !chars.keywords.has(*k) {
                chars.keywords.grant(*k, *v);
            }
        }
        Modification::RemoveKeyword(k) => chars.keywords.remove(*k),
        Modification::AssignedLast => chars.assigned_last = true,
        Modification::CantBeDamaged => chars.cant_be_damaged = true,
        Modification::NoCombatDamage => chars.no_combat_damage = true,
        Modification::AnyNumberOfBuffs => chars.any_number_of_buffs = true,
        Modification::UnchoosableByEnemies => chars.unchoosable_by_enemies = true,
        // The arithmetic layer and counted keywords are applied by `ObjectLayers::modify`.
        Modification::Might(_)
        | Modification::MightPer(..)
        | Modification::GrantKeywordPer(..)
        | Modification::MightToMinimum { .. }
        | Modification::EntersReady
        | Modification::GrantAbility(_) => {}
    }
}
