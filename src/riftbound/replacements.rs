//! Replacement effects (364-368): "If a friendly unit would die, ... instead." The kernel asks
//! before a death; a matching replacement runs its body instead, at most once per event.

use super::abilities::AbilityKind;
use super::cards::CardType;
use super::decision::{Ask, Choice};
use super::host::HookCall;
use super::state::{Game, R};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// 383.3: delayed replacement effects set up this turn, "the next time this unit would die".
#[derive(Clone, Debug, Default)]
pub struct DelayedReplacements(pub Vec<DelayedReplacement>);

#[derive(Clone, Debug)]
pub struct DelayedReplacement {
    pub unit: ObjId,
    /// The ability's source and its controller.
    pub source: ObjId,
    pub controller: PlayerId,
    /// The body that replaces the death.
    pub body: String,
}

/// 367: the sources of the replacement effects running now (each applies once to an event).
#[derive(Clone, Debug, Default)]
struct Replacing(Vec<ObjId>);

impl Game {
    /// 366: if a replacement effect applies to `unit` dying, runs it instead and returns true.
    /// With several, the unit's owner picks the one that applies (368).
    pub(crate) fn replace_death(&mut self, unit: ObjId) -> R<bool> {
        if self.card(unit).kind != CardType::Unit {
            return Ok(false);
        }
        // 383.3: a delayed replacement set up for this unit applies the next time it would die
        // (once, whether or not its optional payment is made).
        let delayed = &mut self.components.get_mut::<DelayedReplacements>().0;
        if let Some(i) = delayed.iter().position(|d| d.unit == unit) {
            let DelayedReplacement { source, controller, body, .. } = delayed.remove(i);
            let card = self.card(source).clone();
            let line = card
                .abilities
                .abilities
                .iter()
                .find(|a| a.body.as_deref() == Some(body.as_str()))
                .map_or(0, |a| a.line);
            trace!(
                self,
                "383.3",
                "{} would die: the delayed replacement of {} applies",
                self.describe(unit),
                card.name
            );
            let call = HookCall {
                source: Some(source),
                controller: Some(controller),
                that_unit: Some(unit),
                ..HookCall::default()
            };
            if super::host::run_bool(self, &card.abilities.script, &body, call, &card.name, line)? {
                return Ok(true);
            }
            trace!(self, "383.3", "the replacement is declined: {} dies", self.describe(unit));
        }
        let mut found: Vec<(ObjId, usize)> = Vec::new();
        // Permanents in bases, and units and gear at battlefields (gear played from hidden is
        // there until the next cleanup recalls it, 431.1).
        let sources: Vec<ObjId> = self
            .players
            .iter()
            .flat_map(|p| p.base.iter().copied())
            .chain(self.battlefields.iter().flat_map(|b| b.units.iter().copied()))
            .collect();
        for s in sources {
            if s == unit || self.components.get::<Replacing>().is_some_and(|r| r.0.contains(&s)) {
                continue;
            }
            let you = self.controller(s);
            for (i, a) in self.card(s).abilities.abilities.iter().enumerate() {
                if let AbilityKind::ReplaceDeath { filter } = &a.kind
                    && self.unit_matches(filter, unit, you, s)
                {
                    found.push((s, i));
                }
            }
        }
        let Some(&first) = found.first() else { return Ok(false) };
        let (source, index) = if found.len() > 1 {
            let owner = self.obj(unit).owner;
            let options = (0..found.len()).map(|i| Choice::Nth(i as u8)).collect();
            match self.decide(owner, Ask::ReplacementOrder, options)? {
                Choice::Nth(i) => found[i as usize],
                _ => first,
            }
        } else {
            first
        };
        let card = self.card(source).clone();
        let ability = &card.abilities.abilities[index];
        trace!(
            self,
            "366",
            "{} would die: {} applies instead ({}:{})",
            self.describe(unit),
            card.name,
            card.file,
            ability.line
        );
        let call = HookCall {
            source: Some(source),
            controller: Some(self.controller(source)),
            that_unit: Some(unit),
            ..HookCall::default()
        };
        if let Some(body) = &ability.body {
            // 367: while it runs, this effect can't replace another event of its own body.
            self.components.get_mut::<Replacing>().0.push(source);
            let r = super::host::run(self, &card.abilities.script, body, call, &card.name, ability.line);
            self.components.get_mut::<Replacing>().0.retain(|s| *s != source);
            r?;
        }
        Ok(true)
    }
}
