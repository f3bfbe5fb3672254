//! Optional tags (spec: #optional-tags, 13.1.2.4) as data: when the serializer may leave out
//! a start or end tag (`omit_optional_tags`), judged by the event that follows, and the same
//! rules on a tree for the authoring checker.

use super::*;

// ---------------------------------------------------------------------------------------------
// Optional tags as data (spec: #optional-tags). Each row is one paragraph of 13.1.2.4, in the
// spec's order; the comment quotes which one. "Immediately followed by" is the next sibling,
// "the first thing inside" the first child, "no more content in the parent element" no next
// sibling; a start tag with attributes is never omitted ("a start tag must never be omitted if
// it has any attributes").
// ---------------------------------------------------------------------------------------------

/// What an end tag's omission depends on.
enum EndRule {
    /// "may be omitted if the X element is not immediately followed by [ASCII whitespace or]
    /// a comment" (`ws`: whitespace counts too).
    NotFollowedByCommentOr { ws: bool },
    /// "may be omitted if the X element is immediately followed by [one of these] element[,
    /// or if there is no more content in the parent element]".
    FollowedBy { elements: &'static [&'static str], or_last: bool },
    /// The `p` rule: followed by one of these, or last in a parent that is an HTML element
    /// other than these, and not an autonomous custom element.
    P { elements: &'static [&'static str], not_parents: &'static [&'static str] },
}

const END_RULES: &[(&str, EndRule)] = &[
    // "An html element's end tag may be omitted if the html element is not immediately followed by a comment."
    ("html", EndRule::NotFollowedByCommentOr { ws: false }),
    // "A head element's end tag may be omitted if the head element is not immediately followed by ASCII whitespace or a comment."
    ("head", EndRule::NotFollowedByCommentOr { ws: true }),
    // "A body element's end tag may be omitted if the body element is not immediately followed by a comment."
    ("body", EndRule::NotFollowedByCommentOr { ws: false }),
    // "An li element's end tag may be omitted if the li element is immediately followed by another li element or if there is no more content in the parent element."
    ("li", EndRule::FollowedBy { elements: &["li"], or_last: true }),
    // "A dt element's end tag may be omitted if the dt element is immediately followed by another dt element or a dd element."
    ("dt", EndRule::FollowedBy { elements: &["dt", "dd"], or_last: false }),
    // "A dd element's end tag may be omitted if the dd element is immediately followed by another dd element or a dt element, or if there is no more content in the parent element."
    ("dd", EndRule::FollowedBy { elements: &["dd", "dt"], or_last: true }),
    // "A p element's end tag may be omitted if the p element is immediately followed by an address, article, ..., or ul element, or if there is no more content in the parent element and the parent element is an HTML element that is not an a, audio, del, ins, map, noscript, or video element, or an autonomous custom element."
    (
        "p",
        EndRule::P {
            elements: &[
                "address",
                "article",
                "aside",
                "blockquote",
                "details",
                "dialog",
                "div",
                "dl",
                "fieldset",
                "figcaption",
                "figure",
                "footer",
                "form",
                "h1",
                "h2",
                "h3",
                "h4",
                "h5",
                "h6",
                "header",
                "hgroup",
                "hr",
                "main",
                "menu",
                "nav",
                "ol",
                "p",
                "pre",
                "search",
                "section",
                "table",
                "ul",
            ],
            not_parents: &["a", "audio", "del", "ins", "map", "noscript", "video"],
        },
    ),
    // "An rt element's end tag may be omitted if the rt element is immediately followed by an rt or rp element, or if there is no more content in the parent element."
    ("rt", EndRule::FollowedBy { elements: &["rt", "rp"], or_last: true }),
    // "An rp element's end tag may be omitted if the rp element is immediately followed by an rt or rp element, or if there is no more content in the parent element."
    ("rp", EndRule::FollowedBy { elements: &["rt", "rp"], or_last: true }),
    // "An optgroup element's end tag may be omitted if the optgroup element is immediately followed by another optgroup element, if it is immediately followed by an hr element, or if there is no more content in the parent element."
    ("optgroup", EndRule::FollowedBy { elements: &["optgroup", "hr"], or_last: true }),
    // "An option element's end tag may be omitted if the option element is immediately followed by another option element, if it is immediately followed by an optgroup element, if it is immediately followed by an hr element, or if there is no more content in the parent element."
    ("option", EndRule::FollowedBy { elements: &["option", "optgroup", "hr"], or_last: true }),
    // "A colgroup element's end tag may be omitted if the colgroup element is not immediately followed by ASCII whitespace or a comment."
    ("colgroup", EndRule::NotFollowedByCommentOr { ws: true }),
    // "A caption element's end tag may be omitted if the caption element is not immediately followed by ASCII whitespace or a comment."
    ("caption", EndRule::NotFollowedByCommentOr { ws: true }),
    // "A thead element's end tag may be omitted if the thead element is immediately followed by a tbody or tfoot element."
    ("thead", EndRule::FollowedBy { elements: &["tbody", "tfoot"], or_last: false }),
    // "A tbody element's end tag may be omitted if the tbody element is immediately followed by a tbody or tfoot element, or if there is no more content in the parent element."
    ("tbody", EndRule::FollowedBy { elements: &["tbody", "tfoot"], or_last: true }),
    // "A tfoot element's end tag may be omitted if there is no more content in the parent element."
    ("tfoot", EndRule::FollowedBy { elements: &[], or_last: true }),
    // "A tr element's end tag may be omitted if the tr element is immediately followed by another tr element, or if there is no more content in the parent element."
    ("tr", EndRule::FollowedBy { elements: &["tr"], or_last: true }),
    // "A td element's end tag may be omitted if the td element is immediately followed by a td or th element, or if there is no more content in the parent element."
    ("td", EndRule::FollowedBy { elements: &["td", "th"], or_last: true }),
    // "A th element's end tag may be omitted if the th element is immediately followed by a td or th element, or if there is no more content in the parent element."
    ("th", EndRule::FollowedBy { elements: &["td", "th"], or_last: true }),
];

