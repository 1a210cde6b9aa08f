//! The chain as a data structure: a stack of items, each pending until its play process
//! finishes, then finalized; the newest resolves first. The game decides what an item is and
//! who may act; this only keeps the order (items finalize in the order they were added, the
//! newest resolves first).

use super::PlayerId;

/// What the chain needs to know about an item.
pub trait ChainEntry {
    fn controller(&self) -> PlayerId;
    fn is_pending(&self) -> bool;
    fn set_finalized(&mut self);
}

#[derive(Clone, Debug)]
pub struct Chain<T> {
    items: Vec<T>,
    /// How many chains have been created: items added to an empty chain.
    created: u64,
}

impl<T> Default for Chain<T> {
    fn default() -> Self {
        Chain { items: Vec::new(), created: 0 }
    }
}

impl<T: ChainEntry> Chain<T> {
    /// Adds an item on top; on an empty chain, this creates a chain.
    pub fn push(&mut self, item: T) {
        if self.items.is_empty() {
            self.created += 1;
        }
        self.items.push(item);
    }

    /// How many chains have been created so far: a count that only grows, so a game can tell
    /// whether a chain has existed since it last looked.
    pub fn created(&self) -> u64 {
        self.created
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// The newest item.
    pub fn last(&self) -> Option<&T> {
        self.items.last()
    }

    /// Takes the newest item off (to resolve it).
    pub fn pop(&mut self) -> Option<T> {
        self.items.pop()
    }

    /// Takes an item off wherever it is (countered, or a permanent leaving as it resolves).
    pub fn remove(&mut self, index: usize) -> T {
        self.items.remove(index)
    }

    /// The oldest pending item: pending items finalize in the order they were added.
    pub fn next_pending(&self) -> Option<usize> {
        self.items.iter().position(|i| i.is_pending())
    }

    pub fn has_pending(&self) -> bool {
        self.next_pending().is_some()
    }

    /// The controller of the newest item, who gains priority when nothing is pending.
    pub fn newest_controller(&self) -> Option<PlayerId> {
        self.items.last().map(|i| i.controller())
    }

    /// The index of the first item a player controls, if any.
    pub fn position_controlled_by(&self, p: PlayerId) -> Option<usize> {
        self.items.iter().position(|i| i.controller() == p)
    }
}

impl<T> std::ops::Index<usize> for Chain<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.items[i]
    }
}

impl<T> std::ops::IndexMut<usize> for Chain<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.items[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Item(u8, bool);

    impl ChainEntry for Item {
        fn controller(&self) -> PlayerId {
            PlayerId(self.0)
        }
        fn is_pending(&self) -> bool {
            self.1
        }
        fn set_finalized(&mut self) {
            self.1 = false;
        }
    }

    #[test]
    fn pending_in_order_newest_resolves_first() {
        let mut c = Chain::default();
        c.push(Item(0, false));
        c.push(Item(1, true));
        c.push(Item(0, true));
        assert_eq!(c.next_pending(), Some(1));
        c[1].set_finalized();
        assert_eq!(c.next_pending(), Some(2));
        assert_eq!(c.newest_controller(), Some(PlayerId(0)));
        assert_eq!(c.pop(), Some(Item(0, true)));
        assert_eq!(c.position_controlled_by(PlayerId(1)), Some(1));
        assert_eq!(c.len(), 2);
        assert_eq!(c.created(), 1);
        c.pop();
        c.pop();
        c.push(Item(1, false));
        assert_eq!(c.created(), 2);
    }
}
