//! Conceding with more than two players (651.2-652): the data model takes N players, so a
//! player's removal is checked on a three-player board.

use riftbound::kernel::PlayerId;
use riftbound::riftbound::Bf;
use riftbound::riftbound::{Game, Loc, Zone};

mod common;
use common::board::{P1, P2};
use common::chain::card_item;
use common::db;
use common::showdown::showdown_at;

const P3: PlayerId = PlayerId(2);

/// A three-player board: P1, P2, P3 in turn order, each owning one battlefield.
fn three_players() -> Game {
    let mut g = Game::blank(db(), &["North Field", "East Field", "Targon's Peak"], 1).unwrap();
    let mut third = g.player(P2).clone();
    third.deck_name = "P3".into();
    g.players.push(third.into());
    g.turn_order.push(P3);
    g.agents.push(None);
    g.battlefield_mut(Bf::new(2)).owner = P3;
    g.obj_mut(g.battlefields[2].obj).owner = P3;
    g
}

/// 651.2 / 651.3 / 652.1 / 652.3: with two players left the game goes on without the one who
/// conceded: their permanents and runes are banished and every card they own leaves the game.
#[test]
fn r652_1_652_3_removal_banishes_and_removes_their_cards() {
    let mut g = three_players();
    let unit = g.put_at("Shipyard Skulker", P3, Loc::Battlefield(Bf::new(0))).unwrap();
    let rune = g.put_runes("Calm Rune", P3, 1).unwrap()[0];
    let in_hand = g.put("Mega-Mech", P3, Zone::Hand).unwrap();
    let other = g.put_at("Vanguard Sergeant", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    g.concede(P3).unwrap();
    assert!(g.outcome.is_none(), "651.2: two players remain, the game goes on");
    assert!(g.player(P3).removed);
    for o in [unit, rune, in_hand] {
        assert!(!g.obj(o).alive, "652.3: P3's cards leave the game");
    }
    assert!(g.player(P3).hand.is_empty() && g.player(P3).runes.is_empty());
    assert!(g.obj(other).alive, "other players' units stay");
    assert_eq!(g.active_players(), vec![P1, P2], "651.3: P3 makes no more choices");
}

/// 652.2 / 652.2.a / 652.2.b: the removed player's battlefield is replaced by a token
/// battlefield with no abilities; units there stay where they are.
#[test]
fn r652_2_battlefield_replaced_by_a_token_battlefield() {
    let mut g = three_players();
    let unit = g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(Bf::new(2))).unwrap();
    let before = g.battlefields[2].obj;
    g.concede(P3).unwrap();
    let after = g.battlefields[2].obj;
    assert_ne!(before, after);
    assert_eq!(g.name(after), "Battlefield");
    assert!(g.card(after).abilities.abilities.is_empty());
    assert_eq!(g.location(unit), Some(Loc::Battlefield(Bf::new(2))), "652.2.b: units there are unaffected");
}

/// 652.4: the removed player's spells and abilities on the chain are countered.
#[test]
fn r652_4_their_chain_items_are_countered() {
    let mut g = three_players();
    let spell = g.put("Void Seeker", P3, Zone::Hand).unwrap();
    let on_chain = g.move_object(spell, Zone::Chain, P3, riftbound::riftbound::actions::Pos::Top);
    g.chain.push(card_item(on_chain, P3));
    g.concede(P3).unwrap();
    assert!(g.chain.is_empty());
}

/// 652.5.a.1 / 652.5.b.1 / 652.5.c.1: if the removed player was the turn player, the turn passes
/// to the next player in turn order; focus and priority pass on likewise.
#[test]
fn r652_5_turn_focus_and_priority_move_on() {
    let mut g = three_players();
    g.turn_player = P2;
    g.priority = Some(P2);
    g.concede(P2).unwrap();
    assert_eq!(g.turn_player, P3, "652.5.a.1: the next player in turn order takes the turn");
    let mut g = three_players();
    g.showdown = Some(showdown_at(Bf::new(0), P2));
    g.priority = Some(P2);
    g.concede(P2).unwrap();
    assert_eq!(g.showdown.as_ref().unwrap().focus, P3, "652.5.b.1");
    assert_eq!(g.priority, Some(P3), "652.5.c.1");
}
