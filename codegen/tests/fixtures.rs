//! Fixture machines for the generator itself: the valid `mini` machine's emitted Rust and lowering
//! as snapshots, and one broken copy of it per load or validation rule, whose messages are
//! snapshots too. A change to the generator is then reviewed as a diff of what it emits and says.
//!
//! `fixtures/base/mini/` is a whole spec machine. `fixtures/rules/<rule>/` holds only what differs
//! from it, laid out like the machine directory: a file there replaces (or adds) the file of the
//! same path, and an empty `<path>.delete` removes `<path>`. Keeping overlays this small is what
//! makes each rule's fixture say exactly which line breaks which rule.
//!
//! `fixtures/fused/tags/` is a second whole machine, shaped so that the fused fast path
//! (`codegen/src/fuse.rs`) applies: its lowering (with the fusion) and emitted Rust are snapshots.

use statemark_codegen::fuse::Next;
use statemark_codegen::lower::Lowered;
use statemark_codegen::lowered::{LArm, LBody, LBranch};
use statemark_codegen::model::Machine;
use statemark_codegen::{emit, load, lower, validate};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const MACHINE: &str = "mini";
const DELETE: &str = ".delete";

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The spec directory that holds the base machine (`<dir>/mini/`).
fn base_spec_dir() -> PathBuf {
    fixtures().join("base")
}

fn base_machine() -> Machine {
    match load::load_machine(&base_spec_dir(), MACHINE) {
        Ok(m) => m,
        Err(e) => panic!("the base fixture does not load:\n{}", e.join("\n")),
    }
}

/// Rule fixture names, sorted, so snapshots and failures come out in a stable order.
fn rules() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures().join("rules"))
        .expect("tests/fixtures/rules exists")
        .map(|e| e.expect("readable entry"))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().into_string().expect("UTF-8 rule name"))
        .collect();
    names.sort();
    names
}

