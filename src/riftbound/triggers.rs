//! Triggered abilities (375-385): matching the event log against trigger patterns, putting
//! triggered abilities on the chain as pending items in the right order (376.3.b), finalizing
//! them with their targets (386-394), and resolving abilities.

use super::abilities::{
    AbilityKind, Actor, At, Condition, InstructionCosts, Relation, StaticEffect, Test, Trigger, TriggerCategory,
    UnitFilter,
};
use super::cards::CardType;
use super::costs::{Cost, OtherCost};
use super::decision::{Ask, Choice};
use super::events::Event;
use super::host::HookCall;
use super::layers::Keyword;
use super::scoring::ScoreMethod;
use super::state::{Bf, ChainItem, Game, ItemKind, Loc, R, Step, Zone};
use crate::kernel::triggers::{self, TriggerIndex, Triggers};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;
use std::borrow::Cow;

/// The ability index standing for the [Temporary] keyword's triggered ability (732.1.b), which
/// the kernel defines once for every permanent that has the keyword, printed or given (732.3).
const TEMPORARY: u8 = u8::MAX;
const TEMPORARY_TEXT: &str = "[Temporary]: at the start of your Beginning Phase, kill this (732.1.b)";
/// The ability index standing for a [Vision] another permanent gives (733.3): printed Vision is
/// the card's own ability (the card language writes it); a given one the kernel triggers.
const VISION: u8 = u8::MAX - 1;
/// The ability index standing for a [Weaponmaster] another permanent gives (SFD-747.1.c: "When
/// you play me, ..."); a printed one is the card's own ability (the card language writes it).
const WEAPONMASTER: u8 = u8::MAX - 3;
/// The ability index standing for a [Quick-Draw] another object gives (SFD-745.1.d: "When you
/// play this, attach it to a unit you control"); a printed one is the card's own ability.
const QUICK_DRAW: u8 = u8::MAX - 4;
/// The ability index standing for the [Hunt] keyword's triggered ability (Core Rules 1.3,
/// 823.1.c.1), the kernel's for every unit that has it, printed or given (823.3).
const HUNT: u8 = u8::MAX - 2;

/// A triggered ability the trigger matcher indexes (376.2.c): ability `index` of `lender`'s
/// card if it is lent (an attached card's effect text, SFD-718.3), else of `obj`'s own.
/// Indexing abilities, not objects, leaves the objects' lists of abilities out of every check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TriggerSource {
    obj: ObjId,
    lender: Option<ObjId>,
    index: u8,
    /// The kinds of events its trigger can match ([`listens_to`]): a batch with none of them
    /// is not matched against it.
    kinds: u32,
}

/// A triggered ability that met its condition, before it goes on the chain.
#[derive(Clone, Debug)]
pub struct Triggered {
    source: ObjId,
    index: u8,
    /// The attached card whose effect text the ability is (SFD-718.3), if it is not the source's own.
    lender: Option<ObjId>,
    controller: PlayerId,
    that_player: Option<PlayerId>,
    /// The unit its event is about ("it", 414.3).
    that_unit: Option<ObjId>,
    /// The battlefield its event names ("that battlefield", 444.2).
    that_battlefield: Option<Bf>,
}

