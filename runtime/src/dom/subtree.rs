//! Whole subtrees at once: deep copies (within a [`Dom`] and from another one) and a parsed
//! fragment appended to an element. Layer: the DOM (markup parsed into an element,
//! `set_inner_html` and `append_html`, runs the HTML parser, one layer up in
//! `html/tree/inner_html.rs`).
//!
//! Every operation walks with a work list on the heap, never by recursion, so a tree of any
//! depth is copied or replaced in a thread with a small stack; each costs time linear in the
//! nodes it copies or parses, plus the children it removes.

use super::{AttrRec, AttrRef, Attrs, Dom, DomError, HOLE, Kind, Namespace, Node, NodeData, NodeId, to_u32};

impl Dom {
    /// A deep copy of `node` and its descendants (DOM: "clone a node" with the subdeep flag set;
    /// template contents are copied too), detached. Text, attribute values and names are shared
    /// with the original in the arenas (they are never changed in place), so a copy costs the
    /// nodes and attribute records only. With source spans, each copy keeps its original's.
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<ul><li class=a>one <b>two</b></ul>");
    /// let li = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "li")).unwrap();
    /// let copy = dom.clone_subtree(li);
    /// let ul = dom.parent(li).unwrap();
    /// dom.append(ul, copy);
    /// assert_eq!(dom.text_content(ul), "one twoone two");
    /// assert_eq!(dom.get_attribute(copy, "class"), Some("a"));
    /// ```
    pub fn clone_subtree(&mut self, node: NodeId) -> NodeId {
        self.copy_subtree(None, node)
    }

    /// A deep copy of node `node` of another `Dom`, made in this one and detached (DOM:
    /// `importNode` with the subdeep flag set); template contents are copied too.
    ///
    /// ```
    /// use statemark::html::{parse_document, parse_fragment, Context};
    ///
    /// let mut dom = parse_document("<div></div>");
    /// let other = parse_fragment("<em>x</em>", &Context::html("div"));
    /// let em = other.children(other.root()).next().unwrap();
    /// let copy = dom.import_subtree(&other, em);
    /// assert_eq!(dom.text_content(copy), "x");
    /// assert_eq!(dom.parent(copy), None);
    /// ```
    pub fn import_subtree(&mut self, from: &Dom, node: NodeId) -> NodeId {
        self.copy_subtree(Some(from), node)
    }

    /// Copy, into this `Dom`, the subtree at `node` of `from` (of this `Dom` for `None`).
    fn copy_subtree(&mut self, from: Option<&Dom>, node: NodeId) -> NodeId {
        let root = self.copy_node(from, node);
        // (source parent, its copy): the children of each still to be copied.
        let mut work = vec![(node, root)];
        while let Some((src, dst)) = work.pop() {
            let source = from.unwrap_or(self);
            if let (Some(s), Some(d)) = (source.contents_of(src), self.contents_of(dst)) {
                work.push((s, d));
            }
            let mut child = from.unwrap_or(self).node(src).first_child;
            while let Some(c) = child {
                let copy = self.copy_node(from, c);
                self.append(dst, copy);
                let source = from.unwrap_or(self);
                if source.node(c).first_child.is_some() || source.contents_of(c).is_some() {
                    work.push((c, copy));
                }
                child = source.node(c).next;
            }
        }
        root
    }

    /// The fragment holding the template contents of `id`, if it is an HTML `template`.
    fn contents_of(&self, id: NodeId) -> Option<NodeId> {
        (self.node(id).kind() == Kind::Template).then(|| NodeId::new(id.index() - 1))
    }

    /// A detached copy of node `id` alone (of `from`, or of this `Dom` for `None`); a template
    /// gets empty template contents of its own.
    fn copy_node(&mut self, from: Option<&Dom>, id: NodeId) -> NodeId {
        let copy = match from {
            None => self.copy_own_node(id),
            Some(other) => match other.data(id) {
                NodeData::Document => self.push(Node::new(Kind::Document, 0, 0)),
                NodeData::Fragment => self.create_fragment(),
                NodeData::Doctype { name, public_id, system_id } => self.create_doctype(name, public_id, system_id),
                NodeData::Element(e) => {
                    let attrs: Vec<AttrRef<'_>> = e.attrs().map(|a| AttrRef { name: a.name, value: a.value }).collect();
                    self.create_element(e.name.as_ref(), Attrs::refs(&attrs))
                }
                NodeData::Text(t) => self.create_text(t),
                NodeData::Comment(c) => self.create_comment(c),
                NodeData::ProcessingInstruction { target, data } => self.create_processing_instruction(target, data),
            },
        };
        let span = from.unwrap_or(self).source_span(id);
        if let (Some(v), Some(s)) = (&mut self.sources, span) {
            v[copy.index()] = s;
        }
        copy
    }

