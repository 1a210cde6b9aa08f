//! Core Rules 301-323: the turn, its states, priority and focus, the phases of the turn, and
//! cleanups. Cards are vanilla (rules text ignored), so only printed might and cost matter.

use riftbound::agents::{GreedyAgent, Scripted};
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::layers::{Duration, Filter, Modification};
use riftbound::riftbound::play::Timing;
use riftbound::riftbound::state::{Combat, Role};
use riftbound::riftbound::{Choice, Deck, Game, Loc, Step, Zone};

mod common;
use common::board::{P1, P2, ZAUN_BFS, seat};
use common::chain::ability_item;
use common::db;
use common::showdown::{held, showdown_at, standard_move};

/// 2 energy, 2 might (Body).
const UNIT2: &str = "Pit Rookie";
/// 3 energy, 3 might.
const UNIT3: &str = "Shipyard Skulker";
/// 5 energy, 5 might.
const UNIT5: &str = "Playful Phantom";
/// A 1-energy Calm spell with no power cost.
const SPELL: &str = "En Garde";
const GEAR: &str = "Sun Disc";
const LEGEND: &str = "Kai'Sa, Daughter of the Void";

/// An empty Duel board in P1's action phase of turn 1, with five cards in each main deck so
/// that draw phases do not burn out.
fn blank() -> Game {
    let mut g = Game::blank(db(), &ZAUN_BFS, 1).unwrap();
    for p in [P1, P2] {
        for _ in 0..5 {
            g.put(UNIT2, p, Zone::MainDeck).unwrap();
        }
    }
    g
}

/// Installs scripted agents for both seats; an unexpected decision panics.
fn agents(g: &mut Game) -> (Scripted, Scripted) {
    seat(g, Scripted::new(), Scripted::new())
}

/// Makes `p` contest battlefield `b` with a new unit there and returns it.
fn contest(g: &mut Game, b: Bf, p: PlayerId) -> ObjId {
    let u = g.put_at(UNIT2, p, Loc::Battlefield(b)).unwrap();
    g.apply_contested(b, p);
    u
}

// ---------------------------------------------------------------------------------------------
// 301-306: the turn
// ---------------------------------------------------------------------------------------------

/// 302: play continues cyclically (turns alternate between the players) until one player wins;
/// then nothing further happens.
#[test]
fn r302_play_continues_cyclically_until_a_player_wins() {
    let mut g = blank();
    let (a, b) = agents(&mut g);
    let mut order = Vec::new();
    while g.turn < 5 {
        let before = g.turn;
        assert!(!g.step().unwrap());
        if g.turn != before {
            order.push(g.turn_player);
        }
    }
    assert_eq!(order, vec![P2, P1, P2, P1]);
    assert_eq!((a.remaining(), b.remaining()), (0, 0));
    g.gain_points(P2, 8);
    assert_eq!(g.winner(), Some(P2));
    let (turn, step) = (g.turn, g.step);
    assert!(g.step().unwrap(), "a finished game reports it is over");
    assert_eq!((g.turn, g.step), (turn, step), "no further play after a player wins");
}

/// 303 / 314: the phases of a turn are rigid: awaken, beginning, scoring, channel, draw, action,
/// then the ending step, end of turn cleanup and expiration step, then the next turn.
#[test]
fn r303_phases_of_the_turn_are_rigid() {
    let mut g = blank();
    agents(&mut g);
    g.step = Step::Awaken;
    let mut seen = Vec::new();
    for _ in 0..9 {
        g.step().unwrap();
        seen.push(g.step);
    }
    assert_eq!(
        seen,
        vec![
            Step::Beginning,
            Step::Scoring,
            Step::Channel,
            Step::Draw,
            Step::Action,
            Step::Ending,
            Step::EndCleanup,
            Step::Expiration,
            Step::Awaken,
        ]
    );
    assert_eq!(g.turn_player, P2);
}

/// 304: the turn player is the player taking the current turn: in P2's turn it is P2 who is
/// asked for discretionary actions, not P1.
#[test]
fn r304_turn_player_takes_the_turn() {
    let mut g = blank();
    let (a, b) = agents(&mut g);
    // P2 has something to do so that the action phase is a real decision.
    g.put_runes("Body Rune", P2, 2).unwrap();
    g.put(UNIT2, P2, Zone::Hand).unwrap();
    g.step = Step::Ending;
    while g.turn_player == P1 {
        g.step().unwrap();
    }
    while g.step != Step::Action {
        g.step().unwrap();
    }
    b.push(Choice::EndTurn);
    g.step().unwrap();
    assert_eq!(b.remaining(), 0, "P2 decided their own action phase");
    assert_eq!(a.remaining(), 0);
    assert_eq!(g.turn_player, P2);
    assert_eq!(g.step, Step::Ending);
}

/// 305 / 316.6: with no chain, the turn player declining to act ends the action phase and the
/// end of turn begins; with a chain or a showdown the player can only pass, not end the phase.
#[test]
fn r305_declining_to_act_ends_the_action_phase() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    g.put_runes("Body Rune", P1, 2).unwrap();
    g.put(UNIT2, P1, Zone::Hand).unwrap();
    assert!(g.action_options(P1).contains(&Choice::EndTurn));

    let src = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.chain.push(ability_item(src, P1, false));
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::Pass) && !opts.contains(&Choice::EndTurn), "{opts:?}");
    g.chain = Default::default();

    g.showdown = Some(showdown_at(Bf::new(0), P1));
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::Pass) && !opts.contains(&Choice::EndTurn), "{opts:?}");
    g.showdown = None;

    a.push(Choice::EndTurn);
    g.step().unwrap();
    assert_eq!(g.step, Step::Ending);
    assert_eq!(g.turn_player, P1);
}

/// 306 / 317.4: the turn player changes only once the turn player reaches the end of all the
/// phases of their turn (after the expiration step), to the next player in turn order.
#[test]
fn r306_317_4_turn_player_changes_after_the_last_phase() {
    let mut g = blank();
    agents(&mut g);
    g.step = Step::Ending;
    for expected in [Step::EndCleanup, Step::Expiration] {
        g.step().unwrap();
        assert_eq!(g.step, expected);
        assert_eq!(g.turn_player, P1, "still P1's turn during {expected:?}");
    }
    g.step().unwrap();
    assert_eq!(g.turn_player, P2);
    assert_eq!(g.turn, 2);
    assert_eq!(g.step, Step::Awaken);
}

