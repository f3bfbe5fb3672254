//! Offsets into the caller's bytes for text decoded from them (issue 22, item 4: one coordinate
//! system): [`ByteOffsets`], the map from offsets in the decoded text to offsets in the bytes,
//! recorded while decoding ([`StreamDecoder::tracking`](super::StreamDecoder::tracking)) in
//! linear time and at most 2.25 bytes of map per input byte.

use encoding_rs::{CoderResult, Decoder, Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// Groups between two marks: a lookup walks at most this many.
const STRIDE: usize = 64;
/// A group of text copied as is: its low 15 bits are its length.
const IDENTITY: u16 = 1 << 15;
/// The longest identity group.
const MAX_IDENTITY: usize = (IDENTITY - 1) as usize;
/// The most decoded bytes (7 bits) and input bytes (8 bits) one other group holds.
const MAX_DECODED: usize = 0x7F;
const MAX_BYTES: usize = 0xFF;

/// Where each offset of decoded text came from in the bytes it was decoded from: the decoded
/// text is cut into groups, each either a run copied as is (ASCII in an ASCII-compatible
/// encoding, valid UTF-8: offsets inside advance together) or what a few bytes decoded to (a
/// character, or the U+FFFD of a malformed sequence: every offset inside maps to the group's
/// first byte). A mark every 64 groups makes a lookup a binary search and a walk of at most 64
/// groups. Built as the bytes are decoded, in one pass; 2 bytes per group.
///
/// Offsets count what the tokenizer counts: a UTF-8 BOM is part of the text (the bytes entry
/// points put it back), another encoding's BOM is not, so offset 0 of UTF-16 text is byte 2.
///
/// ```
/// use statemark::encoding::{StreamDecoder, WINDOWS_1252};
///
/// let bytes = b"caf\xE9 <b>";
/// let mut decoder = StreamDecoder::tracking(WINDOWS_1252);
/// let text = decoder.decode(bytes, true).to_owned();
/// let offsets = decoder.offsets().unwrap();
/// assert_eq!(text, "café <b>");
/// // `<` is at 6 in the text (é is two bytes of UTF-8), at 5 in the bytes.
/// assert_eq!((text.find('<'), offsets.byte_offset(6)), (Some(6), 5));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByteOffsets {
    /// `IDENTITY | length`, or `decoded << 8 | bytes`.
    groups: Vec<u16>,
    /// (decoded, byte) offsets where `groups[i * STRIDE]` starts.
    marks: Vec<(usize, usize)>,
    /// Offsets at the end of the groups so far.
    decoded: usize,
    bytes: usize,
}

impl ByteOffsets {
    /// The offset in the bytes of `decoded`, an offset in the decoded text. Inside what a
    /// sequence of bytes decoded to, its first byte; past the text's end, the offsets advance
    /// together. O(log n).
    pub fn byte_offset(&self, decoded: usize) -> usize {
        let k = self.marks.partition_point(|&(d, _)| d <= decoded).saturating_sub(1);
        let (mut d, mut b) = self.marks.get(k).copied().unwrap_or((0, 0));
        if decoded < d {
            // Before what `forget_before` kept: nothing better than the first kept byte.
            return b;
        }
        for &g in self.groups.get(k * STRIDE..).unwrap_or_default() {
            let (dl, bl) = lengths(g);
            if decoded < d + dl {
                return if g & IDENTITY != 0 { b + (decoded - d) } else { b };
            }
            d += dl;
            b += bl;
        }
        b + (decoded - d)
    }

    /// A span of the decoded text as a span of the bytes: from the first byte of its first
    /// character to the end of the bytes of its last.
    pub fn span(&self, span: crate::Span) -> crate::Span {
        let start = self.byte_offset(span.start);
        crate::Span::new(start, self.byte_offset(span.end).max(start))
    }

