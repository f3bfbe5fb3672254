//! Serializing a [`Dom`]: the walk of a node's children (or the node itself) that feeds the
//! [`Serializer`] its events (explicit stack, template contents, no recursion), the entry
//! points ([`write_inner`], [`write_outer`], [`write_children_in`], [`write_io`],
//! [`Dom::to_html`], [`Dom::inner_html`], [`Dom::outer_html`]) and the [`io::Write`] adapter
//! ([`IoWrite`]).

use super::*;

/// Feed the children of `container` (a template's contents for a template) to `s`, then the
/// closing events, with an explicit stack.
fn walk<'a, W: Write>(dom: &'a Dom, container: NodeId, s: &mut Serializer<'a, W>) -> fmt::Result {
    // Each frame: the element to close (None for the container) and its next child.
    let mut stack: Vec<(Option<QualNameRef<'a>>, Option<NodeId>)> = vec![(None, first_child(dom, container))];
    while let Some(top) = stack.last_mut() {
        let Some(child) = top.1 else {
            if let (Some(name), _) = stack.pop().unwrap_or((None, None)) {
                s.end_tag(name)?;
            }
            continue;
        };
        top.1 = dom[child].next_sibling();
        match dom.data(child) {
            NodeData::Element(e) => {
                let name = e.name.as_ref();
                s.start_tag(name, e.attrs().map(|a| AttrRef { name: a.name, value: a.value }))?;
                if !serializes_as_void(name) {
                    stack.push((Some(name), first_child(dom, child)));
                }
            }
            NodeData::Text(t) => s.text(t)?,
            NodeData::Comment(c) => s.comment(c)?,
            NodeData::ProcessingInstruction { target, data } => s.processing_instruction(target, data)?,
            NodeData::Doctype { name, public_id, system_id } => {
                s.quirks = dom.quirks_mode() == crate::dom::QuirksMode::Quirks;
                s.doctype(name, public_id, system_id)?
            }
            // A document or fragment is never a child.
            NodeData::Document | NodeData::Fragment => {}
        }
    }
    Ok(())
}

/// The first child of `node`, or of its template contents (spec step 3).
fn first_child(dom: &Dom, node: NodeId) -> Option<NodeId> {
    match dom.element(node).and_then(|e| e.template_contents) {
        Some(c) => dom[c].first_child(),
        None => dom[node].first_child(),
    }
}

/// The element name of `node`, if it is an element.
fn element_name(dom: &Dom, node: NodeId) -> Option<QualNameRef<'_>> {
    dom.element(node).map(|e| e.name.as_ref())
}

/// Write the HTML serialization of `node`'s children (its inner HTML: the fragment
/// serialization algorithm, spec: #serialising-html-fragments) into `out`. A node that
/// serializes as void gives the empty string (step 1).
pub fn write_inner<W: Write>(dom: &Dom, node: NodeId, options: &SerializeOptions, out: W) -> Result<W, fmt::Error> {
    write_children_in(dom, node, element_name(dom, node), options, out)
}

/// Write the children of `node` as the inner HTML of an element named `context`: for a
/// document fragment that a fragment parse built in that context (`parse_fragment`'s result),
/// so that text under a raw-text context stays raw and optional tags know their parent.
///
/// ```
/// use statemark::dom::{Namespace, QualNameRef};
/// use statemark::html::serialize::{write_children_in, SerializeOptions};
/// use statemark::html::{parse_fragment, Context};
///
/// let dom = parse_fragment("a<b", &Context::html("style"));
/// let ctx = QualNameRef::new(&Namespace::Html, "style");
/// let html = write_children_in(&dom, dom.root(), Some(ctx), &SerializeOptions::default(), String::new());
/// assert_eq!(html.unwrap(), "a<b");
/// ```
pub fn write_children_in<W: Write>(
    dom: &Dom,
    node: NodeId,
    context: Option<QualNameRef<'_>>,
    options: &SerializeOptions,
    out: W,
) -> Result<W, fmt::Error> {
    let mut s = Serializer::new(out, options.clone());
    if let Some(name) = context {
        if serializes_as_void(name) {
            return Ok(s.out);
        }
        s = s.with_context(name);
    }
    walk(dom, node, &mut s)?;
    s.finish()
}

