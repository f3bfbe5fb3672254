//! The named character references table: loads `spec/html/named_character_references.ron` and
//! emits it as the byte trie in `runtime/src/generated/html_named_refs.rs`.
//!
//! spec: #named-character-reference-state consumes the longest name in the table that matches,
//! so the runtime needs longest match, byte by byte, over a stream that may stop mid-name. A trie walked one byte at a time answers both "what is
//! the longest name so far" and "could more input still extend it" without backtracking.
//!
//! Layout (plain static arrays: about 50 KB of u16/u8 data plus 1512 `&str` for the 2231 names):
//! - nodes are numbered breadth-first from the root (node 0, the empty prefix), so the children
//!   of a node are consecutive and in the same order as its edges: edge `e` always leads to node
//!   `e + 1`, and no child index needs storing;
//! - `EDGE_START[n]..EDGE_START[n + 1]` are node `n`'s edges, and `EDGE_BYTE` holds the byte each
//!   edge consumes, sorted within a node for binary search;
//! - `NODE_VALUE[n]` indexes `VALUES` when the path to node `n` is a complete name; index 0 is a
//!   placeholder `""` meaning "not a name", which keeps the array `u16` without an `Option`.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde::Deserialize;

/// The loaded, validated table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRefTable {
    /// Where the table comes from, as the RON file says.
    pub provenance: String,
    /// The names in the file's order (sorted by name bytes; `load` enforces it).
    pub entries: Vec<NamedRef>,
}

/// One name and what it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRef {
    /// The name without the leading '&', including a final ';' when the name has one.
    pub name: String,
    /// The replacement characters: one or two code points.
    pub characters: String,
}

/// The file as written; `load` turns it into a [`NamedRefTable`] after validation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    provenance: String,
    entries: Vec<(String, Vec<u32>)>,
}

/// Reads and validates the RON table at `path`. Errors name the file and, where there is one,
/// the entry (its position and name).
pub fn load(path: &Path) -> Result<NamedRefTable, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse(&text, &path.display().to_string())
}

/// `load` without the file system; `origin` labels error messages.
fn parse(text: &str, origin: &str) -> Result<NamedRefTable, String> {
    let raw: RawTable = ron::from_str(text).map_err(|e| format!("{origin}: {e}"))?;
    if raw.provenance.trim().is_empty() {
        return Err(format!("{origin}: provenance is empty"));
    }
    if raw.entries.is_empty() {
        return Err(format!("{origin}: no entries"));
    }
    let mut seen = BTreeSet::new();
    let mut previous: Option<&str> = None;
    let mut entries = Vec::with_capacity(raw.entries.len());
    for (index, (name, code_points)) in raw.entries.iter().enumerate() {
        let at = format!("{origin}: entry {index} ({name:?})");
        let stem = name.strip_suffix(';').unwrap_or(name);
        if stem.is_empty() || !stem.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(format!(
                "{at}: a name is ASCII alphanumerics with an optional final ';'"
            ));
        }
        if !seen.insert(name.as_str()) {
            return Err(format!("{at}: duplicate name"));
        }
        // Sorted order keeps the file canonical, so a re-import produces a minimal diff.
        if let Some(previous) = previous.filter(|p| p.as_bytes() > name.as_bytes()) {
            return Err(format!(
                "{at}: out of order after {previous:?} (entries are sorted by name bytes)"
            ));
        }
        previous = Some(name);
        if !(1..=2).contains(&code_points.len()) {
            return Err(format!(
                "{at}: {} code points; a name stands for one or two",
                code_points.len()
            ));
        }
        let mut characters = String::new();
        for &cp in code_points {
            let c = char::from_u32(cp)
                .ok_or_else(|| format!("{at}: 0x{cp:04X} is not a Unicode scalar value"))?;
            characters.push(c);
        }
        entries.push(NamedRef {
            name: name.clone(),
            characters,
        });
    }
    Ok(NamedRefTable {
        provenance: raw.provenance,
        entries,
    })
}

/// The trie as data, before it becomes tokens (see the module doc for the layout).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Trie {
    edge_start: Vec<u16>,
    edge_byte: Vec<u8>,
    node_value: Vec<u16>,
    values: Vec<String>,
}

