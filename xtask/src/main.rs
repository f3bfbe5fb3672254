//! cargo xtask: regenerate the committed Rust from `spec/` (or check that it is fresh), import
//! the named character reference table, the spec tools (`spec-check`, `spec-diff`, `graph`,
//! `import`, `history`), and the layer check of the crates' imports (`layers`).

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
    /// Check a machine's tables against a spec text: anchors, headings, bullets, errors, moves.
    SpecCheck {
        /// The machine directory (`spec/html`), or `spec/html@REV` for a git revision.
        machine: String,
        /// The spec text: WHATWG source (`.html`), Bikeshed (`.bs`) or plain text (`.txt`).
        #[arg(long)]
        text: PathBuf,
        /// For a `.txt` text: the markup file to take anchor ids from (default: the `.html`
        /// beside it, if any).
        #[arg(long)]
        anchors: Option<PathBuf>,
        /// Reviewed mismatches (default: tests/expectations/spec_check.json); also reports
        /// which errata entries this text still shows.
        #[arg(long)]
        expectations: Option<PathBuf>,
    },
    /// Draw a machine: states as nodes, cases as labelled edges. DOT, or SVG with Graphviz.
    Graph {
        /// The machine directory (`spec/html`), or `spec/html@REV`.
        machine: String,
        /// Only the states within `--depth` edges of this one (repeatable).
        #[arg(long)]
        state: Vec<String>,
        /// How far from `--state` to draw.
        #[arg(long, default_value_t = 1)]
        depth: usize,
        /// Write here: `.svg` (needs Graphviz `dot`) or `.dot`; default: DOT to stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Read a tokenization section (the spec's source markup) into RON tables, one file per
    /// state; list the states it cannot read (they need a hand transcription).
    Import {
        /// The section's markup (default: ../shared/spec/html/tokenization.html).
        text: Option<PathBuf>,
        /// Write the tables here (default: only report).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Directories of hand transcriptions (`<state>.ron` or `<state>@<text hash>.ron`).
        #[arg(long)]
        hand: Vec<PathBuf>,
    },
    /// Run a machine from its tables (the interpreter) and from its generated code over its
    /// suite and examples; compare tokens, errors and (state, case) traces.
    InterpCheck {
        /// The machine directories (`spec/html`; several are checked in turn).
        #[arg(required = true)]
        machines: Vec<String>,
        /// How many bench-corpus files to add.
        #[arg(long, default_value_t = 0)]
        bench_files: usize,
        /// How many disagreements to show.
        #[arg(long, default_value_t = 10)]
        show: usize,
    },
    /// Import every revision of the HTML tokenizer (2006–2010), compare each with the one before
    /// and hold the result against the editors' tags; writes a changelog.
    History {
        /// Where to write the changelog (default: target/history/CHANGELOG.md).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Only every N-th pair of consecutive revisions (a sample for CI).
        #[arg(long, default_value_t = 1)]
        every: usize,
    },
    /// Check the import graph of runtime, codegen and xtask against the layer table
    /// (xtask/layers.txt): every module in one layer, no upward import, no loop.
    Layers {
        /// Also list every edge between the table's modules.
        #[arg(long)]
        edges: bool,
    },
    /// Compare two machines (`spec/html-2017 spec/html`) or revisions (`spec/html@HEAD~3 spec/html`).
    SpecDiff {
        /// The old machine: a directory, or `dir@REV`.
        a: String,
        /// The new machine.
        b: String,
        /// `text` for the terminal, `md` for a pull-request comment, `html` for a page with a picture.
        #[arg(long, value_enum, default_value = "text")]
        format: xtask::spec_diff::Format,
        /// Write here instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Also generate both tokenizers, run them over a corpus (suite inputs, state examples,
        /// bench corpus) and list the inputs whose tokens differ, minimized, under the first
        /// (state, case) where the two machines' traces part.
        #[arg(long)]
        behaviour: bool,
        /// How many bench-corpus files to add to the corpus (in name order).
        #[arg(long, default_value_t = 100)]
        bench_files: usize,
        /// How many minimized examples to give per (state, case) where the traces part.
        #[arg(long, default_value_t = 5)]
        per_group: usize,
    },
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Print a spec tool's report (or its error) and turn it into the exit status.
fn outcome(result: Result<(String, bool), String>) -> ExitCode {
    match result {
        Ok((report, clean)) => {
            print!("{report}");
            if clean { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
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
        Command::SpecCheck { machine, text, anchors, expectations } => {
            outcome(xtask::spec_check::run_cli(&root, &machine, &text, anchors.as_deref(), expectations.as_deref()))
        }
        Command::Graph { machine, state, depth, output } => {
            outcome(xtask::graph::run_cli(&root, &machine, &state, depth, output.as_deref()).map(|t| (t, true)))
        }
        Command::SpecDiff { a, b, format, output, behaviour, bench_files, per_group } => {
            let opts = behaviour.then(|| xtask::spec_diff::BehaviourOptions {
                corpus: xtask::behaviour::CorpusOptions { shared: root.join("../shared"), bench_files },
                per_group,
            });
            let result = xtask::spec_diff::run_cli(&root, &a, &b, format, output.as_deref(), opts.as_ref());
            outcome(result.map(|t| (t, true)))
        }
        Command::Import { text, out, hand } => {
            let text = text.unwrap_or_else(|| root.join("../shared/spec/html/tokenization.html"));
            outcome(xtask::import::run_cli(&text, out.as_deref(), &xtask::import::HandDirs::dirs(hand)))
        }
        Command::InterpCheck { machines, bench_files, show } => {
            let mut report = String::new();
            let mut clean = true;
            for machine in &machines {
                match xtask::interp::check_cli(&root, machine, bench_files, show) {
                    Ok((r, c)) => {
                        report.push_str(&r);
                        clean &= c;
                    }
                    Err(e) => return outcome(Err(format!("{report}{e}"))),
                }
            }
            outcome(Ok((report, clean)))
        }
        Command::History { output, every } => outcome(xtask::history::run_cli(&root, output.as_deref(), every)),
        Command::ImportEntities { path } => {
            let path = path.unwrap_or_else(|| root.join("../shared/spec/entities.json"));
            let out = root.join("spec/html/named_character_references.ron");
            wrote(import_entities::import_entities(&path, &out), &out)
        }
        Command::Differential { args } => differential::run(&root, &args),
        Command::Layers { edges } => outcome(xtask::layers::run_cli(&root, edges)),
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
