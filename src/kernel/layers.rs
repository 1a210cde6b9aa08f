//! The layer solver: an object's characteristics are computed, never stored, from its printed
//! values and the continuous effects in force (Riftbound 446-453). The game says which effects
//! exist, whether one applies to the object as its characteristics stand, what each changes and
//! how its layers are applied; the kernel runs the two algorithms every layered game shares:
//! repeat until nothing changes, each effect applied once and disqualified once at most (449),
//! and, inside a layer, dependencies first, else timestamp order (451-453). Solving is the
//! costly part of a rules query, so [`CharsCache`] keeps each object's result until what it was
//! computed from changes.

use std::cell::RefCell;

/// One object's view of a game's continuous effects.
pub trait Layered {
    type Chars: Clone;
    type Effect;
    /// Every continuous effect in force.
    fn effects(&self) -> &[Self::Effect];
    /// Whether `e` applies to the object while its characteristics are `chars`.
    fn applies(&self, chars: &Self::Chars, e: &Self::Effect) -> bool;
    /// What `e` alone changes (used to find dependencies).
    fn modify(&self, chars: &mut Self::Chars, e: &Self::Effect);
    fn timestamp(&self, e: &Self::Effect) -> u64;
    /// The object's characteristics with `active` applied to `base`, layer by layer (a layer
    /// applied effect by effect uses [`dependency_order`]).
    fn apply_layers(&self, base: &Self::Chars, active: &[&Self::Effect]) -> Self::Chars;
}

/// 449: the characteristics from `base`. The first pass sees `base` itself (449.1: conditions
/// read the printed values); then, while some effect starts or stops applying, the layers are
/// applied again with the effects that apply and have not been disqualified. Each effect is
/// applied once and removed once at most, so this ends after at most 2n + 2 passes.
pub fn solve<L: Layered>(l: &L, base: &L::Chars) -> L::Chars {
    let effects = l.effects();
    let n = effects.len();
    let mut applied = vec![false; n];
    let mut removed = vec![false; n];
    let mut chars = base.clone();
    let mut first = true;
    loop {
        let mut changed = std::mem::take(&mut first);
        for (i, e) in effects.iter().enumerate() {
            let ok = l.applies(&chars, e);
            if !applied[i] && ok {
                applied[i] = true;
                changed = true;
            } else if applied[i] && !removed[i] && !ok {
                removed[i] = true;
                changed = true;
            }
        }
        if !changed {
            return chars;
        }
        let active: Vec<&L::Effect> = (0..n).filter(|&i| applied[i] && !removed[i]).map(|i| &effects[i]).collect();
        chars = l.apply_layers(base, &active);
    }
}

/// 451-453: the order of one layer's effects: an effect goes before the effects that depend on
/// it (B depends on A if applying A changes whether B applies); otherwise, and in a dependency
/// loop, timestamp order.
pub fn dependency_order<'a, L: Layered>(
    l: &L,
    chars: &L::Chars,
    mut effects: Vec<&'a L::Effect>,
) -> Vec<&'a L::Effect> {
    effects.sort_by_key(|e| l.timestamp(e));
    if effects.len() < 2 {
        return effects;
    }
    let n = effects.len();
    // depends[b][a]: b depends on a.
    let mut depends = vec![vec![false; n]; n];
    for a in 0..n {
        let mut after = chars.clone();
        l.modify(&mut after, effects[a]);
        for b in 0..n {
            if a != b {
                depends[b][a] = l.applies(chars, effects[b]) != l.applies(&after, effects[b]);
            }
        }
    }
    let mut out = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    while out.len() < n {
        let next = (0..n)
            .find(|&b| !placed[b] && (0..n).all(|a| placed[a] || a == b || !depends[b][a]))
            .or_else(|| (0..n).find(|&b| !placed[b]))
            .expect("an unplaced effect");
        placed[next] = true;
        out.push(effects[next]);
    }
    out
}

