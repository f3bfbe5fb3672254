//! cargo xtask: regenerate the committed Rust from `spec/` (or check that it is fresh), and
//! import the named character reference table.

mod differential;
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
    /// Compare statemark's trees with html5ever's and xml5ever's over the bench corpora; every
    /// difference must be in a class of tests/expectations/differential.json.
    Differential {
        /// Passed to the harness: `html` or `xml` (one side), `--minimize`, `--show FILE`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Transcribe the 2008-01-18 draft's entities table into spec/html2008/entities.ron.
    #[command(name = "import-entities-2008")]
    ImportEntities2008 {
        /// Path to entities.txt (default: ../shared/spec/editions/html5-draft-2008-01/entities.txt).
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
        Command::Regenerate { check } => match statemark_codegen::sync(&root, check) {
            Ok(msg) => {
                println!("{msg}");
                ExitCode::SUCCESS
            }
            Err(msg) => {
                eprintln!("{msg}");
                ExitCode::FAILURE
            }
        },
        Command::ImportEntities2008 { path } => {
            let path = path.unwrap_or_else(|| root.join("../shared/spec/editions/html5-draft-2008-01/entities.txt"));
            let out = root.join("spec/html2008/entities.ron");
            wrote(import_entities::import_entities_2008(&path, &out), &out)
        }
        Command::ImportEntities { path } => {
            let path = path.unwrap_or_else(|| root.join("../shared/spec/entities.json"));
            let out = root.join("spec/html/named_character_references.ron");
            wrote(import_entities::import_entities(&path, &out), &out)
        }
        Command::Differential { args } => differential::run(&root, &args),
    }
}

/// An import's outcome as the exit code, saying which file it wrote.
fn wrote(result: Result<(), String>, out: &Path) -> ExitCode {
    match result {
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
