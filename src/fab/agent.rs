//! Players for whole games: the kernel's [`RandomAgent`] (any legal option, seeded) and
//! [`GreedyAgent`], which follows rules of thumb: attack with the most power it can pay for,
//! pitch the cards worth least, keep go again chains going, defend when the damage would be
//! lethal or large.

use super::cards::{CardType, Keyword};
use super::state::{Action, Ask, Game, LinkStep};
use super::zones::Zone;
use crate::kernel::decision::{Agent, DecisionOf};
use crate::kernel::{ObjId, PlayerId};

pub use crate::kernel::decision::RandomAgent;

/// Agents by name, for the command line: `random` or `greedy`.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Agent<Game>>> {
    match name {
        "random" => Some(Box::new(RandomAgent::new(seed))),
        "greedy" => Some(Box::new(GreedyAgent)),
        _ => None,
    }
}

/// A deterministic rules-of-thumb player (no randomness: ties go to the first option).
pub struct GreedyAgent;

/// What a card in hand is worth to keep: about the damage it adds as an attack (power) or
/// prevents as a defender; a card with go again is worth one more, as it is the start of a chain.
fn worth(g: &Game, c: ObjId) -> i32 {
    let card = &g.obj(c).card;
    let body = i32::from(card.power.unwrap_or(0)).max(i32::from(card.defense.unwrap_or(0)));
    body + i32::from(card.has(Keyword::GoAgain)) + 1
}

/// The pitch's cost to the player: the worth of the cards pitched, and resources left over
/// unused count a little against (15.5.3: they stay in the pool for this phase only).
fn pitch_cost(g: &Game, pitch: &[ObjId]) -> i32 {
    pitch.iter().map(|&c| worth(g, c) - 2 * i32::from(g.obj(c).card.pitch)).sum::<i32>()
        + 2 * pitch.iter().map(|&c| i32::from(g.obj(c).card.pitch)).sum::<i32>() / 3
}

impl GreedyAgent {
    /// The score of a priority option for player `p`; passing scores 0.
    fn priority(g: &Game, p: PlayerId, a: &Action) -> i32 {
        let me = g.player(p);
        let attacks_left = me.hand.iter().chain(&me.arsenal).filter(|&&c| g.obj(c).card.attack).count() as i32;
        match a {
            Action::Pass => 0,
            Action::WeaponAttack { weapon, pitch } => {
                let power = i32::from(g.obj(*weapon).card.power.unwrap_or(0));
                10 * power - pitch_cost(g, pitch)
            }
            // An activated ability: worth what it adds to an attack still to come, and go again,
            // against the equipment it destroys; a defending card's defense while the attack
            // would hit, against the card it discards; a resource point alone is no better than
            // pitching.
            Action::Activate { card, ability, pitch, discard } => {
                let a = &g.obj(*card).card.activated[usize::from(*ability)];
                let weapon_ready = me.weapons.iter().any(|w| !g.obj(*w).used_this_turn);
                let hit = g.current_link().is_some_and(|l| g.link_power(l) > g.link_defense(l));
                let gain: i32 = a
                    .effects
                    .iter()
                    .map(|e| match e {
                        super::Effect::AttacksGainThisTurn(_, n) if weapon_ready => i32::from(*n),
                        super::Effect::SourceGains { defense, .. } if hit => i32::from(*defense),
                        _ => 0,
                    })
                    .sum();
                let discarded = discard.map_or(0, |d| worth(g, d) / 3);
                let value = gain + i32::from(a.go_again) - i32::from(a.destroy_self) - discarded;
                if value <= 0 { -1 } else { 10 * value - pitch_cost(g, pitch) }
            }
            Action::Play { card, pitch } => {
                let c = &g.obj(*card).card;
                let go_again = c.has(Keyword::GoAgain);
                let gain: i32 = c
                    .effects
                    .iter()
                    .map(|e| match e {
                        // 23.1: a card that targets an attack is worth playing on the current
                        // chain link's attack only (an attack that has resolved gains nothing
                        // that counts).
                        e @ super::Effect::Gains { .. }
                            if e.targets().is_some_and(|k| {
                                !g.current_link().is_some_and(|l| k.matches(&g.obj(l.attack).card, l.weapon))
                            }) =>
                        {
                            -20
                        }
                        // An attack gaining power (now or next), and go again while attacks are left.
                        super::Effect::Gains { power, go_again, .. } => {
                            i32::from(*power) + 2 * i32::from(*go_again && attacks_left > 0)
                        }
                        super::Effect::GainLife(n) => i32::from(*n) / 2,
                        super::Effect::GainResource(n) => i32::from(*n) - 1,
                        super::Effect::DealDamage(n) => i32::from(*n),
                        // Intimidate, and any effect the card language adds: worth a little.
                        _ => 2,
                    })
                    .sum();
                let link = g.current_link();
                let mine = link.is_some_and(|l| l.attacker == p);
                let value = match c.card_type {
                    // An attack: its power, and a chain to follow if it has go again.
                    CardType::Action if c.attack => {
                        i32::from(c.power.unwrap_or(0)) + gain + 2 * i32::from(go_again && attacks_left > 1)
                    }
                    // A non-attack action is worth it when it keeps the turn going.
                    CardType::Action => gain + if go_again { 1 } else { -2 },
                    // Attack reactions help our own attack in its reaction step.
                    CardType::AttackReaction => {
                        if mine && link.is_some_and(|l| l.step == LinkStep::Reaction) {
                            gain
                        } else {
                            -1
                        }
                    }
                    // A defense reaction when the hit would hurt (see `defend`).
                    CardType::DefenseReaction => match link {
                        Some(l) if !mine && l.step == LinkStep::Reaction => {
                            let left = g.link_power(l) as i32 - g.link_defense(l) as i32;
                            let d = i32::from(c.defense.unwrap_or(0));
                            if left >= me.life || left >= 5 { d.min(left) } else { -1 }
                        }
                        _ => -1,
                    },
                    CardType::Instant => gain - 1,
                    _ => -1,
                };
                if value <= 0 {
                    return -1;
                }
                10 * value - pitch_cost(g, pitch)
            }
            _ => 0,
        }
    }

