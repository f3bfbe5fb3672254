//! Instructions per byte by callgrind, statemark's tokenizer APIs beside the comparison
//! tokenizers, over `html-big` (issue 13's measure; `benches/src/callgrind.rs` does the counting):
//!
//! ```sh
//! cargo bench -p statemark-benches --bench instructions                         # every API
//! cargo bench -p statemark-benches --bench instructions -- statemark/sink lol_html/no-handlers
//! ```
//!
//! A bench target rather than a binary because the comparison parsers are dev-dependencies;
//! the `instructions` binary counts statemark's APIs alone without compiling them.

use statemark_benches::callgrind::{self, Driver};
use statemark_benches::{corpus, plan, statemark_drivers as sm};
use std::process::ExitCode;

// Only the tokenizer driver is counted here; the RcDom one is the parse benchmarks'.
#[path = "drivers/html5ever.rs"]
#[allow(dead_code)]
mod html5ever_drivers;
#[path = "drivers/html5gum.rs"]
mod html5gum_drivers;
#[path = "drivers/lol_html.rs"]
mod lol_html_drivers;

fn main() -> ExitCode {
    let drivers: &[Driver] = &[
        (plan::SM_SINK.id, sm::sink),
        ("statemark/sink-reading-all", sm::sink_reading_all),
        (plan::SM_ITERATOR.id, sm::iterator),
        (plan::LOL_HTML.id, lol_html_drivers::no_handlers),
        (plan::HTML5GUM_CALLBACK.id, html5gum_drivers::callback),
        (plan::HTML5GUM_DEFAULT.id, html5gum_drivers::default),
        (plan::HTML5EVER_TOKENIZER.id, html5ever_drivers::tokenizer),
    ];
    callgrind::main(drivers, corpus::HTML_BIG)
}
