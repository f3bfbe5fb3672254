//! HTML tree construction (spec: #tree-construction) and fragment parsing
//! (spec: #html-fragment-parsing-algorithm): the tokenizer feeds a [`TreeBuilder`], which builds
//! into any [`TreeSink`]; the arena [`Dom`] is the default sink.
//!
//! Layer: the builder's files (`builder.rs` and `builder/`, `stack.rs`, `afe.rs`, `tags.rs`,
//! `errors.rs`) are the tree builders' layer and import no DOM, only the tree-building
//! interface; this file (the entry points: [`Context`], [`build_document`] and
//! [`build_fragment`] into any sink, and the `parse_*` conveniences into a [`Dom`]) and
//! `inner_html.rs` are the documents layer above both the builder and the DOM.
//!
//! ```
//! use statemark::html::parse_document;
//!
//! let dom = parse_document("<!DOCTYPE html><title>Hi</title><p>One<p>Two");
//! assert_eq!(
//!     dom.to_test_format(),
//!     "| <!DOCTYPE html>\n| <html>\n|   <head>\n|     <title>\n|       \"Hi\"\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\"\n",
//! );
//! ```

mod afe;
mod builder;
mod errors;
mod inner_html;
mod stack;
mod tags;

pub use crate::tree_interface::{KnownName, Location, ScriptFlags, ScriptingMode, TreeSink};
pub use builder::{AMPLIFICATION_FLOOR, DEFAULT_AMPLIFICATION_LIMIT, TreeBuilder, TreeOptions, TreeRule};
pub use errors::{ErrorCode, HtmlError, TreeErrorCode};

use crate::dom::Dom;
use crate::html::tokenizer::{Options, Tokenizer};
use crate::tree_interface::{Attr, Namespace, QualName, QuirksMode};

/// The context element for fragment parsing (`innerHTML`-style): its name, attributes, and
/// the mode of the document it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// The context element's name (its namespace decides foreign-content handling).
    pub name: QualName,
    /// The context element's attributes: a MathML `annotation-xml` context whose `encoding` is
    /// `text/html` or `application/xhtml+xml` is an
    /// [HTML integration point](https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point).
    pub attrs: Vec<Attr>,
    /// The mode of the context element's node document, which the fragment inherits
    /// ([parsing HTML fragments](https://html.spec.whatwg.org/multipage/parsing.html#parsing-html-fragments),
    /// steps 6 and 7).
    pub quirks_mode: QuirksMode,
}

impl Context {
    /// A context element with this name, no attributes, in a no-quirks document.
    pub fn new(name: QualName) -> Context {
        Context { name, attrs: Vec::new(), quirks_mode: QuirksMode::NoQuirks }
    }

    /// An HTML element context, e.g. `Context::html("div")`.
    pub fn html(local: &str) -> Context {
        Context::new(QualName::new(Namespace::Html, local.to_owned()))
    }

    /// An SVG element context.
    pub fn svg(local: &str) -> Context {
        Context::new(QualName::new(Namespace::Svg, local.to_owned()))
    }

    /// A MathML element context.
    pub fn mathml(local: &str) -> Context {
        Context::new(QualName::new(Namespace::MathMl, local.to_owned()))
    }

    /// Add an attribute (e.g. `encoding` on MathML `annotation-xml`).
    pub fn with_attribute(mut self, name: &str, value: &str) -> Context {
        self.attrs.push(Attr { name: QualName::new(Namespace::None, name.to_owned()), value: value.to_owned() });
        self
    }

    /// The mode of the context's document (spec: #html-fragment-parsing-algorithm, steps 6-7).
    pub fn with_quirks_mode(mut self, mode: QuirksMode) -> Context {
        self.quirks_mode = mode;
        self
    }
}

/// A context element written as text, the way html5lib-tests' `#document-fragment` lines and
/// the command line's `--fragment` write it: `td` (an HTML element; ASCII case-insensitive,
/// like HTML tag names), `svg path` (an SVG element, case kept: `svg foreignObject`),
/// `math mi` (a MathML element). No attributes, a no-quirks document.
///
/// ```
/// use statemark::html::tree::Context;
///
/// assert_eq!("TD".parse(), Ok(Context::html("td")));
/// assert_eq!("svg foreignObject".parse(), Ok(Context::svg("foreignObject")));
/// assert!("svg".parse::<Context>().is_ok_and(|c| c == Context::html("svg")));
/// assert!("math".parse::<Context>().is_ok() && "math ".parse::<Context>().is_err());
/// ```
impl std::str::FromStr for Context {
    type Err = ContextError;

