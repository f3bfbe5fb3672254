//! Instructions per input byte, counted by callgrind: the measure issue 13's targets are stated
//! in. Each count comes from a child process (the calling binary with `--one CORPUS NAME`) run
//! under `valgrind --tool=callgrind` with collection on only inside [`measured`], so loading the
//! corpus and process start-up are not counted. Counts do not depend on what else the machine
//! runs, which is why they, not times, are the primary measure on a shared machine.
//!
//! A group may be counted page by page ([`Group::per_document`]): callgrind then dumps its
//! counts after each document (`--dump-after`), and the count keeps the median page's
//! instructions per byte besides the total. Every count names the build profile of the binary
//! that made it (`release` or `bench-lto`, from the executable's path), so the same drivers can
//! be counted under both and shown side by side.
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
    /// Count each document on its own too, for the median page (the corpus, not one big page).
    pub per_document: bool,
}

/// One count: a driver over a corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// The build profile of the counting binary: `release` (cargo's `bench` profile) or `bench-lto`.
    pub profile: String,
    pub group: String,
    pub id: String,
    pub bytes: u64,
    pub instructions: u64,
    /// Documents counted one by one, for a [`Group::per_document`] group (0 otherwise).
    pub documents: u64,
    /// The median of the documents' instructions per byte, for a per-document group.
    pub median_per_byte: Option<f64>,
}

impl Count {
    /// Instructions per input byte.
    pub fn per_byte(&self) -> f64 {
        self.instructions as f64 / self.bytes.max(1) as f64
    }

    /// The figure the tables show: the median page's instructions per byte for a per-document
    /// group, else the total over the bytes.
    pub fn shown_per_byte(&self) -> f64 {
        self.median_per_byte.unwrap_or_else(|| self.per_byte())
    }
}

/// The build profile this executable was built with, from its directory: cargo puts the
/// `bench` and `release` profiles' binaries under `target/release` and a custom profile's under
/// `target/<profile>` (bench targets one level down, in `deps/`).
pub fn build_profile() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let mut dir = exe.parent();
    if dir.and_then(Path::file_name).is_some_and(|n| n == "deps") {
        dir = dir.and_then(Path::parent);
    }
    dir.and_then(Path::file_name).map_or_else(|| "unknown".to_owned(), |n| n.to_string_lossy().into_owned())
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
                // Counts from before issue 26 carry no profile: they were all `release`.
                profile: r["profile"].as_str().unwrap_or("release").to_owned(),
                group: r["group"].as_str()?.to_owned(),
                id: r["id"].as_str()?.to_owned(),
                bytes: r["bytes"].as_u64()?,
                instructions: r["instructions"].as_u64()?,
                documents: r["documents"].as_u64().unwrap_or(0),
                median_per_byte: r["median_per_byte"].as_f64(),
            })
        })
        .collect()
}

