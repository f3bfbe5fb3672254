//! The character reference algorithm of the 2006–2010 texts read from its prose: the section
//! "Tokenising entities" / "Tokenizing character references" ("consume an entity", later "consume
//! a character reference") into the parameters that changed from revision to revision (the
//! characters that are not a reference, the hexadecimal digits, the replacement table, the
//! number ranges that give U+FFFD or a parse error, the named branch's semicolon, no-match and
//! attribute rules), and the states that call it ("Attempt to consume an entity ... Finally,
//! switch to the data state") into tables.
//!
//! Today's schema has no verbs for these steps (today's spec splits them into states, the older
//! texts wrote one algorithm), so the section becomes a `HandWritten` state whose `notes` are
//! the parameters as data ([`NOTES_PREFIX`] and JSON), not prose: `history` compares them (two
//! revisions whose parameters are equal are a rewording) and the interpreter runs them
//! (`interp.rs`, `char_ref_algorithm`). Every paragraph of the section must be one the reader
//! knows (a step, or a note or example it names); any other makes the section unread.

use crate::spec_text::{self, TextState};
use regex::Regex;
use serde::{Deserialize, Serialize};
use statemark_codegen::model::{Action, Body, Case, Matcher, StateDef, Terminal};
use statemark_codegen::names::snake;
use std::sync::LazyLock;

/// How a `HandWritten` state's notes start when they are this reader's parameters.
pub const NOTES_PREFIX: &str = "read from the text: ";

/// A rule on the number of a numeric reference, after the replacement table: when the number
/// is in one of `ranges`, the result is `replace` (or the number itself), with a parse error
/// when `error`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberRule {
    pub ranges: Vec<(u32, u32)>,
    pub replace: Option<u32>,
    pub error: bool,
}

/// When the named branch's "no match" is a parse error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoMatchError {
    /// "If no match can be made, then this is a parse error."
    Always,
    /// 2009-05-29: "If the current state is not the character reference in attribute value
    /// state, or the U+0026 AMPERSAND character is not followed by one or more characters in the
    /// ranges 0-9, A-Z, a-z followed by a U+003D EQUALS SIGN character (=), then this is also a
    /// parse error."
    UnlessAttributeNameEquals,
    /// 2010-04-02: "if the characters after the U+0026 AMPERSAND character (&) consist of a
    /// sequence of one or more characters in the range 0-9, a-z, A-Z followed by a U+003B
    /// SEMICOLON character (;), then this is a parse error."
    IfAlphanumericsThenSemicolon,
    /// Never a parse error: nothing is returned (XML5, spec/xml5/README.md "Character
    /// references": a name not in the table is kept as text without an error).
    Never,
}

/// Where the named branch's missing semicolon is a parse error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissingSemicolon {
    /// 2006 to 2007-06-15: the names have no semicolon; "Otherwise, if the next character is a
    /// U+003B SEMICOLON, consume that too. If it isn't, there is a parse error."
    ConsumedAfter,
    /// 2007-06-15: the names carry their semicolon and nothing says its absence is an error.
    NoError,
    /// "If the last character matched is not a U+003B SEMICOLON (;), there is a parse error",
    /// written before the attribute rule (raised even when the rule then unconsumes).
    ErrorBeforeAttributeRule,
    /// The same, written after it ("Otherwise, a character reference is parsed. If the last
    /// character matched ..."), 2010-04-02.
    ErrorAfterAttributeRule,
}

/// The algorithm of one text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharRefAlgorithm {
    /// The code points after `&` that are "not an entity / not a character reference" (nothing
    /// consumed, nothing returned, no error).
    pub not_a_reference: Vec<u32>,
    /// EOF is one of them.
    pub not_at_eof: bool,
    /// "The additional allowed character, if there is one" is one of them.
    pub additional_allowed: bool,
    /// The characters a hexadecimal reference consumes (after `&#x`), as inclusive ranges.
    pub hex_digits: Vec<(u32, u32)>,
    /// The characters a decimal reference consumes.
    pub decimal_digits: Vec<(u32, u32)>,
    /// The replacement table: number → code point, each a parse error.
    pub table: Vec<(u32, u32)>,
    /// After the table, in the text's order; the first rule whose ranges hold applies.
    pub rules: Vec<NumberRule>,
    /// The named branch matches case-sensitively.
    pub case_sensitive: bool,
    pub no_match_error: NoMatchError,
    pub missing_semicolon: MissingSemicolon,
    /// In an attribute, an unterminated name followed by one of these is not a reference
    /// ("for historical reasons"); empty: no such rule.
    pub attribute_next: Vec<(u32, u32)>,
    /// When the attribute rule unconsumes a name followed by U+003D, that is a parse error (the
    /// 12.2.4 text: "However, if this next character is in fact a U+003D EQUALS SIGN character
    /// (=), then this is a parse error").
    #[serde(default)]
    pub attribute_equals_error: bool,
}

impl CharRefAlgorithm {
    /// The parameters as a `HandWritten` state's notes.
    pub fn notes(&self) -> String {
        format!("{NOTES_PREFIX}{}", serde_json::to_string(self).unwrap_or_default())
    }

    /// The parameters back from notes written by [`CharRefAlgorithm::notes`].
    pub fn from_notes(notes: &str) -> Option<CharRefAlgorithm> {
        serde_json::from_str(notes.strip_prefix(NOTES_PREFIX)?).ok()
    }

