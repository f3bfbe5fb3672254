//! Editing a [`Dom`] after parsing: attributes (set, remove, rename), node data, and checked
//! tree mutations (insert, replace, remove) that refuse what the DOM Standard's pre-insertion
//! validity refuses (cycles, a reference child of another parent, children under a leaf).
//!
//! The arenas only grow: a replaced value or a removed node keeps its bytes until the `Dom` is
//! dropped, so edits never move other nodes' data and stay constant time (amortized); a
//! document edited far more than it was parsed is better serialized and parsed again.

use super::{Dom, HOLE, Kind, Namespace, NodeId, to_u32};

/// Why an edit was refused. Nothing was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DomError {
    /// The node is not an element (attribute edits).
    NotAnElement,
    /// Not a valid attribute local name (DOM: "valid attribute local name": non-empty, no ASCII
    /// whitespace, U+0000, `/`, `=` or `>`), so it could not be serialized and parsed back.
    InvalidName,
    /// The insertion would make a node its own ancestor, put a node under a node that cannot
    /// have children, or insert a Document (DOM: #concept-node-ensure-pre-insertion-validity,
    /// "HierarchyRequestError").
    HierarchyRequest,
    /// The reference child is not a child of the parent (DOM: "NotFoundError").
    NotFound,
}

impl std::fmt::Display for DomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DomError::NotAnElement => "the node is not an element",
            DomError::InvalidName => "not a valid attribute name",
            DomError::HierarchyRequest => "the node cannot be inserted there (hierarchy request)",
            DomError::NotFound => "the reference node is not a child of the parent",
        })
    }
}

impl std::error::Error for DomError {}

/// DOM: #valid-attribute-local-name.
pub(super) fn valid_attribute_name(name: &str) -> bool {
    !name.is_empty()
        && !name.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | 0 | b'/' | b'=' | b'>'))
}

/// Attribute runs longer than this get a name index at their first edit; shorter ones are
/// scanned (as fast as a hash lookup for a handful of names, and no memory for the index).
const INDEX_FROM: usize = 8;

impl Dom {
    /// The run of attribute records of `element` (start, length with holes), or `NotAnElement`.
    fn attr_run(&self, element: NodeId) -> Result<(usize, usize), DomError> {
        let n = self.node(element);
        if !n.is_element() {
            return Err(DomError::NotAnElement);
        }
        Ok(self.run(element, n))
    }

    /// How many holes `element`'s run holds.
    pub(super) fn holes(&self, element: NodeId) -> usize {
        self.attr_indexed.get(&to_u32(element.index())).copied().unwrap_or(0) as usize
    }

    /// Index the names of `element`'s attributes (once; kept in step by every edit after).
    pub(super) fn index_attributes(&mut self, element: NodeId) {
        let key = to_u32(element.index());
        if self.attr_indexed.contains_key(&key) {
            return;
        }
        self.attr_indexed.insert(key, 0);
        let (start, len) = self.run(element, self.node(element));
        for (k, a) in self.attrs[start..start + len].iter().enumerate() {
            if a.name != HOLE {
                // The first of a name, as a scan would find it.
                self.attr_pos.entry((key, a.name)).or_insert(to_u32(k));
            }
        }
    }

    /// The value of `element`'s no-namespace attribute `name` through its name index: `None`
    /// when the element has no index (scan instead).
    pub(super) fn indexed_attribute(&self, element: NodeId, name: &str) -> Option<Option<&str>> {
        if self.attr_indexed.is_empty() || !self.attr_indexed.contains_key(&to_u32(element.index())) {
            return None;
        }
        let Some(id) = self.attr_names.find(name, &self.text) else { return Some(None) };
        let rel = self.attr_pos.get(&(to_u32(element.index()), id))?;
        let (start, _) = self.run(element, self.node(element));
        Some(Some(self.attr_value(&self.attrs[start + *rel as usize])))
    }

    /// The position in `self.attrs` of the no-namespace attribute `name` of `element`: through
    /// the element's name index, built here for a long run, or a scan of a short one.
    fn find_attr(&mut self, element: NodeId, name: &str) -> Result<Option<usize>, DomError> {
        let (start, len) = self.attr_run(element)?;
        let key = to_u32(element.index());
        if len > INDEX_FROM {
            self.index_attributes(element);
        }
        if self.attr_indexed.contains_key(&key) {
            let Some(id) = self.attr_names.find(name, &self.text) else { return Ok(None) };
            return Ok(self.attr_pos.get(&(key, id)).map(|&rel| start + rel as usize));
        }
        Ok((start..start + len).find(|&i| {
            let n = self.attr_name(&self.attrs[i]);
            *n.ns == Namespace::None && n.prefix.is_none() && n.local == name
        }))
    }

