//! `riftbound check` and `riftbound card show`: compiling card files and showing what a card
//! compiled to, for designers and modders.

use crate::dsl::parse_card;
use crate::riftbound::CardDb;
use crate::riftbound::cards::{CardDef, FileError};
use std::path::PathBuf;

/// Outcome of checking card files.
#[derive(Debug, Default)]
pub struct CheckReport {
    pub cards: usize,
    pub compiled: usize,
    /// Compiled cards that needed a `script` block (the escape hatch: keep it rare).
    pub scripted: usize,
    /// Rendered diagnostics, one per failing card or file.
    pub diagnostics: Vec<String>,
    /// Cards that take the name of an official card (or of one checked before them): not a
    /// failure, but the name then finds the new card.
    pub warnings: Vec<String>,
    /// Diagnostics in colour (stderr is a terminal).
    pub color: bool,
}

impl CheckReport {
    pub fn failed(&self) -> usize {
        self.diagnostics.len()
    }
}

/// The Rhai a card's text compiled to (and its `script` block) compiles: the last step of
/// "implemented", after the text itself compiled.
fn rhai_compiles(card: &CardDef) -> Result<(), String> {
    if card.abilities.script.is_empty() {
        Ok(())
    } else {
        crate::riftbound::host::compile(&card.abilities.script).map(|_| ())
    }
}

/// Checks one parsed card (from its file's source `src`): its text compiled, and the Rhai it
/// compiled to compiles.
fn check_card(card: &CardDef, src: &str, report: &mut CheckReport) {
    report.cards += 1;
    if let Some(d) = crate::dsl::explain(card) {
        report.diagnostics.push(d.render(report.color));
        return;
    }
    if let Err(e) = rhai_compiles(card) {
        let d = script_error(card, src, &e, report.color).unwrap_or_else(|| {
            format!("error: {}: the compiled Rhai does not compile: {e}\n  --> {}", card.name, card.file)
        });
        report.diagnostics.push(d);
        return;
    }
    report.compiled += 1;
    if card.script.is_some() {
        report.scripted += 1;
    }
}

/// Checks card files and directories; with no paths, the embedded official cards.
pub fn check(paths: &[PathBuf], color: bool) -> CheckReport {
    let mut report = CheckReport { color, ..CheckReport::default() };
    if paths.is_empty() {
        for (path, src) in crate::riftbound::embedded::CARD_FILES {
            match parse_card(path, src) {
                Ok(card) => check_card(&card, src, &mut report),
                Err(e) => report.diagnostics.push(file_error(&e, src, color)),
            }
        }
        return report;
    }
    // A file named on the command line is checked whatever its name; in a folder, only `*.toml`
    // files are cards (as `--cards` loads them), so notes beside the cards are not reported.
    // Names are compared with the official cards and the cards checked before, as `--cards`
    // loads them; deck files beside the cards are not cards.
    let mut db = CardDb::embedded();
    let mut files = Vec::new();
    for p in paths {
        match crate::kernel::files::toml_files(p) {
            Ok(found) => files.extend(found),
            Err(e) => report.diagnostics.push(format!("error: {}: {e}", p.display())),
        }
    }
    // Every card is loaded before any is checked: a script may name a tag another card has.
    let mut checked = Vec::new();
    for f in files {
        let name = f.display().to_string();
        match crate::kernel::files::read_text(&f) {
            Ok(src) if crate::riftbound::Deck::is_deck_file(&src) => {}
            Ok(src) => match parse_card(&name, &src) {
                Ok(card) => {
                    report.warnings.extend(db.name_collision(&card));
                    let idx = db.insert(card);
                    db.claim_name(idx);
                    checked.push((idx, src));
                }
                Err(e) => {
                    report.cards += 1;
                    report.diagnostics.push(file_error(&e, &src, color));
                }
            },
            Err(e) => report.diagnostics.push(format!("error: {name}: {e}")),
        }
    }
    db.check_script_tags();
    for (idx, src) in checked {
        check_card(db.get(idx), &src, &mut report);
    }
    report
}

