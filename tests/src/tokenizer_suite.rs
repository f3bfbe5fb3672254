//! The one runner of the html5lib-format tokenizer suites (html5lib-tests, xml5lib-tests, and
//! the 2017-04 and 2007-09 html5lib-tests for the older editions): every test × every start
//! (initial state or content model flag), tokens compared with adjacent characters merged,
//! errors compared as the suite gives them, the reviewed expectations file applied, and
//! `N passed, N failed` printed per file and per suite. What differs between machines is only
//! a [`SuiteMachine`]: how to run it and how its suite states errors.
//!
//! Error forms: today's suite gives `errors` objects (code, line, column); the older suites and
//! xml5lib give `"ParseError"` markers between the tokens, compared by count and by place (the
//! number of tokens other than characters before each; characters are split around markers in
//! the suite and merged here), or by count only where the suite says `ignoreErrorOrder` or the
//! machine says its suite's places mean nothing ([`SuiteMachine::PLACES`]).

use crate::expectations::Expectations;
use crate::{merge_characters, suite, unescape, unescape_value};
use serde_json::{Value, json};

/// A run's errors in the suite's form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Errors {
    /// (code, line, column), in order.
    Coded(Vec<(String, usize, usize)>),
    /// For each error, the number of non-character tokens before it.
    Placed(Vec<usize>),
}

impl Errors {
    /// The errors as an expectations file writes them: objects with code, line and col, or a
    /// count.
    pub fn to_json(&self) -> Value {
        match self {
            Errors::Coded(v) => v.iter().map(|(c, l, col)| json!({"code": c, "line": l, "col": col})).collect(),
            Errors::Placed(p) => json!(p.len()),
        }
    }

    fn count(&self) -> usize {
        match self {
            Errors::Coded(v) => v.len(),
            Errors::Placed(p) => p.len(),
        }
    }
}

/// What a run gives (or the suite wants), in the suite's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Tokens in the suite's JSON form, adjacent characters merged.
    pub tokens: Vec<Value>,
    pub errors: Errors,
}

impl Outcome {
    /// From tokens with `"ParseError"` markers between them (a suite's output list, or the
    /// events a recording sink saw in order).
    pub fn from_events(events: &[Value]) -> Self {
        let mut tokens = Vec::new();
        let mut places = Vec::new();
        let mut structural = 0;
        for t in events {
            if t == "ParseError" {
                places.push(structural);
            } else {
                if t[0] != "Character" {
                    structural += 1;
                }
                tokens.push(t.clone());
            }
        }
        Outcome { tokens: merge_characters(tokens), errors: Errors::Placed(places) }
    }
}

/// A machine as its html5lib-format tokenizer suite sees it.
pub trait SuiteMachine {
    /// The suite's name in the report (`html5lib tokenizer`).
    const LABEL: &'static str;
    /// (environment variable, directory under `../shared`) of the suite; its `tokenizer/`
    /// folder is read.
    const SUITE: (&'static str, &'static str);
    /// The reviewed expectations file under `tests/expectations/`.
    const EXPECTATIONS: &'static str;
    /// Whether the suite's errors are `errors` objects with codes (else `"ParseError"` markers).
    const CODED: bool;
    /// With markers: whether their places are compared (else the count only).
    const PLACES: bool = true;

    /// Run `input` starting from `start` (an initial state or a content model flag, as the
    /// suite names it).
    fn run(input: &str, start: &str, last_start_tag: Option<&str>) -> Outcome;

    /// The starts a test asks for; default: its `initialStates`, else the data state.
    fn starts(test: &Value) -> Vec<String> {
        test["initialStates"]
            .as_array()
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
            .unwrap_or_else(|| vec!["Data state".to_owned()])
    }

    /// A suite token as this machine's runs are compared with it (default: as is).
    fn expected_token(token: &Value) -> Value {
        token.clone()
    }

    /// The key that names a run in the expectations file.
    fn key(file: &str, description: &str, input: &str, start: &str) -> String {
        format!("{file} | {description} | {input:?} | {start}")
    }

    /// Whether an entry's reason cites the text it follows.
    fn cites(reason: &str) -> bool;
}

/// What an entry says the text gives: the tokens and the errors (as [`Errors::to_json`]).
type Given = (Vec<Value>, Value);

fn load_expectations<M: SuiteMachine>() -> Expectations<Given> {
    Expectations::load(
        M::EXPECTATIONS,
        |e| {
            let s = |f: &str| e[f].as_str().unwrap_or_default().to_owned();
            M::key(&s("file"), &s("description"), &s("input"), &s("initial_state"))
        },
        |e| (e["output"].as_array().cloned().unwrap_or_default(), e["errors"].clone()),
        M::cites,
    )
}

