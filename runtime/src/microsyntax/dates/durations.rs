//! Durations (spec: #durations): the [`Duration`] type, the rules to parse a duration string
//! (ISO 8601 `PT4H18M3S` or components `4h 18m 3s`) and the valid duration string check.

use super::*;

/// A duration: a number of seconds (spec: #concept-duration).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Duration {
    /// The seconds.
    pub seconds: f64,
}

/// Why the rules to parse a duration string failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DurationError {
    /// Step 6: nothing but whitespace.
    Empty,
    /// Step 8.6: a component does not start with a digit or ".".
    NotANumber,
    /// Step 8.7: the input ends after a number.
    MissingUnit,
    /// Step 8.9 (".") substep 2: no digits after ".".
    FractionDigits,
    /// Step 8.9 (".") substeps 7 and 9: a fraction not followed by "S" or "s".
    FractionNotSeconds,
    /// Step 8.9 (otherwise): not one of the unit letters.
    UnknownUnit,
    /// Step 9: no components.
    NoComponents,
    /// Step 10: months or years, which are not a number of seconds.
    Months,
}

/// The rules to parse a duration string: ISO 8601 durations ("PT4H18M3S", "P12D"), or
/// whitespace-separated components ("4h 18m 3s"); months and years are an error.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-duration-string>
pub fn parse_duration_string(input: &str) -> Result<Duration, DurationError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Units {
        Years,
        Months,
        Weeks,
        Days,
        Hours,
        Minutes,
        Seconds,
    }
    // Steps 1-3.
    let mut c = Cursor::new(input);
    let mut months = 0.0f64;
    let mut seconds = 0.0f64;
    let mut component_count = 0usize;
    // Step 4: true while "M" means months.
    let mut m_is_months = false;
    // Step 5.
    c.skip_ascii_whitespace();
    // Step 6.
    if c.past_end() {
        return Err(DurationError::Empty);
    }
    // Step 7.
    if c.at(b'P') {
        c.advance();
        m_is_months = true;
        c.skip_ascii_whitespace();
    }
    // Step 8.
    loop {
        // Substeps 1-3.
        if c.past_end() {
            break;
        }
        // Substep 4.
        if c.at(b'T') {
            c.advance();
            m_is_months = false;
            c.skip_ascii_whitespace();
            continue;
        }
        // Substeps 5-6.
        let mut n = if c.at(b'.') {
            0.0
        } else if c.at_digit() {
            decimal_to_f64(c.collect_digits())
        } else {
            return Err(DurationError::NotANumber);
        };
        // Substep 7.
        if c.past_end() {
            return Err(DurationError::MissingUnit);
        }
        // Substep 8.
        let mut next = c.peek();
        c.advance();
        // Substep 9.
        let units = if next == Some(b'.') {
            // 9.1-9.5.
            let s = c.collect_digits();
            if s.is_empty() {
                return Err(DurationError::FractionDigits);
            }
            let mut text = Vec::with_capacity(s.len() + 2);
            text.extend_from_slice(b"0.");
            text.extend_from_slice(s);
            n += decimal_to_f64(&text);
            // 9.6-9.9.
            c.skip_ascii_whitespace();
            if !matches!(c.peek(), Some(b'S' | b's')) {
                return Err(DurationError::FractionNotSeconds);
            }
            c.advance();
            // 9.10.
            Units::Seconds
        } else {
            // Otherwise, 1.
            if next.is_some_and(is_ascii_whitespace) {
                c.skip_ascii_whitespace();
                next = c.peek();
                c.advance();
            }
            // Otherwise, 2.
            match next {
                Some(b'Y' | b'y') => {
                    m_is_months = true;
                    Units::Years
                }
                Some(b'M' | b'm') if m_is_months => Units::Months,
                Some(b'W' | b'w') => {
                    m_is_months = false;
                    Units::Weeks
                }
                Some(b'D' | b'd') => {
                    m_is_months = false;
                    Units::Days
                }
                Some(b'H' | b'h') => {
                    m_is_months = false;
                    Units::Hours
                }
                Some(b'M' | b'm') => Units::Minutes,
                Some(b'S' | b's') => {
                    m_is_months = false;
                    Units::Seconds
                }
                _ => return Err(DurationError::UnknownUnit),
            }
        };
        // Substep 10.
        component_count += 1;
        // Substeps 11-13.
        let mut multiplier = 1.0;
        let mut units = units;
        if units == Units::Years {
            multiplier *= 12.0;
            units = Units::Months;
        }
        if units == Units::Months {
            months += n * multiplier;
        } else {
            if units == Units::Weeks {
                multiplier *= 7.0;
                units = Units::Days;
            }
            if units == Units::Days {
                multiplier *= 24.0;
                units = Units::Hours;
            }
            if units == Units::Hours {
                multiplier *= 60.0;
                units = Units::Minutes;
            }
            if units == Units::Minutes {
                multiplier *= 60.0;
            }
            seconds += n * multiplier;
        }
        // Substep 14.
        c.skip_ascii_whitespace();
    }
    // Step 9.
    if component_count == 0 {
        return Err(DurationError::NoComponents);
    }
    // Step 10.
    if months != 0.0 {
        return Err(DurationError::Months);
    }
    // Step 11.
    Ok(Duration { seconds })
}

