//! The named character references table: loads `spec/html/named_character_references.ron` and
//! emits it as the byte trie in `runtime/src/generated/html_named_refs.rs`.
//!
//! spec: #named-character-reference-state consumes the longest name in the table that matches,
//! so the runtime needs longest match, byte by byte, over a stream that may stop mid-name. A trie walked one byte at a time answers both "what is
//! the longest name so far" and "could more input still extend it" without backtracking.
//!
//! Layout (plain static arrays, about 45 KB for the 2231 names' 9854 nodes, plus 1512 `&str`
//! replacements):
//! - nodes are numbered breadth-first from the root (node 0, the empty prefix), so the children
//!   of a node are consecutive and sorted by the byte that leads to them;
//! - `NODES[n]` packs node `n` into one `u32`: its first child (0 for none: the root is nobody's
//!   child), the symbol of the byte that leads to it (`SYMBOL[byte]`, 6 bits: names use 61
//!   distinct bytes), whether it is its parent's last child, and the index into `VALUES` of its
//!   replacement (0, a placeholder `""`, when the path to `n` is not a name). A step down the
//!   trie reads the children's words until the symbol matches or the last child is passed;
//!   below depth 2 a node has at most 13 children and usually one, so that is usually one read;
//! - the two widest levels are tables instead: the root has 52 children and depth-1 nodes up to
//!   24, so `SECOND[FIRST[b0] + COLUMN[b1]]` gives the depth-2 node of a name's first two bytes
//!   directly. `FIRST[b0]` is the depth-1 node times the row width (0 when no name starts with
//!   `b0`: row 0 is all zeros), `COLUMN[b1]` one of the 44 distinct second bytes (0 for others).
//!   That costs 5.5 KB and turns the two longest searches into three loads.
//!
//! The packed fields (14-bit node numbers, 11-bit value indices, 6-bit symbols) have room to
//! spare for the table, which the spec says will not change; `build_trie` reports a table that
//! outgrows them instead of truncating.

use std::collections::{BTreeMap, BTreeSet};
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
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
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
            return Err(format!("{at}: a name is ASCII alphanumerics with an optional final ';'"));
        }
        if !seen.insert(name.as_str()) {
            return Err(format!("{at}: duplicate name"));
        }
        // Sorted order keeps the file canonical, so a re-import produces a minimal diff.
        if let Some(previous) = previous.filter(|p| p.as_bytes() > name.as_bytes()) {
            return Err(format!("{at}: out of order after {previous:?} (entries are sorted by name bytes)"));
        }
        previous = Some(name);
        if !(1..=2).contains(&code_points.len()) {
            return Err(format!("{at}: {} code points; a name stands for one or two", code_points.len()));
        }
        let mut characters = String::new();
        for &cp in code_points {
            let c = char::from_u32(cp).ok_or_else(|| format!("{at}: 0x{cp:04X} is not a Unicode scalar value"))?;
            characters.push(c);
        }
        entries.push(NamedRef { name: name.clone(), characters });
    }
    Ok(NamedRefTable { provenance: raw.provenance, entries })
}

/// The trie as data, before it becomes tokens (see the module doc for the layout).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Trie {
    /// Byte -> the row of `second` for names starting with it (the depth-1 node times `width`),
    /// or 0.
    first: [u16; 256],
    /// Byte -> its column in `second` (1-based), or 0 for a byte that is no name's second byte.
    column: [u8; 256],
    /// Row width of `second`: the number of distinct second bytes plus the "none" column 0.
    width: usize,
    /// `second[first[b0] + column[b1]]`: the depth-2 node a name's first two bytes reach, or 0.
    second: Vec<u16>,
    /// Byte -> its symbol (what `NODES` stores), or `NO_SYMBOL` for a byte no name has.
    symbol: [u8; 256],
    /// Per node, packed (see the `*_SHIFT` constants).
    nodes: Vec<u32>,
    values: Vec<String>,
}

