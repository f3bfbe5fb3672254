//! Validation of a loaded machine. Every message names the file, the state and the case, so a
//! reviewer can go straight to the line of RON at fault.

use crate::lower::{case_bytes, case_label, code_point, code_points};
use crate::model::{Action, Body, Case, Chars, Guard, Machine, Matcher, StateDef, Terminal};
use std::collections::{BTreeMap, BTreeSet};

struct Ctx<'a> {
    machine: &'a Machine,
    states: BTreeSet<&'a str>,
    codes: BTreeSet<&'a str>,
    /// Some state sets a return state (else return-state terminals go nowhere).
    sets_return_state: bool,
    out: Vec<String>,
}

impl Ctx<'_> {
    fn file(&self, state: &str) -> String {
        format!("spec/{}/tokenizer/{state}.ron", self.machine.dir)
    }
    fn at(&mut self, state: &str, case: Option<(usize, &Case)>, msg: String) {
        let file = self.file(state);
        match case {
            Some((n, c)) => self.out.push(format!("{file}: state {state}, case #{n} ({}): {msg}", case_label(c))),
            None => self.out.push(format!("{file}: state {state}: {msg}")),
        }
    }
}

/// All problems found; empty means the machine is valid.
pub fn validate(machine: &Machine) -> Vec<String> {
    let mut cx = Ctx {
        machine,
        states: machine.states.iter().map(|(n, _)| n.as_str()).collect(),
        codes: machine.errors.errors.iter().map(|e| e.code.as_str()).collect(),
        sets_return_state: machine.states.iter().any(|(_, d)| {
            let mut all: Vec<&Action> = d.on_entry.iter().chain(&d.on_exit).collect();
            for (_, c, _) in d.body.numbered_cases() {
                all.extend(&c.actions);
                if let Some(b) = &c.otherwise {
                    all.extend(&b.actions);
                }
            }
            all.iter().any(|a| matches!(a, Action::SetReturnState(_)))
        }),
        out: Vec::new(),
    };
    let m = &machine.manifest;
    let manifest_file = format!("spec/{}/tokenizer.ron", machine.dir);

    // Manifest.
    let mut seen = BTreeSet::new();
    for s in &m.states {
        if !seen.insert(s.as_str()) {
            cx.out.push(format!("{manifest_file}: state {s} is listed twice"));
        }
    }
    if m.machine != machine.dir {
        cx.out.push(format!(
            "{manifest_file}: machine {:?} does not match its directory spec/{}",
            m.machine, machine.dir
        ));
    }
    // An edition's runtime module is a Rust path of snake_case segments; its feature a cargo
    // feature name (kebab-case), since the generated file is compiled behind it.
    if let Some(module) = &m.runtime_module {
        let ok = module.split("::").all(|seg| {
            seg.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
                && seg.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        });
        if !ok {
            cx.out.push(format!(
                "{manifest_file}: runtime_module {module:?} is not a path of snake_case segments (a::b)"
            ));
        }
    }
    if let Some(feature) = &m.feature
        && (feature.is_empty() || !feature.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'))
    {
        cx.out.push(format!("{manifest_file}: feature {feature:?} is not a kebab-case cargo feature name"));
    }
    // Flags: snake_case names, each once; values each once; the initial value one of them.
    let mut seen_flags = BTreeSet::new();
    for f in &m.flags {
        if !seen_flags.insert(f.name.as_str()) {
            cx.out.push(format!("{manifest_file}: flag {} is declared twice", f.name));
        }
        if f.name.is_empty() || !f.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            cx.out.push(format!("{manifest_file}: flag name {:?} is not snake_case", f.name));
        }
        let mut vals = BTreeSet::new();
        for v in &f.values {
            if !vals.insert(v.to_ascii_lowercase()) || v.is_empty() || !v.bytes().all(|b| b.is_ascii_alphanumeric()) {
                cx.out.push(format!("{manifest_file}: flag {} value {v:?} is repeated or not alphanumeric", f.name));
            }
        }
        if !f.values.contains(&f.initial) {
            cx.out.push(format!(
                "{manifest_file}: flag {} starts as {:?}, which is not one of its values",
                f.name, f.initial
            ));
        }
    }
    let mut end_tag_used = BTreeSet::new();
    for a in &m.on_end_tag_emitted {
        match a {
            Action::SetFlag(flag, value) => {
                if let Some(msg) = flag_problem(machine, flag, std::slice::from_ref(value)) {
                    cx.out.push(format!("{manifest_file}: on_end_tag_emitted: SetFlag: {msg}"));
                }
            }
            Action::Error(code) => {
                end_tag_used.insert(code.clone());
                if !cx.codes.contains(code.as_str()) {
                    cx.out.push(format!("{manifest_file}: on_end_tag_emitted: error code {code} is not declared"));
                }
            }
            _ => {}
        }
    }
    if uses_current(&m.on_end_tag_emitted) {
        cx.out.push(format!("{manifest_file}: on_end_tag_emitted uses the current input character"));
    }
    let mut seen_ext = BTreeSet::new();
    for s in &m.external_states {
        if !seen_ext.insert(s.as_str()) {
            cx.out.push(format!("{manifest_file}: external state {s} is listed twice"));
        }
    }
    for s in std::iter::once(&m.initial_state).chain(&m.external_states) {
        if !cx.states.contains(s.as_str()) {
            cx.out.push(format!("{manifest_file}: {s} is not a state of this machine"));
        }
    }
    let mut seen_codes = BTreeSet::new();
    for e in &machine.errors.errors {
        if !seen_codes.insert(e.code.as_str()) {
            cx.out.push(format!("spec/{}/errors.ron: code {} is declared twice", machine.dir, e.code));
        }
        if e.code.is_empty() || !e.code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            cx.out.push(format!("spec/{}/errors.ron: code {:?} is not kebab-case", machine.dir, e.code));
        }
    }

    let mut used_codes: BTreeSet<String> = end_tag_used;
    let mut edges: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (name, def) in &machine.states {
        let e = edges.entry(name.as_str()).or_default();
        state_edges(def, e);
        check_state(&mut cx, name, def, &mut used_codes);
    }

    // Error codes: declared when used, used when declared (or raised by the runtime).
    for e in &machine.errors.errors {
        if !used_codes.contains(&e.code) && e.raised_by.is_none() {
            cx.out.push(format!(
                "spec/{}/errors.ron: code {} is declared but no state uses it and no raised_by says who raises it",
                machine.dir, e.code
            ));
        }
    }

    // Reachability from the initial and external states.
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let mut todo: Vec<String> =
        std::iter::once(m.initial_state.clone()).chain(m.external_states.iter().cloned()).collect();
    while let Some(s) = todo.pop() {
        if reached.insert(s.clone())
            && let Some(next) = edges.get(s.as_str())
        {
            todo.extend(next.iter().cloned());
        }
    }
    for (name, _) in &machine.states {
        if !reached.contains(name) {
            cx.at(name, None, "unreachable from the initial and external states".into());
        }
    }
    cx.out
}

