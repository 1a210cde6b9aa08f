//! Whole games with a mutated card: the fuzzer's text replaces the rules text of a unit the
//! Jinx precon plays three copies of, and a seeded game between random agents on that deck runs
//! to its end (a win, the turn cap, a stall, or a script error naming the card). Never a panic,
//! and the invariants hold after every step.
#![no_main]
use libfuzzer_sys::fuzz_target;
use riftbound::agents::RandomAgent;
use riftbound::riftbound::{CardDb, Deck, Game, Mode};
use std::sync::{Arc, LazyLock};

/// The deck both seats play, and the unit whose text the fuzzer writes.
const DECK: &str = "jinx";
const VICTIM: &str = "Chemtech Enforcer";

static DB: LazyLock<CardDb> = LazyLock::new(CardDb::embedded);
static DECK_LIST: LazyLock<Deck> =
    LazyLock::new(|| Deck::embedded(&DB).into_iter().find(|(n, _)| n == DECK).expect("the embedded deck").1);

fuzz_target!(|data: &[u8]| {
    let Some((&seed, text)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let quoted = toml::Value::String(text.to_string()).to_string();
    let src = format!(
        "id = \"FUZZ-1\"\nname = \"Fuzz\"\ntype = \"unit\"\nenergy = 2\nmight = 2\nset = \"FUZZ\"\nnumber = 1\ntext = {quoted}\n"
    );
    let Ok(compiled) = riftbound::dsl::parse_card("fuzz/card.toml", &src) else { return };
    let mut db = DB.clone();
    let mut victim = db.get(db.lookup(VICTIM).expect("the victim card")).clone();
    victim.text = compiled.text;
    victim.abilities = compiled.abilities;
    victim.unsupported = compiled.unsupported;
    db.insert(victim);
    let seed = u64::from(seed);
    let deck = DECK_LIST.clone();
    let Ok(mut g) = Game::with_mode(Arc::new(db), &[deck.clone(), deck], seed, Mode::casual_duel(), false) else {
        return;
    };
    g.turn_cap = 30;
    g.step_cap = 2_000;
    g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed ^ 1))]);
    while let Ok(false) = g.step() {
        let broken = g.invariant_violations();
        assert!(broken.is_empty(), "invariants broken in turn {}: {}", g.turn, broken.join("; "));
    }
});
