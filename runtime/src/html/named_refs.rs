//! Longest-match lookup of named character references over the trie generated from
//! `spec/html/named_character_references.ron` (`crate::generated::html_named_refs`), and over
//! any other machine's table in the same generated layout ([`Trie`]: the 2008 draft's entities).
//!
//! spec: #named-character-reference-state consumes the maximum number of characters that form
//! a name in the table. The lookup only answers "which name, and could it still grow"; the
//! attribute rule, the parse errors and flushing belong to the tokenizer state that calls it.

use crate::generated::html_named_refs::{
    COLUMN, FIRST, NODE_CHILD_MASK, NODE_LAST, NODE_SYMBOL_SHIFT, NODE_VALUE_MASK, NODE_VALUE_SHIFT, NODES, SECOND,
    SECOND_WIDTH, SYMBOL, VALUES,
};

/// A generated named-reference trie (`codegen::entities` writes every table in this layout):
/// the tables of one generated `<machine>_named_refs` module.
pub(crate) trait Trie {
    const FIRST: &'static [u16; 256];
    const COLUMN: &'static [u8; 256];
    const SECOND_WIDTH: usize;
    const SECOND: &'static [u16];
    const SYMBOL: &'static [u8; 256];
    const NODES: &'static [u32];
    const VALUES: &'static [&'static str];
}

/// Today's table, `spec/html/named_character_references.ron`.
pub(crate) enum HtmlTrie {}

impl Trie for HtmlTrie {
    const FIRST: &'static [u16; 256] = &FIRST;
    const COLUMN: &'static [u8; 256] = &COLUMN;
    const SECOND_WIDTH: usize = SECOND_WIDTH;
    const SECOND: &'static [u16] = &SECOND;
    const SYMBOL: &'static [u8; 256] = &SYMBOL;
    const NODES: &'static [u32] = &NODES;
    const VALUES: &'static [&'static str] = &VALUES;
}

