//! Writing HTML: the spec's fragment serialization algorithm (spec: #serialising-html-fragments)
//! as a streaming writer of events, the walk of a [`Dom`] that feeds it (explicit stack, no
//! recursion), and html5lib's serializer options, optional-tag omission following 13.1.2.4
//! ("Optional tags", spec: #optional-tags) as data.
//!
//! ```
//! use statemark::html::{parse_document, serialize::SerializeOptions};
//!
//! let dom = parse_document("<title>A&amp;B</title><p class=x>One<p>Two");
//! assert_eq!(
//!     dom.to_html(),
//!     "<html><head><title>A&amp;B</title></head><body><p class=\"x\">One</p><p>Two</p></body></html>",
//! );
//! // The same tree with every tag 13.1.2.4 lets a document omit left out:
//! let short = SerializeOptions { omit_optional_tags: true, ..SerializeOptions::default() };
//! assert_eq!(dom.to_html_with(&short), "<title>A&amp;B</title><p class=\"x\">One<p>Two");
//! ```
//!
//! Every writer streams into a [`fmt::Write`]; [`IoWrite`] adapts an [`io::Write`].

// This file is the algorithm: the event writer (`Serializer`) and what it asks of an element
// (void, raw text). Beside it: the options (`options.rs`), escaping and quoting
// (`escape.rs`), optional tags as data (`optional_tags.rs`), and the walk of a `Dom` with the
// entry points (`tree.rs`).

use crate::core::StopSet;
use crate::dom::{AttrRef, Dom, Namespace, NodeData, NodeId, QualNameRef};
use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt::{self, Write};
use std::io;

mod escape;
mod optional_tags;
mod options;
mod tree;

pub use options::{AttrQuoting, SerializeOptions};
pub use tree::{IoWrite, write_children_in, write_inner, write_io, write_outer};

use escape::{Mode, collapse_whitespace, escape, write_attr_value, write_quoted_id};
pub(crate) use optional_tags::end_tag_omissible_in;
use optional_tags::{end_tag_omissible, start_tag_omissible};

pub use crate::tree_interface::known::{is_void_element, serializes_as_void};

/// Whether a Text child of this element is written literally (spec:
/// #serialising-html-fragments, "If current node is a Text node").
fn is_raw_text_parent(name: QualNameRef<'_>, scripting: bool) -> bool {
    *name.ns == Namespace::Html
        && (matches!(name.local, "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext")
            || (scripting && name.local == "noscript"))
}

fn is_ascii_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

// ---------------------------------------------------------------------------------------------
// The event writer.
// ---------------------------------------------------------------------------------------------

/// An attribute as the serializer holds it: a value the meta-charset rewrite may replace.
#[derive(Clone, Debug)]
struct HeldAttr<'a> {
    name: QualNameRef<'a>,
    value: Cow<'a, str>,
}

/// One event waiting for the next one (optional tags look one event ahead).
#[derive(Clone, Copy, Debug)]
enum Item<'a> {
    Doctype {
        name: &'a str,
        public_id: &'a str,
        system_id: &'a str,
    },
    /// Attributes are `attrs[start..end]` of the serializer's attribute buffer.
    Start {
        name: QualNameRef<'a>,
        start: usize,
        end: usize,
    },
    End {
        name: QualNameRef<'a>,
    },
    Text(&'a str),
    Comment(&'a str),
    Pi {
        target: &'a str,
        data: &'a str,
    },
}

impl Item<'_> {
    fn is_html_start(&self, names: &[&str]) -> bool {
        matches!(self, Item::Start { name, .. } if *name.ns == Namespace::Html && names.contains(&name.local))
    }
    fn starts_with_ws(&self) -> bool {
        matches!(self, Item::Text(t) if t.as_bytes().first().copied().is_some_and(is_ascii_ws))
    }
}

/// An open element, as far as the writer needs to know it.
#[derive(Clone, Copy, Debug)]
struct Open<'a> {
    name: QualNameRef<'a>,
    raw: bool,
    preserve_ws: bool,
}

