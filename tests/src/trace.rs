//! Running a tokenizer with everything recorded: tokens with spans, errors with positions, and
//! the (state, case) path the generated code took. One runner, generic over the machine (the
//! driver's iterator API); the generated dispatch (`crate::machines`, from spec/machines.ron)
//! picks the machine's own generated code by name, so the per-state snapshots, the coverage test
//! and the split-invariance test run every machine on its own code, and an unknown machine or
//! state is an error.

use crate::machines::dispatch;
use statemark::Span;
use statemark::driver::{Drive, TokenQueue, Tokenizer};
use statemark_codegen::lower::lower_state;
use statemark_codegen::lowered::LBody;
use statemark_codegen::model::Machine as SpecMachine;
use std::collections::BTreeMap;

pub use crate::machines::MACHINES;

/// Everything one run produced, machine-independent: tokens as one-line text with spans,
/// errors as (code, line, column, offset), the path as (state name, case), and which
/// machine's generated code produced it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub tokens: Vec<(String, Span)>,
    pub errors: Vec<(&'static str, usize, usize, usize)>,
    pub path: Vec<(&'static str, u16)>,
    /// The name the generated code gives its machine (`Tables::NAME`).
    pub machine: &'static str,
    /// The Rust type of the states the path was traced with: the generated module's `State`.
    pub generated_by: &'static str,
}

/// What the tests need of a machine beyond its generated tables: its options, how its tokens
/// read, and where its html5lib-format tokenizer suite is. Running it is the driver's, the same
/// for every machine (tokens, errors and the path through the iterator API's queue).
pub trait TestMachine: for<'i> Drive<'i, TokenQueue<'i, Self>> + statemark::cases::SpecCases {
    /// Its tokenizer suite: (environment variable, directory under `../shared`).
    const SUITE: (&'static str, &'static str);
    /// Options with errors on and this last start tag; an error if the machine has none.
    fn options(last_start_tag: Option<&str>) -> Result<Self::Options, String>;
    /// A token as one line of text.
    fn show(token: &Self::Token<'_>) -> String;
    /// Set one of the machine's flags in the options (the 2008 draft's content model flag, from
    /// an example's `content_model_flag` or the 2007 suite's `contentModelFlags`); an error for
    /// a machine without flags.
    fn set_flag(options: &mut Self::Options, flag: &str, value: &str) -> Result<(), String> {
        let _ = options;
        Err(format!("machine {} has no flags (given {flag} = {value:?})", Self::NAME))
    }
}

/// Something to do with the machine [`dispatch`] finds by name.
pub trait Visit {
    type Out;
    fn visit<M: TestMachine>(self) -> Self::Out;
}

impl TestMachine for statemark::html::Html {
    const SUITE: (&'static str, &'static str) = ("HTML5LIB_TESTS", "html5lib-tests");

    fn options(last_start_tag: Option<&str>) -> Result<statemark::html::Options, String> {
        Ok(statemark::html::Options {
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: true,
            // The states as the snapshots record them: no switching after start tags.
            ..statemark::html::Options::without_switching()
        })
    }

    fn show(t: &statemark::html::Token<'_>) -> String {
        use statemark::html::Token;
        match t {
            Token::Doctype(d) => show_doctype(d),
            Token::StartTag(tag) => show_tag("StartTag", tag),
            Token::EndTag(tag) => show_tag("EndTag", tag),
            Token::Comment(c) => format!("Comment {c:?}"),
            Token::Characters(c) => format!("Characters {c:?}"),
            Token::ProcessingInstruction(p) => show_pi(p),
            Token::Eof => "EOF".to_owned(),
        }
    }
}

impl TestMachine for statemark::xml5::Xml5 {
    const SUITE: (&'static str, &'static str) = ("XML5LIB_TESTS", "xml5lib-tests");

    fn options(last_start_tag: Option<&str>) -> Result<statemark::xml5::Options, String> {
        match last_start_tag {
            Some(t) => Err(format!("xml5 has no last start tag (given {t:?})")),
            None => Ok(statemark::xml5::Options { errors: true }),
        }
    }

    fn show(t: &statemark::xml5::Token<'_>) -> String {
        use statemark::xml5::Token;
        match t {
            Token::Doctype(d) => show_doctype(d),
            Token::StartTag(tag) => show_tag("StartTag", tag),
            Token::EmptyTag(tag) => show_tag("EmptyTag", tag),
            Token::EndTag(tag) => show_tag("EndTag", tag),
            Token::ShortEndTag => "ShortEndTag".to_owned(),
            Token::Comment(c) => format!("Comment {c:?}"),
            Token::Characters(c) => format!("Characters {c:?}"),
            Token::ProcessingInstruction(p) => show_pi(p),
            Token::Eof => "EOF".to_owned(),
        }
    }
}

impl TestMachine for statemark::editions::html2017::Html2017 {
    // The suite of the 12.2.4 text's time (html5lib-tests-editions/SOURCE.md).
    const SUITE: (&'static str, &'static str) = ("HTML5LIB_TESTS_2017", "html5lib-tests-editions/2017-04");

    fn options(last_start_tag: Option<&str>) -> Result<statemark::editions::html2017::Options, String> {
        Ok(statemark::editions::html2017::Options {
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: true,
            ..statemark::editions::html2017::Options::without_switching()
        })
    }

    /// The edition's tokens are today's HTML tokens.
    fn show(t: &statemark::html::Token<'_>) -> String {
        <statemark::html::Html as TestMachine>::show(t)
    }
}

impl TestMachine for statemark::editions::html2008::Html2008 {
    // The suite of the 2008 draft's time (html5lib-tests-editions/SOURCE.md).
    const SUITE: (&'static str, &'static str) = ("HTML5LIB_TESTS_2007", "html5lib-tests-editions/2007-09");

    fn options(last_start_tag: Option<&str>) -> Result<statemark::editions::html2008::Options, String> {
        Ok(statemark::editions::html2008::Options {
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: true,
            ..Default::default()
        })
    }

    /// The edition's tokens are today's HTML tokens.
    fn show(t: &statemark::html::Token<'_>) -> String {
        <statemark::html::Html as TestMachine>::show(t)
    }

    fn set_flag(options: &mut statemark::editions::html2008::Options, flag: &str, value: &str) -> Result<(), String> {
        if options.flags.set(flag, value) { Ok(()) } else { Err(format!("html2008 has no flag {flag} = {value:?}")) }
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

fn show_pi(p: &statemark::html::ProcessingInstruction<'_>) -> String {
    format!("ProcessingInstruction target={:?} data={:?}", p.target, p.data)
}

/// One tokenizer input with its settings.
#[derive(Clone, Debug)]
pub struct Input {
    pub machine: &'static str,
    /// Where it comes from, for messages.
    pub origin: String,
    pub text: String,
    /// Initial state by name (the state's snake_case name or its heading).
    pub state: String,
    pub last_start_tag: Option<String>,
    /// The content model flag to start with (the 2008 draft); None: the machine's initial flags.
    pub content_model_flag: Option<String>,
}

/// Run `inp` on machine `M` (whole input when `chunks` is None) and record everything.
pub fn record_with<M: TestMachine>(inp: &Input, chunks: Option<&[&str]>) -> Result<Recorded, String> {
    let state = M::state_from_name(&inp.state)
        .ok_or_else(|| format!("{}: machine {} has no state {:?}", inp.origin, M::NAME, inp.state))?;
    let mut options = M::options(inp.last_start_tag.as_deref()).map_err(|e| format!("{}: {e}", inp.origin))?;
    if let Some(flag) = &inp.content_model_flag {
        M::set_flag(&mut options, "content_model", flag).map_err(|e| format!("{}: {e}", inp.origin))?;
    }
    let mut rec = Recorded { machine: M::NAME, generated_by: std::any::type_name::<M::State>(), ..Default::default() };
    match chunks {
        None => {
            let mut t: Tokenizer<'_, M, TokenQueue<'_, M>> = Tokenizer::with_options(&inp.text, options);
            t.set_initial_state(state);
            drain(&mut t, &mut rec);
        }
        Some(chunks) => {
            let mut t: Tokenizer<'static, M, TokenQueue<'static, M>> =
                Tokenizer::for_chunks(options, TokenQueue::new(true));
            t.set_initial_state(state);
            for c in chunks {
                t.feed(c);
            }
            t.finish();
            drain(&mut t, &mut rec);
        }
    }
    Ok(rec)
}

fn drain<'i, M: TestMachine>(t: &mut Tokenizer<'i, M, TokenQueue<'i, M>>, rec: &mut Recorded) {
    while let Some((token, span)) = t.next_spanned() {
        rec.tokens.push((M::show(&token), span));
    }
    rec.errors = t
        .errors()
        .iter()
        .map(|e| (M::error_code(e.code), e.position.line, e.position.column, e.position.offset))
        .collect();
    rec.path = t.take_trace().into_iter().map(|(s, c)| (M::state_name(s), c)).collect();
}

struct Run<'a> {
    inp: &'a Input,
    chunks: Option<&'a [&'a str]>,
}

