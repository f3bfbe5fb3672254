//! Parsing documents from bytes: sniff, decode (whole or chunk by chunk), build the tree, and
//! start over when a `<meta>` changes a tentative encoding (spec:
//! #changing-the-encoding-while-parsing, step 6: "the bytes should be re-parsed from memory").

use super::{
    ByteOffsets, Confidence, EncodingOptions, StreamDecoder, decode, prescan::extract_from_content, prescan::is_utf16,
};
use super::{Detector, sniff_step, sniff_xml};
use crate::dom::{AttrRef, Attrs, Dom, Namespace, QualNameRef, QuirksMode};
use crate::html::tokenizer::{Options, Tokenizer};
use crate::html::tree::{HtmlError, KnownName, Location, TreeBuilder, TreeOptions, TreeSink};
use crate::position::LineCounter;
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252, X_USER_DEFINED};
use std::borrow::Cow;
use std::io::Read;

/// A tree parsed from bytes, with the encoding it was decoded with and the confidence in it at
/// the end of parsing.
#[derive(Debug)]
pub struct Decoded<T> {
    /// What was built (a `Dom`, your sink, or for XML5 an `xml5::Parsed`).
    pub tree: T,
    /// The encoding the bytes were decoded with in the end.
    pub encoding: &'static Encoding,
    /// Certain if a BOM, the transport layer or a `<meta>` decided; tentative if the guess stood.
    pub confidence: Confidence,
}

/// A [`TreeSink`] around the user's that watches the `meta` elements the tree builder inserts
/// (spec: #parsing-main-inhead, "A start tag whose tag name is "meta"", the steps for an
/// inactive speculative parser): every HTML `meta` element is created by that rule, so
/// watching creations is watching the rule.
struct MetaWatch<S> {
    inner: S,
    current: &'static Encoding,
    tentative: bool,
    /// The encoding to start over with.
    change: Option<&'static Encoding>,
    /// Where the text's offsets are in the bytes, when they differ and someone asks: source
    /// spans reach the inner sink as offsets into the bytes (issue 22, item 4).
    offsets: Option<ByteOffsets>,
}

impl<S> MetaWatch<S> {
    fn new(inner: S, current: &'static Encoding, confidence: Confidence) -> Self {
        MetaWatch { inner, current, tentative: confidence == Confidence::Tentative, change: None, offsets: None }
    }

    fn confidence(&self) -> Confidence {
        if self.tentative { Confidence::Tentative } else { Confidence::Certain }
    }

    fn created(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) {
        if !self.tentative || *name.ns != Namespace::Html || name.local != "meta" {
            return;
        }
        let get = |n: &str| attrs.iter().find(|a| *a.name.ns == Namespace::None && a.name.local == n).map(|a| a.value);
        // Step 1: a charset attribute naming an encoding.
        let new = match get("charset").and_then(|v| Encoding::for_label(v.as_bytes())) {
            Some(e) => e,
            // Step 2: http-equiv="Content-Type" with a content attribute naming one.
            None if get("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-type")) => {
                match get("content").and_then(|c| extract_from_content(c.as_bytes())) {
                    Some(e) => e,
                    None => return,
                }
            }
            None => return,
        };
        self.change_the_encoding(new);
    }

    /// Change the encoding (spec: #changing-the-encoding-while-parsing). Step 5 (switching
    /// decoders on the fly) is optional and not taken: step 6 re-parses from memory.
    fn change_the_encoding(&mut self, mut new: &'static Encoding) {
        self.tentative = false;
        // Step 1.
        if is_utf16(self.current) {
            return;
        }
        // Steps 2-3.
        if is_utf16(new) {
            new = UTF_8;
        }
        if new == X_USER_DEFINED {
            new = WINDOWS_1252;
        }
        // Step 4.
        if new == self.current {
            return;
        }
        // Step 6.
        self.change = Some(new);
    }
}

impl<S: TreeSink> TreeSink for MetaWatch<S> {
    type Handle = S::Handle;
    fn document(&mut self) -> S::Handle {
        self.inner.document()
    }
    fn create_element(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) -> S::Handle {
        self.created(name, attrs);
        self.inner.create_element(name, attrs)
    }
    fn create_known_element(&mut self, known: KnownName, name: QualNameRef<'_>, attrs: Attrs<'_>) -> S::Handle {
        self.created(name, attrs);
        self.inner.create_known_element(known, name, attrs)
    }
    fn create_comment(&mut self, data: &str) -> S::Handle {
        self.inner.create_comment(data)
    }
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> S::Handle {
        self.inner.create_processing_instruction(target, data)
    }
    fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> S::Handle {
        self.inner.create_doctype(name, public_id, system_id)
    }
    fn create_document_fragment(&mut self) -> S::Handle {
        self.inner.create_document_fragment()
    }
    fn insert(&mut self, at: &Location<S::Handle>, node: S::Handle) {
        self.inner.insert(at, node)
    }
    fn insert_text(&mut self, at: &Location<S::Handle>, text: &str) {
        self.inner.insert_text(at, text)
    }
    fn keeps_attributes(&self) -> bool {
        self.inner.keeps_attributes()
    }
    fn element_attributes(&self, element: &S::Handle) -> Vec<AttrRef<'_>> {
        self.inner.element_attributes(element)
    }
    fn parent(&self, node: &S::Handle) -> Option<S::Handle> {
        self.inner.parent(node)
    }
    fn remove(&mut self, node: &S::Handle) {
        self.inner.remove(node)
    }
    fn move_children(&mut self, from: &S::Handle, to: &S::Handle) {
        self.inner.move_children(from, to)
    }
    fn template_contents(&mut self, template: &S::Handle) -> S::Handle {
        self.inner.template_contents(template)
    }
    fn add_attributes_if_missing(&mut self, element: &S::Handle, attrs: Attrs<'_>) {
        self.inner.add_attributes_if_missing(element, attrs)
    }
    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.inner.set_quirks_mode(mode)
    }
    fn has_element_child(&self, node: &S::Handle) -> bool {
        self.inner.has_element_child(node)
    }
    // Source spans reach the user's sink through the watch too (they were lost before).
    fn wants_source_spans(&self) -> bool {
        self.inner.wants_source_spans()
    }
    fn source_span(&mut self, span: crate::Span) {
        let span = self.offsets.as_ref().map_or(span, |o| o.span(span));
        self.inner.source_span(span)
    }
    fn set_scripting_mode(&mut self, mode: crate::html::tree::ScriptingMode) {
        self.inner.set_scripting_mode(mode)
    }
    fn script_created(&mut self, script: &S::Handle, flags: crate::html::tree::ScriptFlags) {
        self.inner.script_created(script, flags)
    }
    fn clone_children_into(&mut self, from: &S::Handle, into: &S::Handle) {
        self.inner.clone_children_into(from, into)
    }
    fn first_child(&self, node: &S::Handle) -> Option<S::Handle> {
        self.inner.first_child(node)
    }
    fn next_sibling(&self, node: &S::Handle) -> Option<S::Handle> {
        self.inner.next_sibling(node)
    }
    fn processing_instruction(&self, node: &S::Handle) -> Option<(&str, &str)> {
        self.inner.processing_instruction(node)
    }
}

