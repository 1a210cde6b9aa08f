//! Random agents over many seeds: every game finishes (a win or the reported turn cap) without a
//! panic, and the board stays consistent.

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::riftbound::{CardDb, Deck, Game, Outcome};

mod common;
use common::check_consistency;
use std::sync::Arc;

#[test]
fn random_games_seeds_0_to_999_finish() {
    let db = Arc::new(CardDb::embedded());
    let decks = Deck::embedded(&db);
    let legal: Vec<Deck> = decks.into_iter().map(|(_, d)| d).filter(|d| d.validate(&db, 3..=3).is_empty()).collect();
    assert!(legal.len() >= 2);
    let mut wins = 0;
    for seed in 0..1000u64 {
        let a = &legal[(seed as usize) % legal.len()];
        let b = &legal[(seed as usize / legal.len() + 1 + seed as usize) % legal.len()];
        let mut g = Game::new(db.clone(), &[a.clone(), b.clone()], seed).unwrap();
        if seed % 2 == 0 {
            g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        } else {
            g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(GreedyAgent::new(seed + 1))]);
        }
        let outcome = g.run().unwrap_or_else(|e| panic!("seed {seed}: stopped with {e:?}"));
        if matches!(outcome, Outcome::Won { .. }) {
            wins += 1;
        }
        check_consistency(&g);
    }
    assert!(wins > 900, "only {wins} of 1000 games had a winner");
}
