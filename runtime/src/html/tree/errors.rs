//! Tree-construction parse errors: statemark's own codes for them (the spec names these errors
//! by situation only), declared in `spec/html/tree_errors.ron`, and the error type that carries
//! tokenizer and tree-construction errors together.

use crate::Position;
use crate::generated::html_tokenizer::ParseError;
use crate::html::token::Error;

/// The spec's anchor base: every [`TreeErrorCode::spec_anchors`] entry is relative to it.
const ANCHOR_BASE: &str = "https://html.spec.whatwg.org/multipage/parsing.html#";

macro_rules! tree_error_codes {
    ($($(#[$doc:meta])* $variant:ident = $code:literal, $summary:literal, [$($anchor:literal),+ $(,)?];)+) => {
        /// A tree-construction parse error, by situation. The spec says only "parse error" at
        /// these sites (spec: #tree-construction); these codes are statemark's own, declared
        /// with a summary and the anchors of the rules that raise them in
        /// `spec/html/tree_errors.ron`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum TreeErrorCode {
            $($(#[$doc])* $variant,)+
        }

        impl TreeErrorCode {
            /// Every code, in the order of `spec/html/tree_errors.ron`.
            pub const ALL: &'static [TreeErrorCode] = &[$(TreeErrorCode::$variant,)+];

            /// The code as written in `spec/html/tree_errors.ron` (kebab-case).
            pub fn code(self) -> &'static str {
                match self { $(TreeErrorCode::$variant => $code,)+ }
            }

            /// What happened and what the parser did about it.
            pub fn summary(self) -> &'static str {
                match self { $(TreeErrorCode::$variant => $summary,)+ }
            }

            /// The anchors (without `#`) of the spec's rules that raise this error; the first
            /// is the main one.
            pub fn spec_anchors(self) -> &'static [&'static str] {
                match self { $(TreeErrorCode::$variant => &[$($anchor),+],)+ }
            }
        }
    };
}

