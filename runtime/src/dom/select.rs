//! CSS selectors on a [`Dom`] (feature `selectors`): [`Selector`] parses with Servo's
//! `selectors`/`cssparser` crates and matches through their `Element` trait, implemented here for
//! an element of the arena (Selectors Level 4, <https://drafts.csswg.org/selectors-4/>).
//!
//! `:has()` is not parsed: the crate matches it by recursing over the subject's descendants, and
//! nothing here may recurse to a depth the document chooses. Pseudo-classes that depend on user
//! interaction (`:hover`, `:focus`...) cannot be parsed either: a parsed document has none of
//! that state. `:link` and `:any-link` match `a` and `area` elements with an `href`.

use super::{Dom, Kind, Namespace, NodeData, NodeId, QuirksMode};
use cssparser::{CowRcStr, ParseError, SourceLocation, ToCss};
use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::context::{MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, SelectorCaches};
use selectors::matching::{ElementSelectorFlags, matches_selector_list};
use selectors::parser::{ParseRelative, SelectorParseErrorKind};
use selectors::{OpaqueElement, SelectorImpl, SelectorList};
use std::fmt;

/// A selector list, parsed once and matched any number of times.
///
/// ```
/// use statemark::dom::Selector;
/// use statemark::html::parse_document;
///
/// let dom = parse_document("<ul id=menu><li class='a b'>one<li>two<li class=b>three</ul>");
/// let items = Selector::parse("#menu > li.b").unwrap();
/// let text: Vec<String> = dom.select(&items).map(|n| dom.text_content(n)).collect();
/// assert_eq!(text, ["one", "three"]);
/// let second = dom.select_first(&Selector::parse("li:nth-child(2)").unwrap()).unwrap();
/// assert_eq!(dom.text_content(second), "two");
/// assert!(Selector::parse("li:hover").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Selector(SelectorList<Simple>);

/// A selector that did not parse: what was wrong and where (line and column, from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectorError {
    /// What the CSS parser or the selector parser objected to.
    pub message: String,
    /// Line in the selector text, from 1.
    pub line: u32,
    /// Column in the selector text, from 1.
    pub column: u32,
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for SelectorError {}

impl Selector {
    /// Parse a selector list (`a, b > c`), as `querySelectorAll` takes it.
    pub fn parse(css: &str) -> Result<Selector, SelectorError> {
        let mut input = cssparser::ParserInput::new(css);
        let mut parser = cssparser::Parser::new(&mut input);
        let result = SelectorList::parse(&Parser, &mut parser, ParseRelative::No)
            .and_then(|list| parser.expect_exhausted().map(|()| list).map_err(ParseError::from));
        result.map(Selector).map_err(|e| SelectorError {
            message: match &e.kind {
                cssparser::ParseErrorKind::Basic(b) => format!("{b:?}"),
                cssparser::ParseErrorKind::Custom(c) => format!("{c:?}"),
            },
            line: e.location.line + 1,
            column: e.location.column,
        })
    }
}

impl Dom {
    /// The elements under [`root`](Self::root) (the document, or a parsed fragment) that match
    /// `selector`, in tree order (`querySelectorAll`; template contents are not searched).
    pub fn select<'a>(&'a self, selector: &'a Selector) -> impl Iterator<Item = NodeId> + 'a {
        self.select_in(self.root(), selector)
    }

    /// The matching elements among the descendants of `scope`, in tree order.
    pub fn select_in<'a>(&'a self, scope: NodeId, selector: &'a Selector) -> impl Iterator<Item = NodeId> + 'a {
        let mut caches = SelectorCaches::default();
        self.descendants(scope).filter(move |&n| n != scope && self.matches_with(n, selector, &mut caches))
    }

    /// The first element under [`root`](Self::root) matching `selector` (`querySelector`).
    pub fn select_first(&self, selector: &Selector) -> Option<NodeId> {
        self.select(selector).next()
    }

