//! Split invariance: every example and every html5lib tokenizer input, split at every character
//! boundary into two chunks, and fed one character at a time, gives the same tokens, spans,
//! errors and positions as the whole input.

use statemark_tests::trace::{Recorded, example_inputs, html5lib_inputs, html_machine, record, record_chunks};

fn same(a: &Recorded, b: &Recorded) -> bool {
    a.tokens == b.tokens && a.errors == b.errors
}

fn main() {
    let machine = html_machine();
    let mut inputs = example_inputs(&machine);
    match html5lib_inputs() {
        Some(more) => inputs.extend(more),
        None => eprintln!("split invariance: html5lib-tests missing, examples only"),
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut shown = 0;
    for inp in &inputs {
        let lst = inp.last_start_tag.as_deref();
        let whole = record(&inp.text, inp.state, lst);
        let mut ok = true;
        let mut report = |what: String, got: &Recorded| {
            ok = false;
            if shown < 10 {
                shown += 1;
                pretty_assertions::assert_ne!(format!("{:#?}", (&whole.tokens, &whole.errors)), String::new());
                println!("FAIL {} {what}", inp.origin);
                println!("{}", pretty_assertions::Comparison::new(&(&whole.tokens, &whole.errors), &(&got.tokens, &got.errors)));
            }
        };
        for (i, _) in inp.text.char_indices().skip(1) {
            let got = record_chunks(&[&inp.text[..i], &inp.text[i..]], inp.state, lst);
            if !same(&whole, &got) {
                report(format!("split at byte {i}"), &got);
                break;
            }
        }
        let chars: Vec<String> = inp.text.chars().map(String::from).collect();
        let refs: Vec<&str> = chars.iter().map(String::as_str).collect();
        let got = record_chunks(&refs, inp.state, lst);
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
