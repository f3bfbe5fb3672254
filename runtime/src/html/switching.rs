//! A tokenizer that is right on its own: the state switches a tree builder would make after a
//! start tag (`<script>` to script data, `<title>` to RCDATA, ...), and whether `<![CDATA[` is in
//! foreign content, tracked without building a tree.
//!
//! The tree construction rules that decide these (spec: #parsing-main-inbody, "generic raw text
//! element parsing algorithm", and #parsing-main-inforeign with the dispatcher,
//! #tree-construction-dispatcher) depend on the stack of open elements only through foreign
//! content: `<style>` inside `<svg>` is an SVG element whose text is markup, and a CDATA section
//! is one only when the adjusted current node is foreign. So the tracker keeps a stack of the
//! elements open *inside* foreign content (and of HTML elements inside its integration points),
//! following the foreign-content rules for start tags, end tags and the tags that break out.
//!
//! It is not a tree builder. Where it cannot know without one, it assumes the common case, and
//! the differences are these (documented in [`StateTracker`]): start tags a tree builder would
//! ignore (`<script>` in a frameset, after `</html>` in some modes) still switch; an HTML end tag
//! that matches nothing inside the tracked foreign content is taken to close an ancestor of the
//! foreign root (as `</div>` does in `<div><svg></div>`) unless an integration point stands
//! between; implied end tags inside integration points are not generated.

use super::token::{Control, Error, Sink, Tag, Token};
use crate::Span;
use crate::generated::html_tokenizer::State;
use crate::tree_interface::{Namespace, QualNameRef};

/// The namespaces of elements the tracker keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ns {
    Html,
    Svg,
    MathMl,
}

#[derive(Clone, Debug)]
struct Open {
    ns: Ns,
    name: String,
    /// HTML integration point (spec: #html-integration-point).
    html_ip: bool,
}

impl Open {
    /// spec: #mathml-text-integration-point
    fn mathml_text_ip(&self) -> bool {
        self.ns == Ns::MathMl && matches!(self.name.as_str(), "mi" | "mo" | "mn" | "ms" | "mtext")
    }

    /// Ends "has an element in scope" (spec: #has-an-element-in-scope): the foreign elements
    /// of that list.
    fn is_scope_boundary(&self) -> bool {
        match self.ns {
            Ns::Html => false,
            Ns::MathMl => self.mathml_text_ip() || self.name == "annotation-xml",
            Ns::Svg => matches!(self.name.as_str(), "foreignobject" | "desc" | "title"),
        }
    }
}

/// The start tags that break out of foreign content (spec: #parsing-main-inforeign).
fn breaks_out(t: &Tag<'_>) -> bool {
    matches!(
        &*t.name,
        "b" | "big"
            | "blockquote"
            | "body"
            | "br"
            | "center"
            | "code"
            | "dd"
            | "div"
            | "dl"
            | "dt"
            | "em"
            | "embed"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "head"
            | "hr"
            | "i"
            | "img"
            | "li"
            | "listing"
            | "menu"
            | "meta"
            | "nobr"
            | "ol"
            | "p"
            | "pre"
            | "ruby"
            | "s"
            | "small"
            | "span"
            | "strong"
            | "strike"
            | "sub"
            | "sup"
            | "table"
            | "tt"
            | "u"
            | "ul"
            | "var"
    ) || (t.name == "font" && t.attributes.iter().any(|a| matches!(&*a.name, "color" | "face" | "size")))
}

/// The names `StateTracker::html_start` acts on (the foreign roots and the raw text, RCDATA,
/// script data and PLAINTEXT elements), as one bit per length (bit `n`: a name of `n` bytes)
/// for each first letter; a name outside it needs no string compare. Checked against the
/// names by a test.
const SWITCH_NAMES: [&str; 12] = [
    "svg",
    "math",
    "title",
    "textarea",
    "style",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "script",
    "plaintext",
];

const SWITCH_LENGTHS: [u16; 26] = {
    let mut table = [0u16; 26];
    let mut i = 0;
    while i < SWITCH_NAMES.len() {
        let name = SWITCH_NAMES[i].as_bytes();
        table[(name[0] - b'a') as usize] |= 1 << name.len();
        i += 1;
    }
    table
};

