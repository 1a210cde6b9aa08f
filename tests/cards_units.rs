//! Units, legends and a battlefield with their real texts: Lux, Illuminated, Eager Apprentice,
//! Cruel Patron, Clockwork Keeper, Legion Rearguard, Viktor, Leader, Wraith of Echoes, Fiora,
//! Victorious, Petty Officer, Stalwart Poro, Caitlyn, Patrolling, Kayn, Unleashed, Dr. Mundo,
//! Expert, Undercover Agent, Eclipse Herald, Jinx, Rebel, Jinx, Loose Cannon, Sona, Harmonious,
//! The Arena's Greatest, Tibbers, Kai'Sa, Survivor.

use riftbound::agents::Scripted;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::cards::{CardType, PowerSymbol};
use riftbound::riftbound::costs::{CostChange, CostModifier, PlayFilter, PlayOptions};
use riftbound::riftbound::events::Event;
use riftbound::riftbound::layers::{Duration, Keyword};
use riftbound::riftbound::state::{ItemKind, Role};
use riftbound::riftbound::{Ask, Choice, Deck, Domain, Game, Loc, Step, Zone};

mod common;
use common::board::{BF0, BF1, P1, P2, QUIET_BFS, U3, U4, U8, passing_game};
use common::showdown::{held, standard_move};
use common::{cards_db, fill_deck, run_chain, step_until};

/// The scripted agent that passes priority when nothing queued answers it.
type Auto = Scripted;

/// An empty board on two battlefields without triggers that could interfere, P1's action phase.
fn game() -> (Game, Auto, Auto) {
    passing_game(cards_db(), &QUIET_BFS)
}

fn named_at(g: &Game, loc: Loc, name: &str) -> Vec<ObjId> {
    g.units_at(loc).into_iter().filter(|u| g.name(*u) == name).collect()
}

/// Units at a player's base whose name starts with "Recruit" (the 1 [M] Recruit token).
fn recruits(g: &Game, p: PlayerId) -> usize {
    g.units_at(Loc::Base(p)).into_iter().filter(|u| g.name(*u).starts_with("Recruit")).count()
}

/// How many times an object's abilities were put on the chain (376.3).
fn triggered(g: &Game, name: &str) -> usize {
    g.trace.lines.iter().filter(|l| l.rule == "376.3" && l.text.starts_with(name)).count()
}

// ---------------------------------------------------------------------------------------------
// Lux, Illuminated — 130.4
// ---------------------------------------------------------------------------------------------

/// 130.4 example: Lux's "a spell that costs [5] or more" reads Sky Splitter's base cost of 8,
/// though its discount (Lux's own 5 Might) left only [3][R] to pay.
#[test]
fn lux_illuminated_130_4_sky_splitter_triggers_on_base_cost_whatever_was_paid() {
    let (mut g, a, _b) = game();
    let lux = g.put_at("Lux, Illuminated", P1, Loc::Base(P1)).unwrap();
    let spell = g.put("Sky Splitter", P1, Zone::Hand).unwrap();
    let target = g.put_at(U8, P2, BF0).unwrap();
    g.add(P1, 3, &[Domain::Fury], 0);
    a.push(Choice::Play(spell));
    g.step().unwrap();
    assert!(g.player(P1).pool.is_empty(), "Sky Splitter cost [3][R] (8 - Lux's 5 Might)");
    assert_eq!(g.might(lux), 5);
    run_chain(&mut g);
    assert_eq!(g.obj(target).damage, 5);
    assert_eq!(triggered(&g, "Lux, Illuminated"), 1);
    assert_eq!(g.might(lux), 8, "+3 [M] this turn");
    assert_eq!(a.remaining(), 0);
}

/// Lux's trigger: a spell of base cost below 5 does not trigger it.
#[test]
fn lux_illuminated_cheap_spell_does_not_trigger() {
    let (mut g, a, _b) = game();
    let lux = g.put_at("Lux, Illuminated", P1, Loc::Base(P1)).unwrap();
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(cleave));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(triggered(&g, "Lux, Illuminated"), 0);
    assert_eq!(g.might(lux), 5);
}

// ---------------------------------------------------------------------------------------------
// Eager Apprentice — 353.4.c
// ---------------------------------------------------------------------------------------------

/// Eager Apprentice at a battlefield, a 7-Might unit (Eclipse Herald), Sky Splitter in hand and
/// [1][R] in the pool; the player orders the two discounts.
fn apprentice_and_sky_splitter() -> (Game, Auto, Auto, ObjId, ObjId) {
    let (mut g, a, b) = game();
    held(&mut g, "Eager Apprentice", P1, Bf::new(0));
    let seven = g.put_at("Eclipse Herald", P1, Loc::Base(P1)).unwrap();
    assert_eq!(g.might(seven), 7);
    let spell = g.put("Sky Splitter", P1, Zone::Hand).unwrap();
    let target = g.put_at(U8, P2, BF1).unwrap();
    g.add(P1, 1, &[Domain::Fury], 0);
    (g, a, b, spell, target)
}

/// 353.4.c example: Eager Apprentice's discount first (8 -> 7), then Sky Splitter's (7 -> 0).
#[test]
fn eager_apprentice_353_4_c_minimum_applies_only_to_its_own_discount_apprentice_first() {
    let (mut g, a, _b, spell, target) = apprentice_and_sky_splitter();
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(target));
    // Discounts: [Sky Splitter's own, Eager Apprentice's]; the Apprentice's first.
    a.push(Choice::Nth(1));
    g.step().unwrap();
    assert_eq!(a.asked(Ask::DiscountOrder).len(), 1);
    assert_eq!(g.player(P1).pool.energy, 1, "Sky Splitter's Energy cost was 0");
    run_chain(&mut g);
    assert_eq!(g.obj(target).damage, 5);
}

