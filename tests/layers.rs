//! Layers (446-453), Mighty (706-711), buffs (701-705) and keywords as characteristics.

use riftbound::kernel::PlayerId;
use riftbound::riftbound::Bf;
use riftbound::riftbound::abilities::Condition;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::state::Role;
use riftbound::riftbound::{Game, Loc, Zone};

mod common;
use common::board::{P1, P2, ZAUN_BFS};
use common::{cards_db, db};

fn board() -> Game {
    Game::blank(db(), &ZAUN_BFS, 1).unwrap()
}

fn effect(g: &mut Game, filter: Filter, cond: Option<Condition>, m: Modification) {
    g.add_effect(None, filter, cond, m, Duration::Indefinite);
}

/// 449.3 first example (Fiora, Victorious, 4 might, "While I'm Mighty, I have Deflect, Ganking,
/// and Shield"): a buff makes her Mighty in the arithmetic layer, the ability layer is then
/// re-checked, and as a defender Shield adds 1 more: 6 might and three keywords.
#[test]
fn r449_3_buffed_fiora_becomes_mighty_and_gains_shield() {
    let mut g = board();
    let fiora = g.put_at("Vanguard Sergeant", P1, Loc::Battlefield(Bf::new(0))).unwrap(); // 4 might
    for k in [Keyword::Deflect, Keyword::Ganking, Keyword::Shield] {
        effect(&mut g, Filter::Object(fiora), Some(Condition::Mighty), Modification::GrantKeyword(k, 1));
    }
    assert_eq!(g.might(fiora), 4);
    assert!(!g.has_keyword(fiora, Keyword::Shield));
    g.buff(fiora);
    let c = g.chars(fiora);
    assert_eq!(c.might(), 5);
    assert!(c.keywords.has(Keyword::Deflect) && c.keywords.has(Keyword::Ganking) && c.keywords.has(Keyword::Shield));
    g.obj_mut(fiora).role = Some(Role::Defender);
    assert_eq!(g.might(fiora), 6);
    // 449.3 second example: the buff is spent; she goes straight from 6 to 4 with no keywords.
    g.spend_buff(P1, fiora);
    let c = g.chars(fiora);
    assert_eq!(c.might(), 4);
    assert!(!c.keywords.has(Keyword::Shield) && !c.keywords.has(Keyword::Deflect));
}

/// 449.1, 449.3: "P2's units become P1's" is decided in the trait layer on what came before it
/// there (the unit given to P2, 451.1.b-452.1: it depends on that gift and is applied after it),
/// not on its own result: it applies, and the unit given to P2 is P1's. Its own change does not
/// disqualify it.
#[test]
fn r449_3_an_effect_does_not_disqualify_itself() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    effect(&mut g, Filter::Object(u), None, Modification::SetController(P2));
    effect(&mut g, Filter::UnitsControlledBy(P2), None, Modification::SetController(P1));
    assert_eq!(g.controller(u), P1);
    // Created the other way round, the dependency still orders them.
    let mut h = board();
    let u = h.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    effect(&mut h, Filter::UnitsControlledBy(P2), None, Modification::SetController(P1));
    effect(&mut h, Filter::Object(u), None, Modification::SetController(P2));
    assert_eq!(h.controller(u), P1);
}

/// 449.1, 450: "P1's units have Tank" (ability layer) is decided on the controller the whole
/// trait layer made: a unit of P1 given to P2 and back to P1 ("P2's units become P1's") is P1's
/// there, so it has Tank; the passing moment it was P2's does not remove the effect.
#[test]
fn r449_1_a_later_layer_sees_what_the_earlier_layer_made() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    effect(&mut g, Filter::UnitsControlledBy(P1), None, Modification::GrantKeyword(Keyword::Tank, 0));
    effect(&mut g, Filter::Object(u), None, Modification::SetController(P2));
    effect(&mut g, Filter::UnitsControlledBy(P2), None, Modification::SetController(P1));
    let c = g.chars(u);
    assert_eq!(c.controller, P1);
    assert!(c.keywords.has(Keyword::Tank));
    // Given to P2 and left there, it has no Tank.
    let mut h = board();
    let u = h.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    effect(&mut h, Filter::UnitsControlledBy(P1), None, Modification::GrantKeyword(Keyword::Tank, 0));
    effect(&mut h, Filter::Object(u), None, Modification::SetController(P2));
    assert!(!h.chars(u).keywords.has(Keyword::Tank));
}

/// 450.1.a.1: "might becomes N" is a trait-layer effect, applied before arithmetic.
#[test]
fn r450_1_set_might_then_arithmetic() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap(); // 3 might
    effect(&mut g, Filter::Object(u), None, Modification::Might(2));
    effect(&mut g, Filter::Object(u), None, Modification::SetMight(4));
    // The +2 was added first but the "becomes 4" is applied in an earlier layer.
    assert_eq!(g.might(u), 6);
}

