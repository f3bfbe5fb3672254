//! `cargo xtask spec-diff`: what changes between two machines or two revisions of one. States
//! are matched by anchor, then heading, then case similarity; cases by their matchers (a
//! two-branch state of the 2008 draft branch by branch: each branch with the branch or state of
//! the other machine that took its cases over); and the report gives the spec words (matchers,
//! guard, verbs, terminal) of both sides, the error codes and the schema vocabulary each side
//! uses. Text, Markdown and a self-contained HTML page with a picture of the changed part of the
//! machine.

use crate::behaviour::StateChanges;
use crate::graph;
use statemark_codegen::lower::matcher_label;
use statemark_codegen::model::{Action, Body, Branch, Case, Chars, Machine, Matcher, StateDef, Terminal};
use std::collections::{BTreeMap, BTreeSet};

/// How a state of A was paired with a state of B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchedBy {
    Anchor,
    Heading,
    /// The share of case descriptions the two states have in common, in percent.
    Cases(u32),
}

impl std::fmt::Display for MatchedBy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchedBy::Anchor => f.write_str("matched by anchor"),
            MatchedBy::Heading => f.write_str("matched by heading"),
            MatchedBy::Cases(p) => write!(f, "matched by case similarity ({p}%)"),
        }
    }
}

/// One case that differs.
#[derive(Debug, Clone)]
pub enum CaseChange {
    Added(String),
    Removed(String),
    /// The matchers (B's; `old_on` is A's when they differ), then the old and the new spec words.
    Changed {
        on: String,
        old_on: Option<String>,
        old: String,
        new: String,
    },
}

/// A state present on both sides whose definition differs, or that was renamed.
#[derive(Debug, Clone)]
pub struct StateChange {
    pub a: String,
    pub b: String,
    pub matched_by: MatchedBy,
    /// Anchor and heading changes, body kind, entry and exit actions.
    pub notes: Vec<String>,
    pub cases: Vec<CaseChange>,
}

/// The structural difference of two machines.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub a: String,
    pub b: String,
    /// Manifest lines that differ (title, version, initial and external states).
    pub manifest: Vec<String>,
    /// States only in B: (name, heading).
    pub added: Vec<(String, String)>,
    /// States only in A.
    pub removed: Vec<(String, String)>,
    /// States on both sides that differ (renames included).
    pub changed: Vec<StateChange>,
    pub errors_added: Vec<String>,
    pub errors_removed: Vec<String>,
    /// Schema words (verbs, guards, matcher kinds, classes, terminals) only B uses.
    pub vocabulary_added: Vec<String>,
    /// Schema words only A uses.
    pub vocabulary_removed: Vec<String>,
    /// Inputs whose tokens differ, minimized and grouped (`--behaviour`).
    pub behaviour: Option<crate::behaviour::Behaviour>,
    /// Cases whose words changed but whose behaviour cannot: `state case: old -> new` (an EOF
    /// entry that reconsumes in a state whose own EOF entry only emits end-of-file, written as
    /// emitting it).
    pub reworded: Vec<String>,
    /// Each case of A, as (state, case number) the traces give, to the cases of B that take
    /// the same inputs: the one it is paired with, and those of the paired state whose
    /// characters overlap its own (`ASCII lower alpha` is in `ASCII alpha`); what `--behaviour`
    /// walks both traces with to find where they part.
    pub case_pairs: BTreeMap<(String, u16), BTreeSet<(String, u16)>>,
    /// B's cases whose words changed (reworded ones, and a switch become a reconsume that reads
    /// the input the same way, apart) or that are new.
    pub changed_cases: BTreeSet<(String, u16)>,
    /// B's cases whose verbs differ from those of a case of A that takes some of the same
    /// inputs (what can make two runs differ along the same path).
    pub verbs_changed: BTreeSet<(String, u16)>,
}

impl Report {
    pub fn is_empty(&self) -> bool {
        self.manifest.is_empty()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.errors_added.is_empty()
            && self.errors_removed.is_empty()
            && self.vocabulary_added.is_empty()
            && self.vocabulary_removed.is_empty()
    }

    /// The state changes `--behaviour` files its differences under (`a` and `b` the machines
    /// diffed, for their case labels).
    pub fn state_changes(&self, a: &Machine, b: &Machine) -> StateChanges {
        let renames = self.changed.iter().map(|c| (c.a.clone(), c.b.clone())).collect();
        let changed = self
            .changed
            .iter()
            .filter(|c| !c.cases.is_empty() || !c.notes.is_empty() || c.a != c.b)
            .map(|c| c.b.clone())
            .chain(self.added.iter().map(|s| s.0.clone()))
            .chain(self.removed.iter().map(|s| s.0.clone()))
            .collect();
        StateChanges {
            renames,
            changed,
            cases: self.case_pairs.clone(),
            changed_cases: self.changed_cases.clone(),
            verbs_changed: self.verbs_changed.clone(),
            a_labels: case_labels(a),
            b_labels: case_labels(b),
        }
    }
}

fn chars_words(c: &Chars) -> String {
    match c {
        Chars::Current => "current".into(),
        Chars::CurrentLowercase => "current lowercased".into(),
        Chars::CurrentUppercase => "current uppercased".into(),
        Chars::CodePoints(s) => s.clone(),
    }
}

/// A verb as the spec's words in the schema's spelling: `AppendToComment(U+002D U+002D)`.
pub fn action_words(a: &Action, rename: &dyn Fn(&str) -> String) -> String {
    let name = format!("{a:?}");
    let verb = name.split(['(', ' ', '{']).next().unwrap_or(&name).to_owned();
    match a {
        Action::Error(code) => format!("Error({code})"),
        Action::SetReturnState(s) => format!("SetReturnState({})", rename(s)),
        Action::CreateComment(s) => format!("CreateComment({s:?})"),
        Action::AccumulateCharRefCode { radix, subtract } => format!("AccumulateCharRefCode({radix}, -0x{subtract:X})"),
        _ => match a.chars() {
            Some(c) => format!("{verb}({})", chars_words(c)),
            None => verb,
        },
    }
}

