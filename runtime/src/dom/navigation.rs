//! Navigation: children, descendants (tree order, template contents on request), the last
//! child, text content, ancestry. Layer: the DOM.

use super::Dom;
use super::storage::{Kind, NodeId};

impl Dom {
    /// The children of `id`, in order.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children { dom: self, next: self.node(id).first_child }
    }

    /// `id` and its descendants in tree order (template contents not included: see
    /// [`Descendants::including_templates`]), without recursion.
    pub fn descendants(&self, id: NodeId) -> Descendants<'_> {
        Descendants { dom: self, root: id, next: Some(id), templates: false }
    }

    /// The concatenated text of the Text descendants of `id`.
    pub fn text_content(&self, id: NodeId) -> String {
        let mut s = String::new();
        for n in self.descendants(id) {
            if let Some(t) = self.text(n) {
                s.push_str(t);
            }
        }
        s
    }

    /// The [last child](https://dom.spec.whatwg.org/#concept-tree-last-child) of `id`, if any
    /// (the `prev` of its first child).
    #[inline]
    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).first_child.and_then(|f| self.node(f).prev)
    }

    /// Whether `ancestor` is `node` or one of its ancestors, following template contents up
    /// to their template ("host-including"). Iterative.
    pub fn is_inclusive_ancestor(&self, ancestor: NodeId, node: NodeId) -> bool {
        let mut cur = Some(node);
        while let Some(n) = cur {
            if n == ancestor {
                return true;
            }
            let node = self.node(n);
            cur = match node.parent {
                Some(p) => Some(p),
                None if node.kind() == Kind::Fragment => self.template_of(n),
                None => None,
            };
        }
        false
    }

    /// The template whose contents `fragment` is: template contents are created right before
    /// their template, so this is a constant-time check.
    pub(super) fn template_of(&self, fragment: NodeId) -> Option<NodeId> {
        let t = fragment.index() + 1;
        (t < self.len && self.node(NodeId::new(t)).kind() == Kind::Template).then(|| NodeId::new(t))
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
        self.next = self.dom.node(n).next;
        Some(n)
    }
}

/// Iterator over a node and its descendants in tree order.
pub struct Descendants<'a> {
    dom: &'a Dom,
    root: NodeId,
    next: Option<NodeId>,
    templates: bool,
}

impl Descendants<'_> {
    /// Also walk [template contents](https://html.spec.whatwg.org/multipage/scripting.html#template-contents):
    /// each `template` element is followed by its contents' document fragment and what it
    /// holds, then by the template's own children (a parsed template has none). The obvious
    /// sanitizer needs this: a `<template><script>` is in no `descendants` walk otherwise.
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let dom = parse_document("<template><script>x</script></template>");
    /// let is_script = |&n: &_| dom.element(n).is_some_and(|e| e.name.local == "script");
    /// assert_eq!(dom.descendants(dom.root()).filter(is_script).count(), 0);
    /// assert_eq!(dom.descendants(dom.root()).including_templates().filter(is_script).count(), 1);
    /// ```
    pub fn including_templates(mut self) -> Self {
        self.templates = true;
        self
    }
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        let node = self.dom.node(n);
        // A template's contents come first (their fragment was created right before it).
        let contents = (self.templates && node.kind() == Kind::Template).then(|| NodeId::new(n.index() - 1));
        self.next = if let Some(c) = contents.or(node.first_child) {
            Some(c)
        } else {
            let mut cur = n;
            loop {
                if cur == self.root {
                    break None;
                }
                let c = self.dom.node(cur);
                if let Some(s) = c.next {
                    break Some(s);
                }
                match c.parent {
                    Some(p) => cur = p,
                    // Done with a template's contents: its own children, or what follows it.
                    None if self.templates && c.kind() == Kind::Fragment => match self.dom.template_of(cur) {
                        Some(t) => match self.dom.node(t).first_child {
                            Some(first) => break Some(first),
                            None => cur = t,
                        },
                        None => break None,
                    },
                    None => break None,
                }
            }
        };
        Some(n)
    }
}
