//! Token parts shared by the tokenizers: tags with attributes, DOCTYPEs, processing
//! instructions. Text borrows from the input where it is a plain copy of it.

use std::borrow::Cow;

/// A DOCTYPE token ([tokenization](https://html.spec.whatwg.org/multipage/parsing.html#tokenization):
/// "DOCTYPE tokens have a name, a public identifier, a system identifier, and a force-quirks
/// flag"). `None` is the spec's "missing", distinct from the empty string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Doctype<'i> {
    /// The name (`html` in `<!DOCTYPE html>`), or missing.
    pub name: Option<Cow<'i, str>>,
    /// The public identifier, or missing.
    pub public_id: Option<Cow<'i, str>>,
    /// The system identifier, or missing.
    pub system_id: Option<Cow<'i, str>>,
    /// The force-quirks flag: set by the tokenizer on a malformed DOCTYPE, it puts the document
    /// in quirks mode.
    pub force_quirks: bool,
}

/// A start or end tag token ([tokenization](https://html.spec.whatwg.org/multipage/parsing.html#tokenization):
/// "Start and end tag tokens have a tag name, a self-closing flag, and a list of attributes").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tag<'i> {
    /// The tag name, ASCII-lowercased by the HTML tokenizer, as written by the XML5 one.
    pub name: Cow<'i, str>,
    /// In source order, duplicates already removed (the first one wins).
    pub attributes: Vec<Attribute<'i>>,
    /// The self-closing flag (`<br/>`).
    pub self_closing: bool,
}

impl<'i> Tag<'i> {
    /// The value of the attribute with this name, if present.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|a| a.name == name).map(|a| &*a.value)
    }
}

/// An attribute of a tag token: a name and a value, character references in the value already
/// decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attribute<'i> {
    /// The attribute's name.
    pub name: Cow<'i, str>,
    /// The attribute's value (empty for `<input disabled>`).
    pub value: Cow<'i, str>,
}

/// A processing instruction token (`<?target data>`), new in the 2026 spec.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProcessingInstruction<'i> {
    /// The target: the name right after `<?`.
    pub target: Cow<'i, str>,
    /// The data: what follows the target and the whitespace after it.
    pub data: Cow<'i, str>,
}

impl Tag<'_> {
    /// The same tag with every string owned.
    pub fn into_owned(self) -> Tag<'static> {
        Tag {
            name: Cow::Owned(self.name.into_owned()),
            attributes: self
                .attributes
                .into_iter()
                .map(|a| Attribute { name: Cow::Owned(a.name.into_owned()), value: Cow::Owned(a.value.into_owned()) })
                .collect(),
            self_closing: self.self_closing,
        }
    }
}

impl Doctype<'_> {
    /// The same DOCTYPE with every string owned.
    pub fn into_owned(self) -> Doctype<'static> {
        Doctype {
            name: self.name.map(|c| Cow::Owned(c.into_owned())),
            public_id: self.public_id.map(|c| Cow::Owned(c.into_owned())),
            system_id: self.system_id.map(|c| Cow::Owned(c.into_owned())),
            force_quirks: self.force_quirks,
        }
    }
}

impl ProcessingInstruction<'_> {
    /// The same processing instruction with every string owned.
    pub fn into_owned(self) -> ProcessingInstruction<'static> {
        ProcessingInstruction { target: Cow::Owned(self.target.into_owned()), data: Cow::Owned(self.data.into_owned()) }
    }
}

/// "The tag name of the last start tag to have been emitted from this tokenizer", which an
/// appropriate end tag token must match (HTML and its editions). Borrowed from the input when
/// the start tag's name was (no copy per start tag), else copied into a buffer that is reused.
#[derive(Clone, Debug, Default)]
pub struct LastStartTag<'i> {
    borrowed: Option<&'i str>,
    owned: String,
    any: bool,
}

impl<'i> LastStartTag<'i> {
    /// The name a tokenizer starts with (html5lib-tests' `lastStartTag`), if any.
    pub(crate) fn new(initial: Option<String>) -> Self {
        LastStartTag { borrowed: None, any: initial.is_some(), owned: initial.unwrap_or_default() }
    }

    /// A start tag with this name was emitted. The `Cow` itself, not a `&str`: whether it
    /// borrows from the input decides whether the name must be copied. In line on every start
    /// tag: a borrowed name (most) is two stores; the copy is out of line.
    #[inline(always)]
    #[allow(clippy::ptr_arg)]
    pub(crate) fn set(&mut self, name: &Cow<'i, str>) {
        match name {
            Cow::Borrowed(n) => self.borrowed = Some(n),
            Cow::Owned(n) => self.set_owned(n),
        }
        self.any = true;
    }

    #[inline(never)]
    fn set_owned(&mut self, name: &str) {
        self.borrowed = None;
        self.owned.clear();
        self.owned.push_str(name);
    }

    /// The last start tag's name, if a start tag was emitted (or given): the 2008 draft's close
    /// tag open state compares the input with it.
    #[cfg(feature = "edition-html2008")]
    pub(crate) fn name(&self) -> Option<&str> {
        self.any.then(|| self.borrowed.unwrap_or(&self.owned))
    }

    /// Whether `name` is the last start tag's name ("if no start tag has been emitted from this
    /// tokenizer, then no end tag token is appropriate").
    #[inline]
    pub(crate) fn is(&self, name: &str) -> bool {
        self.any && name == self.borrowed.unwrap_or(&self.owned)
    }
}
