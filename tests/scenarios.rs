//! Every scenario under `tests/scenarios/` runs here: all its expectations must hold, and its
//! whole trace is snapshot-tested (tests/snapshots/), so any change in how a ruling plays out
//! shows up in review.

use riftbound::cli::{DEFAULT_DECKS, pick_decks};
use riftbound::riftbound::{CardDb, CardIdx};
use riftbound::scenario::{Scenario, files_under, run, scenario_db};
use std::path::PathBuf;
use std::sync::Arc;

fn scenarios_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

#[test]
fn every_scenario_passes_and_its_trace_is_unchanged() {
    let db = scenario_db(Arc::new(CardDb::embedded()));
    let files = files_under(&scenarios_dir());
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for f in &files {
        // A path relative to the project, so traces (which name card files) don't depend on
        // where the project is checked out.
        let rel = format!("tests/scenarios/{}", f.strip_prefix(scenarios_dir()).unwrap().display());
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

/// A scenario's `mode` (454-461) is checked: an unknown mode, a mode with the wrong number of
/// players (460.1, 461.1, 458.1) and a fourth player without a third are clear errors naming
/// the line.
#[test]
fn scenario_modes_and_player_counts_are_checked() {
    let db = Arc::new(CardDb::embedded());
    for (src, expected) in [
        ("title = \"t\"\n[setup]\nmode = \"chess\"\n", "unknown mode `chess`"),
        ("title = \"t\"\n[setup]\nmode = \"ffa3\"\nplayers = 2\n", "460.1"),
        (
            "title = \"t\"\n[setup]\nmode = \"ffa4\"\nbattlefields = [\"North Field\", \"East Field\", \"West Field\"]\n[setup.P3]\n",
            "461.1",
        ),
        (
            "title = \"t\"\n[setup]\nmode = \"duel\"\nbattlefields = [\"North Field\", \"East Field\", \"West Field\"]\n[setup.P3]\n",
            "458.1",
        ),
        ("title = \"t\"\n[setup]\nplayers = 3\n[setup.P4]\n", "expected 2, 3"),
    ] {
        let r = run(&Scenario::parse("mode.toml", src).unwrap(), db.clone());
        let e = r.error.unwrap_or_else(|| panic!("an error for {src}"));
        assert!(e.message.contains(expected), "{src}: {e}");
        assert!(e.line > 0, "{e}");
    }
}

/// Every card of the 13 default decks has a scenario of its own: a file in
/// `tests/scenarios/cards/` named after its set and number (`ogn-169-gust-...`) that uses it. A
/// card without rules text (a basic rune, a vanilla unit) needs only to appear in some scenario.
/// The cards of `cards` with no scenario of their own: a file `cards/SET-NNN-*.toml` that names
/// the card (quoted); a card without text only needs to be named by any scenario.
fn without_own_scenario(db: &CardDb, cards: impl IntoIterator<Item = CardIdx>) -> Vec<String> {
    let files: Vec<(String, String)> = files_under(&scenarios_dir())
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(scenarios_dir()).unwrap().display().to_string();
            (rel, std::fs::read_to_string(&f).unwrap())
        })
        .collect();
    let mut missing = Vec::new();
    for c in cards {
        let def = db.get(c);
        let quoted = format!("\"{}\"", def.name);
        let prefix = format!("cards/{}-{:03}-", def.set.to_lowercase(), def.number);
        let found = files
            .iter()
            .any(|(rel, src)| src.contains(&quoted) && (def.text.trim().is_empty() || rel.starts_with(&prefix)));
        if !found {
            missing.push(format!("{} ({prefix}*.toml)", def.name));
        }
    }
    missing
}

#[test]
fn every_default_deck_card_has_its_own_scenario() {
    let db = Arc::new(CardDb::embedded());
    let decks = pick_decks(&db, &DEFAULT_DECKS.map(String::from)).unwrap();
    let mut cards = std::collections::BTreeSet::new();
    for d in &decks {
        cards.extend([d.legend, d.champion]);
        cards.extend(d.battlefields.iter().copied());
        cards.extend(d.main.iter().chain(&d.runes).map(|(c, _)| *c));
    }
    let missing = without_own_scenario(&db, cards);
    assert!(missing.is_empty(), "{} card(s) without a scenario:\n{}", missing.len(), missing.join("\n"));
}

/// Issue 13: every card whose text compiles has a scenario of its own. The cards that have none
/// yet are listed in tests/cards-without-scenario.txt, a list that may only shrink: a newly
/// compiling card comes with its scenario, and a card that gets one leaves the list.
#[test]
fn every_compiled_card_has_its_own_scenario_or_is_listed() {
    let db = CardDb::embedded();
    let compiled = db
        .iter()
        .filter(|(_, c)| !["RULES", "TOKEN"].contains(&c.set.as_str()))
        .filter(|(_, c)| c.unsupported.is_none() && !c.text.trim().is_empty())
        .map(|(i, _)| i);
    let missing: std::collections::BTreeSet<String> = without_own_scenario(&db, compiled).into_iter().collect();
    let list_file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cards-without-scenario.txt");
    let listed: std::collections::BTreeSet<String> = std::fs::read_to_string(&list_file)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let new: Vec<&String> = missing.difference(&listed).collect();
    let done: Vec<&String> = listed.difference(&missing).collect();
    assert!(new.is_empty(), "compiled cards without a scenario of their own (write one):\n{new:#?}");
    assert!(done.is_empty(), "these have a scenario now: remove them from {}:\n{done:#?}", list_file.display());
}
