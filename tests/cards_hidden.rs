//! Hide (408) and Hidden (727), with the cards whose Core Rules examples are about hiding, costs
//! and sources: Zhonya's Hourglass, Blastcone Fae, Tideturner, Stand United (from hidden),
//! Baited Hook, Immortal Phoenix, Vi, Destructive, Garbage Grabber, Iron Ballista and Kai'Sa,
//! Evolutionary — each with its real text.

use riftbound::agents::Scripted;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::actions::Pos;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::{Agent, Ask, Choice, Decision, Domain, Game, Loc, Step, Zone};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

mod common;
use common::board::{Answers, BF0, BF1, P1, P2, ZAUN_BFS, seat};
use common::cards_db;
use common::chain::{pass_if_asked, resolve, resolve_all};
use common::showdown::{held, standard_move};
use common::trace::{dealt_to, traced};

/// The decisions an agent was asked, with their options.
type Asked = Arc<Mutex<Vec<(Ask, Vec<Choice>)>>>;

/// A scripted agent that also records every decision it is asked (to check what was offered).
#[derive(Clone, Default)]
struct Rec {
    s: Scripted,
    log: Asked,
    /// Pass whenever asked for an action with Pass among the options (without using the queue).
    auto_pass: Arc<AtomicBool>,
}

impl Answers for Rec {
    fn push(&self, c: Choice) {
        self.s.push(c);
    }
}

impl Rec {
    /// The options of every decision of this kind asked so far.
    fn asked(&self, ask: Ask) -> Vec<Vec<Choice>> {
        self.log.lock().unwrap().iter().filter(|(a, _)| *a == ask).map(|(_, o)| o.clone()).collect()
    }
}

impl Agent<Game> for Rec {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        self.log.lock().unwrap().push((d.ask.clone(), d.options.clone()));
        if self.auto_pass.load(Ordering::Relaxed)
            && d.ask == Ask::Action
            && let Some(i) = d.options.iter().position(|c| *c == Choice::Pass)
        {
            return i;
        }
        self.s.choose(game, d)
    }
}

/// An empty board in P1's action phase (turn 1) with recording agents for both players.
fn board_seeded(seed: u64) -> (Game, Rec, Rec) {
    let mut g = Game::blank(cards_db(), &ZAUN_BFS, seed).unwrap();
    let (a, b) = seat(&mut g, Rec::default(), Rec::default());
    g.trace.on = true;
    (g, a, b)
}

fn board() -> (Game, Rec, Rec) {
    board_seeded(1)
}

/// Starts `p`'s next turn and plays it to its action phase (everyone passing on what triggers).
fn next_turn(g: &mut Game, a: &Rec, b: &Rec, p: PlayerId) {
    if g.player(p).main_deck.is_empty() {
        g.put("Shipyard Skulker", p, Zone::MainDeck).unwrap();
    }
    g.start_turn(p);
    for _ in 0..50 {
        if g.step == Step::Action && g.chain.is_empty() && g.showdown.is_none() {
            return;
        }
        pass_if_asked(g, a, b);
        g.step().unwrap();
    }
    panic!("no action phase:\n{}", g.trace.render());
}

/// Gives P1 a unit at battlefield 0 and control of it.
fn control_bf0(g: &mut Game) -> ObjId {
    held(g, "Shipyard Skulker", P1, Bf::new(0))
}

/// Hides `card` at battlefield `b` for [A] (paid from a Mind power in the pool).
fn hide(g: &mut Game, a: &Rec, card: ObjId, b: Bf) -> ObjId {
    g.add(P1, 0, &[Domain::Mind], 0);
    a.push(Choice::Hide(card, b));
    g.step().unwrap();
    *g.battlefields[b].facedown.first().expect("the card is facedown")
}

/// On P2's turn, P2 plays Void Seeker ("Deal 4 to a unit at a battlefield. Draw 1.", with a card
/// to draw) at `target` and passes: P1 gets priority in the closed state while it waits.
fn p2_seeks(g: &mut Game, b: &Rec, target: ObjId) {
    let seeker = g.put("Void Seeker", P2, Zone::Hand).unwrap();
    g.put("Shipyard Skulker", P2, Zone::MainDeck).unwrap();
    g.add(P2, 3, &[Domain::Fury], 0);
    b.push(Choice::Play(seeker));
    b.push(Choice::Obj(target));
    g.step().unwrap();
    b.push(Choice::Pass);
    g.step().unwrap();
}

