//! The two tokenizer states that are algorithms rather than tables: longest-match named
//! character references and the numeric character reference end checks. Their RON files in
//! `spec/html/tokenizer/` carry anchors and examples and mark the body as hand-written.

use super::Sink;
use super::named_refs::longest_match;
use super::tokenizer::Tokenizer;
use super::{ParseError, State};
use crate::char_ref::{NumericProblem, resolve_numeric};
use crate::core::Step;

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// spec: #named-character-reference-state
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
        // Steps 2 and 3.
        self.core.flush_replacement(chars, in_attribute);
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
        self.core.flush_replacement(c.encode_utf8(&mut utf8), in_attribute);
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