fn terminal_words(t: &Terminal, rename: &dyn Fn(&str) -> String) -> String {
    match t {
        Terminal::Switch(s) => format!("Switch({})", rename(s)),
        Terminal::Reconsume(s) => format!("Reconsume({})", rename(s)),
        other => format!("{other:?}"),
    }
}

fn branch_words(actions: &[Action], then: &Terminal, rename: &dyn Fn(&str) -> String) -> String {
    let mut parts: Vec<String> = actions.iter().map(|a| action_words(a, rename)).collect();
    parts.push(format!("then {}", terminal_words(then, rename)));
    parts.join(", ")
}

/// A case without its matchers: guard, verbs, terminal and the else branch.
pub fn case_words(c: &Case, rename: &dyn Fn(&str) -> String) -> String {
    let mut s = String::new();
    if let Some(g) = &c.guard {
        s.push_str(&format!("if {g:?}: "));
    }
    s.push_str(&branch_words(&c.actions, &c.then, rename));
    if let Some(Branch { actions, then }) = &c.otherwise {
        s.push_str(&format!("; else: {}", branch_words(actions, then, rename)));
    }
    s
}

/// Each case's matchers by (state, case number), as the traces number them.
pub fn case_labels(m: &Machine) -> BTreeMap<(String, u16), String> {
    let mut out = BTreeMap::new();
    for (name, def) in &m.states {
        for (n, c, _) in def.body.numbered_cases() {
            out.insert((name.clone(), n as u16), case_on(c));
        }
    }
    out
}

/// The matchers of a case, as the spec's bullets.
pub fn case_on(c: &Case) -> String {
    c.on.iter().map(matcher_label).collect::<Vec<_>>().join(", ")
}

/// Every case of the state, a `Branch` body's branches one after the other (in case-number order).
fn cases(def: &StateDef) -> Vec<&Case> {
    def.body.numbered_cases().into_iter().map(|(_, c, _)| c).collect()
}

/// Every case of the state with its number (1-based, running on through a `Branch` body's
/// branches: the number the traces give).
fn numbered(def: &StateDef) -> Vec<(u16, &Case)> {
    def.body.numbered_cases().into_iter().map(|(n, c, _)| (n as u16, c)).collect()
}

/// Whether two cases take some input in common: characters (a code point or a class) in
/// both, or the same other matcher (EOF, anything else, one lookahead string).
fn overlap(a: &Case, b: &Case) -> bool {
    let chars = |m: &Matcher| -> Option<Vec<u32>> {
        match m {
            Matcher::Char(c) => Some(statemark_codegen::lower::code_point(c).into_iter().collect()),
            Matcher::Class(cl) => Some(cl.bytes().iter().map(|&b| b as u32).collect()),
            _ => None,
        }
    };
    a.on.iter().any(|x| {
        b.on.iter().any(|y| match (chars(x), chars(y)) {
            (Some(p), Some(q)) => p.iter().any(|c| q.contains(c)),
            _ => x == y,
        })
    })
}

/// The two sides of a case comparison: the machines, A's names through the renames, the states
/// the cases are of, and the words put before each case's matchers (a branch's condition).
struct Sides<'a> {
    a: &'a Machine,
    b: &'a Machine,
    rename: &'a dyn Fn(&str) -> String,
    a_state: &'a str,
    b_state: &'a str,
    label: &'a str,
}

/// Compare cases `ca` of A with cases `cb` of B: pair them, file the differences in `ch`, and
/// record the pairs, the changed cases and the cases whose verbs changed in `r`.
fn compare_cases(r: &mut Report, ch: &mut StateChange, sd: &Sides, ca: &[(u16, &Case)], cb: &[(u16, &Case)]) {
    let same = |s: &str| s.to_owned();
    let pair = pair_cases(&ca.iter().map(|c| c.1).collect::<Vec<_>>(), &cb.iter().map(|c| c.1).collect::<Vec<_>>());
    let mut used = vec![false; ca.len()];
    for (&(nb_case, c), p) in cb.iter().zip(&pair) {
        let on = format!("{}{}", sd.label, case_on(c));
        match p {
            Some(k) => {
                used[*k] = true;
                let (na_case, o) = ca[*k];
                r.case_pairs
                    .entry((sd.a_state.to_owned(), na_case))
                    .or_default()
                    .insert((sd.b_state.to_owned(), nb_case));
                let (old, new) = (case_words(o, sd.rename), case_words(c, &same));
                let old_on = Some(format!("{}{}", sd.label, case_on(o))).filter(|o| *o != on);
                if old_on.is_none() && old != new && same_at_eof(o, c, sd.a, sd.b, sd.rename) {
                    r.reworded.push(format!("{} {on}: {old} -> {new}", sd.b_state));
                } else if old != new || old_on.is_some() {
                    r.changed_cases.insert((sd.b_state.to_owned(), nb_case));
                    ch.cases.push(CaseChange::Changed { on, old_on, old, new });
                }
            }
            None => {
                r.changed_cases.insert((sd.b_state.to_owned(), nb_case));
                ch.cases.push(CaseChange::Added(format!("{on}: {}", case_words(c, &same))))
            }
        }
    }
    for &(na_case, o) in ca {
        for &(nb_case, c) in cb {
            if overlap(o, c) {
                r.case_pairs
                    .entry((sd.a_state.to_owned(), na_case))
                    .or_default()
                    .insert((sd.b_state.to_owned(), nb_case));
            }
        }
    }
    // A case of B that does what A's cases did but reconsumes where they switched after
    // taking the character (today's "Reconsume in the comment state" for 2017's "Append the
    // current input character ... Switch to the comment state") reads the input the same
    // way: not a change the behaviour diff files anything under.
    for &(nb_case, c) in cb {
        let from: Vec<&Case> = ca
            .iter()
            .filter(|(n, _)| {
                r.case_pairs
                    .get(&(sd.a_state.to_owned(), *n))
                    .is_some_and(|s| s.contains(&(sd.b_state.to_owned(), nb_case)))
            })
            .map(|(_, o)| *o)
            .collect();
        let same_words = |o: &Case| case_words(o, sd.rename) == case_words(c, &same);
        let verbs = |x: &Case, f: &dyn Fn(&str) -> String| {
            let mut v: Vec<String> = x.actions.iter().map(|a| action_words(a, f)).collect();
            if let Some(b) = &x.otherwise {
                v.push("else".into());
                v.extend(b.actions.iter().map(|a| action_words(a, f)));
            }
            v
        };
        if from.iter().any(|o| verbs(o, sd.rename) != verbs(c, &same) && !reconsumes_instead(o, c, sd.rename)) {
            r.verbs_changed.insert((sd.b_state.to_owned(), nb_case));
        }
        if from.iter().any(|o| reconsumes_instead(o, c, sd.rename))
            && from.iter().all(|o| same_words(o) || reconsumes_instead(o, c, sd.rename))
        {
            r.changed_cases.remove(&(sd.b_state.to_owned(), nb_case));
        }
    }
    for (k, (_, o)) in ca.iter().enumerate() {
        if !used[k] {
            ch.cases.push(CaseChange::Removed(format!("{}{}: {}", sd.label, case_on(o), case_words(o, sd.rename))));
        }
    }
}

