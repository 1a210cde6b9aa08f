//! Components: the state a game mechanic owns. A mechanic (delayed effects, bonus damage, a
//! later set's attachments or experience) keeps its state in a type of its own module, stored
//! here by type; so adding a mechanic adds a module, not fields to the game or its objects.
//! Components clone with the game (checkpoints, undo), and a type absent reads as its default.

use std::any::{Any, TypeId};
use std::fmt::Debug;

/// A mechanic's state: any clonable, printable type (`Send`, as the game is).
pub trait Component: Any + Debug + Send {
    fn clone_box(&self) -> Box<dyn Component>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any + Clone + Debug + Send> Component for T {
    fn clone_box(&self) -> Box<dyn Component> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The components of a game, one value per type.
#[derive(Debug, Default)]
pub struct Components {
    items: Vec<(TypeId, Box<dyn Component>)>,
}

impl Clone for Components {
    fn clone(&self) -> Self {
        Components { items: self.items.iter().map(|(t, c)| (*t, c.as_ref().clone_box())).collect() }
    }
}

impl Components {
    /// The component of type `T`, if the game has one.
    pub fn get<T: Component>(&self) -> Option<&T> {
        let t = TypeId::of::<T>();
        self.items.iter().find(|(id, _)| *id == t).and_then(|(_, c)| c.as_ref().as_any().downcast_ref())
    }

    /// The component of type `T`, created as its default the first time.
    pub fn get_mut<T: Component + Default>(&mut self) -> &mut T {
        let t = TypeId::of::<T>();
        let i = match self.items.iter().position(|(id, _)| *id == t) {
            Some(i) => i,
            None => {
                self.items.push((t, Box::new(T::default())));
                self.items.len() - 1
            }
        };
        self.items[i].1.as_mut().as_any_mut().downcast_mut().expect("stored under its own TypeId")
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
