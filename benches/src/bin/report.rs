//! Writes BENCHMARKS.md: one table of criterion's results (MB/s median, ratio to each other
//! parser on the same input), the issue 6 targets met or missed, and the machine, date and
//! crate versions they were measured with.
//!
//! cargo run -p statemark-benches --bin report [-- --note TEXT] [--out PATH] [--criterion DIR]
//! cargo run -p statemark-benches --bin report -- --counts-only   # the equal-work section alone
//!
//! `--counts-only` rewrites only issue 26's equal-work section of the existing file (from
//! `instructions.json`) and keeps every other section as it is, with its date: for a run of the
//! instruction counts on a machine too loaded for times.
//!
//! Reads `<criterion dir>/**/new/{benchmark,estimates}.json` (criterion dir: `--criterion`,
//! else `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else `<workspace>/target/criterion`)
//! for the groups in `statemark_benches::plan`; anything else there (other crates' benches,
//! renamed groups) is ignored. A planned benchmark without a result is shown as "not run".
//!
//! Peak memory comes from `peak-memory.json` (`--memory PATH`, else the target directory), which
//! `cargo bench -p statemark-benches --bench memory` writes; without it the section says so.
//! Instructions per byte come from `instructions.json` (`--instructions PATH`, else the target
//! directory), which `cargo bench -p statemark-benches --bench instructions` writes: a column
//! beside the times and a section of their own, and issue 26's equal-work section (both build
//! profiles, every input, the `memchr2` floor; `statemark_benches::equal_work` names the rows).

use serde_json::Value;
use statemark_benches::callgrind::{self, Count};
use statemark_benches::corpus::workspace_root;
use statemark_benches::equal_work::{self, FLOOR_MEMCHR2, INPUTS, PROFILES, SINK_OVER_FLOOR_AT_MOST};
use statemark_benches::memory::{self, PeakRow};
use statemark_benches::plan::{self, COMPARISONS, MAX_TIME_RATIO_AT_4X, Parser, RATIO_TARGETS, WORKLOADS, Workload};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// One criterion result.
#[derive(Clone, Copy, Debug)]
struct Measured {
    bytes: u64,
    median_ns: f64,
    /// When criterion wrote it (seconds since the epoch), to show how far apart the results are.
    written: u64,
}

impl Measured {
    fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / self.median_ns * 1e3
    }
}

/// (group, function id, parameter): criterion's three-part benchmark id.
type Key = (String, String, Option<String>);

/// Results by benchmark id.
type Results = BTreeMap<Key, Measured>;

struct Args {
    out: PathBuf,
    criterion: PathBuf,
    memory: PathBuf,
    /// Count files, read together (`--instructions` may be given more than once: one per profile
    /// when the two counting runs used different target directories).
    instructions: Vec<PathBuf>,
    note: Option<String>,
    counts_only: bool,
}

fn parse_args() -> Args {
    let root = workspace_root();
    let mut out = root.join("BENCHMARKS.md");
    let mut criterion = std::env::var_os("CRITERION_HOME").map(PathBuf::from).unwrap_or_else(|| {
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from).join("criterion")
    });
    let mut memory = memory::results_path();
    let mut instructions = Vec::new();
    let mut note = None;
    let mut counts_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage(&format!("{arg} needs a value")));
        match arg.as_str() {
            "--out" => out = PathBuf::from(value()),
            "--criterion" => criterion = PathBuf::from(value()),
            "--memory" => memory = PathBuf::from(value()),
            "--instructions" => instructions.push(PathBuf::from(value())),
            "--note" => note = Some(value()),
            "--counts-only" => counts_only = true,
            "-h" | "--help" => usage(""),
            _ => usage(&format!("unknown argument {arg}")),
        }
    }
    if instructions.is_empty() {
        instructions.push(callgrind::results_path());
    }
    Args { out, criterion, memory, instructions, note, counts_only }
}

fn usage(problem: &str) -> ! {
    if !problem.is_empty() {
        eprintln!("report: {problem}");
    }
    eprintln!(
        "usage: cargo run -p statemark-benches --bin report -- [--note TEXT] [--out PATH] [--criterion DIR] [--memory FILE] [--instructions FILE] [--counts-only]"
    );
    std::process::exit(2)
}

