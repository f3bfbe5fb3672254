//! Writing trees back: the HTML serializer (every style, documents and fragments), the authoring
//! checker and the XML serializer never panic; checker spans lie on character boundaries; the
//! checked XML output of an XML5 tree (`to_xml_well_formed`) is well-formed by the tests'
//! independent checker and parses back to the same tree, and a refusal names a node that
//! breaks its rule.
//!
//! Round trip as a fixed point: for a document the parser built, `round_trip()` output parses
//! to a tree that serializes to the same text, except for the trees the spec says do not
//! round-trip (#serialising-html-fragments, the notes), each excluded by name in
//! [`NOT_ROUND_TRIPPING`] and by nothing else.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::dom::{Dom, Namespace, NodeData};
use statemark::html::serialize::SerializeOptions;
use statemark::html::{TreeOptions, parse_document, parse_fragment_with};
use statemark::xml5::serialize::{XmlRule, XmlSerializeError};
use statemark_fuzz::{Case, context};

/// The tests crate's independent XML 1.0 + Namespaces checker, the same file.
#[path = "../../tests/src/xml_wf.rs"]
mod xml_wf;

fuzz_target!(|data: &[u8]| {
    let case = Case::new(data);
    let options = match case.choice % 3 {
        0 => SerializeOptions::default(),
        1 => SerializeOptions::round_trip(),
        _ => SerializeOptions::html5lib(),
    };
    let dom = parse_document(&case.text);
    let once = dom.to_html_with(&options);
    if case.choice % 3 == 1 && !NOT_ROUND_TRIPPING.iter().any(|(_, excluded)| excluded(&dom)) {
        let twice = parse_document(&once).to_html_with(&options);
        assert_eq!(once, twice, "round_trip() is not a fixed point");
    }
    let frag = parse_fragment_with(&case.text, &context(case.choice >> 2), TreeOptions::default());
    let _ = frag.to_html_with(&options);
    for d in statemark::html::check(&case.text) {
        assert!(d.span.start <= d.span.end && d.span.end <= case.text.len());
        assert!(case.text.is_char_boundary(d.span.start) && case.text.is_char_boundary(d.span.end), "{d:?}");
    }
    let xml = statemark::xml5::parse(&case.text);
    let written = xml.to_xml();
    match xml.to_xml_well_formed() {
        // Well-formed by the tests' independent checker, and the same tree (prefixes too) back.
        Ok(s) => {
            assert_eq!(s, written);
            if let Err(e) = xml_wf::check_document(&s) {
                panic!("to_xml_well_formed wrote {s:?}, not well-formed: {e}");
            }
            // XML 1.0 reads a `?` in PI data as written; XML5 keeps it only when another `?`
            // follows (#pi_after_state: "anything else: reconsume in the pi data state", the `?`
            // not appended). Such data is well-formed (checked above) but cannot survive an
            // XML5 reparse, so the tree comparison leaves those documents out.
            let pi_question = xml
                .descendants(xml.root())
                .any(|n| matches!(xml.data(n), NodeData::ProcessingInstruction { data, .. } if data.contains('?')));
            if !pi_question {
                let again = statemark::xml5::parse(&s);
                assert_eq!(dump(&xml), dump(&again), "XML output {s:?} parses differently");
            }
        }
        Err(e) => assert!(breaks(&xml, &e), "{e} is not what node {} holds: {written:?}", e.node.index()),
    }
});

