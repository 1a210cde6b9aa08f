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

/// The one-card-phrase verdict both games' tests give: every phrase of three or more words of
/// `pest` that exactly one of `texts` (file, lowercased text) says, by rule; fails naming the
/// rules not in `allowed` and the allowed rules that no longer need to be there.
pub fn assert_no_one_card_phrases(pest: &str, texts: &[(String, String)], allowed: &[&str]) {
    let mut found: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (rule, literal) in grammar_phrases(pest) {
        if literal.split_whitespace().count() < 3 {
            continue;
        }
        let needle = literal.to_lowercase();
        let cards: Vec<&str> = texts.iter().filter(|(_, t)| t.contains(&needle)).map(|(f, _)| f.as_str()).collect();
        if let [card] = cards[..] {
            found.entry(rule).or_default().push(format!("\"{literal}\" ({card})"));
        }
    }
    let new: Vec<String> = found
        .iter()
        .filter(|(r, _)| !allowed.contains(&r.as_str()))
        .map(|(r, p)| format!("{r}: {}", p.join(", ")))
        .collect();
    let folded: Vec<&&str> = allowed.iter().filter(|r| !found.contains_key(**r)).collect();
    assert!(
        new.is_empty(),
        "grammar rules whose phrase only one card says (make the phrase a production other cards can use):\n{}",
        new.join("\n")
    );
    assert!(folded.is_empty(), "no longer one-card phrases, remove them from ONE_CARD_PHRASES: {folded:?}");
}
