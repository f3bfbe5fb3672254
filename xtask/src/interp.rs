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
    /// The machine's name (`m.manifest.machine`).
    machine: &'m str,
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

    /// Whether the return state is an attribute value state (HTML's `attribute_value_...`,
    /// XML5's `tag_attribute_value_...`).
    fn in_attribute(&self) -> bool {
        self.return_state.contains("attribute_value")
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
            Action::EmitTag => {
                // "When the user agent leaves the attribute name state (and before emitting the
                // tag token, if appropriate)": a state whose exit checks the new attribute checks
                // it before its case emits the tag (the check then finds no attribute on exit).
                let exit = self.states.get(self.state.as_str()).map(|d| d.on_exit.as_slice()).unwrap_or_default();
                for a in exit.iter().filter(|a| matches!(a, Action::CheckDuplicateAttribute)) {
                    self.act(a)?;
                }
                self.emit_tag()
            }
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
                // Emitting the end-of-file token leaves the state (as the generator reads it):
                // its exit actions run first.
                if let Some(d) = self.states.get(self.state.as_str()).copied() {
                    for a in &d.on_exit {
                        self.act(a)?;
                    }
                }
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
                // The older texts' algorithm, its parameters read from the text (import_charref.rs):
                // a revision's in the state's notes, an edition's from the edition's text.
                let alg = match self.states.get(other).map(|d| &d.body) {
                    Some(Body::HandWritten { notes, .. }) => CharRefAlgorithm::from_notes(notes),
                    _ => None,
                };
                // A revision's run traces each outcome as a case of its own; an edition's, as its
                // generated code traces a hand-written state (case 0), so the two compare.
                let (alg, outcomes) = match alg {
                    Some(alg) => (alg, true),
                    None => (
                        edition_algorithm(self.machine, other)?.ok_or_else(|| {
                            format!("hand-written state {other} is not implemented in the interpreter")
                        })?,
                        false,
                    ),
                };
                // XML5's data state caller: "Switch to the data state. Attempt to consume a
                // character reference." (no return state of its own).
                if self.machine == "xml5" && other == "character_reference_in_data_state" {
                    self.return_state = "data_state".into();
                }
                self.char_ref_algorithm(other, &alg, outcomes)
            }
        }
    }

    /// "Consume an entity" / "consume a character reference" as a 2006–2010 text says it
    /// (the parameters [`CharRefAlgorithm`] read from its section), entered with the `&`
    /// consumed and the return state set by the caller. What it returns, or `&` when nothing is,
    /// is emitted or appended to the attribute's value (the callers' "If nothing is returned,
    /// emit a U+0026 ... Otherwise, emit the character token that was returned"), then the
    /// return state. Traced (with `outcomes`) as one case per outcome: 1 not a reference, 2 a
    /// number returned, 3 no digits, 4 a name returned, 5 no name matched, 6 a name unconsumed
    /// by the attribute rule; else as case 0.
    fn char_ref_algorithm(&mut self, state: &str, alg: &CharRefAlgorithm, outcomes: bool) -> Result<(), Unsupported> {
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
        // Each parse error, and where it is found (a char index: the offset of the character
        // there).
        let mut errors_at: Vec<(CharRefError, usize)> = Vec::new();
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
                errors_at.push((CharRefError::NoDigits, from));
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
                    errors_at.push((CharRefError::MissingSemicolon, i));
                }
                let n = n.min(u64::from(u32::MAX)) as u32;
                let (code, error) = if let Some(&(_, to)) = alg.table.iter().find(|(k, _)| *k == n) {
                    (to, Some(CharRefError::Replaced(n)))
                } else if let Some(r) = alg.rules.iter().find(|r| in_ranges(&r.ranges, n)) {
                    (r.replace.unwrap_or(n), r.error.then_some(CharRefError::Number(n)))
                } else {
                    (n, None)
                };
                if let Some(e) = error {
                    errors_at.push((e, self.pos));
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
            // Where one or more ASCII alphanumerics after the `&` are followed by `end`: the
            // index of that `end`.
            let alnum_then = |vm: &Self, end: char| {
                let mut i = start;
                while peek(vm, i).is_some_and(|c| c.is_ascii_alphanumeric()) {
                    i += 1;
                }
                (i > start && peek(vm, i) == Some(end)).then_some(i)
            };
            match best {
                None => {
                    // Where the error is found: at the name's start, or (the 2010-04-02 rule)
                    // at the `;` that makes it one, where today's text reports it.
                    let error = match alg.no_match_error {
                        NoMatchError::Always => Some(start),
                        NoMatchError::UnlessAttributeNameEquals => {
                            (!(self.in_attribute() && alnum_then(self, '=').is_some())).then_some(start)
                        }
                        NoMatchError::IfAlphanumericsThenSemicolon => alnum_then(self, ';'),
                        NoMatchError::Never => None,
                    };
                    if let Some(at) = error {
                        errors_at.push((CharRefError::NoMatch, at));
                    }
                    case = 5;
                    returned = None;
                }
                Some((end, key, value)) => {
                    let terminated = key.ends_with(';');
                    if alg.missing_semicolon == MissingSemicolon::ErrorBeforeAttributeRule && !terminated {
                        errors_at.push((CharRefError::MissingSemicolon, end));
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
                        if alg.attribute_equals_error && after == Some('=') {
                            errors_at.push((CharRefError::AttributeEquals, end));
                        }
                    } else {
                        self.pos = end;
                        match alg.missing_semicolon {
                            MissingSemicolon::ErrorAfterAttributeRule if !terminated => {
                                errors_at.push((CharRefError::MissingSemicolon, end))
                            }
                            MissingSemicolon::ConsumedAfter => {
                                if after == Some(';') {
                                    self.pos += 1;
                                } else {
                                    errors_at.push((CharRefError::MissingSemicolon, end));
                                }
                            }
                            _ => {}
                        }
                        returned = Some(value.clone());
                    }
                }
            }
        }
        self.path.push((state.to_owned(), if outcomes { case } else { 0 }));
        if let Some(&(c, at)) = self.pos.checked_sub(1).and_then(|i| self.chars.get(i)) {
            self.cur = Some(c);
            self.cur_at = at;
        }
        let raises = match self.states.get(state).map(|d| &d.body) {
            Some(Body::HandWritten { raises, .. }) => raises.as_slice(),
            _ => &[],
        };
        for (e, i) in errors_at {
            let at = self.chars.get(i).map_or(self.len, |&(_, at)| at);
            let code = e.code(raises);
            self.error_at(code, at);
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

/// A parse error of the older texts' character reference algorithm, by what the text says
/// is wrong; [`CharRefError::code`] names it with a code the state declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CharRefError {
    /// "If no characters match the range ... This is a parse error."
    NoDigits,
    /// A numeric reference without its `;`, or a named one whose last matched character is not
    /// `;`.
    MissingSemicolon,
    /// A number in the replacement table.
    Replaced(u32),
    /// A number in a range the text makes a parse error.
    Number(u32),
    /// "If no match can be made ... this is a parse error."
    NoMatch,
    /// The 12.2.4 text's "if this next character is in fact a U+003D EQUALS SIGN character (=),
    /// then this is a parse error".
    AttributeEquals,
}

