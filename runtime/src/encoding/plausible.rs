//! Step 8's second opinion for unlabelled bytes that are overwhelmingly ASCII Latin text (spec:
//! #encoding-sniffing-algorithm, step 8: "frequency analysis or other algorithms"): read each
//! run of non-ASCII characters as every encoding detection may return reads it, and keep the
//! encodings under which every run is something Latin text has (typographic punctuation, a
//! letter with a diacritic inside a Latin word, a whole word of another script).
//!
//! Why: `chardetng` guesses from character-class statistics over the non-ASCII bytes; an
//! English page whose only non-ASCII characters are a few curly quotes, dashes and no-break
//! spaces gives it a handful of two-byte codes that are valid in several East Asian encodings,
//! and the guess is a coin toss. Read in the wrong one, those codes become characters no Latin
//! text has where they stand: a lone Han character or Hangul syllable glued to an ASCII letter,
//! a C1 control, a box-drawing piece, a horizontal bar (U+2015) where a dash goes, a run of
//! symbols such as `¡°`. Read in the right one, they are `“Hello”` and `—`.
//!
//! The rules are general rules about text, nothing measured on a corpus: they look at one run
//! of non-ASCII characters and the ASCII character on either side of it. Linear: the bytes are
//! scanned once to decide whether the second opinion applies, and once more for windows
//! around the non-ASCII bytes (at most four bytes of window per non-ASCII byte), each decoded
//! with every candidate through a fixed buffer; memory is constant.

use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GBK, IBM866, ISO_2022_JP, ISO_8859_2, ISO_8859_4, ISO_8859_5, ISO_8859_6,
    ISO_8859_7, ISO_8859_8, ISO_8859_13, KOI8_R, KOI8_U, SHIFT_JIS, UTF_8, WINDOWS_874, WINDOWS_1250, WINDOWS_1251,
    WINDOWS_1252, WINDOWS_1253, WINDOWS_1254, WINDOWS_1255, WINDOWS_1256, WINDOWS_1257, WINDOWS_1258,
};

/// The encodings step 8's detection may return: `chardetng`'s candidates, and KOI8-R (for
/// KOI8-U's guesses whose text KOI8-R decodes alike, see `Detector::guess`). Ordered roughly
/// by how common each is on the web (W3Techs' ranking of character encodings), the order the
/// second opinion breaks ties in.
pub(crate) fn detectable() -> [&'static Encoding; 27] {
    [
        UTF_8,
        WINDOWS_1252,
        WINDOWS_1251,
        SHIFT_JIS,
        EUC_JP,
        EUC_KR,
        GBK,
        WINDOWS_1250,
        WINDOWS_1254,
        WINDOWS_1256,
        BIG5,
        ISO_8859_2,
        WINDOWS_874,
        WINDOWS_1253,
        KOI8_R,
        WINDOWS_1255,
        ISO_8859_7,
        WINDOWS_1257,
        WINDOWS_1258,
        KOI8_U,
        IBM866,
        ISO_8859_5,
        ISO_8859_8,
        ISO_8859_6,
        ISO_8859_13,
        ISO_8859_4,
        // Kept last: chardetng returns it only where Japanese text is all escapes (ASCII bytes).
        ISO_2022_JP,
    ]
}

/// "Overwhelmingly ASCII Latin text": at least this many ASCII letters per non-ASCII byte.
/// A page written in a language whose letters are not ASCII has one or more non-ASCII bytes
/// per ASCII letter of its text; markup dilutes that, hence the margin.
const LETTERS_PER_NON_ASCII: usize = 20;

