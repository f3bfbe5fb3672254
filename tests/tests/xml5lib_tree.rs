//! xml5lib-tests tree construction (36 cases, `{namespace}prefix:local` format) and the legacy
//! annevk/xml5 set (31 cases, `<qname> (prefix, local, namespace)` format), parsed with
//! `statemark::xml5::parse` and compared as trees. Cases where a suite and the 2016 draft (or
//! statemark's recorded decisions) disagree are in `tests/expectations/xml5lib_tree.json` with
//! the reason; a listed case that starts matching upstream fails the run.

use serde_json::Value;
use statemark::dom::{Dom, Namespace, NodeData, NodeId};
use statemark_tests::suite;
use statemark_tests::tree::parse_xml5_dat as parse_dat;
use std::collections::BTreeMap;

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Xml5lib,
    Legacy,
}

fn split_qname(name: &str) -> (&str, &str) {
    name.split_once(':').filter(|(p, l)| !p.is_empty() && !l.is_empty()).unwrap_or(("", name))
}

/// `prefix:local`, or `local` without a prefix.
fn qualified(prefix: Option<&str>, local: &str) -> String {
    match prefix {
        Some(p) => format!("{p}:{local}"),
        None => local.to_owned(),
    }
}

/// One element or attribute line: `before`, the name, `after`, with the namespace as each
/// format writes it (xml5lib: `{ns}` before the name unless empty; legacy: `(prefix, local,
/// ns)` at the end).
fn named(format: Format, before: &str, ns: &str, qname: &str, after: &str) -> String {
    match format {
        Format::Xml5lib if ns.is_empty() => format!("{before}{qname}{after}"),
        Format::Xml5lib => format!("{before}{{{ns}}}{qname}{after}"),
        Format::Legacy => {
            let (p, l) = split_qname(qname);
            format!("{before}{qname}{after} ({p}, {l}, {ns})")
        }
    }
}

/// The tree below the document in a suite's format, without recursion.
fn serialize(dom: &Dom, format: Format) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut stack: Vec<(NodeId, usize)> = dom.children(dom.document()).map(|c| (c, 0)).collect();
    stack.reverse();
    while let Some((id, depth)) = stack.pop() {
        let pad = format!("| {}", "  ".repeat(depth));
        match dom.data(id) {
            NodeData::Element(e) => {
                let qname = qualified(e.name.prefix.as_deref(), &e.name.local);
                lines.push(named(format, &format!("{pad}<"), e.name.ns.url(), &qname, ">"));
                let mut attrs: Vec<(String, String, String, String)> = e
                    .attrs()
                    .map(|a| {
                        let qn = qualified(a.name.prefix, a.name.local);
                        (a.name.ns.url().to_owned(), a.name.local.to_string(), qn, a.value.to_owned())
                    })
                    .collect();
                if format == Format::Xml5lib {
                    attrs.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
                }
                for (ns, _, qn, value) in attrs {
                    lines.push(named(format, &format!("{pad}  "), &ns, &qn, &format!("=\"{value}\"")));
                }
                let start = stack.len();
                stack.extend(dom.children(id).map(|c| (c, depth + 1)));
                stack[start..].reverse();
            }
            NodeData::Text(t) => lines.push(format!("{pad}\"{t}\"")),
            NodeData::Comment(c) => lines.push(format!("{pad}<!-- {c} -->")),
            NodeData::ProcessingInstruction { target, data } => lines.push(format!("{pad}<?{target} {data}?>")),
            NodeData::Doctype { name, public_id, system_id } => {
                if public_id.is_empty() && system_id.is_empty() {
                    lines.push(format!("{pad}<!DOCTYPE {name}>"));
                } else {
                    lines.push(format!("{pad}<!DOCTYPE {name} \"{public_id}\" \"{system_id}\">"));
                }
            }
            NodeData::Document | NodeData::Fragment => lines.push(format!("{pad}#fragment")),
        }
    }
    let _ = Namespace::None;
    lines.join("\n")
}

fn main() {
    let Some(dir) = suite("XML5LIB_TESTS", "xml5lib-tests") else { return };
    let exp_path = statemark_tests::root().join("tests/expectations/xml5lib_tree.json");
    let exp: Value = serde_json::from_str(&std::fs::read_to_string(&exp_path).expect("expectations")).expect("json");
    let mut expected: BTreeMap<String, (String, String, bool)> = BTreeMap::new();
    for e in exp["cases"].as_array().expect("cases") {
        let key = format!("{} | {:?}", e["file"].as_str().unwrap(), e["data"].as_str().unwrap());
        let reason = e["reason"].as_str().unwrap_or("").to_owned();
        assert!(reason.contains('#') || reason.contains("README"), "{key}: the reason must cite the draft");
        expected.insert(key, (e["tree"].as_str().unwrap_or("").to_owned(), reason, false));
    }
    let mut sets: Vec<(String, std::path::PathBuf, Format)> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir.join("tree-construction"))
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "dat"));
    files.sort();
    for f in files {
        sets.push(("xml5lib".into(), f, Format::Xml5lib));
    }
    sets.push(("legacy".into(), dir.join("legacy-annevk-xml5/tree-construction1"), Format::Legacy));
    let mut totals: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut dump = Vec::new();
    for (suite_name, path, format) in &sets {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (mut fp, mut ff) = (0, 0);
        for (data, want) in parse_dat(&text) {
            let dom = statemark::xml5::parse(&data);
            let got = serialize(&dom, *format);
            let key = format!("{name} | {data:?}");
            let ok = match expected.get_mut(&key) {
                Some(e) => {
                    e.2 = true;
                    if got == want {
                        failures.push(format!("{key}: listed in expectations ({}) but now matches upstream", e.1));
                        false
                    } else {
                        e.0 == got
                    }
                }
                None => got == want,
            };
            if ok {
                fp += 1;
            } else {
                ff += 1;
                dump.push(serde_json::json!({"file": name, "data": data, "tree": got, "upstream": want}));
                failures.push(format!("{key}\n--- want\n{want}\n--- got\n{got}"));
            }
        }
        println!("{suite_name} {name}: {fp} passed, {ff} failed");
        let t = totals.entry(suite_name.clone()).or_default();
        t.0 += fp;
        t.1 += ff;
    }
    for (k, e) in &expected {
        if !e.2 {
            failures.push(format!("{k}: listed in expectations but no such case"));
            totals.entry("expectations".into()).or_default().1 += 1;
        }
    }
    if let Ok(p) = std::env::var("STATEMARK_DUMP_FAILURES") {
        std::fs::write(p, serde_json::to_string_pretty(&dump).unwrap()).unwrap();
    }
    for f in failures.iter().take(30) {
        println!("FAIL {f}");
    }
    let mut failed = 0;
    for (s, (p, f)) in &totals {
        println!("xml5 tree construction, {s}: {p} passed, {f} failed");
        failed += f;
    }
    println!("{} expectation entries", expected.len());
    if failed > 0 {
        std::process::exit(1);
    }
}
