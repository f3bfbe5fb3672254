//! The arena DOM as a [`TreeSink`]: what `parse_document` and `parse_fragment` build into.

use super::{Attr, Dom, NodeData, NodeId, QualName, QuirksMode};
use crate::html::tree::{Location, TreeSink};
use std::collections::HashSet;

impl Dom {
    fn text_before(&mut self, at: &Location<NodeId>) -> Option<&mut String> {
        let prev = match at {
            Location::Append(p) => self[*p].last_child,
            Location::Before { sibling, .. } => self[*sibling].prev,
        }?;
        match &mut self.node_mut(prev).data {
            NodeData::Text(t) => Some(t),
            _ => None,
        }
    }
}

impl TreeSink for Dom {
    type Handle = NodeId;

    fn document(&mut self) -> NodeId {
        Dom::document(self)
    }

    fn create_element(&mut self, name: QualName, attrs: Vec<Attr>) -> NodeId {
        Dom::create_element(self, name, attrs)
    }

    fn create_comment(&mut self, data: &str) -> NodeId {
        self.create(NodeData::Comment(data.to_owned()))
    }

    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
        self.create(NodeData::ProcessingInstruction { target: target.to_owned(), data: data.to_owned() })
    }

    fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> NodeId {
        self.create(NodeData::Doctype {
            name: name.to_owned(),
            public_id: public_id.to_owned(),
            system_id: system_id.to_owned(),
        })
    }

    fn create_document_fragment(&mut self) -> NodeId {
        self.create(NodeData::Fragment)
    }

    fn insert(&mut self, at: &Location<NodeId>, node: NodeId) {
        match at {
            Location::Append(p) => self.append(*p, node),
            Location::Before { sibling, .. } => self.insert_before(*sibling, node),
        }
    }

    fn insert_text(&mut self, at: &Location<NodeId>, text: &str) {
        if let Some(t) = self.text_before(at) {
            t.push_str(text);
            return;
        }
        let n = self.create(NodeData::Text(text.to_owned()));
        self.insert(at, n);
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
        match &self[*template].data {
            NodeData::Element(e) if e.template_contents.is_some() => e.template_contents.unwrap_or(*template),
            _ => *template,
        }
    }

    fn add_attributes_if_missing(&mut self, element: &NodeId, attrs: Vec<Attr>) {
        if let NodeData::Element(e) = &mut self.node_mut(*element).data {
            // A set keeps this linear in the number of attributes.
            let mut have: HashSet<QualName> = e.attrs.iter().map(|a| a.name.clone()).collect();
            for a in attrs {
                if have.insert(a.name.clone()) {
                    e.attrs.push(a);
                }
            }
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    fn has_element_child(&self, node: &NodeId) -> bool {
        self.children(*node).any(|c| matches!(self[c].data, NodeData::Element(_)))
    }

    fn is_inclusive_ancestor(&self, ancestor: &NodeId, node: &NodeId) -> bool {
        Dom::is_inclusive_ancestor(self, *ancestor, *node)
    }
}