/// The second opinion on `guess` (chardetng's) for `bytes`: where the bytes are overwhelmingly
/// ASCII Latin text ([`LETTERS_PER_NON_ASCII`]), the candidate that reads the fewest runs of
/// non-ASCII characters implausibly, and among those the one whose runs are most typical of
/// Latin text ([`Verdict::Latin`]'s weights); `guess` where it is among the best, else the
/// first in [`detectable`]'s order. Elsewhere `guess`.
pub(crate) fn second_opinion(bytes: &[u8], guess: &'static Encoding) -> &'static Encoding {
    // UTF-8 is valid UTF-8 (the spec calls it highly detectable); ISO-2022-JP is all ASCII.
    if guess == UTF_8 || guess == ISO_2022_JP {
        return guess;
    }
    let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count();
    let letters = bytes.iter().filter(|b| b.is_ascii_alphabetic()).count();
    if non_ascii == 0 || non_ascii.saturating_mul(LETTERS_PER_NON_ASCII) > letters {
        return guess;
    }
    let candidates = detectable();
    // Per candidate: implausible runs, and the Latin runs' weight; `None` once a window does
    // not decode (a malformed sequence: the bytes are not in that encoding).
    let mut tallies: Vec<Option<(usize, usize)>> =
        candidates.iter().map(|&e| (e != UTF_8 && e != ISO_2022_JP && e != guess).then_some((0, 0))).collect();
    let mut guess_tally = Some((0, 0));
    for window in (Windows { bytes, at: 0 }) {
        for (encoding, tally) in
            candidates.iter().zip(tallies.iter_mut()).chain(std::iter::once((&guess, &mut guess_tally)))
        {
            if let Some((bad, weight)) = tally {
                match read_window(encoding, window) {
                    Some(runs) => {
                        *bad += runs.implausible;
                        *weight += runs.weight;
                    }
                    None => *tally = None,
                }
            }
        }
    }
    // Fewest implausible runs first, then the most typical of Latin text; the guess among
    // equals, else the first in `detectable`'s order.
    let rank = |(bad, weight): (usize, usize)| (std::cmp::Reverse(bad), weight);
    let mut best = guess_tally.map(|t| (guess, rank(t)));
    for (&encoding, tally) in candidates.iter().zip(&tallies) {
        if let Some(t) = *tally
            && best.is_none_or(|(_, r)| rank(t) > r)
        {
            best = Some((encoding, rank(t)));
        }
    }
    best.map_or(guess, |(e, _)| e)
}

/// Windows of the bytes around their non-ASCII bytes, each starting and ending at a character
/// boundary in every ASCII-compatible encoding detection returns: a window starts at the
/// ASCII byte before a non-ASCII one (the byte before that is ASCII too, so the first is
/// never a trail byte), and ends after two ASCII bytes that follow the last non-ASCII byte (the
/// first may be a trail byte; the second then is not). So each window decodes on its own as
/// it does in place, with one ASCII character of context on each side.
struct Windows<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Iterator for Windows<'b> {
    type Item = &'b [u8];

    fn next(&mut self) -> Option<&'b [u8]> {
        let bytes = self.bytes;
        let first = self.at + bytes.get(self.at..)?.iter().position(|b| !b.is_ascii())?;
        let mut last = first;
        let mut i = first + 1;
        while i < bytes.len() && i <= last + 2 {
            if !bytes[i].is_ascii() {
                last = i;
            }
            i += 1;
        }
        let end = (last + 3).min(bytes.len());
        self.at = end;
        Some(&bytes[first.saturating_sub(1)..end])
    }
}

/// What the runs of non-ASCII characters of a window come to under one encoding.
#[derive(Default)]
struct Runs {
    implausible: usize,
    weight: usize,
}

/// Decode `window` with `encoding` (through a fixed buffer) and judge its runs; `None` if it
/// is malformed in that encoding.
fn read_window(encoding: &'static Encoding, window: &[u8]) -> Option<Runs> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buf = [0u8; 256];
    let mut src = window;
    let mut reader = RunReader::default();
    loop {
        let (result, read, written) = decoder.decode_to_utf8_without_replacement(src, &mut buf, true);
        // Whole characters only: the decoder writes complete UTF-8 sequences.
        for c in std::str::from_utf8(&buf[..written]).ok()?.chars() {
            reader.push(c);
        }
        src = &src[read..];
        match result {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(..) => return None,
        }
    }
    // A window ends in ASCII unless the bytes do: the end of the input is a boundary too.
    reader.push(' ');
    Some(reader.runs)
}