fn main() {
    let args = parse_args();
    if args.counts_only {
        let existing = std::fs::read_to_string(&args.out)
            .unwrap_or_else(|e| panic!("--counts-only keeps {}, which cannot be read: {e}", args.out.display()));
        let mut section = String::new();
        equal_work_section(&mut section, &read_counts(&args.instructions));
        let markdown = splice_section(&existing, EQUAL_WORK_HEADING, "## Peak memory", &section);
        std::fs::write(&args.out, &markdown).unwrap_or_else(|e| panic!("writing {}: {e}", args.out.display()));
        print!("{section}");
        eprintln!("report: rewrote the equal-work section of {}", args.out.display());
        return;
    }
    let results = read_results(&args.criterion);
    if results.is_empty() {
        eprintln!(
            "report: no results for the planned groups under {}; run `cargo bench -p statemark-benches` first",
            args.criterion.display()
        );
        std::process::exit(1);
    }
    let peaks = std::fs::read_to_string(&args.memory).ok().and_then(|t| memory::from_json(&t));
    let all_counts = read_counts(&args.instructions);
    let markdown = render(&results, &all_counts, peaks.as_deref(), args.note.as_deref());
    std::fs::write(&args.out, &markdown).unwrap_or_else(|e| panic!("writing {}: {e}", args.out.display()));
    print!("{markdown}");
    eprintln!("report: wrote {}", args.out.display());
}

/// The counts of every file given, in order.
fn read_counts(files: &[PathBuf]) -> Vec<Count> {
    files.iter().flat_map(|f| callgrind::read_results(f)).collect()
}

// ----- reading criterion's output -----

fn read_results(dir: &Path) -> Results {
    let planned: Vec<&str> = WORKLOADS.iter().map(|w| w.group).collect();
    let mut files = Vec::new();
    find_benchmark_files(dir, &mut files);
    let mut results = Results::new();
    for file in files {
        let Some((key, measured)) = read_one(&file) else {
            eprintln!("report: ignoring unreadable {}", file.display());
            continue;
        };
        if planned.contains(&key.0.as_str()) {
            results.insert(key, measured);
        }
    }
    results
}

/// Every `new/benchmark.json` under `dir` (criterion keeps the latest run in `new/`).
fn find_benchmark_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            find_benchmark_files(&path, out);
        } else if path.file_name().is_some_and(|n| n == "benchmark.json")
            && path.parent().and_then(Path::file_name).is_some_and(|n| n == "new")
        {
            out.push(path);
        }
    }
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn read_one(benchmark_json: &Path) -> Option<(Key, Measured)> {
    let id = read_json(benchmark_json)?;
    let estimates_path = benchmark_json.with_file_name("estimates.json");
    let estimates = read_json(&estimates_path)?;
    let group = id["group_id"].as_str()?.to_owned();
    let function = id["function_id"].as_str()?.to_owned();
    let value = id["value_str"].as_str().map(str::to_owned);
    let throughput = &id["throughput"];
    let bytes = throughput["Bytes"].as_u64().or_else(|| throughput["BytesDecimal"].as_u64())?;
    let median_ns = estimates["median"]["point_estimate"].as_f64()?;
    let written = std::fs::metadata(&estimates_path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs());
    Some(((group, function, value), Measured { bytes, median_ns, written }))
}

fn lookup(results: &Results, group: &str, parser: &Parser, scale: Option<u32>) -> Option<Measured> {
    let key = (group.to_owned(), parser.id.to_owned(), scale.map(plan::scale_label));
    results.get(&key).copied()
}

// ----- rendering -----

