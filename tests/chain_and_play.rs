//! Chains (326-336), showdowns (337-345), the play process (346-356), and runes and the rune
//! pool (153-161).

use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::abilities::{Relation, UnitFilter};
use riftbound::riftbound::cards::{CardType, Domain, PowerSymbol};
use riftbound::riftbound::costs::{AdditionalCost, Cost, CostChange, CostModifier, OtherCost, PlayFilter, PlayOptions};
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::state::{Combat, ItemKind};
use riftbound::riftbound::{Agent, Ask, Choice, Decision, Game, Loc, Step, Zone};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::Mutex;

mod common;
use common::board::{Answers, P1, P2, ZAUN_BFS, seat};
use common::chain::ability_item;
use common::db;
use common::showdown::standard_move;

/// What an agent saw when it was asked something.
#[derive(Clone, Debug)]
struct Seen {
    ask: Ask,
    options: Vec<Choice>,
    /// Pending flags of the chain items at that moment.
    pending: Vec<bool>,
    /// The asked player's hand at that moment.
    hand: Vec<ObjId>,
}

/// A scripted agent that also records every decision it is asked (decisions with a single
/// option are taken without asking, so they are not recorded).
#[derive(Clone, Default)]
struct Rec {
    queue: Arc<Mutex<VecDeque<Choice>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Answers for Rec {
    fn push(&self, c: Choice) {
        self.queue.lock().unwrap().push_back(c);
    }
}

impl Rec {
    fn asked(&self, ask: Ask) -> Vec<Seen> {
        self.seen.lock().unwrap().iter().filter(|s| s.ask == ask).cloned().collect()
    }
    fn left(&self) -> usize {
        self.queue.lock().unwrap().len()
    }
}

impl Agent<Game> for Rec {
    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        self.seen.lock().unwrap().push(Seen {
            ask: d.ask.clone(),
            options: d.options.clone(),
            pending: g.chain.iter().map(|i| i.pending).collect(),
            hand: g.player(d.player).hand.clone(),
        });
        let Some(want) = self.queue.lock().unwrap().pop_front() else {
            panic!("no scripted answer for {} {:?}; options: {:?}", d.player, d.ask, d.options)
        };
        d.options
            .iter()
            .position(|c| *c == want)
            .unwrap_or_else(|| panic!("{want:?} is not an option of {} {:?}: {:?}", d.player, d.ask, d.options))
    }
}

/// An empty Duel board in P1's action phase, with recording agents for both players.
fn game() -> (Game, Rec, Rec) {
    let mut g = Game::blank(db(), &ZAUN_BFS, 7).unwrap();
    let (a, b) = seat(&mut g, Rec::default(), Rec::default());
    (g, a, b)
}

fn hand(g: &mut Game, p: PlayerId, name: &str) -> ObjId {
    g.put(name, p, Zone::Hand).unwrap()
}

/// Grants a keyword to one object (a card in hand included) until it leaves its zone.
fn grant(g: &mut Game, id: ObjId, k: Keyword) {
    g.add_effect(None, Filter::Object(id), None, Modification::GrantKeyword(k, 0), Duration::Indefinite);
}

fn modifier(g: &mut Game, p: PlayerId, filter: PlayFilter, change: CostChange) {
    g.cost_modifiers.push(CostModifier {
        source: None,
        player: p,
        filter,
        change,
        duration: Duration::Indefinite,
        next: false,
    });
}

fn additional(optional: bool, energy: u32, power: Vec<PowerSymbol>, other: Vec<OtherCost>) -> CostChange {
    CostChange::Additional(AdditionalCost::once("test cost".into(), optional, Cost { energy, power }, other))
}

/// "kill a friendly unit" (353.2.a.1).
fn kill_friendly_unit() -> OtherCost {
    OtherCost::Kill(UnitFilter { relation: Relation::Friendly, ..UnitFilter::units() })
}

fn chain_card(g: &Game, i: usize) -> ObjId {
    match g.chain[i].kind {
        ItemKind::Card(c) => c,
        ref k => panic!("chain item {i} is not a card: {k:?}"),
    }
}

fn names(g: &Game, ids: &[ObjId]) -> Vec<String> {
    ids.iter().map(|i| g.name(*i).to_string()).collect()
}

fn on_board_named(g: &Game, loc: Loc, name: &str) -> Option<ObjId> {
    g.units_at(loc)
        .into_iter()
        .chain(match loc {
            Loc::Base(p) => g.player(p).base.clone(),
            _ => Vec::new(),
        })
        .find(|u| g.name(*u) == name)
}

/// P1 plays Cleave (a 1-energy spell) from hand with one energy in their pool. Returns the game
/// with the spell on the chain.
fn p1_spell_on_chain() -> (Game, Rec, Rec) {
    let (mut g, a, b) = game();
    let cleave = hand(&mut g, P1, "Cleave");
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(cleave));
    g.step().unwrap();
    (g, a, b)
}

// ---------------------------------------------------------------------------------------------
// 326-336: chains
// ---------------------------------------------------------------------------------------------

/// 327.1 / 351 / 328.2: the card leaves the hand for the chain at once and stays a pending item
/// while its costs are being paid.
#[test]
fn r351_card_is_on_the_chain_and_pending_while_costs_are_paid() {
    let (mut g, a, _) = game();
    let vi = hand(&mut g, P1, "Vi, Destructive");
    let r = g.put_runes("Fury Rune", P1, 2).unwrap();
    a.push(Choice::Play(vi));
    a.push(Choice::Activate(r[0], 0));
    a.push(Choice::Activate(r[1], 0));
    a.push(Choice::Activate(r[0], 1));
    g.step().unwrap();
    let pays = a.asked(Ask::PayCost);
    assert_eq!(pays.len(), 3, "three payment decisions");
    for s in &pays {
        assert_eq!(s.pending, vec![true], "328.2: the card is a pending chain item while costs are paid");
        assert!(!s.hand.contains(&vi), "351: the card left the hand");
    }
    assert!(g.chain.is_empty());
}

/// 328.3 / 356.1: once played, a spell is a finalized (non-pending) chain item.
#[test]
fn r328_3_played_spell_becomes_finalized_chain_item() {
    let (g, _, _) = p1_spell_on_chain();
    assert_eq!(g.chain.len(), 1);
    assert!(!g.chain[0].pending);
    assert_eq!(g.chain[0].controller, P1);
    let c = chain_card(&g, 0);
    assert_eq!(g.obj(c).zone, Zone::Chain);
    assert_eq!(g.name(c), "Cleave");
    assert!(g.player(P1).hand.is_empty());
}

