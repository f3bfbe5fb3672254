//! Shared pieces of the side-by-side benchmarks: the plan (names the benches and the report
//! agree on), corpus loading, input generators, criterion settings and the statemark drivers.
//!
//! The comparison parsers' drivers live in the bench targets themselves (`benches/*.rs`),
//! because those crates are dev-dependencies and this library must build without them.

pub mod callgrind;
pub mod corpus;
pub mod equal_work;
pub mod generate;
pub mod memory;
pub mod plan;
pub mod run;
pub mod statemark_drivers;
pub mod worstcase;

use std::time::Duration;

/// Small on purpose: the machine is shared (2 cores, other people compiling), and every input
/// is large enough that ten samples already average over megabytes. Callers set flat sampling
/// per group, so a slow parser does not make criterion's linear schedule run for minutes.
pub fn criterion_config() -> criterion::Criterion {
    criterion::Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
}

/// Total bytes of a set of documents: the `Throughput::Bytes` every group reports.
pub fn bytes_of(docs: &[String]) -> u64 {
    docs.iter().map(|d| d.len() as u64).sum()
}
