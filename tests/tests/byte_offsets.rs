//! Offsets into the bytes the caller passed, whatever their encoding (issue 22, item 4: one
//! coordinate system): every html5lib tree-construction document encoded in windows-1252,
//! Shift_JIS, UTF-16LE (with a BOM) and UTF-16BE (labelled) parses from those bytes to the tree
//! and errors its `&str` parse gives, each error at the offset of the bytes of the character
//! it is at; source spans (whole and streamed) and `tokenize_reader`'s token spans are the
//! bytes of their markup.

use statemark::dom::{Dom, NodeData};
use statemark::encoding::{ByteParser, Encoding, EncodingOptions, build_document_from_bytes};
use statemark::html::{Token, TreeOptions, parse_bytes, parse_with_errors, tokenize_reader};
use statemark_tests::suite;
use statemark_tests::tree::parse_dat;

/// An encoding the test writes bytes in.
#[derive(Clone, Copy)]
enum Enc {
    Legacy(&'static str),
    Utf16 { big_endian: bool, bom: bool },
}

impl Enc {
    fn name(self) -> String {
        match self {
            Enc::Legacy(l) => l.to_owned(),
            Enc::Utf16 { big_endian, bom } => {
                format!("UTF-16{}{}", if big_endian { "BE" } else { "LE" }, if bom { "+BOM" } else { "" })
            }
        }
    }

    /// `c`'s bytes, or `None` if the encoding has none for it.
    fn char_bytes(self, c: char) -> Option<Vec<u8>> {
        match self {
            Enc::Legacy(label) => {
                let e = Encoding::for_label(label.as_bytes())?;
                let mut buf = [0; 4];
                let (bytes, _, unmappable) = e.encode(c.encode_utf8(&mut buf));
                // It must also come back as itself.
                let (back, bad) = e.decode_without_bom_handling(&bytes);
                (!unmappable && !bad && back.chars().eq([c])).then(|| bytes.into_owned())
            }
            Enc::Utf16 { big_endian, .. } => Some(
                c.encode_utf16(&mut [0; 2])
                    .iter()
                    .flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() })
                    .collect(),
            ),
        }
    }

    /// `text` encoded, and for every char boundary of `text` (indexed by its offset) the
    /// offset of its bytes; `None` if a character has no bytes here.
    fn encode(self, text: &str) -> Option<(Vec<u8>, Vec<usize>)> {
        let mut bytes = Vec::new();
        let mut at = vec![0; text.len() + 1];
        if let Enc::Utf16 { bom: true, big_endian } = self {
            bytes.extend(if big_endian { [0xFE, 0xFF] } else { [0xFF, 0xFE] });
        }
        for (i, c) in text.char_indices() {
            at[i] = bytes.len();
            bytes.extend(self.char_bytes(c)?);
        }
        at[text.len()] = bytes.len();
        Some((bytes, at))
    }

    fn options(self) -> EncodingOptions {
        match self {
            Enc::Legacy(l) => EncodingOptions::transport_label(l),
            Enc::Utf16 { big_endian: true, .. } => EncodingOptions::transport_label("utf-16be"),
            Enc::Utf16 { big_endian: false, .. } => EncodingOptions::transport_label("utf-16le"),
        }
    }
}

/// Text each encoding has bytes for, none of it ASCII.
fn sample(enc: Enc) -> &'static str {
    match enc {
        Enc::Legacy("windows-1252") => "é€ü",
        Enc::Legacy("shift_jis") => "日本ｱ",
        Enc::Legacy(_) => "한국가",
        Enc::Utf16 { .. } => "é日本😀ü",
    }
}

const ENCODINGS: [Enc; 5] = [
    Enc::Legacy("windows-1252"),
    Enc::Legacy("shift_jis"),
    Enc::Legacy("euc-kr"),
    Enc::Utf16 { big_endian: false, bom: true },
    Enc::Utf16 { big_endian: true, bom: false },
];

#[test]
fn every_error_is_at_the_bytes_of_its_character() {
    let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let mut files: Vec<_> =
        std::fs::read_dir(dir.join("tree-construction")).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let mut inputs = Vec::new();
    for f in files.iter().filter(|p| p.extension().is_some_and(|x| x == "dat")) {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        inputs.extend(parse_dat(&text).into_iter().filter(|c| c.fragment.is_none()).map(|c| c.data));
    }
    let mut failed = Vec::new();
    for enc in ENCODINGS {
        let (mut checked, mut errors, mut skipped) = (0, 0, 0);
        // The suite's inputs are nearly all ASCII: each also with text of this encoding's
        // script after every `>`, so that offsets differ from the UTF-8 text's.
        let text = sample(enc);
        let variants = inputs.iter().flat_map(|i| [i.clone(), i.replace('>', &format!(">{text}"))]);
        for input in variants {
            let input = &input;
            // A BOM in the text would be a second one after UTF-16's own.
            let Some((bytes, at)) = enc.encode(input).filter(|_| !input.starts_with('\u{FEFF}')) else {
                skipped += 1;
                continue;
            };
            let statemark::Parsed { dom: want_dom, errors: want } = parse_with_errors(input, TreeOptions::default());
            let got = parse_bytes(&bytes, &enc.options(), TreeOptions::default());
            let found = got.errors;
            checked += 1;
            errors += found.len();
            if got.dom.to_test_format() != want_dom.to_test_format() {
                failed.push(format!("{}: {input:?}: another tree", enc.name()));
                continue;
            }
            let want: Vec<(String, usize)> = want.iter().map(|e| (e.code.to_string(), at[e.position.offset])).collect();
            let found: Vec<(String, usize)> = found.iter().map(|e| (e.code.to_string(), e.position.offset)).collect();
            if want != found {
                failed.push(format!("{}: {input:?}:\n  want {want:?}\n  got  {found:?}", enc.name()));
            }
        }
        println!("{}: {checked} documents, {errors} errors at their bytes; {skipped} not representable", enc.name());
        assert!(checked > 1000, "{}: only {checked} documents", enc.name());
    }
    assert!(failed.is_empty(), "{} failed:\n{}", failed.len(), failed.join("\n"));
}

