//! Namespace resolution on its own: the namespace bindings in scope as a stack a streaming
//! consumer pushes start tags into and asks what a prefix, an element name or an attribute
//! name resolves to ("Namespaces in XML 1.0", sections 5 and 6.1). The XML5 tree builder
//! resolves its names with it; a tokenizer sink can do the same without building a tree.
//!
//! ```
//! use statemark::dom::Namespace;
//! use statemark::xml5::{NamespaceScopes, Token, tokenize};
//!
//! let mut scopes = NamespaceScopes::new();
//! let mut names = Vec::new();
//! for token in tokenize("<r xmlns='urn:d' xmlns:p='urn:p'><p:a p:x='1' y='2'/></r>") {
//!     match &token {
//!         Token::StartTag(tag) | Token::EmptyTag(tag) => {
//!             scopes.push_element(tag);
//!             let name = scopes.resolve_element(&tag.name).expect("bound prefix");
//!             names.push((name.ns.url().to_owned(), name.local.to_owned()));
//!             for a in &tag.attributes {
//!                 let name = scopes.resolve_attribute(&a.name, &a.value).expect("bound prefix");
//!                 names.push((name.ns.url().to_owned(), name.local.to_owned()));
//!             }
//!             if let Token::EmptyTag(_) = token {
//!                 scopes.pop_element();
//!             }
//!         }
//!         Token::EndTag(_) | Token::ShortEndTag => scopes.pop_element(),
//!         _ => {}
//!     }
//! }
//! let xmlns = "http://www.w3.org/2000/xmlns/";
//! let want = [("urn:d", "r"), (xmlns, "xmlns"), (xmlns, "p"), ("urn:p", "a"), ("urn:p", "x"), ("", "y")];
//! assert_eq!(names, want.map(|(n, l)| (n.to_owned(), l.to_owned())));
//! assert_eq!(scopes.resolve(Some("p")), None);
//! assert_eq!(scopes.resolve(None), Some(&Namespace::None));
//! ```

use super::token::Tag;
use crate::tree_interface::{FastMap, Namespace, QualNameRef};

pub(crate) const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
pub(crate) const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

static XML: Namespace = Namespace::Xml;
static XMLNS: Namespace = Namespace::Xmlns;
static NONE: Namespace = Namespace::None;

/// `declared` entry for a default namespace declaration (`xmlns="..."`).
const DEFAULT: u32 = u32::MAX;

/// The namespace bindings in scope ("Namespaces in XML", section 6.1), one scope per element
/// pushed. Namespaces are numbered as first declared (`namespaces[0]` is `Namespace::None`,
/// which unbinds), so a declaration allocates only for a URL not seen before. The default
/// namespace has its own stack (`default_ns`), so an unprefixed element finds it without
/// hashing; a prefix finds its stack through `prefixes`. The declarations of the open elements
/// are on `declared`, innermost last (each the stack it pushed, `DEFAULT` for the default
/// namespace), and how many each element made on `per_element`, to undo them.
#[derive(Debug)]
pub struct NamespaceScopes {
    namespaces: Vec<Namespace>,
    ns_ids: FastMap<Box<str>, u32>,
    default_ns: Vec<u32>,
    prefixes: FastMap<Box<str>, u32>,
    prefix_scopes: Vec<Vec<u32>>,
    declared: Vec<u32>,
    per_element: Vec<u32>,
}

impl Default for NamespaceScopes {
    fn default() -> Self {
        NamespaceScopes {
            namespaces: vec![Namespace::None],
            ns_ids: FastMap::default(),
            default_ns: Vec::new(),
            prefixes: FastMap::default(),
            prefix_scopes: Vec::new(),
            declared: Vec::new(),
            per_element: Vec::new(),
        }
    }
}

impl NamespaceScopes {
    /// No bindings but `xml` and `xmlns`, which are bound by definition.
    pub fn new() -> Self {
        Self::default()
    }

    /// Enter an element: its `xmlns` and `xmlns:p` attributes bind for it and its descendants
    /// until the matching [`pop_element`](Self::pop_element). A declaration of the reserved
    /// prefixes other than `xmlns:xml` bound to the XML namespace binds nothing (the attribute
    /// stays an ordinary one); the count of those is returned, for a consumer that reports them.
    #[inline]
    pub fn push_element(&mut self, tag: &Tag<'_>) -> usize {
        let mut declared = 0;
        let mut reserved = 0;
        for a in &tag.attributes {
            let Some(prefix) = declares(&a.name) else { continue };
            if let Some(p @ ("xml" | "xmlns")) = prefix {
                // Namespaces in XML: these prefixes are bound by definition and may not be
                // declared otherwise.
                if !(p == "xml" && a.value == XML_NS) {
                    reserved += 1;
                }
                continue;
            }
            self.declare(prefix, &a.value);
            declared += 1;
        }
        self.per_element.push(declared);
        reserved
    }

    /// Leave the innermost element pushed: its declarations no longer apply. Nothing happens
    /// with no element pushed.
    #[inline]
    pub fn pop_element(&mut self) {
        if let Some(n) = self.per_element.pop() {
            self.undeclare(n);
        }
    }

    /// How many elements are pushed.
    pub fn depth(&self) -> usize {
        self.per_element.len()
    }

    /// The namespace `prefix` is bound to, if any (`None`: the default namespace, which is
    /// `Namespace::None` where no `xmlns` declaration is in scope). `xml` and `xmlns` are bound
    /// by definition.
    pub fn resolve(&self, prefix: Option<&str>) -> Option<&Namespace> {
        match prefix {
            None => Some(self.default_namespace()),
            Some(p) => self.lookup(p),
        }
    }