/// 353.4.c example: in the other order (8 -> 1, then the Apprentice's minimum of [1]) it costs 1.
#[test]
fn eager_apprentice_353_4_c_other_order_costs_one() {
    let (mut g, a, _b, spell, target) = apprentice_and_sky_splitter();
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(target));
    a.push(Choice::Nth(0));
    g.step().unwrap();
    assert_eq!(g.player(P1).pool.energy, 0, "Sky Splitter's Energy cost was 1");
    run_chain(&mut g);
    assert_eq!(g.obj(target).damage, 5);
}

/// "While I'm at a battlefield": at its base the Apprentice gives no discount.
#[test]
fn eager_apprentice_at_base_gives_no_discount() {
    let (mut g, a, _b) = game();
    g.put_at("Eager Apprentice", P1, Loc::Base(P1)).unwrap();
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(cleave));
    a.push(Choice::Obj(u));
    g.step().unwrap();
    assert!(a.asked(Ask::DiscountOrder).is_empty());
    assert_eq!(g.player(P1).pool.energy, 0, "Cleave cost its full [1]");
    // At a battlefield, Cleave's [1] stays [1] (minimum [1]).
    let (mut g, a, _b) = game();
    g.put_at("Eager Apprentice", P1, BF0).unwrap();
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(cleave));
    a.push(Choice::Obj(u));
    g.step().unwrap();
    assert_eq!(g.player(P1).pool.energy, 0, "the minimum of [1] holds");
    run_chain(&mut g);
    assert_eq!(g.chars(u).keywords.assault, 3);
}

// ---------------------------------------------------------------------------------------------
// Cruel Patron — 352.16, 354.3, 354.2.a
// ---------------------------------------------------------------------------------------------

/// 352.16 example: the only friendly unit is at a battlefield the player controls; Cruel Patron
/// can't be played there (killing it would lose the battlefield), only to base.
#[test]
fn cruel_patron_352_16_cant_choose_the_battlefield_its_cost_would_lose() {
    let (mut g, a, _b) = game();
    let only = held(&mut g, U3, P1, Bf::new(0));
    let patron = g.put("Cruel Patron", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[], 0);
    a.push(Choice::Play(patron));
    g.step().unwrap();
    for opts in a.asked(Ask::PlayLocation) {
        assert!(!opts.contains(&Choice::Loc(BF0)), "{opts:?}");
    }
    assert!(!g.obj(only).alive, "the cost killed the only friendly unit");
    assert_eq!(named_at(&g, Loc::Base(P1), "Cruel Patron").len(), 1);
}

/// 354.3 example: played to a battlefield where one friendly unit is alone, that unit can't pay
/// the kill cost; a unit elsewhere must.
#[test]
fn cruel_patron_354_3_cant_kill_the_unit_holding_the_chosen_battlefield() {
    let (mut g, a, _b) = game();
    let alone = held(&mut g, U3, P1, Bf::new(0));
    let elsewhere = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    let other = held(&mut g, U3, P1, Bf::new(1));
    let patron = g.put("Cruel Patron", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[], 0);
    a.push(Choice::Play(patron));
    a.push(Choice::Loc(BF0));
    a.push(Choice::Obj(elsewhere));
    g.step().unwrap();
    let asked = a.asked(Ask::PayCost);
    assert_eq!(asked.len(), 1);
    assert!(!asked[0].contains(&Choice::Obj(alone)), "{:?}", asked[0]);
    assert!(asked[0].contains(&Choice::Obj(other)));
    assert!(g.obj(alone).alive && !g.obj(elsewhere).alive);
    assert_eq!(named_at(&g, BF0, "Cruel Patron").len(), 1);
}

/// 354.3 example: with several friendly units at that battlefield, any of them may be killed.
#[test]
fn cruel_patron_354_3_several_units_there_any_may_be_killed() {
    let (mut g, a, _b) = game();
    let x = g.put_at(U3, P1, BF0).unwrap();
    let y = held(&mut g, U3, P1, Bf::new(0));
    let patron = g.put("Cruel Patron", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[], 0);
    a.push(Choice::Play(patron));
    a.push(Choice::Loc(BF0));
    a.push(Choice::Obj(x));
    g.step().unwrap();
    let asked = a.asked(Ask::PayCost);
    assert!(asked[0].contains(&Choice::Obj(x)) && asked[0].contains(&Choice::Obj(y)));
    assert!(!g.obj(x).alive && g.obj(y).alive);
    assert_eq!(named_at(&g, BF0, "Cruel Patron").len(), 1);
}

/// 354.2.a example: Zhonya's Hourglass replaces the death paid as Cruel Patron's cost; the cost
/// is still paid and Cruel Patron is played. The unit is healed, exhausted and recalled.
#[test]
fn cruel_patron_354_2_a_zhonyas_replaced_death_still_pays_the_cost() {
    let (mut g, a, _b) = game();
    let hourglass = g.put_at("Zhonya's Hourglass", P1, Loc::Base(P1)).unwrap();
    let u = held(&mut g, U4, P1, Bf::new(0));
    g.deal(None, &[(u, 1)]);
    let patron = g.put("Cruel Patron", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[], 0);
    a.push(Choice::Play(patron));
    a.push(Choice::Loc(Loc::Base(P1)));
    g.step().unwrap();
    assert!(g.obj(u).alive, "the death was replaced");
    assert_eq!(g.location(u), Some(Loc::Base(P1)), "recalled");
    assert!(g.obj(u).exhausted);
    assert_eq!(g.obj(u).damage, 0, "healed");
    assert!(!g.obj(hourglass).alive, "Zhonya's Hourglass was killed instead");
    assert_eq!(g.player(P1).trash.iter().filter(|c| g.name(**c) == "Zhonya's Hourglass").count(), 1);
    assert_eq!(named_at(&g, Loc::Base(P1), "Cruel Patron").len(), 1, "Cruel Patron was played");
}