    /// A copy of this `Dom`'s node `id` sharing its strings and names.
    fn copy_own_node(&mut self, id: NodeId) -> NodeId {
        let n = self.node(id);
        let (kind, a, b) = (n.kind(), n.a(), n.b);
        match kind {
            Kind::Element | Kind::Template => {
                let (start, len) = self.run(id, n);
                let recs: Vec<AttrRec> =
                    self.attrs[start..start + len].iter().copied().filter(|r| r.name != HOLE).collect();
                if kind == Kind::Template {
                    self.create_fragment();
                }
                self.reserve_attrs(recs.len());
                let at = to_u32(self.attrs.len());
                self.attrs.extend_from_slice(&recs);
                let b = self.run_word(self.len, at, to_u32(recs.len()));
                self.push(Node::new(kind, a, b))
            }
            Kind::Text | Kind::Comment => {
                let r = self.str_ref(id, n);
                let b = self.str_word(self.len, r);
                self.push(Node::new(kind, a, b))
            }
            // Documents, fragments: the payload is the same; DOCTYPEs and processing
            // instructions share their parts in `extra` (never changed).
            _ => self.push(Node::new(kind, a, b)),
        }
    }

    /// Where the children of `element` go: its template contents for a `template`.
    pub(crate) fn inner_target(&self, element: NodeId) -> Result<NodeId, DomError> {
        if !self.node(element).is_element() {
            return Err(DomError::NotAnElement);
        }
        Ok(self.contents_of(element).unwrap_or(element))
    }

    /// Append a copy of what `fragment` holds (the children of its [`root`](Dom::root): a
    /// parsed fragment's nodes, or a parsed document's) to `parent`; to its template contents
    /// for a `template`. Refused with `HierarchyRequest` when `parent` cannot have children.
    ///
    /// ```
    /// use statemark::html::{parse_document, parse_fragment, Context};
    ///
    /// let mut dom = parse_document("<ul><li>one</ul>");
    /// let ul = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "ul")).unwrap();
    /// let more = parse_fragment("<li>two<li>three", &Context::html("ul"));
    /// dom.append_fragment(ul, &more).unwrap();
    /// assert_eq!(dom.children(ul).count(), 3);
    /// ```
    pub fn append_fragment(&mut self, parent: NodeId, fragment: &Dom) -> Result<(), DomError> {
        let target = match self.inner_target(parent) {
            Ok(t) => t,
            Err(_) if matches!(self.node(parent).kind(), Kind::Document | Kind::Fragment) => parent,
            Err(_) => return Err(DomError::HierarchyRequest),
        };
        for c in fragment.children(fragment.root()) {
            if fragment.node(c).kind() == Kind::Document {
                continue;
            }
            let copy = self.import_subtree(fragment, c);
            self.append(target, copy);
        }
        Ok(())
    }

