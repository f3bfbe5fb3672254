//! CSS selectors on a [`Dom`] (feature `selectors`): [`Selector`] parses with Servo's
//! `selectors`/`cssparser` crates and matches through their `Element` trait, implemented here for
//! an element of the arena (Selectors Level 4, <https://drafts.csswg.org/selectors-4/>).
//!
//! The crate parses selectors and matches compounds; which elements a complex selector matches
//! is worked out by `engine` in one traversal, without recursion on the tree's depth, `:has()`
//! included (the crate would recurse over the subject's descendants). Pseudo-classes that depend on user
//! interaction (`:hover`, `:focus`...) cannot be parsed either: a parsed document has none of
//! that state. `:link` and `:any-link` match `a` and `area` elements with an `href`.

use super::{Dom, Kind, Namespace, NodeData, NodeId};
use cssparser::{CowRcStr, ParseError, SourceLocation, ToCss};
use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::context::MatchingContext;
use selectors::matching::ElementSelectorFlags;
use selectors::parser::{ParseRelative, SelectorParseErrorKind};
use selectors::{OpaqueElement, SelectorImpl, SelectorList};
use std::fmt;

mod engine;

pub use engine::Select;

/// How deep brackets may nest in a selector's text: `(`, `[` and `{`, function tokens (`:is(`,
/// `:not(`, `:where(`, `:has(`, `:nth-child(`) included. The CSS parser and the selector parser
/// recurse once per level, so deeper text is refused with an error before they see it.
/// Twelve levels parse and match in a 256 KiB stack even in a debug build (which takes about
/// 16 KiB a level); selectors written by hand rarely pass four.
pub const MAX_NESTING: usize = 12;

/// How many compounds the complex selectors inside pseudo-class arguments (`:is(a b > c)` has
/// three) may add up to along any path of nesting. The `selectors` crate matches those
/// arguments recursively, one level per compound; top-level selectors and `:has()` arguments
/// are matched by this crate's engine without recursion and have no such limit.
pub const MAX_NESTED_COMPOUNDS: usize = 64;

/// A selector list, parsed once and matched any number of times.
///
/// Matching the list against every element of a tree ([`Dom::select`]) costs O(n·s) compound
/// tests for n nodes and s compounds in the list, whatever the depth and the combinators, plus
/// the cost of combinators nested inside `:is()`, `:where()`, `:not()` and `:nth-child(… of
/// S)`, which are matched by walking ancestors or siblings (O(depth) per test). `:has()` is
/// answered for every element of the arena at once (O(n·s) more) when the list uses it. No
/// matching operation recurses on the tree's depth.
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
/// let lists = Selector::parse("ul:has(> li.a)").unwrap();
/// assert_eq!(dom.select(&lists).count(), 1);
/// assert!(Selector::parse("li:hover").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Selector {
    plan: engine::Plan,
}

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
    /// Parse a selector list (`a, b > c`), as `querySelectorAll` takes it. A namespace prefix
    /// (`svg|rect`) is an error here: see [`parse_with_namespaces`](Self::parse_with_namespaces).
    ///
    /// Brackets nested deeper than [`MAX_NESTING`] and pseudo-class arguments longer than
    /// [`MAX_NESTED_COMPOUNDS`] are refused with an error (they would make the parser or the
    /// matcher recurse as deep as the text asks).
    pub fn parse(css: &str) -> Result<Selector, SelectorError> {
        Selector::parse_with_namespaces(css, &[])
    }

    /// Parse a selector list with namespace prefixes, as `@namespace` rules would declare them:
    /// `(prefix, namespace URL)` pairs, and `("", URL)` for the default namespace (which then
    /// applies to type selectors and `*` without a prefix, not to attributes). Without a
    /// default namespace, `rect` matches a `rect` in any namespace (Selectors 4,
    /// #type-nmsp).
    ///
    /// ```
    /// use statemark::dom::Selector;
    /// use statemark::xml5;
    ///
    /// let doc = r#"<doc xmlns="urn:d" xmlns:s="http://www.w3.org/2000/svg"><s:text>a</s:text><text>b</text></doc>"#;
    /// let dom = xml5::parse(doc);
    /// let svg = [("svg", "http://www.w3.org/2000/svg"), ("d", "urn:d")];
    /// let texts = |css| {
    ///     let s = Selector::parse_with_namespaces(css, &svg).unwrap();
    ///     dom.select(&s).map(|n| dom.text_content(n)).collect::<Vec<_>>()
    /// };
    /// assert_eq!(texts("svg|text"), ["a"]);
    /// assert_eq!(texts("d|doc > d|text"), ["b"]);
    /// assert_eq!(texts("text"), ["a", "b"]);
    /// assert!(Selector::parse("svg|text").is_err()); // no prefix declared
    /// ```
    pub fn parse_with_namespaces(css: &str, namespaces: &[(&str, &str)]) -> Result<Selector, SelectorError> {
        check_nesting(css)?;
        let mut input = cssparser::ParserInput::new(css);
        let mut parser = cssparser::Parser::new(&mut input);
        let result = SelectorList::parse(&Parser { namespaces }, &mut parser, ParseRelative::No)
            .and_then(|list| parser.expect_exhausted().map(|()| list).map_err(ParseError::from));
        let list = result.map_err(|e| SelectorError {
            message: match &e.kind {
                cssparser::ParseErrorKind::Basic(b) => format!("{b:?}"),
                cssparser::ParseErrorKind::Custom(c) => format!("{c:?}"),
            },
            line: e.location.line + 1,
            column: e.location.column,
        })?;
        if nested_compounds(list.slice(), 0, 0) > MAX_NESTED_COMPOUNDS {
            return Err(SelectorError {
                message: format!("pseudo-class arguments longer than {MAX_NESTED_COMPOUNDS} compounds"),
                line: 1,
                column: 1,
            });
        }
        Ok(Selector { plan: engine::Plan::new(&list) })
    }
}

