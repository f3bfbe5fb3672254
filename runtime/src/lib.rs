//! statemark: HTML and XML5 parsers whose tokenizers are generated from the specs' own state
//! tables.
//!
//! Every tokenizer state of the [HTML Standard](https://html.spec.whatwg.org/multipage/parsing.html#tokenization)
//! (84 states, processing instructions included) and of the
//! [XML5 draft](https://ygg01.github.io/xml5_draft/) (2016 edition, 50 states) is a RON table in
//! the repository's `spec/` directory; a generator turns the tables into the plain `match`-based
//! Rust in this crate. Around them: input handling (whole strings or chunks), character
//! references, tokens with byte spans and parse errors with the spec's codes, HTML tree
//! construction (documents and fragments), the XML5 tree builder with namespaces, and an arena
//! [`dom::Dom`].
//!
//! # Tokenize
//!
//! The iterator borrows text from the input wherever the token is a plain copy of it.
//!
//! ```
//! use statemark::html::{tokenize, Token};
//!
//! let names: Vec<String> = tokenize("<p class=x>Hi</p>")
//!     .filter_map(|t| match t {
//!         Token::StartTag(tag) => Some(tag.name.into_owned()),
//!         _ => None,
//!     })
//!     .collect();
//! assert_eq!(names, ["p"]);
//! ```
//!
//! # Errors and positions
//!
//! Errors cost nothing unless asked for; each has the spec's code and a line and column.
//!
//! ```
//! use statemark::html::{Options, Tokenizer};
//!
//! let mut t = Tokenizer::with_options("<a b=1 b=2>", Options { errors: true, ..Default::default() });
//! let spans: Vec<_> = std::iter::from_fn(|| t.next_spanned()).map(|(_, span)| (span.start, span.end)).collect();
//! assert_eq!(spans, [(0, 11), (11, 11)]); // the tag, then end of file
//! let e = t.errors()[0];
//! assert_eq!((e.code.code(), e.position.line, e.position.column), ("duplicate-attribute", 1, 9));
//! ```
//!
//! # Stream
//!
//! Feed input in chunks of any size; tokens reach the [`html::Sink`] as soon as they are
//! complete, and the result does not depend on where the input was split.
//!
//! ```
//! use statemark::html::{Control, Options, Sink, Token, Tokenizer};
//! use statemark::Span;
//!
//! #[derive(Default)]
//! struct Links(Vec<String>);
//! impl Sink<'static> for Links {
//!     fn token(&mut self, token: Token<'static>, _span: Span) -> Control {
//!         if let Token::StartTag(t) = &token {
//!             if let Some(a) = t.attributes.iter().find(|a| t.name == "a" && a.name == "href") {
//!                 self.0.push(a.value.to_string());
//!             }
//!         }
//!         Control::Continue
//!     }
//! }
//!
//! let mut t = Tokenizer::streaming(Options::default(), Links::default());
//! for chunk in ["<a hr", "ef='/one'>1</a><a href=/t", "wo>2</a>"] {
//!     t.feed(chunk);
//! }
//! t.finish();
//! assert_eq!(t.into_sink().0, ["/one", "/two"]);
//! ```
//!
//! # Parse a document or a fragment
//!
//! ```
//! use statemark::html::{parse_document, parse_fragment, Context};
//!
//! let dom = parse_document("<!DOCTYPE html><title>Hi</title><p>One<p>Two");
//! let ps: Vec<String> = dom
//!     .descendants(dom.document())
//!     .filter(|&n| dom.element(n).is_some_and(|e| e.name.local == "p"))
//!     .map(|n| dom.text_content(n))
//!     .collect();
//! assert_eq!(ps, ["One", "Two"]);
//!
//! // As innerHTML would parse it, in the context of a <tr>:
//! let frag = parse_fragment("<td>cell", &Context::html("tr"));
//! assert_eq!(frag.to_test_format(), "| <td>\n|   \"cell\"\n");
//! ```
//!
//! # Walk the tree
//!
//! [`dom::Dom`] is a set of arenas; nodes are [`dom::NodeId`] handles, and views such as
//! [`dom::NodeData`] and [`dom::ElementRef`] borrow the tree.
//!
//! ```
//! use statemark::dom::NodeData;
//! use statemark::html::parse_document;
//!
//! let dom = parse_document("<ul><li class=a>one<li>two</ul>");
//! let mut out = Vec::new();
//! for n in dom.descendants(dom.document()) {
//!     match dom.data(n) {
//!         NodeData::Element(e) => out.push(format!("<{}{}>", e.name.local, e.attr("class").map(|c| format!(" .{c}")).unwrap_or_default())),
//!         NodeData::Text(t) => out.push(t.to_owned()),
//!         _ => {}
//!     }
//! }
//! assert_eq!(out, ["<html>", "<head>", "<body>", "<ul>", "<li .a>", "one", "<li>", "two"]);
//! ```
//!
//! # Edit and serialize
//!
//! ```
//! use statemark::html::parse_document;
//!
//! let mut dom = parse_document("<p id=a>Hello <b>old</b></p>");
//! let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p")).unwrap();
//! dom.set_attribute(p, "class", "greeting").unwrap();
//! dom.remove_attribute(p, "id");
//! let b = dom.children(p).nth(1).unwrap();
//! dom.set_text_content(b, "new");
//! assert_eq!(dom.outer_html(p), r#"<p class="greeting">Hello <b>new</b></p>"#);
//! ```
//!
//! # Bytes in any encoding
//!
//! The spec's encoding sniffing algorithm (byte order mark, transport-layer label, `<meta>`
//! prescan, and a late `<meta charset>` that changes a tentative guess), on `encoding_rs`.
//!
//! ```
//! use statemark::encoding::{Confidence, EncodingOptions};
//! use statemark::html::{TreeOptions, parse_bytes};
//!
//! let bytes = b"<meta charset=windows-1252><p>caf\xE9";
//! let parsed = parse_bytes(bytes, &EncodingOptions::default(), TreeOptions::default());
//! assert_eq!((parsed.encoding.name(), parsed.confidence), ("windows-1252", Confidence::Certain));
//! assert!(parsed.dom.to_test_format().contains("\"caf\u{e9}\""));
//! ```
//!
//! # Parse errors with the tree
//!
//! ```
//! use statemark::html::{TreeOptions, parse_with_errors};
//!
//! let errors = parse_with_errors("<p a=1 a=2></b>", TreeOptions::default()).errors;
//! let codes: Vec<String> = errors.iter().map(|e| e.code.to_string()).collect();
//! assert_eq!(codes, ["missing-doctype", "duplicate-attribute", "end-tag-without-open-element"]);
//! ```
//!
//! # Attribute values: the spec's microsyntaxes
//!
//! ```
//! use statemark::microsyntax::{parse_date_string, parse_non_negative_integer};
//!
//! assert_eq!(parse_non_negative_integer("  42px"), Ok(42));
//! assert!(parse_date_string("2026-02-29").is_err()); // not a leap year
//! ```
//!
//! # XML5, with namespaces
//!
//! ```
//! use statemark::dom::Namespace;
//! use statemark::xml5;
//!
//! let dom = xml5::parse("<doc xmlns='urn:x'><p:a xmlns:p='urn:p'/>text &amp; more</doc>");
//! let doc = dom.children(dom.document()).next().unwrap();
//! let e = dom.element(doc).unwrap();
//! assert_eq!((e.name.ns.url(), &*e.name.local), ("urn:x", "doc"));
//! let a = dom.children(doc).next().unwrap();
//! assert_eq!(dom.element(a).unwrap().name.ns, Namespace::Other("urn:p".into()));
//! assert_eq!(dom.text_content(doc), "text & more");
//! ```

