//! The tokens the HTML tokenizer emits, the sink interface for streaming use, and errors.

use crate::Span;
use crate::generated::html_tokenizer::{ParseError, State};
pub use crate::token::{Attribute, Doctype, ProcessingInstruction, Tag};
use std::borrow::Cow;

/// One token. Text borrows from the input where it is a plain copy of it (the common case for
/// whole-string input); it is owned where the tokenizer changed it (lowercased names, character
/// references, newline normalization, U+FFFD replacements) and for chunked input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'i> {
    /// Boxed: DOCTYPEs are rare and three optional strings long, so every other token is
    /// smaller to move.
    Doctype(Box<Doctype<'i>>),
    /// A start tag, `<p class=x>`.
    StartTag(Tag<'i>),
    /// An end tag, `</p>`. Attributes and the self-closing flag on an end tag are parse errors
    /// the tokenizer reports; they are kept as written.
    EndTag(Tag<'i>),
    /// A comment's data, `<!-- data -->` (bogus comments such as `<!x>` included).
    Comment(Cow<'i, str>),
    /// A run of character tokens: adjacent characters are always delivered as one run.
    Characters(Cow<'i, str>),
    /// A processing instruction, `<?target data>`.
    ProcessingInstruction(ProcessingInstruction<'i>),
    /// The end-of-file token, always the last one.
    Eof,
}

impl Token<'_> {
    /// The same token with every string owned.
    pub fn into_owned(self) -> Token<'static> {
        fn o(c: Cow<'_, str>) -> Cow<'static, str> {
            Cow::Owned(c.into_owned())
        }
        match self {
            Token::Doctype(d) => Token::Doctype(Box::new(d.into_owned())),
            Token::StartTag(t) => Token::StartTag(t.into_owned()),
            Token::EndTag(t) => Token::EndTag(t.into_owned()),
            Token::Comment(c) => Token::Comment(o(c)),
            Token::Characters(c) => Token::Characters(o(c)),
            Token::ProcessingInstruction(p) => Token::ProcessingInstruction(p.into_owned()),
            Token::Eof => Token::Eof,
        }
    }
}

/// A parse error: the spec's code and where it happened.
pub type Error = crate::driver::Error<ParseError>;

/// Errors are values callers can box, `?` and report like any other.
impl std::error::Error for Error {}

impl std::error::Error for ParseError {}

/// What the sink tells the tokenizer after a token: the tree builder's side of the narrow
/// interface ("switch the tokenizer to the RCDATA state" after `<title>`, and so on).
pub type Control = crate::driver::Control<State>;

/// What a [`Sink`] reads of the tokens, said once ([`Sink::reads`]) like
/// [`Sink::wants_errors`]: the tokenizer then skips building what nobody reads. Its states run
/// exactly the same either way, so token kinds, tag names, spans and parse errors do not change;
/// only the contents left out are empty. Not a spec notion: what a consumer pays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// Tags' attributes. When false, every tag's attribute list is empty. (With
    /// [`Sink::wants_errors`] the names are still collected, for the duplicate-attribute and
    /// end-tag-with-attributes errors, but not handed over.)
    pub attributes: bool,
    /// Attribute values, character references decoded. When false, attribute values are empty
    /// strings (names are kept).
    pub attribute_values: bool,
    /// Attribute values as written (with `attribute_values`): the source text between the
    /// quotes, or the unquoted run, with no character reference decoded
    /// ([#character-reference-state](https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state)),
    /// no newline normalized
    /// ([#preprocessing-the-input-stream](https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream))
    /// and no U+0000 replaced. The tokenizer then does no decoding work: a value borrows from
    /// whole-string input (its place in it: [`value_span`](super::value_span)), and
    /// [`decode_attribute_value`](super::decode_attribute_value) gives the decoded value on request,
    /// exactly as the tokenizer would have. With [`Options::switching`](super::Options::switching)
    /// too (the switching tracker decodes the one value it compares, `<annotation-xml encoding>`).
    pub raw_attribute_values: bool,
    /// The text of character tokens. When false, [`Token::Characters`] carries an empty string;
    /// its span still says which input it stands for.
    pub text: bool,
}

impl Reads {
    /// Everything: the default.
    pub const ALL: Reads = Reads { attributes: true, attribute_values: true, raw_attribute_values: false, text: true };
    /// Everything, attribute values as written (a rewriter, a filter that decodes what it reads).
    ///
    /// ```
    /// use statemark::html::{Control, Options, Reads, Sink, Token, Tokenizer, decode_attribute_value};
    ///
    /// struct Links<'i>(Vec<std::borrow::Cow<'i, str>>);
    /// impl<'i> Sink<'i> for Links<'i> {
    ///     fn token(&mut self, token: Token<'i>, _: statemark::Span) -> Control {
    ///         if let Token::StartTag(tag) = token {
    ///             self.0.extend(tag.attributes.into_iter().filter(|a| a.name == "href").map(|a| a.value));
    ///         }
    ///         Control::Continue
    ///     }
    ///     fn reads(&self) -> Reads {
    ///         Reads::ALL_RAW_VALUES
    ///     }
    /// }
    /// let input = "<a href='?a=1&amp;b=2'>";
    /// let mut t = Tokenizer::with_sink(input, Options::default(), Links(Vec::new()));
    /// t.run();
    /// let raw = &t.into_sink().0[0];
    /// assert_eq!(raw, "?a=1&amp;b=2");
    /// assert_eq!(statemark::html::value_span(input, raw), Some(statemark::Span::new(9, 21)));
    /// assert_eq!(decode_attribute_value(raw), "?a=1&b=2");
    /// ```
    pub const ALL_RAW_VALUES: Reads = Reads { raw_attribute_values: true, ..Reads::ALL };
    /// Only token kinds, tag names, comments, DOCTYPEs and spans (a counter, a link-free outline).
    pub const STRUCTURE: Reads =
        Reads { attributes: false, attribute_values: false, raw_attribute_values: false, text: false };
}

impl Default for Reads {
    fn default() -> Self {
        Reads::ALL
    }
}

/// Receives tokens and errors as the tokenizer produces them (the streaming interface).
///
/// Implement `token`; the other methods have defaults that cost nothing (`start_tag`, `end_tag`
/// and `characters` hand their token to `token`). A tree builder
/// answers `adjusted_current_node_is_foreign` so that `<![CDATA[` is recognized only in foreign
/// content, and returns [`Control::SwitchTo`] after start tags that change the tokenizer state.
pub trait Sink<'i> {
    /// Called for every token, with its span in the input; the answer tells the tokenizer how to
    /// go on.
    fn token(&mut self, token: Token<'i>, span: Span) -> Control;

    /// A start tag, for a sink that reads no attributes ([`Reads::attributes`] false; with it
    /// every tag goes to [`token`](Sink::token)): the tag's name, self-closing flag and span. The
    /// default makes the [`Token::StartTag`] such a sink would get (its attribute list empty) and
    /// calls `token`, so a sink behaves the same whether it overrides this or not; a sink that
    /// reads only structure overrides it and [`end_tag`](Sink::end_tag), and then no token is
    /// built, moved or dropped for a tag.
    #[inline(always)]
    fn start_tag(&mut self, name: Cow<'i, str>, self_closing: bool, span: Span) -> Control {
        self.token(Token::StartTag(Tag { name, attributes: Vec::new(), self_closing }), span)
    }

    /// An end tag, for a sink that reads no attributes: as [`start_tag`](Sink::start_tag),
    /// with [`Token::EndTag`].
    #[inline(always)]
    fn end_tag(&mut self, name: Cow<'i, str>, self_closing: bool, span: Span) -> Control {
        self.token(Token::EndTag(Tag { name, attributes: Vec::new(), self_closing }), span)
    }

    /// Every run of character tokens comes here (empty text if the sink does not read
    /// [`Reads::text`]; the span says what it stands for). The default hands it to
    /// [`token`](Sink::token) as [`Token::Characters`]; a sink that overrides it gets no
    /// `Characters` token, and no token is built, moved or dropped for a run. Nothing to
    /// answer: the tree builder's feedback only follows start tags.
    #[inline(always)]
    fn characters(&mut self, text: Cow<'i, str>, span: Span) {
        let _ = self.token(Token::Characters(text), span);
    }

    /// Called for every parse error when [`wants_errors`](Sink::wants_errors) is true.
    fn error(&mut self, error: Error) {
        let _ = error;
    }

    /// Whether to report parse errors. Asked once, when the tokenizer is created; when false,
    /// no error is computed at all.
    fn wants_errors(&self) -> bool {
        false
    }

    /// Whether this sink may ever read the text of character runs, known at compile time: `false`
    /// promises it never does, whatever [`reads`](Sink::reads) says, and the tokenizer compiled
    /// for it then has no text to build and no run-time test of [`Reads::text`] on its path
    /// (the cheapest sink's). The default, `true`, leaves it to [`reads`](Sink::reads).
    ///
    /// ```
    /// use statemark::html::{Control, Options, Reads, Sink, Token, Tokenizer};
    ///
    /// /// Counts character runs and tags; reads neither text nor attributes.
    /// struct Count(usize);
    /// impl<'i> Sink<'i> for Count {
    ///     const READS_TEXT: bool = false;
    ///     const WANTS_ERRORS: bool = false;
    ///     fn token(&mut self, _: Token<'i>, _: statemark::Span) -> Control {
    ///         self.0 += 1;
    ///         Control::Continue
    ///     }
    ///     fn reads(&self) -> Reads {
    ///         Reads::STRUCTURE
    ///     }
    /// }
    /// let mut t = Tokenizer::with_sink("<p>a &amp; b</p>", Options::default(), Count(0));
    /// t.run();
    /// assert_eq!(t.into_sink().0, 4); // <p>, the run "a & b", </p>, end of file
    /// ```
    const READS_TEXT: bool = true;

    /// Whether this sink may ever want parse errors, known at compile time: `false` promises
    /// [`wants_errors`](Sink::wants_errors) is false, and the tokenizer compiled for it then
    /// tests no error flag at all. The default, `true`, leaves it to
    /// [`wants_errors`](Sink::wants_errors).
    const WANTS_ERRORS: bool = true;

    /// What this sink reads of the tokens. Asked once, when the tokenizer is created by
    /// [`Tokenizer::with_sink`](super::Tokenizer::with_sink) or
    /// [`Tokenizer::streaming`](super::Tokenizer::streaming); the default reads everything.
    /// [`Options::switching`](super::Options::switching) reads attributes itself, so it keeps them.
    fn reads(&self) -> Reads {
        Reads::ALL
    }

    /// Give back an emptied attribute list from a tag this sink has finished with, so the next
    /// tag with attributes reuses its allocation: a sink that does not keep attribute lists
    /// (a counter, a filter, a tree builder that copies them) then tokenizes with no per-tag
    /// allocation. Asked after each tag that had attributes; the default keeps nothing.
    fn spare_attributes(&mut self) -> Option<Vec<crate::token::Attribute<'i>>> {
        None
    }

    /// "There is an adjusted current node and it is not an element in the HTML namespace."
    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }

    /// Whether this sink makes the tree builder's state switches itself (answers each start
    /// tag with the [`Control`] it needs, and
    /// [`adjusted_current_node_is_foreign`](Sink::adjusted_current_node_is_foreign)): a tree
    /// builder, or a
    /// [`Switching`](super::Switching) wrapper. Then the tokenizer does not switch on its own
    /// ([`Options::switching`](super::Options::switching) is ignored). Asked once, when the
    /// tokenizer is created; the default is false, and the tokenizer switches as a document
    /// would. A sink that wraps a tree builder forwards this (as it forwards
    /// `adjusted_current_node_is_foreign`), or the tokenizer's own switches would stand where
    /// the builder answers [`Control::Continue`] on purpose (`<noscript>` with scripting off).
    fn switches_states(&self) -> bool {
        false
    }

    /// With the `trace` feature: the tokenizer took case `case` (1-based, as numbered in the
    /// state's RON file; 0 for a hand-written state's body) of `state`. Compiled out otherwise.
    #[cfg(feature = "trace")]
    #[inline(always)]
    fn trace(&mut self, state: State, case: u16) {
        let _ = (state, case);
    }

    /// With the `trace` feature: [`trace`](Self::trace), with `at`, the byte offset just past
    /// what the tokenizer had consumed when it took the case (past the current input
    /// character; the end of a run a derived bulk scan took at once; the input's end for
    /// EOF). Offsets count as token spans do, so a consumer can tell which token a case
    /// belongs to (`statemark explain`). The default forgets `at` and calls `trace`.
    #[cfg(feature = "trace")]
    #[inline(always)]
    fn trace_at(&mut self, state: State, case: u16, at: usize) {
        let _ = at;
        self.trace(state, case);
    }
}
