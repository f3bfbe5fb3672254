//! The arena DOM as a [`TreeSink`]: what `parse_document` and `parse_fragment` build into.

use super::{Attrs, Dom, NodeId, QualNameRef, QuirksMode};
use crate::html::tree::{KnownName, Location, TreeSink};

impl Dom {
    /// The Text node immediately before `at`, if there is one.
    fn text_before(&self, at: &Location<NodeId>) -> Option<NodeId> {
        let prev = match at {
            Location::Append(p) => self.last_child(*p),
            Location::Before { sibling, .. } => self[*sibling].prev_sibling(),
        }?;
        self[prev].is_text().then_some(prev)
    }
}

impl TreeSink for Dom {
    type Handle = NodeId;

    fn document(&mut self) -> NodeId {
        Dom::document(self)
    }

    fn create_element(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        Dom::create_element(self, name, attrs)
    }

    /// The known name's number is its name index (see `Names`): no lookup, no table entry.
    fn create_known_element(&mut self, known: KnownName, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        debug_assert_eq!(known.qual_name().as_ref(), name);
        self.create_element_named(known.index() as u32, name, attrs)
    }

    /// Appending (the common case): the node is written with its links (`create_element_child`).
    fn create_and_insert_element(
        &mut self,
        at: &Location<NodeId>,
        known: Option<KnownName>,
        name: QualNameRef<'_>,
        attrs: Attrs<'_>,
    ) -> NodeId {
        let index = match known {
            Some(k) => {
                debug_assert_eq!(k.qual_name().as_ref(), name);
                k.index() as u32
            }
            None => self.names.intern(name),
        };
        match at {
            Location::Append(p) => self.create_element_child(*p, index, name, attrs),
            Location::Before { sibling, .. } => {
                let n = self.create_element_named(index, name, attrs);
                self.insert_before(*sibling, n);
                n
            }
        }
    }

    fn create_comment(&mut self, data: &str) -> NodeId {
        Dom::create_comment(self, data)
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
        Dom::create_processing_instruction(self, target, data)
    }

    fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> NodeId {
        Dom::create_doctype(self, name, public_id, system_id)
    }

    fn create_document_fragment(&mut self) -> NodeId {
        self.create_fragment()
    }

    fn insert(&mut self, at: &Location<NodeId>, node: NodeId) {
        match at {
            Location::Append(p) => self.append(*p, node),
            Location::Before { sibling, .. } => self.insert_before(*sibling, node),
        }
    }

    fn insert_text(&mut self, at: &Location<NodeId>, text: &str) {
        if let Location::Append(p) = at {
            self.append_text_child(*p, text);
            if self.sources.is_some()
                && let Some(t) = self.last_child(*p)
            {
                self.extend_text_source(t);
            }
            return;
        }
        if let Some(t) = self.text_before(at) {
            self.append_text(t, text);
            self.extend_text_source(t);
            return;
        }
        let n = self.create_text(text);
        self.insert(at, n);
    }

    fn wants_source_spans(&self) -> bool {
        self.sources.is_some()
    }

    fn source_span(&mut self, span: crate::Span) {
        self.source_hint = span;
    }

    fn parent(&self, node: &NodeId) -> Option<NodeId> {
        self[*node].parent
    }

    fn remove(&mut self, node: &NodeId) {
        self.detach(*node);
    }

    fn move_children(&mut self, from: &NodeId, to: &NodeId) {
        Dom::move_children(self, *from, *to);
    }

    fn template_contents(&mut self, template: &NodeId) -> NodeId {
        self.element(*template).and_then(|e| e.template_contents).unwrap_or(*template)
    }

    fn add_attributes_if_missing(&mut self, element: &NodeId, attrs: Attrs<'_>) {
        Dom::add_attributes_if_missing(self, *element, attrs);
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    fn has_element_child(&self, node: &NodeId) -> bool {
        self.children(*node).any(|c| self[c].is_element())
    }

    fn is_inclusive_ancestor(&self, ancestor: &NodeId, node: &NodeId) -> bool {
        Dom::is_inclusive_ancestor(self, *ancestor, *node)
    }
}
