//! The machinery every generated tokenizer shares: input (whole or chunked, preprocessing,
//! suspension), lookahead and bulk scans, and the token under construction with the spec's
//! building verbs (append to the tag name, start an attribute, ...). The driver's `Tokenizer`
//! holds a `Core`, so generated code calls these verbs as `self.core.verb()`; the verbs that
//! emit, report errors or depend on the machine's states live on the driver or the machine.

use crate::position::LineCounter;
use crate::text::TextBuf;
use crate::token::{Attribute, Doctype, ProcessingInstruction, Tag};
use crate::{Position, Span};
use std::borrow::Cow;
use std::collections::HashMap;

mod input;
mod scan;
mod token;

use input::BEHIND;
pub use input::InputProblem;
pub(crate) use scan::StopSet;

/// What one run of a state function did (what the driver's loop acts on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Go on with the (possibly new) state.
    Continue,
    /// Out of input before the state could decide; nothing was consumed. Resume after more input.
    Suspend,
    /// The end-of-file token was emitted.
    Done,
}

/// The next input character, after preprocessing (CR and CRLF read as LF). Non-ASCII
/// characters are reported by their first byte: every character the tables name is ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Consumed {
    Byte(u8),
    Eof,
    Suspend,
}

/// Result of a lookahead for a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    Match,
    NoMatch,
    Suspend,
}

/// What a text verb appends.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Src {
    Current,
    CurrentLowercase,
    Str(&'static str),
    /// Input bytes `start..end` (relative offsets), from a bulk scan: no CR inside.
    Run(usize, usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TagKind {
    Start,
    End,
}

/// What the attribute value verbs build (`Core::set_reads`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Values {
    /// Nothing: the sink reads no values.
    Skip,
    /// The value, character references decoded (the spec's value).
    Decoded,
    /// The value as written: every value verb appends the input it stands for, so a value
    /// stays a span of the input (`html::Reads::raw_attribute_values`).
    Raw,
}

#[derive(Default)]
struct DoctypeBuf {
    name: Option<TextBuf>,
    public_id: Option<TextBuf>,
    system_id: Option<TextBuf>,
    force_quirks: bool,
}

pub(crate) struct Core<'i> {
    input: Cow<'i, str>,
    is_final: bool,
    /// Absolute offset of `input[0]` (chunked input drops what it has consumed).
    base: usize,
    /// Next unconsumed byte (relative).
    pub pos: usize,
    /// Start of the current input character (relative); `pos` after EOF.
    pub cur: usize,
    /// Input stream errors are reported for characters at or after this offset only, so a
    /// reconsumed character is reported once.
    checked_upto: usize,
    /// Input problems found but not yet reported (the machine drains them in order).
    pub pending: Vec<(InputProblem, usize)>,
    pub errors_on: bool,
    /// Input preprocessing turns U+0000 into U+FFFD (XML5's decision; HTML keeps U+0000 for
    /// its states to handle).
    pub replace_nul: bool,
    /// The last bytes chunked mode dropped before `input[0]` (the most recent last; `behind_len`
    /// of them), for look-behind across chunk boundaries (`last_characters_are`).
    behind: [u8; BEHIND],
    behind_len: usize,
    lines: LineCounter,

    pub tag_kind: TagKind,
    tag_name: TextBuf,
    /// Finished attributes of the current tag (the one being built is `attr_name`/`attr_value`).
    attrs: Vec<Attribute<'i>>,
    attr_name: TextBuf,
    attr_value: TextBuf,
    has_attr: bool,
    attr_dropped: bool,
    attr_index: HashMap<u64, usize>,
    /// How many of `attrs` are in `attr_index`.
    attr_indexed: usize,
    /// One bit per committed attribute name (`name_bit`): a name whose bit is clear is not on
    /// the tag, so most duplicate checks compare no strings.
    attr_filter: u64,
    attr_hasher: std::collections::hash_map::RandomState,
    self_closing: bool,
    comment: TextBuf,
    doctype: DoctypeBuf,
    pi_target: TextBuf,
    pi_data: TextBuf,
    pub temp: TextBuf,
    pub char_ref_code: u32,

    chars: TextBuf,
    /// A character run is pending (its text is in `chars` when `read_text`, else not built):
    /// one flag to test before every token, whatever the sink reads. Every emission appends
    /// at least one character, so it is set exactly when `chars` would be non-empty.
    chars_pending: bool,
    chars_start: usize,
    /// What the sink reads (`html::Reads`): text that nobody reads is not built. Attribute
    /// names are kept while errors are on (the duplicate-attribute check compares them).
    read_text: bool,
    read_attributes: bool,
    keep_attribute_names: bool,
    attribute_values: Values,
    /// Raw values of chunked input: the digits of numeric references are kept in the temporary
    /// buffer (`accumulate_char_ref_code`), since the input before them may be dropped.
    raw_digits: bool,
    /// Absolute end of what has been emitted; the next token's span starts here.
    emitted_upto: usize,
}

