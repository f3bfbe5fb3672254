//! lol_html: an HtmlRewriter with no handlers, output counted and discarded.

use lol_html::{HtmlRewriter, Settings};
use std::hint::black_box;

pub fn no_handlers(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut rewriter = HtmlRewriter::new(Settings::new(), |chunk: &[u8]| total += chunk.len());
        rewriter.write(black_box(doc.as_bytes())).expect("lol_html write");
        rewriter.end().expect("lol_html end");
    }
    total
}
