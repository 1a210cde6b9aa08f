//! `riftbound coverage`: which numbered rules of the Core Rules (100-733) are cited by the test
//! suite or by a passing scenario. A test cites a rule in its name (`r439_1_d_3_...`,
//! `void_seeker_356_3_e_5_...`) or its doc comment; a scenario in its `rules` list. A rule counts
//! as covered when it or one of its sub-rules is cited.
//!
//! Every rule of 300-458 and 700-733 (playing the game, and the additional rules) is either cited
//! or given the reason it is not testable yet in `docs/rules-uncited.toml`; a reason for a rule
//! that is cited, or for one outside those ranges, is an error, so the file cannot go stale.

use crate::riftbound::CardDb;
use crate::scenario::{Scenario, run};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

/// Every numbered rule of sections 100-733, in document order (scripts/extract_rule_numbers.py).
pub const RULE_NUMBERS: &str = include_str!("../riftbound/rule_numbers.txt");

/// Where the reasons for uncited rules are kept, relative to the project.
pub const REASONS_FILE: &str = "docs/rules-uncited.toml";

pub struct Coverage {
    pub rules: Vec<String>,
    pub covered: Vec<String>,
    pub uncovered: Vec<String>,
    /// Uncited rule -> why it is not testable yet (from [`REASONS_FILE`]).
    pub reasons: BTreeMap<String, String>,
    /// What is wrong with the reasons: a rule of 300-458 / 700-733 neither cited nor given a
    /// reason, or a reason for a cited rule, an unknown rule or one outside those ranges.
    pub problems: Vec<String>,
}

impl Coverage {
    pub fn percent(&self) -> f64 {
        100.0 * self.covered.len() as f64 / self.rules.len().max(1) as f64
    }
}

/// Rule numbers cited in a Rust test file.
pub fn citations_in_source(src: &str, out: &mut BTreeSet<String>) {
    for line in src.lines() {
        let t = line.trim_start();
        if t.starts_with("///") || t.starts_with("//!") {
            cite_dotted(t, out);
        }
        if let Some(rest) = t.strip_prefix("fn ").or_else(|| t.strip_prefix("pub fn ")) {
            let name = rest.split('(').next().unwrap_or("");
            cite_name(name, out);
        }
    }
}

/// "439.1.d.3"-style numbers in prose.
fn cite_dotted(text: &str, out: &mut BTreeSet<String>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i + 3 <= b.len() {
        let starts = b[i..i + 3].iter().all(u8::is_ascii_digit)
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric() && b[i - 1] != b'.');
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i + 3;
        loop {
            if end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
                end += 1;
                while end < b.len() && b[end].is_ascii_digit() {
                    end += 1;
                }
            } else if end + 1 < b.len()
                && b[end] == b'.'
                && b[end + 1].is_ascii_lowercase()
                && (end + 2 >= b.len() || !b[end + 2].is_ascii_alphabetic())
            {
                end += 2;
            } else {
                break;
            }
        }
        if end == i + 3 && end < b.len() && b[end].is_ascii_digit() {
            i = end;
            continue;
        }
        out.insert(text[i..end].to_string());
        i = end;
    }
}

/// "r439_1_d_3_lethal" / "void_seeker_356_3_e_5_..." in a test name.
fn cite_name(name: &str, out: &mut BTreeSet<String>) {
    let parts: Vec<&str> = name.split('_').collect();
    let mut k = 0;
    while k < parts.len() {
        let p = parts[k].trim_start_matches('r');
        if p.len() == 3 && p.chars().all(|c| c.is_ascii_digit()) {
            let mut rule = p.to_string();
            let mut j = k + 1;
            while j < parts.len() {
                let s = parts[j];
                let digits = !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) && s.len() <= 2;
                let letter = s.len() == 1 && s.chars().all(|c| c.is_ascii_lowercase());
                if digits || letter {
                    rule.push('.');
                    rule.push_str(s);
                    j += 1;
                } else {
                    break;
                }
            }
            out.insert(rule);
            k = j;
        } else {
            k += 1;
        }
    }
}

/// Whether a rule must be cited or given a reason: 300-458 and 700-733.
fn must_be_accounted_for(rule: &str) -> bool {
    let section: u32 = rule.get(..3).and_then(|s| s.parse().ok()).unwrap_or(0);
    (300..=458).contains(&section) || (700..=733).contains(&section)
}

