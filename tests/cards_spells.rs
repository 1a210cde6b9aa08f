//! Spells and damage cards with their real texts, each reproducing the Core Rules example that
//! names it: Void Seeker, Sky Splitter, Falling Star, Singularity, Fox-Fire, Challenge, Hidden
//! Blade, Unchecked Power, Noxian Guillotine, Cleave, Block, Stand United, Ravenborn Tome,
//! Annie, Fiery and Volibear, Furious.

use riftbound::agents::Scripted;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::cards::RECRUIT_TOKEN;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::{Choice, Domain, Game, Loc, Zone};

mod common;
use common::board::{BF0, BF1, P1, P2, ZAUN_BFS, traced_game};
use common::cards_db;
use common::chain::{resolve, resolve_all};
use common::showdown::standard_move;
use common::trace::{count_rule, dealt_to, traced};

/// An empty board in P1's action phase with scripted agents for both players.
fn board() -> (Game, Scripted, Scripted) {
    traced_game(cards_db(), &ZAUN_BFS, Scripted::new(), Scripted::new())
}

/// Exhausts runes for [1] each.
fn exhaust_for_energy(a: &Scripted, runes: &[ObjId]) {
    for r in runes {
        a.push(Choice::Activate(*r, 0));
    }
}

/// Fills a player's rune pool (160), so playing costs asks nothing.
fn pool(g: &mut Game, p: PlayerId, energy: u32, power: &[Domain]) {
    g.add(p, energy, power, 0);
}

/// Recycles runes for their power.
fn recycle_for_power(a: &Scripted, runes: &[ObjId]) {
    for r in runes {
        a.push(Choice::Activate(*r, 1));
    }
}

fn put_recruit(g: &mut Game, p: PlayerId, loc: Loc) -> ObjId {
    g.put_at(RECRUIT_TOKEN, p, loc).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Void Seeker: "Deal 4 to a unit at a battlefield. Draw 1."
// ---------------------------------------------------------------------------------------------

/// 356.3.e.5: the target moves to its base before Void Seeker resolves: it is no longer a legal
/// target and takes no damage, but Void Seeker's controller still draws 1.
#[test]
fn void_seeker_356_3_e_5_mistargeted_unit_takes_no_damage_but_controller_draws() {
    let (mut g, a, b) = board();
    let spell = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    let runes = g.put_runes("Fury Rune", P1, 4).unwrap();
    let drawn = g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    let target = g.put_at("Playful Phantom", P2, BF0).unwrap();
    g.put_at("Mega-Mech", P2, BF1).unwrap();
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(target));
    exhaust_for_energy(&a, &runes[..3]);
    recycle_for_power(&a, &runes[3..]);
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1, "Void Seeker is on the chain");
    // The unit's controller moves it to their base in response (as a Reaction would).
    g.move_units(&[target], Loc::Base(P2));
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(target).damage, 0, "no longer at a battlefield: unaffected");
    assert!(dealt_to(&g, target).is_empty());
    assert!(traced(&g, "356.3.e.5", "no longer legal"));
    assert_eq!(g.player(P1).hand.len(), 1, "Void Seeker's controller still draws 1");
    assert_eq!(g.name(g.player(P1).hand[0]), g.name(drawn));
}

/// 404.6.a: Void Seeker names no source, so the damage it deals is dealt by Void Seeker.
#[test]
fn void_seeker_404_6_a_the_spell_is_the_source_of_its_damage() {
    let (mut g, a, b) = board();
    let spell = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[Domain::Fury]);
    g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    let target = g.put_at("Mega-Mech", P2, BF0).unwrap();
    a.push(Choice::Play(spell));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(target).damage, 4);
    assert_eq!(dealt_to(&g, target), vec![("Void Seeker".to_string(), 4)]);
    assert_eq!(g.player(P1).hand.len(), 1);
    assert_eq!(g.player(P1).trash.len(), 1, "Void Seeker went to the trash");
}

// ---------------------------------------------------------------------------------------------
// Sky Splitter: "This spell's Energy cost is reduced by the highest Might among units you
// control. Deal 5 to a unit at a battlefield." With Eager Apprentice (353.4.c).
// ---------------------------------------------------------------------------------------------

