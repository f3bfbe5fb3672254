//! Running the plan's workloads under criterion: the setup every side-by-side bench target
//! shares (the group of a planned workload, its throughput in input bytes, flat sampling, one
//! benchmark per planned parser, per scale for a generated input).

use crate::bytes_of;
use crate::plan::{self, Parser, Workload};
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use std::hint::black_box;

/// A parser run over documents, returning a count so the work is not optimized away.
pub type Driver = fn(&[String]) -> usize;

/// The bench target's driver for a planned parser (each target holds the drivers of the
/// comparison parsers it links).
pub type Drivers = fn(&Parser) -> Driver;

/// The plan's workload named `group`.
pub fn workload(group: &str) -> &'static Workload {
    plan::WORKLOADS.iter().find(|w| w.group == group).expect("group is in the plan")
}

/// Every planned parser of `group` over `docs`, in plan order.
pub fn group(c: &mut Criterion, group: &str, docs: &[String], drivers: Drivers) {
    let workload = workload(group);
    let mut g = c.benchmark_group(workload.group);
    g.throughput(Throughput::Bytes(bytes_of(docs)));
    // One iteration of a slow parser over a corpus takes a sizeable fraction of a second: flat
    // sampling keeps the run at sample_size iterations instead of criterion's linear schedule.
    g.sampling_mode(SamplingMode::Flat);
    for parser in workload.parsers {
        let f = drivers(parser);
        g.bench_function(parser.id, |b| b.iter(|| black_box(f(docs))));
    }
    g.finish();
}

/// Every planned parser of `group` over `make(scale)`, for each planned scale (criterion
/// parameter `"<n>x"`, which the report reads back).
pub fn scaled(c: &mut Criterion, group: &str, make: fn(u32) -> String, drivers: Drivers) {
    let workload = workload(group);
    let mut g = c.benchmark_group(workload.group);
    g.sampling_mode(SamplingMode::Flat);
    for &scale in workload.scales {
        let docs = [make(scale)];
        g.throughput(Throughput::Bytes(bytes_of(&docs)));
        for parser in workload.parsers {
            let f = drivers(parser);
            let id = BenchmarkId::new(parser.id, plan::scale_label(scale));
            g.bench_function(id, |b| b.iter(|| black_box(f(&docs))));
        }
    }
    g.finish();
}