/// Whether a start tag in HTML content may be one of [`SWITCH_NAMES`] (false: surely not).
#[inline(always)]
fn may_switch_in_html(name: &[u8]) -> bool {
    match name.first() {
        Some(&b @ b'a'..=b'z') if name.len() < 16 => SWITCH_LENGTHS[(b - b'a') as usize] & (1 << name.len()) != 0,
        _ => false,
    }
}

/// HTML elements that never have content (the void elements and the legacy ones the tree builder
/// also pops at once: the serializer's list), so a tracker inside an integration point does not
/// keep them open (spec: #void-elements).
fn is_void(name: &str) -> bool {
    crate::tree_interface::known::serializes_as_void(QualNameRef::new(&Namespace::Html, name))
}

/// Tracks what the tree builder's side of the tokenizer interface would say: the state to switch
/// to after a start tag, and whether the adjusted current node is foreign.
#[derive(Clone, Debug)]
pub struct StateTracker {
    /// Elements open inside foreign content, the foreign root first; empty in HTML content.
    stack: Vec<Open>,
    scripting: bool,
    /// Attribute values arrive as written (a sink reading [`Reads::ALL_RAW_VALUES`]
    /// (super::Reads::ALL_RAW_VALUES)): the one value compared, `encoding`, is decoded here.
    raw_values: bool,
}

impl StateTracker {
    /// A tracker; `scripting` is the scripting flag (on: `<noscript>` is raw text).
    pub fn new(scripting: bool) -> StateTracker {
        StateTracker { stack: Vec::new(), scripting, raw_values: false }
    }

    /// Attribute values come as written (not decoded): decode what is compared.
    pub(crate) fn set_raw_values(&mut self, raw: bool) {
        self.raw_values = raw;
    }

    /// Whether the current node is an HTML element (or there is no foreign content open).
    fn in_html(&self) -> bool {
        self.stack.last().is_none_or(|o| o.ns == Ns::Html)
    }

    /// "The adjusted current node is not an element in the HTML namespace": `<![CDATA[` starts
    /// a CDATA section.
    pub fn in_foreign(&self) -> bool {
        !self.in_html()
    }

    /// A start tag: returns the state the tokenizer switches to, if any.
    #[inline]
    pub fn start_tag(&mut self, t: &Tag<'_>) -> Control {
        // In HTML content (nothing foreign open) only the names `html_start` looks for can
        // switch or open anything; most tags are none of them, which the table tells without
        // a string compare.
        if self.stack.is_empty() && !may_switch_in_html(t.name.as_bytes()) {
            return Control::Continue;
        }
        self.start_tag_slow(t)
    }

    fn start_tag_slow(&mut self, t: &Tag<'_>) -> Control {
        loop {
            // spec: #tree-construction-dispatcher
            let html_rules = match self.stack.last() {
                None => true,
                Some(o) if o.ns == Ns::Html => true,
                Some(o) => {
                    (o.mathml_text_ip() && !matches!(&*t.name, "mglyph" | "malignmark"))
                        || (o.ns == Ns::MathMl && o.name == "annotation-xml" && t.name == "svg")
                        || o.html_ip
                }
            };
            if html_rules {
                return self.html_start(t);
            }
            if breaks_out(t) {
                // Pop until the current node is HTML, a MathML text integration point or an
                // HTML integration point; then reprocess.
                while let Some(o) = self.stack.last() {
                    if o.ns == Ns::Html || o.mathml_text_ip() || o.html_ip {
                        break;
                    }
                    self.stack.pop();
                }
                continue;
            }
            // Any other start tag: an element in the adjusted current node's namespace.
            let ns = self.stack.last().map_or(Ns::Html, |o| o.ns);
            if !t.self_closing {
                let html_ip = match ns {
                    Ns::Svg => matches!(&*t.name, "foreignobject" | "desc" | "title"),
                    _ => t.name == "annotation-xml" && encoding_is_html(t, self.raw_values),
                };
                self.stack.push(Open { ns, name: t.name.to_string(), html_ip });
            }
            return Control::Continue;
        }
    }

