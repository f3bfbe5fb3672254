//! The byte-level scanners of the encoding sniffing algorithm: "prescan a byte stream to determine
//! its encoding" with its "get an attribute", "get an XML encoding", and the algorithm for
//! extracting a character encoding from a `meta` element's `content` attribute.

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};
use std::collections::HashSet;

/// "Running out of bytes": the prescan's position went past the end of what it was given.
struct OutOfBytes;

type Scan<T> = Result<T, OutOfBytes>;

/// HT, LF, FF, CR, SP: the prescan's (and ASCII whitespace's) space bytes.
fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

fn at(bytes: &[u8], pos: usize) -> Scan<u8> {
    bytes.get(pos).copied().ok_or(OutOfBytes)
}

/// "UTF-16BE/LE" as the spec writes it: either UTF-16 encoding.
pub(crate) fn is_utf16(e: &'static Encoding) -> bool {
    e == UTF_16BE || e == UTF_16LE
}

/// Prescan a byte stream to determine its encoding (spec: #prescan-a-byte-stream-to-determine-its-encoding),
/// with the end condition being the end of `bytes`: pass the first 1024 bytes (or whatever
/// the caller decided is worth scanning). Returns `None` for failure.
///
/// ```
/// use statemark::encoding::prescan;
///
/// assert_eq!(prescan(b"<!-- x --><meta charset=\"ISO-8859-2\">").unwrap().name(), "ISO-8859-2");
/// assert_eq!(prescan(b"<meta http-equiv=Content-Type content='text/html; charset=euc-jp'>").unwrap().name(), "EUC-JP");
/// assert!(prescan(b"<metacharset=iso8859-2>").is_none());
/// ```
pub fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    match prescan_meta(bytes) {
        Ok(found) => Some(found),
        // "If at any point ... the user agent either runs out of bytes ... or reaches its end
        // condition, then abort ... and return the result get an XML encoding applied to the
        // same bytes."
        Err(OutOfBytes) => xml_encoding(bytes),
    }
}