// ---------------------------------------------------------------------------------------------
// 307-310: states of the turn
// ---------------------------------------------------------------------------------------------

/// 308.1 / 308.1.a: during a showdown only Action or Reaction cards and abilities may be played:
/// a (vanilla) unit can't be played, but the runes' Reaction Add abilities (157.2) can be used.
#[test]
fn r308_1_a_showdown_state_allows_only_action_or_reaction() {
    let mut g = blank();
    agents(&mut g);
    g.put_runes("Body Rune", P1, 2).unwrap();
    let card = g.put(UNIT2, P1, Zone::Hand).unwrap();
    assert_eq!(g.playable_cards(P1), vec![card], "playable in the neutral open state");
    contest(&mut g, Bf::new(0), P1);
    g.cleanup().unwrap();
    assert!(g.showdown.is_some(), "a showdown began");
    assert_eq!(g.priority, Some(P1));
    assert!(g.playable_cards(P1).is_empty(), "no Action/Reaction: not playable in a showdown");
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::AddResources), "{opts:?}");
    assert!(!opts.iter().any(|c| matches!(c, Choice::StandardMove(_))), "{opts:?}");
}

/// 308.2 / 313.4: once no showdown is in progress the turn is back in a neutral state: no one has
/// focus, the turn player holds priority and may play cards again.
#[test]
fn r308_2_neutral_state_after_the_showdown_ends() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    g.put_runes("Body Rune", P1, 2).unwrap();
    let card = g.put(UNIT2, P1, Zone::Hand).unwrap();
    contest(&mut g, Bf::new(0), P1);
    g.cleanup().unwrap();
    a.push(Choice::Pass);
    g.step().unwrap(); // P1 passes focus
    assert_eq!(g.showdown.as_ref().map(|s| s.focus), Some(P2));
    g.step().unwrap(); // P2 passes: the showdown ends
    assert!(g.showdown.is_none(), "no showdown, so no focus (313.4)");
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.step, Step::Action);
    // The turn player gets priority again (312.2.a) and can play the card.
    a.push(Choice::Play(card));
    a.push(Choice::Loc(Loc::Base(P1)));
    a.push(Choice::Activate(g.player(P1).runes[0], 0));
    g.step().unwrap();
    assert_eq!(a.remaining(), 0);
    assert_eq!(g.player(P1).base.len(), 1, "the unit was played");
}

/// 309.1 / 309.1.a / 309.2: while a chain exists only Reaction cards and abilities may be played
/// (by either player); once it is gone the state is open again.
#[test]
fn r309_1_a_closed_state_allows_only_reaction() {
    let mut g = blank();
    let (a, b) = agents(&mut g);
    let calm = g.put_runes("Calm Rune", P1, 1).unwrap()[0];
    let body = g.put_runes("Body Rune", P1, 2).unwrap();
    let spell = g.put(SPELL, P1, Zone::Hand).unwrap();
    let unit = g.put(UNIT2, P1, Zone::Hand).unwrap();
    g.put_runes("Body Rune", P2, 2).unwrap();
    g.put(UNIT2, P2, Zone::Hand).unwrap();

    a.push(Choice::Play(spell));
    a.push(Choice::Activate(calm, 0));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1, "the spell waits on the chain");
    assert_eq!(g.priority, Some(P1));
    assert!(g.playable_cards(P1).is_empty(), "closed state: the unit can't be played");
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::AddResources), "runes' Add abilities are Reactions: {opts:?}");
    assert!(!opts.iter().any(|c| matches!(c, Choice::StandardMove(_))));

    a.push(Choice::Pass);
    g.step().unwrap();
    assert_eq!(g.priority, Some(P2));
    assert!(g.playable_cards(P2).is_empty(), "closed state: P2 can't play a unit either");

    b.push(Choice::Pass);
    g.step().unwrap();
    assert!(g.chain.is_empty(), "the spell resolved");
    // 309.2: open again: the unit can be played.
    a.push(Choice::Play(unit));
    a.push(Choice::Activate(body[0], 0));
    g.step().unwrap();
    assert!(!g.obj(unit).alive, "the unit left the hand");
    assert_eq!(g.player(P1).base.len(), 1, "and is now at P1's base");
}

/// 310 / 310.1.a: the four states and what may be played in each: Neutral Open everything (on
/// one's own turn), Neutral Closed and Showdown Closed only Reaction, Showdown Open Action or
/// Reaction.
#[test]
fn r310_four_states_of_the_turn() {
    let mut g = blank();
    let src = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    let all = [Timing::Normal, Timing::Action, Timing::Reaction];
    let allowed = |g: &Game| all.map(|t| g.timing_allows(P1, t));
    g.priority = Some(P1);
    // 310.1 Neutral Open.
    assert_eq!(allowed(&g), [true, true, true]);
    // 310.2 Neutral Closed.
    g.chain.push(ability_item(src, P1, false));
    assert_eq!(allowed(&g), [false, false, true]);
    // 310.4 Showdown Closed.
    g.showdown = Some(showdown_at(Bf::new(0), P1));
    assert_eq!(allowed(&g), [false, false, true]);
    // 310.3 Showdown Open.
    g.chain = Default::default();
    assert_eq!(allowed(&g), [false, true, true]);
}

/// 310.1.a / 316.2.b: in the neutral open state only the turn player may play cards: the other
/// player can't play or move on the turn player's turn, even with priority.
#[test]
fn r310_1_a_only_turn_player_plays_in_neutral_open() {
    let mut g = blank();
    g.put_runes("Body Rune", P2, 2).unwrap();
    g.put(UNIT2, P2, Zone::Hand).unwrap();
    g.put_at(UNIT2, P2, Loc::Base(P2)).unwrap();
    g.priority = Some(P2);
    assert!(!g.timing_allows(P2, Timing::Normal));
    assert!(g.playable_cards(P2).is_empty());
    assert!(g.standard_move_destinations(P2).is_empty());
}