fn render(results: &Results, all_counts: &[Count], peaks: Option<&[PeakRow]>, note: Option<&str>) -> String {
    // The timed table and issue 13's section: the release profile on html-big and the XML
    // corpus, as before; everything else is issue 26's section.
    let counts: Vec<Count> = all_counts
        .iter()
        .filter(|c| c.profile == "release" && ["html-big", "xml"].contains(&c.group.as_str()))
        .filter(|c| !c.id.starts_with("floor/") && !equal_work_only(&c.id))
        .cloned()
        .collect();
    let counts = counts.as_slice();
    let mut md = String::new();
    md.push_str("<!-- Generated by `cargo run -p statemark-benches --bin report`; do not edit. -->\n");
    md.push_str("# Benchmarks\n\n");
    md.push_str(
        "statemark side by side with html5ever, html5gum, lol_html, xml5ever and quick-xml, all measured \
         in the same `cargo bench -p statemark-benches` run on the same inputs. How to run and what each \
         benchmark reads: [benches/README.md](benches/README.md).\n\n",
    );
    header(&mut md, results, note);
    table(&mut md, results, counts);
    instructions(&mut md, counts);
    equal_work_section(&mut md, all_counts);
    peak_memory(&mut md, peaks);
    targets(&mut md, results);
    md
}

fn peak_memory(md: &mut String, peaks: Option<&[PeakRow]>) {
    md.push_str(
        "## Peak memory / input size

",
    );
    let Some(rows) = peaks.filter(|r| !r.is_empty()) else {
        md.push_str("not run (`cargo bench -p statemark-benches --bench memory` writes the numbers)\n\n");
        return;
    };
    md.push_str(
        "Most heap bytes live at once while parsing into a tree (tree included, input string not), \
         over input bytes; each document parsed alone, peaks summed over the corpus. Measured by a \
         counting global allocator in a binary of its own (`--bench memory`), not under criterion.\n\n",
    );
    md.push_str("| input | documents | size | parser | peak / input | worst document |\n");
    md.push_str("| --- | ---: | ---: | --- | ---: | ---: |\n");
    for r in rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} | `{}` | {:.2}x | {:.2}x |",
            r.corpus,
            r.documents,
            size_label(r.input_bytes),
            r.parser,
            r.ratio(),
            r.max_ratio
        );
    }
    md.push('\n');
}

fn header(md: &mut String, results: &Results, note: Option<&str>) {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (first, last) = results.values().fold((u64::MAX, 0), |(lo, hi), m| (lo.min(m.written), hi.max(m.written)));
    let _ = writeln!(md, "- date: {} (report); results written {} to {}", utc(now), utc(first), utc(last));
    let _ = writeln!(md, "- machine: {}", machine());
    if let Some(rustc) = command_line("rustc", &["--version"]) {
        let _ = writeln!(md, "- compiler: {rustc}");
    }
    let _ = writeln!(md, "- crates: {}", crate_versions());
    if let Some(note) = note {
        let _ = writeln!(md, "- note: {note}");
    }
    md.push_str(
        "- method: criterion 0.5, 10 samples, 3 s measurement after 1 s warm-up, flat sampling; \
         MB/s = 10^6 bytes of input per second at the median sample; a ratio is this row's MB/s over \
         that column's, on the same input (> 1 means this row is faster).\n\n",
    );
}

/// Instructions per byte of `id` on `group`, when counted.
fn per_byte(counts: &[Count], group: &str, id: &str) -> Option<f64> {
    counts.iter().find(|c| c.group == group && c.id == id).map(Count::per_byte)
}

/// Replace the section of `doc` that starts with the line `heading` (up to the next `## `
/// heading) by `section`; without one, put `section` before the line starting with `before`
/// (at the end when there is none either).
fn splice_section(doc: &str, heading: &str, before: &str, section: &str) -> String {
    let at_line = |pat: &str, from: usize| {
        doc[from..].match_indices(pat).map(|(i, _)| from + i).find(|&i| i == 0 || doc.as_bytes()[i - 1] == b'\n')
    };
    let (start, end) = match at_line(heading, 0) {
        Some(start) => (start, at_line("## ", start + heading.len()).unwrap_or(doc.len())),
        None => {
            let at = at_line(before, 0).unwrap_or(doc.len());
            (at, at)
        }
    };
    format!("{}{section}{}", &doc[..start], &doc[end..])
}

/// The equal-work section's heading line, which `--counts-only` finds it by.
const EQUAL_WORK_HEADING: &str = "## Equal work, both profiles, and the scan floor (callgrind; issue 26)";

