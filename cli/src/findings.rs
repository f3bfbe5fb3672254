//! What `check` (and `parse --errors`, `tokenize --errors`) report about an input: one shape
//! for every finding whichever machine or stage found it, identical findings at one place
//! grouped with a count, at most `--max-errors` of them shown with a summary of the rest by
//! code, as text (source line and caret, `diag.rs`) or as JSON (the schema in `cli/README.md`).

use crate::diag;
use crate::output::Format;
use serde_json::{Value, json};
use statemark::{Position, html};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// The language whose spec defines a finding's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Html,
    Xml,
}

/// A finding, whichever machine or stage found it.
#[derive(Clone, Debug)]
pub struct Found {
    pub code: &'static str,
    /// Byte offsets into the decoded input: `start..end` (empty for a point, such as most
    /// tokenizer errors).
    pub start: usize,
    pub end: usize,
    /// Whose code it is (which spec defines it): the URL is found when the finding is shown.
    pub lang: Lang,
    /// What is wrong, for people.
    pub message: Cow<'static, str>,
    /// The rule broken, when the message does not say (XML's), shown after it.
    pub rule: Option<&'static str>,
    /// A "should" of the spec rather than a "must" (the checker's warnings).
    pub warning: bool,
}

impl Found {
    /// The message, with the rule when there is one. (Findings can be many: they keep static
    /// parts and put them together only when shown.)
    pub fn text(&self) -> Cow<'_, str> {
        match self.rule {
            Some(rule) => Cow::Owned(format!("{} ({rule})", self.message)),
            None => Cow::Borrowed(&self.message),
        }
    }

    /// The spec's definition of the code or rule.
    pub fn url(&self) -> Option<Cow<'static, str>> {
        match self.lang {
            Lang::Xml => Some(Cow::Borrowed(crate::xml_rule::rule(self.code).1)),
            Lang::Html => html_url(self.code),
        }
    }

    /// `error` or `warning`.
    pub fn severity(&self) -> &'static str {
        if self.warning { "warning" } else { "error" }
    }
}

/// Identical findings (code, severity, place) merged in place, in the order of `found` (which
/// is by place); how many each kept one stands for. In place, because findings can be many
/// (one per byte of a binary file): grouping takes no second list of them.
pub fn group(found: &mut Vec<Found>) -> Vec<usize> {
    let mut counts: Vec<usize> = Vec::new();
    // Where the kept findings at the current place start: identical findings share a place,
    // so only those are compared (a handful of distinct codes at one place at most).
    let mut run = 0;
    for r in 0..found.len() {
        let kept = counts.len();
        if run < kept && (found[run].start, found[run].end) != (found[r].start, found[r].end) {
            run = kept;
        }
        let f = &found[r];
        match (run..kept).find(|&k| found[k].code == f.code && found[k].warning == f.warning) {
            Some(k) => counts[k] += 1,
            None => {
                found.swap(kept, r);
                counts.push(1);
            }
        }
    }
    found.truncate(counts.len());
    counts
}

/// Where the HTML Standard defines a code: a tokenizer parse error, a tree-construction error
/// of ours (at the insertion mode that reports it), or an authoring rule of 13.1.
fn html_url(code: &str) -> Option<Cow<'static, str>> {
    use statemark::html::ParseError;
    use statemark::html::tree::TreeErrorCode;
    if let Some(url) = ParseError::from_code(code).and_then(|e| e.spec_url()) {
        return Some(Cow::Borrowed(url));
    }
    if let Some(c) = TreeErrorCode::ALL.iter().find(|c| c.code() == code) {
        return Some(Cow::Owned(c.spec_url()));
    }
    html::check::RULES.iter().find(|r| r.code == code).map(|r| {
        Cow::Owned(format!("https://html.spec.whatwg.org/multipage/syntax.html#{}", r.anchor.trim_start_matches('#')))
    })
}

/// One finding as a JSON object (`cli/README.md`, "Findings").
pub fn json(path: &str, f: &Found, p: Position, count: usize) -> Value {
    json!({"type": "diagnostic", "path": path, "severity": f.severity(), "code": f.code, "message": f.text(),
        "spec": f.url(), "start": f.start, "end": f.end, "line": p.line, "column": p.column, "count": count})
}

/// Lines and columns of findings, which come in input order: each counted on from the last
/// (`html::position_of` from the start for each would make many findings in a long input
/// quadratic).
pub struct Locator<'t> {
    text: &'t str,
    at: Position,
}

impl<'t> Locator<'t> {
    pub fn new(text: &'t str) -> Self {
        Locator { text, at: html::position_of(text, 0) }
    }

    pub fn position(&mut self, offset: usize) -> Position {
        let from = self.at.offset;
        let b = self.text.as_bytes();
        // Counting on from the middle of a CRLF would see the LF as a line of its own.
        let mid_crlf = from > 0 && b.get(from - 1) == Some(&b'\r') && b.get(from) == Some(&b'\n');
        self.at = match self.text.get(from..) {
            Some(rest) if offset >= from && !mid_crlf => {
                let r = html::position_of(rest, offset - from);
                let column = if r.line == 1 { self.at.column + r.column - 1 } else { r.column };
                Position { offset: from + r.offset, line: self.at.line + r.line - 1, column }
            }
            _ => html::position_of(self.text, offset),
        };
        self.at
    }
}

