//! Combat (433-440), movement (419-427, 141), recalls (428-432), battlefield control (179-183)
//! and scoring (441-445).

use riftbound::agents::Scripted;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::state::{Combat, Role};
use riftbound::riftbound::{Agent, Ask, Choice, Decision, Game, Loc, Step, Zone};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;

mod common;
use common::board::{BF0, BF1, P1, P2, U3, U4, U5, U8, U10, ZAUN_BFS, traced_game};
use common::chain::ability_item;
use common::db;
use common::showdown::{held, standard_move, standard_move_picking};
use common::trace::{count_rule, has_rule};

/// Vanilla units (no rules text) by might.
const GEAR: &str = "Sun Disc";

type Log = Arc<Mutex<Vec<(PlayerId, Ask, Vec<Choice>)>>>;

/// A scripted agent that also records every decision it is asked.
#[derive(Clone)]
struct Rec {
    inner: Scripted,
    log: Log,
}

impl Agent<Game> for Rec {
    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        self.log.lock().unwrap().push((d.player, d.ask.clone(), d.options.clone()));
        self.inner.choose(g, d)
    }
}

/// A blank duel on two battlefields, P1's action phase, with scripted agents for both players
/// that share one decision log.
fn game() -> (Game, Scripted, Scripted, Log) {
    let log: Log = Arc::default();
    let rec = || Rec { inner: Scripted::new(), log: log.clone() };
    let (g, a, b) = traced_game(db(), &ZAUN_BFS, rec(), rec());
    (g, a.inner, b.inner, log)
}

/// Puts a unit of `p` at a battlefield and marks the battlefield contested by `p` (as a move or
/// play there would).
fn contesting(g: &mut Game, name: &str, p: PlayerId, b: Bf) -> ObjId {
    let u = g.put_at(name, p, Loc::Battlefield(b)).unwrap();
    g.battlefields[b].contested_by = Some(p);
    u
}

/// Steps until no showdown (or combat) is in progress and none is staged.
fn settle(g: &mut Game) {
    for _ in 0..100 {
        let staged = g.battlefields.iter().any(|b| b.showdown_staged || b.combat_staged);
        if g.showdown.is_none() && g.chain.is_empty() && !staged {
            return;
        }
        if g.step().unwrap() {
            return;
        }
    }
    panic!("showdowns did not settle");
}

fn grant(g: &mut Game, u: ObjId, m: Modification) {
    g.add_effect(None, Filter::Object(u), None, m, Duration::ThisTurn);
}

fn tank(g: &mut Game, u: ObjId) {
    grant(g, u, Modification::GrantKeyword(Keyword::Tank, 0));
}

fn as_map(v: Vec<(ObjId, u32)>) -> HashMap<ObjId, u32> {
    let mut m = HashMap::new();
    for (u, n) in v {
        *m.entry(u).or_insert(0) += n;
    }
    m
}

fn assigned(m: &HashMap<ObjId, u32>, u: ObjId) -> u32 {
    m.get(&u).copied().unwrap_or(0)
}

fn decisions_of(log: &Log, ask: Ask) -> Vec<(PlayerId, Vec<Choice>)> {
    log.lock().unwrap().iter().filter(|(_, a, _)| *a == ask).map(|(p, _, o)| (*p, o.clone())).collect()
}

fn same_set(a: &[Choice], b: &[Choice]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

// ---------------------------------------------------------------------------------------------
// 433-436: when combat occurs
// ---------------------------------------------------------------------------------------------

/// 426.1 / 434: a move that contests a battlefield holding an opponent's units starts a combat in
/// the cleanup after the move.
#[test]
fn r426_1_moving_into_enemy_units_starts_combat() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    let u = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    let sd = g.showdown.as_ref().expect("combat's showdown step is under way");
    assert_eq!(sd.battlefield, Bf::new(0));
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
    assert_eq!(g.obj(u).role, Some(Role::Attacker));
    assert_eq!(g.obj(d).role, Some(Role::Defender));
}

/// 434-435: combat occurs only when a cleanup happens with no items on the chain; until then it
/// is only staged.
#[test]
fn r434_combat_waits_for_an_empty_chain_and_is_staged_until_then() {
    let (mut g, _a, _b, _log) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    contesting(&mut g, U4, P1, Bf::new(0));
    g.chain.push(ability_item(d, P2, false));
    g.cleanup().unwrap();
    assert!(g.showdown.is_none(), "no combat may begin while the chain has items");
    assert!(g.battlefields[0].combat_staged, "435: the combat is staged");
    g.chain = Default::default();
    g.cleanup().unwrap();
    let sd = g.showdown.as_ref().expect("the combat begins once the chain is empty");
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
    assert!(!g.battlefields[0].combat_staged);
}

/// 435.1: with combats staged at several battlefields, the turn player chooses which resolves
/// first; the other follows.
#[test]
fn r435_1_turn_player_chooses_which_combat_first() {
    let (mut g, a, _b, log) = game();
    let d0 = held(&mut g, U3, P2, Bf::new(0));
    let d1 = held(&mut g, U3, P2, Bf::new(1));
    let a0 = contesting(&mut g, U4, P1, Bf::new(0));
    let a1 = contesting(&mut g, U4, P1, Bf::new(1));
    a.push(Choice::Battlefield(Bf::new(1)));
    g.cleanup().unwrap();
    let asked = decisions_of(&log, Ask::ChooseBattlefield);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].0, P1, "the turn player chooses");
    assert!(same_set(&asked[0].1, &[Choice::Battlefield(Bf::new(0)), Choice::Battlefield(Bf::new(1))]));
    assert_eq!(g.showdown.as_ref().unwrap().battlefield, Bf::new(1));
    // Finish the combat at battlefield 1: the one at battlefield 0 then begins.
    g.step().unwrap();
    g.step().unwrap();
    assert!(!g.obj(d1).alive);
    assert_eq!(g.battlefields[1].controller, Some(P1));
    let sd = g.showdown.as_ref().expect("the other staged combat begins next");
    assert_eq!(sd.battlefield, Bf::new(0));
    assert!(g.obj(d0).alive);
    settle(&mut g);
    assert!(!g.obj(d0).alive);
    assert!(g.obj(a0).alive && g.obj(a1).alive);
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 2);
}

