//! The agents' choices (issue 17): the greedy agent aims what harms at the opponents and what
//! helps at its own side, reading what the compiled text does to each target (352.4 choices;
//! `TargetSpec::intent`); the search agent never peeks at hidden cards and plays whole games.

use riftbound::agents::{GreedyAgent, Scripted, SearchAgent};
use riftbound::kernel::GameRng;
use riftbound::riftbound::abilities::Intent;
use riftbound::riftbound::{Agent, Ask, Choice, Decision, Outcome};
use riftbound::riftbound::{CardDb, Game, Loc, Zone};
use std::sync::Arc;

mod common;
use common::board::{BF0, P1, P2, QUIET_BFS};
use common::{cards_db, fill_deck, run_chain};

/// The intent of each target spec of `card`'s first ability that chooses any.
fn intents(db: &CardDb, card: &str) -> Vec<Intent> {
    let def = db.get(db.lookup(card).unwrap());
    let a = def.abilities.abilities.iter().find(|a| !a.targets.is_empty()).expect("an ability with targets");
    a.targets.iter().map(|t| t.intent).collect()
}

#[test]
fn compiled_targets_know_whether_they_harm_or_help() {
    let db = cards_db();
    assert_eq!(intents(&db, "Void Seeker"), [Intent::Harm], "Deal 4 to a unit at a battlefield");
    assert_eq!(intents(&db, "Get Excited!"), [Intent::Harm], "Deal its Energy cost as damage to a unit");
    assert_eq!(intents(&db, "Primal Strength"), [Intent::Help], "Give a unit +7 [M] this turn");
    assert_eq!(intents(&db, "Discipline"), [Intent::Help], "Give a unit +2 [M] this turn. Draw 1.");
}

/// P1 (greedy, from `seed`) with an 8-Might unit at a battlefield, P2 with a 3-Might one there;
/// P1 holds `card` and enough to pay for it, and plays it (the only card to play). Each test
/// tries several seeds: an agent that chose blindly would pick the wrong unit for one of them.
fn board(card: &str, seed: u64) -> (Game, riftbound::kernel::ObjId, riftbound::kernel::ObjId) {
    let mut g = Game::blank(cards_db(), &QUIET_BFS, 1).unwrap();
    g.set_agents(vec![Box::new(GreedyAgent::new(seed)), Box::new(Scripted::passing())]);
    let mine = g.put_at("Mega-Mech", P1, BF0).unwrap();
    let theirs = g.put_at("Shipyard Skulker", P2, BF0).unwrap();
    for u in [mine, theirs] {
        g.objs[u.0 as usize].exhausted = true;
    }
    g.trace.on = true;
    fill_deck(&mut g, P1, 3);
    g.put(card, P1, Zone::Hand).unwrap();
    g.add(P1, 6, &[], 2);
    g.step().unwrap();
    run_chain(&mut g);
    (g, mine, theirs)
}

#[test]
fn greedy_aims_damage_at_an_enemy_unit_not_its_own() {
    for seed in 0..8 {
        let (g, mine, theirs) = board("Void Seeker", seed);
        assert!(!g.obj(theirs).alive, "Void Seeker's 4 damage killed the enemy unit:\n{}", g.trace.render());
        assert!(g.obj(mine).alive && g.obj(mine).damage == 0, "its own unit was not chosen");
        assert!(g.units_at(Loc::Base(P2)).is_empty());
    }
}

#[test]
fn greedy_gives_might_to_its_own_unit_not_the_enemy() {
    for seed in 0..8 {
        let (g, mine, theirs) = board("Primal Strength", seed);
        let base = |u| g.card(u).might;
        assert_eq!(g.might(mine), base(mine) + 7, "its own unit got +7");
        assert_eq!(g.might(theirs), base(theirs));
    }
}

/// Issue 17: "At the end of your turn, ready up to 2 runes" (Annie, Dark Child) may choose any
/// runes (352.4); readying helps, so the greedy player readies its own, never the opponent's.
#[test]
fn greedy_readies_its_own_runes_not_the_opponents() {
    use riftbound::riftbound::events::Event;
    for seed in 0..8 {
        let mut g = Game::blank(cards_db(), &QUIET_BFS, 1).unwrap();
        g.set_agents(vec![Box::new(GreedyAgent::new(seed)), Box::new(Scripted::passing())]);
        g.put("Annie, Dark Child", P1, Zone::LegendZone).unwrap();
        let mine = g.put_runes("Fury Rune", P1, 2).unwrap();
        let theirs = g.put_runes("Fury Rune", P2, 2).unwrap();
        for r in mine.iter().chain(&theirs) {
            g.objs[r.0 as usize].exhausted = true;
        }
        fill_deck(&mut g, P1, 3);
        fill_deck(&mut g, P2, 3);
        g.trace.on = true;
        common::step_until(&mut g, |g| g.events.iter().any(|e| matches!(e, Event::Readied(_))));
        run_chain(&mut g);
        assert!(mine.iter().all(|r| !g.obj(*r).exhausted), "its own runes readied:\n{}", g.trace.render());
        assert!(theirs.iter().all(|r| g.obj(*r).exhausted), "the opponent's stayed exhausted");
    }
}

