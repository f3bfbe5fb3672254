//! The tree builder: the tree construction dispatcher, the insertion modes and the rules for
//! foreign content (spec: #tree-construction), over any [`TreeSink`]. It is the tokenizer's
//! [`Sink`]: the narrow interface back is the returned [`Control`] (state switches after start
//! tags) and `adjusted_current_node_is_foreign` (CDATA sections). With
//! [`TreeBuilder::with_errors`] it also collects parse errors: the tokenizer's (it is their
//! sink) and its own, each at the start of the token that caused it.

use super::afe::{Afe, AttrRange, Item};
use super::errors::{ErrorCode, HtmlError, TreeErrorCode as E};
use super::sink::{KnownName, Location, ScriptFlags, ScriptingMode, TreeSink};
use super::stack::{ElemId, ElemRec, NOT_ON_STACK, Ns, Stack, lower};
use super::tags::{TAG_COUNT, Tag, foreign_attribute, kind, kinds, svg_attribute_name, svg_tag_name};
use crate::dom::{Attr, Attrs, Namespace, QualName, QualNameRef, QuirksMode};
use crate::html::{Attribute, Control, Doctype, Error, ParseError, Sink, State, Token};
use crate::position::LineCounter;
use crate::{Position, Span};
use std::borrow::Cow;

/// The insertion modes of the current spec (spec: #the-insertion-mode). There is no "in
/// select" or "in select in table": `select` content is parsed by the body rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Initial,
    BeforeHtml,
    BeforeHead,
    InHead,
    InHeadNoscript,
    AfterHead,
    InBody,
    Text,
    InTable,
    InTableText,
    InCaption,
    InColumnGroup,
    InTableBody,
    InRow,
    InCell,
    InTemplate,
    AfterBody,
    InFrameset,
    AfterFrameset,
    AfterAfterBody,
    AfterAfterFrameset,
}

/// A start or end tag as the tree builder sees it.
pub(crate) struct TagTok<'i> {
    pub name: Cow<'i, str>,
    pub tag: Tag,
    pub attrs: Vec<Attribute<'i>>,
    pub self_closing: bool,
    /// Made by the builder, not by markup (an implied `head`, `body`, `tbody`...).
    pub synthetic: bool,
}

impl<'i> TagTok<'i> {
    fn new(t: crate::html::Tag<'i>) -> Self {
        TagTok {
            tag: Tag::from_name(&t.name),
            name: t.name,
            attrs: t.attributes,
            self_closing: t.self_closing,
            synthetic: false,
        }
    }

    fn synthetic(tag: Tag) -> TagTok<'static> {
        TagTok { name: Cow::Borrowed(tag.name()), tag, attrs: Vec::new(), self_closing: false, synthetic: true }
    }

    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|a| a.name == name).map(|a| &*a.value)
    }

    fn is(&self, tags: &[Tag]) -> bool {
        self.tag != Tag::Other && tags.contains(&self.tag)
    }
}

/// One token on its way through the dispatcher. Character runs are processed whole where the
/// rules allow and split where a rule treats whitespace differently.
pub(crate) enum Tok<'a, 'i> {
    Chars(&'a str),
    Comment(&'a str),
    Pi(&'a str, &'a str),
    Doctype(&'a Doctype<'i>),
    Start(&'a mut TagTok<'i>),
    End(&'a mut TagTok<'i>),
    Eof,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Done,
    /// Reprocess the (possibly changed) token through the dispatcher.
    Again,
}
use Flow::{Again, Done};

/// Where an insertion targets (spec: #appropriate-place-for-inserting-a-node).
#[derive(Clone, Copy)]
enum Target {
    Current,
    Elem(ElemId),
    Document,
}

/// Whether `s` holds a U+0000: a word at a time, in line. Every character run in body is
/// checked, most are short, and the call to the library's `memchr` (with its set-up) cost more
/// than this scan (issue 13).
#[inline]
fn has_nul(s: &str) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // A zero byte is the only one whose high bit the subtraction sets and `!w` keeps.
    let zero_in = |w: &[u8]| {
        let w = u64::from_ne_bytes(w.try_into().unwrap_or([1; 8]));
        w.wrapping_sub(ONES) & !w & HIGHS != 0
    };
    let b = s.as_bytes();
    if b.len() < 8 {
        return b.contains(&0);
    }
    // Whole words, then the last eight bytes (overlapping the last word) for the rest.
    b.chunks_exact(8).any(zero_in) || zero_in(&b[b.len() - 8..])
}

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// (leading ASCII whitespace, rest)
fn split_ws(s: &str) -> (&str, &str) {
    let n = s.bytes().take_while(|&b| is_ws(b)).count();
    s.split_at(n)
}

fn ns_ref(ns: Ns) -> &'static Namespace {
    match ns {
        Ns::Html => &Namespace::Html,
        Ns::MathMl => &Namespace::MathMl,
        Ns::Svg => &Namespace::Svg,
    }
}

fn ns_of(ns: Ns) -> Namespace {
    match ns {
        Ns::Html => Namespace::Html,
        Ns::MathMl => Namespace::MathMl,
        Ns::Svg => Namespace::Svg,
    }
}

/// Options for [`TreeBuilder`].
///
/// ```
/// use statemark::html::{ScriptingMode, TreeOptions};
///
/// let off = TreeOptions::with_scripting(false);
/// assert_eq!((off.document_mode(), off.fragment_mode()), (ScriptingMode::Disabled, ScriptingMode::Disabled));
/// let on = TreeOptions::default();
/// assert_eq!((on.document_mode(), on.fragment_mode()), (ScriptingMode::Normal, ScriptingMode::Inert));
/// let contextual = TreeOptions { fragment_scripting: ScriptingMode::Fragment, ..TreeOptions::default() };
/// assert_eq!(contextual.fragment_mode(), ScriptingMode::Fragment);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOptions {
    /// Whether scripting is enabled for the document (spec: #scripting-flag, "the scripting
    /// flag" of the text before 2026). On (the default), a document is parsed in the
    /// [`Normal`](ScriptingMode::Normal) [parser scripting mode](ScriptingMode) and `noscript`
    /// is raw text, as in a browser with scripts enabled; off, in the
    /// [`Disabled`](ScriptingMode::Disabled) mode, where `noscript` content is markup. Off
    /// also makes fragments `Disabled` (spec: #html-fragment-parsing-algorithm, step 9).
    pub scripting: bool,
    /// The scripting mode the HTML fragment parsing algorithm is given (its `scriptingMode`,
    /// spec: #html-fragment-parsing-algorithm): [`Inert`](ScriptingMode::Inert), the
    /// default, or [`Fragment`](ScriptingMode::Fragment) as `createContextualFragment()`
    /// asks. Documents ignore it; the other two modes are taken as `Inert` (the algorithm
    /// asserts one of the two, step 1).
    pub fragment_scripting: ScriptingMode,
    /// Copy the selected `option`'s content into the `select`'s `selectedcontent`, as the
    /// element sections require of a parser (whatwg/html: "When an option element is popped off
    /// the stack of open elements of an HTML parser", #the-option-element, and the
    /// `selectedcontent` post-connection steps, #the-selectedcontent-element). On by default:
    /// that is what browsers with customizable `select` (Chromium) build and what the
    /// html5lib suite expects (`webkit02.dat` cases 45-48). Off gives the tree of tree
    /// construction alone, an empty `selectedcontent`. The copy is made through
    /// [`TreeSink::clone_children_into`]; a sink that keeps no tree gets nothing to do.
    ///
    /// ```
    /// use statemark::html::{parse_document_with, TreeOptions};
    ///
    /// let html = "<select><button><selectedcontent></selectedcontent></button><option>One<option selected>Two</select>";
    /// let on = parse_document_with(html, TreeOptions::default());
    /// assert!(on.to_html().contains("<selectedcontent>Two</selectedcontent>"));
    /// let off = parse_document_with(html, TreeOptions { selectedcontent: false, ..TreeOptions::default() });
    /// assert!(off.to_html().contains("<selectedcontent></selectedcontent>"));
    /// ```
    pub selectedcontent: bool,
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions::with_scripting(true)
    }
}