fn action_states(a: &Action, out: &mut BTreeSet<String>) {
    if let Action::SetReturnState(s) = a {
        out.insert(s.clone());
    }
}

fn terminal_states(t: &Terminal, out: &mut BTreeSet<String>) {
    if let Terminal::Switch(s) | Terminal::Reconsume(s) = t {
        out.insert(s.clone());
    }
}

fn state_edges(def: &StateDef, out: &mut BTreeSet<String>) {
    for a in def.on_entry.iter().chain(&def.on_exit) {
        action_states(a, out);
    }
    match &def.body {
        Body::HandWritten { goes_to, .. } => out.extend(goes_to.iter().cloned()),
        body => {
            for (_, c, _) in body.numbered_cases() {
                c.actions.iter().for_each(|a| action_states(a, out));
                terminal_states(&c.then, out);
                if let Some(b) = &c.otherwise {
                    b.actions.iter().for_each(|a| action_states(a, out));
                    terminal_states(&b.then, out);
                }
            }
        }
    }
}

fn uses_current(actions: &[Action]) -> bool {
    actions.iter().any(|a| {
        matches!(a.chars(), Some(Chars::Current | Chars::CurrentLowercase | Chars::CurrentUppercase))
            || matches!(a, Action::AppendOrEmitCurrentAsCharRef | Action::AccumulateCharRefCode { .. })
    })
}