/// 435.2: a staged combat that stops being staged before its steps begin is not resolved.
#[test]
fn r435_2_combat_no_longer_staged_is_not_resolved() {
    let (mut g, a, _b, _log) = game();
    let d0 = held(&mut g, U3, P2, Bf::new(0));
    held(&mut g, U3, P2, Bf::new(1));
    let a0 = contesting(&mut g, U4, P1, Bf::new(0));
    contesting(&mut g, U4, P1, Bf::new(1));
    a.push(Choice::Battlefield(Bf::new(1)));
    g.cleanup().unwrap();
    assert!(g.battlefields[0].combat_staged);
    // During the combat at battlefield 1, the defender at battlefield 0 leaves.
    g.kill(&[d0], None).unwrap();
    g.cleanup().unwrap();
    assert!(!g.battlefields[0].combat_staged, "no longer units of two players there");
    settle(&mut g);
    assert_eq!(count_rule(&g, "438.1"), 1, "only the combat at battlefield 1 was resolved:\n{}", g.trace.render());
    assert!(g.obj(a0).alive);
    assert_eq!(g.location(a0), Some(BF0));
}

// ---------------------------------------------------------------------------------------------
// 438: the showdown step
// ---------------------------------------------------------------------------------------------

/// 438.1.a.1-2: the attacker is the player who applied contested — here not the turn player —
/// and gains focus; the other player defends. 440.2.a: they conquer even on the opponent's turn.
#[test]
fn r438_1_a_attacker_is_the_contesting_player_even_off_turn() {
    let (mut g, _a, _b, _log) = game();
    let x = held(&mut g, U3, P1, Bf::new(0));
    let y = contesting(&mut g, U4, P2, Bf::new(0));
    g.cleanup().unwrap();
    let sd = g.showdown.as_ref().unwrap();
    assert_eq!(sd.combat, Some(Combat { attacker: P2, defender: P1 }));
    assert_eq!(sd.focus, P2, "438.1.a.1.a: the attacker gains focus");
    assert_eq!(g.priority, Some(P2));
    assert_eq!(g.obj(y).role, Some(Role::Attacker));
    assert_eq!(g.obj(x).role, Some(Role::Defender));
    settle(&mut g);
    assert!(!g.obj(x).alive);
    assert_eq!(g.battlefields[0].controller, Some(P2));
    assert_eq!(g.player(P2).points, 1);
}

/// 438.1.c.1 / 344.3-344.4: with no initial chain the showdown is open; the attacker's pass gives
/// focus to the defender, and when both have passed the combat goes on to damage.
#[test]
fn r438_1_c_1_open_showdown_focus_passes_then_damage() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    let u = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    assert!(g.chain.is_empty());
    assert_eq!(g.showdown.as_ref().unwrap().focus, P1);
    g.step().unwrap(); // P1 passes
    let sd = g.showdown.as_ref().expect("one pass does not end the showdown");
    assert_eq!(sd.focus, P2);
    assert!(g.obj(d).alive);
    g.step().unwrap(); // P2 passes
    assert!(g.showdown.is_none());
    assert!(!g.obj(d).alive);
    assert!(g.obj(u).alive);
}

/// 438.1.a.3.a / 438.1.a.4.a: units that become present after the designations are given gain
/// their controller's designation in the following cleanup.
#[test]
fn r438_1_a_3_a_late_arrivals_gain_designations_in_cleanup() {
    let (mut g, _a, _b, _log) = game();
    held(&mut g, U5, P2, Bf::new(0));
    contesting(&mut g, U3, P1, Bf::new(0));
    g.cleanup().unwrap();
    assert!(g.showdown.is_some());
    let late_a = g.put_at(U3, P1, BF0).unwrap();
    let late_d = g.put_at(U3, P2, BF0).unwrap();
    g.cleanup().unwrap();
    assert_eq!(g.obj(late_a).role, Some(Role::Attacker));
    assert_eq!(g.obj(late_d).role, Some(Role::Defender));
}

/// 438.1.a.3.a with 439.1.b: a late attacker adds its might to the attack.
#[test]
fn r438_1_a_3_a_late_attacker_contributes_might() {
    let (mut g, _a, b, _log) = game();
    let d = held(&mut g, U5, P2, Bf::new(0));
    let a1 = contesting(&mut g, U3, P1, Bf::new(0));
    g.cleanup().unwrap();
    let a2 = g.put_at(U3, P1, BF0).unwrap();
    g.cleanup().unwrap();
    // P2 assigns 5: lethal to one attacker, the rest to the other.
    b.push(Choice::Obj(a1));
    settle(&mut g);
    assert!(!g.obj(d).alive, "3 + 3 might kills the 5-might defender");
    assert!(!g.obj(a1).alive);
    assert!(g.obj(a2).alive);
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

// ---------------------------------------------------------------------------------------------
// 439: the combat damage step
// ---------------------------------------------------------------------------------------------

/// 439.1: combat damage uses each unit's current might (a +2 effect gained during the showdown
/// counts).
#[test]
fn r439_1_combat_damage_uses_current_might() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U4, P2, Bf::new(0));
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    grant(&mut g, u, Modification::Might(2));
    settle(&mut g);
    assert!(!g.obj(d).alive, "5 damage kills the 4-might defender");
    assert!(g.obj(u).alive, "4 damage doesn't kill the 5-might attacker");
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 439.1 (control): without the effect the same fight goes the other way.
#[test]
fn r439_1_combat_damage_printed_might_control_case() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U4, P2, Bf::new(0));
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(g.obj(d).alive);
    assert!(!g.obj(u).alive);
    assert_eq!(g.battlefields[0].controller, Some(P2));
}

