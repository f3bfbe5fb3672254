//! XML5 tree construction (the draft's 1.4: start, main and end phases) into the arena
//! [`Dom`], with namespaces resolved as in Namespaces in XML. Decisions where the draft is
//! unfinished are in spec/xml5/README.md ("Tree construction").
//!
//! ```
//! use statemark::xml5;
//!
//! let dom = xml5::parse("<doc xmlns='urn:x'><p:a xmlns:p='urn:p'/>text</doc>");
//! let root = dom.children(dom.document()).next().unwrap();
//! assert_eq!(dom.element(root).unwrap().name.ns.url(), "urn:x");
//! ```

#[cfg(feature = "trace")]
use super::State;
use super::token::{Error, Sink, Token};
use super::tokenizer::Tokenizer;
use crate::Span;
use crate::dom::{AttrRef, Attrs, Dom, FastMap, Namespace, NodeData, NodeId, QualNameRef};

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Main,
    End,
}

/// What a parse produced besides the tree.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The document.
    pub dom: Dom,
    /// Tokenizer and tree-construction errors, in the order found (with `errors` on).
    pub errors: Vec<TreeError>,
}

/// A parse error of the tree builder or the tokenizer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A tokenizer error.
    Token(Error),
    /// A token the current phase does not allow (it is ignored), at this byte span.
    UnexpectedToken(Span),
    /// An end tag that does not match the current element.
    MismatchedEndTag(Span),
    /// End of file with elements still open (they are closed).
    EofWithOpenElements(Span),
    /// An element or attribute prefix no `xmlns:prefix` declaration binds.
    UnboundPrefix(Span),
    /// Two attributes with the same namespace and local name (the later is dropped).
    DuplicateNamespacedAttribute(Span),
    /// An `xmlns:xml` / `xmlns:xmlns` declaration that would rebind a reserved prefix.
    ReservedPrefix(Span),
}

impl std::fmt::Display for TreeError {
    /// The tokenizer's errors as `line:column: code`; the tree builder's with their byte span.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, span) = match self {
            TreeError::Token(e) => return e.fmt(f),
            TreeError::UnexpectedToken(s) => ("unexpected token (ignored)", s),
            TreeError::MismatchedEndTag(s) => ("end tag does not match the current element", s),
            TreeError::EofWithOpenElements(s) => ("end of file with elements still open", s),
            TreeError::UnboundPrefix(s) => ("prefix not bound by any xmlns declaration", s),
            TreeError::DuplicateNamespacedAttribute(s) => ("duplicate namespaced attribute (dropped)", s),
            TreeError::ReservedPrefix(s) => ("xmlns:xml or xmlns:xmlns would rebind a reserved prefix", s),
        };
        write!(f, "bytes {}..{}: {what}", span.start, span.end)
    }
}

impl std::error::Error for TreeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TreeError::Token(e) => Some(e),
            _ => None,
        }
    }
}

/// The tree builder: a [`Sink`] for the XML5 tokenizer.
pub struct TreeBuilder {
    dom: Dom,
    phase: Phase,
    /// Open elements with their qualified names as written (as ids of `names`).
    stack: Vec<(NodeId, u32)>,
    /// Qualified names seen in start tags, numbered.
    names: FastMap<Box<str>, u32>,
    /// How many open elements have each qualified name (by id): "an element in scope" in
    /// O(1).
    open_names: Vec<u32>,
    /// Namespace bindings in scope: prefix ("" for the default namespace) → stack of
    /// namespaces (`Namespace::None` unbinds). Each open element records how many prefixes
    /// it declared (`declared_len`), their names at the end of `declared`, to pop them.
    bindings: FastMap<Box<str>, Vec<Namespace>>,
    declared: Vec<Box<str>>,
    declared_len: Vec<u32>,
    /// A reusable buffer for resolved attributes (empty between tags).
    scratch: Vec<AttrRef<'static>>,
    want_errors: bool,
    errors: Vec<TreeError>,
}

static XML: Namespace = Namespace::Xml;
static XMLNS: Namespace = Namespace::Xmlns;

/// The namespace bound to `prefix`, if any.
fn lookup<'b>(bindings: &'b FastMap<Box<str>, Vec<Namespace>>, prefix: &str) -> Option<&'b Namespace> {
    match prefix {
        "xml" => Some(&XML),
        "xmlns" => Some(&XMLNS),
        _ => bindings.get(prefix).and_then(|v| v.last()).filter(|n| **n != Namespace::None),
    }
}

/// Reuse `v`'s buffer for a vector of another lifetime (it is empty, so nothing is converted;
/// collecting in place keeps the allocation).
// `filter` would keep the lifetime; the point is the new one.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<'x, 'y>(v: Vec<AttrRef<'x>>) -> Vec<AttrRef<'y>> {
    v.into_iter().filter_map(|_| None).collect()
}

