//! The numbers README.md, docs/maintaining.md and ARCHITECTURE.md quote (states, error codes, named references,
//! snapshots, (state, case) pairs) are derived here from `spec/` and the test tree, and each
//! quoted sentence must carry the derived number: a spec change that moves a count fails this
//! test until the docs say the new one.

use statemark_tests::trace::{case_labels, machine};
use std::collections::BTreeMap;

fn read(file: &str) -> String {
    std::fs::read_to_string(statemark_tests::root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// (state, case) pairs listed unreachable for a machine.
fn unreachable(name: &str) -> usize {
    let v: serde_json::Value = serde_json::from_str(&read("tests/expectations/unreachable_cases.json")).unwrap();
    v["cases"]
        .as_array()
        .map(|a| {
            a.iter().filter(|c| c["case"].as_str().is_some_and(|s| s.starts_with(&format!("spec/{name}/")))).count()
        })
        .unwrap_or(0)
}

#[test]
fn the_docs_quote_the_counts_spec_gives() {
    let mut n: BTreeMap<&str, usize> = BTreeMap::new();
    for name in ["html", "xml5", "html2017", "html2008"] {
        let m = machine(name);
        let cases = case_labels(&m).len();
        n.insert(Box::leak(format!("{name}.states").into_boxed_str()), m.states.len());
        n.insert(Box::leak(format!("{name}.errors").into_boxed_str()), m.errors.errors.len());
        n.insert(Box::leak(format!("{name}.cases").into_boxed_str()), cases);
        n.insert(Box::leak(format!("{name}.reached").into_boxed_str()), cases - unreachable(name));
    }
    let refs =
        read("spec/html/named_character_references.ron").lines().filter(|l| l.trim_start().starts_with("(\"")).count();
    n.insert("refs", refs);
    let snapshots = std::fs::read_dir(statemark_tests::root().join("tests/snapshots"))
        .unwrap()
        .flatten()
        .filter(|d| d.path().is_dir())
        .flat_map(|d| std::fs::read_dir(d.path()).unwrap().flatten())
        .filter(|f| f.path().extension().is_some_and(|x| x == "snap"))
        .filter(|f| !f.path().parent().is_some_and(|p| p.ends_with("spec_tools")))
        .count();
    n.insert("snapshots", snapshots);
    // The 12.2.4 edition's "Tokenizing character references" is an algorithm, not a state; so
    // is the 2008 draft's "Tokenising entities".
    n.insert("html2017.text_states", n["html2017.states"] - 1);
    n.insert("html2008.text_states", n["html2008.states"] - 1);
    let refs2008 = read("spec/html2008/entities.ron").lines().filter(|l| l.trim_start().starts_with("(\"")).count();
    n.insert("refs2008", refs2008);

    let claims: &[(&str, &str)] = &[
        ("README.md", "the {html.states} tokenizer states of the HTML living standard, the XML5 draft's {xml5.states}"),
        ("docs/maintaining.md", "the {html.states} tokenizer states of the HTML living standard"),
        ("docs/maintaining.md", "every one of the {xml5.states} states of the XML5 draft"),
        ("docs/maintaining.md", "{html2017.text_states} states and its character reference algorithm"),
        ("docs/maintaining.md", "`tests/snapshots/<machine>/` ({snapshots})"),
        (
            "docs/maintaining.md",
            "({html.reached}/{html.cases} for HTML, {xml5.reached}/{xml5.cases} for XML5, {html2017.reached}/{html2017.cases} for the 12.2.4 edition, {html2008.reached}/{html2008.cases} for the 2008 draft)",
        ),
        ("ARCHITECTURE.md", "one file per spec state ({html.states})"),
        ("ARCHITECTURE.md", "the {html.errors} parse-error codes"),
        ("ARCHITECTURE.md", "the {refs} named references"),
        ("ARCHITECTURE.md", "manifest, {xml5.states} states"),
        (
            "ARCHITECTURE.md",
            "{html2017.text_states} states + the character reference algorithm, {html2017.errors} error codes of ours",
        ),
        (
            "ARCHITECTURE.md",
            "the 2008-01-18 draft ({html2008.text_states} states + tokenising entities, its {refs2008}-name entities table",
        ),
        ("ARCHITECTURE.md", "{html2008.errors} error codes of ours; `README.md` says which schema"),
        (
            "docs/maintaining.md",
            "{html2008.text_states} states and its \"tokenising entities\" algorithm, its own {refs2008}-name",
        ),
    ];
    let mut wrong = Vec::new();
    for (file, template) in claims {
        let mut want = template.to_string();
        for (k, v) in &n {
            want = want.replace(&format!("{{{k}}}"), &v.to_string());
        }
        assert!(!want.contains('{'), "unknown count in {template:?}");
        let text = read(file).split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.contains(&want) {
            wrong.push(format!("{file} should say {want:?}"));
        }
    }
    println!("doc counts: {} passed, {} failed", claims.len() - wrong.len(), wrong.len());
    assert!(wrong.is_empty(), "the docs disagree with spec/:\n{}", wrong.join("\n"));
}