    /// The value of the no-namespace attribute `name` of `element` (DOM `getAttribute`, for a
    /// lowercased name), or `None` if it has none or is not an element. Constant time on an
    /// element whose attributes were edited (the edit indexed them); a scan otherwise, as
    /// [`ElementRef::attr`](super::ElementRef::attr).
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<p title=t>");
    /// let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).unwrap();
    /// assert_eq!(dom.get_attribute(p, "title"), Some("t"));
    /// assert_eq!(dom.get_attribute(p, "lang"), None);
    /// ```
    pub fn get_attribute(&self, element: NodeId, name: &str) -> Option<&str> {
        self.element(element)?.attr(name)
    }

    /// Set the no-namespace attribute `name` of `element` to `value` (DOM `setAttribute`, for a
    /// name already lowercased as the HTML parser gives them): replaced in place if present,
    /// else added after the others. Constant time (amortized), however many attributes the
    /// element has: a long list is indexed by name at its first edit.
    ///
    /// ```
    /// use statemark::html::parse_fragment;
    /// use statemark::html::tree::Context;
    ///
    /// let mut dom = parse_fragment("<a href=x>link</a>", &Context::html("div"));
    /// let a = dom.children(dom.root()).next().unwrap();
    /// dom.set_attribute(a, "href", "https://example.org/").unwrap();
    /// dom.set_attribute(a, "rel", "nofollow").unwrap();
    /// assert!(dom.remove_attribute(a, "rel").unwrap());
    /// dom.rename_attribute(a, "href", "data-href").unwrap();
    /// let e = dom.element(a).unwrap();
    /// assert_eq!(e.attr("data-href"), Some("https://example.org/"));
    /// assert_eq!(e.attrs().len(), 1);
    /// ```
    pub fn set_attribute(&mut self, element: NodeId, name: &str, value: &str) -> Result<(), DomError> {
        if !valid_attribute_name(name) {
            self.attr_run(element)?;
            return Err(DomError::InvalidName);
        }
        match self.find_attr(element, name)? {
            Some(i) => self.attrs[i] = self.value_rec(self.attrs[i].name, value),
            None => {
                let name_id = self.attr_names.intern(name, &mut self.text);
                let rec = self.value_rec(name_id, value);
                self.push_attrs(element, &[rec]);
            }
        }
        Ok(())
    }

    /// Remove the no-namespace attribute `name` of `element` (DOM `removeAttribute`); whether
    /// it was there. The others keep their order. Constant time (amortized): a long list keeps
    /// a hole where the attribute was, and is compacted once holes are half of it.
    pub fn remove_attribute(&mut self, element: NodeId, name: &str) -> Result<bool, DomError> {
        let Some(i) = self.find_attr(element, name)? else { return Ok(false) };
        let (start, len) = self.attr_run(element)?;
        let key = to_u32(element.index());
        // The freed slot stays the element's: later additions reuse it.
        self.room.entry(key).or_insert(to_u32(len));
        let Some(&holes) = self.attr_indexed.get(&key) else {
            // A short list: close the gap.
            self.attrs.copy_within(i + 1..start + len, i);
            self.set_run(element, start, len - 1);
            return Ok(true);
        };
        self.attr_pos.remove(&(key, self.attrs[i].name));
        self.attrs[i].name = HOLE;
        let holes = holes + 1;
        if holes as usize * 2 >= len {
            self.compact_attributes(element);
        } else {
            self.attr_indexed.insert(key, holes);
        }
        Ok(true)
    }

    /// Close the holes of `element`'s indexed run, keeping the order, and index it again.
    fn compact_attributes(&mut self, element: NodeId) {
        let (start, len) = self.run(element, self.node(element));
        let key = to_u32(element.index());
        let mut kept = start;
        for i in start..start + len {
            let a = self.attrs[i];
            if a.name != HOLE {
                self.attrs[kept] = a;
                self.attr_pos.insert((key, a.name), to_u32(kept - start));
                kept += 1;
            }
        }
        self.attr_indexed.insert(key, 0);
        self.set_run(element, start, kept - start);
    }