/// Jinx against Viktor, greedy players, stepped to P1's first action decision of turn 5.
fn midgame(seed: u64) -> (Game, Decision) {
    let db = Arc::new(CardDb::embedded());
    let decks = riftbound::cli::pick_decks(&db, &["jinx".to_string(), "viktor".to_string()]).unwrap();
    let agents = ["greedy".to_string()];
    let mode = riftbound::riftbound::Mode::casual_duel();
    let mut g = riftbound::cli::setup_game(&db, &decks, &mode, &agents, seed, Default::default(), false).unwrap();
    let me = riftbound::kernel::PlayerId(0);
    while !(g.turn >= 5 && g.turn_player == me && g.chain.is_empty() && g.priority_holder() == Some(me)) {
        assert!(!g.step().unwrap(), "the game ended before turn 5");
    }
    let d = Decision { player: me, ask: Ask::Action, options: g.action_options(me) };
    (g, d)
}

/// 106.4 / 127: the search never peeks. Swapping hidden cards of the opponent (a card in
/// hand with one in the deck) gives a game the searching player can't tell from the real one:
/// it must choose the same, from the same seed. The opponent's hand is resampled, its size and
/// the viewer's own hand kept.
#[test]
fn r106_4_search_decides_the_same_whatever_the_hidden_cards_are() {
    let mut resampled = false;
    for seed in 0..3 {
        let (real, d) = midgame(seed);
        assert!(d.options.len() > 1);
        let mut other = real.fork(&mut GameRng::new(9));
        other.rng = real.rng.clone();
        let them = riftbound::kernel::PlayerId(1);
        let (h, k) = (other.player(them).hand[0], other.player(them).main_deck[3]);
        let (ch, ck) = (other.obj(h).card, other.obj(k).card);
        other.obj_mut(h).card = ck;
        other.obj_mut(k).card = ch;
        let a = SearchAgent::new(12, seed).choose(&real, &d);
        let b = SearchAgent::new(12, seed).choose(&other, &d);
        assert_eq!(a, b, "seed {seed}: the hidden cards changed the choice");

        let mut sample = real.fork(&mut GameRng::new(1));
        sample.determinize(riftbound::kernel::PlayerId(0), &mut GameRng::new(seed));
        let cards = |g: &Game, p: riftbound::kernel::PlayerId, z: Zone| -> Vec<_> {
            let list = if z == Zone::Hand { &g.player(p).hand } else { &g.player(p).main_deck };
            list.iter().map(|o| g.obj(*o).card).collect()
        };
        assert_eq!(cards(&sample, d.player, Zone::Hand), cards(&real, d.player, Zone::Hand));
        assert_eq!(sample.player(them).hand.len(), real.player(them).hand.len());
        let pooled = |g: &Game| {
            let mut all = cards(g, them, Zone::Hand);
            all.extend(cards(g, them, Zone::MainDeck));
            all.sort();
            all
        };
        assert_eq!(pooled(&sample), pooled(&real), "the same cards, dealt again");
        resampled |= cards(&sample, them, Zone::Hand) != cards(&real, them, Zone::Hand);
    }
    assert!(resampled, "the opponent's hand is dealt again, not copied");
}

/// The search plays whole games to the end, the same game from the same seed.
#[test]
fn search_plays_whole_games_deterministically() {
    let db = Arc::new(CardDb::embedded());
    let decks = riftbound::cli::pick_decks(&db, &["jinx".to_string(), "viktor".to_string()]).unwrap();
    let agents = ["mcts:3".to_string(), "greedy".to_string()];
    let mode = riftbound::riftbound::Mode::casual_duel();
    let play = || {
        let mut g = riftbound::cli::setup_game(&db, &decks, &mode, &agents, 4, Default::default(), false).unwrap();
        let outcome = g.run().unwrap();
        (outcome, g.turn, g.state_hash())
    };
    let first = play();
    assert!(matches!(first.0, Outcome::Won { .. }), "{first:?}");
    assert_eq!(first, play());
}

/// Issue 17's measure of the agents: in mirrored runs of the precons (every deck plays each
/// agent from each seat equally, the same shuffles with the agents swapped), the search wins
/// clearly more than half its games against greedy play, and greedy play nearly all against
/// random play: the lower end of each 95% Wilson interval is above the floor. docs/agents.md
/// has the figures of larger runs.
#[test]
#[ignore = "agent strength, minutes: cargo test --release --test agents -- --ignored"]
fn search_beats_greedy_and_greedy_beats_random_by_clear_margins() {
    for (agents, games, floor) in [("mcts:32,greedy", "156", 0.55), ("greedy,random", "260", 0.95)] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_riftbound"))
            .args(["sim", "--agents", agents, "--games", games, "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let first = &report["agent_results"][0];
        let (wins, played) = (first["wins"].as_u64().unwrap(), first["played"].as_u64().unwrap());
        let (low, high) = riftbound::cli::stats::wilson(wins, played).unwrap();
        assert!(low > floor, "{agents}: {wins} of {played}, 95% interval {low:.3}-{high:.3}, not above {floor}");
        assert_eq!(report["errors"].as_array().map(Vec::len), Some(0), "{agents}: games stopped by an error");
    }
}

/// 157.2 / 354: the greedy player never turns runes into Power it has nothing to spend on: in
/// an open action decision where using a rune's ability is offered (`AddResources`), it plays,
/// moves or ends the turn instead; its runes are used only while paying a cost.
#[test]
fn greedy_never_adds_resources_outside_paying() {
    let mut offered = 0;
    for seed in 0..6 {
        let (g, d) = midgame(seed);
        if d.options.contains(&Choice::AddResources) {
            offered += 1;
            let pick = GreedyAgent::new(seed).choose(&g, &d);
            assert_ne!(d.options[pick], Choice::AddResources, "seed {seed}");
        }
    }
    assert!(offered > 0, "no decision offered the runes' abilities");
}