    fn from_str(s: &str) -> Result<Context, ContextError> {
        let err = |reason| Err(ContextError { input: s.to_owned(), reason });
        let is_space = |c: char| c.is_ascii_whitespace();
        if s.starts_with(is_space) || s.ends_with(is_space) {
            // `svg ` is not `svg`: a name left out is more likely than a stray space.
            return err("whitespace before or after the name");
        }
        let (prefix, local) = match s.split_once(is_space) {
            Some((p, l)) => (Some(p), l.trim_start_matches(is_space)),
            None => (None, s),
        };
        if prefix.is_some_and(|p| p != "svg" && p != "math") {
            return err("only `svg` and `math` may come before an element's name");
        }
        // A name as a start tag can write it (spec: #tag-open-state, #tag-name-state): an
        // ASCII alpha first, then no whitespace, `/`, `>`, NUL or other controls.
        match local.chars().next() {
            None => return err("the element's name is missing"),
            Some(c) if !c.is_ascii_alphabetic() => return err("an element's name starts with an ASCII letter"),
            _ => {}
        }
        if local.chars().any(is_space) {
            return err("more than a namespace and a name");
        }
        if local.chars().any(|c| c == '/' || c == '>' || c.is_control()) {
            return err("an element's name has no `/`, `>` or control characters");
        }
        Ok(match prefix {
            Some("svg") => Context::svg(local),
            Some(_) => Context::mathml(local),
            None => Context::html(&local.to_ascii_lowercase()),
        })
    }
}

/// Why a string does not name a fragment context element (`Context`'s [`FromStr`](std::str::FromStr)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextError {
    input: String,
    reason: &'static str,
}

impl std::fmt::Display for ContextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a context element: {:?} ({}; write `td`, `svg path` or `math mi`)", self.input, self.reason)
    }
}

impl std::error::Error for ContextError {}

impl<S: TreeSink> TreeBuilder<S> {
    /// A builder for fragment parsing, with the tokenizer options it needs (the initial state
    /// the context element implies) and the handle of the fragment the nodes go into. Feed it
    /// with `Tokenizer::with_sink(input, options, builder)` or `Tokenizer::streaming`.
    pub fn new_fragment(sink: S, context: &Context, options: TreeOptions) -> (Self, Options, S::Handle) {
        let (b, state, frag) = TreeBuilder::fragment(sink, options, &context.name, &context.attrs, context.quirks_mode);
        (b, Options { initial_state: state, last_start_tag: None, errors: false, switching: false }, frag)
    }
}

/// Parse a document into a tree (spec: #parsing), scripting flag on.
///
/// ```
/// use statemark::dom::NodeData;
/// use statemark::html::parse_document;
///
/// let dom = parse_document("<ul><li>one<li>two</ul>");
/// let items: Vec<String> = dom
///     .descendants(dom.document())
///     .filter(|&n| dom.element(n).is_some_and(|e| e.name.local == "li"))
///     .map(|n| dom.text_content(n))
///     .collect();
/// assert_eq!(items, ["one", "two"]);
/// assert!(matches!(dom.data(dom.document()), NodeData::Document));
/// ```
pub fn parse_document(html: &str) -> Dom {
    parse_document_with(html, TreeOptions::default())
}

/// [`parse_document`] with options (the scripting flag).
///
/// ```
/// use statemark::html::{parse_document_with, TreeOptions};
///
/// let off = parse_document_with("<noscript><p>x</p></noscript>", TreeOptions::with_scripting(false));
/// assert!(off.to_test_format().contains("<p>"));
/// let on = parse_document_with("<noscript><p>x</p></noscript>", TreeOptions::with_scripting(true));
/// assert!(on.to_test_format().contains("\"<p>x</p>\""));
/// ```
pub fn parse_document_with(html: &str, options: TreeOptions) -> Dom {
    build_document(html, options, Dom::new())
}

