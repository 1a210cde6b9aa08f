//! [Flow] COST (Vendetta). Our Core Rules predate it, so its reminder text is what it does (rule
//! 002): its owner may play the card from their trash, paying the Flow cost instead of the card's
//! own cost, with its usual timing (310); once it resolves it is banished instead of going to the
//! trash (`OnResolve`, as "Banish this." does).

use super::cards::CardType;
use super::costs::Cost;
use super::state::{Game, Zone};
use crate::kernel::{ObjId, PlayerId};

impl Game {
    /// The cards in `p`'s trash they may play for their Flow cost.
    pub(crate) fn flow_cards(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        // Every card in a trash is an object of the game, noted by the text index.
        let trash = if self.text_index.flow { &self.player(p).trash[..] } else { &[] };
        trash.iter().copied().filter(|c| self.flow_cost(*c).is_some())
    }

    /// The Flow cost `card` is played for where it is now: a spell in its owner's trash with
    /// [Flow].
    pub(crate) fn flow_cost(&self, card: ObjId) -> Option<&Cost> {
        let def = self.card(card);
        (self.obj(card).zone == Zone::Trash && def.kind == CardType::Spell).then_some(def.abilities.flow.as_ref())?
    }
}
