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

use super::token::{Error, Sink, Token};
use super::tokenizer::Tokenizer;
#[cfg(feature = "trace")]
use super::State;
use crate::Span;
use crate::dom::{Attr, Dom, Name, Namespace, NodeData, NodeId, QualName};
use std::collections::HashMap;

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

/// The tree builder: a [`Sink`] for the XML5 tokenizer.
pub struct TreeBuilder {
    dom: Dom,
    phase: Phase,
    /// Open elements with their qualified names as written.
    stack: Vec<(NodeId, Box<str>)>,
    /// How many open elements have each qualified name: "an element in scope" in O(1).
    open_names: HashMap<Box<str>, usize>,
    /// Namespace bindings in scope: prefix ("" for the default namespace) → stack of URIs
    /// ("" unbinds). Each open element records the prefixes it declared, to pop them.
    bindings: HashMap<Box<str>, Vec<Box<str>>>,
    declared: Vec<Vec<Box<str>>>,
    want_errors: bool,
    errors: Vec<TreeError>,
}

impl TreeBuilder {
    pub fn new(want_errors: bool) -> TreeBuilder {
        TreeBuilder {
            dom: Dom::new(),
            phase: Phase::Start,
            stack: Vec::new(),
            open_names: HashMap::new(),
            bindings: HashMap::new(),
            declared: Vec::new(),
            want_errors,
            errors: Vec::new(),
        }
    }

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

    fn lookup(&self, prefix: &str) -> Option<&str> {
        match prefix {
            "xml" => Some(XML_NS),
            "xmlns" => Some(XMLNS_NS),
            _ => self.bindings.get(prefix).and_then(|v| v.last()).map(|u| &**u).filter(|u| !u.is_empty()),
        }
    }

