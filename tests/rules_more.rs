//! More rule details: revealing (411), moves being instantaneous (420.3), optional choices
//! (352.12) and the order pending items are finalized in (333.1.b).

use riftbound::agents::Scripted;
use riftbound::dsl::parse_card;
use riftbound::kernel::ObjId;
use riftbound::riftbound::Bf;
use riftbound::riftbound::cards::CardDb;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::{Choice, Game, Loc, Zone};
use std::sync::Arc;

mod common;
use common::board::{P1, P2, QUIET_BFS, seat};
use common::chain::ability_item;
use common::db;

/// 411.1 / 411.1.a / 411.1.a.2: revealing shows cards to all players but they stay where they
/// are: a revealed top card is still the top card of the Main Deck.
#[test]
fn r411_1_a_2_revealed_cards_stay_in_their_zone() {
    let mut g = Game::blank(db(), &QUIET_BFS, 1).unwrap();
    let top = g.put("Mega-Mech", P1, Zone::MainDeck).unwrap();
    g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    g.reveal(P1, &[top]);
    assert_eq!(g.player(P1).main_deck[0], top, "still the top card");
    assert!(g.obj(top).alive, "revealing is not a zone change: the same object");
    assert_eq!(g.events.last(), Some(&Event::Revealed { player: P1, card: top }));
}

/// 420.3.a / 420.3.b: a move is instantaneous: the unit is at its origin, then at its
/// destination, never at both or between; its one move event names both.
#[test]
fn r420_3_b_a_move_goes_straight_from_origin_to_destination() {
    let mut g = Game::blank(db(), &QUIET_BFS, 1).unwrap();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.move_units(&[u], Loc::Battlefield(Bf::new(0)));
    assert_eq!(g.location(u), Some(Loc::Battlefield(Bf::new(0))));
    assert!(!g.player(P1).base.contains(&u), "not still at its origin");
    assert_eq!(g.battlefields[0].units.iter().filter(|x| **x == u).count(), 1);
    let moves: Vec<&Event> = g.events.iter().filter(|e| matches!(e, Event::Moved { .. })).collect();
    assert_eq!(moves, vec![&Event::Moved { unit: u, from: Loc::Base(P1), to: Loc::Battlefield(Bf::new(0)), by: None }]);
}

const MAY_CHOOSE: &str = r#"id = "TEST-MAY"
name = "Maybe Stunner"
type = "unit"
might = 2
energy = 0
set = "TEST"
number = 3
text = "When you play me, you may choose an enemy unit. Stun it."
"#;

/// 352.12 / 352.13: "you may choose" a unit is a target chosen independently, and choosing none
/// is allowed: the ability then does nothing.
#[test]
fn r352_12_you_may_choose_is_an_optional_target() {
    for choose in [true, false] {
        let mut cards = CardDb::embedded().vanilla();
        riftbound::scenario::add_blank_battlefields(&mut cards);
        cards.insert(parse_card("test.toml", MAY_CHOOSE).unwrap());
        let mut g = Game::blank(Arc::new(cards), &QUIET_BFS, 1).unwrap();
        let (a, _b) = seat(&mut g, Scripted::new(), Scripted::new());
        let me = g.put("Maybe Stunner", P1, Zone::Hand).unwrap();
        let enemy = g.put_at("Shipyard Skulker", P2, Loc::Battlefield(Bf::new(0))).unwrap();
        a.push(Choice::Play(me));
        a.push(if choose { Choice::Obj(enemy) } else { Choice::Done });
        g.step().unwrap(); // played; the trigger is finalized with (or without) its target
        while !g.chain.is_empty() {
            g.step().unwrap();
        }
        assert_eq!(g.obj(enemy).stunned, choose, "chose a target: {choose}");
    }
}

/// 333.1.b / 333.1.c.2: pending items are finalized in the order they were added to the chain,
/// each in turn while any is pending.
#[test]
fn r333_1_b_pending_items_finalize_in_the_order_added() {
    let mut g = Game::blank(db(), &QUIET_BFS, 1).unwrap();
    g.trace.on = true;
    let sources: Vec<ObjId> = (0..3).map(|_| g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap()).collect();
    for &s in &sources {
        g.chain.push(ability_item(s, P1, true));
    }
    g.finalize_pending().unwrap();
    let order: Vec<String> = g.trace.lines.iter().filter(|l| l.rule == "394.2").map(|l| l.text.clone()).collect();
    assert_eq!(order.len(), 3);
    for (line, s) in order.iter().zip(&sources) {
        assert!(line.contains(&format!("({s})")), "{line} should be {s}");
    }
    assert!(g.chain.iter().all(|i| !i.pending));
}
