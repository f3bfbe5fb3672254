//! XML side by side: statemark's XML5 tokenizer and parser against quick-xml (Reader events)
//! and xml5ever (tokenizer, parse into RcDom), on the XML corpus and on 100k nested elements at
//! 1x, 2x and 4x.
//!
//! `cargo bench -p statemark-benches --bench xml`.

use criterion::{Criterion, criterion_group, criterion_main};
use statemark_benches::plan::{self, Parser};
use statemark_benches::run::{self, Driver};
use statemark_benches::{corpus, criterion_config, generate, statemark_drivers};

#[path = "drivers/quick_xml.rs"]
mod quick_xml_drivers;
#[path = "drivers/xml5ever.rs"]
mod xml5ever_drivers;

/// The driver for one planned parser.
fn driver(parser: &Parser) -> Driver {
    match parser.id {
        id if id == plan::SM_XML5_TOKENIZER.id => statemark_drivers::xml5_tokenizer,
        id if id == plan::SM_XML5_PARSE.id => statemark_drivers::xml5_parse,
        id if id == plan::QUICK_XML.id => quick_xml_drivers::events,
        id if id == plan::XML5EVER_TOKENIZER.id => xml5ever_drivers::tokenizer,
        id if id == plan::XML5EVER_RCDOM.id => xml5ever_drivers::rcdom,
        id => panic!("{id} is planned for an XML input but has no driver here"),
    }
}

fn xml_corpus(c: &mut Criterion) {
    if let Some(docs) = corpus::XML.load() {
        run::group(c, "xml", &docs, driver);
    }
}

fn nested_xml(c: &mut Criterion) {
    run::scaled(c, "patho-nested-xml", generate::nested_xml, driver);
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = xml_corpus, nested_xml
}
criterion_main!(benches);
