//! Dates and times (spec: #dates-and-times): months, dates, yearless dates, times, local and
//! global dates and times, time-zone offsets, weeks and the vaguer "date or time" strings,
//! their valid-string checks and their normalized forms. Durations (`durations.rs`) and the
//! calendar arithmetic (`calendar.rs`) are beside this file.
//!
//! The rest is one piece: each microsyntax is built from the spec's shared components (a
//! date is a month component and a day, a global date and time a date, a time and an offset,
//! "date or time" any of them), each valid-string check is its parser, and the 2009 edition
//! (`editions/html5_2009.rs`) reuses the same components; split by microsyntax, every file
//! would import the others.

use std::fmt;

use super::cursor::{Cursor, decimal_to_f64, digits_value, is_ascii_whitespace};

mod calendar;
mod durations;

use calendar::civil_from_days;
pub(crate) use calendar::days_from_civil;
pub use calendar::{days_in_month, weeks_in_week_year};
pub use durations::{Duration, DurationError, is_valid_duration_string, parse_duration_string};

/// Why a date or time parser failed ("fails" in the spec), by the step that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateTimeError {
    /// Month/week component step 1: fewer than four year digits.
    YearDigits,
    /// Month/week component step 2: the year is zero.
    YearZero,
    /// The year has more digits than a `u32` holds (the spec's years are unbounded).
    YearOutOfRange,
    /// A "-" was expected (month component step 3, date component step 3, yearless step 5, week step 5).
    ExpectedHyphen,
    /// Yearless date component step 1: other than zero or two leading "-".
    LeadingHyphens,
    /// Not exactly two month digits (month component step 4, yearless step 2).
    MonthDigits,
    /// Month not in 1..=12 (month component step 5, yearless step 3).
    MonthOutOfRange,
    /// Not exactly two day digits (date component step 4, yearless step 6).
    DayDigits,
    /// Day not in 1..=maxday (date component step 5, yearless step 7).
    DayOutOfRange,
    /// Time component step 1: not exactly two hour digits.
    HourDigits,
    /// Time component step 2: hour above 23.
    HourOutOfRange,
    /// Time component step 3: ":" expected.
    ExpectedColon,
    /// Time component step 4: not exactly two minute digits.
    MinuteDigits,
    /// Time component step 5: minute above 59.
    MinuteOutOfRange,
    /// Time component step 7.2: no two digits after the second ":".
    SecondDigits,
    /// Time component step 7.3: the seconds' digits and dots are malformed.
    SecondSyntax,
    /// Time component step 7.4: second not below 60.
    SecondOutOfRange,
    /// "T" or a space expected between date and time (local/global step 4).
    ExpectedDateTimeSeparator,
    /// Global date and time step 6 (date-or-time step 8): the time-zone offset is missing.
    MissingTimeZone,
    /// Time-zone offset component: no "Z", "+" or "-" (step 1), or its digits are not "hh:mm"
    /// or "hhmm" (step 1.4).
    TimeZoneSyntax,
    /// Time-zone offset component step 1.5: hours above 23.
    TimeZoneHoursOutOfRange,
    /// Time-zone offset component step 1.7: minutes above 59.
    TimeZoneMinutesOutOfRange,
    /// Week step 6: "W" expected.
    ExpectedW,
    /// Week step 7: not exactly two week digits.
    WeekDigits,
    /// Week step 9: week not in 1..=maxweek.
    WeekOutOfRange,
    /// "If position is not beyond the end of input, then fail."
    TrailingCharacters,
}

/// A month: a year and a month (spec: #concept-month).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    /// The year, > 0.
    pub year: u32,
    /// 1..=12.
    pub month: u8,
}

/// A date: year, month, day (spec: #concept-date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year, > 0.
    pub year: u32,
    /// 1..=12.
    pub month: u8,
    /// 1..=the number of days in the month.
    pub day: u8,
}

/// A yearless date: month and day, February 29 allowed (spec: #concept-yearless-date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct YearlessDate {
    /// 1..=12.
    pub month: u8,
    /// 1..=the number of days in the month of a leap year.
    pub day: u8,
}

/// A time: hour, minute and second with its fraction (spec: #concept-time).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Time {
    /// 0..=23.
    pub hour: u8,
    /// 0..=59.
    pub minute: u8,
    /// 0 ≤ second < 60, as the nearest `f64` to the decimal written (any number of fraction
    /// digits parse; valid strings have at most three).
    pub second: f64,
}