// ---------------------------------------------------------------------------------------------
// Clockwork Keeper — 353.4.d.1
// ---------------------------------------------------------------------------------------------

/// "Units you play cost [A] less."
fn units_cost_a_less(g: &mut Game, p: PlayerId) {
    g.cost_modifiers.push(CostModifier {
        source: None,
        player: p,
        filter: PlayFilter::OfType(CardType::Unit),
        change: CostChange::Discount { energy: 0, min_energy: 0, power: vec![PowerSymbol::Any] },
        duration: Duration::Indefinite,
        next: false,
    });
}

/// 353.4.d.1 example: the optional [G] is discounted to 0 by "units cost [A] less", but it was
/// chosen, so it was paid: Clockwork Keeper draws.
#[test]
fn clockwork_keeper_353_4_d_1_additional_cost_discounted_to_zero_still_counts_as_paid() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    units_cost_a_less(&mut g, P1);
    let keeper = g.put("Clockwork Keeper", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(keeper));
    a.push(Choice::Yes);
    g.step().unwrap();
    assert!(g.player(P1).pool.is_empty(), "paid [2]: the [G] was reduced to 0");
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1, "drew 1");
    assert_eq!(a.remaining(), 0);
}

/// Without paying the additional cost, Clockwork Keeper draws nothing.
#[test]
fn clockwork_keeper_declined_cost_draws_nothing() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    let keeper = g.put("Clockwork Keeper", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[Domain::Calm], 0);
    a.push(Choice::Play(keeper));
    a.push(Choice::No);
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 0);
    assert_eq!(g.player(P1).pool.power[Domain::Calm.index()], 1, "the [G] was not spent");
    // Paying it for real draws.
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    let keeper = g.put("Clockwork Keeper", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[Domain::Calm], 0);
    a.push(Choice::Play(keeper));
    a.push(Choice::Yes);
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1);
    assert!(g.player(P1).pool.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Legion Rearguard — 353.1.c
// ---------------------------------------------------------------------------------------------

/// 353.1.c example: told to ignore its cost, the player still pays the Accelerate cost [1][R]
/// they chose; Legion Rearguard enters ready.
#[test]
fn legion_rearguard_353_1_c_ignored_cost_but_accelerate_is_paid() {
    let (mut g, a, _b) = game();
    let lr = g.put("Legion Rearguard", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[Domain::Fury], 0);
    a.push(Choice::Yes);
    let ignore = PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() };
    assert!(g.play_card(P1, lr, ignore).unwrap());
    assert!(g.player(P1).pool.is_empty(), "[1][R] paid");
    let lr = named_at(&g, Loc::Base(P1), "Legion Rearguard")[0];
    assert!(!g.obj(lr).exhausted, "Accelerate: enters ready");
}

/// Ignoring its cost without Accelerate: nothing is paid and it enters exhausted.
#[test]
fn legion_rearguard_ignored_cost_without_accelerate_is_free_and_exhausted() {
    let (mut g, a, _b) = game();
    let lr = g.put("Legion Rearguard", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[Domain::Fury], 0);
    a.push(Choice::No);
    let ignore = PlayOptions { ignore_energy: true, ignore_power: true, ..PlayOptions::default() };
    assert!(g.play_card(P1, lr, ignore).unwrap());
    assert_eq!(g.player(P1).pool.energy, 1);
    let lr = named_at(&g, Loc::Base(P1), "Legion Rearguard")[0];
    assert!(g.obj(lr).exhausted);
}

// ---------------------------------------------------------------------------------------------
// Viktor, Leader — 376.2.c.2
// ---------------------------------------------------------------------------------------------

/// Plays Unchecked Power ("Exhaust all friendly units, then deal 12 to ALL units at
/// battlefields") for P1 and resolves it.
fn unchecked_power(g: &mut Game, a: &Auto) {
    let spell = g.put("Unchecked Power", P1, Zone::Hand).unwrap();
    g.add(P1, 7, &[Domain::Mind, Domain::Mind], 0);
    a.push(Choice::Play(spell));
    g.step().unwrap();
    run_chain(g);
}

/// 376.2.c.2 example: Viktor and another non-Recruit unit die in the same cleanup (Unchecked
/// Power): Viktor is no longer on the board to see it, so no Recruit.
#[test]
fn viktor_leader_376_2_c_2_dying_with_the_other_unit_does_not_trigger() {
    let (mut g, a, _b) = game();
    let viktor = g.put_at("Viktor, Leader", P1, BF0).unwrap();
    let other = g.put_at(U4, P1, BF0).unwrap();
    unchecked_power(&mut g, &a);
    assert!(!g.obj(viktor).alive && !g.obj(other).alive);
    assert_eq!(triggered(&g, "Viktor, Leader"), 0);
    assert_eq!(recruits(&g, P1), 0);
}

