//! The name table that gives each distinct qualified name of a [`Dom`](super::Dom) one `u32`,
//! and the table of plain attribute names, kept once each in the `Dom`'s text arena. Both hash
//! with the interface's [`FastState`] (full key comparison, a seed per table). Layer: the DOM.

use super::{StrRef, TextArena, to_u32};
use crate::tree_interface::{FastMap, FastState, KnownName, Namespace, QualName, QualNameRef};
use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

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

/// Whether `a` and `b` are equal, names of up to 16 bytes (nearly every attribute name)
/// compared as two overlapping words each, in line: the slices' `==` is a call to `bcmp`,
/// about a third of an attribute name's lookup (issue 26).
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], i: usize| u64::from_le_bytes(s[i..i + 8].try_into().unwrap_or([0; 8]));
    let half = |s: &[u8], i: usize| u32::from_le_bytes(s[i..i + 4].try_into().unwrap_or([0; 4]));
    match n {
        0 => true,
        1..4 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..8 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

/// The distinct qualified names of one `Dom` (beyond the [`KnownName`]s, which are static and
/// numbered below `FIRST`): index → name, and name → index through an open-addressing table
/// of indexes (linear probing, at most half full) with each name's hash kept beside it, so a
/// probe compares names only when the hashes agree.
///
/// A name is 32 bytes: its namespace as a number, its prefix and local name in the `Dom`'s
/// text arena. It becomes a [`QualName`] only when a view borrows one
/// ([`ElementRef::name`](super::ElementRef)), once per name, so parsing makes none: a
/// `QualName` per name (80 bytes with its hash, its namespace URL and local name allocated
/// apiece) was 0.28 times the input of the XML corpus (issue 26, peak memory).
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    names: Vec<Entry>,
    /// Each name as a `QualName`, made the first time it is asked for; the list itself is made
    /// at the first such request, so a parse allocates nothing for it.
    owned: OnceLock<Vec<OnceLock<Box<QualName>>>>,
    /// The namespaces of `Other` URLs (numbered from `BUILTIN.len()`), and their numbers.
    others: Vec<Namespace>,
    other_index: FastMap<Namespace, u32>,
    /// Index + 1 of a name, 0 for an empty slot. Its length is a power of two (or zero).
    table: Vec<u32>,
    state: FastState,
}

/// One name of a [`Names`]: `ns` is the namespace's number with `HAS_PREFIX` set when there
/// is a prefix; `hash` the low 32 bits of the name's hash (the table is never larger).
#[derive(Clone, Copy, Debug)]
struct Entry {
    ns: u32,
    prefix: StrRef,
    local: StrRef,
    hash: u32,
}

const HAS_PREFIX: u32 = 1 << 31;

/// The namespaces with a variant of their own, numbered by their place here.
static BUILTIN: [Namespace; 7] = [
    Namespace::None,
    Namespace::Html,
    Namespace::MathMl,
    Namespace::Svg,
    Namespace::XLink,
    Namespace::Xml,
    Namespace::Xmlns,
];

/// The first index [`Names`] gives a name of its own: the ones below are the parser's
/// [`KnownName`]s, whose names are static.
const FIRST: u32 = KnownName::COUNT as u32;

impl Names {
    /// The name `index` as a `QualName` (made on the first request for it).
    pub fn get(&self, index: u32, text: &TextArena) -> &QualName {
        let Some(i) = index.checked_sub(FIRST) else { return KnownName(index as u16).qual_name() };
        let owned = self.owned.get_or_init(|| (0..self.names.len()).map(|_| OnceLock::new()).collect());
        // As long as `names`: `add` keeps it in step once it exists.
        owned[i as usize].get_or_init(|| Box::new(self.entry_ref(&self.names[i as usize], text).to_owned()))
    }

    /// The name `index`, borrowed (no `QualName` made).
    pub fn get_ref<'a>(&'a self, index: u32, text: &'a TextArena) -> QualNameRef<'a> {
        let Some(i) = index.checked_sub(FIRST) else { return KnownName(index as u16).qual_name().as_ref() };
        self.entry_ref(&self.names[i as usize], text)
    }

    fn entry_ref<'a>(&'a self, e: &Entry, text: &'a TextArena) -> QualNameRef<'a> {
        QualNameRef {
            ns: self.namespace(e.ns & !HAS_PREFIX),
            prefix: (e.ns & HAS_PREFIX != 0).then(|| text.get(e.prefix)),
            local: text.get(e.local),
        }
    }

    fn namespace(&self, n: u32) -> &Namespace {
        let n = n as usize;
        BUILTIN.get(n).or_else(|| self.others.get(n - BUILTIN.len())).unwrap_or(&Namespace::None)
    }