    /// Decoded and input bytes covered so far.
    pub fn len(&self) -> (usize, usize) {
        (self.decoded, self.bytes)
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Drop what lies before `decoded` (less a stride), for a stream whose earlier offsets
    /// will not be asked for again: memory stays bounded by what is still wanted.
    pub fn forget_before(&mut self, decoded: usize) {
        let k = self.marks.partition_point(|&(d, _)| d <= decoded).saturating_sub(1);
        if k >= 2 {
            self.marks.drain(..k);
            self.groups.drain(..k * STRIDE);
        }
    }

    /// Record `decoded` bytes of text that `bytes` input bytes decoded to (`copied`: byte for
    /// byte).
    fn push(&mut self, decoded: usize, bytes: usize, copied: bool) {
        if copied {
            let mut left = decoded;
            // Extend the last group when it is a copy with room.
            if let Some(last) = self.groups.last_mut()
                && *last & IDENTITY != 0
            {
                let room = MAX_IDENTITY - usize::from(*last & !IDENTITY);
                let take = room.min(left);
                *last += take as u16;
                left -= take;
                self.decoded += take;
                self.bytes += take;
            }
            while left > 0 {
                let take = left.min(MAX_IDENTITY);
                self.group(IDENTITY | take as u16, take, take);
                left -= take;
            }
            return;
        }
        let (mut d, mut b) = (decoded, bytes);
        // Bytes that decoded to nothing beyond what one group holds (a long escape sequence)
        // go first, as groups of their own: an offset maps to the bytes its character ends with.
        while b > MAX_BYTES {
            self.group(MAX_BYTES as u16, 0, MAX_BYTES);
            b -= MAX_BYTES;
        }
        let first = d.min(MAX_DECODED);
        self.group(((first as u16) << 8) | b as u16, first, b);
        d -= first;
        // More text than one group holds from one step (rare): the rest maps to the end.
        while d > 0 {
            let take = d.min(MAX_DECODED);
            self.group((take as u16) << 8, take, 0);
            d -= take;
        }
    }

    fn group(&mut self, g: u16, decoded: usize, bytes: usize) {
        if self.groups.len().is_multiple_of(STRIDE) {
            self.marks.push((self.decoded, self.bytes));
        }
        self.groups.push(g);
        self.decoded += decoded;
        self.bytes += bytes;
    }
}

/// A group's (decoded, input) lengths.
fn lengths(g: u16) -> (usize, usize) {
    if g & IDENTITY != 0 {
        let n = usize::from(g & !IDENTITY);
        (n, n)
    } else {
        (usize::from(g >> 8), usize::from(g & 0xFF))
    }
}

/// How a decoder's groups are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// UTF-8: valid runs are copies; malformed bytes one at a time.
    Utf8,
    /// One byte, one character.
    SingleByte,
    /// UTF-16: two bytes a character, four a supplementary one.
    Utf16,
    /// ASCII bytes are copies when no sequence is under way; other bytes one at a time.
    AsciiCompatible,
    /// Every byte on its own (ISO-2022-JP, replacement).
    Stepped,
}

fn kind(encoding: &'static Encoding) -> Kind {
    if encoding == UTF_8 {
        Kind::Utf8
    } else if encoding == UTF_16LE || encoding == UTF_16BE {
        Kind::Utf16
    } else if encoding.is_single_byte() {
        Kind::SingleByte
    } else if encoding.is_ascii_compatible() {
        Kind::AsciiCompatible
    } else {
        Kind::Stepped
    }
}

/// The recording side of a tracking [`StreamDecoder`](super::StreamDecoder).
#[derive(Debug, Default)]
pub(crate) struct Tracker {
    /// Whether the first bytes (a BOM) have been looked at.
    started: bool,
    /// The first bytes, until there are three.
    head: Vec<u8>,
    /// Bytes stepped through that have not decoded to anything yet.
    pending: usize,
    /// Input bytes consumed, for UTF-16's last character.
    consumed: usize,
}

