//! Reviewed expectations files (`tests/expectations/*.json`): conformance cases where the spec
//! text a machine follows and the suite disagree. Each entry holds what the text gives and the
//! reason; a run that is listed must give exactly that, and an entry that starts matching the
//! suite (or names no case) fails the run, so the lists only shrink.

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
        let path = crate::root().join("tests/expectations").join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut entries = BTreeMap::new();
        for e in v["cases"].as_array().unwrap_or_else(|| panic!("{}: no \"cases\" array", path.display())) {
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
        self.entries
            .iter()
            .filter(|(_, e)| !e.seen)
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