/// A state's cases by branch: one group per branch of a `Branch` body with its condition (the
/// last branch's is "otherwise"), else one group without. Numbered as the traces number them.
struct CaseGroup<'a> {
    cond: Option<String>,
    cases: Vec<(u16, &'a Case)>,
}

fn case_groups(def: &StateDef) -> Vec<CaseGroup<'_>> {
    let Body::Branch(bs) = &def.body else { return vec![CaseGroup { cond: None, cases: numbered(def) }] };
    let mut n = 0u16;
    bs.iter()
        .map(|br| {
            let cases = br
                .body
                .numbered_cases()
                .into_iter()
                .map(|(_, c, _)| {
                    n += 1;
                    (n, c)
                })
                .collect();
            let cond = match &br.guard {
                Some(g) => format!("if {}", graph::guard_words(g)),
                None => "otherwise".to_owned(),
            };
            CaseGroup { cond: Some(cond), cases }
        })
        .collect()
}

/// The share of case descriptions two lists of cases have in common, in percent.
fn alike(x: &[&Case], y: &[&Case]) -> u32 {
    let (sx, sy) = (signature_of(x), signature_of(y));
    let union = sx.union(&sy).count();
    (sx.intersection(&sy).count() * 100).checked_div(union).unwrap_or(0) as u32
}

/// Pair the branches of two paired states: one group each pair as they are; else by the same
/// condition, then by the cases most alike (some in common), best pairs first.
fn pair_groups(ga: &[CaseGroup], gb: &[CaseGroup]) -> Vec<(usize, usize)> {
    if ga.len() == 1 && gb.len() == 1 {
        return vec![(0, 0)];
    }
    let mut pairs = Vec::new();
    for (x, g) in ga.iter().enumerate() {
        if let Some(y) = gb.iter().position(|h| h.cond.is_some() && h.cond == g.cond)
            && !pairs.iter().any(|p: &(usize, usize)| p.1 == y)
        {
            pairs.push((x, y));
        }
    }
    fn cases<'a>(g: &CaseGroup<'a>) -> Vec<&'a Case> {
        g.cases.iter().map(|c| c.1).collect()
    }
    let mut candidates = Vec::new();
    for (x, g) in ga.iter().enumerate().filter(|(x, _)| !pairs.iter().any(|p| p.0 == *x)) {
        for (y, h) in gb.iter().enumerate().filter(|(y, _)| !pairs.iter().any(|p| p.1 == *y)) {
            let pct = alike(&cases(g), &cases(h));
            if pct > 0 {
                candidates.push((pct, x, y));
            }
        }
    }
    candidates.sort_by(|p, q| q.0.cmp(&p.0).then(p.1.cmp(&q.1)).then(p.2.cmp(&q.2)));
    for (_, x, y) in candidates {
        if !pairs.iter().any(|p| p.0 == x || p.1 == y) {
            pairs.push((x, y));
        }
    }
    pairs.sort();
    pairs
}

/// The state among `states` whose cases are most like `cases` (some in common), first on a tie.
fn most_alike<'s>(
    cases: &[&Case],
    states: impl Iterator<Item = (&'s String, &'s StateDef)>,
) -> Option<(&'s String, u32)> {
    let mut best: Option<(&String, u32)> = None;
    for (name, def) in states {
        let pct = alike(cases, &self::cases(def));
        if pct > 0 && best.is_none_or(|b| pct > b.1) {
            best = Some((name, pct));
        }
    }
    best
}

/// Whether `c` is `o` with its switch after taking the current character made a reconsume:
/// `o` does `c`'s verbs and one more that takes the current character, then switches to the
/// state `c` reconsumes in.
fn reconsumes_instead(o: &Case, c: &Case, rename: &dyn Fn(&str) -> String) -> bool {
    let (Terminal::Switch(x), Terminal::Reconsume(y)) = (&o.then, &c.then) else { return false };
    if rename(x) != *y || o.guard.is_some() || c.guard.is_some() || o.otherwise.is_some() || c.otherwise.is_some() {
        return false;
    }
    let Some((last, rest)) = o.actions.split_last() else { return false };
    let words = |v: &[Action], f: &dyn Fn(&str) -> String| v.iter().map(|a| action_words(a, f)).collect::<Vec<_>>();
    matches!(last.chars(), Some(Chars::Current | Chars::CurrentLowercase | Chars::CurrentUppercase))
        && words(rest, rename) == words(&c.actions, &|s: &str| s.to_owned())
}

