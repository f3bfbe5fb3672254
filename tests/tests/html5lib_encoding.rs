//! Encoding conformance: html5lib-tests `encoding/` (`tests1.dat`, `tests2.dat`,
//! `test-yahoo-jp.dat`, `scripted/`, `chardet/`). Each case is parsed from its bytes with the
//! default options (windows-1252 the default, as the suite assumes; detection by frequency
//! analysis on, which decides `chardet/test_big5.txt`) through the whole-input entry point and
//! through the streaming parser fed one byte at a time and in 7-byte chunks; all three must
//! report the suite's encoding and build the same tree. Cases the parser cannot decide without
//! script execution are listed in
//! `tests/expectations/html5lib_encoding.json` with what we give, the reason and a spec anchor;
//! an entry that starts matching the suite, or stops matching its listed output, fails.

use serde_json::Value;
use statemark::dom::Dom;
use statemark::encoding::{ByteParser, Encoding, EncodingOptions};
use statemark::html::{TreeOptions, parse_bytes};
use statemark_tests::suite;
use std::collections::BTreeMap;

struct Case {
    file: String,
    index: usize,
    data: Vec<u8>,
    encoding: String,
}

/// Split a `.dat` file into `#data` / `#encoding` cases (bytes: some data is not UTF-8).
fn parse_dat(file: &str, text: &[u8]) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut rest = text;
    while let Some(start) = find(rest, b"#data\n") {
        let body = &rest[start + 6..];
        let Some(enc_at) = find(body, b"\n#encoding\n") else { break };
        let after = &body[enc_at + 11..];
        let line_end = after.iter().position(|&b| b == b'\n').unwrap_or(after.len());
        let encoding = String::from_utf8_lossy(&after[..line_end]).trim().to_owned();
        cases.push(Case { file: file.to_owned(), index: cases.len(), data: body[..enc_at].to_vec(), encoding });
        rest = &after[line_end..];
    }
    cases
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The suite's name for an encoding, looked up as a label.
fn expected(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).unwrap_or_else(|| panic!("unknown label in the suite: {label}"))
}

/// Parse whole and streamed; the encoding name, or a description of the disagreement.
fn run(data: &[u8]) -> Result<&'static Encoding, String> {
    let opts = EncodingOptions::default();
    let whole = parse_bytes(data, &opts, TreeOptions::default());
    let tree = whole.dom.to_test_format();
    for size in [1, 7] {
        let mut p = ByteParser::new(opts, TreeOptions::default(), Dom::new);
        for chunk in data.chunks(size) {
            p.feed(chunk);
        }
        let streamed = p.finish();
        if streamed.encoding != whole.encoding || streamed.confidence != whole.confidence {
            return Err(format!(
                "streamed in {size}-byte chunks: {} {:?}, whole: {} {:?}",
                streamed.encoding.name(),
                streamed.confidence,
                whole.encoding.name(),
                whole.confidence
            ));
        }
        if streamed.tree.to_test_format() != tree {
            return Err(format!("streamed in {size}-byte chunks: a different tree"));
        }
    }
    Ok(whole.encoding)
}

struct Expectation {
    output: String,
    reason: String,
    seen: bool,
}

fn load_expectations() -> BTreeMap<(String, usize), Expectation> {
    let path = statemark_tests::root().join("tests/expectations/html5lib_encoding.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for e in v["cases"].as_array().expect("cases array") {
        let key = (e["file"].as_str().unwrap().to_owned(), e["index"].as_u64().unwrap() as usize);
        let reason = e["reason"].as_str().unwrap_or("").to_owned();
        assert!(reason.contains('#'), "{key:?}: the reason must cite a spec anchor");
        let output = e["output"].as_str().expect("output").to_owned();
        assert!(out.insert(key.clone(), Expectation { output, reason, seen: false }).is_none(), "{key:?} listed twice");
    }
    out
}

fn main() {
    let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests").map(|d| d.join("encoding")) else { return };
    let mut expectations = load_expectations();
    let mut cases = Vec::new();
    for file in ["tests1.dat", "tests2.dat", "test-yahoo-jp.dat", "scripted/tests1.dat"] {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        cases.extend(parse_dat(file, &bytes));
    }
    // chardet/: one document per file, the expected encoding in the file name.
    let chardet = std::fs::read(dir.join("chardet/test_big5.txt")).expect("chardet/test_big5.txt");
    cases.push(Case { file: "chardet/test_big5.txt".into(), index: 0, data: chardet, encoding: "big5".into() });

    let (mut passed, mut failed, mut listed) = (0, 0, 0);
    let mut per_file: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for case in &cases {
        let want = expected(&case.encoding);
        let key = (case.file.clone(), case.index);
        let got = std::panic::catch_unwind(|| run(&case.data)).unwrap_or_else(|_| Err("PANIC".into()));
        let ok = match (&got, expectations.get_mut(&key)) {
            (Err(why), _) => {
                println!("FAIL {key:?}: {why}");
                false
            }
            (Ok(got), Some(exp)) => {
                exp.seen = true;
                listed += 1;
                if *got == want {
                    println!(
                        "FAIL {key:?}: listed ({}) but now gives the suite's {}: remove the entry",
                        exp.reason,
                        want.name()
                    );
                    false
                } else if !got.name().eq_ignore_ascii_case(&exp.output) {
                    println!("FAIL {key:?}: listed as {}, got {}", exp.output, got.name());
                    false
                } else {
                    true
                }
            }
            (Ok(got), None) => {
                let ok = *got == want;
                if !ok {
                    println!("FAIL {key:?}: want {}, got {}", want.name(), got.name());
                }
                ok
            }
        };
        let tally = per_file.entry(case.file.clone()).or_default();
        if ok {
            passed += 1;
            tally.0 += 1;
        } else {
            failed += 1;
            tally.1 += 1;
        }
    }
    for (k, e) in &expectations {
        if !e.seen {
            println!("FAIL {k:?}: listed in expectations but no such case in the suite");
            failed += 1;
        }
    }
    for (file, (p, f)) in &per_file {
        println!("encoding/{file}: {p} passed, {f} failed");
    }
    println!("({} cases, {listed} checked against reviewed expectations)", cases.len());
    println!("html5lib encoding: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
