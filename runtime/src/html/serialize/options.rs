//! The serializer's options ([`SerializeOptions`], [`AttrQuoting`]): the spec's fragment
//! serialization algorithm by default, html5lib's serializer options, and the additions a
//! round trip needs ([`SerializeOptions::round_trip`]).

/// How attribute values are quoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrQuoting {
    /// Always quoted (the fragment serialization algorithm's form).
    Always,
    /// Unquoted when the escaped value is allowed by the unquoted attribute value syntax
    /// (spec: #unquoted, 13.1.2.3: not empty, no ASCII whitespace, `"`, `'`, `=`, `<`, `>` or
    /// `` ` ``), quoted otherwise.
    WhenNeeded,
}

/// Options for [`Serializer`](super::Serializer). The default is the spec's fragment serialization algorithm
/// exactly; [`SerializeOptions::html5lib`] is the html5lib serializer's defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SerializeOptions {
    /// When attribute values are quoted.
    pub quote_attr_values: AttrQuoting,
    /// The quote character: `"` or `'` (anything else is read as `"`).
    pub quote_char: char,
    /// Quote a value containing the quote character but not the other one with the other one,
    /// so that it needs no escaping.
    pub use_best_quote_char: bool,
    /// Leave out every start and end tag that 13.1.2.4 (spec: #optional-tags) says may be
    /// omitted; a start tag with attributes is never omitted.
    pub omit_optional_tags: bool,
    /// Write a boolean attribute (spec: #boolean-attribute) whose value is empty or its own
    /// name (ASCII case-insensitively) with the empty attribute syntax (spec:
    /// #attributes-2, 13.1.2.3). The value then reads back as the empty string, which means the
    /// same for a boolean attribute.
    pub minimize_boolean_attributes: bool,
    /// Write `/` at the end of a void element's start tag (spec: #start-tags, 13.1.2.1 step 6).
    pub use_trailing_solidus: bool,
    /// With `use_trailing_solidus`, a space before the `/`.
    pub space_before_trailing_solidus: bool,
    /// Escape `<` and `>` in attribute values, as the current text does (step 3-4 of "escaping
    /// a string"); off gives the text before 2025, which escaped only `&`, U+00A0 and `"`.
    pub escape_lt_in_attrs: bool,
    /// Escape the text of raw-text parents (`script`, `style`, ...) too. Not the spec's output
    /// and not read back the same: for showing such text, not for reparsing it.
    pub escape_rcdata: bool,
    /// Collapse each run of ASCII whitespace in text to one space, except inside `pre`,
    /// `textarea`, `listing` and raw-text elements. Changes the tree (html5lib's option).
    pub strip_whitespace: bool,
    /// With an encoding name: in `head`, rewrite `<meta charset>` and the charset of
    /// `<meta http-equiv=content-type content=...>` to it, or add `<meta charset=...>` as the
    /// head's first child when it has neither (spec: #charset, 4.2.5.4).
    pub inject_meta_charset: Option<String>,
    /// Write attributes sorted by namespace and local name instead of in tree order (the
    /// algorithm lets the order be implementation-defined but stable).
    pub alphabetical_attributes: bool,
    /// Whether scripting is enabled for the nodes: `noscript` text is then raw text (spec:
    /// #serialising-html-fragments, "If current node is a Text node").
    pub scripting: bool,
    /// Write a DOCTYPE's public and system identifiers (`PUBLIC "..." "..."`, `SYSTEM "..."`,
    /// 13.1.1's legacy and obsolete forms). The algorithm writes only the name, which changes a
    /// reparsed document's identifiers and so possibly its quirks mode.
    pub doctype_identifiers: bool,
    /// Write an extra U+000A LF after the start tag of a `pre`, `textarea` or `listing` whose
    /// text starts with one. The current algorithm does not ("For historical reasons, this
    /// algorithm does not roundtrip an initial U+000A (LF) character"), so the parser drops the
    /// first LF on reparsing; this option makes it round-trip.
    pub pre_newline: bool,
    /// Write U+000D CARRIAGE RETURN in text and attribute values as `&#13;`. Written raw, the
    /// parser's input preprocessing turns it into U+000A (LF) (spec: #preprocessing-the-input-stream);
    /// a parsed tree holds one only from a character reference, so this makes it round-trip.
    pub escape_cr: bool,
    /// In a document in quirks mode, write the DOCTYPE so that it sets the force-quirks flag
    /// again (`<!DOCTYPE html x>`, or an identifier left open: `<!DOCTYPE html PUBLIC "a>`), so
    /// the reparsed document is in quirks mode too (spec: #the-initial-insertion-mode). The
    /// algorithm writes only `<!DOCTYPE name>`, which a force-quirks DOCTYPE does not survive.
    pub quirks_doctype: bool,
}

impl Default for SerializeOptions {
    /// The fragment serialization algorithm as the spec gives it.
    fn default() -> Self {
        SerializeOptions {
            quote_attr_values: AttrQuoting::Always,
            quote_char: '"',
            use_best_quote_char: false,
            omit_optional_tags: false,
            minimize_boolean_attributes: false,
            use_trailing_solidus: false,
            space_before_trailing_solidus: true,
            escape_lt_in_attrs: true,
            escape_rcdata: false,
            strip_whitespace: false,
            inject_meta_charset: None,
            alphabetical_attributes: false,
            scripting: true,
            doctype_identifiers: false,
            pre_newline: false,
            escape_cr: false,
            quirks_doctype: false,
        }
    }
}

impl SerializeOptions {
    /// html5lib's serializer defaults: values quoted only when needed with the better quote
    /// character, optional tags omitted, boolean attributes minimized, DOCTYPE identifiers
    /// written; `<` and `>` in attribute values escaped as the current text (and the suite's
    /// expectations) have it, where html5lib's own `escape_lt_in_attrs` defaulted to off.
    pub fn html5lib() -> Self {
        SerializeOptions {
            quote_attr_values: AttrQuoting::WhenNeeded,
            use_best_quote_char: true,
            omit_optional_tags: true,
            minimize_boolean_attributes: true,
            doctype_identifiers: true,
            ..SerializeOptions::default()
        }
    }

    /// The spec's algorithm plus what makes `parse(serialize(tree))` give `tree` back for a
    /// tree the parser built: DOCTYPE identifiers, the leading newline of `pre`, `textarea`
    /// and `listing`, U+000D as `&#13;`, and a quirks-mode document's DOCTYPE forcing quirks.
    ///
    /// ```
    /// use statemark::html::{parse_document, serialize::SerializeOptions};
    /// let rt = SerializeOptions::round_trip();
    /// for page in ["<p>a&#13;b</p>", "<!DOCTYPE html x><p><table>"] {
    ///     let once = parse_document(page).to_html_with(&rt);
    ///     let twice = parse_document(&once);
    ///     assert_eq!(twice.to_html_with(&rt), once);
    ///     assert_eq!(twice.to_test_format(), parse_document(page).to_test_format());
    /// }
    /// ```
    pub fn round_trip() -> Self {
        SerializeOptions {
            doctype_identifiers: true,
            pre_newline: true,
            escape_cr: true,
            quirks_doctype: true,
            ..SerializeOptions::default()
        }
    }
}
