//! Case coverage: every (state, case) of every table is taken by some example or conformance
//! input. Fails listing each case no input reaches, as `spec/<machine>/tokenizer/<state>.ron
//! case #N (<label>)`, unless `tests/expectations/unreachable_cases.json` lists it with the
//! reason it cannot be reached by construction (a listed case that becomes reachable fails too).
//! A traced (state, case) that the machine's tables do not have fails as well: the path was
//! produced by some other machine's generated code.

use statemark_tests::trace::{MACHINES, case_labels, example_inputs, machine, record, suite_inputs};
use std::collections::{BTreeMap, BTreeSet};

fn main() {
    let path = statemark_tests::root().join("tests/expectations/unreachable_cases.json");
    let listed: BTreeMap<String, String> = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["cases"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|c| (c["case"].as_str().unwrap_or("").to_owned(), c["reason"].as_str().unwrap_or("").to_owned()))
        .collect();
    let mut all_ids = BTreeSet::new();
    let mut problems = Vec::new();
    let mut total = 0;
    for &name in MACHINES {
        let m = machine(name);
        let labels = case_labels(&m);
        let mut inputs = example_inputs(name, &m);
        let examples = inputs.len();
        match suite_inputs(name) {
            Some(more) => inputs.extend(more),
            None => eprintln!("coverage: {name} conformance suite missing, examples only"),
        }
        let mut seen: BTreeSet<(String, u16)> = BTreeSet::new();
        for inp in &inputs {
            match record(inp) {
                Ok(rec) => seen.extend(rec.path.into_iter().map(|(s, c)| (s.to_owned(), c))),
                Err(e) => problems.push(e),
            }
        }
        // A traced case the machine's tables do not have was produced by other code (another
        // machine's, or generated code stale against the tables).
        for (state, case) in &seen {
            if !labels.contains_key(&(state.clone(), *case)) {
                problems.push(format!("{name}: traced {state} case #{case}, which spec/{name}/ does not have"));
            }
        }
        let mut covered = 0;
        for ((state, case), label) in &labels {
            let id = format!("spec/{name}/tokenizer/{state}.ron case #{case} ({label})");
            all_ids.insert(id.clone());
            let hit = seen.contains(&(state.clone(), *case));
            match (hit, listed.get(&id)) {
                (true, None) => covered += 1,
                (true, Some(_)) => {
                    problems.push(format!("{id}: listed as unreachable but reached; remove it from {}", path.display()))
                }
                (false, Some(reason)) if !reason.is_empty() => {}
                (false, _) => problems.push(format!("{id}: not reached by any example or conformance input")),
            }
        }
        total += labels.len();
        println!(
            "{name} case coverage: {covered}/{} (state, case) pairs reached by {} inputs ({examples} examples)",
            labels.len(),
            inputs.len()
        );
    }
    for id in listed.keys() {
        if !all_ids.contains(id) {
            problems.push(format!("{id}: listed as unreachable but no such case"));
        }
    }
    for p in &problems {
        println!("UNCOVERED {p}");
    }
    println!(
        "coverage: {} passed, {} failed ({} listed unreachable)",
        total - problems.len(),
        problems.len(),
        listed.len()
    );
    if !problems.is_empty() {
        std::process::exit(1);
    }
}
