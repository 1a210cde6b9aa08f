//! Turn structure (CR 13): the start of turn phase, the action phase with its action point, and
//! the end of turn phase's clean up (13.3.3). [`Game::step`] runs the game from one decision
//! point to the next.

use super::R;
use super::state::{Action, Ask, Game, Phase};
use super::triggers::{EventKind, Happened};
use super::zones::Zone;
use crate::kernel::decision::decide;
use crate::kernel::{Ending, ObjId, PlayerId};

impl Game {
    /// Runs the game to its next decision point. `Ok(true)` when the game is over.
    pub fn step(&mut self) -> R<bool> {
        if self.is_over() {
            return Ok(true);
        }
        match self.phase {
            Phase::Setup => self.choose_first_turn()?,
            Phase::Start => self.start_phase()?,
            Phase::Action => self.priority_step()?,
            Phase::End => self.end_phase()?,
        }
        Ok(self.is_over())
    }

    /// Steps until the game ends or `max_steps` steps have run; true when it ended.
    pub fn run(&mut self, max_steps: u64) -> R<bool> {
        for _ in 0..max_steps {
            if self.step()? {
                return Ok(true);
            }
        }
        Ok(self.is_over())
    }

    /// 13.1: the start of turn phase. "At the start of your turn" triggers are added (13.1.3,
    /// in the turn player's order, 16.3) and, as no one gets priority (13.1.1), the chain resolves
    /// as if both players passed; then the action phase (13.1.5), where the turn player has 1
    /// action point (13.2.1) and priority (13.2.3, 14.2). Re-entrant: a game stopped at the
    /// order of the triggers asks again when resumed.
    pub(super) fn start_phase(&mut self) -> R<()> {
        let tp = self.turn_player;
        if !self.start_triggered {
            self.start_triggered = true;
            crate::trace!(self, "13.1", "turn {}: {tp}'s start of turn phase", self.turn);
            if self.happened(Happened::new(EventKind::StartOfTurn, tp, None, false)) > 0 {
                crate::trace!(self, "13.1.3", "\"at the start of turn\" triggers are added to the chain");
            }
        }
        loop {
            if self.order_triggers()? {
                continue;
            }
            if (self.chain.is_empty() && self.resolving.is_none()) || self.is_over() {
                break;
            }
            if self.resolving.is_none() {
                crate::trace!(self, "13.1.3", "the chain resolves as if both players passed");
            }
            self.resolve_top()?;
        }
        if self.is_over() {
            return Ok(());
        }
        self.start_triggered = false;
        self.phase = Phase::Action;
        self.player_mut(tp).action_points = 1;
        crate::trace!(self, "13.2.1", "{tp} has 1 action point");
        self.give_priority_to_turn_player();
        crate::trace!(self, "13.2.3", "{tp} gains priority");
        Ok(())
    }

