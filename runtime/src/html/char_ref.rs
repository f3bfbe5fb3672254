//! The two tokenizer states that are algorithms rather than tables: longest-match named
//! character references and the numeric character reference end checks. Their RON files in
//! `spec/html/tokenizer/` carry anchors and examples and mark the body as hand-written. And the
//! decoder of attribute values handed over as written, which runs those same states.

use super::named_refs::longest_match;
use super::token::{Control, Error, Sink, Token};
use super::tokenizer::{Options, Tokenizer};
use crate::Span;
use crate::char_ref::{NumericProblem, resolve_numeric};
use crate::core::{Step, StopSet};
use crate::generated::html_tokenizer::{ParseError, State};
use std::borrow::Cow;

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// spec: #named-character-reference-state
    #[inline(never)]
    pub(crate) fn named_character_reference_state(&mut self) -> Step {
        #[cfg(feature = "trace")]
        self.trace(State::NamedCharacterReferenceState, 0);
        let start = self.core.pos;
        let m = longest_match(&self.core.input_bytes()[start..]);
        if m.incomplete && !self.core.input_is_final() {
            return Step::Suspend;
        }
        let Some((len, chars)) = m.longest else {
            // "Otherwise: flush code points consumed as a character reference. Switch to the
            // ambiguous ampersand state." Nothing was consumed here.
            self.flush_char_ref();
            self.state = State::AmbiguousAmpersandState;
            return Step::Continue;
        };
        let end = start + len;
        let semicolon = self.core.input_bytes()[end - 1] == b';';
        let in_attribute = self.char_ref_in_attribute();
        if in_attribute && !semicolon {
            match self.core.input_bytes().get(end) {
                // The attribute rule needs the next input character.
                None if !self.core.input_is_final() => return Step::Suspend,
                Some(&b) if b == b'=' || b.is_ascii_alphanumeric() => {
                    // "for historical reasons, flush code points consumed as a character
                    // reference and switch to the return state": the '&' and the name.
                    self.core.append_input_to_temp(start, end);
                    self.consume_matched(end);
                    self.core.flush_temp(true);
                    self.state = self.return_state;
                    return Step::Continue;
                }
                _ => {}
            }
        }
        // Consume the matched characters (appending them to the temporary buffer, which steps 2
        // and 3 replace at once: see `flush_replacement`).
        self.consume_matched(end);
        if !semicolon {
            // Step 1; reported at the next input character, as html5lib-tests count it.
            self.error_at(ParseError::MissingSemicolonAfterCharacterReference, end);
        }
        // Steps 2 and 3 (raw values: the '&' and the name as written).
        self.core.flush_reference(chars, in_attribute, Some(start));
        self.state = self.return_state;
        Step::Continue
    }

    /// The matched name `pos..end` is consumed: ASCII, no CR, so the current input character is
    /// its last byte.
    #[inline(always)]
    fn consume_matched(&mut self, end: usize) {
        self.core.pos = end;
        self.core.cur = end - 1;
    }

    /// spec: #numeric-character-reference-end-state. Consumes nothing; errors are reported at
    /// the next input character.
    pub(crate) fn numeric_character_reference_end_state(&mut self) -> Step {
        #[cfg(feature = "trace")]
        self.trace(State::NumericCharacterReferenceEndState, 0);
        let at = self.core.pos;
        let (c, problem) = resolve_numeric(self.core.char_ref_code);
        if let Some(p) = problem {
            self.error_at(numeric_problem_code(p), at);
        }
        let mut utf8 = [0; 4];
        let in_attribute = self.char_ref_in_attribute();
        // Raw values: the consumed "&#", "x" and digits, and the ';' if it was consumed (the
        // current character; else it is reconsumed, `cur == pos`).
        self.core.flush_reference(c.encode_utf8(&mut utf8), in_attribute, None);
        self.state = self.return_state;
        Step::Continue
    }
}

/// The HTML code for a numeric reference problem.
pub(crate) fn numeric_problem_code(p: NumericProblem) -> ParseError {
    match p {
        NumericProblem::Null => ParseError::NullCharacterReference,
        NumericProblem::OutsideUnicodeRange => ParseError::CharacterReferenceOutsideUnicodeRange,
        NumericProblem::Surrogate => ParseError::SurrogateCharacterReference,
        NumericProblem::Noncharacter => ParseError::NoncharacterCharacterReference,
        NumericProblem::Control => ParseError::ControlCharacterReference,
    }
}

/// How an attribute value was written: which of the three attribute value states tokenized it
/// ([#attribute-value-(double-quoted)-state](https://html.spec.whatwg.org/multipage/parsing.html#attribute-value-(double-quoted)-state)
/// and its two siblings). They decode alike; the unquoted state also reports
/// `unexpected-character-in-unquoted-attribute-value` for `"`, `'`, `<`, `=` and `` ` ``.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ValueSyntax {
    /// `a="..."`.
    #[default]
    DoubleQuoted,
    /// `a='...'`.
    SingleQuoted,
    /// `a=...`.
    Unquoted,
}

impl ValueSyntax {
    /// The syntax of a raw value that starts at byte `start` of `input`: the byte before it is
    /// its opening quote, if it has one.
    pub fn before(input: &str, start: usize) -> ValueSyntax {
        match start.checked_sub(1).and_then(|i| input.as_bytes().get(i)) {
            Some(b'"') => ValueSyntax::DoubleQuoted,
            Some(b'\'') => ValueSyntax::SingleQuoted,
            _ => ValueSyntax::Unquoted,
        }
    }

