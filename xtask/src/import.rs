//! `cargo xtask import`: a tokenization section in the spec's source markup read into RON tables
//! of today's schema, one state at a time. A state whose text is formulaic ("Consume the next
//! input character: ... Switch to the ... state. Emit ...") is read clause by clause; a state
//! the reader cannot read (an algorithm, a content-model branch, a clause it does not know) is
//! listed with its reasons and taken from a hand transcription kept beside the import, found by
//! the state's name and the hash of its text (so one transcription serves every revision whose
//! text of that state is the same).

use crate::spec_check::{Key, bullet_key};
use crate::spec_text::{self, TextCase, TextState};
use regex::Regex;
use statemark_codegen::lower::code_point;
use statemark_codegen::model::{
    Action, Body, Branch, Case, Chars, ErrorDecl, ErrorList, Guard, Machine, Manifest, Matcher, StateDef, Terminal,
};
use statemark_codegen::names::snake;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// The error code an imported text gets where it says only "Parse error." (the texts before
/// 2017 name no codes): one code, so an old text's errors are compared by where they are raised.
pub const UNNAMED_ERROR: &str = "parse-error";

/// One state of an imported text.
#[derive(Debug, Clone)]
pub struct ImportedState {
    /// snake_case name from the heading.
    pub name: String,
    /// The table: read from the text, or from a hand transcription.
    pub def: Option<StateDef>,
    /// Why the reader could not read the state (empty when it did).
    pub unread: Vec<String>,
    /// Hash of the state's text (heading, prose and bullets, whitespace collapsed): the key of
    /// its hand transcription.
    pub text_hash: String,
    /// Whether `def` came from a hand transcription.
    pub hand: bool,
}

/// An imported text: every state it has, read or not.
#[derive(Debug, Clone)]
pub struct Import {
    pub states: Vec<ImportedState>,
}

impl Import {
    /// The states neither read nor hand-transcribed.
    pub fn missing(&self) -> Vec<&ImportedState> {
        self.states.iter().filter(|s| s.def.is_none()).collect()
    }

    /// The states read or transcribed, as a machine the interpreter can run (an input that
    /// reaches a missing state is then reported as unsupported). With the flags the 2008-era
    /// tables read.
    pub fn partial_machine(&self, label: &str) -> Machine {
        let states: Vec<(String, StateDef)> =
            self.states.iter().filter_map(|s| Some((s.name.clone(), s.def.clone()?))).collect();
        let flags = vec![
            statemark_codegen::model::FlagDecl {
                name: "content_model".into(),
                // TITLE: the title state of 2006-03-02 and 2006-03-21, whose data state reparses
                // at the end of the file; later texts fold it into RCDATA. The tokenizer never
                // sets it (the tree builder did), and no input of the history starts in it.
                values: ["PCDATA", "RCDATA", "CDATA", "PLAINTEXT", "TITLE"].map(String::from).to_vec(),
                initial: "PCDATA".into(),
            },
            statemark_codegen::model::FlagDecl {
                name: "escape".into(),
                values: ["false", "true"].map(String::from).to_vec(),
                initial: "false".into(),
            },
        ];
        let manifest = Manifest {
            machine: label.to_owned(),
            spec_title: label.to_owned(),
            spec_version: label.to_owned(),
            anchor_base: String::new(),
            initial_state: "data_state".into(),
            external_states: Vec::new(),
            states: states.iter().map(|(n, _)| n.clone()).collect(),
            runtime_module: None,
            feature: None,
            flags,
            on_end_tag_emitted: Vec::new(),
            named_references: None,
        };
        let errors = ErrorList { anchor_base: None, provenance: label.to_owned(), errors: Vec::new() };
        Machine { dir: label.to_owned(), manifest, states, errors, sources: Vec::new() }
    }

    /// The import as a machine for the interpreter and the diff (when nothing is missing). Its
    /// manifest's initial state is the first state's; its errors are the codes the tables use.
    pub fn machine(&self, label: &str) -> Option<Machine> {
        let mut states = Vec::new();
        for s in &self.states {
            states.push((s.name.clone(), s.def.clone()?));
        }
        let mut codes = BTreeSet::new();
        for (_, d) in &states {
            for (_, c, _) in d.body.numbered_cases() {
                for a in c.actions.iter().chain(c.otherwise.iter().flat_map(|o| o.actions.iter())) {
                    if let Action::Error(code) = a {
                        codes.insert(code.clone());
                    }
                }
            }
            if let Body::HandWritten { raises, .. } = &d.body {
                codes.extend(raises.iter().cloned());
            }
        }
        let manifest = Manifest {
            machine: label.to_owned(),
            spec_title: label.to_owned(),
            spec_version: label.to_owned(),
            anchor_base: String::new(),
            initial_state: states.first()?.0.clone(),
            external_states: Vec::new(),
            states: states.iter().map(|(n, _)| n.clone()).collect(),
            runtime_module: None,
            feature: None,
            flags: Vec::new(),
            on_end_tag_emitted: Vec::new(),
            named_references: None,
        };
        let errors = ErrorList {
            anchor_base: None,
            provenance: label.to_owned(),
            errors: codes
                .into_iter()
                .map(|code| ErrorDecl { code, anchor: None, summary: String::new(), raised_by: None })
                .collect(),
        };
        Some(Machine { dir: label.to_owned(), manifest, states, errors, sources: Vec::new() })
    }
}

/// FNV-1a of a state's text, as 16 hex digits.
fn hash(s: &str) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

/// The text of a state that its hand transcription is keyed by.
fn state_text(t: &TextState) -> String {
    let mut s = format!("{}\n{}\n", t.heading, t.intro);
    for c in &t.cases {
        s.push_str(&c.bullets.join(" | "));
        s.push('\n');
        s.push_str(&c.prose);
        s.push('\n');
    }
    s
}

/// Where hand transcriptions are looked for: `<dir>/<state>.ron` (any text of the state) and
/// `<dir>/<state>@<hash>.ron` (that text only; preferred).
/// Besides files, transcriptions already known by (state, text hash): a reviewed machine's
/// tables for the states its own text has that the reader cannot read (see [`HandDirs::learn`]).
#[derive(Debug, Clone, Default)]
pub struct HandDirs(pub Vec<PathBuf>, pub std::collections::BTreeMap<(String, String), StateDef>);

impl HandDirs {
    /// Directories only.
    pub fn dirs(dirs: Vec<PathBuf>) -> HandDirs {
        HandDirs(dirs, Default::default())
    }

    /// Learn the hand transcriptions a reviewed machine holds for its own text: every state of
    /// `text` the reader cannot read is keyed by its text hash to `machine`'s table of that name,
    /// so any revision with the same text of that state uses it.
    pub fn learn(&mut self, text: &str, machine: &Machine) -> usize {
        let imp = import_text(text, &HandDirs::default());
        let mut n = 0;
        for s in imp.states.iter().filter(|s| s.def.is_none()) {
            if let Some((_, d)) = machine.states.iter().find(|(name, _)| name == &s.name) {
                self.1.insert((s.name.clone(), s.text_hash.clone()), d.clone());
                n += 1;
            }
        }
        n
    }

    fn find_file(&self, file: &str) -> Option<StateDef> {
        if let Some((name, hash)) = file.strip_suffix(".ron").and_then(|f| f.split_once('@'))
            && let Some(d) = self.1.get(&(name.to_owned(), hash.to_owned()))
        {
            return Some(d.clone());
        }
        for dir in &self.0 {
            let p = dir.join(file);
            if p.is_file() {
                return statemark_codegen::load::read_ron::<StateDef>(&p, &p.to_string_lossy()).ok();
            }
        }
        None
    }

    fn find_exact(&self, name: &str, text_hash: &str) -> Option<StateDef> {
        self.find_file(&format!("{name}@{text_hash}.ron")).or_else(|| self.find_shared(name, text_hash))
    }

