//! The spec's microsyntaxes (`statemark::microsyntax`) over a million values each: integers
//! and floating-point numbers beside `str::parse` (which accepts a different language: no
//! leading whitespace, no trailing garbage, so the inputs are ones both accept), dates, global
//! dates and times, and legacy colors (named and hex).
//!
//! `cargo bench -p statemark-benches --bench microsyntax`. Not part of BENCHMARKS.md's plan.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use statemark::microsyntax;
use statemark_benches::criterion_config;
use std::hint::black_box;

const COUNT: usize = 1_000_000;

/// A fixed pseudo-random sequence (xorshift), so every run parses the same values.
fn values() -> impl Iterator<Item = u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    std::iter::repeat_with(move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

fn integers() -> Vec<String> {
    values().take(COUNT).map(|v| ((v % 2_000_000_001) as i64 - 1_000_000_000).to_string()).collect()
}

fn floats() -> Vec<String> {
    values()
        .take(COUNT)
        .map(|v| {
            let mantissa = (v % 10_000_000) as f64 / 1000.0;
            let exponent = ((v >> 32) % 41) as i32 - 20;
            format!("{mantissa}e{exponent}")
        })
        .collect()
}

fn dates() -> Vec<String> {
    values()
        .take(COUNT)
        .map(|v| format!("{:04}-{:02}-{:02}", 1 + v % 9999, 1 + (v >> 16) % 12, 1 + (v >> 24) % 28))
        .collect()
}

fn global_dates() -> Vec<String> {
    values()
        .take(COUNT)
        .map(|v| {
            format!(
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}{}{:02}:{:02}",
                1 + v % 9999,
                1 + (v >> 16) % 12,
                1 + (v >> 24) % 28,
                (v >> 8) % 24,
                (v >> 12) % 60,
                (v >> 20) % 60,
                (v >> 28) % 1000,
                if v & 1 == 0 { '+' } else { '-' },
                (v >> 40) % 24,
                (v >> 48) % 60
            )
        })
        .collect()
}

fn colors() -> Vec<String> {
    const NAMES: [&str; 8] =
        ["red", "CornflowerBlue", "lightgoldenrodyellow", "Navy", " teal ", "chucknorris", "#abc", ""];
    values()
        .take(COUNT)
        .map(
            |v| {
                if v % 2 == 0 {
                    NAMES[(v >> 8) as usize % NAMES.len()].to_string()
                } else {
                    format!("#{:06x}", v >> 40)
                }
            },
        )
        .collect()
}

/// A named parser under measurement.
type Row<'a, T> = (&'a str, fn(&str) -> Option<T>);

fn run<T>(c: &mut Criterion, group: &str, inputs: &[String], rows: &[Row<'_, T>]) {
    let mut g = c.benchmark_group(group);
    g.sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Elements(inputs.len() as u64));
    for (name, f) in rows {
        g.bench_function(*name, |b| b.iter(|| inputs.iter().filter(|s| f(black_box(s)).is_some()).count()));
    }
    g.finish();
}

fn microsyntaxes(c: &mut Criterion) {
    run(
        c,
        "microsyntax-integers",
        &integers(),
        &[
            ("statemark/parse_integer", |s| microsyntax::parse_integer(s).ok()),
            ("std/str::parse::<i64>", |s| s.parse::<i64>().ok()),
        ],
    );
    run(
        c,
        "microsyntax-floats",
        &floats(),
        &[
            ("statemark/parse_floating_point_number", |s| microsyntax::parse_floating_point_number(s).ok()),
            ("std/str::parse::<f64>", |s| s.parse::<f64>().ok()),
        ],
    );
    run(
        c,
        "microsyntax-dates",
        &dates(),
        &[("statemark/parse_date_string", |s| microsyntax::parse_date_string(s).ok())],
    );
    run(
        c,
        "microsyntax-global-dates",
        &global_dates(),
        &[("statemark/parse_global_date_and_time_string", |s| microsyntax::parse_global_date_and_time_string(s).ok())],
    );
    run(
        c,
        "microsyntax-colors",
        &colors(),
        &[("statemark/parse_legacy_color_value", |s| microsyntax::parse_legacy_color_value(s).ok())],
    );
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = microsyntaxes
}
criterion_main!(benches);
