//! The chain (Flesh and Blood: the stack of layers): items pending until their play process
//! finishes, then finalized in the order they were added; players pass priority, and when every
//! player has passed in succession the newest item resolves (Riftbound 333-336, Flesh and Blood
//! 14.5, 19.1). The kernel keeps the order and the run of passes; the game decides what an item
//! is and, through its [`PriorityPolicy`], who receives priority when an item is added, after
//! one resolves and after a pass.

use super::PlayerId;

/// A game's rules for who receives priority while a chain exists. Games differ here: Riftbound
/// gives it to the controller of the newest item after a resolution (333.1.c.3, 336.4), Flesh
/// and Blood to the turn player (19.1).
pub trait PriorityPolicy {
    type Item: ChainEntry;
    fn chain(&self) -> &Chain<Self::Item>;
    fn chain_mut(&mut self) -> &mut Chain<Self::Item>;
    /// Who receives priority once `controller` has added an item: by default the player who
    /// added it keeps priority (Riftbound 356.3.a, 394).
    fn on_add(&self, controller: PlayerId) -> PlayerId {
        controller
    }
    /// Who receives priority after the newest item resolved, with items left on the chain.
    fn on_resolve(&self) -> PlayerId;
    /// Who receives priority after `p` passes.
    fn after_pass(&self, p: PlayerId) -> PlayerId;
    /// How many successive passes resolve the newest item: one per player in the game.
    fn players(&self) -> usize;
}

/// What a pass leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Passed {
    /// The next player receives priority.
    To(PlayerId),
    /// Every player has passed in succession: the newest item resolves.
    Resolve,
}

/// `controller` added an item to the chain: every player must pass again before anything
/// resolves (Riftbound 335.1). Returns who receives priority.
pub fn added<G: PriorityPolicy>(g: &mut G, controller: PlayerId) -> PlayerId {
    g.chain_mut().restart_passes();
    g.on_add(controller)
}

/// The newest item has resolved: the run of passes starts again and, if items are left, the
/// game's policy names who receives priority.
pub fn resolved<G: PriorityPolicy>(g: &mut G) -> Option<PlayerId> {
    g.chain_mut().restart_passes();
    (!g.chain().is_empty()).then(|| g.on_resolve())
}

/// `p`, holding priority, passes it.
pub fn pass<G: PriorityPolicy>(g: &mut G, p: PlayerId) -> Passed {
    let players = g.players();
    let chain = g.chain_mut();
    chain.passes += 1;
    if chain.passes as usize >= players { Passed::Resolve } else { Passed::To(g.after_pass(p)) }
}

/// What the chain needs to know about an item. An item is pending while its play process is
/// unfinished (Riftbound 333.1.a, 346); a game without that notion (Flesh and Blood: a layer is
/// complete once played, 15.5.4) keeps the defaults, every item finalized.
pub trait ChainEntry {
    fn controller(&self) -> PlayerId;
    fn is_pending(&self) -> bool {
        false
    }
    fn set_finalized(&mut self) {}
}

#[derive(Clone, Debug)]
pub struct Chain<T> {
    items: Vec<T>,
    /// How many chains have been created: items added to an empty chain.
    created: u64,
    /// Successive passes of priority since an item was added or resolved.
    passes: u32,
}

