//! Writing trees back: the HTML serializer (every style, documents and fragments), the authoring
//! checker and the XML serializer never panic; checker spans lie on character boundaries; XML
//! output of an XML5 tree parses back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::html::serialize::SerializeOptions;
use statemark::html::{TreeOptions, parse_document, parse_fragment_with};
use statemark_fuzz::{Case, context};

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let options = match case.choice % 3 {
        0 => SerializeOptions::default(),
        1 => SerializeOptions::round_trip(),
        _ => SerializeOptions::html5lib(),
    };
    let dom = parse_document(&case.text);
    let _ = dom.to_html_with(&options);
    let frag = parse_fragment_with(&case.text, &context(case.choice >> 2), TreeOptions::default());
    let _ = frag.to_html_with(&options);
    for d in statemark::html::check(&case.text) {
        assert!(d.span.start <= d.span.end && d.span.end <= case.text.len());
        assert!(case.text.is_char_boundary(d.span.start) && case.text.is_char_boundary(d.span.end), "{d:?}");
    }
    let xml = statemark::xml5::parse(&case.text);
    let written = xml.to_xml();
    let tree = xml.to_test_format();
    // Processing instructions do not round-trip through the 2016 draft: its "PI after state"
    // drops the `?` before anything but `>` (`<?a x?y?>` has data "xy"), and data cannot
    // start with whitespace. Found by this target; see spec/xml5/README.md.
    // XML5 accepts element and attribute names that are not XML Names (`:`, `a"b`); written as
    // they are they cannot parse back the same (found by this target; the serializer does not
    // yet reject or escape them).
    if !tree.contains("<?") && names_are_xml_names(&xml) {
        let again = statemark::xml5::parse(&written);
        assert_eq!(tree, again.to_test_format(), "XML output {written:?} parses differently");
    }
});

/// Every element and attribute name is an XML Name (with at most one colon, not first or last),
/// over ASCII name characters or any non-ASCII character.
fn names_are_xml_names(dom: &statemark::dom::Dom) -> bool {
    fn ok(name: &str) -> bool {
        let mut chars = name.chars();
        let start = |c: char| c.is_ascii_alphabetic() || c == '_' || !c.is_ascii();
        chars.next().is_some_and(start) && chars.all(|c| start(c) || c.is_ascii_digit() || c == '-' || c == '.')
    }
    fn qualified(prefix: Option<&str>, local: &str) -> bool {
        prefix.is_none_or(ok) && ok(local)
    }
    dom.descendants(dom.root()).all(|n| match dom.element(n) {
        None => true,
        Some(e) => {
            qualified(e.name.prefix.as_deref(), &e.name.local)
                && e.attrs().all(|a| qualified(a.name.prefix, a.name.local))
        }
    })
}
