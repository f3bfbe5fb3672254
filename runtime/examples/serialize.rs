//! Parse an HTML file (or standard input) and write it back as HTML by the spec's fragment
//! serialization algorithm, streamed to standard output. `--html5lib`: html5lib's serializer
//! options (optional tags omitted, values quoted only when needed, ...); `--omit`: only omit
//! optional tags; `--round-trip`: also DOCTYPE identifiers and the `pre` leading newline;
//! `--xml`: parse as XML5 and write XML.
//!
//! cargo run --example serialize -- page.html
//! cargo run --example serialize -- --html5lib page.html

use statemark::html::serialize::{SerializeOptions, write_io};
use std::io::{Read, Write};

fn main() {
    let (mut path, mut options, mut xml) = (None, SerializeOptions::default(), false);
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--html5lib" => options = SerializeOptions::html5lib(),
            "--omit" => options.omit_optional_tags = true,
            "--round-trip" => {
                options = SerializeOptions {
                    omit_optional_tags: options.omit_optional_tags,
                    ..SerializeOptions::round_trip()
                }
            }
            "--xml" => xml = true,
            _ => path = Some(a),
        }
    }
    let mut input = Vec::new();
    let result = match &path {
        Some(p) => std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut input)),
        None => std::io::stdin().read_to_end(&mut input),
    };
    if let Err(e) = result {
        eprintln!("serialize: {e}");
        std::process::exit(1);
    }
    let text = String::from_utf8_lossy(&input);
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = if xml {
        let dom = statemark::xml5::parse(&text);
        let mut out = out;
        out.write_all(dom.to_xml().as_bytes()).and_then(|()| out.flush())
    } else {
        let dom = statemark::html::parse_document(&text);
        write_io(&dom, dom.document(), false, &options, out).and_then(|mut w| w.flush())
    };
    if let Err(e) = written {
        eprintln!("serialize: {e}");
        std::process::exit(1);
    }
}
