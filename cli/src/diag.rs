//! Parse errors as a person reads them: the source line, a caret under the place, the spec's
//! code and a link to its definition (rendered by annotate-snippets).

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use std::io::{self, Write};

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

/// Render one diagnostic against its source text. Only the error's own line is handed to the
/// renderer, so the cost does not grow with the file.
pub fn render(w: &mut dyn Write, path: &str, source: &str, d: &Diagnostic<'_>) -> io::Result<()> {
    let offset = floor_boundary(source, d.offset.min(source.len()));
    let line_start = source[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_end = source[offset..].find(['\n', '\r']).map_or(source.len(), |i| offset + i);
    let line = &source[line_start..line_end];
    let start = offset - line_start;
    let mut end = start + d.len.max(1);
    end = end.min(line.len());
    while end < line.len() && !line.is_char_boundary(end) {
        end += 1;
    }
    let title = d.message.clone().unwrap_or_else(|| "parse error".to_owned());
    let mut snippet = Snippet::source(line).line_start(d.line).path(path).fold(false);
    snippet = snippet.annotation(AnnotationKind::Primary.span(start..end.max(start)).label(d.code));
    let level = if d.warning { Level::WARNING } else { Level::ERROR };
    let mut group = level.primary_title(title).id(d.code).element(snippet);
    if let Some(url) = d.url {
        group = group.element(Level::NOTE.message(format!("spec: {url}")));
    }
    writeln!(w, "{}", Renderer::plain().render(&[group]))
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
