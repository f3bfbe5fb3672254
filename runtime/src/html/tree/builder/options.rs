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
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions::with_scripting(true)
    }
}

impl TreeOptions {
    /// The defaults with scripting on or off: what `TreeOptions::with_scripting(scripting)` wrote before
    /// the options had more fields.
    pub const fn with_scripting(scripting: bool) -> TreeOptions {
        TreeOptions { scripting, fragment_scripting: ScriptingMode::Inert, selectedcontent: true }
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
