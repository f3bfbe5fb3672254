//! statemark on the generated HTML worst cases at 1x, 2x and 4x size: the report checks that
//! time grows linearly (4x size within 5x time). The XML one lives in `xml.rs`.
//!
//! `cargo bench -p statemark-benches --bench pathological`. The tokenizer rows are the easy
//! half; these inputs are aimed at the tree builder (`statemark/parse`).

use criterion::{Criterion, criterion_group, criterion_main};
use statemark_benches::plan::{self, Parser};
use statemark_benches::run::{self, Driver};
use statemark_benches::{criterion_config, generate, statemark_drivers};

/// The driver for one planned parser.
fn driver(parser: &Parser) -> Driver {
    match parser.id {
        id if id == plan::SM_ITERATOR.id => statemark_drivers::iterator,
        id if id == plan::SM_PARSE.id => statemark_drivers::parse,
        id => panic!("{id} is planned for a generated HTML input but has no driver here"),
    }
}

fn pathological(c: &mut Criterion) {
    run::scaled(c, "patho-nested-div", generate::nested_div, driver);
    run::scaled(c, "patho-attributes", generate::many_attributes, driver);
    run::scaled(c, "patho-comment", generate::long_comment, driver);
    run::scaled(c, "patho-unclosed-bi", generate::unclosed_formatting, driver);
    run::scaled(c, "patho-nested-tables", generate::nested_tables, driver);
    run::scaled(c, "patho-misnested", generate::misnested_formatting, driver);
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = pathological
}
criterion_main!(benches);
