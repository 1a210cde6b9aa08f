//! Delayed replacement effects (383.3): "The next time it would die this turn, [you may pay X to]
//! heal it, exhaust it, and recall it instead." — including an optional payment inside the
//! replacement (364-368).

use riftbound::agents::Scripted;
use riftbound::riftbound::Bf;
use riftbound::riftbound::{Choice, Domain, Game, Loc, Zone};

mod common;
use common::board::{P1, QUIET_BFS, rune_each, seat};
use common::cards_db;
use common::showdown::held;

fn game() -> (Game, Scripted, Scripted) {
    let mut g = Game::blank(cards_db(), &QUIET_BFS, 1).unwrap();
    let (a, b) = seat(&mut g, Scripted::new(), Scripted::new());
    rune_each(&mut g);
    (g, a, b)
}

/// Plays a spell or activates an ability, then resolves it with both players passing.
fn resolve(g: &mut Game, a: &Scripted, b: &Scripted) {
    g.step().unwrap();
    a.push(Choice::Pass);
    b.push(Choice::Pass);
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.chain.is_empty());
}

/// Highlander (383.3): the chosen unit's next death this turn is replaced: it is healed,
/// exhausted and recalled, and stays on the board; the replacement applies only once.
#[test]
fn highlander_383_3_next_death_replaced_once() {
    let (mut g, a, b) = game();
    let spell = g.put("Highlander", P1, Zone::Hand).unwrap();
    g.add(P1, 9, &[Domain::Calm, Domain::Body, Domain::Order], 3);
    let u = held(&mut g, "Vanguard Sergeant", P1, Bf::new(0));
    a.push(Choice::Play(spell)); // its only friendly unit is the target, chosen unasked
    resolve(&mut g, &a, &b);
    g.deal(None, &[(u, 4)]);
    g.cleanup().unwrap();
    assert!(g.obj(u).alive, "the death was replaced");
    assert_eq!(g.location(u), Some(Loc::Base(P1)), "recalled to base");
    assert_eq!((g.obj(u).damage, g.obj(u).exhausted), (0, true), "healed and exhausted");
    g.deal(None, &[(u, 4)]);
    g.cleanup().unwrap();
    assert!(!g.obj(u).alive, "the next time after that, it dies");
}

/// Unlicensed Armory (364-368 with 352.10.c.1): the replacement asks for an optional [R]; paid,
/// the unit is saved; declined, it dies as usual.
#[test]
fn unlicensed_armory_optional_payment_inside_the_replacement() {
    for pay in [true, false] {
        let (mut g, a, b) = game();
        let armory = g.put_at("Unlicensed Armory", P1, Loc::Base(P1)).unwrap();
        g.put("Shipyard Skulker", P1, Zone::Hand).unwrap(); // to discard
        let u = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
        a.push(Choice::Activate(armory, 0)); // discard and target: single options, unasked
        resolve(&mut g, &a, &b);
        g.add(P1, 0, &[Domain::Fury], 0);
        a.push(if pay { Choice::Yes } else { Choice::No });
        g.deal(None, &[(u, 4)]);
        g.cleanup().unwrap();
        assert_eq!(g.obj(u).alive, pay, "paid: {pay}");
        assert_eq!(g.player(P1).pool.power[Domain::Fury.index()], if pay { 0 } else { 1 });
    }
}
