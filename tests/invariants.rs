//! The engine's invariants (`Game::invariant_violations`), checked after every step in debug and
//! test builds: each kind of corruption is reported, and a real game breaks none.

use riftbound::kernel::PlayerId;
use riftbound::riftbound::Bf;
use riftbound::riftbound::{Game, Loc, Zone};

mod common;
use common::cards_db;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn board() -> Game {
    Game::blank(cards_db(), &["Zaun Warrens", "Altar to Unity"], 1).unwrap()
}

fn broken_with(g: &Game, needle: &str) {
    let v = g.invariant_violations();
    assert!(v.iter().any(|m| m.contains(needle)), "expected a violation with `{needle}`, got {v:?}");
}

#[test]
fn a_set_up_board_breaks_no_invariant() {
    let mut g = board();
    g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.put("Shipyard Skulker", P2, Zone::Hand).unwrap();
    assert_eq!(g.invariant_violations(), Vec::<String>::new());
}

#[test]
fn a_card_listed_twice_or_not_at_all_is_reported() {
    let mut g = board();
    let u = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    g.player_mut(P1).hand.push(u);
    broken_with(&g, "listed 2 times");
    g.player_mut(P1).hand.clear();
    broken_with(&g, "listed 0 times");
}

#[test]
fn a_card_in_a_list_its_record_disagrees_with_is_reported() {
    let mut g = board();
    let u = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    g.player_mut(P1).hand.clear();
    g.player_mut(P1).trash.push(u);
    broken_with(&g, "Trash lists");
}

#[test]
fn r177_a_token_off_the_board_is_reported() {
    let mut g = board();
    let t = g.put("Recruit", P1, Zone::Base).unwrap();
    assert!(g.obj(t).token);
    g.player_mut(P1).base.retain(|x| *x != t);
    g.player_mut(P1).hand.push(t);
    g.obj_mut(t).zone = Zone::Hand;
    broken_with(&g, "(177)");
}

#[test]
fn r702_3_two_buffs_or_damage_off_the_board_are_reported() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.obj_mut(u).buffs = 2;
    broken_with(&g, "702.3");
    let c = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    g.obj_mut(c).damage = 1;
    broken_with(&g, "has damage 1");
}

#[test]
fn a_card_in_another_players_hand_is_reported() {
    let mut g = board();
    let c = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    g.player_mut(P1).hand.clear();
    g.player_mut(P2).hand.push(c);
    g.obj_mut(c).zone_player = P2;
    broken_with(&g, "not its owner's");
}
