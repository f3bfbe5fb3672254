//! A cheap non-cryptographic hasher for the parser's internal tables, the name table that
//! gives each distinct qualified name of a [`Dom`](super::Dom) one `u32`, and the table of
//! plain attribute names, kept once each in the `Dom`'s text arena.
//!
//! The keys hashed here are tag and attribute names and small integers that the parser
//! itself controls the use of; every table that input can grow is probed with full key
//! comparison, so a collision costs a comparison, never a wrong answer. Each table starts its
//! hashes from its own seed (random per thread, from std's `RandomState`, and stepped per
//! table), so input cannot be crafted to collide in advance and make probing quadratic; SipHash's stronger
//! guarantee is not worth its cost on this path.

use super::{Namespace, QualName, QualNameRef, StrRef, TextArena};
use crate::html::tree::KnownName;
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

fn hash_name(state: &FastState, n: QualNameRef<'_>) -> u64 {
    let mut h = state.build_hasher();
    match n.ns {
        Namespace::None => h.write_u64(0),
        Namespace::Html => h.write_u64(1),
        Namespace::MathMl => h.write_u64(2),
        Namespace::Svg => h.write_u64(3),
        Namespace::XLink => h.write_u64(4),
        Namespace::Xml => h.write_u64(5),
        Namespace::Xmlns => h.write_u64(6),
        Namespace::Other(u) => {
            h.write_u64(7);
            h.write(u.as_bytes());
        }
    }
    if let Some(p) = n.prefix {
        h.write(p.as_bytes());
        h.write_u8(b':');
    }
    h.write(n.local.as_bytes());
    h.finish()
}

/// The distinct qualified names of one `Dom` (beyond the [`KnownName`]s, which are static and
/// numbered below `FIRST`): index → name, and name → index through an
/// open-addressing table of indexes (linear probing, at most half full) with each name's hash
/// kept beside it, so a probe compares names only when the hashes agree.
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    names: Vec<(QualName, u64)>,
    /// Index + 1 of a name, 0 for an empty slot. Its length is a power of two (or zero).
    table: Vec<u32>,
    state: FastState,
}

/// The first index [`Names`] gives a name of its own: the ones below are the parser's
/// [`KnownName`]s, whose names are static.
const FIRST: u32 = KnownName::COUNT as u32;

impl Names {
    pub fn get(&self, index: u32) -> &QualName {
        match index.checked_sub(FIRST) {
            None => KnownName(index as u16).qual_name(),
            Some(i) => &self.names[i as usize].0,
        }
    }

    /// The index of `name`, adding it the first time.
    #[inline]
    pub fn intern(&mut self, name: QualNameRef<'_>) -> u32 {
        let h = hash_name(&self.state, name);
        if !self.table.is_empty() {
            let mask = self.table.len() - 1;
            let mut i = h as usize & mask;
            loop {
                let slot = self.table[i];
                if slot == 0 {
                    break;
                }
                let (n, nh) = &self.names[slot as usize - 1];
                if *nh == h && n.as_ref() == name {
                    return slot - 1 + FIRST;
                }
                i = (i + 1) & mask;
            }
        }
        self.add(name, h)
    }

    #[cold]
    fn add(&mut self, name: QualNameRef<'_>, h: u64) -> u32 {
        let index = u32::try_from(self.names.len()).ok().filter(|&i| i < super::QUALIFIED - FIRST);
        let index = index.expect("fewer than 2^31 distinct names");
        self.names.push((name.to_owned(), h));
        if self.names.len() * 2 > self.table.len() {
            let size = (self.table.len() * 2).max(64);
            self.table = vec![0; size];
            for (k, (_, h)) in self.names.iter().enumerate() {
                Self::place(&mut self.table, *h, k as u32 + 1);
            }
        } else {
            Self::place(&mut self.table, h, index + 1);
        }
        index + FIRST
    }

    fn place(table: &mut [u32], h: u64, slot: u32) {
        let mask = table.len() - 1;
        let mut i = h as usize & mask;
        while table[i] != 0 {
            i = (i + 1) & mask;
        }
        table[i] = slot;
    }
}

/// The distinct plain attribute names (no namespace, no prefix) of one `Dom`: index → where
/// the name is in the text arena, and name → index through an open-addressing table as in
/// [`Names`]. 16 bytes per distinct name plus its slots; the text is the name's own bytes.
#[derive(Clone, Debug, Default)]
pub(crate) struct LocalNames {
    /// Each name's place in the text arena and its hash (the low 32 bits: the table is never
    /// larger than that).
    names: Vec<(StrRef, u32)>,
    /// Index + 1 of a name, 0 for an empty slot. Its length is a power of two (or zero).
    table: Vec<u32>,
    state: FastState,
}

impl LocalNames {
    pub fn get(&self, index: u32) -> StrRef {
        self.names.get(index as usize).map_or(StrRef::default(), |n| n.0)
    }

    /// The index of `name`, adding it (to the table, and its bytes to `text`) the first time.
    #[inline]
    pub fn intern(&mut self, name: &str, text: &mut TextArena) -> u32 {
        let h = self.state.hash_str(name) as u32;
        match self.lookup(name, h, text) {
            Some(i) => i,
            None => self.add(name, h, text),
        }
    }

    /// The index of `name` if some attribute has had it (a lookup that adds nothing).
    pub fn find(&self, name: &str, text: &TextArena) -> Option<u32> {
        self.lookup(name, self.state.hash_str(name) as u32, text)
    }

    #[inline]
    fn lookup(&self, name: &str, h: u32, text: &TextArena) -> Option<u32> {
        if self.table.is_empty() {
            return None;
        }
        let mask = self.table.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let slot = self.table[i];
            if slot == 0 {
                return None;
            }
            let (r, nh) = self.names[slot as usize - 1];
            if nh == h && text.get(r) == name {
                return Some(slot - 1);
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn add(&mut self, name: &str, h: u32, text: &mut TextArena) -> u32 {
        let index = u32::try_from(self.names.len()).ok().filter(|&i| i < super::QUALIFIED);
        let index = index.expect("fewer than 2^31 distinct attribute names");
        self.names.push((text.push(name), h));
        if self.names.len() * 2 > self.table.len() {
            let size = (self.table.len() * 2).max(16);
            self.table = vec![0; size];
            for (k, (_, h)) in self.names.iter().enumerate() {
                Names::place(&mut self.table, *h as u64, k as u32 + 1);
            }
        } else {
            Names::place(&mut self.table, h as u64, index + 1);
        }
        index
    }
}

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