/// Sets up 353.4.c's example: P1 controls Eager Apprentice (at a battlefield) and a 7 [M]
/// unit, and plays Sky Splitter (8 Energy) at a Mega-Mech.
fn sky_splitter_setup(energy: u32) -> (Game, Scripted, Scripted, ObjId, ObjId) {
    let (mut g, a, b) = board();
    let sky = g.put("Sky Splitter", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, energy, &[Domain::Fury]);
    g.set_controller(Bf::new(0), Some(P1));
    g.put_at("Eager Apprentice", P1, BF0).unwrap();
    let seven = g.put_at("Direwing", P1, Loc::Base(P1)).unwrap();
    assert_eq!(g.might(seven), 7);
    let target = g.put_at("Mega-Mech", P2, BF1).unwrap();
    (g, a, b, sky, target)
}

/// 353.4.c: applying Eager Apprentice's discount first ([8] -> [7], its minimum [1] only limits
/// itself) and then Sky Splitter's own ([7] -> [0]) makes Sky Splitter cost only [R].
#[test]
fn sky_splitter_353_4_c_apprentice_discount_first_costs_zero_energy() {
    let (mut g, a, b, sky, target) = sky_splitter_setup(0);
    assert!(g.action_options(P1).contains(&Choice::Play(sky)), "playable with only [R] in the pool");
    a.push(Choice::Play(sky));
    a.push(Choice::Obj(target));
    a.push(Choice::Nth(1)); // 353.4: Eager Apprentice's discount first
    g.step().unwrap();
    assert!(traced(&g, "353", "total cost of Sky Splitter"));
    let total = g.trace.lines.iter().find(|l| l.rule == "353" && l.text.contains("Sky Splitter")).unwrap();
    assert!(total.text.ends_with("is [0][R]"), "{}", total.text);
    assert_eq!(g.chain.len(), 1, "Sky Splitter was played");
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(target).damage, 5, "Deal 5 to a unit at a battlefield");
}

/// 353.4.c: in the other order Sky Splitter's discount leaves [1], and Eager Apprentice's
/// discount can't go below its minimum of [1]: the cost is [1][R].
#[test]
fn sky_splitter_353_4_c_own_discount_first_leaves_one_energy() {
    let (mut g, a, b, sky, target) = sky_splitter_setup(1);
    a.push(Choice::Play(sky));
    a.push(Choice::Obj(target));
    a.push(Choice::Nth(0)); // Sky Splitter's own discount first
    g.step().unwrap();
    let total = g.trace.lines.iter().find(|l| l.rule == "353" && l.text.contains("Sky Splitter")).unwrap();
    assert!(total.text.ends_with("is [1][R]"), "{}", total.text);
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(target).damage, 5);
}

// ---------------------------------------------------------------------------------------------
// Falling Star: "Deal 3 to a unit. / Deal 3 to a unit." (the card's two instructions, each with
// its own target; the rules' example quotes an older "Do this twice" wording, 002).
// ---------------------------------------------------------------------------------------------

/// Each instruction chooses its own unit; each deals 3.
#[test]
fn falling_star_deals_3_to_each_of_two_chosen_units() {
    let (mut g, a, b) = board();
    let star = g.put("Falling Star", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 2, &[Domain::Fury, Domain::Fury]);
    let x = g.put_at("Mega-Mech", P2, BF0).unwrap();
    let y = g.put_at("Mountain Drake", P2, Loc::Base(P2)).unwrap();
    a.push(Choice::Play(star));
    a.push(Choice::Obj(x));
    a.push(Choice::Obj(y));
    g.step().unwrap();
    assert_eq!(count_rule(&g, "352.6"), 2, "two targets");
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(x).damage, 3);
    assert_eq!(g.obj(y).damage, 3, "\"a unit\" anywhere, even in a base");
}

/// Nothing stops both instructions from choosing the same unit: 3 + 3 kills a 5 [M] unit.
#[test]
fn falling_star_may_choose_the_same_unit_for_both_instructions() {
    let (mut g, a, b) = board();
    let star = g.put("Falling Star", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 2, &[Domain::Fury, Domain::Fury]);
    let x = g.put_at("Playful Phantom", P2, BF0).unwrap();
    g.put_at("Mountain Drake", P2, BF1).unwrap();
    a.push(Choice::Play(star));
    a.push(Choice::Obj(x));
    a.push(Choice::Obj(x));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(dealt_to(&g, x), vec![("Falling Star".to_string(), 3), ("Falling Star".to_string(), 3)]);
    assert!(!g.obj(x).alive);
}

