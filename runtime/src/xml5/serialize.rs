//! Writing XML from a [`Dom`] an XML5 parse built: qualified names and namespace declarations
//! as parsed (prefixes kept, `xmlns` attributes written back), markup characters escaped,
//! empty elements as `<a/>`, with an explicit stack (no recursion on depth).
//!
//! ```
//! let dom = statemark::xml5::parse("<doc xmlns='urn:x'><p:a xmlns:p='urn:p' k='1 &amp; 2'/>t &lt; u</doc>");
//! assert_eq!(dom.to_xml(), "<doc xmlns=\"urn:x\"><p:a xmlns:p=\"urn:p\" k=\"1 &amp; 2\"/>t &lt; u</doc>");
//! ```
//!
//! [`Dom::to_xml`] (and [`write_xml`]) writes the tree as parsed, lossless for XML5: every
//! attribute quoted, `&`, `<` and `>` of character data escaped (so `]]>` in text is written
//! `]]&gt;`; `>` is escaped everywhere, in text and attribute values alike), CR as `&#13;`, tab
//! and LF in attribute values as references. It is well-formed XML only where the tree is one
//! XML can hold: XML5 builds trees XML cannot write as they are — names that are not XML
//! `Name`s (`<1x>`, `<a:b:c>`, an unbound prefix kept in the local name, attributes like
//! `"x`), a comment containing `--` or ending in `-`, a PI whose data contains `?>` or whose
//! target is `xml` (or data starting with white space, which readers drop), namespace
//! declarations XML forbids (`xmlns:p=""`), controls and noncharacters outside XML's `Char`
//! (U+0001, U+FFFE, raw or from `&#1;`), and through the `Dom` editing API anything else
//! (several root elements, text beside the root, names whose prefix does not resolve to their
//! namespace, duplicate attributes). `to_xml` writes those anyway (XML has no escape for them).
//!
//! [`Dom::to_xml_well_formed`] (and [`write_xml_well_formed`]) first runs
//! [`check_well_formed`]: the DOM Parsing serializer's *require well-formed* checks
//! (<https://w3c.github.io/DOM-Parsing/#dfn-concept-serialize-xml>) plus what DOM Parsing
//! leaves to the DOM's own invariants, and returns the first offending node with the
//! [`XmlRule`] it breaks; otherwise the text is `to_xml`'s, which is then well-formed XML 1.0
//! with namespaces. Unlike DOM Parsing it does not fix namespaces up (no generated prefixes or
//! declarations): names and declarations stay as parsed, and a name whose written prefix does
//! not resolve to its namespace is an error instead. The XML declaration, which XML5 keeps as a
//! PI with target `xml` first in the document, is written back when it matches `XMLDecl` (its
//! encoding label is kept as parsed, not rewritten for the output's encoding).
//! `tests/tests/xml_well_formed.rs` checks the output with an independent checker.

use crate::core::StopSet;
use crate::dom::{Dom, Namespace, NodeData, NodeId, QualNameRef};
use crate::tree_interface::xml_chars::{is_name_char, is_name_start, is_xml_char};
use std::collections::{HashMap, HashSet};

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

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

/// Namespaces in XML \[4\] `NCName`: an XML `Name` without `:`.
fn is_ncname(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(is_name_start) && chars.all(is_name_char)
}

/// Namespaces in XML \[7\] `QName`: `NCName` or `NCName:NCName`.
fn is_qname(s: &str) -> bool {
    match s.split_once(':') {
        Some((p, l)) => is_ncname(p) && is_ncname(l),
        None => is_ncname(s),
    }
}

/// XML 1.0 \[3\] `S`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The data of `<?xml DATA?>` matches XML 1.0 \[23\] `XMLDecl` after its `<?xml` (the writer
/// puts one space between target and data): `version` then optional `encoding` and
/// `standalone`, each `S name Eq quoted-value`, then optional `S`.
fn is_xml_decl_data(data: &str) -> bool {
    let b = data.as_bytes();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while b.get(*i).copied().is_some_and(is_space) {
            *i += 1;
        }
    };
    // One pseudo-attribute `name Eq 'value'` at `i`, its value checked by `ok`.
    let pseudo = |i: &mut usize, name: &str, ok: &dyn Fn(&str) -> bool| -> bool {
        if !b[*i..].starts_with(name.as_bytes()) {
            return false;
        }
        *i += name.len();
        skip_space(i);
        if b.get(*i) != Some(&b'=') {
            return false;
        }
        *i += 1;
        skip_space(i);
        let Some(&q @ (b'"' | b'\'')) = b.get(*i) else { return false };
        let Some(len) = b[*i + 1..].iter().position(|&c| c == q) else { return false };
        let value = &data[*i + 1..*i + 1 + len];
        *i += len + 2;
        ok(value)
    };
    // The writer's one space is XMLDecl's first `S`; data that starts with more is fine.
    skip_space(&mut i);
    let version =
        |v: &str| v.strip_prefix("1.").is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
    if !pseudo(&mut i, "version", &version) {
        return false;
    }
    let enc_name = |v: &str| {
        let mut c = v.bytes();
        c.next().is_some_and(|f| f.is_ascii_alphabetic())
            && c.all(|x| x.is_ascii_alphanumeric() || matches!(x, b'.' | b'_' | b'-'))
    };
    let yes_no = |v: &str| v == "yes" || v == "no";
    for (name, ok) in [("encoding", &enc_name as &dyn Fn(&str) -> bool), ("standalone", &yes_no)] {
        let start = i;
        skip_space(&mut i);
        if i == start || !b[i..].starts_with(name.as_bytes()) {
            i = start;
            continue;
        }
        if !pseudo(&mut i, name, ok) {
            return false;
        }
    }
    skip_space(&mut i);
    i == b.len()
}

