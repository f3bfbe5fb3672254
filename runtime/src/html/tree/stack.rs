//! The stack of open elements (spec: #stack-of-open-elements) with the indexes that make every
//! scope check constant time: for each HTML tag name, the topmost position holding one (each
//! position links to the next one down with the same tag), and for each kind of boundary
//! (scope ends, special, ...) the topmost position holding one at or below each position, kept
//! per position so that a pop forgets it by dropping one record. "Has a p element in button
//! scope" is then "the last p sits at or above the last button-scope boundary".
//! Pushing and popping keep the indexes in step in O(1); the rare edits in the middle of the
//! stack (adoption agency, `</form>`, the head pointer) re-index the part above the edit.

use super::tags::{TAG_COUNT, Tag, kind};
use crate::tree_interface::FastMap;

pub(crate) type ElemId = u32;
pub(crate) const NOT_ON_STACK: u32 = u32::MAX;

/// No position: the end of a chain of same-tag positions.
const NONE: u32 = u32::MAX;

/// Namespaces of elements the HTML parser creates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ns {
    Html,
    MathMl,
    Svg,
}

/// What the builder remembers about an element it created.
pub(crate) struct ElemRec<H> {
    pub handle: H,
    pub ns: Ns,
    pub tag: Tag,
    /// The local name as an atom of the stack's [`Atoms`], when `tag` is `Other` and the
    /// element is HTML; the ASCII-lowercased local name's atom for a foreign element.
    pub atom: u32,
    pub kinds: u16,
    /// A MathML annotation-xml whose start tag had encoding text/html or application/xhtml+xml.
    pub html_integration: bool,
    pub stack_pos: u32,
    pub in_afe: bool,
}

impl<H> ElemRec<H> {
    pub fn is_html(&self, tag: Tag) -> bool {
        self.ns == Ns::Html && self.tag == tag
    }
}

/// Names the tag enum does not cover, numbered in order of appearance, so that the stack
/// indexes them by number rather than by hashing a string on every push and pop.
#[derive(Default)]
pub(crate) struct Atoms {
    map: FastMap<Box<str>, u32>,
}

impl Atoms {
    pub fn get(&self, name: &str) -> Option<u32> {
        self.map.get(name).copied()
    }

    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&a) = self.map.get(name) {
            return a;
        }
        let a = self.map.len() as u32;
        self.map.insert(name.into(), a);
        a
    }
}

/// The stack and its indexes. Element records live here too, so positions stay in sync.
pub(crate) struct Stack<H> {
    pub elems: Vec<ElemRec<H>>,
    pub atoms: Atoms,
    /// The topmost position of an HTML element with each tag (`NONE` if there is none), and
    /// how many there are. Fixed arrays in the builder itself, not a list per tag: a list per
    /// tag cost every document a few kilobytes of heap for the length of the parse (issue 13,
    /// peak memory), and a push or pop here is one array write.
    last_by_tag: [u32; TAG_COUNT],
    count_by_tag: [u32; TAG_COUNT],
    /// The stack itself: for each position, its element and what it adds to the indexes (see
    /// [`Level`]). One list, not the elements and their records apart: a push and a pop
    /// each grow or shrink one list (issue 26).
    levels: Vec<Level>,
    /// HTML elements with `Tag::Other`, by atom.
    by_other: Vec<Vec<u32>>,
    /// Foreign elements by the atom of their ASCII-lowercased local name.
    foreign: Vec<Vec<u32>>,
}

/// One stack position: its element and the indexes' record for it.
#[derive(Clone, Copy)]
struct Level {
    /// The element at this position.
    id: ElemId,
    /// The next position down holding an HTML element with the same known tag (`NONE` for
    /// none, and for other elements).
    below: u32,
    /// For each kind (a bit of `kind::*`), the topmost position at or below this one holding
    /// an element of that kind (`NONE` for none). A copy of the level below with this
    /// position's own kinds set, so a push writes one record and a pop removes it, with no
    /// per-kind list to keep (issue 13: the per-kind lists cost every element a push and a
    /// pop for each of its kinds).
    kind_top: [u32; kind::COUNT],
}

pub(crate) fn lower(s: &str) -> std::borrow::Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) { s.to_ascii_lowercase().into() } else { s.into() }
}

/// The list for `atom`, created empty on first use.
#[inline]
fn list(lists: &mut Vec<Vec<u32>>, atom: u32) -> &mut Vec<u32> {
    let i = atom as usize;
    if i >= lists.len() {
        lists.resize_with(i + 1, Vec::new);
    }
    &mut lists[i]
}

