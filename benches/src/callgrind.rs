//! Instructions per input byte, counted by callgrind: the measure issue 13's targets are stated
//! in. Each count comes from a child process (the calling binary with `--one NAME`) run under
//! `valgrind --tool=callgrind` with collection on only inside [`measured`], so loading the
//! corpus and process start-up are not counted. Counts do not depend on what else the machine
//! runs, which is why they, not times, are the primary measure on a shared machine.

use crate::corpus::{Corpus, skip};
use std::hint::black_box;
use std::path::Path;
use std::process::{Command, ExitCode};

/// One API to count: a name on the command line and the driver that runs it over documents.
pub type Driver = (&'static str, fn(&[String]) -> usize);

/// The only code callgrind counts: one driver over the documents.
#[inline(never)]
fn measured(driver: fn(&[String]) -> usize, docs: &[String]) -> usize {
    black_box(driver(black_box(docs)))
}

/// The child's side: load the corpus (not counted), run the driver (counted), print the bytes.
fn one(drivers: &[Driver], corpus: Corpus, name: &str) -> ExitCode {
    let Some((_, driver)) = drivers.iter().find(|(n, _)| *n == name) else {
        eprintln!("no driver {name}");
        return ExitCode::FAILURE;
    };
    let Some(docs) = corpus.load() else { return ExitCode::FAILURE };
    let result = measured(*driver, &docs);
    println!("{} {result}", crate::bytes_of(&docs));
    ExitCode::SUCCESS
}

/// (input bytes, instructions) of one driver, from a callgrind child. With `out`, callgrind's
/// profile is kept there (`callgrind_annotate` reads it) instead of being discarded.
fn count(name: &str, out: Option<&Path>) -> Result<(u64, u64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out_file = out.map_or_else(
        || "/dev/null".to_owned(),
        |dir| dir.join(format!("callgrind.{}.out", name.replace('/', "-"))).display().to_string(),
    );
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--toggle-collect=*callgrind*measured*"])
        .arg(format!("--callgrind-out-file={out_file}"))
        .arg(exe)
        .args(["--one", name])
        .output()
        .map_err(|e| format!("running valgrind: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("{name} failed: {stderr}"));
    }
    let bytes = stdout.split_whitespace().next().and_then(|w| w.parse().ok());
    // callgrind's summary: "==PID== Collected : N".
    let instructions =
        stderr.lines().find_map(|l| l.split_once("Collected :").and_then(|(_, n)| n.trim().parse().ok()));
    match (bytes, instructions) {
        (Some(b), Some(i)) => Ok((b, i)),
        _ => Err(format!("{name}: no byte count or no callgrind total in\n{stdout}\n{stderr}")),
    }
}

/// The command line of a counting binary: `[--out DIR] [NAME...]` counts the named drivers (all
/// by default) over `corpus` and prints a table; `--one NAME` is the child's side.
pub fn main(drivers: &[Driver], corpus: Corpus) -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let [flag, name] = args.as_slice()
        && flag == "--one"
    {
        return one(drivers, corpus, name);
    }
    let mut out = None;
    if let Some(i) = args.iter().position(|a| a == "--out") {
        if i + 1 >= args.len() {
            eprintln!("--out needs a directory");
            return ExitCode::FAILURE;
        }
        out = Some(std::path::PathBuf::from(args.remove(i + 1)));
        args.remove(i);
    }
    if Command::new("valgrind").arg("--version").output().is_err() {
        skip("valgrind is not installed: instruction counts need callgrind");
        return ExitCode::SUCCESS;
    }
    let wanted = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    println!("| API | bytes | instructions | per byte |");
    println!("| --- | ---: | ---: | ---: |");
    let mut failed = false;
    for (name, _) in drivers.iter().filter(|(n, _)| wanted(n)) {
        match count(name, out.as_deref()) {
            Ok((bytes, instructions)) => {
                let per_byte = instructions as f64 / bytes as f64;
                println!("| {name} | {bytes} | {instructions} | {per_byte:.2} |");
            }
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