impl Tracker {
    /// Decode `bytes` into `out` with `decoder` (made without BOM handling: this does it,
    /// replacing `decoder` by the BOM's encoding's), recording where each piece came from.
    pub(crate) fn decode(
        &mut self,
        decoder: &mut Decoder,
        bytes: &[u8],
        last: bool,
        out: &mut String,
        offsets: &mut ByteOffsets,
    ) {
        let head;
        let mut bytes = bytes;
        if !self.started {
            // The first three bytes decide whether there is a BOM.
            self.head.extend_from_slice(bytes);
            if self.head.len() < 3 && !last {
                return;
            }
            self.started = true;
            head = std::mem::take(&mut self.head);
            bytes = &head;
            if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
                // A UTF-8 BOM stays in the offsets the tokenizer counts, any other does not.
                *decoder = encoding.new_decoder_without_bom_handling();
                offsets.push(if encoding == UTF_8 { bom } else { 0 }, bom, encoding == UTF_8);
                self.consumed += bom;
                bytes = &bytes[bom..];
            }
        }
        self.consumed += bytes.len();
        match kind(decoder.encoding()) {
            Kind::SingleByte => {
                let start = out.len();
                decode_into(decoder, bytes, last, out);
                for c in out[start..].chars() {
                    let n = c.len_utf8();
                    offsets.push(n, 1, n == 1);
                }
            }
            Kind::Utf16 => {
                let start = out.len();
                decode_into(decoder, bytes, last, out);
                let mut chars = out[start..].chars().peekable();
                while let Some(c) = chars.next() {
                    let n = c.len_utf8();
                    let mut b = if n == 4 { 4 } else { 2 };
                    if last && chars.peek().is_none() {
                        // The last character takes what is left: an odd byte's U+FFFD is one.
                        b = self.consumed.saturating_sub(offsets.bytes).max(1);
                    }
                    offsets.push(n, b, false);
                }
            }
            k => self.decode_runs(decoder, bytes, last, out, k, offsets),
        }
    }

    /// UTF-8 and the multi-byte encodings: the runs that decode to themselves at once, every
    /// other byte stepped through the decoder on its own.
    fn decode_runs(
        &mut self,
        decoder: &mut Decoder,
        mut bytes: &[u8],
        last: bool,
        out: &mut String,
        kind: Kind,
        offsets: &mut ByteOffsets,
    ) {
        while !bytes.is_empty() {
            let run = match kind {
                _ if self.pending > 0 => 0,
                Kind::Utf8 => match std::str::from_utf8(bytes) {
                    Ok(s) => s.len(),
                    Err(e) => e.valid_up_to(),
                },
                Kind::AsciiCompatible => bytes.iter().position(|b| !b.is_ascii()).unwrap_or(bytes.len()),
                _ => 0,
            };
            if run > 0 {
                let start = out.len();
                decode_into(decoder, &bytes[..run], false, out);
                let copied = out.as_bytes()[start..] == bytes[..run];
                offsets.push(out.len() - start, run, copied);
                bytes = &bytes[run..];
                continue;
            }
            let start = out.len();
            let byte = bytes[0];
            decode_into(decoder, &bytes[..1], false, out);
            self.pending += 1;
            bytes = &bytes[1..];
            let written = out.len() - start;
            if written > 1 && byte.is_ascii() && out.as_bytes().last() == Some(&byte) && self.pending > 1 {
                // An ASCII byte that ended a malformed sequence: the U+FFFD is the bytes
                // before it, the byte is itself.
                offsets.push(written - 1, self.pending - 1, false);
                offsets.push(1, 1, true);
                self.pending = 0;
            } else if written > 0 {
                offsets.push(written, self.pending, false);
                self.pending = 0;
            }
        }
        if last {
            let start = out.len();
            decode_into(decoder, &[], true, out);
            if out.len() > start || self.pending > 0 {
                offsets.push(out.len() - start, self.pending, false);
                self.pending = 0;
            }
        }
    }
}