    /// The section as a state: `HandWritten`, its notes the parameters, raising `error` (the
    /// one code of a text that names none).
    pub fn state(&self, heading: &str, error: &str) -> StateDef {
        StateDef {
            id: heading.to_ascii_lowercase().replace(' ', "-"),
            heading: heading.to_owned(),
            on_entry: Vec::new(),
            on_exit: Vec::new(),
            body: Body::HandWritten { notes: self.notes(), goes_to: Vec::new(), raises: vec![error.to_owned()] },
            examples: Vec::new(),
        }
    }
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The code point ranges a condition names: `U+0030 ... to U+0039`, `0x0000 to 0x0008`, single
/// numbers, "higher/greater than 0x10FFFF" (or 1114111), and "zero".
fn ranges_in(cond: &str) -> Vec<(u32, u32)> {
    static NUM: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)(higher than |greater than )?(?:u\+|0x)([0-9a-f]+)|(higher than |greater than )1114111|\bis zero\b",
        )
        .expect("regex")
    });
    let mut out: Vec<(u32, u32)> = Vec::new();
    let mut last_end = 0;
    let mut open_range = false;
    for c in NUM.captures_iter(cond) {
        let m = c.get(0).expect("match");
        let between = &cond[last_end..m.start()];
        last_end = m.end();
        if c.get(3).is_some() {
            out.push((0x11_0000, u32::MAX));
            continue;
        }
        if m.as_str().eq_ignore_ascii_case("is zero") {
            out.push((0, 0));
            continue;
        }
        let Ok(n) = u32::from_str_radix(&c[2], 16) else { continue };
        if c.get(1).is_some() {
            out.push((n + 1, u32::MAX));
            open_range = false;
            continue;
        }
        let joins = open_range && !between.contains(',') && between.contains(" to ");
        match out.last_mut() {
            Some(last) if joins => {
                last.1 = n;
                open_range = false;
            }
            _ => {
                out.push((n, n));
                open_range = true;
            }
        }
    }
    out
}

/// Ranges sorted and merged where they touch: the set they name, written one way (the order
/// in which a text lists them is not behaviour: 2009-02-01 "[e] (0) Minor editorial fixes"
/// moved 0x000B from the ranges into the list of single numbers).
fn normal_ranges(mut r: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    r.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (a, b) in r {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// "(in other words, 0-9, A-F, a-f)": the ranges as written (case kept).
fn in_other_words(text: &str) -> Option<Vec<(u32, u32)>> {
    static IOW: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\((?:in other words|i\.e\. just),? ([^)]*)\)").expect("regex"));
    let c = IOW.captures(text)?;
    let mut out = Vec::new();
    for part in c[1].split(',') {
        let p: Vec<char> = part.trim().chars().collect();
        match p.as_slice() {
            [a, '-', b] => out.push((*a as u32, *b as u32)),
            _ => return None,
        }
    }
    Some(out)
}

fn digits_of(text: &str) -> Vec<(u32, u32)> {
    // The paraphrase is what the text means where its code points and names disagree
    // (2006-11-29 wrote "U+0078 LATIN SMALL LETTER F ... (in other words, 0-9, A-F, a-f)",
    // corrected to U+0066 by 2007-05-03 "[e] (0) oops, copy/paste error").
    // The 12.2.4 text names Infra's sets instead ("using ASCII hex digits", "using ASCII
    // digits").
    let l = text.to_ascii_lowercase();
    if l.contains("using ascii hex digits") {
        return vec![(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)];
    }
    if l.contains("using ascii digits") {
        return vec![(0x30, 0x39)];
    }
    normal_ranges(in_other_words(text).unwrap_or_else(|| ranges_in(text)))
}

/// The 12.2.4 text's section, kept as plain text (`spec/seeds/html-tokenization-12.2.4.txt`, one
/// paragraph or list item a line), in the markup [`read_section`] reads: its bullets ("U+0009
/// CHARACTER TABULATION (tab)", "EOF", "Anything else", "The additional allowed character, if
/// there is one") as `<dt>`, its table's rows ("0x80 U+20AC EURO SIGN (€)") as a `<table>`,
/// every other line a `<p>`. `section` starts after the heading.
pub fn plain_section_as_markup(section: &str) -> String {
    static BULLET: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:U\+[0-9A-F]{4} [A-Z]|EOF$|Anything else$|The additional allowed character)").expect("regex")
    });
    static ROW: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^0x([0-9A-Fa-f]+) U\+([0-9A-Fa-f]+)\b(.*)$").expect("regex"));
    let mut out = String::new();
    let mut in_table = false;
    for line in section.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line == "Number Unicode character" {
            out.push_str("<table><tr><th>Number<th>Unicode character");
            in_table = true;
            continue;
        }
        if let Some(c) = ROW.captures(line) {
            if !in_table {
                out.push_str("<table>");
                in_table = true;
            }
            out.push_str(&format!("<tr><td>0x{}<td>U+{}{}\n", &c[1], &c[2], &c[3]));
            continue;
        }
        if in_table {
            out.push_str("</table>\n");
            in_table = false;
        }
        let tag = if BULLET.is_match(line) { "<dt>" } else { "<p>" };
        // The reader's markup escapes `&` (it reads `&amp;` back).
        out.push_str(&format!("{tag}{}\n", line.replace('&', "&amp;").replace('<', "&lt;")));
    }
    if in_table {
        out.push_str("</table>\n");
    }
    out
}

/// Where a paragraph stands in the section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Intro,
    NotAReference,
    Hex,
    Decimal,
    Numeric,
    Named,
}