    /// The index of `name`, adding it (its strings to `text`) the first time.
    #[inline]
    pub fn intern(&mut self, name: QualNameRef<'_>, text: &mut TextArena) -> u32 {
        let h = hash_name(&self.state, name) as u32;
        if !self.table.is_empty() {
            let mask = self.table.len() - 1;
            let mut i = h as usize & mask;
            loop {
                let slot = self.table[i];
                if slot == 0 {
                    break;
                }
                let e = &self.names[slot as usize - 1];
                if e.hash == h && self.entry_ref(e, text) == name {
                    return slot - 1 + FIRST;
                }
                i = (i + 1) & mask;
            }
        }
        self.add(name, h, text)
    }

    #[cold]
    fn add(&mut self, name: QualNameRef<'_>, h: u32, text: &mut TextArena) -> u32 {
        let index = u32::try_from(self.names.len()).ok().filter(|&i| i < super::QUALIFIED - FIRST);
        let index = index.expect("fewer than 2^31 distinct names");
        let ns = match BUILTIN.iter().position(|b| b == name.ns) {
            Some(n) => n as u32,
            None => match self.other_index.get(name.ns) {
                Some(&n) => n,
                None => {
                    let n = to_u32(BUILTIN.len() + self.others.len());
                    assert!(n < HAS_PREFIX, "fewer than 2^31 namespaces");
                    self.others.push(name.ns.clone());
                    self.other_index.insert(name.ns.clone(), n);
                    n
                }
            },
        };
        let (ns, prefix) = match name.prefix {
            Some(p) => (ns | HAS_PREFIX, text.push(p)),
            None => (ns, StrRef::default()),
        };
        self.names.push(Entry { ns, prefix, local: text.push(name.local), hash: h });
        if let Some(owned) = self.owned.get_mut() {
            owned.push(OnceLock::new());
        }
        if self.names.len() * 2 > self.table.len() {
            let size = (self.table.len() * 2).max(16);
            self.table = vec![0; size];
            for (k, e) in self.names.iter().enumerate() {
                Self::place(&mut self.table, e.hash as u64, k as u32 + 1);
            }
        } else {
            Self::place(&mut self.table, h as u64, index + 1);
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
            // Bytes, not `str`: the stored name is whole, so no character boundary to check.
            if nh == h && same_bytes(text.bytes(r), name.as_bytes()) {
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
    use std::borrow::Cow;

    /// `same_bytes` agrees with `==` on every pair of strings up to 20 bytes over a small
    /// alphabet that differ in one place, at each length (the word comparisons' overlaps).
    #[test]
    fn same_bytes_is_equality() {
        for n in 0..=20usize {
            let base: Vec<u8> = (0..n).map(|i| b'a' + (i % 3) as u8).collect();
            assert!(same_bytes(&base, &base.clone()), "{n}");
            for at in 0..n {
                let mut other = base.clone();
                other[at] = b'z';
                assert!(!same_bytes(&base, &other), "{n} at {at}");
            }
            let mut longer = base.clone();
            longer.push(b'a');
            assert!(!same_bytes(&base, &longer), "{n} and {}", n + 1);
        }
    }

    /// Names in every kind of namespace, with and without prefix, read back as they were
    /// interned (borrowed and as `QualName`), keep their number when interned again, and a
    /// name added after a `QualName` was made (the list of made names exists) reads back too.
    #[test]
    fn names_read_back_before_and_after_they_are_made() {
        let mut names = Names::default();
        let mut text = TextArena::default();
        let other = |u: &str| Namespace::Other(u.into());
        let spaces = [Namespace::None, Namespace::Svg, Namespace::Xml, other("urn:a"), other("urn:b"), other("")];
        let mut all = Vec::new();
        for (i, ns) in spaces.iter().enumerate() {
            for prefix in [None, Some("p"), Some("")] {
                for local in ["x", "", "café", "long-local-name"] {
                    let q = QualName {
                        ns: ns.clone(),
                        prefix: prefix.map(|p: &str| Cow::Owned(p.to_owned())),
                        local: Cow::Owned(format!("{local}{}", i % 2)),
                    };
                    let n = names.intern(q.as_ref(), &mut text);
                    all.push((n, q));
                    if all.len() == 20 {
                        // Make the list of `QualName`s part way: later names join it.
                        assert_eq!(*names.get(all[3].0, &text), all[3].1);
                    }
                }
            }
        }
        for (n, q) in &all {
            assert_eq!(names.intern(q.as_ref(), &mut text), *n, "{q:?}");
            assert_eq!(names.get_ref(*n, &text), q.as_ref());
            assert_eq!(*names.get(*n, &text), *q);
        }
        let distinct: std::collections::HashSet<u32> = all.iter().map(|(n, _)| *n).collect();
        assert_eq!(distinct.len(), all.len());
        assert_eq!(names.others.len(), 3);
        let known = KnownName::COUNT as u32 - 1;
        assert_eq!(names.get_ref(known, &text), KnownName(known as u16).qual_name().as_ref());
    }
}