/// Bit layout of a packed node, from the lowest bit: first child (0: none), "last child of its
/// parent", index into `VALUES` (0: not a name), the symbol of the byte leading to the node.
/// The symbol is on top so that reading it is one shift, and "is a name" is one mask test.
const CHILD_BITS: u32 = 14;
const LAST_SHIFT: u32 = CHILD_BITS;
const VALUE_SHIFT: u32 = LAST_SHIFT + 1;
const VALUE_BITS: u32 = 11;
const SYMBOL_SHIFT: u32 = VALUE_SHIFT + VALUE_BITS;
const SYMBOL_BITS: u32 = 32 - SYMBOL_SHIFT;
/// What `SYMBOL` holds for a byte in no name: outside the 6-bit field, so it matches no node.
const NO_SYMBOL: u8 = 0xFF;

fn build_trie(table: &NamedRefTable) -> Result<Trie, String> {
    // Values are deduplicated and sorted, so their indices do not depend on entry order.
    let distinct: BTreeSet<&str> = table.entries.iter().map(|e| e.characters.as_str()).collect();
    let mut values = vec![String::new()];
    values.extend(distinct.iter().map(|s| (*s).to_owned()));
    let value_index: BTreeMap<&str, usize> = distinct.iter().enumerate().map(|(i, s)| (*s, i + 1)).collect();

    // A pointer-based trie first; BTreeMap children give sorted edges for free.
    struct Node {
        children: BTreeMap<u8, usize>,
        value: usize,
    }
    let mut nodes = vec![Node { children: BTreeMap::new(), value: 0 }];
    for entry in &table.entries {
        let mut at = 0;
        for &byte in entry.name.as_bytes() {
            let next = nodes.len();
            at = match nodes[at].children.get(&byte) {
                Some(&child) => child,
                None => {
                    nodes[at].children.insert(byte, next);
                    nodes.push(Node { children: BTreeMap::new(), value: 0 });
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
    if nodes.len() > 1 << CHILD_BITS {
        return Err(too_big("trie nodes", nodes.len(), 1 << CHILD_BITS));
    }
    let name_bytes: BTreeSet<u8> = table.entries.iter().flat_map(|e| e.name.bytes()).collect();
    if name_bytes.len() > 1 << SYMBOL_BITS {
        return Err(too_big("distinct name bytes", name_bytes.len(), 1 << SYMBOL_BITS));
    }
    let mut symbol = [NO_SYMBOL; 256];
    for (i, &byte) in name_bytes.iter().enumerate() {
        symbol[usize::from(byte)] = i as u8;
    }

    // Breadth-first renumbering: the children of a node get consecutive numbers, and the nodes
    // of one depth are consecutive (the root's children are nodes 1..=k in byte order).
    let mut order = vec![(0usize, 0u8, true)];
    let mut number = vec![0usize; nodes.len()];
    let mut at = 0;
    while at < order.len() {
        let (old, _, _) = order[at];
        number[old] = at;
        let count = nodes[old].children.len();
        for (k, (&byte, &child)) in nodes[old].children.iter().enumerate() {
            order.push((child, byte, k + 1 == count));
        }
        at += 1;
    }
    let mut packed = Vec::with_capacity(nodes.len());
    for &(old, byte, last) in &order {
        let first_child = nodes[old].children.values().next().map_or(0, |&c| number[c]);
        let sym = if old == 0 { 0 } else { symbol[usize::from(byte)] };
        packed.push(
            first_child as u32
                | u32::from(sym) << SYMBOL_SHIFT
                | u32::from(last) << LAST_SHIFT
                | (nodes[old].value as u32) << VALUE_SHIFT,
        );
    }

    // The first two bytes are looked up in tables rather than by reading children.
    let second_bytes: BTreeSet<u8> =
        nodes[0].children.values().flat_map(|&n1| nodes[n1].children.keys().copied()).collect();
    let mut column = [0u8; 256];
    for (i, &byte) in second_bytes.iter().enumerate() {
        column[usize::from(byte)] = (i + 1) as u8;
    }
    let width = second_bytes.len() + 1;
    // Row 0 stays zeros: the row of bytes no name starts with.
    let mut second = vec![0u16; (nodes[0].children.len() + 1) * width];
    let mut first = [0u16; 256];
    for (&b0, &n1) in &nodes[0].children {
        let row = number[n1] * width;
        first[usize::from(b0)] =
            u16::try_from(row).map_err(|_| too_big("the first-two-bytes table's rows", row, usize::from(u16::MAX)))?;
        for (&b1, &n2) in &nodes[n1].children {
            second[row + usize::from(column[usize::from(b1)])] = number[n2] as u16;
        }
    }
    Ok(Trie { first, column, width, second, symbol, nodes: packed, values })
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
    text.parse().map_err(|e| format!("string literal {text}: {e}"))
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
        "Nodes are numbered breadth-first from the root (node 0), so a node's children are consecutive;".into(),
        "the first two bytes of a name are looked up in tables (`FIRST`, `COLUMN`, `SECOND`).".into(),
    ];
    let header = header.iter().map(|line| {
        let line = format!(" {line}");
        quote!(#![doc = #line])
    });

    let u8s = |bytes: &[u8]| {
        let items = bytes.iter().map(|&b| Literal::u8_unsuffixed(b));
        quote!([#(#items),*])
    };
    let first = trie.first.iter().map(|&n| Literal::u16_unsuffixed(n));
    let column = u8s(&trie.column);
    let width = Literal::usize_unsuffixed(trie.width);
    let second_len = Literal::usize_unsuffixed(trie.second.len());
    let second = trie.second.iter().map(|&n| Literal::u16_unsuffixed(n));
    let symbol = u8s(&trie.symbol);
    let node_count = Literal::usize_unsuffixed(trie.nodes.len());
    let nodes = trie.nodes.iter().map(|&n| Literal::u32_unsuffixed(n));
    let value_count = Literal::usize_unsuffixed(trie.values.len());
    let values = trie.values.iter().map(|v| ascii_str_literal(v)).collect::<Result<Vec<_>, _>>()?;
    let child_mask = Literal::u32_unsuffixed((1 << CHILD_BITS) - 1);
    let last_bit = Literal::u32_unsuffixed(1 << LAST_SHIFT);
    let value_shift = Literal::u32_unsuffixed(VALUE_SHIFT);
    let value_mask = Literal::u32_unsuffixed((1 << VALUE_BITS) - 1);
    let symbol_shift = Literal::u32_unsuffixed(SYMBOL_SHIFT);

    let first_doc = doc(
        "Byte -> the row of `SECOND` for names starting with it (the depth-1 node times `SECOND_WIDTH`), or 0: row 0 is all zeros.",
    );
    let column_doc = doc("Byte -> its column in `SECOND` (1-based), or 0 for a byte that is no name's second byte.");
    let width_doc = doc("Row width of `SECOND`: one column per distinct second byte, plus column 0.");
    let second_doc = doc("`SECOND[FIRST[b0] + COLUMN[b1]]` is the depth-2 node a name's first two bytes reach, or 0.");
    let symbol_doc =
        doc("Byte -> the symbol `NODES` stores for it (6 bits), or 255 for a byte no name has, which matches no node.");
    let nodes_doc = doc(
        "Per node, packed: first child (`& NODE_CHILD_MASK`, 0 for none; the children are consecutive and sorted), whether it is its parent's last child (`& NODE_LAST`), the index into `VALUES` (`>> NODE_VALUE_SHIFT & NODE_VALUE_MASK`; 0 when the path to the node is not a name) and the symbol of the byte leading to the node (`>> NODE_SYMBOL_SHIFT`).",
    );
    let values_doc = doc("Replacement characters (one or two code points); index 0 is a placeholder.");

    let tokens = quote! {
        #(#header)*

        #first_doc
        pub(crate) static FIRST: [u16; 256] = [#(#first),*];

        #column_doc
        pub(crate) static COLUMN: [u8; 256] = #column;

        #width_doc
        pub(crate) const SECOND_WIDTH: usize = #width;

        #second_doc
        pub(crate) static SECOND: [u16; #second_len] = [#(#second),*];

        #symbol_doc
        pub(crate) static SYMBOL: [u8; 256] = #symbol;

        pub(crate) const NODE_CHILD_MASK: u32 = #child_mask;
        pub(crate) const NODE_LAST: u32 = #last_bit;
        pub(crate) const NODE_VALUE_SHIFT: u32 = #value_shift;
        pub(crate) const NODE_VALUE_MASK: u32 = #value_mask;
        pub(crate) const NODE_SYMBOL_SHIFT: u32 = #symbol_shift;

        #nodes_doc
        pub(crate) static NODES: [u32; #node_count] = [#(#nodes),*];

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
        assert_eq!(table.entries[1], NamedRef { name: "NotEqualTilde;".into(), characters: "\u{2242}\u{338}".into() });
    }

    #[test]
    fn load_errors_name_the_file_and_entry() {
        let cases = [
            ("(provenance: \"x\", entries: [], extra: 1)".to_owned(), "Unexpected field named `extra`"),
            ("(entries: [(\"amp\", [0x26])])".to_owned(), "provenance"),
            ("(provenance: \"x\", entries: [(\"amp\", [0x26])".to_owned(), "fixture.ron: "),
            ("(provenance: \" \", entries: [(\"amp\", [0x26])])".to_owned(), "provenance is empty"),
            (with_entries(""), "no entries"),
            (with_entries("(\"\", [0x26])"), "entry 0 (\"\"): a name is ASCII alphanumerics"),
            (with_entries("(\";\", [0x26])"), "a name is ASCII alphanumerics"),
            (with_entries("(\"a;b\", [0x26])"), "a name is ASCII alphanumerics"),
            (with_entries("(\"amp;;\", [0x26])"), "a name is ASCII alphanumerics"),
            (with_entries("(\"a-b\", [0x26])"), "a name is ASCII alphanumerics"),
            (with_entries("(\"\u{e9}\", [0x26])"), "a name is ASCII alphanumerics"),
            (with_entries("(\"amp\", [0x26]), (\"amp\", [0x26])"), "entry 1 (\"amp\"): duplicate"),
            (with_entries("(\"amp\", [0x26]), (\"AMP\", [0x26])"), "out of order after \"amp\""),
            (with_entries("(\"amp\", [])"), "0 code points"),
            (with_entries("(\"amp\", [0x26, 0x26, 0x26])"), "3 code points"),
            (with_entries("(\"amp\", [0xD800])"), "0xD800 is not a Unicode scalar value"),
            (with_entries("(\"amp\", [0x110000])"), "0x110000 is not a Unicode scalar value"),
        ];
        for (text, expected) in cases {
            let err = error_of(&text);
            assert!(err.starts_with("fixture.ron: "), "{text}: {err}");
            assert!(err.contains(expected), "{text}: expected {expected:?} in {err}");
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

    /// A packed node's children: (byte, node number).
    fn children(trie: &Trie, node: usize) -> Vec<(u8, usize)> {
        let byte_of = |sym: u32| (0..=255u8).find(|&b| u32::from(trie.symbol[usize::from(b)]) == sym);
        let mut child = (trie.nodes[node] & ((1 << CHILD_BITS) - 1)) as usize;
        let mut out = Vec::new();
        if child == 0 {
            return out;
        }
        loop {
            let info = trie.nodes[child];
            let sym = info >> SYMBOL_SHIFT;
            out.push((byte_of(sym).expect("every stored symbol is some byte's"), child));
            if info >> LAST_SHIFT & 1 == 1 {
                return out;
            }
            child += 1;
        }
    }

    /// Longest match over the intermediate trie, the same walk the runtime does: the tables
    /// for the first two bytes, then the packed nodes' children.
    fn walk<'t>(trie: &'t Trie, input: &[u8]) -> Option<(usize, &'t str)> {
        let value = |node: usize| (trie.nodes[node] >> VALUE_SHIFT & ((1 << VALUE_BITS) - 1)) as usize;
        let mut node = 0usize;
        let mut longest = None;
        for (i, &byte) in input.iter().enumerate() {
            node = match i {
                0 => usize::from(trie.first[usize::from(byte)]) / trie.width,
                1 => {
                    let row = node * trie.width;
                    usize::from(trie.second[row + usize::from(trie.column[usize::from(byte)])])
                }
                _ => children(trie, node).into_iter().find(|c| c.0 == byte).map_or(0, |c| c.1),
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

    /// The packed children are consecutive and sorted, each node but the root is somebody's
    /// child exactly once, and the tables for the first two levels say what the children say.
    fn check_tables(trie: &Trie) {
        let mut parent_count = vec![0; trie.nodes.len()];
        for node in 0..trie.nodes.len() {
            let c = children(trie, node);
            assert!(c.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 + 1 == w[1].1), "children of {node}");
            for &(_, child) in &c {
                parent_count[child] += 1;
            }
        }
        assert_eq!(parent_count[0], 0);
        assert!(parent_count[1..].iter().all(|&n| n == 1));
        assert!(trie.second[..trie.width].iter().all(|&n| n == 0), "row 0 is zeros");
        for byte in 0..=255u8 {
            let n1 = children(trie, 0).iter().find(|c| c.0 == byte).map_or(0, |c| c.1);
            assert_eq!(usize::from(trie.first[usize::from(byte)]), n1 * trie.width);
        }
        for (_, n1) in children(trie, 0) {
            for byte in 0..=255u8 {
                let n2 = children(trie, n1).iter().find(|c| c.0 == byte).map_or(0, |c| c.1);
                let col = usize::from(trie.column[usize::from(byte)]);
                assert_eq!(usize::from(trie.second[n1 * trie.width + col]), n2);
                if n2 != 0 {
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
        assert_eq!(walk(&trie, b"notx"), Some((3, "\u{AC}")));
        assert_eq!(walk(&trie, b"Xmp;"), None);
        assert_eq!(walk(&trie, b"aXp;"), None);
        assert_eq!(trie.values, ["", "&", "\u{AC}", "\u{2209}", "\u{2242}\u{338}"]);
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
            out.starts_with("//! Generated by `cargo xtask regenerate` from spec/html/fixture.ron. Do not edit.\n"),
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
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/html/named_character_references.ron");
        let table = load(&path).unwrap();
        assert_eq!(table.entries.len(), 2231);
        let trie = build_trie(&table).unwrap();
        for entry in &table.entries {
            assert_eq!(walk(&trie, entry.name.as_bytes()), Some((entry.name.len(), entry.characters.as_str())));
        }
        check_tables(&trie);
        assert_eq!(trie.nodes.len(), 9854);
        assert_eq!(trie.width, 45);
        assert_eq!(trie.symbol.iter().filter(|&&s| s != NO_SYMBOL).count(), 61);
    }

    #[test]
    fn packed_fields_that_do_not_fit_are_errors() {
        let table = |entries: Vec<NamedRef>| NamedRefTable { provenance: "fixture".into(), entries };
        // 2048 distinct replacements plus the placeholder overflow the 11-bit value index.
        let many_values = (0..2048u32)
            .map(|i| NamedRef { name: format!("v{i:05}"), characters: char::from_u32(0x4E00 + i).unwrap().to_string() })
            .collect();
        let err = build_trie(&table(many_values)).err().unwrap_or_default();
        assert!(err.contains("distinct replacement strings (2049)"), "{err}");
        // 1000 names of 30 bytes that share only a 4-byte prefix: more nodes than 14 bits hold.
        let long_names = (0..1000u32)
            .map(|i| NamedRef { name: format!("a{i:03}{}", "x".repeat(26)), characters: "&".into() })
            .collect();
        let err = build_trie(&table(long_names)).err().unwrap_or_default();
        assert!(err.contains("trie nodes"), "{err}");
        // The widest possible node (every alphanumeric and ';') still fits the symbols.
        let wide: Vec<NamedRef> = (b'0'..=b'9')
            .chain([b';'])
            .chain(b'A'..=b'Z')
            .chain(b'a'..=b'z')
            .map(|b| NamedRef { name: format!("q{}", b as char), characters: "&".into() })
            .collect();
        let trie = build_trie(&table(wide.clone())).unwrap();
        assert_eq!(children(&trie, 1).len(), 63);
        check_tables(&trie);
        for entry in &wide {
            assert_eq!(walk(&trie, entry.name.as_bytes()), Some((2, "&")));
        }
    }
}
