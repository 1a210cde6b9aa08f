//! Conceding (649-652): a player may concede at any time and is removed from the game.

use super::state::{Game, Outcome, R, Zone};
use crate::kernel::PlayerId;
use crate::trace;

impl Game {
    /// 650-651: `p` concedes. With one player left, that player wins (651.1); otherwise the
    /// conceding player is removed (652).
    pub fn concede(&mut self, p: PlayerId) -> R<()> {
        if self.is_over() || self.player(p).removed {
            return Ok(());
        }
        trace!(self, "650", "{p} concedes");
        // 651.4 / 462.6.a.1: a player's teammates lose with them and are removed too.
        let allies = self.allies_of(p);
        self.player_mut(p).removed = true;
        for a in &allies {
            trace!(self, "651.4", "{a} is {p}'s teammate: they also lose and are removed from the game");
            self.player_mut(*a).removed = true;
        }
        let remaining = self.active_players();
        if let [winner] = remaining.as_slice() {
            trace!(self, "651.1", "{winner} is the only player remaining and wins");
            self.outcome = Some(Outcome::Won { winner: *winner, by: "concession" });
            return Ok(());
        }
        // 462.6.a.3: with teams, the one team remaining wins together.
        if self.mode.teams
            && let Some(&winner) = remaining.first()
            && remaining.iter().all(|q| self.team(*q) == self.team(winner))
        {
            trace!(self, "462.6.a", "only {winner}'s team remains: the team wins");
            self.outcome = Some(Outcome::Won { winner, by: "concession" });
            return Ok(());
        }
        for a in allies {
            self.remove_player(a)?;
        }
        self.remove_player(p)
    }

    /// 652: removal of a player from a game that goes on.
    fn remove_player(&mut self, p: PlayerId) -> R<()> {
        // 652.1: banish the permanents and runes they control or own.
        let mut gone: Vec<_> =
            self.all_units().into_iter().filter(|u| self.controller(*u) == p || self.obj(*u).owner == p).collect();
        gone.extend(self.player(p).base.iter().copied());
        gone.extend(self.player(p).runes.iter().copied());
        self.banish(&gone, None);
        // 652.2: their battlefield in use is replaced by a token battlefield with no abilities
        // (652.2.a); the units and hidden cards there stay (652.2.b) and its continuous effects
        // end with it (652.2.c).
        let token = self.db.lookup(super::cards::BATTLEFIELD_TOKEN);
        for b in self.battlefield_ids() {
            if self.battlefields[b].owner == p
                && let Some(card) = token
            {
                let old = self.battlefields[b].obj;
                let new = self.new_obj(card, p, Zone::BattlefieldZone, p, super::actions::Pos::Bottom);
                self.obj_mut(new).token = true;
                self.battlefield_mut(b).obj = new;
                let o = self.obj_mut(old);
                o.alive = false;
                o.zone = Zone::Gone;
                trace!(
                    self,
                    "652.2.a", "the removed player's battlefield is replaced by a token battlefield with no abilities"
                );
            }
            let bf = self.battlefield_mut(b);
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
        if self.turn_player == p {
            let next = self.next_player(p);
            self.showdown = None;
            self.start_turn(next);
            self.changed();
            return Ok(());
        }
        self.changed();
        self.proceed_after_removal(p)
    }

    /// 652.5.b-652.5.c: focus and priority after `p` is removed. Whoever held them hands them to
    /// the next player in turn order (652.5.b.1, 652.5.c.1), and `p`'s own pass, if it was in
    /// the current run of passes, no longer counts. If every remaining player has now passed,
    /// play goes on as it would after the last pass: the newest chain item resolves (652.5.c.2),
    /// or, with no chain, the showdown ends and its combat or cleanup follows (652.5.b.2).
    fn proceed_after_removal(&mut self, p: PlayerId) -> R<()> {
        let remaining = self.active_players().len();
        if let Some((focus, passes)) = self.showdown.as_ref().map(|sd| (sd.focus, sd.passes)) {
            let passes = passes - u32::from(self.passed_in_run(p, focus, passes));
            let next = self.next_player(p);
            let sd = self.showdown.as_mut().unwrap();
            sd.passes = passes;
            if focus == p {
                sd.focus = next;
                trace!(self, "652.5.b.1", "{p} had focus: {next} gains focus");
            }
        }
        if !self.chain.is_empty() {
            if let Some(holder) = self.priority {
                if self.passed_in_run(p, holder, self.chain.passes()) {
                    self.chain.forget_pass();
                }
                if holder == p {
                    let next = self.next_player(p);
                    self.priority = Some(next);
                    trace!(self, "652.5.c.1", "{p} had priority: {next} gains priority");
                }
            }
            if self.chain.passes() as usize >= remaining && !self.chain.has_pending() {
                trace!(self, "652.5.c.2", "every remaining player has passed priority");
                self.resolve_top()?;
            }
        } else if self.showdown.as_ref().is_some_and(|sd| sd.passes as usize >= remaining) {
            trace!(self, "652.5.b.2", "every remaining player has passed focus");
            self.end_showdown()?;
        }
        // 343: a chain of a showdown that this removal ended (its items countered, 652.4, or
        // resolved) passes focus, as at the end of a step.
        self.chain_ended_in_showdown();
        self.priority = self.priority_holder();
        Ok(())
    }

    /// Whether `p`'s pass is among the `passes` consecutive passes that handed focus or priority
    /// to `holder`: the players just before `holder` in turn order, counting `p`, who is being
    /// removed.
    fn passed_in_run(&self, p: PlayerId, holder: PlayerId, passes: u32) -> bool {
        let order: Vec<PlayerId> =
            self.turn_order.iter().copied().filter(|q| *q == p || !self.player(*q).removed).collect();
        let Some(at) = order.iter().position(|q| *q == holder) else { return false };
        (1..=passes as usize).any(|k| order[(at + order.len() * 2 - k) % order.len()] == p)
    }
}
