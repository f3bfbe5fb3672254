//! Shared helpers for the integration tests: where the conformance data lives, and the
//! html5lib-tests token format.

use serde_json::{Value, json};
use statemark::html::{Options, State, Token, Tokenizer};
use std::path::PathBuf;

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is in the workspace").to_path_buf()
}

/// Find a conformance suite: `$VAR`, else `../shared/<dir>` beside the workspace. Under `CI` a
/// missing suite is a failure; locally it is a loud skip (returns None).
pub fn suite(var: &str, dir: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| root().join("..").join("shared").join(dir));
    if path.is_dir() {
        return Some(path);
    }
    if std::env::var_os("CI").is_some() {
        panic!("conformance data missing under CI: {} (set {var})", path.display());
    }
    eprintln!("\n*** SKIPPED: conformance data not found at {} (set {var}) ***\n", path.display());
    None
}

/// A token in html5lib-tests' JSON form; processing instructions (which the suite predates) as
/// `["ProcessingInstruction", target, data]`.
pub fn token_json(t: &Token<'_>) -> Option<Value> {
    Some(match t {
        Token::Doctype(d) => json!(["DOCTYPE", d.name, d.public_id, d.system_id, !d.force_quirks]),
        Token::StartTag(tag) => {
            let mut attrs = serde_json::Map::new();
            for a in &tag.attributes {
                attrs.insert(a.name.to_string(), Value::String(a.value.to_string()));
            }
            if tag.self_closing {
                json!(["StartTag", tag.name, attrs, true])
            } else {
                json!(["StartTag", tag.name, attrs])
            }
        }
        Token::EndTag(tag) => json!(["EndTag", tag.name]),
        Token::Comment(c) => json!(["Comment", c]),
        Token::Characters(c) => json!(["Character", c]),
        Token::ProcessingInstruction(p) => json!(["ProcessingInstruction", p.target, p.data]),
        Token::Eof => return None,
    })
}

/// Merge adjacent `Character` tokens, as the suite compares them.
pub fn merge_characters(tokens: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for t in tokens {
        if t[0] == "Character"
            && let Some(last) = out.last_mut()
            && last[0] == "Character"
        {
            let joined = format!("{}{}", last[1].as_str().unwrap_or(""), t[1].as_str().unwrap_or(""));
            last[1] = Value::String(joined);
            continue;
        }
        out.push(t);
    }
    out
}

/// What one run produced: tokens in suite form, and errors as (code, line, col).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub tokens: Vec<Value>,
    pub errors: Vec<(String, usize, usize)>,
}

/// Tokenize `input` from `state` with the iterator API.
pub fn run_tokenizer(input: &str, state: State, last_start_tag: Option<&str>) -> Run {
    let mut tok = Tokenizer::with_options(
        input,
        Options {
            initial_state: Some(state),
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: true,
            switching: false,
        },
    );
    let tokens: Vec<Value> = tok.by_ref().filter_map(|t| token_json(&t)).collect();
    let errors = tok.errors().iter().map(|e| (e.code.code().to_owned(), e.position.line, e.position.column)).collect();
    // Without errors the bulk scans take their word-at-a-time path: same tokens either way.
    let quiet = Tokenizer::with_options(
        input,
        Options {
            initial_state: Some(state),
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: false,
            switching: false,
        },
    );
    let quiet_tokens: Vec<Value> = quiet.filter_map(|t| token_json(&t)).collect();
    assert_eq!(quiet_tokens, tokens, "tokens differ with errors off for {input:?}");
    Run { tokens: merge_characters(tokens), errors }
}

