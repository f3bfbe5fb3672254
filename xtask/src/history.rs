//! `cargo xtask history`: every revision of the HTML tokenizer section (2006–2010) imported,
//! each consecutive pair compared state by state, a changelog written, and the result held
//! against the editors' own change tags (`[e] (0)` … `[ct] (2)`) as a confusion matrix.
//!
//! The comparison is of the imported tables in a normal form (see [`normal`]): a state whose
//! text changed but whose table did not is a rewording; a changed table is a behaviour change
//! candidate; a changed state the reader cannot read (and no hand transcription covers) leaves
//! the pair undecided rather than guessed.

use crate::behaviour::Input;
use crate::import::{self, HandDirs, Import, UNNAMED_ERROR};
use regex::Regex;
use serde::Deserialize;
use statemark_codegen::model::{Body, Matcher, StateDef, Terminal};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// One entry of `manifest.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Revision {
    pub commit: String,
    pub date: String,
    pub file: String,
    pub message: String,
}

/// The editor's tag: its letters and weight (`[ct] (2)` → `("ct", 2)`), if the message has one.
pub fn tag(message: &str) -> Option<(String, u8)> {
    static TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*\[([a-z]*)\]\s*\((\d)\)").expect("regex"));
    let c = TAG.captures(message)?;
    Some((c[1].to_owned(), c[2].parse().unwrap_or(0)))
}

/// What the tag claims, in the matrix's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// `[e]`, or `[]` with no letters: editorial; the tokenizer should behave the same.
    Editorial,
    /// Letters with `t` (tools such as parsers): a parser should see a change.
    Parsers,
    /// Letters naming a browser (`g` Gecko, `i` IE, `o` Opera, `w` WebKit) but not `t`: a
    /// browser's parser should see a change.
    Browsers,
    /// Other letters only (`a` authors, `c` conformance checkers, with or without `e`).
    Others,
    /// No tag (the messages before 2007).
    Untagged,
}

impl Claim {
    pub fn of(message: &str) -> Claim {
        match tag(message) {
            None => Claim::Untagged,
            Some((l, _)) if l.is_empty() || l.chars().all(|c| c == 'e') => Claim::Editorial,
            Some((l, _)) if l.contains('t') => Claim::Parsers,
            Some((l, _)) if l.contains(['g', 'i', 'o', 'w']) => Claim::Browsers,
            Some(_) => Claim::Others,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Claim::Editorial => "[e] editorial",
            Claim::Parsers => "[..t..] parsers",
            Claim::Browsers => "[giow] browsers",
            Claim::Others => "other tags",
            Claim::Untagged => "untagged",
        }
    }
}

/// What the tables say about one revision against the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Some state's table changed (or a state came or went).
    Behaviour,
    /// Every changed state's table is the same: rewording.
    Rewording,
    /// A changed state could not be read on one side (no hand transcription), and the inputs
    /// both sides could run show no difference.
    Undecided,
    /// The tables differ but both machines do the same with every input run through both.
    Neutral,
    /// The tables differ and no input could reach the change on both sides (a state on the
    /// way is unread).
    TableOnly,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Behaviour => "behaviour change (example)",
            Verdict::TableOnly => "table change, not reached",
            Verdict::Rewording => "rewording only",
            Verdict::Undecided => "undecided (unread)",
            Verdict::Neutral => "tables differ, same behaviour",
        }
    }
}

/// One changed state of a revision.
#[derive(Debug, Clone)]
pub struct StateChange {
    pub state: String,
    /// `changed`, `reworded`, `added`, `removed`, `renamed from X`, `unread`.
    pub kind: String,
    /// The cases whose normal form differs: `on` of the case, old → new words.
    pub cases: Vec<String>,
}

/// One revision against the one before it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub rev: Revision,
    pub imported_fully: bool,
    pub verdict: Verdict,
    pub changes: Vec<StateChange>,
    /// How many inputs both revisions' machines ran (the behavioural check), and the first
    /// difference, minimized.
    pub ran: usize,
    pub difference: Option<Difference>,
}

/// The whole run.
#[derive(Debug, Clone)]
pub struct History {
    pub revisions: usize,
    pub imported_fully: usize,
    /// The first revision has nothing before it; one entry per later revision.
    pub entries: Vec<Entry>,
    /// States read from the text, and states taken from a hand transcription, over all revisions
    /// (distinct (state, text) pairs).
    pub distinct_read: usize,
    pub distinct_hand: usize,
    pub distinct_missing: usize,
    /// Unread (state@text hash) and how many revisions have that text.
    pub unread_texts: BTreeMap<String, usize>,
}

/// A state's table in the normal form the history compares: error codes as
/// [`UNNAMED_ERROR`] (the texts of this era name none), and an EOF-only case that reconsumes in
/// a state whose own EOF case only emits end-of-file written as emitting it (the 2010 texts'
/// "Reconsume the EOF character in the data state" and the later "Emit an end-of-file token"
/// behave the same).
pub fn normal(d: &StateDef, eof_only_states: &BTreeSet<String>) -> String {
    let mut d = d.clone();
    d.examples.clear();
    let fix = |cs: &mut Vec<statemark_codegen::model::Case>| {
        for c in cs.iter_mut() {
            if c.on == [Matcher::Eof]
                && let Terminal::Reconsume(s) = &c.then
                && eof_only_states.contains(s)
            {
                c.then = Terminal::EmitEof;
            }
        }
    };
    match &mut d.body {
        Body::ConsumeNext(cs) | Body::Lookahead(cs) => fix(cs),
        Body::Branch(bs) => {
            for b in bs {
                if let Body::ConsumeNext(cs) | Body::Lookahead(cs) = &mut b.body {
                    fix(cs);
                }
            }
        }
        // Prose notes are not behaviour; the parameters the character reference reader wrote
        // there are (import_charref.rs).
        Body::HandWritten { notes, .. } if !notes.starts_with(crate::import_charref::NOTES_PREFIX) => notes.clear(),
        Body::HandWritten { .. } => {}
    }
    static ERR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"Error\("[a-z0-9-]+"\)"#).expect("regex"));
    let s = import::state_ron(&d);
    ERR.replace_all(&s, format!("Error({UNNAMED_ERROR:?})").as_str()).into_owned()
}

