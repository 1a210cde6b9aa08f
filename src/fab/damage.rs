//! Damage, life and the end of the game (CR 3, 26): damage is dealt to heroes at once and
//! changes life by the total (3.2.1); a hero at zero life loses as soon as it happens (3.1.1),
//! and two heroes at zero together draw (3.2). A dead position, which no rule of v1.4 ends, is a
//! draw (docs/fab-rulings.md, "Double fatigue").

use super::R;
use super::replacement::Event;
use super::state::Game;
use crate::kernel::{Ending, PlayerId};

impl Game {
    /// Deals damage to heroes simultaneously (3.2.1), then checks the end of the game. Each
    /// amount is first replaced by the replacement effects waiting for it (18.7), in the order
    /// the players choose (18.5), every order asked before any damage is dealt; damage prevented
    /// was never dealt (26.5). Returns the damage dealt to each.
    pub fn deal_damage(&mut self, damage: &[(PlayerId, u32)]) -> R<Vec<u32>> {
        let mut ordered = Vec::new();
        for &(p, n) in damage {
            let order = if n == 0 {
                Vec::new()
            } else {
                self.replacement_order(&Event { damage: true, player: p, amount: n })?
            };
            ordered.push((p, n, order));
        }
        Ok(self.deal_damage_in_order(&ordered))
    }

    /// [`Game::deal_damage`] with the order of each amount's replacement effects chosen (18.5).
    pub(super) fn deal_damage_in_order(&mut self, damage: &[(PlayerId, u32, Vec<u32>)]) -> Vec<u32> {
        let mut dealt = Vec::new();
        for (p, n, order) in damage {
            let (p, n) = (*p, *n);
            if n == 0 {
                dealt.push(0);
                continue;
            }
            let n = self.apply_replacements(Event { damage: true, player: p, amount: n }, order);
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

    /// Double fatigue (docs/fab-rulings.md): 3.1 ends a game only when a hero's life becomes
    /// zero, and nothing in v1.4 ends one in which that can no longer happen. Called at the end
    /// of every turn (13.3.3g): when two turns in a row passed with no one choosing anything
    /// (every decision had a single option, so the rules alone played them) and the game state
    /// at the end of the second is the one at the end of the turn before the first, the next two
    /// turns repeat those two, and so on forever: no hero's life changes again. The game is a
    /// draw then, as an unfinished game is when time is called (the Tournament Rules and
    /// Policy's end of match procedure), only without waiting for the clock.
    pub(super) fn check_dead_position(&mut self) {
        if std::mem::take(&mut self.choices_this_turn) > 0 {
            self.quiet_positions.clear();
            return;
        }
        let now = self.position();
        if self.quiet_positions.len() == 2 && self.quiet_positions[0] == now {
            self.outcome = Some(Ending::Draw { by: "dead position" });
            self.priority = None;
            crate::trace!(
                self,
                "3.1",
                "no one has had a choice for two turns and the game is where it was: no hero's life can reach zero, so the game is a draw (double fatigue)"
            );
            return;
        }
        self.quiet_positions.push(now);
        if self.quiet_positions.len() > 2 {
            self.quiet_positions.remove(0);
        }
    }

    /// A fingerprint of everything that decides how the game goes on: every object's zone and
    /// state, every player's life, zones, points and records, the chains, the continuous and
    /// replacement effects and the random generator; not the turn's number, the trace or the
    /// answers given.
    fn position(&self) -> u64 {
        use std::fmt::Write;
        struct Hasher(crate::kernel::hash::Fnv1a);
        impl Write for Hasher {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                self.0.write(s.as_bytes());
                Ok(())
            }
        }
        let mut h = Hasher(crate::kernel::hash::Fnv1a::default());
        for o in &self.objs {
            let _ = write!(
                h,
                "{}|{:?}|{:?}|{}|{:?}|{}|{}|{}|{}|{:?};",
                o.card.name,
                o.owner,
                o.zone,
                o.face_down,
                o.became,
                o.defense_counters,
                o.used_this_turn,
                o.extra_uses,
                o.power_counters,
                o.named_counters
            );
        }
        let _ = write!(
            h,
            "{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{}",
            self.players,
            self.turn_player,
            self.phase,
            self.priority,
            self.chain,
            self.links,
            self.pending_triggers,
            self.resolving,
            self.turn_events,
            self.continuous,
            self.replacements,
            self.rng,
            self.timestamps
        );
        h.0.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{CardDef, CardType, Effect, Loadout};
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
        g.deal_damage(&[(PlayerId(0), 3), (PlayerId(1), 3)]).unwrap();
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

    /// Two heroes with no cards left to draw, pitch or play: no one has a choice, nothing
    /// changes, and no hero's life can reach zero (3.1). Turn 1 had a choice (who goes first,
    /// 12.2), so the game is a draw at the end of turn 4, the third turn with none, when turn 2's
    /// end position is back (docs/fab-rulings.md).
    #[test]
    fn a_dead_position_with_no_choices_left_is_a_draw() {
        let empty = || Loadout { deck: Vec::new(), ..bruiser_loadout() };
        let mut g = started(empty(), empty(), 1);
        assert!(g.run(10_000).unwrap(), "the game ends");
        assert_eq!(g.outcome, Some(Ending::Draw { by: "dead position" }));
        assert_eq!(g.turn, 4, "turns 3 and 4 repeat turn 2's end position");
        assert_eq!((g.player(PlayerId(0)).life, g.player(PlayerId(1)).life), (20, 20));
        assert!(g.outcome.as_ref().is_some_and(|o| o.by_rules()), "a rules outcome, not a cap");
    }

    /// Always the last option: it arsenals a card, then passes with it.
    struct Hoarder;
    impl crate::kernel::decision::Agent<Game> for Hoarder {
        fn choose(&mut self, _: &Game, d: &crate::kernel::decision::DecisionOf<Game>) -> usize {
            d.options.len() - 1
        }
    }

    /// The same unchanging board, but a player who could play a card every turn and does not:
    /// a choice was made, so the game is not dead, and it runs to the cap.
    #[test]
    fn a_position_that_repeats_while_someone_could_act_is_not_drawn() {
        let empty = || Loadout { deck: Vec::new(), ..bruiser_loadout() };
        let mut g = started(empty(), empty(), 1);
        let tp = g.turn_player;
        give(&mut g, tp, sigil());
        g.turn_cap = 12;
        g.agents = vec![Some(Box::new(Hoarder)), Some(Box::new(Hoarder))];
        assert!(g.run(10_000).unwrap());
        assert_eq!(g.outcome, Some(Ending::TurnCap), "3.1: nothing ends it, and it was not dead");
        assert_eq!(g.player(g.turn_player).arsenal.len() + g.player(g.opponent(g.turn_player)).arsenal.len(), 1);
    }
}