fn html_elements<'d>(dom: &'d Dom) -> impl Iterator<Item = (statemark::dom::NodeId, &'d str)> + 'd {
    dom.descendants(dom.root())
        .filter_map(move |n| dom.element(n).filter(|e| e.name.ns == Namespace::Html).map(|e| (n, &*e.name.local)))
}

fn html_parent(dom: &Dom, n: statemark::dom::NodeId) -> Option<&str> {
    let p = dom[n].parent()?;
    dom.element(p).filter(|e| e.name.ns == Namespace::Html).map(|e| &*e.name.local)
}

fn has_html_ancestor(dom: &Dom, n: statemark::dom::NodeId, local: &str) -> bool {
    let mut cur = dom[n].parent();
    while let Some(p) = cur {
        if dom.element(p).is_some_and(|e| e.name.ns == Namespace::Html && &*e.name.local == local) {
            return true;
        }
        cur = dom[p].parent();
    }
    false
}

/// The trees #serialising-html-fragments says may not round-trip, by name: "It is possible that
/// the output of this algorithm, if parsed with an HTML parser, will not return the original
/// tree structure. Tree structures that do not roundtrip a serialize and reparse step can also
/// be produced by the HTML parser itself, although such cases are typically non-conforming."
/// (with its `<form>` example), and the `plaintext` and script-escape notes of
/// `tests/expectations/round_trip.json`.
/// A named case the spec lets fail to round-trip, and how to see it in a tree.
type Exclusion = (&'static str, fn(&Dom) -> bool);

const NOT_ROUND_TRIPPING: &[Exclusion] = &[
    // A `selectedcontent`'s children are the copy the parser makes of the selected `option`
    // (#the-selectedcontent-element, its post-connection steps): parsed again, the copy is made
    // again and the written children come after it.
    ("selectedcontent element", |dom| html_elements(dom).any(|(_, l)| l == "selectedcontent")),
    // The tokenizer never leaves the PLAINTEXT state: nothing after `<plaintext>` is markup.
    ("plaintext element", |dom| html_elements(dom).any(|(_, l)| l == "plaintext")),
    // Script text holding `<!--` can end in the double-escaped state and swallow `</script>`.
    ("script text with <!--", |dom| {
        html_elements(dom).any(|(n, l)| l == "script" && dom.text_content(n).contains("<!--"))
    }),
    // The spec's example: nesting the parser itself makes (form pointer, adoption agency,
    // foster parenting) that its markup closes on the way back.
    ("parser-made nesting", |dom| {
        const SELF_CLOSING: [&str; 9] = ["a", "form", "nobr", "button", "p", "li", "dd", "dt", "option"];
        const HEADINGS: [&str; 6] = ["h1", "h2", "h3", "h4", "h5", "h6"];
        const TABLE_PARTS: [&str; 8] = ["caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td"];
        html_elements(dom).any(|(n, l)| {
            (SELF_CLOSING.contains(&l) && has_html_ancestor(dom, n, l))
                || ((TABLE_PARTS.contains(&l) || l == "th" || l == "table")
                    && !matches!(
                        html_parent(dom, n),
                        Some("table" | "tbody" | "thead" | "tfoot" | "tr" | "template" | "colgroup" | "td" | "th")
                            | None
                    ))
                || (l == "table" && has_html_ancestor(dom, n, "p"))
                // A heading the adoption agency left inside a heading: written back, its start
                // tag closes the outer one (#parsing-main-inbody, "h1, h2, h3, h4, h5, h6").
                || (HEADINGS.contains(&l) && HEADINGS.iter().any(|h| has_html_ancestor(dom, n, h)))
        })
    }),
];

/// The html5lib tree format plus each element's and attribute's prefix.
fn dump(dom: &Dom) -> String {
    let mut s = dom.to_test_format();
    for n in dom.descendants(dom.root()) {
        if let Some(e) = dom.element(n) {
            s.push_str(e.name.prefix.as_deref().unwrap_or("-"));
            for a in e.attrs() {
                s.push(' ');
                s.push_str(a.name.prefix.unwrap_or("-"));
            }
            s.push('\n');
        }
    }
    s
}

/// An ASCII-only approximation of an XML NCName (any non-ASCII character passes): a name it
/// rejects is certainly not an NCName; one it accepts may still be rejected for a non-ASCII
/// character outside the Name classes.
fn ascii_ncname(name: &str) -> bool {
    let mut chars = name.chars();
    let start = |c: char| c.is_ascii_alphabetic() || c == '_' || !c.is_ascii();
    chars.next().is_some_and(start) && chars.all(|c| start(c) || c.is_ascii_digit() || c == '-' || c == '.')
}

/// Whether the node `e` names plausibly breaks its rule, judged by simple predicates written
/// apart from the serializer's checks.
fn breaks(dom: &Dom, e: &XmlSerializeError) -> bool {
    let suspicious_name = |n: &str| !ascii_ncname(n) || !n.is_ascii();
    let bad_char =
        |s: &str| s.chars().any(|c| (c < ' ' && !"\t\n\r".contains(c)) || c == '\u{FFFE}' || c == '\u{FFFF}');
    let data = dom.data(e.node);
    match (e.rule, data) {
        (XmlRule::ElementName, NodeData::Element(el)) => suspicious_name(&el.name.local),
        (XmlRule::ElementPrefix, NodeData::Element(el)) => el.name.prefix.as_deref().is_some_and(suspicious_name),
        (XmlRule::ElementPrefixXmlns, NodeData::Element(el)) => el.name.prefix.as_deref() == Some("xmlns"),
        (XmlRule::AttributeName, NodeData::Element(el)) => {
            el.attrs().any(|a| suspicious_name(a.name.local) || a.name.local == "xmlns")
        }
        (XmlRule::AttributePrefix, NodeData::Element(el)) => {
            el.attrs().any(|a| a.name.prefix.is_some_and(suspicious_name))
        }
        (XmlRule::NamespaceDeclaration, NodeData::Element(el)) => {
            el.attrs().any(|a| *a.name.ns == Namespace::Xmlns || a.name.prefix == Some("xmlns"))
        }
        (XmlRule::DuplicateAttribute | XmlRule::UnboundPrefix | XmlRule::NamespaceMismatch, NodeData::Element(el)) => {
            el.name.prefix.is_some() || el.attrs().len() > 0 || el.name.ns != Namespace::None
        }
        (XmlRule::Char, NodeData::Element(el)) => el.attrs().any(|a| bad_char(a.value)),
        (XmlRule::Char, NodeData::Text(t) | NodeData::Comment(t)) => bad_char(t),
        (XmlRule::Char, NodeData::ProcessingInstruction { data, .. }) => bad_char(data),
        (XmlRule::CommentData, NodeData::Comment(c)) => c.contains("--") || c.ends_with('-'),
        (XmlRule::PiTarget, NodeData::ProcessingInstruction { target, .. }) => {
            suspicious_name(target) || target.eq_ignore_ascii_case("xml")
        }
        (XmlRule::PiData, NodeData::ProcessingInstruction { data, .. }) => data.contains("?>"),
        (XmlRule::PiDataSpace, NodeData::ProcessingInstruction { data, .. }) => {
            data.starts_with([' ', '\t', '\n', '\r'])
        }
        (XmlRule::XmlDeclaration, NodeData::ProcessingInstruction { target, .. }) => target == "xml",
        (
            XmlRule::DoctypeName | XmlRule::DoctypePublicId | XmlRule::DoctypeSystemId | XmlRule::DoctypePlacement,
            NodeData::Doctype { .. },
        ) => true,
        (XmlRule::DocumentElement, NodeData::Document) => {
            dom.children(e.node).filter(|&c| dom.element(c).is_some()).count() != 1
        }
        (XmlRule::DocumentText, NodeData::Text(t)) => {
            dom[e.node].parent() == Some(dom.root()) && !t.trim_matches([' ', '\t', '\n', '\r']).is_empty()
        }
        _ => false,
    }
}
