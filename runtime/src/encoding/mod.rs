//! Bytes in: the HTML encoding sniffing algorithm (spec: #encoding-sniffing-algorithm), its
//! confidence, decoding (through `encoding_rs`, the WHATWG Encoding Standard), the XML5
//! counterpart, and parsing documents from bytes, whole or streamed (`parse.rs`), with "change
//! the encoding while parsing" when a `<meta>` disagrees with a tentative guess.
//!
//! ```
//! use statemark::encoding::{Confidence, EncodingOptions, sniff};
//!
//! let page = b"<!doctype html><meta charset=shift_jis><title>\x93\xfa\x96\x7b</title>";
//! let s = sniff(page, &EncodingOptions::default());
//! assert_eq!((s.encoding.name(), s.confidence), ("Shift_JIS", Confidence::Tentative));
//!
//! let dom = statemark::html::parse_document_from_bytes(page, &EncodingOptions::default()).tree;
//! assert!(dom.to_test_format().contains("\"日本\""));
//! ```

mod parse;
mod prescan;

pub use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
pub use parse::{
    ByteParser, Decoded, build_document_from_bytes, parse_document_from_bytes, parse_document_from_reader,
};
pub use parse::{parse_xml5_from_bytes, parse_xml5_from_reader};
pub use prescan::{extract_from_content, prescan};

use encoding_rs::{Decoder, UTF_16BE, UTF_16LE};
use std::borrow::Cow;

/// How sure the parser is of the encoding it decodes with (spec: #concept-encoding-confidence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// A guess (prescan, default): a `<meta>` naming another encoding makes the parser start over.
    Tentative,
    /// From a BOM, the transport layer, or a `<meta>` that confirmed or replaced the guess.
    Certain,
    /// No decoding happened: the input was already text (`&str` entry points).
    Irrelevant,
}

/// What the encoding sniffing algorithm takes besides the bytes.
#[derive(Clone, Copy, Debug)]
pub struct EncodingOptions {
    /// The encoding the transport layer specifies (e.g. the `charset` of an HTTP `Content-Type`),
    /// step 4; certain when given. See [`EncodingOptions::transport_label`].
    pub transport: Option<&'static Encoding>,
    /// How many bytes to prescan for a `<meta>` (step 5; the spec encourages 1024). 0 skips it.
    /// The streaming parser waits for this many bytes (or the end) before it starts (step 3).
    pub prescan_bytes: usize,
    /// Step 8's autodetection, restricted to what the spec singles out as effective: a document
    /// whose bytes are all valid UTF-8 and not all ASCII is UTF-8 (tentative). Off by default,
    /// as in browsers for pages from the network. The whole-input entry points look at all the
    /// bytes; the streaming ones ([`ByteParser`], readers) at the first
    /// [`prescan_bytes`](Self::prescan_bytes), so on a page whose first non-ASCII byte comes
    /// later the two can decide differently.
    pub detect_utf8: bool,
    /// Step 9's default (tentative): windows-1252, the spec's suggestion for "all other
    /// locales". Set it to UTF-8 where documents are known to be new.
    pub default: &'static Encoding,
}

impl Default for EncodingOptions {
    fn default() -> Self {
        EncodingOptions { transport: None, prescan_bytes: 1024, detect_utf8: false, default: WINDOWS_1252 }
    }
}

impl EncodingOptions {
    /// Options with the transport layer's label (e.g. `"iso-8859-1"` from
    /// `Content-Type: text/html; charset=iso-8859-1`), looked up as the Encoding Standard's "get
    /// an encoding" does; an unknown label is ignored ("if it is supported").
    pub fn transport_label(label: &str) -> EncodingOptions {
        EncodingOptions { transport: Encoding::for_label(label.as_bytes()), ..Default::default() }
    }
}

/// The result of the encoding sniffing algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    /// The encoding to decode with.
    pub encoding: &'static Encoding,
    /// Certain (BOM, transport layer) or tentative (prescan, detection, default).
    pub confidence: Confidence,
}

/// The encoding sniffing algorithm (spec: #encoding-sniffing-algorithm) over the bytes
/// available so far. Steps 2 (user override; use [`EncodingOptions::transport`]), 6 and 7
/// (parent document, last visit) have no counterpart in a library.
///
/// ```
/// use statemark::encoding::{Confidence, EncodingOptions, sniff};
///
/// let s = sniff(b"\xEF\xBB\xBF<meta charset=big5>", &EncodingOptions::default());
/// assert_eq!((s.encoding.name(), s.confidence), ("UTF-8", Confidence::Certain));
/// let s = sniff(b"<p>plain", &EncodingOptions::transport_label("koi8-r"));
/// assert_eq!((s.encoding.name(), s.confidence), ("KOI8-R", Confidence::Certain));
/// assert_eq!(sniff(b"<p>plain", &EncodingOptions::default()).encoding.name(), "windows-1252");
/// ```
pub fn sniff(bytes: &[u8], options: &EncodingOptions) -> Sniffed {
    let certain = |encoding| Sniffed { encoding, confidence: Confidence::Certain };
    let tentative = |encoding| Sniffed { encoding, confidence: Confidence::Tentative };
    // Step 1: BOM sniffing.
    if let Some((e, _)) = Encoding::for_bom(bytes) {
        return certain(e);
    }
    // Step 4.
    if let Some(e) = options.transport {
        return certain(e);
    }
    // Step 5.
    if options.prescan_bytes > 0
        && let Some(e) = prescan(&bytes[..bytes.len().min(options.prescan_bytes)])
    {
        return tentative(e);
    }
    // Step 8.
    if options.detect_utf8 && !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok() {
        return tentative(UTF_8);
    }
    // Step 9.
    tentative(options.default)
}

