//! The XML5 character reference states. The draft's "consume a character reference" algorithm
//! (#tokenizing_character_ref) is unfinished; per spec/xml5/README.md statemark runs HTML's
//! rules: longest match in HTML's named reference table, HTML's numeric checks and replacements,
//! and HTML's attribute rule. The whole reference is decided at once, so the state either
//! finishes or suspends (changing nothing) until more input arrives. And the decoder of
//! attribute values handed over as written, which runs those same states.

use super::token::{Error, Sink, Token};
use super::tokenizer::Tokenizer;
use crate::Span;
use crate::char_ref::{NumericProblem, NumericScan, resolve_numeric, scan_numeric};
use crate::core::{Src, Step};
use crate::generated::xml5_tokenizer::{ParseError, State};
use crate::html::char_ref::ValueSyntax;
use crate::html::named_refs::longest_match;
use std::borrow::Cow;

/// What consuming a character reference gave.
enum Outcome {
    /// More input is needed to decide.
    Suspend,
    /// Not a character reference: nothing consumed; the `&` stays text.
    NotAReference,
    /// A reference ending at relative offset `end`, standing for `text`.
    Reference { end: usize, text: Replacement },
}

/// What a reference stands for.
enum Replacement {
    Named(&'static str),
    Numeric(char),
}

impl Replacement {
    fn as_str<'a>(&self, utf8: &'a mut [u8; 4]) -> &'a str {
        match *self {
            Replacement::Named(s) => s,
            Replacement::Numeric(c) => c.encode_utf8(utf8),
        }
    }
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// spec: #charref_data_head
    pub(crate) fn character_reference_in_data_state(&mut self) -> Step {
        #[cfg(feature = "trace")]
        self.trace(State::CharacterReferenceInDataState, 0);
        match self.consume_char_ref(None, false) {
            Outcome::Suspend => return Step::Suspend,
            Outcome::NotAReference => self.core.emit_chars(Src::Str("&")),
            Outcome::Reference { end, text } => {
                self.core.pos = end;
                self.core.cur = end.saturating_sub(1);
                self.core.flush_replacement(text.as_str(&mut [0; 4]), false);
            }
        }
        self.state = State::DataState;
        Step::Continue
    }

    /// spec: #charref_attr_state
    pub(crate) fn character_reference_in_attribute_value_state(&mut self) -> Step {
        #[cfg(feature = "trace")]
        self.trace(State::CharacterReferenceInAttributeValueState, 0);
        match self.consume_char_ref(self.own.additional_allowed, true) {
            Outcome::Suspend => return Step::Suspend,
            Outcome::NotAReference => self.core.append_to_attribute_value(Src::Str("&")),
            Outcome::Reference { end, text } => {
                // Raw values: the '&' (the current input character, still in the input: a
                // suspension keeps it) and the reference as written.
                let amp = self.core.cur;
                self.core.pos = end;
                self.core.cur = end.saturating_sub(1);
                if self.core.raw_attribute_values() {
                    self.core.append_to_attribute_value(Src::Run(amp, end));
                } else {
                    self.core.flush_replacement(text.as_str(&mut [0; 4]), true);
                }
            }
        }
        self.state = self.return_state;
        Step::Continue
    }

    /// Decide the reference after the `&` (at `core.pos`) and report its errors; consumes
    /// nothing itself.
    fn consume_char_ref(&mut self, additional: Option<u8>, in_attribute: bool) -> Outcome {
        let p = self.core.pos;
        let is_final = self.core.input_is_final();
        let bytes = self.core.input_bytes();
        let Some(&first) = bytes.get(p) else {
            return if is_final { Outcome::NotAReference } else { Outcome::Suspend };
        };
        if Some(first) == additional {
            return Outcome::NotAReference;
        }
        if first == b'#' {
            let (code, end) = match scan_numeric(bytes, p, is_final) {
                NumericScan::Suspend => return Outcome::Suspend,
                NumericScan::NoDigits { at } => {
                    self.error_at(ParseError::AbsenceOfDigitsInNumericCharacterReference, at);
                    return Outcome::NotAReference;
                }
                NumericScan::Number { code, end, semicolon } => {
                    if !semicolon {
                        self.error_at(ParseError::MissingSemicolonAfterCharacterReference, end);
                    }
                    (code, end)
                }
            };
            let (c, problem) = resolve_numeric(code);
            if let Some(problem) = problem {
                let code = match problem {
                    NumericProblem::Null => ParseError::NullCharacterReference,
                    NumericProblem::OutsideUnicodeRange => ParseError::CharacterReferenceOutsideUnicodeRange,
                    NumericProblem::Surrogate => ParseError::SurrogateCharacterReference,
                    NumericProblem::Noncharacter => ParseError::NoncharacterCharacterReference,
                    NumericProblem::Control => ParseError::ControlCharacterReference,
                };
                self.error_at(code, end);
            }
            return Outcome::Reference { end, text: Replacement::Numeric(c) };
        }
        if !first.is_ascii_alphanumeric() {
            return Outcome::NotAReference;
        }
        let m = longest_match(&bytes[p..]);
        if m.incomplete && !is_final {
            return Outcome::Suspend;
        }
        let Some((len, chars)) = m.longest else {
            // Not in the table (with or without a semicolon): kept as text, no error.
            return Outcome::NotAReference;
        };
        let end = p + len;
        let semicolon = bytes[end - 1] == b';';
        if !semicolon && in_attribute {
            match bytes.get(end) {
                None if !is_final => return Outcome::Suspend,
                // HTML's attribute rule, "for historical reasons".
                Some(&b) if b == b'=' || b.is_ascii_alphanumeric() => {
                    return Outcome::NotAReference;
                }
                _ => {}
            }
        }
        if !semicolon {
            self.error_at(ParseError::MissingSemicolonAfterCharacterReference, end);
        }
        Outcome::Reference { end, text: Replacement::Named(chars) }
    }
}

