//! The resumable path: a [`Session`] drives a game for a caller outside the process (a terminal,
//! a web page, a network peer) that answers decisions one at a time, at its own pace.
//!
//! The game runs on a thread of its own and waits, paused at the question, for each answer: a
//! step that asks n questions runs once, not n times from its start (replaying the answers
//! given so far on each new one cost O(n²) in the step's questions). Every seat without an
//! in-process agent gets one that hands the question (and a copy of the game as it stands) to
//! the session and waits for the caller's answer, so the game asks exactly what it asks an
//! agent, and the same seed and answers give the same game.

use super::PlayerId;
use super::decision::{Agent, DecisionOf, Rules, Stop};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// A game the session can drive.
pub trait Resumable: Rules + Clone + Send + 'static {
    /// Runs from one quiescent point to the next. `Ok(true)` when the game is over.
    fn step(&mut self) -> Result<bool, Stop<DecisionOf<Self>>>;
    /// Seats `agent(p)` for every player `p` who has no in-process agent.
    fn seat_empty(&mut self, agent: &mut dyn FnMut(PlayerId) -> Box<dyn Agent<Self>>);
    /// Forgets the answers given so far (the session's game starts a new log after a change
    /// made outside the decision flow).
    fn clear_answers(&mut self);
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

/// What the game's thread reports: the game as it stands with what stopped it, and the steps
/// it has run so far.
enum Report<G: Resumable> {
    Pending(DecisionOf<G>, G, u64),
    Over(G, u64),
    Error(String, G, u64),
}

/// The agent in each outside seat: reports the question, then waits for the answer.
struct Relay<G: Resumable> {
    reports: Sender<Report<G>>,
    answers: std::sync::Arc<std::sync::Mutex<Receiver<usize>>>,
    steps: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl<G: Resumable> Agent<G> for Relay<G> {
    fn choose(&mut self, game: &G, d: &DecisionOf<G>) -> usize {
        let steps = self.steps.load(std::sync::atomic::Ordering::Relaxed);
        if self.reports.send(Report::Pending(d.clone(), game.clone(), steps)).is_err() {
            return usize::MAX;
        }
        // The session dropped or abandoned the game: an answer out of range stops the step
        // (`Stop::BadAnswer`) and the thread ends.
        self.answers.lock().ok().and_then(|r| r.recv().ok()).unwrap_or(usize::MAX)
    }
}

/// The game's thread and the two ends that talk to it.
struct Worker<G: Resumable> {
    answers: Sender<usize>,
    reports: Receiver<Report<G>>,
    thread: JoinHandle<()>,
}

impl<G: Resumable> Worker<G> {
    /// Runs `game` on its own thread, steps counted from `steps`. The stack is the main
    /// thread's usual 8 MiB: card bodies may nest inside the kernel's own resolution.
    fn start(mut game: G, steps: u64) -> Self {
        let (answer_tx, answer_rx) = channel();
        let (report_tx, report_rx) = channel();
        let answers = std::sync::Arc::new(std::sync::Mutex::new(answer_rx));
        let counter = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(steps));
        let thread = std::thread::Builder::new()
            .name("session".into())
            .stack_size(8 << 20)
            .spawn(move || {
                game.seat_empty(&mut |_| {
                    Box::new(Relay { reports: report_tx.clone(), answers: answers.clone(), steps: counter.clone() })
                });
                loop {
                    let result = game.step();
                    let steps = counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    let report = match result {
                        Ok(false) => continue,
                        Ok(true) => Report::Over(game.clone(), steps),
                        Err(Stop::ScriptError(e)) => Report::Error(e, game.clone(), steps),
                        // Abandoned at a question (see `Relay`); every seat has an agent, so
                        // no step stops for a decision.
                        Err(Stop::BadAnswer { .. } | Stop::NeedDecision(_)) => return,
                    };
                    let _ = report_tx.send(report);
                    return;
                }
            })
            .expect("spawn the session's game thread");
        Worker { answers: answer_tx, reports: report_rx, thread }
    }

    /// Abandons the game (if it waits at a question) and waits for its thread to end.
    fn end(self) -> std::thread::Result<()> {
        drop(self.answers);
        drop(self.reports);
        self.thread.join()
    }
}

pub struct Session<G: Resumable> {
    current: G,
    pending: Option<DecisionOf<G>>,
    over: bool,
    error: Option<String>,
    steps: u64,
    worker: Option<Worker<G>>,
}

impl<G: Resumable> Session<G> {
    /// Starts driving `game` up to its first decision. Players without an in-process agent
    /// answer through the session.
    pub fn new(game: G) -> Self {
        let mut s = Session { current: game.clone(), pending: None, over: false, error: None, steps: 0, worker: None };
        s.start(game);
        s
    }

    /// The decision waiting for an answer, if any.
    pub fn pending(&self) -> Option<&DecisionOf<G>> {
        self.pending.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The script error that stopped the game, if one did.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The game as far as it has run (mid-step, at the question, if a decision is pending).
    pub fn game(&self) -> &G {
        &self.current
    }

    /// How many steps (`Resumable::step`) the game has run: each quiescent point reached once,
    /// however many questions a step asked (a replaying session would count a step again for
    /// each answer).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Mutable access for actions outside the decision flow (conceding). The change is kept:
    /// a pending step is abandoned and the game goes on from the changed state.
    pub fn with_game<T>(&mut self, f: impl FnOnce(&mut G) -> T) -> T {
        self.finish_worker();
        let out = f(&mut self.current);
        self.current.clear_answers();
        self.pending = None;
        if !self.over {
            self.start(self.current.clone());
        }
        out
    }

    /// Answers the pending decision and runs to the next one.
    pub fn answer(&mut self, answer: usize) -> Result<(), SessionError> {
        let d = self.pending.as_ref().ok_or(SessionError::NoPendingDecision)?;
        let options = d.options.len();
        if answer >= options {
            return Err(SessionError::OutOfRange { answer, options });
        }
        self.pending = None;
        if let Some(w) = &self.worker {
            // A thread that ended anyway is joined (its panic raised) by `wait`.
            let _ = w.answers.send(answer);
        }
        self.wait();
        Ok(())
    }

    fn start(&mut self, game: G) {
        self.worker = Some(Worker::start(game, self.steps));
        self.wait();
    }

    /// Waits for the game's thread to reach a question or the end.
    fn wait(&mut self) {
        let report = self.worker.as_ref().and_then(|w| w.reports.recv().ok());
        match report {
            Some(Report::Pending(d, g, steps)) => {
                (self.pending, self.current, self.steps) = (Some(d), g, steps);
                return;
            }
            Some(Report::Over(g, steps)) => (self.current, self.steps) = (g, steps),
            Some(Report::Error(e, g, steps)) => (self.error, self.current, self.steps) = (Some(e), g, steps),
            None => {}
        }
        self.over = true;
        self.finish_worker();
    }

    /// Joins a thread that has ended (re-raising its panic, if it panicked, in the caller).
    fn finish_worker(&mut self) {
        if let Some(w) = self.worker.take()
            && let Err(panic) = w.end()
        {
            std::panic::resume_unwind(panic);
        }
    }
}

impl<G: Resumable> Drop for Session<G> {
    fn drop(&mut self) {
        if let Some(w) = self.worker.take() {
            // A game waiting at a question: abandoned (no panic can be pending there).
            let _ = w.end();
        }
    }
}