/// A local date and time: a date and a time without a time zone (spec: #concept-datetime-local).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct LocalDateTime {
    /// The date.
    pub date: Date,
    /// The time.
    pub time: Time,
}

/// A time-zone offset: signed hours and minutes (both negative west of UTC) (spec: #concept-timezone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeZoneOffset {
    /// −23..=23.
    pub hours: i8,
    /// −59..=59, with the sign of the offset.
    pub minutes: i8,
}

/// A global date and time as written: the local date and time and its offset from UTC (spec:
/// #concept-datetime). [`GlobalDateTime::utc`] is the moment in UTC the spec's algorithm returns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GlobalDateTime {
    /// The date and time as written, in the offset's time zone.
    pub local: LocalDateTime,
    /// The time-zone offset.
    pub offset: TimeZoneOffset,
}

/// A moment in UTC (its year can be 0 or beyond the written one once the offset is subtracted).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct UtcDateTime {
    /// Proleptic Gregorian year (astronomical: 0 is 1 BC).
    pub year: i64,
    /// 1..=12.
    pub month: u8,
    /// 1..=31.
    pub day: u8,
    /// 0..=23.
    pub hour: u8,
    /// 0..=59.
    pub minute: u8,
    /// 0 ≤ second < 60.
    pub second: f64,
}

/// A week: a week-year and a week number (spec: #concept-week).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Week {
    /// The week-year, > 0.
    pub year: u32,
    /// 1..=52 or 53.
    pub week: u8,
}

/// What the rules to parse a date or time string return.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DateOrTime {
    /// A date alone.
    Date(Date),
    /// A time alone.
    Time(Time),
    /// A global date and time.
    GlobalDateTime(GlobalDateTime),
}

/// Exactly `n` digits collected, as a number, or `error`.
pub(crate) fn exactly(c: &mut Cursor<'_>, n: usize, error: DateTimeError) -> Result<u64, DateTimeError> {
    let digits = c.collect_digits();
    if digits.len() != n {
        return Err(error);
    }
    digits_value(digits).ok_or(error)
}

/// Collects four or more year digits, steps 1-2 of the month component (and 3-4 of week).
fn year(c: &mut Cursor<'_>) -> Result<u32, DateTimeError> {
    let digits = c.collect_digits();
    if digits.len() < 4 {
        return Err(DateTimeError::YearDigits);
    }
    // Leading zeros do not count against the range.
    let significant = &digits[digits.iter().position(|&d| d != b'0').unwrap_or(digits.len())..];
    let year = if significant.len() > 10 { None } else { digits_value(significant) };
    let year = year.and_then(|y| u32::try_from(y).ok()).ok_or(DateTimeError::YearOutOfRange)?;
    if year == 0 {
        return Err(DateTimeError::YearZero);
    }
    Ok(year)
}

/// "If position is beyond the end of input or if the character at position is not `c`, then
/// fail. Otherwise, move position forwards one character."
pub(crate) fn expect(c: &mut Cursor<'_>, ch: u8, error: DateTimeError) -> Result<(), DateTimeError> {
    if !c.at(ch) {
        return Err(error);
    }
    c.advance();
    Ok(())
}

pub(crate) fn end(c: &Cursor<'_>) -> Result<(), DateTimeError> {
    if c.past_end() { Ok(()) } else { Err(DateTimeError::TrailingCharacters) }
}

/// The rules to parse a month component.
fn month_component(c: &mut Cursor<'_>) -> Result<Month, DateTimeError> {
    // Steps 1-2.
    let year = year(c)?;
    // Step 3.
    expect(c, b'-', DateTimeError::ExpectedHyphen)?;
    // Step 4.
    let month = exactly(c, 2, DateTimeError::MonthDigits)?;
    // Step 5.
    if !(1..=12).contains(&month) {
        return Err(DateTimeError::MonthOutOfRange);
    }
    // Step 6.
    Ok(Month { year, month: month as u8 })
}

