//! The machinery every generated tokenizer shares, as one state (`Core`) with the vocabulary
//! the generated code speaks (`Step`, `Consumed`, `Look`, `Src`, `TagKind`): its fields, its
//! construction and what the sink reads. The driver's `Tokenizer` holds a `Core`, so generated
//! code calls these verbs as `self.core.verb()`; the verbs that emit, report errors or depend
//! on the machine's states live on the driver or the machine. The verbs are by concept: the
//! input stream (`input.rs`), bulk scans (`scan.rs`), the token under construction
//! (`token.rs`), character runs and token spans (`emit.rs`), the temporary buffer and the
//! character reference verbs (`temp_buffer.rs`); the text buffer and positions are
//! `crate::text` and `crate::position`.

use crate::position::LineCounter;
use crate::text::TextBuf;
use crate::token::{Attribute, Doctype, ProcessingInstruction, Tag};
use crate::{Position, Span};
use std::borrow::Cow;
use std::collections::HashMap;

mod emit;
mod input;
mod scan;
mod temp_buffer;
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

/// What a sink can read, known when the tokenizer is compiled for it ([`Drive::FACTS`], from
/// the machine's `Sink` consts: `html::Sink::READS_TEXT` and `html::Sink::WANTS_ERRORS`). Each
/// is an upper bound of the run-time flag of the same meaning (what `html::Sink::reads` and
/// `wants_errors` say), so a `false` lets the tokenizer monomorphized for the sink compile the
/// work and the flag tests away; `true` leaves the decision to run time. Attributes have no
/// fact: the switching tracker reads them whatever the sink reads, and switching is a run-time
/// option.
///
/// [`Drive::FACTS`]: crate::driver::Drive::FACTS
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SinkFacts {
    /// The text of character runs.
    pub(crate) text: bool,
    /// Parse errors.
    pub(crate) errors: bool,
}

impl SinkFacts {
    /// Everything decided at run time (a sink that declares nothing).
    pub(crate) const RUN_TIME: SinkFacts = SinkFacts { text: true, errors: true };

    /// [`Core::text_unread`] known at compile time: no text, no errors (and no trace) to read.
    #[inline(always)]
    pub(crate) const fn text_unread(self) -> bool {
        !cfg!(feature = "trace") && !self.text && !self.errors
    }
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
    /// The machine's [`Machine::KNOWN_TAG_NAME`](crate::driver::Machine::KNOWN_TAG_NAME): an
    /// owned tag name it finds is handed out as that `'static` name (`TextBuf::take_known`).
    pub known_tag_name: Option<fn(&str) -> Option<&'static str>>,
    /// The last bytes chunked mode dropped before `input[0]` (the most recent last; `behind_len`
    /// of them), for look-behind across chunk boundaries (`last_characters_are`).
    behind: [u8; BEHIND],
    behind_len: usize,
    lines: LineCounter,

    pub tag_kind: TagKind,
    tag_name: TextBuf,
    /// Finished attributes of the current tag (the one being built is `attr_name`/`attr_value`).
    attrs: Vec<Attribute<'i>>,
    /// Emptied attribute lists the lending iterator took back (`Machine::recycle`), for later
    /// tags: no more than were lent out at once, so no more than the queue held.
    pub(crate) spare_lists: Vec<Vec<Attribute<'i>>>,
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
            known_tag_name: None,
            behind: [0; BEHIND],
            behind_len: 0,
            lines: LineCounter::default(),
            tag_kind: TagKind::Start,
            tag_name: TextBuf::default(),
            attrs: Vec::new(),
            spare_lists: Vec::new(),
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
}