/// Viktor at base survives; each other non-Recruit friendly unit that dies gives one Recruit;
/// a dying Recruit and an enemy unit give none.
#[test]
fn viktor_leader_each_other_non_recruit_friendly_death_plays_a_recruit() {
    let (mut g, a, _b) = game();
    let viktor = g.put_at("Viktor, Leader", P1, Loc::Base(P1)).unwrap();
    g.put_at(U4, P1, BF0).unwrap();
    g.put_at(U3, P1, BF1).unwrap();
    g.put_at(U3, P2, BF1).unwrap();
    unchecked_power(&mut g, &a);
    assert!(g.obj(viktor).alive);
    assert_eq!(recruits(&g, P1), 2, "one Recruit per other non-Recruit friendly unit");
    // Recruit tokens dying give nothing.
    let tokens: Vec<ObjId> =
        g.units_at(Loc::Base(P1)).into_iter().filter(|u| g.name(*u).starts_with("Recruit")).collect();
    g.kill(&tokens, None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(recruits(&g, P1), 0);
    assert_eq!(triggered(&g, "Viktor, Leader"), 2);
}

// ---------------------------------------------------------------------------------------------
// Wraith of Echoes — 376.1.b
// ---------------------------------------------------------------------------------------------

/// 376.1.b example: two friendly units die at once; "the first time" triggers only once. A later
/// death that turn does not trigger it again.
#[test]
fn wraith_of_echoes_376_1_b_two_simultaneous_deaths_draw_once() {
    let (mut g, _a, _b) = game();
    fill_deck(&mut g, P1, 5);
    g.put_at("Wraith of Echoes", P1, Loc::Base(P1)).unwrap();
    let x = g.put_at(U3, P1, BF0).unwrap();
    let y = g.put_at(U3, P1, BF0).unwrap();
    let z = g.put_at(U3, P1, BF1).unwrap();
    g.deal(None, &[(x, 3), (y, 3)]);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert!(!g.obj(x).alive && !g.obj(y).alive);
    assert_eq!(triggered(&g, "Wraith of Echoes"), 1);
    assert_eq!(g.player(P1).hand.len(), 1);
    g.kill(&[z], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1, "not the first time this turn");
}

/// An enemy unit dying does not trigger it.
#[test]
fn wraith_of_echoes_enemy_death_does_not_trigger() {
    let (mut g, _a, _b) = game();
    fill_deck(&mut g, P1, 5);
    g.put_at("Wraith of Echoes", P1, Loc::Base(P1)).unwrap();
    let e = g.put_at(U3, P2, BF0).unwrap();
    g.kill(&[e], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 0);
}

// ---------------------------------------------------------------------------------------------
// Fiora, Victorious — 449.3
// ---------------------------------------------------------------------------------------------

/// 449.3 first example: a buff makes Fiora Mighty (arithmetic layer); the ability layer is
/// applied again and she has Deflect, Ganking and Shield; as a defender, Shield adds 1 more.
#[test]
fn fiora_victorious_449_3_buff_makes_her_mighty_then_shield_applies_as_defender() {
    let (mut g, _a, _b) = game();
    let f = g.put_at("Fiora, Victorious", P1, BF0).unwrap();
    assert_eq!(g.might(f), 4);
    assert!(!g.has_keyword(f, Keyword::Shield));
    assert!(g.buff(f));
    assert_eq!(g.might(f), 5);
    for k in [Keyword::Deflect, Keyword::Ganking, Keyword::Shield] {
        assert!(g.has_keyword(f, k), "{k:?}");
    }
    g.obj_mut(f).role = Some(Role::Defender);
    assert_eq!(g.might(f), 6);
    assert!(g.has_keyword(f, Keyword::Shield));
}

/// 449.3 second example: the buff is removed while she defends: 6 Might with three keywords
/// straight to 4 Might with none.
#[test]
fn fiora_victorious_449_3_losing_the_buff_while_defending_drops_to_four() {
    let (mut g, _a, _b) = game();
    let f = g.put_at("Fiora, Victorious", P1, BF0).unwrap();
    g.buff(f);
    g.obj_mut(f).role = Some(Role::Defender);
    assert_eq!(g.might(f), 6);
    assert!(g.spend_buff(P1, f));
    assert_eq!(g.might(f), 4);
    for k in [Keyword::Deflect, Keyword::Ganking, Keyword::Shield] {
        assert!(!g.has_keyword(f, k), "{k:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Petty Officer — 723.2; Stalwart Poro — 730.2
// ---------------------------------------------------------------------------------------------

/// 723.2 example: Petty Officer ([Assault]) given [Assault 3] by Cleave has Assault 4.
#[test]
fn petty_officer_723_2_cleave_makes_assault_4() {
    let (mut g, a, _b) = game();
    let po = g.put_at("Petty Officer", P1, BF0).unwrap();
    assert_eq!(g.chars(po).keywords.assault, 1);
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(cleave));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(g.chars(po).keywords.assault, 4);
    assert_eq!(g.might(po), 5, "Assault counts only while attacking");
    g.obj_mut(po).role = Some(Role::Attacker);
    assert_eq!(g.might(po), 9);
}

/// 730.2 example: Stalwart Poro ([Shield]) given [Shield 3] and [Tank] by Block has Shield 4.
#[test]
fn stalwart_poro_730_2_block_makes_shield_4() {
    let (mut g, a, _b) = game();
    let poro = g.put_at("Stalwart Poro", P1, BF0).unwrap();
    assert_eq!(g.chars(poro).keywords.shield, 1);
    let block = g.put("Block", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(block));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(g.chars(poro).keywords.shield, 4);
    assert!(g.has_keyword(poro, Keyword::Tank));
    assert_eq!(g.might(poro), 2);
    g.obj_mut(poro).role = Some(Role::Defender);
    assert_eq!(g.might(poro), 6);
}

// ---------------------------------------------------------------------------------------------
// Caitlyn, Patrolling — 439.1.d.5, 439.1.d.7
// ---------------------------------------------------------------------------------------------

fn assigned(m: &[(ObjId, u32)], u: ObjId) -> u32 {
    m.iter().filter(|(x, _)| *x == u).map(|(_, n)| n).sum()
}

/// 439.1.d.5 example: a unit with Tank (Sunlit Guardian), Caitlyn, and a unit without abilities:
/// Tank first, then the plain unit, then Caitlyn.
#[test]
fn caitlyn_patrolling_439_1_d_5_tank_then_plain_then_caitlyn() {
    let (mut g, _a, _b) = game();
    let cait = g.put_at("Caitlyn, Patrolling", P2, BF0).unwrap();
    let plain = g.put_at(U3, P2, BF0).unwrap();
    let tank = g.put_at("Sunlit Guardian", P2, BF0).unwrap();
    let m = g.assign_combat_damage(P1, 8, &[cait, plain, tank]).unwrap();
    assert_eq!((assigned(&m, tank), assigned(&m, plain), assigned(&m, cait)), (3, 3, 2));
    let m = g.assign_combat_damage(P1, 4, &[cait, plain, tank]).unwrap();
    assert_eq!((assigned(&m, tank), assigned(&m, plain), assigned(&m, cait)), (3, 1, 0));
}

/// Caitlyn given Tank by Block, with two units without abilities.
fn caitlyn_with_tank() -> (Game, Auto, ObjId, ObjId, ObjId) {
    let (mut g, a, _b) = game();
    let cait = g.put_at("Caitlyn, Patrolling", P2, BF0).unwrap();
    let x = g.put_at(U3, P2, BF0).unwrap();
    let y = g.put_at(U3, P2, BF0).unwrap();
    let block = g.put("Block", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(block));
    a.push(Choice::Obj(cait));
    g.step().unwrap();
    run_chain(&mut g);
    assert!(g.has_keyword(cait, Keyword::Tank));
    (g, a, cait, x, y)
}

/// 439.1.d.7 example: Caitlyn with Tank: the assigning player chooses the Tank requirement and
/// assigns to her first.
#[test]
fn caitlyn_patrolling_439_1_d_7_with_tank_assigner_chooses_first() {
    let (mut g, a, cait, x, y) = caitlyn_with_tank();
    a.push(Choice::First(cait));
    a.push(Choice::Obj(y));
    let m = g.assign_combat_damage(P1, 4, &[x, cait, y]).unwrap();
    assert_eq!(assigned(&m, cait), 3);
    assert_eq!((assigned(&m, x), assigned(&m, y)), (0, 1));
    assert_eq!(a.asked(Ask::AssignmentOrder), vec![vec![Choice::First(cait), Choice::Last(cait)]]);
}

/// 439.1.d.7 example: ... or her printed requirement, last; never in between.
#[test]
fn caitlyn_patrolling_439_1_d_7_with_tank_assigner_chooses_last() {
    let (mut g, a, cait, x, y) = caitlyn_with_tank();
    a.push(Choice::Last(cait));
    a.push(Choice::Obj(x));
    let m = g.assign_combat_damage(P1, 7, &[x, cait, y]).unwrap();
    assert_eq!((assigned(&m, x), assigned(&m, y), assigned(&m, cait)), (3, 3, 1));
    for opts in a.asked(Ask::AssignDamage) {
        assert!(!opts.contains(&Choice::Obj(cait)), "Caitlyn can't be in between: {opts:?}");
    }
}

/// "[E]: Deal damage equal to my Might to a unit at a battlefield. Use this ability only while
/// I'm at a battlefield."
#[test]
fn caitlyn_patrolling_ability_only_while_at_a_battlefield() {
    let (mut g, a, _b) = game();
    let cait = g.put_at("Caitlyn, Patrolling", P1, Loc::Base(P1)).unwrap();
    let target = g.put_at(U8, P2, BF1).unwrap();
    assert!(!g.action_options(P1).contains(&Choice::Activate(cait, 1)), "not at a battlefield");
    g.move_units(&[cait], BF0);
    assert!(g.action_options(P1).contains(&Choice::Activate(cait, 1)));
    a.push(Choice::Activate(cait, 1));
    a.push(Choice::Obj(target));
    g.step().unwrap();
    assert!(g.obj(cait).exhausted);
    run_chain(&mut g);
    assert_eq!(g.obj(target).damage, 3);
    assert!(!g.action_options(P1).contains(&Choice::Activate(cait, 1)), "exhausted");
}

// ---------------------------------------------------------------------------------------------
// Kayn, Unleashed — 439.1.d.9
// ---------------------------------------------------------------------------------------------

/// 439.1.d.9 example: Kayn has moved twice this turn, so he can't take damage and is ignored for
/// lethal assignment: all of it goes to the other unit, without a choice.
#[test]
fn kayn_unleashed_439_1_d_9_moved_twice_takes_no_damage_and_is_exempt_from_lethal() {
    let (mut g, _a, b) = game();
    let kayn = g.put_at("Kayn, Unleashed", P1, Loc::Base(P1)).unwrap();
    let plain = g.put_at(U3, P1, BF1).unwrap();
    g.move_units(&[kayn], BF0);
    g.move_units(&[kayn], BF1);
    g.deal(None, &[(kayn, 10)]);
    assert_eq!(g.obj(kayn).damage, 0, "can't take damage");
    let m = g.assign_combat_damage(P2, 3, &[kayn, plain]).unwrap();
    assert_eq!(assigned(&m, plain), 3);
    assert_eq!(assigned(&m, kayn), 0);
    assert!(b.asked(Ask::AssignDamage).is_empty(), "no choice: Kayn is exempt");
}

/// Moved once: Kayn takes damage and may be assigned lethal like any unit.
#[test]
fn kayn_unleashed_moved_once_takes_damage() {
    let (mut g, _a, b) = game();
    let kayn = g.put_at("Kayn, Unleashed", P1, Loc::Base(P1)).unwrap();
    let plain = g.put_at(U3, P1, BF0).unwrap();
    g.move_units(&[kayn], BF0);
    b.push(Choice::Obj(kayn));
    let m = g.assign_combat_damage(P2, 3, &[kayn, plain]).unwrap();
    assert_eq!(assigned(&m, kayn), 3);
    g.deal(None, &[(kayn, 2)]);
    assert_eq!(g.obj(kayn).damage, 2);
}

// ---------------------------------------------------------------------------------------------
// Dr. Mundo, Expert — 403.6
// ---------------------------------------------------------------------------------------------

/// Starts `p`'s turn and steps through the Beginning Phase's start, resolving what triggered.
fn to_beginning(g: &mut Game, p: PlayerId) {
    g.start_turn(p);
    g.step().unwrap(); // awaken
    assert_eq!(g.step, Step::Beginning);
    g.step().unwrap(); // beginning: "at the start of your Beginning Phase"
    run_chain(g);
}

/// 403.6 example: "recycle 3 from your trash" with only 2 cards there recycles both. His Might
/// counts the cards in his controller's trash.
#[test]
fn dr_mundo_expert_403_6_recycles_as_many_as_possible() {
    let (mut g, a, _b) = game();
    let mundo = g.put_at("Dr. Mundo, Expert", P1, Loc::Base(P1)).unwrap();
    assert_eq!(g.might(mundo), 6);
    let t1 = g.put(U3, P1, Zone::Trash).unwrap();
    g.put(U4, P1, Zone::Trash).unwrap();
    assert_eq!(g.might(mundo), 8, "+1 per card in the trash");
    a.push(Choice::Obj(t1));
    to_beginning(&mut g, P1);
    assert!(g.player(P1).trash.is_empty());
    assert_eq!(g.player(P1).main_deck.len(), 2);
    assert_eq!(g.might(mundo), 6);
}

/// With more than 3, exactly 3 are recycled, of the player's choice.
#[test]
fn dr_mundo_expert_recycles_three_of_four() {
    let (mut g, a, _b) = game();
    let mundo = g.put_at("Dr. Mundo, Expert", P1, Loc::Base(P1)).unwrap();
    let t: Vec<ObjId> = (0..4).map(|_| g.put(U3, P1, Zone::Trash).unwrap()).collect();
    assert_eq!(g.might(mundo), 10);
    for c in &t[..3] {
        a.push(Choice::Obj(*c));
    }
    to_beginning(&mut g, P1);
    assert_eq!(g.player(P1).trash, vec![t[3]]);
    assert_eq!(g.might(mundo), 7);
    assert_eq!(a.remaining(), 0);
}

// ---------------------------------------------------------------------------------------------
// Undercover Agent — 409.4
// ---------------------------------------------------------------------------------------------

/// 409.4 example: with 1 card in hand, "Discard 2, then draw 2" discards 1 and still draws 2.
#[test]
fn undercover_agent_409_4_discards_one_of_one_then_draws_two() {
    let (mut g, _a, _b) = game();
    fill_deck(&mut g, P1, 4);
    let agent = g.put_at("Undercover Agent", P1, BF0).unwrap();
    let card = g.put("Cleave", P1, Zone::Hand).unwrap();
    g.kill(&[agent], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert!(!g.obj(card).alive, "discarded");
    assert_eq!(g.player(P1).trash.iter().filter(|c| g.name(**c) == "Cleave").count(), 1);
    assert_eq!(g.player(P1).hand.len(), 2);
    assert_eq!(g.player(P1).main_deck.len(), 2);
}

/// 409.4 example: with no cards in hand the discard is ignored; with 3, exactly 2 are discarded.
#[test]
fn undercover_agent_409_4_empty_hand_and_full_hand() {
    let (mut g, _a, _b) = game();
    fill_deck(&mut g, P1, 4);
    let agent = g.put_at("Undercover Agent", P1, BF0).unwrap();
    g.kill(&[agent], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 2);
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 4);
    let agent = g.put_at("Undercover Agent", P1, BF0).unwrap();
    let h: Vec<ObjId> = (0..3).map(|_| g.put("Cleave", P1, Zone::Hand).unwrap()).collect();
    a.push(Choice::Obj(h[0]));
    a.push(Choice::Obj(h[2]));
    g.kill(&[agent], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert!(!g.obj(h[0]).alive && g.obj(h[1]).alive && !g.obj(h[2]).alive);
    assert_eq!(g.player(P1).hand.len(), 3);
}

// ---------------------------------------------------------------------------------------------
// Eclipse Herald — 410.1.a.1
// ---------------------------------------------------------------------------------------------

/// P1 plays Rune Prison ("Stun a unit.") on `target`.
fn rune_prison(g: &mut Game, a: &Auto, target: ObjId) {
    let spell = g.put("Rune Prison", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[Domain::Calm], 0);
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(target));
    g.step().unwrap();
    run_chain(g);
}

/// 410.1.a.1 example: stunning an enemy triggers Eclipse Herald; choosing an already stunned
/// enemy stuns nothing, and it does not trigger.
#[test]
fn eclipse_herald_410_1_a_1_stunning_a_stunned_unit_does_not_trigger() {
    let (mut g, a, _b) = game();
    let herald = g.put_at("Eclipse Herald", P1, Loc::Base(P1)).unwrap();
    let enemy = g.put_at(U4, P2, BF0).unwrap();
    g.exhaust(herald);
    rune_prison(&mut g, &a, enemy);
    assert!(g.obj(enemy).stunned);
    assert!(!g.obj(herald).exhausted, "readied");
    assert_eq!(g.might(herald), 8);
    g.exhaust(herald);
    rune_prison(&mut g, &a, enemy);
    assert_eq!(triggered(&g, "Eclipse Herald"), 1);
    assert!(g.obj(herald).exhausted, "no trigger the second time");
    assert_eq!(g.might(herald), 8);
}

/// Stunning a friendly unit does not trigger it ("an enemy unit").
#[test]
fn eclipse_herald_stunning_a_friendly_unit_does_not_trigger() {
    let (mut g, a, _b) = game();
    let herald = g.put_at("Eclipse Herald", P1, Loc::Base(P1)).unwrap();
    let friend = g.put_at(U4, P1, BF0).unwrap();
    g.exhaust(herald);
    rune_prison(&mut g, &a, friend);
    assert!(g.obj(friend).stunned);
    assert!(g.obj(herald).exhausted);
    assert_eq!(g.might(herald), 7);
}

// ---------------------------------------------------------------------------------------------
// Jinx, Rebel
// ---------------------------------------------------------------------------------------------

/// "When you discard one or more cards, ready me and give me +1 [M] this turn": Undercover
/// Agent's Deathknell discards two cards in one instruction: Jinx triggers once.
#[test]
fn jinx_rebel_discarding_two_cards_triggers_once() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 4);
    let jinx = g.put_at("Jinx, Rebel", P1, Loc::Base(P1)).unwrap();
    g.exhaust(jinx);
    let agent = g.put_at("Undercover Agent", P1, BF0).unwrap();
    let h: Vec<ObjId> = (0..2).map(|_| g.put("Cleave", P1, Zone::Hand).unwrap()).collect();
    a.push(Choice::Obj(h[0]));
    g.kill(&[agent], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).trash.iter().filter(|c| g.name(**c) == "Cleave").count(), 2);
    assert_eq!(triggered(&g, "Jinx, Rebel"), 1);
    assert!(!g.obj(jinx).exhausted);
    assert_eq!(g.might(jinx), 6);
    // No discard, no trigger: the opponent's discard does not count either.
    let c = g.put("Cleave", P2, Zone::Hand).unwrap();
    g.discard(P2, &[c]);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(triggered(&g, "Jinx, Rebel"), 1);
}

