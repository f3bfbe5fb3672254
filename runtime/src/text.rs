//! Text under construction: a span of the input while the text is a contiguous copy of it,
//! an owned string once anything else is appended. Tag names, attribute values, character runs
//! and the temporary buffer (character references, end tag names) are usually spans, so tokens
//! borrow from the input without copying, and clearing or flushing the temporary buffer is a
//! few stores. The owned string's allocation is kept across `clear` (the temporary buffer is
//! cleared again and again); `take` gives it away with the token.

use std::borrow::Cow;

#[derive(Clone, Debug, Default)]
pub(crate) struct TextBuf {
    /// Input bytes `start..end` (relative offsets) while `!owned`; empty when `start == end`.
    start: usize,
    end: usize,
    owned: bool,
    /// The text while `owned`; otherwise an allocation kept for later.
    text: String,
}

impl TextBuf {
    #[inline]
    pub fn clear(&mut self) {
        self.start = 0;
        self.end = 0;
        self.owned = false;
    }

    /// The span of the input the text is a copy of, unless it is owned.
    #[inline]
    pub fn span(&self) -> Option<(usize, usize)> {
        (!self.owned).then_some((self.start, self.end))
    }

    /// Append input bytes `start..end`. The common cases (an empty buffer, or a run that
    /// continues the span) stay inline; anything else goes to the out-of-line path.
    #[inline(always)]
    pub fn push_run(&mut self, input: &str, start: usize, end: usize) {
        if !self.owned {
            if self.start == self.end {
                self.start = start;
                self.end = end;
                return;
            }
            if self.end == start {
                self.end = end;
                return;
            }
        }
        self.push_run_slow(input, start, end);
    }

    #[inline(never)]
    fn push_run_slow(&mut self, input: &str, start: usize, end: usize) {
        self.owned(input).push_str(&input[start..end]);
    }

    /// Append text that is not known to be a copy of the input. When the span goes on in the
    /// input with exactly `text` (a comment's `-` that the comment end dash state appends back,
    /// the `-` being the input's own), the span grows over it and stays borrowed: the text is
    /// the same either way, and `end + text.len()` is on a character boundary since `end` is and
    /// `text` is whole characters. O(`text.len()`).
    #[inline]
    pub fn push_str(&mut self, input: &str, text: &str) {
        if !self.owned
            && self.start != self.end
            && input.as_bytes().get(self.end..).is_some_and(|rest| rest.starts_with(text.as_bytes()))
        {
            self.end += text.len();
            return;
        }
        self.owned(input).push_str(text);
    }

    #[inline]
    pub fn push_char(&mut self, input: &str, c: char) {
        self.owned(input).push(c);
    }

    /// Turn into an owned string (copying the span) and return it.
    #[inline(never)]
    pub fn owned(&mut self, input: &str) -> &mut String {
        if !self.owned {
            let span = &input[self.start..self.end];
            self.text.clear();
            // Room to grow: the caller is about to append (a replacement, a lowercased letter).
            self.text.reserve(2 * span.len() + 32);
            self.text.push_str(span);
            self.owned = true;
        }
        &mut self.text
    }

    #[inline]
    pub fn as_str<'a>(&'a self, input: &'a str) -> &'a str {
        if self.owned { &self.text } else { &input[self.start..self.end] }
    }

    /// The text's bytes: [`as_str`](Self::as_str) without the character boundary checks.
    #[inline]
    pub fn as_bytes<'a>(&'a self, input: &'a [u8]) -> &'a [u8] {
        if self.owned { self.text.as_bytes() } else { &input[self.start..self.end] }
    }

