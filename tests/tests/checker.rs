//! The authoring checker on every html5lib tree-construction input and every bench-corpus HTML
//! page: it never panics, every span lies on character boundaries inside the input, every code
//! is the spec's or declared in `RULES`, and every section is one of 13.1's.

use statemark::html::ParseError;
use statemark::html::check::{RULES, check};
use statemark::html::tree::TreeErrorCode;
use statemark_tests::suite;
use statemark_tests::tree::parse_dat;

fn assert_sane(input: &str, what: &str) -> usize {
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
    found.len()
}

#[test]
fn tree_construction_inputs() {
    let Some(root) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let dir = root.join("tree-construction");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("tree-construction").filter_map(Result::ok) {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "dat") {
            for case in parse_dat(&std::fs::read_to_string(&p).expect("readable")) {
                assert_sane(&case.data, &format!("{}: {:?}", p.display(), case.data));
                n += 1;
            }
        }
    }
    assert!(n > 1000, "{n} cases");
}

#[test]
fn bench_corpus_pages() {
    let Some(root) = suite("STATEMARK_BENCH_HTML", "bench-corpus/html") else { return };
    let mut todo = vec![root];
    let (mut pages, mut findings) = (0, 0);
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).expect("readable").filter_map(Result::ok) {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if let Ok(text) = std::fs::read_to_string(&p) {
                findings += assert_sane(&text, &p.display().to_string());
                pages += 1;
            }
        }
    }
    println!("checked {pages} pages, {findings} findings");
}
