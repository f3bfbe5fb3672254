//! The html5lib-tests tree format (`| <html>` lines), written without recursion.

use super::{Dom, Namespace, NodeData, NodeId};
use std::fmt::Write;

enum Item {
    Node(NodeId, usize),
    /// The "content" line of a template.
    Content(usize),
}

fn indent(out: &mut String, depth: usize) {
    out.push_str("| ");
    for _ in 0..depth {
        out.push_str("  ");
    }
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
pub fn to_test_format(dom: &Dom, root: NodeId) -> String {
    let mut out = String::new();
    let mut stack: Vec<Item> = Vec::new();
    let push_children = |stack: &mut Vec<Item>, parent: NodeId, depth: usize| {
        let start = stack.len();
        stack.extend(dom.children(parent).map(|c| Item::Node(c, depth)));
        stack[start..].reverse();
    };
    push_children(&mut stack, root, 0);
    while let Some(item) = stack.pop() {
        let (id, depth) = match item {
            Item::Content(depth) => {
                indent(&mut out, depth);
                out.push_str("content\n");
                continue;
            }
            Item::Node(id, depth) => (id, depth),
        };
        indent(&mut out, depth);
        match dom.data(id) {
            NodeData::Document | NodeData::Fragment => out.push_str("#fragment\n"),
            NodeData::Doctype { name, public_id, system_id } => {
                out.push_str("<!DOCTYPE ");
                out.push_str(name);
                if !public_id.is_empty() || !system_id.is_empty() {
                    let _ = write!(out, " \"{public_id}\" \"{system_id}\"");
                }
                out.push_str(">\n");
            }
            NodeData::Text(t) => {
                out.push('"');
                out.push_str(t);
                out.push_str("\"\n");
            }
            NodeData::Comment(c) => {
                out.push_str("<!-- ");
                out.push_str(c);
                out.push_str(" -->\n");
            }
            NodeData::ProcessingInstruction { target, data } => {
                let _ = writeln!(out, "<?{target} {data}?>");
            }
            NodeData::Element(e) => {
                out.push('<');
                if let Namespace::Other(u) = &e.name.ns {
                    out.push_str(u);
                    out.push(' ');
                }
                out.push_str(ns_designator(&e.name.ns));
                out.push_str(&e.name.local);
                out.push_str(">\n");
                let mut attrs: Vec<(String, &str)> =
                    e.attrs().map(|a| (format!("{}{}", ns_designator(a.name.ns), a.name.local), a.value)).collect();
                attrs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
                for (name, value) in attrs {
                    indent(&mut out, depth + 1);
                    let _ = writeln!(out, "{name}=\"{value}\"");
                }
                push_children(&mut stack, id, depth + 1);
                if let Some(c) = e.template_contents {
                    push_children(&mut stack, c, depth + 2);
                    stack.push(Item::Content(depth + 1));
                }
            }
        }
    }
    out
}
