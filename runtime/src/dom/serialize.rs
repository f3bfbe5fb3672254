//! The html5lib-tests tree format (`| <html>` lines) and its depth-capped outline, streamed
//! into any `fmt::Write` by a constant-memory walk ([`Dom::walk`]), without recursion.

use super::{Dom, Namespace, NodeData, NodeId, Step};
use std::fmt::{self, Write};

/// Indentation levels [`write_outline`] writes before it shows a line's depth as a number.
pub const OUTLINE_INDENT: usize = 32;

/// `| ` and two spaces per level, at most `cap` levels; past `cap`, the level as `[N] `.
fn indent<W: Write>(out: &mut W, depth: usize, cap: usize) -> fmt::Result {
    out.write_str("| ")?;
    for _ in 0..depth.min(cap) {
        out.write_str("  ")?;
    }
    if depth > cap { write!(out, "[{depth}] ") } else { Ok(()) }
}

fn ns_designator(ns: &Namespace) -> &str {
    match ns {
        Namespace::Html | Namespace::None => "",
        Namespace::Svg => "svg ",
        Namespace::MathMl => "math ",
        Namespace::XLink => "xlink ",
        Namespace::Xml => "xml ",
        Namespace::Xmlns => "xmlns ",
        Namespace::Other(_) => "",
    }
}

/// The children of `root` (a Document or a fragment) as html5lib-tests writes a tree: one line
/// per node, `| ` then two spaces per ancestor below the root; attributes sorted by name
/// (UTF-16 order); template contents under a `content` line. Each line ends with `\n`.
///
/// The whole text in one `String`, whose size grows with the square of the tree's depth (the
/// indentation): for large or deep trees, stream it with [`write_test_format`], or write the
/// depth-capped [`write_outline`].
pub fn to_test_format(dom: &Dom, root: NodeId) -> String {
    let mut out = String::new();
    let _ = write_test_format(dom, root, &mut out);
    out
}

/// [`to_test_format`], written into `out` as it goes: the memory it takes besides `out` is one
/// element's attribute list (to sort it), whatever the tree's size and depth; no recursion.
///
/// ```
/// use statemark::dom::write_test_format;
/// use statemark::html::parse_document;
///
/// let dom = parse_document("<p>x");
/// let mut out = String::new();
/// write_test_format(&dom, dom.document(), &mut out).unwrap();
/// assert_eq!(out, dom.to_test_format());
/// ```
pub fn write_test_format<W: Write>(dom: &Dom, root: NodeId, out: &mut W) -> fmt::Result {
    write_lines(dom, root, usize::MAX, out)
}

/// The html5lib tree format made readable on deep trees: lines of nodes up to
/// [`OUTLINE_INDENT`] levels deep are exactly [`write_test_format`]'s; a deeper line is indented
/// as that level and shows its own level (the number of two-space steps the html5lib format
/// would indent it by: 0 for the root's children) in brackets, so each
/// line's length no longer grows with its depth and the output stays linear in the tree.
///
/// ```
/// use statemark::dom::{write_outline, OUTLINE_INDENT};
/// use statemark::html::{parse_fragment, Context};
///
/// let dom = parse_fragment(&"<div>".repeat(OUTLINE_INDENT + 2), &Context::html("body"));
/// let mut out = String::new();
/// write_outline(&dom, dom.root(), &mut out).unwrap();
/// let deepest = out.lines().last().unwrap();
/// assert_eq!(deepest, format!("| {}[{}] <div>", "  ".repeat(OUTLINE_INDENT), OUTLINE_INDENT + 1));
/// ```
pub fn write_outline<W: Write>(dom: &Dom, root: NodeId, out: &mut W) -> fmt::Result {
    write_lines(dom, root, OUTLINE_INDENT, out)
}

fn write_lines<W: Write>(dom: &Dom, root: NodeId, cap: usize, out: &mut W) -> fmt::Result {
    let mut walk = dom.walk(root);
    while let Some(step) = walk.next() {
        let Step::Enter(id) = step else { continue };
        if id == root {
            continue;
        }
        // The root's children are at level 0 of the format, and one step of the walk deeper.
        let depth = walk.depth() - 1;
        indent(out, depth, cap)?;
        if walk.is_template_contents(id) {
            out.write_str("content\n")?;
            continue;
        }
        match dom.data(id) {
            NodeData::Document | NodeData::Fragment => out.write_str("#fragment\n")?,
            NodeData::Doctype { name, public_id, system_id } => {
                out.write_str("<!DOCTYPE ")?;
                out.write_str(name)?;
                if !public_id.is_empty() || !system_id.is_empty() {
                    write!(out, " \"{public_id}\" \"{system_id}\"")?;
                }
                out.write_str(">\n")?;
            }
            NodeData::Text(t) => {
                out.write_char('"')?;
                out.write_str(t)?;
                out.write_str("\"\n")?;
            }
            NodeData::Comment(c) => {
                out.write_str("<!-- ")?;
                out.write_str(c)?;
                out.write_str(" -->\n")?;
            }
            NodeData::ProcessingInstruction { target, data } => writeln!(out, "<?{target} {data}?>")?,
            NodeData::Element(e) => {
                out.write_char('<')?;
                if let Namespace::Other(u) = &e.name.ns {
                    out.write_str(u)?;
                    out.write_char(' ')?;
                }
                out.write_str(ns_designator(&e.name.ns))?;
                out.write_str(&e.name.local)?;
                out.write_str(">\n")?;
                let mut attrs: Vec<(String, &str)> =
                    e.attrs().map(|a| (format!("{}{}", ns_designator(a.name.ns), a.name.local), a.value)).collect();
                attrs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
                for (name, value) in attrs {
                    indent(out, depth + 1, cap)?;
                    writeln!(out, "{name}=\"{value}\"")?;
                }
            }
        }
    }
    Ok(())
}
