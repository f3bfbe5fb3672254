//! Lowering: what the tables imply. Code points become bytes, classes become byte sets,
//! "treat as anything else" is resolved, exit actions are attached to the cases that leave, and
//! the states whose "anything else" only appends or emits the current character get a bulk scan
//! with its stop set; `fuse.rs` then derives the fused path through whole tokens. The lowered
//! states' shape is `lowered.rs`'s, which both read.

use crate::fuse::{self, Fusion};
use crate::lowered::{LArm, LBody, LBranch, LState, Scan};
use crate::model::{Action, Body, Branch, Case, Chars, Machine, Matcher, StateDef, Terminal};
use crate::names::camel;

/// A machine ready to emit.
#[derive(Debug, Clone)]
pub struct Lowered {
    pub states: Vec<LState>,
    /// The fused fast path through whole tokens, where the tables have one (`fuse.rs`).
    pub fusion: Option<Fusion>,
}

/// Parse the `U+XXXX` prefix of a `Char` matcher.
pub fn code_point(text: &str) -> Option<u32> {
    let hex = text.strip_prefix("U+")?;
    let hex: String = hex.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
    if hex.len() < 4 {
        return None;
    }
    u32::from_str_radix(&hex, 16).ok()
}

/// Parse `"U+002D U+0021"` into a string.
pub fn code_points(text: &str) -> Option<String> {
    text.split_whitespace().map(|t| code_point(t).and_then(char::from_u32)).collect()
}

/// The label of a case: its matchers as the spec writes them.
pub fn case_label(case: &Case) -> String {
    case.on.iter().map(matcher_label).collect::<Vec<_>>().join(", ")
}

pub fn matcher_label(m: &Matcher) -> String {
    match m {
        Matcher::Char(s) => s.clone(),
        Matcher::Class(c) => c.label().to_owned(),
        Matcher::Eof => "EOF".into(),
        Matcher::AnythingElse => "Anything else".into(),
        Matcher::Exact(s) => format!("{s:?}"),
        Matcher::CaseInsensitive(s) => format!("ASCII case-insensitive match for {s:?}"),
    }
}

/// Bytes named by a case's single-character matchers, before earlier cases take theirs.
pub fn case_bytes(case: &Case) -> Vec<u8> {
    let mut bytes = Vec::new();
    for m in &case.on {
        match m {
            Matcher::Char(s) => {
                if let Some(cp) = code_point(s).filter(|&c| c < 0x80) {
                    bytes.push(cp as u8);
                }
            }
            Matcher::Class(c) => bytes.extend(c.bytes()),
            _ => {}
        }
    }
    bytes.sort_unstable();
    bytes.dedup();
    bytes
}

fn is_anything_else(case: &Case) -> bool {
    case.on.contains(&Matcher::AnythingElse)
}

fn leaves(t: &Terminal, me: &str) -> bool {
    match t {
        Terminal::Switch(s) | Terminal::Reconsume(s) => s != me,
        Terminal::Stay | Terminal::AsAnythingElse => false,
        Terminal::SwitchToReturnState | Terminal::ReconsumeInReturnState | Terminal::EmitEof => true,
    }
}

fn branch(name: &str, def: &StateDef, actions: &[Action], terminal: &Terminal, anything: Option<&Case>) -> LBranch {
    let mut acts = Vec::new();
    let mut term = terminal.clone();
    let mut own: Vec<Action> = actions.to_vec();
    if term == Terminal::AsAnythingElse
        && let Some(a) = anything
    {
        own.extend(a.actions.iter().cloned());
        term = a.then.clone();
    }
    if leaves(&term, name) {
        // The exit actions run as the case leaves, after its own steps but before it emits the
        // tag ("When the user agent leaves the attribute name state (and before emitting the
        // tag token, if appropriate)": the 2008 draft's EOF case, "Parse error. Emit the
        // current tag token.", reports the EOF error before the duplicate attribute).
        let at = own.iter().position(|a| matches!(a, Action::EmitTag)).unwrap_or(own.len());
        own.splice(at..at, def.on_exit.iter().cloned());
    }
    acts.extend(own);
    LBranch { actions: acts, terminal: term }
}

