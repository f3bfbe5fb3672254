//! Instructions per byte of XML parsing over the XML corpus, counted by callgrind (issue 13):
//! statemark's XML5 tokenizer and parse, and, built with `--features quick-xml`, quick-xml's
//! events (as the criterion bench reads them, and reading decoded values like statemark's
//! tokenizer driver) and namespaced reader beside them with the ratios.
//!
//! ```sh
//! cargo run --release -p statemark-benches --features quick-xml --bin callgrind_xml
//! cargo run --release -p statemark-benches --bin callgrind_xml -- --keep /tmp/cg   # keep the profiles
//! callgrind_annotate /tmp/cg/callgrind.xml5-parse.out | head -40                  # by function
//! cargo run --release -p statemark-benches --features quick-xml --bin callgrind_xml -- --time
//! ```
//!
//! `--time` runs each driver in this process instead, 7 times, and prints the median time and
//! the ratios of the medians: a quick look at what the instruction counts become on this
//! machine, noisy where others compile; the criterion benches are the report.
//!
//! Each count comes from a child process (this binary with `--one NAME`) under
//! `valgrind --tool=callgrind`, collecting only inside `measured`: loading the corpus and
//! process start-up are not counted. Instruction counts do not depend on what else the shared
//! machine runs, which is why the comparison is made with them and not with times.

use statemark_benches::{bytes_of, corpus, statemark_drivers};
use std::hint::black_box;
use std::process::{Command, ExitCode};

#[cfg(feature = "quick-xml")]
#[path = "../../benches/drivers/quick_xml.rs"]
mod quick_xml_drivers;

/// A driver: documents in, a sum of what it read out.
type Driver = fn(&[String]) -> usize;

/// The drivers measured, by name: the benches' own (`statemark_drivers`, `drivers/quick_xml.rs`),
/// so the counts are of exactly what the criterion benches time.
fn drivers() -> Vec<(&'static str, Driver)> {
    let ours: [(&'static str, Driver); 2] =
        [("xml5-tokenizer", statemark_drivers::xml5_tokenizer), ("xml5-parse", statemark_drivers::xml5_parse)];
    #[cfg(feature = "quick-xml")]
    let theirs: &[(&'static str, Driver)] = &[
        ("quick-xml-events", quick_xml_drivers::events),
        ("quick-xml-events-decoded", quick_xml_drivers::events_decoded),
        ("quick-xml-namespaced", quick_xml_drivers::namespaced),
    ];
    #[cfg(not(feature = "quick-xml"))]
    let theirs: &[(&'static str, Driver)] = &[];
    ours.iter().chain(theirs).copied().collect()
}

/// The only code callgrind counts.
#[inline(never)]
fn measured(f: Driver, docs: &[String]) -> usize {
    f(black_box(docs))
}

/// (instructions, input bytes) of one driver over the corpus, from a callgrind child.
fn count(name: &str, keep: Option<&str>) -> Result<(u64, u64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out_file = keep.map_or("/dev/null".to_string(), |dir| format!("{dir}/callgrind.{name}.out"));
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--toggle-collect=*measured*"])
        .arg(format!("--callgrind-out-file={out_file}"))
        .arg(exe)
        .args(["--one", name])
        .output()
        .map_err(|e| format!("running valgrind: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("{name} failed: {stderr}"));
    }
    let bytes = stdout.split_whitespace().next().and_then(|w| w.parse().ok());
    // callgrind's summary: "==PID== Collected : N".
    let instructions =
        stderr.lines().find_map(|l| l.split_once("Collected :").and_then(|(_, n)| n.trim().parse().ok()));
    match (instructions, bytes) {
        (Some(i), Some(b)) => Ok((i, b)),
        _ => Err(format!("{name}: no byte count or no callgrind total in\n{stdout}\n{stderr}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(docs) = corpus::XML.load() else {
        return ExitCode::SUCCESS;
    };
    if let [flag, name] = args.as_slice()
        && flag == "--one"
    {
        let Some(&(_, f)) = drivers().iter().find(|(n, _)| n == name) else {
            eprintln!("no driver {name}");
            return ExitCode::FAILURE;
        };
        let total = measured(f, &docs);
        println!("{} {total}", bytes_of(&docs));
        return ExitCode::SUCCESS;
    }
    let keep = match args.as_slice() {
        [flag] if flag == "--time" => return time(&docs),
        [flag, dir] if flag == "--keep" => Some(dir.as_str()),
        [] => None,
        _ => {
            eprintln!("usage: callgrind_xml [--keep DIR | --one NAME | --time]");
            return ExitCode::FAILURE;
        }
    };
    if Command::new("valgrind").arg("--version").output().is_err() {
        corpus::skip("valgrind is not installed: these counts need callgrind");
        return ExitCode::SUCCESS;
    }
    let mut per_byte = Vec::new();
    println!("| driver | instructions | bytes | instructions/byte |");
    println!("| --- | --- | --- | --- |");
    for (name, _) in drivers() {
        match count(name, keep) {
            Ok((i, b)) => {
                let r = i as f64 / b as f64;
                println!("| {name} | {i} | {b} | {r:.2} |");
                per_byte.push((name, r));
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    print_ratios(&per_byte);
    ExitCode::SUCCESS
}

/// Ratios as the report gives them, from a cost per driver: > 1 means statemark does the same
/// work for less than the other parser.
fn print_ratios(cost: &[(&str, f64)]) {
    let of = |n: &str| cost.iter().find(|(name, _)| *name == n).map(|&(_, r)| r);
    let pairs = [
        ("xml5-tokenizer", "quick-xml-events"),
        ("xml5-tokenizer", "quick-xml-events-decoded"),
        ("xml5-parse", "quick-xml-namespaced"),
    ];
    for (ours, theirs) in pairs {
        if let (Some(a), Some(b)) = (of(ours), of(theirs)) {
            println!("{ours} vs {theirs}: {:.2}x", b / a);
        }
    }
}

/// `--time`: the median of 7 runs of each driver, after one run to warm up.
fn time(docs: &[String]) -> ExitCode {
    let bytes = bytes_of(docs) as f64;
    let mut medians = Vec::new();
    for (name, f) in drivers() {
        measured(f, docs);
        let mut times: Vec<f64> = (0..7)
            .map(|_| {
                let start = std::time::Instant::now();
                measured(f, docs);
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        println!("{name}: {:.1} ms, {:.0} MB/s", median * 1e3, bytes / median / 1e6);
        medians.push((name, median));
    }
    print_ratios(&medians);
    ExitCode::SUCCESS
}
