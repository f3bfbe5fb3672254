//! The proleptic Gregorian calendar arithmetic the date and time microsyntaxes need: days in a
//! month (spec: #number-of-days-in-month-month-of-year-year), leap years, weeks in a week-year
//! (spec: #weeks), and days since 1970-01-01 both ways.

/// The number of days in month `month` of year `year` (spec: #number-of-days-in-month-month-of-year-year);
/// 0 for a month outside 1..=12.
pub fn days_in_month(year: u64, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Days from 1970-01-01 to `year`-`month`-`day` in the proleptic Gregorian calendar. Counts
/// whole 400-year eras (146097 days each) and the day of the era, with years starting in March
/// so the leap day is the era-year's last.
pub(crate) fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
pub(super) fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

// `is_multiple_of` is newer than the workspace's rust-version (1.85).
#[allow(clippy::manual_is_multiple_of)]
fn is_leap_year(year: u64) -> bool {
    year % 400 == 0 || (year % 4 == 0 && year % 100 != 0)
}

/// The week number of the last day of week-year `year`: 53 when January 1st is a Thursday, or a
/// Wednesday in a leap year; else 52 (spec: #weeks).
pub fn weeks_in_week_year(year: u32) -> u8 {
    // 1970-01-01 was a Thursday; weekday 0 is Monday.
    let weekday = (days_from_civil(i64::from(year), 1, 1) + 3).rem_euclid(7);
    if weekday == 3 || (weekday == 2 && is_leap_year(u64::from(year))) { 53 } else { 52 }
}