    /// A syntax that could hold `raw`: a value state that does not end at any of its
    /// characters (the three decode alike, so any such one decodes it).
    pub(crate) fn able_to_hold(raw: &str) -> ValueSyntax {
        let has = |c| raw.as_bytes().contains(&c);
        if !has(b'"') {
            ValueSyntax::DoubleQuoted
        } else if !has(b'\'') {
            ValueSyntax::SingleQuoted
        } else {
            // Both quotes: only an unquoted value holds them, and it holds no whitespace or '>'.
            ValueSyntax::Unquoted
        }
    }

    fn state(self) -> State {
        match self {
            ValueSyntax::DoubleQuoted => State::AttributeValueDoubleQuotedState,
            ValueSyntax::SingleQuoted => State::AttributeValueSingleQuotedState,
            ValueSyntax::Unquoted => State::AttributeValueUnquotedState,
        }
    }
}

/// Where `value` was written in `input`: a raw attribute value of whole-string input borrows
/// from it ([`Reads::raw_attribute_values`](super::Reads::raw_attribute_values)), so its place is
/// its pointer's offset, and a rewriter can splice there. `None` for text that is not part of
/// `input` (a decoded value that was changed, a value of chunked input) and for an empty value,
/// which has no place of its own. Not a spec notion: the span costs `Attribute` no field.
pub fn value_span(input: &str, value: &str) -> Option<Span> {
    let start = (value.as_ptr() as usize).checked_sub(input.as_ptr() as usize)?;
    (!value.is_empty() && start + value.len() <= input.len()).then(|| Span::new(start, start + value.len()))
}

/// The decoded value of an attribute value handed over as written
/// ([`Reads::raw_attribute_values`](super::Reads::raw_attribute_values)): exactly what the
/// tokenizer would have produced. Character references are resolved with the rule for those
/// "consumed as part of an attribute"
/// ([#named-character-reference-state](https://html.spec.whatwg.org/multipage/parsing.html#named-character-reference-state),
/// [#numeric-character-reference-end-state](https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state)),
/// CR and CRLF read as LF
/// ([#preprocessing-the-input-stream](https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream)),
/// U+0000 becomes U+FFFD. The three value states decode alike, so the syntax is not needed.
/// (`raw` is as written in one of them: a double-quoted value holds no `"`, and so on.)
/// A value with none of `&`, CR or NUL is returned as it is, without running anything.
///
/// ```
/// use statemark::html::decode_attribute_value;
/// assert_eq!(decode_attribute_value("a&amp;b&#x41\r\n"), "a&bA\n");
/// assert_eq!(decode_attribute_value("?x=1&copy=2"), "?x=1&copy=2"); // the attribute rule
/// ```
pub fn decode_attribute_value(raw: &str) -> Cow<'_, str> {
    decode_lazily(raw, |raw, syntax| run_value_states(raw, syntax, false).0)
}

/// What both machines' decoders share: a value with nothing to decode (no `&`, CR or NUL) is
/// returned as it is; any other runs the machine's value states (`run`) from one that could
/// hold it.
pub(crate) fn decode_lazily<'a>(raw: &'a str, run: impl FnOnce(&'a str, ValueSyntax) -> Cow<'a, str>) -> Cow<'a, str> {
    // The tokenizer's wide scan: sixteen bytes a step.
    static TO_DECODE: StopSet = StopSet::new(b"&\r\0");
    if TO_DECODE.find(raw.as_bytes(), 0) == raw.len() {
        return Cow::Borrowed(raw);
    }
    run(raw, ValueSyntax::able_to_hold(raw))
}

/// [`decode_attribute_value`] with the parse errors the value states report for it, in order:
/// codes as the tokenizer reports them, positions relative to the raw value (add the value's
/// start to the offsets for positions in the document; lines and columns count from the value's
/// start). `syntax` says which value state tokenized it ([`ValueSyntax::before`] reads it from
/// the input); the value must be one that state could hold (a double-quoted value holds no
/// `"`: the state would end there).
pub fn decode_attribute_value_with_errors(raw: &str, syntax: ValueSyntax) -> (Cow<'_, str>, Vec<Error>) {
    run_value_states(raw, syntax, true)
}

/// Collects the errors of a decoding run; its tokens (only the end-of-file token) are dropped.
struct DecodeSink {
    errors_on: bool,
    errors: Vec<Error>,
}

impl<'i> Sink<'i> for DecodeSink {
    fn token(&mut self, _token: Token<'i>, _span: Span) -> Control {
        Control::Continue
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        self.errors_on
    }
}

/// One concern, one place: the tokenizer's own value states and character reference states
/// run over the raw value, with a tag and an attribute under construction as when the value
/// state was entered. The value ends at the end of the input, where the state reports
/// `eof-in-tag` (the real value ended at its quote, or at whitespace or `>`, none of which
/// changes how a reference before it resolves); that last error is not the value's.
fn run_value_states(raw: &str, syntax: ValueSyntax, errors_on: bool) -> (Cow<'_, str>, Vec<Error>) {
    let sink = DecodeSink { errors_on, errors: Vec::new() };
    let mut t = Tokenizer::with_sink(raw, Options::without_switching(), sink);
    t.core.create_start_tag();
    t.core.start_attribute();
    t.state = syntax.state();
    t.return_state = t.state;
    t.run();
    let value = t.core.take_attribute_value();
    let mut errors = std::mem::take(&mut t.sink.errors);
    if errors.last().is_some_and(|e| e.code == ParseError::EofInTag) {
        errors.pop();
    }
    (value, errors)
}
