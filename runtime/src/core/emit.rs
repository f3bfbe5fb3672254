//! What the machine emits besides markup tokens: character runs (pending until the next token
//! or the end, spans of the input until modified) and the spans of emitted tokens, which tile
//! the input.

use super::*;

impl<'i> Core<'i> {
    #[inline(always)]
    pub fn emit_chars(&mut self, src: Src) {
        self.emit_chars_reading(src, true);
    }

    /// [`emit_chars`](Self::emit_chars) where the sink's `text` fact is known (generated code
    /// passes `Tokenizer::FACTS.text`): `false` compiles the text's test and append away.
    #[inline(always)]
    pub fn emit_chars_reading(&mut self, src: Src, text: bool) {
        if !self.has_chars() {
            self.chars_start = self.emitted_upto;
        }
        if text && self.read_text {
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
    pub(super) fn emit_str_for_consumed(&mut self, s: &str) {
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

    /// The pending character run with its span, once [`has_chars`](Self::has_chars) said there
    /// is one: no `Option` built and tested again on every flush.
    #[inline(always)]
    pub fn take_pending_chars(&mut self) -> (Cow<'i, str>, Span) {
        debug_assert!(self.has_chars());
        // Text nobody reads is handed over empty; the span says where the run was.
        self.chars_pending = false;
        let text = if self.read_text { self.chars.take(&self.input) } else { Cow::Borrowed("") };
        (text, Span::new(self.chars_start, self.emitted_upto.max(self.chars_start)))
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
}
