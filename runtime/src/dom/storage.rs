//! The arena's records: [`NodeId`], a node (`Node`: four links and a packed kind and payload,
//! 24 bytes), an attribute record (`AttrRec`, 12 bytes) and the chunked text arena every string
//! lives in (`TextArena`, `StrRef`). Layer: the DOM (its storage; `mod.rs` owns the `Dom` that
//! holds them).

use std::num::NonZeroU32;

/// A handle to a node of one [`Dom`](super::Dom). Handles of another `Dom` are meaningless for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    pub(super) fn new(index: usize) -> NodeId {
        let n = u32::try_from(index + 1).ok().and_then(NonZeroU32::new);
        NodeId(n.expect("more than 4 billion nodes"))
    }

    /// The node's index: nodes are numbered from 0 in creation order, up to
    /// [`Dom::node_count`](super::Dom::node_count).
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// Where a string lives in the text arena: chunk, offset, length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct StrRef {
    pub(super) chunk: u32,
    pub(super) start: u32,
    pub(super) len: u32,
}

/// The text arena: strings appended to chunks of up to `TEXT_CHUNK` bytes. Each chunk grows
/// (by doubling, as a `String` does) up to that size, so text is copied to grow at most a
/// chunk at a time, and what a document holds beyond its text is at most the unused part of
/// its last chunk, itself at most half of what that chunk holds. Chunks are small for the same
/// reason: with 64 KiB chunks a typical page held up to twice its text (issue 13, peak
/// memory). A string never straddles two chunks; one longer than a chunk gets a chunk of its
/// own.
#[derive(Clone, Debug, Default)]
pub(super) struct TextArena {
    pub(super) chunks: Vec<String>,
}

pub(super) const TEXT_CHUNK: usize = 4 * 1024;

impl TextArena {
    /// Whether `n` more bytes go at the end of chunk `c`.
    #[inline]
    pub(super) fn fits(c: &String, n: usize) -> bool {
        c.len() + n <= c.capacity().max(TEXT_CHUNK)
    }

    /// A new chunk for at least `n` bytes. It starts at an eighth of the text so far (at least
    /// 256 bytes, at most a whole chunk) and doubles from there: small documents hold little
    /// unused room, and large ones allocate whole chunks without growing them (growing every
    /// chunk from 256 bytes cost html-big a thousand reallocations).
    #[cold]
    #[inline(never)]
    pub(super) fn new_chunk(&mut self, n: usize) {
        let held = self.chunks.len() * TEXT_CHUNK;
        self.chunks.push(String::with_capacity(n.max((held / 8).clamp(256, TEXT_CHUNK))));
    }

    /// Add a string (in line: every text node and attribute value of a parse comes here). The
    /// chunk is found once (no second index into `chunks`), and a one-byte string (most text
    /// runs between tags: a newline) is pushed as its byte, with no call to copy it.
    #[inline]
    pub(super) fn push(&mut self, s: &str) -> StrRef {
        let n = s.len();
        if n == 0 {
            return StrRef::default();
        }
        if !matches!(self.chunks.last(), Some(c) if Self::fits(c, n)) {
            self.new_chunk(n);
        }
        let chunk = (self.chunks.len() - 1) as u32;
        let Some(c) = self.chunks.last_mut() else { return StrRef::default() };
        let start = c.len();
        if c.capacity() - start < n {
            Self::grow(c, n);
        }
        match s.as_bytes() {
            // A string of one byte is ASCII, so the byte is the character.
            &[b] => c.push(char::from(b)),
            _ => c.push_str(s),
        }
        StrRef { chunk, start: to_u32(start), len: to_u32(n) }
    }

    /// Room for `n` more bytes in a chunk they fit in (`fits`): doubling, but never past
    /// `TEXT_CHUNK` (a `String`'s own doubling took a 3 KiB chunk to 6 KiB), so every string
    /// of a shared chunk starts below 4 KiB, as a node's packed word needs.
    #[cold]
    #[inline(never)]
    fn grow(c: &mut String, n: usize) {
        let need = c.len() + n;
        let want = (c.capacity() * 2).clamp(need, TEXT_CHUNK.max(need));
        c.reserve_exact(want - c.len());
    }

    /// Append `s` to the last chunk, where it fits (`can_extend`).
    pub(super) fn append_to_last(&mut self, s: &str) {
        if let Some(c) = self.chunks.last_mut() {
            if c.capacity() - c.len() < s.len() {
                Self::grow(c, s.len());
            }
            c.push_str(s);
        }
    }

    pub(super) fn get(&self, r: StrRef) -> &str {
        if r.len == 0 {
            return "";
        }
        let s = r.start as usize;
        self.chunks.get(r.chunk as usize).and_then(|c| c.get(s..s + r.len as usize)).unwrap_or("")
    }

    /// The bytes of `r` (as [`get`](Self::get), without `str`'s character boundary checks:
    /// for comparing a whole stored string).
    #[inline]
    pub(super) fn bytes(&self, r: StrRef) -> &[u8] {
        let s = r.start as usize;
        self.chunks.get(r.chunk as usize).and_then(|c| c.as_bytes().get(s..s + r.len as usize)).unwrap_or(&[])
    }

