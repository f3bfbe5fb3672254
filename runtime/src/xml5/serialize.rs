//! Writing XML from a [`Dom`] an XML5 parse built: qualified names and namespace declarations
//! as parsed (prefixes kept, `xmlns` attributes written back), markup characters escaped,
//! empty elements as `<a/>`, with an explicit stack (no recursion on depth).
//!
//! ```
//! let dom = statemark::xml5::parse("<doc xmlns='urn:x'><p:a xmlns:p='urn:p' k='1 &amp; 2'/>t &lt; u</doc>");
//! assert_eq!(dom.to_xml(), "<doc xmlns=\"urn:x\"><p:a xmlns:p=\"urn:p\" k=\"1 &amp; 2\"/>t &lt; u</doc>");
//! ```
//!
//! The output is well-formed XML (one element per start and end tag, every attribute quoted,
//! every `&`, `<` and `>` of character data escaped) except where the tree holds what no
//! well-formed document can: a comment containing `--` or a processing instruction's data
//! containing `?>` are written as they are (XML has no escape for them), several root elements
//! or text beside the root stay where XML5 put them.

use crate::core::StopSet;
use crate::dom::{Dom, NodeData, NodeId, QualNameRef};

/// What [`escape`] replaces, found with the tokenizer's bulk scan.
static TEXT_ESCAPES: StopSet = StopSet::new(b"&<>\r");
static ATTR_ESCAPES: StopSet = StopSet::new(b"&<>\"\t\n\r");
use std::fmt::{self, Write};

/// Write the qualified name as parsed: `prefix:local`, or `local`.
fn write_qname(out: &mut impl Write, name: QualNameRef<'_>) -> fmt::Result {
    if let Some(p) = name.prefix {
        out.write_str(p)?;
        out.write_char(':')?;
    }
    out.write_str(name.local)
}

/// Escape character data (`attr`: an attribute value in `"`). Tab, LF and CR in attribute
/// values are written as character references so that an XML 1.0 processor's attribute-value
/// normalization (XML 1.0 §3.3.3) does not turn them into spaces; XML5 reads them back either
/// way.
fn escape(out: &mut impl Write, s: &str, attr: bool) -> fmt::Result {
    let bytes = s.as_bytes();
    let stop = if attr { &ATTR_ESCAPES } else { &TEXT_ESCAPES };
    let mut run = 0;
    let mut i = 0;
    loop {
        i = stop.find(bytes, i);
        let Some(&b) = bytes.get(i) else { break };
        i += 1;
        let rep = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' if attr => "&quot;",
            b'\t' if attr => "&#9;",
            b'\n' if attr => "&#10;",
            b'\r' => "&#13;",
            _ => continue,
        };
        out.write_str(&s[run..i - 1])?;
        out.write_str(rep)?;
        run = i;
    }
    out.write_str(&s[run..])
}