impl Visit for Run<'_> {
    type Out = Result<Recorded, String>;
    fn visit<M: TestMachine>(self) -> Self::Out {
        record_with::<M>(self.inp, self.chunks)
    }
}

/// Whether `rec` was produced by `inp`'s machine's own generated code: the machine name its
/// generated tables give, and the generated module its traced states are of
/// (`statemark::generated::<machine>_tokenizer::State`, as `std::any::type_name` spells it).
pub fn check_own_code(inp: &Input, rec: &Recorded) -> Result<(), String> {
    let module = format!("statemark::generated::{}_tokenizer::State", inp.machine);
    if rec.machine != inp.machine || rec.generated_by != module {
        return Err(format!(
            "{}: machine {} was run by the generated code of {} ({}), not its own ({module})",
            inp.origin, inp.machine, rec.machine, rec.generated_by
        ));
    }
    Ok(())
}

/// Run on the input's machine, found by name; an error for an unknown machine or state, or if
/// the code that ran is not the named machine's own.
fn run(inp: &Input, chunks: Option<&[&str]>) -> Result<Recorded, String> {
    let rec = dispatch(inp.machine, Run { inp, chunks })??;
    check_own_code(inp, &rec)?;
    Ok(rec)
}

/// Tokenize a whole string.
pub fn record(inp: &Input) -> Result<Recorded, String> {
    run(inp, None)
}