/// The reasons file: rule number -> (line, reason).
fn read_reasons(path: &Path) -> Result<BTreeMap<String, (usize, String)>, String> {
    let text = crate::kernel::files::read_text(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let table: BTreeMap<String, toml::Spanned<String>> = toml::from_str(&text).map_err(|e| {
        let line = e.span().map_or(0, |s| text[..s.start].matches('\n').count() + 1);
        format!("{}:{line}: expected `\"RULE\" = \"reason\"` lines: {}", path.display(), e.message())
    })?;
    Ok(table
        .into_iter()
        .map(|(rule, reason)| {
            let line = text[..reason.span().start].matches('\n').count() + 1;
            (rule, (line, reason.into_inner()))
        })
        .collect())
}

/// Checks the reasons against what is cited; see [`Coverage::problems`].
fn check_reasons(
    file: &str,
    rules: &[String],
    uncovered: &[String],
    reasons: &BTreeMap<String, (usize, String)>,
) -> Vec<String> {
    let mut problems = Vec::new();
    for (rule, (line, _)) in reasons {
        if !rules.contains(rule) {
            problems.push(format!("{file}:{line}: {rule} is not a numbered rule of the Core Rules"));
        } else if !must_be_accounted_for(rule) {
            problems.push(format!("{file}:{line}: {rule} is outside 300-458 and 700-733; only those take reasons"));
        } else if !uncovered.contains(rule) {
            problems.push(format!("{file}:{line}: {rule} is cited now: remove its reason"));
        }
    }
    for rule in uncovered.iter().filter(|r| must_be_accounted_for(r) && !reasons.contains_key(*r)) {
        problems.push(format!("{file}: {rule} is neither cited by a test or scenario nor given a reason"));
    }
    problems
}

/// Computes coverage from the project's `tests/` (Rust tests and passing scenarios) and checks
/// the reasons in [`REASONS_FILE`].
pub fn coverage(root: &Path, db: &Arc<CardDb>) -> Result<Coverage, String> {
    let mut cited = BTreeSet::new();
    let tests = root.join("tests");
    let entries =
        std::fs::read_dir(&tests).map_err(|e| format!("{}: {e} (run from the project directory)", tests.display()))?;
    for e in entries.flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "rs") {
            citations_in_source(&std::fs::read_to_string(&p).unwrap_or_default(), &mut cited);
        }
    }
    let scenarios = tests.join("scenarios");
    let db = &crate::scenario::scenario_db(db.clone());
    for p in crate::scenario::files_under(&scenarios) {
        if let Ok(s) = Scenario::load(&p)
            && run(&s, db.clone()).passed()
        {
            cited.extend(s.body.rules.iter().cloned());
        }
    }
    let rules: Vec<String> = RULE_NUMBERS.lines().map(String::from).collect();
    let (covered, uncovered): (Vec<String>, Vec<String>) =
        rules.iter().cloned().partition(|r| cited.iter().any(|c| c == r || c.starts_with(&format!("{r}."))));
    let reasons = read_reasons(&root.join(REASONS_FILE))?;
    let problems = check_reasons(REASONS_FILE, &rules, &uncovered, &reasons);
    let reasons = reasons.into_iter().map(|(rule, (_, reason))| (rule, reason)).collect();
    Ok(Coverage { rules, covered, uncovered, reasons, problems })
}

/// The report as Markdown (docs/rules-coverage.md).
pub fn markdown(c: &Coverage) -> String {
    let mut out = String::from("# Rules coverage\n\n");
    out.push_str("Made by `cargo run -- coverage --markdown > docs/rules-coverage.md`. A numbered rule of the Core\n");
    out.push_str("Rules (sections 100-733) is covered when a test names it (in its name or doc comment) or a\n");
    out.push_str("passing scenario lists it, itself or one of its sub-rules.\n\n");
    out.push_str(&format!(
        "**{} of {} rules covered ({:.1}%).**\n\n## Not covered\n\n",
        c.covered.len(),
        c.rules.len(),
        c.percent()
    ));
    out.push_str("Outside 300-458 and 700-733 (those are under *Not testable yet*, each with its reason).\n");
    let mut section = String::new();
    for r in c.uncovered.iter().filter(|r| !c.reasons.contains_key(*r)) {
        let s = r[..3].to_string();
        let head = format!("{}00", &s[..1]);
        if head != section {
            out.push_str(&format!("\n**{head}s:** "));
            section = head;
        } else {
            out.push_str(", ");
        }
        out.push_str(r);
    }
    out.push_str(&format!(
        "\n\n## Not testable yet\n\nThe rules of 300-458 and 700-733 that no test cites, each with the reason it is not\ntestable yet (`{REASONS_FILE}`; a test fails when one of these is cited, or when a rule of\nthose ranges is neither cited nor listed there).\n\n"
    ));
    for (rule, reason) in &c.reasons {
        out.push_str(&format!("- **{rule}**: {reason}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_from_names_and_doc_comments() {
        let mut out = BTreeSet::new();
        citations_in_source(
            "/// 439.1.d.3: lethal first; see 322.2 and 2.0x\nfn r140_2_a_zero_damage() {}\nfn void_seeker_356_3_e_5_mistarget() {}\n",
            &mut out,
        );
        let want: BTreeSet<String> =
            ["439.1.d.3", "322.2", "140.2.a", "356.3.e.5"].into_iter().map(String::from).collect();
        assert_eq!(out, want);
    }

    /// Every way the reasons file can disagree with what is cited is reported with its line.
    #[test]
    fn reasons_must_match_what_is_uncited() {
        let rules: Vec<String> = ["102", "307", "311", "312", "720"].into_iter().map(String::from).collect();
        let uncovered: Vec<String> = ["102", "307", "311", "720"].into_iter().map(String::from).collect();
        let reasons: BTreeMap<String, (usize, String)> = [("102", 1), ("307", 2), ("312", 3), ("999", 4)]
            .into_iter()
            .map(|(r, l)| (r.into(), (l, "x".into())))
            .collect();
        let got = check_reasons("f.toml", &rules, &uncovered, &reasons);
        let want = [
            "f.toml:1: 102 is outside 300-458 and 700-733; only those take reasons",
            "f.toml:3: 312 is cited now: remove its reason",
            "f.toml:4: 999 is not a numbered rule of the Core Rules",
            "f.toml: 311 is neither cited by a test or scenario nor given a reason",
            "f.toml: 720 is neither cited by a test or scenario nor given a reason",
        ];
        assert_eq!(got, want);
    }
}