/// 439.1.a: the combat damage step happens only if both attackers and defenders remain.
#[test]
fn r439_1_a_no_combat_damage_without_defenders() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U4, P2, Bf::new(0));
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    g.kill(&[d], None).unwrap();
    g.cleanup().unwrap();
    // 181.4.b / 181.3.c: still contested, so P2 keeps control for now.
    assert_eq!(g.battlefields[0].controller, Some(P2));
    settle(&mut g);
    assert!(has_rule(&g, "439.1.a"), "{}", g.trace.render());
    assert!(!has_rule(&g, "439.1.e"), "no combat damage is dealt");
    assert!(g.obj(u).alive);
    assert_eq!(g.obj(u).damage, 0);
    assert_eq!(g.battlefields[0].controller, Some(P1), "440.2: the attacker's remaining units take control");
    assert_eq!(g.player(P1).points, 1);
}

/// 439.1.b-c: the might of all attackers and of all defenders is summed.
#[test]
fn r439_1_b_might_of_attackers_is_summed() {
    let (mut g, a, b, _log) = game();
    let d = held(&mut g, U5, P2, Bf::new(0));
    let a1 = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let a2 = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(a1), Choice::Obj(a2)]);
    assert_eq!(g.location(a1), Some(BF0));
    assert_eq!(g.location(a2), Some(BF0));
    b.push(Choice::Obj(a1)); // P2 assigns lethal to a1 first, the other 2 to a2
    settle(&mut g);
    assert!(!g.obj(d).alive, "3 + 3 = 6 kills the 5-might defender");
    assert!(!g.obj(a1).alive);
    assert!(g.obj(a2).alive);
    assert_eq!(g.obj(a2).damage, 0, "440.1.a.1: damage cleared");
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 439.1.c: the defenders' might is summed too.
#[test]
fn r439_1_c_might_of_defenders_is_summed() {
    let (mut g, a, _b, _log) = game();
    let d1 = held(&mut g, U3, P2, Bf::new(0));
    let d2 = g.put_at(U3, P2, BF0).unwrap();
    let u = g.put_at(U5, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    a.push(Choice::Obj(d1)); // 5: lethal 3 to d1, 2 to d2
    settle(&mut g);
    assert!(!g.obj(u).alive, "3 + 3 = 6 kills the 5-might attacker");
    assert!(!g.obj(d1).alive);
    assert!(g.obj(d2).alive);
    assert_eq!(g.battlefields[0].controller, Some(P2));
}

/// 410.1.b / 410.1.c: a stunned unit contributes no might to combat damage, but still needs
/// damage equal to its full might to die.
#[test]
fn r410_1_b_stunned_unit_deals_no_combat_damage() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U8, P2, Bf::new(0));
    g.stun(d);
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(g.obj(u).alive, "the stunned defender dealt no damage");
    assert!(g.obj(d).alive, "3 damage doesn't kill an 8-might stunned unit");
}

/// 439.1.d: the attacker assigns their damage first, then the defender.
#[test]
fn r439_1_d_attacker_assigns_first() {
    let (mut g, a, b, log) = game();
    let d1 = held(&mut g, U3, P2, Bf::new(0));
    let d2 = g.put_at(U3, P2, BF0).unwrap();
    let a1 = contesting(&mut g, U3, P1, Bf::new(0));
    let a2 = g.put_at(U3, P1, BF0).unwrap();
    g.cleanup().unwrap();
    a.push(Choice::Obj(d1));
    b.push(Choice::Obj(a1));
    settle(&mut g);
    let asked = decisions_of(&log, Ask::AssignDamage);
    assert_eq!(asked.len(), 2);
    assert_eq!(asked[0].0, P1, "the attacker assigns first");
    assert!(same_set(&asked[0].1, &[Choice::Obj(d1), Choice::Obj(d2)]), "among the defender's units");
    assert_eq!(asked[1].0, P2);
    assert!(same_set(&asked[1].1, &[Choice::Obj(a1), Choice::Obj(a2)]), "among the attacker's units");
    for u in [a1, a2, d1, d2] {
        assert!(!g.obj(u).alive);
    }
}

/// 439.1.d.1.a / 439.1.e: damage is dealt simultaneously, so a defender assigned lethal damage
/// still deals its own; when everything dies nobody establishes control and the former
/// controller loses it (181.4.c).
#[test]
fn r439_1_d_1_a_damage_dealt_simultaneously_both_die() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(!g.obj(u).alive);
    assert!(!g.obj(d).alive);
    assert_eq!(g.player(P1).trash.len(), 1);
    assert_eq!(g.player(P2).trash.len(), 1);
    assert_eq!(g.battlefields[0].contested_by, None);
    assert_eq!(g.battlefields[0].controller, None);
    assert_eq!(g.player(P1).points + g.player(P2).points, 0);
}

/// 439.1.d.3: "5 damage among four 3-might units": lethal in full to one unit before another, so
/// 3 and 2, never 2+1+1+1.
#[test]
fn r439_1_d_3_lethal_in_full_before_the_next_unit() {
    let (mut g, a, _b, log) = game();
    let us: Vec<ObjId> = (0..4).map(|_| g.put_at(U3, P2, BF0).unwrap()).collect();
    a.push(Choice::Obj(us[2]));
    a.push(Choice::Obj(us[0]));
    let m = as_map(g.assign_combat_damage(P1, 5, &us).unwrap());
    assert_eq!(assigned(&m, us[2]), 3);
    assert_eq!(assigned(&m, us[0]), 2);
    assert_eq!(assigned(&m, us[1]) + assigned(&m, us[3]), 0);
    let asked = decisions_of(&log, Ask::AssignDamage);
    assert_eq!(asked.len(), 2);
    assert_eq!(asked[0].1.len(), 4);
    assert!(same_set(&asked[1].1, &[Choice::Obj(us[0]), Choice::Obj(us[1]), Choice::Obj(us[3])]));
    // Assigning is not dealing (439.1.d.1).
    assert!(us.iter().all(|u| g.obj(*u).damage == 0));
}