impl<T> Default for Chain<T> {
    fn default() -> Self {
        Chain { items: Vec::new(), created: 0, passes: 0 }
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

    /// Successive passes of priority in the current run.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// An item became a chain item, or a player acted with priority instead of passing: every
    /// player must pass again (Riftbound 335.1).
    pub fn restart_passes(&mut self) {
        self.passes = 0;
    }

    /// Takes one pass out of the current run (a player who passed left the game).
    pub fn forget_pass(&mut self) {
        self.passes -= 1;
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

    /// A toy game over the chain: seats in order, a turn player, and one of two priority
    /// policies after a resolution.
    struct Toy {
        chain: Chain<Item>,
        seats: u8,
        turn_player: PlayerId,
        /// Flesh and Blood 19.1: the turn player gains priority after a resolution; otherwise
        /// Riftbound 336.4: the controller of the newest item.
        fab: bool,
    }

    impl PriorityPolicy for Toy {
        type Item = Item;
        fn chain(&self) -> &Chain<Item> {
            &self.chain
        }
        fn chain_mut(&mut self) -> &mut Chain<Item> {
            &mut self.chain
        }
        fn on_resolve(&self) -> PlayerId {
            if self.fab { self.turn_player } else { self.chain.newest_controller().unwrap() }
        }
        fn after_pass(&self, p: PlayerId) -> PlayerId {
            PlayerId((p.0 + 1) % self.seats)
        }
        fn players(&self) -> usize {
            self.seats as usize
        }
    }

    impl Toy {
        fn add(&mut self, p: u8) -> PlayerId {
            self.chain.push(Item(p, false));
            added(self, PlayerId(p))
        }
    }

    /// Turn player 0; player 1 adds an item, player 0 responds; both pass and player 0's item
    /// resolves. Who acts next is the policy's: the two games differ only there.
    fn after_one_resolution(fab: bool) -> Option<PlayerId> {
        let mut g = Toy { chain: Chain::default(), seats: 2, turn_player: PlayerId(0), fab };
        assert_eq!(g.add(1), PlayerId(1));
        assert_eq!(pass(&mut g, PlayerId(1)), Passed::To(PlayerId(0)));
        assert_eq!(g.add(0), PlayerId(0), "adding an item keeps priority with the one who added it");
        assert_eq!(pass(&mut g, PlayerId(0)), Passed::To(PlayerId(1)));
        assert_eq!(pass(&mut g, PlayerId(1)), Passed::Resolve);
        assert_eq!(g.chain.pop(), Some(Item(0, false)), "the newest item resolves");
        resolved(&mut g)
    }

    /// A layer with no pending state (Flesh and Blood 15.5.4): the defaults finalize everything.
    struct Layer(u8);
    impl ChainEntry for Layer {
        fn controller(&self) -> PlayerId {
            PlayerId(self.0)
        }
    }

    #[test]
    fn items_without_a_play_process_are_never_pending() {
        let mut c = Chain::default();
        c.push(Layer(0));
        c.push(Layer(1));
        c[0].set_finalized();
        assert!(!c.has_pending());
        assert_eq!(c.newest_controller(), Some(PlayerId(1)));
    }

    #[test]
    fn the_policy_names_who_acts_after_a_resolution() {
        // Riftbound 336.4 / 333.1.c.3: the controller of the newest item left.
        assert_eq!(after_one_resolution(false), Some(PlayerId(1)));
        // Flesh and Blood 19.1: the turn player.
        assert_eq!(after_one_resolution(true), Some(PlayerId(0)));
    }

    #[test]
    fn every_player_passes_in_succession_before_a_resolution() {
        let mut g = Toy { chain: Chain::default(), seats: 3, turn_player: PlayerId(0), fab: false };
        g.add(0);
        assert_eq!(pass(&mut g, PlayerId(0)), Passed::To(PlayerId(1)));
        assert_eq!(pass(&mut g, PlayerId(1)), Passed::To(PlayerId(2)));
        // Acting instead of passing starts the run again (Riftbound 335.1).
        g.chain.restart_passes();
        assert_eq!(pass(&mut g, PlayerId(2)), Passed::To(PlayerId(0)));
        assert_eq!(pass(&mut g, PlayerId(0)), Passed::To(PlayerId(1)));
        g.chain.forget_pass();
        assert_eq!(pass(&mut g, PlayerId(1)), Passed::To(PlayerId(2)), "a forgotten pass no longer counts");
        assert_eq!(pass(&mut g, PlayerId(2)), Passed::Resolve);
        g.chain.pop();
        assert_eq!(resolved(&mut g), None, "an empty chain gives nobody priority");
        assert_eq!(g.chain.passes(), 0);
    }
}
