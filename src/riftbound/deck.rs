//! Deck files and deck construction (101-103): a champion legend, a chosen champion, a main
//! deck of at least 40 cards, 12 runes and the mode's battlefields. An illegal deck is rejected
//! before the game, with every problem named.

use super::cards::{CardDb, CardIdx, CardType, Domains, FileError, Supertype, find_key};
use super::layers::Keyword;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A deck file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    name: String,
    #[serde(default)]
    product: Option<String>,
    legend: String,
    champion: String,
    battlefields: Vec<String>,
    main: toml::Table,
    runes: toml::Table,
}

/// A deck resolved against a card database.
#[derive(Clone, Debug)]
pub struct Deck {
    pub name: String,
    pub product: Option<String>,
    pub legend: CardIdx,
    pub champion: CardIdx,
    pub battlefields: Vec<CardIdx>,
    /// The main deck without the chosen champion, as (card, count) in file order.
    pub main: Vec<(CardIdx, u32)>,
    pub runes: Vec<(CardIdx, u32)>,
}

impl Deck {
    /// Parses a deck file and resolves its card names. Unknown names are all reported.
    pub fn parse(file: &str, src: &str, db: &CardDb) -> Result<Deck, Vec<FileError>> {
        let raw: DeckFile = toml::from_str(src).map_err(|e| vec![FileError::from_toml(file, src, &e)])?;
        let mut errors = Vec::new();
        let legend = resolve_name(db, file, src, "legend", &raw.legend, &mut errors);
        let champion = resolve_name(db, file, src, "champion", &raw.champion, &mut errors);
        let battlefields: Vec<_> = raw
            .battlefields
            .iter()
            .filter_map(|b| resolve_name(db, file, src, "battlefields", b, &mut errors))
            .collect();
        let main = resolve_counts(db, file, src, "main", &raw.main, &mut errors);
        let runes = resolve_counts(db, file, src, "runes", &raw.runes, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Deck {
            name: raw.name,
            product: raw.product,
            legend: legend.unwrap(),
            champion: champion.unwrap(),
            battlefields,
            main,
            runes,
        })
    }

    /// Whether a TOML source is a deck file rather than a card file: it names a `legend` and has
    /// a `[main]` table (no card file has either). A mod folder holds both kinds.
    pub fn is_deck_file(src: &str) -> bool {
        toml::from_str::<toml::Table>(src)
            .is_ok_and(|t| t.contains_key("legend") && t.get("main").is_some_and(toml::Value::is_table))
    }