/// Read the section (its markup, from its heading to the next heading).
pub fn read_section(markup: &str) -> Result<CharRefAlgorithm, Vec<String>> {
    static COMMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<!--.*?-->").expect("regex"));
    static TABLE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?is)<table>.*?</table>").expect("regex"));
    static ROW: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i)<td>\s*0x([0-9a-f]+)\s*<td>\s*u\+([0-9a-f]+)").expect("regex"));
    static ITEM: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)<dt>|<dd>|<p[^>]*>|</dd>|</p>|</dl>|<dl[^>]*>|<div[^>]*>|</div>").expect("regex")
    });
    let markup = COMMENT.replace_all(markup, "");
    let mut alg = CharRefAlgorithm {
        not_a_reference: Vec::new(),
        not_at_eof: false,
        additional_allowed: false,
        hex_digits: Vec::new(),
        decimal_digits: Vec::new(),
        table: Vec::new(),
        rules: Vec::new(),
        case_sensitive: false,
        no_match_error: NoMatchError::Always,
        missing_semicolon: MissingSemicolon::NoError,
        attribute_next: Vec::new(),
        attribute_equals_error: false,
    };
    let mut tables = 0;
    for t in TABLE.find_iter(&markup) {
        tables += 1;
        for r in ROW.captures_iter(t.as_str()) {
            if let (Ok(n), Ok(u)) = (u32::from_str_radix(&r[1], 16), u32::from_str_radix(&r[2], 16)) {
                alg.table.push((n, u));
            }
        }
    }
    let markup = TABLE.replace_all(&markup, "<p>");
    let mut why = Vec::new();
    let mut part = Part::Intro;
    let mut bullets: Vec<String> = Vec::new();
    let mut in_dt = false;
    let mut anything_else = 0;
    let mut seen = SeenSteps::default();
    let mut pieces = Vec::new();
    let mut last = 0;
    for m in ITEM.find_iter(&markup) {
        pieces.push((markup[last..m.start()].to_owned(), in_dt));
        let tag = m.as_str().to_ascii_lowercase();
        in_dt = tag == "<dt>";
        last = m.end();
    }
    pieces.push((markup[last..].to_owned(), in_dt));
    for (raw, is_dt) in pieces {
        let text = collapse(&spec_text::clean(&raw)).replace("&amp;", "&");
        if text.is_empty() || text.starts_with('>') {
            continue;
        }
        if is_dt {
            bullets.push(text);
            continue;
        }
        if !bullets.is_empty() {
            let b = std::mem::take(&mut bullets);
            let all = b.join(" | ");
            if all.contains("U+0023 NUMBER SIGN") {
                part = Part::Numeric;
            } else if all.contains("U+0078 LATIN SMALL LETTER X") {
                part = Part::Hex;
            } else if all == "Anything else" {
                anything_else += 1;
                part = if anything_else == 1 { Part::Decimal } else { Part::Named };
            } else {
                part = Part::NotAReference;
                for x in &b {
                    if x == "EOF" {
                        alg.not_at_eof = true;
                    } else if x.to_ascii_lowercase().contains("additional allowed character") {
                        alg.additional_allowed = true;
                    } else if let [(n, _)] = ranges_in(x).as_slice() {
                        alg.not_a_reference.push(*n);
                    } else {
                        why.push(format!("a bullet not read: {x:?}"));
                    }
                }
            }
        }
        if let Err(e) = read_paragraph(&text, part, &mut alg, &mut seen) {
            why.push(e);
        }
    }
    // The two-branch "Follow the steps below" comes after its own "Anything else".
    if alg.hex_digits.is_empty() || alg.decimal_digits.is_empty() {
        why.push("the numeric branch's digits were not read".to_owned());
    }
    if !seen.matched || !seen.numeric_return {
        why.push("the named branch's match or the numeric return was not read".to_owned());
    }
    if tables > 0 && alg.table.is_empty() {
        why.push("a replacement table whose rows were not read".to_owned());
    }
    // Which bullet comes first is not behaviour either.
    alg.not_a_reference.sort_unstable();
    alg.not_a_reference.dedup();
    if why.is_empty() { Ok(alg) } else { Err(why) }
}

#[derive(Default)]
struct SeenSteps {
    matched: bool,
    numeric_return: bool,
    attribute_rule: bool,
}

