//! The precon soak: random-agent games across all 78 pairings of the 13 bundled precons (the seven
//! Proving Grounds and Origins decks and the six Spiritforged, Unleashed and Vendetta ones), played
//! as the casual Duel they come as. Every game must end (a win, never the turn cap), without a
//! panic or a stopped game, and leave a consistent board.
//!
//! 234 games (three per pairing) run under `cargo test`; the 10,010-game soak is
//! `cargo test --release --test soak -- --ignored`. The modes of play have their own soaks
//! (FFA3 and FFA4: 200 games each under `cargo test`, 2,000 behind `--ignored`; the Match: 72
//! matches, and 900 matches of over 2,000 games behind `--ignored`).

use riftbound::agents::RandomAgent;
use riftbound::cli::{pairings, pick_decks};
use riftbound::kernel::rng::derive_seed;
use riftbound::kernel::script::MAX_OPERATIONS_PER_GAME;
use riftbound::riftbound::host;
use riftbound::riftbound::setup::DEFAULT_STEP_CAP;
use riftbound::riftbound::{Deck, Game, Mode, Outcome};
use std::panic::{AssertUnwindSafe, catch_unwind};

mod common;
use common::{cards_db, check_consistency};

const SEED: u64 = 0x50A6;

/// Plays one game to its end; a stuck game stops at the engine's step cap as
/// `Outcome::Stalled`. Returns the most steps a turn took and the operations the game's card
/// scripts used, or how the game went wrong.
fn play(decks: &[Deck; 2], seed: u64) -> Result<(u32, u64), String> {
    let mut g = Game::with_mode(cards_db(), decks, seed, Mode::casual_duel(), false).map_err(|p| p.join("; "))?;
    g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed ^ 1))]);
    let mut longest = 0;
    // The invariants after every step, in release builds too (debug builds check them anyway).
    loop {
        let before = g.mark();
        let over = g.step().map_err(|e| format!("stopped: {e:?}"))?;
        longest = longest.max(g.steps_this_turn);
        let broken = g.step_violations(&before);
        if !broken.is_empty() {
            return Err(format!("invariants broken ({}): {}", g.describe_step(&before), broken.join("; ")));
        }
        if over {
            break;
        }
    }
    check_consistency(&g);
    match g.outcome {
        Some(Outcome::Won { .. }) => Ok((longest, host::script_operations(&g))),
        ref o => Err(format!("no winner after {} turns: {o:?}", g.turn)),
    }
}

/// Plays `games` games, game `i` on pairing `i mod 78`, and returns every failure.
fn soak(games: u64) -> Vec<String> {
    let (mut longest, mut operations) = (0, 0);
    let decks: Vec<Deck> = Deck::embedded(&cards_db()).into_iter().map(|(_, d)| d).collect();
    let pairs = pairings(decks.len());
    assert_eq!(pairs.len(), 78, "13 precons, every pairing once");
    let mut failures = Vec::new();
    for i in 0..games {
        let [a, b] = pairs[(i % pairs.len() as u64) as usize];
        let seats = [decks[a].clone(), decks[b].clone()];
        let seed = derive_seed(SEED, i);
        let result = catch_unwind(AssertUnwindSafe(|| play(&seats, seed)))
            .unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&p))));
        match result {
            Ok((steps, ops)) => (longest, operations) = (longest.max(steps), operations.max(ops)),
            Err(e) => failures.push(format!("game {i} ({} vs {}, seed {seed}): {e}", seats[0].name, seats[1].name)),
        }
    }
    println!("{games} games; the longest turn took {longest} steps (the step cap is {DEFAULT_STEP_CAP})");
    println!("the most script operations a game used: {operations} (the budget is {MAX_OPERATIONS_PER_GAME})");
    assert!(
        operations < MAX_OPERATIONS_PER_GAME / 100,
        "a precon game used {operations} script operations: the per-game budget leaves too little headroom"
    );
    failures
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

#[test]
fn precon_soak_234_random_games_across_78_pairings() {
    let failures = soak(234);
    assert!(failures.is_empty(), "{} of 234 games failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
#[ignore = "the long soak: cargo test --release --test soak -- --ignored"]
fn precon_soak_10010_random_games_across_78_pairings() {
    let failures = soak(10_010);
    assert!(failures.is_empty(), "{} of 10,010 games failed:\n{}", failures.len(), failures.join("\n"));
}

/// Every one of the 13 precons is legal in the casual Duel, and the three-battlefield ones in
/// the sanctioned Duel too (103.4.a, 458.4.a).
#[test]
fn r103_4_a_precons_are_legal_casual_duel_decks() {
    let db = cards_db();
    let all = Deck::embedded(&db);
    assert_eq!(all.len(), 13);
    for (key, d) in &all {
        assert_eq!(d.validate(&db, Mode::casual_duel().deck_battlefields), Vec::<String>::new(), "{key}");
        let duel = d.validate(&db, Mode::duel().deck_battlefields);
        assert_eq!(duel.is_empty(), d.battlefields.len() == 3, "{key}: {duel:?}");
    }
}

/// A turn that takes more steps than the step cap stops the game as stalled, not a hang: here a
/// cap of 3 steps, which the first turn's own steps pass (the cap is no rule of the game).
#[test]
fn a_turn_over_the_step_cap_stops_the_game_as_stalled() {
    let decks = pick_decks(&cards_db(), &["jinx".to_string(), "viktor".to_string()]).unwrap();
    let mut g = Game::new(cards_db(), &decks, 1).unwrap();
    g.set_agents(vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))]);
    g.step_cap = 3;
    g.trace.on = true;
    assert_eq!(g.run().unwrap(), Outcome::Stalled { turn: 1 });
    assert_eq!(g.steps_this_turn, 4);
    assert!(g.trace.lines.last().unwrap().text.contains("step cap of 3"), "{:?}", g.trace.lines.last());
}

