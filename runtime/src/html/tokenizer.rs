//! The HTML machine's own code: the generated states (`crate::generated::html_tokenizer`) run
//! on the shared [driver](crate::driver); this file adds what is HTML's own: its options, the
//! last start tag and the guards that read it (appropriate end tag, character reference in an
//! attribute), the end tag errors of "emit the current tag token", the tree builder's feedback
//! ([`Control`]), and its constructors. The two algorithmic states are in `char_ref.rs`.

use super::token::{Control, Sink, Token};
use crate::Position;
use crate::Span;
use crate::core::{SinkFacts, TagKind};
use crate::driver::{Drive, Feedback, Machine};
use crate::generated::html_tokenizer::{Html, ParseError, State};
use crate::position::LineCounter;
use crate::token::{LastStartTag, Tag};
use std::borrow::Cow;

/// Tokenizer options: what a tree builder or a test sets.
///
/// The default is what the spec does for a document: the states switch after start tags as a
/// tree builder would ([`switching`](Self::switching) on), so `<script>a<b</script>` gives the
/// text `a<b`, not a tag. For states exactly as given (html5lib's tokenizer tests, a sink that
/// drives the states itself), ask for [`Options::without_switching`].
///
/// ```
/// use statemark::html::{Options, Token, Tokenizer};
///
/// let texts = |options| -> Vec<Token<'static>> {
///     Tokenizer::with_options("<script>a<b>c</script>", options).map(Token::into_owned).collect()
/// };
/// // As in a document: the script's text is text.
/// assert_eq!(texts(Options::default())[1], Token::Characters("a<b>c".into()));
/// // The data state throughout, as the tokenizer alone would go.
/// assert!(matches!(&texts(Options::without_switching())[2], Token::StartTag(t) if t.name == "b"));
/// ```
#[derive(Clone, Debug)]
pub struct Options {
    /// The state to start in (html5lib-tests' `initialStates`); default: the data state.
    pub initial_state: Option<State>,
    /// "The tag name of the last start tag to have been emitted from this tokenizer"
    /// (html5lib-tests' `lastStartTag`).
    pub last_start_tag: Option<String>,
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
    /// Switch states after start tags as a tree builder would (`<script>` to script data,
    /// `<title>` to RCDATA, ...) and recognize CDATA sections in foreign content, without one:
    /// see [`StateTracker`](super::StateTracker). On by default. A sink that makes these
    /// switches itself says so ([`Sink::switches_states`], as the tree builder does), and then
    /// the tokenizer leaves them to it; a switch a sink asks for always wins. Off
    /// ([`Options::without_switching`]): the states change only as the tokenizer's own rules
    /// and the sink's [`Control`] say (html5lib's tokenizer tests).
    pub switching: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { initial_state: None, last_start_tag: None, errors: false, switching: true }
    }
}

impl Options {
    /// No switching after start tags ([`switching`](Self::switching) off): the states change
    /// only by the tokenizer's own rules and the sink's [`Control`] answers. For tests of the
    /// tokenizer alone and sinks that drive the states themselves.
    pub fn without_switching() -> Options {
        Options { switching: false, ..Options::default() }
    }
}

/// The HTML tokenizer: the [driver](crate::driver::Tokenizer) running the HTML machine.
/// Generic over where tokens go: the default sink queues them for the [`Iterator`]
/// implementation; any [`Sink`] receives them as they come.
pub type Tokenizer<'i, S> = crate::driver::Tokenizer<'i, Html, S>;

/// The default sink: queues tokens (and errors, when asked) for the iterator.
pub type TokenQueue<'i> = crate::driver::TokenQueue<'i, Html>;

/// What the HTML machine's own verbs keep: the last start tag's name.
pub struct HtmlOwn<'i> {
    last_start_tag: LastStartTag<'i>,
    /// With [`Options::switching`].
    tracker: Option<super::switching::StateTracker>,
}

/// A tag name the HTML tree builder knows, as its `'static` string ([`Machine::KNOWN_TAG_NAME`]).
fn known_tag_name(name: &str) -> Option<&'static str> {
    use crate::tree_interface::known::Tag;
    let tag = Tag::from_name(name);
    (tag != Tag::Other).then(|| tag.name())
}

impl Machine for Html {
    type Token<'i> = Token<'i>;
    type Own<'i> = HtmlOwn<'i>;
    type Options = Options;
    type Feedback = Control;
    const DUPLICATE_ATTRIBUTE: ParseError = ParseError::DuplicateAttribute;
    const CONTROL_CHARACTER_IN_INPUT_STREAM: ParseError = ParseError::ControlCharacterInInputStream;
    const NONCHARACTER_IN_INPUT_STREAM: ParseError = ParseError::NoncharacterInInputStream;
    const KNOWN_TAG_NAME: Option<fn(&str) -> Option<&'static str>> = Some(known_tag_name);