/// 439.1.d.4: no unit gets more than lethal while another can still take damage; only then is
/// the excess the assigning player's to spread: a unit, then how much of what is left.
#[test]
fn r439_1_d_4_no_overassignment_until_all_have_lethal() {
    let (mut g, a, _b, log) = game();
    let x = g.put_at(U3, P2, BF0).unwrap();
    let y = g.put_at(U3, P2, BF0).unwrap();
    a.push(Choice::Obj(x));
    // The excess, once both have lethal: 1 of the 2 to x, the last 1 to y.
    a.push(Choice::Obj(x));
    a.push(Choice::Amount(1));
    a.push(Choice::Obj(y));
    let m = as_map(g.assign_combat_damage(P1, 8, &[x, y]).unwrap());
    assert_eq!(assigned(&m, x), 4);
    assert_eq!(assigned(&m, y), 4);
    assert_eq!(decisions_of(&log, Ask::AssignDamage).len(), 4);
}

/// 439.1.d.4 in combat: a 10-might attacker kills both 3-might defenders; the excess is
/// assigned too.
#[test]
fn r439_1_d_4_excess_damage_in_combat() {
    let (mut g, a, _b, _log) = game();
    let d1 = held(&mut g, U3, P2, Bf::new(0));
    let d2 = g.put_at(U3, P2, BF0).unwrap();
    let u = g.put_at(U10, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    a.push(Choice::Obj(d2));
    a.push(Choice::Obj(d1));
    a.push(Choice::Amount(4)); // all 4 left over on d1
    settle(&mut g);
    assert!(!g.obj(d1).alive && !g.obj(d2).alive);
    assert!(g.obj(u).alive);
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 439.1.d.5 / 731: a unit with Tank must be assigned lethal damage first.
#[test]
fn r439_1_d_5_tank_is_assigned_first() {
    let (mut g, _a, _b, log) = game();
    let plain = g.put_at(U3, P2, BF0).unwrap();
    let t = g.put_at(U3, P2, BF0).unwrap();
    tank(&mut g, t);
    let m = as_map(g.assign_combat_damage(P1, 3, &[plain, t]).unwrap());
    assert_eq!(assigned(&m, t), 3);
    assert_eq!(assigned(&m, plain), 0);
    assert!(decisions_of(&log, Ask::AssignDamage).is_empty(), "no choice: Tank goes first");
}

/// 439.1.d.5 example: Tank first, then the unit with no abilities, then the "assigned last" unit
/// (Caitlyn, Patrolling).
#[test]
fn r439_1_d_5_tank_then_plain_then_assigned_last() {
    let (mut g, _a, _b, _log) = game();
    let cait = g.put_at(U3, P2, BF0).unwrap();
    let plain = g.put_at(U3, P2, BF0).unwrap();
    let t = g.put_at(U3, P2, BF0).unwrap();
    grant(&mut g, cait, Modification::AssignedLast);
    tank(&mut g, t);
    let m = as_map(g.assign_combat_damage(P1, 8, &[cait, plain, t]).unwrap());
    assert_eq!(assigned(&m, t), 3);
    assert_eq!(assigned(&m, plain), 3);
    assert_eq!(assigned(&m, cait), 2);
    let m = as_map(g.assign_combat_damage(P1, 4, &[cait, plain, t]).unwrap());
    assert_eq!((assigned(&m, t), assigned(&m, plain), assigned(&m, cait)), (3, 1, 0));
}

/// 439.1.d.6: two units with the same priority (two Tanks) may be assigned in either order, but
/// both before the unit with no abilities.
#[test]
fn r439_1_d_6_same_priority_in_any_order() {
    let (mut g, a, _b, log) = game();
    let plain = g.put_at(U3, P2, BF0).unwrap();
    let t1 = g.put_at(U3, P2, BF0).unwrap();
    let t2 = g.put_at(U3, P2, BF0).unwrap();
    tank(&mut g, t1);
    tank(&mut g, t2);
    a.push(Choice::Obj(t2));
    let m = as_map(g.assign_combat_damage(P1, 5, &[plain, t1, t2]).unwrap());
    let asked = decisions_of(&log, Ask::AssignDamage);
    assert!(same_set(&asked[0].1, &[Choice::Obj(t1), Choice::Obj(t2)]), "only the Tanks are eligible first");
    assert_eq!(assigned(&m, t2), 3);
    assert_eq!(assigned(&m, t1), 2);
    assert_eq!(assigned(&m, plain), 0);
}

/// 439.1.d.7: a unit that must be assigned both first (Tank) and last: the assigning player
/// chooses which requirement applies — here "first".
#[test]
fn r439_1_d_7_tank_and_last_assigner_chooses_first() {
    let (mut g, a, _b, log) = game();
    let cait = g.put_at(U3, P2, BF0).unwrap();
    let p1 = g.put_at(U3, P2, BF0).unwrap();
    let p2 = g.put_at(U3, P2, BF0).unwrap();
    grant(&mut g, cait, Modification::AssignedLast);
    tank(&mut g, cait);
    a.push(Choice::First(cait));
    let m = as_map(g.assign_combat_damage(P1, 3, &[p1, cait, p2]).unwrap());
    assert_eq!(assigned(&m, cait), 3);
    assert_eq!(assigned(&m, p1) + assigned(&m, p2), 0);
    let asked = decisions_of(&log, Ask::AssignmentOrder);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].0, P1, "the assigning player chooses");
    assert!(same_set(&asked[0].1, &[Choice::First(cait), Choice::Last(cait)]));
}

