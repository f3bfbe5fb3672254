//! The named character references table: loads `spec/html/named_character_references.ron` and
//! emits it as the byte trie in `runtime/src/generated/html_named_refs.rs`.
//!
//! spec: #named-character-reference-state consumes the longest name in the table that matches,
//! so the runtime needs longest match, byte by byte, over a stream that may stop mid-name. A trie walked one byte at a time answers both "what is
//! the longest name so far" and "could more input still extend it" without backtracking.
//!
//! Layout (plain static arrays, about 56 KB for the 2231 names: 9854 nodes, 9853 edges, plus
//! 1512 `&str` replacements):
//! - nodes are numbered breadth-first from the root (node 0, the empty prefix), so the children
//!   of a node are consecutive and in the same order as its edges: edge `e` always leads to node
//!   `e + 1`, and no child index needs storing;
//! - `NODES[n]` packs node `n` into one `u32`: its first edge, its edge count and the index into
//!   `VALUES` of its replacement (0, a placeholder `""`, when the path to `n` is not a name), so
//!   a step down the trie reads one word; `EDGE_BYTE` holds the byte each edge consumes, sorted
//!   within a node. Below depth 2 a node has at most 13 children and usually one, so a short
//!   linear scan finds the edge;
//! - the two widest levels are tables instead: `FIRST[byte]` is the depth-1 node (the root has
//!   52 children), and `SECOND` is a 52-row table indexed by the second byte's `COLUMN` (44
//!   distinct second bytes; depth-1 nodes have up to 24 children), giving the depth-2 node.
//!   That costs 4.7 KB and turns the two longest edge searches into two loads.

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
    /// Byte -> the depth-1 node names starting with it reach (a node number, at most 255), or 0.
    first: [u8; 256],
    /// Byte -> its column in `second` (1-based), or 0 for a byte that is no name's second byte.
    column: [u8; 256],
    /// Row width of `second`: the number of distinct second bytes plus the "none" column 0.
    width: usize,
    /// `second[(n1 - 1) * width + column]`: the depth-2 node reached from depth-1 node `n1`, or 0.
    second: Vec<u16>,
    /// Per node, packed: first edge, edge count, value index (see `NODE_*` below).
    nodes: Vec<u32>,
    edge_byte: Vec<u8>,
    values: Vec<String>,
}