    /// 13.3: the end of turn phase.
    pub(super) fn end_phase(&mut self) -> R<()> {
        let tp = self.turn_player;
        // 13.3.2: "at the beginning of the end phase": intimidate's cards return to hand.
        for p in self.seats() {
            for id in std::mem::take(&mut self.player_mut(p).intimidated) {
                if self.obj(id).zone == Zone::Banished && self.obj(id).became.is_none() {
                    self.move_to(id, Zone::Hand);
                    crate::trace!(self, "13.3.2", "{p}'s intimidated card returns to hand");
                }
            }
        }
        // 13.3.3a: unused action points and resource points are lost.
        for p in self.seats() {
            let pl = self.player_mut(p);
            (pl.action_points, pl.resources) = (0, 0);
        }
        // 13.3.3b: the turn player may put a card from hand face down into an empty arsenal.
        if self.player(tp).arsenal.is_empty() && !self.player(tp).hand.is_empty() {
            let mut options = vec![Action::Arsenal(None)];
            options.extend(self.player(tp).hand.iter().map(|c| Action::Arsenal(Some(*c))));
            if let Action::Arsenal(Some(c)) = decide(self, tp, Ask::Arsenal, options)? {
                self.arsenal(c);
            }
        }
        // 13.3.3c: each player's pitch zone goes to the bottom of their deck.
        for p in self.seats() {
            for c in self.player(p).pitch.clone() {
                self.to_deck(c, false);
            }
        }
        crate::trace!(self, "13.3.3c", "pitched cards go to the bottom of their owners' decks");
        // 13.3.3d, 13.3.3e: the turn player (on the first turn, every player) draws up to
        // intellect.
        if self.turn == 1 {
            for p in self.seats() {
                self.draw_up_to_intellect(p);
            }
            crate::trace!(self, "13.3.3e", "first turn: every player draws up to intellect");
        } else {
            self.draw_up_to_intellect(tp);
            crate::trace!(self, "13.3.3d", "{tp} draws up to intellect");
        }
        // 13.3.3f: "this turn" effects end: once per turn abilities are available again, "your
        // next attack this turn" effects still waiting end, and no one has attacked this turn.
        for o in &mut self.objs {
            o.used_this_turn = false;
            o.extra_uses = 0;
        }
        for pl in &mut self.players {
            pl.attacked.clear();
            pl.intimidated_this_turn = false;
            pl.delayed.clear();
        }
        self.turn_events.clear();
        self.end_turn_effects();
        self.end_turn_replacements();
        self.check_dead_position();
        if self.is_over() {
            return Ok(());
        }
        // 13.3.3g: the next player becomes the turn player.
        if self.turn >= self.turn_cap {
            self.outcome = Some(Ending::TurnCap);
            return Ok(());
        }
        self.turn += 1;
        self.turn_player = self.opponent(tp);
        self.phase = Phase::Start;
        crate::trace!(self, "13.3.3g", "the turn ends; {} becomes the turn player", self.turn_player);
        Ok(())
    }

    /// 13.3.3b: a card from hand face down into the arsenal.
    pub fn arsenal(&mut self, card: ObjId) {
        let p = self.obj(card).owner;
        let id = self.move_to(card, Zone::Arsenal);
        self.obj_mut(id).face_down = true;
        crate::trace!(self, "13.3.3b", "{p} puts a card face down into their arsenal");
    }

    pub fn seats(&self) -> [PlayerId; 2] {
        [PlayerId(0), PlayerId(1)]
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn the_action_phase_gives_the_turn_player_one_action_point_and_priority() {
        let g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        assert_eq!(g.phase, Phase::Action);
        assert_eq!(g.player(tp).action_points, 1, "13.2.1");
        assert_eq!(g.priority, Some(tp), "13.2.3");
    }

    #[test]
    fn end_phase_arsenal_pitch_to_bottom_and_draw() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        // Play nothing but pitch one card by hand into the pool, as if paying a cost.
        let c = g.player(tp).hand[0];
        let pitched = g.move_to(c, Zone::Pitch);
        g.player_mut(tp).resources = 1;
        let kept = g.player(tp).hand[0];
        let deck_len = g.player(tp).deck.len();
        g.phase = Phase::End;
        g.answers.log = vec![1]; // 13.3.3b: arsenal the first card of hand
        g.step().unwrap();
        let pl = g.player(tp);
        assert_eq!((pl.action_points, pl.resources), (0, 0), "13.3.3a");
        assert_eq!(pl.arsenal.len(), 1, "13.3.3b");
        assert!(g.obj(pl.arsenal[0]).face_down);
        assert_eq!(g.obj(kept).became, Some(pl.arsenal[0]), "11.7: a new object in the arsenal");
        assert!(pl.pitch.is_empty(), "13.3.3c");
        let bottom = *pl.deck.last().unwrap();
        assert_eq!(g.obj(bottom).card.name, g.obj(pitched).card.name, "13.3.3c: on the bottom");
        // 13.3.3e: first turn, everyone draws up to 4 (the turn player had 2 left after
        // pitching and arsenal).
        assert_eq!(pl.hand.len(), 4);
        assert_eq!(pl.deck.len(), deck_len + 1 - 2, "one pitched card in, two drawn");
        assert_eq!(g.player(g.opponent(tp)).hand.len(), 4);
        assert_eq!(g.turn_player, g.opponent(tp), "13.3.3g");
        assert_eq!((g.turn, g.phase), (2, Phase::Start));
    }

