//! [Ambush] (Core Rules 1.3, 822; restated in docs/rulings.md): a unit with Ambush may also be
//! played to a battlefield where its player has units, and has Reaction while it is played
//! there (822.1.b). Its base stays a location it may be played to with its own timing only.
//! Whether the battlefield still has that player's units is checked again as the play is
//! finalized (355: otherwise the play is undone).

use super::layers::Keyword;
use super::play::Timing;
use super::state::{Game, Loc};
use crate::kernel::{ObjId, PlayerId};

impl Game {
    /// The battlefields `p` may play `card` to by its Ambush: those where `p` has units (822.1.b),
    /// except, with more than two players, one with a combat `p` is not in (436.2).
    pub fn ambush_battlefields(&self, p: PlayerId, card: ObjId) -> Vec<Loc> {
        if !self.has_keyword(card, Keyword::Ambush) {
            return Vec::new();
        }
        self.battlefield_ids()
            .filter(|b| self.players_at(*b).contains(&p) && !self.combat_excludes(*b, p))
            .map(Loc::Battlefield)
            .collect()
    }

    /// Whether `p` may begin playing `card` now by its Ambush: as a Reaction, to a battlefield
    /// where they have units (822.1.b).
    pub fn ambush_timing_allows(&self, p: PlayerId, card: ObjId) -> bool {
        self.timing_allows(p, Timing::Reaction) && !self.ambush_battlefields(p, card).is_empty()
    }

    /// As `p` begins to play `card`: whether only its Ambush times the play (822.1.b: the
    /// Reaction is for a play to those battlefields only).
    pub(crate) fn needs_ambush(&self, p: PlayerId, card: ObjId) -> bool {
        !self.timing_allows(p, self.card_timing(card)) && self.ambush_timing_allows(p, card)
    }

    /// Remembers that `card`, now on the chain, is being played by its Ambush.
    pub(crate) fn note_ambush_play(&mut self, card: ObjId) {
        self.components.get_mut::<AmbushPlay>().0 = Some(card);
    }

    /// Whether `card`, on the chain being played, was timed by its Ambush only: then it must go
    /// to one of its Ambush battlefields.
    pub(crate) fn played_by_ambush(&self, card: ObjId) -> bool {
        self.components.get::<AmbushPlay>().is_some_and(|a| a.0 == Some(card))
    }
}

/// The card being played by its Ambush, as it is on the chain (an object id is never reused).
#[derive(Clone, Debug, Default)]
struct AmbushPlay(Option<ObjId>);