/// 330.1 / 309.1.a: while a chain exists (closed state) cards without Reaction can't be played
/// and no standard move can be made; 330.2: once it is gone (open state) they can again.
#[test]
fn r330_closed_state_forbids_normal_plays_and_moves() {
    let (mut g, a, _) = game();
    let cleave = hand(&mut g, P1, "Cleave");
    let unit = hand(&mut g, P1, "Pit Rookie");
    g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.add(P1, 3, &[], 0);
    let open = g.action_options(P1);
    assert!(open.contains(&Choice::Play(unit)));
    assert!(open.contains(&Choice::StandardMove(Loc::Battlefield(Bf::new(0)))));
    a.push(Choice::Play(cleave));
    g.step().unwrap();
    let closed = g.action_options(P1);
    assert!(!closed.contains(&Choice::Play(unit)), "330.1.a: {closed:?}");
    assert!(!closed.iter().any(|c| matches!(c, Choice::StandardMove(_))), "{closed:?}");
    assert!(closed.contains(&Choice::Pass) && !closed.contains(&Choice::EndTurn));
    // Both pass: the spell resolves and the state opens again (336.2).
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.chain.is_empty());
    a.push(Choice::Play(unit));
    g.step().unwrap();
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some(), "the unit could be played again");
}

/// 334.1.a.2 / 309.1.a: a card with Reaction (here granted to it in hand, 717.3.a) can be played
/// in a closed state.
#[test]
fn r334_1_a_2_reaction_card_is_legally_timed_in_closed_state() {
    let (mut g, _, _) = p1_spell_on_chain();
    let gust = hand(&mut g, P2, "Gust");
    let plain = hand(&mut g, P2, "Retreat");
    g.add(P2, 2, &[], 0);
    grant(&mut g, gust, Keyword::Reaction);
    g.priority = Some(P2);
    let opts = g.action_options(P2);
    assert!(opts.contains(&Choice::Play(gust)), "{opts:?}");
    assert!(!opts.contains(&Choice::Play(plain)), "{opts:?}");
}

/// 332.1 / 333.1.c.3: the player who created the chain is the first active player and holds
/// priority.
#[test]
fn r332_1_chain_creator_gets_priority() {
    let (g, _, _) = p1_spell_on_chain();
    assert_eq!(g.priority, Some(P1));
}

/// 334.1.a.5: the first active player may add another (legally timed) card to the chain they
/// started, before anyone else acts (334.1.a.7: each play returns to Finalize, then to them).
#[test]
fn r334_1_a_5_creator_may_add_to_own_chain() {
    let (mut g, a, _) = game();
    let cleave = hand(&mut g, P1, "Cleave");
    let gust = hand(&mut g, P1, "Gust");
    grant(&mut g, gust, Keyword::Reaction);
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(cleave));
    g.step().unwrap();
    a.push(Choice::Play(gust));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 2);
    assert!(g.chain.iter().all(|i| i.controller == P1));
    assert_eq!(g.name(chain_card(&g, 1)), "Gust");
    assert_eq!(g.priority, Some(P1));
}

/// 334.1.c.1: passing gives priority to the next player in turn order without resolving
/// anything while someone has not passed.
#[test]
fn r334_1_c_1_pass_goes_to_next_player() {
    let (mut g, _, _) = p1_spell_on_chain();
    g.step().unwrap(); // P1 passes (their only option).
    assert_eq!(g.priority, Some(P2));
    assert_eq!(g.chain.len(), 1, "nothing resolves before every player has passed");
}

/// 335.1 / 336.1 / 356.3.d: when every player passed in a row, the newest item resolves; a
/// spell then goes to its owner's trash and the state opens (336.2).
#[test]
fn r335_1_all_pass_then_newest_resolves() {
    let (mut g, _, _) = p1_spell_on_chain();
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.chain.is_empty());
    assert_eq!(names(&g, &g.player(P1).trash), vec!["Cleave"]);
    assert!(g.player(P1).hand.is_empty());
}

/// 329.2 / 334.1.a.4: a card played while a chain exists joins it as its newest item.
#[test]
fn r329_2_card_played_during_chain_joins_it() {
    let (mut g, _, b) = p1_spell_on_chain();
    let gust = hand(&mut g, P2, "Gust");
    grant(&mut g, gust, Keyword::Reaction);
    g.add(P2, 1, &[], 0);
    g.step().unwrap(); // P1 passes.
    b.push(Choice::Play(gust));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 2);
    assert_eq!(g.chain[1].controller, P2);
    assert_eq!(g.name(chain_card(&g, 1)), "Gust");
    assert_eq!(g.name(chain_card(&g, 0)), "Cleave");
    // 333.1.c.3: the controller of the newest item has priority.
    assert_eq!(g.priority, Some(P2));
}

/// 335.2: a new item means everyone must pass again; 336.1: then only the newest item resolves
/// (the reaction goes first, the original spell stays on the chain).
#[test]
fn r336_1_newest_item_resolves_first_after_fresh_round_of_passes() {
    let (mut g, _, b) = p1_spell_on_chain();
    let gust = hand(&mut g, P2, "Gust");
    grant(&mut g, gust, Keyword::Reaction);
    g.add(P2, 1, &[], 0);
    g.step().unwrap(); // P1 passes.
    b.push(Choice::Play(gust));
    g.step().unwrap(); // P2 reacts.
    g.step().unwrap(); // P2 passes: P1's earlier pass no longer counts.
    assert_eq!(g.chain.len(), 2, "335.2: P1 must pass again");
    assert_eq!(g.priority, Some(P1));
    g.step().unwrap(); // P1 passes: everyone passed since Gust was added.
    assert_eq!(g.chain.len(), 1);
    assert_eq!(names(&g, &g.player(P2).trash), vec!["Gust"]);
    assert!(g.player(P1).trash.is_empty(), "Cleave is still on the chain");
    assert_eq!(g.name(chain_card(&g, 0)), "Cleave");
}

/// 336.4: after an item resolves, the controller of the (new) newest item gains priority —
/// not the controller of the item that resolved.
#[test]
fn r336_4_controller_of_newest_remaining_item_gains_priority() {
    let (mut g, a, b) = game();
    let cleave = hand(&mut g, P1, "Cleave");
    let third = hand(&mut g, P1, "Retreat");
    grant(&mut g, third, Keyword::Reaction);
    g.add(P1, 2, &[], 0);
    let gust = hand(&mut g, P2, "Gust");
    grant(&mut g, gust, Keyword::Reaction);
    g.add(P2, 1, &[], 0);
    a.push(Choice::Play(cleave));
    g.step().unwrap();
    a.push(Choice::Pass);
    g.step().unwrap(); // P1 passes (they could still play Retreat).
    b.push(Choice::Play(gust));
    g.step().unwrap();
    g.step().unwrap(); // P2 passes.
    a.push(Choice::Play(third));
    g.step().unwrap(); // P1 reacts with Retreat.
    assert_eq!(g.chain.len(), 3);
    g.step().unwrap(); // P1 passes.
    g.step().unwrap(); // P2 passes: Retreat resolves.
    assert_eq!(g.chain.len(), 2);
    assert_eq!(names(&g, &g.player(P1).trash), vec!["Retreat"]);
    assert_eq!(g.priority, Some(P2), "Gust (P2's) is now the newest item");
}

