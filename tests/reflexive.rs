//! Reflexive triggers (379-381): "do this: ..." and "do this N times: ...".

use riftbound::agents::Scripted;
use riftbound::dsl::parse_card;
use riftbound::riftbound::Bf;
use riftbound::riftbound::cards::CardDb;
use riftbound::riftbound::state::ItemKind;
use riftbound::riftbound::{Choice, Game, Loc, Zone};
use std::sync::Arc;

mod common;
use common::board::{P1, P2, QUIET_BFS, rune_each, traced_game};

fn game(extra: &[&str]) -> (Game, Scripted, Scripted) {
    let mut db = CardDb::embedded();
    riftbound::scenario::add_blank_battlefields(&mut db);
    for src in extra {
        db.insert(parse_card("test.toml", src).unwrap());
    }
    let (mut g, a, b) = traced_game(Arc::new(db), &QUIET_BFS, Scripted::new(), Scripted::new());
    rune_each(&mut g);
    (g, a, b)
}

/// Resolves the whole chain with both players passing.
fn settle(g: &mut Game, a: &Scripted, b: &Scripted) {
    for _ in 0..40 {
        if g.chain.is_empty() {
            return;
        }
        if g.chain.iter().any(|i| i.pending) {
            g.step().unwrap();
            continue;
        }
        a.push(Choice::Pass);
        b.push(Choice::Pass);
        g.step().unwrap();
        g.step().unwrap();
    }
    panic!("the chain did not empty");
}

/// 380.1 / 381.1 (Disintegrate): "If this kills it, do this: draw 1." — the draw is a new
/// ability on the chain, put there only when the damage is lethal.
#[test]
fn disintegrate_380_1_reflexive_draw_only_when_it_kills() {
    for (unit, draws) in [("Shipyard Skulker", 1), ("Mega-Mech", 0)] {
        let (mut g, a, b) = game(&[]);
        let card = g.put("Disintegrate", P1, Zone::Hand).unwrap();
        g.put("Vanguard Sergeant", P1, Zone::MainDeck).unwrap();
        g.add(P1, 9, &[riftbound::riftbound::Domain::Fury; 3], 0);
        let target = g.put_at(unit, P2, Loc::Battlefield(Bf::new(0))).unwrap();
        a.push(Choice::Play(card));
        g.step().unwrap();
        a.push(Choice::Pass);
        b.push(Choice::Pass);
        g.step().unwrap();
        g.step().unwrap(); // Disintegrate resolves
        let reflexive_on_chain = g.chain.iter().any(|i| matches!(i.kind, ItemKind::Ability { .. }));
        assert_eq!(reflexive_on_chain, draws == 1, "{unit}: the reflexive ability is on the chain only after a kill");
        settle(&mut g, &a, &b);
        assert_eq!(g.player(P1).hand.len(), draws, "{unit}");
        assert_eq!(!g.obj(target).alive, draws == 1);
        if draws == 1 {
            assert!(g.trace.lines.iter().any(|l| l.rule == "381.1"));
        }
    }
}

const TWICE: &str = r#"id = "TEST-TWICE"
name = "Double Shot"
type = "spell"
energy = 0
set = "TEST"
number = 1
text = "Do this 2 times: deal 3 to a unit."
"#;

/// 380.1.a: "do this N times" puts N abilities on the chain, each choosing its own target as it
/// is finalized (390.1), and each resolving on its own (the 415.5.d Falling Star example). With
/// no condition before it, the reflexive trigger is always added (380.2); its two items are both
/// added, pending, while the spell resolves (381.2, 389.2), and finalized once the chain holds
/// pending items again (336.3).
#[test]
fn do_this_twice_380_1_a_two_abilities_with_their_own_targets() {
    let (mut g, a, b) = game(&[TWICE]);
    let card = g.put("Double Shot", P1, Zone::Hand).unwrap();
    let x = g.put_at("Shipyard Skulker", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    let y = g.put_at("Vanguard Sergeant", P2, Loc::Battlefield(Bf::new(1))).unwrap();
    a.push(Choice::Play(card));
    g.step().unwrap();
    a.push(Choice::Pass);
    b.push(Choice::Pass);
    a.push(Choice::Obj(x)); // the first reflexive ability's target
    a.push(Choice::Obj(y)); // the second's
    g.step().unwrap();
    g.step().unwrap(); // the spell resolves; both abilities are finalized in the cleanup
    assert_eq!(g.chain.len(), 2);
    assert!(g.chain.iter().all(|i| !i.pending));
    settle(&mut g, &a, &b);
    assert!(!g.obj(x).alive, "3 damage kills the 3-might unit");
    assert_eq!(g.obj(y).damage, 3);
}

const MODAL: &str = r#"id = "TEST-MODAL"
name = "Pick One"
type = "spell"
energy = 0
set = "TEST"
number = 2
text = """
Choose one —
• Deal 2 to a unit.
• Draw 1."""
"#;

/// 182.2.b / 352.1: a modal spell's controller chooses the mode as it is played; only that
/// mode's targets are chosen and only its instructions happen.
#[test]
fn modal_182_2_b_the_chosen_mode_alone_applies() {
    for mode in [0u8, 1] {
        let (mut g, a, b) = game(&[MODAL]);
        let card = g.put("Pick One", P1, Zone::Hand).unwrap();
        g.put("Vanguard Sergeant", P1, Zone::MainDeck).unwrap();
        let unit = g.put_at("Shipyard Skulker", P2, Loc::Battlefield(Bf::new(0))).unwrap();
        a.push(Choice::Play(card));
        a.push(Choice::Nth(mode));
        g.step().unwrap();
        settle(&mut g, &a, &b);
        let (damage, hand) = if mode == 0 { (2, 0) } else { (0, 1) };
        assert_eq!(g.obj(unit).damage, damage, "mode {mode}");
        assert_eq!(g.player(P1).hand.len(), hand, "mode {mode}");
    }
}