    /// One transcription for several texts that differ only in wording:
    /// `<state>@<hash>+<hash>+....ron` serves each hash it names.
    fn find_shared(&self, name: &str, text_hash: &str) -> Option<StateDef> {
        let prefix = format!("{name}@");
        for dir in &self.0 {
            let Ok(entries) = std::fs::read_dir(dir) else { continue };
            let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            files.sort();
            for p in files {
                let Some(file) = p.file_name().and_then(|f| f.to_str()) else { continue };
                let Some(hashes) = file.strip_prefix(&prefix).and_then(|f| f.strip_suffix(".ron")) else { continue };
                if hashes.contains('+') && hashes.split('+').any(|h| h == text_hash) {
                    return statemark_codegen::load::read_ron::<StateDef>(&p, &p.to_string_lossy()).ok();
                }
            }
        }
        None
    }

    fn find_any(&self, name: &str) -> Option<StateDef> {
        self.find_file(&format!("{name}.ron"))
    }
}

/// Import a tokenization section (markup) from a file.
pub fn import_file(path: &Path, hand: &HandDirs) -> Result<Import, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(import_text(&text, hand))
}

/// Import a tokenization section given as markup.
pub fn import_text(markup: &str, hand: &HandDirs) -> Import {
    let markup = &stray_dt_states(markup);
    let states = spec_text::parse("section.html", markup);
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    let section = charref_section(markup);
    for t in &states {
        let name = snake(&t.heading);
        if !seen.insert(name.clone()) {
            continue;
        }
        let text_hash = hash(&state_text(t));
        // A transcription of this very text overrides the reader; one of the state's name
        // stands in where the reader cannot read the text.
        // A state that only calls the character reference algorithm is read as a switch to it.
        let read = read_state(t).or_else(|why| {
            section
                .as_ref()
                .and_then(|(section_name, _, _)| crate::import_charref::read_caller(t, section_name))
                .ok_or(why)
        });
        let (def, unread, from_hand) = match (hand.find_exact(&name, &text_hash), read) {
            (Some(d), r) => (Some(d), r.err().unwrap_or_default(), true),
            (None, Ok(d)) => (Some(d), Vec::new(), false),
            (None, Err(why)) => match hand.find_any(&name) {
                Some(d) => (Some(d), why, true),
                None => (None, why, false),
            },
        };
        out.push(ImportedState { name, def, unread, text_hash, hand: from_hand });
    }
    if bogus_comment_keeps_first_character(&states) {
        for s in out.iter_mut().filter(|s| !s.hand) {
            if let Some(d) = &mut s.def {
                reconsume_into_bogus_comment(&mut d.body);
            }
        }
    }
    // The character reference algorithm of the older texts is a section, not a state; the
    // machine runs it as a hand-written state ("Tokenising entities") whose parameters are read
    // from the section's prose (`import_charref.rs`).
    if let Some((name, heading, text)) = section {
        let text_hash = hash(&spec_text::clean(text));
        let (def, unread, hand_found) =
            match (hand.find_exact(&name, &text_hash), crate::import_charref::read_section(text)) {
                (Some(d), r) => (Some(d), r.err().unwrap_or_default(), true),
                (None, Ok(alg)) => (Some(alg.state(heading, UNNAMED_ERROR)), Vec::new(), false),
                (None, Err(mut why)) => {
                    why.insert(0, format!("an algorithm (the section \"{heading}\")"));
                    match hand.find_any(&name) {
                        Some(d) => (Some(d), why, true),
                        None => (None, why, false),
                    }
                }
            };
        out.push(ImportedState { name, def, unread, text_hash, hand: hand_found });
    }
    Import { states: out }
}

/// The character reference section of an older text: its state name, heading and markup (from
/// the heading to the next heading).
pub(crate) fn charref_section(markup: &str) -> Option<(String, &'static str, &str)> {
    let lower = markup.to_ascii_lowercase();
    for heading in [
        "Tokenising entities",
        "Tokenizing entities",
        "Tokenising character references",
        "Tokenizing character references",
    ] {
        let l = heading.to_ascii_lowercase();
        let Some(p) = lower.find(&format!(">{l}<")) else { continue };
        let end = lower[p + 1..].find("<h").map_or(lower.len(), |e| p + 1 + e);
        return Some((snake(heading), heading, &markup[p..end]));
    }
    None
}

/// Whether the text's bogus comment state starts its comment with "the character that caused
/// the state machine to switch into the bogus comment state" (the texts of 2006 to 2010): that
/// character, consumed by the state that switched, is the comment's first.
fn bogus_comment_keeps_first_character(states: &[TextState]) -> bool {
    states.iter().any(|t| {
        snake(&t.heading) == "bogus_comment_state"
            && state_text(t).to_lowercase().contains("caused the state machine to switch into the bogus comment state")
    })
}

/// "Switch to the bogus comment state" from a case that consumed a character, in a text whose
/// bogus comment keeps that character: the table's form is reconsuming it there (as the hand
/// transcriptions of the 2008 draft's tag open and close tag open states write it).
fn reconsume_into_bogus_comment(body: &mut Body) {
    match body {
        Body::ConsumeNext(cs) => {
            for c in cs {
                for t in std::iter::once(&mut c.then).chain(c.otherwise.as_mut().map(|o| &mut o.then)) {
                    if *t == Terminal::Switch("bogus_comment_state".into()) {
                        *t = Terminal::Reconsume("bogus_comment_state".into());
                    }
                }
            }
        }
        Body::Branch(bs) => bs.iter_mut().for_each(|b| reconsume_into_bogus_comment(&mut b.body)),
        Body::Lookahead(_) | Body::HandWritten { .. } => {}
    }
}

/// A text whose states are headings may still have one written the old way, as a `<dt>` of a
/// state list (2008-07-23, "Make the tokeniser states into sections", left the comment state so
/// until the next commit's "fix markup errors"): read it as the heading it was meant to be.
fn stray_dt_states(markup: &str) -> String {
    static DT: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"<dt>\s*(<dfn[^>]*>[^<]* state</dfn>)\s*</dt>").expect("regex"));
    if !markup.contains("<h5><dfn") {
        return markup.to_owned();
    }
    DT.replace_all(markup, "<h5>$1</h5>").into_owned()
}

/// Read one state, or say why not.
pub fn read_state(t: &TextState) -> Result<StateDef, Vec<String>> {
    let name = snake(&t.heading);
    let intro = t.intro.to_lowercase();
    let mut why = Vec::new();
    if intro.contains("depends on the content model flag") || intro.contains("behaviour of this state depends") {
        why.push("the state branches on the content model flag".to_owned());
        return Err(why);
    }
    let consume = intro.contains("consume the next input character")
        || intro.contains("consume the next character")
        || intro.contains("consume the current input character");
    let (on_entry_text, on_exit_text) = split_intro(&t.intro);
    let mut on_entry = Vec::new();
    let mut on_exit = Vec::new();
    // A verb the prose after the list does after every case ("Then, if the name of the DOCTYPE
    // token is ...").
    let mut after_every_case = None;
    if !on_entry_text.trim().is_empty() {
        match read_clauses(&on_entry_text, &name) {
            Ok(r) if r.terminal.is_none() && r.guard.is_none() => on_entry = r.actions,
            Ok(_) => why.push(format!("on entry: a terminal or a condition in {on_entry_text:?}")),
            Err(e) => why.push(format!("on entry: {e}")),
        }
    }
    if !on_exit_text.trim().is_empty() {
        let l = on_exit_text.to_lowercase();
        if l.contains("when the user agent leaves") && (l.contains("same name") || l.contains("duplicate")) {
            on_exit.push(Action::CheckDuplicateAttribute);
        } else if let Some(a) = doctype_correct_if_named(&on_exit_text) {
            after_every_case = Some(a);
        } else if l.contains("when the user agent leaves") || l.contains("consume") || l.contains("mark ") {
            why.push(format!("after the list: {on_exit_text:?}"));
        }
        // Anything else after the list is a note ("U+0000 NULL characters are handled in the
        // tree construction stage ..."), which no table records.
    }
    let mut cases = Vec::new();
    for c in &t.cases {
        match read_case(c, &name, t.paragraphs || !consume) {
            Ok(cs) => cases.extend(cs),
            Err(e) => why.push(format!("{}: {e}", c.bullets.join(", "))),
        }
    }
    if t.cases.is_empty() {
        why.push("no switch and no paragraphs the reader knows (an algorithm)".to_owned());
    }
    if !why.is_empty() {
        return Err(why);
    }
    if let Some(a) = after_every_case {
        for c in &mut cases {
            c.actions.push(a.clone());
            if let Some(o) = &mut c.otherwise {
                o.actions.push(a.clone());
            }
        }
    }
    let body = if consume && !t.paragraphs { Body::ConsumeNext(cases) } else { Body::Lookahead(cases) };
    Ok(StateDef { id: t.id.clone(), heading: t.heading.clone(), on_entry, on_exit, body, examples: Vec::new() })
}

