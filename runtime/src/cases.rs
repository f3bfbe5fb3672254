//! With the `trace` feature: what each (state, case) a tokenizer reports to its sink's `trace`
//! stands for in the spec (the state's heading and anchor, the case's label as the tables write
//! it), generated from the machine's tables (`runtime/src/generated/<machine>_cases.rs`), so a
//! tool can explain a path without reading `spec/` at run time.
//!
//! ```
//! use statemark::cases::SpecCases;
//! use statemark::html::{Html, State};
//!
//! let state = Html::state_info(State::TagOpenState);
//! assert_eq!(state.heading, "Tag open state");
//! assert_eq!(Html::url(State::TagOpenState), "https://html.spec.whatwg.org/multipage/parsing.html#tag-open-state");
//! let case = Html::case_info(State::BeforeAttributeNameState, 4).unwrap();
//! assert_eq!(case.label, "Anything else");
//! ```

use crate::driver::Tables;

/// One case of a state's table: the number the trace reports and the label the spec gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaseInfo {
    /// The case's number in its state, from 1 in the table's order (cases of a state-level
    /// branch number on through the branches); 0 for a hand-written state's body.
    pub number: u16,
    /// The case's matchers as the spec writes them (`U+003E GREATER-THAN SIGN (>)`, `EOF`,
    /// `ASCII alpha`, `Anything else`), joined with `, `; for a hand-written body, what it is.
    pub label: &'static str,
    /// Whether the case matches the end of the input (one of its matchers is EOF).
    pub eof: bool,
}

/// One state of a machine's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateInfo {
    /// The state's name (its RON file, `data_state`).
    pub name: &'static str,
    /// Its heading in the spec, verbatim (`Data state`).
    pub heading: &'static str,
    /// Its anchor id in the spec (`data-state`); the link is [`SpecCases::ANCHOR_BASE`] + anchor.
    pub anchor: &'static str,
    /// Its cases, in number order.
    pub cases: &'static [CaseInfo],
}

impl StateInfo {
    /// The case numbered `number`, if the state has one.
    pub fn case(&self, number: u16) -> Option<&'static CaseInfo> {
        self.cases.iter().find(|c| c.number == number)
    }
}

/// A machine whose (state, case) pairs have their spec places compiled in (every generated
/// machine, with the `trace` feature).
pub trait SpecCases: Tables {
    /// The spec page's address that each state's anchor is relative to (the manifest's
    /// `anchor_base`).
    const ANCHOR_BASE: &'static str;

    /// The state's heading, anchor and cases.
    fn state_info(state: Self::State) -> &'static StateInfo;

    /// Case `number` of `state` (as `Sink::trace` reports it), if the tables have it.
    fn case_info(state: Self::State, number: u16) -> Option<&'static CaseInfo> {
        Self::state_info(state).case(number)
    }

    /// The link to the state in the spec.
    fn url(state: Self::State) -> String {
        format!("{}{}", Self::ANCHOR_BASE, Self::state_info(state).anchor)
    }
}
