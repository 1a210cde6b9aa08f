//! Whole Flesh and Blood games with both agents: every game ends by the rules, with a winner (3.1)
//! or a draw (3.2, or a dead position: docs/fab-rulings.md, "Double fatigue"), never at the turn
//! cap, stalled or with an error.

use riftbound::cli::fab::{FabPlan, FabReport, simulate};

fn run(agents: &str, decks: &str, games: u64) -> FabReport {
    let agents: Vec<String> = agents.split(',').map(String::from).collect();
    let decks: Vec<String> = decks.split(',').map(String::from).collect();
    let plan = FabPlan::new(&decks, &agents, 0, 200, 10_000).expect("legal decks and agents");
    simulate(&plan, games, 2).expect("a thread pool")
}

/// Asserts that every game of the run ended with a winner or a draw; returns the draws.
fn all_end_by_the_rules(agents: &str, decks: &str, games: u64) -> u64 {
    let r = run(agents, decks, games);
    let wins: u64 = r.wins.iter().sum();
    let what = format!("{agents} {decks}: {r:?}");
    assert!(r.turn_capped.is_empty(), "no game reaches the turn cap: {what}");
    assert!(r.stalled.is_empty(), "no turn stalls: {what}");
    assert!(r.errors.is_empty(), "no game stops with an error: {what}");
    assert_eq!(wins + r.draws, games, "3.1, 3.2: a winner or a draw: {what}");
    r.draws
}

/// A few hundred games, the random players' dead positions among them: seed 0's random Rhinar
/// against Dorinthea games 28 and 30 put every card away and end drawn, not capped.
#[test]
fn every_fab_game_ends_with_a_winner_or_a_draw() {
    let dead = all_end_by_the_rules("random", "rhinar,dorinthea", 120);
    assert!(dead >= 2, "games 28 and 30 are dead positions, drawn");
    all_end_by_the_rules("greedy", "rhinar,dorinthea", 60);
    all_end_by_the_rules("greedy,random", "rhinar,dorinthea", 60);
    all_end_by_the_rules("random", "dorinthea,dorinthea", 60);
}

/// The measure: 1,000 random and 1,000 greedy games (and the mixed and mirror runs),
/// every one won or drawn. `cargo test --release --test fab_games -- --ignored`.
#[test]
#[ignore = "a soak of 5,000 games: run with --ignored, in release"]
fn a_thousand_games_of_each_kind_end_with_a_winner_or_a_draw() {
    for (agents, decks) in [
        ("random", "rhinar,dorinthea"),
        ("greedy", "rhinar,dorinthea"),
        ("greedy,random", "rhinar,dorinthea"),
        ("random", "dorinthea,dorinthea"),
        ("random", "rhinar,rhinar"),
    ] {
        all_end_by_the_rules(agents, decks, 1000);
    }
}
