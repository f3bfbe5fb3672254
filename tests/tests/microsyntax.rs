//! The common microsyntaxes (`statemark::microsyntax`) against every example and note of the
//! current text (`../shared/spec/html/common-microsyntaxes.txt`) and of the 2009 edition
//! (`../shared/spec/seeds/html5-2009-microsyntaxes.txt`), an edge case for every step that
//! fails, and property tests: no input panics, serializing then parsing gives the value back.

use proptest::prelude::*;
use statemark::microsyntax::editions::html5_2009 as y2009;
use statemark::microsyntax::*;

fn date(year: u32, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

fn time(hour: u8, minute: u8, second: f64) -> Time {
    Time { hour, minute, second }
}

// ---------------------------------------------------------------- integers

#[test]
fn integers() {
    assert_eq!(parse_integer("42"), Ok(42));
    assert_eq!(parse_integer("  -17px"), Ok(-17));
    assert_eq!(parse_integer("\t\n\x0C\r +8"), Ok(8), "a '+' is ignored, but it is not conforming");
    assert_eq!(parse_integer("007"), Ok(7));
    assert_eq!(parse_integer("-0"), Ok(0));
    assert_eq!(parse_integer("9223372036854775807"), Ok(i64::MAX));
    assert_eq!(parse_integer("-9223372036854775808"), Ok(i64::MIN));
    // Step 5, 6.3, 6.2 (plus), 7; and values beyond i64.
    assert_eq!(parse_integer(""), Err(IntegerError::Empty));
    assert_eq!(parse_integer("   "), Err(IntegerError::Empty));
    assert_eq!(parse_integer("-"), Err(IntegerError::SignOnly));
    assert_eq!(parse_integer(" +"), Err(IntegerError::SignOnly));
    assert_eq!(parse_integer("x1"), Err(IntegerError::NotADigit));
    assert_eq!(parse_integer("--1"), Err(IntegerError::NotADigit));
    assert_eq!(parse_integer("+-1"), Err(IntegerError::NotADigit));
    assert_eq!(parse_integer("\u{a0}1"), Err(IntegerError::NotADigit), "NBSP is not ASCII whitespace");
    assert_eq!(parse_integer("9223372036854775808"), Err(IntegerError::OutOfRange));
    assert_eq!(parse_integer("-9223372036854775809"), Err(IntegerError::OutOfRange));

    assert!(is_valid_integer("-12") && is_valid_integer("0"));
    assert!(!is_valid_integer("+1") && !is_valid_integer("-") && !is_valid_integer(" 1") && !is_valid_integer(""));
}

#[test]
fn non_negative_integers() {
    assert_eq!(parse_non_negative_integer(" 12abc"), Ok(12));
    assert_eq!(parse_non_negative_integer("-0"), Ok(0), "-0 is zero, not less than zero");
    assert_eq!(parse_non_negative_integer("18446744073709551615"), Ok(u64::MAX));
    // Steps 3 (through the integer rules) and 4.
    assert_eq!(parse_non_negative_integer(""), Err(IntegerError::Empty));
    assert_eq!(parse_non_negative_integer("-1"), Err(IntegerError::Negative));
    assert_eq!(parse_non_negative_integer("-99999999999999999999999"), Err(IntegerError::Negative));
    assert_eq!(parse_non_negative_integer("18446744073709551616"), Err(IntegerError::OutOfRange));
    assert!(is_valid_non_negative_integer("0012") && !is_valid_non_negative_integer("-1"));

    // 2009: its own algorithm, where "-" is not a digit.
    assert_eq!(y2009::parse_non_negative_integer(" +5"), Ok(5));
    assert_eq!(y2009::parse_non_negative_integer("-0"), Err(IntegerError::NotADigit));
    assert_eq!(y2009::parse_non_negative_integer(" "), Err(IntegerError::Empty));
    assert_eq!(y2009::parse_non_negative_integer("+"), Err(IntegerError::SignOnly));
    assert_eq!(y2009::parse_non_negative_integer("+x"), Err(IntegerError::NotADigit));
    assert_eq!(y2009::parse_integer("-3"), Ok(-3), "2009 integers are today's");
}

// ---------------------------------------------------------------- floating-point numbers

#[test]
fn floating_point_numbers() {
    let p = parse_floating_point_number;
    assert_eq!(p("1"), Ok(1.0));
    assert_eq!(p("  -2.5e3xyz"), Ok(-2500.0));
    assert_eq!(p("+3"), Ok(3.0), "step 8: '+' ignored");
    assert_eq!(p(".5"), Ok(0.5), "step 9");
    assert_eq!(p("-.5"), Ok(-0.5));
    assert_eq!(p("1."), Ok(1.0), "step 13.2: end after '.'");
    assert_eq!(p("1.x"), Ok(1.0), "step 13.2: not a digit or e after '.'");
    assert_eq!(p("1.e3"), Ok(1000.0), "step 13.3: the exponent after '.'");
    assert_eq!(p("1e"), Ok(1.0), "step 14.2");
    assert_eq!(p("1e-"), Ok(1.0), "step 14.3.3");
    assert_eq!(p("1e+"), Ok(1.0), "step 14.3 (plus)");
    assert_eq!(p("1ex"), Ok(1.0), "step 14.4");
    assert_eq!(p("1E+2"), Ok(100.0));
    assert_eq!(p("2e-1"), Ok(0.2));
    assert_eq!(p("0.1"), Ok(0.1), "the closest double, not 1 × 1/10 accumulated");
    assert_eq!(p("-0"), Ok(0.0));
    assert!(p("-0").unwrap().is_sign_positive(), "S has no −0");
    assert!(p("-1e-400").unwrap().is_sign_positive());
    assert_eq!(p("1.7976931348623157e308"), Ok(f64::MAX));
    assert_eq!(p("1e99999999999999999999").err(), Some(FloatError::OutOfRange), "step 17");
    assert_eq!(p("-1.8e308").err(), Some(FloatError::OutOfRange));
    assert_eq!(p("0e99999999999999999999"), Ok(0.0));
    assert_eq!(p(&format!("0.{}1", "0".repeat(5000))), Ok(0.0));
    // Steps 7, 8.3, 8 (plus), 10.
    assert_eq!(p(""), Err(FloatError::Empty));
    assert_eq!(p(" \t"), Err(FloatError::Empty));
    assert_eq!(p("-"), Err(FloatError::SignOnly));
    assert_eq!(p("+"), Err(FloatError::SignOnly));
    assert_eq!(p("."), Err(FloatError::NotADigit));
    assert_eq!(p(".e1"), Err(FloatError::NotADigit));
    assert_eq!(p("Infinity"), Err(FloatError::NotADigit), "Infinity is not a number here");
    assert_eq!(p("NaN"), Err(FloatError::NotADigit));
    assert_eq!(p("e5"), Err(FloatError::NotADigit));

    for valid in ["1", "-1", "1.5", ".5", "-.5", "1e5", "1E-5", "1.5e+5", "0", "1e400"] {
        assert!(is_valid_floating_point_number(valid), "{valid}");
    }
    for invalid in ["", "+1", "1.", ".", "-", "1e", "1e+", " 1", "1 ", "Infinity", "NaN", "1.5.5", "--1"] {
        assert!(!is_valid_floating_point_number(invalid), "{invalid}");
    }
}

#[test]
fn floating_point_numbers_2009() {
    let p = y2009::parse_floating_point_number;
    assert_eq!(p(" 1.5e1"), Ok(15.0));
    assert_eq!(p("1.e3"), Ok(1.0), "2009 step 12.2: a '.' without a digit ends the number");
    assert_eq!(p("0.1"), Ok(0.1f32), "single precision");
    assert_eq!(p("3.4028235e38"), Ok(f32::MAX));
    assert_eq!(p("3.5e38"), Err(FloatError::OutOfRange), "2009 step 16: 2^128");
    assert!(p("-0").unwrap().is_sign_positive());
    // Steps 7, 8.3, 9.
    assert_eq!(p(""), Err(FloatError::Empty));
    assert_eq!(p("-"), Err(FloatError::SignOnly));
    assert_eq!(p(".5"), Err(FloatError::NotADigit), "no leading '.' in 2009");
    assert_eq!(p("+1"), Err(FloatError::NotADigit), "no '+' in 2009");
    assert!(y2009::is_valid_floating_point_number("-1.5e-3"));
    assert!(!y2009::is_valid_floating_point_number(".5"));
    assert!(y2009::is_valid_floating_point_number("1e39"), "the grammar alone; the parser says out of range");
}

#[test]
fn best_representation_is_ecmascript_tostring() {
    for (n, s) in [
        (0.0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (-1.5, "-1.5"),
        (0.1, "0.1"),
        (100.0, "100"),
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (123456789012345680000.0, "123456789012345680000"),
        (0.000001, "0.000001"),
        (0.0000001, "1e-7"),
        (1.5e-7, "1.5e-7"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (5e-324, "5e-324"),
        (0.30000000000000004, "0.30000000000000004"),
        (f64::NAN, "NaN"),
        (f64::INFINITY, "Infinity"),
        (f64::NEG_INFINITY, "-Infinity"),
    ] {
        assert_eq!(best_representation(n), s, "{n:e}");
    }
}

// ---------------------------------------------------------------- dimensions

#[test]
fn dimension_values() {
    let len = |value| Ok(Dimension { value, kind: DimensionKind::Length });
    let pct = |value| Ok(Dimension { value, kind: DimensionKind::Percentage });
    assert_eq!(parse_dimension("100"), len(100.0), "step 6");
    assert_eq!(parse_dimension("  50%"), pct(50.0));
    assert_eq!(parse_dimension("50px"), len(50.0));
    assert_eq!(parse_dimension("12.5"), len(12.5), "step 7.4.4");
    assert_eq!(parse_dimension("12.5%"), pct(12.5));
    assert_eq!(parse_dimension("12.5 %"), len(12.5), "the '%' must follow at once");
    assert_eq!(parse_dimension("5."), len(5.0), "step 7.2 at the end");
    assert_eq!(parse_dimension("5.%"), pct(5.0), "step 7.2: the current dimension value reads the '%' after '.'");
    assert_eq!(parse_dimension("5.x"), len(5.0));
    assert_eq!(parse_dimension("0"), len(0.0), "zero is a dimension value");
    assert_eq!(parse_dimension("007.50%"), pct(7.5));
    // Step 4.
    assert_eq!(parse_dimension(""), Err(DimensionError::NoDigits));
    assert_eq!(parse_dimension("  "), Err(DimensionError::NoDigits));
    assert_eq!(parse_dimension("+5"), Err(DimensionError::NoDigits), "no sign today");
    assert_eq!(parse_dimension("-5"), Err(DimensionError::NoDigits));
    assert_eq!(parse_dimension(".5"), Err(DimensionError::NoDigits));

    assert_eq!(parse_nonzero_dimension("5%"), pct(5.0));
    assert_eq!(parse_nonzero_dimension("0.5"), len(0.5));
    assert_eq!(parse_nonzero_dimension("0"), Err(DimensionError::Zero), "nonzero step 4");
    assert_eq!(parse_nonzero_dimension("0.0%"), Err(DimensionError::Zero));
    assert_eq!(parse_nonzero_dimension("x"), Err(DimensionError::NoDigits), "nonzero step 3");
}

#[test]
fn dimension_values_2009() {
    use y2009::DimensionError2009 as E;
    let len = |value| Ok(Dimension { value, kind: DimensionKind::Length });
    let pct = |value| Ok(Dimension { value, kind: DimensionKind::Percentage });
    assert_eq!(y2009::parse_dimension(" +0050%"), pct(50.0), "steps 5-6: '+' and leading zeros skipped");
    assert_eq!(y2009::parse_dimension("1.25"), len(1.25));
    assert_eq!(y2009::parse_dimension("5.%"), len(5.0), "2009 step 11.2 returns a length");
    assert_eq!(y2009::parse_dimension("5.5%"), pct(5.5));
    assert_eq!(y2009::parse_dimension(""), Err(E::Empty), "step 4");
    assert_eq!(y2009::parse_dimension("000"), Err(E::OnlyZeros), "step 7");
    assert_eq!(y2009::parse_dimension("0.5"), Err(E::NotANonzeroDigit), "step 8: values are at least 1");
    assert_eq!(y2009::parse_dimension("-5"), Err(E::NotANonzeroDigit));
}

#[test]
fn lists_of_floating_point_numbers() {
    assert_eq!(parse_list_of_floating_point_numbers("1,2.5,-3"), [1.0, 2.5, -3.0]);
    assert_eq!(parse_list_of_floating_point_numbers(" ;,1 ; 2,,3 "), [1.0, 2.0, 3.0], "steps 4 and 5.6");
    assert_eq!(
        parse_list_of_floating_point_numbers("x1,abc,y"),
        [1.0, 0.0, 0.0],
        "5.1 skips garbage; 5.4 makes errors zero"
    );
    assert_eq!(parse_list_of_floating_point_numbers("1.2.3"), [1.2]);
    assert_eq!(parse_list_of_floating_point_numbers("."), [0.0]);
    assert_eq!(parse_list_of_floating_point_numbers("é5"), [5.0]);
    assert!(parse_list_of_floating_point_numbers("").is_empty());
    assert!(is_valid_list_of_floating_point_numbers("1,2.5,-3e2"));
    assert!(!is_valid_list_of_floating_point_numbers("1, 2"), "no whitespace");
    assert!(!is_valid_list_of_floating_point_numbers("1,,2"));
    assert!(!is_valid_list_of_floating_point_numbers(""));
}

#[test]
fn lists_of_dimensions() {
    use DimensionUnit::*;
    let list = |s| parse_list_of_dimensions(s).into_iter().map(|d| (d.value, d.unit)).collect::<Vec<_>>();
    assert_eq!(list("100,50%,*,2*"), [(100.0, Absolute), (50.0, Percentage), (0.0, Relative), (2.0, Relative)]);
    assert_eq!(list("10 ,20 %, 3 *"), [(10.0, Absolute), (20.0, Percentage), (3.0, Relative)], "step 5.8");
    assert_eq!(list("1,2,"), [(1.0, Absolute), (2.0, Absolute)], "step 2 drops one final comma");
    assert_eq!(list("1,,2"), [(1.0, Absolute), (0.0, Relative), (2.0, Absolute)], "step 5.5: an empty token");
    assert_eq!(list("abc"), [(0.0, Absolute)]);
    assert!(list("").is_empty());
    // Step 5.7 as written collects whitespace and digits starting at the "." itself, so it
    // collects nothing: the fraction is dropped and the unit is read at the "." (absolute).
    assert_eq!(list("50.5%"), [(50.0, Absolute)]);
    assert_eq!(list(".5*"), [(0.0, Absolute)]);
    assert_eq!(
        y2009::parse_list_of_dimensions("1*,2%"),
        [ListDimension { value: 1.0, unit: Relative }, ListDimension { value: 2.0, unit: Percentage }]
    );
}

#[test]
fn lists_of_integers_2009() {
    let p = y2009::parse_list_of_integers;
    assert_eq!(p("1,2,x,4"), [1, 2], "the text's example: an entry without digits ends the list");
    assert_eq!(p("1 2;3,,4"), [1, 2, 3, 4]);
    assert_eq!(p("-5,10"), [-5, 10]);
    assert_eq!(p("5-3"), [5], "a '-' after digits finishes the number");
    assert_eq!(p("--5"), [5], "a second '-' while started un-negates");
    assert_eq!(p("x-5"), [5], "bogus: a '-' after a letter does not negate");
    assert_eq!(p("1a2"), Vec::<i64>::new(), "a letter while started drops the value and ends the list");
    assert_eq!(p("3,1a2"), [3]);
    assert_eq!(p("1.5,2"), [1, 2], "other punctuation finishes the number");
    assert_eq!(p("-"), Vec::<i64>::new());
    assert_eq!(p(""), Vec::<i64>::new());
    assert_eq!(p("99999999999999999999"), [i64::MAX]);
    assert!(y2009::is_valid_list_of_integers("1,-2,3"));
    assert!(!y2009::is_valid_list_of_integers("1, 2"));
}

#[test]
fn ratios_2009() {
    use y2009::Ratio;
    assert_eq!(y2009::find_ratio("3/4"), Some(Ratio::TwoNumbers(3.0, 4.0)));
    assert_eq!(y2009::find_ratio("Progress: 50%"), Some(Ratio::NumberAndDenominator(50.0, '%', 100)));
    assert_eq!(y2009::find_ratio("7 ‰"), Some(Ratio::NumberAndDenominator(7.0, '‰', 1000)));
    assert_eq!(y2009::find_ratio("1‱"), Some(Ratio::NumberAndDenominator(1.0, '‱', 10000)));
    assert_eq!(y2009::find_ratio("٥٪"), None, "only ASCII digits are numbers");
    assert_eq!(y2009::find_ratio("5٪"), Some(Ratio::NumberAndDenominator(5.0, '٪', 100)));
    assert_eq!(y2009::find_ratio("about 0.5"), Some(Ratio::Number(0.5)));
    assert_eq!(y2009::find_ratio("1 of 2.5 km"), Some(Ratio::TwoNumbers(1.0, 2.5)));
    assert_eq!(y2009::find_ratio("1 .5."), Some(Ratio::Number(1.0)), "step 9: an error condition returns number1");
    // Steps 3, 4, 7, 11, 12.
    assert_eq!(y2009::find_ratio(""), None);
    assert_eq!(y2009::find_ratio("none"), None);
    assert_eq!(y2009::find_ratio(".5"), None, "find a number step 5");
    assert_eq!(y2009::find_ratio("50% of 3"), None);
    assert_eq!(y2009::find_ratio("1/2%"), None);
    assert_eq!(y2009::find_ratio("1/2/3"), None);
}

// ---------------------------------------------------------------- dates and times

#[test]
fn months() {
    assert_eq!(parse_month_string("2009-10"), Ok(Month { year: 2009, month: 10 }));
    assert_eq!(parse_month_string("00012-01"), Ok(Month { year: 12, month: 1 }));
    assert_eq!(parse_month_string("009-01"), Err(DateTimeError::YearDigits));
    assert_eq!(parse_month_string("0000-01"), Err(DateTimeError::YearZero));
    assert_eq!(parse_month_string("99999999999-01"), Err(DateTimeError::YearOutOfRange));
    assert_eq!(parse_month_string("2009"), Err(DateTimeError::ExpectedHyphen));
    assert_eq!(parse_month_string("2009/10"), Err(DateTimeError::ExpectedHyphen));
    assert_eq!(parse_month_string("2009-1"), Err(DateTimeError::MonthDigits));
    assert_eq!(parse_month_string("2009-100"), Err(DateTimeError::MonthDigits));
    assert_eq!(parse_month_string("2009-13"), Err(DateTimeError::MonthOutOfRange));
    assert_eq!(parse_month_string("2009-00"), Err(DateTimeError::MonthOutOfRange));
    assert_eq!(parse_month_string("2009-10 "), Err(DateTimeError::TrailingCharacters));
    assert!(is_valid_month_string("2009-10") && !is_valid_month_string(" 2009-10"));
    assert_eq!(y2009::parse_month_string("2009-10"), Ok(Month { year: 2009, month: 10 }));
}

#[test]
fn dates() {
    assert_eq!(parse_date_string("2009-10-27"), Ok(date(2009, 10, 27)));
    assert_eq!(parse_date_string("2000-02-29"), Ok(date(2000, 2, 29)), "divisible by 400");
    assert_eq!(parse_date_string("2004-02-29"), Ok(date(2004, 2, 29)));
    assert_eq!(parse_date_string("1900-02-29"), Err(DateTimeError::DayOutOfRange), "divisible by 100");
    assert_eq!(parse_date_string("2009-02-29"), Err(DateTimeError::DayOutOfRange));
    assert_eq!(parse_date_string("2009-04-31"), Err(DateTimeError::DayOutOfRange));
    assert_eq!(parse_date_string("2009-04-00"), Err(DateTimeError::DayOutOfRange));
    assert_eq!(parse_date_string("2009-04"), Err(DateTimeError::ExpectedHyphen));
    assert_eq!(parse_date_string("2009-04-1"), Err(DateTimeError::DayDigits));
    assert_eq!(parse_date_string("2009-04-011"), Err(DateTimeError::DayDigits));
    assert_eq!(parse_date_string("2009-04-01T"), Err(DateTimeError::TrailingCharacters));
    assert_eq!(parse_date_string("37-12-13"), Err(DateTimeError::YearDigits), "the text: years are zero-padded");
    assert!(is_valid_date_string("0037-12-13") && !is_valid_date_string("37-12-13"));
    assert_eq!(days_in_month(2100, 2), 28);
    assert_eq!(days_in_month(2400, 2), 29);
    assert_eq!(days_in_month(1, 13), 0);
}

#[test]
fn yearless_dates() {
    let yd = |month, day| Ok(YearlessDate { month, day });
    assert_eq!(parse_yearless_date_string("02-29"), yd(2, 29), "the text: February 29 as in a leap year");
    assert_eq!(parse_yearless_date_string("--12-25"), yd(12, 25));
    assert_eq!(parse_yearless_date_string("-12-25"), Err(DateTimeError::LeadingHyphens));
    assert_eq!(parse_yearless_date_string("---12-25"), Err(DateTimeError::LeadingHyphens));
    assert_eq!(parse_yearless_date_string("1-25"), Err(DateTimeError::MonthDigits));
    assert_eq!(parse_yearless_date_string("13-01"), Err(DateTimeError::MonthOutOfRange));
    assert_eq!(parse_yearless_date_string("12"), Err(DateTimeError::ExpectedHyphen));
    assert_eq!(parse_yearless_date_string("12-5"), Err(DateTimeError::DayDigits));
    assert_eq!(parse_yearless_date_string("02-30"), Err(DateTimeError::DayOutOfRange));
    assert_eq!(parse_yearless_date_string("04-31"), Err(DateTimeError::DayOutOfRange));
    assert_eq!(parse_yearless_date_string("12-25x"), Err(DateTimeError::TrailingCharacters));
    assert!(is_valid_yearless_date_string("--02-29") && !is_valid_yearless_date_string("2-29"));
}

#[test]
fn times() {
    assert_eq!(parse_time_string("14:54"), Ok(time(14, 54, 0.0)));
    assert_eq!(parse_time_string("00:00:59"), Ok(time(0, 0, 59.0)));
    assert_eq!(parse_time_string("23:59:59.999"), Ok(time(23, 59, 59.999)));
    assert_eq!(parse_time_string("12:00:05.1234"), Ok(time(12, 0, 5.1234)), "more digits parse; not valid");
    assert_eq!(parse_time_string("1:00"), Err(DateTimeError::HourDigits));
    assert_eq!(parse_time_string("24:00"), Err(DateTimeError::HourOutOfRange));
    assert_eq!(parse_time_string("12"), Err(DateTimeError::ExpectedColon));
    assert_eq!(parse_time_string("12.00"), Err(DateTimeError::ExpectedColon));
    assert_eq!(parse_time_string("12:0"), Err(DateTimeError::MinuteDigits));
    assert_eq!(parse_time_string("12:60"), Err(DateTimeError::MinuteOutOfRange));
    // Step 7.2: at the end, at the last character, not two digits.
    assert_eq!(parse_time_string("12:00:"), Err(DateTimeError::SecondDigits));
    assert_eq!(parse_time_string("12:00:5"), Err(DateTimeError::SecondDigits));
    assert_eq!(parse_time_string("12:00:5x"), Err(DateTimeError::SecondDigits));
    // Step 7.3: three long, long with no dot third, two dots.
    assert_eq!(parse_time_string("12:00:05."), Err(DateTimeError::SecondSyntax));
    assert_eq!(parse_time_string("12:00:055"), Err(DateTimeError::SecondSyntax));
    assert_eq!(parse_time_string("12:00:0555"), Err(DateTimeError::SecondSyntax));
    assert_eq!(parse_time_string("12:00:05.5.5"), Err(DateTimeError::SecondSyntax));
    // Step 7.4: leap seconds cannot be represented (the text's note).
    assert_eq!(parse_time_string("23:59:60"), Err(DateTimeError::SecondOutOfRange));
    assert_eq!(parse_time_string("12:00 "), Err(DateTimeError::TrailingCharacters));

    for valid in ["00:00", "23:59:59", "12:00:00.5", "12:00:00.123"] {
        assert!(is_valid_time_string(valid), "{valid}");
    }
    for invalid in ["12:00:00.1234", "12:00:60", "24:00", "12:00:00."] {
        assert!(!is_valid_time_string(invalid), "{invalid}");
    }
}

#[test]
fn times_2009() {
    assert_eq!(y2009::parse_time_string("12:00:05.123456"), Ok(time(12, 0, 5.123456)));
    assert_eq!(y2009::parse_time_string("12:00:055"), Ok(time(12, 0, 55.0)), "2009: any run of digits and dots");
    assert_eq!(y2009::parse_time_string("12:00"), Ok(time(12, 0, 0.0)), "2009 step 6: second \"0\"");
    assert_eq!(y2009::parse_time_string("12:00:123"), Err(DateTimeError::SecondOutOfRange), "2009 step 9");
    assert_eq!(y2009::parse_time_string("12:00:5"), Err(DateTimeError::SecondDigits), "2009 step 7.2");
    assert_eq!(y2009::parse_time_string("12:00:05."), Err(DateTimeError::SecondSyntax), "2009 step 7.3: last '.'");
    assert_eq!(y2009::parse_time_string("12:00:05.5.5"), Err(DateTimeError::SecondSyntax), "2009 step 7.3: two '.'");
    assert_eq!(y2009::parse_time_string("24:00"), Err(DateTimeError::HourOutOfRange));
    assert!(y2009::is_valid_time_string("12:00:05.123456") && !y2009::is_valid_time_string("12:00:05."));
}

#[test]
fn local_dates_and_times() {
    let ldt = |d, t| Ok(LocalDateTime { date: d, time: t });
    assert_eq!(parse_local_date_and_time_string("2009-10-27T14:54"), ldt(date(2009, 10, 27), time(14, 54, 0.0)));
    assert_eq!(parse_local_date_and_time_string("2009-10-27 14:54:01"), ldt(date(2009, 10, 27), time(14, 54, 1.0)));
    assert_eq!(parse_local_date_and_time_string("2009-10-27"), Err(DateTimeError::ExpectedDateTimeSeparator));
    assert_eq!(parse_local_date_and_time_string("2009-10-27t14:54"), Err(DateTimeError::ExpectedDateTimeSeparator));
    assert_eq!(parse_local_date_and_time_string("2009-10-27  14:54"), Err(DateTimeError::HourDigits));
    assert_eq!(parse_local_date_and_time_string("2009-10-27T14:54Z"), Err(DateTimeError::TrailingCharacters));
    assert!(is_valid_local_date_and_time_string("2009-10-27 14:54:00.000"));
    assert!(!is_valid_local_date_and_time_string("2009-10-27 14:54:00.0000"));

    // Normalized: "T" and the shortest time.
    let dt = parse_local_date_and_time_string("2009-10-27 14:54:00.500").unwrap();
    assert_eq!(dt.to_normalized_string(), "2009-10-27T14:54:00.5");
    let dt = parse_local_date_and_time_string("2009-10-27 14:54:00").unwrap();
    assert_eq!(dt.to_normalized_string(), "2009-10-27T14:54", "the seconds omitted when zero");
    assert!(is_valid_normalized_local_date_and_time_string("2009-10-27T14:54"));
    assert!(is_valid_normalized_local_date_and_time_string("2009-10-27T14:54:01.25"));
    assert!(is_valid_normalized_local_date_and_time_string("02009-10-27T14:54"), "any valid date string");
    assert!(!is_valid_normalized_local_date_and_time_string("2009-10-27 14:54"));
    assert!(!is_valid_normalized_local_date_and_time_string("2009-10-27T14:54:00"));
    assert!(!is_valid_normalized_local_date_and_time_string("2009-10-27T14:54:01.250"));

    // 2009: "T" only.
    assert!(y2009::parse_local_date_and_time_string("2009-10-27T14:54").is_ok());
    assert_eq!(
        y2009::parse_local_date_and_time_string("2009-10-27 14:54"),
        Err(DateTimeError::ExpectedDateTimeSeparator)
    );
}

#[test]
fn time_zone_offsets() {
    let tz = |hours, minutes| Ok(TimeZoneOffset { hours, minutes });
    assert_eq!(parse_time_zone_offset_string("Z"), tz(0, 0));
    assert_eq!(parse_time_zone_offset_string("+05:30"), tz(5, 30));
    assert_eq!(parse_time_zone_offset_string("-0430"), tz(-4, -30), "step 1.4: four digits");
    assert_eq!(parse_time_zone_offset_string("-23:59"), tz(-23, -59), "the text: -23:59 to +23:59");
    assert_eq!(parse_time_zone_offset_string("+23:59"), tz(23, 59));
    assert_eq!(parse_time_zone_offset_string(""), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_time_zone_offset_string("z"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_time_zone_offset_string("+5:30"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_time_zone_offset_string("+05"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_time_zone_offset_string("+05:3"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_time_zone_offset_string("+053"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_time_zone_offset_string("+24:00"), Err(DateTimeError::TimeZoneHoursOutOfRange));
    assert_eq!(parse_time_zone_offset_string("+2360"), Err(DateTimeError::TimeZoneMinutesOutOfRange));
    assert_eq!(parse_time_zone_offset_string("Z "), Err(DateTimeError::TrailingCharacters));
    assert!(is_valid_time_zone_offset_string("+00:00") && is_valid_time_zone_offset_string("-0100"));
    assert!(!is_valid_time_zone_offset_string("-00:00"), "'-' only for a nonzero offset");
    assert!(!is_valid_time_zone_offset_string("-0000"));
}

#[test]
fn global_dates_and_times() {
    // The text's three examples.
    let nero = parse_global_date_and_time_string("0037-12-13 00:00Z").unwrap();
    assert_eq!(nero.local, LocalDateTime { date: date(37, 12, 13), time: time(0, 0, 0.0) });
    assert_eq!(nero.offset, TimeZoneOffset { hours: 0, minutes: 0 });
    let ms = parse_global_date_and_time_string("1979-10-14T12:00:00.001-04:00").unwrap();
    assert_eq!(ms.offset, TimeZoneOffset { hours: -4, minutes: 0 });
    assert_eq!(ms.utc(), UtcDateTime { year: 1979, month: 10, day: 14, hour: 16, minute: 0, second: 0.001 });
    let midnight = parse_global_date_and_time_string("8592-01-01T02:09+02:09").unwrap();
    assert_eq!(
        midnight.utc(),
        UtcDateTime { year: 8592, month: 1, day: 1, hour: 0, minute: 0, second: 0.0 },
        "midnight UTC on the 1st of January, 8592"
    );
    for example in ["0037-12-13 00:00Z", "1979-10-14T12:00:00.001-04:00", "8592-01-01T02:09+02:09"] {
        assert!(is_valid_global_date_and_time_string(example), "{example}");
    }
    // The text's notes.
    assert_eq!(parse_global_date_and_time_string("37-12-13 00:00Z"), Err(DateTimeError::YearDigits));
    assert_eq!(parse_global_date_and_time_string("2001-12-21  12:00Z"), Err(DateTimeError::HourDigits));
    assert_eq!(parse_global_date_and_time_string("2001-12-21"), Err(DateTimeError::ExpectedDateTimeSeparator));
    assert_eq!(parse_global_date_and_time_string("2001-12-21T12:00"), Err(DateTimeError::MissingTimeZone));
    assert_eq!(parse_global_date_and_time_string("2001-12-21T12:00x"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_global_date_and_time_string("2001-12-21T12:00Zx"), Err(DateTimeError::TrailingCharacters));
    // Subtracting the offset crosses days, months and years (and reaches year 0).
    let early = parse_global_date_and_time_string("0001-01-01T00:30+01:00").unwrap();
    assert_eq!(early.utc(), UtcDateTime { year: 0, month: 12, day: 31, hour: 23, minute: 30, second: 0.0 });
    let late = parse_global_date_and_time_string("2000-02-28T23:59:30-00:01").unwrap();
    assert_eq!(late.utc(), UtcDateTime { year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 30.0 });
    let epoch = parse_global_date_and_time_string("1970-01-01T01:00:00.5+01:00").unwrap();
    assert_eq!(epoch.utc_milliseconds(), 500.0);
    assert!(!is_valid_global_date_and_time_string("2001-12-21T12:00-00:00"));
    assert!(!is_valid_global_date_and_time_string("2001-12-21T12:00:00.0001Z"));

    // 2009: "T" only, and the offset's colon is required.
    let e2009 = y2009::parse_global_date_and_time_string("0037-12-13T00:00Z").unwrap();
    assert_eq!(e2009.local.date, date(37, 12, 13));
    assert!(y2009::parse_global_date_and_time_string("1979-10-14T12:00:00.001-04:00").is_ok());
    assert!(y2009::parse_global_date_and_time_string("8592-01-01T02:09+02:09").is_ok());
    assert_eq!(
        y2009::parse_global_date_and_time_string("0037-12-13 00:00Z"),
        Err(DateTimeError::ExpectedDateTimeSeparator)
    );
    assert_eq!(y2009::parse_global_date_and_time_string("1979-10-14T12:00-0400"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(y2009::best_representation_of_global_date_and_time(&e2009), "0037-12-13T00:00-00:00");
    assert_eq!(y2009::best_representation_of_global_date_and_time(&ms), "1979-10-14T12:00:00.001-04:00");
}

#[test]
fn weeks() {
    assert_eq!(parse_week_string("2009-W44"), Ok(Week { year: 2009, week: 44 }));
    assert_eq!(weeks_in_week_year(2004), 53, "January 1st 2004 was a Thursday");
    assert_eq!(weeks_in_week_year(2020), 53, "a Wednesday in a leap year");
    assert_eq!(weeks_in_week_year(2021), 52);
    assert_eq!(weeks_in_week_year(2015), 53);
    assert_eq!(weeks_in_week_year(1970), 53, "1970-01-01 was a Thursday");
    assert_eq!(weeks_in_week_year(2019), 52, "a Tuesday");
    assert!(parse_week_string("2004-W53").is_ok());
    // The text: the week starting on Monday 1969-12-29 is week 1 of week-year 1970.
    assert_eq!(Week { year: 1970, week: 1 }.first_day(), date(1969, 12, 29));
    assert_eq!(Week { year: 2009, week: 53 }.first_day(), date(2009, 12, 28));
    assert_eq!(Week { year: 2010, week: 1 }.first_day(), date(2010, 1, 4));
    assert_eq!(Week { year: 1, week: 1 }.first_day(), date(1, 1, 1));
    assert!(parse_week_string("2009-W53").is_ok(), "January 1st 2009 was a Thursday");
    assert_eq!(parse_week_string("2010-W53"), Err(DateTimeError::WeekOutOfRange));
    assert_eq!(parse_week_string("2009-W00"), Err(DateTimeError::WeekOutOfRange));
    assert_eq!(parse_week_string("209-W01"), Err(DateTimeError::YearDigits));
    assert_eq!(parse_week_string("0000-W01"), Err(DateTimeError::YearZero));
    assert_eq!(parse_week_string("2009W01"), Err(DateTimeError::ExpectedHyphen));
    assert_eq!(parse_week_string("2009-w01"), Err(DateTimeError::ExpectedW));
    assert_eq!(parse_week_string("2009-W1"), Err(DateTimeError::WeekDigits));
    assert_eq!(parse_week_string("2009-W01-1"), Err(DateTimeError::TrailingCharacters));
    assert!(is_valid_week_string("2009-W01") && !is_valid_week_string("2009-W1"));
    assert_eq!(y2009::parse_week_string("2009-W44"), Ok(Week { year: 2009, week: 44 }));
}

#[test]
fn durations() {
    let d = |s: &str| parse_duration_string(s).map(|d| d.seconds);
    assert_eq!(d("PT4H18M3S"), Ok(15483.0));
    assert_eq!(d("P12D"), Ok(12.0 * 86400.0));
    assert_eq!(d("P1DT1H"), Ok(90000.0));
    assert_eq!(d("PT1.5S"), Ok(1.5));
    assert_eq!(d("PT.5S"), Ok(0.5), "step 8.6: '.' is a number starting at 0");
    assert_eq!(d("4h 18m 3s"), Ok(15483.0));
    assert_eq!(d(" 1w 2d "), Ok(9.0 * 86400.0));
    assert_eq!(d("1 h"), Ok(3600.0), "whitespace between number and unit");
    assert_eq!(d("3s 2h"), Ok(7203.0), "any order");
    assert_eq!(d("PT1M"), Ok(60.0), "M after T is minutes");
    assert_eq!(d("1.25 s"), Ok(1.25));
    assert_eq!(d("P0M"), Ok(0.0), "zero months are no months");
    // Steps 6, 8.6, 8.7, 8.9.2, 8.9.7/9, unknown unit, 9, 10.
    assert_eq!(d(""), Err(DurationError::Empty));
    assert_eq!(d("  "), Err(DurationError::Empty));
    assert_eq!(d("PTxS"), Err(DurationError::NotANumber));
    assert_eq!(d("P5"), Err(DurationError::MissingUnit));
    assert_eq!(d("P1.S"), Err(DurationError::FractionDigits));
    assert_eq!(d("1.5"), Err(DurationError::FractionNotSeconds));
    assert_eq!(d("1.5h"), Err(DurationError::FractionNotSeconds));
    assert_eq!(d("5x"), Err(DurationError::UnknownUnit));
    assert_eq!(d("5 "), Err(DurationError::UnknownUnit));
    assert_eq!(d("P"), Err(DurationError::NoComponents));
    assert_eq!(d("PT"), Err(DurationError::NoComponents));
    assert_eq!(d("P1M"), Err(DurationError::Months), "M before T is months");
    assert_eq!(d("P1Y"), Err(DurationError::Months));
    assert_eq!(d("1y"), Err(DurationError::Months));

    for valid in ["PT4H18M3S", "P12D", "P1DT2H", "PT0.123S", "PT1M", "4h 18m 3s", "1w", " 2d 3.5s ", "3s2h"] {
        assert!(is_valid_duration_string(valid), "{valid}");
    }
    for invalid in ["P", "PT", "P1M", "PT1.1234S", "pt1s", "PT1S1M", "1h 2h", "1.5h", "1", "", "P1W", "PT1H "] {
        assert!(!is_valid_duration_string(invalid), "{invalid}");
    }
}

#[test]
fn date_or_time_strings() {
    let g = parse_date_or_time_string("2009-10-27T14:54Z").unwrap();
    assert!(matches!(g, DateOrTime::GlobalDateTime(_)));
    assert_eq!(parse_date_or_time_string("2009-10-27"), Ok(DateOrTime::Date(date(2009, 10, 27))));
    assert_eq!(parse_date_or_time_string("14:54"), Ok(DateOrTime::Time(time(14, 54, 0.0))));
    assert!(matches!(parse_date_or_time_string("2009-10-27 14:54+01:00"), Ok(DateOrTime::GlobalDateTime(_))));
    // Steps 7, 8, 9, 10.
    assert_eq!(parse_date_or_time_string(""), Err(DateTimeError::HourDigits));
    assert_eq!(parse_date_or_time_string("2009-10-27T"), Err(DateTimeError::HourDigits));
    assert_eq!(parse_date_or_time_string("2009-10-27T14:54"), Err(DateTimeError::MissingTimeZone));
    assert_eq!(parse_date_or_time_string("2009-10-27T14:54+1"), Err(DateTimeError::TimeZoneSyntax));
    assert_eq!(parse_date_or_time_string("2009-10-27x"), Err(DateTimeError::TrailingCharacters));
    assert_eq!(parse_date_or_time_string(" 14:54"), Err(DateTimeError::HourDigits));
    assert!(is_valid_date_string_with_optional_time("2009-10-27"));
    assert!(is_valid_date_string_with_optional_time("2009-10-27T14:54Z"));
    assert!(!is_valid_date_string_with_optional_time("14:54"));

    // 2009: in attribute / in content variants, and a failed time after a date.
    use y2009::DateOrTimeVariant::*;
    assert_eq!(
        y2009::parse_date_or_time_string(" \u{2003}14:54\n", InContent),
        Ok(DateOrTime::Time(time(14, 54, 0.0)))
    );
    assert_eq!(y2009::parse_date_or_time_string(" 14:54", InAttribute), Err(DateTimeError::HourDigits));
    assert_eq!(
        y2009::parse_date_or_time_string("2009-10-27T", InAttribute),
        Ok(DateOrTime::Date(date(2009, 10, 27))),
        "2009 step 8: a failed time component clears the time flag"
    );
    assert_eq!(
        y2009::parse_date_or_time_string("2009-10-27 14:54Z", InAttribute),
        Err(DateTimeError::TrailingCharacters)
    );
    assert_eq!(y2009::parse_date_or_time_string("x", InAttribute), Err(DateTimeError::HourDigits), "2009 step 9");
    assert!(matches!(
        y2009::parse_date_or_time_string("2009-10-27T14:54:00.123456-04:00", InAttribute),
        Ok(DateOrTime::GlobalDateTime(_))
    ));
}

// ---------------------------------------------------------------- colors

#[test]
fn legacy_colors() {
    let rgb = |red, green, blue| Ok(Rgb { red, green, blue });
    assert_eq!(parse_legacy_color_value("red"), rgb(255, 0, 0));
    assert_eq!(parse_legacy_color_value("  LightGoldenRodYellow "), rgb(250, 250, 210), "step 2 then step 4");
    assert_eq!(parse_legacy_color_value("rebeccapurple"), rgb(102, 51, 153));
    assert_eq!(parse_legacy_color_value("#abc"), rgb(0xaa, 0xbb, 0xcc), "step 5");
    assert_eq!(parse_legacy_color_value("#ABCDEF"), rgb(0xab, 0xcd, 0xef));
    assert_eq!(parse_legacy_color_value("chucknorris"), rgb(0xc0, 0, 0));
    assert_eq!(parse_legacy_color_value("abc"), rgb(0xa, 0xb, 0xc), "one-digit components are not doubled");
    assert_eq!(parse_legacy_color_value("#12345"), rgb(0x12, 0x34, 0x50), "step 10 pads");
    assert_eq!(parse_legacy_color_value("#1234567890"), rgb(0x12, 0x56, 0x90));
    assert_eq!(parse_legacy_color_value("#000000001000000002000000003"), rgb(0x01, 0x02, 0x03), "step 12: the last 8");
    assert_eq!(parse_legacy_color_value("#000a000b000c"), rgb(0x0a, 0x0b, 0x0c), "step 13 strips shared zeros");
    assert_eq!(parse_legacy_color_value("#0a0b0c"), rgb(0x0a, 0x0b, 0x0c));
    assert_eq!(parse_legacy_color_value("   "), rgb(0, 0, 0), "whitespace strips to empty, then pads to 000");
    assert_eq!(parse_legacy_color_value("#"), rgb(0, 0, 0));
    assert_eq!(parse_legacy_color_value("😀a"), rgb(0, 0, 0xa), "step 6: a non-BMP character is 00");
    assert_eq!(parse_legacy_color_value("é"), rgb(0, 0, 0), "a BMP character is one 0");
    assert_eq!(parse_legacy_color_value(&"f".repeat(200)), rgb(0xff, 0xff, 0xff), "step 7 truncates to 128");
    assert_eq!(
        parse_legacy_color_value(&format!("{}{}", "1".repeat(127), "😀")),
        parse_legacy_color_value(&format!("{}0", "1".repeat(127))),
        "truncation counts the 00 of step 6"
    );
    assert_eq!(parse_legacy_color_value("ButtonFace"), rgb(0xb0, 0x00, 0xce), "no system colors today: hex salvage");
    assert_eq!(parse_legacy_color_value(""), Err(LegacyColorError::Empty), "step 1");
    assert_eq!(parse_legacy_color_value(" Transparent "), Err(LegacyColorError::Transparent), "step 3");
}

#[test]
fn colors_2009() {
    use y2009::{LegacyColor, SimpleColorError};
    let rgb = |red, green, blue| Rgb { red, green, blue };
    assert_eq!(y2009::parse_simple_color("#FF8000"), Ok(rgb(255, 128, 0)));
    assert_eq!(y2009::parse_simple_color("#ff800"), Err(SimpleColorError::Length));
    assert_eq!(y2009::parse_simple_color("#éé0000"), Err(SimpleColorError::NotHex), "seven characters, not hex");
    assert_eq!(y2009::parse_simple_color("ff80001"), Err(SimpleColorError::NoHash));
    assert_eq!(y2009::parse_simple_color("#ff800g"), Err(SimpleColorError::NotHex));
    assert_eq!(y2009::serialize_simple_color(rgb(255, 128, 0)), "#ff8000");
    assert!(y2009::is_valid_simple_color("#FF8000") && !y2009::is_valid_lowercase_simple_color("#FF8000"));
    assert!(y2009::is_valid_lowercase_simple_color("#ff8000"));

    assert_eq!(y2009::parse_legacy_color_value("Navy"), Ok(LegacyColor::Simple(rgb(0, 0, 128))));
    assert_eq!(y2009::parse_legacy_color_value("buttonface"), Ok(LegacyColor::System("ButtonFace")));
    assert_eq!(
        y2009::parse_legacy_color_value("rebeccapurple"),
        Ok(LegacyColor::Simple(rgb(0x0e, 0xca, 0x00))),
        "not an SVG color keyword in 2009: hex salvage"
    );
    assert_eq!(
        y2009::parse_legacy_color_value(" red"),
        Ok(LegacyColor::Simple(rgb(0, 0xed, 0))),
        "no stripping in 2009"
    );
    assert_eq!(y2009::parse_legacy_color_value("#abc"), Ok(LegacyColor::Simple(rgb(0xaa, 0xbb, 0xcc))));
    assert_eq!(y2009::parse_legacy_color_value(""), Err(LegacyColorError::Empty));
    assert_eq!(y2009::parse_legacy_color_value("TRANSPARENT"), Err(LegacyColorError::Transparent));
}

// ---------------------------------------------------------------- tokens and attributes

#[test]
fn space_and_comma_separated_tokens() {
    assert_eq!(split_on_ascii_whitespace("  a\tb\n\x0Cc\r d ").collect::<Vec<_>>(), ["a", "b", "c", "d"]);
    assert_eq!(split_on_ascii_whitespace("a\u{a0}b").collect::<Vec<_>>(), ["a\u{a0}b"]);
    assert_eq!(split_on_ascii_whitespace(" ").count(), 0);
    assert!(has_duplicate_tokens("a b a", TokenComparison::CaseSensitive));
    assert!(!has_duplicate_tokens("a b A", TokenComparison::CaseSensitive));
    assert!(has_duplicate_tokens("a b A", TokenComparison::AsciiCaseInsensitive));
    assert!(tokens_all_allowed("Next prev", &["next", "prev"], TokenComparison::AsciiCaseInsensitive));
    assert!(!tokens_all_allowed("next up", &["next", "prev"], TokenComparison::CaseSensitive));

    // The text's example (both editions).
    assert_eq!(split_on_commas(" a ,b,,d d "), ["a", "b", "", "d d"]);
    assert_eq!(y2009::split_on_commas(" a ,b,,d d "), ["a", "b", "", "d d"]);
    assert_eq!(split_on_commas("a,"), ["a"]);
    assert_eq!(split_on_commas(","), [""]);
    assert!(split_on_commas("").is_empty());
    assert_eq!(y2009::split_on_spaces(" x  y ").collect::<Vec<_>>(), ["x", "y"]);
}

#[test]
fn remove_token_2009() {
    // The note: occurrences removed, surrounding spaces collapsed to one, none at the ends.
    assert_eq!(y2009::remove_token("a b c", "b"), "a c");
    assert_eq!(y2009::remove_token("b a b  b c b", "b"), "a c");
    assert_eq!(y2009::remove_token("  a  ", "a"), "");
    assert_eq!(y2009::remove_token("a\tb", "c"), "a\tb");
    assert_eq!(y2009::remove_token("", "a"), "");
}

#[test]
fn enumerated_attributes() {
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Dir {
        Ltr,
        Rtl,
        Auto,
    }
    // Like `dir`: no defaults.
    let dir = EnumeratedAttribute {
        keywords: &[("ltr", Dir::Ltr, true), ("rtl", Dir::Rtl, true), ("auto", Dir::Auto, true)],
        missing_value_default: None,
        invalid_value_default: None,
        empty_value_default: None,
    };
    assert_eq!(dir.state(Some("RTL")), Some(Dir::Rtl), "step 2, ASCII case-insensitive");
    assert_eq!(dir.state(Some(" rtl")), None, "step 5");
    assert_eq!(dir.state(None), None, "step 1.2");
    assert!(dir.is_conforming("Auto") && !dir.is_conforming(""));
    assert_eq!(dir.canonical_keyword(Dir::Auto), Some("auto"));

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Editable {
        True,
        False,
        PlaintextOnly,
        Inherit,
    }
    // Like `contenteditable`: "" and "true" both map to True; invalid and missing defaults.
    let ce = EnumeratedAttribute {
        keywords: &[
            ("true", Editable::True, true),
            ("", Editable::True, true),
            ("false", Editable::False, true),
            ("plaintext-only", Editable::PlaintextOnly, true),
        ],
        missing_value_default: Some(Editable::Inherit),
        invalid_value_default: Some(Editable::Inherit),
        empty_value_default: None,
    };
    assert_eq!(ce.state(Some("")), Some(Editable::True));
    assert_eq!(ce.state(Some("yes")), Some(Editable::Inherit), "step 4");
    assert_eq!(ce.state(None), Some(Editable::Inherit), "step 1.1");
    assert_eq!(ce.canonical_keyword(Editable::True), Some("true"), "canonical keyword step 3");
    assert_eq!(ce.canonical_keyword(Editable::Inherit), None, "no keyword maps to it");
    assert!(ce.is_conforming(""));

    // An empty value default (step 3), and non-conforming synonyms (canonical step 2).
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Kind {
        A,
        B,
    }
    let e = EnumeratedAttribute {
        keywords: &[("a", Kind::A, true), ("alpha", Kind::A, false), ("b", Kind::B, true), ("beta", Kind::B, true)],
        missing_value_default: Some(Kind::A),
        invalid_value_default: None,
        empty_value_default: Some(Kind::B),
    };
    assert_eq!(e.state(Some("")), Some(Kind::B));
    assert_eq!(e.state(Some("zzz")), None, "no invalid value default: no state");
    assert_eq!(e.canonical_keyword(Kind::A), Some("a"));
    assert_eq!(e.canonical_keyword(Kind::B), None, "step 4: the attribute must say");
    assert!(!e.is_conforming("alpha") && e.is_conforming(""));
    // 2009: an invalid value falls back to the missing value default; no empty value default.
    assert_eq!(y2009::enumerated_attribute_state(&e, Some("zzz")), Some(Kind::A));
    assert_eq!(y2009::enumerated_attribute_state(&e, Some("")), Some(Kind::A));
    assert_eq!(y2009::enumerated_attribute_state(&e, Some("BETA")), Some(Kind::B));
    assert_eq!(y2009::enumerated_attribute_state(&e, None), Some(Kind::A));
}

#[test]
fn boolean_attributes() {
    use statemark::html::{Token, tokenize};
    // The text's three equivalent checkboxes.
    for example in [
        "<label><input type=checkbox checked name=cheese disabled> Cheese</label>",
        "<label><input type=checkbox checked=checked name=cheese disabled=disabled> Cheese</label>",
        "<label><input type='checkbox' checked name=cheese disabled=\"\"> Cheese</label>",
    ] {
        let input = tokenize(example)
            .find_map(|t| match t {
                Token::StartTag(tag) if tag.name == "input" => Some(tag),
                _ => None,
            })
            .expect("an input tag");
        for name in ["checked", "disabled"] {
            let value = input.attribute(name);
            assert!(boolean_attribute_state(value), "{example}: {name}");
            assert!(is_valid_boolean_attribute_value(value.unwrap(), name), "{example}: {name}");
        }
        assert!(!boolean_attribute_state(input.attribute("readonly")));
    }
    assert!(is_valid_boolean_attribute_value("CHECKED", "checked"));
    for invalid in ["true", "false", " checked", "checked "] {
        assert!(!is_valid_boolean_attribute_value(invalid, "checked"), "{invalid}");
    }
}

#[test]
fn hash_name_references() {
    assert_eq!(parse_hash_name_reference("#map"), Some("map"));
    assert_eq!(parse_hash_name_reference("page.html#a#b"), Some("a#b"), "after the first '#'");
    assert_eq!(parse_hash_name_reference("map"), None, "step 1: no '#'");
    assert_eq!(parse_hash_name_reference("map#"), None, "step 1: '#' last");
    assert_eq!(y2009::parse_hash_name_reference("#m"), Some("m"));

    // Step 3 over a parsed document: the first map in tree order with that id or name.
    let dom = statemark::html::parse_document(
        "<p id=x>not a map</p><map name=a></map><map id=b></map><map id=a></map><svg><map id=c/></svg><img usemap=#b>",
    );
    let maps: Vec<_> =
        dom.descendants(dom.document()).filter(|&n| dom.element(n).is_some_and(|e| e.name.local == "map")).collect();
    let img = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "img")).unwrap();
    assert_eq!(find_hash_name_reference(&dom, img, "map", "#b"), Some(maps[1]));
    assert_eq!(find_hash_name_reference(&dom, img, "map", "#a"), Some(maps[0]), "name before a later id");
    assert_eq!(find_hash_name_reference(&dom, img, "map", "#x"), None, "a p is not a map");
    assert_eq!(find_hash_name_reference(&dom, img, "map", "#c"), None, "an SVG map is not an HTML map");
    assert_eq!(find_hash_name_reference(&dom, dom.document(), "map", "b"), None, "step 1");
}

// ---------------------------------------------------------------- properties

fn any_microsyntax_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[-+.,;:%*#eETWZPDHMSYwdhmsy0-9 \t]{0,40}",
        "[0-9]{1,6}-[0-9]{1,3}(-[0-9]{1,3})?([T ][0-9]{1,3}:[0-9]{1,3}(:[0-9.]{1,6})?)?([-+Z][0-9:]{0,6})?",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// No algorithm panics, on any input.
    #[test]
    fn nothing_panics(s in any_microsyntax_text()) {
        let _ = parse_integer(&s);
        let _ = parse_non_negative_integer(&s);
        let _ = parse_floating_point_number(&s);
        let _ = is_valid_floating_point_number(&s);
        let _ = parse_dimension(&s);
        let _ = parse_nonzero_dimension(&s);
        let _ = parse_list_of_floating_point_numbers(&s);
        let _ = is_valid_list_of_floating_point_numbers(&s);
        let _ = parse_list_of_dimensions(&s);
        let _ = parse_month_string(&s);
        let _ = parse_date_string(&s);
        let _ = parse_yearless_date_string(&s);
        let _ = parse_time_string(&s);
        let _ = is_valid_time_string(&s);
        let _ = parse_local_date_and_time_string(&s);
        let _ = is_valid_normalized_local_date_and_time_string(&s);
        let _ = parse_time_zone_offset_string(&s);
        let _ = is_valid_time_zone_offset_string(&s);
        if let Ok(g) = parse_global_date_and_time_string(&s) {
            let _ = g.utc();
            let _ = g.utc_milliseconds();
        }
        let _ = is_valid_global_date_and_time_string(&s);
        let _ = parse_week_string(&s);
        let _ = parse_duration_string(&s);
        let _ = is_valid_duration_string(&s);
        let _ = parse_date_or_time_string(&s);
        let _ = parse_legacy_color_value(&s);
        let _ = split_on_commas(&s);
        let _ = has_duplicate_tokens(&s, TokenComparison::AsciiCaseInsensitive);
        let _ = parse_hash_name_reference(&s);
        let _ = y2009::parse_non_negative_integer(&s);
        let _ = y2009::parse_floating_point_number(&s);
        let _ = y2009::is_valid_floating_point_number(&s);
        let _ = y2009::find_ratio(&s);
        let _ = y2009::parse_dimension(&s);
        let _ = y2009::parse_list_of_integers(&s);
        let _ = y2009::parse_time_string(&s);
        let _ = y2009::parse_local_date_and_time_string(&s);
        let _ = y2009::parse_global_date_and_time_string(&s);
        let _ = y2009::parse_date_or_time_string(&s, y2009::DateOrTimeVariant::InContent);
        let _ = y2009::parse_date_or_time_string(&s, y2009::DateOrTimeVariant::InAttribute);
        let _ = y2009::parse_simple_color(&s);
        let _ = y2009::parse_legacy_color_value(&s);
        let _ = y2009::remove_token(&s, "a");
    }

    /// The best representation of a finite double reads back as that double (−0 as 0).
    #[test]
    fn best_representation_round_trips(bits in any::<u64>()) {
        let n = f64::from_bits(bits);
        prop_assume!(n.is_finite());
        let s = best_representation(n);
        prop_assert!(is_valid_floating_point_number(&s), "{}", s);
        let back = parse_floating_point_number(&s).unwrap();
        prop_assert_eq!(back, if n == 0.0 { 0.0 } else { n });
    }

    /// Whatever the "valid ..." checks accept, the parsers accept, with the value `str::parse`
    /// gives where the two languages meet.
    #[test]
    fn valid_strings_parse(s in any_microsyntax_text()) {
        if is_valid_integer(&s) {
            prop_assert_eq!(parse_integer(&s).ok(), s.parse::<i64>().ok());
        }
        if is_valid_floating_point_number(&s) {
            let std: f64 = s.parse().unwrap();
            match parse_floating_point_number(&s) {
                Ok(v) => prop_assert_eq!(v, if std == 0.0 { 0.0 } else { std }),
                Err(e) => prop_assert!(e == FloatError::OutOfRange && std.is_infinite()),
            }
        }
        if is_valid_list_of_floating_point_numbers(&s) {
            prop_assert_eq!(parse_list_of_floating_point_numbers(&s).len(), s.split(',').count());
        }
        if is_valid_time_string(&s) { prop_assert!(parse_time_string(&s).is_ok()); }
        if is_valid_local_date_and_time_string(&s) { prop_assert!(parse_local_date_and_time_string(&s).is_ok()); }
        if is_valid_global_date_and_time_string(&s) { prop_assert!(parse_global_date_and_time_string(&s).is_ok()); }
        if is_valid_time_zone_offset_string(&s) { prop_assert!(parse_time_zone_offset_string(&s).is_ok()); }
        if is_valid_date_string_with_optional_time(&s) { prop_assert!(parse_date_or_time_string(&s).is_ok()); }
        if is_valid_duration_string(&s) { prop_assert!(parse_duration_string(&s).is_ok(), "{}", s); }
        if y2009::is_valid_floating_point_number(&s) {
            prop_assert!(!matches!(y2009::parse_floating_point_number(&s), Err(e) if e != FloatError::OutOfRange));
        }
        if y2009::is_valid_time_string(&s) { prop_assert!(y2009::parse_time_string(&s).is_ok()); }
    }

    /// Valid durations in the component syntax read back as the sum of their components.
    #[test]
    fn duration_components_sum(w in 0u32..100, d in 0u32..100, h in 0u32..100, m in 0u32..100, sec in 0u32..100, ms in 0u32..1000) {
        let text = format!("{h}h {w}W{sec}.{ms:03}s\t{d} d  {m}m");
        prop_assert!(is_valid_duration_string(&text), "{}", text);
        let expected = f64::from(w * 604_800 + d * 86_400 + h * 3_600 + m * 60 + sec) + f64::from(ms) / 1000.0;
        let got = parse_duration_string(&text).unwrap().seconds;
        prop_assert!((got - expected).abs() < 1e-6, "{} {} {}", text, got, expected);
        let iso = format!("P{d}DT{h}H{m}M{sec}.{ms:03}S");
        prop_assert!(is_valid_duration_string(&iso), "{}", iso);
        let expected = expected - f64::from(w * 604_800);
        prop_assert!((parse_duration_string(&iso).unwrap().seconds - expected).abs() < 1e-6);
    }

    /// Integers written in base ten read back.
    #[test]
    fn integers_round_trip(n in any::<i64>()) {
        prop_assert!(is_valid_integer(&n.to_string()));
        prop_assert_eq!(parse_integer(&n.to_string()), Ok(n));
    }

    /// Every date, month, week, yearless date, time, local and global date and time written as
    /// its valid string parses back to itself.
    #[test]
    fn dates_and_times_round_trip(
        year in 1u32..=300_000, month in 1u8..=12, day in 1u8..=31, hour in 0u8..24, minute in 0u8..60,
        second in 0u8..60, ms in 0u16..1000, tzh in -23i8..=23, tzm in 0i8..60, week in 1u8..=53,
    ) {
        let day = day.min(days_in_month(u64::from(year), month));
        let d = Date { year, month, day };
        prop_assert_eq!(parse_date_string(&d.to_string()), Ok(d));
        let m = Month { year, month };
        prop_assert_eq!(parse_month_string(&m.to_string()), Ok(m));
        let yd = YearlessDate { month, day };
        prop_assert_eq!(parse_yearless_date_string(&yd.to_string()), Ok(yd));
        let week = week.min(weeks_in_week_year(year));
        let w = Week { year, week };
        prop_assert_eq!(parse_week_string(&w.to_string()), Ok(w));
        let t = Time { hour, minute, second: f64::from(u32::from(second) * 1000 + u32::from(ms)) / 1000.0 };
        prop_assert!(is_valid_time_string(&t.to_string()), "{}", t);
        prop_assert_eq!(parse_time_string(&t.to_string()), Ok(t));
        let local = LocalDateTime { date: d, time: t };
        let normalized = local.to_normalized_string();
        prop_assert!(is_valid_normalized_local_date_and_time_string(&normalized), "{}", normalized);
        prop_assert_eq!(parse_local_date_and_time_string(&normalized), Ok(local));
        let offset = TimeZoneOffset { hours: tzh, minutes: if tzh < 0 { -tzm } else { tzm } };
        prop_assert_eq!(parse_time_zone_offset_string(&offset.to_string()), Ok(offset));
        let g = GlobalDateTime { local, offset };
        prop_assert!(is_valid_global_date_and_time_string(&g.to_string()), "{}", g);
        prop_assert_eq!(parse_global_date_and_time_string(&g.to_string()), Ok(g));
        let best = y2009::best_representation_of_global_date_and_time(&g);
        prop_assert_eq!(y2009::parse_global_date_and_time_string(&best), Ok(g));
    }

    /// 2009 simple colors: serializing then parsing gives the color back, and the legacy parser
    /// reads a serialized simple color as the same color.
    #[test]
    fn simple_colors_round_trip(red in any::<u8>(), green in any::<u8>(), blue in any::<u8>()) {
        let c = Rgb { red, green, blue };
        let s = y2009::serialize_simple_color(c);
        prop_assert!(y2009::is_valid_lowercase_simple_color(&s));
        prop_assert_eq!(y2009::parse_simple_color(&s), Ok(c));
        prop_assert_eq!(parse_legacy_color_value(&s), Ok(c));
    }

    /// The UTC moment differs from the written time by exactly the offset.
    #[test]
    fn utc_subtracts_the_offset(year in 1u32..=9999, month in 1u8..=12, day in 1u8..=28, hour in 0u8..24, tzh in -23i8..=23) {
        let local = LocalDateTime { date: Date { year, month, day }, time: Time { hour, minute: 0, second: 0.0 } };
        let utc = GlobalDateTime { local, offset: TimeZoneOffset { hours: 0, minutes: 0 } }.utc_milliseconds();
        let shifted = GlobalDateTime { local, offset: TimeZoneOffset { hours: tzh, minutes: 0 } }.utc_milliseconds();
        prop_assert_eq!(utc - shifted, f64::from(tzh) * 3_600_000.0);
    }
}

/// Every algorithm is linear: a megabyte of adversarial input is parsed quickly by all of them
/// (a quadratic one would take minutes).
#[test]
fn long_inputs() {
    let inputs = [
        "1".repeat(1 << 20),
        format!("0.{}", "1".repeat(1 << 20)),
        "1,".repeat(1 << 19),
        " ".repeat(1 << 20),
        "1h ".repeat(1 << 18),
        "#".repeat(1 << 20),
        "a ".repeat(1 << 19),
        "-".repeat(1 << 20),
    ];
    for s in &inputs {
        let _ = parse_floating_point_number(s);
        let _ = parse_list_of_floating_point_numbers(s);
        let _ = parse_list_of_dimensions(s);
        let _ = parse_duration_string(s);
        let _ = parse_legacy_color_value(s);
        let _ = has_duplicate_tokens(s, TokenComparison::CaseSensitive);
        let _ = y2009::parse_list_of_integers(s);
        let _ = y2009::remove_token(s, "a");
        let _ = y2009::find_ratio(s);
        let _ = parse_yearless_date_string(s);
    }
}
