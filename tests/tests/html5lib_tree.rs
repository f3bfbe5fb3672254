//! Tree construction conformance: html5lib-tests `tree-construction/` (scripted/ included) and
//! the newer web-platform-tests copies in `wpt-html-parsing/`, each case in each scripting mode
//! it names (both when it names none), comparing the serialized tree exactly. Cases where a
//! test predates the 2026-08-21 spec are listed in
//! `tests/expectations/html5lib_tree.json` with the tree the spec gives, a reason and a spec
//! anchor; a listed case that matches upstream again, or stops matching its entry, fails.
//! Our own cases in the same format live in `tests/data/tree/` (suite name `statemark`).
//!
//! Parse errors: each run is parsed again with errors collected (the tree must not change), and
//! the number of errors (tokenizer and tree construction) is compared with the number of lines
//! of the case's `#errors` section (not `#new-errors`: see `TreeCase::new_errors`). Only
//! counts are compared: error lines are free text.
//! Reviewed differences are in `tests/expectations/html5lib_tree_errors.json` (our count, a
//! reason citing a spec anchor); a listed run that matches, or whose count changes, fails. Our
//! own `.dat` cases do not record errors and are not counted.

use serde_json::{Value, json};
use statemark_tests::expectations::{self, Expectations, text_or_lines};
use statemark_tests::suite;
use statemark_tests::tree::{TreeCase, dat_files, parse_dat, run_tree_case, run_tree_case_with_errors};
use std::path::Path;

fn key(suite: &str, file: &str, data: &str, fragment: Option<&str>, scripting: bool) -> String {
    format!(
        "{suite} | {file} | {data:?} | {} | script-{}",
        fragment.unwrap_or("#document"),
        if scripting { "on" } else { "off" }
    )
}

/// An entry's run key.
fn entry_key(e: &Value) -> String {
    key(
        e["suite"].as_str().unwrap(),
        e["file"].as_str().unwrap(),
        e["data"].as_str().unwrap(),
        e["fragment"].as_str(),
        e["scripting"].as_bool().unwrap(),
    )
}

/// Every reason cites a spec anchor.
fn cites_anchor(reason: &str) -> bool {
    reason.contains('#')
}

fn load_expectations() -> Expectations<String> {
    // The recorded decisions about the spec's element lists: each must cite an anchor.
    for l in expectations::read("html5lib_tree.json")["lists"].as_array().expect("lists array") {
        assert!(l["anchor"].as_str().is_some_and(|a| a.starts_with('#')), "list entry without anchor: {l}");
        assert!(l["reason"].as_str().is_some_and(|r| !r.is_empty()), "list entry without reason: {l}");
    }
    Expectations::load("html5lib_tree.json", entry_key, |e| text_or_lines(&e["output"], &entry_key(e)), cites_anchor)
}

#[derive(Default)]
struct Tally {
    cases_passed: usize,
    cases_failed: usize,
    runs_passed: usize,
    runs_failed: usize,
    expected: usize,
    /// Error counts, per case (a case passes when every run's count matches or is reviewed).
    err_cases_passed: usize,
    err_cases_failed: usize,
    err_runs_reviewed: usize,
    /// Runs whose count is the `#errors` count.
    err_runs_errors: usize,
    /// Unreviewed runs with more errors than the suite expects, and with fewer.
    err_runs_more: usize,
    err_runs_fewer: usize,
}

/// Reviewed error-count differences: the count we give, and why the spec gives it.
fn load_error_expectations() -> Expectations<usize> {
    Expectations::load(
        "html5lib_tree_errors.json",
        entry_key,
        |e| e["count"].as_u64().unwrap_or_else(|| panic!("{}: count", entry_key(e))) as usize,
        cites_anchor,
    )
}

