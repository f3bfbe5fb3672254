//! XML5 on bad input: never panics, closes what is left open, stays linear on deep nesting and
//! many attributes.

use proptest::prelude::*;
use statemark::dom::NodeData;
use statemark::xml5::{Token, parse, parse_with_errors, tokenize};

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_tokenize_and_parse(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let s = String::from_utf8_lossy(&bytes).into_owned();
        let tokens: Vec<Token> = tokenize(&s).collect();
        prop_assert!(tokens.is_empty() || tokens.last() == Some(&Token::Eof));
        let _ = parse_with_errors(&s, true);
    }

    #[test]
    fn markup_like_strings(parts in prop::collection::vec(prop_oneof![
        Just("<a>"), Just("</a>"), Just("</>"), Just("<b/>"), Just("<?pi x?>"), Just("<!--c-->"),
        Just("<![CDATA[x]]>"), Just("&amp;"), Just("&#x41;"), Just("<p:x xmlns:p='u'>"), Just("text"),
        Just("<!DOCTYPE d>"), Just("<"), Just("&"), Just("\0"), Just("\r\n"),
    ], 0..40)) {
        let s = parts.concat();
        let _ = parse_with_errors(&s, true);
    }
}

#[test]
fn unclosed_elements_are_closed_at_eof() {
    let dom = parse("<a><b><c>text");
    let a = dom.children(dom.document()).next().unwrap();
    assert!(matches!(dom.data(a), NodeData::Element(e) if e.name.local == "a"));
    assert_eq!(dom.text_content(a), "text");
}

fn nested(n: usize) -> String {
    let mut s = String::with_capacity(n * 8);
    for _ in 0..n {
        s.push_str("<e>");
    }
    for _ in 0..n {
        s.push_str("</e>");
    }
    s
}

#[test]
fn hundred_thousand_nested_elements() {
    // Linear: 4x the depth within a generous bound of 4x the time is checked by the benchmark;
    // here it must simply finish (no recursion, no quadratic scope check) at 1x and 4x.
    for n in [100_000, 400_000] {
        let dom = parse(&nested(n));
        let elements = dom.descendants(dom.document()).filter(|&d| dom.element(d).is_some()).count();
        assert_eq!(elements, n);
    }
    // End tags that match nothing open: each is an O(1) miss, not a stack walk.
    let s = format!("<r>{}</r>", "</nope>".repeat(100_000));
    let dom = parse(&s);
    assert_eq!(dom.descendants(dom.document()).filter(|&d| dom.element(d).is_some()).count(), 1);
}

#[test]
fn fifty_thousand_attributes() {
    let mut s = String::from("<a");
    for i in 0..50_000 {
        s.push_str(&format!(" a{i}='v'"));
    }
    s.push_str(" a1='dup'/>");
    let parsed = parse_with_errors(&s, true);
    let a = parsed.dom.children(parsed.dom.document()).next().unwrap();
    let NodeData::Element(e) = parsed.dom.data(a) else { panic!("element") };
    assert_eq!(e.attrs().len(), 50_000);
    assert_eq!(parsed.errors.len(), 1);
}