/// A document parsed from bytes: what [`Parsed`](crate::Parsed) holds for text (the tree and
/// the parse errors), plus the encoding the bytes were decoded with and the confidence in it
/// at the end of parsing. What [`html::parse_bytes`](crate::html::parse_bytes) and
/// [`xml5::parse_bytes`](crate::xml5::parse_bytes) return.
#[derive(Debug)]
pub struct ParsedBytes<E> {
    /// The document.
    pub dom: Dom,
    /// The parse errors, in input order. Offsets count the bytes as passed, in every encoding
    /// (an error points at the bytes of its character); lines and columns count the decoded
    /// text.
    pub errors: Vec<E>,
    /// The encoding the bytes were decoded with in the end.
    pub encoding: &'static Encoding,
    /// Certain if a BOM, the transport layer or a `<meta>` decided; tentative if a guess stood.
    pub confidence: Confidence,
}

impl<E> From<ParsedBytes<E>> for crate::Parsed<E> {
    fn from(p: ParsedBytes<E>) -> Self {
        crate::Parsed { dom: p.dom, errors: p.errors }
    }
}

/// Parse a document from bytes (spec: #parsing, with #encoding-sniffing-algorithm), collecting
/// every parse error as [`html::parse_with_errors`](crate::html::parse_with_errors) does for
/// text: sniff the encoding, decode, build the tree; if a `<meta>` names another encoding while
/// the confidence is tentative, parse again from the start in that encoding (certain).
///
/// ```
/// use statemark::encoding::{Confidence, EncodingOptions};
/// use statemark::html::{TreeOptions, parse_bytes};
///
/// // KOI8-R bytes, declared after the first 1024 bytes: found by the tree builder.
/// let mut page = b"<!doctype html><title>".to_vec();
/// page.extend(std::iter::repeat_n(b' ', 1100));
/// page.extend(b"</title><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4</div>");
/// let parsed = parse_bytes(&page, &EncodingOptions::default(), TreeOptions::default());
/// assert_eq!((parsed.encoding.name(), parsed.confidence), ("KOI8-R", Confidence::Certain));
/// assert!(parsed.dom.to_test_format().contains("\"Привет\""));
/// assert_eq!(parsed.errors.len(), 1); // the stray </div>
///
/// // Every error is at the offset of its bytes in `bytes`, in any encoding (line and column
/// // count the decoded text's lines and UTF-16 code units, as `parse_with_errors` does). In
/// // windows-1252 "é" is one byte: the stray `</div>` starts at byte 8 (at 9 in UTF-8).
/// let bytes = b"<p>caf\xE9 </div>";
/// let parsed = parse_bytes(bytes, &EncodingOptions::default(), TreeOptions::default());
/// assert_eq!(parsed.encoding.name(), "windows-1252");
/// let stray = parsed.errors.iter().find(|e| e.code.to_string() == "end-tag-without-open-element").unwrap();
/// assert_eq!(stray.position.offset, 8);
/// assert_eq!(&bytes[8..14], b"</div>");
/// ```
pub fn parse_html_bytes(bytes: &[u8], options: &EncodingOptions, tree: TreeOptions) -> ParsedBytes<HtmlError> {
    let (decoded, errors) = from_bytes(bytes, options, tree, Dom::new, true);
    ParsedBytes { dom: decoded.tree, errors, encoding: decoded.encoding, confidence: decoded.confidence }
}

/// Parse a document from bytes into a [`Dom`], without collecting errors.
#[deprecated(
    since = "0.1.0",
    note = "use `html::parse_bytes`, which returns the `Parsed` fields (`dom`, `errors`) with the encoding"
)]
pub fn parse_document_from_bytes(bytes: &[u8], options: &EncodingOptions) -> Decoded<Dom> {
    build_document_from_bytes(bytes, options, TreeOptions::default(), Dom::new)
}

/// Parse a document from bytes into your own [`TreeSink`]s (see
/// [`html::parse_bytes`](crate::html::parse_bytes)): `new_sink` is called once, or twice when
/// the document has to be parsed again in another encoding. Source spans reach the sink as
/// offsets into `bytes`, whatever the encoding.
pub fn build_document_from_bytes<S: TreeSink>(
    bytes: &[u8],
    options: &EncodingOptions,
    tree: TreeOptions,
    new_sink: impl FnMut() -> S,
) -> Decoded<S> {
    from_bytes(bytes, options, tree, new_sink, false).0
}

/// The encoding [`html::parse_bytes`](crate::html::parse_bytes) decodes `bytes` with in the
/// end, and how sure it is, without keeping a tree: [`sniff`](super::sniff), then the change a
/// `meta` element the tree builder processes makes to a tentative encoding (spec:
/// #changing-the-encoding-while-parsing). The document is parsed only as far as it takes: the
/// first `meta` naming an encoding makes the confidence certain (in the first kilobyte, on
/// most pages), and nothing after it changes the answer. Nothing is parsed when sniffing is
/// certain (a BOM, the transport layer) or when no `meta` start tag can be in the input.
/// Cost: time O(n) at worst (a page whose `meta`s name no encoding: one parse, as
/// [`build_document_from_bytes`] makes); memory the decoded text plus the tree up to where it
/// stops, within [`html::parse_bytes`](crate::html::parse_bytes)'s bound; stack O(1) (the
/// tokenizer and tree builder loop, no recursion). Worst-case search: `encoding/sniff-document`.
///
/// ```
/// use statemark::encoding::{Confidence, EncodingOptions, sniff_document};
///
/// // A `<meta>` past the prescan's 1024 bytes: the tree builder finds it.
/// let late = [&b"<p>"[..], &[b'x'; 1100], b"<meta charset=koi8-r><p>\xF0"].concat();
/// let s = sniff_document(&late, &EncodingOptions::default());
/// assert_eq!((s.encoding.name(), s.confidence), ("KOI8-R", Confidence::Certain));
/// // A `<meta>` naming the encoding already in use makes it certain.
/// let s = sniff_document(b"<meta charset=utf-8><p>caf\xC3\xA9", &EncodingOptions::default());
/// assert_eq!((s.encoding.name(), s.confidence), ("UTF-8", Confidence::Certain));
/// ```
pub fn sniff_document(bytes: &[u8], options: &EncodingOptions) -> super::Sniffed {
    let sniffed = sniff_step(bytes, options).0;
    if sniffed.confidence == Confidence::Certain || !may_hold_meta(bytes) {
        return sniffed;
    }
    let (text, encoding) = decode(bytes, sniffed.encoding);
    let watch = MetaWatch::new(Dom::new(), encoding, Confidence::Tentative);
    let mut tokenizer = Tokenizer::streaming(Options::default(), TreeBuilder::new(watch, TreeOptions::default()));
    // Chunks of about 4 KiB, cut on character boundaries: the tokens (and so the tree) are
    // those of the whole text whatever the split.
    const CHUNK: usize = 4096;
    let mut rest: &str = &text;
    while tokenizer.sink().sink().tentative && !rest.is_empty() {
        let mut end = rest.len().min(CHUNK);
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        tokenizer.feed(&rest[..end]);
        rest = &rest[end..];
    }
    if tokenizer.sink().sink().tentative {
        tokenizer.finish();
    }
    let watch = tokenizer.sink().sink();
    match watch.change {
        Some(new) => super::Sniffed { encoding: new, confidence: Confidence::Certain },
        None => super::Sniffed { encoding, confidence: watch.confidence() },
    }
}

