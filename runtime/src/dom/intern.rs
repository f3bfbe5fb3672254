//! The name table that gives each distinct qualified name of a [`Dom`](super::Dom) one `u32`,
//! and the table of plain attribute names, kept once each in the `Dom`'s text arena. Both hash
//! with the interface's [`FastState`] (full key comparison, a seed per table). Layer: the DOM.

use super::{StrRef, TextArena};
use crate::tree_interface::{FastState, KnownName, Namespace, QualName, QualNameRef};
use std::hash::{BuildHasher, Hasher};

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
