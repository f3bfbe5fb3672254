//! Bytes from a reader to text chunks, and tokens from a reader: the one streaming plumbing
//! (sniff the first bytes, decode chunk by chunk) under `html::tokenize_reader`,
//! `xml5::tokenize_reader` and the command's streaming `tokenize`. Memory is bounded: one read
//! buffer, the decoded chunk, and the tokens of one chunk.

use super::{EncodingOptions, StreamDecoder, sniff, sniff_xml};
use crate::driver::{Drive, Machine, TokenQueue, Tokenizer};
use encoding_rs::Encoding;
use std::io::{self, Read};

/// How many bytes one read takes.
const READ: usize = 64 * 1024;

/// How the first bytes decide the encoding.
enum Sniffing {
    /// The HTML encoding sniffing algorithm over the first bytes.
    Html(EncodingOptions),
    /// XML5: a BOM, else the transport layer's encoding if any, else [`sniff_xml`].
    Xml(Option<&'static Encoding>),
}

/// A reader's bytes as text, chunk by chunk, in the encoding its first bytes decide.
///
/// For HTML, the encoding sniffing algorithm runs once, over the first bytes: at least
/// [`EncodingOptions::prescan_bytes`], and when those are all ASCII and nothing labels the
/// input, on up to the first non-ASCII byte (at most 64 KiB), so that detection
/// ([`EncodingOptions::detect`]) sees some text. A `<meta>` later in the stream cannot change
/// the encoding (no tree builder watches): [`ByteParser`](super::ByteParser) does that for
/// trees.
///
/// ```
/// use statemark::encoding::{EncodingOptions, TextChunks};
///
/// let bytes: &[u8] = b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4";
/// let mut chunks = TextChunks::html(bytes, &EncodingOptions::default());
/// let (mut text, mut chunk) = (String::new(), String::new());
/// while chunks.next_chunk(&mut chunk)? {
///     text.push_str(&chunk);
/// }
/// assert_eq!(text, "<meta charset=koi8-r><p>Привет");
/// assert_eq!(chunks.encoding().unwrap().name(), "KOI8-R");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct TextChunks<R> {
    reader: R,
    sniffing: Sniffing,
    /// Set once the first bytes have been sniffed.
    decoder: Option<StreamDecoder>,
    done: bool,
    /// Whether the decoder records offsets (for [`TokenReader`]'s spans into the bytes).
    track: bool,
    /// Whether the bytes began with a UTF-8 BOM (which decoding removes).
    utf8_bom: bool,
}

impl<R: Read> TextChunks<R> {
    /// An HTML document's text, sniffed with `options`.
    pub fn html(reader: R, options: &EncodingOptions) -> Self {
        TextChunks {
            reader,
            sniffing: Sniffing::Html(*options),
            decoder: None,
            done: false,
            track: false,
            utf8_bom: false,
        }
    }

    /// An XML5 document's text: a BOM, else `transport` (the encoding a transport layer
    /// names), else the XML declaration's, else UTF-8 ([`sniff_xml`]).
    pub fn xml(reader: R, transport: Option<&'static Encoding>) -> Self {
        TextChunks {
            reader,
            sniffing: Sniffing::Xml(transport),
            decoder: None,
            done: false,
            track: false,
            utf8_bom: false,
        }
    }

    /// The encoding, once the first chunk has been read.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        self.decoder.as_ref().map(StreamDecoder::encoding)
    }

    /// Append one read's bytes to `buf`.
    fn read(&mut self, buf: &mut Vec<u8>) -> io::Result<()> {
        let old = buf.len();
        buf.resize(old + READ, 0);
        let n = loop {
            match self.reader.read(&mut buf[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    buf.truncate(old);
                    return Err(e);
                }
            }
        };
        buf.truncate(old + n);
        self.done = n == 0;
        Ok(())
    }

    /// Replace `out` with the next piece of text; `Ok(false)` once the input is exhausted.
    pub fn next_chunk(&mut self, out: &mut String) -> io::Result<bool> {
        out.clear();
        if self.decoder.is_none() {
            let mut head = Vec::new();
            let wanted = match &self.sniffing {
                Sniffing::Html(o) => o.prescan_bytes.max(3),
                Sniffing::Xml(_) => 1024,
            };
            while head.len() < wanted && !self.done {
                self.read(&mut head)?;
            }
            let encoding = match self.sniffing {
                Sniffing::Html(options) => {
                    // Detection needs text: wait for the first non-ASCII byte, within bounds.
                    let waits = options.detect && options.transport.is_none();
                    while waits && head.is_ascii() && !self.done && head.len() < READ {
                        self.read(&mut head)?;
                    }
                    sniff(&head, &options).encoding
                }
                Sniffing::Xml(transport) => match (Encoding::for_bom(&head), transport) {
                    (Some((e, _)), _) => e,
                    (None, Some(e)) => e,
                    (None, None) => sniff_xml(&head[..head.len().min(1024)]),
                },
            };
            let mut decoder = if self.track { StreamDecoder::tracking(encoding) } else { StreamDecoder::new(encoding) };
            self.utf8_bom = head.starts_with(b"\xEF\xBB\xBF");
            out.push_str(decoder.decode(&head, self.done));
            self.decoder = Some(decoder);
            return Ok(!out.is_empty() || !self.done);
        }
        let mut buf = Vec::new();
        while out.is_empty() && !self.done {
            buf.clear();
            self.read(&mut buf)?;
            let done = self.done;
            if let Some(d) = &mut self.decoder {
                out.push_str(d.decode(&buf, done));
            }
        }
        Ok(!out.is_empty() || !self.done)
    }
}

