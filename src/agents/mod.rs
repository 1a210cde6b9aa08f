//! In-process agents for simulation: [`RandomAgent`] picks uniformly among the legal options;
//! [`GreedyAgent`] follows simple, fast rules of thumb.

mod search;
pub use search::{Rollout, SearchAgent};

use crate::kernel::{GameRng, ObjId};
use crate::riftbound::abilities::Intent;
use crate::riftbound::state::{Loc, Zone};
use crate::riftbound::{Agent, Ask, CardType, Choice, Decision, Game};
use std::cell::{Cell, OnceCell};

pub use crate::kernel::decision::RandomAgent;

/// A simple greedy player: plays the card worth most that it can (its cost, and a unit's Might:
/// [`worth`]), discards and recycles the cards worth least, sends ready units to the
/// battlefield it can take most cheaply, keeps cheap hands, and assigns damage to kill the
/// biggest units it can, pays "any amount" instructions in full. Never wastes resources on Add
/// abilities outside paying. Aims what harms at the opponents' biggest and what helps at its
/// own: it harms its own side only when the spell or ability must choose and nothing else can be
/// chosen, and helps an opponent likewise.
pub struct GreedyAgent {
    rng: GameRng,
}

impl GreedyAgent {
    pub fn new(seed: u64) -> Self {
        GreedyAgent { rng: GameRng::new(seed) }
    }

    /// `movers`: the units `me` could move with a standard move and their Might, found at the
    /// first destination scored and shared by the others of the decision.
    fn score(&self, game: &Game, d: &Decision, c: &Choice, movers: &Movers) -> i64 {
        let me = d.player;
        match (&d.ask, c) {
            (Ask::Mulligan, Choice::Obj(card)) => {
                // Set aside expensive cards.
                if game.card(*card).energy >= 6 { 10 } else { -10 }
            }
            (Ask::Mulligan, Choice::Done) => 0,
            (Ask::Action, Choice::Play(card)) => {
                100 + worth(game, *card) + if game.card(*card).kind == CardType::Unit { 5 } else { 0 }
            }
            // 409 / 403.6: what it discards or recycles from its own hand, it loses: the least.
            (Ask::ChooseCard, Choice::Obj(card)) if game.obj(*card).zone == Zone::Hand => -worth(game, *card),
            (Ask::Action, Choice::StandardMove(Loc::Battlefield(b))) => {
                let bf = &game.battlefields[*b];
                if bf.controller == Some(me) {
                    return -5;
                }
                let dest = Loc::Battlefield(*b);
                let movers =
                    movers.get_or_init(|| game.standard_movers(me).into_iter().map(|u| (u, Cell::new(None))).collect());
                // A mover's Might is asked once, when a destination it can reach is scored.
                let mine: i32 = movers
                    .iter()
                    .filter(|(u, _)| game.may_standard_move_to(me, *u, dest))
                    .map(|(u, might)| {
                        let m = might.get().unwrap_or_else(|| game.might(*u));
                        might.set(Some(m));
                        m
                    })
                    .sum();
                debug_assert_eq!(mine, game.standard_move_units(me, dest).iter().map(|u| game.might(*u)).sum::<i32>());
                let theirs: i32 =
                    game.units_iter(dest).filter(|u| game.controller(*u) != me).map(|u| game.might(u)).sum();
                if mine > theirs { 50 + (mine - theirs) as i64 } else { -20 }
            }
            (Ask::Action, Choice::StandardMove(Loc::Base(_))) => -30,
            (Ask::Action, Choice::AddResources) => -100,
            (Ask::Action, Choice::Pass | Choice::EndTurn) => 0,
            (Ask::PlayLocation, Choice::Loc(Loc::Battlefield(_))) => 5,
            (Ask::MoveUnits, Choice::Obj(u)) => game.might(*u) as i64,
            (Ask::MoveUnits, Choice::Done) => -1,
            (Ask::AssignDamage, Choice::Obj(u)) => game.might(*u) as i64,
            (Ask::Target, Choice::Obj(o)) => {
                let worth = if game.card(*o).kind == CardType::Unit {
                    game.might(*o).max(0) as i64
                } else {
                    game.card(*o).energy as i64
                };
                let mine = game.controller(*o) == me;
                match (game.target_intent(), mine) {
                    (Intent::Harm, false) | (Intent::Help, true) => 100 + worth,
                    (Intent::Harm, true) | (Intent::Help, false) => -100 - worth,
                    (Intent::Neutral, _) => 0,
                }
            }
            (Ask::BurnOutOpponent, _) => 0,
            (Ask::OptionalCost | Ask::TriggerCost, Choice::Yes) => 1,
            // 352.10.c.1: "Pay any amount of [A] to deal that much damage", "spend any number of
            // buffs ... for each buff spent": the instruction does more for each payment, so
            // the greedy player pays as much as it can (it played the card for that).
            (Ask::PayAmount, Choice::Amount(n)) => *n as i64,
            _ => 0,
        }
    }
}

/// The units a player could move with a standard move (141), each with its Might once asked.
type Movers = OnceCell<Vec<(ObjId, Cell<Option<i32>>)>>;

