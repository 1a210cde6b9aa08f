//! Random agents over many seeds: every game finishes (a win or the reported turn cap) without a
//! panic, and the board stays consistent.

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::riftbound::{CardDb, Deck, Game, Outcome, Zone};
use std::sync::Arc;

/// Zone lists and object records agree, and no card is lost or duplicated.
fn check_consistency(g: &Game) {
    let mut seen = std::collections::HashSet::new();
    for (i, pl) in g.players.iter().enumerate() {
        let lists = [&pl.main_deck, &pl.rune_deck, &pl.hand, &pl.trash, &pl.banishment, &pl.base, &pl.runes];
        for list in lists {
            for id in list.iter() {
                assert!(g.obj(*id).alive, "dead object {id} listed for P{}", i + 1);
                assert!(seen.insert(*id), "{id} listed twice");
            }
        }
    }
    for bf in &g.battlefields {
        for id in &bf.units {
            assert!(matches!(g.obj(*id).zone, Zone::Battlefield(_)));
            assert!(seen.insert(*id));
        }
        if let Some(f) = bf.facedown {
            assert!(matches!(g.obj(f).zone, Zone::Facedown(_)));
            assert!(seen.insert(f));
        }
    }
    let alive = g
        .objs
        .iter()
        .filter(|o| {
            o.alive && !matches!(o.zone, Zone::Gone | Zone::BattlefieldZone | Zone::LegendZone | Zone::ChampionZone)
        })
        .count();
    assert_eq!(alive, seen.len(), "every live card is in exactly one zone list");
}

#[test]
fn random_games_seeds_0_to_999_finish() {
    let db = Arc::new(CardDb::embedded());
    let decks = Deck::embedded(&db);
    let legal: Vec<Deck> = decks.into_iter().map(|(_, d)| d).filter(|d| d.validate(&db, 3).is_empty()).collect();
    assert!(legal.len() >= 2);
    let mut wins = 0;
    for seed in 0..1000u64 {
        let a = &legal[(seed as usize) % legal.len()];
        let b = &legal[(seed as usize / legal.len() + 1 + seed as usize) % legal.len()];
        let mut g = Game::new(db.clone(), &[a.clone(), b.clone()], seed).unwrap();
        if seed % 2 == 0 {
            g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        } else {
            g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(GreedyAgent::new(seed + 1))]);
        }
        let outcome = g.run().unwrap_or_else(|e| panic!("seed {seed}: stopped with {e:?}"));
        if matches!(outcome, Outcome::Won { .. }) {
            wins += 1;
        }
        check_consistency(&g);
    }
    assert!(wins > 900, "only {wins} of 1000 games had a winner");
}