/// The states whose EOF case does nothing but emit end-of-file.
fn eof_only(imp: &Import) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for s in &imp.states {
        let Some(d) = &s.def else { continue };
        for (_, c, _) in d.body.numbered_cases() {
            if c.on.contains(&Matcher::Eof) && c.actions.is_empty() && c.guard.is_none() && c.then == Terminal::EmitEof
            {
                out.insert(s.name.clone());
            }
        }
    }
    out
}

/// The case-by-case difference of two normal forms (one line per case, by its `on`; in a
/// state-level `Branch`, by its branch and its `on`, since each branch has its own "anything
/// else").
fn case_lines(ron: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut key = String::new();
    let mut body = String::new();
    // The state's own `body:` is the first; each branch's body is one more.
    let mut bodies = 0;
    for line in ron.lines() {
        let t = line.trim();
        if t.starts_with("body: ") {
            if !key.is_empty() {
                out.insert(std::mem::take(&mut key), std::mem::take(&mut body));
            }
            bodies += 1;
        } else if let Some(on) = t.strip_prefix("on: ") {
            if !key.is_empty() {
                out.insert(std::mem::take(&mut key), std::mem::take(&mut body));
            }
            let on = on.trim_end_matches(',');
            key = if bodies > 1 { format!("branch {}: {on}", bodies - 1) } else { on.to_owned() };
        } else if !key.is_empty() && t != "(" && t != ")," && t != "])," {
            body.push_str(t);
            body.push(' ');
        }
    }
    if !key.is_empty() {
        out.insert(key, body);
    }
    out
}

fn case_diff(a: &str, b: &str) -> Vec<String> {
    let (ca, cb) = (case_lines(a), case_lines(b));
    let mut out = Vec::new();
    for (k, v) in &ca {
        match cb.get(k) {
            None => out.push(format!("{k}: removed ({})", v.trim())),
            Some(w) if w != v => out.push(format!("{k}: {} → {}", v.trim(), w.trim())),
            _ => {}
        }
    }
    for (k, w) in &cb {
        if !ca.contains_key(k) {
            out.push(format!("{k}: added ({})", w.trim()));
        }
    }
    if out.is_empty() && a != b {
        out.push("the state's own prose (entry, exit or body kind) changed".to_owned());
    }
    out
}