/// Characteristics memoized per object, each value kept while nothing it was computed from
/// has changed. The game reports its changes: [`changed`](CharsCache::changed) for any change
/// of shared state, [`changed_object`](CharsCache::changed_object) for one object's own record,
/// [`changed_all`](CharsCache::changed_all) for the list of continuous effects or anything
/// every computation reads. A computation that reads nothing beyond its object's own record,
/// the records of the objects it names with [`read_object`](CharsCache::read_object) and the
/// effect list stays valid until one of those changes; one that calls
/// [`read_shared`](CharsCache::read_shared) (a condition about the turn's history, a player's
/// zones) lasts until the next change of any kind. Between changes, a query costs a lookup.
///
/// A clone starts empty: a checkpoint need not copy the memo, it refills as it is asked.
/// Queries take `&self` (the memo is filled behind `RefCell`s), so a game that holds one is not
/// `Sync`; each thread plays its own clone.
pub struct CharsCache<C> {
    /// Counts changes; a value remembers the version it was computed at.
    version: u64,
    /// The version of the latest change that stales every value.
    all_at: u64,
    /// By object index: the version of the latest change to the object's own record.
    objects_at: Vec<u64>,
    /// By object index: the value, the version it was computed at, and what it read.
    slots: RefCell<Vec<Option<Slot<C>>>>,
    /// What the computation running now has read.
    reads: RefCell<Reads>,
}

struct Slot<C> {
    value: C,
    at: u64,
    reads: Reads,
}

/// What a computation read besides its object's own record and the effect list.
#[derive(Default)]
struct Reads {
    /// Shared state: the value lasts until the next change of any kind.
    shared: bool,
    /// Other objects' records (the source of a passive that matched it).
    objects: Vec<usize>,
}

impl<C> Default for CharsCache<C> {
    fn default() -> Self {
        CharsCache {
            version: 0,
            all_at: 0,
            objects_at: Vec::new(),
            slots: RefCell::new(Vec::new()),
            reads: RefCell::new(Reads::default()),
        }
    }
}

impl<C> Clone for CharsCache<C> {
    fn clone(&self) -> Self {
        CharsCache { version: self.version, ..CharsCache::default() }
    }
}

impl<C: Clone + PartialEq + std::fmt::Debug> CharsCache<C> {
    /// Something that characteristics may read changed (another object, a zone's list, a
    /// player, the history): every value that read shared state is stale.
    pub fn changed(&mut self) {
        self.version += 1;
    }

    /// Object `index`'s own record changed: its value is stale, and so is every value that
    /// read shared state (a condition may read this object).
    pub fn changed_object(&mut self, index: usize) {
        self.version += 1;
        if self.objects_at.len() <= index {
            self.objects_at.resize(index + 1, 0);
        }
        self.objects_at[index] = self.version;
    }

    /// The continuous effects in force changed, or something else every computation may read:
    /// every value is stale.
    pub fn changed_all(&mut self) {
        self.version += 1;
        self.all_at = self.version;
    }

    /// The computation running now reads shared state (a condition about the turn's history,
    /// a player's zones, other units): its value lasts until the next change of any kind.
    pub fn read_shared(&self) {
        let mut r = self.reads.borrow_mut();
        r.shared = true;
        r.objects.clear();
    }

    /// The computation running now reads object `index`'s own record: its value lasts until
    /// that record changes too.
    pub fn read_object(&self, index: usize) {
        let mut r = self.reads.borrow_mut();
        if !r.shared && !r.objects.contains(&index) {
            r.objects.push(index);
        }
    }

    fn valid(&self, index: usize, s: &Slot<C>) -> bool {
        let unchanged = |i: usize| self.objects_at.get(i).is_none_or(|&o| o <= s.at);
        s.at == self.version
            || (!s.reads.shared
                && s.at >= self.all_at
                && unchanged(index)
                && s.reads.objects.iter().all(|&o| unchanged(o)))
    }

