//! Character reference rules shared by the machines: the checks of the HTML spec's numeric
//! character reference end state (XML5 follows them too; see spec/xml5/README.md).

/// What is wrong with a numeric reference's value (each machine maps it to its error code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumericProblem {
    Null,
    OutsideUnicodeRange,
    Surrogate,
    Noncharacter,
    Control,
}

/// spec: #numeric-character-reference-end-state — the character a reference to `code` stands
/// for, and the parse error it is, if any.
pub(crate) fn resolve_numeric(code: u32) -> (char, Option<NumericProblem>) {
    let (value, problem) = if code == 0 {
        (0xFFFD, Some(NumericProblem::Null))
    } else if code > 0x10FFFF {
        (0xFFFD, Some(NumericProblem::OutsideUnicodeRange))
    } else if (0xD800..=0xDFFF).contains(&code) {
        (0xFFFD, Some(NumericProblem::Surrogate))
    } else if (0xFDD0..=0xFDEF).contains(&code) || (code & 0xFFFE) == 0xFFFE {
        (code, Some(NumericProblem::Noncharacter))
    } else if code == 0x0D || (is_control(code) && !matches!(code, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)) {
        (c1_replacement(code).unwrap_or(code), Some(NumericProblem::Control))
    } else {
        (code, None)
    };
    (char::from_u32(value).unwrap_or('\u{FFFD}'), problem)
}

/// "A control is a C0 control or a code point in the range U+007F DELETE to U+009F APPLICATION
/// PROGRAM COMMAND, inclusive."
fn is_control(c: u32) -> bool {
    c <= 0x1F || (0x7F..=0x9F).contains(&c)
}

/// The table in #numeric-character-reference-end-state.
pub(crate) fn c1_replacement(c: u32) -> Option<u32> {
    Some(match c {
        0x80 => 0x20AC,
        0x82 => 0x201A,
        0x83 => 0x0192,
        0x84 => 0x201E,
        0x85 => 0x2026,
        0x86 => 0x2020,
        0x87 => 0x2021,
        0x88 => 0x02C6,
        0x89 => 0x2030,
        0x8A => 0x0160,
        0x8B => 0x2039,
        0x8C => 0x0152,
        0x8E => 0x017D,
        0x91 => 0x2018,
        0x92 => 0x2019,
        0x93 => 0x201C,
        0x94 => 0x201D,
        0x95 => 0x2022,
        0x96 => 0x2013,
        0x97 => 0x2014,
        0x98 => 0x02DC,
        0x99 => 0x2122,
        0x9A => 0x0161,
        0x9B => 0x203A,
        0x9C => 0x0153,
        0x9E => 0x017E,
        0x9F => 0x0178,
        _ => return None,
    })
}

/// The digits of a numeric character reference, read after the `&#`: "consume as many
/// characters as match the range" of ASCII hex digits (after `x` or `X`) or ASCII digits, and a
/// `;` after them. The machines' numeric references read the same way; what they report
/// differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumericScan {
    /// The input ended inside the digits and more may come.
    Suspend,
    /// No digits: nothing is a reference; `at` is where the digits should have been.
    NoDigits { at: usize },
    /// Digits `..end` (a `;` included when `semicolon`) giving `code`, clamped to 0x110000 so
    /// long inputs cannot overflow and stay "greater than 0x10FFFF".
    Number { code: u32, end: usize, semicolon: bool },
}

/// Read a numeric reference in `bytes` from `hash` (the index of the `#`).
pub(crate) fn scan_numeric(bytes: &[u8], hash: usize, is_final: bool) -> NumericScan {
    let mut i = hash + 1;
    let hex = matches!(bytes.get(i), Some(b'x' | b'X'));
    if hex {
        i += 1;
    }
    let start = i;
    let mut code: u32 = 0;
    while let Some(&b) = bytes.get(i) {
        let d = match b {
            b'0'..=b'9' => u32::from(b - b'0'),
            b'a'..=b'f' if hex => u32::from(b - b'a' + 10),
            b'A'..=b'F' if hex => u32::from(b - b'A' + 10),
            _ => break,
        };
        code = code.saturating_mul(if hex { 16 } else { 10 }).saturating_add(d).min(0x11_0000);
        i += 1;
    }
    if i == bytes.len() && !is_final {
        return NumericScan::Suspend;
    }
    if i == start {
        return NumericScan::NoDigits { at: i };
    }
    let semicolon = bytes.get(i) == Some(&b';');
    NumericScan::Number { code, end: if semicolon { i + 1 } else { i }, semicolon }
}