/// What a start tag's omission depends on.
enum StartRule {
    /// "may be omitted if the first thing inside the html element is not a comment".
    FirstNotComment,
    /// "may be omitted if the element is empty, or if the first thing inside the head element
    /// is an element".
    EmptyOrFirstIsElement,
    /// "may be omitted if the element is empty, or if the first thing inside the body element
    /// is not ASCII whitespace or a comment, except if the first thing inside the body element
    /// is a meta, noscript, link, script, style, or template element".
    EmptyOrFirstNotWsOrCommentExcept(&'static [&'static str]),
    /// "may be omitted if the first thing inside the X element is a Y element, and if the
    /// element is not immediately preceded by a Z element whose end tag has been omitted. (It
    /// can't be omitted if the element is empty.)"
    FirstIsUnlessAfterOmitted { first: &'static str, after: &'static [&'static str] },
}

const START_RULES: &[(&str, StartRule)] = &[
    ("html", StartRule::FirstNotComment),
    ("head", StartRule::EmptyOrFirstIsElement),
    ("body", StartRule::EmptyOrFirstNotWsOrCommentExcept(&["meta", "noscript", "link", "script", "style", "template"])),
    ("colgroup", StartRule::FirstIsUnlessAfterOmitted { first: "col", after: &["colgroup"] }),
    ("tbody", StartRule::FirstIsUnlessAfterOmitted { first: "tr", after: &["tbody", "thead", "tfoot"] }),
];

/// Whether the end tag of the HTML element `local` may be omitted, `next` being what follows
/// it and `parent` the element it is in (None: unknown, at the end of a stream without a
/// context, which counts as an ordinary parent).
pub(super) fn end_tag_omissible(local: &str, next: Option<&Item<'_>>, parent: Option<QualNameRef<'_>>) -> bool {
    let Some((_, rule)) = END_RULES.iter().find(|(n, _)| *n == local) else { return false };
    // "No more content in the parent element": the parent's end tag, or the end of the stream.
    let last = matches!(next, None | Some(Item::End { .. }));
    match rule {
        EndRule::NotFollowedByCommentOr { ws } => {
            !(matches!(next, Some(Item::Comment(_))) || (*ws && next.is_some_and(Item::starts_with_ws)))
        }
        EndRule::FollowedBy { elements, or_last } => {
            next.is_some_and(|n| n.is_html_start(elements)) || (*or_last && last)
        }
        EndRule::P { elements, not_parents } => {
            if next.is_some_and(|n| n.is_html_start(elements)) {
                return true;
            }
            // The parent: the element whose end tag comes next, else the context.
            let parent = match next {
                Some(Item::End { name }) => Some(*name),
                _ => parent,
            };
            last && parent.is_none_or(|p| {
                // An autonomous custom element's name contains a hyphen (spec: #valid-custom-element-name).
                *p.ns == Namespace::Html && !not_parents.contains(&p.local) && !p.local.contains('-')
            })
        }
    }
}

/// 13.1.2.4 on a tree, for the authoring checker: whether the end tag of the HTML element `id`
/// may be omitted, judged by its next sibling (or, last, by its parent); `None` when 13.1.2.4
/// never lets it go.
pub(crate) fn end_tag_omissible_in(dom: &Dom, id: NodeId) -> Option<bool> {
    let name = dom.element(id)?.name;
    if name.ns != Namespace::Html || !END_RULES.iter().any(|(n, _)| *n == &*name.local) {
        return None;
    }
    let parent = dom.node(id).parent().and_then(|p| dom.element(p)).map(|e| e.name.as_ref());
    let next = match dom.node(id).next_sibling() {
        Some(n) => match dom.data(n) {
            NodeData::Element(e) => Some(Item::Start { name: e.name.as_ref(), start: 0, end: 0 }),
            NodeData::Text(t) => Some(Item::Text(t)),
            NodeData::Comment(c) => Some(Item::Comment(c)),
            NodeData::ProcessingInstruction { target, data } => Some(Item::Pi { target, data }),
            _ => None,
        },
        // "No more content in the parent element": the parent's end tag comes next.
        None => parent.map(|name| Item::End { name }),
    };
    Some(end_tag_omissible(&name.local, next.as_ref(), parent))
}

/// Whether the start tag (without attributes) of the HTML element `local` may be omitted,
/// `next` being its first child (or its own end tag when empty) and `omitted_before` the
/// element just before it whose end tag was omitted.
pub(super) fn start_tag_omissible(
    local: &str,
    next: Option<&Item<'_>>,
    omitted_before: Option<QualNameRef<'_>>,
) -> bool {
    let Some((_, rule)) = START_RULES.iter().find(|(n, _)| *n == local) else { return false };
    let empty = matches!(next, None | Some(Item::End { .. }));
    match rule {
        StartRule::FirstNotComment => !matches!(next, Some(Item::Comment(_))),
        StartRule::EmptyOrFirstIsElement => empty || matches!(next, Some(Item::Start { .. })),
        StartRule::EmptyOrFirstNotWsOrCommentExcept(except) => {
            empty
                || !(matches!(next, Some(Item::Comment(_)))
                    || next.is_some_and(Item::starts_with_ws)
                    || next.is_some_and(|n| n.is_html_start(except)))
        }
        StartRule::FirstIsUnlessAfterOmitted { first, after } => {
            next.is_some_and(|n| n.is_html_start(&[first]))
                && !omitted_before.is_some_and(|o| *o.ns == Namespace::Html && after.contains(&o.local))
        }
    }
}
