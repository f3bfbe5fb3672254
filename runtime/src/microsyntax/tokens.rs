//! Token lists and attribute states: space- and comma-separated tokens, enumerated attributes,
//! boolean attributes and hash-name references (spec: #space-separated-tokens,
//! #comma-separated-tokens, #keywords-and-enumerated-attributes, #boolean-attributes,
//! #syntax-references). Layer: foundation (the hash-name reference over a `Dom` is `dom.rs`).

use std::collections::HashSet;

use super::cursor::is_ascii_whitespace;

/// Splits `input` on ASCII whitespace: the tokens of a set of space-separated tokens, in order
/// (Infra's "split a string on ASCII whitespace", which the current text relies on; the 2009
/// text's "split a string on spaces" is the same algorithm).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-space-separated-tokens>,
/// <https://infra.spec.whatwg.org/#split-on-ascii-whitespace>
pub fn split_on_ascii_whitespace(input: &str) -> impl Iterator<Item = &str> {
    input.split(|c: char| c.is_ascii() && is_ascii_whitespace(c as u8)).filter(|t| !t.is_empty())
}

/// Splits `input` on commas: each token stripped of leading and trailing ASCII whitespace,
/// empty tokens kept, no token after a final comma (Infra's "split a string on commas"; the
/// 2009 text's algorithm is the same). `" a ,b,,d d "` is `["a", "b", "", "d d"]`.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-comma-separated-tokens>,
/// <https://infra.spec.whatwg.org/#split-on-commas>
pub fn split_on_commas(input: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut rest = input;
    // "While position is not past the end of input": a final comma ends the loop.
    while !rest.is_empty() {
        let (token, after) = match rest.find(',') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        tokens.push(token.trim_matches(|c: char| c.is_ascii() && is_ascii_whitespace(c as u8)));
        rest = after;
    }
    tokens
}

/// How the tokens of a set are compared; each attribute says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenComparison {
    /// Identical strings.
    CaseSensitive,
    /// Equal after ASCII lowercasing.
    AsciiCaseInsensitive,
}

/// Whether a set of space-separated tokens repeats a token, so that it is not an (unordered
/// or ordered) set of unique space-separated tokens. Linear time (a hash set of the tokens).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#unordered-set-of-unique-space-separated-tokens>
pub fn has_duplicate_tokens(input: &str, comparison: TokenComparison) -> bool {
    let mut seen = HashSet::new();
    split_on_ascii_whitespace(input).any(|t| match comparison {
        TokenComparison::CaseSensitive => !seen.insert(std::borrow::Cow::Borrowed(t)),
        TokenComparison::AsciiCaseInsensitive => !seen.insert(std::borrow::Cow::Owned(t.to_ascii_lowercase())),
    })
}

/// Whether every token of a set of space-separated tokens is one of `allowed` (when a set of
/// allowed values is defined, other values are non-conforming).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#set-of-space-separated-tokens>
pub fn tokens_all_allowed(input: &str, allowed: &[&str], comparison: TokenComparison) -> bool {
    split_on_ascii_whitespace(input).all(|t| {
        allowed.iter().any(|a| match comparison {
            TokenComparison::CaseSensitive => *a == t,
            TokenComparison::AsciiCaseInsensitive => a.eq_ignore_ascii_case(t),
        })
    })
}

/// An enumerated attribute's definition: keywords mapping to states, and its default states.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute>
#[derive(Debug, Clone, Copy)]
pub struct EnumeratedAttribute<'a, S> {
    /// (keyword, state, conforming) triples; several keywords may map to one state.
    pub keywords: &'a [(&'a str, S, bool)],
    /// The missing value default, if defined.
    pub missing_value_default: Option<S>,
    /// The invalid value default, if defined.
    pub invalid_value_default: Option<S>,
    /// The empty value default, if defined.
    pub empty_value_default: Option<S>,
}

impl<S: Copy + PartialEq> EnumeratedAttribute<'_, S> {
    /// The state of the attribute given its value (`None` when it is not specified); `None` is
    /// "no state".
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute>
    pub fn state(&self, value: Option<&str>) -> Option<S> {
        // Step 1.
        let Some(value) = value else { return self.missing_value_default };
        // Step 2.
        if let Some(&(_, state, _)) = self.keywords.iter().find(|(k, _, _)| k.eq_ignore_ascii_case(value)) {
            return Some(state);
        }
        // Step 3.
        if value.is_empty() && self.empty_value_default.is_some() {
            return self.empty_value_default;
        }
        // Steps 4-5.
        self.invalid_value_default
    }

    /// Authoring conformance of a specified value: a conforming keyword (ASCII
    /// case-insensitively, no surrounding whitespace), or the empty string when there is an
    /// empty value default.
    pub fn is_conforming(&self, value: &str) -> bool {
        self.keywords.iter().any(|(k, _, conforming)| *conforming && k.eq_ignore_ascii_case(value))
            || (value.is_empty() && self.empty_value_default.is_some())
    }

    /// The canonical keyword of `state`, for reflection: its only keyword, its only conforming
    /// keyword, or the non-empty one of two conforming keywords one of which is empty. `None`
    /// when the attribute's own definition has to name it (step 4) or no keyword maps to it.
    pub fn canonical_keyword(&self, state: S) -> Option<&str> {
        let all: Vec<&(&str, S, bool)> = self.keywords.iter().filter(|(_, s, _)| *s == state).collect();
        // Step 1.
        if let [(k, _, _)] = all.as_slice() {
            return Some(k);
        }
        let conforming: Vec<&str> = all.iter().filter(|(_, _, c)| *c).map(|(k, _, _)| *k).collect();
        match conforming.as_slice() {
            // Step 2.
            [k] => Some(k),
            // Step 3.
            ["", k] | [k, ""] => Some(k),
            // Step 4.
            _ => None,
        }
    }
}

/// The value a boolean attribute represents: true when present, whatever its value.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute>
pub fn boolean_attribute_state(value: Option<&str>) -> bool {
    value.is_some()
}

/// A conforming boolean attribute value: the empty string, or the attribute's canonical name
/// ASCII case-insensitively, without surrounding whitespace ("true" and "false" are not).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#boolean-attribute>
pub fn is_valid_boolean_attribute_value(value: &str, canonical_name: &str) -> bool {
    value.is_empty() || value.eq_ignore_ascii_case(canonical_name)
}

/// Steps 1-2 of the rules for parsing a hash-name reference: the name after the first "#", or
/// `None` (null) when there is no "#" or it is last. [`find_hash_name_reference`](super::find_hash_name_reference) runs step 3
/// over a [`Dom`](crate::dom::Dom); other trees can use this and search themselves.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-hash-name-reference>
pub fn parse_hash_name_reference(input: &str) -> Option<&str> {
    // Step 1.
    let hash = input.find('#')?;
    let name = &input[hash + 1..];
    if name.is_empty() {
        return None;
    }
    // Step 2.
    Some(name)
}
