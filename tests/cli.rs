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

#[test]
fn sim_json_reports_every_game() {
    let (code, out, err) = riftbound(&["sim", "--games", "12", "--seed", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["games"], 12);
    assert_eq!(v["decks"], serde_json::json!(["Jinx", "Viktor"]));
    let wins: u64 = v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(wins + v["turn_capped"].as_u64().unwrap(), 12);
    assert!(v["average_turns"].as_f64().unwrap() > 2.0);
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn sim_text_and_turn_cap_are_reported() {
    let (code, out, _) = riftbound(&["sim", "--games", "4", "--turn-cap", "3", "--decks", "lee-sin,jinx"]);
    assert_eq!(code, 0);
    assert!(out.contains("games: 4"));
    assert!(out.contains("wins Lee Sin:"));
    assert!(out.contains("turn-capped (no winner, cap 3): 4"), "{out}");
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

#[test]
fn bad_arguments_are_named() {
    let (code, _, err) = riftbound(&["sim", "--decks", "jinx,nobody"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown deck `nobody`"), "{err}");
    let (code, _, err) = riftbound(&["sim", "--agents", "clever"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown agent `clever`"), "{err}");
    let (code, _, err) = riftbound(&["sim", "--decks", "annie,jinx"]);
    assert_eq!(code, 1);
    assert!(err.contains("103.4.a"), "an illegal deck is rejected with its problems: {err}");
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
    assert!(out.lines().any(|l| l.starts_with("jinx: Jinx")));
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
