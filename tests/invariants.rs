//! The engine's invariants (`Game::invariant_violations`), checked after every step in debug and
//! test builds: each kind of corruption is reported, and a real game breaks none. The invariants
//! about a step compare it with a [`Mark`] of the state before it.

use riftbound::agents::RandomAgent;
use riftbound::cli::pick_decks;
use riftbound::kernel::PlayerId;
use riftbound::riftbound::invariants::Mark;
use riftbound::riftbound::{Bf, Game, Loc, Step, Zone};

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

fn step_broken_with(g: &Game, before: &Mark, needle: &str) {
    let v = g.step_violations(before);
    assert!(v.iter().any(|m| m.contains(needle)), "expected a violation with `{needle}`, got {v:?}");
}

/// 160 / 315.4.d: a pool still holding energy after the step that ended the draw phase is
/// reported; the same pool during the beginning phase (a start-of-turn [Add]) is legal.
#[test]
fn r315_4_d_a_pool_not_emptied_as_the_draw_phase_ends_is_reported() {
    let mut g = board();
    g.step = Step::Draw;
    let before = g.mark();
    g.step = Step::Action;
    g.add(P2, 1, &[], 0);
    step_broken_with(&g, &before, "P2's rune pool is not empty as 315.4.d");
    g.step = Step::Awaken;
    let before = g.mark();
    g.step = Step::Beginning;
    assert_eq!(
        g.step_violations(&before),
        Vec::<String>::new(),
        "a start-of-turn [Add] stays until the draw phase ends"
    );
}

/// 160 / 317.3.b: a pool still holding power after the step that ended the turn is reported; an
/// [Add] in the action phase keeps its pool full from one step to the next.
#[test]
fn r317_3_b_a_pool_not_emptied_as_the_turn_ends_is_reported() {
    let mut g = board();
    g.add(P1, 0, &[], 1);
    let before = g.mark();
    assert_eq!(g.step_violations(&before), Vec::<String>::new(), "mid-turn, a full pool is legal");
    g.step = Step::Expiration;
    let before = g.mark();
    g.turn += 1;
    g.step = Step::Awaken;
    step_broken_with(&g, &before, "P1's rune pool is not empty as 317.3.b");
}

/// 444: points are only gained, so a step that lowers a score is reported; one that raises it is not.
#[test]
fn r444_a_score_that_goes_down_is_reported() {
    let mut g = board();
    g.player_mut(P1).points = 3;
    let before = g.mark();
    g.player_mut(P1).points = 4;
    assert_eq!(g.step_violations(&before), Vec::<String>::new());
    g.player_mut(P1).points = 2;
    step_broken_with(&g, &before, "P1's score went down from 3 to 2");
}

/// Jinx against Lee Sin between random agents, seed 5.
fn random_game() -> Game {
    let db = cards_db();
    let decks = pick_decks(&db, &["jinx".to_string(), "lee-sin".to_string()]).unwrap();
    let mut g = Game::new(db, &decks, 5).unwrap();
    g.set_agents(vec![Box::new(RandomAgent::new(5)), Box::new(RandomAgent::new(6))]);
    g
}

/// A whole game between random agents breaks no invariant about any of its steps, among them the
/// steps that end a draw phase or a turn (where the pools are checked) and those that score.
#[test]
fn a_real_game_breaks_no_step_invariant() {
    let mut g = random_game();
    let (mut draws_ended, mut scored) = (0, 0);
    loop {
        let before = g.mark();
        let (step, points) = (g.step, g.player(P1).points + g.player(P2).points);
        let over = g.step().unwrap();
        assert_eq!(g.step_violations(&before), Vec::<String>::new(), "turn {}, {:?}", g.turn, g.step);
        draws_ended += u32::from(step == Step::Draw && g.step == Step::Action);
        scored += u32::from(g.player(P1).points + g.player(P2).points > points);
        if over {
            break;
        }
    }
    assert!(draws_ended > 2 && scored > 2 && g.turn > 2, "{draws_ended} draw phases, {scored} scores");
}

/// A violation report names the action: the step's last decision, who took it and what it was;
/// a step that took none (a turn step) says so.
#[test]
fn a_report_names_the_decision_the_step_took() {
    let mut g = random_game();
    let (mut with, mut without) = (None, None);
    while with.is_none() || without.is_none() {
        let (before, decisions) = (g.mark(), g.decisions);
        assert!(!g.step().unwrap(), "the game ended first");
        let text = g.describe_step(&before);
        assert!(text.starts_with(&format!("turn {}, {:?}, after ", g.turn, g.step)), "{text}");
        if g.decisions > decisions {
            let (p, c) = g.last_decision.clone().unwrap();
            assert!(text.ends_with(&format!("after {p} chose {}", g.describe_choice(&c))), "{text}");
            with = Some(text);
        } else {
            assert!(text.ends_with("after a step without a decision"), "{text}");
            without = Some(text);
        }
    }
}
