//! XML5 tokenizer: whole and chunked input give the same tokens, spans and errors; spans tile
//! the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::xml5::Tokenizer;
use statemark_fuzz::{Case, Xml5Record, assert_spans_tile};

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let mut whole = Tokenizer::with_sink(&case.text, Xml5Record::default());
    whole.run();
    let whole = whole.into_sink();
    assert_spans_tile(whole.tokens.iter().map(|(_, s)| *s), case.text.len());

    let mut chunked = Tokenizer::streaming(Xml5Record::default());
    for c in case.chunks() {
        chunked.feed(c);
    }
    chunked.finish();
    let chunked = chunked.into_sink();
    assert_eq!(whole.tokens, chunked.tokens, "tokens differ between whole and chunked input");
    assert_eq!(whole.errors, chunked.errors, "errors differ between whole and chunked input");
});
