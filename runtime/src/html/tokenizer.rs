//! The HTML tokenizer: the generated states (`crate::generated::html_tokenizer`) run on a
//! [`Core`](crate::core::Core) (input and the token under construction); this file adds what
//! is HTML's own: emitting tokens to the sink, error codes and positions, the guards that depend
//! on HTML state (appropriate end tag, character reference in an attribute), the tree builder's
//! feedback, and the public constructors. The two algorithmic states are in `char_ref.rs`.

use super::token::{Control, Error, Sink, Token};
use super::{ParseError, State};
use crate::core::{Core, InputProblem, Step, TagKind};
use crate::position::LineCounter;
use crate::{Position, Span};
use std::borrow::Cow;
use std::collections::VecDeque;

/// Tokenizer options: what a tree builder or a test sets.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The state to start in (html5lib-tests' `initialStates`); default: the data state.
    pub initial_state: Option<State>,
    /// "The tag name of the last start tag to have been emitted from this tokenizer"
    /// (html5lib-tests' `lastStartTag`).
    pub last_start_tag: Option<String>,
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
}

/// The HTML tokenizer. Generic over where tokens go: the default sink queues them for the
/// [`Iterator`] implementation; any [`Sink`] receives them as they come.
pub struct Tokenizer<'i, S> {
    /// Input and the token under construction; the generated states call its verbs.
    pub(crate) core: Core<'i>,
    pub(crate) state: State,
    pub(crate) return_state: State,
    done: bool,
    /// The last start tag's name: borrowed from the input when the token borrowed it (no copy
    /// per start tag), else copied into `last_start_tag_owned`, whose buffer is reused.
    last_start_tag: Option<&'i str>,
    last_start_tag_owned: String,
    has_last_start_tag: bool,
    sink: S,
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    fn build(input: Cow<'i, str>, is_final: bool, options: Options, sink: S) -> Self {
        let state = options.initial_state.unwrap_or(State::INITIAL);
        let errors_on = sink.wants_errors();
        Tokenizer {
            core: Core::new(input, is_final, errors_on),
            state,
            return_state: state,
            done: false,
            has_last_start_tag: options.last_start_tag.is_some(),
            last_start_tag: None,
            last_start_tag_owned: options.last_start_tag.unwrap_or_default(),
            sink,
        }
    }

    /// Tokenize a whole string, sending tokens to `sink`. Call [`run`](Self::run) to drive it.
    pub fn with_sink(input: &'i str, options: Options, sink: S) -> Self {
        Self::build(Cow::Borrowed(input), true, options, sink)
    }

    /// Run to the end of the input (or, for chunked input, until more input is needed).
    pub fn run(&mut self) {
        while !self.done {
            let step = self.step();
            self.after_step(step);
            if step == Step::Suspend {
                self.report_pending();
                self.core.compact();
                return;
            }
        }
    }

    #[inline(always)]
    fn after_step(&mut self, step: Step) {
        if step == Step::Done {
            self.done = true;
        }
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    pub fn into_sink(self) -> S {
        self.sink
    }

    /// The state the tokenizer is in.
    pub fn state(&self) -> State {
        self.state
    }

    /// Switch state from outside (what a tree builder does between tokens).
    pub fn set_state(&mut self, state: State) {
        self.state = state;
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

    #[cold]
    fn report_input_problems(&mut self) {
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

    /// "This is a `code` parse error", at the current input character.
    #[inline(always)]
    pub(crate) fn error(&mut self, code: ParseError) {
        if self.core.errors_on {
            let at = self.core.cur;
            self.error_at(code, at);
        }
    }

    /// Report `code` at relative offset `at` (after any input problem found before it).
    #[cold]
    pub(crate) fn error_at(&mut self, code: ParseError, at: usize) {
        if !self.core.errors_on {
            return;
        }
        if !self.core.pending.is_empty() {
            self.report_input_problems();
        }
        self.report(code, at);
    }

    fn report(&mut self, code: ParseError, at: usize) {
        let position = self.core.position(at);
        self.sink.error(Error { code, position });
    }

    // ----- emission -----

    /// Input problems are reported before any later error and before the next token, so the
    /// sink sees errors in input order without a check on every step.
    #[inline]
    fn report_pending(&mut self) {
        if !self.core.pending.is_empty() {
            self.report_input_problems();
        }
    }

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
        // Generated cases switch state before they emit, so the sink's request wins.
        if let Control::SwitchTo(s) = self.sink.token(token, span) {
            self.state = s;
        }
    }

    pub(crate) fn emit_eof(&mut self) -> Step {
        self.flush_chars();
        let span = self.core.eof_span();
        self.sink.token(Token::Eof, span);
        Step::Done
    }

    pub(crate) fn emit_tag(&mut self) {
        let kind = self.core.tag_kind;
        let tag = self.core.take_tag();
        let had_attributes = tag.attributes.capacity() != 0;
        match kind {
            TagKind::Start => {
                match &tag.name {
                    Cow::Borrowed(name) => self.last_start_tag = Some(name),
                    Cow::Owned(name) => {
                        self.last_start_tag = None;
                        self.last_start_tag_owned.clear();
                        self.last_start_tag_owned.push_str(name);
                    }
                }
                self.has_last_start_tag = true;
                self.emit_token(Token::StartTag(tag));
            }
            TagKind::End => {
                // spec: #tokenization, "When an end tag token is emitted with attributes ..."
                if !tag.attributes.is_empty() {
                    self.error(ParseError::EndTagWithAttributes);
                }
                if tag.self_closing {
                    self.error(ParseError::EndTagWithTrailingSolidus);
                }
                self.emit_token(Token::EndTag(tag));
            }
        }
        if had_attributes {
            if let Some(spare) = self.sink.spare_attributes() {
                self.core.reuse_attributes(spare);
            }
        }
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

    /// spec: #attribute-name-state, on leaving: drop a duplicate attribute.
    pub(crate) fn check_duplicate_attribute(&mut self) {
        if self.core.drop_duplicate_attribute() {
            self.error(ParseError::DuplicateAttribute);
        }
    }

    // ----- guards and return state -----

    /// "An appropriate end tag token is an end tag token whose tag name matches the tag name of
    /// the last start tag to have been emitted from this tokenizer, if any."
    #[inline]
    pub(crate) fn appropriate_end_tag(&self) -> bool {
        self.has_last_start_tag
            && self.core.tag_kind == TagKind::End
            && self.core.tag_name() == self.last_start_tag.unwrap_or(&self.last_start_tag_owned)
    }

    pub(crate) fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign()
    }

    #[inline]
    pub(crate) fn set_return_state(&mut self, state: State) {
        self.return_state = state;
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

/// The default sink: queues tokens (and errors, when asked) for the iterator.
#[derive(Debug, Default)]
pub struct TokenQueue<'i> {
    tokens: VecDeque<(Token<'i>, Span)>,
    errors: Vec<Error>,
    want_errors: bool,
}

impl<'i> Sink<'i> for TokenQueue<'i> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.tokens.push_back((token, span));
        Control::Continue
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        self.want_errors
    }
}

impl<'i> Tokenizer<'i, TokenQueue<'i>> {
    /// Tokenize a whole string with default options; iterate to get the tokens.
    pub fn new(input: &'i str) -> Self {
        Self::with_options(input, Options::default())
    }

    pub fn with_options(input: &'i str, options: Options) -> Self {
        let sink = TokenQueue { want_errors: options.errors, ..Default::default() };
        Self::build(Cow::Borrowed(input), true, options, sink)
    }

    /// Parse errors found so far (with `Options::errors`), in input order.
    pub fn errors(&self) -> &[Error] {
        &self.sink.errors
    }

    pub fn take_errors(&mut self) -> Vec<Error> {
        std::mem::take(&mut self.sink.errors)
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
            let step = self.step();
            self.after_step(step);
            // Whole input never suspends; stop rather than spin if it did.
            if step == Step::Suspend {
                self.done = true;
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
    /// A tokenizer for input that arrives in chunks: [`feed`](Self::feed) each chunk, then
    /// [`finish`](Self::finish). Tokens reach the sink as soon as they are complete; the
    /// result is the same whatever the split.
    pub fn streaming(options: Options, sink: S) -> Self {
        Self::build(Cow::Owned(String::new()), false, options, sink)
    }

    /// Add a chunk and tokenize as far as it allows.
    pub fn feed(&mut self, chunk: &str) {
        self.core.push_chunk(chunk);
        self.run();
    }

    /// Mark the end of the input and tokenize the rest (emitting the end-of-file token).
    pub fn finish(&mut self) {
        self.core.set_final();
        self.run();
    }
}

/// Tokenize a whole string: an iterator of tokens, adjacent characters merged into runs. A
/// leading byte order mark (U+FEFF) is skipped, as decoding bytes would have; spans then count
/// from after it. (`Tokenizer::new` and the other constructors take the input stream as given.)
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(crate::strip_bom(input))
}

/// Position of an offset, for users who kept spans and want lines and columns.
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
            if let Token::StartTag(tag) | Token::EndTag(tag) = token {
                if !tag.attributes.is_empty() {
                    self.lists.push((tag.attributes.as_ptr(), tag.attributes.len()));
                    let mut list = tag.attributes;
                    list.clear();
                    self.spare = Some(list);
                }
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