// ---------------------------------------------------------------------------------------------
// 311-313: priority and focus
// ---------------------------------------------------------------------------------------------

/// 312.1.b: with no one holding priority no one can take discretionary actions.
#[test]
fn r312_1_b_no_priority_no_discretionary_actions() {
    let mut g = blank();
    g.put_runes("Body Rune", P1, 2).unwrap();
    g.put(UNIT2, P1, Zone::Hand).unwrap();
    g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.priority = Some(P1);
    assert!(!g.playable_cards(P1).is_empty());
    assert!(!g.standard_move_destinations(P1).is_empty());
    g.priority = None;
    assert!(g.playable_cards(P1).is_empty());
    assert!(g.standard_move_destinations(P1).is_empty());
}

/// 312.1.b / 312.2.a: no one has priority during the start-of-turn phases, so no one is asked
/// to act; the turn player receives priority in the action phase's neutral open state.
#[test]
fn r312_2_a_priority_only_in_the_action_phase() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    g.put_runes("Body Rune", P1, 2).unwrap();
    g.put(UNIT2, P1, Zone::Hand).unwrap();
    g.start_turn(P1);
    a.push(Choice::EndTurn);
    while g.step != Step::Action {
        let before = g.step;
        g.step().unwrap();
        if g.step != Step::Action {
            assert_eq!(g.priority, None, "no priority during {:?}", g.step);
        } else {
            assert_eq!(g.priority, Some(P1), "312.2.a: priority as the action phase begins (after {before:?})");
        }
        assert_eq!(a.remaining(), 1, "nobody is asked to act before the action phase");
    }
    g.step().unwrap();
    assert_eq!(a.remaining(), 0, "P1 was asked in their action phase");
    assert_eq!(g.step, Step::Ending);
}

/// 312.2.b / 313.2 / 344.4: in a showdown the player who gains focus gains priority; when they
/// pass, the next player gains focus and priority.
#[test]
fn r312_2_b_313_2_gaining_focus_gains_priority() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    g.put_runes("Body Rune", P1, 1).unwrap();
    contest(&mut g, Bf::new(0), P1);
    g.cleanup().unwrap();
    let sd = g.showdown.as_ref().unwrap();
    assert_eq!((sd.focus, g.priority), (P1, Some(P1)));
    a.push(Choice::Pass);
    g.step().unwrap();
    let sd = g.showdown.as_ref().unwrap();
    assert_eq!((sd.focus, g.priority), (P2, Some(P2)));
}

/// 312.2.c / 312.2.d: in a closed state the controller of the newest chain item receives
/// priority; when they pass, the next player in turn order receives it.
#[test]
fn r312_2_c_d_priority_in_a_closed_state() {
    let mut g = blank();
    agents(&mut g);
    let src = g.put_at(UNIT2, P2, Loc::Base(P2)).unwrap();
    g.chain.push(ability_item(src, P2, false));
    g.priority = None;
    g.step().unwrap(); // P2 receives priority (controls the item) and passes
    assert_eq!(g.priority, Some(P1), "P1 is next in turn order after P2");
    assert_eq!(g.chain.len(), 1, "only one player has passed");
    g.step().unwrap(); // P1 passes: everyone passed, the item resolves
    assert!(g.chain.is_empty());
}

/// 313.3: a player who passes priority on a chain during a showdown keeps focus.
#[test]
fn r313_3_passing_priority_retains_focus() {
    let mut g = blank();
    agents(&mut g);
    let u = contest(&mut g, Bf::new(0), P1);
    g.cleanup().unwrap();
    assert_eq!(g.showdown.as_ref().unwrap().focus, P1);
    g.chain.push(ability_item(u, P1, false));
    g.priority = Some(P1);
    g.step().unwrap(); // P1 passes priority
    assert_eq!(g.priority, Some(P2));
    assert_eq!(g.showdown.as_ref().unwrap().focus, P1, "P1 still has focus");
}

// ---------------------------------------------------------------------------------------------
// 314-317: the phases
// ---------------------------------------------------------------------------------------------

/// 315.1.a: the awaken phase readies every game object the turn player controls (units at base
/// and at battlefields, gear, runes, legend) and nothing of the other player's.
#[test]
fn r315_1_a_awaken_readies_the_turn_players_objects() {
    let mut g = blank();
    agents(&mut g);
    let mine = vec![
        g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap(),
        g.put_at(UNIT3, P1, Loc::Battlefield(Bf::new(0))).unwrap(),
        g.put_at(GEAR, P1, Loc::Base(P1)).unwrap(),
        g.put_runes("Fury Rune", P1, 1).unwrap()[0],
        g.put(LEGEND, P1, Zone::LegendZone).unwrap(),
    ];
    let theirs = vec![g.put_at(UNIT2, P2, Loc::Base(P2)).unwrap(), g.put_runes("Calm Rune", P2, 1).unwrap()[0]];
    g.set_controller(Bf::new(0), Some(P1));
    for &id in mine.iter().chain(&theirs) {
        g.obj_mut(id).exhausted = true;
    }
    g.step = Step::Awaken;
    g.step().unwrap();
    assert_eq!(g.step, Step::Beginning);
    for id in mine {
        assert!(!g.obj(id).exhausted, "{} should be ready", g.describe(id));
    }
    for id in theirs {
        assert!(g.obj(id).exhausted, "{} is not the turn player's", g.describe(id));
    }
}

/// 315.2.a / 315.2.b.1: the beginning step comes first, then holding happens in the scoring
/// step: the turn player scores each battlefield they control; the opponent's don't score.
#[test]
fn r315_2_b_1_holding_happens_in_the_scoring_step() {
    let mut g = blank();
    agents(&mut g);
    held(&mut g, UNIT2, P1, Bf::new(0));
    held(&mut g, UNIT2, P2, Bf::new(1));
    g.step = Step::Beginning;
    g.step().unwrap();
    assert_eq!(g.step, Step::Scoring);
    assert_eq!(g.player(P1).points, 0, "nothing is scored in the beginning step");
    g.step().unwrap();
    assert_eq!(g.step, Step::Channel);
    assert_eq!(g.player(P1).points, 1, "P1 holds their battlefield");
    assert_eq!(g.player(P2).points, 0, "only the turn player holds");
}

