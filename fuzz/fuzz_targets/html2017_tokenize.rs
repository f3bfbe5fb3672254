//! The 12.2.4 edition's tokenizer: whole vs chunked input give the same tokens, spans and errors;
//! spans tile the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::editions::html2017::{Options, State, Tokenizer};
use statemark_fuzz::{Case, Html2017Record, assert_spans_tile};

const STATES: [State; 5] =
    [State::DataState, State::RcdataState, State::RawtextState, State::ScriptDataState, State::PlaintextState];

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let state = STATES[usize::from(case.choice) % STATES.len()];
    let last_start_tag = (case.choice & 0x80 != 0).then(|| "script".to_owned());
    let options = || Options { initial_state: Some(state), last_start_tag: last_start_tag.clone(), errors: true };
    let mut whole = Tokenizer::for_input(&case.text, options(), Html2017Record::default());
    whole.run();
    let whole = whole.into_sink();
    assert_spans_tile(whole.tokens.iter().map(|(_, s)| *s), case.text.len());
    let mut chunked = Tokenizer::for_chunks(options(), Html2017Record::default());
    for c in case.chunks() {
        chunked.feed(c);
    }
    chunked.finish();
    let chunked = chunked.into_sink();
    assert_eq!(whole.tokens, chunked.tokens, "tokens differ between whole and chunked input");
    assert_eq!(whole.errors, chunked.errors, "errors differ between whole and chunked input");
});
