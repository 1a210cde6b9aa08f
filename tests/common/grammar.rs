//! Reading a pest grammar's literal phrases, for the one-card-phrase tests of both games' card
//! languages (tests/card_language.rs, tests/fab_card_language.rs).

/// The phrases of a pest grammar (`grammar/card.pest`, `grammar/fab.pest`) by rule: each run of literals that must follow one another
/// (`"at the" ~ "end of turn"` is the one phrase "at the end of turn"), so that splitting a
/// sentence into short literals does not hide it from the one-card test. A literal that is
/// optional or repeated (`"x"?`) or only looked ahead at (`!"x"`) ends the run and stands alone.
pub fn grammar_phrases(pest: &str) -> Vec<(String, String)> {
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
                // Punctuation follows the word before it with no space, as printed.
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
