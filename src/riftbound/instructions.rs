//! The kernel side of card instructions: what each host function (`host.rs`) does, plus
//! choosing targets (352) and checking them again on resolution (356.3.e).

use super::abilities::{
    AbilityKind, Act, At, Condition, CountOf, Forbidden, Grant, Intent, Located, Place, PlayTo, Relation, TargetCount,
    TargetSpec, Trigger, UnitFilter,
};
use super::actions::Pos;
use super::cards::{CardType, PowerSymbol};
use super::costs::{Cost, OtherCost, PlayOptions};
use super::decision::{Ask, Choice};
use super::events::Event;
use super::host::HookCall;
use super::layers::{Duration, Filter, Keyword, Modification};
use super::state::{Bf, Chosen, Game, Loc, R, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// The most units the board holds before token-making stops the game (no real game comes near:
/// a few dozen).
pub const MAX_UNITS_ON_BOARD: usize = 500;

/// 712-715: "the next spell you play this turn deals N Bonus Damage" per player (384), and the
/// bonus attached to each spell on the chain once played.
#[derive(Clone, Debug, Default)]
pub struct SpellBonuses {
    pub next: Vec<(PlayerId, u32)>,
    pub attached: Vec<(ObjId, u32)>,
}

/// "Prevent all spell and ability damage this turn": whether damage spells, and damage abilities,
/// would deal is prevented for the rest of this turn (cleared as it ends, 317.3.a).
#[derive(Clone, Copy, Debug, Default)]
pub struct DamagePrevented {
    pub spells: bool,
    pub abilities: bool,
}

/// 356.2.c: "The next unit you play this turn enters ready": the players whose next unit played
/// this turn enters ready, one entry each time it was said; a unit played uses one up, and the
/// rest end with the turn (317.3.a).
#[derive(Clone, Debug, Default)]
pub struct NextUnitReady(pub Vec<PlayerId>);

/// 054: the players who can't play cards this turn ("Opponents can't play cards this turn"), with
/// whether only spells are banned; cleared as the turn ends (317.3.a).
#[derive(Clone, Debug, Default)]
pub struct PlayBans(pub Vec<(PlayerId, bool)>);

/// 380.3: "If this kills it, do this: ..." while the unit only has lethal damage: the reflexive
/// ability waits for the cleanup to kill it (322.2, 415.5.c); a unit that does not die (its death
/// replaced, 383.3) never triggers it.
#[derive(Clone, Debug, Default)]
pub struct ReflexiveOnKill(pub Vec<WaitingForKill>);

#[derive(Clone, Debug)]
pub struct WaitingForKill {
    pub unit: ObjId,
    pub item: super::state::ChainItem,
}

/// Spells that go elsewhere than the trash once they resolve: recycled (Kai'Sa, Evolutionary:
/// "Then recycle it") or banished (Time Warp: "Banish this.").
#[derive(Clone, Debug, Default)]
pub struct OnResolve {
    pub recycle: Vec<ObjId>,
    pub banish: Vec<ObjId>,
}

/// 352.11.b: the battlefield where a source's group of targets "at a battlefield" was chosen;
/// the group can't gain units elsewhere as it resolves (Fox-Fire).
#[derive(Clone, Debug, Default)]
struct GroupAt(Vec<(ObjId, Bf)>);

/// What the target being chosen is for, while an [`Ask::Target`] decision of
/// [`Game::choose_targets`] is open ([`Game::target_intent`]).
#[derive(Clone, Debug, Default)]
struct Choosing(Intent);

impl Game {
    /// What the ability whose target is being chosen does to it (harm, help, neither): for an
    /// agent answering an [`Ask::Target`] decision; `Neutral` when no target is being chosen.
    pub fn target_intent(&self) -> Intent {
        self.components.get::<Choosing>().map_or(Intent::Neutral, |c| c.0)
    }

    /// 317.3: what instructions remembered for this turn's spells ends with it (no chain
    /// outlives its turn).
    pub(crate) fn end_turn_instructions(&mut self) {
        self.components.reset::<GroupAt>();
        self.components.reset::<OnResolve>();
        self.components.reset::<super::actions::PlayedBy>();
        self.components.reset::<DamagePrevented>();
        self.components.reset::<super::actions::PreventNext>();
    }

    /// "Prevent all spell and ability damage this turn" (rule 002: the card's text is the rule;
    /// docs/rulings.md): from now until the turn ends, damage of that kind is not dealt.
    pub fn prevent_damage_this_turn(&mut self, spells: bool, abilities: bool) {
        let rule = super::abilities::Effect::ThisTurn(super::abilities::TurnRule::PreventDamage { spells, abilities });
        trace!(self, "002", "{rule}");
        let p = self.components.get_mut::<DamagePrevented>();
        p.spells |= spells;
        p.abilities |= abilities;
    }

    /// Whether the damage the running body would deal is prevented: a spell's (its instructions
    /// are the spell's, 404.6.b.2.a) or an ability's (404.6.b.2.b).
    fn damage_prevented(&mut self, c: &HookCall) -> bool {
        let Some(&p) = self.components.get::<DamagePrevented>() else { return false };
        let prevented = if c.spell.is_some() { p.spells } else { p.abilities };
        if prevented {
            trace!(self, "002", "the damage is prevented this turn");
        }
        prevented
    }

    /// 352.11.b: where `source`'s group of targets was chosen, if it has one.
    fn group_at(&self, source: ObjId) -> Option<Bf> {
        self.components.get::<GroupAt>()?.0.iter().rev().find(|(s, _)| *s == source).map(|(_, b)| *b)
    }

    /// 352: chooses targets for each spec. `None` if a required target has no legal choice
    /// (355.3, 390.3). "Up to" and "any number" may choose none (352.13).
    pub fn choose_targets(
        &mut self,
        p: PlayerId,
        source: Option<ObjId>,
        specs: &[TargetSpec],
    ) -> R<Option<Vec<Chosen>>> {
        self.choose_targets_about(p, source, specs, None)
    }

    /// [`Game::choose_targets`] for an ability that remembers `it` (a reflexive ability's "it",
    /// 381): a spec "at its destination" chooses at its location (`Located::AtIt`).
    pub fn choose_targets_about(
        &mut self,
        p: PlayerId,
        source: Option<ObjId>,
        specs: &[TargetSpec],
        it: Option<ObjId>,
    ) -> R<Option<Vec<Chosen>>> {
        let mut all: Vec<Chosen> = vec![Chosen::default(); specs.len()];
        for (index, spec) in specs.iter().enumerate() {
            // 352.3: a Move Destination is chosen right after its unit (below), wherever its spec
            // stands in the list.
            if let TargetCount::Destination(_) = spec.count {
                continue;
            }
            // 352.9: a player target.
            if spec.count == TargetCount::Player {
                let options: Vec<Choice> = self.player_candidates(p, spec).into_iter().map(Choice::Player).collect();
                let only = options.len() == 1;
                if options.is_empty() {
                    return Ok(None);
                }
                let Choice::Player(q) = self.decide(p, Ask::ChoosePlayer, options)? else { return Ok(None) };
                // A real decision is traced by the decision loop; a forced one is traced here.
                if only {
                    trace!(self, "352.9", "{p} chooses {q}, the only one");
                }
                all[index] = Chosen::Player(q);
                continue;
            }
            let candidates = self.target_candidates(p, source, specs, index);
            let (min, max) = match spec.count {
                TargetCount::One => (1, 1),
                TargetCount::UpTo(n) => (0, n as usize),
                TargetCount::Exactly(n) => (n as usize, n as usize),
                TargetCount::AnyNumber { .. } => (0, usize::MAX),
                // 352.14.c: no more targets than the damage to split (with its bonus, 715.3:
                // recounted below as each target is chosen).
                TargetCount::Split(n) => (0, n as usize),
                TargetCount::Destination(_) | TargetCount::Player => (0, 0),
            };
            let mut chosen: Vec<ObjId> = Vec::new();
            loop {
                let max = match spec.count {
                    TargetCount::Split(_) => max + self.bonus_damage(p, source, &chosen) as usize,
                    _ => max,
                };
                if chosen.len() >= max {
                    break;
                }
                let options: Vec<Choice> = candidates
                    .iter()
                    .copied()
                    .filter(|c| !chosen.contains(c) && self.group_allows(spec, &chosen, *c))
                    .filter(|c| !spec.distinct || !all[..index].iter().flat_map(Chosen::objs).any(|e| e == c))
                    .filter(|c| self.beside(spec, *c, it, |k| all.get(k).and_then(|x| x.objs().first().copied())))
                    .map(Choice::Obj)
                    .collect();
                if options.is_empty() {
                    break;
                }
                let mut options = options;
                if chosen.len() >= min {
                    options.push(Choice::Done);
                }
                self.components.get_mut::<Choosing>().0 = spec.intent;
                let choice = self.decide(p, Ask::Target, options);
                self.components.get_mut::<Choosing>().0 = Intent::Neutral;
                match choice? {
                    Choice::Obj(o) => {
                        trace!(self, "352.6", "{p} targets {}", self.describe(o));
                        chosen.push(o);
                    }
                    _ => break,
                }
            }
            if chosen.len() < min {
                return Ok(None);
            }
            // 352.11: remember where a group restricted to one battlefield was chosen.
            if let (TargetCount::AnyNumber { same_battlefield: true, .. }, Some(s), Some(first)) =
                (spec.count, source, chosen.first())
                && let Some(super::state::Loc::Battlefield(b)) = self.location(*first)
            {
                self.components.get_mut::<GroupAt>().0.push((s, b));
            }
            // 352.3: the destination of each move of a chosen unit.
            if let Some(&u) = chosen.first() {
                for (k, d) in specs.iter().enumerate() {
                    if d.count == TargetCount::Destination(index) {
                        match self.choose_destination(p, d, u)? {
                            Some(dest) => all[k] = Chosen::Objs(dest),
                            None => return Ok(None),
                        }
                    }
                }
            }
            all[index] = Chosen::Objs(chosen);
        }
        Ok(Some(all))
    }

    /// 352.8.b: "at the same battlefield" / "at a different location": `o` is where the spec says
    /// relative to the object chosen for the spec it names (`chosen_for` answers it), when it
    /// names one (a battlefield's location is itself, 053.3).
    /// "at its destination": at the location of `it`, the object the ability remembers (381), and
    /// not `it` itself when the spec says "another".
    fn beside(
        &self,
        spec: &TargetSpec,
        o: ObjId,
        it: Option<ObjId>,
        chosen_for: impl Fn(usize) -> Option<ObjId>,
    ) -> bool {
        let at = self.location(o);
        match spec.located {
            None => true,
            Some(Located::SameBattlefield(k)) => {
                matches!(at, Some(super::state::Loc::Battlefield(_)))
                    && chosen_for(k).is_some_and(|c| self.here(c) == at)
            }
            Some(Located::Elsewhere(k)) => at.is_some() && chosen_for(k).is_some_and(|c| self.here(c) != at),
            Some(Located::AtIt { other }) => {
                at.is_some() && it.is_some_and(|i| self.location(i) == at && !(other && i == o))
            }
            // The group's own requirement (352.11): see `group_allows`.
            Some(Located::Together) => at.is_some(),
            Some(Located::SameController(k)) => chosen_for(k).is_some_and(|c| self.controller(c) == self.controller(o)),
        }
    }

    /// 352.9: the players a player target of `p`'s may name: `p`'s opponents still in the game
    /// for "an opponent", every player still in it for "a player".
    fn player_candidates(&self, p: PlayerId, spec: &TargetSpec) -> Vec<PlayerId> {
        match spec.filter.relation {
            super::abilities::Relation::Enemy => self.opponents(p),
            super::abilities::Relation::Friendly | super::abilities::Relation::Own => vec![p],
            super::abilities::Relation::Any => self.active_players(),
        }
    }

    /// 356.3.e: the player chosen for spec `i`, if still a legal target as the body runs: still
    /// in the game and of the relation the spec names (356.3.e.2).
    pub fn legal_player(&mut self, c: &HookCall, i: usize) -> Option<PlayerId> {
        let (Some(Chosen::Player(q)), Some(spec)) = (c.targets.get(i), c.specs.get(i)) else { return None };
        let you = c.controller.unwrap_or(self.turn_player);
        if self.player_candidates(you, spec).contains(q) {
            return Some(*q);
        }
        trace!(self, "356.3.e.5", "{q} is no longer a legal target and is unaffected");
        None
    }

    /// 352.5-352.8: what [`Game::choose_targets`] offers for `specs[index]`: the matching
    /// objects, except a spell itself; a unit to move only with a valid destination (352.3).
    pub(crate) fn target_candidates(
        &self,
        p: PlayerId,
        source: Option<ObjId>,
        specs: &[TargetSpec],
        index: usize,
    ) -> Vec<ObjId> {
        // 352.3 / 352.7: a unit to move needs a valid destination to be a valid choice.
        let moved = specs.iter().find(|s| s.count == TargetCount::Destination(index));
        self.matching(&specs[index].filter, Some(p), source)
            .into_iter()
            .filter(|o| Some(*o) != source || self.card(*o).kind != CardType::Spell)
            .filter(|o| self.choosable_by(p, *o))
            .filter(|o| moved.is_none_or(|d| !self.spec_destinations(d, *o, p).is_empty()))
            .collect()
    }

    /// 352.8: whether `p`'s spells and abilities may choose `o` as a target: not a permanent of an
    /// opponent's that "can't be chosen by enemy spells and abilities" (054: can't beats can).
    /// Checked as targets are chosen and again as they resolve (356.3.e.2).
    fn choosable_by(&self, p: PlayerId, o: ObjId) -> bool {
        // Only an effect makes an object unchoosable: with none in force, no layers to run.
        debug_assert!(self.unchoosable_effects || !self.chars(o).unchoosable_by_enemies);
        !self.obj(o).zone.is_board()
            || self.controller(o) == p
            || !(self.unchoosable_effects && self.chars(o).unchoosable_by_enemies)
    }

    /// 352.7 / 390.2 / 727.1.d: whether `p` can choose every target `specs` requires ("a unit":
    /// one; "N units": N; "up to" / "any number": none needed), counting only what
    /// [`Game::choose_targets`] would offer: not the spell itself, a unit to move only with a
    /// destination, each allowed by its group's restriction with those before it (352.11). The
    /// one check used before a spell is played, a mode is offered, a hidden spell is played, or
    /// an ability is activated.
    pub fn has_legal_targets(&self, p: PlayerId, source: ObjId, specs: &[TargetSpec]) -> bool {
        self.least_deflect(p, source, specs).is_some()
    }

    /// [`Game::has_legal_targets`], answering the fewest Deflect points a legal choice of the
    /// required targets adds to the total cost (725.1.c-d: an opponent's permanent with Deflect),
    /// or `None` without one: the surcharge a play or activation must be able to pay to be
    /// offered at all (355.3, 398.1.b).
    pub fn least_deflect(&self, p: PlayerId, source: ObjId, specs: &[TargetSpec]) -> Option<u32> {
        self.least_deflect_from(p, source, specs, 0, &mut Vec::new())
    }

    /// The object chosen first for spec `k` among `taken` (spec index, object).
    fn taken_for(taken: &[(usize, ObjId)], k: usize) -> Option<ObjId> {
        taken.iter().find(|(s, _)| *s == k).map(|(_, o)| *o)
    }

    /// [`Game::least_deflect`] for `specs[index..]`, `taken` the objects chosen for the specs
    /// before (with their spec's index): the cheapest objects first, and, where a later spec must
    /// differ from the earlier choices or share a battlefield with one (352.8.b, "another", "at
    /// the same battlefield"), every single choice tried, so a choice that leaves the later spec
    /// nothing is not the only one looked at.
    fn least_deflect_from(
        &self,
        p: PlayerId,
        source: ObjId,
        specs: &[TargetSpec],
        index: usize,
        taken: &mut Vec<(usize, ObjId)>,
    ) -> Option<u32> {
        let Some(spec) = specs.get(index) else { return Some(0) };
        let deflect = |o: ObjId| if self.controller(o) == p { 0 } else { self.keyword_value(o, Keyword::Deflect) };
        // 352.9-352.10: a player target needs a player to choose, and takes no Deflect.
        if spec.count == TargetCount::Player {
            self.player_candidates(p, spec).first()?;
            return self.least_deflect_from(p, source, specs, index + 1, taken);
        }
        let required = spec.count.required();
        let mut candidates = self.target_candidates(p, Some(source), specs, index);
        if spec.distinct {
            candidates.retain(|c| !taken.iter().any(|(_, t)| t == c));
        }
        candidates.retain(|c| self.beside(spec, *c, None, |k| Self::taken_for(taken, k)));
        // Most candidates have no Deflect, and then the (stable) sort would leave them as they are.
        if candidates.iter().any(|c| deflect(*c) > 0) {
            candidates.sort_by_key(|c| deflect(*c));
        }
        if required == 1 && specs[index + 1..].iter().any(|s| s.distinct || s.located.is_some()) {
            let mut best: Option<u32> = None;
            for c in candidates {
                taken.push((index, c));
                if let Some(rest) = self.least_deflect_from(p, source, specs, index + 1, taken) {
                    best = Some(best.map_or(deflect(c) + rest, |b| b.min(deflect(c) + rest)));
                }
                taken.pop();
            }
            return best;
        }
        // 352.11.a: a group that must share a location: the cheapest group at any one location.
        let anchors: Vec<ObjId> = match spec.located {
            Some(Located::Together) if required > 1 => candidates.clone(),
            _ => Vec::new(),
        };
        let group = |first: Option<ObjId>| {
            let mut chosen: Vec<ObjId> = first.into_iter().collect();
            for c in &candidates {
                if chosen.len() >= required {
                    break;
                }
                if !chosen.contains(c) && self.group_allows(spec, &chosen, *c) {
                    chosen.push(*c);
                }
            }
            (chosen.len() >= required).then_some(chosen)
        };
        let chosen = if anchors.is_empty() {
            group(None)
        } else {
            anchors.iter().filter_map(|a| group(Some(*a))).min_by_key(|g| g.iter().map(|c| deflect(*c)).sum::<u32>())
        };
        let chosen = chosen?;
        let here: u32 = chosen.iter().map(|c| deflect(*c)).sum();
        let before = taken.len();
        taken.extend(chosen.into_iter().map(|c| (index, c)));
        let rest = self.least_deflect_from(p, source, specs, index + 1, taken);
        taken.truncate(before);
        Some(here + rest?)
    }

    /// 352.11: a group restriction ("at a battlefield with total Might 4 or less") must still
    /// hold with `next` added.
    fn group_allows(&self, spec: &TargetSpec, chosen: &[ObjId], next: ObjId) -> bool {
        // "at the same location": with the first one chosen.
        if spec.located == Some(Located::Together) {
            return chosen.first().is_none_or(|first| self.location(*first) == self.location(next));
        }
        let TargetCount::AnyNumber { total_might, same_battlefield } = spec.count else { return true };
        if same_battlefield
            && let Some(first) = chosen.first()
            && self.location(*first) != self.location(next)
        {
            return false;
        }
        match total_might {
            Some(max) => chosen.iter().chain([&next]).map(|u| self.might(*u)).sum::<i32>() <= max as i32,
            None => true,
        }
    }

    /// 356.3.e: the targets of spec `i` that are still legal as the body runs: still the same
    /// objects (356.3.e.4) and still meeting the targeting requirements (356.3.e.2). A group that
    /// no longer fulfils its restriction is cut down by its controller (352.11.b).
    pub fn legal_targets(&mut self, c: &HookCall, i: usize) -> R<Vec<ObjId>> {
        let (Some(chosen), Some(spec)) = (c.targets.get(i).map(Chosen::objs), c.specs.get(i)) else {
            return Ok(Vec::new());
        };
        let you = c.controller.unwrap_or(self.turn_player);
        let source = c.source.unwrap_or(ObjId(u32::MAX));
        let mut legal: Vec<ObjId> = chosen
            .iter()
            .copied()
            .filter(|o| self.unit_matches(&spec.filter, *o, you, source) && self.choosable_by(you, *o))
            .collect();
        // 352.8.b: still at the battlefield of the object chosen for the other spec.
        let beside = |k: usize| c.targets.get(k).and_then(|x| x.objs().first().copied());
        legal.retain(|o| self.beside(spec, *o, c.that_unit, beside));
        // 352.11.b: units no longer at the group's battlefield can't be affected.
        if let TargetCount::AnyNumber { same_battlefield: true, .. } = spec.count
            && let Some(b) = c.source.and_then(|s| self.group_at(s))
        {
            legal.retain(|u| self.location(*u) == Some(super::state::Loc::Battlefield(b)));
        }
        // 352.11.b: no longer all at one location: its controller keeps those at one of them.
        if spec.located == Some(Located::Together) {
            let mut places: Vec<_> = legal.iter().filter_map(|u| self.location(*u)).collect();
            places.dedup();
            if places.len() > 1 {
                let options = legal.iter().map(|u| Choice::Obj(*u)).collect();
                if let Choice::Obj(keep) = self.decide(you, Ask::Target, options)? {
                    let at = self.location(keep);
                    trace!(self, "352.11.b", "only the targets at {} are affected", self.describe(keep));
                    legal.retain(|u| self.location(*u) == at);
                }
            }
        }
        if let TargetCount::AnyNumber { total_might: Some(max), .. } = spec.count {
            while legal.iter().map(|u| self.might(*u)).sum::<i32>() > max as i32 {
                let options = legal.iter().map(|u| Choice::Obj(*u)).collect();
                if let Choice::Obj(drop) = self.decide(you, Ask::Target, options)? {
                    trace!(self, "352.11.b", "{} is no longer affected", self.describe(drop));
                    legal.retain(|u| *u != drop);
                }
            }
        }
        if legal.len() < chosen.len() {
            trace!(
                self,
                "356.3.e.5",
                "{} target(s) are no longer legal and are unaffected",
                chosen.len() - legal.len()
            );
        }
        Ok(legal)
    }

    /// 712-715: the Bonus Damage of one deal action of `you`'s spell or ability to `targets`:
    /// each Bonus Damage passive on the board counts once (714, 715.3), a "Your spells and
    /// abilities" one only for its controller, a "to units here" one only if a target is one it
    /// names; plus the bonus attached to the spell ("the next spell you play deals 1 Bonus
    /// Damage", 384).
    pub fn bonus_damage(&self, you: PlayerId, spell: Option<ObjId>, targets: &[ObjId]) -> u32 {
        let passives = self.board_passives(|e| matches!(e, super::abilities::StaticEffect::BonusDamage { .. }));
        let mut bonus: u32 = passives
            .into_iter()
            .map(|(s, e)| match e {
                super::abilities::StaticEffect::BonusDamage { amount, yours, to } => {
                    let controller = self.ability_controller(s);
                    let applies = (!yours || controller == you)
                        && to.as_ref().is_none_or(|f| targets.iter().any(|t| self.unit_matches(f, *t, controller, s)));
                    if applies { *amount } else { 0 }
                }
                _ => 0,
            })
            .sum();
        if let (Some(s), Some(b)) = (spell, self.components.get::<SpellBonuses>()) {
            bonus += b.attached.iter().filter(|(o, _)| *o == s).map(|(_, n)| n).sum::<u32>();
        }
        bonus
    }

    /// 404 with 712-715: a spell or ability deals damage to one unit; its source is the ability's
    /// object (and the spell, 404.6.b.2.a).
    pub fn deal_instruction(&mut self, c: &HookCall, amount: u32, t: ObjId) -> R<()> {
        if self.damage_prevented(c) {
            return Ok(());
        }
        let you = c.controller.unwrap_or(self.turn_player);
        let bonus = self.bonus_damage(you, c.spell, &[t]);
        if bonus > 0 {
            trace!(self, "715.1", "{bonus} bonus damage");
        }
        self.deal(c.spell.or(c.source), &[(t, amount + bonus)]);
        Ok(())
    }

    /// 352.14: damage split among the targets of spec `i`, each getting at least 1 (352.14.f-g),
    /// the amount per target chosen now (352.14.e). Bonus Damage adds to the amount split, once
    /// (715.3).
    pub fn deal_split(&mut self, c: &HookCall, amount: u32, i: usize) -> R<()> {
        if self.damage_prevented(c) {
            return Ok(());
        }
        let you = c.controller.unwrap_or(self.turn_player);
        let mut targets = self.legal_targets(c, i)?;
        let mut bonus = self.bonus_damage(you, c.spell, &targets);
        // 352.14.h: more targets than damage: the controller drops some.
        while targets.len() as u32 > amount + bonus && !targets.is_empty() {
            let options = targets.iter().map(|u| Choice::Obj(*u)).collect();
            if let Choice::Obj(drop) = self.decide(you, Ask::Target, options)? {
                targets.retain(|u| *u != drop);
            }
            bonus = self.bonus_damage(you, c.spell, &targets);
        }
        let mut total = amount + bonus;
        if bonus > 0 && !targets.is_empty() {
            trace!(self, "715.3", "{bonus} bonus damage: {total} to split");
        }
        let mut hits = Vec::new();
        for (k, t) in targets.iter().enumerate() {
            let left = targets.len() - k - 1;
            let n = if left == 0 {
                total
            } else {
                let max = total - left as u32;
                let options = (1..=max).map(Choice::Amount).collect();
                match self.decide(you, Ask::SplitAmount, options)? {
                    Choice::Amount(n) => n,
                    _ => 1,
                }
            };
            total -= n;
            hits.push((*t, n));
        }
        self.deal(c.spell.or(c.source), &hits);
        Ok(())
    }

    /// Challenge: two units deal damage equal to their mights to each other at once; the units
    /// are the sources (404.6.b.3).
    pub fn fight(&mut self, c: &HookCall, a: ObjId, b: ObjId) -> R<()> {
        if self.damage_prevented(c) {
            return Ok(());
        }
        let (ma, mb) = (self.might(a).max(0) as u32, self.might(b).max(0) as u32);
        self.deal(Some(a), &[(b, ma)]);
        self.deal(Some(b), &[(a, mb)]);
        Ok(())
    }

    /// A kill instruction: the spell or ability is responsible (415.5.b).
    pub fn kill_instruction(&mut self, c: &HookCall, u: ObjId) -> R<()> {
        self.kill(&[u], c.spell.or(c.source))
    }

    /// "give another friendly unit my keywords": each keyword `from` has now, with its value
    /// (716-733; ability layer, 450.2), given to `to` for `until`. A source no longer on the board
    /// has none to give (356.3.e.12).
    pub fn give_keywords_of(&mut self, c: &HookCall, to: ObjId, from: ObjId, until: Duration) {
        if !self.obj(from).alive || !self.obj(from).zone.is_board() {
            return;
        }
        let kws = self.chars(from).keywords;
        for k in kws.iter().collect::<Vec<_>>() {
            self.give(c, to, Grant::Keyword(k, kws.value(k)), until);
        }
    }

    /// "Swap the Might of two units": with exactly two of them still on the board, each gets
    /// the other's Might less its own, both counted now (450.3), for `until`. With one gone
    /// there is nothing to swap with (356.3.e.6).
    pub fn swap_might(&mut self, c: &HookCall, units: &[ObjId], until: Duration) {
        let [a, b] = units else { return };
        if !self.obj(*a).alive || !self.obj(*b).alive || !self.obj(*a).zone.is_board() || !self.obj(*b).zone.is_board()
        {
            return;
        }
        let (ma, mb) = (self.might(*a), self.might(*b));
        trace!(self, "450.3", "{} and {} swap Might ({ma} and {mb})", self.describe(*a), self.describe(*b));
        self.give(c, *a, Grant::Might { amount: mb - ma, min: None }, until);
        self.give(c, *b, Grant::Might { amount: ma - mb, min: None }, until);
    }

    /// A stun by a player's spell or ability (for "when you stun" triggers).
    pub fn stun_by(&mut self, c: &HookCall, u: ObjId) {
        if self.stun(u)
            && let Some(Event::Stunned { by, .. }) = self.events.last_mut()
        {
            *by = c.controller;
        }
    }

    /// [`Effect::Give`](super::abilities::Effect::Give): a continuous effect on one permanent
    /// (450), for `until` ("this turn", "this combat" (440.1) or, unsaid, while it stays on the
    /// board):
    /// - "+N [M], to a minimum of M": the limit is snapshotted as the effect applies (450.3.b);
    /// - "[Keyword N]" (717.3.a);
    /// - "its Might becomes N": a trait-layer effect (450.1.a.1), so increases and decreases of
    ///   the arithmetic layer still apply on top of it (450.3).
    pub fn give(&mut self, c: &HookCall, u: ObjId, grant: Grant, until: Duration) {
        if !self.obj(u).alive || !self.obj(u).zone.is_board() {
            return;
        }
        let modification = match grant {
            Grant::Might { amount, min } => {
                let mut delta = amount;
                if let (Some(min), true) = (min, amount < 0) {
                    let now = self.might(u);
                    delta = amount.max((min - now).min(0));
                }
                Modification::Might(delta)
            }
            Grant::Keyword(k, value) => Modification::GrantKeyword(k, value),
            Grant::SetMight(n) => Modification::SetMight(n),
            Grant::UnchoosableByEnemies => Modification::UnchoosableByEnemies,
            // 450.2.a: the quoted ability is on the giving card, the effect's source.
            Grant::Ability(i) => Modification::GrantAbility(i),
        };
        self.add_effect(c.source, Filter::Object(u), None, modification, until);
    }

    /// "You control it until I leave the board" (182, 450.1.a): the ability's controller controls
    /// `o` while its source stays on the board; the control ends as the source leaves (its effect
    /// expires, `Game::expire_effects`), and a gear then in another player's base goes back to its
    /// controller's (106.2.d).
    pub fn control_while_on_board(&mut self, c: &HookCall, o: ObjId) {
        let (Some(you), Some(source)) = (c.controller, c.source) else { return };
        if !self.obj(o).alive || !self.obj(o).zone.is_board() {
            return;
        }
        trace!(self, "182", "{you} controls {} until {} leaves the board", self.describe(o), self.describe(source));
        self.add_effect(
            Some(source),
            Filter::Object(o),
            None,
            Modification::SetController(you),
            Duration::WhileSourceOnBoard,
        );
        if !(self.obj(source).alive && self.obj(source).zone.is_board()) {
            self.expire_effects(false);
        }
    }

    /// "move an enemy gear to your base": the gear is put into the base of the ability's
    /// controller, detached from any unit it was attached to (SFD-719.3: an attached card is where
    /// its unit is). Who controls it does not change with the move (Akshan, Mischievous's next
    /// sentence changes it: docs/rulings.md). A unit moves only to its own controller's base
    /// (`move_to_base`).
    pub fn move_to_your_base(&mut self, c: &HookCall, o: ObjId) {
        let you = c.controller.unwrap_or(self.turn_player);
        let obj = self.obj(o);
        if !obj.alive || !obj.zone.is_board() || self.card(o).kind != CardType::Gear {
            return;
        }
        if obj.zone == Zone::Base && obj.zone_player == you {
            return;
        }
        let controller = obj.controller;
        self.detach(o);
        trace!(self, "002", "{} is put into {you}'s base", self.describe(o));
        self.move_object(o, Zone::Base, you, Pos::Bottom);
        self.obj_mut(o).controller = controller;
        self.changed();
    }

    /// "you may pay [1] and return a unit you control here to its owner's hand to X" (352.10.c.1):
    /// offered only if both parts can be paid, then paid together. Answers the objects the second
    /// part was paid with, or `None` if it was not paid.
    pub fn pay_optional_and(
        &mut self,
        c: &HookCall,
        cost: &Cost,
        other: &super::costs::OtherCost,
    ) -> R<Option<Vec<ObjId>>> {
        let (Some(you), Some(source)) = (c.controller, c.source) else { return Ok(None) };
        if !self.can_afford(you, cost) || !self.can_pay_other(you, source, false, std::slice::from_ref(other)) {
            return Ok(None);
        }
        if self.decide(you, Ask::YesNo, vec![Choice::Yes, Choice::No])? != Choice::Yes {
            return Ok(None);
        }
        if !self.pay(you, cost)? {
            return Ok(None);
        }
        self.pay_other_with(you, source, std::slice::from_ref(other), None)
    }

    /// [`Effect::Act`](super::abilities::Effect::Act): one game action on one object, `None`
    /// ("no object", a target that became illegal) doing nothing (356.3.e.6).
    ///
    /// A legend never leaves the Legend Zone (106.5.d, 132.6.b.1) and a battlefield never leaves
    /// the Battlefield Zone (132.6.a.1): an action that would move one is refused as a script
    /// error (the host names the card and line), and the game does not go on in a state the
    /// rules forbid.
    pub fn act_on(&mut self, c: &HookCall, act: Act, o: ObjId) -> R<()> {
        let kind = self.card(o).kind;
        if act.moves() && matches!(kind, CardType::Legend | CardType::Battlefield) {
            let rule = if kind == CardType::Legend { "106.5.d" } else { "132.6.a.1" };
            return Err(crate::kernel::Stop::ScriptError(format!(
                "`{}` would move {}, which can't leave its zone ({rule})",
                act.script_name(),
                self.describe(o)
            )));
        }
        match act {
            Act::Kill => self.kill_instruction(c, o)?,
            Act::Buff => _ = self.buff_by(o, c.controller),
            Act::Stun => self.stun_by(c, o),
            Act::Ready => match self.forbidding(Forbidden::ReadyByEffects, o, self.controller(o)) {
                Some(s) if self.obj(o).exhausted => {
                    trace!(self, "054", "{} can't ready {}: it stays exhausted", self.describe(s), self.describe(o))
                }
                _ => self.ready(o),
            },
            Act::Exhaust => self.exhaust(o),
            Act::Recall => self.recall(o),
            Act::TakeControl => self.take_control(c.controller.unwrap_or(self.turn_player), o),
            Act::LoseControl => self.lose_control(c.controller.unwrap_or(self.turn_player), o),
            Act::Heal => self.heal(&[o]),
            Act::MoveToBase => self.move_to_base(o),
            Act::MoveToYourBase => self.move_to_your_base(c, o),
            Act::Move => {
                let you = c.controller.unwrap_or(self.turn_player);
                self.move_by_effect(you, o)?
            }
            Act::MoveHere => self.move_here(c.source, o),
            Act::ReturnToHand => self.return_to_hand(c, o),
            Act::ReturnToChampionZone => self.return_to_champion_zone(o),
            Act::SpendBuff => self.spend_buff_instruction(c, o),
            Act::DrawIt => self.draw_it(c, o),
            Act::PutInHand => self.put_revealed(c, o, Zone::Hand),
            Act::Reveal => {
                let you = c.controller.unwrap_or(self.turn_player);
                self.reveal(you, &[o])
            }
            Act::PutInTrash => self.put_revealed(c, o, Zone::Trash),
            Act::Recycle => self.recycle_obj(c, o)?,
            Act::TopOrBottom => self.top_or_bottom(o)?,
            Act::Counter => self.counter_card(o),
            Act::NewChoices => self.make_new_choices(c, o)?,
            Act::Banish => self.banish_instruction(c, o),
            Act::Detach => _ = self.detach(o),
            // 409: only a card still in a hand is discarded, by that hand's player.
            Act::Discard => {
                let card = self.obj(o);
                if card.alive && card.zone == Zone::Hand {
                    let p = card.zone_player;
                    self.discard(p, &[o]);
                }
            }
            Act::Empower => self.empower(o),
            Act::Disempower => self.disempower(o),
        }
        Ok(())
    }

    /// 182.2.a-b: "make new choices for it": the ability's controller chooses the mode (of a modal
    /// spell, 352.1) and the targets of spell `card`, still on the chain, again: the choices legal
    /// for it now (352.4-352.8, restricted to its battlefield if it was played from hidden,
    /// 727.1.d), among them those made before. With no complete legal choice, it keeps the
    /// choices it had (docs/rulings.md).
    pub fn make_new_choices(&mut self, c: &HookCall, card: ObjId) -> R<()> {
        let is_it = |i: &super::state::ChainItem| matches!(i.kind, super::state::ItemKind::Card(x) if x == card);
        if !self.chain.iter().any(is_it) {
            return Ok(());
        }
        let p = c.controller.unwrap_or(self.turn_player);
        let def = self.card(card).clone();
        let modal = def.abilities.abilities.iter().any(|a| a.kind == super::abilities::AbilityKind::Mode);
        let specs_of = |g: &Self| {
            g.spell_ability(card).map(|i| g.choice_specs(card, &def.abilities.abilities[i])).unwrap_or_default()
        };
        if !modal && specs_of(self).is_empty() {
            trace!(self, "182.2.a", "{} has no choices to make again", self.describe(card));
            return Ok(());
        }
        trace!(self, "182.2.a", "{p} makes new choices for {}", self.describe(card));
        let mode = self.obj(card).mode;
        // How many of its choices are its own, not its [Repeat]'s (of the mode chosen for that).
        let own = specs_of(self).len();
        if !self.choose_mode(p, card)? {
            trace!(self, "352.16", "{p} has no mode to choose for {}: it keeps its choices", self.describe(card));
            return Ok(());
        }
        let specs = specs_of(self);
        let chosen = if specs.is_empty() { Some(Vec::new()) } else { self.choose_targets(p, Some(card), &specs)? };
        let Some(chosen) = chosen else {
            self.obj_mut(card).mode = mode;
            trace!(self, "352.7", "{p} has no legal choice for {}: it keeps its choices", self.describe(card));
            return Ok(());
        };
        // The choices of a [Repeat] paid for it (after its own) stay as they were.
        if let Some(index) = self.chain.iter().position(is_it) {
            let targets = &mut self.chain[index].targets;
            let kept = targets.split_off(own.min(targets.len()));
            *targets = chosen;
            targets.extend(kept);
        }
        self.changed();
        Ok(())
    }

    /// "Spend its buff": the ability's controller spends the unit's buff (702.2.b); a unit
    /// without one, or controlled by someone else, keeps what it has (702.2.b.1, 702.2.b.2).
    pub fn spend_buff_instruction(&mut self, c: &HookCall, u: ObjId) {
        let p = c.controller.unwrap_or(self.turn_player);
        if self.obj(u).alive && self.obj(u).zone.is_board() {
            self.spend_buff(p, u);
        }
    }

    /// 702: "Buffs give an additional +1 [M] to friendly units this turn": every unit the filter
    /// names (relative to the ability's source) has `might` more while it is buffed, this turn.
    pub fn buffs_give_more(&mut self, c: &HookCall, might: i32, mut to: UnitFilter) {
        let Some(source) = c.source else { return };
        trace!(self, "702", "buffs give an additional {might:+} [M] to {to} this turn");
        // Whether a unit is buffed is asked of each unit as the layers apply it (361.3.a).
        to.condition = Some(Box::new(match to.condition.take() {
            Some(c) => Condition::All(vec![*c, Condition::Buffed]),
            None => Condition::Buffed,
        }));
        self.add_effect(
            c.source,
            Filter::Matching { filter: to, source },
            None,
            Modification::Might(might),
            Duration::ThisTurn,
        );
    }

    /// "The next spell you play this turn costs [N] less" (353.4.b): a discount on the player's
    /// next spell this turn, used up by that play (see `play_steps`).
    pub fn next_spell_costs_less(&mut self, c: &HookCall, n: u32) {
        let you = self
            .next_spell_change(c, super::costs::CostChange::Discount { energy: n, min_energy: 0, power: Vec::new() });
        trace!(self, "353.4.b", "the next spell {you} plays this turn costs [{n}] less");
    }

    /// "Give the next spell you play this turn [Repeat] equal to its cost": that spell's play
    /// offers its printed cost again as an optional additional cost (docs/rulings.md, [Repeat]).
    pub fn next_spell_repeat(&mut self, c: &HookCall) {
        let you = self.next_spell_change(c, super::costs::CostChange::GrantRepeat);
        trace!(self, "002", "the next spell {you} plays this turn has [Repeat] equal to its cost");
    }

    /// `change` to the cost of the next spell this ability's controller plays this turn, used up
    /// by that play; returns that player.
    fn next_spell_change(&mut self, c: &HookCall, change: super::costs::CostChange) -> PlayerId {
        let you = c.controller.unwrap_or(self.turn_player);
        self.cost_modifiers.push(super::costs::CostModifier {
            source: c.source,
            player: you,
            filter: super::costs::PlayFilter::OfType(CardType::Spell),
            change,
            duration: Duration::ThisTurn,
            next: true,
        });
        you
    }

    /// 054: "They can't move it this turn": can't beats can, until the turn ends.
    pub fn cant_move_this_turn(&mut self, p: PlayerId, u: ObjId) {
        if !self.obj(u).alive {
            return;
        }
        trace!(self, "054", "{p} can't move {} this turn", self.describe(u));
        self.components.get_mut::<super::movement::MoveBans>().0.push((p, u));
        self.changed();
    }

    /// 054: "Opponents can't play cards this turn": can't beats can, until the turn ends.
    pub fn cant_play_this_turn(&mut self, p: PlayerId, spells_only: bool) {
        trace!(self, "054", "{p} can't play {} this turn", if spells_only { "spells" } else { "cards" });
        self.components.get_mut::<PlayBans>().0.push((p, spells_only));
        self.changed();
    }

    /// "Units you play this turn enter ready." (356.2.c): read by `enters_ready` as each of the
    /// player's units enters from being played, until the turn ends (317.3.a).
    pub fn units_enter_ready_this_turn(&mut self, c: &HookCall) {
        let Some(you) = c.controller else { return };
        self.add_effect(c.source, Filter::UnitsControlledBy(you), None, Modification::EntersReady, Duration::ThisTurn);
    }

    /// "The next unit you play this turn enters ready." (356.2.c): the next unit its controller
    /// plays this turn uses it up (`Game::played_unit_enters_ready`).
    pub fn next_unit_enters_ready(&mut self, c: &HookCall) {
        let Some(you) = c.controller else { return };
        trace!(self, "356.2.c", "the next unit {you} plays this turn enters ready");
        self.components.get_mut::<NextUnitReady>().0.push(you);
    }

    /// 409: "Discard N": the player chooses, as many as they can (409.4). `ask` tells the agent
    /// whether this pays a cost or follows an instruction.
    pub fn discard_choose(&mut self, p: PlayerId, n: u32, ask: Ask) -> R<()> {
        for _ in 0..n {
            let hand: Vec<Choice> = self.player(p).hand.iter().map(|c| Choice::Obj(*c)).collect();
            if hand.is_empty() {
                break;
            }
            if let Choice::Obj(card) = self.decide(p, ask.clone(), hand)? {
                self.discard(p, &[card]);
            }
        }
        Ok(())
    }

    /// 403.6: "Recycle N from your trash": the player chooses, as many as there are (403.4).
    /// `ask` as for [`Game::discard_choose`].
    pub fn recycle_from_trash(&mut self, p: PlayerId, n: u32, ask: Ask) -> R<()> {
        let mut chosen = Vec::new();
        for _ in 0..n {
            let options: Vec<Choice> =
                self.player(p).trash.iter().filter(|c| !chosen.contains(*c)).map(|c| Choice::Obj(*c)).collect();
            if options.is_empty() {
                break;
            }
            if let Choice::Obj(card) = self.decide(p, ask.clone(), options)? {
                chosen.push(card);
            }
        }
        self.recycle(p, &chosen)
    }

    /// 178.1: plays a 1 [M] Recruit unit token into the player's base (176.1.a: it enters
    /// exhausted like any unit).
    pub fn play_recruit(&mut self, p: PlayerId) {
        if let Some(card) = self.db.by_id(super::cards::RECRUIT_TOKEN) {
            self.play_token_at(p, card, false, Loc::Base(p));
        }
    }

    /// "Play N [ready] ... unit token(s) [in your base / here]" (170-178): `id` is the token's
    /// card in the card pool (a rules token 178.1-178.2, or the one its effect describes). A gear
    /// token ("a Gold gear token exhausted") goes to `p`'s base (144.2), ready unless the effect
    /// says exhausted (144.1, 175.1). "here" is the source's location (053.3: a
    /// battlefield's own; a unit at a base means `p`'s base); a source that has left the board has
    /// no location (356.3.e.12), so its last-known one is used, and with none no token is played.
    /// With no location given, each token is played, like a unit, to its owner's base or a
    /// battlefield they control (176.1.a, 352.2).
    ///
    /// Budget: no more than [`MAX_UNITS_ON_BOARD`] units; a card that makes tokens without end
    /// stops with a script error naming the budget, instead of slowing every later step.
    ///
    /// Answers the last token played, "it" for the instructions after it (`Var::Made`).
    pub fn play_tokens(
        &mut self,
        c: &HookCall,
        p: PlayerId,
        id: &str,
        n: u32,
        ready: bool,
        place: Place,
    ) -> R<Option<ObjId>> {
        let Some(card) = self.db.by_id(id) else { return Ok(None) };
        let mut last = None;
        let name = self.db.get(card).name.clone();
        let gear = self.db.get(card).kind == CardType::Gear;
        for _ in 0..n {
            let on_board = if gear { self.player(p).base.len() } else { self.all_units().len() };
            if on_board >= MAX_UNITS_ON_BOARD {
                return Err(crate::kernel::Stop::ScriptError(format!(
                    "budget: at most {MAX_UNITS_ON_BOARD} units on the board (a card that makes tokens without end)"
                )));
            }
            let at = match place {
                _ if gear => Loc::Base(p),
                Place::Base => Loc::Base(p),
                // 356.3.e.12: a source no longer on the board has no location, so "here" is null
                // and the instruction does nothing (356.3.e.6); its last-known location is not
                // looked back at (only an ability moving it as a cost or effect may, 356.3.e.13).
                Place::Here => match c.source.and_then(|s| self.here(s)) {
                    Some(Loc::Battlefield(b)) => Loc::Battlefield(b),
                    Some(Loc::Base(_)) => Loc::Base(p),
                    None => {
                        let what = c.source.map(|s| self.describe(s)).unwrap_or_default();
                        trace!(self, "356.3.e.12", "{what} has no location: no {name} token is played \"here\"");
                        return Ok(last);
                    }
                },
                Place::Chosen if let Some(at) = self.hidden_unit_location(c, p) => at,
                Place::Chosen => {
                    let options: Vec<Choice> = self.play_locations(p).into_iter().map(Choice::Loc).collect();
                    match self.decide(p, Ask::PlayLocation, options)? {
                        Choice::Loc(l) => l,
                        _ => Loc::Base(p),
                    }
                }
            };
            last = Some(self.play_token_at(p, card, ready, at));
        }
        Ok(last)
    }

    /// 176.1.a: `p` plays one token unit to `at`; it enters exhausted like any unit (176.1.d)
    /// unless the effect says ready (175.1). Playing it to a battlefield applies contested
    /// (181.3.a.1).
    fn play_token_at(&mut self, p: PlayerId, card: super::cards::CardIdx, ready: bool, at: Loc) -> ObjId {
        let zone = match at {
            Loc::Base(_) => Zone::Base,
            Loc::Battlefield(b) => Zone::Battlefield(b),
        };
        let obj = self.new_obj(card, p, zone, p, Pos::Bottom);
        // 356.2.c: an effect may say units enter ready (Magma Wurm, Confront), or the next one
        // played does (Sun Disc); a passive may say tokens do ("Your tokens enter ready."), over
        // the "exhausted" of the effect playing a gear token (the passive is the later, more
        // specific permission: docs/rulings.md).
        let ready = match self.db.get(card).kind {
            CardType::Unit => self.played_unit_enters_ready(p, obj),
            _ => self.enters_ready(p, obj),
        } || ready;
        let o = self.obj_mut(obj);
        o.token = true;
        o.exhausted = !ready;
        let rule = match self.db.get(card).id.as_str() {
            super::cards::RECRUIT_TOKEN => "178.1",
            super::cards::SPRITE_TOKEN => "178.2",
            _ => "178",
        };
        trace!(
            self,
            rule,
            "{p} plays {} {} to {}",
            if ready { "a ready" } else { "an exhausted" },
            self.describe(obj),
            self.describe_loc(at)
        );
        self.emit(Event::Played { player: p, card: obj, hidden: false });
        if let Loc::Battlefield(b) = at {
            self.apply_contested(b, p);
        }
        self.changed();
        obj
    }

    /// 445 (The Grand Plaza: "you win the game"): the player wins at once.
    pub fn win_game(&mut self, p: PlayerId) {
        if self.is_over() || !self.active_players().contains(&p) {
            return;
        }
        trace!(self, "445", "{p} wins the game");
        self.outcome = Some(super::state::Outcome::Won { winner: p, by: "an effect" });
    }

    /// 421: "Move a unit to base": a move to its controller's base (106.2.d), not a recall.
    pub fn move_to_base(&mut self, u: ObjId) {
        if !self.obj(u).alive || !matches!(self.obj(u).zone, Zone::Battlefield(_)) {
            return;
        }
        let p = self.controller(u);
        self.move_units(&[u], super::state::Loc::Base(p));
    }

    /// 352.10.c.1: "you may discard 1 to ...", "you may spend a buff to ...": if the controller
    /// can pay the cost, they may (`may`), or must ("banish a card from any trash to ...");
    /// answers the objects they paid it with (none for a discard or a buff), or `None` if they
    /// did not pay it.
    pub fn pay_other_within(&mut self, c: &HookCall, cost: &OtherCost, may: bool) -> R<Option<Vec<ObjId>>> {
        let (Some(you), Some(source)) = (c.controller, c.source) else { return Ok(None) };
        if !self.can_pay_other(you, source, false, std::slice::from_ref(cost)) {
            return Ok(None);
        }
        if may && self.decide(you, Ask::YesNo, vec![Choice::Yes, Choice::No])? != Choice::Yes {
            return Ok(None);
        }
        self.pay_other_with(you, source, std::slice::from_ref(cost), None)
    }

    /// "spend any number of buffs" (702.2.b; 352.10.c.1): the controller chooses how many times
    /// to pay `cost` (none included, at most as often as they can), then pays it that many times,
    /// choosing anew each time (which unit spends its buff). Answers how many times it was paid.
    pub fn pay_any_number(&mut self, c: &HookCall, cost: &OtherCost) -> R<i64> {
        let (Some(you), Some(source)) = (c.controller, c.source) else { return Ok(0) };
        let most = self.times_payable(you, source, cost);
        let n = match self.decide(you, Ask::PayAmount, (0..=most).map(Choice::Amount).collect())? {
            Choice::Amount(n) => n,
            _ => 0,
        };
        let mut paid = 0;
        for _ in 0..n {
            if !self.pay_other(you, source, std::slice::from_ref(cost), None)? {
                break;
            }
            paid += 1;
        }
        trace!(self, "352.10.c.1", "{you} pays {paid} time(s) the cost {}", cost.paying());
        Ok(paid)
    }

    /// 352.10.c.1: "Pay any amount of [A] to ...": the controller chooses how many times to pay
    /// `unit` (none included, at most as many times as they can afford together), and pays that
    /// much. Answers how many times ("that much").
    pub fn pay_any_amount(&mut self, c: &HookCall, unit: &Cost) -> R<i64> {
        let you = c.controller.unwrap_or(self.turn_player);
        let times =
            |n: u32| Cost { energy: unit.energy * n, power: (0..n).flat_map(|_| unit.power.iter().copied()).collect() };
        if unit.energy == 0 && unit.power.is_empty() {
            return Ok(0);
        }
        let mut most = 0;
        while most < MAX_AMOUNT_PAID && self.can_afford(you, &times(most + 1)) {
            most += 1;
        }
        let n = match self.decide(you, Ask::PayAmount, (0..=most).map(Choice::Amount).collect())? {
            Choice::Amount(n) => n,
            _ => 0,
        };
        if n == 0 || !self.pay(you, &times(n))? {
            trace!(self, "352.10.c.1", "{you} pays nothing: that much is 0");
            return Ok(0);
        }
        trace!(self, "352.10.c.1", "{you} pays {} {n} time(s): that much is {n}", unit);
        Ok(n.into())
    }

    /// 702.2.b: "you may spend its buff to ...": if the unit has a buff and the controller
    /// controls it (702.2.b.1-2), they may spend it; answers whether they did.
    pub fn spend_its_buff(&mut self, c: &HookCall, u: ObjId) -> R<bool> {
        let Some(you) = c.controller else { return Ok(false) };
        if !self.obj(u).alive || self.obj(u).buffs == 0 || self.controller(u) != you {
            return Ok(false);
        }
        Ok(self.ask_may(c)? && self.spend_buff(you, u))
    }

    /// "Recycle me to X" (352.10.c.1): recycles `o` if it is still on the board or in a trash,
    /// answering whether it went to its owner's Main Deck (and so whether X happens). A
    /// Deathknell's source is the card it became in the trash (378.2).
    pub fn recycle_to_pay(&mut self, c: &HookCall, o: ObjId) -> R<bool> {
        let mut o = o;
        while let (false, Some(n)) = (self.obj(o).alive, self.obj(o).next) {
            o = n;
        }
        let obj = self.obj(o);
        if !obj.alive || !(obj.zone.is_board() || obj.zone == Zone::Trash) {
            trace!(self, "352.10.c.1", "{} can't be recycled: the cost is not paid", self.describe(o));
            return Ok(false);
        }
        self.recycle_obj(c, o)?;
        Ok(self.obj(o).next.is_some_and(|n| self.obj(n).zone == Zone::MainDeck))
    }

    /// The units `p` controls that have a buff to spend (702.2.b.1).
    pub(crate) fn buffed_units(&self, p: PlayerId) -> Vec<ObjId> {
        self.all_units().into_iter().filter(|u| self.controller(*u) == p && self.obj(*u).buffs > 0).collect()
    }

    /// Ravenborn Tome: "The next spell you play this turn deals N Bonus Damage" (384).
    pub fn next_spell_bonus(&mut self, c: &HookCall, n: u32) {
        let you = c.controller.unwrap_or(self.turn_player);
        self.components.get_mut::<SpellBonuses>().next.push((you, n));
    }

    /// "If CONDITION, X": condition `i` of the source's card, about the source and the body's
    /// controller, as the instruction resolves (`CardAbilities::conditions`).
    pub fn instruction_condition_holds(&self, c: &HookCall, i: usize) -> bool {
        let Some(source) = c.source else { return false };
        let you = c.controller.unwrap_or(self.turn_player);
        self.card(source).abilities.conditions.get(i).is_some_and(|cond| self.holds(cond, source, you, None))
    }

    /// An amount counted for the body's controller and source ("the highest Might among ...").
    pub fn amount_of(&self, c: &HookCall, count: &CountOf) -> i64 {
        let Some(source) = c.source else { return 0 };
        i64::from(self.count_of(count, c.controller.unwrap_or(self.turn_player), source))
    }

    /// 728.1.c: the Legion condition: on spells and play effects, another main deck card was
    /// played earlier this turn; on other abilities, any was.
    pub fn legion_applies(&self, c: &HookCall) -> bool {
        let you = c.controller.unwrap_or(self.turn_player);
        let events = self.events_this_turn();
        // 728.1.c.1: a permanent's play effect asks for a card played before this one, whose play
        // is in the log even if the permanent has left the board since; a card played after it
        // (a reaction to its play effect) does not count.
        let own_play = c
            .source
            .filter(|s| self.card(*s).is_permanent())
            .and_then(|s| events.iter().position(|e| matches!(e, Event::Played { card, .. } if *card == s)));
        match own_play {
            // Tokens are played too (178), but only Main Deck cards count.
            Some(at) => events[..at].iter().any(|e| {
                matches!(e, Event::Played { player, card, .. } if *player == you
                    && !self.obj(*card).token
                    && self.card(*card).is_main_deck_card())
            }),
            // A spell counts as played only after it resolves (728.1.c.1); any other ability
            // asks for a card played this turn (728.1.c.2).
            None => self.player(you).cards_played_this_turn > 0,
        }
    }

    /// 728.1.c.2: the Legion condition of an ability other than a play effect: its controller
    /// has played a Main Deck card this turn (the count `Condition::Legion` reads too).
    pub fn played_a_card(&self, c: &HookCall) -> bool {
        let you = c.controller.unwrap_or(self.turn_player);
        self.player(you).cards_played_this_turn > 0
    }

    /// "you may ...": asks the controller.
    pub fn ask_may(&mut self, c: &HookCall) -> R<bool> {
        let you = c.controller.unwrap_or(self.turn_player);
        Ok(self.decide(you, Ask::YesNo, vec![Choice::Yes, Choice::No])? == Choice::Yes)
    }

    /// 352.9: "X or Y": the controller chooses, as it resolves, which of the two to do (the
    /// first: option 1).
    pub fn ask_first_of_two(&mut self, c: &HookCall) -> R<bool> {
        let you = c.controller.unwrap_or(self.turn_player);
        Ok(self.decide(you, Ask::Mode, vec![Choice::Nth(0), Choice::Nth(1)])? == Choice::Nth(0))
    }

    /// 352.10.c.1: "you may pay COST to ...": offered only if payable; paid at once.
    pub fn pay_optional(&mut self, c: &HookCall, cost: &Cost) -> R<bool> {
        self.pay_optional_by(c.controller.unwrap_or(self.turn_player), cost)
    }

    /// 352.10.c.1: player `p` may pay `cost` as the instruction resolves, if they can; they
    /// decide (181.6.a: "they may pay" names who chooses). Answers whether they paid.
    pub fn pay_optional_by(&mut self, p: PlayerId, cost: &Cost) -> R<bool> {
        if !self.can_afford(p, cost) {
            return Ok(false);
        }
        if self.decide(p, Ask::YesNo, vec![Choice::Yes, Choice::No])? != Choice::Yes {
            return Ok(false);
        }
        self.pay(p, cost)
    }

    /// "X unless its controller has you Y": player `p` says, as the instruction resolves, whether
    /// Y happens instead of X (181.6.a: the card names who chooses).
    pub fn player_agrees(&mut self, p: PlayerId) -> R<bool> {
        let yes = self.decide(p, Ask::YesNo, vec![Choice::Yes, Choice::No])? == Choice::Yes;
        trace!(self, "181.6.a", "{p} {}", if yes { "agrees" } else { "declines" });
        Ok(yes)
    }

    /// 416.1: "[Add] RESOURCES [. Use only to play spells.]": puts them into `p`'s rune pool
    /// ([A] is universal power); restricted Energy and [A] can only pay for playing spells. The
    /// compiler accepts the restriction only on Energy and [A] (compile.rs, `i_add`).
    pub fn add_resources(&mut self, p: PlayerId, resources: &Cost, spells_only: bool) {
        let energy = resources.energy;
        if spells_only {
            let any = resources.power.len() as u32;
            let pool = &mut self.player_mut(p).pool;
            pool.spell_energy += energy;
            pool.spell_any += any;
            let what =
                if energy > 0 { format!("[{energy}]") } else { String::new() } + "[A]".repeat(any as usize).as_str();
            trace!(self, "416.1", "{p} adds {what} to their rune pool, to be used only to play spells");
            self.emit(Event::Added { player: p, energy, power: any });
        } else {
            let domains: Vec<super::cards::Domain> = resources
                .power
                .iter()
                .filter_map(|s| match s {
                    PowerSymbol::Of(d) => Some(*d),
                    PowerSymbol::Any => None,
                })
                .collect();
            let any = resources.power.iter().filter(|s| **s == PowerSymbol::Any).count() as u32;
            self.add(p, energy, &domains, any);
        }
    }

    /// "you may pay COST and exhaust this to ...": offered only if both can be paid (401.4: this
    /// must be ready); pays the cost and exhausts this at once.
    pub fn pay_optional_and_exhaust(&mut self, c: &HookCall, cost: &Cost) -> R<bool> {
        let Some(me) = c.source.filter(|s| self.obj(*s).alive && self.obj(*s).zone.is_board()) else {
            return Ok(false);
        };
        if self.obj(me).exhausted {
            trace!(self, "401.4", "{} is exhausted: it can't be exhausted to pay", self.describe(me));
            return Ok(false);
        }
        if !self.pay_optional(c, cost)? {
            return Ok(false);
        }
        self.exhaust(me);
        Ok(true)
    }

    /// "you may pay [A], exhaust me, and spend its buff to ...": a payment in several parts,
    /// offered only if every part can be paid (401.4: this must be ready to be exhausted;
    /// 702.2.b.1-2: the unit has a buff and the payer controls it), then paid together.
    pub fn pay_optional_and_spend_buff(&mut self, c: &HookCall, cost: &Cost, exhaust_me: bool, u: ObjId) -> R<bool> {
        let you = c.controller.unwrap_or(self.turn_player);
        let me = c.source.filter(|s| self.obj(*s).alive && self.obj(*s).zone.is_board());
        if exhaust_me && me.is_none_or(|m| self.obj(m).exhausted) {
            trace!(self, "401.4", "the source can't be exhausted to pay: the cost can't be paid");
            return Ok(false);
        }
        if !self.obj(u).alive || self.obj(u).buffs == 0 || self.controller(u) != you {
            trace!(self, "702.2.b", "{} has no buff {you} can spend: the cost can't be paid", self.describe(u));
            return Ok(false);
        }
        if !self.pay_optional(c, cost)? {
            return Ok(false);
        }
        if let Some(m) = me.filter(|_| exhaust_me) {
            self.exhaust(m);
        }
        Ok(self.spend_buff(you, u))
    }

    /// Immortal Phoenix: "play me from your trash" — a limited play (406.3) whose cost the
    /// ability already took, so the card's own cost is ignored (353.1).
    pub fn play_me_from_trash(&mut self, c: &HookCall) -> R<()> {
        let (Some(me), Some(you)) = (c.source, c.controller) else { return Ok(()) };
        if self.obj(me).zone != Zone::Trash || !self.obj(me).alive {
            return Ok(());
        }
        trace!(self, "406.3", "{you} plays {} from their trash", self.describe(me));
        self.play_card_while_resolving(
            you,
            me,
            PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() },
        );
        Ok(())
    }

    /// "play me for [A]": the source card, wherever it went since the ability began (banished
    /// by the instruction before: its new object, 406.3), is played as this resolves with `cost`
    /// standing in for its own (rule 002). A card on the board or the chain is not played again;
    /// a play that turns out illegal (the cost can't be paid) is undone and the card stays where
    /// it was (355.3).
    pub fn play_me_for(&mut self, c: &HookCall, cost: Cost) -> R<()> {
        let (Some(mut me), Some(you)) = (c.source, c.controller) else { return Ok(()) };
        while !self.obj(me).alive {
            let Some(next) = self.obj(me).next else { return Ok(()) };
            me = next;
        }
        if self.obj(me).zone.is_board() || self.obj(me).zone == Zone::Chain {
            return Ok(());
        }
        trace!(self, "002", "{you} plays {} for {cost} instead of its own cost", self.describe(me));
        self.play_card_while_resolving(you, me, PlayOptions { cost: Some(cost), ..PlayOptions::default() });
        Ok(())
    }

    /// 381.1: "do this: ..." puts the reflexive ability (the source's ability with body `name`)
    /// on the chain as a pending item; it is finalized, with its own targets, in the next
    /// cleanup (322.8), not while this ability is resolving (151.3).
    /// Its "it" is `it`, the object the instructions before it named (kept as the item's "that
    /// unit").
    pub fn add_reflexive(&mut self, c: &HookCall, name: &str, it: Option<ObjId>) {
        let Some(item) = self.reflexive_item(c, name, it) else { return };
        self.push_reflexive(item);
    }

    /// The "it" an ability remembered, if it was a card being played (on the chain): once it
    /// resolved, the permanent it became (356.2; 414.3: an effect refers to the cards it moved).
    /// A spell gone to the trash, and any other object, stays what it was.
    pub(crate) fn as_played(&self, o: ObjId) -> ObjId {
        match (self.obj(o).alive, self.obj(o).zone, self.obj(o).next) {
            (false, Zone::Chain, Some(n)) if self.obj(n).zone.is_board() => n,
            _ => o,
        }
    }

    fn push_reflexive(&mut self, item: super::state::ChainItem) {
        if let super::state::ItemKind::Ability { source, .. } = item.kind {
            trace!(self, "381.1", "a reflexive ability of {} goes on the chain", self.describe(source));
        }
        self.chain.push(item);
        self.changed();
    }

    /// The pending chain item of the source's reflexive ability with body `name` (381.1).
    fn reflexive_item(&self, c: &HookCall, name: &str, it: Option<ObjId>) -> Option<super::state::ChainItem> {
        let (Some(source), Some(controller)) = (c.source, c.controller) else { return None };
        let index = self.card(source).abilities.abilities.iter().position(|a| a.body.as_deref() == Some(name))?;
        Some(super::state::ChainItem {
            kind: super::state::ItemKind::Ability { source, index: index as u8 },
            controller,
            pending: true,
            targets: Vec::new(),
            that_player: None,
            that_unit: it,
            that_battlefield: None,
            costs_paid: Vec::new(),
        })
    }

    /// 383.3: "The next time it would die this turn, ... instead": remembers the replacement.
    pub fn replace_next_death(&mut self, c: &HookCall, u: ObjId, body: &str) {
        let (Some(source), Some(controller)) = (c.source, c.controller) else { return };
        if !self.obj(u).alive || !self.obj(u).zone.is_board() {
            return;
        }
        trace!(self, "383.3", "the next time {} would die this turn, a replacement applies", self.describe(u));
        self.add_delayed_replacement(super::replacements::DelayedReplacement {
            unit: u,
            source,
            controller,
            body: body.to_string(),
        });
    }

    /// "if it was buffed this way" (413.1.c), "Kill X. If you do, ...": `act` was done to `u`
    /// since event `from` (the start of this body). An action that changed nothing is not done:
    /// a unit that already had a buff was not buffed; a death replaced (364) is no kill.
    pub fn done_since(&self, from: usize, act: Act, u: ObjId) -> bool {
        use super::events::Event as E;
        self.events.get(from..).unwrap_or_default().iter().any(|e| match (act, e) {
            (Act::Kill, E::Killed { obj, .. })
            | (Act::Recall, E::Recalled { obj, .. })
            | (Act::Banish, E::Banished { obj, .. })
            | (Act::Buff, E::Buffed { unit: obj, .. })
            | (Act::Stun, E::Stunned { unit: obj, .. })
            | (Act::Recycle, E::Recycled { card: obj, .. })
            | (Act::Discard, E::Discarded { card: obj, .. })
            | (Act::Ready, E::Readied(obj))
            | (Act::Exhaust, E::Exhausted(obj))
            | (Act::Heal, E::Healed(obj)) => *obj == u,
            _ => false,
        })
    }

    /// 380.3: "If this kills it, do this: ...": the reflexive ability (body `name`) triggers when
    /// this spell or ability kills `u`. If it already did, the ability goes on the chain now
    /// (381.1); if `u` has lethal damage from this, it waits for the kill in the next cleanup
    /// (322.2, 415.5.c; [`Game::kill`] puts it on the chain, and it is dropped if the death is
    /// replaced, 383.3); otherwise this did not kill it and nothing happens.
    pub fn reflexive_if_killed(&mut self, c: &HookCall, name: &str, u: ObjId) {
        let this = c.spell.or(c.source);
        let o = self.obj(u);
        if !o.alive {
            if this.is_some_and(|t| self.killed_by(u).contains(&t))
                && let Some(item) = self.reflexive_item(c, name, Some(u))
            {
                self.push_reflexive(item);
            }
            return;
        }
        let lethal = o.zone.is_board()
            && o.damage > 0
            && o.damage as i32 >= self.might(u)
            && this.is_some_and(|t| self.damaged_by(u).contains(&t));
        if !lethal {
            return;
        }
        let Some(item) = self.reflexive_item(c, name, Some(u)) else { return };
        if let super::state::ItemKind::Ability { source, .. } = item.kind {
            trace!(
                self,
                "380.3",
                "a reflexive ability of {} waits for {} to die",
                self.describe(source),
                self.describe(u)
            );
        }
        self.components.get_mut::<ReflexiveOnKill>().0.push(WaitingForKill { unit: u, item });
    }

    /// 733.1.b Vision: look at the top card of your Main Deck; you may recycle it.
    pub fn vision(&mut self, c: &HookCall) -> R<()> {
        let you = c.controller.unwrap_or(self.turn_player);
        let Some(&top) = self.player(you).main_deck.first() else { return Ok(()) };
        trace!(self, "733.1.b", "{you} looks at the top card of their Main Deck");
        self.seen_from_top(you, &[top], false)?;
        if self.still_in_deck(&[top]).is_empty() {
            return Ok(());
        }
        if self.decide(you, Ask::YesNo, vec![Choice::Yes, Choice::No])? == Choice::Yes {
            self.recycle(you, &[top])?;
        }
        Ok(())
    }

    /// Tideturner: "Move me to its location and it to my original location": two moves at once
    /// (421); nothing happens if either is gone (356.3.e.6) or they are already together.
    pub fn swap_places(&mut self, a: ObjId, b: ObjId) -> R<()> {
        let (Some(la), Some(lb)) = (self.location(a), self.location(b)) else { return Ok(()) };
        if la == lb {
            return Ok(());
        }
        trace!(self, "421", "{} and {} trade places", self.describe(a), self.describe(b));
        let dest = |l: super::state::Loc, u: ObjId, g: &Game| match l {
            // A base is its controller's own (106.2.d).
            super::state::Loc::Base(_) => super::state::Loc::Base(g.controller(u)),
            l => l,
        };
        let (da, db) = (dest(lb, a, self), dest(la, b, self));
        self.move_units(&[a], da);
        self.move_units(&[b], db);
        Ok(())
    }

    /// "Look at the top N cards of your Main Deck": the cards, in order (private: traced only).
    pub fn look_top(&mut self, p: PlayerId, n: u32) -> R<Vec<ObjId>> {
        let top: Vec<ObjId> = self.player(p).main_deck.iter().copied().take(n as usize).collect();
        trace!(self, "127", "{p} looks at the top {} card(s) of their Main Deck", top.len());
        self.seen_from_top(p, &top, false)?;
        Ok(top)
    }

    /// 127 / 411: `p` looks at (`revealed`: reveals) `cards` on the top of their Main Deck — the
    /// one place every instruction doing so goes through (look at / reveal the top N, reveal
    /// until, [Vision], [Predict]). Each card seen is an event; then the "As you look at or
    /// reveal me from the top of your deck" abilities of those cards work, as part of this (365:
    /// no chain), in the Main Deck where the ability says they are (363.1), top card first. "You"
    /// is the card's owner, the player of that deck. What such an ability moves away is no longer
    /// among the cards the instruction goes on with (those still in the deck).
    fn seen_from_top(&mut self, p: PlayerId, cards: &[ObjId], revealed: bool) -> R<()> {
        for &card in cards {
            self.emit(Event::SeenFromTop { player: p, card, revealed });
        }
        for &card in cards {
            if !self.obj(card).alive || self.obj(card).zone != Zone::MainDeck || self.obj(card).owner != p {
                continue;
            }
            if !self.card(card).abilities.rules_text().any(|(_, a)| matches!(a.kind, AbilityKind::As { .. })) {
                continue;
            }
            let def = self.card(card).clone();
            for (_, a) in def.abilities.rules_text() {
                let AbilityKind::As { event: Trigger::SeenFromTop { look, reveal } } = a.kind else { continue };
                if !(if revealed { reveal } else { look }) || !self.obj(card).alive {
                    continue;
                }
                let Some(body) = &a.body else { continue };
                let verb = if revealed { "reveals" } else { "looks at" };
                trace!(
                    self,
                    "363.1", "{p} {verb} {} from the top of their Main Deck: its ability works there", def.name
                );
                let call = HookCall { source: Some(card), controller: Some(p), ..HookCall::default() };
                super::host::run(self, &def.abilities.script, body, call, &def.name, a.line)?;
            }
        }
        Ok(())
    }

    /// "[Predict N]" (rule 002: the keyword's reminder text is its rule; docs/rulings.md): the
    /// player looks at the top N cards of their Main Deck (127), recycles any of them, one at a
    /// time until they are done (403), then puts the rest back on top in the order they choose,
    /// the first chosen on top.
    pub fn predict(&mut self, p: PlayerId, n: u32) -> R<()> {
        let looked = self.look_top(p, n)?;
        self.recycle_chosen(p, &looked)?;
        self.put_back_ordered(p, &looked, "002")
    }

    /// "the killed unit": the might the target of spec `i` had as it was killed by this ability
    /// (356.3.e.13). None if it was not killed — e.g. it was no longer a legal target and so its
    /// might is null (356.3.e.12, Baited Hook).
    pub fn killed_might(&self, c: &HookCall, i: usize) -> Option<i32> {
        self.looked_back_might(c, *c.targets.get(i)?.objs().first()?)
    }

    /// The Might of a unit this spell or ability killed (415.5.b), as it last was on the board
    /// (356.3.e.13); None for any other object that has left its zone.
    fn looked_back_might(&self, c: &HookCall, u: ObjId) -> Option<i32> {
        let lki = self.obj(u).lki?;
        let this = c.spell.or(c.source)?;
        self.killed_by(u).contains(&this).then_some(lki.might)
    }

    /// "If it was an enemy unit": a unit this killed, matched as it last was on the board
    /// (356.3.e.13): its kind, name, tags and cost as printed, its controller and Might as they
    /// were. What it no longer has (a state, a location other than a battlefield) is null
    /// (356.3.e.12) and matches nothing; so does any other object that has left its zone.
    pub fn looked_back_matches(&self, c: &HookCall, f: &UnitFilter, u: ObjId, you: PlayerId) -> bool {
        if f.or.as_ref().is_some_and(|g| self.looked_back_matches(c, g, u, you)) {
            return true;
        }
        let (Some(lki), Some(might)) = (self.obj(u).lki, self.looked_back_might(c, u)) else {
            return false;
        };
        let card = self.card(u);
        let relation = match f.relation {
            Relation::Own => self.obj(u).owner == you,
            r => self.relation_holds(r, f.allied, lki.controller, you),
        };
        let at = match f.at {
            At::Anywhere => true,
            At::Battlefield => matches!(lki.zone, Zone::Battlefield(_)),
            _ => false,
        };
        card.kind == f.kind
            && relation
            && at
            && !f.me
            && !f.facedown
            && f.condition.is_none()
            && f.max_might.is_none_or(|m| might <= m as i32)
            && f.max_cost.is_none_or(|m| m.allows(card.energy, card.power.len()))
            && (!f.other || c.source != Some(u))
            && (!f.my_name || c.source.is_some_and(|s| self.card(s).name == card.name))
            && f.tags_ok(&card.tags)
    }

    /// "its Might" as an instruction reads it: now, for an object still in its zone; for a unit
    /// this killed, as it was (356.3.e.13: "Kill a friendly unit. If you do, give +[M] equal to
    /// its Might ..."); otherwise null, counted as 0 (356.3.e.12).
    pub fn might_as_read_by(&self, c: &HookCall, u: ObjId) -> i32 {
        if self.obj(u).alive { self.might(u) } else { self.looked_back_might(c, u).unwrap_or(0) }
    }

    /// Baited Hook: "[You may] banish a unit from among them that has Might up to N more than
    /// the killed unit and play it, ignoring its cost." `might` is the killed unit's might, -1 if
    /// null (no unit qualifies, 356.3.e.12), below -1 for no limit. The banished card is played
    /// from banishment (406.3) with its whole cost ignored (353.1).
    pub fn banish_and_play(
        &mut self,
        c: &HookCall,
        looked: &[ObjId],
        might: i64,
        more: i64,
        optional: bool,
        less: i32,
    ) -> R<()> {
        let you = c.controller.unwrap_or(self.turn_player);
        let candidates: Vec<ObjId> = looked
            .iter()
            .copied()
            .filter(|o| self.obj(*o).alive && self.obj(*o).zone == Zone::MainDeck)
            .filter(|o| self.card(*o).kind == CardType::Unit)
            .filter(|o| might < -1 || (might >= 0 && self.card(*o).might as i64 <= might + more))
            .collect();
        if candidates.is_empty() {
            trace!(self, "356.3.e.12", "no card among them can be chosen");
            return Ok(());
        }
        let mut options: Vec<Choice> = candidates.iter().map(|o| Choice::Obj(*o)).collect();
        if optional {
            options.push(Choice::Done);
        }
        let Choice::Obj(card) = self.decide(you, Ask::ChooseCard, options)? else { return Ok(()) };
        self.banish(&[card], Some(you));
        let Some(banished) = self.obj(card).next else { return Ok(()) };
        let opts = match u32::try_from(less) {
            Ok(n) => {
                trace!(self, "353.4", "{you} plays {}, its cost reduced by [{n}]", self.describe(banished));
                PlayOptions { energy_less: n, ..PlayOptions::default() }
            }
            Err(_) => {
                trace!(self, "406.3", "{you} plays {} ignoring its cost", self.describe(banished));
                PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() }
            }
        };
        self.play_card_while_resolving(you, banished, opts);
        Ok(())
    }

    /// "for each card with [Hidden] revealed this way": how many of `cards` the filter names, each
    /// where it was revealed (a Main Deck, 411.1.a.2).
    pub fn count_among(&self, c: &HookCall, cards: &[ObjId], f: &UnitFilter) -> i64 {
        let you = c.controller.unwrap_or(self.turn_player);
        let source = c.source.unwrap_or(ObjId(u32::MAX));
        cards.iter().filter(|o| self.unit_matches(f, **o, you, source)).count() as i64
    }

    /// "Then recycle the rest": the looked-at cards still in the deck go to its bottom in a
    /// random order (403.5).
    pub fn recycle_cards(&mut self, c: &HookCall, cards: &[ObjId]) -> R<()> {
        let you = c.controller.unwrap_or(self.turn_player);
        let rest: Vec<ObjId> =
            cards.iter().copied().filter(|o| self.obj(*o).alive && self.obj(*o).zone == Zone::MainDeck).collect();
        self.recycle(you, &rest)
    }

    /// "Draw any you didn't banish": the looked-at cards still in the deck are drawn, top first
    /// (400.1; revealed cards stay in the deck, 411.1.a.2).
    pub fn draw_cards(&mut self, c: &HookCall, cards: &[ObjId]) {
        for card in self.still_in_deck(cards) {
            self.draw_it(c, card);
        }
    }

    /// "You may recycle one or both of them": the controller chooses, one at a time, any of
    /// `cards` still in the Main Deck ("done" to stop), and recycles those (403).
    pub fn recycle_any(&mut self, c: &HookCall, cards: &[ObjId]) -> R<()> {
        self.recycle_chosen(c.controller.unwrap_or(self.turn_player), cards)
    }

    /// `p` chooses, one at a time, any of `cards` still in the Main Deck ("done" to stop), and
    /// recycles those (403).
    fn recycle_chosen(&mut self, p: PlayerId, cards: &[ObjId]) -> R<()> {
        let mut left = self.still_in_deck(cards);
        let mut chosen = Vec::new();
        while !left.is_empty() {
            let mut options: Vec<Choice> = left.iter().copied().map(Choice::Obj).collect();
            options.push(Choice::Done);
            let Choice::Obj(card) = self.decide(p, Ask::ChooseCard, options)? else { break };
            left.retain(|o| *o != card);
            chosen.push(card);
        }
        self.recycle(p, &chosen)
    }

    /// "Put the rest back in any order": the controller chooses which of `cards` still in the
    /// Main Deck goes on top, then the next, and so on; they stay the top cards of the deck.
    pub fn put_back_in_any_order(&mut self, c: &HookCall, cards: &[ObjId]) -> R<()> {
        self.put_back_ordered(c.controller.unwrap_or(self.turn_player), cards, "127")
    }

    /// `p` chooses which of `cards` still in the Main Deck goes on top, then the next, and so on;
    /// they stay the top cards of the deck (traced under `rule`: 127, or 002 for [Predict]).
    fn put_back_ordered(&mut self, p: PlayerId, cards: &[ObjId], rule: &'static str) -> R<()> {
        let mut left = self.still_in_deck(cards);
        let mut order = Vec::new();
        while left.len() > 1 {
            let options: Vec<Choice> = left.iter().copied().map(Choice::Obj).collect();
            let Choice::Obj(card) = self.decide(p, Ask::ChooseCard, options)? else { break };
            left.retain(|o| *o != card);
            order.push(card);
        }
        order.extend(left);
        let Some(&first) = order.first() else { return Ok(()) };
        let owner = self.obj(first).owner;
        let deck = &mut self.player_mut(owner).main_deck;
        deck.retain(|o| !order.contains(o));
        deck.splice(0..0, order.iter().copied());
        trace!(self, rule, "{p} puts {} card(s) back on top of their Main Deck in the order they chose", order.len());
        Ok(())
    }

    /// Those of `cards` still in a Main Deck (looked at, not moved since).
    fn still_in_deck(&self, cards: &[ObjId]) -> Vec<ObjId> {
        cards.iter().copied().filter(|o| self.obj(*o).alive && self.obj(*o).zone == Zone::MainDeck).collect()
    }

    /// 411.3: "Reveal N cards from the top of your Main Deck": the cards stay where they are,
    /// on top of the deck, while revealed (411.1.a.2); with fewer cards in the deck, as many as
    /// there are, without burning out (418.1.c). Returns them, top first.
    pub fn reveal_top(&mut self, p: PlayerId, n: u32) -> R<Vec<ObjId>> {
        let top: Vec<ObjId> = self.player(p).main_deck.iter().copied().take(n as usize).collect();
        if top.len() < n as usize {
            trace!(
                self,
                "418.1.c",
                "{p} has {} card(s) in their Main Deck: they reveal those, without burning out",
                top.len()
            );
        }
        self.reveal(p, &top);
        if !top.is_empty() {
            trace!(self, "411.1.a.2", "the revealed card(s) stay on top of {p}'s Main Deck");
        }
        self.seen_from_top(p, &top, true)?;
        Ok(top)
    }

    /// 411: "Reveal the top rune of your rune deck": `p` reveals it, and it stays there (411.1.a.2).
    /// None with an empty rune deck.
    pub fn reveal_top_rune(&mut self, p: PlayerId) -> Option<ObjId> {
        let Some(&top) = self.player(p).rune_deck.first() else {
            trace!(self, "411", "{p}'s rune deck is empty: there is no rune to reveal");
            return None;
        };
        self.reveal(p, &[top]);
        trace!(self, "411.1.a.2", "the revealed rune stays on top of {p}'s rune deck");
        Some(top)
    }

    /// "Do one of the following based on its domain:" (182.2.b; docs/rulings.md): the mode whose
    /// domain (`domains[k]`, a letter) is one of the domains of `of`'s card (as it was revealed:
    /// the card may have moved since, 356.3.e.12) is done now: its targets are chosen by the
    /// ability's controller now (352.4), and without a legal choice for a required one it does
    /// nothing (390.3). A card of no listed domain does nothing.
    pub fn do_by_domain(&mut self, c: &HookCall, of: Option<ObjId>, domains: &[String], bodies: &[String]) -> R<()> {
        let Some(o) = of else {
            trace!(self, "182.2.b", "there is no card whose domain picks a mode");
            return Ok(());
        };
        let has = self.card(o).domains;
        let pick = domains.iter().position(|d| {
            d.chars().next().and_then(crate::riftbound::cards::Domain::from_letter).is_some_and(|d| has.contains(d))
        });
        let (Some(k), Some(source)) = (pick, c.source) else {
            trace!(self, "182.2.b", "{} is of no domain a mode names: nothing happens", self.describe(o));
            return Ok(());
        };
        // A script's lists of another length name no body for that domain: nothing happens.
        let Some(body) = bodies.get(k) else { return Ok(()) };
        let def = self.card(source).clone();
        let Some(ability) = def.abilities.abilities.iter().find(|a| a.body.as_deref() == Some(body.as_str())) else {
            return Ok(());
        };
        trace!(self, "182.2.b", "{} is [{}]: {}", self.describe(o), domains[k], ability.text);
        let p = c.controller.unwrap_or(self.turn_player);
        let specs = ability.targets.clone();
        let targets = if specs.is_empty() {
            Vec::new()
        } else {
            match self.choose_targets(p, Some(source), &specs)? {
                Some(t) => t,
                None => {
                    trace!(self, "390.3", "there is no legal target for that mode: it does nothing");
                    return Ok(());
                }
            }
        };
        let call = HookCall { targets, specs, costs_paid: Vec::new(), ..c.clone() };
        super::host::run(self, &def.abilities.script, body, call, &def.name, ability.line)
    }

    /// 411.3: "Reveal cards from the top of your Main Deck until you reveal a unit": `p` reveals
    /// the cards from the top, one after another, until one of the filter's kinds is revealed;
    /// with none in the deck, every card of it, without burning out (418.1.c). They stay in the
    /// deck while revealed (411.1.a.2). Returns them, top first (the card found last).
    pub fn reveal_until(&mut self, p: PlayerId, filter: &UnitFilter) -> R<Vec<ObjId>> {
        let deck = self.player(p).main_deck.clone();
        let found = deck.iter().position(|o| self.is_of_kinds(*o, filter));
        let shown: Vec<ObjId> = match found {
            Some(i) => deck[..=i].to_vec(),
            None => deck.clone(),
        };
        self.reveal(p, &shown);
        match found {
            Some(_) => trace!(self, "411.3", "{p} reveals {} card(s) until one of the kind named", shown.len()),
            None => trace!(
                self,
                "418.1.c",
                "{p} reveals their whole Main Deck ({} card(s)): none is of the kind named",
                shown.len()
            ),
        }
        if !shown.is_empty() {
            trace!(self, "411.1.a.2", "the revealed card(s) stay on top of {p}'s Main Deck");
        }
        self.seen_from_top(p, &shown, true)?;
        Ok(shown)
    }

    /// The first of `cards` of the filter's kinds, or none.
    pub fn first_of(&self, cards: &[ObjId], filter: &UnitFilter) -> Option<ObjId> {
        cards.iter().copied().find(|o| self.obj(*o).alive && self.is_of_kinds(*o, filter))
    }

    /// Whether card `o` is of one of the kinds the filter (and its alternatives) names, with its
    /// tags and printed-card conditions ("a Mech", "a spell with Energy cost [4] or more"): a card
    /// in a deck or a hand has no controller nor location for the filter's other words.
    pub(crate) fn is_of_kinds(&self, o: ObjId, filter: &UnitFilter) -> bool {
        let mut f = Some(filter);
        let card = self.card(o);
        while let Some(x) = f {
            let owner = self.obj(o).owner;
            if card.kind == x.kind
                && x.tags_ok(&card.tags)
                && x.condition.as_deref().is_none_or(|c| self.holds(c, o, owner, None))
            {
                return true;
            }
            f = x.or.as_deref();
        }
        false
    }

    /// 411.4.a: "Put one into your hand": the controller chooses one of `cards` still in the
    /// Main Deck and puts it into its owner's hand (not a draw); with none left, the instruction
    /// is ignored (418.1.c.1).
    pub fn put_one_into_hand(&mut self, c: &HookCall, cards: &[ObjId]) -> R<()> {
        let you = c.controller.unwrap_or(self.turn_player);
        let options: Vec<Choice> = cards
            .iter()
            .copied()
            .filter(|o| self.obj(*o).alive && self.obj(*o).zone == Zone::MainDeck)
            .map(Choice::Obj)
            .collect();
        if options.is_empty() {
            trace!(self, "418.1.c.1", "no revealed card is left to put into a hand: ignored");
            return Ok(());
        }
        let Choice::Obj(card) = self.decide(you, Ask::ChooseCard, options)? else { return Ok(()) };
        let owner = self.obj(card).owner;
        let new = self.move_object(card, Zone::Hand, owner, Pos::Bottom);
        trace!(self, "411.4.a", "{you} puts {} into their hand", self.describe(new));
        Ok(())
    }

    /// "Banish the top card of your Main Deck" (414.2): an empty deck burns out first
    /// (418.1.b). Returns the card in banishment.
    pub fn banish_top(&mut self, p: PlayerId) -> R<Option<ObjId>> {
        while self.player(p).main_deck.is_empty() {
            if self.is_over() {
                return Ok(None);
            }
            self.burn_out(p)?;
        }
        if self.is_over() {
            return Ok(None);
        }
        let top = self.player(p).main_deck[0];
        self.banish(&[top], Some(p));
        Ok(self.obj(top).next)
    }

    /// 414: "[Each player looks at the top 5 cards of their Main Deck,] banishes one of them":
    /// `p` chooses one of `cards` still in a Main Deck (a single one without asking) and banishes
    /// it to its owner's banishment (107.5.d); `optional` ("you may banish one"): or none. Answers
    /// the card banished (414.3: the effect refers to it after), or none.
    pub fn banish_one(&mut self, p: PlayerId, cards: &[ObjId], optional: bool) -> R<Option<ObjId>> {
        let mut options: Vec<Choice> = self.still_in_deck(cards).into_iter().map(Choice::Obj).collect();
        if options.is_empty() {
            trace!(self, "406.3.c", "{p} has no card among them to banish");
            return Ok(None);
        }
        if optional {
            options.push(Choice::Done);
        }
        let Choice::Obj(card) = self.decide(p, Ask::ChooseCard, options)? else { return Ok(None) };
        trace!(self, "414", "{p} banishes {}, one of those cards", self.describe(card));
        self.banish(&[card], Some(p));
        Ok(self.obj(card).next)
    }

    /// 383.2: "When EVENT this turn, X": sets up the delayed trigger (the source's ability with
    /// body `name`), remembering `it` (414.3).
    pub fn delay_trigger(&mut self, c: &HookCall, name: &str, it: Option<ObjId>) {
        let (Some(source), Some(controller)) = (c.source, c.controller) else { return };
        let abilities = &self.card(source).abilities.abilities;
        let Some(index) = abilities.iter().position(|a| a.body.as_deref() == Some(name)) else { return };
        let super::abilities::AbilityKind::DelayedTrigger { trigger, once, of_it } = abilities[index].kind.clone()
        else {
            return;
        };
        let text = abilities[index].text.clone();
        if self.trace.on {
            let about = it.map(|o| format!(" (it: {})", self.describe(o))).unwrap_or_default();
            trace!(self, "383.2", "{}: {text}{about}", self.describe(source));
        }
        self.delayed_triggers.push(super::state::DelayedTrigger {
            trigger,
            source,
            index: index as u8,
            controller,
            remembered: it,
            once,
            of_it,
            that_battlefield: c.that_battlefield,
        });
    }

    /// "Draw it": the banished card this spell remembers is drawn from banishment into its
    /// owner's hand, if it is still there (a card banished by another copy is not, 414.3.a); a
    /// card revealed on top of a Main Deck (411.1.a.2) is drawn from there (400.1).
    pub fn draw_it(&mut self, c: &HookCall, card: ObjId) {
        let you = c.controller.unwrap_or(self.turn_player);
        let owner = self.obj(card).owner;
        let zone = self.obj(card).zone;
        // A card on top of the deck, or one the ability chose from among the cards it looked at.
        if self.obj(card).alive && zone == Zone::MainDeck {
            let new = self.move_object(card, Zone::Hand, owner, Pos::Bottom);
            trace!(self, "400.1", "{owner} draws {}", self.describe(new));
            self.emit(Event::Drew { player: owner, card: new });
            return;
        }
        if !self.obj(card).alive || zone != Zone::Banishment {
            trace!(self, "414.3", "{} is no longer in banishment: nothing is drawn", self.describe(card));
            return;
        }
        let new = self.move_object(card, Zone::Hand, owner, Pos::Bottom);
        trace!(self, "414.3", "{you} draws {} from banishment", self.describe(new));
        self.emit(Event::Drew { player: owner, card: new });
    }

    /// "Put it in your hand / trash" (411.4.a): a card revealed in a Main Deck, still there, goes
    /// to its owner's hand (no draw: 400.1 draws only by "draw") or trash (no discard: 409).
    pub fn put_revealed(&mut self, c: &HookCall, card: ObjId, to: Zone) {
        let you = c.controller.unwrap_or(self.turn_player);
        if !self.obj(card).alive || self.obj(card).zone != Zone::MainDeck {
            return;
        }
        let owner = self.obj(card).owner;
        let new = self.move_object(card, to, owner, Pos::Bottom);
        let place = if to == Zone::Hand { "hand" } else { "trash" };
        trace!(self, "411.4.a", "{you} puts {} into its owner's {place}", self.describe(new));
    }

    /// 346 / 351.3: "Play a unit from your trash, ignoring its Energy cost", "its owner plays it
    /// to their base, ignoring its cost": `you` plays the card from their trash or banishment as
    /// this resolves, its costs ignored as the text says (353.1.a-b); what remains of its cost is
    /// paid as usual. A card no longer there, or whose remaining cost can't be paid, is not
    /// played (055). Answers the card as played, for "Then recycle it" (414.3: an effect refers
    /// to the cards its own instructions moved).
    pub fn play_card_instruction(&mut self, you: PlayerId, card: ObjId, opts: PlayOptions) -> R<Option<ObjId>> {
        // "Banish a friendly unit, then its owner plays it": "it" is the card it became (414.3).
        let mut card = card;
        while let (false, Some(n)) = (self.obj(card).alive, self.obj(card).next) {
            card = n;
        }
        let o = self.obj(card);
        // 107.5.g / 414.3: a card the effect itself banished is played from its owner's
        // banishment by the player the text names, who need not own it ("Choose one and banish
        // it, then play it": an opponent's card); from a trash or hand, only their own.
        let theirs = o.zone_player == you || o.zone == Zone::Banishment;
        if !o.alive || !matches!(o.zone, Zone::Trash | Zone::Banishment | Zone::Hand) || !theirs {
            return Ok(None);
        }
        let zone = match o.zone {
            Zone::Trash => "trash",
            Zone::Hand => "hand",
            _ => "banishment",
        };
        let from = if o.zone_player == you { format!("their {zone}") } else { format!("{}'s {zone}", o.zone_player) };
        if !self.can_pay_to_play(you, card, &opts) {
            trace!(self, "055", "{you} can't pay the rest of {}'s cost: it is not played", self.describe(card));
            return Ok(None);
        }
        if !opts.ignore_energy && opts.energy_less == 0 {
            trace!(self, "406.3", "{you} plays {} from {from}, paying its cost", self.describe(card));
        } else if opts.ignore_energy {
            let ignored = if opts.ignore_power { "its cost" } else { "its Energy cost" };
            trace!(self, "353.1", "{you} plays {} from {from}, ignoring {ignored}", self.describe(card));
        } else {
            trace!(
                self,
                "353.4.b",
                "{you} plays {} from {from}, its Energy cost reduced by {} (353.5: not below 0)",
                self.describe(card),
                opts.energy_less
            );
        }
        Ok(Some(self.play_card_while_resolving(you, card, opts)))
    }

    /// 352.2: "If it's a unit, play it here": the unit this effect is playing (waiting on the
    /// chain, 351.3) goes to the source's location as it is finalized, not one its player chooses.
    /// With the source no longer on the board, there is no "here" and nothing changes.
    pub fn play_here(&mut self, c: &HookCall, card: ObjId) {
        let Some(here) = c.source.filter(|s| s.index() < self.objs.len()).and_then(|s| self.here(s)) else {
            return;
        };
        if self.card(card).kind == CardType::Unit && self.set_waiting_play_location(card, here) {
            trace!(self, "352.2", "{} will be played here, to {}", self.describe(card), self.describe_loc(here));
        }
    }

    /// 352.2: "its owner plays it to the same location": the unit `card` this effect is playing
    /// (waiting on the chain, 351.3) goes to the location `unit` was at as it left the board. A
    /// base is its controller's own (106.2.d): a unit that was at another player's base goes to
    /// its player's. A unit that was not on the board has no such location: nothing changes.
    pub fn play_where_it_was(&mut self, card: ObjId, unit: ObjId) {
        let Some(lki) = self.obj(unit).lki else { return };
        let p = self.obj(card).controller;
        let at = match lki.zone {
            Zone::Battlefield(b) => Loc::Battlefield(b),
            Zone::Base if lki.zone_player == p => Loc::Base(p),
            Zone::Base => {
                trace!(self, "106.2.d", "{p} can't have a unit in {}'s base: their own", lki.zone_player);
                Loc::Base(p)
            }
            _ => return,
        };
        if self.card(card).kind == CardType::Unit && self.set_waiting_play_location(card, at) {
            trace!(
                self,
                "352.2",
                "{} will be played to the same location, {}",
                self.describe(card),
                self.describe_loc(at)
            );
        }
    }

    /// 352.2: "its owner plays it to any battlefield", "play a unit to a battlefield you
    /// control": the unit `card` this effect is playing (waiting on the chain, 351.3) goes to a
    /// battlefield its player chooses among those `to` names, as it is played.
    pub fn play_to_battlefield(&mut self, card: ObjId, to: PlayTo) {
        if self.card(card).kind == CardType::Unit && self.set_waiting_play_battlefields(card, to) {
            let which = match to {
                PlayTo::Any => "a battlefield its player chooses".to_string(),
                _ => format!("{}, one its player chooses", to.text()),
            };
            trace!(self, "352.2", "{} will be played to {which}", self.describe(card));
        }
    }

    /// "Banish this" (414): a spell still on the chain is banished as it leaves it after
    /// resolving, instead of going to the trash (Time Warp); anything else is banished now.
    pub fn banish_instruction(&mut self, c: &HookCall, o: ObjId) {
        if !self.obj(o).alive {
            return;
        }
        if self.obj(o).zone == Zone::Chain {
            trace!(self, "414", "{} will be banished once it resolves", self.describe(o));
            self.components.get_mut::<OnResolve>().banish.push(o);
            return;
        }
        self.banish(&[o], c.controller);
    }

    /// "Take a turn after this one": `p` takes the next turn (rule 002).
    pub fn extra_turn(&mut self, p: PlayerId) {
        trace!(self, "002", "{p} will take a turn after this one");
        self.components.get_mut::<super::flow::ExtraTurns>().0.push(p);
    }

    /// "Recycle it" (403): a spell still on the chain is recycled as it leaves it after resolving,
    /// instead of going to the trash (Kai'Sa, Evolutionary); anything else is recycled now.
    /// "Put it on the top or bottom of its owner's Main Deck" (rule 002, the card's text): a card
    /// on the board, in a hand or a trash; its owner chooses the end. Not a recycle (403: no
    /// event of one), and a token goes nowhere (176.3: it ceases to exist off the board).
    pub fn top_or_bottom(&mut self, o: ObjId) -> R<()> {
        let obj = self.obj(o);
        if !obj.alive || !(obj.zone.is_board() || matches!(obj.zone, Zone::Hand | Zone::Trash)) {
            return Ok(());
        }
        let owner = obj.owner;
        let pos = match self.decide(owner, Ask::DeckEnd, vec![Choice::Top, Choice::Bottom])? {
            Choice::Top => Pos::Top,
            _ => Pos::Bottom,
        };
        let end = if pos == Pos::Top { "top" } else { "bottom" };
        trace!(self, "002", "{owner} puts {} on the {end} of their Main Deck", self.describe(o));
        self.move_object(o, Zone::MainDeck, owner, pos);
        Ok(())
    }

    pub fn recycle_obj(&mut self, c: &HookCall, o: ObjId) -> R<()> {
        if !self.obj(o).alive {
            return Ok(());
        }
        if self.obj(o).zone == Zone::Chain {
            trace!(self, "403", "{} will be recycled once it resolves", self.describe(o));
            self.components.get_mut::<OnResolve>().recycle.push(o);
            return Ok(());
        }
        let you = c.controller.unwrap_or(self.turn_player);
        self.recycle(you, &[o])
    }
}

