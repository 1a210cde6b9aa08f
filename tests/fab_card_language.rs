//! The Flesh and Blood card language (`grammar/fab.pest`) is general: a grammar rule whose words
//! only one card of `cards/fab` says serves that card's wording, not the language. The same test
//! as Riftbound's `grammar_has_no_phrase_only_one_card_says` (tests/card_language.rs), over the
//! FaB grammar and cards.

use std::collections::BTreeMap;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The phrases of a pest grammar by rule: each run of literals that must follow one another
/// (`^"the" ~ ^"combat" ~ ^"chain"` is the one phrase "the combat chain"), so that splitting a
/// sentence into short literals does not hide it. A literal that is optional or repeated
/// (`"x"?`) or only looked ahead at (`!"x"`) ends the run and stands alone; a rule named in
/// between ends it too (the rule is a production other phrases share).
fn grammar_phrases(pest: &str) -> Vec<(String, String)> {
    let mut bodies: Vec<(String, String)> = Vec::new();
    for l in pest.lines() {
        let code = l.split("//").next().unwrap_or("");
        if !l.starts_with(' ')
            && let Some((name, body)) = code.split_once('=')
        {
            bodies.push((name.trim().to_string(), body.to_string()));
        } else if let Some((_, body)) = bodies.last_mut() {
            body.push(' ');
            body.push_str(code);
        }
    }
    let mut out = Vec::new();
    for (rule, body) in bodies.iter().filter(|(r, _)| r != "WHITESPACE") {
        let chars: Vec<char> = body.chars().collect();
        let mut run: Vec<String> = Vec::new();
        let mut flush = |run: &mut Vec<String>| {
            if !run.is_empty() {
                let mut phrase = String::new();
                for w in run.drain(..) {
                    if !phrase.is_empty() && !w.starts_with([',', '.', ':', ';', ')']) {
                        phrase.push(' ');
                    }
                    phrase.push_str(&w);
                }
                out.push((rule.clone(), phrase));
            }
        };
        let mut last = ' ';
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c == '"' {
                let start = i + 1;
                let mut end = start;
                while end < chars.len() && chars[end] != '"' {
                    end += if chars[end] == '\\' { 2 } else { 1 };
                }
                let literal: String = chars[start..end.min(chars.len())].iter().collect();
                let next = chars[end + 1..].iter().find(|c| !c.is_whitespace()).copied().unwrap_or(' ');
                if matches!(last, '!' | '&') || matches!(next, '?' | '*' | '+') {
                    flush(&mut run);
                    run.push(literal);
                    flush(&mut run);
                } else {
                    run.push(literal);
                }
                last = '"';
                i = end + 1;
                continue;
            }
            if !c.is_whitespace() && c != '~' && c != '^' {
                flush(&mut run);
            }
            if !c.is_whitespace() {
                last = c;
            }
            i += 1;
        }
        flush(&mut run);
    }
    out
}

/// Grammar rules allowed a phrase only one card says, each with why it is not folded into a
/// general production. Keep it short: a new entry needs a reason a reviewer accepts.
const ONE_CARD_PHRASES: &[(&str, &str)] = &[
    (
        "defended_by",
        "\"is defended by\": the rules' wording for the defending cards of a chain link (20.5.2); the \
         condition itself is general (any count, any type filter), but of the 53 cards only Barraging \
         Beatdown counts its defenders",
    ),
    (
        "only_while",
        "\"Activate this ability only while/if\": the game's fixed restriction sentence for activated \
         abilities (15.5.1); it takes any condition, and Rally the Rearguard is the one card of the two \
         decks with a restricted activated ability",
    ),
    (
        "until_eot",
        "\"until end of turn\" is a duration the rules themselves name (13.3.3f: \"Until end of turn\" and \
         \"this turn\" effects end), not a card's wording; Dawnblade is the one card that uses it",
    ),
];

/// Issue 16 (as issue 13 for Riftbound): a grammar rule whose words occur in exactly one FaB card
/// text serves that card's wording only. A phrase is a literal run of three or more words.
#[test]
fn fab_grammar_has_no_phrase_only_one_card_says() {
    let pest = std::fs::read_to_string(root().join("grammar/fab.pest")).unwrap();
    let mut texts: Vec<(String, String)> = Vec::new();
    fn walk(d: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "fab") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join("cards/fab"), &mut files);
    files.sort();
    for f in &files {
        let card: toml::Table = toml::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        let text = card.get("text").and_then(|t| t.as_str()).unwrap_or("").to_lowercase();
        texts.push((f.strip_prefix(root()).unwrap().display().to_string(), text));
    }
    assert_eq!(texts.len(), 53);
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let phrases = grammar_phrases(&pest);
    assert!(phrases.iter().any(|(r, p)| r == "ev_closes" && p == "the combat chain closes"), "{phrases:?}");
    for (rule, literal) in phrases {
        if literal.split_whitespace().count() < 3 {
            continue;
        }
        let needle = literal.to_lowercase();
        let cards: Vec<&str> = texts.iter().filter(|(_, t)| t.contains(&needle)).map(|(f, _)| f.as_str()).collect();
        if let [card] = cards[..] {
            found.entry(rule).or_default().push(format!("\"{literal}\" ({card})"));
        }
    }
    let allowed = |r: &str| ONE_CARD_PHRASES.iter().any(|(a, _)| *a == r);
    let new: Vec<String> =
        found.iter().filter(|(r, _)| !allowed(r)).map(|(r, p)| format!("{r}: {}", p.join(", "))).collect();
    let folded: Vec<&str> = ONE_CARD_PHRASES.iter().map(|(r, _)| *r).filter(|r| !found.contains_key(*r)).collect();
    assert!(
        new.is_empty(),
        "grammar rules whose phrase only one card says (make the phrase a production other cards can use):\n{}",
        new.join("\n")
    );
    assert!(folded.is_empty(), "no longer one-card phrases, remove them from ONE_CARD_PHRASES: {folded:?}");
}

/// The test can fail: a rule made of one card's sentence is found.
#[test]
fn a_one_card_rule_is_found() {
    let pest = "attack_again = { ^\"you\" ~ ^\"may\" ~ ^\"attack\" ~ ^\"an\" ~ ^\"additional\" ~ ^\"time\" }\n\
                split = { ^\"you\" ~ ^\"may\" ~ other ~ ^\"an\" ~ ^\"additional\" }\n";
    let phrases = grammar_phrases(pest);
    assert!(phrases.contains(&("attack_again".into(), "you may attack an additional time".into())), "{phrases:?}");
    assert!(phrases.contains(&("split".into(), "you may".into())), "a rule between two literals ends the run");
}
