//! The table interpreter: a machine run straight from its RON tables, one character at a time,
//! with no generated code. It lets `history` run 147 revisions without 147 generated machines,
//! and is an independent oracle for the code generator (`cargo xtask interp-check` holds it
//! against a machine's generated tokenizer on the machine's suite: tokens, errors, traces).
//!
//! Slow on purpose (clarity over speed; xtask only, never the library's hot path). The states
//! the tables leave to the runtime (`HandWritten`) are implemented here only for today's HTML
//! (named and numeric character references) and for the 2006–2010 texts' character reference
//! algorithm whose parameters `import_charref.rs` read; an input that reaches another is reported as
//! such, not guessed.

use crate::behaviour::{Input, Run};
use crate::import::UNNAMED_ERROR;
use crate::import_charref::{CharRefAlgorithm, MissingSemicolon, NoMatchError};
use statemark_codegen::lower::{code_point, code_points};
use statemark_codegen::model::{Action, Body, Case, Chars, Guard, Machine, Matcher, StateDef, Terminal};
use std::collections::{BTreeMap, HashMap};

/// The named references the older texts' algorithm matches against when the caller gives none:
/// the 2008 draft's table (`spec/html2008/entities.ron`). The tables of the other revisions
/// are not in their tokenization sections, so every revision is run with this one.
static DRAFT_2008_REFS: std::sync::LazyLock<Result<NamedRefs, String>> = std::sync::LazyLock::new(|| {
    load_refs(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/html2008/entities.ron"))
});

/// The named character references: name (without `&`) → characters.
pub type NamedRefs = BTreeMap<String, String>;

/// Load a machine's named reference table (`spec/html/named_character_references.ron`).
pub fn load_refs(path: &std::path::Path) -> Result<NamedRefs, String> {
    let t = statemark_codegen::entities::load(path)?;
    Ok(t.entries.into_iter().map(|e| (e.name, e.characters)).collect())
}

#[derive(Debug, Clone, Default)]
struct Tag {
    end: bool,
    name: String,
    /// (name, value, dropped as a duplicate)
    attrs: Vec<(String, String, bool)>,
    self_closing: bool,
}

#[derive(Debug, Clone, Default)]
struct Doctype {
    name: Option<String>,
    public: Option<String>,
    system: Option<String>,
    force_quirks: bool,
}

/// What input stream preprocessing does besides CR and CRLF (each machine's text says).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Preprocess {
    /// Today's HTML and the 2017 text: control characters and noncharacters are parse errors.
    Html,
    /// The 2008 draft: U+0000 becomes U+FFFD and is a parse error.
    Draft2008,
    /// XML5: U+0000 becomes U+FFFD, not reported; control characters and noncharacters are
    /// reported as in HTML.
    Xml5,
}

/// One run of the interpreter.
struct Vm<'m> {
    preprocess: Preprocess,
    /// Where a U+0000 was replaced (Draft2008), to report it when first read.
    nul_at: std::collections::BTreeSet<usize>,
    states: HashMap<&'m str, &'m StateDef>,
    refs: Option<&'m NamedRefs>,
    /// The input after preprocessing, with each character's byte offset in the original.
    chars: Vec<(char, usize)>,
    len: usize,
    pos: usize,
    /// The current input character (None: EOF) and its offset.
    cur: Option<char>,
    cur_at: usize,
    state: String,
    return_state: String,
    tokens: Vec<String>,
    errors: Vec<String>,
    path: Vec<(String, u16)>,
    /// See [`Run::unrepresentable`].
    unrepresentable: Vec<String>,
    text: String,
    tag: Tag,
    comment: String,
    doctype: Doctype,
    pi: (String, String),
    temp: String,
    code: u64,
    last_start_tag: Option<String>,
    flags: BTreeMap<String, String>,
    additional: Option<char>,
    /// Where each flag was last set by a `SetFlag`: (input position, tokens, buffered text
    /// length), for [`Action::ReparseSinceFlagSet`]; a flag not set since the start was set
    /// before the first character, with nothing emitted.
    flag_set_at: BTreeMap<String, (usize, usize, usize)>,
    checked_upto: usize,
    done: bool,
}

/// Why an input could not be run.
pub type Unsupported = String;

fn class_has(c: statemark_codegen::model::CharClass, ch: char) -> bool {
    ch.is_ascii() && c.bytes().contains(&(ch as u8))
}

impl<'m> Vm<'m> {
    fn next(&mut self) -> Option<char> {
        match self.chars.get(self.pos) {
            Some(&(c, at)) => {
                self.pos += 1;
                self.cur = Some(c);
                self.cur_at = at;
                self.check_input(c, at);
                Some(c)
            }
            None => {
                self.cur = None;
                self.cur_at = self.len;
                None
            }
        }
    }