impl Game {
    /// "Return a unit to its owner's hand" / "Return a unit from your trash to your hand": the
    /// card goes to its owner's hand (107.1.d); a unit on the board leaves it (a new object, 109).
    pub fn return_to_hand(&mut self, c: &HookCall, o: ObjId) {
        let obj = self.obj(o);
        if !obj.alive || !(obj.zone.is_board() || matches!(obj.zone, Zone::Trash | Zone::ChampionZone)) {
            return;
        }
        let owner = obj.owner;
        let you = c.controller.unwrap_or(self.turn_player);
        trace!(self, "107.1.d", "{you} returns {} to its owner's ({owner}) hand", self.describe(o));
        self.move_object(o, Zone::Hand, owner, Pos::Bottom);
    }

    /// 107.2.b.1: "return your Chosen Champion from your trash to your Champion Zone": the Chosen
    /// Champion (103.2.a.3) goes from its owner's trash to their Champion Zone, only if no card is
    /// there; it keeps no buff there (705.1).
    pub fn return_to_champion_zone(&mut self, o: ObjId) {
        let obj = self.obj(o);
        if !obj.alive || obj.zone != Zone::Trash || !self.is_chosen_champion(o) {
            return;
        }
        let owner = obj.owner;
        if let Some(there) = self.player(owner).champion_zone {
            trace!(
                self,
                "107.2.b.1",
                "{} stays: {owner}'s Champion Zone holds {}",
                self.describe(o),
                self.describe(there)
            );
            return;
        }
        trace!(self, "107.2.b.1", "{} returns to {owner}'s Champion Zone", self.describe(o));
        self.move_object(o, Zone::ChampionZone, owner, Pos::Bottom);
    }