impl Game {
    /// The triggered abilities active now, of permanents on the board, legends, battlefields,
    /// and cards in trashes whose abilities work from there (378): each object's in
    /// [`Game::triggered_abilities`]'s order.
    fn trigger_sources(&self) -> Vec<TriggerSource> {
        let links = self.links();
        let may = |o: ObjId| self.may_trigger_in(links, o);
        let mut objects: Vec<ObjId> = self.all_units().into_iter().filter(|u| may(*u)).collect();
        for p in &self.players {
            objects.extend(p.base.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear && may(*g)));
            objects.extend(p.legend.filter(|l| may(*l)));
            if !self.text_index.from_trash.is_empty() {
                objects
                    .extend(p.trash.iter().copied().filter(|c| self.text_index.from_trash.contains(self.obj(*c).card)));
            }
        }
        // 143.1.a.3: gear is on the board at a battlefield too (played there from hidden, until
        // the cleanup recalls it; or attached to a unit there), so its triggers work there.
        for b in &self.battlefields {
            objects.extend(b.units.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear && may(*g)));
            objects.extend(Some(b.obj).filter(|o| may(*o)));
        }
        objects
            .into_iter()
            .flat_map(|obj| {
                self.triggered_abilities_in(links, obj).map(move |(lender, i)| {
                    let kinds = match &self.text_card(obj, lender).abilities.abilities[i].kind {
                        AbilityKind::Triggered { trigger, .. } => listens_to(trigger),
                        _ => 0,
                    };
                    TriggerSource { obj, lender, index: i as u8, kinds }
                })
            })
            .collect()
    }

    /// Whether `o` may have triggered abilities, `links` being the attachments: only an object
    /// whose card has one, or that is in an attachment (its text is then not only its card's).
    /// Another object entering or leaving a zone leaves the trigger index as it is (the
    /// indexed objects keep their order), so it is not rebuilt.
    pub(super) fn may_trigger_in(&self, links: &[(ObjId, ObjId)], o: ObjId) -> bool {
        self.text_index.triggered.contains(self.obj(o).card)
            || links.iter().any(|(a, t)| *a == o || *t == o)
            || self.given_triggered(o).next().is_some()
    }

    /// 450.2.a: the triggered abilities effects in force give `o` ("This turn, that unit has
    /// \"When I conquer, ...\""), as (the card whose text holds each, its index there). None
    /// without an ability-giving effect that gives one (most games have none).
    fn given_triggered(&self, o: ObjId) -> impl Iterator<Item = (ObjId, usize)> + '_ {
        let triggered = |l: ObjId, i: u8| {
            matches!(
                self.card(l).abilities.abilities.get(i as usize).map(|a| &a.kind),
                Some(AbilityKind::Triggered { .. })
            )
        };
        let gives = self.grant_effects
            && self.effects.iter().any(|e| match (&e.modification, e.source) {
                (super::layers::Modification::GrantAbility(i), Some(s)) => triggered(s, *i),
                _ => false,
            });
        let given = if gives { self.given_abilities(o) } else { Vec::new() };
        given.into_iter().filter(move |(l, i)| triggered(*l, *i)).map(|(l, i)| (l, i as usize))
    }

    /// The triggered abilities an object has now, as (lender, index on the lender's card): its
    /// rules text's unless it is attached (SFD-718.2), and the effect text of each card attached to
    /// it (SFD-718.3, lent by that card).
    fn triggered_abilities(&self, o: ObjId) -> impl Iterator<Item = (Option<ObjId>, usize)> + '_ {
        self.triggered_abilities_in(self.links(), o)
    }

    /// [`Game::triggered_abilities`] given the attachment links (`Game::links`), for a caller
    /// that asks about many objects.
    fn triggered_abilities_in<'g>(
        &'g self,
        links: &'g [(ObjId, ObjId)],
        o: ObjId,
    ) -> impl Iterator<Item = (Option<ObjId>, usize)> + 'g {
        let triggered = |a: &super::abilities::Ability| matches!(a.kind, AbilityKind::Triggered { .. });
        // `top_most_of` and `attached_to` from one look at the links.
        let own = (!links.iter().any(|(a, _)| *a == o)).then(|| self.card(o).abilities.rules_text());
        let own = own.into_iter().flatten().filter(move |(_, a)| triggered(a)).map(|(i, _)| (None, i));
        let lent = links.iter().filter(move |(_, t)| *t == o).flat_map(move |&(lender, _)| {
            self.card(lender)
                .abilities
                .effect_text()
                .filter(move |(_, a)| triggered(a))
                .map(move |(i, _)| (Some(lender), i))
        });
        // 450.2.a: those given it, lent by the card whose text holds them.
        let given = self.given_triggered(o).map(|(l, i)| (Some(l), i));
        own.chain(lent).chain(given)
    }

    /// "Your [Deathknell] effects trigger an additional time" (724.2: instances trigger
    /// separately): how many more times `controller`'s triggered abilities of keyword `k` trigger
    /// for the events of `batch`: one per such passive of a permanent they control, or of one
    /// that left the board in the batch as theirs (its passive applied as the others died: a
    /// unit dying at the same time still counts, docs/rulings.md).
    fn triggers_again(&self, k: Keyword, controller: PlayerId, batch: &[Event]) -> usize {
        let says = |o: ObjId| {
            self.card(o)
                .abilities
                .rules_text()
                .filter(|(_, a)| {
                    matches!(&a.kind, AbilityKind::Static { effect: StaticEffect::TriggersAgain(x), .. } if *x == k)
                })
                .count()
        };
        let left = batch.iter().filter_map(|e| match e {
            Event::LeftBoard(o) if self.last_known_controller(*o) == controller => Some(*o),
            _ => None,
        });
        self.ability_holders(controller).chain(left).map(says).sum()
    }

    /// The card whose text holds ability `index` of an ability item's source: its lender's, if
    /// it was lent (an attached card's effect text, SFD-718.3; Heimerdinger, Inventor's borrowing).
    fn text_card(&self, source: ObjId, lender: Option<ObjId>) -> &super::cards::CardDef {
        self.card(lender.unwrap_or(source))
    }

    /// The controller of an object's abilities: a battlefield's controller, or the turn player
    /// when it has none (181.6.b); otherwise the object's controller.
    pub fn ability_controller(&self, source: ObjId) -> PlayerId {
        if let Some(b) = self.battlefields.iter().find(|b| b.obj == source) {
            return b.controller.unwrap_or(self.turn_player);
        }
        if self.obj(source).alive { self.controller(source) } else { self.last_known_controller(source) }
    }

    /// The controller an object had, or had when it left (356.3.e.13).
    pub fn last_known_controller(&self, o: ObjId) -> PlayerId {
        let obj = self.obj(o);
        match (&obj.lki, obj.alive) {
            (Some(l), false) => l.controller,
            _ => self.controller(o),
        }
    }

    /// 376.2: checks the events since the last look against every active trigger, and puts what
    /// triggered on the chain as pending items, each player's in the order they choose, turn
    /// player first (376.3.b).
    pub fn check_triggers(&mut self) -> R<()> {
        // Asked on every cleanup pass; most follow no new event.
        if !self.trigger_index.has_new(self.events.len()) {
            return Ok(());
        }
        let mut order = self.active_players();
        let tp = order.iter().position(|p| *p == self.turn_player).unwrap_or(0);
        order.rotate_left(tp);
        self.check_triggers_in(order)
    }

    /// [`Game::check_triggers`], the players putting their triggered abilities on the chain in
    /// `order` (every active player once): 376.3.b.1's turn order, or the initial chain of a
    /// combat's (438.1.b.1).
    pub fn check_triggers_in(&mut self, order: Vec<PlayerId>) -> R<()> {
        let Some(range) = self.trigger_index.take_new(self.events.len()) else { return Ok(()) };
        triggers::refresh(self);
        let (fired, delayed) = self.fired_by(range);
        // Delayed triggers (383.2) go on the chain as they trigger; "The next time ..." ends.
        for (d, that_unit) in delayed {
            if d.once {
                self.delayed_triggers.retain(|x| *x != d);
            }
            trace!(self, "383.2", "the delayed ability of {} triggers", self.describe(d.source));
            self.chain.push(ChainItem {
                kind: ItemKind::DelayedTrigger { source: d.source, index: d.index, remembered: d.remembered },
                controller: d.controller,
                pending: true,
                targets: Vec::new(),
                that_player: None,
                // "When any unit takes damage this turn, kill it": the unit of the event.
                that_unit,
                // "this battlefield": the one the ability that set it up named (414.3).
                that_battlefield: d.that_battlefield,
                costs_paid: Vec::new(),
            });
        }
        self.order_onto_chain(fired, order)
    }

    /// What the events of `range` (the log's newest, not matched yet) trigger: the triggered
    /// abilities, in the order they are found, and the delayed ones with the unit of the event
    /// each triggered on, in the order they trigger.
    fn fired_by(
        &self,
        range: std::ops::Range<usize>,
    ) -> (Vec<Triggered>, Vec<(super::state::DelayedTrigger, Option<ObjId>)>) {
        let start = range.start;
        let batch = &self.events[range];
        let mut fired: Vec<Triggered> = Vec::new();
        // Deathknell (724) and "when this leaves the board": the object that left looks back at
        // its own death or departure (356.3.e.13).
        for e in batch {
            let (obj, look_back) = match e {
                Event::Killed { obj, .. } => (obj, Trigger::Deathknell),
                Event::LeftBoard(obj) => (obj, Trigger::LeavesBoard),
                _ => continue,
            };
            // SFD-422.4.b: the effect text of the cards attached to it as it left looks back with
            // it. Its own text is read only if its card has a triggered ability (most have none).
            let own = self.text_index.triggered.contains(self.obj(*obj).card).then_some(None);
            let lenders = own.into_iter().chain(self.attached_when_left(*obj).into_iter().map(Some));
            for lender in lenders.collect::<Vec<_>>() {
                let abilities = &self.text_card(*obj, lender).abilities;
                let list: Vec<_> = match lender {
                    None => abilities.rules_text().collect(),
                    Some(_) => abilities.effect_text().collect(),
                };
                for (i, a) in list {
                    let AbilityKind::Triggered { trigger, condition, .. } = &a.kind else { continue };
                    // 376.2.b: an "if" condition is checked as it triggers ("If I was [Mighty]").
                    let controller = self.last_known_controller(*obj);
                    let holds = condition.as_ref().is_none_or(|c| {
                        matches!(c, Condition::OnResolution(_)) || self.holds(c, *obj, controller, None)
                    });
                    // "When I die in combat": the object that died still has the designation it had
                    // (438.1.a.3-4; the combat cleanup removes those of units on the board only).
                    let in_combat = *trigger == Trigger::DieInCombat
                        && look_back == Trigger::Deathknell
                        && self.obj(*obj).role.is_some();
                    if (*trigger != look_back && !in_combat) || !holds {
                        continue;
                    }
                    let times = match look_back {
                        Trigger::Deathknell => 1 + self.triggers_again(Keyword::Deathknell, controller, batch),
                        _ => 1,
                    };
                    for _ in 0..times {
                        fired.push(Triggered {
                            source: *obj,
                            index: i as u8,
                            lender,
                            controller,
                            that_player: None,
                            that_unit: None,
                            that_battlefield: None,
                        });
                    }
                }
            }
        }
        fired.extend(triggers::matched(self, batch, start));
        // 732.1.b-c / 732.3: [Temporary], printed or given, triggers as its controller's Beginning
        // Phase starts; more instances are one (732.2).
        for e in batch {
            if let Event::StepBegan { step: Step::Beginning, player } = e {
                let mut permanents = self.all_units();
                for p in &self.players {
                    permanents.extend(p.base.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear));
                }
                for source in permanents {
                    // SFD-720: an attached card's [Temporary] is inactive text.
                    if self.controller(source) == *player
                        && self.top_most_of(source).is_none()
                        && self.has_keyword(source, Keyword::Temporary)
                    {
                        fired.push(Triggered {
                            source,
                            index: TEMPORARY,
                            lender: None,
                            controller: *player,
                            that_player: None,
                            that_unit: None,
                            that_battlefield: None,
                        });
                    }
                }
            }
        }
        // Core Rules 1.3, 823.1.c.1 / 823.3: [Hunt], printed or given, as its unit conquers or
        // holds; its instances are one trigger whose XP they add up to (823.2).
        for e in batch {
            for (source, controller) in self.hunters(e) {
                fired.push(Triggered {
                    source,
                    index: HUNT,
                    lender: None,
                    controller,
                    that_player: None,
                    that_unit: None,
                    that_battlefield: None,
                });
            }
        }
        // 733.1.b-c / 733.3: each [Vision] a permanent is given ("Other friendly units have
        // [Vision]") triggers as it enters from being played, separately (733.2).
        for e in batch {
            if let Event::Played { player, card, .. } = e
                && self.obj(*card).alive
                && self.card(*card).is_permanent()
            {
                for _ in 0..self.granted_instances(*card, Keyword::Vision) {
                    fired.push(Triggered {
                        source: *card,
                        index: VISION,
                        lender: None,
                        controller: *player,
                        that_player: None,
                        that_unit: None,
                        that_battlefield: None,
                    });
                }
                // SFD-747.1.c / SFD-745.1.d: a [Weaponmaster] or [Quick-Draw] it is given ("Your Sand
                // Soldiers have [Weaponmaster]") triggers as it is played; keywords without a value
                // are one however many times it has them (717), so not again beside a printed one.
                for (k, index) in [(Keyword::Weaponmaster, WEAPONMASTER), (Keyword::QuickDraw, QUICK_DRAW)] {
                    if !self.card(*card).abilities.has_keyword(k) && self.granted_instances(*card, k) > 0 {
                        fired.push(Triggered {
                            source: *card,
                            index,
                            lender: None,
                            controller: *player,
                            that_player: None,
                            that_unit: None,
                            that_battlefield: None,
                        });
                    }
                }
            }
        }
        // Delayed triggers (383.2): "When you conquer this turn, ...", each time it happens; "The
        // next time ...", the first time only: it ends there (with every copy equal to it), so
        // no later event of the batch triggers it.
        let mut delayed: Vec<(super::state::DelayedTrigger, Option<ObjId>)> = Vec::new();
        for e in batch {
            for d in &self.delayed_triggers {
                if self.event_matches(&d.trigger, d.source, d.controller, e).is_none()
                    || (d.of_it && self.event_subject(e).0 != d.remembered)
                    || delayed.iter().any(|(x, _)| x.once && x == d)
                {
                    continue;
                }
                delayed.push((d.clone(), self.event_subject(e).0));
            }
        }
        (fired, delayed)
    }

    /// 376.2: every event of `batch` that meets `trigger`'s condition triggers it once (two
    /// friendly units dying are two deaths), except "the first time ..." (376.1.b) and "one or
    /// more" conditions, which trigger once. Returns "that player" of each.
    fn all_matches(
        &self,
        trigger: &Trigger,
        source: ObjId,
        you: PlayerId,
        batch: &[Event],
        start: usize,
    ) -> Vec<Option<PlayerId>> {
        match trigger {
            Trigger::FirstTime(_) | Trigger::NthTime(..) | Trigger::OneOrMore(_) | Trigger::YouDiscard => {
                self.first_match(trigger, source, you, batch, start).into_iter().collect()
            }
            // 376.4.e.2.a: once per combat: not when units of yours became defenders earlier in
            // this combat (its Defended events follow the last combat's end).
            Trigger::YouDefend { .. } => {
                let earlier = &self.events[..start];
                let combat = earlier.iter().rposition(|e| matches!(e, Event::CombatEnded { .. })).map_or(0, |i| i + 1);
                if earlier[combat..].iter().any(|e| self.event_matches(trigger, source, you, e).is_some()) {
                    return Vec::new();
                }
                self.first_match(trigger, source, you, batch, start).into_iter().collect()
            }
            // Units moved at the same time are one move (141.3): once for each player moving.
            Trigger::PlayerMoves { .. } => {
                let mut movers: Vec<Option<PlayerId>> = Vec::new();
                for m in batch.iter().filter_map(|e| self.event_matches(trigger, source, you, e)) {
                    if !movers.contains(&m) {
                        movers.push(m);
                    }
                }
                movers
            }
            // Once for each player doing it for the first time this turn.
            Trigger::FirstTimeForThem(inner) => {
                let turn_start = self.events.turn_mark().unwrap_or(0);
                let earlier = &self.events[turn_start..start.max(turn_start)];
                let mut them: Vec<Option<PlayerId>> = Vec::new();
                for m in batch.iter().filter_map(|e| self.event_matches(inner, source, you, e)) {
                    if !them.contains(&m)
                        && !earlier.iter().any(|e| self.event_matches(inner, source, you, e) == Some(m))
                    {
                        them.push(m);
                    }
                }
                them
            }
            _ => batch.iter().filter_map(|e| self.event_matches(trigger, source, you, e)).collect(),
        }
    }

    /// The unit each event `all_matches` found is about (its "it", 414.3) and the battlefield
    /// it names ("that battlefield": the one scored, 444.2), in the same order.
    fn trigger_subjects(
        &self,
        trigger: &Trigger,
        source: ObjId,
        you: PlayerId,
        batch: &[Event],
    ) -> Vec<(Option<ObjId>, Option<Bf>)> {
        let inner = match trigger {
            Trigger::FirstTime(t) | Trigger::NthTime(_, t) | Trigger::OneOrMore(t) | Trigger::FirstTimeForThem(t) => t,
            t => t,
        };
        batch
            .iter()
            .filter(|e| self.event_matches(inner, source, you, e).is_some())
            .map(|e| self.event_subject(e))
            .collect()
    }

    /// Whether `trigger` matches one of `batch`'s events; returns Some("that player").
    fn first_match(
        &self,
        trigger: &Trigger,
        source: ObjId,
        you: PlayerId,
        batch: &[Event],
        start: usize,
    ) -> Option<Option<PlayerId>> {
        if let Trigger::NthTime(n, inner) = trigger {
            // The turn's count of the event reaches N within this batch (once, 376.1.b).
            let turn_start = self.events.turn_mark().unwrap_or(0);
            let earlier = &self.events[turn_start..start.max(turn_start)];
            let before = earlier.iter().filter(|e| self.event_matches(inner, source, you, e).is_some()).count() as u32;
            let now = batch.iter().filter(|e| self.event_matches(inner, source, you, e).is_some()).count() as u32;
            return (before < *n && before + now >= *n).then_some(None);
        }
        if let Trigger::FirstTime(inner) = trigger {
            // 376.1.b: only if it has not happened earlier this turn.
            let found = self.first_match(inner, source, you, batch, start)?;
            let turn_start = self.events.turn_mark().unwrap_or(0);
            let earlier = &self.events[turn_start..start.max(turn_start)];
            if earlier.iter().any(|e| self.event_matches(inner, source, you, e).is_some()) {
                return None;
            }
            return Some(found);
        }
        batch.iter().find_map(|e| self.event_matches(trigger, source, you, e))
    }

    /// 376.4.b.2.a / 376.4.c.2.a: a unit's conquer or hold ability triggers for the units of the
    /// scoring player present at the battlefield scored.
    fn present_at_score(&self, source: ObjId, you: PlayerId, scorer: PlayerId, b: Bf) -> Option<Option<PlayerId>> {
        (scorer == you && self.location(source) == Some(Loc::Battlefield(b))).then_some(None)
    }

    fn event_matches(&self, trigger: &Trigger, source: ObjId, you: PlayerId, e: &Event) -> Option<Option<PlayerId>> {
        let yes = Some(None);
        match (trigger, e) {
            (Trigger::PlayMe, Event::Played { card, .. }) if *card == source => yes,
            (Trigger::PlayMeAs { to_battlefield, from_hidden, turn }, Event::Played { card, hidden, .. })
                if *card == source =>
            {
                ((!to_battlefield || matches!(self.location(source), Some(Loc::Battlefield(_))))
                    && (!from_hidden || *hidden)
                    && turn.is(self.turn_player, you))
                .then_some(None)
            }
            (Trigger::Attacks { filter, your_battlefield }, Event::Attacked(u)) => {
                let yours = |g: &Game| match g.location(*u) {
                    Some(Loc::Battlefield(b)) => g.battlefields[b].controller == Some(you),
                    _ => false,
                };
                (self.unit_matches(filter, *u, you, source) && (!your_battlefield || yours(self))).then_some(None)
            }
            (Trigger::PlaySpell { min_energy, turn }, Event::Played { player, card, .. }) => {
                let def = self.card(*card);
                // 130.4: the base cost counts, whatever was paid.
                (*player == you
                    && def.kind == CardType::Spell
                    && min_energy.is_none_or(|m| def.energy >= m)
                    && turn.is(self.turn_player, you))
                .then_some(None)
            }
            // 403: a card of yours of that type recycled (a rune to its rune deck, 403.1.b).
            (Trigger::YouRecycle(kind), Event::Recycled { player, card }) => {
                (*player == you && self.card(*card).kind == *kind).then_some(None)
            }
            // 370.2: the player who activates an ability controls it, as they control its source.
            (Trigger::YouActivate(f), Event::Activated { source: s, .. }) => {
                (self.controller(*s) == you && self.unit_matches(f, *s, you, source)).then_some(None)
            }
            // 702.2.b: only a unit's controller spends its buff.
            (Trigger::YouSpendBuff, Event::BuffSpent(u)) => (self.controller(*u) == you).then_some(None),
            (Trigger::Attack, Event::Attacked(u)) | (Trigger::Defend, Event::Defended(u)) if *u == source => yes,
            (Trigger::MoveMe, Event::Moved { unit, .. }) if *unit == source => yes,
            (Trigger::MoveMeToBattlefield, Event::Moved { unit, to: Loc::Battlefield(_), .. })
            | (Trigger::MoveMeFromBattlefield, Event::Moved { unit, from: Loc::Battlefield(_), .. })
                if *unit == source =>
            {
                yes
            }
            // A card, not a token (176); "on an opponent's turn": not this player's turn; "from
            // [Hidden]": played from hidden (727.1.b).
            (Trigger::PlayCard { turn, from_hidden }, Event::Played { player, card, hidden }) => (*player == you
                && !self.obj(*card).token
                && self.card(*card).is_main_deck_card()
                && turn.is(self.turn_player, you)
                && (!from_hidden || *hidden))
                .then_some(None),
            // 376.2.c.1: the object that was discarded or killed, now in the trash.
            (Trigger::DiscardMe, Event::Discarded { card: o, .. })
            | (Trigger::KilledMe, Event::Killed { obj: o, .. })
                if *o == source || self.obj(*o).next == Some(source) =>
            {
                yes
            }
            (Trigger::AnyOf(list), e) => list.iter().find_map(|t| self.event_matches(t, source, you, e)),
            // 413.2.a: "when you buff": a buff your own spell or ability placed, not an opponent's.
            // "they" / "that player": the one who played it, when the event names a player.
            // A spell is in the trash by the time it is played (356.3.d): the printed card and
            // who played it are what the phrase is about.
            (Trigger::Play { by, filter }, Event::Played { player, card, .. }) => (by.is(*player, you)
                && if self.obj(*card).zone.is_board() {
                    self.unit_matches(filter, *card, you, source)
                } else {
                    self.is_of_kinds(*card, filter) && self.relation_holds(filter.relation, filter.allied, *player, you)
                })
            .then_some((*by != Actor::You).then_some(*player)),
            (Trigger::YouBuff(f), Event::Buffed { unit, by: Some(p) }) => {
                (*p == you && self.unit_matches(f, *unit, you, source)).then_some(None)
            }
            (Trigger::YouAttach { card, to }, Event::Attached { card: c, to: t }) => (self.controller(*c) == you
                && self.unit_matches(card, *c, you, source)
                && self.unit_matches(to, *t, you, source))
            .then_some(None),
            (Trigger::UnitAlone { filter, attack, defend }, Event::Attacked(u) | Event::Defended(u)) => {
                let attacked = matches!(e, Event::Attacked(_));
                ((if attacked { *attack } else { *defend })
                    && self.unit_matches(filter, *u, you, source)
                    && self.alone_in_combat(*u))
                .then_some(None)
            }
            (
                Trigger::ConquerMe { after_attack, was_uncontrolled },
                Event::Scored {
                    player,
                    battlefield,
                    method: ScoreMethod::Conquer,
                    after_combat,
                    was_uncontrolled: was,
                },
            ) if after_combat >= after_attack && was >= was_uncontrolled => {
                self.present_at_score(source, you, *player, *battlefield)
            }
            (Trigger::HoldMe, Event::Scored { player, battlefield, method: ScoreMethod::Hold, .. }) => {
                self.present_at_score(source, you, *player, *battlefield)
            }
            // 444.2.a-b / 053.3: a battlefield's score abilities trigger at the battlefield scored.
            (Trigger::YouConquerHere, Event::Scored { player, battlefield, method: ScoreMethod::Conquer, .. })
            | (Trigger::YouHoldHere, Event::Scored { player, battlefield, method: ScoreMethod::Hold, .. }) => {
                (*player == you && self.here(source) == Some(Loc::Battlefield(*battlefield))).then_some(None)
            }
            // 376.4.e: your units became defenders (here: at this battlefield), once per combat
            // (see `all_matches`); 181.6.c: an uncontrolled battlefield's "you" is no one.
            (Trigger::YouDefend { here }, Event::Defended(u)) => {
                let controlled = self.battlefields.iter().all(|b| b.obj != source || b.controller == Some(you));
                let at = self.location(*u);
                (controlled
                    && self.controller(*u) == you
                    && matches!(at, Some(Loc::Battlefield(_)))
                    && (!here || at == self.here(source)))
                .then_some(None)
            }
            // 462.2: "you or an ally": a teammate's scoring too.
            (Trigger::YouConquer { or_ally }, Event::Scored { player, method: ScoreMethod::Conquer, .. })
            | (Trigger::YouHold { or_ally }, Event::Scored { player, method: ScoreMethod::Hold, .. }) => {
                (*player == you || (*or_ally && self.allies(*player, you))).then_some(None)
            }
            // 440.2 (the later Core Rules' combat result, docs/rulings.md): a player won a combat, their units there with
            // them.
            (Trigger::WinCombat { me }, Event::WonCombat { player, units, .. }) => {
                (if *me { units.contains(&source) } else { *player == you }).then_some(None)
            }
            // 441: an opponent scored (by conquering or holding); "that player" is they.
            // 462.2: a teammate is no opponent.
            (Trigger::OpponentScores, Event::Scored { player, .. }) => {
                (*player != you && !self.allies(*player, you)).then_some(Some(*player))
            }
            (Trigger::BecomeEmpowered, Event::BecameEmpowered(o)) if *o == source => yes,
            // 438.1 / 440: a combat began or ended, here (053.3) and with me in it (438.1.a.3-4).
            (Trigger::Combat { ends: false, here, mine }, Event::ShowdownBegan { battlefield, combat: true, .. }) => {
                let at = Some(Loc::Battlefield(*battlefield));
                ((!here || self.here(source) == at)
                    && (!mine || self.obj(source).role.is_some() && self.location(source) == at))
                    .then_some(None)
            }
            (Trigger::Combat { ends: true, here, mine }, Event::CombatEnded { battlefield, units }) => ((!here
                || self.here(source) == Some(Loc::Battlefield(*battlefield)))
                && (!mine || units.contains(&source)))
            .then_some(None),
            (Trigger::Dies(f), Event::Killed { obj, .. }) => {
                self.filter_matches_lki(f, *obj, you, source).then_some(None)
            }
            (Trigger::Stun { filter, by_you }, Event::Stunned { unit, by }) => {
                ((!by_you || *by == Some(you)) && self.unit_matches(filter, *unit, you, source)).then_some(None)
            }
            (Trigger::YouMove(f), Event::Moved { unit, by: Some(p), .. }) => {
                (*p == you && self.unit_matches(f, *unit, you, source)).then_some(None)
            }
            (Trigger::YouDiscard, Event::Discarded { player, .. }) => (*player == you).then_some(None),
            (Trigger::YouBanish { own }, Event::Banished { obj, by: Some(p) }) => {
                (*p == you && !self.obj(*obj).token && (!own || self.obj(*obj).owner == you)).then_some(None)
            }
            (Trigger::YouKill { filter, spell }, Event::Killed { obj, by }) => {
                // 415.5: an object of yours (a spell, or an ability of it) killed it.
                (self.filter_matches_lki(filter, *obj, you, source)
                    && by.iter().any(|b| {
                        (!spell || self.db.get(self.obj(*b).card).kind == CardType::Spell)
                            && self.last_known_controller(*b) == you
                    }))
                .then_some(None)
            }
            // 402.3: a player readies what they control.
            (Trigger::YouReady(f), Event::Readied(u)) => {
                (self.controller(*u) == you && self.unit_matches(f, *u, you, source)).then_some(None)
            }
            // 403.1.a: a Main Deck card, to its owner's Main Deck (403.1.c).
            (Trigger::YouRecycleCards, Event::Recycled { player, card }) => {
                (*player == you && self.card(*card).is_main_deck_card()).then_some(None)
            }
            (Trigger::Moves { filter, to: towards, battlefield_only }, Event::Moved { unit, from, to, .. }) => {
                let here = self.here(source);
                let place = if *towards { to } else { from };
                (here == Some(*place)
                    && (!battlefield_only || matches!(place, Loc::Battlefield(_)))
                    && self.unit_matches(filter, *unit, you, source))
                .then_some(None)
            }
            (Trigger::OneOrMore(inner), e) | (Trigger::FirstTimeForThem(inner), e) => {
                self.event_matches(inner, source, you, e)
            }
            // 107.1.d: a card returned to its owner's hand (a token ceases to exist instead,
            // 177.1); "that player" is the owner.
            (Trigger::ReturnedToHand(f), Event::LeftBoard(obj)) => {
                let o = self.obj(*obj);
                let to_hand = o.next.is_some_and(|n| self.obj(n).zone == Zone::Hand);
                (to_hand && self.filter_matches_lki(f, *obj, you, source) && self.was_at(f, *obj, source))
                    .then_some(Some(o.owner))
            }
            // 421: the player's own move (141, 423) to a battlefield, "other than mine": not the
            // source's location.
            (
                Trigger::PlayerMoves { by, elsewhere },
                Event::Moved { to: to @ Loc::Battlefield(_), by: Some(p), .. },
            ) => (by.is(*p, you) && (!elsewhere || self.here(source) != Some(*to))).then_some(Some(*p)),
            // 352.6: "friendly" is relative to the player who chose it.
            (Trigger::Chooses { by, filter, spell: with_spell }, Event::Targeted { player, obj, spell }) => (by
                .is(*player, you)
                && (!with_spell || self.card(*spell).kind == CardType::Spell)
                && self.unit_matches(filter, *obj, *player, source))
            .then_some(Some(*player)),
            // 404: damage marked on a unit the filter names (as it last was: it may die of it).
            // 709: a unit the filter names became Mighty.
            (Trigger::BecomesMighty(f), Event::BecameMighty(u)) => {
                self.unit_matches(f, *u, you, source).then_some(None)
            }
            (Trigger::TakesDamage(f), Event::Dealt { target, .. }) => {
                self.filter_matches_lki(f, *target, you, source).then_some(None)
            }
            (Trigger::StartOfBeginning, Event::StepBegan { step: Step::Beginning, player }) => {
                (*player == you).then_some(None)
            }
            (Trigger::StartOfMainPhase, Event::StepBegan { step: Step::Action, player }) => {
                (*player == you).then_some(None)
            }
            (Trigger::StartOfEachFirstBeginning, Event::StepBegan { step: Step::Beginning, player }) => {
                (self.player(*player).turns_taken == 1).then_some(Some(*player))
            }
            (Trigger::EndOfTurn, Event::StepBegan { step: Step::Ending, player }) => (*player == you).then_some(None),
            (Trigger::EndOfThisTurn, Event::StepBegan { step: Step::Ending, .. }) => yes,
            _ => None,
        }
    }

    /// The filter's location ("here", "at a battlefield") against where a unit that has left the
    /// board last was (356.3.e.13).
    fn was_at(&self, f: &UnitFilter, obj: ObjId, source: ObjId) -> bool {
        let Some(lki) = self.obj(obj).lki else { return false };
        match f.at {
            At::Here => matches!(lki.zone, Zone::Battlefield(b) if self.here(source) == Some(Loc::Battlefield(b))),
            At::Battlefield => matches!(lki.zone, Zone::Battlefield(_)),
            _ => true,
        }
    }

    /// A filter against a unit that may have left (a dying unit is judged as it last was).
    pub(crate) fn filter_matches_lki(&self, f: &UnitFilter, obj: ObjId, you: PlayerId, source: ObjId) -> bool {
        let o = self.obj(obj);
        if f.me {
            return obj == source || o.next == Some(source);
        }
        if self.db.get(o.card).kind != f.kind || (f.other && (obj == source || self.obj(source).next == Some(obj))) {
            return false;
        }
        if f.other && o.next.is_some_and(|n| n == source) {
            return false;
        }
        let rel_ok = self.relation_holds(f.relation, f.allied, self.last_known_controller(obj), you);
        let tag_ok = f.tags_ok(&self.db.get(o.card).tags);
        rel_ok && tag_ok && f.condition.as_deref().is_none_or(|c| self.held_last(c, obj))
    }

    /// Does a unit on the board match a filter, relative to `you` and the source (352.8.b)?
    pub fn unit_matches(&self, f: &UnitFilter, u: ObjId, you: PlayerId, source: ObjId) -> bool {
        if f.or.as_ref().is_some_and(|g| self.unit_matches(g, u, you, source)) {
            return true;
        }
        let o = self.obj(u);
        // "me": the source itself, whatever its type.
        if f.me {
            return u == source && o.alive && o.zone.is_board();
        }
        // 352.8.a.1: units, gear and runes on the board unless the text says otherwise ("from
        // your trash", 352.10.a); a battlefield is in the battlefield zone (352.10.b).
        let zone_ok = match f.at {
            _ if f.facedown => matches!(o.zone, Zone::Facedown(_)),
            super::abilities::At::YourTrash => o.zone == Zone::Trash && o.zone_player == you,
            super::abilities::At::Trashes => o.zone == Zone::Trash,
            super::abilities::At::MainDeck => o.zone == Zone::MainDeck,
            super::abilities::At::YourHand => o.zone == Zone::Hand && o.zone_player == you,
            super::abilities::At::Chain => o.zone == Zone::Chain,
            super::abilities::At::YourChampionZone => o.zone == Zone::ChampionZone && o.zone_player == you,
            _ if f.kind == CardType::Battlefield => o.zone == Zone::BattlefieldZone,
            // 352.8.a.2: a spell not in a trash is on the chain.
            _ if f.kind == CardType::Spell => o.zone == Zone::Chain,
            _ => o.zone.is_board(),
        };
        if !o.alive || !zone_ok || (self.card(u).kind != f.kind && !f.facedown) {
            return false;
        }
        if f.max_might.is_some_and(|m| self.might(u) > m as i32) {
            return false;
        }
        if f.max_cost.is_some_and(|m| !m.allows(self.card(u).energy, self.card(u).power.len())) {
            return false;
        }
        if f.other && u == source {
            return false;
        }
        if f.my_name
            && (!self.source_ok(source)
                || source.index() == u32::MAX as usize
                || self.card(u).name != self.card(source).name)
        {
            return false;
        }
        // 181.2: a battlefield is its controller's ("battlefields you control"), nobody's while
        // open; any other object is its controller's.
        let rel_ok = match self.battlefield_of(u).filter(|_| f.kind == CardType::Battlefield) {
            Some(b) => {
                f.relation == Relation::Any
                    || self.battlefields[b]
                        .controller
                        .is_some_and(|c| self.relation_holds(f.relation, f.allied, c, you))
            }
            // 107.6: "you own" asks the card's owner, whoever controls it now.
            None if f.relation == Relation::Own => o.owner == you,
            None => self.relation_holds(f.relation, f.allied, self.controller(u), you),
        };
        let at_ok = match f.at {
            super::abilities::At::Anywhere | super::abilities::At::Everywhere => true,
            // 106.4: a facedown card is at the battlefield it was hidden at.
            // 053.3: a battlefield is where it is (a Move Destination "to a battlefield").
            super::abilities::At::Battlefield => {
                matches!(self.here(u), Some(Loc::Battlefield(_))) || matches!(o.zone, Zone::Facedown(_))
            }
            // 053.3: a battlefield's "here" is the battlefield itself.
            super::abilities::At::Here => {
                self.location(u).is_some() && source.index() < self.objs.len() && self.location(u) == self.here(source)
            }
            // Only a target spec says it, as `Located::AtIt`.
            super::abilities::At::ItsLocation => false,
            super::abilities::At::Elsewhere => {
                let here = if source.index() < self.objs.len() { self.location(source) } else { None };
                self.location(u).is_some() && self.location(u) != here
            }
            super::abilities::At::That(b) if f.kind == CardType::Battlefield => self.battlefields[b].obj == u,
            super::abilities::At::That(b) => self.location(u) == Some(Loc::Battlefield(b)),
            super::abilities::At::MyBattlefield => {
                let at = if source.index() < self.objs.len() { self.location_or_died_at(source) } else { None };
                matches!(at, Some(Loc::Battlefield(_))) && self.location(u) == at
            }
            super::abilities::At::YourTrash
            | super::abilities::At::Trashes
            | super::abilities::At::MainDeck
            | super::abilities::At::YourHand
            | super::abilities::At::Chain
            | super::abilities::At::YourChampionZone => true,
            // 106.2.d: the base of the ability's controller.
            super::abilities::At::YourBase => self.location(u) == Some(Loc::Base(you)),
            super::abilities::At::AnyBase => matches!(self.location(u), Some(Loc::Base(_))),
            // 438.1.a.3-4: the attacking and defending units of the combat in progress.
            super::abilities::At::InCombat => {
                o.role.is_some()
                    && matches!(self.location(u), Some(Loc::Battlefield(b))
                        if self.showdown.as_ref().is_some_and(|s| s.battlefield == b && s.combat.is_some()))
            }
        };
        let tag_ok = !f.names_tags() || self.tags_pass(u, f);
        rel_ok && at_ok && tag_ok && f.condition.as_ref().is_none_or(|c| self.holds(c, u, you, None))
    }

    /// Every object on the board a filter matches.
    pub fn matching(&self, f: &UnitFilter, you: Option<PlayerId>, source: Option<ObjId>) -> Vec<ObjId> {
        let you = you.unwrap_or(self.turn_player);
        let source = source.unwrap_or(ObjId(u32::MAX));
        let pool: Vec<ObjId> = match f.kind {
            _ if f.facedown => self.battlefields.iter().flat_map(|b| b.facedown.iter().copied()).collect(),
            // 352.10.a: "from your trash" looks in the trash (public), whatever the card kind;
            // before the kind branches, which look only at the board.
            _ if f.at == super::abilities::At::YourTrash => self.player(you).trash.clone(),
            _ if f.at == super::abilities::At::YourHand => self.player(you).hand.clone(),
            _ if f.at == super::abilities::At::YourChampionZone => self.player(you).champion_zone.into_iter().collect(),
            _ if f.at == super::abilities::At::Trashes => {
                self.players.iter().flat_map(|p| p.trash.iter().copied()).collect()
            }
            CardType::Rune => self.players.iter().flat_map(|p| p.runes.iter().copied()).collect(),
            // 143.1.a.3: gear on the board (at a base, or at a battlefield until recalled).
            CardType::Gear => self
                .players
                .iter()
                .flat_map(|p| p.base.iter().copied())
                .chain(self.battlefields.iter().flat_map(|b| b.units.iter().copied()))
                .collect(),
            CardType::Battlefield => self.battlefields.iter().map(|b| b.obj).collect(),
            // 352.8.a.4: a legend is in its Legend Zone.
            CardType::Legend => self.players.iter().filter_map(|p| p.legend).collect(),
            // 352.8.a.2: the spells on the chain.
            CardType::Spell => self
                .chain
                .iter()
                .filter_map(|i| match i.kind {
                    super::state::ItemKind::Card(c) => Some(c),
                    _ => None,
                })
                .collect(),
            _ => self.all_units(),
        };
        let mut pool = pool;
        if let Some(g) = &f.or {
            for x in self.matching(g, Some(you), Some(source)) {
                if !pool.contains(&x) {
                    pool.push(x);
                }
            }
        }
        pool.into_iter().filter(|u| self.source_ok(source) && self.unit_matches(f, *u, you, source)).collect()
    }

    fn source_ok(&self, source: ObjId) -> bool {
        source.index() == u32::MAX as usize || source.index() < self.objs.len()
    }

    /// 376.3.b: each player, turn player first, puts their triggered abilities on the chain in
    /// the order they choose.
    fn order_onto_chain(&mut self, fired: Vec<Triggered>, order: Vec<PlayerId>) -> R<()> {
        if fired.is_empty() {
            return Ok(());
        }
        for (p, mut mine) in triggers::by_controller(fired, &order, |t| t.controller) {
            while !mine.is_empty() {
                // Identical abilities (the same ability triggered twice) need no order.
                let same = mine.iter().all(|t| {
                    (t.source, t.index, t.that_player) == (mine[0].source, mine[0].index, mine[0].that_player)
                });
                let pick = if mine.len() > 1 && !same {
                    let options = (0..mine.len()).map(|i| Choice::Nth(i as u8)).collect();
                    match self.decide(p, Ask::TriggerOrder, options)? {
                        Choice::Nth(i) => i as usize,
                        _ => 0,
                    }
                } else {
                    0
                };
                let t = mine.remove(pick);
                let text = match t.index {
                    TEMPORARY => TEMPORARY_TEXT,
                    VISION => super::abilities::VISION_TEXT,
                    WEAPONMASTER => super::abilities::WEAPONMASTER_TEXT,
                    QUICK_DRAW => super::abilities::QUICK_DRAW_TEXT,
                    HUNT => super::experience::HUNT_TEXT,
                    i => &self.text_card(t.source, t.lender).abilities.abilities[i as usize].text,
                };
                trace!(self, "376.3", "{} triggers: {}", self.describe(t.source), text);
                self.chain.push(ChainItem {
                    kind: match t.index {
                        TEMPORARY => ItemKind::Temporary(t.source),
                        VISION => ItemKind::Given(Keyword::Vision, t.source),
                        WEAPONMASTER => ItemKind::Given(Keyword::Weaponmaster, t.source),
                        QUICK_DRAW => ItemKind::Given(Keyword::QuickDraw, t.source),
                        HUNT => ItemKind::Hunt { unit: t.source, xp: self.hunt_value(t.source) },
                        index => match t.lender {
                            Some(lender) => ItemKind::Borrowed { source: t.source, lender, index },
                            None => ItemKind::Ability { source: t.source, index },
                        },
                    },
                    controller: t.controller,
                    pending: true,
                    targets: Vec::new(),
                    that_player: t.that_player,
                    that_unit: t.that_unit,
                    that_battlefield: t.that_battlefield,
                    costs_paid: Vec::new(),
                });
            }
        }
        self.changed();
        Ok(())
    }

    /// 376.4.b: "activate the conquer effects of units here" (Reckoner's Arena): the conquer
    /// effects ("When I conquer", "When you conquer") of the objects `f` names go on the chain as
    /// pending items, as if they had triggered (376.3), their controllers ordering their own;
    /// "this battlefield" in them is the source's battlefield (444.2).
    pub fn activate_effects(&mut self, c: &HookCall, category: TriggerCategory, f: &UnitFilter) -> R<()> {
        let you = c.controller.unwrap_or(self.turn_player);
        let here = c.source.and_then(|s| {
            self.battlefield_of(s).or(match self.here(s) {
                Some(Loc::Battlefield(b)) => Some(b),
                _ => None,
            })
        });
        let mut fired = Vec::new();
        for u in self.matching(f, Some(you), c.source) {
            let held: Vec<_> = self.triggered_abilities(u).collect();
            for (lender, i) in held {
                let a = &self.text_card(u, lender).abilities.abilities[i];
                if let AbilityKind::Triggered { trigger, .. } = &a.kind
                    && category.includes(trigger)
                {
                    trace!(
                        self,
                        category.rule(),
                        "the {} effect of {} is activated",
                        category.name(),
                        self.describe(u)
                    );
                    fired.push(Triggered {
                        source: u,
                        index: i as u8,
                        lender,
                        controller: self.controller(u),
                        that_player: None,
                        that_unit: None,
                        that_battlefield: here,
                    });
                }
            }
        }
        let mut order = self.active_players();
        let tp = order.iter().position(|p| *p == self.turn_player).unwrap_or(0);
        order.rotate_left(tp);
        self.order_onto_chain(fired, order)
    }

    /// 390: a pending triggered ability chooses its targets as it is finalized; one that can't
    /// leaves the chain (390.3, not countered). Then its total cost is paid or declined (391-392).
    pub(crate) fn finalize_ability_item(&mut self, i: usize) -> R<bool> {
        let item = self.chain[i].clone();
        // A delayed trigger chooses its targets as it goes on the chain too (383.2, 390).
        let (source, index, lender) = match item.kind {
            ItemKind::Ability { source, index } | ItemKind::DelayedTrigger { source, index, .. } => {
                (source, index, None)
            }
            ItemKind::Borrowed { source, lender, index } => (source, index, Some(lender)),
            // SFD-745.1.d: a given [Quick-Draw] chooses the unit to attach to as printed one does.
            ItemKind::Given(keyword, source) => {
                let specs = given_keyword_targets(keyword);
                if specs.is_empty() {
                    return Ok(true);
                }
                let Some(t) = self.choose_targets_about(item.controller, Some(source), &specs, None)? else {
                    trace!(self, "390.3", "{} has no legal targets and leaves the chain", self.describe_item(&item));
                    self.chain.remove(i);
                    return Ok(false);
                };
                self.chain[i].targets = t;
                self.emit_targeted(i, source);
                return Ok(true);
            }
            _ => return Ok(true),
        };
        let Some(ability) = self.text_card(source, lender).abilities.abilities.get(index as usize).cloned() else {
            return Ok(true);
        };
        if !ability.targets.is_empty() {
            // 727.1.d.2: a play effect of a permanent played from hidden chooses at its battlefield.
            let specs = self.choice_specs(source, &ability);
            let Some(t) = self.choose_targets_about(item.controller, Some(source), &specs, item.that_unit)? else {
                trace!(self, "390.3", "{} has no legal targets and leaves the chain", self.describe_item(&item));
                self.chain.remove(i);
                return Ok(false);
            };
            self.chain[i].targets = t;
        }
        let stays = self.pay_trigger_cost(i, source, ability.instruction_costs())?;
        if stays {
            self.emit_targeted(i, source);
        }
        Ok(stays)
    }

    /// 391-392: the total cost of the triggered ability pending at `i`, its choices made. It has
    /// no base cost (391.1.b); the costs within its instructions (352.10.c.1, `within`) are part
    /// of it, and choosing a permanent with Deflect that an opponent of its controller controls
    /// adds [A] per Deflect point (391.3, 725.1.c-d), as for a spell or an activated ability. Its
    /// controller pays it (392.1) or declines (392.2); declined, or not affordable, the ability
    /// leaves the chain and never becomes a chain item, which is not countering it (392.2.a).
    /// A cost within one instruction among others is that instruction's, decided on its own:
    /// declined, only its "to ..." does not happen and the ability stays. Returns whether it stays.
    fn pay_trigger_cost(&mut self, i: usize, source: ObjId, within: InstructionCosts) -> R<bool> {
        let p = self.chain[i].controller;
        let deflect = self.deflect_increase(p, &self.chain[i].targets);
        if within.alone {
            if let Some(with) =
                self.offer_trigger_cost(i, source, deflect.unwrap_or_default(), Some(within.tests[0]))?
            {
                self.chain[i].costs_paid = vec![Some(with)];
                return Ok(true);
            }
            return Ok(self.decline_trigger(i));
        }
        if let Some(d) = deflect
            && self.offer_trigger_cost(i, source, d, None)?.is_none()
        {
            return Ok(self.decline_trigger(i));
        }
        for test in within.tests {
            let paid = self.offer_trigger_cost(i, source, Cost::default(), Some(test))?;
            if paid.is_none() {
                trace!(
                    self,
                    "352.10.c.1",
                    "{p} does not pay: only that instruction of {} is skipped",
                    self.describe_item(&self.chain[i])
                );
            }
            self.chain[i].costs_paid.push(paid);
        }
        Ok(true)
    }

    /// 392.2: the triggered ability pending at `i` is not paid for and leaves the chain.
    fn decline_trigger(&mut self, i: usize) -> bool {
        let p = self.chain[i].controller;
        trace!(self, "392.2", "{p} does not pay for {}: it leaves the chain", self.describe_item(&self.chain[i]));
        self.chain.remove(i);
        false
    }

    /// 391.3-392.1: offers the controller of the triggered ability pending at `i` to pay `extra`
    /// (Deflect's) with the cost within its instruction `within`. Returns the objects it was paid
    /// with (the unit recycled, killed ...), or `None` if it was not paid.
    fn offer_trigger_cost(
        &mut self,
        i: usize,
        source: ObjId,
        extra: Cost,
        within: Option<&Test>,
    ) -> R<Option<Vec<ObjId>>> {
        let p = self.chain[i].controller;
        let mut cost = match within {
            Some(Test::Pay { cost, .. } | Test::PayAnd { cost, .. }) => cost.clone(),
            _ => Cost::default(),
        };
        let why = if extra.power.is_empty() { " (352.10.c.1)" } else { " (725.1.c)" };
        cost.power.extend(extra.power);
        let exhaust = matches!(within, Some(Test::Pay { exhaust_me: true, .. }));
        let other = match within {
            Some(Test::PayOther { cost, .. } | Test::PayAnd { other: cost, .. }) => Some(cost),
            _ => None,
        };
        let mut parts = if cost.is_free() { Vec::new() } else { vec![cost.to_string()] };
        parts.extend(exhaust.then(|| "exhausting its source".to_string()));
        parts.extend(other.map(OtherCost::paying));
        trace!(self, "391.3", "total cost of {} is {}{why}", self.describe_item(&self.chain[i]), parts.join(" and "));
        // 401.4: only a ready object on the board can be exhausted to pay.
        let exhaustible =
            !exhaust || (self.obj(source).alive && self.obj(source).zone.is_board() && !self.obj(source).exhausted);
        let others = other.map(std::slice::from_ref).unwrap_or_default();
        let payable = self.can_afford(p, &cost) && exhaustible && self.can_pay_other(p, source, false, others);
        let options = if payable { vec![Choice::Yes, Choice::No] } else { vec![Choice::No] };
        if self.decide(p, Ask::TriggerCost, options)? == Choice::Yes && self.pay(p, &cost)? {
            if exhaust {
                self.exhaust(source);
            }
            if !others.is_empty() {
                return self.pay_other_with(p, source, others, None);
            }
            return Ok(Some(Vec::new()));
        }
        Ok(None)
    }

    /// 356.3.d: a resolving spell's instructions, top to bottom, with the targets chosen as it
    /// was played (still-legal ones only, 356.3.e).
    /// The ability a spell on the chain resolves with: its instructions, or the mode chosen for
    /// it (182.2.b).
    pub(crate) fn spell_ability(&self, card: ObjId) -> Option<usize> {
        let chosen = self.obj(card).mode as usize;
        self.card(card)
            .abilities
            .abilities
            .iter()
            .enumerate()
            .find(|(i, a)| a.kind == AbilityKind::Spell || (a.kind == AbilityKind::Mode && *i == chosen))
            .map(|(i, _)| i)
    }

    pub(crate) fn run_spell(&mut self, item: &ChainItem, card: ObjId) -> R<()> {
        let db = self.db.clone();
        let def = db.get(self.obj(card).card);
        let Some(ability) = self.spell_ability(card).map(|i| &def.abilities.abilities[i]) else {
            return Ok(());
        };
        let specs = self.choice_specs(card, ability);
        // [Repeat] paid: the instructions run once more, with the targets chosen for the repeat
        // (those after the spell's own on the chain item), unless the spell has left the chain;
        // a modal spell's repeat runs the mode chosen for it (182.2.b).
        let repeat = (ability.repeat && self.obj(card).paid_additional) || self.obj(card).repeat_granted;
        let (first, again) =
            item.targets.split_at(if repeat { specs.len().min(item.targets.len()) } else { item.targets.len() });
        for (run, targets) in [first, again].into_iter().enumerate() {
            let mut ability = ability;
            if run == 1 {
                if !repeat || self.obj(card).zone != Zone::Chain {
                    break;
                }
                if ability.kind == AbilityKind::Mode {
                    let Some(a) = def.abilities.abilities.get(self.obj(card).repeat_mode as usize) else { break };
                    ability = a;
                }
                trace!(self, "002", "{} repeats: its instructions are executed once more", self.describe(card));
            }
            let Some(body) = &ability.body else { continue };
            let specs = self.choice_specs(card, ability);
            let call = HookCall {
                source: Some(card),
                controller: Some(item.controller),
                targets: targets.to_vec(),
                specs: specs.clone(),
                hidden_at: self.hidden_choices_at(card, ability),
                spell: Some(card),
                // 353.2.b: "If you do": whether the optional additional cost was paid.
                paid_additional: self.obj(card).paid_additional,
                ..HookCall::default()
            };
            if run == 0 {
                trace!(self, "356.3.d", "{} ({}:{}): {}", def.name, def.file, ability.line, ability.text);
            }
            let effects = super::host::generated(def, ability, body);
            super::host::run_effects(self, &def.abilities.script, body, effects, call, &def.name, ability.line)?;
        }
        Ok(())
    }

    /// Resolves an ability or delayed ability item (394.5): runs its body.
    pub(crate) fn resolve_ability(&mut self, item: &ChainItem) -> R<()> {
        match item.kind {
            ItemKind::Ability { source, index } | ItemKind::Borrowed { source, index, .. } => {
                // A borrowed ability's text is its lender's card's (Heimerdinger, Inventor).
                // Borrowed from the shared card database, not cloned from the game.
                let db = self.db.clone();
                let card = match item.kind {
                    ItemKind::Borrowed { lender, .. } => db.get(self.obj(lender).card),
                    _ => db.get(self.obj(source).card),
                };
                // An item without an ability (a card changed under it) does nothing.
                let Some(ability) = card.abilities.abilities.get(index as usize) else { return Ok(()) };
                if let AbilityKind::Triggered { condition: Some(c), .. } = &ability.kind
                    && !matches!(c, Condition::OnTrigger(_))
                {
                    // An "if" condition is checked again as the ability resolves.
                    if !self.holds_with(c, source, item.controller, None, item.that_battlefield) {
                        trace!(self, "376.2", "the condition of {} no longer holds", self.describe_item(item));
                        return Ok(());
                    }
                }
                let Some(body) = &ability.body else { return Ok(()) };
                // 181.6.c: "you" in an uncontrolled battlefield's ability is no one (its
                // instructions for "you" are ignored), though the turn player controls it (181.6.b).
                let uncontrolled = self.battlefields.iter().any(|b| b.obj == source && b.controller.is_none());
                let call = HookCall {
                    source: Some(source),
                    lender: match item.kind {
                        ItemKind::Borrowed { lender, .. } => Some(lender),
                        _ => None,
                    },
                    controller: if uncontrolled { None } else { Some(item.controller) },
                    targets: item.targets.clone(),
                    specs: self.choice_specs(source, ability),
                    that_unit: item.that_unit.map(|u| self.as_played(u)),
                    that_player: item.that_player,
                    that_battlefield: item.that_battlefield,
                    spell: None,
                    paid_additional: self.obj(source).paid_additional,
                    remembered: None,
                    hidden_at: self.hidden_choices_at(source, ability),
                    // A finalized ability whose instructions have costs decided them (392).
                    costs_paid: item.costs_paid.clone(),
                };
                trace!(self, "394.5", "{} ({}:{}): {}", card.name, card.file, ability.line, ability.text);
                let effects = super::host::generated(card, ability, body);
                super::host::run_effects(self, &card.abilities.script, body, effects, call, &card.name, ability.line)
            }
            ItemKind::Temporary(unit) => {
                trace!(self, "732.1.b", "{}: {TEMPORARY_TEXT}", self.describe(unit));
                self.kill(&[unit], Some(unit))
            }
            ItemKind::Given(keyword, source) => {
                let call = HookCall {
                    source: Some(source),
                    controller: Some(item.controller),
                    targets: item.targets.clone(),
                    specs: given_keyword_targets(keyword),
                    ..HookCall::default()
                };
                match keyword {
                    Keyword::Weaponmaster => {
                        trace!(
                            self,
                            "SFD-747.1.c",
                            "{}: {}",
                            self.describe(source),
                            super::abilities::WEAPONMASTER_TEXT
                        );
                        self.weaponmaster(&call)
                    }
                    Keyword::QuickDraw => {
                        trace!(self, "SFD-745.1.d", "{}: {}", self.describe(source), super::abilities::QUICK_DRAW_TEXT);
                        if let Some(&unit) = self.legal_targets(&call, 0)?.first() {
                            self.attach(source, unit);
                        }
                        Ok(())
                    }
                    _ => {
                        trace!(self, "733.1.b", "{}: {}", self.describe(source), super::abilities::VISION_TEXT);
                        self.vision(&call)
                    }
                }
            }
            ItemKind::Hunt { unit, xp } => self.hunt(unit, item.controller, xp),
            // 385: it resolves whether or not its source is still around (a spell is in the
            // trash by now); its card's script is the source's.
            ItemKind::DelayedTrigger { source, index, remembered } => {
                let db = self.db.clone();
                let card = db.get(self.obj(source).card);
                let Some(ability) = card.abilities.abilities.get(index as usize) else { return Ok(()) };
                let Some(body) = &ability.body else { return Ok(()) };
                let call = HookCall {
                    source: Some(source),
                    controller: Some(item.controller),
                    targets: item.targets.clone(),
                    specs: self.choice_specs(source, ability),
                    remembered,
                    costs_paid: item.costs_paid.clone(),
                    that_unit: item.that_unit,
                    that_battlefield: item.that_battlefield,
                    ..HookCall::default()
                };
                trace!(self, "384", "{} ({}:{}): {}", card.name, card.file, ability.line, ability.text);
                let effects = super::host::generated(card, ability, body);
                super::host::run_effects(self, &card.abilities.script, body, effects, call, &card.name, ability.line)
            }
            ItemKind::Card(_) => Ok(()),
        }
    }
}

