//! 13.1.2's "The start and end tags of certain normal elements can be omitted ... Those that
//! cannot be omitted must not be omitted", for end tags the parser closes without a parse error
//! (spec: #elements-2, #optional-tags): `<dl><dt>term</dl>`, `<p>text<li>`. Which end
//! tags 13.1.2.4 lets go is the serializer's table; here we find which end tags the markup left
//! out.
//!
//! Start tags need no check: markup cannot leave out a start tag 13.1.2.4 forbids leaving out
//! without a parse error. Nor do end tags outside 13.1.2.4's list: every way of closing one
//! without its end tag is a parse error (#parsing-main-inbody, "generate implied end tags").

use super::{Diagnostic, Severity, raw_text_end_tag, rule};
use crate::Span;
use crate::dom::{Dom, Namespace, NodeId};
use crate::html::serialize::end_tag_omissible_in;
use std::collections::HashMap;

/// Report every end tag left out where 13.1.2.4 does not allow it. `dom` was parsed from
/// `input` with source spans and with no parse error about structure (tree construction, tag
/// syntax): then the tree is in source order and every node a token made has that token's span,
/// so the text between one node's token and the next node's holds exactly the end tags that
/// closed the elements ending there.
pub(super) fn omitted_end_tags(input: &str, dom: &Dom, out: &mut Vec<Diagnostic>) {
    // Elements that ended since the last node with markup, innermost first.
    let mut ended: Vec<NodeId> = Vec::new();
    let mut last_end = 0;
    // A walk in source order, without recursion: (node, children done). A template's contents
    // stand where its children would (its markup is between its tags).
    let mut stack = vec![(dom.root(), false)];
    while let Some((id, done)) = stack.pop() {
        if done {
            if dom.element(id).is_some() {
                ended.push(id);
            }
            continue;
        }
        if let Some(span) = dom.source_span(id).filter(|s| !s.is_empty()) {
            settle(input, dom, &ended, last_end, span.start, out);
            ended.clear();
            last_end = last_end.max(span.end);
        }
        stack.push((id, true));
        let parent = dom.element(id).and_then(|e| e.template_contents).unwrap_or(id);
        let at = stack.len();
        stack.extend(dom.children(parent).map(|c| (c, false)));
        stack[at..].reverse();
    }
    settle(input, dom, &ended, last_end, input.len(), out);
}

/// The elements in `ended` (innermost first) ended between `from` and `to`: the end tags there
/// close them as the tree builder did (an end tag closes the innermost open element of its
/// name, and every element inside it); each HTML element no end tag closed is checked against
/// 13.1.2.4, and reported where it was closed (the end tag that closed it, or `to`).
fn settle(input: &str, dom: &Dom, ended: &[NodeId], from: usize, to: usize, out: &mut Vec<Diagnostic>) {
    if ended.is_empty() {
        return;
    }
    // Out of order would mean the tree is not the source's (the caller rules that out): then say
    // nothing rather than guess.
    let Some(gap) = input.get(from..to) else { return };
    let name_of = |id: NodeId| dom.element(id).map_or("", |e| &*e.name.local);
    // Where each element was closed (`None`: by its own end tag), for ended[..closed].
    let mut closed_at: Vec<Option<usize>> = Vec::with_capacity(ended.len());
    let mut at = 0;
    // Raw text and RCDATA elements have no element inside; their text may hold "</x>" that is
    // not a tag, up to their own end tag (13.1.2.6).
    let first = name_of(ended[0]);
    if dom.element(ended[0]).is_some_and(|e| e.name.ns == Namespace::Html) && is_text_only(first) {
        let Some(i) = raw_text_end_tag(gap, first) else { return };
        closed_at.push(None);
        at = i + 2 + first.len();
    }
    // The chain's indices by lowercase name, ascending: an end tag finds the innermost open
    // element of its name without walking the chain (which may be as deep as the document).
    let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
    for (k, &id) in ended.iter().enumerate() {
        by_name.entry(name_of(id).to_ascii_lowercase()).or_default().push(k);
    }
    while let Some(i) = gap[at..].find("</") {
        let tag_at = at + i;
        let start = tag_at + 2;
        let len =
            gap[start..].find(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>').unwrap_or(gap.len() - start);
        at = start + len;
        let open = closed_at.len();
        let Some(&j) =
            by_name.get(&gap[start..at].to_ascii_lowercase()).and_then(|ks| ks.get(ks.partition_point(|&k| k < open)))
        else {
            continue;
        };
        closed_at.resize(j, Some(from + tag_at));
        closed_at.push(None);
    }
    closed_at.resize(ended.len(), Some(to));
    for (&id, closed) in ended.iter().zip(closed_at) {
        // `html`, `head` and `body` are not checked: `</body>` and `</html>` pop nothing
        // (#parsing-main-inbody), so whitespace after them still lands inside, after the end tag;
        // and markup cannot leave their end tags out where 13.1.2.4 forbids it (a comment or
        // whitespace that would follow them goes inside instead).
        if let Some(where_) = closed
            && !matches!(name_of(id), "html" | "head" | "body")
            && end_tag_omissible_in(dom, id) == Some(false)
        {
            let name = name_of(id);
            out.push(Diagnostic {
                code: "end-tag-omitted",
                section: rule("end-tag-omitted").section,
                span: Span::new(where_, where_),
                severity: Severity::Error,
                message: format!(
                    "the {name} element's end tag is left out where 13.1.2.4 does not allow it (by what follows it): write </{name}> before this"
                ),
                // The tree is the checker's own, which the caller never sees: the span says where.
                node: None,
            });
        }
    }
}

/// Elements whose contents are text up to their end tag (raw text, escapable raw text, and the
/// parser's other RAWTEXT elements).
fn is_text_only(local: &str) -> bool {
    matches!(local, "script" | "style" | "textarea" | "title" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript")
}