/// 333.1.a / 333.1.c.3: pending items are finalized without passing priority; afterwards the
/// controller of the newest item gains priority.
#[test]
fn r333_1_c_3_finalized_pending_item_gives_its_controller_priority() {
    let (mut g, a, b) = p1_spell_on_chain();
    // Both players hold a Reaction card, so each of their priority decisions is recorded.
    let r1 = hand(&mut g, P1, "Gust");
    grant(&mut g, r1, Keyword::Reaction);
    g.add(P1, 1, &[], 0);
    let r2 = hand(&mut g, P2, "Retreat");
    grant(&mut g, r2, Keyword::Reaction);
    g.add(P2, 1, &[], 0);
    let src = g.put_at("Pit Rookie", P2, Loc::Base(P2)).unwrap();
    g.chain.push(ability_item(src, P2, true));
    g.step().unwrap();
    assert!(g.chain.iter().all(|i| !i.pending));
    assert_eq!(g.chain.len(), 2, "finalizing resolves nothing");
    assert!(a.asked(Ask::Action).len() == 1 && b.asked(Ask::Action).is_empty(), "333.1.a: no priority was used");
    // P2, who controls the newest item, acts first.
    b.push(Choice::Pass);
    g.step().unwrap();
    assert_eq!(b.asked(Ask::Action).len(), 1);
    assert_eq!(a.asked(Ask::Action).len(), 1, "P1 has not acted yet");
    a.push(Choice::Pass);
    g.step().unwrap(); // P1 passes: the ability resolves.
    assert_eq!(g.chain.len(), 1);
    // 336.4: P1, controller of the spell now newest, acts next.
    a.push(Choice::Pass);
    g.step().unwrap();
    assert_eq!(a.asked(Ask::Action).len(), 3);
    assert_eq!(b.asked(Ask::Action).len(), 1);
}

/// 333.1.c / 356.2: a unit resolves as soon as it is finalized: it never waits on the chain for
/// priority passes.
#[test]
fn r333_1_c_unit_resolves_on_finalization() {
    let (mut g, a, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(rookie));
    g.step().unwrap();
    assert!(g.chain.is_empty());
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some());
    assert_eq!(g.priority, Some(P1));
}

/// 333.1.c / 356.2: gear resolves as soon as it is finalized.
#[test]
fn r333_1_c_gear_resolves_on_finalization() {
    let (mut g, a, _) = game();
    let orb = hand(&mut g, P1, "Orb of Regret");
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(orb));
    g.step().unwrap();
    assert!(g.chain.is_empty());
    assert!(on_board_named(&g, Loc::Base(P1), "Orb of Regret").is_some());
}

/// 333.1.c / 333.1.c.3: a unit played as a reaction resolves at once while the spell below it
/// stays on the chain; then the controller of the newest item (the spell) gains priority and
/// everyone must pass again before it resolves (335.1).
#[test]
fn r333_1_c_3_reaction_unit_resolves_and_priority_returns_to_chain_top() {
    let (mut g, _, b) = p1_spell_on_chain();
    let rookie = hand(&mut g, P2, "Pit Rookie");
    grant(&mut g, rookie, Keyword::Reaction);
    g.add(P2, 2, &[], 0);
    g.step().unwrap(); // P1 passes.
    b.push(Choice::Play(rookie));
    g.step().unwrap();
    assert!(on_board_named(&g, Loc::Base(P2), "Pit Rookie").is_some(), "the unit resolved");
    assert_eq!(g.chain.len(), 1, "the spell is still on the chain");
    assert_eq!(g.priority, Some(P1), "333.1.c.3: the controller of the newest item gains priority");
    g.step().unwrap(); // P1 passes.
    assert_eq!(g.chain.len(), 1, "P2 has not passed since adding an item");
    g.step().unwrap(); // P2 passes.
    assert!(g.chain.is_empty());
}

/// 333.1.c / 416.2.a: Add abilities (a rune's) resolve at once, never wait on the chain, and
/// don't pass priority.
#[test]
fn r416_2_add_ability_resolves_without_chain_or_priority_pass() {
    let (mut g, _, b) = p1_spell_on_chain();
    let r = g.put_runes("Fury Rune", P2, 1).unwrap()[0];
    g.step().unwrap(); // P1 passes.
    b.push(Choice::AddResources);
    b.push(Choice::Activate(r, 0));
    g.step().unwrap();
    assert_eq!(g.player(P2).pool.energy, 1);
    assert!(g.obj(r).exhausted);
    assert_eq!(g.chain.len(), 1);
    assert_eq!(g.priority, Some(P2), "416.2.a: priority does not pass");
    // 334.1.b.2 / 335.1: the activation added an item to the chain, so P1's earlier pass no
    // longer counts: P2 passes, then P1 must pass again before the spell resolves.
    b.push(Choice::Pass);
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1);
    assert_eq!(g.priority, Some(P1));
    g.step().unwrap();
    assert!(g.chain.is_empty());
}

// ---------------------------------------------------------------------------------------------
// 337-345: showdowns
// ---------------------------------------------------------------------------------------------

/// P1 moves a ready unit to the empty, uncontrolled battlefield 0: a showdown begins there.
fn showdown_at_0() -> (Game, Rec, Rec, ObjId) {
    let (mut g, a, b) = game();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, Loc::Battlefield(Bf::new(0)));
    (g, a, b, u)
}

/// 340.2 / 341: contesting an uncontrolled battlefield opens a showdown (no combat) in the
/// cleanup after the move; the contesting player gains focus (and priority, 313.2).
#[test]
fn r341_showdown_begins_and_contester_gets_focus() {
    let (g, _, _, u) = showdown_at_0();
    assert_eq!(g.location(u), Some(Loc::Battlefield(Bf::new(0))));
    let sd = g.showdown.as_ref().expect("a showdown");
    assert_eq!(sd.battlefield, Bf::new(0));
    assert!(sd.combat.is_none());
    assert_eq!(sd.focus, P1);
    assert_eq!(g.priority, Some(P1));
}