    /// Rename the no-namespace attribute `from` of `element` to `to`, keeping its value and
    /// position; an attribute already named `to` is removed first. Whether `from` was there.
    pub fn rename_attribute(&mut self, element: NodeId, from: &str, to: &str) -> Result<bool, DomError> {
        if !valid_attribute_name(to) {
            self.attr_run(element)?;
            return Err(DomError::InvalidName);
        }
        if from == to || self.find_attr(element, from)?.is_none() {
            return Ok(self.find_attr(element, from)?.is_some());
        }
        self.remove_attribute(element, to)?;
        // Found again: removing `to` may have compacted the run.
        let i = self.find_attr(element, from)?.expect("checked above, and removing another keeps it");
        let (start, _) = self.attr_run(element)?;
        let key = to_u32(element.index());
        let new = self.attr_names.intern(to, &mut self.text);
        if self.attr_indexed.contains_key(&key) {
            self.attr_pos.remove(&(key, self.attrs[i].name));
            self.attr_pos.insert((key, new), to_u32(i - start));
        }
        self.attrs[i].name = new;
        Ok(true)
    }

    /// Replace the data of a Text or Comment node (DOM `data`); false for other nodes.
    pub fn set_data(&mut self, id: NodeId, data: &str) -> bool {
        if !matches!(self.node(id).kind(), Kind::Text | Kind::Comment) {
            return false;
        }
        let r = self.text.push(data);
        // Room reserved for the old text's growth no longer follows it.
        self.room.remove(&to_u32(id.index()));
        self.set_str(id, r);
        true
    }

    /// DOM `textContent` setter: for an element, document fragment or document, replace the
    /// children with one Text node holding `text` (none if empty); for Text and Comment nodes,
    /// [`set_data`](Self::set_data). The getter is [`text_content`](Self::text_content).
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<p>one <b>two</b></p>");
    /// let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).unwrap();
    /// assert_eq!(dom.text_content(p), "one two");
    /// dom.set_text_content(p, "<three>");
    /// assert_eq!(dom.text_content(p), "<three>");
    /// assert_eq!(dom.children(p).count(), 1);
    /// ```
    pub fn set_text_content(&mut self, id: NodeId, text: &str) {
        if self.set_data(id, text) || !self.can_have_children(id) {
            return;
        }
        while let Some(c) = self.node(id).first_child {
            self.detach(c);
        }
        if !text.is_empty() {
            let t = self.create_text(text);
            self.append(id, t);
        }
    }

    fn can_have_children(&self, id: NodeId) -> bool {
        matches!(self.node(id).kind(), Kind::Document | Kind::Fragment | Kind::Element | Kind::Template)
    }

    /// Insert `child` into `parent` before `before` (at the end for `None`), moving it from
    /// where it was (DOM `insertBefore`). A document fragment inserts its children instead, as
    /// in the DOM. Refused, changing nothing, when `child` is `parent` or one of its ancestors,
    /// when `parent` cannot have children or `child` is a Document, or when `before` is not a
    /// child of `parent`. (The DOM's rules on where Doctypes and a second document element may
    /// go are not enforced.)
    ///
    /// ```
    /// use statemark::dom::DomError;
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<ul><li>b</li></ul>");
    /// let ul = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "ul")).unwrap();
    /// let b = dom.children(ul).next().unwrap();
    /// let a = dom.create_text("a");
    /// dom.insert_child(ul, Some(b), a).unwrap();
    /// assert_eq!(dom.text_content(ul), "ab");
    /// assert_eq!(dom.insert_child(b, None, ul), Err(DomError::HierarchyRequest));
    /// ```
    pub fn insert_child(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) -> Result<(), DomError> {
        // A node without children is an inclusive ancestor of `parent` only if it is `parent`:
        // constant time for leaves (text, a fresh element), the walk up `parent`'s ancestors
        // (time linear in its depth, as the DOM's own check) only for a subtree.
        let cycle = if self.node(child).first_child.is_none() {
            child == parent
        } else {
            self.is_inclusive_ancestor(child, parent)
        };
        if !self.can_have_children(parent) || self.node(child).kind() == Kind::Document || cycle {
            return Err(DomError::HierarchyRequest);
        }
        if let Some(b) = before
            && self.node(b).parent != Some(parent)
        {
            return Err(DomError::NotFound);
        }
        // The reference child cannot be the node moved (DOM: "if child is node, set child to
        // node's next sibling").
        let before = if before == Some(child) { self.node(child).next } else { before };
        if self.node(child).kind() == Kind::Fragment {
            while let Some(c) = self.node(child).first_child {
                self.place(parent, before, c);
            }
        } else {
            self.place(parent, before, child);
        }
        Ok(())
    }