/// A page with non-ASCII `text` and an attribute value `value` in and around its markup.
fn page(text: &str, value: &str) -> String {
    format!("<!DOCTYPE html><title>{text}</title><p class=\"{value}\">x{text}<b>y</b>\0z</div><!--{text}-->{text}")
}

#[test]
fn source_spans_and_token_spans_are_the_bytes_of_their_markup() {
    for enc in ENCODINGS {
        let name = enc.name();
        let (text, value) = (sample(enc), sample(enc));
        let (bytes, _) = enc.encode(&page(text, value)).expect("representable");
        let decode = |span: statemark::Span| -> String {
            let e = Encoding::for_label(enc.options().transport.unwrap().name().as_bytes()).unwrap();
            e.decode_without_bom_handling(&bytes[span.start..span.end]).0.into_owned()
        };
        let whole = build_document_from_bytes(&bytes, &enc.options(), TreeOptions::default(), || {
            Dom::new().with_source_spans()
        });
        let mut streamed = ByteParser::new(enc.options(), TreeOptions::default(), || Dom::new().with_source_spans());
        for chunk in bytes.chunks(5) {
            streamed.feed(chunk);
        }
        let streamed = streamed.finish();
        let mut elements = 0;
        for dom in [&whole.tree, &streamed.tree] {
            for n in dom.descendants(dom.document()) {
                let Some(span) = dom.source_span(n).filter(|s| !s.is_empty()) else { continue };
                let markup = decode(span);
                match dom.data(n) {
                    NodeData::Element(e) => {
                        elements += 1;
                        assert!(
                            markup.starts_with(&format!("<{}", e.name.local)),
                            "{name}: {markup:?} for <{}>",
                            e.name.local
                        );
                        assert!(markup.ends_with('>'), "{name}: {markup:?}");
                    }
                    NodeData::Text(t) => {
                        let first = t.chars().next().unwrap_or(' ');
                        assert!(markup.contains(first), "{name}: {markup:?} for the text {t:?}");
                    }
                    NodeData::Comment(c) => assert_eq!(markup, format!("<!--{c}-->"), "{name}"),
                    _ => {}
                }
            }
        }
        // `title`, `p` and `b` in each tree (the others were made without markup).
        assert_eq!(elements, 2 * 3, "{name}: element spans");
        // Tokens from a reader.
        let mut tags = Vec::new();
        let mut reader = tokenize_reader(&bytes[..], &enc.options());
        while let Some(token) = reader.next_spanned() {
            let (token, span) = token.expect("no I/O error");
            let markup = decode(span);
            match token {
                Token::StartTag(t) | Token::EndTag(t) => {
                    assert!(markup.starts_with('<') && markup.ends_with('>'), "{name}: {markup:?}");
                    assert!(markup.contains(t.name.as_ref()), "{name}: {markup:?}");
                    tags.push(markup);
                }
                Token::Characters(c) => {
                    assert_eq!(markup.replace('\0', "\u{FFFD}"), c.replace('\0', "\u{FFFD}"), "{name}")
                }
                _ => {}
            }
        }
        let p = format!("<p class=\"{value}\">");
        assert_eq!(tags, ["<title>", "</title>", &p, "<b>", "</b>", "</div>"], "{name}");
    }
}

#[test]
fn a_utf8_bom_and_malformed_utf8_are_counted_as_bytes_too() {
    // "\xC3" is malformed (one U+FFFD for one byte), the BOM three bytes before everything.
    let bytes = b"\xEF\xBB\xBF<p>\xC3</div>";
    let parsed = parse_bytes(bytes, &EncodingOptions::default(), TreeOptions::default());
    assert_eq!(parsed.encoding.name(), "UTF-8");
    let at: Vec<(String, usize)> = parsed.errors.iter().map(|e| (e.code.to_string(), e.position.offset)).collect();
    assert_eq!(at, [("missing-doctype".to_owned(), 3), ("end-tag-without-open-element".to_owned(), 7)]);
    assert_eq!(&bytes[7..13], b"</div>");
}