impl TreeBuilder {
    /// A builder with an empty document; `want_errors` keeps the parse errors for
    /// [`Parsed::errors`].
    pub fn new(want_errors: bool) -> TreeBuilder {
        TreeBuilder {
            dom: Dom::new(),
            phase: Phase::Start,
            stack: Vec::new(),
            names: FastMap::default(),
            open_names: Vec::new(),
            bindings: FastMap::default(),
            declared: Vec::new(),
            declared_len: Vec::new(),
            scratch: Vec::new(),
            want_errors,
            errors: Vec::new(),
        }
    }

    /// The tree and errors, once the tokenizer has delivered the end-of-file token.
    pub fn finish(self) -> Parsed {
        Parsed { dom: self.dom, errors: self.errors }
    }

    fn error(&mut self, e: TreeError) {
        if self.want_errors {
            self.errors.push(e);
        }
    }

    fn current(&self) -> NodeId {
        self.stack.last().map_or(self.dom.document(), |(id, _)| *id)
    }

    fn namespace(url: &str) -> Namespace {
        match url {
            XML_NS => Namespace::Xml,
            XMLNS_NS => Namespace::Xmlns,
            "http://www.w3.org/1999/xhtml" => Namespace::Html,
            "http://www.w3.org/2000/svg" => Namespace::Svg,
            "http://www.w3.org/1998/Math/MathML" => Namespace::MathMl,
            "http://www.w3.org/1999/xlink" => Namespace::XLink,
            "" => Namespace::None,
            _ => Namespace::Other(url.into()),
        }
    }

    fn split(qname: &str) -> (Option<&str>, &str) {
        match qname.split_once(':') {
            Some((p, l)) if !p.is_empty() && !l.is_empty() => (Some(p), l),
            _ => (None, qname),
        }
    }

    /// Create an element for a tag, declaring its namespaces first (they apply to the element
    /// itself and its attributes). Returns the element and how many prefixes it declared.
    fn create_element(&mut self, tag: &super::Tag<'_>, span: Span) -> (NodeId, u32) {
        let mut declared = 0;
        for a in &tag.attributes {
            let decl =
                if a.name == "xmlns" { Some("") } else { a.name.strip_prefix("xmlns:").filter(|p| !p.is_empty()) };
            let Some(prefix) = decl else { continue };
            if prefix == "xml" || prefix == "xmlns" {
                // Namespaces in XML: these prefixes are bound by definition and may not be
                // declared otherwise; the attribute stays an ordinary attribute.
                if !(prefix == "xml" && a.value == XML_NS) {
                    self.error(TreeError::ReservedPrefix(span));
                }
                continue;
            }
            let ns = Self::namespace(&a.value);
            match self.bindings.get_mut(prefix) {
                Some(v) => v.push(ns),
                None => {
                    self.bindings.insert(prefix.into(), vec![ns]);
                }
            }
            self.declared.push(prefix.into());
            declared += 1;
        }
        // Errors in the order found, reported once the bindings are no longer borrowed.
        let want_errors = self.want_errors;
        let mut errors = Vec::new();
        let mut report = |e: TreeError| {
            if want_errors {
                errors.push(e)
            }
        };
        let bindings = &self.bindings;
        let (prefix, local) = Self::split(&tag.name);
        // An element whose prefix is unbound keeps its qualified name as its local name.
        let name = match prefix {
            Some(p) => match lookup(bindings, p) {
                Some(ns) => QualNameRef { ns, prefix: Some(p), local },
                None => {
                    report(TreeError::UnboundPrefix(span));
                    QualNameRef::new(&Namespace::None, &tag.name)
                }
            },
            None => QualNameRef::new(lookup(bindings, "").unwrap_or(&Namespace::None), local),
        };
        let mut attrs = recycle(std::mem::take(&mut self.scratch));
        let mut seen: FastMap<(&Namespace, &str), ()> = FastMap::default();
        for a in &tag.attributes {
            // Namespaces in XML 1.0, section 3: `xmlns:xml` bound to the XML namespace is a
            // legal (if needless) declaration, so it is in the xmlns namespace like any other;
            // only the reserved prefixes' illegal declarations stay ordinary attributes.
            let is_decl = a.name == "xmlns"
                || a.name
                    .strip_prefix("xmlns:")
                    .is_some_and(|p| !p.is_empty() && p != "xmlns" && (p != "xml" || a.value == XML_NS));
            let qn = if is_decl {
                let (p, l) = Self::split(&a.name);
                QualNameRef { ns: &XMLNS, prefix: p, local: l }
            } else {
                match Self::split(&a.name) {
                    // Unprefixed attributes are in no namespace, whatever the default namespace.
                    (None, l) => QualNameRef::new(&Namespace::None, l),
                    (Some(p), l) => match lookup(bindings, p) {
                        Some(ns) if p != "xmlns" => QualNameRef { ns, prefix: Some(p), local: l },
                        _ => {
                            if p != "xmlns" {
                                report(TreeError::UnboundPrefix(span));
                            }
                            QualNameRef::new(&Namespace::None, &a.name)
                        }
                    },
                }
            };
            if *qn.ns != Namespace::None && seen.insert((qn.ns, qn.local), ()).is_some() {
                report(TreeError::DuplicateNamespacedAttribute(span));
                continue;
            }
            attrs.push(AttrRef { name: qn, value: &a.value });
        }
        let id = self.dom.create_element(name, Attrs::refs(&attrs));
        drop(seen);
        attrs.clear();
        self.scratch = recycle(attrs);
        self.errors.append(&mut errors);
        (id, declared)
    }

