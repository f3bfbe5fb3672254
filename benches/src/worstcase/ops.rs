//! The operation table of the worst-case search: every public operation of statemark as a
//! function of one input string, the seed family each is searched from, and the allow-list of
//! the operations known to be super-linear (issue 22), in one place.
//!
//! To cover a new public function, add one row to [`OPS`] (in-process) or [`CLI_OPS`] (the
//! `statemark` command); nothing else changes.

use statemark::dom::{Dom, NodeId};
use statemark::html::tree::Context;
use statemark::html::{TreeOptions, serialize::SerializeOptions};
use std::hint::black_box;

/// What kind of text an operation reads, so it is searched from seeds of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// HTML markup (the html5lib tree and tokenizer suites, WPT).
    Html,
    /// XML5 markup (xml5lib).
    Xml,
    /// A CSS selector on the first line, then an HTML document.
    SelectorAndHtml,
    /// A CSS selector alone.
    Selector,
    /// An attribute value for the microsyntaxes.
    Value,
}

/// One operation: a name (`area/what`), the family of its inputs, and the code measured.
pub struct Op {
    /// `area/what`, unique; the allow-list and the command line name operations by it.
    pub name: &'static str,
    /// Which seeds it is searched from.
    pub family: Family,
    /// The measured work; returns something derived from the result so nothing is optimized out.
    pub run: fn(&str) -> usize,
}

/// One `statemark` command line, run on a file holding the input.
pub struct CliOp {
    /// `cli/...`, unique.
    pub name: &'static str,
    /// Which seeds it is searched from.
    pub family: Family,
    /// The arguments before the file name.
    pub args: &'static [&'static str],
}

/// An operation known to be super-linear, reported but not failed on until its fix is merged.
pub struct Known {
    /// Operation name, or a prefix ending in `/` for a whole area.
    pub op: &'static str,
    /// The item of issue 22 that fixes it.
    pub item: u8,
    /// What is quadratic.
    pub reason: &'static str,
    /// Whether a found input is this bug (and not another one in the same operation).
    pub matches: fn(&str) -> bool,
}

fn any(_: &str) -> bool {
    true
}

/// The allow-list: each entry cites its issue and is removed when its fix is merged; the search
/// still reports every entry's findings, only the exit status ignores them. Issue 22's items 1,
/// 3, 5 and 6 were here, each found by the search before its fix, and are gone.
pub const KNOWN: &[Known] = &[Known {
    op: "serialize/test-format",
    item: 2,
    reason: "the html5lib tree format indents each line by its depth, so its size is n·depth by \
             definition (kept exact for the suites); `write_outline`, what the command prints, is linear",
    matches: any,
}];

/// The allow-list entry covering a finding, if any.
pub fn known(op: &str, unit: &str) -> Option<&'static Known> {
    KNOWN.iter().find(|k| (k.op == "*" || op == k.op || op.starts_with(&format!("{}-", k.op))) && (k.matches)(unit))
}

fn touch_dom(dom: &Dom) -> usize {
    black_box(dom.node_count())
}

/// Every element of a tree, in tree order.
fn elements(dom: &Dom) -> Vec<NodeId> {
    dom.descendants(dom.document()).filter(|&n| dom[n].is_element()).collect()
}

/// The tree's first element (the `html` element of any parsed document).
fn first_element(dom: &Dom) -> Option<NodeId> {
    dom.descendants(dom.document()).find(|&n| dom[n].is_element())
}

/// Every attribute name of the tree, in order, then the element they all go onto.
fn attribute_names(dom: &Dom) -> (Vec<String>, Option<NodeId>) {
    let mut names = Vec::new();
    for n in elements(dom) {
        if let Some(e) = dom.element(n) {
            names.extend(e.attrs().map(|a| a.name.local.to_string()));
        }
    }
    (names, first_element(dom))
}

/// The first element named `local`.
fn element_named(dom: &Dom, local: &str) -> Option<NodeId> {
    elements(dom).into_iter().find(|&n| dom.element(n).is_some_and(|e| e.name.local == local))
}

/// `s` cut into pieces of about `size` bytes, at character boundaries.
fn pieces(s: &str, size: usize) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = size.min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (piece, tail) = rest.split_at(end);
        rest = tail;
        Some(piece)
    })
}

fn set_all(dom: &mut Dom, names: &[String], target: NodeId) -> usize {
    names.iter().filter(|name| dom.set_attribute(target, name, "v").is_ok()).count()
}

fn fragment(input: &str, context: &Context) -> usize {
    touch_dom(&statemark::html::parse_fragment(black_box(input), context))
}