/// Pair B's cases with A's: cases with the same matchers, then cases that share a matcher (a
/// bullet added to or dropped from a group). For each case of `b`, the index of its case in `a`.
fn pair_cases(a: &[&Case], b: &[&Case]) -> Vec<Option<usize>> {
    let mut used = vec![false; a.len()];
    let mut pair: Vec<Option<usize>> = b
        .iter()
        .map(|c| {
            let k = a.iter().enumerate().position(|(k, o)| !used[k] && case_on(o) == case_on(c))?;
            used[k] = true;
            Some(k)
        })
        .collect();
    for (j, c) in b.iter().enumerate() {
        if pair[j].is_none()
            && let Some(k) = (0..a.len()).find(|&k| !used[k] && a[k].on.iter().any(|m| c.on.contains(m)))
        {
            used[k] = true;
            pair[j] = Some(k);
        }
    }
    pair
}

fn body_kind(def: &StateDef) -> &'static str {
    match def.body {
        Body::ConsumeNext(_) => "ConsumeNext",
        Body::Lookahead(_) => "Lookahead",
        Body::HandWritten { .. } => "HandWritten",
        Body::Branch(_) => "Branch",
    }
}

/// Case descriptions for similarity: each case's matchers and where it goes (names left out,
/// since the states being matched may be renamed).
fn signature(def: &StateDef) -> BTreeSet<String> {
    signature_of(&cases(def))
}

fn signature_of(cases: &[&Case]) -> BTreeSet<String> {
    let keep = |s: &str| s.to_owned();
    cases
        .iter()
        .map(|c| {
            let t = match &c.then {
                Terminal::Switch(_) => "Switch".into(),
                Terminal::Reconsume(_) => "Reconsume".into(),
                t => terminal_words(t, &keep),
            };
            let verbs: Vec<String> = c.actions.iter().map(|a| action_words(a, &|_| String::new())).collect();
            format!("{} -> {} {t}", case_on(c), verbs.join(" "))
        })
        .collect()
}

/// A guard's vocabulary word: its variant, without the arguments of the parameterised ones
/// (`Flag`, `LastCharactersAre`, ...), which are the tables' data, not schema words.
fn guard_word(g: &statemark_codegen::model::Guard) -> String {
    format!("{g:?}").split('(').next().unwrap_or("").to_owned()
}

/// The schema words a machine uses.
pub fn vocabulary(m: &Machine) -> BTreeSet<String> {
    let mut v = BTreeSet::new();
    for (_, def) in &m.states {
        v.insert(format!("body {}", body_kind(def)));
        let mut actions: Vec<&Action> = def.on_entry.iter().chain(&def.on_exit).collect();
        for g in def.body.branch_guards() {
            for g in g.walk() {
                v.insert(format!("guard {}", guard_word(g)));
            }
        }
        for c in cases(def) {
            for on in &c.on {
                v.insert(match on {
                    Matcher::Class(cl) => format!("class {cl:?}"),
                    other => format!("matcher {}", format!("{other:?}").split('(').next().unwrap_or("")),
                });
            }
            if let Some(g) = &c.guard {
                for g in g.walk() {
                    v.insert(format!("guard {}", guard_word(g)));
                }
            }
            actions.extend(&c.actions);
            let mut terms = vec![&c.then];
            if let Some(b) = &c.otherwise {
                actions.extend(&b.actions);
                terms.push(&b.then);
            }
            for t in terms {
                v.insert(format!("terminal {}", format!("{t:?}").split('(').next().unwrap_or("")));
            }
        }
        for a in actions {
            v.insert(format!("verb {}", format!("{a:?}").split(['(', ' ', '{']).next().unwrap_or("")));
        }
    }
    v
}

/// Pair the states of `a` with those of `b`: by anchor, then heading, then by the share of case
/// descriptions in common (at least half), best pairs first.
pub fn match_states(a: &Machine, b: &Machine) -> Vec<(usize, usize, MatchedBy)> {
    let mut pairs = Vec::new();
    let mut used_a = vec![false; a.states.len()];
    let mut used_b = vec![false; b.states.len()];
    type Same = fn(&StateDef, &StateDef) -> bool;
    let rules: [(Same, MatchedBy); 2] =
        [(|x, y| x.id == y.id, MatchedBy::Anchor), (|x, y| x.heading == y.heading, MatchedBy::Heading)];
    for (same, how) in rules {
        for (i, (_, da)) in a.states.iter().enumerate() {
            if used_a[i] {
                continue;
            }
            if let Some(j) = (0..b.states.len()).find(|&j| !used_b[j] && same(da, &b.states[j].1)) {
                used_a[i] = true;
                used_b[j] = true;
                pairs.push((i, j, how));
            }
        }
    }
    let mut candidates = Vec::new();
    for (i, (_, da)) in a.states.iter().enumerate().filter(|(i, _)| !used_a[*i]) {
        let sa = signature(da);
        for (j, (_, db)) in b.states.iter().enumerate().filter(|(j, _)| !used_b[*j]) {
            let sb = signature(db);
            let union = sa.union(&sb).count();
            if union == 0 {
                continue;
            }
            let pct = (sa.intersection(&sb).count() * 100 / union) as u32;
            if pct >= 50 {
                candidates.push((pct, i, j));
            }
        }
    }
    candidates.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    for (pct, i, j) in candidates {
        if !used_a[i] && !used_b[j] {
            used_a[i] = true;
            used_b[j] = true;
            pairs.push((i, j, MatchedBy::Cases(pct)));
        }
    }
    pairs.sort_by_key(|p| p.1);
    pairs
}

