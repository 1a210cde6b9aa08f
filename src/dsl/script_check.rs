//! Checks of a card's `script` block, the escape hatch, beyond Rhai's syntax: every function it
//! calls exists (the host's, Rhai's standard ones, or its own), every function it defines is a
//! hook or is called (a misspelt hook would otherwise never run), the names it passes as strings
//! name something (a tag some card has, a body of this card), and no hook does again what a line
//! of the text already compiles to. A script that fails a check makes the card unsupported, as
//! text the grammar rejects does, with a diagnostic at the place in the card file.

use super::compile::SCRIPT_HOOKS;
use super::diagnostic::{Diagnostic, TextOrigin};
use crate::riftbound::abilities::{Ability, CardAbilities};
use crate::riftbound::cards::CardDef;

/// Rhai's keywords: words before a `(` that are not calls.
const KEYWORDS: [&str; 14] =
    ["if", "else", "while", "loop", "for", "in", "do", "until", "switch", "return", "throw", "try", "catch", "fn"];

/// Host functions whose first string argument is a tag.
const TAG_ARGUMENTS: [&str; 2] = ["tagged", "non"];

/// Host functions whose string argument names a body of the card (`BodyName` in the host).
const BODY_ARGUMENTS: [&str; 4] = ["delay", "reflexive", "reflexive_if_killed", "replace_next_death"];

/// A call or a definition in the script: its name, where the name starts, and its arguments as
/// written.
struct Call<'a> {
    name: &'a str,
    at: usize,
    args: Vec<&'a str>,
    defines: bool,
}

/// Checks `card`'s script block against what its text compiled to (`compiled`). Returns the
/// tags it names that no official card and not this one has, each with its diagnostic: whether
/// another loaded card has them is for `CardDb::check_script_tags` to say.
pub fn check(
    card: &CardDef,
    compiled: &CardAbilities,
    origin: &TextOrigin,
) -> Result<Vec<(String, Diagnostic)>, Diagnostic> {
    let Some(script) = &card.script else { return Ok(Vec::new()) };
    let here = TextOrigin::locate(&origin.file, &origin.source, script);
    let err = |at: usize, len: usize, message: String| here.diagnostic(at, at + len, message);
    let calls = scan(script);
    let defined: Vec<&str> = calls.iter().filter(|c| c.defines).map(|c| c.name).collect();
    let hooks: Vec<&str> = SCRIPT_HOOKS.iter().map(|(h, _)| *h).collect();
    let bodies: Vec<&str> = compiled.abilities.iter().filter_map(|a| a.body.as_deref()).collect();
    // Every line of the text compiles, so no hook implements a line: a hook of the kind of one
    // of those lines does it again.
    if every_line_compiles(card, origin) {
        let hooks_defined = calls.iter().filter(|c| c.defines && hooks.contains(&c.name));
        if let Some((c, a)) = hooks_defined.filter_map(|c| Some((c, duplicated(c.name, card, compiled)?))).next() {
            let m = format!(
                "the hook `{}` duplicates line {} (\"{}\"), which the card language compiles: remove the hook",
                c.name, a.line, a.text
            );
            return Err(err(c.at, c.name.len(), m));
        }
    }
    let mut unknown_tags = Vec::new();
    for c in &calls {
        if c.defines {
            // Called, or named as a body (`replace_next_death(me(), "d0")`).
            let called = calls
                .iter()
                .any(|o| !o.defines && (o.name == c.name || o.args.iter().any(|a| string_literal(a) == Some(c.name))));
            if !hooks.contains(&c.name) && !called {
                let hint = match closest(c.name, hooks.iter().copied()) {
                    Some(h) => format!("did you mean the hook `{h}`?"),
                    None => format!("the hooks are {}", hooks.join(", ")),
                };
                let m = format!("`fn {}` is not a hook and nothing calls it, so it never runs: {hint}", c.name);
                return Err(err(c.at, c.name.len(), m));
            }
            continue;
        }
        if !defined.contains(&c.name) && !crate::riftbound::host::function_names().contains(c.name) {
            let all = crate::riftbound::host::function_names();
            let hint = closest(c.name, all.iter().map(String::as_str).chain(defined.iter().copied()))
                .map_or_else(|| "see docs/dsl.md, Host functions".to_string(), |n| format!("did you mean `{n}`?"));
            return Err(err(c.at, c.name.len(), format!("unknown function `{}`: {hint}", c.name)));
        }
        for arg in c.args.iter().filter_map(|a| string_literal(a)) {
            if TAG_ARGUMENTS.contains(&c.name) && !known_tag(card, arg) {
                let m = format!("`{}(\"{arg}\")`: no card has the tag `{arg}`", c.name);
                unknown_tags.push((arg.to_string(), err(c.at, c.name.len(), m)));
            }
            if BODY_ARGUMENTS.contains(&c.name) && !bodies.contains(&arg) && !defined.contains(&arg) {
                let m = format!("`{}(\"{arg}\")`: this card has no body or function named `{arg}`", c.name);
                return Err(err(c.at, c.name.len(), m));
            }
        }
    }
    Ok(unknown_tags)
}

