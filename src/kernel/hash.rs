//! FNV-1a, 64 bits: a hash that is the same on every machine, build and run (std's hasher is
//! seeded per process), for fingerprints that are written down and compared later: a game's final
//! state in a replay, the card set a run played with.

/// An FNV-1a hasher.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    pub fn write_u64(&mut self, x: u64) {
        self.write(&x.to_le_bytes());
    }
    pub fn finish(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Fnv1a;

    /// The published FNV-1a 64 test vectors: the empty string and "a".
    #[test]
    fn matches_the_reference_values() {
        let of = |bytes: &[u8]| {
            let mut h = Fnv1a::default();
            h.write(bytes);
            h.finish()
        };
        assert_eq!(of(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(of(b"a"), 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv1a::default();
        h.write(b"fo");
        h.write(b"o");
        assert_eq!(h.finish(), of(b"foo"), "writing in pieces is writing the whole");
    }
}
