//! Focus in whole games: 200 seeded games between the default precons (the casual Duel, game `i`
//! on pairing `i mod 78`, random and greedy agents), each showdown and combat followed through
//! the event log (`ShowdownBegan`, `FocusPassed`, `ShowdownEnded`) and the state between steps:
//!
//! - 341 / 438.1.a.1.a: the player who gains focus as a showdown begins is the player contesting
//!   the battlefield, in a combat the attacker;
//! - 343 / 344.4: focus moves only from the player who holds it, and only when they pass or when
//!   a chain ends that began while they held focus: a player who did nothing while holding focus
//!   never loses it to a chain, so no player gets focus twice in a row without the other
//!   passing (or acting);
//! - 344.3.a / 345: a showdown ends only when every player has passed in sequence.

use riftbound::agents::{GreedyAgent, RandomAgent};
use riftbound::cli::{DEFAULT_DECKS, pairings, pick_decks};
use riftbound::kernel::PlayerId;
use riftbound::kernel::rng::derive_seed;
use riftbound::riftbound::Bf;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::{Deck, Game, Mode};

mod common;
use common::cards_db;

const SEED: u64 = 0xF0C5;
const GAMES: u64 = 200;

/// What one game showed: how many showdowns (and combats among them) began, how many times focus
/// passed after a chain, and every breach of the rules above.
#[derive(Default)]
struct Seen {
    showdowns: u32,
    combats: u32,
    chain_passes: u32,
    faults: Vec<String>,
}

/// The showdown being followed: who holds focus, whether they acted (played, activated, added)
/// since they gained it, and how many players have passed in a row.
struct Focus {
    battlefield: Bf,
    holder: PlayerId,
    acted: bool,
    passes: usize,
}

fn play(decks: &[Deck; 2], seed: u64, greedy: bool) -> Seen {
    let mut g = Game::with_mode(cards_db(), decks, seed, Mode::casual_duel(), false).unwrap();
    let second: Box<dyn riftbound::riftbound::Agent<Game>> =
        if greedy { Box::new(GreedyAgent::new(seed ^ 1)) } else { Box::new(RandomAgent::new(seed ^ 1)) };
    g.set_agents(vec![Box::new(RandomAgent::new(seed)), second]);
    let mut seen = Seen::default();
    let mut focus: Option<Focus> = None;
    let mut read = 0;
    loop {
        // In a showdown's open state the step about to run is the focus holder's action (344).
        let turn = (g.showdown.is_some() && g.chain.is_empty()).then(|| g.showdown.as_ref().unwrap().focus);
        let over = g.step().unwrap_or_else(|e| panic!("seed {seed}: stopped with {e:?}"));
        let new: Vec<Event> = g.events[read..].to_vec();
        read = g.events.len();
        let passed =
            new.iter().any(|e| matches!(e, Event::FocusPassed { chain: false, .. } | Event::ShowdownEnded { .. }));
        if let (Some(p), Some(f)) = (turn, focus.as_mut()) {
            if p != f.holder {
                seen.faults.push(format!("turn {}: {p} acted in the showdown while {} had focus", g.turn, f.holder));
            }
            if !passed {
                f.acted = true;
                f.passes = 0;
            }
        }
        for e in new {
            let fault = |seen: &mut Seen, what: String| seen.faults.push(format!("turn {}: {what}", g.turn));
            match e {
                Event::ShowdownBegan { battlefield, focus: first, combat } => {
                    seen.showdowns += 1;
                    seen.combats += u32::from(combat);
                    if let Some(f) = &focus {
                        fault(&mut seen, format!("a showdown began while the one at {} was going on", f.battlefield));
                    }
                    // 341 / 438.1.a.1.a: the contesting player (the attacker) gains focus.
                    let contester = g.battlefields[battlefield].contested_by;
                    if let Some(sd) = g.showdown.as_ref().filter(|sd| sd.battlefield == battlefield) {
                        let attacker = sd.combat.map(|c| c.attacker);
                        if contester != Some(first) || (combat && attacker != Some(first)) {
                            fault(
                                &mut seen,
                                format!(
                                    "{first} gained focus as the showdown at {battlefield} began, but {contester:?} \
                                     contests it (attacker {attacker:?})"
                                ),
                            );
                        }
                    }
                    focus = Some(Focus { battlefield, holder: first, acted: false, passes: 0 });
                }
                Event::FocusPassed { from, to, chain } => {
                    let Some(f) = focus.as_mut() else {
                        fault(&mut seen, format!("focus passed from {from} to {to} outside a showdown"));
                        continue;
                    };
                    if from != f.holder {
                        fault(&mut seen, format!("focus passed from {from}, but {} held it", f.holder));
                    }
                    if from == to {
                        fault(&mut seen, format!("focus passed from {from} to themselves"));
                    }
                    if chain {
                        // 343: only a chain that began while `from` held focus passes it on.
                        seen.chain_passes += 1;
                        if !f.acted {
                            fault(
                                &mut seen,
                                format!(
                                    "a chain's end passed focus from {from} to {to}, but {from} had not acted since \
                                     gaining focus: {to} gets focus twice in a row without {from} passing"
                                ),
                            );
                        }
                        f.passes = 0;
                    } else {
                        // 344.4: `from` passed.
                        if turn != Some(from) {
                            fault(&mut seen, format!("focus passed from {from} without {from} passing"));
                        }
                        f.passes += 1;
                    }
                    f.holder = to;
                    f.acted = false;
                }
                Event::ShowdownEnded { battlefield } => {
                    match &focus {
                        // 344.3.a: this pass completes a sequence in which every player passed.
                        Some(f) if f.battlefield == battlefield && f.passes + 1 >= g.players.len() => {}
                        Some(f) => fault(
                            &mut seen,
                            format!(
                                "the showdown at {battlefield} ended after {} pass(es) in a row (battlefield {})",
                                f.passes + 1,
                                f.battlefield
                            ),
                        ),
                        None => fault(&mut seen, format!("the showdown at {battlefield} ended without beginning")),
                    }
                    focus = None;
                }
                _ => {}
            }
        }
        if over {
            break;
        }
    }
    seen
}

#[test]
fn r341_r343_focus_in_200_precon_games() {
    let decks = pick_decks(&cards_db(), &DEFAULT_DECKS.map(String::from)).unwrap();
    let pairs = pairings(decks.len());
    let (mut showdowns, mut combats, mut chain_passes) = (0, 0, 0);
    let mut faults = Vec::new();
    for i in 0..GAMES {
        let [a, b] = pairs[(i % pairs.len() as u64) as usize];
        let seats = [decks[a].clone(), decks[b].clone()];
        let seed = derive_seed(SEED, i);
        let seen = play(&seats, seed, i % 2 == 1);
        showdowns += seen.showdowns;
        combats += seen.combats;
        chain_passes += seen.chain_passes;
        faults.extend(
            seen.faults
                .into_iter()
                .map(|f| format!("game {i} ({} vs {}, seed {seed}): {f}", seats[0].name, seats[1].name)),
        );
    }
    println!(
        "{GAMES} games: {showdowns} showdowns, {combats} of them combats; focus passed after {chain_passes} chains"
    );
    assert!(faults.is_empty(), "{} focus fault(s):\n{}", faults.len(), faults.join("\n"));
    // The games must exercise what is checked (today: 1,066 showdowns, 306 combats, 179 passes
    // after a chain).
    assert!(showdowns >= 500 && combats >= 150 && chain_passes >= 50, "{showdowns} {combats} {chain_passes}");
}