/// Refuses text whose brackets nest deeper than [`MAX_NESTING`], in one pass that skips what
/// the CSS tokenizer would not read as a bracket (CSS Syntax 3, #tokenization): comments,
/// strings (with their escapes) and escaped characters. A closing bracket closes only the
/// innermost open one of its kind, as in #consume-simple-block; others are plain tokens.
fn check_nesting(css: &str) -> Result<(), SelectorError> {
    let b = css.as_bytes();
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = css[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() {
                    match b[i] {
                        b'\\' => i += 2,
                        b'\n' | b'\r' | b'\x0C' => break, // a bad string ends at the newline
                        c => {
                            i += 1;
                            if c == q {
                                break;
                            }
                        }
                    }
                }
            }
            b'\\' => i += 2,
            c @ (b'(' | b'[' | b'{') => {
                if open.len() == MAX_NESTING {
                    let (line, column) = line_column(css, i);
                    return Err(SelectorError {
                        message: format!("brackets nested deeper than {MAX_NESTING}"),
                        line,
                        column,
                    });
                }
                open.push(match c {
                    b'(' => b')',
                    b'[' => b']',
                    _ => b'}',
                });
                i += 1;
            }
            c @ (b')' | b']' | b'}') => {
                if open.last() == Some(&c) {
                    open.pop();
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    Ok(())
}

/// Line and column (from 1, the column in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (u32, u32) {
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let line = before.matches('\n').count() + 1;
    let column = before[line_start..].chars().count() + 1;
    (u32::try_from(line).unwrap_or(u32::MAX), u32::try_from(column).unwrap_or(u32::MAX))
}

/// The most compounds along any path of nesting inside pseudo-class arguments of `selectors`,
/// `so_far` counting the enclosing arguments' (`level` is 0 at the top, whose compounds do not
/// count). Recursion bounded by [`MAX_NESTING`].
fn nested_compounds(selectors: &[selectors::parser::Selector<Simple>], level: usize, so_far: usize) -> usize {
    use selectors::parser::Component;
    let mut most = so_far;
    for sel in selectors {
        let here = if level == 0 {
            so_far
        } else {
            so_far + 1 + sel.iter_raw_parse_order_from(0).filter(|c| c.is_combinator()).count()
        };
        most = most.max(here);
        for c in sel.iter_raw_parse_order_from(0) {
            let inner = match c {
                Component::Negation(l) | Component::Is(l) | Component::Where(l) => {
                    nested_compounds(l.slice(), level + 1, here)
                }
                Component::NthOf(nth) => nested_compounds(nth.selectors(), level + 1, here),
                // `:has()` arguments are matched by the engine, compound by compound; what
                // they nest counts from there.
                Component::Has(rels) => {
                    rels.iter().map(|r| nested_compounds(std::slice::from_ref(&r.selector), 0, here)).max().unwrap_or(0)
                }
                _ => 0,
            };
            most = most.max(inner);
        }
    }
    most
}

impl Dom {
    /// The elements under [`root`](Self::root) (the document, or a parsed fragment) that match
    /// `selector`, in tree order (`querySelectorAll`). Template contents are not searched
    /// unless asked with [`Select::including_templates`]. Time O(n·s) for n nodes and s
    /// compounds (see [`Selector`]); memory O(depth·s/64) words.
    pub fn select<'a>(&'a self, selector: &'a Selector) -> Select<'a> {
        self.select_in(self.root(), selector)
    }

    /// The matching elements among the descendants of `scope`, in tree order
    /// (`scope.querySelectorAll`: ancestors of `scope` count for combinators, and `:scope` is
    /// `scope`).
    pub fn select_in<'a>(&'a self, scope: NodeId, selector: &'a Selector) -> Select<'a> {
        Select::new(self, &selector.plan, scope)
    }

    /// The first element under [`root`](Self::root) matching `selector` (`querySelector`).
    pub fn select_first(&self, selector: &Selector) -> Option<NodeId> {
        self.select(selector).next()
    }

    /// Whether the element `id` matches `selector` (`Element.matches`); false for other nodes.
    ///
    /// Alone, one call costs a test of the subject compound, and when that passes, the
    /// compounds over the ancestors of `id` (O(depth·s)); with `+` or `~` combinators, over
    /// their earlier siblings too, and with `:has()`, over the whole arena (O(n·s)). To test
    /// many elements, [`select`](Self::select) shares that work.
    pub fn matches(&self, id: NodeId, selector: &Selector) -> bool {
        engine::Matcher::new(self, &selector.plan, None).matches(id)
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

/// The selector parser's settings: the supported syntax, and the namespace prefixes declared.
struct Parser<'n> {
    namespaces: &'n [(&'n str, &'n str)],
}

impl<'i> selectors::Parser<'i> for Parser<'_> {
    type Impl = Simple;
    type Error = SelectorParseErrorKind<'i>;

    fn parse_is_and_where(&self) -> bool {
        true
    }

    fn parse_nth_child_of(&self) -> bool {
        true
    }

    fn parse_has(&self) -> bool {
        true
    }

    fn default_namespace(&self) -> Option<Ident> {
        self.namespaces.iter().find(|(p, _)| p.is_empty()).map(|(_, url)| Ident((*url).to_owned()))
    }

    fn namespace_for_prefix(&self, prefix: &Ident) -> Option<Ident> {
        self.namespaces.iter().find(|(p, _)| !p.is_empty() && *p == prefix.0).map(|(_, url)| Ident((*url).to_owned()))
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
        self.dom.names.get(self.dom.node(self.id).a(), &self.dom.text)
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
    use crate::dom::QualName;
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
        assert_eq!(texts(&dom, "div:has(> span + p)").len(), 1);
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
        // As `querySelectorAll` on an element: `:scope` is the element, and its ancestors and
        // earlier siblings count for combinators.
        let doc = parse_document("<div class=a><b>1</b><p><b>2</b><i><b>3</b></i></p></div>");
        let p = doc.select_first(&Selector::parse("p").unwrap()).unwrap();
        let within =
            |css| doc.select_in(p, &Selector::parse(css).unwrap()).map(|n| doc.text_content(n)).collect::<Vec<_>>();
        assert_eq!(within(":scope > b"), ["2"]);
        assert_eq!(within(".a b"), ["2", "3"]);
        assert_eq!(within("b + p > b, :scope i > b"), ["2", "3"]);
        assert_eq!(within("b + :scope > i > b"), ["3"]);
        assert!(!dom.matches(dom.root(), &b));
    }

    /// The crate's own matcher, for comparison: the engine must select exactly what it does.
    fn oracle(dom: &Dom, css: &str) -> Vec<NodeId> {
        use selectors::context::{MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, SelectorCaches};
        let mut input = cssparser::ParserInput::new(css);
        let mut parser = cssparser::Parser::new(&mut input);
        let list = SelectorList::parse(&Parser { namespaces: &[] }, &mut parser, ParseRelative::No).unwrap();
        let mut caches = SelectorCaches::default();
        let quirks = match dom.quirks_mode() {
            crate::dom::QuirksMode::NoQuirks => selectors::context::QuirksMode::NoQuirks,
            crate::dom::QuirksMode::LimitedQuirks => selectors::context::QuirksMode::LimitedQuirks,
            crate::dom::QuirksMode::Quirks => selectors::context::QuirksMode::Quirks,
        };
        dom.descendants(dom.root())
            .filter(|&n| n != dom.root() && dom.node(n).is_element())
            .filter(|&id| {
                let mut cx = MatchingContext::new(
                    MatchingMode::Normal,
                    None,
                    &mut caches,
                    quirks,
                    NeedsSelectorFlags::No,
                    MatchingForInvalidation::No,
                );
                selectors::matching::matches_selector_list(&list, &El { dom, id }, &mut cx)
            })
            .collect()
    }

    /// Random small documents (a fixed-seed generator) against the crate's matcher, over
    /// selectors that use every combinator, in and out of `:is()`, `:not()` and `:has()`.
    #[test]
    fn engine_selects_what_the_crates_matcher_matches() {
        const SELECTORS: &[&str] = &[
            "a",
            "div p",
            "div > p",
            "p + a",
            "p ~ a",
            "div div",
            ":not(p) div",
            "div p > a + b ~ i",
            "p ~ p ~ p",
            "div > * + p",
            ":is(div, span) a",
            "div :not(div) > b",
            "b:first-child",
            "i:nth-child(2n+1)",
            "p:nth-last-child(2)",
            "p:nth-of-type(2) ~ a",
            ":is(div p) a",
            "div:has(p)",
            "div:has(> p)",
            "p:has(+ a)",
            "p:has(~ b)",
            ":has(p a) > b",
            "div:has(p > a, i)",
            "span:has(div + p b)",
            ":nth-last-of-type(2)",
            "b:only-of-type",
            "div :first-of-type + i:last-of-type",
            ":not(:has(p)) > a",
            "div:has(p) a + b",
            "a, b, div > i",
            ".c",
            "div.c p",
            "[x] ~ .c",
            "*:empty",
            "div:has(:not(p) > b)",
            "div:has(> p ~ span a)",
            // The `:nth-child` caches filled per parent (the `:has()` pass goes last to first).
            ":has(:nth-child(2n+1))",
            "div:has(> :nth-last-child(2))",
            "p:nth-last-child(3) ~ a",
            "div:has(> i:nth-child(2)) b:nth-child(odd)",
        ];
        const TAGS: [&str; 7] = ["div", "p", "a", "b", "i", "span", "div"];
        let mut seed = 0x2545_f491_u32;
        let mut rand = |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % n
        };
        for round in 0..60 {
            let mut html = String::from("<!DOCTYPE html>");
            let mut open = Vec::new();
            for _ in 0..40 + round {
                match rand(6) {
                    0..=2 => {
                        let t = TAGS[rand(7) as usize];
                        let attrs = match rand(4) {
                            0 => " class=c",
                            1 => " x",
                            _ => "",
                        };
                        html.push_str(&format!("<{t}{attrs}>"));
                        open.push(t);
                    }
                    3 => html.push('t'),
                    _ => {
                        if let Some(t) = open.pop() {
                            html.push_str(&format!("</{t}>"));
                        }
                    }
                }
            }
            let dom = parse_document(&html);
            for css in SELECTORS {
                let s = Selector::parse(css).unwrap_or_else(|e| panic!("{css}: {e}"));
                let ours: Vec<NodeId> = dom.select(&s).collect();
                assert_eq!(ours, oracle(&dom, css), "{css} on {html}");
                for &n in &ours {
                    assert!(dom.matches(n, &s), "matches({css}) on {html}");
                }
                let inside = dom.descendants(dom.root()).filter(|&n| dom.node(n).is_element()).count();
                let matched = dom.descendants(dom.root()).filter(|&n| dom.matches(n, &s)).count();
                assert_eq!(matched, ours.len(), "{css}: matches() on each of {inside} elements, {html}");
            }
        }
    }

    /// Runs `f` in a thread with a 256 KiB stack: a recursion on the input shows as a crash.
    fn small_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
        std::thread::scope(|s| {
            std::thread::Builder::new().stack_size(256 * 1024).spawn_scoped(s, f).unwrap().join().unwrap()
        })
    }

    #[test]
    fn deep_nesting_is_refused_before_the_parsers_recurse() {
        for open in [":is(", ":not(", ":where(", ":nth-child(1 of ", ":has(", "(", "[", ":is(a, [x="] {
            let css = open.repeat(3000) + "a" + &")".repeat(3000);
            let e = small_stack(|| Selector::parse(&css)).unwrap_err();
            assert!(e.message.contains("nested deeper"), "{open}: {e}");
            let at = css.char_indices().filter(|(_, c)| matches!(c, '(' | '[')).nth(MAX_NESTING).unwrap().0;
            assert_eq!((e.line, e.column as usize), (1, at + 1), "{open}");
        }
        // At the limit it parses and matches, in the same small stack.
        let css = ":is(".repeat(MAX_NESTING) + "p" + &")".repeat(MAX_NESTING);
        let not = ":not(".repeat(MAX_NESTING) + "p" + &")".repeat(MAX_NESTING);
        // The longest argument the limits allow, at the deepest nesting: a chain of
        // compounds inside twelve levels, matched against a deep tree.
        let inner = vec!["div"; MAX_NESTED_COMPOUNDS - MAX_NESTING + 1].join(" ");
        let longest = ":is(".repeat(MAX_NESTING - 1) + ":not(" + &inner + &")".repeat(MAX_NESTING);
        let dom = parse_document(&("<div>".repeat(200) + "<p>x</p><b></b>"));
        let counts = small_stack(|| {
            let (a, b) = (Selector::parse(&css).unwrap(), Selector::parse(&not).unwrap());
            let c = Selector::parse(&longest).unwrap();
            (dom.select(&a).count(), dom.select(&b).count(), dom.select(&c).count())
        });
        // Twelve `:not(`s: `p`; every element of the 205 but the first 52 divs (a chain of
        // 53 divs needs 52 div ancestors) is not the inner chain.
        assert_eq!(counts, (1, 1, 205 - 148));
        // What the tokenizer does not read as brackets does not count.
        let quoted = format!(
            "[title=\"{}\"], a /* {} */, [x=\\(], \\28 {}",
            "(".repeat(3000),
            "[".repeat(3000),
            "\\(".repeat(3000)
        );
        assert!(small_stack(|| Selector::parse(&quoted)).is_ok(), "{quoted}");
        // Long pseudo-class arguments (the crate matches them one recursion per compound).
        let long = format!(":is({})", vec!["a"; MAX_NESTED_COMPOUNDS + 1].join(" "));
        assert!(Selector::parse(&long).unwrap_err().message.contains("compounds"));
        let ok = format!(":is({})", vec!["a"; MAX_NESTED_COMPOUNDS].join(" "));
        assert!(Selector::parse(&ok).is_ok());
        // A long top-level chain is fine: the engine does not recurse on it.
        let chain = vec!["div"; 1000].join(" ");
        let dom = parse_document(&"<div>".repeat(1001));
        assert_eq!(small_stack(|| dom.select(&Selector::parse(&chain).unwrap()).count()), 2);
    }

    /// 10^6 nested elements, matched in a 256 KiB stack: no matching path recurses on depth.
    #[test]
    fn million_deep_tree_in_a_small_stack() {
        let depth = 1_000_000;
        let mut dom = Dom::new();
        let mut parent = dom.document();
        let html = dom.create_element(QualName::new(Namespace::Html, "html").as_ref(), super::super::Attrs::owned(&[]));
        dom.append(parent, html);
        parent = html;
        let mut last = html;
        for i in 0..depth {
            let name = if i % 1000 == 999 { "p" } else { "div" };
            let e = dom.create_element(QualName::new(Namespace::Html, name).as_ref(), super::super::Attrs::owned(&[]));
            dom.append(parent, e);
            parent = e;
            last = e;
        }
        let counts = small_stack(|| {
            let count = |css: &str| dom.select(&Selector::parse(css).unwrap()).count();
            let m = |css: &str| dom.matches(last, &Selector::parse(css).unwrap());
            (count(":not(p) div"), count("p div > p"), count(":has(> p) > p"), m("html > div p"), m(":root p ~ p"))
        });
        assert_eq!(counts, (depth - 1000, 999, 1000, true, false));
    }

    #[test]
    fn template_contents_on_request() {
        let dom = parse_document("<p>1</p><template><p>2</p><template><p>3</p></template></template><p>4</p>");
        let p = Selector::parse("p").unwrap();
        let text = |it: Select<'_>| it.map(|n| dom.text_content(n)).collect::<Vec<_>>();
        assert_eq!(text(dom.select(&p)), ["1", "4"]);
        assert_eq!(text(dom.select(&p).including_templates()), ["1", "2", "3", "4"]);
        // Contents are a tree of their own: no ancestor, no sibling across the boundary.
        let across = Selector::parse("template p, body p, p + p").unwrap();
        assert_eq!(text(dom.select(&across).including_templates()), ["1", "4"]);
        assert_eq!(text(dom.select(&Selector::parse("template + p").unwrap()).including_templates()), ["4"]);
        let names: Vec<String> = dom
            .descendants(dom.root())
            .including_templates()
            .map(|n| match dom.data(n) {
                NodeData::Element(e) => e.name.local.to_string(),
                NodeData::Text(t) => t.to_string(),
                NodeData::Fragment => "#fragment".into(),
                _ => "?".into(),
            })
            .collect();
        let expected = "? html head body p 1 template #fragment p 2 template #fragment p 3 p 4";
        assert_eq!(names.join(" "), expected);
    }

    #[test]
    fn namespace_prefixes_on_xml_and_html_trees() {
        const SVG: &str = "http://www.w3.org/2000/svg";
        let xml = crate::xml5::parse(
            "<r xmlns='urn:r' xmlns:s='http://www.w3.org/2000/svg' xmlns:k='urn:k'><s:text k:a='1'>a</s:text><text>b</text><k:text>c</k:text></r>",
        );
        let ns = [("svg", SVG), ("k", "urn:k"), ("", "urn:r")];
        let texts = |dom: &Dom, css: &str, ns: &[(&str, &str)]| {
            let s = Selector::parse_with_namespaces(css, ns).unwrap_or_else(|e| panic!("{css}: {e}"));
            dom.select(&s).map(|n| dom.text_content(n)).collect::<Vec<_>>()
        };
        assert_eq!(texts(&xml, "svg|text", &ns), ["a"]);
        assert_eq!(texts(&xml, "text", &ns), ["b"]); // the default namespace applies
        assert_eq!(texts(&xml, "*|text", &ns), ["a", "b", "c"]);
        assert_eq!(texts(&xml, "text", &[]), ["a", "b", "c"]);
        // A default namespace applies to the implied `*` too (Selectors 4, #type-nmsp).
        assert_eq!(texts(&xml, "[k|a]", &ns), Vec::<String>::new());
        assert_eq!(texts(&xml, "[k|a]", &ns[..2]), ["a"]);
        assert_eq!(texts(&xml, "[*|a]", &ns[..2]), ["a"]);
        assert_eq!(texts(&xml, "[a]", &ns[..2]), Vec::<String>::new()); // no prefix: no namespace
        assert_eq!(texts(&xml, "|text", &ns), Vec::<String>::new());
        assert!(Selector::parse_with_namespaces("x|text", &ns).is_err());
        let html = parse_document("<svg><text>s</text></svg><p><text>h</text>");
        assert_eq!(texts(&html, "svg|text", &ns[..1]), ["s"]);
        assert_eq!(texts(&html, "text", &[]), ["s", "h"]);
        assert_eq!(texts(&html, "text", &[("", "http://www.w3.org/1999/xhtml")]), ["h"]);
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
