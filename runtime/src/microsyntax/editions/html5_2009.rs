//! The HTML5 draft of 27 October 2009, section 2.4 "Common microsyntaxes" (one of the
//! project's seed documents), where its algorithms differ from today's text: as the seed
//! writes them, step for step. Section numbers below are that draft's (2.4.x).
//!
//! Unchanged algorithms are re-exported so this module is the whole 2009 chapter: integers
//! (2.4.4.2), lists of dimensions (2.4.4.7), months, dates and weeks (2.4.5.1, 2.4.5.2,
//! 2.4.5.6), splitting on spaces and on commas (2.4.7, 2.4.8), hash-name references (2.4.9,
//! steps 1-2). The module documentation of [`crate::microsyntax`] lists what changed.

use crate::microsyntax::colors::{LegacyColorError, Rgb};
use crate::microsyntax::colors::{legacy_color_hex_steps, named_color};
use crate::microsyntax::cursor::{Cursor, decimal_to_f64, digits_value, is_ascii_whitespace};
use crate::microsyntax::dates::{Date, DateTimeError, GlobalDateTime, LocalDateTime, Time, TimeZoneOffset};
use crate::microsyntax::dates::{
    date_and_time, date_component, date_or_time, end, exactly, expect, global_date_and_time, hour_and_minute,
    offset_after_date_and_time, offset_start, signed_offset, whole,
};
use crate::microsyntax::numbers::{Dimension, exponent, float_sign};
use crate::microsyntax::numbers::{DimensionKind, FloatError, IntegerError};

/// 2.4.7 "split a string on spaces": the same algorithm as today's (Infra's) split on ASCII
/// whitespace ("space characters" are the same five characters).
#[doc(no_inline)]
pub use crate::microsyntax::dates::{parse_date_string, parse_month_string, parse_week_string};
#[doc(no_inline)]
pub use crate::microsyntax::numbers::{
    is_valid_integer, is_valid_non_negative_integer, parse_integer, parse_list_of_dimensions,
};
#[doc(no_inline)]
pub use crate::microsyntax::tokens::split_on_ascii_whitespace as split_on_spaces;
#[doc(no_inline)]
pub use crate::microsyntax::tokens::{EnumeratedAttribute, parse_hash_name_reference, split_on_commas};

/// 2.4.4.1 The rules for parsing non-negative integers (2009): whitespace, an optional "+",
/// digits. Unlike today's, a "-" is simply not a digit ("-0" is an error).
pub fn parse_non_negative_integer(input: &str) -> Result<u64, IntegerError> {
    // Steps 1-2.
    let mut c = Cursor::new(input);
    // Step 3.
    c.skip_ascii_whitespace();
    // Step 4.
    if c.past_end() {
        return Err(IntegerError::Empty);
    }
    // Step 5.
    let plus = c.at(b'+');
    if plus {
        c.advance();
    }
    // Step 6.
    if c.past_end() {
        return Err(IntegerError::SignOnly);
    }
    // Step 7.
    if !c.at_digit() {
        return Err(IntegerError::NotADigit);
    }
    // Steps 8-9.
    digits_value(c.collect_digits()).ok_or(IntegerError::OutOfRange)
}

/// 2.4.4.3 The rules for parsing floating point number values (2009): single precision, a
/// digit required first (no ".5", no "+"), and a "." not followed by a digit ends the number
/// ("1.e3" is 1).
pub fn parse_floating_point_number(input: &str) -> Result<f32, FloatError> {
    // Steps 1-5: the value is kept as its exact decimal text.
    let mut c = Cursor::new(input);
    // Steps 6-8 (no "+" in 2009).
    let negative = float_sign(&mut c, false)?;
    // Step 9.
    if !c.at_digit() {
        return Err(FloatError::NotADigit);
    }
    // Step 10.
    let start = c.position;
    c.collect_digits();
    let mut end = c.position;
    // Step 11.
    if !c.past_end() {
        // Step 12.
        if c.at(b'.') {
            c.advance();
            // Substep 2.
            if !c.at_digit() {
                return conversion(&c.input[start..end], negative);
            }
            // Substeps 3-7.
            c.collect_digits();
            end = c.position;
        }
        // Step 13.
        if let Some(e) = exponent(&mut c) {
            end = e;
        }
    }
    conversion(&c.input[start..end], negative)
}

