//! `riftbound scenario` and `riftbound trace`: running scenario files.

use crate::riftbound::CardDb;
use crate::scenario::{Report, Scenario, run};
use std::path::PathBuf;
use std::sync::Arc;

/// Runs scenario files (directories: every `*.toml` inside, subdirectories included) and prints pass/fail per
/// expectation. Returns whether all passed.
pub fn scenarios(db: &Arc<CardDb>, paths: &[PathBuf]) -> bool {
    let db = &crate::scenario::scenario_db(db.clone());
    let mut files = Vec::new();
    let (mut passed, mut failed) = (0, 0);
    for p in paths {
        match crate::kernel::files::toml_files(p) {
            Ok(found) => files.extend(found),
            Err(e) => {
                outln!("FAIL {}\n  {e}", p.display());
                failed += 1;
            }
        }
    }
    let mut all = failed == 0;
    let (fab_files, files): (Vec<_>, Vec<_>) = files.into_iter().partition(|f| crate::scenario::is_fab_scenario(f));
    for f in fab_files {
        let ok = super::fab::scenario(&f);
        if ok {
            passed += 1
        } else {
            failed += 1
        }
        all &= ok;
    }
    for f in files {
        let ok = match Scenario::load(&f) {
            Ok(s) => print_report(&s, &run(&s, db.clone())),
            Err(e) => {
                outln!("FAIL {}\n  {e}", f.display());
                false
            }
        };
        if ok {
            passed += 1
        } else {
            failed += 1
        }
        all &= ok;
    }
    outln!("{passed} passed, {failed} failed");
    all
}

fn print_report(s: &Scenario, r: &Report) -> bool {
    outln!("{} {} ({})", if r.passed() { "PASS" } else { "FAIL" }, r.title, s.file);
    for c in &r.checks {
        outln!(
            "  {} line {}: {}{}",
            if c.ok { "ok  " } else { "FAIL" },
            c.line,
            c.what,
            if c.ok { String::new() } else { format!(" — {}", c.detail) }
        );
    }
    if let Some(e) = &r.error {
        outln!("  FAIL {e}");
    }
    r.passed()
}

/// The whole trace of a scenario.
/// The trace of a scenario's game, and whether the scenario passed (every expectation held).
pub fn trace(db: &Arc<CardDb>, path: &std::path::Path) -> Result<(String, bool), String> {
    let s = Scenario::load(path).map_err(|e| e.to_string())?;
    let r = run(&s, db.clone());
    let mut out = String::new();
    if let Some(g) = &r.game {
        out.push_str(&g.trace.render());
    }
    if let Some(e) = &r.error {
        out.push_str(&format!("error: {e}\n"));
    }
    Ok((out, r.passed()))
}