/// One paragraph of the section.
fn read_paragraph(text: &str, part: Part, alg: &mut CharRefAlgorithm, seen: &mut SeenSteps) -> Result<(), String> {
    let l = text.to_ascii_lowercase().replace(" ;", ";").replace(" .", ".").replace(" ,", ",").replace("( ; )", "(;)");
    let l = l.trim_end_matches('.');
    // Notes, examples and open issues: nothing to do.
    const NOTES: &[&str] = &[
        "this section defines how to consume",
        "the behaviour depends on the identity of the next character",
        "the behavior depends on the identity of the next character",
        "the behaviour further depends on the character after",
        "the behavior further depends on the character after",
        "this definition is used when parsing character references in text and in attributes",
        "if the markup contains",
        "this isn't quite right",
        "it seems browsers convert crs to lfs",
        // The tokenizer's own rules, in this section only because it was the last one
        // (2006): they are not the algorithm's.
        "when an end tag token is emitted",
        "when an end tag or end-of-file token is emitted",
        "if, just as an end-of-file token is about to be emitted",
    ];
    if NOTES.iter().any(|n| l.starts_with(n)) {
        return Ok(());
    }
    // Steps that every text has and the runtime's algorithm always does.
    const ALWAYS: &[&str] = &[
        "consume the u+0023 number sign",
        "consume the x",
        "consume as many characters as match the range of characters given above",
        "consume as many characters as match the range of characters given above (ascii hex digits or ascii digits)",
    ];
    if ALWAYS.contains(&l) {
        return Ok(());
    }
    let not_ref = Regex::new(
        r"^not an? (?:entity|character reference)\. no characters are consumed, and nothing is returned\. \(this is not an error, either\.?\)$",
    )
    .expect("regex");
    if part == Part::NotAReference && not_ref.is_match(l) {
        return Ok(());
    }
    if matches!(part, Part::Hex | Part::Decimal) {
        if l.starts_with("follow the steps below, but using the range of characters")
            || l.starts_with("follow the steps below, but using ascii")
        {
            let d = digits_of(text);
            if part == Part::Hex {
                alg.hex_digits = d;
            } else {
                alg.decimal_digits = d;
            }
            return Ok(());
        }
        let want = if part == Part::Hex { "hexadecimal" } else { "decimal" };
        if l == format!("when it comes to interpreting the number, interpret it as a {want} number") {
            return Ok(());
        }
    }
    if matches!(part, Part::Decimal | Part::Numeric) {
        return read_numeric(l, alg, seen);
    }
    if part == Part::Named {
        return read_named(l, alg, seen);
    }
    Err(format!("paragraph not read: {:?}", text.chars().take(100).collect::<String>()))
}

/// A paragraph of the numeric branch (after its digits).
fn read_numeric(l: &str, alg: &mut CharRefAlgorithm, seen: &mut SeenSteps) -> Result<(), String> {
    const FIXED: &[&str] = &[
        "if no characters match the range, then don't consume any characters (and unconsume the u+0023 number sign character and, if appropriate, the x character). this is a parse error; nothing is returned",
        "otherwise, if the next character is a u+003b semicolon, consume that too. if it isn't, there is a parse error",
        "if one or more characters match the range, then take them all and interpret the string of characters as a number (either hexadecimal or decimal as appropriate)",
        // The table's rule; its rows are read from the table itself.
        "if that number is one of the numbers in the first column of the following table, then this is a parse error. find the row with that number in the first column, and return a character token for the unicode character given in the second column of that row",
        "if that number is in the range 128 to 159 (0x80 to 0x9f), then this is a parse error. in the following table, find the row with that number in the first column, and return a character token for the unicode character given in the second column of that row",
    ];
    if FIXED.contains(&l) {
        return Ok(());
    }
    const RETURN: &str = "return a character token for the unicode character whose code point is that number";
    let l = l.replace("codepoint", "code point");
    // "If the number is not a valid Unicode character (e.g. if the number is higher than
    // 1114111), or if the number is zero, then return ... U+FFFD ... instead": no error. Which
    // numbers are not valid the text leaves open; the next revision that says (2007-06-22, "Be
    // explicit about what an invalid Unicode character is") names zero, the surrogates and
    // above 0x10FFFF.
    const INVALID: &str = "if the number is not a valid unicode character (e.g. if the number is higher than 1114111), or if the number is zero, then return a character token for the u+fffd replacement character character instead";
    let rest = l
        .strip_prefix("if one or more characters match the range, then take them all and interpret the string of characters as a number (either hexadecimal or decimal as appropriate), and ")
        .map(|r| {
            seen.numeric_return = true;
            r.strip_prefix(RETURN).unwrap_or(r).trim_start_matches(['.', ' '])
        })
        .unwrap_or(&l);
    let rest = rest.strip_prefix("otherwise, ").unwrap_or(rest);
    if rest == INVALID {
        alg.rules.push(NumberRule {
            ranges: vec![(0, 0), (0xD800, 0xDFFF), (0x11_0000, u32::MAX)],
            replace: Some(0xFFFD),
            error: false,
        });
        return Ok(());
    }
    static FFFD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^if (?:the number|it) (.*), then this is a parse error[;.] return a (?:character token for the )?u\+fffd replacement character(?: character instead| character token)?$").expect("regex")
    });
    if let Some(c) = FFFD.captures(rest) {
        alg.rules.push(NumberRule { ranges: normal_ranges(ranges_in(&c[1])), replace: Some(0xFFFD), error: true });
        return Ok(());
    }
    if let Some(after) = rest.strip_prefix(RETURN) {
        seen.numeric_return = true;
        let after = after.trim_start_matches(['.', ' ']);
        if after.is_empty() {
            return Ok(());
        }
        static ERR: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^(?:additionally, )?if the number (.*), then this is a parse error$").expect("regex")
        });
        if let Some(c) = ERR.captures(after) {
            alg.rules.push(NumberRule { ranges: normal_ranges(ranges_in(&c[1])), replace: None, error: true });
            return Ok(());
        }
    }
    Err(format!("numeric step not read: {:?}", l.chars().take(100).collect::<String>()))
}

