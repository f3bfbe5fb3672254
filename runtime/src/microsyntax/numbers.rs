//! Numbers (spec: #numbers): signed and non-negative integers, floating-point numbers and their
//! best representation, dimension values, lists of floating-point numbers and of dimensions.

use super::cursor::{Cursor, decimal_to_f64, digits_value, is_ascii_whitespace};

/// Why the rules for parsing integers (or non-negative integers) returned an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntegerError {
    /// Nothing but ASCII whitespace (step 5).
    Empty,
    /// A "-" or "+" and then the end of the input (step 6, substep 3 / 2).
    SignOnly,
    /// The first character after whitespace and sign is not an ASCII digit (step 7).
    NotADigit,
    /// Non-negative integers, step 4: the value is less than zero.
    Negative,
    /// The spec's integers are unbounded; this one does not fit the result type (`i64` for
    /// integers, `u64` for non-negative integers), so it is reported instead of wrapped.
    OutOfRange,
}

/// Steps 1–8 of the rules for parsing integers: the sign, and the digits' value (`None` when it
/// overflows a `u64`; the digits are then nonzero).
fn parse_integer_parts(input: &str) -> Result<(bool, Option<u64>), IntegerError> {
    // Steps 1-3.
    let mut c = Cursor::new(input);
    let mut negative = false;
    // Step 4.
    c.skip_ascii_whitespace();
    // Step 5.
    if c.past_end() {
        return Err(IntegerError::Empty);
    }
    // Step 6.
    if c.at(b'-') {
        negative = true;
        c.advance();
        if c.past_end() {
            return Err(IntegerError::SignOnly);
        }
    } else if c.at(b'+') {
        c.advance();
        if c.past_end() {
            return Err(IntegerError::SignOnly);
        }
    }
    // Step 7.
    if !c.at_digit() {
        return Err(IntegerError::NotADigit);
    }
    // Step 8.
    Ok((negative, digits_value(c.collect_digits())))
}

/// The rules for parsing integers: leading ASCII whitespace, an optional "-" or (non-conforming)
/// "+", then ASCII digits; anything after the digits is ignored.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers>
pub fn parse_integer(input: &str) -> Result<i64, IntegerError> {
    let (negative, magnitude) = parse_integer_parts(input)?;
    let magnitude = magnitude.ok_or(IntegerError::OutOfRange)?;
    // Step 9.
    if negative {
        0i64.checked_sub_unsigned(magnitude).ok_or(IntegerError::OutOfRange)
    } else {
        i64::try_from(magnitude).map_err(|_| IntegerError::OutOfRange)
    }
}

/// The rules for parsing non-negative integers: the rules for parsing integers, and an error for
/// a value below zero ("-0" is zero).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers>
pub fn parse_non_negative_integer(input: &str) -> Result<u64, IntegerError> {
    // Steps 2-3.
    let (negative, magnitude) = parse_integer_parts(input)?;
    match magnitude {
        // Step 4 (an overflowing magnitude is nonzero, so a negative one is below zero).
        _ if negative && magnitude != Some(0) => Err(IntegerError::Negative),
        // Step 5.
        Some(value) => Ok(value),
        None => Err(IntegerError::OutOfRange),
    }
}

/// A valid integer: one or more ASCII digits, optionally prefixed with "-".
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-integer>
pub fn is_valid_integer(input: &str) -> bool {
    is_valid_non_negative_integer(input.strip_prefix('-').unwrap_or(input))
}

/// A valid non-negative integer: one or more ASCII digits.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-non-negative-integer>
pub fn is_valid_non_negative_integer(input: &str) -> bool {
    !input.is_empty() && input.bytes().all(|b| b.is_ascii_digit())
}

/// Why the rules for parsing floating-point number values returned an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatError {
    /// Nothing but ASCII whitespace (step 7).
    Empty,
    /// A "-" or "+" and then the end of the input (step 8).
    SignOnly,
    /// Neither a digit nor "." followed by a digit where the number starts (step 10).
    NotADigit,
    /// The value rounds to ±2^1024 (step 17).
    OutOfRange,
}

