//! The rule numbers of the Comprehensive Rules v1.4, extracted from the text by
//! `scripts/fab_rule_numbers.py` into `rule_numbers.txt`: what a FaB trace line or doc comment
//! may cite. The tests check every citation in `src/fab` and in played traces against it.

/// Every rule number of the v1.4 text, one a line.
pub const RULE_NUMBERS: &str = include_str!("rule_numbers.txt");

/// Whether `n` is a rule number of the v1.4 text. "glossary" and "-" (a trace line of the
/// runner, no rule) are not numbers and not known.
pub fn known(n: &str) -> bool {
    RULE_NUMBERS.lines().any(|l| l == n)
}

/// The rule numbers cited in a text: runs like `13.3.3a` (one or two digits, then dotted
/// numbers, an optional letter), not part of a longer word or number (`v1.4`, `0.25s`).
pub fn citations(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let before_ok = start == 0 || !(b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'.');
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
            i += 1;
        }
        // A sub-rule's letter follows a digit.
        if i > start && i < b.len() && b[i - 1].is_ascii_digit() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        if i == start {
            i += 1;
            continue;
        }
        let run = text[start..i].trim_end_matches('.');
        let after_ok = i >= b.len() || !b[i].is_ascii_alphanumeric();
        let head = run.split('.').next().unwrap_or("");
        if before_ok
            && after_ok
            && run.contains('.')
            && head.len() <= 2
            && !head.starts_with('0')
            && !run.contains("..")
        {
            out.push(run.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::kernel::decision::RandomAgent;
    use std::path::Path;

    #[test]
    fn the_list_holds_the_rules_text_numbers() {
        for n in ["3.2", "4.1.3a", "13.3.3a", "19.1", "20.8.3c", "27"] {
            assert!(known(n), "{n}");
        }
        for n in ["4.1.9", "20.8.3z", "29", "glossary"] {
            assert!(!known(n), "{n}");
        }
        assert_eq!(citations("CR v1.4: 13.3.3a, 20.5.1a and 4.1.3. Then 1,000 games"), ["13.3.3a", "20.5.1a", "4.1.3"]);
    }

    /// Every rule number a trace line or a comment (doc or not) of `src/fab` cites is in the v1.4
    /// text.
    #[test]
    fn every_rule_cited_in_src_fab_exists() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/fab");
        let mut bad = Vec::new();
        let mut cited = 0;
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = e.path();
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let src = std::fs::read_to_string(&p).unwrap();
            let file = p.file_name().unwrap().to_string_lossy().into_owned();
            for (i, line) in src.lines().enumerate() {
                let t = line.trim_start();
                let cites = if t.starts_with("//") {
                    citations(t)
                } else if let Some((_, rest)) = t.split_once("trace!(").and_then(|(_, r)| r.split_once(", \"")) {
                    // The rule is the macro's first string literal, after the game.
                    rest.split('"').next().map(|r| vec![r.to_string()]).unwrap_or_default()
                } else {
                    continue;
                };
                for n in cites {
                    cited += 1;
                    if !known(&n) {
                        bad.push(format!("src/fab/{file}:{}: {n}", i + 1));
                    }
                }
            }
        }
        assert!(cited > 100, "the scan finds the citations: {cited}");
        assert_eq!(bad, Vec::<String>::new(), "rule numbers not in the v1.4 text");
    }

    /// The rules a played game's trace cites exist too (lines a runner adds cite "-").
    #[test]
    fn a_played_games_trace_cites_known_rules() {
        let mut g = game_with(bruiser_loadout(), bruiser_loadout(), 11);
        g.trace.on = true;
        g.agents = vec![Some(Box::new(RandomAgent::new(1))), Some(Box::new(RandomAgent::new(2)))];
        while !g.step().unwrap() {}
        assert!(g.trace.lines.len() > 50);
        let bad: Vec<_> = g.trace.lines.iter().filter(|l| l.rule != "-" && !known(l.rule)).collect();
        assert!(bad.is_empty(), "{bad:?}");
    }
}
