//! Markup parsed into an element of a [`Dom`] (`innerHTML`, appending HTML): the fragment
//! parsing algorithm run with the element as context, its nodes appended. Layer: documents
//! (above both the DOM and the HTML tree builder, which it runs into the `Dom`).

use super::{Context, TreeOptions};
use crate::dom::{Attr, Dom, DomError, NodeId};

impl Dom {
    /// Parse `html` as a fragment in the context of `element` (spec:
    /// #html-fragment-parsing-algorithm, the element as context, in this document's mode) and
    /// append the result to it; to a `template`'s template contents for a `template`. The
    /// scripting flag is on, as for [`parse_fragment`](crate::html::parse_fragment). (The form element pointer, which only
    /// decides whether a `form` start tag inside the markup is ignored, starts unset.)
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<table><tr><td>a</td></tr></table>");
    /// let tr = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "tr")).unwrap();
    /// dom.append_html(tr, "<td>b<td>c").unwrap();
    /// assert_eq!(dom.children(tr).count(), 3);
    /// assert_eq!(dom.text_content(tr), "abc");
    /// ```
    pub fn append_html(&mut self, element: NodeId, html: &str) -> Result<(), DomError> {
        self.append_html_with(element, html, TreeOptions::default())
    }

    /// [`append_html`](Self::append_html) with the tree builder's options (the scripting flag).
    pub fn append_html_with(&mut self, element: NodeId, html: &str, options: TreeOptions) -> Result<(), DomError> {
        let context = {
            let e = self.element(element).ok_or(DomError::NotAnElement)?;
            let mut context = Context::new(e.name.clone()).with_quirks_mode(self.quirks_mode());
            context.attrs = e.attrs().map(|a| Attr { name: a.name.to_owned(), value: a.value.to_owned() }).collect();
            context
        };
        let parsed = super::parse_fragment_with(html, &context, options);
        self.append_fragment(element, &parsed)
    }

    /// Replace the children of `element` with `html` parsed in its context (DOM `innerHTML`
    /// setter: spec #dom-element-innerhtml, "fragment parsing algorithm steps", then "replace
    /// all"); for a `template`, its template contents. The old children stay in the arena,
    /// detached.
    ///
    /// ```
    /// use statemark::html::parse_document;
    ///
    /// let mut dom = parse_document("<p>old <b>text</b></p>");
    /// let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).unwrap();
    /// dom.set_inner_html(p, "new <em>text</em>").unwrap();
    /// assert_eq!(dom.text_content(p), "new text");
    /// assert_eq!(dom.inner_html(p), "new <em>text</em>");
    /// ```
    pub fn set_inner_html(&mut self, element: NodeId, html: &str) -> Result<(), DomError> {
        let target = self.inner_target(element)?;
        while let Some(c) = self.node(target).first_child() {
            self.detach(c);
        }
        self.append_html(element, html)
    }
}