    /// Object `index`'s characteristics: remembered if still valid, else `compute()`d and
    /// remembered. `compute` may ask for other objects (a condition reading another unit's
    /// controller): asking for another object counts as reading shared state, and no borrow
    /// of the memo is held while `compute` runs.
    ///
    /// Debug builds compute again on every hit and panic, naming the object with `name`, if the
    /// two differ: a change the game did not report would otherwise serve stale values
    /// silently, so every test doubles as a check that none is missing.
    pub fn get_or_compute(&self, index: usize, compute: impl Fn() -> C, name: impl FnOnce() -> String) -> C {
        // The computation that asks (if any) depends on this object's characteristics, and so
        // on whatever they read.
        self.read_shared();
        let hit = self.slots.borrow().get(index).and_then(|s| s.as_ref()).and_then(|s| {
            self.valid(index, s).then(|| s.value.clone())
        });
        if let Some(c) = hit {
            #[cfg(debug_assertions)]
            {
                let fresh = compute();
                assert!(
                    fresh == c,
                    "stale characteristics for {} at state version {}: cached {c:?}, computed now {fresh:?} \
                     (a change that alters characteristics was not reported to the cache)",
                    name(),
                    self.version
                );
            }
            #[cfg(not(debug_assertions))]
            let _ = name;
            return c;
        }
        let outer = self.reads.replace(Reads::default());
        let value = compute();
        let reads = self.reads.replace(outer);
        let mut slots = self.slots.borrow_mut();
        if slots.len() <= index {
            slots.resize_with(index + 1, || None);
        }
        slots[index] = Some(Slot { value: value.clone(), at: self.version, reads });
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: characteristics are (power, flying); an effect applies to everything, or
    /// only to objects with flying, and sets or adds power, or grants flying.
    struct Toy(Vec<(u64, bool, Op)>);
    #[derive(Clone, Copy)]
    enum Op {
        Add(i32),
        Fly,
    }

    impl Layered for Toy {
        type Chars = (i32, bool);
        type Effect = (u64, bool, Op);
        fn effects(&self) -> &[Self::Effect] {
            &self.0
        }
        fn applies(&self, c: &(i32, bool), e: &Self::Effect) -> bool {
            !e.1 || c.1
        }
        fn modify(&self, c: &mut (i32, bool), e: &Self::Effect) {
            match e.2 {
                Op::Add(n) => c.0 += n,
                Op::Fly => c.1 = true,
            }
        }
        fn timestamp(&self, e: &Self::Effect) -> u64 {
            e.0
        }
        fn apply_layers(&self, base: &(i32, bool), active: &[&Self::Effect]) -> (i32, bool) {
            let mut c = *base;
            for e in dependency_order(self, base, active.to_vec()) {
                self.modify(&mut c, e);
            }
            c
        }
    }

    #[test]
    fn an_effect_that_starts_applying_after_another_is_applied_once() {
        // +2 to fliers (timestamp 1) depends on "gains flying" (timestamp 2): both apply.
        let toy = Toy(vec![(1, true, Op::Add(2)), (2, false, Op::Fly)]);
        assert_eq!(solve(&toy, &(1, false)), (3, true));
        // Dependency order puts the flying first though it is newer.
        let order: Vec<u64> = dependency_order(&toy, &(1, false), toy.0.iter().collect()).iter().map(|e| e.0).collect();
        assert_eq!(order, vec![2, 1]);
    }

    /// A toy state for the memo: each object's power is its own number, plus a bonus that
    /// objects flagged as reading shared state add; `computes` counts how often the "layers" run.
    struct World {
        power: RefCell<Vec<i32>>,
        bonus: std::cell::Cell<i32>,
        computes: std::cell::Cell<u32>,
    }

    impl World {
        fn power(&self, cache: &CharsCache<i32>, i: usize, reads_bonus: bool) -> i32 {
            self.computes.set(self.computes.get() + 1);
            let own = self.power.borrow()[i];
            if reads_bonus {
                cache.read_shared();
                own + self.bonus.get()
            } else {
                own
            }
        }
    }

    fn world() -> World {
        World { power: RefCell::new(vec![1, 2]), bonus: Default::default(), computes: Default::default() }
    }

    /// Object 0 reads only its own record; object 1 reads the bonus too.
    fn get(w: &World, cache: &CharsCache<i32>, i: usize) -> i32 {
        cache.get_or_compute(i, || w.power(cache, i, i == 1), || format!("object {i}"))
    }

    #[test]
    fn the_cache_keeps_a_value_until_what_it_read_changes() {
        let (w, mut cache) = (world(), CharsCache::default());
        assert_eq!((get(&w, &cache, 0), get(&w, &cache, 1)), (1, 2));
        assert_eq!(w.computes.get(), 2);
        // A hit computes nothing in release builds; debug builds compute once more to check it.
        assert_eq!(get(&w, &cache, 1), 2);
        assert_eq!(w.computes.get(), if cfg!(debug_assertions) { 3 } else { 2 });
        // A shared change: object 1, which read shared state, is computed again; object 0 is not.
        w.bonus.set(10);
        cache.changed();
        let before = w.computes.get();
        assert_eq!(get(&w, &cache, 1), 12);
        assert_eq!(w.computes.get(), before + 1);
        assert_eq!(get(&w, &cache, 0), 1);
        // A change of object 0's own record, and of the effects, reach it.
        w.power.borrow_mut()[0] = 5;
        cache.changed_object(0);
        assert_eq!(get(&w, &cache, 0), 5);
        w.power.borrow_mut()[0] = 6;
        cache.changed_all();
        assert_eq!(get(&w, &cache, 0), 6);
        // A clone refills: its first query computes.
        let before = w.computes.get();
        let copy = cache.clone();
        assert_eq!(get(&w, &copy, 0), 6);
        assert_eq!(w.computes.get(), before + 1);
    }

    #[test]
    fn asking_for_another_object_reads_shared_state() {
        let (w, mut cache) = (world(), CharsCache::default());
        // Object 0's value is computed from object 1's, itself remembered already.
        get(&w, &cache, 1);
        let sum = |c: &CharsCache<i32>| c.get_or_compute(0, || w.power.borrow()[0] + get(&w, c, 1), || "object 0".into());
        assert_eq!(sum(&cache), 3);
        w.power.borrow_mut()[1] = 4;
        cache.changed_object(1);
        assert_eq!(sum(&cache), 5);
    }

    #[test]
    fn a_value_that_read_another_record_lasts_until_that_record_changes() {
        let (w, mut cache) = (world(), CharsCache::default());
        // Object 0's value adds object 1's own number, read as a record (a passive's source).
        let get0 = |c: &CharsCache<i32>| {
            c.get_or_compute(
                0,
                || {
                    c.read_object(1);
                    w.computes.set(w.computes.get() + 1);
                    w.power.borrow()[0] + w.power.borrow()[1]
                },
                || "object 0".into(),
            )
        };
        assert_eq!(get0(&cache), 3);
        // A shared change, and a change of an object it did not read, leave it.
        let before = w.computes.get();
        cache.changed();
        cache.changed_object(5);
        assert_eq!(get0(&cache), 3);
        assert_eq!(w.computes.get(), before + u32::from(cfg!(debug_assertions)));
        w.power.borrow_mut()[1] = 4;
        cache.changed_object(1);
        assert_eq!(get0(&cache), 5);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "stale characteristics for object 1")]
    fn a_change_not_reported_is_caught_in_debug_builds() {
        let (w, cache) = (world(), CharsCache::default());
        get(&w, &cache, 1);
        w.bonus.set(5);
        get(&w, &cache, 1);
    }

    #[test]
    fn without_dependencies_timestamps_decide() {
        let toy = Toy(vec![(5, false, Op::Add(1)), (3, false, Op::Add(2))]);
        let order: Vec<u64> = dependency_order(&toy, &(0, false), toy.0.iter().collect()).iter().map(|e| e.0).collect();
        assert_eq!(order, vec![3, 5]);
        assert_eq!(solve(&toy, &(0, false)), (3, false));
    }
}