/// `place` says where in the state the actions stand (`on_entry: `, `else: `, or nothing).
fn check_actions(
    cx: &mut Ctx,
    state: &str,
    case: Option<(usize, &Case)>,
    place: &str,
    actions: &[Action],
    used: &mut BTreeSet<String>,
) {
    for a in actions {
        if let Some(Chars::CodePoints(s)) = a.chars()
            && code_points(s).is_none_or(|t| t.is_empty())
        {
            cx.at(state, case, format!("{place}{s:?} is not a list of U+XXXX code points"));
        }
        if let Some(variant) = interpreter_only(a) {
            cx.at(
                state,
                case,
                format!(
                    "{place}{variant} is read by the table interpreter only (the 2006-2007 texts of the history): \
                     the generator has no runtime method for it"
                ),
            );
        }
        match a {
            Action::Error(code) => {
                used.insert(code.clone());
                if !cx.codes.contains(code.as_str()) {
                    cx.at(state, case, format!("{place}error code {code} is not declared in errors.ron"));
                }
            }
            Action::SetReturnState(s) if !cx.states.contains(s.as_str()) => {
                cx.at(state, case, format!("{place}return state {s} does not exist"));
            }
            Action::AccumulateCharRefCode { radix, .. } if *radix != 10 && *radix != 16 => {
                cx.at(state, case, format!("{place}radix {radix} is neither 10 nor 16"));
            }
            Action::SetFlag(flag, value) => {
                if let Some(msg) = flag_problem(cx.machine, flag, std::slice::from_ref(value)) {
                    cx.at(state, case, format!("{place}SetFlag: {msg}"));
                }
            }
            _ => {}
        }
    }
}

/// The schema's name of a verb or text argument that only the table interpreter (`xtask`) runs:
/// the old texts' wording the history imports and no compiled machine has (the runtime has no
/// method for it, so a machine that used it could not be generated).
pub fn interpreter_only(a: &Action) -> Option<&'static str> {
    match a {
        Action::MarkDoctypeCorrectIfNamed(_) => Some("MarkDoctypeCorrectIfNamed"),
        Action::ReparseSinceFlagSet(_) => Some("ReparseSinceFlagSet"),
        _ if a.chars() == Some(&Chars::CurrentUppercase) => Some("CurrentUppercase"),
        _ => None,
    }
}

/// Why `flag` with `values` is not a flag and values the manifest declares, if it is not.
fn flag_problem(machine: &Machine, flag: &str, values: &[String]) -> Option<String> {
    let Some(decl) = machine.manifest.flags.iter().find(|f| f.name == flag) else {
        return Some(format!("flag {flag} is not declared in the manifest's flags"));
    };
    if values.is_empty() {
        return Some(format!("flag {flag}: no value to test"));
    }
    let unknown: Vec<&String> = values.iter().filter(|v| !decl.values.contains(v)).collect();
    (!unknown.is_empty()).then(|| format!("flag {flag} has no value {unknown:?}"))
}

/// A guard's own rules: flags and values declared, combinators not empty, look-behind and
/// follow sets ASCII. `may_look` says whether the guard stands where a guard that looks ahead
/// can be read before anything changes (a case with `else`, or a state-level branch).
fn check_guard(cx: &mut Ctx, state: &str, case: Option<(usize, &Case)>, g: &Guard, may_look: bool) {
    for g in g.walk() {
        match g {
            Guard::Flag(flag, values) => {
                if let Some(msg) = flag_problem(cx.machine, flag, values) {
                    cx.at(state, case, format!("guard: {msg}"));
                }
            }
            Guard::All(gs) | Guard::Any(gs) if gs.is_empty() => {
                cx.at(state, case, "guard: All/Any of nothing".into());
            }
            // The runtime keeps 7 bytes before the current character across chunk boundaries.
            Guard::LastCharactersAre(s) if s.is_empty() || s.len() > 8 || !s.is_ascii() || s.contains(['\r', '\n']) => {
                cx.at(
                    state,
                    case,
                    format!("guard: LastCharactersAre {s:?} must be 1 to 8 ASCII characters without CR/LF"),
                );
            }
            Guard::NextCharactersAreLastStartTagFollowedBy(follow) => {
                for m in follow {
                    let ok = match m {
                        Matcher::Eof => true,
                        Matcher::Char(c) => code_point(c).is_some_and(|c| c < 0x80),
                        _ => false,
                    };
                    if !ok {
                        cx.at(state, case, format!("guard: the follow set names ASCII Chars and Eof only, not {m:?}"));
                    }
                }
            }
            _ => {}
        }
        if g.may_suspend() && !may_look {
            cx.at(
                state,
                case,
                format!(
                    "guard: {} looks ahead; it may stand only on a case with `else` or on a Branch",
                    crate::emit::guard_method(g)
                ),
            );
        }
    }
}

