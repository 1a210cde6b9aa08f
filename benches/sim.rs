//! Simulation throughput: whole games between the default decks, greedy and random agents.
//! Run with `cargo bench`; compare medians before and after a change.

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::riftbound::{CardDb, Deck, Game};
use std::sync::Arc;

fn main() {
    divan::main();
}

fn decks(db: &CardDb) -> Vec<Deck> {
    let all = Deck::embedded(db);
    ["jinx", "viktor"].iter().map(|k| all.iter().find(|(n, _)| n == k).unwrap().1.clone()).collect()
}

/// One full game with greedy agents (seeds 0..64 in turn).
#[divan::bench(sample_count = 64)]
fn greedy_game(b: divan::Bencher) {
    let db = Arc::new(CardDb::embedded());
    let decks = decks(&db);
    let mut seed = 0u64;
    b.bench_local(|| {
        seed = (seed + 1) % 64;
        let mut g = Game::new(db.clone(), &decks, seed).unwrap();
        g.set_agents(vec![Box::new(GreedyAgent::new(seed)), Box::new(GreedyAgent::new(seed + 1))]);
        divan::black_box(g.run().unwrap());
    });
}

/// One full game with random agents.
#[divan::bench(sample_count = 64)]
fn random_game(b: divan::Bencher) {
    let db = Arc::new(CardDb::embedded());
    let decks = decks(&db);
    let mut seed = 0u64;
    b.bench_local(|| {
        seed = (seed + 1) % 64;
        let mut g = Game::new(db.clone(), &decks, seed).unwrap();
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        divan::black_box(g.run().unwrap());
    });
}

/// Setting up a game (decks checked, shuffled, opening hands).
#[divan::bench]
fn setup(b: divan::Bencher) {
    let db = Arc::new(CardDb::embedded());
    let decks = decks(&db);
    b.bench_local(|| divan::black_box(Game::new(db.clone(), &decks, 7).unwrap()));
}
