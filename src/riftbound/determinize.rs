//! What one player may believe about hidden information, for agents that search: a copy of the
//! game whose hidden cards are dealt again at random, consistently with what that player has
//! seen. Never a peek: the search plays in such copies, not in the real game.
//!
//! Hidden from a viewer (106.4, 127, 411): the other players' hands, facedown cards and decks,
//! and the order of every deck, the viewer's own included. What the viewer saw stays: a card an
//! opponent revealed (the same object, still in that zone) and the cards the viewer looked at on
//! top of their own Main Deck. The other hidden objects of each owner swap their cards among
//! themselves (hand, Main Deck and facedown cards in one pool, the rune deck in another), so the
//! copy holds the same cards in the same zones' sizes, only who holds which is resampled.

use super::events::Event;
use super::state::{Game, Zone};
use crate::kernel::{GameRng, ObjId, PlayerId};

impl Game {
    /// A copy to play on (the real game is untouched): the state with its event log (conditions
    /// read "this turn" from it), no trace, no agents, and its own random numbers from `rng`, so
    /// a copy never knows the real game's next shuffle.
    pub fn fork(&self, rng: &mut GameRng) -> Game {
        let mut g = self.clone_with_logs(false);
        g.events = self.events.clone();
        g.trace.on = false;
        g.rng = GameRng::new(rng.next_u64());
        g
    }

    /// Deals the cards hidden from `viewer` again at random (see the module).
    pub fn determinize(&mut self, viewer: PlayerId, rng: &mut GameRng) {
        let mut seen: Vec<ObjId> = Vec::new();
        for e in self.events.iter() {
            match e {
                Event::Revealed { card, .. } => seen.push(*card),
                Event::SeenFromTop { player, card, .. } if *player == viewer => seen.push(*card),
                _ => {}
            }
        }
        let unseen = |g: &Game, o: &ObjId| !seen.contains(o) || !g.obj(*o).alive;
        for q in 0..self.players.len() {
            let q = PlayerId(q as u8);
            let p = self.player(q);
            let mut pool: Vec<ObjId> = p.main_deck.clone();
            if q != viewer {
                pool.extend(p.hand.iter().copied());
                for b in &self.battlefields {
                    pool.extend(b.facedown.iter().copied().filter(|o| self.obj(*o).owner == q));
                }
            }
            pool.retain(|o| unseen(self, o) && self.obj(*o).zone != Zone::Gone);
            let runes = self.player(q).rune_deck.clone();
            self.redeal(&pool, rng);
            self.redeal(&runes, rng);
        }
        // The objects keep their ids and zones; what the indexes know of their cards is redone.
        self.trigger_index.zones_changed();
        self.changed();
    }

    /// Shuffles the cards of `objs` among them. The cards are sorted first, so what the copy
    /// holds depends on which cards are hidden and the random numbers, never on where the real
    /// game has them.
    fn redeal(&mut self, objs: &[ObjId], rng: &mut GameRng) {
        let mut cards: Vec<_> = objs.iter().map(|o| self.obj(*o).card).collect();
        cards.sort();
        rng.shuffle(&mut cards);
        for (o, c) in objs.iter().zip(cards) {
            self.obj_mut(*o).card = c;
        }
    }
}
