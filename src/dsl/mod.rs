//! The card language: a card's printed rules text, parsed by `grammar/card.pest` and compiled to
//! kernel data (keywords, targets, costs, trigger patterns, static abilities) plus Rhai functions
//! for what the abilities do.

pub mod cache;
pub mod codegen;
pub mod compile;
pub mod diagnostic;
pub mod load;
pub mod parser;
pub mod script_check;
pub mod suggest;

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
                "the card language does not understand this text".to_string()
            } else {
                format!("the card language does not understand `{found}`")
            };
            let mut d = origin.diagnostic(start, end, message);
            d.label = format!("expected {expected}");
            Err(d)
        }
    }
}

/// Why a card's text did not compile, as `check` and `card show` print it: with the accepted
/// wording of the same words when a small rewording parses (tried here, when shown, not at load).
pub fn explain(card: &crate::riftbound::CardDef) -> Option<Diagnostic> {
    let mut d = card.unsupported.clone()?;
    if let Some(w) = suggest::wording(&card.text) {
        d.help.push(format!("the card language accepts this wording: `{w}`"));
    }
    Some(d)
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
    describe_rule_name(&format!("{r:?}"))
}

/// What a grammar rule matches, in words a designer reads.
fn describe_rule_name(s: &str) -> String {
    match s {
        "target" | "t_one" | "t_all" | "t_up_to" | "t_any_number" | "t_me" | "t_it" => {
            "a target such as `a unit`".into()
        }
        "number" => "a number".into(),
        "instruction" | "clause" | "sentence" | "effect" => "an instruction such as `Deal 3 to a unit.`".into(),
        "keyword" | "keyword_line" => "a keyword such as `[Tank]`".into(),
        "trigger" | "event" => "a trigger such as `When you play me`".into(),
        "condition" => "a condition such as `I'm at a battlefield`".into(),
        "EOI" => "the end of the text".into(),
        "unit_adjective" | "unit_state" => "an adjective such as `friendly`, `enemy`, `other` or `stunned`".into(),
        "unit_noun" | "tag_noun" => "`unit`, `gear`, `rune` or a tag such as `Mech`".into(),
        "unit_noun_plural" | "plural_noun" | "tag_plural" => "`units`, `gear`, `runes` or a tag such as `Mechs`".into(),
        "more_nouns" => "more nouns such as `or gear`".into(),
        "unit_restriction" => "a restriction such as `at a battlefield`, `here` or `you control`".into(),
        "article" => "`a`, `an` or `another`".into(),
        "word_number" => "a number".into(),
        "energy" | "power_sym" | "resources" | "ability_cost" | "ability_costs" | "exhaust_sym" => {
            "a cost such as `[1][R]` or `[E]`".into()
        }
        "keyword_name" => "a keyword name such as `Tank` or `Assault 2`".into(),
        "might_sym" => "`[M]`".into(),
        "signed" => "a signed number such as `+2` or `-1`".into(),
        "might_equal_to" => "`+[M] equal to` an amount such as `my Might`".into(),
        "grant_part" => "a Might change such as `+2 [M]`".into(),
        "this_turn" => "`this turn`".into(),
        "activated" => "an activated ability such as `[E]: Draw 1.`".into(),
        "triggered" => "a triggered ability such as `When you play me, draw 1.`".into(),
        "static_line" | "static_body" => "a passive ability such as `I have [Tank].`".into(),
        "spell_line" | "replacement" => "an instruction such as `Deal 3 to a unit.`".into(),
        "dash_body" => "`—` and an effect".into(),
        "trigger_condition" | "trailing_condition" => "`if` and a condition".into(),
        "ability_limit" => {
            "`Use only while` and a condition (on a line of its own, `Use my abilities only while`)".into()
        }
        "timing_word" => "`[Reaction] —` or `[Action] —`".into(),
        "total_might" => "`with total Might N or less`".into(),
        // Any other rule is shown as the words it matches, read off the grammar itself, never
        // as the grammar's internal name.
        "text" | "line" => "an ability on each line".into(),
        "power_letter" => "a domain letter such as `R` or `A`".into(),
        "modal" => "`Choose one —` and its modes, one per line".into(),
        _ => match example(s, 0) {
            Some(words) if !words.trim().is_empty() && !words.contains('…') => format!("`{}`", words.trim()),
            _ => "more text here".into(),
        },
    }
}

/// The grammar the parser is generated from, to show what a rule matches.
const GRAMMAR: &str = include_str!("../../grammar/card.pest");

/// The words rule `name` matches, as an example: its first alternative, literals as written,
/// numbers as `N`, nested rules expanded a few levels deep, optional parts left out.
fn example(name: &str, depth: usize) -> Option<String> {
    let body = rule_body(name)?;
    Some(render(&body, depth))
}