    fn place(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) {
        match before {
            Some(b) => self.insert_before(b, child),
            None => self.append(parent, child),
        }
    }

    /// Put `new` where `old` is (DOM `replaceChild`/`replaceWith`); `old` ends up detached.
    /// Refused as [`insert_child`](Self::insert_child) refuses, and with `NotFound` when `old` has no parent.
    pub fn replace(&mut self, old: NodeId, new: NodeId) -> Result<(), DomError> {
        let parent = self.node(old).parent.ok_or(DomError::NotFound)?;
        if old == new {
            return Ok(());
        }
        self.insert_child(parent, Some(old), new)?;
        self.detach(old);
        Ok(())
    }

    /// Remove `id` from its parent (DOM `remove`); the node and its subtree stay valid and can
    /// be inserted again. The same as [`detach`](Self::detach).
    pub fn remove(&mut self, id: NodeId) {
        self.detach(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::{parse_document, parse_with_errors};

    fn find(dom: &Dom, local: &str) -> NodeId {
        dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == local)).unwrap()
    }

    fn attrs(dom: &Dom, id: NodeId) -> Vec<(String, String)> {
        dom.element(id).unwrap().attrs().map(|a| (a.name.local.to_owned(), a.value.to_owned())).collect()
    }

    #[test]
    fn attribute_runs_stay_contiguous_and_separate() {
        let mut dom = parse_document("<p a=1 b=2></p><p c=3></p><p></p>");
        let ps: Vec<NodeId> =
            dom.descendants(dom.document()).filter(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).collect();
        for i in 0..50 {
            dom.set_attribute(ps[0], &format!("x{i}"), &i.to_string()).unwrap();
            dom.set_attribute(ps[2], &format!("y{i}"), "v").unwrap();
            if i % 3 == 0 {
                assert!(dom.remove_attribute(ps[0], &format!("x{i}")).unwrap());
            }
        }
        assert_eq!(attrs(&dom, ps[1]), [("c".to_owned(), "3".to_owned())]);
        let first = attrs(&dom, ps[0]);
        assert_eq!(first.len(), 2 + 50 - 17);
        assert_eq!(&first[..3], &[("a".into(), "1".into()), ("b".into(), "2".into()), ("x1".into(), "1".into())]);
        assert_eq!(attrs(&dom, ps[2]).len(), 50);
        dom.set_attribute(ps[1], "c", "changed").unwrap();
        assert_eq!(dom.element(ps[1]).unwrap().attr("c"), Some("changed"));
        assert!(!dom.remove_attribute(ps[1], "nope").unwrap());
    }

    #[test]
    fn rename_keeps_position_and_replaces_a_clash() {
        let mut dom = parse_document("<div a=1 b=2 c=3>");
        let div = find(&dom, "div");
        assert!(dom.rename_attribute(div, "a", "c").unwrap());
        assert_eq!(attrs(&dom, div), [("c".to_owned(), "1".to_owned()), ("b".to_owned(), "2".to_owned())]);
        assert!(!dom.rename_attribute(div, "zz", "y").unwrap());
        assert_eq!(dom.rename_attribute(div, "b", "bad name"), Err(DomError::InvalidName));
        assert_eq!(dom.set_attribute(div, "", "x"), Err(DomError::InvalidName));
        let text = dom.children(div).next();
        assert!(text.is_none());
        assert_eq!(dom.set_attribute(dom.document(), "x", "y"), Err(DomError::NotAnElement));
    }

    #[test]
    fn merging_after_edits_sees_the_edited_names() {
        // `<body>` attributes are merged by name (in body, "body" start tag); an attribute
        // removed by an edit is missing again, one added is present.
        let mut dom = parse_document("<body a=1><body b=2>");
        let body = find(&dom, "body");
        assert!(dom.remove_attribute(body, "a").unwrap());
        dom.set_attribute(body, "c", "3").unwrap();
        let merge = parse_with_errors("<x a=9 c=9>", Default::default()).dom;
        let x = find(&merge, "x");
        let incoming: Vec<crate::dom::Attr> = merge
            .element(x)
            .unwrap()
            .attrs()
            .map(|a| crate::dom::Attr { name: a.name.to_owned(), value: a.value.to_owned() })
            .collect();
        dom.add_attributes_if_missing(body, crate::dom::Attrs::owned(&incoming));
        let got = attrs(&dom, body);
        assert_eq!(got, [("b".into(), "2".into()), ("c".into(), "3".into()), ("a".into(), "9".into())]);
    }

