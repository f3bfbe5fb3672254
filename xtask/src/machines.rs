//! Loading a machine for the spec tools: a directory (`spec/html`) or a directory at a git
//! revision (`spec/html@HEAD~3`, read with `git show` into a temporary directory).

use statemark_codegen::load::load_machine;
use statemark_codegen::model::Machine;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Load `arg` (relative to `root` unless absolute; a bare machine name is the directory of that
/// name in `spec/`). `dir@rev` reads the files of `dir` as they were at git revision `rev` of
/// the repository at `root`.
pub fn load(root: &Path, arg: &str) -> Result<Machine, String> {
    let (dir, rev) = match arg.rsplit_once('@') {
        Some((d, r)) => (d, Some(r)),
        None => (arg, None),
    };
    let dir = dir.trim_end_matches('/');
    // A bare machine name (`html2008`) is the machine of that name in spec/.
    let spec_dir = format!("spec/{dir}");
    let dir =
        if !dir.contains('/') && !root.join(dir).is_dir() && root.join(&spec_dir).is_dir() { &spec_dir } else { dir };
    let path = if Path::new(dir).is_absolute() { PathBuf::from(dir) } else { root.join(dir) };
    let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("{arg}: not a machine directory"))?;
    let parent = path.parent().ok_or_else(|| format!("{arg}: not a machine directory"))?;
    let Some(rev) = rev else {
        return load_machine(parent, name).map_err(|e| e.join("\n"));
    };
    let tmp = checkout(root, dir, rev, name)?;
    let result = load_machine(&tmp, name).map_err(|e| e.join("\n"));
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// Copy `dir` at `rev` into a fresh temporary directory `<tmp>/<name>/`; returns `<tmp>`.
fn checkout(root: &Path, dir: &str, rev: &str, name: &str) -> Result<PathBuf, String> {
    let git = |args: &[&str]| -> Result<Vec<u8>, String> {
        let out = Command::new("git").arg("-C").arg(root).args(args).output().map_err(|e| format!("git: {e}"))?;
        if !out.status.success() {
            return Err(format!("git {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()));
        }
        Ok(out.stdout)
    };
    let listing = git(&["ls-tree", "-r", "--name-only", rev, "--", &format!("{dir}/")])?;
    let listing = String::from_utf8_lossy(&listing);
    if listing.trim().is_empty() {
        return Err(format!("{dir}@{rev}: no files at that revision"));
    }
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = std::env::temp_dir().join(format!("statemark-spec-{}-{n}", std::process::id()));
    for file in listing.lines().filter(|f| f.ends_with(".ron")) {
        let rel = file.strip_prefix(dir).unwrap_or(file).trim_start_matches('/');
        let target = tmp.join(name).join(rel);
        if let Some(p) = target.parent() {
            std::fs::create_dir_all(p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        let bytes = git(&["show", &format!("{rev}:{file}")])?;
        std::fs::write(&target, bytes).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(tmp)
}

/// Copy a directory tree (the runtime for a probe, a machine for an edited copy).
pub fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for e in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let e = e.map_err(|e| e.to_string())?;
        let target = to.join(e.file_name());
        if e.file_type().map_err(|e| e.to_string())?.is_dir() {
            copy_dir(&e.path(), &target)?;
        } else {
            std::fs::copy(e.path(), &target).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}
