//! Tree construction benchmarks (being written; see issue 5).

fn main() {}
