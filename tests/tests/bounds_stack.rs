//! The stack bound (issue 22): no operation recurses on input-controlled depth. Each runs on a
//! 10^6-deep tree in a thread with a 256 KiB stack, in whatever profile the tests are built in
//! (the debug build's frames are the large ones). What still recurses is on [`ALLOWED`], named,
//! with the issue that removes it.

use statemark::dom::{Dom, Selector};
use statemark::html::serialize::SerializeOptions;
use statemark::html::tree::Context;
use statemark::html::{TreeOptions, check, parse_document, parse_fragment};

/// The depth every operation must survive.
const DEPTH: usize = 1_000_000;

/// The stack each operation gets.
const STACK: usize = 256 * 1024;

/// Operations that still recurse on input depth, not run here (each fails the 256 KiB thread by
/// aborting the process, which a test cannot catch): the lead empties this when the fix lands.
/// (Issue 22 item 7, selector parsing nested `:is(`/`:not(` recursively, was here; selector
/// text nested past `dom::MAX_NESTING` is now refused before the parsers recurse, tested in a
/// 256 KiB stack by `dom::select`'s own tests.)
pub const ALLOWED: &[(&str, &str)] = &[];

/// Runs `f` in a thread with [`STACK`] bytes of stack; a stack overflow aborts the test binary.
fn small_stack<T: Send + 'static>(name: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .name(name.to_owned())
        .stack_size(STACK)
        .spawn(f)
        .unwrap_or_else(|e| panic!("{name}: spawning: {e}"))
        .join()
        .unwrap_or_else(|_| panic!("{name}: panicked"))
}

fn nested(open: &str, close: &str, text: &str) -> String {
    let mut s = String::with_capacity((open.len() + close.len()) * DEPTH + text.len());
    for _ in 0..DEPTH {
        s.push_str(open);
    }
    s.push_str(text);
    for _ in 0..DEPTH {
        s.push_str(close);
    }
    s
}

fn depth(dom: &Dom) -> usize {
    // Deepest text node's ancestor count, by walking parents (no recursion here either).
    let mut max = 0;
    for n in dom.descendants(dom.document()) {
        if dom[n].is_text() {
            let mut d = 0;
            let mut cur = dom[n].parent();
            while let Some(p) = cur {
                d += 1;
                cur = dom[p].parent();
            }
            max = max.max(d);
        }
    }
    max
}

#[test]
fn html_operations_on_a_million_deep_tree_fit_in_256_kib() {
    let input = nested("<div>", "</div>", "x");
    small_stack("html", move || {
        let dom = parse_document(&input);
        // html, body, the divs: the text is below all of them.
        assert!(depth(&dom) >= DEPTH, "depth {}", depth(&dom));
        let html = dom.to_html();
        assert_eq!(html.matches("<div>").count(), DEPTH);
        let round = dom.to_html_with(&SerializeOptions::round_trip());
        assert_eq!(round.len(), html.len());
        let lib = dom.to_html_with(&SerializeOptions::html5lib());
        assert!(lib.matches("<div>").count() == DEPTH);
        // Not `to_test_format`: its output indents by depth (quadratic in bytes by design).
        let copy = dom.clone();
        assert_eq!(copy.node_count(), dom.node_count());
        drop(copy);
        assert!(dom.text_content(dom.document()) == "x");
        let findings = statemark::html::check::check_dom(&dom);
        assert!(findings.len() < 10, "{} findings", findings.len());
        // Selectors whose matching stops at the parent (the others are quadratic on this
        // tree, issue 22 item 6; their stack use is the same walk).
        for css in ["div div", "div > div", "div:first-child", ":not(p) > div"] {
            let sel = Selector::parse(css).unwrap_or_else(|e| panic!("{css}: {e:?}"));
            assert!(dom.select(&sel).count() >= DEPTH - 1, "{css}");
        }
        drop(dom);
    });
}

#[test]
fn check_on_a_million_deep_document_fits_in_256_kib() {
    let input = format!("<!DOCTYPE html><title>t</title>{}", nested("<div>", "</div>", "x"));
    small_stack("check", move || {
        let findings = check(&input);
        assert!(findings.len() < 10, "{} findings", findings.len());
    });
}

#[test]
fn unclosed_and_foreign_nesting_fit_in_256_kib() {
    let unclosed = "<div>".repeat(DEPTH);
    let foreign = format!("<svg>{}", "<g>".repeat(DEPTH));
    let formatting = "<b><i>".repeat(DEPTH / 2);
    small_stack("unclosed", move || {
        for input in [&unclosed, &foreign, &formatting] {
            let statemark::Parsed { dom, errors } = statemark::html::parse_with_errors(input, TreeOptions::default());
            assert!(!errors.is_empty());
            assert!(dom.to_html().len() >= input.len());
            let _ = dom.clone();
        }
        let frag = parse_fragment(&unclosed, &Context::html("td"));
        assert!(frag.to_html().len() > unclosed.len());
    });
}

#[test]
fn xml5_operations_on_a_million_deep_tree_fit_in_256_kib() {
    let input = nested("<a>", "</a>", "x");
    small_stack("xml5", move || {
        let dom = statemark::xml5::parse(&input);
        assert!(depth(&dom) >= DEPTH);
        let xml = dom.to_xml();
        assert_eq!(xml.matches("<a>").count(), DEPTH);
        assert!(dom.to_xml_well_formed().is_ok());
        let copy = dom.clone();
        drop(dom);
        assert_eq!(copy.to_xml().len(), xml.len());
    });
}

#[test]
fn the_allow_list_names_its_issue() {
    for (what, why) in ALLOWED {
        assert!(why.contains("issue 22"), "{what}: {why}");
    }
}
