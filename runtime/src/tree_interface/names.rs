//! Names and attributes as tree builders hand them to a sink: [`Namespace`], [`QualName`] and
//! its borrowed form, and an element's attributes ([`Attrs`]). Layer: the tree-building
//! interface (below both tree builders and the DOM, importing none of them).

use std::borrow::Cow;

/// A name: borrowed from a static table for the names the parser knows, owned otherwise.
pub type Name = Cow<'static, str>;

/// A namespace. The parser uses the first seven; `Other` is for XML documents.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Namespace {
    /// No namespace (most attributes).
    None,
    /// The [HTML namespace](https://infra.spec.whatwg.org/#html-namespace), `http://www.w3.org/1999/xhtml`.
    Html,
    /// The [MathML namespace](https://infra.spec.whatwg.org/#mathml-namespace), `http://www.w3.org/1998/Math/MathML`.
    MathMl,
    /// The [SVG namespace](https://infra.spec.whatwg.org/#svg-namespace), `http://www.w3.org/2000/svg`.
    Svg,
    /// The [XLink namespace](https://infra.spec.whatwg.org/#xlink-namespace), `http://www.w3.org/1999/xlink`.
    XLink,
    /// The [XML namespace](https://infra.spec.whatwg.org/#xml-namespace), `http://www.w3.org/XML/1998/namespace`.
    Xml,
    /// The [XMLNS namespace](https://infra.spec.whatwg.org/#xmlns-namespace), `http://www.w3.org/2000/xmlns/`.
    Xmlns,
    /// Any other namespace URL, as declared in an XML document.
    Other(Box<str>),
}

impl Namespace {
    /// The namespace URL ("" for no namespace).
    pub fn url(&self) -> &str {
        match self {
            Namespace::None => "",
            Namespace::Html => "http://www.w3.org/1999/xhtml",
            Namespace::MathMl => "http://www.w3.org/1998/Math/MathML",
            Namespace::Svg => "http://www.w3.org/2000/svg",
            Namespace::XLink => "http://www.w3.org/1999/xlink",
            Namespace::Xml => "http://www.w3.org/XML/1998/namespace",
            Namespace::Xmlns => "http://www.w3.org/2000/xmlns/",
            Namespace::Other(u) => u,
        }
    }
}

/// A namespaced name: namespace, prefix (as written, for XML and the parser's foreign
/// attributes) and local name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QualName {
    /// The namespace.
    pub ns: Namespace,
    /// The prefix as written (`xlink` in `xlink:href`), if any.
    pub prefix: Option<Name>,
    /// The local name (`href` in `xlink:href`).
    pub local: Name,
}

impl QualName {
    /// A name in a namespace, without prefix.
    pub fn new(ns: Namespace, local: impl Into<Name>) -> QualName {
        QualName { ns, prefix: None, local: local.into() }
    }

    /// The borrowed form.
    pub fn as_ref(&self) -> QualNameRef<'_> {
        QualNameRef { ns: &self.ns, prefix: self.prefix.as_deref(), local: &self.local }
    }
}

/// A borrowed [`QualName`]: how tree builders hand names to a
/// [`TreeSink`](crate::html::tree::TreeSink) without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QualNameRef<'a> {
    /// The namespace.
    pub ns: &'a Namespace,
    /// The prefix as written, if any.
    pub prefix: Option<&'a str>,
    /// The local name.
    pub local: &'a str,
}

impl<'a> QualNameRef<'a> {
    /// A name in a namespace, without prefix.
    pub fn new(ns: &'a Namespace, local: &'a str) -> Self {
        QualNameRef { ns, prefix: None, local }
    }

    /// An owned copy.
    pub fn to_owned(&self) -> QualName {
        QualName {
            ns: self.ns.clone(),
            prefix: self.prefix.map(|p| Cow::Owned(p.to_owned())),
            local: Cow::Owned(self.local.to_owned()),
        }
    }
}

/// An owned attribute (fragment contexts, foreign content's adjusted attributes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    /// The attribute's name.
    pub name: QualName,
    /// The attribute's value.
    pub value: String,
}

/// A borrowed attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrRef<'a> {
    /// The attribute's name.
    pub name: QualNameRef<'a>,
    /// The attribute's value.
    pub value: &'a str,
}

/// The attributes of a new element as a tree builder hands them to a sink: the tag token's
/// own (no namespace), or owned ones. Copy, and iterable any number of times.
#[derive(Clone, Copy, Debug)]
pub struct Attrs<'a>(AttrsInner<'a>);

#[derive(Clone, Copy, Debug)]
enum AttrsInner<'a> {
    Token(&'a [crate::token::Attribute<'a>]),
    Owned(&'a [Attr]),
    Refs(&'a [AttrRef<'a>]),
    /// Names and values in one string, as `[name start, name len, value start, value len]`.
    Packed(&'a str, &'a [[u32; 4]]),
}

impl<'a> Attrs<'a> {
    /// A tag token's attributes, all in no namespace.
    pub fn token(attrs: &'a [crate::token::Attribute<'a>]) -> Self {
        Attrs(AttrsInner::Token(attrs))
    }

    /// Owned attributes, each with its own name and namespace.
    pub fn owned(attrs: &'a [Attr]) -> Self {
        Attrs(AttrsInner::Owned(attrs))
    }

    /// Borrowed attributes, each with its own name and namespace.
    pub fn refs(attrs: &'a [AttrRef<'a>]) -> Self {
        Attrs(AttrsInner::Refs(attrs))
    }

    pub(crate) fn packed(text: &'a str, attrs: &'a [[u32; 4]]) -> Self {
        Attrs(AttrsInner::Packed(text, attrs))
    }

    /// The tag token's own attributes, if these are they (all plain names in no namespace), so
    /// a sink storing many can loop over the slice rather than match the form per attribute.
    #[inline]
    pub(crate) fn as_token(&self) -> Option<&'a [crate::token::Attribute<'a>]> {
        match self.0 {
            AttrsInner::Token(a) => Some(a),
            _ => None,
        }
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        match self.0 {
            AttrsInner::Token(a) => a.len(),
            AttrsInner::Owned(a) => a.len(),
            AttrsInner::Refs(a) => a.len(),
            AttrsInner::Packed(_, a) => a.len(),
        }
    }

    /// Whether there are no attributes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`th attribute (0-based, in order), if there are that many.
    pub fn get(&self, i: usize) -> Option<AttrRef<'a>> {
        match self.0 {
            AttrsInner::Token(a) => a.get(i).map(|a| AttrRef {
                name: QualNameRef { ns: &Namespace::None, prefix: None, local: &a.name },
                value: &a.value,
            }),
            AttrsInner::Owned(a) => a.get(i).map(|a| AttrRef { name: a.name.as_ref(), value: &a.value }),
            AttrsInner::Refs(a) => a.get(i).copied(),
            AttrsInner::Packed(text, a) => a.get(i).map(|r| {
                let s = |start: u32, len: u32| text.get(start as usize..(start + len) as usize).unwrap_or("");
                AttrRef { name: QualNameRef::new(&Namespace::None, s(r[0], r[1])), value: s(r[2], r[3]) }
            }),
        }
    }

    /// The attributes in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = AttrRef<'a>> + use<'a> {
        let this = *self;
        (0..this.len())
            .map(move |i| this.get(i).unwrap_or(AttrRef { name: QualNameRef::new(&Namespace::None, ""), value: "" }))
    }

    /// Owned copies.
    pub fn to_vec(&self) -> Vec<Attr> {
        self.iter().map(|a| Attr { name: a.name.to_owned(), value: a.value.to_owned() }).collect()
    }
}