/// The DOCTYPE name state's paragraph after its list in the texts of 2006-03-02 to 2007-06-15:
/// "(Then,) if the name of the DOCTYPE token is exactly the four letters "HTML", then mark the
/// token as being correct. Otherwise, mark it as being in error." It follows the list ("First,
/// consume the next input character: ... Then, ..."), so it is done after every case's own
/// verbs: the last verb of each. (A note may follow it: "Because lowercase letters in the name
/// are uppercased by the algorithm above, the "HTML" letters are actually case-insensitive".)
fn doctype_correct_if_named(prose: &str) -> Option<Action> {
    static RE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r#"^(?:then, )?if the name of the doctype token is exactly the (?:[a-z]+ letters )?"([^"]+)", then mark the token as being correct\. otherwise, mark it as being in error\.(?:\s|$)"#,
        )
        .expect("regex")
    });
    let p = prose.trim().replace(['\u{201c}', '\u{201d}'], "\"");
    let lower = p.to_ascii_lowercase();
    let c = RE.captures(&lower)?;
    // The name as written (its case matters: "exactly").
    let name = &p[c.get(1)?.range()];
    Some(Action::MarkDoctypeCorrectIfNamed(name.to_owned()))
}

/// The intro's sentences before "Consume the next input character" (on entry) and after the
/// list ("When the user agent leaves ...").
fn split_intro(intro: &str) -> (String, String) {
    let l = intro.to_lowercase();
    let mut entry = String::new();
    let mut exit = String::new();
    if let Some(p) = l.find("consume the next input character").or_else(|| l.find("consume the next character")) {
        entry = intro[..p].trim().to_owned();
        let rest = &intro[p..];
        // "Consume the next input character:" then, after the list, the state's own prose.
        if let Some(colon) = rest.find(':') {
            exit = rest[colon + 1..].trim().to_owned();
        }
    } else if let Some(p) = l.find("when the user agent leaves") {
        exit = intro[p..].trim().to_owned();
    }
    (entry, exit)
}

/// The matchers of a case's bullets.
fn matchers(bullets: &[String]) -> Result<Vec<Matcher>, String> {
    let mut out = Vec::new();
    for b in bullets {
        out.push(match bullet_key(b) {
            Key::Char(_) => Matcher::Char(verbatim_char(b)),
            Key::Class(c) => Matcher::Class(c),
            Key::Eof => Matcher::Eof,
            Key::AnythingElse => Matcher::AnythingElse,
            Key::Exact(s) => Matcher::Exact(s),
            Key::CaseInsensitive(s) => Matcher::CaseInsensitive(s),
            Key::Unread(s) => return Err(format!("bullet {s:?} not read")),
        });
    }
    Ok(out)
}

