//! statemark on the generated HTML worst cases at 1x, 2x and 4x size: the report checks that
//! time grows linearly (4x size within 5x time). The XML one lives in `xml.rs`.
//!
//! `cargo bench -p statemark-benches --bench pathological`. The tokenizer rows are the easy
//! half; these inputs are aimed at the tree builder (`statemark/parse`).

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use statemark_benches::plan::{self, Parser};
use statemark_benches::{bytes_of, criterion_config, generate, statemark_drivers};
use std::hint::black_box;

/// The driver for one planned parser.
fn driver(parser: &Parser) -> fn(&[String]) -> usize {
    match parser.id {
        id if id == plan::SM_ITERATOR.id => statemark_drivers::iterator,
        id if id == plan::SM_PARSE.id => statemark_drivers::parse,
        id => panic!("{id} is planned for a generated HTML input but has no driver here"),
    }
}

/// Every planned parser of `group` over `make(scale)` for each planned scale.
fn run_scaled(c: &mut Criterion, group: &str, make: fn(u32) -> String) {
    let workload = plan::WORKLOADS.iter().find(|w| w.group == group).expect("group is in the plan");
    let mut g = c.benchmark_group(group);
    g.sampling_mode(SamplingMode::Flat);
    for &scale in workload.scales {
        let docs = [make(scale)];
        g.throughput(Throughput::Bytes(bytes_of(&docs)));
        for parser in workload.parsers {
            let f = driver(parser);
            let id = BenchmarkId::new(parser.id, plan::scale_label(scale));
            g.bench_function(id, |b| b.iter(|| black_box(f(&docs))));
        }
    }
    g.finish();
}

fn pathological(c: &mut Criterion) {
    run_scaled(c, "patho-nested-div", generate::nested_div);
    run_scaled(c, "patho-attributes", generate::many_attributes);
    run_scaled(c, "patho-comment", generate::long_comment);
    run_scaled(c, "patho-unclosed-bi", generate::unclosed_formatting);
    run_scaled(c, "patho-nested-tables", generate::nested_tables);
    run_scaled(c, "patho-misnested", generate::misnested_formatting);
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = pathological
}
criterion_main!(benches);
