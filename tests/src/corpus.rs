//! The bench corpus's HTML pages re-encoded into legacy encodings, for the tests that decode
//! them back (`encoding_corpus`, `encoding_detection`): one re-encoding loop for both.

use statemark::encoding::Encoding;
use std::collections::HashMap;
use std::path::PathBuf;

/// Every page of `../shared/bench-corpus/html` (or `$BENCH_CORPUS/html`), sorted; `None` (a
/// loud skip, a failure under `CI`) when the corpus is missing.
pub fn html_pages() -> Option<Vec<PathBuf>> {
    crate::suite("BENCH_CORPUS", "bench-corpus").map(|d| crate::files_under(&d.join("html")))
}

/// A text encoded into a legacy encoding.
pub struct Reencoded {
    /// The bytes: characters the encoding lacks are numeric character references (`&#8212;`),
    /// as encoding_rs's `encode` writes them (and browsers submit forms).
    pub bytes: Vec<u8>,
    /// Whether some character became a character reference.
    pub references: bool,
    /// Whether some character the encoding has decodes back as another (Shift_JIS writes
    /// U+00A5 as the byte of `\`, which decodes as `\`).
    pub lossy: bool,
}

impl Reencoded {
    /// Whether decoding the bytes gives the text back exactly: no reference, nothing lossy.
    pub fn representable(&self) -> bool {
        !self.references && !self.lossy
    }
}

/// `text` in `encoding` (one of the ASCII-compatible, stateless encodings: each character is
/// encoded on its own).
pub fn reencode(text: &str, encoding: &'static Encoding) -> Reencoded {
    let (bytes, _, references) = encoding.encode(text);
    // Each distinct non-ASCII character once: does it come back as itself?
    let mut seen: HashMap<char, bool> = HashMap::new();
    let mut lossy = false;
    let mut buf = [0; 4];
    for c in text.chars().filter(|c| !c.is_ascii()) {
        lossy |= *seen.entry(c).or_insert_with(|| {
            let (one, _, unmappable) = encoding.encode(c.encode_utf8(&mut buf));
            !unmappable && encoding.decode_without_bom_handling(&one).0 != *c.encode_utf8(&mut [0; 4])
        });
    }
    Reencoded { bytes: bytes.into_owned(), references, lossy }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_and_lossy_characters() {
        let sjis = Encoding::for_label(b"shift_jis").unwrap();
        let r = reencode("日本 ¥", sjis);
        assert!(!r.references && r.lossy && !r.representable());
        let r = reencode("caf\u{E9} \u{1F600}", Encoding::for_label(b"koi8-r").unwrap());
        assert!(r.references && !r.lossy);
        assert_eq!(r.bytes, b"caf&#233; &#128512;");
        assert!(reencode("café", Encoding::for_label(b"latin1").unwrap()).representable());
    }
}