/// 439.1.d.7: ... or "last": then it can't be assigned damage between the other two.
#[test]
fn r439_1_d_7_tank_and_last_assigner_chooses_last() {
    let (mut g, a, _b, _log) = game();
    let cait = g.put_at(U3, P2, BF0).unwrap();
    let p1 = g.put_at(U3, P2, BF0).unwrap();
    let p2 = g.put_at(U3, P2, BF0).unwrap();
    grant(&mut g, cait, Modification::AssignedLast);
    tank(&mut g, cait);
    a.push(Choice::Last(cait));
    a.push(Choice::Obj(p2));
    let m = as_map(g.assign_combat_damage(P1, 7, &[p1, cait, p2]).unwrap());
    assert_eq!(assigned(&m, p2), 3);
    assert_eq!(assigned(&m, p1), 3);
    assert_eq!(assigned(&m, cait), 1);
}

/// 439.1.d.8: two Caitlyns given Tank, each resolved individually: choosing Tank for both puts
/// both before the unit with no abilities, in any order between them.
#[test]
fn r439_1_d_8_two_units_each_choose_then_same_priority() {
    let (mut g, a, _b, log) = game();
    let c1 = g.put_at(U3, P2, BF0).unwrap();
    let c2 = g.put_at(U3, P2, BF0).unwrap();
    let plain = g.put_at(U3, P2, BF0).unwrap();
    for c in [c1, c2] {
        grant(&mut g, c, Modification::AssignedLast);
        tank(&mut g, c);
    }
    a.push(Choice::First(c1));
    a.push(Choice::First(c2));
    a.push(Choice::Obj(c2));
    let m = as_map(g.assign_combat_damage(P1, 6, &[c1, c2, plain]).unwrap());
    assert_eq!(assigned(&m, c1), 3);
    assert_eq!(assigned(&m, c2), 3);
    assert_eq!(assigned(&m, plain), 0);
    let first = decisions_of(&log, Ask::AssignDamage);
    assert!(same_set(&first[0].1, &[Choice::Obj(c1), Choice::Obj(c2)]));
}

/// 439.1.d.9: a unit that can't be damaged is exempt from mandatory assignment (even with
/// Tank): lethal goes to the others.
#[test]
fn r439_1_d_9_unit_that_cant_be_damaged_is_exempt() {
    let (mut g, _a, _b, log) = game();
    let kayn = g.put_at(U3, P2, BF0).unwrap();
    let plain = g.put_at(U3, P2, BF0).unwrap();
    grant(&mut g, kayn, Modification::CantBeDamaged);
    tank(&mut g, kayn);
    let m = as_map(g.assign_combat_damage(P1, 3, &[kayn, plain]).unwrap());
    assert_eq!(assigned(&m, plain), 3);
    assert_eq!(assigned(&m, kayn), 0);
    assert!(decisions_of(&log, Ask::AssignDamage).is_empty());
}

/// 439.1.d.9 in combat: the undamageable defender survives and its controller keeps the
/// battlefield.
#[test]
fn r439_1_d_9_undamageable_defender_survives_combat() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    grant(&mut g, d, Modification::CantBeDamaged);
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(g.obj(d).alive);
    assert!(!g.obj(u).alive);
    assert_eq!(g.battlefields[0].controller, Some(P2));
}

// ---------------------------------------------------------------------------------------------
// 440: the resolution step
// ---------------------------------------------------------------------------------------------

/// 440.1.a.1: the combat cleanup clears all marked damage from all units.
#[test]
fn r440_1_a_1_combat_cleanup_clears_damage() {
    let (mut g, a, _b, _log) = game();
    held(&mut g, U3, P2, Bf::new(0));
    let elsewhere = held(&mut g, U5, P2, Bf::new(1));
    g.deal(None, &[(elsewhere, 1)]);
    let u = g.put_at(U5, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(g.obj(u).alive);
    assert_eq!(g.obj(u).damage, 0, "the 3 combat damage is cleared before end of turn");
    assert_eq!(g.obj(elsewhere).damage, 0, "all units");
    assert_eq!(g.step, Step::Action);
}

/// 440.1.a.2-3, 440.1.b, 432.1: if defenders remain, attackers are recalled (still exhausted),
/// designations are removed, the contested status is cleared and the defender keeps control.
#[test]
fn r440_1_a_2_attackers_recalled_when_defenders_remain() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U8, P2, Bf::new(0));
    g.stun(d);
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(g.obj(u).alive && g.obj(d).alive);
    assert_eq!(g.location(u), Some(Loc::Base(P1)), "440.1.a.2: recalled");
    assert!(g.obj(u).exhausted, "432.1: a recall keeps the exhausted status");
    assert_eq!(g.location(d), Some(BF0));
    assert_eq!(g.obj(d).damage, 0);
    assert_eq!(g.obj(u).role, None, "440.1.a.3");
    assert_eq!(g.obj(d).role, None, "440.1.a.3");
    assert_eq!(g.battlefields[0].contested_by, None, "440.1.b");
    assert_eq!(g.battlefields[0].controller, Some(P2));
    assert_eq!(g.player(P1).points, 0);
}

/// 440.1.a.3 / 440.1.b / 440.2: when the attacker wins, designations are removed, the contested
/// status is cleared and the attacker establishes control, conquering (442.1).
#[test]
fn r440_2_remaining_units_establish_control() {
    let (mut g, a, _b, _log) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    let u = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(!g.obj(d).alive);
    assert_eq!(g.location(u), Some(BF0), "not recalled: no defenders remain");
    assert_eq!(g.obj(u).role, None);
    assert_eq!(g.battlefields[0].contested_by, None);
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 1);
}