    /// 20.5.2: the defending cards scored: damage prevented, against the worth of the cards
    /// used; letting lethal damage through is never chosen when a defense prevents it.
    fn defend(g: &Game, p: PlayerId, cards: &[ObjId]) -> i32 {
        let Some(link) = g.current_link() else { return 0 };
        let power = g.link_power(link) as i32;
        let defense: i32 = cards.iter().map(|&c| g.defense(c).unwrap_or(0) as i32).sum();
        let prevented = defense.min(power);
        let taken = power - prevented;
        let cost: i32 = cards
            .iter()
            .map(|&c| {
                let o = g.obj(c);
                match o.zone {
                    // Equipment is cheap to block with unless it breaks (blade break).
                    Zone::Equipment => 1 + if o.card.has(Keyword::BladeBreak) { 2 } else { 0 },
                    _ => worth(g, c).min(4),
                }
            })
            .sum();
        let lethal = if taken >= g.player(p).life { -1000 } else { 0 };
        // Large hits are worth blocking: each point prevented beyond the first three counts.
        let big = if power >= 6 { prevented } else { prevented / 2 };
        lethal + 2 * big - 2 * cost + i32::from(cards.is_empty())
    }
}

impl Agent<Game> for GreedyAgent {
    fn choose(&mut self, g: &Game, d: &DecisionOf<Game>) -> usize {
        let p = d.player;
        let score = |a: &Action| -> i32 {
            match (&d.ask, a) {
                (Ask::FirstTurn, Action::GoFirst(first)) => i32::from(*first),
                (Ask::Priority, a) => GreedyAgent::priority(g, p, a),
                (Ask::Defend, Action::Defend(cards)) => GreedyAgent::defend(g, p, cards),
                // 20.8.3c: continue while an action point remains to attack again.
                (Ask::ContinueChain, Action::Continue) => i32::from(g.player(p).action_points > 0),
                // 13.3.3b: keep the strongest attack for next turn; a mentor works only from the
                // arsenal (Mentor, glossary), so it goes there first.
                (Ask::Arsenal, Action::Arsenal(Some(c))) => {
                    if g.obj(*c).card.card_type == CardType::Mentor {
                        100
                    } else {
                        worth(g, *c)
                    }
                }
                // 15.5.1b: an optional cost is worth paying from the pool or with a cheap pitch.
                (Ask::OptionalCost, Action::Pay(pitch)) => 8 - pitch_cost(g, pitch),
                // "you may": every permission of these cards helps its controller (a mentor face
                // up, another weapon attack), so it is used.
                (Ask::May, Action::May { take, .. }) => i32::from(*take),
                // 24.2: finding the card searched for beats failing to.
                (Ask::Search, Action::Find(found)) => i32::from(found.is_some()),
                // 23.1: the current chain link's attack, the newest.
                (Ask::Target, Action::Target(i)) => *i as i32,
                _ => 0,
            }
        };
        let mut best = (i32::MIN, 0);
        for (i, a) in d.options.iter().enumerate() {
            let s = score(a);
            if s > best.0 {
                best = (s, i);
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::kernel::{Ending, GameOutcome};

    fn play(seed: u64, a: &str, b: &str) -> (Game, u64) {
        let mut g = game_with(bruiser_loadout(), bruiser_loadout(), seed);
        g.trace.on = true;
        g.agents = vec![by_name(a, seed ^ 1), by_name(b, seed ^ 2)];
        let mut steps = 0;
        while !g.step().expect("agents answer every decision") {
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: the game does not end");
        }
        (g, steps)
    }

    #[test]
    fn random_games_end_with_a_winner_a_draw_or_the_turn_cap_and_replay() {
        let mut winners = 0;
        for seed in 0..40 {
            let (g, _) = play(seed, "random", "random");
            let o = g.outcome.clone().expect("over");
            assert!(o.by_rules() || o == Ending::TurnCap, "{o:?}");
            winners += usize::from(o.winner().is_some());
            // Life totals agree with the outcome (3.1).
            if let Some(w) = o.winner() {
                assert!(g.player(g.opponent(w)).life <= 0 && g.player(w).life > 0);
            }
        }
        assert!(winners >= 20, "random bruisers mostly finish each other off: {winners}/40");
        // The same seed gives the same game.
        let (a, sa) = play(5, "random", "greedy");
        let (b, sb) = play(5, "random", "greedy");
        assert_eq!(
            (sa, a.answers.log.clone(), a.trace.lines.clone()),
            (sb, b.answers.log.clone(), b.trace.lines.clone())
        );
    }

    /// Greedy against random over 200 fixed seeds, seats alternating: it wins by a clear margin.
    #[test]
    fn greedy_beats_random() {
        let mut greedy_wins = 0;
        let games = 200;
        for seed in 0..games {
            let greedy_seat = PlayerId((seed % 2) as u8);
            let (a, b) = if greedy_seat.0 == 0 { ("greedy", "random") } else { ("random", "greedy") };
            let (g, _) = play(seed, a, b);
            greedy_wins += usize::from(g.outcome.as_ref().and_then(|o| o.winner()) == Some(greedy_seat));
        }
        assert!(greedy_wins >= 150, "greedy won {greedy_wins} of {games}");
    }

    #[test]
    fn greedy_blocks_lethal_damage() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 3);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.player_mut(opp).life = 3;
        set_hand(&mut g, tp, vec![hit("Red Smash"), hit("Blue Smash").pitch(3)]);
        g.agents = vec![Some(Box::new(GreedyAgent)), Some(Box::new(GreedyAgent))];
        // Greedy attacks (4 power against 3 life); the defender must defend at least 2.
        for _ in 0..20 {
            if g.current_link().is_some_and(|l| l.declared) {
                break;
            }
            g.step().unwrap();
        }
        let link = g.current_link().unwrap();
        assert!(g.link_defense(link) as i32 >= 2, "blocked {:?}", link.defending);
    }

    /// The greedy agent destroys an equipment for "Your weapon attacks gain +1{p} this turn"
    /// only while its weapon can still attack this turn.
    #[test]
    fn greedy_activates_a_weapon_bonus_only_before_the_weapon_attacks() {
        use super::super::cards::{Activated, AttackKind, CardDef, Effect, Slot};
        let mut gold = CardDef::equipment("Gold", Slot::Arms, 1);
        let bonus = Effect::AttacksGainThisTurn(AttackKind::weapon(), 1);
        gold.activated =
            vec![Activated { destroy_self: true, effects: vec![bonus], go_again: true, ..Activated::action() }];
        let mut a = bruiser_loadout();
        a.equipment = vec![gold];
        let mut g = started(a.clone(), a, 1);
        let tp = g.turn_player;
        let card = g.player(tp).equipment.iter().copied().find(|e| g.name(*e) == "Gold").unwrap();
        let activate = Action::Activate { card, ability: 0, pitch: Vec::new(), discard: None };
        assert!(g.legal_actions(tp).contains(&activate));
        assert!(GreedyAgent::priority(&g, tp, &activate) > 0);
        let club = g.player(tp).weapons[0];
        g.obj_mut(club).used_this_turn = true;
        assert!(GreedyAgent::priority(&g, tp, &activate) < 0, "no weapon attack left this turn");
    }
}