    /// An element's qualified name, resolved: its prefix's namespace, or the default namespace
    /// for an unprefixed name. `None` when the prefix is bound to no namespace.
    #[inline]
    pub fn resolve_element<'a>(&'a self, qname: &'a str) -> Option<QualNameRef<'a>> {
        let (prefix, local) = split(qname);
        Some(match prefix {
            Some(p) => QualNameRef { ns: self.lookup(p)?, prefix: Some(p), local },
            None => QualNameRef::new(self.default_namespace(), local),
        })
    }

    /// An attribute's name, resolved (its `value` decides whether `xmlns:xml` is a legal
    /// declaration): namespace declarations are in the xmlns namespace; unprefixed names are
    /// in no namespace, whatever the default namespace; a prefixed name is in its prefix's
    /// namespace. The reserved prefix `xmlns` on anything but a legal declaration leaves the
    /// whole name, in no namespace. `None` when another prefix is bound to no namespace.
    #[inline]
    pub fn resolve_attribute<'a>(&'a self, name: &'a str, value: &str) -> Option<QualNameRef<'a>> {
        Some(match (declares(name), split(name)) {
            // Namespaces in XML 1.0, section 3: `xmlns:xml` bound to the XML namespace is a
            // legal (if needless) declaration, so it is in the xmlns namespace like any other;
            // only the reserved prefixes' illegal declarations stay ordinary attributes.
            (Some(p), (ap, l)) if p != Some("xmlns") && (p != Some("xml") || value == XML_NS) => {
                QualNameRef { ns: &XMLNS, prefix: ap, local: l }
            }
            (_, (None, l)) => QualNameRef::new(&NONE, l),
            (_, (Some("xmlns"), _)) => QualNameRef::new(&NONE, name),
            (_, (Some(p), l)) => QualNameRef { ns: self.lookup(p)?, prefix: Some(p), local: l },
        })
    }

    /// The number of the namespace `url` names ("" is no namespace), numbering it if new.
    fn namespace_id(&mut self, url: &str) -> u32 {
        if url.is_empty() {
            return 0;
        }
        if let Some(&id) = self.ns_ids.get(url) {
            return id;
        }
        let ns = match url {
            XML_NS => Namespace::Xml,
            XMLNS_NS => Namespace::Xmlns,
            "http://www.w3.org/1999/xhtml" => Namespace::Html,
            "http://www.w3.org/2000/svg" => Namespace::Svg,
            "http://www.w3.org/1998/Math/MathML" => Namespace::MathMl,
            "http://www.w3.org/1999/xlink" => Namespace::XLink,
            _ => Namespace::Other(url.into()),
        };
        let id = self.namespaces.len() as u32;
        self.namespaces.push(ns);
        self.ns_ids.insert(url.into(), id);
        id
    }

    /// Bind `prefix` (`None`: the default namespace) to `url` for the current element's
    /// scope.
    fn declare(&mut self, prefix: Option<&str>, url: &str) {
        let id = self.namespace_id(url);
        let Some(prefix) = prefix else {
            self.default_ns.push(id);
            self.declared.push(DEFAULT);
            return;
        };
        let slot = match self.prefixes.get(prefix) {
            Some(&slot) => slot,
            None => {
                let slot = self.prefix_scopes.len() as u32;
                self.prefixes.insert(prefix.into(), slot);
                self.prefix_scopes.push(Vec::new());
                slot
            }
        };
        self.prefix_scopes[slot as usize].push(id);
        self.declared.push(slot);
    }

    /// The namespace bound to `prefix`, if any (`xml` and `xmlns` are bound by definition).
    #[inline]
    fn lookup(&self, prefix: &str) -> Option<&Namespace> {
        let id = match prefix {
            "xml" => return Some(&XML),
            "xmlns" => return Some(&XMLNS),
            _ if self.prefixes.is_empty() => return None,
            _ => *self.prefix_scopes[*self.prefixes.get(prefix)? as usize].last()?,
        };
        (id != 0).then(|| &self.namespaces[id as usize])
    }

    /// The default namespace in scope (`Namespace::None` if there is none).
    #[inline]
    fn default_namespace(&self) -> &Namespace {
        &self.namespaces[self.default_ns.last().map_or(0, |&id| id as usize)]
    }

    /// Undo the last `declared` declarations.
    fn undeclare(&mut self, declared: u32) {
        for _ in 0..declared {
            match self.declared.pop() {
                Some(DEFAULT) => {
                    self.default_ns.pop();
                }
                Some(slot) => {
                    self.prefix_scopes[slot as usize].pop();
                }
                None => {}
            }
        }
    }
}

/// A qualified name's prefix and local part, split at the first colon when both are
/// non-empty. Names are short: a byte loop costs less than setting up `memchr`.
#[inline]
pub(crate) fn split(qname: &str) -> (Option<&str>, &str) {
    match qname.bytes().position(|b| b == b':') {
        Some(i) if i > 0 && i + 1 < qname.len() => (qname.get(..i), qname.get(i + 1..).unwrap_or(qname)),
        _ => (None, qname),
    }
}

/// The prefix an attribute named `name` declares: `Some(None)` for `xmlns` (the default
/// namespace), `Some(Some(p))` for `xmlns:p`.
#[inline]
pub(crate) fn declares(name: &str) -> Option<Option<&str>> {
    // Most attributes do not start with "xmlns": one byte comparison settles them.
    if !name.starts_with("xmlns") {
        return None;
    }
    if name.len() == 5 {
        return Some(None);
    }
    name.strip_prefix("xmlns:").filter(|p| !p.is_empty()).map(Some)
}
