//! Bytes in any encoding: the sniffing algorithm, decoding and parsing from bytes never panic, and
//! feeding the bytes in input-chosen chunks builds the same tree, with the same encoding and
//! confidence, as the whole input (a `<meta>` that changes the encoding included).
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::dom::Dom;
use statemark::encoding::{ByteParser, EncodingOptions, sniff_xml};
use statemark::html::{TreeOptions, parse_bytes};

fuzz_target!(|data: &[u8]| {
    let (choice, bytes) = match data {
        [c, rest @ ..] => (*c, rest),
        [] => return,
    };
    let options = match choice % 3 {
        0 => EncodingOptions::default(),
        1 => EncodingOptions::transport_label("shift_jis"),
        _ => EncodingOptions { detect_utf8: true, ..EncodingOptions::default() },
    };
    // `sniff` itself is not called: `parse_bytes` runs the same steps first, on the same bytes and options
    // (a second call ran the frequency analysis of step 8 once more over the whole input, a
    // third of this target's time).
    let _ = sniff_xml(bytes);
    let _ = statemark::xml5::parse_bytes(bytes, true);
    let whole = parse_bytes(bytes, &options, TreeOptions::default());
    let mut p = ByteParser::new(options, TreeOptions::default(), Dom::new);
    let step = 1 + usize::from(choice >> 2);
    for chunk in bytes.chunks(step) {
        p.feed(chunk);
    }
    let chunked = p.finish();
    // UTF-8 detection (step 8) looks at what it has: the whole input, or the streaming parser's
    // first `prescan_bytes`. Past those, the two may decide differently (found by this target;
    // documented on `EncodingOptions::detect_utf8`).
    if options.detect_utf8 && bytes.len() > options.prescan_bytes {
        return;
    }
    assert_eq!(whole.encoding, chunked.encoding, "encoding differs between whole and chunked bytes");
    assert_eq!(whole.confidence, chunked.confidence);
    assert_eq!(whole.dom.to_test_format(), chunked.tree.to_test_format(), "tree differs between whole and chunked");
});
