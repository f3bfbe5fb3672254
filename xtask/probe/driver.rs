//! The spec-diff probe: built by `cargo xtask spec-diff --behaviour` in a temporary workspace
//! whose runtime carries one machine's generated tokenizer. Reads one JSON input per line on
//! stdin and answers one JSON line with the tokens, errors and (state, case) path that
//! `statemark_tests::trace::record` recorded; `corpus` as the first argument prints the
//! conformance suite's inputs instead.

use statemark_tests::trace::{Input, record, suite_inputs};
use std::io::{BufRead, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    // The machine's runtime module (`html`, `xml5`, or an edition's own); the recorder
    // dispatches on it. Leaked once: `Input` wants a `&'static str`.
    let machine: &'static str = Box::leak(args.next().unwrap_or_else(|| "html".into()).into_boxed_str());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.next().as_deref() == Some("corpus") {
        for inp in suite_inputs(machine).unwrap_or_default() {
            let line = serde_json::json!({"text": inp.text, "state": inp.state, "last_start_tag": inp.last_start_tag, "content_model_flag": inp.content_model_flag, "origin": inp.origin});
            let _ = writeln!(out, "{line}");
        }
        return;
    }
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
        let inp = Input {
            machine,
            origin: String::new(),
            text: v["text"].as_str().unwrap_or("").to_owned(),
            state: v["state"].as_str().unwrap_or("data_state").to_owned(),
            last_start_tag: v["last_start_tag"].as_str().map(str::to_owned),
            content_model_flag: v["content_model_flag"].as_str().map(str::to_owned),
        };
        let answer = match record(&inp) {
            Ok(r) => answer(&r),
            Err(e) => serde_json::json!({"error": e}),
        };
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}

/// What the recorder saw, as the probe's answer.
fn answer(r: &statemark_tests::trace::Recorded) -> serde_json::Value {
    let tokens: Vec<&str> = r.tokens.iter().map(|(t, _)| t.as_str()).collect();
    let errors: Vec<String> = r.errors.iter().map(|e| format!("{}@{}", e.0, e.3)).collect();
    let path: Vec<(&str, u16)> = r.path.clone();
    serde_json::json!({"tokens": tokens, "errors": errors, "path": path})
}
