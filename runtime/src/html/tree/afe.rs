//! The list of active formatting elements (spec: #list-of-active-formatting-elements), with
//! per-marker-segment counters so that Noah's Ark and the adoption agency's search only walk
//! the list when a match can exist. Entries' attributes (needed to create the element again)
//! are read back from the sink when it keeps them (`TreeSink::keeps_attributes`, the `Dom`
//! does), so a push copies nothing; else they live in one arena per list, reclaimed when the
//! list empties and compacted when mostly dead.
//! Noah's Ark keys are computed only once a segment holds three entries with the same tag
//! (fewer cannot be three equal ones), so the common `<a href=...>` pushed and removed again
//! hashes nothing.

use super::stack::ElemId;
use super::tags::Tag;
use crate::tree_interface::{Attrs, FastMap, FastState};

/// Where an entry's attributes are in the list's arena: `attrs[start..start + len]`; or, with
/// `start == IN_SINK`, the `len` attributes the entry's element has in the sink.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AttrRange {
    start: u32,
    len: u32,
}

/// The start of an [`AttrRange`] whose attributes are the element's own, read from the sink.
const IN_SINK: u32 = u32::MAX;

impl AttrRange {
    /// The attributes are the element's own, in the sink (none are in the arena).
    pub fn in_sink(self) -> bool {
        self.start == IN_SINK
    }

    /// How many arena records the range uses.
    fn copied(self) -> usize {
        if self.in_sink() { 0 } else { self.len as usize }
    }
}

/// An element's attributes as (name, value) pairs, read back from the sink: how the list sees
/// the entries whose attributes it did not copy.
pub(crate) type Pairs<'s> = Vec<(&'s str, &'s str)>;

pub(crate) struct Entry {
    pub id: ElemId,
    pub tag: Tag,
    /// The attributes of the token the element was created for.
    pub attrs: AttrRange,
    /// The Noah's Ark key, when `keyed`.
    key: u64,
    seg: u32,
    /// Counted in the `noah` map under `key` (see [`Segment::keyed`]).
    keyed: bool,
}

pub(crate) enum Item {
    Marker,
    Elem(Entry),
}

/// The tags that can be in the list (spec: #formatting), as the index of a counter.
fn slot(tag: Tag) -> Option<usize> {
    use Tag::*;
    Some(match tag {
        A => 0,
        B => 1,
        Big => 2,
        Code => 3,
        Em => 4,
        Font => 5,
        I => 6,
        Nobr => 7,
        S => 8,
        Small => 9,
        Strike => 10,
        Strong => 11,
        Tt => 12,
        U => 13,
        _ => return None,
    })
}
const SLOTS: usize = 14;

#[derive(Clone, Copy, Default)]
struct Segment {
    /// Entries per formatting tag.
    tags: [u32; SLOTS],
    /// Entries without attributes per formatting tag (Noah's Ark equality for them).
    plain: [u32; SLOTS],
    /// Bit `i`: the segment's entries with attributes of slot `i` have their keys and are
    /// counted in `noah`. Set the first time a push finds three entries of that tag in the
    /// segment (only then can three be equal), after which every such entry is keyed as
    /// it comes; each entry is keyed at most once, so the cost stays linear.
    keyed: u16,
}
pub(crate) struct Afe {
    pub items: Vec<Item>,
    /// Per segment (the part after a marker): how many entries of each formatting tag.
    segs: Vec<Segment>,
    /// Per (segment, Noah key): how many keyed entries with attributes. Zero counts are removed.
    /// Entries without attributes are counted in their segment's `plain` instead, so the
    /// common `<b>`, `<code>`, `<em>` never touch the map.
    noah: FastMap<(u32, u64), u32>,
    /// The attribute arena: names and values in `text`, as (start, len) pairs
    /// `[name start, name len, value start, value len]`. Formatting elements are HTML
    /// elements, so every attribute is in no namespace.
    text: String,
    attrs: Vec<[u32; 4]>,
    /// How many records of `attrs` entries still use.
    live: usize,
    /// The sink keeps its elements' attributes: entries point to them (`IN_SINK`) and the
    /// arena stays empty.
    in_sink: bool,
}