    fn namespace(url: &str) -> Namespace {
        match url {
            XML_NS => Namespace::Xml,
            XMLNS_NS => Namespace::Xmlns,
            "http://www.w3.org/1999/xhtml" => Namespace::Html,
            "http://www.w3.org/2000/svg" => Namespace::Svg,
            "http://www.w3.org/1998/Math/MathML" => Namespace::MathMl,
            "http://www.w3.org/1999/xlink" => Namespace::XLink,
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
    /// itself and its attributes). Returns the element and the prefixes it declared.
    fn create_element(&mut self, tag: &super::Tag<'_>, span: Span) -> (NodeId, Vec<Box<str>>) {
        let mut declared: Vec<Box<str>> = Vec::new();
        for a in &tag.attributes {
            let decl = if a.name == "xmlns" {
                Some("")
            } else {
                a.name.strip_prefix("xmlns:").filter(|p| !p.is_empty())
            };
            let Some(prefix) = decl else { continue };
            if prefix == "xml" || prefix == "xmlns" {
                // Namespaces in XML: these prefixes are bound by definition and may not be
                // declared otherwise; the attribute stays an ordinary attribute.
                if !(prefix == "xml" && a.value == XML_NS) {
                    self.error(TreeError::ReservedPrefix(span));
                }
                continue;
            }
            self.bindings.entry(prefix.into()).or_default().push(a.value.as_ref().into());
            declared.push(prefix.into());
        }
        let (prefix, local) = Self::split(&tag.name);
        let ns = match prefix {
            Some(p) => match self.lookup(p) {
                Some(url) => Self::namespace(url),
                None => {
                    self.error(TreeError::UnboundPrefix(span));
                    Namespace::None
                }
            },
            None => self.lookup("").map_or(Namespace::None, Self::namespace),
        };
        // An element whose prefix is unbound keeps its qualified name as its local name.
        let name = match (prefix, &ns) {
            (Some(p), Namespace::None) => QualName { ns, prefix: None, local: Name::Owned(format!("{p}:{local}")) },
            (Some(p), _) => QualName { ns, prefix: Some(Name::Owned(p.to_owned())), local: Name::Owned(local.to_owned()) },
            (None, _) => QualName { ns, prefix: None, local: Name::Owned(local.to_owned()) },
        };
        let mut attrs: Vec<Attr> = Vec::with_capacity(tag.attributes.len());
        let mut seen: HashMap<(Namespace, Box<str>), ()> = HashMap::new();
        for a in &tag.attributes {
            let is_decl = a.name == "xmlns"
                || a.name.strip_prefix("xmlns:").is_some_and(|p| !p.is_empty() && p != "xml" && p != "xmlns");
            let qn = if is_decl {
                let (p, l) = Self::split(&a.name);
                QualName { ns: Namespace::Xmlns, prefix: p.map(|p| Name::Owned(p.to_owned())), local: Name::Owned(l.to_owned()) }
            } else {
                match Self::split(&a.name) {
                    // Unprefixed attributes are in no namespace, whatever the default namespace.
                    (None, l) => QualName::new(Namespace::None, Name::Owned(l.to_owned())),
                    (Some(p), l) => match self.lookup(p) {
                        Some(url) if !(p == "xmlns") => QualName {
                            ns: Self::namespace(url),
                            prefix: Some(Name::Owned(p.to_owned())),
                            local: Name::Owned(l.to_owned()),
                        },
                        _ => {
                            if p != "xmlns" {
                                self.error(TreeError::UnboundPrefix(span));
                            }
                            QualName::new(Namespace::None, Name::Owned(a.name.to_string()))
                        }
                    },
                }
            };
            let key = (qn.ns.clone(), Box::<str>::from(&*qn.local));
            if qn.ns != Namespace::None && seen.insert(key, ()).is_some() {
                self.error(TreeError::DuplicateNamespacedAttribute(span));
                continue;
            }
            attrs.push(Attr { name: qn, value: a.value.to_string() });
        }
        let id = self.dom.create_element(name, attrs);
        (id, declared)
    }

    fn undeclare(&mut self, declared: Vec<Box<str>>) {
        for p in declared {
            if let Some(v) = self.bindings.get_mut(&p) {
                v.pop();
            }
        }
    }

    fn push(&mut self, id: NodeId, qname: &str, declared: Vec<Box<str>>) {
        self.stack.push((id, qname.into()));
        *self.open_names.entry(qname.into()).or_default() += 1;
        self.declared.push(declared);
    }

    fn pop(&mut self) {
        if let Some((_, name)) = self.stack.pop() {
            if let Some(n) = self.open_names.get_mut(&name) {
                *n -= 1;
                if *n == 0 {
                    self.open_names.remove(&name);
                }
            }
        }
        if let Some(d) = self.declared.pop() {
            self.undeclare(d);
        }
    }

    /// "Append a character to a node": adjacent text becomes one Text node.
    fn append_text(&mut self, parent: NodeId, text: &str) {
        if let Some(last) = self.dom.node(parent).last_child() {
            if let NodeData::Text(t) = &mut self.dom.node_mut(last).data {
                t.push_str(text);
                return;
            }
        }
        let id = self.dom.create(NodeData::Text(text.to_owned()));
        self.dom.append(parent, id);
    }

    fn append_node(&mut self, parent: NodeId, data: NodeData) {
        let id = self.dom.create(data);
        self.dom.append(parent, id);
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
                    self.append_node(doc, NodeData::Comment(c.into_owned()));
                }
                Token::ProcessingInstruction(p) => {
                    let doc = self.dom.document();
                    self.append_node(doc, NodeData::ProcessingInstruction { target: p.target.into_owned(), data: p.data.into_owned() });
                }
                // Decision (spec/xml5/README.md): a DOCTYPE before the root element becomes the
                // document's DOCTYPE node, as xml5lib-tests expect; the draft is silent.
                Token::Doctype(d) => {
                    let doc = self.dom.document();
                    let has_doctype = self.dom.children(doc).any(|c| matches!(self.dom.node(c).data, NodeData::Doctype { .. }));
                    if has_doctype {
                        self.error(TreeError::UnexpectedToken(span));
                    } else {
                        self.append_node(
                            doc,
                            NodeData::Doctype {
                                name: d.name.map(|n| n.into_owned()).unwrap_or_default(),
                                public_id: d.public_id.map(|n| n.into_owned()).unwrap_or_default(),
                                system_id: d.system_id.map(|n| n.into_owned()).unwrap_or_default(),
                            },
                        );
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
                    if self.stack.last().is_none_or(|(_, n)| **n != *tag.name) {
                        self.error(TreeError::MismatchedEndTag(span));
                    }
                    if self.open_names.contains_key(&*tag.name) {
                        while let Some((_, n)) = self.stack.last() {
                            let matched = **n == *tag.name;
                            self.pop();
                            if matched {
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
                    self.append_node(cur, NodeData::Comment(c.into_owned()));
                }
                Token::ProcessingInstruction(p) => {
                    let cur = self.current();
                    self.append_node(cur, NodeData::ProcessingInstruction { target: p.target.into_owned(), data: p.data.into_owned() });
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
                    self.append_node(doc, NodeData::Comment(c.into_owned()));
                }
                Token::ProcessingInstruction(p) => {
                    let doc = self.dom.document();
                    self.append_node(doc, NodeData::ProcessingInstruction { target: p.target.into_owned(), data: p.data.into_owned() });
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

/// Parse an XML5 document into a [`Dom`]. Never fails: bad input gets the draft's recovery.
pub fn parse(input: &str) -> Dom {
    parse_with_errors(input, false).dom
}

/// Parse, collecting tokenizer and tree-construction errors when `errors` is true.
pub fn parse_with_errors(input: &str, errors: bool) -> Parsed {
    let mut t = Tokenizer::with_sink(input, TreeBuilder::new(errors));
    t.run();
    t.into_sink().finish()
}
