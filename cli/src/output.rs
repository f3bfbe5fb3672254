//! What the command prints: tokens, trees and errors, as text or as JSON (the schema is in
//! `cli/README.md`). Trees are written with an explicit stack, never by recursion.

use serde_json::{Value, json};
use statemark::Span;
use statemark::dom::{Dom, Namespace, NodeData, NodeId, Step};
use statemark::html::serialize::IoWrite;
use statemark::html::{Doctype, ProcessingInstruction, Tag};
use statemark::{html, xml5};
use std::io::{self, Write};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable lines.
    Text,
    /// JSON Lines: one JSON value per line.
    Json,
}

/// A string as a JSON string literal.
fn js(s: &str) -> String {
    Value::from(s).to_string()
}

fn opt(s: &Option<std::borrow::Cow<'_, str>>) -> Value {
    s.as_deref().map_or(Value::Null, Value::from)
}

fn attrs_json<'a>(attrs: impl Iterator<Item = (&'a str, &'a str)>) -> Value {
    Value::Array(attrs.map(|(n, v)| json!({"name": n, "value": v})).collect())
}

/// A token of either machine, as the printers see it: the two token types differ only in a
/// few kinds (XML5's empty and short end tags) and fields (HTML's force-quirks and self-closing
/// flags in JSON), so one printer serves both.
enum View<'t, 'i> {
    /// `quirks`: JSON shows the force-quirks flag (HTML's; XML5 has none).
    Doctype {
        doctype: &'t Doctype<'i>,
        quirks: bool,
    },
    /// The kind as JSON (`json`) and as text (`text`) name it; `self_closing`: JSON shows the
    /// flag (HTML; XML5 has empty tags instead).
    Tag {
        tag: &'t Tag<'i>,
        json: &'static str,
        text: &'static str,
        self_closing: bool,
    },
    ShortEndTag,
    Comment(&'t str),
    Characters(&'t str),
    ProcessingInstruction(&'t ProcessingInstruction<'i>),
    Eof,
}

/// One HTML token.
pub fn html_token(w: &mut dyn Write, format: Format, token: &html::Token<'_>, span: Span) -> io::Result<()> {
    token_view(w, format, &html_view(token), span)
}

/// One HTML token as the JSON value [`html_token`] writes.
pub fn html_token_json(token: &html::Token<'_>, span: Span) -> Value {
    view_json(&html_view(token), span)
}

fn html_view<'t, 'i>(token: &'t html::Token<'i>) -> View<'t, 'i> {
    use html::Token as T;
    match token {
        T::Doctype(d) => View::Doctype { doctype: d, quirks: true },
        T::StartTag(t) => View::Tag { tag: t, json: "start-tag", text: "StartTag", self_closing: true },
        T::EndTag(t) => View::Tag { tag: t, json: "end-tag", text: "EndTag", self_closing: true },
        T::Comment(c) => View::Comment(c.as_ref()),
        T::Characters(c) => View::Characters(c.as_ref()),
        T::ProcessingInstruction(p) => View::ProcessingInstruction(p),
        T::Eof => View::Eof,
    }
}

/// One XML5 token.
pub fn xml5_token(w: &mut dyn Write, format: Format, token: &xml5::Token<'_>, span: Span) -> io::Result<()> {
    token_view(w, format, &xml5_view(token), span)
}

/// One XML5 token as the JSON value [`xml5_token`] writes.
pub fn xml5_token_json(token: &xml5::Token<'_>, span: Span) -> Value {
    view_json(&xml5_view(token), span)
}

fn xml5_view<'t, 'i>(token: &'t xml5::Token<'i>) -> View<'t, 'i> {
    use xml5::Token as T;
    match token {
        T::Doctype(d) => View::Doctype { doctype: d, quirks: false },
        T::StartTag(t) => View::Tag { tag: t, json: "start-tag", text: "StartTag", self_closing: false },
        T::EmptyTag(t) => View::Tag { tag: t, json: "empty-tag", text: "EmptyTag", self_closing: false },
        T::EndTag(t) => View::Tag { tag: t, json: "end-tag", text: "EndTag", self_closing: false },
        T::ShortEndTag => View::ShortEndTag,
        T::Comment(c) => View::Comment(c.as_ref()),
        T::Characters(c) => View::Characters(c.as_ref()),
        T::ProcessingInstruction(p) => View::ProcessingInstruction(p),
        T::Eof => View::Eof,
    }
}

fn view_json(token: &View<'_, '_>, span: Span) -> Value {
    let mut v = match *token {
        View::Doctype { doctype: d, quirks } => {
            let mut v = json!({"type": "doctype", "name": opt(&d.name), "public_id": opt(&d.public_id),
                        "system_id": opt(&d.system_id)});
            if quirks {
                v["force_quirks"] = d.force_quirks.into();
            }
            v
        }
        View::Tag { tag: t, json: kind, self_closing, .. } => {
            let mut v = json!({"type": kind, "name": t.name.as_ref(),
                        "attributes": attrs_json(t.attributes.iter().map(|a| (a.name.as_ref(), a.value.as_ref())))});
            if self_closing {
                v["self_closing"] = t.self_closing.into();
            }
            v
        }
        View::ShortEndTag => json!({"type": "short-end-tag"}),
        View::Comment(c) => json!({"type": "comment", "data": c}),
        View::Characters(c) => json!({"type": "characters", "data": c}),
        View::ProcessingInstruction(p) => {
            json!({"type": "processing-instruction", "target": p.target.as_ref(), "data": p.data.as_ref()})
        }
        View::Eof => json!({"type": "eof"}),
    };
    v["span"] = json!([span.start, span.end]);
    v
}

fn token_view(w: &mut dyn Write, format: Format, token: &View<'_, '_>, span: Span) -> io::Result<()> {
    match format {
        Format::Json => match *token {
            View::Tag { tag: t, json: kind, self_closing, .. } => tag_json(w, t, kind, self_closing, span),
            _ => writeln!(w, "{}", view_json(token, span)),
        },
        Format::Text => {
            write!(w, "{}..{} ", span.start, span.end)?;
            match *token {
                View::Doctype { doctype: d, .. } => doctype_text(w, d)?,
                View::Tag { tag: t, text: kind, .. } => tag_text(w, kind, t)?,
                View::ShortEndTag => write!(w, "ShortEndTag")?,
                View::Comment(c) => write!(w, "Comment {c:?}")?,
                View::Characters(c) => write!(w, "Characters {c:?}")?,
                View::ProcessingInstruction(p) => write!(w, "ProcessingInstruction {:?} {:?}", p.target, p.data)?,
                View::Eof => write!(w, "EOF")?,
            }
            writeln!(w)
        }
    }
}

/// One tag as a JSON line, written attribute by attribute (keys in the order `serde_json`
/// sorts them, as for the other tokens): a tag's attributes are as many as the input makes
/// them, and a `Value` of 2·10^5 attribute objects took hundreds of bytes each (issue 22).
fn tag_json(w: &mut dyn Write, t: &Tag<'_>, kind: &str, self_closing: bool, span: Span) -> io::Result<()> {
    w.write_all(b"{\"attributes\":[")?;
    for (i, a) in t.attributes.iter().enumerate() {
        let comma = if i == 0 { "" } else { "," };
        write!(w, "{comma}{{\"name\":{},\"value\":{}}}", js(&a.name), js(&a.value))?;
    }
    write!(w, "],\"name\":{}", js(&t.name))?;
    if self_closing {
        write!(w, ",\"self_closing\":{}", t.self_closing)?;
    }
    writeln!(w, ",\"span\":[{},{}],\"type\":{}}}", span.start, span.end, js(kind))
}

fn doctype_text(w: &mut dyn Write, d: &Doctype<'_>) -> io::Result<()> {
    write!(w, "DOCTYPE {:?}", d.name.as_deref().unwrap_or(""))?;
    if let Some(p) = &d.public_id {
        write!(w, " PUBLIC {p:?}")?;
    }
    if let Some(s) = &d.system_id {
        write!(w, " SYSTEM {s:?}")?;
    }
    Ok(())
}

fn tag_text(w: &mut dyn Write, kind: &str, t: &Tag<'_>) -> io::Result<()> {
    write!(w, "{kind} {:?}", t.name)?;
    for a in &t.attributes {
        write!(w, " {}={:?}", a.name, a.value)?;
    }
    if t.self_closing {
        write!(w, " /")?;
    }
    Ok(())
}

/// A tree (from `root`: the document or the fragment) as one JSON value, on one line. Written
/// as [`Dom::walk`] goes: constant memory besides one node's JSON, whatever the depth and width.
pub fn tree_json(w: &mut dyn Write, dom: &Dom, root: NodeId) -> io::Result<()> {
    // A node with children is written as its object without the closing brace, then (for a
    // template) `"template_contents":` and the contents fragment, then its children array; its
    // leave step closes it. `comma`: a value was just completed, so a sibling needs a comma.
    let mut comma = false;
    let mut walk = dom.walk(root);
    while let Some(step) = walk.next() {
        let id = match step {
            Step::Leave(id) => {
                if id != root && walk.is_template_contents(id) {
                    // The template's own children follow its contents.
                    w.write_all(b"]},\"children\":[")?;
                    comma = false;
                } else {
                    if has_children(dom, id) {
                        w.write_all(b"]}")?;
                    }
                    comma = true;
                }
                continue;
            }
            Step::Enter(id) => id,
        };
        if comma {
            w.write_all(b",")?;
        }
        comma = false;
        if id != root && walk.is_template_contents(id) {
            w.write_all(b"\"template_contents\":{\"type\":\"fragment\",\"children\":[")?;
            continue;
        }
        match dom.data(id) {
            NodeData::Document => w.write_all(b"{\"type\":\"document\",")?,
            NodeData::Fragment => w.write_all(b"{\"type\":\"fragment\",")?,
            NodeData::Doctype { name, public_id, system_id } => {
                w.write_all(b"{\"type\":\"doctype\",\"name\":")?;
                jstr(w, name)?;
                w.write_all(b",\"public_id\":")?;
                jstr(w, public_id)?;
                w.write_all(b",\"system_id\":")?;
                jstr(w, system_id)?;
                w.write_all(b"}")?;
            }
            NodeData::Text(t) => {
                w.write_all(b"{\"type\":\"text\",\"data\":")?;
                jstr(w, t)?;
                w.write_all(b"}")?;
            }
            NodeData::Comment(c) => {
                w.write_all(b"{\"type\":\"comment\",\"data\":")?;
                jstr(w, c)?;
                w.write_all(b"}")?;
            }
            NodeData::ProcessingInstruction { target, data } => {
                w.write_all(b"{\"type\":\"processing-instruction\",\"target\":")?;
                jstr(w, target)?;
                w.write_all(b",\"data\":")?;
                jstr(w, data)?;
                w.write_all(b"}")?;
            }
            NodeData::Element(e) => {
                w.write_all(b"{\"type\":\"element\",\"namespace\":")?;
                jns(w, &e.name.ns)?;
                w.write_all(b",\"prefix\":")?;
                jopt(w, e.name.prefix.as_deref())?;
                w.write_all(b",\"name\":")?;
                jstr(w, &e.name.local)?;
                w.write_all(b",\"attributes\":[")?;
                for (i, a) in e.attrs().enumerate() {
                    w.write_all(if i == 0 { b"{\"namespace\":" } else { b",{\"namespace\":" })?;
                    jns(w, a.name.ns)?;
                    w.write_all(b",\"prefix\":")?;
                    jopt(w, a.name.prefix)?;
                    w.write_all(b",\"name\":")?;
                    jstr(w, a.name.local)?;
                    w.write_all(b",\"value\":")?;
                    jstr(w, a.value)?;
                    w.write_all(b"}")?;
                }
                w.write_all(b"],")?;
                if e.template_contents.is_some() {
                    // The contents fragment is the next step.
                    continue;
                }
            }
        }
        if has_children(dom, id) {
            w.write_all(b"\"children\":[")?;
        }
    }
    Ok(())
}

/// A string as a JSON string literal.
fn jstr(w: &mut dyn Write, s: &str) -> io::Result<()> {
    Ok(serde_json::to_writer(w, s)?)
}

/// A string or null.
fn jopt(w: &mut dyn Write, s: Option<&str>) -> io::Result<()> {
    match s {
        Some(s) => jstr(w, s),
        None => w.write_all(b"null"),
    }
}

/// A namespace URL, or null for none.
fn jns(w: &mut dyn Write, ns: &Namespace) -> io::Result<()> {
    match ns {
        Namespace::None => w.write_all(b"null"),
        n => jstr(w, n.url()),
    }
}

/// Whether the JSON of `id` has a `children` array (documents, fragments and elements do).
fn has_children(dom: &Dom, id: NodeId) -> bool {
    matches!(dom.data(id), NodeData::Document | NodeData::Fragment | NodeData::Element(_))
}

/// The tree in the command's text format: the html5lib tree format, its indentation capped at
/// [`statemark::dom::OUTLINE_INDENT`] levels (deeper lines show their level as `[N]`), streamed.
pub fn tree_text(w: &mut dyn Write, dom: &Dom, root: NodeId) -> io::Result<()> {
    let mut out = IoWrite::new(w);
    statemark::dom::write_outline(dom, root, &mut out)
        .map_err(|_| out.error.take().unwrap_or_else(|| io::Error::other("formatting failed")))
}

/// The path and a string field as a JSON line prefix, for one parse result per line.
pub fn parse_result_json(w: &mut dyn Write, path: &str, errors: &[Value], dom: &Dom, root: NodeId) -> io::Result<()> {
    write!(w, "{{\"path\":{},\"errors\":{},\"document\":", js(path), Value::Array(errors.to_vec()))?;
    tree_json(w, dom, root)?;
    writeln!(w, "}}")
}

#[cfg(test)]
pub(crate) mod tests {
    //! The tree writers' memory and stack on a million-deep and a million-wide tree, measured
    //! by a counting allocator (per thread, so other tests running at once do not count).
    use super::*;
    use statemark::dom::{Attrs, QualNameRef};
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    struct Counting;

    thread_local! {
        static LIVE: Cell<usize> = const { Cell::new(0) };
        static PEAK: Cell<usize> = const { Cell::new(0) };
    }

    // SAFETY: every call goes to `System` unchanged; the counters are thread-local `Cell`s of
    // plain integers (no allocation, no destructor).
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, l: Layout) -> *mut u8 {
            let _ = LIVE.try_with(|n| {
                n.set(n.get() + l.size());
                let _ = PEAK.try_with(|p| p.set(p.get().max(n.get())));
            });
            // SAFETY: as the caller promised for `l`.
            unsafe { System.alloc(l) }
        }
        unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
            let _ = LIVE.try_with(|n| n.set(n.get().saturating_sub(l.size())));
            // SAFETY: as the caller promised for `p` and `l`.
            unsafe { System.dealloc(p, l) }
        }
    }

    #[global_allocator]
    static ALLOC: Counting = Counting;

    /// Bytes allocated at the peak of `f`, above what was live when it started (on this thread).
    pub(crate) fn peak_of(f: impl FnOnce()) -> usize {
        let base = LIVE.with(Cell::get);
        PEAK.with(|p| p.set(base));
        f();
        PEAK.with(Cell::get) - base
    }

    /// Counts what is written, keeps nothing.
    pub(crate) struct Count(pub(crate) usize);
    impl Write for Count {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0 += b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    const N: usize = 1_000_000;

    fn div(dom: &mut Dom) -> NodeId {
        let ns = Namespace::Html;
        dom.create_element(QualNameRef::new(&ns, "div"), Attrs::owned(&[]))
    }

    /// A document holding `N` nested divs (`deep`) or `N` sibling divs with a text each.
    fn tree(deep: bool) -> Dom {
        let mut dom = Dom::new();
        let mut parent = dom.document();
        for _ in 0..N {
            let d = div(&mut dom);
            dom.append(parent, d);
            if deep {
                parent = d;
            } else {
                let t = dom.create_text("x");
                dom.append(d, t);
            }
        }
        dom
    }

    #[test]
    fn tree_writers_take_constant_memory_and_stack_on_a_million_deep_or_wide_tree() {
        // 256 KiB of stack: any recursion on the depth would overflow it.
        let run = std::thread::Builder::new().stack_size(256 * 1024).spawn(|| {
            for deep in [true, false] {
                let dom = tree(deep);
                let root = dom.document();
                let mut text = Count(0);
                let text_peak = peak_of(|| tree_text(&mut text, &dom, root).unwrap());
                let mut js = Count(0);
                let json_peak = peak_of(|| tree_json(&mut js, &dom, root).unwrap());
                // Linear output: the text lines stop growing past the indentation cap.
                let per_node = if deep { 2 * statemark::dom::OUTLINE_INDENT + 20 } else { 30 };
                assert!(text.0 < per_node * 2 * N, "deep {deep}: {} bytes of text", text.0);
                assert!(js.0 > 50 * N && js.0 < 200 * N, "deep {deep}: {} bytes of JSON", js.0);
                // A few small buffers, nothing that grows with the tree.
                assert!(text_peak < 4096, "deep {deep}: text took {text_peak} bytes");
                assert!(json_peak < 4096, "deep {deep}: JSON took {json_peak} bytes");
            }
        });
        run.unwrap().join().unwrap();
    }

    #[test]
    fn a_tag_with_many_attributes_is_json_written_attribute_by_attribute() {
        let n = 100_000;
        let input: String = format!("<p{}>", (0..n).map(|i| format!(" a{i}=\"v&quot;{i}\"")).collect::<String>());
        let mut t = html::tokenize(&input);
        let (token, span) = t.next_spanned().expect("the tag");
        let mut out = Count(0);
        let peak = peak_of(|| html_token(&mut out, Format::Json, &token, span).unwrap());
        // One small buffer per attribute's escaped strings, nothing that grows with the tag
        // (a `Value` of it took hundreds of bytes per attribute).
        assert!(peak < 4096, "{peak} bytes for {n} attributes");
        // The same JSON as a `serde_json` value of the token gives.
        let mut text = Vec::new();
        html_token(&mut text, Format::Json, &token, span).unwrap();
        let v: Value = serde_json::from_slice(&text).unwrap();
        let attrs: Vec<Value> = (0..n).map(|i| json!({"name": format!("a{i}"), "value": format!("v\"{i}")})).collect();
        let want = json!({"type": "start-tag", "name": "p", "attributes": attrs, "self_closing": false,
            "span": [0, input.len()]});
        assert_eq!(v, want);
        assert_eq!(String::from_utf8(text).unwrap(), format!("{want}\n"));
        // XML5 tags have no self-closing flag.
        let mut x = xml5::tokenize("<a b='&lt;'/>");
        let (token, span) = x.next_spanned().expect("the tag");
        let mut text = Vec::new();
        xml5_token(&mut text, Format::Json, &token, span).unwrap();
        let want = json!({"type": "empty-tag", "name": "a", "attributes": [{"name": "b", "value": "<"}],
            "span": [0, 13]});
        assert_eq!(String::from_utf8(text).unwrap(), format!("{want}\n"));
    }

    #[test]
    fn the_outline_is_the_test_format_up_to_the_cap() {
        let dom = statemark::html::parse_document("<template><p a=1>x</template><!--c-->");
        let mut out = Vec::new();
        tree_text(&mut out, &dom, dom.document()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), dom.to_test_format());
    }
}
