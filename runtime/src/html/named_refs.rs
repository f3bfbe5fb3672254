//! Longest-match lookup of named character references over the trie generated from
//! `spec/html/named_character_references.ron` (`crate::generated::html_named_refs`).
//!
//! spec: #named-character-reference-state consumes the maximum number of characters that form
//! a name in the table. The lookup only answers "which name, and could it still grow"; the
//! attribute rule, the parse errors and flushing belong to the tokenizer state that calls it.

use crate::generated::html_named_refs::{
    COLUMN, EDGE_BYTE, FIRST, NODE_COUNT_MASK, NODE_COUNT_SHIFT, NODE_EDGE_MASK, NODE_VALUE_SHIFT,
    NODES, SECOND, SECOND_WIDTH, VALUES,
};

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

/// Node `node`'s edges: `first..first + count` in `EDGE_BYTE`, edge `e` leading to node `e + 1`.
#[inline(always)]
fn edges(info: u32) -> (usize, usize) {
    ((info & NODE_EDGE_MASK) as usize, (info >> NODE_COUNT_SHIFT & NODE_COUNT_MASK) as usize)
}

/// Walks the trie one byte at a time and stops at the first byte no name continues with, so the
/// cost is bounded by the longest name (32 bytes), whatever follows in `input`. The first two
/// bytes are table lookups; below that a node has few edges (usually one), scanned in order.
pub(crate) fn longest_match(input: &[u8]) -> RefMatch {
    // The generated tables are consistent by construction (every node number they hold is a
    // node, every node's edges are inside `EDGE_BYTE`), so indexing cannot fail whatever the
    // input is; `first_two_bytes_agree_with_the_edges` checks it.
    let result = |longest: (usize, usize), incomplete| RefMatch {
        longest: (longest.1 != 0).then(|| (longest.0, VALUES[longest.1])),
        incomplete,
    };
    let Some(&b0) = input.first() else {
        return result((0, 0), true);
    };
    let n1 = usize::from(FIRST[usize::from(b0)]);
    if n1 == 0 {
        return result((0, 0), false);
    }
    let Some(&b1) = input.get(1) else {
        // No name is one byte long, but say what the node says.
        let info = NODES[n1];
        return result((1, (info >> NODE_VALUE_SHIFT) as usize), edges(info).1 != 0);
    };
    let mut node = usize::from(SECOND[(n1 - 1) * SECOND_WIDTH + usize::from(COLUMN[usize::from(b1)])]);
    if node == 0 {
        return result((0, 0), false);
    }
    let mut info = NODES[node];
    // (length, value index) of the longest name so far; index 0 is "none".
    let mut longest = (2, (info >> NODE_VALUE_SHIFT) as usize);
    let mut consumed = 2;
    loop {
        let (first, count) = edges(info);
        let Some(&byte) = input.get(consumed) else {
            return result(longest, count != 0);
        };
        let Some(k) = EDGE_BYTE[first..first + count].iter().position(|&b| b == byte) else {
            return result(longest, false);
        };
        node = first + k + 1;
        info = NODES[node];
        consumed += 1;
        let value = (info >> NODE_VALUE_SHIFT) as usize;
        if value != 0 {
            longest = (consumed, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(len: usize, chars: &'static str, incomplete: bool) -> RefMatch {
        RefMatch {
            longest: Some((len, chars)),
            incomplete,
        }
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
        assert_eq!(
            longest_match(b"am"),
            RefMatch {
                longest: None,
                incomplete: true
            }
        );
        assert_eq!(
            longest_match(b"xyz"),
            RefMatch {
                longest: None,
                incomplete: false
            }
        );
        assert_eq!(
            longest_match(b""),
            RefMatch {
                longest: None,
                incomplete: true
            }
        );
        assert_eq!(
            longest_match(b";"),
            RefMatch {
                longest: None,
                incomplete: false
            }
        );
        assert_eq!(
            longest_match(b"NotEqualTilde;"),
            hit(14, "\u{2242}\u{338}", false)
        );
        assert_eq!(longest_match(b"AMP"), hit(3, "&", true));
        // Names are case-sensitive.
        assert_eq!(
            longest_match(b"aMP;"),
            RefMatch {
                longest: None,
                incomplete: false
            }
        );
    }

    #[test]
    fn non_ascii_and_long_input_stop_early() {
        assert_eq!(
            longest_match("\u{e9}".as_bytes()),
            RefMatch {
                longest: None,
                incomplete: false
            }
        );
        let long = [b'a'; 1 << 16];
        assert_eq!(
            longest_match(&long),
            RefMatch {
                longest: None,
                incomplete: false
            }
        );
        let mut amp = b"amp;".to_vec();
        amp.extend_from_slice(&long);
        assert_eq!(longest_match(&amp), hit(4, "&", false));
    }

    /// Every name in the generated trie (found by walking its packed edges from the root) is
    /// its own longest match, `incomplete` is set exactly when a longer name extends it, and a
    /// byte no name continues with is rejected.
    #[test]
    fn every_generated_name_round_trips() {
        let mut names = 0;
        let mut stack = vec![(0usize, Vec::new())];
        while let Some((node, name)) = stack.pop() {
            let (first, count) = edges(NODES[node]);
            let value = (NODES[node] >> NODE_VALUE_SHIFT) as usize;
            let found = longest_match(&name);
            if value != 0 {
                names += 1;
                assert_eq!(found, hit(name.len(), VALUES[value], count != 0), "{name:?}");
            } else {
                assert!(found.incomplete, "{name:?} is a prefix and must be incomplete");
                if let Some((len, _)) = found.longest {
                    assert!(len < name.len(), "{name:?}");
                }
            }
            let bytes = &EDGE_BYTE[first..first + count];
            // One byte past the name that no name continues with: the match is the same, and
            // complete.
            if let Some(other) = (0..=255u8).find(|b| !bytes.contains(b)) {
                let mut longer = name.clone();
                longer.push(other);
                let stopped = longest_match(&longer);
                assert_eq!(stopped.longest, found.longest, "{longer:?}");
                assert!(!stopped.incomplete, "{longer:?}");
            }
            for (k, &byte) in bytes.iter().enumerate() {
                let mut longer = name.clone();
                longer.push(byte);
                stack.push((first + k + 1, longer));
            }
        }
        // The WHATWG table has 2231 names, with and without ';'.
        assert_eq!(names, 2231);
        assert_eq!(EDGE_BYTE.len() + 1, NODES.len());
    }

    /// The tables for the first two bytes say what the root's and depth-1 nodes' edges say.
    #[test]
    fn first_two_bytes_agree_with_the_edges() {
        let child = |node: usize, byte: u8| {
            let (first, count) = edges(NODES[node]);
            EDGE_BYTE[first..first + count].iter().position(|&b| b == byte).map_or(0, |k| first + k + 1)
        };
        for b0 in 0..=255u8 {
            let n1 = usize::from(FIRST[usize::from(b0)]);
            assert_eq!(n1, child(0, b0), "{b0}");
            if n1 == 0 {
                continue;
            }
            for b1 in 0..=255u8 {
                let n2 = SECOND[(n1 - 1) * SECOND_WIDTH + usize::from(COLUMN[usize::from(b1)])];
                assert_eq!(usize::from(n2), child(n1, b1), "{b0} {b1}");
            }
        }
        assert_eq!(SECOND.len() % SECOND_WIDTH, 0);
    }

    /// Independent of the generator: re-read the WHATWG entities.json from the shared checkout
    /// when it is there (it is never committed).
    #[test]
    fn every_whatwg_entity_round_trips() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/spec/entities.json");
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
            let chars: String = list
                .split(',')
                .map(|n| char::from_u32(n.trim().parse().unwrap()).unwrap())
                .collect();
            let found = longest_match(name.as_bytes()).longest;
            assert_eq!(found, Some((name.len(), chars.as_str())), "&{name}");
            count += 1;
        }
        assert_eq!(count, 2231);
    }
}
