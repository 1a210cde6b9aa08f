//! The escape hatch: a card's `script` block implements what the grammar cannot say, through
//! named hooks; text lines the grammar does understand still compile as usual.

use riftbound::agents::Scripted;
use riftbound::dsl::parse_card;
use riftbound::riftbound::cards::{CardDb, CardDef};
use riftbound::riftbound::{Choice, Game, Zone};
use std::sync::Arc;

mod common;
use common::board::{P1, QUIET_BFS, seat};

const ODD: &str = r#"id = "MOD-001"
name = "Odd Scholar"
type = "unit"
might = 2
energy = 0
set = "MOD"
number = 1
text = """
[Tank]
When you play me, consult the stars and draw two."""
script = """
fn on_play() {
    draw(you(), 2);
}
"""
"#;

/// A blank board on the embedded cards plus `card`, with scripted agents seated; P1's is returned.
fn game_with(card: CardDef) -> (Game, Scripted) {
    let mut db = CardDb::embedded();
    riftbound::scenario::add_blank_battlefields(&mut db);
    db.insert(card);
    let mut g = Game::blank(Arc::new(db), &QUIET_BFS, 1).unwrap();
    let (a, _b) = seat(&mut g, Scripted::new(), Scripted::new());
    (g, a)
}

#[test]
fn script_hook_implements_the_line_the_grammar_cannot_say() {
    let card = parse_card("odd.toml", ODD).unwrap();
    assert!(card.unsupported.is_none(), "{:?}", card.unsupported);
    assert!(card.abilities.has_keyword(riftbound::riftbound::layers::Keyword::Tank), "the [Tank] line still compiles");
    assert!(card.abilities.script.contains("fn on_play()"));
    let (mut g, a) = game_with(card);
    let c = g.put("Odd Scholar", P1, Zone::Hand).unwrap();
    for _ in 0..3 {
        g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    }
    a.push(Choice::Play(c));
    g.step().unwrap(); // played; the play trigger goes on the chain
    while !g.chain.is_empty() {
        g.step().unwrap(); // passes (single options are taken without asking)
    }
    assert_eq!(g.player(P1).hand.len(), 2, "the script's on_play drew 2");
}

#[test]
fn without_a_script_the_same_text_is_a_diagnostic() {
    let src = ODD.split("script =").next().unwrap();
    let card = parse_card("odd.toml", src).unwrap();
    let d = card.unsupported.expect("the line is not understood");
    assert_eq!(d.file, "odd.toml");
    assert_eq!(d.line, 10);
}

#[test]
fn a_broken_script_is_an_error_naming_the_card() {
    let src = ODD.replace("draw(you(), 2);", "loop { }");
    let card = parse_card("odd.toml", &src).unwrap();
    let (mut g, a) = game_with(card);
    let c = g.put("Odd Scholar", P1, Zone::Hand).unwrap();
    a.push(Choice::Play(c));
    g.step().unwrap();
    let mut stopped = None;
    for _ in 0..10 {
        match g.step() {
            Ok(_) => {}
            Err(e) => {
                stopped = Some(format!("{e:?}"));
                break;
            }
        }
    }
    let e = stopped.expect("the runaway script stops the game instead of hanging");
    assert!(e.contains("ScriptError") && e.contains("Odd Scholar"), "{e}");
}

/// The escape hatch is checked when the card loads (so `check` reports it, and `sim` names the
/// card as playing without its text): each problem at its place in the script, in the card file.
#[test]
fn a_script_is_checked_for_unknown_functions_hooks_and_names_and_duplicates() {
    let with = |text: &str, script: &str| {
        ODD.replace("When you play me, consult the stars and draw two.", text)
            .replace("fn on_play() {\n    draw(you(), 2);\n}", script)
    };
    let problem = |src: String| {
        let card = parse_card("mod/odd.toml", &src).unwrap();
        card.unsupported.unwrap_or_else(|| panic!("the script should be rejected:\n{src}"))
    };
    let odd = "When you play me, consult the stars.";
    // A misspelt hook would never run: the closest hook is named.
    let d = problem(with(odd, "fn on_plya() {\n    draw(you(), 2);\n}"));
    assert!(d.message.contains("`fn on_plya` is not a hook") && d.message.contains("`on_play`"), "{d}");
    assert_eq!((d.line, d.col, d.len), (12, 4, 7), "{d}");
    // A function neither the host, Rhai nor the script defines.
    let d = problem(with(odd, "fn on_play() {\n    drwa(you(), 2);\n}"));
    assert!(d.message.contains("unknown function `drwa`: did you mean `draw`?"), "{d}");
    assert_eq!((d.line, d.col), (13, 5), "{d}");
    // A string naming nothing: a body the card lacks (tags: see the next test).
    let d = problem(with(odd, "fn on_play() {\n    reflexive(\"r9\");\n}"));
    assert!(d.message.contains("no body or function named `r9`"), "{d}");
    // A hook doing again what the text already compiles to.
    let d = problem(with("When you play me, draw 2.", "fn on_play() {\n    draw(you(), 2);\n}"));
    assert!(d.message.contains("the hook `on_play` duplicates line 10 (\"When you play me, draw 2.\")"), "{d}");
    // Helpers a hook calls, Rhai's own functions and methods, and real tags are fine.
    let fine = with(
        odd,
        "fn mine() {\n    you()\n}\nfn on_play() {\n    let a = units(UNITS + tagged(\"Mech\"));\n    draw(mine(), a.len() + 1);\n}",
    );
    let card = parse_card("mod/odd.toml", &fine).unwrap();
    assert!(card.unsupported.is_none(), "{:?}", card.unsupported);
}

/// A tag a script names must be one some loaded card has: an official card's, or one a card of
/// the same mod folder has (mods name each other's tags); a misspelt one makes the card
/// unsupported, with the diagnostic at the call in the card file.
#[test]
fn a_script_may_name_a_tag_only_another_mod_card_has() {
    let dir = std::env::temp_dir().join(format!("riftbound-script-tags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let goblin = ODD
        .replace("MOD-001", "MOD-002")
        .replace("Odd Scholar", "Goblin Tinker")
        .replace("set = \"MOD\"", "tags = [\"Goblin\"]\nset = \"MOD\"");
    let script = |tag: &str| {
        ODD.replace("When you play me, consult the stars and draw two.", "When you play me, consult the stars.")
            .replace(
                "fn on_play() {\n    draw(you(), 2);\n}",
                &format!("fn on_play() {{\n    for u in units(UNITS + tagged(\"{tag}\")) {{ buff(u); }}\n}}"),
            )
    };
    std::fs::write(dir.join("a-odd.toml"), script("Goblin")).unwrap();
    std::fs::write(dir.join("b-goblin.toml"), &goblin).unwrap();
    let mut db = CardDb::embedded();
    db.load_dir(&dir).unwrap();
    let odd = db.get(db.lookup("Odd Scholar").unwrap());
    assert!(odd.unsupported.is_none(), "Goblin is a tag of the mod's other card: {:?}", odd.unsupported);

    std::fs::write(dir.join("a-odd.toml"), script("Gobin")).unwrap();
    let mut db = CardDb::embedded();
    db.load_dir(&dir).unwrap();
    let d = db.get(db.lookup("Odd Scholar").unwrap()).unsupported.clone().expect("no card has the tag Gobin");
    assert!(d.message.contains("no card has the tag `Gobin`"), "{d}");
    assert_eq!(d.line, 13, "{d}");
    std::fs::remove_dir_all(&dir).unwrap();
}