/// A Rhai error inside a card's `script` block, pointed at its line and column in the card file
/// (Rhai's own position counts lines of the whole compiled script).
fn script_error(card: &CardDef, src: &str, message: &str, color: bool) -> Option<String> {
    let script = card.script.as_ref()?;
    // Rhai ends a parse error with "(line L, position P)".
    let at = message.rfind("(line ")?;
    let (l, p) = message[at + 6..].trim_end().trim_end_matches(')').split_once(", position ")?;
    let (l, p): (usize, usize) = (l.trim().parse().ok()?, p.trim().parse().ok()?);
    let marker = format!("// {}: script block\n", card.name);
    let before = card.abilities.script.find(&marker)?;
    // The block's first line in the compiled Rhai (1-based), and the error's line within it.
    let first = card.abilities.script[..before].matches('\n').count() + 2;
    let k = l.checked_sub(first)?;
    let line_start: usize = script.split_inclusive('\n').take(k).map(str::len).sum();
    let line = script.get(line_start..)?.lines().next().unwrap_or("");
    let col = line.char_indices().nth(p.saturating_sub(1)).map_or(line.len(), |(i, _)| i);
    let origin = crate::dsl::TextOrigin::locate(&card.file, src, script);
    let what = message[..at].trim_end();
    let start = line_start + col;
    Some(origin.diagnostic(start, start + 1, format!("the script block does not compile: {what}")).render(color))
}

/// How `check` prints a card file that could not be read as a card (not TOML, an unknown field,
/// a bad value): at its line of the file `src`, the word there underlined.
pub fn file_error(e: &FileError, src: &str, color: bool) -> String {
    let source_line = src.lines().nth(e.line.saturating_sub(1)).unwrap_or("").to_string();
    let word = source_line.chars().skip(e.col.saturating_sub(1)).take_while(|c| !c.is_whitespace()).count();
    let d = crate::kernel::Diagnostic {
        file: e.file.clone(),
        line: e.line.max(1),
        col: e.col.max(1),
        len: word.max(1),
        source_line,
        message: e.message.clone(),
        label: String::new(),
        help: Vec::new(),
    };
    d.render(color)
}

/// What `card show` prints: the card, its parsed structure and its Rhai.
pub fn show(db: &CardDb, name: &str) -> Result<String, String> {
    let idx = db.lookup(name).ok_or_else(|| format!("no card named `{name}`"))?;
    let c = db.get(idx);
    let mut out = String::new();
    out.push_str(&format!("{} ({}, {})\n", c.name, c.id, c.file));
    out.push_str(&format!(
        "{:?}{} {:?}",
        c.kind,
        c.supertype.map(|s| format!(" {s:?}")).unwrap_or_default(),
        c.domains.iter().collect::<Vec<_>>()
    ));
    if c.is_main_deck_card() {
        out.push_str(&format!(", cost {}", crate::riftbound::costs::Cost { energy: c.energy, power: c.power.clone() }));
    }
    if c.kind == crate::riftbound::CardType::Unit {
        out.push_str(&format!(", {} might", c.might));
    }
    out.push_str(&format!(", tags {:?}\n\ntext:\n{}\n", c.tags, c.text));
    if let Some(d) = crate::dsl::explain(c) {
        out.push_str(&format!("\nnot supported yet (the card plays without its text):\n{d}\n"));
        return Ok(out);
    }
    out.push_str("\nkeywords:");
    if c.abilities.keywords.is_empty() {
        out.push_str(" none");
    }
    for (k, v) in &c.abilities.keywords {
        out.push_str(&format!(" {k:?}{}", if *v > 0 { format!(" {v}") } else { String::new() }));
    }
    out.push_str("\n\nabilities:\n");
    for (i, a) in c.abilities.abilities.iter().enumerate() {
        out.push_str(&format!("  {i}. line {}: {}\n     {:?}\n", a.line, a.text, a.kind));
        for (i, t) in a.targets.iter().enumerate() {
            out.push_str(&format!("     target {i}: {t}\n"));
        }
        if let Some(b) = &a.body {
            let does = crate::riftbound::abilities::text::Instructions(&a.effects);
            let data = serde_json::to_string(&a.effects).unwrap_or_default();
            out.push_str(&format!("     does: {does}\n     data: {data}\n     body: fn {b}()\n"));
        }
    }
    out.push_str(&format!("\nrhai:\n{}", if c.abilities.script.is_empty() { "(none)\n" } else { &c.abilities.script }));
    Ok(out)
}