/// The decoded value of an XML5 attribute value handed over as written
/// ([`Sink::raw_attribute_values`]): exactly what the tokenizer would have produced, with
/// XML5's character references (spec: #charref_attr_state, HTML's rules per
/// spec/xml5/README.md), CR and CRLF read as LF and U+0000 as U+FFFD. The value states decode
/// alike whatever the quotes. A value with none of `&`, CR or NUL is returned as it is,
/// without running anything (quick-xml's lazy unescaping).
///
/// ```
/// use statemark::xml5::decode_attribute_value;
/// assert_eq!(decode_attribute_value("a&lt;b&#x41;"), "a<bA");
/// ```
pub fn decode_attribute_value(raw: &str) -> Cow<'_, str> {
    crate::html::char_ref::decode_lazily(raw, |raw, syntax| run_value_states(raw, syntax, false).0)
}

/// [`decode_attribute_value`] with the parse errors the value states report for it, positions
/// relative to the raw value; `syntax` says which value state tokenized it.
pub fn decode_attribute_value_with_errors(raw: &str, syntax: ValueSyntax) -> (Cow<'_, str>, Vec<Error>) {
    run_value_states(raw, syntax, true)
}

/// Keeps the value of the one attribute of the tag a decoding run emits, and the errors.
struct DecodeSink<'i> {
    errors_on: bool,
    value: Option<Cow<'i, str>>,
    errors: Vec<Error>,
}

impl<'i> Sink<'i> for DecodeSink<'i> {
    fn token(&mut self, token: Token<'i>, _span: Span) {
        if let Token::StartTag(mut tag) = token {
            self.value = tag.attributes.pop().map(|a| a.value);
        }
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        self.errors_on
    }
}

/// One concern, one place: the tokenizer's own value and character reference states run over
/// the raw value, from the value state with a tag and an attribute under construction. At the
/// end of the input the state reports `eof-in-tag` and emits the tag; that error is not the
/// value's.
fn run_value_states(raw: &str, syntax: ValueSyntax, errors_on: bool) -> (Cow<'_, str>, Vec<Error>) {
    let (state, allowed) = match syntax {
        ValueSyntax::DoubleQuoted => (State::TagAttributeValueDoubleQuotedState, b'"'),
        ValueSyntax::SingleQuoted => (State::TagAttributeValueSingleQuotedState, b'\''),
        ValueSyntax::Unquoted => (State::TagAttributeValueUnquotedState, b'>'),
    };
    let sink = DecodeSink { errors_on, value: None, errors: Vec::new() };
    let mut t = Tokenizer::with_sink(raw, sink);
    t.core.create_start_tag();
    t.core.start_attribute();
    t.state = state;
    t.return_state = state;
    t.own.additional_allowed = Some(allowed);
    t.run();
    let value = t.sink.value.take().unwrap_or_default();
    let mut errors = std::mem::take(&mut t.sink.errors);
    if errors.last().is_some_and(|e| e.code == ParseError::EofInTag) {
        errors.pop();
    }
    (value, errors)
}
