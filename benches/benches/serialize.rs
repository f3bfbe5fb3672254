//! Serializing against parsing: html-big parsed into a `Dom` vs that `Dom` written back as HTML
//! (`Dom::to_html`, the spec's algorithm, and with html5lib's options: optional tags omitted,
//! values quoted only when needed), and the same for the XML corpus with `Dom::to_xml`. Every
//! group reports the *input* bytes as throughput, so the MB/s of the serialize and parse ids
//! compare directly (issue 10 asks serializing to be at least as fast as parsing).
//!
//! `cargo bench -p statemark-benches --bench serialize` (`-- --quick` for a short run).

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use statemark::dom::Dom;
use statemark::html::serialize::{SerializeOptions, write_inner};
use statemark_benches::{bytes_of, corpus, criterion_config};
use std::hint::black_box;

/// `docs` parsed into `Dom`s once, then a group `name` over the input bytes with the parse
/// (`parse`) and the serialization (`serialize`, the output's length) of those documents, and
/// whatever ids `more` adds over the parsed `Dom`s.
fn parse_against_serialize(
    c: &mut Criterion,
    name: &str,
    docs: &[String],
    parse: fn(&str) -> Dom,
    serialize: fn(&Dom) -> usize,
    more: impl FnOnce(&mut BenchmarkGroup<'_, WallTime>, &[Dom]),
) {
    let doms: Vec<_> = docs.iter().map(|d| parse(d)).collect();
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(bytes_of(docs)));
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("statemark/parse", |b| {
        b.iter(|| docs.iter().map(|d| parse(black_box(d)).node_count()).sum::<usize>())
    });
    g.bench_function("statemark/serialize", |b| b.iter(|| doms.iter().map(|d| serialize(black_box(d))).sum::<usize>()));
    more(&mut g, &doms);
    g.finish();
}

fn html_big(c: &mut Criterion) {
    let Some(docs) = corpus::HTML_BIG.load() else {
        return;
    };
    parse_against_serialize(
        c,
        "serialize_html_big",
        &docs,
        statemark::html::parse_document,
        |d| d.to_html().len(),
        |g, doms| {
            let html5lib = SerializeOptions::html5lib();
            g.bench_function("statemark/serialize_html5lib_options", |b| {
                b.iter(|| {
                    doms.iter()
                        .map(|d| write_inner(black_box(d), d.root(), &html5lib, String::new()).map_or(0, |s| s.len()))
                        .sum::<usize>()
                })
            });
        },
    );
}

fn xml_corpus(c: &mut Criterion) {
    let Some(docs) = corpus::XML.load() else {
        return;
    };
    parse_against_serialize(c, "serialize_xml", &docs, statemark::xml5::parse, |d| d.to_xml().len(), |_, _| {});
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = html_big, xml_corpus
}
criterion_main!(benches);