/// Write `node` itself and its children (outer HTML: the node as a child of its parent, spec:
/// #dom-element-outerhtml). For a Document or fragment this is its inner HTML.
pub fn write_outer<W: Write>(dom: &Dom, node: NodeId, options: &SerializeOptions, out: W) -> Result<W, fmt::Error> {
    let mut s = Serializer::new(out, options.clone());
    match dom.data(node) {
        NodeData::Document | NodeData::Fragment => {
            walk(dom, node, &mut s)?;
            return s.finish();
        }
        NodeData::Element(e) => {
            if let Some(p) = dom[node].parent().and_then(|p| element_name(dom, p)) {
                s = s.with_context(p);
            }
            let name = e.name.as_ref();
            s.start_tag(name, e.attrs().map(|a| AttrRef { name: a.name, value: a.value }))?;
            if !serializes_as_void(name) {
                walk(dom, node, &mut s)?;
                s.end_tag(name)?;
            }
        }
        NodeData::Text(t) => {
            if let Some(p) = dom[node].parent().and_then(|p| element_name(dom, p)) {
                s = s.with_context(p);
            }
            s.text(t)?;
        }
        NodeData::Comment(c) => s.comment(c)?,
        NodeData::ProcessingInstruction { target, data } => s.processing_instruction(target, data)?,
        NodeData::Doctype { name, public_id, system_id } => {
            s.quirks = dom.quirks_mode() == crate::dom::QuirksMode::Quirks;
            s.doctype(name, public_id, system_id)?
        }
    }
    s.finish()
}

/// Adapts an [`io::Write`] to [`fmt::Write`], keeping the first I/O error (a `fmt::Error`
/// carries none).
pub struct IoWrite<W: io::Write> {
    /// The writer.
    pub inner: W,
    /// The first error it returned.
    pub error: Option<io::Error>,
}

impl<W: io::Write> IoWrite<W> {
    /// Wrap `inner`.
    pub fn new(inner: W) -> Self {
        IoWrite { inner, error: None }
    }
}

impl<W: io::Write> Write for IoWrite<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.inner.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

/// [`write_inner`] (`outer`: [`write_outer`]) into an [`io::Write`]. Wrap a file or socket in
/// a `BufWriter`: the serializer writes many small pieces.
pub fn write_io<W: io::Write>(
    dom: &Dom,
    node: NodeId,
    outer: bool,
    options: &SerializeOptions,
    out: W,
) -> io::Result<W> {
    let mut w = IoWrite::new(out);
    let ok =
        if outer { write_outer(dom, node, options, &mut w) } else { write_inner(dom, node, options, &mut w) }.is_ok();
    match (ok, w.error) {
        (true, _) => Ok(w.inner),
        (false, Some(e)) => Err(e),
        (false, None) => Err(io::Error::other("serialization failed")),
    }
}

impl Dom {
    /// The HTML serialization of the parse result (the Document, or a parsed fragment's
    /// children) by the spec's algorithm, with "scripting enabled" as the tree was parsed
    /// ([`Dom::scripting_enabled`]): `noscript` text of a tree parsed with scripting off is
    /// escaped, so the output parses back to the same tree with the same flag.
    pub fn to_html(&self) -> String {
        self.to_html_with(&self.default_serialize_options())
    }

    /// [`to_html`](Self::to_html) with options (their `scripting` is used as given).
    pub fn to_html_with(&self, options: &SerializeOptions) -> String {
        write_inner(self, self.root(), options, String::new()).unwrap_or_default()
    }

    /// `node`'s inner HTML (spec: #dom-element-innerhtml getter): its children serialized,
    /// scripting as the tree was parsed.
    pub fn inner_html(&self, node: NodeId) -> String {
        write_inner(self, node, &self.default_serialize_options(), String::new()).unwrap_or_default()
    }

    /// `node`'s outer HTML (spec: #dom-element-outerhtml getter): the node and its children,
    /// scripting as the tree was parsed.
    pub fn outer_html(&self, node: NodeId) -> String {
        write_outer(self, node, &self.default_serialize_options(), String::new()).unwrap_or_default()
    }

    /// The spec's algorithm, with "scripting is enabled for the node" (spec:
    /// #serialising-html-fragments, "If current node is a Text node") from the mode the tree
    /// was parsed with.
    fn default_serialize_options(&self) -> SerializeOptions {
        SerializeOptions { scripting: self.scripting_enabled(), ..SerializeOptions::default() }
    }
}