    fn setup<'i>(options: Options) -> (Option<State>, HtmlOwn<'i>) {
        let own = HtmlOwn {
            last_start_tag: LastStartTag::new(options.last_start_tag),
            tracker: options.switching.then(|| super::switching::StateTracker::new(true)),
        };
        (options.initial_state, own)
    }

    fn collects_errors(options: &Options) -> bool {
        options.errors
    }

    /// With [`Options::switching`] the tokenizer makes the tree builder's switches itself.
    fn reads_past_start_tags(own: &HtmlOwn<'_>) -> bool {
        own.tracker.is_some()
    }

    crate::driver::usual_token_constructors!(Token);

    #[inline(always)]
    fn recycle<'i>(token: &mut Self::Token<'i>, spare: &mut Vec<Vec<crate::token::Attribute<'i>>>) -> bool {
        match token {
            Token::StartTag(tag) | Token::EndTag(tag) => {
                crate::driver::recycle_attributes(&mut tag.attributes, spare);
                matches!(tag.name, Cow::Borrowed(_))
            }
            Token::Characters(Cow::Borrowed(_)) => true,
            _ => false,
        }
    }
}

/// The options a sink runs with: no switching of the tokenizer's own where the sink makes the
/// switches (a tree builder would otherwise be second-guessed where only it knows, e.g.
/// `<noscript>` with scripting off).
fn effective<'i, S: Sink<'i>>(options: Options, sink: &S) -> Options {
    Options { switching: options.switching && !sink.switches_states(), ..options }
}

/// What a sink declares at compile time ([`Sink::READS_TEXT`], [`Sink::WANTS_ERRORS`]): the
/// generated `Drive::FACTS`.
pub(crate) const fn sink_facts<'i, S: Sink<'i>>() -> SinkFacts {
    SinkFacts { text: S::READS_TEXT, errors: S::WANTS_ERRORS }
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// Tokenize a whole string, sending tokens to `sink`. Call [`run`](Self::run) to drive it.
    ///
    /// The states switch after start tags as in a document ([`Options::switching`], on by
    /// default) unless the sink switches them itself ([`Sink::switches_states`], a tree
    /// builder) or the options say [`Options::without_switching`].
    pub fn with_sink(input: &'i str, options: Options, sink: S) -> Self {
        let options = effective(options, &sink);
        let switching = options.switching;
        Self::for_input(input, options, sink).reading(switching)
    }

    /// Build only what the sink reads ([`Sink::reads`]); the switching tracker reads attribute
    /// names and values (`<font color>`, `<annotation-xml encoding>`), so with it they are built;
    /// values the sink wants as written stay so (the tracker decodes the `encoding` it compares).
    fn reading(mut self, switching: bool) -> Self {
        let reads = self.sink.reads();
        let attributes = reads.attributes || switching;
        let values = reads.attribute_values || switching;
        self.core.set_reads(attributes, values, reads.raw_attribute_values, S::READS_TEXT && reads.text);
        let raw = self.core.raw_attribute_values();
        if let Some(tracker) = &mut self.own.tracker {
            tracker.set_raw_values(raw);
        }
        self
    }

    // ----- guards and character references -----

    pub(crate) fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign() || self.own.tracker.as_ref().is_some_and(|t| t.in_foreign())
    }

    /// "A character reference is said to be consumed as part of an attribute if the return
    /// state is either attribute value (double-quoted) state, attribute value (single-quoted)
    /// state, or attribute value (unquoted) state."
    #[inline]
    pub(crate) fn char_ref_in_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuotedState
                | State::AttributeValueSingleQuotedState
                | State::AttributeValueUnquotedState
        )
    }

    /// "Flush code points consumed as a character reference."
    pub(crate) fn flush_char_ref(&mut self) {
        let in_attr = self.char_ref_in_attribute();
        self.core.flush_temp(in_attr);
    }

    /// Ambiguous ampersand, ASCII alphanumeric: append to the attribute value or emit.
    pub(crate) fn append_or_emit_current_as_char_ref(&mut self) {
        use crate::core::Src;
        if self.char_ref_in_attribute() {
            self.core.append_to_attribute_value(Src::Current);
        } else {
            self.core.emit_chars(Src::Current);
        }
    }
}