/// Runs of non-ASCII characters as they come, with the ASCII character on each side.
struct RunReader {
    before: char,
    run: Run,
    runs: Runs,
}

impl Default for RunReader {
    fn default() -> Self {
        RunReader { before: ' ', run: Run::default(), runs: Runs::default() }
    }
}

impl RunReader {
    fn push(&mut self, c: char) {
        if !c.is_ascii() {
            self.run.push(c);
            return;
        }
        if self.run.len > 0 {
            match self.run.verdict(self.before, c) {
                Verdict::Latin(w) => self.runs.weight += w,
                Verdict::Foreign => {}
                Verdict::Implausible => self.runs.implausible += 1,
            }
            self.run = Run::default();
        }
        self.before = c;
    }
}

/// The character classes the rules look at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Punctuation of Latin typography: quotes, dashes, ellipsis, no-break and thin spaces.
    Punctuation,
    /// Symbols Latin text uses one at a time: © ® ™ ° € £ § † × ½ ² ¿ • → ≤ ...
    Symbol,
    /// Box drawing, block elements and geometric shapes: line art (a tree of names, a table),
    /// which stands apart from words.
    Drawing,
    /// A Latin letter with a diacritic (or a combining diacritic).
    LatinLetter,
    /// A letter of another script (the scripts of the encodings detection returns).
    Letter(Script),
    /// What no text has: C1 controls, private use, U+FFFD.
    Never,
    /// Anything else: other punctuation, symbols, arrows, fullwidth and CJK punctuation, ...
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Greek,
    Cyrillic,
    Hebrew,
    Arabic,
    Thai,
    Hangul,
    /// Han and kana: Japanese text mixes them within a word.
    HanKana,
}

fn class(c: char) -> Class {
    use Class::*;
    match c {
        '\u{A0}' | '\u{AD}' | '\u{AB}' | '\u{BB}' | '\u{2002}'..='\u{200B}' | '\u{2010}'..='\u{2014}' => Punctuation,
        '\u{2018}'..='\u{201F}' | '\u{2026}' | '\u{2039}' | '\u{203A}' | '\u{202F}' => Punctuation,
        '\u{A1}'..='\u{BF}' | '\u{D7}' | '\u{F7}' | '\u{2020}'..='\u{2022}' | '\u{2030}' | '\u{2032}' | '\u{2033}' => {
            Symbol
        }
        '\u{20AC}' | '\u{2122}' | '\u{2044}' | '\u{2190}'..='\u{21FF}' | '\u{2C6}' | '\u{2DC}' => Symbol,
        '\u{2212}' | '\u{221E}' | '\u{2248}' | '\u{2260}' | '\u{2264}' | '\u{2265}' => Symbol,
        '\u{2500}'..='\u{25FF}' => Drawing,
        '\u{C0}'..='\u{24F}' | '\u{300}'..='\u{36F}' | '\u{1E00}'..='\u{1EFF}' => LatinLetter,
        '\u{370}'..='\u{3FF}' | '\u{1F00}'..='\u{1FFF}' => Letter(Script::Greek),
        '\u{400}'..='\u{52F}' => Letter(Script::Cyrillic),
        '\u{590}'..='\u{5FF}' => Letter(Script::Hebrew),
        '\u{600}'..='\u{6FF}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}' => Letter(Script::Arabic),
        '\u{E00}'..='\u{E7F}' => Letter(Script::Thai),
        '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{AC00}'..='\u{D7AF}' => Letter(Script::Hangul),
        '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}' => Letter(Script::HanKana),
        '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{3FFFF}' => {
            Letter(Script::HanKana)
        }
        '\u{80}'..='\u{9F}' | '\u{E000}'..='\u{F8FF}' | '\u{FFFD}' => Never,
        _ => Other,
    }
}