/// 376.2.c: a batch of new events is matched against the objects with triggered abilities
/// only, indexed again after an object enters or leaves a zone (`actions.rs`).
impl Triggers for Game {
    type Source = TriggerSource;
    type Event = Event;
    type Fired = Triggered;

    fn index(&self) -> &TriggerIndex<TriggerSource> {
        &self.trigger_index
    }

    fn index_mut(&mut self) -> &mut TriggerIndex<TriggerSource> {
        &mut self.trigger_index
    }

    fn sources(&self) -> Vec<TriggerSource> {
        self.trigger_sources()
    }

    fn batch_kinds(&self, batch: &[Event]) -> u32 {
        batch.iter().fold(0, |k, e| k | event_kind(e))
    }

    fn listens(&self, ability: TriggerSource) -> u32 {
        ability.kinds
    }

    fn matches(&self, ability: TriggerSource, batch: &[Event], start: usize, fired: &mut Vec<Triggered>) {
        let TriggerSource { obj: source, lender, index, .. } = ability;
        let a = &self.text_card(source, lender).abilities.abilities[index as usize];
        let AbilityKind::Triggered { trigger, condition, in_trash } = &a.kind else { return };
        let Some(trigger) = active_trigger(trigger, *in_trash, self.obj(source).zone == Zone::Trash) else { return };
        let trigger = trigger.as_ref();
        let controller = self.ability_controller(source);
        let found = self.all_matches(trigger, source, controller, batch, start);
        if found.is_empty() {
            return;
        }
        let subjects = self.trigger_subjects(trigger, source, controller, batch);
        for (k, that_player) in found.into_iter().enumerate() {
            let (that_unit, that_battlefield) = subjects.get(k).copied().unwrap_or_default();
            // 376.2.b: a condition inside the effect is checked as it resolves, not here.
            if let Some(c) = condition
                && !matches!(c, Condition::OnResolution(_))
                && !self.holds_with(c, source, controller, None, that_battlefield)
            {
                continue;
            }
            fired.push(Triggered { source, index, lender, controller, that_player, that_unit, that_battlefield });
        }
    }
}

