//! The `statemark` command: tokenize, parse and check HTML (WHATWG) and XML5 files.
//!
//! Exit status: 0 on success, 1 when `check` found errors, 2 when an input could not be read or
//! the command line is wrong. A closed standard output (`statemark … | head`) ends the program
//! quietly with status 0.

mod diag;
mod input;
mod output;

use clap::{Args, Parser, Subcommand};
use input::{Chunks, Source};
use output::Format;
use serde_json::Value;
use statemark::dom::{Dom, NodeId};
use statemark::html::ParseError;
use statemark::html::tree::{ErrorCode, TreeErrorCode};
use statemark::html::{self, Context, TreeOptions};
use statemark::{Position, Span, xml5};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "statemark", version, about = "HTML and XML5 parsing from the specs' own state tables")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print each input's tokens as they are produced (memory stays bounded for any file size).
    Tokenize(TokenizeArgs),
    /// Parse each input into a tree and print it (html5lib test format, or JSON).
    Parse(ParseArgs),
    /// Check each input against the spec's authoring rules ("Writing HTML documents": every parse
    /// error and the rules that are not parse errors), with source line and caret; exit status 1
    /// if there is any error (warnings alone exit 0).
    Check(ParseArgs),
    /// Parse each input and write it back: HTML by the spec's serialization algorithm, XML5 as XML.
    Serialize(SerializeArgs),
    /// Print the encoding each input is decoded with, and how certain it is (the spec's encoding
    /// sniffing algorithm, including a `<meta charset>` that changes a tentative guess).
    Sniff(Common),
}

/// Serializer styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Style {
    /// The spec's fragment serialization algorithm as written.
    Spec,
    /// The spec's algorithm plus what it does not round-trip (DOCTYPE identifiers, the leading
    /// newline of `pre`, `textarea` and `listing`): parsing the output gives the same tree.
    RoundTrip,
    /// html5lib's serializer defaults: optional tags omitted, values quoted only when needed.
    Html5lib,
}

#[derive(Args)]
struct SerializeArgs {
    #[command(flatten)]
    parse: ParseArgs,
    /// HTML: how to write.
    #[arg(long, value_enum, default_value_t = Style::RoundTrip)]
    style: Style,
    /// HTML: omit the tags 13.1.2.4 lets a document omit.
    #[arg(long)]
    omit_optional_tags: bool,
    /// XML: write only well-formed XML 1.0 with namespaces; a tree XML cannot hold as parsed
    /// is an error naming the node and the rule (exit status 1).
    #[arg(long, requires = "xml")]
    well_formed: bool,
}

#[derive(Args)]
struct Common {
    /// Files to read; `-` (or none) reads standard input.
    files: Vec<PathBuf>,
    /// Read the input as XML5 instead of HTML.
    #[arg(long)]
    xml: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The encoding the bytes are in, as a transport layer would say (`--encoding shift_jis`);
    /// otherwise it is sniffed: a byte order mark, a `<meta charset>` (HTML) or the XML
    /// declaration (XML5), else UTF-8.
    #[arg(long)]
    encoding: Option<String>,
}

#[derive(Args)]
struct TokenizeArgs {
    #[command(flatten)]
    common: Common,
    /// Also report parse errors (code, line and column), in order with the tokens.
    #[arg(long)]
    errors: bool,
    /// HTML: the state to start in, by name or heading (`rcdata_state`, "RAWTEXT state").
    #[arg(long, conflicts_with = "xml")]
    state: Option<String>,
    /// HTML: the last start tag's name (what decides an appropriate end tag).
    #[arg(long, conflicts_with = "xml")]
    last_start_tag: Option<String>,
    /// HTML: do not switch states after start tags as a tree builder would (by default
    /// `<script>`, `<style>`, `<title>`… contents are text, and CDATA is read in SVG and MathML).
    #[arg(long, conflicts_with = "xml")]
    no_switching: bool,
}

#[derive(Args)]
struct ParseArgs {
    #[command(flatten)]
    common: Common,
    /// HTML: parse as a fragment in this context element (`td`, `svg path`, `math mi`).
    #[arg(long, conflicts_with = "xml")]
    fragment: Option<Context>,
    /// HTML: parse with the scripting flag off (`<noscript>` content is markup).
    #[arg(long, conflicts_with = "xml")]
    no_scripting: bool,
    /// `parse` only: also report parse errors (on standard error, or in the JSON).
    #[arg(long)]
    errors: bool,
}