/// 415.5.d / 415.5.c: a unit Falling Star dealt lethal damage to dies in the cleanup after it
/// resolves, killed by Falling Star: its controller killed a unit with a spell, so Immortal
/// Phoenix ("When you kill a unit with a spell, you may pay [1][R] to play me from your trash")
/// triggers from the trash.
#[test]
fn falling_star_415_5_d_killing_with_it_triggers_immortal_phoenix() {
    let (mut g, a, b) = board();
    let star = g.put("Falling Star", P1, Zone::Hand).unwrap();
    let phoenix = g.put("Immortal Phoenix", P1, Zone::Trash).unwrap();
    // Falling Star's [2][R] and the Phoenix's [1][R].
    pool(&mut g, P1, 3, &[Domain::Fury, Domain::Fury, Domain::Fury]);
    let victim = g.put_at("Shipyard Skulker", P2, BF0).unwrap();
    let other = g.put_at("Mega-Mech", P2, BF0).unwrap();
    a.push(Choice::Play(star));
    a.push(Choice::Obj(victim));
    a.push(Choice::Obj(other));
    g.step().unwrap();
    // The Phoenix's ability pays its [1][R] as it is finalized (352.10.c.1, 392.1).
    a.push(Choice::Yes);
    resolve(&mut g, &a, &b);
    assert!(!g.obj(victim).alive, "3 damage kills the 3 [M] unit");
    let killed_by = g.events.iter().find_map(|e| match e {
        Event::Killed { obj, by } if *obj == victim => Some(by.clone()),
        _ => None,
    });
    assert_eq!(
        killed_by.map(|by| by.iter().map(|o| g.name(*o).to_string()).collect::<Vec<_>>()),
        Some(vec!["Falling Star".to_string()])
    );
    assert!(traced(&g, "376.3", "Immortal Phoenix"), "{}", g.trace.render());
    assert!(g.player(P1).pool.is_empty(), "paid as it went on the chain");
    resolve(&mut g, &a, &b);
    assert!(!g.obj(phoenix).alive, "the Phoenix left the trash");
    let on_board = g.all_units().into_iter().any(|u| g.name(u) == "Immortal Phoenix");
    assert!(on_board, "{}", g.trace.render());
}

// ---------------------------------------------------------------------------------------------
// Singularity and Annie, Fiery (715.2)
// ---------------------------------------------------------------------------------------------

fn singularity_on_two(annie: Option<PlayerId>) -> (Game, ObjId, ObjId) {
    let (mut g, a, b) = board();
    let spell = g.put("Singularity", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 6, &[Domain::Mind, Domain::Mind]);
    if let Some(p) = annie {
        g.put_at("Annie, Fiery", p, Loc::Base(p)).unwrap();
    }
    let x = g.put_at("Mega-Mech", P2, BF0).unwrap();
    let y = g.put_at("Mega-Mech", P2, BF1).unwrap();
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(x));
    a.push(Choice::Obj(y));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    (g, x, y)
}

/// 715.2: with Annie, Fiery, Singularity's "Deal 6 to each of up to two units" deals 1 Bonus
/// Damage to each of its targets separately: 7 to each.
#[test]
fn singularity_715_2_annie_bonus_applies_to_each_target() {
    let (g, x, y) = singularity_on_two(Some(P1));
    assert_eq!(g.obj(x).damage, 7);
    assert_eq!(g.obj(y).damage, 7);
    assert_eq!(dealt_to(&g, x), vec![("Singularity".to_string(), 7)]);
}

/// Without Annie (or with the opponent's Annie) Singularity deals 6 to each.
#[test]
fn singularity_deals_6_to_each_of_up_to_two_units() {
    let (g, x, y) = singularity_on_two(None);
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (6, 6));
    let (g, x, y) = singularity_on_two(Some(P2));
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (6, 6), "the opponent's Annie gives P1's spells nothing");
}

/// "Up to two": one target is fine.
#[test]
fn singularity_up_to_two_may_choose_one() {
    let (mut g, a, b) = board();
    let spell = g.put("Singularity", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 6, &[Domain::Mind, Domain::Mind]);
    let x = g.put_at("Mega-Mech", P2, BF0).unwrap();
    let y = g.put_at("Mega-Mech", P2, BF1).unwrap();
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(x));
    a.push(Choice::Done);
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (6, 0));
}

// ---------------------------------------------------------------------------------------------
// Fox-Fire: "Kill any number of units at a battlefield with total Might 4 or less." (352.11.b)
// ---------------------------------------------------------------------------------------------

