//! The worst-case search's command (`statemark_benches::worstcase`): every public operation,
//! patterns from the suites' seeds mutated towards the largest work(4N) / work(N) (scaled to 4x
//! the bytes, since numbered units grow with their number), a ratio above 4.6 a failure printed as a minimized Rust expression, unless the operation is on the
//! allow-list (`worstcase::ops::KNOWN`, issue 22).
//!
//! ```sh
//! # CI (.ci/run): a few patterns per operation, about three minutes
//! cargo run --profile bench -p statemark-benches --bin worstcase -- --ci
//! # by hand: as many patterns as you like, some operations only
//! cargo run --profile bench -p statemark-benches --bin worstcase -- --patterns 200 tree/ edit/
//! ```
//!
//! Options: `--patterns N` per in-process operation (default 64), `--cli-patterns N` per command
//! (default 6; 0 skips the command), `--bytes B` input size at 1x (default 2000), `--seed S`,
//! and operation-name prefixes to search only those. The `statemark` binary is looked for
//! beside this one (`cargo build --profile bench -p statemark-cli`) or in `$STATEMARK_CLI`.

use statemark_benches::corpus::skip;
use statemark_benches::worstcase::{self, Counter, Finding, MAX_RATIO, Seeds, Settings, ops};
use std::path::PathBuf;
use std::process::ExitCode;

fn flag(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    let value = args.get(i + 1).cloned();
    args.drain(i..(i + 2).min(args.len()));
    value
}