// ---------------------------------------------------------------------------------------------
// Jinx, Loose Cannon (legend)
// ---------------------------------------------------------------------------------------------

/// "At start of your Beginning Phase, draw 1 if you have one or fewer cards in your hand."
#[test]
fn jinx_loose_cannon_draws_at_beginning_with_one_or_fewer_cards() {
    let (mut g, _a, _b) = game();
    g.put("Jinx, Loose Cannon", P1, Zone::LegendZone).unwrap();
    fill_deck(&mut g, P1, 5);
    g.put("Cleave", P1, Zone::Hand).unwrap();
    to_beginning(&mut g, P1);
    assert_eq!(g.player(P1).hand.len(), 2, "drew 1 before the draw phase");
    assert_eq!(triggered(&g, "Jinx, Loose Cannon"), 1);
    // Not on the opponent's turn.
    to_beginning(&mut g, P2);
    assert_eq!(triggered(&g, "Jinx, Loose Cannon"), 1);
}

#[test]
fn jinx_loose_cannon_two_cards_in_hand_no_draw() {
    let (mut g, _a, _b) = game();
    g.put("Jinx, Loose Cannon", P1, Zone::LegendZone).unwrap();
    fill_deck(&mut g, P1, 5);
    g.put("Cleave", P1, Zone::Hand).unwrap();
    g.put("Cleave", P1, Zone::Hand).unwrap();
    to_beginning(&mut g, P1);
    assert_eq!(g.player(P1).hand.len(), 2);
    // 376.2.b: the trailing "if" is part of the effect: it triggers, and resolves drawing nothing.
    assert_eq!(triggered(&g, "Jinx, Loose Cannon"), 1);
}