/// Plays Fox-Fire at four 1 [M] Recruits at one battlefield; before it resolves, two of them
/// get +1 [M] (the example's Reaction), so the group is 1, 1, 2, 2.
fn fox_fire_on_four_recruits() -> (Game, Scripted, Scripted, Vec<ObjId>) {
    let (mut g, a, b) = board();
    let fox = g.put("Fox-Fire", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[]);
    let recruits: Vec<ObjId> = (0..4).map(|_| put_recruit(&mut g, P2, BF0)).collect();
    a.push(Choice::Play(fox));
    for r in &recruits {
        a.push(Choice::Obj(*r));
    }
    g.step().unwrap();
    assert_eq!(count_rule(&g, "352.6"), 4, "all four (total Might 4) were chosen");
    for r in &recruits[2..] {
        g.add_effect(None, Filter::Object(*r), None, Modification::Might(1), Duration::ThisTurn);
    }
    assert_eq!(recruits.iter().map(|r| g.might(*r)).collect::<Vec<_>>(), vec![1, 1, 2, 2]);
    (g, a, b, recruits)
}

/// 352.11.b: the group no longer has total Might 4 or less, so Fox-Fire's controller chooses a
/// legal subset of the original targets: here the two 2 [M] Recruits.
#[test]
fn fox_fire_352_11_b_controller_keeps_the_two_buffed_recruits() {
    let (mut g, a, b, r) = fox_fire_on_four_recruits();
    a.push(Choice::Obj(r[0])); // drop a 1 [M] Recruit: 1 + 2 + 2 = 5, still too much
    a.push(Choice::Obj(r[1])); // drop the other: 2 + 2 = 4
    resolve(&mut g, &a, &b);
    assert!(g.obj(r[0]).alive && g.obj(r[1]).alive);
    assert!(!g.obj(r[2]).alive && !g.obj(r[3]).alive);
    assert_eq!(count_rule(&g, "352.11.b"), 2);
}

/// 352.11.b: or the two 1 [M] Recruits plus one 2 [M] Recruit.
#[test]
fn fox_fire_352_11_b_controller_keeps_two_ones_and_a_two() {
    let (mut g, a, b, r) = fox_fire_on_four_recruits();
    a.push(Choice::Obj(r[3])); // 1 + 1 + 2 = 4
    resolve(&mut g, &a, &b);
    assert!(!g.obj(r[0]).alive && !g.obj(r[1]).alive && !g.obj(r[2]).alive);
    assert!(g.obj(r[3]).alive);
}

/// 352.11.b: units no longer at the chosen battlefield can't be affected, even at another
/// battlefield.
#[test]
fn fox_fire_352_11_b_unit_moved_to_another_battlefield_is_unaffected() {
    let (mut g, a, b) = board();
    let fox = g.put("Fox-Fire", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[]);
    let r: Vec<ObjId> = (0..4).map(|_| put_recruit(&mut g, P2, BF0)).collect();
    a.push(Choice::Play(fox));
    for u in &r {
        a.push(Choice::Obj(*u));
    }
    g.step().unwrap();
    g.move_units(&[r[0]], BF1);
    resolve(&mut g, &a, &b);
    assert!(g.obj(r[0]).alive, "moved away from the group's battlefield");
    assert!(r[1..].iter().all(|u| !g.obj(*u).alive));
}

/// 352.11.a: the group is chosen within the restriction: after three 1 [M] units and a 2 [M]
/// one would exceed 4, it can't be chosen; units at another battlefield can't join the group.
#[test]
fn fox_fire_352_11_a_group_is_one_battlefield_within_total_might() {
    let (mut g, a, b) = board();
    let fox = g.put("Fox-Fire", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[]);
    let ones: Vec<ObjId> = (0..3).map(|_| put_recruit(&mut g, P2, BF0)).collect();
    let two = put_recruit(&mut g, P2, BF0);
    g.add_effect(None, Filter::Object(two), None, Modification::Might(1), Duration::ThisTurn);
    let elsewhere = put_recruit(&mut g, P2, BF1);
    a.push(Choice::Play(fox));
    for r in &ones {
        a.push(Choice::Obj(*r));
    }
    // Now the 2 [M] Recruit would make 5 and the other battlefield's Recruit is elsewhere:
    // nothing is left to choose, so no answer is asked for.
    g.step().unwrap();
    assert_eq!(count_rule(&g, "352.6"), 3);
    resolve(&mut g, &a, &b);
    assert!(ones.iter().all(|r| !g.obj(*r).alive));
    assert!(g.obj(two).alive && g.obj(elsewhere).alive);
}

// ---------------------------------------------------------------------------------------------
// Challenge: "Choose a friendly unit and an enemy unit. They deal damage equal to their Mights
// to each other." (404.6.b.3)
// ---------------------------------------------------------------------------------------------

