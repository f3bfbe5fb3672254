//! The arena DOM as a [`TreeSink`]: what `parse_document` and `parse_fragment` build into.

use super::{Attr, Attrs, Dom, NodeData, NodeId, QualNameRef, QuirksMode};
use crate::tree_interface::{AttrRef, KnownName, Location, ScriptFlags, ScriptingMode, TreeSink};

impl Dom {
    /// Replace the children of `into` with copies of the children of `from`, each with its
    /// subtree (DOM "replace all" with clones, subtree true; a template's contents copied as
    /// its cloning steps do); each copy keeps its original's source span. Without recursion: an explicit stack of (original, parent of the
    /// copy). `into` must not be inside `from`.
    pub(crate) fn replace_children_with_copies(&mut self, from: NodeId, into: NodeId) {
        if from == into || self.is_inclusive_ancestor(from, into) {
            return;
        }
        while let Some(child) = self[into].first_child() {
            self.detach(child);
        }
        let mut todo: Vec<(NodeId, NodeId)> = Vec::new();
        let push_children = |dom: &Dom, todo: &mut Vec<(NodeId, NodeId)>, of: NodeId, to: NodeId| {
            let start = todo.len();
            todo.extend(dom.children(of).map(|c| (c, to)));
            todo[start..].reverse();
        };
        push_children(self, &mut todo, from, into);
        while let Some((original, parent)) = todo.pop() {
            let copy = match self.data(original) {
                NodeData::Element(e) => {
                    let name = e.name.clone();
                    let contents = e.template_contents;
                    let attrs: Vec<Attr> =
                        e.attrs().map(|a| Attr { name: a.name.to_owned(), value: a.value.to_owned() }).collect();
                    let copy = self.create_element(name.as_ref(), Attrs::owned(&attrs));
                    if let (Some(contents), Some(copy_contents)) =
                        (contents, self.element(copy).and_then(|c| c.template_contents))
                    {
                        push_children(self, &mut todo, contents, copy_contents);
                    }
                    push_children(self, &mut todo, original, copy);
                    copy
                }
                NodeData::Text(t) => {
                    let t = t.to_owned();
                    self.create_text(&t)
                }
                NodeData::Comment(c) => {
                    let c = c.to_owned();
                    self.create_comment(&c)
                }
                NodeData::ProcessingInstruction { target, data } => {
                    let (target, data) = (target.to_owned(), data.to_owned());
                    self.create_processing_instruction(&target, &data)
                }
                // Never a child of an element.
                NodeData::Document | NodeData::Fragment | NodeData::Doctype { .. } => continue,
            };
            // A copy comes from the markup its original came from.
            if let Some(spans) = &mut self.sources
                && let Some(&span) = spans.get(original.index())
                && let Some(slot) = spans.get_mut(copy.index())
            {
                *slot = span;
            }
            self.append(parent, copy);
        }
    }