/// Whether the grammar understands every line of the card's text (with a script block, the lines
/// it does not are what the hooks implement).
fn every_line_compiles(card: &CardDef, origin: &TextOrigin) -> bool {
    card.text.lines().filter(|l| !l.trim().is_empty()).all(|l| super::parse(l, origin).is_ok())
}

/// The ability compiled from a line of the text that is of the hook's kind (the same trigger, or
/// a spell's instructions).
fn duplicated<'a>(hook: &str, card: &CardDef, compiled: &'a CardAbilities) -> Option<&'a Ability> {
    let mine = compiled.abilities.iter().find(|a| a.body.as_deref() == Some(hook))?;
    compiled
        .abilities
        .iter()
        .find(|a| a.body.as_deref() != Some(hook) && a.kind == mine.kind && card.text.contains(&a.text))
}

/// Whether some official card, or this one, has the tag.
fn known_tag(card: &CardDef, tag: &str) -> bool {
    card.tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) || official_tags().iter().any(|t| t.eq_ignore_ascii_case(tag))
}

/// The tags of the official cards, read once from their files' characteristics (`read_card`,
/// which does not compile their text, so this cannot recurse into the loader).
fn official_tags() -> &'static [String] {
    static TAGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    TAGS.get_or_init(|| {
        let mut tags: Vec<String> = crate::riftbound::embedded::CARD_FILES
            .iter()
            .filter_map(|(path, src)| crate::riftbound::cards::read_card(path, src).ok())
            .flat_map(|card| card.tags.iter().cloned().collect::<Vec<_>>())
            .collect();
        tags.sort();
        tags.dedup();
        tags
    })
}

/// The closest of `names` to `name` by spelling, if close enough to be a typo.
fn closest<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.len() / 3).clamp(1, 3);
    names
        .filter(|n| n.starts_with(|c: char| c.is_ascii_alphabetic()))
        .map(|n| (super::suggest::edit_distance(name, n), n))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, n)| n)
}

/// The text of a string literal argument (`"Mech"`), if the argument is one.
fn string_literal(arg: &str) -> Option<&str> {
    arg.trim().strip_prefix('"')?.strip_suffix('"')
}

/// The calls and definitions of a Rhai script, read as tokens: comments and strings skipped,
/// method calls (`x.len()`) left out (they are Rhai's own).
fn scan(src: &str) -> Vec<Call<'_>> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut prev: Option<&str> = None;
    let mut after_dot = false;
    while i < bytes.len() {
        let c = bytes[i];
        if src[i..].starts_with("//") {
            i += src[i..].find('\n').unwrap_or(src.len() - i);
        } else if src[i..].starts_with("/*") {
            i += src[i..].find("*/").map_or(src.len() - i, |e| e + 2);
        } else if c == b'"' || c == b'`' || c == b'\'' {
            i = skip_string(src, i);
            after_dot = false;
            prev = None;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let name = &src[start..i];
            let open = src[i..].trim_start().starts_with('(');
            if open && !after_dot && !KEYWORDS.contains(&name) {
                let args_at = i + src[i..].find('(').unwrap_or(0) + 1;
                out.push(Call { name, at: start, args: arguments(src, args_at), defines: prev == Some("fn") });
            }
            prev = Some(name);
            after_dot = false;
        } else {
            if !c.is_ascii_whitespace() {
                after_dot = c == b'.';
                prev = None;
            }
            i += 1;
        }
    }
    out
}

/// The end of the string literal starting at `i` (its closing quote included).
fn skip_string(src: &str, i: usize) -> usize {
    let quote = src.as_bytes()[i];
    let mut j = i + 1;
    while j < src.len() {
        match src.as_bytes()[j] {
            b'\\' => j += 2,
            q if q == quote => return j + 1,
            _ => j += 1,
        }
    }
    src.len()
}

/// The top-level arguments of a call whose `(` is just before `start`, as written.
fn arguments(src: &str, start: usize) -> Vec<&str> {
    let mut args = Vec::new();
    let (mut depth, mut from, mut i) = (0, start, start);
    while i < src.len() {
        match src.as_bytes()[i] {
            b'"' | b'`' | b'\'' => {
                i = skip_string(src, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => {
                let last = src[from..i].trim();
                if !last.is_empty() {
                    args.push(last);
                }
                break;
            }
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                args.push(src[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_definitions_and_string_arguments_are_read_past_comments_and_strings() {
        let src = "// a note: fake(1)\nfn on_play() {\n    let s = \"draw(\";\n    deal(2, target(0));\n    units(UNITS + tagged(\"Mech\")).len();\n}\n";
        let calls = scan(src);
        let names: Vec<(&str, bool)> = calls.iter().map(|c| (c.name, c.defines)).collect();
        assert_eq!(names, [("on_play", true), ("deal", false), ("target", false), ("units", false), ("tagged", false)]);
        assert_eq!(calls[1].args, ["2", "target(0)"]);
        assert_eq!(calls[4].args, ["\"Mech\""]);
    }
}