/// Steps 14-17 (conversion): the nearest single-precision value, ties to even; ±2^128 is an
/// error; no −0.
fn conversion(text: &[u8], negative: bool) -> Result<f32, FloatError> {
    let value = std::str::from_utf8(text).ok().and_then(|s| s.parse::<f32>().ok()).ok_or(FloatError::NotADigit)?;
    if value.is_infinite() {
        return Err(FloatError::OutOfRange);
    }
    Ok(if negative && value != 0.0 { -value } else { value })
}

/// 2.4.4.3 A valid floating point number (2009): optional "-", one or more digits, optionally
/// "." and one or more digits, optionally an exponent (the grammar alone: "1e39" is valid, and
/// the parser reports its value out of single precision's range).
pub fn is_valid_floating_point_number(input: &str) -> bool {
    let b = input.as_bytes();
    let start = usize::from(b.first() == Some(&b'-'));
    let digits = |i: usize| b[i.min(b.len())..].iter().take_while(|x| x.is_ascii_digit()).count();
    let mut i = start + digits(start);
    if i == start {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        let n = digits(i + 1);
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let n = digits(i);
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == b.len()
}

/// A denominator punctuation character of 2.4.4.4 and its value.
fn denominator_value(c: char) -> Option<u32> {
    match c {
        '\u{0025}' | '\u{066A}' | '\u{FE6A}' | '\u{FF05}' => Some(100),
        '\u{2030}' => Some(1000),
        '\u{2031}' => Some(10000),
        _ => None,
    }
}

/// What the steps for finding one or two numbers of a ratio return.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ratio {
    /// One number.
    Number(f32),
    /// A number and a denominator punctuation character (with its value: 100, 1000 or 10000).
    NumberAndDenominator(f32, char, u32),
    /// Two numbers.
    TwoNumbers(f32, f32),
}

/// "Find a number": `None` for nothing, `Some(Err(()))` for an error condition.
fn find_a_number(input: &str, position: &mut usize) -> Option<Result<f32, ()>> {
    let b = input.as_bytes();
    // Step 2.
    while *position < b.len() && !(b[*position] == b'.' || b[*position].is_ascii_digit()) {
        *position += 1;
    }
    // Step 3.
    if *position >= b.len() {
        return None;
    }
    // Step 4.
    let start = *position;
    while *position < b.len() && (b[*position] == b'.' || b[*position].is_ascii_digit()) {
        *position += 1;
    }
    let s = &input[start..*position];
    // Step 5.
    if s.starts_with('.') || s.ends_with('.') || s.matches('.').count() > 1 {
        return Some(Err(()));
    }
    // Steps 6-7 (the text calls this infallible; a number beyond single precision is its one
    // failure, reported as the error condition).
    Some(parse_floating_point_number(s).map_err(|_| ()))
}

/// "Skip White_Space characters" (Unicode White_Space, which `char::is_whitespace` tests).
fn skip_white_space(input: &str, position: &mut usize) {
    *position += input[*position..].len() - input[*position..].trim_start_matches(char::is_whitespace).len();
}

/// 2.4.4.4 The steps for finding one or two numbers of a ratio in a string (for `progress` and
/// `meter` in 2009). `None` is "nothing".
pub fn find_ratio(input: &str) -> Option<Ratio> {
    // Steps 1-3.
    let mut position = 0;
    if input.is_empty() {
        return None;
    }
    // Step 4.
    let number1 = find_a_number(input, &mut position)?.ok()?;
    // Step 5.
    skip_white_space(input, &mut position);
    // Step 6.
    let denominator = input[position..].chars().next().and_then(|c| denominator_value(c).map(|v| (c, v)));
    // Step 7.
    let digits_after = |p: usize| input.as_bytes()[p..].iter().any(u8::is_ascii_digit);
    if let Some((c, v)) = denominator {
        if digits_after(position) {
            return None;
        }
        // Step 8.
        return Some(Ratio::NumberAndDenominator(number1, c, v));
    }
    // Step 9.
    let Some(Ok(number2)) = find_a_number(input, &mut position) else {
        return Some(Ratio::Number(number1));
    };
    // Step 10.
    skip_white_space(input, &mut position);
    // Step 11.
    if input[position..].chars().next().is_some_and(|c| denominator_value(c).is_some()) {
        return None;
    }
    // Step 12.
    if digits_after(position) {
        return None;
    }
    // Step 13.
    Some(Ratio::TwoNumbers(number1, number2))
}