/// Replace the file's counts for the same (profile, group, id) by `new`, keeping the others: the binary
/// and the bench target each count their own drivers into one file.
fn merge_results(path: &Path, new: &[Count]) -> std::io::Result<()> {
    let mut all = read_results(path);
    all.retain(|c| !new.iter().any(|n| n.profile == c.profile && n.group == c.group && n.id == c.id));
    all.extend(new.iter().cloned());
    all.sort_by(|a, b| (&a.profile, &a.group, &a.id).cmp(&(&b.profile, &b.group, &b.id)));
    let rows: Vec<Value> = all
        .iter()
        .map(|c| {
            json!({"profile": c.profile, "group": c.group, "id": c.id, "bytes": c.bytes,
                "instructions": c.instructions, "documents": c.documents, "median_per_byte": c.median_per_byte})
        })
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
/// A per-document group runs the driver once per `stride`-th document and prints each one's
/// bytes on a line of its own, in the order of callgrind's dumps.
fn one(groups: &[Group<'_>], group: &str, name: &str, stride: usize) -> ExitCode {
    let Some((g, driver)) =
        groups.iter().filter(|g| g.name == group).find_map(|g| Some((g, g.drivers.iter().find(|(n, _)| *n == name)?)))
    else {
        eprintln!("no driver {name} on {group}");
        return ExitCode::FAILURE;
    };
    let Some(docs) = g.corpus.load() else { return ExitCode::FAILURE };
    if g.per_document {
        for doc in docs.iter().step_by(stride.max(1)) {
            let result = measured(driver.1, std::slice::from_ref(doc));
            println!("{} {result}", doc.len());
        }
    } else {
        let result = measured(driver.1, &docs);
        println!("{} {result}", crate::bytes_of(&docs));
    }
    ExitCode::SUCCESS
}

/// Run `valgrind --tool=callgrind` on this executable with `args`, counting only inside
/// functions matching `collect` (callgrind's `--toggle-collect` pattern); the profile goes to
/// `out_file` (`/dev/null` to discard it). Returns the child's stdout and the collected total.
/// The growth bench counts its 1x/4x inputs through this too.
pub fn run_child(collect: &str, out_file: &str, args: &[&str]) -> Result<(String, u64), String> {
    run_child_with(collect, out_file, &[], args)
}

/// [`run_child`] with more options for valgrind (`--dump-after=...`).
fn run_child_with(collect: &str, out_file: &str, options: &[String], args: &[&str]) -> Result<(String, u64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--toggle-collect={collect}"))
        .arg(format!("--callgrind-out-file={out_file}"))
        .args(options)
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

/// The function callgrind counts in (its `--toggle-collect` pattern for [`measured`]).
const MEASURED: &str = "*callgrind*measured*";

/// One driver's count, from a callgrind child. With `out`, callgrind's profile is kept there
/// (`callgrind_annotate` reads it) instead of being discarded.
fn count(group: &str, name: &str, out: Option<&Path>) -> Result<Count, String> {
    let out_file = out.map_or_else(
        || "/dev/null".to_owned(),
        |dir| dir.join(format!("callgrind.{group}.{}.out", name.replace('/', "-"))).display().to_string(),
    );
    let (stdout, instructions) = run_child(MEASURED, &out_file, &["--one", group, name])?;
    let bytes = stdout
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("{group} {name}: no byte count in {stdout:?}"))?;
    let (profile, group, id) = (build_profile(), group.to_owned(), name.to_owned());
    Ok(Count { profile, group, id, bytes, instructions, documents: 0, median_per_byte: None })
}

/// One driver's count page by page: callgrind dumps after each document (files `PREFIX.1`,
/// `PREFIX.2`, ... in a scratch directory, removed afterwards), each dump's `summary:` line is
/// that document's count, and the child's lines give the documents' bytes in the same order.
fn count_per_document(group: &str, name: &str, stride: usize) -> Result<Count, String> {
    let scratch = std::env::temp_dir().join(format!("statemark-callgrind-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("creating {}: {e}", scratch.display()))?;
    let prefix = scratch.join("dump");
    // `--dump-after` takes the function's name as callgrind shows it, not a wildcard pattern.
    let options = [format!("--dump-after={}", std::any::type_name_of_val(&measured))];
    let stride_arg = stride.to_string();
    let result = run_child_with(
        MEASURED,
        &prefix.display().to_string(),
        &options,
        &["--one", group, name, "--stride", &stride_arg],
    );
    let per_doc = result.and_then(|(stdout, instructions)| {
        let sizes: Vec<u64> =
            stdout.lines().filter_map(|l| l.split_whitespace().next().and_then(|w| w.parse().ok())).collect();
        let mut ratios = Vec::with_capacity(sizes.len());
        let mut summed = 0;
        for (i, &size) in sizes.iter().enumerate() {
            let file = scratch.join(format!("dump.{}", i + 1));
            let text = std::fs::read_to_string(&file).map_err(|e| format!("reading {}: {e}", file.display()))?;
            let n: u64 = text
                .lines()
                .find_map(|l| l.strip_prefix("summary:").and_then(|n| n.trim().parse().ok()))
                .ok_or_else(|| format!("{}: no summary line", file.display()))?;
            summed += n;
            ratios.push(n as f64 / size.max(1) as f64);
        }
        if summed != instructions {
            return Err(format!("{group} {name}: the dumps sum to {summed}, callgrind collected {instructions}"));
        }
        ratios.sort_by(f64::total_cmp);
        let median = match ratios.len() {
            0 => None,
            n if n % 2 == 1 => Some(ratios[n / 2]),
            n => Some((ratios[n / 2 - 1] + ratios[n / 2]) / 2.0),
        };
        let (profile, group, id) = (build_profile(), group.to_owned(), name.to_owned());
        let (bytes, documents) = (sizes.iter().sum(), sizes.len() as u64);
        Ok(Count { profile, group, id, bytes, instructions, documents, median_per_byte: median })
    });
    let _ = std::fs::remove_dir_all(&scratch);
    per_doc
}

/// The command line of a counting program: `[--out DIR] [NAME...]` counts the named drivers
/// (all by default) over their corpora, prints a table with the ratios against the other
/// parsers on the same corpus, and merges the counts into [`results_path`]; `--one CORPUS NAME`
/// is the child's side. `--stride N` counts every N-th document of a per-document group
/// (all by default); `--group NAME` (repeatable) counts only those groups.
pub fn main(groups: &[Group<'_>]) -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut stride = 1;
    if let Some(i) = args.iter().position(|a| a == "--stride") {
        match args.get(i + 1).and_then(|n| n.parse().ok()) {
            Some(n) if n > 0 => stride = n,
            _ => {
                eprintln!("--stride needs a positive number");
                return ExitCode::FAILURE;
            }
        }
        args.drain(i..i + 2);
    }
    let mut only_groups = Vec::new();
    while let Some(i) = args.iter().position(|a| a == "--group") {
        let Some(name) = args.get(i + 1).cloned() else {
            eprintln!("--group needs a group name");
            return ExitCode::FAILURE;
        };
        only_groups.push(name);
        args.drain(i..i + 2);
    }
    if let [flag, group, name] = args.as_slice()
        && flag == "--one"
    {
        return one(groups, group, name, stride);
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
    for g in groups.iter().filter(|g| only_groups.is_empty() || only_groups.iter().any(|o| o == g.name)) {
        if g.corpus.load().is_none() {
            continue; // a loud skip already, or a panic under CI
        }
        for (name, _) in g.drivers.iter().filter(|(n, _)| wanted(n)) {
            let counted = if g.per_document {
                count_per_document(g.name, name, stride)
            } else {
                count(g.name, name, out.as_deref())
            };
            match counted {
                Ok(c) => counts.push(c),
                Err(e) => {
                    eprintln!("{e}");
                    failed = true;
                }
            }
        }
    }
    println!("profile: {}", build_profile());
    println!("| corpus | API | bytes | instructions | per byte (median page) | fewer instructions than |");
    println!("| --- | --- | ---: | ---: | ---: | --- |");
    for c in &counts {
        let vs: Vec<String> = counts
            .iter()
            .filter(|o| o.group == c.group && o.id != c.id && o.id.split('/').next() != c.id.split('/').next())
            .map(|o| format!("{} {:.2}x", o.id, o.shown_per_byte() / c.shown_per_byte()))
            .collect();
        println!(
            "| {} | {} | {} | {} | {:.2} | {} |",
            c.group,
            c.id,
            c.bytes,
            c.instructions,
            c.shown_per_byte(),
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
