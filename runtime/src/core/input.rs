//! The input stream (spec: #preprocessing-the-input-stream): whole or chunked input, consuming
//! the next character with CR and CRLF read as LF, the input problems preprocessing reports
//! (controls, noncharacters), reconsuming, lookahead and look-behind, bulk runs for the
//! derived fast paths, suspension at the end of a chunk, and positions.

use super::*;

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

impl<'i> Core<'i> {
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
        let n = self.input.len() - strip_bom(&self.input).len();
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

    /// [`take_plain`](Self::take_plain) for a fused case that reads nothing of the character
    /// (no verbs, no error, no reconsume; `codegen/src/emit.rs`, `leaves_current`): only the
    /// position moves. `cur` is read only by the case that consumed a character, and the next
    /// state consumes (`consume`, `take_plain`, `peek_current`) before it reads `cur`. O(1).
    #[inline(always)]
    pub fn skip_plain(&mut self) {
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
    /// `errors` is the sink's compile-time fact (`SinkFacts::errors`): `false` leaves only the
    /// plain scan.
    #[inline(always)]
    pub fn scan(&mut self, stop: &StopSet, errors: bool) -> Option<(usize, usize)> {
        let start = self.pos;
        let mut i = start;
        loop {
            let buf = self.input.as_bytes();
            if errors && self.errors_on {
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
        // `cur` is left as it was: the run's verb takes its bounds, and whatever follows the
        // scan consumes the next character (setting `cur`) before anything reads it.
        self.pos = i;
        Some((start, i))
    }

    /// Nobody reads what a character reference in text would produce: the sink takes no text
    /// and no parse errors (and no trace records the states' cases). The derived scans of text
    /// states then run past the `&` (codegen: `Scan::quiet_stop`): a reference only consumes
    /// alphanumerics, `#`, `x` and `;` and hands every other byte back, so tokens and spans are
    /// the same.
    #[inline(always)]
    pub fn text_unread(&self) -> bool {
        !cfg!(feature = "trace") && !self.read_text && !self.errors_on
    }

    /// [`text_unread`](Self::text_unread) for attribute values: the sink takes no attribute
    /// values (neither decoded nor as written) and no parse errors.
    #[inline(always)]
    pub fn values_unread(&self) -> bool {
        !cfg!(feature = "trace") && self.attribute_values == Values::Skip && !self.errors_on
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
}

/// Text input as the Encoding Standard's "decode" would have produced it from bytes: without a
/// leading U+FEFF BYTE ORDER MARK, which it skips. The `&str` entry points for documents call
/// this, so a string read with `read_to_string` parses like the bytes would.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}
