//! The stack of open elements (spec: #stack-of-open-elements) with the indexes that make every
//! scope check constant time: for each HTML tag name, the topmost position holding one (each
//! position links to the next one down with the same tag), and for each kind of boundary
//! (scope ends, special, ...) the topmost position holding one at or below each position, kept
//! per position so that a pop forgets it by dropping one record. "Has a p element in button
//! scope" is then "the last p sits at or above the last button-scope boundary".
//! Pushing and popping keep the indexes in step in O(1); the rare edits in the middle of the
//! stack (adoption agency, `</form>`, the head pointer) re-index the part above the edit.

use super::tags::{TAG_COUNT, Tag, kind};
use crate::dom::FastMap;

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
    pub ids: Vec<ElemId>,
    pub atoms: Atoms,
    /// The topmost position of an HTML element with each tag (`NONE` if there is none), and
    /// how many there are. Fixed arrays in the builder itself, not a list per tag: a list per
    /// tag cost every document a few kilobytes of heap for the length of the parse (issue 13,
    /// peak memory), and a push or pop here is one array write.
    last_by_tag: [u32; TAG_COUNT],
    count_by_tag: [u32; TAG_COUNT],
    /// For each position, what it adds to the indexes (see [`Level`]).
    levels: Vec<Level>,
    /// HTML elements with `Tag::Other`, by atom.
    by_other: Vec<Vec<u32>>,
    /// Foreign elements by the atom of their ASCII-lowercased local name.
    foreign: Vec<Vec<u32>>,
}

/// The indexes' record for one stack position.
#[derive(Clone, Copy)]
struct Level {
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
            ids: Vec::new(),
            atoms: Atoms::default(),
            last_by_tag: [NONE; TAG_COUNT],
            count_by_tag: [0; TAG_COUNT],
            by_other: Vec::new(),
            foreign: Vec::new(),
            levels: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn rec(&self, id: ElemId) -> &ElemRec<H> {
        &self.elems[id as usize]
    }

    pub fn rec_mut(&mut self, id: ElemId) -> &mut ElemRec<H> {
        &mut self.elems[id as usize]
    }

    pub fn at(&self, pos: usize) -> ElemId {
        self.ids[pos]
    }

    pub fn current(&self) -> Option<ElemId> {
        self.ids.last().copied()
    }

    pub fn on_stack(&self, id: ElemId) -> bool {
        self.elems[id as usize].stack_pos != NOT_ON_STACK
    }

    /// Index the element at `pos`, the position just above every indexed one.
    fn index_at(&mut self, pos: usize) {
        debug_assert_eq!(self.levels.len(), pos);
        let id = self.ids[pos];
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
        self.levels.push(Level { below, kind_top });
    }

    /// Remove the top entry's position (it is the largest in every list it is in).
    fn unindex_top(&mut self, pos: usize) {
        debug_assert_eq!(self.levels.len(), pos + 1);
        let id = self.ids[pos];
        let r = &mut self.elems[id as usize];
        r.stack_pos = NOT_ON_STACK;
        let (ns, tag, atom) = (r.ns, r.tag, r.atom);
        let below = self.levels.pop().map_or(NONE, |l| l.below);
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
    }

    pub fn push(&mut self, id: ElemId) {
        self.ids.push(id);
        self.index_at(self.ids.len() - 1);
    }

    pub fn pop(&mut self) -> Option<ElemId> {
        let pos = self.ids.len().checked_sub(1)?;
        self.unindex_top(pos);
        self.ids.pop()
    }

    /// Edit the stack from `from` upward: un-index that part, let `edit` change it, re-index.
    pub fn edit_from(&mut self, from: usize, edit: impl FnOnce(&mut Vec<ElemId>, &mut Vec<ElemRec<H>>)) {
        for pos in (from..self.ids.len()).rev() {
            self.unindex_top(pos);
        }
        edit(&mut self.ids, &mut self.elems);
        for pos in from..self.ids.len() {
            self.index_at(pos);
        }
    }

    /// Remove `id` from the stack wherever it is.
    pub fn remove(&mut self, id: ElemId) {
        let pos = self.elems[id as usize].stack_pos;
        if pos == NOT_ON_STACK {
            return;
        }
        let pos = pos as usize;
        if pos + 1 == self.ids.len() {
            self.pop();
            return;
        }
        self.edit_from(pos, |ids, _| {
            ids.remove(pos);
        });
    }

    /// Position of the topmost HTML element with this tag.
    pub fn last_tag(&self, tag: Tag) -> Option<usize> {
        let p = self.last_by_tag[tag as usize];
        (p != NONE).then_some(p as usize)
    }

    /// Position of the topmost HTML element with this local name.
    pub fn last_named(&self, name: &str) -> Option<usize> {
        match Tag::from_name(name) {
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
        (pos + 1..self.ids.len()).find(|&p| self.elems[self.ids[p] as usize].kinds & k != 0)
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