//!
//! # Cargo features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `encoding` | on | bytes in any WHATWG encoding: [`encoding`] (sniffing, the `<meta>` prescan, detection of unlabelled bytes, decoding, a late `<meta charset>` re-parse), `html::parse_bytes`, `html::parse_reader`, `tokenize_reader`, `xml5::parse_bytes`, `xml5::parse_reader`; on `encoding_rs` and `chardetng` |
//! | `selectors` | on | CSS selectors on the [`dom::Dom`] (`Selector`, `Dom::select`, `select_first`, `matches`, `:has()`, namespace prefixes); on Servo's `selectors` and `cssparser` |
//! | `trace` | off | every (state, case) the generated tokenizer takes reported to `Sink::trace` (with where: `Sink::trace_at`), what each one is in the spec ([`cases`]: heading, anchor, case label), and the tree-construction rules the builder takes; for tools (`statemark explain`) and the tests |
//! | `edition-html2017` | off | [`editions::html2017`]: the "12.2.4 Tokenization" text of 2015–16 as a machine of its own |
//! | `edition-html2008` | off | [`editions::html2008`]: the early HTML5 draft of 2008-01-18 as a machine of its own |
//!
//! `default-features = false` leaves the `&str` parsers, the DOM, serializers, checker and
//! microsyntaxes with `memchr` as the only dependency.

#![warn(missing_docs)]

#[cfg(feature = "trace")]
pub mod cases;
pub mod dom;
pub mod driver;
pub mod editions;
#[cfg(feature = "encoding")]
pub mod encoding;
pub mod html;
pub mod microsyntax;
pub mod xml5;