/// Kinds of events, one bit each, for matching a batch against only the triggers that can match
/// one of its events (376.2: most events meet no trigger on the board).
pub(crate) mod kind {
    pub const PLAYED: u32 = 1;
    pub const ATTACKED: u32 = 1 << 1;
    pub const DEFENDED: u32 = 1 << 2;
    pub const MOVED: u32 = 1 << 3;
    pub const DISCARDED: u32 = 1 << 4;
    pub const KILLED: u32 = 1 << 5;
    pub const BUFFED: u32 = 1 << 6;
    pub const SCORED: u32 = 1 << 7;
    pub const WON_COMBAT: u32 = 1 << 8;
    pub const BECAME_EMPOWERED: u32 = 1 << 9;
    pub const SHOWDOWN_BEGAN: u32 = 1 << 10;
    pub const COMBAT_ENDED: u32 = 1 << 11;
    pub const STUNNED: u32 = 1 << 12;
    pub const BANISHED: u32 = 1 << 13;
    pub const READIED: u32 = 1 << 14;
    pub const RECYCLED: u32 = 1 << 15;
    pub const LEFT_BOARD: u32 = 1 << 16;
    pub const TARGETED: u32 = 1 << 17;
    pub const BECAME_MIGHTY: u32 = 1 << 18;
    pub const DEALT: u32 = 1 << 19;
    pub const STEP_BEGAN: u32 = 1 << 20;
    pub const ATTACHED: u32 = 1 << 21;
    /// Every other event, which no trigger matches in `event_matches`.
    pub const OTHER: u32 = 1 << 31;
}