/// Whether `keys` holds one twice: compared pairwise on the usual few, hashed past that, so
/// linear in their number either way.
fn repeats<T: Eq + std::hash::Hash>(keys: &[T]) -> bool {
    if keys.len() <= 8 {
        return keys.iter().enumerate().any(|(i, k)| keys[..i].contains(k));
    }
    let mut seen = HashSet::with_capacity(keys.len());
    !keys.iter().all(|k| seen.insert(k))
}

/// The namespace bindings the output's own declarations make, innermost last: what a
/// namespace-aware XML processor will resolve the written prefixes to.
#[derive(Default)]
struct Scope<'a> {
    /// Each prefix's bindings (`""` for the default namespace), innermost last.
    bound: HashMap<&'a str, Vec<&'a str>>,
    /// The prefixes bound per open element, to undo (`undo[marks[k]..]` is element k's).
    undo: Vec<&'a str>,
    marks: Vec<usize>,
}

impl<'a> Scope<'a> {
    /// The namespace `prefix` resolves to (`""` for the default namespace and for no
    /// namespace).
    fn lookup(&self, prefix: &str) -> Option<&'a str> {
        if prefix == "xml" {
            return Some(XML_NS);
        }
        match self.bound.get(prefix).and_then(|v| v.last()) {
            Some(url) => Some(url),
            None if prefix.is_empty() => Some(""),
            None => None,
        }
    }

    fn bind(&mut self, prefix: &'a str, url: &'a str) {
        self.bound.entry(prefix).or_default().push(url);
        self.undo.push(prefix);
    }

    fn close(&mut self) {
        let mark = self.marks.pop().unwrap_or(0);
        for p in self.undo.drain(mark..) {
            if let Some(v) = self.bound.get_mut(p) {
                v.pop();
            }
        }
    }
}

