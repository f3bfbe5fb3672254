//! The arena DOM. A [`Dom`] owns a handful of flat arenas and nothing else: nodes (24 bytes
//! each, in fixed-size chunks, named by a `u32` [`NodeId`]), one table of distinct qualified
//! names, one vector of attribute records, and a chunked text arena holding every string
//! (text, comments, attribute values, DOCTYPE and processing-instruction parts). Building a tree
//! makes no allocation per node; dropping a `Dom` frees a few dozen buffers, so trees of any
//! depth drop without recursion.
//!
//! Nodes are read through views that borrow the `Dom`: [`Dom::data`] gives a [`NodeData`]
//! with `&str`s, [`Dom::element`] an [`ElementRef`].
//!
//! Layer: the DOM, above the tree-building interface (whose names it re-exports) and beside
//! the tree builders, importing neither builder. This file owns the `Dom` itself: its arenas,
//! the document's state (mode, scripting, source spans) and nodes created and linked. The
//! rest by concept: `storage.rs` the records, `views.rs` reading a node, `navigation.rs`
//! moving through the tree, `walk.rs` the constant-memory walk, `intern.rs` the name tables,
//! `sink.rs` the [`TreeSink`](crate::tree_interface::TreeSink) the parsers build into,
//! `edit.rs` checked edits, `subtree.rs` whole subtrees, `serialize.rs` the html5lib format,
//! `select.rs` selectors.

mod edit;
mod intern;
mod navigation;
#[cfg(feature = "selectors")]
mod select;
mod serialize;
mod sink;
mod storage;
mod subtree;
mod views;
mod walk;

pub use crate::tree_interface::{Attr, AttrRef, Attrs, Name, Namespace, QualName, QualNameRef, QuirksMode};

use crate::Span;
use crate::tree_interface::{FastMap, ScriptFlags, ScriptingMode};
pub(crate) use intern::same_bytes;
use intern::{LocalNames, Names};

pub use edit::DomError;
#[cfg(feature = "selectors")]
pub use select::{MAX_NESTED_COMPOUNDS, MAX_NESTING, Select, Selector, SelectorError};
pub use serialize::{OUTLINE_INDENT, to_test_format, write_outline, write_test_format};
pub use subtree::Ancestors;
pub use walk::{Step, Walk};

pub use navigation::{Children, Descendants};
use storage::{
    AttrRec, FIRST, HOLE, Kind, QUALIFIED, SPILLED, StrRef, TextArena, pack_run, pack_str, to_u32, unpack_run,
    unpack_str,
};
pub use storage::{Node, NodeId};
pub use views::{AttrView, ElementRef, NodeData};

const NODE_CHUNK_BITS: u32 = 7;
const NODE_CHUNK: usize = 1 << NODE_CHUNK_BITS;

/// A document (or a parsed fragment) as arenas. Node 0 is the Document.
#[derive(Clone, Debug)]
pub struct Dom {
    /// Chunks of up to `NODE_CHUNK` nodes, so a large arena never copies more than a chunk to
    /// grow. Each chunk grows as a `Vec` does (up to `NODE_CHUNK`), so what the arena holds
    /// beyond its nodes is at most the unused part of the last chunk, itself at most what that
    /// chunk holds; chunks are 128 nodes (3.5 KiB) because a larger one is mostly unused in the
    /// typical page of a few hundred nodes (issue 13, peak memory).
    nodes: Vec<Vec<Node>>,
    /// The two numbers of a node's second payload word that do not fit in it (see [`Node`]):
    /// a string at an offset of 4 KiB or more in its chunk or of 1 MiB or more, a run of 255
    /// or more attributes or starting past 2^24 records. Rare: empty for most documents.
    spill: FastMap<u32, (u32, u32)>,
    len: usize,
    names: Names,
    /// The plain attribute names (see [`AttrRec`]).
    attr_names: LocalNames,
    /// Each element's attributes are contiguous here.
    attrs: Vec<AttrRec>,
    /// The places of attribute values too long to pack into their record (see [`AttrRec`]).
    long_values: Vec<StrRef>,
    text: TextArena,
    /// DOCTYPE and processing-instruction parts.
    extra: Vec<StrRef>,
    /// Text nodes and attribute lists that were moved to the end of their arena to grow, with
    /// the room reserved for them there (see [`Dom::append_text`]).
    room: FastMap<u32, u32>,
    /// Elements whose attribute names are indexed (long lists that were edited, and elements
    /// attributes were merged into), with how many holes their run holds (see `edit.rs`).
    attr_indexed: FastMap<u32, u32>,
    /// (element, attribute name number) → the attribute's place in the element's run.
    attr_pos: FastMap<(u32, u32), u32>,
    quirks_mode: QuirksMode,
    fragment: Option<NodeId>,
    /// With [`Dom::with_source_spans`]: each node's source span, by node index.
    sources: Option<Vec<Span>>,
    /// The span the tree builder said the next nodes come from.
    source_hint: Span,
    /// The parser scripting mode the tree was parsed with (none for a tree built by hand).
    scripting_mode: Option<ScriptingMode>,
    /// What the parser set on each `script` element it made, in creation (so node) order.
    scripts: Vec<(NodeId, ScriptFlags)>,
}

