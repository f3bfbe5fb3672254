//! Reviewed expectations files (`tests/expectations/*.json`): conformance cases where the spec
//! text a machine follows and the suite disagree. Each entry holds what the text gives and the
//! reason; a run that is listed must give exactly that, and an entry that starts matching the
//! suite (or names no case) fails the run, so the lists only shrink. The one place that reads
//! and applies these files: every runner uses it (`expect` is the same, shaped for the
//! serializer and round-trip runners).

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Debug;

struct Entry<T> {
    expected: T,
    reason: String,
    seen: bool,
}

/// One expectations file, keyed by whatever identifies a run of its suite.
pub struct Expectations<T> {
    file: String,
    entries: BTreeMap<String, Entry<T>>,
}

impl<T: PartialEq + Debug> Expectations<T> {
    /// Load `tests/expectations/<file>` (an object with a `cases` array): `key` names an entry's
    /// run, `expected` reads what the text gives; every reason must satisfy `cites` (it names
    /// the spec anchor or section it follows). Panics on a malformed file, naming it.
    pub fn load(
        file: &str,
        key: impl Fn(&Value) -> String,
        expected: impl Fn(&Value) -> T,
        cites: impl Fn(&str) -> bool,
    ) -> Self {
        let v = read(file);
        let mut entries = BTreeMap::new();
        for e in v["cases"].as_array().unwrap_or_else(|| panic!("{file}: no \"cases\" array")) {
            let k = key(e);
            let reason = e["reason"].as_str().unwrap_or("").to_owned();
            assert!(cites(&reason), "{file}: {k}: the reason must cite the text it follows");
            let entry = Entry { expected: expected(e), reason, seen: false };
            assert!(entries.insert(k.clone(), entry).is_none(), "{file}: {k}: listed twice");
        }
        Expectations { file: file.to_owned(), entries }
    }

    /// The verdict on a run: `None` when the run is not listed (the suite decides); else `Ok`
    /// when it gives what the entry says and the suite's answer differs, `Err` with the reason.
    pub fn check(&mut self, key: &str, got: &T, matches_suite: bool) -> Option<Result<(), String>> {
        let e = self.entries.get_mut(key)?;
        e.seen = true;
        Some(if matches_suite {
            Err(format!("{key}\n  listed in {} ({}) but now matches the suite: remove the entry", self.file, e.reason))
        } else if *got != e.expected {
            Err(format!("{key}\n  {} says {:?}\n  got {got:?}", self.file, e.expected))
        } else {
            Ok(())
        })
    }

    /// Entries no run looked up: each is a failure.
    pub fn unseen(&self) -> Vec<String> {
        self.unseen_where(|_| true)
    }

    /// Entries no run looked up, among those whose key `ran` accepts (the suites found
    /// locally; a missing suite is the runner's loud skip, not a stale list).
    pub fn unseen_where(&self, ran: impl Fn(&str) -> bool) -> Vec<String> {
        self.entries
            .iter()
            .filter(|(k, e)| !e.seen && ran(k))
            .map(|(k, _)| format!("{k}\n  listed in {} but no such case in the suite", self.file))
            .collect()
    }

    /// How many runs the file lists.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the file lists no run.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Read `tests/expectations/<file>` as JSON. Panics on a missing or malformed file, naming it.
pub fn read(file: &str) -> Value {
    let path = crate::root().join("tests/expectations").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An entry's output written as one string, or as an array of lines (each then ends with
/// `\n`, as the tree and token dumps do). Panics on anything else, naming the entry.
pub fn text_or_lines(v: &Value, what: &str) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(lines) => lines
            .iter()
            .map(|l| format!("{}\n", l.as_str().unwrap_or_else(|| panic!("{what}: output lines must be strings"))))
            .collect(),
        other => panic!("{what}: output must be a string or lines, not {other}"),
    }
}