    /// A start tag under the HTML rules (spec: #parsing-main-inbody).
    fn html_start(&mut self, t: &Tag<'_>) -> Control {
        let foreign_root = match &*t.name {
            "svg" => Some(Ns::Svg),
            "math" => Some(Ns::MathMl),
            _ => None,
        };
        if let Some(ns) = foreign_root {
            if !t.self_closing {
                let html_ip = false;
                self.stack.push(Open { ns, name: t.name.to_string(), html_ip });
            }
            return Control::Continue;
        }
        let switch = match &*t.name {
            "title" | "textarea" => Some(State::RcdataState),
            "style" | "xmp" | "iframe" | "noembed" | "noframes" => Some(State::RawtextState),
            "noscript" if self.scripting => Some(State::RawtextState),
            "script" => Some(State::ScriptDataState),
            "plaintext" => Some(State::PlaintextState),
            _ => None,
        };
        // Inside an integration point, HTML elements are kept so the foreign element that holds
        // them stays below them on the stack.
        if !self.stack.is_empty() && !is_void(&t.name) && t.name != "plaintext" {
            self.stack.push(Open { ns: Ns::Html, name: t.name.to_string(), html_ip: false });
        }
        match switch {
            Some(s) => Control::SwitchTo(s),
            None => Control::Continue,
        }
    }

    /// An end tag.
    #[inline]
    pub fn end_tag(&mut self, t: &Tag<'_>) {
        // Only elements open inside foreign content are tracked: with none, nothing to close.
        if !self.stack.is_empty() {
            self.end_tag_slow(t);
        }
    }

    fn end_tag_slow(&mut self, t: &Tag<'_>) {
        let name = &*t.name;
        if self.in_html() {
            // HTML rules inside an integration point: close the nearest open HTML element of
            // that name above any scope boundary; else, if nothing tracked can match, it closes
            // an ancestor of the foreign root.
            if !self.html_end_from(self.stack.len() - 1, name) {
                self.stack.clear();
            }
            return;
        }
        // spec: #parsing-main-inforeign, "any other end tag" (names compared ASCII
        // case-insensitively; tokens are lowercase already). `</br>` and `</p>` break out.
        if matches!(name, "br" | "p") {
            while self.stack.last().is_some_and(|o| o.ns != Ns::Html && !o.mathml_text_ip() && !o.html_ip) {
                self.stack.pop();
            }
            return;
        }
        for i in (0..self.stack.len()).rev() {
            let o = &self.stack[i];
            if o.name.eq_ignore_ascii_case(name) && o.ns != Ns::Html {
                self.stack.truncate(i);
                return;
            }
            if o.ns == Ns::Html {
                // Processed by the HTML rules from here (the node is HTML); reaching the
                // bottom of the stack there closes nothing tracked.
                self.html_end_from(i, name);
                return;
            }
        }
        // Walked past the foreign root: the HTML rules of the mode decide, for an element
        // outside what is tracked; see the module docs.
        if !self.stack.iter().any(Open::is_scope_boundary) {
            self.stack.clear();
        }
    }

    /// The HTML rules for an end tag, from `top` down: close the nearest open HTML element of
    /// that name, stopping at a scope boundary. `false` when the walk passed the bottom of the
    /// stack without either (the end tag is for something the tracker does not hold); the two
    /// callers differ only in what that means.
    fn html_end_from(&mut self, top: usize, name: &str) -> bool {
        for i in (0..=top).rev() {
            let o = &self.stack[i];
            if o.ns == Ns::Html && o.name == name {
                self.stack.truncate(i);
                return true;
            }
            if o.is_scope_boundary() {
                return true;
            }
        }
        false
    }
}

/// `annotation-xml` with `encoding` "text/html" or "application/xhtml+xml" (ASCII
/// case-insensitive) is an HTML integration point.
fn encoding_is_html(t: &Tag<'_>, raw: bool) -> bool {
    t.attributes.iter().any(|a| {
        let value =
            if raw { super::char_ref::decode_attribute_value(&a.value) } else { std::borrow::Cow::Borrowed(&*a.value) };
        a.name == "encoding"
            && (value.eq_ignore_ascii_case("text/html") || value.eq_ignore_ascii_case("application/xhtml+xml"))
    })
}