/// The HTML writer: takes events (start tag, end tag, text, ...) and writes markup per the
/// fragment serialization algorithm (spec: #serialising-html-fragments) and its
/// [`SerializeOptions`]. Holds at most one event back (optional tags depend on what follows),
/// or the whole `head` when injecting a meta charset. Tolerates unbalanced events (an end tag
/// without its start closes up to the matching open element, or nothing).
///
/// ```
/// use statemark::dom::{Namespace, QualNameRef};
/// use statemark::html::serialize::{SerializeOptions, Serializer};
///
/// let html = Namespace::Html;
/// let mut s = Serializer::new(String::new(), SerializeOptions::default());
/// s.start_tag(QualNameRef::new(&html, "p"), []).unwrap();
/// s.text("a < b").unwrap();
/// s.end_tag(QualNameRef::new(&html, "p")).unwrap();
/// assert_eq!(s.finish().unwrap(), "<p>a &lt; b</p>");
/// ```
pub struct Serializer<'a, W: Write> {
    out: W,
    opts: SerializeOptions,
    queue: VecDeque<Item<'a>>,
    attrs: Vec<HeldAttr<'a>>,
    stack: Vec<Open<'a>>,
    /// The element whose children are being written (inner HTML's node, outer HTML's parent).
    context: Option<Open<'a>>,
    /// Open elements inside which whitespace is kept (`strip_whitespace`).
    preserving: usize,
    /// The element whose end tag was the last thing processed and was omitted.
    omitted_end: Option<QualNameRef<'a>>,
    /// Collecting a `head` for `inject_meta_charset`: its start is `queue[0]`.
    in_head: bool,
    /// Scratch for the attribute order (`alphabetical_attributes`).
    sorted: Vec<usize>,
    /// Whether events wait for the next one (optional tags, meta charset).
    lookahead: bool,
    /// Just wrote a `pre`, `textarea` or `listing` start tag (`pre_newline`).
    after_pre: bool,
    /// The document being written is in quirks mode (`quirks_doctype`).
    quirks: bool,
}

impl<'a, W: Write> Serializer<'a, W> {
    /// A writer into `out` with `options`, writing the children of no element in particular
    /// (use [`with_context`](Self::with_context) for an element's inner HTML).
    pub fn new(out: W, options: SerializeOptions) -> Self {
        let lookahead = options.omit_optional_tags || options.inject_meta_charset.is_some();
        Serializer {
            out,
            opts: options,
            queue: VecDeque::new(),
            attrs: Vec::new(),
            stack: Vec::new(),
            context: None,
            preserving: 0,
            omitted_end: None,
            in_head: false,
            sorted: Vec::new(),
            lookahead,
            after_pre: false,
            quirks: false,
        }
    }

    /// Write the children of `element` (its inner HTML): the element decides whether text
    /// is raw and, for optional tags, what "the parent element" is at the end.
    pub fn with_context(mut self, element: QualNameRef<'a>) -> Self {
        let open = self.open(element);
        self.context = Some(open);
        self
    }

