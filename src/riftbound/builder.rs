//! Setting up any position directly: an empty Duel board to which tests, scenarios and tools
//! add cards where they want them, then play on with the normal rules.

use super::actions::Pos;
use super::cards::{CardDb, CardType};
use super::state::{Bf, Game, Loc, Mode, Player, Step, Zone};
use crate::kernel::{ObjId, PlayerId};
use std::sync::Arc;

impl Game {
    /// An empty two-player Duel board with the given battlefields (owned by P1 and P2 in turn),
    /// P1 the first player and turn player, in P1's action phase of turn 1. Nothing else is on
    /// the board; decks, hands and runes are empty.
    pub fn blank(db: Arc<CardDb>, battlefields: &[&str], seed: u64) -> Result<Game, String> {
        Game::blank_players(db, battlefields, seed, 2)
    }

    /// An empty board for `n` players (P1, P2, … in turn order), the battlefields owned by them
    /// in turn (with four players and three battlefields, by P2, P3 and P4: 461.4.b); otherwise
    /// as [`Game::blank`].
    pub fn blank_players(db: Arc<CardDb>, battlefields: &[&str], seed: u64, n: usize) -> Result<Game, String> {
        let players = (0..n)
            .map(|i| {
                let mut p = Player::new(format!("P{}", i + 1), None);
                // It is P1's first turn; P2 has had none yet (their next turn is their first,
                // with its extra rune, 458.7).
                p.turns_taken = u32::from(i == 0);
                p
            })
            .collect();
        let mut g = Game::empty(db.clone(), Mode::duel(), players, seed);
        g.turn_order = (0..n).map(|i| PlayerId(i as u8)).collect();
        g.turn = 1;
        g.step = Step::Action;
        g.priority = Some(PlayerId(0));
        for (i, name) in battlefields.iter().enumerate() {
            let card = db.lookup(name).ok_or_else(|| format!("unknown battlefield `{name}`"))?;
            if db.get(card).kind != CardType::Battlefield {
                return Err(format!("`{name}` is not a battlefield"));
            }
            // Four players and three battlefields: the first player's is not used (461.4.b).
            let owner = if n == 4 && battlefields.len() == 3 { PlayerId(i as u8 + 1) } else { PlayerId((i % n) as u8) };
            let obj = g.new_obj(card, owner, Zone::BattlefieldZone, owner, Pos::Bottom);
            g.add_battlefield(obj, owner);
        }
        Ok(g)
    }

    /// Puts a new card (by name or id) owned by `owner` into a zone. For [`Zone::Base`] and
    /// [`Zone::Battlefield`] the owner also controls it; units and gear arrive ready.
    pub fn put(&mut self, name: &str, owner: PlayerId, zone: Zone) -> Result<ObjId, String> {
        let card = self.db.lookup(name).ok_or_else(|| format!("unknown card `{name}`"))?;
        let id = self.new_obj(card, owner, zone, owner, Pos::Bottom);
        // 170: a card of the token supertype is a token.
        self.obj_mut(id).token = self.db.get(card).supertype == Some(super::cards::Supertype::Token);
        if self.db.get(card).is_champion_unit()
            && self.player(owner).chosen_champion.is_none()
            && zone == Zone::ChampionZone
        {
            self.player_mut(owner).chosen_champion = Some(card);
        }
        self.changed();
        Ok(id)
    }

    /// Puts a unit or gear on the board at a location, ready, controlled by `owner`.
    pub fn put_at(&mut self, name: &str, owner: PlayerId, loc: Loc) -> Result<ObjId, String> {
        let zone = match loc {
            Loc::Base(_) => Zone::Base,
            Loc::Battlefield(b) => Zone::Battlefield(b),
        };
        let id = self.put(name, owner, zone)?;
        if let Loc::Base(p) = loc
            && p != owner
        {
            return Err("106.2.d: a player's objects can't be in another player's base".into());
        }
        Ok(id)
    }

    /// Puts `n` runes of a card name on the board for `p`, ready.
    pub fn put_runes(&mut self, name: &str, p: PlayerId, n: u32) -> Result<Vec<ObjId>, String> {
        (0..n).map(|_| self.put(name, p, Zone::Base)).collect()
    }

    /// Takes every card of `p`'s Main Deck out of the game (a position with an empty deck).
    pub fn empty_main_deck(&mut self, p: PlayerId) {
        for id in self.player(p).main_deck.clone() {
            self.move_object(id, Zone::Gone, p, Pos::Bottom);
        }
    }

    /// Gives control of a battlefield.
    pub fn set_controller(&mut self, b: Bf, p: Option<PlayerId>) {
        self.battlefield_mut(b).controller = p;
    }
}
