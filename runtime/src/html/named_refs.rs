//! Longest-match lookup of named character references over the trie generated from
//! `spec/html/named_character_references.ron` (`crate::generated::html_named_refs`).
//!
//! spec: #named-character-reference-state consumes the maximum number of characters that form
//! a name in the table. The lookup only answers "which name, and could it still grow"; the
//! attribute rule, the parse errors and flushing belong to the tokenizer state that calls it.

use crate::generated::html_named_refs::{EDGE_BYTE, EDGE_START, NODE_VALUE, VALUES};

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

/// Walks the trie one byte at a time and stops at the first byte no name continues with, so the
/// cost is bounded by the longest name (32 bytes), whatever follows in `input`.
pub(crate) fn longest_match(input: &[u8]) -> RefMatch {
    let mut node = 0;
    let mut longest = None;
    for (consumed, byte) in input.iter().enumerate() {
        // The generated arrays are consistent by construction (node n has edges
        // EDGE_START[n]..EDGE_START[n + 1], edge e leads to node e + 1), so indexing cannot fail
        // whatever the input is.
        let first = usize::from(EDGE_START[node]);
        let end = usize::from(EDGE_START[node + 1]);
        let Ok(k) = EDGE_BYTE[first..end].binary_search(byte) else {
            return RefMatch {
                longest,
                incomplete: false,
            };
        };
        node = first + k + 1;
        let value = usize::from(NODE_VALUE[node]);
        if value != 0 {
            longest = Some((consumed + 1, VALUES[value]));
        }
    }
    let has_children = EDGE_START[node] != EDGE_START[node + 1];
    RefMatch {
        longest,
        incomplete: has_children,
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

    /// Every name in the generated trie (found by walking it) is its own longest match, and
    /// `incomplete` is set exactly when a longer name extends it.
    #[test]
    fn every_generated_name_round_trips() {
        let mut names = 0;
        let mut stack = vec![(0usize, Vec::new())];
        while let Some((node, name)) = stack.pop() {
            let first = usize::from(EDGE_START[node]);
            let end = usize::from(EDGE_START[node + 1]);
            let value = usize::from(NODE_VALUE[node]);
            let found = longest_match(&name);
            if value != 0 {
                names += 1;
                assert_eq!(
                    found,
                    hit(name.len(), VALUES[value], first != end),
                    "{name:?}"
                );
            } else {
                assert!(
                    found.incomplete,
                    "{name:?} is a prefix and must be incomplete"
                );
            }
            for (k, &byte) in EDGE_BYTE[first..end].iter().enumerate() {
                let mut longer = name.clone();
                longer.push(byte);
                stack.push((first + k + 1, longer));
            }
        }
        // The WHATWG table has 2231 names, with and without ';'.
        assert_eq!(names, 2231);
        assert_eq!(EDGE_BYTE.len() + 1, NODE_VALUE.len());
        assert_eq!(EDGE_START.len(), NODE_VALUE.len() + 1);
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