/// The live object a card became (following its incarnations).
fn now(g: &Game, mut o: ObjId) -> ObjId {
    while let Some(n) = g.obj(o).next {
        o = n;
    }
    o
}

// ---------------------------------------------------------------------------------------------
// Hide (408) and Hidden (727.1.b)
// ---------------------------------------------------------------------------------------------

/// 408.2.a / 727.1.b / 106.4.b-c: Hide is offered for a Hidden card in hand at a battlefield the
/// player controls, for [A]; it opens no chain (727.1.c.2); the card is not playable on the turn
/// it was hidden, and a second card can't be hidden at the same battlefield.
#[test]
fn hide_408_727_1_b_costs_any_power_at_a_controlled_battlefield_without_opening_a_chain() {
    let (mut g, a, _b) = board();
    control_bf0(&mut g);
    let fae = g.put("Blastcone Fae", P1, Zone::Hand).unwrap();
    let other = g.put("Tideturner", P1, Zone::Hand).unwrap();
    let plain = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    assert!(!g.action_options(P1).iter().any(|c| matches!(c, Choice::Hide(..))), "no power to pay [A]");
    g.add(P1, 0, &[Domain::Fury], 0);
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::Hide(fae, Bf::new(0))));
    assert!(!opts.contains(&Choice::Hide(fae, Bf::new(1))), "battlefield 1 is not controlled");
    assert!(!opts.iter().any(|c| matches!(c, Choice::Hide(x, _) if *x == plain)), "no Hidden keyword");
    a.push(Choice::Hide(fae, Bf::new(0)));
    g.step().unwrap();
    let down = g.battlefields[0].facedown[0];
    assert_eq!(g.obj(down).zone, Zone::Facedown(Bf::new(0)));
    assert_eq!(g.name(down), "Blastcone Fae");
    assert_eq!(g.player(P1).pool.power_total(), 0, "[A] paid");
    assert!(g.chain.is_empty(), "727.1.c.2: hiding opens no chain");
    assert!(traced(&g, "408.1", "hides"));
    g.add(P1, 5, &[Domain::Mind, Domain::Mind], 0);
    let opts = g.action_options(P1);
    assert!(!opts.contains(&Choice::Play(down)), "not until the next turn");
    assert!(!opts.contains(&Choice::Hide(other, Bf::new(0))), "106.4.b: one facedown card per battlefield");
}

/// 727.1.b / 727.6: from the next turn on the hidden card has Reaction and is played ignoring
/// its base cost — here in a closed state on the opponent's turn; 106.4.d / 322.5: a hidden card
/// whose controller loses the battlefield is trashed at the next cleanup.
#[test]
fn hidden_727_6_card_gains_reaction_next_turn_and_is_trashed_when_the_battlefield_is_lost() {
    let (mut g, a, b) = board();
    let holder = control_bf0(&mut g);
    let fae = g.put("Blastcone Fae", P1, Zone::Hand).unwrap();
    let down = hide(&mut g, &a, fae, Bf::new(0));
    next_turn(&mut g, &a, &b, P2);
    assert!(!g.action_options(P2).contains(&Choice::Play(down)));
    // P2 plays a spell; P1 gets priority in the closed state and may play the facedown card.
    p2_seeks(&mut g, &b, holder);
    assert_eq!(g.priority, Some(P1));
    assert!(g.player(P1).runes.is_empty() && g.player(P1).pool.is_empty(), "P1 has nothing to pay with");
    assert!(g.action_options(P1).contains(&Choice::Play(down)), "Reaction, and its base cost is ignored");
    // Instead P1 passes: Void Seeker kills the only unit there; P1 loses the battlefield and the
    // facedown card goes to the trash.
    a.push(Choice::Pass);
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert!(!g.obj(holder).alive);
    assert!(g.battlefields[0].facedown.is_empty());
    assert!(g.player(P1).trash.iter().any(|c| g.name(*c) == "Blastcone Fae"));
    assert!(traced(&g, "322.5", "hidden"));
}

// ---------------------------------------------------------------------------------------------
// Blastcone Fae: "[Hidden] / When you play me, give a unit -2 [M] this turn, to a minimum of 1."
// ---------------------------------------------------------------------------------------------