/// The rules for parsing floating-point number values: leading whitespace, an optional sign,
/// digits with an optional fraction and exponent; trailing garbage is ignored. Returns a finite
/// `f64`, never −0.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-floating-point-number-values>
pub fn parse_floating_point_number(input: &str) -> Result<f64, FloatError> {
    // Steps 1-5: value, divisor and exponent are kept as the exact decimal text they stand for
    // (`start..end` of the input) and converted once, at step 15.
    let mut c = Cursor::new(input);
    // Steps 6-8.
    let negative = float_sign(&mut c, true)?;
    let start = c.position;
    let mut end;
    // Step 9: ".5" starts at the fraction with value zero.
    let at_fraction = c.at(b'.') && c.peek_next().is_some_and(|b| b.is_ascii_digit());
    if !at_fraction {
        // Step 10.
        if !c.at_digit() {
            return Err(FloatError::NotADigit);
        }
        // Step 11.
        c.collect_digits();
        end = c.position;
        // Step 12.
        if c.past_end() {
            return conversion(&c.input[start..end], negative);
        }
    } else {
        end = c.position;
    }
    // Step 13 (fraction).
    if c.at(b'.') {
        // Substep 1.
        c.advance();
        // Substep 2.
        match c.peek() {
            Some(b'0'..=b'9') => {
                // Substeps 4-8 (the fraction loop).
                c.collect_digits();
                end = c.position;
                if c.past_end() {
                    return conversion(&c.input[start..end], negative);
                }
            }
            // Substep 3: "1.e5" goes on to the exponent.
            Some(b'e' | b'E') => {}
            _ => return conversion(&c.input[start..end], negative),
        }
    }
    // Step 14 (exponent): substeps 2, 3 and 4 jump to conversion without it.
    if let Some(e) = exponent(&mut c) {
        end = e;
    }
    conversion(&c.input[start..end], negative)
}

/// Steps 6-8 of both editions' floating-point parsers: skip whitespace, fail at the end, take
/// a "-" (or, when `plus` (today), skip a "+"), fail at the end. Returns whether it was "-".
pub(crate) fn float_sign(c: &mut Cursor<'_>, plus: bool) -> Result<bool, FloatError> {
    // Step 6.
    c.skip_ascii_whitespace();
    // Step 7.
    if c.past_end() {
        return Err(FloatError::Empty);
    }
    // Step 8.
    let negative = c.at(b'-');
    if negative || (plus && c.at(b'+')) {
        c.advance();
        if c.past_end() {
            return Err(FloatError::SignOnly);
        }
    }
    Ok(negative)
}

/// The exponent steps of both editions' floating-point parsers: "e" or "E", an optional "-" or
/// "+", then digits. Returns where the exponent's digits end, or `None` (no "e", or no digits
/// after it: the number is converted without an exponent).
pub(crate) fn exponent(c: &mut Cursor<'_>) -> Option<usize> {
    if !(c.at(b'e') || c.at(b'E')) {
        return None;
    }
    c.advance();
    if c.at(b'-') || c.at(b'+') {
        c.advance();
    }
    if !c.at_digit() {
        return None;
    }
    c.collect_digits();
    Some(c.position)
}

/// Steps 15-18 (conversion): the closest double, excluding −0; ±2^1024 is an error.
fn conversion(text: &[u8], negative: bool) -> Result<f64, FloatError> {
    let value = decimal_to_f64(text);
    if value.is_infinite() {
        return Err(FloatError::OutOfRange);
    }
    if value.is_nan() {
        return Err(FloatError::NotADigit);
    }
    // S has no −0: a negative value that rounds to zero is zero.
    Ok(if negative && value != 0.0 { -value } else { value })
}

/// A valid floating-point number: optional "-", digits and/or "." digits, optional exponent.
/// This is the grammar alone ("Infinity" and "NaN" do not match it); a valid string with a huge
/// exponent like "1e400" is valid, and the parser reports its value out of range.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number>
pub fn is_valid_floating_point_number(input: &str) -> bool {
    let b = input.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let int_digits = count_digits(&b[i..]);
    i += int_digits;
    let mut frac_digits = 0;
    if b.get(i) == Some(&b'.') {
        frac_digits = count_digits(&b[i + 1..]);
        if frac_digits == 0 {
            return false;
        }
        i += 1 + frac_digits;
    }
    if int_digits == 0 && frac_digits == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let exp_digits = count_digits(&b[i..]);
        if exp_digits == 0 {
            return false;
        }
        i += exp_digits;
    }
    i == b.len()
}