/// Parse a document into your own [`TreeSink`]; returns the sink. A leading byte order mark
/// (U+FEFF) is skipped, as decoding the document's bytes would have; spans still count bytes of
/// `html` as passed, the BOM's included.
pub fn build_document<S: TreeSink>(html: &str, options: TreeOptions, sink: S) -> S {
    build_input_stream(html, options, sink, true)
}

/// [`build_document`] on an input stream that is decoded, skipping a BOM or not: a decoded
/// input stream's first U+FEFF is content, unless put back by `encoding::parse` to count
/// the bytes the caller passed.
pub(crate) fn build_input_stream<S: TreeSink>(html: &str, options: TreeOptions, sink: S, skip_bom: bool) -> S {
    let mut tok = Tokenizer::with_sink(html, Options::default(), TreeBuilder::new(sink, options));
    if skip_bom {
        tok = tok.after_bom();
    }
    tok.run();
    tok.into_sink().into_sink()
}

/// Parse a fragment in the context of an element, as `innerHTML` does (spec:
/// #html-fragment-parsing-algorithm). The returned tree's [`root`](Dom::root) is the
/// document fragment holding the result.
///
/// ```
/// use statemark::html::{parse_fragment, Context};
///
/// let dom = parse_fragment("<td>cell", &Context::html("tr"));
/// assert_eq!(dom.to_test_format(), "| <td>\n|   \"cell\"\n");
///
/// let svg = parse_fragment("<foreignobject/>", &Context::svg("svg"));
/// assert_eq!(svg.to_test_format(), "| <svg foreignObject>\n");
/// ```
pub fn parse_fragment(html: &str, context: &Context) -> Dom {
    parse_fragment_with(html, context, TreeOptions::default())
}

/// [`parse_fragment`] with options. The scripting flag off is the "Disabled" scripting mode;
/// on, the default, is "Inert" (fragment scripts never run, but `noscript` is raw text).
pub fn parse_fragment_with(html: &str, context: &Context, options: TreeOptions) -> Dom {
    let (mut dom, frag) = build_fragment(html, context, options, Dom::new());
    dom.set_fragment_root(frag);
    dom
}

/// Parse a fragment into your own [`TreeSink`]; returns the sink and the fragment's handle.
pub fn build_fragment<S: TreeSink>(html: &str, context: &Context, options: TreeOptions, sink: S) -> (S, S::Handle) {
    let (b, opts, frag) = TreeBuilder::new_fragment(sink, context, options);
    let mut tok = Tokenizer::with_sink(html, opts, b);
    tok.run();
    (tok.into_sink().into_sink(), frag)
}

/// [`parse_with_errors`] as a tuple.
#[deprecated(since = "0.1.0", note = "use `html::parse_with_errors`, which returns `Parsed { dom, errors }`")]
pub fn parse_document_with_errors(html: &str, options: TreeOptions) -> (Dom, Vec<HtmlError>) {
    let parsed = parse_with_errors(html, options);
    (parsed.dom, parsed.errors)
}

/// Parse a document (spec: #parsing) with these options, also returning every parse error,
/// tokenizer and tree construction together, in input order, with line and column (spec:
/// #parse-errors; tree-construction errors carry statemark's [`TreeErrorCode`]s, at the start
/// of the token that caused them): [`Parsed`](crate::Parsed) `{ dom, errors }`, the shape
/// [`xml5::parse_with_errors`](crate::xml5::parse_with_errors) returns too. A leading byte
/// order mark is skipped as [`build_document`] skips it; offsets count bytes of `html` as
/// passed.
///
/// ```
/// use statemark::html::{TreeOptions, parse_with_errors};
///
/// let parsed = parse_with_errors("<p>x</div>", TreeOptions::default());
/// let codes: Vec<String> = parsed.errors.iter().map(|e| e.to_string()).collect();
/// assert_eq!(codes, ["1:1: missing-doctype", "1:5: end-tag-without-open-element"]);
/// assert!(parsed.dom.to_test_format().contains("<p>"));
/// ```
pub fn parse_with_errors(html: &str, options: TreeOptions) -> crate::Parsed<HtmlError> {
    let builder = TreeBuilder::new(Dom::new(), options).with_errors();
    let mut tok = Tokenizer::with_sink(html, Options::default(), builder).after_bom();
    tok.run();
    let mut builder = tok.into_sink();
    builder.resolve_positions(html);
    let errors = builder.take_errors();
    crate::Parsed { dom: builder.into_sink(), errors }
}