/// Whether a `meta` start tag can be in the text `bytes` decode to, in an encoding sniffing
/// leaves tentative. Each of those reads the bytes `<meta` (any case) as ASCII and makes
/// `<meta` of nothing else: UTF-16 comes only from a BOM or the transport layer, both certain;
/// the prescan turns a UTF-16 label into UTF-8; ISO-2022-JP's ASCII and Roman states read them
/// as ASCII, and its other states read `<` as part of another character.
fn may_hold_meta(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'<', bytes).any(|i| bytes.get(i + 1..i + 5).is_some_and(|w| w.eq_ignore_ascii_case(b"meta")))
}

/// The whole-bytes parse: sniff, decode (recording offsets when the errors or the sink's
/// source spans need them and the text's offsets differ from the bytes'), build, and once
/// more if a `<meta>` changes a tentative encoding.
fn from_bytes<S: TreeSink>(
    bytes: &[u8],
    options: &EncodingOptions,
    tree: TreeOptions,
    mut new_sink: impl FnMut() -> S,
    errors: bool,
) -> (Decoded<S>, Vec<HtmlError>) {
    let sniffed = sniff_step(bytes, options).0;
    let (watch, encoding, found) = parse_bytes(bytes, sniffed.encoding, sniffed.confidence, tree, new_sink(), errors);
    match watch.change {
        // Tentative (there was no BOM): start over, certain.
        Some(new) if sniffed.confidence == Confidence::Tentative => {
            let (watch, encoding, found) = parse_bytes(bytes, new, Confidence::Certain, tree, new_sink(), errors);
            (Decoded { tree: watch.inner, encoding, confidence: Confidence::Certain }, found)
        }
        _ => (Decoded { confidence: watch.confidence(), tree: watch.inner, encoding }, found),
    }
}

/// `bytes` decoded for a whole-bytes parse: the text (a UTF-8 BOM put back, as
/// [`with_utf8_bom`] does), the encoding, whether to skip a BOM, and, when `track` asks for them
/// and the text is not the bytes themselves (valid UTF-8 is its own map), the offsets of the
/// text in the bytes. One decoding pass either way.
fn decode_tracked<'b>(
    bytes: &'b [u8],
    encoding: &'static Encoding,
    track: bool,
) -> (Cow<'b, str>, &'static Encoding, bool, Option<ByteOffsets>) {
    let (text, encoding) = decode(bytes, encoding);
    let (text, bom) = with_utf8_bom(bytes, text);
    if !track || (encoding == UTF_8 && matches!(text, Cow::Borrowed(_))) {
        return (text, encoding, bom, None);
    }
    let mut decoder = StreamDecoder::tracking(encoding);
    let decoded = decoder.decode(bytes, true).to_owned();
    // The offsets count a UTF-8 BOM put back.
    let bom = bytes.starts_with(UTF8_BOM) && decoder.encoding() == UTF_8;
    let text = Cow::Owned(if bom { format!("\u{FEFF}{decoded}") } else { decoded });
    (text, encoding, bom, decoder.offsets().cloned())
}

/// One parse of `bytes` in `encoding`, with the errors (offsets into `bytes`) if asked for.
fn parse_bytes<S: TreeSink>(
    bytes: &[u8],
    encoding: &'static Encoding,
    confidence: Confidence,
    tree: TreeOptions,
    sink: S,
    errors: bool,
) -> (MetaWatch<S>, &'static Encoding, Vec<HtmlError>) {
    let track = errors || sink.wants_source_spans();
    let (text, encoding, bom, offsets) = decode_tracked(bytes, encoding, track);
    let mut watch = MetaWatch::new(sink, encoding, confidence);
    watch.offsets = offsets;
    let mut builder = TreeBuilder::new(watch, tree);
    if errors {
        builder = builder.with_errors();
    }
    let mut tok = Tokenizer::with_sink(&text, Options::default(), builder);
    if bom {
        tok = tok.after_bom();
    }
    tok.run();
    let mut builder = tok.into_sink();
    let mut found = Vec::new();
    if errors {
        builder.resolve_positions(&text);
        found = builder.take_errors();
        if let Some(map) = &builder.sink().offsets {
            for e in &mut found {
                e.position.offset = map.byte_offset(e.position.offset);
            }
        }
    }
    (builder.into_sink(), encoding, found)
}
/// The UTF-8 byte order mark.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text to tokenize for `bytes` decoded as `text`, and whether it starts with a BOM to
/// skip: a UTF-8 BOM the bytes had (which decoding removed) is put back in front, so that
/// offsets (spans, errors, source spans) count the bytes as passed, exactly so for valid
/// UTF-8 (issue 22: one coordinate system). A UTF-16 BOM is not: other encodings' offsets
/// go through a [`ByteOffsets`] where they are handed out.
fn with_utf8_bom<'b>(bytes: &'b [u8], text: Cow<'b, str>) -> (Cow<'b, str>, bool) {
    if !bytes.starts_with(UTF8_BOM) {
        return (text, false);
    }
    let whole = match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(format!("\u{FEFF}{text}")),
    };
    (whole, true)
}

/// The parse under way: the tokenizer with the tree builder, and the decoder feeding it.
struct Running<S: TreeSink> {
    tokenizer: Tokenizer<'static, TreeBuilder<MetaWatch<S>>>,
    decoder: StreamDecoder,
    /// The errors, when collected ([`ByteParser::with_errors`]).
    errors: Option<StreamErrors>,
}

/// Parse errors collected as the text streams by, each given its line and column and its
/// offset into the bytes as soon as it is reported, so that the text and the offsets before
/// the earliest error still to come can go: memory stays bounded by the longest token (which
/// the tokenizer holds anyway), not by the input.
struct StreamErrors {
    found: Vec<HtmlError>,
    /// The decoded text from offset `base` on.
    text: String,
    base: usize,
    /// Lines and columns counted up to some offset at or after `base`.
    lines: LineCounter,
}

impl<S: TreeSink> Running<S> {
    fn watch(&self) -> &MetaWatch<S> {
        self.tokenizer.sink().sink()
    }

