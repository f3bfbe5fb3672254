//! Instructions per input byte, counted by callgrind: the measure issue 13's targets are stated
//! in. Each count comes from a child process (the calling binary with `--one CORPUS NAME`) run
//! under `valgrind --tool=callgrind` with collection on only inside [`measured`], so loading the
//! corpus and process start-up are not counted. Counts do not depend on what else the machine
//! runs, which is why they, not times, are the primary measure on a shared machine.
//!
//! Two programs use this: the `instructions` binary (statemark's APIs alone, nothing else to
//! compile) and the `instructions` bench target (the comparison parsers too). Both merge their
//! counts into [`results_path`], which the report shows beside the times.

use crate::corpus::{Corpus, skip};
use serde_json::{Value, json};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// One API to count: its benchmark id (`statemark/sink`, `lol_html/no-handlers`) and the driver
/// that runs it over documents.
pub type Driver = (&'static str, fn(&[String]) -> usize);

/// A corpus and the drivers counted over it. `name` is the criterion group the same drivers are
/// timed in (`html-big`, `xml`), so the report can put counts and times side by side.
pub struct Group<'a> {
    pub name: &'static str,
    pub corpus: Corpus,
    pub drivers: &'a [Driver],
}

/// One count: a driver over a corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    pub group: String,
    pub id: String,
    pub bytes: u64,
    pub instructions: u64,
}

impl Count {
    /// Instructions per input byte.
    pub fn per_byte(&self) -> f64 {
        self.instructions as f64 / self.bytes.max(1) as f64
    }
}

/// Where counts are kept for the report: `instructions.json` in the target directory
/// (`$CARGO_TARGET_DIR`, else `<workspace>/target`).
pub fn results_path() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate::corpus::workspace_root().join("target"), PathBuf::from)
        .join("instructions.json")
}

/// The counts in a results file (none when it is missing or unreadable).
pub fn read_results(path: &Path) -> Vec<Count> {
    let Some(Value::Array(rows)) = std::fs::read_to_string(path).ok().and_then(|t| serde_json::from_str(&t).ok())
    else {
        return Vec::new();
    };
    rows.iter()
        .filter_map(|r| {
            Some(Count {
                group: r["group"].as_str()?.to_owned(),
                id: r["id"].as_str()?.to_owned(),
                bytes: r["bytes"].as_u64()?,
                instructions: r["instructions"].as_u64()?,
            })
        })
        .collect()
}

/// Replace the file's counts for the same (group, id) by `new`, keeping the others: the binary
/// and the bench target each count their own drivers into one file.
fn merge_results(path: &Path, new: &[Count]) -> std::io::Result<()> {
    let mut all = read_results(path);
    all.retain(|c| !new.iter().any(|n| n.group == c.group && n.id == c.id));
    all.extend(new.iter().cloned());
    all.sort_by(|a, b| (&a.group, &a.id).cmp(&(&b.group, &b.id)));
    let rows: Vec<Value> = all
        .iter()
        .map(|c| json!({"group": c.group, "id": c.id, "bytes": c.bytes, "instructions": c.instructions}))
        .collect();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, serde_json::to_string_pretty(&rows).unwrap_or_default())
}

/// The only code callgrind counts: one driver over the documents.
#[inline(never)]
fn measured(driver: fn(&[String]) -> usize, docs: &[String]) -> usize {
    black_box(driver(black_box(docs)))
}

