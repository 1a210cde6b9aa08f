//! Every scenario under `tests/scenarios/` runs here: all its expectations must hold, and its
//! whole trace is snapshot-tested (tests/snapshots/), so any change in how a ruling plays out
//! shows up in review.

use riftbound::riftbound::CardDb;
use riftbound::scenario::{Scenario, run};
use std::path::PathBuf;
use std::sync::Arc;

fn scenario_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_scenario_passes_and_its_trace_is_unchanged() {
    let db = Arc::new(CardDb::embedded());
    let files = scenario_files();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for f in &files {
        // A path relative to the project, so traces (which name card files) don't depend on
        // where the project is checked out.
        let rel = format!("tests/scenarios/{}", f.file_name().unwrap().to_string_lossy());
        let src = std::fs::read_to_string(f).unwrap();
        let s = Scenario::parse(&rel, &src).unwrap_or_else(|e| panic!("{e}"));
        let r = run(&s, db.clone());
        if let Some(e) = &r.error {
            failures.push(format!("{e}"));
        }
        for c in r.checks.iter().filter(|c| !c.ok) {
            failures.push(format!("{}:{}: {} ({})", s.file, c.line, c.what, c.detail));
        }
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        let trace = r.game.as_ref().map(|g| g.trace.render()).unwrap_or_default();
        insta::assert_snapshot!(name, trace);
    }
    assert!(failures.is_empty(), "{} scenario problem(s):\n{}", failures.len(), failures.join("\n"));
}

/// A scenario with a typo fails with a message naming the file and line.
#[test]
fn scenario_typos_name_file_and_line() {
    let db = Arc::new(CardDb::embedded());
    let src = "title = \"t\"\n\n[setup.P1]\nhand = [\"Void Seekr\"]\n";
    let s = Scenario::parse("typo.toml", src).unwrap();
    let r = run(&s, db.clone());
    let e = r.error.expect("an unknown card is an error");
    assert_eq!((e.file.as_str(), e.line), ("typo.toml", 4), "{e}");
    assert!(e.message.contains("Void Seekr"), "{e}");
    let e = Scenario::parse("field.toml", "title = \"t\"\n[setup]\nbattlefeilds = []\n").err().unwrap();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.contains("battlefeilds"), "{e}");
    let src = "title = \"t\"\n\n[[step]]\ndo = \"P2 play Void Seeker\"\n";
    let r = run(&Scenario::parse("illegal.toml", src).unwrap(), db);
    let e = r.error.expect("an illegal step fails");
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.contains("312.1"), "cites the rule: {e}");
}
