//! The resumable path: a [`Session`] drives a game for a caller outside the process (a terminal,
//! a web page, a network peer) that answers decisions one at a time, at its own pace.
//!
//! It keeps a checkpoint (a clone of the game at the last quiescent point) and the answers given
//! since. When the game needs an answer nobody has given yet, the step stops, the session keeps
//! the decision, and the partial step is thrown away; when the answer arrives, the session
//! replays from the checkpoint with the longer log. This is exact because the game is
//! deterministic: same seed and same answers give the same game.

use super::decision::{Answers, Stop};

/// A game the session can drive.
pub trait Resumable: Clone {
    type Decision: Clone;
    /// Runs from one quiescent point to the next. `Ok(true)` when the game is over.
    fn step(&mut self) -> Result<bool, Stop<Self::Decision>>;
    fn answers_mut(&mut self) -> &mut Answers;
    /// How many options a decision offers (to validate answers before replaying).
    fn option_count(d: &Self::Decision) -> usize;
}

#[derive(Debug, PartialEq, Eq)]
pub enum SessionError {
    NoPendingDecision,
    OutOfRange { answer: usize, options: usize },
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::NoPendingDecision => write!(f, "no decision is pending"),
            SessionError::OutOfRange { answer, options } => {
                write!(f, "answer {answer} is not one of the {options} options")
            }
        }
    }
}

pub struct Session<G: Resumable> {
    checkpoint: G,
    since: Vec<usize>,
    current: G,
    pending: Option<G::Decision>,
    over: bool,
    error: Option<String>,
}

impl<G: Resumable> Session<G> {
    /// Starts driving `game` (which should have no in-process agents) up to its first decision.
    pub fn new(game: G) -> Self {
        let mut s = Session {
            checkpoint: game.clone(),
            since: Vec::new(),
            current: game,
            pending: None,
            over: false,
            error: None,
        };
        s.run();
        s
    }

    /// The decision waiting for an answer, if any.
    pub fn pending(&self) -> Option<&G::Decision> {
        self.pending.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The script error that stopped the game, if one did.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The game as far as it has run (mid-step if a decision is pending).
    pub fn game(&self) -> &G {
        &self.current
    }

    /// Mutable access for actions outside the decision flow (conceding). The change is kept:
    /// the session re-checkpoints from the current state.
    pub fn with_game<T>(&mut self, f: impl FnOnce(&mut G) -> T) -> T {
        let out = f(&mut self.current);
        self.current.answers_mut().log.clear();
        self.current.answers_mut().cursor = 0;
        self.checkpoint = self.current.clone();
        self.since.clear();
        self.pending = None;
        self.run();
        out
    }

    /// Answers the pending decision and runs to the next one.
    pub fn answer(&mut self, answer: usize) -> Result<(), SessionError> {
        let d = self.pending.as_ref().ok_or(SessionError::NoPendingDecision)?;
        let options = G::option_count(d);
        if answer >= options {
            return Err(SessionError::OutOfRange { answer, options });
        }
        self.since.push(answer);
        self.pending = None;
        self.current = self.checkpoint.clone();
        self.current.answers_mut().log = self.since.clone();
        self.current.answers_mut().cursor = 0;
        self.run();
        Ok(())
    }

    fn run(&mut self) {
        loop {
            if self.current.answers_mut().drained() {
                // Quiescent and every answer consumed: move the checkpoint here.
                self.current.answers_mut().log.clear();
                self.current.answers_mut().cursor = 0;
                self.checkpoint = self.current.clone();
                self.since.clear();
            }
            match self.current.step() {
                Ok(true) => {
                    self.over = true;
                    return;
                }
                Ok(false) => {}
                Err(Stop::NeedDecision(d)) => {
                    self.pending = Some(d);
                    return;
                }
                Err(Stop::BadAnswer { .. }) => {
                    unreachable!("session answers are validated before replay")
                }
                Err(Stop::ScriptError(e)) => {
                    self.error = Some(e);
                    self.over = true;
                    return;
                }
            }
        }
    }
}
