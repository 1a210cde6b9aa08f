//! Suggestions for rules text the grammar rejects: the accepted wording of the same words. The
//! grammar is the judge: each candidate rewording of the failing line (a misspelt word put right,
//! a common synonym, a phrase moved elsewhere in its sentence) is parsed, and the first that
//! parses is suggested. Nothing here knows a card; it is computed only when a diagnostic is shown
//! (`check`, `card show`), since trying rewordings costs a few hundred parses.

use super::parser::{CardParser, Rule};
use pest::Parser;

/// Word-level synonyms of the game's wording: (what a designer may write, what the cards say).
/// Language, not cards: each holds for any sentence it appears in.
const SYNONYMS: [(&str, &str); 9] = [
    ("damage", ""),
    ("Might", "[M]"),
    ("cannot", "can't"),
    ("can not", "can't"),
    ("do not", "don't"),
    ("does not", "doesn't"),
    ("an opponent's", "an enemy"),
    ("a unit you control", "a friendly unit"),
    ("units you control", "friendly units"),
];

/// The longest phrase moved as one piece.
const MAX_MOVE: usize = 4;

/// The accepted wording of the line of `text` the grammar stops in, if a small rewording of it
/// parses: "write `...` instead".
pub fn wording(text: &str) -> Option<String> {
    let at = match CardParser::parse(Rule::text, text) {
        Ok(_) => return None,
        Err(e) => match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        },
    };
    let line_start = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[line_start..].find('\n').map_or(text.len(), |i| line_start + i);
    let line = &text[line_start..line_end];
    // Reminder text is not read by the grammar: rewording stops where it starts.
    let tokens: Vec<Token> = tokenize(line).into_iter().take_while(|t| !t.text.starts_with('(')).collect();
    let rest = tokens.last().map_or(line, |t| &line[t.end..]);
    // The token the parser stopped in (the first one ending past the error).
    let stuck = tokens.iter().position(|t| t.end > at - line_start).unwrap_or(tokens.len().saturating_sub(1));
    let words: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    candidates(&words, stuck).map(|c| c + rest).find(|c| parses(c) && c != line)
}

/// A word or a punctuation mark of a line, and where it ends in the line.
struct Token<'a> {
    text: &'a str,
    end: usize,
}

/// Splits a line into words, with a sentence's closing `.`, `,`, `:` or `;` a token of its own so
/// a phrase can move before or after it.
fn tokenize(line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for word in line.split(' ') {
        let start = offset;
        offset += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        let body = word.trim_end_matches(['.', ',', ':', ';']);
        if !body.is_empty() {
            out.push(Token { text: body, end: start + body.len() });
        }
        if body.len() < word.len() {
            out.push(Token { text: &word[body.len()..], end: start + word.len() });
        }
    }
    out
}

