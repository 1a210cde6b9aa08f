//! [Burn N] (Vendetta): the top N cards of a player's Main Deck go to their trash. Our Core Rules
//! predate the keyword, so its reminder text is what it does (rule 002). A deck that runs out
//! first burns out, then the rest of the cards follow (418.1.b).

use super::actions::Pos;
use super::state::{Game, R, Zone};
use crate::kernel::PlayerId;
use crate::trace;

impl Game {
    /// "[Burn N]": `p` puts the top `n` cards of their Main Deck into their trash, one at a time,
    /// burning out whenever the deck is empty (418.1.b).
    pub fn burn(&mut self, p: PlayerId, n: u32) -> R<()> {
        for _ in 0..n {
            let Some(top) = self.top_or_burn_out(p)? else { return Ok(()) };
            let card = self.move_object(top, Zone::Trash, p, Pos::Bottom);
            trace!(
                self,
                "002",
                "{p} burns {}: the top card of their Main Deck goes to their trash",
                self.describe(card)
            );
        }
        Ok(())
    }
}