/// Undo html5lib's `doubleEscaped` (`\uHHHH` sequences). None if the result would hold a lone
/// surrogate, which a Rust string cannot.
pub fn unescape(s: &str) -> Option<String> {
    let mut units: Vec<u16> = Vec::new();
    let mut out = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    let flush = |units: &mut Vec<u16>, out: &mut String| -> Option<()> {
        if !units.is_empty() {
            out.push_str(&String::from_utf16(units).ok()?);
            units.clear();
        }
        Some(())
    };
    while i < b.len() {
        if b[i] == b'\\'
            && b.get(i + 1) == Some(&b'u')
            && i + 6 <= b.len()
            && let Ok(u) = u16::from_str_radix(&s[i + 2..i + 6], 16)
        {
            units.push(u);
            i += 6;
            continue;
        }
        flush(&mut units, &mut out)?;
        let ch = s[i..].chars().next()?;
        out.push(ch);
        i += ch.len_utf8();
    }
    flush(&mut units, &mut out)?;
    Some(out)
}
/// [`unescape`] every string (and object key) of a suite value (`doubleEscaped` outputs).
pub fn unescape_value(v: &Value) -> Option<Value> {
    Some(match v {
        Value::String(s) => Value::String(unescape(s)?),
        Value::Array(a) => Value::Array(a.iter().map(unescape_value).collect::<Option<_>>()?),
        Value::Object(o) => {
            let mut m = serde_json::Map::new();
            for (k, v) in o {
                m.insert(unescape(k)?, unescape_value(v)?);
            }
            Value::Object(m)
        }
        other => other.clone(),
    })
}

/// Every file under `dir`, sorted, without recursion.
pub fn files_under(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        if d.is_file() {
            out.push(d);
            continue;
        }
        if let Ok(rd) = std::fs::read_dir(&d) {
            todo.extend(rd.filter_map(|e| e.ok().map(|e| e.path())));
        }
    }
    out.sort();
    out
}

/// One input of a tokenizer suite in html5lib-tests' JSON format (html5lib-tests, xml5lib-tests).
pub struct TokenizerInput {
    /// The `.test` file's name.
    pub file: String,
    pub description: String,
    /// The input as the file writes it (`doubleEscaped` still escaped).
    pub raw: String,
    /// The input itself.
    pub input: String,
    /// `initialStates` (html5lib's state names); empty where the test gives none.
    pub states: Vec<String>,
    pub last_start_tag: Option<String>,
}

/// Every test input of the `.test` files in `dir`, by file name; a `doubleEscaped` input that
/// cannot be unescaped (a lone surrogate, which a `&str` cannot hold) is left out, and so is a
/// file without `tests` (xml5lib's infoset coercion file).
pub fn tokenizer_inputs(dir: &std::path::Path) -> Vec<TokenizerInput> {
    let mut files = files_under(dir);
    files.retain(|p| p.extension().is_some_and(|x| x == "test"));
    let mut out = Vec::new();
    for path in &files {
        let file = path.file_name().unwrap_or_default().to_string_lossy().to_string();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}")))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let Some(tests) = v["tests"].as_array() else { continue };
        for t in tests {
            let raw = t["input"].as_str().unwrap_or("").to_owned();
            let input = if t["doubleEscaped"].as_bool().unwrap_or(false) {
                let Some(i) = unescape(&raw) else { continue };
                i
            } else {
                raw.clone()
            };
            let states = t["initialStates"]
                .as_array()
                .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
                .unwrap_or_default();
            out.push(TokenizerInput {
                file: file.clone(),
                description: t["description"].as_str().unwrap_or("").to_owned(),
                raw,
                input,
                states,
                last_start_tag: t["lastStartTag"].as_str().map(str::to_owned),
            });
        }
    }
    out
}

pub fn read_lossy(p: &std::path::Path) -> String {
    let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

pub mod corpus;
pub mod expect;
pub mod expectations;
#[rustfmt::skip]
pub mod machines;
pub mod tokenizer_suite;
pub mod trace;
pub mod tree;
pub mod xml_wf;

/// The README's code blocks, compiled and run as doctests (`cargo test -p statemark-tests --doc`).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The user's guide's code blocks, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/guide.md")]
pub struct GuideDoctests;