// ---------------------------------------------------------------------------------------------
// Sona, Harmonious — 376.1.a
// ---------------------------------------------------------------------------------------------

/// Five exhausted runes and Sona at `loc`; P1 ends the turn and the ending step's triggers
/// resolve.
fn sona_end_of_turn(loc: Loc, choose: usize) -> (Game, Vec<ObjId>) {
    let (mut g, a, _b) = game();
    g.put_at("Sona, Harmonious", P1, loc).unwrap();
    let runes = g.put_runes("Calm Rune", P1, 5).unwrap();
    for r in &runes {
        g.exhaust(*r);
    }
    a.push(Choice::EndTurn);
    for r in &runes[..choose] {
        a.push(Choice::Obj(*r));
    }
    g.step().unwrap();
    step_until(&mut g, |g| g.step == Step::EndCleanup && g.chain.is_empty());
    assert_eq!(a.remaining(), 0);
    (g, runes)
}

/// 376.1.a example: at the end of the turn, while at a battlefield, Sona readies up to 4
/// friendly runes.
#[test]
fn sona_harmonious_376_1_a_readies_up_to_four_runes_at_end_of_turn_at_a_battlefield() {
    let (g, runes) = sona_end_of_turn(BF0, 4);
    assert_eq!(triggered(&g, "Sona, Harmonious"), 1);
    let ready = runes.iter().filter(|r| !g.obj(**r).exhausted).count();
    assert_eq!(ready, 4);
    assert!(g.obj(runes[4]).exhausted);
}

