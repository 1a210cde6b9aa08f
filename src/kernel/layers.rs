//! The layer solver: an object's characteristics are computed, never stored, from its printed
//! values and the continuous effects in force (Riftbound 446-453). The game says which effects
//! exist, whether one applies to the object as its characteristics stand, what each changes and
//! how its layers are applied; the kernel runs the two algorithms every layered game shares:
//! repeat until nothing changes, each effect applied once and disqualified once at most (449),
//! and, inside a layer, dependencies first, else timestamp order (451-453).

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

    #[test]
    fn without_dependencies_timestamps_decide() {
        let toy = Toy(vec![(5, false, Op::Add(1)), (3, false, Op::Add(2))]);
        let order: Vec<u64> = dependency_order(&toy, &(0, false), toy.0.iter().collect()).iter().map(|e| e.0).collect();
        assert_eq!(order, vec![3, 5]);
        assert_eq!(solve(&toy, &(0, false)), (3, false));
    }
}
