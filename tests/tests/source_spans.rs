//! Node source spans (`Dom::with_source_spans`) checked against the markup that made each node,
//! on every html5lib tree-construction input (documents and fragments): an element's span is its
//! start tag, a comment's, DOCTYPE's or processing instruction's is its markup, a Text node's
//! covers its characters; nodes made without markup have an empty span.

use statemark::dom::{Dom, NodeData, NodeId};
use statemark::html::{TreeOptions, parse_document_with_source_spans, parse_fragment_with_source_spans};
use statemark_tests::suite;
use statemark_tests::tree::{context_of, parse_dat};

fn check(input: &str, dom: &Dom, root: NodeId) -> Result<usize, String> {
    let mut checked = 0;
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        stack.extend(dom.children(n));
        if let Some(c) = dom.element(n).and_then(|e| e.template_contents) {
            stack.push(c);
        }
        let span = dom.source_span(n).ok_or("no span recorded")?;
        if span.end > input.len() || !input.is_char_boundary(span.start) || !input.is_char_boundary(span.end) {
            return Err(format!("{span:?} is not a span of the input"));
        }
        if span.is_empty() {
            // Made without markup: only elements, documents and fragments.
            match dom.data(n) {
                NodeData::Element(_) | NodeData::Document | NodeData::Fragment => continue,
                other => return Err(format!("{other:?} has an empty span")),
            }
        }
        let src = &input[span.start..span.end];
        let lower = src.to_ascii_lowercase();
        let ok = match dom.data(n) {
            // A token's span may begin with markup that made no token of its own (`]]>`, `</>`).
            NodeData::Element(e) => {
                lower.contains(&format!("<{}", e.name.local.to_ascii_lowercase()))
                    || (e.name.local == "img" && lower.contains("<image"))
            }
            NodeData::Comment(_) => src.contains("<!") || src.contains("</") || src.contains("<?"),
            NodeData::Doctype { .. } => lower.starts_with("<!doctype"),
            NodeData::ProcessingInstruction { .. } => src.starts_with("<?"),
            NodeData::Text(_) => true,
            NodeData::Document | NodeData::Fragment => true,
        };
        if !ok {
            return Err(format!("{:?} has span {span:?}: {src:?}", dom.data(n)));
        }
        checked += 1;
    }
    Ok(checked)
}

#[test]
fn every_node_points_at_its_markup() {
    let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let mut files: Vec<_> =
        std::fs::read_dir(dir.join("tree-construction")).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut cases, mut nodes, mut failed) = (0, 0, Vec::new());
    for f in files.iter().filter(|p| p.extension().is_some_and(|x| x == "dat")) {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        for case in parse_dat(&text) {
            let dom = match &case.fragment {
                None => parse_document_with_source_spans(&case.data, TreeOptions::default()),
                Some(c) => parse_fragment_with_source_spans(&case.data, &context_of(c), TreeOptions::default()),
            };
            // The same tree as without spans.
            let plain = match &case.fragment {
                None => statemark::html::parse_document(&case.data),
                Some(c) => statemark::html::parse_fragment(&case.data, &context_of(c)),
            };
            cases += 1;
            let same = dom.to_test_format() == plain.to_test_format();
            match check(&case.data, &dom, dom.root()) {
                Ok(n) if same => nodes += n,
                Ok(_) => failed.push(format!("{}#{}: tree differs with spans on", f.display(), case.index)),
                Err(e) => failed.push(format!("{}#{}: {e}", f.display(), case.index)),
            }
        }
    }
    println!("source spans: {} passed, {} failed ({nodes} nodes checked)", cases - failed.len(), failed.len());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The README's "where each node came from" on a 120k-element page (html-big's size): every
/// node's line and column from one [`LineIndex`], checked against one counting pass over the
/// input in offset order (what a line index must agree with, and what `position_of` per node
/// took minutes to redo from the start each time, issue 22).
#[test]
fn line_index_gives_every_node_its_line_and_column_on_a_large_page() {
    use statemark::LineIndex;
    let mut input = String::from("<!DOCTYPE html>\r\n<ul>\n");
    for i in 0..120_000 {
        input.push_str(["<li>é", "<b>x</b>\r\n", "<i>\u{10000}</i>", "<p class=a>\r"][i % 4]);
    }
    let dom = parse_document_with_source_spans(&input, TreeOptions::default());
    let index = LineIndex::new(&input);
    let mut starts: Vec<usize> = dom.node_ids().filter_map(|n| dom.source_span(n)).map(|s| s.start).collect();
    starts.sort_unstable();
    assert!(starts.len() > 240_000, "{} nodes", starts.len());
    // One pass, counted here: lines end at CR, LF or CRLF; columns count UTF-16 code units.
    let (mut line, mut column, mut at, mut after_cr) = (1, 1, 0, false);
    let bytes = input.as_bytes();
    for o in starts {
        while at < o {
            match bytes[at] {
                b'\n' if after_cr => after_cr = false,
                b @ (b'\n' | b'\r') => (line, column, after_cr) = (line + 1, 1, b == b'\r'),
                b => {
                    after_cr = false;
                    column += if b >= 0xF0 { 2 } else { usize::from(b & 0xC0 != 0x80) };
                }
            }
            at += 1;
        }
        let p = index.position(o);
        assert_eq!((p.offset, p.line, p.column), (o, line, column), "offset {o}");
    }
}