/// Why a command stopped early.
enum Stop {
    /// Standard output was closed: not an error.
    Pipe,
    /// Any other output failure.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        if e.kind() == io::ErrorKind::BrokenPipe { Stop::Pipe } else { Stop::Io(e) }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors to stderr with 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let stdout = io::stdout().lock();
    let mut out = BufWriter::new(stdout);
    let result = match &cli.command {
        Command::Tokenize(a) => tokenize(&mut out, a),
        Command::Parse(a) => parse(&mut out, a, false),
        Command::Check(a) => parse(&mut out, a, true),
        Command::Serialize(a) => serialize(&mut out, a),
        Command::Sniff(a) => sniff(&mut out, a),
    };
    let result = result.and_then(|status| out.flush().map(|_| status).map_err(Stop::from));
    match result {
        Ok(status) => ExitCode::from(status),
        Err(Stop::Pipe) => ExitCode::SUCCESS,
        Err(Stop::Io(e)) => {
            eprintln!("statemark: cannot write output: {}", input::plain(&e));
            ExitCode::from(2)
        }
    }
}

/// Report a problem with one input and go on with the others; the exit status becomes 2.
fn trouble(status: &mut u8, message: &str) {
    eprintln!("statemark: {message}");
    *status = 2;
}

fn tokenize(out: &mut dyn Write, a: &TokenizeArgs) -> Result<u8, Stop> {
    let mut status = 0;
    let state = match &a.state {
        None => None,
        Some(s) => match html::State::from_name(s) {
            Some(st) => Some(st),
            None => {
                eprintln!(
                    "statemark: unknown tokenizer state {s:?} (names are like `rcdata_state` or \"RCDATA state\")"
                );
                return Ok(2);
            }
        },
    };
    let sources = Source::from_args(&a.common.files);
    for source in &sources {
        let reader = match source.open() {
            Ok(r) => r,
            Err(m) => {
                trouble(&mut status, &m);
                continue;
            }
        };
        if sources.len() > 1 && a.common.format == Format::Text {
            writeln!(out, "==> {} <==", source.name())?;
        }
        let mut chunks = Chunks::new(reader, a.common.xml, a.common.encoding.as_deref());
        let mut chunk = String::new();
        let printer =
            Printer { out: &mut *out, format: a.common.format, path: source.name(), errors: a.errors, failed: None };
        let read_error = if a.common.xml {
            let mut t = xml5::Tokenizer::streaming(printer);
            let r = feed_all(&mut chunks, &mut chunk, |c| {
                t.feed(c);
                t.sink_mut().failed.take()
            });
            t.finish();
            finish_printer(t.into_sink(), r)?
        } else {
            let options = html::Options {
                initial_state: state,
                last_start_tag: a.last_start_tag.clone(),
                errors: false,
                switching: !a.no_switching,
            };
            let mut t = html::Tokenizer::streaming(options, printer);
            let r = feed_all(&mut chunks, &mut chunk, |c| {
                t.feed(c);
                t.sink_mut().failed.take()
            });
            t.finish();
            finish_printer(t.into_sink(), r)?
        };
        if let Some(e) = read_error {
            trouble(&mut status, &format!("cannot read {}: {}", source.name(), input::plain(&e)));
        }
    }
    Ok(status)
}

/// Feed every chunk; stops at the first output failure (returned as `Err`) or read failure
/// (returned as `Ok(Some)`).
fn feed_all<R: io::Read>(
    chunks: &mut Chunks<R>,
    chunk: &mut String,
    mut feed: impl FnMut(&str) -> Option<io::Error>,
) -> Result<Option<io::Error>, io::Error> {
    loop {
        match chunks.next_chunk(chunk) {
            Ok(true) => {
                if let Some(e) = feed(chunk) {
                    return Err(e);
                }
            }
            Ok(false) => return Ok(None),
            Err(e) => return Ok(Some(e)),
        }
    }
}