/// The structural diff of `a` and `b`; `a_label`/`b_label` name them in the report.
pub fn diff(a: &Machine, b: &Machine, a_label: &str, b_label: &str) -> Report {
    let mut r = Report { a: a_label.into(), b: b_label.into(), ..Report::default() };
    let (ma, mb) = (&a.manifest, &b.manifest);
    let mut line = |what: &str, x: String, y: String| {
        if x != y {
            r.manifest.push(format!("{what}: {x} -> {y}"));
        }
    };
    line("spec title", ma.spec_title.clone(), mb.spec_title.clone());
    line("spec version", ma.spec_version.clone(), mb.spec_version.clone());
    line("initial state", ma.initial_state.clone(), mb.initial_state.clone());
    line("external states", ma.external_states.join(", "), mb.external_states.join(", "));

    let pairs = match_states(a, b);
    let renames: BTreeMap<String, String> =
        pairs.iter().map(|&(i, j, _)| (a.states[i].0.clone(), b.states[j].0.clone())).collect();
    let rename = |s: &str| renames.get(s).cloned().unwrap_or_else(|| s.to_owned());
    let same = |s: &str| s.to_owned();
    for (j, (name, def)) in b.states.iter().enumerate() {
        if !pairs.iter().any(|p| p.1 == j) {
            r.added.push((name.clone(), def.heading.clone()));
        }
    }
    for (i, (name, def)) in a.states.iter().enumerate() {
        if !pairs.iter().any(|p| p.0 == i) {
            r.removed.push((name.clone(), def.heading.clone()));
        }
    }
    for &(i, j, how) in &pairs {
        let ((na, da), (nb, db)) = (&a.states[i], &b.states[j]);
        let mut ch =
            StateChange { a: na.clone(), b: nb.clone(), matched_by: how, notes: Vec::new(), cases: Vec::new() };
        if da.id != db.id {
            ch.notes.push(format!("anchor #{} -> #{}", da.id, db.id));
        }
        if da.heading != db.heading {
            ch.notes.push(format!("heading {:?} -> {:?}", da.heading, db.heading));
        }
        if body_kind(da) != body_kind(db) {
            ch.notes.push(format!("body {} -> {}", body_kind(da), body_kind(db)));
        }
        for (what, x, y) in [("on entry", &da.on_entry, &db.on_entry), ("on exit", &da.on_exit, &db.on_exit)] {
            let wx: Vec<String> = x.iter().map(|a| action_words(a, &rename)).collect();
            let wy: Vec<String> = y.iter().map(|a| action_words(a, &same)).collect();
            if wx != wy {
                ch.notes.push(format!("{what}: [{}] -> [{}]", wx.join(", "), wy.join(", ")));
            }
        }
        if let (Body::HandWritten { goes_to: ga, raises: ra, .. }, Body::HandWritten { goes_to: gb, raises: rb, .. }) =
            (&da.body, &db.body)
        {
            let ga: Vec<String> = ga.iter().map(|s| rename(s)).collect();
            if &ga != gb {
                ch.notes.push(format!("goes to [{}] -> [{}]", ga.join(", "), gb.join(", ")));
            }
            if ra != rb {
                ch.notes.push(format!("raises [{}] -> [{}]", ra.join(", "), rb.join(", ")));
            }
        }
        let (ga, gb) = (case_groups(da), case_groups(db));
        let paired = pair_groups(&ga, &gb);
        for &(x, y) in &paired {
            let label = match (&ga[x].cond, &gb[y].cond) {
                (Some(p), Some(q)) if p != q => format!("[{p} -> {q}] "),
                (Some(p), _) | (None, Some(p)) => format!("[{p}] "),
                (None, None) => String::new(),
            };
            let sides = Sides { a, b, rename: &rename, a_state: na, b_state: nb, label: &label };
            compare_cases(&mut r, &mut ch, &sides, &ga[x].cases, &gb[y].cases);
        }
        // A branch without a counterpart in the other state: its cases are now (or were) those of
        // a state of their own (the 2008 draft's tag open state in RCDATA is today's RCDATA
        // less-than sign state), the state of the other machine not paired with any whose cases
        // are most alike.
        let unpaired_b: Vec<usize> = (0..b.states.len()).filter(|j| !pairs.iter().any(|p| p.1 == *j)).collect();
        let unpaired_a: Vec<usize> = (0..a.states.len()).filter(|i| !pairs.iter().any(|p| p.0 == *i)).collect();
        for (_, g) in ga.iter().enumerate().filter(|(x, _)| !paired.iter().any(|p| p.0 == *x)) {
            let cond = g.cond.clone().unwrap_or_default();
            let mine: Vec<&Case> = g.cases.iter().map(|c| c.1).collect();
            match most_alike(&mine, unpaired_b.iter().map(|&k| (&b.states[k].0, &b.states[k].1))) {
                Some((other, pct)) => {
                    ch.notes.push(format!("branch {cond}: now the cases of {other} ({pct}% alike)"));
                    let label = format!("[{cond} -> {other}] ");
                    let def = &b.states.iter().find(|(n, _)| n == other).expect("a state of B").1;
                    let sides = Sides { a, b, rename: &rename, a_state: na, b_state: other, label: &label };
                    compare_cases(&mut r, &mut ch, &sides, &g.cases, &numbered(def));
                }
                None => {
                    for (_, o) in &g.cases {
                        ch.cases.push(CaseChange::Removed(format!(
                            "[{cond}] {}: {}",
                            case_on(o),
                            case_words(o, &rename)
                        )));
                    }
                }
            }
        }
        for (_, g) in gb.iter().enumerate().filter(|(y, _)| !paired.iter().any(|p| p.1 == *y)) {
            let cond = g.cond.clone().unwrap_or_default();
            let mine: Vec<&Case> = g.cases.iter().map(|c| c.1).collect();
            match most_alike(&mine, unpaired_a.iter().map(|&k| (&a.states[k].0, &a.states[k].1))) {
                Some((other, pct)) => {
                    ch.notes.push(format!("branch {cond}: was the cases of {other} ({pct}% alike)"));
                    let label = format!("[{other} -> {cond}] ");
                    let def = &a.states.iter().find(|(n, _)| n == other).expect("a state of A").1;
                    let sides = Sides { a, b, rename: &rename, a_state: other, b_state: nb, label: &label };
                    compare_cases(&mut r, &mut ch, &sides, &numbered(def), &g.cases);
                }
                None => {
                    for (_, c) in &g.cases {
                        ch.cases.push(CaseChange::Added(format!("[{cond}] {}: {}", case_on(c), case_words(c, &same))));
                    }
                }
            }
        }
        if !ch.notes.is_empty() || !ch.cases.is_empty() || na != nb {
            r.changed.push(ch);
        }
    }
    let codes = |m: &Machine| m.errors.errors.iter().map(|e| e.code.clone()).collect::<BTreeSet<_>>();
    let (ea, eb) = (codes(a), codes(b));
    r.errors_added = eb.difference(&ea).cloned().collect();
    r.errors_removed = ea.difference(&eb).cloned().collect();
    let (va, vb) = (vocabulary(a), vocabulary(b));
    r.vocabulary_added = vb.difference(&va).cloned().collect();
    r.vocabulary_removed = va.difference(&vb).cloned().collect();
    r
}