impl<'i> Core<'i> {
    pub fn new(input: Cow<'i, str>, is_final: bool, errors_on: bool) -> Self {
        Core {
            input,
            is_final,
            base: 0,
            pos: 0,
            cur: 0,
            checked_upto: 0,
            pending: Vec::new(),
            errors_on,
            replace_nul: false,
            behind: [0; BEHIND],
            behind_len: 0,
            lines: LineCounter::default(),
            tag_kind: TagKind::Start,
            tag_name: TextBuf::default(),
            attrs: Vec::new(),
            attr_name: TextBuf::default(),
            attr_value: TextBuf::default(),
            has_attr: false,
            attr_dropped: false,
            attr_index: HashMap::new(),
            attr_indexed: 0,
            attr_filter: 0,
            attr_hasher: Default::default(),
            self_closing: false,
            comment: TextBuf::default(),
            doctype: DoctypeBuf::default(),
            pi_target: TextBuf::default(),
            pi_data: TextBuf::default(),
            temp: TextBuf::default(),
            char_ref_code: 0,
            chars: TextBuf::default(),
            chars_pending: false,
            chars_start: 0,
            read_text: true,
            read_attributes: true,
            keep_attribute_names: true,
            attribute_values: Values::Decoded,
            raw_digits: false,
            emitted_upto: 0,
        }
    }

    /// Build only what the sink reads: attributes (names and values), attribute values (decoded,
    /// or as written when `raw_values`), the text of character runs. The states run the same
    /// either way; the verbs whose result nobody reads do nothing.
    pub fn set_reads(&mut self, attributes: bool, attribute_values: bool, raw_values: bool, text: bool) {
        self.read_attributes = attributes;
        self.keep_attribute_names = attributes || self.errors_on;
        self.attribute_values = match (attributes && attribute_values, raw_values) {
            (false, _) => Values::Skip,
            (true, false) => Values::Decoded,
            (true, true) => Values::Raw,
        };
        self.raw_digits = self.attribute_values == Values::Raw && matches!(self.input, Cow::Owned(_));
        self.read_text = text;
    }

    /// Whether attribute values are kept as written (see `set_reads`).
    #[inline]
    pub fn raw_attribute_values(&self) -> bool {
        self.attribute_values == Values::Raw
    }

    /// Whether the sink reads attributes (the tag's list is emptied before emission if not).
    #[inline]
    pub fn reads_attributes(&self) -> bool {
        self.read_attributes
    }

    // ----- text helpers -----

    #[inline(always)]
    fn push(input: &str, cur: usize, pos: usize, buf: &mut TextBuf, src: Src, replace_nul: bool) {
        match src {
            Src::Current => match input.as_bytes()[cur] {
                b'\r' => buf.push_char(input, '\n'),
                0 if replace_nul => buf.push_char(input, '\u{FFFD}'),
                _ => buf.push_run(input, cur, pos),
            },
            Src::CurrentLowercase => buf.push_char(input, (input.as_bytes()[cur] | 0x20) as char),
            Src::Str(s) => buf.push_str(input, s),
            Src::Run(a, b) => buf.push_run(input, a, b),
        }
    }

    // ----- characters -----