    /// The parent of `node`, if it is attached (as [`Node::parent`](super::Node::parent)).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).parent
    }

    /// The ancestors of `node`, nearest first, up to the root of its tree (`node` not
    /// included; the template a template contents fragment belongs to is not its parent, as
    /// in the DOM).
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let dom = parse_document("<div><p><b>x</b></p></div>");
    /// let b = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "b")).unwrap();
    /// let names: Vec<&str> = dom.ancestors(b).filter_map(|n| dom.element(n)).map(|e| &*e.name.local).collect();
    /// assert_eq!(names, ["p", "div", "body", "html"]);
    /// ```
    pub fn ancestors(&self, node: NodeId) -> Ancestors<'_> {
        Ancestors { dom: self, next: self.node(node).parent }
    }

    /// A new detached HTML element with no attributes (DOM `createElement` in an HTML
    /// document: the name is lowercased). Refused with `InvalidName` for a name a start tag
    /// cannot write (it must start with an ASCII letter and hold no whitespace, U+0000, `/` or
    /// `>`: DOM's "valid element local name" narrowed to what serializes and parses back).
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<p>Hello</p>");
    /// let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).unwrap();
    /// let em = dom.create_html_element("EM").unwrap();
    /// dom.set_text(em, "world");
    /// dom.append(p, em);
    /// assert_eq!(dom.inner_html(p), "Hello<em>world</em>");
    /// assert!(dom.create_html_element("1x").is_err());
    /// ```
    pub fn create_html_element(&mut self, local: &str) -> Result<NodeId, DomError> {
        self.create_html_element_with(local, &[])
    }

    /// [`create_html_element`](Self::create_html_element) with no-namespace attributes, in
    /// order (a name given twice keeps its first value, as the tokenizer does); each name must
    /// be a valid attribute name.
    ///
    /// ```
    /// use statemark::dom::Dom;
    ///
    /// let mut dom = Dom::new();
    /// let a = dom.create_html_element_with("a", &[("href", "/"), ("rel", "next")]).unwrap();
    /// assert_eq!(dom.get_attribute(a, "rel"), Some("next"));
    /// ```
    pub fn create_html_element_with(&mut self, local: &str, attrs: &[(&str, &str)]) -> Result<NodeId, DomError> {
        let valid = local.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
            && !local.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | 0 | b'/' | b'>'));
        if !valid || !attrs.iter().all(|(n, _)| super::edit::valid_attribute_name(n)) {
            return Err(DomError::InvalidName);
        }
        let local = local.to_ascii_lowercase();
        let mut refs: Vec<AttrRef<'_>> = Vec::with_capacity(attrs.len());
        let mut seen = crate::tree_interface::FastMap::default();
        for &(name, value) in attrs {
            if seen.insert(name, ()).is_none() {
                refs.push(AttrRef { name: super::QualNameRef::new(&Namespace::None, name), value });
            }
        }
        Ok(self.create_element(super::QualNameRef::new(&Namespace::Html, &local), Attrs::refs(&refs)))
    }

    /// Replace what `node` holds with `text`: the DOM `textContent` setter, as
    /// [`set_text_content`](Self::set_text_content).
    pub fn set_text(&mut self, node: NodeId, text: &str) {
        self.set_text_content(node, text);
    }
}

/// The ancestors of a node, nearest first ([`Dom::ancestors`]).
pub struct Ancestors<'a> {
    dom: &'a Dom,
    next: Option<NodeId>,
}