/// Whether two paired cases differ only in how they say "the tokenizer ends here": an EOF-only
/// case that reconsumes in a state whose own EOF case does nothing but emit end-of-file,
/// against one that emits end-of-file itself, with the same verbs (the 2017 text's "Reconsume
/// the EOF character in the data state" and today's "Emit an end-of-file token").
fn same_at_eof(o: &Case, c: &Case, a: &Machine, b: &Machine, rename: &dyn Fn(&str) -> String) -> bool {
    if o.on != [Matcher::Eof] || c.on != [Matcher::Eof] || o.guard.is_some() || c.guard.is_some() {
        return false;
    }
    if o.otherwise.is_some() || c.otherwise.is_some() {
        return false;
    }
    let wa: Vec<String> = o.actions.iter().map(|x| action_words(x, rename)).collect();
    let wb: Vec<String> = c.actions.iter().map(|x| action_words(x, &|s: &str| s.to_owned())).collect();
    if wa != wb {
        return false;
    }
    // The state's own EOF case only emits end-of-file.
    let ends = |m: &Machine, state: &str| {
        m.states.iter().find(|(n, _)| n == state).is_some_and(|(_, d)| {
            d.body.numbered_cases().iter().any(|(_, k, _)| {
                k.on.contains(&Matcher::Eof) && k.actions.is_empty() && k.guard.is_none() && k.then == Terminal::EmitEof
            })
        })
    };
    match (&o.then, &c.then) {
        (Terminal::Reconsume(s), Terminal::EmitEof) => ends(a, s),
        (Terminal::EmitEof, Terminal::Reconsume(s)) => ends(b, s),
        _ => false,
    }
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Md,
    Html,
}

/// Readable text for the terminal.
pub fn render_text(r: &Report) -> String {
    let mut s = format!("spec-diff {} -> {}\n", r.a, r.b);
    if r.is_empty() {
        s.push_str("no structural change\n");
        if let Some(b) = &r.behaviour {
            s.push_str(&crate::behaviour::render_text(b));
        }
        return s;
    }
    for l in &r.manifest {
        s.push_str(&format!("manifest: {l}\n"));
    }
    for (n, h) in &r.added {
        s.push_str(&format!("+ state {n} ({h:?})\n"));
    }
    for (n, h) in &r.removed {
        s.push_str(&format!("- state {n} ({h:?})\n"));
    }
    for c in &r.changed {
        if c.a == c.b {
            s.push_str(&format!("~ state {} ({})\n", c.b, c.matched_by));
        } else {
            s.push_str(&format!("~ state {} renamed {} ({})\n", c.a, c.b, c.matched_by));
        }
        for n in &c.notes {
            s.push_str(&format!("    {n}\n"));
        }
        for cc in &c.cases {
            match cc {
                CaseChange::Added(w) => s.push_str(&format!("    + case {w}\n")),
                CaseChange::Removed(w) => s.push_str(&format!("    - case {w}\n")),
                CaseChange::Changed { on, old_on, old, new } => {
                    s.push_str(&format!("    ~ case {on}\n"));
                    if let Some(o) = old_on {
                        s.push_str(&format!("        matchers were: {o}\n"));
                    }
                    s.push_str(&format!("        was: {old}\n        now: {new}\n"));
                }
            }
        }
    }
    if !r.reworded.is_empty() {
        s.push_str(&format!("= {} cases reworded with the same behaviour:\n", r.reworded.len()));
        for w in &r.reworded {
            s.push_str(&format!("    = {w}\n"));
        }
    }
    for e in &r.errors_added {
        s.push_str(&format!("+ error code {e}\n"));
    }
    for e in &r.errors_removed {
        s.push_str(&format!("- error code {e}\n"));
    }
    for v in &r.vocabulary_added {
        s.push_str(&format!("+ vocabulary {v}\n"));
    }
    for v in &r.vocabulary_removed {
        s.push_str(&format!("- vocabulary {v}\n"));
    }
    if let Some(b) = &r.behaviour {
        s.push_str(&crate::behaviour::render_text(b));
    }
    s.push_str(&format!(
        "{} states added, {} removed, {} changed; {} error codes added, {} removed\n",
        r.added.len(),
        r.removed.len(),
        r.changed.len(),
        r.errors_added.len(),
        r.errors_removed.len()
    ));
    s
}

fn md_code(s: &str) -> String {
    format!("`{}`", s.replace('`', "'"))
}

