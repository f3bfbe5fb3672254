//! What the fuzz targets share: turning the fuzzer's bytes into a document plus the choices a
//! target makes (split points, initial state, fragment context), and recording sinks whose
//! output two runs can be compared by.

use std::fmt;

use statemark::Span;
use statemark::driver::{Drive, Tokenizer};
use statemark::editions::{html2008, html2017};
use statemark::html;
use statemark::xml5;

/// The fuzzer's bytes, read as: one byte of choices, one byte seeding the split points, then the
/// document (invalid UTF-8 replaced by U+FFFD, so every input is a document).
pub struct Case {
    /// Free choices for the target (initial state, context element, scripting flag).
    pub choice: u8,
    seed: u8,
    pub text: String,
}

impl Case {
    pub fn new(data: &[u8]) -> Case {
        let (choice, seed, rest) = match data {
            [c, s, rest @ ..] => (*c, *s, rest),
            [c] => (*c, 0, &[][..]),
            [] => (0, 0, &[][..]),
        };
        Case { choice, seed, text: String::from_utf8_lossy(rest).into_owned() }
    }

    /// The document cut into chunks at character boundaries chosen by the seed: chunks of one
    /// character (the worst case for suspension) when the seed's low bit is set, otherwise
    /// pseudo-random lengths from 1 to 64 bytes, so every state is interrupted somewhere.
    pub fn chunks(&self) -> Vec<&str> {
        let s = self.text.as_str();
        let mut out = Vec::new();
        let mut rng = u32::from(self.seed).wrapping_mul(2_654_435_761).wrapping_add(1);
        let mut at = 0;
        while at < s.len() {
            let want = if self.seed & 1 == 1 {
                1
            } else {
                rng ^= rng << 13;
                rng ^= rng >> 17;
                rng ^= rng << 5;
                1 + (rng % 64) as usize
            };
            let mut end = (at + want).min(s.len());
            while !s.is_char_boundary(end) {
                end += 1;
            }
            out.push(&s[at..end]);
            at = end;
        }
        out
    }
}

/// Everything a tokenizer run produces: its tokens with their spans, and its parse errors. One
/// recording sink for every machine; each machine's `Sink` trait is implemented below.
#[derive(Debug, PartialEq, Eq)]
pub struct Record<T, E> {
    pub tokens: Vec<(T, Span)>,
    pub errors: Vec<E>,
}

impl<T, E> Default for Record<T, E> {
    fn default() -> Self {
        Record { tokens: Vec::new(), errors: Vec::new() }
    }
}

/// Everything an HTML tokenizer run produces.
pub type HtmlRecord = Record<html::Token<'static>, html::Error>;
/// Everything an XML5 tokenizer run produces.
pub type Xml5Record = Record<xml5::Token<'static>, xml5::Error>;
/// Everything a 12.2.4-edition tokenizer run produces.
pub type Html2017Record = Record<html::Token<'static>, html2017::Error>;

/// Everything a 2008-draft tokenizer run produces.
pub type Html2008Record = Record<html::Token<'static>, html2008::Error>;

impl<'i> html::Sink<'i> for HtmlRecord {
    fn token(&mut self, token: html::Token<'i>, span: Span) -> html::Control {
        self.tokens.push((token.into_owned(), span));
        html::Control::Continue
    }
    fn error(&mut self, error: html::Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

impl<'i> xml5::Sink<'i> for Xml5Record {
    fn token(&mut self, token: xml5::Token<'i>, span: Span) {
        self.tokens.push((token.into_owned(), span));
    }
    fn error(&mut self, error: xml5::Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

impl<'i> html2017::Sink<'i> for Html2017Record {
    fn token(&mut self, token: html::Token<'i>, span: Span) -> html2017::Control {
        self.tokens.push((token.into_owned(), span));
        html2017::Control::Continue
    }
    fn error(&mut self, error: html2017::Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

impl<'i> html2008::Sink<'i> for Html2008Record {
    fn token(&mut self, token: html::Token<'i>, span: Span) {
        self.tokens.push((token.into_owned(), span));
    }
    fn error(&mut self, error: html2008::Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

/// The tokenizer targets' one property, for any machine `M`: the case's text tokenized whole and
/// fed in the case's chunks gives the same tokens, spans and errors, and the whole run's spans
/// tile the input. `options` makes a fresh copy of the machine's options for each run.
pub fn assert_whole_equals_chunked<M, T, E>(case: &Case, options: impl Fn() -> M::Options)
where
    M: for<'i> Drive<'i, Record<T, E>>,
    T: PartialEq + fmt::Debug,
    E: PartialEq + fmt::Debug,
{
    let mut whole = Tokenizer::<M, Record<T, E>>::for_input(&case.text, options(), Record::default());
    whole.run();
    let whole = whole.into_sink();
    assert_spans_tile(whole.tokens.iter().map(|(_, s)| *s), case.text.len());

    let mut chunked = Tokenizer::<M, Record<T, E>>::for_chunks(options(), Record::default());
    for c in case.chunks() {
        chunked.feed(c);
    }
    chunked.finish();
    let chunked = chunked.into_sink();
    assert_eq!(whole.tokens, chunked.tokens, "tokens differ between whole and chunked input");
    assert_eq!(whole.errors, chunked.errors, "errors differ between whole and chunked input");
}

/// Spans tile the input: each token's span starts where the previous one ended, and the last
/// ends at the end of the input.
pub fn assert_spans_tile(spans: impl Iterator<Item = Span>, len: usize) {
    let mut at = 0;
    for s in spans {
        assert_eq!(s.start, at, "a span does not start where the previous one ended");
        assert!(s.end >= s.start, "a span ends before it starts");
        at = s.end;
    }
    assert_eq!(at, len, "the spans end before the input does");
}

/// The states a tokenizer may be started in by a tree builder or a user (the manifest's
/// switchable states plus the data state).
pub const HTML_STATES: [html::State; 6] = [
    html::State::DataState,
    html::State::RcdataState,
    html::State::RawtextState,
    html::State::ScriptDataState,
    html::State::PlaintextState,
    html::State::CdataSectionState,
];

/// Fragment contexts chosen by the target's choice byte: one of each kind the fragment
/// algorithm treats specially (#html-fragment-parsing-algorithm), plus foreign contexts.
pub fn context(choice: u8) -> html::Context {
    const HTML: [&str; 20] = [
        "body",
        "div",
        "html",
        "head",
        "title",
        "textarea",
        "style",
        "script",
        "xmp",
        "iframe",
        "noembed",
        "noframes",
        "noscript",
        "plaintext",
        "table",
        "tbody",
        "tr",
        "td",
        "select",
        "template",
    ];
    match choice % 24 {
        20 => html::Context::svg("svg"),
        21 => html::Context::svg("foreignObject"),
        22 => html::Context::mathml("math"),
        23 => html::Context::mathml("annotation-xml").with_attribute("encoding", "text/html"),
        i => html::Context::html(HTML[i as usize]),
    }
}
