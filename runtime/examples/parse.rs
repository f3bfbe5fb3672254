//! Parse an HTML file (or standard input) into the arena DOM and print the tree in the
//! html5lib-tests format. With `--fragment CONTEXT` (e.g. `td`, `svg svg`, `math mi`), parse
//! it as a fragment in that context element; with `--no-scripting`, with the scripting flag
//! off (`<noscript>` content parsed as markup).
//!
//! cargo run --example parse -- page.html
//! cargo run --example parse -- --fragment tr snippet.html

use statemark::html::{Context, TreeOptions, parse_document_with, parse_fragment_with};
use std::io::Read;

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut path, mut context, mut options) = (None, None, TreeOptions::default());
    while let Some(a) = args.next() {
        match a.as_str() {
            "--fragment" => context = args.next(),
            "--no-scripting" => options.scripting = false,
            _ => path = Some(a),
        }
    }
    let mut input = Vec::new();
    let result = match &path {
        Some(p) => std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut input)),
        None => std::io::stdin().read_to_end(&mut input),
    };
    if let Err(e) = result {
        eprintln!("parse: {e}");
        std::process::exit(1);
    }
    let text = String::from_utf8_lossy(&input);
    let dom = match context.as_deref() {
        Some(c) => {
            let ctx = if let Some(l) = c.strip_prefix("svg ") {
                Context::svg(l)
            } else if let Some(l) = c.strip_prefix("math ") {
                Context::mathml(l)
            } else {
                Context::html(c)
            };
            parse_fragment_with(&text, &ctx, options)
        }
        None => parse_document_with(&text, options),
    };
    print!("{}", dom.to_test_format());
}
