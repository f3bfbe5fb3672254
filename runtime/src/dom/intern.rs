//! A cheap non-cryptographic hasher for the parser's internal tables, and the name table that
//! gives each distinct qualified name of a [`Dom`](super::Dom) one `u32`.
//!
//! The keys hashed here are tag and attribute names and small integers that the parser
//! itself controls the use of; every table that input can grow is probed with full key
//! comparison, so a collision costs a comparison, never a wrong answer. SipHash's protection
//! against chosen collisions is not worth its cost on this path.

use super::{Namespace, QualName, QualNameRef};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0xf135_7aea_2e62_a9c5;

/// A multiply-rotate hasher (one multiply per eight bytes).
#[derive(Clone, Copy, Default)]
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

pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// Hash a string with [`FastHasher`].
#[inline]
pub(crate) fn hash_str(s: &str) -> u64 {
    let mut h = FastHasher::default();
    h.write(s.as_bytes());
    h.finish()
}

fn ns_code(ns: &Namespace) -> u64 {
    match ns {
        Namespace::None => 0,
        Namespace::Html => 1,
        Namespace::MathMl => 2,
        Namespace::Svg => 3,
        Namespace::XLink => 4,
        Namespace::Xml => 5,
        Namespace::Xmlns => 6,
        Namespace::Other(u) => 7 ^ hash_str(u),
    }
}

fn hash_name(n: QualNameRef<'_>) -> u64 {
    let mut h = FastHasher::default();
    h.write_u64(ns_code(n.ns));
    if let Some(p) = n.prefix {
        h.write(p.as_bytes());
        h.write_u8(b':');
    }
    h.write(n.local.as_bytes());
    h.finish()
}

/// The distinct qualified names of one `Dom`: index → name, and name → index through an
/// open-addressing table of indexes (linear probing, at most half full) with each name's hash
/// kept beside it, so a probe compares names only when the hashes agree.
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    names: Vec<(QualName, u64)>,
    /// Index + 1 of a name, 0 for an empty slot. Its length is a power of two (or zero).
    table: Vec<u32>,
}

impl Names {
    pub fn get(&self, index: u32) -> &QualName {
        &self.names[index as usize].0
    }

    /// The index of `name`, adding it the first time.
    #[inline]
    pub fn intern(&mut self, name: QualNameRef<'_>) -> u32 {
        let h = hash_name(name);
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
                    return slot - 1;
                }
                i = (i + 1) & mask;
            }
        }
        self.add(name, h)
    }

    #[cold]
    fn add(&mut self, name: QualNameRef<'_>, h: u64) -> u32 {
        let index = u32::try_from(self.names.len()).ok().filter(|&i| i < u32::MAX - 1);
        let index = index.expect("fewer than 4 billion distinct names");
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
        index
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