    fn open(&self, name: QualNameRef<'a>) -> Open<'a> {
        let raw = is_raw_text_parent(name, self.opts.scripting);
        let preserve_ws =
            raw || (*name.ns == Namespace::Html && matches!(name.local, "pre" | "textarea" | "listing" | "noscript"));
        Open { name, raw, preserve_ws }
    }

    /// A DOCTYPE (spec: "If current node is a DocumentType").
    pub fn doctype(&mut self, name: &'a str, public_id: &'a str, system_id: &'a str) -> fmt::Result {
        self.push(Item::Doctype { name, public_id, system_id })
    }

    /// A start tag with its attributes. A void element (see [`serializes_as_void`]) has no end
    /// tag: one given anyway is ignored.
    pub fn start_tag(&mut self, name: QualNameRef<'a>, attrs: impl IntoIterator<Item = AttrRef<'a>>) -> fmt::Result {
        let start = self.attrs.len();
        self.attrs.extend(attrs.into_iter().map(|a| HeldAttr { name: a.name, value: Cow::Borrowed(a.value) }));
        let end = self.attrs.len();
        self.push(Item::Start { name, start, end })
    }

    /// An end tag: closes the matching open element (and any left open inside it).
    pub fn end_tag(&mut self, name: QualNameRef<'a>) -> fmt::Result {
        self.push(Item::End { name })
    }

    /// Text (spec: "If current node is a Text node"): escaped, or literal in a raw-text parent.
    pub fn text(&mut self, text: &'a str) -> fmt::Result {
        if text.is_empty() {
            return Ok(());
        }
        self.push(Item::Text(text))
    }

    /// A comment (spec: "If current node is a Comment"), written as it is.
    pub fn comment(&mut self, data: &'a str) -> fmt::Result {
        self.push(Item::Comment(data))
    }

    /// A processing instruction (spec: "If current node is a ProcessingInstruction").
    pub fn processing_instruction(&mut self, target: &'a str, data: &'a str) -> fmt::Result {
        self.push(Item::Pi { target, data })
    }

    /// Write what is held back and return the output.
    pub fn finish(mut self) -> Result<W, fmt::Error> {
        if self.in_head {
            self.in_head = false;
            self.inject_charset();
        }
        while !self.queue.is_empty() {
            self.process_front()?;
        }
        Ok(self.out)
    }

    fn push(&mut self, item: Item<'a>) -> fmt::Result {
        if !self.lookahead {
            // Nothing depends on what follows: write it now.
            self.process(item, None)?;
            self.attrs.clear();
            return Ok(());
        }
        let is_html = |name: &QualNameRef<'_>, local: &str| *name.ns == Namespace::Html && name.local == local;
        if self.opts.inject_meta_charset.is_some() && !self.in_head {
            if let Item::Start { name, .. } = &item
                && is_html(name, "head")
            {
                // Everything before the head goes out first; the head is held until it ends.
                while !self.queue.is_empty() {
                    self.process_front()?;
                }
                self.in_head = true;
            }
        } else if self.in_head && matches!(&item, Item::Start { name, .. } if is_html(name, "body")) {
            // A head whose end tag never came ends where the body starts.
            self.in_head = false;
            self.inject_charset();
        }
        let closes_head = self.in_head && matches!(&item, Item::End { name } if is_html(name, "head"));
        self.queue.push_back(item);
        if closes_head {
            self.in_head = false;
            self.inject_charset();
        }
        while !self.in_head && self.queue.len() > 1 {
            self.process_front()?;
        }
        Ok(())
    }

    /// `inject_meta_charset` over a held head (spec: #charset): rewrite every `meta charset`
    /// and every `http-equiv=content-type` content's charset; if there is neither, add
    /// `<meta charset>` as the head's first child.
    fn inject_charset(&mut self) {
        let Some(enc) = self.opts.inject_meta_charset.clone() else { return };
        let mut found = false;
        for item in self.queue.iter() {
            let &Item::Start { name, start, end } = item else { continue };
            if *name.ns != Namespace::Html || name.local != "meta" {
                continue;
            }
            let attrs = &mut self.attrs[start..end];
            let content_type = attrs.iter().any(|a| {
                *a.name.ns == Namespace::None
                    && a.name.local == "http-equiv"
                    && a.value.eq_ignore_ascii_case("content-type")
            });
            for a in attrs.iter_mut() {
                if *a.name.ns != Namespace::None {
                    continue;
                }
                if a.name.local == "charset" {
                    a.value = Cow::Owned(enc.clone());
                    found = true;
                } else if content_type && a.name.local == "content" {
                    // spec: #algorithm-for-extracting-a-character-encoding-from-a-meta-element
                    // finds "charset", then "=", then the value: replace that value.
                    let v = a.value.to_string();
                    if let Some(at) = v.to_ascii_lowercase().find("charset") {
                        let rest = &v[at + 7..];
                        let eq = rest.len() - rest.trim_start_matches(is_ws_char).len();
                        if rest[eq..].starts_with('=') {
                            let after = &rest[eq + 1..];
                            let skip = after.len() - after.trim_start_matches(is_ws_char).len();
                            let vstart = at + 7 + eq + 1 + skip;
                            let vend =
                                v[vstart..].find(|c: char| c == ';' || is_ws_char(c)).map_or(v.len(), |i| vstart + i);
                            a.value = Cow::Owned(format!("{}{}{}", &v[..vstart], enc, &v[vend..]));
                            found = true;
                        }
                    }
                }
            }
        }
        if !found {
            let start = self.attrs.len();
            self.attrs.push(HeldAttr { name: QualNameRef::new(&Namespace::None, "charset"), value: Cow::Owned(enc) });
            let meta = Item::Start { name: QualNameRef::new(&Namespace::Html, "meta"), start, end: start + 1 };
            let at = usize::from(!self.queue.is_empty());
            self.queue.insert(at, meta);
        }
    }

    fn process_front(&mut self) -> fmt::Result {
        let Some(item) = self.queue.pop_front() else { return Ok(()) };
        let next = self.queue.front().copied();
        self.process(item, next.as_ref())?;
        self.compact_attrs();
        Ok(())
    }

    /// Write `item`, `next` being what follows it (None: nothing yet, or not looked at).
    fn process(&mut self, item: Item<'a>, next: Option<&Item<'a>>) -> fmt::Result {
        let omitted_before = self.omitted_end.take();
        if std::mem::take(&mut self.after_pre) && matches!(item, Item::Text(t) if t.starts_with('\n')) {
            // pre_newline: the LF the parser drops after the start tag.
            self.out.write_char('\n')?;
        }
        match item {
            Item::Doctype { name, public_id, system_id } => {
                self.out.write_str("<!DOCTYPE ")?;
                self.out.write_str(name)?;
                // quirks_doctype: the last identifier left unterminated ("abrupt", which sets
                // force-quirks), or with no identifier a bogus word after the name; an empty
                // name sets force-quirks by itself.
                let force = self.opts.quirks_doctype && self.quirks;
                let ids = self.opts.doctype_identifiers;
                if ids && !public_id.is_empty() {
                    self.out.write_str(" PUBLIC ")?;
                    let open_public = force && system_id.is_empty();
                    write_quoted_id(&mut self.out, public_id, !open_public)?;
                    if !system_id.is_empty() {
                        self.out.write_char(' ')?;
                        write_quoted_id(&mut self.out, system_id, !force)?;
                    }
                } else if ids && !system_id.is_empty() {
                    self.out.write_str(" SYSTEM ")?;
                    write_quoted_id(&mut self.out, system_id, !force)?;
                } else if force && !name.is_empty() {
                    self.out.write_str(" x")?;
                }
                self.out.write_char('>')?;
            }
            Item::Comment(data) => {
                self.out.write_str("<!--")?;
                self.out.write_str(data)?;
                self.out.write_str("-->")?;
            }
            Item::Pi { target, data } => {
                self.out.write_str("<?")?;
                self.out.write_str(target)?;
                self.out.write_char(' ')?;
                self.out.write_str(data)?;
                self.out.write_str("?>")?;
            }
            Item::Text(text) => {
                let parent = self.stack.last().or(self.context.as_ref());
                let raw = parent.is_some_and(|p| p.raw);
                if self.opts.strip_whitespace && self.preserving == 0 && !raw {
                    let collapsed = collapse_whitespace(text);
                    escape(&mut self.out, &collapsed, Mode::Text, self.opts.escape_cr)?;
                } else if raw && !self.opts.escape_rcdata {
                    self.out.write_str(text)?;
                } else {
                    escape(&mut self.out, text, Mode::Text, self.opts.escape_cr)?;
                }
            }
            Item::Start { name, start, end } => {
                let void = serializes_as_void(name);
                let omit = self.opts.omit_optional_tags
                    && start == end
                    && *name.ns == Namespace::Html
                    && start_tag_omissible(name.local, next, omitted_before);
                if !omit {
                    self.write_start_tag(name, start, end, void)?;
                    self.after_pre = self.opts.pre_newline
                        && *name.ns == Namespace::Html
                        && matches!(name.local, "pre" | "textarea" | "listing");
                }
                if !void {
                    let open = self.open(name);
                    self.preserving += usize::from(open.preserve_ws);
                    self.stack.push(open);
                }
            }
            Item::End { name } => {
                if serializes_as_void(name) {
                    // Nothing follows a void element's start tag (spec step 5.2, "continue").
                } else {
                    if let Some(i) = self.stack.iter().rposition(|o| o.name == name) {
                        for o in self.stack.drain(i..) {
                            self.preserving -= usize::from(o.preserve_ws);
                        }
                    }
                    let parent = self.stack.last().or(self.context.as_ref()).map(|o| o.name);
                    let omit = self.opts.omit_optional_tags
                        && *name.ns == Namespace::Html
                        && end_tag_omissible(name.local, next, parent);
                    if omit {
                        self.omitted_end = Some(name);
                    } else {
                        self.out.write_str("</")?;
                        write_tag_name(&mut self.out, name)?;
                        self.out.write_char('>')?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Drop the attributes no held event refers to, so that memory follows what is held, not
    /// the document: when at least half of the buffer is dead (amortized linear).
    fn compact_attrs(&mut self) {
        let live =
            self.queue.iter().filter_map(|i| if let Item::Start { start, .. } = i { Some(*start) } else { None }).min();
        match live {
            None => self.attrs.clear(),
            Some(first) if first > 0 && first >= self.attrs.len() / 2 => {
                self.attrs.drain(..first);
                for item in self.queue.iter_mut() {
                    if let Item::Start { start, end, .. } = item {
                        *start -= first;
                        *end -= first;
                    }
                }
            }
            Some(_) => {}
        }
    }

    fn write_start_tag(&mut self, name: QualNameRef<'a>, start: usize, end: usize, void: bool) -> fmt::Result {
        self.out.write_char('<')?;
        write_tag_name(&mut self.out, name)?;
        let mut order = std::mem::take(&mut self.sorted);
        order.clear();
        order.extend(start..end);
        if self.opts.alphabetical_attributes {
            let attrs = &self.attrs;
            order.sort_by(|&a, &b| {
                let (a, b) = (&attrs[a].name, &attrs[b].name);
                (a.ns.url(), a.local).cmp(&(b.ns.url(), b.local))
            });
        }
        let solidus = void && self.opts.use_trailing_solidus;
        // An unquoted value right before `/>` would take the `/` in (#attribute-value-(unquoted)-state).
        let glued = solidus && !self.opts.space_before_trailing_solidus;
        let html = *name.ns == Namespace::Html;
        for (n, &i) in order.iter().enumerate() {
            let a = &self.attrs[i];
            self.out.write_char(' ')?;
            write_attr_name(&mut self.out, a.name)?;
            let quote = glued && n + 1 == order.len();
            write_attr_value(&mut self.out, a.name, &a.value, &self.opts, html, quote)?;
        }
        self.sorted = order;
        if solidus {
            self.out.write_str(if self.opts.space_before_trailing_solidus { " /" } else { "/" })?;
        }
        self.out.write_char('>')
    }
}

fn is_ws_char(c: char) -> bool {
    c.is_ascii() && is_ascii_ws(c as u8)
}

/// The tag name (spec step 5.2): the local name for HTML, MathML and SVG elements, the
/// qualified name otherwise.
fn write_tag_name(out: &mut impl Write, name: QualNameRef<'_>) -> fmt::Result {
    match (name.ns, name.prefix) {
        (Namespace::Html | Namespace::MathMl | Namespace::Svg, _) | (_, None) => out.write_str(name.local),
        (_, Some(p)) => {
            out.write_str(p)?;
            out.write_char(':')?;
            out.write_str(name.local)
        }
    }
}

/// An attribute's serialized name (spec step 5.2, "An attribute's serialized name").
fn write_attr_name(out: &mut impl Write, name: QualNameRef<'_>) -> fmt::Result {
    let prefix = match name.ns {
        Namespace::None => None,
        Namespace::Xml => Some("xml"),
        Namespace::Xmlns if name.local == "xmlns" => None,
        Namespace::Xmlns => Some("xmlns"),
        Namespace::XLink => Some("xlink"),
        _ => name.prefix,
    };
    if let Some(p) = prefix {
        out.write_str(p)?;
        out.write_char(':')?;
    }
    out.write_str(name.local)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::{Context, TreeOptions, parse_document, parse_document_with, parse_fragment};

    fn body_html(input: &str) -> String {
        parse_fragment(input, &Context::html("body")).to_html()
    }

    #[test]
    fn spec_examples_serialize_as_the_spec_shows() {
        // spec: #serialising-html-fragments, the examples after the algorithm.
        let dom = parse_document(r#"<form id="outer"><div></form><form id="inner"><input>"#);
        assert_eq!(
            dom.to_html(),
            r#"<html><head></head><body><form id="outer"><div><form id="inner"><input></form></div></form></body></html>"#
        );
        let dom = parse_document("<a><table><a>");
        assert_eq!(dom.to_html(), "<html><head></head><body><a><a></a><table></table></a></body></html>");
        // "this algorithm does not roundtrip an initial U+000A (LF) character in pre".
        let dom = parse_document("<pre>\n\nHello.</pre>");
        assert_eq!(dom.to_html(), "<html><head></head><body><pre>\nHello.</pre></body></html>");
        let again = parse_document(&dom.to_html());
        assert_eq!(again.to_html(), "<html><head></head><body><pre>Hello.</pre></body></html>");
        // pre_newline keeps it.
        let rt = SerializeOptions::round_trip();
        assert_eq!(dom.to_html_with(&rt), "<html><head></head><body><pre>\n\nHello.</pre></body></html>");
        assert_eq!(parse_document(&dom.to_html_with(&rt)).to_test_format(), dom.to_test_format());
    }

    #[test]
    fn escaping_text_and_attributes() {
        // spec: #escapingString: &, U+00A0, <, > everywhere; " in attribute mode only.
        assert_eq!(
            body_html("<p title='a&amp;b&lt;c&gt;d\"e\u{a0}'>1&amp;2&lt;3&gt;4\"5\u{a0}</p>"),
            "<p title=\"a&amp;b&lt;c&gt;d&quot;e&nbsp;\">1&amp;2&lt;3&gt;4\"5&nbsp;</p>"
        );
        let old = SerializeOptions { escape_lt_in_attrs: false, ..SerializeOptions::default() };
        let dom = parse_fragment("<p title='<>'>", &Context::html("body"));
        assert_eq!(dom.to_html_with(&old), "<p title=\"<>\"></p>");
    }

    #[test]
    fn raw_text_parents_are_literal() {
        for tag in ["style", "script", "xmp", "iframe", "noembed", "noframes"] {
            let html = format!("<{tag}>a<b>&amp;</{tag}>");
            assert_eq!(body_html(&html), html, "{tag}");
        }
        // noscript is raw text only when scripting is enabled for it.
        let on = parse_document_with("<body><noscript>&lt;p&gt;</noscript>", TreeOptions::with_scripting(true));
        assert!(on.to_html().contains("<noscript>&lt;p&gt;</noscript>"));
        let off = SerializeOptions { scripting: false, ..SerializeOptions::default() };
        let dom = parse_document_with("<body><noscript>a&lt;b</noscript>", TreeOptions::with_scripting(false));
        assert!(dom.to_html_with(&off).contains("<noscript>a&lt;b</noscript>"));
        // RCDATA (title, textarea) is escaped.
        assert_eq!(body_html("<textarea>a&lt;/textarea&gt;</textarea>"), "<textarea>a&lt;/textarea&gt;</textarea>");
        let esc = SerializeOptions { escape_rcdata: true, ..SerializeOptions::default() };
        let dom = parse_fragment("<script>a<b</script>", &Context::html("body"));
        assert_eq!(dom.to_html_with(&esc), "<script>a&lt;b</script>");
    }

    #[test]
    fn void_elements_and_their_inner_html() {
        assert_eq!(
            body_html("<br><img src=x><hr><input><wbr><keygen><param><frame>"),
            "<br><img src=\"x\"><hr><input><wbr><keygen><param>"
        );
        let dom = parse_fragment("<br>", &Context::html("body"));
        let br = dom.children(dom.root()).next().unwrap();
        assert_eq!(dom.inner_html(br), "");
        assert_eq!(dom.outer_html(br), "<br>");
        let solidus = SerializeOptions { use_trailing_solidus: true, ..SerializeOptions::default() };
        assert_eq!(dom.to_html_with(&solidus), "<br />");
    }

    #[test]
    fn template_contents_foreign_names_and_attribute_namespaces() {
        assert_eq!(body_html("<template><p>x</template>"), "<template><p>x</p></template>");
        assert_eq!(
            body_html(
                "<svg viewBox='0 0 1 1'><foreignObject/><use xlink:href='#a' xml:lang=en xmlns:xlink='http://www.w3.org/1999/xlink'/></svg><math><mi>x</mi></math>"
            ),
            "<svg viewBox=\"0 0 1 1\"><foreignObject></foreignObject><use xlink:href=\"#a\" xml:lang=\"en\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"></use></svg><math><mi>x</mi></math>"
        );
    }

    #[test]
    fn comments_pis_and_doctypes() {
        let dom = parse_document(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\"><!--c--><?pi data?>",
        );
        assert_eq!(dom.to_html(), "<!DOCTYPE html><!--c--><?pi data?><html><head></head><body></body></html>");
        let ids = SerializeOptions { doctype_identifiers: true, ..SerializeOptions::default() };
        assert!(dom.to_html_with(&ids).starts_with(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">"
        ));
        let dom = parse_document("<!DOCTYPE html SYSTEM 'about:legacy-compat'>");
        assert!(dom.to_html_with(&ids).starts_with("<!DOCTYPE html SYSTEM \"about:legacy-compat\">"));
    }

    #[test]
    fn inner_and_outer_html() {
        let dom = parse_fragment("<div id=a><p>x</p>y</div>z", &Context::html("body"));
        let div = dom.children(dom.root()).next().unwrap();
        assert_eq!(dom.inner_html(div), "<p>x</p>y");
        assert_eq!(dom.outer_html(div), "<div id=\"a\"><p>x</p>y</div>");
        assert_eq!(dom.inner_html(dom.root()), "<div id=\"a\"><p>x</p>y</div>z");
        let mut bytes = Vec::new();
        write_io(&dom, div, true, &SerializeOptions::default(), &mut bytes).unwrap();
        assert_eq!(bytes, b"<div id=\"a\"><p>x</p>y</div>");
    }

    #[test]
    fn io_errors_are_reported() {
        struct Full;
        impl io::Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::StorageFull, "full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let dom = parse_document("x");
        let e = write_io(&dom, dom.document(), false, &SerializeOptions::default(), Full).err().unwrap();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
    }

    #[test]
    fn optional_tags_on_a_tree() {
        let omit = SerializeOptions { omit_optional_tags: true, ..SerializeOptions::default() };
        let dom = parse_document(
            "<!DOCTYPE html><html lang=en><head><title>T</title></head><body><ul><li>a<li>b</ul><table><tr><td>1<td>2</table><p>x</p><!--c--></body></html>",
        );
        assert_eq!(
            dom.to_html_with(&omit),
            "<!DOCTYPE html><html lang=\"en\"><title>T</title><ul><li>a<li>b</ul><table><tr><td>1<td>2</table><p>x</p><!--c-->"
        );
        assert_eq!(parse_document(&dom.to_html_with(&omit)).to_test_format(), dom.to_test_format());
        // p inside a (not omissible at the end of an a), and in an autonomous custom element.
        let dom = parse_fragment("<a><p>x</p></a><my-el><p>y</p></my-el><div><p>z</p></div>", &Context::html("body"));
        assert_eq!(dom.to_html_with(&omit), "<a><p>x</p></a><my-el><p>y</p></my-el><div><p>z</div>");
        // colgroup/tbody start tags stay after a sibling whose end tag was omitted.
        let dom = parse_fragment(
            "<table><colgroup><col></colgroup><colgroup><col></colgroup><tbody><tr><td>1</tbody><tbody><tr><td>2</table>",
            &Context::html("body"),
        );
        let html = dom.to_html_with(&omit);
        assert_eq!(html, "<table><col><colgroup><col><tr><td>1<tbody><tr><td>2</table>");
        assert_eq!(parse_fragment(&html, &Context::html("body")).to_test_format(), dom.to_test_format());
    }

    #[test]
    fn held_attributes_stay_bounded() {
        let input = "<p a=1 b=2 c=3>x</p>".repeat(10_000);
        let dom = parse_fragment(&input, &Context::html("body"));
        let mut s = Serializer::new(String::new(), SerializeOptions::default());
        let mut most = 0;
        for p in dom.children(dom.root()) {
            let e = dom.element(p).unwrap();
            s.start_tag(e.name.as_ref(), e.attrs().map(|a| AttrRef { name: a.name, value: a.value })).unwrap();
            s.text("x").unwrap();
            s.end_tag(e.name.as_ref()).unwrap();
            most = most.max(s.attrs.len());
        }
        assert!(most <= 6, "{most}");
        assert_eq!(s.finish().unwrap(), input.replace("=1 b=2 c=3", "=\"1\" b=\"2\" c=\"3\""));
    }

    #[test]
    fn deep_trees_without_recursion() {
        let n = 100_000;
        let input = "<div>".repeat(n);
        let dom = parse_document(&input);
        let html = dom.to_html();
        assert_eq!(html.matches("<div>").count(), n);
        assert_eq!(html.matches("</div>").count(), n);
        let xml = crate::xml5::parse(&"<a>".repeat(n)).to_xml();
        assert_eq!(xml.matches("</a>").count(), n - 1);
    }
}
