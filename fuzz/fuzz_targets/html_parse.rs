//! HTML tree construction: documents (scripting on or off) and fragments (context chosen by the
//! input) never panic, and the tree built from chunked input equals the tree from the whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::dom::Dom;
use statemark::html::tree::TreeBuilder;
use statemark::html::{Options, Tokenizer, TreeOptions, parse_document_with, parse_fragment_with};
use statemark_fuzz::{Case, context};

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let options = TreeOptions::with_scripting(case.choice & 1 == 1);
    if case.choice & 2 == 0 {
        // The whole input through the public entry point, which is the tokenizer over the whole
        // string with a tree builder, but skipping a leading BOM, which the tokenizer
        // constructors do not: with a BOM, the whole string through the tokenizer as well.
        let whole = parse_document_with(&case.text, options);
        let whole = if case.text.starts_with('\u{FEFF}') {
            let mut w = Tokenizer::with_sink(&case.text, Options::default(), TreeBuilder::new(Dom::new(), options));
            w.run();
            w.into_sink().into_sink()
        } else {
            whole
        };
        let whole = whole.to_test_format();
        let mut t = Tokenizer::streaming(Options::default(), TreeBuilder::new(Dom::new(), options));
        for c in case.chunks() {
            t.feed(c);
        }
        t.finish();
        let chunked = t.into_sink().into_sink().to_test_format();
        assert_eq!(whole, chunked, "the tree differs between whole and chunked input");
    } else {
        let dom = parse_fragment_with(&case.text, &context(case.choice >> 2), options);
        let _ = dom.to_test_format();
    }
});
