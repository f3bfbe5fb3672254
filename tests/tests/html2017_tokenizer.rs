//! The 12.2.4 edition against the html5lib-tests tokenizer suite of its time
//! (`../shared/html5lib-tests-editions/2017-04/tokenizer/`): every test × every initial state,
//! tokens compared (adjacent characters merged) and parse errors compared by count and by place.
//! The suite has no codes: its errors are `"ParseError"` markers between the tokens, so an
//! error's place is the number of tokens other than characters before it (characters are split
//! around markers in the suite and merged here). Tests with `ignoreErrorOrder` compare the count
//! only. Where the suite and the 12.2.4 text disagree, the text wins: the case is listed in
//! `tests/expectations/html2017_tokenizer.json` with the output the text gives and the sentence
//! it follows; a listed case that starts matching the suite fails the run.

use serde_json::{Value, json};
use statemark::Span;
use statemark::editions::html2017::{Control, Error, Options, Sink, State, Token, Tokenizer};
use statemark_tests::expectations::Expectations;
use statemark_tests::{merge_characters, suite, token_json, unescape, unescape_value};

/// What a run gives, in the suite's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    tokens: Vec<Value>,
    /// For each error, the number of non-character tokens emitted before it.
    places: Vec<usize>,
}

impl Outcome {
    /// From the suite's output list (tokens with `"ParseError"` markers between them).
    fn from_suite(output: &[Value]) -> Self {
        let mut tokens = Vec::new();
        let mut places = Vec::new();
        let mut structural = 0;
        for t in output {
            if t == "ParseError" {
                places.push(structural);
            } else {
                if t[0] != "Character" {
                    structural += 1;
                }
                tokens.push(t.clone());
            }
        }
        Outcome { tokens: merge_characters(tokens), places }
    }

    fn errors(&self) -> usize {
        self.places.len()
    }
}

/// Records tokens and errors in the order the tokenizer reports them.
#[derive(Default)]
struct Rec {
    events: Vec<Value>,
}

impl<'i> Sink<'i> for Rec {
    fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
        if let Some(v) = token_json(&token) {
            self.events.push(v);
        }
        Control::Continue
    }
    fn error(&mut self, _: Error) {
        self.events.push(json!("ParseError"));
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

fn run(input: &str, state: State, last_start_tag: Option<&str>) -> Outcome {
    let options =
        Options { initial_state: Some(state), last_start_tag: last_start_tag.map(str::to_owned), errors: true };
    let mut t = Tokenizer::for_input(input, options, Rec::default());
    t.run();
    Outcome::from_suite(&t.into_sink().events)
}

fn key(file: &str, description: &str, input: &str, state: &str) -> String {
    format!("{file} | {description} | {input:?} | {state}")
}

/// What an entry says the text gives: the tokens and the number of errors.
type Given = (Vec<Value>, usize);

fn load_expectations() -> Expectations<Given> {
    Expectations::load(
        "html2017_tokenizer.json",
        |e| {
            let s = |f: &str| e[f].as_str().unwrap_or_default().to_owned();
            key(&s("file"), &s("description"), &s("input"), &s("initial_state"))
        },
        |e| {
            (
                e["output"].as_array().cloned().unwrap_or_default(),
                e["errors"].as_u64().expect("errors: a count") as usize,
            )
        },
        |reason| reason.contains("12.2.4."),
    )
}

fn main() {
    let Some(dir) = suite("HTML5LIB_TESTS_2017", "html5lib-tests-editions/2017-04") else { return };
    let dir = dir.join("tokenizer");
    let mut expectations = load_expectations();
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
            println!("html5lib-2017 tokenizer {name}: no \"tests\" (infoset coercion mode), not run");
            continue;
        };
        let (mut fp, mut ff) = (0, 0);
        for t in tests {
            let desc = t["description"].as_str().unwrap_or("");
            let raw_input = t["input"].as_str().unwrap_or("");
            let states: Vec<String> = t["initialStates"]
                .as_array()
                .map(|a| a.iter().map(|s| s.as_str().unwrap().to_owned()).collect())
                .unwrap_or_else(|| vec!["Data state".to_owned()]);
            let (input, output) = if t["doubleEscaped"].as_bool().unwrap_or(false) {
                match (unescape(raw_input), unescape_value(&t["output"])) {
                    (Some(i), Some(o)) => (i, o),
                    _ => {
                        skipped += states.len();
                        continue;
                    }
                }
            } else {
                (raw_input.to_owned(), t["output"].clone())
            };
            let want = Outcome::from_suite(output.as_array().map(Vec::as_slice).unwrap_or(&[]));
            let counts_only = t["ignoreErrorOrder"].as_bool().unwrap_or(false);
            for st in &states {
                // The suite names states by heading ("RCDATA state"); the edition has them all.
                let state = State::from_name(st).unwrap_or_else(|| panic!("{name}: unknown state {st}"));
                let got = run(&input, state, t["lastStartTag"].as_str());
                let matches = got.tokens == want.tokens
                    && if counts_only { got.errors() == want.errors() } else { got.places == want.places };
                let k = key(&name, desc, raw_input, st);
                let verdict = match expectations.check(&k, &(got.tokens.clone(), got.errors()), matches) {
                    Some(v) => {
                        listed += 1;
                        v
                    }
                    None if matches => Ok(()),
                    None => {
                        dump.push(json!({
                            "file": name, "description": desc, "input": raw_input, "initial_state": st,
                            "output": got.tokens, "errors": got.errors(), "places": got.places,
                            "upstream_output": want.tokens, "upstream_places": want.places,
                        }));
                        Err(format!(
                            "{k}\n  want {} errors at {:?}\n  got  {} errors at {:?}",
                            Value::Array(want.tokens.clone()),
                            want.places,
                            Value::Array(got.tokens.clone()),
                            got.places
                        ))
                    }
                };
                let ok = match verdict {
                    Ok(()) => true,
                    Err(f) => {
                        failures.push(f);
                        false
                    }
                };
                if ok {
                    passed += 1;
                    fp += 1;
                } else {
                    failed += 1;
                    ff += 1;
                }
            }
        }
        println!("html5lib-2017 tokenizer {name}: {fp} passed, {ff} failed");
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
        "html5lib-2017 tokenizer suite: {passed} passed, {failed} failed, {skipped} skipped (lone surrogates); {listed} runs checked against reviewed expectations"
    );
    if failed > 0 {
        std::process::exit(1);
    }
}