/// A valid duration string, either syntax: ISO 8601 ("P", optional days "nD", optional "T" with
/// hours "nH", minutes "nM", seconds "n[.fff]S", in that order, at least one component), or one
/// or more duration time components ("n w|d|h|m|s", seconds with an optional one-to-three-digit
/// fraction, whitespace around), each unit at most once, in any order.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-duration-string>
pub fn is_valid_duration_string(input: &str) -> bool {
    is_valid_iso_duration(input.as_bytes()) || is_valid_duration_components(input.as_bytes())
}

/// Digits, then an optional "." and one to three digits when `fraction` allows; returns the
/// position after them, or None without digits.
fn number_end(b: &[u8], mut i: usize, fraction: bool) -> Option<usize> {
    let start = i;
    while b.get(i).is_some_and(|x| x.is_ascii_digit()) {
        i += 1;
    }
    if i == start {
        return None;
    }
    if fraction && b.get(i) == Some(&b'.') {
        let f = i + 1;
        let mut j = f;
        while b.get(j).is_some_and(|x| x.is_ascii_digit()) {
            j += 1;
        }
        if !(1..=3).contains(&(j - f)) {
            return None;
        }
        i = j;
    }
    Some(i)
}

fn is_valid_iso_duration(b: &[u8]) -> bool {
    if b.first() != Some(&b'P') {
        return false;
    }
    let mut i = 1;
    let mut any = false;
    // Days.
    if let Some(e) = number_end(b, i, false).filter(|&e| b.get(e) == Some(&b'D')) {
        i = e + 1;
        any = true;
    }
    if b.get(i) == Some(&b'T') {
        i += 1;
        let mut time_any = false;
        for (unit, fraction) in [(b'H', false), (b'M', false), (b'S', true)] {
            if let Some(e) = number_end(b, i, fraction).filter(|&e| b.get(e) == Some(&unit)) {
                i = e + 1;
                time_any = true;
            }
        }
        if !time_any {
            return false;
        }
        any = true;
    }
    any && i == b.len()
}

fn is_valid_duration_components(b: &[u8]) -> bool {
    let mut i = 0;
    let mut seen = [false; 5];
    let mut count = 0;
    let skip_ws = |mut i: usize| {
        while b.get(i).is_some_and(|&x| is_ascii_whitespace(x)) {
            i += 1;
        }
        i
    };
    while i < b.len() {
        i = skip_ws(i);
        if i == b.len() && count > 0 {
            break;
        }
        // The fraction is only for seconds: try with it, then check the unit.
        let Some(e) = number_end(b, i, true) else { return false };
        let has_fraction = b[i..e].contains(&b'.');
        let u = skip_ws(e);
        let scale = match b.get(u) {
            Some(b'W' | b'w') => 0,
            Some(b'D' | b'd') => 1,
            Some(b'H' | b'h') => 2,
            Some(b'M' | b'm') => 3,
            Some(b'S' | b's') => 4,
            _ => return false,
        };
        if (has_fraction && scale != 4) || seen[scale] {
            return false;
        }
        seen[scale] = true;
        count += 1;
        i = skip_ws(u + 1);
    }
    count > 0
}