    /// Main deck size including the chosen champion (103.2).
    /// Every card the deck names, once a copy kind: legend, champion, battlefields, main deck and
    /// runes.
    pub fn cards(&self) -> impl Iterator<Item = CardIdx> + '_ {
        [self.legend, self.champion]
            .into_iter()
            .chain(self.battlefields.iter().copied())
            .chain(self.main.iter().chain(&self.runes).map(|(c, _)| *c))
    }

    pub fn main_size(&self) -> u32 {
        1 + self.main.iter().map(|(_, n)| n).sum::<u32>()
    }

    /// Checks deck construction (101-103) for a mode whose decks provide `battlefields`
    /// battlefields (103.4.a; see [`super::state::Mode`]). Returns every problem found.
    pub fn validate(&self, db: &CardDb, battlefields: std::ops::RangeInclusive<usize>) -> Vec<String> {
        let mut problems = Vec::new();
        let legend = db.get(self.legend);
        let champion = db.get(self.champion);
        // 103.1: a champion legend.
        if legend.kind != CardType::Legend {
            problems.push(format!("103.1: the legend `{}` is a {:?}, not a legend", legend.name, legend.kind));
        }
        let identity: Domains = legend.domains;
        // 103.2.a.2: a champion unit sharing a champion tag with the legend.
        if !champion.is_champion_unit() {
            problems.push(format!("103.2.a.2: the chosen champion `{}` is not a champion unit", champion.name));
        } else if !champion.tags.iter().any(|t| legend.tags.contains(t)) {
            problems.push(format!(
                "103.2.a.2: the chosen champion `{}` has no champion tag of the legend `{}`",
                champion.name, legend.name
            ));
        }
        // 103.2: at least 40 main deck cards, the chosen champion included.
        if self.main_size() < 40 {
            problems.push(format!("103.2: the main deck has {} cards, it needs at least 40", self.main_size()));
        }
        let mut copies: BTreeMap<String, u32> = BTreeMap::new();
        *copies.entry(champion.name.clone()).or_default() += 1;
        let mut signatures = 0;
        for &(c, n) in &self.main {
            let def = db.get(c);
            *copies.entry(def.name.clone()).or_default() += n;
            if !def.is_main_deck_card() {
                problems.push(format!("103.2: `{}` is a {:?}, not a main deck card", def.name, def.kind));
            }
            if def.supertype == Some(Supertype::Token) {
                problems.push(format!("170: `{}` is a token and can't be in a deck", def.name));
            }
            // 103.1.b / 103.2.c: domain identity.
            if !def.domains.is_subset_of(identity) {
                problems.push(format!("103.1.b: `{}` is outside the deck's domain identity", def.name));
            }
            if def.supertype == Some(Supertype::Signature) {
                signatures += n;
                // 103.2.d.2: signature cards carry the legend's champion tag.
                if !def.tags.iter().any(|t| legend.tags.contains(t)) {
                    problems.push(format!("103.2.d.2: signature card `{}` lacks the legend's champion tag", def.name));
                }
            }
        }
        if !champion.domains.is_subset_of(identity) {
            problems.push(format!("103.1.b: the chosen champion `{}` is outside the domain identity", champion.name));
        }
        // 103.2.b: at most 3 copies of a name; [Unique] (its reminder text, 002): at most 1.
        let unique = |name: &str| {
            std::iter::once(champion)
                .chain(self.main.iter().map(|&(c, _)| db.get(c)))
                .any(|d| d.name == name && d.abilities.keywords.iter().any(|(k, _)| *k == Keyword::Unique))
        };
        for (name, n) in &copies {
            if *n > 3 {
                problems.push(format!("103.2.b: {n} copies of `{name}`, at most 3 are allowed"));
            } else if *n > 1 && unique(name) {
                problems.push(format!("[Unique]: {n} copies of `{name}`, a deck can have only 1 card with this name"));
            }
        }
        // 103.2.d.1: at most 3 signature cards.
        if signatures > 3 {
            problems.push(format!("103.2.d.1: {signatures} signature cards, at most 3 are allowed"));
        }
        // 103.3: exactly 12 runes of the domain identity.
        let runes: u32 = self.runes.iter().map(|(_, n)| n).sum();
        if runes != 12 {
            problems.push(format!("103.3.a: the rune deck has {runes} runes, it needs exactly 12"));
        }
        for &(r, _) in &self.runes {
            let def = db.get(r);
            if def.kind != CardType::Rune {
                problems.push(format!("103.3.a: `{}` in the rune deck is not a rune", def.name));
            } else if !def.domains.is_subset_of(identity) {
                problems.push(format!("103.3.a.1: rune `{}` is outside the domain identity", def.name));
            }
        }
        // 103.4 / 458.4.a: battlefields, distinct by name (103.4.c), within the identity.
        if !battlefields.contains(&self.battlefields.len()) {
            let needs = if battlefields.start() == battlefields.end() {
                battlefields.start().to_string()
            } else {
                format!("{} to {}", battlefields.start(), battlefields.end())
            };
            problems.push(format!(
                "103.4.a: the deck has {} battlefield(s), this mode needs {needs}",
                self.battlefields.len()
            ));
        }
        let mut seen = Vec::new();
        for &b in &self.battlefields {
            let def = db.get(b);
            if def.kind != CardType::Battlefield {
                problems.push(format!("103.4: `{}` is not a battlefield", def.name));
            }
            if seen.contains(&def.name) {
                problems.push(format!("103.4.c: battlefield `{}` appears more than once", def.name));
            }
            if !def.domains.is_subset_of(identity) {
                problems.push(format!("103.4.b: battlefield `{}` is outside the domain identity", def.name));
            }
            seen.push(def.name.clone());
        }
        problems
    }

    /// Loads a user's deck file and checks it against deck construction (101-103) for a mode
    /// whose decks provide `battlefields` battlefields. Every problem is returned, each as
    /// `file:line:col: problem`, at the card it is about (or the part of the file it concerns).
    pub fn load_file(
        path: &std::path::Path,
        db: &CardDb,
        battlefields: std::ops::RangeInclusive<usize>,
    ) -> Result<Deck, Vec<FileError>> {
        let file = path.display().to_string();
        let src = crate::kernel::files::read_text(path).map_err(|e| {
            vec![FileError { file: file.clone(), line: 0, col: 0, message: format!("can't read the deck file: {e}") }]
        })?;
        let deck = Deck::parse(&file, &src, db)?;
        let problems: Vec<FileError> =
            deck.validate(db, battlefields).into_iter().map(|p| problem_at(&file, &src, p)).collect();
        if problems.is_empty() { Ok(deck) } else { Err(problems) }
    }

    /// The deck as a deck file ([`Deck::parse`] reads it back to the same deck).
    pub fn to_toml(&self, db: &CardDb) -> String {
        let name = |c: CardIdx| toml::Value::String(db.get(c).name.clone()).to_string();
        let mut out = format!("name = {}\n", toml::Value::String(self.name.clone()));
        if let Some(p) = &self.product {
            out.push_str(&format!("product = {}\n", toml::Value::String(p.clone())));
        }
        out.push_str(&format!("legend = {}\nchampion = {}\n", name(self.legend), name(self.champion)));
        let bfs: Vec<String> = self.battlefields.iter().map(|b| name(*b)).collect();
        out.push_str(&format!("battlefields = [{}]\n\n[main]\n", bfs.join(", ")));
        for (c, n) in &self.main {
            out.push_str(&format!("{} = {n}\n", name(*c)));
        }
        out.push_str("\n[runes]\n");
        for (c, n) in &self.runes {
            out.push_str(&format!("{} = {n}\n", name(*c)));
        }
        out
    }

    /// The embedded deck files, parsed against `db` on every core, in file order.
    pub fn embedded(db: &CardDb) -> Vec<(String, Deck)> {
        use rayon::prelude::*;
        super::embedded::DECK_FILES
            .par_iter()
            .map(|(path, src)| {
                let key = path.rsplit('/').next().unwrap().trim_end_matches(".toml").to_string();
                let deck =
                    Deck::parse(path, src, db).unwrap_or_else(|e| panic!("embedded deck {path} is invalid: {e:?}"));
                (key, deck)
            })
            .collect()
    }
}

