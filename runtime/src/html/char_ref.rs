//! The two tokenizer states that are algorithms rather than tables: longest-match named
//! character references and the numeric character reference end checks. Their RON files in
//! `spec/html/tokenizer/` carry anchors and examples and mark the body as hand-written.

use super::named_refs::longest_match;
use crate::char_ref::{NumericProblem, resolve_numeric};
use super::Sink;
use super::tokenizer::Tokenizer;
use crate::core::Step;
use super::{ParseError, State};

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
        let next = self.core.input_bytes().get(end).copied();
        if self.char_ref_in_attribute() && !semicolon && next.is_none() && !self.core.input_is_final() {
            // The attribute rule needs the next input character.
            return Step::Suspend;
        }
        // Consume the matched characters, appending each to the temporary buffer.
        self.core.append_input_to_temp(start, end);
        self.core.pos = end;
        self.core.cur = end - 1;
        if self.char_ref_in_attribute() && !semicolon && next.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric()) {
            // "for historical reasons, flush code points consumed as a character reference and
            // switch to the return state."
            self.flush_char_ref();
            self.state = self.return_state;
            return Step::Continue;
        }
        if !semicolon {
            // Step 1; reported at the next input character, as html5lib-tests count it.
            self.error_at(ParseError::MissingSemicolonAfterCharacterReference, end);
        }
        // Steps 2 and 3.
        self.core.temp.clear();
        self.core.temp.push_str(chars);
        self.flush_char_ref();
        self.state = self.return_state;
        Step::Continue
    }

    /// spec: #numeric-character-reference-end-state. Consumes nothing; errors are reported at
    /// the next input character.
    pub(crate) fn numeric_character_reference_end_state(&mut self) -> Step {
        #[cfg(feature = "trace")]
        self.trace(State::NumericCharacterReferenceEndState, 0);
        let at = self.core.pos;
        let (value, problem) = resolve_numeric(self.core.char_ref_code);
        if let Some(p) = problem {
            self.error_at(numeric_problem_code(p), at);
        }
        let code = value as u32;
        self.core.temp.clear();
        self.core.temp.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
        self.flush_char_ref();
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
