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

mod offsets;
mod parse;
mod prescan;
mod reader;

pub use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
pub use offsets::ByteOffsets;
pub use parse::{
    ByteParser, Decoded, build_document_from_bytes, parse_document_from_bytes, parse_document_from_bytes_with_errors,
    parse_document_from_reader,
};
pub use parse::{parse_xml5_from_bytes, parse_xml5_from_reader};
pub use prescan::{extract_from_content, prescan};
pub use reader::{TextChunks, TokenReader, tokenize_html_reader, tokenize_xml5_reader};

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
    /// Step 8's autodetection by frequency analysis ("The user agent may attempt to autodetect
    /// the character encoding from applying frequency analysis or other algorithms to the data
    /// stream"), with `chardetng`, the detector Firefox uses, UTF-8 included: when no BOM,
    /// transport label or `<meta>` decides and the bytes are not all ASCII, its guess is the
    /// encoding (tentative: a `<meta>` found later by the tree builder still changes it). On
    /// by default. The whole-input entry points look at all the bytes; the streaming ones
    /// ([`ByteParser`], readers) guess from the first bytes, keep looking while the confidence
    /// is tentative, and parse again at the end if the guess over all the bytes differs, so both
    /// decide the same. Off: the [`default`](Self::default) (or [`detect_utf8`](Self::detect_utf8)).
    pub detect: bool,
    /// With [`detect`](Self::detect) off, step 8 restricted to what the spec singles out as
    /// effective: a document whose bytes are all valid UTF-8 and not all ASCII is UTF-8
    /// (tentative). The whole-input entry points look at all the bytes; the streaming ones at
    /// the first [`prescan_bytes`](Self::prescan_bytes).
    pub detect_utf8: bool,
    /// Step 9's default (tentative): windows-1252, the spec's suggestion for "all other
    /// locales", and the encoding of all-ASCII bytes (which decode the same in every encoding
    /// detection picks from). With [`detect`](Self::detect) off, set it to UTF-8 where
    /// documents are known to be new. The `statemark` command has the same default.
    pub default: &'static Encoding,
}

impl Default for EncodingOptions {
    fn default() -> Self {
        EncodingOptions {
            transport: None,
            prescan_bytes: 1024,
            detect: true,
            detect_utf8: false,
            default: WINDOWS_1252,
        }
    }
}

impl EncodingOptions {
    /// Options with the transport layer's label (e.g. `"iso-8859-1"` from
    /// `Content-Type: text/html; charset=iso-8859-1`), looked up as the Encoding Standard's "get
    /// an encoding" does; an unknown label is ignored, as step 4 says of a transport layer's
    /// ("if it is supported"). For a label a user typed, where a typo should be reported, use
    /// [`EncodingOptions::with_label`].
    pub fn transport_label(label: &str) -> EncodingOptions {
        EncodingOptions { transport: Encoding::for_label(label.as_bytes()), ..Default::default() }
    }

    /// Options with `label` as the transport layer's encoding, or the error naming it when the
    /// Encoding Standard knows no such label ([`encoding_for_label`]).
    ///
    /// ```
    /// use statemark::encoding::EncodingOptions;
    ///
    /// assert_eq!(EncodingOptions::with_label("latin2").unwrap().transport.unwrap().name(), "ISO-8859-2");
    /// let e = EncodingOptions::with_label("klingon").unwrap_err();
    /// assert_eq!(e.to_string(), "unknown encoding label \"klingon\"");
    /// ```
    pub fn with_label(label: &str) -> Result<EncodingOptions, UnknownLabel> {
        Ok(EncodingOptions { transport: Some(encoding_for_label(label)?), ..Default::default() })
    }
}

/// A label the Encoding Standard does not know (spec: Encoding Standard, "get an encoding",
/// which returns failure for it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLabel(pub String);

impl std::fmt::Display for UnknownLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown encoding label {:?}", self.0)
    }
}

impl std::error::Error for UnknownLabel {}

/// The encoding a label names, as the Encoding Standard's "get an encoding" looks it up
/// (ASCII whitespace around it removed, ASCII case-insensitive: `"Latin1"`, `" utf8 "`), or
/// the error naming the label.
///
/// ```
/// use statemark::encoding::encoding_for_label;
///
/// assert_eq!(encoding_for_label(" Shift-JIS ").unwrap().name(), "Shift_JIS");
/// assert!(encoding_for_label("klingon").is_err());
/// ```
pub fn encoding_for_label(label: &str) -> Result<&'static Encoding, UnknownLabel> {
    Encoding::for_label(label.as_bytes()).ok_or_else(|| UnknownLabel(label.to_owned()))
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
/// // Unlabelled bytes: step 8's frequency analysis.
/// assert_eq!(sniff("<p>Café".as_bytes(), &EncodingOptions::default()).encoding.name(), "UTF-8");
/// let koi8 = b"<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2! \xfc\xd4\xcf \xd4\xc5\xd3\xd4.";
/// // KOI8-U here: it decodes these letters as KOI8-R does.
/// assert!(sniff(koi8, &EncodingOptions::default()).encoding.name().starts_with("KOI8"));
/// ```
pub fn sniff(bytes: &[u8], options: &EncodingOptions) -> Sniffed {
    sniff_step(bytes, options).0
}