/// Bit layout of a packed node: edges `first..first + count` (edge `e` leads to node `e + 1`)
/// and the index into `VALUES` (0: the path to the node is not a name).
const EDGE_BITS: u32 = 14;
const COUNT_BITS: u32 = 6;
const VALUE_BITS: u32 = 32 - EDGE_BITS - COUNT_BITS;
const COUNT_SHIFT: u32 = EDGE_BITS;
const VALUE_SHIFT: u32 = EDGE_BITS + COUNT_BITS;

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

    let too_big = |what: &str, n: usize, max: usize| {
        format!("{what} ({n}) exceed {max}, the most the generated trie's packed fields hold")
    };
    if values.len() > 1 << VALUE_BITS {
        return Err(too_big("distinct replacement strings", values.len(), 1 << VALUE_BITS));
    }

    // Breadth-first renumbering: edge e then leads to node e + 1, and the nodes of one depth
    // are consecutive (the root's children are nodes 1..=k in byte order).
    let mut number = vec![0usize; nodes.len()];
    let mut edge_byte = Vec::new();
    let mut packed = Vec::with_capacity(nodes.len());
    let mut queue = VecDeque::from([0usize]);
    while let Some(old) = queue.pop_front() {
        number[old] = packed.len();
        let first = edge_byte.len();
        let count = nodes[old].children.len();
        if first >= 1 << EDGE_BITS {
            return Err(too_big("trie edges", first + count, 1 << EDGE_BITS));
        }
        if count >= 1 << COUNT_BITS {
            return Err(too_big("children of one node", count, (1 << COUNT_BITS) - 1));
        }
        packed.push(
            first as u32 | (count as u32) << COUNT_SHIFT | (nodes[old].value as u32) << VALUE_SHIFT,
        );
        for (&byte, &child) in &nodes[old].children {
            edge_byte.push(byte);
            queue.push_back(child);
        }
    }
    if nodes.len() > usize::from(u16::MAX) {
        return Err(too_big("trie nodes", nodes.len(), usize::from(u16::MAX)));
    }

    // The first two bytes are looked up in tables rather than by searching edges.
    let mut first = [0u8; 256];
    for (&byte, &child) in &nodes[0].children {
        first[usize::from(byte)] = u8::try_from(number[child])
            .map_err(|_| too_big("names' distinct first bytes", number[child], 255))?;
    }
    let second_bytes: BTreeSet<u8> = nodes[0]
        .children
        .values()
        .flat_map(|&n1| nodes[n1].children.keys().copied())
        .collect();
    let mut column = [0u8; 256];
    for (i, &byte) in second_bytes.iter().enumerate() {
        column[usize::from(byte)] = (i + 1) as u8;
    }
    let width = second_bytes.len() + 1;
    let rows = nodes[0].children.len();
    let mut second = vec![0u16; rows * width];
    for &n1 in nodes[0].children.values() {
        let row = number[n1] - 1;
        for (&byte, &n2) in &nodes[n1].children {
            second[row * width + usize::from(column[usize::from(byte)])] = number[n2] as u16;
        }
    }
    Ok(Trie {
        first,
        column,
        width,
        second,
        nodes: packed,
        edge_byte,
        values,
    })
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
        "Nodes are numbered breadth-first from the root (node 0), so edge `e` leads to node `e + 1`;"
            .into(),
        "the first two bytes of a name are looked up in tables (`FIRST`, `COLUMN`, `SECOND`)."
            .into(),
    ];
    let header = header.iter().map(|line| {
        let line = format!(" {line}");
        quote!(#![doc = #line])
    });

    let u8s = |bytes: &[u8]| {
        let items = bytes.iter().map(|&b| Literal::u8_unsuffixed(b));
        quote!([#(#items),*])
    };
    let first = u8s(&trie.first);
    let column = u8s(&trie.column);
    let width = Literal::usize_unsuffixed(trie.width);
    let second_len = Literal::usize_unsuffixed(trie.second.len());
    let second = trie.second.iter().map(|&n| Literal::u16_unsuffixed(n));
    let node_count = Literal::usize_unsuffixed(trie.nodes.len());
    let nodes = trie.nodes.iter().map(|&n| Literal::u32_unsuffixed(n));
    let edges = Literal::usize_unsuffixed(trie.edge_byte.len());
    let edge_byte = Literal::byte_string(&trie.edge_byte);
    let value_count = Literal::usize_unsuffixed(trie.values.len());
    let values = trie
        .values
        .iter()
        .map(|v| ascii_str_literal(v))
        .collect::<Result<Vec<_>, _>>()?;
    let edge_mask = Literal::u32_unsuffixed((1 << EDGE_BITS) - 1);
    let count_shift = Literal::u32_unsuffixed(COUNT_SHIFT);
    let count_mask = Literal::u32_unsuffixed((1 << COUNT_BITS) - 1);
    let value_shift = Literal::u32_unsuffixed(VALUE_SHIFT);

    let first_doc = doc(
        "Byte -> the depth-1 node that names starting with it reach (nodes 1..=52, in byte order), or 0.",
    );
    let column_doc =
        doc("Byte -> its column in `SECOND` (1-based), or 0 for a byte that is no name's second byte.");
    let width_doc = doc("Row width of `SECOND`: one column per distinct second byte, plus column 0.");
    let second_doc = doc(
        "`SECOND[(n1 - 1) * SECOND_WIDTH + COLUMN[byte]]` is the depth-2 node reached from depth-1 node `n1` by `byte`, or 0.",
    );
    let nodes_doc = doc(
        "Per node, packed: first edge (`& NODE_EDGE_MASK`), edge count (`>> NODE_COUNT_SHIFT & NODE_COUNT_MASK`) and the index into `VALUES` (`>> NODE_VALUE_SHIFT`; 0 when the path to the node is not a name).",
    );
    let edge_byte_doc = doc(
        "The byte each edge consumes, sorted within a node's range; edge `e` leads to node `e + 1`.",
    );
    let values_doc =
        doc("Replacement characters (one or two code points); index 0 is a placeholder.");

    let tokens = quote! {
        #(#header)*

        #first_doc
        pub(crate) static FIRST: [u8; 256] = #first;

        #column_doc
        pub(crate) static COLUMN: [u8; 256] = #column;

        #width_doc
        pub(crate) const SECOND_WIDTH: usize = #width;

        #second_doc
        pub(crate) static SECOND: [u16; #second_len] = [#(#second),*];

        pub(crate) const NODE_EDGE_MASK: u32 = #edge_mask;
        pub(crate) const NODE_COUNT_SHIFT: u32 = #count_shift;
        pub(crate) const NODE_COUNT_MASK: u32 = #count_mask;
        pub(crate) const NODE_VALUE_SHIFT: u32 = #value_shift;

        #nodes_doc
        pub(crate) static NODES: [u32; #node_count] = [#(#nodes),*];

        #edge_byte_doc
        pub(crate) static EDGE_BYTE: [u8; #edges] = *#edge_byte;

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

    /// Longest match over the intermediate trie, the same walk the runtime does: the tables
    /// for the first two bytes, then the packed nodes' edges.
    fn walk<'t>(trie: &'t Trie, input: &[u8]) -> Option<(usize, &'t str)> {
        let value = |node: usize| (trie.nodes[node] >> VALUE_SHIFT) as usize;
        let mut node = 0usize;
        let mut longest = None;
        for (i, &byte) in input.iter().enumerate() {
            node = match i {
                0 => usize::from(trie.first[usize::from(byte)]),
                1 => {
                    let row = (node - 1) * trie.width;
                    usize::from(trie.second[row + usize::from(trie.column[usize::from(byte)])])
                }
                _ => {
                    let info = trie.nodes[node];
                    let start = (info & ((1 << EDGE_BITS) - 1)) as usize;
                    let count = (info >> COUNT_SHIFT & ((1 << COUNT_BITS) - 1)) as usize;
                    match trie.edge_byte[start..start + count].iter().position(|&b| b == byte) {
                        Some(k) => start + k + 1,
                        None => 0,
                    }
                }
            };
            if node == 0 {
                break;
            }
            if value(node) != 0 {
                longest = Some((i + 1, trie.values[value(node)].as_str()));
            }
        }
        longest
    }

    /// Every node's packed edges agree with the tables for the first two levels.
    fn check_tables(trie: &Trie) {
        let edges = |node: usize| {
            let info = trie.nodes[node];
            let start = (info & ((1 << EDGE_BITS) - 1)) as usize;
            let count = (info >> COUNT_SHIFT & ((1 << COUNT_BITS) - 1)) as usize;
            (start..start + count).map(|e| (trie.edge_byte[e], e + 1)).collect::<Vec<_>>()
        };
        let mut edge_total = 0;
        for node in 0..trie.nodes.len() {
            let e = edges(node);
            edge_total += e.len();
            assert!(e.windows(2).all(|w| w[0].0 < w[1].0), "edges of {node} sorted");
        }
        assert_eq!(edge_total, trie.edge_byte.len());
        assert_eq!(edge_total + 1, trie.nodes.len());
        for byte in 0..=255u8 {
            let from_edges = edges(0).iter().find(|e| e.0 == byte).map_or(0, |e| e.1);
            assert_eq!(usize::from(trie.first[usize::from(byte)]), from_edges);
        }
        for (n1, _) in edges(0).iter().map(|e| (e.1, e.0)) {
            for byte in 0..=255u8 {
                let from_edges = edges(n1).iter().find(|e| e.0 == byte).map_or(0, |e| e.1);
                let col = usize::from(trie.column[usize::from(byte)]);
                assert_eq!(usize::from(trie.second[(n1 - 1) * trie.width + col]), from_edges);
                if from_edges != 0 {
                    assert_ne!(col, 0);
                }
            }
        }
        assert_eq!(trie.second.len() % trie.width, 0);
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
        assert_eq!(walk(&trie, b"n"), None);
        assert_eq!(walk(&trie, b"Xmp;"), None);
        assert_eq!(walk(&trie, b"aXp;"), None);
        assert_eq!(
            trie.values,
            ["", "&", "\u{AC}", "\u{2209}", "\u{2242}\u{338}"]
        );
        // Distinct second bytes: 'M', 'o', 'm'.
        assert_eq!(trie.width, 4);
        check_tables(&trie);
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
        assert!(out.contains("pub(crate) static NODES: [u32; "), "{out}");
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
        check_tables(&trie);
        assert_eq!(trie.nodes.len(), 9854);
        assert_eq!(trie.width, 45);
    }

    #[test]
    fn packed_fields_that_do_not_fit_are_errors() {
        let table = |entries: Vec<NamedRef>| NamedRefTable {
            provenance: "fixture".into(),
            entries,
        };
        // 4096 distinct replacements plus the placeholder overflow the 12-bit value index.
        let many_values = (0..4096u32)
            .map(|i| NamedRef {
                name: format!("v{i:05}"),
                characters: char::from_u32(0x4E00 + i).unwrap().to_string(),
            })
            .collect();
        let err = build_trie(&table(many_values)).err().unwrap_or_default();
        assert!(err.contains("distinct replacement strings (4097)"), "{err}");
        // 1000 names of 30 bytes that share only a 4-byte prefix: more edges than 14 bits hold.
        let long_names = (0..1000u32)
            .map(|i| NamedRef {
                name: format!("a{i:03}{}", "x".repeat(26)),
                characters: "&".into(),
            })
            .collect();
        let err = build_trie(&table(long_names)).err().unwrap_or_default();
        assert!(err.contains("trie edges"), "{err}");
        // The widest possible node (every alphanumeric and ';') still fits the edge count.
        let wide = (b'0'..=b'9')
            .chain([b';'])
            .chain(b'A'..=b'Z')
            .chain(b'a'..=b'z')
            .map(|b| NamedRef {
                name: format!("q{}", b as char),
                characters: "&".into(),
            })
            .collect();
        let trie = build_trie(&table(wide)).unwrap();
        assert_eq!(trie.nodes[1] >> COUNT_SHIFT & ((1 << COUNT_BITS) - 1), 63);
        check_tables(&trie);
    }
}
