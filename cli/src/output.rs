//! What the command prints: tokens, trees and errors, as text or as JSON (the schema is in
//! `cli/README.md`). Trees are written with an explicit stack, never by recursion.

use serde_json::{Value, json};
use statemark::Span;
use statemark::dom::{Dom, Namespace, NodeData, NodeId};
use statemark::{html, xml5};
use std::io::{self, Write};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable lines.
    Text,
    /// JSON Lines: one JSON value per line.
    Json,
}

/// A string as a JSON string literal.
fn js(s: &str) -> String {
    Value::from(s).to_string()
}

fn opt(s: &Option<std::borrow::Cow<'_, str>>) -> Value {
    s.as_deref().map_or(Value::Null, Value::from)
}

fn attrs_json<'a>(attrs: impl Iterator<Item = (&'a str, &'a str)>) -> Value {
    Value::Array(attrs.map(|(n, v)| json!({"name": n, "value": v})).collect())
}

/// One HTML token.
pub fn html_token(w: &mut dyn Write, format: Format, token: &html::Token<'_>, span: Span) -> io::Result<()> {
    use html::Token as T;
    match format {
        Format::Json => {
            let v = match token {
                T::Doctype(d) => json!({"type": "doctype", "name": opt(&d.name), "public_id": opt(&d.public_id),
                    "system_id": opt(&d.system_id), "force_quirks": d.force_quirks}),
                T::StartTag(t) | T::EndTag(t) => json!({
                    "type": if matches!(token, T::StartTag(_)) { "start-tag" } else { "end-tag" },
                    "name": t.name.as_ref(),
                    "attributes": attrs_json(t.attributes.iter().map(|a| (a.name.as_ref(), a.value.as_ref()))),
                    "self_closing": t.self_closing}),
                T::Comment(c) => json!({"type": "comment", "data": c.as_ref()}),
                T::Characters(c) => json!({"type": "characters", "data": c.as_ref()}),
                T::ProcessingInstruction(p) => {
                    json!({"type": "processing-instruction", "target": p.target.as_ref(), "data": p.data.as_ref()})
                }
                T::Eof => json!({"type": "eof"}),
            };
            write_with_span(w, v, span)
        }
        Format::Text => {
            write!(w, "{}..{} ", span.start, span.end)?;
            match token {
                T::Doctype(d) => doctype_text(w, &d.name, &d.public_id, &d.system_id)?,
                T::StartTag(t) => tag_text(w, "StartTag", t)?,
                T::EndTag(t) => tag_text(w, "EndTag", t)?,
                T::Comment(c) => write!(w, "Comment {c:?}")?,
                T::Characters(c) => write!(w, "Characters {c:?}")?,
                T::ProcessingInstruction(p) => write!(w, "ProcessingInstruction {:?} {:?}", p.target, p.data)?,
                T::Eof => write!(w, "EOF")?,
            }
            writeln!(w)
        }
    }
}

/// One XML5 token.
pub fn xml5_token(w: &mut dyn Write, format: Format, token: &xml5::Token<'_>, span: Span) -> io::Result<()> {
    use xml5::Token as T;
    match format {
        Format::Json => {
            let tag = |kind: &str, t: &xml5::Tag<'_>| {
                json!({"type": kind, "name": t.name.as_ref(),
                    "attributes": attrs_json(t.attributes.iter().map(|a| (a.name.as_ref(), a.value.as_ref())))})
            };
            let v = match token {
                T::Doctype(d) => json!({"type": "doctype", "name": opt(&d.name), "public_id": opt(&d.public_id),
                    "system_id": opt(&d.system_id)}),
                T::StartTag(t) => tag("start-tag", t),
                T::EmptyTag(t) => tag("empty-tag", t),
                T::EndTag(t) => tag("end-tag", t),
                T::ShortEndTag => json!({"type": "short-end-tag"}),
                T::Comment(c) => json!({"type": "comment", "data": c.as_ref()}),
                T::Characters(c) => json!({"type": "characters", "data": c.as_ref()}),
                T::ProcessingInstruction(p) => {
                    json!({"type": "processing-instruction", "target": p.target.as_ref(), "data": p.data.as_ref()})
                }
                T::Eof => json!({"type": "eof"}),
            };
            write_with_span(w, v, span)
        }
        Format::Text => {
            write!(w, "{}..{} ", span.start, span.end)?;
            match token {
                T::Doctype(d) => doctype_text(w, &d.name, &d.public_id, &d.system_id)?,
                T::StartTag(t) => tag_text(w, "StartTag", t)?,
                T::EmptyTag(t) => tag_text(w, "EmptyTag", t)?,
                T::EndTag(t) => tag_text(w, "EndTag", t)?,
                T::ShortEndTag => write!(w, "ShortEndTag")?,
                T::Comment(c) => write!(w, "Comment {c:?}")?,
                T::Characters(c) => write!(w, "Characters {c:?}")?,
                T::ProcessingInstruction(p) => write!(w, "ProcessingInstruction {:?} {:?}", p.target, p.data)?,
                T::Eof => write!(w, "EOF")?,
            }
            writeln!(w)
        }
    }
}