    /// "Insert a character" at `at`, the cases [`TreeSink::insert_text`] does not take in line:
    /// before a sibling, or with source spans kept.
    #[inline(never)]
    fn insert_text_at(&mut self, at: &Location<NodeId>, text: &str) {
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
            None => self.names.intern(name, &mut self.text),
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

    /// In line in the tree builder for its common case (appending, no source spans), with the
    /// rest out of line (`Dom::insert_text_at`).
    #[inline]
    fn insert_text(&mut self, at: &Location<NodeId>, text: &str) {
        if let Location::Append(p) = at
            && self.sources.is_none()
        {
            self.append_text_child(*p, text);
            return;
        }
        self.insert_text_at(at, text);
    }

    /// The tree builder's elements keep the attributes they were created with until the
    /// parse ends (only `<html>` and `<body>` gain some, and they are not formatting elements).
    fn keeps_attributes(&self) -> bool {
        true
    }

    fn element_attributes(&self, element: &NodeId) -> Vec<AttrRef<'_>> {
        self.element(*element)
            .map_or_else(Vec::new, |e| e.attrs().map(|a| AttrRef { name: a.name, value: a.value }).collect())
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

    fn set_scripting_mode(&mut self, mode: ScriptingMode) {
        Dom::set_scripting_mode(self, Some(mode));
    }

    fn script_created(&mut self, script: &NodeId, flags: ScriptFlags) {
        self.record_script(*script, flags);
    }

    fn first_child(&self, node: &NodeId) -> Option<NodeId> {
        self[*node].first_child()
    }

    fn next_sibling(&self, node: &NodeId) -> Option<NodeId> {
        self[*node].next_sibling()
    }

    fn clone_children_into(&mut self, from: &NodeId, into: &NodeId) {
        Dom::replace_children_with_copies(self, *from, *into);
    }

    fn processing_instruction(&self, node: &NodeId) -> Option<(&str, &str)> {
        match self.data(*node) {
            NodeData::ProcessingInstruction { target, data } => Some((target, data)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::tree::{TreeOptions, build_document};

    /// A `Dom` seen through the trait's defaults: `create_and_insert_element` as two calls.
    struct TwoSteps(Dom);

    impl TreeSink for TwoSteps {
        type Handle = NodeId;
        fn document(&mut self) -> NodeId {
            TreeSink::document(&mut self.0)
        }
        fn create_element(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
            TreeSink::create_element(&mut self.0, name, attrs)
        }
        fn create_known_element(&mut self, known: KnownName, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
            self.0.create_known_element(known, name, attrs)
        }
        fn create_comment(&mut self, data: &str) -> NodeId {
            TreeSink::create_comment(&mut self.0, data)
        }
        fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
            TreeSink::create_processing_instruction(&mut self.0, target, data)
        }
        fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> NodeId {
            TreeSink::create_doctype(&mut self.0, name, public_id, system_id)
        }
        fn create_document_fragment(&mut self) -> NodeId {
            self.0.create_document_fragment()
        }
        fn insert(&mut self, at: &Location<NodeId>, node: NodeId) {
            self.0.insert(at, node)
        }
        fn insert_text(&mut self, at: &Location<NodeId>, text: &str) {
            self.0.insert_text(at, text)
        }
        fn parent(&self, node: &NodeId) -> Option<NodeId> {
            TreeSink::parent(&self.0, node)
        }
        fn remove(&mut self, node: &NodeId) {
            TreeSink::remove(&mut self.0, node)
        }
        fn move_children(&mut self, from: &NodeId, to: &NodeId) {
            TreeSink::move_children(&mut self.0, from, to)
        }
        fn template_contents(&mut self, template: &NodeId) -> NodeId {
            self.0.template_contents(template)
        }
        fn add_attributes_if_missing(&mut self, element: &NodeId, attrs: Attrs<'_>) {
            TreeSink::add_attributes_if_missing(&mut self.0, element, attrs)
        }
        fn set_quirks_mode(&mut self, mode: QuirksMode) {
            TreeSink::set_quirks_mode(&mut self.0, mode)
        }
        fn has_element_child(&self, node: &NodeId) -> bool {
            self.0.has_element_child(node)
        }
    }

    /// The `Dom`'s one-step element insertion builds the tree (and node numbering) the
    /// trait's default builds: nested and sibling elements, templates, attributes, foster
    /// parenting (an insertion before a table), elements around text.
    #[test]
    fn one_step_insertion_builds_what_two_calls_build() {
        let inputs = [
            "<!DOCTYPE html><p class=a id=b>one<b>two</b><i>three<p>four",
            "<table><tr><td>x</td></tr><div>fostered</div><span>too</span></table>",
            "<template><li>a<li>b</template><ul><li>c<li>d</ul><svg><g/><circle r=1></svg>",
            "<math><mi>x</mi><annotation-xml encoding=text/html><div>y</div></annotation-xml></math>",
        ];
        for input in inputs {
            let one = build_document(input, TreeOptions::default(), Dom::new());
            let two = build_document(input, TreeOptions::default(), TwoSteps(Dom::new())).0;
            assert_eq!(one.to_test_format(), two.to_test_format(), "{input}");
            assert_eq!(one.node_count(), two.node_count(), "{input}");
            for id in one.node_ids() {
                let (a, b) = (&one[id], &two[id]);
                assert_eq!(
                    (a.parent(), a.prev_sibling(), a.next_sibling(), a.first_child()),
                    (b.parent(), b.prev_sibling(), b.next_sibling(), b.first_child()),
                    "{input}: node {id:?}"
                );
                assert_eq!(one.last_child(id), two.last_child(id), "{input}: node {id:?}");
            }
        }
    }
}