/// Drivers that only issue 26's section shows.
fn equal_work_only(id: &str) -> bool {
    [
        equal_work::HTML5EVER_TOKENIZER_SWITCHING,
        equal_work::HTML5GUM_CALLBACK_SWITCHING,
        equal_work::HTML5GUM_DEFAULT_SWITCHING,
        equal_work::LOL_HTML_EVERY_ELEMENT,
        equal_work::QUICK_XML_EVENTS_CHECKED,
    ]
    .contains(&id)
}

/// The count of `id` on `group` under `profile`, as the tables show it (median page or total).
fn shown(counts: &[Count], profile: &str, group: &str, id: &str) -> Option<f64> {
    counts.iter().find(|c| c.profile == profile && c.group == group && c.id == id).map(Count::shown_per_byte)
}

/// Issue 26: every driver under both profiles on every input, as instructions per byte and as a
/// multiple of the `memchr2` floor; then the comparisons, each on every input and profile.
fn equal_work_section(md: &mut String, counts: &[Count]) {
    let _ = writeln!(md, "{EQUAL_WORK_HEADING}\n");
    if !counts.iter().any(|c| c.id == FLOOR_MEMCHR2) {
        md.push_str(
            "not run (`cargo bench -p statemark-benches --bench instructions`, then the same with \
             `--profile bench-lto`, write the counts)\n\n",
        );
        return;
    }
    md.push_str(
        "Instructions per input byte by callgrind, as above, with every peer doing the work statemark does: \
         html5gum with `naively_switch_states(true)` and html5ever's tokenizer fed by a sink that switches \
         its state (`-switching`: both then read `<script>`/`<style>`/`<title>` contents as text, as \
         statemark's tokenizer does), lol_html with an `element!(\"*\", ...)` handler reading every tag's \
         name and attributes beside lol_html with no handlers (which builds no tokens: a lower bound, not \
         equal work), quick-xml with its duplicate-attribute check on. `floor/memchr2` finds every `<` and \
         `&` with `memchr::memchr2_iter` (the least any tokenizer here must do); `floor/memcpy` copies the \
         input once. Two build profiles of the same drivers: `release` (cargo's `bench` profile) and \
         `bench-lto` (fat LTO, one codegen unit; `[profile.bench-lto]` in the root Cargo.toml). The \
         `html` row is the median page of the HTML corpus, each page counted on its own (callgrind dumps \
         after each); the others are totals over their input. \"x floor\" is a row's count over \
         `floor/memchr2`'s on the same input and profile. Instruction counts do not depend on the \
         machine's load; the timed table above was not re-run with them (the machine was loaded by other \
         builds, so times would have been noise) and keeps its own date. callgrind counts every \
         iteration of a `rep movsb` as an instruction, so `floor/memcpy` depends on the copy routine \
         glibc picks for the size (1 per byte for the 0.5 MB page, 0.1 for 5.9 MB).\n\n",
    );
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let commit = command_line("git", &["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".to_owned());
    let _ = writeln!(md, "Section written {} at git {commit}.\n", utc(now));
    for input in INPUTS {
        let mut ids: Vec<&str> =
            counts.iter().filter(|c| c.group == input.group).map(|c| c.id.as_str()).collect::<Vec<_>>();
        ids.sort_by_key(|id| (!id.starts_with("statemark/"), id.starts_with("floor/"), *id));
        ids.dedup();
        if ids.is_empty() {
            let _ = writeln!(md, "### {}\n\nnot run\n", input.title);
            continue;
        }
        let docs = counts.iter().filter(|c| c.group == input.group).map(|c| c.documents).max().unwrap_or(0);
        let _ = writeln!(md, "### {}\n", input.title);
        if docs > 0 {
            let _ = writeln!(
                md,
                "{docs} pages counted one by one (`--stride N` counts every N-th page of the corpus); the median page's instructions per byte.\n"
            );
        }
        md.push_str("| driver |");
        for p in PROFILES {
            let _ = write!(md, " {p} instr/byte | {p} x floor |");
        }
        md.push_str("\n| --- |");
        for _ in PROFILES {
            md.push_str(" ---: | ---: |");
        }
        md.push('\n');
        for id in ids {
            let name = if id.starts_with("statemark/") { format!("**`{id}`**") } else { format!("`{id}`") };
            let _ = write!(md, "| {name} |");
            for p in PROFILES {
                match (shown(counts, p, input.group, id), shown(counts, p, input.group, FLOOR_MEMCHR2)) {
                    (Some(v), Some(f)) => {
                        let _ = write!(md, " {v:.2} | {:.2}x |", v / f);
                    }
                    (Some(v), None) => {
                        let _ = write!(md, " {v:.2} | |");
                    }
                    _ => md.push_str(" not run | |"),
                }
            }
            md.push('\n');
        }
        md.push('\n');
    }
    md.push_str(
        "### Comparisons\n\nEach cell: the other driver's instructions over statemark's on that input and \
         profile (> 1: statemark executes fewer); the floor row is statemark's cheapest sink over \
         `floor/memchr2` (lower is better). A target is met only when every counted cell meets it.\n\n",
    );
    md.push_str("| comparison |");
    let mut columns = Vec::new();
    for input in INPUTS {
        for p in PROFILES {
            if counts.iter().any(|c| c.group == input.group && c.profile == *p) {
                columns.push((input.group, *p));
                let _ = write!(md, " {} {p} |", input.group);
            }
        }
    }
    md.push_str(" target |\n| --- |");
    for _ in &columns {
        md.push_str(" ---: |");
    }
    md.push_str(" --- |\n");
    for c in equal_work::COMPARISONS {
        let cells: Vec<Option<f64>> = columns
            .iter()
            .map(|(g, p)| Some(shown(counts, p, g, c.against)? / shown(counts, p, g, c.subject)?))
            .collect();
        let verdict = c.at_least.map(|t| {
            let counted: Vec<f64> = cells.iter().flatten().copied().collect();
            let mark = if counted.is_empty() { Verdict::NotRun } else { Verdict::of(counted.iter().all(|r| *r >= t)) };
            format!("{} >= {t}x", mark.mark())
        });
        comparison_row(md, c.what, &cells, verdict.as_deref().unwrap_or(""));
    }
    let floor: Vec<Option<f64>> = columns
        .iter()
        .map(|(g, p)| Some(shown(counts, p, g, "statemark/sink")? / shown(counts, p, g, FLOOR_MEMCHR2)?))
        .collect();
    let counted: Vec<f64> = floor.iter().flatten().copied().collect();
    let mark = if counted.is_empty() {
        Verdict::NotRun
    } else {
        Verdict::of(counted.iter().all(|r| *r <= SINK_OVER_FLOOR_AT_MOST))
    };
    let target = format!("{} <= {SINK_OVER_FLOOR_AT_MOST}x", mark.mark());
    comparison_row(md, "cheapest sink over the `memchr2` floor", &floor, &target);
    md.push('\n');
}

fn comparison_row(md: &mut String, what: &str, cells: &[Option<f64>], target: &str) {
    let _ = write!(md, "| {what} |");
    for cell in cells {
        match cell {
            Some(r) => {
                let _ = write!(md, " {r:.2}x |");
            }
            None => md.push_str(" – |"),
        }
    }
    let _ = writeln!(md, " {target} |");
}

fn instructions(md: &mut String, counts: &[Count]) {
    md.push_str("## Instructions per byte (callgrind)\n\n");
    if counts.is_empty() {
        md.push_str("not run (`cargo bench -p statemark-benches --bench instructions` writes the counts)\n\n");
        return;
    }
    md.push_str(
        "Instructions executed per input byte, counted by `valgrind --tool=callgrind` inside the driver \
         only (corpus loading and start-up not counted): the same for a given binary and input whatever \
         else the machine runs. A ratio is that parser's count over this row's (> 1 means this row \
         executes fewer instructions). The same drivers as the timed rows.\n\n",
    );
    md.push_str("| input | benchmark | instructions | per byte | fewer instructions than |\n");
    md.push_str("| --- | --- | ---: | ---: | --- |\n");
    for c in counts {
        let family = |id: &str| id.split('/').next().unwrap_or(id).to_owned();
        let vs: Vec<String> = counts
            .iter()
            .filter(|o| o.group == c.group && family(&o.id) != family(&c.id))
            .map(|o| format!("{} {:.2}x", o.id, o.per_byte() / c.per_byte()))
            .collect();
        let name = if c.id.starts_with("statemark/") { format!("**`{}`**", c.id) } else { format!("`{}`", c.id) };
        let _ = writeln!(md, "| {} | {name} | {} | {:.2} | {} |", c.group, c.instructions, c.per_byte(), vs.join(", "));
    }
    md.push('\n');
}

fn table(md: &mut String, results: &Results, counts: &[Count]) {
    md.push_str("| input | size | benchmark | MB/s | instr/byte |");
    for c in COMPARISONS {
        let _ = write!(md, " vs {} |", c.label);
    }
    md.push_str("\n| --- | ---: | --- | ---: | ---: |");
    for _ in COMPARISONS {
        md.push_str(" ---: |");
    }
    md.push('\n');
    for workload in WORKLOADS {
        let scales: Vec<Option<u32>> =
            if workload.scales.is_empty() { vec![None] } else { workload.scales.iter().copied().map(Some).collect() };
        for scale in scales {
            let input = match scale {
                None => workload.title.to_owned(),
                Some(s) => format!("{} · {}", workload.title, plan::scale_label(s)),
            };
            let size = workload
                .parsers
                .iter()
                .find_map(|p| lookup(results, workload.group, p, scale))
                .map(|m| size_label(m.bytes))
                .unwrap_or_default();
            for parser in workload.parsers {
                let instr = scale.map_or_else(|| per_byte(counts, workload.group, parser.id), |_| None);
                row(md, results, workload, scale, parser, &input, &size, instr);
            }
        }
    }
    md.push('\n');
}

#[allow(clippy::too_many_arguments)]
fn row(
    md: &mut String,
    results: &Results,
    w: &Workload,
    scale: Option<u32>,
    parser: &Parser,
    input: &str,
    size: &str,
    instr: Option<f64>,
) {
    let name = if parser.statemark { format!("**{}**", parser.label) } else { parser.label.to_owned() };
    let _ = write!(md, "| {input} | {size} | {name} `{}` |", parser.id);
    let Some(this) = lookup(results, w.group, parser, scale) else {
        md.push_str(" not run | |");
        for _ in COMPARISONS {
            md.push_str(" |");
        }
        md.push('\n');
        return;
    };
    let _ = write!(md, " {} | {} |", mb_label(this.mb_per_s()), instr.map(|i| format!("{i:.1}")).unwrap_or_default());
    for c in COMPARISONS {
        let cell = if c.id == parser.id || !w.parsers.iter().any(|p| p.id == c.id) {
            String::new()
        } else {
            match lookup(results, w.group, c, scale) {
                Some(other) => format!("{:.2}x", this.mb_per_s() / other.mb_per_s()),
                None => "–".to_owned(),
            }
        };
        let _ = write!(md, " {cell} |");
    }
    md.push('\n');
}

fn targets(md: &mut String, results: &Results) {
    md.push_str("## Targets (issue 6)\n\n");
    for t in RATIO_TARGETS {
        let mut parts = Vec::new();
        let mut verdicts = Vec::new();
        for group in t.groups {
            match (lookup(results, group, t.subject, None), lookup(results, group, t.against, None)) {
                (Some(a), Some(b)) => {
                    let ratio = a.mb_per_s() / b.mb_per_s();
                    verdicts.push(Verdict::of(ratio >= t.at_least));
                    parts.push(format!("{group} {ratio:.2}x"));
                }
                _ => {
                    verdicts.push(Verdict::NotRun);
                    parts.push(format!("{group} not run"));
                }
            }
        }
        let _ = writeln!(md, "- {} {}: {}", Verdict::all(&verdicts).mark(), t.what, parts.join(", "));
    }
    let _ =
        writeln!(md, "- linear time, 4x size within {MAX_TIME_RATIO_AT_4X}x time (time at 2x and 4x over time at 1x):");
    for w in WORKLOADS.iter().filter(|w| !w.scales.is_empty()) {
        for parser in w.parsers.iter().filter(|p| p.statemark) {
            let at = |s: u32| lookup(results, w.group, parser, Some(s));
            let line = match (at(1), at(2), at(4)) {
                (Some(one), two, Some(four)) => {
                    let r4 = four.median_ns / one.median_ns;
                    let r2 = two.map_or_else(|| "?".to_owned(), |two| format!("{:.2}", two.median_ns / one.median_ns));
                    let v = Verdict::of(r4 <= MAX_TIME_RATIO_AT_4X);
                    format!("{} {r2}, {r4:.2}", v.mark())
                }
                _ => Verdict::NotRun.mark().to_owned(),
            };
            let _ = writeln!(md, "  - {} · {}: {line}", w.title, parser.label);
        }
    }
    md.push('\n');
}

#[derive(Clone, Copy, PartialEq)]
enum Verdict {
    Met,
    Missed,
    NotRun,
}

impl Verdict {
    fn of(met: bool) -> Verdict {
        if met { Verdict::Met } else { Verdict::Missed }
    }

    /// A target over several inputs is met only when it is met on every one of them.
    fn all(vs: &[Verdict]) -> Verdict {
        for v in [Verdict::Missed, Verdict::NotRun] {
            if vs.contains(&v) {
                return v;
            }
        }
        Verdict::Met
    }

    fn mark(self) -> &'static str {
        match self {
            Verdict::Met => "**met**",
            Verdict::Missed => "**missed**",
            Verdict::NotRun => "not run",
        }
    }
}

