//! Parse errors as a person reads them: the source line, a caret under the place, the spec's
//! code and a link to its definition (rendered by annotate-snippets).

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use std::io::{self, Write};

/// Characters of the line kept on each side of a finding. The renderer shows at most a
/// terminal's width (140 columns) of a line, centred on the span where the line is longer, so
/// a window wider than that shows the same text and the same `...` marks, while the cost of a
/// finding no longer follows the length of its line (a minified page is one line).
const WINDOW: usize = 512;

/// One error to show.
pub struct Diagnostic<'a> {
    pub code: &'a str,
    pub offset: usize,
    /// Bytes the caret covers (at least one character, unless at the end of the input).
    pub len: usize,
    pub line: usize,
    pub message: Option<String>,
    pub url: Option<&'a str>,
    /// A "should", not a "must".
    pub warning: bool,
}

/// One source and a walk through it for its diagnostics: where the current line starts and how
/// many characters lie between it and the last finding. Findings in order of offset (the
/// checker sorts its own) cost time in proportion to the source, however long its lines; one
/// before the last counts again from the start of its line.
pub struct Source<'s> {
    path: &'s str,
    text: &'s str,
    line_start: usize,
    at: usize,
    /// Characters from `line_start` to `at`.
    chars: usize,
}

impl<'s> Source<'s> {
    /// A walk from the start of `text`, shown under the name `path`.
    pub fn new(path: &'s str, text: &'s str) -> Self {
        Source { path, text, line_start: 0, at: 0, chars: 0 }
    }

    /// The start of the line `offset` (a character boundary) is on, and its column in
    /// characters from 1, as the renderer counts them.
    fn locate(&mut self, offset: usize) -> (usize, usize) {
        if offset < self.at {
            self.line_start = self.text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
            self.at = self.line_start;
            self.chars = 0;
        }
        let gap = &self.text[self.at..offset];
        match gap.rfind(['\n', '\r']) {
            Some(i) => {
                self.line_start = self.at + i + 1;
                self.chars = gap[i + 1..].chars().count();
            }
            None => self.chars += gap.chars().count(),
        }
        self.at = offset;
        (self.line_start, self.chars + 1)
    }

    /// Render one diagnostic: the window of its line around it, under the line and column of
    /// the whole file.
    pub fn render(&mut self, w: &mut dyn Write, d: &Diagnostic<'_>) -> io::Result<()> {
        let offset = floor_boundary(self.text, d.offset.min(self.text.len()));
        let (line_start, column) = self.locate(offset);
        let (window, span) = window(self.text, line_start, offset, d.len);
        let title = d.message.clone().unwrap_or_else(|| "parse error".to_owned());
        let snippet = Snippet::source(window)
            .line_start(d.line)
            .path(self.path)
            .fold(false)
            .annotation(AnnotationKind::Primary.span(span.clone()).label(d.code));
        let level = if d.warning { Level::WARNING } else { Level::ERROR };
        let mut group = level.primary_title(title).id(d.code).element(snippet);
        if let Some(url) = d.url {
            group = group.element(Level::NOTE.message(format!("spec: {url}")));
        }
        let rendered = Renderer::plain().render(&[group]);
        // The renderer counts the column from the window's start; the file's is put in its
        // place. (Giving the place as an `Origin` of its own makes the renderer draw the snippet
        // as a second, secondary location.)
        let shown = format!(":{}:{}\n", d.line, window[..span.start].chars().count() + 1);
        match rendered.find(&shown) {
            Some(i) => {
                write!(w, "{}:{}:{column}", &rendered[..i], d.line)?;
                writeln!(w, "{}", &rendered[i + shown.len() - 1..])
            }
            None => writeln!(w, "{rendered}"),
        }
    }
}

/// The part of the line from `line_start` that is shown for a finding of `len` bytes at
/// `offset`: at most [`WINDOW`] characters before it and twice that from it on (of which the
/// finding takes at most [`WINDOW`]), never past the line's end; with the finding's range in it.
fn window(text: &str, line_start: usize, offset: usize, len: usize) -> (&str, std::ops::Range<usize>) {
    let from =
        text[line_start..offset].char_indices().rev().take(WINDOW).last().map_or(offset, |(i, _)| line_start + i);
    let mut line_end = offset;
    let mut span_end = offset;
    for (n, (i, c)) in text[offset..].char_indices().take(2 * WINDOW).enumerate() {
        if c == '\n' || c == '\r' {
            break;
        }
        line_end = offset + i + c.len_utf8();
        // At least one character, as the caret needs one.
        if n == 0 || i < len.max(1) && n < WINDOW {
            span_end = line_end;
        }
    }
    (&text[from..line_end], offset - from..span_end - from)
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagnostic(offset: usize) -> Diagnostic<'static> {
        Diagnostic { code: "x", offset, len: 3, line: 1, message: None, url: None, warning: false }
    }

    #[test]
    fn the_window_is_bounded_on_a_long_line_and_the_column_counts_the_whole_line() {
        let text = "é".repeat(1 << 19) + "<b x x>" + &"y".repeat(1 << 20);
        let offset = text.find('<').unwrap();
        let mut source = Source::new("t", &text);
        let (line_start, column) = source.locate(offset);
        assert_eq!((line_start, column), (0, (1 << 19) + 1));
        let (shown, span) = window(&text, line_start, offset, 3);
        assert!(shown.chars().count() <= 3 * WINDOW, "{} characters", shown.chars().count());
        assert_eq!(&shown[span], "<b ");
        let mut out = Vec::new();
        source.render(&mut out, &diagnostic(offset)).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains(&format!("t:1:{}", (1 << 19) + 1)), "{out}");
        assert!(out.lines().all(|l| l.chars().count() < 200), "{out}");
    }

    #[test]
    fn ten_thousand_findings_on_a_one_megabyte_line_cost_the_line_once() {
        // Reading the whole line for each finding made this 10^10 steps; a window is 10^7.
        let text = format!("<b x=1 x=2>{}</b>", "y".repeat(90)).repeat(10_000);
        assert!(text.len() >= 1_000_000);
        let mut source = Source::new("t", &text);
        let mut out = Vec::new();
        for (i, _) in text.match_indices("x=2") {
            source.render(&mut out, &diagnostic(i)).unwrap();
        }
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.matches("^^^ x").count(), 10_000);
        assert!(out.contains(&format!("t:1:{}", text.rfind("x=2").unwrap() + 1)));
    }

    #[test]
    fn a_finding_before_the_last_counts_from_its_own_line() {
        let text = "ab\ncdé\r\nfg";
        let mut source = Source::new("t", text);
        assert_eq!(source.locate(text.find('g').unwrap()), (9, 2));
        assert_eq!(source.locate(text.find('d').unwrap()), (3, 2));
        assert_eq!(source.locate(1), (0, 2));
        let (shown, span) = window(text, 3, 4, 10);
        assert_eq!((shown, span), ("cdé", 1..4));
    }
}