/// The selector on the first line, the document after it.
fn split_selector(input: &str) -> (&str, &str) {
    input.split_once('\n').unwrap_or((input, ""))
}

fn tokenize_chunks(input: &str, chunk: usize) -> usize {
    use statemark::html::{Options, TokenQueue, Tokenizer};
    let mut t = Tokenizer::for_chunks(Options::default(), TokenQueue::new(false));
    let mut count = 0;
    let mut rest = input;
    while !rest.is_empty() {
        let mut end = chunk.min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        t.feed(&rest[..end]);
        rest = &rest[end..];
        while t.next_spanned().is_some() {
            count += 1;
        }
    }
    t.finish();
    while t.next_spanned().is_some() {
        count += 1;
    }
    count
}

macro_rules! fragment_ops {
    ($($name:literal => $context:expr),* $(,)?) => {
        [$(Op { name: $name, family: Family::Html, run: |s| fragment(s, &$context) }),*]
    };
}

const FRAGMENTS: [Op; 17] = fragment_ops![
    "tree/fragment-body" => Context::html("body"),
    "tree/fragment-div" => Context::html("div"),
    "tree/fragment-html" => Context::html("html"),
    "tree/fragment-head" => Context::html("head"),
    "tree/fragment-table" => Context::html("table"),
    "tree/fragment-tbody" => Context::html("tbody"),
    "tree/fragment-tr" => Context::html("tr"),
    "tree/fragment-td" => Context::html("td"),
    "tree/fragment-select" => Context::html("select"),
    "tree/fragment-template" => Context::html("template"),
    "tree/fragment-title" => Context::html("title"),
    "tree/fragment-textarea" => Context::html("textarea"),
    "tree/fragment-script" => Context::html("script"),
    "tree/fragment-plaintext" => Context::html("plaintext"),
    "tree/fragment-svg-foreignObject" => Context::svg("foreignObject"),
    "tree/fragment-svg-path" => Context::svg("path"),
    "tree/fragment-math-mi" => Context::mathml("mi"),
];

