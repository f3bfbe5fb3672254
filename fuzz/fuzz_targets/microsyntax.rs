//! The microsyntax parsers (current text and the 2009 edition) on any string: no panic; a
//! string the "valid ..." check accepts parses; values that have a serialization read back as
//! themselves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use statemark::microsyntax as m;
use statemark::microsyntax::editions::html5_2009 as old;

/// Parse, serialize with Display, parse again: the same value.
macro_rules! round_trip {
    ($parse:path, $s:expr) => {
        if let Ok(v) = $parse($s) {
            let text = v.to_string();
            assert_eq!($parse(&text).ok(), Some(v), "{} of {:?} wrote {text:?}", stringify!($parse), $s);
        }
    };
}

fuzz_target!(|data: &[u8]| {
    let s = &*String::from_utf8_lossy(data);

    if let Ok(n) = m::parse_integer(s) {
        assert_eq!(m::parse_integer(&n.to_string()), Ok(n));
    }
    if m::is_valid_integer(s) && s.len() < 18 {
        assert!(m::parse_integer(s).is_ok(), "valid integer {s:?} does not parse");
    }
    let _ = m::parse_non_negative_integer(s);
    let _ = m::is_valid_non_negative_integer(s);
    if let Ok(f) = m::parse_floating_point_number(s)
        && f.is_finite()
    {
        let best = m::best_representation(f);
        assert_eq!(m::parse_floating_point_number(&best), Ok(f), "best representation {best:?} of {s:?}");
        assert!(m::is_valid_floating_point_number(&best), "best representation {best:?} is not valid");
    }
    let _ = m::is_valid_floating_point_number(s);
    let _ = m::parse_dimension(s);
    let _ = m::parse_nonzero_dimension(s);
    let _ = m::parse_list_of_floating_point_numbers(s);
    let _ = m::is_valid_list_of_floating_point_numbers(s);
    let _ = m::parse_list_of_dimensions(s);

    round_trip!(m::parse_month_string, s);
    round_trip!(m::parse_date_string, s);
    round_trip!(m::parse_yearless_date_string, s);
    round_trip!(m::parse_week_string, s);
    round_trip!(m::parse_time_zone_offset_string, s);
    if m::is_valid_date_string(s) {
        assert!(m::parse_date_string(s).is_ok(), "valid date {s:?} does not parse");
    }
    if let Ok(t) = m::parse_time_string(s) {
        // Display rounds to the millisecond: after one trip the value is fixed.
        let once = m::parse_time_string(&t.to_string()).expect("a written time parses");
        assert_eq!(m::parse_time_string(&once.to_string()).ok(), Some(once));
    }
    if let Ok(g) = m::parse_global_date_and_time_string(s) {
        let _ = g.utc_milliseconds();
        let _ = g.to_string();
    }
    if let Ok(l) = m::parse_local_date_and_time_string(s) {
        let normalized = l.to_normalized_string();
        assert!(m::is_valid_normalized_local_date_and_time_string(&normalized), "{normalized:?} from {s:?}");
    }
    let _ = m::parse_date_or_time_string(s);
    let _ = m::parse_duration_string(s);
    let _ = m::is_valid_duration_string(s);
    let _ = m::is_valid_global_date_and_time_string(s);
    let _ = m::is_valid_week_string(s);
    let _ = m::parse_legacy_color_value(s);
    let _ = m::split_on_ascii_whitespace(s);
    let _ = m::split_on_commas(s);
    let _ = m::has_duplicate_tokens(s, m::TokenComparison::AsciiCaseInsensitive);
    let _ = m::parse_hash_name_reference(s);
    let _ = m::boolean_attribute_state(Some(s));

    let _ = old::parse_non_negative_integer(s);
    let _ = old::parse_floating_point_number(s);
    let _ = old::is_valid_floating_point_number(s);
    let _ = old::find_ratio(s);
    let _ = old::parse_dimension(s);
    let _ = old::parse_list_of_integers(s);
    let _ = old::is_valid_list_of_integers(s);
    let _ = old::parse_time_string(s);
    let _ = old::parse_local_date_and_time_string(s);
    if let Ok(g) = old::parse_global_date_and_time_string(s) {
        let _ = old::best_representation_of_global_date_and_time(&g);
    }
    if let Ok(c) = old::parse_simple_color(s) {
        let text = old::serialize_simple_color(c);
        assert_eq!(old::parse_simple_color(&text).ok(), Some(c));
        assert!(old::is_valid_lowercase_simple_color(&text));
    }
    let _ = old::parse_legacy_color_value(s);
    let _ = old::remove_token(s, "a");
});