impl<H> Stack<H> {
    pub fn new() -> Self {
        Stack {
            elems: Vec::new(),
            atoms: Atoms::default(),
            last_by_tag: [NONE; TAG_COUNT],
            count_by_tag: [0; TAG_COUNT],
            by_other: Vec::new(),
            foreign: Vec::new(),
            levels: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.levels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    pub fn rec(&self, id: ElemId) -> &ElemRec<H> {
        &self.elems[id as usize]
    }

    pub fn rec_mut(&mut self, id: ElemId) -> &mut ElemRec<H> {
        &mut self.elems[id as usize]
    }

    pub fn at(&self, pos: usize) -> ElemId {
        self.levels[pos].id
    }

    pub fn current(&self) -> Option<ElemId> {
        self.levels.last().map(|l| l.id)
    }

    pub fn on_stack(&self, id: ElemId) -> bool {
        self.elems[id as usize].stack_pos != NOT_ON_STACK
    }

    /// Push `id` with its indexes. In line in its callers (every push comes here; the call
    /// cost a sixth of its work).
    #[inline(always)]
    fn index(&mut self, id: ElemId) {
        let pos = self.levels.len();
        let r = &mut self.elems[id as usize];
        r.stack_pos = pos as u32;
        let (ns, tag, atom, kinds) = (r.ns, r.tag, r.atom, r.kinds);
        let below = match ns {
            Ns::Html if tag != Tag::Other => {
                self.count_by_tag[tag as usize] += 1;
                std::mem::replace(&mut self.last_by_tag[tag as usize], pos as u32)
            }
            Ns::Html => {
                list(&mut self.by_other, atom).push(pos as u32);
                NONE
            }
            _ => {
                list(&mut self.foreign, atom).push(pos as u32);
                NONE
            }
        };
        let mut kind_top = self.levels.last().map_or([NONE; kind::COUNT], |l| l.kind_top);
        let mut k = kinds;
        while k != 0 {
            kind_top[k.trailing_zeros() as usize] = pos as u32;
            k &= k - 1;
        }
        self.levels.push(Level { id, below, kind_top });
    }

    /// Pop the top entry and forget its position (it is the largest in every list it is in).
    /// In line, as [`index`](Self::index).
    #[inline(always)]
    fn unindex_top(&mut self) -> Option<ElemId> {
        let Level { id, below, .. } = self.levels.pop()?;
        let pos = self.levels.len();
        let r = &mut self.elems[id as usize];
        r.stack_pos = NOT_ON_STACK;
        let (ns, tag, atom) = (r.ns, r.tag, r.atom);
        match ns {
            Ns::Html if tag != Tag::Other => {
                debug_assert_eq!(self.last_by_tag[tag as usize], pos as u32);
                self.last_by_tag[tag as usize] = below;
                self.count_by_tag[tag as usize] -= 1;
            }
            Ns::Html => {
                list(&mut self.by_other, atom).pop();
            }
            _ => {
                list(&mut self.foreign, atom).pop();
            }
        }
        Some(id)
    }

    /// In line (as [`index_at`](Self::index_at)): every element inserted comes here, and
    /// the call's set-up was a fifth of its work (issue 26).
    #[inline(always)]
    pub fn push(&mut self, id: ElemId) {
        self.index(id);
    }

    /// In line, as [`push`](Self::push).
    #[inline(always)]
    pub fn pop(&mut self) -> Option<ElemId> {
        self.unindex_top()
    }

    /// Edit the stack from `from` upward: un-index that part, let `edit` change it (the
    /// elements from position `from` up, bottom first: `edit` sees position `from` at index
    /// 0), push the result back. Time and memory O(len − from) (the part edited, plus what
    /// `edit` does), no recursion.
    pub fn edit_from(&mut self, from: usize, edit: impl FnOnce(&mut Vec<ElemId>)) {
        let mut above = Vec::with_capacity(self.len().saturating_sub(from));
        while self.len() > from {
            above.extend(self.unindex_top());
        }
        above.reverse();
        edit(&mut above);
        for id in above {
            self.index(id);
        }
    }

    /// Replace the entries at `lo..lo + new.len()` by `new`, the same number of elements with
    /// the same known HTML tags (the adoption agency's step 4.24 when step 4.13 removed no
    /// element: the clones replace their originals, the formatting element leaves, and its
    /// clone goes above the furthest block). Nothing above the range moves, so only the
    /// range is indexed again, and the records above it that named a position in it are
    /// mended walking up from it, each walk ending at the first element above with that tag
    /// or kind: O(1) when the elements above are like the one below them, where
    /// [`edit_from`](Self::edit_from) re-indexed the whole stack above (quadratic on
    /// `<b id=k>` repeated, as many `<div>`s, as many `</b>`: issue 22). Returns false, and
    /// changes nothing, when the tags differ (the caller then uses `edit_from`).
    pub fn replace_range(&mut self, lo: usize, new: &[ElemId]) -> bool {
        let hi = lo + new.len();
        if new.is_empty() || hi > self.len() {
            return false;
        }
        // Only known HTML tags are allowed to move: their chains are mended below; an
        // element with a list of positions (other or foreign names) must keep its position.
        let known = |r: &ElemRec<H>| r.ns == Ns::Html && r.tag != Tag::Other;
        let mut old_tags: Vec<Tag> = Vec::with_capacity(new.len());
        let mut new_tags: Vec<Tag> = Vec::with_capacity(new.len());
        for (i, &id) in new.iter().enumerate() {
            let (o, n) = (self.rec(self.at(lo + i)), self.rec(id));
            let same_place = !known(o) && !known(n) && (o.ns, o.tag, o.atom) == (n.ns, n.tag, n.atom);
            if !(known(o) && known(n) || same_place) {
                return false;
            }
            if known(o) {
                old_tags.push(o.tag);
            }
            if known(n) {
                new_tags.push(n.tag);
            }
        }
        let mut sorted = (old_tags.clone(), new_tags.clone());
        sorted.0.sort_unstable_by_key(|t| *t as usize);
        sorted.1.sort_unstable_by_key(|t| *t as usize);
        if sorted.0 != sorted.1 {
            return false;
        }
        // Per known tag of the range: the chain's entry below the range, and the topmost
        // position in the range before the edit.
        let mut base: Vec<(Tag, u32, u32)> = Vec::new();
        for p in lo..hi {
            let r = self.rec(self.at(p));
            if !known(r) {
                continue;
            }
            match base.iter_mut().find(|b| b.0 == r.tag) {
                Some(b) => b.2 = p as u32,
                None => base.push((r.tag, self.levels[p].below, p as u32)),
            }
        }
        let old_top: [u32; kind::COUNT] = self.levels[hi - 1].kind_top;
        for p in lo..hi {
            let old = self.at(p);
            self.elems[old as usize].stack_pos = NOT_ON_STACK;
        }
        let mut kind_top = if lo == 0 { [NONE; kind::COUNT] } else { self.levels[lo - 1].kind_top };
        let mut tops: Vec<(Tag, u32)> = base.iter().map(|b| (b.0, b.1)).collect();
        for (i, &id) in new.iter().enumerate() {
            let p = lo + i;
            let r = &mut self.elems[id as usize];
            r.stack_pos = p as u32;
            let (is_known, tag, kinds) = (known(r), r.tag, r.kinds);
            let below = match tops.iter_mut().find(|t| is_known && t.0 == tag) {
                Some(t) => std::mem::replace(&mut t.1, p as u32),
                None => NONE,
            };
            let mut k = kinds;
            while k != 0 {
                kind_top[k.trailing_zeros() as usize] = p as u32;
                k &= k - 1;
            }
            self.levels[p] = Level { id, below, kind_top };
        }
        // Mend the chains: the lowest element above the range with a tag whose topmost
        // position in the range changed points to the new one (or the tag's last position is
        // the new one, when nothing above has that tag).
        for (&(tag, _, old), &(_, now)) in base.iter().zip(&tops) {
            if old == now {
                continue;
            }
            if self.last_by_tag[tag as usize] == old {
                self.last_by_tag[tag as usize] = now;
                continue;
            }
            if let Some(p) = (hi..self.len()).find(|&p| self.rec(self.at(p)).is_html(tag)) {
                self.levels[p].below = now;
            }
        }
        // Mend the kinds: the records above that named the old topmost position of a kind
        // (no element of that kind between them and the range) name the new one.
        let new_top = self.levels[hi - 1].kind_top;
        for k in 0..kind::COUNT {
            if old_top[k] == new_top[k] {
                continue;
            }
            for p in hi..self.len() {
                if self.levels[p].kind_top[k] != old_top[k] {
                    break;
                }
                self.levels[p].kind_top[k] = new_top[k];
            }
        }
        #[cfg(debug_assertions)]
        if self.len() <= 512 {
            self.assert_indexed();
        }
        true
    }

    /// Debug builds: the indexes are those a fresh push of every entry gives.
    #[cfg(debug_assertions)]
    fn assert_indexed(&self) {
        let mut fresh: Stack<()> = Stack::new();
        fresh.elems = self
            .elems
            .iter()
            .map(|r| ElemRec {
                handle: (),
                ns: r.ns,
                tag: r.tag,
                atom: r.atom,
                kinds: r.kinds,
                html_integration: r.html_integration,
                stack_pos: NOT_ON_STACK,
                in_afe: r.in_afe,
            })
            .collect();
        for l in &self.levels {
            fresh.push(l.id);
        }
        for (p, (a, b)) in self.levels.iter().zip(&fresh.levels).enumerate() {
            assert!(a.id == b.id && a.below == b.below && a.kind_top == b.kind_top, "stack index differs at {p}");
        }
        assert_eq!(self.last_by_tag, fresh.last_by_tag);
        assert_eq!(self.count_by_tag, fresh.count_by_tag);
        for l in &self.levels {
            let id = l.id;
            assert_eq!(self.rec(id).stack_pos, fresh.rec(id).stack_pos);
        }
    }

    /// Remove `id` from the stack wherever it is.
    pub fn remove(&mut self, id: ElemId) {
        let pos = self.elems[id as usize].stack_pos;
        if pos == NOT_ON_STACK {
            return;
        }
        let pos = pos as usize;
        if pos + 1 == self.len() {
            self.pop();
            return;
        }
        self.edit_from(pos, |ids| {
            ids.remove(0);
        });
    }

    /// Position of the topmost HTML element with this tag.
    pub fn last_tag(&self, tag: Tag) -> Option<usize> {
        let p = self.last_by_tag[tag as usize];
        (p != NONE).then_some(p as usize)
    }

    /// Position of the topmost HTML element with this local name.
    pub fn last_named(&self, name: &str) -> Option<usize> {
        self.last_html(Tag::from_name(name), name)
    }

    /// [`last_named`](Self::last_named) with the name's tag known (`Tag::from_name(name)`):
    /// the end tags "in body" have it from their token. O(1) for a known tag; otherwise one
    /// hash lookup of the name and the last entry of its list.
    pub fn last_html(&self, tag: Tag, name: &str) -> Option<usize> {
        debug_assert_eq!(tag, Tag::from_name(name));
        match tag {
            Tag::Other => self.atoms.get(name).and_then(|a| self.by_other.get(a as usize)?.last()).map(|&p| p as usize),
            t => self.last_tag(t),
        }
    }

    /// Position of the topmost foreign element whose lowercased local name is `name`.
    pub fn last_foreign_named(&self, name: &str) -> Option<usize> {
        self.atoms.get(&lower(name)).and_then(|a| self.foreign.get(a as usize)?.last()).map(|&p| p as usize)
    }

    /// Position of the topmost element of a kind (a `kind::*` bit).
    #[inline]
    pub fn last_kind(&self, k: u16) -> Option<usize> {
        let p = self.levels.last()?.kind_top[k.trailing_zeros() as usize];
        (p != NONE).then_some(p as usize)
    }

    /// The lowest position above `pos` holding an element of a kind. Found by walking up
    /// from `pos`: the adoption agency, its one caller, then copies the positions walked
    /// (fe to the furthest block) or pops them all (no furthest block), so the walk costs
    /// no more than what follows it.
    pub fn first_kind_above(&self, k: u16, pos: usize) -> Option<usize> {
        (pos + 1..self.len()).find(|&p| self.elems[self.at(p) as usize].kinds & k != 0)
    }

    /// spec: #has-an-element-in-the-specific-scope, for the element at `pos`: no boundary of
    /// the scope sits above it (the element itself may be one).
    pub fn pos_in_scope(&self, pos: Option<usize>, scope: u16) -> bool {
        match pos {
            None => false,
            Some(p) => self.last_kind(scope).is_none_or(|b| p >= b),
        }
    }

    /// "Has an HTML `tag` element in `scope`."
    pub fn has_in_scope(&self, tag: Tag, scope: u16) -> bool {
        self.pos_in_scope(self.last_tag(tag), scope)
    }

    /// How many HTML elements with this tag are on the stack.
    pub fn count_tag(&self, tag: Tag) -> usize {
        self.count_by_tag[tag as usize] as usize
    }

    pub fn contains_tag(&self, tag: Tag) -> bool {
        self.count_by_tag[tag as usize] != 0
    }
}
