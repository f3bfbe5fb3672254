//! Loading the benchmark corpora (`../shared/bench-corpus/*` or a path from the environment).
//!
//! The corpora are never committed. Relative paths are resolved against the workspace root, so
//! the benchmarks do not depend on cargo's working directory. A missing corpus skips its groups
//! loudly; under `CI` it panics, so a misconfigured runner cannot silently report nothing.

use std::path::{Path, PathBuf};

/// One corpus: the environment variable that overrides it and its default location.
#[derive(Clone, Copy, Debug)]
pub struct Corpus {
    pub var: &'static str,
    pub default: &'static str,
}

pub const HTML: Corpus = Corpus { var: "STATEMARK_BENCH_HTML", default: "../shared/bench-corpus/html" };
pub const HTML_BIG: Corpus = Corpus { var: "STATEMARK_BENCH_HTML_BIG", default: "../shared/bench-corpus/html-big" };
/// A second big page of another generator than `html-big` (issue 26): the largest page of the
/// HTML corpus outside `node-api`, a Haddock hyperlinked source page.
pub const HTML_PAGE_2: Corpus = Corpus {
    var: "STATEMARK_BENCH_HTML_PAGE_2",
    default: "../shared/bench-corpus/html/haddock-aeson/src/Data.Aeson.Types.Internal.html",
};
pub const XML: Corpus = Corpus { var: "STATEMARK_BENCH_XML", default: "../shared/bench-corpus/xml" };

/// The workspace root: the parent of this crate.
pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::canonicalize(&root).unwrap_or(root)
}

impl Corpus {
    /// The directory (or single file) the corpus is read from.
    pub fn path(&self) -> PathBuf {
        let configured = std::env::var_os(self.var).map_or_else(|| PathBuf::from(self.default), PathBuf::from);
        let path = workspace_root().join(configured);
        // Canonical only for readable messages; a missing path keeps its joined form.
        std::fs::canonicalize(&path).unwrap_or(path)
    }

    /// Every file of the corpus as text, in a stable order, or `None` after saying why not.
    ///
    /// Files that are not valid UTF-8 are converted lossily rather than skipped, so the parsers
    /// still see the markup around the bad bytes (the shared corpora are all UTF-8 anyway).
    pub fn load(&self) -> Option<Vec<String>> {
        Some(self.load_named()?.into_iter().map(|(_, doc)| doc).collect())
    }

    /// [`Corpus::load`] with each document's path, for reports that name the pages.
    pub fn load_named(&self) -> Option<Vec<(PathBuf, String)>> {
        let path = self.path();
        let mut files = Vec::new();
        let found = if path.is_file() {
            files.push(path.clone());
            Ok(())
        } else {
            collect_files(&path, &mut files)
        };
        if found.is_err() || files.is_empty() {
            let why = found.err().map_or_else(|| "no files".to_owned(), |e| e.to_string());
            skip(&format!("benchmark corpus {} unavailable ({why}); set {} to point at it", path.display(), self.var));
            return None;
        }
        files.sort();
        let docs: Vec<(PathBuf, String)> = files
            .into_iter()
            .map(|p| {
                let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display()));
                let doc =
                    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                (p, doc)
            })
            .collect();
        let bytes: usize = docs.iter().map(|(_, d)| d.len()).sum();
        eprintln!("corpus {}: {} files, {bytes} bytes", path.display(), docs.len());
        Some(docs)
    }
}

/// Says loudly that something is skipped, or panics under `CI`.
pub fn skip(msg: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{msg}");
    }
    eprintln!("\n!!!!!!!!!! SKIPPING: {msg} !!!!!!!!!!\n");
}

/// Every regular file under `dir`, recursively (order fixed later by sorting).
fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else if path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}
