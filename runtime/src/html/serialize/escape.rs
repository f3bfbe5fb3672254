//! How the serializer writes character data and attribute values: escaping a string
//! (spec: #escapingString), found with the tokenizer's bulk scan; the attribute value's
//! quoting and minimized boolean attributes (html5lib's options); the DOCTYPE's quoted
//! identifiers; and html5lib's whitespace collapsing.

use super::*;

/// The boolean attributes of the current standard's attribute index (spec: #attributes-3),
/// which `minimize_boolean_attributes` may write with the empty attribute syntax.
const BOOLEAN_ATTRIBUTES: &[&str] = &[
    "allowfullscreen",
    "alpha",
    "async",
    "autofocus",
    "autoplay",
    "checked",
    "controls",
    "default",
    "defer",
    "disabled",
    "formnovalidate",
    "inert",
    "ismap",
    "itemscope",
    "loop",
    "multiple",
    "muted",
    "nomodule",
    "novalidate",
    "open",
    "playsinline",
    "readonly",
    "required",
    "reversed",
    "selected",
    "shadowrootclonable",
    "shadowrootcustomelementregistry",
    "shadowrootdelegatesfocus",
    "shadowrootserializable",
];

/// `=` and the value, quoted and escaped as the options say (or nothing, minimized); `html`:
/// the element is an HTML element; `quote`: quote even when the value could go unquoted.
pub(super) fn write_attr_value(
    out: &mut impl Write,
    name: QualNameRef<'_>,
    value: &str,
    o: &SerializeOptions,
    html: bool,
    quote: bool,
) -> fmt::Result {
    if o.minimize_boolean_attributes
        && html
        && *name.ns == Namespace::None
        && BOOLEAN_ATTRIBUTES.contains(&name.local)
        && (value.is_empty() || value.eq_ignore_ascii_case(name.local))
    {
        return Ok(());
    }
    let lt = o.escape_lt_in_attrs;
    if o.quote_attr_values == AttrQuoting::WhenNeeded
        && !quote
        && !value.is_empty()
        && !value.bytes().any(|b| is_ascii_ws(b) || matches!(b, b'"' | b'\'' | b'=' | b'`') || (!lt && b == b'<'))
        && (lt || !value.contains('>'))
    {
        out.write_char('=')?;
        return escape(out, value, Mode::Attr { quote: None, lt }, o.escape_cr);
    }
    let mut q = if o.quote_char == '\'' { b'\'' } else { b'"' };
    if o.use_best_quote_char {
        let other = if q == b'"' { b'\'' } else { b'"' };
        if value.as_bytes().contains(&q) && !value.as_bytes().contains(&other) {
            q = other;
        }
    }
    out.write_char('=')?;
    out.write_char(q as char)?;
    escape(out, value, Mode::Attr { quote: Some(q), lt }, o.escape_cr)?;
    out.write_char(q as char)
}

pub(super) fn write_quoted_id(out: &mut impl Write, id: &str, close: bool) -> fmt::Result {
    // 13.1.1: the identifiers are quoted strings; one holding `"` takes `'`.
    let q = if id.contains('"') { '\'' } else { '"' };
    out.write_char(q)?;
    out.write_str(id)?;
    if close { out.write_char(q) } else { Ok(()) }
}

pub(super) fn collapse_whitespace(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    if !b.windows(2).any(|w| is_ascii_ws(w[0]) && is_ascii_ws(w[1])) && !b.iter().any(|&c| is_ascii_ws(c) && c != b' ')
    {
        return Cow::Borrowed(text);
    }
    let mut s = String::with_capacity(text.len());
    let mut in_ws = false;
    for c in text.chars() {
        if is_ws_char(c) {
            if !in_ws {
                s.push(' ');
            }
            in_ws = true;
        } else {
            s.push(c);
            in_ws = false;
        }
    }
    Cow::Owned(s)
}

#[derive(Clone, Copy)]
pub(super) enum Mode {
    Text,
    /// `quote`: the quote character written around the value, escaped inside it; `lt`: `<` and
    /// `>` escaped.
    Attr {
        quote: Option<u8>,
        lt: bool,
    },
}

/// The bytes "escaping a string" may replace in text: `&`, `<`, `>`, and the lead byte of
/// U+00A0; in attribute values also the quotes. Found with the tokenizer's bulk scan.
static TEXT_ESCAPES: StopSet = StopSet::new(b"&<>\xC2");
static ATTR_ESCAPES: StopSet = StopSet::new(b"&<>\"'\xC2");
/// The same with U+000D, for `escape_cr`.
static TEXT_ESCAPES_CR: StopSet = StopSet::new(b"&<>\xC2\r");
static ATTR_ESCAPES_CR: StopSet = StopSet::new(b"&<>\"'\xC2\r");

/// "Escaping a string" (spec: #escapingString): `&`, U+00A0, `<`, `>`, and in attribute mode
/// the quote. Runs without special bytes are written in one piece.
pub(super) fn escape(out: &mut impl Write, s: &str, mode: Mode, cr: bool) -> fmt::Result {
    let b = s.as_bytes();
    let (quote, lt) = match mode {
        Mode::Text => (0, true),
        Mode::Attr { quote, lt } => (quote.unwrap_or(0), lt),
    };
    let stop = match (matches!(mode, Mode::Text), cr) {
        (true, false) => &TEXT_ESCAPES,
        (false, false) => &ATTR_ESCAPES,
        (true, true) => &TEXT_ESCAPES_CR,
        (false, true) => &ATTR_ESCAPES_CR,
    };
    let mut run = 0;
    let mut i = 0;
    loop {
        i = stop.find(b, i);
        if i >= b.len() {
            break;
        }
        let c = b[i];
        let rep = match c {
            b'&' => "&amp;",
            b'<' if lt => "&lt;",
            b'>' if lt => "&gt;",
            b'"' if quote == b'"' => "&quot;",
            b'\'' if quote == b'\'' => "&#39;",
            0xC2 if b.get(i + 1) == Some(&0xA0) => "&nbsp;",
            b'\r' if cr => "&#13;",
            _ => {
                i += 1;
                continue;
            }
        };
        out.write_str(&s[run..i])?;
        out.write_str(rep)?;
        i += if c == 0xC2 { 2 } else { 1 };
        run = i;
    }
    out.write_str(&s[run..])
}
