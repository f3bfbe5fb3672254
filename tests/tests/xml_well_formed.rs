//! `Dom::to_xml_well_formed` over every xml5lib tree case, every document of
//! `../shared/bench-corpus/xml` and every html5lib tree-construction input parsed as XML5 (odd
//! names galore): it either refuses with a rule (counted per rule) or writes text that the
//! independent checker (`statemark_tests::xml_wf`, XML 1.0 + Namespaces productions) accepts,
//! equal to `to_xml`'s, and that parses back to the same tree (prefixes included). A refusal
//! whose `to_xml` text the checker accepts anyway fails the run unless its rule is about what
//! the text would mean rather than its syntax (a prefix bound to another namespace, PI data
//! whose leading white space readers drop); those are counted as "well-formed as written".

use statemark::xml5::serialize::{XmlRule, XmlSerializeError};
use statemark_tests::tree::{parse_dat, parse_xml5_dat, xml_dump};
use statemark_tests::xml_wf::check_document;
use statemark_tests::{files_under, read_lossy, suite};
use std::collections::BTreeMap;

#[derive(Default)]
struct Tally {
    /// Written, accepted by the checker, round-tripped.
    written: usize,
    /// Refused, by rule; and of those, how many `to_xml` texts the checker accepts anyway.
    refused: BTreeMap<XmlRule, (usize, usize)>,
    failed: usize,
}

fn run(t: &mut Tally, failures: &mut Vec<String>, key: &str, input: &str) {
    let dom = statemark::xml5::parse(input);
    match dom.to_xml_well_formed() {
        Err(XmlSerializeError { node, rule, .. }) => {
            let accepted = check_document(&dom.to_xml()).is_ok();
            if node.index() >= dom.node_count() {
                t.failed += 1;
                failures.push(format!("{key}: error names node {} of {}", node.index(), dom.node_count()));
            } else if accepted && !matches!(rule, XmlRule::NamespaceMismatch | XmlRule::PiDataSpace) {
                t.failed += 1;
                failures.push(format!("{key}: refused by {rule:?} but the checker accepts to_xml: {input:.200?}"));
            } else {
                let entry = t.refused.entry(rule).or_default();
                entry.0 += 1;
                entry.1 += usize::from(accepted);
            }
        }
        Ok(s) => {
            if s != dom.to_xml() {
                t.failed += 1;
                failures.push(format!("{key}: to_xml_well_formed differs from to_xml"));
            } else if let Err(e) = check_document(&s) {
                t.failed += 1;
                failures.push(format!("{key}: output not well-formed: {e}\n  output: {s:.400?}"));
            } else if xml_dump(&statemark::xml5::parse(&s)) != xml_dump(&dom) {
                t.failed += 1;
                failures.push(format!("{key}: output parses to another tree\n  output: {s:.400?}"));
            } else {
                t.written += 1;
            }
        }
    }
}

fn main() {
    let mut failures = Vec::new();
    let mut tallies: Vec<(&str, Tally)> = Vec::new();
    if let Some(root) = suite("XML5LIB_TESTS", "xml5lib-tests") {
        let mut t = Tally::default();
        let mut files: Vec<_> = files_under(&root.join("tree-construction"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|x| x == "dat"))
            .collect();
        files.push(root.join("legacy-annevk-xml5/tree-construction1"));
        for p in files {
            let file = p.file_name().unwrap_or_default().to_string_lossy().into_owned();
            for (i, (data, _)) in parse_xml5_dat(&read_lossy(&p)).into_iter().enumerate() {
                run(&mut t, &mut failures, &format!("xml5lib-tree | {file} | {}", i + 1), &data);
            }
        }
        tallies.push(("xml5lib-tree", t));
    }
    if let Some(root) = suite("STATEMARK_BENCH_XML", "bench-corpus/xml") {
        let mut t = Tally::default();
        for p in files_under(&root) {
            let rel = p.strip_prefix(&root).unwrap_or(&p).to_string_lossy().into_owned();
            run(&mut t, &mut failures, &format!("xml-corpus | {rel}"), &read_lossy(&p));
        }
        tallies.push(("xml-corpus", t));
    }
    if let Some(root) = suite("HTML5LIB_TESTS", "html5lib-tests") {
        let mut t = Tally::default();
        let dir = root.join("tree-construction");
        for p in files_under(&dir).into_iter().filter(|p| p.extension().is_some_and(|x| x == "dat")) {
            let file = p.strip_prefix(&dir).unwrap_or(&p).to_string_lossy().into_owned();
            for case in parse_dat(&read_lossy(&p)) {
                run(&mut t, &mut failures, &format!("html5lib-tree-as-xml5 | {file} | {}", case.index), &case.data);
            }
        }
        tallies.push(("html5lib-tree-as-xml5", t));
    }

    let show: usize = std::env::var("STATEMARK_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    for f in failures.iter().take(show) {
        println!("FAIL {f}");
    }
    let mut failed = false;
    for (name, t) in &tallies {
        let refused: usize = t.refused.values().map(|v| v.0).sum();
        let rules: Vec<String> = t
            .refused
            .iter()
            .map(
                |(r, (n, wf))| {
                    if *wf > 0 { format!("{r:?} {n} ({wf} well-formed as written)") } else { format!("{r:?} {n}") }
                },
            )
            .collect();
        println!("xml well-formed {name}: {} written and checked, {refused} refused: {}", t.written, rules.join(", "));
        println!("xml well-formed {name}: {} passed, {} failed", t.written + refused, t.failed);
        failed |= t.failed > 0;
    }
    if failed {
        std::process::exit(1);
    }
}
