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

/// A set of bytes, as a lookup table built at compile time. A set of at most eight bytes also
/// keeps them as needles, so the scan can test many bytes at a time: sixteen per step with SSE2
/// on x86_64 (part of that architecture's baseline), eight per step in a `u64` elsewhere.
pub(crate) struct StopSet {
    pub table: [bool; 256],
    /// Each needle repeated sixteen times: the vectors the wide scan compares with.
    splat: [[u8; 16]; 8],
    /// Number of distinct bytes; the wide scan applies when it is at most 8.
    count: usize,
}

impl StopSet {
    pub const fn new(bytes: &[u8]) -> StopSet {
        let mut table = [false; 256];
        let mut needles = [0u8; 8];
        let mut count = 0;
        let mut i = 0;
        while i < bytes.len() {
            if !table[bytes[i] as usize] {
                if count < 8 {
                    needles[count] = bytes[i];
                }
                count += 1;
            }
            table[bytes[i] as usize] = true;
            i += 1;
        }
        // Unused needle slots repeat the first needle, which changes nothing.
        let mut k = if count < 8 { count } else { 8 };
        while k < 8 {
            needles[k] = needles[0];
            k += 1;
        }
        let mut splat = [[0u8; 16]; 8];
        let mut k = 0;
        while k < 8 {
            splat[k] = [needles[k]; 16];
            k += 1;
        }
        StopSet { table, splat, count }
    }

    /// Index of the first byte of `hay[from..]` in the set, or `hay.len()`.
    #[inline(always)]
    pub(crate) fn find(&self, hay: &[u8], from: usize) -> usize {
        if self.count <= 8 {
            return self.find_wide(hay, from);
        }
        // Through the table, sixteen bytes to a block with one bounds test per block (unrolled:
        // a load and a table test per byte); the runs such sets end (names) are short, so most
        // scans end inside their first block (issue 13: 7 instructions a byte before, ~3 now).
        let mut i = from;
        while let Some(block) = hay.get(i..i + 16) {
            for (k, &b) in block.iter().enumerate() {
                if self.table[b as usize] {
                    return i + k;
                }
            }
            i += 16;
        }
        while i < hay.len() && !self.table[hay[i] as usize] {
            i += 1;
        }
        i
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn find_wide(&self, hay: &[u8], from: usize) -> usize {
        use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128};
        // A plain function of its arguments, not a closure: a closure's captures (`hay`, the
        // needles, `few`) were spilled to the stack on every call of the scan (~8 instructions
        // per scan, issue 13); arguments stay in registers.
        // SAFETY (every `unsafe` below): SSE2 is part of the x86_64 baseline, so its intrinsics
        // are always available; the needle loads read 16-byte arrays; the input load is bounded
        // by `at + 16 <= hay.len()`, which the assert states and every call below guarantees.
        #[inline(always)]
        fn hits(splat: &[[u8; 16]; 8], few: bool, hay: &[u8], at: usize) -> u32 {
            assert!(at + 16 <= hay.len());
            unsafe {
                let n = |k: usize| _mm_loadu_si128(splat[k].as_ptr().cast::<__m128i>());
                let v = _mm_loadu_si128(hay.as_ptr().add(at).cast::<__m128i>());
                let mut m = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, n(0)), _mm_cmpeq_epi8(v, n(1))),
                    _mm_or_si128(_mm_cmpeq_epi8(v, n(2)), _mm_cmpeq_epi8(v, n(3))),
                );
                if !few {
                    m = _mm_or_si128(
                        m,
                        _mm_or_si128(
                            _mm_or_si128(_mm_cmpeq_epi8(v, n(4)), _mm_cmpeq_epi8(v, n(5))),
                            _mm_or_si128(_mm_cmpeq_epi8(v, n(6)), _mm_cmpeq_epi8(v, n(7))),
                        ),
                    );
                }
                _mm_movemask_epi8(m) as u32
            }
        }
        let few = self.count <= 4;
        let splat = &self.splat;
        let mut i = from;
        while i + 16 <= hay.len() {
            let m = hits(splat, few, hay, i);
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i >= hay.len() {
            return hay.len();
        }
        if hay.len() >= 16 {
            // The last sixteen bytes, ignoring those before `i` (already scanned).
            let at = hay.len() - 16;
            let m = hits(splat, few, hay, at) >> (i - at);
            return if m != 0 { i + m.trailing_zeros() as usize } else { hay.len() };
        }
        while i < hay.len() && !self.table[hay[i] as usize] {
            i += 1;
        }
        i
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn find_wide(&self, hay: &[u8], from: usize) -> usize {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        let n = self.splat.map(|v| u64::from(v[0]) * LO);
        let mut i = from;
        while i + 8 <= hay.len() {
            let mut word = [0u8; 8];
            word.copy_from_slice(&hay[i..i + 8]);
            let w = u64::from_le_bytes(word);
            // A byte of `w ^ needle` is zero exactly where `w` has the needle; the lowest set
            // bit of the "has zero byte" test marks the first such byte.
            let z = |x: u64| x.wrapping_sub(LO) & !x & HI;
            let hit = n.iter().fold(0, |acc, &m| acc | z(w ^ m));
            if hit != 0 {
                return i + (hit.trailing_zeros() / 8) as usize;
            }
            i += 8;
        }
        while i < hay.len() && !self.table[hay[i] as usize] {
            i += 1;
        }
        i
    }
}