/// Every in-process public operation. Fragment parsing is [`FRAGMENTS`], one per context kind.
pub const OPS: &[Op] = &[
    // Tokenizers: the iterator, the sinks, streaming in chunks, the editions, XML5.
    Op {
        name: "tokenize/iterator",
        family: Family::Html,
        run: |s| crate::statemark_drivers::iterator(&[s.to_owned()]),
    },
    Op {
        // `Tokenizer::next_ref`: tokens lent in their queue slot, attribute lists taken back.
        name: "tokenize/lending",
        family: Family::Html,
        run: |s| crate::statemark_drivers::iterator_lending(&[s.to_owned()]),
    },
    Op { name: "tokenize/sink", family: Family::Html, run: |s| crate::statemark_drivers::sink(&[s.to_owned()]) },
    Op {
        name: "tokenize/sink-reading-all",
        family: Family::Html,
        run: |s| crate::statemark_drivers::sink_reading_all(&[s.to_owned()]),
    },
    Op {
        name: "tokenize/sink-raw-values",
        family: Family::Html,
        run: |s| crate::statemark_drivers::sink_reading_all_raw(&[s.to_owned()]),
    },
    Op { name: "tokenize/chunks-7", family: Family::Html, run: |s| tokenize_chunks(s, 7) },
    Op {
        name: "tokenize/with-errors",
        family: Family::Html,
        run: |s| {
            let mut t = statemark::html::tokenize(s);
            let mut n = 0;
            while t.next_spanned().is_some() {
                n += 1;
            }
            n + t.errors().len()
        },
    },
    Op { name: "tokenize/html2017", family: Family::Html, run: |s| statemark::editions::html2017::tokenize(s).count() },
    Op { name: "tokenize/html2008", family: Family::Html, run: |s| statemark::editions::html2008::tokenize(s).count() },
    Op {
        name: "tokenize/xml5-iterator",
        family: Family::Xml,
        run: |s| crate::statemark_drivers::xml5_tokenizer(&[s.to_owned()]),
    },
    // Tree construction.
    Op { name: "tree/document", family: Family::Html, run: |s| touch_dom(&statemark::html::parse_document(s)) },
    Op {
        name: "tree/document-errors",
        family: Family::Html,
        run: |s| statemark::html::parse_with_errors(s, TreeOptions::default()).errors.len(),
    },
    Op {
        name: "tree/document-no-scripting",
        family: Family::Html,
        run: |s| touch_dom(&statemark::html::parse_document_with(s, TreeOptions::with_scripting(false))),
    },
    Op {
        // Copies the spec makes without bound (whatwg/html#10772), with both the copied
        // attribute and the number of copies growing with the input: a link reconstructed in
        // each paragraph, quadratic without `TreeOptions::amplification_limit`.
        name: "tree/copies-in-paragraphs",
        family: Family::Html,
        run: |s| {
            let html = format!("<p><a href=\"{s}\">{}", "<p>x".repeat(s.len() / 4 + 1));
            touch_dom(&statemark::html::parse_document(&html))
        },
    },
    Op {
        // The same through the adoption agency: each `</b>` copies the `b` (and its attribute)
        // into the next `div`.
        name: "tree/copies-by-adoption",
        family: Family::Html,
        run: |s| {
            let n = s.len() / 9 + 1;
            let html = format!("<b x=\"{s}\">{}{}", "<div>".repeat(n), "</b>".repeat(n));
            touch_dom(&statemark::html::parse_document(&html))
        },
    },
    Op { name: "tree/xml5", family: Family::Xml, run: |s| touch_dom(&statemark::xml5::parse(s)) },
    Op {
        name: "tree/xml5-errors",
        family: Family::Xml,
        run: |s| statemark::xml5::parse_with_errors(s, true).errors.len(),
    },
    // Serializers (the parse is counted too; it is linear or found above).
    Op { name: "serialize/spec", family: Family::Html, run: |s| statemark::html::parse_document(s).to_html().len() },
    Op {
        name: "serialize/html5lib",
        family: Family::Html,
        run: |s| statemark::html::parse_document(s).to_html_with(&SerializeOptions::html5lib()).len(),
    },
    Op {
        name: "serialize/round-trip",
        family: Family::Html,
        run: |s| statemark::html::parse_document(s).to_html_with(&SerializeOptions::round_trip()).len(),
    },
    Op {
        name: "serialize/test-format",
        family: Family::Html,
        run: |s| statemark::html::parse_document(s).to_test_format().len(),
    },
    Op { name: "serialize/xml", family: Family::Xml, run: |s| statemark::xml5::parse(s).to_xml().len() },
    Op {
        name: "serialize/xml-well-formed",
        family: Family::Xml,
        run: |s| statemark::xml5::parse(s).to_xml_well_formed().map_or(0, |x| x.len()),
    },
    // The checker.
    Op { name: "check/check", family: Family::Html, run: |s| statemark::html::check(s).len() },
    Op {
        name: "check/check_dom",
        family: Family::Html,
        run: |s| statemark::html::check::check_dom(&statemark::html::parse_document(s)).len(),
    },
    // Selectors.
    Op {
        name: "select/parse",
        family: Family::Selector,
        run: |s| usize::from(statemark::dom::Selector::parse(s).is_ok()),
    },
    Op {
        name: "select/match",
        family: Family::SelectorAndHtml,
        run: |s| {
            let (css, html) = split_selector(s);
            let dom = statemark::html::parse_document(html);
            statemark::dom::Selector::parse(css).map_or(0, |sel| dom.select(&sel).count())
        },
    },
    // Editing: every element's attributes set onto one element, then removed or renamed.
    Op {
        name: "edit/set_attribute",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let (names, target) = attribute_names(&dom);
            target.map_or(0, |t| set_all(&mut dom, &names, t))
        },
    },
    Op {
        name: "edit/remove_attribute",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let (names, Some(t)) = attribute_names(&dom) else { return 0 };
            set_all(&mut dom, &names, t);
            names.iter().filter(|n| dom.remove_attribute(t, n) == Ok(true)).count()
        },
    },
    Op {
        name: "edit/rename_attribute",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let (names, Some(t)) = attribute_names(&dom) else { return 0 };
            set_all(&mut dom, &names, t);
            names.iter().filter(|n| dom.rename_attribute(t, n, &format!("r{n}")) == Ok(true)).count()
        },
    },
    Op {
        name: "edit/set_text_content",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            for n in elements(&dom).into_iter().rev() {
                dom.set_text_content(n, "t");
            }
            dom.node_count()
        },
    },
    Op {
        name: "edit/set_data",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let ids: Vec<NodeId> = dom.descendants(dom.document()).collect();
            ids.into_iter().filter(|&n| dom.set_data(n, "d")).count()
        },
    },
    Op {
        name: "edit/remove",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let all = elements(&dom);
            for &n in all.iter().skip(1) {
                dom.remove(n);
            }
            dom.node_count()
        },
    },
    Op {
        name: "edit/insert_child",
        family: Family::Html,
        run: |s| {
            // Every element moved, in tree order, to be the last child of the first one.
            let mut dom = statemark::html::parse_document(s);
            let all = elements(&dom);
            let Some((&root, rest)) = all.split_first() else { return 0 };
            rest.iter().filter(|&&n| dom.insert_child(root, None, n).is_ok()).count()
        },
    },
    Op {
        name: "edit/replace",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let all = elements(&dom);
            let mut ok = 0;
            for &n in all.iter().skip(1).rev() {
                let fresh = dom.create_text("x");
                ok += usize::from(dom.replace(n, fresh).is_ok());
            }
            ok
        },
    },
    Op {
        name: "serialize/outline",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document(s);
            let mut out = String::new();
            statemark::dom::write_outline(&dom, dom.document(), &mut out).ok();
            out.len()
        },
    },
    Op {
        name: "edit/clone-drop",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document(s);
            let copy = dom.clone();
            drop(dom);
            copy.node_count()
        },
    },
    // Issue 23's entry points: whole subtrees, markup in an element's context, the walk.
    Op {
        name: "edit/clone_subtree",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let root = first_element(&dom).unwrap_or(dom.document());
            let copy = dom.clone_subtree(root);
            dom.descendants(copy).count()
        },
    },
    Op {
        name: "edit/set_inner_html",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document("<div></div>");
            let Some(div) = elements(&dom).into_iter().find(|&n| dom.element(n).is_some_and(|e| e.name.local == "div"))
            else {
                return 0;
            };
            dom.set_inner_html(div, s).ok();
            dom.descendants(div).count()
        },
    },
    Op {
        name: "tree/walk",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document(s);
            dom.walk(dom.document()).count()
        },
    },
    Op {
        name: "tokenize/reader",
        family: Family::Html,
        run: |s| statemark::html::tokenize_reader(s.as_bytes(), &Default::default()).count(),
    },
    // Subtrees between trees, markup appended in an element's context.
    Op {
        name: "edit/import_subtree",
        family: Family::Html,
        run: |s| {
            let from = statemark::html::parse_document(s);
            let mut into = statemark::html::parse_document("<p>");
            let root = first_element(&from).unwrap_or(from.document());
            let copy = into.import_subtree(&from, root);
            into.descendants(copy).count()
        },
    },
    Op {
        name: "edit/append_fragment",
        family: Family::Html,
        run: |s| {
            let fragment = statemark::html::parse_fragment(s, &Context::html("div"));
            let mut dom = statemark::html::parse_document("<div></div>");
            let Some(div) = element_named(&dom, "div") else { return 0 };
            dom.append_fragment(div, &fragment).ok();
            dom.descendants(div).count()
        },
    },
    Op {
        name: "edit/append_html",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document("<div></div>");
            let Some(div) = element_named(&dom, "div") else { return 0 };
            dom.append_html(div, s).ok();
            dom.descendants(div).count()
        },
    },
    Op {
        // The input appended in pieces of 64 bytes, each after what the earlier ones built: an
        // append must not walk the children already there.
        name: "edit/append_html-pieces",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document("<div></div>");
            let Some(div) = element_named(&dom, "div") else { return 0 };
            for piece in pieces(s, 64) {
                dom.append_html(div, piece).ok();
            }
            dom.descendants(div).count()
        },
    },
    Op {
        name: "edit/insert_before-detach",
        family: Family::Html,
        run: |s| {
            // Every element but the first detached, then each put before the first's first child.
            let mut dom = statemark::html::parse_document(s);
            let all = elements(&dom);
            let Some((&root, rest)) = all.split_first() else { return 0 };
            for &n in rest {
                dom.detach(n);
            }
            let anchor = dom.create_text("x");
            dom.append(root, anchor);
            for &n in rest {
                dom.insert_before(anchor, n);
            }
            dom.children(root).count()
        },
    },
    Op {
        name: "edit/create_html_element_with",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document(s);
            let (names, _) = attribute_names(&dom);
            let attrs: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "v")).collect();
            let mut out = statemark::dom::Dom::new();
            out.create_html_element_with("div", &attrs).map_or(0, |e| out.element(e).map_or(0, |e| e.attrs().len()))
        },
    },
    Op {
        name: "edit/set_text-text_content",
        family: Family::Html,
        run: |s| {
            let mut dom = statemark::html::parse_document(s);
            let text = dom.text_content(dom.document());
            for n in elements(&dom).into_iter().rev() {
                dom.set_text(n, "t");
            }
            text.len() + dom.node_count()
        },
    },
    Op {
        name: "serialize/inner-outer",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document(s);
            let root = first_element(&dom).unwrap_or(dom.document());
            dom.inner_html(root).len() + dom.outer_html(root).len()
        },
    },
    Op {
        name: "select/parse_with_namespaces",
        family: Family::Selector,
        run: |s| {
            let namespaces =
                [("svg", "http://www.w3.org/2000/svg"), ("x", "urn:x"), ("", "http://www.w3.org/1999/xhtml")];
            usize::from(statemark::dom::Selector::parse_with_namespaces(s, &namespaces).is_ok())
        },
    },
    Op {
        name: "select/first-in",
        family: Family::SelectorAndHtml,
        run: |s| {
            let (css, html) = split_selector(s);
            let dom = statemark::html::parse_document(html);
            let Ok(sel) = statemark::dom::Selector::parse(css) else { return 0 };
            let scope = first_element(&dom).unwrap_or(dom.document());
            dom.select_first(&sel).map_or(0, |n| n.index()) + dom.select_in(scope, &sel).count()
        },
    },
    // XML5 with spans, and from a reader.
    Op {
        name: "tree/xml5-source-spans",
        family: Family::Xml,
        run: |s| {
            let parsed = statemark::xml5::parse_with_source_spans(s, true);
            parsed.dom.node_ids().filter_map(|n| parsed.dom.source_span(n)).map(|sp| sp.len()).sum::<usize>()
                + parsed.errors.len()
        },
    },
    Op {
        name: "tokenize/xml5-reader",
        family: Family::Xml,
        run: |s| statemark::xml5::tokenize_reader(s.as_bytes()).count(),
    },
    Op {
        name: "tree/fragment-errors-spans",
        family: Family::Html,
        run: |s| {
            let context = Context::html("body");
            let parsed = statemark::html::parse_fragment_collecting_errors(s, &context, TreeOptions::default());
            let spans = statemark::html::parse_fragment_with_source_spans(s, &context, TreeOptions::default());
            parsed.dom.node_count()
                + parsed.errors.len()
                + spans.node_ids().filter(|&n| spans.source_span(n).is_some()).count()
        },
    },
    // Spans and positions.
    Op {
        name: "spans/source_span",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document_with_source_spans(s, TreeOptions::default());
            dom.descendants(dom.document()).filter_map(|n| dom.source_span(n)).map(|sp| sp.len()).sum()
        },
    },
    // `position_of` counts from the start (documented O(offset)): one call per input; many
    // lookups go through a `LineIndex`.
    Op {
        name: "spans/position_of",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document_with_source_spans(s, TreeOptions::default());
            let last = dom.descendants(dom.document()).filter_map(|n| dom.source_span(n)).last();
            last.map_or(0, |sp| statemark::html::position_of(s, sp.start).line)
        },
    },
    Op {
        name: "spans/line_index",
        family: Family::Html,
        run: |s| {
            let dom = statemark::html::parse_document_with_source_spans(s, TreeOptions::default());
            let lines = statemark::LineIndex::new(s);
            dom.descendants(dom.document())
                .filter_map(|n| dom.source_span(n))
                .map(|sp| lines.position(sp.start).line)
                .sum()
        },
    },
    // Sniffing and decoding (the input's UTF-8 bytes).
    Op {
        name: "encoding/sniff",
        family: Family::Html,
        run: |s| statemark::encoding::sniff(s.as_bytes(), &Default::default()).encoding.name().len(),
    },
    Op {
        // A `<meta>` naming no encoding first, so the parse goes on as far as the input does.
        name: "encoding/sniff-document",
        family: Family::Html,
        run: |s| {
            let b = [b"<meta name=x>", s.as_bytes()].concat();
            statemark::encoding::sniff_document(&b, &Default::default()).encoding.name().len()
        },
    },
    Op {
        // Unlabelled, overwhelmingly ASCII letters with two-byte codes among them (and the
        // input's own non-ASCII bytes): detection's second opinion reads every run of them in
        // every candidate encoding.
        name: "encoding/detect-second-opinion",
        family: Family::Html,
        run: |s| {
            let mut b = Vec::with_capacity(s.len() + s.len() / 15 + 2);
            for (i, &c) in s.as_bytes().iter().enumerate() {
                b.push(if c.is_ascii() { b'a' + c % 26 } else { c });
                if i % 30 == 0 {
                    b.extend([0xA1, 0xB0]);
                }
            }
            statemark::encoding::sniff(&b, &Default::default()).encoding.name().len()
        },
    },
    Op {
        name: "encoding/parse-from-bytes",
        family: Family::Html,
        run: |s| {
            touch_dom(&statemark::html::parse_bytes(s.as_bytes(), &Default::default(), TreeOptions::default()).dom)
        },
    },
    Op {
        name: "encoding/parse-windows-1252",
        family: Family::Html,
        run: |s| {
            let options = statemark::encoding::EncodingOptions::transport_label("windows-1252");
            touch_dom(&statemark::html::parse_bytes(s.as_bytes(), &options, TreeOptions::default()).dom)
        },
    },
    Op {
        name: "encoding/stream-decoder",
        family: Family::Html,
        run: |s| {
            let mut d = statemark::encoding::StreamDecoder::new(encoding_rs::SHIFT_JIS);
            s.as_bytes().chunks(5).map(|c| d.decode(c, false).len()).sum::<usize>() + d.decode(&[], true).len()
        },
    },
    Op {
        name: "encoding/xml5-from-bytes",
        family: Family::Xml,
        run: |s| touch_dom(&statemark::xml5::parse_bytes(s.as_bytes(), false).dom),
    },
    Op {
        // Errors at offsets into the bytes: the decoder records its offsets (issue 22, item 4).
        name: "encoding/parse-from-bytes-errors",
        family: Family::Html,
        run: |s| {
            let options = statemark::encoding::EncodingOptions::transport_label("windows-1252");
            let parsed = statemark::html::parse_bytes(s.as_bytes(), &options, TreeOptions::default());
            touch_dom(&parsed.dom) + parsed.errors.iter().map(|e| e.position.offset).sum::<usize>()
        },
    },
    Op {
        name: "encoding/tokenize-reader-shift_jis",
        family: Family::Html,
        run: |s| {
            let options = statemark::encoding::EncodingOptions::transport_label("shift_jis");
            let mut reader = statemark::html::tokenize_reader(s.as_bytes(), &options);
            let mut sum = 0;
            while let Some(Ok((_, span))) = reader.next_spanned() {
                sum += span.end;
            }
            sum
        },
    },
    Op {
        name: "encoding/parse-from-reader",
        family: Family::Html,
        run: |s| {
            let parsed = statemark::html::parse_reader(s.as_bytes(), &Default::default(), Default::default());
            parsed.map_or(0, |p| touch_dom(&p.dom) + p.errors.len())
        },
    },
    Op {
        // XML5 from bytes with errors, in windows-1252: the decoder records its offsets and
        // every error is mapped into the bytes.
        name: "encoding/xml5-bytes-errors-latin1",
        family: Family::Xml,
        run: |s| {
            let bytes = [b"<?xml version='1.0' encoding='iso-8859-1'?>", s.as_bytes()].concat();
            let parsed = statemark::xml5::parse_bytes(&bytes, true);
            touch_dom(&parsed.dom) + parsed.errors.len()
        },
    },
    Op {
        // The same, streamed from a reader in reads of 7 bytes.
        name: "encoding/xml5-reader-errors-latin1",
        family: Family::Xml,
        run: |s| {
            let bytes = [b"<?xml version='1.0' encoding='iso-8859-1'?>", s.as_bytes()].concat();
            let parsed = statemark::xml5::parse_reader(Reads7(&bytes), true);
            parsed.map_or(0, |p| touch_dom(&p.dom) + p.errors.len())
        },
    },
    Op {
        // Bytes fed in chunks of 7 with errors collected (offsets mapped as they stream by).
        name: "encoding/byte-parser-errors",
        family: Family::Html,
        run: |s| {
            let options = statemark::encoding::EncodingOptions::transport_label("windows-1252");
            let mut parser =
                statemark::encoding::ByteParser::new(options, TreeOptions::default(), statemark::dom::Dom::new)
                    .with_errors();
            for chunk in s.as_bytes().chunks(7) {
                parser.feed(chunk);
            }
            let (parsed, errors) = parser.finish_with_errors();
            touch_dom(&parsed.tree) + errors.iter().map(|e| e.position.offset).sum::<usize>()
        },
    },
    Op {
        name: "encoding/decode-shift_jis",
        family: Family::Html,
        run: |s| statemark::encoding::decode(s.as_bytes(), encoding_rs::SHIFT_JIS).0.len(),
    },
    Op {
        name: "encoding/prescan-sniff_xml",
        family: Family::Html,
        run: |s| {
            let b = s.as_bytes();
            statemark::encoding::prescan(b).map_or(0, |e| e.name().len())
                + statemark::encoding::sniff_xml(b).name().len()
                + statemark::encoding::extract_from_content(b).map_or(0, |e| e.name().len())
        },
    },
    Op {
        name: "encoding/encoding_for_label",
        family: Family::Value,
        run: |s| {
            statemark::encoding::encoding_for_label(s).map_or(0, |e| e.name().len())
                + usize::from(statemark::encoding::EncodingOptions::with_label(s).is_ok())
        },
    },
    // The microsyntaxes.
    Op {
        name: "microsyntax/integer",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_integer(s).is_ok()),
    },
    Op {
        name: "microsyntax/float",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_floating_point_number(s).is_ok()),
    },
    Op {
        name: "microsyntax/dimension",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_dimension(s).is_ok()),
    },
    Op {
        name: "microsyntax/list-of-floats",
        family: Family::Value,
        run: |s| statemark::microsyntax::parse_list_of_floating_point_numbers(s).len(),
    },
    Op {
        name: "microsyntax/list-of-dimensions",
        family: Family::Value,
        run: |s| statemark::microsyntax::parse_list_of_dimensions(s).len(),
    },
    Op {
        name: "microsyntax/legacy-color",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_legacy_color_value(s).is_ok()),
    },
    Op {
        name: "microsyntax/date-or-time",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_date_or_time_string(s).is_ok()),
    },
    Op {
        name: "microsyntax/global-date-time",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_global_date_and_time_string(s).is_ok()),
    },
    Op {
        name: "microsyntax/duration",
        family: Family::Value,
        run: |s| usize::from(statemark::microsyntax::parse_duration_string(s).is_ok()),
    },
    Op {
        name: "microsyntax/tokens",
        family: Family::Value,
        run: |s| {
            use statemark::microsyntax::{
                TokenComparison, has_duplicate_tokens, split_on_ascii_whitespace, split_on_commas,
            };
            split_on_ascii_whitespace(s).count()
                + split_on_commas(s).len()
                + usize::from(has_duplicate_tokens(s, TokenComparison::AsciiCaseInsensitive))
        },
    },
    Op {
        name: "microsyntax/hash-name",
        family: Family::Value,
        run: |s| statemark::microsyntax::parse_hash_name_reference(s).map_or(0, str::len),
    },
    Op {
        name: "microsyntax/html-attribute-value",
        family: Family::Value,
        run: |s| statemark::html::decode_attribute_value(s).len(),
    },
    Op {
        name: "microsyntax/dates-each",
        family: Family::Value,
        run: |s| {
            use statemark::microsyntax as m;
            [
                m::parse_month_string(s).is_ok(),
                m::parse_date_string(s).is_ok(),
                m::parse_yearless_date_string(s).is_ok(),
                m::parse_time_string(s).is_ok(),
                m::parse_local_date_and_time_string(s).is_ok(),
                m::parse_time_zone_offset_string(s).is_ok(),
                m::parse_week_string(s).is_ok(),
                m::is_valid_month_string(s),
                m::is_valid_date_string(s),
                m::is_valid_yearless_date_string(s),
                m::is_valid_time_string(s),
                m::is_valid_local_date_and_time_string(s),
                m::is_valid_normalized_local_date_and_time_string(s),
                m::is_valid_time_zone_offset_string(s),
                m::is_valid_global_date_and_time_string(s),
                m::is_valid_week_string(s),
                m::is_valid_date_string_with_optional_time(s),
                m::is_valid_duration_string(s),
            ]
            .into_iter()
            .filter(|&b| b)
            .count()
        },
    },
    Op {
        name: "microsyntax/numbers-each",
        family: Family::Value,
        run: |s| {
            use statemark::microsyntax as m;
            [
                m::parse_non_negative_integer(s).is_ok(),
                m::parse_nonzero_dimension(s).is_ok(),
                m::is_valid_integer(s),
                m::is_valid_non_negative_integer(s),
                m::is_valid_floating_point_number(s),
                m::is_valid_list_of_floating_point_numbers(s),
            ]
            .into_iter()
            .filter(|&b| b)
            .count()
        },
    },
    Op {
        name: "microsyntax/keywords",
        family: Family::Value,
        run: |s| {
            use statemark::microsyntax as m;
            let dir = m::EnumeratedAttribute {
                keywords: &[("ltr", 0, true), ("rtl", 1, true), ("auto", 2, true)],
                missing_value_default: None,
                invalid_value_default: None,
                empty_value_default: None,
            };
            let allowed = ["a", "b", "nofollow", "noopener"];
            usize::from(m::tokens_all_allowed(s, &allowed, m::TokenComparison::AsciiCaseInsensitive))
                + dir.state(Some(s)).unwrap_or(9)
                + usize::from(dir.is_conforming(s))
                + usize::from(m::boolean_attribute_state(Some(s)))
                + usize::from(m::is_valid_boolean_attribute_value(s, "hidden"))
        },
    },
    Op {
        name: "microsyntax/find_hash_name_reference",
        family: Family::Html,
        run: |s| {
            // The document's own last id or name as the reference, in every `map`.
            let dom = statemark::html::parse_document(s);
            let (names, _) = attribute_names(&dom);
            let target = names.last().map_or("#x".to_owned(), |n| format!("#{n}"));
            statemark::microsyntax::find_hash_name_reference(&dom, dom.document(), "map", &target)
                .map_or(0, |n| n.index())
        },
    },
    Op {
        name: "microsyntax/html5-2009",
        family: Family::Value,
        run: |s| {
            use statemark::microsyntax::editions::html5_2009 as m;
            m::parse_list_of_integers(s).len()
                + usize::from(m::parse_non_negative_integer(s).is_ok())
                + usize::from(m::parse_floating_point_number(s).is_ok())
                + usize::from(m::parse_dimension(s).is_ok())
                + usize::from(m::find_ratio(s).is_some())
                + usize::from(m::parse_simple_color(s).is_ok())
                + usize::from(m::parse_legacy_color_value(s).is_ok())
                + usize::from(m::parse_time_string(s).is_ok())
                + usize::from(m::parse_local_date_and_time_string(s).is_ok())
                + usize::from(m::parse_global_date_and_time_string(s).is_ok())
                + usize::from(m::is_valid_list_of_integers(s))
                + m::remove_token(s, "a").len()
        },
    },
    Op {
        name: "microsyntax/attribute-value-errors",
        family: Family::Value,
        run: |s| {
            use statemark::html::ValueSyntax;
            let (v, e) = statemark::html::decode_attribute_value_with_errors(s, ValueSyntax::Unquoted);
            let (x, f) = statemark::xml5::decode_attribute_value_with_errors(s, Default::default());
            v.len() + e.len() + x.len() + f.len()
        },
    },
    Op {
        name: "microsyntax/xml5-attribute-value",
        family: Family::Value,
        run: |s| statemark::xml5::decode_attribute_value(s).len(),
    },
];

