//! The XML5 machine's own code: the generated states (`crate::generated::xml5_tokenizer`) run
//! on the shared [driver](crate::driver); this file adds what is XML5's own: its tokens (empty
//! tags, short end tags), the additional allowed character of character references, and its
//! constructors. The character reference states are in
//! `char_ref.rs`.

use super::token::{Sink, Token};
use crate::core::{Src, TagKind};
use crate::driver::Machine;
use crate::generated::xml5_tokenizer::{ParseError, State, Xml5};
use std::borrow::Cow;

/// Tokenizer options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
}

/// The XML5 tokenizer: the [driver](crate::driver::Tokenizer) running the XML5 machine,
/// generic over where tokens go.
pub type Tokenizer<'i, S> = crate::driver::Tokenizer<'i, Xml5, S>;

/// The default sink: queues tokens (and errors, when asked) for the iterator.
pub type TokenQueue<'i> = crate::driver::TokenQueue<'i, Xml5>;

/// What the XML5 machine's own verbs keep: the character reference's "additional allowed
/// character" (`"`, `'` or `>`).
#[derive(Default)]
pub struct Xml5Own {
    pub(crate) additional_allowed: Option<u8>,
}

impl Machine for Xml5 {
    type Token<'i> = Token<'i>;
    type Own<'i> = Xml5Own;
    type Options = Options;
    type Feedback = ();
    // spec/xml5/README.md, "Null values": U+0000 becomes U+FFFD, without an error.
    const REPLACE_NUL: bool = true;
    const DUPLICATE_ATTRIBUTE: ParseError = ParseError::DuplicateAttribute;
    const CONTROL_CHARACTER_IN_INPUT_STREAM: ParseError = ParseError::ControlCharacterInInputStream;
    const NONCHARACTER_IN_INPUT_STREAM: ParseError = ParseError::NoncharacterInInputStream;

    fn setup<'i>(_: Options) -> (Option<State>, Self::Own<'i>) {
        (None, Xml5Own::default())
    }

    fn collects_errors(options: &Options) -> bool {
        options.errors
    }

    /// XML5's tree construction never switches the tokenizer's state (spec: #tree-construction
    /// has no such step; the overview's "in some cases" is the HTML text it was adapted from).
    fn reads_past_start_tags(_: &Xml5Own) -> bool {
        true
    }

    crate::driver::usual_token_constructors!(Token);

    #[inline(always)]
    fn recycle<'i>(token: &mut Self::Token<'i>, spare: &mut Vec<Vec<crate::token::Attribute<'i>>>) -> bool {
        match token {
            Token::StartTag(tag) | Token::EmptyTag(tag) | Token::EndTag(tag) => {
                crate::driver::recycle_attributes(&mut tag.attributes, spare);
                matches!(tag.name, Cow::Borrowed(_))
            }
            Token::Characters(Cow::Borrowed(_)) => true,
            _ => false,
        }
    }
}

/// What a sink declares at compile time (the generated `Drive::FACTS`): this machine's sink
/// declares nothing, so everything is decided at run time. (`S` unused: the generated code calls
/// every machine's `sink_facts` alike.)
#[allow(clippy::extra_unused_type_parameters)]
pub(crate) const fn sink_facts<'i, S: Sink<'i>>() -> crate::core::SinkFacts {
    crate::core::SinkFacts::RUN_TIME
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// Tokenize a whole string, sending tokens to `sink`; call [`run`](Self::run).
    pub fn with_sink(input: &'i str, sink: S) -> Self {
        Self::for_input(input, Options::default(), sink).reading()
    }

    /// Attribute values as written if the sink asks for them ([`Sink::raw_attribute_values`]).
    fn reading(mut self) -> Self {
        let raw = self.sink.raw_attribute_values();
        self.core.set_reads(true, true, raw, true);
        self
    }

    /// "Emit the current tag token": a start tag, an empty tag (`<a/>`) or an end tag.
    pub(crate) fn emit_tag(&mut self) {
        let (kind, tag, had_attributes) = self.take_tag();
        let token = match kind {
            TagKind::Start if tag.self_closing => Token::EmptyTag(tag),
            TagKind::Start => Token::StartTag(tag),
            TagKind::End => Token::EndTag(tag),
        };
        self.emit_tag_token(token, had_attributes);
    }

    /// "Emit a short end tag token" (`</>`).
    pub(crate) fn emit_short_end_tag(&mut self) {
        self.emit_token(Token::ShortEndTag);
    }

    /// Set the character reference's additional allowed character.
    pub(crate) fn set_additional_allowed_character(&mut self, src: Src) {
        self.own.additional_allowed = match src {
            Src::Str(s) => s.bytes().next(),
            Src::Current | Src::CurrentLowercase => self.core.input_bytes().get(self.core.cur).copied(),
            Src::Run(a, _) => self.core.input_bytes().get(a).copied(),
        };
    }
}

impl<S: Sink<'static>> Tokenizer<'static, S> {
    /// A tokenizer for input in chunks: [`feed`](Self::feed) each, then [`finish`](Self::finish).
    pub fn streaming(sink: S) -> Self {
        Self::for_chunks(Options::default(), sink).reading()
    }
}

/// Tokenize a whole XML5 string: an iterator of tokens. A leading byte order mark (U+FEFF) is
/// skipped, as decoding bytes would have; spans still count bytes of `input` as passed, the
/// BOM's included.
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(input).after_bom()
}
