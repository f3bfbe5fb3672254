//! Fusion: the fast path for a whole token, derived from the lowered tables. Where a state with a
//! bulk scan ("a run of class X") leaves on a byte Y for another state (the data state's `<`),
//! the states that follow can usually run one after another on plain bytes with nothing to
//! report until the token is emitted (`<name attr="value" attr2='v'>`). Each of those steps costs
//! a return to the driver, a dispatch on the state and a general `consume`; the fused path runs
//! them in one loop with the state in a local, and gives control back to the exact state
//! function at the first byte outside that common path.
//!
//! The derivation only chooses which arms the fused path takes; the code it runs for an arm is the
//! arm's own (same verbs, same order, same trace report), so tokens, spans, errors and the traced
//! `(state, case)` path are those of the state functions by construction. What it takes:
//!
//! - **links**: cases with no guard and no parse error, whose verbs build text or tokens (the
//!   core's verbs and the duplicate-attribute check, which reports through the same method at the
//!   same input position), that switch to, reconsume in or stay in a state, on plain bytes (ASCII
//!   that `consume` returns as itself with nothing to normalize or report: tab, LF, FF and
//!   U+0020..U+007E). A case that does character-reference work (sets the return state) is off
//!   the common path. In a state with a bulk scan, a case that stays is off the path too: the
//!   scan is the run, and the path goes on only with the byte that leaves (this is where
//!   uppercase letters and U+0000 fall back). A state whose "anything else" tries lookaheads
//!   first takes no "anything else" link.
//! - **final links**: links that emit a token (or lead out of the fused states): the fused path
//!   runs the case exactly as the state function does and returns; after a token, when the state
//!   is still the one the case switched to (no tree builder asked for another) and the driver
//!   lets it (its `run` loop, where nothing happens between steps; the iterator while its queue
//!   has room and not past a start tag), it goes on in that state instead, so a run of text and
//!   tags costs one call.
//! - **entries**: the cases of scanning states that leave on a link (the run of class X, then
//!   byte Y); the state function runs such a case and then continues in the fused path.
//! - **fused states**: the states reachable from the entries through links, kept only where a
//!   link path from them reaches an emitting case (so the fused path ends with a token, not with
//!   states that only ever fall back), and the scanning states the entries are in (the data
//!   state: where a token's final link goes back to).
//!
//! Everything else (EOF, the end of a chunk, U+0000, CR, non-ASCII outside a scan, `&`, an error,
//! a guard) leaves the fused path with the state set and nothing consumed, and the exact state
//! function reads that byte as it always does.

use crate::lowered::{LArm, LBody, LState};
use crate::model::{Action, Terminal};
use std::collections::{BTreeMap, BTreeSet};

/// Bytes the fused path may take without `consume`: ASCII that `consume` returns as itself and
/// advances by one, with no newline normalization (CR) and nothing input preprocessing reports
/// (other controls, DEL). U+0000 is left to the state functions (its cases are parse errors).
pub fn plain(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | 0x20..=0x7E)
}

/// What a link leads to inside the fused path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Go on in this fused state (switch, reconsume or stay).
    Continue(String),
    /// Run the case as the state function does and return: it leads to a state outside the
    /// fused path.
    Exit,
    /// Run the case as the state function does (it emits a token and switches to this fused
    /// state); go on in that state if it is still the state and the driver lets it (`run`, or
    /// the iterator's budget), else return.
    Emit(String),
}

/// One case the fused path takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The case number, as the tables and the trace number it.
    pub case: usize,
    /// The plain bytes it is taken on (for "anything else": the plain bytes no other case names).
    pub bytes: Vec<u8>,
    pub next: Next,
}

/// One state of the fused path and the cases it takes there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FusedState {
    pub name: String,
    pub links: Vec<Link>,
}

/// A case of a state function that continues in the fused path after its own verbs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub state: String,
    pub case: usize,
    /// The fused state it continues in.
    pub target: String,
}

/// The derived fused path of a machine (none when the tables have no such chain).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fusion {
    /// In spec order.
    pub states: Vec<FusedState>,
    pub entries: Vec<Entry>,
}

impl Fusion {
    /// The fused state a case of a state function enters, if it is an entry.
    pub fn entry(&self, state: &str, case: usize) -> Option<&str> {
        self.entries.iter().find(|e| e.state == state && e.case == case).map(|e| e.target.as_str())
    }