impl Default for Dom {
    fn default() -> Self {
        Dom::new()
    }
}

impl std::ops::Index<NodeId> for Dom {
    type Output = Node;
    fn index(&self, id: NodeId) -> &Node {
        self.node(id)
    }
}

impl Dom {
    /// An empty document.
    pub fn new() -> Dom {
        let mut dom = Dom {
            nodes: Vec::new(),
            spill: FastMap::default(),
            len: 0,
            names: Names::default(),
            attr_names: LocalNames::default(),
            attrs: Vec::new(),
            long_values: Vec::new(),
            text: TextArena::default(),
            extra: Vec::new(),
            room: FastMap::default(),
            attr_indexed: FastMap::default(),
            attr_pos: FastMap::default(),
            quirks_mode: QuirksMode::NoQuirks,
            fragment: None,
            sources: None,
            source_hint: Span::default(),
            scripting_mode: None,
            scripts: Vec::new(),
        };
        dom.push(Node::new(Kind::Document, 0, 0));
        dom
    }

    /// The Document node.
    pub fn document(&self) -> NodeId {
        NodeId::new(0)
    }

    /// What a parse produced: the document fragment for [`parse_fragment`](crate::html::parse_fragment),
    /// the Document otherwise.
    pub fn root(&self) -> NodeId {
        self.fragment.unwrap_or(self.document())
    }

    /// Mark `fragment` as the result of fragment parsing (what [`root`](Self::root) returns).
    pub fn set_fragment_root(&mut self, fragment: NodeId) {
        self.fragment = Some(fragment);
    }

