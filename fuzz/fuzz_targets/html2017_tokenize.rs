//! The 12.2.4 edition's tokenizer: whole vs chunked input give the same tokens, spans and errors;
//! spans tile the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::editions::html2017::{Html2017, Options, State};
use statemark_fuzz::{Case, assert_whole_equals_chunked};

const STATES: [State; 5] =
    [State::DataState, State::RcdataState, State::RawtextState, State::ScriptDataState, State::PlaintextState];

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let state = STATES[usize::from(case.choice) % STATES.len()];
    let last_start_tag = (case.choice & 0x80 != 0).then(|| "script".to_owned());
    assert_whole_equals_chunked::<Html2017, _, _>(&case, || Options {
        initial_state: Some(state),
        last_start_tag: last_start_tag.clone(),
        errors: true,
        switching: case.choice & 0x40 != 0,
    });
});
