//! Round trips: for every document of `../shared/bench-corpus/html` (and `html-big`) and every
//! html5lib-tests tree-construction case and web-platform-tests copy (documents, and fragments
//! in their context, in each scripting mode), `parse(serialize(parse(x)))` must equal `parse(x)`
//! compared in the html5lib tree format; the same for XML5 over `bench-corpus/xml` and the
//! xml5lib tree cases (plus element and attribute prefixes). HTML is written with
//! `SerializeOptions::round_trip()`: the spec's algorithm plus DOCTYPE identifiers, U+000D as `&#13;`, a
//! quirks-mode DOCTYPE that forces quirks again, and the
//! `pre`/`textarea`/`listing` leading newline, which the algorithm itself does not round-trip;
//! the corpora also with every optional tag omitted (13.1.2.4).
//! Trees the algorithm cannot round-trip by the spec's own account are listed in
//! `tests/expectations/round_trip.json` with our serialization and the sentence.

use statemark::html::serialize::{SerializeOptions, write_children_in};
use statemark::html::{TreeOptions, parse_document_with, parse_fragment_with};
use statemark_tests::expect::{Expectations, Outcome};
use statemark_tests::tree::{context_of, parse_dat, parse_xml5_dat, xml_dump};
use statemark_tests::{files_under, read_lossy, suite};
use std::path::{Path, PathBuf};

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    expected: usize,
}

struct Run {
    exp: Expectations,
    failures: Vec<String>,
    /// Unlisted failures as expectation entries to review (`STATEMARK_DUMP_FAILURES`).
    dump: Vec<serde_json::Value>,
}

impl Run {
    fn check(&mut self, tally: &mut Tally, key: &str, serialized: &str, before: &str, after: &str) {
        match self.exp.check(key, serialized, before == after, before) {
            Outcome::Pass => tally.passed += 1,
            Outcome::Expected => {
                tally.passed += 1;
                tally.expected += 1;
            }
            Outcome::Fail(msg) => {
                tally.failed += 1;
                self.dump.push(serde_json::json!({ "key": key, "output": serialized }));
                let shown = if before.len() + after.len() > 4000 {
                    "(trees too large to show)".to_owned()
                } else {
                    format!("  after:\n{after}")
                };
                self.failures.push(format!(
                    "{}\n  serialized: {:.400?}\n{shown}",
                    msg.lines().next().unwrap_or(""),
                    serialized
                ));
            }
        }
    }
}

fn html_doc(run: &mut Run, tally: &mut Tally, key: &str, input: &str, scripting: bool) {
    let opts = SerializeOptions { scripting, ..SerializeOptions::round_trip() };
    html_doc_with(run, tally, key, input, &opts);
}

fn html_doc_with(run: &mut Run, tally: &mut Tally, key: &str, input: &str, opts: &SerializeOptions) {
    let options = TreeOptions::with_scripting(opts.scripting);
    let dom = parse_document_with(input, options);
    let html = dom.to_html_with(opts);
    let again = parse_document_with(&html, options);
    run.check(tally, key, &html, &dom.to_test_format(), &again.to_test_format());
}

