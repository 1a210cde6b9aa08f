//! Game actions (395-418), object identity (109, 356.3.e.4), tokens (177) and conceding (649-651).

use riftbound::agents::Scripted;
use riftbound::riftbound::Bf;
use riftbound::riftbound::actions::Pos;
use riftbound::riftbound::{Choice, Game, Loc, Outcome, Zone};

mod common;
use common::board::{P1, P2, ZAUN_BFS, seat};
use common::chain::card_item;
use common::db;

fn board() -> Game {
    Game::blank(db(), &ZAUN_BFS, 1).unwrap()
}

fn with_agents(g: &mut Game) -> (Scripted, Scripted) {
    seat(g, Scripted::new(), Scripted::new())
}

/// 109 / 356.3.e.4: an object moving to or from a non-board zone is a new object; the old id
/// keeps last-known information (356.3.e.13) and no longer resolves to the new one.
#[test]
fn r109_new_identity_and_last_known_information() {
    let mut g = board();
    let u = g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.buff(u);
    g.deal(None, &[(u, 2)]);
    g.kill(&[u], None).unwrap();
    let old = g.obj(u);
    assert!(!old.alive);
    let lki = old.lki.as_ref().unwrap();
    assert_eq!(lki.might, 5, "look back: 4 might + buff when it left");
    assert_eq!(lki.zone, Zone::Battlefield(Bf::new(0)));
    let new = old.next.unwrap();
    assert_ne!(new, u);
    let n = g.obj(new);
    assert_eq!((n.zone, n.damage, n.buffs), (Zone::Trash, 0, 0), "109: damage and buffs are gone");
    assert_eq!(g.location(u), None, "356.3.e.12: an object that left has no location");
}

/// 420 / 432: a board-to-board relocation keeps the object and its state.
#[test]
fn r432_recall_keeps_identity_and_state() {
    let mut g = board();
    let u = g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.buff(u);
    g.exhaust(u);
    g.deal(None, &[(u, 1)]);
    g.recall(u);
    let o = g.obj(u);
    assert!(o.alive);
    assert_eq!(g.location(u), Some(Loc::Base(P1)));
    assert_eq!((o.damage, o.buffs, o.exhausted), (1, 1, true));
}

/// 400 / 418: drawing past the end of the deck burns out: the trash is recycled into the deck,
/// an opponent gains 1 point, then the draw completes (418.2 example).
#[test]
fn r418_burn_out_recycles_trash_and_gives_a_point() {
    let mut g = board();
    with_agents(&mut g);
    g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    for _ in 0..3 {
        g.put("Vanguard Sergeant", P1, Zone::Trash).unwrap();
    }
    g.draw(P1, 2).unwrap();
    let pl = g.player(P1);
    assert_eq!(pl.hand.len(), 2);
    assert_eq!(pl.trash.len(), 0);
    assert_eq!(pl.main_deck.len(), 2);
    assert_eq!(g.player(P2).points, 1);
}

/// 418.3: with an empty deck and trash, burning out repeats until an opponent wins.
#[test]
fn r418_3_repeated_burn_out_ends_the_game() {
    let mut g = board();
    with_agents(&mut g);
    g.draw(P1, 1).unwrap();
    assert_eq!(g.player(P2).points, 8);
    assert_eq!(g.outcome, Some(Outcome::Won { winner: P2, by: "points" }));
}

/// 401.1.c / 402.1.c: exhausting an exhausted object or readying a ready one does nothing.
#[test]
fn r401_402_exhaust_and_ready_are_idempotent() {
    let mut g = board();
    g.trace.on = true;
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.exhaust(u);
    g.exhaust(u);
    assert!(g.obj(u).exhausted);
    g.ready(u);
    g.ready(u);
    assert!(!g.obj(u).exhausted);
    let lines: Vec<_> = g.trace.lines.iter().map(|l| l.rule).collect();
    assert_eq!(lines.iter().filter(|r| **r == "401.1").count(), 1);
    assert_eq!(lines.iter().filter(|r| **r == "402.1").count(), 1);
}

/// 403.5: cards recycled together go to the bottom of the main deck in a random order;
/// 403.5.a: runes go to the bottom of the rune deck in their owner's order.
#[test]
fn r403_5_recycle_orders() {
    let mut g = board();
    let (a, _) = with_agents(&mut g);
    let top = g.put("Mega-Mech", P1, Zone::MainDeck).unwrap();
    let cards: Vec<_> = (0..6).map(|_| g.put("Shipyard Skulker", P1, Zone::Trash).unwrap()).collect();
    g.recycle(P1, &cards).unwrap();
    assert_eq!(g.player(P1).main_deck[0], top);
    assert_eq!(g.player(P1).main_deck.len(), 7);
    let fury = g.put("Fury Rune", P1, Zone::Base).unwrap();
    let calm = g.put("Calm Rune", P1, Zone::Base).unwrap();
    a.push(Choice::Obj(calm));
    g.recycle(P1, &[fury, calm]).unwrap();
    let deck: Vec<_> = g.player(P1).rune_deck.iter().map(|r| g.name(*r).to_string()).collect();
    assert_eq!(deck, vec!["Calm Rune", "Fury Rune"]);
}

