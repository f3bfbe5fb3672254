//! Attribute values handed over as written (issue 13): `html::Reads::raw_attribute_values` and
//! `xml5::Sink::raw_attribute_values`, and the decoders that turn a raw value into the decoded
//! one on request. On every html5lib-tests tokenizer input (each initial state), every
//! html5lib / WPT tree-construction input, every xml5lib tokenizer and tree input and the bench
//! corpus, with errors on: the raw run gives the same tokens, spans and parse errors as the
//! default run; each raw value is the span of the input it was written as (whole input, so
//! a rewriter can splice); decoding it gives the default run's value, and decoding it with
//! errors gives the default run's errors inside the value (codes and offsets); and the raw run
//! fed in pieces (one character at a time; the corpus in 1000-byte pieces) gives what the
//! whole run gave. And `xml5::NamespaceScopes`, used by a streaming consumer, resolves every
//! element and attribute name of the xml5lib tree suite as the suite expects.

use statemark::Span;
use statemark::html::ValueSyntax;
use statemark_tests::tree::{dat_files, parse_dat, parse_xml5_dat};
use statemark_tests::{files_under, read_lossy, suite, tokenizer_inputs};
use std::borrow::Cow;

/// One run, in a form both machines share: tokens with attribute values left out, spans,
/// the values (with their offset in the input when they borrow from it), errors.
#[derive(Debug, Default, PartialEq, Eq)]
struct Rec {
    tokens: Vec<(String, Span)>,
    values: Vec<(String, Option<usize>)>,
    errors: Vec<(String, usize)>,
}

/// Where `value` lies in `input`, if it borrows from it (the `Cow` itself: an owned value that
/// happens to sit nowhere in the input is not a span of it).
#[allow(clippy::ptr_arg)]
fn offset_in(input_start: usize, input_len: usize, value: &Cow<'_, str>) -> Option<usize> {
    let Cow::Borrowed(v) = value else { return None };
    let at = (v.as_ptr() as usize).checked_sub(input_start)?;
    (!v.is_empty() && at + v.len() <= input_len).then_some(at)
}

/// A machine under test.
trait Lang {
    const NAME: &'static str;
    fn run(input: &str, state: Option<&str>, last: Option<&str>, raw: bool) -> Rec;
    fn run_chunked(input: &str, state: Option<&str>, last: Option<&str>, piece: usize) -> Rec;
    fn decode(raw: &str) -> String;
    fn decode_with_errors(raw: &str, syntax: ValueSyntax) -> (String, Vec<(String, usize)>);
}

mod html {
    use super::*;
    use statemark::html::{Control, Error, Options, Reads, Sink, State, Token, Tokenizer};

    pub struct Recorder {
        base: (usize, usize),
        raw: bool,
        pub rec: Rec,
    }

    impl<'i> Sink<'i> for Recorder {
        fn token(&mut self, token: Token<'i>, span: Span) -> Control {
            let mut token = token;
            if let Token::StartTag(tag) | Token::EndTag(tag) = &mut token {
                for a in &mut tag.attributes {
                    let at = offset_in(self.base.0, self.base.1, &a.value);
                    self.rec.values.push((std::mem::take(&mut a.value).into_owned(), at));
                }
            }
            self.rec.tokens.push((format!("{:?}", token.into_owned()), span));
            Control::Continue
        }
        fn error(&mut self, error: Error) {
            self.rec.errors.push((error.code.to_string(), error.position.offset));
        }
        fn wants_errors(&self) -> bool {
            true
        }
        fn reads(&self) -> Reads {
            if self.raw { Reads::ALL_RAW_VALUES } else { Reads::ALL }
        }
    }

    fn options(state: Option<&str>, last: Option<&str>) -> Options {
        let initial_state = state.map(|s| State::from_name(s).unwrap_or_else(|| panic!("unknown state {s}")));
        // The states as given: the switching tracker reads decoded values whatever the sink says.
        Options { initial_state, last_start_tag: last.map(str::to_owned), ..Options::without_switching() }
    }