/// The prescan's steps 1-4; returns only with an encoding or on running out of bytes (the loop
/// has no other exit).
fn prescan_meta(b: &[u8]) -> Scan<&'static Encoding> {
    // Step 2: UTF-16 XML declarations ('<?x' in UTF-16LE, then UTF-16BE).
    if b.starts_with(&[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
        return Ok(UTF_16LE);
    }
    if b.starts_with(&[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
        return Ok(UTF_16BE);
    }
    let mut pos = 0;
    // Step 3, "Loop".
    loop {
        let rest = b.get(pos..).filter(|r| !r.is_empty()).ok_or(OutOfBytes)?;
        if rest.starts_with(b"<!--") {
            // The first '>' preceded by two '-' after the '<' (the dashes of '<!--' count).
            pos =
                (pos + 4..b.len()).find(|&j| b[j] == b'>' && b[j - 1] == b'-' && b[j - 2] == b'-').ok_or(OutOfBytes)?;
        } else if rest.len() >= 6
            && rest[0] == b'<'
            && rest[1..5].eq_ignore_ascii_case(b"meta")
            && (is_space(rest[5]) || rest[5] == b'/')
        {
            // Step 3, '<meta' substeps 1-16.
            pos += 5;
            if let Some(found) = meta(b, &mut pos)? {
                return Ok(found);
            }
        } else if rest[0] == b'<'
            && (rest.get(1).is_some_and(u8::is_ascii_alphabetic)
                || (rest.get(1) == Some(&b'/') && rest.get(2).is_some_and(u8::is_ascii_alphabetic)))
        {
            // A start or end tag: skip its name, then its attributes.
            pos = (pos..b.len()).find(|&j| is_space(b[j]) || b[j] == b'>').ok_or(OutOfBytes)?;
            while get_attribute(b, &mut pos)?.is_some() {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos = (pos + 1..b.len()).find(|&j| b[j] == b'>').ok_or(OutOfBytes)?;
        }
        // Step 4, "Next byte".
        pos += 1;
    }
}

/// The '<meta' branch of the prescan (substeps 2-16), `pos` at the space or slash after the
/// name. `Ok(None)` means "jump to the step labeled next byte".
fn meta(b: &[u8], pos: &mut usize) -> Scan<Option<&'static Encoding>> {
    let mut attribute_list: HashSet<Vec<u8>> = HashSet::new();
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    // None is the spec's null; Some(None) is failure.
    let mut charset: Option<Option<&'static Encoding>> = None;
    // Substep 6, "Attributes".
    while let Some((name, value)) = get_attribute(b, pos)? {
        // Substeps 7-8.
        if !attribute_list.insert(name.clone()) {
            continue;
        }
        // Substep 9.
        match &name[..] {
            b"http-equiv" if value == b"content-type" => got_pragma = true,
            b"content" if charset.is_none() => {
                if let Some(e) = extract_from_content(&value) {
                    charset = Some(Some(e));
                    need_pragma = Some(true);
                }
            }
            b"charset" => {
                charset = Some(Encoding::for_label(&value));
                need_pragma = Some(false);
            }
            _ => {}
        }
    }
    // Substeps 11-16, "Processing".
    let Some(need_pragma) = need_pragma else { return Ok(None) };
    if need_pragma && !got_pragma {
        return Ok(None);
    }
    let Some(Some(mut e)) = charset else { return Ok(None) };
    if is_utf16(e) {
        e = UTF_8;
    }
    if e == X_USER_DEFINED {
        e = WINDOWS_1252;
    }
    Ok(Some(e))
}

/// Get an attribute (spec: #concept-get-attributes-when-sniffing): `Ok(None)` when there isn't
/// one; names and values are lowercased bytes.
fn get_attribute(b: &[u8], pos: &mut usize) -> Scan<Option<(Vec<u8>, Vec<u8>)>> {
    // Step 1.
    while is_space(at(b, *pos)?) || at(b, *pos)? == b'/' {
        *pos += 1;
    }
    // Step 2.
    if at(b, *pos)? == b'>' {
        return Ok(None);
    }
    // Step 3.
    let mut name = Vec::new();
    let mut value = Vec::new();
    // Steps 4-5: the name.
    loop {
        let c = at(b, *pos)?;
        if c == b'=' && !name.is_empty() {
            *pos += 1;
            break;
        } else if is_space(c) {
            // Steps 6-8, "Spaces".
            while is_space(at(b, *pos)?) {
                *pos += 1;
            }
            if at(b, *pos)? != b'=' {
                return Ok(Some((name, value)));
            }
            *pos += 1;
            break;
        } else if c == b'/' || c == b'>' {
            return Ok(Some((name, value)));
        }
        name.push(c.to_ascii_lowercase());
        *pos += 1;
    }
    // Step 9, "Value".
    while is_space(at(b, *pos)?) {
        *pos += 1;
    }
    // Step 10.
    let c = at(b, *pos)?;
    if c == b'"' || c == b'\'' {
        loop {
            *pos += 1;
            let d = at(b, *pos)?;
            if d == c {
                *pos += 1;
                return Ok(Some((name, value)));
            }
            value.push(d.to_ascii_lowercase());
        }
    }
    if c == b'>' {
        return Ok(Some((name, value)));
    }
    value.push(c.to_ascii_lowercase());
    *pos += 1;
    // Steps 11-12.
    loop {
        let c = at(b, *pos)?;
        if is_space(c) || c == b'>' {
            return Ok(Some((name, value)));
        }
        value.push(c.to_ascii_lowercase());
        *pos += 1;
    }
}

/// Get an XML encoding (spec: #concept-get-xml-encoding-when-sniffing): the encoding named by
/// an `<?xml ... encoding="...">` declaration at the very start of `bytes`.
pub(crate) fn xml_encoding(b: &[u8]) -> Option<&'static Encoding> {
    // Steps 1-3.
    if !b.starts_with(b"<?xml") {
        return None;
    }
    let xml_declaration_end = b.iter().position(|&c| c == b'>')?;
    // Steps 4-5. As written, step 4 searches the whole stream, so `<?xml version="1.0"?><p
    // title="encoding='koi8-r'">` would name KOI8-R from an attribute of the page. The
    // standard's editors call that a spec bug (whatwg/html#6939: xmlDeclarationEnd, which step
    // 3 computes and nothing then uses, was meant to bound the search), and Chromium stops at
    // the declaration's end: so does this. Every later step reads within the declaration too.
    let b = &b[..xml_declaration_end];
    let mut p = find(b, b"encoding", 0)? + b"encoding".len();
    // Steps 6-9.
    while *b.get(p)? <= 0x20 {
        p += 1;
    }
    if *b.get(p)? != b'=' {
        return None;
    }
    p += 1;
    while *b.get(p)? <= 0x20 {
        p += 1;
    }
    // Steps 10-14.
    let quote = *b.get(p)?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    p += 1;
    let end = p + b[p..].iter().position(|&c| c == quote)?;
    let potential = &b[p..end];
    // Steps 15-18.
    if potential.iter().any(|&c| c <= 0x20) {
        return None;
    }
    let e = Encoding::for_label(potential)?;
    Some(if is_utf16(e) { UTF_8 } else { e })
}

/// The first occurrence of `needle` in `hay` at or after `from`.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|i| i + from)
}

