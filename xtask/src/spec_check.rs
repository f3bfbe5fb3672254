//! `cargo xtask spec-check`: a machine's RON tables against a spec text. States by anchor and
//! heading, bullets against cases, and what each entry's prose says (parse errors, where it goes,
//! tokens created and emitted, code points written, the current character) against its case.

use crate::spec_text::{self, TextCase, TextState};
use regex::Regex;
use serde::Deserialize;
use statemark_codegen::lower::code_point;
use statemark_codegen::model::{Action, Body, Case, CharClass, Chars, Machine, Matcher, Terminal};
use statemark_codegen::names::snake;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::LazyLock;

/// What a bullet or a matcher stands for, so the text's words and the table's can be compared.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    Char(u32),
    Class(CharClass),
    Eof,
    AnythingElse,
    Exact(String),
    CaseInsensitive(String),
    /// A bullet the reader does not understand; reported, never matched.
    Unread(String),
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Key::Char(c) => write!(f, "U+{c:04X}"),
            Key::Class(c) => f.write_str(c.label()),
            Key::Eof => f.write_str("EOF"),
            Key::AnythingElse => f.write_str("Anything else"),
            Key::Exact(s) => write!(f, "{s:?}"),
            Key::CaseInsensitive(s) => write!(f, "ASCII case-insensitive {s:?}"),
            Key::Unread(s) => write!(f, "unread bullet {s:?}"),
        }
    }
}

const CLASSES: &[CharClass] = &[
    CharClass::AsciiAlpha,
    CharClass::AsciiUpperAlpha,
    CharClass::AsciiLowerAlpha,
    CharClass::AsciiDigit,
    CharClass::AsciiHexDigit,
    CharClass::AsciiUpperHexDigit,
    CharClass::AsciiLowerHexDigit,
    CharClass::AsciiAlphanumeric,
    CharClass::AsciiWhitespace,
];

/// The key of a text bullet: a code point, a named class (the Infra names, and the XML5 draft's
/// "Uppercase ASCII letter"), EOF, anything else, or a lookahead string.
pub fn bullet_key(bullet: &str) -> Key {
    let b = bullet.trim();
    let l = b.to_lowercase();
    let quoted = || b.split(['"', '\u{201c}', '\u{201d}']).nth(1).map(str::to_owned);
    if l == "eof" {
        return Key::Eof;
    }
    if l == "anything else" {
        return Key::AnythingElse;
    }
    if l.starts_with("two u+002d") {
        return Key::Exact("--".into());
    }
    // "U+0041 LATIN CAPITAL LETTER A through to U+005A LATIN CAPITAL LETTER Z" (the 2008 draft):
    // a range, read as the class that has exactly its characters.
    if let Some((from, to)) = b.split_once(" through to ")
        && let (Some(x), Some(y)) = (code_point(from), code_point(to.trim()))
        && let Some(&c) = CLASSES.iter().find(|c| {
            let bytes = c.bytes();
            bytes.len() as u32 == y.saturating_sub(x) + 1 && bytes.first().map(|&f| u32::from(f)) == Some(x)
        })
    {
        return Key::Class(c);
    }
    if let Some(cp) = code_point(b) {
        return Key::Char(cp);
    }
    if l.contains("case-insensitive")
        && let Some(q) = quoted()
    {
        return Key::CaseInsensitive(q);
    }
    if (b.starts_with('"') || l.contains("exact match"))
        && let Some(q) = quoted()
    {
        return Key::Exact(q);
    }
    for &c in CLASSES {
        if l == c.label().to_lowercase() {
            return Key::Class(c);
        }
    }
    match l.as_str() {
        "uppercase ascii letter" => Key::Class(CharClass::AsciiUpperAlpha),
        "lowercase ascii letter" => Key::Class(CharClass::AsciiLowerAlpha),
        _ => Key::Unread(b.to_owned()),
    }
}