/// Tokenize the input given as chunks.
pub fn record_chunks(inp: &Input, chunks: &[&str]) -> Result<Recorded, String> {
    run(inp, Some(chunks))
}

/// A machine as committed.
pub fn machine(name: &str) -> SpecMachine {
    statemark_codegen::load::load_machine(&crate::root().join("spec"), name).expect("spec loads")
}

/// (state name, case number) → the case's spec label, for every case of every table.
pub fn case_labels(m: &SpecMachine) -> BTreeMap<(String, u16), String> {
    let mut out = BTreeMap::new();
    for (name, def) in &m.states {
        let st = lower_state(name, def);
        let mut bodies = vec![&st.body];
        while let Some(body) = bodies.pop() {
            match body {
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
                // A state-level branch: its bodies' cases, numbered on through the branches.
                LBody::Branch { branches } => bodies.extend(branches.iter().map(|(_, b)| b)),
            }
        }
    }
    out
}

/// Every example of every state of a machine's tables.
pub fn example_inputs(machine: &'static str, m: &SpecMachine) -> Vec<Input> {
    let mut out = Vec::new();
    for (name, def) in &m.states {
        for (i, ex) in def.examples.iter().enumerate() {
            out.push(Input {
                machine,
                origin: format!("spec/{machine}/tokenizer/{name}.ron example {}", i + 1),
                text: ex.input.clone(),
                state: ex.initial_state.clone().unwrap_or_else(|| m.manifest.initial_state.clone()),
                last_start_tag: ex.last_start_tag.clone(),
                content_model_flag: ex.content_model_flag.clone(),
            });
        }
    }
    out
}

/// Every conformance-suite tokenizer input for a machine (its html5lib-format suite ×
/// initial states); None when the suite is missing locally. Panics for a machine
/// spec/machines.ron does not list.
pub fn suite_inputs(machine: &'static str) -> Option<Vec<Input>> {
    struct Suite;
    impl Visit for Suite {
        type Out = (&'static str, &'static str);
        fn visit<M: TestMachine>(self) -> Self::Out {
            M::SUITE
        }
    }
    let (var, dir) = dispatch(machine, Suite).unwrap_or_else(|e| panic!("{e}"));
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
            let strings = |f: &str| -> Option<Vec<String>> {
                t[f].as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
            };
            // (initial state, content model flag): the 2007 suite names content model flags
            // (html5lib-tests-editions/SOURCE.md), later ones initial states.
            let starts: Vec<(String, Option<String>)> = match (strings("initialStates"), strings("contentModelFlags")) {
                (Some(states), _) => states.into_iter().map(|s| (s, None)).collect(),
                (None, Some(flags)) => flags.into_iter().map(|f| ("Data state".to_owned(), Some(f))).collect(),
                (None, None) => vec![("Data state".to_owned(), None)],
            };
            for (st, flag) in starts {
                out.push(Input {
                    machine,
                    origin: format!("{dir}/{name} #{i} ({})", flag.as_deref().unwrap_or(&st), dir = dir.display()),
                    text: text.clone(),
                    state: st,
                    last_start_tag: t["lastStartTag"].as_str().map(str::to_owned),
                    content_model_flag: flag,
                });
            }
        }
    }
    Some(out)
}