    /// Input preprocessing's errors, once per character, when it is first looked at
    /// (spec: #preprocessing-the-input-stream).
    fn check_input(&mut self, c: char, at: usize) {
        if at < self.checked_upto {
            return;
        }
        self.checked_upto = at + 1;
        let u = c as u32;
        match self.preprocess {
            // XML5: U+0000 becomes U+FFFD (not reported); the rest as HTML.
            Preprocess::Xml5 => {}
            // The 2008 draft (and the texts of its era): U+0000 becomes U+FFFD, a parse error.
            Preprocess::Draft2008 => {
                if self.nul_at.contains(&at) {
                    self.error_at("null-character-in-input-stream", at);
                }
                return;
            }
            Preprocess::Html => {}
        }
        if (0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE {
            self.error_at("noncharacter-in-input-stream", at);
        } else if (u < 0x20 && !matches!(u, 0x00 | 0x09 | 0x0A | 0x0C | 0x0D)) || (0x7F..=0x9F).contains(&u) {
            self.error_at("control-character-in-input-stream", at);
        }
    }

    fn error_at(&mut self, code: &str, at: usize) {
        self.errors.push(format!("{code}@{at}"));
    }

    fn error(&mut self, code: &str) {
        let at = self.cur_at;
        self.error_at(code, at);
    }

    /// Whether the input from `from` (a char index) starts with `s` (ASCII case-insensitively
    /// when `ci`); `None` when it is too short to say... which at the end of a whole input is
    /// false.
    fn starts_with(&self, from: usize, s: &str, ci: bool) -> bool {
        let mut i = from;
        for want in s.chars() {
            match self.chars.get(i) {
                Some(&(c, _)) if c == want || (ci && c.eq_ignore_ascii_case(&want)) => i += 1,
                _ => return false,
            }
        }
        true
    }

    fn chars_of(&self, c: &Chars) -> String {
        match c {
            Chars::Current => self.cur.map(String::from).unwrap_or_default(),
            Chars::CurrentLowercase => self.cur.map(|c| c.to_ascii_lowercase().to_string()).unwrap_or_default(),
            Chars::CurrentUppercase => self.cur.map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default(),
            Chars::CodePoints(s) => code_points(s).unwrap_or_default(),
        }
    }

    fn flush_text(&mut self) {
        if !self.text.is_empty() {
            let t = std::mem::take(&mut self.text);
            self.tokens.push(format!("Characters {t:?}"));
        }
    }

    fn emit(&mut self, token: String) {
        self.flush_text();
        self.tokens.push(token);
    }

    fn in_attribute(&self) -> bool {
        self.return_state.starts_with("attribute_value")
    }

    fn guard(&self, g: &Guard) -> Result<bool, Unsupported> {
        Ok(match g {
            Guard::AppropriateEndTag => self.tag.end && self.last_start_tag.as_deref() == Some(self.tag.name.as_str()),
            Guard::TempBufferIsScript => self.temp == "script",
            // The interpreter runs the tokenizer alone: no tree builder, no adjusted current node.
            Guard::AdjustedCurrentNodeIsForeign => false,
            Guard::CharRefInAttribute => self.in_attribute(),
            Guard::TempBufferIsDisallowedPiTarget => {
                self.temp.eq_ignore_ascii_case("xml") || self.temp.eq_ignore_ascii_case("xml-stylesheet")
            }
            Guard::Flag(f, vs) => self.flags.get(f).is_some_and(|v| vs.contains(v)),
            Guard::All(gs) => {
                for g in gs {
                    if !self.guard(g)? {
                        return Ok(false);
                    }
                }
                true
            }
            Guard::Any(gs) => {
                for g in gs {
                    if self.guard(g)? {
                        return Ok(true);
                    }
                }
                false
            }
            Guard::Not(g) => !self.guard(g)?,
            Guard::LastCharactersAre(s) => {
                let n = s.chars().count();
                // Ending at the current input character (consumed: pos - 1).
                self.pos >= n && self.cur.is_some() && self.starts_with(self.pos - n, s, false)
            }
            Guard::NextCharactersAreLastStartTagFollowedBy(follow) => {
                let Some(name) = &self.last_start_tag else { return Ok(false) };
                if !self.starts_with(self.pos, name, true) {
                    return Ok(false);
                }
                let after = self.chars.get(self.pos + name.chars().count()).map(|&(c, _)| c);
                follow.iter().any(|m| match (m, after) {
                    (Matcher::Eof, None) => true,
                    (Matcher::Char(s), Some(c)) => code_point(s) == Some(c as u32),
                    _ => false,
                })
            }
            Guard::PermittedSlash => {
                const LIST: [&str; 11] =
                    ["base", "link", "meta", "hr", "br", "img", "embed", "param", "area", "col", "input"];
                !self.tag.end
                    && LIST.contains(&self.tag.name.as_str())
                    && self.chars.get(self.pos).map(|&(c, _)| c) == Some('>')
            }
        })
    }

    fn attr_push(&mut self, name: bool, s: &str) {
        if let Some(a) = self.tag.attrs.last_mut() {
            if name {
                a.0.push_str(s);
            } else {
                a.1.push_str(s);
            }
        }
    }

    fn emit_tag(&mut self) {
        let t = std::mem::take(&mut self.tag);
        let attrs: Vec<String> = t.attrs.iter().filter(|a| !a.2).map(|(n, v, _)| format!(" {n}={v:?}")).collect();
        if t.end {
            if !attrs.is_empty() {
                self.error("end-tag-with-attributes");
            }
            if t.self_closing {
                self.error("end-tag-with-trailing-solidus");
            }
            self.flags.insert("content_model".into(), "PCDATA".into());
        } else {
            self.last_start_tag = Some(t.name.clone());
        }
        // The recorder's names: XML5 calls a self-closing start tag an empty tag.
        let kind = match (t.end, t.self_closing && self.preprocess == Preprocess::Xml5) {
            (true, _) => "EndTag",
            (false, true) => "EmptyTag",
            (false, false) => "StartTag",
        };
        let sc = if t.self_closing { " self-closing" } else { "" };
        self.emit(format!("{kind} {}{}{sc}", t.name, attrs.concat()));
        self.tag = Tag { end: t.end, name: t.name, ..Default::default() };
    }

    fn flush_char_ref(&mut self) {
        let t = std::mem::take(&mut self.temp);
        if self.in_attribute() {
            self.attr_push(false, &t);
        } else {
            self.text.push_str(&t);
        }
        self.temp = t;
    }

    fn act(&mut self, a: &Action) -> Result<(), Unsupported> {
        match a {
            Action::Error(code) => self.error(code),
            Action::EmitChars(c) => {
                let s = self.chars_of(c);
                self.text.push_str(&s);
            }
            Action::EmitTempBuffer => {
                let t = self.temp.clone();
                self.text.push_str(&t);
            }
            Action::CreateStartTag => self.tag = Tag::default(),
            Action::CreateEndTag => self.tag = Tag { end: true, ..Default::default() },
            Action::AppendToTagName(c) => {
                let s = self.chars_of(c);
                self.tag.name.push_str(&s);
            }
            Action::StartAttribute => self.tag.attrs.push((String::new(), String::new(), false)),
            Action::AppendToAttributeName(c) => {
                let s = self.chars_of(c);
                self.attr_push(true, &s);
            }
            Action::AppendToAttributeValue(c) => {
                let s = self.chars_of(c);
                self.attr_push(false, &s);
            }
            Action::SetSelfClosing => self.tag.self_closing = true,
            Action::EmitTag => self.emit_tag(),
            Action::EmitShortEndTag => self.emit("ShortEndTag".into()),
            Action::CreateComment(s) => self.comment = s.clone(),
            Action::AppendToComment(c) => {
                let s = self.chars_of(c);
                self.comment.push_str(&s);
            }
            Action::EmitComment => {
                let c = std::mem::take(&mut self.comment);
                self.emit(format!("Comment {c:?}"));
            }
            Action::CreateDoctype => self.doctype = Doctype::default(),
            Action::SetDoctypeNameEmpty => self.doctype.name = Some(String::new()),
            Action::AppendToDoctypeName(c) => {
                let s = self.chars_of(c);
                self.doctype.name.get_or_insert_with(String::new).push_str(&s);
            }
            Action::SetPublicIdEmpty => self.doctype.public = Some(String::new()),
            Action::AppendToPublicId(c) => {
                let s = self.chars_of(c);
                self.doctype.public.get_or_insert_with(String::new).push_str(&s);
            }
            Action::SetSystemIdEmpty => self.doctype.system = Some(String::new()),
            Action::AppendToSystemId(c) => {
                let s = self.chars_of(c);
                self.doctype.system.get_or_insert_with(String::new).push_str(&s);
            }
            Action::SetForceQuirks => self.doctype.force_quirks = true,
            Action::EmitDoctype => {
                let d = std::mem::take(&mut self.doctype);
                self.emit(format!(
                    "DOCTYPE name={:?} public={:?} system={:?}{}",
                    d.name.as_deref(),
                    d.public.as_deref(),
                    d.system.as_deref(),
                    if d.force_quirks { " force-quirks" } else { "" }
                ));
            }
            Action::ClearTempBuffer => self.temp.clear(),
            Action::AppendToTempBuffer(c) => {
                let s = self.chars_of(c);
                self.temp.push_str(&s);
            }
            Action::SetReturnState(s) => self.return_state = s.clone(),
            Action::SetAdditionalAllowedCharacter(c) => self.additional = self.chars_of(c).chars().next(),
            Action::FlushCharRef => self.flush_char_ref(),
            Action::AppendOrEmitCurrentAsCharRef => {
                let s = self.chars_of(&Chars::Current);
                if self.in_attribute() {
                    self.attr_push(false, &s);
                } else {
                    self.text.push_str(&s);
                }
            }
            Action::ResetCharRefCode => self.code = 0,
            Action::AccumulateCharRefCode { radix, subtract } => {
                let d = u64::from(self.cur.map_or(0, |c| c as u32).saturating_sub(*subtract));
                self.code = self.code.saturating_mul(u64::from(*radix)).saturating_add(d).min(0x7FFF_FFFF);
            }
            Action::ConvertTempBufferToComment => {
                self.comment = format!("?{}", self.temp);
            }
            Action::CreatePiFromTempBuffer => self.pi = (self.temp.clone(), String::new()),
            Action::CreatePi => self.pi = Default::default(),
            Action::AppendToPiTarget(c) => {
                let s = self.chars_of(c);
                self.pi.0.push_str(&s);
            }
            Action::AppendToPiData(c) => {
                let s = self.chars_of(c);
                self.pi.1.push_str(&s);
            }
            Action::EmitPi => {
                let (t, d) = std::mem::take(&mut self.pi);
                self.emit(format!("ProcessingInstruction target={t:?} data={d:?}"));
            }
            Action::CheckDuplicateAttribute => {
                let n = self.tag.attrs.len();
                if n > 1 {
                    let name = self.tag.attrs[n - 1].0.clone();
                    if self.tag.attrs[..n - 1].iter().any(|a| a.0 == name && !a.2) {
                        self.error("duplicate-attribute");
                        self.tag.attrs[n - 1].2 = true;
                    }
                }
            }
            Action::SetFlag(f, v) => {
                self.flags.insert(f.clone(), v.clone());
                self.flag_set_at.insert(f.clone(), (self.pos, self.tokens.len(), self.text.len()));
            }
            Action::MarkDoctypeCorrectIfNamed(name) => self.mark_doctype_correct_if_named(name),
            Action::ReparseSinceFlagSet(f) => self.reparse_since_flag_set(f),
        }
        Ok(())
    }

    /// "If the name of the DOCTYPE token is exactly the four letters "HTML", then mark the token
    /// as being correct. Otherwise, mark it as being in error." (2006-03-02 to 2007-06-15): in
    /// error is force-quirks on (see [`Action::MarkDoctypeCorrectIfNamed`]). A token not yet
    /// named has no name to be exactly those letters.
    fn mark_doctype_correct_if_named(&mut self, name: &str) {
        self.doctype.force_quirks = self.doctype.name.as_deref() != Some(name);
    }

    /// "throw away all the tokens that were emitted since the content model flag was set to the
    /// title state, ... and start reconsuming all the characters that were consumed since that
    /// point" (2006-03-02, 2006-03-21): tokens and buffered text back to where the flag was set,
    /// and the input too (the step's terminal stays, so the next step consumes from there).
    /// Parse errors already reported stay reported: the text throws away tokens.
    fn reparse_since_flag_set(&mut self, flag: &str) {
        let (pos, tokens, text) = self.flag_set_at.get(flag).copied().unwrap_or((0, 0, 0));
        self.tokens.truncate(tokens);
        self.text.truncate(text);
        self.pos = pos;
        self.cur = None;
    }

    fn goto(&mut self, to: &str) -> Result<(), Unsupported> {
        if to != self.state {
            if let Some(d) = self.states.get(self.state.as_str()).copied() {
                for a in &d.on_exit {
                    self.act(a)?;
                }
            }
            self.state = to.to_owned();
            let d = *self.states.get(to).ok_or_else(|| format!("no state {to}"))?;
            for a in &d.on_entry {
                self.act(a)?;
            }
        }
        Ok(())
    }

    /// Consume a matched string: its last character is the current input character.
    fn take_string(&mut self, from: usize, n: usize) {
        self.pos = from + n;
        if let Some(&(c, at)) = self.pos.checked_sub(1).and_then(|i| self.chars.get(i)) {
            self.cur = Some(c);
            self.cur_at = at;
        }
    }

    /// Step back one character: the current one is consumed again by the next state.
    fn unconsume(&mut self) {
        if self.cur.is_some() && self.pos > 0 {
            self.pos -= 1;
        }
    }

    fn terminal(&mut self, t: &Terminal, cases: &[Case]) -> Result<(), Unsupported> {
        match t {
            Terminal::Switch(s) => self.goto(s)?,
            Terminal::Reconsume(s) => {
                self.unconsume();
                self.goto(s)?;
            }
            Terminal::Stay => {}
            Terminal::SwitchToReturnState => {
                let r = self.return_state.clone();
                self.goto(&r)?;
            }
            Terminal::ReconsumeInReturnState => {
                self.unconsume();
                let r = self.return_state.clone();
                self.goto(&r)?;
            }
            Terminal::EmitEof => {
                self.emit("EOF".into());
                self.done = true;
            }
            Terminal::AsAnythingElse => {
                let else_case = cases
                    .iter()
                    .find(|c| c.on.contains(&Matcher::AnythingElse))
                    .ok_or("\"anything else\" with no such case")?;
                for a in &else_case.actions {
                    self.act(a)?;
                }
                let t = else_case.then.clone();
                if t == Terminal::AsAnythingElse {
                    return Err("\"anything else\" refers to itself".into());
                }
                self.terminal(&t, cases)?;
            }
        }
        Ok(())
    }

    /// Run one step of the current state.
    fn step(&mut self) -> Result<(), Unsupported> {
        let def: &StateDef =
            self.states.get(self.state.as_str()).copied().ok_or_else(|| format!("no state {}", self.state))?;
        let state_name = self.state.clone();
        // Case numbers run on through a Branch's bodies.
        let (cases, lookahead, offset) = match &def.body {
            Body::ConsumeNext(cs) => (cs, false, 0),
            Body::Lookahead(cs) => (cs, true, 0),
            Body::Branch(bs) => {
                let mut offset = 0;
                let mut chosen = None;
                for b in bs {
                    let holds = match &b.guard {
                        None => true,
                        Some(g) => self.guard(g)?,
                    };
                    let n = b.body.numbered_cases().len();
                    if holds {
                        chosen = Some((&b.body, offset));
                        break;
                    }
                    offset += n;
                }
                match chosen {
                    Some((Body::ConsumeNext(cs), o)) => (cs, false, o),
                    Some((Body::Lookahead(cs), o)) => (cs, true, o),
                    _ => return Err(format!("{state_name}: a branch with no body the interpreter reads")),
                }
            }
            Body::HandWritten { .. } => return self.hand_written(&state_name),
        };
        let start = self.pos;
        if !lookahead {
            self.next();
        } else {
            // A lookahead state's "anything else" consumes nothing: its errors are at the next
            // input character.
            self.cur_at = self.next_at();
            if let Some(&(c, at)) = self.chars.get(self.pos) {
                self.check_input(c, at);
            }
        }
        let cur = self.cur;
        let at_eof = !lookahead && cur.is_none();
        for (i, c) in cases.iter().enumerate() {
            let number = (offset + i + 1) as u16;
            // Which matcher takes the input: a string match gives where it starts and its length.
            let mut hit: Option<Option<(usize, usize)>> = None;
            for m in &c.on {
                let h = match m {
                    Matcher::Char(s) => {
                        (!lookahead && cur.is_some_and(|ch| code_point(s) == Some(ch as u32))).then_some(None)
                    }
                    Matcher::Class(k) => (!lookahead && cur.is_some_and(|ch| class_has(*k, ch))).then_some(None),
                    Matcher::Eof => at_eof.then_some(None),
                    Matcher::AnythingElse => Some(None),
                    Matcher::Exact(s) | Matcher::CaseInsensitive(s) => {
                        let ci = matches!(m, Matcher::CaseInsensitive(_));
                        // In a consume-next state the string starts at the current character.
                        let from = start;
                        ((lookahead || cur.is_some()) && self.starts_with(from, s, ci))
                            .then_some(Some((from, s.chars().count())))
                    }
                };
                if h.is_some() {
                    hit = h;
                    break;
                }
            }
            let Some(string) = hit else { continue };
            if let Some(g) = &c.guard {
                let holds = self.guard(g)?;
                if !holds && c.otherwise.is_none() {
                    if string.is_some() {
                        // Part of the match: the next case reads the same input.
                        continue;
                    }
                    // Falls through to "anything else".
                    let (k, e) = cases
                        .iter()
                        .enumerate()
                        .find(|(_, c)| c.on.contains(&Matcher::AnythingElse))
                        .ok_or_else(|| format!("{state_name}: a failed guard and no \"anything else\""))?;
                    self.path.push((state_name.clone(), (offset + k + 1) as u16));
                    for a in &e.actions {
                        self.act(a)?;
                    }
                    return self.terminal(&e.then.clone(), cases);
                }
                if let Some((from, n)) = string {
                    self.take_string(from, n);
                }
                self.path.push((state_name.clone(), number));
                if holds {
                    for a in &c.actions {
                        self.act(a)?;
                    }
                    return self.terminal(&c.then.clone(), cases);
                }
                let o = c.otherwise.as_ref().ok_or("unreachable")?;
                for a in &o.actions {
                    self.act(a)?;
                }
                return self.terminal(&o.then.clone(), cases);
            }
            if let Some((from, n)) = string {
                self.take_string(from, n);
            }
            self.path.push((state_name.clone(), number));
            for a in &c.actions {
                self.act(a)?;
            }
            return self.terminal(&c.then.clone(), cases);
        }
        Err(format!("{state_name}: no case matched {cur:?}"))
    }

    /// The states the tables leave to the runtime: today's named and numeric character
    /// references (spec: #named-character-reference-state, #numeric-character-reference-end-state).
    /// The offset of the next input character (the input's length at its end).
    fn next_at(&self) -> usize {
        self.chars.get(self.pos).map_or(self.len, |&(_, at)| at)
    }

    fn hand_written(&mut self, state: &str) -> Result<(), Unsupported> {
        match state {
            "named_character_reference_state" => self.named_reference(),
            "numeric_character_reference_end_state" => self.numeric_end(),
            other => {
                // The older texts' algorithm, its parameters read from the text (import_charref.rs).
                let alg = match self.states.get(other).map(|d| &d.body) {
                    Some(Body::HandWritten { notes, .. }) => CharRefAlgorithm::from_notes(notes),
                    _ => None,
                };
                match alg {
                    Some(alg) => self.char_ref_algorithm(other, &alg),
                    None => Err(format!("hand-written state {other} is not implemented in the interpreter")),
                }
            }
        }
    }

    /// "Consume an entity" / "consume a character reference" as a 2006–2010 text says it
    /// (the parameters [`CharRefAlgorithm`] read from its section), entered with the `&`
    /// consumed and the return state set by the caller. What it returns, or `&` when nothing is,
    /// is emitted or appended to the attribute's value (the callers' "If nothing is returned,
    /// emit a U+0026 ... Otherwise, emit the character token that was returned"), then the
    /// return state. Traced as one case per outcome: 1 not a reference, 2 a number returned, 3
    /// no digits, 4 a name returned, 5 no name matched, 6 a name unconsumed by the attribute
    /// rule.
    fn char_ref_algorithm(&mut self, state: &str, alg: &CharRefAlgorithm) -> Result<(), Unsupported> {
        let start = self.pos;
        let peek = |vm: &Self, i: usize| vm.chars.get(i).map(|&(c, _)| c);
        let in_ranges = |rs: &[(u32, u32)], c: u32| rs.iter().any(|&(a, b)| (a..=b).contains(&c));
        let next = peek(self, start);
        let not_a_reference = match next {
            None => alg.not_at_eof,
            Some(c) => {
                alg.not_a_reference.contains(&(c as u32)) || (alg.additional_allowed && self.additional == Some(c))
            }
        };
        // Where each parse error is found (a char index: the offset of the character there).
        let mut errors_at: Vec<usize> = Vec::new();
        let returned: Option<String>;
        let mut case;
        if not_a_reference {
            case = 1;
            returned = None;
        } else if next == Some('#') {
            case = 2;
            let mut i = start + 1;
            let hex = matches!(peek(self, i), Some('x' | 'X'));
            if hex {
                i += 1;
            }
            let digits = if hex { &alg.hex_digits } else { &alg.decimal_digits };
            let from = i;
            while peek(self, i).is_some_and(|c| in_ranges(digits, c as u32)) {
                i += 1;
            }
            if i == from {
                // "don't consume any characters (and unconsume the U+0023 NUMBER SIGN character
                // and, if appropriate, the X character). This is a parse error"
                errors_at.push(from);
                case = 3;
                returned = None;
            } else {
                // A digit's value as a number in the radix; the 2006 text's hexadecimal range
                // "0-9, A-Z, a-z" gives G..Z the values 16..35 (the text does not say).
                let radix: u64 = if hex { 16 } else { 10 };
                let mut n: u64 = 0;
                for k in from..i {
                    let d = peek(self, k).and_then(|c| c.to_digit(36)).unwrap_or(0);
                    n = (n * radix + u64::from(d)).min(0x1_0000_0000);
                }
                self.pos = i;
                if peek(self, i) == Some(';') {
                    self.pos += 1;
                } else {
                    errors_at.push(i);
                }
                let n = n.min(u64::from(u32::MAX)) as u32;
                let (code, error) = if let Some(&(_, to)) = alg.table.iter().find(|(k, _)| *k == n) {
                    (to, true)
                } else if let Some(r) = alg.rules.iter().find(|r| in_ranges(&r.ranges, n)) {
                    (r.replace.unwrap_or(n), r.error)
                } else {
                    (n, false)
                };
                if error {
                    errors_at.push(self.pos);
                }
                // A number that is no character (a surrogate, above 0x10FFFF) where the text
                // returns it as it is: U+FFFD, the only character a token can hold, stands in,
                // and the run says so (a text that replaces it with U+FFFD is not the same).
                returned = Some(match char::from_u32(code) {
                    Some(c) => c.to_string(),
                    None => {
                        let at = self.chars.get(start).map_or(self.len, |&(_, at)| at);
                        self.unrepresentable.push(format!("U+{code:04X}@{at}"));
                        '\u{FFFD}'.to_string()
                    }
                });
            }
        } else {
            case = 4;
            if !alg.case_sensitive {
                return Err(format!("{state}: case-insensitive named references are not implemented"));
            }
            let refs = match self.refs {
                Some(r) => r,
                None => DRAFT_2008_REFS.as_ref().map_err(|e| e.clone())?,
            };
            let separate = alg.missing_semicolon == MissingSemicolon::ConsumedAfter;
            // The texts before 2007-06-15 match names without their semicolon and read the
            // semicolon after.
            let best = longest_match(refs, &self.chars, start, |k| !(separate && k.ends_with(';')));
            let alnum_then = |vm: &Self, end: char| {
                let mut i = start;
                while peek(vm, i).is_some_and(|c| c.is_ascii_alphanumeric()) {
                    i += 1;
                }
                i > start && peek(vm, i) == Some(end)
            };
            match best {
                None => {
                    let error = match alg.no_match_error {
                        NoMatchError::Always => true,
                        NoMatchError::UnlessAttributeNameEquals => !(self.in_attribute() && alnum_then(self, '=')),
                        NoMatchError::IfAlphanumericsThenSemicolon => alnum_then(self, ';'),
                    };
                    if error {
                        errors_at.push(start);
                    }
                    case = 5;
                    returned = None;
                }
                Some((end, key, value)) => {
                    let terminated = key.ends_with(';');
                    if alg.missing_semicolon == MissingSemicolon::ErrorBeforeAttributeRule && !terminated {
                        errors_at.push(end);
                    }
                    let after = peek(self, end);
                    if self.in_attribute()
                        && !terminated
                        && after.is_some_and(|c| in_ranges(&alg.attribute_next, c as u32))
                    {
                        // "all the characters that were matched after the U+0026 AMPERSAND
                        // character (&) must be unconsumed, and nothing is returned"
                        case = 6;
                        returned = None;
                    } else {
                        self.pos = end;
                        match alg.missing_semicolon {
                            MissingSemicolon::ErrorAfterAttributeRule if !terminated => errors_at.push(end),
                            MissingSemicolon::ConsumedAfter => {
                                if after == Some(';') {
                                    self.pos += 1;
                                } else {
                                    errors_at.push(end);
                                }
                            }
                            _ => {}
                        }
                        returned = Some(value.clone());
                    }
                }
            }
        }
        self.path.push((state.to_owned(), case));
        if let Some(&(c, at)) = self.pos.checked_sub(1).and_then(|i| self.chars.get(i)) {
            self.cur = Some(c);
            self.cur_at = at;
        }
        for i in errors_at {
            let at = self.chars.get(i).map_or(self.len, |&(_, at)| at);
            self.error_at(UNNAMED_ERROR, at);
        }
        self.cur_at = self.next_at();
        self.temp = returned.unwrap_or_else(|| "&".to_owned());
        self.flush_char_ref();
        self.additional = None;
        let r = self.return_state.clone();
        self.goto(&r)
    }

    fn named_reference(&mut self) -> Result<(), Unsupported> {
        let refs = self.refs.ok_or("no named character reference table")?;
        // "Consume the maximum number of characters possible, where the consumed characters are
        // one of the identifiers in the named character references table."
        let best = longest_match(refs, &self.chars, self.pos, |_| true);
        // The generated code traces a hand-written state as case 0.
        self.path.push(("named_character_reference_state".to_owned(), 0));
        match best {
            Some((end, key, value)) => {
                let consumed: String = self.chars[self.pos..end].iter().map(|&(c, _)| c).collect();
                self.pos = end;
                self.cur = self.chars.get(end - 1).map(|&(c, _)| c);
                self.cur_at = self.chars.get(end - 1).map_or(self.len, |&(_, a)| a);
                self.temp.push_str(&consumed);
                // The runtime reports this state's errors after what it consumed.
                self.cur_at = self.next_at();
                let next = self.chars.get(end).map(|&(c, _)| c);
                if self.in_attribute()
                    && !key.ends_with(';')
                    && next.is_some_and(|c| c == '=' || c.is_ascii_alphanumeric())
                {
                    self.flush_char_ref();
                } else {
                    if !key.ends_with(';') {
                        self.error("missing-semicolon-after-character-reference");
                    }
                    self.temp = value.clone();
                    self.flush_char_ref();
                }
                let r = self.return_state.clone();
                self.goto(&r)
            }
            None => {
                self.flush_char_ref();
                self.goto("ambiguous_ampersand_state")
            }
        }
    }

    fn numeric_end(&mut self) -> Result<(), Unsupported> {
        const C1: [(u64, u32); 27] = [
            (0x80, 0x20AC),
            (0x82, 0x201A),
            (0x83, 0x0192),
            (0x84, 0x201E),
            (0x85, 0x2026),
            (0x86, 0x2020),
            (0x87, 0x2021),
            (0x88, 0x02C6),
            (0x89, 0x2030),
            (0x8A, 0x0160),
            (0x8B, 0x2039),
            (0x8C, 0x0152),
            (0x8E, 0x017D),
            (0x91, 0x2018),
            (0x92, 0x2019),
            (0x93, 0x201C),
            (0x94, 0x201D),
            (0x95, 0x2022),
            (0x96, 0x2013),
            (0x97, 0x2014),
            (0x98, 0x02DC),
            (0x99, 0x2122),
            (0x9A, 0x0161),
            (0x9B, 0x203A),
            (0x9C, 0x0153),
            (0x9E, 0x017E),
            (0x9F, 0x0178),
        ];
        self.path.push(("numeric_character_reference_end_state".to_owned(), 0));
        let mut code = self.code;
        self.cur_at = self.next_at();
        if code == 0 {
            self.error("null-character-reference");
            code = 0xFFFD;
        } else if code > 0x10FFFF {
            self.error("character-reference-outside-unicode-range");
            code = 0xFFFD;
        } else if (0xD800..=0xDFFF).contains(&code) {
            self.error("surrogate-character-reference");
            code = 0xFFFD;
        } else if (0xFDD0..=0xFDEF).contains(&code) || (code & 0xFFFE) == 0xFFFE {
            self.error("noncharacter-character-reference");
        } else if code == 0x0D
            || ((code < 0x20 || (0x7F..=0x9F).contains(&code)) && !matches!(code, 0x09 | 0x0A | 0x0C | 0x20))
        {
            self.error("control-character-reference");
            if let Some(&(_, to)) = C1.iter().find(|(f, _)| *f == code) {
                code = u64::from(to);
            }
        }
        self.temp = char::from_u32(code as u32).map(String::from).unwrap_or_else(|| "\u{FFFD}".into());
        self.flush_char_ref();
        let r = self.return_state.clone();
        // Consumes nothing: the return state reads the current input character next (when the
        // state was entered by a reconsume it is still there).
        self.goto(&r)
    }
}

/// The longest name in `refs` that the input spells from `from` (and that `accept` takes): the
/// index after it, the name and its characters.
fn longest_match<'r>(
    refs: &'r NamedRefs,
    chars: &[(char, usize)],
    from: usize,
    accept: impl Fn(&str) -> bool,
) -> Option<(usize, &'r String, &'r String)> {
    let mut best = None;
    let mut name = String::new();
    let mut i = from;
    while let Some(&(c, _)) = chars.get(i) {
        name.push(c);
        i += 1;
        match refs.range(name.clone()..).next() {
            Some((k, v)) if k.starts_with(&name) => {
                if *k == name && accept(k) {
                    best = Some((i, k, v));
                }
            }
            _ => break,
        }
    }
    best
}