/// A code point bullet as the tables write it: `U+XXXX NAME (x)`, whitespace collapsed.
fn verbatim_char(b: &str) -> String {
    b.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One text case: usually one table case; a paragraph case ("If the next two characters are
/// ..., consume them and ...") too.
fn read_case(c: &TextCase, state: &str, lookahead: bool) -> Result<Vec<Case>, String> {
    let on = matchers(&c.bullets)?;
    let mut prose = c.prose.clone();
    let string = on.iter().any(|m| matches!(m, Matcher::Exact(_) | Matcher::CaseInsensitive(_)));
    if (lookahead && !on.iter().any(|m| matches!(m, Matcher::AnythingElse))) || string {
        // Paragraph form: "If the next seven characters are ..., then consume those characters
        // and switch to ...": the condition is the matcher; what follows is the case.
        let l = prose.to_lowercase();
        let conditional =
            l.starts_with("if ") || l.starts_with("otherwise") || l.contains("if the next") || l.contains("if the six");
        if let Some(p) = [", then ", ", consume ", " then consume "]
            .iter()
            .filter_map(|s| l.find(s).map(|p| p + 2))
            .min()
            .filter(|_| conditional)
        {
            prose = prose[p..].to_owned();
        } else if let Some(p) = quoted_then(&l).filter(|_| conditional) {
            prose = prose[p..].to_owned();
        }
    } else {
        let l = prose.to_lowercase();
        if l.starts_with("otherwise,") {
            prose = prose["otherwise,".len()..].trim().to_owned();
        } else if l.starts_with("otherwise") {
            prose = prose["otherwise".len()..].trim().to_owned();
        }
    }
    let r = read_clauses(&prose, state)?;
    let then = r.terminal.unwrap_or(Terminal::Stay);
    Ok(vec![Case { on, guard: r.guard, actions: r.actions, then, otherwise: r.otherwise }])
}

/// Where the case's own clauses start after a condition that ends in a quoted string with no
/// comma: "Otherwise if the next seven chacacters are a case-insensitive match for the word
/// "DOCTYPE" then switch to the DOCTYPE state" (the texts of 2006).
fn quoted_then(l: &str) -> Option<usize> {
    l.find("\" then ").map(|p| p + 2)
}

/// What a run of clauses says.
#[derive(Debug, Default)]
struct Read {
    actions: Vec<Action>,
    terminal: Option<Terminal>,
    guard: Option<Guard>,
    otherwise: Option<Branch>,
}

/// The guard of a condition ("the current end tag token is an appropriate end tag token").
fn guard_of(cond: &str) -> Option<Guard> {
    let c = cond.to_lowercase();
    if c.contains("appropriate end tag token") {
        Some(Guard::AppropriateEndTag)
    } else if c.contains("temporary buffer is the string \"script\"") || c.contains("temporary buffer is \"script\"") {
        Some(Guard::TempBufferIsScript)
    } else if c.contains("adjusted current node") && c.contains("not an element in the html namespace") {
        Some(Guard::AdjustedCurrentNodeIsForeign)
    } else if c.contains("consumed as part of an attribute") {
        Some(Guard::CharRefInAttribute)
    } else {
        None
    }
}

/// Read a case's prose: plain clauses, or "<prefix>. If <cond>, then <A>. Otherwise, <B>.
/// <suffix>", where the prefix and a suffix after a complete `<B>` are done on both paths.
fn read_clauses(prose: &str, state: &str) -> Result<Read, String> {
    let p = prose.trim();
    let l = p.to_ascii_lowercase();
    // 2008 draft: "Parse error unless this is a permitted slash. <rest>": the rest either way,
    // the error only when the slash is not permitted.
    if let Some(rest) = l.strip_prefix("parse error unless this is a permitted slash") {
        let r = plain(&p[p.len() - rest.len()..], state)?;
        let then = r.terminal.unwrap_or(Terminal::Stay);
        let mut else_actions = vec![Action::Error(UNNAMED_ERROR.into())];
        else_actions.extend(r.actions.iter().cloned());
        return Ok(Read {
            actions: r.actions,
            terminal: Some(then.clone()),
            guard: Some(Guard::PermittedSlash),
            otherwise: Some(Branch { actions: else_actions, then }),
        });
    }
    // "If the character reference was consumed as part of an attribute, then append ...
    // Otherwise, emit ..." is one verb of its own.
    let at = if l.starts_with("if ") { Some(0) } else { l.find(". if ").map(|i| i + 2) };
    let Some(at) = at.filter(|_| !l.contains("consumed as part of an attribute, then append the current input")) else {
        return plain(p, state).map(|r| Read {
            actions: r.actions,
            terminal: r.terminal,
            guard: None,
            otherwise: None,
        });
    };
    let rest = &l[at + 3..];
    let Some(comma) = rest.find(", ") else {
        return Err(format!("condition without a comma: {:?}", &p[at..]));
    };
    let Some(guard) = guard_of(&rest[..comma]) else {
        return Err(format!("condition not read: {:?}", &rest[..comma]));
    };
    let prefix = plain(&p[..at], state)?;
    let after = &p[at + 3 + comma + 2..];
    let after = after.strip_prefix("then ").unwrap_or(after);
    let al = after.to_ascii_lowercase();
    let (then_part, else_part) = match al.find("otherwise,").or_else(|| al.find("otherwise ")) {
        Some(o) => (&after[..o], Some(after[o + "otherwise".len()..].trim_start_matches(',').trim())),
        None => (after, None),
    };
    let then = plain(then_part, state)?;
    let mut shared = Vec::new();
    let mut otherwise = None;
    let mut fall_through = false;
    if let Some(e) = else_part {
        let el = e.to_ascii_lowercase();
        if el.starts_with("treat it as per the") && el.contains("anything else") {
            fall_through = true;
        } else {
            // When the else's first sentence ends in a terminal and so does the then, the
            // sentences after it are the case's own (done on both paths).
            let first_end = el.find(". ").map(|i| i + 1).unwrap_or(el.len());
            let first = plain(&e[..first_end], state)?;
            let whole = plain(e, state)?;
            let (b, tail) = if then.terminal.is_some() && first.terminal.is_some() && first_end < el.len() {
                (first, plain(&e[first_end..], state)?)
            } else {
                (whole, Plain { actions: Vec::new(), terminal: None })
            };
            if tail.terminal.is_some() {
                return Err(format!("a terminal after the condition's two outcomes: {e:?}"));
            }
            shared = tail.actions;
            otherwise = Some(b);
        }
    }
    if prefix.terminal.is_some() {
        return Err(format!("a terminal before the condition: {p:?}"));
    }
    let both = |own: Vec<Action>| -> Vec<Action> {
        prefix.actions.iter().cloned().chain(own).chain(shared.iter().cloned()).collect()
    };
    let r = Read {
        actions: both(then.actions),
        terminal: then.terminal,
        guard: Some(guard),
        otherwise: otherwise.map(|b| Branch { actions: both(b.actions), then: b.terminal.unwrap_or(Terminal::Stay) }),
    };
    let _ = fall_through;
    Ok(r)
}

struct Plain {
    actions: Vec<Action>,
    terminal: Option<Terminal>,
}

/// A pattern: an anchored regex and what it makes of its captures.
/// The maker gets the captures (of the ASCII-lowercased text), the state's name and the
/// original text of the match (for quoted strings, whose case matters).
type Maker = fn(&regex::Captures, &str, &str) -> Vec<Item>;

enum Item {
    Act(Action),
    Term(Terminal),
    /// A clause that says nothing the table records ("set that attribute name and value to
    /// the empty string" after "start a new attribute").
    Nothing,
}

fn st(s: &str) -> String {
    snake(s.trim())
}

/// The code points a phrase names, in order; "two U+002D ..." names it twice.
fn cps(text: &str) -> Chars {
    let mut found = Vec::new();
    for c in CP.captures_iter(text) {
        let cp = c[2].to_uppercase();
        if c.get(1).is_some() {
            found.push(cp.clone());
        }
        found.push(cp);
    }
    Chars::CodePoints(found.join(" "))
}

static CP: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(two )?(u\+[0-9a-f]{4,6})").expect("regex"));

/// The text a clause appends: the current character, its lowercase, or literal code points.
fn what_all(s: &str) -> Option<Vec<Chars>> {
    let mut out: Vec<Chars> = Vec::new();
    let mut pieces: Vec<&str> = Vec::new();
    // "two U+002D ... (-) and a U+0021 ... (!)", "a U+002D ... (-) and the current input character"
    for piece in s.split(" and ") {
        pieces.push(piece);
    }
    for piece in pieces {
        let c = what(piece)?;
        match (out.last_mut(), &c) {
            (Some(Chars::CodePoints(prev)), Chars::CodePoints(next)) => {
                prev.push(' ');
                prev.push_str(next);
            }
            _ => out.push(c),
        }
    }
    Some(out)
}

fn what(s: &str) -> Option<Chars> {
    let s = s.trim();
    if s == "the current input character" || s == "the input character" {
        return Some(Chars::Current);
    }
    if s.starts_with("the lowercase version of the current input character")
        || s.starts_with("the lowercase version of the input character")
    {
        return Some(Chars::CurrentLowercase);
    }
    // 2006-03-02 to 2007-06-15, DOCTYPE names: "the uppercase version of the current input
    // character (subtract 0x0020 to [from] the character's codepoint [code point])".
    if s.starts_with("the uppercase version of the current input character") {
        return Some(Chars::CurrentUppercase);
    }
    if CP.is_match(s) && !s.contains("current input character") {
        return Some(cps(s));
    }
    None
}

fn target(s: &str, state: &str, c: Chars) -> Option<Action> {
    let s = s.trim().trim_start_matches("the ");
    Some(match s {
        _ if s.contains("tag name") => Action::AppendToTagName(c),
        _ if s.contains("attribute's name") || s.contains("attribute name") => Action::AppendToAttributeName(c),
        _ if s.contains("attribute's value") || s.contains("attribute value") => Action::AppendToAttributeValue(c),
        _ if s.contains("processing instruction") => Action::AppendToPiData(c),
        _ if s.contains("comment") => Action::AppendToComment(c),
        _ if s.contains("public identifier") => Action::AppendToPublicId(c),
        _ if s.contains("system identifier") => Action::AppendToSystemId(c),
        _ if s.contains("doctype") && s.contains("name") => Action::AppendToDoctypeName(c),
        _ if s.contains("temporary buffer") => Action::AppendToTempBuffer(c),
        _ if s.contains("token's data") && state.contains("comment") => Action::AppendToComment(c),
        _ => return None,
    })
}

fn emit_current(state: &str) -> Action {
    if state.contains("doctype") {
        Action::EmitDoctype
    } else if state.contains("comment") {
        Action::EmitComment
    } else {
        Action::EmitTag
    }
}

static PATTERNS: LazyLock<Vec<(Regex, Maker)>> = LazyLock::new(|| {
    let p = |re: &str, f: Maker| (Regex::new(&format!("^(?:{re})")).expect("pattern"), f);
    vec![
        p(r"this is an? ([a-z0-9-]+) parse error", |c, _, _| vec![Item::Act(Action::Error(c[1].to_owned()))]),
        p(r"(?:(?:this|it|is) is (?:an?|the) )?parse error", |_, _, _| {
            vec![Item::Act(Action::Error(UNNAMED_ERROR.into()))]
        }),
        p(r"stay in the ([a-z0-9 ()\-]+? state)", |_, _, _| vec![Item::Term(Terminal::Stay)]),
        p(r"\(this can only happen if [^)]*\)", |_, _, _| vec![Item::Nothing]),
        p(
            r"the next character that is consumed, if any, is the first character that will be in the comment",
            |_, _, _| vec![Item::Nothing],
        ),
        p(r"first,?", |_, _, _| vec![Item::Nothing]),
        p(
            r"reconsume (?:this|the|the current|the eof|this current) (?:input )?character(?: in ?the ?([a-z0-9 ()\-]+? state))?",
            |c, _, _| {
                vec![Item::Term(match c.get(1) {
                    Some(m) => Terminal::Reconsume(st(m.as_str())),
                    // "Switch to the X state and reconsume this input character": X is the switch's.
                    None => Terminal::Reconsume(String::new()),
                })]
            },
        ),
        p(r"set (?:its|the (?:current )?doctype token's) correctness flag to incorrect", |_, _, _| {
            vec![Item::Act(Action::SetForceQuirks)]
        }),
        p(r"emit that doctype token", |_, _, _| vec![Item::Act(Action::EmitDoctype)]),
        p(
            r"set its tag name to (the lowercase version of the (?:current )?input character(?: \(add 0x0020 to the character's code ?point\))?|the (?:current )?input character)",
            |c, _, _| vec![Item::Act(Action::AppendToTagName(what(&c[1]).unwrap_or(Chars::Current)))],
        ),
        p(
            r"set that attribute's name to (the lowercase version of the (?:current )?input character(?: \(add 0x0020 to the character's code ?point\))?|the (?:current )?input character), and its value to the empty string",
            |c, _, _| vec![Item::Act(Action::AppendToAttributeName(what(&c[1]).unwrap_or(Chars::Current)))],
        ),
        p(r"(?:switch|return) to the return state", |_, _, _| vec![Item::Term(Terminal::SwitchToReturnState)]),
        p(r"reconsume (?:the current input character )?in the return state", |_, _, _| {
            vec![Item::Term(Terminal::ReconsumeInReturnState)]
        }),
        p(r"switch to ?the ([a-z0-9 ()\-]+? state)", |c, _, _| vec![Item::Term(Terminal::Switch(st(&c[1])))]),
        p(r"reconsume (?:the (?:current input|eof|input) character )?in ?the ([a-z0-9 ()\-]+? state)", |c, _, _| {
            vec![Item::Term(Terminal::Reconsume(st(&c[1])))]
        }),
        p(r"(?:emit )?an end-of-file token", |_, _, _| vec![Item::Term(Terminal::EmitEof)]),
        p(r"(?:emit )?(?:the current input character|the input character) as a character token", |_, _, _| {
            vec![Item::Act(Action::EmitChars(Chars::Current))]
        }),
        p(r"(?:emit )?an? ((?:u\+[0-9a-f]{4,6}) [^,.]*?) character token", |c, _, _| {
            vec![Item::Act(Action::EmitChars(cps(&c[1])))]
        }),
        p(r"(?:emit )?two (u\+[0-9a-f]{4,6})[^,.]*? character tokens", |c, _, _| {
            let cp = c[1].to_uppercase();
            vec![Item::Act(Action::EmitChars(Chars::CodePoints(format!("{cp} {cp}"))))]
        }),
        p(
            r"(?:emit )?a character token for each of the characters in the temporary buffer(?: \(in the order they were added to the buffer\))?",
            |_, _, _| vec![Item::Act(Action::EmitTempBuffer)],
        ),
        p(r"emit the current (?:tag |comment |doctype )?token|emit the (?:comment|token|tag)(?: token)?", |_, s, _| {
            vec![Item::Act(emit_current(s))]
        }),
        p(r"emit the current (tag|comment|doctype) token", |c, _, _| {
            vec![Item::Act(match &c[1] {
                "tag" => Action::EmitTag,
                "comment" => Action::EmitComment,
                _ => Action::EmitDoctype,
            })]
        }),
        p(r"create a new start tag token(?:, set its tag name to the empty string)?", |_, _, _| {
            vec![Item::Act(Action::CreateStartTag)]
        }),
        p(r"create a new end tag token(?:, set its tag name to the empty string)?", |_, _, _| {
            vec![Item::Act(Action::CreateEndTag)]
        }),
        p(r#"create a comment token whose data is the empty string"#, |_, _, _| {
            vec![Item::Act(Action::CreateComment(String::new()))]
        }),
        p(r#"create a comment token whose data is (?:the )?"([^"]*)"(?: string)?"#, |_, _, o| {
            vec![Item::Act(Action::CreateComment(o.split('"').nth(1).unwrap_or("").to_owned()))]
        }),
        p(r"create a new doctype token", |_, _, _| vec![Item::Act(Action::CreateDoctype)]),
        p(
            r"set the token's name(?: name)? to (the lowercase version of the (?:current )?input character(?: \(add 0x0020 to the character's code ?point\))?|the uppercase version of the current input character(?: \(subtract 0x0020 (?:to|from) the character's code ?point\))?|the current input character|an? u\+[0-9a-f]{4}[^.]* character)",
            |c, _, _| vec![Item::Act(Action::AppendToDoctypeName(what(&c[1]).unwrap_or(Chars::Current)))],
        ),
        p(r"ignore the character", |_, _, _| vec![Item::Term(Terminal::Stay)]),
        p(r"set the self-closing flag of the current tag token", |_, _, _| vec![Item::Act(Action::SetSelfClosing)]),
        p(r"start a new attribute in the current tag token", |_, _, _| vec![Item::Act(Action::StartAttribute)]),
        p(r"set that attribute(?:'s)? name and value to the empty string", |_, _, _| vec![Item::Nothing]),
        p(r"set that attribute's name to the current input character, and its value to the empty string", |_, _, _| {
            vec![Item::Act(Action::AppendToAttributeName(Chars::Current))]
        }),
        p(r"\(this does not set [^)]*\)", |_, _, _| vec![Item::Nothing]),
        p(r"set its force-quirks flag to on", |_, _, _| vec![Item::Act(Action::SetForceQuirks)]),
        p(r"emit the current processing instruction token", |_, _, _| vec![Item::Act(Action::EmitPi)]),
        p(r"set the return state to the ([a-z0-9 ()\-]+? state)", |c, _, _| {
            vec![Item::Act(Action::SetReturnState(st(&c[1])))]
        }),
        p(r"set the temporary buffer to the empty string", |_, _, _| vec![Item::Act(Action::ClearTempBuffer)]),
        p(r"set the (?:current )?doctype token's force-quirks flag to on", |_, _, _| {
            vec![Item::Act(Action::SetForceQuirks)]
        }),
        p(
            r"set the (?:current )?doctype token's public identifier to the empty string(?: \(not missing\))?",
            |_, _, _| vec![Item::Act(Action::SetPublicIdEmpty)],
        ),
        p(
            r"set the (?:current )?doctype token's system identifier to the empty string(?: \(not missing\))?",
            |_, _, _| vec![Item::Act(Action::SetSystemIdEmpty)],
        ),
        p(r"set the character reference code to zero(?: \(0\))?", |_, _, _| vec![Item::Act(Action::ResetCharRefCode)]),
        p(
            r"multiply the character reference code by (16|10)\. add a numeric version of the current input character(?: as a (?:hexa)?decimal digit)? \(subtract 0x00([0-9a-f]{2}) from the character's code point\) to the character reference code",
            |c, _, _| {
                vec![Item::Act(Action::AccumulateCharRefCode {
                    radix: c[1].parse().unwrap_or(10),
                    subtract: u32::from_str_radix(&c[2], 16).unwrap_or(0),
                })]
            },
        ),
        p(r"flush code points consumed as a character reference", |_, _, _| vec![Item::Act(Action::FlushCharRef)]),
        p(
            r"if the character reference was consumed as part of an attribute, then append the current input character to the current attribute's value\. otherwise, emit the current input character as a character token",
            |_, _, _| vec![Item::Act(Action::AppendOrEmitCurrentAsCharRef)],
        ),
        p(r"append (.+?) to (the [a-z' ]+?(?:name|value|data|identifier|buffer))", |c, s, _| {
            let Some(all) = what_all(&c[1]) else { return Vec::new() };
            let acts: Vec<Item> = all.into_iter().filter_map(|ch| target(&c[2], s, ch)).map(Item::Act).collect();
            acts
        }),
        p(r"with no additional allowed character", |_, _, _| vec![Item::Nothing]),
        p(r"(?:finally|then),?", |_, _, _| vec![Item::Nothing]),
        p(r"\((?:don't emit|which is|this is|note)[^)]*\)", |_, _, _| vec![Item::Nothing]),
        p(r"stop tokeni[sz]ing", |_, _, _| vec![Item::Term(Terminal::EmitEof)]),
        p(r"emit the (?:current )?doctype token", |_, _, _| vec![Item::Act(Action::EmitDoctype)]),
        p(r"mark (?:it|the doctype token) as being in error(?:, if it is not already)?", |_, _, _| {
            vec![Item::Act(Action::SetForceQuirks)]
        }),
        p(r"emit a doctype token whose name is the empty string and that is marked as being in error", |_, _, _| {
            vec![
                Item::Act(Action::CreateDoctype),
                Item::Act(Action::SetDoctypeNameEmpty),
                Item::Act(Action::SetForceQuirks),
                Item::Act(Action::EmitDoctype),
            ]
        }),
        p(r"with the additional allowed character being (u\+[0-9a-f]{4})[^()]*(?:\([^)]*\))?", |c, _, _| {
            vec![Item::Act(Action::SetAdditionalAllowedCharacter(cps(&c[1])))]
        }),
        p(r"consume (?:those|the|these) (?:two |seven )?characters", |_, _, _| vec![Item::Nothing]),
        p(r"\(don't consume anything in the current state\)", |_, _, _| vec![Item::Nothing]),
        p(r"treat it as per the .anything else. entry below", |_, _, _| vec![Item::Term(Terminal::AsAnythingElse)]),
        p(r"convert the temporary buffer to a comment", |_, _, _| vec![Item::Act(Action::ConvertTempBufferToComment)]),
    ]
});