    /// Whether `r` ends where its chunk ends and `n` more bytes fit there.
    pub(super) fn can_extend(&self, r: StrRef, n: usize) -> bool {
        r.len > 0
            && r.chunk as usize + 1 == self.chunks.len()
            && self.chunks.last().is_some_and(|c| c.len() == (r.start + r.len) as usize && Self::fits(c, n))
    }
}

pub(super) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).expect("text arena offsets fit in 32 bits")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Kind {
    Document,
    Fragment,
    /// `b`: index of three `StrRef`s in `Dom::extra` (name, public id, system id).
    Doctype,
    /// `a`: name; `b`: the element's attributes (`pack_run`).
    Element,
    /// An HTML `template` (as `Element`); its template contents are the node created just
    /// before it.
    Template,
    /// `a`: the text chunk; `b`: the place in it (`pack_str`).
    Text,
    Comment,
    /// `b`: index of two `StrRef`s in `Dom::extra` (target, data).
    Pi,
}

/// One node (24 bytes): its links, and a payload whose meaning depends on its kind, which
/// sits in the top bits of the first payload word.
///
/// There is no last-child link: the first child's `prev` names its parent's last child (a
/// flag in `head` marks the first child), so appending stays constant time with four links
/// instead of five (issue 13, peak memory: nodes are most of a `Dom`). The second payload word
/// packs two numbers (a string's offset and length, an attribute run's start and length), with
/// the rare values that do not fit kept in `Dom::spill` (issue 26, peak memory: 28 bytes a node
/// were 1.3 times the input of the HTML corpus).
#[derive(Clone, Debug)]
pub struct Node {
    pub(super) parent: Option<NodeId>,
    /// The previous sibling; for the first child, the last child of the parent.
    pub(super) prev: Option<NodeId>,
    pub(super) next: Option<NodeId>,
    pub(super) first_child: Option<NodeId>,
    /// `FIRST | kind << 28 | a`.
    pub(super) head: u32,
    pub(super) b: u32,
}

pub(super) const KIND_SHIFT: u32 = 28;
pub(super) const A_MASK: u32 = (1 << KIND_SHIFT) - 1;
/// The bit of `Node::head` set on the first child of a parent (eight kinds take three bits).
pub(super) const FIRST: u32 = 1 << 31;

/// The `b` of a node whose two numbers are in `Dom::spill`.
pub(super) const SPILLED: u32 = u32::MAX;
/// A Text or Comment node's `b`: the string's offset in its chunk in the top 12 bits (chunks
/// shared by several strings are 4 KiB), its length in the low 20.
const STR_LEN_BITS: u32 = 20;
/// An element's `b`: the start of its attribute run in the top 24 bits, its length in the low 8.
const RUN_LEN_BITS: u32 = 8;

/// Two numbers in one word, `hi << low_bits | lo`, if they fit (and are not [`SPILLED`]).
#[inline]
fn pack(hi: u32, lo: u32, low_bits: u32) -> Option<u32> {
    let lo_max = (1 << low_bits) - 1;
    (hi < 1 << (32 - low_bits) && lo < lo_max).then_some(hi << low_bits | lo)
}

#[inline]
fn unpack(b: u32, low_bits: u32) -> (u32, u32) {
    (b >> low_bits, b & ((1 << low_bits) - 1))
}

/// A string's (offset, length) as a Text or Comment node's `b`, if it fits.
#[inline]
pub(super) fn pack_str(start: u32, len: u32) -> Option<u32> {
    pack(start, len, STR_LEN_BITS)
}

/// (offset, length) of a string packed by [`pack_str`].
#[inline]
pub(super) fn unpack_str(b: u32) -> (u32, u32) {
    unpack(b, STR_LEN_BITS)
}

/// An attribute run's (start, length) as an element's `b`, if it fits.
#[inline]
pub(super) fn pack_run(start: u32, len: u32) -> Option<u32> {
    pack(start, len, RUN_LEN_BITS)
}

/// (start, length) of a run packed by [`pack_run`].
#[inline]
pub(super) fn unpack_run(b: u32) -> (u32, u32) {
    unpack(b, RUN_LEN_BITS)
}

impl Node {
    pub(super) fn new(kind: Kind, a: u32, b: u32) -> Node {
        assert!(a <= A_MASK, "more than 2^28 names or text chunks");
        let head = (kind as u32) << KIND_SHIFT | a;
        Node { parent: None, prev: None, next: None, first_child: None, head, b }
    }

    #[inline]
    pub(super) fn kind(&self) -> Kind {
        match (self.head >> KIND_SHIFT) & 7 {
            0 => Kind::Document,
            1 => Kind::Fragment,
            2 => Kind::Doctype,
            3 => Kind::Element,
            4 => Kind::Template,
            5 => Kind::Text,
            6 => Kind::Comment,
            _ => Kind::Pi,
        }
    }

    #[inline]
    pub(super) fn a(&self) -> u32 {
        self.head & A_MASK
    }

    pub(super) fn set_a(&mut self, a: u32) {
        assert!(a <= A_MASK, "more than 2^28 text chunks");
        self.head = (self.head & !A_MASK) | a;
    }

