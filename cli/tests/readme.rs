//! The README's commands work as written on a fresh clone: every `cargo run ... -- ARGS` line in
//! a `sh` block of README.md is run (as the built `statemark` binary with ARGS, from the
//! workspace root) and must exit 0 with output.

use std::path::Path;
use std::process::Command;

/// The arguments after `--` of every `cargo run` line in the README's `sh` blocks, comments cut.
fn readme_commands(readme: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = !in_sh && t == "```sh";
            continue;
        }
        if !in_sh || !t.starts_with("cargo run") {
            continue;
        }
        let command = t.split(" #").next().unwrap_or(t);
        let args = command.split_once(" -- ").map(|(_, a)| a).unwrap_or("");
        out.push(args.split_whitespace().map(str::to_owned).collect());
    }
    out
}

#[test]
fn every_cargo_run_line_of_the_readme_works_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands = readme_commands(&readme);
    assert!(!commands.is_empty(), "README.md has no `cargo run` line in a sh block");
    for args in &commands {
        let out = Command::new(env!("CARGO_BIN_EXE_statemark")).args(args).current_dir(root).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // `check` exits 1 when the page has errors: that is the command working.
        let ok = out.status.code() == Some(0)
            || (args.first().is_some_and(|a| a == "check") && out.status.code() == Some(1));
        assert!(ok, "statemark {args:?} exited {:?}: {stderr}", out.status.code());
        assert!(!out.stdout.is_empty(), "statemark {args:?} printed nothing: {stderr}");
    }
    println!("readme commands: {} passed, 0 failed", commands.len());
}

#[test]
fn the_first_command_is_a_parse_of_a_page_in_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let first = readme_commands(&readme).into_iter().next().unwrap();
    assert_eq!(first.first().map(String::as_str), Some("parse"), "{first:?}");
    let file = first.last().unwrap();
    assert!(root.join(file).is_file(), "{file} is not in the repository");
}
