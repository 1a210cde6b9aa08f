//! Components: the state a game mechanic owns. A mechanic (delayed effects, bonus damage, a
//! later set's attachments or experience) keeps its state in a type of its own module, stored
//! here by type; so adding a mechanic adds a module, not fields to the game or its objects.
//! Components clone with the game (checkpoints, undo), and a type absent reads as its default.

use std::any::{Any, TypeId};
use std::fmt::Debug;
use std::sync::Arc;

/// A mechanic's state: any clonable, printable type (`Send` and `Sync`, as a shared value
/// must be for the game to be `Send`).
pub trait Component: Any + Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn Component>;
}

impl<T: Any + Clone + Debug + Send + Sync> Component for T {
    fn clone_box(&self) -> Box<dyn Component> {
        Box::new(self.clone())
    }
}

/// Buckets of [`Components::slots`]: more than twice the mechanics there are, so a type
/// rarely shares its bucket.
const SLOTS: usize = 64;

/// The components of a game, one value per type. A clone shares the values and copies one
/// only when it is changed ([`Components::get_mut`]): every play's snapshot (355.3) clones the
/// game's components, and a play rarely changes more than one or two of them.
#[derive(Clone, Debug)]
pub struct Components {
    items: Vec<(TypeId, Arc<dyn Component>)>,
    /// By the type id's hash (open addressing, the next bucket on a collision): the item's
    /// position plus one, 0 for none. The hash of a known type is a constant, so finding a
    /// component is one or two comparisons rather than a scan of every item (the cleanup
    /// asks for one on every pass).
    slots: [u8; SLOTS],
}

impl Default for Components {
    fn default() -> Self {
        Components { items: Vec::new(), slots: [0; SLOTS] }
    }
}

/// Takes the 64 bits `TypeId` hashes to.
#[derive(Default)]
struct TypeBits(u64);

impl std::hash::Hasher for TypeBits {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

/// The first bucket `t` is looked for in.
fn bucket(t: TypeId) -> usize {
    use std::hash::{Hash, Hasher};
    let mut h = TypeBits::default();
    t.hash(&mut h);
    h.finish() as usize % SLOTS
}

impl Components {
    /// The position of `t` in `items`, or the empty bucket where it would go.
    fn find(&self, t: TypeId) -> Result<usize, usize> {
        let mut b = bucket(t);
        let found = loop {
            match self.slots[b] {
                0 => break Err(b),
                i if self.items[i as usize - 1].0 == t => break Ok(i as usize - 1),
                _ => b = (b + 1) % SLOTS,
            }
        };
        debug_assert_eq!(found.ok(), self.items.iter().position(|(id, _)| *id == t), "the component index is wrong");
        found
    }

    /// The component of type `T`, if the game has one.
    pub fn get<T: Component>(&self) -> Option<&T> {
        let i = self.find(TypeId::of::<T>()).ok()?;
        let c: &dyn Any = self.items[i].1.as_ref();
        c.downcast_ref()
    }

    /// The component of type `T`, created as its default the first time.
    pub fn get_mut<T: Component + Default>(&mut self) -> &mut T {
        let t = TypeId::of::<T>();
        let i = match self.find(t) {
            Ok(i) => i,
            Err(b) => {
                assert!(self.items.len() < SLOTS / 2, "more kinds of components than the index holds");
                self.items.push((t, Arc::new(T::default())));
                self.slots[b] = self.items.len() as u8;
                self.items.len() - 1
            }
        };
        let item = &mut self.items[i].1;
        if Arc::strong_count(item) > 1 {
            // Shared with a clone: this game's value becomes a copy of its own (no `Weak` is
            // ever made, so one strong reference is sole ownership).
            *item = Arc::from((**item).clone_box());
        }
        let c: &mut dyn Any = Arc::get_mut(item).expect("not shared");
        c.downcast_mut().expect("stored under its own TypeId")
    }
    /// Takes component `T`, leaving its default; when `empty` says it holds nothing, only reads
    /// it (a write takes the value's sole ownership, which may mean a copy). The cleanup takes
    /// two components on every pass, and they are nearly always empty.
    pub fn take<T: Component + Default>(&mut self, empty: impl FnOnce(&T) -> bool) -> T {
        if self.get::<T>().is_none_or(empty) {
            return T::default();
        }
        std::mem::take(self.get_mut::<T>())
    }

    /// Resets component `T` to its default (state that lasts until a moment passes).
    pub fn reset<T: Component + Default>(&mut self) {
        if self.get::<T>().is_some() {
            *self.get_mut::<T>() = T::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Counters(Vec<u32>);

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Flag(bool);

    #[test]
    fn each_type_is_its_own_component_and_clones_with_the_store() {
        let mut c = Components::default();
        assert_eq!(c.get::<Counters>(), None);
        c.get_mut::<Counters>().0.push(3);
        c.get_mut::<Flag>().0 = true;
        let copy = c.clone();
        c.get_mut::<Counters>().0.push(4);
        assert_eq!(copy.get::<Counters>(), Some(&Counters(vec![3])));
        assert_eq!(c.get::<Counters>(), Some(&Counters(vec![3, 4])));
        assert_eq!(c.get::<Flag>(), Some(&Flag(true)));
        c.reset::<Counters>();
        assert_eq!(c.get::<Counters>(), Some(&Counters::default()));
    }
}
