//! One insta snapshot per spec state (`tests/snapshots/<machine>/<state>.snap`): for every
//! example in the state's RON file, the path through (state, case) with each case's spec label,
//! the tokens with spans and the errors with positions. A change to one table shows up in that
//! state's snapshot and in those whose examples pass through it.
//!
//! New or changed snapshots fail (under CI, and locally until reviewed with `cargo insta review`
//! or accepted with `INSTA_UPDATE=always`).

use libtest_mimic::{Arguments, Failed, Trial};
use statemark_tests::trace::{Input, MACHINES, case_labels, machine, record};
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn render(
    machine: &'static str,
    initial_state: &str,
    state_name: &str,
    examples: &[statemark_codegen::model::Example],
    labels: &BTreeMap<(String, u16), String>,
) -> String {
    let mut out = String::new();
    for (i, ex) in examples.iter().enumerate() {
        let initial = ex.initial_state.as_deref().unwrap_or(initial_state);
        let _ = writeln!(out, "example {}: {:?}", i + 1, ex.input);
        if ex.initial_state.is_some() || ex.last_start_tag.is_some() {
            let _ = writeln!(out, "  initial state: {initial}, last start tag: {:?}", ex.last_start_tag);
        }
        if let Some(flag) = &ex.content_model_flag {
            let _ = writeln!(out, "  content model flag: {flag}");
        }
        let inp = Input {
            machine,
            origin: String::new(),
            text: ex.input.clone(),
            state: initial.to_owned(),
            last_start_tag: ex.last_start_tag.clone(),
            content_model_flag: ex.content_model_flag.clone(),
        };
        // An unknown state or machine is an error, shown in the snapshot (which then fails).
        let rec = match record(&inp) {
            Ok(rec) => rec,
            Err(e) => {
                let _ = writeln!(out, "  ERROR: {e}\n");
                continue;
            }
        };
        let _ = writeln!(out, "  path:");
        let mut i = 0;
        while i < rec.path.len() {
            let (s, c) = rec.path[i];
            let mut n = 1;
            while i + n < rec.path.len() && rec.path[i + n] == (s, c) {
                n += 1;
            }
            let label = labels.get(&(s.to_owned(), c)).map(String::as_str).unwrap_or("?");
            let here = if s == state_name { "*" } else { " " };
            let times = if n > 1 { format!(" ×{n}") } else { String::new() };
            let _ = writeln!(out, "   {here} {s} #{c} {label}{times}");
            i += n;
        }
        let _ = writeln!(out, "  tokens:");
        for (t, span) in &rec.tokens {
            let _ = writeln!(out, "    {}..{} {t}", span.start, span.end);
        }
        if !rec.errors.is_empty() {
            let _ = writeln!(out, "  errors:");
            for (code, line, col, offset) in &rec.errors {
                let _ = writeln!(out, "    {line}:{col} (offset {offset}) {code}");
            }
        }
        out.push('\n');
    }
    out
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for &name in MACHINES {
        let m = machine(name);
        let labels = case_labels(&m);
        let snapshot_dir = statemark_tests::root().join("tests/snapshots").join(name);
        for (state, def) in &m.states {
            let text = render(name, &m.manifest.initial_state, state, &def.examples, &labels);
            let dir = snapshot_dir.clone();
            let state = state.clone();
            trials.push(Trial::test(format!("{name}::{state}"), move || {
                let mut settings = insta::Settings::clone_current();
                settings.set_snapshot_path(dir);
                settings.set_prepend_module_to_snapshot(false);
                settings.set_omit_expression(true);
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    settings.bind(|| insta::assert_snapshot!(state.as_str(), text))
                }));
                result.map_err(|e| {
                    let msg =
                        e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                    Failed::from(msg.unwrap_or_else(|| "snapshot mismatch".into()))
                })
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