/// Plain clauses, no condition: verbs in order and one terminal.
fn plain(prose: &str, state: &str) -> Result<Plain, String> {
    let orig_all = prose.trim().replace(['\u{201c}', '\u{201d}'], "\"").replace('\u{2019}', "'");
    // ASCII lowercase keeps byte offsets, so a match's original text is the same range.
    let text = orig_all.to_ascii_lowercase();
    let mut rest = text.as_str();
    let mut orig = orig_all.as_str();
    let mut actions = Vec::new();
    let mut terminal = None;
    let seps = [". ", ", and then ", ", then ", ", and ", " and then ", " and ", ", ", "; ", ".", "then ", "and "];
    'outer: while !rest.is_empty() {
        for s in seps {
            if let Some(r) = rest.strip_prefix(s) {
                let skip = rest.len() - r.trim_start().len();
                rest = &rest[skip..];
                orig = &orig[skip..];
                continue 'outer;
            }
        }
        for (re, make) in PATTERNS.iter() {
            if let Some(caps) = re.captures(rest) {
                let items = make(&caps, state, &orig[caps.get(0).map_or(0..0, |m| m.range())]);
                if items.is_empty() {
                    continue;
                }
                for it in items {
                    match it {
                        Item::Act(a) => push_action(&mut actions, a),
                        Item::Term(Terminal::Reconsume(s)) if s.is_empty() => match terminal.take() {
                            Some(Terminal::Switch(x)) => terminal = Some(Terminal::Reconsume(x)),
                            other => return Err(format!("\"reconsume\" without a state after {other:?}: {prose:?}")),
                        },
                        Item::Term(t) => {
                            // "Emit ... an end-of-file token. Stop tokenising." says it twice.
                            if terminal == Some(Terminal::EmitEof) && t == Terminal::EmitEof {
                                continue;
                            }
                            if terminal.is_some() && t != Terminal::Stay {
                                return Err(format!("two terminals in {prose:?}"));
                            }
                            if terminal.is_none() {
                                terminal = Some(t);
                            }
                        }
                        Item::Nothing => {}
                    }
                }
                let used = caps[0].len();
                let skip = used + (rest[used..].len() - rest[used..].trim_start().len());
                rest = &rest[skip..];
                orig = &orig[skip..];
                continue 'outer;
            }
        }
        return Err(format!("clause not read: {:?}", rest.chars().take(90).collect::<String>()));
    }
    // The schema's return state: a switch into the attribute's character reference state comes
    // back to the state that switched ("switch back to the attribute value state that you were
    // in when were switched into this state").
    if let Some(Terminal::Switch(to)) = &terminal
        && (to == "entity_in_attribute_value_state" || to == "character_reference_in_attribute_value_state")
    {
        actions.insert(0, Action::SetReturnState(state.to_owned()));
    }
    Ok(Plain { actions, terminal })
}