/// Decode all of `bytes` into `out`.
pub(crate) fn decode_into(decoder: &mut Decoder, mut bytes: &[u8], last: bool, out: &mut String) {
    loop {
        let room = decoder.max_utf8_buffer_length(bytes.len()).unwrap_or(bytes.len() * 3 + 16);
        out.reserve(room);
        let (result, read, _) = decoder.decode_to_string(bytes, out, last);
        bytes = &bytes[read..];
        if result == CoderResult::InputEmpty {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::StreamDecoder;
    use encoding_rs::{EUC_JP, GB18030, ISO_2022_JP, SHIFT_JIS, WINDOWS_1252};

    /// Decode `bytes` in chunks of `chunk`, returning the text and its map.
    fn tracked(bytes: &[u8], encoding: &'static Encoding, chunk: usize) -> (String, ByteOffsets) {
        let mut d = StreamDecoder::tracking(encoding);
        let mut text = String::new();
        for c in bytes.chunks(chunk.max(1)) {
            text.push_str(d.decode(c, false));
        }
        text.push_str(d.decode(&[], true));
        (text, d.offsets().cloned().unwrap_or_default())
    }

    /// Every character of `text` maps to the start of its own bytes in `bytes`, found by
    /// encoding it (characters of `chars` and their bytes, in order).
    fn check(name: &str, encoding: &'static Encoding, pieces: &[(&str, &[u8])]) {
        let bytes: Vec<u8> = pieces.iter().flat_map(|(_, b)| b.iter().copied()).collect();
        for chunk in [1, 2, 3, 7, bytes.len()] {
            let (text, map) = tracked(&bytes, encoding, chunk);
            let want: String = pieces.iter().map(|(t, _)| *t).collect();
            // A UTF-8 BOM is counted, not decoded.
            let text_want = if bytes.starts_with(b"\xEF\xBB\xBF") { &want[3..] } else { &want[..] };
            assert_eq!(text, text_want, "{name}, chunks of {chunk}");
            let (mut d, mut b) = (0, 0);
            for (t, raw) in pieces {
                // A piece that decodes to nothing (a BOM) has no offset of its own.
                if !t.is_empty() {
                    assert_eq!(map.byte_offset(d), b, "{name}, chunks of {chunk}: {t:?} at {d}");
                }
                d += t.len();
                b += raw.len();
            }
            assert_eq!(map.byte_offset(d), b, "{name}: the end");
            assert_eq!(map.len(), (d, b), "{name}: covered");
        }
    }

    #[test]
    fn every_character_maps_to_its_own_bytes() {
        check("windows-1252", WINDOWS_1252, &[("<p>", b"<p>"), ("é", b"\xE9"), ("€", b"\x80"), ("x</p>", b"x</p>")]);
        check(
            "Shift_JIS",
            SHIFT_JIS,
            &[("<p>", b"<p>"), ("日", b"\x93\xfa"), ("本", b"\x96\x7b"), ("ｱ", b"\xB1"), ("a", b"a")],
        );
        // A lead byte without its trail: U+FFFD and the ASCII byte come out of one step.
        check("Shift_JIS, malformed", SHIFT_JIS, &[("a", b"a"), ("\u{FFFD}", b"\x81"), ("<", b"<"), ("b", b"b")]);
        check(
            "UTF-16LE",
            UTF_16LE,
            &[
                ("", b"\xFF\xFE"),
                ("<", b"<\0"),
                ("é", b"\xE9\0"),
                ("😀", b"\x3D\xD8\x00\xDE"),
                ("\u{FFFD}", b"\x00\xD8"),
                ("x", b"x\0"),
                ("\u{FFFD}", b"y"),
            ],
        );
        check("UTF-16BE, no BOM", UTF_16BE, &[("<", b"\0<"), ("é", b"\0\xE9")]);
        check(
            "UTF-8",
            UTF_8,
            &[
                ("\u{FEFF}", b"\xEF\xBB\xBF"),
                ("é<", "é<".as_bytes()),
                ("\u{FFFD}", b"\xC3"),
                ("x", b"x"),
                ("\u{FFFD}", b"\xE2\x82"),
            ],
        );
        check("EUC-JP", EUC_JP, &[("a", b"a"), ("日", b"\xC6\xFC"), ("b", b"b")]);
        check("gb18030", GB18030, &[("a", b"a"), ("€", b"\x80"), ("\u{80}", b"\x81\x30\x81\x30"), ("b", b"b")]);
        check("ISO-2022-JP", ISO_2022_JP, &[("a", b"a"), ("日", b"\x1B$BF|"), ("b", b"\x1B(Bb")]);
    }

    #[test]
    fn a_lookup_walks_one_stride_and_memory_stays_small() {
        // 100k non-ASCII windows-1252 bytes between ASCII: one group each, 2 bytes a group.
        let bytes: Vec<u8> = (0..100_000).map(|i| if i % 2 == 0 { b'a' } else { 0xE9 }).collect();
        let (text, map) = tracked(&bytes, WINDOWS_1252, 1 << 16);
        assert_eq!(map.groups.len(), 100_000);
        assert!(map.marks.len() <= 100_000 / STRIDE + 1);
        for (i, (d, _)) in text.char_indices().enumerate().step_by(997) {
            assert_eq!(map.byte_offset(d), i);
        }
        // ASCII only: a handful of groups.
        let (_, ascii) = tracked(&[b'x'; 100_000], WINDOWS_1252, 1 << 16);
        assert!(ascii.groups.len() <= 8, "{}", ascii.groups.len());
    }

    #[test]
    fn forgetting_keeps_later_offsets() {
        let bytes: Vec<u8> = (0..10_000).map(|i| if i % 2 == 0 { b'a' } else { 0xE9 }).collect();
        let (_, mut map) = tracked(&bytes, WINDOWS_1252, 100);
        let whole = map.clone();
        map.forget_before(12_000);
        assert!(map.groups.len() < whole.groups.len());
        for d in (12_000..15_000).filter(|d| d % 3 == 0) {
            assert_eq!(map.byte_offset(d), whole.byte_offset(d), "{d}");
        }
    }
}
