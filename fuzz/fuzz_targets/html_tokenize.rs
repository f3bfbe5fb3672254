//! HTML tokenizer: the whole input and the same input in fuzzer-chosen chunks give the same
//! tokens, spans and errors; spans tile the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::html::{Options, Tokenizer};
use statemark_fuzz::{Case, HTML_STATES, HtmlRecord, assert_spans_tile};

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let state = HTML_STATES[usize::from(case.choice) % HTML_STATES.len()];
    let last_start_tag = (case.choice & 0x80 != 0).then(|| "script".to_owned());
    // The tree-builder-free state switching too, when the input asks.
    let switching = case.choice & 0x40 != 0;
    let options =
        || Options { initial_state: Some(state), last_start_tag: last_start_tag.clone(), errors: true, switching };

    let mut whole = Tokenizer::with_sink(&case.text, options(), HtmlRecord::default());
    whole.run();
    let whole = whole.into_sink();
    assert_spans_tile(whole.tokens.iter().map(|(_, s)| *s), case.text.len());

    let mut chunked = Tokenizer::streaming(options(), HtmlRecord::default());
    for c in case.chunks() {
        chunked.feed(c);
    }
    chunked.finish();
    let chunked = chunked.into_sink();
    assert_eq!(whole.tokens, chunked.tokens, "tokens differ between whole and chunked input");
    assert_eq!(whole.errors, chunked.errors, "errors differ between whole and chunked input");
});