/// 404.6.b.3: the damage Challenge causes is dealt by the chosen units, not by Challenge; the
/// two deal it to each other at once (each with its Might before either is damaged).
#[test]
fn challenge_404_6_b_3_the_chosen_units_are_the_sources() {
    let (mut g, a, b) = board();
    let spell = g.put("Challenge", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 2, &[Domain::Body]);
    let mine = g.put_at("Playful Phantom", P1, Loc::Base(P1)).unwrap();
    let theirs = g.put_at("Vanguard Sergeant", P2, BF0).unwrap();
    // Annie's bonus is for "your spells and abilities": Challenge deals no damage itself.
    g.put_at("Annie, Fiery", P1, BF1).unwrap();
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(mine));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(dealt_to(&g, theirs), vec![("Playful Phantom".to_string(), 5)]);
    assert_eq!(dealt_to(&g, mine), vec![("Vanguard Sergeant".to_string(), 4)]);
    assert!(!g.obj(theirs).alive, "5 damage kills the 4 [M] Sergeant");
    assert!(g.obj(mine).alive);
    assert_eq!(g.obj(mine).damage, 4);
}

// ---------------------------------------------------------------------------------------------
// Hidden Blade: "Kill a unit at a battlefield. Its controller draws 2." (played normally, 727.3)
// ---------------------------------------------------------------------------------------------

#[test]
fn hidden_blade_727_3_played_normally_kills_and_its_controller_draws_2() {
    let (mut g, a, b) = board();
    let blade = g.put("Hidden Blade", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 2, &[Domain::Order]);
    for _ in 0..3 {
        g.put("Shipyard Skulker", P2, Zone::MainDeck).unwrap();
    }
    let victim = g.put_at("Mega-Mech", P2, BF0).unwrap();
    g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::Play(blade));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert!(!g.obj(victim).alive);
    assert_eq!(g.player(P2).hand.len(), 2, "the killed unit's controller draws 2");
    assert_eq!(g.player(P1).hand.len(), 0);
}

// ---------------------------------------------------------------------------------------------
// Unchecked Power: "Exhaust all friendly units, then deal 12 to ALL units at battlefields." and
// Viktor, Leader (376.2.c.2)
// ---------------------------------------------------------------------------------------------

fn unchecked_power(viktor_at: Loc) -> (Game, ObjId, ObjId, ObjId) {
    let (mut g, a, b) = board();
    let spell = g.put("Unchecked Power", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 7, &[Domain::Mind, Domain::Mind]);
    g.set_controller(Bf::new(0), Some(P1));
    let viktor = g.put_at("Viktor, Leader", P1, viktor_at).unwrap();
    let sergeant = g.put_at("Vanguard Sergeant", P1, BF0).unwrap();
    let enemy = g.put_at("Mountain Drake", P2, BF1).unwrap();
    a.push(Choice::Play(spell));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    (g, viktor, sergeant, enemy)
}

/// 376.2.c.2: Viktor and another non-Recruit unit P1 controls die in the same cleanup after
/// Unchecked Power: Viktor leaves the board as its trigger is met, so it does not trigger.
#[test]
fn unchecked_power_376_2_c_2_viktor_dying_with_the_other_unit_does_not_trigger() {
    let (g, viktor, sergeant, enemy) = unchecked_power(BF0);
    assert!(!g.obj(viktor).alive && !g.obj(sergeant).alive && !g.obj(enemy).alive);
    assert!(!traced(&g, "376.3", "Viktor"), "{}", g.trace.render());
    assert!(g.all_units().is_empty(), "no Recruit was played");
}

/// Control case: Viktor in the base survives (exhausted by the first instruction) and sees the
/// other unit die: a Recruit token is played into P1's base.
#[test]
fn unchecked_power_viktor_surviving_in_base_triggers() {
    let (g, viktor, sergeant, enemy) = unchecked_power(Loc::Base(P1));
    assert!(g.obj(viktor).alive);
    assert!(g.obj(viktor).exhausted, "Exhaust all friendly units");
    assert_eq!(g.obj(viktor).damage, 0, "12 only to units at battlefields");
    assert!(!g.obj(sergeant).alive && !g.obj(enemy).alive);
    let recruits: Vec<ObjId> =
        g.units_at(Loc::Base(P1)).into_iter().filter(|u| g.chars(*u).tags.iter().any(|t| t == "Recruit")).collect();
    assert_eq!(recruits.len(), 1, "{}", g.trace.render());
}

// ---------------------------------------------------------------------------------------------
// Noxian Guillotine: "Choose a unit. Kill it the next time it takes damage this turn. / [Legion]
// — Kill it now instead." (384, 151.2)
// ---------------------------------------------------------------------------------------------

