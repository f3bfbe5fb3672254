//! The HTML tokenizer's runtime: input handling (preprocessing, chunks, suspension), one
//! method per spec verb and guard that the generated state functions call, token assembly and
//! emission, and the public constructors. The states themselves are generated
//! (`crate::generated::html_tokenizer`), except the two algorithms in `char_ref.rs`.

use super::token::{Attribute, Control, Doctype, Error, ProcessingInstruction, Sink, Tag, Token};
use super::{ParseError, State};
use crate::position::LineCounter;
use crate::text::TextBuf;
use crate::{Position, Span};
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};

/// What one run of a state function did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
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

/// A set of bytes, as a lookup table built at compile time.
pub(crate) struct StopSet(pub [bool; 256]);

impl StopSet {
    pub const fn new(bytes: &[u8]) -> StopSet {
        let mut t = [false; 256];
        let mut i = 0;
        while i < bytes.len() {
            t[bytes[i] as usize] = true;
            i += 1;
        }
        StopSet(t)
    }
}

/// Bytes that may start a character the input stream preprocessing reports: C0 controls other
/// than ASCII whitespace and NULL, DEL, the lead byte of C1 controls (U+0080..U+009F), and the
/// lead bytes of noncharacters (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF).
static INPUT_CHECK: StopSet = StopSet::new(&[
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0B, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16,
    0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0x7F, 0xC2, 0xEF, 0xF0, 0xF1, 0xF2, 0xF3, 0xF4,
]);