    /// 352.10.e: "Each player kills one of their units / gear": no target; as it resolves each
    /// player, in turn order from the turn player (115), chooses one of `candidates` they
    /// control, then the chosen ones are killed at once (415), this spell or ability being
    /// responsible (415.5.b).
    pub fn each_player_kills_one(&mut self, c: &HookCall, candidates: &[ObjId]) -> R<()> {
        let mut order = self.active_players();
        let tp = order.iter().position(|p| *p == self.turn_player).unwrap_or(0);
        order.rotate_left(tp);
        let mut chosen = Vec::new();
        for p in order {
            let options: Vec<Choice> = candidates
                .iter()
                .copied()
                .filter(|u| self.obj(*u).alive && self.controller(*u) == p)
                .map(Choice::Obj)
                .collect();
            if options.is_empty() {
                trace!(self, "352.10.e", "{p} controls none of them to kill");
                continue;
            }
            if let Choice::Obj(u) = self.decide(p, Ask::ChooseCard, options)? {
                trace!(self, "352.10.e", "{p} chooses {} to kill", self.describe(u));
                chosen.push(u);
            }
        }
        self.kill(&chosen, c.spell.or(c.source))
    }

    /// 411.3: "They reveal their hand": every card in it, revealed to all players; the cards
    /// stay in the hand (411.1.a.2). Answers them, for "Choose a card from it".
    pub fn reveal_hand(&mut self, p: PlayerId) -> Vec<ObjId> {
        let hand = self.player(p).hand.clone();
        if hand.is_empty() {
            trace!(self, "411.3", "{p} reveals their hand: it is empty");
        }
        self.reveal(p, &hand);
        hand
    }

