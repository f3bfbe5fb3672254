//! statemark-codegen: spec tables in, generated Rust out. Load, validate, lower, emit; no I/O
//! policy beyond reading the spec directory (the caller decides where output goes).

pub mod cases;
pub mod colors;
pub mod emit;
pub mod entities;
pub mod fuse;
pub mod load;
pub mod lower;
pub mod lowered;
pub mod machines;
pub mod model;
pub mod names;
pub mod validate;

use std::path::{Path, PathBuf};

/// One generated file: a path relative to the workspace root, and its full contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    pub path: String,
    pub contents: String,
}

/// Load, validate, lower and emit every machine `spec_dir/machines.ron` lists; returns the
/// generated files (paths relative to the workspace root) or every diagnostic found.
pub fn generate(spec_dir: &Path) -> Result<Vec<GeneratedFile>, Vec<String>> {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    let names = machines::load(spec_dir).map_err(|e| vec![e])?;
    let mut loaded = Vec::new();
    for machine in &names {
        match load::load_machine(spec_dir, machine) {
            Ok(m) => {
                // The marker type, the generated module and the tests' dispatch are named
                // after the directory: the manifest must agree.
                if m.manifest.machine != *machine {
                    diagnostics.push(format!(
                        "spec/{machine}/tokenizer.ron: machine {:?} is listed as {machine:?} in spec/machines.ron",
                        m.manifest.machine
                    ));
                    continue;
                }
                let problems = validate::validate(&m);
                if !problems.is_empty() {
                    diagnostics.extend(problems);
                    continue;
                }
                let lowered = lower::lower(&m);
                match emit::emit_machine(&m, &lowered) {
                    Ok(contents) => files.push(GeneratedFile {
                        path: format!("runtime/src/generated/{machine}_tokenizer.rs"),
                        contents,
                    }),
                    Err(e) => diagnostics.push(e),
                }
                // What each (state, case) is in the spec, for the `trace` feature's consumers.
                match cases::emit(&m) {
                    Ok(contents) => files
                        .push(GeneratedFile { path: format!("runtime/src/generated/{machine}_cases.rs"), contents }),
                    Err(e) => diagnostics.push(e),
                }
                // A machine with a named-reference table of its own (the 2008 draft's entities)
                // gets its trie beside its tokenizer.
                if let Some(file) = &m.manifest.named_references {
                    let label = format!("spec/{machine}/{file}");
                    match entities::load(&spec_dir.join(machine).join(file))
                        .and_then(|table| entities::emit(&table, &label))
                    {
                        Ok(contents) => files.push(GeneratedFile {
                            path: format!("runtime/src/generated/{machine}_named_refs.rs"),
                            contents,
                        }),
                        Err(e) => diagnostics.push(e),
                    }
                }
                loaded.push(m);
            }
            Err(errs) => diagnostics.extend(errs),
        }
    }
    files.push(GeneratedFile {
        path: "runtime/src/generated/mod.rs".into(),
        contents: machines::emit_mod_rs(&names, &loaded),
    });
    match machines::emit_test_dispatch(&loaded) {
        Ok(contents) => files.push(GeneratedFile { path: "tests/src/machines.rs".into(), contents }),
        Err(e) => diagnostics.push(e),
    }
    let refs = spec_dir.join("html/named_character_references.ron");
    match entities::load(&refs) {
        Ok(table) => match entities::emit(&table, "spec/html/named_character_references.ron") {
            Ok(contents) => {
                files.push(GeneratedFile { path: "runtime/src/generated/html_named_refs.rs".into(), contents })
            }
            Err(e) => diagnostics.push(e),
        },
        Err(e) => diagnostics.push(e),
    }
    let colors = spec_dir.join("microsyntax/named_colors.ron");
    let label = "spec/microsyntax/named_colors.ron";
    match colors::load(&colors).and_then(|t| colors::emit(&t, label)) {
        Ok(contents) => files.push(GeneratedFile { path: "runtime/src/generated/named_colors.rs".into(), contents }),
        Err(e) => diagnostics.push(e),
    }
    if diagnostics.is_empty() { Ok(files) } else { Err(diagnostics) }
}

/// Generate everything; with `check`, compare instead of writing. Also removes (or, checking,
/// reports) files in the generated folder that the generator no longer produces.
pub fn sync(root: &Path, check: bool) -> Result<String, String> {
    let files = generate(&root.join("spec")).map_err(|d| {
        format!(
            "spec/ has {} problem(s):\n{}",
            d.len(),
            d.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
        )
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
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
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
        return Err(format!("generated code is stale; run `cargo xtask regenerate`:\n{}", problems.join("\n")));
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