/// 450.3.c: increases before decreases; 140.2.b might below 0 counts as 0.
#[test]
fn r450_3_increases_then_decreases_and_floor() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    effect(&mut g, Filter::Object(u), None, Modification::Might(-5));
    assert_eq!(g.chars(u).raw_might, -2);
    assert_eq!(g.might(u), 0);
    effect(&mut g, Filter::Object(u), None, Modification::Might(3));
    assert_eq!(g.might(u), 1);
}

/// 453: in the same layer without dependency, the newer effect applies last.
#[test]
fn r453_timestamp_order_within_a_layer() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    effect(&mut g, Filter::Object(u), None, Modification::SetMight(7));
    effect(&mut g, Filter::Object(u), None, Modification::SetMight(2));
    assert_eq!(g.might(u), 2);
}

/// 451-452: an effect whose application changes which objects another effect affects goes
/// first, and the dependent effect right after it, whatever their timestamps.
#[test]
fn r452_dependency_beats_timestamps() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    // Oldest: Yordles have might 2. Then: this unit's might becomes 3. Newest: it is a Yordle.
    effect(&mut g, Filter::UnitsWithTag("Yordle".into()), None, Modification::SetMight(2));
    effect(&mut g, Filter::Object(u), None, Modification::SetMight(3));
    effect(&mut g, Filter::Object(u), None, Modification::AddTag("Yordle".into()));
    // Timestamps alone would give 3; "Yordles have might 2" depends on the tag and so applies
    // right after it, after the "becomes 3".
    assert_eq!(g.might(u), 2);
    assert!(g.chars(u).tags.iter().any(|t| t == "Yordle"));
}

/// 723.1.c / 723.2: Assault X is +X while attacking, and instances sum (Petty Officer + Cleave).
#[test]
fn r723_assault_sums_and_applies_while_attacking() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    effect(&mut g, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Assault, 1));
    effect(&mut g, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Assault, 3));
    assert_eq!(g.chars(u).keywords.assault, 4);
    assert_eq!(g.might(u), 3);
    g.obj_mut(u).role = Some(Role::Attacker);
    assert_eq!(g.might(u), 7);
    g.obj_mut(u).role = Some(Role::Defender);
    assert_eq!(g.might(u), 3);
}

/// 730.1.c / 730.2: Shield X is +X while defending, summed (Stalwart Poro + Block).
#[test]
fn r730_shield_sums_and_applies_while_defending() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    effect(&mut g, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Shield, 1));
    effect(&mut g, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Shield, 2));
    g.obj_mut(u).role = Some(Role::Defender);
    assert_eq!(g.might(u), 6);
}

/// 702.3 / 703: one buff at most, worth +1 might; 705: buffs leave with the unit.
#[test]
fn r702_703_705_buffs() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    assert!(g.buff(u));
    assert!(!g.buff(u), "702.3.a: a second buff is not placed");
    assert_eq!(g.might(u), 4);
    assert!(!g.spend_buff(PlayerId(1), u), "702.2.b.2: only its controller spends its buffs");
    g.kill(&[u], None).unwrap();
    let in_trash = g.player(P1).trash[0];
    assert_eq!(g.obj(in_trash).buffs, 0);
}

/// The `BecameMighty` events of `g`'s log, in order.
fn became_mighty(g: &Game) -> Vec<riftbound::kernel::ObjId> {
    g.events
        .iter()
        .filter_map(|e| match e {
            Event::BecameMighty(u) => Some(*u),
            _ => None,
        })
        .collect()
}

/// 708-709: Mighty is might 5+; a unit becomes Mighty only when it crosses from below 5. A
/// card that listens for it is on the board (Fiora, Worthy), so the cleanup looks.
#[test]
fn r709_becomes_mighty_only_when_crossing() {
    let mut g = Game::blank(cards_db(), &ZAUN_BFS, 1).unwrap();
    g.put_at("Fiora, Worthy", P2, Loc::Base(P2)).unwrap();
    let four = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    let five = g.put_at("Playful Phantom", P1, Loc::Base(P1)).unwrap();
    g.cleanup().unwrap();
    assert!(became_mighty(&g).is_empty(), "entering with 5 might is not becoming Mighty");
    assert!(g.is_mighty(five) && !g.is_mighty(four));
    effect(&mut g, Filter::UnitsControlledBy(P1), None, Modification::Might(1));
    g.cleanup().unwrap();
    assert_eq!(became_mighty(&g), vec![four], "709 examples: 4 -> 5 becomes Mighty, 5 -> 6 does not");
}

