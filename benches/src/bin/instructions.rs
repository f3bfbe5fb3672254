//! statemark's APIs counted by callgrind (instructions per byte): the tokenizer's sink and
//! iterator and the DOM parse over `html-big`, the XML5 tokenizer and parse over the XML corpus.
//!
//! ```sh
//! cargo run --release -p statemark-benches --bin instructions                  # every API
//! cargo run --release -p statemark-benches --bin instructions -- statemark/parse --out /tmp/cg
//! callgrind_annotate /tmp/cg/callgrind.html-big.statemark-parse.out | head -40  # the profile
//! ```
//!
//! The comparison parsers are dev-dependencies, so their counts come from the `instructions`
//! bench target, which runs the same counter (`benches/src/callgrind.rs`) over them too.

use statemark_benches::callgrind::{self, Group};
use statemark_benches::{corpus, statemark_drivers as sm};
use std::process::ExitCode;

fn main() -> ExitCode {
    callgrind::main(&[
        Group { name: "html-big", corpus: corpus::HTML_BIG, drivers: sm::HTML_BIG, per_document: false },
        Group { name: "html-page-2", corpus: corpus::HTML_PAGE_2, drivers: sm::HTML_BIG, per_document: false },
        Group { name: "html", corpus: corpus::HTML, drivers: sm::HTML_BIG, per_document: true },
        Group { name: "xml", corpus: corpus::XML, drivers: sm::XML, per_document: false },
    ])
}
