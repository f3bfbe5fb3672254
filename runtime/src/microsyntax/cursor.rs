//! What the microsyntax algorithms share: the spec's "input" and "position" (`Cursor`), ASCII
//! whitespace, and digits read as numbers. Layer: foundation (`microsyntax/mod.rs` is the
//! facade that re-exports the algorithms).

/// ASCII whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, U+0020 SPACE
/// (<https://infra.spec.whatwg.org/#ascii-whitespace>; the 2009 text's "space characters").
#[inline]
pub(crate) fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

/// The spec's "input" and "position" (`#common-parser-idioms`) over the input's bytes. Every
/// character the algorithms name is ASCII, so a non-ASCII character's bytes simply match none
/// of them; algorithms that count code points (legacy colors) do so themselves.
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'a> {
    pub(crate) input: &'a [u8],
    pub(crate) position: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(input: &'a str) -> Self {
        Cursor { input: input.as_bytes(), position: 0 }
    }

    /// "position is past the end of input".
    #[inline]
    pub(crate) fn past_end(&self) -> bool {
        self.position >= self.input.len()
    }

    /// The character at position, if any.
    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.input.get(self.position).copied()
    }

    /// The character after the one at position, if any.
    #[inline]
    pub(crate) fn peek_next(&self) -> Option<u8> {
        self.input.get(self.position + 1).copied()
    }

    /// Whether the character at position is `c`.
    #[inline]
    pub(crate) fn at(&self, c: u8) -> bool {
        self.peek() == Some(c)
    }

    /// Whether the character at position is an ASCII digit.
    #[inline]
    pub(crate) fn at_digit(&self) -> bool {
        self.peek().is_some_and(|b| b.is_ascii_digit())
    }

    #[inline]
    pub(crate) fn advance(&mut self) {
        self.position += 1;
    }

    /// "Collect a sequence of code points" that match `pred`, given position.
    #[inline]
    pub(crate) fn collect(&mut self, pred: impl Fn(u8) -> bool) -> &'a [u8] {
        let start = self.position;
        while self.position < self.input.len() && pred(self.input[self.position]) {
            self.position += 1;
        }
        &self.input[start..self.position]
    }

    /// Collect a sequence of ASCII digits.
    #[inline]
    pub(crate) fn collect_digits(&mut self) -> &'a [u8] {
        self.collect(|b| b.is_ascii_digit())
    }

    /// "Skip ASCII whitespace within input given position."
    #[inline]
    pub(crate) fn skip_ascii_whitespace(&mut self) {
        self.collect(is_ascii_whitespace);
    }
}

/// Interprets ASCII digits as a base-ten integer; `None` when it does not fit in a `u64`.
#[inline]
pub(crate) fn digits_value(digits: &[u8]) -> Option<u64> {
    let mut value: u64 = 0;
    for &d in digits {
        value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    Some(value)
}

/// The conversion step of the floating-point algorithms: the decimal number written by `text`
/// (ASCII digits, at most one ".", an optional exponent; the caller's steps delimited it) rounded
/// to the nearest `f64`, ties to even. Rust's float parsing is correctly rounded, which is
/// exactly what "the number in S that is closest to value" asks.
#[inline]
pub(crate) fn decimal_to_f64(text: &[u8]) -> f64 {
    // The callers only pass ASCII digits, '.', 'e'/'E', '+'/'-' (so valid UTF-8) in a shape
    // Rust's grammar accepts; the fallback is never taken but keeps this total.
    std::str::from_utf8(text).ok().and_then(|s| s.parse::<f64>().ok()).unwrap_or(f64::NAN)
}
