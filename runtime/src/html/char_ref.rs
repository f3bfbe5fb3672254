//! The two tokenizer states that are algorithms rather than tables: longest-match named
//! character references and the numeric character reference end checks. Their RON files in
//! `spec/html/tokenizer/` carry anchors and examples and mark the body as hand-written.

use super::named_refs::longest_match;
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
        let name = std::str::from_utf8(&self.core.input_bytes()[start..end]).unwrap_or_default().to_owned();
        self.core.temp.push_str(&name);
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
        let mut code = self.core.char_ref_code;
        if code == 0 {
            self.error_at(ParseError::NullCharacterReference, at);
            code = 0xFFFD;
        } else if code > 0x10FFFF {
            self.error_at(ParseError::CharacterReferenceOutsideUnicodeRange, at);
            code = 0xFFFD;
        } else if (0xD800..=0xDFFF).contains(&code) {
            self.error_at(ParseError::SurrogateCharacterReference, at);
            code = 0xFFFD;
        } else if (0xFDD0..=0xFDEF).contains(&code) || (code & 0xFFFE) == 0xFFFE {
            self.error_at(ParseError::NoncharacterCharacterReference, at);
        } else if code == 0x0D || (is_control(code) && !matches!(code, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)) {
            self.error_at(ParseError::ControlCharacterReference, at);
            code = c1_replacement(code).unwrap_or(code);
        }
        self.core.temp.clear();
        self.core.temp.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
        self.flush_char_ref();
        self.state = self.return_state;
        Step::Continue
    }
}

/// "A control is a C0 control or a code point in the range U+007F DELETE to U+009F APPLICATION
/// PROGRAM COMMAND, inclusive."
fn is_control(c: u32) -> bool {
    c <= 0x1F || (0x7F..=0x9F).contains(&c)
}

/// The table in #numeric-character-reference-end-state.
fn c1_replacement(c: u32) -> Option<u32> {
    Some(match c {
        0x80 => 0x20AC,
        0x82 => 0x201A,
        0x83 => 0x0192,
        0x84 => 0x201E,
        0x85 => 0x2026,
        0x86 => 0x2020,
        0x87 => 0x2021,
        0x88 => 0x02C6,
        0x89 => 0x2030,
        0x8A => 0x0160,
        0x8B => 0x2039,
        0x8C => 0x0152,
        0x8E => 0x017D,
        0x91 => 0x2018,
        0x92 => 0x2019,
        0x93 => 0x201C,
        0x94 => 0x201D,
        0x95 => 0x2022,
        0x96 => 0x2013,
        0x97 => 0x2014,
        0x98 => 0x02DC,
        0x99 => 0x2122,
        0x9A => 0x0161,
        0x9B => 0x203A,
        0x9C => 0x0153,
        0x9E => 0x017E,
        0x9F => 0x0178,
        _ => return None,
    })
}
