//! What the command prints: tokens, trees and errors, as text or as JSON (the schema is in
//! `cli/README.md`). Trees are written with an explicit stack, never by recursion.

use serde_json::{Value, json};
use statemark::Span;
use statemark::dom::{Dom, Namespace, NodeData, NodeId};
use statemark::html::{Doctype, ProcessingInstruction, Tag};
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

/// A token of either machine, as the printers see it: the two token types differ only in a
/// few kinds (XML5's empty and short end tags) and fields (HTML's force-quirks and self-closing
/// flags in JSON), so one printer serves both.
enum View<'t, 'i> {
    /// `quirks`: JSON shows the force-quirks flag (HTML's; XML5 has none).
    Doctype {
        doctype: &'t Doctype<'i>,
        quirks: bool,
    },
    /// The kind as JSON (`json`) and as text (`text`) name it; `self_closing`: JSON shows the
    /// flag (HTML; XML5 has empty tags instead).
    Tag {
        tag: &'t Tag<'i>,
        json: &'static str,
        text: &'static str,
        self_closing: bool,
    },
    ShortEndTag,
    Comment(&'t str),
    Characters(&'t str),
    ProcessingInstruction(&'t ProcessingInstruction<'i>),
    Eof,
}

/// One HTML token.
pub fn html_token(w: &mut dyn Write, format: Format, token: &html::Token<'_>, span: Span) -> io::Result<()> {
    use html::Token as T;
    let view = match token {
        T::Doctype(d) => View::Doctype { doctype: d, quirks: true },
        T::StartTag(t) => View::Tag { tag: t, json: "start-tag", text: "StartTag", self_closing: true },
        T::EndTag(t) => View::Tag { tag: t, json: "end-tag", text: "EndTag", self_closing: true },
        T::Comment(c) => View::Comment(c.as_ref()),
        T::Characters(c) => View::Characters(c.as_ref()),
        T::ProcessingInstruction(p) => View::ProcessingInstruction(p),
        T::Eof => View::Eof,
    };
    token_view(w, format, &view, span)
}

/// One XML5 token.
pub fn xml5_token(w: &mut dyn Write, format: Format, token: &xml5::Token<'_>, span: Span) -> io::Result<()> {
    use xml5::Token as T;
    let view = match token {
        T::Doctype(d) => View::Doctype { doctype: d, quirks: false },
        T::StartTag(t) => View::Tag { tag: t, json: "start-tag", text: "StartTag", self_closing: false },
        T::EmptyTag(t) => View::Tag { tag: t, json: "empty-tag", text: "EmptyTag", self_closing: false },
        T::EndTag(t) => View::Tag { tag: t, json: "end-tag", text: "EndTag", self_closing: false },
        T::ShortEndTag => View::ShortEndTag,
        T::Comment(c) => View::Comment(c.as_ref()),
        T::Characters(c) => View::Characters(c.as_ref()),
        T::ProcessingInstruction(p) => View::ProcessingInstruction(p),
        T::Eof => View::Eof,
    };
    token_view(w, format, &view, span)
}

fn token_view(w: &mut dyn Write, format: Format, token: &View<'_, '_>, span: Span) -> io::Result<()> {
    match format {
        Format::Json => {
            let mut v = match *token {
                View::Doctype { doctype: d, quirks } => {
                    let mut v = json!({"type": "doctype", "name": opt(&d.name), "public_id": opt(&d.public_id),
                        "system_id": opt(&d.system_id)});
                    if quirks {
                        v["force_quirks"] = d.force_quirks.into();
                    }
                    v
                }
                View::Tag { tag: t, json: kind, self_closing, .. } => {
                    let mut v = json!({"type": kind, "name": t.name.as_ref(),
                        "attributes": attrs_json(t.attributes.iter().map(|a| (a.name.as_ref(), a.value.as_ref())))});
                    if self_closing {
                        v["self_closing"] = t.self_closing.into();
                    }
                    v
                }
                View::ShortEndTag => json!({"type": "short-end-tag"}),
                View::Comment(c) => json!({"type": "comment", "data": c}),
                View::Characters(c) => json!({"type": "characters", "data": c}),
                View::ProcessingInstruction(p) => {
                    json!({"type": "processing-instruction", "target": p.target.as_ref(), "data": p.data.as_ref()})
                }
                View::Eof => json!({"type": "eof"}),
            };
            v["span"] = json!([span.start, span.end]);
            writeln!(w, "{v}")
        }
        Format::Text => {
            write!(w, "{}..{} ", span.start, span.end)?;
            match *token {
                View::Doctype { doctype: d, .. } => doctype_text(w, d)?,
                View::Tag { tag: t, text: kind, .. } => tag_text(w, kind, t)?,
                View::ShortEndTag => write!(w, "ShortEndTag")?,
                View::Comment(c) => write!(w, "Comment {c:?}")?,
                View::Characters(c) => write!(w, "Characters {c:?}")?,
                View::ProcessingInstruction(p) => write!(w, "ProcessingInstruction {:?} {:?}", p.target, p.data)?,
                View::Eof => write!(w, "EOF")?,
            }
            writeln!(w)
        }
    }
}

fn doctype_text(w: &mut dyn Write, d: &Doctype<'_>) -> io::Result<()> {
    write!(w, "DOCTYPE {:?}", d.name.as_deref().unwrap_or(""))?;
    if let Some(p) = &d.public_id {
        write!(w, " PUBLIC {p:?}")?;
    }
    if let Some(s) = &d.system_id {
        write!(w, " SYSTEM {s:?}")?;
    }
    Ok(())
}

fn tag_text(w: &mut dyn Write, kind: &str, t: &Tag<'_>) -> io::Result<()> {
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