/// 315.3.b: the turn player channels 2 runes from the top of their rune deck onto the board.
#[test]
fn r315_3_b_channel_two_runes() {
    let mut g = blank();
    agents(&mut g);
    for _ in 0..4 {
        g.put("Fury Rune", P1, Zone::RuneDeck).unwrap();
    }
    g.put("Calm Rune", P2, Zone::RuneDeck).unwrap();
    let top2: Vec<_> = g.player(P1).rune_deck[..2].to_vec();
    g.step = Step::Channel;
    g.step().unwrap();
    assert_eq!(g.step, Step::Draw);
    assert_eq!(g.player(P1).runes.len(), 2);
    assert_eq!(g.player(P1).rune_deck.len(), 2);
    for r in top2 {
        let now = g.obj(r).next.expect("the top runes moved");
        assert!(g.player(P1).runes.contains(&now));
        assert!(!g.obj(now).exhausted, "channelled runes enter ready (417.2: unless specified)");
    }
    assert_eq!(g.player(P2).rune_deck.len(), 1, "only the turn player channels");
}

/// 315.3.b.1: with fewer than 2 runes in the rune deck, channel as many as possible.
#[test]
fn r315_3_b_1_channel_as_many_as_possible() {
    let mut g = blank();
    agents(&mut g);
    g.put("Fury Rune", P1, Zone::RuneDeck).unwrap();
    g.step = Step::Channel;
    g.step().unwrap();
    assert_eq!(g.player(P1).runes.len(), 1);
    assert!(g.player(P1).rune_deck.is_empty());
    assert_eq!(g.step, Step::Draw);
}

/// 458.7 / 315.3.b: in a Duel the player going second channels an extra rune during their first
/// channel phase only: 2, 3, 2, 2 over the first four turns.
#[test]
fn r458_7_second_player_channels_an_extra_rune_on_their_first_turn() {
    let db = db();
    let decks = Deck::embedded(&db);
    let deck = |n: &str| decks.iter().find(|(k, _)| k == n).unwrap().1.clone();
    let mut g = Game::new(db.clone(), &[deck("jinx"), deck("viktor")], 7).unwrap();
    g.set_agents(vec![Box::new(GreedyAgent::new(1)), Box::new(GreedyAgent::new(2))]);
    let first = g.turn_order[0];
    let second = g.turn_order[1];
    let mut channelled = Vec::new();
    while g.turn <= 4 && !g.is_over() {
        if g.step == Step::Channel {
            let tp = g.turn_player;
            let before = g.player(tp).rune_deck.len();
            g.step().unwrap();
            channelled.push((tp, before - g.player(tp).rune_deck.len()));
        } else {
            g.step().unwrap();
        }
    }
    assert_eq!(channelled, vec![(first, 2), (second, 3), (first, 2), (second, 2)]);
}

/// 458.7: on a board set up in P1's first turn, P2's coming turn is their first: they channel 3;
/// P1's next turn channels 2.
#[test]
fn r458_7_second_players_first_channel_phase_from_a_set_up_board() {
    let mut g = blank();
    let (a, b) = agents(&mut g);
    a.push(Choice::EndTurn);
    b.push(Choice::EndTurn);
    for p in [P1, P2] {
        for _ in 0..6 {
            g.put("Fury Rune", p, Zone::RuneDeck).unwrap();
        }
    }
    g.step = Step::Ending;
    let mut channelled = Vec::new();
    while g.turn <= 3 {
        if g.step == Step::Channel {
            let tp = g.turn_player;
            g.step().unwrap();
            channelled.push((tp, g.player(tp).runes.len()));
        } else {
            g.step().unwrap();
        }
    }
    assert_eq!(channelled, vec![(P2, 3), (P1, 2)]);
}

/// 315.4.b: the turn player draws 1 (the top card of their main deck).
#[test]
fn r315_4_b_draw_one() {
    let mut g = blank();
    agents(&mut g);
    let top = g.player(P1).main_deck[0];
    g.step = Step::Draw;
    g.step().unwrap();
    assert_eq!(g.player(P1).hand.len(), 1);
    assert_eq!(g.player(P1).main_deck.len(), 4);
    assert_eq!(g.player(P1).hand[0], g.obj(top).next.unwrap());
    assert!(g.player(P2).hand.is_empty(), "only the turn player draws");
}

/// 315.4.b.1-2 / 418.2: drawing from an empty main deck burns out (the trash is recycled into
/// the deck and the opponent gains 1 point), then the draw still happens.
#[test]
fn r315_4_b_1_burn_out_then_draw() {
    let mut g = blank();
    agents(&mut g);
    g.empty_main_deck(P1);
    for _ in 0..3 {
        g.put(UNIT2, P1, Zone::Trash).unwrap();
    }
    g.step = Step::Draw;
    g.step().unwrap();
    assert_eq!(g.player(P2).points, 1);
    assert_eq!(g.player(P1).points, 0);
    assert_eq!(g.player(P1).hand.len(), 1, "315.4.b.2: still draws 1");
    assert_eq!(g.player(P1).main_deck.len(), 2);
    assert!(g.player(P1).trash.is_empty());
    assert_eq!(g.step, Step::Action);
}

/// 315.4.b.1 / 418.3.a: with both main deck and trash empty the player burns out again and
/// again, an opponent gaining a point each time, until that opponent wins.
#[test]
fn r315_4_b_1_burn_out_repeats_until_the_opponent_wins() {
    let mut g = blank();
    agents(&mut g);
    g.empty_main_deck(P1);
    g.step = Step::Draw;
    assert!(g.step().unwrap(), "the game is over");
    assert_eq!(g.winner(), Some(P2));
    assert_eq!(g.player(P2).points, 8);
}