/// Tokens from a reader, owned, one chunk of input at a time: see
/// [`html::tokenize_reader`](crate::html::tokenize_reader) and
/// [`xml5::tokenize_reader`](crate::xml5::tokenize_reader). An I/O error is the item it
/// happened at, and the last.
pub struct TokenReader<R, M: Machine> {
    chunks: TextChunks<R>,
    tokenizer: Tokenizer<'static, M, TokenQueue<'static, M>>,
    chunk: String,
    failed: bool,
    /// Whether the first chunk has been fed.
    started: bool,
}

impl<R: Read, M: Drive<'static, TokenQueue<'static, M>>> TokenReader<R, M> {
    pub(crate) fn new(chunks: TextChunks<R>, options: M::Options) -> Self {
        let queue = TokenQueue::new(M::collects_errors(&options));
        let chunks = TextChunks { track: true, ..chunks };
        let tokenizer = Tokenizer::for_chunks(options, queue);
        TokenReader { chunks, tokenizer, chunk: String::new(), failed: false, started: false }
    }

    /// The encoding the bytes are decoded with, once the first token has been taken.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        self.chunks.encoding()
    }

    /// The next token with its span: byte offsets into the bytes read, whatever their
    /// encoding (the decoder records where each piece of text came from, and forgets it once
    /// the tokens have passed it: memory stays bounded).
    pub fn next_spanned(&mut self) -> Option<io::Result<(M::Token<'static>, crate::Span)>> {
        loop {
            if let Some((t, span)) = self.tokenizer.next_spanned() {
                let Some(map) = self.chunks.decoder.as_mut().and_then(StreamDecoder::offsets_mut) else {
                    return Some(Ok((t, span)));
                };
                let bytes = map.span(span);
                // Later tokens start at or after this one's end.
                map.forget_before(span.end);
                return Some(Ok((t, bytes)));
            }
            if self.tokenizer.is_done() || self.failed {
                return None;
            }
            match self.chunks.next_chunk(&mut self.chunk) {
                Ok(true) => {
                    if !self.started {
                        self.started = true;
                        // The decoder removed a UTF-8 BOM; offsets count it.
                        if self.chunks.utf8_bom && self.chunks.encoding() == Some(encoding_rs::UTF_8) {
                            self.tokenizer.count_utf8_bom();
                        }
                    }
                    self.tokenizer.feed(&self.chunk)
                }
                Ok(false) => self.tokenizer.finish(),
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

impl<R: Read, M: Drive<'static, TokenQueue<'static, M>>> Iterator for TokenReader<R, M> {
    type Item = io::Result<M::Token<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_spanned().map(|r| r.map(|(t, _)| t))
    }
}

/// Tokenize an HTML document from any [`Read`] (a file, a socket, standard input), streaming:
/// the encoding sniffed as [`TextChunks::html`] does, then each 64 KiB read decoded and
/// tokenized, the tokens handed out owned. States switch after start tags as in a document
/// ([`Options::switching`](crate::html::Options::switching)). Memory stays bounded whatever
/// the input's size.
///
/// ```
/// use statemark::encoding::EncodingOptions;
/// use statemark::html::{Token, tokenize_reader};
///
/// let file: &[u8] = b"<meta charset=windows-1252><p>caf\xE9<script>a<b</script>";
/// let mut texts = Vec::new();
/// for token in tokenize_reader(file, &EncodingOptions::default()) {
///     if let Token::Characters(text) = token? {
///         texts.push(text.into_owned());
///     }
/// }
/// assert_eq!(texts, ["café", "a<b"]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn tokenize_html_reader<R: Read>(
    reader: R,
    options: &EncodingOptions,
) -> TokenReader<R, crate::generated::html_tokenizer::Html> {
    TokenReader::new(TextChunks::html(reader, options), crate::html::tokenizer::Options::default())
}

/// Tokenize an XML5 document from any [`Read`], streaming: the encoding from a BOM, else the
/// XML declaration, else UTF-8 ([`sniff_xml`]); the tokens handed out owned.
///
/// ```
/// use statemark::xml5::{Token, tokenize_reader};
///
/// let file: &[u8] = b"<?xml version='1.0' encoding='iso-8859-1'?><a>caf\xE9</a>";
/// let texts: Vec<String> = tokenize_reader(file)
///     .filter_map(|t| match t {
///         Ok(Token::Characters(c)) => Some(c.into_owned()),
///         _ => None,
///     })
///     .collect();
/// assert_eq!(texts, ["café"]);
/// ```
pub fn tokenize_xml5_reader<R: Read>(reader: R) -> TokenReader<R, crate::generated::xml5_tokenizer::Xml5> {
    TokenReader::new(TextChunks::xml(reader, None), crate::xml5::tokenizer::Options::default())
}