/// 727.1.d.1-2: played from hidden, Blastcone Fae must be played to that battlefield, and its play
/// effect must target a unit there; played from hand (727.3) it targets freely.
#[test]
fn blastcone_fae_727_1_d_2_play_effect_from_hidden_targets_only_at_that_battlefield() {
    let (mut g, a, b) = board();
    let mine = control_bf0(&mut g);
    let far = g.put_at("Mega-Mech", P2, BF1).unwrap();
    let at_base = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    let fae = g.put("Blastcone Fae", P1, Zone::Hand).unwrap();
    let down = hide(&mut g, &a, fae, Bf::new(0));
    next_turn(&mut g, &a, &b, P1);
    assert!(g.action_options(P1).contains(&Choice::Play(down)));
    let runes_before = g.player(P1).runes.len();
    a.push(Choice::Play(down));
    a.push(Choice::Obj(mine));
    g.step().unwrap();
    let played = now(&g, down);
    assert_eq!(g.location(played), Some(BF0), "727.1.d.1: played to its battlefield");
    assert!(a.asked(Ask::PlayLocation).is_empty(), "no choice of location");
    assert_eq!(g.player(P1).runes.len(), runes_before, "nothing paid");
    resolve_all(&mut g, &a, &b);
    let targets = a.asked(Ask::Target);
    assert_eq!(targets.len(), 1);
    let offered = &targets[0];
    assert!(offered.contains(&Choice::Obj(mine)) && offered.contains(&Choice::Obj(played)));
    assert!(!offered.contains(&Choice::Obj(far)) && !offered.contains(&Choice::Obj(at_base)), "only units there");
    assert_eq!(g.might(mine), 1, "3 - 2");
    assert_eq!(g.might(far), 8);

    // From hand, the same play effect may target anywhere (727.3).
    let fae2 = g.put("Blastcone Fae", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[Domain::Mind], 0);
    a.push(Choice::Play(fae2));
    a.push(Choice::Loc(Loc::Base(P1)));
    a.push(Choice::Obj(far));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert!(a.asked(Ask::Target)[1].contains(&Choice::Obj(at_base)));
    assert_eq!(g.might(far), 6, "8 - 2");
}

// ---------------------------------------------------------------------------------------------
// Tideturner: "[Hidden] / When you play me, you may choose a unit you control at another
// location. Move me to its location and it to my original location."
// ---------------------------------------------------------------------------------------------

/// 727.1.d.2: "at another location" can never be satisfied at Tideturner's battlefield, so from
/// hidden its target is chosen freely among units elsewhere; then the two trade places.
#[test]
fn tideturner_727_1_d_2_impossible_restriction_lets_the_target_be_chosen_freely() {
    let (mut g, a, b) = board();
    let here = control_bf0(&mut g);
    let home = g.put_at("Mega-Mech", P1, Loc::Base(P1)).unwrap();
    let away = held(&mut g, "Vanguard Sergeant", P1, Bf::new(1));
    let tide = g.put("Tideturner", P1, Zone::Hand).unwrap();
    let down = hide(&mut g, &a, tide, Bf::new(0));
    next_turn(&mut g, &a, &b, P1);
    a.push(Choice::Play(down));
    a.push(Choice::Obj(home));
    g.step().unwrap();
    let me = now(&g, down);
    assert_eq!(g.location(me), Some(BF0));
    resolve_all(&mut g, &a, &b);
    let offered = &a.asked(Ask::Target)[0];
    assert!(offered.contains(&Choice::Obj(home)) && offered.contains(&Choice::Obj(away)));
    assert!(!offered.contains(&Choice::Obj(here)), "not at its own location");
    assert!(offered.contains(&Choice::Done), "\"you may\": choosing none is allowed");
    assert_eq!(g.location(me), Some(Loc::Base(P1)), "moved to the chosen unit's location");
    assert_eq!(g.location(home), Some(BF0), "and it to Tideturner's original location");
    assert!(g.events.iter().any(|e| matches!(e, Event::Moved { unit, .. } if *unit == home)));
}

/// Tideturner from hand to base, choosing no unit: nothing moves.
#[test]
fn tideturner_may_choose_no_unit() {
    let (mut g, a, b) = board();
    let there = control_bf0(&mut g);
    let tide = g.put("Tideturner", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(tide));
    a.push(Choice::Loc(Loc::Base(P1)));
    a.push(Choice::Done);
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert_eq!(g.location(now(&g, tide)), Some(Loc::Base(P1)));
    assert_eq!(g.location(there), Some(BF0));
}

