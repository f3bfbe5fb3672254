//! Reading the command's inputs: files or standard input, whole or in chunks, and the
//! command's decoding: the `--encoding` label (checked: an unknown one is a usage error) and
//! otherwise the library's sniffing defaults, the same as `html::parse_bytes`.

use statemark::encoding::TextChunks;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// One input named on the command line.
#[derive(Clone, Debug)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// The inputs a command line names: none, or `-`, is standard input.
    pub fn from_args(files: &[PathBuf]) -> Vec<Source> {
        if files.is_empty() {
            return vec![Source::Stdin];
        }
        files.iter().map(|f| if f == Path::new("-") { Source::Stdin } else { Source::File(f.clone()) }).collect()
    }

    /// How the input is named in messages.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// Open for reading; the error is one line, ready for the user.
    pub fn open(&self) -> Result<Box<dyn Read>, String> {
        match self {
            Source::Stdin => Ok(Box::new(io::stdin().lock())),
            Source::File(p) => {
                let meta = std::fs::metadata(p).map_err(|e| format!("cannot read {}: {}", p.display(), plain(&e)))?;
                if meta.is_dir() {
                    return Err(format!("cannot read {}: it is a directory", p.display()));
                }
                let f = File::open(p).map_err(|e| format!("cannot read {}: {}", p.display(), plain(&e)))?;
                Ok(Box::new(f))
            }
        }
    }
}

/// An I/O error's message without the "(os error N)" suffix.
pub fn plain(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// Decodes a byte stream into text chunks of bounded size: the library's [`TextChunks`]
/// (the encoding the first bytes decide; a `<meta>` later in the stream cannot change it, as no
/// tree builder watches: use `parse` for that).
pub struct Chunks<R>(TextChunks<R>);

impl<R: Read> Chunks<R> {
    /// `label` was checked by [`encoding_label`] when the command line was parsed.
    pub fn new(reader: R, xml: bool, label: Option<&str>) -> Self {
        Chunks(if xml {
            TextChunks::xml(reader, transport(label))
        } else {
            TextChunks::html(reader, &html_options(label))
        })
    }

    /// Replace `out` with the next piece of text; `Ok(false)` once the input is exhausted.
    pub fn next_chunk(&mut self, out: &mut String) -> io::Result<bool> {
        self.0.next_chunk(out)
    }
}

/// Check an `--encoding` label as the command line is parsed: an unknown label is a usage
/// error (exit status 2) naming it, in every command that takes one.
pub fn encoding_label(label: &str) -> Result<String, String> {
    statemark::encoding::encoding_for_label(label).map(|_| label.to_owned()).map_err(|e| e.to_string())
}

/// The encoding a checked `--encoding` label names.
fn transport(label: Option<&str>) -> Option<&'static statemark::encoding::Encoding> {
    label.and_then(|l| statemark::encoding::encoding_for_label(l).ok())
}

/// Read a whole input's bytes.
pub fn read_bytes(source: &Source) -> Result<Vec<u8>, String> {
    let mut r = source.open()?;
    let mut bytes = Vec::new();
    r.read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {}", source.name(), plain(&e)))?;
    Ok(bytes)
}

/// How the bytes of an input became text: the encoding and how sure the parser is of it.
pub struct Decoded {
    pub text: String,
    pub encoding: &'static statemark::encoding::Encoding,
    pub confidence: statemark::encoding::Confidence,
}

/// The sniffing options of the command: the `--encoding` label as the transport layer's;
/// otherwise the library's defaults, so that the command and `html::parse_bytes` decode
/// the same bytes the same way (a BOM, the `<meta>` prescan, detection by frequency analysis
/// for unlabelled bytes, and windows-1252 for all-ASCII ones).
pub fn html_options(label: Option<&str>) -> statemark::encoding::EncodingOptions {
    statemark::encoding::EncodingOptions { transport: transport(label), ..Default::default() }
}

/// Decode an HTML document's bytes as a browser would: the encoding sniffing algorithm (a BOM,
/// the `--encoding` label as the transport layer's, the `<meta>` prescan, detection), and
/// the encoding a late `<meta charset>` changes to (`sniff_document` parses as far as the first
/// `<meta>` naming an encoding, and not at all when none can change it).
pub fn decode_html(bytes: &[u8], label: Option<&str>) -> Decoded {
    use statemark::encoding::{decode, sniff_document};
    let sniffed = sniff_document(bytes, &html_options(label));
    let (text, encoding) = decode(bytes, sniffed.encoding);
    Decoded { text: text.into_owned(), encoding, confidence: sniffed.confidence }
}

/// Decode an XML5 document's bytes: a BOM, else the `--encoding` label, else the XML
/// declaration's encoding, else UTF-8.
pub fn decode_xml(bytes: &[u8], label: Option<&str>) -> Decoded {
    use statemark::encoding::{Confidence, Encoding, decode, sniff_xml};
    let (encoding, confidence) = match (Encoding::for_bom(bytes), transport(label)) {
        (Some((e, _)), _) => (e, Confidence::Certain),
        (None, Some(e)) => (e, Confidence::Certain),
        (None, None) => (sniff_xml(bytes), Confidence::Tentative),
    };
    let (text, encoding) = decode(bytes, encoding);
    Decoded { text: text.into_owned(), encoding, confidence }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(data: &[u8], read_size: usize, xml: bool) -> String {
        struct Slow<'a>(&'a [u8], usize);
        impl Read for Slow<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut c = Chunks::new(Slow(data, read_size), xml, None);
        let (mut all, mut s) = (String::new(), String::new());
        while c.next_chunk(&mut s).unwrap() {
            all.push_str(&s);
        }
        all
    }

    #[test]
    fn split_sequences_bom_and_invalid_bytes_decode_as_whole_input_does() {
        let data = "\u{FEFF}a€b😀c".as_bytes().iter().chain(b"\xFFd\xE2\x82").copied().collect::<Vec<u8>>();
        let want = "a€b😀c\u{FFFD}d\u{FFFD}";
        for size in 1..=data.len() {
            assert_eq!(chunks(&data, size, false), want, "read size {size}");
        }
    }

    #[test]
    fn the_prescan_decides_the_streamed_encoding() {
        let page = b"<meta charset=windows-1252><p>caf\xE9</p>";
        assert_eq!(chunks(page, 3, false), "<meta charset=windows-1252><p>café</p>");
        let xml = b"<?xml version='1.0' encoding='ISO-8859-1'?><a>\xE9</a>";
        assert_eq!(chunks(xml, 5, true), "<?xml version='1.0' encoding='ISO-8859-1'?><a>é</a>");
    }
}
