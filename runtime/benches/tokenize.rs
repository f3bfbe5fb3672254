//! Criterion throughput benchmarks of the HTML and XML5 tokenizers over the shared real-world
//! corpora.
//!
//! Groups (criterion reports MB/s because every group sets `Throughput::Bytes`):
//! - `html_corpus/iterator`, `html_corpus/sink`: every file under `../shared/bench-corpus/html`
//!   (override with `STATEMARK_BENCH_HTML`), through the iterator API and through a `Sink`;
//! - `html_big/iterator`: the single large page under `../shared/bench-corpus/html-big`
//!   (override with `STATEMARK_BENCH_HTML_BIG`);
//! - `xml_corpus/xml5_iterator`, `xml_corpus/xml5_parse`: every file under
//!   `../shared/bench-corpus/xml` through the XML5 iterator and parsed into the DOM (override
//!   with `STATEMARK_BENCH_XML`).
//!
//! Relative paths are resolved against the workspace root. A missing corpus skips its group
//! with a loud message, so a checkout without the corpus still builds and runs; under `CI` it
//! panics instead, so a misconfigured runner cannot silently report nothing.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use statemark::Span;
use statemark::html::{Control, Options, Sink, Token, Tokenizer, tokenize};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The benchmark's view of a token: the lengths of every string a real consumer would read.
/// Summing them forces the tokenizer to produce (and, for owned text, allocate) each field, so
/// the optimizer cannot drop work the tokenizer would otherwise be credited for skipping.
fn touch(token: &Token<'_>) -> usize {
    match token {
        Token::StartTag(tag) | Token::EndTag(tag) => {
            let attrs: usize = tag
                .attributes
                .iter()
                .map(|a| a.name.len() + a.value.len())
                .sum();
            tag.name.len() + attrs + usize::from(tag.self_closing)
        }
        Token::Characters(text) | Token::Comment(text) => text.len(),
        Token::Doctype(d) => [&d.name, &d.public_id, &d.system_id]
            .iter()
            .map(|s| s.as_deref().map_or(0, str::len))
            .sum(),
        Token::ProcessingInstruction(pi) => pi.target.len() + pi.data.len(),
        Token::Eof => 0,
    }
}

/// The minimal streaming consumer: the same per-token work as the iterator benchmark, so the
/// two numbers differ only by the cost of the token queue.
struct Counter {
    total: usize,
}

impl<'i> Sink<'i> for Counter {
    fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
        self.total += touch(&token);
        Control::Continue
    }
}

fn by_iterator(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        for token in tokenize(black_box(doc)) {
            total += touch(&token);
        }
    }
    total
}

fn by_sink(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut tokenizer =
            Tokenizer::with_sink(black_box(doc), Options::default(), Counter { total: 0 });
        tokenizer.run();
        total += tokenizer.into_sink().total;
    }
    total
}

/// The corpus directory: `var` if set, else `default`; relative paths from the workspace root
/// (the parent of this crate), so the benchmark does not depend on cargo's working directory.
fn corpus_dir(var: &str, default: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir =
        root.join(std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from));
    // Canonical only for readable messages; a missing directory keeps its joined form.
    std::fs::canonicalize(&dir).unwrap_or(dir)
}

/// Every regular file under `dir`, recursively, sorted so runs see the same order.
fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else if path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads every file under the corpus as text, or `None` (after saying so) if there is none.
/// Files that are not valid UTF-8 are converted lossily rather than skipped, so the byte count
/// stays the corpus's and the tokenizer still sees the markup around the bad bytes.
fn load_corpus(var: &str, default: &str) -> Option<Vec<String>> {
    let dir = corpus_dir(var, default);
    let mut files = Vec::new();
    let found = collect_files(&dir, &mut files);
    if found.is_err() || files.is_empty() {
        let why = found
            .err()
            .map_or_else(|| "no files".to_owned(), |e| e.to_string());
        let msg = format!(
            "benchmark corpus {} unavailable ({why}); set {var} to point at it",
            dir.display()
        );
        if std::env::var_os("CI").is_some() {
            panic!("{msg}");
        }
        eprintln!("\n!!!!!!!!!! SKIPPING: {msg} !!!!!!!!!!\n");
        return None;
    }
    files.sort();
    let docs: Vec<String> = files
        .iter()
        .map(|p| {
            let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display()));
            String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
        })
        .collect();
    let bytes: usize = docs.iter().map(String::len).sum();
    eprintln!(
        "corpus {}: {} files, {bytes} bytes",
        dir.display(),
        docs.len()
    );
    Some(docs)
}

fn bytes_of(docs: &[String]) -> u64 {
    docs.iter().map(|d| d.len() as u64).sum()
}

fn html_corpus(c: &mut Criterion) {
    let Some(docs) = load_corpus("STATEMARK_BENCH_HTML", "../shared/bench-corpus/html") else {
        return;
    };
    let mut group = c.benchmark_group("html_corpus");
    group.throughput(Throughput::Bytes(bytes_of(&docs)));
    // One iteration takes a sizeable fraction of a second: flat sampling keeps the run to
    // sample_size iterations per sample instead of criterion's growing linear schedule.
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("iterator", |b| b.iter(|| black_box(by_iterator(&docs))));
    group.bench_function("sink", |b| b.iter(|| black_box(by_sink(&docs))));
    group.finish();
}

fn html_big(c: &mut Criterion) {
    let Some(docs) = load_corpus(
        "STATEMARK_BENCH_HTML_BIG",
        "../shared/bench-corpus/html-big",
    ) else {
        return;
    };
    let mut group = c.benchmark_group("html_big");
    group.throughput(Throughput::Bytes(bytes_of(&docs)));
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("iterator", |b| b.iter(|| black_box(by_iterator(&docs))));
    group.finish();
}

/// XML5 tokenizer over the XML corpus, through the iterator, touching what the HTML
/// benchmarks touch.
fn xml5_by_iterator(docs: &[String]) -> usize {
    use statemark::xml5::Token as X;
    let mut n = 0;
    for d in docs {
        for t in statemark::xml5::tokenize(d) {
            n += match &t {
                X::StartTag(tag) | X::EmptyTag(tag) | X::EndTag(tag) => {
                    tag.name.len() + tag.attributes.iter().map(|a| a.name.len() + a.value.len()).sum::<usize>()
                }
                X::Characters(c) | X::Comment(c) => c.len(),
                X::ProcessingInstruction(p) => p.target.len() + p.data.len(),
                X::Doctype(_) | X::ShortEndTag | X::Eof => 1,
            };
        }
    }
    n
}

fn xml_corpus(c: &mut Criterion) {
    let Some(docs) = load_corpus("STATEMARK_BENCH_XML", "../shared/bench-corpus/xml") else {
        return;
    };
    let mut group = c.benchmark_group("xml_corpus");
    group.throughput(Throughput::Bytes(bytes_of(&docs)));
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("xml5_iterator", |b| b.iter(|| black_box(xml5_by_iterator(&docs))));
    group.bench_function("xml5_parse", |b| {
        b.iter(|| black_box(docs.iter().map(|d| statemark::xml5::parse(d).nodes().len()).sum::<usize>()))
    });
    group.finish();
}

/// Small enough that the whole run finishes in a couple of minutes on a 2-core machine; the
/// corpora are megabytes each, so even ten samples average over a lot of input.
fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = html_corpus, html_big, xml_corpus
}
criterion_main!(benches);