/// Check that [`write_xml`]'s output for `node` is well-formed XML 1.0 with namespaces: every
/// *require well-formed* check of the DOM Parsing serializer
/// (<https://w3c.github.io/DOM-Parsing/#dfn-concept-serialize-xml>), and the ones DOM Parsing
/// leaves to the DOM (names are `QName`s, one element in a document, a DOCTYPE only in the
/// prolog) or to its namespace fix-up. That fix-up (generating prefixes and declarations) is
/// not done: the output keeps names and declarations as parsed, so a name whose written
/// prefix does not resolve to its namespace through the written declarations is an error.
/// Starting at an element, declarations made by its ancestors are not in scope (they are not
/// written). Linear in the tree's size, no recursion.
pub fn check_well_formed(dom: &Dom, node: NodeId) -> Result<(), XmlSerializeError> {
    let fail = |node, rule| Err(XmlSerializeError::new(dom, node, None, rule));
    let fail_attr =
        |node, attr: crate::dom::AttrView<'_>, rule| Err(XmlSerializeError::new(dom, node, Some(attr), rule));
    let chars_ok = |s: &str| s.chars().all(is_xml_char);
    if let NodeData::Document = dom.data(node) {
        let mut elements = 0;
        let mut doctype = false;
        for (i, c) in dom.children(node).enumerate() {
            match dom.data(c) {
                NodeData::Element(_) => elements += 1,
                NodeData::Text(t) if !t.bytes().all(is_space) => return fail(c, XmlRule::DocumentText),
                NodeData::Doctype { .. } if doctype || elements > 0 => return fail(c, XmlRule::DoctypePlacement),
                NodeData::Doctype { .. } => doctype = true,
                NodeData::ProcessingInstruction { target: "xml", data }
                    if i == 0 && (!chars_ok(data) || data.contains("?>") || !is_xml_decl_data(data)) =>
                {
                    return fail(c, XmlRule::XmlDeclaration);
                }
                _ => {}
            }
        }
        if elements != 1 {
            return fail(node, XmlRule::DocumentElement);
        }
    }
    let mut scope = Scope::default();
    // Attributes of the current element by qualified name and by expanded name (buffers
    // reused across elements; cleared in time proportional to their length, not capacity).
    let mut written: Vec<(Option<&str>, &str)> = Vec::new();
    let mut expanded: Vec<(&str, &str)> = Vec::new();
    // Explicit stack: per open element (and the container at the bottom), the next child to
    // visit; an exhausted element frame closes that element's scope.
    let container = matches!(dom.data(node), NodeData::Document | NodeData::Fragment);
    let mut stack: Vec<Option<NodeId>> = vec![if container { dom[node].first_child() } else { Some(node) }];
    loop {
        let outermost = stack.len() == 1;
        let Some(top) = stack.last_mut() else { break };
        let Some(id) = *top else {
            stack.pop();
            if !stack.is_empty() {
                scope.close();
            }
            continue;
        };
        // Outside the node itself, siblings are not ours to check.
        *top = if !container && outermost { None } else { dom[id].next_sibling() };
        match dom.data(id) {
            NodeData::Element(e) => {
                let name = e.name.as_ref();
                if !is_ncname(name.local) {
                    return fail(id, XmlRule::ElementName);
                }
                match name.prefix {
                    Some("xmlns") => return fail(id, XmlRule::ElementPrefixXmlns),
                    Some(p) if !is_ncname(p) => return fail(id, XmlRule::ElementPrefix),
                    _ => {}
                }
                scope.marks.push(scope.undo.len());
                written.clear();
                expanded.clear();
                // Declarations first: they apply to the element and all its attributes.
                for a in e.attrs() {
                    if !chars_ok(a.value) {
                        return fail_attr(id, a, XmlRule::Char);
                    }
                    written.push((a.name.prefix, a.name.local));
                    if *a.name.ns != Namespace::Xmlns {
                        continue;
                    }
                    let declared = match (a.name.prefix, a.name.local) {
                        (None, "xmlns") => "",
                        (Some("xmlns"), p) if is_ncname(p) => p,
                        (Some("xmlns"), _) => return fail_attr(id, a, XmlRule::AttributeName),
                        _ => return fail_attr(id, a, XmlRule::NamespaceDeclaration),
                    };
                    let v = a.value;
                    let reserved = match declared {
                        "xml" => v != XML_NS,
                        "xmlns" => true,
                        "" => v == XML_NS,
                        _ => v.is_empty() || v == XML_NS,
                    };
                    if reserved || v == XMLNS_NS {
                        return fail_attr(id, a, XmlRule::NamespaceDeclaration);
                    }
                    scope.bind(declared, v);
                }
                match scope.lookup(name.prefix.unwrap_or("")) {
                    None => return fail(id, XmlRule::UnboundPrefix),
                    Some(url) if url != name.ns.url() => return fail(id, XmlRule::NamespaceMismatch),
                    Some(_) => {}
                }
                if repeats(&written) {
                    return fail(id, XmlRule::DuplicateAttribute);
                }
                for a in e.attrs() {
                    let n = a.name;
                    if *n.ns == Namespace::Xmlns {
                        continue;
                    }
                    if !is_ncname(n.local) || (n.prefix.is_none() && n.local == "xmlns") {
                        return fail_attr(id, a, XmlRule::AttributeName);
                    }
                    match n.prefix {
                        // Unprefixed attributes are in no namespace, whatever the default.
                        None if *n.ns != Namespace::None => return fail_attr(id, a, XmlRule::NamespaceMismatch),
                        None => {}
                        Some("xmlns") => return fail_attr(id, a, XmlRule::NamespaceDeclaration),
                        Some(p) if !is_ncname(p) => return fail_attr(id, a, XmlRule::AttributePrefix),
                        Some(p) => match scope.lookup(p) {
                            None => return fail_attr(id, a, XmlRule::UnboundPrefix),
                            Some(url) if url != n.ns.url() => return fail_attr(id, a, XmlRule::NamespaceMismatch),
                            Some(_) => {}
                        },
                    }
                    if *n.ns != Namespace::None {
                        expanded.push((n.ns.url(), n.local));
                    }
                }
                if repeats(&expanded) {
                    return fail(id, XmlRule::DuplicateAttribute);
                }
                stack.push(dom[id].first_child());
            }
            NodeData::Text(t) => {
                if !chars_ok(t) {
                    return fail(id, XmlRule::Char);
                }
            }
            NodeData::Comment(c) => {
                if !chars_ok(c) {
                    return fail(id, XmlRule::Char);
                }
                if c.contains("--") || c.ends_with('-') {
                    return fail(id, XmlRule::CommentData);
                }
            }
            NodeData::ProcessingInstruction { target, data } => {
                // The XML declaration was checked with the document's children.
                let declaration = target == "xml" && dom[id].prev_sibling().is_none() && {
                    let parent = dom[id].parent();
                    parent == Some(node) && parent.is_some_and(|p| matches!(dom.data(p), NodeData::Document))
                };
                if declaration {
                    continue;
                }
                if !is_ncname(target) || target.eq_ignore_ascii_case("xml") {
                    return fail(id, XmlRule::PiTarget);
                }
                if !chars_ok(data) {
                    return fail(id, XmlRule::Char);
                }
                if data.contains("?>") {
                    return fail(id, XmlRule::PiData);
                }
                if data.bytes().next().is_some_and(is_space) {
                    return fail(id, XmlRule::PiDataSpace);
                }
            }
            NodeData::Doctype { name, public_id, system_id } => {
                let in_prolog = dom[id].parent() == Some(node) && matches!(dom.data(node), NodeData::Document);
                if !in_prolog {
                    return fail(id, XmlRule::DoctypePlacement);
                }
                if !is_qname(name) {
                    return fail(id, XmlRule::DoctypeName);
                }
                // XML 1.0 [13] PubidChar.
                let pubid = |c: char| {
                    c.is_ascii_alphanumeric() || matches!(c, ' ' | '\r' | '\n') || "-'()+,./:=?;!*#@$_%".contains(c)
                };
                if !public_id.chars().all(pubid) {
                    return fail(id, XmlRule::DoctypePublicId);
                }
                let quotes = system_id.contains('"') && system_id.contains('\'');
                if quotes || !chars_ok(system_id) || (!public_id.is_empty() && system_id.is_empty()) {
                    return fail(id, XmlRule::DoctypeSystemId);
                }
            }
            NodeData::Document | NodeData::Fragment => {}
        }
    }
    Ok(())
}

