//! The command line with `--game fab` (Flesh and Blood): `sim`, `trace-game`, `check cards/fab`,
//! `decks --game fab`, and bad input.

use std::process::Command;

fn riftbound(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_riftbound")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn sim_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["sim", "--game", "fab", "--json"];
    all.extend(args);
    let (code, out, err) = riftbound(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.trim()).unwrap()
}

fn count(v: &serde_json::Value) -> u64 {
    v.as_u64().or_else(|| v.as_array().map(|a| a.len() as u64)).unwrap()
}

/// Every game ends with a winner or a draw (3.1, 3.2), or is counted as capped or stalled; the
/// counts add up to the games played, with both agents.
#[test]
fn sim_plays_rhinar_against_dorinthea_and_every_game_is_counted() {
    for agents in ["random", "greedy", "greedy,random"] {
        let v = sim_json(&["--games", "60", "--agents", agents]);
        assert_eq!(v["game"], "fab");
        assert_eq!(v["decks"], serde_json::json!(["Rhinar", "Dorinthea, Quicksilver Prodigy"]));
        let wins: u64 = v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
        let agent_wins: u64 = v["agent_wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
        assert_eq!(wins, agent_wins, "{v}");
        let ended = wins + count(&v["draws"]) + count(&v["turn_capped"]) + count(&v["stalled"]) + count(&v["errors"]);
        assert_eq!(ended, 60, "{v}");
        assert_eq!(count(&v["errors"]), 0, "{v}");
        assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    }
}

/// The same seed gives the same games; another seed other ones.
#[test]
fn sim_is_deterministic_by_seed() {
    let strip = |mut v: serde_json::Value| {
        for k in ["seconds", "games_per_second"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    let a = strip(sim_json(&["--games", "40", "--agents", "random", "--seed", "7"]));
    let b = strip(sim_json(&["--games", "40", "--agents", "random", "--seed", "7", "--threads", "1"]));
    assert_eq!(a, b);
    let t1 = riftbound(&["trace-game", "--game", "fab", "--game", "5", "--agents", "random", "--seed", "7"]);
    let t2 = riftbound(&["trace-game", "--game", "5", "--game", "fab", "--agents", "random", "--seed", "7"]);
    assert_eq!(t1.0, 0, "{}", t1.2);
    assert_eq!(t1.1, t2.1, "the same game, whatever the order of --game's values");
    let t3 = riftbound(&["trace-game", "--game", "fab", "--game", "5", "--agents", "random", "--seed", "8"]);
    assert_ne!(t1.1, t3.1);
}

/// `trace-game --game fab` prints the whole game, every line citing a rule number of the v1.4
/// text (src/fab/rule_numbers.txt), and its outcome.
#[test]
fn trace_game_cites_fab_rule_numbers() {
    let rules = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/fab/rule_numbers.txt")).unwrap();
    let known: std::collections::BTreeSet<&str> = rules.lines().collect();
    let (code, out, err) = riftbound(&["trace-game", "--game", "fab", "--game", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("game 3 (seed "), "{out}");
    let cited: Vec<&str> =
        out.lines().filter_map(|l| l.strip_prefix('[')).filter_map(|l| l.split_once(']')).map(|(r, _)| r).collect();
    assert!(cited.len() > 100, "a whole game: {} lines", cited.len());
    let unknown: Vec<_> = cited.iter().filter(|r| !known.contains(**r)).collect();
    assert!(unknown.is_empty(), "{unknown:?}");
    for r in ["12.2", "13.2.1", "20.7.2", "3.1.1"] {
        assert!(cited.contains(&r), "{r}");
    }
    assert!(out.lines().last().unwrap().starts_with("outcome: Won"), "{out}");
}

/// `check cards/fab` reports each of the 53 cards, compiled or with its error naming the file.
#[test]
fn check_compiles_the_fab_cards_and_reports_each() {
    let (code, out, _) = riftbound(&["check", "cards/fab"]);
    let ok = out.lines().filter(|l| l.starts_with("ok cards/fab/")).count();
    let failed = out.lines().filter(|l| l.starts_with("error: cards/fab/")).count();
    assert_eq!(ok + failed, 53, "{out}");
    assert!(ok >= 13, "{out}");
    assert!(out.contains(&format!("53 Flesh and Blood card(s) checked: {ok} compiled, none with a script block")));
    assert_eq!(code == 0, failed == 0, "exit 0 only when every card compiles");
}

/// `decks --game fab` lists both decks, legal for Blitz.
#[test]
fn decks_lists_the_fab_decks_and_their_legality() {
    let (code, out, err) = riftbound(&["decks", "--game", "fab"]);
    assert_eq!(code, 0, "{err}");
    for key in
        ["rhinar: Rhinar (40 cards) — legal for Blitz", "dorinthea: Dorinthea, Quicksilver Prodigy (40 cards) — legal"]
    {
        assert!(out.contains(key), "{out}");
    }
}

/// `scenario tests/scenarios/fab` runs the FaB scenario files, each passing.
#[test]
fn scenario_runs_the_fab_scenario_files() {
    let (code, out, err) = riftbound(&["scenario", "tests/scenarios/fab"]);
    assert_eq!(code, 0, "{out}{err}");
    let n = std::fs::read_dir("tests/scenarios/fab").unwrap().count();
    assert_eq!(out.lines().filter(|l| l.starts_with("PASS tests/scenarios/fab/")).count(), n, "{out}");
    assert!(out.ends_with(&format!("{n} passed, 0 failed\n")), "{out}");
}

#[test]
fn bad_fab_arguments_are_clear_errors() {
    let (code, _, err) = riftbound(&["sim", "--game", "chess"]);
    assert_eq!((code, err.trim()), (2, "error: --game takes riftbound or fab, got \"chess\""));
    let (code, _, err) = riftbound(&["sim", "--game", "fab", "--decks", "rhinar,bravo"]);
    assert_eq!(code, 2);
    assert!(err.contains("no Flesh and Blood deck \"bravo\" (there is: dorinthea, rhinar)"), "{err}");
    let (code, _, err) = riftbound(&["sim", "--game", "fab", "--agents", "mcts"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown Flesh and Blood agent \"mcts\""), "{err}");
    let (code, _, err) = riftbound(&["trace-game", "--game", "1", "--game", "2"]);
    assert_eq!((code, err.trim()), (2, "error: --game takes one game index"));
}

/// `coverage --game fab` counts the v1.4 rules the Flesh and Blood tests and scenarios cite: a
/// rule a scenario lists (reprise's 20.5.2, blade break's 21) is covered, a sub-rule covers its
/// parent, and the rule of section 17 on effects conditional on a value increased this turn (no
/// card of the pool has one; its number is built below so this file does not cite it) is not; the
/// Markdown report made by `--markdown` is the committed docs/fab-rules-coverage.md.
#[test]
fn coverage_counts_the_rules_the_fab_tests_cite() {
    let (code, out, err) = riftbound(&["coverage", "--game", "fab"]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.contains("of 394 numbered rules covered"), "{first}");
    let uncovered: Vec<&str> = out.lines().nth(1).unwrap().trim_start_matches("not covered: ").split(' ').collect();
    for covered in ["20.5.2", "21", "20.4.4d", "20.4.4", "15.5.1"] {
        assert!(!uncovered.contains(&covered), "{covered} is cited");
    }
    let never_cited = format!("{}.{}", 17, 3);
    assert!(uncovered.contains(&never_cited.as_str()), "{uncovered:?}");
    let (code, md, err) = riftbound(&["coverage", "--game", "fab", "--markdown"]);
    assert_eq!(code, 0, "{err}");
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/fab-rules-coverage.md")).unwrap();
    assert_eq!(md, committed, "regenerate docs/fab-rules-coverage.md");
    assert!(md.contains("- [x] 20.4.4d") && md.contains(&format!("\n- [ ] {never_cited}")));
    let (code, _, err) = riftbound(&["coverage", "--game", "chess"]);
    assert_ne!(code, 0);
    assert!(err.contains("--game takes riftbound or fab"), "{err}");
}