/// 404.6 / 415.5.c: damage records its source; a unit killed by lethal damage in a cleanup is
/// killed by the source that damaged it since the cleanup before. Damage dealt before an earlier
/// cleanup is not responsible: a unit that dies after an effect that dealt it no damage was
/// killed by no object.
#[test]
fn r415_5_c_kill_is_attributed_to_the_damage_source() {
    let mut g = board();
    let src = g.put_at("Mega-Mech", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let v = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.deal(Some(src), &[(u, 3), (v, 2)]);
    g.cleanup().unwrap();
    assert_eq!(g.killed_by(u), [src]);
    assert!(g.obj(v).alive);
    g.deal(None, &[(v, 1)]);
    g.cleanup().unwrap();
    assert!(!g.obj(v).alive);
    assert!(g.killed_by(v).is_empty(), "{:?}", g.killed_by(v));
}

/// 140.2.a / 322.2: only non-zero damage equal to or above might kills; a 0-might unit with no
/// damage lives.
#[test]
fn r140_2_a_zero_damage_never_kills() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.add_effect(
        None,
        riftbound::riftbound::layers::Filter::Object(u),
        None,
        riftbound::riftbound::layers::Modification::SetMight(0),
        riftbound::riftbound::layers::Duration::Indefinite,
    );
    g.cleanup().unwrap();
    assert!(g.obj(u).alive);
    g.deal(None, &[(u, 1)]);
    g.cleanup().unwrap();
    assert!(!g.obj(u).alive);
}

/// 410.1.a.1: a stunned unit can't be stunned again; 413.1.b.1 a buffed one gets no new buff.
#[test]
fn r410_stun_is_binary() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    assert!(g.stun(u));
    assert!(!g.stun(u));
    assert!(g.obj(u).stunned);
}

/// 409.4: discarding takes what it can; 409.1: to the owner's trash.
#[test]
fn r409_discard_to_trash() {
    let mut g = board();
    let c = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    g.discard(P1, &[c]);
    assert!(g.player(P1).hand.is_empty());
    assert_eq!(g.player(P1).trash.len(), 1);
}

/// 414 / 107.5.d: banished cards go to their owner's banishment from any zone.
#[test]
fn r414_banish_from_any_zone() {
    let mut g = board();
    let a = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(1))).unwrap();
    let b = g.put("Mega-Mech", P2, Zone::Hand).unwrap();
    g.banish(&[a, b], None);
    assert_eq!(g.player(P1).banishment.len(), 1);
    assert_eq!(g.player(P2).banishment.len(), 1);
}

/// 416 / 160: Add puts energy and power in the pool; pools empty when told to.
#[test]
fn r416_add_and_r160_pool_empties() {
    let mut g = board();
    g.add(P1, 2, &[riftbound::riftbound::Domain::Fury], 1);
    let pool = g.player(P1).pool;
    assert_eq!((pool.energy, pool.power[0], pool.any), (2, 1, 1));
    g.empty_pool(P1);
    assert!(g.player(P1).pool.is_empty());
}

/// 417: channeling takes runes from the top of the rune deck, ready unless told otherwise, and
/// as many as there are.
#[test]
fn r417_channel() {
    let mut g = board();
    g.put("Fury Rune", P1, Zone::RuneDeck).unwrap();
    g.put("Calm Rune", P1, Zone::RuneDeck).unwrap();
    assert_eq!(g.channel(P1, 1, true), 1);
    let r = g.player(P1).runes[0];
    assert_eq!(g.name(r), "Fury Rune");
    assert!(g.obj(r).exhausted);
    assert_eq!(g.channel(P1, 5, false), 1);
    assert_eq!(g.player(P1).runes.len(), 2);
}

/// 412: a countered spell goes to the trash and is not played; costs stay paid.
#[test]
fn r412_counter() {
    let mut g = board();
    let spell = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    let on_chain = g.move_object(spell, Zone::Chain, P1, Pos::Top);
    g.chain.push(card_item(on_chain, P1));
    g.counter(0);
    assert!(g.chain.is_empty());
    assert_eq!(g.player(P1).trash.len(), 1);
    assert_eq!(g.player(P1).cards_played_this_turn, 0);
}

/// 177.1: a token put into a non-board zone ceases to exist.
#[test]
fn r177_1_tokens_cease_to_exist_off_the_board() {
    let mut g = board();
    let t = g.put_at("Recruit (271) // Buff", P1, Loc::Base(P1)).unwrap();
    assert!(g.obj(t).token);
    g.kill(&[t], None).unwrap();
    assert!(g.player(P1).trash.is_empty());
    assert_eq!(g.obj(g.obj(t).next.unwrap()).zone, Zone::Gone);
}

/// 651.1: in a Duel, the opponent of a player who concedes wins.
#[test]
fn r651_1_concession_ends_a_duel() {
    let mut g = board();
    g.concede(P2).unwrap();
    assert_eq!(g.outcome, Some(Outcome::Won { winner: P1, by: "concession" }));
    assert!(g.step().unwrap());
}

/// 410.1.a.1 (Eclipse Herald example): choosing an already stunned unit to stun stuns nothing,
/// so nothing that triggers on stunning sees a stun.
#[test]
fn r410_1_a_1_restun_records_no_event() {
    use riftbound::riftbound::events::Event;
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    g.stun(u);
    g.stun(u);
    assert_eq!(g.events.iter().filter(|e| **e == Event::Stunned { unit: u, by: None }).count(), 1);
}

/// Every action records what happened, in order: the log triggers will read (376.2.c).
#[test]
fn actions_record_events_in_order() {
    use riftbound::riftbound::events::Event;
    let mut g = board();
    let src = g.put_at("Mega-Mech", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let start = g.events.len();
    g.buff(u);
    g.deal(Some(src), &[(u, 4)]);
    g.cleanup().unwrap();
    let log = &g.events[start..];
    assert_eq!(log[0], Event::Buffed { unit: u, by: None });
    assert_eq!(log[1], Event::Dealt { sources: vec![src], target: u, amount: 4 });
    // It leaves the board as it goes to the trash (356.3.e.13), then its death is recorded.
    assert_eq!(log[2], Event::LeftBoard(u));
    assert_eq!(log[3], Event::Killed { obj: u, by: vec![src] });
}