/// Every file under `dir`, as paths relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![PathBuf::new()];
    while let Some(rel) = todo.pop() {
        for e in std::fs::read_dir(dir.join(&rel)).expect("readable fixture dir") {
            let e = e.expect("readable entry");
            let p = rel.join(e.file_name());
            if e.file_type().expect("file type").is_dir() {
                todo.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A fresh temporary spec directory per call: the tests run in parallel threads and may build the
/// same rule at once.
fn scratch_dir(rule: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("statemark-codegen-fixture-{}-{n}-{rule}", std::process::id()))
}

/// Base plus the rule's overlay, loaded and validated: every message the generator prints.
fn rule_messages(rule: &str) -> Vec<String> {
    let overlay = fixtures().join("rules").join(rule);
    let spec = scratch_dir(rule);
    let machine_dir = spec.join(MACHINE);
    let base = base_spec_dir().join(MACHINE);
    for rel in files_under(&base) {
        let to = machine_dir.join(&rel);
        std::fs::create_dir_all(to.parent().expect("has a parent")).expect("create scratch dir");
        std::fs::copy(base.join(&rel), to).expect("copy base file");
    }
    for rel in files_under(&overlay) {
        let name = rel.to_str().expect("UTF-8 path");
        if let Some(target) = name.strip_suffix(DELETE) {
            // A marker for a file base does not have would silently test nothing.
            assert!(base.join(target).is_file(), "{rule}: {name} deletes {target}, which base does not have");
            std::fs::remove_file(machine_dir.join(target)).expect("delete base file");
        } else {
            let to = machine_dir.join(&rel);
            std::fs::create_dir_all(to.parent().expect("has a parent")).expect("create scratch dir");
            std::fs::copy(overlay.join(&rel), to).expect("copy overlay file");
        }
    }
    let messages = match load::load_machine(&spec, MACHINE) {
        Ok(m) => validate::validate(&m),
        Err(e) => e,
    };
    let _ = std::fs::remove_dir_all(&spec);
    messages
}

#[test]
fn base_machine_is_valid() {
    assert_eq!(validate::validate(&base_machine()), Vec::<String>::new());
}

#[test]
fn base_machine_emits() {
    let m = base_machine();
    let rust = emit::emit_machine(&m, &lower::lower(&m)).expect("the base fixture emits");
    insta::assert_snapshot!("emitted_mini", rust);
}

#[test]
fn base_machine_lowers() {
    let m = base_machine();
    insta::assert_snapshot!("lowered_mini", lowering_summary(&lower::lower(&m)));
}

fn tags_machine() -> Machine {
    match load::load_machine(&fixtures().join("fused"), "tags") {
        Ok(m) => m,
        Err(e) => panic!("the tags fixture does not load:\n{}", e.join("\n")),
    }
}

#[test]
fn tags_machine_is_valid() {
    assert_eq!(validate::validate(&tags_machine()), Vec::<String>::new());
}

#[test]
fn tags_machine_lowers_with_a_fused_path() {
    let lowered = lower::lower(&tags_machine());
    let fusion = lowered.fusion.as_ref().expect("the tags fixture has a fused path");
    // The derivation's decisions, stated here as well as in the snapshot: the text state's `<`
    // enters, and the text state is fused too (the emitting cases go on there); the tag name
    // state's uppercase case (it stays in a scanning state) and every error case are not links;
    // the attribute value state's `&` (an error) falls back.
    let states: Vec<&str> = fusion.states.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        states,
        [
            "text_state",
            "tag_open_state",
            "tag_name_state",
            "before_attribute_name_state",
            "attribute_name_state",
            "attribute_value_state"
        ]
    );
    assert_eq!(fusion.entry("text_state", 1), Some("tag_open_state"));
    let tag_name = &fusion.states[2];
    assert!(tag_name.links.iter().all(|l| !l.bytes.iter().any(u8::is_ascii_uppercase)), "{tag_name:?}");
    let value = &fusion.states[5];
    assert!(value.links.iter().all(|l| !l.bytes.contains(&b'&')), "{value:?}");
    insta::assert_snapshot!("lowered_tags", lowering_summary(&lowered));
}

#[test]
fn tags_machine_emits_its_fused_path() {
    let m = tags_machine();
    let rust = emit::emit_machine(&m, &lower::lower(&m)).expect("the tags fixture emits");
    assert!(rust.contains("fn fused_path(&mut self, mut at: State) -> Step"), "no fused path emitted");
    // The entry: the text state's `<` case continues in the fused path.
    assert!(rust.contains("self.fused_path(State::TagOpenState)"), "the entry does not call the fused path");
    // After a token the path goes back to the text state (the emitting links' one target)
    // through the `home` flag, not through the dispatch on `at`.
    assert!(rust.contains("if home {\n                break 'text_state;"), "no test of `home` ahead of the dispatch");
    assert!(!rust.contains("at = State::TextState;"), "a link back to the text state goes through the dispatch");
    insta::assert_snapshot!("emitted_tags", rust);
}

#[test]
fn every_rule_fixture_reports_something() {
    let silent: Vec<String> = rules().into_iter().filter(|r| rule_messages(r).is_empty()).collect();
    assert!(silent.is_empty(), "rule fixtures that produce no message: {silent:?}");
}

#[test]
fn rule_fixture_messages() {
    let rules = rules();
    assert!(!rules.is_empty(), "no rule fixtures found");
    // Every rule gets its own snapshot checked even when an earlier one fails, so one run shows
    // (and, with INSTA_UPDATE, writes) every changed message.
    let mut failed = Vec::new();
    for rule in &rules {
        let text = rule_messages(rule).join("\n");
        let mut settings = insta::Settings::clone_current();
        settings.set_description(format!("tests/fixtures/rules/{rule}: {}", overlay_summary(rule)));
        settings.set_omit_expression(true);
        let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(rule.as_str(), text));
        }));
        if ok.is_err() {
            failed.push(rule.clone());
        }
    }
    assert!(failed.is_empty(), "rule snapshots that differ: {failed:?}");
}

#[test]
fn no_snapshot_outlives_its_fixture() {
    // insta never deletes a snapshot; a renamed or removed rule would leave one behind unchecked.
    let rules = rules();
    let mut stale = Vec::new();
    for e in
        std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")).expect("snapshots dir")
    {
        let name = e.expect("readable entry").file_name().into_string().expect("UTF-8 name");
        let Some(snap) = name.strip_prefix("fixtures__").and_then(|n| n.strip_suffix(".snap")) else { continue };
        if !["emitted_mini", "lowered_mini", "emitted_tags", "lowered_tags"].contains(&snap)
            && !rules.iter().any(|r| r == snap)
        {
            stale.push(name);
        }
    }
    assert!(stale.is_empty(), "snapshots without a rule fixture: {stale:?}");
}

