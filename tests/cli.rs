//! The `riftbound` command line: `sim`, `sim --json`, `trace-game`, `decks`, and bad input.

use std::process::Command;

fn riftbound(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_riftbound")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn nums(v: &serde_json::Value) -> Vec<u64> {
    v.as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect()
}

/// `riftbound bench` prints one JSON object of its figures, every one of them positive. A tiny
/// budget samples each once; no timing is asserted (performance targets belong in benchmarks).
#[test]
fn bench_prints_its_figures_as_one_json_object() {
    let (code, out, err) = riftbound(&["bench", "--budget-ms", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    for field in [
        "load_cards_ns",
        "state_clone_ns",
        "hook_empty_ns",
        "hook_draw_ns",
        "native_draw_ns",
        "hook_draw_script_ns",
        "chars_full_board_ns",
        "options_busy_board_ns",
        "random_game_ns",
        "greedy_game_ns",
        "random_games_per_second",
        "greedy_games_per_second",
    ] {
        assert!(v[field].as_f64().is_some_and(|x| x > 0.0), "{field} in {v}");
    }
    assert!(v.get("instructions").is_none(), "instructions are counted only with --instructions");
}

/// With no deck named, `sim` plays the 13 precons, every pairing in turn, as casual Duels.
#[test]
fn sim_plays_every_pairing_of_the_13_precons_by_default() {
    let (code, out, err) = riftbound(&["sim", "--games", "156", "--seed", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["games"], 156);
    assert_eq!(v["mode"], "casual Duel");
    assert_eq!(
        v["decks"],
        serde_json::json!([
            "Annie",
            "Lux",
            "Garen",
            "Master Yi",
            "Jinx",
            "Viktor",
            "Lee Sin",
            "Fiora",
            "Rumble",
            "Vex",
            "Vi",
            "Shen",
            "Zed"
        ])
    );
    let pairings = v["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 78);
    for p in pairings {
        assert_eq!(p["games"], 2, "{p}");
        let no_winner = p["turn_capped"].as_u64().unwrap() + p["stalled"].as_u64().unwrap();
        assert_eq!(nums(&p["wins"]).iter().sum::<u64>() + no_winner, 2, "{p}");
    }
    assert_eq!(nums(&v["played"]), vec![24; 13], "each deck plays its twelve pairings twice");
    let no_winner = v["turn_capped"].as_u64().unwrap() + v["stalled"].as_u64().unwrap();
    assert_eq!(nums(&v["wins"]).iter().sum::<u64>() + no_winner, 156);
    assert!(v["average_turns"].as_f64().unwrap() > 2.0);
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
}

/// Two named decks play each other; three play their three pairings.
#[test]
fn sim_decks_picks_the_decks() {
    let (code, out, err) = riftbound(&["sim", "--games", "4", "--decks", "annie,jinx", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["decks"], serde_json::json!(["Annie", "Jinx"]));
    assert_eq!(nums(&v["played"]), vec![4, 4]);
    let (code, out, err) = riftbound(&["sim", "--games", "6", "--decks", "lux,garen,vi"]);
    assert_eq!(code, 0, "{err}");
    for line in ["Lux vs Garen: ", "Lux vs Vi: ", "Garen vs Vi: "] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(line) && l.contains("in 2 games")), "{line}\n{out}");
    }
}

/// A temporary deck file, removed when dropped.
struct TempFile(std::path::PathBuf);
impl TempFile {
    fn new(name: &str, contents: &str) -> TempFile {
        let p = std::env::temp_dir().join(format!("riftbound-cli-{}-{name}", std::process::id()));
        std::fs::write(&p, contents).unwrap();
        TempFile(p)
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}
impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `--deck-file` plays a user's deck; 101-103 problems are all named, each at its line.
#[test]
fn deck_file_is_checked_against_deck_construction_and_played() {
    let annie = include_str!("../decks/annie.toml");
    let good = TempFile::new("good.toml", &annie.replace("name = \"Annie\"", "name = \"My Annie\""));
    let (code, out, err) = riftbound(&["sim", "--games", "2", "--decks", "jinx", "--deck-file", good.path(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["decks"], serde_json::json!(["Jinx", "My Annie"]));
    // Four copies of a card (103.2.b), a card outside the identity (103.1.b), 11 runes (103.3.a).
    let bad = annie
        .replace("\"Gust\" = 3", "\"Gust\" = 4")
        .replace("\"Flash\" = 2", "\"Flash\" = 1\n\"Stalwart Poro\" = 1")
        .replace("\"Chaos Rune\" = 6", "\"Chaos Rune\" = 5");
    let bad = TempFile::new("bad.toml", &bad);
    let (code, _, err) = riftbound(&["sim", "--deck-file", bad.path(), "--decks", "jinx"]);
    assert_eq!(code, 2, "bad input: {err}");
    let line_of = |needle: &str| bad_line(&std::fs::read_to_string(&bad.0).unwrap(), needle);
    for (rule, needle) in [("103.2.b", "\"Gust\""), ("103.1.b", "\"Stalwart Poro\""), ("103.3.a", "[runes]")] {
        let want = format!("error: {}:{}:", bad.path(), line_of(needle));
        assert!(err.lines().any(|l| l.starts_with(&want) && l.contains(rule)), "{rule} at {want}:\n{err}");
    }
    assert_eq!(err.lines().count(), 3, "exactly the three problems: {err}");
    // The sanctioned Duel wants three battlefields (458.4.a).
    let (code, _, err) = riftbound(&["sim", "--mode", "duel", "--deck-file", good.path(), "--decks", "jinx"]);
    assert_eq!(code, 2, "bad input: {err}");
    assert!(
        err.contains(&format!("{}:{}:", good.path(), line_of("battlefields ="))) && err.contains("103.4.a"),
        "{err}"
    );
    // A file that is not there, and a deck file with a typo.
    let (code, _, err) = riftbound(&["sim", "--deck-file", "no/such/deck.toml", "--decks", "jinx"]);
    assert_eq!(code, 2, "bad input: {err}");
    assert!(err.contains("no/such/deck.toml") && err.contains("can't read"), "{err}");
    let (code, _, err) = riftbound(&["sim", "--cards", "no/such/mod", "--decks", "jinx"]);
    assert_eq!(code, 2, "bad input: {err}");
    assert!(err.contains("no/such/mod: ") && !err.contains(":0"), "the path, with no made-up position: {err}");
    let typo = TempFile::new("typo.toml", &annie.replace("\"Gust\"", "\"Gusst\""));
    let (code, _, err) = riftbound(&["sim", "--deck-file", typo.path(), "--decks", "jinx"]);
    assert_eq!(code, 2, "bad input: {err}");
    assert!(err.contains(&format!("{}:{}:", typo.path(), line_of("\"Gust\""))) && err.contains("Gusst"), "{err}");
}

fn bad_line(src: &str, needle: &str) -> usize {
    1 + src.lines().position(|l| l.contains(needle)).unwrap()
}

#[test]
fn sim_text_and_turn_cap_are_reported() {
    let (code, out, _) = riftbound(&["sim", "--games", "4", "--turn-cap", "3", "--decks", "lee-sin,jinx"]);
    assert_eq!(code, 0);
    assert!(out.contains("games: 4"));
    assert!(out.contains("wins Lee Sin:"));
    assert!(out.contains("turn-capped (no winner, cap 3): 4"), "{out}");
}

/// `--step-cap`: a game whose turn goes over it stops as stalled, reported, not hung.
#[test]
fn sim_reports_stalled_games() {
    let (code, out, err) = riftbound(&["sim", "--games", "2", "--decks", "jinx,viktor", "--step-cap", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("stalled (no winner, a turn over 5 steps): 2"), "{out}");
    assert!(err.contains("game 0 stalled in turn 1"), "{err}");
}

/// A run's JSON records what reproduces it (version, build, card set, seed, agents) and the
/// index of every stalled game; `trace-game --game N` with the same arguments traces game N,
/// stalled ones included, and ends as `sim` says it did (issue 17).
#[test]
fn any_game_of_a_run_can_be_traced_from_its_report() {
    let args = ["--seed", "6", "--agents", "random,greedy", "--decks", "jinx,viktor,vi", "--step-cap", "26"];
    let (code, out, err) = riftbound(&[&["sim", "--games", "12", "--json"][..], &args].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!((v["seed"].as_u64(), v["agents"].clone()), (Some(6), serde_json::json!(["random", "greedy"])));
    for key in ["build", "card_set"] {
        let hash = v[key].as_str().unwrap();
        assert!(hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()), "{key}: {hash}");
    }
    let stalled = nums(&v["stalled_games"]);
    assert_eq!(stalled.len() as u64, v["stalled"].as_u64().unwrap(), "{v}");
    let won = (0..12).find(|i| !stalled.contains(i)).expect("a game with a winner");
    let (&stall, _) = stalled.split_first().expect("a stalled game");
    let (code, trace, err) = riftbound(&[&["trace-game", "--game", &stall.to_string()][..], &args].concat());
    assert_eq!(code, 0, "{err}");
    assert!(trace.lines().last().unwrap().starts_with("outcome: Stalled"), "{}", trace.lines().last().unwrap());
    let (code, trace, err) = riftbound(&[&["trace-game", "--game", &won.to_string()][..], &args].concat());
    assert_eq!(code, 0, "{err}");
    assert!(trace.lines().last().unwrap().starts_with("outcome: Won"), "{}", trace.lines().last().unwrap());
    // Game `won` is the one sim plays as game `won`: its turns are what the run of `won + 1`
    // games counts beyond the run of `won` games.
    let total_turns = |games: u64| {
        let (_, out, _) = riftbound(&[&["sim", "--games", &games.to_string(), "--json"][..], &args].concat());
        let r: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        (r["average_turns"].as_f64().unwrap() * games as f64).round() as u64
    };
    let turns = total_turns(won + 1) - if won == 0 { 0 } else { total_turns(won) };
    assert!(trace.lines().last().unwrap().ends_with(&format!("after {turns} turns")), "{turns}");
    // A mod folder changes the card set, and so its hash.
    let (_, modded, _) = riftbound(&["sim", "--games", "1", "--json", "--cards", "examples/my-mod/"]);
    let m: serde_json::Value = serde_json::from_str(modded.trim()).unwrap();
    assert!(m["card_set"].is_string() && m["card_set"] != v["card_set"], "{} vs {}", m["card_set"], v["card_set"]);
}

#[test]
fn sim_is_deterministic() {
    let run = || {
        let (_, out, _) = riftbound(&["sim", "--games", "20", "--seed", "8", "--agents", "random", "--json"]);
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        (v["wins"].clone(), v["average_turns"].clone())
    };
    assert_eq!(run(), run());
}

/// `sim --threads N` plays each game on one thread from its own seed and adds the results up in
/// game order: the report (timing aside) and the notes on stderr are the same for 1 and 3
/// threads (issues 12 and 14). A low step cap stalls some games, so the notes are many.
#[test]
fn sim_gives_the_same_results_on_any_number_of_threads() {
    let run = |threads: &str| {
        let args = ["sim", "--games", "40", "--seed", "6", "--agents", "random", "--step-cap", "30", "--json"];
        let (code, out, err) = riftbound(&[&args[..], &["--threads", threads]].concat());
        assert_eq!(code, 0, "{err}");
        let mut v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        for timing in ["seconds", "games_per_second"] {
            v.as_object_mut().unwrap().remove(timing).unwrap();
        }
        (v, err)
    };
    let (one, notes) = run("1");
    assert!(one["stalled"].as_u64().unwrap() > 1 && nums(&one["wins"]).iter().sum::<u64>() > 1, "{one}");
    assert!(notes.matches("stalled in turn").count() > 1, "{notes}");
    assert_eq!(run("3"), (one, notes));
}

#[test]
fn bad_arguments_are_named() {
    for (args, expected) in [
        (&["sim", "--decks", "jinx,nobody"][..], "unknown deck `nobody`"),
        (&["sim", "--agents", "clever"], "unknown agent `clever`"),
        (&["sim", "--agents", "mcts:0"], "unknown agent `mcts:0`"),
        (&["sim", "--agents", "mcts:8:clever"], "unknown agent `mcts:8:clever`"),
        (&["sim", "--agents", "greedy:8"], "unknown agent `greedy:8`"),
        // An illegal deck is rejected with its problems: the sanctioned Duel wants 3 battlefields.
        (&["sim", "--decks", "annie,jinx", "--mode", "duel"], "103.4.a"),
        (&["sim", "--mode", "chess"], "unknown mode `chess`"),
        (&["sim", "--decks", "jinx"], "two decks"),
        (&["sim", "--threads", "0"], "--threads"),
        // 460.1 / 461.1: a mode of N players needs at least N decks; 460.4.a: three battlefields.
        (&["sim", "--mode", "ffa3", "--decks", "jinx,viktor"], "460.1"),
        (&["sim", "--mode", "ffa4", "--decks", "jinx,viktor,vi"], "461.1"),
        (&["sim", "--mode", "ffa3", "--decks", "annie,jinx,viktor"], "103.4.a"),
        (&["sim", "--mode", "ffa3", "--decks", "jinx,viktor,vi", "--agents", "random,greedy"], "one per seat"),
    ] {
        let (code, _, err) = riftbound(args);
        assert_eq!(code, 2, "bad input or usage: {args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn trace_game_cites_rules() {
    let (code, out, _) = riftbound(&["trace-game", "--seed", "2"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 50);
    assert!(lines[..lines.len() - 1].iter().all(|l| l.starts_with('[')), "every line cites a rule");
    for rule in ["[115]", "[117.1]", "[315.3.b]", "[400.1]", "[316.6]"] {
        assert!(out.contains(rule), "missing {rule}");
    }
    assert!(lines.last().unwrap().starts_with("outcome:"));
}

#[test]
fn decks_lists_the_embedded_decks() {
    let (code, out, _) = riftbound(&["decks"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| {
        l.starts_with("jinx: Jinx (Origins Champion Deck, default) — legal for casual, duel, match, ffa3 and ffa4")
    }));
    assert!(
        out.lines().any(|l| l.starts_with("annie: Annie (Proving Grounds, default) — casual only (103.4.a")),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("vi: Vi (Unleashed Champion Deck, default) — legal")), "{out}");
    assert_eq!(out.lines().count(), 13);
}

/// `trace-game --seed S` is the first game `sim --seed S` plays: same outcome and length.
#[test]
fn trace_game_is_the_first_game_of_sim() {
    let (_, out, _) = riftbound(&["trace-game", "--seed", "5", "--agents", "random"]);
    let last = out.lines().last().unwrap().to_string();
    let (_, sim, _) = riftbound(&["sim", "--games", "1", "--seed", "5", "--agents", "random", "--json"]);
    let v: serde_json::Value = serde_json::from_str(sim.trim()).unwrap();
    let turns = v["average_turns"].as_f64().unwrap() as u32;
    assert!(last.ends_with(&format!("after {turns} turns")), "{last} vs {turns}");
    let winner_seat = if v["wins"][0] == 1 { "PlayerId(0)" } else { "PlayerId(1)" };
    assert!(last.contains(winner_seat), "{last}");
}

/// Output into a closed pipe (`riftbound trace-game | head -1`) ends the program quietly: no
/// panic, exit code 0.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_riftbound"))
        .args(["trace-game", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before the trace is written
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0));
}

/// docs/card-coverage.md is what `riftbound card coverage` prints: regenerate it when cards change.
#[test]
fn card_coverage_doc_is_current() {
    let (code, out, _) = riftbound(&["card", "coverage"]);
    assert_eq!(code, 0);
    let doc = include_str!("../docs/card-coverage.md");
    assert!(doc == out, "docs/card-coverage.md is stale: run `cargo run -- card coverage > docs/card-coverage.md`");
    assert!(out.contains("| all 13 | 264 | 264 | 0 | 0 |"), "every card of the default decks, no script: {out}");
}

/// docs/rules-coverage.md is what `riftbound coverage --markdown` prints, and every rule of
/// 300-458 and 700-733 is cited by a test or scenario or has the reason it is not testable yet in
/// docs/rules-uncited.toml, none of those cited: otherwise the command exits 1 naming the rule
/// and the line.
#[test]
fn rules_coverage_doc_is_current_and_every_uncited_rule_has_a_reason() {
    let (code, out, err) = riftbound(&["coverage", "--markdown"]);
    assert_eq!(code, 0, "docs/rules-uncited.toml disagrees with what is cited:\n{err}");
    let doc = include_str!("../docs/rules-coverage.md");
    assert!(
        doc == out,
        "docs/rules-coverage.md is stale: run `cargo run -- coverage --markdown > docs/rules-coverage.md`"
    );
    assert!(out.contains("- **456.4.a**: deck building in competitive settings"), "reasons are printed: {out}");
}

/// A game that stops with an error (a modded card's script that never ends) is counted and
/// reported with its seed, the run plays its other games, and `sim` exits with 1 (issue 12).
#[test]
fn sim_keeps_going_past_a_game_stopped_by_a_script_error() {
    let dir = std::env::temp_dir().join(format!("riftbound-sim-error-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let card =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/cards/ogn/001-blazing-scorcher.toml")).unwrap();
    let looping = format!("{card}script = \"\"\"\nfn on_play() {{ loop {{ }} }}\n\"\"\"\n");
    std::fs::write(dir.join("scorcher.toml"), looping).unwrap();
    let cards = dir.to_str().unwrap();
    let (code, out, err) =
        riftbound(&["sim", "--games", "6", "--decks", "jinx,viktor", "--cards", cards, "--json", "--seed", "3"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let errors = v["errors"].as_array().unwrap();
    assert!(!errors.is_empty(), "{out}");
    assert_eq!(v["games"].as_u64(), Some(6), "every game is played and counted");
    let first = &errors[0];
    assert!(first["error"].as_str().unwrap().starts_with("Blazing Scorcher"), "{first}");
    assert!(first["seed"].as_u64().is_some() && first["decks"][0] == "Jinx", "{first}");
    assert!(err.contains("stopped in turn") && err.contains("game(s) stopped with an error"), "{err}");
}

/// A deck with a card whose text does not compile is bad input (exit 2): the error names the card
/// and shows its diagnostic at its file and line, so a typo never plays as a blank card. With
/// `--allow-blank-cards` the games are played and the card is named once (issue 17).
#[test]
fn a_deck_with_a_card_that_does_not_compile_stops_sim_unless_allowed() {
    let dir = std::env::temp_dir().join(format!("riftbound-blank-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let card =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/cards/ogn/001-blazing-scorcher.toml")).unwrap();
    std::fs::write(dir.join("scorcher.toml"), card.replace("[Accelerate]", "[Acelerate]")).unwrap();
    let cards = dir.to_str().unwrap();
    let (code, out, err) = riftbound(&["sim", "--games", "2", "--decks", "jinx,viktor", "--cards", cards]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "nothing was played: {out}");
    assert!(err.contains("Blazing Scorcher (OGN-001)") && err.contains("--allow-blank-cards"), "{err}");
    assert!(err.contains("scorcher.toml:") && err.contains("Acelerate"), "the diagnostic, at its file and line: {err}");
    let (code, out, err) = riftbound(&[
        "sim",
        "--games",
        "2",
        "--decks",
        "jinx,viktor",
        "--cards",
        cards,
        "--allow-blank-cards",
        "--json",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["games"].as_u64(), Some(2));
    assert_eq!(err.matches("Blazing Scorcher (OGN-001)").count(), 1, "named once: {err}");
}

/// `trace` prints a failing scenario's trace and exits with 1; a scenario `count` has a bound,
/// named with its line; `--cards` takes a single card file as well as a folder (issue 12).
#[test]
fn trace_fails_with_its_scenario_and_inputs_are_bounded() {
    let dir = std::env::temp_dir().join(format!("riftbound-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ok = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/144-2-gear-is-played-to-base-ready.toml"
    ))
    .unwrap();
    let failing = dir.join("failing.toml");
    std::fs::write(&failing, ok.replace("exhausted = false", "exhausted = true")).unwrap();
    let (code, out, err) = riftbound(&["trace", failing.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("[352.2]") || out.contains("Orb of Regret"), "the trace is printed: {out}");
    assert!(err.contains("the scenario failed"), "{err}");
    let (code, _, _) = riftbound(&[
        "trace",
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/144-2-gear-is-played-to-base-ready.toml"),
    ]);
    assert_eq!(code, 0);

    let huge = dir.join("huge.toml");
    std::fs::write(
        &huge,
        ok.replace("hand = [\"Orb of Regret\"]", "hand = [{ card = \"Orb of Regret\", count = 100000000 }]"),
    )
    .unwrap();
    let (code, out, _) = riftbound(&["scenario", huge.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("count = 100000000") && out.contains("huge.toml:8"), "{out}");
    let (code, out, _) = riftbound(&["scenario", dir.join("missing.toml").to_str().unwrap()]);
    assert_eq!(code, 1, "a path that does not exist fails: {out}");

    let card =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/cards/ogn/114-progress-day.toml")).unwrap();
    let file = dir.join("renamed.toml");
    std::fs::write(&file, card.replace("Progress Day", "Progress Night")).unwrap();
    let (code, out, err) = riftbound(&["card", "show", "Progress Night", "--cards", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("draw(you(), 4);"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `sim --check-invariants` checks the engine's invariants after every step of release games.
#[test]
fn sim_checks_invariants_on_request() {
    let (code, out, err) = riftbound(&["sim", "--games", "14", "--check-invariants", "--seed", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games: 14") && out.contains("stopped by an error: 0"), "{out}");
}

/// `sim --save-replays` saves every game; `riftbound replay` plays each again from its answers
/// alone and finds the same outcome and final state; a replay whose answers or fingerprint were
/// changed is refused with exit code 1 (issue 12).
#[test]
fn replays_reproduce_their_games_and_catch_a_changed_one() {
    let dir = std::env::temp_dir().join(format!("riftbound-replays-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, err) = riftbound(&[
        "sim",
        "--games",
        "42",
        "--seed",
        "11",
        "--agents",
        "random,greedy",
        "--save-replays",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 42);
    let db = std::sync::Arc::new(riftbound::riftbound::CardDb::embedded());
    for f in &files {
        let r = riftbound::cli::replay::Replay::load(f).unwrap();
        let same = r.check_with(f, db.clone()).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(same.starts_with("Won"), "{same}");
    }
    let (code, out, err) = riftbound(&["replay", files[0].to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the same game: Won"), "{out}");
    // Another answer early on: a different game, or answers that no longer fit it.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let changed = dir.join("changed.toml");
    let mut r: riftbound::cli::replay::Replay = toml::from_str(&text).unwrap();
    let i = r.answers.iter().position(|a| *a > 0).unwrap();
    r.answers[i] -= 1;
    std::fs::write(&changed, toml::to_string(&r).unwrap()).unwrap();
    let (code, _, err) = riftbound(&["replay", changed.to_str().unwrap()]);
    assert_eq!(code, 1, "a changed answer is caught: {err}");
    let forged = dir.join("forged.toml");
    std::fs::write(&forged, text.replace(&format!("hash = \"{}\"", r.hash), "hash = \"0000000000000000\"")).unwrap();
    let (code, _, err) = riftbound(&["replay", forged.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("ended differently"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Replays at scale (issue 12): 1,000 games of random agents across all 13 embedded decks,
/// saved by `sim --save-replays`, each played again from its answers alone to the same outcome,
/// turn count and final state hash. Minutes in a debug build, so run on request:
/// `cargo test --release --test cli -- --ignored replays_at_scale`.
#[test]
#[ignore]
fn replays_at_scale_reproduce_1000_games() {
    let dir = std::env::temp_dir().join(format!("riftbound-replays-1000-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let decks = "annie,fiora,garen,jinx,lee-sin,lux,master-yi,rumble,shen,vex,vi,viktor,zed";
    let args = ["sim", "--games", "1000", "--seed", "12", "--agents", "random", "--decks", decks, "--save-replays"];
    let (code, _, err) = riftbound(&[&args[..], &[dir.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 1000);
    let db = std::sync::Arc::new(riftbound::riftbound::CardDb::embedded());
    let differ: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let r = riftbound::cli::replay::Replay::load(f).unwrap();
            r.check_with(f, db.clone()).err().map(|e| format!("{}: {e}", f.display()))
        })
        .collect();
    assert!(differ.is_empty(), "{} of 1000 replays ended differently:\n{}", differ.len(), differ.join("\n"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The README's commands on `examples/` work as written (a `sim` plays two games instead of its
/// default hundred): the mod folder, its deck, and the deck file.
#[test]
fn readme_example_commands_run() {
    let readme = include_str!("../README.md");
    let commands: Vec<&str> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -- "))
        .filter(|l| l.contains("examples/"))
        .collect();
    assert!(commands.len() >= 4, "{commands:?}");
    for c in commands {
        let command = c.split(" # ").next().unwrap().trim();
        // The words of the command, "double quoted" ones kept whole.
        let mut args: Vec<String> = command.split('"').enumerate().fold(Vec::new(), |mut v, (i, part)| {
            if i % 2 == 1 {
                v.push(part.to_string());
            } else {
                v.extend(part.split_whitespace().map(String::from));
            }
            v
        });
        if args[0] == "sim" && !args.iter().any(|a| a == "--games") {
            args.extend(["--games".to_string(), "2".to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = riftbound(&args);
        assert_eq!(code, 0, "{command}:\n{out}\n{err}");
        assert!(!err.contains("warning"), "{command}: {err}");
    }
    let (_, out, _) = riftbound(&["card", "show", "Mega-Mech", "--cards", "examples/my-mod/"]);
    assert!(out.contains("examples/my-mod/mega-mech.toml") && out.contains("draw 1"), "{out}");
    let (_, out, _) = riftbound(&["sim", "--games", "2", "--cards", "examples/my-mod/", "--decks", "lux-drakes,jinx"]);
    assert!(out.contains("wins Lux and the Drakes"), "{out}");
}

/// A mod card with a new id and an official card's name is a warning naming both files, and the
/// mod's card wins the name; a deck file in the folder is a deck, not a card, and names cards by
/// name or by id.
#[test]
fn a_mod_card_taking_an_official_name_is_a_warning_and_wins_it() {
    struct TempDir(std::path::PathBuf);
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let dir = TempDir(std::env::temp_dir().join(format!("riftbound-cli-{}-mod", std::process::id())));
    std::fs::create_dir_all(dir.0.join("decks")).unwrap();
    let card = "id = \"MOD-777\"\nname = \"Mega-Mech\"\ntype = \"unit\"\ndomains = [\"mind\"]\nenergy = 2\nmight = 9\nset = \"MOD\"\nnumber = 777\n";
    std::fs::write(dir.0.join("mech.toml"), card).unwrap();
    // Two Mega-Mechs by name (the mod's) and one by id (the official): three of a name (103.2.b).
    let deck = include_str!("../decks/lux.toml").replace("\"Daring Poro\" = 3", "\"Daring Poro\" = 2\n\"OGN-088\" = 1");
    std::fs::write(dir.0.join("decks/by-id.toml"), deck).unwrap();
    let d = dir.0.to_str().unwrap();
    let (code, out, err) = riftbound(&["card", "show", "Mega-Mech", "--cards", d]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Mega-Mech (MOD-777"), "the mod's card wins the name: {out}");
    let warning = err.lines().find(|l| l.starts_with("warning:")).unwrap_or_default();
    assert!(
        warning.contains("mech.toml (MOD-777)") && warning.contains("cards/ogn/088-mega-mech.toml (OGN-088)"),
        "{err}"
    );
    // `check` says the same and skips the deck file; `--decks` plays it, with OGN-088 by its id.
    let (code, out, err) = riftbound(&["check", d]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("1 card(s) checked: 1 compiled"), "{out}");
    assert!(err.contains("warning:") && err.contains("(OGN-088)"), "{err}");
    let (code, out, err) = riftbound(&["sim", "--games", "2", "--cards", d, "--decks", "by-id,jinx", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"Lux\""), "{out}");
}

/// `sim --mode ffa3|ffa4` with no deck named plays the precons legal for the mode (three
/// battlefields, 460.4.a / 461.4.a), table `k` seating decks `k, k+1, ...`, so every deck sits in
/// every seat equally; the JSON names the mode and gives wins per seat, per place in turn order
/// and per deck and seat.
#[test]
fn sim_ffa_modes_play_the_legal_precons_by_default() {
    for (mode, name, seats) in [("ffa3", "FFA3 Skirmish", 3usize), ("ffa4", "FFA4 War", 4)] {
        let (code, out, err) = riftbound(&["sim", "--mode", mode, "--games", "18", "--seed", "2", "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["mode"], name);
        let decks = v["decks"].as_array().unwrap();
        assert_eq!(decks.len(), 9, "{mode}: the nine precons with three battlefields");
        assert!(!decks.contains(&serde_json::json!("Annie")), "{mode}: one battlefield, not legal");
        let tables = v["pairings"].as_array().unwrap();
        assert_eq!(tables.len(), 9);
        assert_eq!(nums(&tables[0]["decks"]).len(), seats);
        assert_eq!(nums(&v["played"]), vec![2 * seats as u64; 9], "{mode}: 18 games of {seats} seats");
        for row in v["deck_seat_played"].as_array().unwrap() {
            assert_eq!(nums(row), vec![2; seats], "{mode}: every deck twice in every seat");
        }
        let no_winner = v["turn_capped"].as_u64().unwrap() + v["stalled"].as_u64().unwrap();
        assert_eq!(no_winner, 0);
        assert_eq!(nums(&v["seat_wins"]).iter().sum::<u64>(), 18);
        assert_eq!(nums(&v["turn_order_wins"]).iter().sum::<u64>(), 18);
        assert_eq!(nums(&v["wins"]).iter().sum::<u64>(), 18);
        let by_deck: u64 = v["deck_seat_wins"].as_array().unwrap().iter().map(|r| nums(r).iter().sum::<u64>()).sum();
        assert_eq!(by_deck, 18);
    }
}

/// `sim --mode ffa3 --decks a,b,c` plays that table with the seats rotated across games: each
/// deck sits in each seat equally. The text report names the mode and shows the seats.
#[test]
fn sim_ffa3_rotates_the_seats_of_one_table() {
    let (code, out, err) = riftbound(&["sim", "--mode", "ffa3", "--decks", "jinx,viktor,vi", "--games", "9", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let tables: Vec<Vec<u64>> = v["pairings"].as_array().unwrap().iter().map(|t| nums(&t["decks"])).collect();
    assert_eq!(tables, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
    for row in v["deck_seat_played"].as_array().unwrap() {
        assert_eq!(nums(row), vec![3, 3, 3]);
    }
    let (code, out, err) = riftbound(&["sim", "--mode", "ffa3", "--decks", "jinx,viktor,vi", "--games", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("mode: FFA3 Skirmish\n"), "{out}");
    assert!(out.contains("wins by seat (1-3):"), "{out}");
    assert!(out.contains("Jinx, Viktor, Vi:"), "{out}");
}

/// The casual Duel, the default, is labelled as a house variant in the text report; the Duel
/// with no deck named plays the nine precons with three battlefields.
#[test]
fn sim_names_the_mode_and_the_house_variant() {
    let (code, out, err) = riftbound(&["sim", "--games", "2", "--decks", "jinx,viktor"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("mode: casual Duel (a house variant"), "{out}");
    let (code, out, err) = riftbound(&["sim", "--mode", "duel", "--games", "36", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["mode"], "Duel");
    assert_eq!(v["decks"].as_array().unwrap().len(), 9);
    assert_eq!(v["pairings"].as_array().unwrap().len(), 36);
    assert!(v.get("seat_wins").is_none(), "two-player reports keep their shape");
}

/// `trace-game --mode ffa4` traces the first game `sim --mode ffa4` plays: four players, the
/// first player's battlefields removed (461.4.b), the First Turn Process (461.7).
#[test]
fn trace_game_plays_ffa4() {
    let (code, out, err) = riftbound(&["trace-game", "--mode", "ffa4", "--seed", "1", "--agents", "random"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[461] FFA4 War with 4 players, victory score 8"), "{out}");
    assert!(out.contains("[461.4.b]"), "{out}");
    assert!(out.contains("does not draw in their first Draw Phase"), "{out}");
    assert!(out.contains("channels an extra rune in their first Channel Phase"), "{out}");
}

/// `sim --mode match` plays best-of-three matches (459.6): `--games` counts matches; the JSON
/// gives match wins per deck and per pairing besides game wins, and every match takes two or
/// three games, a battlefield of each deck used per game (459.5, three per deck).
#[test]
fn sim_match_reports_match_wins_and_game_wins() {
    let (code, out, err) = riftbound(&["sim", "--mode", "match", "--decks", "jinx,viktor", "--games", "12", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["mode"], "1v1 Match");
    assert_eq!(v["matches"], 12);
    let games = v["games"].as_u64().unwrap();
    assert!((24..=36).contains(&games), "{games} games in 12 matches");
    let match_wins = nums(&v["match_wins"]);
    assert_eq!(match_wins.iter().sum::<u64>(), 12, "every match won (no game capped here)");
    assert_eq!(nums(&v["pairings"][0]["match_wins"]), match_wins);
    // Each match winner won two games, the loser at most one.
    let wins = nums(&v["wins"]);
    assert_eq!(wins.iter().sum::<u64>(), games);
    for d in 0..2 {
        assert!(wins[d] >= 2 * match_wins[d], "{v}");
        assert!(wins[d] <= 2 * match_wins[d] + (12 - match_wins[d]), "{v}");
    }
    let (code, out, err) = riftbound(&["sim", "--mode", "match", "--decks", "jinx,viktor", "--games", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("mode: 1v1 Match\nmatches: 2"), "{out}");
    let (code, _, err) = riftbound(&["sim", "--mode", "match", "--decks", "annie,viktor"]);
    assert_eq!(code, 2);
    assert!(err.contains("103.4.a"), "459.4.a: three battlefields a deck: {err}");
}

/// A saved FFA3 game (three decks) replays to the same end.
#[test]
fn ffa3_replays_play_again_the_same() {
    let dir = std::env::temp_dir().join(format!("riftbound-ffa3-replays-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, _, err) =
        riftbound(&["sim", "--mode", "ffa3", "--games", "2", "--agents", "random", "--save-replays", d]);
    assert_eq!(code, 0, "{err}");
    let file = dir.join("game-000001.toml");
    let (code, out, err) = riftbound(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the same game"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 459.5-459.6: each game of a saved Match replays to the same end, set up as the match had left
/// it (the battlefields still available, who goes first); a later game set up with the first
/// game's battlefields instead plays differently, and an unknown battlefield is a clear error.
#[test]
fn match_games_replay_with_the_setup_the_match_gave_them() {
    let dir = std::env::temp_dir().join(format!("riftbound-match-replays-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, _, err) =
        riftbound(&["sim", "--mode", "match", "--games", "2", "--agents", "random", "--save-replays", d]);
    assert_eq!(code, 0, "{err}");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 4, "two matches of two or three games: {files:?}");
    for f in &files {
        let (code, out, err) = riftbound(&["replay", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", f.display());
        assert!(out.contains("the same game"), "{out}");
    }
    // The second game of match 0, set up with the first game's battlefields: no longer the game.
    let first = std::fs::read_to_string(dir.join("game-000000-1.toml")).unwrap();
    let second = std::fs::read_to_string(dir.join("game-000000-2.toml")).unwrap();
    let setup = |s: &str| s[s.find("[match_game]").unwrap()..].to_string();
    assert_ne!(setup(&first), setup(&second), "459.5: a used battlefield is not available again");
    let swapped = dir.join("swapped.toml");
    std::fs::write(&swapped, second.replace(&setup(&second), &setup(&first))).unwrap();
    let (code, _, err) = riftbound(&["replay", swapped.to_str().unwrap()]);
    assert_ne!(code, 0, "replayed with another setup: {err}");
    let unknown = dir.join("unknown.toml");
    std::fs::write(&unknown, first.replace("available = [[\"", "available = [[\"NO-SUCH-1\", \"")).unwrap();
    let (code, _, err) = riftbound(&["replay", unknown.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown battlefield `NO-SUCH-1`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 17: `sim --card-stats --json` gives, per deck, its games and wins as the summary counts
/// them, per card drawn / not drawn partitioning the deck's games, opening hands of at most four
/// distinct cards a game (116), a battlefield chosen every game (113), per table endings adding up
/// to its games; every rate comes with a 95% interval around it.
#[test]
fn sim_card_stats_add_up_to_the_games() {
    let (code, out, err) = riftbound(&["sim", "--games", "40", "--decks", "jinx,viktor,vi", "--card-stats", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let s = &v["card_stats"];
    let (played, wins) = (nums(&v["played"]), nums(&v["wins"]));
    for (i, d) in s["decks"].as_array().unwrap().iter().enumerate() {
        let games = d["games"]["games"].as_u64().unwrap();
        assert_eq!(games, played[i]);
        assert_eq!(d["games"]["wins"].as_u64().unwrap(), wins[i]);
        let chosen: u64 =
            d["battlefields"].as_array().unwrap().iter().map(|b| b["chosen"]["games"].as_u64().unwrap()).sum();
        assert_eq!(chosen, games, "113: one battlefield a game");
        let first_and_later = d["went_first"]["games"].as_u64().unwrap() + d["went_later"]["games"].as_u64().unwrap();
        assert_eq!(first_and_later, games);
        let cards = d["cards"].as_array().unwrap();
        assert!(cards.len() > 10);
        let mut opening = 0;
        for c in cards {
            let n = |k: &str| c[k]["games"].as_u64().unwrap();
            assert_eq!(n("drawn") + n("not_drawn"), games, "{c}");
            assert!(n("opening_hand") <= n("drawn"), "{c}");
            opening += n("opening_hand");
            for k in ["drawn", "played"] {
                if n(k) > 0 {
                    let (rate, low, high) =
                        (c[k]["rate"].as_f64().unwrap(), c[k]["low"].as_f64().unwrap(), c[k]["high"].as_f64().unwrap());
                    assert!(low <= rate && rate <= high && high - low > 0.0, "{c}");
                }
            }
        }
        assert!(opening > 2 * games && opening <= 4 * games, "{} opening cards in {games} games", opening);
        let champion = &cards[0];
        assert!(champion["played"]["games"].as_u64().unwrap() > 0, "{champion}");
        assert!(champion["average_turn_played"].as_f64().unwrap() >= 1.0);
    }
    let mut total = 0;
    for t in s["tables"].as_array().unwrap() {
        let e = &t["endings"];
        let ended: u64 = ["points", "burn_out", "concession", "turn_cap", "stalled", "error"]
            .iter()
            .map(|k| e[k].as_u64().unwrap())
            .sum();
        assert_eq!(ended, t["games"].as_u64().unwrap());
        total += ended;
    }
    assert_eq!(total, 40);
    // The text report has the card tables too; without the flag there is no `card_stats` at all.
    let (_, text, _) = riftbound(&["sim", "--games", "4", "--decks", "jinx,viktor", "--card-stats"]);
    assert!(text.contains("improvement when drawn") && text.contains("Jinx, Demolitionist x1"), "{text}");
    let (_, plain, _) = riftbound(&["sim", "--games", "4", "--decks", "jinx,viktor", "--json"]);
    assert!(!plain.contains("card_stats"));
}

/// Issue 17: `compare` plays the same seeds over the base cards and over the change. A change
/// that no card of the decks uses (examples/my-mod/ changes Mega-Mech, which neither Jinx nor
/// Viktor plays) leaves every game the same: every difference is exactly zero and none is
/// reported as larger than the noise.
#[test]
fn compare_without_a_change_to_the_decks_finds_nothing() {
    let (code, out, err) =
        riftbound(&["compare", "--cards", "examples/my-mod/", "--decks", "jinx,viktor", "--games", "60", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["changed_cards"].as_array().unwrap().len(), 0, "{}", v["changed_cards"]);
    assert_ne!(v["base"]["card_set"], v["change"]["card_set"]);
    for d in v["decks"].as_array().unwrap() {
        assert_eq!(d["base"], d["change"], "{d}");
        assert_eq!(d["difference"]["value"].as_f64().unwrap(), 0.0);
    }
    for c in v["cards"].as_array().unwrap() {
        assert_eq!(c["drawn_base"], c["drawn_change"], "{c}");
    }
    let findings = v["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1);
    assert!(findings[0].as_str().unwrap().starts_with("no difference"), "{findings:?}");
}

/// Issue 17: a deliberately overpowered card (Chemtech Enforcer made a 1-cost 10-Might unit with
/// [Ganking]) planted in a mod folder: `compare` names it as the changed card, finds its deck's
/// win rate up by more than the noise, and ranks it first among the cards, its improvement when
/// drawn up by more than the noise.
#[test]
fn compare_flags_a_planted_overpowered_card_as_the_largest_change() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("compare-overpowered");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("chemtech-enforcer.toml"),
        r#"id = "OGN-003"
name = "Chemtech Enforcer"
type = "unit"
domains = ["fury"]
energy = 1
might = 10
tags = ["Zaun"]
set = "OGN"
number = 3
text = "[Ganking] (I can move from battlefield to battlefield.)"
"#,
    )
    .unwrap();
    let dir = dir.to_str().unwrap();
    let (code, out, err) =
        riftbound(&["compare", "--cards", dir, "--decks", "jinx,viktor", "--games", "600", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["changed_cards"], serde_json::json!(["Chemtech Enforcer"]));
    let jinx = &v["decks"][0];
    assert_eq!(jinx["deck"], "Jinx");
    assert!(jinx["difference"]["low"].as_f64().unwrap() > 0.0, "{jinx}");
    let top = &v["cards"][0];
    assert_eq!((top["card"].as_str(), top["deck"].as_str()), (Some("Chemtech Enforcer"), Some("Jinx")), "{top}");
    assert!(top["improvement_difference"]["low"].as_f64().unwrap() > 0.0, "{top}");
    let findings: Vec<&str> = v["findings"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
    assert!(findings.iter().any(|f| f.starts_with("Jinx wins more often")), "{findings:?}");
    assert!(findings.iter().any(|f| f.starts_with("Chemtech Enforcer (Jinx): improvement when drawn")), "{findings:?}");
    // The text report says the same in words.
    let (_, text, _) =
        riftbound(&["compare", "--cards", dir, "--decks", "jinx,viktor", "--games", "100", "--rows", "3"]);
    assert!(text.contains("changed cards in the decks: Chemtech Enforcer"), "{text}");
}

/// Issue 17: `sim --shard K/N` plays the K-th slice of a run's games; `merge` adds four slices
/// (given in any order) up into exactly the single run's report, per-card statistics included,
/// timings aside. A missing or repeated slice and a file that is not a report are named.
#[test]
fn merged_shards_equal_a_single_run_bit_for_bit() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("shards");
    std::fs::create_dir_all(&dir).unwrap();
    let run =
        ["sim", "--games", "43", "--decks", "jinx,viktor,vi", "--agents", "random,greedy", "--card-stats", "--json"];
    let untimed = |json: &str| {
        let mut v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        for k in ["seconds", "games_per_second"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    let mut files = Vec::new();
    for k in [3, 1, 4, 2] {
        let slice = format!("{k}/4");
        let (code, out, err) = riftbound(&[&run[..], &["--shard", &slice]].concat());
        assert_eq!(code, 0, "{err}");
        assert_eq!(untimed(&out)["shard"]["index"], k);
        let file = dir.join(format!("shard-{k}.json"));
        std::fs::write(&file, out).unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let (code, whole, err) = riftbound(&run);
    assert_eq!(code, 0, "{err}");
    let merge: Vec<&str> = ["merge", "--json"].into_iter().chain(files.iter().map(|f| f.as_str())).collect();
    let (code, merged, err) = riftbound(&merge);
    assert_eq!(code, 0, "{err}");
    let (whole, merged) = (untimed(&whole), untimed(&merged));
    assert!(whole["card_stats"]["decks"][0]["cards"][1]["drawn"]["games"].as_u64().unwrap() > 0);
    assert_eq!(whole, merged);
    assert_eq!(serde_json::to_string(&whole).unwrap(), serde_json::to_string(&merged).unwrap());

    // Slices 1, 2 and 4: the third is missing.
    let (code, _, err) = riftbound(&["merge", &files[1], &files[3], &files[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("shard-4.json: its games start at"), "{err}");
    let not_a_report = dir.join("not-a-report.json");
    std::fs::write(&not_a_report, "{\"games\": [").unwrap();
    let (code, _, err) = riftbound(&["merge", not_a_report.to_str().unwrap(), &files[0]]);
    assert_eq!(code, 2);
    assert!(err.contains("not-a-report.json:1:") && err.contains("not a `sim --json` report"), "{err}");
}