    pub struct Html;
    impl Lang for Html {
        const NAME: &'static str = "html";
        fn run(input: &str, state: Option<&str>, last: Option<&str>, raw: bool) -> Rec {
            let sink = Recorder { base: (input.as_ptr() as usize, input.len()), raw, rec: Rec::default() };
            let mut t = Tokenizer::with_sink(input, options(state, last), sink);
            t.run();
            t.into_sink().rec
        }
        fn run_chunked(input: &str, state: Option<&str>, last: Option<&str>, piece: usize) -> Rec {
            let sink = Recorder { base: (0, 0), raw: true, rec: Rec::default() };
            let mut t = Tokenizer::streaming(options(state, last), sink);
            for p in pieces(input, piece) {
                t.feed(p);
            }
            t.finish();
            t.into_sink().rec
        }
        fn decode(raw: &str) -> String {
            statemark::html::decode_attribute_value(raw).into_owned()
        }
        fn decode_with_errors(raw: &str, syntax: ValueSyntax) -> (String, Vec<(String, usize)>) {
            let (v, e) = statemark::html::decode_attribute_value_with_errors(raw, syntax);
            (v.into_owned(), e.iter().map(|e| (e.code.to_string(), e.position.offset)).collect())
        }
    }
}

mod xml5 {
    use super::*;
    use statemark::xml5::{Error, Sink, Token, Tokenizer};

    pub struct Recorder {
        base: (usize, usize),
        raw: bool,
        pub rec: Rec,
    }

    impl<'i> Sink<'i> for Recorder {
        fn token(&mut self, token: Token<'i>, span: Span) {
            let mut token = token;
            if let Token::StartTag(tag) | Token::EmptyTag(tag) | Token::EndTag(tag) = &mut token {
                for a in &mut tag.attributes {
                    let at = offset_in(self.base.0, self.base.1, &a.value);
                    self.rec.values.push((std::mem::take(&mut a.value).into_owned(), at));
                }
            }
            self.rec.tokens.push((format!("{:?}", token.into_owned()), span));
        }
        fn error(&mut self, error: Error) {
            self.rec.errors.push((error.code.to_string(), error.position.offset));
        }
        fn wants_errors(&self) -> bool {
            true
        }
        fn raw_attribute_values(&self) -> bool {
            self.raw
        }
    }

    pub struct Xml5;
    impl Lang for Xml5 {
        const NAME: &'static str = "xml5";
        fn run(input: &str, _: Option<&str>, _: Option<&str>, raw: bool) -> Rec {
            let sink = Recorder { base: (input.as_ptr() as usize, input.len()), raw, rec: Rec::default() };
            let mut t = Tokenizer::with_sink(input, sink);
            t.run();
            t.into_sink().rec
        }
        fn run_chunked(input: &str, _: Option<&str>, _: Option<&str>, piece: usize) -> Rec {
            let sink = Recorder { base: (0, 0), raw: true, rec: Rec::default() };
            let mut t = Tokenizer::streaming(sink);
            for p in pieces(input, piece) {
                t.feed(p);
            }
            t.finish();
            t.into_sink().rec
        }
        fn decode(raw: &str) -> String {
            statemark::xml5::decode_attribute_value(raw).into_owned()
        }
        fn decode_with_errors(raw: &str, syntax: ValueSyntax) -> (String, Vec<(String, usize)>) {
            let (v, e) = statemark::xml5::decode_attribute_value_with_errors(raw, syntax);
            (v.into_owned(), e.iter().map(|e| (e.code.to_string(), e.position.offset)).collect())
        }
    }
}

/// `input` in pieces of about `n` bytes, split at character boundaries.
fn pieces(input: &str, n: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let mut at = n.min(rest.len());
        while !rest.is_char_boundary(at) {
            at += 1;
        }
        let (a, b) = rest.split_at(at);
        out.push(a);
        rest = b;
    }
    out
}

/// Counts for one suite.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    values: usize,
    decoded_differently: usize,
    failures: Vec<String>,
}