/// Bytes that may start a character the input stream preprocessing reports: C0 controls other
/// than ASCII whitespace and NULL, DEL, the lead byte of C1 controls (U+0080..U+009F), and the
/// lead bytes of noncharacters (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF); and NULL, which the 2008
/// draft's preprocessing reports (every machine's states see NULL one at a time anyway: it is
/// in every derived stop set).
static INPUT_CHECK: StopSet = StopSet::new(&[
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0B, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16,
    0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x7F, 0xC2, 0xEF, 0xF0, 0xF1, 0xF2, 0xF3, 0xF4,
]);

/// How many dropped bytes chunked mode keeps for look-behind (`Core::last_characters_are`).
pub(crate) const BEHIND: usize = 7;

/// A problem the input layer finds in a character; each machine maps it to its own code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputProblem {
    /// spec: #preprocessing-the-input-stream, a control other than ASCII whitespace or NUL.
    ControlCharacter,
    /// spec: #preprocessing-the-input-stream, a noncharacter.
    Noncharacter,
    /// U+0000: the 2008 draft's "Any occurrences of such characters is a parse error" (machines
    /// whose text says nothing of it drop it: `driver::Machine::input_problem_code`).
    Null,
}

#[inline]
pub(crate) fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// The bit of an attribute name in `Core::attr_filter`: equal names have equal bits.
#[inline(always)]
fn name_bit(name: &[u8]) -> u64 {
    let (first, last) = match name {
        [] => (0, 0),
        [f, .., l] => (*f, *l),
        [f] => (*f, *f),
    };
    1 << ((name.len() as u32 * 7 + u32::from(first) * 3 + u32::from(last)) & 63)
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

    // ----- input -----

    /// Append a chunk (chunked mode only).
    pub fn push_chunk(&mut self, chunk: &str) {
        if let Cow::Owned(s) = &mut self.input {
            s.push_str(chunk);
        }
    }

    pub fn set_final(&mut self) {
        self.is_final = true;
    }

    #[inline]
    pub fn input_bytes(&self) -> &[u8] {
        self.input.as_bytes()
    }

    #[inline]
    pub fn input_is_final(&self) -> bool {
        self.is_final
    }

    /// Start reading after a leading byte order mark, before anything is read: the BOM is not
    /// part of the input stream but still counts in every offset and position, which stay
    /// offsets into the string the caller passed.
    pub fn skip_bom(&mut self) {
        let n = self.input.len() - crate::strip_bom(&self.input).len();
        debug_assert!(self.pos == 0 && self.emitted_upto == self.base);
        self.pos = n;
        self.cur = n;
        self.checked_upto = n;
        self.emitted_upto = self.base + n;
    }

    /// Chunked input whose bytes began with a UTF-8 byte order mark that decoding removed:
    /// offsets and positions count it, as they count a BOM [`skip_bom`](Self::skip_bom) skips.
    pub fn after_utf8_bom(&mut self) {
        const BOM: &str = "\u{FEFF}";
        debug_assert!(self.pos == 0 && self.base == 0 && self.input.is_empty());
        self.base = BOM.len();
        self.emitted_upto = BOM.len();
        self.lines.advance(BOM.as_bytes(), 0, BOM.len());
    }

    /// Drop consumed input (chunked mode) after copying out every span that points into it.
    pub fn compact(&mut self) {
        let Cow::Owned(_) = self.input else { return };
        let keep = self.cur.min(self.pos);
        if keep == 0 {
            return;
        }
        let input: &str = &self.input;
        self.tag_name.detach(input);
        self.attr_name.detach(input);
        self.attr_value.detach(input);
        self.comment.detach(input);
        for t in
            [&mut self.doctype.name, &mut self.doctype.public_id, &mut self.doctype.system_id].into_iter().flatten()
        {
            t.detach(input);
        }
        self.pi_target.detach(input);
        self.pi_data.detach(input);
        self.chars.detach(input);
        self.temp.detach(input);
        if self.errors_on {
            self.lines.advance(input.as_bytes(), self.base, self.base + keep);
        }
        // Keep the tail of what is dropped for look-behind.
        let dropped = &input.as_bytes()[..keep];
        let mut tail = [0u8; BEHIND];
        let from_dropped = dropped.len().min(BEHIND);
        let from_old = (BEHIND - from_dropped).min(self.behind_len);
        tail[..from_old].copy_from_slice(&self.behind[self.behind_len - from_old..self.behind_len]);
        tail[from_old..from_old + from_dropped].copy_from_slice(&dropped[dropped.len() - from_dropped..]);
        self.behind = tail;
        self.behind_len = from_old + from_dropped;
        if let Cow::Owned(s) = &mut self.input {
            s.drain(..keep);
        }
        self.base += keep;
        self.pos -= keep;
        self.cur -= keep;
        self.checked_upto = self.checked_upto.saturating_sub(keep);
    }

    #[inline(always)]
    pub fn consume(&mut self) -> Consumed {
        let p = self.pos;
        self.cur = p;
        match self.input.as_bytes().get(p) {
            // Printable ASCII: one byte, nothing to normalize, nothing to report.
            Some(&b) if (0x20..0x7F).contains(&b) => {
                self.pos = p + 1;
                Consumed::Byte(b)
            }
            _ => self.consume_other(p),
        }
    }

    /// `consume` for everything but printable ASCII: EOF or suspension, CR and CRLF,
    /// multi-byte characters, and the characters input preprocessing reports.
    #[inline(never)]
    fn consume_other(&mut self, p: usize) -> Consumed {
        let buf = self.input.as_bytes();
        let Some(&b) = buf.get(p) else {
            return if self.is_final { Consumed::Eof } else { Consumed::Suspend };
        };
        if b == b'\r' {
            match buf.get(p + 1) {
                Some(b'\n') => self.pos = p + 2,
                Some(_) => self.pos = p + 1,
                None if self.is_final => self.pos = p + 1,
                None => return Consumed::Suspend,
            }
            return Consumed::Byte(b'\n');
        }
        self.pos = p + utf8_len(b);
        if self.errors_on && INPUT_CHECK.table[b as usize] && p >= self.checked_upto {
            self.check_input_at(p);
        }
        Consumed::Byte(b)
    }

    /// Note a control character or noncharacter at `p` (spec: #preprocessing-the-input-stream).
    #[cold]
    fn check_input_at(&mut self, p: usize) {
        let c = self.input[p..].chars().next().map_or(0, |c| c as u32);
        self.checked_upto = p + utf8_len(self.input.as_bytes()[p]);
        let problem = if c == 0 {
            InputProblem::Null
        } else if (0xFDD0..=0xFDEF).contains(&c) || (c & 0xFFFE) == 0xFFFE {
            InputProblem::Noncharacter
        } else if (c < 0x20 && !matches!(c, 0x00 | 0x09 | 0x0A | 0x0C | 0x0D)) || (0x7F..=0x9F).contains(&c) {
            InputProblem::ControlCharacter
        } else {
            return;
        };
        self.pending.push((problem, p));
    }

    /// The next input byte, not consumed (the fused path's look at it; `None` at the end of
    /// the input or of the chunk).
    #[inline(always)]
    pub fn peek(&self) -> Option<u8> {
        self.input.as_bytes().get(self.pos).copied()
    }

    /// Consume the byte [`peek`](Self::peek) returned, when it is one the fused path takes
    /// (`codegen/src/fuse.rs`: tab, LF, FF or U+0020..U+007E): exactly what `consume` does for
    /// it, since such a byte is one character with nothing to normalize or report.
    #[inline(always)]
    pub fn take_plain(&mut self) {
        self.cur = self.pos;
        self.pos += 1;
    }

    /// The byte [`peek`](Self::peek) returned as the current input character, left in the
    /// input: what [`take_plain`](Self::take_plain) then [`reconsume`](Self::reconsume) come to
    /// for a fused case that reconsumes and neither emits nor reads the character in between
    /// (what was emitted never ends past `pos`, so `reconsume` would pull nothing back).
    #[inline(always)]
    pub fn peek_current(&mut self) {
        self.cur = self.pos;
    }

    /// Bulk scan for states whose "anything else" only takes the current character: the run of
    /// bytes before the next byte in `stop` (or, when errors are on, a byte to check).
    #[inline(always)]
    pub fn scan(&mut self, stop: &StopSet) -> Option<(usize, usize)> {
        let start = self.pos;
        let mut i = start;
        loop {
            let buf = self.input.as_bytes();
            if self.errors_on {
                while i < buf.len() && !stop.table[buf[i] as usize] && !INPUT_CHECK.table[buf[i] as usize] {
                    i += 1;
                }
                if i < buf.len() && !stop.table[buf[i] as usize] {
                    if i >= self.checked_upto {
                        self.check_input_at(i);
                    }
                    i += utf8_len(self.input.as_bytes()[i]);
                    continue;
                }
            } else {
                i = stop.find(buf, i);
            }
            break;
        }
        if i == start {
            return None;
        }
        self.pos = i;
        self.cur = i;
        Some((start, i))
    }

    /// "Reconsume": the current character will be consumed again by the next state.
    #[inline(always)]
    pub fn reconsume(&mut self) {
        self.pos = self.cur;
        let abs = self.base + self.cur;
        if self.emitted_upto > abs {
            self.emitted_upto = abs;
        }
    }

    /// Lookahead states consume nothing: errors are reported at the next input character. The
    /// character they peek at has entered the input stream, so its preprocessing error (if any)
    /// comes first.
    #[inline]
    pub fn consume_nothing(&mut self) {
        self.cur = self.pos;
        self.check_next();
    }

    /// The input check of the next input character, now: a hand-written algorithm that reads
    /// it without consuming it (the 2008 draft's entities) reports its own errors after that
    /// character's, whether the character arrived before the algorithm started or after it
    /// suspended.
    #[inline]
    pub fn check_next(&mut self) {
        if self.errors_on
            && let Some(&b) = self.input.as_bytes().get(self.pos)
            && INPUT_CHECK.table[b as usize]
            && self.pos >= self.checked_upto
        {
            self.check_input_at(self.pos);
        }
    }

    fn look_at(&self, at: usize, s: &[u8], ci: bool) -> Look {
        let avail = &self.input.as_bytes()[at.min(self.input.len())..];
        let n = avail.len().min(s.len());
        let same = if ci { avail[..n].eq_ignore_ascii_case(&s[..n]) } else { avail[..n] == s[..n] };
        if !same {
            Look::NoMatch
        } else if n < s.len() {
            if self.is_final { Look::NoMatch } else { Look::Suspend }
        } else {
            Look::Match
        }
    }

    /// "If the next few characters are ..."
    #[inline]
    pub fn lookahead(&self, s: &[u8], ci: bool) -> Look {
        self.look_at(self.pos, s, ci)
    }

    /// "If the N characters starting from the current input character are ..."
    #[inline]
    pub fn lookahead_at_current(&self, s: &[u8], ci: bool) -> Look {
        if self.cur >= self.input.len() {
            return Look::NoMatch;
        }
        self.look_at(self.cur, s, ci)
    }

    /// "The last N characters in the input stream, including this one, are ..." (2008 draft):
    /// `s` (ASCII, at most [`BEHIND`] + 1 bytes; validation keeps it so) ends at the current
    /// input character. Input with fewer characters before it does not match.
    // Only the 2008 draft's tables use the guard today.
    #[cfg_attr(not(feature = "edition-html2008"), allow(dead_code))]
    pub fn last_characters_are(&self, s: &[u8]) -> bool {
        let input = self.input.as_bytes();
        let end = self.cur + 1;
        let n = s.len();
        if end > input.len() || n == 0 {
            return false;
        }
        if end >= n {
            return &input[end - n..end] == s;
        }
        // The start of `s` is in what chunked mode has dropped.
        let early = n - end;
        early <= self.behind_len
            && self.behind[self.behind_len - early..self.behind_len] == s[..early]
            && input[..end] == s[early..]
    }

    /// Consume `n` more bytes matched by a lookahead (ASCII, no CR).
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.pos += n;
        self.cur = self.pos.saturating_sub(1);
    }

    /// Line and column of relative offset `at`.
    #[cold]
    pub fn position(&mut self, at: usize) -> Position {
        let abs = self.base + at;
        if abs < self.lines.at.offset {
            // Out of order (rare): count again from the start of what is kept.
            self.lines = LineCounter::default();
            if self.base > 0 {
                // Chunked input keeps no prefix; positions before the kept input cannot occur.
                self.lines.at.offset = self.base;
            }
        }
        self.lines.advance(self.input.as_bytes(), self.base, abs);
        self.lines.at
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

    /// The absolute byte offset of the next unconsumed byte (where a token ending now ends):
    /// the trace's `at`.
    #[cfg(feature = "trace")]
    #[inline(always)]
    pub fn consumed_upto(&self) -> usize {
        self.base + self.pos
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

    // ----- tags -----

    #[inline(always)]
    fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        self.tag_name.clear();
        self.attrs.clear();
        self.attr_filter = 0;
        if self.attr_indexed != 0 {
            self.attr_index.clear();
            self.attr_indexed = 0;
        }
        self.has_attr = false;
        self.attr_dropped = false;
        self.self_closing = false;
    }

    #[inline]
    pub fn create_start_tag(&mut self) {
        self.new_tag(TagKind::Start);
    }

    #[inline]
    pub fn create_end_tag(&mut self) {
        self.new_tag(TagKind::End);
    }

    #[inline]
    pub fn append_to_tag_name(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.tag_name, src, self.replace_nul);
    }

    pub fn tag_name(&self) -> &str {
        self.tag_name.as_str(&self.input)
    }

    /// Move the current attribute into the tag's list, unless it was dropped as a duplicate.
    #[inline(always)]
    fn commit_attribute(&mut self) {
        if self.has_attr {
            self.commit_attribute_now();
        }
    }

    fn commit_attribute_now(&mut self) {
        self.has_attr = false;
        if self.attr_dropped {
            self.attr_name.clear();
            self.attr_value.clear();
            self.attr_dropped = false;
        } else {
            let name = self.attr_name.take(&self.input);
            let value = self.attr_value.take(&self.input);
            self.attr_filter |= name_bit(name.as_bytes());
            if self.attrs.len() == self.attrs.capacity() {
                self.grow_attributes();
            }
            self.attrs.push(Attribute { name, value });
        }
    }

    /// Room for one more attribute. The list is empty when the last tag's token took it (the
    /// iterator's tokens keep theirs): then room for a few at once, allocated directly rather
    /// than through `push`'s growth path.
    #[cold]
    #[inline(never)]
    fn grow_attributes(&mut self) {
        if self.attrs.capacity() == 0 {
            self.attrs = Vec::with_capacity(4);
        } else {
            self.attrs.reserve(1);
        }
    }

    pub fn start_attribute(&mut self) {
        // Without names to keep there is no attribute: nothing to commit, check or drop.
        if self.keep_attribute_names {
            self.commit_attribute();
            self.has_attr = true;
        }
    }

    #[inline]
    pub fn append_to_attribute_name(&mut self, src: Src) {
        if self.keep_attribute_names {
            Self::push(&self.input, self.cur, self.pos, &mut self.attr_name, src, self.replace_nul);
        }
    }

    /// With raw values every append stands for input: a run as it is, anything else (the
    /// current character, CR and CRLF included, or its replacement: U+FFFD for NUL, XML5's '&'
    /// that is not a reference) for the current input character as written. Always inlined,
    /// each call site passing a constant `src`: a run's site and the current character's usual
    /// path (a character that is neither CR nor NUL, which both modes append as written) test
    /// nothing more than before raw values existed.
    #[inline(always)]
    pub fn append_to_attribute_value(&mut self, src: Src) {
        if self.attribute_values == Values::Skip {
            return;
        }
        match src {
            Src::Run(a, b) => self.attr_value.push_run(&self.input, a, b),
            Src::Current if !matches!(self.input.as_bytes()[self.cur], b'\r' | 0) => {
                self.attr_value.push_run(&self.input, self.cur, self.pos)
            }
            _ => self.append_rare_to_attribute_value(src),
        }
    }

    /// CR, NUL or a replacement: decoded, or the current input character as written.
    #[inline(never)]
    fn append_rare_to_attribute_value(&mut self, src: Src) {
        let src = if self.attribute_values == Values::Raw { Src::Run(self.cur, self.pos) } else { src };
        Self::push(&self.input, self.cur, self.pos, &mut self.attr_value, src, self.replace_nul);
    }

    /// The current attribute's value, taken (the attribute decoders read it after running the
    /// value states over a raw value).
    pub fn take_attribute_value(&mut self) -> Cow<'i, str> {
        self.attr_value.take(&self.input)
    }

    /// Whether the current attribute's name is already on the tag; if so it is dropped (its
    /// value is still collected and then discarded). Linear in the number of attributes overall:
    /// past eight, a hash of each committed name indexes the first attribute with it.
    #[inline(always)]
    pub fn drop_duplicate_attribute(&mut self) -> bool {
        // Inline: no attribute (a sink that reads none), or none yet on the tag.
        if !self.has_attr || self.attr_filter == 0 {
            return false;
        }
        // Inline too: a name whose bit is clear (most names) is not on the tag; the bit needs
        // only the name's bytes.
        if self.attr_filter & name_bit(self.attr_name.as_bytes(self.input.as_bytes())) == 0 {
            return false;
        }
        self.drop_duplicate_attribute_slow()
    }

    /// A name whose bit is set: compare names (few) or look the name up by its hash (many).
    fn drop_duplicate_attribute_slow(&mut self) -> bool {
        let input: &str = &self.input;
        let name = self.attr_name.as_str(input);
        let dup = if self.attrs.len() <= 8 {
            self.attrs.iter().any(|a| a.name == name)
        } else {
            use std::hash::BuildHasher;
            for i in self.attr_indexed..self.attrs.len() {
                let h = self.attr_hasher.hash_one(&*self.attrs[i].name);
                self.attr_index.entry(h).or_insert(i);
            }
            self.attr_indexed = self.attrs.len();
            let h = self.attr_hasher.hash_one(name);
            match self.attr_index.get(&h) {
                None => false,
                Some(&i) if self.attrs[i].name == name => true,
                // A true hash collision: fall back to comparing every name.
                Some(_) => self.attrs.iter().any(|a| a.name == name),
            }
        };
        if dup {
            self.attr_dropped = true;
        }
        dup
    }

    #[inline]
    pub fn set_self_closing(&mut self) {
        self.self_closing = true;
    }

    /// Take an emptied attribute list back for the next tag (see `Sink::spare_attributes`).
    #[inline]
    pub fn reuse_attributes(&mut self, mut spare: Vec<Attribute<'i>>) {
        if self.attrs.capacity() == 0 {
            spare.clear();
            self.attrs = spare;
        }
    }

    /// The finished tag without its attribute list, for a sink that reads no attributes: its
    /// name, self-closing flag, and whether it has attributes (names are kept while errors are
    /// on, for the end tag's error). The attribute buffers are emptied for the next tag; the
    /// list keeps its allocation.
    #[inline(always)]
    pub fn take_tag_parts(&mut self) -> (Cow<'i, str>, bool, bool) {
        let has_attributes = self.has_attr || !self.attrs.is_empty();
        if self.has_attr {
            self.attr_name.clear();
            self.attr_value.clear();
            self.has_attr = false;
            self.attr_dropped = false;
        }
        if !self.attrs.is_empty() {
            self.attrs.clear();
        }
        if self.attr_indexed != 0 {
            self.attr_index.clear();
            self.attr_indexed = 0;
        }
        (self.tag_name.take(&self.input), self.self_closing, has_attributes)
    }

    /// The finished tag.
    #[inline(always)]
    pub fn take_tag(&mut self) -> Tag<'i> {
        self.commit_attribute();
        let name = self.tag_name.take(&self.input);
        // A tag without attributes gets an unallocated list; the core keeps any capacity.
        let attributes = if self.attrs.is_empty() { Vec::new() } else { std::mem::take(&mut self.attrs) };
        if self.attr_indexed != 0 {
            self.attr_index.clear();
            self.attr_indexed = 0;
        }
        Tag { name, attributes, self_closing: self.self_closing }
    }

    // ----- comments -----

    pub fn create_comment(&mut self, data: &'static str) {
        self.comment.clear();
        if !data.is_empty() {
            self.comment.push_str(&self.input, data);
        }
    }

    #[inline]
    pub fn append_to_comment(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.comment, src, self.replace_nul);
    }

    pub fn take_comment(&mut self) -> Cow<'i, str> {
        self.comment.take(&self.input)
    }

    /// "Convert the temporary buffer to a comment": data is "?" and the temporary buffer.
    pub fn convert_temp_buffer_to_comment(&mut self) {
        self.comment.clear();
        self.comment.push_str(&self.input, "?");
        self.comment.push_str(&self.input, self.temp.as_str(&self.input));
    }

    // ----- DOCTYPE -----

    pub fn create_doctype(&mut self) {
        self.doctype = DoctypeBuf::default();
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub fn set_doctype_name_empty(&mut self) {
        self.doctype.name = Some(TextBuf::default());
    }

    pub fn append_to_doctype_name(&mut self, src: Src) {
        let buf = self.doctype.name.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src, self.replace_nul);
    }

    pub fn set_public_id_empty(&mut self) {
        self.doctype.public_id = Some(TextBuf::default());
    }

    pub fn append_to_public_id(&mut self, src: Src) {
        let buf = self.doctype.public_id.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src, self.replace_nul);
    }

    pub fn set_system_id_empty(&mut self) {
        self.doctype.system_id = Some(TextBuf::default());
    }

    pub fn append_to_system_id(&mut self, src: Src) {
        let buf = self.doctype.system_id.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src, self.replace_nul);
    }

    pub fn set_force_quirks(&mut self) {
        self.doctype.force_quirks = true;
    }

    pub fn take_doctype(&mut self) -> Doctype<'i> {
        let mut d = std::mem::take(&mut self.doctype);
        let input = &self.input;
        Doctype {
            name: d.name.as_mut().map(|t| t.take(input)),
            public_id: d.public_id.as_mut().map(|t| t.take(input)),
            system_id: d.system_id.as_mut().map(|t| t.take(input)),
            force_quirks: d.force_quirks,
        }
    }

    // ----- processing instructions -----

    pub fn create_pi_from_temp_buffer(&mut self) {
        self.pi_target.clear();
        self.pi_data.clear();
        self.pi_target.push_str(&self.input, self.temp.as_str(&self.input));
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub fn create_pi(&mut self) {
        self.pi_target.clear();
        self.pi_data.clear();
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub fn append_to_pi_target(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.pi_target, src, self.replace_nul);
    }

    #[inline]
    pub fn append_to_pi_data(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.pi_data, src, self.replace_nul);
    }

    pub fn take_pi(&mut self) -> ProcessingInstruction<'i> {
        let target = self.pi_target.take(&self.input);
        let data = self.pi_data.take(&self.input);
        ProcessingInstruction { target, data }
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

#[cfg(test)]
mod tests {
    use super::StopSet;

    #[test]
    fn word_scan_finds_what_the_table_finds() {
        let sets: [&[u8]; 5] = [b"<", b"&<\0\r", b"\"&\0\r", b"abcdefg", b"abcdefghijk"];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for set in sets {
            let stop = StopSet::new(set);
            for len in 0..64 {
                for _ in 0..50 {
                    let hay: Vec<u8> = (0..len)
                        .map(|_| {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            // Mostly bytes outside the set, some inside, some high bytes.
                            match seed % 16 {
                                0 => set[(seed as usize / 16) % set.len()],
                                1 => 0x80 | (seed >> 8) as u8,
                                _ => b'a' + ((seed >> 8) % 5) as u8 + 16,
                            }
                        })
                        .collect();
                    for from in 0..=hay.len() {
                        let want = (from..hay.len()).find(|&i| stop.table[hay[i] as usize]).unwrap_or(hay.len());
                        assert_eq!(stop.find(&hay, from), want, "set {set:?} hay {hay:?} from {from}");
                    }
                }
            }
        }
    }
}