impl CharRefError {
    /// The code among `raises` (the hand-written state's declared codes) for this error: the
    /// texts that name no codes declare one ([`UNNAMED_ERROR`]); the editions' codes are ours
    /// (`spec/html2008/errors.ron`, `spec/html2017/errors.ron`, `spec/xml5/errors.ron`), today's
    /// where the condition is today's.
    fn code(self, raises: &[String]) -> &str {
        // A number's code by what the number is (today's #numeric-character-reference-end-state
        // step order), then the 2008 draft's two codes.
        let number = |n: u32, replaced: bool| -> [&'static str; 2] {
            let today = if n == 0 {
                "null-character-reference"
            } else if n > 0x10FFFF {
                "character-reference-outside-unicode-range"
            } else if (0xD800..=0xDFFF).contains(&n) {
                "surrogate-character-reference"
            } else if (0xFDD0..=0xFDEF).contains(&n) || (n & 0xFFFE) == 0xFFFE {
                "noncharacter-character-reference"
            } else {
                "control-character-reference"
            };
            let draft =
                if replaced { "numeric-entity-replaced" } else { "numeric-entity-outside-unicode-range-or-surrogate" };
            [today, draft]
        };
        let candidates: Vec<&str> = match self {
            CharRefError::NoDigits => {
                vec!["absence-of-digits-in-numeric-character-reference"]
            }
            CharRefError::MissingSemicolon => {
                vec!["missing-semicolon-after-character-reference"]
            }
            CharRefError::Replaced(n) => number(n, true).to_vec(),
            CharRefError::Number(n) => number(n, false).to_vec(),
            CharRefError::NoMatch => vec!["unknown-named-character-reference", "unknown-entity"],
            CharRefError::AttributeEquals => vec!["equals-sign-after-character-reference-in-attribute"],
        };
        candidates.into_iter().find_map(|c| raises.iter().find(|r| *r == c)).map_or(UNNAMED_ERROR, String::as_str)
    }
}

/// `../shared` (the spec texts are read in place).
fn shared_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared")
}

