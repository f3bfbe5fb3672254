//! The `statemark` command: tokenize, parse and check HTML (WHATWG) and XML5 files.
//!
//! Exit status: 0 on success, 1 when `check` found errors, 2 when an input could not be read or
//! the command line is wrong. A closed standard output (`statemark … | head`) ends the output
//! quietly, and the status still says what was found: `check` goes on checking the remaining
//! inputs without printing, the other commands stop.

mod diag;
#[cfg(feature = "explain")]
mod explain;
mod findings;
mod input;
mod output;
mod xml_rule;

use clap::{Args, Parser, Subcommand};
use findings::{Found, Lang, Locator};
use input::{Chunks, Source};
use output::Format;
use serde_json::Value;
use statemark::dom::{Dom, NodeId};
use statemark::html::tree::ErrorCode;
use statemark::html::{self, Context, TreeOptions};
use statemark::{Span, xml5};
use std::borrow::Cow;
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
    /// Parse each input into a tree and print it, streamed: the html5lib test format with its
    /// indentation capped at 32 levels (deeper lines show their level as `[N]`), or JSON.
    Parse(ParseArgs),
    /// Check each input against the spec's authoring rules ("Writing HTML documents": every parse
    /// error and the rules that are not parse errors), with source line and caret; identical
    /// findings at one place once, with their count; exit status 1 if there is any error
    /// (warnings alone exit 0).
    Check(ParseArgs),
    /// Parse each input and write it back: HTML by the spec's serialization algorithm, XML5 as XML.
    Serialize(SerializeArgs),
    /// Show why: for each token, the tokenizer's path of (state, case) that produced it, each case
    /// with its spec heading, label and link, and the parse errors where they were raised; then
    /// (HTML, unless `--tokens-only`) the rules of tree construction the token took, with their
    /// insertion mode and link. Streamed token by token.
    #[cfg(feature = "explain")]
    Explain(ExplainArgs),
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
    /// The encoding the bytes are in, as a transport layer would say (`--encoding shift_jis`;
    /// an unknown label is an error); otherwise it is sniffed as the library does: a byte order
    /// mark, a `<meta charset>` (HTML) or the XML declaration (XML5); else, for HTML, detected
    /// from the text (windows-1252 if it is all ASCII); for XML5, UTF-8.
    #[arg(long, value_parser = input::encoding_label)]
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

/// The HTML tree builder's options, for every command that builds a tree.
#[derive(Args)]
struct TreeArgs {
    /// HTML: parse as a fragment in this context element (`td`, `svg path`, `math mi`).
    #[arg(long, conflicts_with = "xml")]
    fragment: Option<Context>,
    /// HTML: parse with the scripting flag off (`<noscript>` content is markup).
    #[arg(long, conflicts_with = "xml")]
    no_scripting: bool,
    /// HTML: how many bytes of formatting-element copies the parser may make per byte read
    /// (by default the library's, 8), or `none` for the spec's steps with no bound (the tree can then be
    /// quadratic in the input: whatwg/html#10772).
    #[arg(long, conflicts_with = "xml", value_name = "N|none", value_parser = amplification_limit)]
    amplification_limit: Option<Limit>,
}

impl TreeArgs {
    /// The tree builder's options from the arguments.
    fn options(&self) -> TreeOptions {
        let options = TreeOptions::with_scripting(!self.no_scripting);
        match self.amplification_limit {
            Some(Limit(amplification_limit)) => TreeOptions { amplification_limit, ..options },
            None => options,
        }
    }
}

#[derive(Args)]
struct ParseArgs {
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    tree: TreeArgs,
    /// `parse` only: also report parse errors (on standard error, or in the JSON).
    #[arg(long)]
    errors: bool,
    /// `check` only: show at most N findings per input (identical findings at one place count
    /// once), then the number of the rest by code; 0 shows all.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_errors: usize,
}

#[derive(Args)]
struct ExplainArgs {
    #[command(flatten)]
    common: Common,
    /// Only the tokenizer's paths, no tree construction (states are switched after start tags
    /// as `tokenize` switches them).
    #[arg(long)]
    tokens_only: bool,
    #[command(flatten)]
    tree: TreeArgs,
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
    // The status says what was found so far, also when output stops early.
    let mut status = 0;
    let result = run(&cli.command, &mut out, &mut status);
    match result.and_then(|()| out.flush().map_err(Stop::from)) {
        Ok(()) | Err(Stop::Pipe) => ExitCode::from(status),
        Err(Stop::Io(e)) => {
            eprintln!("statemark: cannot write output: {}", input::plain(&e));
            ExitCode::from(2)
        }
    }
}