/// The child's side: load the corpus (not counted), run the driver (counted), print the bytes.
fn one(groups: &[Group<'_>], group: &str, name: &str) -> ExitCode {
    let Some((g, driver)) =
        groups.iter().filter(|g| g.name == group).find_map(|g| Some((g, g.drivers.iter().find(|(n, _)| *n == name)?)))
    else {
        eprintln!("no driver {name} on {group}");
        return ExitCode::FAILURE;
    };
    let Some(docs) = g.corpus.load() else { return ExitCode::FAILURE };
    let result = measured(driver.1, &docs);
    println!("{} {result}", crate::bytes_of(&docs));
    ExitCode::SUCCESS
}

/// Run `valgrind --tool=callgrind` on this executable with `args`, counting only inside
/// functions matching `collect` (callgrind's `--toggle-collect` pattern); the profile goes to
/// `out_file` (`/dev/null` to discard it). Returns the child's stdout and the collected total.
/// The growth bench counts its 1x/4x inputs through this too.
pub fn run_child(collect: &str, out_file: &str, args: &[&str]) -> Result<(String, u64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--toggle-collect={collect}"))
        .arg(format!("--callgrind-out-file={out_file}"))
        .arg(exe)
        .args(args)
        .output()
        .map_err(|e| format!("running valgrind: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("{args:?} failed: {stderr}"));
    }
    // callgrind's summary: "==PID== Collected : N".
    let instructions =
        stderr.lines().find_map(|l| l.split_once("Collected :").and_then(|(_, n)| n.trim().parse().ok()));
    instructions.map(|i| (stdout, i)).ok_or_else(|| format!("{args:?}: no callgrind total in\n{stderr}"))
}

/// Whether valgrind can be run (a loud skip otherwise, by the caller).
pub fn valgrind_available() -> bool {
    Command::new("valgrind").arg("--version").output().is_ok()
}

/// One driver's count, from a callgrind child. With `out`, callgrind's profile is kept there
/// (`callgrind_annotate` reads it) instead of being discarded.
fn count(group: &str, name: &str, out: Option<&Path>) -> Result<Count, String> {
    let out_file = out.map_or_else(
        || "/dev/null".to_owned(),
        |dir| dir.join(format!("callgrind.{group}.{}.out", name.replace('/', "-"))).display().to_string(),
    );
    let (stdout, instructions) = run_child("*callgrind*measured*", &out_file, &["--one", group, name])?;
    let bytes = stdout
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("{group} {name}: no byte count in {stdout:?}"))?;
    Ok(Count { group: group.to_owned(), id: name.to_owned(), bytes, instructions })
}

/// The command line of a counting program: `[--out DIR] [NAME...]` counts the named drivers
/// (all by default) over their corpora, prints a table with the ratios against the other
/// parsers on the same corpus, and merges the counts into [`results_path`]; `--one CORPUS NAME`
/// is the child's side.
pub fn main(groups: &[Group<'_>]) -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let [flag, group, name] = args.as_slice()
        && flag == "--one"
    {
        return one(groups, group, name);
    }
    let mut out = None;
    if let Some(i) = args.iter().position(|a| a == "--out") {
        if i + 1 >= args.len() {
            eprintln!("--out needs a directory");
            return ExitCode::FAILURE;
        }
        let dir = PathBuf::from(args.remove(i + 1));
        args.remove(i);
        // callgrind cannot create the directory it writes its profile into.
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("creating {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        out = Some(dir);
    }
    if !valgrind_available() {
        skip("valgrind is not installed: instruction counts need callgrind");
        return ExitCode::SUCCESS;
    }
    let wanted = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    let mut counts = Vec::new();
    let mut failed = false;
    for g in groups {
        if g.corpus.load().is_none() {
            continue; // a loud skip already, or a panic under CI
        }
        for (name, _) in g.drivers.iter().filter(|(n, _)| wanted(n)) {
            match count(g.name, name, out.as_deref()) {
                Ok(c) => counts.push(c),
                Err(e) => {
                    eprintln!("{e}");
                    failed = true;
                }
            }
        }
    }
    println!("| corpus | API | bytes | instructions | per byte | fewer instructions than |");
    println!("| --- | --- | ---: | ---: | ---: | --- |");
    for c in &counts {
        let vs: Vec<String> = counts
            .iter()
            .filter(|o| o.group == c.group && o.id != c.id && o.id.split('/').next() != c.id.split('/').next())
            .map(|o| format!("{} {:.2}x", o.id, o.per_byte() / c.per_byte()))
            .collect();
        println!(
            "| {} | {} | {} | {} | {:.2} | {} |",
            c.group,
            c.id,
            c.bytes,
            c.instructions,
            c.per_byte(),
            vs.join(", ")
        );
    }
    let path = results_path();
    match merge_results(&path, &counts) {
        Ok(()) => println!("\ncounts merged into {}", path.display()),
        Err(e) => {
            eprintln!("writing {}: {e}", path.display());
            failed = true;
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