fn build_trie(table: &NamedRefTable) -> Result<Trie, String> {
    // Values are deduplicated and sorted, so their indices do not depend on entry order.
    let distinct: BTreeSet<&str> = table
        .entries
        .iter()
        .map(|e| e.characters.as_str())
        .collect();
    let mut values = vec![String::new()];
    values.extend(distinct.iter().map(|s| (*s).to_owned()));
    let value_index: BTreeMap<&str, usize> = distinct
        .iter()
        .enumerate()
        .map(|(i, s)| (*s, i + 1))
        .collect();

    // A pointer-based trie first; BTreeMap children give sorted edges for free.
    struct Node {
        children: BTreeMap<u8, usize>,
        value: usize,
    }
    let mut nodes = vec![Node {
        children: BTreeMap::new(),
        value: 0,
    }];
    for entry in &table.entries {
        let mut at = 0;
        for &byte in entry.name.as_bytes() {
            let next = nodes.len();
            at = match nodes[at].children.get(&byte) {
                Some(&child) => child,
                None => {
                    nodes[at].children.insert(byte, next);
                    nodes.push(Node {
                        children: BTreeMap::new(),
                        value: 0,
                    });
                    next
                }
            };
        }
        if nodes[at].value != 0 {
            return Err(format!("duplicate name {:?}", entry.name));
        }
        nodes[at].value = value_index[entry.characters.as_str()];
    }

    let too_big = |what: &str, n: usize| {
        format!("{what} ({n}) do not fit the u16 indices of the generated trie")
    };
    if nodes.len() > usize::from(u16::MAX) {
        return Err(too_big("trie nodes", nodes.len()));
    }
    if values.len() > usize::from(u16::MAX) {
        return Err(too_big("distinct replacement strings", values.len()));
    }

    // Breadth-first renumbering: edge e then leads to node e + 1.
    let mut trie = Trie {
        edge_start: Vec::new(),
        edge_byte: Vec::new(),
        node_value: Vec::new(),
        values,
    };
    let mut queue = VecDeque::from([0usize]);
    while let Some(old) = queue.pop_front() {
        trie.edge_start.push(trie.edge_byte.len() as u16);
        trie.node_value.push(nodes[old].value as u16);
        for (&byte, &child) in &nodes[old].children {
            trie.edge_byte.push(byte);
            queue.push_back(child);
        }
    }
    trie.edge_start.push(trie.edge_byte.len() as u16);
    Ok(trie)
}

/// A string literal written with ASCII only: everything outside printable ASCII becomes
/// `\u{XXXX}`, so the generated file shows no invisible or combining characters and does not
/// depend on how a toolchain's escaper classifies Unicode.
fn ascii_str_literal(s: &str) -> Result<Literal, String> {
    let mut text = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                text.push('\\');
                text.push(c);
            }
            ' '..='~' => text.push(c),
            _ => text.push_str(&format!("\\u{{{:04X}}}", u32::from(c))),
        }
    }
    text.push('"');
    text.parse()
        .map_err(|e| format!("string literal {text}: {e}"))
}

