//! Damage, life and the end of the game (CR 3, 26): damage is dealt to heroes at once and
//! changes life by the total (3.2.1); a hero at zero life loses as soon as it happens (3.1.1),
//! and two heroes at zero together draw (3.2).

use super::replacement::Event;
use super::state::Game;
use crate::kernel::{Ending, PlayerId};

impl Game {
    /// Deals damage to heroes simultaneously (3.2.1), then checks the end of the game. Each
    /// amount is first replaced by the replacement effects waiting for it (18.7); damage
    /// prevented was never dealt (26.5). Returns the damage dealt to each.
    pub fn deal_damage(&mut self, damage: &[(PlayerId, u32)]) -> Vec<u32> {
        let mut dealt = Vec::new();
        for &(p, n) in damage {
            if n == 0 {
                dealt.push(0);
                continue;
            }
            let n = self.replace(Event { damage: true, player: p, amount: n });
            dealt.push(n);
            if n == 0 {
                crate::trace!(self, "18.6", "no damage is dealt to {p}: the event never happened");
                continue;
            }
            self.player_mut(p).life -= n as i32;
            crate::trace!(self, "26", "{p} is dealt {n} damage ({} life)", self.player(p).life);
        }
        self.check_game_end();
        dealt
    }

    /// 3.1, 3.1.1, 3.2: a hero at zero life or less ends the game at once: the other wins, or,
    /// when both are, it is a draw.
    pub fn check_game_end(&mut self) {
        if self.is_over() {
            return;
        }
        let dead: Vec<PlayerId> = self.seats().into_iter().filter(|p| self.player(*p).life <= 0).collect();
        self.outcome = match dead.as_slice() {
            [] => return,
            [p] => Some(Ending::Won { winner: self.opponent(*p), by: "3.1" }),
            _ => Some(Ending::Draw { by: "3.2" }),
        };
        self.priority = None;
        crate::trace!(self, "3.1.1", "the game ends: {:?}", self.outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{CardDef, CardType, Effect};
    use super::super::testing::*;
    use super::*;
    use crate::kernel::GameOutcome;

    #[test]
    fn a_hero_at_zero_life_loses_at_once() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.player_mut(opp).life = 4;
        // A 4-power attack, undefended: the game ends in damage calculation (3.1.1).
        let a = give(&mut g, tp, hit("Smash").cost(0));
        g.play_card(tp, a, &[]).unwrap();
        let s = give(&mut g, opp, sigil());
        g.answers.log = vec![0];
        for _ in 0..3 {
            pass_both(&mut g);
        }
        assert_eq!(g.outcome, Some(Ending::Won { winner: tp, by: "3.1" }));
        assert!(g.step().unwrap(), "the game is over");
        assert_eq!(g.priority, None);
        assert!(g.legal_actions(opp).is_empty(), "nothing more is played");
        let _ = s;
    }

    #[test]
    fn both_heroes_at_zero_together_is_a_draw() {
        // 3.2.1's example: 3 and 1 life, 3 damage to each: a draw.
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        g.player_mut(PlayerId(0)).life = 3;
        g.player_mut(PlayerId(1)).life = 1;
        g.deal_damage(&[(PlayerId(0), 3), (PlayerId(1), 3)]);
        assert_eq!(g.outcome, Some(Ending::Draw { by: "3.2" }));
        let o = g.outcome.clone().unwrap();
        assert!(o.is_draw() && o.winner().is_none());
    }

    #[test]
    fn damage_from_a_resolving_layer_ends_the_game_before_the_rest_resolves() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.player_mut(opp).life = 2;
        let bolt = give(
            &mut g,
            tp,
            CardDef::new("Bolt", CardType::Instant).cost(0).effect(Effect::DealDamage(2)).effect(Effect::GainLife(5)),
        );
        g.play_card(tp, bolt, &[]).unwrap();
        g.pass_priority(tp).unwrap();
        g.pass_priority(opp).unwrap();
        assert_eq!(g.outcome, Some(Ending::Won { winner: tp, by: "3.1" }));
        assert_eq!(g.player(tp).life, 20, "3.1.1: the rest of the effect does not resolve");
    }
}