/// 376.1.a: "It can only trigger while that condition is met": at base, nothing.
#[test]
fn sona_harmonious_376_1_a_at_base_does_not_trigger() {
    let (g, runes) = sona_end_of_turn(Loc::Base(P1), 0);
    assert_eq!(triggered(&g, "Sona, Harmonious"), 0);
    assert!(runes.iter().all(|r| g.obj(*r).exhausted));
}

// ---------------------------------------------------------------------------------------------
// The Arena's Greatest — 181.6.b
// ---------------------------------------------------------------------------------------------

/// The controller of the chain item of The Arena's Greatest's ability, after the Beginning
/// step began (before it resolves).
fn arena_item_controller(g: &mut Game, p: PlayerId) -> Option<PlayerId> {
    g.start_turn(p);
    g.step().unwrap();
    g.step().unwrap();
    let arena = g.battlefields[0].obj;
    let c = g
        .chain
        .iter()
        .find(|i| matches!(i.kind, ItemKind::Ability { source, .. } if source == arena))
        .map(|i| i.controller);
    run_chain(g);
    c
}

/// 181.6.b: uncontrolled, the battlefield's ability is controlled by the turn player; each
/// player's first Beginning Phase gives that player 1 point, and only the first.
#[test]
fn the_arenas_greatest_181_6_b_turn_player_controls_uncontrolled_battlefield() {
    let (mut g, _a, _b) = passing_game(cards_db(), &["The Arena's Greatest", "North Field"]);
    g.player_mut(P1).turns_taken = 0;
    assert_eq!(arena_item_controller(&mut g, P1), Some(P1));
    assert_eq!(g.player(P1).points, 1);
    assert_eq!(arena_item_controller(&mut g, P2), Some(P2), "181.6.b: the turn player controls it");
    assert_eq!(g.player(P2).points, 1);
    assert_eq!(arena_item_controller(&mut g, P1), None, "not P1's first Beginning Phase");
    assert_eq!((g.player(P1).points, g.player(P2).points), (1, 1));
}

