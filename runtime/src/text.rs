//! Text under construction: a span of the input while the text is a contiguous copy of it,
//! an owned string once anything else is appended. Tag names, attribute values and character
//! runs are usually spans, so tokens borrow from the input without copying.

use std::borrow::Cow;

#[derive(Clone, Debug)]
pub(crate) enum TextBuf {
    /// Bytes `start..end` of the input buffer (relative offsets). Empty when `start == end`.
    Span(usize, usize),
    Owned(String),
}

impl Default for TextBuf {
    fn default() -> Self {
        TextBuf::Span(0, 0)
    }
}

impl TextBuf {
    #[inline]
    pub fn is_empty(&self) -> bool {
        match self {
            TextBuf::Span(s, e) => s == e,
            TextBuf::Owned(o) => o.is_empty(),
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        *self = TextBuf::Span(0, 0);
    }

    /// Append input bytes `start..end`. The common cases (an empty buffer, or a run that
    /// continues the span) stay inline; anything else goes to the out-of-line path.
    #[inline(always)]
    pub fn push_run(&mut self, input: &str, start: usize, end: usize) {
        if let TextBuf::Span(s, e) = self {
            if *s == *e {
                *s = start;
                *e = end;
                return;
            }
            if *e == start {
                *e = end;
                return;
            }
        }
        self.push_run_slow(input, start, end);
    }

    #[inline(never)]
    fn push_run_slow(&mut self, input: &str, start: usize, end: usize) {
        match self {
            TextBuf::Span(s, e) => {
                let mut o = String::with_capacity((*e - *s) + (end - start) + 16);
                o.push_str(&input[*s..*e]);
                o.push_str(&input[start..end]);
                *self = TextBuf::Owned(o);
            }
            TextBuf::Owned(o) => o.push_str(&input[start..end]),
        }
    }

    /// Append text that is not (or not known to be) a copy of the input.
    #[inline]
    pub fn push_str(&mut self, input: &str, text: &str) {
        self.owned(input).push_str(text);
    }

    #[inline]
    pub fn push_char(&mut self, input: &str, c: char) {
        self.owned(input).push(c);
    }

    /// Turn into an owned string (copying the span) and return it.
    pub fn owned(&mut self, input: &str) -> &mut String {
        if let TextBuf::Span(s, e) = *self {
            // Room to grow: the caller is about to append (a replacement, a lowercased letter).
            let mut o = String::with_capacity(2 * (e - s) + 32);
            o.push_str(&input[s..e]);
            *self = TextBuf::Owned(o);
        }
        match self {
            TextBuf::Owned(o) => o,
            TextBuf::Span(..) => unreachable!("just made owned"),
        }
    }

    #[inline]
    pub fn as_str<'a>(&'a self, input: &'a str) -> &'a str {
        match self {
            TextBuf::Span(s, e) => &input[*s..*e],
            TextBuf::Owned(o) => o,
        }
    }

    /// Take the text out, borrowing from `input` when it is a span of a borrowed input.
    #[inline(always)]
    pub fn take<'i>(&mut self, input: &Cow<'i, str>) -> Cow<'i, str> {
        if let (TextBuf::Span(s, e), Cow::Borrowed(i)) = (&*self, input) {
            let (s, e) = (*s, *e);
            *self = TextBuf::Span(0, 0);
            return Cow::Borrowed(&i[s..e]);
        }
        self.take_slow(input)
    }

    #[inline(never)]
    fn take_slow<'i>(&mut self, input: &Cow<'i, str>) -> Cow<'i, str> {
        match std::mem::take(self) {
            TextBuf::Span(s, e) => Cow::Owned(input[s..e].to_owned()),
            TextBuf::Owned(o) => Cow::Owned(o),
        }
    }

    /// Copy a span out of the input before the input's consumed prefix is dropped.
    pub fn detach(&mut self, input: &str) {
        if matches!(self, TextBuf::Span(s, e) if s != e) {
            self.owned(input);
        } else if let TextBuf::Span(..) = self {
            *self = TextBuf::Span(0, 0);
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
        assert!(matches!(t, TextBuf::Span(1, 4)));
        assert!(matches!(t.take(&input), Cow::Borrowed("bcd")));
        t.push_run(&input, 0, 1);
        t.push_run(&input, 2, 3);
        assert_eq!(t.take(&input), "ac");
    }
}