fn mb_label(mb: f64) -> String {
    if mb >= 100.0 {
        format!("{mb:.0}")
    } else if mb >= 10.0 {
        format!("{mb:.1}")
    } else {
        format!("{mb:.2}")
    }
}

fn size_label(bytes: u64) -> String {
    if bytes >= 1_000_000 { format!("{:.1} MB", bytes as f64 / 1e6) } else { format!("{:.0} kB", bytes as f64 / 1e3) }
}

// ----- machine, date, versions -----

fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')).map(|(_, m)| m.trim().to_owned()))
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let kb: u64 = m
                .lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))?
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .ok()?;
            Some(format!(", {:.1} GB RAM", kb as f64 / 1e6))
        })
        .unwrap_or_default();
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|l| {
            format!(
                ", load average {} when the report was written",
                l.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
            )
        })
        .unwrap_or_default();
    format!("{cpus} CPUs (nproc), {model}{memory}, {}{load}", std::env::consts::ARCH)
}

fn command_line(program: &str, args: &[&str]) -> Option<String> {
    let out = std::process::Command::new(program).args(args).current_dir(workspace_root()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Versions of statemark and the comparison crates as Cargo.lock pins them, plus statemark's
/// git commit (and whether runtime/ had changes), since its version number never moves.
fn crate_versions() -> String {
    const NAMES: &[&str] =
        &["statemark", "html5ever", "markup5ever_rcdom", "html5gum", "lol_html", "xml5ever", "quick-xml", "criterion"];
    let lock = std::fs::read_to_string(workspace_root().join("Cargo.lock")).unwrap_or_default();
    let mut found: Vec<(String, String)> = Vec::new();
    let mut name: Option<&str> = None;
    for line in lock.lines() {
        if line == "[[package]]" {
            name = None;
        } else if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"'));
        } else if let (Some(n), Some(v)) = (name, line.strip_prefix("version = "))
            && NAMES.contains(&n)
        {
            found.push((n.to_owned(), v.trim_matches('"').to_owned()));
        }
    }
    found.sort_by_key(|(n, _)| NAMES.iter().position(|m| m == n));
    let mut parts: Vec<String> = found.into_iter().map(|(n, v)| format!("{n} {v}")).collect();
    if let Some(commit) = command_line("git", &["rev-parse", "--short", "HEAD"]) {
        // Only statemark's own sources count: benches/ or Cargo.lock edits change no result.
        let dirty = command_line("git", &["status", "--porcelain", "--", "runtime"]).is_some_and(|s| !s.is_empty());
        let statemark = parts.iter_mut().find(|p| p.starts_with("statemark "));
        if let Some(p) = statemark {
            let _ = write!(p, " (git {commit}{})", if dirty { " + uncommitted changes in runtime/" } else { "" });
        }
    }
    parts.join(", ")
}

/// `YYYY-MM-DD HH:MM UTC` from seconds since the epoch (no date crate for one line).
fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}
