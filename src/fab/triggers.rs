//! Triggered effects (CR 16): when an event a card's triggered ability waits for happens, the
//! ability's effect is added to the chain as a layer (16.2), controlled by the card's
//! controller, and resolves like any other layer (19).

use super::cards::Trigger;
use super::state::{Game, Layer, Phase};
use crate::kernel::{ObjId, PlayerId};

impl Game {
    /// 16.2: adds a layer for each of `card`'s triggered abilities whose event `meets` accepts,
    /// controlled by `controller`. Returns how many were added.
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
                self.chain.push(Layer {
                    controller,
                    card,
                    trigger: Some(i as u8),
                    reprise,
                    from_hand: false,
                    activated: None,
                });
                crate::trace!(self, "16.2", "{}'s triggered effect becomes layer {}", def.name, self.chain.len());
                added += 1;
            }
        }
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
    /// N or more {p} during your action phase" abilities of `p`'s hero, weapons and equipment
    /// that it meets trigger.
    pub(super) fn discarded(&mut self, p: PlayerId, card: ObjId) {
        let own_action_phase = self.phase == Phase::Action && self.turn_player == p;
        let power = self.obj(card).card.power.unwrap_or(0);
        let pl = self.player(p);
        let sources: Vec<ObjId> =
            std::iter::once(pl.hero).chain(pl.weapons.iter().copied()).chain(pl.equipment.iter().copied()).collect();
        for s in sources {
            self.add_triggers(
                s,
                p,
                |t| matches!(t, Trigger::Discards { power_at_least } if own_action_phase && power >= *power_at_least),
            );
        }
    }
}