/// The kind of an event ([`kind`]).
fn event_kind(e: &Event) -> u32 {
    match e {
        Event::Played { .. } => kind::PLAYED,
        Event::Attacked(_) => kind::ATTACKED,
        Event::Defended(_) => kind::DEFENDED,
        Event::Moved { .. } => kind::MOVED,
        Event::Discarded { .. } => kind::DISCARDED,
        Event::Killed { .. } => kind::KILLED,
        Event::Buffed { .. } => kind::BUFFED,
        Event::Scored { .. } => kind::SCORED,
        Event::WonCombat { .. } => kind::WON_COMBAT,
        Event::BecameEmpowered(_) => kind::BECAME_EMPOWERED,
        Event::ShowdownBegan { .. } => kind::SHOWDOWN_BEGAN,
        Event::CombatEnded { .. } => kind::COMBAT_ENDED,
        Event::Stunned { .. } => kind::STUNNED,
        Event::Banished { .. } => kind::BANISHED,
        Event::Readied(_) => kind::READIED,
        Event::Recycled { .. } => kind::RECYCLED,
        Event::LeftBoard(_) => kind::LEFT_BOARD,
        Event::Targeted { .. } => kind::TARGETED,
        Event::BecameMighty(_) => kind::BECAME_MIGHTY,
        Event::Dealt { .. } => kind::DEALT,
        Event::StepBegan { .. } => kind::STEP_BEGAN,
        Event::Attached { .. } => kind::ATTACHED,
        _ => kind::OTHER,
    }
}