    #[test]
    fn after_the_first_turn_only_the_turn_player_draws() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        g.turn = 2;
        let tp = g.turn_player;
        let other = g.opponent(tp);
        let c = g.player(other).hand[0];
        g.move_to(c, Zone::Graveyard);
        g.player_mut(tp).hand.clear();
        g.phase = Phase::End;
        g.step().unwrap();
        assert_eq!(g.player(tp).hand.len(), 4, "13.3.3d");
        assert_eq!(g.player(other).hand.len(), 3, "13.3.3d: only the turn player");
    }

    #[test]
    fn the_turn_cap_stops_the_game() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        g.turn_cap = 1;
        g.phase = Phase::End;
        g.answers.log = vec![0];
        assert!(g.step().unwrap());
        assert_eq!(g.outcome, Some(Ending::TurnCap));
    }

    /// 13.1.1, 14.2: no one gets priority in the start of turn phase: an "at the start of your
    /// turn" trigger with an optional cost resolves as if both players passed (13.1.3), asking its
    /// controller only that cost (19.4: paying by pitching, or not); 13.1.4, 13.1.5: with the
    /// chain empty the phase ends and the action phase begins, where 13.2.1 and 13.2.1a give the
    /// turn player 1 action point by the game system (no layer) and 14.2, 14.3 make them the
    /// active player, with priority.
    #[test]
    fn r13_1_1_the_start_of_turn_phase_has_no_priority_and_asks_an_optional_cost() {
        use super::super::cards::{Condition, Effect, Trigger};
        use crate::kernel::Stop;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let next = g.opponent(tp);
        let hero = g.player(next).hero;
        let paid = vec![Effect::MayPay(1), Effect::IfThen(Condition::PaidThisWay), Effect::GainLife(2)];
        let def = (*g.obj(hero).card).clone().trigger(Trigger::StartOfTurn, paid);
        g.obj_mut(hero).card = std::sync::Arc::new(def);
        g.pass_priority(tp).unwrap();
        g.pass_priority(next).unwrap();
        g.answers.log = vec![0]; // the arsenal: nothing
        g.step().unwrap();
        assert_eq!((g.phase, g.turn_player), (Phase::Start, next));
        g.agents = vec![None, None];
        g.answers = crate::kernel::Answers::default();
        g.player_mut(next).resources = 1;
        let life = g.player(next).life;
        let ask = match g.step() {
            Err(Stop::NeedDecision(d)) => (d.player, d.ask),
            other => panic!("{other:?}"),
        };
        assert_eq!(ask, (next, Ask::OptionalCost), "13.1.3: only the optional cost is asked");
        assert_eq!(g.priority, None, "13.1.1");
        g.answers.log.push(0); // pay from the pool
        g.step().unwrap();
        assert_eq!(g.player(next).life, life + 2);
        assert_eq!(g.phase, Phase::Action, "13.1.4, 13.1.5");
        assert!(g.chain.is_empty(), "13.2.1a: the action point is no layer");
        assert_eq!((g.player(next).action_points, g.priority), (1, Some(next)), "13.2.1, 14.2, 14.3");
    }

    /// 13.3.1: no one gets priority in the end phase: from the last passes of the action phase to
    /// the next turn's action phase, the only question is the arsenal (13.3.3b).
    #[test]
    fn r13_3_1_the_end_phase_has_no_priority() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        g.pass_priority(tp).unwrap();
        g.pass_priority(g.opponent(tp)).unwrap();
        assert_eq!((g.phase, g.priority), (Phase::End, None));
        g.agents = vec![None, None];
        let asked = match g.step() {
            Err(crate::kernel::Stop::NeedDecision(d)) => d.ask,
            other => panic!("{other:?}"),
        };
        assert_eq!(asked, Ask::Arsenal);
        assert_eq!(g.priority, None, "13.3.1");
    }
}