impl<S: Sink<'static>> Tokenizer<'static, S> {
    /// A tokenizer for input that arrives in chunks: [`feed`](Self::feed) each chunk, then
    /// [`finish`](Self::finish). Tokens reach the sink as soon as they are complete; the
    /// result is the same whatever the split.
    ///
    /// The states switch after start tags as in a document ([`Options::switching`], on by
    /// default) unless the sink switches them itself ([`Sink::switches_states`], a tree
    /// builder) or the options say [`Options::without_switching`].
    pub fn streaming(options: Options, sink: S) -> Self {
        let options = effective(options, &sink);
        let switching = options.switching;
        Self::for_chunks(options, sink).reading(switching)
    }
}

/// What HTML and its editions share: their tags are `html::Token`s, a start tag becomes the last
/// start tag, and an end tag is checked against it ("appropriate end tag") and reported when it
/// has attributes or a trailing solidus. Each machine names its codes and where its last start
/// tag lives; the verbs below are then its own without a copy.
pub trait HtmlFamily: Machine {
    /// "When an end tag token is emitted with attributes, that is a parse error."
    const END_TAG_WITH_ATTRIBUTES: Self::ParseError;
    /// "When an end tag token is emitted with its self-closing flag set, that is a parse error."
    const END_TAG_WITH_TRAILING_SOLIDUS: Self::ParseError;
    /// The last start tag in the machine's own data.
    fn last_start_tag<'a, 'i>(own: &'a mut Self::Own<'i>) -> &'a mut LastStartTag<'i>;
    /// The same, to read.
    fn last_start_tag_ref<'a, 'i>(own: &'a Self::Own<'i>) -> &'a LastStartTag<'i>;
    /// The state a tree builder would switch to after this tag, where the machine tracks that
    /// itself (HTML with [`Options::switching`]); none by default.
    fn track(own: &mut Self::Own<'_>, tag: &crate::token::Tag<'_>, start: bool) -> Option<Self::State> {
        let _ = (own, tag, start);
        None
    }
}

/// How a machine of the family hands a tag to a sink that reads no attributes: HTML's sink has
/// [`Sink::start_tag`] and [`Sink::end_tag`] (no token built); the default makes the token
/// such a sink would get and hands it over as any other (an edition's sink).
pub trait TagEvents<'i, S>: Drive<'i, S> + Machine<Token<'i> = Token<'i>> {
    /// Hand over a tag without attributes (a start tag if `start`, else an end tag); returns
    /// the state the sink asks for.
    #[inline(always)]
    fn tag(sink: &mut S, start: bool, name: Cow<'i, str>, self_closing: bool, span: Span) -> Option<Self::State> {
        let tag = Tag { name, attributes: Vec::new(), self_closing };
        Self::token(sink, if start { Token::StartTag(tag) } else { Token::EndTag(tag) }, span)
    }
}

impl<'i, S: Sink<'i>> TagEvents<'i, S> for Html {
    #[inline(always)]
    fn tag(sink: &mut S, start: bool, name: Cow<'i, str>, self_closing: bool, span: Span) -> Option<State> {
        let control =
            if start { sink.start_tag(name, self_closing, span) } else { sink.end_tag(name, self_closing, span) };
        control.switch_to()
    }
}

impl<'i, M, S> crate::driver::Tokenizer<'i, M, S>
where
    M: HtmlFamily + TagEvents<'i, S>,
{
    /// "Emit the current tag token": a start tag becomes the last start tag; an end tag with
    /// attributes or a trailing solidus is a parse error (spec: #tokenization).
    #[inline(always)]
    pub(crate) fn emit_tag(&mut self) {
        // A sink that reads no attributes gets the tag's parts, no token (`Sink::start_tag`).
        // The switching tracker reads attributes (`reading` keeps them on), so it never
        // needs the tag here.
        if self.core.reads_attributes() { self.emit_tag_token_now() } else { self.emit_tag_parts() }
    }

    /// "Emit the current tag token" as a token.
    #[inline(never)]
    fn emit_tag_token_now(&mut self) {
        let (kind, tag, had_attributes) = self.take_tag();
        // The token is made first and its tag read through it, so the tag is written once,
        // in place, rather than built and then moved into the token (issue 13).
        let token = match kind {
            TagKind::Start => Token::StartTag(tag),
            TagKind::End => Token::EndTag(tag),
        };
        let (Token::StartTag(tag) | Token::EndTag(tag)) = &token else { return };
        // Before the emission, so that a switch the sink asks for overrides it.
        if let Some(state) = M::track(&mut self.own, tag, kind == TagKind::Start) {
            self.state = state;
        }
        match kind {
            TagKind::Start => M::last_start_tag(&mut self.own).set(&tag.name),
            TagKind::End => self.end_tag_errors(!tag.attributes.is_empty(), tag.self_closing),
        }
        self.emit_tag_token(token, had_attributes);
    }

    /// "Emit the current tag token" to a sink that reads no attributes: the same errors and
    /// last start tag, the tag handed over as its parts ([`TagEvents::tag`]).
    #[inline(always)]
    fn emit_tag_parts(&mut self) {
        let start = self.core.tag_kind == TagKind::Start;
        let (name, self_closing, has_attributes) = self.core.take_tag_parts();
        if start {
            M::last_start_tag(&mut self.own).set(&name);
        } else {
            self.end_tag_errors(has_attributes, self_closing);
        }
        self.emit_with(|sink, span| M::tag(sink, start, name, self_closing, span));
    }

    /// "When an end tag token is emitted with attributes, that is a parse error. When an end
    /// tag token is emitted with its self-closing flag set, that is a parse error."
    #[inline(always)]
    fn end_tag_errors(&mut self, has_attributes: bool, self_closing: bool) {
        if has_attributes {
            self.error(M::END_TAG_WITH_ATTRIBUTES);
        }
        if self_closing {
            self.error(M::END_TAG_WITH_TRAILING_SOLIDUS);
        }
    }

    /// "An appropriate end tag token is an end tag token whose tag name matches the tag name of
    /// the last start tag to have been emitted from this tokenizer, if any."
    #[inline]
    pub(crate) fn appropriate_end_tag(&self) -> bool {
        self.core.tag_kind == TagKind::End && M::last_start_tag_ref(&self.own).is(self.core.tag_name())
    }
}

