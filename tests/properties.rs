//! Property tests: combat damage assignment (439.1.d) and the play-undo guarantee (355.3), over
//! random boards and random choices.

use proptest::prelude::*;
use riftbound::agents::RandomAgent;
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::{Game, Loc};

mod common;
use common::board::{P1, P2, ZAUN_BFS};
use common::db;

const UNITS: [(&str, u32); 5] = [
    ("Shipyard Skulker", 3),
    ("Vanguard Sergeant", 4),
    ("Playful Phantom", 5),
    ("Mega-Mech", 8),
    ("Mountain Drake", 10),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// 439.1.d: every point is assigned; lethal damage goes in full to one unit before the next
    /// (at most one unit is partly damaged); no unit gets more than lethal while another lacks
    /// it; Tank units have lethal before any other unit gets damage.
    #[test]
    fn r439_1_d_assignment_invariants(
        picks in prop::collection::vec((0usize..5, any::<bool>(), 0u32..3), 1..6),
        amount in 0u32..40,
        seed in any::<u64>(),
    ) {
        let mut g = Game::blank(db(), &ZAUN_BFS, 1).unwrap();
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        let mut targets = Vec::new();
        let mut lethal = Vec::new();
        let mut tanks = Vec::new();
        for (i, is_tank, damage) in picks {
            let (name, might) = UNITS[i];
            let u = g.put_at(name, P2, Loc::Battlefield(0)).unwrap();
            g.obj_mut(u).damage = damage;
            if is_tank {
                g.add_effect(None, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Tank, 0), Duration::Indefinite);
                tanks.push(u);
            }
            targets.push(u);
            lethal.push(might.saturating_sub(damage).max(1));
        }
        let out = g.assign_combat_damage(P1, amount, &targets).unwrap();
        let got = |u| out.iter().find(|(x, _)| *x == u).map_or(0, |(_, n)| *n);
        let total: u32 = out.iter().map(|(_, n)| n).sum();
        prop_assert_eq!(total, amount);
        let partial = targets.iter().zip(&lethal).filter(|(u, l)| got(**u) > 0 && got(**u) < **l).count();
        prop_assert!(partial <= 1);
        let over = targets.iter().zip(&lethal).any(|(u, l)| got(*u) > *l);
        let all_lethal = targets.iter().zip(&lethal).all(|(u, l)| got(*u) >= *l);
        prop_assert!(!over || all_lethal);
        let non_tank_hit = targets.iter().any(|u| !tanks.contains(u) && got(*u) > 0);
        if non_tank_hit {
            for (u, l) in targets.iter().zip(&lethal) {
                if tanks.contains(u) {
                    prop_assert!(got(*u) >= *l);
                }
            }
        }
    }

    /// 355.3: a play that fails its legality check leaves the game exactly as before.
    #[test]
    fn r355_3_failed_play_changes_nothing(seed in any::<u64>()) {
        let mut g = Game::blank(db(), &ZAUN_BFS, seed).unwrap();
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        let card = g.put("Mega-Mech", P1, riftbound::riftbound::Zone::Hand).unwrap();
        // Only two runes: Mega-Mech (7 energy) can't be paid.
        g.put_runes("Mind Rune", P1, 2).unwrap();
        let before_objs = g.objs.len();
        let hand = g.player(P1).hand.clone();
        let done = g.play_card(P1, card, Default::default()).unwrap();
        prop_assert!(!done);
        prop_assert_eq!(g.objs.len(), before_objs);
        prop_assert_eq!(&g.player(P1).hand, &hand);
        prop_assert!(g.chain.is_empty());
        prop_assert!(g.player(P1).runes.iter().all(|r| !g.obj(*r).exhausted));
        prop_assert!(g.player(P1).pool.is_empty());
    }
}