/// What a rule's overlay touches, for the snapshot header.
fn overlay_summary(rule: &str) -> String {
    files_under(&fixtures().join("rules").join(rule))
        .iter()
        .map(|p| {
            let p = p.to_string_lossy().replace('\\', "/");
            match p.strip_suffix(DELETE) {
                Some(t) => format!("deletes {t}"),
                None => format!("overlays {p}"),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What lowering derived, state by state: scans and their stop sets, then each arm with its
/// resolved bytes and branches (exit actions attached, AsAnythingElse and guard fall-through
/// resolved), so a change to lowering is a readable diff rather than only a change in emitted code.
fn lowering_summary(l: &Lowered) -> String {
    let mut out = String::new();
    if let Some(f) = &l.fusion {
        let _ = writeln!(out, "fused path");
        for e in &f.entries {
            let _ = writeln!(out, "  entry: {} case #{} continues in {}", e.state, e.case, e.target);
        }
        for s in &f.states {
            let _ = writeln!(out, "  {}", s.name);
            for link in &s.links {
                let next = match &link.next {
                    Next::Continue(t) => format!("continue in {t}"),
                    Next::Exit => "run the case and return".to_owned(),
                    Next::Emit(t) => format!("run the case, then go on in {t} if run on"),
                };
                let _ = writeln!(out, "    case #{} on {}: {next}", link.case, bytes(&link.bytes));
            }
        }
    }
    for st in &l.states {
        let kind = match st.body {
            LBody::Consume { .. } => "consume next",
            LBody::Lookahead { .. } => "lookahead",
            LBody::HandWritten => "hand-written",
            LBody::Branch { .. } => "branch",
        };
        let _ = writeln!(out, "{} ({}, {kind})", st.name, st.variant);
        match &st.scan {
            Some(s) => {
                let _ = writeln!(out, "  scan: {:?}, stop at {}", s.verb, bytes(&s.stop));
            }
            None => {
                let _ = writeln!(out, "  scan: none");
            }
        }
        body_summary(&mut out, &st.body);
    }
    out
}

fn body_summary(out: &mut String, body: &LBody) {
    match body {
        LBody::Consume { arms, lookaheads, anything_else } => {
            arms.iter().for_each(|a| arm(out, "arm", a));
            lookaheads.iter().for_each(|a| arm(out, "lookahead", a));
            anything_else.iter().for_each(|a| arm(out, "anything else", a));
        }
        LBody::Lookahead { arms, anything_else } => {
            arms.iter().for_each(|a| arm(out, "lookahead", a));
            arm(out, "anything else", anything_else);
        }
        LBody::HandWritten => {}
        LBody::Branch { branches } => {
            for (guard, b) in branches {
                match guard {
                    Some(g) => {
                        let _ = writeln!(out, "  branch if {g:?}:");
                    }
                    None => {
                        let _ = writeln!(out, "  branch otherwise:");
                    }
                }
                body_summary(out, b);
            }
        }
    }
}

fn arm(out: &mut String, kind: &str, a: &LArm) {
    let mut on = Vec::new();
    if !a.bytes.is_empty() {
        on.push(bytes(&a.bytes));
    }
    if a.eof {
        on.push("EOF".into());
    }
    if let Some((s, ci)) = &a.lookahead {
        on.push(format!("{s:?}{}", if *ci { " (ASCII case-insensitive)" } else { "" }));
    }
    if on.is_empty() {
        on.push("everything else".into());
    }
    let _ = writeln!(out, "  {kind} case #{} ({}): on {}", a.number, a.label, on.join(" | "));
    match (&a.guard, &a.otherwise) {
        (Some(g), Some(o)) => {
            let _ = writeln!(out, "    if {g:?}: {}", branch(&a.then));
            let _ = writeln!(out, "    else (case #{}): {}", a.otherwise_number, branch(o));
        }
        (Some(g), None) => {
            let _ = writeln!(out, "    if {g:?}: {}", branch(&a.then));
        }
        (None, _) => {
            let _ = writeln!(out, "    {}", branch(&a.then));
        }
    }
}

fn branch(b: &LBranch) -> String {
    let acts: Vec<String> = b.actions.iter().map(|a| format!("{a:?}")).collect();
    format!("do [{}] then {:?}", acts.join(", "), b.terminal)
}

/// Bytes as the spec names them, contiguous runs folded into ranges.
fn bytes(bs: &[u8]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < bs.len() {
        let start = bs[i];
        while i + 1 < bs.len() && bs[i + 1] == bs[i] + 1 {
            i += 1;
        }
        let end = bs[i];
        parts.push(match end - start {
            0 => format!("{:?}", start as char),
            1 => format!("{:?} {:?}", start as char, end as char),
            _ => format!("{:?}..={:?}", start as char, end as char),
        });
        i += 1;
    }
    parts.join(" ")
}
