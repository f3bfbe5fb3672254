//! The spec's common microsyntaxes: the little languages of attribute values (numbers,
//! dimensions, dates and times, durations, legacy colors, token lists, enumerated and boolean
//! attributes), parsed with the spec's own algorithms and checked for validity.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html> (the 2026-08-21 text;
//! anchors below are relative to that page). The spec's error handling is the point: a date
//! or number library accepts and rejects different strings, so nothing here hands an
//! algorithm to a general-purpose parser. The one place `str::parse::<f64>` appears is the
//! floating-point algorithms' "conversion" steps (round a decimal value to the nearest double,
//! ties to even), given the exact decimal digits the spec's steps delimited.
//!
//! Every parser takes a `&str`, never panics, runs in time linear in its input, and returns
//! a typed value or a typed error naming the step that failed.
//!
//! ```
//! use statemark::microsyntax::{self, DateTimeError, Rgb};
//!
//! assert_eq!(microsyntax::parse_integer("  -17px"), Ok(-17));
//! assert_eq!(microsyntax::parse_floating_point_number(".5e1"), Ok(5.0));
//! let moment = microsyntax::parse_global_date_and_time_string("8592-01-01T02:09+02:09").unwrap();
//! assert_eq!((moment.utc().hour, moment.utc().minute), (0, 0));
//! assert_eq!(microsyntax::parse_date_string("2009-02-29"), Err(DateTimeError::DayOutOfRange));
//! assert_eq!(microsyntax::parse_duration_string("1h 30m").map(|d| d.seconds), Ok(5400.0));
//! assert_eq!(microsyntax::parse_legacy_color_value("chucknorris"), Ok(Rgb { red: 0xc0, green: 0, blue: 0 }));
//! ```
//!
//! | algorithm (spec anchor) | function |
//! | --- | --- |
//! | rules for parsing integers (`#rules-for-parsing-integers`) | [`parse_integer`], [`is_valid_integer`] |
//! | rules for parsing non-negative integers (`#rules-for-parsing-non-negative-integers`) | [`parse_non_negative_integer`], [`is_valid_non_negative_integer`] |
//! | rules for parsing floating-point number values (`#rules-for-parsing-floating-point-number-values`) | [`parse_floating_point_number`], [`is_valid_floating_point_number`] |
//! | best representation of the number as a floating-point number | [`best_representation`] |
//! | rules for parsing dimension values (`#percentages-and-dimensions`) | [`parse_dimension`] |
//! | rules for parsing nonzero dimension values (`#rules-for-parsing-non-zero-dimension-values`) | [`parse_nonzero_dimension`] |
//! | rules for parsing a list of floating-point numbers | [`parse_list_of_floating_point_numbers`], [`is_valid_list_of_floating_point_numbers`] |
//! | rules for parsing a list of dimensions | [`parse_list_of_dimensions`] |
//! | parse a month string / component | [`parse_month_string`], [`is_valid_month_string`] |
//! | parse a date string / component | [`parse_date_string`], [`is_valid_date_string`] |
//! | parse a yearless date string / component | [`parse_yearless_date_string`], [`is_valid_yearless_date_string`] |
//! | parse a time string / component | [`parse_time_string`], [`is_valid_time_string`] |
//! | parse a local date and time string; normalized form | [`parse_local_date_and_time_string`], [`is_valid_local_date_and_time_string`], [`LocalDateTime::to_normalized_string`], [`is_valid_normalized_local_date_and_time_string`] |
//! | parse a time-zone offset string / component | [`parse_time_zone_offset_string`], [`is_valid_time_zone_offset_string`] |
//! | parse a global date and time string | [`parse_global_date_and_time_string`], [`is_valid_global_date_and_time_string`] |
//! | parse a week string | [`parse_week_string`], [`is_valid_week_string`] |
//! | parse a duration string (both syntaxes) | [`parse_duration_string`], [`is_valid_duration_string`] |
//! | parse a date or time string (vaguer moments in time; the `time` element's value) | [`parse_date_or_time_string`], [`is_valid_date_string_with_optional_time`] |
//! | rules for parsing a legacy color value (`#rules-for-parsing-a-legacy-colour-value`) | [`parse_legacy_color_value`] |
//! | space-separated tokens | [`split_on_ascii_whitespace`], [`has_duplicate_tokens`], [`tokens_all_allowed`] |
//! | comma-separated tokens | [`split_on_commas`] |
//! | enumerated attributes (state, conformance, canonical keyword) | [`EnumeratedAttribute`] |
//! | boolean attributes | [`boolean_attribute_state`], [`is_valid_boolean_attribute_value`] |
//! | rules for parsing a hash-name reference | [`parse_hash_name_reference`] (steps 1–2), [`find_hash_name_reference`] (over a [`Dom`](crate::dom::Dom)) |
//!
//! Not here: media queries (`#mq`, another spec's grammar) and unique internal values (not a
//! syntax).
//!
//! # Editions
//!
//! [`editions::html5_2009`] holds the HTML5 draft of 27 October 2009 (section 2.4, "Common
//! microsyntaxes") where its algorithms differ. What changed between the two texts:
//!
//! - Whitespace: the 2009 "space characters" are today's ASCII whitespace (same five
//!   characters); the 2009 "in content" date-or-time variant also skipped Unicode White_Space.
//! - Non-negative integers: 2009 had its own algorithm (no "-" accepted at all, so "-0" was an
//!   error); today it goes through the rules for parsing integers ("-0" is 0).
//! - Floating-point numbers: 2009 rounded to IEEE single precision (an error at ±2^128) and
//!   required a digit first; today it is double precision (±2^1024), a leading "+" is skipped
//!   and a leading "." is allowed (".5"), and "1.e3" reads the exponent (2009 stopped at ".").
//! - Ratios ("steps for finding one or two numbers of a ratio", for `progress`/`meter`) and
//!   lists of integers exist only in 2009; today has lists of floating-point numbers instead.
//! - Dimension values: 2009 skipped a "+" and leading zeros and required a nonzero digit (a
//!   value ≥ 1); today any digits (≥ 0), plus "nonzero dimension values".
//! - Times: 2009 allowed any number of fractional-second digits in valid strings and parsed
//!   "SS" followed by any run of digits and dots (at most one dot, not last); today valid
//!   strings have one to three fractional digits and the parser requires the dot third.
//! - Local and global dates and times: 2009 accepted only "T" between date and time; today "T"
//!   or a space. 2009 time-zone offsets required "hh:mm"; today also "hhmm". Normalized local
//!   date and time strings are new; 2009 had a "best representation" of a global date and time.
//! - Yearless dates, durations and "nonzero" dimensions are new since 2009.
//! - Vaguer moments in time: 2009 had "in attribute" and "in content" variants, and a failed
//!   time component after a date fell back to the date; today there is one variant and it
//!   fails.
//! - Colors: 2009 had simple colors (parse, serialize, valid, valid lowercase) and its legacy
//!   color parser did not strip whitespace, matched the SVG color keywords and CSS2 system
//!   colors, and counted length in characters; today only legacy colors remain (stripped,
//!   CSS named colors incl. `rebeccapurple`, no system colors).
//! - Tokens: 2009 had "split a string on spaces", "remove a token from a string" and "split a
//!   string on commas"; today the splitting is Infra's and removal is DOMTokenList's.
//! - Enumerated attributes: 2009 fell back to the missing value default for invalid values when
//!   there was no invalid value default; today there is also an empty value default and no such
//!   fallback.
//!
//! Layer: this file is the facade (the top layer): it re-exports the algorithms, which sit in
//! the foundation (`cursor.rs`, `numbers.rs`, `dates.rs`, `colors.rs`, `tokens.rs`; the HTML
//! tree builder reads `numbers.rs`) except the one over a `Dom` (`dom.rs`, documents).

