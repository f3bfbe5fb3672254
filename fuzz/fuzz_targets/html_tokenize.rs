//! HTML tokenizer: the whole input and the same input in fuzzer-chosen chunks give the same
//! tokens, spans and errors; spans tile the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::html::{Html, Options};
use statemark_fuzz::{Case, HTML_STATES, assert_whole_equals_chunked};

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let state = HTML_STATES[usize::from(case.choice) % HTML_STATES.len()];
    let last_start_tag = (case.choice & 0x80 != 0).then(|| "script".to_owned());
    // The tree-builder-free state switching too, when the input asks.
    let switching = case.choice & 0x40 != 0;
    assert_whole_equals_chunked::<Html, _, _>(&case, || Options {
        initial_state: Some(state),
        last_start_tag: last_start_tag.clone(),
        errors: true,
        switching,
    });
});