/// Every in-process operation: [`OPS`] and the fragment contexts.
pub fn all_ops() -> impl Iterator<Item = &'static Op> {
    OPS.iter().chain(FRAGMENTS.iter())
}

/// Every command and output format of the `statemark` command.
pub const CLI_OPS: &[CliOp] = &[
    CliOp { name: "cli/tokenize", family: Family::Html, args: &["tokenize"] },
    CliOp { name: "cli/tokenize-errors", family: Family::Html, args: &["tokenize", "--errors"] },
    CliOp { name: "cli/tokenize-json", family: Family::Html, args: &["tokenize", "--format", "json"] },
    CliOp { name: "cli/tokenize-xml", family: Family::Xml, args: &["tokenize", "--xml"] },
    CliOp { name: "cli/parse", family: Family::Html, args: &["parse"] },
    CliOp { name: "cli/parse-json", family: Family::Html, args: &["parse", "--format", "json"] },
    CliOp { name: "cli/parse-errors", family: Family::Html, args: &["parse", "--errors"] },
    CliOp { name: "cli/parse-fragment", family: Family::Html, args: &["parse", "--fragment", "td"] },
    CliOp { name: "cli/parse-xml", family: Family::Xml, args: &["parse", "--xml"] },
    CliOp { name: "cli/check", family: Family::Html, args: &["check"] },
    CliOp { name: "cli/check-json", family: Family::Html, args: &["check", "--format", "json"] },
    CliOp { name: "cli/serialize", family: Family::Html, args: &["serialize"] },
    CliOp { name: "cli/serialize-spec", family: Family::Html, args: &["serialize", "--style", "spec"] },
    CliOp { name: "cli/serialize-html5lib", family: Family::Html, args: &["serialize", "--style", "html5lib"] },
    CliOp { name: "cli/serialize-xml", family: Family::Xml, args: &["serialize", "--xml"] },
    CliOp { name: "cli/sniff", family: Family::Html, args: &["sniff"] },
    CliOp { name: "cli/explain", family: Family::Html, args: &["explain"] },
    CliOp { name: "cli/explain-json", family: Family::Html, args: &["explain", "--format", "json"] },
    CliOp { name: "cli/explain-tokens", family: Family::Html, args: &["explain", "--tokens-only"] },
    CliOp { name: "cli/explain-xml", family: Family::Xml, args: &["explain", "--xml"] },
];

/// A reader that hands out at most 7 bytes per read.
struct Reads7<'a>(&'a [u8]);

impl std::io::Read for Reads7<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(7).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