/// Controlled by P1, the ability is P1's, but on P2's first Beginning Phase "that player" is P2.
#[test]
fn the_arenas_greatest_controlled_battlefield_that_player_gains_the_point() {
    let (mut g, _a, _b) = passing_game(cards_db(), &["The Arena's Greatest", "North Field"]);
    held(&mut g, U3, P1, Bf::new(0));
    assert_eq!(arena_item_controller(&mut g, P2), Some(P1));
    assert_eq!((g.player(P1).points, g.player(P2).points), (0, 1));
}

// ---------------------------------------------------------------------------------------------
// Tibbers — 103.2.a.2
// ---------------------------------------------------------------------------------------------

const ANNIE: &str = r#"name = "Annie"
legend = "Annie, Dark Child"
champion = "CHAMPION"
battlefields = ["North Field", "East Field", "Zaun Warrens"]

[main]
"Tibbers" = 2
"Cleave" = 3

[runes]
"Fury Rune" = 6
"Chaos Rune" = 6
"#;

/// 103.2.a.2 example: Tibbers has the tag Annie but is a signature unit, not a champion unit:
/// it can't be the Chosen Champion of an Annie legend; Annie, Fiery can.
#[test]
fn tibbers_103_2_a_2_signature_unit_cannot_be_chosen_champion() {
    let tibbers = Deck::parse("annie.toml", &ANNIE.replace("CHAMPION", "Tibbers"), &cards_db()).unwrap();
    let p = tibbers.validate(&cards_db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.2.a.2") && x.contains("Tibbers")), "{p:?}");
    let annie = Deck::parse("annie.toml", &ANNIE.replace("CHAMPION", "Annie, Fiery"), &cards_db()).unwrap();
    let p = annie.validate(&cards_db(), 3..=3);
    assert!(!p.iter().any(|x| x.starts_with("103.2.a.2")), "{p:?}");
    let (mut g, _a, _b) = game();
    let t = g.put("Tibbers", P1, Zone::Hand).unwrap();
    assert!(!g.card(t).is_champion_unit());
}

/// "When you play me, deal 3 to all units at battlefields": both players' units at
/// battlefields, not those at bases.
#[test]
fn tibbers_play_deals_3_to_all_units_at_battlefields() {
    let (mut g, a, _b) = game();
    let tibbers = g.put("Tibbers", P1, Zone::Hand).unwrap();
    let mine = g.put_at(U3, P1, BF0).unwrap();
    let theirs = g.put_at(U4, P2, BF1).unwrap();
    let home = g.put_at(U3, P2, Loc::Base(P2)).unwrap();
    g.add(P1, 8, &[Domain::Fury, Domain::Chaos], 0);
    a.push(Choice::Play(tibbers));
    g.step().unwrap();
    run_chain(&mut g);
    assert!(!g.obj(mine).alive, "friendly units at battlefields too");
    assert_eq!(g.obj(theirs).damage, 3);
    assert_eq!(g.obj(home).damage, 0);
    let t = named_at(&g, Loc::Base(P1), "Tibbers")[0];
    assert_eq!(g.obj(t).damage, 0);
}

// ---------------------------------------------------------------------------------------------
// Kai'Sa, Survivor
// ---------------------------------------------------------------------------------------------

/// [Accelerate]: paying [1][R] more she enters ready; "When I conquer, draw 1".
#[test]
fn kaisa_survivor_accelerate_then_conquer_draws_one() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    let k = g.put("Kai'Sa, Survivor", P1, Zone::Hand).unwrap();
    g.add(P1, 5, &[Domain::Fury], 0);
    a.push(Choice::Play(k));
    a.push(Choice::Yes);
    g.step().unwrap();
    assert!(g.player(P1).pool.is_empty());
    let k = named_at(&g, Loc::Base(P1), "Kai'Sa, Survivor")[0];
    assert!(!g.obj(k).exhausted, "Accelerate: enters ready");
    standard_move(&mut g, &a, BF0);
    step_until(&mut g, |g| g.battlefields[0].controller == Some(P1) && g.chain.is_empty());
    assert!(g.events.iter().any(
        |e| matches!(e, Event::Scored { player, battlefield, .. } if *player == P1 && *battlefield == Bf::new(0))
    ));
    assert_eq!(triggered(&g, "Kai'Sa, Survivor"), 1);
    assert_eq!(g.player(P1).hand.len(), 1);
}

/// Without Accelerate she enters exhausted; another unit conquering does not trigger her.
#[test]
fn kaisa_survivor_without_accelerate_enters_exhausted_and_only_her_conquest_counts() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    let k = g.put("Kai'Sa, Survivor", P1, Zone::Hand).unwrap();
    let other = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.add(P1, 5, &[Domain::Fury], 0);
    a.push(Choice::Play(k));
    a.push(Choice::No);
    g.step().unwrap();
    let k = named_at(&g, Loc::Base(P1), "Kai'Sa, Survivor")[0];
    assert!(g.obj(k).exhausted);
    standard_move(&mut g, &a, BF0);
    step_until(&mut g, |g| g.battlefields[0].controller == Some(P1) && g.chain.is_empty());
    assert_eq!(g.location(other), Some(BF0));
    assert_eq!(triggered(&g, "Kai'Sa, Survivor"), 0);
    assert_eq!(g.player(P1).hand.len(), 0);
}