impl Dom {
    /// The whole tree as XML (see [`write_xml`]): names as parsed, written even where XML
    /// cannot hold them (see the module docs).
    pub fn to_xml(&self) -> String {
        write_xml(self, self.root(), String::new()).unwrap_or_default()
    }

    /// The whole tree as well-formed XML 1.0 with namespaces, or the first node that XML
    /// cannot hold as parsed and the rule it breaks: the DOM Parsing serializer's *require
    /// well-formed* checks (<https://w3c.github.io/DOM-Parsing/#dfn-concept-serialize-xml>)
    /// plus the ones it leaves to the DOM (see [`check_well_formed`]). When it is `Ok` the text
    /// is exactly [`Dom::to_xml`]'s.
    ///
    /// ```
    /// use statemark::xml5::serialize::XmlRule;
    ///
    /// let ok = statemark::xml5::parse("<?xml version='1.0'?><a>x ]]> y</a>");
    /// assert_eq!(ok.to_xml_well_formed().unwrap(), "<?xml version='1.0'?><a>x ]]&gt; y</a>");
    /// let bad = statemark::xml5::parse("<a><!-- a -- b --></a>");
    /// assert_eq!(bad.to_xml_well_formed().unwrap_err().rule, XmlRule::CommentData);
    /// ```
    pub fn to_xml_well_formed(&self) -> Result<String, XmlSerializeError> {
        check_well_formed(self, self.root())?;
        Ok(self.to_xml())
    }
}

/// [`write_xml`] after [`check_well_formed`]: nothing is written when the check fails.
pub fn write_xml_well_formed<W: Write>(dom: &Dom, node: NodeId, out: W) -> Result<W, WriteXmlError> {
    check_well_formed(dom, node).map_err(WriteXmlError::NotWellFormed)?;
    write_xml(dom, node, out).map_err(WriteXmlError::Write)
}

/// Why [`write_xml_well_formed`] wrote nothing (or stopped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteXmlError {
    /// The tree breaks a rule of well-formed output (nothing was written).
    NotWellFormed(XmlSerializeError),
    /// The writer failed.
    Write(fmt::Error),
}

impl fmt::Display for WriteXmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteXmlError::NotWellFormed(e) => e.fmt(f),
            WriteXmlError::Write(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WriteXmlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteXmlError::NotWellFormed(e) => Some(e),
            WriteXmlError::Write(e) => Some(e),
        }
    }
}

/// A node that well-formed XML cannot hold as parsed, and the rule it breaks. Shown as the
/// node's path, what is wrong and where the rule is written:
///
/// ```
/// let dom = statemark::xml5::parse("<r><a/><a><!-- x -- y --></a></r>");
/// let e = dom.to_xml_well_formed().unwrap_err();
/// assert_eq!(e.path, "/r/a[2]/comment()");
/// assert!(e.to_string().starts_with("/r/a[2]/comment(): comment contains '--'"), "{e}");
/// let e = statemark::xml5::parse("<r p:x='1'/>").to_xml_well_formed().unwrap_err();
/// // `p` is bound nowhere, so XML5 keeps `p:x` whole as a local name.
/// assert!(e.to_string().starts_with("/r/@p:x: attribute local name is not an XML Name"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XmlSerializeError {
    /// The node: the element for its name, attributes and namespace declarations; the
    /// document for what concerns its children as a whole.
    pub node: NodeId,
    /// The rule.
    pub rule: XmlRule,
    /// The node as a user finds it: its path from the root in XPath's notation, qualified
    /// names as written (`/r/p:a[2]/text()`, `/r/@xmlns:p` when an attribute is at fault, `/`
    /// for the document), a position among same-kind siblings where there are several.
    pub path: String,
}

impl XmlSerializeError {
    /// The error for `node` (and `attr` of it, if an attribute is at fault).
    fn new(dom: &Dom, node: NodeId, attr: Option<crate::dom::AttrView<'_>>, rule: XmlRule) -> XmlSerializeError {
        let mut path = node_path(dom, node);
        if let Some(a) = attr {
            if !path.ends_with('/') {
                path.push('/');
            }
            path.push('@');
            push_qualified(&mut path, a.name.prefix, a.name.local);
        }
        XmlSerializeError { node, rule, path }
    }
}

fn push_qualified(out: &mut String, prefix: Option<&str>, local: &str) {
    if let Some(p) = prefix {
        out.push_str(p);
        out.push(':');
    }
    out.push_str(local);
}

/// One step of a node's path: how it is written, and whether two siblings are the same step.
fn step(dom: &Dom, node: NodeId) -> String {
    let mut out = String::new();
    match dom.data(node) {
        NodeData::Element(e) => push_qualified(&mut out, e.name.prefix.as_deref(), &e.name.local),
        NodeData::Text(_) => out.push_str("text()"),
        NodeData::Comment(_) => out.push_str("comment()"),
        NodeData::ProcessingInstruction { target, .. } => {
            out.push_str("processing-instruction(");
            out.push_str(target);
            out.push(')');
        }
        // XPath has no step for these; the names say what they are.
        NodeData::Doctype { .. } => out.push_str("doctype()"),
        NodeData::Document | NodeData::Fragment => {}
    }
    out
}