    fn undeclare(&mut self, declared: u32) {
        for _ in 0..declared {
            if let Some(p) = self.declared.pop()
                && let Some(v) = self.bindings.get_mut(&p)
            {
                v.pop();
            }
        }
    }

    fn push(&mut self, id: NodeId, qname: &str, declared: u32) {
        let name = match self.names.get(qname) {
            Some(&n) => n,
            None => {
                let n = self.open_names.len() as u32;
                self.names.insert(qname.into(), n);
                self.open_names.push(0);
                n
            }
        };
        self.stack.push((id, name));
        self.open_names[name as usize] += 1;
        self.declared_len.push(declared);
    }

    fn pop(&mut self) {
        if let Some((_, name)) = self.stack.pop() {
            self.open_names[name as usize] -= 1;
        }
        if let Some(d) = self.declared_len.pop() {
            self.undeclare(d);
        }
    }

    /// "Append a character to a node": adjacent text becomes one Text node.
    fn append_text(&mut self, parent: NodeId, text: &str) {
        self.dom.append_text_child(parent, text);
    }

    fn process(&mut self, token: Token<'_>, span: Span) {
        match self.phase {
            // spec: #start-phase (1.4)
            Phase::Start => match token {
                Token::StartTag(tag) => {
                    let (id, declared) = self.create_element(&tag, span);
                    let doc = self.dom.document();
                    self.dom.append(doc, id);
                    self.push(id, &tag.name, declared);
                    self.phase = Phase::Main;
                }
                Token::EmptyTag(tag) => {
                    let (id, declared) = self.create_element(&tag, span);
                    let doc = self.dom.document();
                    self.dom.append(doc, id);
                    self.undeclare(declared);
                    self.phase = Phase::End;
                }
                Token::Comment(c) => {
                    let doc = self.dom.document();
                    let c = self.dom.create_comment(&c);
                    self.dom.append(doc, c);
                }
                Token::ProcessingInstruction(p) => {
                    let doc = self.dom.document();
                    let p = self.dom.create_processing_instruction(&p.target, &p.data);
                    self.dom.append(doc, p);
                }
                // Decision (spec/xml5/README.md): a DOCTYPE before the root element becomes the
                // document's DOCTYPE node, as xml5lib-tests expect; the draft is silent.
                Token::Doctype(d) => {
                    let doc = self.dom.document();
                    let has_doctype =
                        self.dom.children(doc).any(|c| matches!(self.dom.data(c), NodeData::Doctype { .. }));
                    if has_doctype {
                        self.error(TreeError::UnexpectedToken(span));
                    } else {
                        let n = self.dom.create_doctype(
                            d.name.as_deref().unwrap_or(""),
                            d.public_id.as_deref().unwrap_or(""),
                            d.system_id.as_deref().unwrap_or(""),
                        );
                        self.dom.append(doc, n);
                    }
                }
                Token::Eof => {
                    self.error(TreeError::UnexpectedToken(span));
                    self.phase = Phase::End;
                }
                // Whitespace before the root element is not content; anything else is an error.
                Token::Characters(c) if c.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n')) => {}
                _ => self.error(TreeError::UnexpectedToken(span)),
            },
            // spec: #main-phase (1.4)
            Phase::Main => match token {
                Token::Characters(c) => {
                    let cur = self.current();
                    self.append_text(cur, &c);
                }
                Token::StartTag(tag) => {
                    let (id, declared) = self.create_element(&tag, span);
                    let cur = self.current();
                    self.dom.append(cur, id);
                    self.push(id, &tag.name, declared);
                }
                Token::EmptyTag(tag) => {
                    let (id, declared) = self.create_element(&tag, span);
                    let cur = self.current();
                    self.dom.append(cur, id);
                    self.undeclare(declared);
                }
                Token::EndTag(tag) => {
                    let name = self.names.get(&*tag.name).copied();
                    if self.stack.last().is_none_or(|&(_, n)| Some(n) != name) {
                        self.error(TreeError::MismatchedEndTag(span));
                    }
                    if let Some(name) = name
                        && self.open_names[name as usize] > 0
                    {
                        while let Some(&(_, n)) = self.stack.last() {
                            self.pop();
                            if n == name {
                                break;
                            }
                        }
                    }
                    if self.stack.is_empty() {
                        self.phase = Phase::End;
                    }
                }
                Token::ShortEndTag => {
                    self.pop();
                    if self.stack.is_empty() {
                        self.phase = Phase::End;
                    }
                }
                Token::Comment(c) => {
                    let cur = self.current();
                    let c = self.dom.create_comment(&c);
                    self.dom.append(cur, c);
                }
                Token::ProcessingInstruction(p) => {
                    let cur = self.current();
                    let p = self.dom.create_processing_instruction(&p.target, &p.data);
                    self.dom.append(cur, p);
                }
                Token::Eof => {
                    self.error(TreeError::EofWithOpenElements(span));
                    // Unclosed elements at EOF are closed.
                    while !self.stack.is_empty() {
                        self.pop();
                    }
                    self.phase = Phase::End;
                }
                // spec: DOCTYPE in the main phase is not listed: ignored as an error.
                Token::Doctype(_) => self.error(TreeError::UnexpectedToken(span)),
            },
            // spec: #end-phase (1.4)
            Phase::End => match token {
                Token::Comment(c) => {
                    let doc = self.dom.document();
                    let c = self.dom.create_comment(&c);
                    self.dom.append(doc, c);
                }
                Token::ProcessingInstruction(p) => {
                    let doc = self.dom.document();
                    let p = self.dom.create_processing_instruction(&p.target, &p.data);
                    self.dom.append(doc, p);
                }
                Token::Eof => {}
                Token::Characters(c) if c.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n')) => {}
                _ => self.error(TreeError::UnexpectedToken(span)),
            },
        }
    }
}