/// Markdown for a pull-request comment.
pub fn render_md(r: &Report) -> String {
    let mut s = format!("## spec-diff `{}` → `{}`\n\n", r.a, r.b);
    if r.is_empty() {
        s.push_str("No structural change.\n\n");
        if let Some(b) = &r.behaviour {
            s.push_str(&crate::behaviour::render_md(b));
        }
        return s;
    }
    s.push_str(&format!(
        "{} states added, {} removed, {} changed; {} error codes added, {} removed.\n\n",
        r.added.len(),
        r.removed.len(),
        r.changed.len(),
        r.errors_added.len(),
        r.errors_removed.len()
    ));
    if !r.manifest.is_empty() {
        s.push_str("### Manifest\n\n");
        for l in &r.manifest {
            s.push_str(&format!("- {l}\n"));
        }
        s.push('\n');
    }
    if !r.added.is_empty() || !r.removed.is_empty() {
        s.push_str("### States added and removed\n\n");
        for (n, h) in &r.added {
            s.push_str(&format!("- **added** {} ({h})\n", md_code(n)));
        }
        for (n, h) in &r.removed {
            s.push_str(&format!("- **removed** {} ({h})\n", md_code(n)));
        }
        s.push('\n');
    }
    if !r.changed.is_empty() {
        s.push_str("### States changed\n\n");
        for c in &r.changed {
            if c.a == c.b {
                s.push_str(&format!("#### {} ({})\n\n", md_code(&c.b), c.matched_by));
            } else {
                s.push_str(&format!("#### {} → {} ({})\n\n", md_code(&c.a), md_code(&c.b), c.matched_by));
            }
            for n in &c.notes {
                s.push_str(&format!("- {n}\n"));
            }
            if !c.cases.is_empty() {
                if !c.notes.is_empty() {
                    s.push('\n');
                }
                s.push_str("| case | was | now |\n| --- | --- | --- |\n");
                for cc in &c.cases {
                    let cell = |t: &str| t.replace('|', "\\|");
                    match cc {
                        CaseChange::Added(w) => {
                            let (on, words) = w.split_once(": ").unwrap_or((w, ""));
                            s.push_str(&format!("| {} | (none) | {} |\n", cell(on), cell(words)))
                        }
                        CaseChange::Removed(w) => {
                            let (on, words) = w.split_once(": ").unwrap_or((w, ""));
                            s.push_str(&format!("| {} | {} | (none) |\n", cell(on), cell(words)))
                        }
                        CaseChange::Changed { on, old_on: Some(o), old, new } => s.push_str(&format!(
                            "| {} | {} | {} |\n",
                            cell(on),
                            cell(&format!("on {o}: {old}")),
                            cell(new)
                        )),
                        CaseChange::Changed { on, old_on: None, old, new } => {
                            s.push_str(&format!("| {} | {} | {} |\n", cell(on), cell(old), cell(new)))
                        }
                    }
                }
            }
            s.push('\n');
        }
    }
    if !r.reworded.is_empty() {
        s.push_str(&format!("### Reworded, same behaviour ({} cases)\n\n", r.reworded.len()));
        for w in &r.reworded {
            s.push_str(&format!("- {}\n", md_code(w)));
        }
        s.push('\n');
    }
    if !r.errors_added.is_empty() || !r.errors_removed.is_empty() {
        s.push_str("### Error codes\n\n");
        for e in &r.errors_added {
            s.push_str(&format!("- **added** {}\n", md_code(e)));
        }
        for e in &r.errors_removed {
            s.push_str(&format!("- **removed** {}\n", md_code(e)));
        }
        s.push('\n');
    }
    if !r.vocabulary_added.is_empty() || !r.vocabulary_removed.is_empty() {
        s.push_str("### Schema vocabulary used\n\n");
        for v in &r.vocabulary_added {
            s.push_str(&format!("- **added** {}\n", md_code(v)));
        }
        for v in &r.vocabulary_removed {
            s.push_str(&format!("- **removed** {}\n", md_code(v)));
        }
        s.push('\n');
    }
    if let Some(b) = &r.behaviour {
        s.push_str(&crate::behaviour::render_md(b));
    }
    s
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The changed part of the machine: the union of both graphs around every added, removed or
/// changed state (one edge out), coloured.
pub fn changed_graph(a: &Machine, b: &Machine, r: &Report) -> graph::Graph {
    // A's names through the renames, so a renamed state is one node.
    let renames: BTreeMap<&str, &str> = r.changed.iter().map(|c| (c.a.as_str(), c.b.as_str())).collect();
    let mut ga = graph::graph_of(a);
    for n in &mut ga.nodes {
        if let Some(to) = renames.get(n.name.as_str()) {
            n.name = (*to).to_owned();
        }
    }
    for e in &mut ga.edges {
        for end in [&mut e.from, &mut e.to] {
            if let Some(to) = renames.get(end.as_str()) {
                *end = (*to).to_owned();
            }
        }
    }
    let gb = graph::graph_of(b);
    let u = graph::union(&ga, &gb);
    let roots: Vec<String> = r
        .added
        .iter()
        .chain(&r.removed)
        .map(|(n, _)| n.clone())
        .chain(r.changed.iter().filter(|c| !c.cases.is_empty() || c.a != c.b).map(|c| c.b.clone()))
        .collect();
    let mut g = graph::neighbourhood(&u, &roots, 1);
    // Keep only what touches a change, so the picture is of the changed part.
    let changed: BTreeSet<&str> = roots.iter().map(String::as_str).collect();
    g.edges.retain(|e| changed.contains(e.from.as_str()) || e.change != graph::Change::Same);
    let used: BTreeSet<String> = g.edges.iter().flat_map(|e| [e.from.clone(), e.to.clone()]).collect();
    g.nodes.retain(|n| changed.contains(n.name.as_str()) || used.contains(&n.name));
    g
}

/// One self-contained page: the report and the picture (inline SVG when Graphviz is installed,
/// the DOT source otherwise).
pub fn render_html(a: &Machine, b: &Machine, r: &Report) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s.push_str(&format!("<title>spec-diff {} → {}</title>\n", esc(&r.a), esc(&r.b)));
    s.push_str(
        "<style>\nbody{font:14px/1.45 system-ui,sans-serif;max-width:80em;margin:2em auto;padding:0 1em}\n\
         code{font:12px ui-monospace,monospace}\n.add{color:#1a7f37}.del{color:#cf222e}.chg{color:#bf8700}\n\
         table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top;font:12px ui-monospace,monospace}\n\
         figure{overflow:auto;border:1px solid #ddd;padding:.5em}\n</style>\n</head>\n<body>\n",
    );
    s.push_str(&format!("<h1>spec-diff <code>{}</code> → <code>{}</code></h1>\n", esc(&r.a), esc(&r.b)));
    s.push_str("<h2>The changed part of the machine</h2>\n<figure>\n");
    let g = changed_graph(a, b, r);
    let dot = graph::to_dot(&g, &format!("{} -> {}", r.a, r.b));
    match graph::have_dot().then(|| graph::to_svg(&dot)) {
        Some(Ok(svg)) => {
            let start = svg.find("<svg").unwrap_or(0);
            s.push_str(&svg[start..]);
        }
        _ => {
            s.push_str("<p>Graphviz <code>dot</code> is not installed; the picture as DOT:</p>\n<pre>");
            s.push_str(&esc(&dot));
            s.push_str("</pre>\n");
        }
    }
    s.push_str(
        "<figcaption><span class=\"add\">green: added</span>, <span class=\"del\">red: removed</span>, \
         <span class=\"chg\">amber: changed</span>; solid edges switch, dashed reconsume, dotted go to the \
         return state.</figcaption>\n</figure>\n",
    );
    s.push_str("<h2>Changes</h2>\n");
    let md = render_md(r);
    // The Markdown report, as HTML: headings, lists and tables are all it uses.
    s.push_str(&md_to_html(&md));
    s.push_str("</body>\n</html>\n");
    s
}

