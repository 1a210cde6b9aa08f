//! Moves and plays with three players (421.2, 423.2, 436): battlefields with a combat of two
//! other players, or with units of two other players, are no destination. Moves by effects are
//! made with `Game::move_units` (no compiling card forces a move there yet).

use riftbound::kernel::PlayerId;
use riftbound::riftbound::Bf;
use riftbound::riftbound::{Game, Loc};

mod common;
use common::board::{P1, P2, QUIET_BFS};
use common::db;
use common::showdown::combat_at;
use common::trace::traced;

const P3: PlayerId = PlayerId(2);
const FIGHT: Bf = Bf::new(1);

/// Three players (P1, P2, P3 in turn order), each owning one battlefield.
fn three_players() -> Game {
    let mut g = Game::blank_players(db(), &["North Field", "East Field", "Targon's Peak"], 1, 3).unwrap();
    g.trace.on = true;
    g
}

/// A combat in progress at battlefield 1: P1 attacks, P2 defends.
fn combat_in_progress(g: &mut Game) {
    g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(FIGHT)).unwrap();
    g.put_at("Shipyard Skulker", P2, Loc::Battlefield(FIGHT)).unwrap();
    g.set_controller(FIGHT, Some(P2));
    g.battlefields[FIGHT].contested_by = Some(P1);
    g.showdown = Some(combat_at(FIGHT, P1, P2));
}

/// `Game::blank_players` seats three players in turn order P1, P2, P3 and gives each a battlefield.
#[test]
fn blank_board_for_three_players() {
    let g = three_players();
    assert_eq!(g.turn_order, vec![P1, P2, P3]);
    assert_eq!(g.players.len(), 3);
    assert_eq!(g.battlefields.iter().map(|b| b.owner).collect::<Vec<_>>(), vec![P1, P2, P3]);
}

/// 421.2.a / 436.1 / 421.2.b: P3's unit, required to move to a battlefield with a combat in
/// progress between P1 and P2, is recalled instead.
#[test]
fn r421_2_b_required_move_into_others_combat_recalls() {
    let mut g = three_players();
    combat_in_progress(&mut g);
    let u = g.put_at("Playful Phantom", P3, Loc::Battlefield(Bf::new(2))).unwrap();
    assert!(g.closed_by_combat(FIGHT, P3), "436.1: P3 has no permanent there");
    g.move_units(&[u], Loc::Battlefield(FIGHT));
    assert_eq!(g.location(u), Some(Loc::Base(P3)), "421.2.b: recalled to its base");
    assert!(traced(&g, "421.2.b", "421.2.a"));
    assert!(traced(&g, "429", "recall Playful Phantom"));
    assert!(!traced(&g, "421", "move Playful Phantom"), "430: a recall is not a move");
}

/// 421.2.a: the restriction binds only players who don't already have permanents there: P1,
/// in the combat, may move another unit in.
#[test]
fn r421_2_a_players_in_the_combat_may_move_in() {
    let mut g = three_players();
    combat_in_progress(&mut g);
    let u = g.put_at("Playful Phantom", P1, Loc::Base(P1)).unwrap();
    assert!(!g.closed_by_combat(FIGHT, P1));
    g.move_units(&[u], Loc::Battlefield(FIGHT));
    assert_eq!(g.location(u), Some(Loc::Battlefield(FIGHT)));
}

/// 421.2.a / 436.1: a staged combat closes the battlefield too, to standard moves as well
/// ("moves of all kinds").
#[test]
fn r436_1_staged_combat_is_no_destination_for_a_standard_move() {
    let mut g = three_players();
    g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(FIGHT)).unwrap();
    g.put_at("Shipyard Skulker", P2, Loc::Battlefield(FIGHT)).unwrap();
    g.battlefields[FIGHT].combat_staged = true;
    let u = g.put_at("Playful Phantom", P3, Loc::Base(P3)).unwrap();
    assert!(g.standard_move_units(P3, Loc::Battlefield(Bf::new(0))).contains(&u));
    assert!(g.standard_move_units(P3, Loc::Battlefield(FIGHT)).is_empty(), "436.1");
    g.move_units(&[u], Loc::Battlefield(FIGHT));
    assert_eq!(g.location(u), Some(Loc::Base(P3)));
}

/// 423.2: with no combat marked, units of two other players still close a battlefield to
/// moves by any means; the required move recalls instead (421.2.b), and the standard move is
/// not offered there (398.1.b.3's example).
#[test]
fn r423_2_two_other_players_present_recalls_a_required_move() {
    let mut g = three_players();
    g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(FIGHT)).unwrap();
    g.put_at("Shipyard Skulker", P2, Loc::Battlefield(FIGHT)).unwrap();
    let waiting = g.put_at("Playful Phantom", P3, Loc::Base(P3)).unwrap();
    assert!(g.standard_move_units(P3, Loc::Battlefield(Bf::new(0))).contains(&waiting));
    assert!(g.standard_move_units(P3, Loc::Battlefield(FIGHT)).is_empty(), "398.1.b.3");
    let u = g.put_at("Playful Phantom", P3, Loc::Battlefield(Bf::new(2))).unwrap();
    g.move_units(&[u], Loc::Battlefield(FIGHT));
    assert_eq!(g.location(u), Some(Loc::Base(P3)));
    assert!(traced(&g, "421.2.b", "423.2"));
}

/// 421.2.a applies only with more than two players: in a duel, a player whose units all died
/// in a combat may still move units into it.
#[test]
fn r421_2_a_not_in_a_duel() {
    let mut g = Game::blank(db(), &QUIET_BFS, 1).unwrap();
    g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(FIGHT)).unwrap();
    g.set_controller(FIGHT, Some(P2));
    g.battlefields[FIGHT].contested_by = Some(P1);
    g.showdown = Some(combat_at(FIGHT, P1, P2));
    let u = g.put_at("Playful Phantom", P2, Loc::Base(P2)).unwrap();
    assert!(!g.closed_by_combat(FIGHT, P2));
    g.move_units(&[u], Loc::Battlefield(FIGHT));
    assert_eq!(g.location(u), Some(Loc::Battlefield(FIGHT)));
}

/// 436.2: a battlefield with a combat the player is not in is no location to play units to,
/// even one they control; the players in the combat keep it.
#[test]
fn r436_2_play_locations_exclude_others_combat() {
    let mut g = three_players();
    combat_in_progress(&mut g);
    g.set_controller(FIGHT, Some(P3));
    assert_eq!(g.play_locations(P3), vec![Loc::Base(P3)]);
    g.set_controller(FIGHT, Some(P2));
    assert_eq!(g.play_locations(P2), vec![Loc::Base(P2), Loc::Battlefield(FIGHT)]);
}