/// Compare one run's error count with the case's; returns whether it passes. `entry` is the
/// run's key fields, kept (with our count) for an unreviewed mismatch.
#[allow(clippy::too_many_arguments)]
fn check_errors(
    k: &str,
    mut entry: Value,
    case: &TreeCase,
    got: &[statemark::html::HtmlError],
    reviewed: &mut Expectations<usize>,
    tally: &mut Tally,
    failures: &mut Vec<String>,
    mismatches: &mut Vec<(String, Value)>,
) -> bool {
    let want = case.errors.len();
    let listed: Vec<String> = got.iter().map(|e| e.to_string()).collect();
    let matches = got.len() == want;
    match reviewed.check(k, &got.len(), matches) {
        Some(verdict) => {
            tally.err_runs_reviewed += 1;
            if let Err(message) = &verdict {
                failures.push(format!("{message}\n  (error count; ours: {listed:?})"));
            }
            verdict.is_ok()
        }
        None if matches => {
            tally.err_runs_errors += 1;
            true
        }
        None => {
            if got.len() > want {
                tally.err_runs_more += 1;
            } else {
                tally.err_runs_fewer += 1;
            }
            let text = format!(
                "{k}\n  errors: want {want}, got {}\n  suite: {:?}, #new-errors {:?}\n  ours:  {listed:?}",
                got.len(),
                case.errors,
                case.new_errors
            );
            entry["count"] = json!(got.len());
            entry["ours"] = json!(listed);
            mismatches.push((text, entry));
            false
        }
    }
}

fn run_one(case: &TreeCase, scripting: bool) -> Result<String, String> {
    std::panic::catch_unwind(|| run_tree_case(case, scripting)).map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

struct Checks<'a> {
    expectations: &'a mut Expectations<String>,
    error_expectations: &'a mut Expectations<usize>,
    failures: &'a mut Vec<String>,
    /// Unreviewed error-count mismatches (each fails the run), and their entries for review.
    mismatches: &'a mut Vec<(String, Value)>,
    dump: &'a mut Vec<Value>,
}

fn run_suite(name: &str, dir: &Path, count_errors: bool, c: &mut Checks<'_>) -> Tally {
    let Checks { expectations, error_expectations, failures, mismatches, dump } = c;
    let files = dat_files(dir);
    let mut tally = Tally::default();
    for path in &files {
        let file = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (mut fp, mut ff) = (0, 0);
        let (mut ep, mut ef) = (0, 0);
        for case in parse_dat(&text) {
            let mut ok = true;
            let mut errors_ok = true;
            for scripting in case.modes() {
                let k = key(name, &file, &case.data, case.fragment.as_deref(), scripting);
                let got = run_one(&case, scripting);
                if count_errors && let Ok(tree) = &got {
                    let (tree_e, errors) = run_tree_case_with_errors(&case, scripting);
                    if tree_e != *tree {
                        failures.push(format!("{k}\n  collecting errors changed the tree:\n{tree_e}"));
                        ok = false;
                    }
                    let entry = json!({
                        "suite": name, "file": file, "data": case.data, "fragment": case.fragment,
                        "scripting": scripting,
                    });
                    errors_ok &=
                        check_errors(&k, entry, &case, &errors, error_expectations, &mut tally, failures, mismatches);
                }
                let verdict = got.as_ref().ok().and_then(|got| expectations.check(&k, got, *got == case.document));
                let pass = match (&got, verdict) {
                    (Err(panic), _) => {
                        failures.push(format!("{k}\n  PANIC: {panic}"));
                        false
                    }
                    (Ok(_), Some(verdict)) => {
                        tally.expected += 1;
                        if let Err(message) = &verdict {
                            failures.push(message.clone());
                        }
                        verdict.is_ok()
                    }
                    (Ok(got), None) => {
                        if *got == case.document {
                            true
                        } else {
                            failures.push(format!("{k}\n  want:\n{}  got:\n{}", case.document, got));
                            dump.push(json!({
                                "suite": name, "file": file, "index": case.index, "data": case.data,
                                "fragment": case.fragment, "scripting": scripting,
                                "output": got.lines().collect::<Vec<_>>(),
                                "upstream": case.document.lines().collect::<Vec<_>>(),
                            }));
                            false
                        }
                    }
                };
                if pass {
                    tally.runs_passed += 1;
                } else {
                    tally.runs_failed += 1;
                    ok = false;
                }
            }
            if ok {
                tally.cases_passed += 1;
                fp += 1;
            } else {
                tally.cases_failed += 1;
                ff += 1;
            }
            if count_errors {
                if errors_ok {
                    tally.err_cases_passed += 1;
                    ep += 1;
                } else {
                    tally.err_cases_failed += 1;
                    ef += 1;
                }
            }
        }
        println!("{name} {file}: {fp} passed, {ff} failed");
        if count_errors {
            println!("{name} {file} error counts: {ep} passed, {ef} failed");
        }
    }
    tally
}