// ---------------------------------------------------------------------------------------------
// Stand United: "[Hidden] [Action] / Buff a friendly unit. Buffs give an additional +1 [M] to
// friendly units this turn."
// ---------------------------------------------------------------------------------------------

/// 727.2: from hidden, the buff must target a friendly unit at that battlefield, but the second
/// sentence affects every friendly buffed unit, wherever it is.
#[test]
fn stand_united_727_2_from_hidden_targets_there_but_boosts_all_friendly_buffed_units() {
    let (mut g, a, b) = board();
    let there = control_bf0(&mut g);
    let home = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    g.buff(home);
    let spell = g.put("Stand United", P1, Zone::Hand).unwrap();
    let down = hide(&mut g, &a, spell, Bf::new(0));
    next_turn(&mut g, &a, &b, P1);
    a.push(Choice::Play(down));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert!(a.asked(Ask::Target).is_empty(), "the only friendly unit there is chosen without asking");
    assert_eq!(g.obj(there).buffs, 1);
    assert_eq!(g.might(there), 3 + 1 + 1);
    assert_eq!(g.might(home), 4 + 1 + 1, "a buffed friendly unit elsewhere gets the +1 too");
}

/// 356.3.e.4 (last example): a spell played from hidden has the extra requirement "here"; its
/// target moved away from that battlefield (by Tideturner, played from hidden in response) is
/// no longer legal.
#[test]
fn stand_united_356_3_e_4_target_that_leaves_the_battlefield_is_no_longer_legal() {
    let (mut g, a, b) = board();
    let there = control_bf0(&mut g);
    held(&mut g, "Mega-Mech", P1, Bf::new(1));
    let spell = g.put("Stand United", P1, Zone::Hand).unwrap();
    let tide = g.put("Tideturner", P1, Zone::Hand).unwrap();
    let s = hide(&mut g, &a, spell, Bf::new(0));
    let t = hide(&mut g, &a, tide, Bf::new(1));
    next_turn(&mut g, &a, &b, P1);
    a.push(Choice::Play(s));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1);
    // In response, Tideturner from hidden at battlefield 1 trades places with the target.
    a.push(Choice::Play(t));
    a.push(Choice::Obj(there));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.location(there), Some(BF1));
    resolve_all(&mut g, &a, &b);
    assert_eq!(g.obj(there).buffs, 0, "no longer at that battlefield: not buffed");
    assert!(traced(&g, "356.3.e.5", "no longer legal"));
}

// ---------------------------------------------------------------------------------------------
// Zhonya's Hourglass: "[Hidden] / If a friendly unit would die, kill this instead. Heal that
// unit, exhaust it, and recall it."
// ---------------------------------------------------------------------------------------------

/// The replacement: lethal damage at a battlefield; the Hourglass dies instead, the unit is
/// healed, exhausted and recalled.
#[test]
fn zhonyas_hourglass_replaces_a_friendly_units_death() {
    let (mut g, _a, _b) = board();
    let glass = g.put_at("Zhonya's Hourglass", P1, Loc::Base(P1)).unwrap();
    let u = control_bf0(&mut g);
    g.deal(None, &[(u, 5)]);
    g.cleanup().unwrap();
    assert!(g.obj(u).alive, "it did not die");
    assert_eq!(g.location(u), Some(Loc::Base(P1)));
    assert_eq!(g.obj(u).damage, 0);
    assert!(g.obj(u).exhausted);
    assert!(!g.obj(glass).alive);
    assert!(g.player(P1).trash.iter().any(|c| g.name(*c) == "Zhonya's Hourglass"));
    // Enemy units die as usual.
    let e = g.put_at("Vanguard Sergeant", P2, BF1).unwrap();
    g.kill(&[e], None).unwrap();
    assert!(!g.obj(e).alive);
}

/// 431.1: gear at a battlefield (as when played from hidden) is on the board until the next
/// cleanup recalls it, and its replacement effect applies meanwhile.
#[test]
fn zhonyas_hourglass_at_a_battlefield_before_its_recall_still_replaces_a_death() {
    let (mut g, _a, _b) = board();
    let u = control_bf0(&mut g);
    let glass = g.put_at("Zhonya's Hourglass", P1, BF0).unwrap();
    g.kill(&[u], None).unwrap();
    assert!(g.obj(u).alive && g.location(u) == Some(Loc::Base(P1)), "saved and recalled");
    assert!(!g.obj(glass).alive);
}