fn lower_case(name: &str, def: &StateDef, number: usize, case: &Case, anything: Option<(usize, &Case)>) -> LArm {
    let anything_number = anything.map_or(number, |(n, _)| n);
    let anything = anything.map(|(_, c)| c);
    let lookahead = case.on.iter().find_map(|m| match m {
        Matcher::Exact(s) => Some((s.clone(), false)),
        Matcher::CaseInsensitive(s) => Some((s.clone(), true)),
        _ => None,
    });
    let then = branch(name, def, &case.actions, &case.then, anything);
    let otherwise = match (&case.guard, &case.otherwise) {
        (Some(_), Some(Branch { actions, then })) => Some(branch(name, def, actions, then, anything)),
        (Some(_), None) => anything.map(|a| branch(name, def, &a.actions, &a.then, None)),
        _ => None,
    };
    LArm {
        number,
        label: case_label(case),
        bytes: case_bytes(case),
        eof: case.on.contains(&Matcher::Eof),
        lookahead,
        guard: case.guard.clone(),
        then,
        otherwise_number: if case.otherwise.is_some() { number } else { anything_number },
        otherwise,
    }
}

/// Whether an arm only starts a character reference that comes back to this state: no guard, no
/// lookahead, no verb but setting the return state (to this state) and XML5's additional allowed
/// character, then a switch to a character reference state (the spec's "character reference
/// state", the older drafts' "character reference in data/attribute value state" and "entity
/// ... state"). Such a byte may be scanned as text when nobody reads what the reference
/// produces (`Scan::quiet_stop`).
fn char_ref_entry(name: &str, arm: &LArm) -> bool {
    let Terminal::Switch(target) = &arm.then.terminal else { return false };
    arm.guard.is_none()
        && arm.lookahead.is_none()
        && !arm.eof
        && (target.contains("character_reference") || target.starts_with("entity_"))
        && arm.then.actions.iter().all(|a| match a {
            Action::SetReturnState(s) => s == name,
            Action::SetAdditionalAllowedCharacter(_) => true,
            _ => false,
        })
}

/// The verb of a scan-able "anything else": one append/emit of the current character, then stay.
fn scan_verb(case: &Case) -> Option<Action> {
    if case.guard.is_some() || case.then != Terminal::Stay || case.actions.len() != 1 {
        return None;
    }
    match &case.actions[0] {
        a @ (Action::EmitChars(Chars::Current)
        | Action::AppendToTagName(Chars::Current)
        | Action::AppendToAttributeName(Chars::Current)
        | Action::AppendToAttributeValue(Chars::Current)
        | Action::AppendToComment(Chars::Current)
        | Action::AppendToDoctypeName(Chars::Current)
        | Action::AppendToPublicId(Chars::Current)
        | Action::AppendToSystemId(Chars::Current)
        | Action::AppendToPiTarget(Chars::Current)
        | Action::AppendToPiData(Chars::Current)) => Some(a.clone()),
        _ => None,
    }
}

pub fn lower(machine: &Machine) -> Lowered {
    let states: Vec<LState> = machine.states.iter().map(|(name, def)| lower_state(name, def)).collect();
    let fusion = fuse::derive(&states);
    Lowered { states, fusion }
}

pub fn lower_state(name: &str, def: &StateDef) -> LState {
    let (body, scan) = lower_body(name, def, &def.body, 0);
    LState { name: name.to_owned(), variant: camel(name), id: def.id.clone(), heading: def.heading.clone(), body, scan }
}