/// Decode `bytes` with `encoding` as the Encoding Standard's "decode" does: a BOM, if there is
/// one, overrides `encoding` and is skipped; malformed sequences become U+FFFD. Borrows when
/// the bytes are valid UTF-8 (or ASCII in an ASCII-compatible encoding). Returns the text and
/// the encoding actually used.
pub fn decode<'b>(bytes: &'b [u8], encoding: &'static Encoding) -> (Cow<'b, str>, &'static Encoding) {
    let (text, used, _) = encoding.decode(bytes);
    (text, used)
}

/// Sniffing for XML5 input: a BOM; else the first bytes of `<?` in UTF-16 without a BOM; else the
/// XML declaration's `encoding` (as HTML's "get an XML encoding" reads it, UTF-16 labels giving
/// UTF-8 since the bytes were just read as ASCII); else UTF-8 (XML 1.0, 4.3.3). The XML5 draft
/// says nothing about bytes; this follows XML 1.0's appendix F (non-normative).
///
/// ```
/// use statemark::encoding::sniff_xml;
///
/// assert_eq!(sniff_xml(b"<?xml version='1.0' encoding='ISO-8859-1'?><a/>").name(), "windows-1252");
/// assert_eq!(sniff_xml(b"<a/>").name(), "UTF-8");
/// ```
pub fn sniff_xml(bytes: &[u8]) -> &'static Encoding {
    if let Some((e, _)) = Encoding::for_bom(bytes) {
        return e;
    }
    if bytes.starts_with(&[0x3C, 0x00, 0x3F, 0x00]) {
        return UTF_16LE;
    }
    if bytes.starts_with(&[0x00, 0x3C, 0x00, 0x3F]) {
        return UTF_16BE;
    }
    prescan::xml_encoding(bytes).unwrap_or(UTF_8)
}

/// Incremental decoding for byte chunks: each call returns the text the chunk completes; a
/// character split across chunks comes out whole with the chunk that ends it. For feeding a
/// streaming tokenizer from bytes.
///
/// ```
/// use statemark::encoding::{StreamDecoder, UTF_8};
///
/// let mut decoder = StreamDecoder::new(UTF_8);
/// let mut text = String::new();
/// for chunk in [&b"<p>caf\xC3"[..], b"\xA9</p>"] {
///     text.push_str(decoder.decode(chunk, false));
/// }
/// text.push_str(decoder.decode(b"", true));
/// assert_eq!(text, "<p>café</p>");
/// ```
pub struct StreamDecoder {
    decoder: Decoder,
    out: String,
}

impl StreamDecoder {
    /// A decoder as the Encoding Standard's "decode" (a BOM overrides `encoding`).
    pub fn new(encoding: &'static Encoding) -> StreamDecoder {
        StreamDecoder { decoder: encoding.new_decoder(), out: String::new() }
    }

    /// Decode the next chunk; `last` for the end of the input (an incomplete sequence then
    /// becomes U+FFFD). The returned text is valid until the next call.
    pub fn decode(&mut self, bytes: &[u8], last: bool) -> &str {
        self.out.clear();
        // Pieces bound the worst-case output size a reservation has to cover.
        const PIECE: usize = 1 << 16;
        let mut pieces = bytes.chunks(PIECE).peekable();
        if bytes.is_empty() {
            self.decode_piece(&[], last);
        }
        while let Some(piece) = pieces.next() {
            let is_last = last && pieces.peek().is_none();
            self.decode_piece(piece, is_last);
        }
        &self.out
    }

    fn decode_piece(&mut self, mut piece: &[u8], last: bool) {
        loop {
            let room = self.decoder.max_utf8_buffer_length(piece.len()).unwrap_or(piece.len() * 3 + 16);
            self.out.reserve(room);
            let (result, read, _) = self.decoder.decode_to_string(piece, &mut self.out, last);
            piece = &piece[read..];
            if result == encoding_rs::CoderResult::InputEmpty {
                return;
            }
        }
    }

    /// The encoding in use (the BOM's, once a BOM has been seen).
    pub fn encoding(&self) -> &'static Encoding {
        self.decoder.encoding()
    }
}