/// 354.2.a: Cruel Patron's additional cost "kill a friendly unit" is replaced by Zhonya's
/// Hourglass; the cost is still paid and Cruel Patron is played.
#[test]
fn zhonyas_hourglass_354_2_a_replaced_cost_is_still_paid_for_cruel_patron() {
    let (mut g, a, b) = board();
    let glass = g.put_at("Zhonya's Hourglass", P1, Loc::Base(P1)).unwrap();
    let fodder = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    let patron = g.put("Cruel Patron", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[], 0);
    a.push(Choice::Play(patron));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    let played = now(&g, patron);
    assert_eq!(g.location(played), Some(Loc::Base(P1)), "Cruel Patron is played");
    assert!(g.obj(fodder).alive && g.obj(fodder).exhausted, "its death was replaced");
    assert!(!g.obj(glass).alive, "the Hourglass died instead");
    assert!(traced(&g, "366", "Zhonya's Hourglass applies instead"));
}

/// 431.1: played from hidden, Zhonya's Hourglass must be played to its battlefield and is
/// recalled at the next cleanup — in time to save the unit the opponent's spell is killing.
#[test]
fn zhonyas_hourglass_431_1_played_from_hidden_is_recalled_at_the_next_cleanup() {
    let (mut g, a, b) = board();
    let holder = control_bf0(&mut g);
    let glass = g.put("Zhonya's Hourglass", P1, Zone::Hand).unwrap();
    let down = hide(&mut g, &a, glass, Bf::new(0));
    next_turn(&mut g, &a, &b, P2);
    p2_seeks(&mut g, &b, holder);
    a.push(Choice::Play(down));
    g.step().unwrap();
    let gear = now(&g, down);
    assert!(traced(&g, "356.2.d", "Zaun Warrens"), "played to the battlefield");
    assert!(traced(&g, "322.5", "recalled"));
    assert_eq!(g.location(gear), Some(Loc::Base(P1)), "recalled to base at the cleanup");
    resolve_all(&mut g, &a, &b);
    assert!(g.obj(holder).alive, "the Hourglass died instead");
    assert_eq!(g.location(holder), Some(Loc::Base(P1)));
    assert!(!g.obj(gear).alive);
}

// ---------------------------------------------------------------------------------------------
// Baited Hook: "[1][Y], [E]: Kill a friendly unit. Look at the top 5 cards of your Main Deck.
// You may banish a unit from among them that has Might up to 1 more than the killed unit and
// play it, ignoring its cost. Then recycle the rest."
// ---------------------------------------------------------------------------------------------

fn hook_deck(g: &mut Game) -> Vec<ObjId> {
    ["Mega-Mech", "Vanguard Sergeant", "Playful Phantom", "Shipyard Skulker", "Mountain Drake", "Void Seeker"]
        .iter()
        .map(|n| g.put(n, P1, Zone::MainDeck).unwrap())
        .collect()
}

/// The ability: the killed unit's might (3) + 1 limits the choice; the chosen unit is banished
/// and played for free; the rest of the 5 go to the bottom.
#[test]
fn baited_hook_plays_a_unit_up_to_one_more_might_than_the_killed_one() {
    let (mut g, a, b) = board();
    let hook = g.put_at("Baited Hook", P1, Loc::Base(P1)).unwrap();
    let bait = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    let deck = hook_deck(&mut g);
    g.add(P1, 1, &[Domain::Order], 0);
    a.push(Choice::Activate(hook, 0));
    g.step().unwrap();
    assert!(g.obj(hook).exhausted);
    a.push(Choice::Obj(deck[1]));
    a.push(Choice::Loc(Loc::Base(P1)));
    resolve_all(&mut g, &a, &b);
    assert!(!g.obj(bait).alive, "the friendly unit is killed");
    let offered = &a.asked(Ask::ChooseCard)[0];
    assert_eq!(offered, &vec![Choice::Obj(deck[1]), Choice::Obj(deck[3]), Choice::Done], "Might 4 or less");
    let sergeant = now(&g, deck[1]);
    assert_eq!(g.location(sergeant), Some(Loc::Base(P1)), "played");
    assert!(g.events.iter().any(|e| matches!(e, Event::Banished { obj: x, .. } if *x == deck[1])));
    let main = &g.player(P1).main_deck;
    assert_eq!(main.len(), 5);
    assert_eq!(g.name(main[0]), "Void Seeker", "the 6th card is now on top");
}

