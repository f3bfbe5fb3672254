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
//! let dom = statemark::html::parse_bytes(page, &EncodingOptions::default(), Default::default()).dom;
//! assert!(dom.to_test_format().contains("\"日本\""));
//! ```

mod offsets;
mod parse;
mod plausible;
mod prescan;
mod reader;

pub use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
pub use offsets::ByteOffsets;
pub use parse::{ByteParser, Decoded, ParsedBytes, build_document_from_bytes, sniff_document};
#[allow(deprecated)]
pub use parse::{parse_document_from_bytes, parse_document_from_reader, parse_xml5_from_bytes, parse_xml5_from_reader};
pub use parse::{parse_html_bytes, parse_html_reader, parse_xml5_bytes, parse_xml5_reader};
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
    ///
    /// Where the bytes are overwhelmingly ASCII Latin text (an English page with a few curly
    /// quotes, dashes and no-break spaces, which are valid two-byte codes in several East Asian
    /// encodings), chardetng's statistics have too little to go on, and its guess gets a second
    /// opinion: each run of non-ASCII characters is read in every encoding detection may return
    /// ([`detectable_encodings`]), and the encoding that reads the fewest of them as something
    /// Latin text never has (a lone Han character glued to a Latin word, a C1 control, `¡°`
    /// where a quote goes) is the pick, chardetng's among equals.
    ///
    /// How well it does (the `encoding_detection` test, the bench corpus's pages re-encoded
    /// into nine encodings, labels removed): UTF-8 always; the true encoding on 94.4% of the
    /// pages whose true encoding is distinguishable (no other detectable encoding decodes them
    /// to the same text), on 86.1% of all pages with non-ASCII bytes (most of the others are
    /// ISO-8859-2 pages that windows-1252 decodes to the same text), 98.3% given the
    /// [`tld`](Self::tld); the pick decodes 99.3% of all pages to the right text.
    pub detect: bool,
    /// With [`detect`](Self::detect) off, step 8 restricted to what the spec singles out as
    /// effective: a document whose bytes are all valid UTF-8 and not all ASCII is UTF-8
    /// (tentative). The whole-input entry points look at all the bytes; the streaming ones at
    /// the first [`prescan_bytes`](Self::prescan_bytes).
    pub detect_utf8: bool,
    /// The top-level domain the document was loaded from, a hint for step 8's detection
    /// (the one Firefox gives it): with few non-ASCII bytes to go on, `.jp` favours the
    /// Japanese encodings, `.kr` EUC-KR, `.ru` the Cyrillic ones. `None` (the default) is a
    /// generic domain such as `.com`. See [`TopLevelDomain::of_url`].
    pub tld: Option<TopLevelDomain>,
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
            tld: None,
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

/// The rightmost label of the host name a document was loaded from, in lower case: the hint
/// step 8's detection takes ([`EncodingOptions::tld`]). An internationalized one is taken in
/// its Punycode form (`xn--p1ai`), as it appears in a URL.
///
/// ```
/// use statemark::encoding::{EncodingOptions, TopLevelDomain, sniff};
///
/// let tld = TopLevelDomain::of_url("https://user@www.Example.KR:8080/page?q#f").unwrap();
/// assert_eq!(tld.as_str(), "kr");
/// assert_eq!(TopLevelDomain::of_host("example.co.jp.").unwrap().as_str(), "jp");
/// assert!(TopLevelDomain::of_url("http://127.0.0.1/").is_none() && TopLevelDomain::of_url("file:///x").is_none());
///
/// // Two curly quotes in EUC-KR: as many encodings' bytes. The domain settles it.
/// let page = b"<p>\xA1\xB0Hello\xA1\xB1";
/// let kr = EncodingOptions { tld: TopLevelDomain::of_host("example.kr"), ..Default::default() };
/// assert_eq!(sniff(page, &kr).encoding.name(), "EUC-KR");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TopLevelDomain {
    /// A DNS label is at most 63 bytes.
    label: [u8; 63],
    len: u8,
}

