//! XML5 tokenizer: whole and chunked input give the same tokens, spans and errors; spans tile
//! the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::xml5::{Options, Xml5};
use statemark_fuzz::{Case, assert_whole_equals_chunked};

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    assert_whole_equals_chunked::<Xml5, _, _>(&case, Options::default);
});