    /// Decode a chunk (recording its offsets where the watch keeps them) and tokenize it.
    fn feed(&mut self, chunk: &[u8], last: bool) {
        let Running { tokenizer, decoder, errors } = self;
        let text = match tokenizer.sink_mut().sink_mut().offsets.as_mut() {
            Some(map) => decoder.decode_into_map(chunk, last, map),
            None => decoder.decode(chunk, last),
        };
        if let Some(errors) = errors {
            errors.text.push_str(text);
        }
        tokenizer.feed(text);
        self.collect_errors();
    }

    /// Take the errors reported so far: tree-construction errors get their line and column
    /// (as `TreeBuilder::resolve_positions` gives them over the whole text), every error its
    /// offset into the bytes; then drop what no error to come can be at.
    fn collect_errors(&mut self) {
        let Some(errors) = &mut self.errors else { return };
        let builder = self.tokenizer.sink_mut();
        let mut new = builder.take_errors();
        new.sort_by_key(|e| e.position.offset);
        let from = builder.errors_from();
        let watch = builder.sink_mut();
        for mut e in new {
            if e.position.line == 0 {
                errors.lines.advance(errors.text.as_bytes(), errors.base, e.position.offset);
                e.position = crate::Position { offset: e.position.offset, ..errors.lines.at };
            }
            if let Some(map) = &watch.offsets {
                e.position.offset = map.byte_offset(e.position.offset);
            }
            errors.found.push(e);
        }
        if from > errors.lines.at.offset {
            errors.lines.advance(errors.text.as_bytes(), errors.base, from);
        }
        let drop = errors.lines.at.offset.saturating_sub(errors.base).min(errors.text.len());
        // Whole characters only: the counter stops at character boundaries (token starts).
        if drop > 0 && errors.text.is_char_boundary(drop) {
            errors.text.drain(..drop);
            errors.base += drop;
            if !watch.inner.wants_source_spans()
                && let Some(map) = &mut watch.offsets
            {
                map.forget_before(errors.base);
            }
        }
    }
}

/// A document parser for bytes that arrive in chunks ([`feed`](Self::feed), then
/// [`finish`](Self::finish)). It waits for [`EncodingOptions::prescan_bytes`] bytes (or the
/// end) to sniff the encoding, then decodes each chunk into the chunked tokenizer (a character
/// split across chunks is put together inside). While the confidence is tentative it keeps the
/// bytes, so that a late `<meta>` naming another encoding can start the parse over; once
/// certain it keeps none. When the first bytes left the encoding to detection
/// ([`EncodingOptions::detect`]), the detector goes on looking at every chunk while the
/// confidence is tentative, and at the end, if its guess over all the bytes differs from the
/// first one, the parse starts over once in the new guess: the tree is then the one
/// [`html::parse_bytes`](crate::html::parse_bytes) builds from the same bytes.
///
/// ```
/// use statemark::dom::Dom;
/// use statemark::encoding::{ByteParser, EncodingOptions};
/// use statemark::html::TreeOptions;
///
/// let mut parser = ByteParser::new(EncodingOptions::default(), TreeOptions::default(), Dom::new);
/// for chunk in [&b"<meta charset=utf-8><p>caf\xC3"[..], b"\xA9"] {
///     parser.feed(chunk);
/// }
/// let parsed = parser.finish();
/// assert!(parsed.tree.to_test_format().contains("\"café\""));
/// ```
pub struct ByteParser<S: TreeSink, F: FnMut() -> S> {
    options: EncodingOptions,
    tree: TreeOptions,
    new_sink: F,
    /// Bytes so far: all of them before parsing starts, then as long as the confidence is tentative.
    kept: Vec<u8>,
    running: Option<Running<S>>,
    /// Step 8 going on over the chunks, while the encoding is a tentative guess of it.
    detector: Option<Detector>,
    /// Whether parse errors are collected ([`with_errors`](Self::with_errors)).
    errors: bool,
    /// How many of `kept` the detector has looked at: it is fed in batches of at least
    /// [`DETECT_BATCH`] bytes, since each call costs the same fixed work (every candidate
    /// encoding sets up a decoder), whatever the chunk's size.
    detected: usize,
    /// How many times the detector was fed (what the batching test counts).
    #[cfg(test)]
    detector_feeds: usize,
}

/// The fewest bytes handed to the detector at once (but at the end): one-byte chunks would
/// otherwise cost that fixed work per byte. The detector reads chunked bytes as it reads
/// them whole (chardetng: "It does not matter how the application chooses to chunk the
/// stream"), and the bytes are kept anyway while the confidence is tentative.
const DETECT_BATCH: usize = 4096;

impl<S: TreeSink, F: FnMut() -> S> ByteParser<S, F> {
    /// A parser building into the sinks `new_sink` makes (a second one if the parse starts over).
    pub fn new(options: EncodingOptions, tree: TreeOptions, new_sink: F) -> Self {
        ByteParser {
            options,
            tree,
            new_sink,
            kept: Vec::new(),
            running: None,
            detector: None,
            errors: false,
            detected: 0,
            #[cfg(test)]
            detector_feeds: 0,
        }
    }

    /// Collect every parse error, as [`html::parse_bytes`](crate::html::parse_bytes) does:
    /// offsets into the bytes, lines and columns of the decoded text; take them with
    /// [`finish_with_errors`](Self::finish_with_errors). Memory stays bounded: each error is
    /// placed as it is reported.
    pub fn with_errors(mut self) -> Self {
        self.errors = true;
        self
    }

    /// Add a chunk of bytes and parse as far as it allows.
    pub fn feed(&mut self, chunk: &[u8]) {
        match &mut self.running {
            None => {
                self.kept.extend_from_slice(chunk);
                // Step 3 of the sniffing algorithm: wait for the bytes the prescan looks at
                // (at least a BOM's worth).
                if self.kept.len() >= self.options.prescan_bytes.max(3) {
                    self.start();
                }
            }
            Some(run) => {
                if run.watch().tentative {
                    self.kept.extend_from_slice(chunk);
                    if let Some(d) = &mut self.detector
                        && self.kept.len() - self.detected >= DETECT_BATCH
                    {
                        d.feed(&self.kept[self.detected..]);
                        self.detected = self.kept.len();
                        #[cfg(test)]
                        {
                            self.detector_feeds += 1;
                        }
                    }
                }
                run.feed(chunk, false);
                self.after_feed();
            }
        }
    }

    /// Sniff what has been kept and start parsing it.
    fn start(&mut self) {
        let (sniffed, guessed) = sniff_step(&self.kept, &self.options);
        if guessed && self.options.detect {
            let mut detector = Detector::default();
            detector.feed(&self.kept);
            self.detected = self.kept.len();
            self.detector = Some(detector);
        }
        self.begin(sniffed.encoding, sniffed.confidence);
    }