/// The key of a table matcher.
pub fn matcher_key(m: &Matcher) -> Key {
    match m {
        Matcher::Char(s) => code_point(s).map(Key::Char).unwrap_or_else(|| Key::Unread(s.clone())),
        Matcher::Class(c) => Key::Class(*c),
        Matcher::Eof => Key::Eof,
        Matcher::AnythingElse => Key::AnythingElse,
        Matcher::Exact(s) => Key::Exact(s.clone()),
        Matcher::CaseInsensitive(s) => Key::CaseInsensitive(s.clone()),
    }
}

/// What one entry does, in terms both the prose and the table can be read in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facts {
    /// Parse error codes; `parse error` alone where the machine's codes are not the spec's.
    pub errors: BTreeSet<String>,
    /// `switch:<state>`, `reconsume:<state>`, `return`, `reconsume-return`, `eof`, `stay`,
    /// `anything-else`.
    pub terminals: BTreeSet<String>,
    pub creates: BTreeSet<String>,
    pub emits: BTreeSet<String>,
    /// Code points written (appended or emitted), with multiplicity.
    pub code_points: BTreeMap<u32, usize>,
    /// The current input character is appended, emitted or set somewhere.
    pub current: bool,
    /// The DOCTYPE identifiers written (`public identifier`, `system identifier`).
    pub identifiers: BTreeSet<String>,
}

fn add_cps(out: &mut BTreeMap<u32, usize>, s: &str) {
    for t in s.split_whitespace() {
        if let Some(cp) = code_point(t) {
            *out.entry(cp).or_default() += 1;
        }
    }
}

/// The facts of one or more table cases (a text entry may cover several).
pub fn table_facts(cases: &[&Case], presence_only: bool) -> Facts {
    let mut f = Facts::default();
    for case in cases {
        let mut branches = vec![(&case.actions, &case.then)];
        if let Some(b) = &case.otherwise {
            branches.push((&b.actions, &b.then));
        } else if case.guard.is_some() {
            f.terminals.insert("anything-else".into());
        }
        for (actions, then) in branches {
            for a in actions {
                if let Action::Error(code) = a {
                    f.errors.insert(if presence_only { "parse error".into() } else { code.clone() });
                }
                let created = match a {
                    Action::CreateStartTag => Some("start tag"),
                    Action::CreateEndTag => Some("end tag"),
                    Action::CreateComment(_) => Some("comment"),
                    Action::CreateDoctype => Some("doctype"),
                    Action::CreatePi | Action::CreatePiFromTempBuffer => Some("processing instruction"),
                    _ => None,
                };
                f.creates.extend(created.map(str::to_owned));
                let emitted = match a {
                    Action::EmitChars(_) | Action::EmitTempBuffer | Action::AppendOrEmitCurrentAsCharRef => {
                        Some("character")
                    }
                    Action::EmitTag | Action::EmitShortEndTag => Some("tag"),
                    Action::EmitComment => Some("comment"),
                    Action::EmitDoctype => Some("doctype"),
                    Action::EmitPi => Some("processing instruction"),
                    _ => None,
                };
                f.emits.extend(emitted.map(str::to_owned));
                let identifier = match a {
                    Action::SetPublicIdEmpty | Action::AppendToPublicId(_) => Some("public identifier"),
                    Action::SetSystemIdEmpty | Action::AppendToSystemId(_) => Some("system identifier"),
                    _ => None,
                };
                f.identifiers.extend(identifier.map(str::to_owned));
                if matches!(a, Action::AppendOrEmitCurrentAsCharRef) {
                    f.current = true;
                }
                match a.chars() {
                    Some(Chars::Current | Chars::CurrentLowercase | Chars::CurrentUppercase) => f.current = true,
                    Some(Chars::CodePoints(s)) => add_cps(&mut f.code_points, s),
                    None => {}
                }
            }
            f.terminals.insert(match then {
                Terminal::Switch(s) => format!("switch:{s}"),
                Terminal::Reconsume(s) => format!("reconsume:{s}"),
                Terminal::Stay => "stay".into(),
                Terminal::SwitchToReturnState => "return".into(),
                Terminal::ReconsumeInReturnState => "reconsume-return".into(),
                Terminal::EmitEof => "eof".into(),
                Terminal::AsAnythingElse => "anything-else".into(),
            });
        }
    }
    // "Stay" next to a real move is the fall-through of a guard, not a terminal of its own.
    if f.terminals.len() > 1 {
        f.terminals.remove("stay");
    }
    f
}