/// A key for "same tag name, namespace and attributes": attribute order does not matter, so
/// the attributes' hashes (seeded with the list's own seed) are combined by addition.
fn noah_key<'a>(state: &FastState, tag: Tag, attrs: impl Iterator<Item = (&'a str, &'a str)>) -> u64 {
    let mut key = (tag as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for (name, value) in attrs {
        key = key.wrapping_add(state.hash_str(name) ^ state.hash_str(value).rotate_left(17));
    }
    key
}

/// A token's or an arena entry's attributes as (name, value) pairs.
fn pairs_of<'a>(attrs: Attrs<'a>) -> impl Iterator<Item = (&'a str, &'a str)> {
    attrs.iter().map(|a| (a.name.local, a.value))
}

/// An entry's attribute records. An entry without attributes may hold a start past the end of
/// the arena (the arena is cleared when no entry has attributes, and such entries are left as
/// they are), so the range is read with `get`: empty either way (as for `IN_SINK`).
fn records(attrs: &[[u32; 4]], r: AttrRange) -> &[[u32; 4]] {
    let start = r.start as usize;
    attrs.get(start..start + r.len as usize).unwrap_or(&[])
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).expect("formatting-list arena fits in 32 bits")
}

impl Afe {
    /// A list for a builder whose sink keeps its elements' attributes (`in_sink`) or not.
    pub fn new(in_sink: bool) -> Afe {
        Afe {
            in_sink,
            items: Vec::new(),
            segs: vec![Segment::default()],
            noah: FastMap::default(),
            text: String::new(),
            attrs: Vec::new(),
            live: 0,
        }
    }

