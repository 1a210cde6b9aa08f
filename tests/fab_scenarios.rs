//! Flesh and Blood rule scenarios (`tests/scenarios/fab/*.toml`, format in `src/fab/scenario.rs`):
//! each sets a board up, answers the decisions that follow and checks what must be true, citing
//! the rules of the v1.4 text it shows.

use riftbound::fab::deck::Pool;
use riftbound::fab::scenario;

#[test]
fn every_fab_scenario_passes() {
    let pool = Pool::embedded().unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/fab");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let name = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
        match scenario::run(&name, &std::fs::read_to_string(f).unwrap(), &pool) {
            Ok(r) => failures.extend(r.failures),
            Err(e) => failures.push(e),
        }
    }
    assert!(files.len() >= 10, "{} scenarios", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A scenario that expects the wrong thing fails, naming the check.
#[test]
fn a_wrong_expectation_fails() {
    let pool = Pool::embedded().unwrap();
    let src = r#"
rules = ["3.1.1"]
[[player]]
hero = "Rhinar"
hand = ["Sigil of Solace"]
[[player]]
hero = "Rhinar"
[expect]
life = [20, 19]
"#;
    let r = scenario::run("x.toml", src, &pool).unwrap();
    assert_eq!(r.failures, ["x.toml: life: expected [20, 19], got [20, 20]", "x.toml: the trace never cites 3.1.1"]);
    let e =
        scenario::run("x.toml", &src.replace("[expect]", "[run]\nanswers = [\"fly\"]\n[expect]"), &pool).unwrap_err();
    assert!(e.starts_with("x.toml: answer \"fly\" is not an option of Priority: play Sigil of Solace | pass"), "{e}");
}