/// Run `inp` on machine `m` from its tables.
pub fn run(m: &Machine, refs: Option<&NamedRefs>, inp: &Input) -> Result<Run, Unsupported> {
    let states: HashMap<&str, &StateDef> = m.states.iter().map(|(n, d)| (n.as_str(), d)).collect();
    // Input stream preprocessing: CRLF and CR become LF (spec: #preprocessing-the-input-stream).
    let preprocess = match m.manifest.machine.as_str() {
        "xml5" => Preprocess::Xml5,
        "html" | "html2017" => Preprocess::Html,
        _ => Preprocess::Draft2008,
    };
    let mut nul_at = std::collections::BTreeSet::new();
    let mut chars = Vec::new();
    let mut it = inp.text.char_indices().peekable();
    while let Some((at, c)) = it.next() {
        if c == '\0' && preprocess != Preprocess::Html {
            nul_at.insert(at);
            chars.push(('\u{FFFD}', at));
        } else if c == '\r' {
            if let Some(&(_, '\n')) = it.peek() {
                it.next();
            }
            chars.push(('\n', at));
        } else {
            chars.push((c, at));
        }
    }
    let mut flags = BTreeMap::new();
    for f in &m.manifest.flags {
        flags.insert(f.name.clone(), f.initial.clone());
    }
    if let Some(cm) = &inp.content_model_flag {
        flags.insert("content_model".into(), cm.clone());
    }
    let state = statemark_codegen::names::snake(&inp.state);
    if !states.contains_key(state.as_str()) {
        return Err(format!("no state {state}"));
    }
    let mut vm = Vm {
        preprocess,
        nul_at,
        states,
        refs,
        len: inp.text.len(),
        chars,
        pos: 0,
        cur: None,
        cur_at: 0,
        state: state.clone(),
        return_state: String::new(),
        tokens: Vec::new(),
        errors: Vec::new(),
        path: Vec::new(),
        unrepresentable: Vec::new(),
        text: String::new(),
        tag: Tag::default(),
        comment: String::new(),
        doctype: Doctype::default(),
        pi: Default::default(),
        temp: String::new(),
        code: 0,
        last_start_tag: inp.last_start_tag.clone(),
        flags,
        additional: None,
        flag_set_at: BTreeMap::new(),
        checked_upto: 0,
        done: false,
    };
    // Every step consumes a character or changes state; a bound keeps a table that does
    // neither from looping.
    let bound = 64 * (vm.chars.len() + 16);
    let mut steps = 0;
    while !vm.done {
        vm.step()?;
        steps += 1;
        if steps > bound {
            // A text with no way out (an EOF entry missing, so "anything else" stays at EOF for
            // ever) is an outcome of its own, not an error of the interpreter.
            vm.flush_text();
            vm.tokens.push(format!("NO-PROGRESS in {}", vm.state));
            return Ok(Run {
                tokens: vm.tokens,
                errors: vm.errors,
                path: vm.path,
                unrepresentable: vm.unrepresentable,
            });
        }
    }
    vm.flush_text();
    let _ = vm.additional;
    Ok(Run { tokens: vm.tokens, errors: vm.errors, path: vm.path, unrepresentable: vm.unrepresentable })
}