    /// Whether the element `id` matches `selector` (`Element.matches`); false for other nodes.
    pub fn matches(&self, id: NodeId, selector: &Selector) -> bool {
        self.matches_with(id, selector, &mut SelectorCaches::default())
    }

    fn matches_with(&self, id: NodeId, selector: &Selector, caches: &mut SelectorCaches) -> bool {
        if !self.node(id).is_element() {
            return false;
        }
        let quirks = match self.quirks_mode {
            QuirksMode::NoQuirks => selectors::context::QuirksMode::NoQuirks,
            QuirksMode::LimitedQuirks => selectors::context::QuirksMode::LimitedQuirks,
            QuirksMode::Quirks => selectors::context::QuirksMode::Quirks,
        };
        let mut cx = MatchingContext::new(
            MatchingMode::Normal,
            None,
            caches,
            quirks,
            NeedsSelectorFlags::No,
            MatchingForInvalidation::No,
        );
        matches_selector_list(&selector.0, &El { dom: self, id }, &mut cx)
    }
}

/// The [`SelectorImpl`]: plain strings for every name and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Simple;

/// An identifier, name or namespace URL in a selector.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ident(String);

/// An attribute value in a selector (`[href^="https:"]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Value(String);

impl From<&str> for Ident {
    fn from(s: &str) -> Self {
        Ident(s.to_owned())
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value(s.to_owned())
    }
}

impl AsRef<str> for Value {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for Ident {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl ToCss for Ident {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.0, dest)
    }
}

impl ToCss for Value {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_string(&self.0, dest)
    }
}

impl precomputed_hash::PrecomputedHash for Ident {
    /// Only for the matcher's Bloom filter, which this crate does not use; FNV-1a all the same.
    fn precomputed_hash(&self) -> u32 {
        self.0.bytes().fold(0x811c_9dc5, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
    }
}

/// The pseudo-classes supported: those a parsed document can answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PseudoClass {
    Link,
    AnyLink,
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_str(match self {
            PseudoClass::Link => ":link",
            PseudoClass::AnyLink => ":any-link",
        })
    }
}

impl selectors::parser::NonTSPseudoClass for PseudoClass {
    type Impl = Simple;
    fn is_active_or_hover(&self) -> bool {
        false
    }
    fn is_user_action_state(&self) -> bool {
        false
    }
}

/// No pseudo-elements: they select no element of a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PseudoElement {}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

impl selectors::parser::PseudoElement for PseudoElement {
    type Impl = Simple;
}

impl SelectorImpl for Simple {
    type ExtraMatchingData<'a> = ();
    type AttrValue = Value;
    type Identifier = Ident;
    type LocalName = Ident;
    type NamespaceUrl = Ident;
    type NamespacePrefix = Ident;
    type BorrowedNamespaceUrl = str;
    type BorrowedLocalName = str;
    type NonTSPseudoClass = PseudoClass;
    type PseudoElement = PseudoElement;
}

struct Parser;

impl<'i> selectors::Parser<'i> for Parser {
    type Impl = Simple;
    type Error = SelectorParseErrorKind<'i>;

    fn parse_is_and_where(&self) -> bool {
        true
    }

    fn parse_nth_child_of(&self) -> bool {
        true
    }

    fn parse_non_ts_pseudo_class(
        &self,
        location: SourceLocation,
        name: CowRcStr<'i>,
    ) -> Result<PseudoClass, ParseError<'i, Self::Error>> {
        if name.eq_ignore_ascii_case("link") {
            Ok(PseudoClass::Link)
        } else if name.eq_ignore_ascii_case("any-link") {
            Ok(PseudoClass::AnyLink)
        } else {
            Err(location.new_custom_error(SelectorParseErrorKind::UnsupportedPseudoClassOrElement(name)))
        }
    }
}

/// An element of a [`Dom`] as the matcher sees it.
#[derive(Clone, Copy)]
struct El<'a> {
    dom: &'a Dom,
    id: NodeId,
}

impl fmt::Debug for El<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "El({:?})", self.id)
    }
}