/// Write `node` (its children, for a Document or fragment) as XML into `out`.
pub fn write_xml<W: Write>(dom: &Dom, node: NodeId, mut out: W) -> Result<W, fmt::Error> {
    // Frames: the element to close (None for the container) and its next child.
    let mut stack: Vec<(Option<QualNameRef<'_>>, Option<NodeId>)> = Vec::new();
    match dom.data(node) {
        NodeData::Document | NodeData::Fragment => stack.push((None, dom[node].first_child())),
        _ => stack.push((None, Some(node))),
    }
    let root_only = !matches!(dom.data(node), NodeData::Document | NodeData::Fragment);
    loop {
        let outermost = stack.len() == 1;
        let Some(top) = stack.last_mut() else { break };
        let Some(child) = top.1 else {
            if let Some((Some(name), _)) = stack.pop() {
                out.write_str("</")?;
                write_qname(&mut out, name)?;
                out.write_char('>')?;
            }
            continue;
        };
        // Outside the node itself, siblings are not ours to write.
        top.1 = if root_only && outermost { None } else { dom[child].next_sibling() };
        match dom.data(child) {
            NodeData::Element(e) => {
                let name = e.name.as_ref();
                out.write_char('<')?;
                write_qname(&mut out, name)?;
                for a in e.attrs() {
                    out.write_char(' ')?;
                    write_qname(&mut out, a.name)?;
                    out.write_str("=\"")?;
                    escape(&mut out, a.value, true)?;
                    out.write_char('"')?;
                }
                match dom[child].first_child() {
                    None => out.write_str("/>")?,
                    Some(first) => {
                        out.write_char('>')?;
                        stack.push((Some(name), Some(first)));
                    }
                }
            }
            NodeData::Text(t) => escape(&mut out, t, false)?,
            NodeData::Comment(c) => {
                out.write_str("<!--")?;
                out.write_str(c)?;
                out.write_str("-->")?;
            }
            NodeData::ProcessingInstruction { target, data } => {
                out.write_str("<?")?;
                out.write_str(target)?;
                if !data.is_empty() {
                    out.write_char(' ')?;
                    out.write_str(data)?;
                }
                out.write_str("?>")?;
            }
            NodeData::Doctype { name, public_id, system_id } => {
                out.write_str("<!DOCTYPE ")?;
                out.write_str(name)?;
                let q = |s: &str| if s.contains('"') { '\'' } else { '"' };
                if !public_id.is_empty() {
                    write!(out, " PUBLIC {0}{1}{0}", q(public_id), public_id)?;
                    if !system_id.is_empty() {
                        write!(out, " {0}{1}{0}", q(system_id), system_id)?;
                    }
                } else if !system_id.is_empty() {
                    write!(out, " SYSTEM {0}{1}{0}", q(system_id), system_id)?;
                }
                out.write_char('>')?;
            }
            NodeData::Document | NodeData::Fragment => {}
        }
    }
    Ok(out)
}

impl Dom {
    /// The whole tree as XML (see [`write_xml`]).
    pub fn to_xml(&self) -> String {
        write_xml(self, self.root(), String::new()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use crate::xml5::parse;

    fn round(input: &str) -> String {
        parse(input).to_xml()
    }

    #[test]
    fn names_and_declarations_as_parsed() {
        let x = "<r xmlns='urn:d' xmlns:p='urn:p'><p:e p:a='1' b='2'/><e/></r>";
        assert_eq!(round(x), r#"<r xmlns="urn:d" xmlns:p="urn:p"><p:e p:a="1" b="2"/><e/></r>"#);
        let dom = parse(&round(x));
        let e = dom.descendants(dom.root()).filter_map(|n| dom.element(n)).nth(1).unwrap();
        assert_eq!((e.name.prefix.as_deref(), &*e.name.local, e.name.ns.url()), (Some("p"), "e", "urn:p"));
    }

    #[test]
    fn escaping() {
        assert_eq!(
            round("<r a='&lt;&amp;&quot;&gt;&#9;&#10;'>&lt;&amp;]]&gt;</r>"),
            "<r a=\"&lt;&amp;&quot;&gt;&#9;&#10;\">&lt;&amp;]]&gt;</r>"
        );
    }

    #[test]
    fn other_nodes() {
        assert_eq!(
            round("<!DOCTYPE r SYSTEM 'r.dtd'><?x?><?y d?><!--c--><r/>"),
            "<!DOCTYPE r SYSTEM \"r.dtd\"><?x?><?y d?><!--c--><r/>"
        );
        assert_eq!(round("<!DOCTYPE r PUBLIC 'p' \"s'\"><r/>"), "<!DOCTYPE r PUBLIC \"p\" \"s'\"><r/>");
    }

    #[test]
    fn outer_of_one_element() {
        let dom = parse("<r><a>x</a><b/></r>");
        let a = dom.descendants(dom.root()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "a")).unwrap();
        assert_eq!(super::write_xml(&dom, a, String::new()).unwrap(), "<a>x</a>");
    }
}
