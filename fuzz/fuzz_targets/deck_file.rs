//! Any bytes as a deck file, checked against the official cards: a deck or the list of what is
//! wrong with it (file and line); never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use riftbound::riftbound::{CardDb, Deck};
use std::sync::LazyLock;

static DB: LazyLock<CardDb> = LazyLock::new(CardDb::embedded);

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(deck) = Deck::parse("fuzz/deck.toml", src, &DB) {
            let _ = deck.validate(&DB, 1..=3);
        }
    }
});