impl TopLevelDomain {
    /// The top-level domain of a host name (`www.example.co.jp`, a trailing dot allowed); `None`
    /// for an IP address, or a label that is empty, too long, or has other than ASCII letters,
    /// digits and hyphens.
    pub fn of_host(host: &str) -> Option<TopLevelDomain> {
        let host = host.strip_suffix('.').unwrap_or(host);
        let last = host.rsplit('.').next()?.as_bytes();
        let valid = |b: &u8| b.is_ascii_alphanumeric() || *b == b'-';
        // An all-digit label is an IPv4 address's last byte, not a domain.
        if last.is_empty() || last.len() > 63 || !last.iter().all(valid) || last.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut label = [0; 63];
        label[..last.len()].copy_from_slice(last);
        label.make_ascii_lowercase();
        Some(TopLevelDomain { label, len: last.len() as u8 })
    }

    /// The top-level domain of a URL's host (`scheme://user@host:port/path`); `None` when it
    /// has no host name ([`of_host`](Self::of_host)).
    pub fn of_url(url: &str) -> Option<TopLevelDomain> {
        let (_, rest) = url.split_once("://")?;
        let authority = rest.split(['/', '?', '#']).next()?;
        let host = authority.rsplit('@').next()?;
        // An IPv6 literal (`[::1]`) has no domain; otherwise the port goes.
        if host.starts_with('[') {
            return None;
        }
        TopLevelDomain::of_host(host.split(':').next()?)
    }

