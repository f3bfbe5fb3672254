//! The arena DOM: every node lives in one vector and is named by a [`NodeId`] index; no
//! reference counting, no `RefCell`. Dropping a [`Dom`] frees one vector, so trees of any depth
//! drop without recursion. Navigation, the html5lib-format serializer, and the
//! [`TreeSink`](crate::html::tree::TreeSink) implementation the HTML parser builds into.

mod serialize;
mod sink;

use std::borrow::Cow;
use std::num::NonZeroU32;

pub use serialize::to_test_format;

/// A name: borrowed from a static table for the names the parser knows, owned otherwise.
pub type Name = Cow<'static, str>;

/// A namespace. The parser uses the first seven; `Other` is for XML documents.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Namespace {
    /// No namespace (most attributes).
    None,
    Html,
    MathMl,
    Svg,
    XLink,
    Xml,
    Xmlns,
    Other(Box<str>),
}

impl Namespace {
    /// The namespace URL ("" for no namespace).
    pub fn url(&self) -> &str {
        match self {
            Namespace::None => "",
            Namespace::Html => "http://www.w3.org/1999/xhtml",
            Namespace::MathMl => "http://www.w3.org/1998/Math/MathML",
            Namespace::Svg => "http://www.w3.org/2000/svg",
            Namespace::XLink => "http://www.w3.org/1999/xlink",
            Namespace::Xml => "http://www.w3.org/XML/1998/namespace",
            Namespace::Xmlns => "http://www.w3.org/2000/xmlns/",
            Namespace::Other(u) => u,
        }
    }
}

/// A namespaced name: namespace, prefix (as written, for XML and the parser's foreign
/// attributes) and local name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QualName {
    pub ns: Namespace,
    pub prefix: Option<Name>,
    pub local: Name,
}

impl QualName {
    pub fn new(ns: Namespace, local: impl Into<Name>) -> QualName {
        QualName { ns, prefix: None, local: local.into() }
    }
}

/// An attribute of an element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    pub name: QualName,
    pub value: String,
}

/// The document's mode, set from the DOCTYPE.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuirksMode {
    #[default]
    NoQuirks,
    LimitedQuirks,
    Quirks,
}

/// A handle to a node of one [`Dom`]. Handles of another `Dom` are meaningless for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    fn new(index: usize) -> NodeId {
        let n = u32::try_from(index + 1).expect("more than 4 billion nodes");
        NodeId(NonZeroU32::new(n).expect("index + 1 is never zero"))
    }

    /// The node's index in [`Dom::nodes`].
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// An element: its name, its attributes in source order, and for an HTML `template` the
/// document fragment holding its template contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    pub name: QualName,
    pub attrs: Vec<Attr>,
    pub template_contents: Option<NodeId>,
}

impl Element {
    /// The value of the no-namespace attribute with this local name.
    pub fn attr(&self, local: &str) -> Option<&str> {
        self.attrs.iter().find(|a| a.name.ns == Namespace::None && a.name.local == local).map(|a| a.value.as_str())
    }
}

/// What a node is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeData {
    Document,
    /// A document fragment: the result of fragment parsing, or a template's contents.
    Fragment,
    Doctype {
        name: String,
        public_id: String,
        system_id: String,
    },
    Element(Element),
    Text(String),
    Comment(String),
    ProcessingInstruction {
        target: String,
        data: String,
    },
}

/// One node and its links.
#[derive(Clone, Debug)]
pub struct Node {
    pub data: NodeData,
    parent: Option<NodeId>,
    prev: Option<NodeId>,
    next: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
}

impl Node {
    fn new(data: NodeData) -> Node {
        Node { data, parent: None, prev: None, next: None, first_child: None, last_child: None }
    }

    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }
    pub fn prev_sibling(&self) -> Option<NodeId> {
        self.prev
    }
    pub fn next_sibling(&self) -> Option<NodeId> {
        self.next
    }
    pub fn first_child(&self) -> Option<NodeId> {
        self.first_child
    }
    pub fn last_child(&self) -> Option<NodeId> {
        self.last_child
    }
    /// The element, if this node is one.
    pub fn as_element(&self) -> Option<&Element> {
        match &self.data {
            NodeData::Element(e) => Some(e),
            _ => None,
        }
    }
}

/// A document (or a parsed fragment) as an arena of nodes. Node 0 is the Document.
#[derive(Clone, Debug)]
pub struct Dom {
    nodes: Vec<Node>,
    quirks_mode: QuirksMode,
    fragment: Option<NodeId>,
}

impl Default for Dom {
    fn default() -> Self {
        Dom::new()
    }
}

impl std::ops::Index<NodeId> for Dom {
    type Output = Node;
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }
}

impl Dom {
    /// An empty document.
    pub fn new() -> Dom {
        Dom { nodes: vec![Node::new(NodeData::Document)], quirks_mode: QuirksMode::NoQuirks, fragment: None }
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

    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode
    }

    pub fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    /// All nodes, detached ones included, indexed by [`NodeId::index`].
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// The element at `id`, if it is one.
    pub fn element(&self, id: NodeId) -> Option<&Element> {
        self.nodes[id.index()].as_element()
    }