fn main() {
    let mut run = Run {
        exp: Expectations::load("round_trip.json", |e| e["key"].as_str().unwrap_or("").to_owned()),
        failures: Vec::new(),
        dump: Vec::new(),
    };
    let mut summaries = Vec::new();
    let mut ran: Vec<&str> = Vec::new();

    // HTML: the bench corpus.
    for (name, var, dir) in [
        ("html-corpus", "STATEMARK_BENCH_HTML", "bench-corpus/html"),
        ("html-big", "STATEMARK_BENCH_HTML_BIG", "bench-corpus/html-big"),
    ] {
        let Some(root) = suite(var, dir) else { continue };
        ran.push(name);
        let mut t = Tally::default();
        // Real pages also round-trip with every optional tag left out (13.1.2.4 assumes a
        // conforming document; the tree suites' trees mostly are not, so they are not run so).
        let omit_name = if name == "html-big" { "html-big-omit" } else { "html-corpus-omit" };
        ran.push(omit_name);
        let omit = SerializeOptions { omit_optional_tags: true, ..SerializeOptions::round_trip() };
        let mut o = Tally::default();
        for p in files_under(&root) {
            let rel = p.strip_prefix(&root).unwrap_or(&p).to_string_lossy().into_owned();
            let text = read_lossy(&p);
            html_doc(&mut run, &mut t, &format!("{name} | {rel}"), &text, true);
            html_doc_with(&mut run, &mut o, &format!("{omit_name} | {rel}"), &text, &omit);
        }
        summaries.push((name, t));
        summaries.push((omit_name, o));
    }

    // HTML: html5lib-tests tree construction, and the newer web-platform-tests copies.
    for (name, var, dir) in
        [("html5lib-tree", "HTML5LIB_TESTS", "html5lib-tests"), ("wpt-tree", "WPT_HTML_PARSING", "wpt-html-parsing")]
    {
        let Some(root) = suite(var, dir) else { continue };
        ran.push(name);
        let dir = if name == "html5lib-tree" { root.join("tree-construction") } else { root };
        summaries.push((name, tree_cases(&mut run, name, &dir)));
    }

    // XML5: the bench corpus and the xml5lib tree cases.
    if let Some(root) = suite("STATEMARK_BENCH_XML", "bench-corpus/xml") {
        ran.push("xml-corpus");
        let mut t = Tally::default();
        for p in files_under(&root) {
            let rel = p.strip_prefix(&root).unwrap_or(&p).to_string_lossy().into_owned();
            xml_doc(&mut run, &mut t, &format!("xml-corpus | {rel}"), &read_lossy(&p));
        }
        summaries.push(("xml-corpus", t));
    }
    if let Some(root) = suite("XML5LIB_TESTS", "xml5lib-tests") {
        ran.push("xml5lib-tree");
        let mut t = Tally::default();
        let mut files: Vec<PathBuf> = files_under(&root.join("tree-construction"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|x| x == "dat"))
            .collect();
        files.push(root.join("legacy-annevk-xml5/tree-construction1"));
        for p in files {
            let file = p.file_name().unwrap_or_default().to_string_lossy().into_owned();
            for (i, (data, _)) in parse_xml5_dat(&read_lossy(&p)).into_iter().enumerate() {
                xml_doc(&mut run, &mut t, &format!("xml5lib-tree | {file} | {}", i + 1), &data);
            }
        }
        summaries.push(("xml5lib-tree", t));
    }

    let stale = run.exp.unseen(|k| ran.iter().any(|r| k.starts_with(&format!("{r} | "))));
    let show: usize = std::env::var("STATEMARK_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    for f in run.failures.iter().chain(&stale).take(show) {
        println!("FAIL {f}");
    }
    if let Ok(p) = std::env::var("STATEMARK_DUMP_FAILURES") {
        std::fs::write(&p, serde_json::to_string_pretty(&run.dump).unwrap_or_default()).unwrap_or_default();
    }
    let mut failed = !stale.is_empty();
    for (name, t) in &summaries {
        println!(
            "round trip {name}: {} passed, {} failed ({} checked against reviewed expectations)",
            t.passed, t.failed, t.expected
        );
        failed |= t.failed > 0;
    }
    if failed {
        std::process::exit(1);
    }
}

/// Every case of every `.dat` file under `dir`, documents and fragments, in each scripting mode.
fn tree_cases(run: &mut Run, name: &str, dir: &Path) -> Tally {
    let mut t = Tally::default();
    for p in files_under(dir).into_iter().filter(|p| p.extension().is_some_and(|x| x == "dat")) {
        let file = p.strip_prefix(dir).unwrap_or(&p).to_string_lossy().into_owned();
        for case in parse_dat(&read_lossy(&p)) {
            for scripting in case.modes() {
                let key = format!("{name} | {file} | {} | script-{}", case.index, if scripting { "on" } else { "off" });
                let Some(ctx) = case.fragment.as_deref() else {
                    html_doc(run, &mut t, &key, &case.data, scripting);
                    continue;
                };
                let context = context_of(ctx);
                let options = TreeOptions::with_scripting(scripting);
                let dom = parse_fragment_with(&case.data, &context, options);
                let opts = SerializeOptions { scripting, ..SerializeOptions::round_trip() };
                // The fragment's children, written as the context element's inner HTML.
                let html = write_children_in(&dom, dom.root(), Some(context.name.as_ref()), &opts, String::new())
                    .unwrap_or_default();
                let again = parse_fragment_with(&html, &context, options);
                run.check(&mut t, &key, &html, &dom.to_test_format(), &again.to_test_format());
            }
        }
    }
    t
}

fn xml_doc(run: &mut Run, tally: &mut Tally, key: &str, input: &str) {
    let dom = statemark::xml5::parse(input);
    let xml = dom.to_xml();
    let again = statemark::xml5::parse(&xml);
    run.check(tally, key, &xml, &xml_dump(&dom), &xml_dump(&again));
}