/// Whether two normal forms say the same: the same cases (by their matchers) doing the same, the
/// same prose around them, and the cases that overlap others (classes, "anything else",
/// lookahead strings) in the same order. Cases naming single code points are disjoint, so their
/// order is the text's, not the machine's ("Reorder the SOLIDUS entries").
fn same_cases(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let outside = |s: &str| {
        let mut out = Vec::new();
        let mut in_case = false;
        for l in s.lines() {
            let t = l.trim();
            if t.starts_with("on: ") {
                in_case = true;
            } else if t == ")," && in_case {
                in_case = false;
                continue;
            }
            if !in_case && t != "(" {
                out.push(t.to_owned());
            }
        }
        out
    };
    let overlapping = |s: &str| {
        s.lines()
            .filter_map(|l| l.trim().strip_prefix("on: "))
            .filter(|on| {
                on.contains("Class(")
                    || on.contains("AnythingElse")
                    || on.contains("Exact(")
                    || on.contains("CaseInsensitive(")
            })
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    case_lines(a) == case_lines(b) && outside(a) == outside(b) && overlapping(a) == overlapping(b)
}

/// The matchers of a state, for pairing a removed state with an added one (a rename).
fn signature(d: &StateDef) -> Vec<String> {
    d.body.numbered_cases().iter().map(|(_, c, _)| format!("{:?}", c.on)).collect()
}

/// Compare revision `b` with `a`.
pub fn compare(a: &Import, b: &Import) -> (Verdict, Vec<StateChange>) {
    let (ea, eb) = (eof_only(a), eof_only(b));
    let by_a: BTreeMap<&str, &import::ImportedState> = a.states.iter().map(|s| (s.name.as_str(), s)).collect();
    let by_b: BTreeMap<&str, &import::ImportedState> = b.states.iter().map(|s| (s.name.as_str(), s)).collect();
    let removed: Vec<&str> = by_a.keys().filter(|k| !by_b.contains_key(*k)).copied().collect();
    let added: Vec<&str> = by_b.keys().filter(|k| !by_a.contains_key(*k)).copied().collect();
    // Renames: a removed and an added state with the same matchers, or (read or not) in the same
    // place of the state order.
    let mut renames: BTreeMap<String, String> = BTreeMap::new();
    for r in &removed {
        let ia = a.states.iter().position(|s| s.name == *r);
        if let Some(sb) = ia.and_then(|i| b.states.get(i))
            && added.contains(&sb.name.as_str())
        {
            renames.insert((*r).to_owned(), sb.name.clone());
        }
    }
    for r in &removed {
        let Some(da) = &by_a[r].def else { continue };
        for n in &added {
            if let Some(db) = &by_b[n].def
                && signature(da) == signature(db)
                && !renames.values().any(|v| v == n)
            {
                renames.insert((*r).to_owned(), (*n).to_owned());
                break;
            }
        }
    }
    let rename = |s: String| -> String {
        let mut s = s;
        for (from, to) in &renames {
            s = s.replace(&format!("\"{from}\""), &format!("\"{to}\""));
        }
        s
    };
    let mut changes = Vec::new();
    let mut verdict = Verdict::Rewording;
    let mut undecided = false;
    let mut behaviour = false;
    for (name, sb) in &by_b {
        let old_name = renames.iter().find(|(_, v)| v == name).map(|(k, _)| k.as_str()).unwrap_or(name);
        let Some(sa) = by_a.get(old_name) else {
            behaviour = true;
            changes.push(StateChange { state: (*name).to_owned(), kind: "added".into(), cases: Vec::new() });
            continue;
        };
        if sa.text_hash == sb.text_hash && old_name == *name {
            continue;
        }
        match (&sa.def, &sb.def) {
            (Some(da), Some(db)) => {
                let (na, nb) = (rename(normal(da, &ea)), normal(db, &eb));
                // The state's own id and heading follow a rename; compare what it does.
                let strip = |s: &str| {
                    s.lines()
                        .filter(|l| !l.contains("id:") && !l.contains("heading:") && !l.starts_with("//"))
                        .collect::<Vec<_>>()
                        .join("\n")
                };
                let (na, nb) = (strip(&na), strip(&nb));
                let renamed = old_name != *name;
                if same_cases(&na, &nb) {
                    let kind = if renamed { format!("renamed from {old_name}") } else { "reworded".into() };
                    changes.push(StateChange { state: (*name).to_owned(), kind, cases: Vec::new() });
                } else {
                    behaviour = true;
                    changes.push(StateChange {
                        state: (*name).to_owned(),
                        kind: "changed".into(),
                        cases: case_diff(&na, &nb),
                    });
                }
            }
            _ => {
                undecided = true;
                changes.push(StateChange { state: (*name).to_owned(), kind: "unread".into(), cases: Vec::new() });
            }
        }
    }
    for r in &removed {
        if !renames.contains_key(*r) {
            behaviour = true;
            changes.push(StateChange { state: (*r).to_owned(), kind: "removed".into(), cases: Vec::new() });
        }
    }
    if behaviour {
        verdict = Verdict::Behaviour;
    } else if undecided {
        verdict = Verdict::Undecided;
    }
    (verdict, changes)
}

/// The hand transcriptions the history uses: `xtask/history-hand/` files, and the reviewed
/// machines' tables for their own texts (`spec/html2008` for the 2008-01-18 draft, `spec/html`
/// for today's text).
pub fn hand_dirs(root: &Path, shared: &Path) -> HandDirs {
    let mut hand = HandDirs::dirs(vec![root.join("xtask/history-hand")]);
    for (text, machine) in
        [("spec/editions/html5-draft-2008-01/tokenization.html", "html2008"), ("spec/html/tokenization.html", "html")]
    {
        if let (Ok(t), Ok(m)) = (
            std::fs::read_to_string(shared.join(text)),
            statemark_codegen::load::load_machine(&root.join("spec"), machine),
        ) {
            hand.learn(&t, &m);
        }
    }
    hand
}

/// Run the history over the revisions in `dir` (every one, or those `pick` keeps).
pub fn run(dir: &Path, hand: &HandDirs, inputs: &[Input], pick: &dyn Fn(usize) -> bool) -> Result<History, String> {
    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let revs: Vec<Revision> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let mut entries = Vec::new();
    let mut prev: Option<Import> = None;
    let mut imported_fully = 0;
    let mut seen: BTreeMap<(String, String), u8> = BTreeMap::new();
    let mut unread_texts = BTreeMap::new();
    let total = revs.len();
    for (i, rev) in revs.into_iter().enumerate() {
        if !pick(i) {
            prev = None;
            continue;
        }
        let imp = import::import_file(&dir.join(&rev.file), hand)?;
        let full = imp.missing().is_empty();
        imported_fully += usize::from(full);
        for s in imp.states.iter().filter(|s| s.def.is_none()) {
            *unread_texts.entry(format!("{}@{}", s.name, s.text_hash)).or_insert(0) += 1;
        }
        for s in &imp.states {
            let kind = if s.def.is_none() {
                2
            } else if s.hand {
                1
            } else {
                0
            };
            seen.insert((s.name.clone(), s.text_hash.clone()), kind);
        }
        if let Some(p) = &prev {
            let (mut verdict, changes) = compare(p, &imp);
            let (mut ran, mut difference) = (0, None);
            if verdict != Verdict::Rewording {
                let (a, b) = (p.partial_machine("old"), imp.partial_machine("new"));
                let changed: BTreeSet<String> = changes
                    .iter()
                    .filter(|c| c.kind != "reworded")
                    .map(|c| c.kind.strip_prefix("renamed from ").unwrap_or(&c.state).to_owned())
                    .collect();
                (ran, difference) = behaves_differently(&a, &b, &changed, inputs);
                verdict = match (verdict, &difference) {
                    (_, Some(_)) => Verdict::Behaviour,
                    (Verdict::Behaviour, None) if ran > 0 => Verdict::Neutral,
                    (Verdict::Behaviour, None) => Verdict::TableOnly,
                    (v, None) => v,
                };
            }
            entries.push(Entry { rev, imported_fully: full, verdict, changes, ran, difference });
        }
        prev = Some(imp);
    }
    let count = |k| seen.values().filter(|&&v| v == k).count();
    Ok(History {
        revisions: total,
        imported_fully,
        entries,
        distinct_read: count(0),
        distinct_hand: count(1),
        distinct_missing: count(2),
        unread_texts,
    })
}

/// Reviewed disagreements between the tool and the tags: `tests/expectations/history.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Reviewed {
    pub commit: String,
    /// `tag` (the tag is wrong) or `tool` (a limit of the tool, described).
    pub wrong: String,
    pub reason: String,
}