/// 315.4.d / 160: as the draw phase ends every player's rune pool empties (not before).
#[test]
fn r315_4_d_rune_pools_empty_as_the_draw_phase_ends() {
    let mut g = blank();
    agents(&mut g);
    g.add(P1, 2, &[], 1);
    g.add(P2, 1, &[], 0);
    g.step = Step::Channel;
    g.step().unwrap();
    assert_eq!(g.player(P1).pool.energy, 2, "the pool survives the channel phase");
    g.step().unwrap();
    assert_eq!(g.step, Step::Action);
    assert!(g.player(P1).pool.is_empty());
    assert!(g.player(P2).pool.is_empty());
}

/// 316.1 / 316.2.a: after the start of turn the action phase begins and the turn player may take
/// any number of discretionary actions in it; 316.6.a: ending the turn ends it.
#[test]
fn r316_action_phase_allows_any_number_of_actions() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    let runes = g.put_runes("Body Rune", P1, 4).unwrap();
    let c1 = g.put(UNIT2, P1, Zone::Hand).unwrap();
    let c2 = g.put(UNIT2, P1, Zone::Hand).unwrap();
    g.step = Step::Draw;
    g.step().unwrap();
    assert_eq!(g.step, Step::Action);
    // Paying [2] asks which rune to exhaust while there is a choice (the last one is automatic).
    for (c, pay) in [(c1, vec![runes[0], runes[1]]), (c2, vec![runes[2]])] {
        a.push(Choice::Play(c));
        for r in pay {
            a.push(Choice::Activate(r, 0));
        }
        g.step().unwrap();
        assert_eq!(a.remaining(), 0);
        assert_eq!(g.step, Step::Action, "still the action phase");
    }
    assert_eq!(g.player(P1).base.len(), 2);
    a.push(Choice::EndTurn);
    g.step().unwrap();
    assert_eq!(g.step, Step::Ending);
}

/// 317.1 / 410.1.a.2: stunned units (of every player) stay stunned through the turn and lose
/// the status at the beginning of the next ending step.
#[test]
fn r317_1_stunned_units_recover_in_the_ending_step() {
    let mut g = blank();
    agents(&mut g);
    let u1 = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    let u2 = g.put_at(UNIT3, P2, Loc::Battlefield(Bf::new(1))).unwrap();
    assert!(g.stun(u1) && g.stun(u2));
    g.step = Step::Awaken;
    while g.step != Step::Action {
        g.step().unwrap();
        assert!(g.obj(u1).stunned && g.obj(u2).stunned, "still stunned in {:?}", g.step);
    }
    g.step = Step::Ending;
    g.step().unwrap();
    assert_eq!(g.step, Step::EndCleanup);
    assert!(!g.obj(u1).stunned);
    assert!(!g.obj(u2).stunned);
}

/// 317.2 / 317.2.b: the end of turn cleanup heals all units, wherever they are and whoever
/// controls them (not before it).
#[test]
fn r317_2_b_end_of_turn_cleanup_heals_all_units() {
    let mut g = blank();
    agents(&mut g);
    let units = [
        g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap(),
        g.put_at(UNIT5, P1, Loc::Battlefield(Bf::new(0))).unwrap(),
        g.put_at(UNIT3, P2, Loc::Battlefield(Bf::new(1))).unwrap(),
        g.put_at(UNIT3, P2, Loc::Base(P2)).unwrap(),
    ];
    g.deal(None, &[(units[0], 1), (units[1], 4), (units[2], 2), (units[3], 1)]);
    g.step = Step::Ending;
    g.step().unwrap();
    assert_eq!(g.obj(units[1]).damage, 4, "the ending step does not heal");
    g.step().unwrap();
    assert_eq!(g.step, Step::Expiration);
    for u in units {
        assert!(g.obj(u).alive);
        assert_eq!(g.obj(u).damage, 0, "{} is healed", g.describe(u));
    }
}

/// 317.2.a-b / 322.2: the end of turn cleanup is a cleanup with "2a. Heal all units" inserted
/// after step 2: a unit with lethal damage dies before the healing.
#[test]
fn r317_2_a_lethal_damage_kills_before_the_heal() {
    let mut g = blank();
    agents(&mut g);
    let u = g.put_at(UNIT3, P1, Loc::Base(P1)).unwrap();
    let v = g.put_at(UNIT3, P2, Loc::Base(P2)).unwrap();
    g.deal(None, &[(u, 3), (v, 2)]);
    g.step = Step::EndCleanup;
    g.step().unwrap();
    assert!(!g.obj(u).alive, "lethal damage kills at step 2");
    assert_eq!(g.player(P1).trash.len(), 1);
    assert!(g.obj(v).alive);
    assert_eq!(g.obj(v).damage, 0);
}