/// Why the 2009 rules for parsing dimension values returned an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DimensionError2009 {
    /// Step 4: nothing but whitespace.
    Empty,
    /// Step 7: only a "+" and zeros.
    OnlyZeros,
    /// Step 8: the first significant character is not a digit 1-9.
    NotANonzeroDigit,
}

/// 2.4.4.5 The rules for parsing dimension values (2009): whitespace, an optional "+", leading
/// zeros skipped, then a nonzero digit (so the value is at least 1), an optional fraction, "%"
/// for a percentage. A "." without digits after it ends in a length ("5.%" is 5 pixels).
pub fn parse_dimension(input: &str) -> Result<Dimension, DimensionError2009> {
    // Steps 1-3.
    let mut c = Cursor::new(input);
    c.skip_ascii_whitespace();
    // Step 4.
    if c.past_end() {
        return Err(DimensionError2009::Empty);
    }
    // Step 5.
    if c.at(b'+') {
        c.advance();
    }
    // Step 6.
    c.collect(|b| b == b'0');
    // Step 7.
    if c.past_end() {
        return Err(DimensionError2009::OnlyZeros);
    }
    // Step 8.
    if !matches!(c.peek(), Some(b'1'..=b'9')) {
        return Err(DimensionError2009::NotANonzeroDigit);
    }
    // Step 9.
    let start = c.position;
    c.collect_digits();
    let mut end = c.position;
    let make = |end: usize, kind| Dimension { value: decimal_to_f64(&input.as_bytes()[start..end]), kind };
    // Step 10.
    if c.past_end() {
        return Ok(make(end, DimensionKind::Length));
    }
    // Step 11.
    if c.at(b'.') {
        c.advance();
        // Substep 2.
        if !c.at_digit() {
            return Ok(make(end, DimensionKind::Length));
        }
        // Substeps 3-8.
        c.collect_digits();
        end = c.position;
    }
    // Steps 12-14.
    Ok(make(end, if c.at(b'%') { DimensionKind::Percentage } else { DimensionKind::Length }))
}

/// 2.4.4.6 The rules for parsing a list of integers (2009): a forgiving tokenizer for `coords`
/// and the like. Values beyond `i64` saturate (the text's integers are unbounded).
pub fn parse_list_of_integers(input: &str) -> Vec<i64> {
    let b = input.as_bytes();
    let is_separator = |x: u8| matches!(x, b' ' | b',' | b';');
    // Steps 1-3.
    let mut position = 0;
    let mut numbers = Vec::new();
    'step4: loop {
        // Step 4.
        if position < b.len() && is_separator(b[position]) {
            position += 1;
        }
        // Step 5.
        if position >= b.len() {
            return numbers;
        }
        // Step 6.
        if is_separator(b[position]) {
            continue 'step4;
        }
        // Steps 7-12.
        let mut negated = false;
        let mut value: i64 = 0;
        let mut started = false;
        let mut got_number = false;
        let mut finished = false;
        let mut bogus = false;
        // Steps 13-15.
        while position < b.len() {
            let ch = b[position];
            match ch {
                b'-' => {
                    if got_number {
                        finished = true;
                    }
                    if !finished {
                        if started {
                            negated = false;
                        } else if !bogus {
                            negated = true;
                        }
                        started = true;
                    }
                }
                b'0'..=b'9' => {
                    if !finished {
                        value = value.saturating_mul(10).saturating_add(i64::from(ch - b'0'));
                        started = true;
                        got_number = true;
                    }
                }
                b' ' | b',' | b';' => {
                    if !got_number {
                        return numbers;
                    }
                    numbers.push(if negated { -value } else { value });
                    position += 1;
                    continue 'step4;
                }
                0x01..=0x1F | 0x21..=0x2B | 0x2D..=0x2F | 0x3A | 0x3C..=0x40 | 0x5B..=0x60 | 0x7B..=0x7F => {
                    if got_number {
                        finished = true;
                    }
                    if !finished {
                        negated = false;
                    }
                }
                _ => {
                    if !finished {
                        negated = false;
                        bogus = true;
                        if started {
                            return numbers;
                        }
                    }
                }
            }
            // Step 14.
            position += 1;
        }
        // Steps 16-18.
        if got_number {
            numbers.push(if negated { -value } else { value });
        }
        return numbers;
    }
}

