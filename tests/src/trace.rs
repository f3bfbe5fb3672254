//! Running the HTML tokenizer with everything recorded: tokens with spans, errors with
//! positions, and the (state, case) path the generated code took. Used by the per-state
//! snapshots, the coverage test and the split-invariance test.

use statemark::Span;
use statemark::html::{Control, Error, Options, Sink, State, Token, Tokenizer};
use statemark_codegen::lower::{LBody, lower_state};
use statemark_codegen::model::Machine;
use std::collections::BTreeMap;

/// Everything one run produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub tokens: Vec<(Token<'static>, Span)>,
    pub errors: Vec<Error>,
    pub path: Vec<(State, u16)>,
}

impl<'i> Sink<'i> for Recorded {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.tokens.push((token.into_owned(), span));
        Control::Continue
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        true
    }
    fn trace(&mut self, state: State, case: u16) {
        self.path.push((state, case));
    }
}

fn options(state: State, last_start_tag: Option<&str>) -> Options {
    Options { initial_state: Some(state), last_start_tag: last_start_tag.map(str::to_owned), errors: true }
}

/// Tokenize a whole string.
pub fn record(input: &str, state: State, last_start_tag: Option<&str>) -> Recorded {
    let mut t = Tokenizer::with_sink(input, options(state, last_start_tag), Recorded::default());
    t.run();
    t.into_sink()
}

/// Tokenize input given as chunks.
pub fn record_chunks(chunks: &[&str], state: State, last_start_tag: Option<&str>) -> Recorded {
    let mut t = Tokenizer::streaming(options(state, last_start_tag), Recorded::default());
    for c in chunks {
        t.feed(c);
    }
    t.finish();
    t.into_sink()
}

/// The HTML machine as committed.
pub fn html_machine() -> Machine {
    statemark_codegen::load::load_machine(&crate::root().join("spec"), "html").expect("spec/html loads")
}

/// (state name, case number) → the case's spec label, for every case of every table.
pub fn case_labels(m: &Machine) -> BTreeMap<(String, u16), String> {
    let mut out = BTreeMap::new();
    for (name, def) in &m.states {
        let st = lower_state(name, def);
        match &st.body {
            LBody::HandWritten => {
                out.insert((name.clone(), 0), "hand-written body".to_owned());
            }
            LBody::Consume { arms, lookaheads, anything_else } => {
                for a in arms.iter().chain(lookaheads).chain(anything_else) {
                    out.insert((name.clone(), a.number as u16), a.label.clone());
                }
            }
            LBody::Lookahead { arms, anything_else } => {
                for a in arms.iter().chain(std::iter::once(anything_else)) {
                    out.insert((name.clone(), a.number as u16), a.label.clone());
                }
            }
        }
    }
    out
}

/// A token on one line, for snapshots.
pub fn show_token(t: &Token<'_>) -> String {
    match t {
        Token::Doctype(d) => format!(
            "DOCTYPE name={:?} public={:?} system={:?}{}",
            d.name.as_deref(),
            d.public_id.as_deref(),
            d.system_id.as_deref(),
            if d.force_quirks { " force-quirks" } else { "" }
        ),
        Token::StartTag(tag) | Token::EndTag(tag) => {
            let kind = if matches!(t, Token::StartTag(_)) { "StartTag" } else { "EndTag" };
            let attrs: Vec<String> = tag.attributes.iter().map(|a| format!(" {}={:?}", a.name, a.value)).collect();
            format!("{kind} {}{}{}", tag.name, attrs.concat(), if tag.self_closing { " self-closing" } else { "" })
        }
        Token::Comment(c) => format!("Comment {c:?}"),
        Token::Characters(c) => format!("Characters {c:?}"),
        Token::ProcessingInstruction(p) => format!("ProcessingInstruction target={:?} data={:?}", p.target, p.data),
        Token::Eof => "EOF".to_owned(),
    }
}

/// One tokenizer input with its settings.
#[derive(Clone, Debug)]
pub struct Input {
    /// Where it comes from, for messages.
    pub origin: String,
    pub text: String,
    pub state: State,
    pub last_start_tag: Option<String>,
}

/// Every example of every state of the HTML tables.
pub fn example_inputs(m: &Machine) -> Vec<Input> {
    let mut out = Vec::new();
    for (name, def) in &m.states {
        for (i, ex) in def.examples.iter().enumerate() {
            out.push(Input {
                origin: format!("spec/html/tokenizer/{name}.ron example {}", i + 1),
                text: ex.input.clone(),
                state: ex.initial_state.as_deref().and_then(State::from_name).unwrap_or(State::DataState),
                last_start_tag: ex.last_start_tag.clone(),
            });
        }
    }
    out
}

/// Every html5lib tokenizer input × initial state (lone-surrogate cases left out); None when
/// the suite is missing locally.
pub fn html5lib_inputs() -> Option<Vec<Input>> {
    let dir = crate::suite("HTML5LIB_TESTS", "html5lib-tests")?.join("tokenizer");
    let mut files: Vec<_> = std::fs::read_dir(&dir).ok()?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "test"));
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).ok()?).ok()?;
        let Some(tests) = v["tests"].as_array() else { continue };
        for (i, t) in tests.iter().enumerate() {
            let raw = t["input"].as_str().unwrap_or("");
            let text = if t["doubleEscaped"].as_bool().unwrap_or(false) {
                match crate::unescape(raw) {
                    Some(s) => s,
                    None => continue,
                }
            } else {
                raw.to_owned()
            };
            let states: Vec<String> = t["initialStates"]
                .as_array()
                .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
                .unwrap_or_else(|| vec!["Data state".to_owned()]);
            for st in states {
                out.push(Input {
                    origin: format!("html5lib-tests/tokenizer/{name} #{i} ({st})"),
                    text: text.clone(),
                    state: State::from_name(&st).unwrap_or(State::DataState),
                    last_start_tag: t["lastStartTag"].as_str().map(str::to_owned),
                });
            }
        }
    }
    Some(out)
}
