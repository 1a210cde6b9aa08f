//! The layer solver: an object's characteristics are computed, never stored, from its printed
//! values and the continuous effects in force (Riftbound 446-453). The game says which effects
//! exist, the layer of each, whether one applies to the object as its characteristics stand,
//! and what each changes; the kernel runs the two algorithms every layered game shares: the
//! layers in order, each effect decided on what the earlier layers made, repeated until nothing
//! changes, each effect applied once and disqualified once at most (449), and, inside a layer,
//! dependencies first, else timestamp order (451-453). Solving is the costly part of a rules
//! query, so [`CharsCache`] keeps each object's result until what it was computed from changes.

use std::cell::RefCell;

/// One object's view of a game's continuous effects.
pub trait Layered {
    type Chars: Clone + PartialEq;
    type Effect;
    /// How many layers (steps of application) the game has.
    const LAYERS: usize;
    /// Every continuous effect in force.
    fn effects(&self) -> &[Self::Effect];
    /// The layer `e` is applied in, below [`LAYERS`](Layered::LAYERS).
    fn layer(&self, e: &Self::Effect) -> usize;
    /// Whether `e` applies to the object while its characteristics are `chars`.
    fn applies(&self, chars: &Self::Chars, e: &Self::Effect) -> bool;
    /// Applies `e` to `chars` (alone, also to find dependencies).
    fn modify(&self, chars: &mut Self::Chars, e: &Self::Effect);
    fn timestamp(&self, e: &Self::Effect) -> u64;
    /// What entering `layer` changes besides its effects (the object's own state, such as
    /// Riftbound's buffs in the arithmetic layer).
    fn enter_layer(&self, chars: &mut Self::Chars, layer: usize);
    /// The characteristics an effect of `layer` is decided on: what `now` (this sequence, so
    /// far) says of what `layer` and the earlier layers make, and what `before` (the previous
    /// sequence's result) says of what later layers make, which this sequence has not reached.
    fn judged(&self, now: &Self::Chars, before: &Self::Chars, layer: usize) -> Self::Chars;
    /// False only if `e` cannot apply to the object whatever its characteristics (an effect on
    /// another object, a kind of object it is not): the solver leaves such effects out, and an
    /// object no effect may apply to skips the fixpoint. Every effect may apply unless the game
    /// says otherwise.
    fn may_apply(&self, _e: &Self::Effect) -> bool {
        true
    }
}

/// 449: the characteristics from `base`. Each sequence applies the layers in order to `base`
/// (449.1); an effect is decided on the characteristics the earlier layers and the effects
/// before it in its layer made, so its own change never decides it; what later layers make is
/// read from the previous sequence (the first reads `base`: 449.1, conditions read the printed
/// values), which is how an effect of an earlier layer starts applying after a later one
/// changed (449.2, Fiora's example). An effect that starts applying keeps applying until it no
/// longer applies where it is decided, and then is removed for good (449.3): each flag flips
/// once at most. The sequences recur until one flips nothing and changes nothing (449), or
/// flips nothing after one that flipped nothing: no effect started or stopped applying, which
/// is all 449 counts, and the passes end however the order they read from the previous one
/// moves (each flag flips once, so at most 4n + 2 passes).
pub fn solve<L: Layered>(l: &L, base: &L::Chars) -> L::Chars {
    let effects = l.effects();
    let n = effects.len();
    // No effect may apply: the sequences would flip nothing and apply nothing, so the result
    // is one sequence of the layers' own changes. Most objects are in this case most of the time.
    // An effect that may not apply to this object never does, whatever the layers make of it:
    // it is left out, so neither its application nor its dependencies are looked at.
    let live: Vec<bool> = effects.iter().map(|e| l.may_apply(e)).collect();
    if !live.contains(&true) {
        let mut now = base.clone();
        for layer in 0..L::LAYERS {
            l.enter_layer(&mut now, layer);
        }
        return now;
    }
    // Each effect's standing: not yet applied, applied, or removed for good (449.3).
    let mut standing = vec![Standing::NotYet; n];
    let mut before = base.clone();
    let mut calm = false;
    let mut unplaced: Vec<usize> = Vec::with_capacity(n);
    loop {
        let mut flipped = false;
        let mut now = base.clone();
        for layer in 0..L::LAYERS {
            l.enter_layer(&mut now, layer);
            unplaced.clear();
            unplaced.extend(
                (0..n).filter(|&i| live[i] && standing[i] != Standing::Removed && l.layer(&effects[i]) == layer),
            );
            unplaced.sort_by_key(|&i| l.timestamp(&effects[i]));
            while !unplaced.is_empty() {
                let judged = l.judged(&now, &before, layer);
                let i = unplaced.remove(next_in_layer(l, &judged, effects, &unplaced));
                let ok = l.applies(&judged, &effects[i]);
                match (standing[i], ok) {
                    (Standing::NotYet, true) => {
                        standing[i] = Standing::Applied;
                        flipped = true;
                    }
                    (Standing::Applied, false) => {
                        standing[i] = Standing::Removed;
                        flipped = true;
                    }
                    _ => {}
                }
                if standing[i] == Standing::Applied {
                    l.modify(&mut now, &effects[i]);
                }
            }
        }
        if !flipped && (calm || now == before) {
            return now;
        }
        calm = !flipped;
        before = now;
    }
}

