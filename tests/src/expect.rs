//! The expectations of [`crate::expectations`] shaped for the serializer and round-trip runners:
//! entries whose output is text (a string or lines), whose reason cites the spec (`#anchor` or a
//! quoted sentence), and a verdict per case ([`Outcome`]). A listed case that starts passing, or
//! stops matching its entry, fails the run: the lists only shrink.

use crate::expectations::{self, text_or_lines};
use serde_json::Value;

/// The entries of one file, by key.
pub struct Expectations(expectations::Expectations<String>);

/// What checking one case against the suite and the expectations gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Matches the suite, not listed.
    Pass,
    /// Listed, and our output is the listed one.
    Expected,
    /// A failure, with the message to print.
    Fail(String),
}

impl Expectations {
    /// Load `tests/expectations/<name>`: `{"about": ..., "cases": [{..., "reason", "output"}]}`.
    /// `key` builds an entry's key from its JSON; `output` is a string or an array of lines
    /// (each then ends with `\n`). Every reason must cite the spec (`#anchor` or a quoted
    /// sentence).
    pub fn load(name: &str, key: impl Fn(&Value) -> String) -> Expectations {
        Expectations(expectations::Expectations::load(
            name,
            &key,
            |e| text_or_lines(&e["output"], &format!("{name}: {}", key(e))),
            |reason| reason.contains('#') || reason.contains('"'),
        ))
    }

    /// Check a case: `got` is our output, `upstream_ok` whether it is what the suite wants
    /// (`want`, for the message when it is not and the case is not listed).
    pub fn check(&mut self, key: &str, got: &str, upstream_ok: bool, want: &str) -> Outcome {
        match self.0.check(key, &got.to_owned(), upstream_ok) {
            Some(Ok(())) => Outcome::Expected,
            Some(Err(message)) => Outcome::Fail(message),
            None if upstream_ok => Outcome::Pass,
            None => Outcome::Fail(format!("{key}\n  want: {want:?}\n  got:  {got:?}")),
        }
    }

    /// Entries no case looked at (a stale list), among those whose key `ran` accepts.
    pub fn unseen(&self, ran: impl Fn(&str) -> bool) -> Vec<String> {
        self.0.unseen_where(ran)
    }

    /// How many cases the file lists.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the file lists no case.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