impl TreeOptions {
    /// The defaults with scripting on or off: what `TreeOptions::with_scripting(scripting)` wrote before
    /// the options had more fields.
    pub const fn with_scripting(scripting: bool) -> TreeOptions {
        TreeOptions { scripting, fragment_scripting: ScriptingMode::Inert, selectedcontent: true }
    }

    /// The mode a document is parsed in: [`Normal`](ScriptingMode::Normal), or
    /// [`Disabled`](ScriptingMode::Disabled) with scripting off.
    pub fn document_mode(&self) -> ScriptingMode {
        if self.scripting { ScriptingMode::Normal } else { ScriptingMode::Disabled }
    }

    /// The mode a fragment is parsed in (spec: #html-fragment-parsing-algorithm, steps 1, 9
    /// and 10).
    pub fn fragment_mode(&self) -> ScriptingMode {
        match (self.scripting, self.fragment_scripting) {
            (false, _) | (_, ScriptingMode::Disabled) => ScriptingMode::Disabled,
            (true, ScriptingMode::Fragment) => ScriptingMode::Fragment,
            (true, _) => ScriptingMode::Inert,
        }
    }
}

/// A `template` element's insertion target, insertion start marker and insertion end marker
/// (spec: #concept-template-insertion-target), kept while the template is on the stack.
struct Patch<H> {
    template: ElemId,
    target: H,
    start: H,
    end: Option<H>,
}

/// The context element of fragment parsing.
struct FragmentCtx<H> {
    context: ElemId,
    root_target: H,
}

/// The HTML tree builder: feed it tokens (it is a tokenizer [`Sink`]) and it builds into a
/// [`TreeSink`]. [`parse_document`](crate::html::parse_document) and friends drive it for you;
/// drive it yourself for chunked input:
///
/// ```
/// use statemark::dom::Dom;
/// use statemark::html::tree::{TreeBuilder, TreeOptions};
/// use statemark::html::{Options, Tokenizer};
///
/// let builder = TreeBuilder::new(Dom::new(), TreeOptions::default());
/// let mut tokenizer = Tokenizer::streaming(Options::default(), builder);
/// for chunk in ["<p>Hel", "lo <b>wor", "ld</b>"] {
///     tokenizer.feed(chunk);
/// }
/// tokenizer.finish();
/// let dom = tokenizer.into_sink().into_sink();
/// assert!(dom.to_test_format().ends_with("|     <p>\n|       \"Hello \"\n|       <b>\n|         \"world\"\n"));
/// ```
pub struct TreeBuilder<S: TreeSink> {
    sink: S,
    doc: S::Handle,
    mode: Mode,
    original_mode: Mode,
    template_modes: Vec<Mode>,
    stack: Stack<S::Handle>,
    afe: Afe,
    head: Option<ElemId>,
    form: Option<ElemId>,
    frameset_ok: bool,
    foster: bool,
    /// The parser scripting mode (spec: #parser-scripting-mode).
    scripting: ScriptingMode,
    /// The `template` elements on the stack whose content patching was prepared, with their
    /// insertion target and markers (spec: #prepare-content-patching).
    patches: Vec<Patch<S::Handle>>,
    /// For each `name` attribute value, the processing instructions with the target `marker`
    /// or `start` and that name the builder has inserted (those since removed are dropped when
    /// next looked at). "Find markers" answers from it when the name has at most one such node
    /// in the tree, and walks the tree by the spec's steps only when it has several: a template
    /// costs the depth of its marker, not the size of the document.
    markers: std::collections::HashMap<String, Vec<S::Handle>>,
    /// Run the `select`/`option`/`selectedcontent` element steps the parser causes
    /// ([`TreeOptions::selectedcontent`]).
    select_content: bool,
    /// The `select` elements on the stack, with what those steps keep for each.
    selects: Vec<selectedcontent::SelectState<S::Handle>>,
    /// The `option` elements on the stack that belong to one of those.
    open_options: Vec<selectedcontent::OpenOption>,
    /// The disabled `optgroup` elements on the stack inside a `select`.
    disabled_groups: Vec<ElemId>,
    quirks: QuirksMode,
    fragment: Option<FragmentCtx<S::Handle>>,
    pending_text: String,
    pending_non_ws: bool,
    ignore_lf: bool,
    switch_to: Option<State>,
    done: bool,
    /// Records of elements nothing refers to any more, for reuse: the builder's memory follows
    /// the depth of the tree, not its size.
    free: Vec<ElemId>,
    /// Parse errors, when asked for ([`TreeBuilder::with_errors`]); `None` costs nothing.
    errors: Option<Vec<HtmlError>>,
    /// The span of the token being processed: where its errors are.
    span: Span,
    /// The sink records source spans (`TreeSink::wants_source_spans`).
    sources: bool,
    /// The source span last given to the sink.
    source_hint: Span,
    /// Where the pending table character tokens start (their error is raised later).
    pending_at: usize,
    /// Where the last pending table character token ended (source spans).
    pending_end: usize,
    /// The character run being processed, as (address, length), when errors are collected: a
    /// slice of it can be placed in the input (see `err_chars`).
    run: Option<(usize, usize)>,
    /// The start tag being processed has its self-closing flag set and no rule has
    /// acknowledged it yet (spec: #acknowledge-self-closing-flag).
    unacknowledged: bool,
    /// The rules taken, when asked for ([`TreeBuilder::with_rule_trace`]).
    #[cfg(feature = "trace")]
    rule_trace: Option<Vec<TreeRule>>,
    /// An emptied attribute list from the last tag, handed back to the tokenizer for its next
    /// tag (`Sink::spare_attributes`): attributes are copied into the tree, so the list's
    /// allocation can serve every tag of the document.
    spare: Vec<Attribute<'static>>,
}