/// The text between the braces of `name = { ... }` (or `@{`, `_{`, `${`), from the grammar read
/// once (diagnostics are built for every card that does not compile, at load).
fn rule_body(name: &str) -> Option<String> {
    static RULES: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static str>> =
        std::sync::OnceLock::new();
    let rules = RULES.get_or_init(|| {
        let mut out = std::collections::HashMap::new();
        let mut offset = 0;
        for line in GRAMMAR.split_inclusive('\n') {
            let here = offset;
            offset += line.len();
            // A rule starts a line: `name = {`, `name = @{`, `name = _{`.
            let Some((name, rest)) = line.split_once('=') else { continue };
            let name = name.trim();
            let opens = rest.trim_start().trim_start_matches(['@', '_', '$', '!']).starts_with('{');
            if name.is_empty() || !opens || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let open = here + line.find('{').expect("the line opens a brace");
            let (mut depth, mut in_string) = (0, false);
            for (i, c) in GRAMMAR[open..].char_indices() {
                match c {
                    '"' => in_string = !in_string,
                    '{' if !in_string => depth += 1,
                    '}' if !in_string => {
                        depth -= 1;
                        if depth == 0 {
                            out.insert(name, &GRAMMAR[open + 1..open + i]);
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    });
    rules.get(name).map(|b| b.to_string())
}

fn render(body: &str, depth: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut chars = body.chars().peekable();
    let mut paren = 0;
    // Where each open group's words begin in `out`, to drop them if the group is optional.
    let mut groups: Vec<usize> = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            // The first alternative stands for the rule, or for its group.
            '|' if paren == 0 => break,
            '|' => {
                let mut inner = 0;
                for c in chars.by_ref() {
                    match c {
                        '(' => inner += 1,
                        ')' if inner == 0 => break,
                        ')' => inner -= 1,
                        _ => {}
                    }
                }
                paren -= 1;
                let start = groups.pop().unwrap_or(out.len());
                if matches!(chars.peek(), Some('?' | '*')) {
                    chars.next();
                    out.truncate(start);
                }
            }
            '"' => {
                let lit: String = chars.by_ref().take_while(|c| *c != '"').collect();
                out.push(lit);
            }
            '(' => {
                paren += 1;
                groups.push(out.len());
            }
            ')' => {
                paren -= 1;
                let start = groups.pop().unwrap_or(out.len());
                // An optional or repeated group is left out of the example.
                if matches!(chars.peek(), Some('?' | '*')) {
                    chars.next();
                    out.truncate(start);
                }
            }
            // A negative or positive lookahead matches no text.
            '!' | '&' => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    chars.by_ref().take_while(|c| *c != '"').for_each(drop);
                }
                while chars.peek().is_some_and(|c| c.is_alphanumeric() || *c == '_') {
                    chars.next();
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut ident = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_alphanumeric() || n == '_' {
                        ident.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                if matches!(chars.peek(), Some('?' | '*')) {
                    chars.next();
                    continue;
                }
                out.push(match ident.as_str() {
                    "number" | "word_number" => "N".into(),
                    // A cost in brackets is written without spaces: `[2]`, `[R]`.
                    "energy" | "resources" => "[N]".into(),
                    "power_sym" => "[R]".into(),
                    "article" => "a".into(),
                    "NEWLINE" | "SOI" | "EOI" | "WHITESPACE" | "ASCII_ALPHANUMERIC" | "ASCII_DIGIT" => String::new(),
                    _ if depth < 3 => example(&ident, depth + 1).unwrap_or_default(),
                    _ => "…".into(),
                });
            }
            _ => {}
        }
    }
    out.into_iter().filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A diagnostic names what the grammar expected in the card's own words, never an internal
    /// rule name: every rule of the grammar has a description.
    #[test]
    fn every_rule_is_described_in_words_not_by_its_name() {
        let names: Vec<&str> = GRAMMAR
            .lines()
            .filter_map(|l| l.split_once('=').map(|(n, _)| n.trim()))
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit()))
            .collect();
        assert!(names.len() > 150, "{} rules", names.len());
        for n in names {
            let shown = describe_rule_name(n);
            assert!(!shown.contains(&format!("`{n}`")) || !n.contains('_'), "{n} is shown as {shown}");
        }
        // What a diagnostic says for any rule the parser can expect (the generated list of all
        // of them): no rule name, no pest built-in.
        let internal: Vec<String> = Rule::all_rules().iter().map(|r| format!("{r:?}")).collect();
        for r in Rule::all_rules() {
            let shown = describe_expected(&[*r]);
            for word in shown.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                let leaks = word.contains('_') && internal.iter().any(|n| n == word);
                assert!(!leaks && !["EOI", "SOI", "NEWLINE", "ASCII"].contains(&word), "{r:?} is shown as {shown}");
            }
        }
        assert_eq!(describe_rule_name("might_at_most"), "`with N [M] or less`");
        assert_eq!(describe_rule_name("token_ready"), "`ready`");
        assert_eq!(describe_rule_name("ev_play_me"), "`you play me`");
        // An optional or repeated group is left out; a cost reads as printed.
        assert_eq!(describe_rule_name("equip_line"), "`[Equip] [E]`");
        assert_eq!(describe_rule_name("repeat_line"), "`[Repeat] [N]`");
    }
}
