//! The event log: everything that happened in a game, in order. Triggered abilities match
//! against it after each event (Riftbound 376.2.c), "the first time each turn" and "this turn"
//! read back to the turn's start, and tools read it as the game's history. The game decides what
//! an event is; the log only keeps the order and where the current turn began.

/// An event that can open a turn: the log remembers where the latest one stands.
pub trait TurnMark {
    fn begins_turn(&self) -> bool;
}

#[derive(Clone, Debug)]
pub struct EventLog<E> {
    events: Vec<E>,
    /// Index of the event that began the current turn (0 before any).
    turn_began: Option<usize>,
}

impl<E> Default for EventLog<E> {
    fn default() -> Self {
        EventLog { events: Vec::new(), turn_began: None }
    }
}

impl<E: TurnMark> EventLog<E> {
    /// Appends an event.
    pub fn push(&mut self, e: E) {
        if e.begins_turn() {
            self.turn_began = Some(self.events.len());
        }
        self.events.push(e);
    }

    /// Where the current turn's first event stands: just after the event that began it.
    pub fn turn_start(&self) -> usize {
        self.turn_began.map_or(0, |i| i + 1)
    }

    /// The index of the event that began the current turn, if any.
    pub fn turn_mark(&self) -> Option<usize> {
        self.turn_began
    }

    /// The events since the current turn began.
    pub fn this_turn(&self) -> &[E] {
        &self.events[self.turn_start()..]
    }

    /// Drops the events from `len` on (an action undone, Riftbound 355.3).
    pub fn truncate(&mut self, len: usize) {
        self.events.truncate(len);
        if self.turn_began.is_some_and(|i| i >= len) {
            self.turn_began = self.events.iter().rposition(E::begins_turn);
        }
    }

    /// The newest event, to amend what it records (who caused it).
    pub fn last_mut(&mut self) -> Option<&mut E> {
        self.events.last_mut()
    }

    /// The events from `from` on, to amend what they record (who caused them).
    pub fn since_mut(&mut self, from: usize) -> &mut [E] {
        let from = from.min(self.events.len());
        &mut self.events[from..]
    }
}

impl<E> std::ops::Deref for EventLog<E> {
    type Target = [E];
    fn deref(&self) -> &[E] {
        &self.events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    enum Ev {
        Turn,
        X(u8),
    }

    impl TurnMark for Ev {
        fn begins_turn(&self) -> bool {
            *self == Ev::Turn
        }
    }

    #[test]
    fn this_turn_reads_back_to_the_latest_turn_mark_also_after_truncating() {
        let mut log = EventLog::default();
        log.push(Ev::X(1));
        assert_eq!(log.this_turn(), &[Ev::X(1)]);
        log.push(Ev::Turn);
        log.push(Ev::X(2));
        let len = log.len();
        log.push(Ev::Turn);
        log.push(Ev::X(3));
        assert_eq!(log.this_turn(), &[Ev::X(3)]);
        assert_eq!(log.turn_mark(), Some(3));
        log.truncate(len);
        assert_eq!(log.this_turn(), &[Ev::X(2)]);
        assert_eq!(log.turn_mark(), Some(1));
        log.truncate(1);
        assert_eq!(log.this_turn(), &[Ev::X(1)]);
        assert_eq!(log.turn_start(), 0);
    }
}