#[inline]
fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Tokenizer options: what a tree builder or a test sets.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The state to start in (html5lib-tests' `initialStates`); default: the data state.
    pub initial_state: Option<State>,
    /// "The tag name of the last start tag to have been emitted from this tokenizer"
    /// (html5lib-tests' `lastStartTag`).
    pub last_start_tag: Option<String>,
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagKind {
    Start,
    End,
}

#[derive(Default)]
struct DoctypeBuf {
    name: Option<TextBuf>,
    public_id: Option<TextBuf>,
    system_id: Option<TextBuf>,
    force_quirks: bool,
}

/// The HTML tokenizer. Generic over where tokens go: the default sink queues them for the
/// [`Iterator`] implementation; any [`Sink`] receives them as they come.
pub struct Tokenizer<'i, S> {
    input: Cow<'i, str>,
    is_final: bool,
    /// Absolute offset of `input[0]` (chunked input drops what it has consumed).
    base: usize,
    /// Next unconsumed byte (relative).
    pub(crate) pos: usize,
    /// Start of the current input character (relative); `pos` after EOF.
    pub(crate) cur: usize,
    /// Input stream errors are reported for characters at or after this offset only, so a
    /// reconsumed character is reported once.
    checked_upto: usize,
    pub(crate) state: State,
    pub(crate) return_state: State,
    requested: Option<State>,
    done: bool,

    tag_kind: TagKind,
    tag_name: TextBuf,
    attrs: Vec<(TextBuf, TextBuf)>,
    attr_name: TextBuf,
    attr_value: TextBuf,
    has_attr: bool,
    attr_dropped: bool,
    attr_index: HashMap<u64, usize>,
    attr_hasher: std::collections::hash_map::RandomState,
    self_closing: bool,
    comment: TextBuf,
    doctype: DoctypeBuf,
    pi_target: TextBuf,
    pi_data: TextBuf,
    pub(crate) temp: String,
    pub(crate) char_ref_code: u32,
    last_start_tag: String,
    has_last_start_tag: bool,

    chars: TextBuf,
    chars_start: usize,
    /// Absolute end of what has been emitted; the next token's span starts here.
    emitted_upto: usize,

    errors_on: bool,
    lines: LineCounter,
    sink: S,
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    fn build(input: Cow<'i, str>, is_final: bool, options: Options, sink: S) -> Self {
        let state = options.initial_state.unwrap_or(State::INITIAL);
        let errors_on = sink.wants_errors();
        Tokenizer {
            input,
            is_final,
            base: 0,
            pos: 0,
            cur: 0,
            checked_upto: 0,
            state,
            return_state: state,
            requested: None,
            done: false,
            tag_kind: TagKind::Start,
            tag_name: TextBuf::default(),
            attrs: Vec::new(),
            attr_name: TextBuf::default(),
            attr_value: TextBuf::default(),
            has_attr: false,
            attr_dropped: false,
            attr_index: HashMap::new(),
            attr_hasher: Default::default(),
            self_closing: false,
            comment: TextBuf::default(),
            doctype: DoctypeBuf::default(),
            pi_target: TextBuf::default(),
            pi_data: TextBuf::default(),
            temp: String::new(),
            char_ref_code: 0,
            has_last_start_tag: options.last_start_tag.is_some(),
            last_start_tag: options.last_start_tag.unwrap_or_default(),
            chars: TextBuf::default(),
            chars_start: 0,
            emitted_upto: 0,
            errors_on,
            lines: LineCounter::default(),
            sink,
        }
    }

    /// Tokenize a whole string, sending tokens to `sink`. Call [`run`](Self::run) to drive it.
    pub fn with_sink(input: &'i str, options: Options, sink: S) -> Self {
        Self::build(Cow::Borrowed(input), true, options, sink)
    }

    /// Run to the end of the input (or, for chunked input, until more input is needed).
    pub fn run(&mut self) {
        while !self.done {
            match self.step() {
                Step::Continue => self.apply_requested(),
                Step::Suspend => {
                    self.compact();
                    return;
                }
                Step::Done => self.done = true,
            }
        }
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    pub fn into_sink(self) -> S {
        self.sink
    }

    /// The state the tokenizer is in.
    pub fn state(&self) -> State {
        self.state
    }

    /// Switch state from outside (what a tree builder does between tokens).
    pub fn set_state(&mut self, state: State) {
        self.state = state;
    }

    /// True once the end-of-file token has been emitted.
    pub fn is_done(&self) -> bool {
        self.done
    }

    #[inline]
    fn apply_requested(&mut self) {
        if let Some(s) = self.requested.take() {
            self.state = s;
        }
    }

    /// Drop consumed input (chunked mode) after copying out every span that points into it.
    fn compact(&mut self) {
        let Cow::Owned(_) = self.input else { return };
        let keep = self.cur.min(self.pos);
        if keep == 0 {
            return;
        }
        let input: &str = &self.input;
        self.tag_name.detach(input);
        self.attr_name.detach(input);
        self.attr_value.detach(input);
        for (n, v) in &mut self.attrs {
            n.detach(input);
            v.detach(input);
        }
        self.comment.detach(input);
        for t in [&mut self.doctype.name, &mut self.doctype.public_id, &mut self.doctype.system_id].into_iter().flatten() {
            t.detach(input);
        }
        self.pi_target.detach(input);
        self.pi_data.detach(input);
        self.chars.detach(input);
        if self.errors_on {
            self.lines.advance(input.as_bytes(), self.base, self.base + keep);
        }
        if let Cow::Owned(s) = &mut self.input {
            s.drain(..keep);
        }
        self.base += keep;
        self.pos -= keep;
        self.cur -= keep;
        self.checked_upto = self.checked_upto.saturating_sub(keep);
    }

    // ----- input -----

    #[inline(always)]
    pub(crate) fn consume(&mut self) -> Consumed {
        let buf = self.input.as_bytes();
        let p = self.pos;
        self.cur = p;
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
        if self.errors_on && INPUT_CHECK.0[b as usize] && p >= self.checked_upto {
            self.check_input_at(p);
        }
        Consumed::Byte(b)
    }

    /// Report a control character or noncharacter at `p` (spec: #preprocessing-the-input-stream).
    #[cold]
    fn check_input_at(&mut self, p: usize) {
        let c = self.input[p..].chars().next().map_or(0, |c| c as u32);
        self.checked_upto = p + utf8_len(self.input.as_bytes()[p]);
        let code = if (0xFDD0..=0xFDEF).contains(&c) || (c & 0xFFFE) == 0xFFFE {
            ParseError::NoncharacterInInputStream
        } else if (c < 0x20 && !matches!(c, 0x00 | 0x09 | 0x0A | 0x0C | 0x0D)) || (0x7F..=0x9F).contains(&c) {
            ParseError::ControlCharacterInInputStream
        } else {
            return;
        };
        self.error_at(code, p);
    }

    /// Bulk scan for states whose "anything else" only takes the current character: the run of
    /// bytes before the next byte in `stop` (or, when errors are on, a byte to check).
    #[inline(always)]
    pub(crate) fn scan(&mut self, stop: &StopSet) -> Option<(usize, usize)> {
        let start = self.pos;
        let mut i = start;
        loop {
            let buf = self.input.as_bytes();
            if self.errors_on {
                while i < buf.len() && !stop.0[buf[i] as usize] && !INPUT_CHECK.0[buf[i] as usize] {
                    i += 1;
                }
                if i < buf.len() && !stop.0[buf[i] as usize] {
                    if i >= self.checked_upto {
                        self.check_input_at(i);
                    }
                    i += utf8_len(self.input.as_bytes()[i]);
                    continue;
                }
            } else {
                while i < buf.len() && !stop.0[buf[i] as usize] {
                    i += 1;
                }
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
    pub(crate) fn reconsume(&mut self) {
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
    pub(crate) fn consume_nothing(&mut self) {
        self.cur = self.pos;
        if self.errors_on {
            if let Some(&b) = self.input.as_bytes().get(self.pos) {
                if INPUT_CHECK.0[b as usize] && self.pos >= self.checked_upto {
                    self.check_input_at(self.pos);
                }
            }
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
    pub(crate) fn lookahead(&self, s: &[u8], ci: bool) -> Look {
        self.look_at(self.pos, s, ci)
    }

    /// "If the N characters starting from the current input character are ..."
    #[inline]
    pub(crate) fn lookahead_at_current(&self, s: &[u8], ci: bool) -> Look {
        if self.cur >= self.input.len() {
            return Look::NoMatch;
        }
        self.look_at(self.cur, s, ci)
    }

    /// Consume `n` more bytes matched by a lookahead (ASCII, no CR).
    #[inline]
    pub(crate) fn skip(&mut self, n: usize) {
        self.pos += n;
        self.cur = self.pos.saturating_sub(1);
    }

    #[cfg(feature = "trace")]
    #[inline]
    pub(crate) fn trace(&mut self, state: State, case: u16) {
        self.sink.trace(state, case);
    }

    // ----- errors -----

    #[inline(always)]
    pub(crate) fn error(&mut self, code: ParseError) {
        if self.errors_on {
            self.error_at(code, self.cur);
        }
    }

    /// Report `code` at relative offset `at`.
    #[cold]
    pub(crate) fn error_at(&mut self, code: ParseError, at: usize) {
        if !self.errors_on {
            return;
        }
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
        let position = self.lines.at;
        self.sink.error(Error { code, position });
    }

    // ----- text helpers -----

    #[inline(always)]
    fn push(input: &str, cur: usize, pos: usize, buf: &mut TextBuf, src: Src) {
        match src {
            Src::Current => {
                if input.as_bytes()[cur] == b'\r' {
                    buf.push_char(input, '\n');
                } else {
                    buf.push_run(input, cur, pos);
                }
            }
            Src::CurrentLowercase => buf.push_char(input, (input.as_bytes()[cur] | 0x20) as char),
            Src::Str(s) => buf.push_str(input, s),
            Src::Run(a, b) => buf.push_run(input, a, b),
        }
    }

    // ----- verbs: characters -----

    #[inline]
    pub(crate) fn emit_chars(&mut self, src: Src) {
        if self.chars.is_empty() {
            self.chars_start = self.emitted_upto;
        }
        Self::push(&self.input, self.cur, self.pos, &mut self.chars, src);
        self.emitted_upto = self.base + match src {
            Src::Run(_, b) => b,
            _ => self.pos,
        };
    }

    pub(crate) fn emit_temp_buffer(&mut self) {
        if self.chars.is_empty() {
            self.chars_start = self.emitted_upto;
        }
        let t = std::mem::take(&mut self.temp);
        self.chars.push_str(&self.input, &t);
        self.temp = t;
        self.emitted_upto = self.base + self.pos;
    }

    fn flush_chars(&mut self) {
        if self.chars.is_empty() {
            return;
        }
        let text = self.chars.take(&self.input);
        let span = Span::new(self.chars_start, self.emitted_upto.max(self.chars_start));
        self.sink.token(Token::Characters(text), span);
    }

    fn emit_token(&mut self, token: Token<'i>) {
        self.flush_chars();
        let start = self.emitted_upto;
        let end = (self.base + self.pos).max(start);
        self.emitted_upto = end;
        if let Control::SwitchTo(s) = self.sink.token(token, Span::new(start, end)) {
            self.requested = Some(s);
        }
    }

    /// The end-of-file token's span covers whatever unterminated markup was dropped before it
    /// (`<a` at the end of the input emits no tag), so spans always tile the input.
    pub(crate) fn emit_eof(&mut self) -> Step {
        self.flush_chars();
        let end = self.base + self.input.len();
        let start = self.emitted_upto.min(end);
        self.emitted_upto = end;
        self.sink.token(Token::Eof, Span::new(start, end));
        Step::Done
    }

    // ----- verbs: tags -----

    fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        self.tag_name.clear();
        self.attrs.clear();
        self.attr_index.clear();
        self.has_attr = false;
        self.attr_dropped = false;
        self.self_closing = false;
    }

    #[inline]
    pub(crate) fn create_start_tag(&mut self) {
        self.new_tag(TagKind::Start);
    }

    #[inline]
    pub(crate) fn create_end_tag(&mut self) {
        self.new_tag(TagKind::End);
    }

    #[inline]
    pub(crate) fn append_to_tag_name(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.tag_name, src);
    }

    /// Move the current attribute into the tag's list, unless it was dropped as a duplicate.
    fn commit_attribute(&mut self) {
        if !self.has_attr {
            return;
        }
        self.has_attr = false;
        let name = std::mem::take(&mut self.attr_name);
        let value = std::mem::take(&mut self.attr_value);
        if !self.attr_dropped {
            self.attrs.push((name, value));
        }
        self.attr_dropped = false;
    }

    pub(crate) fn start_attribute(&mut self) {
        self.commit_attribute();
        self.has_attr = true;
    }

    #[inline]
    pub(crate) fn append_to_attribute_name(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.attr_name, src);
    }

    #[inline]
    pub(crate) fn append_to_attribute_value(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.attr_value, src);
    }

    /// spec: #attribute-name-state, on leaving: drop a duplicate. Linear in the number of
    /// attributes overall: a hash of each committed name indexes the first attribute with it.
    pub(crate) fn check_duplicate_attribute(&mut self) {
        if !self.has_attr {
            return;
        }
        let input: &str = &self.input;
        let name = self.attr_name.as_str(input);
        let dup = if self.attrs.len() <= 8 {
            self.attrs.iter().any(|(n, _)| n.as_str(input) == name)
        } else {
            use std::hash::BuildHasher;
            if self.attr_index.len() < self.attrs.len() {
                for i in self.attr_index.len()..self.attrs.len() {
                    let h = self.attr_hasher.hash_one(self.attrs[i].0.as_str(input));
                    self.attr_index.entry(h).or_insert(i);
                }
            }
            let h = self.attr_hasher.hash_one(name);
            match self.attr_index.get(&h) {
                None => false,
                Some(&i) if self.attrs[i].0.as_str(input) == name => true,
                // A true hash collision: fall back to comparing every name.
                Some(_) => self.attrs.iter().any(|(n, _)| n.as_str(input) == name),
            }
        };
        if dup {
            self.attr_dropped = true;
            self.error(ParseError::DuplicateAttribute);
        }
    }

    #[inline]
    pub(crate) fn set_self_closing(&mut self) {
        self.self_closing = true;
    }

    pub(crate) fn emit_tag(&mut self) {
        self.commit_attribute();
        let name = self.tag_name.take(&self.input);
        let mut attributes = Vec::with_capacity(self.attrs.len());
        for (mut n, mut v) in self.attrs.drain(..) {
            attributes.push(Attribute { name: n.take(&self.input), value: v.take(&self.input) });
        }
        self.attr_index.clear();
        let tag = Tag { name, attributes, self_closing: self.self_closing };
        match self.tag_kind {
            TagKind::Start => {
                self.last_start_tag.clear();
                self.last_start_tag.push_str(&tag.name);
                self.has_last_start_tag = true;
                self.emit_token(Token::StartTag(tag));
            }
            TagKind::End => {
                // spec: #tokenization, "When an end tag token is emitted with attributes ..."
                if !tag.attributes.is_empty() {
                    self.error(ParseError::EndTagWithAttributes);
                }
                if tag.self_closing {
                    self.error(ParseError::EndTagWithTrailingSolidus);
                }
                self.emit_token(Token::EndTag(tag));
            }
        }
    }

    /// "An appropriate end tag token is an end tag token whose tag name matches the tag name of
    /// the last start tag to have been emitted from this tokenizer, if any."
    #[inline]
    pub(crate) fn appropriate_end_tag(&self) -> bool {
        self.has_last_start_tag
            && self.tag_kind == TagKind::End
            && self.tag_name.as_str(&self.input) == self.last_start_tag
    }

    // ----- verbs: comments -----

    pub(crate) fn create_comment(&mut self, data: &'static str) {
        self.comment.clear();
        if !data.is_empty() {
            self.comment.push_str(&self.input, data);
        }
    }

    #[inline]
    pub(crate) fn append_to_comment(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.comment, src);
    }

    pub(crate) fn emit_comment(&mut self) {
        let data = self.comment.take(&self.input);
        self.emit_token(Token::Comment(data));
    }

    // ----- verbs: DOCTYPE -----

    pub(crate) fn create_doctype(&mut self) {
        self.doctype = DoctypeBuf::default();
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub(crate) fn set_doctype_name_empty(&mut self) {
        self.doctype.name = Some(TextBuf::default());
    }

    pub(crate) fn append_to_doctype_name(&mut self, src: Src) {
        let buf = self.doctype.name.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src);
    }

    pub(crate) fn set_public_id_empty(&mut self) {
        self.doctype.public_id = Some(TextBuf::default());
    }

    pub(crate) fn append_to_public_id(&mut self, src: Src) {
        let buf = self.doctype.public_id.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src);
    }

    pub(crate) fn set_system_id_empty(&mut self) {
        self.doctype.system_id = Some(TextBuf::default());
    }

    pub(crate) fn append_to_system_id(&mut self, src: Src) {
        let buf = self.doctype.system_id.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src);
    }

    pub(crate) fn set_force_quirks(&mut self) {
        self.doctype.force_quirks = true;
    }

    pub(crate) fn emit_doctype(&mut self) {
        let mut d = std::mem::take(&mut self.doctype);
        let input = &self.input;
        let doctype = Doctype {
            name: d.name.as_mut().map(|t| t.take(input)),
            public_id: d.public_id.as_mut().map(|t| t.take(input)),
            system_id: d.system_id.as_mut().map(|t| t.take(input)),
            force_quirks: d.force_quirks,
        };
        self.emit_token(Token::Doctype(doctype));
    }

    // ----- verbs: processing instructions -----

    pub(crate) fn create_pi_from_temp_buffer(&mut self) {
        self.pi_target.clear();
        self.pi_data.clear();
        let t = std::mem::take(&mut self.temp);
        self.pi_target.push_str(&self.input, &t);
        self.temp = t;
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub(crate) fn create_pi(&mut self) {
        self.pi_target.clear();
        self.pi_data.clear();
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub(crate) fn append_to_pi_target(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.pi_target, src);
    }

    #[inline]
    pub(crate) fn append_to_pi_data(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.pi_data, src);
    }

    pub(crate) fn emit_pi(&mut self) {
        let target = self.pi_target.take(&self.input);
        let data = self.pi_data.take(&self.input);
        self.emit_token(Token::ProcessingInstruction(ProcessingInstruction { target, data }));
    }

    /// "Convert the temporary buffer to a comment": data is "?" and the temporary buffer.
    pub(crate) fn convert_temp_buffer_to_comment(&mut self) {
        self.comment = TextBuf::Owned(format!("?{}", self.temp));
    }

    /// Target is an ASCII case-insensitive match for "xml" or "xml-stylesheet".
    pub(crate) fn temp_buffer_is_disallowed_pi_target(&self) -> bool {
        self.temp.eq_ignore_ascii_case("xml") || self.temp.eq_ignore_ascii_case("xml-stylesheet")
    }

    // ----- verbs: temporary buffer, character references -----

    #[inline]
    pub(crate) fn clear_temp_buffer(&mut self) {
        self.temp.clear();
    }

    #[inline]
    pub(crate) fn append_to_temp_buffer(&mut self, src: Src) {
        match src {
            Src::Current if self.input.as_bytes()[self.cur] == b'\r' => self.temp.push('\n'),
            Src::Current => self.temp.push_str(&self.input[self.cur..self.pos]),
            Src::CurrentLowercase => self.temp.push((self.input.as_bytes()[self.cur] | 0x20) as char),
            Src::Str(s) => self.temp.push_str(s),
            Src::Run(a, b) => self.temp.push_str(&self.input[a..b]),
        }
    }

    pub(crate) fn temp_buffer_is_script(&self) -> bool {
        self.temp == "script"
    }

    pub(crate) fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign()
    }

    #[inline]
    pub(crate) fn set_return_state(&mut self, state: State) {
        self.return_state = state;
    }

    /// "A character reference is said to be consumed as part of an attribute if the return
    /// state is either attribute value (double-quoted) state, attribute value (single-quoted)
    /// state, or attribute value (unquoted) state."
    #[inline]
    pub(crate) fn char_ref_in_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuotedState
                | State::AttributeValueSingleQuotedState
                | State::AttributeValueUnquotedState
        )
    }

    /// "Flush code points consumed as a character reference."
    pub(crate) fn flush_char_ref(&mut self) {
        let t = std::mem::take(&mut self.temp);
        if self.char_ref_in_attribute() {
            self.attr_value.push_str(&self.input, &t);
        } else {
            if self.chars.is_empty() {
                self.chars_start = self.emitted_upto;
            }
            self.chars.push_str(&self.input, &t);
            self.emitted_upto = self.base + self.pos;
        }
        self.temp = t;
    }

    /// Ambiguous ampersand, ASCII alphanumeric: append to the attribute value or emit.
    pub(crate) fn append_or_emit_current_as_char_ref(&mut self) {
        if self.char_ref_in_attribute() {
            self.append_to_attribute_value(Src::Current);
        } else {
            self.emit_chars(Src::Current);
        }
    }

    #[inline]
    pub(crate) fn reset_char_ref_code(&mut self) {
        self.char_ref_code = 0;
    }

    /// Multiply and add; saturates above U+10FFFF, which the end state treats alike.
    #[inline]
    pub(crate) fn accumulate_char_ref_code(&mut self, radix: u32, subtract: u32) {
        let digit = u32::from(self.input.as_bytes()[self.cur]).wrapping_sub(subtract);
        self.char_ref_code = self.char_ref_code.saturating_mul(radix).saturating_add(digit).min(0x11_0000);
    }

    // ----- used by the hand-written states -----

    #[inline]
    pub(crate) fn input_bytes(&self) -> &[u8] {
        self.input.as_bytes()
    }

    #[inline]
    pub(crate) fn input_is_final(&self) -> bool {
        self.is_final
    }
}