fn main() {
    let mut expectations = load_expectations();
    let mut error_expectations = load_error_expectations();
    let mut failures = Vec::new();
    let mut mismatches = Vec::new();
    let mut dump = Vec::new();
    let mut summaries = Vec::new();
    let mut any_failed = false;
    let mut ran: Vec<&str> = Vec::new();
    let suites = [
        ("html5lib", suite("HTML5LIB_TESTS", "html5lib-tests").map(|d| d.join("tree-construction"))),
        ("wpt", suite("WPT_HTML_PARSING", "wpt-html-parsing")),
        // Our own cases, in the same format: behaviour the suites above do not pin down.
        ("statemark", Some(statemark_tests::root().join("tests/data/tree"))),
    ];
    for (name, dir) in suites {
        let Some(dir) = dir else { continue };
        ran.push(name);
        let count_errors = name != "statemark";
        let mut checks = Checks {
            expectations: &mut expectations,
            error_expectations: &mut error_expectations,
            failures: &mut failures,
            mismatches: &mut mismatches,
            dump: &mut dump,
        };
        let t = run_suite(name, &dir, count_errors, &mut checks);
        // An error count that differs from the suite's, unreviewed, or from its reviewed entry
        // (or a reviewed one that now matches) fails the run like a tree does.
        any_failed |= t.cases_failed > 0 || t.err_cases_failed > 0;
        if count_errors {
            summaries.push(format!(
                "{name} tree-construction error counts: {} passed, {} failed (runs: {} match #errors, {} reviewed; unreviewed: {} with more errors than the suite, {} with fewer)",
                t.err_cases_passed,
                t.err_cases_failed,
                t.err_runs_errors,
                t.err_runs_reviewed,
                t.err_runs_more,
                t.err_runs_fewer,
            ));
        }
        summaries.push(format!(
            "{name} tree-construction: {} passed, {} failed ({} runs: {} passed, {} failed; {} runs checked against reviewed expectations)",
            t.cases_passed,
            t.cases_failed,
            t.runs_passed + t.runs_failed,
            t.runs_passed,
            t.runs_failed,
            t.expected
        ));
    }
    // Entries of a suite that was not found locally are not checked (under CI it must exist).
    let ran_suite = |k: &str| ran.iter().any(|name| k.starts_with(&format!("{name} | ")));
    let unseen: Vec<String> =
        expectations.unseen_where(ran_suite).into_iter().chain(error_expectations.unseen_where(ran_suite)).collect();
    any_failed |= !unseen.is_empty();
    failures.extend(unseen);
    if let Ok(p) = std::env::var("STATEMARK_DUMP_FAILURES") {
        std::fs::write(&p, serde_json::to_string_pretty(&dump).unwrap()).unwrap();
    }
    let show: usize = std::env::var("STATEMARK_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    for f in failures.iter().take(show) {
        println!("FAIL {f}");
    }
    for (m, _) in mismatches.iter().take(show) {
        println!("FAIL {m}");
    }
    if let Ok(p) = std::env::var("STATEMARK_DUMP_ERROR_MISMATCHES") {
        let entries: Vec<&Value> = mismatches.iter().map(|(_, e)| e).collect();
        std::fs::write(&p, serde_json::to_string_pretty(&entries).unwrap()).unwrap();
    }
    for s in &summaries {
        println!("{s}");
    }
    println!("{} expectation entries, {} reviewed error-count entries", expectations.len(), error_expectations.len());
    if any_failed {
        std::process::exit(1);
    }
}
