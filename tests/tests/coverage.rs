//! Case coverage: every (state, case) of every table is taken by some example or conformance
//! input. Fails listing each case no input reaches, as `spec/<machine>/tokenizer/<state>.ron
//! case #N (<label>)`, unless `tests/expectations/unreachable_cases.json` lists it with the
//! reason it cannot be reached by construction (a listed case that becomes reachable fails too).

use statemark_tests::trace::{case_labels, example_inputs, html5lib_inputs, html_machine, record};
use std::collections::{BTreeMap, BTreeSet};

fn main() {
    let machine = html_machine();
    let labels = case_labels(&machine);
    let mut inputs = example_inputs(&machine);
    let examples = inputs.len();
    match html5lib_inputs() {
        Some(more) => inputs.extend(more),
        None => eprintln!("coverage: html5lib-tests missing, examples only"),
    }
    let mut seen: BTreeSet<(String, u16)> = BTreeSet::new();
    for inp in &inputs {
        let rec = record(&inp.text, inp.state, inp.last_start_tag.as_deref());
        for (s, c) in rec.path {
            seen.insert((s.name().to_owned(), c));
        }
    }
    let path = statemark_tests::root().join("tests/expectations/unreachable_cases.json");
    let listed: BTreeMap<String, String> = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["cases"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|c| (c["case"].as_str().unwrap_or("").to_owned(), c["reason"].as_str().unwrap_or("").to_owned()))
        .collect();
    let mut problems = Vec::new();
    let mut covered = 0;
    for ((state, case), label) in &labels {
        let id = format!("spec/html/tokenizer/{state}.ron case #{case} ({label})");
        let hit = seen.contains(&(state.clone(), *case));
        match (hit, listed.get(&id)) {
            (true, None) => covered += 1,
            (true, Some(_)) => problems.push(format!("{id}: listed as unreachable but reached; remove it from {}", path.display())),
            (false, Some(reason)) if !reason.is_empty() => {}
            (false, _) => problems.push(format!("{id}: not reached by any example or conformance input")),
        }
    }
    for id in listed.keys() {
        if !labels.iter().any(|((s, c), l)| &format!("spec/html/tokenizer/{s}.ron case #{c} ({l})") == id) {
            problems.push(format!("{id}: listed as unreachable but no such case"));
        }
    }
    println!(
        "html case coverage: {covered}/{} (state, case) pairs reached by {} inputs ({examples} examples), {} listed unreachable",
        labels.len(),
        inputs.len(),
        listed.len()
    );
    for p in &problems {
        println!("UNCOVERED {p}");
    }
    println!("coverage: {} passed, {} failed", labels.len() - problems.len(), problems.len());
    if !problems.is_empty() {
        std::process::exit(1);
    }
}