    /// The states the fused path comes back to after a token: the targets of the emitting
    /// links (the data state). Their scans run over the text between tokens.
    pub fn homes(&self) -> BTreeSet<&str> {
        self.states
            .iter()
            .flat_map(|s| &s.links)
            .filter_map(|l| match &l.next {
                Next::Emit(t) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// Why a case can be a link: its verbs are text and token building, or the duplicate check.
fn link_actions(actions: &[Action]) -> bool {
    !actions.iter().any(|a| {
        matches!(
            a,
            Action::Error(_)
                | Action::SetReturnState(_)
                | Action::FlushCharRef
                | Action::AppendOrEmitCurrentAsCharRef
                | Action::SetAdditionalAllowedCharacter(_)
        )
    })
}

fn emits(actions: &[Action]) -> bool {
    actions.iter().any(|a| {
        matches!(
            a,
            Action::EmitTag | Action::EmitShortEndTag | Action::EmitComment | Action::EmitDoctype | Action::EmitPi
        )
    })
}

/// A candidate link before the fused states are known: the case, its bytes, where it goes
/// (`None`: it emits).
struct Candidate {
    case: usize,
    bytes: Vec<u8>,
    target: Option<String>,
    /// For an emitting case that switches: the state it switches to.
    emits_into: Option<String>,
}

/// The candidate links of one state.
fn candidates(st: &LState) -> Vec<Candidate> {
    let LBody::Consume { arms, lookaheads, anything_else } = &st.body else { return Vec::new() };
    let scanning = st.scan.is_some();
    let claimed: BTreeSet<u8> = arms.iter().flat_map(|a| a.bytes.iter().copied()).collect();
    let mut out = Vec::new();
    let mut take = |arm: &LArm, bytes: Vec<u8>| {
        if arm.guard.is_some() || bytes.is_empty() || !link_actions(&arm.then.actions) {
            return;
        }
        let target = match &arm.then.terminal {
            Terminal::Switch(t) | Terminal::Reconsume(t) => t.clone(),
            Terminal::Stay => st.name.clone(),
            _ => return,
        };
        if emits(&arm.then.actions) {
            let emits_into = matches!(arm.then.terminal, Terminal::Switch(_)).then_some(target);
            out.push(Candidate { case: arm.number, bytes, target: None, emits_into });
        } else if !(scanning && target == st.name) {
            out.push(Candidate { case: arm.number, bytes, target: Some(target), emits_into: None });
        }
    };
    for arm in arms {
        take(arm, arm.bytes.iter().copied().filter(|&b| plain(b)).collect());
    }
    if let Some(arm) = anything_else
        && lookaheads.is_empty()
    {
        take(arm, (0..=0x7Fu8).filter(|&b| plain(b) && !claimed.contains(&b)).collect());
    }
    out
}

/// Derive the fused path of a machine from its lowered states.
pub fn derive(states: &[LState]) -> Option<Fusion> {
    let consume: BTreeSet<&str> =
        states.iter().filter(|s| matches!(s.body, LBody::Consume { .. })).map(|s| s.name.as_str()).collect();
    let cands: BTreeMap<&str, Vec<Candidate>> = states.iter().map(|s| (s.name.as_str(), candidates(s))).collect();

    // Entries: a scanning state's case that leaves for another state on a link.
    let mut entries = Vec::new();
    for st in states.iter().filter(|s| s.scan.is_some()) {
        for c in &cands[st.name.as_str()] {
            if let Some(t) = &c.target
                && *t != st.name
                && consume.contains(t.as_str())
            {
                entries.push(Entry { state: st.name.clone(), case: c.case, target: t.clone() });
            }
        }
    }

    // Reachable from the entries through links (worklist, not recursion).
    let mut reached: BTreeSet<&str> = BTreeSet::new();
    let targets: Vec<String> = entries.iter().map(|e| e.target.clone()).collect();
    let mut todo: Vec<&str> = targets.iter().map(String::as_str).collect();
    while let Some(s) = todo.pop() {
        if !consume.contains(s) || !reached.insert(s) {
            continue;
        }
        todo.extend(cands[s].iter().filter_map(|c| c.target.as_deref()));
    }

    // Kept: the reached states from which a link path reaches an emitting case (a fixpoint over
    // the links, growing the kept set backwards from the emitting states).
    let mut kept: BTreeSet<&str> = BTreeSet::new();
    loop {
        let before = kept.len();
        for &s in &reached {
            let live = cands[s].iter().any(|c| match &c.target {
                None => true,
                Some(t) => t != s && kept.contains(t.as_str()),
            });
            if live {
                kept.insert(s);
            }
        }
        if kept.len() == before {
            break;
        }
    }

    entries.retain(|e| kept.contains(e.target.as_str()));
    if entries.is_empty() {
        return None;
    }
    let sources: Vec<String> = entries.iter().map(|e| e.state.clone()).collect();
    kept.extend(sources.iter().map(String::as_str));
    let fused = states
        .iter()
        .filter(|s| kept.contains(s.name.as_str()))
        .map(|s| FusedState {
            name: s.name.clone(),
            links: cands[s.name.as_str()]
                .iter()
                .map(|c| Link {
                    case: c.case,
                    bytes: c.bytes.clone(),
                    next: match (&c.target, c.emits_into.as_deref()) {
                        (Some(t), _) if kept.contains(t.as_str()) => Next::Continue(t.clone()),
                        (None, Some(t)) if kept.contains(t) => Next::Emit(t.to_owned()),
                        _ => Next::Exit,
                    },
                })
                .collect(),
        })
        .collect();
    Some(Fusion { states: fused, entries })
}