    /// The document's [mode](https://dom.spec.whatwg.org/#concept-document-mode), as the parser set it from the
    /// DOCTYPE.
    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode
    }

    /// Set the document's [mode](https://dom.spec.whatwg.org/#concept-document-mode).
    pub fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    /// The [parser scripting mode](https://html.spec.whatwg.org/multipage/parsing.html#parser-scripting-mode)
    /// the tree was parsed with; `None` for a tree not made by the HTML parser. Serializing
    /// without options ([`to_html`](Self::to_html), [`inner_html`](Self::inner_html),
    /// [`outer_html`](Self::outer_html)) takes "scripting enabled" from it, so `noscript` text
    /// parsed with scripting off is escaped and reads back as text:
    ///
    /// ```
    /// use statemark::html::{parse_document_with, TreeOptions};
    ///
    /// let dom = parse_document_with("<body><noscript>&lt;b&gt;</noscript>", TreeOptions::with_scripting(false));
    /// assert!(dom.to_html().contains("<noscript>&lt;b&gt;</noscript>"));
    /// ```
    pub fn scripting_mode(&self) -> Option<ScriptingMode> {
        self.scripting_mode
    }

    /// Record the scripting mode the tree is parsed with (the tree builder does, through
    /// [`TreeSink::set_scripting_mode`](crate::tree_interface::TreeSink::set_scripting_mode)).
    pub fn set_scripting_mode(&mut self, mode: Option<ScriptingMode>) {
        self.scripting_mode = mode;
    }

    /// Whether scripting is enabled for the tree's nodes, as serialization reads it: off only
    /// when the tree was parsed in the [`Disabled`](ScriptingMode::Disabled) mode.
    pub fn scripting_enabled(&self) -> bool {
        self.scripting_mode.is_none_or(ScriptingMode::scripting_enabled)
    }

    /// What the parser set on `script` when it made it ("parser document", "already
    /// started"); `None` for any other node and for scripts made by editing.
    pub fn script_flags(&self, script: NodeId) -> Option<ScriptFlags> {
        // Recorded in creation order, and node ids grow with creation: a binary search.
        let i = self.scripts.binary_search_by_key(&script, |&(id, _)| id).ok()?;
        Some(self.scripts[i].1)
    }

    pub(crate) fn record_script(&mut self, script: NodeId, flags: ScriptFlags) {
        match self.scripts.last() {
            Some(&(last, _)) if last >= script => {
                // Not in order (never from the parser): keep the list sorted anyway.
                let i = self.scripts.partition_point(|&(id, _)| id < script);
                if self.scripts.get(i).is_some_and(|&(id, _)| id == script) {
                    self.scripts[i].1 = flags;
                } else {
                    self.scripts.insert(i, (script, flags));
                }
            }
            _ => self.scripts.push((script, flags)),
        }
    }

    /// How many nodes there are, detached ones included.
    pub fn node_count(&self) -> usize {
        self.len
    }

    /// Every node, detached ones included, in creation order (the order of
    /// [`node_ids`](Self::node_ids)).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = &Node> + '_ {
        (0..self.len).map(|i| &self.nodes[i >> NODE_CHUNK_BITS][i & (NODE_CHUNK - 1)])
    }

    /// Every node, detached ones included, in creation order.
    pub fn node_ids(&self) -> impl ExactSizeIterator<Item = NodeId> + use<> {
        (0..self.len).map(NodeId::new)
    }

    /// The tree links of node `id` (parent, siblings, children).
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        let i = id.index();
        &self.nodes[i >> NODE_CHUNK_BITS][i & (NODE_CHUNK - 1)]
    }

    #[inline]
    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        let i = id.index();
        &mut self.nodes[i >> NODE_CHUNK_BITS][i & (NODE_CHUNK - 1)]
    }

    /// Add a node. In line, with a new chunk out of line: every node of a parse comes here.
    #[inline(always)]
    fn push(&mut self, node: Node) -> NodeId {
        let id = NodeId::new(self.len);
        match self.nodes.last_mut() {
            Some(c) if c.len() < NODE_CHUNK => c.push(node),
            _ => self.push_chunk(node),
        }
        self.len += 1;
        if let Some(v) = &mut self.sources {
            v.push(self.source_hint);
        }
        id
    }

    /// A new chunk holding `node`. As for text: a new chunk starts at an eighth of the nodes
    /// so far, whole for large documents, and grows by doubling up to `NODE_CHUNK` (a power of
    /// two, so that doubling lands on it and never past it).
    #[cold]
    #[inline(never)]
    fn push_chunk(&mut self, node: Node) {
        let mut c = Vec::with_capacity((self.len / 8).next_power_of_two().min(NODE_CHUNK));
        c.push(node);
        self.nodes.push(c);
    }

    /// The string of the Text or Comment node `id`, whose record is `n`.
    #[inline]
    fn str_ref(&self, id: NodeId, n: &Node) -> StrRef {
        let (start, len) = if n.b == SPILLED { self.spilled(id) } else { unpack_str(n.b) };
        StrRef { chunk: n.a(), start, len }
    }

    /// The attribute run of the element `id`, whose record is `n`: (start, length with holes).
    #[inline]
    fn run(&self, id: NodeId, n: &Node) -> (usize, usize) {
        let (start, len) = if n.b == SPILLED { self.spilled(id) } else { unpack_run(n.b) };
        (start as usize, len as usize)
    }

    #[cold]
    fn spilled(&self, id: NodeId) -> (u32, u32) {
        self.spill.get(&to_u32(id.index())).copied().unwrap_or_default()
    }

    /// The second payload word for the string `r` of a new node at `index` (`r`'s chunk is
    /// the first), spilled if it does not fit.
    #[inline]
    fn str_word(&mut self, index: usize, r: StrRef) -> u32 {
        pack_str(r.start, r.len).unwrap_or_else(|| self.spill_pair(index, r.start, r.len))
    }

    /// The second payload word for the attribute run (`start`, `len`) of a new element at
    /// `index`.
    #[inline]
    fn run_word(&mut self, index: usize, start: u32, len: u32) -> u32 {
        pack_run(start, len).unwrap_or_else(|| self.spill_pair(index, start, len))
    }

    #[cold]
    #[inline(never)]
    fn spill_pair(&mut self, index: usize, x: u32, y: u32) -> u32 {
        self.spill.insert(to_u32(index), (x, y));
        SPILLED
    }

    /// Drop the spilled pair of an existing node at `index` before its word is set again.
    fn unspill(&mut self, index: usize) {
        if !self.spill.is_empty() {
            self.spill.remove(&to_u32(index));
        }
    }

    /// Point the Text or Comment node `id` at the string `r`.
    fn set_str(&mut self, id: NodeId, r: StrRef) {
        self.unspill(id.index());
        let b = self.str_word(id.index(), r);
        let n = self.node_mut(id);
        n.set_a(r.chunk);
        n.b = b;
    }

    /// Set the attribute run of the element `id`.
    fn set_run(&mut self, id: NodeId, start: usize, len: usize) {
        self.unspill(id.index());
        let b = self.run_word(id.index(), to_u32(start), to_u32(len));
        self.node_mut(id).b = b;
    }

    /// A `Dom` that records, when a tree builder fills it, the byte span of the markup each
    /// node came from (a side table of 16 bytes per node; without this call, nothing is kept).
    /// Elements: their start tag; Text: from its first character to its last; comments,
    /// DOCTYPEs, processing instructions: their markup. Nodes made without markup (implied
    /// `html`, `head`, `body`, `tbody`..., the document, fragments, and the copies of formatting
    /// elements that the reconstruction and the adoption agency create) have an empty span at the
    /// position of the token that caused them. Nodes the adoption agency moves keep theirs.
    ///
    /// ```
    /// use statemark::html::parse_document_with_source_spans;
    ///
    /// let input = "<p class=x>Hi <b>there</b>";
    /// let dom = parse_document_with_source_spans(input, Default::default());
    /// let b = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "b")).unwrap();
    /// let span = dom.source_span(b).unwrap();
    /// assert_eq!(&input[span.start..span.end], "<b>");
    /// let body = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "body")).unwrap();
    /// assert!(dom.source_span(body).unwrap().is_empty()); // implied
    /// ```
    pub fn with_source_spans(mut self) -> Dom {
        self.sources = Some(vec![self.source_hint; self.len]);
        self
    }

    /// Where node `id` came from in the input, with [`Dom::with_source_spans`].
    pub fn source_span(&self, id: NodeId) -> Option<Span> {
        self.sources.as_ref().and_then(|v| v.get(id.index()).copied())
    }

    /// Extend a Text node's source span to the current token (it took more text).
    pub(crate) fn extend_text_source(&mut self, id: NodeId) {
        let hint = self.source_hint;
        if let Some(s) = self.sources.as_mut().and_then(|v| v.get_mut(id.index())) {
            if s.is_empty() && s.start == 0 {
                *s = hint;
            }
            s.end = s.end.max(hint.end);
        }
    }

    /// Create a detached element; an HTML `template` gets its (empty) template contents,
    /// created just before it.
    pub fn create_element(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        let index = self.names.intern(name, &mut self.text);
        self.create_element_named(index, name, attrs)
    }

    /// Create a detached element whose attributes `fill` stores one at a time
    /// ([`AttrPush::push`]), at most `most` of them: a tree builder that resolves and filters
    /// attributes (XML5's namespaces and duplicates) stores each where it ends, with no list of
    /// its own in between (issue 26, peak memory).
    pub(crate) fn create_element_pushing(
        &mut self,
        name: QualNameRef<'_>,
        most: usize,
        fill: impl FnOnce(&mut AttrPush<'_>),
    ) -> NodeId {
        let index = self.names.intern(name, &mut self.text);
        // As `element_node`: an HTML `template`'s contents are the node just before it.
        let template = *name.ns == Namespace::Html && name.local == "template";
        if template {
            self.create_fragment();
        }
        let start = self.attrs.len();
        if most != 0 {
            self.reserve_attrs(most);
        }
        fill(&mut AttrPush { dom: self });
        debug_assert!(self.attrs.len() - start <= most, "more attributes than reserved");
        let kind = if template { Kind::Template } else { Kind::Element };
        let b = self.run_word(self.len, to_u32(start), to_u32(self.attrs.len() - start));
        self.push(Node::new(kind, index, b))
    }

    /// [`create_element`](Self::create_element) with the name already interned as `index`.
    fn create_element_named(&mut self, index: u32, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        let n = self.element_node(index, name, attrs);
        self.push(n)
    }

    /// A new element as the last child of `parent`, its links written before it is pushed
    /// (the tree builder's create-and-insert in one step, `TreeSink::create_and_insert_element`).
    #[inline]
    fn create_element_child(&mut self, parent: NodeId, index: u32, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        let n = self.element_node(index, name, attrs);
        let first = self.node(parent).first_child;
        self.push_last_child(parent, first, n)
    }

    /// The node for a new element, its attributes stored; an HTML `template`'s contents are
    /// pushed first, so they are the node just before it. In line in both of its callers
    /// (a call of its own cost XML5 parsing 1.7M instructions on the XML corpus).
    #[inline(always)]
    fn element_node(&mut self, index: u32, name: QualNameRef<'_>, attrs: Attrs<'_>) -> Node {
        let template = *name.ns == Namespace::Html && name.local == "template";
        if template {
            self.create_fragment();
        }
        let start = to_u32(self.attrs.len());
        if !attrs.is_empty() {
            self.reserve_attrs(attrs.len());
            match attrs.as_token() {
                // The HTML builder's form: plain names, one loop over the token's slice (no
                // match on the form and no bounds check per attribute, as `iter` has).
                Some(list) => {
                    for a in list {
                        let name = self.attr_names.intern(&a.name, &mut self.text);
                        let rec = self.value_rec(name, &a.value);
                        self.attrs.push(rec);
                    }
                }
                None => {
                    for a in attrs.iter() {
                        let rec = self.attr_rec(a);
                        self.attrs.push(rec);
                    }
                }
            }
        }
        let kind = if template { Kind::Template } else { Kind::Element };
        let b = self.run_word(self.len, start, to_u32(attrs.len()));
        Node::new(kind, index, b)
    }

    /// Push the detached node `n` as the last child of `parent`, whose first child is `first`
    /// (read by the caller), linked as [`append`](Self::append) links it but with its own
    /// links written before the push: no detach, no second write to the new node.
    #[inline(always)]
    fn push_last_child(&mut self, parent: NodeId, first: Option<NodeId>, mut n: Node) -> NodeId {
        let t = NodeId::new(self.len);
        n.parent = Some(parent);
        match first {
            Some(f) => {
                // The first child's link names the last child: read it and point it at the
                // new one in one step.
                let last = self.node_mut(f).prev.replace(t);
                n.prev = last;
                self.push(n);
                if let Some(l) = last {
                    self.node_mut(l).next = Some(t);
                }
            }
            None => {
                // The only child: first, and its own `prev` as the last child.
                n.prev = Some(t);
                n.set_first(true);
                self.push(n);
                self.node_mut(parent).first_child = Some(t);
            }
        }
        t
    }

    /// Create a detached Text node.
    pub fn create_text(&mut self, text: &str) -> NodeId {
        let r = self.text.push(text);
        let b = self.str_word(self.len, r);
        self.push(Node::new(Kind::Text, r.chunk, b))
    }

    /// Create a detached Comment node.
    pub fn create_comment(&mut self, data: &str) -> NodeId {
        let r = self.text.push(data);
        let b = self.str_word(self.len, r);
        self.push(Node::new(Kind::Comment, r.chunk, b))
    }

    /// Create a detached doctype node.
    pub fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> NodeId {
        let at = to_u32(self.extra.len());
        for s in [name, public_id, system_id] {
            let r = self.text.push(s);
            self.extra.push(r);
        }
        self.push(Node::new(Kind::Doctype, 0, at))
    }

    /// Create a detached ProcessingInstruction node.
    pub fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
        let at = to_u32(self.extra.len());
        for s in [target, data] {
            let r = self.text.push(s);
            self.extra.push(r);
        }
        self.push(Node::new(Kind::Pi, 0, at))
    }

    /// Create a detached, empty document fragment.
    pub fn create_fragment(&mut self) -> NodeId {
        self.push(Node::new(Kind::Fragment, 0, 0))
    }

    /// Append `text` to the Text node `id` (nothing for other nodes). Text at the end of the
    /// arena grows in place; other text moves to the end with as much room again as it needs,
    /// so any sequence of appends copies each byte a constant number of times on average.
    pub fn append_text(&mut self, id: NodeId, text: &str) {
        let n = self.node(id);
        if !n.is_text() || text.is_empty() {
            return;
        }
        let r = self.str_ref(id, n);
        let key = to_u32(id.index());
        if let Some(&room) = self.room.get(&key)
            && (r.len as usize + text.len()) <= room as usize
        {
            // Write into the room reserved after the text (filler bytes, all ASCII).
            let at = (r.start + r.len) as usize;
            self.text.chunks[r.chunk as usize].replace_range(at..at + text.len(), text);
            self.set_str(id, StrRef { len: r.len + to_u32(text.len()), ..r });
            return;
        }
        if !self.room.contains_key(&key) && self.text.can_extend(r, text.len()) {
            self.text.append_to_last(text);
            self.set_str(id, StrRef { len: r.len + to_u32(text.len()), ..r });
            return;
        }
        let len = r.len as usize + text.len();
        let room = len.saturating_mul(2);
        let mut moved = String::with_capacity(room);
        moved.push_str(self.text.get(r));
        moved.push_str(text);
        moved.extend(std::iter::repeat_n(' ', room - len));
        let new = self.text.push(&moved);
        self.room.insert(key, to_u32(room));
        self.set_str(id, StrRef { len: to_u32(len), ..new });
    }

    /// Add each attribute whose name `element` does not have yet (`<html>`/`<body>` merging),
    /// in time linear in the number of attributes involved.
    pub fn add_attributes_if_missing(&mut self, element: NodeId, attrs: Attrs<'_>) {
        let n = self.node(element);
        if !n.is_element() || attrs.is_empty() {
            return;
        }
        // The element's attribute names are indexed once, at its first merge, and the index
        // kept: repeated merges cost what they add, not what the element already has.
        self.index_attributes(element);
        let key = to_u32(element.index());
        let mut added = Vec::new();
        for a in attrs.iter() {
            let name = self.attr_name_id(a.name);
            // Its place once pushed (`push_attrs` keeps the index in step): marked now so
            // that a name given twice is added once.
            if let std::collections::hash_map::Entry::Vacant(v) = self.attr_pos.entry((key, name)) {
                v.insert(u32::MAX);
                added.push(self.value_rec(name, a.value));
            }
        }
        self.push_attrs(element, &added);
    }

    /// Add attribute records at the end of `element`'s run, keeping the run contiguous: into
    /// the room reserved after it, at the end of the vector, or moved to the end with as much
    /// room again (so repeated additions stay linear).
    fn push_attrs(&mut self, element: NodeId, added: &[AttrRec]) {
        if added.is_empty() {
            return;
        }
        let (start, len) = self.run(element, self.node(element));
        let key = to_u32(element.index());
        if self.attr_indexed.contains_key(&key) {
            for (k, a) in added.iter().enumerate() {
                self.attr_pos.insert((key, a.name), to_u32(len + k));
            }
        }
        let room = self.room.get(&key).copied().map_or(len, |r| r as usize);
        let new_len = len + added.len();
        if new_len <= room {
            // Grow into the room reserved when the list last moved.
            self.attrs[start + len..start + new_len].copy_from_slice(added);
        } else if room == len && start + len == self.attrs.len() && !self.room.contains_key(&key) {
            self.attrs.extend_from_slice(added);
        } else {
            // Move to the end with room to grow again.
            let new_start = self.attrs.len();
            let new_room = new_len * 2;
            self.attrs.extend_from_within(start..start + len);
            self.attrs.extend_from_slice(added);
            let filler = AttrRec::default();
            self.attrs.resize(new_start + new_room, filler);
            self.room.insert(key, to_u32(new_room));
            self.set_run(element, new_start, new_len);
            return;
        }
        self.set_run(element, start, new_len);
    }

    /// In line in `element_node`'s loop (out of line it cost html-page-2's parse 0.8%).
    #[inline(always)]
    fn attr_rec(&mut self, a: AttrRef<'_>) -> AttrRec {
        let name = self.attr_name_id(a.name);
        self.value_rec(name, a.value)
    }

    /// A record for an attribute named `name` (its number) with `value`, the value added to
    /// the text arena.
    #[inline(always)]
    fn value_rec(&mut self, name: u32, value: &str) -> AttrRec {
        let r = self.text.push(value);
        AttrRec::new(name, r, &mut self.long_values)
    }

    /// The value of the attribute record `a`.
    #[inline]
    fn attr_value(&self, a: &AttrRec) -> &str {
        self.text.get(a.value(&self.long_values))
    }

    /// The number an [`AttrRec`] holds for an attribute name.
    fn attr_name_id(&mut self, name: QualNameRef<'_>) -> u32 {
        if *name.ns == Namespace::None && name.prefix.is_none() {
            self.attr_names.intern(name.local, &mut self.text)
        } else {
            let i = self.names.intern(name, &mut self.text);
            assert!(i < QUALIFIED, "fewer than 2^31 distinct names");
            QUALIFIED | i
        }
    }

    fn attr_name(&self, r: &AttrRec) -> QualNameRef<'_> {
        if r.name & QUALIFIED != 0 {
            self.names.get_ref(r.name & !QUALIFIED, &self.text)
        } else {
            QualNameRef::new(&Namespace::None, self.text.get(self.attr_names.get(r.name)))
        }
    }

    /// Room for `n` more attribute records. The list grows by a quarter (not double) when
    /// full: a document's records are one list, and a doubled list is on average a quarter
    /// unused at the end of a parse (issue 13, peak memory). Growth stays geometric, so each
    /// record is copied a constant number of times on average.
    fn reserve_attrs(&mut self, n: usize) {
        if self.attrs.capacity() - self.attrs.len() < n {
            self.attrs.reserve_exact(n.max(self.attrs.len() / 4).max(16));
        }
    }

    /// Remove `id` from its parent, if it has one.
    #[inline]
    pub fn detach(&mut self, id: NodeId) {
        let n = self.node(id);
        let Some(parent) = n.parent else { return };
        let (prev, next, first) = (n.prev, n.next, n.is_first());
        if first {
            // `prev` is the last child; the next sibling, if any, becomes the first and
            // takes that link over.
            self.node_mut(parent).first_child = next;
            if let Some(nx) = next {
                let nn = self.node_mut(nx);
                nn.set_first(true);
                nn.prev = prev;
            }
        } else if let Some(p) = prev {
            self.node_mut(p).next = next;
            match next {
                Some(nx) => self.node_mut(nx).prev = Some(p),
                // `id` was the last child: the first child's link now names `p`.
                None => {
                    if let Some(f) = self.node(parent).first_child {
                        self.node_mut(f).prev = Some(p);
                    }
                }
            }
        }
        let n = self.node_mut(id);
        n.parent = None;
        n.prev = None;
        n.next = None;
        n.set_first(false);
    }

    /// Append `child` (detached first) as the last child of `parent`.
    #[inline]
    pub fn append(&mut self, parent: NodeId, child: NodeId) {
        if self.node(child).parent.is_some() {
            self.detach(child);
        }
        let first = self.node(parent).first_child;
        let prev = match first {
            None => {
                self.node_mut(parent).first_child = Some(child);
                Some(child)
            }
            Some(f) => {
                // The first child's link names the last child: read it and point it at the
                // new one in one step.
                let last = self.node_mut(f).prev.replace(child);
                if let Some(l) = last {
                    self.node_mut(l).next = Some(child);
                }
                last
            }
        };
        let c = self.node_mut(child);
        c.parent = Some(parent);
        c.prev = prev;
        c.set_first(first.is_none());
    }

    /// Append `text` to `parent`: to its last child if that is a Text node, else as a new
    /// Text node (the tree builders' "insert a character").
    ///
    /// Every text run of a parse comes here, so each node is reached as few times as the links
    /// allow: the first child's link to the last child is read and pointed at the new node in
    /// one access (and put back in the rare case that the last child is Text and takes the
    /// text instead), the last child is read and linked in one more, and the new node is
    /// written whole with its links before it is pushed.
    #[inline]
    pub fn append_text_child(&mut self, parent: NodeId, text: &str) {
        let t = NodeId::new(self.len);
        let first = self.node(parent).first_child;
        let (prev, head) = match first {
            // The only child: first, and its own `prev` as the last child.
            None => (t, FIRST),
            Some(f) => {
                // A first child always names the last child (`f` itself if it is the only one).
                let last = self.node_mut(f).prev.replace(t).unwrap_or(f);
                let l = self.node_mut(last);
                if l.is_text() {
                    self.node_mut(f).prev = Some(last);
                    self.append_text(last, text);
                    return;
                }
                l.next = Some(t);
                (last, 0)
            }
        };
        let r = self.text.push(text);
        let b = self.str_word(t.index(), r);
        let mut n = Node::new(Kind::Text, r.chunk, b);
        n.head |= head;
        n.parent = Some(parent);
        n.prev = Some(prev);
        self.push(n);
        if first.is_none() {
            self.node_mut(parent).first_child = Some(t);
        }
    }

    /// Insert `child` (detached first) immediately before `sibling`, which must have a parent.
    pub fn insert_before(&mut self, sibling: NodeId, child: NodeId) {
        self.detach(child);
        let Some(parent) = self.node(sibling).parent else { return };
        let s = self.node(sibling);
        let (prev, first) = (s.prev, s.is_first());
        {
            let c = self.node_mut(child);
            c.parent = Some(parent);
            c.prev = prev;
            c.next = Some(sibling);
            c.set_first(first);
        }
        let s = self.node_mut(sibling);
        s.prev = Some(child);
        s.set_first(false);
        if first {
            self.node_mut(parent).first_child = Some(child);
        } else if let Some(p) = prev {
            self.node_mut(p).next = Some(child);
        }
    }

    /// Move every child of `from` to the end of `to`, in order.
    pub fn move_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(c) = self.node(from).first_child {
            self.append(to, c);
        }
    }

    /// Serialize in the html5lib-tests tree format (see [`to_test_format`]).
    pub fn to_test_format(&self) -> String {
        to_test_format(self, self.root())
    }
}