/// Every difference for one input (empty: it passes); adds to the tally's value counts.
fn check<L: Lang>(input: &str, state: Option<&str>, last: Option<&str>, piece: usize, t: &mut Tally) -> Vec<String> {
    let mut problems = Vec::new();
    let default = L::run(input, state, last, false);
    let raw = L::run(input, state, last, true);
    if default.tokens != raw.tokens {
        problems.push(format!("tokens differ\n  default {:?}\n  raw     {:?}", default.tokens, raw.tokens));
    }
    if default.errors != raw.errors {
        problems.push(format!("errors differ\n  default {:?}\n  raw     {:?}", default.errors, raw.errors));
    }
    if default.values.len() != raw.values.len() {
        problems.push(format!("values differ in number: {:?} vs {:?}", default.values, raw.values));
        return problems;
    }
    for ((want, _), (value, at)) in default.values.iter().zip(&raw.values) {
        t.values += 1;
        if want != value {
            t.decoded_differently += 1;
        }
        let decoded = L::decode(value);
        if &decoded != want {
            problems.push(format!("decode({value:?}) = {decoded:?}, the tokenizer gave {want:?}"));
        }
        let Some(at) = *at else {
            if !value.is_empty() {
                problems.push(format!("raw value {value:?} does not borrow from the input"));
            }
            continue;
        };
        let end = at + value.len();
        let (decoded, errors) = L::decode_with_errors(value, ValueSyntax::before(input, at));
        if &decoded != want {
            problems.push(format!("decode_with_errors({value:?}) = {decoded:?}, the tokenizer gave {want:?}"));
        }
        let got: Vec<(String, usize)> = errors.into_iter().map(|(c, o)| (c, o + at)).collect();
        let inside: Vec<(String, usize)> = default
            .errors
            .iter()
            // At the value's end only a reference's errors are the value's ("at the next input
            // character"); the quote or `>` there is the next state's.
            .filter(|(c, o)| *o < end && *o >= at || *o == end && c.contains("character-reference"))
            .cloned()
            .collect();
        if got != inside {
            problems.push(format!("errors of {value:?} at {at}\n  tokenizer {inside:?}\n  decoder   {got:?}"));
        }
    }
    let split = L::run_chunked(input, state, last, piece);
    let strip = |r: &Rec| r.values.iter().map(|(v, _)| v.clone()).collect::<Vec<_>>();
    if split.tokens != raw.tokens || split.errors != raw.errors || strip(&split) != strip(&raw) {
        problems.push(format!("fed in pieces of {piece} differs\n  whole {raw:?}\n  split {split:?}"));
    }
    problems
}

fn record<L: Lang>(t: &mut Tally, label: &str, input: &str, state: Option<&str>, last: Option<&str>, piece: usize) {
    let problems = check::<L>(input, state, last, piece, t);
    if problems.is_empty() {
        t.passed += 1;
    } else {
        t.failed += 1;
        // A corpus document is long: its start names it well enough.
        let shown: String = input.chars().take(300).collect();
        t.failures.push(format!("{} {label} {shown:?}\n{}", L::NAME, problems.join("\n")));
    }
}

/// A tokenizer suite in html5lib-tests' JSON format: every input, in each initial state. Each
/// input is also given to the decoders as a value, in each syntax, whatever it holds (quotes that
/// would have ended the value included): they must not panic.
fn tokenizer_suite<L: Lang>(dir: &std::path::Path, t: &mut Tally) {
    for test in tokenizer_inputs(dir) {
        L::decode(&test.input);
        for syntax in [ValueSyntax::DoubleQuoted, ValueSyntax::SingleQuoted, ValueSyntax::Unquoted] {
            L::decode_with_errors(&test.input, syntax);
        }
        let last = test.last_start_tag.as_deref();
        if test.states.is_empty() {
            record::<L>(t, &test.file, &test.input, None, last, 1);
        }
        for state in &test.states {
            record::<L>(t, &test.file, &test.input, Some(state), last, 1);
        }
    }
}

/// The suite's inputs that hold a character reference, written into attribute values in the
/// three syntaxes (`<a b="..." c='...' d=...>`): every named and numeric reference of the suite,
/// decoded by the attribute rules.
fn references_in_values<L: Lang>(dir: &std::path::Path, t: &mut Tally) {
    for test in tokenizer_inputs(dir) {
        if test.input.contains('&') {
            let input = &test.input;
            record::<L>(t, &test.file, &format!("<a b=\"{input}\" c='{input}' d={input}>"), None, None, 1);
        }
    }
}

