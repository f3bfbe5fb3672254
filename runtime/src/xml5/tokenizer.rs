//! The XML5 tokenizer: the generated states (`crate::generated::xml5_tokenizer`) run on the
//! shared [`Core`](crate::core::Core); this file adds what is XML5's own: its tokens (empty
//! tags, short end tags), its error codes, the return state and additional allowed character of
//! character references, and the public constructors. The character reference states are in
//! `char_ref.rs`.

use super::token::{Error, Sink, Token};
use super::{ParseError, State};
use crate::core::{Core, InputProblem, Src, Step, TagKind};
use crate::Span;
use std::borrow::Cow;
use std::collections::VecDeque;

/// Tokenizer options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
}

/// The XML5 tokenizer, generic over where tokens go.
pub struct Tokenizer<'i, S> {
    pub(crate) core: Core<'i>,
    pub(crate) state: State,
    pub(crate) return_state: State,
    /// The character reference's "additional allowed character" (`"`, `'` or `>`).
    pub(crate) additional_allowed: Option<u8>,
    done: bool,
    sink: S,
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    fn build(input: Cow<'i, str>, is_final: bool, sink: S) -> Self {
        let mut core = Core::new(input, is_final, sink.wants_errors());
        // spec/xml5/README.md, "Null values": U+0000 becomes U+FFFD, without an error.
        core.replace_nul = true;
        Tokenizer { core, state: State::INITIAL, return_state: State::INITIAL, additional_allowed: None, done: false, sink }
    }

    /// Tokenize a whole string, sending tokens to `sink`; call [`run`](Self::run).
    pub fn with_sink(input: &'i str, sink: S) -> Self {
        Self::build(Cow::Borrowed(input), true, sink)
    }

    /// Run to the end of the input (or, for chunked input, until more input is needed).
    pub fn run(&mut self) {
        while !self.done {
            match self.step() {
                Step::Continue => {}
                Step::Suspend => {
                    self.report_pending();
                    self.core.compact();
                    return;
                }
                Step::Done => self.done = true,
            }
        }
    }

    pub fn sink(&self) -> &S {
        &self.sink
    }

    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    pub fn into_sink(self) -> S {
        self.sink
    }

    /// True once the end-of-file token has been emitted.
    pub fn is_done(&self) -> bool {
        self.done
    }

    #[cfg(feature = "trace")]
    #[inline]
    pub(crate) fn trace(&mut self, state: State, case: u16) {
        self.sink.trace(state, case);
    }

    // ----- errors -----

    #[inline]
    fn report_pending(&mut self) {
        if self.core.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.core.pending);
        for &(problem, at) in &pending {
            let code = match problem {
                InputProblem::ControlCharacter => ParseError::ControlCharacterInInputStream,
                InputProblem::Noncharacter => ParseError::NoncharacterInInputStream,
            };
            self.report(code, at);
        }
        self.core.pending = pending;
        self.core.pending.clear();
    }

    #[inline(always)]
    pub(crate) fn error(&mut self, code: ParseError) {
        if self.core.errors_on {
            let at = self.core.cur;
            self.error_at(code, at);
        }
    }

    #[cold]
    pub(crate) fn error_at(&mut self, code: ParseError, at: usize) {
        if !self.core.errors_on {
            return;
        }
        self.report_pending();
        self.report(code, at);
    }

    fn report(&mut self, code: ParseError, at: usize) {
        let position = self.core.position(at);
        self.sink.error(Error { code, position });
    }

    // ----- emission -----

    #[inline(always)]
    fn flush_chars(&mut self) {
        self.report_pending();
        if self.core.has_chars() {
            self.flush_chars_now();
        }
    }

    fn flush_chars_now(&mut self) {
        if let Some((text, span)) = self.core.take_chars() {
            self.sink.token(Token::Characters(text), span);
        }
    }

    fn emit_token(&mut self, token: Token<'i>) {
        self.flush_chars();
        let span = self.core.token_span();
        self.sink.token(token, span);
    }

    pub(crate) fn emit_eof(&mut self) -> Step {
        self.flush_chars();
        let span = self.core.eof_span();
        self.sink.token(Token::Eof, span);
        Step::Done
    }

    /// "Emit the current tag token": a start tag, an empty tag (`<a/>`) or an end tag.
    pub(crate) fn emit_tag(&mut self) {
        let kind = self.core.tag_kind;
        let tag = self.core.take_tag();
        let had_attributes = tag.attributes.capacity() != 0;
        let token = match kind {
            TagKind::Start if tag.self_closing => Token::EmptyTag(tag),
            TagKind::Start => Token::StartTag(tag),
            TagKind::End => Token::EndTag(tag),
        };
        self.emit_token(token);
        if had_attributes {
            if let Some(spare) = self.sink.spare_attributes() {
                self.core.reuse_attributes(spare);
            }
        }
    }

    /// "Emit a short end tag token" (`</>`).
    pub(crate) fn emit_short_end_tag(&mut self) {
        self.emit_token(Token::ShortEndTag);
    }

    pub(crate) fn emit_comment(&mut self) {
        let data = self.core.take_comment();
        self.emit_token(Token::Comment(data));
    }

    pub(crate) fn emit_doctype(&mut self) {
        let d = self.core.take_doctype();
        self.emit_token(Token::Doctype(Box::new(d)));
    }

    pub(crate) fn emit_pi(&mut self) {
        let pi = self.core.take_pi();
        self.emit_token(Token::ProcessingInstruction(pi));
    }

    /// On leaving the attribute name state: drop a duplicate attribute.
    pub(crate) fn check_duplicate_attribute(&mut self) {
        if self.core.drop_duplicate_attribute() {
            self.error(ParseError::DuplicateAttribute);
        }
    }

    // ----- character references -----

    #[inline]
    pub(crate) fn set_return_state(&mut self, state: State) {
        self.return_state = state;
    }

    pub(crate) fn set_additional_allowed_character(&mut self, src: Src) {
        self.additional_allowed = match src {
            Src::Str(s) => s.bytes().next(),
            Src::Current | Src::CurrentLowercase => self.core.input_bytes().get(self.core.cur).copied(),
            Src::Run(a, _) => self.core.input_bytes().get(a).copied(),
        };
    }
}