/// The kinds of events `t` can match in [`Game::event_matches`] (a superset: the pairs it
/// accepts there, whatever their guards). A "first time", "one or more" or Nth-time trigger
/// needs a matching event in the batch too. Every trigger is listed, so a new one must say
/// what it listens to.
pub(crate) fn listens_to(t: &Trigger) -> u32 {
    use kind::*;
    match t {
        Trigger::PlayMe
        | Trigger::PlayMeAs { .. }
        | Trigger::PlaySpell { .. }
        | Trigger::PlayCard { .. }
        | Trigger::Play { .. } => PLAYED,
        Trigger::Attack | Trigger::Attacks { .. } => ATTACKED,
        Trigger::Defend | Trigger::YouDefend { .. } => DEFENDED,
        Trigger::UnitAlone { .. } => ATTACKED | DEFENDED,
        Trigger::MoveMe
        | Trigger::MoveMeToBattlefield
        | Trigger::YouMove(_)
        | Trigger::Moves { .. }
        | Trigger::PlayerMoves { .. } => MOVED,
        Trigger::DiscardMe | Trigger::YouDiscard => DISCARDED,
        Trigger::KilledMe | Trigger::Dies(_) | Trigger::YouKill { .. } => KILLED,
        Trigger::YouBuff(_) => BUFFED,
        Trigger::YouAttach { .. } => ATTACHED,
        Trigger::ConquerMe { .. }
        | Trigger::HoldMe
        | Trigger::YouConquer { .. }
        | Trigger::YouHold { .. }
        | Trigger::YouConquerHere
        | Trigger::YouHoldHere
        | Trigger::OpponentScores => SCORED,
        Trigger::WinCombat { .. } => WON_COMBAT,
        Trigger::BecomeEmpowered => BECAME_EMPOWERED,
        Trigger::Combat { ends: false, .. } => SHOWDOWN_BEGAN,
        Trigger::Combat { ends: true, .. } => COMBAT_ENDED,
        Trigger::Stun { .. } => STUNNED,
        Trigger::YouBanish { .. } => BANISHED,
        Trigger::YouReady(_) => READIED,
        Trigger::YouRecycleCards | Trigger::YouRecycle(_) => RECYCLED,
        Trigger::MoveMeFromBattlefield => MOVED,
        // A spent buff has no kind of its own (`event_kind`).
        Trigger::YouSpendBuff => OTHER,
        // An activation has no kind of its own either.
        Trigger::YouActivate(_) => OTHER,
        Trigger::ReturnedToHand(_) => LEFT_BOARD,
        Trigger::Chooses { .. } => TARGETED,
        Trigger::BecomesMighty(_) => BECAME_MIGHTY,
        Trigger::TakesDamage(_) => DEALT,
        Trigger::StartOfBeginning
        | Trigger::StartOfMainPhase
        | Trigger::StartOfEachFirstBeginning
        | Trigger::EndOfTurn
        | Trigger::EndOfThisTurn => STEP_BEGAN,
        Trigger::OneOrMore(inner)
        | Trigger::FirstTime(inner)
        | Trigger::NthTime(_, inner)
        | Trigger::FirstTimeForThem(inner) => listens_to(inner),
        Trigger::AnyOf(list) => list.iter().fold(0, |k, t| k | listens_to(t)),
        // Looked back at from the event itself (724, 356.3.e.13), or "As" (365): never matched
        // against a batch here.
        Trigger::Deathknell | Trigger::LeavesBoard | Trigger::DieInCombat | Trigger::SeenFromTop { .. } => 0,
    }
}