/// How far the card pool is implemented: per set, and per default deck.
pub fn coverage_markdown(db: &CardDb) -> String {
    use crate::riftbound::Deck;
    use std::collections::BTreeMap;
    /// (cards, implemented, with a script block, not yet).
    #[derive(Default)]
    struct Tally(usize, usize, usize, Vec<String>);
    impl Tally {
        fn add(&mut self, c: &CardDef) {
            self.0 += 1;
            // Implemented as `check` counts it.
            if c.unsupported.is_none() && rhai_compiles(c).is_ok() {
                self.1 += 1;
                self.2 += c.script.is_some() as usize;
            } else {
                self.3.push(c.name.clone());
            }
        }
        fn row(&self, label: &str) -> String {
            format!("| {label} | {} | {} | {} | {} |\n", self.0, self.1, self.2, self.3.len())
        }
    }
    let mut sets: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    for (_, c) in db.iter().filter(|(_, c)| c.file.starts_with("cards/")) {
        sets.entry(c.set.as_str()).or_default().add(c);
        total.add(c);
    }
    let mut out = String::from("# Card coverage\n\n");
    out.push_str("Made by `cargo run -- card coverage > docs/card-coverage.md`; a test keeps it current.\n");
    out.push_str("A card is implemented when its rules text (official errata applied) compiles in the card\n");
    out.push_str("language; a card without rules text (a vanilla unit, a basic rune) is implemented as it is.\n");
    out.push_str("A card that is not implemented yet plays without its text, and `sim` says so.\n\n");
    out.push_str(
        "## Per set\n\n| set | cards | implemented | with a `script` block | not yet |\n|---|---|---|---|---|\n",
    );
    for (set, t) in &sets {
        out.push_str(&t.row(set));
    }
    out.push_str(&total.row("all"));
    out.push_str("\n## The default decks\n\n");
    out.push_str("The 13 bundled precons `sim` plays when no deck is named; each card\n");
    out.push_str("counted once per deck, the chosen champion, legend, battlefields and runes included.\n\n");
    out.push_str("| deck | distinct cards | implemented | with a `script` block | not yet |\n|---|---|---|---|---|\n");
    let decks = Deck::embedded(db);
    let mut all = BTreeMap::new();
    for key in super::DEFAULT_DECKS {
        let Some((_, d)) = decks.iter().find(|(k, _)| k == key) else { continue };
        let cards: std::collections::BTreeSet<_> = [d.legend, d.champion]
            .into_iter()
            .chain(d.battlefields.iter().copied())
            .chain(d.main.iter().chain(&d.runes).map(|(c, _)| *c))
            .collect();
        let mut t = Tally::default();
        for &c in &cards {
            t.add(db.get(c));
            all.insert(db.get(c).name.clone(), c);
        }
        out.push_str(&t.row(&format!("{} ({key})", d.name)));
    }
    let mut union = Tally::default();
    for &c in all.values() {
        union.add(db.get(c));
    }
    out.push_str(&union.row("all 13"));
    if !union.3.is_empty() {
        out.push_str(&format!("\nNot yet implemented in the default decks: {}.\n", union.3.join(", ")));
    }
    // SFD-136, SFD-718.4: the card data lacks an Equipment's effect text and Might bonus; those
    // added by hand are listed in cards/README.md, the others are not guessed.
    let incomplete: Vec<String> = db
        .iter()
        .filter(|(_, c)| c.file.starts_with("cards/") && c.might_bonus.is_none())
        .filter(|(_, c)| c.tags.iter().any(|t| t.eq_ignore_ascii_case(crate::riftbound::attachment::EQUIPMENT)))
        .map(|(_, c)| format!("{} {}", c.id, c.name))
        .collect();
    if !incomplete.is_empty() {
        out.push_str("\n## Incomplete Equipment\n\n");
        out.push_str(
            "The card data has no effect text nor Might bonus for these Equipment (cards/README.md says where\n",
        );
        out.push_str("the ones filled in came from); attached, they give neither until their files have them:\n");
        out.push_str(&format!("{}.\n", incomplete.join(", ")));
    }
    out
}