/// The rules to parse a date component.
pub(crate) fn date_component(c: &mut Cursor<'_>) -> Result<Date, DateTimeError> {
    // Step 1.
    let Month { year, month } = month_component(c)?;
    // Step 2.
    let maxday = days_in_month(u64::from(year), month);
    // Step 3.
    expect(c, b'-', DateTimeError::ExpectedHyphen)?;
    // Step 4.
    let day = exactly(c, 2, DateTimeError::DayDigits)?;
    // Step 5.
    if day < 1 || day > u64::from(maxday) {
        return Err(DateTimeError::DayOutOfRange);
    }
    // Step 6.
    Ok(Date { year, month, day: day as u8 })
}

/// The rules to parse a yearless date component.
fn yearless_date_component(c: &mut Cursor<'_>) -> Result<YearlessDate, DateTimeError> {
    // Step 1.
    let hyphens = c.collect(|b| b == b'-').len();
    if hyphens != 0 && hyphens != 2 {
        return Err(DateTimeError::LeadingHyphens);
    }
    // Step 2.
    let month = exactly(c, 2, DateTimeError::MonthDigits)?;
    // Step 3.
    if !(1..=12).contains(&month) {
        return Err(DateTimeError::MonthOutOfRange);
    }
    // Step 4: any leap year.
    let maxday = days_in_month(2000, month as u8);
    // Step 5.
    expect(c, b'-', DateTimeError::ExpectedHyphen)?;
    // Step 6.
    let day = exactly(c, 2, DateTimeError::DayDigits)?;
    // Step 7.
    if day < 1 || day > u64::from(maxday) {
        return Err(DateTimeError::DayOutOfRange);
    }
    // Step 8.
    Ok(YearlessDate { month: month as u8, day: day as u8 })
}

/// Steps 1-5 of the time component (the same in both editions): "HH:MM".
pub(crate) fn hour_and_minute(c: &mut Cursor<'_>) -> Result<(u8, u8), DateTimeError> {
    // Step 1.
    let hour = exactly(c, 2, DateTimeError::HourDigits)?;
    // Step 2.
    if hour > 23 {
        return Err(DateTimeError::HourOutOfRange);
    }
    // Step 3.
    expect(c, b':', DateTimeError::ExpectedColon)?;
    // Step 4.
    let minute = exactly(c, 2, DateTimeError::MinuteDigits)?;
    // Step 5.
    if minute > 59 {
        return Err(DateTimeError::MinuteOutOfRange);
    }
    Ok((hour as u8, minute as u8))
}

/// The rules to parse a time component.
fn time_component(c: &mut Cursor<'_>) -> Result<Time, DateTimeError> {
    // Steps 1-5.
    let (hour, minute) = hour_and_minute(c)?;
    // Step 6.
    let mut second = 0.0;
    // Step 7.
    if c.at(b':') {
        // Substep 1.
        c.advance();
        // Substep 2.
        if !(c.at_digit() && c.peek_next().is_some_and(|b| b.is_ascii_digit())) {
            return Err(DateTimeError::SecondDigits);
        }
        // Substep 3.
        let s = c.collect(|b| b.is_ascii_digit() || b == b'.');
        let dots = s.iter().filter(|&&b| b == b'.').count();
        if s.len() == 3 || (s.len() > 3 && s[2] != b'.') || dots > 1 {
            return Err(DateTimeError::SecondSyntax);
        }
        // Substep 4: the two integer digits decide the range exactly (the fraction is < 1).
        if (s[0] - b'0') * 10 + (s[1] - b'0') >= 60 {
            return Err(DateTimeError::SecondOutOfRange);
        }
        second = decimal_to_f64(s);
    }
    // Step 8.
    Ok(Time { hour, minute, second })
}

/// Step 1 of the time-zone offset component up to its substep 2 (both editions): "Z" is UTC
/// (`Ok(None)`, position after it); "+" or "-" gives the sign (`Ok(Some(negative))`, position
/// after it); anything else fails.
pub(crate) fn offset_start(c: &mut Cursor<'_>) -> Result<Option<bool>, DateTimeError> {
    let negative = match c.peek() {
        Some(b'Z') => None,
        Some(b'+') => Some(false),
        Some(b'-') => Some(true),
        _ => return Err(DateTimeError::TimeZoneSyntax),
    };
    c.advance();
    Ok(negative)
}

