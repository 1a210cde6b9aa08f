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
    // A string naming nothing: a tag no card has, a body the card lacks.
    let d = problem(with(odd, "fn on_play() {\n    for u in units(UNITS + tagged(\"Mechh\")) { buff(u); }\n}"));
    assert!(d.message.contains("no card has the tag `Mechh`"), "{d}");
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