fn finish_printer(p: Printer<'_>, r: Result<Option<io::Error>, io::Error>) -> Result<Option<io::Error>, Stop> {
    if let Some(e) = p.failed {
        return Err(e.into());
    }
    Ok(r?)
}

/// A sink that prints tokens (and errors) as they come.
struct Printer<'w> {
    out: &'w mut dyn Write,
    format: Format,
    path: String,
    errors: bool,
    /// The first output failure; later tokens are dropped.
    failed: Option<io::Error>,
}

impl Printer<'_> {
    fn print(&mut self, f: impl FnOnce(&mut dyn Write, Format) -> io::Result<()>) {
        if self.failed.is_none()
            && let Err(e) = f(self.out, self.format)
        {
            self.failed = Some(e);
        }
    }

    fn print_error(&mut self, code: &str, p: statemark::Position) {
        let path = self.path.clone();
        self.print(|w, format| match format {
            Format::Text => writeln!(w, "{path}:{}:{}: error[{code}]", p.line, p.column),
            Format::Json => writeln!(w, "{}", output::error_json(&path, code, p.offset, p.line, p.column)),
        });
    }
}

impl html::Sink<'static> for Printer<'_> {
    fn token(&mut self, token: html::Token<'static>, span: Span) -> html::Control {
        self.print(|w, f| output::html_token(w, f, &token, span));
        html::Control::Continue
    }
    fn error(&mut self, e: html::Error) {
        self.print_error(e.code.code(), e.position);
    }
    fn wants_errors(&self) -> bool {
        self.errors
    }
}

impl xml5::Sink<'static> for Printer<'_> {
    fn token(&mut self, token: xml5::Token<'static>, span: Span) {
        self.print(|w, f| output::xml5_token(w, f, &token, span));
    }
    fn error(&mut self, e: xml5::Error) {
        self.print_error(e.code.code(), e.position);
    }
    fn wants_errors(&self) -> bool {
        self.errors
    }
}

/// A parse error, whichever machine or stage found it.
struct Found {
    code: &'static str,
    offset: usize,
    len: usize,
    url: Option<String>,
    /// What the code means, where the library says.
    message: Option<String>,
    /// A "should" of the spec rather than a "must" (the checker's warnings).
    warning: bool,
}

fn parse_html(text: &str, a: &ParseArgs) -> (Dom, NodeId, Vec<Found>) {
    let options = TreeOptions::with_scripting(!a.no_scripting);
    let (dom, root, errors) = match &a.fragment {
        None => {
            let (dom, errors) = html::parse_document_with_errors(text, options);
            let root = dom.document();
            (dom, root, errors)
        }
        Some(ctx) => {
            let (dom, errors) = html::parse_fragment_with_errors(text, ctx, options);
            let root = dom.root();
            (dom, root, errors)
        }
    };
    let found = errors
        .iter()
        .map(|e| {
            let (code, url, message) = match e.code {
                ErrorCode::Spec(c) => (c.code(), c.spec_url().map(str::to_owned), None),
                ErrorCode::Tree(c) => (c.code(), Some(c.spec_url()), Some(c.summary().to_owned())),
            };
            Found { code, offset: e.position.offset, len: 1, url, message, warning: false }
        })
        .collect();
    (dom, root, found)
}

fn parse_xml(text: &str) -> (Dom, NodeId, Vec<Found>) {
    let parsed = xml5::parse_with_errors(text, true);
    let found = parsed
        .errors
        .iter()
        .map(|e| {
            use xml5::TreeError as E;
            let (code, span) = match *e {
                E::Token(t) => (t.code.code(), Span::new(t.position.offset, t.position.offset + 1)),
                E::UnexpectedToken(s) => ("unexpected-token", s),
                E::MismatchedEndTag(s) => ("mismatched-end-tag", s),
                E::EofWithOpenElements(s) => ("eof-with-open-elements", s),
                E::UnboundPrefix(s) => ("unbound-prefix", s),
                E::DuplicateNamespacedAttribute(s) => ("duplicate-namespaced-attribute", s),
                E::ReservedPrefix(s) => ("reserved-prefix", s),
            };
            Found { code, offset: span.start, len: span.len(), url: None, message: None, warning: false }
        })
        .collect();
    let root = parsed.dom.document();
    (parsed.dom, root, found)
}