/// 440.2.b: the player establishing control need not be the one who applied contested (P2's
/// units at an uncontrolled battlefield survive P1's attack).
#[test]
fn r440_2_b_control_can_go_to_the_defender() {
    let (mut g, a, _b, _log) = game();
    let d = g.put_at(U4, P2, BF0).unwrap();
    assert_eq!(g.battlefields[0].controller, None);
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert!(!g.obj(u).alive);
    assert!(g.obj(d).alive);
    assert_eq!(g.battlefields[0].controller, Some(P2));
    assert_eq!(g.player(P2).points, 1, "440.2.a: a conquer for P2");
    assert_eq!(g.player(P1).points, 0);
}

// ---------------------------------------------------------------------------------------------
// 419-427 / 141: movement
// ---------------------------------------------------------------------------------------------

/// 141.2: exhausting the unit is the cost of a standard move; an exhausted unit can't move.
#[test]
fn r141_2_standard_move_exhausts_the_unit() {
    let (mut g, a, _b, _log) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let tired = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.exhaust(tired);
    assert!(!g.standard_move_units(P1, BF0).contains(&tired));
    standard_move(&mut g, &a, BF0);
    assert_eq!(g.location(u), Some(BF0));
    assert!(g.obj(u).exhausted);
    assert_eq!(g.location(tired), Some(Loc::Base(P1)));
}

/// 141.3 / 141.3.b-c: several units move together to one destination from different origins,
/// all exhausted together; the battlefields they leave become uncontrolled (181.4.c).
#[test]
fn r141_3_group_move_from_different_origins() {
    let (mut g, a, _b, _log) = game();
    let u0 = held(&mut g, U3, P1, Bf::new(0));
    let u1 = held(&mut g, U3, P1, Bf::new(1));
    standard_move_picking(&mut g, &a, Loc::Base(P1), &[Choice::Obj(u0), Choice::Obj(u1)]);
    for u in [u0, u1] {
        assert_eq!(g.location(u), Some(Loc::Base(P1)));
        assert!(g.obj(u).exhausted);
    }
    assert_eq!(g.battlefields[0].controller, None);
    assert_eq!(g.battlefields[1].controller, None);
}

/// 141.3.b with 141.4.c.1: a unit from the base and a Ganking unit from another battlefield
/// move together to one battlefield.
#[test]
fn r141_3_b_group_move_base_and_battlefield_with_ganking() {
    let (mut g, a, _b, _log) = game();
    let from_bf = held(&mut g, U3, P1, Bf::new(1));
    grant(&mut g, from_bf, Modification::GrantKeyword(Keyword::Ganking, 0));
    let from_base = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(from_base), Choice::Obj(from_bf)]);
    assert_eq!(g.location(from_base), Some(BF0));
    assert_eq!(g.location(from_bf), Some(BF0));
    assert!(g.obj(from_base).exhausted && g.obj(from_bf).exhausted);
}

/// 141.4: base -> battlefield and battlefield -> own base are allowed; battlefield ->
/// battlefield only with Ganking (141.4.c.1).
#[test]
fn r141_4_standard_move_destinations() {
    let (mut g, _a, _b, _log) = game();
    let at_base = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let at_bf = held(&mut g, U3, P1, Bf::new(0));
    assert!(g.standard_move_units(P1, BF0).contains(&at_base));
    assert!(g.standard_move_units(P1, BF1).contains(&at_base));
    assert!(!g.standard_move_units(P1, Loc::Base(P1)).contains(&at_base));
    assert!(g.standard_move_units(P1, Loc::Base(P1)).contains(&at_bf));
    assert!(!g.standard_move_units(P1, BF1).contains(&at_bf), "no battlefield to battlefield without Ganking");
    grant(&mut g, at_bf, Modification::GrantKeyword(Keyword::Ganking, 0));
    assert!(g.standard_move_units(P1, BF1).contains(&at_bf), "Ganking allows battlefield to battlefield");
    assert!(!g.standard_move_units(P2, BF1).contains(&at_bf), "only the controller moves it");
}

/// 141.1: the standard move is only in its controller's action phase, in a neutral open state:
/// not during a showdown, a closed state, the opponent's turn or another phase.
#[test]
fn r141_1_standard_move_timing() {
    let (mut g, a, _b, _log) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let other = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    assert!(!g.standard_move_destinations(P1).is_empty(), "baseline: allowed now");
    // Closed state (a chain exists).
    g.chain.push(ability_item(u, P1, false));
    assert!(g.standard_move_destinations(P1).is_empty(), "141.1.b: not in a closed state");
    g.chain = Default::default();
    // Another phase.
    g.step = Step::Beginning;
    assert!(g.standard_move_destinations(P1).is_empty(), "141.1.a: only in the action phase");
    g.step = Step::Action;
    // Opponent's turn.
    g.turn_player = P2;
    g.priority = Some(P1);
    assert!(g.standard_move_destinations(P1).is_empty(), "only on its controller's turn");
    g.turn_player = P1;
    g.priority = Some(P1);
    // Showdown.
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(u), Choice::Done]);
    assert!(g.showdown.is_some());
    assert!(!g.obj(other).exhausted);
    assert!(g.standard_move_destinations(P1).is_empty(), "141.1.c: not during a showdown");
    assert!(!g.action_options(P1).iter().any(|c| matches!(c, Choice::StandardMove(_))));
}

/// 421.3: units are the only permanents that can move: gear has no standard move and a move
/// effect leaves it where it is.
#[test]
fn r421_3_only_units_move() {
    let (mut g, _a, _b, _log) = game();
    let gear = g.put_at(GEAR, P1, Loc::Base(P1)).unwrap();
    assert!(!g.standard_move_units(P1, BF0).contains(&gear));
    g.move_units(&[gear], BF0);
    assert_eq!(g.location(gear), Some(Loc::Base(P1)));
    assert_eq!(g.battlefields[0].contested_by, None);
}

