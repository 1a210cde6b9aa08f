//! The trigger matcher: after events happen, the game's triggered abilities are checked against
//! them (Riftbound 376.2.c, Flesh and Blood 16). Most objects have no triggered ability, so the
//! matcher keeps an index of the objects that do, rebuilt only after an object entered or left
//! a zone, and matches each new event of the log once, against those objects only. The game
//! supplies which objects have active triggered abilities and how one object's abilities match
//! a batch of events; the kernel also orders what triggered by controller (376.3.b).

use super::PlayerId;
use std::sync::Arc;

/// Where the matcher stands: the first event not matched yet, and the objects with triggered
/// abilities as of the last zone change.
#[derive(Clone, Debug)]
pub struct TriggerIndex<O> {
    cursor: usize,
    /// Replaced whole when rebuilt, so shared by a clone (every play's snapshot, 355.3).
    sources: Arc<[O]>,
    stale: bool,
}

impl<O> Default for TriggerIndex<O> {
    fn default() -> Self {
        TriggerIndex { cursor: 0, sources: Arc::default(), stale: true }
    }
}

impl<O> TriggerIndex<O> {
    /// An object that may have triggered abilities entered or left a zone: the index is
    /// rebuilt before the next match.
    pub fn zones_changed(&mut self) {
        self.stale = true;
    }

    /// Whether events past the cursor wait to be matched (the log is `len` long).
    pub fn has_new(&self, len: usize) -> bool {
        self.cursor < len
    }

    /// The events from the cursor to `len`, now taken (each event is matched once); `None`
    /// when there is no new event.
    pub fn take_new(&mut self, len: usize) -> Option<std::ops::Range<usize>> {
        if self.cursor >= len {
            return None;
        }
        let range = self.cursor..len;
        self.cursor = len;
        Some(range)
    }

    /// The indexed objects, in the game's order.
    pub fn sources(&self) -> &[O] {
        &self.sources
    }
}

/// A game whose objects have triggered abilities.
pub trait Triggers {
    type Source: Copy + PartialEq + std::fmt::Debug;
    type Event;
    type Fired;
    fn index(&self) -> &TriggerIndex<Self::Source>;
    fn index_mut(&mut self) -> &mut TriggerIndex<Self::Source>;
    /// Every object whose triggered abilities are active now (or every such ability), in the
    /// order they are checked.
    fn sources(&self) -> Vec<Self::Source>;
    /// The kinds of events in `batch`, as bits to test against [`Triggers::listens`]: a source
    /// that listens to none of them is not asked to match the batch. By default every kind.
    fn batch_kinds(&self, _batch: &[Self::Event]) -> u32 {
        u32::MAX
    }
    /// The kinds of events `source` can match (a superset); by default every kind.
    fn listens(&self, _source: Self::Source) -> u32 {
        u32::MAX
    }
    /// What `source`'s triggered abilities make of `batch`, the events from `start` of the log.
    fn matches(&self, source: Self::Source, batch: &[Self::Event], start: usize, out: &mut Vec<Self::Fired>);
}

/// Rebuilds the index if an object entered or left a zone since it was built: call before
/// [`matched`], which only reads the game (so the batch may be borrowed from its log). Debug
/// builds check an index kept against a rebuilt one, so a game that leaves a change
/// unreported fails its tests.
pub fn refresh<G: Triggers>(g: &mut G) {
    if g.index().stale {
        let sources = g.sources();
        let index = g.index_mut();
        index.sources = sources.into();
        index.stale = false;
    }
    debug_assert_eq!(*g.index().sources, *g.sources(), "the trigger index missed a change");
}

/// Matches `batch` (the events from `start`) against the indexed objects, in the index's order
/// ([`refresh`]ed first).
pub fn matched<G: Triggers>(g: &G, batch: &[G::Event], start: usize) -> Vec<G::Fired> {
    debug_assert!(!g.index().stale, "the trigger index is matched before it is refreshed");
    let mut out = Vec::new();
    let kinds = g.batch_kinds(batch);
    for &s in g.index().sources() {
        if g.listens(s) & kinds != 0 {
            g.matches(s, batch, start, &mut out);
        }
    }
    out
}

