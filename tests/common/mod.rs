//! Shared by the integration tests. Each test binary compiles this module on its own and uses
//! only part of it, hence the `dead_code` allowance.
#![allow(dead_code)]

use riftbound::kernel::PlayerId;
use riftbound::riftbound::{CardDb, Game, Zone};
use riftbound::scenario::scenario_db;
use std::sync::{Arc, OnceLock};

pub mod board;
pub mod chain;
pub mod grammar;
pub mod showdown;
pub mod trace;

/// The embedded card database played vanilla (the kernel's rules tests must not depend on what
/// card texts do), loaded once per test binary, with the scenarios' blank battlefields
/// ([`board::QUIET_BFS`]).
pub fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| scenario_db(Arc::new(CardDb::embedded().vanilla()))).clone()
}

/// The embedded card database with its card texts active, loaded once per test binary, with the
/// scenarios' blank battlefields.
pub fn cards_db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| scenario_db(Arc::new(CardDb::embedded()))).clone()
}

/// Steps until the chain is empty (both players passing).
pub fn run_chain(g: &mut Game) {
    for _ in 0..200 {
        if g.chain.is_empty() {
            return;
        }
        g.step().unwrap();
    }
    panic!("the chain did not resolve");
}

/// Steps until `done` holds.
pub fn step_until(g: &mut Game, done: impl Fn(&Game) -> bool) {
    for _ in 0..400 {
        if done(g) {
            return;
        }
        g.step().unwrap();
    }
    panic!("the condition was never reached");
}

/// `n` vanilla 3-might units (Shipyard Skulker) in a player's main deck, to draw.
pub fn fill_deck(g: &mut Game, p: PlayerId, n: usize) {
    for _ in 0..n {
        g.put("Shipyard Skulker", p, Zone::MainDeck).unwrap();
    }
}

/// The engine's invariants hold (zone lists and object records agree, no card lost or
/// duplicated, tokens on the board, ...): see `Game::invariant_violations`.
pub fn check_consistency(g: &Game) {
    let broken = g.invariant_violations();
    assert!(broken.is_empty(), "invariants broken:\n{}", broken.join("\n"));
}

/// A legal 40-card Jinx deck file (101-103) that deck construction tests vary.
pub const JINX: &str = r#"name = "Test"
legend = "Jinx, Loose Cannon"
champion = "Jinx, Demolitionist"
battlefields = ["Targon's Peak", "Zaun Warrens", "Reaver's Row"]

[main]
"Flame Chompers" = 3
"Blazing Scorcher" = 3
"Fight or Flight" = 3
"Get Excited!" = 3
"Gust" = 3
"Cemetery Attendant" = 3
"Undercover Agent" = 3
"Chemtech Enforcer" = 3
"Brazen Buccaneer" = 3
"Magma Wurm" = 3
"Void Seeker" = 3
"Traveling Merchant" = 3
"Scrapheap" = 3

[runes]
"Fury Rune" = 6
"Chaos Rune" = 6
"#;

/// Parses a deck file against the vanilla database; the file must parse.
pub fn parse_deck(src: &str) -> riftbound::riftbound::Deck {
    riftbound::riftbound::Deck::parse("test.toml", src, &db()).unwrap()
}