/// Whether an object entering or leaving `zone` can change `Game::trigger_sources`: units and
/// gear in bases and at battlefields, legends and trashes do; runes, hands and decks never hold
/// an object whose triggered abilities are active (378).
pub(super) fn holds_trigger_sources(zone: Zone, rune: bool) -> bool {
    !rune && matches!(zone, Zone::Base | Zone::Battlefield(_) | Zone::LegendZone | Zone::Trash)
}

/// 378.2: triggers that describe the trash as where they work: the object was just discarded or
/// killed and is there now (376.2.c.1).
pub(crate) fn works_from_trash(t: &Trigger) -> bool {
    match t {
        Trigger::DiscardMe | Trigger::KilledMe => true,
        Trigger::AnyOf(list) => list.iter().any(works_from_trash),
        _ => false,
    }
}

impl Game {
    /// The unit an event is about (a trigger's "it", 414.3) and the battlefield it names ("that
    /// battlefield", "there", "the same battlefield"): the one scored (444.2), the one a unit
    /// moved to (423), or the one where a unit became an attacker or defender (438.1.a.3-4: the
    /// combat's battlefield, where the unit is as its trigger is checked).
    fn event_subject(&self, e: &Event) -> (Option<ObjId>, Option<Bf>) {
        match e {
            Event::Attacked(u) | Event::Defended(u) => {
                let at = match self.location(*u) {
                    Some(Loc::Battlefield(b)) => Some(b),
                    _ => None,
                };
                (Some(*u), at)
            }
            Event::Moved { unit, to, .. } => {
                let at = match to {
                    Loc::Battlefield(b) => Some(*b),
                    _ => None,
                };
                (Some(*unit), at)
            }
            Event::Buffed { unit: u, .. } | Event::BecameMighty(u) => (Some(*u), None),
            Event::Killed { obj, .. } => (Some(*obj), None),
            Event::Stunned { unit, .. } | Event::Readied(unit) => (Some(*unit), None),
            Event::Dealt { target, .. } => (Some(*target), None),
            Event::Attached { to, .. } => (Some(*to), None),
            Event::Played { card, .. } => (Some(*card), None),
            Event::Targeted { obj, .. } => (Some(*obj), None),
            Event::Scored { battlefield, .. } => (None, Some(*battlefield)),
            _ => (None, None),
        }
    }
}

