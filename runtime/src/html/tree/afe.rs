//! The list of active formatting elements (spec: #list-of-active-formatting-elements), with
//! per-marker-segment counters so that Noah's Ark and the adoption agency's search only walk
//! the list when a match can exist.

use super::stack::ElemId;
use super::tags::Tag;
use crate::dom::Attr;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

pub(crate) struct Entry {
    pub id: ElemId,
    pub tag: Tag,
    /// The attributes of the token the element was created for (to create it again).
    pub attrs: Vec<Attr>,
    key: u64,
    seg: u32,
}

pub(crate) enum Item {
    Marker,
    Elem(Entry),
}

#[derive(Default)]
struct Segment {
    tag_counts: HashMap<Tag, u32>,
    noah: HashMap<u64, u32>,
}

pub(crate) struct Afe {
    pub items: Vec<Item>,
    segs: Vec<Segment>,
}

/// A key for "same tag name, namespace and attributes" (attribute order does not matter).
fn noah_key(tag: Tag, attrs: &[Attr]) -> u64 {
    let mut pairs: Vec<(&str, &str, &crate::dom::Namespace)> =
        attrs.iter().map(|a| (&*a.name.local, a.value.as_str(), &a.name.ns)).collect();
    pairs.sort_unstable();
    let mut h = DefaultHasher::new();
    tag.hash(&mut h);
    pairs.hash(&mut h);
    h.finish()
}

fn same_attrs(a: &[Attr], b: &[Attr]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let key = |x: &Attr| (x.name.ns.clone(), x.name.local.clone(), x.value.clone());
    let mut x: Vec<_> = a.iter().map(key).collect();
    let mut y: Vec<_> = b.iter().map(key).collect();
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

impl Afe {
    pub fn new() -> Afe {
        Afe { items: Vec::new(), segs: vec![Segment::default()] }
    }

    fn top(&self) -> u32 {
        (self.segs.len() - 1) as u32
    }

    pub fn insert_marker(&mut self) {
        self.items.push(Item::Marker);
        self.segs.push(Segment::default());
    }

    fn count(&mut self, e: &Entry, up: bool) {
        let seg = &mut self.segs[e.seg as usize];
        for c in [seg.tag_counts.entry(e.tag).or_insert(0), seg.noah.entry(e.key).or_insert(0)] {
            if up {
                *c += 1;
            } else {
                *c = c.saturating_sub(1);
            }
        }
    }

    /// spec: #push-onto-the-list-of-active-formatting-elements (Noah's Ark). Returns the
    /// element removed to make room, if any.
    pub fn push(&mut self, id: ElemId, tag: Tag, attrs: Vec<Attr>) -> Option<ElemId> {
        let key = noah_key(tag, &attrs);
        let seg = self.top();
        let mut removed = None;
        if self.segs[seg as usize].noah.get(&key).copied().unwrap_or(0) >= 3 {
            // At most three equal entries can be present, so the third found walking back is
            // the earliest.
            let mut found = 0;
            let mut at = None;
            for (i, item) in self.items.iter().enumerate().rev() {
                match item {
                    Item::Marker => break,
                    Item::Elem(e) if e.key == key && e.tag == tag && same_attrs(&e.attrs, &attrs) => {
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
        let e = Entry { id, tag, attrs, key, seg };
        self.count(&e, true);
        self.items.push(Item::Elem(e));
        removed
    }

    /// Insert an entry for a new element at `index` (the adoption agency's bookmark).
    pub fn insert_at(&mut self, index: usize, id: ElemId, tag: Tag, attrs: Vec<Attr>) {
        let key = noah_key(tag, &attrs);
        // The bookmark is after the last marker, in the top segment.
        let e = Entry { id, tag, attrs, key, seg: self.top() };
        self.count(&e, true);
        self.items.insert(index.min(self.items.len()), Item::Elem(e));
    }

    pub fn remove_at(&mut self, index: usize) -> Option<ElemId> {
        match self.items.remove(index) {
            Item::Marker => None,
            Item::Elem(e) => {
                self.count(&e, false);
                Some(e.id)
            }
        }
    }

    pub fn index_of(&self, id: ElemId) -> Option<usize> {
        self.items.iter().rposition(|i| matches!(i, Item::Elem(e) if e.id == id))
    }

    /// The last element with this tag after the last marker: (index, element).
    pub fn last_with_tag(&self, tag: Tag) -> Option<(usize, ElemId)> {
        if self.segs[self.top() as usize].tag_counts.get(&tag).copied().unwrap_or(0) == 0 {
            return None;
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
                    removed(e.id)
                }
            }
        }
        self.segs.truncate(1);
        self.segs[0] = Segment::default();
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
