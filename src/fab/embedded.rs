//! The Flesh and Blood card and deck files compiled into the binary (see `build.rs`), so a fresh
//! clone plays with no paths to configure.

include!(concat!(env!("OUT_DIR"), "/fab_files.rs"));

use super::cards::{CardDef, CardType};
use std::sync::{Arc, OnceLock};

/// The token of this name among the embedded cards (10.1: "create a NAME token"), if there is
/// one whose text compiles. Read once per process.
pub fn token(name: &str) -> Option<Arc<CardDef>> {
    static TOKENS: OnceLock<Vec<Arc<CardDef>>> = OnceLock::new();
    let tokens = TOKENS.get_or_init(|| {
        let pool = super::deck::Pool::embedded().unwrap_or_else(|_| super::deck::Pool::default());
        pool.cards
            .into_iter()
            .filter(|c| c.def.card_type == CardType::Token && c.blank.is_none())
            .map(|c| Arc::new(c.def))
            .collect()
    });
    tokens.iter().find(|t| t.name.eq_ignore_ascii_case(name)).cloned()
}
