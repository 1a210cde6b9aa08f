//! A search agent: Monte Carlo search over its own actions with determinization of hidden
//! information (information-set sampling, one level deep).
//!
//! At each action decision (312.1: play, move, activate, pass, end the turn) it spends a budget
//! of playouts. Each playout takes a copy of the game in which the cards hidden from it are dealt
//! again at random, consistently with what it has seen ([`Game::determinize`]: never a peek),
//! takes one of its options, chosen by UCB1 among the options so far (every option once first),
//! and lets greedy players play every seat from there for a horizon of turns. A win scores 1, a
//! loss 0; a playout still going at the horizon scores by the points: 1/2 plus half the lead
//! over the best opponent as a share of the Victory Score. It takes the option tried most.
//! Its other decisions (targets, costs, orders) are the greedy agent's.
//!
//! The budget is in playouts, not time, so a seed gives the same game on any machine.

use super::GreedyAgent;
use crate::kernel::GameRng;
use crate::riftbound::{Action, Agent, Ask, Decision, Game, Outcome};

/// The search agent; `playouts` per action decision, playouts `horizon` turns long.
pub struct SearchAgent {
    playouts: u32,
    horizon: u32,
    rng: GameRng,
    greedy: GreedyAgent,
}

impl SearchAgent {
    pub const DEFAULT_HORIZON: u32 = 4;

    pub fn new(playouts: u32, seed: u64) -> Self {
        SearchAgent {
            playouts: playouts.max(1),
            horizon: Self::DEFAULT_HORIZON,
            rng: GameRng::new(seed ^ 0x5EA2C4),
            greedy: GreedyAgent::new(seed),
        }
    }

    /// Plays `action` for the player deciding in a copy of `game` and returns its value to them.
    fn playout(&mut self, game: &Game, d: &Decision, action: Action) -> f64 {
        let me = d.player;
        let mut g = game.fork(&mut self.rng);
        g.determinize(me, &mut self.rng);
        let agents = (0..g.players.len())
            .map(|_| Box::new(GreedyAgent::new(self.rng.next_u64())) as Box<dyn Agent<Game>>)
            .collect();
        g.set_agents(agents);
        g.turn_cap = g.turn_cap.min(game.turn + self.horizon);
        let ran = match g.apply(me, action) {
            Ok(Ok(())) => g.run(),
            Ok(Err(_)) => return 0.0,
            Err(e) => Err(e),
        };
        match ran {
            Ok(Outcome::Won { winner, .. }) => (g.team(winner) == g.team(me)) as u8 as f64,
            _ => {
                let mine = g.player(me).points as f64;
                let best = g.opponents(me).iter().map(|q| g.player(*q).points).max().unwrap_or(0) as f64;
                let score = g.victory_score().max(1) as f64;
                (0.5 + 0.5 * (mine - best) / score).clamp(0.0, 1.0)
            }
        }
    }
}

impl Agent<Game> for SearchAgent {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        let actions: Vec<Option<Action>> = d.options.iter().map(Action::of).collect();
        if d.ask != Ask::Action || d.options.len() < 2 || actions.iter().any(Option::is_none) {
            return self.greedy.choose(game, d);
        }
        let n = d.options.len();
        let (mut visits, mut value) = (vec![0u32; n], vec![0.0f64; n]);
        for t in 1..=self.playouts {
            // UCB1: every option once, then the best mean plus an exploration bonus.
            let pick = (0..n).find(|&i| visits[i] == 0).unwrap_or_else(|| {
                let ucb = |i: usize| value[i] / visits[i] as f64 + (2.0 * (t as f64).ln() / visits[i] as f64).sqrt();
                (0..n).max_by(|&a, &b| ucb(a).total_cmp(&ucb(b))).expect("options")
            });
            let v = self.playout(game, d, actions[pick].expect("an action"));
            visits[pick] += 1;
            value[pick] += v;
        }
        // The option tried most; ties to the better mean, then the first.
        (0..n)
            .max_by(|&a, &b| {
                let mean = |i: usize| if visits[i] > 0 { value[i] / visits[i] as f64 } else { 0.0 };
                visits[a].cmp(&visits[b]).then(mean(a).total_cmp(&mean(b))).then(b.cmp(&a))
            })
            .expect("options")
    }
}