/// `node`'s path from the root (see [`XmlSerializeError::path`]): no recursion, and time
/// linear in the siblings of the node and its ancestors (it is built once, for an error).
fn node_path(dom: &Dom, node: NodeId) -> String {
    let mut steps = Vec::new();
    let mut at = node;
    while let Some(parent) = dom[at].parent() {
        let name = step(dom, at);
        let (mut before, mut same) = (0, 0);
        let mut seen_self = false;
        for c in dom.children(parent) {
            if c == at {
                seen_self = true;
                same += 1;
            } else if step(dom, c) == name {
                same += 1;
                before += usize::from(!seen_self);
            }
        }
        steps.push(if same > 1 { format!("{name}[{}]", before + 1) } else { name });
        at = parent;
    }
    if steps.is_empty() {
        return "/".to_owned();
    }
    steps.reverse();
    // From a document, the path is absolute; from a fragment or a detached subtree, relative
    // to that root.
    let absolute = matches!(dom.data(at), NodeData::Document);
    let joined = steps.join("/");
    if absolute { format!("/{joined}") } else { joined }
}

impl fmt::Display for XmlSerializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({})", self.path, self.rule.message(), self.rule.reference())
    }
}

impl std::error::Error for XmlSerializeError {}

/// The rules of well-formed output. Each names the DOM Parsing algorithm whose "require
/// well-formed" check enforces it (<https://w3c.github.io/DOM-Parsing/#dfn-concept-serialize-xml>;
/// that text is not among the spec texts in `../shared`, so its steps are cited by algorithm, not
/// by number), or the XML 1.0 / Namespaces in XML 1.0
/// production or constraint where DOM Parsing leaves it to the DOM's own invariants (which an
/// XML5 tree does not keep: XML5 accepts any name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum XmlRule {
    /// An element's local name contains `:` or is not an XML `Name`
    /// (#xml-serializing-an-element-node).
    ElementName,
    /// An element's prefix is not an `NCName` (Namespaces in XML \[7\] `QName`).
    ElementPrefix,
    /// An element's prefix is `xmlns` (#xml-serializing-an-element-node: "an Element with prefix
    /// xmlns will not legally round-trip"; Namespaces in XML, "Reserved Prefixes and Namespace
    /// Names").
    ElementPrefixXmlns,
    /// An attribute's local name contains `:`, is not an XML `Name`, or is `xmlns` outside the
    /// XMLNS namespace (#dfn-xml-serialization-of-the-attributes, the attribute's localName
    /// check).
    AttributeName,
    /// An attribute's prefix is not an `NCName` (Namespaces in XML \[7\] `QName`).
    AttributePrefix,
    /// Two attributes with the same qualified name or the same namespace and local name
    /// (#dfn-xml-serialization-of-the-attributes, the localname set; XML 1.0 WFC: Unique Att
    /// Spec; Namespaces in XML 6.3).
    DuplicateAttribute,
    /// A namespace declaration XML cannot hold: a declaration of the XMLNS namespace, a
    /// prefixed declaration with an empty value, `xmlns:xmlns`, `xml` bound to another
    /// namespace or another prefix to the XML namespace, or an attribute in the XMLNS
    /// namespace not named as a declaration (#dfn-xml-serialization-of-the-attributes, the
    /// namespace-definition checks; Namespaces in XML 3, "Reserved Prefixes and Namespace
    /// Names").
    NamespaceDeclaration,
    /// A prefix as written is bound by no declaration in scope (Namespaces in XML, NSC: Prefix
    /// Declared).
    UnboundPrefix,
    /// A name as written resolves, through the declarations as written, to another namespace
    /// than the node's (the namespaces the output would mean are not the tree's).
    NamespaceMismatch,
    /// Text, an attribute value, comment or processing instruction data holding a character
    /// outside XML 1.0's `Char` production (#xml-serializing-a-text-node,
    /// #dfn-serializing-an-attribute-value, and the comment and PI steps).
    Char,
    /// Comment data containing `--` or ending in `-` (#xml-serializing-a-comment-node).
    CommentData,
    /// A processing instruction target containing `:`, not an XML `Name`, or `xml` in any case
    /// (#xml-serializing-a-processinginstruction-node); the XML declaration is the one
    /// `xml` PI that may be written (see [`XmlRule::XmlDeclaration`]).
    PiTarget,
    /// Processing instruction data containing `?>` (#xml-serializing-a-processinginstruction-node,
    ///).
    PiData,
    /// Processing instruction data starting with white space: well-formed, but read back
    /// without it (the white space after the target separates it from the data: XML 1.0 \[16\]
    /// `PI`, and XML5's "before processing instruction data" state), so the tree would not
    /// survive the trip. Found by the `serialize` fuzz target (`<?t ? ?` gives data `" "`).
    PiDataSpace,
    /// A PI with target `xml` first in the document (the XML declaration as XML5 parses it)
    /// whose data does not match XML 1.0 \[23\] `XMLDecl`.
    XmlDeclaration,
    /// A DOCTYPE name that is not a `QName` (Namespaces in XML \[16\] `doctypedecl`).
    DoctypeName,
    /// A DOCTYPE public id with a character outside `PubidChar` (#xml-serializing-a-documenttype-node,
    ///).
    DoctypePublicId,
    /// A DOCTYPE system id with both `"` and `'`, a character outside `Char`, or missing after
    /// a public id (#xml-serializing-a-documenttype-node; XML 1.0 \[75\] `ExternalID`).
    DoctypeSystemId,
    /// A DOCTYPE that is not a child of the document before its element, or a second one
    /// (XML 1.0 \[22\] `prolog`).
    DoctypePlacement,
    /// A document without exactly one element child (#xml-serializing-a-document-node,
    /// for none; XML 1.0 \[1\] `document` for several).
    DocumentElement,
    /// Text outside the document element other than white space (XML 1.0 \[27\] `Misc`).
    DocumentText,
}