impl Iterator for Ancestors<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        self.next = self.dom.node(n).parent;
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::{Context, parse_document, parse_fragment};

    fn find(dom: &Dom, local: &str) -> NodeId {
        dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == local)).unwrap()
    }

    /// A copy serializes as the original (template contents included), is detached, and is
    /// independent: edits of either leave the other as it was.
    #[test]
    fn clones_are_deep_detached_and_independent() {
        let mut dom = parse_document("<div id=d a=1 b=2><p>x<!--c--><template><i>t</i></template><b>y</b></p></div>");
        let div = find(&dom, "div");
        assert!(dom.remove_attribute(div, "a").unwrap());
        let before = dom.outer_html(div);
        let copy = dom.clone_subtree(div);
        assert_eq!(dom.parent(copy), None);
        assert_eq!(dom.outer_html(copy), before);
        // The template contents were copied, not shared.
        let t_copy =
            dom.descendants(copy).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "template")).unwrap();
        let contents = dom.element(t_copy).unwrap().template_contents.unwrap();
        assert_eq!(dom.inner_html(t_copy), "<i>t</i>");
        dom.set_text(contents, "changed");
        dom.set_attribute(copy, "id", "e").unwrap();
        let b = dom.descendants(copy).find(|&n| dom.text(n) == Some("y")).unwrap();
        dom.append_text(b, "!");
        assert_eq!(dom.outer_html(div), before);
        assert_eq!(
            dom.outer_html(copy),
            before.replace("d\"", "e\"").replace("<i>t</i>", "changed").replace("y<", "y!<")
        );
    }

    #[test]
    fn imports_from_another_dom() {
        let other = parse_document("<svg><path d=\"M0\"/></svg><template><b>x</b></template>");
        let mut dom = parse_document("<p>");
        let p = find(&dom, "p");
        let svg = find(&other, "svg");
        let copy = dom.import_subtree(&other, svg);
        dom.append(p, copy);
        assert_eq!(dom.inner_html(p), r#"<svg><path d="M0"></path></svg>"#);
        assert_eq!(dom.element(copy).unwrap().name.ns, Namespace::Svg);
        let t = find(&other, "template");
        let t2 = dom.import_subtree(&other, t);
        assert_eq!(dom.outer_html(t2), "<template><b>x</b></template>");
        // A whole parsed document appends its children (the html element).
        let frag = dom.create_fragment();
        dom.append_fragment(frag, &other).unwrap();
        assert_eq!(dom.children(frag).count(), 1);
    }

    #[test]
    fn inner_html_parses_in_the_elements_context() {
        let mut dom = parse_document("<table><tr><td>a</table><template>old</template><p>x</p><textarea>t</textarea>");
        let tr = find(&dom, "tr");
        dom.set_inner_html(tr, "<td>1<td>2").unwrap();
        assert_eq!(dom.inner_html(tr), "<td>1</td><td>2</td>");
        // A template's markup goes to its contents.
        let t = find(&dom, "template");
        dom.set_inner_html(t, "<td>cell").unwrap();
        assert_eq!(dom.children(t).count(), 0);
        assert_eq!(dom.inner_html(t), "<td>cell</td>");
        // RCDATA context: markup is text.
        let ta = find(&dom, "textarea");
        dom.set_inner_html(ta, "<b>").unwrap();
        assert_eq!(dom.text_content(ta), "<b>");
        let p = find(&dom, "p");
        dom.append_html(p, " <em>y</em>").unwrap();
        assert_eq!(dom.inner_html(p), "x <em>y</em>");
        let text = dom.children(p).next().unwrap();
        assert_eq!(dom.set_inner_html(text, "x"), Err(DomError::NotAnElement));
        assert_eq!(
            dom.append_fragment(text, &parse_fragment("x", &Context::html("p"))),
            Err(DomError::HierarchyRequest)
        );
        assert_eq!(dom.text_content(p), "x y");
    }

    #[test]
    fn created_elements_and_ancestors() {
        let mut dom = Dom::new();
        let div = dom.create_html_element_with("DIV", &[("class", "a"), ("id", "x"), ("class", "b")]).unwrap();
        assert_eq!(dom.element(div).unwrap().name.local, "div");
        assert_eq!(dom.get_attribute(div, "class"), Some("a"));
        assert_eq!(dom.element(div).unwrap().attrs().len(), 2);
        for bad in ["", "1a", "a b", "a/b", "a>", "a\0"] {
            assert_eq!(dom.create_html_element(bad), Err(DomError::InvalidName), "{bad:?}");
        }
        assert_eq!(dom.create_html_element_with("a", &[("x=", "1")]), Err(DomError::InvalidName));
        let em = dom.create_html_element("em").unwrap();
        dom.append(dom.document(), div);
        dom.append(div, em);
        assert_eq!(dom.ancestors(em).collect::<Vec<_>>(), [div, dom.document()]);
        assert_eq!(dom.ancestors(dom.document()).count(), 0);
        dom.set_text(em, "hi");
        assert_eq!(dom.text_content(div), "hi");
    }

    /// Copying, replacing the children of, and dropping a tree 10^6 deep, in a thread with a
    /// 256 KiB stack: nothing recurses on depth (issue 23).
    #[test]
    fn deep_trees_in_a_small_stack() {
        let run = || {
            const DEPTH: usize = 1_000_000;
            let mut dom = Dom::new();
            let mut parent = dom.document();
            for _ in 0..DEPTH {
                let e = dom.create_html_element("div").unwrap();
                dom.append(parent, e);
                parent = e;
            }
            let top = dom.children(dom.document()).next().unwrap();
            let copy = dom.clone_subtree(top);
            assert_eq!(dom.descendants(copy).count(), DEPTH);
            let mut other = Dom::new();
            let imported = other.import_subtree(&dom, copy);
            assert_eq!(other.descendants(imported).count(), DEPTH);
            drop(other);
            let deep = "<div>".repeat(DEPTH);
            dom.set_inner_html(top, &deep).unwrap();
            assert_eq!(dom.descendants(top).count(), DEPTH + 1);
            drop(dom);
        };
        std::thread::Builder::new().stack_size(256 * 1024).spawn(run).unwrap().join().unwrap();
    }
}
