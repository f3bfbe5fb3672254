//! XML side by side: statemark's XML5 tokenizer and parser against quick-xml (Reader events)
//! and xml5ever (tokenizer, parse into RcDom), on the XML corpus and on 100k nested elements at
//! 1x, 2x and 4x.
//!
//! `cargo bench -p statemark-benches --bench xml`.

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use statemark_benches::plan::{self, Parser};
use statemark_benches::{bytes_of, corpus, criterion_config, generate, statemark_drivers};
use std::hint::black_box;

#[path = "drivers/quick_xml.rs"]
mod quick_xml_drivers;
#[path = "drivers/xml5ever.rs"]
mod xml5ever_drivers;

/// The driver for one planned parser.
fn driver(parser: &Parser) -> fn(&[String]) -> usize {
    match parser.id {
        id if id == plan::SM_XML5_TOKENIZER.id => statemark_drivers::xml5_tokenizer,
        id if id == plan::SM_XML5_PARSE.id => statemark_drivers::xml5_parse,
        id if id == plan::QUICK_XML.id => quick_xml_drivers::events,
        id if id == plan::XML5EVER_TOKENIZER.id => xml5ever_drivers::tokenizer,
        id if id == plan::XML5EVER_RCDOM.id => xml5ever_drivers::rcdom,
        id => panic!("{id} is planned for an XML input but has no driver here"),
    }
}

fn xml_corpus(c: &mut Criterion) {
    let Some(docs) = corpus::XML.load() else {
        return;
    };
    let workload = plan::WORKLOADS.iter().find(|w| w.group == "xml").expect("xml is in the plan");
    let mut g = c.benchmark_group(workload.group);
    g.throughput(Throughput::Bytes(bytes_of(&docs)));
    g.sampling_mode(SamplingMode::Flat);
    for parser in workload.parsers {
        let f = driver(parser);
        g.bench_function(parser.id, |b| b.iter(|| black_box(f(&docs))));
    }
    g.finish();
}

fn nested_xml(c: &mut Criterion) {
    let workload = plan::WORKLOADS.iter().find(|w| w.group == "patho-nested-xml").expect("in the plan");
    let mut g = c.benchmark_group(workload.group);
    g.sampling_mode(SamplingMode::Flat);
    for &scale in workload.scales {
        let docs = [generate::nested_xml(scale)];
        g.throughput(Throughput::Bytes(bytes_of(&docs)));
        for parser in workload.parsers {
            let f = driver(parser);
            let id = BenchmarkId::new(parser.id, plan::scale_label(scale));
            g.bench_function(id, |b| b.iter(|| black_box(f(&docs))));
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = xml_corpus, nested_xml
}
criterion_main!(benches);