fn doc(text: &str) -> TokenStream {
    let text = format!(" {text}");
    quote!(#[doc = #text])
}

/// Emits `runtime/src/generated/html_named_refs.rs` for `table`: a complete, formatted Rust
/// file. `source_label` names the RON file in the header.
pub fn emit(table: &NamedRefTable, source_label: &str) -> Result<String, String> {
    let trie = build_trie(table)?;
    let header = [
        format!("Generated by `cargo xtask regenerate` from {source_label}. Do not edit."),
        String::new(),
        format!("{}: {} names", table.provenance, table.entries.len()),
        "as a byte trie for longest-match lookup, walked by `crate::html::named_refs`.".into(),
        "Nodes are numbered breadth-first from the root (node 0), so edge `e` leads to node `e + 1`."
            .into(),
    ];
    let header = header.iter().map(|line| {
        let line = format!(" {line}");
        quote!(#![doc = #line])
    });

    let nodes = Literal::usize_unsuffixed(trie.node_value.len());
    let nodes_plus_one = Literal::usize_unsuffixed(trie.edge_start.len());
    let edges = Literal::usize_unsuffixed(trie.edge_byte.len());
    let value_count = Literal::usize_unsuffixed(trie.values.len());
    let edge_start = trie.edge_start.iter().map(|&n| Literal::u16_unsuffixed(n));
    let edge_byte = Literal::byte_string(&trie.edge_byte);
    let node_value = trie.node_value.iter().map(|&n| Literal::u16_unsuffixed(n));
    let values = trie
        .values
        .iter()
        .map(|v| ascii_str_literal(v))
        .collect::<Result<Vec<_>, _>>()?;

    let edge_start_doc = doc(
        "Node `n`'s edges are `EDGE_START[n]..EDGE_START[n + 1]`; the last entry closes the last node.",
    );
    let edge_byte_doc = doc("The byte each edge consumes, sorted within a node's range.");
    let node_value_doc = doc(
        "Index into `VALUES` of the replacement when the path to node `n` is a complete name; 0 if it is not.",
    );
    let values_doc =
        doc("Replacement characters (one or two code points); index 0 is a placeholder.");

    let tokens = quote! {
        #(#header)*

        #edge_start_doc
        pub(crate) static EDGE_START: [u16; #nodes_plus_one] = [#(#edge_start),*];

        #edge_byte_doc
        pub(crate) static EDGE_BYTE: [u8; #edges] = *#edge_byte;

        #node_value_doc
        pub(crate) static NODE_VALUE: [u16; #nodes] = [#(#node_value),*];

        #values_doc
        pub(crate) static VALUES: [&str; #value_count] = [#(#values),*];
    };
    let file = syn::parse2::<syn::File>(tokens)
        .map_err(|e| format!("emitted named character references do not parse: {e}"))?;
    Ok(prettyplease::unparse(&file))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"(
        provenance: "fixture",
        entries: [
            ("AMP", [0x0026]),
            ("NotEqualTilde;", [0x2242, 0x0338]),
            ("amp", [0x0026]),
            ("amp;", [0x0026]),
            ("not", [0x00AC]),
            ("notin;", [0x2209]),
        ],
    )"#;

    fn error_of(text: &str) -> String {
        parse(text, "fixture.ron").unwrap_err()
    }

    fn with_entries(entries: &str) -> String {
        format!("(provenance: \"fixture\", entries: [{entries}])")
    }

    #[test]
    fn loads_a_good_table() {
        let table = parse(GOOD, "fixture.ron").unwrap();
        assert_eq!(table.provenance, "fixture");
        assert_eq!(table.entries.len(), 6);
        assert_eq!(
            table.entries[1],
            NamedRef {
                name: "NotEqualTilde;".into(),
                characters: "\u{2242}\u{338}".into()
            }
        );
    }

    #[test]
    fn load_errors_name_the_file_and_entry() {
        let cases = [
            (
                "(provenance: \"x\", entries: [], extra: 1)".to_owned(),
                "Unexpected field named `extra`",
            ),
            ("(entries: [(\"amp\", [0x26])])".to_owned(), "provenance"),
            (
                "(provenance: \"x\", entries: [(\"amp\", [0x26])".to_owned(),
                "fixture.ron: ",
            ),
            (
                "(provenance: \" \", entries: [(\"amp\", [0x26])])".to_owned(),
                "provenance is empty",
            ),
            (with_entries(""), "no entries"),
            (
                with_entries("(\"\", [0x26])"),
                "entry 0 (\"\"): a name is ASCII alphanumerics",
            ),
            (
                with_entries("(\";\", [0x26])"),
                "a name is ASCII alphanumerics",
            ),
            (
                with_entries("(\"a;b\", [0x26])"),
                "a name is ASCII alphanumerics",
            ),
            (
                with_entries("(\"amp;;\", [0x26])"),
                "a name is ASCII alphanumerics",
            ),
            (
                with_entries("(\"a-b\", [0x26])"),
                "a name is ASCII alphanumerics",
            ),
            (
                with_entries("(\"\u{e9}\", [0x26])"),
                "a name is ASCII alphanumerics",
            ),
            (
                with_entries("(\"amp\", [0x26]), (\"amp\", [0x26])"),
                "entry 1 (\"amp\"): duplicate",
            ),
            (
                with_entries("(\"amp\", [0x26]), (\"AMP\", [0x26])"),
                "out of order after \"amp\"",
            ),
            (with_entries("(\"amp\", [])"), "0 code points"),
            (
                with_entries("(\"amp\", [0x26, 0x26, 0x26])"),
                "3 code points",
            ),
            (
                with_entries("(\"amp\", [0xD800])"),
                "0xD800 is not a Unicode scalar value",
            ),
            (
                with_entries("(\"amp\", [0x110000])"),
                "0x110000 is not a Unicode scalar value",
            ),
        ];
        for (text, expected) in cases {
            let err = error_of(&text);
            assert!(err.starts_with("fixture.ron: "), "{text}: {err}");
            assert!(
                err.contains(expected),
                "{text}: expected {expected:?} in {err}"
            );
        }
    }

    #[test]
    fn load_reads_a_file() {
        let dir = std::env::temp_dir().join(format!("statemark-entities-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("refs.ron");
        std::fs::write(&path, GOOD).unwrap();
        assert_eq!(load(&path).unwrap(), parse(GOOD, "fixture.ron").unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
        let err = load(&path).unwrap_err();
        assert!(err.contains("refs.ron: cannot read"), "{err}");
    }

    /// Longest match over the intermediate trie, the same walk the runtime does.
    fn walk<'t>(trie: &'t Trie, input: &[u8]) -> Option<(usize, &'t str)> {
        let (mut node, mut longest) = (0usize, None);
        for (i, byte) in input.iter().enumerate() {
            let start = usize::from(trie.edge_start[node]);
            let end = usize::from(trie.edge_start[node + 1]);
            let Ok(k) = trie.edge_byte[start..end].binary_search(byte) else {
                break;
            };
            node = start + k + 1;
            let value = usize::from(trie.node_value[node]);
            if value != 0 {
                longest = Some((i + 1, trie.values[value].as_str()));
            }
        }
        longest
    }

    #[test]
    fn trie_finds_every_name_and_the_longest_match() {
        let table = parse(GOOD, "fixture.ron").unwrap();
        let trie = build_trie(&table).unwrap();
        for entry in &table.entries {
            assert_eq!(
                walk(&trie, entry.name.as_bytes()),
                Some((entry.name.len(), entry.characters.as_str())),
                "{}",
                entry.name
            );
        }
        assert_eq!(walk(&trie, b"notit;"), Some((3, "\u{AC}")));
        assert_eq!(walk(&trie, b"ampx"), Some((3, "&")));
        assert_eq!(walk(&trie, b"am"), None);
        assert_eq!(
            trie.values,
            ["", "&", "\u{AC}", "\u{2209}", "\u{2242}\u{338}"]
        );
        assert_eq!(trie.edge_start.len(), trie.node_value.len() + 1);
        assert_eq!(trie.edge_byte.len() + 1, trie.node_value.len());
    }

    #[test]
    fn emit_is_deterministic_and_independent_of_entry_order() {
        let table = parse(GOOD, "fixture.ron").unwrap();
        let first = emit(&table, "fixture.ron").unwrap();
        assert_eq!(first, emit(&table, "fixture.ron").unwrap());
        let mut reversed = table.clone();
        reversed.entries.reverse();
        assert_eq!(first, emit(&reversed, "fixture.ron").unwrap());
    }

    #[test]
    fn emitted_file_has_the_header_and_no_macros() {
        let table = parse(GOOD, "spec/html/fixture.ron").unwrap();
        let out = emit(&table, "spec/html/fixture.ron").unwrap();
        assert!(
            out.starts_with(
                "//! Generated by `cargo xtask regenerate` from spec/html/fixture.ron. Do not edit.\n"
            ),
            "{out}"
        );
        // Outside the inner doc comments, a '!' could only be a macro invocation or an inner
        // attribute; the fixture's values contain none.
        for line in out.lines().filter(|l| !l.starts_with("//!")) {
            assert!(!line.contains('!'), "{line}");
        }
        assert!(
            out.contains("pub(crate) static EDGE_START: [u16; "),
            "{out}"
        );
        assert!(out.contains("\"\\u{2242}\\u{0338}\""), "{out}");
        assert!(out.is_ascii());
    }

    #[test]
    fn string_literals_escape_everything_but_printable_ascii() {
        let lit = ascii_str_literal("a\"\\\t\u{e9}\u{1D504}").unwrap();
        assert_eq!(lit.to_string(), r#""a\"\\\u{0009}\u{00E9}\u{1D504}""#);
    }

    /// The committed table loads: a cheap guard on the importer and loader agreeing.
    #[test]
    fn the_spec_table_loads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../spec/html/named_character_references.ron");
        let table = load(&path).unwrap();
        assert_eq!(table.entries.len(), 2231);
        let trie = build_trie(&table).unwrap();
        for entry in &table.entries {
            assert_eq!(
                walk(&trie, entry.name.as_bytes()),
                Some((entry.name.len(), entry.characters.as_str()))
            );
        }
    }
}