/// A sink that switches the tokenizer's state as a tree builder would, around any other sink
/// (see [`StateTracker`]). A switch the inner sink asks for wins.
pub struct Switching<S> {
    /// The sink tokens go to.
    pub inner: S,
    tracker: StateTracker,
}

impl<S> Switching<S> {
    /// Wrap `inner`; `scripting` is the scripting flag the switches follow (`<noscript>`).
    pub fn new(inner: S, scripting: bool) -> Self {
        Switching { inner, tracker: StateTracker::new(scripting) }
    }
}

impl<'i, S: Sink<'i>> Sink<'i> for Switching<S> {
    const WANTS_ERRORS: bool = S::WANTS_ERRORS;
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        let ours = match &token {
            Token::StartTag(t) => self.tracker.start_tag(t),
            Token::EndTag(t) => {
                self.tracker.end_tag(t);
                Control::Continue
            }
            _ => Control::Continue,
        };
        match self.inner.token(token, span) {
            Control::Continue => ours,
            theirs => theirs,
        }
    }
    fn error(&mut self, error: Error) {
        self.inner.error(error);
    }
    fn wants_errors(&self) -> bool {
        self.inner.wants_errors()
    }
    fn spare_attributes(&mut self) -> Option<Vec<super::token::Attribute<'i>>> {
        self.inner.spare_attributes()
    }
    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.tracker.in_foreign() || self.inner.adjusted_current_node_is_foreign()
    }
    fn switches_states(&self) -> bool {
        true
    }
    #[cfg(feature = "trace")]
    fn trace(&mut self, state: State, case: u16) {
        self.inner.trace(state, case);
    }
    #[cfg(feature = "trace")]
    fn trace_at(&mut self, state: State, case: u16, at: usize) {
        self.inner.trace_at(state, case, at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The elements of the HTML standard's index (spec: #elements-3) and a few legacy ones.
    const ELEMENTS: &str = "a abbr address area article aside audio b base bdi bdo blockquote body br button \
        canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed \
        fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img \
        input ins kbd label legend li link main map mark math menu meta meter nav noscript object ol \
        optgroup option output p picture pre progress q rp rt ruby s samp script search section select \
        slot small source span strong style sub summary sup svg table tbody td template textarea tfoot th \
        thead time title tr track u ul var video wbr applet acronym basefont bgsound big blink center dir \
        font frame frameset image isindex keygen listing marquee menuitem multicol nextid nobr noembed \
        noframes param plaintext rb rtc spacer strike tt xmp";

    /// The table answers for `html_start` itself: every name it acts on in HTML content (a
    /// switch, or a foreign root opened), among the spec's elements, every name of up to two
    /// letters and the table's own names, is one the table lets through.
    #[test]
    fn the_name_table_lets_through_every_name_html_start_acts_on() {
        let short = (b'a'..=b'z').flat_map(|a| {
            (b'`'..=b'z').map(move |b| {
                let name = [a, b];
                String::from_utf8_lossy(if b == b'`' { &name[..1] } else { &name }).into_owned()
            })
        });
        let names: Vec<String> =
            ELEMENTS.split_whitespace().chain(SWITCH_NAMES).map(String::from).chain(short).collect();
        let mut acted = 0;
        for name in names.iter().map(String::as_str).chain(["", "table", "sv", "svgx", "Svg", "9"]) {
            for scripting in [false, true] {
                let mut tracker = StateTracker::new(scripting);
                let tag = Tag { name: name.into(), attributes: Vec::new(), self_closing: false };
                let acts = tracker.start_tag_slow(&tag) != Control::Continue || !tracker.stack.is_empty();
                assert!(!acts || may_switch_in_html(name.as_bytes()), "{name}");
                acted += usize::from(acts);
                let mut tracker = StateTracker::new(scripting);
                assert_eq!(tracker.start_tag(&tag), tracker.clone().start_tag_slow(&tag), "{name}");
            }
        }
        // Each of the twelve names acts (noscript only with scripting), from both lists.
        assert_eq!(acted, 2 * (2 * SWITCH_NAMES.len() - 1));
    }
}