/// 384: the delayed triggered ability waits for the chosen unit to take damage this turn, then
/// kills it, even though the damage was not lethal.
#[test]
fn noxian_guillotine_384_delayed_trigger_kills_on_next_damage() {
    let (mut g, a, b) = board();
    let ng = g.put("Noxian Guillotine", P1, Zone::Hand).unwrap();
    let seeker = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 4, &[Domain::Fury]);
    g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    let mech = g.put_at("Mega-Mech", P2, BF0).unwrap();
    let other = g.put_at("Mountain Drake", P2, BF0).unwrap();
    a.push(Choice::Play(ng));
    a.push(Choice::Obj(mech));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert!(g.obj(mech).alive, "no Legion: not killed now");
    assert!(traced(&g, "383.2", "Mega-Mech"));
    // Damage to another unit is not its moment.
    g.deal(None, &[(other, 1)]);
    g.cleanup().unwrap();
    assert!(g.chain.is_empty() && g.obj(mech).alive);
    pool(&mut g, P1, 3, &[Domain::Fury]);
    a.push(Choice::Play(seeker));
    a.push(Choice::Obj(mech));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert!(traced(&g, "383.2", "the delayed ability of Noxian Guillotine"), "{}", g.trace.render());
    resolve_all(&mut g, &a, &b);
    assert!(!g.obj(mech).alive, "4 damage is not lethal to 8 [M], but the delayed ability kills it");
    let killer = g.events.iter().find_map(|e| match e {
        Event::Killed { obj, by } if *obj == mech => by.first().copied(),
        _ => None,
    });
    assert_eq!(killer.map(|k| g.name(k).to_string()), Some("Noxian Guillotine".to_string()));
}

/// 384 "this turn": the delayed ability ends with the turn.
#[test]
fn noxian_guillotine_384_delayed_trigger_ends_with_the_turn() {
    let (mut g, a, b) = board();
    let ng = g.put("Noxian Guillotine", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 4, &[Domain::Fury]);
    let mech = g.put_at("Mega-Mech", P2, BF0).unwrap();
    a.push(Choice::Play(ng));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    a.push(Choice::EndTurn);
    g.step().unwrap();
    while g.turn_player == P1 {
        g.step().unwrap();
    }
    g.deal(None, &[(mech, 1)]);
    g.cleanup().unwrap();
    assert!(g.chain.is_empty(), "no delayed kill next turn");
    assert!(g.obj(mech).alive);
}

/// 151.2: with Legion, the unit is killed now and the instruction to kill it the next time it
/// takes damage is ignored, even if the unit remains on the board somehow (here Zhonya's
/// Hourglass replaces its death and recalls it).
#[test]
fn noxian_guillotine_151_2_legion_kills_now_and_ignores_the_delayed_kill() {
    let (mut g, a, b) = board();
    let first = g.put("Cleave", P1, Zone::Hand).unwrap();
    let ng = g.put("Noxian Guillotine", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 1, &[]);
    let mech = g.put_at("Mega-Mech", P2, BF0).unwrap();
    let hourglass = g.put_at("Zhonya's Hourglass", P2, Loc::Base(P2)).unwrap();
    // Another card first this turn: Cleave on P1's own unit.
    let own = g.put_at("Vanguard Sergeant", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::Play(first));
    a.push(Choice::Obj(own));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.player(P1).cards_played_this_turn, 1);
    pool(&mut g, P1, 4, &[Domain::Fury]);
    a.push(Choice::Play(ng));
    a.push(Choice::Obj(mech));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert!(!g.obj(hourglass).alive, "the kill happened now and Zhonya's replaced it");
    assert!(g.obj(mech).alive, "the unit remains on the board");
    assert_eq!(g.location(mech), Some(Loc::Base(P2)));
    assert!(g.delayed_triggers.is_empty());
    g.deal(None, &[(mech, 1)]);
    g.cleanup().unwrap();
    assert!(g.chain.is_empty(), "the delayed kill was replaced, not set up");
    assert!(g.obj(mech).alive);
}

// ---------------------------------------------------------------------------------------------
// Cleave: "Give a unit [Assault 3] this turn." with Petty Officer (723.2)
// ---------------------------------------------------------------------------------------------

