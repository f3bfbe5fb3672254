//! lol_html: an HtmlRewriter with no handlers, output counted and discarded; and one with a
//! handler on every element that reads the tag's name and attributes (issue 26: the work a
//! tokenizer's consumer does; with no handlers lol_html builds no tokens, a lower bound).

use lol_html::{HtmlRewriter, Settings, element};
use std::cell::Cell;
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

/// `element!("*", ...)` reading each tag's name and its attributes' names and values, the
/// fields statemark's drivers read of a tag (the instruction counter's only).
#[allow(dead_code)]
pub fn every_element(docs: &[String]) -> usize {
    let read = Cell::new(0);
    let mut output = 0;
    for doc in docs {
        let settings = Settings::new().append_element_content_handler(element!("*", |el| {
            let attrs: usize = el.attributes().iter().map(|a| a.name().len() + a.value().len()).sum();
            read.set(read.get() + el.tag_name().len() + attrs);
            Ok(())
        }));
        let mut rewriter = HtmlRewriter::new(settings, |chunk: &[u8]| output += chunk.len());
        rewriter.write(black_box(doc.as_bytes())).expect("lol_html write");
        rewriter.end().expect("lol_html end");
    }
    read.get() + output
}