/// 2.4.4.6 A valid list of integers: valid integers separated by single commas, nothing else.
pub fn is_valid_list_of_integers(input: &str) -> bool {
    input.split(',').all(is_valid_integer)
}

/// 2.4.5.3 The rules to parse a time component (2009): the seconds are two digits followed by
/// any run of digits and dots with at most one dot, not last.
fn time_component(c: &mut Cursor<'_>) -> Result<Time, DateTimeError> {
    // Steps 1-5.
    let (hour, minute) = hour_and_minute(c)?;
    // Step 6.
    let mut second: &[u8] = b"0";
    // Step 7.
    if c.at(b':') {
        c.advance();
        if !(c.at_digit() && c.peek_next().is_some_and(|b| b.is_ascii_digit())) {
            return Err(DateTimeError::SecondDigits);
        }
        let s = c.collect(|b| b.is_ascii_digit() || b == b'.');
        if s.iter().filter(|&&b| b == b'.').count() > 1 || s.last() == Some(&b'.') {
            return Err(DateTimeError::SecondSyntax);
        }
        second = s;
    }
    // Steps 8-9: the integer part decides "< 60" exactly.
    let int_part = &second[..second.iter().position(|&b| b == b'.').unwrap_or(second.len())];
    if digits_value(int_part).is_none_or(|v| v >= 60) {
        return Err(DateTimeError::SecondOutOfRange);
    }
    // Step 10.
    Ok(Time { hour, minute, second: decimal_to_f64(second) })
}

/// 2.4.5.5 The rules to parse a time-zone offset component (2009): "Z" or "±hh:mm".
fn time_zone_offset_component(c: &mut Cursor<'_>) -> Result<TimeZoneOffset, DateTimeError> {
    // Step 1, and its substeps 1-2.
    let Some(negative) = offset_start(c)? else { return Ok(TimeZoneOffset { hours: 0, minutes: 0 }) };
    // Substep 3.
    let hours = exactly(c, 2, DateTimeError::TimeZoneSyntax)?;
    // Substep 4 (before the colon, so the error names the step that fails first).
    if hours > 23 {
        return Err(DateTimeError::TimeZoneHoursOutOfRange);
    }
    // Substep 6.
    expect(c, b':', DateTimeError::TimeZoneSyntax)?;
    // Substep 7.
    let minutes = exactly(c, 2, DateTimeError::TimeZoneSyntax)?;
    // Substeps 5, 8-9 and step 2.
    signed_offset(negative, hours, minutes)
}

/// 2.4.5.3 The rules to parse a time string (2009).
pub fn parse_time_string(input: &str) -> Result<Time, DateTimeError> {
    // Steps 1-6.
    whole(input, time_component)
}

/// 2.4.5.3 A valid time string (2009): "HH:MM", optionally ":SS", optionally "." and one or
/// more digits.
pub fn is_valid_time_string(input: &str) -> bool {
    parse_time_string(input).is_ok()
}

/// 2.4.5.4 The rules to parse a local date and time string (2009): "T" only.
pub fn parse_local_date_and_time_string(input: &str) -> Result<LocalDateTime, DateTimeError> {
    // Steps 1-5.
    let mut c = Cursor::new(input);
    let LocalDateTime { date, time } = date_and_time(&mut c, b"T", time_component)?;
    // Steps 6-9.
    end(&c)?;
    Ok(LocalDateTime { date, time })
}