/// 723.2: Petty Officer has Assault; Cleave grants Assault 3 more: Assault 4 this turn, so it
/// attacks with 5 + 4 = 9 [M] and kills an 8 [M] defender.
#[test]
fn cleave_723_2_petty_officer_has_assault_4() {
    let (mut g, a, b) = board();
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 1, &[]);
    let officer = g.put_at("Petty Officer", P1, Loc::Base(P1)).unwrap();
    g.set_controller(Bf::new(0), Some(P2));
    let defender = g.put_at("Mega-Mech", P2, BF0).unwrap();
    assert_eq!(g.chars(officer).keywords.assault, 1);
    a.push(Choice::Play(cleave));
    a.push(Choice::Obj(officer));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert!(g.has_keyword(officer, Keyword::Assault));
    assert_eq!(g.chars(officer).keywords.assault, 4);
    assert_eq!(g.might(officer), 5, "Assault adds only while attacking");
    standard_move(&mut g, &a, BF0);
    assert_eq!(g.might(officer), 9);
    for _ in 0..20 {
        if g.showdown.is_none() && g.chain.is_empty() {
            break;
        }
        if let Some(p) = g.priority_holder()
            && g.action_options(p).len() > 1
        {
            if p == P1 { a.push(Choice::Pass) } else { b.push(Choice::Pass) }
        }
        g.step().unwrap();
    }
    assert!(!g.obj(defender).alive, "9 damage kills the 8 [M] defender");
    assert!(g.obj(officer).alive, "8 damage does not kill the 9 [M] attacking Officer");
}

// ---------------------------------------------------------------------------------------------
// Block: "Give a unit [Shield 3] and [Tank] this turn." with Stalwart Poro (730.2)
// ---------------------------------------------------------------------------------------------

/// 730.2: Stalwart Poro has Shield; Block grants Shield 3 more and Tank: Shield 4 this turn.
#[test]
fn block_730_2_stalwart_poro_has_shield_4_and_tank() {
    let (mut g, a, b) = board();
    let block = g.put("Block", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 2, &[]);
    let poro = g.put_at("Stalwart Poro", P1, BF0).unwrap();
    g.put_at("Vanguard Sergeant", P1, BF0).unwrap();
    assert_eq!(g.chars(poro).keywords.shield, 1);
    assert!(!g.has_keyword(poro, Keyword::Tank));
    a.push(Choice::Play(block));
    a.push(Choice::Obj(poro));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.chars(poro).keywords.shield, 4);
    assert!(g.has_keyword(poro, Keyword::Tank));
    // "This turn": both end in the expiration step.
    g.expire_effects(true);
    assert_eq!(g.chars(poro).keywords.shield, 1);
    assert!(!g.has_keyword(poro, Keyword::Tank));
}

// ---------------------------------------------------------------------------------------------
// Stand United: "Buff a friendly unit. Buffs give an additional +1 [M] to friendly units this
// turn." (played normally here; 727.2)
// ---------------------------------------------------------------------------------------------

#[test]
fn stand_united_727_2_buffs_all_friendly_buffed_units_anywhere() {
    let (mut g, a, b) = board();
    let spell = g.put("Stand United", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[]);
    let chosen = g.put_at("Shipyard Skulker", P1, Loc::Base(P1)).unwrap();
    let buffed = g.put_at("Vanguard Sergeant", P1, BF0).unwrap();
    let plain = g.put_at("Playful Phantom", P1, BF1).unwrap();
    let enemy = g.put_at("Vanguard Sergeant", P2, BF1).unwrap();
    g.buff(buffed);
    g.buff(enemy);
    assert_eq!((g.might(buffed), g.might(enemy)), (5, 5));
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(chosen));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.might(chosen), 3 + 1 + 1, "buffed, and buffs give +1 more");
    assert_eq!(g.might(buffed), 4 + 1 + 1, "an already buffed friendly unit elsewhere");
    assert_eq!(g.might(plain), 5, "no buff, no bonus");
    assert_eq!(g.might(enemy), 5, "only friendly units");
    g.expire_effects(true);
    assert_eq!(g.might(chosen), 4, "the extra +1 ends with the turn; the buff stays");
}

// ---------------------------------------------------------------------------------------------
// Ravenborn Tome: "[E]: The next spell you play this turn deals 1 Bonus Damage." (384)
// ---------------------------------------------------------------------------------------------

/// 384: a delayed passive ability: the next spell played deals 1 Bonus Damage; the one after it
/// does not.
#[test]
fn ravenborn_tome_384_next_spell_deals_1_bonus_damage() {
    let (mut g, a, b) = board();
    let tome = g.put_at("Ravenborn Tome", P1, Loc::Base(P1)).unwrap();
    let s1 = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    let s2 = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[Domain::Fury]);
    for _ in 0..2 {
        g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    }
    let x = g.put_at("Mega-Mech", P2, BF0).unwrap();
    let y = g.put_at("Mega-Mech", P2, BF1).unwrap();
    a.push(Choice::Activate(tome, 0));
    g.step().unwrap();
    resolve_all(&mut g, &a, &b);
    assert!(g.obj(tome).exhausted);
    a.push(Choice::Play(s1));
    a.push(Choice::Obj(x));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(x).damage, 5, "4 + 1 Bonus Damage");
    pool(&mut g, P1, 3, &[Domain::Fury]);
    a.push(Choice::Play(s2));
    a.push(Choice::Obj(y));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(y).damage, 4, "only the next spell");
}

