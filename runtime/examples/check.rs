//! Check an HTML file (or standard input) against "Writing HTML documents" (13.1) and print
//! each finding as `line:column section code: message`. Exits with 1 when there are errors
//! (warnings alone exit 0).
//!
//! cargo run --example check -- page.html

use statemark::html::check::{Severity, check};
use statemark::html::position_of;
use std::io::Read;

fn main() {
    let path = std::env::args().nth(1);
    let mut input = Vec::new();
    let result = match &path {
        Some(p) => std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut input)),
        None => std::io::stdin().read_to_end(&mut input),
    };
    if let Err(e) = result {
        eprintln!("check: {e}");
        std::process::exit(2);
    }
    let text = String::from_utf8_lossy(&input);
    let findings = check(&text);
    for d in &findings {
        let at = position_of(&text, d.span.start);
        let level = if d.severity == Severity::Warning { "warning" } else { "error" };
        println!("{}:{} {} {level} {}: {}", at.line, at.column, d.section, d.code, d.message);
    }
    if findings.iter().any(|d| d.severity == Severity::Error) {
        std::process::exit(1);
    }
}
