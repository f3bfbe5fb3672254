//! The tree builder (spec: #tree-construction), over any [`TreeSink`]: its state (the
//! insertion mode, the stack of open elements, the list of active formatting elements, the
//! element pointers, fragment parsing's context), construction, the accessors and the parse
//! error reporting. It is the tokenizer's [`Sink`]: the narrow interface back is the returned
//! [`Control`] (state switches after start tags) and `adjusted_current_node_is_foreign` (CDATA
//! sections). With [`TreeBuilder::with_errors`] it also collects parse errors: the tokenizer's
//! (it is their sink) and its own, each at the start of the token that caused it.
//!
//! The spec's algorithms are in `builder/`, one each: the dispatcher and the `Sink` impl
//! (`dispatch.rs`), creating and inserting nodes (`insert.rs`), the stack of open elements
//! (`open_elements.rs`), the list of active formatting elements (`formatting.rs`), the adoption
//! agency (`adoption.rs`), resetting the insertion mode (`reset_mode.rs`), elements that
//! contain only text (`text_only.rs`), the insertion modes and foreign content (`modes/`),
//! and the options (`options.rs`).

use super::afe::{Afe, AttrRange, Item, Pairs};
use super::errors::{ErrorCode, HtmlError, TreeErrorCode as E};
use super::stack::{ElemId, ElemRec, NOT_ON_STACK, Ns, Stack, lower};
use super::tags::{TAG_COUNT, Tag, foreign_attribute, kind, kinds, svg_attribute_name, svg_tag_name};
use crate::generated::html_tokenizer::{ParseError, State};
use crate::html::token::{Attribute, Control, Doctype, Error, Sink, Token};
use crate::position::LineCounter;
use crate::tree_interface::{Attr, Attrs, Namespace, QualName, QualNameRef, QuirksMode};
use crate::tree_interface::{KnownName, Location, ScriptFlags, ScriptingMode, TreeSink};
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
    fn new(t: crate::html::token::Tag<'i>) -> Self {
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
    /// [`TreeOptions::amplification_limit`].
    amplification_limit: Option<u32>,
    /// The bytes of markup the elements made again from the list of active formatting elements
    /// stand for so far (checked against `amplification_limit`).
    amplified: usize,
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
        let in_sink = sink.keeps_attributes();
        sink.set_scripting_mode(options.document_mode());
        TreeBuilder {
            sink,
            doc,
            mode: Mode::Initial,
            original_mode: Mode::Initial,
            template_modes: Vec::new(),
            stack: Stack::new(),
            afe: Afe::new(in_sink),
            head: None,
            form: None,
            frameset_ok: true,
            foster: false,
            scripting: options.document_mode(),
            patches: Vec::new(),
            markers: std::collections::HashMap::new(),
            select_content: options.selectedcontent,
            amplification_limit: options.amplification_limit,
            amplified: 0,
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

    /// With the `trace` feature: take the rules recorded so far, in order, leaving the record
    /// empty with its allocation kept, for a consumer that reads them token by token (after
    /// each token the builder takes, the rules that token took) and so keeps memory bounded on
    /// any input (`statemark explain`).
    ///
    /// ```
    /// use statemark::dom::Dom;
    /// use statemark::Span;
    /// use statemark::html::tree::{TreeBuilder, TreeRule};
    /// use statemark::html::{Sink, Token, TreeOptions};
    ///
    /// let mut b = TreeBuilder::new(Dom::new(), TreeOptions::default()).with_rule_trace();
    /// let _ = b.token(Token::Comment("x".into()), Span::new(0, 8));
    /// assert_eq!(b.drain_rule_trace().collect::<Vec<_>>(), [TreeRule::InitialComment]);
    /// assert!(b.rule_trace().is_empty());
    /// ```
    #[cfg(feature = "trace")]
    pub fn drain_rule_trace(&mut self) -> impl Iterator<Item = TreeRule> + '_ {
        self.rule_trace.iter_mut().flat_map(|v| v.drain(..))
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

    /// The earliest offset an error still to come can be at: the token being processed, or the
    /// pending table character tokens (whose error comes when they end). For a consumer that
    /// resolves errors as the input streams by and drops the text before it.
    pub(crate) fn errors_from(&self) -> usize {
        if self.pending_text.is_empty() { self.span.start } else { self.span.start.min(self.pending_at) }
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
}

mod adoption;
mod dispatch;
mod formatting;
mod insert;
mod modes;
mod open_elements;
mod options;
mod patching;
mod quirks;
mod reset_mode;
mod rules;
mod selectedcontent;
mod text_only;

pub use options::{AMPLIFICATION_FLOOR, DEFAULT_AMPLIFICATION_LIMIT, TreeOptions};
pub use rules::TreeRule;