fn check_terminal(
    cx: &mut Ctx,
    state: &str,
    case: (usize, &Case),
    place: &str,
    t: &Terminal,
    lookahead_body: bool,
    has_anything: bool,
) {
    if matches!(t, Terminal::SwitchToReturnState | Terminal::ReconsumeInReturnState) && !cx.sets_return_state {
        cx.at(state, Some(case), format!("{place}goes to the return state, but no state sets one"));
    }
    match t {
        Terminal::Switch(s) | Terminal::Reconsume(s) if !cx.states.contains(s.as_str()) => {
            cx.at(state, Some(case), format!("{place}target state {s} does not exist"));
        }
        Terminal::Stay if lookahead_body => {
            cx.at(state, Some(case), "Stay in a Lookahead state would never consume anything".into());
        }
        Terminal::Reconsume(_) | Terminal::ReconsumeInReturnState if lookahead_body => {
            cx.at(state, Some(case), "a Lookahead state has no current character to reconsume; use Switch".into());
        }
        Terminal::AsAnythingElse if !has_anything => {
            cx.at(state, Some(case), "AsAnythingElse but the state has no AnythingElse case".into());
        }
        _ => {}
    }
}

fn check_state(cx: &mut Ctx, name: &str, def: &StateDef, used: &mut BTreeSet<String>) {
    if def.id.is_empty() || def.id.contains(' ') {
        cx.at(name, None, format!("anchor id {:?} is empty or has spaces", def.id));
    }
    if crate::names::snake(&def.heading) != name {
        cx.at(name, None, format!("heading {:?} does not give the file name {name}", def.heading));
    }
    check_actions(cx, name, None, "on_entry: ", &def.on_entry, used);
    check_actions(cx, name, None, "on_exit: ", &def.on_exit, used);
    if uses_current(&def.on_entry) {
        cx.at(name, None, "on_entry: uses the current input character, but nothing has been consumed on entry".into());
    }
    for (i, ex) in def.examples.iter().enumerate() {
        if let Some(v) = &ex.content_model_flag
            && let Some(msg) = flag_problem(cx.machine, "content_model", std::slice::from_ref(v))
        {
            cx.at(name, None, format!("example {}: content_model_flag: {msg}", i + 1));
        }
        if let Some(s) = &ex.initial_state
            && !cx.machine.manifest.external_states.contains(s)
        {
            cx.at(name, None, format!("example {}: initial_state {s} is not an external state", i + 1));
        }
    }
    if def.examples.len() < 2 {
        cx.at(name, None, format!("has {} example(s); each state needs at least two", def.examples.len()));
    }
    let (cases, lookahead_body) = match &def.body {
        Body::HandWritten { goes_to, raises, notes } => {
            if notes.trim().is_empty() {
                cx.at(name, None, "a HandWritten state must say why in notes".into());
            }
            for s in goes_to {
                if !cx.states.contains(s.as_str()) {
                    cx.at(name, None, format!("goes_to state {s} does not exist"));
                }
            }
            for code in raises {
                used.insert(code.clone());
                if !cx.codes.contains(code.as_str()) {
                    cx.at(name, None, format!("raises {code}, which is not declared in errors.ron"));
                }
            }
            return;
        }
        Body::ConsumeNext(c) => (c, false),
        Body::Lookahead(c) => (c, true),
        Body::Branch(branches) => {
            if branches.is_empty() {
                cx.at(name, None, "a Branch body has no branches".into());
            }
            let mut first = 0;
            for (i, b) in branches.iter().enumerate() {
                let last = i + 1 == branches.len();
                match (&b.guard, last) {
                    (None, false) => cx.at(name, None, format!("branch {}: only the last branch has no `if`", i + 1)),
                    (Some(_), true) => {
                        cx.at(name, None, format!("branch {}: the last branch is \"otherwise\": no `if`", i + 1))
                    }
                    (Some(g), false) => check_guard(cx, name, None, g, true),
                    (None, true) => {}
                }
                match &b.body {
                    Body::ConsumeNext(c) => {
                        check_cases(cx, name, c, false, first, used);
                        first += c.len();
                    }
                    Body::Lookahead(c) => {
                        check_cases(cx, name, c, true, first, used);
                        first += c.len();
                    }
                    _ => cx.at(name, None, format!("branch {}: a branch's body is ConsumeNext or Lookahead", i + 1)),
                }
            }
            return;
        }
    };
    check_cases(cx, name, cases, lookahead_body, 0, used);
}