    /// 352.9: player `p` chooses one object `filter` names (relative to `p`) as this resolves;
    /// `optional`: they may choose none.
    pub fn player_chooses(
        &mut self,
        c: &HookCall,
        p: PlayerId,
        filter: &UnitFilter,
        optional: bool,
        except: Option<ObjId>,
    ) -> R<Option<ObjId>> {
        let mut options: Vec<Choice> = self
            .matching(filter, Some(p), c.source)
            .into_iter()
            .filter(|o| Some(*o) != except)
            .map(Choice::Obj)
            .collect();
        if options.is_empty() {
            trace!(self, "352.9", "there is nothing {p} can choose");
            return Ok(None);
        }
        if optional {
            options.push(Choice::Done);
        }
        let Choice::Obj(o) = self.decide(p, Ask::ChooseCard, options)? else {
            trace!(self, "352.9", "{p} chooses none");
            return Ok(None);
        };
        trace!(self, "352.9", "{p} chooses {}", self.describe(o));
        Ok(Some(o))
    }

    /// 352.9: "Each other player chooses Cards or Runes": each of `players`, in the order given
    /// (turn order), chooses one of the named options as this resolves. Answers, for each option,
    /// the players who chose it, in the order they chose.
    pub fn players_choose_option(&mut self, players: &[PlayerId], options: &[String]) -> R<Vec<Vec<PlayerId>>> {
        let mut chose = vec![Vec::new(); options.len()];
        if options.is_empty() {
            return Ok(chose);
        }
        for &p in players {
            if self.player(p).removed {
                continue;
            }
            let n = options.len().min(u8::MAX as usize) as u8;
            let i = match self.decide(p, Ask::Mode, (0..n).map(Choice::Nth).collect())? {
                Choice::Nth(i) => i as usize,
                _ => 0,
            };
            trace!(self, "352.9", "{p} chooses {}", options[i]);
            chose[i].push(p);
        }
        Ok(chose)
    }