// The same list, in the same order, as spec/html/tree_errors.ron; a test compares them.
tree_error_codes! {
    /// spec: #the-initial-insertion-mode
    NonConformingDoctype = "non-conforming-doctype",
        "A DOCTYPE other than <!DOCTYPE html> (a name other than html, a public identifier, or a system identifier other than about:legacy-compat); it may set quirks mode.",
        ["the-initial-insertion-mode"];
    /// spec: #the-initial-insertion-mode
    MissingDoctype = "missing-doctype",
        "The document does not start with a DOCTYPE (e.g. <p>x with no <!DOCTYPE html>); the document is in quirks mode.",
        ["the-initial-insertion-mode"];
    /// A DOCTYPE after the start of the document.
    UnexpectedDoctype = "unexpected-doctype",
        "A DOCTYPE anywhere but at the start of the document (e.g. <p><!DOCTYPE html>); it is ignored.",
        ["the-before-html-insertion-mode", "the-before-head-insertion-mode", "parsing-main-inhead", "parsing-main-inheadnoscript", "the-after-head-insertion-mode", "parsing-main-inbody", "parsing-main-intable", "parsing-main-incolgroup", "parsing-main-afterbody", "parsing-main-inframeset", "parsing-main-afterframeset", "parsing-main-inforeign"];
    /// A start tag that is not allowed where it appears.
    UnexpectedStartTag = "unexpected-start-tag",
        "A start tag that is not allowed where it appears (e.g. <html> or <body> in the body, <caption> outside a table, <td> outside a row); it is ignored or handled as the rule says (attributes merged, an implied element inserted).",
        ["parsing-main-inbody", "parsing-main-inhead", "parsing-main-inheadnoscript", "the-after-head-insertion-mode", "parsing-main-intable", "parsing-main-intbody", "parsing-main-inframeset", "parsing-main-afterframeset", "the-after-after-frameset-insertion-mode"];
    /// An end tag that has no place in the current insertion mode.
    UnexpectedEndTag = "unexpected-end-tag",
        "An end tag that has no place where it appears (e.g. </td> directly in a table, </x> before <html>, </br>); it is ignored (</br> is read as <br>).",
        ["the-before-html-insertion-mode", "the-before-head-insertion-mode", "parsing-main-inhead", "parsing-main-inheadnoscript", "the-after-head-insertion-mode", "parsing-main-inbody", "parsing-main-intable", "parsing-main-incaption", "parsing-main-incolgroup", "parsing-main-intbody", "parsing-main-intr", "parsing-main-intd", "parsing-main-intemplate", "parsing-main-afterbody", "parsing-main-inframeset", "parsing-main-afterframeset", "the-after-after-frameset-insertion-mode"];
    /// An end tag for an element that is not open (in the relevant scope).
    EndTagWithoutOpenElement = "end-tag-without-open-element",
        "An end tag for an element that is not open where the end tag is (e.g. </div> with no open div, </table> outside a table); it is ignored (</p> inserts an empty p).",
        ["parsing-main-inbody", "parsing-main-inhead", "parsing-main-intable", "parsing-main-incaption", "parsing-main-incolgroup", "parsing-main-intbody", "parsing-main-intr", "parsing-main-intd", "parsing-main-inframeset"];
    /// A tag closes an element while elements inside it are still open.
    ImplicitlyClosedElements = "implicitly-closed-elements",
        "A tag closes an element while elements inside it are still open, and they are closed with it (e.g. <div><span></div>, <li><b><li>, </body> with an open div).",
        ["parsing-main-inbody", "close-a-p-element", "parsing-main-inhead", "parsing-main-incaption", "close-the-cell", "parsing-main-inforeign"];
    /// The end of the input with elements still open.
    EofWithOpenElements = "eof-with-open-elements",
        "The input ends while elements other than html, body, p, li and the like are still open (e.g. <div>x, <title>x); they are closed.",
        ["parsing-main-inbody", "parsing-main-incdata", "parsing-main-intemplate", "parsing-main-inframeset"];
    /// Text that is not allowed where it appears.
    UnexpectedCharacter = "unexpected-character",
        "Text other than whitespace where no text is allowed (in a frameset, after a frameset, in a noscript in the head, in a template's column group); it is dropped or closes the element.",
        ["parsing-main-inheadnoscript", "parsing-main-incolgroup", "parsing-main-inframeset", "parsing-main-afterframeset", "the-after-after-frameset-insertion-mode"];
    /// A U+0000 NULL character in text.
    NullCharacterInContent = "null-character-in-content",
        "A U+0000 NULL in text (one error per NUL); it is dropped, or becomes U+FFFD in SVG and MathML.",
        ["parsing-main-inbody", "parsing-main-intabletext", "parsing-main-inforeign"];
    /// Text inside a table outside any cell.
    TextInTable = "text-in-table",
        "Text other than whitespace inside a table but outside a cell or caption (e.g. <table>x<tr>); it is moved in front of the table (foster parenting).",
        ["parsing-main-intabletext", "parsing-main-intable"];
    /// A tag inside a table outside any cell, that is not a table part.
    TagInTable = "tag-in-table",
        "A start or end tag inside a table but outside a cell or caption that is not a table part (e.g. <table><div>); it is handled as in the body, its element moved in front of the table (foster parenting).",
        ["parsing-main-intable"];
    /// Content after the end of the body or the document.
    ContentAfterBody = "content-after-body",
        "Text, a start tag or an end tag after </body> or </html>; it is put back into the body.",
        ["parsing-main-afterbody", "the-after-after-body-insertion-mode"];
    /// A form inside a form.
    NestedForm = "nested-form",
        "A <form> start tag while a form is open (outside templates); it is ignored.",
        ["parsing-main-inbody"];
    /// An `a` inside an `a`, or a `nobr` inside a `nobr`.
    NestedFormattingElement = "nested-formatting-element",
        "An <a> start tag inside an open a, or <nobr> inside an open nobr; the first is closed (adoption agency) before the new one opens.",
        ["parsing-main-inbody"];
    /// Formatting elements closed out of order.
    MisnestedFormattingElement = "misnested-formatting-element",
        "The end tag of a formatting element (a, b, i, font, ...) that is not the current node, is not open, or is out of scope (e.g. <b><p>x</b>); the adoption agency rebuilds the tree.",
        ["adoption-agency-algorithm"];
    /// A heading start tag inside a heading.
    NestedHeading = "nested-heading",
        "A heading start tag (h1-h6) while the current node is a heading (e.g. <h1><h2>); the open heading is closed first.",
        ["parsing-main-inbody"];
    /// A start tag that closes an open element of a kind that cannot contain it.
    StartTagClosesElement = "start-tag-closes-element",
        "A start tag that cannot nest in an open element closes it (or is ignored): <button> in a button, <select> or <input> in a select, <table> in a table.",
        ["parsing-main-inbody", "parsing-main-intable"];
    /// An `image` start tag.
    ImageStartTag = "image-start-tag",
        "An <image> start tag; it is read as <img>.",
        ["parsing-main-inbody"];
    /// A head element after the head.
    HeadElementAfterHead = "head-element-after-head",
        "A base, basefont, bgsound, link, meta, noframes, script, style, template or title start tag after </head> but before <body>; the element goes into the head.",
        ["the-after-head-insertion-mode"];
    /// An HTML start tag that breaks out of SVG or MathML.
    HtmlStartTagInForeignContent = "html-start-tag-in-foreign-content",
        "An HTML start tag such as <div>, <p> or <table> (or </p>, </br>) inside SVG or MathML; the foreign elements are closed and the tag is handled as HTML.",
        ["parsing-main-inforeign"];
    /// An `xmlns` or `xmlns:xlink` attribute with the wrong value.
    XmlnsAttributeMismatch = "xmlns-attribute-mismatch",
        "An xmlns attribute on an SVG or MathML element whose value is not the element's namespace, or an xmlns:xlink attribute whose value is not the XLink namespace.",
        ["create-an-element-for-the-token"];
    /// Formatting elements not made again: statemark's bound ([`TreeOptions::amplification_limit`](super::TreeOptions::amplification_limit)), not the spec's.
    AmplificationLimit = "amplification-limit",
        "Formatting elements would have been made again past the parser's amplification limit (statemark's bound on copies, not the spec's: whatwg/html#10772); those not copied were dropped from the list of active formatting elements.",
        ["reconstruct-the-active-formatting-elements", "adoption-agency-algorithm"];
}

