//! Byte spans and line/column positions as html5lib-tests count them: counted on as a parse
//! goes, or looked up in a [`LineIndex`] built once over the input.

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

/// Line and column of any byte offset of one input, each lookup in constant time after one
/// pass over the input (spec positions as [`Position`] counts them).
///
/// The index keeps the line and column at every 256th byte (32 bytes each, an eighth of the
/// input's size) and counts on from the nearest one at or before the offset asked about, so a
/// lookup reads at most 255 bytes whatever the input's size, line lengths or the order of the
/// lookups. Build one for an input when looking up many offsets (every node's source span,
/// every error); [`position_of`](crate::html::position_of) counts from the start each time.
///
/// ```
/// use statemark::LineIndex;
/// use statemark::html::parse_document_with_source_spans;
///
/// let input = "<ul>\n  <li>one\n  <li>two\n</ul>";
/// let dom = parse_document_with_source_spans(input, Default::default());
/// let index = LineIndex::new(input);
/// let lines: Vec<(usize, usize)> = dom
///     .descendants(dom.document())
///     .filter(|&n| dom.element(n).is_some_and(|e| e.name.local == "li"))
///     .map(|n| index.position(dom.source_span(n).unwrap().start))
///     .map(|p| (p.line, p.column))
///     .collect();
/// assert_eq!(lines, [(2, 3), (3, 3)]);
/// ```
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    bytes: &'a [u8],
    /// The counter at offsets 0, `MARK_STEP`, 2 × `MARK_STEP`, ...
    marks: Vec<LineCounter>,
}

/// Bytes between two marks of a [`LineIndex`]: the most a lookup counts.
const MARK_STEP: usize = 256;

impl<'a> LineIndex<'a> {
    /// Index `input` (a string, or the bytes of UTF-8 text) in one pass.
    pub fn new(input: &'a (impl AsRef<[u8]> + ?Sized)) -> LineIndex<'a> {
        let bytes = input.as_ref();
        let mut marks = Vec::with_capacity(bytes.len() / MARK_STEP + 1);
        let mut c = LineCounter::default();
        marks.push(c);
        let mut at = MARK_STEP;
        while at <= bytes.len() {
            c.advance(bytes, 0, at);
            marks.push(c);
            at += MARK_STEP;
        }
        LineIndex { bytes, marks }
    }

    /// The position of byte `offset` (clamped to the end of the input).
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.bytes.len());
        let mut c = self.marks[offset / MARK_STEP];
        c.advance(self.bytes, 0, offset);
        c.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every offset of inputs with every kind of line end, multi-byte characters and marks
    /// falling inside a CRLF and inside a character: the index agrees with counting from the
    /// start.
    #[test]
    fn line_index_agrees_with_counting_from_the_start() {
        let mut s = String::new();
        for i in 0..400 {
            s.push_str(["ab", "\r\n", "\r", "\n", "é", "\u{10000}", "x\r"][i % 7]);
            s.push_str(&"y".repeat(i % 13));
        }
        let index = LineIndex::new(&s);
        for o in 0..=s.len() + 2 {
            let mut c = LineCounter::default();
            c.advance(s.as_bytes(), 0, o.min(s.len()));
            assert_eq!(index.position(o), c.at, "offset {o}");
        }
        assert_eq!(LineIndex::new("").position(5), Position { offset: 0, line: 1, column: 1 });
    }

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