    /// 352.9 / 352.10.e: "Starting with the next player, each other player chooses a unit you
    /// don't control [that hasn't been chosen for this spell]": each of `players`, in the order
    /// given, chooses one object `filter` names relative to the ability's controller ("you"); not
    /// a target, so it is chosen as this resolves; `distinct`: not one an earlier player chose. A
    /// player with nothing to choose chooses nothing. Answers the chosen objects.
    pub fn players_choose(
        &mut self,
        c: &HookCall,
        players: &[PlayerId],
        filter: &UnitFilter,
        distinct: bool,
    ) -> R<Vec<ObjId>> {
        let you = c.controller.unwrap_or(self.turn_player);
        let mut chosen: Vec<ObjId> = Vec::new();
        for &p in players {
            if self.player(p).removed {
                continue;
            }
            let options: Vec<Choice> = self
                .matching(filter, Some(you), c.source)
                .into_iter()
                .filter(|o| !distinct || !chosen.contains(o))
                .map(Choice::Obj)
                .collect();
            if options.is_empty() {
                trace!(self, "352.9", "there is nothing {p} can choose");
                continue;
            }
            let Choice::Obj(o) = self.decide(p, Ask::ChooseCard, options)? else { continue };
            trace!(self, "352.9", "{p} chooses {}", self.describe(o));
            if !chosen.contains(&o) {
                chosen.push(o);
            }
        }
        Ok(chosen)
    }