impl<S: TreeSink> TreeBuilder<S> {
    /// A builder for a whole document.
    pub fn new(mut sink: S, options: TreeOptions) -> Self {
        let doc = sink.document();
        let sources = sink.wants_source_spans();
        sink.set_scripting_mode(options.document_mode());
        TreeBuilder {
            sink,
            doc,
            mode: Mode::Initial,
            original_mode: Mode::Initial,
            template_modes: Vec::new(),
            stack: Stack::new(),
            afe: Afe::new(),
            head: None,
            form: None,
            frameset_ok: true,
            foster: false,
            scripting: options.document_mode(),
            patches: Vec::new(),
            markers: std::collections::HashMap::new(),
            select_content: options.selectedcontent,
            selects: Vec::new(),
            open_options: Vec::new(),
            disabled_groups: Vec::new(),
            quirks: QuirksMode::NoQuirks,
            fragment: None,
            pending_text: String::new(),
            pending_non_ws: false,
            ignore_lf: false,
            switch_to: None,
            done: false,
            free: Vec::new(),
            errors: None,
            span: Span::default(),
            sources,
            source_hint: Span::default(),
            pending_at: 0,
            pending_end: 0,
            run: None,
            unacknowledged: false,
            #[cfg(feature = "trace")]
            rule_trace: None,
            spare: Vec::new(),
        }
    }

    /// Collect parse errors: the tokenizer's (call this before handing the builder to a
    /// tokenizer, which asks its sink once) and tree construction's. Without it no error is
    /// computed.
    pub fn with_errors(mut self) -> Self {
        self.errors = Some(Vec::new());
        self
    }

    /// With the `trace` feature: record every rule of tree construction the builder takes
    /// ([`TreeRule`], spec: #parsing-main-inhtml), in order, for
    /// [`rule_trace`](Self::rule_trace). Without the feature the hook is compiled out.
    #[cfg(feature = "trace")]
    pub fn with_rule_trace(mut self) -> Self {
        self.rule_trace = Some(Vec::new());
        self
    }

    /// With the `trace` feature: the rules taken so far (after
    /// [`with_rule_trace`](Self::with_rule_trace)), in order. A token handed from one mode to
    /// another ("process the token using the rules for ...") records both rules.
    #[cfg(feature = "trace")]
    pub fn rule_trace(&self) -> &[TreeRule] {
        self.rule_trace.as_deref().unwrap_or(&[])
    }

    /// The trace hook: every rule calls it first. Without the `trace` feature it is empty, so
    /// the default build is the same machine code as without it.
    #[inline(always)]
    fn rule(&mut self, rule: TreeRule) {
        #[cfg(feature = "trace")]
        if let Some(v) = &mut self.rule_trace {
            v.push(rule);
        }
        #[cfg(not(feature = "trace"))]
        let _ = rule;
    }

    /// The parse errors so far (with [`with_errors`](Self::with_errors)), tokenizer and tree
    /// construction together, in input order once the end of the input has been processed.
    /// Tree-construction errors have line and column 0 until
    /// [`resolve_positions`](Self::resolve_positions).
    pub fn errors(&self) -> &[HtmlError] {
        self.errors.as_deref().unwrap_or(&[])
    }

    /// Take the parse errors collected so far.
    pub fn take_errors(&mut self) -> Vec<HtmlError> {
        self.errors.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Put the errors in input order and give tree-construction errors their line and column,
    /// given the whole input the tokenizer was fed (one pass over it).
    pub fn resolve_positions(&mut self, input: &str) {
        let Some(errors) = &mut self.errors else { return };
        errors.sort_by_key(|e| e.position.offset);
        let mut lines = LineCounter::default();
        for e in errors.iter_mut().filter(|e| e.position.line == 0) {
            lines.advance(input.as_bytes(), 0, e.position.offset.min(input.len()));
            e.position = Position { offset: e.position.offset, ..lines.at };
        }
    }

    /// Report a tree-construction error at the token being processed.
    #[inline]
    fn err(&mut self, code: E) {
        let at = self.span.start;
        self.err_at(code, at);
    }

    /// Report a tree-construction error at byte offset `at`.
    #[inline]
    fn err_at(&mut self, code: E, at: usize) {
        if let Some(v) = &mut self.errors {
            v.push(HtmlError { code: ErrorCode::Tree(code), position: Position { offset: at, line: 0, column: 0 } });
        }
    }

    /// One error for each character of `s` that `pick` picks (each is a character token of its
    /// own). `s` is a slice of the character run being processed: when the run is as long as
    /// its span (a plain copy of the input, or changed only character for character), each
    /// error is at its character's offset; otherwise all are at the start of the run. Either
    /// way the offsets depend only on the token and its span, so chunked input gives the same.
    fn err_chars(&mut self, code: E, s: &str, pick: impl Fn(char) -> bool) {
        if self.errors.is_none() {
            return;
        }
        let exact = self.run.filter(|&(_, len)| len == self.span.len()).and_then(|(base, len)| {
            let off = (s.as_ptr() as usize).wrapping_sub(base);
            (off <= len && s.len() <= len - off).then_some(self.span.start + off)
        });
        for (i, c) in s.char_indices() {
            if pick(c) {
                self.err_at(code, exact.map_or(self.span.start, |at| at + i));
            }
        }
    }

    fn errors_on(&self) -> bool {
        self.errors.is_some()
    }

    /// The parse error for a token that an "anything else" entry rejects, by the kind of
    /// token it is.
    fn unexpected(&mut self, t: &Tok<'_, '_>) {
        let code = match t {
            Tok::Start(_) => E::UnexpectedStartTag,
            Tok::End(_) => E::UnexpectedEndTag,
            Tok::Doctype(_) => E::UnexpectedDoctype,
            Tok::Eof => E::EofWithOpenElements,
            Tok::Chars(_) | Tok::Comment(_) | Tok::Pi(..) => E::UnexpectedCharacter,
        };
        self.err(code);
    }

    /// "A node in the stack of open elements that is not either a dd element, a dt element,
    /// ..., the body element, or the html element" (spec: #parsing-main-inbody, the end-of-file
    /// token and the `body` and `html` end tags): counted from the per-tag index, so the check
    /// never walks the stack.
    fn has_unclosed_elements(&self) -> bool {
        use Tag::*;
        let closable: usize =
            [Dd, Dt, Li, Optgroup, Option, P, Rb, Rp, Rt, Rtc, Tbody, Td, Tfoot, Th, Thead, Tr, Body, Html]
                .iter()
                .map(|&t| self.stack.count_tag(t))
                .sum();
        closable < self.stack.len()
    }

    /// A builder for the HTML fragment parsing algorithm (spec: #html-fragment-parsing-algorithm,
    /// steps 4 to 20): returns the builder, the tokenizer state to start in (step 11), and the
    /// handle of the document fragment the result goes into.
    pub(crate) fn fragment(
        sink: S,
        options: TreeOptions,
        context: &QualName,
        context_attrs: &[Attr],
        quirks: QuirksMode,
    ) -> (Self, Option<State>, S::Handle) {
        let mut b = TreeBuilder::new(sink, options);
        // Steps 1, 9 and 10.
        b.set_scripting_mode(options.fragment_mode());
        // Steps 6-7.
        b.quirks = quirks;
        b.sink.set_quirks_mode(quirks);
        let ns = match context.ns {
            Namespace::Svg => Ns::Svg,
            Namespace::MathMl => Ns::MathMl,
            _ => Ns::Html,
        };
        let ctx_tag = Tag::from_name(&context.local);
        // Step 11.
        let state = if ns == Ns::Html {
            match ctx_tag {
                Tag::Title | Tag::Textarea => Some(State::RcdataState),
                Tag::Style | Tag::Xmp | Tag::Iframe | Tag::Noembed | Tag::Noframes => Some(State::RawtextState),
                Tag::Script => Some(State::ScriptDataState),
                Tag::Noscript if b.scripting.scripting_enabled() => Some(State::RawtextState),
                Tag::Plaintext => Some(State::PlaintextState),
                _ => None,
            }
        } else {
            None
        };
        // Steps 12-14.
        let root = b.create_elem(Ns::Html, Tag::Html, "html", Attrs::owned(&[]), false);
        let root_h = b.stack.rec(root).handle.clone();
        b.sink.insert(&Location::Append(b.doc.clone()), root_h);
        b.stack.push(root);
        // Steps 15-16.
        let frag = b.sink.create_document_fragment();
        // The context element: created detached, never inserted.
        let html_ip = ns == Ns::MathMl
            && ctx_tag == Tag::AnnotationXml
            && context_attrs.iter().any(|a| {
                a.name.ns == Namespace::None
                    && a.name.local == "encoding"
                    && (a.value.eq_ignore_ascii_case("text/html")
                        || a.value.eq_ignore_ascii_case("application/xhtml+xml"))
            });
        let ctx = b.create_elem(ns, ctx_tag, &context.local, Attrs::owned(context_attrs), html_ip);
        b.fragment = Some(FragmentCtx { context: ctx, root_target: frag.clone() });
        // Step 17.
        if ns == Ns::Html && ctx_tag == Tag::Template {
            b.template_modes.push(Mode::InTemplate);
        }
        // Step 19.
        b.reset_insertion_mode();
        // Step 20: the context has no ancestors here; it may be a form itself.
        if ns == Ns::Html && ctx_tag == Tag::Form {
            b.form = Some(ctx);
        }
        (b, state, frag)
    }

    /// Parse in this scripting mode from here on, and tell the sink.
    fn set_scripting_mode(&mut self, mode: ScriptingMode) {
        self.scripting = mode;
        self.sink.set_scripting_mode(mode);
    }

    /// The parser scripting mode (spec: #parser-scripting-mode).
    pub fn scripting_mode(&self) -> ScriptingMode {
        self.scripting
    }

    /// The tree sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The tree sink, to change what it keeps on the side (the bytes entry points' offsets).
    pub(crate) fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Finish: the tree sink with the tree in it.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// The document's mode, as the DOCTYPE set it.
    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks
    }

