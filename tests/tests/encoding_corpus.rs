//! Real pages in legacy encodings: every UTF-8 page of `../shared/bench-corpus/html` (or
//! `$BENCH_CORPUS/html`) re-encoded with encoding_rs into windows-1252 and into Shift_JIS (where
//! its text survives the round trip) parses from those bytes, with the encoding given as the
//! transport layer would, to the same tree as the UTF-8 original; streamed in 4093-byte chunks
//! (UTF-8 split mid-character) it does too; and with a byte order mark in front (as bytes and as
//! `&str`) it parses like the page without it.

use statemark::dom::Dom;
use statemark::encoding::{ByteParser, Confidence, Encoding, EncodingOptions};
use statemark::html::{TreeOptions, parse_bytes, parse_document};
use statemark_tests::corpus::{html_pages, reencode};

fn streamed(bytes: &[u8], opts: EncodingOptions, chunk: usize) -> String {
    let mut p = ByteParser::new(opts, TreeOptions::default(), Dom::new);
    for c in bytes.chunks(chunk) {
        p.feed(c);
    }
    p.finish().tree.to_test_format()
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    /// Pages whose text the encoding cannot represent (skipped for it).
    unrepresentable: usize,
    /// Pages whose text is all ASCII (the same bytes in every encoding tested).
    ascii: usize,
}

fn main() {
    let Some(paths) = html_pages() else { return };
    let (mut bom, mut stream) = (Tally::default(), Tally::default());
    let mut legacy = [("windows-1252", Tally::default()), ("Shift_JIS", Tally::default())];
    let mut not_utf8 = 0;
    let fail = |what: &str, path: &std::path::Path, t: &mut Tally| {
        println!("FAIL {what}: {}", path.display());
        t.failed += 1;
    };
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            not_utf8 += 1;
            continue;
        };
        let base = parse_document(text).to_test_format();

        // A BOM in front, as text and as bytes.
        let with_bom = format!("\u{FEFF}{text}");
        let from_bytes = parse_bytes(with_bom.as_bytes(), &EncodingOptions::default(), TreeOptions::default());
        if parse_document(&with_bom).to_test_format() == base
            && from_bytes.dom.to_test_format() == base
            && from_bytes.confidence == Confidence::Certain
        {
            bom.passed += 1;
        } else {
            fail("BOM", path, &mut bom);
        }

        // UTF-8 streamed in chunks that split characters.
        let utf8 = EncodingOptions { transport: Some(statemark::encoding::UTF_8), ..Default::default() };
        if streamed(&bytes, utf8, 4093) == base {
            stream.passed += 1;
        } else {
            fail("UTF-8 streamed", path, &mut stream);
        }

        for (label, tally) in &mut legacy {
            if text.is_ascii() {
                tally.ascii += 1;
            }
            let enc = Encoding::for_label(label.as_bytes()).unwrap();
            let encoded = reencode(text, enc);
            // Representable: nothing became a character reference and decoding gives the text
            // back.
            if !encoded.representable() {
                tally.unrepresentable += 1;
                continue;
            }
            let encoded = encoded.bytes;
            let opts = EncodingOptions { transport: Some(enc), ..Default::default() };
            let parsed = parse_bytes(&encoded, &opts, TreeOptions::default());
            if parsed.encoding == enc && parsed.dom.to_test_format() == base && streamed(&encoded, opts, 4093) == base {
                tally.passed += 1;
            } else {
                fail(label, path, tally);
            }
        }
    }
    println!("({} pages, {not_utf8} not UTF-8 and skipped)", paths.len());
    let mut failed = bom.failed + stream.failed;
    println!("BOM-prefixed pages: {} passed, {} failed", bom.passed, bom.failed);
    println!("UTF-8 pages streamed in 4093-byte chunks: {} passed, {} failed", stream.passed, stream.failed);
    for (label, t) in &legacy {
        println!(
            "pages re-encoded in {label}: {} passed, {} failed ({} all ASCII; {} not representable, skipped)",
            t.passed, t.failed, t.ascii, t.unrepresentable
        );
        failed += t.failed;
    }
    if legacy.iter().any(|(_, t)| t.passed == t.ascii) {
        println!("FAIL: no page with non-ASCII text was representable; the test would prove nothing");
        failed += 1;
    }
    let passed = bom.passed + stream.passed + legacy.iter().map(|(_, t)| t.passed).sum::<usize>();
    println!("encoding corpus: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
