//! Conceding (649-652): a player may concede at any time and is removed from the game.

use super::state::{Game, Outcome, Zone};
use crate::kernel::PlayerId;
use crate::trace;

impl Game {
    /// 650-651: `p` concedes. With one player left, that player wins (651.1); otherwise the
    /// conceding player is removed (652).
    pub fn concede(&mut self, p: PlayerId) {
        if self.is_over() || self.player(p).removed {
            return;
        }
        trace!(self, "650", "{p} concedes");
        self.player_mut(p).removed = true;
        let remaining = self.active_players();
        if let [winner] = remaining.as_slice() {
            trace!(self, "651.1", "{winner} is the only player remaining and wins");
            self.outcome = Some(Outcome::Won { winner: *winner, by: "concession" });
            return;
        }
        self.remove_player(p);
    }

    /// 652: removal of a player from a game that goes on.
    fn remove_player(&mut self, p: PlayerId) {
        // 652.1: banish the permanents and runes they control or own.
        let mut gone: Vec<_> =
            self.all_units().into_iter().filter(|u| self.controller(*u) == p || self.obj(*u).owner == p).collect();
        gone.extend(self.player(p).base.iter().copied());
        gone.extend(self.player(p).runes.iter().copied());
        self.banish(&gone);
        // 652.2: their battlefield in use is replaced by a token battlefield with no abilities
        // (652.2.a); the units and hidden cards there stay (652.2.b) and its continuous effects
        // end with it (652.2.c).
        let token = self.db.lookup(super::cards::BATTLEFIELD_TOKEN);
        for b in 0..self.battlefields.len() {
            if self.battlefields[b].owner == p
                && let Some(card) = token
            {
                let old = self.battlefields[b].obj;
                let new = self.new_obj(card, p, Zone::BattlefieldZone, p, super::actions::Pos::Bottom);
                self.obj_mut(new).token = true;
                self.battlefields[b].obj = new;
                let o = self.obj_mut(old);
                o.alive = false;
                o.zone = Zone::Gone;
                trace!(
                    self,
                    "652.2.a", "the removed player's battlefield is replaced by a token battlefield with no abilities"
                );
            }
            let bf = &mut self.battlefields[b];
            if bf.controller == Some(p) {
                bf.controller = None;
            }
            if bf.contested_by == Some(p) {
                bf.contested_by = None;
            }
        }
        self.expire_effects(false);
        // 652.4: counter their spells and abilities.
        while let Some(i) = self.chain.position_controlled_by(p) {
            self.counter(i);
        }
        // 652.3: remove every card they own from the game.
        for i in 0..self.objs.len() {
            let o = &self.objs[i];
            if o.owner == p && o.alive && !matches!(o.zone, Zone::BattlefieldZone | Zone::Gone) {
                let id = crate::kernel::ObjId(i as u32);
                self.move_object(id, Zone::Gone, p, super::actions::Pos::Bottom);
            }
        }
        trace!(self, "652.3", "{p} is removed from the game");
        // 652.5: the game proceeds: turn, focus and priority move on.
        if let Some(sd) = self.showdown.as_mut()
            && sd.focus == p
        {
            let next = self.next_player(p);
            let sd = self.showdown.as_mut().unwrap();
            sd.focus = next;
        }
        if self.priority == Some(p) {
            self.priority = Some(self.next_player(p));
        }
        if self.turn_player == p {
            let next = self.next_player(p);
            self.showdown = None;
            self.start_turn(next);
        }
        self.changed();
    }
}
