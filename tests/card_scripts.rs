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