macro_rules! re {
    ($name:ident, $re:expr) => {
        static $name: LazyLock<Regex> = LazyLock::new(|| Regex::new($re).expect("valid regex"));
    };
}
re!(ERROR_CODE, r"([a-z0-9]+(?:-[a-z0-9]+)+) parse error");
re!(CREATE, r"create (?:a |an )?(?:new )?(start tag|end tag|tag|comment|doctype|processing instruction) token");
re!(CODE_POINT, r"(?:\b(two|three) )?u\+([0-9a-f]{4,6})");
re!(SWITCH, r"switch(?:es)? to (?:the )?([a-z0-9 ()\-]*?\bstate)\b");
re!(RECONSUME_IN, r"(?:reconsume|reprocess)[^.]*?\bin (?:the )?([a-z0-9 ()\-]*?\bstate)\b");

/// The facts the prose of one entry states. `presence_only`: the machine's codes are its own,
/// so only "a parse error" is compared.
pub fn text_facts(prose: &str, presence_only: bool) -> Facts {
    let l = prose.to_lowercase().replace(['\u{201c}', '\u{201d}'], "\"");
    let mut f = Facts::default();
    if l.contains("parse error") {
        if presence_only {
            f.errors.insert("parse error".into());
        } else {
            for c in ERROR_CODE.captures_iter(&l) {
                f.errors.insert(c[1].to_owned());
            }
            if f.errors.is_empty() {
                f.errors.insert("parse error".into());
            }
        }
    }
    for c in CREATE.captures_iter(&l) {
        let kind = if &c[1] == "tag" { "start tag" } else { &c[1] };
        f.creates.insert(kind.to_owned());
    }
    let mut last_created = f.creates.iter().next_back().cloned();
    for sentence in l.split(". ") {
        if let Some(c) = CREATE.captures(sentence) {
            last_created = Some(if &c[1] == "tag" { "start tag".into() } else { c[1].to_owned() });
        }
        // "(Don't emit the token yet; further details will be filled in before it is
        // emitted.)" (12.2.4's tag open states) says the opposite of an emission.
        if sentence.contains("don't emit") || sentence.contains("do not emit") {
            continue;
        }
        let Some(at) = sentence.find("emit") else {
            continue;
        };
        // The emission's own words: up to "and then" / ", then" (what follows is where it goes).
        let rest = &sentence[at..];
        let rest =
            [" and then ", ", then ", " then "].iter().filter_map(|t| rest.find(t)).min().map_or(rest, |e| &rest[..e]);
        let mut kinds = Vec::new();
        if rest.contains("character") || rest.contains("temporary buffer") {
            kinds.push("character");
        }
        if rest.contains("doctype") {
            kinds.push("doctype");
        } else if rest.contains("comment") {
            kinds.push("comment");
        } else if rest.contains("processing instruction") {
            kinds.push("processing instruction");
        } else if rest.contains("tag") {
            kinds.push("tag");
        } else if kinds.is_empty() && !rest.contains("end-of-file") && rest.contains("token") {
            // "Emit token." / "Emit the current token": the token this entry created, else
            // whichever token the table emits (the words do not say).
            kinds.push(match last_created.as_deref() {
                Some("doctype") => "doctype",
                Some("comment") => "comment",
                Some("processing instruction") => "processing instruction",
                Some(_) => "tag",
                None => "token",
            });
        }
        for k in kinds {
            f.emits.insert(k.to_owned());
        }
        if rest.contains("input character") || rest.contains("current character") {
            f.current = true;
        }
    }
    for sentence in l.split(". ") {
        let writes = sentence.contains("append") || sentence.contains(" set ") || sentence.starts_with("set ");
        if writes && (sentence.contains("input character") || sentence.contains("current character")) {
            f.current = true;
        }
        if writes {
            // The identifiers a sentence writes; the state it then switches to may be named
            // after an identifier too, so that part is cut.
            let own = sentence.find("switch to").map_or(sentence, |e| &sentence[..e]);
            for id in ["public identifier", "system identifier"] {
                if own.contains(id) {
                    f.identifiers.insert(id.to_owned());
                }
            }
        }
        let sets_name = sentence.contains("name to");
        if sentence.contains("append")
            || sentence.contains("emit")
            || sentence.contains("additional allowed")
            || sets_name
        {
            for c in CODE_POINT.captures_iter(sentence) {
                let n = match c.get(1).map(|m| m.as_str()) {
                    Some("two") => 2,
                    Some("three") => 3,
                    _ => 1,
                };
                if let Ok(cp) = u32::from_str_radix(&c[2], 16) {
                    *f.code_points.entry(cp).or_default() += n;
                }
            }
        }
    }
    // Where it goes.
    if l.contains("end-of-file token") {
        f.terminals.insert("eof".into());
    } else {
        let mut moves: Vec<(usize, String)> = Vec::new();
        for c in SWITCH.captures_iter(&l) {
            let m = c.get(0).expect("match");
            let name = c[1].to_owned();
            moves.push((
                m.start(),
                if name == "return state" { "return".into() } else { format!("switch:{}", snake(&name)) },
            ));
        }
        for c in RECONSUME_IN.captures_iter(&l) {
            let m = c.get(0).expect("match");
            let name = c[1].to_owned();
            moves.push((
                m.start(),
                if name == "return state" { "reconsume-return".into() } else { format!("reconsume:{}", snake(&name)) },
            ));
        }
        // "Switch to X. Reconsume the character." (XML5): the switch is a reconsume.
        let mut from = 0;
        while let Some(p) = l[from..].find("reconsume").or_else(|| l[from..].find("reprocess")) {
            let at = from + p;
            let sentence_end = l[at..].find(". ").map(|e| at + e).unwrap_or(l.len());
            let has_in = moves.iter().any(|(s, m)| *s == at && m.starts_with("reconsume"));
            if !has_in {
                let earlier = moves.iter_mut().rfind(|(s, m)| *s < at && m.starts_with("switch:"));
                match earlier {
                    Some((_, m)) => *m = m.replacen("switch:", "reconsume:", 1),
                    None => moves.push((at, "reconsume:?".into())),
                }
            }
            from = sentence_end.max(at + 1);
        }
        for (_, m) in moves {
            f.terminals.insert(m);
        }
        if l.contains("\"anything else\" entry") {
            f.terminals.insert("anything-else".into());
        }
        // "Otherwise, if there is an adjusted current node and ... the next seven characters
        // are ..." (12.2.4.45): a condition joined to the match, so when it fails nothing is
        // consumed and the later "Otherwise" paragraph applies, as a guard without `else`.
        let condition = l.find(", then ").map_or("", |e| &l[..e]);
        if (condition.starts_with("if ") || condition.starts_with("otherwise, if "))
            && condition.contains(" and the next ")
        {
            f.terminals.insert("anything-else".into());
        }
        if f.terminals.is_empty() {
            f.terminals.insert("stay".into());
        }
        if f.terminals.len() > 1 {
            f.terminals.remove("stay");
        }
    }
    f
}