/// The cases of one `ConsumeNext` or `Lookahead` body, numbered from `first + 1`.
fn check_cases(
    cx: &mut Ctx,
    name: &str,
    cases: &[Case],
    lookahead_body: bool,
    first: usize,
    used: &mut BTreeSet<String>,
) {
    if cases.is_empty() {
        cx.at(name, None, "has no cases".into());
        return;
    }
    let anything_idx: Vec<usize> =
        cases.iter().enumerate().filter(|(_, c)| c.on.contains(&Matcher::AnythingElse)).map(|(i, _)| i).collect();
    let has_anything = !anything_idx.is_empty();
    if anything_idx.len() > 1 {
        let list: Vec<String> = anything_idx.iter().map(|i| format!("#{}", first + i + 1)).collect();
        cx.at(name, None, format!("more than one AnythingElse case ({})", list.join(", ")));
    }
    let eof_idx: Vec<usize> =
        cases.iter().enumerate().filter(|(_, c)| c.on.contains(&Matcher::Eof)).map(|(i, _)| first + i + 1).collect();
    if eof_idx.len() > 1 {
        let list: Vec<String> = eof_idx.iter().map(|i| format!("#{i}")).collect();
        cx.at(name, None, format!("EOF is matched by more than one case ({})", list.join(", ")));
    }
    if let Some(&i) = anything_idx.first() {
        if i != cases.len() - 1 {
            cx.at(name, Some((first + i + 1, &cases[i])), "AnythingElse must be the last case".into());
        }
        if cases[i].on.len() != 1 {
            cx.at(name, Some((first + i + 1, &cases[i])), "AnythingElse stands alone in its case".into());
        }
    }
    let has_eof = cases.iter().any(|c| c.on.contains(&Matcher::Eof));
    if lookahead_body && !has_anything {
        cx.at(name, None, "a Lookahead state needs an AnythingElse case".into());
    }
    if !lookahead_body && !has_eof && !has_anything {
        cx.at(name, None, "EOF is not handled: no Eof case and no AnythingElse".into());
    } else if !lookahead_body && !has_anything {
        cx.at(name, None, "no AnythingElse case: non-ASCII characters would be unhandled".into());
    }
    let mut owner: BTreeMap<u8, usize> = BTreeMap::new();
    let mut lookaheads: BTreeSet<String> = BTreeSet::new();
    for (i, case) in cases.iter().enumerate() {
        let n = first + i + 1;
        if case.on.is_empty() {
            cx.at(name, Some((n, case)), "matches nothing".into());
        }
        for m in &case.on {
            match m {
                Matcher::Class(_) | Matcher::Char(_) | Matcher::Eof if lookahead_body => {
                    cx.at(name, Some((n, case)), "a Lookahead state matches strings (Exact, CaseInsensitive) or AnythingElse, not characters or EOF".into());
                }
                Matcher::Char(s) => match code_point(s) {
                    None => cx.at(name, Some((n, case)), format!("{s:?} does not start with U+XXXX")),
                    Some(cp) if cp >= 0x80 => {
                        cx.at(name, Some((n, case)), format!("{s:?}: only ASCII code points can be matched"))
                    }
                    _ => {}
                },
                Matcher::Exact(s) | Matcher::CaseInsensitive(s) => {
                    if s.is_empty() || !s.is_ascii() || s.contains(['\r', '\n']) {
                        cx.at(name, Some((n, case)), format!("lookahead {s:?} must be non-empty ASCII without CR/LF"));
                    }
                    if !lookaheads.insert(s.to_ascii_lowercase()) {
                        cx.at(name, Some((n, case)), format!("lookahead {s:?} overlaps an earlier case"));
                    }
                    if case.on.len() != 1 {
                        cx.at(name, Some((n, case)), "a lookahead matcher stands alone in its case".into());
                    }
                }
                _ => {}
            }
        }
        // Code points named one by one must be disjoint; a class may overlap earlier cases (the
        // spec's bullets read top-down, e.g. "ASCII upper hex digit" after "ASCII digit"), but a
        // case whose every byte is taken earlier can never match.
        let named: Vec<u8> = case
            .on
            .iter()
            .filter_map(|m| match m {
                Matcher::Char(s) => code_point(s).filter(|&c| c < 0x80).map(|c| c as u8),
                _ => None,
            })
            .collect();
        for b in &named {
            if let Some(&prev) = owner.get(b) {
                cx.at(name, Some((n, case)), format!("overlaps case #{prev} on {:?}", *b as char));
            }
        }
        let bytes = case_bytes(case);
        let free: Vec<u8> = bytes.iter().copied().filter(|b| !owner.contains_key(b)).collect();
        if !bytes.is_empty() && free.is_empty() && !case.on.iter().any(|m| matches!(m, Matcher::Eof)) {
            cx.at(name, Some((n, case)), "every character it matches is taken by earlier cases".into());
        }
        for b in free {
            owner.insert(b, n);
        }
        if case.on.contains(&Matcher::Eof) && uses_current(&case.actions) {
            cx.at(name, Some((n, case)), "uses the current input character on EOF".into());
        }
        if case.on.contains(&Matcher::AnythingElse) && !has_eof && !lookahead_body && uses_current(&case.actions) {
            cx.at(name, Some((n, case)), "covers EOF (no Eof case) but uses the current input character".into());
        }
        if case.otherwise.is_some() && case.guard.is_none() {
            cx.at(name, Some((n, case)), "has `else` without `if`".into());
        }
        if case.guard.is_some() && case.on.contains(&Matcher::AnythingElse) {
            cx.at(name, Some((n, case)), "AnythingElse cannot have a guard: nothing is left to fall through to".into());
        }
        if case.guard.is_some() && case.otherwise.is_none() && !has_anything {
            cx.at(name, Some((n, case)), "a failed guard falls through to AnythingElse, which this state lacks".into());
        }
        if case.then == Terminal::AsAnythingElse && case.on.contains(&Matcher::AnythingElse) {
            cx.at(name, Some((n, case)), "AnythingElse cannot defer to itself".into());
        }
        check_actions(cx, name, Some((n, case)), "", &case.actions, used);
        if let Some(g) = &case.guard {
            // A guard that looks ahead is read before the case changes anything; only an arm
            // with `else` of a ConsumeNext body, on a single character, has the place for it.
            let may_look = case.otherwise.is_some()
                && !lookahead_body
                && !case.on.iter().any(|m| matches!(m, Matcher::Exact(_) | Matcher::CaseInsensitive(_)));
            check_guard(cx, name, Some((n, case)), g, may_look);
        }
        check_terminal(cx, name, (n, case), "", &case.then, lookahead_body, has_anything);
        if let Some(b) = &case.otherwise {
            check_actions(cx, name, Some((n, case)), "else: ", &b.actions, used);
            check_terminal(cx, name, (n, case), "else: ", &b.then, lookahead_body, has_anything);
            if b.actions.iter().any(|a| {
                a.chars()
                    .is_some_and(|c| matches!(c, Chars::Current | Chars::CurrentLowercase | Chars::CurrentUppercase))
            }) && case.on.contains(&Matcher::Eof)
            {
                cx.at(name, Some((n, case)), "else: uses the current input character on EOF".into());
            }
        }
    }
    let lookahead_firsts: Vec<(usize, u8, bool)> = cases
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c.on.first() {
            Some(Matcher::Exact(s)) if !lookahead_body => s.bytes().next().map(|b| (first + i + 1, b, false)),
            Some(Matcher::CaseInsensitive(s)) if !lookahead_body => s.bytes().next().map(|b| (first + i + 1, b, true)),
            _ => None,
        })
        .collect();
    for (n, b, ci) in lookahead_firsts {
        let mut firsts = if ci { vec![b.to_ascii_lowercase(), b.to_ascii_uppercase()] } else { vec![b] };
        firsts.dedup();
        for bb in firsts {
            if let Some(&prev) = owner.get(&bb) {
                cx.at(
                    name,
                    Some((n, &cases[n - first - 1])),
                    format!("lookahead starts with {:?}, which case #{prev} already matches", bb as char),
                );
            }
        }
    }
}
