//! Card files to compiled cards: reads a card file's characteristics (`riftbound::cards`) and
//! compiles its rules text with the card language. The loaders of a [`CardDb`] live here, not
//! with the card types, because the rules do not depend on the card language.

use std::path::Path;

use rayon::prelude::*;
use std::sync::Arc;

use super::TextOrigin;
use crate::riftbound::cards::{CardDb, CardDef, CardIdx, FileError, RULES_TOKENS, read_card};

/// Parses one card file and compiles its text. Text the card language does not understand is
/// not an error: the card keeps the diagnostic in `unsupported` and plays without its text.
pub fn parse_card(file: &str, src: &str) -> Result<CardDef, FileError> {
    let mut card = read_card(file, src)?;
    let origin = TextOrigin::locate(file, src, &card.text);
    let compiled = super::compile::compile(&card, &origin)
        .and_then(|a| super::script_check::check(&card, &a, &origin).map(|tags| (a, tags)));
    match compiled {
        Ok((a, tags)) => {
            card.abilities = Arc::new(a);
            card.script_tags = tags;
        }
        Err(d) => card.unsupported = Some(d),
    }
    Ok(card)
}

/// What a mod folder holds besides the cards it added.
#[derive(Debug, Default)]
pub struct ModFolder {
    pub cards: usize,
    /// Its deck files (a `legend` and a `[main]` table), as (key, path): `--decks KEY` names one
    /// by its file name without `.toml`, as the embedded decks are named.
    pub decks: Vec<(String, std::path::PathBuf)>,
    /// A card that took the name of a card loaded before it, naming both files.
    pub warnings: Vec<String>,
}

impl CardDb {
    /// Loads the card file `dir`, or every `*.toml` file under the folder `dir` (recursively,
    /// in sorted path order; see `kernel::files` for what a walk skips). Deck files are not
    /// cards: they are listed in [`ModFolder::decks`]. A card whose id is already loaded replaces
    /// that card; a card with a new id and the name of one already loaded takes the name (the mod
    /// wins), with a warning.
    pub fn load_dir(&mut self, dir: &Path) -> Result<ModFolder, Vec<FileError>> {
        let files = crate::kernel::files::toml_files(dir).map_err(|e| {
            vec![FileError { file: dir.display().to_string(), line: 0, col: 0, message: e.to_string() }]
        })?;
        let mut errors = Vec::new();
        let mut folder = ModFolder::default();
        // Read in path order; compile on every core (each card on its own); then add the cards in
        // path order, so the pool is the same however many cores ran.
        let mut sources = Vec::new();
        for f in files {
            let name = f.display().to_string();
            match crate::kernel::files::read_text(&f) {
                Ok(src) if crate::riftbound::Deck::is_deck_file(&src) => {
                    let key = f.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
                    folder.decks.push((key, f));
                }
                Ok(src) => sources.push((name, Ok(src))),
                Err(e) => {
                    sources.push((name.clone(), Err(FileError { file: name, line: 0, col: 0, message: e.to_string() })))
                }
            }
        }
        let parsed: Vec<_> =
            sources.into_par_iter().map(|(name, src)| src.and_then(|src| parse_card(&name, &src))).collect();
        for card in parsed {
            match card {
                Ok(c) => {
                    let collision = self.name_collision(&c);
                    let idx = self.insert(c);
                    if let Some(w) = collision {
                        self.claim_name(idx);
                        folder.warnings.push(w);
                    }
                    folder.cards += 1;
                }
                Err(e) => errors.push(e),
            }
        }
        self.check_script_tags();
        if errors.is_empty() { Ok(folder) } else { Err(errors) }
    }

    /// A script that names a tag no loaded card has makes its card unsupported, with the
    /// diagnostic `parse_card` prepared (the tag is most likely misspelt). Run once the cards
    /// that may have the tag are loaded: a mod's cards can name each other's tags.
    pub fn check_script_tags(&mut self) {
        let pending: Vec<CardIdx> =
            self.iter().filter(|(_, c)| !c.script_tags.is_empty() && c.unsupported.is_none()).map(|(i, _)| i).collect();
        for idx in pending {
            let card = self.get(idx);
            let missing = card
                .script_tags
                .iter()
                .find(|(tag, _)| !self.iter().any(|(_, c)| c.tags.iter().any(|t| t.eq_ignore_ascii_case(tag))))
                .map(|(_, d)| d.clone());
            if let Some(d) = missing {
                self.get_mut(idx).unsupported = Some(d);
            }
        }
    }

    /// The warning for a card with a new id and the name of a card already here, naming both
    /// files and which one the name finds from now on.
    pub fn name_collision(&self, card: &CardDef) -> Option<String> {
        let old = self.get(self.named(&card.name)?);
        if old.id.eq_ignore_ascii_case(&card.id) {
            return None;
        }
        Some(format!(
            "{} ({}) has the name of {} ({}), `{}`: decks and `card show` now find the card of {} by that name; the other stays playable by its id {}",
            card.file, card.id, old.file, old.id, card.name, card.file, old.id
        ))
    }

    /// The official cards embedded in the binary, and the tokens the rules define (178): from the
    /// compiled-card cache when it holds this build's cards (`dsl::cache`), else compiled (and
    /// then stored there).
    pub fn embedded() -> CardDb {
        let file = super::cache::dir().map(|d| super::cache::file_in(&d));
        if let Some(db) = file.as_deref().and_then(super::cache::read) {
            return db;
        }
        let db = CardDb::compile_embedded();
        if let Some(file) = file {
            super::cache::write(&file, &db);
        }
        db
    }

    /// The embedded cards compiled from their text, on every core (each card compiles on its
    /// own; they join the pool in file order, so the pool is the same however many cores ran).
    pub fn compile_embedded() -> CardDb {
        let cards: Vec<CardDef> = crate::riftbound::embedded::CARD_FILES
            .par_iter()
            .map(|(path, src)| parse_card(path, src).unwrap_or_else(|e| panic!("embedded card file is invalid: {e}")))
            .collect();
        let mut db = CardDb::default();
        for card in cards {
            db.insert(card);
        }
        db.add_rules_tokens();
        db
    }

    /// 178.1-178.2: the tokens the Core Rules define, under fixed ids.
    pub fn add_rules_tokens(&mut self) {
        for (path, src) in RULES_TOKENS {
            self.insert(parse_card(path, src).expect("rules tokens are valid"));
        }
    }
}
