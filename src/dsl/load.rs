//! Card files to compiled cards: reads a card file's characteristics (`riftbound::cards`) and
//! compiles its rules text with the card language. The loaders of a [`CardDb`] live here, not
//! with the card types, because the rules do not depend on the card language.

use std::path::Path;
use std::sync::Arc;

use super::TextOrigin;
use crate::riftbound::cards::{CardDb, CardDef, FileError, RULES_TOKENS, read_card};

/// Parses one card file and compiles its text. Text the card language does not understand is
/// not an error: the card keeps the diagnostic in `unsupported` and plays without its text.
pub fn parse_card(file: &str, src: &str) -> Result<CardDef, FileError> {
    let mut card = read_card(file, src)?;
    let origin = TextOrigin::locate(file, src, &card.text);
    match super::compile::compile(&card, &origin) {
        Ok(a) => card.abilities = Arc::new(a),
        Err(d) => card.unsupported = Some(d),
    }
    Ok(card)
}

impl CardDb {
    /// Loads the card file `dir`, or every `*.toml` file under the folder `dir` (recursively,
    /// in sorted path order; see `kernel::files` for what a walk skips).
    pub fn load_dir(&mut self, dir: &Path) -> Result<usize, Vec<FileError>> {
        let files = crate::kernel::files::toml_files(dir).map_err(|e| {
            vec![FileError { file: dir.display().to_string(), line: 0, col: 0, message: e.to_string() }]
        })?;
        let mut errors = Vec::new();
        let mut n = 0;
        for f in files {
            let name = f.display().to_string();
            match crate::kernel::files::read_text(&f) {
                Ok(src) => match parse_card(&name, &src) {
                    Ok(c) => {
                        self.insert(c);
                        n += 1;
                    }
                    Err(e) => errors.push(e),
                },
                Err(e) => errors.push(FileError { file: name, line: 0, col: 0, message: e.to_string() }),
            }
        }
        if errors.is_empty() { Ok(n) } else { Err(errors) }
    }

    /// The official cards embedded in the binary, and the tokens the rules define (178).
    pub fn embedded() -> CardDb {
        let mut db = CardDb::default();
        for (path, src) in crate::riftbound::embedded::CARD_FILES {
            let card = parse_card(path, src).unwrap_or_else(|e| panic!("embedded card file is invalid: {e}"));
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
