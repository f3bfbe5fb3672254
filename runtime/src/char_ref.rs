//! Character reference machinery shared by the machines: the temporary buffer (which character
//! references fill with the input they consume), and the checks of the HTML spec's numeric
//! character reference end state (XML5 follows them too; see spec/xml5/README.md).

/// The tokenizer's temporary buffer. While it is a copy of consumed input, as it is for every
/// character reference ("&", "#", "x" and the matched name) and for most tag names it collects,
/// it is a span of the input: clearing it and appending "&" are two stores, and flushing it
/// appends an input run to the character token or attribute value, which stays a borrow of the
/// input when it is contiguous. Anything else makes it an owned string, whose allocation is kept
/// across clears.
#[derive(Debug, Default)]
pub(crate) struct TempBuf {
    /// Input bytes `start..end` (relative offsets) while `!owned`; empty when `start == end`.
    start: usize,
    end: usize,
    owned: bool,
    text: String,
}

impl TempBuf {
    #[inline]
    pub fn clear(&mut self) {
        self.start = 0;
        self.end = 0;
        self.owned = false;
    }

    /// The span of the input the buffer is a copy of, unless it is owned.
    #[inline]
    pub fn span(&self) -> Option<(usize, usize)> {
        (!self.owned).then_some((self.start, self.end))
    }

    /// Append input bytes `start..end`.
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
        self.owned(input).push_str(&input[start..end]);
    }

    /// Append text that is not (or not known to be) the input right after the span.
    #[inline]
    pub fn push_str(&mut self, input: &str, text: &str) {
        self.owned(input).push_str(text);
    }

    #[inline]
    pub fn push_char(&mut self, input: &str, c: char) {
        self.owned(input).push(c);
    }

    /// The owned string, copying the span into it first if the buffer is a span.
    #[inline(never)]
    pub fn owned(&mut self, input: &str) -> &mut String {
        if !self.owned {
            self.text.clear();
            self.text.push_str(&input[self.start..self.end]);
            self.owned = true;
        }
        &mut self.text
    }

    #[inline]
    pub fn as_str<'a>(&'a self, input: &'a str) -> &'a str {
        if self.owned {
            &self.text
        } else {
            &input[self.start..self.end]
        }
    }

    /// Copy a span out of the input before the input's consumed prefix is dropped.
    pub fn detach(&mut self, input: &str) {
        if !self.owned {
            self.owned(input);
        }
    }
}

/// What is wrong with a numeric reference's value (each machine maps it to its error code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumericProblem {
    Null,
    OutsideUnicodeRange,
    Surrogate,
    Noncharacter,
    Control,
}

/// spec: #numeric-character-reference-end-state — the character a reference to `code` stands
/// for, and the parse error it is, if any.
pub(crate) fn resolve_numeric(code: u32) -> (char, Option<NumericProblem>) {
    let (value, problem) = if code == 0 {
        (0xFFFD, Some(NumericProblem::Null))
    } else if code > 0x10FFFF {
        (0xFFFD, Some(NumericProblem::OutsideUnicodeRange))
    } else if (0xD800..=0xDFFF).contains(&code) {
        (0xFFFD, Some(NumericProblem::Surrogate))
    } else if (0xFDD0..=0xFDEF).contains(&code) || (code & 0xFFFE) == 0xFFFE {
        (code, Some(NumericProblem::Noncharacter))
    } else if code == 0x0D
        || (is_control(code) && !matches!(code, 0x09 | 0x0A | 0x0C | 0x0D | 0x20))
    {
        (
            c1_replacement(code).unwrap_or(code),
            Some(NumericProblem::Control),
        )
    } else {
        (code, None)
    };
    (char::from_u32(value).unwrap_or('\u{FFFD}'), problem)
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

#[cfg(test)]
mod tests {
    use super::TempBuf;

    #[test]
    fn temp_buffer_is_a_span_while_it_copies_the_input() {
        let input = "a&amp;b";
        let mut t = TempBuf::default();
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
