//! The card language: a card's printed rules text, parsed by `grammar/card.pest` and compiled to
//! kernel data (keywords, targets, costs, trigger patterns, static abilities) plus Rhai functions
//! for what the abilities do.

pub mod codegen;
pub mod compile;
pub mod diagnostic;
pub mod load;
pub mod parser;

pub use diagnostic::{Diagnostic, TextOrigin};
pub use load::parse_card;

use parser::{CardParser, Rule};
use pest::Parser;

/// Parses rules text. On failure, the diagnostic points at the first text the grammar could not
/// consume and says what it expected there.
pub fn parse<'a>(text: &'a str, origin: &TextOrigin) -> Result<pest::iterators::Pair<'a, Rule>, Diagnostic> {
    match CardParser::parse(Rule::text, text) {
        Ok(mut pairs) => Ok(pairs.next().expect("the text rule")),
        Err(e) => {
            let (start, end) = match e.location {
                pest::error::InputLocation::Pos(p) => (p, word_end(text, p)),
                pest::error::InputLocation::Span((s, t)) => (s, t.max(s + 1)),
            };
            let expected = match &e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. } => describe_expected(positives),
                pest::error::ErrorVariant::CustomError { message } => message.clone(),
            };
            let found: String = text[start..].chars().take_while(|c| *c != '\n').take(40).collect();
            let message = if found.is_empty() {
                format!("the card language does not understand this text: expected {expected}")
            } else {
                format!("the card language does not understand `{found}`: expected {expected}")
            };
            Err(origin.diagnostic(start, end, message))
        }
    }
}

fn word_end(text: &str, start: usize) -> usize {
    let rest = &text[start.min(text.len())..];
    start + rest.find([' ', '\n', '.', ',']).unwrap_or(rest.len()).max(1)
}

/// Human names for what the grammar expected, most useful first.
fn describe_expected(rules: &[Rule]) -> String {
    let mut names: Vec<String> = rules.iter().map(|r| rule_name(*r)).collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        return "the end of the ability".into();
    }
    let shown: Vec<String> = names.into_iter().take(6).collect();
    shown.join("; or ")
}

fn rule_name(r: Rule) -> String {
    let s = format!("{r:?}");
    match s.as_str() {
        "target" | "t_one" | "t_all" | "t_up_to" | "t_any_number" | "t_me" | "t_it" => {
            "a target such as `a unit`".into()
        }
        "number" => "a number".into(),
        "instruction" | "clause" | "sentence" | "effect" => "an instruction such as `Deal 3 to a unit.`".into(),
        "keyword" | "keyword_line" => "a keyword such as `[Tank]`".into(),
        "trigger" | "event" => "a trigger such as `When you play me`".into(),
        "condition" => "a condition such as `I'm at a battlefield`".into(),
        "EOI" => "the end of the text".into(),
        "unit_adjective" => "an adjective such as `friendly`, `enemy` or `non-Recruit`".into(),
        "unit_noun" => "`unit`, `gear` or `rune`".into(),
        "unit_noun_plural" => "`units` or `runes`".into(),
        "unit_restriction" => "a restriction such as `at a battlefield`, `here` or `you control`".into(),
        "article" => "`a`, `an` or `another`".into(),
        "word_number" => "a number".into(),
        "energy" | "power_sym" | "resources" | "ability_cost" | "ability_costs" | "exhaust_sym" => {
            "a cost such as `[1][R]` or `[E]`".into()
        }
        "keyword_name" => "a keyword name such as `Tank` or `Assault 2`".into(),
        "might_sym" => "`[M]`".into(),
        "signed" => "a signed number such as `+2` or `-1`".into(),
        "this_turn" => "`this turn`".into(),
        "activated" => "an activated ability such as `[E]: Draw 1.`".into(),
        "triggered" => "a triggered ability such as `When you play me, draw 1.`".into(),
        "static_line" | "static_body" => "a passive ability such as `I have [Tank].`".into(),
        "spell_line" | "replacement" => "an instruction such as `Deal 3 to a unit.`".into(),
        "dash_body" => "`—` and an effect".into(),
        "trigger_condition" | "trailing_condition" => "`if` and a condition".into(),
        "ability_limit" => "`Use this ability only while` and a condition".into(),
        "timing_word" => "`[Reaction] —` or `[Action] —`".into(),
        "total_might" => "`with total Might N or less`".into(),
        _ => format!("`{s}`"),
    }
}