/// A paragraph of the named branch.
fn read_named(l: &str, alg: &mut CharRefAlgorithm, seen: &mut SeenSteps) -> Result<(), String> {
    static MATCH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^consume the maximum number of characters possible, with the consumed characters (case-sensitively )?matching one of the identifiers in the first column of the (?:entities|named character references) table( \(in a case-sensitive manner\))?$").expect("regex")
    });
    if let Some(c) = MATCH.captures(l) {
        alg.case_sensitive = c.get(1).is_some() || c.get(2).is_some();
        seen.matched = true;
        return Ok(());
    }
    const NO_MATCH_ERROR: &str =
        "if no match can be made, then this is a parse error. no characters are consumed, and nothing is returned";
    const NO_MATCH: &str = "if no match can be made, then no characters are consumed, and nothing is returned. ";
    if l == NO_MATCH_ERROR {
        alg.no_match_error = NoMatchError::Always;
        return Ok(());
    }
    if let Some(rest) = l.strip_prefix(NO_MATCH) {
        if rest.starts_with("if the current state is not the character reference in attribute value state")
            && rest.contains("followed by a u+003d equals sign character (=), then this is also a parse error")
        {
            alg.no_match_error = NoMatchError::UnlessAttributeNameEquals;
            return Ok(());
        }
        if (rest.starts_with("in this case, if the characters after the u+0026 ampersand character (&) consist of a sequence of one or more characters in the range")
            || rest.starts_with("in this case, if the characters after the u+0026 ampersand character (&) consist of a sequence of one or more alphanumeric ascii characters"))
            && rest.ends_with("followed by a u+003b semicolon character (;), then this is a parse error")
        {
            alg.no_match_error = NoMatchError::IfAlphanumericsThenSemicolon;
            return Ok(());
        }
    }
    if l == "otherwise, if the next character is a u+003b semicolon, consume that too. if it isn't, there is a parse error"
    {
        alg.missing_semicolon = MissingSemicolon::ConsumedAfter;
        return Ok(());
    }
    static SEMI: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:otherwise, a character reference is parsed\. )?if the last character matched is not a u\+003b semicolon(?: character)? \(;\), there is a parse error$").expect("regex")
    });
    if SEMI.is_match(l) {
        alg.missing_semicolon = if seen.attribute_rule {
            MissingSemicolon::ErrorAfterAttributeRule
        } else {
            MissingSemicolon::ErrorBeforeAttributeRule
        };
        return Ok(());
    }
    static ATTR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^if the (?:entity|character reference) is being consumed as part of an attribute, and the last character matched is not a u\+003b semicolon(?: character)? \(;\), and the next character is (either a u\+003d equals sign character \(=\) or )?(?:in the range (.*)|(an alphanumeric ascii character)), then, for historical reasons, all the characters that were matched after the u\+0026 ampersand(?: character)? \(&\) must be unconsumed, and nothing is returned(\. however, if this next character is in fact a u\+003d equals sign character \(=\), then this is a parse error, because some legacy user agents will misinterpret the markup in those cases)?$").expect("regex")
    });
    if let Some(c) = ATTR.captures(l) {
        let mut r = match (c.get(2), c.get(3)) {
            (Some(ranges), _) => ranges_in(ranges.as_str()),
            // Infra's "ASCII alphanumeric".
            _ => vec![(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)],
        };
        alg.attribute_equals_error = c.get(4).is_some();
        if c.get(1).is_some() {
            r.push((0x3D, 0x3D));
        }
        alg.attribute_next = normal_ranges(r);
        seen.attribute_rule = true;
        return Ok(());
    }
    static RETURN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:otherwise, )?return (?:a character token for the character|one or two character tokens for the character\(s\)) corresponding to the (?:entity|character reference) name \(as given by the second column of the (?:entities|named character references) table\)$").expect("regex")
    });
    if RETURN.is_match(l) {
        return Ok(());
    }
    Err(format!("named step not read: {:?}", l.chars().take(100).collect::<String>()))
}