impl<'i> Sink<'i> for TreeBuilder {
    fn token(&mut self, token: Token<'i>, span: Span) {
        self.process(token, span);
    }

    fn error(&mut self, error: Error) {
        self.errors.push(TreeError::Token(error));
    }

    fn wants_errors(&self) -> bool {
        self.want_errors
    }

    #[cfg(feature = "trace")]
    fn trace(&mut self, _state: State, _case: u16) {}
}

/// Parse an XML5 document into a [`Dom`]. Never fails: bad input gets the draft's recovery. A
/// leading byte order mark (U+FEFF) is skipped, as decoding the document's bytes would have.
pub fn parse(input: &str) -> Dom {
    parse_with_errors(input, false).dom
}

/// Parse, collecting tokenizer and tree-construction errors when `errors` is true.
pub fn parse_with_errors(input: &str, errors: bool) -> Parsed {
    parse_input_stream(crate::strip_bom(input), errors)
}

/// [`parse_with_errors`] on an input stream that is already decoded (no BOM to skip).
pub(crate) fn parse_input_stream(input: &str, errors: bool) -> Parsed {
    let mut t = Tokenizer::with_sink(input, TreeBuilder::new(errors));
    t.run();
    t.into_sink().finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_display_and_are_std_errors() {
        let parsed = parse_with_errors("\u{FEFF}<a><p:b/></c>", true);
        let shown: Vec<String> = parsed.errors.iter().map(|e| e.to_string()).collect();
        assert!(shown.iter().any(|s| s.contains("prefix not bound")), "{shown:?}");
        assert!(shown.iter().any(|s| s.contains("end tag does not match")), "{shown:?}");
        let boxed: Vec<Box<dyn std::error::Error>> = parsed.errors.into_iter().map(|e| e.into()).collect();
        assert!(!boxed.is_empty());
        // The BOM is skipped: the first element is `a`, not text.
        let dom = parse("\u{FEFF}<a/>");
        assert!(dom.children(dom.document()).next().is_some_and(|n| dom.element(n).is_some()));
    }

    /// Found by the differential harness (issue 12) on Inkscape SVG in the bench corpus: the
    /// legal `xmlns:xml` declaration was left in no namespace; the illegal one (another URI)
    /// stays an ordinary attribute (xml5lib-tests namespace.dat `a1`).
    #[test]
    fn legal_xmlns_xml_declaration_is_in_the_xmlns_namespace() {
        for (value, ns) in [(XML_NS, Namespace::Xmlns), ("www.example.org", Namespace::None)] {
            let dom = parse(&format!("<a xmlns:xml='{value}'/>"));
            let root = dom.children(dom.document()).next().expect("a root element");
            let NodeData::Element(e) = dom.data(root) else { panic!("the root is an element") };
            let attr = e.attrs().next().expect("the declaration is kept");
            assert_eq!((attr.name.ns, attr.value), (&ns, value), "xmlns:xml='{value}'");
        }
    }
}