/// The default sink: queues tokens (and errors, when asked) for the iterator.
#[derive(Debug, Default)]
pub struct TokenQueue<'i> {
    tokens: VecDeque<(Token<'i>, Span)>,
    errors: Vec<Error>,
    want_errors: bool,
}

impl<'i> Sink<'i> for TokenQueue<'i> {
    fn token(&mut self, token: Token<'i>, span: Span) {
        self.tokens.push_back((token, span));
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        self.want_errors
    }
}

impl<'i> Tokenizer<'i, TokenQueue<'i>> {
    /// Tokenize a whole string; iterate to get the tokens.
    pub fn new(input: &'i str) -> Self {
        Self::with_options(input, Options::default())
    }

    pub fn with_options(input: &'i str, options: Options) -> Self {
        Self::build(Cow::Borrowed(input), true, TokenQueue { want_errors: options.errors, ..Default::default() })
    }

    /// Parse errors found so far (with `Options::errors`), in input order.
    pub fn errors(&self) -> &[Error] {
        &self.sink.errors
    }

    /// The next token with its byte span.
    pub fn next_spanned(&mut self) -> Option<(Token<'i>, Span)> {
        loop {
            if let Some(t) = self.sink.tokens.pop_front() {
                return Some(t);
            }
            if self.done {
                return None;
            }
            match self.step() {
                Step::Continue => {}
                // Whole input never suspends; stop rather than spin if it did.
                Step::Suspend | Step::Done => self.done = true,
            }
        }
    }
}

impl<'i> Iterator for Tokenizer<'i, TokenQueue<'i>> {
    type Item = Token<'i>;

    fn next(&mut self) -> Option<Token<'i>> {
        self.next_spanned().map(|(t, _)| t)
    }
}

impl<S: Sink<'static>> Tokenizer<'static, S> {
    /// A tokenizer for input in chunks: [`feed`](Self::feed) each, then [`finish`](Self::finish).
    pub fn streaming(sink: S) -> Self {
        Self::build(Cow::Owned(String::new()), false, sink)
    }

    pub fn feed(&mut self, chunk: &str) {
        self.core.push_chunk(chunk);
        self.run();
    }

    pub fn finish(&mut self) {
        self.core.set_final();
        self.run();
    }
}

/// Tokenize a whole XML5 string: an iterator of tokens. A leading byte order mark (U+FEFF) is
/// skipped, as decoding bytes would have; spans then count from after it.
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(crate::strip_bom(input))
}