impl HtmlFamily for Html {
    const END_TAG_WITH_ATTRIBUTES: ParseError = ParseError::EndTagWithAttributes;
    const END_TAG_WITH_TRAILING_SOLIDUS: ParseError = ParseError::EndTagWithTrailingSolidus;
    fn last_start_tag<'a, 'i>(own: &'a mut <Self as Machine>::Own<'i>) -> &'a mut LastStartTag<'i> {
        &mut own.last_start_tag
    }
    fn last_start_tag_ref<'a, 'i>(own: &'a <Self as Machine>::Own<'i>) -> &'a LastStartTag<'i> {
        &own.last_start_tag
    }
    #[inline]
    fn track(own: &mut HtmlOwn<'_>, tag: &crate::token::Tag<'_>, start: bool) -> Option<State> {
        let tracker = own.tracker.as_mut()?;
        if !start {
            tracker.end_tag(tag);
            return None;
        }
        match tracker.start_tag(tag) {
            Control::SwitchTo(s) => Some(s),
            Control::Continue => None,
        }
    }
}

/// Tokenize a whole string: an iterator of tokens, adjacent characters merged into runs. The
/// states switch after start tags as a tree builder would ([`Options::switching`]), so
/// `<script>if (a<b)…` and `<title>&amp;<i>` give text, not tags, and `<![CDATA[` is a CDATA
/// section inside `<svg>`/`<math>`. A leading byte order mark (U+FEFF) is skipped, as decoding
/// bytes would have; spans still count bytes of `input` as passed, the BOM's included.
/// (`Tokenizer::new` and the other constructors take the input stream as given; they switch
/// states too unless told [`Options::without_switching`].)
///
/// The tokens are owned: keep them as long as you like. A consumer that reads each token and
/// moves on spends fewer instructions with [`next_ref`](crate::driver::Tokenizer::next_ref),
/// which lends each token in place and reuses tags' attribute lists (`while let Some((token,
/// span)) = tokens.next_ref() { ... }`).
///
/// ```
/// use statemark::html::{tokenize, Token};
///
/// let texts: Vec<String> = tokenize("<script>if (a<b) x()</script><title>&amp;<i></title>")
///     .filter_map(|t| match t {
///         Token::Characters(c) => Some(c.into_owned()),
///         _ => None,
///     })
///     .collect();
/// assert_eq!(texts, ["if (a<b) x()", "&<i>"]);
/// ```
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::with_options(input, Options::default()).after_bom()
}

