//! Any bytes as a card file: read and compiled, or refused with a diagnostic; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        let _ = riftbound::dsl::parse_card("fuzz/card.toml", src);
    }
});
