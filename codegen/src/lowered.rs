//! The lowered machine's shape: each state's cases resolved to the bytes they match, the
//! branches they run (exit actions attached, "treat as anything else" resolved) and the derived
//! bulk scan. `lower.rs` makes it; `fuse.rs` and `emit.rs` read it.

use crate::model::{Action, Guard, Terminal};

#[derive(Debug, Clone)]
pub struct LState {
    pub name: String,
    pub variant: String,
    pub id: String,
    pub heading: String,
    pub body: LBody,
    pub scan: Option<Scan>,
}

#[derive(Debug, Clone)]
pub enum LBody {
    /// Consume one character; `arms` in spec order, lookahead arms tried inside anything else.
    Consume {
        arms: Vec<LArm>,
        lookaheads: Vec<LArm>,
        anything_else: Option<LArm>,
    },
    /// Look ahead without consuming.
    Lookahead {
        arms: Vec<LArm>,
        anything_else: LArm,
    },
    HandWritten,
    /// A state-level branch: the first body whose guard holds (the last has none) reads the
    /// input; case numbers run on through the branches.
    Branch {
        branches: Vec<(Option<Guard>, LBody)>,
    },
}

/// One case, resolved.
#[derive(Debug, Clone)]
pub struct LArm {
    /// 1-based case number within the state, as validation and coverage name it.
    pub number: usize,
    pub label: String,
    /// The bytes the case matches (empty for lookahead and anything else).
    pub bytes: Vec<u8>,
    pub eof: bool,
    pub lookahead: Option<(String, bool)>,
    pub guard: Option<Guard>,
    pub then: LBranch,
    /// What a failed guard does (anything else's branch when the table has no `else`).
    pub otherwise: Option<LBranch>,
    /// The case `otherwise` belongs to: this case for a table `else`, the anything-else case
    /// for a guard that falls through.
    pub otherwise_number: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LBranch {
    pub actions: Vec<Action>,
    pub terminal: Terminal,
}

/// A derived fast path: "anything else" does exactly `verb` with the current character and
/// stays, so a run of bytes outside `stop` is handled at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scan {
    pub verb: Action,
    pub stop: Vec<u8>,
    /// `stop` without the bytes that only start a character reference (the `&` of a text or
    /// attribute value state; see `lower.rs`, `char_ref_entry`), when there are such bytes: the
    /// set the scan uses when nobody reads what the reference would produce. A character
    /// reference consumes only alphanumerics, `#`, `x`/`X` and `;` and gives every other byte
    /// back to the return state, so it never moves a token boundary; what it produces is text
    /// or value characters (and parse errors). A sink that reads neither gets the same tokens
    /// and spans with the `&` scanned as one more byte of the run.
    pub quiet_stop: Option<Vec<u8>>,
}
