//! Peak heap memory of a parse, measured by the `memory` bench target (a binary of its own,
//! so its counting allocator never runs under criterion's timings), and the file it leaves for
//! the report.
//!
//! For each document the bench records the largest number of heap bytes live at once while it
//! is parsed into a tree (the tree itself included, the input string not), and the report
//! shows the corpus's peaks over its input size.

use serde_json::{Value, json};
use std::path::PathBuf;

/// One parser on one corpus: summed input bytes and summed per-document peaks, and the
/// largest single-document ratio.
#[derive(Clone, Debug, PartialEq)]
pub struct PeakRow {
    pub corpus: String,
    pub parser: String,
    pub documents: usize,
    pub input_bytes: u64,
    pub peak_bytes: u64,
    pub max_ratio: f64,
}

impl PeakRow {
    /// Summed peaks over summed input: each document parsed alone, weighted by size.
    pub fn ratio(&self) -> f64 {
        self.peak_bytes as f64 / self.input_bytes.max(1) as f64
    }
}

/// Where the bench writes its results and the report reads them: `peak-memory.json` in the
/// target directory (`$CARGO_TARGET_DIR`, else `<workspace>/target`).
pub fn results_path() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate::corpus::workspace_root().join("target"), PathBuf::from)
        .join("peak-memory.json")
}

pub fn to_json(rows: &[PeakRow]) -> String {
    let rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "corpus": r.corpus, "parser": r.parser, "documents": r.documents,
                "input_bytes": r.input_bytes, "peak_bytes": r.peak_bytes, "max_ratio": r.max_ratio,
            })
        })
        .collect();
    serde_json::to_string_pretty(&json!({ "rows": rows })).unwrap_or_default()
}

/// The rows of a results file; `None` if it is missing or not in this format.
pub fn from_json(text: &str) -> Option<Vec<PeakRow>> {
    let v: Value = serde_json::from_str(text).ok()?;
    v["rows"]
        .as_array()?
        .iter()
        .map(|r| {
            Some(PeakRow {
                corpus: r["corpus"].as_str()?.to_owned(),
                parser: r["parser"].as_str()?.to_owned(),
                documents: r["documents"].as_u64()? as usize,
                input_bytes: r["input_bytes"].as_u64()?,
                peak_bytes: r["peak_bytes"].as_u64()?,
                max_ratio: r["max_ratio"].as_f64()?,
            })
        })
        .collect()
}