/// Run a command, writing to `out`; `status` becomes what was found.
fn run(command: &Command, out: &mut dyn Write, status: &mut u8) -> Result<(), Stop> {
    match command {
        Command::Tokenize(a) => tokenize(out, a, status),
        Command::Parse(a) => parse(out, a, false, status),
        Command::Check(a) => parse(out, a, true, status),
        Command::Serialize(a) => serialize(out, a, status),
        Command::Sniff(a) => sniff(out, a, status),
        #[cfg(feature = "explain")]
        Command::Explain(a) => explain(out, a, status),
    }
}

/// Report a problem with one input and go on with the others; the exit status becomes 2.
fn trouble(status: &mut u8, message: &str) {
    eprintln!("statemark: {message}");
    *status = 2;
}

fn tokenize(out: &mut dyn Write, a: &TokenizeArgs, status: &mut u8) -> Result<(), Stop> {
    let state = match &a.state {
        None => None,
        Some(s) => match html::State::from_name(s) {
            Some(st) => Some(st),
            None => {
                eprintln!(
                    "statemark: unknown tokenizer state {s:?} (names are like `rcdata_state` or \"RCDATA state\")"
                );
                *status = 2;
                return Ok(());
            }
        },
    };
    let sources = Source::from_args(&a.common.files);
    for source in &sources {
        let reader = match source.open() {
            Ok(r) => r,
            Err(m) => {
                trouble(status, &m);
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
            trouble(status, &format!("cannot read {}: {}", source.name(), input::plain(&e)));
        }
    }
    Ok(())
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

    fn print_error(&mut self, f: Found, p: statemark::Position) {
        let path = self.path.clone();
        self.print(|w, format| match format {
            Format::Text => writeln!(w, "{path}:{}:{}: error[{}]", p.line, p.column, f.code),
            Format::Json => writeln!(w, "{}", findings::json(&path, &f, p, 1)),
        });
    }
}

/// A tokenizer error as a finding (a point: start and end at its position).
fn token_error(code: &'static str, lang: Lang, at: usize) -> Found {
    Found { code, start: at, end: at, lang, message: Cow::Borrowed("parse error"), rule: None, warning: false }
}

impl html::Sink<'static> for Printer<'_> {
    fn token(&mut self, token: html::Token<'static>, span: Span) -> html::Control {
        self.print(|w, f| output::html_token(w, f, &token, span));
        html::Control::Continue
    }
    fn error(&mut self, e: html::Error) {
        let f = token_error(e.code.code(), Lang::Html, e.position.offset);
        self.print_error(f, e.position);
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
        let f = token_error(e.code.code(), Lang::Xml, e.position.offset);
        self.print_error(f, e.position);
    }
    fn wants_errors(&self) -> bool {
        self.errors
    }
}

/// `--amplification-limit`: a number, or `none`.
#[derive(Clone, Copy, Debug)]
struct Limit(Option<u32>);

fn amplification_limit(s: &str) -> Result<Limit, String> {
    if s == "none" {
        return Ok(Limit(None));
    }
    s.parse().map(|n| Limit(Some(n))).map_err(|_| format!("{s:?}: a number of bytes per byte read, or `none`"))
}

/// Parse HTML as the arguments say; `errors`: collect the parse errors as findings (without,
/// the parser keeps none: they can outnumber the input's bytes).
fn parse_html(text: &str, a: &ParseArgs, errors: bool) -> (Dom, NodeId, Vec<Found>) {
    let options = a.tree.options();
    let (dom, root, errors) = match (&a.tree.fragment, errors) {
        (None, false) => {
            let dom = html::parse_document_with(text, options);
            let root = dom.document();
            (dom, root, Vec::new())
        }
        (Some(ctx), false) => {
            let dom = html::parse_fragment_with(text, ctx, options);
            let root = dom.root();
            (dom, root, Vec::new())
        }
        (None, true) => {
            let statemark::Parsed { dom, errors } = html::parse_with_errors(text, options);
            let root = dom.document();
            (dom, root, errors)
        }
        (Some(ctx), true) => {
            let statemark::Parsed { dom, errors } = html::parse_fragment_collecting_errors(text, ctx, options);
            let root = dom.root();
            (dom, root, errors)
        }
    };
    let found = errors
        .iter()
        .map(|e| {
            let (code, message) = match e.code {
                ErrorCode::Spec(c) => (c.code(), Cow::Borrowed("parse error")),
                ErrorCode::Tree(c) => (c.code(), Cow::Borrowed(c.summary())),
            };
            let at = e.position.offset;
            Found { code, start: at, end: at, lang: Lang::Html, message, rule: None, warning: false }
        })
        .collect();
    (dom, root, found)
}

/// An XML5 parse error's code, where it is, and what it says.
fn xml_tree_error(e: &xml5::TreeError) -> (&'static str, Span, &'static str) {
    use xml5::TreeError as E;
    match *e {
        E::Token(t) => (t.code.code(), Span::new(t.position.offset, t.position.offset), "parse error"),
        E::UnexpectedToken(s) => ("unexpected-token", s, "unexpected token (ignored)"),
        E::MismatchedEndTag(s) => ("mismatched-end-tag", s, "end tag does not match the current element"),
        E::EofWithOpenElements(s) => ("eof-with-open-elements", s, "end of file with elements still open"),
        E::UnboundPrefix(s) => ("unbound-prefix", s, "prefix not bound by any xmlns declaration"),
        E::DuplicateNamespacedAttribute(s) => {
            ("duplicate-namespaced-attribute", s, "duplicate namespaced attribute (dropped)")
        }
        E::ReservedPrefix(s) => ("reserved-prefix", s, "xmlns:xml or xmlns:xmlns would rebind a reserved prefix"),
    }
}

/// Parse XML5; `errors`: collect the parse errors (each a finding; many on HTML-like input).
fn parse_xml(text: &str, errors: bool) -> (Dom, NodeId, Vec<Found>) {
    let parsed = xml5::parse_with_errors(text, errors);
    let found = parsed
        .errors
        .iter()
        .map(|e| {
            let (code, span, message) = xml_tree_error(e);
            let rule = xml_rule::rule(code).0;
            Found {
                code,
                start: span.start,
                end: span.end,
                lang: Lang::Xml,
                message: Cow::Borrowed(message),
                rule: Some(rule),
                warning: false,
            }
        })
        .collect();
    let root = parsed.dom.document();
    (parsed.dom, root, found)
}

fn parse(out: &mut dyn Write, a: &ParseArgs, check: bool, status: &mut u8) -> Result<(), Stop> {
    let sources = Source::from_args(&a.common.files);
    // `check` goes on when standard output is closed, so that its exit status still says
    // whether any input has errors; the other commands stop there.
    let mut closed = false;
    for source in &sources {
        let text = match read_text(source, &a.common) {
            Ok(t) => t,
            Err(m) => {
                trouble(status, &m);
                continue;
            }
        };
        let path = source.name();
        if check {
            let found = if a.common.xml {
                parse_xml(&text, true).2
            } else if a.tree.fragment.is_none() {
                check_html(&text)
            } else {
                parse_html(&text, a, true).2
            };
            if found.iter().any(|f| !f.warning) && *status == 0 {
                *status = 1;
            }
            if !closed {
                match findings::report(out, a.common.format, &path, &text, found, a.max_errors) {
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => closed = true,
                    r => r?,
                }
            }
            continue;
        }
        let (dom, root, found) = if a.common.xml { parse_xml(&text, a.errors) } else { parse_html(&text, a, a.errors) };
        match a.common.format {
            Format::Json => {
                let errors: Vec<Value> = if a.errors {
                    let mut lines = Locator::new(&text);
                    found.iter().map(|f| findings::json(&path, f, lines.position(f.start), 1)).collect()
                } else {
                    Vec::new()
                };
                output::parse_result_json(out, &path, &errors, &dom, root)?;
            }
            Format::Text => {
                if sources.len() > 1 {
                    writeln!(out, "==> {path} <==")?;
                }
                output::tree_text(out, &dom, root)?;
                if a.errors {
                    let mut err = io::stderr().lock();
                    let mut lines = Locator::new(&text);
                    for f in &found {
                        let p = lines.position(f.start);
                        let _ = writeln!(err, "{path}:{}:{}: error[{}]", p.line, p.column, f.code);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The authoring checker's findings (spec: #writing): every parse error, and the rules of
/// "Writing HTML documents" that are not parse errors.
fn check_html(text: &str) -> Vec<Found> {
    html::check(text)
        .into_iter()
        .map(|d| Found {
            code: d.code,
            start: d.span.start,
            end: d.span.end,
            lang: Lang::Html,
            message: Cow::Owned(d.message),
            rule: Some(d.section),
            warning: d.severity == html::check::Severity::Warning,
        })
        .collect()
}

/// Read an input and decode it (see `input::decode_html`, `input::decode_xml`).
fn read_text(source: &Source, common: &Common) -> Result<String, String> {
    let bytes = input::read_bytes(source)?;
    let label = common.encoding.as_deref();
    Ok(if common.xml { input::decode_xml(&bytes, label).text } else { input::decode_html(&bytes, label).text })
}

fn serialize(out: &mut dyn Write, a: &SerializeArgs, status: &mut u8) -> Result<(), Stop> {
    use statemark::html::serialize::{IoWrite, SerializeOptions, write_io};
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
                trouble(status, &m);
                continue;
            }
        };
        if a.parse.common.xml {
            let parsed = xml5::parse_with_source_spans(&text, false);
            let (dom, root) = (&parsed.dom, parsed.dom.document());
            if a.well_formed
                && let Err(e) = statemark::xml5::serialize::check_well_formed(dom, root)
            {
                // Where: the node's markup (an element's start tag); the document's own rules
                // (one root element) are about the whole input.
                let at = match dom.source_span(e.node) {
                    Some(span) if e.node != root => {
                        let p = Locator::new(&text).position(span.start);
                        format!("{}:{}", p.line, p.column)
                    }
                    _ => "the document".to_owned(),
                };
                eprintln!(
                    "statemark: {}:{at}: not well-formed XML: {}: {} ({})",
                    source.name(),
                    e.path,
                    e.rule.message(),
                    e.rule.reference()
                );
                *status = (*status).max(1);
                continue;
            }
            let mut w = IoWrite::new(&mut *out);
            if statemark::xml5::serialize::write_xml(dom, root, &mut w).is_err() {
                return Err(w.error.unwrap_or_else(|| io::Error::other("serialization failed")).into());
            }
        } else {
            let (dom, root, _) = parse_html(&text, &a.parse, false);
            // noscript text is written as the tree was parsed (`--no-scripting`), so the
            // output reads back the same (issue 23).
            options.scripting = dom.scripting_enabled();
            write_io(&dom, root, false, &options, &mut *out)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// `statemark explain` (see `explain.rs`): the whole input is read (as `parse` reads it), the
/// output is written token by token.
#[cfg(feature = "explain")]
fn explain(out: &mut dyn Write, a: &ExplainArgs, status: &mut u8) -> Result<(), Stop> {
    use explain::{Builder, Explainer, HtmlParse, HtmlTokens, Xml5Parse, Xml5Tokens, XmlBuilder};
    let sources = Source::from_args(&a.common.files);
    for source in &sources {
        let text = match read_text(source, &a.common) {
            Ok(t) => t,
            Err(m) => {
                trouble(status, &m);
                continue;
            }
        };
        if sources.len() > 1 && a.common.format == Format::Text {
            writeln!(out, "==> {} <==", source.name())?;
        }
        let format = a.common.format;
        let tree = a.tree.options();
        let (builder, options) = match &a.tree.fragment {
            None => (html::tree::TreeBuilder::new(Dom::new(), tree), html::Options::default()),
            Some(ctx) => {
                let (b, options, _) = html::tree::TreeBuilder::new_fragment(Dom::new(), ctx, tree);
                (b, options)
            }
        };
        let failed = if a.common.xml && !a.tokens_only {
            let explainer: Xml5Parse<'_, '_> = Explainer::new(&mut *out, format, &text, XmlBuilder::new());
            let mut t = xml5::Tokenizer::with_sink(&text, explainer);
            t.run();
            t.into_sink().failed
        } else if a.common.xml {
            let explainer: Xml5Tokens<'_, '_> = Explainer::new(&mut *out, format, &text, ());
            let mut t = xml5::Tokenizer::with_sink(&text, explainer);
            t.run();
            t.into_sink().failed
        } else if a.tokens_only {
            // The fragment's initial state, and switching as `tokenize` does it.
            let options = html::Options { switching: true, ..options };
            let explainer: HtmlTokens<'_, '_> = Explainer::new(&mut *out, format, &text, ());
            let mut t = html::Tokenizer::with_sink(&text, options, explainer);
            t.run();
            t.into_sink().failed
        } else {
            let explainer: HtmlParse<'_, '_> = Explainer::new(&mut *out, format, &text, Builder::new(builder));
            let mut t = html::Tokenizer::with_sink(&text, options, explainer);
            t.run();
            t.into_sink().failed
        };
        if let Some(e) = failed {
            return Err(e.into());
        }
    }
    Ok(())
}

fn sniff(out: &mut dyn Write, a: &Common, status: &mut u8) -> Result<(), Stop> {
    for source in &Source::from_args(&a.files) {
        let bytes = match input::read_bytes(source) {
            Ok(b) => b,
            Err(m) => {
                trouble(status, &m);
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
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Every command's peak heap on deep, wide and long inputs, against the input's size.
    use super::*;
    use crate::output::tests::{Count, peak_of};

    /// Run a command line into a counting sink; its exit status and peak heap.
    fn measure(args: &[&str]) -> (u8, usize) {
        let cli = Cli::try_parse_from(std::iter::once("statemark").chain(args.iter().copied())).unwrap();
        let mut out = Count(0);
        let mut status = 0;
        let peak = peak_of(|| assert!(run(&cli.command, &mut out, &mut status).is_ok()));
        (status, peak)
    }

    #[test]
    fn every_command_takes_heap_within_a_stated_multiple_of_its_input() {
        const N: usize = 100_000;
        let dir = std::env::temp_dir().join(format!("statemark-cli-memory-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let inputs = [
            ("deep", "<div>".repeat(N)),
            ("wide", "<p class=a>x</p>".repeat(N)),
            ("long", format!("<!DOCTYPE html><title>t</title><p>{}", "text &amp; more ".repeat(N))),
            ("flood", "\0<\u{1}".repeat(N)),
        ];
        // Heap per input byte: the tree (or the findings) and the decoded text, never the
        // output; `tokenize` (0 here) holds a 64 KiB chunk and the token being built (a run of
        // text is one token). `check` on the flood (4 findings per 3 bytes) holds every
        // finding, about 224 bytes each, most in the library's `check` result: its own bound.
        // The bounds are stated in `cli/README.md`.
        let commands: [(&[&str], usize); 11] = [
            (&["tokenize", "--errors"], 0),
            (&["parse"], 40),
            (&["parse", "--format", "json"], 40),
            (&["parse", "--xml"], 40),
            (&["serialize"], 50),
            (&["check"], 60),
            (&["check", "--xml"], 60),
            (&["sniff"], 40),
            // The input (decoded as `sniff` decodes it: a late `<meta charset>` is looked for by
            // parsing), the tree, and one token's path; never the output.
            (&["explain"], 40),
            (&["explain", "--format", "json"], 40),
            (&["explain", "--tokens-only"], 40),
        ];
        const CHECK_FLOOD: usize = 320;
        // `explain` holds one token's path until the token is complete; the flood is one run of
        // text with a step (16 bytes) and an error (48 bytes) or more per input byte.
        const EXPLAIN_FLOOD: usize = 240;
        for (name, input) in &inputs {
            let path = dir.join(format!("{name}.html"));
            std::fs::write(&path, input).unwrap();
            for (args, per_byte) in commands {
                let mut line: Vec<&str> = args.to_vec();
                line.push(path.to_str().unwrap());
                let (status, peak) = measure(&line);
                assert!(status <= 1, "{line:?}");
                let per_byte = match (*name, args[0]) {
                    ("flood", "check") => CHECK_FLOOD,
                    ("flood", "explain") => EXPLAIN_FLOOD,
                    _ => per_byte,
                };
                let bound = if per_byte == 0 { (1 << 20) + 2 * input.len() } else { per_byte * input.len() };
                eprintln!(
                    "{name} {args:?}: {} bytes in, peak heap {peak} ({:.1}x)",
                    input.len(),
                    peak as f64 / input.len() as f64
                );
                assert!(peak <= bound, "{line:?}: {peak} bytes for {} bytes of input", input.len());
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
