//! Instructions per byte by callgrind, statemark's APIs beside the comparison parsers (issue 13's
//! measure; `benches/src/callgrind.rs` does the counting): tokenizers and DOM parsers over
//! `html-big`, XML tokenizers and parsers over the XML corpus. The counts are merged into
//! `target/instructions.json`, which the report shows beside the times.
//!
//! Issue 26's equal-work rows are counted here too (`statemark_benches::equal_work`): the peers
//! switching state like statemark, lol_html with a handler on every element, quick-xml with its
//! duplicate check, and the `memchr2`/`memcpy` floors, over `html-big`, a second big page
//! (`html-page-2`) and the HTML corpus page by page (`html`, the median page), under both build
//! profiles (run it once as below and once with `--profile bench-lto`).
//!
//! ```sh
//! cargo bench -p statemark-benches --bench instructions                         # every API
//! cargo bench -p statemark-benches --bench instructions -- statemark/sink lol_html/no-handlers
//! cargo bench -p statemark-benches --bench instructions -- --out /tmp/cg statemark/xml5-parse
//! cargo bench -p statemark-benches --profile bench-lto --bench instructions    # fat LTO, 1 CGU
//! ```
//!
//! A bench target rather than a binary because the comparison parsers are dev-dependencies;
//! the `instructions` binary counts statemark's APIs alone without compiling them.

use statemark_benches::callgrind::{self, Driver, Group};
use statemark_benches::equal_work::{self as eq, FLOORS};
use statemark_benches::{corpus, plan, statemark_drivers as sm};
use std::process::ExitCode;

#[path = "drivers/html5ever.rs"]
mod html5ever_drivers;
#[path = "drivers/html5gum.rs"]
mod html5gum_drivers;
#[path = "drivers/lol_html.rs"]
mod lol_html_drivers;
#[path = "drivers/quick_xml.rs"]
mod quick_xml_drivers;
#[path = "drivers/xml5ever.rs"]
mod xml5ever_drivers;

fn main() -> ExitCode {
    // statemark's own list (the `instructions` binary's too), then the comparison parsers.
    let html: Vec<Driver> = sm::HTML_BIG
        .iter()
        .copied()
        .chain([
            (plan::LOL_HTML.id, lol_html_drivers::no_handlers as fn(&[String]) -> usize),
            (eq::LOL_HTML_EVERY_ELEMENT, lol_html_drivers::every_element),
            (plan::HTML5GUM_CALLBACK.id, html5gum_drivers::callback),
            (eq::HTML5GUM_CALLBACK_SWITCHING, html5gum_drivers::callback_switching),
            (plan::HTML5GUM_DEFAULT.id, html5gum_drivers::default),
            (eq::HTML5GUM_DEFAULT_SWITCHING, html5gum_drivers::default_switching),
            (plan::HTML5EVER_TOKENIZER.id, html5ever_drivers::tokenizer),
            (eq::HTML5EVER_TOKENIZER_SWITCHING, html5ever_drivers::tokenizer_switching),
            (plan::HTML5EVER_RCDOM.id, html5ever_drivers::rcdom),
        ])
        .chain(FLOORS.iter().copied())
        .collect();
    let xml: Vec<Driver> = sm::XML
        .iter()
        .copied()
        .chain([
            (plan::QUICK_XML.id, quick_xml_drivers::events as fn(&[String]) -> usize),
            (eq::QUICK_XML_EVENTS_CHECKED, quick_xml_drivers::events_checked),
            ("quick-xml/events-decoded", quick_xml_drivers::events_decoded),
            ("quick-xml/namespaced", quick_xml_drivers::namespaced),
            (plan::XML5EVER_TOKENIZER.id, xml5ever_drivers::tokenizer),
            (plan::XML5EVER_RCDOM.id, xml5ever_drivers::rcdom),
        ])
        .chain(FLOORS.iter().copied())
        .collect();
    callgrind::main(&[
        Group { name: "html-big", corpus: corpus::HTML_BIG, drivers: &html, per_document: false },
        Group { name: "html-page-2", corpus: corpus::HTML_PAGE_2, drivers: &html, per_document: false },
        Group { name: "html", corpus: corpus::HTML, drivers: &html, per_document: true },
        Group { name: "xml", corpus: corpus::XML, drivers: &xml, per_document: false },
    ])
}
