//! Strict loading of a machine from `spec/<machine>/`: manifest, errors, one file per state.

use crate::model::{ErrorList, Machine, Manifest, StateDef};
use ron::extensions::Extensions;
use std::path::Path;

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// Parse one RON file strictly into `T`; the error names the file and the position.
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path, display: &str) -> Result<T, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{display}: cannot read: {e}"))?;
    ron_options().from_str(&text).map_err(|e| format!("{display}: {e}"))
}

/// Load `spec/<machine>/tokenizer.ron`, `errors.ron` and every `tokenizer/<state>.ron` the
/// manifest lists. Files in `tokenizer/` that the manifest does not list are errors too.
pub fn load_machine(spec_dir: &Path, machine: &str) -> Result<Machine, Vec<String>> {
    let dir = spec_dir.join(machine);
    let rel = |p: &str| format!("spec/{machine}/{p}");
    let mut errors = Vec::new();
    let manifest: Manifest = read_ron(&dir.join("tokenizer.ron"), &rel("tokenizer.ron")).map_err(|e| vec![e])?;
    let error_list: ErrorList = read_ron(&dir.join("errors.ron"), &rel("errors.ron")).map_err(|e| vec![e])?;
    let mut sources = vec![rel("tokenizer.ron"), rel("errors.ron")];
    let mut states = Vec::new();
    for name in &manifest.states {
        let file = rel(&format!("tokenizer/{name}.ron"));
        match read_ron::<StateDef>(&dir.join("tokenizer").join(format!("{name}.ron")), &file) {
            Ok(def) => states.push((name.clone(), def)),
            Err(e) => errors.push(e),
        }
        sources.push(file);
    }
    match std::fs::read_dir(dir.join("tokenizer")) {
        Ok(entries) => {
            let mut extra: Vec<String> = entries
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().to_str().map(str::to_owned))
                .filter(|f| f.ends_with(".ron"))
                .filter(|f| !manifest.states.iter().any(|s| format!("{s}.ron") == *f))
                .collect();
            extra.sort();
            for f in extra {
                errors.push(format!(
                    "spec/{machine}/tokenizer/{f}: state file not listed in spec/{machine}/tokenizer.ron"
                ));
            }
        }
        Err(e) => errors.push(format!("spec/{machine}/tokenizer: cannot list: {e}")),
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Machine { dir: machine.to_owned(), manifest, states, errors: error_list, sources })
}
