//! Replacement effects (364-368): "If a friendly unit would die, ... instead." Before a death the
//! kernel's algorithm (`kernel::replacements`) collects what applies, has the unit's owner order
//! them (368) and applies one, at most once per event; this module says which replacements exist
//! (delayed ones set up by "the next time", 383.3, and passive abilities, 365.1) and what each
//! does.

use super::abilities::AbilityKind;
use super::cards::CardType;
use super::decision::{Ask, Choice, Decision};
use super::host::HookCall;
use super::state::{Game, R};
use crate::kernel::replacements::{self, Applied, Replacement, ReplacementState, Replacements as _};
use crate::kernel::{ObjId, PlayerId, Stop};
use crate::trace;

/// 383.3: a delayed replacement effect set up this turn, "the next time this unit would die".
#[derive(Clone, Debug)]
pub struct DelayedReplacement {
    pub unit: ObjId,
    /// The ability's source and its controller.
    pub source: ObjId,
    pub controller: PlayerId,
    /// The body that replaces the death.
    pub body: String,
}

/// 365.1: the passive replacement ability `ability` of permanent `source`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passive {
    source: ObjId,
    ability: usize,
}

/// The game's replacement state (a component): delayed replacements and the passive ones
/// applying now.
pub type Replacements = ReplacementState<DelayedReplacement, Passive>;

/// Read when no replacement was ever set up (the component is created on first write).
static NONE: Replacements = ReplacementState::new();

impl Game {
    /// 366: if a replacement effect applies to `unit` dying, runs it instead and returns true.
    /// Only units' deaths are replaced so far.
    pub(crate) fn replace_death(&mut self, unit: ObjId) -> R<bool> {
        if self.card(unit).kind != CardType::Unit {
            return Ok(false);
        }
        replacements::replace(self, &unit)
    }

    /// 383.3: sets up a delayed replacement, used the next time its unit would die this turn.
    pub(crate) fn add_delayed_replacement(&mut self, d: DelayedReplacement) {
        self.components.get_mut::<Replacements>().add_delayed(d);
    }

    /// The object a replacement comes from, to name it in the choice of 368.
    fn replacement_source(&self, r: Replacement<Passive>) -> ObjId {
        match r {
            Replacement::Delayed(id) => self.replacement_state().delayed(id).expect("offered while it waits").source,
            Replacement::Standing(p) => p.source,
        }
    }
}

impl replacements::Replacements for Game {
    /// A unit about to die.
    type Event = ObjId;
    type Delayed = DelayedReplacement;
    type Standing = Passive;
    type Error = Stop<Decision>;

    fn replacement_state(&self) -> &Replacements {
        self.components.get().unwrap_or(&NONE)
    }

    fn replacement_state_mut(&mut self) -> &mut Replacements {
        self.components.get_mut()
    }

    fn delayed_applies(&self, d: &DelayedReplacement, unit: &ObjId) -> bool {
        d.unit == *unit
    }

    /// The passive abilities of permanents in bases and at battlefields (gear played from hidden
    /// is there until the next cleanup recalls it, 431.1), and of legends in their Legend Zone
    /// (Sett, The Boss), whose filter the unit matches.
    fn standing(&self, &unit: &ObjId, out: &mut Vec<Passive>) {
        let sources = self
            .players
            .iter()
            .flat_map(|p| p.base.iter().copied().chain(p.legend))
            .chain(self.battlefields.iter().flat_map(|b| b.units.iter().copied()));
        // SFD-718.2: an attached card's rules text is inactive.
        for s in sources.filter(|s| *s != unit && self.top_most_of(*s).is_none()) {
            let you = self.controller(s);
            for (i, a) in self.card(s).abilities.rules_text() {
                if let AbilityKind::ReplaceDeath { filter } = &a.kind
                    && self.unit_matches(filter, unit, you, s)
                {
                    out.push(Passive { source: s, ability: i });
                }
            }
        }
    }

    /// 368: the owner of the unit being acted on chooses.
    fn choose(&mut self, &unit: &ObjId, options: &[Replacement<Passive>]) -> R<usize> {
        let choices: Vec<Choice> = options.iter().map(|r| Choice::Obj(self.replacement_source(*r))).collect();
        let owner = self.obj(unit).owner;
        let choice = self.decide(owner, Ask::ReplacementOrder, choices.clone())?;
        Ok(choices.iter().position(|o| *o == choice).unwrap_or(0))
    }

    /// 383.3: the delayed replacement applies to `unit` dying; a body that declines its optional
    /// payment lets the death happen.
    fn apply_delayed(&mut self, &unit: &ObjId, d: DelayedReplacement) -> R<Applied> {
        let DelayedReplacement { source, controller, body, .. } = d;
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
            return Ok(Applied::Instead);
        }
        trace!(
            self,
            "383.3",
            "the replacement of {} is declined: it does not apply to {}",
            card.name,
            self.describe(unit)
        );
        Ok(Applied::Declined)
    }

    /// 366: the passive replacement applies to `unit` dying, instead; an optional one ("you may
    /// pay COST to X instead") whose payment is declined does not apply.
    fn apply_standing(&mut self, &unit: &ObjId, p: Passive) -> R<Applied> {
        let card = self.card(p.source).clone();
        let ability = &card.abilities.abilities[p.ability];
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
            source: Some(p.source),
            controller: Some(self.controller(p.source)),
            that_unit: Some(unit),
            ..HookCall::default()
        };
        if let Some(body) = &ability.body
            && !super::host::run_bool(self, &card.abilities.script, body, call, &card.name, ability.line)?
        {
            trace!(self, "366", "{} is declined: it does not apply to {}", card.name, self.describe(unit));
            return Ok(Applied::Declined);
        }
        Ok(Applied::Instead)
    }
}
