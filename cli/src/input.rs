//! Reading the command's inputs: files or standard input, whole or in chunks, decoded as UTF-8
//! the way the Encoding Standard's UTF-8 decoder does (a leading byte order mark removed, each
//! invalid sequence replaced by U+FFFD), with a sequence split across reads handled here.

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

/// Decodes a byte stream into text chunks of bounded size.
pub struct Utf8Chunks<R> {
    reader: R,
    /// Bytes read but not yet decoded: at most the first three bytes of a split sequence.
    pending: Vec<u8>,
    at_start: bool,
    done: bool,
}

/// How many bytes one read takes: the memory a streaming command holds for input.
pub const CHUNK: usize = 64 * 1024;

impl<R: Read> Utf8Chunks<R> {
    pub fn new(reader: R) -> Self {
        Utf8Chunks { reader, pending: Vec::new(), at_start: true, done: false }
    }

    /// Replace `out` with the next piece of text; `Ok(false)` once the input is exhausted.
    pub fn next_chunk(&mut self, out: &mut String) -> io::Result<bool> {
        out.clear();
        while !self.done && out.is_empty() {
            let mut buf = std::mem::take(&mut self.pending);
            let old = buf.len();
            buf.resize(old + CHUNK, 0);
            let n = loop {
                match self.reader.read(&mut buf[old..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            buf.truncate(old + n);
            self.done = n == 0;
            let mut bytes = &buf[..];
            if self.at_start {
                // Wait for three bytes (or the end) before deciding about a byte order mark.
                if bytes.len() < 3 && !self.done {
                    self.pending = buf;
                    continue;
                }
                self.at_start = false;
                bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            }
            self.pending = decode_into(bytes, self.done, out).to_vec();
        }
        Ok(!out.is_empty() || !self.done)
    }
}

/// Decode `bytes` into `out`, replacing each invalid sequence by U+FFFD; returns the tail of an
/// incomplete sequence at the end (unless `last`, when it too is replaced).
fn decode_into<'b>(mut bytes: &'b [u8], last: bool, out: &mut String) -> &'b [u8] {
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return &[];
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                // SAFETY-free: `good` was just validated.
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                match e.error_len() {
                    Some(n) => {
                        out.push('\u{FFFD}');
                        bytes = &rest[n..];
                    }
                    None if last => {
                        out.push('\u{FFFD}');
                        return &[];
                    }
                    None => return rest,
                }
            }
        }
    }
}

/// Read a whole input and decode it.
pub fn read_all(source: &Source) -> Result<String, String> {
    let mut r = source.open()?;
    let mut bytes = Vec::new();
    r.read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {}", source.name(), plain(&e)))?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let mut out = String::with_capacity(bytes.len());
    decode_into(bytes, true, &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(data: &[u8], read_size: usize) -> String {
        struct Slow<'a>(&'a [u8], usize);
        impl Read for Slow<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut c = Utf8Chunks::new(Slow(data, read_size));
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
            assert_eq!(chunks(&data, size), want, "read size {size}");
        }
        assert_eq!(String::from_utf8_lossy(&data[3..]), want);
    }
}