/// Just enough Markdown for `render_md`'s output.
fn md_to_html(md: &str) -> String {
    let mut out = String::new();
    let mut in_list = false;
    let mut in_table = false;
    let inline = |t: &str| {
        let mut o = String::new();
        let mut code = false;
        let mut bold = false;
        let t = esc(t);
        let mut rest = t.as_str();
        while let Some(ch) = rest.chars().next() {
            if rest.starts_with("**") {
                o.push_str(if bold { "</strong>" } else { "<strong>" });
                bold = !bold;
                rest = &rest[2..];
                continue;
            }
            if ch == '`' {
                o.push_str(if code { "</code>" } else { "<code>" });
                code = !code;
            } else if ch == '\\' && rest[1..].starts_with('|') {
                // escaped table bar
            } else {
                o.push(ch);
            }
            rest = &rest[ch.len_utf8()..];
        }
        o.replace("<strong>added</strong>", "<strong class=\"add\">added</strong>")
            .replace("<strong>removed</strong>", "<strong class=\"del\">removed</strong>")
    };
    for line in md.lines() {
        if !line.starts_with("- ") && in_list {
            out.push_str("</ul>\n");
            in_list = false;
        }
        if !line.starts_with('|') && in_table {
            out.push_str("</table>\n");
            in_table = false;
        }
        if let Some(h) = line.strip_prefix("#### ") {
            out.push_str(&format!("<h4 class=\"chg\">{}</h4>\n", inline(h)));
        } else if let Some(h) = line.strip_prefix("### ") {
            out.push_str(&format!("<h3>{}</h3>\n", inline(h)));
        } else if line.starts_with("## ") {
            // The page has its own title.
        } else if let Some(item) = line.strip_prefix("- ") {
            if !in_list {
                out.push_str("<ul>\n");
                in_list = true;
            }
            out.push_str(&format!("<li>{}</li>\n", inline(item)));
        } else if line.starts_with('|') {
            if line.starts_with("| ---") {
                continue;
            }
            let cells: Vec<String> = split_cells(line).iter().map(|c| inline(c)).collect();
            if !in_table {
                out.push_str("<table>\n");
                in_table = true;
                out.push_str(&format!("<tr><th>{}</th></tr>\n", cells.join("</th><th>")));
            } else {
                out.push_str(&format!("<tr><td>{}</td></tr>\n", cells.join("</td><td>")));
            }
        } else if !line.trim().is_empty() {
            out.push_str(&format!("<p>{}</p>\n", inline(line)));
        }
    }
    if in_list {
        out.push_str("</ul>\n");
    }
    if in_table {
        out.push_str("</table>\n");
    }
    out
}

/// The cells of a Markdown table row, `\|` kept inside a cell.
fn split_cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&'|') {
            cells.last_mut().expect("a cell").push('|');
            chars.next();
        } else if c == '|' {
            cells.push(String::new());
        } else {
            cells.last_mut().expect("a cell").push(c);
        }
    }
    cells.into_iter().map(|c| c.trim().to_owned()).collect()
}

/// What `--behaviour` runs: the corpus and how many examples to minimize per group.
#[derive(Debug, Clone)]
pub struct BehaviourOptions {
    pub corpus: crate::behaviour::CorpusOptions,
    pub per_group: usize,
}

/// Generate both machines into probes, run them over the corpus, and attach the result.
pub fn add_behaviour(
    root: &std::path::Path,
    a: &Machine,
    b: &Machine,
    r: &mut Report,
    opts: &BehaviourOptions,
) -> Result<(), String> {
    use crate::behaviour as bh;
    if bh::base_machine(a) != bh::base_machine(b) {
        return Err(format!("{} and {} are different machines: no behavioural diff", a.dir, b.dir));
    }
    let ((bin_a, mod_a), (bin_b, mod_b)) = (bh::build_probe(root, a)?, bh::build_probe(root, b)?);
    let corpus = bh::corpus(&bin_b, &mod_b, a, b, &opts.corpus)?;
    let mut pa = bh::start(&bin_a, &mod_a, &opts.corpus.shared)?;
    let mut pb = bh::start(&bin_b, &mod_b, &opts.corpus.shared)?;
    bh::verify(&mut pa, a)?;
    bh::verify(&mut pb, b)?;
    r.behaviour = Some(bh::compare(&mut pa, &mut pb, &corpus, &r.state_changes(a, b), opts.per_group)?);
    Ok(())
}

/// `cargo xtask spec-diff A B [--format text|md|html] [-o FILE] [--behaviour ...]`.
pub fn run_cli(
    root: &std::path::Path,
    a: &str,
    b: &str,
    format: Format,
    output: Option<&std::path::Path>,
    behaviour: Option<&BehaviourOptions>,
) -> Result<String, String> {
    let ma = crate::machines::load(root, a)?;
    let mb = crate::machines::load(root, b)?;
    let mut r = diff(&ma, &mb, a, b);
    if let Some(opts) = behaviour {
        add_behaviour(root, &ma, &mb, &mut r, opts)?;
    }
    let text = match format {
        Format::Text => render_text(&r),
        Format::Md => render_md(&r),
        Format::Html => render_html(&ma, &mb, &r),
    };
    match output {
        Some(out) => {
            std::fs::write(out, &text).map_err(|e| format!("{}: {e}", out.display()))?;
            Ok(format!("wrote {}\n", out.display()))
        }
        None => Ok(text),
    }
}