/// A resolved name in the xml5lib tree format: `{url}prefix:local`, or the name as written
/// in no namespace.
fn xml5lib_name(name: Option<statemark::dom::QualNameRef<'_>>, written: &str) -> String {
    match name {
        Some(n) if !n.ns.url().is_empty() => match n.prefix {
            Some(p) => format!("{{{}}}{p}:{}", n.ns.url(), n.local),
            None => format!("{{{}}}{}", n.ns.url(), n.local),
        },
        _ => written.to_owned(),
    }
}

/// The element and attribute lines of the tree a streaming consumer sees, resolving names
/// through `xml5::NamespaceScopes` and opening and closing elements as the XML5 tree builder
/// does (an end tag closes up to the open element of its name; nothing after the root): each
/// element's line, then its attributes' lines sorted.
fn streamed_names(input: &str) -> Vec<String> {
    use statemark::xml5::{NamespaceScopes, Token, tokenize};
    let mut scopes = NamespaceScopes::new();
    let mut open: Vec<String> = Vec::new();
    let (mut out, mut done) = (Vec::new(), false);
    for token in tokenize(input) {
        match &token {
            Token::StartTag(tag) | Token::EmptyTag(tag) if !done => {
                scopes.push_element(tag);
                out.push(format!("<{}>", xml5lib_name(scopes.resolve_element(&tag.name), &tag.name)));
                // A namespaced attribute whose namespace and local name an earlier one has is
                // dropped (Namespaces in XML 1.0, section 6.3), as the tree builder drops it.
                let mut seen: Vec<(String, String)> = Vec::new();
                let mut attrs: Vec<String> = Vec::new();
                for a in &tag.attributes {
                    let resolved = scopes.resolve_attribute(&a.name, &a.value);
                    if let Some(n) = resolved.filter(|n| !n.ns.url().is_empty()) {
                        let key = (n.ns.url().to_owned(), n.local.to_owned());
                        if seen.contains(&key) {
                            continue;
                        }
                        seen.push(key);
                    }
                    attrs.push(format!("{}=\"{}\"", xml5lib_name(resolved, &a.name), a.value));
                }
                attrs.sort();
                out.extend(attrs);
                if let Token::EmptyTag(_) = token {
                    scopes.pop_element();
                    done = open.is_empty();
                } else {
                    open.push(tag.name.to_string());
                }
            }
            Token::EndTag(tag) if !done => {
                if let Some(i) = open.iter().rposition(|n| *n == tag.name) {
                    while open.len() > i {
                        open.pop();
                        scopes.pop_element();
                    }
                    done = open.is_empty();
                }
            }
            Token::ShortEndTag if !done && open.pop().is_some() => {
                scopes.pop_element();
                done = open.is_empty();
            }
            _ => {}
        }
    }
    out
}

/// The element and attribute lines of an xml5lib `#document`, each element's attributes sorted.
fn expected_names(document: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut attrs: Vec<String> = Vec::new();
    for line in document.lines() {
        let line = line.trim_start_matches('|').trim_start();
        if line.starts_with('<') && !line.starts_with("<!") && !line.starts_with("<?") {
            attrs.sort();
            out.append(&mut attrs);
            out.push(line.to_owned());
        } else if !line.starts_with('"') && !line.starts_with('<') && line.contains("=\"") {
            attrs.push(line.to_owned());
        }
    }
    attrs.sort();
    out.append(&mut attrs);
    out
}

/// `xml5::NamespaceScopes` used by a streaming consumer resolves every name as the xml5lib tree
/// suite expects (the tree builder resolves through the same type; this checks it on its own).
/// The legacy set writes names in another format and is left to `xml5lib_tree`.
fn namespace_scopes(dir: &std::path::Path, t: &mut Tally) {
    let mut files: Vec<_> = files_under(&dir.join("tree-construction"));
    files.retain(|p| p.extension().is_some_and(|x| x == "dat"));
    for path in files {
        for (data, document) in parse_xml5_dat(&read_lossy(&path)) {
            let (want, got) = (expected_names(&document), streamed_names(&data));
            t.values += got.len();
            if want == got {
                t.passed += 1;
            } else {
                t.failed += 1;
                t.failures.push(format!("namespaces {} {data:?}\n  want {want:?}\n  got  {got:?}", path.display()));
            }
        }
    }
}