/// [`sniff`], and whether the answer is a guess of steps 8-9 (no BOM, transport layer or
/// prescan decided), which more bytes can change.
pub(crate) fn sniff_step(bytes: &[u8], options: &EncodingOptions) -> (Sniffed, bool) {
    let certain = |encoding| (Sniffed { encoding, confidence: Confidence::Certain }, false);
    let decided = |encoding| (Sniffed { encoding, confidence: Confidence::Tentative }, false);
    let guessed = |encoding| (Sniffed { encoding, confidence: Confidence::Tentative }, true);
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
        return decided(e);
    }
    // Steps 6-7 have no counterpart. Step 8.
    if options.detect {
        let mut detector = Detector::default();
        detector.feed(bytes);
        return guessed(detector.guess(options.default));
    }
    if options.detect_utf8 && !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok() {
        return guessed(UTF_8);
    }
    // Step 9.
    guessed(options.default)
}

/// Step 8's frequency analysis over bytes fed in order (`chardetng`, Firefox's detector):
/// linear in the bytes, and a constant amount of memory.
pub(crate) struct Detector {
    inner: chardetng::EncodingDetector,
    /// Whether any byte so far was not ASCII: all-ASCII bytes get step 9's default.
    non_ascii: bool,
}

impl Default for Detector {
    fn default() -> Self {
        Detector { inner: chardetng::EncodingDetector::new(), non_ascii: false }
    }
}

impl Detector {
    /// Look at the next bytes.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        // `last` is never passed: a sequence cut off at the end still counts as what it began.
        self.non_ascii |= self.inner.feed(bytes, false);
    }

    /// The guess over the bytes so far; `default` when they are all ASCII. No top-level
    /// domain is given (a library does not know one), and UTF-8 is allowed: the spec
    /// singles it out as highly detectable.
    pub(crate) fn guess(&self, default: &'static Encoding) -> &'static Encoding {
        if self.non_ascii { self.inner.guess(None, true) } else { default }
    }
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
    /// Recording offsets ([`StreamDecoder::tracking`]): the recorder and its map.
    tracking: Option<(offsets::Tracker, ByteOffsets)>,
}

impl StreamDecoder {
    /// A decoder as the Encoding Standard's "decode" (a BOM overrides `encoding`).
    pub fn new(encoding: &'static Encoding) -> StreamDecoder {
        StreamDecoder { decoder: encoding.new_decoder(), out: String::new(), tracking: None }
    }

    /// A decoder that also records where each piece of text came from in the bytes
    /// ([`offsets`](Self::offsets)): linear in the bytes like [`new`](Self::new)'s, but every
    /// byte outside a run that decodes to itself is decoded on its own. A UTF-8 BOM is
    /// counted in the offsets though not in the text, as the tokenizers count it.
    pub fn tracking(encoding: &'static Encoding) -> StreamDecoder {
        StreamDecoder {
            decoder: encoding.new_decoder_without_bom_handling(),
            out: String::new(),
            tracking: Some(Default::default()),
        }
    }

    /// What a [`tracking`](Self::tracking) decoder recorded so far.
    pub fn offsets(&self) -> Option<&ByteOffsets> {
        self.tracking.as_ref().map(|(_, o)| o)
    }

    /// The recorded offsets, to drop what is no longer wanted.
    pub fn offsets_mut(&mut self) -> Option<&mut ByteOffsets> {
        self.tracking.as_mut().map(|(_, o)| o)
    }

    /// [`decode`](Self::decode) for a [`tracking`](Self::tracking) decoder whose offsets are
    /// kept elsewhere (where the text goes, which has to look them up while it takes it).
    pub(crate) fn decode_into_map(&mut self, bytes: &[u8], last: bool, offsets: &mut ByteOffsets) -> &str {
        self.out.clear();
        match &mut self.tracking {
            Some((tracker, _)) => {
                tracker.decode(&mut self.decoder, bytes, last, &mut self.out, offsets);
                &self.out
            }
            None => self.decode(bytes, last),
        }
    }

    /// Decode the next chunk; `last` for the end of the input (an incomplete sequence then
    /// becomes U+FFFD). The returned text is valid until the next call.
    pub fn decode(&mut self, bytes: &[u8], last: bool) -> &str {
        self.out.clear();
        if let Some((tracker, offsets)) = &mut self.tracking {
            tracker.decode(&mut self.decoder, bytes, last, &mut self.out, offsets);
            return &self.out;
        }
        // Pieces bound the worst-case output size a reservation has to cover.
        const PIECE: usize = 1 << 16;
        let mut pieces = bytes.chunks(PIECE).peekable();
        if bytes.is_empty() {
            offsets::decode_into(&mut self.decoder, &[], last, &mut self.out);
        }
        while let Some(piece) = pieces.next() {
            let is_last = last && pieces.peek().is_none();
            offsets::decode_into(&mut self.decoder, piece, is_last, &mut self.out);
        }
        &self.out
    }

    /// The encoding in use (the BOM's, once a BOM has been seen).
    pub fn encoding(&self) -> &'static Encoding {
        self.decoder.encoding()
    }
}