/// The part of a trigger that is active where its object is now (377, 378): "when you discard
/// me" in the trash; the others on the board, or in the trash if the ability says it works there
/// (`in_trash`). Deathknell looks back from its own death instead (724).
/// Borrowed unless only some of an "or" are active: this is asked for every indexed ability
/// at every check.
fn active_trigger(t: &Trigger, in_trash: bool, at_trash: bool) -> Option<Cow<'_, Trigger>> {
    match t {
        Trigger::Deathknell | Trigger::LeavesBoard | Trigger::DieInCombat => None,
        Trigger::DiscardMe | Trigger::KilledMe => at_trash.then_some(Cow::Borrowed(t)),
        Trigger::AnyOf(list) => {
            let active: Vec<Cow<Trigger>> = list.iter().filter_map(|x| active_trigger(x, in_trash, at_trash)).collect();
            if active.len() == list.len() && active.iter().all(|x| matches!(x, Cow::Borrowed(_))) {
                return Some(Cow::Borrowed(t));
            }
            (!active.is_empty()).then(|| Cow::Owned(Trigger::AnyOf(active.into_iter().map(Cow::into_owned).collect())))
        }
        _ => (in_trash == at_trash).then_some(Cow::Borrowed(t)),
    }
}

/// The targets of the triggered ability of a keyword the kernel triggers for an object given it:
/// [Quick-Draw]'s "a unit you control" (SFD-745.1.d), as the card language writes the printed one.
fn given_keyword_targets(k: Keyword) -> Vec<super::abilities::TargetSpec> {
    match k {
        Keyword::QuickDraw => vec![super::abilities::TargetSpec::friendly_unit()],
        _ => Vec::new(),
    }
}
