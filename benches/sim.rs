//! Simulation throughput: whole games between the default decks (the 13 precons, game `i` on
//! pairing `i mod 78`, as `sim` plays them), greedy and random agents; and the parts issue 14
//! names: card loading, a state clone, one hook call against the same effect done natively,
//! a full board's characteristics and the legal options on a busy board (the fixtures are
//! `riftbound bench`'s, `cli::bench::Fixture`).
//! Run with `cargo bench`; compare medians before and after a change.

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::cli::bench::Fixture;
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

/// Game `seed`, on pairing `seed mod 78`.
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

/// The card database, the decks, a fresh game and a busy board, for the benches below.
fn fixture() -> Fixture {
    Fixture::new(Arc::new(CardDb::embedded()))
}

/// The embedded pool as a run starts with it: read from the compiled-card cache (compiled and
/// stored there on the first sample).
#[divan::bench(sample_count = 10)]
fn load_cards() -> CardDb {
    CardDb::embedded()
}

/// Cloning the busy board's state (what undoing an illegal play snapshots).
#[divan::bench]
fn state_clone(b: divan::Bencher) {
    let fx = fixture();
    b.bench_local(|| fx.busy.clone());
}

/// A fresh game after one draw (a clone has no room to spare in its vectors; a game in play has).
fn drawn(fx: &Fixture) -> Game {
    let mut g = fx.fresh.clone();
    Fixture::native_draw(&mut g);
    g
}

/// A card body that does nothing: a hook's fixed cost.
#[divan::bench]
fn hook_empty(b: divan::Bencher) {
    let fx = fixture();
    b.with_inputs(|| drawn(&fx)).bench_local_refs(|g| Fixture::hook(g, "empty"));
}

/// "Draw 1" as a card body (`draw(you(), 1)`), run natively as a card's is.
#[divan::bench]
fn hook_draw(b: divan::Bencher) {
    let fx = fixture();
    b.with_inputs(|| drawn(&fx)).bench_local_refs(|g| Fixture::hook(g, "draw1"));
}

/// "Draw 1" as a card body run through Rhai.
#[divan::bench]
fn hook_draw_script(b: divan::Bencher) {
    let fx = fixture();
    b.with_inputs(|| drawn(&fx)).bench_local_refs(|g| Fixture::hook_script(g, "draw1"));
}

/// "Draw 1" natively: the rules function the body calls.
#[divan::bench]
fn native_draw(b: divan::Bencher) {
    let fx = fixture();
    b.with_inputs(|| drawn(&fx)).bench_local_refs(Fixture::native_draw);
}

/// The characteristics of every unit on the busy board, the memo cleared first.
#[divan::bench]
fn chars_full_board(b: divan::Bencher) {
    let fx = fixture();
    b.with_inputs(|| fx.busy.clone()).bench_local_refs(Fixture::chars_of_board);
}

/// The legal options of the player with priority on the busy board.
#[divan::bench]
fn options_busy_board(b: divan::Bencher) {
    let fx = fixture();
    b.bench_local(|| Fixture::options(&fx.busy));
}