mod char_ref;
mod core;
mod generated;
mod parsed;
mod position;
mod text;
mod token;
mod tree_interface;

pub use parsed::Parsed;
pub use position::{LineIndex, Position, Span};

#[cfg(test)]
mod bom_tests {
    use crate::dom::QuirksMode;

    #[test]
    fn a_leading_bom_is_skipped_by_document_entry_points() {
        let page = "\u{FEFF}<!DOCTYPE html><p>x";
        let dom = crate::html::parse_document(page);
        assert_eq!(dom.quirks_mode(), QuirksMode::NoQuirks);
        assert_eq!(dom.to_test_format(), crate::html::parse_document(&page[3..]).to_test_format());
        let first = crate::html::tokenize(page).next();
        assert!(matches!(first, Some(crate::html::Token::Doctype(_))), "{first:?}");
        assert!(matches!(crate::xml5::tokenize("\u{FEFF}<a/>").next(), Some(crate::xml5::Token::EmptyTag(_))));
        // Only one: a second U+FEFF is content (the decoder skips one BOM).
        assert!(crate::html::parse_document("\u{FEFF}\u{FEFF}x").to_test_format().contains("\"\u{FEFF}x\""));
    }

    /// Spans of every node of `dom` that has markup, sliced out of `input` (bytes): panics, as
    /// the README's slicing did, if one is not a span of it.
    fn node_markup(input: &[u8], dom: &crate::dom::Dom) -> Vec<String> {
        let spans = dom.node_ids().filter_map(|n| dom.source_span(n)).filter(|s| !s.is_empty());
        spans.map(|s| String::from_utf8(input[s.start..s.end].to_vec()).unwrap()).collect()
    }

    /// One coordinate system around a BOM (issue 22): every offset (errors, token spans,
    /// source spans, check findings) is into the string or bytes the caller passed, the BOM's
    /// three bytes included, and every line and column is of that string, as a `LineIndex`
    /// over it gives them.
    #[test]
    fn offsets_count_the_bom_everywhere() {
        use crate::LineIndex;
        let page = "\u{FEFF}<p>x</div>\0";
        let index = LineIndex::new(page);
        let crate::Parsed { dom, errors } = crate::html::parse_with_errors(page, Default::default());
        assert_eq!(dom.to_test_format(), crate::html::parse_document(&page[3..]).to_test_format());
        let at: Vec<usize> = errors.iter().map(|e| e.position.offset).collect();
        assert_eq!(at, [3, 7, 13, 13], "{errors:?}");
        assert_eq!(errors[0].code.code(), "missing-doctype");
        for e in &errors {
            assert_eq!(e.position, index.position(e.position.offset), "{e:?}");
        }
        assert_eq!((errors[0].position.line, errors[0].position.column), (1, 2));
        let checked = crate::html::check::check(page);
        assert_eq!((checked[0].code, checked[0].span.start), ("missing-doctype", 3));
        assert!(checked.iter().any(|d| d.span.start == 7));

        // Token spans tile the string from after the BOM.
        let mut tok = crate::html::tokenize(page);
        let spans: Vec<crate::Span> = std::iter::from_fn(|| tok.next_spanned()).map(|(_, s)| s).collect();
        assert_eq!(spans.first().map(|s| s.start), Some(3));
        assert!(spans.windows(2).all(|w| w[0].end == w[1].start));
        let xml = "\u{FEFF}<a>x</a>";
        let first = crate::xml5::tokenize(xml).next_spanned().map(|(_, s)| s);
        assert_eq!(first, Some(crate::Span::new(3, 6)));

        // Source spans slice the input, as the README does (this panicked).
        let text = "\u{FEFF}<p>éé<b>x</b>";
        let dom = crate::html::parse_document_with_source_spans(text, Default::default());
        assert_eq!(node_markup(text.as_bytes(), &dom), ["<p>", "éé", "<b>", "x"]);
        // From bytes, whole and in chunks: offsets into the bytes passed.
        let bytes = text.as_bytes();
        let options = crate::encoding::EncodingOptions::default();
        let new = || crate::dom::Dom::new().with_source_spans();
        let whole = crate::encoding::build_document_from_bytes(bytes, &options, Default::default(), new);
        assert_eq!(node_markup(bytes, &whole.tree), ["<p>", "éé", "<b>", "x"]);
        let mut parser = crate::encoding::ByteParser::new(options, Default::default(), new);
        for chunk in bytes.chunks(2) {
            parser.feed(chunk);
        }
        assert_eq!(node_markup(bytes, &parser.finish().tree), ["<p>", "éé", "<b>", "x"]);
    }
}
