//! Simulation throughput: whole games between the default decks (the 13 precons, game `i` on
//! pairing `i mod 78`, as `sim` plays them), greedy and random agents.
//! Run with `cargo bench`; compare medians before and after a change.

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::cli::{DEFAULT_DECKS, pairings, pick_decks};
use riftbound::riftbound::{Agent, CardDb, Deck, Game, Mode};
use std::sync::Arc;

fn main() {
    divan::main();
}

/// The 78 pairings of the 13 precons, as the two decks of each.
fn all_pairings(db: &CardDb) -> Vec<Vec<Deck>> {
    let all = pick_decks(db, &DEFAULT_DECKS.map(String::from)).unwrap();
    pairings(all.len()).iter().map(|p| p.iter().map(|&i| all[i].clone()).collect()).collect()
}

/// Game `seed`, on pairing `seed mod 21`.
fn game(db: &Arc<CardDb>, pairs: &[Vec<Deck>], seed: u64) -> Game {
    let decks = &pairs[(seed % pairs.len() as u64) as usize];
    Game::with_mode(db.clone(), decks, seed, Mode::casual_duel(), false).unwrap()
}

/// Whole games, seeds 1..64 in turn, with agents made by `agent(seed)`.
fn games(b: divan::Bencher, agent: fn(u64) -> Box<dyn Agent<Game>>) {
    let db = Arc::new(CardDb::embedded());
    let pairs = all_pairings(&db);
    let mut seed = 0u64;
    b.bench_local(|| {
        seed = (seed + 1) % 64;
        let mut g = game(&db, &pairs, seed);
        g.set_agents(vec![agent(seed), agent(seed + 1)]);
        divan::black_box(g.run().unwrap());
    });
}

/// One full game with greedy agents.
#[divan::bench(sample_count = 64)]
fn greedy_game(b: divan::Bencher) {
    games(b, |seed| Box::new(GreedyAgent::new(seed)));
}

/// One full game with random agents.
#[divan::bench(sample_count = 64)]
fn random_game(b: divan::Bencher) {
    games(b, |seed| Box::new(RandomAgent::new(seed)));
}

/// Setting up a game (decks checked, shuffled, opening hands).
#[divan::bench]
fn setup(b: divan::Bencher) {
    let db = Arc::new(CardDb::embedded());
    let pairs = all_pairings(&db);
    b.bench_local(|| divan::black_box(game(&db, &pairs, 7)));
}