/// [`parse_fragment_collecting_errors`] as a tuple.
#[deprecated(
    since = "0.1.0",
    note = "use `html::parse_fragment_collecting_errors`, which returns `Parsed { dom, errors }`"
)]
pub fn parse_fragment_with_errors(html: &str, context: &Context, options: TreeOptions) -> (Dom, Vec<HtmlError>) {
    let parsed = parse_fragment_collecting_errors(html, context, options);
    (parsed.dom, parsed.errors)
}

/// [`parse_fragment_with`], also returning every parse error as [`parse_with_errors`] does, in
/// the same [`Parsed`](crate::Parsed) shape.
///
/// ```
/// use statemark::html::{Context, TreeOptions, parse_fragment_collecting_errors};
///
/// let parsed = parse_fragment_collecting_errors("<td>x</p>", &Context::html("tr"), TreeOptions::default());
/// assert_eq!(parsed.dom.to_test_format(), "| <td>\n|   \"x\"\n|   <p>\n");
/// assert_eq!(parsed.errors.len(), 1);
/// ```
pub fn parse_fragment_collecting_errors(
    html: &str,
    context: &Context,
    options: TreeOptions,
) -> crate::Parsed<HtmlError> {
    let (b, opts, frag) = TreeBuilder::new_fragment(Dom::new(), context, options);
    let mut tok = Tokenizer::with_sink(html, opts, b.with_errors());
    tok.run();
    let mut builder = tok.into_sink();
    builder.resolve_positions(html);
    let errors = builder.take_errors();
    let mut dom = builder.into_sink();
    dom.set_fragment_root(frag);
    crate::Parsed { dom, errors }
}

/// [`parse_document_with`] into a [`Dom`] that records each node's source span
/// ([`Dom::with_source_spans`], [`Dom::source_span`]).
pub fn parse_document_with_source_spans(html: &str, options: TreeOptions) -> Dom {
    build_document(html, options, Dom::new().with_source_spans())
}

/// [`parse_fragment_with`] into a [`Dom`] that records each node's source span.
pub fn parse_fragment_with_source_spans(html: &str, context: &Context, options: TreeOptions) -> Dom {
    let (mut dom, frag) = build_fragment(html, context, options, Dom::new().with_source_spans());
    dom.set_fragment_root(frag);
    dom
}

#[cfg(test)]
mod context_from_str {
    use super::Context;

    #[test]
    fn html_svg_and_math_elements() {
        assert_eq!("td".parse(), Ok(Context::html("td")));
        assert_eq!("Caption".parse(), Ok(Context::html("caption")));
        assert_eq!("annotation-xml".parse(), Ok(Context::html("annotation-xml")));
        assert_eq!("svg path".parse(), Ok(Context::svg("path")));
        assert_eq!("svg  foreignObject".parse(), Ok(Context::svg("foreignObject")));
        assert_eq!("math annotation-xml".parse(), Ok(Context::mathml("annotation-xml")));
        // One word is an HTML element, even `svg` (html5lib-tests write `svg svg` for SVG's).
        assert_eq!("svg".parse(), Ok(Context::html("svg")));
        assert_eq!("svg svg".parse(), Ok(Context::svg("svg")));
    }

    #[test]
    fn what_names_no_element_is_an_error() {
        for bad in [
            "",
            "  ",
            " td",
            "td\n",
            "svg ",
            "math\t",
            "xlink href",
            "svg a b",
            "1td",
            "svg -x",
            "t/d",
            "td>",
            "t\u{0}d",
            "x y",
        ] {
            let e = bad.parse::<Context>().expect_err(bad);
            assert!(e.to_string().contains(&format!("{bad:?}")), "{e}");
        }
    }
}

#[cfg(test)]
mod scripting_modes {
    use super::{Context, ScriptFlags, ScriptingMode, TreeOptions, parse_document_with, parse_fragment_with};
    use crate::dom::{Dom, NodeId};