    // ----- elements and the stack -----

    fn create_elem(&mut self, ns: Ns, tag: Tag, name: &str, attrs: Attrs<'_>, html_integration: bool) -> ElemId {
        Self::create_in(&mut self.sink, &mut self.stack, &mut self.free, None, ns, tag, name, attrs, html_integration)
    }

    /// A new HTML element for the token of a formatting-list entry, with its attributes.
    fn create_from_afe(&mut self, tag: Tag, attrs: AttrRange) -> ElemId {
        self.without_markup(|b| {
            let attrs = b.afe.attrs(attrs);
            Self::create_in(&mut b.sink, &mut b.stack, &mut b.free, None, Ns::Html, tag, tag.name(), attrs, false)
        })
    }

    /// Run `f` with the sink told that what it creates has no markup of its own (an empty
    /// source span at the current token's start).
    pub(super) fn without_markup<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        if !self.sources {
            return f(self);
        }
        let outer = self.source_hint;
        self.set_source(Span::new(outer.start, outer.start));
        let r = f(self);
        self.set_source(outer);
        r
    }

    /// Tell the sink where the next nodes come from.
    pub(super) fn set_source(&mut self, span: Span) {
        self.source_hint = span;
        self.sink.source_span(span);
    }

    /// Create an element in the sink and its record here (the fields it needs, borrowed
    /// apart from the list of active formatting elements, whose arena `attrs` may be in);
    /// with `at`, the sink also inserts it there, in the same call. In line: its arguments
    /// cost more to pass than most of its work.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn create_in(
        sink: &mut S,
        stack: &mut Stack<S::Handle>,
        free: &mut Vec<ElemId>,
        at: Option<&Location<S::Handle>>,
        ns: Ns,
        tag: Tag,
        name: &str,
        attrs: Attrs<'_>,
        html_integration: bool,
    ) -> ElemId {
        let local = if tag != Tag::Other { tag.name() } else { name };
        let qname = QualNameRef::new(ns_ref(ns), local);
        let known = (tag != Tag::Other).then(|| KnownName((ns as usize * TAG_COUNT + tag as usize) as u16));
        let handle = match (at, known) {
            (Some(at), known) => sink.create_and_insert_element(at, known, qname, attrs),
            (None, Some(known)) => sink.create_known_element(known, qname, attrs),
            (None, None) => sink.create_element(qname, attrs),
        };
        let atom = match ns {
            Ns::Html if tag == Tag::Other => stack.atoms.intern(name),
            Ns::Html => 0,
            _ => stack.atoms.intern(&lower(local)),
        };
        let rec = ElemRec {
            handle,
            ns,
            tag,
            atom,
            kinds: kinds(&ns_of(ns), tag),
            html_integration,
            stack_pos: NOT_ON_STACK,
            in_afe: false,
        };
        if let Some(id) = free.pop() {
            *stack.rec_mut(id) = rec;
            return id;
        }
        let id = stack.elems.len() as ElemId;
        stack.elems.push(rec);
        id
    }

    fn handle(&self, id: ElemId) -> S::Handle {
        self.stack.rec(id).handle.clone()
    }

    fn current(&self) -> Option<&ElemRec<S::Handle>> {
        self.stack.current().map(|id| self.stack.rec(id))
    }

    fn current_is(&self, tag: Tag) -> bool {
        self.current().is_some_and(|r| r.is_html(tag))
    }

    fn current_is_any(&self, tags: &[Tag]) -> bool {
        self.current().is_some_and(|r| r.ns == Ns::Html && tags.contains(&r.tag))
    }

    /// spec: #adjusted-current-node
    fn adjusted_current(&self) -> Option<&ElemRec<S::Handle>> {
        if let Some(f) = &self.fragment
            && self.stack.len() == 1
        {
            return Some(self.stack.rec(f.context));
        }
        self.current()
    }

    fn pop(&mut self) -> Option<ElemId> {
        let id = self.stack.pop()?;
        if !self.patches.is_empty() && self.stack.rec(id).is_html(Tag::Template) {
            // A template popped without its end tag (end of file) keeps its markers (spec:
            // #parsing-main-intemplate, EOF), but nothing is inserted through it any more.
            self.patches.retain(|p| p.template != id);
        }
        if !self.selects.is_empty() {
            self.select_popped(id);
        }
        // Popped, and named by no list or pointer: the record can be reused. (Elements that
        // leave the stack any other way are simply not recycled.)
        let r = self.stack.rec(id);
        if !r.in_afe
            && self.head != Some(id)
            && self.form != Some(id)
            && self.fragment.as_ref().is_none_or(|f| f.context != id)
        {
            self.free.push(id);
        }
        Some(id)
    }

    /// Pop until an HTML element with this tag has been popped.
    fn pop_until(&mut self, tag: Tag) {
        while let Some(id) = self.pop() {
            if self.stack.rec(id).is_html(tag) {
                break;
            }
        }
    }

    fn pop_until_any(&mut self, tags: &[Tag]) {
        while let Some(id) = self.pop() {
            let r = self.stack.rec(id);
            if r.ns == Ns::Html && tags.contains(&r.tag) {
                break;
            }
        }
    }

    /// Pop until the stack has `len` entries.
    fn pop_to_len(&mut self, len: usize) {
        while self.stack.len() > len {
            self.pop();
        }
    }

    fn template_on_stack(&self) -> bool {
        self.stack.contains_tag(Tag::Template)
    }

    /// spec: #generate-implied-end-tags, except for HTML elements named `except`.
    fn generate_implied_end_tags(&mut self, except: Option<&str>) {
        use Tag::*;
        while let Some(r) = self.current() {
            if r.ns != Ns::Html
                || !matches!(r.tag, Dd | Dt | Li | Optgroup | Option | P | Rb | Rp | Rt | Rtc)
                || except == Some(r.tag.name())
            {
                break;
            }
            self.pop();
        }
    }

    /// spec: #generate-all-implied-end-tags-thoroughly
    fn generate_all_implied_end_tags_thoroughly(&mut self) {
        use Tag::*;
        while self.current_is_any(&[
            Caption, Colgroup, Dd, Dt, Li, Optgroup, Option, P, Rb, Rp, Rt, Rtc, Tbody, Td, Tfoot, Th, Thead, Tr,
        ]) {
            self.pop();
        }
    }

    /// spec: #close-a-p-element
    fn close_p(&mut self) {
        self.generate_implied_end_tags(Some("p"));
        // Step 2.
        if !self.current_is(Tag::P) {
            self.err(E::ImplicitlyClosedElements);
        }
        self.pop_until(Tag::P);
    }

    fn close_p_if_in_button_scope(&mut self) {
        if self.stack.has_in_scope(Tag::P, kind::BUTTON) {
            self.close_p();
        }
    }

    // ----- insertion locations -----

    /// spec: #appropriate-place-for-inserting-a-node
    fn appropriate_place(&mut self, target: Target) -> Location<S::Handle> {
        let target = match target {
            Target::Document => return Location::Append(self.doc.clone()),
            Target::Current => match self.stack.current() {
                Some(id) => id,
                None => return Location::Append(self.doc.clone()),
            },
            Target::Elem(id) => id,
        };
        let t = self.stack.rec(target);
        use Tag::*;
        // Step 2.
        let loc_elem = if self.foster && t.ns == Ns::Html && matches!(t.tag, Table | Tbody | Tfoot | Thead | Tr) {
            let last_template = self.stack.last_tag(Template);
            let last_table = self.stack.last_tag(Table);
            match (last_template, last_table) {
                // Substep 3.
                (Some(tp), tb) if tb.is_none_or(|tb| tp > tb) => {
                    let h = self.handle(self.stack.at(tp));
                    return Location::Append(self.sink.template_contents(&h));
                }
                // Substep 4 (fragment case).
                (_, None) => self.stack.at(0),
                (_, Some(tb)) => {
                    let table = self.handle(self.stack.at(tb));
                    // Substep 5.
                    if let Some(parent) = self.sink.parent(&table) {
                        return Location::Before { parent, sibling: table };
                    }
                    // Substeps 6-7.
                    self.stack.at(tb.saturating_sub(1))
                }
            }
        } else {
            target
        };
        // Step 3: inside a template, insert into its insertion target or its contents.
        let h = self.handle(loc_elem);
        if self.stack.rec(loc_elem).is_html(Template) {
            if let Some(p) = self.patches.iter().rev().find(|p| p.template == loc_elem) {
                // Substep 3.3.1: before the end marker while it is still the target's child;
                // substep 3.3.2: else (removed or moved away) after the target's last child.
                return match &p.end {
                    Some(end) if self.sink.parent(end).as_ref() == Some(&p.target) => {
                        Location::Before { parent: p.target.clone(), sibling: end.clone() }
                    }
                    _ => Location::Append(p.target.clone()),
                };
            }
            // Substep 4.
            return Location::Append(self.sink.template_contents(&h));
        }
        Location::Append(h)
    }

    /// spec: #adjusted-insertion-location (compute the adjusted insertion location).
    #[inline(always)]
    fn adjusted_location(&mut self, target: Target) -> Location<S::Handle> {
        // The common case, for every node inserted outside tables and templates: with foster
        // parenting off, the target is the current node (#appropriate-place-for-inserting-a-node
        // step 2, "otherwise"), step 3 only applies to a template, and the adjustment of
        // #adjusted-insertion-location step 3 only to fragments.
        if let Target::Current = target
            && !self.foster
            && self.fragment.is_none()
            && let Some(id) = self.stack.current()
        {
            let r = self.stack.rec(id);
            if !r.is_html(Tag::Template) {
                return Location::Append(r.handle.clone());
            }
        }
        self.adjusted_location_steps(target)
    }

    /// [`adjusted_location`](Self::adjusted_location) by the spec's steps.
    #[inline(never)]
    fn adjusted_location_steps(&mut self, target: Target) -> Location<S::Handle> {
        let loc = self.appropriate_place(target);
        // Step 3.
        if let Some(f) = &self.fragment
            && !self.stack.is_empty()
            && *loc.parent() == self.stack.rec(self.stack.at(0)).handle
        {
            return Location::Append(f.root_target.clone());
        }
        loc
    }

    /// spec: #insert-an-element-at-the-adjusted-insertion-location
    fn insert_element_at(&mut self, loc: &Location<S::Handle>, id: ElemId) {
        // Step 2.
        if *loc.parent() == self.doc && self.sink.has_element_child(&self.doc) {
            return;
        }
        let h = self.handle(id);
        self.sink.insert(loc, h);
    }

    /// spec: #insert-a-foreign-element, with the attributes already converted.
    fn insert_foreign(&mut self, ns: Ns, t: &TagTok<'_>, attrs: Attrs<'_>) -> ElemId {
        let loc = self.adjusted_location(Target::Current);
        let html_ip = ns == Ns::MathMl
            && t.tag == Tag::AnnotationXml
            && t.attr("encoding").is_some_and(|v| {
                v.eq_ignore_ascii_case("text/html") || v.eq_ignore_ascii_case("application/xhtml+xml")
            });
        // Step 3's check (the Document takes one element child) only concerns the Document:
        // anywhere else the sink creates and inserts in one call.
        let at = (*loc.parent() != self.doc).then_some(&loc);
        // `without_markup` written out for a synthetic tag, so `create_in` is in line once.
        let unmarked = t.synthetic && self.sources;
        let outer = self.source_hint;
        if unmarked {
            self.set_source(Span::new(outer.start, outer.start));
        }
        let id =
            Self::create_in(&mut self.sink, &mut self.stack, &mut self.free, at, ns, t.tag, &t.name, attrs, html_ip);
        if unmarked {
            self.set_source(outer);
        }
        if at.is_none() {
            self.insert_element_at(&loc, id);
        }
        self.stack.push(id);
        id
    }

    /// spec: #insert-an-html-element
    fn insert_html(&mut self, t: &TagTok<'_>) -> ElemId {
        self.insert_foreign(Ns::Html, t, Attrs::token(&t.attrs))
    }

    /// Insert a void element: popped at once, its self-closing flag acknowledged.
    fn insert_html_void(&mut self, t: &TagTok<'_>) {
        self.insert_html(t);
        self.pop();
        self.unacknowledged = false;
    }

    /// spec: #insert-a-character
    fn insert_text(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        let loc = self.adjusted_location(Target::Current);
        if *loc.parent() == self.doc {
            return;
        }
        self.sink.insert_text(&loc, s);
    }

    /// spec: #insert-a-comment
    fn insert_comment(&mut self, data: &str, target: Target) {
        let loc = self.adjusted_location(target);
        let c = self.sink.create_comment(data);
        self.sink.insert(&loc, c);
    }

    /// spec: #insert-a-processing-instruction
    fn insert_pi(&mut self, target_name: &str, data: &str, target: Target) {
        let loc = self.adjusted_location(target);
        let n = self.sink.create_processing_instruction(target_name, data);
        if matches!(target_name, "marker" | "start")
            && let Some(name) = patching::pi_attribute(data, "name")
        {
            self.markers.entry(name).or_default().push(n.clone());
        }
        self.sink.insert(&loc, n);
    }

    /// spec: #generic-raw-text-element-parsing-algorithm and #generic-rcdata-element-parsing-algorithm
    fn generic_text(&mut self, t: &TagTok<'_>, state: State) {
        self.insert_html(t);
        self.switch_to = Some(state);
        self.original_mode = self.mode;
        self.mode = Mode::Text;
    }

    // ----- the list of active formatting elements -----

    fn push_formatting(&mut self, id: ElemId, t: &TagTok<'_>) {
        self.stack.rec_mut(id).in_afe = true;
        if let Some(old) = self.afe.push(id, t.tag, Attrs::token(&t.attrs)) {
            self.stack.rec_mut(old).in_afe = false;
        }
    }

    fn afe_remove_at(&mut self, index: usize) {
        if let Some(id) = self.afe.remove_at(index) {
            self.stack.rec_mut(id).in_afe = false;
        }
    }

    fn clear_afe_to_marker(&mut self) {
        let elems = &mut self.stack.elems;
        self.afe.clear_to_last_marker(|id| elems[id as usize].in_afe = false);
    }

    /// spec: #reconstruct-the-active-formatting-elements. Steps 1-2 in line: most calls (before
    /// every character run and most start tags in body) stop there.
    #[inline(always)]
    fn reconstruct_formatting(&mut self) {
        // Steps 1-2.
        let needs = match self.afe.items.last() {
            None | Some(Item::Marker) => false,
            Some(Item::Elem(e)) => !self.stack.on_stack(e.id),
        };
        if needs {
            self.reconstruct_formatting_steps();
        }
    }

    /// [`reconstruct_formatting`](Self::reconstruct_formatting) from step 3.
    #[inline(never)]
    fn reconstruct_formatting_steps(&mut self) {
        let len = self.afe.items.len();
        // Steps 3-6 (rewind).
        let mut i = len - 1;
        while i > 0 {
            match &self.afe.items[i - 1] {
                Item::Elem(e) if !self.stack.on_stack(e.id) => i -= 1,
                _ => break,
            }
        }
        // Steps 7-10 (advance, create).
        for j in i..len {
            let Some(e) = self.afe.entry(j) else { continue };
            let (tag, attrs) = (e.tag, e.attrs);
            let old = e.id;
            let loc = self.adjusted_location(Target::Current);
            let id = self.create_from_afe(tag, attrs);
            self.insert_element_at(&loc, id);
            self.stack.push(id);
            self.afe.set_id(j, id);
            self.stack.rec_mut(old).in_afe = false;
            self.stack.rec_mut(id).in_afe = true;
        }
    }

    /// spec: #adoption-agency-algorithm. Returns false when the caller is to act as for "any
    /// other end tag". In line: the common case, a formatting element closed while it is the
    /// current node and the list's last entry (`<code>x</code>`, `<a href>x</a>`): steps
    /// 4.3-4.8 find it as the formatting element, in scope, with no furthest block, so it is
    /// popped and its entry removed.
    #[inline(always)]
    fn adoption_agency(&mut self, t: &TagTok<'_>) -> bool {
        if let Some(cur) = self.stack.current()
            && self.stack.rec(cur).is_html(t.tag)
            && let Some(Item::Elem(e)) = self.afe.items.last()
            && e.id == cur
        {
            self.afe_remove_at(self.afe.items.len() - 1);
            self.pop();
            return true;
        }
        self.adoption_agency_steps(t)
    }

    /// [`adoption_agency`](Self::adoption_agency) by the spec's steps.
    #[inline(never)]
    fn adoption_agency_steps(&mut self, t: &TagTok<'_>) -> bool {
        let subject = t.tag;
        // Step 2.
        if let Some(cur) = self.stack.current() {
            let r = self.stack.rec(cur);
            if r.is_html(subject) && !r.in_afe {
                self.pop();
                return true;
            }
            // Steps 4.3-4.8 when the formatting element is the current node (`<b>x</b>`):
            // it is in scope and nothing can be above it, so there is no furthest block; pop
            // it and remove its entry.
            if r.is_html(subject)
                && let Some((i, fe)) = self.afe.last_with_tag(subject)
                && fe == cur
            {
                self.afe_remove_at(i);
                self.pop();
                return true;
            }
        }
        // Steps 3-4.
        for _outer in 0..8 {
            // Step 4.3.
            let Some((fe_index, fe)) = self.afe.last_with_tag(subject) else { return false };
            // Step 4.4.
            if !self.stack.on_stack(fe) {
                self.err(E::MisnestedFormattingElement);
                self.afe_remove_at(fe_index);
                return true;
            }
            let fe_pos = self.stack.rec(fe).stack_pos as usize;
            // Step 4.5.
            if !self.stack.pos_in_scope(Some(fe_pos), kind::SCOPE) {
                self.err(E::MisnestedFormattingElement);
                return true;
            }
            // Step 4.6.
            if self.stack.current() != Some(fe) {
                self.err(E::MisnestedFormattingElement);
            }
            // Step 4.7.
            let Some(fb_pos) = self.stack.first_kind_above(kind::SPECIAL, fe_pos) else {
                // Step 4.8.
                self.pop_to_len(fe_pos);
                if let Some(i) = self.afe.index_of(fe) {
                    self.afe_remove_at(i);
                }
                return true;
            };
            let furthest_block = self.stack.at(fb_pos);
            // Step 4.9.
            let common_ancestor = self.stack.at(fe_pos.saturating_sub(1));
            // Step 4.10: the bookmark is "where fe is" until it moves after a new element.
            let mut bookmark_after: Option<ElemId> = None;
            // Steps 4.11-4.13 work on a copy of the stack between fe and the furthest block;
            // the stack itself is edited once, at step 4.24.
            let mut section: Vec<ElemId> = (fe_pos..=fb_pos).map(|p| self.stack.at(p)).collect();
            let mut node_i = section.len() - 1;
            let mut last_node = furthest_block;
            let mut inner = 0;
            loop {
                inner += 1;
                // Step 4.13.2.
                if node_i == 0 {
                    break;
                }
                node_i -= 1;
                let node = section[node_i];
                // Step 4.13.3.
                if node == fe {
                    break;
                }
                // Step 4.13.4.
                if inner > 3
                    && self.stack.rec(node).in_afe
                    && let Some(i) = self.afe.index_of(node)
                {
                    self.afe_remove_at(i);
                }
                // Step 4.13.5.
                if !self.stack.rec(node).in_afe {
                    section.remove(node_i);
                    continue;
                }
                // Step 4.13.6.
                let Some(ai) = self.afe.index_of(node) else { continue };
                let (tag, attrs) = match self.afe.entry(ai) {
                    Some(e) => (e.tag, e.attrs),
                    None => continue,
                };
                let new = self.create_from_afe(tag, attrs);
                self.afe.set_id(ai, new);
                self.stack.rec_mut(node).in_afe = false;
                self.stack.rec_mut(new).in_afe = true;
                section[node_i] = new;
                // Step 4.13.7.
                if last_node == furthest_block {
                    bookmark_after = Some(new);
                }
                // Step 4.13.8.
                let (nh, lh) = (self.handle(new), self.handle(last_node));
                self.sink.remove(&lh);
                self.sink.insert(&Location::Append(nh), lh);
                // Step 4.13.9.
                last_node = new;
            }
            // Steps 4.14-4.17.
            let loc = self.adjusted_location(Target::Elem(common_ancestor));
            let target = loc.parent().clone();
            let lh = self.handle(last_node);
            // Step 4.18.
            if self.sink.parent(&lh).is_some() {
                self.sink.remove(&lh);
            }
            // Step 4.19. Its first condition holds after step 4.18 and its last by
            // construction (`refNode` is the table, `target` the parent the sink gave for it).
            // The second, "lastNode is not a host-including inclusive ancestor of target",
            // holds too, and is not asked of the sink (a walk up from `target`, as deep as the
            // tree: quadratic on `<a><div>` repeated, issue 22): the builder keeps the
            // invariant that no element on the stack is a host-including descendant of an
            // element above it (every element is created fresh and pushed once inserted at or
            // beside the current node, or before a table below it; popping and removing keep
            // it; steps 4.13.8 and 4.20-4.24 move only subtrees of elements at or above
            // `fe_pos`, and put the new element above the furthest block, its parent). The
            // elements of lastNode's subtree that are on the stack are all at or above
            // `fe_pos`; `target` is commonAncestor (below `fe_pos`), its template contents, or
            // a table's parent or the element below it, with the table below `fe_pos`: never
            // inside lastNode's subtree. `every_insertion_is_valid` (tests/tree_linear.rs)
            // checks every insertion of the suites and of tag soup against the sink's tree.
            if target != self.doc || !self.sink.has_element_child(&self.doc) {
                self.sink.insert(&loc, lh);
            }
            // Step 4.20.
            let (fe_tag, fe_attrs) = match self.afe.index_of(fe).and_then(|i| self.afe.entry(i)) {
                Some(e) => (e.tag, e.attrs),
                None => (subject, AttrRange::default()),
            };
            let new = self.create_from_afe(fe_tag, fe_attrs);
            let (newh, fbh) = (self.handle(new), self.handle(furthest_block));
            // Steps 4.21-4.22.
            self.sink.move_children(&fbh, &newh);
            self.sink.insert(&Location::Append(fbh), newh);
            // Step 4.23.
            if let Some(fi) = self.afe.index_of(fe) {
                self.afe_remove_at(fi);
                let at = match bookmark_after.and_then(|b| self.afe.index_of(b)) {
                    Some(b) => b + 1,
                    None => fi,
                };
                self.afe.insert_at(at, new, fe_tag, fe_attrs);
                self.stack.rec_mut(new).in_afe = true;
            }
            // Step 4.24, and the removals and replacements of step 4.13: in place when step
            // 4.13 removed nothing and the stack above the furthest block is long (it then
            // stays where it is; a short one costs less to index again than to mend).
            if self.stack.len() > fb_pos + 16 {
                let mut range: Vec<ElemId> = section.iter().copied().filter(|&id| id != fe).collect();
                range.push(new);
                if range.len() == fb_pos + 1 - fe_pos && self.stack.replace_range(fe_pos, &range) {
                    continue;
                }
            }
            let section_ids = section;
            self.stack.edit_from(fe_pos, move |ids, elems| {
                let above: Vec<ElemId> = ids.split_off(fb_pos + 1);
                ids.truncate(fe_pos);
                for &id in &section_ids {
                    if id != fe {
                        ids.push(id);
                    }
                }
                ids.push(new);
                ids.extend(above);
                let _ = elems;
            });
            // Elements dropped from the section are no longer on the stack.
        }
        true
    }

    // ----- the dispatcher -----

    /// spec: #tree-construction-dispatcher: whether the token goes to the insertion mode
    /// (true) or to the rules for foreign content.
    fn html_rules(&self, t: &Tok<'_, '_>) -> bool {
        let Some(acn) = self.adjusted_current() else { return true };
        if acn.ns == Ns::Html {
            return true;
        }
        let mathml_text_ip =
            acn.ns == Ns::MathMl && matches!(acn.tag, Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext);
        let html_ip = acn.html_integration
            || (acn.ns == Ns::Svg && matches!(acn.tag, Tag::ForeignObject | Tag::Desc | Tag::Title));
        match t {
            Tok::Start(s) => {
                (mathml_text_ip && !matches!(s.tag, Tag::Mglyph | Tag::Malignmark))
                    || (acn.ns == Ns::MathMl && acn.tag == Tag::AnnotationXml && s.tag == Tag::Svg)
                    || html_ip
            }
            Tok::Chars(_) => mathml_text_ip || html_ip,
            Tok::Eof => true,
            _ => false,
        }
    }

    /// Whether a token goes straight to the "in body" rules: the common case, which then skips
    /// the dispatcher. It is what the dispatcher would decide: the insertion mode is "in body"
    /// and the adjusted current node is an HTML element (no fragment context stands in for it).
    #[inline]
    fn in_body_html(&self) -> bool {
        self.mode == Mode::InBody
            && !self.done
            && self.stack.len() > 1
            && self.current().is_some_and(|r| r.ns == Ns::Html)
    }

    fn dispatch(&mut self, mut t: Tok<'_, '_>) {
        loop {
            let flow = if self.html_rules(&t) {
                self.step(self.mode, &mut t)
            } else {
                match self.foreign(&mut t) {
                    None => Done,
                    // "Process the token according to the rules given in the section
                    // corresponding to the current insertion mode in HTML content."
                    Some(()) => self.step(self.mode, &mut t),
                }
            };
            if flow == Done || self.done {
                return;
            }
        }
    }

    fn step(&mut self, mode: Mode, t: &mut Tok<'_, '_>) -> Flow {
        match mode {
            Mode::Initial => self.initial(t),
            Mode::BeforeHtml => self.before_html(t),
            Mode::BeforeHead => self.before_head(t),
            Mode::InHead => self.in_head(t),
            Mode::InHeadNoscript => self.in_head_noscript(t),
            Mode::AfterHead => self.after_head(t),
            Mode::InBody => self.in_body(t),
            Mode::Text => self.text(t),
            Mode::InTable => self.in_table(t),
            Mode::InTableText => self.in_table_text(t),
            Mode::InCaption => self.in_caption(t),
            Mode::InColumnGroup => self.in_column_group(t),
            Mode::InTableBody => self.in_table_body(t),
            Mode::InRow => self.in_row(t),
            Mode::InCell => self.in_cell(t),
            Mode::InTemplate => self.in_template(t),
            Mode::AfterBody => self.after_body(t),
            Mode::InFrameset => self.in_frameset(t),
            Mode::AfterFrameset => self.after_frameset(t),
            Mode::AfterAfterBody => self.after_after_body(t),
            Mode::AfterAfterFrameset => self.after_after_frameset(t),
        }
    }

    /// spec: #stop-parsing, and #the-end step 4: pop all the nodes.
    fn stop_parsing(&mut self) -> Flow {
        self.pop_to_len(0);
        self.done = true;
        Done
    }

    /// spec: #reset-the-insertion-mode-appropriately. The index gives the topmost element
    /// the loop would stop at; everything above it is passed over by the spec's steps.
    fn reset_insertion_mode(&mut self) {
        let found = self.stack.last_kind(kind::RESET).filter(|&p| p > 0);
        let (rec, last) = match found {
            Some(p) => (self.stack.rec(self.stack.at(p)), false),
            None => match &self.fragment {
                // Step 3.
                Some(f) => (self.stack.rec(f.context), true),
                None if self.stack.is_empty() => {
                    self.mode = Mode::InBody;
                    return;
                }
                None => (self.stack.rec(self.stack.at(0)), true),
            },
        };
        use Tag::*;
        let tag = if rec.ns == Ns::Html { rec.tag } else { Other };
        self.mode = match tag {
            Td | Th if !last => Mode::InCell,
            Tr => Mode::InRow,
            Tbody | Thead | Tfoot => Mode::InTableBody,
            Caption => Mode::InCaption,
            Colgroup => Mode::InColumnGroup,
            Table => Mode::InTable,
            Template => *self.template_modes.last().unwrap_or(&Mode::InBody),
            Head if !last => Mode::InHead,
            Body => Mode::InBody,
            Frameset => Mode::InFrameset,
            Html if self.head.is_none() => Mode::BeforeHead,
            Html => Mode::AfterHead,
            _ => Mode::InBody,
        };
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Keep a tag's attribute list, emptied, for [`Sink::spare_attributes`]. An empty list
    /// borrows nothing: collecting its iterator into a list of `'static` attributes reuses the
    /// allocation (std collects a `Vec`'s own iterator in place when the element layout is the
    /// same, and `Attribute<'i>` and `Attribute<'static>` are one type to the layout), so the
    /// builder keeps it without a lifetime of its own and without `unsafe`. The closure never
    /// runs: the list is empty.
    #[inline(always)]
    fn recycle(&mut self, attrs: Vec<Attribute<'_>>) {
        // Most tags (end tags, and start tags after the list was taken) have no allocation
        // to keep: nothing to drop, and no call.
        if attrs.capacity() > self.spare.capacity() {
            self.recycle_list(attrs);
        }
    }

    fn recycle_list(&mut self, mut attrs: Vec<Attribute<'_>>) {
        attrs.clear();
        self.spare = attrs
            .into_iter()
            .map(|a| Attribute { name: a.name.into_owned().into(), value: a.value.into_owned().into() })
            .collect();
    }

    /// A character token run: "in body" directly in the common case, else the dispatcher.
    /// `ignore_lf`: the token follows a `pre`, `listing` or `textarea` start tag.
    #[inline(always)]
    fn chars(&mut self, c: &str, ignore_lf: bool) {
        if self.errors.is_some() {
            self.run = Some((c.as_ptr() as usize, c.len()));
        }
        let mut s = c;
        if ignore_lf && s.starts_with('\n') {
            s = &s[1..];
        }
        if s.is_empty() {
        } else if self.in_body_html() {
            self.in_body_chars(s);
        } else {
            self.dispatch(Tok::Chars(s));
        }
    }

    /// spec: #acknowledge-self-closing-flag: a start tag's self-closing flag that no rule
    /// acknowledged is the spec's own `non-void-html-element-start-tag-with-trailing-solidus`.
    #[cold]
    fn unacknowledged_error(&mut self, span: Span) {
        if let Some(v) = &mut self.errors {
            let position = Position { offset: span.start, line: 0, column: 0 };
            let code = ErrorCode::Spec(ParseError::NonVoidHtmlElementStartTagWithTrailingSolidus);
            v.push(HtmlError { code, position });
        }
    }
}

