//! Determinism (same seed and answers, same game) and the resumable session API.

use riftbound::agents::RandomAgent;
use riftbound::kernel::session::Session;
use riftbound::riftbound::{Deck, Game};

mod common;
use common::db;

fn game(seed: u64) -> Game {
    let decks = Deck::embedded(&db());
    let pick = |k: &str| decks.iter().find(|(key, _)| key == k).unwrap().1.clone();
    let mut g = Game::new(db(), &[pick("jinx"), pick("lee-sin")], seed).unwrap();
    g.trace.on = true;
    g
}

fn played(seed: u64, agent_seed: u64) -> Game {
    let mut g = game(seed);
    g.set_agents(vec![Box::new(RandomAgent::new(agent_seed)), Box::new(RandomAgent::new(agent_seed + 1))]);
    g.run().unwrap();
    g
}

/// Same seed and same agents: the same game, trace line for line.
#[test]
fn same_seed_same_game() {
    let a = played(42, 7);
    let b = played(42, 7);
    assert_eq!(a.trace.lines, b.trace.lines);
    assert_eq!(a.answers.log, b.answers.log);
    assert_eq!(a.outcome, b.outcome);
    let c = played(43, 7);
    assert_ne!(a.trace.lines, c.trace.lines);
}

/// A game replays from its seed and answer log alone, with no agents.
#[test]
fn replay_from_the_answer_log() {
    let a = played(5, 1);
    let mut r = game(5);
    r.answers.log = a.answers.log.clone();
    r.run().unwrap();
    assert_eq!(r.trace.lines, a.trace.lines);
    assert_eq!(r.outcome, a.outcome);
}

/// The session stops at each decision, takes the answer later, and ends in the same game as
/// the in-process agents that gave those answers.
#[test]
fn session_answers_one_decision_at_a_time() {
    let a = played(9, 3);
    let mut s = Session::new(game(9));
    let mut asked = 0;
    for &answer in &a.answers.log {
        let d = s.pending().expect("a pending decision");
        assert!(answer < d.options.len());
        s.answer(answer).unwrap();
        asked += 1;
    }
    assert!(s.is_over());
    assert!(s.pending().is_none());
    assert_eq!(asked, a.answers.log.len());
    assert_eq!(s.game().outcome, a.outcome);
    assert_eq!(s.game().trace.lines, a.trace.lines);
}

/// The session's game waits at each question and runs each step once, however many questions
/// the step asks: a session that replayed a step's answers from its start on each new answer
/// (O(n²) in the step's questions) would run a step again for every question. The sample game
/// has steps of several questions, and the session runs exactly the steps the same game runs
/// with in-process agents.
#[test]
fn session_runs_each_step_once() {
    let mut a = game(9);
    a.set_agents(vec![Box::new(RandomAgent::new(3)), Box::new(RandomAgent::new(4))]);
    let (mut steps, mut most_questions) = (0u64, 0);
    loop {
        let before = a.answers.log.len();
        let over = a.step().unwrap();
        steps += 1;
        most_questions = most_questions.max(a.answers.log.len() - before);
        if over {
            break;
        }
    }
    assert!(most_questions >= 3, "a step with several questions: {most_questions}");
    let mut s = Session::new(game(9));
    for &answer in &a.answers.log {
        s.answer(answer).unwrap();
    }
    assert!(s.is_over());
    assert_eq!(s.game().trace.lines, a.trace.lines);
    assert_eq!(s.steps(), steps);
}

/// Answers out of range are refused and change nothing.
#[test]
fn session_rejects_bad_answers() {
    let mut s = Session::new(game(2));
    let n = s.pending().unwrap().options.len();
    let before = s.game().answers.log.clone();
    assert!(s.answer(n).is_err());
    assert_eq!(s.game().answers.log, before);
    assert!(s.answer(0).is_ok());
}

/// 650: a player may concede at any time, also in the middle of a session.
#[test]
fn session_concede() {
    let mut s = Session::new(game(4));
    s.answer(0).unwrap();
    s.with_game(|g| g.concede(riftbound::kernel::PlayerId(0)).unwrap());
    assert!(s.is_over());
    assert_eq!(s.game().winner(), Some(riftbound::kernel::PlayerId(1)));
}

/// A generated body of host calls runs without Rhai (`host::run_effects`), its targets checked
/// as `target(N)` checks them (356.3.e) and its loops over targets run as `for u in targets(N)`
/// runs: with every body run through Rhai instead, each default deck's games are the same, trace
/// line for line.
#[test]
fn native_bodies_play_the_games_rhai_plays() {
    use riftbound::riftbound::{Mode, host::set_native_bodies};
    let decks = Deck::embedded(&common::cards_db());
    let play = |i: usize, native: bool| {
        set_native_bodies(native);
        let pair = [decks[i].1.clone(), decks[(i + 1) % decks.len()].1.clone()];
        let mut g = Game::with_mode(common::cards_db(), &pair, i as u64, Mode::casual_duel(), true).unwrap();
        g.set_agents(vec![Box::new(RandomAgent::new(i as u64)), Box::new(RandomAgent::new(i as u64 + 1))]);
        g.run().unwrap();
        set_native_bodies(true);
        g
    };
    for i in 0..decks.len() {
        let (native, rhai) = (play(i, true), play(i, false));
        assert_eq!(native.trace.lines, rhai.trace.lines, "{} vs {}", decks[i].0, decks[(i + 1) % decks.len()].0);
        assert_eq!(native.answers.log, rhai.answers.log);
        assert_eq!(native.outcome, rhai.outcome);
    }
}
