//! The memory bound (issue 22): peak heap bytes of parsing, serializing and checking stay within
//! a stated multiple of the input on deep (10^6 nested), wide (10^6 siblings) and long (10^6
//! attributes, 10^7 bytes of text) inputs, counted by a global allocator of this test binary.
//! The multiples are the ones ARCHITECTURE.md's "Bounds" states; one test function, so no other
//! test's allocations run between the counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call forwards to `System` with the same arguments; the counters only add.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = CURRENT.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak heap bytes allocated while `f` runs, above what was live when it started (what `f`
/// returns is dropped inside, so a tree's own size counts).
fn peak_of<T>(f: impl FnOnce() -> T) -> usize {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    drop(std::hint::black_box(f()));
    PEAK.load(Ordering::Relaxed) - base
}

/// The stated bounds: peak heap bytes per input byte, per operation (ARCHITECTURE.md, "Bounds").
/// Parsing keeps the tree (one node record per node, attributes and text copied) and the
/// parser's stacks; serializing and checking keep the tree and their output.
const PARSE: f64 = 32.0;
const SERIALIZE: f64 = 24.0;
const CHECK: f64 = 32.0;
const XML: f64 = 48.0;
/// Plus this much for any input (tables, first buffers).
const SLACK: usize = 1 << 20;

fn inputs() -> Vec<(&'static str, String)> {
    let n = 1_000_000;
    let mut attrs = String::with_capacity(12 * n);
    attrs.push_str("<p");
    for i in 0..n {
        attrs.push_str(&format!(" a{i:x}"));
    }
    attrs.push('>');
    vec![
        ("deep", format!("{}x{}", "<div>".repeat(n), "</div>".repeat(n))),
        ("wide", "<i></i>".repeat(n)),
        ("attributes", attrs),
        ("text", format!("<p>{}", "text &amp; more ".repeat(n / 2))),
    ]
}

#[test]
fn peak_memory_is_a_multiple_of_the_input() {
    let mut failures = Vec::new();
    for (name, input) in inputs() {
        let len = input.len();
        let mut bound = |op: &str, factor: f64, peak: usize| {
            let limit = (factor * len as f64) as usize + SLACK;
            println!("{name:>10} {op:<10} {len:>9} bytes in, peak {peak:>11} ({:.1}x)", peak as f64 / len as f64);
            if peak > limit {
                failures.push(format!("{name} {op}: peak {peak} bytes > {factor}x {len} + {SLACK}"));
            }
        };
        bound("parse", PARSE, peak_of(|| statemark::html::parse_document(&input)));
        let dom = statemark::html::parse_document(&input);
        bound("serialize", SERIALIZE, peak_of(|| dom.to_html()));
        drop(dom);
        bound("check", CHECK, peak_of(|| statemark::html::check(&input)));
        bound("xml5", XML, peak_of(|| statemark::xml5::parse(&input).to_xml()));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