    /// Start (or start over) with `encoding`, feeding the kept bytes.
    fn begin(&mut self, encoding: &'static Encoding, confidence: Confidence) {
        // A BOM makes the confidence certain in sniffing, so the decoder never switches
        // encodings under a tentative parse.
        let mut watch = MetaWatch::new((self.new_sink)(), encoding, confidence);
        // Source spans into the bytes: the decoder records where each piece came from.
        // Errors too, at offsets into the bytes.
        let decoder = if watch.inner.wants_source_spans() || self.errors {
            watch.offsets = Some(ByteOffsets::default());
            StreamDecoder::tracking(encoding)
        } else {
            StreamDecoder::new(encoding)
        };
        // Offsets count a UTF-8 BOM the bytes began with (only the first parse can have one:
        // a BOM makes the confidence certain).
        let bom = self.kept.starts_with(UTF8_BOM) && encoding == UTF_8;
        let mut builder = TreeBuilder::new(watch, self.tree);
        if self.errors {
            builder = builder.with_errors();
        }
        let tokenizer = Tokenizer::streaming(Options::default(), builder).after_utf8_bom(bom);
        // Lines and columns count the BOM as a character, as the tokenizer does.
        let errors = self.errors.then(|| StreamErrors {
            found: Vec::new(),
            text: if bom { "\u{FEFF}".to_owned() } else { String::new() },
            base: 0,
            lines: LineCounter::default(),
        });
        let mut run = Running { tokenizer, decoder, errors };
        run.feed(&self.kept, false);
        self.running = Some(run);
        self.after_feed();
    }

    /// After input: start over if a `<meta>` asked for it; drop the kept bytes once certain.
    fn after_feed(&mut self) {
        let Some(run) = &self.running else { return };
        if let Some(new) = run.watch().change {
            self.detector = None;
            self.begin(new, Confidence::Certain);
        } else if !run.watch().tentative && !self.kept.is_empty() {
            self.kept = Vec::new();
            self.detector = None;
            self.detected = 0;
        }
    }

    /// Mark the end of the input, finish parsing, and return the tree.
    pub fn finish(self) -> Decoded<S> {
        self.finish_with_errors().0
    }

    /// [`finish`](Self::finish), with the parse errors in input order when they were asked
    /// for ([`with_errors`](Self::with_errors)), else none.
    ///
    /// ```
    /// use statemark::dom::Dom;
    /// use statemark::encoding::{ByteParser, EncodingOptions};
    /// use statemark::html::TreeOptions;
    ///
    /// let mut parser = ByteParser::new(EncodingOptions::default(), TreeOptions::default(), Dom::new).with_errors();
    /// parser.feed(b"<p>caf\xE9 </div>");
    /// let (parsed, errors) = parser.finish_with_errors();
    /// assert_eq!(parsed.encoding.name(), "windows-1252");
    /// // At the offset of the stray `</div>` in the bytes; line and column of the text.
    /// assert_eq!((errors[1].position.offset, errors[1].position.column), (8, 9));
    /// ```
    pub fn finish_with_errors(mut self) -> (Decoded<S>, Vec<HtmlError>) {
        if self.running.is_none() {
            self.start();
        }
        // Step 8 over all the bytes, as the whole-input entry point guesses: a different
        // guess starts the parse over (still tentative: a `<meta>` may yet decide).
        if let (Some(mut detector), Some(run)) = (self.detector.take(), &self.running)
            && run.watch().tentative
        {
            detector.feed(&self.kept[self.detected..]);
            let guess = detector.guess(&self.options, &self.kept);
            if guess != run.decoder.encoding() {
                self.begin(guess, Confidence::Tentative);
            }
        }
        loop {
            let Some(run) = &mut self.running else { unreachable!("started above") };
            run.feed(&[], true);
            run.tokenizer.finish();
            run.collect_errors();
            match run.watch().change {
                // A `<meta>` in the last bytes: start over (certain this time, so once at most).
                Some(new) => self.begin(new, Confidence::Certain),
                None => break,
            }
        }
        let run = self.running.expect("started above");
        let encoding = run.decoder.encoding();
        let mut errors = run.errors.map(|e| e.found).unwrap_or_default();
        // Input order, as the whole-input parse sorts them (the map into the bytes keeps it).
        errors.sort_by_key(|e| e.position.offset);
        let watch = run.tokenizer.into_sink().into_sink();
        (Decoded { confidence: watch.confidence(), encoding, tree: watch.inner }, errors)
    }
}

/// Parse a document from any [`Read`] (a file, a socket, standard input), streaming (see
/// [`ByteParser`]), collecting every parse error: what [`html::parse_bytes`](crate::html::parse_bytes)
/// gives for the same bytes (the tree, the errors at offsets into the bytes, the encoding and
/// the confidence), without holding the bytes once the encoding is certain. Memory is the
/// tree's, the errors', one read buffer and the longest token; while the encoding is a
/// tentative guess (no BOM, label or `<meta>` decided) the bytes are kept too, for a
/// `<meta>` that may yet change it.
///
/// ```
/// use statemark::encoding::{Confidence, EncodingOptions};
/// use statemark::html::{TreeOptions, parse_reader};
///
/// let file: &[u8] = b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4</div>"; // e.g. std::fs::File::open(path)?
/// let parsed = parse_reader(file, &EncodingOptions::default(), TreeOptions::default())?;
/// assert_eq!((parsed.encoding.name(), parsed.confidence), ("KOI8-R", Confidence::Certain));
/// assert!(parsed.dom.to_test_format().contains("\"Привет\""));
/// // The stray `</div>`, at its offset in the bytes.
/// let stray = parsed.errors.iter().find(|e| e.code.to_string() == "end-tag-without-open-element").unwrap();
/// assert_eq!(&file[stray.position.offset..][..6], b"</div>");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn parse_html_reader<R: Read>(
    reader: R,
    options: &EncodingOptions,
    tree: TreeOptions,
) -> std::io::Result<ParsedBytes<HtmlError>> {
    let mut parser = ByteParser::new(*options, tree, Dom::new).with_errors();
    read_chunks(reader, |chunk| parser.feed(chunk))?;
    let (decoded, errors) = parser.finish_with_errors();
    Ok(ParsedBytes { dom: decoded.tree, errors, encoding: decoded.encoding, confidence: decoded.confidence })
}

/// Parse a document from any [`Read`], streaming: see [`ByteParser`].
#[deprecated(
    since = "0.1.0",
    note = "use `html::parse_reader`, which returns what `html::parse_bytes` does (`dom`, `errors`, `encoding`, `confidence`)"
)]
pub fn parse_document_from_reader<R: Read>(reader: R, options: &EncodingOptions) -> std::io::Result<Decoded<Dom>> {
    let mut parser = ByteParser::new(*options, TreeOptions::default(), Dom::new);
    read_chunks(reader, |chunk| parser.feed(chunk))?;
    Ok(parser.finish())
}