fn parse(out: &mut dyn Write, a: &ParseArgs, check: bool) -> Result<u8, Stop> {
    let mut status = 0;
    let sources = Source::from_args(&a.common.files);
    let mut total = 0;
    for source in &sources {
        let text = match read_text(source, &a.common) {
            Ok(t) => t,
            Err(m) => {
                trouble(&mut status, &m);
                continue;
            }
        };
        let (dom, root, mut found) = if a.common.xml { parse_xml(&text) } else { parse_html(&text, a) };
        if check && !a.common.xml && a.fragment.is_none() {
            found = check_html(&text);
        }
        let path = source.name();
        let json_errors = || -> Vec<Value> {
            let mut lines = Locator::new(&text);
            found
                .iter()
                .map(|f| {
                    let p = lines.position(f.offset);
                    output::error_json(&path, f.code, f.offset, p.line, p.column)
                })
                .collect()
        };
        if check {
            total += found.iter().filter(|f| !f.warning).count();
            match a.common.format {
                Format::Json => {
                    for e in json_errors() {
                        writeln!(out, "{e}")?;
                    }
                }
                Format::Text => {
                    let mut lines = Locator::new(&text);
                    let mut source = diag::Source::new(&path, &text);
                    for f in &found {
                        let p = lines.position(f.offset);
                        let d = diag::Diagnostic {
                            code: f.code,
                            offset: f.offset,
                            len: f.len,
                            line: p.line,
                            message: f.message.clone(),
                            warning: f.warning,
                            url: f.url.as_deref(),
                        };
                        source.render(out, &d)?;
                    }
                    let errors = found.iter().filter(|f| !f.warning).count();
                    let warnings = found.len() - errors;
                    let plural = |n: usize| if n == 1 { "" } else { "s" };
                    write!(out, "{path}: {errors} error{}", plural(errors))?;
                    if warnings > 0 {
                        write!(out, ", {warnings} warning{}", plural(warnings))?;
                    }
                    writeln!(out)?;
                }
            }
            continue;
        }
        match a.common.format {
            Format::Json => {
                let errors = if a.errors { json_errors() } else { Vec::new() };
                output::parse_result_json(out, &path, &errors, &dom, root)?;
            }
            Format::Text => {
                if sources.len() > 1 {
                    writeln!(out, "==> {path} <==")?;
                }
                out.write_all(dom.to_test_format().as_bytes())?;
                if a.errors {
                    let mut err = io::stderr().lock();
                    let mut lines = Locator::new(&text);
                    for f in &found {
                        let p = lines.position(f.offset);
                        let _ = writeln!(err, "{path}:{}:{}: error[{}]", p.line, p.column, f.code);
                    }
                }
            }
        }
    }
    if check && total > 0 && status == 0 {
        status = 1;
    }
    Ok(status)
}

/// Lines and columns of findings, which come in input order: each counted on from the last
/// (`html::position_of` from the start for each would make many findings in a long input
/// quadratic).
struct Locator<'t> {
    text: &'t str,
    at: Position,
}

impl<'t> Locator<'t> {
    fn new(text: &'t str) -> Self {
        Locator { text, at: html::position_of(text, 0) }
    }

    fn position(&mut self, offset: usize) -> Position {
        let from = self.at.offset;
        let b = self.text.as_bytes();
        // Counting on from the middle of a CRLF would see the LF as a line of its own.
        let mid_crlf = from > 0 && b.get(from - 1) == Some(&b'\r') && b.get(from) == Some(&b'\n');
        self.at = match self.text.get(from..) {
            Some(rest) if offset >= from && !mid_crlf => {
                let r = html::position_of(rest, offset - from);
                let column = if r.line == 1 { self.at.column + r.column - 1 } else { r.column };
                Position { offset: from + r.offset, line: self.at.line + r.line - 1, column }
            }
            _ => html::position_of(self.text, offset),
        };
        self.at
    }
}

