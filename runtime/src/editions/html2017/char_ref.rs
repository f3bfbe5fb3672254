//! 12.2.4.69 "Tokenizing character references": the algorithm "consume a character reference,
//! optionally with an additional allowed character", which the three character reference states
//! switch into (its RON file marks it hand-written), followed by what those states do with the
//! result. It is this text's algorithm, not today's: whitespace, `<`, `&`, EOF and the
//! additional allowed character end it at once; a named reference is the longest match in the
//! table; an unterminated name before `=` in an attribute is a parse error. The whole reference
//! is decided at once, so the state either finishes or suspends (changing nothing).

use super::tokenizer::Tokenizer;
use super::{ParseError, Sink};
use crate::char_ref::{NumericProblem, NumericScan, resolve_numeric, scan_numeric};
use crate::core::Step;
use crate::editions::reference::{Outcome, Returned};
use crate::html::named_refs::longest_match;

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// spec: #tokenizing-character-references. Entered with the `&` consumed and the return
    /// state set by the character reference state that switched here.
    pub(crate) fn tokenizing_character_references(&mut self) -> Step {
        #[cfg(feature = "trace")]
        self.trace(super::State::TokenizingCharacterReferences, 0);
        let in_attribute = self.char_ref_in_attribute();
        let outcome = self.consume_a_character_reference(self.own.additional_allowed, in_attribute);
        if !matches!(outcome, Outcome::Suspend) {
            self.own.additional_allowed = None;
        }
        // 12.2.4.2/4 and 12.2.4.41: what the character reference states do with the result.
        self.finish_reference(outcome, in_attribute)
    }

    /// The algorithm itself, from the character after the `&` (at `core.pos`). Reports its
    /// parse errors; consumes nothing (the caller moves past what was returned).
    fn consume_a_character_reference(&mut self, additional: Option<u8>, in_attribute: bool) -> Outcome {
        let p = self.core.pos;
        let is_final = self.core.input_is_final();
        let bytes = self.core.input_bytes();
        let Some(&first) = bytes.get(p) else {
            // EOF: "Not a character reference. No characters are consumed, and nothing is
            // returned. (This is not an error, either.)"
            return if is_final { Outcome::Nothing } else { Outcome::Suspend };
        };
        // CR is read as LF.
        if matches!(first, b'\t' | b'\n' | 0x0C | b'\r' | b' ' | b'<' | b'&') || Some(first) == additional {
            return Outcome::Nothing;
        }
        if first == b'#' {
            return match scan_numeric(bytes, p, is_final) {
                NumericScan::Suspend => Outcome::Suspend,
                // "If no characters match the range, then don't consume any characters ... This
                // is a parse error; nothing is returned."
                NumericScan::NoDigits { at } => {
                    self.error_at(ParseError::AbsenceOfDigitsInNumericCharacterReference, at);
                    Outcome::Nothing
                }
                NumericScan::Number { code, end, semicolon } => {
                    // "Otherwise, if the next character is a U+003B SEMICOLON, consume that too.
                    // If it isn't, there is a parse error."
                    if !semicolon {
                        self.error_at(ParseError::MissingSemicolonAfterCharacterReference, end);
                    }
                    // The table (0x00 and 0x80-0x9F), the ranges that give U+FFFD, and the ranges
                    // that are parse errors but keep their code point: the same values and the same
                    // errors as the shared checks (crate::char_ref::resolve_numeric).
                    let (c, problem) = resolve_numeric(code);
                    if let Some(problem) = problem {
                        self.error_at(numeric_problem_code(problem), end);
                    }
                    Outcome::Returned { end, text: Returned::Numeric(c) }
                }
            };
        }
        // "Anything else": "Consume the maximum number of characters possible, with the consumed
        // characters matching one of the identifiers in the first column of the named character
        // references table (in a case-sensitive manner)."
        let m = longest_match(&bytes[p..]);
        if m.incomplete && !is_final {
            return Outcome::Suspend;
        }
        let Some((len, chars)) = m.longest else {
            // "If no match can be made, then no characters are consumed, and nothing is returned.
            // In this case, if the characters after the U+0026 AMPERSAND character (&) consist of
            // a sequence of one or more alphanumeric ASCII characters followed by a U+003B
            // SEMICOLON character (;), then this is a parse error."
            let run = bytes[p..].iter().take_while(|b| b.is_ascii_alphanumeric()).count();
            return match bytes.get(p + run) {
                None if !is_final => Outcome::Suspend,
                Some(b';') if run > 0 => {
                    self.error_at(ParseError::UnknownNamedCharacterReference, p + run);
                    Outcome::Nothing
                }
                _ => Outcome::Nothing,
            };
        };
        let end = p + len;
        let semicolon = bytes[end - 1] == b';';
        if in_attribute && !semicolon {
            // "If the character reference is being consumed as part of an attribute, and the last
            // character matched is not a U+003B SEMICOLON character (;), and the next character is
            // either a U+003D EQUALS SIGN character (=) or an alphanumeric ASCII character, then,
            // for historical reasons, all the characters that were matched after the U+0026
            // AMPERSAND character (&) must be unconsumed, and nothing is returned. However, if
            // this next character is in fact a U+003D EQUALS SIGN character (=), then this is a
            // parse error".
            match bytes.get(end) {
                None if !is_final => return Outcome::Suspend,
                Some(b'=') => {
                    self.error_at(ParseError::EqualsSignAfterCharacterReferenceInAttribute, end);
                    return Outcome::Nothing;
                }
                Some(b) if b.is_ascii_alphanumeric() => return Outcome::Nothing,
                _ => {}
            }
        }
        // "Otherwise, a character reference is parsed. If the last character matched is not a
        // U+003B SEMICOLON character (;), there is a parse error."
        if !semicolon {
            self.error_at(ParseError::MissingSemicolonAfterCharacterReference, end);
        }
        Outcome::Returned { end, text: Returned::Named(chars) }
    }
}

/// The code this edition gives each kind of numeric problem (the same codes as today's).
fn numeric_problem_code(p: NumericProblem) -> ParseError {
    match p {
        NumericProblem::Null => ParseError::NullCharacterReference,
        NumericProblem::OutsideUnicodeRange => ParseError::CharacterReferenceOutsideUnicodeRange,
        NumericProblem::Surrogate => ParseError::SurrogateCharacterReference,
        NumericProblem::Noncharacter => ParseError::NoncharacterCharacterReference,
        NumericProblem::Control => ParseError::ControlCharacterReference,
    }
}