/// Position of an offset, for users who kept spans and want lines and columns. It counts from
/// the start of `input` each time (time linear in `offset`): for more than a few offsets of one
/// input, build a [`LineIndex`](crate::LineIndex) once and ask it (constant time per lookup).
///
/// ```
/// use statemark::html::position_of;
///
/// let p = position_of("<p>\r\n<b>", 5);
/// assert_eq!((p.line, p.column), (2, 1));
/// ```
pub fn position_of(input: &str, offset: usize) -> Position {
    let mut c = LineCounter::default();
    c.advance(input.as_bytes(), 0, offset.min(input.len()));
    c.at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::token::Attribute;

    /// Keeps the emptied attribute list of each tag and hands it back when asked, recording
    /// where each tag's list lives.
    #[derive(Default)]
    struct Recycler<'i> {
        spare: Option<Vec<Attribute<'i>>>,
        lists: Vec<(*const Attribute<'i>, usize)>,
    }

    impl<'i> Sink<'i> for Recycler<'i> {
        fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
            if let Token::StartTag(tag) | Token::EndTag(tag) = token
                && !tag.attributes.is_empty()
            {
                self.lists.push((tag.attributes.as_ptr(), tag.attributes.len()));
                let mut list = tag.attributes;
                list.clear();
                self.spare = Some(list);
            }
            Control::Continue
        }
        fn spare_attributes(&mut self) -> Option<Vec<Attribute<'i>>> {
            self.spare.take()
        }
    }

    #[test]
    fn a_recycling_sink_gets_the_same_attribute_list_back() {
        let input = r#"<a href=x><b id=1 class=2></b><img src=y alt=z title=w><p x y>"#;
        let mut t = Tokenizer::with_sink(input, Options::default(), Recycler::default());
        t.run();
        let lists = t.into_sink().lists;
        assert_eq!(lists.iter().map(|l| l.1).collect::<Vec<_>>(), [1, 2, 3, 2]);
        // Every tag after the first reuses the first list's allocation (capacity 4 holds them all).
        assert!(lists.iter().all(|l| l.0 == lists[0].0), "{lists:?}");
    }

    /// Records tags from `start_tag`/`end_tag` when it reads structure only, else from `token`;
    /// character runs always from `characters`.
    struct Tags {
        reads: crate::html::Reads,
        tags: Vec<(bool, String, bool, Span)>,
        runs: Vec<Span>,
        others: usize,
        errors: Vec<crate::html::Error>,
    }

    impl<'i> Sink<'i> for Tags {
        fn token(&mut self, token: Token<'i>, span: Span) -> Control {
            match token {
                Token::StartTag(t) => self.tags.push((true, t.name.into_owned(), t.self_closing, span)),
                Token::EndTag(t) => self.tags.push((false, t.name.into_owned(), t.self_closing, span)),
                Token::Characters(_) => panic!("a run went to `token`"),
                _ => self.others += 1,
            }
            Control::Continue
        }
        fn start_tag(&mut self, name: Cow<'i, str>, self_closing: bool, span: Span) -> Control {
            self.tags.push((true, name.into_owned(), self_closing, span));
            Control::Continue
        }
        fn end_tag(&mut self, name: Cow<'i, str>, self_closing: bool, span: Span) -> Control {
            self.tags.push((false, name.into_owned(), self_closing, span));
            Control::Continue
        }
        fn characters(&mut self, _text: Cow<'i, str>, span: Span) {
            self.runs.push(span);
        }
        fn error(&mut self, error: crate::html::Error) {
            self.errors.push(error);
        }
        fn wants_errors(&self) -> bool {
            true
        }
        fn reads(&self) -> crate::html::Reads {
            self.reads
        }
    }

    #[test]
    fn a_structure_sink_gets_tags_as_parts_and_runs_as_spans_with_the_same_errors() {
        let input = "x<a href=1 href=2>y</a b=c><br/></p/><svg><path d=M0/></svg><img\tsrc=x alt>";
        let run = |reads| {
            let sink = Tags { reads, tags: Vec::new(), runs: Vec::new(), others: 0, errors: Vec::new() };
            let mut t = Tokenizer::with_sink(input, Options::default(), sink);
            t.run();
            t.into_sink()
        };
        let parts = run(crate::html::Reads::STRUCTURE);
        let tokens = run(crate::html::Reads::ALL);
        assert_eq!(parts.tags.len(), 8);
        assert_eq!(parts.tags, tokens.tags);
        assert_eq!(parts.others, tokens.others);
        assert_eq!(parts.runs.len(), 2);
        assert_eq!(parts.runs, tokens.runs);
        // The duplicate attribute, the end tag's attribute, the end tag's solidus.
        assert_eq!(parts.errors.len(), 3);
        assert_eq!(parts.errors, tokens.errors);
    }

    #[test]
    fn without_recycling_each_list_is_new() {
        let tags: Vec<Token<'_>> = tokenize("<a href=x><b id=1>").collect();
        let lists: Vec<_> = tags
            .iter()
            .filter_map(|t| match t {
                Token::StartTag(tag) => Some(tag.attributes.as_ptr()),
                _ => None,
            })
            .collect();
        assert_eq!(lists.len(), 2);
        assert_ne!(lists[0], lists[1]);
    }
}
