//! Issue 13: cards written fresh in the game's ordinary wording (`tests/cards-new/cards/`, set
//! `NEW`) compile from their printed text with no diagnostic and no `script` block, and each has
//! scenarios of its own (`tests/cards-new/scenarios/new-NNN-...`) whose expectations all hold,
//! played with the folder added over the official cards as `--cards` adds it.

use riftbound::dsl::parse_card;
use riftbound::riftbound::{CardDb, CardDef};
use riftbound::scenario::{Scenario, files_under, run, scenario_db};
use std::path::PathBuf;
use std::sync::Arc;

fn folder(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cards-new").join(sub)
}

/// The fresh cards, each parsed and compiled from its file.
fn fresh_cards() -> Vec<CardDef> {
    files_under(&folder("cards"))
        .iter()
        .map(|f| {
            let src = std::fs::read_to_string(f).unwrap();
            parse_card(&f.display().to_string(), &src).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

#[test]
fn every_fresh_card_compiles_from_its_text_without_a_script() {
    let cards = fresh_cards();
    assert!(cards.len() >= 30, "issue 13 asks for at least 30 fresh cards, found {}", cards.len());
    let mut problems = Vec::new();
    for c in &cards {
        if let Some(d) = &c.unsupported {
            problems.push(format!("{}: {d}", c.name));
        }
        if c.script.is_some() {
            problems.push(format!("{}: has a script block", c.name));
        }
        if c.set != "NEW" || !c.id.starts_with("NEW-") {
            problems.push(format!("{}: not of the set NEW ({})", c.name, c.id));
        }
        if c.text.trim().is_empty() || c.abilities.abilities.is_empty() && c.abilities.keywords.is_empty() {
            problems.push(format!("{}: compiles to nothing", c.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_fresh_card_has_a_scenario_and_every_scenario_passes() {
    let mut db = CardDb::embedded();
    let loaded = db.load_dir(&folder("cards")).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(loaded.warnings.is_empty(), "a fresh card takes an official card's name: {:?}", loaded.warnings);
    let db = scenario_db(Arc::new(db));
    let files = files_under(&folder("scenarios"));
    let mut failures = Vec::new();
    let mut sources = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(f).unwrap();
        let s = Scenario::parse(&format!("tests/cards-new/scenarios/{name}"), &src).unwrap_or_else(|e| panic!("{e}"));
        let r = run(&s, db.clone());
        if let Some(e) = &r.error {
            failures.push(format!("{e}"));
        }
        failures.extend(
            r.checks.iter().filter(|c| !c.ok).map(|c| format!("{}:{}: {} ({})", s.file, c.line, c.what, c.detail)),
        );
        if r.checks.is_empty() {
            failures.push(format!("{}: checks nothing", s.file));
        }
        sources.push((name, src));
    }
    for c in fresh_cards() {
        let prefix = format!("new-{:03}-", c.number);
        let quoted = format!("\"{}\"", c.name);
        if !sources.iter().any(|(name, src)| name.starts_with(&prefix) && src.contains(&quoted)) {
            failures.push(format!("{} has no scenario tests/cards-new/scenarios/{prefix}*.toml", c.name));
        }
    }
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
}
