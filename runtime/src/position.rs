//! Byte spans and line/column positions, computed on demand as html5lib-tests count them.

/// A range of byte offsets into the whole input (across all chunks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The offset of the first byte.
    pub start: usize,
    /// The offset just past the last byte (`start` for an empty span).
    pub end: usize,
}

impl Span {
    /// The span from `start` up to, not including, `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    /// Whether the span covers no bytes (as the end-of-file token's does).
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// A position in the input: byte offset, and 1-based line and column. CR, LF and CRLF each end
/// a line, as after input stream preprocessing. Columns count UTF-16 code units (a character
/// outside the Basic Multilingual Plane counts two), which is how html5lib-tests and browsers'
/// developer tools count them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    /// The byte offset into the whole input.
    pub offset: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in UTF-16 code units.
    pub column: usize,
}

/// Walks forward through the input counting lines and columns; restarts from a checkpoint when
/// asked about an earlier offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineCounter {
    pub at: Position,
    /// The byte before `at.offset` was a CR (so an LF there does not start another line).
    after_cr: bool,
}

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter { at: Position { offset: 0, line: 1, column: 1 }, after_cr: false }
    }
}

impl LineCounter {
    /// Advance to absolute `offset`; `bytes` is the input, whose first byte is at absolute `base`.
    pub fn advance(&mut self, bytes: &[u8], base: usize, offset: usize) {
        let from = self.at.offset.saturating_sub(base);
        let to = offset.saturating_sub(base).min(bytes.len());
        for &b in &bytes[from.min(to)..to] {
            match b {
                b'\n' if self.after_cr => self.after_cr = false,
                b'\n' | b'\r' => {
                    self.at.line += 1;
                    self.at.column = 1;
                    self.after_cr = b == b'\r';
                }
                _ => {
                    self.after_cr = false;
                    if b >= 0xF0 {
                        self.at.column += 2;
                    } else if b & 0xC0 != 0x80 {
                        self.at.column += 1;
                    }
                }
            }
        }
        self.at.offset = offset;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_and_columns() {
        let s = "ab\r\ncé\rx\ny\u{10000}z";
        let mut c = LineCounter::default();
        c.advance(s.as_bytes(), 0, 4);
        assert_eq!((c.at.line, c.at.column), (2, 1));
        c.advance(s.as_bytes(), 0, 7);
        assert_eq!((c.at.line, c.at.column), (2, 3));
        c.advance(s.as_bytes(), 0, s.len() - 1);
        assert_eq!((c.at.line, c.at.column), (4, 4));
    }
}