impl<'a> El<'a> {
    fn at(&self, id: Option<NodeId>) -> Option<El<'a>> {
        id.map(|id| El { dom: self.dom, id })
    }

    fn element_from(&self, mut cur: Option<NodeId>, forward: bool) -> Option<El<'a>> {
        while let Some(n) = cur {
            let node = self.dom.node(n);
            if node.is_element() {
                return self.at(Some(n));
            }
            cur = if forward { node.next } else { node.prev_sibling() };
        }
        None
    }

    fn name(&self) -> &'a super::QualName {
        self.dom.names.get(self.dom.node(self.id).a())
    }

    fn attr(&self, local: &str) -> Option<&'a str> {
        self.dom.element(self.id).and_then(|e| e.attr(local))
    }

    /// HTML: `a` and `area` elements with an `href` are links (spec: #selector-link).
    fn is_hyperlink(&self) -> bool {
        let name = self.name();
        name.ns == Namespace::Html && (name.local == "a" || name.local == "area") && self.attr("href").is_some()
    }
}

impl selectors::Element for El<'_> {
    type Impl = Simple;

    fn opaque(&self) -> OpaqueElement {
        OpaqueElement::new(self.dom.node(self.id))
    }

    fn parent_element(&self) -> Option<Self> {
        let p = self.dom.node(self.id).parent?;
        self.dom.node(p).is_element().then_some(El { dom: self.dom, id: p })
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        self.element_from(self.dom.node(self.id).prev_sibling(), false)
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.element_from(self.dom.node(self.id).next, true)
    }

    fn first_element_child(&self) -> Option<Self> {
        self.element_from(self.dom.node(self.id).first_child, true)
    }

    fn is_html_element_in_html_document(&self) -> bool {
        self.name().ns == Namespace::Html
    }

    fn has_local_name(&self, local_name: &str) -> bool {
        self.name().local == local_name
    }

    fn has_namespace(&self, ns: &str) -> bool {
        self.name().ns.url() == ns
    }

    fn is_same_type(&self, other: &Self) -> bool {
        self.name() == other.name()
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&Ident>,
        local_name: &Ident,
        operation: &AttrSelectorOperation<&Value>,
    ) -> bool {
        let Some(e) = self.dom.element(self.id) else { return false };
        e.attrs().any(|a| {
            a.name.local == local_name.0
                && match ns {
                    NamespaceConstraint::Any => true,
                    NamespaceConstraint::Specific(url) => a.name.ns.url() == url.0,
                }
                && operation.eval_str(a.value)
        })
    }

    fn match_non_ts_pseudo_class(&self, pc: &PseudoClass, _: &mut MatchingContext<Simple>) -> bool {
        match pc {
            PseudoClass::Link | PseudoClass::AnyLink => self.is_hyperlink(),
        }
    }

    fn match_pseudo_element(&self, pe: &PseudoElement, _: &mut MatchingContext<Simple>) -> bool {
        match *pe {}
    }

    fn apply_selector_flags(&self, _: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        self.is_hyperlink()
    }

    fn is_html_slot_element(&self) -> bool {
        false
    }

    fn has_id(&self, id: &Ident, case_sensitivity: CaseSensitivity) -> bool {
        self.attr("id").is_some_and(|v| case_sensitivity.eq(v.as_bytes(), id.0.as_bytes()))
    }

    fn has_class(&self, name: &Ident, case_sensitivity: CaseSensitivity) -> bool {
        self.attr("class").is_some_and(|v| {
            v.split(['\t', '\n', '\x0C', '\r', ' ']).any(|c| case_sensitivity.eq(c.as_bytes(), name.0.as_bytes()))
        })
    }

    fn has_custom_state(&self, _: &Ident) -> bool {
        false
    }

    fn imported_part(&self, _: &Ident) -> Option<Ident> {
        None
    }

    fn is_part(&self, _: &Ident) -> bool {
        false
    }

    /// `:empty`: no element children and no text (comments and processing instructions do not count).
    fn is_empty(&self) -> bool {
        self.dom.children(self.id).all(|c| match self.dom.data(c) {
            NodeData::Text(t) => t.is_empty(),
            NodeData::Comment(_) | NodeData::ProcessingInstruction { .. } => true,
            _ => false,
        })
    }

    fn is_root(&self) -> bool {
        self.dom.node(self.id).parent.is_some_and(|p| self.dom.node(p).kind() == Kind::Document)
    }

    fn add_element_unique_hashes(&self, _: &mut BloomFilter) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::{Context, parse_document, parse_fragment};

    fn texts(dom: &Dom, css: &str) -> Vec<String> {
        let s = Selector::parse(css).unwrap_or_else(|e| panic!("{css}: {e}"));
        dom.select(&s).map(|n| dom.text_content(n)).collect()
    }

    #[test]
    fn combinators_attributes_and_structure() {
        let dom = parse_document(
            "<!DOCTYPE html><div id=a><p class='x y'>1</p><p lang=en-US>2</p><span>3</span><p data-k='v w'>4</p></div>\
             <a href=/x>5</a><a>6</a><svg><a href=/y>7</a></svg><section><!-- c --></section>",
        );
        assert_eq!(texts(&dom, "div > p"), ["1", "2", "4"]);
        assert_eq!(texts(&dom, "p + span"), ["3"]);
        assert_eq!(texts(&dom, "span ~ p"), ["4"]);
        assert_eq!(texts(&dom, ".y, [lang|=en]"), ["1", "2"]);
        assert_eq!(texts(&dom, "[data-k~=w]"), ["4"]);
        assert_eq!(texts(&dom, "P.X"), Vec::<String>::new()); // class names are case-sensitive in no-quirks mode
        assert_eq!(texts(&dom, "P.x"), ["1"]); // HTML element names are not
        assert_eq!(texts(&dom, "p:not(.x):last-of-type"), ["4"]);
        assert_eq!(texts(&dom, ":is(span, section)"), ["3", ""]);
        assert_eq!(texts(&dom, "section:empty"), [""]);
        assert_eq!(texts(&dom, ":any-link"), ["5"]);
        assert_eq!(texts(&dom, "svg a"), ["7"]);
        assert_eq!(texts(&dom, "p:nth-child(2 of .x, [lang])"), ["2"]);
        assert_eq!(dom.select(&Selector::parse(":root").unwrap()).count(), 1);
        assert!(Selector::parse("p:has(span)").is_err());
        assert!(Selector::parse("p >").is_err());
        let e = Selector::parse("p::before").unwrap_err();
        assert!(e.to_string().starts_with("1:"), "{e}");
    }

    #[test]
    fn quirks_mode_ids_and_classes_are_case_insensitive() {
        let dom = parse_document("<p id=Big class=Red>q</p>");
        assert_eq!(texts(&dom, "#big"), ["q"]);
        assert_eq!(texts(&dom, ".red"), ["q"]);
    }

    #[test]
    fn fragments_scope_and_matches() {
        let dom = parse_fragment("<b>1</b><i><b>2</b></i>", &Context::html("div"));
        let b = Selector::parse("b").unwrap();
        assert_eq!(dom.select(&b).count(), 2);
        let i = dom.select_first(&Selector::parse("i").unwrap()).unwrap();
        assert_eq!(dom.select_in(i, &b).map(|n| dom.text_content(n)).collect::<Vec<_>>(), ["2"]);
        assert!(dom.matches(i, &Selector::parse("div > i, i").unwrap()));
        assert!(!dom.matches(dom.root(), &b));
    }

    #[test]
    fn deep_documents_do_not_recurse() {
        let depth = 50_000;
        let html = "<div>".repeat(depth) + "<p class=deep>x";
        let dom = parse_document(&html);
        assert_eq!(texts(&dom, "div div > p.deep"), ["x"]);
        assert_eq!(texts(&dom, "body > div:first-child:not(:empty)").len(), 1);
    }
}
