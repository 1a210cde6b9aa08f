//! Decisions: the engine asks, it never blocks.
//!
//! Every player choice is a decision with an enumerable list of legal options; the answer is an
//! index into that list. Kernel code calls the game's `decide`, which takes the next answer from
//! the queued [`Answers`] (a replay or a resumed session), else asks an in-process agent, else
//! stops with [`Stop::NeedDecision`] so a [`crate::kernel::session::Session`] can hand the
//! decision to someone outside the process and resume later.

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