/// How many findings of each severity, and what was not shown.
#[derive(Default)]
pub struct Tally {
    pub errors: usize,
    pub warnings: usize,
}

impl Tally {
    pub fn of(found: &[Found]) -> Tally {
        let warnings = found.iter().filter(|f| f.warning).count();
        Tally { errors: found.len() - warnings, warnings }
    }
}

/// Write one input's findings: grouped, the first `max` groups (0: all) in full, then what
/// was left out, counted by code, and (text) a summary line.
pub fn report(
    out: &mut dyn Write,
    format: Format,
    path: &str,
    text: &str,
    mut found: Vec<Found>,
    max: usize,
) -> io::Result<()> {
    let tally = Tally::of(&found);
    let counts = group(&mut found);
    let groups: Vec<(&Found, usize)> = found.iter().zip(counts).collect();
    let shown = if max == 0 { groups.len() } else { groups.len().min(max) };
    let mut lines = Locator::new(text);
    let mut source = diag::Source::new(path, text);
    for (f, count) in &groups[..shown] {
        let p = lines.position(f.start);
        match format {
            Format::Json => writeln!(out, "{}", json(path, f, p, *count))?,
            Format::Text => {
                let message = if *count > 1 { format!("{} (\u{d7}{count})", f.text()) } else { f.text().into_owned() };
                let url = f.url();
                let d = diag::Diagnostic {
                    code: f.code,
                    offset: f.start,
                    len: f.end - f.start,
                    line: p.line,
                    message: Some(message),
                    warning: f.warning,
                    url: url.as_deref(),
                };
                source.render(out, &d)?;
            }
        }
    }
    // What was not shown, by code, most frequent first.
    let mut rest: BTreeMap<&str, usize> = BTreeMap::new();
    for (f, count) in &groups[shown..] {
        *rest.entry(f.code).or_default() += count;
    }
    let mut rest: Vec<(&str, usize)> = rest.into_iter().collect();
    rest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let omitted: usize = rest.iter().map(|r| r.1).sum();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    match format {
        Format::Json => {
            let by_code: serde_json::Map<String, Value> =
                rest.iter().map(|(c, n)| ((*c).to_owned(), Value::from(*n))).collect();
            writeln!(
                out,
                "{}",
                json!({"type": "summary", "path": path, "errors": tally.errors, "warnings": tally.warnings,
                    "omitted": omitted, "omitted_by_code": by_code})
            )?;
        }
        Format::Text => {
            if omitted > 0 {
                write!(out, "{path}: {omitted} more finding{} not shown (--max-errors {max}):", plural(omitted))?;
                for (code, n) in &rest {
                    write!(out, " {code} \u{d7}{n}")?;
                }
                writeln!(out)?;
            }
            write!(out, "{path}: {} error{}", tally.errors, plural(tally.errors))?;
            if tally.warnings > 0 {
                write!(out, ", {} warning{}", tally.warnings, plural(tally.warnings))?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(code: &'static str, start: usize) -> Found {
        Found {
            code,
            start,
            end: start + 1,
            lang: Lang::Html,
            message: Cow::Borrowed(code),
            rule: None,
            warning: false,
        }
    }

    #[test]
    fn identical_findings_at_one_place_are_one_with_a_count() {
        let mut found = vec![f("a", 0), f("b", 0), f("a", 0), f("a", 1), f("a", 0), f("a", 0), f("b", 0)];
        let counts = group(&mut found);
        let groups: Vec<(&str, usize, usize)> = found.iter().zip(counts).map(|(g, n)| (g.code, g.start, n)).collect();
        // The last `a` at 0 comes after another place: findings are by place, so it is new.
        assert_eq!(groups, [("a", 0, 2), ("b", 0, 1), ("a", 1, 1), ("a", 0, 2), ("b", 0, 1)]);
    }

    #[test]
    fn past_the_limit_the_rest_is_counted_by_code() {
        let text = "x".repeat(300);
        let found: Vec<Found> = (0..250).map(|i| f(if i % 5 == 0 { "b" } else { "a" }, i)).collect();
        let mut out = Vec::new();
        report(&mut out, Format::Text, "t", &text, found.clone(), 100).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.matches("error[").count(), 100);
        assert!(out.contains("t: 150 more findings not shown (--max-errors 100): a \u{d7}120 b \u{d7}30\n"), "{out}");
        assert!(out.ends_with("t: 250 errors\n"), "{out}");
        let mut out = Vec::new();
        report(&mut out, Format::Json, "t", &text, found, 0).unwrap();
        let lines: Vec<Value> =
            String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 251);
        assert_eq!(lines[250]["omitted"], 0);
    }

    #[test]
    fn counted_on_positions_are_counted_from_the_start_ones() {
        let text = "a\r\nb\rc\n😀d\r\n\r\ne<p>\u{e9}\n";
        let offsets: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        // In order, out of order, and repeated.
        let mut lines = Locator::new(text);
        for &o in offsets.iter().chain(offsets.iter().rev()).chain([&3, &3, &0]) {
            assert_eq!(lines.position(o), html::position_of(text, o), "offset {o}");
        }
    }
}