/// The authoring checker's findings (spec: #writing): every parse error, and the rules of
/// "Writing HTML documents" that are not parse errors.
fn check_html(text: &str) -> Vec<Found> {
    html::check(text)
        .into_iter()
        .map(|d| {
            let url = ParseError::from_code(d.code)
                .and_then(|e| e.spec_url().map(str::to_owned))
                .or_else(|| TreeErrorCode::ALL.iter().find(|c| c.code() == d.code).map(|c| c.spec_url()))
                .or_else(|| {
                    html::check::RULES.iter().find(|r| r.code == d.code).map(|r| {
                        format!(
                            "https://html.spec.whatwg.org/multipage/syntax.html#{}",
                            r.anchor.trim_start_matches('#')
                        )
                    })
                });
            Found {
                code: d.code,
                offset: d.span.start,
                len: d.span.len(),
                url,
                message: Some(format!("{} ({})", d.message, d.section)),
                warning: d.severity == html::check::Severity::Warning,
            }
        })
        .collect()
}

/// Read an input and decode it (see `input::decode_html`, `input::decode_xml`).
fn read_text(source: &Source, common: &Common) -> Result<String, String> {
    let bytes = input::read_bytes(source)?;
    let label = common.encoding.as_deref();
    Ok(if common.xml { input::decode_xml(&bytes, label).text } else { input::decode_html(&bytes, label).text })
}

fn serialize(out: &mut dyn Write, a: &SerializeArgs) -> Result<u8, Stop> {
    use statemark::html::serialize::{IoWrite, SerializeOptions, write_io};
    let mut status = 0;
    let mut options = match a.style {
        Style::Spec => SerializeOptions::default(),
        Style::RoundTrip => SerializeOptions::round_trip(),
        Style::Html5lib => SerializeOptions::html5lib(),
    };
    options.omit_optional_tags |= a.omit_optional_tags;
    for source in &Source::from_args(&a.parse.common.files) {
        let text = match read_text(source, &a.parse.common) {
            Ok(t) => t,
            Err(m) => {
                trouble(&mut status, &m);
                continue;
            }
        };
        if a.parse.common.xml {
            let (dom, root, _) = parse_xml(&text);
            if a.well_formed
                && let Err(e) = statemark::xml5::serialize::check_well_formed(&dom, root)
            {
                eprintln!("statemark: {}: not well-formed XML: {e}", source.name());
                status = status.max(1);
                continue;
            }
            let mut w = IoWrite::new(&mut *out);
            if statemark::xml5::serialize::write_xml(&dom, root, &mut w).is_err() {
                return Err(w.error.unwrap_or_else(|| io::Error::other("serialization failed")).into());
            }
        } else {
            let (dom, root, _) = parse_html(&text, &a.parse);
            // noscript text is written as the tree was parsed (`--no-scripting`), so the
            // output reads back the same (issue 23).
            options.scripting = dom.scripting_enabled();
            write_io(&dom, root, false, &options, &mut *out)?;
        }
        writeln!(out)?;
    }
    Ok(status)
}

fn sniff(out: &mut dyn Write, a: &Common) -> Result<u8, Stop> {
    let mut status = 0;
    for source in &Source::from_args(&a.files) {
        let bytes = match input::read_bytes(source) {
            Ok(b) => b,
            Err(m) => {
                trouble(&mut status, &m);
                continue;
            }
        };
        let label = a.encoding.as_deref();
        let d = if a.xml { input::decode_xml(&bytes, label) } else { input::decode_html(&bytes, label) };
        let confidence = format!("{:?}", d.confidence).to_ascii_lowercase();
        match a.format {
            Format::Text => writeln!(out, "{}: {} ({confidence})", source.name(), d.encoding.name())?,
            Format::Json => writeln!(
                out,
                "{}",
                serde_json::json!({"path": source.name(), "encoding": d.encoding.name(), "confidence": confidence})
            )?,
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::{Locator, html};

    #[test]
    fn counted_on_positions_are_counted_from_the_start_ones() {
        let text = "a\r\nb\rc\n😀d\r\n\r\ne<p>\u{e9}\n";
        let offsets: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        // In order, out of order, and repeated.
        let mut lines = Locator::new(text);
        for &o in offsets.iter().chain(offsets.iter().rev()).chain([&3, &3, &0]) {
            assert_eq!(lines.position(o), html::position_of(text, o), "offset {o}");
        }
    }
}
