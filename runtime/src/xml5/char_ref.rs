//! The XML5 character reference states. The draft's "consume a character reference" algorithm
//! (#tokenizing_character_ref) is unfinished; per spec/xml5/README.md statemark runs HTML's
//! rules: longest match in HTML's named reference table, HTML's numeric checks and replacements,
//! and HTML's attribute rule. The whole reference is decided at once, so the state either
//! finishes or suspends (changing nothing) until more input arrives.

use super::tokenizer::Tokenizer;
use super::{ParseError, Sink, State};
use crate::char_ref::{NumericProblem, NumericScan, resolve_numeric, scan_numeric};
use crate::core::{Src, Step};
use crate::html::named_refs::longest_match;

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
                self.core.pos = end;
                self.core.cur = end.saturating_sub(1);
                self.core.flush_replacement(text.as_str(&mut [0; 4]), true);
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