    #[inline(always)]
    pub fn emit_chars(&mut self, src: Src) {
        if !self.has_chars() {
            self.chars_start = self.emitted_upto;
        }
        if self.read_text {
            Self::push(&self.input, self.cur, self.pos, &mut self.chars, src, self.replace_nul);
        }
        self.chars_pending = true;
        self.emitted_upto = self.base
            + match src {
                Src::Run(_, b) => b,
                _ => self.pos,
            };
    }

    /// "Emit ... the temporary buffer" (the end tag name states' anything else): what the buffer
    /// holds is input consumed before the current character, which the case then reconsumes,
    /// so this is flushing it as text.
    pub fn emit_temp_buffer(&mut self) {
        self.flush_temp(false);
    }

    /// Emit characters standing for everything consumed so far (flushed references).
    fn emit_str_for_consumed(&mut self, s: &str) {
        if !self.has_chars() {
            self.chars_start = self.emitted_upto;
        }
        if self.read_text {
            self.chars.push_str(&self.input, s);
        }
        self.chars_pending = true;
        self.emitted_upto = self.base + self.pos;
    }

    /// Whether characters are waiting to be emitted as a run.
    #[inline(always)]
    pub fn has_chars(&self) -> bool {
        self.chars_pending
    }

    /// The pending character run, if any, with its span.
    #[inline(always)]
    pub fn take_chars(&mut self) -> Option<(Cow<'i, str>, Span)> {
        if !self.has_chars() {
            return None;
        }
        // Text nobody reads is handed over empty; the span says where the run was.
        self.chars_pending = false;
        let text = if self.read_text { self.chars.take(&self.input) } else { Cow::Borrowed("") };
        Some((text, Span::new(self.chars_start, self.emitted_upto.max(self.chars_start))))
    }

    /// The span of a markup token ending at the current position; marks it emitted. Inline:
    /// a few instructions, on every token.
    #[inline(always)]
    pub fn token_span(&mut self) -> Span {
        let start = self.emitted_upto;
        let end = (self.base + self.pos).max(start);
        self.emitted_upto = end;
        Span::new(start, end)
    }

    /// The end-of-file token's span covers whatever unterminated markup was dropped before it
    /// (`<a` at the end of the input emits no tag), so spans always tile the input.
    pub fn eof_span(&mut self) -> Span {
        let end = self.base + self.input.len();
        let start = self.emitted_upto.min(end);
        self.emitted_upto = end;
        Span::new(start, end)
    }

    // ----- temporary buffer, character references -----

    /// Append input bytes `start..end` (ASCII, from a lookahead or a match) to the temporary
    /// buffer.
    #[inline]
    pub fn append_input_to_temp(&mut self, start: usize, end: usize) {
        self.temp.push_run(&self.input, start, end);
    }

    #[inline]
    pub fn clear_temp_buffer(&mut self) {
        self.temp.clear();
    }

    /// Always inlined: each call site passes a constant `src`, so only its own arm remains
    /// (for "append U+0026 after consuming '&'", a byte compare and two stores).
    #[inline(always)]
    pub fn append_to_temp_buffer(&mut self, src: Src) {
        // The tables append the character they just matched by name ("append U+0026 to the
        // temporary buffer" after consuming '&'): it is the current input character, so the
        // buffer can stay a span.
        let src = match src {
            Src::Str(s) if self.input.as_bytes().get(self.cur..self.pos) == Some(s.as_bytes()) => {
                Src::Run(self.cur, self.pos)
            }
            other => other,
        };
        Self::push(&self.input, self.cur, self.pos, &mut self.temp, src, self.replace_nul);
    }

    pub fn temp_buffer_is_script(&self) -> bool {
        self.temp.as_str(&self.input) == "script"
    }

    /// Target is an ASCII case-insensitive match for "xml" or "xml-stylesheet".
    pub fn temp_buffer_is_disallowed_pi_target(&self) -> bool {
        let t = self.temp.as_str(&self.input);
        t.eq_ignore_ascii_case("xml") || t.eq_ignore_ascii_case("xml-stylesheet")
    }

