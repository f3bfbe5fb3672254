//! Reading a node: the views that borrow a [`Dom`](super::Dom) (`NodeData` with `&str`s, an
//! element's `ElementRef` and its attributes as `AttrView`s) and `Dom::data`, `element`, `text`.
//! Layer: the DOM.

use super::storage::{AttrRec, HOLE, Kind, Node, NodeId};
use super::{Dom, Namespace, QualName, QualNameRef};

/// What a node is, borrowed from its [`Dom`].
#[derive(Clone, Copy, Debug)]
pub enum NodeData<'a> {
    /// The [document](https://dom.spec.whatwg.org/#concept-document) node, the root of a parsed
    /// document.
    Document,
    /// A document fragment: the result of fragment parsing, or a template's contents.
    Fragment,
    /// A [doctype](https://dom.spec.whatwg.org/#concept-doctype); missing identifiers are empty
    /// strings, as in the DOM.
    Doctype {
        /// The DOCTYPE's name.
        name: &'a str,
        /// The public identifier.
        public_id: &'a str,
        /// The system identifier.
        system_id: &'a str,
    },
    /// An [element](https://dom.spec.whatwg.org/#concept-element).
    Element(ElementRef<'a>),
    /// A [Text](https://dom.spec.whatwg.org/#text) node's data.
    Text(&'a str),
    /// A [Comment](https://dom.spec.whatwg.org/#comment) node's data.
    Comment(&'a str),
    /// A [ProcessingInstruction](https://dom.spec.whatwg.org/#processinginstruction) node.
    ProcessingInstruction {
        /// The target (`xml-stylesheet` in `<?xml-stylesheet href=a?>`).
        target: &'a str,
        /// The data after the target.
        data: &'a str,
    },
}

/// An element, borrowed from its [`Dom`]: its name, its attributes in source order, and for an
/// HTML `template` the document fragment holding its template contents.
#[derive(Clone, Copy)]
pub struct ElementRef<'a> {
    /// The element's qualified name.
    pub name: &'a QualName,
    /// For an HTML `template`, the fragment holding its
    /// [template contents](https://html.spec.whatwg.org/multipage/scripting.html#template-contents).
    pub template_contents: Option<NodeId>,
    /// The element's run of attribute records, holes included.
    attrs: &'a [AttrRec],
    /// How many of `attrs` are attributes (not holes).
    live: usize,
    id: NodeId,
    dom: &'a Dom,
}

impl std::fmt::Debug for ElementRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Element").field("name", self.name).field("attrs", &self.attrs().collect::<Vec<_>>()).finish()
    }
}

/// An attribute of an element, borrowed from its [`Dom`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrView<'a> {
    /// The attribute's name.
    pub name: QualNameRef<'a>,
    /// The attribute's value.
    pub value: &'a str,
}

impl<'a> ElementRef<'a> {
    /// The attributes in source order.
    pub fn attrs(&self) -> impl ExactSizeIterator<Item = AttrView<'a>> + use<'a> {
        AttrIter { recs: self.attrs.iter(), left: self.live, dom: self.dom }
    }

    /// The value of the no-namespace attribute with this local name (constant time on an
    /// element whose attributes were edited, else a scan of its attributes).
    pub fn attr(&self, local: &str) -> Option<&'a str> {
        if let Some(found) = self.dom.indexed_attribute(self.id, local) {
            return found;
        }
        self.attrs().find(|a| *a.name.ns == Namespace::None && a.name.local == local).map(|a| a.value)
    }
}

/// The attributes of an element, holes skipped.
struct AttrIter<'a> {
    recs: std::slice::Iter<'a, AttrRec>,
    left: usize,
    dom: &'a Dom,
}

impl<'a> Iterator for AttrIter<'a> {
    type Item = AttrView<'a>;
    #[inline]
    fn next(&mut self) -> Option<AttrView<'a>> {
        let a = self.recs.find(|a| a.name != HOLE)?;
        self.left -= 1;
        Some(AttrView { name: self.dom.attr_name(a), value: self.dom.attr_value(a) })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for AttrIter<'_> {}

impl Dom {
    /// What `id` is.
    pub fn data(&self, id: NodeId) -> NodeData<'_> {
        let n = self.node(id);
        match n.kind() {
            Kind::Document => NodeData::Document,
            Kind::Fragment => NodeData::Fragment,
            Kind::Doctype => {
                let e = &self.extra[n.b as usize..n.b as usize + 3];
                NodeData::Doctype {
                    name: self.text.get(e[0]),
                    public_id: self.text.get(e[1]),
                    system_id: self.text.get(e[2]),
                }
            }
            Kind::Element | Kind::Template => NodeData::Element(self.element_ref(id, n)),
            Kind::Text => NodeData::Text(self.text.get(self.str_ref(id, n))),
            Kind::Comment => NodeData::Comment(self.text.get(self.str_ref(id, n))),
            Kind::Pi => {
                let e = &self.extra[n.b as usize..n.b as usize + 2];
                NodeData::ProcessingInstruction { target: self.text.get(e[0]), data: self.text.get(e[1]) }
            }
        }
    }

    fn element_ref(&self, id: NodeId, n: &Node) -> ElementRef<'_> {
        let template_contents = (n.kind() == Kind::Template).then(|| NodeId::new(id.index() - 1));
        let (start, len) = self.run(id, n);
        ElementRef {
            name: self.names.get(n.a(), &self.text),
            template_contents,
            attrs: &self.attrs[start..start + len],
            live: if self.attr_indexed.is_empty() { len } else { len - self.holes(id) },
            id,
            dom: self,
        }
    }

    /// The element at `id`, if it is one.
    pub fn element(&self, id: NodeId) -> Option<ElementRef<'_>> {
        let n = self.node(id);
        n.is_element().then(|| self.element_ref(id, n))
    }

    /// The text of a Text node.
    pub fn text(&self, id: NodeId) -> Option<&str> {
        let n = self.node(id);
        n.is_text().then(|| self.text.get(self.str_ref(id, n)))
    }
}