/// One run of non-ASCII characters, summed up.
#[derive(Default)]
struct Run {
    len: usize,
    /// The first character, and whether it is a combining mark (which has nothing to combine
    /// with after an ASCII character).
    first: char,
    combining_first: bool,
    punctuation: usize,
    symbols: usize,
    latin: usize,
    letters: usize,
    /// The script of the run's letters, and whether they mix scripts.
    script: Option<Script>,
    mixed: bool,
    drawing: usize,
    never: usize,
    other: usize,
}

/// How a run reads in Latin text.
enum Verdict {
    /// Something Latin text has, weighted by how typical: punctuation 2, a symbol or a letter 1.
    Latin(usize),
    /// A word of another script (a language's name in a menu, a quotation): neither.
    Foreign,
    Implausible,
}

impl Run {
    fn push(&mut self, c: char) {
        if self.len == 0 {
            self.first = c;
            self.combining_first = matches!(c,
                '\u{300}'..='\u{36F}' | '\u{591}'..='\u{5C7}' | '\u{64B}'..='\u{65F}'
                | '\u{E31}' | '\u{E34}'..='\u{E3A}' | '\u{E47}'..='\u{E4E}');
        }
        self.len += 1;
        match class(c) {
            Class::Punctuation => self.punctuation += 1,
            Class::Symbol => self.symbols += 1,
            Class::LatinLetter => self.latin += 1,
            Class::Letter(s) => {
                self.letters += 1;
                self.mixed |= self.script.is_some_and(|t| t != s);
                self.script = Some(s);
            }
            Class::Drawing => self.drawing += 1,
            Class::Never => self.never += 1,
            Class::Other => self.other += 1,
        }
    }

