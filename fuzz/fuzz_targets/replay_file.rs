//! Any bytes as a replay file: read and played again (truncated answer logs, answers out of
//! range, decks that do not check, unknown modes), or refused; never a panic or a hang.
#![no_main]
use libfuzzer_sys::fuzz_target;
use riftbound::cli::replay::Replay;
use riftbound::riftbound::CardDb;
use std::path::Path;
use std::sync::{Arc, LazyLock};

static DB: LazyLock<Arc<CardDb>> = LazyLock::new(|| Arc::new(CardDb::embedded()));

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(r) = Replay::parse("fuzz/replay.toml", src) {
            let _ = r.check_with(Path::new("fuzz/replay.toml"), DB.clone());
        }
    }
});
