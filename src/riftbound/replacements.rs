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

/// One replacement effect that applies to a death: a delayed one set up for the unit (383.3), by
/// its index in [`DelayedReplacements`], or a passive ability of a permanent (365.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Candidate {
    Delayed { index: usize, source: ObjId },
    Passive { source: ObjId, ability: usize },
}

impl Candidate {
    /// The object the replacement comes from, to name it in the choice of 368.
    fn source(self) -> ObjId {
        match self {
            Candidate::Delayed { source, .. } | Candidate::Passive { source, .. } => source,
        }
    }
}

impl Game {
    /// 366: if a replacement effect applies to `unit` dying, runs it instead and returns true.
    ///
    /// 368: when more than one applies, delayed (383.3) and passive alike, the owner of the unit
    /// being acted on chooses which applies first. One that applies replaces the death, and the
    /// others no longer apply; one that is declined (an optional payment left unpaid) leaves the
    /// death to happen, and the owner chooses again among those that remain.
    pub(crate) fn replace_death(&mut self, unit: ObjId) -> R<bool> {
        if self.card(unit).kind != CardType::Unit {
            return Ok(false);
        }
        loop {
            let candidates = self.death_replacements(unit);
            let Some(&first) = candidates.first() else { return Ok(false) };
            let chosen = if candidates.len() > 1 {
                let options: Vec<Choice> = candidates.iter().map(|c| Choice::Obj(c.source())).collect();
                let owner = self.obj(unit).owner;
                let choice = self.decide(owner, Ask::ReplacementOrder, options.clone())?;
                options.iter().position(|o| *o == choice).map_or(first, |i| candidates[i])
            } else {
                first
            };
            match chosen {
                Candidate::Delayed { index, .. } => {
                    if self.apply_delayed_replacement(unit, index)? {
                        return Ok(true);
                    }
                }
                Candidate::Passive { source, ability } => {
                    self.apply_passive_replacement(unit, source, ability)?;
                    return Ok(true);
                }
            }
        }
    }

    /// Every replacement effect that applies to `unit` dying now: the delayed ones set up for it
    /// (383.3), then the passive abilities of permanents in bases and at battlefields (gear played
    /// from hidden is there until the next cleanup recalls it, 431.1), except those running now
    /// (367).
    fn death_replacements(&self, unit: ObjId) -> Vec<Candidate> {
        let mut found: Vec<Candidate> = self
            .components
            .get::<DelayedReplacements>()
            .map(|d| {
                d.0.iter()
                    .enumerate()
                    .filter(|(_, d)| d.unit == unit)
                    .map(|(index, d)| Candidate::Delayed { index, source: d.source })
                    .collect()
            })
            .unwrap_or_default();
        let sources = self
            .players
            .iter()
            .flat_map(|p| p.base.iter().copied())
            .chain(self.battlefields.iter().flat_map(|b| b.units.iter().copied()));
        for s in sources {
            if s == unit || self.components.get::<Replacing>().is_some_and(|r| r.0.contains(&s)) {
                continue;
            }
            let you = self.controller(s);
            for (i, a) in self.card(s).abilities.abilities.iter().enumerate() {
                if let AbilityKind::ReplaceDeath { filter } = &a.kind
                    && self.unit_matches(filter, unit, you, s)
                {
                    found.push(Candidate::Passive { source: s, ability: i });
                }
            }
        }
        found
    }

    /// 383.3: the delayed replacement `i` applies to `unit` dying; it is used up whether or not
    /// its optional payment is made. Returns whether it replaced the death.
    fn apply_delayed_replacement(&mut self, unit: ObjId, i: usize) -> R<bool> {
        let DelayedReplacement { source, controller, body, .. } =
            self.components.get_mut::<DelayedReplacements>().0.remove(i);
        let card = self.card(source).clone();
        let line =
            card.abilities.abilities.iter().find(|a| a.body.as_deref() == Some(body.as_str())).map_or(0, |a| a.line);
        trace!(self, "383.3", "{} would die: the delayed replacement of {} applies", self.describe(unit), card.name);
        let call = HookCall {
            source: Some(source),
            controller: Some(controller),
            that_unit: Some(unit),
            ..HookCall::default()
        };
        if super::host::run_bool(self, &card.abilities.script, &body, call, &card.name, line)? {
            return Ok(true);
        }
        trace!(
            self,
            "383.3",
            "the replacement of {} is declined: it does not apply to {}",
            card.name,
            self.describe(unit)
        );
        Ok(false)
    }

    /// 366: the passive replacement `index` of `source` applies to `unit` dying, instead.
    fn apply_passive_replacement(&mut self, unit: ObjId, source: ObjId, index: usize) -> R<()> {
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
        Ok(())
    }
}