fn count_digits(b: &[u8]) -> usize {
    b.iter().take_while(|b| b.is_ascii_digit()).count()
}

/// The best representation of the number `n` as a floating-point number: ECMAScript's
/// Number::toString(n) (the shortest digits that read back as `n`; plain notation from 1e-7
/// up to 1e21, exponent notation outside). NaN and the infinities, which are not valid
/// floating-point numbers, are written as ECMAScript writes them.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#best-representation-of-the-number-as-a-floating-point-number>,
/// <https://tc39.es/ecma262/#sec-numeric-types-number-tostring>
pub fn best_representation(n: f64) -> String {
    // Number::toString steps 1-4.
    if n.is_nan() {
        return "NaN".into();
    }
    if n == 0.0 {
        return "0".into();
    }
    if n < 0.0 {
        return format!("-{}", best_representation(-n));
    }
    if n.is_infinite() {
        return "Infinity".into();
    }
    // Step 5: the shortest digits s (k of them) and n such that s × 10^(n−k) is the value; Rust's
    // `{:e}` writes the shortest round-trip digits as "d.ddde±x", so n = x + 1.
    let sci = format!("{n:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i64;
    let e: i64 = exp.parse().unwrap_or(0);
    let point = e + 1;
    if k <= point && point <= 21 {
        // Step 6.
        format!("{digits}{}", "0".repeat((point - k) as usize))
    } else if 0 < point && point <= 21 {
        // Step 7.
        let (a, b) = digits.split_at(point as usize);
        format!("{a}.{b}")
    } else if -6 < point && point <= 0 {
        // Step 8.
        format!("0.{}{digits}", "0".repeat((-point) as usize))
    } else {
        // Steps 9-10.
        let sign = if point - 1 < 0 { '-' } else { '+' };
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        format!("{first}{dot}{rest}e{sign}{}", (point - 1).abs())
    }
}

/// Whether a dimension value is a length or a percentage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DimensionKind {
    /// A number of CSS pixels.
    Length,
    /// A percentage (the value was followed by "%").
    Percentage,
}

/// A dimension value: a number ≥ 0 and whether it is a length or a percentage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dimension {
    /// The number (the digits and fraction, rounded to the nearest `f64`; the spec's numbers
    /// are unbounded, so digits beyond `f64::MAX` give infinity).
    pub value: f64,
    /// Length or percentage.
    pub kind: DimensionKind,
}

/// Why the rules for parsing (nonzero) dimension values returned failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DimensionError {
    /// After whitespace, the end of input or a character that is not an ASCII digit (step 4).
    NoDigits,
    /// Nonzero dimension values, step 4: the value is zero.
    Zero,
}

/// The rules for parsing dimension values: digits, an optional fraction, then "%" for a
/// percentage; anything else after the number is ignored.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-dimension-values>
pub fn parse_dimension(input: &str) -> Result<Dimension, DimensionError> {
    // Steps 1-3.
    let mut c = Cursor::new(input);
    c.skip_ascii_whitespace();
    // Step 4.
    if !c.at_digit() {
        return Err(DimensionError::NoDigits);
    }
    // Step 5: value is kept as its decimal text, converted when returned.
    let start = c.position;
    c.collect_digits();
    let mut end = c.position;
    let length =
        |end: usize| Dimension { value: decimal_to_f64(&input.as_bytes()[start..end]), kind: DimensionKind::Length };
    // Step 6.
    if c.past_end() {
        return Ok(length(end));
    }
    // Step 7.
    if c.at(b'.') {
        // Substep 1.
        c.advance();
        // Substeps 2-4: the fraction's digits (substep 4.4 returns a length at the end).
        if c.at_digit() {
            c.collect_digits();
            end = c.position;
            if c.past_end() {
                return Ok(length(end));
            }
        }
    }
    // Step 8 and "the current dimension value": the character at position (after "." when
    // the fraction had no digits: "5.%" is a percentage).
    let kind = if c.at(b'%') { DimensionKind::Percentage } else { DimensionKind::Length };
    Ok(Dimension { kind, ..length(end) })
}