/// 339.1.a / 308.1.a / 344.1: in a showdown only Action/Reaction cards can be played (a plain
/// unit can't), and no standard move can be made.
#[test]
fn r339_1_a_showdown_allows_only_action_or_reaction() {
    let (mut g, a, _, _) = showdown_at_0();
    let unit = hand(&mut g, P1, "Pit Rookie");
    let plain = hand(&mut g, P1, "Retreat");
    let act = hand(&mut g, P1, "Cleave");
    grant(&mut g, act, Keyword::Action);
    g.put_at("Pit Rookie", P1, Loc::Base(P1)).unwrap();
    g.add(P1, 3, &[], 0);
    a.push(Choice::Pass);
    g.step().unwrap();
    let seen = a.asked(Ask::Action);
    let opts = &seen.last().unwrap().options;
    assert!(opts.contains(&Choice::Play(act)), "{opts:?}");
    assert!(!opts.contains(&Choice::Play(unit)) && !opts.contains(&Choice::Play(plain)), "{opts:?}");
    assert!(!opts.iter().any(|c| matches!(c, Choice::StandardMove(_))), "{opts:?}");
    assert!(!opts.contains(&Choice::EndTurn), "{opts:?}");
}

/// 344.4: a pass moves focus (and priority) to the next player in turn order; the showdown
/// goes on.
#[test]
fn r344_4_pass_moves_focus() {
    let (mut g, _, _, _) = showdown_at_0();
    g.step().unwrap(); // P1 passes.
    let sd = g.showdown.as_ref().expect("still a showdown");
    assert_eq!(sd.focus, P2);
    assert_eq!(g.priority, Some(P2));
}

/// 344.3.a / 345.2.a / 345.2.a.1: all players pass in sequence: the showdown ends, and the only
/// player with units there establishes control — a conquer, scoring a point.
#[test]
fn r345_2_a_showdown_ends_and_lone_player_conquers() {
    let (mut g, _, _, _) = showdown_at_0();
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.showdown.is_none());
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.battlefields[0].contested_by, None);
    assert_eq!(g.player(P1).points, 1);
}

/// 345.2.a.1: control established over a battlefield already scored this turn is no conquer.
#[test]
fn r345_2_a_1_no_conquer_if_already_scored_this_turn() {
    let (mut g, _, _, _) = showdown_at_0();
    g.player_mut(P1).scored_this_turn |= 1;
    g.step().unwrap();
    g.step().unwrap();
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 0);
}

/// 338.1 / 343: a spell in a showdown makes a chain as normal; when its last item resolves,
/// focus passes to the next player, and the run of passes starts over (344.3.a). On P1's turn
/// P2 then becomes the active player (332.2-332.3: not the turn player, and it passes).
#[test]
fn r343_focus_passes_when_showdown_chain_empties() {
    let (mut g, a, b, _) = showdown_at_0();
    let act = hand(&mut g, P1, "Cleave");
    grant(&mut g, act, Keyword::Action);
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(act));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1, "338.1: a chain as normal");
    assert_eq!(g.priority, Some(P1));
    g.step().unwrap(); // P1 passes priority (keeps focus, 313.3).
    assert_eq!(g.showdown.as_ref().unwrap().focus, P1);
    g.step().unwrap(); // P2 passes: Cleave resolves.
    assert!(g.chain.is_empty());
    let sd = g.showdown.as_ref().expect("the showdown goes on");
    assert_eq!(sd.focus, P2);
    assert_eq!(g.priority, Some(P2));
    // 332.1: P2 creates a chain with focus and is its first active player.
    let act2 = hand(&mut g, P2, "Gust");
    grant(&mut g, act2, Keyword::Action);
    g.add(P2, 1, &[], 0);
    b.push(Choice::Play(act2));
    g.step().unwrap();
    assert_eq!(g.chain[0].controller, P2);
    assert_eq!(g.priority, Some(P2));
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.chain.is_empty());
    assert_eq!(g.showdown.as_ref().unwrap().focus, P1);
    g.step().unwrap(); // P1 passes focus.
    assert!(g.showdown.is_some());
    g.step().unwrap(); // P2 passes focus: everyone passed in sequence.
    assert!(g.showdown.is_none());
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 343 / 333.1.c: a unit played in a showdown (here with Action) resolves as the last item of
/// the chain, so focus passes to the next player.
#[test]
fn r343_unit_played_in_showdown_passes_focus() {
    let (mut g, a, _, _) = showdown_at_0();
    let unit = hand(&mut g, P1, "Pit Rookie");
    grant(&mut g, unit, Keyword::Action);
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(unit));
    g.step().unwrap();
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some());
    assert!(g.chain.is_empty());
    assert_eq!(g.showdown.as_ref().unwrap().focus, P2);
    assert_eq!(g.priority, Some(P2));
}

/// 310.4 / 309.1.a: in a showdown with a chain (closed) only Reaction cards can be played, not
/// Action ones.
#[test]
fn r310_4_showdown_closed_state_only_reaction() {
    let (mut g, a, b, _) = showdown_at_0();
    let act = hand(&mut g, P1, "Cleave");
    grant(&mut g, act, Keyword::Action);
    g.add(P1, 1, &[], 0);
    let p2_action = hand(&mut g, P2, "Retreat");
    grant(&mut g, p2_action, Keyword::Action);
    let p2_reaction = hand(&mut g, P2, "Gust");
    grant(&mut g, p2_reaction, Keyword::Reaction);
    g.add(P2, 2, &[], 0);
    a.push(Choice::Play(act));
    g.step().unwrap();
    g.step().unwrap(); // P1 passes.
    b.push(Choice::Pass);
    g.step().unwrap();
    let opts = b.asked(Ask::Action).last().unwrap().options.clone();
    assert!(opts.contains(&Choice::Play(p2_reaction)), "{opts:?}");
    assert!(!opts.contains(&Choice::Play(p2_action)), "{opts:?}");
}

