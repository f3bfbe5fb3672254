//! The 2008 draft's tokenizer: whole vs chunked input give the same tokens, spans and errors
//! whatever the starting content model flag and escape flag; spans tile the input; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::editions::html2008::{ContentModel, Escape, Flags, Html2008, Options};
use statemark_fuzz::{Case, assert_whole_equals_chunked};

const CONTENT_MODELS: [ContentModel; 4] =
    [ContentModel::Pcdata, ContentModel::Rcdata, ContentModel::Cdata, ContentModel::Plaintext];

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let content_model = CONTENT_MODELS[usize::from(case.choice) % CONTENT_MODELS.len()];
    let escape = if case.choice & 0x40 != 0 { Escape::True } else { Escape::False };
    let last_start_tag = (case.choice & 0x80 != 0).then(|| "title".to_owned());
    assert_whole_equals_chunked::<Html2008, _, _>(&case, || Options {
        flags: Flags { content_model, escape },
        last_start_tag: last_start_tag.clone(),
        errors: true,
    });
});