impl TreeErrorCode {
    /// The URL of the main rule that raises this error.
    pub fn spec_url(self) -> String {
        format!("{ANCHOR_BASE}{}", self.spec_anchors()[0])
    }
}

impl std::fmt::Display for TreeErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// The code of a parse error found while parsing a document: one the spec names (all tokenizer
/// errors, and `non-void-html-element-start-tag-with-trailing-solidus`, which tree construction
/// raises: spec: #parse-errors), or one of statemark's tree-construction codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// A code from the spec's table (spec: #parse-errors).
    Spec(ParseError),
    /// Statemark's code for a tree-construction error.
    Tree(TreeErrorCode),
}

impl ErrorCode {
    /// The code as text.
    pub fn code(self) -> &'static str {
        match self {
            ErrorCode::Spec(c) => c.code(),
            ErrorCode::Tree(c) => c.code(),
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A parse error of either stage, where it happened: for a tokenizer error, the spec's
/// position of the error; for a tree-construction error, the start of the token that caused it.
///
/// A tree builder fed by a streaming tokenizer does not see the input, so its own errors carry
/// only the byte offset (line and column 0) until
/// [`TreeBuilder::resolve_positions`](super::TreeBuilder::resolve_positions) is given the input;
/// [`parse_with_errors`](super::parse_with_errors) does that for you.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HtmlError {
    /// The spec's code or statemark's.
    pub code: ErrorCode,
    /// Where: the byte offset, and 1-based line and column (UTF-16 code units, as
    /// html5lib-tests count them).
    pub position: Position,
}

impl HtmlError {
    /// Whether the tree builder raised it (as opposed to the tokenizer).
    pub fn is_tree_error(&self) -> bool {
        matches!(
            self.code,
            ErrorCode::Tree(_) | ErrorCode::Spec(ParseError::NonVoidHtmlElementStartTagWithTrailingSolidus)
        )
    }
}

impl From<Error> for HtmlError {
    fn from(e: Error) -> Self {
        HtmlError { code: ErrorCode::Spec(e.code), position: e.position }
    }
}

impl std::error::Error for HtmlError {}

impl std::fmt::Display for HtmlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.position.line, self.position.column, self.code)
    }
}
