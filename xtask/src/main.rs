//! cargo xtask: regenerate the committed Rust from `spec/` (or check that it is fresh), and
//! import the named character reference table.

mod import_entities;

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "statemark maintenance tasks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate the tokenizers from spec/ into runtime/src/generated/.
    Regenerate {
        /// Write nothing; fail with a diff when any generated file is stale or extra.
        #[arg(long)]
        check: bool,
    },
    /// Transcribe the WHATWG entities.json into spec/html/named_character_references.ron.
    ImportEntities {
        /// Path to entities.json (default: ../shared/spec/entities.json).
        path: Option<PathBuf>,
    },
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let root = workspace_root();
    match cli.command {
        Command::Regenerate { check } => match regenerate(&root, check) {
            Ok(msg) => {
                println!("{msg}");
                ExitCode::SUCCESS
            }
            Err(msg) => {
                eprintln!("{msg}");
                ExitCode::FAILURE
            }
        },
        Command::ImportEntities { path } => {
            let path = path.unwrap_or_else(|| root.join("../shared/spec/entities.json"));
            let out = root.join("spec/html/named_character_references.ron");
            match import_entities::import_entities(&path, &out) {
                Ok(()) => {
                    println!("wrote {}", out.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Generate everything; with `check`, compare instead of writing. Also removes (or, checking,
/// reports) files in the generated folder that the generator no longer produces.
pub fn regenerate(root: &Path, check: bool) -> Result<String, String> {
    let files = statemark_codegen::generate(&root.join("spec")).map_err(|d| {
        format!("spec/ has {} problem(s):\n{}", d.len(), d.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n"))
    })?;
    let gen_dir = root.join("runtime/src/generated");
    let mut problems = Vec::new();
    let mut written = 0;
    for f in &files {
        let path = root.join(&f.path);
        let old = std::fs::read_to_string(&path).ok();
        if old.as_deref() == Some(f.contents.as_str()) {
            continue;
        }
        if check {
            problems.push(match old {
                None => format!("{} is missing", f.path),
                Some(old) => format!("{} is stale:\n{}", f.path, diff(&old, &f.contents)),
            });
        } else {
            std::fs::write(&path, &f.contents).map_err(|e| format!("{}: {e}", f.path))?;
            written += 1;
        }
    }
    let keep: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    if let Ok(entries) = std::fs::read_dir(&gen_dir) {
        let mut extra: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "rs") && p.file_name().is_some_and(|n| n != "mod.rs"))
            .filter(|p| {
                let rel = p.strip_prefix(root).map(|r| r.to_string_lossy().replace('\\', "/")).unwrap_or_default();
                !keep.contains(&rel)
            })
            .collect();
        extra.sort();
        for p in extra {
            if check {
                problems.push(format!("{} is no longer generated", p.display()));
            } else {
                std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
                written += 1;
            }
        }
    }
    if !problems.is_empty() {
        return Err(format!(
            "generated code is stale; run `cargo xtask regenerate`:\n{}",
            problems.join("\n")
        ));
    }
    Ok(if check {
        format!("{} generated files are fresh", files.len())
    } else {
        format!("{} generated files, {written} changed", files.len())
    })
}

/// A small line diff (first differences only) for the stale report.
fn diff(old: &str, new: &str) -> String {
    let o: Vec<&str> = old.lines().collect();
    let n: Vec<&str> = new.lines().collect();
    let mut out = Vec::new();
    let first = o.iter().zip(&n).position(|(a, b)| a != b).unwrap_or(o.len().min(n.len()));
    let (mut i, mut j) = (o.len(), n.len());
    while i > first && j > first && o[i - 1] == n[j - 1] {
        i -= 1;
        j -= 1;
    }
    out.push(format!("@@ line {} @@", first + 1));
    for l in o[first..i].iter().take(40) {
        out.push(format!("-{l}"));
    }
    for l in n[first..j].iter().take(40) {
        out.push(format!("+{l}"));
    }
    out.join("\n")
}