    /// Create a detached node.
    pub fn create(&mut self, data: NodeData) -> NodeId {
        let id = NodeId::new(self.nodes.len());
        self.nodes.push(Node::new(data));
        id
    }

    /// Create a detached element; an HTML `template` gets its (empty) template contents.
    pub fn create_element(&mut self, name: QualName, attrs: Vec<Attr>) -> NodeId {
        let contents =
            (name.ns == Namespace::Html && name.local == "template").then(|| self.create(NodeData::Fragment));
        self.create(NodeData::Element(Element { name, attrs, template_contents: contents }))
    }

    /// The children of `id`, in order.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children { dom: self, next: self.nodes[id.index()].first_child }
    }

    /// `id` and its descendants in tree order (template contents not included), without
    /// recursion.
    pub fn descendants(&self, id: NodeId) -> Descendants<'_> {
        Descendants { dom: self, root: id, next: Some(id) }
    }

    /// The concatenated text of the Text descendants of `id`.
    pub fn text_content(&self, id: NodeId) -> String {
        let mut s = String::new();
        for n in self.descendants(id) {
            if let NodeData::Text(t) = &self.nodes[n.index()].data {
                s.push_str(t);
            }
        }
        s
    }

    /// Remove `id` from its parent, if it has one.
    pub fn detach(&mut self, id: NodeId) {
        let Some(parent) = self.nodes[id.index()].parent else { return };
        let (prev, next) = (self.nodes[id.index()].prev, self.nodes[id.index()].next);
        match prev {
            Some(p) => self.nodes[p.index()].next = next,
            None => self.nodes[parent.index()].first_child = next,
        }
        match next {
            Some(n) => self.nodes[n.index()].prev = prev,
            None => self.nodes[parent.index()].last_child = prev,
        }
        let n = &mut self.nodes[id.index()];
        n.parent = None;
        n.prev = None;
        n.next = None;
    }

    /// Append `child` (detached first) as the last child of `parent`.
    pub fn append(&mut self, parent: NodeId, child: NodeId) {
        self.detach(child);
        let last = self.nodes[parent.index()].last_child;
        {
            let c = &mut self.nodes[child.index()];
            c.parent = Some(parent);
            c.prev = last;
        }
        match last {
            Some(l) => self.nodes[l.index()].next = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
        self.nodes[parent.index()].last_child = Some(child);
    }

    /// Insert `child` (detached first) immediately before `sibling`, which must have a parent.
    pub fn insert_before(&mut self, sibling: NodeId, child: NodeId) {
        self.detach(child);
        let Some(parent) = self.nodes[sibling.index()].parent else { return };
        let prev = self.nodes[sibling.index()].prev;
        {
            let c = &mut self.nodes[child.index()];
            c.parent = Some(parent);
            c.prev = prev;
            c.next = Some(sibling);
        }
        self.nodes[sibling.index()].prev = Some(child);
        match prev {
            Some(p) => self.nodes[p.index()].next = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
    }

    /// Move every child of `from` to the end of `to`, in order.
    pub fn move_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(c) = self.nodes[from.index()].first_child {
            self.append(to, c);
        }
    }

    /// Whether `ancestor` is `node` or one of its ancestors, following template contents up
    /// to their template ("host-including"). Iterative.
    pub fn is_inclusive_ancestor(&self, ancestor: NodeId, node: NodeId) -> bool {
        let mut cur = Some(node);
        while let Some(n) = cur {
            if n == ancestor {
                return true;
            }
            cur = match self.nodes[n.index()].parent {
                Some(p) => Some(p),
                None if matches!(self.nodes[n.index()].data, NodeData::Fragment) => self.template_of(n),
                None => None,
            };
        }
        false
    }

    /// The template whose contents `fragment` is. Template contents are created right before
    /// their template, so this is a constant-time check.
    fn template_of(&self, fragment: NodeId) -> Option<NodeId> {
        let t = NodeId::new(fragment.index() + 1);
        match self.nodes.get(t.index()).map(|n| &n.data) {
            Some(NodeData::Element(e)) if e.template_contents == Some(fragment) => Some(t),
            _ => None,
        }
    }

    /// Serialize in the html5lib-tests tree format (see [`to_test_format`]).
    pub fn to_test_format(&self) -> String {
        to_test_format(self, self.root())
    }
}

/// Iterator over the children of a node.
pub struct Children<'a> {
    dom: &'a Dom,
    next: Option<NodeId>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        self.next = self.dom.nodes[n.index()].next;
        Some(n)
    }
}

/// Iterator over a node and its descendants in tree order.
pub struct Descendants<'a> {
    dom: &'a Dom,
    root: NodeId,
    next: Option<NodeId>,
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        let node = &self.dom.nodes[n.index()];
        self.next = if let Some(c) = node.first_child {
            Some(c)
        } else {
            let mut cur = n;
            loop {
                if cur == self.root {
                    break None;
                }
                let c = &self.dom.nodes[cur.index()];
                if let Some(s) = c.next {
                    break Some(s);
                }
                match c.parent {
                    Some(p) => cur = p,
                    None => break None,
                }
            }
        };
        Some(n)
    }
}
