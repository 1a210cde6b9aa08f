//! Any bytes as a scenario file: read and run (setup, steps, expectations) against the
//! official cards, or refused with the file and line; never a panic or a hang.
#![no_main]
use libfuzzer_sys::fuzz_target;
use riftbound::riftbound::CardDb;
use riftbound::scenario::{Scenario, run};
use std::sync::{Arc, LazyLock};

static DB: LazyLock<Arc<CardDb>> = LazyLock::new(|| Arc::new(CardDb::embedded()));

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(s) = Scenario::parse("fuzz/scenario.toml", src) {
            let _ = run(&s, DB.clone());
        }
    }
});