/// Riftbound 376.3.b: what triggered, grouped by controller in `order` (the turn player
/// first), each group in the order it triggered, for its controller to order further. Players
/// not in `order` have nothing put on the chain.
pub fn by_controller<F>(
    fired: Vec<F>,
    order: &[PlayerId],
    controller: impl Fn(&F) -> PlayerId,
) -> Vec<(PlayerId, Vec<F>)> {
    let mut groups: Vec<(PlayerId, Vec<F>)> = order.iter().map(|p| (*p, Vec::new())).collect();
    for f in fired {
        let c = controller(&f);
        if let Some((_, g)) = groups.iter_mut().find(|(p, _)| *p == c) {
            g.push(f);
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: objects 0..n in zones, some with a triggered ability "when an event names
    /// me"; events are object numbers. Counts how often `matches` is asked.
    struct Toy {
        on_board: Vec<u32>,
        triggered: Vec<u32>,
        events: Vec<u32>,
        index: TriggerIndex<u32>,
        asked: std::cell::Cell<usize>,
    }

    impl Triggers for Toy {
        type Source = u32;
        type Event = u32;
        type Fired = (u32, usize);
        fn index(&self) -> &TriggerIndex<u32> {
            &self.index
        }
        fn index_mut(&mut self) -> &mut TriggerIndex<u32> {
            &mut self.index
        }
        fn sources(&self) -> Vec<u32> {
            self.on_board.iter().copied().filter(|o| self.triggered.contains(o)).collect()
        }
        fn matches(&self, source: u32, batch: &[u32], start: usize, out: &mut Vec<(u32, usize)>) {
            self.asked.set(self.asked.get() + 1);
            out.extend(batch.iter().enumerate().filter(|(_, e)| **e == source).map(|(i, _)| (source, start + i)));
        }
    }

    impl Toy {
        fn check(&mut self) -> Vec<(u32, usize)> {
            let Some(range) = self.index.take_new(self.events.len()) else { return Vec::new() };
            refresh(self);
            matched(self, &self.events[range.clone()], range.start)
        }
    }

    #[test]
    fn only_indexed_objects_see_each_new_event_once() {
        let mut g = Toy {
            on_board: vec![3, 1, 2, 5],
            triggered: vec![1, 3, 4],
            events: vec![1, 2, 3],
            index: TriggerIndex::default(),
            asked: Default::default(),
        };
        // In the game's order (3 before 1), and only objects with triggered abilities asked.
        assert!(g.index.has_new(g.events.len()));
        assert_eq!(g.check(), vec![(3, 2), (1, 0)]);
        assert_eq!(g.asked.get(), 2);
        assert!(!g.index.has_new(g.events.len()), "every event is taken");
        assert_eq!(g.check(), vec![], "events already matched are not matched again");
        // 4 enters: the index must see it; 3 leaves: it no longer sees events (376.2.c).
        g.on_board = vec![1, 2, 5, 4];
        g.index.zones_changed();
        g.events.extend([4, 3, 1]);
        assert_eq!(g.check(), vec![(1, 5), (4, 3)]);
    }

    /// A toy whose objects listen only to events of their own parity: a batch of odd events is
    /// not matched against the even objects at all.
    struct Parity(Toy);

    impl Triggers for Parity {
        type Source = u32;
        type Event = u32;
        type Fired = (u32, usize);
        fn index(&self) -> &TriggerIndex<u32> {
            &self.0.index
        }
        fn index_mut(&mut self) -> &mut TriggerIndex<u32> {
            &mut self.0.index
        }
        fn sources(&self) -> Vec<u32> {
            self.0.sources()
        }
        fn batch_kinds(&self, batch: &[u32]) -> u32 {
            batch.iter().fold(0, |k, e| k | 1 << (e % 2))
        }
        fn listens(&self, source: u32) -> u32 {
            1 << (source % 2)
        }
        fn matches(&self, source: u32, batch: &[u32], start: usize, out: &mut Vec<(u32, usize)>) {
            self.0.matches(source, batch, start, out)
        }
    }

    #[test]
    fn a_source_that_listens_to_none_of_the_batch_is_not_asked() {
        let toy = Toy {
            on_board: vec![1, 2, 3, 4],
            triggered: vec![1, 2, 3, 4],
            events: vec![],
            index: TriggerIndex::default(),
            asked: Default::default(),
        };
        let mut g = Parity(toy);
        refresh(&mut g);
        assert_eq!(matched(&g, &[3, 5], 0), vec![(3, 0)]);
        assert_eq!(g.0.asked.get(), 2, "only the odd objects are asked about odd events");
        assert_eq!(matched(&g, &[2, 1], 7), vec![(1, 8), (2, 7)]);
        assert_eq!(g.0.asked.get(), 6);
    }

    #[test]
    fn an_unchanged_zone_keeps_the_index() {
        let mut g = Toy {
            on_board: vec![1],
            triggered: vec![1, 2],
            events: vec![],
            index: TriggerIndex::default(),
            asked: Default::default(),
        };
        g.events.push(1);
        assert_eq!(g.check(), vec![(1, 0)]);
        // Without a zone change the index is not rebuilt: it is the caller's word that zones
        // moved. A change nobody reported stays unseen in a release build, and fails a debug
        // build's check of the kept index against a rebuilt one.
        g.on_board.push(2);
        g.events.push(2);
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| g.check())) {
            Ok(fired) => assert!(!cfg!(debug_assertions) && fired.is_empty()),
            Err(_) => assert!(cfg!(debug_assertions)),
        }
        g.index.zones_changed();
        g.events.push(2);
        assert_eq!(g.check(), vec![(2, 2)]);
    }

    #[test]
    fn triggered_abilities_group_by_controller_in_turn_order() {
        let fired = vec![(1, 'a'), (0, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        let order = [PlayerId(1), PlayerId(2), PlayerId(0)];
        let groups = by_controller(fired, &order, |f| PlayerId(f.0));
        let names: Vec<(u8, String)> = groups.iter().map(|(p, g)| (p.0, g.iter().map(|f| f.1).collect())).collect();
        assert_eq!(names, vec![(1, "ad".into()), (2, "c".into()), (0, "be".into())]);
    }
}
