//! statemark-codegen: spec tables in, generated Rust out. Load, validate, lower, emit; no I/O
//! policy beyond reading the spec directory (the caller decides where output goes).

pub mod emit;
pub mod entities;
pub mod load;
pub mod lower;
pub mod model;
pub mod names;
pub mod validate;

use std::path::Path;

/// One generated file: a path relative to the workspace root, and its full contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    pub path: String,
    pub contents: String,
}

/// The machines `spec/` holds, in generation order.
pub const MACHINES: &[&str] = &["html"];

/// Load, validate, lower and emit every machine under `spec_dir`; returns the generated files
/// (paths relative to the workspace root) or every diagnostic found.
pub fn generate(spec_dir: &Path) -> Result<Vec<GeneratedFile>, Vec<String>> {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    for machine in MACHINES {
        match load::load_machine(spec_dir, machine) {
            Ok(m) => {
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
            }
            Err(errs) => diagnostics.extend(errs),
        }
    }
    let refs = spec_dir.join("html/named_character_references.ron");
    match entities::load(&refs) {
        Ok(table) => match entities::emit(&table, "spec/html/named_character_references.ron") {
            Ok(contents) => files.push(GeneratedFile {
                path: "runtime/src/generated/html_named_refs.rs".into(),
                contents,
            }),
            Err(e) => diagnostics.push(e),
        },
        Err(e) => diagnostics.push(e),
    }
    if diagnostics.is_empty() { Ok(files) } else { Err(diagnostics) }
}
