//! XML5 tree construction with namespaces: never panics, and chunked input builds the same tree
//! and the same errors as the whole input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::xml5::{Tokenizer, TreeBuilder, parse_with_errors};
use statemark_fuzz::Case;

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    // The same entry kind both ways: `parse` skips a leading BOM, the tokenizer constructors
    // take the input as given.
    let mut w = Tokenizer::with_sink(&case.text, TreeBuilder::new(true));
    w.run();
    let whole = w.into_sink().finish();
    let _ = parse_with_errors(&case.text, true);
    let mut t = Tokenizer::streaming(TreeBuilder::new(true));
    for c in case.chunks() {
        t.feed(c);
    }
    t.finish();
    let chunked = t.into_sink().finish();
    assert_eq!(
        whole.dom.to_test_format(),
        chunked.dom.to_test_format(),
        "the tree differs between whole and chunked input"
    );
    assert_eq!(whole.errors, chunked.errors, "errors differ between whole and chunked input");
});