/// 356.3.e.12: the friendly unit leaves the board before the ability resolves: it can't be
/// killed, its Might is null, and no unit among the top 5 can be chosen.
#[test]
fn baited_hook_356_3_e_12_killed_unit_gone_means_null_might_and_no_choice() {
    let (mut g, a, b) = board();
    let hook = g.put_at("Baited Hook", P1, Loc::Base(P1)).unwrap();
    let bait = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    hook_deck(&mut g);
    g.add(P1, 1, &[Domain::Order], 0);
    a.push(Choice::Activate(hook, 0));
    g.step().unwrap();
    // An opponent's reaction returns the unit to its owner's hand.
    let back = g.move_object(bait, Zone::Hand, P1, Pos::Bottom);
    resolve_all(&mut g, &a, &b);
    assert!(g.obj(back).alive && g.obj(back).zone == Zone::Hand, "not killed");
    assert!(a.asked(Ask::ChooseCard).is_empty(), "no unit can be chosen");
    assert!(traced(&g, "356.3.e.12", "no card"));
    assert_eq!(g.player(P1).main_deck.len(), 6, "all five recycled, none played");
    assert_eq!(g.name(g.player(P1).main_deck[0]), "Void Seeker");
}

// ---------------------------------------------------------------------------------------------
// Immortal Phoenix: "When you kill a unit with a spell, you may pay [1][R] to play me from your
// trash."
// ---------------------------------------------------------------------------------------------

/// 376.2.c.1: the ability triggers from the trash even when the unit the spell killed was the
/// Phoenix itself.
#[test]
fn immortal_phoenix_376_2_c_1_triggers_from_the_trash_when_the_spell_killed_itself() {
    let (mut g, a, b) = board();
    let phoenix = held(&mut g, "Immortal Phoenix", P1, Bf::new(0));
    let seeker = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    g.add(P1, 3 + 1, &[Domain::Fury, Domain::Fury], 0);
    a.push(Choice::Play(seeker));
    g.step().unwrap();
    // 352.10.c.1, 392.1: the [1][R] is paid as the trigger is finalized, before it resolves.
    a.push(Choice::Yes);
    resolve(&mut g, &a, &b);
    assert!(!g.obj(phoenix).alive, "killed by Void Seeker");
    assert!(traced(&g, "376.3", "Immortal Phoenix"));
    assert!(g.player(P1).pool.is_empty(), "[1][R] paid as it went on the chain");
    a.push(Choice::Loc(Loc::Base(P1)));
    resolve_all(&mut g, &a, &b);
    let back = now(&g, phoenix);
    assert_eq!(g.location(back), Some(Loc::Base(P1)), "played from the trash");
}

/// 415.5: a unit killed by a gear's ability was not killed with a spell: no trigger.
#[test]
fn immortal_phoenix_415_5_kill_by_an_ability_of_a_gear_is_not_a_kill_with_a_spell() {
    let (mut g, a, b) = board();
    let phoenix = g.put("Immortal Phoenix", P1, Zone::Trash).unwrap();
    let ballista = g.put_at("Iron Ballista", P1, Loc::Base(P1)).unwrap();
    let e = g.put_at("Tideturner", P2, BF0).unwrap();
    // [1][R] available: a trigger would ask whether to pay.
    g.add(P1, 1, &[Domain::Fury], 0);
    a.push(Choice::Activate(ballista, 1));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert!(!g.obj(e).alive);
    assert!(g.obj(phoenix).alive && g.obj(phoenix).zone == Zone::Trash, "no trigger");
    assert!(!traced(&g, "376.3", "Immortal Phoenix"));
}

// ---------------------------------------------------------------------------------------------
// Vi, Destructive: "Recycle 1 from your trash: Give me +1 [M] this turn."
// ---------------------------------------------------------------------------------------------

/// 403.3: recycling as a cost must be possible: with an empty trash the ability can't be
/// activated; with a card there it is recycled to pay.
#[test]
fn vi_destructive_403_3_cannot_activate_with_an_empty_trash() {
    let (mut g, a, b) = board();
    let vi = g.put_at("Vi, Destructive", P1, Loc::Base(P1)).unwrap();
    assert!(!g.action_options(P1).contains(&Choice::Activate(vi, 0)), "nothing to recycle");
    let junk = g.put("Shipyard Skulker", P1, Zone::Trash).unwrap();
    assert!(g.action_options(P1).contains(&Choice::Activate(vi, 0)));
    a.push(Choice::Activate(vi, 0));
    g.step().unwrap();
    assert!(g.player(P1).trash.is_empty(), "recycled as the cost");
    assert_eq!(g.player(P1).main_deck.last().map(|c| g.name(*c)), Some(g.name(junk)));
    resolve_all(&mut g, &a, &b);
    assert_eq!(g.might(vi), 4);
    assert!(!g.action_options(P1).contains(&Choice::Activate(vi, 0)), "the trash is empty again");
}