pub fn load_reviewed(path: &Path) -> Vec<Reviewed> {
    std::fs::read_to_string(path).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

/// Whether the tool and the tag disagree (issue 25: "every `[e]`-only commit should show no
/// behaviour change, and commits tagged for parsers (`t`) or browsers should show one"): an
/// editorial tag with a behaviour change or an unreached table change, or a tag naming parsers
/// or a browser with no behaviour change shown (rewording only, tables differ but behave the
/// same, or a table change no input reached).
pub fn disagrees(e: &Entry) -> bool {
    matches!(
        (Claim::of(&e.rev.message), e.verdict),
        (Claim::Editorial, Verdict::Behaviour | Verdict::TableOnly)
            | (Claim::Parsers | Claim::Browsers, Verdict::Rewording | Verdict::Neutral | Verdict::TableOnly)
    )
}

/// The confusion matrix: tag claim × tool verdict.
pub fn matrix(h: &History) -> BTreeMap<(Claim, Verdict), usize> {
    let mut m = BTreeMap::new();
    for e in &h.entries {
        *m.entry((Claim::of(&e.rev.message), e.verdict)).or_insert(0) += 1;
    }
    m
}

/// The summary line the tests print.
pub fn summary(h: &History, reviewed: &[Reviewed]) -> String {
    let behaviour = h.entries.iter().filter(|e| matches!(e.verdict, Verdict::Behaviour | Verdict::TableOnly)).count();
    let editorial: Vec<&Entry> = h
        .entries
        .iter()
        .filter(|e| {
            Claim::of(&e.rev.message) == Claim::Editorial
                && matches!(e.verdict, Verdict::Behaviour | Verdict::TableOnly)
        })
        .collect();
    let r = editorial.iter().filter(|e| reviewed.iter().any(|x| e.rev.commit.starts_with(&x.commit))).count();
    format!(
        "history: {} of {} revisions imported, {behaviour} behaviour changes, {} editorial commits with a behaviour change ({r} reviewed)",
        h.imported_fully,
        h.revisions,
        editorial.len()
    )
}

/// The changelog (Markdown) and the matrix.
pub fn render(h: &History, reviewed: &[Reviewed]) -> String {
    let mut out = String::from("# The HTML tokenizer, 2006–2010, revision by revision\n\n");
    out.push_str(&format!("{}\n\n", summary(h, reviewed)));
    out.push_str(&format!(
        "Distinct state texts: {} read from the text, {} from a hand transcription, {} unread.\n\n",
        h.distinct_read, h.distinct_hand, h.distinct_missing
    ));
    out.push_str("## Tags against tables\n\n| tag | ");
    let verdicts = [Verdict::Behaviour, Verdict::TableOnly, Verdict::Neutral, Verdict::Rewording, Verdict::Undecided];
    out.push_str(&verdicts.iter().map(|v| v.label()).collect::<Vec<_>>().join(" | "));
    out.push_str(" |\n|---|---|---|---|---|---|\n");
    let m = matrix(h);
    for c in [Claim::Editorial, Claim::Parsers, Claim::Browsers, Claim::Others, Claim::Untagged] {
        out.push_str(&format!("| {} |", c.label()));
        for v in verdicts {
            out.push_str(&format!(" {} |", m.get(&(c, v)).copied().unwrap_or(0)));
        }
        out.push('\n');
    }
    out.push_str("\n## Disagreements\n\n");
    for e in h.entries.iter().filter(|e| disagrees(e)) {
        let why = reviewed
            .iter()
            .find(|x| e.rev.commit.starts_with(&x.commit))
            .map(|x| format!("reviewed ({} wrong): {}", x.wrong, x.reason))
            .unwrap_or_else(|| "NOT REVIEWED".to_owned());
        out.push_str(&format!(
            "- {} `{}` {}: {} — {why}\n",
            e.rev.date,
            &e.rev.commit[..10],
            first_line(&e.rev.message),
            e.verdict.label()
        ));
    }
    out.push_str("\n## Revisions\n\n");
    for e in &h.entries {
        let tag = tag(&e.rev.message).map(|(l, w)| format!("[{l}] ({w})")).unwrap_or_else(|| "untagged".into());
        out.push_str(&format!(
            "### {} `{}` — {}\n\n{}; tag {tag}; {}\n\n",
            e.rev.date,
            &e.rev.commit[..10],
            first_line(&e.rev.message),
            e.verdict.label(),
            if e.imported_fully { "imported fully" } else { "some states unread" }
        ));
        for c in &e.changes {
            out.push_str(&format!("- `{}`: {}\n", c.state, c.kind));
            for line in &c.cases {
                out.push_str(&format!("  - {line}\n"));
            }
        }
        if e.verdict != Verdict::Rewording {
            out.push_str(&format!(
                "\nBehavioural check: {} inputs reached a changed state and ran through both.\n",
                e.ran
            ));
        }
        if let Some(d) = &e.difference {
            if let Some((flag, last)) = &d.start {
                let after = last.as_deref().map(|t| format!(", after a <{t}> start tag")).unwrap_or_default();
                let start = match flag.strip_suffix("_state") {
                    Some(state) => format!("Starting in the {} state", state.replace('_', " ")),
                    None => format!("In the {flag} content model"),
                };
                out.push_str(&format!("{start}{after}:\n"));
            }
            out.push_str(&format!(
                "Example `{:?}`: before {:?} errors at {:?}; after {:?} errors at {:?}.\n",
                d.input, d.old.0, d.old.1, d.new.0, d.new.1
            ));
            if let Some(p) = &d.parted {
                out.push_str(&format!("The machines part at {p}.\n"));
            }
        }
        out.push('\n');
    }
    out
}

fn first_line(m: &str) -> String {
    m.lines().next().unwrap_or("").trim().to_owned()
}

/// `cargo xtask history [--out FILE] [--every N]`.
pub fn run_cli(root: &Path, out: Option<&Path>, every: usize) -> Result<(String, bool), String> {
    let shared = root.join("../shared");
    let dir = shared.join("spec/history/html-tokenizer");
    let hand = hand_dirs(root, &shared.join(""));
    let every = every.max(1);
    // A sample keeps consecutive pairs (revisions 2k and 2k+1 for every `every`-th k).
    let h = run(&dir, &hand, &corpus(&shared), &|i| (i / 2) % every == 0)?;
    let reviewed = load_reviewed(&root.join("tests/expectations/history.json"));
    let text = render(&h, &reviewed);
    let out: PathBuf = out.map(Path::to_path_buf).unwrap_or_else(|| root.join("target/history/CHANGELOG.md"));
    if let Some(p) = out.parent() {
        std::fs::create_dir_all(p).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    std::fs::write(&out, &text).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok((format!("{}\nwrote {}\n", summary(&h, &reviewed), out.display()), true))
}

/// The characters a probe puts after its prefix: one of each class the cases of this era name.
const MIDDLES: &[&str] = &[
    "", ">", "/", "=", "<", "\"", "'", "-", "!", "&", "A", "a", "\u{0}", " ", "\t", "\n", "\u{b}", "?", "#", "x", ";",
    "[", "]", "`", "\r\n",
];

/// Inputs aimed at the states of a tokenizer of this era: a prefix that enters a state, one
/// character that a case of it names, and a tail that closes what was opened; plus the state
/// examples of the reviewed machines.
pub fn probes() -> Vec<String> {
    const PREFIXES: &[&str] = &[
        "",
        "a",
        "<",
        "</",
        "</a",
        "<a",
        "<a ",
        "<a b",
        "<a b ",
        "<a b=",
        "<a b='",
        "<a b=\"",
        "<a b=c",
        "<a b='c'",
        "<a/",
        "<!",
        "<!-",
        "<!--",
        "<!---",
        "<!--a",
        "<!--a-",
        "<!--a--",
        "<!--a--!",
        "<!D",
        "<!DOCTYPE",
        "<!DOCTYPE ",
        "<!DOCTYPE a",
        "<!DOCTYPE a ",
        "<!DOCTYPE a P",
        "<!DOCTYPE a PUBLIC",
        "<!DOCTYPE a PUBLIC ",
        "<!DOCTYPE a PUBLIC \"",
        "<!DOCTYPE a PUBLIC 'b'",
        "<!DOCTYPE a PUBLIC \"b\" ",
        "<!DOCTYPE a SYSTEM",
        "<!DOCTYPE a SYSTEM '",
        "<!DOCTYPE a SYSTEM \"b\"",
        "<!DOCTYPE a SYSTEM 'b' ",
        "<!DOCTYPE a x",
        "&",
        "&#",
        "&#x",
        "&#1",
        "&#x4",
        "&a",
        "&amp",
        "<a b='&",
        "<a b=&",
        // The character reference algorithm's numbers and rules as they changed (2006–2010):
        // the replacement table, CR, controls, surrogates, noncharacters, above 0x10FFFF, the
        // 2006 text's hexadecimal "A-Z", a name without its semicolon, in an attribute.
        "&#13",
        "&#x8",
        "&#xB",
        "&#xD800",
        "&#xFDD0",
        "&#x110000",
        "&#xG",
        "&not",
        "<a b='&not",
        "<a b=&not",
        // A name that matches nothing, in an attribute value, before "=" (2009-05-29 drops the
        // parse error for "&copy=1"-like query strings; 2009-06-12 takes that back).
        "<a b='&x",
        "<a b=&x",
        "<?",
        "<![CDATA[",
        "<a b c",
        "<a b=c ",
    ];
    const TAILS: &[&str] = &["", ">"];
    let mut out = Vec::new();
    for p in PREFIXES {
        for m in MIDDLES {
            for t in TAILS {
                out.push(format!("{p}{m}{t}"));
            }
        }
    }
    out
}

/// An input that starts in the data state with the content model flag as the tree builder left
/// it (`None`: PCDATA, nothing emitted before).
pub fn input(text: &str, flag: Option<&str>, last_start_tag: Option<&str>) -> Input {
    Input {
        text: text.to_owned(),
        state: "data_state".into(),
        last_start_tag: last_start_tag.map(str::to_owned),
        content_model_flag: flag.map(str::to_owned),
    }
}

/// Inputs in the RCDATA and CDATA content models after a `<title>` start tag: the close tag
/// open state's lookahead, the escape flag's "<!--" and "-->", and entities.
const IN_CONTENT_MODEL: &[&str] = &[
    "</title>",
    "</TITLE ",
    "</titlex>",
    "</title/",
    "</title<",
    "</title",
    "</ti",
    "</",
    "<",
    "a<b>",
    "&amp;",
    "<!--</title>-->&amp;</title>",
    "<!-- -->&amp;",
    "<!--&amp;-->",
    "-->",
    // A character reference followed by markup (the 2009-10-24 commit's own example): where the
    // character reference state returns to decides whether "<div>" is a tag.
    "&acute;<div></title>",
];

/// Inputs in the script data state after a `<script>` start tag (from 2009-10-19): escaped text
/// ("<!--"), an end tag inside it, and a nested `<script>` (the double-escaped states of
/// 2009-10-20).
const IN_SCRIPT_DATA: &[&str] = &[
    "<!--</script>",
    "<!--<script></script>-->",
    "<!--<script>-->",
    "<!--a<b-->",
    "<!-- -->",
    "<!--<-->",
    "</script>",
];

/// The behavioural check's inputs: [`probes`] (in the data state), [`IN_CONTENT_MODEL`] with each
/// content model flag the tree builder sets (and from 2009-10-19 in the RCDATA and RAWTEXT
/// states), [`IN_SCRIPT_DATA`] in the script data state, and the tokenizer suite of the era (html5lib-tests
/// of 2007-09, read in place from `../shared/html5lib-tests-editions`) with its content model
/// flags and last start tags.
pub fn corpus(shared: &Path) -> Vec<Input> {
    let mut out: Vec<Input> = probes().iter().map(|t| input(t, None, None)).collect();
    for flag in ["RCDATA", "CDATA"] {
        out.extend(IN_CONTENT_MODEL.iter().map(|t| input(t, Some(flag), Some("title"))));
    }
    // From 2009-10-19 the content models are states of their own: the same inputs start there
    // (a machine without the state does not run them).
    for state in ["rcdata_state", "rawtext_state"] {
        out.extend(IN_CONTENT_MODEL.iter().map(|t| Input { state: state.into(), ..input(t, None, Some("title")) }));
    }
    out.extend(
        IN_SCRIPT_DATA.iter().map(|t| Input { state: "script_data_state".into(), ..input(t, None, Some("script")) }),
    );
    let dir = shared.join("html5lib-tests-editions/2007-09/tokenizer");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    files.sort();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        for t in v["tests"].as_array().into_iter().flatten() {
            let Some(text) = t["input"].as_str() else { continue };
            let last = t["lastStartTag"].as_str();
            match t["contentModelFlags"].as_array() {
                None => out.push(input(text, None, last)),
                Some(flags) => out.extend(flags.iter().filter_map(|f| f.as_str()).map(|f| input(text, Some(f), last))),
            }
        }
    }
    out
}

/// A behaviour difference between two machines: the minimized input, both outputs, and the
/// first (state, case) where their traces part.
#[derive(Debug, Clone)]
pub struct Difference {
    pub input: String,
    /// The content model flag (or, from 2009-10-19, the state) and last start tag it starts
    /// with, if not the data state with nothing before it.
    pub start: Option<(String, Option<String>)>,
    pub old: (Vec<String>, Vec<String>),
    pub new: (Vec<String>, Vec<String>),
    /// Where the traces part (`behaviour::explain`, with the case pairs of the structural diff
    /// of the two machines): the state and the new text's case, and the old text's when it took
    /// another.
    pub parted: Option<crate::behaviour::Parting>,
}

/// What two machines did with one input: tokens (character runs merged) and the error
/// positions (the texts of this era name no codes; their "parse error" is compared by where).
/// A number returned as it is although no character has it (a surrogate, above 0x10FFFF) is
/// told apart from a U+FFFD the text asks for: U+FFFD stands in for it in the token, so it is
/// named after the tokens.
fn outcome(r: &crate::behaviour::Run) -> (Vec<String>, Vec<String>) {
    let errs = r.errors.iter().map(|e| e.rsplit('@').next().unwrap_or("").to_owned()).collect();
    let mut tokens = crate::interp::merged(&r.tokens);
    tokens.extend(r.unrepresentable.iter().map(|u| format!("(no character {u}; U+FFFD stands in)")));
    (tokens, errs)
}

/// Whether a machine reads the content model flag (the texts before 2009-10-19).
fn reads_content_model(m: &statemark_codegen::model::Machine) -> bool {
    m.states.iter().any(|(_, d)| import::canonical(d).contains("Flag(\"content_model\""))
}

/// The state that took over a content model flag's value on 2009-10-19 ("Remove the 'content
/// model flag' and expand it into separate states"): RCDATA the RCDATA state, CDATA (RAWTEXT from
/// 2009-08-08) the RAWTEXT state, or the script data state after a `<script>` start tag,
/// PLAINTEXT the PLAINTEXT state, PCDATA the data state.
fn expanded_state(flag: &str, last_start_tag: Option<&str>) -> &'static str {
    match flag {
        "RCDATA" => "rcdata_state",
        "CDATA" | "RAWTEXT" if last_start_tag == Some("script") => "script_data_state",
        "CDATA" | "RAWTEXT" => "rawtext_state",
        "PLAINTEXT" => "plaintext_state",
        _ => "data_state",
    }
}

