//! HTML side by side: statemark's tokenizer (iterator, cheapest sink) and parser against
//! html5ever (tokenizer, parse into RcDom), html5gum (default and callback emitters) and
//! lol_html (no handlers), on the HTML corpora and on dense character references.
//!
//! `cargo bench -p statemark-benches --bench html` (add `-- html5gum/` to run one parser).
//! Run it with `-p`: `--workspace` would unify in the `trace` feature that the tests crate
//! turns on. Groups and ids come from `statemark_benches::plan`; the report reads them back.

use criterion::{Criterion, criterion_group, criterion_main};
use statemark_benches::plan::{self, Parser};
use statemark_benches::run::{self, Driver};
use statemark_benches::{corpus, criterion_config, generate, statemark_drivers};

// The comparison drivers are files of their own so that a profiling driver can include them too.
#[path = "drivers/html5ever.rs"]
mod html5ever_drivers;
#[path = "drivers/html5gum.rs"]
mod html5gum_drivers;
#[path = "drivers/lol_html.rs"]
mod lol_html_drivers;

/// The driver for one planned parser.
fn driver(parser: &Parser) -> Driver {
    match parser.id {
        id if id == plan::SM_ITERATOR.id => statemark_drivers::iterator,
        id if id == plan::SM_SINK.id => statemark_drivers::sink,
        id if id == plan::SM_PARSE.id => statemark_drivers::parse,
        id if id == plan::HTML5EVER_TOKENIZER.id => html5ever_drivers::tokenizer,
        id if id == plan::HTML5EVER_RCDOM.id => html5ever_drivers::rcdom,
        id if id == plan::HTML5GUM_DEFAULT.id => html5gum_drivers::default,
        id if id == plan::HTML5GUM_CALLBACK.id => html5gum_drivers::callback,
        id if id == plan::LOL_HTML.id => lol_html_drivers::no_handlers,
        id => panic!("{id} is planned for an HTML input but has no driver here"),
    }
}

fn html_corpus(c: &mut Criterion) {
    if let Some(docs) = corpus::HTML.load() {
        run::group(c, "html", &docs, driver);
    }
}

fn html_big(c: &mut Criterion) {
    if let Some(docs) = corpus::HTML_BIG.load() {
        run::group(c, "html-big", &docs, driver);
    }
}

fn charrefs(c: &mut Criterion) {
    run::group(c, "charref-amp", &[generate::charref_amp()], driver);
    run::group(c, "charref-mix", &[generate::charref_mix()], driver);
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = html_corpus, html_big, charrefs
}
criterion_main!(benches);
