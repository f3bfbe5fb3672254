//! Running a tokenizer with everything recorded: tokens with spans, errors with positions, and
//! the (state, case) path the generated code took. One runner per machine in `spec/`, so the
//! per-state snapshots, the coverage test and the split-invariance test are driven by the
//! tables of every machine.

use statemark::Span;
use statemark_codegen::lower::{LBody, lower_state};
use statemark_codegen::model::Machine;
use std::collections::BTreeMap;

/// The machines the tests run, by their directory under `spec/`.
pub const MACHINES: &[&str] = statemark_codegen::MACHINES;

/// Everything one run produced, machine-independent: tokens as one-line text with spans,
/// errors as (code, line, column, offset), the path as (state name, case).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub tokens: Vec<(String, Span)>,
    pub errors: Vec<(&'static str, usize, usize, usize)>,
    pub path: Vec<(&'static str, u16)>,
}

mod html_run {
    use super::Recorded;
    use statemark::Span;
    use statemark::html::{Control, Error, Options, Sink, State, Token, Tokenizer};

    pub struct Rec(pub Recorded);

    impl<'i> Sink<'i> for Rec {
        fn token(&mut self, token: Token<'i>, span: Span) -> Control {
            self.0.tokens.push((show(&token), span));
            Control::Continue
        }
        fn error(&mut self, e: Error) {
            self.0.errors.push((e.code.code(), e.position.line, e.position.column, e.position.offset));
        }
        fn wants_errors(&self) -> bool {
            true
        }
        fn trace(&mut self, state: State, case: u16) {
            self.0.path.push((state.name(), case));
        }
    }

    pub fn show(t: &Token<'_>) -> String {
        match t {
            Token::Doctype(d) => super::show_doctype(d),
            Token::StartTag(tag) => super::show_tag("StartTag", tag),
            Token::EndTag(tag) => super::show_tag("EndTag", tag),
            Token::Comment(c) => format!("Comment {c:?}"),
            Token::Characters(c) => format!("Characters {c:?}"),
            Token::ProcessingInstruction(p) => format!("ProcessingInstruction target={:?} data={:?}", p.target, p.data),
            Token::Eof => "EOF".to_owned(),
        }
    }

    fn options(state: &str, last_start_tag: Option<&str>) -> Options {
        Options {
            initial_state: Some(State::from_name(state).unwrap_or(State::DataState)),
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: true,
        }
    }

    pub fn whole(input: &str, state: &str, lst: Option<&str>) -> Recorded {
        let mut t = Tokenizer::with_sink(input, options(state, lst), Rec(Recorded::default()));
        t.run();
        t.into_sink().0
    }

    pub fn chunks(chunks: &[&str], state: &str, lst: Option<&str>) -> Recorded {
        let mut t = Tokenizer::streaming(options(state, lst), Rec(Recorded::default()));
        for c in chunks {
            t.feed(c);
        }
        t.finish();
        t.into_sink().0
    }
}

mod xml5_run {
    use super::Recorded;
    use statemark::Span;
    use statemark::xml5::{Error, Sink, State, Token, Tokenizer};

    pub struct Rec(pub Recorded);

    impl<'i> Sink<'i> for Rec {
        fn token(&mut self, token: Token<'i>, span: Span) {
            self.0.tokens.push((show(&token), span));
        }
        fn error(&mut self, e: Error) {
            self.0.errors.push((e.code.code(), e.position.line, e.position.column, e.position.offset));
        }
        fn wants_errors(&self) -> bool {
            true
        }
        fn trace(&mut self, state: State, case: u16) {
            self.0.path.push((state.name(), case));
        }
    }

    pub fn show(t: &Token<'_>) -> String {
        match t {
            Token::Doctype(d) => super::show_doctype(d),
            Token::StartTag(tag) => super::show_tag("StartTag", tag),
            Token::EmptyTag(tag) => super::show_tag("EmptyTag", tag),
            Token::EndTag(tag) => super::show_tag("EndTag", tag),
            Token::ShortEndTag => "ShortEndTag".to_owned(),
            Token::Comment(c) => format!("Comment {c:?}"),
            Token::Characters(c) => format!("Characters {c:?}"),
            Token::ProcessingInstruction(p) => format!("ProcessingInstruction target={:?} data={:?}", p.target, p.data),
            Token::Eof => "EOF".to_owned(),
        }
    }

    pub fn whole(input: &str) -> Recorded {
        let mut t = Tokenizer::with_sink(input, Rec(Recorded::default()));
        t.run();
        t.into_sink().0
    }

    pub fn chunks(chunks: &[&str]) -> Recorded {
        let mut t = Tokenizer::streaming(Rec(Recorded::default()));
        for c in chunks {
            t.feed(c);
        }
        t.finish();
        t.into_sink().0
    }
}

mod html2017_run {
    use super::Recorded;
    use statemark::Span;
    use statemark::editions::html2017::{Control, Error, Options, Sink, State, Token, Tokenizer};

    pub struct Rec(pub Recorded);

    impl<'i> Sink<'i> for Rec {
        fn token(&mut self, token: Token<'i>, span: Span) -> Control {
            // The edition's tokens are today's HTML tokens.
            self.0.tokens.push((super::html_run::show(&token), span));
            Control::Continue
        }
        fn error(&mut self, e: Error) {
            self.0.errors.push((e.code.code(), e.position.line, e.position.column, e.position.offset));
        }
        fn wants_errors(&self) -> bool {
            true
        }
        fn trace(&mut self, state: State, case: u16) {
            self.0.path.push((state.name(), case));
        }
    }

    fn options(state: &str, last_start_tag: Option<&str>) -> Options {
        let initial = State::from_name(state).unwrap_or_else(|| panic!("html2017 has no state {state:?}"));
        Options { initial_state: Some(initial), last_start_tag: last_start_tag.map(str::to_owned), errors: true }
    }

    pub fn whole(input: &str, state: &str, lst: Option<&str>) -> Recorded {
        let mut t = Tokenizer::for_input(input, options(state, lst), Rec(Recorded::default()));
        t.run();
        t.into_sink().0
    }

    pub fn chunks(chunks: &[&str], state: &str, lst: Option<&str>) -> Recorded {
        let mut t = Tokenizer::for_chunks(options(state, lst), Rec(Recorded::default()));
        for c in chunks {
            t.feed(c);
        }
        t.finish();
        t.into_sink().0
    }
}

fn show_doctype(d: &statemark::html::Doctype<'_>) -> String {
    format!(
        "DOCTYPE name={:?} public={:?} system={:?}{}",
        d.name.as_deref(),
        d.public_id.as_deref(),
        d.system_id.as_deref(),
        if d.force_quirks { " force-quirks" } else { "" }
    )
}

fn show_tag(kind: &str, tag: &statemark::html::Tag<'_>) -> String {
    let attrs: Vec<String> = tag.attributes.iter().map(|a| format!(" {}={:?}", a.name, a.value)).collect();
    format!("{kind} {}{}{}", tag.name, attrs.concat(), if tag.self_closing { " self-closing" } else { "" })
}

/// One tokenizer input with its settings.
#[derive(Clone, Debug)]
pub struct Input {
    pub machine: &'static str,
    /// Where it comes from, for messages.
    pub origin: String,
    pub text: String,
    /// Initial state by name (ignored by machines without external states).
    pub state: String,
    pub last_start_tag: Option<String>,
}

/// Tokenize a whole string.
pub fn record(inp: &Input) -> Recorded {
    match inp.machine {
        "xml5" => xml5_run::whole(&inp.text),
        "html2017" => html2017_run::whole(&inp.text, &inp.state, inp.last_start_tag.as_deref()),
        _ => html_run::whole(&inp.text, &inp.state, inp.last_start_tag.as_deref()),
    }
}

/// Tokenize the input given as chunks.
pub fn record_chunks(inp: &Input, chunks: &[&str]) -> Recorded {
    match inp.machine {
        "xml5" => xml5_run::chunks(chunks),
        "html2017" => html2017_run::chunks(chunks, &inp.state, inp.last_start_tag.as_deref()),
        _ => html_run::chunks(chunks, &inp.state, inp.last_start_tag.as_deref()),
    }
}

/// A machine as committed.
pub fn machine(name: &str) -> Machine {
    statemark_codegen::load::load_machine(&crate::root().join("spec"), name).expect("spec loads")
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

/// Every example of every state of a machine's tables.
pub fn example_inputs(machine: &'static str, m: &Machine) -> Vec<Input> {
    let mut out = Vec::new();
    for (name, def) in &m.states {
        for (i, ex) in def.examples.iter().enumerate() {
            out.push(Input {
                machine,
                origin: format!("spec/{machine}/tokenizer/{name}.ron example {}", i + 1),
                text: ex.input.clone(),
                state: ex.initial_state.clone().unwrap_or_else(|| m.manifest.initial_state.clone()),
                last_start_tag: ex.last_start_tag.clone(),
            });
        }
    }
    out
}

/// Every conformance-suite tokenizer input for a machine (html5lib-tests × initial states, or
/// xml5lib-tests); None when the suite is missing locally.
pub fn suite_inputs(machine: &'static str) -> Option<Vec<Input>> {
    let (var, dir) = match machine {
        "xml5" => ("XML5LIB_TESTS", "xml5lib-tests"),
        // The suite of the 12.2.4 text's time (html5lib-tests-editions/SOURCE.md).
        "html2017" => ("HTML5LIB_TESTS_2017", "html5lib-tests-editions/2017-04"),
        _ => ("HTML5LIB_TESTS", "html5lib-tests"),
    };
    let dir = crate::suite(var, dir)?.join("tokenizer");
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
                    machine,
                    origin: format!("{dir}/{name} #{i} ({st})", dir = dir.display()),
                    text: text.clone(),
                    state: st,
                    last_start_tag: t["lastStartTag"].as_str().map(str::to_owned),
                });
            }
        }
    }
    Some(out)
}