/// 424 / 181.3.a.1: moving to a battlefield the mover doesn't control contests it; moving to one
/// they control doesn't.
#[test]
fn r424_destination_becomes_contested_unless_controlled() {
    let (mut g, _a, _b, _log) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let v = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    held(&mut g, U3, P1, Bf::new(1));
    g.move_units(&[u], BF0);
    assert_eq!(g.battlefields[0].contested_by, Some(P1));
    g.move_units(&[v], BF1);
    assert_eq!(g.battlefields[1].contested_by, None);
    assert_eq!(g.location(v), Some(BF1));
}

/// 181.3.a.1: a battlefield that is already contested keeps the player who contested it.
#[test]
fn r181_3_a_1_already_contested_battlefield_is_not_recontested() {
    let (mut g, _a, _b, _log) = game();
    contesting(&mut g, U3, P2, Bf::new(0));
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.move_units(&[u], BF0);
    assert_eq!(g.location(u), Some(BF0));
    assert_eq!(g.battlefields[0].contested_by, Some(P2));
}

/// 425.1 / 427 / 340.2: a move that contests an empty, uncontrolled battlefield opens a showdown
/// without combat in the cleanup after the move; the mover has focus, then conquers (345.2.a).
#[test]
fn r425_1_move_to_empty_battlefield_opens_showdown() {
    let (mut g, a, _b, _log) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    let sd = g.showdown.as_ref().expect("a showdown opens");
    assert_eq!(sd.battlefield, Bf::new(0));
    assert_eq!(sd.combat, None);
    assert_eq!(sd.focus, P1);
    assert_eq!(g.battlefields[0].controller, None, "181.3.c: not yet controlled");
    settle(&mut g);
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.battlefields[0].contested_by, None);
    assert_eq!(g.player(P1).points, 1);
    assert_eq!(g.location(u), Some(BF0));
}

/// 424 (control case): moving to a battlefield one already controls starts no showdown.
#[test]
fn r424_move_to_own_battlefield_no_showdown() {
    let (mut g, a, _b, _log) = game();
    held(&mut g, U3, P1, Bf::new(0));
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    assert_eq!(g.location(u), Some(BF0));
    assert!(g.showdown.is_none());
    assert_eq!(g.player(P1).points, 0);
}

// ---------------------------------------------------------------------------------------------
// 428-432: recalls
// ---------------------------------------------------------------------------------------------

/// 429 / 430 / 432.1: a recall takes the unit to its base without a move — the same object,
/// keeping damage, exhaustion, buff and layer alterations.
#[test]
fn r432_1_recall_keeps_the_units_state() {
    let (mut g, _a, _b, _log) = game();
    let u = held(&mut g, U5, P1, Bf::new(0));
    g.deal(None, &[(u, 2)]);
    g.exhaust(u);
    g.buff(u);
    g.add_effect(None, Filter::Object(u), None, Modification::Might(1), Duration::Indefinite);
    assert_eq!(g.might(u), 7);
    g.recall(u);
    assert!(g.obj(u).alive, "still the same object");
    assert_eq!(g.location(u), Some(Loc::Base(P1)));
    assert_eq!(g.obj(u).damage, 2);
    assert!(g.obj(u).exhausted);
    assert_eq!(g.obj(u).buffs, 1);
    assert_eq!(g.might(u), 7);
}

/// 431.1: gear at a battlefield is recalled to its controller's base in the next cleanup.
#[test]
fn r431_1_gear_at_a_battlefield_is_recalled_in_cleanup() {
    let (mut g, _a, _b, _log) = game();
    let gear = g.put_at(GEAR, P2, BF1).unwrap();
    assert_eq!(g.obj(gear).zone, Zone::Battlefield(Bf::new(1)));
    g.cleanup().unwrap();
    assert_eq!(g.obj(gear).zone, Zone::Base);
    assert!(g.player(P2).base.contains(&gear));
    assert!(g.battlefields[1].units.is_empty());
    assert_eq!(g.battlefields[1].contested_by, None);
}

// ---------------------------------------------------------------------------------------------
// 179-183: control
// ---------------------------------------------------------------------------------------------

/// 181.4.b / 181.3.c: the controller keeps control while the battlefield is contested.
#[test]
fn r181_4_b_control_maintained_while_contested() {
    let (mut g, a, _b, _log) = game();
    held(&mut g, U3, P2, Bf::new(0));
    g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    assert_eq!(g.battlefields[0].contested_by, Some(P1));
    assert_eq!(g.battlefields[0].controller, Some(P2));
}

/// 181.4.c: a player with no units at a battlefield that isn't contested loses control at once.
#[test]
fn r181_4_c_no_units_loses_control() {
    let (mut g, _a, _b, _log) = game();
    let u = held(&mut g, U3, P1, Bf::new(0));
    g.kill(&[u], None).unwrap();
    g.cleanup().unwrap();
    assert_eq!(g.battlefields[0].controller, None);
}

/// 181.4.a / 442.2: control is kept outside combat while units stay, across the end of turn;
/// the opponent's scoring step doesn't hold it for its controller.
#[test]
fn r181_4_a_control_maintained_into_the_next_turn() {
    let (mut g, a, _b, _log) = game();
    held(&mut g, U3, P1, Bf::new(0));
    a.push(Choice::EndTurn);
    g.step().unwrap();
    while !(g.turn_player == P2 && g.step == Step::Channel) {
        g.step().unwrap();
        assert!(g.turn < 3);
    }
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 0, "only the turn player holds");
    assert_eq!(g.player(P2).points, 0);
}

// ---------------------------------------------------------------------------------------------
// 441-445: scoring
// ---------------------------------------------------------------------------------------------

/// 442.2: a player holds each battlefield they control during their beginning phase's scoring
/// step.
#[test]
fn r442_2_hold_in_the_scoring_step() {
    let (mut g, _a, _b, _log) = game();
    held(&mut g, U3, P1, Bf::new(0));
    g.step = Step::Beginning;
    g.step().unwrap();
    assert_eq!(g.step, Step::Scoring);
    assert_eq!(g.player(P1).points, 0);
    g.step().unwrap();
    assert_eq!(g.player(P1).points, 1, "bf 0 held; bf 1 is uncontrolled");
}