/// One difference between the tables and the text.
#[derive(Debug, Clone)]
pub struct Mismatch {
    /// The table's state name (or the text heading's snake_case name when there is no table).
    pub state: String,
    /// The entry's bullets as keys (`U+003E`, `EOF`, `ASCII alpha`), if the mismatch is about
    /// one entry; the text's own words for them are in `text`'s entry.
    pub case: Option<String>,
    /// What differs: `state-without-table`, `table-without-state`, `anchor`, `heading`, `body`,
    /// `state-errors` (errors of the state's own prose against its entry and exit actions),
    /// `bullet-without-case`, `case-without-bullet`, `unread-bullet`, `errors`, `terminal`,
    /// `creates`, `emits`, `code-points`, `current-character`.
    pub kind: &'static str,
    pub message: String,
    /// The spec's sentence(s) the mismatch is about.
    pub text: String,
}

impl Mismatch {
    /// The stable name of a mismatch in an expectations file.
    pub fn key(&self) -> String {
        match &self.case {
            Some(c) => format!("{} | {} | {}", self.state, c, self.kind),
            None => format!("{} | {}", self.state, self.kind),
        }
    }
}

/// Check `machine` against the states read from a spec text. `anchors`, when given, supplies
/// the anchor ids (by heading) for a text whose own ids are derived (the plain text).
pub fn check(machine: &Machine, text: &[TextState], anchors: Option<&[TextState]>) -> Vec<Mismatch> {
    let presence_only = machine.errors.anchor_base.is_none();
    let mut out = Vec::new();
    let mut text: Vec<TextState> = text.to_vec();
    if let Some(anchors) = anchors {
        for s in &mut text {
            if let Some(a) = anchors.iter().find(|a| a.heading == s.heading) {
                s.id = a.id.clone();
                s.alt_ids = a.alt_ids.clone();
            }
        }
    }
    let mut used = vec![false; text.len()];
    for (name, def) in &machine.states {
        let by_id = text.iter().position(|t| t.id == def.id || t.alt_ids.contains(&def.id));
        let by_heading = || text.iter().position(|t| t.heading == def.heading);
        let by_name = || text.iter().position(|t| spec_text::state_name(t) == *name);
        let Some(i) = by_id.or_else(by_heading).or_else(by_name) else {
            out.push(Mismatch {
                state: name.clone(),
                case: None,
                kind: "table-without-state",
                message: format!("no state of the text has anchor #{} or heading {:?}", def.id, def.heading),
                text: String::new(),
            });
            continue;
        };
        used[i] = true;
        let t = &text[i];
        if t.id != def.id && !t.alt_ids.contains(&def.id) {
            out.push(Mismatch {
                state: name.clone(),
                case: None,
                kind: "anchor",
                message: format!("table anchor #{}, text anchor #{}", def.id, t.id),
                text: t.heading.clone(),
            });
        }
        if t.heading != def.heading {
            out.push(Mismatch {
                state: name.clone(),
                case: None,
                kind: "heading",
                message: format!("table heading {:?}, text heading {:?}", def.heading, t.heading),
                text: t.heading.clone(),
            });
        }
        // How the state reads: "Consume the next input character" is ConsumeNext, "If the next
        // few (two, seven ...) characters are" is Lookahead; other wording is not judged.
        let intro = t.intro.to_lowercase();
        let said_body = if intro.contains("consume the next input character") {
            Some("ConsumeNext")
        } else if intro.starts_with("if the next") {
            Some("Lookahead")
        } else {
            None
        };
        let table_body = match def.body {
            Body::ConsumeNext(_) => Some("ConsumeNext"),
            Body::Lookahead(_) => Some("Lookahead"),
            // "The behaviour of this state depends on ...": each branch reads in its own way.
            Body::HandWritten { .. } | Body::Branch(_) => None,
        };
        if let (Some(said), Some(has)) = (said_body, table_body)
            && said != has
        {
            out.push(Mismatch {
                state: name.clone(),
                case: None,
                kind: "body",
                message: format!("the text reads the input as {said}, the table as {has}"),
                text: t.intro.clone(),
            });
        }
        // Errors the state's own prose names belong to its entry and exit actions.
        let said: BTreeSet<String> = text_facts(&t.intro, presence_only).errors;
        let has: BTreeSet<String> = def
            .on_entry
            .iter()
            .chain(&def.on_exit)
            .filter_map(|a| match a {
                _ if presence_only && matches!(a, Action::Error(_) | Action::CheckDuplicateAttribute) => {
                    Some("parse error".to_owned())
                }
                Action::Error(code) => Some(code.clone()),
                // "... then this is a duplicate-attribute parse error" (model.rs).
                Action::CheckDuplicateAttribute => Some("duplicate-attribute".to_owned()),
                _ => None,
            })
            .collect();
        if said != has && !t.paragraphs && !matches!(def.body, Body::HandWritten { .. }) {
            out.push(Mismatch {
                state: name.clone(),
                case: None,
                kind: "state-errors",
                message: format!(
                    "the state's own prose names {}, its entry and exit actions raise {}",
                    list(&said),
                    list(&has)
                ),
                text: t.intro.clone(),
            });
        }
        match &def.body {
            Body::ConsumeNext(cases) | Body::Lookahead(cases) => check_cases(name, cases, t, presence_only, &mut out),
            // The branches' cases together against the state's bullets (the text lists each
            // branch's bullets in turn).
            Body::Branch(_) => {
                let cases: Vec<Case> = def.body.numbered_cases().into_iter().map(|(_, c, _)| c.clone()).collect();
                check_cases(name, &cases, t, presence_only, &mut out)
            }
            Body::HandWritten { raises, .. } => {
                if !presence_only {
                    let all: String = t.cases.iter().map(|c| c.prose.as_str()).collect::<Vec<_>>().join(" ");
                    let said = text_facts(&format!("{} {all}", t.intro), false).errors;
                    let raised: BTreeSet<String> = raises.iter().cloned().collect();
                    let said: BTreeSet<String> = said.into_iter().filter(|e| e != "parse error").collect();
                    if said != raised {
                        out.push(Mismatch {
                            state: name.clone(),
                            case: None,
                            kind: "errors",
                            message: format!("text names {}, table raises {}", list(&said), list(&raised)),
                            text: String::new(),
                        });
                    }
                }
            }
        }
    }
    for (i, t) in text.iter().enumerate() {
        if !used[i] {
            out.push(Mismatch {
                state: spec_text::state_name(t),
                case: None,
                kind: "state-without-table",
                message: format!("the text's state {:?} (#{}) has no table", t.heading, t.id),
                text: t.heading.clone(),
            });
        }
    }
    out
}

fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let v: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    if v.is_empty() { "nothing".into() } else { v.join(", ") }
}

fn describe(f: &Facts, kind: &str) -> String {
    match kind {
        "errors" => list(&f.errors),
        "terminal" => list(&f.terminals),
        "creates" => list(&f.creates),
        "emits" => list(&f.emits),
        "code-points" => list(f.code_points.iter().map(|(c, n)| format!("U+{c:04X}x{n}"))),
        "identifiers" => list(&f.identifiers),
        _ => f.current.to_string(),
    }
}

fn check_cases(state: &str, cases: &[Case], t: &TextState, presence_only: bool, out: &mut Vec<Mismatch>) {
    let table_keys: Vec<Vec<Key>> = cases.iter().map(|c| c.on.iter().map(matcher_key).collect()).collect();
    let mut covered = vec![false; cases.len()];
    for tc in &t.cases {
        let keys: Vec<Key> = tc.bullets.iter().map(|b| bullet_key(b)).collect();
        let label = keys.iter().map(Key::to_string).collect::<Vec<_>>().join(", ");
        let mut matched: BTreeSet<usize> = BTreeSet::new();
        for (k, b) in keys.iter().zip(&tc.bullets) {
            if let Key::Unread(_) = k {
                out.push(mismatch(state, &label, "unread-bullet", format!("cannot read the bullet {b:?}"), tc));
                continue;
            }
            match table_keys.iter().position(|ks| ks.contains(k)) {
                Some(i) => {
                    matched.insert(i);
                    covered[i] = true;
                }
                None => out.push(mismatch(state, &label, "bullet-without-case", format!("no case matches {k}"), tc)),
            }
        }
        if matched.is_empty() {
            continue;
        }
        let chosen: Vec<&Case> = matched.iter().map(|&i| &cases[i]).collect();
        compare_facts(state, &label, tc, &chosen, presence_only, out);
    }
    for (i, c) in cases.iter().enumerate() {
        if !covered[i] {
            let keys = table_keys[i].iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
            out.push(Mismatch {
                state: state.to_owned(),
                case: Some(keys),
                kind: "case-without-bullet",
                message: format!(
                    "case #{} ({}) has no bullet in the text",
                    i + 1,
                    statemark_codegen::lower::case_label(c)
                ),
                text: String::new(),
            });
        }
    }
}

