//! The game's only source of randomness. Seeded, cloneable (checkpoints and search copy it with
//! the state) and stable across builds: ChaCha8 from a pinned `rand_chacha`, and our own
//! bounded-integer and shuffle algorithms so no library upgrade can change a seed's games.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn new(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject method). `n` must be > 0.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "GameRng::below(0)");
        let n = n as u64;
        loop {
            let x = self.0.next_u64();
            let m = (x as u128) * (n as u128);
            let low = m as u64;
            if low >= n || low >= (u64::MAX - n + 1) % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

/// A well-mixed seed for item `index` of a run seeded with `seed` (SplitMix64 finalizer), so
/// runs with nearby seeds share no games.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_do_not_overlap_between_nearby_runs() {
        let a: Vec<u64> = (0..100).map(|i| derive_seed(1, i)).collect();
        let b: Vec<u64> = (0..100).map(|i| derive_seed(2, i)).collect();
        assert!(a.iter().all(|x| !b.contains(x)));
        assert_eq!(derive_seed(1, 5), derive_seed(1, 5));
    }

    #[test]
    fn same_seed_same_sequence() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        let xs: Vec<usize> = (0..50).map(|_| a.below(13)).collect();
        let ys: Vec<usize> = (0..50).map(|_| b.below(13)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 13));
        let mut c = GameRng::new(8);
        let zs: Vec<usize> = (0..50).map(|_| c.below(13)).collect();
        assert_ne!(xs, zs);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = GameRng::new(1);
        let mut v: Vec<u32> = (0..40).collect();
        r.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..40).collect::<Vec<_>>());
        assert_ne!(v, (0..40).collect::<Vec<_>>());
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = GameRng::new(3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