/// 709: only a triggered ability (or the trace) sees a unit become Mighty. With neither, the
/// cleanup does not look; when a card that listens arrives, units Mighty already are recorded
/// as such without an event, and the next unit to cross is seen.
#[test]
fn r709_becoming_mighty_unseen_until_a_card_listens() {
    let mut g = Game::blank(cards_db(), &ZAUN_BFS, 1).unwrap();
    assert!(!g.trace.on);
    let four = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    let three = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.cleanup().unwrap();
    effect(&mut g, Filter::UnitsControlledBy(P1), None, Modification::Might(1));
    g.cleanup().unwrap();
    assert!(g.is_mighty(four));
    assert!(became_mighty(&g).is_empty(), "no card listens and no trace: nothing is observed");
    g.put_at("Fiora, Worthy", P2, Loc::Base(P2)).unwrap();
    g.cleanup().unwrap();
    assert!(became_mighty(&g).is_empty(), "a unit Mighty before anyone listened does not become Mighty now");
    effect(&mut g, Filter::Object(three), None, Modification::Might(1));
    g.cleanup().unwrap();
    assert_eq!(became_mighty(&g), vec![three], "4 -> 5 once a card listens");
}

/// 709: the trace shows a unit becoming Mighty even when no card listens for it.
#[test]
fn r709_the_trace_sees_a_unit_become_mighty() {
    let mut g = board();
    g.trace.on = true;
    let four = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    g.cleanup().unwrap();
    effect(&mut g, Filter::Object(four), None, Modification::Might(1));
    g.cleanup().unwrap();
    assert_eq!(became_mighty(&g), vec![four]);
    assert!(g.trace.lines.iter().any(|l| l.rule == "709" && l.text.contains("becomes Mighty")));
}

/// 709 / 450.3: the Might bounds, which the cleanup's look for who became Mighty reads before
/// running the layers, are the Might when the objects' records decide every effect on it: an
/// increase to the units a player controls (no effect changes control), and one whose
/// condition ("defending alone") can't hold out of combat. An effect that depends on a
/// characteristic (a tag) leaves them apart.
#[test]
fn r709_might_bounds_meet_when_the_records_decide_every_effect() {
    let mut g = board();
    let u = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    assert_eq!(g.might(u), 4);
    effect(&mut g, Filter::UnitsControlledBy(P1), None, Modification::Might(1));
    effect(&mut g, Filter::Object(u), Some(Condition::Alone { attack: false, defend: true }), Modification::Might(2));
    assert_eq!(g.might_bounds(u), (Some(5), Some(5)));
    assert_eq!(g.might(u), 5);
    effect(&mut g, Filter::UnitsWithTag("Poro".into()), None, Modification::Might(1));
    assert_eq!(g.might_bounds(u), (Some(5), Some(6)), "a tag is a characteristic: only the most moves");
    assert_eq!(g.might(u), 5);
}

/// 710-711: Mighty on the board follows current might; off the board, the printed might.
#[test]
fn r711_mighty_off_the_board_uses_printed_might() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    effect(&mut g, Filter::Object(u), None, Modification::Might(3));
    assert!(g.is_mighty(u));
    g.kill(&[u], None).unwrap();
    let dead = g.player(P1).trash[0];
    assert!(!g.is_mighty(dead));
    assert_eq!(g.might(dead), 3);
}

/// 317.3.a: "this turn" effects end in the expiration step; 109: effects on an object end when
/// it changes to a non-board zone.
#[test]
fn r317_3_a_and_r109_effect_durations() {
    let mut g = board();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.add_effect(None, Filter::Object(u), None, Modification::Might(2), Duration::ThisTurn);
    assert_eq!(g.might(u), 5);
    g.expire_effects(true);
    assert_eq!(g.might(u), 3);
    g.add_effect(None, Filter::Object(u), None, Modification::Might(2), Duration::Indefinite);
    let hand = g.move_object(u, Zone::Hand, P1, riftbound::riftbound::actions::Pos::Bottom);
    assert!(g.effects.is_empty());
    let back = g.move_object(hand, Zone::Base, P1, riftbound::riftbound::actions::Pos::Bottom);
    assert_eq!(g.might(back), 3);
}

/// 362.1: a passive ability of a permanent applies while its source is on the board.
#[test]
fn r362_effect_ends_when_its_source_leaves() {
    let mut g = board();
    let src = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.add_effect(Some(src), Filter::UnitsControlledBy(P1), None, Modification::Might(1), Duration::WhileSourceOnBoard);
    assert_eq!(g.might(u), 4);
    g.kill(&[src], None).unwrap();
    assert_eq!(g.might(u), 3);
}