/// 2.4.5.4 A valid local date and time string (2009): date, "T", time.
pub fn is_valid_local_date_and_time_string(input: &str) -> bool {
    parse_local_date_and_time_string(input).is_ok()
}

/// 2.4.5.5 The rules to parse a global date and time string (2009): "T" only, and the offset
/// "Z" or "±hh:mm".
pub fn parse_global_date_and_time_string(input: &str) -> Result<GlobalDateTime, DateTimeError> {
    global_date_and_time(input, b"T", time_component, time_zone_offset_component)
}

/// 2.4.5.5 The best representation of a global date and time (2009): the valid global date
/// and time string, never ending in "Z": the offset is written "±hh:mm", with "-" when the time
/// zone is UTC ("-00:00"), as the text says.
pub fn best_representation_of_global_date_and_time(datetime: &GlobalDateTime) -> String {
    let o = datetime.offset;
    let sign = if o.hours > 0 || o.minutes > 0 { '+' } else { '-' };
    format!(
        "{}T{}{sign}{:02}:{:02}",
        datetime.local.date,
        datetime.local.time,
        o.hours.unsigned_abs(),
        o.minutes.unsigned_abs()
    )
}

/// The variant of the 2009 rules to parse a date or time string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateOrTimeVariant {
    /// For attribute values: no surrounding whitespace.
    InAttribute,
    /// For element content (the `time` element's text): Unicode White_Space around is skipped.
    InContent,
}

/// 2.4.5.7 The rules to parse a date or time string (2009), the `time` element's algorithm: a
/// date, a time, or a global date and time ("T" only). A date followed by "T" and a bad time
/// is the date when nothing is left after the failed time component.
pub fn parse_date_or_time_string(
    input: &str,
    variant: DateOrTimeVariant,
) -> Result<crate::microsyntax::dates::DateOrTime, DateTimeError> {
    // Steps 1-2.
    let mut c = Cursor::new(input);
    // Step 3.
    if variant == DateOrTimeVariant::InContent {
        skip_white_space(input, &mut c.position);
    }
    // Step 4.
    let start = c.position;
    // Steps 5-6.
    let mut time_present = true;
    let date: Option<Date> = date_component(&mut c).ok();
    // Step 7 ("T" only; today's step 6 also takes a space, so the two are written apart).
    if date.is_some() {
        if c.at(b'T') {
            c.advance();
        } else {
            time_present = false;
        }
    } else {
        c.position = start;
    }
    // Step 8 (a failed component leaves position where it stopped; today's step 7 fails).
    let time = if time_present { time_component(&mut c).ok() } else { None };
    // Step 9.
    if date.is_none() && time.is_none() {
        return Err(DateTimeError::HourDigits);
    }
    // Steps 10-11 (today's steps 8-9), with the 2009 time-zone offset component.
    let offset = offset_after_date_and_time(&mut c, date, time, time_zone_offset_component)?;
    // Step 12.
    if variant == DateOrTimeVariant::InContent {
        skip_white_space(input, &mut c.position);
    }
    // Step 13.
    end(&c)?;
    // Step 14 (today's step 11).
    date_or_time(date, time, offset)
}

/// Why the 2009 rules for parsing simple color values returned an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimpleColorError {
    /// Step 2: not exactly seven characters.
    Length,
    /// Step 3: the first character is not "#".
    NoHash,
    /// Step 4: the last six are not all hex digits.
    NotHex,
}

/// 2.4.6 The rules for parsing simple color values (2009): exactly "#rrggbb".
pub fn parse_simple_color(input: &str) -> Result<Rgb, SimpleColorError> {
    // Steps 1-2.
    if input.chars().count() != 7 {
        return Err(SimpleColorError::Length);
    }
    let b = input.as_bytes();
    // Step 3.
    if b[0] != b'#' {
        return Err(SimpleColorError::NoHash);
    }
    // Step 4 (seven characters, the first one byte: six more ASCII hex digits, or some non-ASCII).
    if b.len() != 7 || !b[1..].iter().all(u8::is_ascii_hexdigit) {
        return Err(SimpleColorError::NotHex);
    }
    // Steps 5-9.
    let byte = |i: usize| {
        let s = &input[i..i + 2];
        u8::from_str_radix(s, 16).unwrap_or(0)
    };
    Ok(Rgb { red: byte(1), green: byte(3), blue: byte(5) })
}