    /// The rules, with the ASCII characters before and after the run.
    fn verdict(&self, before: char, after: char) -> Verdict {
        let glued = before.is_ascii_alphabetic() || after.is_ascii_alphabetic();
        if self.never > 0 {
            return Verdict::Implausible;
        }
        if self.letters > 0 {
            // A word of another script. Chinese, Japanese and Korean text runs on into Latin
            // words without a space (`Windowsの`, `Google은`), but one letter glued to a Latin
            // word is what a two-byte code of another encoding reads as; the other scripts'
            // words stand apart from Latin ones.
            let cjk = matches!(self.script, Some(Script::HanKana | Script::Hangul));
            let apart = !glued || (cjk && self.letters > 1);
            return if self.mixed || self.combining_first || !apart { Verdict::Implausible } else { Verdict::Foreign };
        }
        if self.other > 0 {
            return Verdict::Implausible;
        }
        if self.drawing > 0 {
            // Line art, perhaps with no-break spaces, apart from words: plausible, but less
            // typical of text than a symbol, so no weight.
            return if glued || self.latin + self.symbols > 0 { Verdict::Implausible } else { Verdict::Latin(0) };
        }
        // Latin text puts its non-ASCII punctuation one or two at a time (`”—`, `« `), symbols
        // one at a time, and letters with diacritics inside words, at most two together.
        if self.latin > 0 {
            // One letter alone is a word too (French `à`), though rarely: no weight.
            return match (glued, self.latin, self.len, self.symbols) {
                _ if self.combining_first => Verdict::Implausible,
                (true, 1..=2, ..=3, 0) => Verdict::Latin(1),
                (false, 1, 1, 0) => Verdict::Latin(0),
                _ => Verdict::Implausible,
            };
        }
        let letter = |c: char| c.is_ascii_alphabetic();
        if self.len == 1 {
            match self.first {
                // The apostrophe, inside a word: the most common of them in English.
                '\u{2019}' if letter(before) && letter(after) => return Verdict::Latin(3),
                // An ellipsis ends or cuts off words, it does not join them.
                '\u{2026}' if letter(before) && letter(after) => return Verdict::Implausible,
                _ => {}
            }
        }
        match (self.punctuation, self.symbols) {
            (1..=2, 0) => Verdict::Latin(2),
            // A symbol follows a word (`™`) or comes before one (`©2024`), not inside it.
            (0, 1) if letter(before) && letter(after) => Verdict::Implausible,
            (0, 1) => Verdict::Latin(1),
            _ => Verdict::Implausible,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (implausible runs, Latin weight) of `bytes` read in `encoding`.
    fn read(encoding: &'static Encoding, bytes: &[u8]) -> (usize, usize) {
        Windows { bytes, at: 0 }
            .map(|w| read_window(encoding, w).unwrap())
            .fold((0, 0), |(b, w), r| (b + r.implausible, w + r.weight))
    }

    /// `text` encoded in `encoding`, read back in it.
    fn reads(encoding: &'static Encoding, text: &str) -> (usize, usize) {
        read(encoding, &encoding.encode(text).0)
    }

    #[test]
    fn windows_decode_as_the_whole_does() {
        let text = "“Hello” — it’s ©\u{A0}2024, 日本語 and café.";
        for e in [SHIFT_JIS, EUC_JP, GBK, BIG5, EUC_KR] {
            let bytes = e.encode(text).0;
            let whole: String = e.decode_without_bom_handling(&bytes).0.chars().filter(|c| !c.is_ascii()).collect();
            let pieces: String = Windows { bytes: &bytes, at: 0 }
                .map(|w| e.decode_without_bom_handling(w).0.chars().filter(|c| !c.is_ascii()).collect::<String>())
                .collect();
            assert_eq!(pieces, whole, "{}", e.name());
        }
    }

    #[test]
    fn latin_punctuation_reads_as_latin_and_its_misreadings_do_not() {
        assert_eq!(reads(WINDOWS_1252, "“Hello”, she said — twice…"), (0, 8));
        assert_eq!(reads(GBK, "“Hello”, she said — twice…"), (0, 8));
        // GBK's em dash read as EUC-KR is a horizontal bar; its quotes the same quotes.
        assert_eq!(read(EUC_KR, &GBK.encode("a “b” — c").0), (1, 4));
        // Shift_JIS's curly quotes read as GBK: a lone Han character glued to a word.
        assert_eq!(read(GBK, &SHIFT_JIS.encode("“Hello”").0), (2, 0));
        // A letter with a diacritic inside a word is Latin; a word of another script apart is foreign.
        assert_eq!(reads(WINDOWS_1252, "café"), (0, 1));
        assert_eq!(reads(SHIFT_JIS, "in 日本語 too"), (0, 0));
        assert_eq!(read(WINDOWS_1252, b"\x80x"), (0, 1)); // "€x": a symbol, once
        assert_eq!(read(WINDOWS_1252, b"a\xA1\xB0b"), (1, 0)); // "¡°": two symbols together
    }

    #[test]
    fn the_second_opinion_keeps_a_plausible_guess_and_corrects_an_implausible_one() {
        // Overwhelmingly ASCII: 12 non-ASCII bytes in GBK, over 240 ASCII letters.
        let english = format!("It’s “quoted” — and that’s all. {}", "Plain English words. ".repeat(14));
        let gbk = GBK.encode(&english).0;
        // Read as EUC-KR, GBK's em dash is a horizontal bar: corrected.
        assert_eq!(second_opinion(&gbk, EUC_KR), GBK);
        // Read as GBK, it is all plausible: kept.
        assert_eq!(second_opinion(&gbk, GBK), GBK);
        let sjis = SHIFT_JIS.encode(&english).0;
        assert_eq!(second_opinion(&sjis, GBK), SHIFT_JIS);
        // Not overwhelmingly ASCII: chardetng's guess stands.
        let japanese = SHIFT_JIS.encode("日本語の文章です。“これ”").0;
        assert_eq!(second_opinion(&japanese, GBK), GBK);
        assert_eq!(second_opinion(b"all ascii", WINDOWS_1250), WINDOWS_1250);
    }
}
