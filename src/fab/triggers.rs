//! Triggered effects (CR 16): when an event a card's triggered ability waits for happens, the
//! ability's effect is added to the chain as a layer (16.2), controlled by the card's
//! controller, and resolves like any other layer (19). Abilities an effect gave a card or an
//! attack trigger the same way, and so do delayed triggered effects (16.4) a player has for the
//! turn.

use super::cards::{Ability, Effect, Trigger};
use super::state::{Game, Layer, Phase};
use crate::kernel::{ObjId, PlayerId};

impl Game {
    /// 16.2: adds a layer for each of `card`'s triggered abilities, printed or given to it,
    /// whose event `meets` accepts, controlled by `controller`. Returns how many were added.
    pub(super) fn add_triggers(
        &mut self,
        card: ObjId,
        controller: PlayerId,
        meets: impl Fn(&Trigger) -> bool,
    ) -> usize {
        let def = self.obj(card).card.clone();
        let reprise = self.reprise_active();
        let mut added = 0;
        for (i, (t, _)) in def.triggers.iter().enumerate() {
            if meets(t) {
                self.chain.push(Layer { trigger: Some(i as u8), reprise, ..Layer::of(controller, card) });
                crate::trace!(self, "16.2", "{}'s triggered effect becomes layer {}", def.name, self.chain.len());
                added += 1;
            }
        }
        let given = given_triggers(&self.obj(card).granted, &meets);
        added + self.add_given(card, controller, given)
    }

    /// 16.2: adds a layer for each triggered effect not printed on a card (given, delayed),
    /// about `card`. Returns how many were added.
    fn add_given(&mut self, card: ObjId, controller: PlayerId, effects: Vec<Vec<Effect>>) -> usize {
        let n = effects.len();
        let reprise = self.reprise_active();
        for e in effects {
            self.chain.push(Layer { reprise, effects: Some(e), ..Layer::of(controller, card) });
            crate::trace!(
                self,
                "16.2",
                "a triggered effect about {} becomes layer {}",
                self.name(card),
                self.chain.len()
            );
        }
        n
    }

    /// 16.2: the triggered effects of an event of the current chain link's attack: the attack's
    /// own (`meets`), those the attack gained, and its controller's delayed triggered effects
    /// for the turn (16.4) watching attacks of its kind. Returns how many were added.
    pub(super) fn attack_triggers(&mut self, event: Trigger, meets: impl Fn(&Trigger) -> bool) -> usize {
        let Some(link) = self.current_link().cloned() else { return 0 };
        let (card, p) = (link.attack, link.attacker);
        let mut added = self.add_triggers(card, p, meets);
        let source = self.obj(card).card.clone();
        let mut given = given_triggers(&link.granted, |t| *t == event);
        given.extend(
            self.player(p)
                .delayed
                .iter()
                .filter(|(t, kind, _)| *t == event && kind.matches(&source, link.weapon))
                .map(|(_, _, e)| e.clone()),
        );
        if !given.is_empty() && event == Trigger::Hits {
            crate::trace!(self, "20.8.1", "the attack hit: its triggered effects are added to the chain link");
        }
        added += self.add_given(card, p, given);
        added
    }

    /// Destroy (glossary): `card` goes to its owner's graveyard, and its "When NAME is
    /// destroyed" abilities trigger (16.2), controlled by its owner.
    pub(super) fn destroy(&mut self, card: ObjId) {
        let owner = self.obj(card).owner;
        self.move_to(card, super::zones::Zone::Graveyard);
        self.add_triggers(card, owner, |t| *t == Trigger::Destroyed);
    }

    /// 16.1: `p` discarded `card` (now in the graveyard): the "whenever you discard a card with
    /// N or more {p} during your action phase" abilities of `p`'s hero and permanents that it
    /// meets trigger.
    pub(super) fn discarded(&mut self, p: PlayerId, card: ObjId) {
        let own_action_phase = self.phase == Phase::Action && self.turn_player == p;
        let power = self.obj(card).card.power.unwrap_or(0);
        for s in self.permanents(p) {
            self.add_triggers(
                s,
                p,
                |t| matches!(t, Trigger::Discards { power_at_least } if own_action_phase && power >= *power_at_least),
            );
        }
    }

    /// An effect gave the current chain link's attack go again: its controller's "The first
    /// time NAME gains **go again** each turn" abilities trigger (16.7), counted by the attacks'
    /// source this turn.
    pub(super) fn gained_go_again(&mut self) {
        let Some(link) = self.current_link().cloned() else { return };
        let p = link.attacker;
        self.player_mut(p).gained_go_again.push(link.attack);
        let n = self.player(p).gained_go_again.iter().filter(|a| **a == link.attack).count();
        let source = self.obj(link.attack).card.clone();
        for s in self.permanents(p) {
            let meets = |t: &Trigger| matches!(t, Trigger::GainsGoAgain { nth, kind } if usize::from(*nth) == n && kind.matches(&source, link.weapon));
            if self.add_triggers(s, p, meets) > 0 {
                crate::trace!(self, "16.7", "the attack gained go again: {}'s trigger", self.name(s));
            }
        }
    }

    /// `p`'s hero, weapons, equipment and other permanents (auras).
    pub(super) fn permanents(&self, p: PlayerId) -> Vec<ObjId> {
        let pl = self.player(p);
        let zones = pl.weapons.iter().chain(&pl.equipment).chain(&pl.permanents).copied();
        std::iter::once(pl.hero).chain(zones).collect()
    }

    /// 20.4.2: `p` played an attack action card or activated a weapon attack (`weapon`): the
    /// "When you play an attack action card or activate a weapon attack" abilities of their
    /// permanents trigger.
    pub(super) fn attack_played(&mut self, p: PlayerId, weapon: bool) {
        for s in self.permanents(p) {
            let meets = |t: &Trigger| matches!(t, Trigger::PlaysAttack { weapon: w } if w.is_none_or(|w| w == weapon));
            if self.add_triggers(s, p, meets) > 0 {
                crate::trace!(
                    self,
                    "20.4.2",
                    "{}'s \"when you play an attack\" effect waits on the chain",
                    self.name(s)
                );
            }
        }
    }
}

/// The effects of the given triggered abilities whose event `meets` accepts.
fn given_triggers(abilities: &[Ability], meets: impl Fn(&Trigger) -> bool) -> Vec<Vec<Effect>> {
    abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Triggered(t, e) if meets(t) => Some(e.clone()),
            _ => None,
        })
        .collect()
}