/// A state that calls the algorithm: "(This cannot happen if ...) Attempt to consume an entity
/// [, with no additional allowed character]. If nothing is returned, emit a U+0026 AMPERSAND
/// character token. Otherwise, emit the character token that was returned. Finally, switch to
/// the data state." (or, in an attribute value, "append ... to the current attribute's value
/// ... Finally, switch back to the attribute value state that you were in when were switched
/// into this state"). As `spec/html2008/` writes it: the state sets the return state (in an
/// attribute the attribute value state set it before switching here) and switches to the
/// algorithm (`section`), which emits or appends what it returned, or `&`, and goes there.
pub fn read_caller(t: &TextState, section: &str) -> Option<StateDef> {
    static CALLER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(concat!(
            r"^(?:\(this cannot happen if the content model flag is set to the [a-z]+ state\.\) )?",
            r"attempt to consume (?:an entity|a character reference)(?:, with no additional allowed character)?\. ",
            r"if nothing is returned, (emit a u\+0026 ampersand character token|append a u\+0026 ampersand character to the current attribute's value)\. ",
            r"otherwise, (emit the character token that was returned|append the returned character token to the current attribute's value)\. ",
            r"finally, (switch back to the attribute value state that you were in when were switched into this state|switch to the ([a-z ]+ state))\.$"
        ))
        .expect("regex")
    });
    if !t.cases.is_empty() && !t.paragraphs {
        return None;
    }
    let text = collapse(&t.intro).to_ascii_lowercase().replace(" ,", ",").replace(" .", ".");
    let c = CALLER.captures(&text)?;
    let in_attribute = c[1].starts_with("append");
    if in_attribute != c[2].starts_with("append") || in_attribute != c.get(4).is_none() {
        return None;
    }
    let actions = match c.get(4) {
        Some(to) => vec![Action::SetReturnState(snake(to.as_str()))],
        None => Vec::new(),
    };
    Some(StateDef {
        id: t.id.clone(),
        heading: t.heading.clone(),
        on_entry: Vec::new(),
        on_exit: Vec::new(),
        body: Body::Lookahead(vec![Case {
            on: vec![Matcher::AnythingElse],
            guard: None,
            actions,
            then: Terminal::Switch(section.to_owned()),
            otherwise: None,
        }]),
        examples: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_from_conditions() {
        assert_eq!(ranges_in("is zero, if the number is higher than 0x10FFFF"), [(0, 0), (0x11_0000, u32::MAX)]);
        assert_eq!(
            ranges_in("is in the range 0x0000 to 0x0008, 0x000B, 0x000E to 0x001F, or is one of 0xFFFE, 0xFFFF"),
            [(0, 8), (0xB, 0xB), (0xE, 0x1F), (0xFFFE, 0xFFFE), (0xFFFF, 0xFFFF)]
        );
        assert_eq!(
            ranges_in(
                "U+0030 DIGIT ZERO (0) to U+0039 DIGIT NINE (9), U+0041 LATIN CAPITAL LETTER A to U+005A LATIN CAPITAL LETTER Z"
            ),
            [(0x30, 0x39), (0x41, 0x5A)]
        );
        assert_eq!(ranges_in("is greater than 0x10ffff"), [(0x11_0000, u32::MAX)]);
        assert_eq!(
            digits_of("U+0030 ... through to U+0078 LATIN SMALL LETTER F (in other words, 0-9, A-F, a-f)"),
            [(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]
        );
    }

    #[test]
    fn numeric_rules_are_read() {
        let mut alg = read_section(SECTION_2009).expect("reads");
        assert_eq!(alg.table, [(0x00, 0xFFFD), (0x0D, 0x0A), (0x80, 0x20AC)]);
        assert_eq!(alg.rules.len(), 2);
        assert_eq!(
            alg.rules[0],
            NumberRule { ranges: vec![(0xD800, 0xDFFF), (0x11_0000, u32::MAX)], replace: Some(0xFFFD), error: true }
        );
        assert_eq!(alg.rules[1], NumberRule { ranges: vec![(1, 8), (0xB, 0xB)], replace: None, error: true });
        assert_eq!(normal_ranges(vec![(0xE, 0x1F), (0, 8), (0xB, 0xB), (9, 9)]), [(0, 9), (0xB, 0xB), (0xE, 0x1F)]);
        assert_eq!(alg.not_a_reference, [0x09, 0x26]);
        assert!(alg.not_at_eof && alg.additional_allowed && alg.case_sensitive);
        assert_eq!(alg.hex_digits, [(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]);
        assert_eq!(alg.missing_semicolon, MissingSemicolon::ErrorBeforeAttributeRule);
        assert_eq!(alg.attribute_next, [(0x30, 0x39), (0x3D, 0x3D), (0x41, 0x5A)]);
        assert_eq!(CharRefAlgorithm::from_notes(&alg.notes()), Some(alg.clone()));
        alg.table.clear();
        assert_ne!(CharRefAlgorithm::from_notes(&alg.notes()), read_section(SECTION_2009).ok());
    }

    #[test]
    fn an_unknown_paragraph_leaves_the_section_unread() {
        let odd = SECTION_2009.replace("Consume the X.", "Consume the X twice.");
        let why = read_section(&odd).expect_err("unread");
        assert!(why.iter().any(|w| w.contains("twice")), "{why:?}");
    }

    #[test]
    fn the_2006_text_replaces_invalid_numbers_without_an_error() {
        let s = SECTION_2009
            .replace(
                "<p>Otherwise, if the number is in the range 0xD800 to 0xDFFF or is greater than 0x10FFFF,\n then this is a <span>parse error</span>. Return a U+FFFD\n REPLACEMENT CHARACTER.</p>",
                "",
            )
            .replace(
                "<p>Otherwise, return a character token for the Unicode character whose code point is that number. If the number is in the range 0x0001 to 0x0008, or is one of 0x000B, then this is a <span>parse error</span>.</p>",
                "<p>Otherwise, if the number is not a valid Unicode character\n (e.g. if the number is higher than 1114111), or if the number is\n zero, then return a character token for the U+FFFD REPLACEMENT\n CHARACTER character instead.</p><p>Otherwise, return a character token for the Unicode character\n whose code point is that number.",
            );
        let alg = read_section(&s).expect("reads");
        assert_eq!(
            alg.rules,
            [NumberRule {
                ranges: vec![(0, 0), (0xD800, 0xDFFF), (0x11_0000, u32::MAX)],
                replace: Some(0xFFFD),
                error: false
            }]
        );
    }

    #[test]
    fn callers_are_read() {
        let t = |heading: &str, intro: &str| TextState {
            id: "x".into(),
            alt_ids: Vec::new(),
            heading: heading.into(),
            cases: Vec::new(),
            intro: intro.into(),
            paragraphs: false,
        };
        let d = read_caller(
            &t("Character reference in RCDATA state", "Attempt to consume a character reference , with no additional allowed character . If nothing is returned, emit a U+0026 AMPERSAND character token. Otherwise, emit the character token that was returned. Finally, switch to the RCDATA state ."),
            "tokenizing_character_references",
        )
        .expect("read");
        let Body::Lookahead(cs) = &d.body else { panic!("{d:?}") };
        assert_eq!(cs[0].actions, [Action::SetReturnState("rcdata_state".into())]);
        assert_eq!(cs[0].then, Terminal::Switch("tokenizing_character_references".into()));
        let d = read_caller(
            &t("Entity in attribute value state", "Attempt to consume an entity . If nothing is returned, append a U+0026 AMPERSAND character to the current attribute's value. Otherwise, append the returned character token to the current attribute's value. Finally, switch back to the attribute value state that you were in when were switched into this state."),
            "tokenising_entities",
        )
        .expect("read");
        let Body::Lookahead(cs) = &d.body else { panic!("{d:?}") };
        assert!(cs[0].actions.is_empty());
        // Emitting in an attribute value, or appending outside one, is not this text.
        assert!(read_caller(
            &t("X state", "Attempt to consume an entity . If nothing is returned, emit a U+0026 AMPERSAND character token. Otherwise, append the returned character token to the current attribute's value. Finally, switch to the data state."),
            "s",
        )
        .is_none());
    }

    /// Every text of the history (2006–2010) and the 2008 draft: the section is read, and its
    /// callers are, in every revision.
    #[test]
    fn every_text_of_the_history_is_read() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec");
        let dir = root.join("history/html-tokenizer");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("the history is read in place")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "html"))
            .collect();
        files.sort();
        files.push(root.join("editions/html5-draft-2008-01/tokenization.html"));
        let mut unread = Vec::new();
        let mut distinct = std::collections::BTreeSet::new();
        for f in &files {
            let imp = crate::import::import_file(f, &crate::import::HandDirs::default()).expect("text");
            for s in &imp.states {
                let caller = s.name.starts_with("entity_") || s.name.starts_with("character_reference");
                let section = s.name.starts_with("tokeni");
                if (caller || section) && s.def.is_none() {
                    unread.push(format!("{}: {}: {:?}", f.display(), s.name, s.unread));
                }
                if let Some(Body::HandWritten { notes, .. }) = s.def.as_ref().map(|d| &d.body) {
                    distinct.insert(notes.clone());
                }
            }
        }
        assert!(unread.is_empty(), "unread:\n{}", unread.join("\n"));
        // The parameters of 147 texts: as many algorithms as the texts have behaviours.
        eprintln!("{} distinct character reference algorithms", distinct.len());
        assert!(distinct.len() > 10);
    }

    /// The 2008 draft's text, imported and run by the interpreter: what its section says
    /// (and spec/html2008's transcription of it): `&#13;` is U+000A, 0x80 the euro sign, zero
    /// U+FFFD, each with an error; a name without its semicolon is an error; in an attribute an
    /// unterminated name before an alphanumeric is not a reference.
    #[test]
    fn the_2008_draft_runs_as_its_text_says() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let text = root.join("../shared/spec/editions/html5-draft-2008-01/tokenization.html");
        let hand = crate::import::HandDirs::dirs(vec![root.join("spec/html2008/tokenizer")]);
        let imp = crate::import::import_file(&text, &hand).expect("text");
        assert!(imp.states.iter().any(|s| s.name == "tokenising_entities" && !s.hand));
        let m = imp.partial_machine("draft");
        let run = |text: &str| {
            let r = crate::interp::run(&m, None, &crate::history::input(text, None, None)).expect("runs");
            (crate::interp::merged(&r.tokens), r.errors.len())
        };
        let (t, e) = run("&amp;&#65;&#x42;&#0;&#x80;&#13;&notit;&#;&&xyz;");
        assert_eq!(t.len(), 2, "{t:?}");
        assert!(t[0].contains("&AB\u{fffd}€\\n¬it;&#;&&xyz;"), "{t:?}");
        // 0, 0x80, 13, "not" without ";", "&#;" and "&xyz".
        assert_eq!(e, 6);
        let (t, e) = run("<a b='&not1' c='&not;'>");
        assert!(t[0].contains("&not1") && t[0].contains("¬"), "{t:?}");
        // "If the last character matched is not a U+003B SEMICOLON (;), there is a parse error"
        // comes before the attribute rule in this text: `&not1` is an error and stays as it is.
        assert_eq!(e, 1);
    }

    /// The text of 2007-11-23 (the last change to the algorithm before it was 2007-06-22) run
    /// on html5lib-tests' entities.test of 2007-09, written for the spec of that time by other
    /// hands: the characters and attribute values, and the number of parse errors, agree.
    #[test]
    fn the_2007_text_passes_the_2007_entity_tests() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let shared = root.join("../shared");
        let text = shared.join("spec/history/html-tokenizer/2007-11-23-f33cd81756.html");
        let hand = crate::history::hand_dirs(&root, &shared);
        let imp = crate::import::import_file(&text, &hand).expect("text");
        let m = imp.partial_machine("2007-11-23");
        let suite: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(shared.join("html5lib-tests-editions/2007-09/tokenizer/entities.test"))
                .expect("entities.test"),
        )
        .expect("json");
        let (mut ran, mut failed) = (0, Vec::new());
        for t in suite["tests"].as_array().expect("tests") {
            let input = t["input"].as_str().expect("input");
            let mut chars = String::new();
            let mut attrs = Vec::new();
            let mut errors = 0;
            for o in t["output"].as_array().expect("output") {
                match o {
                    serde_json::Value::String(e) if e == "ParseError" => errors += 1,
                    serde_json::Value::Array(a) if a[0] == "Character" => chars.push_str(a[1].as_str().unwrap_or("")),
                    serde_json::Value::Array(a) if a[0] == "StartTag" => {
                        for (k, v) in a[2].as_object().into_iter().flatten() {
                            attrs.push(format!("{k}={:?}", v.as_str().unwrap_or("")));
                        }
                    }
                    _ => {}
                }
            }
            let r = crate::interp::run(&m, None, &crate::history::input(input, None, None)).expect("runs");
            ran += 1;
            let tokens = crate::interp::merged(&r.tokens).join(" ");
            let want_chars = if chars.is_empty() { String::new() } else { format!("Characters {chars:?}") };
            if !tokens.contains(&want_chars) || attrs.iter().any(|a| !tokens.contains(a)) || r.errors.len() != errors {
                failed.push(format!(
                    "{input:?}: {tokens} {:?}; expected {want_chars} {attrs:?} {errors} errors",
                    r.errors
                ));
            }
        }
        assert!(ran > 500, "{ran}");
        assert!(failed.is_empty(), "{} of {ran} differ:\n{}", failed.len(), failed.join("\n"));
    }

    const SECTION_2009: &str = r#">Tokenizing character references</h5>
  <p>This section defines how to <dfn>consume a character
  reference</dfn>. This definition is used when parsing character
  references <span>in text</span> and <span>in attributes</span>.</p>
  <p>The behavior depends on the identity of the next character (the
  one immediately after the U+0026 AMPERSAND character):</p>
  <dl class="switch">
   <dt>U+0009 CHARACTER TABULATION</dt>
   <dt>U+0026 AMPERSAND</dt>
   <dt>EOF</dt>
   <dt>The <dfn>additional allowed character</dfn>, if there is one</dt>
   <dd>Not a character reference. No characters are consumed, and
   nothing is returned. (This is not an error, either.)</dd>
   <dt>U+0023 NUMBER SIGN (#)</dt>
   <dd>
    <p>Consume the U+0023 NUMBER SIGN.</p>
    <p>The behavior further depends on the character after the U+0023
    NUMBER SIGN:</p>
    <dl class="switch">
     <dt>U+0078 LATIN SMALL LETTER X</dt>
     <dt>U+0058 LATIN CAPITAL LETTER X</dt>
     <dd>
      <p>Consume the X.</p>
      <p>Follow the steps below, but using the range of characters
      U+0030 DIGIT ZERO (0) to U+0039 DIGIT NINE (9), U+0061 LATIN
      SMALL LETTER A to U+0066 LATIN SMALL LETTER F, and U+0041 LATIN
      CAPITAL LETTER A to U+0046 LATIN CAPITAL LETTER F (in other
      words, 0-9, A-F, a-f).</p>
      <p>When it comes to interpreting the number, interpret it as a
      hexadecimal number.</p>
     </dd>
     <dt>Anything else</dt>
     <dd>
      <p>Follow the steps below, but using the range of characters
      U+0030 DIGIT ZERO (0) to U+0039 DIGIT NINE (9).</p>
      <p>When it comes to interpreting the number, interpret it as a
      decimal number.</p>
     </dd>
    </dl>
    <p>Consume as many characters as match the range of characters
    given above.</p>
    <p>If no characters match the range, then don't consume any
    characters (and unconsume the U+0023 NUMBER SIGN character and, if
    appropriate, the X character). This is a <span>parse
    error</span>; nothing is returned.</p>
    <p>Otherwise, if the next character is a U+003B SEMICOLON, consume
    that too. If it isn't, there is a <span>parse
    error</span>.</p>
    <p>If one or more characters match the range, then take them all
    and interpret the string of characters as a number (either
    hexadecimal or decimal as appropriate).</p>
    <p>If that number is one of the numbers in the first column of the
    following table, then this is a <span>parse error</span>. Find the
    row with that number in the first column, and return a character
    token for the Unicode character given in the second column of that
    row.</p>
    <table>
     <tbody>
      <tr><td>0x00 <td>U+FFFD <td>REPLACEMENT CHARACTER
      <tr><td>0x0D <td>U+000A <td>LINE FEED (LF)
      <tr><td>0x80 <td>U+20AC <td>EURO SIGN (&#x20AC;)
    </table>
    <p>Otherwise, if the number is in the range 0xD800 to 0xDFFF or is greater than 0x10FFFF,
 then this is a <span>parse error</span>. Return a U+FFFD
 REPLACEMENT CHARACTER.</p>
    <p>Otherwise, return a character token for the Unicode character whose code point is that number. If the number is in the range 0x0001 to 0x0008, or is one of 0x000B, then this is a <span>parse error</span>.</p>
   </dd>
   <dt>Anything else</dt>
   <dd>
    <p>Consume the maximum number of characters possible, with the
    consumed characters matching one of the identifiers in the first
    column of the <span>named character references</span> table (in a
    <span>case-sensitive</span> manner).</p>
    <p>If no match can be made, then this is a <span>parse
    error</span>. No characters are consumed, and nothing is
    returned.</p>
    <p>If the last character matched is not a U+003B SEMICOLON
    character (<code>;</code>), there is a <span>parse error</span>.</p>
    <p>If the character reference is being consumed <span>as part of an
    attribute</span>, and the last character matched is not a U+003B
    SEMICOLON character (<code>;</code>), and the next character is either a U+003D
    EQUALS SIGN character (=) or in the range U+0030 DIGIT ZERO (0) to
    U+0039 DIGIT NINE (9), U+0041 LATIN CAPITAL LETTER A to U+005A
    LATIN CAPITAL LETTER Z, then, for historical reasons, all the
    characters that were matched after the U+0026 AMPERSAND character
    (&amp;) must be unconsumed, and nothing is returned.</p>
    <p>Return a character token for the character corresponding to the
    character reference name (as given by the second column of the
    <span>named character references</span> table).</p>
    <div class="example">
     <p>If the markup contains <code>I'm &amp;notit; I tell you</code>.</p>
    </div>
   </dd>
  </dl>
"#;
}