    /// "Flush code points consumed as a character reference", given whether the reference was
    /// consumed as part of an attribute (which depends on the machine's return state). The
    /// buffer is then always the consumed input itself ("&", "&#", "&#x", "&" and a name kept
    /// for historical reasons), so this appends an input run.
    #[inline]
    pub fn flush_temp(&mut self, in_attribute: bool) {
        match self.temp.span() {
            Some(_) if in_attribute && self.attribute_values == Values::Skip => {}
            Some((start, end)) if in_attribute => self.attr_value.push_run(&self.input, start, end),
            // The buffer ends at the next input character (`pos`), or at the current one, which
            // is then reconsumed (and `reconsume` pulls the emitted end back to it): either way
            // the emitted input ends where the run does, as with `emit_str_for_consumed`.
            Some((start, end)) => self.emit_chars(Src::Run(start, end)),
            None => {
                let mut t = std::mem::take(&mut self.temp);
                let text = t.owned(&self.input);
                if in_attribute {
                    if self.attribute_values != Values::Skip {
                        self.attr_value.push_str(&self.input, text);
                    }
                } else {
                    self.emit_str_for_consumed(text);
                }
                self.temp = t;
            }
        }
    }

    /// The end of a character reference that stands for `text`: the text is appended to the
    /// attribute value or emitted, standing for all the input consumed since the '&'. This is
    /// the spec's "set the temporary buffer to the replacement, then flush", without the copy
    /// into the buffer: nothing reads the buffer before the next reference or state clears it.
    #[inline]
    pub fn flush_replacement(&mut self, text: &str, in_attribute: bool) {
        if in_attribute {
            if self.attribute_values != Values::Skip {
                self.attr_value.push_str(&self.input, text);
            }
        } else {
            self.emit_str_for_consumed(text);
        }
    }

    /// A reference that ends here, standing for `text`: `flush_replacement`, except that with
    /// raw attribute values a reference in an attribute is appended as written, from its '&'
    /// up to the next input character (`rest_from`: where the part not in the temporary buffer
    /// starts, a matched name; `None`: the current character, a numeric reference's ';' or
    /// nothing). Only the attribute path tests the mode, so text pays nothing.
    #[inline]
    pub fn flush_reference(&mut self, text: &str, in_attribute: bool, rest_from: Option<usize>) {
        if in_attribute {
            match self.attribute_values {
                Values::Decoded => self.attr_value.push_str(&self.input, text),
                Values::Raw => self.flush_reference_as_written(rest_from),
                Values::Skip => {}
            }
        } else {
            self.emit_str_for_consumed(text);
        }
    }

    /// Raw implies the values are kept (`set_reads`).
    #[inline(never)]
    fn flush_reference_as_written(&mut self, rest_from: Option<usize>) {
        match self.temp.span() {
            // The buffer is still the input from the reference's '&' on (always, for whole
            // input: every character the states append to it is the current one), so the
            // reference is the input from there to here.
            Some((start, _)) => self.attr_value.push_run(&self.input, start, self.pos),
            // Chunked input dropped the start: the buffer holds the '&', '#', 'x' and digits
            // (`raw_digits`), the input the rest.
            None => {
                self.flush_temp(true);
                self.attr_value.push_run(&self.input, rest_from.unwrap_or(self.cur), self.pos);
            }
        }
    }

    #[inline]
    pub fn reset_char_ref_code(&mut self) {
        self.char_ref_code = 0;
    }

    /// Multiply and add; stops growing above U+10FFFF, which the end state treats alike. The
    /// code stays at most 0x110000, so `code * 16 + 15` cannot overflow a `u32`.
    #[inline]
    pub fn accumulate_char_ref_code(&mut self, radix: u32, subtract: u32) {
        let digit = u32::from(self.input.as_bytes()[self.cur]).wrapping_sub(subtract) & 0xF;
        self.char_ref_code = (self.char_ref_code * radix + digit).min(0x11_0000);
        // Raw values of chunked input keep the digits with the reference's other consumed
        // characters: the input may drop them before the reference ends.
        if self.raw_digits {
            self.temp.push_run(&self.input, self.cur, self.pos);
        }
    }
}