/// 443 / 440.2.a: a player scores each battlefield at most once per turn, whichever way; other
/// battlefields and later turns score again.
#[test]
fn r443_each_battlefield_scores_once_per_turn() {
    let (mut g, a, _b, _log) = game();
    let u1 = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert_eq!(g.player(P1).points, 1);
    // Lose it and conquer it again in the same turn: no second point.
    g.kill(&[u1], None).unwrap();
    g.cleanup().unwrap();
    assert_eq!(g.battlefields[0].controller, None);
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 1, "bf 0 was already scored this turn");
    // Another battlefield scores.
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF1);
    settle(&mut g);
    assert_eq!(g.player(P1).points, 2);
    // Next turn, both are held.
    g.start_turn(P1);
    for _ in 0..3 {
        g.step().unwrap(); // awaken, beginning, scoring
    }
    assert_eq!(g.player(P1).points, 4);
}

/// 443: holding a battlefield counts as scoring it: conquering it later that turn gives nothing.
#[test]
fn r443_hold_then_conquer_same_turn() {
    let (mut g, a, _b, _log) = game();
    let u = held(&mut g, U3, P1, Bf::new(0));
    g.step = Step::Scoring;
    g.step().unwrap();
    assert_eq!(g.player(P1).points, 1);
    g.step = Step::Action;
    g.priority = Some(P1);
    g.kill(&[u], None).unwrap();
    g.cleanup().unwrap();
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 1);
}

/// 444.1.b.1 / 445: holding gives the final point, and reaching the victory score wins at once.
#[test]
fn r444_1_b_1_hold_scores_the_final_point_and_wins() {
    let (mut g, _a, _b, _log) = game();
    held(&mut g, U3, P1, Bf::new(0));
    g.player_mut(P1).points = 7;
    g.step = Step::Scoring;
    let over = g.step().unwrap();
    assert_eq!(g.player(P1).points, 8);
    assert!(over);
    assert_eq!(g.winner(), Some(P1));
}

/// 444.1.b.2: conquering for the final point without having scored every battlefield this turn
/// draws a card instead.
#[test]
fn r444_1_b_2_conquer_final_point_needs_every_battlefield() {
    let (mut g, a, _b, _log) = game();
    g.put(U3, P1, Zone::MainDeck).unwrap();
    g.player_mut(P1).points = 7;
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 7);
    assert_eq!(g.player(P1).hand.len(), 1, "draws 1 instead");
    assert!(g.player(P1).main_deck.is_empty());
    assert!(!g.is_over());
}

/// 444.1.b.2: conquering for the final point after scoring every other battlefield this turn
/// gives it, and wins (445).
#[test]
fn r444_1_b_2_conquer_final_point_after_scoring_every_battlefield() {
    let (mut g, a, _b, _log) = game();
    g.put(U3, P1, Zone::MainDeck).unwrap();
    held(&mut g, U3, P1, Bf::new(1));
    g.player_mut(P1).points = 6;
    g.step = Step::Scoring;
    g.step().unwrap(); // hold bf 1: 7
    assert_eq!(g.player(P1).points, 7);
    while g.step != Step::Action {
        g.step().unwrap();
    }
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert_eq!(g.player(P1).points, 8);
    assert_eq!(g.winner(), Some(P1));
}

/// 445: 7 points is not a win; 8 is, immediately (the game stops).
#[test]
fn r445_victory_at_eight_points() {
    let (mut g, a, _b, _log) = game();
    g.player_mut(P1).points = 6;
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    assert_eq!(g.player(P1).points, 7);
    assert!(!g.is_over());
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF1);
    settle(&mut g);
    assert_eq!(g.player(P1).points, 8, "every battlefield was scored this turn");
    assert_eq!(g.winner(), Some(P1));
    assert!(g.step().unwrap(), "the game is over");
}

/// 322.6 then 345.2.b: contesting an uncontrolled battlefield where the opponent already has
/// units stages a showdown first; when it closes with both players' units still there, a combat
/// is staged and begins with the contesting player attacking (345.2.b.1).
#[test]
fn r345_2_b_showdown_then_combat_at_an_uncontrolled_battlefield() {
    let (mut g, a, b, _log) = game();
    let theirs = g.put_at(U3, P2, BF0).unwrap();
    g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    let sd = g.showdown.clone().expect("a showdown begins");
    assert!(sd.combat.is_none(), "322.6: a showdown without combat comes first");
    assert_eq!(sd.focus, P1);
    a.push(Choice::Pass);
    g.step().unwrap();
    b.push(Choice::Pass);
    g.step().unwrap();
    let sd = g.showdown.clone().expect("then the combat's showdown");
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
    assert_eq!(g.obj(theirs).role, Some(Role::Defender));
    assert!(has_rule(&g, "345.2.b"));
}

/// 444.2 / 444.2.c: scoring is what conquer and hold abilities trigger on: each score records
/// one event naming the battlefield and how, and a battlefield already scored this turn records
/// none, so its score abilities can't trigger twice in a turn.
#[test]
fn r444_2_scores_are_recorded_once_per_battlefield_per_turn() {
    use riftbound::riftbound::events::Event;
    use riftbound::riftbound::scoring::ScoreMethod;
    let (mut g, a, _b, _log) = game();
    let u1 = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let start = g.events.len();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    g.kill(&[u1], None).unwrap();
    g.cleanup().unwrap();
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    settle(&mut g);
    let scored: Vec<&Event> = g.events[start..].iter().filter(|e| matches!(e, Event::Scored { .. })).collect();
    assert_eq!(
        scored,
        vec![&Event::Scored {
            player: P1,
            battlefield: Bf::new(0),
            method: ScoreMethod::Conquer,
            after_combat: false,
            was_uncontrolled: true
        }]
    );
}