fn report(name: &str, t: &Tally) {
    for f in t.failures.iter().take(10) {
        println!("FAIL {f}");
    }
    if name.contains("namespace") {
        println!("raw attributes {name}: {} element and attribute names compared", t.values);
    } else {
        println!(
            "raw attributes {name}: {} values compared ({} differ from their decoded value)",
            t.values, t.decoded_differently
        );
    }
    println!("raw attributes {name}: {} passed, {} failed", t.passed, t.failed);
}

fn main() {
    let mut suites: Vec<(&str, Tally)> = Vec::new();
    if let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests") {
        let mut t = Tally::default();
        tokenizer_suite::<html::Html>(&dir.join("tokenizer"), &mut t);
        suites.push(("html5lib tokenizer", t));
        let mut t = Tally::default();
        references_in_values::<html::Html>(&dir.join("tokenizer"), &mut t);
        suites.push(("html5lib tokenizer references in values", t));
        let mut t = Tally::default();
        for path in dat_files(&dir.join("tree-construction")) {
            for case in parse_dat(&read_lossy(&path)) {
                record::<html::Html>(&mut t, &path.display().to_string(), &case.data, None, None, 1);
            }
        }
        suites.push(("html5lib tree inputs", t));
    }
    if let Some(dir) = suite("WPT_HTML_PARSING", "wpt-html-parsing") {
        let mut t = Tally::default();
        for path in dat_files(&dir) {
            for case in parse_dat(&read_lossy(&path)) {
                record::<html::Html>(&mut t, &path.display().to_string(), &case.data, None, None, 1);
            }
        }
        suites.push(("wpt tree inputs", t));
    }
    if let Some(dir) = suite("XML5LIB_TESTS", "xml5lib-tests") {
        let mut t = Tally::default();
        tokenizer_suite::<xml5::Xml5>(&dir.join("tokenizer"), &mut t);
        suites.push(("xml5lib tokenizer", t));
        let mut t = Tally::default();
        references_in_values::<xml5::Xml5>(&dir.join("tokenizer"), &mut t);
        suites.push(("xml5lib tokenizer references in values", t));
        let mut t = Tally::default();
        let mut files: Vec<_> = files_under(&dir.join("tree-construction"));
        files.retain(|p| p.extension().is_some_and(|x| x == "dat"));
        files.extend(
            files_under(&dir.join("legacy-annevk-xml5")).into_iter().filter(|p| p.ends_with("tree-construction1")),
        );
        for path in files {
            for (data, _) in parse_xml5_dat(&read_lossy(&path)) {
                record::<xml5::Xml5>(&mut t, &path.display().to_string(), &data, None, None, 1);
            }
        }
        suites.push(("xml5lib tree inputs", t));
        let mut t = Tally::default();
        namespace_scopes(&dir, &mut t);
        suites.push(("xml5lib tree namespace scopes", t));
    }
    if let Some(dir) = suite("STATEMARK_BENCH_CORPUS", "bench-corpus") {
        for (name, sub, xml) in [("bench corpus html", "html", false), ("bench corpus xml", "xml", true)] {
            let mut t = Tally::default();
            for path in files_under(&dir.join(sub)) {
                let text = read_lossy(&path);
                let label = path.display().to_string();
                if xml {
                    record::<xml5::Xml5>(&mut t, &label, &text, None, None, 1000);
                } else {
                    record::<html::Html>(&mut t, &label, &text, None, None, 1000);
                }
            }
            suites.push((name, t));
        }
    }
    let mut failed = 0;
    for (name, t) in &suites {
        report(name, t);
        failed += t.failed;
        assert!(t.passed > 0 && t.values > 0, "{name}: nothing compared");
    }
    if failed > 0 {
        std::process::exit(1);
    }
}