/// Result of matching the longest named character reference at the start of `input`
/// (the bytes after the '&').
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RefMatch {
    /// Longest name that matched: its length in bytes (including a final ';' if the name has one)
    /// and its replacement characters. None if no name matched.
    pub longest: Option<(usize, &'static str)>,
    /// True if `input` ended while the bytes read so far were still a prefix of some longer
    /// name: with more input the match could grow (a streaming tokenizer must wait unless at EOF).
    pub incomplete: bool,
}

/// A packed node's first child (its children are consecutive); 0 if it has none.
#[inline(always)]
fn first_child(info: u32) -> usize {
    (info & NODE_CHILD_MASK) as usize
}

/// The symbol (`SYMBOL[byte]`) of the byte that leads to a packed node.
#[inline(always)]
fn symbol(info: u32) -> u32 {
    info >> NODE_SYMBOL_SHIFT
}

/// Whether the path to a packed node is a name.
#[inline(always)]
fn is_name(info: u32) -> bool {
    info & NODE_VALUE_MASK << NODE_VALUE_SHIFT != 0
}

/// The index into `VALUES` of a packed node's replacement; 0 if its path is not a name.
#[inline(always)]
fn value(info: u32) -> usize {
    (info >> NODE_VALUE_SHIFT & NODE_VALUE_MASK) as usize
}

#[inline(always)]
fn found<T: Trie>(len: usize, value: usize, incomplete: bool) -> RefMatch {
    RefMatch { longest: (value != 0).then(|| (len, T::VALUES[value])), incomplete }
}

/// Walks the trie one byte at a time and stops at the first byte no name continues with, so the
/// cost is bounded by the longest name (32 bytes), whatever follows in `input`. The first two
/// bytes are table lookups; below that a node has few children (usually one), read in order.
/// Inlined into the two states that call it, so the result stays in registers.
#[inline(always)]
pub(crate) fn longest_match(input: &[u8]) -> RefMatch {
    longest_match_in::<HtmlTrie>(input)
}

/// [`longest_match`] in the trie `T` (every generated table has the same layout and the same
/// packing constants).
#[inline(always)]
pub(crate) fn longest_match_in<T: Trie>(input: &[u8]) -> RefMatch {
    // The generated tables are consistent by construction (every node number they hold is a
    // node, every run of children ends with a last child), so indexing cannot fail whatever the
    // input is; `first_two_bytes_agree_with_the_children` checks it.
    let (b0, b1) = match *input {
        [b0, b1, ..] => (b0, b1),
        [b0] => {
            let n1 = usize::from(T::FIRST[usize::from(b0)]) / T::SECOND_WIDTH;
            // The root is nobody's child, so node 0 here means "no name starts with b0".
            return if n1 == 0 {
                found::<T>(0, 0, false)
            } else {
                found::<T>(1, value(T::NODES[n1]), first_child(T::NODES[n1]) != 0)
            };
        }
        [] => return found::<T>(0, 0, true),
    };
    let n2 = T::SECOND[usize::from(T::FIRST[usize::from(b0)]) + usize::from(T::COLUMN[usize::from(b1)])];
    if n2 == 0 {
        return found::<T>(0, 0, false);
    }
    let mut info = T::NODES[usize::from(n2)];
    // The longest name so far: its length and its node (whose value index is 0 if none yet).
    let (mut len, mut best) = (2, info);
    let mut consumed = 2;
    loop {
        let mut child = first_child(info);
        if child == 0 {
            // A leaf: no name is longer, whatever input follows.
            return found::<T>(len, value(best), false);
        }
        let Some(&byte) = input.get(consumed) else {
            return found::<T>(len, value(best), true);
        };
        let want = u32::from(T::SYMBOL[usize::from(byte)]);
        info = loop {
            let c = T::NODES[child];
            if symbol(c) == want {
                break c;
            }
            if c & NODE_LAST != 0 {
                return found::<T>(len, value(best), false);
            }
            child += 1;
        };
        consumed += 1;
        if is_name(info) {
            (len, best) = (consumed, info);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(len: usize, chars: &'static str, incomplete: bool) -> RefMatch {
        RefMatch { longest: Some((len, chars)), incomplete }
    }

    #[test]
    fn longest_match_examples() {
        assert_eq!(longest_match(b"amp;"), hit(4, "&", false));
        // "amp" is a legacy name without ';', and "amp;" could still follow.
        assert_eq!(longest_match(b"amp"), hit(3, "&", true));
        assert_eq!(longest_match(b"ampx"), hit(3, "&", false));
        assert_eq!(longest_match(b"amp;x"), hit(4, "&", false));
        assert_eq!(longest_match(b"notin;"), hit(6, "\u{2209}", false));
        // spec: #named-character-reference-state's own example: "&notit;" is "&not" then "it;".
        assert_eq!(longest_match(b"notit;"), hit(3, "\u{AC}", false));
        assert_eq!(longest_match(b"not"), hit(3, "\u{AC}", true));
        assert_eq!(longest_match(b"am"), RefMatch { longest: None, incomplete: true });
        assert_eq!(longest_match(b"xyz"), RefMatch { longest: None, incomplete: false });
        assert_eq!(longest_match(b""), RefMatch { longest: None, incomplete: true });
        assert_eq!(longest_match(b";"), RefMatch { longest: None, incomplete: false });
        assert_eq!(longest_match(b"NotEqualTilde;"), hit(14, "\u{2242}\u{338}", false));
        assert_eq!(longest_match(b"AMP"), hit(3, "&", true));
        // Names are case-sensitive.
        assert_eq!(longest_match(b"aMP;"), RefMatch { longest: None, incomplete: false });
    }

    #[test]
    fn non_ascii_and_long_input_stop_early() {
        assert_eq!(longest_match("\u{e9}".as_bytes()), RefMatch { longest: None, incomplete: false });
        let long = [b'a'; 1 << 16];
        assert_eq!(longest_match(&long), RefMatch { longest: None, incomplete: false });
        let mut amp = b"amp;".to_vec();
        amp.extend_from_slice(&long);
        assert_eq!(longest_match(&amp), hit(4, "&", false));
    }

    /// A node's children as (byte, node).
    fn children(node: usize) -> Vec<(u8, usize)> {
        let mut out = Vec::new();
        let mut child = first_child(NODES[node]);
        if child == 0 {
            return out;
        }
        loop {
            let info = NODES[child];
            let byte = (0..=255u8).find(|&b| u32::from(SYMBOL[usize::from(b)]) == symbol(info));
            out.push((byte.expect("a stored symbol is some byte's"), child));
            if info & NODE_LAST != 0 {
                return out;
            }
            child += 1;
        }
    }

    /// Every name in the generated trie (found by walking its packed children from the root)
    /// is its own longest match, `incomplete` is set exactly when a longer name extends it, and
    /// a byte no name continues with is rejected.
    #[test]
    fn every_generated_name_round_trips() {
        let mut names = 0;
        let mut nodes = 0;
        let mut stack = vec![(0usize, Vec::new())];
        while let Some((node, name)) = stack.pop() {
            nodes += 1;
            let kids = children(node);
            let value = value(NODES[node]);
            let found = longest_match(&name);
            if value != 0 {
                names += 1;
                assert_eq!(found, hit(name.len(), VALUES[value], !kids.is_empty()), "{name:?}");
            } else {
                assert!(found.incomplete, "{name:?} is a prefix and must be incomplete");
                if let Some((len, _)) = found.longest {
                    assert!(len < name.len(), "{name:?}");
                }
            }
            // One byte past the name that no name continues with: the match is the same, and
            // complete.
            let candidates = (b'0'..=b'9').chain(b'A'..=b'Z').chain(b'a'..=b'z').chain(*b"; =\0\x80\xff");
            for other in candidates.filter(|b| !kids.iter().any(|k| k.0 == *b)) {
                let mut longer = name.clone();
                longer.push(other);
                let stopped = longest_match(&longer);
                assert_eq!(stopped.longest, found.longest, "{longer:?}");
                assert!(!stopped.incomplete, "{longer:?}");
            }
            for (byte, child) in kids {
                let mut longer = name.clone();
                longer.push(byte);
                stack.push((child, longer));
            }
        }
        // The WHATWG table has 2231 names, with and without ';'; every node was reached once.
        assert_eq!(names, 2231);
        assert_eq!(nodes, NODES.len());
    }

    /// The tables for the first two bytes say what the root's and depth-1 nodes' children say.
    #[test]
    fn first_two_bytes_agree_with_the_children() {
        let child = |node: usize, byte: u8| children(node).iter().find(|c| c.0 == byte).map_or(0, |c| c.1);
        for b0 in 0..=255u8 {
            let row = usize::from(FIRST[usize::from(b0)]);
            let n1 = child(0, b0);
            assert_eq!(row, n1 * SECOND_WIDTH, "{b0}");
            for b1 in 0..=255u8 {
                let n2 = SECOND[row + usize::from(COLUMN[usize::from(b1)])];
                let want = if n1 == 0 { 0 } else { child(n1, b1) };
                assert_eq!(usize::from(n2), want, "{b0} {b1}");
            }
        }
        assert_eq!(SECOND.len() % SECOND_WIDTH, 0);
    }

    /// Independent of the generator: re-read the WHATWG entities.json from the shared checkout
    /// when it is there (it is never committed).
    #[test]
    fn every_whatwg_entity_round_trips() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec/entities.json");
        let Ok(json) = std::fs::read_to_string(&path) else {
            eprintln!("skipped: {} not found", path.display());
            return;
        };
        let mut count = 0;
        // The file is one entry per line: `"&name": { "codepoints": [..], "characters": ".." },`.
        for line in json.lines().filter(|l| l.trim_start().starts_with("\"&")) {
            let line = line.trim_start();
            let name = &line[2..line[1..].find('"').unwrap() + 1];
            let list = &line[line.find('[').unwrap() + 1..line.find(']').unwrap()];
            let chars: String = list.split(',').map(|n| char::from_u32(n.trim().parse().unwrap()).unwrap()).collect();
            let found = longest_match(name.as_bytes()).longest;
            assert_eq!(found, Some((name.len(), chars.as_str())), "&{name}");
            count += 1;
        }
        assert_eq!(count, 2231);
    }
}