    /// Take the text out, borrowing from `input` when it is a span of a borrowed input.
    ///
    /// Every token's name, value and text goes through here, so the borrow is made without
    /// `str` indexing's bounds and character-boundary checks (a dozen instructions and two
    /// byte loads each; issue 13). A span only ever holds offsets the tokenizer produced: the
    /// start and end of an input character it consumed (`cur`, `pos`) and the ends of runs
    /// that scans stop at an ASCII byte or the end of the input, and an end moved past whole
    /// characters the input goes on with (`push_str`), all within the input; and no
    /// span outlives the input it indexes (`detach` turns spans into owned text before chunked
    /// input drops its consumed prefix). The debug assertion checks exactly that on every
    /// take in the test suites.
    #[inline(always)]
    pub fn take<'i>(&mut self, input: &Cow<'i, str>) -> Cow<'i, str> {
        self.take_or_known(input, None)
    }

    /// [`take`](Self::take) for a name from a fixed set: owned text that `known` finds (a tag
    /// name lowercased from `DIV`) is handed out as the `'static` name `known` returns, and the
    /// allocation stays for the next name (an owned name otherwise costs an allocation per
    /// tag: the text goes with the token). The text is the same either way; a span costs what
    /// it costs in `take` (the test is on the out-of-line path). Cost: time O(`known`) (the
    /// HTML machine's is one hashed lookup of at most two words of the name), no allocation, stack
    /// O(1); reached by every tokenize and parse operation of the worst-case search.
    #[inline(always)]
    pub fn take_known<'i>(
        &mut self,
        input: &Cow<'i, str>,
        known: Option<fn(&str) -> Option<&'static str>>,
    ) -> Cow<'i, str> {
        self.take_or_known(input, known)
    }

    #[inline(always)]
    fn take_or_known<'i>(
        &mut self,
        input: &Cow<'i, str>,
        known: Option<fn(&str) -> Option<&'static str>>,
    ) -> Cow<'i, str> {
        if let (false, Cow::Borrowed(i)) = (self.owned, input) {
            let (s, e) = (self.start, self.end);
            self.clear();
            // The invariant the doc comment states; debug builds (every test suite) check it.
            debug_assert!(s <= e && i.is_char_boundary(s) && i.is_char_boundary(e), "span {s}..{e}");
            // SAFETY: `s..e` is within `i` and on character boundaries (above), so the bytes
            // are a whole-character slice of a `str`, valid UTF-8.
            return Cow::Borrowed(unsafe { i.get_unchecked(s..e) });
        }
        self.take_slow(input, known)
    }

    #[inline(never)]
    fn take_slow<'i>(&mut self, input: &Cow<'i, str>, known: Option<fn(&str) -> Option<&'static str>>) -> Cow<'i, str> {
        if self.owned
            && let Some(name) = known.and_then(|k| k(&self.text))
        {
            self.clear();
            return Cow::Borrowed(name);
        }
        let text = if self.owned { std::mem::take(&mut self.text) } else { input[self.start..self.end].to_owned() };
        self.clear();
        Cow::Owned(text)
    }

    /// Copy a span out of the input before the input's consumed prefix is dropped.
    pub fn detach(&mut self, input: &str) {
        if self.owned {
            return;
        }
        if self.start != self.end {
            self.owned(input);
        } else {
            self.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_a_span_while_contiguous() {
        let input = Cow::Borrowed("abcdef");
        let mut t = TextBuf::default();
        t.push_run(&input, 1, 3);
        t.push_run(&input, 3, 4);
        assert_eq!(t.span(), Some((1, 4)));
        assert!(matches!(t.take(&input), Cow::Borrowed("bcd")));
        t.push_run(&input, 0, 1);
        t.push_run(&input, 2, 3);
        assert_eq!(t.take(&input), "ac");
    }

    #[test]
    fn appended_text_the_input_goes_on_with_extends_the_span() {
        let input = Cow::Borrowed("a-b--c");
        let mut t = TextBuf::default();
        t.push_run(&input, 0, 1);
        t.push_str(&input, "-");
        assert_eq!(t.span(), Some((0, 2)));
        t.push_run(&input, 2, 3);
        t.push_str(&input, "--");
        assert_eq!(t.span(), Some((0, 5)));
        assert!(matches!(t.take(&input), Cow::Borrowed("a-b--")));
        // Text the input does not go on with, or an empty span (no place to grow from): owned.
        t.push_run(&input, 0, 1);
        t.push_str(&input, "b");
        assert_eq!(t.span(), None);
        assert_eq!(t.take(&input), "ab");
        t.push_str(&input, "a");
        assert_eq!(t.span(), None);
        assert_eq!(t.take(&input), "a");
        // At the end of the input.
        t.push_run(&input, 5, 6);
        t.push_str(&input, "-");
        assert_eq!(t.take(&input), "c-");
    }

    #[test]
    fn known_owned_names_are_handed_out_static() {
        let input = Cow::Borrowed("DIV Other");
        let known: fn(&str) -> Option<&'static str> = |s| ["div", "p"].into_iter().find(|k| *k == s);
        let mut t = TextBuf::default();
        for c in "div".chars() {
            t.push_char(&input, c);
        }
        let ptr = t.text.as_ptr();
        assert!(matches!(t.take_known(&input, Some(known)), Cow::Borrowed("div")));
        // The allocation stays for the next owned name.
        assert_eq!(t.span(), Some((0, 0)));
        t.push_char(&input, 'p');
        assert_eq!(t.text.as_ptr(), ptr);
        assert!(matches!(t.take_known(&input, Some(known)), Cow::Borrowed("p")));
        // An owned name it does not know goes with the token; a span is borrowed from the input.
        t.push_char(&input, 'x');
        assert!(matches!(t.take_known(&input, Some(known)), Cow::Owned(s) if s == "x"));
        t.push_run(&input, 4, 9);
        assert!(matches!(t.take_known(&input, Some(known)), Cow::Borrowed("Other")));
    }

    #[test]
    fn temp_buffer_is_a_span_while_it_copies_the_input() {
        let input = "a&amp;b";
        let mut t = TextBuf::default();
        assert_eq!(t.span(), Some((0, 0)));
        t.push_run(input, 1, 2);
        t.push_run(input, 2, 5);
        assert_eq!(t.span(), Some((1, 5)));
        assert_eq!(t.as_str(input), "&amp");
        // A run that does not continue the span makes it owned.
        t.push_run(input, 6, 7);
        assert_eq!(t.span(), None);
        assert_eq!(t.as_str(input), "&ampb");
        t.push_run(input, 5, 6);
        assert_eq!(t.as_str(input), "&ampb;");
        // Clearing goes back to an empty span; the owned string is reused later.
        t.clear();
        assert_eq!(t.span(), Some((0, 0)));
        assert_eq!(t.as_str(input), "");
        t.push_char(input, '\n');
        assert_eq!(t.as_str(input), "\n");
        t.clear();
        t.push_run(input, 0, 1);
        t.push_str(input, "\u{e9}");
        assert_eq!(t.as_str(input), "a\u{e9}");
        t.clear();
        t.push_run(input, 3, 4);
        t.detach(input);
        assert_eq!(t.span(), None);
        assert_eq!(t.as_str("other input"), "m");
        t.clear();
        t.detach(input);
        assert_eq!(t.as_str(input), "");
    }
}
