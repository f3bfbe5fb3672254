//! The tokens the XML5 tokenizer emits, its sink interface and its errors.

use crate::Span;
use crate::generated::xml5_tokenizer::ParseError;
#[cfg(feature = "trace")]
use crate::generated::xml5_tokenizer::State;
pub use crate::token::{Attribute, Doctype, ProcessingInstruction, Tag};
use std::borrow::Cow;

/// One XML5 token. Text borrows from the input where it is a plain copy of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'i> {
    /// `<!DOCTYPE name PUBLIC "p" "s">`; `force_quirks` is always false in XML5.
    /// Boxed: DOCTYPEs are rare and three optional strings long, so every other token is
    /// smaller to move.
    Doctype(Box<Doctype<'i>>),
    /// A start tag, `<a x='1'>`.
    StartTag(Tag<'i>),
    /// An empty-element tag, `<a/>` (its `self_closing` is true).
    EmptyTag(Tag<'i>),
    /// An end tag, `</a>`.
    EndTag(Tag<'i>),
    /// `</>`: closes the current element.
    ShortEndTag,
    /// A comment's data, `<!-- data -->`.
    Comment(Cow<'i, str>),
    /// Character data (CDATA sections included), adjacent characters merged into one run.
    Characters(Cow<'i, str>),
    /// A processing instruction, `<?target data?>`.
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
            Token::EmptyTag(t) => Token::EmptyTag(t.into_owned()),
            Token::EndTag(t) => Token::EndTag(t.into_owned()),
            Token::ShortEndTag => Token::ShortEndTag,
            Token::Comment(c) => Token::Comment(o(c)),
            Token::Characters(c) => Token::Characters(o(c)),
            Token::ProcessingInstruction(p) => Token::ProcessingInstruction(p.into_owned()),
            Token::Eof => Token::Eof,
        }
    }
}

/// A parse error: one of statemark's XML5 codes and where it happened.
pub type Error = crate::driver::Error<ParseError>;

/// Errors are values callers can box, `?` and report like any other.
impl std::error::Error for Error {}

impl std::error::Error for ParseError {}

/// Receives XML5 tokens and errors as the tokenizer produces them.
pub trait Sink<'i> {
    /// Called for every token, with its span in the input.
    fn token(&mut self, token: Token<'i>, span: Span);

    /// Every run of character tokens comes here; the default hands it to
    /// [`token`](Sink::token) as [`Token::Characters`] (see [`crate::html::Sink::characters`]).
    #[inline(always)]
    fn characters(&mut self, text: Cow<'i, str>, span: Span) {
        self.token(Token::Characters(text), span);
    }

    /// Called for every parse error when [`wants_errors`](Sink::wants_errors) is true.
    fn error(&mut self, error: Error) {
        let _ = error;
    }

    /// Whether to report parse errors; asked once, when the tokenizer is created.
    fn wants_errors(&self) -> bool {
        false
    }

    /// Whether attribute values are handed over as written: the source text between the
    /// quotes, or the unquoted run, with no character reference decoded, no newline normalized
    /// and no U+0000 replaced; [`decode_attribute_value`](super::decode_attribute_value) decodes
    /// one on request, exactly as the tokenizer would have. The tokenizer then does no decoding
    /// work, and a value borrows from whole-string input. Asked once, when the tokenizer is
    /// created by [`Tokenizer::with_sink`](super::Tokenizer::with_sink) or
    /// [`Tokenizer::streaming`](super::Tokenizer::streaming); the default decodes.
    fn raw_attribute_values(&self) -> bool {
        false
    }

    /// Give back an emptied attribute list from a tag this sink has finished with, so the next
    /// tag with attributes reuses its allocation: a sink that does not keep attribute lists
    /// (a counter, a filter, a tree builder that copies them) then tokenizes with no per-tag
    /// allocation. Asked after each tag that had attributes; the default keeps nothing.
    fn spare_attributes(&mut self) -> Option<Vec<crate::token::Attribute<'i>>> {
        None
    }

    /// With the `trace` feature: the tokenizer took case `case` of `state` (0 for a
    /// hand-written state's body). Compiled out otherwise.
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