// ---------------------------------------------------------------------------------------------
// Annie, Fiery: "Your spells and abilities deal 1 Bonus Damage." (712-715)
// ---------------------------------------------------------------------------------------------

/// 715.1: a single-target Deal is increased by the Bonus Damage.
#[test]
fn annie_fiery_715_1_single_target_deal_gets_1_bonus_damage() {
    let (mut g, a, b) = board();
    let spell = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    pool(&mut g, P1, 3, &[Domain::Fury]);
    g.put("Shipyard Skulker", P1, Zone::MainDeck).unwrap();
    g.put_at("Annie, Fiery", P1, Loc::Base(P1)).unwrap();
    let target = g.put_at("Mega-Mech", P2, BF0).unwrap();
    a.push(Choice::Play(spell));
    g.step().unwrap();
    resolve(&mut g, &a, &b);
    assert_eq!(g.obj(target).damage, 5);
    assert!(traced(&g, "715.1", "1 bonus damage"));
}

// ---------------------------------------------------------------------------------------------
// Volibear, Furious: "When I attack, deal 5 damage split among any number of enemy units here."
// with Annie, Fiery (715.3)
// ---------------------------------------------------------------------------------------------

/// Volibear moves into six 1 [M] Recruits at P2's battlefield; `targets` answers its attack
/// trigger's target choices as it is finalized.
fn volibear_attacks_six_recruits(
    annie: bool,
    targets: impl Fn(&[ObjId]) -> Vec<Choice>,
) -> (Game, Scripted, Scripted, ObjId, Vec<ObjId>) {
    let (mut g, a, b) = board();
    let voli = g.put_at("Volibear, Furious", P1, Loc::Base(P1)).unwrap();
    if annie {
        g.put_at("Annie, Fiery", P1, BF1).unwrap();
        g.set_controller(Bf::new(1), Some(P1));
    }
    g.set_controller(Bf::new(0), Some(P2));
    let recruits: Vec<ObjId> = (0..6).map(|_| put_recruit(&mut g, P2, BF0)).collect();
    a.push(Choice::StandardMove(BF0));
    for c in targets(&recruits) {
        a.push(c);
    }
    g.step().unwrap();
    (g, a, b, voli, recruits)
}

/// 715.3: with Annie, Volibear's attack trigger splits 6 damage instead of 5, so it may choose
/// up to 6 units: each of six 1 [M] Recruits takes 1 and dies.
#[test]
fn volibear_furious_715_3_annie_bonus_splits_6_among_up_to_6_units() {
    let (mut g, a, b, voli, r) = volibear_attacks_six_recruits(true, |r| r.iter().map(|u| Choice::Obj(*u)).collect());
    assert!(traced(&g, "376.3", "Volibear"), "{}", g.trace.render());
    resolve(&mut g, &a, &b);
    assert_eq!(count_rule(&g, "352.6"), 6, "six targets");
    for u in &r {
        assert_eq!(dealt_to(&g, *u), vec![("Volibear, Furious".to_string(), 1)]);
        assert!(!g.obj(*u).alive);
    }
    assert!(g.obj(voli).alive);
}

/// Without Annie: 5 damage, at most 5 units; the amounts are chosen per target (352.14.e).
#[test]
fn volibear_furious_splits_5_among_at_most_5_units() {
    let (mut g, a, b, _voli, r) =
        volibear_attacks_six_recruits(false, |r| vec![Choice::Obj(r[0]), Choice::Obj(r[1]), Choice::Done]);
    a.push(Choice::Amount(4)); // 4 to the first, the remaining 1 to the second
    resolve(&mut g, &a, &b);
    assert_eq!(dealt_to(&g, r[0]), vec![("Volibear, Furious".to_string(), 4)]);
    assert_eq!(dealt_to(&g, r[1]), vec![("Volibear, Furious".to_string(), 1)]);
    // Choosing: five at most.
    let (mut g, a, b, _voli, r) =
        volibear_attacks_six_recruits(false, |r| r[..5].iter().map(|u| Choice::Obj(*u)).collect());
    resolve(&mut g, &a, &b);
    assert_eq!(count_rule(&g, "352.6"), 5);
    assert!(g.obj(r[5]).alive);
    assert!(r[..5].iter().all(|u| !g.obj(*u).alive));
}