    /// 352.9: "Each player chooses 2 units, 2 gear, 2 runes, and 2 cards in their hands": each
    /// of `players`, in the order given, chooses, for each pick, that many of their own objects
    /// the filter names (relative to them) or of the cards in their hand; with no more than that
    /// many, all of them, without asking. Answers the rest: the objects of those picks not chosen.
    pub fn players_keep(
        &mut self,
        c: &HookCall,
        players: &[PlayerId],
        picks: &[(u32, UnitFilter, bool)],
    ) -> R<Vec<ObjId>> {
        let mut rest = Vec::new();
        for &p in players {
            if self.player(p).removed {
                continue;
            }
            for (n, filter, in_hand) in picks {
                let mut left: Vec<ObjId> =
                    if *in_hand { self.player(p).hand.clone() } else { self.matching(filter, Some(p), c.source) };
                let mut kept = Vec::new();
                while kept.len() < *n as usize && !left.is_empty() {
                    let o = if left.len() + kept.len() <= *n as usize {
                        left[0]
                    } else {
                        match self.decide(p, Ask::ChooseCard, left.iter().copied().map(Choice::Obj).collect())? {
                            Choice::Obj(o) => o,
                            _ => left[0],
                        }
                    };
                    left.retain(|x| *x != o);
                    kept.push(o);
                }
                // Named for the trace only: building the names was a cost of every choice.
                if self.trace.on {
                    let names: Vec<String> = kept.iter().map(|o| self.describe(*o)).collect();
                    let what = if *in_hand { "in their hand".to_string() } else { filter.to_string() };
                    if names.is_empty() {
                        trace!(self, "352.9", "{p} has none of {what} to choose");
                    } else {
                        trace!(self, "352.9", "{p} chooses {} ({what})", names.join(", "));
                    }
                }
                rest.extend(left);
            }
        }
        Ok(rest)
    }