/// The algorithm for extracting a character encoding from a meta element (spec:
/// #algorithm-for-extracting-a-character-encoding-from-a-meta-element, in the "Fetching
/// resources" section of the HTML standard, not among the texts in `../shared`), given the
/// `content` attribute's value.
///
/// ```
/// use statemark::encoding::extract_from_content;
///
/// assert_eq!(extract_from_content(b"text/html; charset=Shift_JIS").unwrap().name(), "Shift_JIS");
/// assert_eq!(extract_from_content(b"text/html; charset='utf-8'").unwrap().name(), "UTF-8");
/// assert!(extract_from_content(b"text/html; charset='utf-8").is_none());
/// ```
pub fn extract_from_content(s: &[u8]) -> Option<&'static Encoding> {
    // Step 1.
    let mut position = 0;
    loop {
        // Step 2, "Loop": the next "charset", ASCII case-insensitively.
        let i = (position..s.len().saturating_sub(6)).find(|&i| s[i..i + 7].eq_ignore_ascii_case(b"charset"))?;
        // Step 3.
        let mut p = i + 7;
        while s.get(p).is_some_and(|&c| is_space(c)) {
            p += 1;
        }
        // Step 4: not '=': look again from just before that character.
        if s.get(p) != Some(&b'=') {
            position = p;
            continue;
        }
        // Step 5.
        p += 1;
        while s.get(p).is_some_and(|&c| is_space(c)) {
            p += 1;
        }
        // Step 6.
        let &c = s.get(p)?;
        if c == b'"' || c == b'\'' {
            let end = s[p + 1..].iter().position(|&d| d == c)? + p + 1;
            return Encoding::for_label(&s[p + 1..end]);
        }
        let end = s[p..].iter().position(|&d| is_space(d) || d == b';').map_or(s.len(), |e| e + p);
        return Encoding::for_label(&s[p..end]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(b: &[u8]) -> Option<&'static str> {
        prescan(b).map(|e| e.name())
    }

    #[test]
    fn meta_rules() {
        assert_eq!(name(b"<meta charset=euc-jp>"), Some("EUC-JP"));
        // Runs out of bytes inside the tag: failure.
        assert_eq!(name(b"<meta charset=euc-jp"), None);
        // content without http-equiv needs the pragma.
        assert_eq!(name(b"<meta content='text/html; charset=euc-jp'>"), None);
        // The first of two duplicate attributes counts.
        assert_eq!(name(b"<meta charset=euc-jp charset=utf-8>"), Some("EUC-JP"));
        // charset after content overrides it and drops the need for a pragma.
        assert_eq!(name(b"<meta content='charset=euc-jp' charset=big5>"), Some("Big5"));
        assert_eq!(name(b"<meta charset=utf-16le>"), Some("UTF-8"));
        assert_eq!(name(b"<meta charset=x-user-defined>"), Some("windows-1252"));
        // An unknown label is failure, and scanning goes on.
        assert_eq!(name(b"<meta charset=nope><meta charset=koi8-r>"), Some("KOI8-R"));
        // Attributes of other tags are skipped as attributes, so a '>' in a quoted value hides nothing.
        assert_eq!(name(b"<a title='<meta charset=big5>'><meta charset=gbk>"), Some("GBK"));
        // Comments end at '-->' only; '<!-->' is a complete comment.
        assert_eq!(name(b"<!-- <meta charset=big5> --><meta charset=gbk>"), Some("GBK"));
        assert_eq!(name(b"<!--><meta charset=gbk>"), Some("GBK"));
        assert_eq!(name(b"<? <meta charset=big5> ><meta charset=gbk>"), Some("GBK"));
    }

    #[test]
    fn utf16_and_xml_declarations() {
        assert_eq!(name(b"<\0?\0x\0m\0l\0"), Some("UTF-16LE"));
        assert_eq!(name(b"\0<\0?\0x\0m\0l"), Some("UTF-16BE"));
        assert_eq!(name(b"<?xml version='1.0' encoding='windows-1251'?><p>"), Some("windows-1251"));
        assert_eq!(name(b"<?xml version='1.0' encoding = \"utf-16\"?>"), Some("UTF-8"));
        assert_eq!(name(b"<?xml encoding='a b'?>"), None);
        assert_eq!(name(b" <?xml encoding='koi8-r'?>"), None);
        // Not past the declaration's end (whatwg/html#6939).
        assert_eq!(name(b"<?xml version=\"1.0\"?><p title=\"encoding='koi8-r'\">x"), None);
        assert_eq!(name(b"<?xml version='1.0' encoding='koi8-r'"), None);
    }

    #[test]
    fn content_extraction() {
        assert_eq!(extract_from_content(b"charset").map(|e| e.name()), None);
        assert_eq!(extract_from_content(b"charsetx; charset = koi8-r;x").map(|e| e.name()), Some("KOI8-R"));
        assert_eq!(extract_from_content(b"CHARSET=\"gbk\"").map(|e| e.name()), Some("GBK"));
        assert_eq!(extract_from_content(b"charset=").map(|e| e.name()), None);
    }
}