/// Lower one body; its cases are numbered from `first + 1` (a `Branch` body's later branches
/// continue the numbering of the earlier ones). The derived scan is for a whole-state
/// `ConsumeNext` only: a branch's body runs after its guard, so it gets none.
fn lower_body(name: &str, def: &StateDef, body: &Body, first: usize) -> (LBody, Option<Scan>) {
    let mut scan = None;
    let body = match body {
        Body::HandWritten { .. } => LBody::HandWritten,
        Body::Branch(branches) => {
            let mut out = Vec::new();
            let mut n = first;
            for b in branches {
                let (lb, _) = lower_body(name, def, &b.body, n);
                n += match &b.body {
                    Body::ConsumeNext(cs) | Body::Lookahead(cs) => cs.len(),
                    _ => 0,
                };
                out.push((b.guard.clone(), lb));
            }
            LBody::Branch { branches: out }
        }
        Body::ConsumeNext(cases) => {
            let anything = cases.iter().enumerate().find(|(_, c)| is_anything_else(c)).map(|(i, c)| (first + i + 1, c));
            let mut arms = Vec::new();
            let mut lookaheads = Vec::new();
            let mut anything_else = None;
            // The spec reads its bullets top-down: a class that overlaps an earlier case (ASCII
            // upper hex digit includes the digits) keeps only the bytes still free.
            let mut claimed = [false; 256];
            for (i, case) in cases.iter().enumerate() {
                let mut arm = lower_case(name, def, first + i + 1, case, anything);
                arm.bytes.retain(|&b| !claimed[b as usize]);
                arm.bytes.iter().for_each(|&b| claimed[b as usize] = true);
                if is_anything_else(case) {
                    anything_else = Some(arm);
                } else if arm.lookahead.is_some() {
                    lookaheads.push(arm);
                } else {
                    arms.push(arm);
                }
            }
            if first == 0
                && matches!(def.body, Body::ConsumeNext(_))
                && let Some(verb) = anything.and_then(|(_, c)| scan_verb(c))
            {
                let mut stop: Vec<u8> = vec![0x00, b'\r'];
                for a in arms.iter() {
                    stop.extend(&a.bytes);
                }
                for a in lookaheads.iter() {
                    if let Some((s, ci)) = &a.lookahead {
                        let b = s.as_bytes()[0];
                        stop.push(b);
                        if *ci {
                            stop.push(b.to_ascii_lowercase());
                            stop.push(b.to_ascii_uppercase());
                        }
                    }
                }
                stop.sort_unstable();
                stop.dedup();
                let refs: Vec<u8> =
                    arms.iter().filter(|a| char_ref_entry(name, a)).flat_map(|a| a.bytes.iter().copied()).collect();
                let quiet =
                    matches!(verb, Action::EmitChars(_) | Action::AppendToAttributeValue(_)) && !refs.is_empty();
                let quiet_stop = quiet.then(|| stop.iter().copied().filter(|b| !refs.contains(b)).collect());
                scan = Some(Scan { verb, stop, quiet_stop });
            }
            LBody::Consume { arms, lookaheads, anything_else }
        }
        Body::Lookahead(cases) => {
            let anything = cases.iter().enumerate().find(|(_, c)| is_anything_else(c)).map(|(i, c)| (first + i + 1, c));
            let mut arms = Vec::new();
            let mut anything_else = None;
            for (i, case) in cases.iter().enumerate() {
                let arm = lower_case(name, def, first + i + 1, case, anything);
                if is_anything_else(case) {
                    anything_else = Some(arm);
                } else {
                    arms.push(arm);
                }
            }
            // Validation guarantees a Lookahead body has an anything-else case.
            let anything_else = anything_else.unwrap_or_else(|| LArm {
                number: 0,
                label: "Anything else".into(),
                bytes: vec![],
                eof: false,
                lookahead: None,
                guard: None,
                then: LBranch { actions: vec![], terminal: Terminal::Stay },
                otherwise: None,
                otherwise_number: 0,
            });
            LBody::Lookahead { arms, anything_else }
        }
    };
    (body, scan)
}