/// Emitting code points one after another is one verb with all of them.
fn push_action(actions: &mut Vec<Action>, a: Action) {
    if let (Some(Action::EmitChars(Chars::CodePoints(prev))), Action::EmitChars(Chars::CodePoints(next))) =
        (actions.last_mut(), &a)
    {
        prev.push(' ');
        prev.push_str(next);
        return;
    }
    actions.push(a);
}

/// Whether a code point matcher's label is the spec's (`U+0041 LATIN ...`).
pub fn is_char_label(s: &str) -> bool {
    code_point(s).is_some()
}

// ---------------------------------------------------------------------------------------------
// RON out.

fn q(s: &str) -> String {
    format!("{s:?}")
}

fn chars_ron(c: &Chars) -> String {
    match c {
        Chars::Current => "Current".into(),
        Chars::CurrentLowercase => "CurrentLowercase".into(),
        Chars::CurrentUppercase => "CurrentUppercase".into(),
        Chars::CodePoints(s) => format!("CodePoints({})", q(s)),
    }
}

fn matcher_ron(m: &Matcher) -> String {
    match m {
        Matcher::Char(s) => format!("Char({})", q(s)),
        Matcher::Class(c) => format!("Class({c:?})"),
        Matcher::Eof => "Eof".into(),
        Matcher::AnythingElse => "AnythingElse".into(),
        Matcher::Exact(s) => format!("Exact({})", q(s)),
        Matcher::CaseInsensitive(s) => format!("CaseInsensitive({})", q(s)),
    }
}

fn guard_ron(g: &Guard) -> String {
    match g {
        Guard::Flag(n, vs) => format!("Flag({}, [{}])", q(n), vs.iter().map(|v| q(v)).collect::<Vec<_>>().join(", ")),
        Guard::All(gs) => format!("All([{}])", gs.iter().map(guard_ron).collect::<Vec<_>>().join(", ")),
        Guard::Any(gs) => format!("Any([{}])", gs.iter().map(guard_ron).collect::<Vec<_>>().join(", ")),
        Guard::Not(g) => format!("Not({})", guard_ron(g)),
        Guard::LastCharactersAre(s) => format!("LastCharactersAre({})", q(s)),
        Guard::NextCharactersAreLastStartTagFollowedBy(ms) => format!(
            "NextCharactersAreLastStartTagFollowedBy([{}])",
            ms.iter().map(matcher_ron).collect::<Vec<_>>().join(", ")
        ),
        other => format!("{other:?}"),
    }
}

/// One verb in RON.
pub fn action_ron(a: &Action) -> String {
    if let Some(c) = a.chars() {
        let name = format!("{a:?}");
        let name = name.split('(').next().unwrap_or("");
        return format!("{name}({})", chars_ron(c));
    }
    match a {
        Action::Error(s) => format!("Error({})", q(s)),
        Action::CreateComment(s) => format!("CreateComment({})", q(s)),
        Action::SetReturnState(s) => format!("SetReturnState({})", q(s)),
        Action::AccumulateCharRefCode { radix, subtract } => {
            format!("AccumulateCharRefCode(radix: {radix}, subtract: 0x{subtract:X})")
        }
        Action::SetFlag(a, b) => format!("SetFlag({}, {})", q(a), q(b)),
        other => format!("{other:?}"),
    }
}

fn terminal_ron(t: &Terminal) -> String {
    match t {
        Terminal::Switch(s) => format!("Switch({})", q(s)),
        Terminal::Reconsume(s) => format!("Reconsume({})", q(s)),
        other => format!("{other:?}"),
    }
}

fn actions_ron(a: &[Action]) -> String {
    format!("[{}]", a.iter().map(action_ron).collect::<Vec<_>>().join(", "))
}

fn body_ron(b: &Body, ind: &str, out: &mut String) {
    match b {
        Body::ConsumeNext(cs) | Body::Lookahead(cs) => {
            out.push_str(if matches!(b, Body::ConsumeNext(_)) { "ConsumeNext([\n" } else { "Lookahead([\n" });
            for c in cs {
                out.push_str(&format!("{ind}    (\n"));
                let on: Vec<String> = c.on.iter().map(matcher_ron).collect();
                out.push_str(&format!("{ind}        on: [{}],\n", on.join(", ")));
                if let Some(g) = &c.guard {
                    out.push_str(&format!("{ind}        if: {},\n", guard_ron(g)));
                }
                if !c.actions.is_empty() {
                    out.push_str(&format!("{ind}        do: {},\n", actions_ron(&c.actions)));
                }
                out.push_str(&format!("{ind}        then: {},\n", terminal_ron(&c.then)));
                if let Some(o) = &c.otherwise {
                    out.push_str(&format!(
                        "{ind}        else: (do: {}, then: {}),\n",
                        actions_ron(&o.actions),
                        terminal_ron(&o.then)
                    ));
                }
                out.push_str(&format!("{ind}    ),\n"));
            }
            out.push_str(&format!("{ind}])"));
        }
        Body::HandWritten { notes, goes_to, raises } => {
            let list = |v: &[String]| v.iter().map(|s| q(s)).collect::<Vec<_>>().join(", ");
            out.push_str(&format!(
                "HandWritten(\n{ind}    notes: {},\n{ind}    goes_to: [{}],\n{ind}    raises: [{}],\n{ind})",
                q(notes),
                list(goes_to),
                list(raises)
            ));
        }
        Body::Branch(bs) => {
            out.push_str("Branch([\n");
            for br in bs {
                out.push_str(&format!("{ind}    (\n"));
                if let Some(g) = &br.guard {
                    out.push_str(&format!("{ind}        if: {},\n", guard_ron(g)));
                }
                out.push_str(&format!("{ind}        body: "));
                body_ron(&br.body, &format!("{ind}        "), out);
                out.push_str(",\n");
                out.push_str(&format!("{ind}    ),\n"));
            }
            out.push_str(&format!("{ind}])"));
        }
    }
}

