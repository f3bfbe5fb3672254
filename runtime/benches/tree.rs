//! Criterion benchmarks of tree construction (tokenizer + tree builder + arena DOM).
//!
//! Groups:
//! - `tree_pathological/<input>/<n>`: the inputs of tests/tests/tree_linear.rs at 1x and 4x
//!   size. Linear time shows as a 4x pair whose times differ by about 4 (criterion also reports
//!   bytes per second, which stays flat when the builder is linear);
//! - `tree_corpus/parse_document`: every file under `../shared/bench-corpus/html` (override
//!   with `STATEMARK_BENCH_HTML`); `tree_big/parse_document`: the large page under
//!   `../shared/bench-corpus/html-big` (`STATEMARK_BENCH_HTML_BIG`).
//!
//! A missing corpus skips its group with a loud message (and panics under `CI`).

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use statemark::html::parse_document;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn nested_divs(n: usize) -> String {
    "<div>".repeat(n)
}

fn many_attributes(n: usize) -> String {
    let mut s = String::from("<p");
    for i in 0..n {
        s.push_str(&format!(" a{i}={i}"));
    }
    s.push('>');
    s
}

fn unclosed_formatting(n: usize) -> String {
    "<b><i>".repeat(n)
}

fn nested_tables(n: usize) -> String {
    "<table><tr><td>".repeat(n)
}

fn misnested_formatting(n: usize) -> String {
    "<b><p>x</b>y".repeat(n)
}

/// (name, generator, 1x size)
type Input = (&'static str, fn(usize) -> String, usize);

fn pathological(c: &mut Criterion) {
    let inputs: [Input; 5] = [
        ("nested_div", nested_divs, 100_000),
        ("distinct_attributes", many_attributes, 50_000),
        ("unclosed_b_i", unclosed_formatting, 100_000),
        ("nested_table", nested_tables, 50_000),
        ("misnested_b_p", misnested_formatting, 50_000),
    ];
    let mut group = c.benchmark_group("tree_pathological");
    group.sampling_mode(SamplingMode::Flat);
    for (name, make, n) in inputs {
        for scale in [1, 4] {
            let input = make(n * scale);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new(name, n * scale), &input, |b, input| {
                b.iter(|| black_box(parse_document(black_box(input))))
            });
        }
    }
    group.finish();
}

/// The corpus directory: `var` if set, else `default`, relative to the workspace root.
fn corpus_dir(var: &str, default: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = root.join(std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from));
    std::fs::canonicalize(&dir).unwrap_or(dir)
}

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

fn load_corpus(var: &str, default: &str) -> Option<Vec<String>> {
    let dir = corpus_dir(var, default);
    let mut files = Vec::new();
    let found = collect_files(&dir, &mut files);
    if found.is_err() || files.is_empty() {
        let msg = format!("benchmark corpus {} unavailable; set {var} to point at it", dir.display());
        if std::env::var_os("CI").is_some() {
            panic!("{msg}");
        }
        eprintln!("\n!!!!!!!!!! SKIPPING: {msg} !!!!!!!!!!\n");
        return None;
    }
    files.sort();
    Some(
        files
            .iter()
            .map(|p| {
                let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display()));
                String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            })
            .collect(),
    )
}

fn parse_all(docs: &[String]) -> usize {
    docs.iter().map(|d| parse_document(black_box(d)).node_count()).sum()
}

fn corpus(c: &mut Criterion) {
    for (group_name, var, default) in [
        ("tree_corpus", "STATEMARK_BENCH_HTML", "../shared/bench-corpus/html"),
        ("tree_big", "STATEMARK_BENCH_HTML_BIG", "../shared/bench-corpus/html-big"),
    ] {
        let Some(docs) = load_corpus(var, default) else { continue };
        let mut group = c.benchmark_group(group_name);
        group.throughput(Throughput::Bytes(docs.iter().map(|d| d.len() as u64).sum()));
        group.sampling_mode(SamplingMode::Flat);
        group.bench_function("parse_document", |b| b.iter(|| black_box(parse_all(&docs))));
        group.finish();
    }
}

fn config() -> Criterion {
    Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = pathological, corpus
}
criterion_main!(benches);