/// Places a construction problem in the deck file: at the first card it names (in backticks),
/// else at the section its rule is about.
fn problem_at(file: &str, src: &str, problem: String) -> FileError {
    let card = problem.split('`').nth(1).and_then(|name| src.find(&format!("\"{name}\"")));
    let section = match problem.split(':').next().unwrap_or("") {
        r if r.starts_with("103.1") && !r.starts_with("103.1.b") => find_key(src, "legend"),
        r if r.starts_with("103.3") => src.find("[runes]"),
        r if r.starts_with("103.4") => find_key(src, "battlefields"),
        _ => src.find("[main]"),
    };
    FileError::at(file, src, card.or(section).unwrap_or(0), problem)
}

/// Resolves a card name, reporting an unknown one at its place in the file.
fn resolve_name(
    db: &CardDb,
    file: &str,
    src: &str,
    key: &str,
    name: &str,
    errors: &mut Vec<FileError>,
) -> Option<CardIdx> {
    let found = db.lookup(name);
    if found.is_none() {
        let offset = src.find(&format!("\"{name}\"")).or_else(|| find_key(src, key)).unwrap_or(0);
        errors.push(FileError::at(file, src, offset, format!("unknown card `{name}`")));
    }
    found
}

/// Resolves a `"Card name" = count` table.
fn resolve_counts(
    db: &CardDb,
    file: &str,
    src: &str,
    key: &str,
    table: &toml::Table,
    errors: &mut Vec<FileError>,
) -> Vec<(CardIdx, u32)> {
    let mut out = Vec::new();
    for (name, v) in table {
        let Some(n) = v.as_integer().filter(|n| (1..=1000).contains(n)) else {
            let offset = src.find(&format!("\"{name}\"")).or_else(|| find_key(src, key)).unwrap_or(0);
            errors.push(FileError::at(file, src, offset, format!("`{name}`: expected a count from 1 to 1000")));
            continue;
        };
        if let Some(c) = resolve_name(db, file, src, key, name, errors) {
            out.push((c, n as u32));
        }
    }
    out
}