/// Adjacent character tokens as one (where a run is cut is the runtime's choice, not the spec's).
pub fn merged(tokens: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut text: Option<String> = None;
    let unq = |t: &str| -> Option<String> { serde_json::from_str::<String>(t).ok().or_else(|| undebug(t)) };
    for t in tokens {
        if let Some(rest) = t.strip_prefix("Characters ") {
            // Debug strings of plain text are JSON strings too, but for escapes like \u{0}.
            let s = unq(rest).unwrap_or_else(|| rest.to_owned());
            text.get_or_insert_with(String::new).push_str(&s);
            continue;
        }
        if let Some(s) = text.take() {
            out.push(format!("Characters {s:?}"));
        }
        out.push(t.clone());
    }
    if let Some(s) = text.take() {
        out.push(format!("Characters {s:?}"));
    }
    out
}

/// A Rust `{:?}` string back to its text: the escapes JSON does not share (`\u{2003}`, `\0`,
/// `\'`), so a character the formatter escapes is not escaped twice when runs are merged.
fn undebug(t: &str) -> Option<String> {
    let inner = t.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut it = inner.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next()? {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '0' => out.push('\0'),
            'u' => {
                let hex: String = it.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// A trace with each run of one (state, case) written once (kept with the traces it reads).
pub use crate::behaviour::runs;

/// How the interpreter and a machine's generated code compare over a corpus.
#[derive(Debug, Default, Clone)]
pub struct Agreement {
    pub inputs: usize,
    pub unsupported: usize,
    pub same_tokens: usize,
    pub same_errors: usize,
    pub same_path: usize,
    pub all_same: usize,
    /// The first few disagreements, described.
    pub examples: Vec<String>,
}

/// `cargo xtask interp-check spec/html`: the interpreter against the generated code.
pub fn check_cli(
    root: &std::path::Path,
    machine: &str,
    bench_files: usize,
    show: usize,
) -> Result<(String, bool), String> {
    let m = crate::machines::load(root, machine)?;
    let refs = if m.manifest.named_references.is_none() && crate::behaviour::base_machine(&m) == "html" {
        Some(load_refs(&root.join("spec/html/named_character_references.ron"))?)
    } else {
        None
    };
    let (bin, module) = crate::behaviour::build_probe(root, &m)?;
    let shared = root.join("../shared");
    let mut probe = crate::behaviour::start(&bin, &module, &shared)?;
    let opts = crate::behaviour::CorpusOptions { shared: shared.clone(), bench_files };
    let corpus = crate::behaviour::corpus(&bin, &module, &m, &m, &opts)?;
    let mut a = Agreement::default();
    for (origin, inp) in &corpus {
        a.inputs += 1;
        let generated = probe.run(inp)?;
        let mine = match run(&m, refs.as_ref(), inp) {
            Ok(r) => r,
            Err(e) => {
                a.unsupported += 1;
                if a.examples.len() < show {
                    a.examples.push(format!("{origin}: {:?} unsupported: {e}", inp.text));
                }
                continue;
            }
        };
        let st = merged(&generated.tokens) == merged(&mine.tokens);
        let se = generated.errors == mine.errors;
        let sp = runs(&generated.path) == runs(&mine.path);
        a.same_tokens += usize::from(st);
        a.same_errors += usize::from(se);
        a.same_path += usize::from(sp);
        a.all_same += usize::from(st && se && sp);
        if !(st && se && sp) && a.examples.len() < show {
            let first_path = runs(&generated.path).iter().zip(&runs(&mine.path)).position(|(x, y)| x != y);
            a.examples.push(format!(
                "{origin}: {:?} (state {})\n  generated: {:?}\n             {:?}\n  tables:    {:?}\n             {:?}\n  paths part at step {:?}: {:?} vs {:?}\n  generated path {:?}\n  tables path    {:?}",
                inp.text,
                inp.state,
                merged(&generated.tokens),
                generated.errors,
                merged(&mine.tokens),
                mine.errors,
                first_path,
                first_path.and_then(|i| runs(&generated.path).get(i).cloned()),
                first_path.and_then(|i| runs(&mine.path).get(i).cloned()),
                runs(&generated.path).into_iter().take(16).collect::<Vec<_>>(),
                runs(&mine.path).into_iter().take(16).collect::<Vec<_>>(),
            ));
        }
    }
    let mut out = String::new();
    for e in &a.examples {
        out.push_str(e);
        out.push('\n');
    }
    out.push_str(&format!(
        "interp-check {machine}: {} inputs, {} unsupported; tokens equal {}, errors equal {}, traces equal {}, all equal {}\n",
        a.inputs, a.unsupported, a.same_tokens, a.same_errors, a.same_path, a.all_same
    ));
    let clean = a.all_same + a.unsupported == a.inputs;
    Ok((out, clean))
}
