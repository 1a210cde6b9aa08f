//! Replacement effects (364-368): "If a friendly unit would die, ... instead." The kernel asks
//! before a death; a matching replacement runs its body instead, at most once per event.

use super::abilities::AbilityKind;
use super::cards::CardType;
use super::decision::{Ask, Choice};
use super::host::HookCall;
use super::state::{Game, R};
use crate::kernel::ObjId;
use crate::trace;

impl Game {
    /// 366: if a replacement effect applies to `unit` dying, runs it instead and returns true.
    /// With several, the unit's owner picks the one that applies (368).
    pub(crate) fn replace_death(&mut self, unit: ObjId) -> R<bool> {
        if self.card(unit).kind != CardType::Unit {
            return Ok(false);
        }
        // 383.3: a delayed replacement set up for this unit applies the next time it would die
        // (once, whether or not its optional payment is made).
        if let Some(i) = self.delayed_replacements.iter().position(|(u, ..)| *u == unit) {
            let (_, source, controller, body) = self.delayed_replacements.remove(i);
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
            if s == unit || self.replacing.contains(&s) {
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
            self.replacing.push(source);
            let r = super::host::run(self, &card.abilities.script, body, call, &card.name, ability.line);
            self.replacing.retain(|s| *s != source);
            r?;
        }
        Ok(true)
    }
}