/// What a card in hand is worth to the greedy player: its Energy cost, and for a unit its Might
/// as well (a cheap unit with a big body is worth as much as an expensive one), in tenths.
fn worth(game: &Game, card: ObjId) -> i64 {
    let def = game.card(card);
    let body = if def.kind == CardType::Unit { def.might.max(0) as i64 * 10 } else { 0 };
    def.energy as i64 * 10 + body
}

impl GreedyAgent {
    /// How much the greedy player likes each option of `d` (it takes one of the highest).
    pub(crate) fn scores(&self, game: &Game, d: &Decision) -> Vec<i64> {
        let movers = Movers::new();
        d.options.iter().map(|c| self.score(game, d, c, &movers)).collect()
    }
}

impl Agent<Game> for GreedyAgent {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        let scores = self.scores(game, d);
        let best = *scores.iter().max().unwrap();
        // The n-th of the best options, n drawn among their number.
        let n = self.rng.below(scores.iter().filter(|s| **s == best).count());
        scores.iter().enumerate().filter(|(_, s)| **s == best).nth(n).expect("n below the ties").0
    }
}

/// Agent kinds by name, for the command line: `random`, `greedy`, or `mcts:N` (the search agent
/// with N playouts a decision, greedy rollouts; `mcts` alone: 64), `mcts:N:random` for random
/// rollouts.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Agent<Game>>> {
    let mut parts = name.split(':');
    let agent: Box<dyn Agent<Game>> = match (parts.next()?, parts.next(), parts.next()) {
        ("random", None, _) => Box::new(RandomAgent::new(seed)),
        ("greedy", None, _) => Box::new(GreedyAgent::new(seed)),
        ("mcts", n, rollout) => {
            let playouts = match n {
                None => 64,
                Some(n) => n.parse().ok().filter(|n| *n > 0)?,
            };
            let rollout = match rollout {
                None | Some("greedy") => Rollout::Greedy,
                Some("random") => Rollout::Random,
                Some(_) => return None,
            };
            Box::new(SearchAgent::with_rollout(playouts, rollout, seed))
        }
        _ => return None,
    };
    parts.next().is_none().then_some(agent)
}

/// What a scripted agent was asked: each decision's kind and options, in order.
type AskLog = std::sync::Arc<std::sync::Mutex<Vec<(Ask, Vec<Choice>)>>>;

/// Answers with choices given in advance, in order; for tests and scenarios. Each queued choice
/// must be one of the options of the decision it answers, or the agent panics with both listed
/// (a failing test names the decision it did not expect). A `passing` agent instead passes
/// priority when its next queued answer is not an option of a priority decision. Every decision
/// asked is recorded (`asked`).
#[derive(Clone, Default)]
pub struct Scripted {
    queue: std::sync::Arc<std::sync::Mutex<std::collections::VecDeque<Choice>>>,
    log: AskLog,
    passing: bool,
}

impl Scripted {
    pub fn new() -> Self {
        Self::default()
    }
    /// An agent that passes priority whenever nothing it was given answers a priority decision.
    pub fn passing() -> Self {
        Scripted { passing: true, ..Self::default() }
    }
    /// Queues the next answer.
    pub fn push(&self, c: Choice) {
        self.queue.lock().unwrap().push_back(c);
    }
    /// How many queued answers are left.
    pub fn remaining(&self) -> usize {
        self.queue.lock().unwrap().len()
    }
    /// What every decision the agent was asked was about, in order.
    pub fn asks(&self) -> Vec<Ask> {
        self.log.lock().unwrap().iter().map(|(a, _)| a.clone()).collect()
    }
    /// The options of every decision of this kind the agent was asked, in order.
    pub fn asked(&self, ask: Ask) -> Vec<Vec<Choice>> {
        self.log.lock().unwrap().iter().filter(|(a, _)| *a == ask).map(|(_, o)| o.clone()).collect()
    }
}

impl Agent<Game> for Scripted {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        self.log.lock().unwrap().push((d.ask.clone(), d.options.clone()));
        let head = self.queue.lock().unwrap().front().cloned();
        if let Some(i) = head.as_ref().and_then(|want| d.options.iter().position(|c| c == want)) {
            self.queue.lock().unwrap().pop_front();
            return i;
        }
        if self.passing
            && d.ask == Ask::Action
            && let Some(i) = d.options.iter().position(|c| *c == Choice::Pass)
        {
            return i;
        }
        let options: Vec<String> = d.options.iter().map(|c| game.describe_choice(c)).collect();
        match head {
            None => panic!("no scripted answer for {} {:?}; options: {options:?}", d.player, d.ask),
            Some(want) => panic!("scripted answer {want:?} is not an option of {} {:?}: {options:?}", d.player, d.ask),
        }
    }
}

#[cfg(test)]
mod tests {
    /// The names `sim --agents` takes; a search's budget is at least one playout.
    #[test]
    fn agents_by_name() {
        for name in ["random", "greedy", "mcts", "mcts:8", "mcts:8:greedy", "mcts:8:random"] {
            assert!(super::by_name(name, 0).is_some(), "{name}");
        }
        for name in ["clever", "mcts:0", "mcts:x", "mcts:8:clever", "mcts:8:random:2", "greedy:8", "random:"] {
            assert!(super::by_name(name, 0).is_none(), "{name}");
        }
    }
}