/// The default sink: queues tokens (and errors, when asked) for the iterator.
#[derive(Debug, Default)]
pub struct TokenQueue<'i> {
    tokens: VecDeque<(Token<'i>, Span)>,
    errors: Vec<Error>,
    want_errors: bool,
}

impl<'i> Sink<'i> for TokenQueue<'i> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.tokens.push_back((token, span));
        Control::Continue
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        self.want_errors
    }
}

impl<'i> Tokenizer<'i, TokenQueue<'i>> {
    /// Tokenize a whole string with default options; iterate to get the tokens.
    pub fn new(input: &'i str) -> Self {
        Self::with_options(input, Options::default())
    }

    pub fn with_options(input: &'i str, options: Options) -> Self {
        let sink = TokenQueue { want_errors: options.errors, ..Default::default() };
        Self::build(Cow::Borrowed(input), true, options, sink)
    }

    /// Parse errors found so far (with `Options::errors`), in input order.
    pub fn errors(&self) -> &[Error] {
        &self.sink.errors
    }

    pub fn take_errors(&mut self) -> Vec<Error> {
        std::mem::take(&mut self.sink.errors)
    }

    /// The next token with its byte span.
    pub fn next_spanned(&mut self) -> Option<(Token<'i>, Span)> {
        loop {
            if let Some(t) = self.sink.tokens.pop_front() {
                return Some(t);
            }
            if self.done {
                return None;
            }
            match self.step() {
                Step::Continue => self.apply_requested(),
                // Whole input never suspends; stop rather than spin if it did.
                Step::Suspend => self.done = true,
                Step::Done => self.done = true,
            }
        }
    }
}

