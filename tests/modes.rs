//! Modes of play (454-461) set up from decks: the Duel (458), FFA3 Skirmish (460) and FFA4 War
//! (461): players, battlefields, turn order, the First Turn Process, and whole games played by
//! the agents. The Match (459) is in `tests/cli.rs` (a match is a run of games).

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::cli::pick_decks;
use riftbound::kernel::PlayerId;
use riftbound::riftbound::{Deck, Game, Mode, Outcome};

mod common;
use common::{cards_db, check_consistency};

fn decks(keys: &[&str]) -> Vec<Deck> {
    pick_decks(&cards_db(), &keys.iter().map(|k| k.to_string()).collect::<Vec<_>>()).unwrap()
}

fn setup(mode: Mode, keys: &[&str], seed: u64) -> Game {
    let mut g = Game::with_mode(cards_db(), &decks(keys), seed, mode, true).unwrap();
    g.set_agents((0..keys.len()).map(|i| Box::new(RandomAgent::new(seed + i as u64)) as _).collect());
    g
}

/// 456 / 458-461: every mode by its name, its players and victory score.
#[test]
fn r456_modes_by_name() {
    for (name, players, score, rule) in [
        ("duel", 2, 8, "458"),
        ("casual", 2, 8, "458"),
        ("casual-duel", 2, 8, "458"),
        ("match", 2, 8, "459"),
        ("FFA3", 3, 8, "460"),
        ("ffa4", 4, 8, "461"),
    ] {
        let m = Mode::by_name(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!((m.players, m.victory_score, m.rule), (players, score, rule), "{name}");
        assert_eq!(Mode::by_name(m.key()), Some(m.clone()), "{name}: its key names it back");
    }
    assert_eq!(Mode::by_name("chess"), None);
    assert!(Mode::casual_duel().is_house_variant());
    assert!(!Mode::duel().is_house_variant());
    assert_eq!(Mode::match_bo3().games_to_win, 2, "459.6: best of three");
}

/// 460.1, 460.4-460.5: three players, each selecting one of their three battlefields; the
/// first player is random (115) and turn order follows the seats.
#[test]
fn r460_5_ffa3_three_players_three_battlefields_one_each() {
    for seed in 0..12 {
        let g = setup(Mode::ffa3(), &["jinx", "viktor", "vi"], seed);
        assert_eq!(g.players.len(), 3);
        let owners: Vec<usize> = g.battlefields.iter().map(|b| b.owner.index()).collect();
        assert_eq!(owners, vec![0, 1, 2], "seed {seed}");
        let first = g.turn_order[0].index();
        assert_eq!(g.turn_order, (0..3).map(|k| PlayerId(((first + k) % 3) as u8)).collect::<Vec<_>>());
        assert!(g.trace.lines.iter().any(|l| l.rule == "460.5"), "seed {seed}");
        assert!(g.players.iter().all(|p| p.hand.len() == 4), "116: each draws 4");
    }
}

/// 461.4-461.5: four players and three battlefields: the first player's battlefields are removed
/// (461.4.b) and each other player selects one of theirs.
#[test]
fn r461_4_b_ffa4_the_first_players_battlefields_are_not_used() {
    let mut firsts = Vec::new();
    for seed in 0..16 {
        let g = setup(Mode::ffa4(), &["jinx", "viktor", "vi", "zed"], seed);
        assert_eq!(g.players.len(), 4);
        let first = g.turn_order[0];
        firsts.push(first);
        let owners: Vec<PlayerId> = g.battlefields.iter().map(|b| b.owner).collect();
        assert_eq!(owners.len(), 3, "461.4: three battlefields");
        assert!(!owners.contains(&first), "seed {seed}: the first player {first} contributed none");
        let mut others: Vec<PlayerId> = g.turn_order[1..].to_vec();
        others.sort();
        assert_eq!(owners, others, "seed {seed}: one from each other player");
        assert!(g.trace.lines.iter().any(|l| l.rule == "461.4.b"));
    }
    firsts.sort();
    firsts.dedup();
    assert!(firsts.len() > 1, "115: the first player is random");
}

/// 458.1 / 460.1 / 461.1: a mode set up with the wrong number of decks is a clear error.
#[test]
fn r456_1_the_wrong_number_of_decks_is_an_error() {
    let cases = [
        (Mode::duel(), vec!["jinx", "viktor", "vi"], "458.1"),
        (Mode::ffa3(), vec!["jinx", "viktor"], "460.1"),
        (Mode::ffa4(), vec!["jinx", "viktor", "vi"], "461.1"),
    ];
    for (mode, keys, rule) in cases {
        let err = Game::with_mode(cards_db(), &decks(&keys), 1, mode.clone(), false).err().expect("an error");
        assert!(err.iter().any(|e| e.starts_with(rule)), "{}: {err:?}", mode.name);
    }
}

/// 460.4.a / 461.4.a: each deck provides three battlefields; a precon with one is not legal.
#[test]
fn r460_4_a_each_deck_provides_three_battlefields() {
    for mode in [Mode::ffa3(), Mode::ffa4()] {
        let mut keys = vec!["annie", "jinx", "viktor"];
        if mode.players == 4 {
            keys.push("vi");
        }
        let err = Game::with_mode(cards_db(), &decks(&keys), 1, mode.clone(), false).err().expect("an error");
        assert!(err.iter().any(|e| e.contains("103.4.a") && e.contains("Annie")), "{}: {err:?}", mode.name);
    }
}

/// 460.7 / 461.7 from a real setup: the first player's first Draw Phase draws nothing, the last
/// player's first Channel Phase channels three runes; everyone else channels two and draws.
#[test]
fn r460_7_r461_7_first_turn_process_from_decks() {
    for (mode, keys) in
        [(Mode::ffa3(), vec!["jinx", "viktor", "vi"]), (Mode::ffa4(), vec!["jinx", "viktor", "vi", "zed"])]
    {
        for seed in 0..6 {
            let mut g = setup(mode.clone(), &keys, seed);
            let n = keys.len();
            let order = g.turn_order.clone();
            // Play (random agents) until everyone has had a first turn.
            while g.turn <= n as u32 && !g.step().unwrap() {}
            if g.is_over() {
                continue;
            }
            let lines: Vec<String> = g.trace.lines.iter().map(|l| format!("[{}] {}", l.rule, l.text)).collect();
            let r7 = mode.rule_of("7");
            let skipped: Vec<&String> = lines.iter().filter(|l| l.contains("does not draw")).collect();
            assert_eq!(skipped.len(), 1, "{}: {skipped:?}", mode.name);
            assert!(skipped[0].starts_with(&format!("[{r7}] {}", order[0])), "{}: {skipped:?}", mode.name);
            let extra: Vec<&String> = lines.iter().filter(|l| l.contains("channels an extra rune")).collect();
            assert_eq!(extra.len(), 1, "{}: {extra:?}", mode.name);
            assert!(extra[0].starts_with(&format!("[{r7}] {}", order[n - 1])), "{}: {extra:?}", mode.name);
            let channels: Vec<&String> = lines.iter().filter(|l| l.contains("channel phase:")).collect();
            for (k, p) in order.iter().enumerate() {
                let want = if k == n - 1 { 3 } else { 2 };
                assert!(
                    channels[k].contains(&format!("{p} channels {want} rune(s)")),
                    "{} seed {seed}: {}",
                    mode.name,
                    channels[k]
                );
            }
        }
    }
}

/// Whole games of every mode of more than two players end with a winner, with random and greedy
/// agents, leaving a consistent board.
#[test]
fn ffa_games_end_with_a_winner_for_random_and_greedy_agents() {
    for (mode, keys) in [
        (Mode::ffa3(), vec!["jinx", "viktor", "vi"]),
        (Mode::ffa4(), vec!["jinx", "viktor", "vi", "zed"]),
        (Mode::ffa3(), vec!["shen", "rumble", "fiora"]),
        (Mode::ffa4(), vec!["lee-sin", "vex", "fiora", "rumble"]),
    ] {
        for seed in 0..4u64 {
            for greedy in [false, true] {
                let mut g = Game::with_mode(cards_db(), &decks(&keys), seed, mode.clone(), false).unwrap();
                g.set_agents(
                    (0..keys.len())
                        .map(|i| -> Box<dyn riftbound::riftbound::Agent<Game>> {
                            if greedy {
                                Box::new(GreedyAgent::new(seed + i as u64))
                            } else {
                                Box::new(RandomAgent::new(seed + i as u64))
                            }
                        })
                        .collect(),
                );
                let outcome = g.run().unwrap();
                assert!(matches!(outcome, Outcome::Won { .. }), "{} seed {seed}: {outcome:?}", mode.name);
                // 460.3 / 461.3: a win by points is a win at the victory score of 8 (a card such
                // as The Grand Plaza may win the game otherwise).
                if let Outcome::Won { winner, by: "points" } = outcome {
                    assert!(g.player(winner).points >= 8, "{} seed {seed}: {winner} won by points", mode.name);
                }
                check_consistency(&g);
            }
        }
    }
}

/// 459.5: in a Match each player selects a battlefield (a decision asked of the agent, with one
/// option per battlefield still available), not a random pick.
#[test]
fn r459_5_match_battlefields_are_selected_by_the_players() {
    use riftbound::agents::Scripted;
    use riftbound::riftbound::modes::MatchGame;
    use riftbound::riftbound::{Ask, Choice};
    let ds = decks(&["jinx", "viktor"]);
    let (a, b) = (Scripted::new(), Scripted::new());
    a.push(Choice::Nth(2));
    b.push(Choice::Nth(0));
    let available = vec![ds[0].battlefields.clone(), ds[1].battlefields[1..].to_vec()];
    let game = MatchGame {
        available,
        first: Some(PlayerId(1)),
        agents: vec![Box::new(a.clone()), Box::new(b.clone())],
        answers: vec![],
    };
    let g = Game::match_game(cards_db(), &ds, 3, Mode::match_bo3(), true, game).unwrap();
    assert_eq!(a.asked(Ask::SelectBattlefield), vec![vec![Choice::Nth(0), Choice::Nth(1), Choice::Nth(2)]]);
    assert_eq!(b.asked(Ask::SelectBattlefield), vec![vec![Choice::Nth(0), Choice::Nth(1)]]);
    let card_of = |p: u8| {
        let bf = g.battlefields.iter().find(|x| x.owner == PlayerId(p)).unwrap();
        g.obj(bf.obj).card
    };
    assert_eq!(card_of(0), ds[0].battlefields[2]);
    assert_eq!(card_of(1), ds[1].battlefields[1], "the first of P2's still available");
    assert_eq!(g.turn_order, vec![PlayerId(1), PlayerId(0)], "the given first player goes first");
    assert!(g.trace.lines.iter().any(|l| l.rule == "459.5"));
    // 459.5: a player with no battlefield left is a clear error, not a panic.
    let game = MatchGame {
        available: vec![ds[0].battlefields.clone(), Vec::new()],
        first: None,
        agents: vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))],
        answers: vec![],
    };
    let err = Game::match_game(cards_db(), &ds, 3, Mode::match_bo3(), false, game).err().unwrap();
    assert!(err[0].starts_with("459.5"), "{err:?}");
}

/// 459.6: a game's winner earns a set point; two set points win the match; the loser of a game
/// goes first in the next (459 does not say who: docs/modes.md), and after a game without a
/// winner the same player goes first again.
#[test]
fn r459_6_set_points_and_who_goes_first_next() {
    use riftbound::riftbound::modes::MatchResult;
    let m = Mode::match_bo3();
    let mut r = MatchResult::default();
    assert_eq!(r.record(&m, Some(PlayerId(0)), PlayerId(0)), PlayerId(1), "P2 lost: P2 goes first");
    assert_eq!(r.winner, None);
    assert_eq!(r.record(&m, None, PlayerId(1)), PlayerId(1), "no winner: the same first player");
    assert_eq!(r.record(&m, Some(PlayerId(1)), PlayerId(1)), PlayerId(0));
    assert_eq!((r.set_points.clone(), r.winner), (vec![1, 1], None));
    r.record(&m, Some(PlayerId(0)), PlayerId(0));
    assert_eq!((r.set_points, r.winner), (vec![2, 1], Some(PlayerId(0))));
}