/// The suite's own answer for a test.
fn wanted<M: SuiteMachine>(test: &Value, output: &Value) -> Outcome {
    let events: Vec<Value> = output.as_array().map(|a| a.iter().map(M::expected_token).collect()).unwrap_or_default();
    let from_markers = Outcome::from_events(&events);
    if !M::CODED {
        return from_markers;
    }
    let coded = test["errors"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    (
                        e["code"].as_str().unwrap_or("").to_owned(),
                        e["line"].as_u64().unwrap_or(0) as usize,
                        e["col"].as_u64().unwrap_or(0) as usize,
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Outcome { tokens: from_markers.tokens, errors: Errors::Coded(coded) }
}

fn same<M: SuiteMachine>(got: &Outcome, want: &Outcome, counts_only: bool) -> bool {
    got.tokens == want.tokens
        && match (&got.errors, &want.errors) {
            (Errors::Placed(g), Errors::Placed(w)) if counts_only || !M::PLACES => g.len() == w.len(),
            (g, w) => g == w,
        }
}

/// Run machine `M`'s suite and exit non-zero on any failure (a loud skip when the suite is
/// missing locally; a failure under `CI`). Failures are written to `$STATEMARK_DUMP_FAILURES`
/// when set.
pub fn main<M: SuiteMachine>() {
    let (var, dir) = M::SUITE;
    let Some(dir) = suite(var, dir) else { return };
    let dir = dir.join("tokenizer");
    let mut expectations = load_expectations::<M>();
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("tokenizer dir").filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "test"));
    files.sort();
    let (mut passed, mut failed, mut skipped, mut listed) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    let mut dump = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        // xmlViolation.test holds xmlViolationTests (the XML-infoset coercion mode), not tests.
        let Some(tests) = v["tests"].as_array() else {
            println!("{} {name}: no \"tests\" (infoset coercion mode), not run", M::LABEL);
            continue;
        };
        let (mut fp, mut ff) = (0, 0);
        for t in tests {
            let desc = t["description"].as_str().unwrap_or("");
            let raw_input = t["input"].as_str().unwrap_or("");
            let starts = M::starts(t);
            let (input, output) = if t["doubleEscaped"].as_bool().unwrap_or(false) {
                match (unescape(raw_input), unescape_value(&t["output"])) {
                    (Some(i), Some(o)) => (i, o),
                    _ => {
                        skipped += starts.len();
                        continue;
                    }
                }
            } else {
                (raw_input.to_owned(), t["output"].clone())
            };
            let want = wanted::<M>(t, &output);
            let counts_only = t["ignoreErrorOrder"].as_bool().unwrap_or(false);
            for st in &starts {
                let got = M::run(&input, st, t["lastStartTag"].as_str());
                let matches = same::<M>(&got, &want, counts_only);
                let k = M::key(&name, desc, raw_input, st);
                let verdict = match expectations.check(&k, &(got.tokens.clone(), got.errors.to_json()), matches) {
                    Some(v) => {
                        listed += 1;
                        v
                    }
                    None if matches => Ok(()),
                    None => {
                        dump.push(json!({
                            "file": name, "description": desc, "input": raw_input, "initial_state": st,
                            "output": got.tokens, "errors": got.errors.to_json(),
                            "upstream_output": want.tokens, "upstream_errors": want.errors.to_json(),
                        }));
                        Err(format!(
                            "{k}\n  want {} ({} errors: {:?})\n  got  {} ({} errors: {:?})",
                            Value::Array(want.tokens.clone()),
                            want.errors.count(),
                            want.errors,
                            Value::Array(got.tokens.clone()),
                            got.errors.count(),
                            got.errors
                        ))
                    }
                };
                match verdict {
                    Ok(()) => {
                        passed += 1;
                        fp += 1;
                    }
                    Err(f) => {
                        failures.push(f);
                        failed += 1;
                        ff += 1;
                    }
                }
            }
        }
        println!("{} {name}: {fp} passed, {ff} failed", M::LABEL);
    }
    let unseen = expectations.unseen();
    failed += unseen.len();
    failures.extend(unseen);
    if let Ok(p) = std::env::var("STATEMARK_DUMP_FAILURES") {
        std::fs::write(&p, serde_json::to_string_pretty(&dump).unwrap()).unwrap();
    }
    for f in failures.iter().take(60) {
        println!("FAIL {f}");
    }
    println!(
        "{} suite: {passed} passed, {failed} failed, {skipped} skipped (lone surrogates); {listed} runs checked against reviewed expectations",
        M::LABEL
    );
    if failed > 0 {
        std::process::exit(1);
    }
}