/// Where an effect stands in [`solve`]: each moves forward once at most.
#[derive(Clone, Copy, PartialEq)]
enum Standing {
    NotYet,
    Applied,
    Removed,
}

/// 451-453: which of a layer's `unplaced` effects (indices into `effects`, in timestamp order)
/// applies next, the characteristics standing at `chars`: the oldest that depends on none of the
/// others (B depends on A if applying A now changes whether B applies, 451.1.b, 452.1), or that
/// depends only on effects in a loop with it: a loop is applied in timestamp order (453), before
/// what depends on it. Asked again after each application, as what applies changes what depends
/// on what.
pub fn next_in_layer<L: Layered>(l: &L, chars: &L::Chars, effects: &[L::Effect], unplaced: &[usize]) -> usize {
    let n = unplaced.len();
    if n < 2 {
        return 0;
    }
    // The oldest is next unless some other effect changes whether it applies: only an effect
    // it depends on directly can start a chain of dependencies ending at it. Most layers have
    // no dependency at all, so this one column of the relation usually decides.
    let oldest = &effects[unplaced[0]];
    let oldest_applies = l.applies(chars, oldest);
    let depends = unplaced[1..].iter().any(|&a| {
        let mut after = chars.clone();
        l.modify(&mut after, &effects[a]);
        l.applies(&after, oldest) != oldest_applies
    });
    if !depends {
        return 0;
    }
    let applies: Vec<bool> = unplaced.iter().map(|&i| l.applies(chars, &effects[i])).collect();
    // on[a][b]: b depends on a, directly and then through others.
    let mut on: Vec<Vec<bool>> = unplaced
        .iter()
        .map(|&a| {
            let mut after = chars.clone();
            l.modify(&mut after, &effects[a]);
            unplaced.iter().zip(&applies).map(|(&b, &now)| a != b && now != l.applies(&after, &effects[b])).collect()
        })
        .collect();
    for k in 0..n {
        for a in 0..n {
            for b in 0..n {
                on[a][b] |= on[a][k] && on[k][b];
            }
        }
    }
    (0..n).find(|&b| (0..n).all(|a| !on[a][b] || on[b][a])).expect("a loop or an effect that depends on none")
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
    /// The objects whose computations are running, outermost first.
    computing: RefCell<Vec<usize>>,
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
    /// It met a dependency loop (an object asked for itself): never remembered.
    cyclic: bool,
}