    fn first_script(dom: &Dom) -> NodeId {
        let script = dom.descendants(dom.root()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "script"));
        script.expect("a script element")
    }

    /// Each mode where it changes the tree: a script's flags (spec: #parsing-main-inhead, "A
    /// start tag whose tag name is "script"", steps 3 and 5) and noscript (entries "if
    /// scripting mode is (not) Disabled").
    #[test]
    fn each_mode_where_it_changes_the_tree() {
        let contextual = TreeOptions { fragment_scripting: ScriptingMode::Fragment, ..TreeOptions::default() };
        let cases = [
            // (mode, tree, script flags, noscript content is an element)
            (ScriptingMode::Normal, parse_document_with("<script></script><noscript><b>", TreeOptions::default())),
            (
                ScriptingMode::Disabled,
                parse_document_with("<script></script><noscript><b>", TreeOptions::with_scripting(false)),
            ),
            (
                ScriptingMode::Inert,
                parse_fragment_with("<script></script><noscript><b>", &Context::html("div"), TreeOptions::default()),
            ),
            (
                ScriptingMode::Fragment,
                parse_fragment_with("<script></script><noscript><b>", &Context::html("div"), contextual),
            ),
        ];
        for (mode, dom) in cases {
            assert_eq!(dom.scripting_mode(), Some(mode));
            let flags = dom.script_flags(first_script(&dom));
            let want = ScriptFlags {
                parser_inserted: mode != ScriptingMode::Fragment,
                already_started: mode == ScriptingMode::Inert,
            };
            assert_eq!(flags, Some(want), "{mode:?}");
            let b_is_element = dom.descendants(dom.root()).any(|n| dom.element(n).is_some_and(|e| e.name.local == "b"));
            assert_eq!(b_is_element, mode == ScriptingMode::Disabled, "{mode:?}: {}", dom.to_test_format());
        }
        // A fragment of a document with scripting disabled is Disabled whatever it asks for
        // (spec: #html-fragment-parsing-algorithm, step 9).
        let off =
            TreeOptions { scripting: false, fragment_scripting: ScriptingMode::Fragment, ..TreeOptions::default() };
        assert_eq!(
            parse_fragment_with("x", &Context::html("div"), off).scripting_mode(),
            Some(ScriptingMode::Disabled)
        );
    }

    /// Where a mode changes the tokenizer: a `noscript` context starts fragment parsing in
    /// RAWTEXT unless the mode is Disabled (spec: #html-fragment-parsing-algorithm, step 11).
    #[test]
    fn noscript_context_state_follows_the_mode() {
        let on = parse_fragment_with("<b>x</b>", &Context::html("noscript"), TreeOptions::default());
        assert_eq!(on.to_test_format(), "| \"<b>x</b>\"\n");
        let off = parse_fragment_with("<b>x</b>", &Context::html("noscript"), TreeOptions::with_scripting(false));
        assert_eq!(off.to_test_format(), "| <b>\n|   \"x\"\n");
    }

    /// Issue 23: a tree parsed with scripting off serializes its noscript text escaped (the
    /// serializer's "scripting is enabled for the node" follows the tree), so it reads back as
    /// the same tree. Before, `to_html` wrote `<b>`, which re-parses as an element.
    #[test]
    fn noscript_text_round_trips_with_the_mode_it_was_parsed_with() {
        let off = TreeOptions::with_scripting(false);
        let dom = parse_document_with("<body><noscript>&lt;b&gt;</noscript>", off);
        let html = dom.to_html();
        assert!(html.contains("<noscript>&lt;b&gt;</noscript>"), "{html}");
        assert_eq!(parse_document_with(&html, off).to_test_format(), dom.to_test_format());
        let noscript =
            dom.descendants(dom.root()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "noscript"));
        let noscript = noscript.expect("noscript");
        assert_eq!(dom.inner_html(noscript), "&lt;b&gt;");
        assert_eq!(dom.outer_html(noscript), "<noscript>&lt;b&gt;</noscript>");
        // Parsed with scripting on, the text is raw text and written as it is.
        let on = parse_document_with("<body><noscript><b></noscript>", TreeOptions::default());
        assert!(on.to_html().contains("<noscript><b></noscript>"));
        // A tree built by hand has no mode: scripting enabled, the spec's default.
        assert_eq!(Dom::new().scripting_mode(), None);
        assert!(Dom::new().scripting_enabled());
    }
}
