//! Any text as the rules text of a well-formed unit card: the grammar and the compiler either
//! compile it (to Rhai the sandbox accepts) or say where they stopped; never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use riftbound::riftbound::host;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let quoted = toml::Value::String(text.to_string()).to_string();
    let src = format!(
        "id = \"FUZZ-1\"\nname = \"Fuzz\"\ntype = \"unit\"\nenergy = 2\nmight = 2\nset = \"FUZZ\"\nnumber = 1\ntext = {quoted}\n"
    );
    let Ok(card) = riftbound::dsl::parse_card("fuzz/card.toml", &src) else { return };
    if card.unsupported.is_none() {
        assert!(host::compile(&card.abilities.script).is_ok(), "compiled text whose Rhai does not compile: {text:?}");
    }
});