/// The rules to parse a time-zone offset component.
fn time_zone_offset_component(c: &mut Cursor<'_>) -> Result<TimeZoneOffset, DateTimeError> {
    // Step 1, and its substeps 1-2.
    let Some(negative) = offset_start(c)? else { return Ok(TimeZoneOffset { hours: 0, minutes: 0 }) };
    // Substep 3.
    let s = c.collect_digits();
    // Substep 4.
    let (hours, minutes) = match s.len() {
        2 => {
            let hours = digits_value(s).unwrap_or(0);
            expect(c, b':', DateTimeError::TimeZoneSyntax)?;
            (hours, exactly(c, 2, DateTimeError::TimeZoneSyntax)?)
        }
        4 => (digits_value(&s[..2]).unwrap_or(0), digits_value(&s[2..]).unwrap_or(0)),
        _ => return Err(DateTimeError::TimeZoneSyntax),
    };
    // Substeps 5-8, and step 2.
    signed_offset(negative, hours, minutes)
}

/// Substeps 5-8 of the time-zone offset component (both editions): the ranges, then the sign.
pub(crate) fn signed_offset(negative: bool, hours: u64, minutes: u64) -> Result<TimeZoneOffset, DateTimeError> {
    if hours > 23 {
        return Err(DateTimeError::TimeZoneHoursOutOfRange);
    }
    if minutes > 59 {
        return Err(DateTimeError::TimeZoneMinutesOutOfRange);
    }
    let sign = if negative { -1 } else { 1 };
    Ok(TimeZoneOffset { hours: sign * hours as i8, minutes: sign * minutes as i8 })
}