    /// Long attribute lists (indexed, with holes and compaction) against a plain list model:
    /// sets, overwrites, removals, renames (onto existing names too) and lookups in a
    /// pseudo-random order, checked after every step.
    #[test]
    fn long_attribute_lists_match_a_list_model() {
        let mut dom = parse_document("<p a=1 b=2></p><p c=3></p>");
        let ps: Vec<NodeId> =
            dom.descendants(dom.document()).filter(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).collect();
        let mut model: Vec<(String, String)> = vec![("a".into(), "1".into()), ("b".into(), "2".into())];
        let mut next = super::super::tests::rng(0x9e37_79b9_7f4a_7c15);
        for step in 0..3000 {
            let name = format!("n{}", next(60));
            match next(4) {
                0 | 1 => {
                    let v = step.to_string();
                    dom.set_attribute(ps[0], &name, &v).unwrap();
                    match model.iter_mut().find(|(n, _)| *n == name) {
                        Some(a) => a.1 = v,
                        None => model.push((name.clone(), v)),
                    }
                }
                2 => {
                    let had = model.iter().any(|(n, _)| *n == name);
                    model.retain(|(n, _)| *n != name);
                    assert_eq!(dom.remove_attribute(ps[0], &name).unwrap(), had);
                }
                _ => {
                    let to = format!("n{}", next(60));
                    let at = model.iter().position(|(n, _)| *n == name);
                    if let Some(i) = at
                        && to != name
                    {
                        model.retain(|(n, _)| *n != to);
                        let i = model.iter().position(|(n, _)| *n == name).unwrap_or(i);
                        model[i].0 = to.clone();
                    }
                    assert_eq!(dom.rename_attribute(ps[0], &name, &to).unwrap(), at.is_some());
                }
            }
            assert_eq!(attrs(&dom, ps[0]), model, "step {step}");
            assert_eq!(dom.element(ps[0]).unwrap().attrs().len(), model.len());
            for k in 0..60 {
                let n = format!("n{k}");
                let want = model.iter().find(|(m, _)| *m == n).map(|(_, v)| v.as_str());
                assert_eq!(dom.get_attribute(ps[0], &n), want, "step {step} {n}");
            }
            assert_eq!(attrs(&dom, ps[1]), [("c".to_owned(), "3".to_owned())]);
        }
    }

    #[test]
    fn tree_edits() {
        let mut dom = parse_document("<div><p>one</p><p>two</p></div>");
        let div = find(&dom, "div");
        let (p1, p2) = {
            let mut c = dom.children(div);
            (c.next().unwrap(), c.next().unwrap())
        };
        let t = dom.create_text("new");
        dom.replace(p1, t).unwrap();
        assert_eq!(dom.text_content(div), "newtwo");
        assert_eq!(dom[p1].parent(), None);
        // Moving a node before itself is a no-op; inserting it into its own subtree is refused.
        dom.insert_child(div, Some(p2), p2).unwrap();
        assert_eq!(dom.text_content(div), "newtwo");
        assert_eq!(dom.insert_child(p2, None, div), Err(DomError::HierarchyRequest));
        assert_eq!(dom.insert_child(t, None, p1), Err(DomError::HierarchyRequest));
        assert_eq!(dom.insert_child(div, Some(p1), p2), Err(DomError::NotFound));
        assert_eq!(dom.replace(p1, p2), Err(DomError::NotFound));
        // A fragment inserts its children.
        let frag = dom.create_fragment();
        for s in ["x", "y"] {
            let n = dom.create_text(s);
            dom.append(frag, n);
        }
        dom.insert_child(div, Some(t), frag).unwrap();
        assert_eq!(dom.text_content(div), "xynewtwo");
        assert_eq!(dom.children(frag).count(), 0);
        dom.remove(p2);
        assert!(dom.set_data(t, "NEW"));
        dom.append_text(t, "!");
        assert_eq!(dom.text_content(div), "xyNEW!");
        dom.set_text_content(div, "");
        assert_eq!(dom.children(div).count(), 0);
        assert!(!dom.set_data(div, "x"));
    }
}