/// 343.1: focus does not pass when the last item of a combat's initial chain resolves; the
/// player with focus goes on.
#[test]
fn r343_1_focus_stays_after_initial_chain() {
    let (mut g, _, _) = game();
    g.set_controller(Bf::new(0), Some(P2));
    let d = g.put_at("Pit Rookie", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    g.move_units(&[u], Loc::Battlefield(Bf::new(0)));
    // Combat begins (437) and an attack trigger forms its initial chain (438.1.b).
    g.begin_combat(Bf::new(0));
    g.chain.push(ability_item(u, P1, false));
    g.initial_chain().unwrap();
    assert!(g.showdown.as_ref().unwrap().initial_chain);
    g.step().unwrap(); // P1 passes.
    g.step().unwrap(); // P2 passes: the trigger resolves.
    assert!(g.chain.is_empty());
    let sd = g.showdown.as_ref().expect("combat showdown");
    assert_eq!(sd.focus, P1, "343.1");
    assert_eq!(g.priority, Some(P1));
    assert!(g.obj(d).alive);
}

/// 345.1: when a combat's showdown closes, combat goes on to damage and resolution.
#[test]
fn r345_1_combat_showdown_proceeds_to_damage() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P2));
    let d = g.put_at("Pit Rookie", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    let u = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, Loc::Battlefield(Bf::new(0)));
    let sd = g.showdown.as_ref().expect("combat");
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
    // 342.1.b: no initial chain; the showdown proceeds with the attacker holding focus (341).
    assert!(g.chain.is_empty());
    assert_eq!(sd.focus, P1);
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.showdown.is_none());
    assert!(!g.obj(d).alive, "the 2-might defender took 3");
    assert!(g.obj(u).alive);
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 345.2.b / 345.2.b.1: if units of two players remain when a non-combat showdown ends, the
/// battlefield stays contested and a combat follows, its contester attacking.
#[test]
fn r345_2_b_two_players_remain_combat_is_staged() {
    let (mut g, _, _, _) = showdown_at_0();
    // An effect brings a unit of P2 to the battlefield during the showdown.
    g.put_at("Pit Rookie", P2, Loc::Battlefield(Bf::new(0))).unwrap();
    g.step().unwrap();
    g.step().unwrap();
    assert_eq!(g.battlefields[0].controller, None, "control can't be established");
    assert_eq!(g.player(P1).points, 0);
    let sd = g.showdown.as_ref().expect("the staged combat begins");
    assert_eq!(sd.battlefield, Bf::new(0));
    assert_eq!(sd.combat, Some(Combat { attacker: P1, defender: P2 }));
}

// ---------------------------------------------------------------------------------------------
// 346-356: playing cards
// ---------------------------------------------------------------------------------------------

/// 352.2 / 356.2.c: a unit is played to its controller's base or a battlefield they control
/// (not an uncontrolled or enemy one), and enters there exhausted.
#[test]
fn r352_2_unit_location_base_or_controlled_battlefield() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(rookie));
    a.push(Choice::Loc(Loc::Battlefield(Bf::new(0))));
    g.step().unwrap();
    let locs = a.asked(Ask::PlayLocation);
    assert_eq!(locs.len(), 1);
    assert_eq!(locs[0].options, vec![Choice::Loc(Loc::Base(P1)), Choice::Loc(Loc::Battlefield(Bf::new(0)))]);
    let id = on_board_named(&g, Loc::Battlefield(Bf::new(0)), "Pit Rookie").expect("played to the battlefield");
    assert!(g.obj(id).exhausted, "356.2.c");
    assert_eq!(g.battlefields[0].contested_by, None, "its controller already controls it");
}

/// 352.2 with an enemy battlefield: P2's battlefield is not a place P1 may play a unit to.
#[test]
fn r352_2_enemy_battlefield_is_not_a_location() {
    let (mut g, _, _) = game();
    g.set_controller(Bf::new(1), Some(P2));
    g.put_at("Pit Rookie", P2, Loc::Battlefield(Bf::new(1))).unwrap();
    assert_eq!(g.play_locations(P1), vec![Loc::Base(P1)]);
    assert_eq!(g.play_locations(P2), vec![Loc::Base(P2), Loc::Battlefield(Bf::new(1))]);
}

/// 356.2.c: a unit played to base enters exhausted.
#[test]
fn r356_2_c_unit_enters_exhausted() {
    let (mut g, a, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(rookie));
    g.step().unwrap();
    let id = on_board_named(&g, Loc::Base(P1), "Pit Rookie").unwrap();
    assert!(g.obj(id).exhausted);
}

/// 356.2.d: gear enters ready at its controller's base.
#[test]
fn r356_2_d_gear_enters_ready_at_base() {
    let (mut g, a, _) = game();
    let orb = hand(&mut g, P1, "Orb of Regret");
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(orb));
    g.step().unwrap();
    let id = on_board_named(&g, Loc::Base(P1), "Orb of Regret").unwrap();
    assert_eq!(g.obj(id).zone, Zone::Base);
    assert!(!g.obj(id).exhausted);
}

/// 356.3.d: a resolved spell goes to the trash of its owner, even when another player played it.
#[test]
fn r356_3_d_spell_goes_to_owners_trash() {
    let (mut g, _, _) = game();
    let c = hand(&mut g, P2, "Cleave");
    g.add(P1, 1, &[], 0);
    assert!(g.play_card(P1, c, PlayOptions::default()).unwrap());
    assert_eq!(g.chain[0].controller, P1);
    g.step().unwrap();
    g.step().unwrap();
    assert!(g.chain.is_empty());
    assert_eq!(names(&g, &g.player(P2).trash), vec!["Cleave"]);
    assert!(g.player(P1).trash.is_empty());
}

/// 353.1.a: playing a card ignoring its cost sets both base costs to 0.
#[test]
fn r353_1_a_ignoring_cost_sets_base_costs_to_zero() {
    let (mut g, _, _) = game();
    let sky = hand(&mut g, P1, "Sky Splitter");
    assert!(
        g.play_card(P1, sky, PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() })
            .unwrap()
    );
    assert_eq!(g.chain.len(), 1);
    assert_eq!(g.name(chain_card(&g, 0)), "Sky Splitter");
}

/// 353.1.b: ignoring only the energy cost leaves the power cost to pay (a recycled, exhausted
/// rune pays it: no energy was needed).
#[test]
fn r353_1_b_ignoring_energy_keeps_power_cost() {
    let (mut g, _, _) = game();
    let disc = hand(&mut g, P1, "Sun Disc");
    let r = g.put_runes("Fury Rune", P1, 1).unwrap()[0];
    g.obj_mut(r).exhausted = true;
    assert!(
        g.play_card(P1, disc, PlayOptions { ignore_energy: true, ignore_power: false, ..PlayOptions::default() })
            .unwrap()
    );
    assert!(on_board_named(&g, Loc::Base(P1), "Sun Disc").is_some());
    assert!(g.player(P1).runes.is_empty(), "the rune was recycled for [R]");
    assert_eq!(g.player(P1).rune_deck.len(), 1);
    // Without the option the same card can't be paid for.
    let (mut g2, _, _) = game();
    let disc2 = hand(&mut g2, P1, "Sun Disc");
    let r2 = g2.put_runes("Fury Rune", P1, 1).unwrap()[0];
    g2.obj_mut(r2).exhausted = true;
    assert!(!g2.play_card(P1, disc2, PlayOptions::default()).unwrap());
}