impl<'i> Iterator for Tokenizer<'i, TokenQueue<'i>> {
    type Item = Token<'i>;

    fn next(&mut self) -> Option<Token<'i>> {
        self.next_spanned().map(|(t, _)| t)
    }
}

impl<S: Sink<'static>> Tokenizer<'static, S> {
    /// A tokenizer for input that arrives in chunks: [`feed`](Self::feed) each chunk, then
    /// [`finish`](Self::finish). Tokens reach the sink as soon as they are complete; the
    /// result is the same whatever the split.
    pub fn streaming(options: Options, sink: S) -> Self {
        Self::build(Cow::Owned(String::new()), false, options, sink)
    }

    /// Add a chunk and tokenize as far as it allows.
    pub fn feed(&mut self, chunk: &str) {
        if let Cow::Owned(s) = &mut self.input {
            s.push_str(chunk);
        }
        self.run();
    }

    /// Mark the end of the input and tokenize the rest (emitting the end-of-file token).
    pub fn finish(&mut self) {
        self.is_final = true;
        self.run();
    }
}

/// Tokenize a whole string: an iterator of tokens, adjacent characters merged into runs.
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(input)
}

/// Position of an offset, for users who kept spans and want lines and columns.
pub fn position_of(input: &str, offset: usize) -> Position {
    let mut c = LineCounter::default();
    c.advance(input.as_bytes(), 0, offset.min(input.len()));
    c.at
}