/// The soak of the modes of more than two players (460, 461): `games` random-agent games on the
/// tables `riftbound sim --mode M` plays by default (the precons legal for the mode, seats
/// rotated), each of which must end with a winner, no panic, no stall, no turn cap and a
/// consistent board.
fn mode_soak(mode: Mode, games: u64) -> Vec<String> {
    let db = cards_db();
    let decks: Vec<Deck> = Deck::embedded(&db)
        .into_iter()
        .map(|(_, d)| d)
        .filter(|d| d.validate(&db, mode.deck_battlefields.clone()).is_empty())
        .collect();
    let tables = riftbound::cli::mode_tables(decks.len(), &mode);
    assert!(!tables.is_empty());
    let mut failures = Vec::new();
    for i in 0..games {
        let seats: Vec<Deck> = tables[(i % tables.len() as u64) as usize].iter().map(|&d| decks[d].clone()).collect();
        let seed = derive_seed(SEED, i);
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut g = Game::with_mode(cards_db(), &seats, seed, mode.clone(), false).map_err(|p| p.join("; "))?;
            g.set_agents((0..seats.len()).map(|k| Box::new(RandomAgent::new(seed ^ k as u64)) as _).collect());
            let outcome = g.run().map_err(|e| format!("stopped: {e:?}"))?;
            check_consistency(&g);
            match outcome {
                Outcome::Won { .. } => Ok(()),
                o => Err(format!("no winner after {} turns: {o:?}", g.turn)),
            }
        }))
        .unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&p))));
        if let Err(e) = result {
            let names: Vec<&str> = seats.iter().map(|d| d.name.as_str()).collect();
            failures.push(format!("{} game {i} ({}, seed {seed}): {e}", mode.name, names.join(", ")));
        }
    }
    failures
}

#[test]
fn mode_soak_200_random_games_per_mode_of_more_players() {
    for mode in [Mode::ffa3(), Mode::ffa4(), Mode::two_v_two()] {
        let failures = mode_soak(mode.clone(), 200);
        assert!(failures.is_empty(), "{} of 200 {} games failed:\n{}", failures.len(), mode.name, failures.join("\n"));
    }
}

#[test]
#[ignore = "the long soak: cargo test --release --test soak -- --ignored"]
fn mode_soak_2000_random_games_per_mode_of_more_players() {
    for mode in [Mode::ffa3(), Mode::ffa4(), Mode::two_v_two()] {
        let failures = mode_soak(mode.clone(), 2_000);
        assert!(
            failures.is_empty(),
            "{} of 2,000 {} games failed:\n{}",
            failures.len(),
            mode.name,
            failures.join("\n")
        );
    }
}

/// The Match soak (459): `matches` best-of-three matches of random agents on every pairing of
/// the precons legal for the Match, through `sim`'s own runner with the invariants checked after
/// every step; no game may stop with an error, stall or reach the turn cap.
fn match_soak(matches: u64) -> riftbound::cli::SimReport {
    let db = cards_db();
    let mode = Mode::match_bo3();
    let decks: Vec<Deck> = Deck::embedded(&db)
        .into_iter()
        .map(|(_, d)| d)
        .filter(|d| d.validate(&db, mode.deck_battlefields.clone()).is_empty())
        .collect();
    let plan = riftbound::cli::Plan {
        db,
        cards: Vec::new(),
        save_replays: None,
        decks,
        mode,
        agents: vec!["random".to_string(); 2],
        seed: SEED,
        caps: riftbound::cli::Caps { check_invariants: true, ..Default::default() },
        progress: false,
        card_stats: false,
    };
    let r = riftbound::cli::simulate(&plan, matches, 2).unwrap();
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!((r.turn_capped, r.stalled), (0, 0));
    assert_eq!(r.matches, matches);
    assert_eq!(r.match_wins.iter().sum::<u64>(), matches, "every match has a winner");
    r
}

#[test]
fn match_soak_72_random_matches() {
    match_soak(72);
}

#[test]
#[ignore = "the long soak: cargo test --release --test soak -- --ignored"]
fn match_soak_900_random_matches_over_2000_games() {
    let r = match_soak(900);
    assert!(r.games >= 2_000, "{} games", r.games);
}