fn read_chunks<R: Read>(mut reader: R, mut each: impl FnMut(&[u8])) -> std::io::Result<()> {
    let mut buf = vec![0; 1 << 16];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => each(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Parse an XML5 document from bytes, collecting parse errors when `errors` is true (as
/// [`xml5::parse_with_errors`](crate::xml5::parse_with_errors) does for text): the encoding
/// from [`sniff_xml`] (a BOM, the XML declaration, else UTF-8), certain.
///
/// ```
/// use statemark::xml5::parse_bytes;
///
/// let parsed = parse_bytes(b"<?xml version='1.0' encoding='iso-8859-1'?><a>caf\xE9</b>", true);
/// assert!(parsed.dom.to_test_format().contains("\"café\""));
/// assert_eq!((parsed.encoding.name(), parsed.errors.len()), ("windows-1252", 2));
/// ```
pub fn parse_xml5_bytes(bytes: &[u8], errors: bool) -> ParsedBytes<crate::xml5::TreeError> {
    // Errors count offsets into `bytes`, as the HTML entry points' do.
    let (text, encoding, bom, offsets) = decode_tracked(bytes, sniff_xml(bytes), errors);
    let mut parsed = crate::xml5::tree::parse_input_stream(&text, errors, bom);
    if let Some(map) = &offsets {
        xml5_errors_into_bytes(&mut parsed.errors, map);
    }
    ParsedBytes { dom: parsed.dom, errors: parsed.errors, encoding, confidence: Confidence::Certain }
}

/// XML5 errors found in decoded text, given offsets and spans into the bytes it came from
/// (lines and columns count characters, and stay).
fn xml5_errors_into_bytes(errors: &mut [crate::xml5::TreeError], map: &ByteOffsets) {
    use crate::xml5::TreeError as T;
    for e in errors {
        match e {
            T::Token(e) => e.position.offset = map.byte_offset(e.position.offset),
            T::UnexpectedToken(s)
            | T::MismatchedEndTag(s)
            | T::EofWithOpenElements(s)
            | T::UnboundPrefix(s)
            | T::DuplicateNamespacedAttribute(s)
            | T::ReservedPrefix(s) => *s = map.span(*s),
        }
    }
}

/// Parse an XML5 document from bytes: the encoding from [`sniff_xml`], certain.
#[deprecated(
    since = "0.1.0",
    note = "use `xml5::parse_bytes`, which returns the `Parsed` fields (`dom`, `errors`) with the encoding"
)]
pub fn parse_xml5_from_bytes(bytes: &[u8]) -> Decoded<crate::xml5::Parsed> {
    let p = parse_xml5_bytes(bytes, false);
    Decoded {
        tree: crate::xml5::Parsed { dom: p.dom, errors: p.errors },
        encoding: p.encoding,
        confidence: p.confidence,
    }
}

/// Parse an XML5 document from any [`Read`], streaming, collecting parse errors when `errors`
/// is true: what [`xml5::parse_bytes`](crate::xml5::parse_bytes) gives for the same bytes.
/// The first 1024 bytes (or all, if fewer) decide the encoding as [`sniff_xml`] does, certain.
/// Memory is the tree's, the errors', one read buffer and the longest token; with `errors`, also
/// the map that gives the errors their offsets into the bytes (at most 2 bytes per non-ASCII
/// character).
///
/// ```
/// use statemark::xml5::parse_reader;
///
/// let file: &[u8] = b"<?xml version='1.0' encoding='iso-8859-1'?><a>caf\xE9</b>"; // e.g. std::fs::File::open(path)?
/// let parsed = parse_reader(file, true)?;
/// assert!(parsed.dom.to_test_format().contains("\"café\""));
/// assert_eq!((parsed.encoding.name(), parsed.errors.len()), ("windows-1252", 2));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn parse_xml5_reader<R: Read>(reader: R, errors: bool) -> std::io::Result<ParsedBytes<crate::xml5::TreeError>> {
    let mut head = Vec::new();
    let mut run: Option<(crate::xml5::tokenizer::Tokenizer<'static, crate::xml5::tree::TreeBuilder>, StreamDecoder)> =
        None;
    read_chunks(reader, |chunk| match &mut run {
        Some((tok, dec)) => tok.feed(dec.decode(chunk, false)),
        None => {
            head.extend_from_slice(chunk);
            if head.len() >= 1024 {
                run = Some(start_xml5(&head, errors));
            }
        }
    })?;
    let (mut tok, mut dec) = run.unwrap_or_else(|| start_xml5(&head, errors));
    tok.feed(dec.decode(&[], true));
    tok.finish();
    let mut parsed = tok.into_sink().finish();
    if let Some(map) = dec.offsets() {
        xml5_errors_into_bytes(&mut parsed.errors, map);
    }
    Ok(ParsedBytes {
        dom: parsed.dom,
        errors: parsed.errors,
        encoding: dec.encoding(),
        confidence: Confidence::Certain,
    })
}

/// Parse an XML5 document from any [`Read`], streaming: the first 1024 bytes (or all, if
/// fewer) decide the encoding as [`sniff_xml`] does.
#[deprecated(
    since = "0.1.0",
    note = "use `xml5::parse_reader`, which returns what `xml5::parse_bytes` does (`dom`, `errors`, `encoding`, `confidence`)"
)]
pub fn parse_xml5_from_reader<R: Read>(reader: R) -> std::io::Result<Decoded<crate::xml5::tree::Parsed>> {
    let p = parse_xml5_reader(reader, false)?;
    Ok(Decoded {
        tree: crate::xml5::Parsed { dom: p.dom, errors: p.errors },
        encoding: p.encoding,
        confidence: p.confidence,
    })
}