/// 2.4.6 The rules for serializing simple color values (2009): "#" and lowercase hex.
pub fn serialize_simple_color(color: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", color.red, color.green, color.blue)
}

/// 2.4.6 A valid simple color: "#" and six hex digits.
pub fn is_valid_simple_color(input: &str) -> bool {
    parse_simple_color(input).is_ok()
}

/// 2.4.6 A valid lowercase simple color: a valid simple color without "A"-"F".
pub fn is_valid_lowercase_simple_color(input: &str) -> bool {
    is_valid_simple_color(input) && !input.bytes().any(|b| b.is_ascii_uppercase())
}

/// What the 2009 legacy color parser returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegacyColor {
    /// A simple color.
    Simple(Rgb),
    /// A CSS2 system color keyword (as CSS3 Color spells it); its color is the user agent's.
    System(&'static str),
}

/// 2.4.6 The rules for parsing a legacy color value (2009): no whitespace stripping; the SVG
/// color keywords (CSS3 Color: no `rebeccapurple`) and the CSS2 system colors; then "#rgb" and
/// the hex salvage of today's steps 5-19.
pub fn parse_legacy_color_value(input: &str) -> Result<LegacyColor, LegacyColorError> {
    use crate::generated::named_colors::SYSTEM_COLORS_2009;
    // Steps 1-2.
    if input.is_empty() {
        return Err(LegacyColorError::Empty);
    }
    // Step 3.
    if input.eq_ignore_ascii_case("transparent") {
        return Err(LegacyColorError::Transparent);
    }
    // Step 4.
    if let Some(rgb) = named_color(input.as_bytes(), true) {
        return Ok(LegacyColor::Simple(rgb));
    }
    if let Some(name) = SYSTEM_COLORS_2009.iter().find(|n| n.eq_ignore_ascii_case(input)) {
        return Ok(LegacyColor::System(name));
    }
    // Steps 5-19.
    Ok(LegacyColor::Simple(legacy_color_hex_steps(input)))
}

/// 2.4.7 Remove a token from a string (2009): every occurrence of `token` is removed, and the
/// spaces around it collapse to one (none at the ends).
pub fn remove_token(input: &str, token: &str) -> String {
    let b = input.as_bytes();
    // Steps 1-4.
    let mut output = String::with_capacity(input.len());
    let mut position = 0;
    loop {
        // Step 5.
        if position >= b.len() {
            return output;
        }
        // Step 6.
        if is_ascii_whitespace(b[position]) {
            output.push(b[position] as char);
            position += 1;
            continue;
        }
        // Step 7.
        let start = position;
        while position < b.len() && !is_ascii_whitespace(b[position]) {
            position += 1;
        }
        let s = &input[start..position];
        // Step 8.
        if s == token {
            while position < b.len() && is_ascii_whitespace(b[position]) {
                position += 1;
            }
            let kept = output.trim_end_matches(|c: char| c.is_ascii() && is_ascii_whitespace(c as u8)).len();
            output.truncate(kept);
            if position < b.len() && !output.is_empty() {
                output.push(' ');
            }
        } else {
            // Step 9.
            output.push_str(s);
        }
        // Step 10 says "return to step 6", which at the end of input would collect an empty
        // token forever; step 5's end check runs first instead.
    }
}

/// 2.4.3 The state of an enumerated attribute (2009): a keyword's state; for any other
/// specified value the invalid value default, else the missing value default; when not
/// specified, the missing value default. (There is no empty value default in 2009.)
pub fn enumerated_attribute_state<S: Copy + PartialEq>(
    attribute: &EnumeratedAttribute<'_, S>,
    value: Option<&str>,
) -> Option<S> {
    let Some(value) = value else { return attribute.missing_value_default };
    if let Some(&(_, state, _)) = attribute.keywords.iter().find(|(k, _, _)| k.eq_ignore_ascii_case(value)) {
        return Some(state);
    }
    attribute.invalid_value_default.or(attribute.missing_value_default)
}