    /// The attributes of an entry whose range is not [`in_sink`](AttrRange::in_sink).
    pub fn attrs(&self, r: AttrRange) -> Attrs<'_> {
        debug_assert!(!r.in_sink());
        Attrs::packed(&self.text, records(&self.attrs, r))
    }

    /// Where a new entry's attributes are: the sink's (nothing copied), else copied into the
    /// arena. The sink's case in line: it is every push with the `Dom`, and the call, whose
    /// copying half saves registers, cost more than the case's own work (issue 26).
    #[inline(always)]
    fn store(&mut self, attrs: Attrs<'_>) -> AttrRange {
        if self.in_sink {
            return AttrRange { start: IN_SINK, len: to_u32(attrs.len()) };
        }
        self.copy_in(attrs)
    }

    /// Copy a new entry's attributes into the arena.
    #[inline(never)]
    fn copy_in(&mut self, attrs: Attrs<'_>) -> AttrRange {
        let start = to_u32(self.attrs.len());
        for a in attrs.iter() {
            let n = to_u32(self.text.len());
            self.text.push_str(a.name.local);
            let v = to_u32(self.text.len());
            self.text.push_str(a.value);
            self.attrs.push([n, v - n, v, to_u32(a.value.len())]);
        }
        self.live += attrs.len();
        AttrRange { start, len: to_u32(attrs.len()) }
    }

    /// Reclaim the arena: all of it when no entry uses it, else by copying the live records
    /// when they are less than a third of it and the dead ones outnumber the entries (so each
    /// record is copied, and each entry walked, O(1) times per dropped record).
    fn collect(&mut self) {
        if self.live == 0 {
            // Entries without attributes keep their start (see `records`): clearing does not
            // walk the list, which would make every push cost the length of the list.
            self.text.clear();
            self.attrs.clear();
            return;
        }
        // Compaction walks every entry: it waits until the dead records also outnumber the
        // entries, so each walk is paid for by records it drops (else a long list of entries
        // without attributes made every 64th push cost the whole list). The arena then holds
        // at most max(64, three times the live records, live records plus entries).
        let dead = self.attrs.len().saturating_sub(self.live);
        if self.attrs.len() < 64 || self.live * 3 > self.attrs.len() || dead < self.items.len() {
            return;
        }
        let (mut text, mut attrs) = (String::new(), Vec::with_capacity(self.live * 2));
        for item in &mut self.items {
            let Item::Elem(e) = item else { continue };
            if e.attrs.in_sink() {
                continue;
            }
            let start = to_u32(attrs.len());
            for r in records(&self.attrs, e.attrs) {
                let n = to_u32(text.len());
                text.push_str(&self.text[r[0] as usize..(r[0] + r[1]) as usize]);
                let v = to_u32(text.len());
                text.push_str(&self.text[r[2] as usize..(r[2] + r[3]) as usize]);
                attrs.push([n, r[1], v, r[3]]);
            }
            e.attrs.start = start;
        }
        self.text = text;
        self.attrs = attrs;
    }

    /// Whether an entry has these attributes (`sorted`), in any order: its own from the
    /// arena, or through `read` from the sink.
    fn same_attrs<'a>(&self, e: &Entry, sorted: &[(&str, &str)], read: &impl Fn(ElemId) -> Pairs<'a>) -> bool {
        if e.attrs.len as usize != sorted.len() {
            return false;
        }
        let mut v: Vec<(&str, &str)> =
            if e.attrs.in_sink() { read(e.id) } else { pairs_of(self.attrs(e.attrs)).collect() };
        v.sort_unstable();
        v == sorted
    }

    fn top(&self) -> u32 {
        (self.segs.len() - 1) as u32
    }

    pub fn insert_marker(&mut self) {
        self.items.push(Item::Marker);
        self.segs.push(Segment::default());
    }

    /// Count `e` in (`up`) or out of its segment's counters. In line: every push and removal
    /// comes here, and the call cost a third of its work.
    #[inline(always)]
    fn count(&mut self, e: &Entry, up: bool) {
        let bump = |c: &mut u32| *c = if up { *c + 1 } else { c.saturating_sub(1) };
        let slot = slot(e.tag);
        if let Some(i) = slot {
            bump(&mut self.segs[e.seg as usize].tags[i]);
        }
        match slot {
            Some(i) if e.attrs.len == 0 => bump(&mut self.segs[e.seg as usize].plain[i]),
            _ if !e.keyed => {}
            _ if up => *self.noah.entry((e.seg, e.key)).or_insert(0) += 1,
            _ => {
                if let Some(c) = self.noah.get_mut(&(e.seg, e.key)) {
                    *c -= 1;
                    if *c == 0 {
                        self.noah.remove(&(e.seg, e.key));
                    }
                }
            }
        }
    }

    /// How many entries of the top segment are Noah-equal to one with this tag, key and
    /// attributes.
    fn equal_count(&self, tag: Tag, key: u64, attrs: AttrRange) -> u32 {
        let seg = self.top();
        match slot(tag) {
            Some(i) if attrs.len == 0 => self.segs[seg as usize].plain[i],
            _ => self.noah.get(&(seg, key)).copied().unwrap_or(0),
        }
    }

    /// Whether a new entry of `tag` with attributes in the top segment is to be keyed: the
    /// segment's entries of that tag are keyed already, or there are three of them now (they
    /// are keyed here, walking the segment once).
    fn needs_key<'a>(&mut self, tag: Tag, read: &impl Fn(ElemId) -> Pairs<'a>) -> bool {
        let seg = self.top();
        let Some(i) = slot(tag) else { return true };
        let s = &mut self.segs[seg as usize];
        if s.keyed & (1 << i) != 0 {
            return true;
        }
        if s.tags[i] < 3 {
            return false;
        }
        s.keyed |= 1 << i;
        let hasher = self.noah.hasher().clone();
        let mut keyed = Vec::new();
        for (i, item) in self.items.iter().enumerate().rev() {
            match item {
                Item::Marker => break,
                Item::Elem(e) if e.tag == tag && e.attrs.len > 0 && !e.keyed => {
                    let key = if e.attrs.in_sink() {
                        noah_key(&hasher, tag, read(e.id).into_iter())
                    } else {
                        noah_key(&hasher, tag, pairs_of(self.attrs(e.attrs)))
                    };
                    keyed.push((i, e.seg, key));
                }
                Item::Elem(_) => {}
            }
        }
        for (i, seg, key) in keyed {
            if let Item::Elem(e) = &mut self.items[i] {
                e.key = key;
                e.keyed = true;
            }
            *self.noah.entry((seg, key)).or_insert(0) += 1;
        }
        true
    }

    /// spec: #push-onto-the-list-of-active-formatting-elements (Noah's Ark). Returns the
    /// element removed to make room, if any. `attrs` are the token's; `read` gives the
    /// attributes of an entry's element from the sink (entries whose range is `IN_SINK`).
    pub fn push<'a>(
        &mut self,
        id: ElemId,
        tag: Tag,
        attrs: Attrs<'_>,
        read: &impl Fn(ElemId) -> Pairs<'a>,
    ) -> Option<ElemId> {
        if !self.in_sink {
            self.collect();
        }
        let keyed = !attrs.is_empty() && self.needs_key(tag, read);
        let key = if keyed { noah_key(self.noah.hasher(), tag, pairs_of(attrs)) } else { 0 };
        let token = attrs;
        let attrs = self.store(attrs);
        let seg = self.top();
        let mut removed = None;
        // Without a key there are fewer than three entries of this tag, none equal enough.
        if (keyed || attrs.len == 0) && self.equal_count(tag, key, attrs) >= 3 {
            // At most three equal entries can be present, so the third found walking back is
            // the earliest.
            let mut sorted: Vec<(&str, &str)> = pairs_of(token).collect();
            sorted.sort_unstable();
            let mut found = 0;
            let mut at = None;
            for (i, item) in self.items.iter().enumerate().rev() {
                match item {
                    Item::Marker => break,
                    Item::Elem(e) if e.key == key && e.tag == tag && self.same_attrs(e, &sorted, read) => {
                        found += 1;
                        if found == 3 {
                            at = Some(i);
                            break;
                        }
                    }
                    Item::Elem(_) => {}
                }
            }
            if let Some(i) = at {
                removed = self.remove_at(i);
            }
        }
        let e = Entry { id, tag, attrs, key, seg, keyed };
        self.count(&e, true);
        self.items.push(Item::Elem(e));
        removed
    }

    /// Insert an entry for a new element at `index` (the adoption agency's bookmark), with
    /// the attributes of an entry removed just before (when they are in the sink, the new
    /// element's own, created with them).
    pub fn insert_at<'a>(
        &mut self,
        index: usize,
        id: ElemId,
        tag: Tag,
        attrs: AttrRange,
        read: &impl Fn(ElemId) -> Pairs<'a>,
    ) {
        let keyed = attrs.len > 0 && self.needs_key(tag, read);
        let key = match (keyed, attrs.in_sink()) {
            (false, _) => 0,
            (true, true) => noah_key(self.noah.hasher(), tag, read(id).into_iter()),
            (true, false) => noah_key(self.noah.hasher(), tag, pairs_of(self.attrs(attrs))),
        };
        self.live += attrs.copied();
        // The bookmark is after the last marker, in the top segment.
        let e = Entry { id, tag, attrs, key, seg: self.top(), keyed };
        self.count(&e, true);
        self.items.insert(index.min(self.items.len()), Item::Elem(e));
    }

    /// Remove the entry at `index`. In line, with the removal from the middle of the list out
    /// of line: most removals pop the last entry (an element closed by its own end tag).
    #[inline(always)]
    pub fn remove_at(&mut self, index: usize) -> Option<ElemId> {
        // The last entry, the usual one, is popped: nothing after it to move.
        let item = if index + 1 == self.items.len() { self.items.pop()? } else { self.remove_inner(index)? };
        self.forget(item)
    }

    #[inline(never)]
    fn remove_inner(&mut self, index: usize) -> Option<Item> {
        (index < self.items.len()).then(|| self.items.remove(index))
    }

    /// Count a removed item out of the list's counters; its element, if it is not a marker.
    #[inline(always)]
    fn forget(&mut self, item: Item) -> Option<ElemId> {
        match item {
            Item::Marker => None,
            Item::Elem(e) => {
                self.count(&e, false);
                self.live -= e.attrs.copied();
                Some(e.id)
            }
        }
    }

    /// Where `id`'s entry is, looked for after the last marker only. Every caller asks for an
    /// element that was after the last marker when the rule began (the formatting element the
    /// adoption agency found with [`Afe::last_with_tag`], the nodes above it on the stack, the
    /// `a` a nested `<a>` closes), and no rule moves an entry across a marker; so when the entry
    /// is gone, the search stops at the marker rather than walking every template's segment
    /// (`<template>` × N then `<a>` × N was quadratic: issue 22's search found it).
    pub fn index_of(&self, id: ElemId) -> Option<usize> {
        for (i, item) in self.items.iter().enumerate().rev() {
            match item {
                Item::Marker => return None,
                Item::Elem(e) if e.id == id => return Some(i),
                Item::Elem(_) => {}
            }
        }
        None
    }

    /// The last element with this tag after the last marker: (index, element).
    pub fn last_with_tag(&self, tag: Tag) -> Option<(usize, ElemId)> {
        match slot(tag) {
            Some(i) if self.segs[self.top() as usize].tags[i] > 0 => {}
            _ => return None,
        }
        for (i, item) in self.items.iter().enumerate().rev() {
            match item {
                Item::Marker => return None,
                Item::Elem(e) if e.tag == tag => return Some((i, e.id)),
                Item::Elem(_) => {}
            }
        }
        None
    }

    /// spec: #clear-the-list-of-active-formatting-elements-up-to-the-last-marker. Returns the
    /// removed elements.
    pub fn clear_to_last_marker(&mut self, mut removed: impl FnMut(ElemId)) {
        while let Some(item) = self.items.pop() {
            match item {
                Item::Marker => {
                    if self.segs.len() > 1 {
                        self.segs.pop();
                    }
                    return;
                }
                Item::Elem(e) => {
                    self.count(&e, false);
                    self.live -= e.attrs.copied();
                    removed(e.id)
                }
            }
        }
        self.segs.truncate(1);
        self.segs[0] = Segment::default();
        self.noah.clear();
    }

    pub fn entry(&self, index: usize) -> Option<&Entry> {
        match self.items.get(index) {
            Some(Item::Elem(e)) => Some(e),
            _ => None,
        }
    }

    /// Point the entry at `index` to a new element (same token).
    pub fn set_id(&mut self, index: usize, id: ElemId) {
        if let Some(Item::Elem(e)) = self.items.get_mut(index) {
            e.id = id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::token::Attribute;

    /// An entry without attributes made while the arena held records keeps its start when
    /// the arena is cleared (the list is not walked); reading it, and compacting the arena
    /// later, see no attributes and do not panic.
    #[test]
    fn entries_without_attributes_outlive_the_arena_they_started_in() {
        let href = [Attribute { name: "href".into(), value: "x".into() }];
        let mut afe = Afe::new(false);
        let none = |_| Vec::new();
        afe.push(0, Tag::A, Attrs::token(&href), &none);
        afe.push(1, Tag::B, Attrs::token(&[]), &none);
        afe.remove_at(0);
        // No entry has attributes: this push clears the arena, and entry 1's start is past it.
        afe.push(2, Tag::B, Attrs::token(&[]), &none);
        afe.push(3, Tag::I, Attrs::token(&href), &none);
        // Enough dead records for compaction, which walks every entry.
        for id in 4..200 {
            afe.push(id, Tag::A, Attrs::token(&href), &none);
            afe.remove_at(afe.items.len() - 1);
        }
        let seen: Vec<(ElemId, usize)> =
            (0..afe.items.len()).filter_map(|i| afe.entry(i)).map(|e| (e.id, afe.attrs(e.attrs).len())).collect();
        assert_eq!(seen, [(1, 0), (2, 0), (3, 1)]);
        assert!(afe.attrs.len() < 64, "compacted: {} records", afe.attrs.len());
        let i = afe.entry(2).map(|e| afe.attrs(e.attrs).get(0).map(|a| (a.name.local, a.value)));
        assert_eq!(i, Some(Some(("href", "x"))));
    }

    /// With the attributes in the sink (read back through `read`, never copied), Noah's Ark
    /// still removes the earliest of three equal entries, attribute order aside, and keeps
    /// entries whose attributes differ.
    #[test]
    fn noahs_ark_reads_attributes_back_from_the_sink() {
        let attrs: Vec<Vec<(&str, &str)>> = vec![
            vec![("href", "x"), ("class", "c")],
            vec![("class", "c"), ("href", "x")],
            vec![("href", "y")],
            vec![("href", "x"), ("class", "c")],
            vec![("class", "c"), ("href", "x")],
            vec![("href", "x"), ("class", "c")],
        ];
        let read = |id: ElemId| attrs[id as usize].clone();
        let token = |id: usize| -> Vec<Attribute<'static>> {
            attrs[id].iter().map(|&(n, v)| Attribute { name: n.into(), value: v.into() }).collect()
        };
        let mut afe = Afe::new(true);
        let mut removed = Vec::new();
        for id in 0..attrs.len() {
            let t = token(id);
            removed.push(afe.push(id as ElemId, Tag::A, Attrs::token(&t), &read));
        }
        // The fourth equal entry (id 4) removes the first (0), the fifth the second (1).
        assert_eq!(removed, [None, None, None, None, Some(0), Some(1)]);
        let left: Vec<ElemId> = (0..afe.items.len()).filter_map(|i| afe.entry(i)).map(|e| e.id).collect();
        assert_eq!(left, [2, 3, 4, 5]);
        assert!(afe.attrs.is_empty() && afe.text.is_empty(), "nothing copied");
    }
}