fn start_xml5(
    head: &[u8],
    errors: bool,
) -> (crate::xml5::tokenizer::Tokenizer<'static, crate::xml5::tree::TreeBuilder>, StreamDecoder) {
    // With errors, the decoder records where the text came from in the bytes (2 bytes of map
    // per non-ASCII character at most; a run of ASCII or valid UTF-8 is one entry per 32 KiB).
    let mut dec = if errors { StreamDecoder::tracking(sniff_xml(head)) } else { StreamDecoder::new(sniff_xml(head)) };
    let bom = head.starts_with(UTF8_BOM);
    let mut tok =
        crate::xml5::tokenizer::Tokenizer::streaming(crate::xml5::tree::TreeBuilder::new(errors)).after_utf8_bom(bom);
    tok.feed(dec.decode(head, false));
    (tok, dec)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sniff_document` gives what the whole parse ends with, on inputs that stop early, parse
    /// to the end, or do not parse at all.
    #[test]
    fn sniff_document_agrees_with_the_whole_parse() {
        let pad = |head: &[u8], tail: &[u8]| [head, &[b'x'; 5000][..], tail].concat();
        let cases: Vec<(Vec<u8>, Option<&str>)> = vec![
            (b"<p>caf\xE9".to_vec(), None),
            (b"<p>caf\xE9<p>meta <metal>".to_vec(), None),
            (b"<p>caf\xE9</p>".to_vec(), Some("iso-8859-2")),
            (b"\xEF\xBB\xBF<p>x<meta charset=koi8-r>".to_vec(), None),
            (pad(b"<p>", b"<META CHARSET=koi8-r><p>\xF0"), None),
            (pad(b"<p>", b"<mEtA http-equiv=content-type content='text/html; charset=utf-8'>\xC3\xA9"), None),
            (pad(b"<meta name=viewport><p>", b"<meta charset=windows-1251>\xE9"), None),
            (pad(b"<meta charset=utf-8><p>", b"<meta charset=koi8-r>"), None),
            (pad(b"<p>", b"<svg><meta charset=koi8-r></svg>\xE9"), None),
            (pad(b"<p><!-- <meta charset=koi8-r> -->", b"\xE9"), None),
            (pad(b"<p>", b"<meta charset=utf-16le>\xE9"), None),
            (pad(b"<p>", b"<meta charset=x-user-defined>\xE9"), None),
            (pad(b"<p>", b"<meta charset=koi8-r"), None),
            (b"<p>\xE9<meta".to_vec(), None),
            ("<p>caf\u{e9}<meta charset=big5>".as_bytes().repeat(2000), None),
        ];
        for (bytes, label) in cases {
            let options = label.map_or_else(EncodingOptions::default, EncodingOptions::transport_label);
            let got = sniff_document(&bytes, &options);
            let whole = build_document_from_bytes(&bytes, &options, TreeOptions::default(), Dom::new);
            assert_eq!(
                (got.encoding, got.confidence),
                (whole.encoding, whole.confidence),
                "{:?}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(80)])
            );
        }
        // No `<meta` in any case: the sniffed encoding stands, tentative.
        assert!(!may_hold_meta(b"<p>met<me ta><Meter"));
        assert!(may_hold_meta(b"x<MeTa"));
        assert!(!may_hold_meta(b"<met"));
    }

    /// A reader that hands out at most `n` bytes per read, and is interrupted once.
    struct Trickle<'a>(&'a [u8], usize, bool);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if !self.2 {
                self.2 = true;
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn xml5_bytes_whole_and_streamed() {
        let utf16: Vec<u8> = "\u{FEFF}<a>é</a>".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let no_bom: Vec<u8> = "<?xml version='1.0'?><a>é</a>".encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
        let latin = b"<?xml version='1.0' encoding='iso-8859-1'?><a>\xE9</a>".to_vec();
        for (bytes, name) in [(utf16, "UTF-16LE"), (no_bom, "UTF-16BE"), (latin, "windows-1252")] {
            let whole = parse_xml5_bytes(&bytes, false);
            assert_eq!(whole.encoding.name(), name);
            let text = whole.dom.to_test_format();
            assert!(text.contains("\"é\""), "{name}: {text}");
            let streamed = parse_xml5_reader(Trickle(&bytes, 3, false), false).unwrap();
            assert_eq!((streamed.encoding.name(), streamed.dom.to_test_format()), (name, text));
        }
    }

    /// One-byte chunks feed the detector in batches, not byte by byte (each feed costs every
    /// candidate encoding's setup, about 5,000 instructions in the instrumented fuzz build),
    /// and the guess is the whole input's.
    #[test]
    fn the_detector_is_fed_in_batches_and_guesses_as_on_the_whole() {
        let mut page = b"<!doctype html><p>".to_vec();
        for _ in 0..1500 {
            // "Привет, мир. " in windows-1251: no declaration, so step 8 decides.
            page.extend(b"\xCF\xF0\xE8\xE2\xE5\xF2, \xEC\xE8\xF0. ");
        }
        let whole = parse_html_bytes(&page, &EncodingOptions::default(), TreeOptions::default());
        assert_eq!(whole.encoding.name(), "windows-1251");
        let mut p = ByteParser::new(EncodingOptions::default(), TreeOptions::default(), Dom::new);
        for b in &page {
            p.feed(std::slice::from_ref(b));
        }
        assert!(p.detector.is_some(), "the detector is still looking");
        let batches = (page.len() - 1024) / DETECT_BATCH;
        assert_eq!((p.detector_feeds, p.detected), (batches, 1024 + batches * DETECT_BATCH));
        let streamed = p.finish();
        assert_eq!((streamed.encoding, streamed.confidence), (whole.encoding, whole.confidence));
        assert_eq!(streamed.tree.to_test_format(), whole.dom.to_test_format());
    }

    #[test]
    fn a_late_meta_restarts_the_stream_once() {
        let mut page = b"<!doctype html><p>".to_vec();
        page.extend(std::iter::repeat_n(b'x', 3000));
        page.extend(b"<meta charset=windows-1251><p>\xCF\xF0\xE8\xE2\xE5\xF2");
        let whole = parse_html_bytes(&page, &EncodingOptions::default(), TreeOptions::default());
        assert_eq!((whole.encoding.name(), whole.confidence), ("windows-1251", Confidence::Certain));
        assert!(whole.dom.to_test_format().contains("\"Привет\""));
        for n in [1, 100, 5000] {
            let streamed =
                parse_html_reader(Trickle(&page, n, false), &EncodingOptions::default(), TreeOptions::default())
                    .unwrap();
            assert_eq!(streamed.encoding.name(), "windows-1251");
            assert_eq!(streamed.dom.to_test_format(), whole.dom.to_test_format());
            assert_eq!(streamed.errors, whole.errors);
        }
        // Counting sinks: the parse started over exactly once.
        let mut made = 0;
        let parsed = build_document_from_bytes(&page, &EncodingOptions::default(), TreeOptions::default(), || {
            made += 1;
            Dom::new()
        });
        assert_eq!((made, parsed.confidence), (2, Confidence::Certain));
    }

    #[test]
    fn a_matching_meta_makes_the_guess_certain_and_utf16_is_never_left() {
        let parsed = parse_html_bytes(
            b"<meta charset=windows-1252><p>\xE9",
            &EncodingOptions::default(),
            TreeOptions::default(),
        );
        assert_eq!((parsed.encoding.name(), parsed.confidence), ("windows-1252", Confidence::Certain));
        // No declaration: the default, still tentative at the end.
        let parsed = parse_html_bytes(b"<p>\xE9", &EncodingOptions::default(), TreeOptions::default());
        assert_eq!(parsed.confidence, Confidence::Tentative);
        // Step 1 of changing the encoding: a UTF-16 guess (from the prescan's UTF-16 XML
        // declaration check) is kept, and becomes certain.
        let bytes: Vec<u8> = "<?xml?><meta charset=utf-8><p>x".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let parsed = parse_html_bytes(&bytes, &EncodingOptions::default(), TreeOptions::default());
        assert_eq!((parsed.encoding.name(), parsed.confidence), ("UTF-16LE", Confidence::Certain));
        // detect_utf8: valid non-ASCII UTF-8 without a declaration.
        let opts = EncodingOptions { detect_utf8: true, ..Default::default() };
        let parsed = parse_html_bytes("<p>café".as_bytes(), &opts, TreeOptions::default());
        assert_eq!((parsed.encoding.name(), parsed.confidence), ("UTF-8", Confidence::Tentative));
    }

    /// The reader entry points give what the bytes ones give, errors included (offsets into
    /// the bytes, lines and columns), however the reads cut the bytes.
    #[test]
    fn readers_give_what_parse_bytes_gives() {
        let mut late = b"<!doctype html><p>".to_vec();
        late.extend(std::iter::repeat_n(b'x', 2000));
        late.extend(b"<meta charset=koi8-r><p>\xF0\xD2\xC9</div>");
        let pages: [&[u8]; 6] = [
            // Text in a table: its error comes when the text ends, at where it began.
            b"<table>\r\nab\xE9\ncd<tr>\n<td>x</span></table>",
            b"\xEF\xBB\xBF<p>caf\xC3\xA9\n</div><table>\xC3\xA9x<td>",
            "<p>“Quoted” — text</b>\n\n<table>é</table>".as_bytes(),
            b"<meta charset=shift_jis><p>\x93\xfa\x96\x7b</i>\n\x00<table>\x93\xfa</table>",
            &late,
            b"",
        ];
        for page in pages {
            let whole = parse_html_bytes(page, &EncodingOptions::default(), TreeOptions::default());
            assert!(page.is_empty() || !whole.errors.is_empty());
            for n in [1, 2, 7, 64, 100_000] {
                let read =
                    parse_html_reader(Trickle(page, n, false), &EncodingOptions::default(), TreeOptions::default())
                        .unwrap();
                let what = format!("{:?} in reads of {n}", String::from_utf8_lossy(page));
                assert_eq!((read.encoding, read.confidence), (whole.encoding, whole.confidence), "{what}");
                assert_eq!(read.dom.to_test_format(), whole.dom.to_test_format(), "{what}");
                assert_eq!(read.errors, whole.errors, "{what}");
            }
        }
        let xmls: [&[u8]; 3] = [
            b"\xEF\xBB\xBF<?xml version='1.0'?><a>\n<p:b/></c>",
            b"<?xml version='1.0' encoding='iso-8859-1'?><a>caf\xE9\xE9</b>\xE9<x:y/>&bad\xE9",
            b"<a>\xFF\xFE bad UTF-8</b>",
        ];
        for xml in xmls {
            let whole = parse_xml5_bytes(xml, true);
            for n in [1, 2, 7, 1000] {
                let read = parse_xml5_reader(Trickle(xml, n, false), true).unwrap();
                assert_eq!((read.dom.to_test_format(), &read.errors), (whole.dom.to_test_format(), &whole.errors));
            }
        }
    }

    /// XML5 errors from bytes count offsets into the bytes, whatever the encoding: `</b>`
    /// after two windows-1252 bytes is where it is in the bytes, not 2 further on (where the
    /// decoded text has it).
    #[test]
    fn xml5_errors_from_bytes_are_at_their_bytes() {
        use crate::xml5::TreeError;
        let xml = b"<?xml version='1.0' encoding='iso-8859-1'?><a>caf\xE9\xE9</b>\xE9<!-x--></a>";
        let at = |s: &[u8]| xml.windows(s.len()).position(|w| w == s).unwrap();
        let parsed = parse_xml5_bytes(xml, true);
        let end_b = at(b"</b>");
        assert!(
            parsed.errors.contains(&TreeError::MismatchedEndTag(crate::Span::new(end_b, end_b + 4))),
            "{:?}",
            parsed.errors
        );
        let tokenizer_errors: Vec<usize> = parsed
            .errors
            .iter()
            .filter_map(|e| if let TreeError::Token(e) = e { Some(e.position.offset) } else { None })
            .collect();
        // The comment opened wrongly is reported in `<!-x-->`, not 3 bytes further on.
        assert!(
            !tokenizer_errors.is_empty() && tokenizer_errors.iter().all(|&o| (at(b"<!-x")..at(b"x--")).contains(&o)),
            "{tokenizer_errors:?}"
        );
        // The same text as UTF-8 gives the same errors at offsets 2 further on.
        let utf8 = String::from_utf8_lossy(&xml[..]).replace('\u{FFFD}', "é").replace("iso-8859-1", "utf-8");
        let parsed8 = crate::xml5::parse_bytes(utf8.as_bytes(), true);
        assert_eq!(parsed8.errors.len(), parsed.errors.len());
    }

    /// The old shapes still work, and give what the new entry points give.
    #[test]
    #[allow(deprecated)]
    fn the_deprecated_shapes_agree_with_the_new_ones() {
        let page = b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4</div>";
        let old = crate::html::parse_document_from_bytes(page, &EncodingOptions::default());
        let new = crate::html::parse_bytes(page, &EncodingOptions::default(), TreeOptions::default());
        assert_eq!((old.encoding, old.confidence), (new.encoding, new.confidence));
        assert_eq!(old.tree.to_test_format(), new.dom.to_test_format());
        let (dom, errors) = crate::html::parse_document_with_errors("<p>x</div>", TreeOptions::default());
        let parsed = crate::html::parse_with_errors("<p>x</div>", TreeOptions::default());
        assert_eq!((dom.to_test_format(), errors), (parsed.dom.to_test_format(), parsed.errors));
        let tr = crate::html::Context::html("tr");
        let (dom, errors) = crate::html::parse_fragment_with_errors("<td>x</p>", &tr, TreeOptions::default());
        let parsed = crate::html::parse_fragment_collecting_errors("<td>x</p>", &tr, TreeOptions::default());
        assert_eq!((dom.to_test_format(), errors), (parsed.dom.to_test_format(), parsed.errors));
        let xml = b"<?xml version='1.0' encoding='iso-8859-1'?><a>caf\xE9</a>";
        let old = crate::xml5::parse_from_bytes(xml);
        let new = crate::xml5::parse_bytes(xml, false);
        assert_eq!((old.encoding, old.tree.dom.to_test_format()), (new.encoding, new.dom.to_test_format()));
        let into: crate::Parsed<_> = new.into();
        assert!(into.errors.is_empty());
        let old = crate::html::parse_document_from_reader(&page[..], &EncodingOptions::default()).unwrap();
        let new = crate::html::parse_reader(&page[..], &EncodingOptions::default(), TreeOptions::default()).unwrap();
        assert_eq!((old.encoding, old.tree.to_test_format()), (new.encoding, new.dom.to_test_format()));
        let old = crate::xml5::parse_from_reader(&xml[..]).unwrap();
        let new = crate::xml5::parse_reader(&xml[..], false).unwrap();
        assert_eq!((old.encoding, old.tree.dom.to_test_format()), (new.encoding, new.dom.to_test_format()));
    }
}
