//! Triggered abilities (375-385): matching the event log against trigger patterns, putting
//! triggered abilities on the chain as pending items in the right order (376.3.b), finalizing
//! them with their targets (386-394), and resolving abilities.

use super::abilities::{AbilityKind, Condition, Relation, Trigger, UnitFilter};
use super::cards::CardType;
use super::decision::{Ask, Choice};
use super::events::Event;
use super::scoring::ScoreMethod;
use super::state::{ChainItem, Game, ItemKind, Loc, R, Step, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::script::HookCall;
use crate::trace;

/// A triggered ability that met its condition, before it goes on the chain.
#[derive(Clone, Debug)]
struct Triggered {
    source: ObjId,
    index: u8,
    controller: PlayerId,
    that_player: Option<PlayerId>,
}

impl Game {
    /// Objects whose triggered abilities are active now: permanents on the board, legends,
    /// battlefields, and cards in trashes whose abilities work from there (378).
    fn trigger_sources(&self) -> Vec<ObjId> {
        let mut out = self.all_units();
        for p in &self.players {
            out.extend(p.base.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear));
            out.extend(p.legend);
            out.extend(p.trash.iter().copied().filter(|c| {
                self.card(*c)
                    .abilities
                    .abilities
                    .iter()
                    .any(|a| matches!(a.kind, AbilityKind::Triggered { in_trash: true, .. }))
            }));
        }
        out.extend(self.battlefields.iter().map(|b| b.obj));
        out.retain(|o| !self.card(*o).abilities.abilities.is_empty());
        out
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
        if self.trigger_cursor >= self.events.len() {
            return Ok(());
        }
        let start = self.trigger_cursor;
        let end = self.events.len();
        self.trigger_cursor = end;
        let batch: Vec<Event> = self.events[start..end].to_vec();
        let mut fired: Vec<Triggered> = Vec::new();
        // Deathknell (724): the dead object looks back at its own death.
        for e in &batch {
            if let Event::Killed { obj, .. } = e {
                for (i, a) in self.card(*obj).abilities.abilities.iter().enumerate() {
                    if matches!(a.kind, AbilityKind::Triggered { trigger: Trigger::Deathknell, .. }) {
                        fired.push(Triggered {
                            source: *obj,
                            index: i as u8,
                            controller: self.last_known_controller(*obj),
                            that_player: None,
                        });
                    }
                }
            }
        }
        for source in self.trigger_sources() {
            let controller = self.ability_controller(source);
            let abilities = self.card(source).abilities.clone();
            for (i, a) in abilities.abilities.iter().enumerate() {
                let AbilityKind::Triggered { trigger, condition, in_trash } = &a.kind else { continue };
                if *in_trash != (self.obj(source).zone == Zone::Trash) || *trigger == Trigger::Deathknell {
                    continue;
                }
                let found = self.all_matches(trigger, source, controller, &batch, start);
                if found.is_empty() {
                    continue;
                }
                if let Some(c) = condition
                    && !self.condition_holds_for(c, source, controller)
                {
                    continue;
                }
                for that_player in found {
                    fired.push(Triggered { source, index: i as u8, controller, that_player });
                }
            }
        }
        // Delayed triggered abilities (383.2): "the next time it takes damage this turn".
        for e in &batch {
            if let Event::Dealt { target, .. } = e
                && let Some(k) = self.delayed.iter().position(|d| d.when_damaged == *target)
            {
                let d = self.delayed.remove(k);
                trace!(self, "384", "the delayed ability for {} triggers", self.describe(*target));
                self.chain.push(ChainItem {
                    kind: ItemKind::DelayedKill { unit: *target, source: d.source },
                    controller: d.controller,
                    pending: true,
                    targets: Vec::new(),
                    that_player: None,
                });
            }
        }
        // Delayed triggers (383.2): "When you conquer this turn, ...", each time it happens.
        for e in &batch {
            for d in self.delayed_triggers.clone() {
                if self.event_matches(&d.trigger, d.source, d.controller, e).is_none() {
                    continue;
                }
                trace!(self, "383.2", "the delayed ability of {} triggers", self.describe(d.source));
                self.chain.push(ChainItem {
                    kind: ItemKind::DelayedTrigger { source: d.source, index: d.index, remembered: d.remembered },
                    controller: d.controller,
                    pending: true,
                    targets: Vec::new(),
                    that_player: None,
                });
            }
        }
        self.order_onto_chain(fired)
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
            Trigger::FirstTime(_) | Trigger::NthTime(..) | Trigger::YouDiscard => {
                self.first_match(trigger, source, you, batch, start).into_iter().collect()
            }
            _ => batch.iter().filter_map(|e| self.event_matches(trigger, source, you, e)).collect(),
        }
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
            let turn_start = self.events.iter().rposition(|e| matches!(e, Event::TurnBegan { .. })).unwrap_or(0);
            let earlier = &self.events[turn_start..start.max(turn_start)];
            let before = earlier.iter().filter(|e| self.event_matches(inner, source, you, e).is_some()).count() as u32;
            let now = batch.iter().filter(|e| self.event_matches(inner, source, you, e).is_some()).count() as u32;
            return (before < *n && before + now >= *n).then_some(None);
        }
        if let Trigger::FirstTime(inner) = trigger {
            // 376.1.b: only if it has not happened earlier this turn.
            let found = self.first_match(inner, source, you, batch, start)?;
            let turn_start = self.events.iter().rposition(|e| matches!(e, Event::TurnBegan { .. })).unwrap_or(0);
            let earlier = &self.events[turn_start..start.max(turn_start)];
            if earlier.iter().any(|e| self.event_matches(inner, source, you, e).is_some()) {
                return None;
            }
            return Some(found);
        }
        batch.iter().find_map(|e| self.event_matches(trigger, source, you, e))
    }

    fn event_matches(&self, trigger: &Trigger, source: ObjId, you: PlayerId, e: &Event) -> Option<Option<PlayerId>> {
        let yes = Some(None);
        match (trigger, e) {
            (Trigger::PlayMe, Event::Played { card, .. }) if *card == source => yes,
            (Trigger::PlaySpell { min_energy }, Event::Played { player, card }) => {
                let def = self.card(*card);
                // 130.4: the base cost counts, whatever was paid.
                (*player == you && def.kind == CardType::Spell && min_energy.is_none_or(|m| def.energy >= m))
                    .then_some(None)
            }
            (Trigger::Attack, Event::Attacked(u)) | (Trigger::Defend, Event::Defended(u)) if *u == source => yes,
            (Trigger::MoveMe, Event::Moved { unit, .. }) if *unit == source => yes,
            (Trigger::ConquerMe, Event::Scored { player, battlefield, method: ScoreMethod::Conquer })
            | (Trigger::HoldMe, Event::Scored { player, battlefield, method: ScoreMethod::Hold }) => {
                // 376.4.b.2.a / 376.4.c.2.a: units present at the battlefield scored.
                (*player == you && self.location(source) == Some(Loc::Battlefield(*battlefield))).then_some(None)
            }
            (Trigger::YouConquer, Event::Scored { player, method: ScoreMethod::Conquer, .. })
            | (Trigger::YouHold, Event::Scored { player, method: ScoreMethod::Hold, .. }) => {
                (*player == you).then_some(None)
            }
            (Trigger::Dies(f), Event::Killed { obj, .. }) => {
                self.filter_matches_lki(f, *obj, you, source).then_some(None)
            }
            (Trigger::YouStun(f), Event::Stunned { unit, by: Some(p) }) => {
                (*p == you && self.unit_matches(f, *unit, you, source)).then_some(None)
            }
            (Trigger::YouDiscard, Event::Discarded { player, .. }) => (*player == you).then_some(None),
            (Trigger::KillWithSpell, Event::Killed { by: Some(b), .. }) => {
                // 415.5: the spell (or an ability of it) that killed it.
                let killer = self.obj(*b);
                (self.db.get(killer.card).kind == CardType::Spell && self.last_known_controller(*b) == you)
                    .then_some(None)
            }
            (Trigger::StartOfBeginning, Event::StepBegan { step: Step::Beginning, player }) => {
                (*player == you).then_some(None)
            }
            (Trigger::StartOfEachFirstBeginning, Event::StepBegan { step: Step::Beginning, player }) => {
                (self.player(*player).turns_taken == 1).then_some(Some(*player))
            }
            (Trigger::EndOfTurn, Event::StepBegan { step: Step::Ending, player }) => (*player == you).then_some(None),
            _ => None,
        }
    }

    /// A filter against a unit that may have left (a dying unit is judged as it last was).
    fn filter_matches_lki(&self, f: &UnitFilter, obj: ObjId, you: PlayerId, source: ObjId) -> bool {
        let o = self.obj(obj);
        if self.db.get(o.card).kind != f.kind || (f.other && (obj == source || self.obj(source).next == Some(obj))) {
            return false;
        }
        if f.other && o.next.is_some_and(|n| n == source) {
            return false;
        }
        let controller = self.last_known_controller(obj);
        let rel_ok = match f.relation {
            Relation::Any => true,
            Relation::Friendly => controller == you,
            Relation::Enemy => controller != you,
        };
        let tag_ok =
            f.exclude_tag.as_ref().is_none_or(|t| !self.db.get(o.card).tags.iter().any(|x| x.eq_ignore_ascii_case(t)));
        rel_ok && tag_ok
    }

    /// Does a unit on the board match a filter, relative to `you` and the source (352.8.b)?
    pub fn unit_matches(&self, f: &UnitFilter, u: ObjId, you: PlayerId, source: ObjId) -> bool {
        let o = self.obj(u);
        if !o.alive || !o.zone.is_board() || self.card(u).kind != f.kind {
            return false;
        }
        if f.other && u == source {
            return false;
        }
        let c = self.controller(u);
        let rel_ok = match f.relation {
            Relation::Any => true,
            Relation::Friendly => c == you,
            Relation::Enemy => c != you,
        };
        let at_ok = match f.at {
            super::abilities::At::Anywhere => true,
            super::abilities::At::Battlefield => matches!(self.location(u), Some(Loc::Battlefield(_))),
            super::abilities::At::Here => self.location(u).is_some() && self.location(u) == self.location(source),
            super::abilities::At::Elsewhere => {
                let here = if source.index() < self.objs.len() { self.location(source) } else { None };
                self.location(u).is_some() && self.location(u) != here
            }
            super::abilities::At::That(b) => self.location(u) == Some(Loc::Battlefield(b)),
        };
        let tag_ok =
            f.exclude_tag.as_ref().is_none_or(|t| !self.chars(u).tags.iter().any(|x| x.eq_ignore_ascii_case(t)));
        rel_ok && at_ok && tag_ok
    }

    /// Every object on the board a filter matches.
    pub fn matching(&self, f: &UnitFilter, you: Option<PlayerId>, source: Option<ObjId>) -> Vec<ObjId> {
        let you = you.unwrap_or(self.turn_player);
        let source = source.unwrap_or(ObjId(u32::MAX));
        let pool: Vec<ObjId> = match f.kind {
            CardType::Rune => self.players.iter().flat_map(|p| p.runes.iter().copied()).collect(),
            // 143.1.a.3: gear on the board (at a base, or at a battlefield until recalled).
            CardType::Gear => self
                .players
                .iter()
                .flat_map(|p| p.base.iter().copied())
                .chain(self.battlefields.iter().flat_map(|b| b.units.iter().copied()))
                .collect(),
            _ => self.all_units(),
        };
        pool.into_iter().filter(|u| self.source_ok(source) && self.unit_matches(f, *u, you, source)).collect()
    }

    fn source_ok(&self, source: ObjId) -> bool {
        source.index() == u32::MAX as usize || source.index() < self.objs.len()
    }

    /// Conditions of conditional abilities ("if", "while").
    pub fn condition_holds_for(&self, c: &Condition, source: ObjId, you: PlayerId) -> bool {
        match c {
            Condition::AtBattlefield => matches!(self.location(source), Some(Loc::Battlefield(_))),
            Condition::Mighty => self.obj(source).alive && self.is_mighty(source),
            Condition::PaidAdditional => self.obj(source).paid_additional,
            Condition::HandAtMostOne => self.player(you).hand.len() <= 1,
        }
    }

    /// 376.3.b: each player, turn player first, puts their triggered abilities on the chain in
    /// the order they choose.
    fn order_onto_chain(&mut self, mut fired: Vec<Triggered>) -> R<()> {
        if fired.is_empty() {
            return Ok(());
        }
        let mut order = self.active_players();
        let tp = order.iter().position(|p| *p == self.turn_player).unwrap_or(0);
        order.rotate_left(tp);
        for p in order {
            let mut mine: Vec<Triggered> = Vec::new();
            fired.retain(|t| {
                if t.controller == p {
                    mine.push(t.clone());
                    false
                } else {
                    true
                }
            });
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
                trace!(
                    self,
                    "376.3",
                    "{} triggers: {}",
                    self.describe(t.source),
                    self.card(t.source).abilities.abilities[t.index as usize].text
                );
                self.chain.push(ChainItem {
                    kind: ItemKind::Ability { source: t.source, index: t.index },
                    controller: t.controller,
                    pending: true,
                    targets: Vec::new(),
                    that_player: t.that_player,
                });
            }
        }
        self.changed();
        Ok(())
    }

    /// 390: a pending triggered ability chooses its targets as it is finalized; one that can't
    /// leaves the chain (390.3, not countered).
    pub(crate) fn finalize_ability_item(&mut self, i: usize) -> R<bool> {
        let item = self.chain[i].clone();
        let ItemKind::Ability { source, index } = item.kind else { return Ok(true) };
        let Some(ability) = self.card(source).abilities.abilities.get(index as usize).cloned() else { return Ok(true) };
        if ability.targets.is_empty() {
            return Ok(true);
        }
        // 727.1.d.2: a play effect of a permanent played from hidden chooses at its battlefield.
        let specs = self.choice_specs(source, &ability);
        match self.choose_targets(item.controller, Some(source), &specs)? {
            Some(t) => {
                self.chain[i].targets = t;
                Ok(true)
            }
            None => {
                trace!(self, "390.3", "{} has no legal targets and leaves the chain", self.describe_item(&item));
                self.chain.remove(i);
                Ok(false)
            }
        }
    }

    /// 356.3.d: a resolving spell's instructions, top to bottom, with the targets chosen as it
    /// was played (still-legal ones only, 356.3.e).
    pub(crate) fn run_spell(&mut self, item: &ChainItem, card: ObjId) -> R<()> {
        let def = self.card(card).clone();
        let chosen = self.obj(card).mode as usize;
        let Some(ability) = def
            .abilities
            .abilities
            .iter()
            .enumerate()
            .find(|(i, a)| a.kind == AbilityKind::Spell || (a.kind == AbilityKind::Mode && *i == chosen))
            .map(|(_, a)| a)
        else {
            return Ok(());
        };
        let Some(body) = &ability.body else { return Ok(()) };
        let call = HookCall {
            source: Some(card),
            controller: Some(item.controller),
            targets: item.targets.clone(),
            specs: self.choice_specs(card, ability),
            spell: Some(card),
            ..HookCall::default()
        };
        trace!(self, "356.3.d", "{} ({}:{}): {}", def.name, def.file, ability.line, ability.text);
        crate::script::run(self, &def.abilities.script, body, call, &def.name, ability.line)
    }

    /// Resolves an ability or delayed ability item (394.5): runs its body.
    pub(crate) fn resolve_ability(&mut self, item: &ChainItem) -> R<()> {
        match item.kind {
            ItemKind::Ability { source, index } => {
                let card = self.card(source).clone();
                // An item without an ability (a card changed under it) does nothing.
                let Some(ability) = card.abilities.abilities.get(index as usize) else { return Ok(()) };
                if let AbilityKind::Triggered { condition: Some(c), .. } = &ability.kind {
                    // An "if" condition is checked again as the ability resolves.
                    if !self.condition_holds_for(c, source, item.controller) {
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
                    controller: if uncontrolled { None } else { Some(item.controller) },
                    targets: item.targets.clone(),
                    specs: self.choice_specs(source, ability),
                    that_unit: None,
                    that_player: item.that_player,
                    spell: None,
                    paid_additional: self.obj(source).paid_additional,
                    remembered: None,
                };
                trace!(self, "394.5", "{} ({}:{}): {}", card.name, card.file, ability.line, ability.text);
                crate::script::run(self, &card.abilities.script, body, call, &card.name, ability.line)
            }
            ItemKind::DelayedKill { unit, source } => {
                if self.obj(unit).alive {
                    self.kill(&[unit], source)?;
                }
                Ok(())
            }
            // 385: it resolves whether or not its source is still around (a spell is in the
            // trash by now); its card's script is the source's.
            ItemKind::DelayedTrigger { source, index, remembered } => {
                let card = self.card(source).clone();
                let Some(ability) = card.abilities.abilities.get(index as usize) else { return Ok(()) };
                let Some(body) = &ability.body else { return Ok(()) };
                let call = HookCall {
                    source: Some(source),
                    controller: Some(item.controller),
                    remembered,
                    ..HookCall::default()
                };
                trace!(self, "384", "{} ({}:{}): {}", card.name, card.file, ability.line, ability.text);
                crate::script::run(self, &card.abilities.script, body, call, &card.name, ability.line)
            }
            ItemKind::Card(_) => Ok(()),
        }
    }
}