// ---------------------------------------------------------------------------------------------
// Garbage Grabber: "Recycle 3 from your trash, [1], [E]: Draw 1."
// ---------------------------------------------------------------------------------------------

/// 403.5: the three cards recycled to pay the cost go to the bottom of the Main Deck in a random
/// order (not the order chosen); then the ability draws 1.
#[test]
fn garbage_grabber_403_5_recycled_cost_goes_to_the_bottom_in_random_order() {
    let mut orders = std::collections::HashSet::new();
    for seed in 1..=12 {
        let (mut g, a, b) = board_seeded(seed);
        let grabber = g.put_at("Garbage Grabber", P1, Loc::Base(P1)).unwrap();
        let top = g.put("Mountain Drake", P1, Zone::MainDeck).unwrap();
        let names = ["Mega-Mech", "Vanguard Sergeant", "Playful Phantom"];
        let trash: Vec<ObjId> = names.iter().map(|n| g.put(n, P1, Zone::Trash).unwrap()).collect();
        g.add(P1, 1, &[], 0);
        assert!(g.action_options(P1).contains(&Choice::Activate(grabber, 0)));
        a.push(Choice::Activate(grabber, 0));
        a.push(Choice::Obj(trash[0]));
        a.push(Choice::Obj(trash[1]));
        g.step().unwrap();
        assert!(g.player(P1).trash.is_empty());
        resolve_all(&mut g, &a, &b);
        assert_eq!(g.player(P1).hand.len(), 1, "draw 1");
        assert_eq!(g.name(g.player(P1).hand[0]), g.name(top));
        let deck: Vec<String> = g.player(P1).main_deck.iter().map(|c| g.name(*c).to_string()).collect();
        let mut sorted = deck.clone();
        sorted.sort();
        assert_eq!(sorted, ["Mega-Mech", "Playful Phantom", "Vanguard Sergeant"]);
        orders.insert(deck);
    }
    assert!(orders.len() > 1, "a random order: {orders:?}");
}

/// With fewer than 3 cards in the trash the cost can't be paid (403.3).
#[test]
fn garbage_grabber_needs_three_cards_in_the_trash() {
    let (mut g, _a, _b) = board();
    let grabber = g.put_at("Garbage Grabber", P1, Loc::Base(P1)).unwrap();
    g.put("Mega-Mech", P1, Zone::Trash).unwrap();
    g.put("Mega-Mech", P1, Zone::Trash).unwrap();
    g.add(P1, 1, &[], 0);
    assert!(!g.action_options(P1).contains(&Choice::Activate(grabber, 0)));
}

// ---------------------------------------------------------------------------------------------
// Iron Ballista: "This enters exhausted. / [E]: Deal 2 to a unit at a battlefield."
// ---------------------------------------------------------------------------------------------

/// "This enters exhausted": played, it can't use its [E] ability this turn.
#[test]
fn iron_ballista_enters_exhausted() {
    let (mut g, a, _b) = board();
    let card = g.put("Iron Ballista", P1, Zone::Hand).unwrap();
    g.put_at("Mega-Mech", P2, BF0).unwrap();
    g.add(P1, 3, &[], 0);
    a.push(Choice::Play(card));
    g.step().unwrap();
    let gear = now(&g, card);
    assert!(g.obj(gear).exhausted);
    assert!(!g.action_options(P1).contains(&Choice::Activate(gear, 1)));
}