/// Joins tokens back into a line: a space between words, none before punctuation.
fn join(words: &[&str]) -> String {
    let mut out = String::new();
    for w in words.iter().filter(|w| !w.is_empty()) {
        if !out.is_empty() && !w.starts_with(['.', ',', ':', ';']) {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

fn parses(line: &str) -> bool {
    CardParser::parse(Rule::text, line).is_ok()
}

/// Rewordings of a line, fewest changes first: the stuck word spelt as a grammar word, then a
/// synonym, then a phrase next to the stuck word moved elsewhere in its sentence.
fn candidates<'a>(words: &'a [&'a str], stuck: usize) -> impl Iterator<Item = String> + 'a {
    let respelt = words.get(stuck).into_iter().flat_map(move |w| {
        close_words(w).into_iter().map(move |fixed| {
            // The case of the word it replaces: "Stnu" is "Stun" at the start of a sentence.
            let fixed = match w.chars().find(|c| c.is_alphabetic()) {
                Some(c) if c.is_uppercase() => fixed[..1].to_uppercase() + &fixed[1..],
                _ => fixed.to_string(),
            };
            let mut v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            v[stuck] = fixed;
            join(&v.iter().map(String::as_str).collect::<Vec<_>>())
        })
    });
    let line = join(words);
    let synonyms = SYNONYMS.iter().filter_map(move |(from, to)| {
        let replaced = replace_words(&line, from, to);
        (replaced != line).then_some(replaced)
    });
    respelt.chain(synonyms).chain(moves(words, stuck))
}

/// Every move of a phrase of 1 to [`MAX_MOVE`] tokens that starts at the stuck token or ends just
/// before it, to another place in the same sentence, shortest phrases first.
fn moves<'a>(words: &'a [&'a str], stuck: usize) -> impl Iterator<Item = String> + 'a {
    let end_of = |w: &&str| matches!(*w, "." | ":" | ";");
    let first = words[..stuck.min(words.len())].iter().rposition(end_of).map_or(0, |i| i + 1);
    let last = words[stuck.min(words.len())..].iter().position(end_of).map_or(words.len(), |i| stuck + i);
    (1..=MAX_MOVE).flat_map(move |len| {
        let phrases = [(stuck, stuck + len), (stuck.saturating_sub(len), stuck)];
        phrases.into_iter().filter(move |&(s, e)| s < e && s >= first && e <= last).flat_map(move |(s, e)| {
            (first..=last).filter(move |&to| to < s || to > e).map(move |to| {
                let phrase = &words[s..e];
                let mut rest: Vec<&str> = words[..s].iter().chain(&words[e..]).copied().collect();
                let to = if to > e { to - (e - s) } else { to };
                rest.splice(to..to, phrase.iter().copied());
                join(&rest)
            })
        })
    })
}

/// Replaces whole words `from` (a word or a phrase) by `to` in a line.
fn replace_words(line: &str, from: &str, to: &str) -> String {
    let padded = format!(" {line} ");
    let mut out = padded.clone();
    for end in [" ", ".", ","] {
        out = out.replace(&format!(" {from}{end}"), &format!(" {to}{end}"));
    }
    if out == padded { line.to_string() } else { join(&out.split(' ').collect::<Vec<_>>()) }
}

/// The words of the grammar's phrases one or two edits away from `word`, in lower case.
fn close_words(word: &str) -> Vec<&'static str> {
    let limit = if word.chars().count() >= 5 { 2 } else { 1 };
    let mut found: Vec<(usize, &'static str)> = grammar_words()
        .iter()
        .map(|g| (edit_distance(&word.to_lowercase(), g), g.as_str()))
        .filter(|(d, g)| *d > 0 && *d <= limit && g.chars().next().is_some_and(char::is_alphabetic))
        .collect();
    found.sort();
    found.into_iter().map(|(_, g)| g).collect()
}

/// Every word of every string literal of the grammar, once, in lower case.
fn grammar_words() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let grammar = include_str!("../../grammar/card.pest");
        let mut words: Vec<String> = grammar
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| l.split('"').skip(1).step_by(2))
            .flat_map(|lit| lit.split(' '))
            .map(|w| w.trim_matches(['.', ',', ':', ';']))
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        words.sort();
        words.dedup();
        words
    })
}

/// Edit distance over characters, a swap of two neighbours counting as one edit (`unti`).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for j in 0..=b.len() {
        d[0][j] = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j - 1] + cost).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_word_is_put_right_from_the_grammar_words() {
        assert_eq!(
            wording("Deal 2 to a unti at a battlefield.").as_deref(),
            Some("Deal 2 to a unit at a battlefield.")
        );
    }

    #[test]
    fn a_synonym_is_replaced_by_the_cards_wording() {
        assert!(!parses("Give a unit +2 Might this turn."));
        assert_eq!(wording("Give a unit +2 Might this turn.").as_deref(), Some("Give a unit +2 [M] this turn."));
    }

    #[test]
    fn a_phrase_in_another_place_is_moved_to_where_the_grammar_takes_it() {
        assert_eq!(wording("Draw 1 this turn.").as_deref(), None, "no rewording of these words parses");
        assert_eq!(wording("Give a unit this turn +2 [M].").as_deref(), Some("Give a unit +2 [M] this turn."));
    }

    #[test]
    fn text_that_parses_needs_no_suggestion() {
        assert!(parses("Deal 3 to a unit."));
        assert_eq!(wording("Deal 3 to a unit."), None);
    }
}