// ----- the tokenizer's sink -----

impl<'i, S: TreeSink> Sink<'i> for TreeBuilder<S> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        if self.done {
            return Control::Continue;
        }
        self.span = span;
        if self.sources {
            self.set_source(span);
        }
        let ignore_lf = std::mem::take(&mut self.ignore_lf);
        match token {
            Token::Characters(c) => self.chars(&c, ignore_lf),
            Token::StartTag(t) => {
                let mut t = TagTok::new(t);
                // Only tags with the flag pay for its bookkeeping.
                let self_closing = t.self_closing;
                if self_closing {
                    self.unacknowledged = true;
                }
                if !self.in_body_html() || (self.in_body_start(&mut t) == Again && !self.done) {
                    self.dispatch(Tok::Start(&mut t));
                }
                if self_closing && std::mem::take(&mut self.unacknowledged) {
                    self.unacknowledged_error(span);
                }
                self.recycle(t.attrs);
            }
            Token::EndTag(t) => {
                let mut t = TagTok::new(t);
                if !self.in_body_html() || (self.in_body_end(&mut t) == Again && !self.done) {
                    self.dispatch(Tok::End(&mut t));
                }
                self.recycle(t.attrs);
            }
            Token::Comment(c) => self.dispatch(Tok::Comment(&c)),
            Token::ProcessingInstruction(p) => self.dispatch(Tok::Pi(&p.target, &p.data)),
            Token::Doctype(d) => self.dispatch(Tok::Doctype(&d)),
            Token::Eof => {
                self.dispatch(Tok::Eof);
                if !self.done {
                    self.stop_parsing();
                }
                // Errors inside a token arrive before the token's own: put them in input order.
                if let Some(v) = &mut self.errors {
                    v.sort_by_key(|e| e.position.offset);
                }
            }
        }
        match self.switch_to.take() {
            Some(s) => Control::SwitchTo(s),
            None => Control::Continue,
        }
    }

    /// A run straight from the tokenizer, as [`token`](Sink::token) would take it, without a
    /// `Token` built and matched. No state switch follows character tokens (only start tags
    /// set `switch_to`), so there is nothing to answer.
    #[inline]
    fn characters(&mut self, text: Cow<'i, str>, span: Span) {
        if self.done {
            return;
        }
        self.span = span;
        if self.sources {
            self.set_source(span);
        }
        let ignore_lf = std::mem::take(&mut self.ignore_lf);
        self.chars(&text, ignore_lf);
    }

    fn error(&mut self, error: Error) {
        if let Some(v) = &mut self.errors {
            v.push(error.into());
        }
    }

    fn wants_errors(&self) -> bool {
        self.errors.is_some()
    }

    fn spare_attributes(&mut self) -> Option<Vec<Attribute<'i>>> {
        (self.spare.capacity() != 0).then(|| std::mem::take(&mut self.spare))
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.adjusted_current().is_some_and(|r| r.ns != Ns::Html)
    }

    /// The tree builder answers every start tag with the switch it needs.
    fn switches_states(&self) -> bool {
        true
    }
}

mod modes;
mod patching;
mod quirks;
mod rules;
mod selectedcontent;

pub use rules::TreeRule;