/// Stores a new element's attributes one at a time
/// ([`Dom::create_element_pushing`]'s `fill`).
pub(crate) struct AttrPush<'d> {
    dom: &'d mut Dom,
}

impl AttrPush<'_> {
    /// Store the attribute `name`=`value` after those stored before it.
    #[inline]
    pub(crate) fn push(&mut self, name: QualNameRef<'_>, value: &str) {
        let rec = self.dom.attr_rec(AttrRef { name, value });
        self.dom.attrs.push(rec);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An element's attributes as owned (name, value) pairs, in order.
    fn attrs(dom: &Dom, e: NodeId) -> Vec<(String, String)> {
        dom.element(e)
            .map_or(Vec::new(), |e| e.attrs().map(|a| (a.name.local.to_owned(), a.value.to_owned())).collect())
    }

    /// A xorshift generator for the model tests: each call a number below its argument.
    pub(super) fn rng(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        }
    }

    /// Payloads that do not fit a node's packed word (a run of 255 or more attributes, a text
    /// of 1 MiB or more, a comment in a chunk of its own) read back whole through the spill
    /// table, after parsing, growing, editing and copying, and go back to packed when they fit.
    #[test]
    fn spilled_payloads_read_back() {
        let names: Vec<String> = (0..300).map(|i| format!("a{i}")).collect();
        let tag: String = names.iter().map(|n| format!(" {n}={n}")).collect();
        let big = "x".repeat((1 << 20) + 5);
        let input = format!("<div{tag}>{big}</div><p q=1><!--{big}-->");
        let mut dom = crate::html::parse_document(&input);
        let div = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "div"));
        let div = div.expect("a div");
        let expected: Vec<(String, String)> = names.iter().map(|n| (n.clone(), n.clone())).collect();
        assert_eq!(attrs(&dom, div), expected);
        assert_eq!(dom.text_content(div), big);
        assert!(!dom.spill.is_empty());
        // Edits on the spilled run and text.
        dom.set_attribute(div, "extra", "e").unwrap();
        assert_eq!(dom.get_attribute(div, "extra"), Some("e"));
        assert!(dom.remove_attribute(div, "a0").unwrap());
        assert_eq!(dom.element(div).map(|e| e.attrs().len()), Some(300));
        let text = dom.children(div).next().expect("the text");
        dom.append_text(text, "yz");
        assert_eq!(dom.text(text).map(str::len), Some(big.len() + 2));
        let copy = dom.clone_subtree(div);
        assert_eq!(attrs(&dom, copy), attrs(&dom, div));
        assert_eq!(dom.text_content(copy), dom.text_content(div));
        let comment = dom.node_ids().find(|&n| matches!(dom.data(n), NodeData::Comment(_))).expect("a comment");
        assert!(matches!(dom.data(comment), NodeData::Comment(c) if c == big));
        // Back to a packed word: the spilled pair is dropped.
        dom.set_data(text, "short");
        assert_eq!(dom.text(text), Some("short"));
        assert!(!dom.spill.contains_key(&to_u32(text.index())));
        let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p"));
        assert_eq!(attrs(&dom, p.expect("a p")), vec![("q".to_owned(), "1".to_owned())]);
    }

    /// Attribute values too long to pack into their 12-byte record (1 MiB or more) read back
    /// whole beside short ones: parsed, set, and after their run moves to grow (records
    /// copied) and the element is cloned.
    #[test]
    fn long_attribute_values_read_back() {
        let big = "v".repeat((1 << 20) + 3);
        let input = format!("<p a=1 long='{big}' b=2>x</p>");
        let mut dom = crate::html::parse_document(&input);
        let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p"));
        let p = p.expect("a p");
        let pair = |n: &str, v: &str| (n.to_owned(), v.to_owned());
        assert_eq!(attrs(&dom, p), vec![pair("a", "1"), pair("long", &big), pair("b", "2")]);
        assert_eq!(dom.long_values.len(), 1);
        // A new attribute moves the run to the end of the records (the long one copied).
        let bigger = format!("{big}w");
        dom.set_attribute(p, "c", &bigger).unwrap();
        dom.set_attribute(p, "a", "one").unwrap();
        let expected = vec![pair("a", "one"), pair("long", &big), pair("b", "2"), pair("c", &bigger)];
        assert_eq!(attrs(&dom, p), expected);
        assert_eq!(dom.get_attribute(p, "long"), Some(big.as_str()));
        let copy = dom.clone_subtree(p);
        assert_eq!(attrs(&dom, copy), expected);
        assert!(dom.remove_attribute(p, "long").unwrap());
        assert_eq!(dom.get_attribute(p, "c"), Some(bigger.as_str()));
    }

    /// The links after a mix of appends, insertions before any child and detaches (of first,
    /// middle and last children), against a plain list per parent: children in order both
    /// ways, first and last child, and the first-child flag that hides the last-child link.
    #[test]
    fn sibling_links_match_a_list_model() {
        let mut dom = Dom::new();
        let parents: Vec<NodeId> = (0..3).map(|_| dom.create_fragment()).collect();
        let nodes: Vec<NodeId> = (0..40).map(|i| dom.create_text(&i.to_string())).collect();
        let mut model: Vec<Vec<NodeId>> = vec![Vec::new(); parents.len()];
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..4000 {
            let node = nodes[next(nodes.len())];
            let p = next(parents.len());
            for list in &mut model {
                list.retain(|&n| n != node);
            }
            match next(3) {
                0 => {
                    dom.append(parents[p], node);
                    model[p].push(node);
                }
                1 if !model[p].is_empty() => {
                    let at = next(model[p].len());
                    dom.insert_before(model[p][at], node);
                    model[p].insert(at, node);
                }
                _ => dom.detach(node),
            }
            for (p, list) in parents.iter().zip(&model) {
                assert_eq!(dom.children(*p).collect::<Vec<_>>(), *list);
                assert_eq!(dom[*p].first_child(), list.first().copied());
                assert_eq!(dom.last_child(*p), list.last().copied());
                for (i, &c) in list.iter().enumerate() {
                    assert_eq!(dom[c].parent(), Some(*p));
                    assert_eq!(dom[c].prev_sibling(), i.checked_sub(1).map(|j| list[j]));
                    assert_eq!(dom[c].next_sibling(), list.get(i + 1).copied());
                }
            }
            for &n in &nodes {
                if !model.iter().any(|l| l.contains(&n)) {
                    let d = &dom[n];
                    assert!(d.parent().is_none() && d.prev_sibling().is_none() && d.next_sibling().is_none());
                }
            }
        }
    }
}