fn number(args: &mut Vec<String>, name: &str, default: usize) -> usize {
    flag(args, name).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let Some(batch) = flag(&mut args, "--child") {
        return match worstcase::child(&PathBuf::from(batch)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    let ci = args.iter().any(|a| a == "--ci");
    args.retain(|a| a != "--ci");
    let settings = Settings {
        bytes: number(&mut args, "--bytes", 2000),
        patterns: number(&mut args, "--patterns", if ci { 12 } else { 64 }),
        per_generation: number(&mut args, "--per-generation", if ci { 6 } else { 8 }),
        seed: number(&mut args, "--seed", 22) as u64,
    };
    let cli_patterns = number(&mut args, "--cli-patterns", if ci { 2 } else { 6 });
    let wanted = |name: &str| args.is_empty() || args.iter().any(|a| name.starts_with(a.as_str()));
    if !statemark_benches::callgrind::valgrind_available() {
        skip("valgrind is not installed: the worst-case search counts instructions with callgrind");
        return ExitCode::SUCCESS;
    }
    let root = statemark_benches::corpus::workspace_root();
    let shared = std::env::var_os("STATEMARK_SHARED").map_or_else(|| root.join("../shared"), PathBuf::from);
    let seeds = Seeds::load(&shared, &root.join("fuzz/markup.dict"));
    let Ok(exe) = std::env::current_exe() else { return ExitCode::FAILURE };
    let cli = std::env::var_os("STATEMARK_CLI")
        .map(PathBuf::from)
        .or_else(|| Some(exe.parent()?.join("statemark")))
        .filter(|p| p.exists());
    let mut counter = match Counter::new(exe, cli.clone()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let chosen: Vec<&'static ops::Op> = ops::all_ops().filter(|o| wanted(o.name)).collect();
    println!(
        "worst-case search: {} operations, {} patterns each, {} bytes at 1x, seed {}",
        chosen.len(),
        settings.patterns,
        settings.bytes,
        settings.seed
    );
    let mut findings = worstcase::search(&chosen, &seeds, &settings, &mut counter);
    // Failures, minimized.
    for f in findings.iter_mut() {
        if f.ratio > MAX_RATIO
            && let Some(op) = chosen.iter().find(|o| o.name == f.op)
        {
            *f = Finding {
                tried: f.tried,
                ..worstcase::minimize(op, f, settings.bytes, if ci { 2 } else { 6 }, &mut counter)
            };
        }
    }
    let cli_settings = Settings { patterns: cli_patterns, ..settings };
    if cli_patterns > 0 {
        match &cli {
            Some(_) => {
                for op in ops::CLI_OPS.iter().filter(|o| wanted(o.name)) {
                    findings.push(worstcase::search_cli(op, &seeds, &cli_settings, &mut counter));
                }
            }
            None if ci => {
                eprintln!(
                    "worstcase: no statemark binary beside this one (cargo build --profile bench -p statemark-cli)"
                );
                return ExitCode::FAILURE;
            }
            None => skip("no statemark binary beside this one: the commands are not searched"),
        }
    }
    // Every failure measured again at a larger size (`worstcase::confirm`): it fails only if it
    // is still above the limit there.
    let mut confirmed: Vec<Option<f64>> = Vec::new();
    for f in &findings {
        let c = if f.ratio > MAX_RATIO {
            let cli_op = ops::CLI_OPS.iter().find(|o| o.name == f.op);
            worstcase::confirm(f, cli_op, settings.bytes, &mut counter)
        } else {
            None
        };
        confirmed.push(c);
    }
    println!("\n| operation | patterns | worst 4x/1x, per byte | status |");
    println!("| --- | ---: | ---: | --- |");
    let mut failed = 0;
    let mut reports = Vec::new();
    for (f, c) in findings.iter().zip(&confirmed) {
        let unit = format!("{}{}", f.pattern.unit, f.pattern.close);
        let status = if f.tried == 0 {
            failed += 1;
            "FAIL: nothing counted".to_owned()
        } else if f.ratio <= MAX_RATIO {
            "ok".to_owned()
        } else if let Some(c) = c.filter(|c| *c <= MAX_RATIO) {
            format!("ok: {c:.2} at {}x the bytes (a fixed cost of the small input)", worstcase::CONFIRM_SCALE)
        } else if let Some(k) = ops::known(f.op, &unit) {
            reports.push(f);
            format!("known: issue 22 item {} ({})", k.item, k.reason)
        } else {
            failed += 1;
            reports.push(f);
            "FAIL".to_owned()
        };
        println!("| {} | {} | {:.2} | {status} |", f.op, f.tried, f.ratio);
    }
    for f in reports {
        println!("\n{}: {:.2}x the work for 4x the input, N = {}:\n    {}", f.op, f.ratio, f.n, f.pattern.to_rust());
    }
    // The worst pattern of each area, as a row of the growth bench's `FOUND` table (in-process
    // operations outside the allow-list: the growth bench runs them).
    println!("\nworst per area (growth bench `FOUND` rows):");
    let counted =
        |f: &&Finding| f.tried > 0 && ops::known(f.op, "").is_none() && ops::all_ops().any(|o| o.name == f.op);
    let mut areas: Vec<&str> =
        findings.iter().filter(counted).map(|f| f.op.split('/').next().unwrap_or(f.op)).collect();
    areas.sort_unstable();
    areas.dedup();
    for area in areas {
        let worst = findings
            .iter()
            .filter(counted)
            .filter(|f| f.op.split('/').next() == Some(area))
            .max_by(|a, b| a.ratio.total_cmp(&b.ratio));
        if let Some(f) = worst {
            let p = &f.pattern;
            println!(
                "    // {:.2} in the search\n    (\"found-{area}\", \"{}\", [{:?}, {:?}, {:?}, {:?}, {:?}]),",
                f.ratio, f.op, p.pre, p.unit, p.mid, p.close, p.post
            );
        }
    }
    println!("\n{} counts taken", counter.counts);
    if failed == 0 {
        println!("worst-case search: no operation above {MAX_RATIO}x outside the allow-list");
        ExitCode::SUCCESS
    } else {
        println!("worst-case search: {failed} operation(s) above {MAX_RATIO}x");
        ExitCode::FAILURE
    }
}
