//! The Flesh and Blood card language (`grammar/fab.pest`) is general: a grammar rule whose words
//! only one card of `cards/fab` says serves that card's wording, not the language. The same test
//! as Riftbound's `grammar_has_no_phrase_only_one_card_says` (tests/card_language.rs), over the
//! FaB grammar and cards.

mod common;

use common::grammar::{assert_no_one_card_phrases, grammar_phrases};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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
    let files = riftbound::kernel::files::files_with_extension(&root().join("cards/fab"), "fab").unwrap();
    for f in &files {
        let card: toml::Table = toml::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        let text = card.get("text").and_then(|t| t.as_str()).unwrap_or("").to_lowercase();
        texts.push((f.strip_prefix(root()).unwrap().display().to_string(), text));
    }
    assert_eq!(texts.len(), 53);
    let phrases = grammar_phrases(&pest);
    assert!(phrases.iter().any(|(r, p)| r == "ev_closes" && p == "the combat chain closes"), "{phrases:?}");
    let allowed: Vec<&str> = ONE_CARD_PHRASES.iter().map(|(r, _)| *r).collect();
    assert_no_one_card_phrases(&pest, &texts, &allowed);
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
