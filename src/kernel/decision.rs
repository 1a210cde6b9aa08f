//! Decisions: the engine asks, it never blocks.
//!
//! Every player choice is a decision with an enumerable list of legal options; the answer is an
//! index into that list. Rules code calls [`decide`], which takes the next answer from the queued
//! [`Answers`] (a replay or a resumed session), else asks the player's in-process [`Agent`], else
//! stops with [`Stop::NeedDecision`] (a [`crate::kernel::session::Session`] seats an agent that
//! hands the decision to someone outside the process and waits for the answer). A game plugs in through
//! [`Rules`]: its vocabulary of questions and options, and where it keeps answers and agents.

use super::PlayerId;
use serde::Serialize;

/// The seam between the kernel's decision loop and a game.
pub trait Rules: Sized {
    /// What a decision is about: tells an agent or a user interface how to read the options.
    type Ask: Clone + std::fmt::Debug + Send;
    /// One option of a decision.
    type Choice: Clone + std::fmt::Debug + Send;
    /// The answers given so far (a replay's queue, or the log agents append to).
    fn answers(&mut self) -> &mut Answers;
    /// The seat of `player`: its in-process agent, or `None` to ask through the session.
    fn seat(&mut self, player: PlayerId) -> Option<&mut Option<Box<dyn Agent<Self>>>>;
    /// A decision was answered with `choice` (to trace it, count it).
    fn decided(&mut self, player: PlayerId, ask: &Self::Ask, choice: &Self::Choice);
}

/// A question to one player with its legal answers.
#[derive(Clone, Debug, Serialize)]
pub struct Decision<A, C> {
    pub player: PlayerId,
    pub ask: A,
    pub options: Vec<C>,
}

/// The decision a game of rules `G` asks.
pub type DecisionOf<G> = Decision<<G as Rules>::Ask, <G as Rules>::Choice>;

/// An in-process decision maker (the fast path for simulation). `Send`, as the game that seats
/// it is: a [`crate::kernel::session::Session`] runs its game on a thread of its own.
pub trait Agent<G: Rules>: Send {
    /// Returns the index of the chosen option; `d.options` is never empty.
    fn choose(&mut self, game: &G, d: &DecisionOf<G>) -> usize;
}

/// Picks uniformly at random among the options, from its own seeded RNG (never the game's, so
/// a replay without the agent reproduces the game from the recorded answers). One agent for
/// every game on the kernel.
pub struct RandomAgent {
    rng: super::GameRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: super::GameRng::new(seed) }
    }
}

impl<G: Rules> Agent<G> for RandomAgent {
    fn choose(&mut self, _game: &G, d: &DecisionOf<G>) -> usize {
        self.rng.below(d.options.len())
    }
}

/// Asks `player` to choose among `options` (never empty). A single option is taken without
/// asking. The answer comes from the replay queue, else the player's agent, else the caller of
/// the session (by stopping with [`Stop::NeedDecision`]); an answer out of range stops with
/// [`Stop::BadAnswer`].
pub fn decide<G: Rules>(
    game: &mut G,
    player: PlayerId,
    ask: G::Ask,
    options: Vec<G::Choice>,
) -> Result<G::Choice, Stop<DecisionOf<G>>> {
    debug_assert!(!options.is_empty(), "decision {ask:?} with no options");
    if options.len() == 1 {
        return Ok(options.into_iter().next().expect("one option"));
    }
    let d = Decision { player, ask, options };
    let answer = if let Some(a) = game.answers().next_queued() {
        a
    } else if let Some(mut agent) = game.seat(player).and_then(Option::take) {
        let a = agent.choose(game, &d);
        if let Some(seat) = game.seat(player) {
            *seat = Some(agent);
        }
        game.answers().record(a);
        a
    } else {
        return Err(Stop::NeedDecision(d));
    };
    if answer >= d.options.len() {
        return Err(Stop::BadAnswer { answer, options: d.options.len() });
    }
    let Decision { ask, options, .. } = d;
    let choice = options.into_iter().nth(answer).expect("answer in range");
    game.decided(player, &ask, &choice);
    Ok(choice)
}

/// Why a game step stopped before reaching its next quiescent point.
#[derive(Clone, Debug)]
pub enum Stop<D> {
    /// No queued answer and no agent for the deciding player: report this decision.
    NeedDecision(D),
    /// An answer that is not one of the decision's options (out of range).
    BadAnswer { answer: usize, options: usize },
    /// A card's script failed or hit a limit; the message names the card and its line.
    ScriptError(String),
}

/// The log of answers given so far, and how far a replay has consumed it.
#[derive(Clone, Debug, Default)]
pub struct Answers {
    pub log: Vec<usize>,
    pub cursor: usize,
}

impl Answers {
    /// The next queued answer, if a replay still has one.
    pub fn next_queued(&mut self) -> Option<usize> {
        let a = self.log.get(self.cursor).copied()?;
        self.cursor += 1;
        Some(a)
    }

    /// Records an answer an agent gave now.
    pub fn record(&mut self, a: usize) {
        self.log.push(a);
        self.cursor = self.log.len();
    }

    /// True when every queued answer has been consumed.
    pub fn drained(&self) -> bool {
        self.cursor >= self.log.len()
    }
}
