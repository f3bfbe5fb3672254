//! Peak heap memory of parsing into a tree, over input size: statemark's arena DOM next to
//! html5ever + RcDom and xml5ever + RcDom, each document of a corpus parsed alone. Not a
//! criterion benchmark: a counting global allocator records the most bytes live at once during
//! each parse. Writes `peak-memory.json` in the target directory for the report.
//!
//! cargo bench -p statemark-benches --bench memory
//! STATEMARK_MEMORY_DETAIL=1 cargo bench -p statemark-benches --bench memory   # worst documents

use statemark_benches::memory::{PeakRow, results_path, to_json};
use statemark_benches::{corpus, statemark_drivers};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

#[path = "drivers/html5ever.rs"]
#[allow(dead_code)]
mod html5ever_drivers;
#[path = "drivers/xml5ever.rs"]
#[allow(dead_code)]
mod xml5ever_drivers;

/// The system allocator, counting live bytes and their high-water mark.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak bytes live during `parse(doc)` beyond what was live before it.
fn peak_of(doc: &[String], parse: fn(&[String]) -> usize) -> u64 {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    std::hint::black_box(parse(doc));
    (PEAK.load(Relaxed) - before) as u64
}

fn measure(corpus: &str, docs: &[String], parser: &str, parse: fn(&[String]) -> usize) -> PeakRow {
    let mut row = PeakRow {
        corpus: corpus.to_owned(),
        parser: parser.to_owned(),
        documents: docs.len(),
        input_bytes: 0,
        peak_bytes: 0,
        max_ratio: 0.0,
    };
    for doc in docs {
        // One document at a time: the drivers take a slice, and a one-element slice of the
        // corpus's own String costs no allocation.
        let one = std::slice::from_ref(doc);
        let peak = peak_of(one, parse);
        row.input_bytes += doc.len() as u64;
        row.peak_bytes += peak;
        if !doc.is_empty() {
            row.max_ratio = row.max_ratio.max(peak as f64 / doc.len() as f64);
        }
    }
    eprintln!(
        "{corpus:9} {parser:20} {:>10} bytes  peak {:>11} bytes  {:.2}x (worst document {:.2}x)",
        row.input_bytes,
        row.peak_bytes,
        row.ratio(),
        row.max_ratio
    );
    row
}

/// With `STATEMARK_MEMORY_DETAIL` set: per document, peak and retained (the tree kept after the
/// parse), the documents with most bytes over twice their size first.
fn detail(corpus: &str, docs: &[(std::path::PathBuf, String)], parse: fn(&str) -> statemark::dom::Dom) {
    let mut rows = Vec::new();
    let (mut peak_sum, mut kept_sum, mut input) = (0u64, 0u64, 0u64);
    for (path, doc) in docs {
        let before = LIVE.load(Relaxed);
        PEAK.store(before, Relaxed);
        let dom = parse(doc);
        let kept = (LIVE.load(Relaxed) - before) as u64;
        let peak = (PEAK.load(Relaxed) - before) as u64;
        drop(std::hint::black_box(dom));
        peak_sum += peak;
        kept_sum += kept;
        input += doc.len() as u64;
        rows.push((peak as i64 - 2 * doc.len() as i64, peak, kept, doc.len(), path.clone()));
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.0));
    eprintln!("{corpus}: peak {:.3}x, kept {:.3}x", peak_sum as f64 / input as f64, kept_sum as f64 / input as f64);
    for (over, peak, kept, len, path) in rows.iter().take(12) {
        eprintln!("  over 2x by {over:>8}  peak {peak:>9} kept {kept:>9} input {len:>9}  {}", path.display());
    }
}

fn main() {
    if std::env::var_os("STATEMARK_MEMORY_DETAIL").is_some() {
        if let Some(docs) = corpus::HTML.load_named() {
            detail("html", &docs, statemark::html::parse_document);
        }
        if let Some(docs) = corpus::HTML_BIG.load_named() {
            detail("html-big", &docs, statemark::html::parse_document);
        }
        if let Some(docs) = corpus::XML.load_named() {
            detail("xml", &docs, statemark::xml5::parse);
        }
        return;
    }
    // `cargo bench` passes `--bench`; a filter argument is not supported (it is one quick run).
    let mut rows = Vec::new();
    for (name, c) in [("html", corpus::HTML), ("html-big", corpus::HTML_BIG)] {
        if let Some(docs) = c.load() {
            rows.push(measure(name, &docs, "statemark/parse", statemark_drivers::parse));
            rows.push(measure(name, &docs, "html5ever/rcdom", html5ever_drivers::rcdom));
        }
    }
    if let Some(docs) = corpus::XML.load() {
        rows.push(measure("xml", &docs, "statemark/xml5-parse", statemark_drivers::xml5_parse));
        rows.push(measure("xml", &docs, "xml5ever/rcdom", xml5ever_drivers::rcdom));
    }
    let path = results_path();
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(&path, to_json(&rows)).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    eprintln!("memory: wrote {}", path.display());
}
