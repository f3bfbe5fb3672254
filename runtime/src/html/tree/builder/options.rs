//! The tree builder's options ([`TreeOptions`]): the scripting flag for documents and
//! fragments (spec: #scripting-flag) and the opt-in steps of the parser.

use super::*;

/// Options for [`TreeBuilder`].
///
/// ```
/// use statemark::html::{ScriptingMode, TreeOptions};
///
/// let off = TreeOptions::with_scripting(false);
/// assert_eq!((off.document_mode(), off.fragment_mode()), (ScriptingMode::Disabled, ScriptingMode::Disabled));
/// let on = TreeOptions::default();
/// assert_eq!((on.document_mode(), on.fragment_mode()), (ScriptingMode::Normal, ScriptingMode::Inert));
/// let contextual = TreeOptions { fragment_scripting: ScriptingMode::Fragment, ..TreeOptions::default() };
/// assert_eq!(contextual.fragment_mode(), ScriptingMode::Fragment);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOptions {
    /// Whether scripting is enabled for the document (spec: #scripting-flag, "the scripting
    /// flag" of the text before 2026). On (the default), a document is parsed in the
    /// [`Normal`](ScriptingMode::Normal) [parser scripting mode](ScriptingMode) and `noscript`
    /// is raw text, as in a browser with scripts enabled; off, in the
    /// [`Disabled`](ScriptingMode::Disabled) mode, where `noscript` content is markup. Off
    /// also makes fragments `Disabled` (spec: #html-fragment-parsing-algorithm, step 9).
    pub scripting: bool,
    /// The scripting mode the HTML fragment parsing algorithm is given (its `scriptingMode`,
    /// spec: #html-fragment-parsing-algorithm): [`Inert`](ScriptingMode::Inert), the
    /// default, or [`Fragment`](ScriptingMode::Fragment) as `createContextualFragment()`
    /// asks. Documents ignore it; the other two modes are taken as `Inert` (the algorithm
    /// asserts one of the two, step 1).
    pub fragment_scripting: ScriptingMode,
    /// Copy the selected `option`'s content into the `select`'s `selectedcontent`, as the
    /// element sections require of a parser (whatwg/html: "When an option element is popped off
    /// the stack of open elements of an HTML parser", #the-option-element, and the
    /// `selectedcontent` post-connection steps, #the-selectedcontent-element). On by default:
    /// that is what browsers with customizable `select` (Chromium) build and what the
    /// html5lib suite expects (`webkit02.dat` cases 45-48). Off gives the tree of tree
    /// construction alone, an empty `selectedcontent`. The copy is made through
    /// [`TreeSink::clone_children_into`]; a sink that keeps no tree gets nothing to do.
    ///
    /// ```
    /// use statemark::html::{parse_document_with, TreeOptions};
    ///
    /// let html = "<select><button><selectedcontent></selectedcontent></button><option>One<option selected>Two</select>";
    /// let on = parse_document_with(html, TreeOptions::default());
    /// assert!(on.to_html().contains("<selectedcontent>Two</selectedcontent>"));
    /// let off = parse_document_with(html, TreeOptions { selectedcontent: false, ..TreeOptions::default() });
    /// assert!(off.to_html().contains("<selectedcontent></selectedcontent>"));
    /// ```
    pub selectedcontent: bool,
    /// A bound on how much the parser may copy formatting elements: the elements it makes again
    /// from the list of active formatting elements, when it reconstructs them
    /// (spec: #reconstruct-the-active-formatting-elements) and in the adoption agency's steps
    /// (spec: #adoption-agency-algorithm), may stand for at most this many bytes of markup
    /// (each its start tag, `<font size="4">`) per byte of input read so far, counting at
    /// least [`AMPLIFICATION_FLOOR`] bytes of input.
    ///
    /// The spec bounds neither: `<p><a href="…">` followed by `<p>x` repeated copies the `href`
    /// once per paragraph, and formatting elements with distinct attributes cut off by
    /// tables are made again, all of them, at each tag, so a few hundred kilobytes of input
    /// make a tree of gigabytes (whatwg/html#10772). Past the bound, the formatting elements
    /// that would have been copied are dropped from the list of active formatting elements
    /// (and the adoption agency does not copy, acting as when there is no furthest block),
    /// with the parse error [`TreeErrorCode::AmplificationLimit`](crate::html::tree::TreeErrorCode::AmplificationLimit).
    /// Real pages stay far below the default ([`DEFAULT_AMPLIFICATION_LIMIT`]: the pages of the
    /// benchmark corpus copy at most a small fraction of their own size), so their trees are the
    /// spec's; `None` follows the spec's steps with no bound.
    ///
    /// ```
    /// use statemark::html::{parse_document_with, TreeOptions};
    ///
    /// // 20 KB: a 4 KB link, then 4,000 paragraphs that each copy it.
    /// let html = format!("<p><a href=\"{}\">{}", "x".repeat(4_000), "<p>x".repeat(4_000));
    /// let bounded = parse_document_with(&html, TreeOptions::default());
    /// assert!(bounded.to_html().len() < 20 * html.len());
    /// let spec = parse_document_with(&html, TreeOptions { amplification_limit: None, ..TreeOptions::default() });
    /// assert!(spec.to_html().len() > 500 * html.len());
    /// ```
    pub amplification_limit: Option<u32>,
}

/// The default [`TreeOptions::amplification_limit`]: formatting elements made again may stand
/// for 8 bytes of markup per byte of input.
pub const DEFAULT_AMPLIFICATION_LIMIT: u32 = 8;

/// The least input [`TreeOptions::amplification_limit`] counts: a short document may copy
/// `limit` times this many bytes, however short it is.
pub const AMPLIFICATION_FLOOR: usize = 4096;

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions::with_scripting(true)
    }
}

impl TreeOptions {
    /// The defaults with scripting on or off: what `TreeOptions::with_scripting(scripting)` wrote before
    /// the options had more fields.
    pub const fn with_scripting(scripting: bool) -> TreeOptions {
        TreeOptions {
            scripting,
            fragment_scripting: ScriptingMode::Inert,
            selectedcontent: true,
            amplification_limit: Some(DEFAULT_AMPLIFICATION_LIMIT),
        }
    }

    /// The mode a document is parsed in: [`Normal`](ScriptingMode::Normal), or
    /// [`Disabled`](ScriptingMode::Disabled) with scripting off.
    pub fn document_mode(&self) -> ScriptingMode {
        if self.scripting { ScriptingMode::Normal } else { ScriptingMode::Disabled }
    }

    /// The mode a fragment is parsed in (spec: #html-fragment-parsing-algorithm, steps 1, 9
    /// and 10).
    pub fn fragment_mode(&self) -> ScriptingMode {
        match (self.scripting, self.fragment_scripting) {
            (false, _) | (_, ScriptingMode::Disabled) => ScriptingMode::Disabled,
            (true, ScriptingMode::Fragment) => ScriptingMode::Fragment,
            (true, _) => ScriptingMode::Inert,
        }
    }
}
