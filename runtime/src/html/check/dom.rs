//! The rules of 13.1 that a tree can break but markup cannot: a [`Dom`] built or edited by a
//! program may hold what no HTML markup writes (a `tr` child of a `table`, a `script` whose
//! text holds `</script>`, a `br` with children, a comment holding `-->`). Written out, such a
//! tree either breaks 13.1 or parses back as a different tree; [`check_dom`] says where.

use super::{Diagnostic, Severity, raw_text_end_tag, rule};
use crate::Span;
use crate::dom::{Dom, Namespace, NodeData, NodeId};
use crate::html::serialize::is_void_element;

/// Check a tree against the rules of 13.1 (spec: #writing) that are about what an element or
/// comment may contain: 13.1.2.5's `table` without `tr` children (`table-contains-tr`), 13.1.2's
/// void elements without contents (`void-element-contents`), 13.1.2.6's raw text without its
/// own end tag (`raw-text-contains-end-tag`), and 13.1.6's comment text
/// (`comment-text-not-allowed`). Template contents are checked too. Findings come in tree order,
/// each naming its node; a span is the node's source span when the tree has them
/// ([`Dom::with_source_spans`]), else empty at 0.
///
/// A tree parsed from markup never breaks the first three (the parser implies a `tbody`, a void
/// element gets no children, a raw text element ends at its end tag); [`check`](super::check)
/// is the checker for markup, this one for trees a program made.
///
/// ```
/// use statemark::html::check::check_dom;
/// use statemark::html::parse_document;
///
/// let mut dom = parse_document("<table><tr><td>x</table>");
/// assert_eq!(check_dom(&dom), []);
/// // Move the row up into the table itself, as a script might.
/// let find = |dom: &statemark::dom::Dom, name: &str| {
///     dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == name)).unwrap()
/// };
/// let (table, tr) = (find(&dom, "table"), find(&dom, "tr"));
/// dom.insert_child(table, None, tr).unwrap();
/// let d = check_dom(&dom);
/// assert_eq!((d[0].code, d[0].section, d[0].node), ("table-contains-tr", "13.1.2.5", Some(tr)));
/// ```
pub fn check_dom(dom: &Dom) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // Roots still to walk: the tree's, then each template's contents as they are met.
    let mut roots = vec![dom.root()];
    while let Some(root) = roots.pop() {
        for id in dom.descendants(root) {
            match dom.data(id) {
                NodeData::Element(e) => {
                    roots.extend(e.template_contents);
                    if e.name.ns != Namespace::Html {
                        continue;
                    }
                    let local = &*e.name.local;
                    if local == "table" {
                        for c in dom.children(id) {
                            if dom.element(c).is_some_and(|c| c.name.ns == Namespace::Html && &*c.name.local == "tr") {
                                report(dom, &mut out, c, "table-contains-tr", "a table must not contain tr elements: written out, a tbody would be implied around it".into());
                            }
                        }
                    } else if is_void_element(local) && dom.node(id).first_child().is_some() {
                        report(
                            dom,
                            &mut out,
                            id,
                            "void-element-contents",
                            format!("{local} is a void element: its contents cannot be written (it has no end tag)"),
                        );
                    } else if matches!(local, "script" | "style") {
                        let text: String = dom.children(id).filter_map(|c| dom.text(c)).collect();
                        if raw_text_end_tag(&text, local).is_some() {
                            report(
                                dom,
                                &mut out,
                                id,
                                "raw-text-contains-end-tag",
                                format!(
                                    "the text of this {local} element contains \"</{local}\" followed by a delimiter: written out, it would end the element there"
                                ),
                            );
                        }
                    }
                }
                NodeData::Comment(text) => {
                    if let Some(why) = comment_text_fault(text) {
                        report(dom, &mut out, id, "comment-text-not-allowed", format!("this comment's text {why}"));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

fn report(dom: &Dom, out: &mut Vec<Diagnostic>, node: NodeId, code: &'static str, message: String) {
    let span = dom.source_span(node).unwrap_or(Span::new(0, 0));
    out.push(Diagnostic {
        code,
        section: rule(code).section,
        span,
        severity: Severity::Error,
        message,
        node: Some(node),
    });
}

/// 13.1.6 (spec: #comments): "the text must not start with the string ">", nor start with the
/// string "->", nor contain the strings "<!--", "-->", or "--!>", nor end with the string
/// "<!-"". Markup cannot break it without a tokenizer error; a tree can.
fn comment_text_fault(text: &str) -> Option<&'static str> {
    if text.starts_with('>') {
        Some("starts with \">\"")
    } else if text.starts_with("->") {
        Some("starts with \"->\"")
    } else if text.contains("<!--") {
        Some("contains \"<!--\"")
    } else if text.contains("-->") {
        Some("contains \"-->\"")
    } else if text.contains("--!>") {
        Some("contains \"--!>\"")
    } else if text.ends_with("<!-") {
        Some("ends with \"<!-\"")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::{Attrs, QualNameRef};
    use crate::html::{Context, parse_document, parse_document_with_source_spans, parse_fragment};

    fn find(dom: &Dom, local: &str) -> NodeId {
        let mut roots = vec![dom.root()];
        while let Some(r) = roots.pop() {
            for n in dom.descendants(r) {
                if let Some(e) = dom.element(n) {
                    if &*e.name.local == local {
                        return n;
                    }
                    roots.extend(e.template_contents);
                }
            }
        }
        panic!("no {local}")
    }

    fn codes(dom: &Dom) -> Vec<&'static str> {
        check_dom(dom).iter().map(|d| d.code).collect()
    }

    fn html(dom: &mut Dom, local: &str) -> NodeId {
        dom.create_element(QualNameRef::new(&Namespace::Html, local), Attrs::owned(&[]))
    }

    #[test]
    fn parsed_trees_have_no_findings() {
        // The spec's own reason: a tr put inside a table in the markup implies a tbody.
        let dom = parse_document("<table><tr><td>a</td></tr></table><br><script>a='</scr'+'ipt>'</script><!--c-->");
        assert_eq!(codes(&dom), Vec::<&str>::new());
        assert_eq!(codes(&parse_fragment("<tr><td>x", &Context::html("table"))), Vec::<&str>::new());
        // Inside a template a tr is allowed without a table.
        assert_eq!(codes(&parse_document("<template><tr><td>x</td></tr></template>")), Vec::<&str>::new());
    }

    #[test]
    fn table_contains_tr_13_1_2_5() {
        let mut dom = parse_document_with_source_spans("<table><tbody><tr><td>x</table>", Default::default());
        let (table, tr) = (find(&dom, "table"), find(&dom, "tr"));
        dom.insert_child(table, None, tr).unwrap();
        let d = check_dom(&dom);
        assert_eq!(d.iter().map(|d| (d.code, d.section)).collect::<Vec<_>>(), [("table-contains-tr", "13.1.2.5")]);
        // The span is the row's start tag, where it came from.
        assert_eq!((d[0].span.start, d[0].span.end), (14, 18));
        // An SVG tr, or a tr under a tbody, is not the rule's.
        let mut dom = parse_document("<table></table>");
        let table = find(&dom, "table");
        let svg_tr = dom.create_element(QualNameRef::new(&Namespace::Svg, "tr"), Attrs::owned(&[]));
        dom.insert_child(table, None, svg_tr).unwrap();
        assert_eq!(codes(&dom), Vec::<&str>::new());
        // In template contents too.
        let mut dom = parse_document("<template><table></table></template>");
        let (table, tr) = (find(&dom, "table"), html(&mut dom, "tr"));
        dom.insert_child(table, None, tr).unwrap();
        assert_eq!(codes(&dom), ["table-contains-tr"]);
    }

    #[test]
    fn void_element_contents_13_1_2() {
        let mut dom = parse_document("<p><br></p>");
        let br = find(&dom, "br");
        let t = dom.create_text("lost");
        dom.insert_child(br, None, t).unwrap();
        let d = check_dom(&dom);
        assert_eq!((d[0].code, d[0].section, d[0].node), ("void-element-contents", "13.1.2", Some(br)));
        assert_eq!(d[0].span, Span::new(0, 0));
    }

    #[test]
    fn raw_text_13_1_2_6() {
        for (text, bad) in [
            ("a</script>", true),
            ("a</SCRIPT/", true),
            ("a</script\n", true),
            ("a</scripts>", false),
            ("a</script", false),
            ("a<\\/script>", false),
        ] {
            let mut dom = parse_document("<script></script>");
            let script = find(&dom, "script");
            dom.set_text_content(script, text);
            assert_eq!(codes(&dom), if bad { vec!["raw-text-contains-end-tag"] } else { vec![] }, "{text:?}");
        }
        // Escapable raw text is escaped when written ("&lt;/textarea>"): a tree can hold it.
        let mut dom = parse_document("<textarea></textarea>");
        let ta = find(&dom, "textarea");
        dom.set_text_content(ta, "</textarea>");
        assert_eq!(codes(&dom), Vec::<&str>::new());
    }

    #[test]
    fn comment_text_13_1_6() {
        for (text, bad) in [
            ("a - b", false),
            ("My favorite operators are > and <!", false),
            ("<!-", true),
            (">x", true),
            ("->x", true),
            ("a<!--b", true),
            ("a-->b", true),
            ("a--!>b", true),
            ("x<!-", true),
            ("x<!", false),
        ] {
            let mut dom = parse_document("<p></p>");
            let (p, c) = (find(&dom, "p"), dom.create_comment(text));
            dom.insert_child(p, None, c).unwrap();
            assert_eq!(codes(&dom), if bad { vec!["comment-text-not-allowed"] } else { vec![] }, "{text:?}");
        }
    }
}