/// 353.1.b: ignoring only the power cost leaves the energy cost to pay.
#[test]
fn r353_1_b_ignoring_power_keeps_energy_cost() {
    let (mut g, a, _) = game();
    let disc = hand(&mut g, P1, "Sun Disc");
    let r = g.put_runes("Calm Rune", P1, 2).unwrap();
    a.push(Choice::Activate(r[0], 0));
    assert!(
        g.play_card(P1, disc, PlayOptions { ignore_energy: false, ignore_power: true, ..PlayOptions::default() })
            .unwrap()
    );
    assert!(on_board_named(&g, Loc::Base(P1), "Sun Disc").is_some());
    assert!(r.iter().all(|x| g.obj(*x).alive && g.obj(*x).exhausted), "two energy paid, no power");
}

/// 353.1.c: an optional additional cost chosen while ignoring the base cost must still be paid
/// (the Legion Rearguard / Accelerate example).
#[test]
fn r353_1_c_additional_cost_still_paid_when_ignoring_cost() {
    let (mut g, a, _) = game();
    let lr = hand(&mut g, P1, "Legion Rearguard");
    modifier(&mut g, P1, PlayFilter::Card(lr), additional(true, 1, vec![PowerSymbol::Of(Domain::Fury)], vec![]));
    let r = g.put_runes("Fury Rune", P1, 1).unwrap()[0];
    a.push(Choice::Yes);
    assert!(
        g.play_card(P1, lr, PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() }).unwrap()
    );
    assert_eq!(a.asked(Ask::OptionalCost).len(), 1, "the optional cost is offered for that card");
    assert!(on_board_named(&g, Loc::Base(P1), "Legion Rearguard").is_some());
    assert!(!g.obj(r).alive, "[1][R] paid: the rune was exhausted then recycled");
    assert!(g.player(P1).pool.is_empty());
}

/// 353.2.a: a mandatory additional cost (kill a friendly unit) is paid as part of playing.
#[test]
fn r353_2_a_mandatory_additional_cost_is_paid() {
    let (mut g, a, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    let v = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), additional(false, 0, vec![], vec![kill_friendly_unit()]));
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(rookie));
    g.step().unwrap();
    assert!(!g.obj(v).alive);
    assert_eq!(names(&g, &g.player(P1).trash), vec!["Shipyard Skulker"]);
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some());
}

/// 353.2.a: a card whose mandatory additional cost can't be paid can't be played.
#[test]
fn r353_2_a_unpayable_mandatory_cost_blocks_play() {
    let (mut g, _, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), additional(false, 0, vec![], vec![kill_friendly_unit()]));
    g.add(P1, 2, &[], 0);
    assert!(!g.playable_cards(P1).contains(&rookie));
    g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    assert!(g.playable_cards(P1).contains(&rookie));
}

/// 353.2.b: an optional additional cost the player declines is not paid.
#[test]
fn r353_2_b_declined_optional_cost_is_not_paid() {
    let (mut g, a, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), additional(true, 2, vec![], vec![]));
    g.add(P1, 3, &[], 0);
    a.push(Choice::Play(rookie));
    a.push(Choice::No);
    g.step().unwrap();
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some());
    assert_eq!(g.player(P1).pool.energy, 1, "only the base [2] was paid");
}

/// 353.3: cost increases add to the total cost.
#[test]
fn r353_3_cost_increase_is_added() {
    let (mut g, a, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), CostChange::Increase(Cost { energy: 1, power: vec![] }));
    g.add(P1, 2, &[], 0);
    assert!(!g.playable_cards(P1).contains(&rookie), "[2] + [1] is not affordable with [2]");
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(rookie));
    g.step().unwrap();
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some());
    assert_eq!(g.player(P1).pool.energy, 1, "[3] paid out of [4]");
}

/// The Eager Apprentice / Sky Splitter setup of 353.4.c: a spell discount of [1] to a minimum of
/// [1] and Sky Splitter's own discount of [7]; P1 has exactly [R] in their pool.
fn sky_splitter() -> (Game, Rec, ObjId) {
    let (mut g, a, _) = game();
    let sky = hand(&mut g, P1, "Sky Splitter");
    modifier(
        &mut g,
        P1,
        PlayFilter::OfType(CardType::Spell),
        CostChange::Discount { energy: 1, min_energy: 1, power: Vec::new() },
    );
    modifier(&mut g, P1, PlayFilter::Card(sky), CostChange::Discount { energy: 7, min_energy: 0, power: Vec::new() });
    g.add(P1, 0, &[Domain::Fury], 0);
    (g, a, sky)
}

/// 353.4 / 353.4.c: discounts apply in the order the player chooses, and a minimum limits only
/// its own discount: Apprentice first ([8] -> [7]) then Sky Splitter's ([7] -> [0]).
#[test]
fn r353_4_c_discount_minimum_applies_only_to_its_discount() {
    let (mut g, a, sky) = sky_splitter();
    assert!(g.playable_cards(P1).contains(&sky));
    a.push(Choice::Play(sky));
    a.push(Choice::Nth(0));
    g.step().unwrap();
    assert_eq!(a.asked(Ask::DiscountOrder).len(), 1);
    assert_eq!(g.chain.len(), 1, "Sky Splitter was played for [0][R]");
    assert!(g.player(P1).pool.is_empty());
}

/// 353.4.c / 355.3: in the other order the minimum leaves [1] to pay; that can't be paid here,
/// so the whole play is undone: the card is back in hand and nothing was spent.
#[test]
fn r355_3_unpayable_total_cost_undoes_the_play() {
    let (mut g, a, sky) = sky_splitter();
    a.push(Choice::Play(sky));
    a.push(Choice::Nth(1));
    g.step().unwrap();
    assert!(g.chain.is_empty());
    assert_eq!(g.player(P1).hand, vec![sky]);
    assert_eq!(g.obj(sky).zone, Zone::Hand);
    assert!(g.obj(sky).alive);
    assert_eq!(g.player(P1).pool.power[Domain::Fury.index()], 1);
}

/// 351.3 / 355.3: a card an effect plays while it resolves waits on the chain, pending; found
/// illegal as it is finalized (Hextech Ray with no unit at a battlefield to target), every step
/// is undone, step 1 included: it goes back to the trash it was played from.
#[test]
fn r355_3_a_waiting_play_found_illegal_goes_back_where_it_was_played_from() {
    let mut g = Game::blank(common::cards_db(), &ZAUN_BFS, 7).unwrap();
    seat(&mut g, Rec::default(), Rec::default());
    let ray = g.put("Hextech Ray", P1, Zone::Trash).unwrap();
    let opts = PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() };
    let on_chain = g.play_card_while_resolving(P1, ray, opts);
    assert_eq!(g.obj(on_chain).zone, Zone::Chain);
    assert!(g.chain.has_pending(), "only step 1 happened");
    g.finalize_pending().unwrap();
    assert!(g.chain.is_empty());
    let trash: Vec<&str> = g.player(P1).trash.iter().map(|c| g.card(*c).name.as_str()).collect();
    assert_eq!(trash, vec!["Hextech Ray"]);
}