// Every public item here is documented, with its spec link where it has one.
#![warn(missing_docs)]

mod colors;
mod cursor;
mod dates;
mod dom;
pub mod editions;
pub(crate) mod numbers;
mod tokens;

pub use colors::{LegacyColorError, Rgb, parse_legacy_color_value};
pub use dates::{
    Date, DateOrTime, DateTimeError, Duration, DurationError, GlobalDateTime, LocalDateTime, Month, Time,
    TimeZoneOffset, UtcDateTime, Week, YearlessDate, days_in_month, is_valid_date_string,
    is_valid_date_string_with_optional_time, is_valid_duration_string, is_valid_global_date_and_time_string,
    is_valid_local_date_and_time_string, is_valid_month_string, is_valid_normalized_local_date_and_time_string,
    is_valid_time_string, is_valid_time_zone_offset_string, is_valid_week_string, is_valid_yearless_date_string,
    parse_date_or_time_string, parse_date_string, parse_duration_string, parse_global_date_and_time_string,
    parse_local_date_and_time_string, parse_month_string, parse_time_string, parse_time_zone_offset_string,
    parse_week_string, parse_yearless_date_string, weeks_in_week_year,
};
pub use dom::find_hash_name_reference;
pub use numbers::{
    Dimension, DimensionError, DimensionKind, DimensionUnit, FloatError, IntegerError, ListDimension,
    best_representation, is_valid_floating_point_number, is_valid_integer, is_valid_list_of_floating_point_numbers,
    is_valid_non_negative_integer, parse_dimension, parse_floating_point_number, parse_integer,
    parse_list_of_dimensions, parse_list_of_floating_point_numbers, parse_non_negative_integer,
    parse_nonzero_dimension,
};
pub use tokens::{
    EnumeratedAttribute, TokenComparison, boolean_attribute_state, has_duplicate_tokens,
    is_valid_boolean_attribute_value, parse_hash_name_reference, split_on_ascii_whitespace, split_on_commas,
    tokens_all_allowed,
};