/// The character reference algorithm of an edition whose hand-written state's notes are prose
/// (`spec/html2008/`, `spec/html2017/`, `spec/xml5/`), read from the edition's own text with the
/// reader of the 2006–2010 texts (one algorithm, the edition's parameters); `None` for a state
/// that is not one. Read once per machine.
fn edition_algorithm(machine: &str, state: &str) -> Result<Option<CharRefAlgorithm>, Unsupported> {
    type Read = Result<CharRefAlgorithm, String>;
    static DRAFT_2008: std::sync::LazyLock<Read> = std::sync::LazyLock::new(|| {
        // The 2008 draft's "Tokenising entities", from its markup.
        let path = shared_dir().join("spec/editions/html5-draft-2008-01/tokenization.html");
        let markup = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (_, _, section) = crate::import::charref_section(&markup).ok_or("no \"Tokenising entities\" section")?;
        crate::import_charref::read_section(section).map_err(|why| why.join("; "))
    });
    static TEXT_12_2_4: std::sync::LazyLock<Read> = std::sync::LazyLock::new(|| {
        // 12.2.4.69 "Tokenizing character references", kept as plain text: from its heading to
        // the next numbered heading.
        let path = shared_dir().join("spec/seeds/html-tokenization-12.2.4.txt");
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let start = text
            .find("12.2.4.69 Tokenizing character references\n")
            .ok_or("no \"12.2.4.69 Tokenizing character references\" heading")?;
        let body = text[start..].split_once('\n').map_or("", |(_, rest)| rest);
        let heading = regex::Regex::new(r"(?m)^\d+\.\d+\.\d+").expect("regex");
        let body = heading.find(body).map_or(body, |m| &body[..m.start()]);
        let markup = crate::import_charref::plain_section_as_markup(body);
        crate::import_charref::read_section(&markup).map_err(|why| why.join("; "))
    });
    let read = |r: &Read| r.clone().map(Some).map_err(|e| format!("{machine}'s character reference text: {e}"));
    match (machine, state) {
        ("html2008", "tokenising_entities") => read(&DRAFT_2008),
        ("html2017", "tokenizing_character_references") => read(&TEXT_12_2_4),
        // XML5's draft leaves the algorithm unfinished; spec/xml5/README.md ("Character
        // references") decides HTML's, which is the 12.2.4 text's (its table, ranges and
        // attribute rule) but for two decisions: a name not in the table is kept as text
        // without an error, and a `=` after an unterminated name in an attribute is no error.
        ("xml5", "character_reference_in_data_state" | "character_reference_in_attribute_value_state") => {
            let mut alg = read(&TEXT_12_2_4)?.ok_or("unreachable")?;
            alg.no_match_error = NoMatchError::Never;
            alg.attribute_equals_error = false;
            Ok(Some(alg))
        }
        _ => Ok(None),
    }
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
        machine: &m.manifest.machine,
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

/// `cargo xtask interp-check spec/html`: the interpreter against the generated code. Clean when
/// every input runs and all agree (tokens, errors, traces).
pub fn check_cli(
    root: &std::path::Path,
    machine: &str,
    bench_files: usize,
    show: usize,
) -> Result<(String, bool), String> {
    let m = crate::machines::load(root, machine)?;
    // HTML's table for the machines without their own (XML5 runs HTML's algorithm,
    // spec/xml5/README.md "Character references").
    let refs = if m.manifest.named_references.is_none() {
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
                // Shown apart from the disagreements, so many of one kind do not hide the other.
                if a.unsupported <= show {
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
        if !(st && se && sp) && a.examples.len() - a.unsupported.min(show) < show {
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
    // An input the interpreter cannot run is a failure too: every suite input must run.
    let clean = a.all_same == a.inputs && a.unsupported == 0;
    Ok((out, clean))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(name: &str) -> Machine {
        let spec = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec");
        statemark_codegen::load::load_machine(&spec, name).expect("machine loads")
    }

    fn run_on(m: &Machine, refs: Option<&NamedRefs>, text: &str) -> Run {
        let inp =
            Input { text: text.into(), state: "data_state".into(), last_start_tag: None, content_model_flag: None };
        run(m, refs, &inp).expect("runs")
    }

    fn html_refs() -> NamedRefs {
        load_refs(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/html/named_character_references.ron"))
            .expect("table loads")
    }

    /// The editions' algorithms are the 2006–2010 reader's, read from each edition's own text.
    #[test]
    fn the_editions_algorithms_are_read_from_their_texts() {
        let t = edition_algorithm("html2017", "tokenizing_character_references").expect("read").expect("an algorithm");
        // 12.2.4.69: the table (0x00 and 0x80–0x9F), Infra's digit sets, the 2010 no-match rule,
        // the attribute rule with its own `=` error, the semicolon rule after it.
        assert_eq!(t.table.len(), 28);
        assert!(t.table.contains(&(0x00, 0xFFFD)) && t.table.contains(&(0x9F, 0x0178)));
        assert_eq!(t.hex_digits, vec![(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]);
        assert_eq!(t.decimal_digits, vec![(0x30, 0x39)]);
        assert_eq!(t.no_match_error, NoMatchError::IfAlphanumericsThenSemicolon);
        assert_eq!(t.missing_semicolon, MissingSemicolon::ErrorAfterAttributeRule);
        assert!(t.attribute_equals_error && t.case_sensitive && t.not_at_eof && t.additional_allowed);
        assert_eq!(t.not_a_reference, vec![0x09, 0x0A, 0x0C, 0x20, 0x26, 0x3C]);
        let d = edition_algorithm("html2008", "tokenising_entities").expect("read").expect("an algorithm");
        assert_eq!(d.no_match_error, NoMatchError::Always);
        assert_eq!(d.missing_semicolon, MissingSemicolon::ErrorBeforeAttributeRule);
        assert!(!d.attribute_equals_error);
        let x = edition_algorithm("xml5", "character_reference_in_data_state").expect("read").expect("an algorithm");
        assert_eq!(x.no_match_error, NoMatchError::Never);
        assert!(!x.attribute_equals_error);
        assert_eq!(x.table, t.table);
        assert_eq!(edition_algorithm("html", "named_character_reference_state"), Ok(None));
    }

    /// Each error of the algorithm is named by a code the hand-written state declares; a text
    /// that declares one code gets it for every error.
    #[test]
    fn errors_take_the_codes_the_state_declares() {
        let raises = |m: &str, s: &str| match &machine(m).states.iter().find(|(n, _)| n == s).expect("state").1.body {
            Body::HandWritten { raises, .. } => raises.clone(),
            _ => panic!("{s} is not hand-written"),
        };
        let draft = raises("html2008", "tokenising_entities");
        assert_eq!(CharRefError::Replaced(0x80).code(&draft), "numeric-entity-replaced");
        assert_eq!(CharRefError::Number(0xD800).code(&draft), "numeric-entity-outside-unicode-range-or-surrogate");
        assert_eq!(CharRefError::NoMatch.code(&draft), "unknown-entity");
        let text = raises("html2017", "tokenizing_character_references");
        assert_eq!(CharRefError::Replaced(0).code(&text), "null-character-reference");
        assert_eq!(CharRefError::Replaced(0x80).code(&text), "control-character-reference");
        assert_eq!(CharRefError::Number(0x110000).code(&text), "character-reference-outside-unicode-range");
        assert_eq!(CharRefError::Number(0xFFFE).code(&text), "noncharacter-character-reference");
        assert_eq!(CharRefError::AttributeEquals.code(&text), "equals-sign-after-character-reference-in-attribute");
        assert_eq!(CharRefError::NoDigits.code(&[UNNAMED_ERROR.to_owned()]), UNNAMED_ERROR);
    }

    /// The editions run: the 12.2.4 text's `=` error and `;` rule, XML5's unknown name kept
    /// without an error.
    #[test]
    fn the_editions_character_references_run() {
        let refs = html_refs();
        let r = run_on(&machine("html2017"), Some(&refs), "<a b='&not=' c='&xyz;'>&notin;&xyz;");
        assert_eq!(
            merged(&r.tokens),
            ["StartTag a b=\"&not=\" c=\"&xyz;\"", "Characters \"∉&xyz;\"", "EOF"],
            "{:?}",
            r.tokens
        );
        assert_eq!(
            r.errors,
            [
                "equals-sign-after-character-reference-in-attribute@10",
                "unknown-named-character-reference@20",
                "unknown-named-character-reference@34"
            ]
        );
        assert!(r.path.contains(&("tokenizing_character_references".to_owned(), 0)));
        let r = run_on(&machine("xml5"), Some(&refs), "&ref; &amp &#x80;");
        assert_eq!(merged(&r.tokens), ["Characters \"&ref; & €\"", "EOF"]);
        assert_eq!(r.errors, ["missing-semicolon-after-character-reference@10", "control-character-reference@17"]);
    }

    /// "When the user agent leaves the attribute name state (and before emitting the tag token,
    /// if appropriate)": the duplicate is dropped from the emitted tag, and reported after an
    /// error the leaving case reports first.
    #[test]
    fn the_duplicate_attribute_check_comes_before_the_tag_is_emitted() {
        let r = run_on(&machine("html2017"), None, "<a a A>");
        assert_eq!(merged(&r.tokens), ["StartTag a a=\"\"", "EOF"]);
        assert_eq!(r.errors, ["duplicate-attribute@6"]);
        let r = run_on(&machine("html2008"), None, "<z/0 0");
        assert_eq!(merged(&r.tokens), ["StartTag z 0=\"\"", "EOF"]);
        assert_eq!(r.errors, ["unexpected-solidus-in-tag@2", "eof-in-tag@6", "duplicate-attribute@6"]);
    }
}