impl<C> Default for CharsCache<C> {
    fn default() -> Self {
        CharsCache {
            version: 0,
            all_at: 0,
            objects_at: Vec::new(),
            slots: RefCell::new(Vec::new()),
            reads: RefCell::new(Reads::default()),
            computing: RefCell::new(Vec::new()),
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

    /// How many changes have been reported: two equal readings mean no reported change in
    /// between, so nothing characteristics are computed from has changed (a caller that looks
    /// at every object's values can skip looking again).
    pub fn version(&self) -> u64 {
        self.version
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
    /// A loop of dependencies (451-452 order effects that depend on each other but say nothing of
    /// a loop: two units that each count the other's Might) would ask for an object while its
    /// own computation runs. That inner request gets `on_cycle()` (the object as printed, as if
    /// its own effects were not applied yet, which is what timestamp order (453) gives the
    /// first of them) and no value that met the loop is remembered, so the same question on the
    /// same state gets the same answer.
    ///
    /// Debug builds compute again on every hit and panic, naming the object with `name`, if the
    /// two differ: a change the game did not report would otherwise serve stale values
    /// silently, so every test doubles as a check that none is missing.
    pub fn get_or_compute(
        &self,
        index: usize,
        compute: impl Fn() -> C,
        on_cycle: impl FnOnce() -> C,
        name: impl FnOnce() -> String,
    ) -> C {
        // The computation that asks (if any) depends on this object's characteristics, and so
        // on whatever they read.
        self.read_shared();
        if self.computing.borrow().contains(&index) {
            self.reads.borrow_mut().cyclic = true;
            return on_cycle();
        }
        let hit = self
            .slots
            .borrow()
            .get(index)
            .and_then(|s| s.as_ref())
            .and_then(|s| self.valid(index, s).then(|| s.value.clone()));
        if let Some(c) = hit {
            #[cfg(debug_assertions)]
            {
                let fresh = self.running(index, &compute);
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
        let value = self.running(index, &compute);
        let reads = self.reads.replace(outer);
        if reads.cyclic {
            self.reads.borrow_mut().cyclic = true;
            return value;
        }
        let mut slots = self.slots.borrow_mut();
        if slots.len() <= index {
            slots.resize_with(index + 1, || None);
        }
        slots[index] = Some(Slot { value: value.clone(), at: self.version, reads });
        value
    }

    /// `compute()` for object `index`, known to be running meanwhile.
    fn running(&self, index: usize, compute: &impl Fn() -> C) -> C {
        self.computing.borrow_mut().push(index);
        let value = compute();
        self.computing.borrow_mut().pop();
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game of one layer: characteristics are (power, flying); an effect applies to
    /// everything, only to objects with flying, only to those without, or to another object
    /// (never to this one), and adds power or grants or removes flying.
    struct Toy(Vec<(u64, Who, Op)>);
    #[derive(Clone, Copy)]
    enum Who {
        All,
        Fliers,
        Grounded,
        Elsewhere,
    }
    #[derive(Clone, Copy)]
    enum Op {
        Add(i32),
        Fly(bool),
    }

    impl Layered for Toy {
        type Chars = (i32, bool);
        type Effect = (u64, Who, Op);
        const LAYERS: usize = 1;
        fn effects(&self) -> &[Self::Effect] {
            &self.0
        }
        fn layer(&self, _: &Self::Effect) -> usize {
            0
        }
        fn applies(&self, c: &(i32, bool), e: &Self::Effect) -> bool {
            match e.1 {
                Who::All => true,
                Who::Fliers => c.1,
                Who::Grounded => !c.1,
                Who::Elsewhere => panic!("asked whether an effect on another object applies"),
            }
        }
        fn may_apply(&self, e: &Self::Effect) -> bool {
            !matches!(e.1, Who::Elsewhere)
        }
        fn modify(&self, c: &mut (i32, bool), e: &Self::Effect) {
            match e.2 {
                Op::Add(n) => c.0 += n,
                Op::Fly(f) => c.1 = f,
            }
        }
        fn timestamp(&self, e: &Self::Effect) -> u64 {
            e.0
        }
        fn enter_layer(&self, _: &mut (i32, bool), _: usize) {}
        fn judged(&self, now: &(i32, bool), _: &(i32, bool), _: usize) -> (i32, bool) {
            *now
        }
    }

    /// The order the toy's one layer applies its effects in (each applied as it is placed).
    fn order(toy: &Toy, mut chars: (i32, bool)) -> Vec<u64> {
        let mut unplaced: Vec<usize> = (0..toy.0.len()).collect();
        unplaced.sort_by_key(|&i| toy.0[i].0);
        let mut out = Vec::new();
        while !unplaced.is_empty() {
            let i = unplaced.remove(next_in_layer(toy, &chars, &toy.0, &unplaced));
            toy.modify(&mut chars, &toy.0[i]);
            out.push(toy.0[i].0);
        }
        out
    }

    #[test]
    fn an_effect_that_starts_applying_after_another_is_applied_once() {
        // +2 to fliers (timestamp 1) depends on "gains flying" (timestamp 2): both apply.
        let toy = Toy(vec![(1, Who::Fliers, Op::Add(2)), (2, Who::All, Op::Fly(true))]);
        assert_eq!(solve(&toy, &(1, false)), (3, true));
        // Dependency order puts the flying first though it is newer.
        assert_eq!(order(&toy, (1, false)), vec![2, 1]);
    }

    #[test]
    fn an_effect_is_not_disqualified_by_its_own_change() {
        // 449.1, 449.3: "grounded objects fly" is decided before it applies, on what came
        // before it; that it then flies does not remove it.
        let toy = Toy(vec![(1, Who::Grounded, Op::Fly(true))]);
        assert_eq!(solve(&toy, &(0, false)), (0, true));
        // Nor does an effect's change decide one applied before it in the layer: "fliers are
        // grounded" (newer, depends on the first) applies after it, and both stay.
        let toy = Toy(vec![(1, Who::Grounded, Op::Fly(true)), (2, Who::Fliers, Op::Fly(false))]);
        assert_eq!(solve(&toy, &(0, false)), (0, false));
    }

    #[test]
    fn an_effect_that_may_not_apply_is_left_out() {
        // "Another object flies" is neither asked about nor a dependency of "+2 to fliers".
        let toy = Toy(vec![(1, Who::Fliers, Op::Add(2)), (2, Who::Elsewhere, Op::Fly(true))]);
        assert_eq!(solve(&toy, &(1, false)), (1, false));
        assert_eq!(solve(&toy, &(1, true)), (3, true));
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
        cache.get_or_compute(i, || w.power(cache, i, i == 1), || 0, || format!("object {i}"))
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
        let sum = |c: &CharsCache<i32>| {
            c.get_or_compute(0, || w.power.borrow()[0] + get(&w, c, 1), || 0, || "object 0".into())
        };
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
                || 0,
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

    /// 451-453: two objects that each add the other's power ask for themselves through the
    /// other; the inner request sees the object as printed (0 extra here), the loop ends, and
    /// nothing computed in it is remembered.
    #[test]
    fn a_dependency_loop_ends_and_is_not_remembered() {
        let w = world();
        let cache = CharsCache::default();
        fn mutual(w: &World, c: &CharsCache<i32>, i: usize) -> i32 {
            c.get_or_compute(
                i,
                || {
                    w.computes.set(w.computes.get() + 1);
                    w.power.borrow()[i] + mutual(w, c, 1 - i)
                },
                || w.power.borrow()[i],
                || format!("object {i}"),
            )
        }
        // 0 = 1 + (1's 2 + 0 as printed, 1) = 4; and the other way round, 2 + (1 + 2) = 5.
        assert_eq!(mutual(&w, &cache, 0), 4);
        assert_eq!(mutual(&w, &cache, 1), 5);
        let before = w.computes.get();
        assert_eq!(mutual(&w, &cache, 0), 4);
        assert_eq!(w.computes.get(), before + 2, "computed again, not remembered");
    }

    #[test]
    fn without_dependencies_timestamps_decide() {
        let toy = Toy(vec![(5, Who::All, Op::Add(1)), (3, Who::All, Op::Add(2))]);
        assert_eq!(order(&toy, (0, false)), vec![3, 5]);
        assert_eq!(solve(&toy, &(0, false)), (3, false));
    }
}