/// Runs `component` from the start of `input` and fails unless it ends there: the shape of
/// every "parse a ... string" whose steps are "parse a ... component; if position is not
/// beyond the end of input, then fail".
pub(crate) fn whole<T>(
    input: &str,
    component: impl FnOnce(&mut Cursor<'_>) -> Result<T, DateTimeError>,
) -> Result<T, DateTimeError> {
    let mut c = Cursor::new(input);
    let value = component(&mut c)?;
    end(&c)?;
    Ok(value)
}

/// The rules to parse a month string: "YYYY-MM", year > 0 with at least four digits.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-month-string>
pub fn parse_month_string(input: &str) -> Result<Month, DateTimeError> {
    // Steps 1-5.
    whole(input, month_component)
}

/// The rules to parse a date string: "YYYY-MM-DD".
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-date-string>
pub fn parse_date_string(input: &str) -> Result<Date, DateTimeError> {
    // Steps 1-6.
    whole(input, date_component)
}

/// The rules to parse a yearless date string: "MM-DD" or "--MM-DD", February 29 allowed.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-yearless-date-string>
pub fn parse_yearless_date_string(input: &str) -> Result<YearlessDate, DateTimeError> {
    // Steps 1-5.
    whole(input, yearless_date_component)
}

/// The rules to parse a time string: "HH:MM", "HH:MM:SS" or "HH:MM:SS.s…".
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-time-string>
pub fn parse_time_string(input: &str) -> Result<Time, DateTimeError> {
    // Steps 1-6.
    whole(input, time_component)
}

/// Steps 3-5 of parsing a local or global date and time string (both editions): a date
/// component, one of `separators` ("T" or a space today, "T" in 2009), a time component.
pub(crate) fn date_and_time(
    c: &mut Cursor<'_>,
    separators: &[u8],
    time_component: fn(&mut Cursor<'_>) -> Result<Time, DateTimeError>,
) -> Result<LocalDateTime, DateTimeError> {
    // Step 3.
    let date = date_component(c)?;
    // Step 4.
    if !c.peek().is_some_and(|b| separators.contains(&b)) {
        return Err(DateTimeError::ExpectedDateTimeSeparator);
    }
    c.advance();
    // Step 5.
    let time = time_component(c)?;
    Ok(LocalDateTime { date, time })
}

/// The rules to parse a local date and time string: a date, "T" or a space, a time.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-local-date-and-time-string>
pub fn parse_local_date_and_time_string(input: &str) -> Result<LocalDateTime, DateTimeError> {
    // Steps 1-5.
    let mut c = Cursor::new(input);
    let LocalDateTime { date, time } = date_and_time(&mut c, b"T ", time_component)?;
    // Steps 6-9.
    end(&c)?;
    Ok(LocalDateTime { date, time })
}

/// The rules to parse a time-zone offset string: "Z", "±hh:mm" or "±hhmm".
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-time-zone-offset-string>
pub fn parse_time_zone_offset_string(input: &str) -> Result<TimeZoneOffset, DateTimeError> {
    // Steps 1-5.
    whole(input, time_zone_offset_component)
}

/// The rules to parse a global date and time string: a local date and time followed by a
/// time-zone offset.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-global-date-and-time-string>
pub fn parse_global_date_and_time_string(input: &str) -> Result<GlobalDateTime, DateTimeError> {
    global_date_and_time(input, b"T ", time_component, time_zone_offset_component)
}

/// The steps of parsing a global date and time string, with each edition's separators and
/// time and offset components.
pub(crate) fn global_date_and_time(
    input: &str,
    separators: &[u8],
    time_component: fn(&mut Cursor<'_>) -> Result<Time, DateTimeError>,
    offset_component: fn(&mut Cursor<'_>) -> Result<TimeZoneOffset, DateTimeError>,
) -> Result<GlobalDateTime, DateTimeError> {
    // Steps 1-5.
    let mut c = Cursor::new(input);
    let local = date_and_time(&mut c, separators, time_component)?;
    // Step 6.
    if c.past_end() {
        return Err(DateTimeError::MissingTimeZone);
    }
    // Step 7.
    let offset = offset_component(&mut c)?;
    // Step 8.
    end(&c)?;
    // Steps 9-11: the moment in UTC is `GlobalDateTime::utc`.
    Ok(GlobalDateTime { local, offset })
}

/// The rules to parse a week string: "YYYY-Www", week within the week-year's 52 or 53.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-week-string>
pub fn parse_week_string(input: &str) -> Result<Week, DateTimeError> {
    // Steps 1-4.
    let mut c = Cursor::new(input);
    let year = year(&mut c)?;
    // Step 5.
    expect(&mut c, b'-', DateTimeError::ExpectedHyphen)?;
    // Step 6.
    expect(&mut c, b'W', DateTimeError::ExpectedW)?;
    // Step 7.
    let week = exactly(&mut c, 2, DateTimeError::WeekDigits)?;
    // Steps 8-9.
    if week < 1 || week > u64::from(weeks_in_week_year(year)) {
        return Err(DateTimeError::WeekOutOfRange);
    }
    // Steps 10-11.
    end(&c)?;
    Ok(Week { year, week: week as u8 })
}

/// The rules to parse a date or time string ("vaguer moments in time", what the `time`
/// element's `datetime` used): a date, a time, or a global date and time.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-date-or-time-string>
pub fn parse_date_or_time_string(input: &str) -> Result<DateOrTime, DateTimeError> {
    // Steps 1-4.
    let mut c = Cursor::new(input);
    let start = c.position;
    let mut time_present = true;
    // Step 5.
    let date = date_component(&mut c).ok();
    // Step 6.
    if date.is_some() {
        if c.at(b'T') || c.at(b' ') {
            c.advance();
        } else {
            time_present = false;
        }
    } else {
        c.position = start;
    }
    // Step 7.
    let time = if time_present { Some(time_component(&mut c)?) } else { None };
    // Steps 8-9.
    let offset = offset_after_date_and_time(&mut c, date, time, time_zone_offset_component)?;
    // Step 10.
    end(&c)?;
    // Step 11 (step 7 already failed when neither was present: a time component on empty
    // input).
    date_or_time(date, time, offset)
}

/// Steps 8-9 of "parse a date or time string", word for word steps 10-11 of the 2009 text
/// (`editions::html5_2009`): when both a date and a time were found, a time-zone offset must
/// follow, read by the text's own time-zone offset component (`component`; 2009's required
/// "hh:mm").
pub(crate) fn offset_after_date_and_time(
    c: &mut Cursor<'_>,
    date: Option<Date>,
    time: Option<Time>,
    component: fn(&mut Cursor<'_>) -> Result<TimeZoneOffset, DateTimeError>,
) -> Result<Option<TimeZoneOffset>, DateTimeError> {
    if date.is_none() || time.is_none() {
        return Ok(None);
    }
    // Step 8.
    if c.past_end() {
        return Err(DateTimeError::MissingTimeZone);
    }
    // Step 9.
    component(c).map(Some)
}

/// Step 11 of "parse a date or time string", word for word step 14 of the 2009 text: the
/// date, the time, or (both present, with the offset [`offset_after_date_and_time`] read) the
/// global date and time. Neither present is the error of a time component on empty input
/// (where today's text fails, at step 7; the 2009 text's step 9 fails on it).
pub(crate) fn date_or_time(
    date: Option<Date>,
    time: Option<Time>,
    offset: Option<TimeZoneOffset>,
) -> Result<DateOrTime, DateTimeError> {
    Ok(match (date, time, offset) {
        (Some(date), Some(time), Some(offset)) => {
            DateOrTime::GlobalDateTime(GlobalDateTime { local: LocalDateTime { date, time }, offset })
        }
        (None, Some(time), _) => DateOrTime::Time(time),
        (Some(date), _, _) => DateOrTime::Date(date),
        (None, None, _) => return Err(DateTimeError::HourDigits),
    })
}

/// A valid month string: four or more digits (year > 0), "-", two digits (1..=12).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-month-string>
/// (the parser accepts exactly these strings, years beyond `u32` aside).
pub fn is_valid_month_string(input: &str) -> bool {
    parse_month_string(input).is_ok()
}

/// A valid date string: a valid month string, "-", two digits (a day of that month).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string>
pub fn is_valid_date_string(input: &str) -> bool {
    parse_date_string(input).is_ok()
}

/// A valid yearless date string: optional "--", "MM-DD" (February 29 allowed).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-yearless-date-string>
pub fn is_valid_yearless_date_string(input: &str) -> bool {
    parse_yearless_date_string(input).is_ok()
}

/// The time syntax beyond what the parser checks: at most three fractional-second digits.
pub(crate) fn time_text_is_valid(input: &[u8]) -> bool {
    match input.iter().position(|&b| b == b'.') {
        Some(dot) => (1..=3).contains(&(input.len() - dot - 1)),
        None => true,
    }
}

/// A valid time string: "HH:MM", optionally ":SS", optionally "." and one to three digits.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-string>
pub fn is_valid_time_string(input: &str) -> bool {
    parse_time_string(input).is_ok() && time_text_is_valid(input.as_bytes())
}

/// A valid local date and time string: a valid date string, "T" or a space, a valid time string.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-local-date-and-time-string>
pub fn is_valid_local_date_and_time_string(input: &str) -> bool {
    parse_local_date_and_time_string(input).is_ok() && time_text_is_valid(input.as_bytes())
}

/// A valid normalized local date and time string: "T" and the shortest time (no ":00" seconds,
/// no trailing zeros in the fraction).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-normalised-local-date-and-time-string>
pub fn is_valid_normalized_local_date_and_time_string(input: &str) -> bool {
    // The date part is any valid date string (a year may have extra leading zeros); only the
    // separator and the time are normalized.
    let Some((_, time)) = input.split_once('T') else { return false };
    is_valid_local_date_and_time_string(input)
        && parse_local_date_and_time_string(input).is_ok_and(|dt| dt.time.to_string() == time)
}

/// A valid time-zone offset string: "Z", or "+"/"-" (not "-" for a zero offset), "hh",
/// optional ":", "mm".
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-time-zone-offset-string>
pub fn is_valid_time_zone_offset_string(input: &str) -> bool {
    parse_time_zone_offset_string(input).is_ok_and(|o| !(input.starts_with('-') && o.hours == 0 && o.minutes == 0))
}

/// A valid global date and time string: a valid local date and time string and a valid
/// time-zone offset string.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-global-date-and-time-string>
pub fn is_valid_global_date_and_time_string(input: &str) -> bool {
    // The offset starts at the first "Z", "+" or "-" after the time (the date's "-"s come first).
    let b = input.as_bytes();
    let Some(sep) = b.iter().position(|&x| x == b'T' || x == b' ') else { return false };
    let Some(tz) = b[sep..].iter().position(|&x| matches!(x, b'Z' | b'+' | b'-')).map(|i| sep + i) else {
        return false;
    };
    parse_global_date_and_time_string(input).is_ok()
        && time_text_is_valid(&b[..tz])
        && is_valid_time_zone_offset_string(&input[tz..])
}

/// A valid week string: four or more digits (year > 0), "-W", two digits (a week of that year).
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-week-string>
pub fn is_valid_week_string(input: &str) -> bool {
    parse_week_string(input).is_ok()
}

/// A valid date string with optional time: a valid date string or a valid global date and time
/// string.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-date-string-with-optional-time>
pub fn is_valid_date_string_with_optional_time(input: &str) -> bool {
    is_valid_date_string(input) || is_valid_global_date_and_time_string(input)
}

impl GlobalDateTime {
    /// Steps 9-10 of the rules to parse a global date and time string: the moment in UTC,
    /// "subtracting timezonehours hours and timezoneminutes minutes".
    pub fn utc(&self) -> UtcDateTime {
        let d = self.local.date;
        let t = self.local.time;
        let minutes =
            days_from_civil(i64::from(d.year), d.month, d.day) * 1440 + i64::from(t.hour) * 60 + i64::from(t.minute)
                - (i64::from(self.offset.hours) * 60 + i64::from(self.offset.minutes));
        let (year, month, day) = civil_from_days(minutes.div_euclid(1440));
        let in_day = minutes.rem_euclid(1440);
        UtcDateTime { year, month, day, hour: (in_day / 60) as u8, minute: (in_day % 60) as u8, second: t.second }
    }

    /// The moment as milliseconds since 1970-01-01T00:00Z (what `valueAsNumber` reports).
    pub fn utc_milliseconds(&self) -> f64 {
        let u = self.utc();
        let minutes = days_from_civil(u.year, u.month, u.day) * 1440 + i64::from(u.hour) * 60 + i64::from(u.minute);
        minutes as f64 * 60_000.0 + u.second * 1000.0
    }
}

impl Week {
    /// The Monday a valid week starts on. Week 1 of a week-year is the week with the year's first
    /// Thursday (so it holds January 4th): 1970-W01 starts on Monday 1969-12-29, as the text says.
    pub fn first_day(&self) -> Date {
        let jan4 = days_from_civil(i64::from(self.year), 1, 4);
        // Weekday 0 is Monday; 1970-01-01 was a Thursday.
        let monday = jan4 - (jan4 + 3).rem_euclid(7) + (i64::from(self.week) - 1) * 7;
        let (year, month, day) = civil_from_days(monday);
        // Week 1 of year 1 starts on 0001-01-01 (a Monday), so the year is at least 1.
        Date { year: u32::try_from(year).unwrap_or(1), month, day }
    }
}

impl LocalDateTime {
    /// The valid normalized local date and time string: the date, "T", and the time as the
    /// shortest valid time string (spec: #valid-normalised-local-date-and-time-string).
    pub fn to_normalized_string(&self) -> String {
        format!("{}T{}", self.date, self.time)
    }
}

impl fmt::Display for Month {
    /// The valid month string ("YYYY-MM", the year zero-padded to four digits).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl fmt::Display for Date {
    /// The valid date string ("YYYY-MM-DD").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for YearlessDate {
    /// The valid yearless date string ("MM-DD").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}-{:02}", self.month, self.day)
    }
}

impl fmt::Display for Time {
    /// The shortest valid time string: "HH:MM" when the second is zero, else "HH:MM:SS" and,
    /// when there is a fraction, "." and up to three digits (rounded to the millisecond, which
    /// is all a valid time string can say).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)?;
        let ms = ((self.second * 1000.0).round() as u32).min(59_999);
        if ms == 0 {
            return Ok(());
        }
        write!(f, ":{:02}", ms / 1000)?;
        let frac = ms % 1000;
        if frac != 0 {
            let digits = format!("{frac:03}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeZoneOffset {
    /// The valid time-zone offset string: "Z" for UTC, else "+hh:mm" or "-hh:mm".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hours == 0 && self.minutes == 0 {
            return f.write_str("Z");
        }
        let sign = if self.hours < 0 || self.minutes < 0 { '-' } else { '+' };
        write!(f, "{sign}{:02}:{:02}", self.hours.unsigned_abs(), self.minutes.unsigned_abs())
    }
}

impl fmt::Display for GlobalDateTime {
    /// The valid global date and time string: the normalized local date and time and the offset.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.local.to_normalized_string(), self.offset)
    }
}

impl fmt::Display for Week {
    /// The valid week string ("YYYY-Www").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-W{:02}", self.year, self.week)
    }
}
