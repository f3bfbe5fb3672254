//! Reviewed expectations files (`tests/expectations/*.json`) for the newer runners: cases where
//! a suite and the spec text disagree, each with our output, the reason and the spec sentence.
//! A listed case that starts passing, or stops matching its entry, fails the run: the lists
//! only shrink.

use serde_json::Value;
use std::collections::BTreeMap;

/// One entry: what we give instead, and why.
pub struct Entry {
    pub output: String,
    pub reason: String,
    seen: bool,
}

/// The entries of one file, by key.
pub struct Expectations {
    entries: BTreeMap<String, Entry>,
}

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
        let path = crate::root().join("tests/expectations").join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut entries = BTreeMap::new();
        for e in v["cases"].as_array().expect("cases array") {
            let k = key(e);
            let reason = e["reason"].as_str().unwrap_or("").to_owned();
            assert!(reason.contains('#') || reason.contains('"'), "{k}: the reason must cite the spec");
            let output = match &e["output"] {
                Value::String(s) => s.clone(),
                Value::Array(lines) => lines.iter().map(|l| format!("{}\n", l.as_str().unwrap_or(""))).collect(),
                other => panic!("{k}: output must be a string or lines, not {other}"),
            };
            assert!(entries.insert(k.clone(), Entry { output, reason, seen: false }).is_none(), "{k}: listed twice");
        }
        Expectations { entries }
    }

    /// Check a case: `got` is our output, `upstream_ok` whether it is what the suite wants.
    pub fn check(&mut self, key: &str, got: &str, upstream_ok: bool, want: &str) -> Outcome {
        match self.entries.get_mut(key) {
            Some(e) => {
                e.seen = true;
                if upstream_ok {
                    Outcome::Fail(format!(
                        "{key}\n  listed in expectations ({}) but now matches upstream: remove the entry",
                        e.reason
                    ))
                } else if got != e.output {
                    Outcome::Fail(format!(
                        "{key}\n  expectation entry does not match:\n  listed: {:?}\n  got:    {got:?}",
                        e.output
                    ))
                } else {
                    Outcome::Expected
                }
            }
            None if upstream_ok => Outcome::Pass,
            None => Outcome::Fail(format!("{key}\n  want: {want:?}\n  got:  {got:?}")),
        }
    }

    /// Entries no case looked at (a stale list), for the suites that ran.
    pub fn unseen(&self, ran: impl Fn(&str) -> bool) -> Vec<String> {
        self.entries
            .iter()
            .filter(|(k, e)| !e.seen && ran(k))
            .map(|(k, _)| format!("{k}\n  listed but no such case"))
            .collect()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