/// A state table in RON, as the files under `spec/<machine>/tokenizer/` are written.
pub fn state_ron(d: &StateDef) -> String {
    let mut out = format!("// spec: #{}\n(\n    id: {},\n    heading: {},\n", d.id, q(&d.id), q(&d.heading));
    if !d.on_entry.is_empty() {
        out.push_str(&format!("    on_entry: {},\n", actions_ron(&d.on_entry)));
    }
    if !d.on_exit.is_empty() {
        out.push_str(&format!("    on_exit: {},\n", actions_ron(&d.on_exit)));
    }
    out.push_str("    body: ");
    body_ron(&d.body, "    ", &mut out);
    out.push_str(",\n)\n");
    out
}

/// What the tables say, without their examples and notes: the form two imports, or an import
/// and a hand transcription, are compared in.
pub fn canonical(d: &StateDef) -> String {
    let mut d = d.clone();
    d.examples.clear();
    if let Body::HandWritten { notes, .. } = &mut d.body {
        notes.clear();
    }
    state_ron(&d)
}

/// `cargo xtask import TEXT --out DIR`: write one RON file per state read, and list the rest.
pub fn run_cli(text: &Path, out: Option<&Path>, hand: &HandDirs) -> Result<(String, bool), String> {
    let imp = import_file(text, hand)?;
    let mut report = String::new();
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut read = 0;
    for s in &imp.states {
        if let (Some(d), Some(dir)) = (&s.def, out) {
            let p = dir.join(format!("{}.ron", s.name));
            std::fs::write(&p, state_ron(d)).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        if s.def.is_some() && !s.hand {
            read += 1;
        }
        if !s.unread.is_empty() {
            let how = if s.hand { "hand transcription used" } else { "MISSING: needs a hand transcription" };
            report.push_str(&format!("{}@{} ({how}):\n", s.name, s.text_hash));
            for w in &s.unread {
                report.push_str(&format!("    {w}\n"));
            }
        }
    }
    let missing = imp.missing().len();
    report.push_str(&format!(
        "{}: {} states, {read} read from the text, {} hand-transcribed, {missing} missing\n",
        text.display(),
        imp.states.len(),
        imp.states.iter().filter(|s| s.hand).count()
    ));
    Ok((report, missing == 0))
}

/// An import held against a machine transcribed by hand: per state, the canonical tables that
/// differ (state name, imported, transcribed), and the states only one side has. Error codes are
/// compared as [`UNNAMED_ERROR`] when `unnamed_errors` (the text names none; the machine's codes
/// are ours).
pub fn compare(imp: &Import, m: &Machine, unnamed_errors: bool) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let norm = |d: &StateDef| {
        let mut d = d.clone();
        // A hand-written state's codes are ours too where the text names none.
        if let (true, Body::HandWritten { raises, .. }) = (unnamed_errors, &mut d.body)
            && !raises.is_empty()
        {
            *raises = vec![UNNAMED_ERROR.to_owned()];
        }
        let mut s = canonical(&d);
        if unnamed_errors {
            static ERR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"Error\("[a-z0-9-]+"\)"#).expect("regex"));
            s = ERR.replace_all(&s, format!("Error({UNNAMED_ERROR:?})").as_str()).into_owned();
        }
        s
    };
    for (name, def) in &m.states {
        match imp.states.iter().find(|s| &s.name == name) {
            None => out.push((name.clone(), "(not in the text)".into(), norm(def))),
            Some(s) => match &s.def {
                None => out.push((name.clone(), format!("(not read: {})", s.unread.join("; ")), norm(def))),
                Some(d) => {
                    let (a, b) = (norm(d), norm(def));
                    if a != b {
                        out.push((name.clone(), a, b));
                    }
                }
            },
        }
    }
    for s in &imp.states {
        if !m.states.iter().any(|(n, _)| n == &s.name) {
            out.push((s.name.clone(), "(only in the text)".into(), String::new()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf()
    }

    fn show(name: &str, diffs: &[(String, String, String)]) {
        for (s, a, b) in diffs {
            eprintln!("=== {name}: {s}\n--- imported\n{a}\n--- transcribed\n{b}");
        }
    }

    #[derive(serde::Deserialize)]
    struct Reviewed {
        texts: Vec<ReviewedText>,
    }

    #[derive(serde::Deserialize)]
    struct ReviewedText {
        machine: String,
        text: String,
        unnamed_errors: bool,
        hand: std::collections::BTreeMap<String, String>,
    }

    /// Each reviewed machine from its own text: the import equals the tables (with the listed
    /// states, and only those, from the hand transcription, the machine's own table).
    fn reproduces(machine: &str) -> (usize, usize) {
        let r = root();
        let reviewed: Reviewed = serde_json::from_str(
            &std::fs::read_to_string(r.join("tests/expectations/import.json")).expect("import.json"),
        )
        .expect("import.json parses");
        let t = reviewed.texts.iter().find(|t| t.machine == machine).expect("machine listed");
        let hand = HandDirs::dirs(vec![r.join("spec").join(machine).join("tokenizer")]);
        let imp = import_file(&r.join("../shared").join(&t.text), &hand).expect("text");
        let m = statemark_codegen::load::load_machine(&r.join("spec"), machine).expect("machine");
        let d = compare(&imp, &m, t.unnamed_errors);
        show(machine, &d);
        assert!(d.is_empty(), "{machine}: {} states differ from the tables", d.len());
        let by_hand: BTreeSet<&str> = imp.states.iter().filter(|s| s.hand).map(|s| s.name.as_str()).collect();
        let listed: BTreeSet<&str> = t.hand.keys().map(String::as_str).collect();
        assert_eq!(by_hand, listed, "{machine}: the states taken by hand are not the reviewed list");
        let read = imp.states.len() - by_hand.len();
        eprintln!(
            "import {machine}: {} states, {read} read from the text, {} by hand",
            imp.states.len(),
            by_hand.len()
        );
        (read, by_hand.len())
    }

    #[test]
    fn import_reproduces_spec_html() {
        assert_eq!(reproduces("html"), (81, 3));
    }

    #[test]
    fn import_reproduces_spec_html2008() {
        assert_eq!(reproduces("html2008"), (30, 4));
    }

    #[test]
    fn reads_clauses_in_any_order_of_the_texts() {
        let r = plain("Switch to the data state. Emit the current tag token.", "tag_name_state").unwrap();
        assert_eq!(r.actions, [Action::EmitTag]);
        assert_eq!(r.terminal, Some(Terminal::Switch("data_state".into())));
        let r = plain("Switch to the before attribute value state and reconsume this input character.", "x").unwrap();
        assert_eq!(r.terminal, Some(Terminal::Reconsume("before_attribute_value_state".into())));
        let r =
            plain("Emit a U+003C LESS-THAN SIGN character token and a U+002F SOLIDUS character token.", "x").unwrap();
        assert_eq!(r.actions, [Action::EmitChars(Chars::CodePoints("U+003C U+002F".into()))]);
        assert!(plain("Do something the reader does not know.", "x").is_err());
        assert!(plain("Switch to the data state. Reconsume in the rcdata state.", "x").is_err());
    }

    #[test]
    fn reads_the_2006_to_2009_wordings() {
        // 2008-03-02 (e6ffcf3fe2): a missing space, "in thebefore attribute name state".
        let r = plain("Parse error. Reconsume the character in thebefore attribute name state.", "x").unwrap();
        assert_eq!(r.terminal, Some(Terminal::Reconsume("before_attribute_name_state".into())));
        // 2008-12-02 to 2009-10-09: "the input character", without "current".
        let r = plain(
            "Create a new DOCTYPE token. Set the token's name to the lowercase version of the input character (add \
             0x0020 to the character's code point). Switch to the DOCTYPE name state.",
            "before_doctype_name_state",
        )
        .unwrap();
        assert_eq!(r.actions, [Action::CreateDoctype, Action::AppendToDoctypeName(Chars::CurrentLowercase)]);
        assert_eq!(r.terminal, Some(Terminal::Switch("doctype_name_state".into())));
        // 2006: a condition ending in a quoted word, then the case with no comma between.
        let c = TextCase {
            bullets: vec!["ASCII case-insensitive match for \"DOCTYPE\"".into()],
            prose: "Otherwise if the next seven chacacters are a case-insensitive match for the word \"DOCTYPE\" \
                    then switch to the DOCTYPE state."
                .into(),
        };
        let cs = read_case(&c, "marked_section_open_state", true).unwrap();
        assert_eq!(cs[0].on, [Matcher::CaseInsensitive("DOCTYPE".into())]);
        assert_eq!(cs[0].then, Terminal::Switch("doctype_state".into()));
        assert!(cs[0].actions.is_empty());
    }

    /// 2006-03-02 to 2007-06-15, before DOCTYPE name and DOCTYPE name states: the name is
    /// uppercased ("subtract 0x0020 to the character's codepoint" until 2006-03-21 says "from",
    /// 2006-12-01 "code point"), the new token is in error, and a token with no name has the
    /// empty string for one.
    #[test]
    fn reads_the_2006_doctype_name_wordings() {
        for wording in [
            "subtract 0x0020 to the character's codepoint",
            "subtract 0x0020 from the character's codepoint",
            "subtract 0x0020 from the character's code point",
        ] {
            let r = plain(
                &format!(
                    "Create a new DOCTYPE token. Set the token's name name to the uppercase version of the current \
                     input character ({wording}), and mark it as being in error. Switch to the DOCTYPE name state."
                ),
                "before_doctype_name_state",
            )
            .unwrap();
            assert_eq!(
                r.actions,
                [Action::CreateDoctype, Action::AppendToDoctypeName(Chars::CurrentUppercase), Action::SetForceQuirks]
            );
            assert_eq!(r.terminal, Some(Terminal::Switch("doctype_name_state".into())));
            let r = plain(
                &format!(
                    "Append the uppercase version of the current input character ({wording}) to the current DOCTYPE \
                     token's name. Stay in the DOCTYPE name state."
                ),
                "doctype_name_state",
            )
            .unwrap();
            assert_eq!(r.actions, [Action::AppendToDoctypeName(Chars::CurrentUppercase)]);
            assert_eq!(r.terminal, Some(Terminal::Stay));
        }
        let r = plain(
            "Create a new DOCTYPE token. Set the token's name name to the current input character, and mark it as \
             being in error. Switch to the DOCTYPE name state.",
            "before_doctype_name_state",
        )
        .unwrap();
        assert_eq!(
            r.actions,
            [Action::CreateDoctype, Action::AppendToDoctypeName(Chars::Current), Action::SetForceQuirks]
        );
        let r = plain(
            "Parse error. Emit a DOCTYPE token whose name is the empty string and that is marked as being in error. \
             Switch to the data state.",
            "before_doctype_name_state",
        )
        .unwrap();
        assert_eq!(
            r.actions,
            [
                Action::Error(UNNAMED_ERROR.into()),
                Action::CreateDoctype,
                Action::SetDoctypeNameEmpty,
                Action::SetForceQuirks,
                Action::EmitDoctype
            ]
        );
    }

    /// The DOCTYPE name state's paragraph after its list (2006-03-02 to 2007-06-15), with and
    /// without "Then," and the note after it, is one verb done after every case; prose after a
    /// list that marks a token some other way is not a note to skip.
    #[test]
    fn reads_the_2006_doctype_correctness_paragraph() {
        let html = Some(Action::MarkDoctypeCorrectIfNamed("HTML".into()));
        let p = "If the name of the DOCTYPE token is exactly the four letters \"HTML\", then mark the token as being \
                 correct. Otherwise, mark it as being in error.";
        assert_eq!(doctype_correct_if_named(p), html);
        assert_eq!(
            doctype_correct_if_named(&format!(
                "Then, {}{} Because lowercase letters in the name are uppercased by the algorithm above, the \
                 \"HTML\" letters are actually case-insensitive relative to the markup.",
                &p[..1].to_lowercase(),
                &p[1..]
            )),
            html
        );
        assert_eq!(doctype_correct_if_named("If the name is \"HTML\", mark the token as being correct."), None);
        let list = "<dl class=\"switch\"><dt>EOF</dt><dd>Emit the current DOCTYPE token. Switch to the data \
                    state.</dd><dt>Anything else</dt><dd>Append the current input character to the current DOCTYPE \
                    token's name. Stay in the DOCTYPE name state.</dd></dl>";
        let state = |after: &str| {
            let t = format!(
                "<h5><dfn>DOCTYPE name state</dfn></h5><p>First, consume the next input character:</p>{list}<p>{after}</p>"
            );
            let states = spec_text::parse("section.html", &t);
            read_state(&states[0])
        };
        let d = state(&format!("Then, {}{}", &p[..1].to_lowercase(), &p[1..])).expect("read");
        for (_, c, _) in d.body.numbered_cases() {
            assert_eq!(c.actions.last(), html.as_ref(), "{:?}", c.on);
        }
        assert!(state("Then, mark the token as being correct if it is.").is_err());
    }

    /// A text whose bogus comment starts with "the character that caused the state machine to
    /// switch into the bogus comment state": the states that switch there after consuming a
    /// character reconsume it; a lookahead's switch (nothing consumed) stays a switch.
    #[test]
    fn switching_into_the_old_bogus_comment_reconsumes() {
        let text = root().join("../shared/spec/history/html-tokenizer/2009-10-19-41beb5d904.html");
        let imp = import_file(&text, &HandDirs::default()).expect("revision");
        let def = |name: &str| imp.states.iter().find(|s| s.name == name).and_then(|s| s.def.clone()).unwrap();
        let then_of = |d: &StateDef, on: &Matcher| {
            d.body.numbered_cases().into_iter().find(|(_, c, _)| c.on.contains(on)).map(|(_, c, _)| c.then.clone())
        };
        let q = Matcher::Char("U+003F QUESTION MARK (?)".into());
        assert_eq!(then_of(&def("tag_open_state"), &q), Some(Terminal::Reconsume("bogus_comment_state".into())));
        assert_eq!(
            then_of(&def("markup_declaration_open_state"), &Matcher::AnythingElse),
            Some(Terminal::Switch("bogus_comment_state".into()))
        );
        // Today's bogus comment state has no such sentence: its callers are read as written.
        let today = std::fs::read_to_string(root().join("../shared/spec/html/tokenization.html")).expect("text");
        assert!(!bogus_comment_keeps_first_character(&spec_text::parse("section.html", &today)));
        let old = std::fs::read_to_string(&text).expect("revision");
        assert!(bogus_comment_keeps_first_character(&spec_text::parse("section.html", &old)));
    }

    /// One transcription named by several text hashes serves each of them, and only them.
    #[test]
    fn a_shared_transcription_serves_each_hash_it_names() {
        let dir = std::env::temp_dir().join(format!("statemark-hand-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let table = "(\n    id: \"x-state\",\n    heading: \"X state\",\n    body: ConsumeNext([\n        \
                     (\n            on: [AnythingElse],\n            then: Stay,\n        ),\n    ]),\n)\n";
        std::fs::write(dir.join("x_state@00aa+00bb.ron"), table).unwrap();
        std::fs::write(dir.join("y_state@00cc.ron"), table).unwrap();
        let hand = HandDirs::dirs(vec![dir.clone()]);
        assert!(hand.find_exact("x_state", "00aa").is_some());
        assert!(hand.find_exact("x_state", "00bb").is_some());
        assert!(hand.find_exact("x_state", "00cc").is_none());
        assert!(hand.find_exact("y_state", "00cc").is_some());
        assert!(hand.find_exact("y_state", "00aa").is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn odd_input_does_not_panic() {
        for t in [
            "<h5>X state</h5><p>Consume the next input character:<dl><dt>U+0041<dd>If",
            "<h5>İ state</h5><dl><dt>EOF<dd>Emit an İ",
        ] {
            let _ = import_text(t, &HandDirs::default());
        }
    }
}
