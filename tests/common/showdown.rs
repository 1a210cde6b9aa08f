//! Showdowns and combats (337-345, 433-440): moving in to start one, or a showdown set up as the
//! game would stage it.

use super::board::{Answers, BF0, P1, U3};
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::state::{Combat, Showdown};
use riftbound::riftbound::{Choice, Game, Loc};

/// P1 makes a standard move of their (single ready) unit(s) to `dest` through the game loop
/// (141.1): the step after it starts the showdown or combat a contested battlefield has (340.2).
pub fn standard_move<A: Answers>(g: &mut Game, a: &A, dest: Loc) {
    standard_move_picking(g, a, dest, &[]);
}

/// [`standard_move`] answering `picks` in order: the units that go (141.3.c), then anything the
/// move leads to in the same step (such as how an attacker assigns damage).
pub fn standard_move_picking<A: Answers>(g: &mut Game, a: &A, dest: Loc, picks: &[Choice]) {
    a.push(Choice::StandardMove(dest));
    for c in picks {
        a.push(c.clone());
    }
    g.step().unwrap();
}

/// Puts a unit of `p` at battlefield `b` and gives `p` control of the battlefield (181).
pub fn held(g: &mut Game, name: &str, p: PlayerId, b: Bf) -> ObjId {
    let u = g.put_at(name, p, Loc::Battlefield(b)).unwrap();
    g.set_controller(b, Some(p));
    u
}

/// A showdown without combat at battlefield `b`, applied by `p`, who holds focus (340-341).
pub fn showdown_at(b: Bf, p: PlayerId) -> Showdown {
    Showdown { battlefield: b, applier: p, combat: None, focus: p, passes: 0, initial_chain: false, chains: 0 }
}

/// The showdown of a combat at battlefield `b`: `attacker` against `defender`, the attacker
/// applying it and holding focus (437, 341).
pub fn combat_at(b: Bf, attacker: PlayerId, defender: PlayerId) -> Showdown {
    Showdown { combat: Some(Combat { attacker, defender }), ..showdown_at(b, attacker) }
}

/// P1 sends a new 3-might scout alone from their base to battlefield 0, their other ready units
/// staying put: at an empty battlefield, a showdown begins (340.2).
pub fn scout_to_bf0<A: Answers>(g: &mut Game, a: &A) -> ObjId {
    let scout = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(g, a, BF0, &[Choice::Obj(scout), Choice::Done]);
    scout
}