/// 317.2 before 317.3: damage is healed before "this turn" might bonuses expire, so a unit kept
/// alive by a this-turn bonus survives the end of turn.
#[test]
fn r317_2_heal_happens_before_this_turn_effects_expire() {
    let mut g = blank();
    agents(&mut g);
    let u = g.put_at(UNIT2, P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.add_effect(None, Filter::Object(u), None, Modification::Might(2), Duration::ThisTurn);
    g.deal(None, &[(u, 3)]);
    g.cleanup().unwrap();
    assert!(g.obj(u).alive);
    g.step = Step::Ending;
    for _ in 0..3 {
        g.step().unwrap();
    }
    assert_eq!(g.turn_player, P2);
    g.cleanup().unwrap();
    assert!(g.obj(u).alive);
    assert_eq!(g.obj(u).damage, 0);
    assert_eq!(g.might(u), 2);
}

/// 317.3.a: all "this turn" effects expire in the expiration step (not earlier); lasting effects
/// stay.
#[test]
fn r317_3_a_this_turn_effects_expire_in_the_expiration_step() {
    let mut g = blank();
    agents(&mut g);
    let u = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    let v = g.put_at(UNIT2, P2, Loc::Base(P2)).unwrap();
    let w = g.put_at(UNIT2, P2, Loc::Base(P2)).unwrap();
    g.add_effect(None, Filter::Object(u), None, Modification::Might(2), Duration::ThisTurn);
    g.add_effect(None, Filter::UnitsControlledBy(P2), None, Modification::Might(1), Duration::ThisTurn);
    g.add_effect(None, Filter::Object(w), None, Modification::Might(3), Duration::Indefinite);
    assert_eq!((g.might(u), g.might(v), g.might(w)), (4, 3, 6));
    g.step = Step::Ending;
    g.step().unwrap();
    g.step().unwrap();
    assert_eq!(g.step, Step::Expiration);
    assert_eq!((g.might(u), g.might(v), g.might(w)), (4, 3, 6), "not expired before the expiration step");
    g.step().unwrap();
    assert_eq!((g.might(u), g.might(v), g.might(w)), (2, 2, 5));
}

/// 317.3.b / 160: as the expiration step ends all players' rune pools empty.
#[test]
fn r317_3_b_rune_pools_empty_at_the_end_of_the_turn() {
    let mut g = blank();
    agents(&mut g);
    g.step = Step::Ending;
    g.step().unwrap();
    g.step().unwrap();
    g.add(P1, 3, &[], 1);
    g.add(P2, 2, &[], 0);
    assert_eq!(g.step, Step::Expiration);
    g.step().unwrap();
    assert!(g.player(P1).pool.is_empty());
    assert!(g.player(P2).pool.is_empty());
}

// ---------------------------------------------------------------------------------------------
// 318-323: cleanups
// ---------------------------------------------------------------------------------------------

/// 319.2: a cleanup follows each transition between phases: lethal damage marked during the
/// beginning step kills as soon as the step is over.
#[test]
fn r319_2_cleanup_after_a_phase_transition() {
    let mut g = blank();
    agents(&mut g);
    let u = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.step = Step::Beginning;
    g.deal(None, &[(u, 2)]);
    assert!(g.obj(u).alive);
    g.step().unwrap();
    assert!(!g.obj(u).alive);
}

/// 319.4: a cleanup follows a chain item leaving the chain: when it resolves, a unit with lethal
/// damage dies.
#[test]
fn r319_4_cleanup_after_a_chain_item_resolves() {
    let mut g = blank();
    agents(&mut g);
    let u = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.chain.push(ability_item(u, P1, false));
    g.priority = Some(P1);
    g.deal(None, &[(u, 5)]);
    g.step().unwrap(); // P1 passes
    g.step().unwrap(); // P2 passes; the item resolves
    assert!(g.chain.is_empty());
    assert!(!g.obj(u).alive);
}

/// 319.7 / 340.2 / 322.9: a cleanup follows a completed move: a unit moving to an empty,
/// uncontrolled battlefield has its showdown begin right away.
#[test]
fn r319_7_cleanup_after_a_move() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    let u = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, Loc::Battlefield(Bf::new(0)));
    assert_eq!(g.location(u), Some(Loc::Battlefield(Bf::new(0))));
    let sd = g.showdown.as_ref().expect("the showdown began in the move's cleanup");
    assert_eq!((sd.battlefield, sd.focus, sd.combat), (Bf::new(0), P1, None));
}

/// 320 / 322.8: during a cleanup pending items are finalized but chain items are not resolved.
#[test]
fn r320_322_8_pending_items_finalize_but_do_not_resolve() {
    let mut g = blank();
    let u = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.chain.push(ability_item(u, P1, true));
    g.cleanup().unwrap();
    assert_eq!(g.chain.len(), 1, "still on the chain");
    assert!(!g.chain[0].pending, "finalized");
}

/// 321: a change made during a cleanup calls for another cleanup, repeated until nothing
/// changes: a unit whose might bonus came from a unit that died in the first pass now has
/// lethal damage and dies in the next pass.
#[test]
fn r321_cleanup_repeats_until_nothing_changes() {
    let mut g = blank();
    let a = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    let b = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.add_effect(Some(b), Filter::Object(a), None, Modification::Might(2), Duration::WhileSourceOnBoard);
    g.deal(None, &[(a, 3), (b, 2)]);
    assert_eq!(g.might(a), 4, "not lethal while the source is on the board");
    g.cleanup().unwrap();
    assert!(!g.obj(b).alive);
    assert!(!g.obj(a).alive, "the second cleanup killed it");
    assert_eq!(g.player(P1).trash.len(), 2);
}

/// 322.1: in a cleanup a player with as many points as the victory score wins.
#[test]
fn r322_1_victory_score_wins_in_cleanup() {
    let mut g = blank();
    g.player_mut(P2).points = 7;
    g.cleanup().unwrap();
    assert!(!g.is_over());
    g.player_mut(P2).points = 8;
    g.cleanup().unwrap();
    assert_eq!(g.winner(), Some(P2));
}

/// 322.2: units with non-zero damage at least equal to their might are killed and put in their
/// owners' trash; less damage, or a 0-might unit with no damage, survives.
#[test]
fn r322_2_lethal_damage_kills() {
    let mut g = blank();
    let exact = g.put_at(UNIT3, P1, Loc::Base(P1)).unwrap();
    let over = g.put_at(UNIT2, P2, Loc::Battlefield(Bf::new(1))).unwrap();
    let short = g.put_at(UNIT3, P2, Loc::Base(P2)).unwrap();
    let zero = g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
    g.add_effect(None, Filter::Object(zero), None, Modification::Might(-2), Duration::Indefinite);
    assert_eq!(g.might(zero), 0);
    g.deal(None, &[(exact, 3), (over, 7), (short, 2)]);
    g.cleanup().unwrap();
    assert!(!g.obj(exact).alive);
    assert!(!g.obj(over).alive);
    assert!(g.obj(short).alive);
    assert!(g.obj(zero).alive, "0 might and no damage: not killed");
    assert_eq!(g.player(P1).trash.len(), 1);
    assert_eq!(g.player(P2).trash.len(), 1);
}