    /// 403: "Recycle the rest": the objects of `cards` still in the game, recycled at once
    /// (403.5: to the bottom of their owner's Main Deck in a random order; 403.5.a: runes to
    /// their owner's rune deck in the order they choose).
    pub fn recycle_all(&mut self, c: &HookCall, cards: &[ObjId]) -> R<()> {
        let you = c.controller.unwrap_or(self.turn_player);
        let alive: Vec<ObjId> = cards.iter().copied().filter(|o| self.obj(*o).alive).collect();
        self.recycle(you, &alive)
    }

    /// "Choose a [non-unit] card from it": the ability's controller chooses one of `cards`,
    /// still where they were revealed, of a kind `filter` names (its kind or one of its `or`
    /// kinds: "a card" is a unit, spell or gear). A hand is not public, so this is a choice as
    /// it resolves, not a target (352.10.a). None when no card qualifies.
    pub fn choose_card(&mut self, c: &HookCall, cards: &[ObjId], filter: &UnitFilter) -> R<Option<ObjId>> {
        let you = c.controller.unwrap_or(self.turn_player);
        let options: Vec<Choice> = cards
            .iter()
            .copied()
            .filter(|o| self.obj(*o).alive && self.is_of_kinds(*o, filter))
            .map(Choice::Obj)
            .collect();
        if options.is_empty() {
            trace!(self, "352.9", "no card there is one {you} can choose");
            return Ok(None);
        }
        let asked = options.len() > 1;
        let Choice::Obj(card) = self.decide(you, Ask::ChooseCard, options)? else { return Ok(None) };
        if !asked {
            trace!(self, "352.9", "{you} chooses {}, the only one", self.describe(card));
        }
        Ok(Some(card))
    }

    /// 409: "discards their hand": every card in the player's hand, at once.
    pub fn discard_hand(&mut self, p: PlayerId) {
        let hand = self.player(p).hand.clone();
        self.discard(p, &hand);
    }

    /// 409: "Discard N" as an instruction; returns the (last) card discarded, which a following
    /// "its" refers to (Get Excited!: "Discard 1. Deal its Energy cost as damage ...").
    pub fn discard_instruction(&mut self, p: PlayerId, n: u32) -> R<Option<ObjId>> {
        let from = self.events.len();
        self.discard_choose(p, n, Ask::ChooseCard)?;
        Ok(self.events[from..].iter().rev().find_map(|e| match e {
            Event::Discarded { player, card } if *player == p => Some(*card),
            _ => None,
        }))
    }
}

/// The most times one "Pay any amount of" instruction is paid (more than any player's runes).
const MAX_AMOUNT_PAID: u32 = 24;