/// 353.4.d: discounts can reduce an (optional) additional cost to 0 (the Clockwork Keeper
/// example: [C] added, then "units cost [A] less").
#[test]
fn r353_4_d_discount_reduces_additional_cost() {
    let (mut g, a, _) = game();
    let keeper = hand(&mut g, P1, "Clockwork Keeper");
    modifier(&mut g, P1, PlayFilter::Card(keeper), additional(true, 0, vec![PowerSymbol::Of(Domain::Calm)], vec![]));
    modifier(
        &mut g,
        P1,
        PlayFilter::OfType(CardType::Unit),
        CostChange::Discount { energy: 0, min_energy: 0, power: vec![PowerSymbol::Any] },
    );
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(keeper));
    a.push(Choice::Yes);
    g.step().unwrap();
    assert_eq!(a.asked(Ask::OptionalCost).len(), 1);
    assert!(on_board_named(&g, Loc::Base(P1), "Clockwork Keeper").is_some(), "no Calm power was needed");
    assert!(g.player(P1).pool.is_empty());
}

/// 353.5: energy costs are not reduced below 0.
#[test]
fn r353_5_costs_floor_at_zero() {
    let (mut g, a, _) = game();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    modifier(
        &mut g,
        P1,
        PlayFilter::OfType(CardType::Unit),
        CostChange::Discount { energy: 5, min_energy: 0, power: Vec::new() },
    );
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(rookie));
    g.step().unwrap();
    assert!(on_board_named(&g, Loc::Base(P1), "Pit Rookie").is_some());
    assert_eq!(g.player(P1).pool.energy, 1, "the cost was [0], nothing to pay");
}

/// 354.1 / 159.2: energy and power already in the rune pool pay the cost; no rune is used.
#[test]
fn r354_1_cost_paid_from_pool() {
    let (mut g, a, _) = game();
    let vi = hand(&mut g, P1, "Vi, Destructive");
    let r = g.put_runes("Fury Rune", P1, 2).unwrap();
    g.add(P1, 2, &[Domain::Fury], 0);
    a.push(Choice::Play(vi));
    g.step().unwrap();
    assert!(a.asked(Ask::PayCost).is_empty());
    assert!(on_board_named(&g, Loc::Base(P1), "Vi, Destructive").is_some());
    assert!(r.iter().all(|x| g.obj(*x).alive && !g.obj(*x).exhausted));
    assert!(g.player(P1).pool.is_empty());
}

/// 354.1.a: during payment the player uses rune Add abilities: exhausting for energy and
/// recycling for power of the rune's domain (a rune can do both).
#[test]
fn r354_1_a_rune_abilities_during_payment() {
    let (mut g, a, _) = game();
    let vi = hand(&mut g, P1, "Vi, Destructive");
    let r = g.put_runes("Fury Rune", P1, 2).unwrap();
    a.push(Choice::Play(vi));
    a.push(Choice::Activate(r[0], 0));
    a.push(Choice::Activate(r[1], 0));
    a.push(Choice::Activate(r[0], 1));
    g.step().unwrap();
    assert_eq!(a.left(), 0);
    let first = &a.asked(Ask::PayCost)[0].options;
    assert_eq!(
        first,
        &vec![Choice::Activate(r[0], 0), Choice::Activate(r[1], 0)],
        "354.3: recycling first would leave [2] unpayable"
    );
    assert!(on_board_named(&g, Loc::Base(P1), "Vi, Destructive").is_some());
    assert!(!g.obj(r[0]).alive);
    assert!(g.obj(r[1]).alive && g.obj(r[1]).exhausted);
    assert_eq!(names(&g, &g.player(P1).rune_deck), vec!["Fury Rune"]);
    assert!(g.player(P1).pool.is_empty());
}

/// 354.3: while paying, a player can't make a choice that makes the play illegal when they have
/// another: killing the only friendly unit at the battlefield the unit is played to is not
/// offered while another friendly unit can be killed (the Cruel Patron example).
#[test]
fn r354_3_cost_choice_that_would_make_play_illegal_is_not_offered() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let v = g.put_at("Pit Crew", P1, Loc::Base(P1)).unwrap();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    g.add(P1, 2, &[], 0);
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), additional(false, 0, vec![], vec![kill_friendly_unit()]));
    a.push(Choice::Play(rookie));
    a.push(Choice::Loc(Loc::Battlefield(Bf::new(0))));
    g.step().unwrap();
    assert!(a.asked(Ask::PayCost).is_empty(), "only one unit may be killed: {:?}", a.asked(Ask::PayCost));
    assert!(!g.obj(v).alive, "the unit at base paid the cost");
    assert!(g.obj(u).alive);
    assert!(on_board_named(&g, Loc::Battlefield(Bf::new(0)), "Pit Rookie").is_some());
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 352.16 (Cruel Patron example): with "kill a friendly unit" to pay and only one friendly unit,
/// alone at a battlefield, that battlefield is not offered as the location: paying would lose it.
#[test]
fn r352_16_no_location_the_costs_would_lose() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    let u = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    let r = g.put_runes("Fury Rune", P1, 2).unwrap();
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), additional(false, 0, vec![], vec![kill_friendly_unit()]));
    a.push(Choice::Play(rookie));
    // No location question: the base is the only legal choice. The kill has one choice too.
    a.push(Choice::Activate(r[0], 0));
    g.step().unwrap();
    assert!(!g.obj(u).alive, "the cost killed the only friendly unit");
    let played = g.player(P1).base[0];
    assert_eq!(g.name(played), "Pit Rookie");
    assert_eq!(g.battlefields[0].controller, None, "181.4.c: the battlefield is lost");
    // With a second friendly unit elsewhere, the battlefield is offered again (354.3 then keeps
    // the unit there from being chosen for the kill).
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    let there = g.put_at("Shipyard Skulker", P1, Loc::Battlefield(Bf::new(0))).unwrap();
    let other = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    let rookie = hand(&mut g, P1, "Pit Rookie");
    let r = g.put_runes("Fury Rune", P1, 2).unwrap();
    modifier(&mut g, P1, PlayFilter::OfType(CardType::Unit), additional(false, 0, vec![], vec![kill_friendly_unit()]));
    a.push(Choice::Play(rookie));
    a.push(Choice::Loc(Loc::Battlefield(Bf::new(0))));
    a.push(Choice::Activate(r[0], 0));
    g.step().unwrap();
    assert!(g.obj(there).alive);
    assert!(!g.obj(other).alive);
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