/// Run both machines over `inputs` (those both can run): the first difference, minimized. An
/// input with a content model flag runs only when both machines read the flag, or when `b` has
/// the flag's state instead (see [`expanded_state`]).
///
/// An input whose run on `a` never enters a state of `changed` (named as in `a`) runs the same
/// tables on `b` and is not run again.
pub fn behaves_differently(
    a: &statemark_codegen::model::Machine,
    b: &statemark_codegen::model::Machine,
    changed: &BTreeSet<String>,
    inputs: &[Input],
) -> (usize, Option<Difference>) {
    let run = |m: &statemark_codegen::model::Machine, inp: &Input| crate::interp::run(m, None, inp).ok();
    let flags = reads_content_model(a) && reads_content_model(b);
    // The input `b` runs for one `a` runs: the same, or across 2009-10-19 (the content model
    // flag "expanded into separate states") the flag's state.
    let on_b = |inp: &Input| -> Option<Input> {
        let Some(flag) = &inp.content_model_flag else { return Some(inp.clone()) };
        if flags {
            return Some(inp.clone());
        }
        if !reads_content_model(a) || inp.state != "data_state" {
            return None;
        }
        let state = expanded_state(flag, inp.last_start_tag.as_deref());
        b.states.iter().any(|(n, _)| n == state).then(|| Input {
            state: state.to_owned(),
            content_model_flag: None,
            ..inp.clone()
        })
    };
    let run_b = |inp: &Input| on_b(inp).and_then(|i| run(b, &i));
    let differs = |inp: &Input| -> Option<bool> {
        let (x, y) = (run(a, inp)?, run_b(inp)?);
        Some(outcome(&x) != outcome(&y))
    };
    // Inputs run through both that reached a changed state: the ones that can tell.
    let mut ran = 0;
    // A short input whose run ends in a changed state (its last steps, the end of the input
    // reconsumed in the data state aside): a candidate to lengthen by one character (the first 64:
    // when the data state changed, nearly every input ends there).
    let first_difference = |list: &[Input], ran: &mut usize, ends: &mut Vec<Input>| -> Option<Difference> {
        for inp in list {
            if on_b(inp).is_none() {
                continue;
            }
            if let Some(x) = run(a, inp) {
                if !x.path.iter().any(|(s, _)| changed.contains(s)) {
                    continue;
                }
                if ends.len() < 64
                    && inp.text.chars().count() <= 24
                    && x.path.iter().rev().take(2).any(|(s, _)| changed.contains(s))
                {
                    ends.push(inp.clone());
                }
            }
            match differs(inp) {
                None => continue,
                Some(false) => *ran += 1,
                Some(true) => {
                    *ran += 1;
                    let min = crate::behaviour::minimize(inp, 400, &mut |i| Ok(differs(i).unwrap_or(false)))
                        .unwrap_or_else(|_| inp.clone());
                    let (x, y) = (run(a, &min), run_b(&min));
                    let (Some(x), Some(y)) = (x, y) else { continue };
                    let mut changes = crate::spec_diff::diff(a, b, "before", "after").state_changes(a, b);
                    // The states this history's comparison found changed (the structural diff
                    // leaves a hand-written state's notes alone: the older texts' character
                    // reference algorithm is its parameters there), under the new names.
                    changes.changed.extend(changed.iter().map(|s| changes.renames.get(s).unwrap_or(s).clone()));
                    let parted = Some(crate::behaviour::explain(&x, &y, &changes));
                    let start = min
                        .content_model_flag
                        .clone()
                        .or_else(|| (min.state != "data_state").then(|| min.state.clone()))
                        .map(|f| (f, min.last_start_tag.clone()));
                    return Some(Difference { input: min.text, start, old: outcome(&x), new: outcome(&y), parted });
                }
            }
        }
        None
    };
    let mut ends = Vec::new();
    if let Some(d) = first_difference(inputs, &mut ran, &mut ends) {
        return (ran, Some(d));
    }
    // None of them told: an input that ends in a changed state, one character longer (every
    // character a probe tries), reaches a case of that state the probe's own character did not
    // take, such as a second space in the comment end space state ("<!--a--  ").
    let longer: Vec<Input> = ends
        .iter()
        .flat_map(|t| {
            MIDDLES.iter().filter(|m| !m.is_empty()).map(move |m| Input { text: format!("{}{m}", t.text), ..t.clone() })
        })
        .collect();
    let d = first_difference(&longer, &mut ran, &mut Vec::new());
    (ran, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::merged;
    use statemark_codegen::model::Machine;

    /// A revision of `../shared/spec/history/html-tokenizer/` (`2009-06-05-caf1a5944c`) imported
    /// with the history's hand transcriptions, as the machine the history runs.
    fn revision(file: &str) -> Machine {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf();
        let dir = root.join("../shared/spec/history/html-tokenizer");
        let hand = hand_dirs(&root, &root.join("../shared"));
        let imp = import::import_file(&dir.join(format!("{file}.html")), &hand).expect("revision");
        let missing: Vec<&str> = imp.missing().iter().map(|s| s.name.as_str()).collect();
        assert!(missing.is_empty(), "{file}: unread states {missing:?}");
        imp.partial_machine(file)
    }

    /// The tokens of one input run on a revision, adjacent characters merged.
    fn tokens(m: &Machine, text: &str, flag: Option<&str>) -> Vec<String> {
        let run = crate::interp::run(m, None, &input(text, flag, None)).expect("runs");
        merged(&run.tokens)
    }

    /// 2006-03-02 to 2007-06-15: the DOCTYPE name is uppercased, and the token is correct exactly
    /// when the name is "HTML" (in error: force-quirks, the flag 2008-03-02 renames). 2007-06-17
    /// ("Quirks Mode") keeps the name as written and leaves its correctness to tree construction:
    /// the same input gives a token that differs in name and in the flag.
    #[test]
    fn the_2006_doctype_is_uppercased_and_correct_only_when_named_html() {
        let old = revision("2007-06-15-96ef297ee5");
        let doctype = |name: &str, quirks: bool| {
            format!("DOCTYPE name=Some({name:?}) public=None system=None{}", if quirks { " force-quirks" } else { "" })
        };
        assert_eq!(tokens(&old, "<!DOCTYPE html>", None), [doctype("HTML", false), "EOF".to_owned()]);
        assert_eq!(
            tokens(&old, "<!doctype Html>x", None),
            [doctype("HTML", false), "Characters \"x\"".into(), "EOF".into()]
        );
        assert_eq!(tokens(&old, "<!DOCTYPE htmlx>", None)[0], doctype("HTMLX", true));
        assert_eq!(tokens(&old, "<!DOCTYPE foo>", None)[0], doctype("FOO", true));
        // A name that stops short of "HTML": in error from the before DOCTYPE name state on.
        assert_eq!(tokens(&old, "<!DOCTYPE h>", None)[0], doctype("H", true));
        assert_eq!(tokens(&old, "<!DOCTYPE htm", None)[0], doctype("HTM", true));
        // At the end of the file the name state emits the token as it is: "HTML" is correct.
        assert_eq!(tokens(&old, "<!DOCTYPE html", None)[0], doctype("HTML", false));
        // "Emit a DOCTYPE token whose name is the empty string and that is marked as being in error".
        assert_eq!(tokens(&old, "<!DOCTYPE>", None)[0], doctype("", true));
        let new = revision("2007-06-17-ecb07588d3");
        assert_eq!(tokens(&new, "<!DOCTYPE html>", None)[0], doctype("html", false));
        assert_eq!(tokens(&new, "<!DOCTYPE foo>", None)[0], doctype("foo", false));
    }

    /// 2006-03-02 and 2006-03-21: at the end of the file in the title state, the tokens since the
    /// flag was set are thrown away and everything after it is read again in the normal state
    /// (PCDATA); in the textarea state (RCDATA) the end of the file ends the input.
    #[test]
    fn the_2006_title_state_reparses_at_the_end_of_the_file() {
        let m = revision("2006-03-02-c3550d9086");
        assert_eq!(
            tokens(&m, "a<b>&amp;", Some("TITLE")),
            ["Characters \"a\"", "StartTag b", "Characters \"&\"", "EOF"]
        );
        let run = crate::interp::run(&m, None, &input("a<b>", Some("TITLE"), None)).expect("runs");
        // The first pass's parse error ("<" not followed by "/" in the title state) stays reported.
        assert_eq!(run.errors.len(), 1, "{:?}", run.errors);
        assert_eq!(tokens(&m, "a<b>&amp;", Some("RCDATA")), ["Characters \"a<b>&\"", "EOF"]);
        // 2006-04-18 folds the title state into RCDATA: no reparse.
        let after = revision("2006-04-18-df4550bf12");
        assert_eq!(tokens(&after, "a<b>&amp;", Some("RCDATA")), ["Characters \"a<b>&\"", "EOF"]);
    }

    /// The two branches of a state-level `Branch` each have an "anything else": a change in the
    /// first is a change, not hidden by the second's.
    #[test]
    fn branch_cases_are_kept_apart() {
        let body = |first: &str| {
            format!(
                "(\n    body: Branch([\n        (\n            if: Flag(\"f\", [\"A\"]),\n            body: Lookahead([\n                \
                 (\n                    on: [AnythingElse],\n                    do: [{first}],\n                    then: Stay,\n                \
                 ),\n            ]),\n        ),\n        (\n            body: ConsumeNext([\n                (\n                    \
                 on: [AnythingElse],\n                    then: Stay,\n                ),\n            ]),\n        ),\n    ]),\n)\n"
            )
        };
        let (a, b) = (body("Error(\"parse-error\"), EmitTag"), body("EmitTag"));
        assert_eq!(case_lines(&a).len(), 2);
        assert!(!same_cases(&a, &b));
        assert_eq!(case_diff(&a, &b).len(), 1, "{:?}", case_diff(&a, &b));
        assert!(same_cases(&a, &a.clone()));
    }

    /// 2009-06-05 `caf1a5944c` drops the parse error on whitespace in the comment end space
    /// state: no probe reaches that case with its one character ("<!--a-- " ends in the state),
    /// one character more does ("<!--a--  ").
    #[test]
    fn a_probe_one_character_longer_reaches_the_changed_case() {
        let changed: BTreeSet<String> = ["comment_end_space_state".to_owned()].into();
        let (ma, mb) = (revision("2009-06-05-32bb24e1e2"), revision("2009-06-05-caf1a5944c"));
        let inputs: Vec<Input> = probes().iter().map(|t| input(t, None, None)).collect();
        let (ran, d) = behaves_differently(&ma, &mb, &changed, &inputs);
        let d = d.expect("a difference");
        assert!(ran > 0);
        assert!(d.input.contains("--") && d.input.ends_with(char::is_whitespace), "{:?}", d.input);
        assert_ne!(d.old.1, d.new.1, "the errors differ");
        // Filed where the traces part (behaviour::explain): the case whose parse error went.
        let p = d.parted.expect("parted");
        assert_eq!(p.state, "comment_end_space_state");
        assert!(p.case.is_some_and(|c| c.contains("U+0020 SPACE")), "{:?}", d.input);
    }

    /// 2007-06-17 ("Quirks Mode"): the before DOCTYPE name state no longer uppercases the name nor
    /// marks the token in error. The difference is filed under that state's case as the new text
    /// numbers it, found through the structural diff's case pairs (the old text's cases are
    /// numbered otherwise: the lowercase letters had a case of their own).
    #[test]
    fn quirks_mode_parts_in_the_before_doctype_name_state() {
        let (ma, mb) = (revision("2007-06-15-96ef297ee5"), revision("2007-06-17-ecb07588d3"));
        let changed: BTreeSet<String> =
            ["before_doctype_name_state".to_owned(), "doctype_name_state".to_owned()].into();
        let (_, d) = behaves_differently(&ma, &mb, &changed, &[input("<!DOCTYPE html>", None, None)]);
        let d = d.expect("a difference");
        let p = d.parted.expect("parted");
        assert_eq!(p.state, "before_doctype_name_state", "{:?}", d.input);
        assert!(p.case.is_some(), "{p:?}");
        let labels = crate::spec_diff::case_labels(&mb);
        assert!(
            labels.iter().any(|((s, _), l)| s == "before_doctype_name_state" && Some(l) == p.case.as_ref()),
            "{p:?} is a case of the new text"
        );
    }

    /// 2009-09-16 `6db21943d0` returns U+FFFD for a surrogate where the text before returned
    /// "the Unicode character whose code point is that number": U+FFFD stands in for the
    /// surrogate in the token, and the run names it, so the two are told apart.
    #[test]
    fn a_surrogate_returned_as_it_is_is_not_a_replacement_character() {
        let (ma, mb) = (revision("2009-09-15-6866f8172f"), revision("2009-09-16-6db21943d0"));
        let inp = input("&#xD800;", None, None);
        let x = crate::interp::run(&ma, None, &inp).expect("old runs");
        let y = crate::interp::run(&mb, None, &inp).expect("new runs");
        assert_eq!(x.unrepresentable, ["U+D800@1"]);
        assert!(y.unrepresentable.is_empty());
        assert_eq!(crate::interp::merged(&x.tokens), crate::interp::merged(&y.tokens), "U+FFFD in both tokens");
        assert_ne!(outcome(&x), outcome(&y));
    }

    /// Across 2009-10-19 (the content model flag "expanded into separate states") an input in the
    /// RCDATA content model runs in the RCDATA state of the text after: the RCDATA state has no
    /// escape flag and no lookahead for the last start tag's name.
    #[test]
    fn a_content_model_flag_runs_in_its_state_after_2009_10_19() {
        let (ma, mb) = (revision("2009-10-09-b7a9d946d2"), revision("2009-10-19-41beb5d904"));
        let changed: BTreeSet<String> = ["data_state".to_owned()].into();
        let inputs = [input("<!--</title>-->", Some("RCDATA"), Some("title"))];
        let (ran, d) = behaves_differently(&ma, &mb, &changed, &inputs);
        assert_eq!(ran, 1);
        let d = d.expect("a difference");
        assert_eq!(d.start, Some(("RCDATA".to_owned(), Some("title".to_owned()))));
        assert!(d.new.0.iter().any(|t| t.contains("EndTag title")), "{:?}", d.new);
        assert_eq!(expanded_state("CDATA", Some("script")), "script_data_state");
        assert_eq!(expanded_state("RAWTEXT", Some("style")), "rawtext_state");
    }

    #[test]
    fn tags_are_read() {
        assert_eq!(tag("[ct] (2) EOF in tag tokens"), Some(("ct".into(), 2)));
        assert_eq!(Claim::of("[e] (0) typo"), Claim::Editorial);
        assert_eq!(Claim::of("[] (0) x"), Claim::Editorial);
        assert_eq!(Claim::of("[acgiowt] (2) x"), Claim::Parsers);
        assert_eq!(Claim::of("[ac] (2) x"), Claim::Others);
        assert_eq!(Claim::of("[giow] (1) x"), Claim::Browsers);
        assert_eq!(Claim::of("[w] (0) x"), Claim::Browsers);
        assert_eq!(Claim::of("[ce] (0) x"), Claim::Others);
        assert_eq!(Claim::of("Bunch of minor fixes"), Claim::Untagged);
    }

    /// The whole history, read in place: every disagreement with the tags is reviewed (and no
    /// reviewed entry is stale).
    #[test]
    fn history_against_the_tags() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf();
        let shared = root.join("../shared");
        let dir = shared.join("spec/history/html-tokenizer");
        if !dir.join("manifest.json").exists() {
            panic!("{} is missing", dir.display());
        }
        let hand = hand_dirs(&root, &shared);
        let h = run(&dir, &hand, &corpus(&shared), &|_| true).expect("history runs");
        let reviewed = load_reviewed(&root.join("tests/expectations/history.json"));
        let mut report = format!("{}\n", summary(&h, &reviewed));
        report.push_str(&format!(
            "distinct state texts: {} read from the text, {} from a hand transcription, {} unread\n",
            h.distinct_read, h.distinct_hand, h.distinct_missing
        ));
        for ((c, v), n) in &matrix(&h) {
            report.push_str(&format!("  {:16} {:20} {n}\n", c.label(), v.label()));
        }
        print!("{report}");
        // A test's output is captured unless it fails: the summary is also written where CI
        // prints it after `cargo test --workspace` (.ci/run), so every CI log shows the line.
        let out = root.join("target/history");
        std::fs::create_dir_all(&out).expect("target/history");
        std::fs::write(out.join("test-summary.txt"), &report).expect("target/history/test-summary.txt");
        if std::env::var_os("HISTORY_UNREAD").is_some() {
            for (k, n) in &h.unread_texts {
                println!("unread {n:4} {k}");
            }
        }
        assert_eq!(h.revisions, 147);
        assert_eq!(h.entries.len(), 146);
        // Every state of every revision is read or hand-transcribed (issue 25: "runs over all
        // 147 revisions").
        assert_eq!((h.imported_fully, h.distinct_missing), (147, 0), "unread: {:?}", h.unread_texts);
        let open: Vec<String> = h
            .entries
            .iter()
            .filter(|e| disagrees(e) && !reviewed.iter().any(|r| e.rev.commit.starts_with(&r.commit)))
            .map(|e| format!("{} {}", e.rev.date, first_line(&e.rev.message)))
            .collect();
        assert!(open.is_empty(), "disagreements not reviewed:\n{}", open.join("\n"));
        let stale: Vec<&str> = reviewed
            .iter()
            .filter(|r| !h.entries.iter().any(|e| e.rev.commit.starts_with(&r.commit) && disagrees(e)))
            .map(|r| r.commit.as_str())
            .collect();
        assert!(stale.is_empty(), "reviewed entries no longer disagreeing: {stale:?}");
    }
}
