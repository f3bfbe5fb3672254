//! Adversarial growth: the instructions statemark spends parsing each adversarial input of
//! `generate::GROWTH` at 1x and at 4x size, each operation of `generate::GROWTH_OPERATIONS` on
//! its input, and selecting in each tree of `generate::SELECT_GROWTH`, counted by callgrind (not
//! timed: instruction counts do not depend on what else the machine runs). Fails when 4x the
//! input costs more than 4.5x the work (issues 12 and 22).
//!
//! ```sh
//! cargo bench -p statemark-benches --bench growth                  # every generator
//! cargo bench -p statemark-benches --bench growth -- noahs-ark     # some of them
//! ```
//!
//! Each count comes from a child process (this binary with `--one NAME SCALE`) run under
//! `valgrind --tool=callgrind` with collection switched on only inside `parse_once`, so input
//! generation and process start-up are not counted. Without valgrind the run is a loud skip
//! (a failure under `CI`).

use statemark_benches::callgrind;
use statemark_benches::corpus::skip;
use statemark_benches::generate::{GROWTH, GROWTH_OPERATIONS, Generator, Operation, SELECT_GROWTH};
use std::hint::black_box;
use std::process::ExitCode;

/// The most work 4x the input may cost, relative to 1x.
const MAX_RATIO: f64 = 4.5;

/// Parses one document into the arena DOM and drops it, or runs `operation` on the input: the
/// only code callgrind counts.
#[inline(never)]
fn parse_once(input: &str, operation: Option<Operation>) -> usize {
    if let Some(op) = operation {
        return black_box(op(black_box(input)));
    }
    let dom = statemark::html::parse_document(black_box(input));
    black_box(dom.descendants(dom.document()).count())
}

/// Selects in a parsed tree: the only code callgrind counts for `SELECT_GROWTH`.
#[inline(never)]
fn select_once(dom: &statemark::dom::Dom, selector: &str) -> usize {
    let selector = statemark::dom::Selector::parse(black_box(selector)).expect("a valid selector");
    black_box(dom.select(&selector).count())
}

/// What the bench counts on an input.
#[derive(Clone, Copy)]
enum Work {
    /// Parsing it as a document (`GROWTH`).
    Parse,
    /// An operation on it (`GROWTH_OPERATIONS`).
    Operation(Operation),
    /// Selecting in its parsed tree (`SELECT_GROWTH`); the parse is not counted.
    Select(&'static str),
}

impl Work {
    /// The function callgrind counts inside.
    fn toggle(self) -> &'static str {
        if matches!(self, Work::Select(_)) { "*select_once*" } else { "*parse_once*" }
    }
}

/// Every input the bench counts: (name, generator, work).
fn entries() -> impl Iterator<Item = (&'static str, Generator, Work)> {
    let parse = GROWTH.iter().map(|&(n, g)| (n, g, Work::Parse));
    let operations = GROWTH_OPERATIONS.iter().map(|&(n, g, o)| (n, g, Work::Operation(o)));
    parse.chain(operations).chain(SELECT_GROWTH.iter().map(|&(n, g, s)| (n, g, Work::Select(s))))
}

/// The child's side: generate `name` at `scale` (not counted) and do its work (counted).
fn one(name: &str, scale: u32) -> ExitCode {
    let Some((_, make, work)) = entries().find(|(n, _, _)| *n == name) else {
        eprintln!("no generator {name}");
        return ExitCode::FAILURE;
    };
    let input = make(scale);
    let nodes = match work {
        Work::Parse => parse_once(&input, None),
        Work::Operation(op) => parse_once(&input, Some(op)),
        Work::Select(selector) => select_once(&statemark::html::parse_document(&input), selector),
    };
    println!("{} {nodes}", input.len());
    ExitCode::SUCCESS
}

/// (input bytes, nodes in the tree or elements selected, instructions) of `name` at `scale`,
/// from a callgrind child counting inside the function `work` names.
fn count(name: &str, work: Work, scale: u32) -> Result<(u64, u64, u64), String> {
    let (stdout, instructions) =
        callgrind::run_child(work.toggle(), "/dev/null", &["--one", name, &scale.to_string()])?;
    let mut numbers = stdout.split_whitespace().map(|w| w.parse().ok());
    match (numbers.next().flatten(), numbers.next().flatten()) {
        (Some(b), Some(n)) => Ok((b, n, instructions)),
        _ => Err(format!("{name} {scale}x: no byte or node count in {stdout:?}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let [flag, name, scale] = args.as_slice()
        && flag == "--one"
    {
        return scale.parse().map_or(ExitCode::FAILURE, |s| one(name, s));
    }
    if !callgrind::valgrind_available() {
        skip("valgrind is not installed: adversarial growth needs callgrind's instruction counts");
        return ExitCode::SUCCESS;
    }
    let wanted = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    println!("| input | 1x bytes | 1x nodes | 1x instructions | per byte | 4x instructions | 4x / 1x |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut failed = Vec::new();
    for (name, _, work) in entries().filter(|(n, _, _)| wanted(n)) {
        match (count(name, work, 1), count(name, work, 4)) {
            (Ok((b1, n1, i1)), Ok((_, _, i4))) => {
                let ratio = i4 as f64 / i1 as f64;
                let per_byte = i1 as f64 / b1 as f64;
                println!("| {name} | {b1} | {n1} | {i1} | {per_byte:.0} | {i4} | {ratio:.2} |");
                if ratio > MAX_RATIO {
                    failed.push(format!("{name}: 4x the input costs {ratio:.2}x the instructions"));
                }
            }
            (Err(e), _) | (_, Err(e)) => failed.push(e),
        }
    }
    if failed.is_empty() {
        println!("\ngrowth: every input within {MAX_RATIO}x work for 4x size");
        ExitCode::SUCCESS
    } else {
        for f in &failed {
            println!("growth: {f}");
        }
        ExitCode::FAILURE
    }
}
