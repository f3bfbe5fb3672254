//! Split invariance: every example and every html5lib tokenizer input, split at every character
//! boundary into two chunks, and fed one character at a time, gives the same tokens, spans,
//! errors and positions as the whole input.

use statemark_tests::trace::{MACHINES, Recorded, example_inputs, machine, record, record_chunks, suite_inputs};

fn same(a: &Recorded, b: &Recorded) -> bool {
    a.tokens == b.tokens && a.errors == b.errors
}

fn main() {
    let mut inputs = Vec::new();
    for &name in MACHINES {
        inputs.extend(example_inputs(name, &machine(name)));
        match suite_inputs(name) {
            Some(more) => inputs.extend(more),
            None => eprintln!("split invariance: {name} conformance suite missing, examples only"),
        }
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut shown = 0;
    for inp in &inputs {
        let whole = match record(inp) {
            Ok(rec) => rec,
            Err(e) => {
                println!("FAIL {e}");
                failed += 1;
                continue;
            }
        };
        let mut ok = true;
        let mut report = |what: String, got: &Recorded| {
            ok = false;
            if shown < 10 {
                shown += 1;
                println!("FAIL {} {what}", inp.origin);
                println!(
                    "{}",
                    pretty_assertions::Comparison::new(&(&whole.tokens, &whole.errors), &(&got.tokens, &got.errors))
                );
            }
        };
        for (i, _) in inp.text.char_indices().skip(1) {
            let got = record_chunks(inp, &[&inp.text[..i], &inp.text[i..]]).unwrap_or_default();
            if !same(&whole, &got) {
                report(format!("split at byte {i}"), &got);
                break;
            }
        }
        let chars: Vec<String> = inp.text.chars().map(String::from).collect();
        let refs: Vec<&str> = chars.iter().map(String::as_str).collect();
        let got = record_chunks(inp, &refs).unwrap_or_default();
        if !same(&whole, &got) {
            report("one character at a time".into(), &got);
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    println!("split invariance: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