// ---------------------------------------------------------------------------------------------
// 153-161: runes and the rune pool
// ---------------------------------------------------------------------------------------------

/// 157.2.a: "[E]: Add [1]": the rune exhausts and one energy goes to the pool (159.1).
#[test]
fn r157_2_a_exhaust_rune_adds_one_energy() {
    let (mut g, a, _) = game();
    let r = g.put_runes("Fury Rune", P1, 1).unwrap()[0];
    a.push(Choice::AddResources);
    a.push(Choice::Activate(r, 0));
    g.step().unwrap();
    assert!(g.obj(r).alive && g.obj(r).exhausted);
    assert_eq!(g.player(P1).pool.energy, 1);
    assert_eq!(g.player(P1).pool.power_total(), 0);
}

/// 157.2.b / 157.2.b.1 / 154.2.b: "Recycle this: Add [C]": power of the rune's own domain, the
/// rune going to the rune deck; it works on an exhausted rune too.
#[test]
fn r157_2_b_recycle_rune_adds_power_of_its_domain() {
    let (mut g, a, _) = game();
    let r = g.put_runes("Calm Rune", P1, 1).unwrap()[0];
    g.obj_mut(r).exhausted = true;
    a.push(Choice::AddResources);
    g.step().unwrap();
    let pool = g.player(P1).pool;
    assert_eq!(pool.power[Domain::Calm.index()], 1);
    assert_eq!(pool.power_total(), 1);
    assert_eq!(pool.energy, 0);
    assert!(g.player(P1).runes.is_empty());
    assert_eq!(names(&g, &g.player(P1).rune_deck), vec!["Calm Rune"]);
    assert!(g.player(P1).main_deck.is_empty());
}

/// 157.1 / 157.2.b.1: each of the six basic runes recycles for power of its own domain.
#[test]
fn r157_1_each_basic_rune_adds_its_domain() {
    for (name, d) in [
        ("Fury Rune", Domain::Fury),
        ("Calm Rune", Domain::Calm),
        ("Mind Rune", Domain::Mind),
        ("Body Rune", Domain::Body),
        ("Chaos Rune", Domain::Chaos),
        ("Order Rune", Domain::Order),
    ] {
        let (mut g, _, _) = game();
        let r = g.put_runes(name, P1, 1).unwrap()[0];
        assert!(g.card(r).is_basic_rune(), "{name}");
        g.activate_rune(P1, r, 1);
        let pool = g.player(P1).pool;
        assert_eq!(pool.power[d.index()], 1, "{name}");
        assert_eq!(pool.power_total(), 1, "{name}");
    }
}

/// 157.2 [Reaction]: rune abilities can be used in a closed state by whoever has priority.
#[test]
fn r157_2_rune_abilities_have_reaction_timing() {
    let (mut g, _, _) = p1_spell_on_chain();
    g.put_runes("Mind Rune", P2, 1).unwrap();
    g.priority = Some(P2);
    assert!(g.action_options(P2).contains(&Choice::AddResources));
}

/// 159.3 / 160: unspent energy stays in the pool during the action phase, from one action to
/// the next.
#[test]
fn r159_pool_persists_between_actions() {
    let (mut g, a, _) = game();
    let r = g.put_runes("Fury Rune", P1, 1).unwrap()[0];
    g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::AddResources);
    a.push(Choice::Activate(r, 0));
    g.step().unwrap();
    standard_move(&mut g, &a, Loc::Battlefield(Bf::new(1)));
    assert_eq!(g.player(P1).pool.energy, 1);
}

/// 160 / 315.4.d: every player's rune pool empties as the draw phase ends.
#[test]
fn r160_pools_empty_at_end_of_draw_phase() {
    let (mut g, _, _) = game();
    g.put("Pit Rookie", P1, Zone::MainDeck).unwrap();
    g.step = Step::Draw;
    g.add(P1, 2, &[Domain::Fury], 0);
    g.add(P2, 1, &[], 0);
    g.step().unwrap();
    assert_eq!(g.step, Step::Action);
    assert!(g.player(P1).pool.is_empty() && g.player(P2).pool.is_empty());
    assert_eq!(g.player(P1).hand.len(), 1);
}

/// 160 / 160.1: every player's rune pool empties at the end of the turn.
#[test]
fn r160_pools_empty_at_end_of_turn() {
    let (mut g, _, _) = game();
    g.step = Step::Expiration;
    g.add(P1, 1, &[Domain::Body], 0);
    g.add(P2, 3, &[], 0);
    g.step().unwrap();
    assert_eq!(g.turn_player, P2);
    assert!(g.player(P1).pool.is_empty() && g.player(P2).pool.is_empty());
}

/// 312.1 / 355.3: `Game::apply` takes an action through the game's own decision: refused when the
/// player can't take it now (not holding priority, or not among their actions), refused as
/// undone when the play turns out illegal as it is made, and taken otherwise.
#[test]
fn r312_1_apply_validates_an_action_and_reports_an_undone_play() {
    use riftbound::riftbound::{Action, Illegal};
    let (mut g, a, sky) = sky_splitter();
    assert!(g.legal_actions(P2).is_empty(), "P2 does not hold priority");
    let refused = g.apply(P2, Action::Play(sky)).unwrap();
    assert!(matches!(refused, Err(Illegal { rule: "312.1", .. })), "{refused:?}");
    let other = g.put("Sky Splitter", P2, Zone::Hand).unwrap();
    let refused = g.apply(P1, Action::Play(other)).unwrap();
    assert!(matches!(refused, Err(Illegal { rule: "312.1", .. })), "not P1's card: {refused:?}");
    assert!(g.legal_actions(P1).contains(&Action::Play(sky)));
    // In this discount order the cost can't be paid: the whole play is undone (355.3).
    a.push(Choice::Nth(1));
    let undone = g.apply(P1, Action::Play(sky)).unwrap();
    assert!(matches!(undone, Err(Illegal { rule: "355.3", .. })), "{undone:?}");
    assert_eq!(g.obj(sky).zone, Zone::Hand);
    // The same play is not offered again until something changes (355.3).
    assert!(!g.legal_actions(P1).contains(&Action::Play(sky)));
}

/// `Game::apply` plays a card the same way the decision loop does.
#[test]
fn r346_apply_plays_a_card() {
    use riftbound::riftbound::Action;
    let (mut g, a, sky) = sky_splitter();
    a.push(Choice::Nth(0));
    assert_eq!(g.apply(P1, Action::Play(sky)).unwrap(), Ok(()));
    assert_eq!(g.chain.len(), 1, "Sky Splitter is on the chain");
}
