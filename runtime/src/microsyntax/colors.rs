//! Legacy colors (spec: #colours): the rules for parsing a legacy color value, which obsolete
//! attributes like `bgcolor` use, with the CSS named colors generated from
//! `spec/microsyntax/named_colors.ron`.

use crate::generated::named_colors::NAMED_COLORS;

/// An opaque sRGB color, the only kind the legacy color parser returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0-255.
    pub red: u8,
    /// Green, 0-255.
    pub green: u8,
    /// Blue, 0-255.
    pub blue: u8,
}

/// Why the rules for parsing a legacy color value returned failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegacyColorError {
    /// Step 1: the empty string.
    Empty,
    /// Step 3: "transparent".
    Transparent,
}

/// The named color matching `name` ASCII case-insensitively; `css3_only` leaves out names
/// added after CSS3 Color.
pub(crate) fn named_color(name: &[u8], css3_only: bool) -> Option<Rgb> {
    // The longest name has 20 letters; lowercase into a stack buffer and binary-search.
    let mut buf = [0u8; 20];
    let lower = buf.get_mut(..name.len())?;
    for (d, s) in lower.iter_mut().zip(name) {
        *d = s.to_ascii_lowercase();
    }
    let i = NAMED_COLORS.binary_search_by(|(n, _, _)| n.as_bytes().cmp(lower)).ok()?;
    let (_, [red, green, blue], since_css4) = NAMED_COLORS[i];
    if css3_only && since_css4 {
        return None;
    }
    Some(Rgb { red, green, blue })
}

fn hex(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

/// Steps 5-19 of the legacy color algorithm, shared with the 2009 edition (whose steps 5-19
/// are the same). `input` is the string after the edition's earlier steps.
pub(crate) fn legacy_color_hex_steps(input: &str) -> Rgb {
    let b = input.as_bytes();
    // Step 5: "#" and three hex digits (four code points, so four bytes of ASCII).
    if b.len() == 4 && b[0] == b'#' && b[1..].iter().all(u8::is_ascii_hexdigit) {
        return Rgb { red: hex(b[1]) * 17, green: hex(b[2]) * 17, blue: hex(b[3]) * 17 };
    }
    // Steps 6-7: each code point above U+FFFF becomes "00"; keep the first 128 code points.
    // Step 9 turns every non-hex code point into "0", so each code point is kept as one byte:
    // itself if it is a hex digit or "#", else "0".
    let mut buf = [0u8; 128];
    let mut len = 0;
    'chars: for ch in input.chars() {
        let (unit, count) = if u32::from(ch) > 0xFFFF {
            (b'0', 2)
        } else if ch.is_ascii_hexdigit() || ch == '#' {
            (ch as u8, 1)
        } else {
            (b'0', 1)
        };
        for _ in 0..count {
            if len == 128 {
                break 'chars;
            }
            buf[len] = unit;
            len += 1;
        }
    }
    let mut s: &mut [u8] = &mut buf[..len];
    // Step 8.
    if s.first() == Some(&b'#') {
        s = &mut s[1..];
    }
    // Step 9 (for any "#" left).
    for x in s.iter_mut() {
        if *x == b'#' {
            *x = b'0';
        }
    }
    // Step 10: pad with "0" to a nonzero multiple of three (at most 129 bytes).
    let mut padded = [b'0'; 129];
    padded[..s.len()].copy_from_slice(s);
    let total = if s.is_empty() { 3 } else { s.len().div_ceil(3) * 3 };
    // Step 11.
    let mut length = total / 3;
    let components = [&padded[..length], &padded[length..2 * length], &padded[2 * length..total]];
    let mut starts = [0usize; 3];
    // Step 12.
    if length > 8 {
        starts = [length - 8; 3];
        length = 8;
    }
    // Step 13.
    while length > 2 && components.iter().zip(&starts).all(|(c, &s)| c[s] == b'0') {
        for s in &mut starts {
            *s += 1;
        }
        length -= 1;
    }
    // Step 14: keep at most two characters.
    let take = length.min(2);
    // Steps 15-19.
    let value = |i: usize| {
        let c = &components[i][starts[i]..starts[i] + take];
        c.iter().fold(0u8, |acc, &d| acc.wrapping_mul(16).wrapping_add(hex(d)))
    };
    Rgb { red: value(0), green: value(1), blue: value(2) }
}

/// The rules for parsing a legacy color value: trims whitespace, then a CSS named color,
/// "#rgb", or the famously forgiving hex salvage ("chucknorris" is red).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-legacy-colour-value>
pub fn parse_legacy_color_value(input: &str) -> Result<Rgb, LegacyColorError> {
    // Step 1.
    if input.is_empty() {
        return Err(LegacyColorError::Empty);
    }
    // Step 2.
    let input = input.trim_matches(|c: char| c.is_ascii() && super::cursor::is_ascii_whitespace(c as u8));
    // Step 3.
    if input.eq_ignore_ascii_case("transparent") {
        return Err(LegacyColorError::Transparent);
    }
    // Step 4 (CSS2 system colors are not recognized).
    if let Some(rgb) = named_color(input.as_bytes(), false) {
        return Ok(rgb);
    }
    Ok(legacy_color_hex_steps(input))
}