/// 404.6.b.2.a: the damage is dealt by the gear and by its ability: the gear is the source, and
/// "your spells and abilities deal 1 Bonus Damage" (Annie, Fiery) applies to it.
#[test]
fn iron_ballista_404_6_b_2_a_damage_is_dealt_by_the_gear_and_by_an_ability() {
    let (mut g, a, b) = board();
    let ballista = g.put_at("Iron Ballista", P1, Loc::Base(P1)).unwrap();
    let target = g.put_at("Mega-Mech", P2, BF0).unwrap();
    g.put_at("Vanguard Sergeant", P2, Loc::Base(P2)).unwrap();
    a.push(Choice::Activate(ballista, 1));
    g.step().unwrap();
    assert!(a.asked(Ask::Target).is_empty(), "only the unit at a battlefield can be chosen");
    resolve_all(&mut g, &a, &b);
    assert_eq!(dealt_to(&g, target), vec![("Iron Ballista".to_string(), 2)]);
    // With Annie, Fiery the ability deals 1 Bonus Damage.
    g.put_at("Annie, Fiery", P1, Loc::Base(P1)).unwrap();
    g.ready(ballista);
    a.push(Choice::Activate(ballista, 1));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert_eq!(dealt_to(&g, target)[1], ("Iron Ballista".to_string(), 3));
}

// ---------------------------------------------------------------------------------------------
// Kai'Sa, Evolutionary: "When I conquer, you may play a spell from your trash with Energy cost
// less than your points without paying its Energy cost. Then recycle it."
// ---------------------------------------------------------------------------------------------

/// Conquering, Kai'Sa plays a spell whose printed Energy cost is below her controller's points
/// without paying its Energy (its Power is still paid); after resolving it is recycled, not left
/// in the trash. A card in a trash is a target (352.10.a: the trash is public), chosen as the
/// ability goes on the chain, after the conquest scored (points 2: only costs below 2 qualify).
#[test]
fn kaisa_evolutionary_plays_a_cheap_spell_from_the_trash_then_recycles_it() {
    let (mut g, a, _b) = board();
    let kaisa = g.put_at("Kai'Sa, Evolutionary", P1, Loc::Base(P1)).unwrap();
    g.player_mut(P1).points = 1;
    let ray = g.put("Hextech Ray", P1, Zone::Trash).unwrap();
    g.put("Hidden Blade", P1, Zone::Trash).unwrap();
    g.put("Void Seeker", P1, Zone::Trash).unwrap();
    let victim = g.put_at("Shipyard Skulker", P2, BF0).unwrap();
    // Only Hextech Ray's Power ([R]) is in the pool: its Energy ([1]) is not paid.
    g.add(P1, 0, &[Domain::Fury], 0);
    // Kai'Sa moves to the empty battlefield 1, a showdown follows, she conquers (2 points).
    standard_move(&mut g, &a, BF1);
    a.auto_pass.store(true, Ordering::Relaxed);
    a.push(Choice::Obj(ray));
    a.push(Choice::Obj(victim));
    for _ in 0..40 {
        if g.chain.is_empty() && g.showdown.is_none() && traced(&g, "356.3.d", "Hextech Ray") {
            break;
        }
        g.step().unwrap();
    }
    assert_eq!(g.location(kaisa), Some(BF1));
    assert_eq!(g.player(P1).points, 2, "conquered");
    let offered = a.asked(Ask::Target);
    assert_eq!(offered[0], vec![Choice::Obj(ray), Choice::Done], "Energy cost less than 2 points only");
    assert!(!g.obj(victim).alive, "Hextech Ray resolved");
    assert!(g.player(P1).pool.is_empty(), "its Power was paid");
    assert!(g.player(P1).trash.iter().all(|c| g.name(*c) != "Hextech Ray"), "not left in the trash");
    assert_eq!(g.player(P1).main_deck.last().map(|c| g.name(*c)), Some("Hextech Ray"), "recycled");
}

/// "you may": Kai'Sa's controller may decline; with no qualifying spell nothing is asked.
#[test]
fn kaisa_evolutionary_may_decline() {
    let (mut g, a, _b) = board();
    g.put_at("Kai'Sa, Evolutionary", P1, Loc::Base(P1)).unwrap();
    g.player_mut(P1).points = 1;
    let ray = g.put("Hextech Ray", P1, Zone::Trash).unwrap();
    g.add(P1, 0, &[Domain::Fury], 0);
    standard_move(&mut g, &a, BF1);
    a.auto_pass.store(true, Ordering::Relaxed);
    a.push(Choice::Done);
    for _ in 0..40 {
        if g.chain.is_empty() && g.showdown.is_none() && g.player(P1).points == 2 {
            break;
        }
        g.step().unwrap();
    }
    assert_eq!(a.asked(Ask::Target).len(), 1);
    assert!(g.obj(ray).alive && g.obj(ray).zone == Zone::Trash, "declined: stays in the trash");
}