    /// The label, in lower case.
    pub fn as_str(&self) -> &str {
        // Only ASCII letters, digits and hyphens are ever stored.
        std::str::from_utf8(&self.label[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::fmt::Debug for TopLevelDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TopLevelDomain({:?})", self.as_str())
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
/// // Unlabelled bytes: step 8's frequency analysis.
/// assert_eq!(sniff("<p>Café".as_bytes(), &EncodingOptions::default()).encoding.name(), "UTF-8");
/// let koi8 = b"<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2! \xfc\xd4\xcf \xd4\xc5\xd3\xd4.";
/// assert_eq!(sniff(koi8, &EncodingOptions::default()).encoding.name(), "KOI8-R");
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
        return guessed(detector.guess(options, bytes));
    }
    if options.detect_utf8 && !bytes.is_ascii() && std::str::from_utf8(bytes).is_ok() {
        return guessed(UTF_8);
    }
    // Step 9.
    guessed(options.default)
}

/// The encodings step 8's detection ([`EncodingOptions::detect`]) may return, roughly in order
/// of how common each is on the web: `chardetng`'s candidates (UTF-8, the legacy encodings of
/// Firefox's menu) and KOI8-R. All-ASCII bytes get [`EncodingOptions::default`] instead.
///
/// ```
/// use statemark::encoding::{Encoding, EncodingOptions, detectable_encodings, sniff};
///
/// let koi8_r = Encoding::for_label(b"koi8-r").unwrap();
/// let page = koi8_r.encode("<p>Привет, мир! Это тест.").0;
/// assert_eq!(sniff(&page, &EncodingOptions::default()).encoding, koi8_r);
/// assert!(detectable_encodings().contains(&koi8_r));
/// ```
pub fn detectable_encodings() -> [&'static Encoding; 27] {
    plausible::detectable()
}

/// Step 8's frequency analysis over bytes fed in order (`chardetng`, Firefox's detector):
/// linear in the bytes, and a constant amount of memory.
pub(crate) struct Detector {
    inner: chardetng::EncodingDetector,
    /// Whether any byte so far was not ASCII: all-ASCII bytes get step 9's default.
    non_ascii: bool,
    /// Whether any byte so far is one that KOI8-U and KOI8-R decode differently.
    koi8_u_only: bool,
}

impl Default for Detector {
    fn default() -> Self {
        Detector { inner: chardetng::EncodingDetector::new(), non_ascii: false, koi8_u_only: false }
    }
}

/// The bytes KOI8-U decodes as Ukrainian and Belarusian letters (`є і ї ґ ў` and their
/// capitals) and KOI8-R as box-drawing characters; the other 248 decode alike.
const KOI8_U_ONLY: [u8; 10] = [0xA4, 0xA6, 0xA7, 0xAD, 0xAE, 0xB4, 0xB6, 0xB7, 0xBD, 0xBE];

impl Detector {
    /// Look at the next bytes.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        // `last` is never passed: a sequence cut off at the end still counts as what it began.
        self.non_ascii |= self.inner.feed(bytes, false);
        if self.non_ascii && !self.koi8_u_only {
            self.koi8_u_only = bytes.iter().any(|b| KOI8_U_ONLY.contains(b));
        }
    }

    /// The guess over the bytes so far (`bytes`: all of them, as fed); `options.default` when
    /// they are all ASCII. UTF-8 is allowed: the spec singles it out as highly detectable. The
    /// top-level domain is `options.tld` (generic when there is none). Then chardetng's
    /// guess gets a second opinion where the bytes are overwhelmingly ASCII Latin text
    /// (`plausible.rs`): a few punctuation marks give its statistics too little to go on.
    ///
    /// chardetng's one Cyrillic KOI8 candidate is KOI8-U; where the bytes avoid the ones KOI8-U
    /// decodes differently, both give the same text, and the guess is KOI8-R, the far more
    /// common of the two (Ukrainian text without those letters is rare: `і` is among its
    /// most frequent).
    pub(crate) fn guess(&self, options: &EncodingOptions, bytes: &[u8]) -> &'static Encoding {
        if !self.non_ascii {
            return options.default;
        }
        let tld = options.tld.as_ref().map(|t| t.as_str().as_bytes());
        let guess = match self.inner.guess(tld, true) {
            e if e == encoding_rs::KOI8_U && !self.koi8_u_only => encoding_rs::KOI8_R,
            e => e,
        };
        plausible::second_opinion(bytes, guess)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn koi8_u_only_is_where_koi8_u_and_koi8_r_differ() {
        let differ: Vec<u8> = (0x80..=0xFF)
            .filter(|&b: &u8| {
                encoding_rs::KOI8_U.decode_without_bom_handling(&[b]).0
                    != encoding_rs::KOI8_R.decode_without_bom_handling(&[b]).0
            })
            .collect();
        assert_eq!(differ, KOI8_U_ONLY);
    }

    #[test]
    fn koi8_guesses_name_koi8_r_unless_the_text_needs_koi8_u() {
        // "Привет, мир! Это тест." in KOI8-R, and Ukrainian "Привіт, світ! Це її тест." in KOI8-U.
        let russian = b"<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2! \xfc\xd4\xcf \xd4\xc5\xd3\xd4.";
        assert_eq!(sniff(russian, &EncodingOptions::default()).encoding, encoding_rs::KOI8_R);
        let ukrainian = encoding_rs::KOI8_U.encode("<p>Привіт, світ! Це її тест, і він довгий.").0;
        assert_eq!(sniff(&ukrainian, &EncodingOptions::default()).encoding, encoding_rs::KOI8_U);
    }

    #[test]
    fn top_level_domains() {
        let tld = |url| TopLevelDomain::of_url(url).map(|t| t.as_str().to_owned());
        assert_eq!(tld("http://EXAMPLE.RU"), Some("ru".into()));
        assert_eq!(tld("https://xn--e1afmkfd.xn--p1ai/"), Some("xn--p1ai".into()));
        assert_eq!(tld("https://a.b.c.tw:443"), Some("tw".into()));
        for none in ["http://[::1]:80/", "no scheme", "http:///path", "http://bad_label/", "http://1.2.3.4"] {
            assert_eq!(tld(none), None, "{none}");
        }
        assert!(TopLevelDomain::of_host(&"a".repeat(64)).is_none());
        assert!(TopLevelDomain::of_host("ü").is_none());
        assert_eq!(format!("{:?}", TopLevelDomain::of_host("x.JP").unwrap()), "TopLevelDomain(\"jp\")");
    }
}