fn write_with_span(w: &mut dyn Write, mut v: Value, span: Span) -> io::Result<()> {
    v["span"] = json!([span.start, span.end]);
    writeln!(w, "{v}")
}

type Opt<'a> = Option<std::borrow::Cow<'a, str>>;

fn doctype_text(w: &mut dyn Write, name: &Opt<'_>, public: &Opt<'_>, system: &Opt<'_>) -> io::Result<()> {
    write!(w, "DOCTYPE {:?}", name.as_deref().unwrap_or(""))?;
    if let Some(p) = public {
        write!(w, " PUBLIC {p:?}")?;
    }
    if let Some(s) = system {
        write!(w, " SYSTEM {s:?}")?;
    }
    Ok(())
}

fn tag_text(w: &mut dyn Write, kind: &str, t: &statemark::html::Tag<'_>) -> io::Result<()> {
    write!(w, "{kind} {:?}", t.name)?;
    for a in &t.attributes {
        write!(w, " {}={:?}", a.name, a.value)?;
    }
    if t.self_closing {
        write!(w, " /")?;
    }
    Ok(())
}

/// One error as a JSON object.
pub fn error_json(path: &str, code: &str, offset: usize, line: usize, column: usize) -> Value {
    json!({"type": "error", "path": path, "code": code, "offset": offset, "line": line, "column": column})
}

fn ns_name(ns: &Namespace) -> Value {
    match ns {
        Namespace::None => Value::Null,
        n => Value::from(n.url()),
    }
}

/// A tree (from `root`: the document or the fragment) as one JSON value, on one line.
pub fn tree_json(w: &mut dyn Write, dom: &Dom, root: NodeId) -> io::Result<()> {
    // The stack holds what is left to write: a node, or literal JSON punctuation. A node with
    // children is written as its object without the closing brace, then (for a template) its
    // contents, then its children array, then the closing.
    enum Item {
        Node(NodeId),
        Raw(&'static str),
    }
    let mut stack = vec![Item::Node(root)];
    while let Some(item) = stack.pop() {
        let id = match item {
            Item::Raw(s) => {
                w.write_all(s.as_bytes())?;
                continue;
            }
            Item::Node(id) => id,
        };
        let (head, has_children, contents): (Value, bool, Option<NodeId>) = match dom.data(id) {
            NodeData::Document => (json!({"type": "document"}), true, None),
            NodeData::Fragment => (json!({"type": "fragment"}), true, None),
            NodeData::Doctype { name, public_id, system_id } => {
                (json!({"type": "doctype", "name": name, "public_id": public_id, "system_id": system_id}), false, None)
            }
            NodeData::Text(t) => (json!({"type": "text", "data": t}), false, None),
            NodeData::Comment(c) => (json!({"type": "comment", "data": c}), false, None),
            NodeData::ProcessingInstruction { target, data } => {
                (json!({"type": "processing-instruction", "target": target, "data": data}), false, None)
            }
            NodeData::Element(e) => {
                let attrs: Vec<Value> = e
                    .attrs()
                    .map(|a| {
                        json!({"namespace": ns_name(a.name.ns), "prefix": a.name.prefix, "name": a.name.local,
                            "value": a.value})
                    })
                    .collect();
                let v = json!({"type": "element", "namespace": ns_name(&e.name.ns),
                    "prefix": e.name.prefix.as_deref(), "name": e.name.local.as_ref(), "attributes": attrs});
                (v, true, e.template_contents)
            }
        };
        let s = head.to_string();
        if !has_children {
            w.write_all(s.as_bytes())?;
            continue;
        }
        // Drop the closing brace: the children array (and template contents) follow.
        w.write_all(&s.as_bytes()[..s.len() - 1])?;
        stack.push(Item::Raw("]}"));
        let kids: Vec<NodeId> = dom.children(id).collect();
        for (i, k) in kids.iter().enumerate().rev() {
            stack.push(Item::Node(*k));
            if i > 0 {
                stack.push(Item::Raw(","));
            }
        }
        stack.push(Item::Raw(",\"children\":["));
        if let Some(c) = contents {
            stack.push(Item::Node(c));
            stack.push(Item::Raw(",\"template_contents\":"));
        }
    }
    Ok(())
}

/// The path and a string field as a JSON line prefix, for one parse result per line.
pub fn parse_result_json(w: &mut dyn Write, path: &str, errors: &[Value], dom: &Dom, root: NodeId) -> io::Result<()> {
    write!(w, "{{\"path\":{},\"errors\":{},\"document\":", js(path), Value::Array(errors.to_vec()))?;
    tree_json(w, dom, root)?;
    writeln!(w, "}}")
}