impl XmlRule {
    /// What the rule forbids, in a few words.
    pub fn message(self) -> &'static str {
        match self {
            XmlRule::ElementName => "element local name is not an XML Name without ':'",
            XmlRule::ElementPrefix => "element prefix is not an NCName",
            XmlRule::ElementPrefixXmlns => "element prefix is 'xmlns'",
            XmlRule::AttributeName => "attribute local name is not an XML Name without ':' (or is 'xmlns')",
            XmlRule::AttributePrefix => "attribute prefix is not an NCName",
            XmlRule::DuplicateAttribute => "two attributes with the same name",
            XmlRule::NamespaceDeclaration => "namespace declaration XML cannot hold",
            XmlRule::UnboundPrefix => "prefix not declared in scope",
            XmlRule::NamespaceMismatch => "the declarations as written bind the prefix to another namespace",
            XmlRule::Char => "character outside XML's Char production",
            XmlRule::CommentData => "comment contains '--' or ends in '-'",
            XmlRule::PiTarget => "processing instruction target is not an XML Name without ':', or is 'xml'",
            XmlRule::PiData => "processing instruction data contains '?>'",
            XmlRule::PiDataSpace => "processing instruction data starts with white space, which readers drop",
            XmlRule::XmlDeclaration => "XML declaration does not match XMLDecl",
            XmlRule::DoctypeName => "DOCTYPE name is not a QName",
            XmlRule::DoctypePublicId => "DOCTYPE public id has a character outside PubidChar",
            XmlRule::DoctypeSystemId => "DOCTYPE system id cannot be quoted (or is missing after a public id)",
            XmlRule::DoctypePlacement => "DOCTYPE not in the document's prolog, or a second one",
            XmlRule::DocumentElement => "document does not have exactly one element child",
            XmlRule::DocumentText => "non-white-space text outside the document element",
        }
    }

    /// Where the rule is written: a DOM Parsing anchor with its step, or an XML production.
    pub fn reference(self) -> &'static str {
        match self {
            XmlRule::ElementName => "DOM Parsing, serializing an Element node (require well-formed: localName)",
            XmlRule::ElementPrefix | XmlRule::AttributePrefix => "Namespaces in XML 1.0 [7] QName",
            XmlRule::ElementPrefixXmlns => {
                "DOM Parsing, serializing an Element node (require well-formed: prefix xmlns)"
            }
            XmlRule::AttributeName => "DOM Parsing, serialization of the attributes (require well-formed: localName)",
            XmlRule::DuplicateAttribute => {
                "DOM Parsing, serialization of the attributes (require well-formed: localname set)"
            }
            XmlRule::NamespaceDeclaration => {
                "DOM Parsing, serialization of the attributes; Namespaces in XML 1.0 section 3"
            }
            XmlRule::UnboundPrefix => "Namespaces in XML 1.0, NSC: Prefix Declared",
            XmlRule::NamespaceMismatch => "Namespaces in XML 1.0 section 6",
            XmlRule::Char => "XML 1.0 [2] Char",
            XmlRule::CommentData => "DOM Parsing, serializing a Comment node (require well-formed)",
            XmlRule::PiTarget => "DOM Parsing, serializing a ProcessingInstruction node (require well-formed: target)",
            XmlRule::PiData => "DOM Parsing, serializing a ProcessingInstruction node (require well-formed: data)",
            XmlRule::PiDataSpace => "XML 1.0 [16] PI",
            XmlRule::XmlDeclaration => "XML 1.0 [23] XMLDecl",
            XmlRule::DoctypeName => "Namespaces in XML 1.0 [16] doctypedecl",
            XmlRule::DoctypePublicId => "DOM Parsing, serializing a DocumentType node (require well-formed: publicId)",
            XmlRule::DoctypeSystemId => "DOM Parsing, serializing a DocumentType node (require well-formed: systemId)",
            XmlRule::DoctypePlacement => "XML 1.0 [22] prolog",
            XmlRule::DocumentElement => {
                "DOM Parsing, serializing a Document node (require well-formed: documentElement); XML 1.0 [1] document"
            }
            XmlRule::DocumentText => "XML 1.0 [27] Misc",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{XmlRule, XmlSerializeError};
    use crate::dom::{Attr, Attrs, Dom, Namespace, NodeId, QualName, QualNameRef};
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
    /// The rule `to_xml_well_formed` reports for `input` as XML5 parses it.
    fn rule(input: &str) -> Option<XmlRule> {
        parse(input).to_xml_well_formed().err().map(|e| e.rule)
    }

    /// A document `<r>` whose root element `edit` adds to (nodes made with the Dom API, for
    /// trees no XML5 parse makes).
    fn edited(edit: impl FnOnce(&mut Dom, NodeId)) -> Result<String, XmlSerializeError> {
        let mut dom = parse("<r/>");
        let r = dom.children(dom.root()).next().unwrap();
        edit(&mut dom, r);
        dom.to_xml_well_formed()
    }

    fn element(dom: &mut Dom, ns: &Namespace, prefix: Option<&str>, local: &str, attrs: &[Attr]) -> NodeId {
        dom.create_element(QualNameRef { ns, prefix, local }, Attrs::owned(attrs))
    }

    fn attr(ns: Namespace, prefix: Option<&str>, local: &str, value: &str) -> Attr {
        Attr {
            name: QualName { ns, prefix: prefix.map(|p| p.to_owned().into()), local: local.to_owned().into() },
            value: value.into(),
        }
    }

    #[test]
    fn cdata_end_in_text_is_escaped() {
        assert_eq!(round("<r>a]]>b<![CDATA[c]]>]]></r>"), "<r>a]]&gt;bc]]&gt;</r>");
        assert_eq!(parse("<r>a]]>b</r>").to_xml_well_formed().unwrap(), "<r>a]]&gt;b</r>");
    }

    #[test]
    fn well_formed_output_is_to_xml() {
        let x = "<?xml version='1.0' encoding='UTF-8' standalone='yes'?><!DOCTYPE r PUBLIC '-//x' 's'>\
                 <!--c--><r xmlns='urn:d' xmlns:p='urn:p' xml:lang='en'><p:e p:a='1'/><?pi d?></r>";
        let dom = parse(x);
        assert_eq!(dom.to_xml_well_formed().as_ref(), Ok(&dom.to_xml()));
        let mut out = String::new();
        assert!(super::write_xml_well_formed(&dom, dom.root(), &mut out).is_ok());
        assert_eq!(out, dom.to_xml());
    }

    #[test]
    fn names_as_parsed_that_xml_cannot_write() {
        assert_eq!(rule("<a:b:c/>"), Some(XmlRule::ElementName));
        assert_eq!(rule("<p:a/>"), Some(XmlRule::ElementName), "unbound: the local name keeps the colon");
        assert_eq!(rule("<r><1x/></r>"), Some(XmlRule::ElementName));
        assert_eq!(rule("<xmlns:a/>"), Some(XmlRule::ElementPrefixXmlns));
        assert_eq!(rule("<r b:c:d='1'/>"), Some(XmlRule::AttributeName));
        assert_eq!(rule("<r xmlns:xmlns='u'/>"), Some(XmlRule::AttributeName));
        assert_eq!(rule("<r xmlns:p=''/>"), Some(XmlRule::NamespaceDeclaration));
        assert_eq!(rule("<r xmlns='http://www.w3.org/2000/xmlns/'/>"), Some(XmlRule::NamespaceDeclaration));
        assert_eq!(rule("<r xmlns:p='http://www.w3.org/XML/1998/namespace'/>"), Some(XmlRule::NamespaceDeclaration));
        assert_eq!(rule("<r xmlns:xml='http://www.w3.org/XML/1998/namespace' xml:a='1'/>"), None);
    }

    #[test]
    fn nodes_xml_cannot_write() {
        assert_eq!(rule("<r><?xml version='1.0'?></r>"), Some(XmlRule::PiTarget));
        assert_eq!(rule("<r><?XmL a?></r>"), Some(XmlRule::PiTarget));
        assert_eq!(rule("<?xml version='2.0'?><r/>"), Some(XmlRule::XmlDeclaration));
        assert_eq!(rule("<?xml encoding='x'?><r/>"), Some(XmlRule::XmlDeclaration));
        let e = edited(|d, _| {
            let second = element(d, &Namespace::None, None, "s", &[]);
            let doc = d.root();
            d.append(doc, second);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::DocumentElement));
        assert_eq!(rule(""), Some(XmlRule::DocumentElement));
        assert_eq!(rule("<!DOCTYPE r PUBLIC 'a{b' 's'><r/>"), Some(XmlRule::DoctypePublicId));
        assert_eq!(rule("<!DOCTYPE r PUBLIC 'p'><r/>"), Some(XmlRule::DoctypeSystemId));
        let e = edited(|d, r| {
            let c = d.create_comment("a--b");
            d.append(r, c);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::CommentData));
        let e = edited(|d, r| {
            let c = d.create_comment("a-");
            d.append(r, c);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::CommentData));
        let e = edited(|d, r| {
            let c = d.create_processing_instruction("p", "a?>b");
            d.append(r, c);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::PiData));
        assert_eq!(rule("<r><?t ? ?></r>"), Some(XmlRule::PiDataSpace));
        assert_eq!(rule("<r><?t a ?></r>"), None);
        for bad in ["\u{0}", "\u{8}", "\u{B}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
            let e = edited(|d, r| {
                let c = d.create_text(bad);
                d.append(r, c);
            });
            assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::Char), "{bad:?}");
        }
        assert!(edited(|d, r| d.append_text_child(r, "\u{9}\u{85}\u{10FFFF}")).is_ok());
        // XML5 keeps controls and noncharacters, raw or as references (NUL becomes U+FFFD).
        for input in
            ["<r>\u{1}</r>", "<r>&#1;</r>", "<r a='&#xFFFE;'/>", "<r><!--\u{FFFF}--></r>", "<r><?p \u{8}?></r>"]
        {
            assert_eq!(rule(input), Some(XmlRule::Char), "{input:?}");
        }
        assert_eq!(rule("<r>\u{0}&#0;</r>"), None);
        let e = edited(|d, r| {
            let t = d.create_text("x");
            d.insert_before(r, t);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::DocumentText));
        let e = edited(|d, r| {
            let t = d.create_doctype("r", "", "a\"b'c");
            d.insert_before(r, t);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::DoctypeSystemId));
        let e = edited(|d, r| {
            let t = d.create_doctype("1r", "", "");
            d.insert_before(r, t);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::DoctypeName));
        let e = edited(|d, r| {
            let t = d.create_doctype("r", "", "");
            d.append(r, t);
        });
        assert_eq!(e.map_err(|e| e.rule), Err(XmlRule::DoctypePlacement));
    }

    #[test]
    fn names_and_namespaces_from_edits() {
        let u = Namespace::Other("urn:u".into());
        let err = |f: &dyn Fn(&mut Dom) -> NodeId| {
            let mut node = None;
            let e = edited(|d, r| {
                let n = f(d);
                node = Some(n);
                d.append(r, n);
            });
            let e = e.unwrap_err();
            assert_eq!(Some(e.node), node, "{e}");
            e.rule
        };
        assert_eq!(err(&|d| element(d, &Namespace::None, Some("1p"), "a", &[])), XmlRule::ElementPrefix);
        assert_eq!(err(&|d| element(d, &u, Some("p"), "a", &[])), XmlRule::UnboundPrefix);
        assert_eq!(err(&|d| element(d, &u, None, "a", &[])), XmlRule::NamespaceMismatch);
        let decl = attr(Namespace::Xmlns, Some("xmlns"), "p", "urn:other");
        assert_eq!(err(&|d| element(d, &u, Some("p"), "a", std::slice::from_ref(&decl))), XmlRule::NamespaceMismatch);
        let x = attr(Namespace::None, None, "x", "1");
        assert_eq!(
            err(&|d| element(d, &Namespace::None, None, "a", &[x.clone(), x.clone()])),
            XmlRule::DuplicateAttribute
        );
        let decl = attr(Namespace::Xmlns, Some("xmlns"), "p", "urn:u");
        let decl_q = attr(Namespace::Xmlns, Some("xmlns"), "q", "urn:u");
        let px = attr(u.clone(), Some("p"), "x", "1");
        let qx = attr(u.clone(), Some("q"), "x", "2");
        let attrs = [decl, decl_q, px.clone(), qx];
        assert_eq!(err(&|d| element(d, &Namespace::None, None, "a", &attrs)), XmlRule::DuplicateAttribute);
        assert_eq!(
            err(&|d| element(d, &Namespace::None, None, "a", std::slice::from_ref(&px))),
            XmlRule::UnboundPrefix
        );
        // Past eight attributes the duplicate check hashes.
        let mut many: Vec<Attr> = (0..20).map(|i| attr(Namespace::None, None, &format!("a{i}"), "")).collect();
        assert!(
            edited(|d, r| {
                let a = element(d, &Namespace::None, None, "a", &many);
                d.append(r, a);
            })
            .is_ok()
        );
        many.push(attr(Namespace::None, None, "a3", ""));
        assert_eq!(err(&|d| element(d, &Namespace::None, None, "a", &many)), XmlRule::DuplicateAttribute);
        let nx = attr(u.clone(), None, "x", "1");
        assert_eq!(
            err(&|d| element(d, &Namespace::None, None, "a", std::slice::from_ref(&nx))),
            XmlRule::NamespaceMismatch
        );
        let bad = attr(Namespace::None, None, "x", "\u{1}");
        assert_eq!(err(&|d| element(d, &Namespace::None, None, "a", std::slice::from_ref(&bad))), XmlRule::Char);
        let e = parse("<r/>").to_xml_well_formed();
        assert!(e.is_ok());
        let shown = parse("<r><!--a--b--></r>").to_xml_well_formed().unwrap_err().to_string();
        assert!(shown.starts_with("/r/comment(): comment") && shown.contains("serializing a Comment node"), "{shown}");
    }

    #[test]
    fn subtree_without_its_ancestors_declarations() {
        let dom = parse("<r xmlns:p='urn:p'><p:a/></r>");
        let a = dom.descendants(dom.root()).nth(2).unwrap();
        assert_eq!(super::check_well_formed(&dom, a).map_err(|e| e.rule), Err(XmlRule::UnboundPrefix));
        let r = dom.children(dom.root()).next().unwrap();
        assert_eq!(super::check_well_formed(&dom, r), Ok(()));
    }
}
