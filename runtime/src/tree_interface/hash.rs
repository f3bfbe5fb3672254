//! A cheap non-cryptographic hasher for the parsers' and the DOM's internal tables
//! ([`FastMap`]). Layer: the tree-building interface (both tree builders and the DOM hash names
//! with it).
//!
//! The keys hashed here are tag and attribute names and small integers that the parser
//! itself controls the use of; every table that input can grow is probed with full key
//! comparison, so a collision costs a comparison, never a wrong answer. Each table starts its
//! hashes from its own seed (random per thread, from std's `RandomState`, and stepped per
//! table), so input cannot be crafted to collide in advance and make probing quadratic; SipHash's stronger
//! guarantee is not worth its cost on this path.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

const K: u64 = 0xf135_7aea_2e62_a9c5;

/// A multiply-rotate hasher (one multiply per eight bytes), started from its table's seed.
#[derive(Clone, Copy)]
pub(crate) struct FastHasher(u64);

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(K).rotate_left(26);
    }
}

impl Hasher for FastHasher {
    /// Eight bytes at a time; the last partial word is read as two overlapping loads, never
    /// byte by byte.
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let n = bytes.len();
        let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
        let half = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or([0; 4])) as u64;
        if n >= 8 {
            let mut i = 0;
            while i + 8 < n {
                self.add(word(i));
                i += 8;
            }
            self.add(word(n - 8) ^ n as u64);
        } else if n >= 4 {
            self.add((half(0) | (half(n - 4) << 32)) ^ ((n as u64) << 59));
        } else if n > 0 {
            let w = bytes[0] as u64 | (bytes[n / 2] as u64) << 8 | (bytes[n - 1] as u64) << 16;
            self.add(w ^ ((n as u64) << 59));
        } else {
            self.add(1 << 63);
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The seed of one table's [`FastHasher`]s, drawn at random when the table is created.
#[derive(Clone, Debug)]
pub(crate) struct FastState(u64);

impl Default for FastState {
    /// One random draw per thread (std's `RandomState`, which costs a SipHash), then a cheap
    /// step per table, so tables made per element stay cheap and still get distinct seeds.
    #[inline]
    fn default() -> Self {
        thread_local! {
            static NEXT: std::cell::Cell<u64> = std::cell::Cell::new(RandomState::new().hash_one(0u64));
        }
        FastState(NEXT.with(|n| {
            let seed = n.get();
            n.set(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
            seed
        }))
    }
}

impl BuildHasher for FastState {
    type Hasher = FastHasher;
    #[inline]
    fn build_hasher(&self) -> FastHasher {
        FastHasher(self.0)
    }
}

impl FastState {
    /// Hash a string with this seed.
    #[inline]
    pub fn hash_str(&self, s: &str) -> u64 {
        let mut h = self.build_hasher();
        h.write(s.as_bytes());
        h.finish()
    }
}

pub(crate) type FastMap<K, V> = HashMap<K, V, FastState>;

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(seed: u64, bytes: &[u8]) -> u64 {
        let mut h = FastHasher(seed);
        h.write(bytes);
        h.finish()
    }

    /// 16-byte keys that all collide when hashing starts from a known seed (0): the first word
    /// is free, the second cancels its effect on the state. A table's random seed scatters them.
    #[test]
    fn keys_crafted_to_collide_for_a_known_seed_do_not_collide_for_a_table() {
        let mix = |w: u64| w.wrapping_mul(K).rotate_left(26);
        let crafted: Vec<[u8; 16]> = (0..1000u64)
            .map(|i| {
                let w0 = 0x6161_6161_0000_0000 | i;
                let w1 = mix(w0) ^ 0x1234_5678;
                let mut key = [0; 16];
                key[..8].copy_from_slice(&w0.to_le_bytes());
                key[8..].copy_from_slice(&w1.to_le_bytes());
                key
            })
            .collect();
        let at_zero: std::collections::HashSet<u64> = crafted.iter().map(|k| hash(0, k)).collect();
        assert_eq!(at_zero.len(), 1, "the construction collides for seed 0");
        let state = FastState::default();
        let seeded: std::collections::HashSet<u64> = crafted.iter().map(|k| hash(state.0, k)).collect();
        assert!(seeded.len() > 990, "{} distinct hashes of 1000", seeded.len());
        assert_ne!(FastState::default().0, FastState::default().0);
    }
}