    #[inline]
    pub(super) fn is_first(&self) -> bool {
        self.head & FIRST != 0
    }

    #[inline]
    pub(super) fn set_first(&mut self, first: bool) {
        self.head = if first { self.head | FIRST } else { self.head & !FIRST };
    }

    /// The [parent](https://dom.spec.whatwg.org/#concept-tree-parent), if attached.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }
    /// The [previous sibling](https://dom.spec.whatwg.org/#concept-tree-previous-sibling), if any.
    pub fn prev_sibling(&self) -> Option<NodeId> {
        if self.is_first() { None } else { self.prev }
    }
    /// The [next sibling](https://dom.spec.whatwg.org/#concept-tree-next-sibling), if any.
    pub fn next_sibling(&self) -> Option<NodeId> {
        self.next
    }
    /// The [first child](https://dom.spec.whatwg.org/#concept-tree-first-child), if any. (The
    /// last child is [`Dom::last_child`](super::Dom::last_child): a node does not store it.)
    pub fn first_child(&self) -> Option<NodeId> {
        self.first_child
    }
    /// Whether this is an element (a `template` included).
    pub fn is_element(&self) -> bool {
        matches!(self.kind(), Kind::Element | Kind::Template)
    }
    /// Whether this is a Text node.
    pub fn is_text(&self) -> bool {
        self.kind() == Kind::Text
    }
}

/// An attribute record (12 bytes): its name as a number, its value's place in the text arena.
/// A plain name (no namespace, no prefix) is an index into the `Dom`'s table of attribute
/// names, each kept once in the text arena; a name with a namespace or prefix is `QUALIFIED`
/// plus its index in the name table. Interning plain names keeps `class`, `href`, `id` once per
/// document rather than once per attribute, and the record 8 bytes smaller (issue 13, peak
/// memory); the table costs 16 bytes per distinct name, so a tag with thousands of distinct
/// attributes still costs memory linear in its size.
///
/// The value is its text chunk and its offset and length packed as a Text node's are
/// ([`pack_str`]), 4 bytes less than a [`StrRef`] (issue 26, peak memory: records were 0.3
/// times the input of the HTML corpus). A value that does not pack (1 MiB or longer) is
/// [`SPILLED`], its `chunk` the index of its `StrRef` in the `Dom`'s list of long values: an
/// index that stays right when a record is copied (runs move to grow, see `edit.rs`).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct AttrRec {
    pub(super) name: u32,
    chunk: u32,
    place: u32,
}

impl AttrRec {
    /// A record for the value `r`, which goes to `long` if it does not pack.
    #[inline]
    pub(super) fn new(name: u32, r: StrRef, long: &mut Vec<StrRef>) -> AttrRec {
        match pack_str(r.start, r.len) {
            Some(place) => AttrRec { name, chunk: r.chunk, place },
            None => Self::spilled(name, r, long),
        }
    }

    #[cold]
    #[inline(never)]
    fn spilled(name: u32, r: StrRef, long: &mut Vec<StrRef>) -> AttrRec {
        long.push(r);
        AttrRec { name, chunk: to_u32(long.len() - 1), place: SPILLED }
    }

    /// Where the value is, with `long` the list [`new`](Self::new) spilled into.
    #[inline]
    pub(super) fn value(&self, long: &[StrRef]) -> StrRef {
        if self.place == SPILLED {
            return long.get(self.chunk as usize).copied().unwrap_or_default();
        }
        let (start, len) = unpack_str(self.place);
        StrRef { chunk: self.chunk, start, len }
    }
}

/// The bit of [`AttrRec::name`] that marks an index into the name table.
pub(super) const QUALIFIED: u32 = 1 << 31;

/// The [`AttrRec::name`] of a removed record left in its run (a hole: see `edit.rs`).
pub(super) const HOLE: u32 = u32::MAX;

const _: () = assert!(std::mem::size_of::<AttrRec>() == 12);

const _: () = assert!(std::mem::size_of::<Node>() == 24);

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunks shared by several strings stay within `TEXT_CHUNK` however the strings' sizes
    /// fall (so every string of one starts below 4 KiB and packs into a node's word); a longer
    /// string gets a chunk of its own.
    #[test]
    fn shared_chunks_stay_within_text_chunk() {
        let mut arena = TextArena::default();
        let mut starts: Vec<Vec<u32>> = Vec::new();
        for i in 0..5000usize {
            let n = [1, 7, 300, 1000, 2500, 5000][i % 6] + i % 13;
            let r = arena.push(&"x".repeat(n));
            if (r.chunk as usize) >= starts.len() {
                starts.resize(r.chunk as usize + 1, Vec::new());
            }
            starts[r.chunk as usize].push(r.start);
            assert!(r.start < TEXT_CHUNK as u32 || n > TEXT_CHUNK, "string {i} at {}", r.start);
        }
        for (c, s) in arena.chunks.iter().zip(&starts) {
            assert!(c.capacity() <= TEXT_CHUNK || s.len() == 1, "{} bytes, {} strings", c.capacity(), s.len());
        }
    }
}