fn mismatch(state: &str, label: &str, kind: &'static str, message: String, tc: &TextCase) -> Mismatch {
    Mismatch { state: state.to_owned(), case: Some(label.to_owned()), kind, message, text: tc.prose.clone() }
}

fn compare_facts(
    state: &str,
    label: &str,
    tc: &TextCase,
    chosen: &[&Case],
    presence_only: bool,
    out: &mut Vec<Mismatch>,
) {
    let mut said = text_facts(&tc.prose, presence_only);
    let has = table_facts(chosen, presence_only);
    // "Emit the current token" names no kind: it stands for the one token the table emits.
    let emitted: Vec<&String> = has.emits.iter().filter(|k| *k != "character").collect();
    if emitted.len() == 1 && said.emits.remove("token") {
        said.emits.insert(emitted[0].clone());
    }
    let kinds: [(&'static str, bool); 7] = [
        ("identifiers", said.identifiers == has.identifiers),
        ("errors", said.errors == has.errors),
        ("terminal", said.terminals == has.terminals),
        ("creates", said.creates == has.creates),
        ("emits", said.emits == has.emits),
        ("code-points", said.code_points == has.code_points),
        ("current-character", said.current == has.current),
    ];
    for (kind, same) in kinds {
        if !same {
            out.push(mismatch(
                state,
                label,
                kind,
                format!("text: {}; table: {}", describe(&said, kind), describe(&has, kind)),
                tc,
            ));
        }
    }
}

/// A reviewed mismatch: `tests/expectations/spec_check.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Expected {
    pub machine: String,
    /// The texts the entry applies to, relative to `../shared` (`spec/html/tokenization.html`).
    pub texts: Vec<String>,
    pub key: String,
    pub reason: String,
    /// The erratum of `spec/<machine>/README.md` the entry shows, if any.
    #[serde(default)]
    pub erratum: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ExpectationsFile {
    pub about: String,
    pub entries: Vec<Expected>,
}

/// The outcome of a checked run: mismatches nobody reviewed, reviewed entries that no longer
/// show, and the reviewed ones that still do.
#[derive(Debug, Default)]
pub struct Outcome {
    pub new: Vec<Mismatch>,
    pub reviewed: Vec<(Mismatch, Expected)>,
    pub stale: Vec<Expected>,
}

/// Split `found` by the entries for (`machine`, `text`).
pub fn against(found: Vec<Mismatch>, entries: &[Expected], machine: &str, text: &str) -> Outcome {
    let mine: Vec<&Expected> =
        entries.iter().filter(|e| e.machine == machine && e.texts.iter().any(|t| text.ends_with(t.as_str()))).collect();
    let mut o = Outcome::default();
    let mut seen = BTreeSet::new();
    for m in found {
        match mine.iter().find(|e| e.key == m.key()) {
            Some(e) => {
                seen.insert(e.key.clone());
                o.reviewed.push((m, (*e).clone()));
            }
            None => o.new.push(m),
        }
    }
    o.stale = mine.into_iter().filter(|e| !seen.contains(&e.key)).cloned().collect();
    o
}

/// Load a machine directory (`spec/html`) and read a text file; both as the CLI gives them.
pub fn load_text(path: &Path) -> Result<Vec<TextState>, String> {
    let s = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(spec_text::parse(&path.to_string_lossy(), &s))
}

/// For each numbered erratum of `machine`'s reviewed entries (from any text): whether the text
/// `found` was read from still shows it (`still in this text`), no longer does (`fixed in this
/// text`), or no longer has its state (`its state is not in this text`); with the entries' keys.
pub fn errata(found: &[Mismatch], entries: &[Expected], machine: &str) -> Vec<(u32, &'static str, Vec<String>)> {
    let keys: BTreeSet<String> = found.iter().map(Mismatch::key).collect();
    let mut by_number: BTreeMap<u32, Vec<&Expected>> = BTreeMap::new();
    for e in entries.iter().filter(|e| e.machine == machine) {
        if let Some(n) = e.erratum {
            by_number.entry(n).or_default().push(e);
        }
    }
    by_number
        .into_iter()
        .map(|(n, es)| {
            let still = es.iter().filter(|e| keys.contains(&e.key)).count();
            let gone = es.iter().all(|e| {
                let state = e.key.split(" | ").next().unwrap_or("");
                keys.contains(&format!("{state} | table-without-state"))
            });
            let verdict = if still == es.len() {
                "still in this text"
            } else if gone {
                "its state is not in this text"
            } else if still == 0 {
                "fixed in this text"
            } else {
                "partly fixed in this text"
            };
            (n, verdict, es.iter().map(|e| e.key.clone()).collect())
        })
        .collect()
}

/// The terminal report: one block per mismatch, the spec sentence quoted.
pub fn render(machine: &str, text: &str, found: &[Mismatch], entries: Option<&[Expected]>) -> (String, bool) {
    let mut s = String::new();
    let outcome = against(found.to_vec(), entries.unwrap_or(&[]), machine, text);
    s.push_str(&format!("spec-check {machine} against {text}\n"));
    for m in &outcome.new {
        s.push_str(&format!("  {}: {}\n", m.key(), m.message));
        if !m.text.is_empty() {
            s.push_str(&format!("      spec: {:?}\n", m.text));
        }
    }
    for (m, e) in &outcome.reviewed {
        s.push_str(&format!("  reviewed {}: {} ({})\n", m.key(), m.message, e.reason));
    }
    for e in &outcome.stale {
        s.push_str(&format!("  reviewed entry no longer found: {} ({})\n", e.key, e.reason));
    }
    if let Some(entries) = entries {
        for (n, verdict, keys) in errata(found, entries, machine) {
            s.push_str(&format!("  erratum {n}: {verdict} ({})\n", keys.join("; ")));
        }
    }
    s.push_str(&format!(
        "{} new, {} reviewed, {} stale\n",
        outcome.new.len(),
        outcome.reviewed.len(),
        outcome.stale.len()
    ));
    (s, outcome.new.is_empty() && outcome.stale.is_empty())
}

/// `cargo xtask spec-check MACHINE --text FILE [--anchors FILE] [--expectations FILE]`.
pub fn run_cli(
    root: &Path,
    machine: &str,
    text: &Path,
    anchors: Option<&Path>,
    expectations: Option<&Path>,
) -> Result<(String, bool), String> {
    let m = crate::machines::load(root, machine)?;
    let states = load_text(text)?;
    let anchor_path = anchors.map(Path::to_path_buf).or_else(|| {
        let html = text.with_extension("html");
        (text.extension().is_some_and(|e| e == "txt") && html.exists()).then_some(html)
    });
    let anchor_states = anchor_path.as_deref().map(load_text).transpose()?;
    let found = check(&m, &states, anchor_states.as_deref());
    let exp_path =
        expectations.map(Path::to_path_buf).unwrap_or_else(|| root.join("tests/expectations/spec_check.json"));
    let entries = match std::fs::read_to_string(&exp_path) {
        Ok(s) => Some(
            serde_json::from_str::<ExpectationsFile>(&s).map_err(|e| format!("{}: {e}", exp_path.display()))?.entries,
        ),
        Err(_) if expectations.is_none() => None,
        Err(e) => return Err(format!("{}: {e}", exp_path.display())),
    };
    Ok(render(&m.manifest.machine, &text.to_string_lossy(), &found, entries.as_deref()))
}
