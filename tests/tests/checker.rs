//! The authoring checker on every html5lib tree-construction input and every bench-corpus HTML
//! page: it never panics, every span lies on character boundaries inside the input, every code
//! is the spec's or declared in `RULES`, and every section is one of 13.1's. The tree checker
//! (`check_dom`) on the same inputs parsed: what 13.1 says markup cannot produce, it never finds.

use statemark::html::ParseError;
use statemark::html::check::{RULES, check, check_dom};
use statemark::html::tree::TreeErrorCode;
use statemark::html::{TreeOptions, parse_document_with_source_spans, parse_fragment_with_source_spans};
use statemark_tests::suite;
use statemark_tests::tree::{context_of, parse_dat};

/// Checks one input; returns how many findings, and how many of them are `end-tag-omitted`.
fn assert_sane(input: &str, what: &str) -> (usize, usize) {
    let found = check(input);
    for d in &found {
        assert!(d.span.start <= d.span.end && d.span.end <= input.len(), "{what}: {d:?}");
        assert!(input.is_char_boundary(d.span.start) && input.is_char_boundary(d.span.end), "{what}: {d:?}");
        assert!(d.section.starts_with("13.1"), "{what}: {d:?}");
        let known = RULES.iter().any(|r| r.code == d.code)
            || ParseError::ALL.iter().any(|e| e.code() == d.code)
            || TreeErrorCode::ALL.iter().any(|e| e.code() == d.code);
        assert!(known, "{what}: undeclared code {}", d.code);
    }
    (found.len(), found.iter().filter(|d| d.code == "end-tag-omitted").count())
}

/// `check_dom` on the parsed tree. "If a tr element is put inside a table in the markup, it will
/// in fact imply a tbody start tag before it" (13.1.2.5), and a void element's contents cannot be
/// written (13.1.2): no parse gives either. What else it finds (raw text holding its end tag,
/// comment text) only markup with errors gives: a document with such a finding has some from
/// `check` too. Spans are the nodes' source spans, inside the input.
fn tree_sane(input: &str, fragment: Option<&str>, what: &str) -> usize {
    let dom = match fragment {
        Some(c) => parse_fragment_with_source_spans(input, &context_of(c), TreeOptions::default()),
        None => parse_document_with_source_spans(input, TreeOptions::default()),
    };
    let found = check_dom(&dom);
    for d in &found {
        assert!(!matches!(d.code, "table-contains-tr" | "void-element-contents"), "{what}: {d:?}");
        assert!(RULES.iter().any(|r| r.code == d.code && r.section == d.section), "{what}: {d:?}");
        assert!(d.span.end <= input.len() && d.node.is_some(), "{what}: {d:?}");
    }
    if fragment.is_none() && !found.is_empty() {
        assert!(!check(input).is_empty(), "{what}: {found:?} with no finding in the markup");
    }
    found.len()
}

#[test]
fn tree_construction_inputs() {
    let Some(root) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let dir = root.join("tree-construction");
    let (mut n, mut tree_findings, mut omitted) = (0, 0, 0);
    for e in std::fs::read_dir(&dir).expect("tree-construction").filter_map(Result::ok) {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "dat") {
            for case in parse_dat(&std::fs::read_to_string(&p).expect("readable")) {
                let what = format!("{}: {:?}", p.display(), case.data);
                omitted += assert_sane(&case.data, &what).1;
                tree_findings += tree_sane(&case.data, case.fragment.as_deref(), &what);
                n += 1;
            }
        }
    }
    println!("checked {n} inputs, {omitted} end-tag-omitted; check_dom: {tree_findings} findings (raw text, comments)");
    assert!(n > 1000, "{n} cases");
}

#[test]
fn bench_corpus_pages() {
    let Some(root) = suite("STATEMARK_BENCH_HTML", "bench-corpus/html") else { return };
    let mut todo = vec![root];
    let (mut pages, mut findings, mut tree_findings) = (0, 0, 0);
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).expect("readable").filter_map(Result::ok) {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if let Ok(text) = std::fs::read_to_string(&p) {
                findings += assert_sane(&text, &p.display().to_string()).0;
                tree_findings += tree_sane(&text, None, &p.display().to_string());
                pages += 1;
            }
        }
    }
    println!("checked {pages} pages, {findings} findings; check_dom: {tree_findings} findings");
}
