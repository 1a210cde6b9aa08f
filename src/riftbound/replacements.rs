//! Replacement effects (364-368): "If a friendly unit would die, ... instead." Before a death the
//! kernel's algorithm (`kernel::replacements`) collects what applies, has the unit's owner order
//! them (368) and applies one, at most once per event; this module says which replacements exist
//! (delayed ones set up by "the next time", 383.3, and passive abilities, 365.1) and what each
//! does.

use super::abilities::AbilityKind;
use super::cards::CardType;
use super::decision::{Ask, Choice, Decision};
use super::host::HookCall;
use super::state::{Bf, Game, R, Role};
use crate::kernel::replacements::{self, Applied, Replacement, ReplacementState, Replacements as _};
use crate::kernel::{ObjId, PlayerId, Stop};
use crate::trace;

/// An event replacement effects can replace (364): a unit about to die, or the recall of a
/// combat's attackers at a tie (440.1.a.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replaceable {
    Death(ObjId),
    /// The attackers of `attacker` are about to be recalled from `battlefield`: the combat there
    /// ended in a tie.
    TieRecall {
        battlefield: Bf,
        attacker: PlayerId,
    },
}

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
        self.replace_event(&Replaceable::Death(unit))
    }

    /// 366: if a replacement effect applies to `event`, runs it instead and returns true.
    pub(crate) fn replace_event(&mut self, event: &Replaceable) -> R<bool> {
        replacements::replace(self, event)
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
    type Event = Replaceable;
    type Delayed = DelayedReplacement;
    type Standing = Passive;
    type Error = Stop<Decision>;

    fn replacement_state(&self) -> &Replacements {
        self.components.get().unwrap_or(&NONE)
    }

    fn replacement_state_mut(&mut self) -> &mut Replacements {
        self.components.get_mut()
    }

    /// The delayed ones replace a unit's death.
    fn delayed_applies(&self, d: &DelayedReplacement, event: &Replaceable) -> bool {
        *event == Replaceable::Death(d.unit)
    }

    /// The passive abilities of permanents in bases and at battlefields (gear played from hidden
    /// is there until the next cleanup recalls it, 431.1), and of legends in their Legend Zone
    /// (Sett, The Boss), whose filter the unit matches.
    fn standing(&self, event: &Replaceable, out: &mut Vec<Passive>) {
        let sources = self
            .players
            .iter()
            .flat_map(|p| p.base.iter().copied().chain(p.legend))
            .chain(self.battlefields.iter().flat_map(|b| b.units.iter().copied()));
        // SFD-718.2: an attached card's rules text is inactive.
        for s in sources.filter(|s| Replaceable::Death(*s) != *event && self.top_most_of(*s).is_none()) {
            let you = self.controller(s);
            for (i, a) in self.card(s).abilities.rules_text() {
                let applies = match (&a.kind, event) {
                    (AbilityKind::ReplaceDeath { filter, might_vs_me }, Replaceable::Death(unit)) => {
                        self.unit_matches(filter, *unit, you, s)
                            && might_vs_me.is_none_or(|more| self.might(*unit) <= self.might(s) + more)
                    }
                    // "a combat where you are the attacker": the ability's controller is the
                    // tied combat's attacker (or defender).
                    (AbilityKind::ReplaceTie { you_are }, Replaceable::TieRecall { attacker, .. }) => match you_are {
                        None => true,
                        Some(Role::Attacker) => *attacker == you,
                        Some(Role::Defender) => *attacker != you,
                    },
                    _ => false,
                };
                if applies {
                    out.push(Passive { source: s, ability: i });
                }
            }
        }
    }

    /// 368: the owner of the unit being acted on chooses (of the attackers recalled at a tie:
    /// their controller, who owns them in a game of two).
    fn choose(&mut self, event: &Replaceable, options: &[Replacement<Passive>]) -> R<usize> {
        let choices: Vec<Choice> = options.iter().map(|r| Choice::Obj(self.replacement_source(*r))).collect();
        let owner = match *event {
            Replaceable::Death(unit) => self.obj(unit).owner,
            Replaceable::TieRecall { attacker, .. } => attacker,
        };
        let choice = self.decide(owner, Ask::ReplacementOrder, choices.clone())?;
        Ok(choices.iter().position(|o| *o == choice).unwrap_or(0))
    }

    /// 383.3: the delayed replacement applies to `unit` dying; a body that declines its optional
    /// payment lets the death happen.
    fn apply_delayed(&mut self, event: &Replaceable, d: DelayedReplacement) -> R<Applied> {
        let Replaceable::Death(unit) = *event else { return Ok(Applied::Declined) };
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

    /// 366: the passive replacement applies to the event (`unit` dying, or the attackers' recall
    /// of a tie), instead; an optional one ("you may pay COST to X instead") whose payment is
    /// declined does not apply.
    fn apply_standing(&mut self, event: &Replaceable, p: Passive) -> R<Applied> {
        let card = self.card(p.source).clone();
        let ability = &card.abilities.abilities[p.ability];
        let (that_unit, that_battlefield) = match *event {
            Replaceable::Death(unit) => {
                trace!(
                    self,
                    "366",
                    "{} would die: {} applies instead ({}:{})",
                    self.describe(unit),
                    card.name,
                    card.file,
                    ability.line
                );
                (Some(unit), None)
            }
            Replaceable::TieRecall { battlefield, .. } => {
                trace!(
                    self,
                    "366",
                    "the attackers at {} would be recalled: {} applies instead ({}:{})",
                    self.describe_loc(super::state::Loc::Battlefield(battlefield)),
                    card.name,
                    card.file,
                    ability.line
                );
                (None, Some(battlefield))
            }
        };
        let call = HookCall {
            source: Some(p.source),
            controller: Some(self.controller(p.source)),
            that_unit,
            that_battlefield,
            ..HookCall::default()
        };
        if let Some(body) = &ability.body
            && !super::host::run_bool(self, &card.abilities.script, body, call, &card.name, ability.line)?
        {
            let to = match that_unit {
                Some(u) => self.describe(u),
                None => "the recall".to_string(),
            };
            trace!(self, "366", "{} is declined: it does not apply to {to}", card.name);
            return Ok(Applied::Declined);
        }
        Ok(Applied::Instead)
    }
}
