//! A random player for whole games: it picks any legal option, seeded so a game replays.

use super::state::Game;
use crate::kernel::GameRng;
use crate::kernel::decision::{Agent, DecisionOf};

pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: GameRng::new(seed) }
    }
}

impl Agent<Game> for RandomAgent {
    fn choose(&mut self, _game: &Game, d: &DecisionOf<Game>) -> usize {
        self.rng.below(d.options.len())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::kernel::{Ending, GameOutcome};

    fn play(seed: u64) -> (Game, u64) {
        let mut g = game_with(bruiser_loadout(), bruiser_loadout(), seed);
        g.trace.on = true;
        g.agents = vec![Some(Box::new(RandomAgent::new(seed ^ 1))), Some(Box::new(RandomAgent::new(seed ^ 2)))];
        let mut steps = 0;
        while !g.step().expect("agents answer every decision") {
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: the game does not end");
        }
        (g, steps)
    }

    #[test]
    fn random_games_end_with_a_winner_a_draw_or_the_turn_cap_and_replay() {
        let mut winners = 0;
        for seed in 0..40 {
            let (g, _) = play(seed);
            let o = g.outcome.clone().expect("over");
            assert!(o.by_rules() || o == Ending::TurnCap, "{o:?}");
            winners += usize::from(o.winner().is_some());
            // Life totals agree with the outcome (3.1).
            if let Some(w) = o.winner() {
                assert!(g.player(g.opponent(w)).life <= 0 && g.player(w).life > 0);
            }
        }
        assert!(winners >= 20, "random bruisers mostly finish each other off: {winners}/40");
        // The same seed gives the same game.
        let (a, sa) = play(5);
        let (b, sb) = play(5);
        assert_eq!(
            (sa, a.answers.log.clone(), a.trace.lines.clone()),
            (sb, b.answers.log.clone(), b.trace.lines.clone())
        );
    }
}