/// The rules for parsing nonzero dimension values: a dimension value other than zero.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-zero-dimension-values>
pub fn parse_nonzero_dimension(input: &str) -> Result<Dimension, DimensionError> {
    // Steps 2-3.
    let value = parse_dimension(input)?;
    // Step 4.
    if value.value == 0.0 {
        return Err(DimensionError::Zero);
    }
    // Steps 5-6.
    Ok(value)
}

/// The rules for parsing a list of floating-point numbers: numbers separated by whitespace,
/// commas or semicolons; garbage before a number is skipped and an unparsable number is zero.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-list-of-floating-point-numbers>
pub fn parse_list_of_floating_point_numbers(input: &str) -> Vec<f64> {
    let delimiter = |b: u8| is_ascii_whitespace(b) || b == b',' || b == b';';
    // Steps 1-3.
    let mut c = Cursor::new(input);
    let mut numbers = Vec::new();
    // Step 4.
    c.collect(delimiter);
    // Step 5.
    while !c.past_end() {
        // Substep 1: leading garbage.
        c.collect(|b| !(delimiter(b) || b.is_ascii_digit() || b == b'.' || b == b'-'));
        // Substep 2.
        let start = c.position;
        c.collect(|b| !delimiter(b));
        let unparsed = &input[start..c.position];
        // Substeps 3-5 (the collected runs end at ASCII bytes, so they are `str` boundaries).
        numbers.push(parse_floating_point_number(unparsed).unwrap_or(0.0));
        // Substep 6.
        c.collect(delimiter);
    }
    // Step 6.
    numbers
}

/// A valid list of floating-point numbers: valid floating-point numbers separated by single
/// commas, nothing else.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-list-of-floating-point-numbers>
pub fn is_valid_list_of_floating_point_numbers(input: &str) -> bool {
    input.split(',').all(is_valid_floating_point_number)
}

/// The unit of an entry of a list of dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DimensionUnit {
    /// "%".
    Percentage,
    /// "*" (or an empty entry).
    Relative,
    /// Anything else.
    Absolute,
}

/// One entry of a list of dimensions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ListDimension {
    /// The number.
    pub value: f64,
    /// Its unit.
    pub unit: DimensionUnit,
}

/// The rules for parsing a list of dimensions (`frameset`'s `rows`/`cols`).
///
/// The text is followed to the letter, including step 5.7: its "collect a sequence of code
/// points consisting of ASCII whitespace and ASCII digits" starts at the "." itself, which is
/// neither, so the fraction is never added and the entry's unit is read at the "." (absolute):
/// "50.5%" is 50, absolute. The 2009 text says the same. (Browsers step past the "."; the
/// tests pin the literal reading, so a change here is deliberate.)
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-list-of-dimensions>
pub fn parse_list_of_dimensions(input: &str) -> Vec<ListDimension> {
    // Steps 1-2.
    let raw = input.strip_suffix(',').unwrap_or(input);
    // Steps 3-4.
    let mut result = Vec::new();
    // Step 5.
    for token in super::tokens::split_on_commas(raw) {
        // Substeps 1-4.
        let mut c = Cursor::new(token);
        let mut value = 0.0f64;
        let mut unit = DimensionUnit::Absolute;
        // Substep 5.
        if c.past_end() {
            result.push(ListDimension { value, unit: DimensionUnit::Relative });
            continue;
        }
        // Substep 6.
        if c.at_digit() {
            value += decimal_to_f64(c.collect_digits());
        }
        // Substep 7.
        if c.at(b'.') {
            // 7.1-7.2.
            let s: Vec<u8> = c
                .collect(|b| is_ascii_whitespace(b) || b.is_ascii_digit())
                .iter()
                .copied()
                .filter(|b| b.is_ascii_digit())
                .collect();
            // 7.3: length digits divided by 10^length.
            if !s.is_empty() {
                let mut text = Vec::with_capacity(s.len() + 2);
                text.extend_from_slice(b"0.");
                text.extend_from_slice(&s);
                value += decimal_to_f64(&text);
            }
        }
        // Substep 8.
        c.skip_ascii_whitespace();
        // Substep 9.
        if c.at(b'%') {
            unit = DimensionUnit::Percentage;
        } else if c.at(b'*') {
            unit = DimensionUnit::Relative;
        }
        // Substep 10.
        result.push(ListDimension { value, unit });
    }
    // Step 6.
    result
}