/// 322.2: a killed unit goes to its owner's trash, not its controller's.
#[test]
fn r322_2_killed_units_go_to_their_owners_trash() {
    let mut g = blank();
    let u = g.put_at(UNIT2, P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.add_effect(None, Filter::Object(u), None, Modification::SetController(P2), Duration::Indefinite);
    assert_eq!(g.controller(u), P2);
    g.deal(None, &[(u, 2)]);
    g.cleanup().unwrap();
    assert!(!g.obj(u).alive);
    assert_eq!(g.player(P1).trash.len(), 1);
    assert!(g.player(P2).trash.is_empty());
}

/// Sets up a combat at battlefield 0 (P1 attacking P2, who controls it) and returns the two units.
fn combat_at_0(g: &mut Game) -> (ObjId, ObjId) {
    let d = held(g, UNIT3, P2, Bf::new(0));
    let a = contest(g, Bf::new(0), P1);
    g.cleanup().unwrap();
    let sd = g.showdown.as_ref().expect("a combat began");
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
    (a, d)
}

/// 322.3.a: during a combat, units at its battlefield without a designation get their
/// controller's designation.
#[test]
fn r322_3_a_new_units_at_the_combat_get_designations() {
    let mut g = blank();
    agents(&mut g);
    let (a, d) = combat_at_0(&mut g);
    assert_eq!(g.obj(a).role, Some(Role::Attacker));
    assert_eq!(g.obj(d).role, Some(Role::Defender));
    let a2 = g.put_at(UNIT2, P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let d2 = g.put_at(UNIT2, P2, Loc::Battlefield(Bf::new(0))).unwrap();
    let elsewhere = g.put_at(UNIT2, P1, Loc::Battlefield(Bf::new(1))).unwrap();
    g.cleanup().unwrap();
    assert_eq!(g.obj(a2).role, Some(Role::Attacker));
    assert_eq!(g.obj(d2).role, Some(Role::Defender));
    assert_eq!(g.obj(elsewhere).role, None, "not at the combat's battlefield");
}

/// 322.3.b: a unit at the combat with the opposite designation of its controller's takes its
/// (new) controller's designation.
#[test]
fn r322_3_b_designation_follows_the_controller() {
    let mut g = blank();
    agents(&mut g);
    let (_a, d) = combat_at_0(&mut g);
    g.add_effect(None, Filter::Object(d), None, Modification::SetController(P1), Duration::Indefinite);
    g.cleanup().unwrap();
    assert_eq!(g.obj(d).role, Some(Role::Attacker));
}

/// 322.3.c: units elsewhere than the combat's battlefield lose attacker/defender designations.
#[test]
fn r322_3_c_units_that_left_lose_designations() {
    let mut g = blank();
    agents(&mut g);
    let (a, _d) = combat_at_0(&mut g);
    let a2 = g.put_at(UNIT2, P1, Loc::Battlefield(Bf::new(0))).unwrap();
    g.cleanup().unwrap();
    assert_eq!(g.obj(a2).role, Some(Role::Attacker));
    g.move_units(&[a2], Loc::Base(P1));
    g.cleanup().unwrap();
    assert_eq!(g.obj(a2).role, None);
    assert_eq!(g.obj(a).role, Some(Role::Attacker));
}

/// 322.4: a battlefield with no units and no contested status becomes uncontrolled; one with
/// units stays controlled.
#[test]
fn r322_4_empty_battlefields_become_uncontrolled() {
    let mut g = blank();
    g.set_controller(Bf::new(0), Some(P1));
    held(&mut g, UNIT2, P2, Bf::new(1));
    g.cleanup().unwrap();
    assert_eq!(g.battlefields[0].controller, None);
    assert_eq!(g.battlefields[1].controller, Some(P2));
}

/// 322.5: gear at battlefields is recalled; hidden cards at a battlefield not controlled by the
/// player who hid them go to their owner's trash (the others stay).
#[test]
fn r322_5_gear_recalled_and_hidden_cards_removed() {
    let mut g = blank();
    held(&mut g, UNIT2, P1, Bf::new(0));
    held(&mut g, UNIT2, P2, Bf::new(1));
    let gear = g.put_at(GEAR, P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let kept = g.put(SPELL, P1, Zone::Facedown(Bf::new(0))).unwrap();
    let lost = g.put(SPELL, P1, Zone::Facedown(Bf::new(1))).unwrap();
    g.cleanup().unwrap();
    assert_eq!(g.location(gear), Some(Loc::Base(P1)), "gear is recalled");
    assert!(g.obj(kept).alive && g.battlefields[0].facedown == [kept]);
    assert!(!g.obj(lost).alive);
    assert!(g.battlefields[1].facedown.is_empty());
    assert_eq!(g.player(P1).trash.len(), 1);
}

/// 322.6 / 322.9: a contested, uncontrolled battlefield has a showdown staged; it does not begin
/// while the state is closed.
#[test]
fn r322_6_showdown_staged_at_contested_uncontrolled_battlefield() {
    let mut g = blank();
    let u = contest(&mut g, Bf::new(0), P1);
    g.chain.push(ability_item(u, P1, false));
    g.cleanup().unwrap();
    assert!(g.battlefields[0].showdown_staged);
    assert!(!g.battlefields[0].combat_staged);
    assert!(g.showdown.is_none(), "not a neutral open state");
}

/// 322.7 / 322.10: a contested battlefield controlled by another player has a combat staged; it
/// does not begin while the state is closed.
#[test]
fn r322_7_combat_staged_at_battlefield_controlled_by_another() {
    let mut g = blank();
    held(&mut g, UNIT2, P2, Bf::new(1));
    let u = contest(&mut g, Bf::new(1), P1);
    g.chain.push(ability_item(u, P1, false));
    g.cleanup().unwrap();
    assert!(g.battlefields[1].combat_staged);
    assert!(!g.battlefields[1].showdown_staged);
    assert!(g.showdown.is_none());
}

/// 322.7.a: the combat stays staged only while units of two opposing players are there.
#[test]
fn r322_7_a_combat_unstaged_when_one_side_is_gone() {
    let mut g = blank();
    let d = held(&mut g, UNIT2, P2, Bf::new(1));
    let u = contest(&mut g, Bf::new(1), P1);
    g.chain.push(ability_item(u, P1, false));
    g.cleanup().unwrap();
    assert!(g.battlefields[1].combat_staged);
    g.kill(&[d], None).unwrap();
    g.cleanup().unwrap();
    assert!(!g.battlefields[1].combat_staged);
}

/// 322.9: in a neutral open state with showdowns staged, the turn player chooses the battlefield
/// where one begins; the other stays staged.
#[test]
fn r322_9_turn_player_chooses_the_showdown() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    contest(&mut g, Bf::new(0), P1);
    contest(&mut g, Bf::new(1), P1);
    a.push(Choice::Battlefield(Bf::new(1)));
    g.cleanup().unwrap();
    assert_eq!(a.remaining(), 0, "P1 chose");
    assert_eq!(g.showdown.as_ref().map(|s| s.battlefield), Some(Bf::new(1)));
    assert!(g.battlefields[0].showdown_staged, "the other showdown waits");
}

/// 322.9 before 322.10: with a showdown and a combat staged, the showdown begins first.
#[test]
fn r322_9_showdowns_begin_before_combats() {
    let mut g = blank();
    agents(&mut g);
    held(&mut g, UNIT2, P2, Bf::new(1));
    contest(&mut g, Bf::new(1), P1);
    contest(&mut g, Bf::new(0), P1);
    g.cleanup().unwrap();
    let sd = g.showdown.as_ref().unwrap();
    assert_eq!((sd.battlefield, sd.combat), (Bf::new(0), None));
    assert!(g.battlefields[1].combat_staged, "the combat waits for the showdown");
}

/// 322.10: in a neutral open state a staged combat begins, the contesting player attacking;
/// with several staged, the turn player chooses.
#[test]
fn r322_10_staged_combat_begins_with_turn_players_choice() {
    let mut g = blank();
    let (a, _b) = agents(&mut g);
    for b in [Bf::new(0), Bf::new(1)] {
        g.put_at(UNIT2, P2, Loc::Battlefield(b)).unwrap();
        g.set_controller(b, Some(P2));
        contest(&mut g, b, P1);
    }
    a.push(Choice::Battlefield(Bf::new(1)));
    g.cleanup().unwrap();
    assert_eq!(a.remaining(), 0);
    let sd = g.showdown.as_ref().unwrap();
    assert_eq!(sd.battlefield, Bf::new(1));
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
    assert!(g.battlefields[0].combat_staged, "the other combat waits");
}

/// 322.10: a staged combat does not begin while a showdown is in progress (not neutral).
#[test]
fn r322_10_no_combat_begins_during_a_showdown() {
    let mut g = blank();
    agents(&mut g);
    held(&mut g, UNIT2, P2, Bf::new(1));
    contest(&mut g, Bf::new(1), P1);
    g.showdown = Some(showdown_at(Bf::new(0), P1));
    g.cleanup().unwrap();
    assert_eq!(g.showdown.as_ref().unwrap().battlefield, Bf::new(0));
    assert!(g.battlefields[1].combat_staged);
}

/// 323.1-323.2: a special cleanup adds its own steps once; the cleanups its changes call for are
/// normal cleanups, not further special ones.
#[test]
fn r323_2_repeated_cleanups_after_a_special_cleanup_are_normal() {
    let mut g = blank();
    agents(&mut g);
    g.trace.on = true;
    let u = g.put_at(UNIT3, P1, Loc::Base(P1)).unwrap();
    let v = held(&mut g, UNIT2, P1, Bf::new(0));
    g.deal(None, &[(u, 1), (v, 2)]);
    g.step = Step::EndCleanup;
    g.step().unwrap();
    assert!(!g.obj(v).alive);
    assert_eq!(g.obj(u).damage, 0);
    let heals = g.trace.lines.iter().filter(|l| l.rule == "317.2.b").count();
    assert_eq!(heals, 1, "the special step ran once though the cleanup repeated");
    assert_eq!(g.battlefields[0].controller, None);
}

/// 320.1: during a cleanup, pending items may be finalized, but nothing resolves and no one is
/// awarded priority; priority goes to the newest item's controller once the chain is acted on
/// (333.1.c.3).
#[test]
fn r320_1_cleanup_awards_no_priority_and_resolves_nothing() {
    let mut g = blank();
    let (_a, b) = agents(&mut g);
    let src = g.put_at(UNIT2, P2, Loc::Base(P2)).unwrap();
    g.put_runes("Body Rune", P2, 1).unwrap(); // so P2 has a choice to be asked
    g.chain.push(ability_item(src, P2, true));
    g.priority = Some(P1);
    g.cleanup().unwrap();
    assert!(!g.chain[0].pending);
    assert_eq!(g.chain.len(), 1, "nothing resolved");
    assert_eq!(g.priority, None, "no priority awarded inside the cleanup");
    b.push(Choice::Pass);
    g.step().unwrap();
    assert_eq!(b.remaining(), 0, "P2, the item's controller, was the first to act");
}

/// 319.1 / 319.5 / 319.6: a cleanup follows a change of state, a card entering the board, and a
/// change of status: a unit whose lethal damage was waiting dies as soon as any of these happen.
#[test]
fn r319_cleanup_follows_state_board_and_status_changes() {
    for trigger in 0..3 {
        let mut g = blank();
        let (a, _b) = agents(&mut g);
        let doomed = g.put_at(UNIT3, P2, Loc::Base(P2)).unwrap();
        g.obj_mut(doomed).damage = 3; // marked without a cleanup yet
        let runes = g.put_runes("Body Rune", P1, 2).unwrap();
        match trigger {
            0 => {
                // 319.1 / 319.5: playing a unit closes and reopens the state and enters the board.
                let card = g.put(UNIT2, P1, Zone::Hand).unwrap();
                a.push(Choice::Play(card));
                a.push(Choice::Activate(runes[0], 0));
            }
            1 => {
                // 319.6: exhausting a rune for energy changes its status.
                a.push(Choice::AddResources);
                a.push(Choice::Activate(runes[0], 0));
            }
            _ => {
                // 319.7 / 319.6: a standard move exhausts and moves a unit.
                g.put_at(UNIT2, P1, Loc::Base(P1)).unwrap();
                a.push(Choice::StandardMove(Loc::Battlefield(Bf::new(1))));
            }
        }
        g.step().unwrap();
        assert!(!g.obj(doomed).alive, "case {trigger}: the cleanup killed the damaged unit");
    }
}
