//! The worst-case search (issue 22): for every public operation ([`ops`]), patterns built from
//! small seeds taken from the conformance suites, mutated to maximize work(4N) / work(N), with
//! work counted in instructions by callgrind. A ratio above [`MAX_RATIO`] is a failure that
//! prints the input, minimized, as a Rust expression.
//!
//! A pattern is `pre + unit(0) + … + unit(N-1) + mid + close(N-1) + … + close(0) + post`:
//! `unit` alone repeats, `unit` and `close` nest, a unit of several tags interleaves. A `§` in
//! `unit` or `close` is replaced by the repetition's own name ([`counter`]), so that repeated
//! names can also be distinct (`<p a§>`: many different attributes).
//!
//! Measuring: `perf_event_open` has no instruction counter in the VMs this runs on (ENOENT for
//! `PERF_COUNT_HW_INSTRUCTIONS`), so one callgrind child per generation runs every candidate of
//! every operation, with collection only inside [`measured`] and a profile dump after each call
//! (`--dump-after`): one valgrind start-up for hundreds of counts. The `statemark` command is
//! counted as a whole process, minus its count on an empty input.

pub mod ops;

use ops::{CliOp, Family, Op};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The most work 4x the input may cost, relative to 1x.
pub const MAX_RATIO: f64 = 4.6;

/// The placeholder in a pattern's unit that each repetition replaces by its own name.
pub const COUNTER: char = '§';

/// A repetition's name: `a`…`z`, `ba`…: letters, so it is a valid tag, attribute or id name.
pub fn counter(mut i: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (i % 26) as u8);
        i /= 26;
        if i == 0 {
            break;
        }
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// A generated input's shape (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// Once, before.
    pub pre: String,
    /// `n` times, numbered up.
    pub unit: String,
    /// Once, between.
    pub mid: String,
    /// `n` times, numbered down (what closes `unit`).
    pub close: String,
    /// Once, after.
    pub post: String,
}

impl Pattern {
    /// The input with `n` repetitions.
    pub fn render(&self, n: usize) -> String {
        let mut s = self.pre.clone();
        let numbered = |s: &mut String, part: &str, i: usize| {
            if part.contains(COUNTER) {
                s.push_str(&part.replace(COUNTER, &counter(i)));
            } else {
                s.push_str(part);
            }
        };
        for i in 0..n {
            numbered(&mut s, &self.unit, i);
        }
        s.push_str(&self.mid);
        for i in (0..n).rev() {
            numbered(&mut s, &self.close, i);
        }
        s.push_str(&self.post);
        s
    }

    /// Repetitions for an input of about `bytes` bytes.
    pub fn repetitions(&self, bytes: usize) -> usize {
        let fixed = self.pre.len() + self.mid.len() + self.post.len();
        let per = (self.unit.len() + self.close.len()).max(1);
        (bytes.saturating_sub(fixed) / per).max(1)
    }

    /// The input as a Rust expression of `N`.
    pub fn to_rust(&self) -> String {
        let part = |p: &str, down: bool| {
            if p.is_empty() {
                String::new()
            } else if p.contains(COUNTER) {
                let range = if down { "(0..N).rev()" } else { "(0..N)" };
                format!(
                    " + &{range}.map(|i| {p:?}.replace('{COUNTER}', &statemark_benches::worstcase::counter(i))).collect::<String>()"
                )
            } else {
                format!(" + &{p:?}.repeat(N)")
            }
        };
        let once = |p: &str| if p.is_empty() { String::new() } else { format!(" + {p:?}") };
        format!(
            "String::from({:?}){}{}{}{}",
            self.pre,
            part(&self.unit, false),
            once(&self.mid),
            part(&self.close, true),
            once(&self.post)
        )
    }

    fn fields_mut(&mut self) -> [&mut String; 5] {
        [&mut self.pre, &mut self.unit, &mut self.mid, &mut self.close, &mut self.post]
    }

    fn encode(&self) -> String {
        [&self.pre, &self.unit, &self.mid, &self.close, &self.post].map(|f| escape(f)).join("\t")
    }

    fn decode(line: &str) -> Option<Pattern> {
        let f: Vec<String> = line.split('\t').map(unescape).collect();
        let [pre, unit, mid, close, post] = <[String; 5]>::try_from(f).ok()?;
        Some(Pattern { pre, unit, mid, close, post })
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('t') => out.push('\t'),
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A small deterministic generator (xorshift64*): runs are reproducible from `--seed`.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// The seeds: tokens of each family, each as often as the suites use it (so `<div>` is picked
/// far more often than `<bgsound>`), and whole small inputs to take prefixes from.
pub struct Seeds {
    tokens: HashMap<&'static str, Vec<String>>,
    inputs: HashMap<&'static str, Vec<String>>,
}

fn family_key(f: Family) -> &'static str {
    match f {
        Family::Html | Family::SelectorAndHtml => "html",
        Family::Xml => "xml",
        Family::Selector => "selector",
        Family::Value => "value",
    }
}

/// Markup split into tags (`<…>`), character references and text runs.
fn markup_tokens(input: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let end = if rest.starts_with('<') {
            rest.find('>').map_or(rest.len(), |i| i + 1)
        } else if rest.starts_with('&') {
            rest.find(|c: char| c == ';' || c == '<' || c.is_whitespace()).map_or(rest.len(), |i| i + 1)
        } else {
            rest.find(['<', '&']).unwrap_or(rest.len())
        };
        let mut end = end.min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

/// The `#data` sections of html5lib-format tree tests (`.dat`) under `dir`.
fn dat_inputs(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            dat_inputs(&path, out);
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line == "#data" {
                let mut data = Vec::new();
                for l in lines.by_ref() {
                    if l.starts_with("#errors") || l.starts_with("#document") {
                        break;
                    }
                    data.push(l);
                }
                let data = data.join("\n");
                if !data.is_empty() && data.len() < 400 {
                    out.push(data);
                }
            }
        }
    }
}

/// Selector seeds: CSS has no suite in /work/shared, so the tokens of Selectors Level 4's
/// grammar (combinators, every simple-selector kind, the functional pseudo-classes).
const SELECTOR_TOKENS: &[&str] = &[
    "p",
    "div",
    "a",
    "*",
    "#x",
    ".c",
    "[x]",
    "[x=y]",
    "[x~=y]",
    "[x^=y]",
    "[x$=y]",
    "[x*=y]",
    "[x|=y]",
    " ",
    " > ",
    " + ",
    " ~ ",
    ", ",
    ":first-child",
    ":last-child",
    ":nth-child(2n+1)",
    ":nth-last-child(3)",
    ":only-child",
    ":empty",
    ":root",
    ":not(",
    ":is(",
    ":where(",
    ":has(",
    ")",
    ":first-of-type",
    ":nth-of-type(odd)",
    ":checked",
    ":link",
    "svg|a",
    "|p",
    "*|*",
    "p div",
    "a b",
    ":not(p) ",
];

/// Value seeds: the characters and pieces the microsyntaxes branch on.
const VALUE_TOKENS: &[&str] = &[
    "0",
    "1",
    "9",
    "-",
    "+",
    ".",
    "e",
    "E",
    "5",
    " ",
    "\t",
    "\n",
    ",",
    "%",
    "*",
    "px",
    "#",
    "#fff",
    "#",
    "T",
    ":",
    "Z",
    "W",
    "P",
    "D",
    "H",
    "M",
    "S",
    "2026-11-27",
    "12:30",
    "00:00:00.5",
    "+01:00",
    "P1DT2H",
    "1x",
    "&amp;",
    "&#60;",
    "&",
    ";",
    "a",
    "A",
    "red",
    "transparent",
    "\u{0}",
    "é",
    "\u{feff}",
];

impl Seeds {
    /// Seeds from the suites under `shared` (html5lib tree and tokenizer inputs, WPT, xml5lib)
    /// and the fuzz dictionary; a family whose suite is missing falls back on the dictionary.
    pub fn load(shared: &Path, dict: &Path) -> Seeds {
        let mut html = Vec::new();
        dat_inputs(&shared.join("html5lib-tests/tree-construction"), &mut html);
        dat_inputs(&shared.join("wpt-html-parsing"), &mut html);
        let mut xml = Vec::new();
        dat_inputs(&shared.join("xml5lib-tests/tree-construction"), &mut xml);
        dat_inputs(&shared.join("xml5lib-tests/legacy-annevk-xml5"), &mut xml);
        let dict_tokens: Vec<String> = std::fs::read_to_string(dict)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.strip_prefix('"')?.strip_suffix('"').map(unescape_dict))
            .collect();
        let tokens_of = |inputs: &[String]| -> Vec<String> {
            let mut t: Vec<String> = inputs.iter().flat_map(|i| markup_tokens(i)).map(str::to_owned).collect();
            t.extend(dict_tokens.iter().cloned());
            t
        };
        let mut tokens = HashMap::new();
        tokens.insert("html", tokens_of(&html));
        tokens.insert("xml", if xml.is_empty() { tokens_of(&html) } else { tokens_of(&xml) });
        tokens.insert("selector", SELECTOR_TOKENS.iter().map(|s| (*s).to_owned()).collect());
        tokens.insert("value", VALUE_TOKENS.iter().map(|s| (*s).to_owned()).collect());
        let mut inputs = HashMap::new();
        inputs.insert("html", html);
        inputs.insert("xml", xml);
        Seeds { tokens, inputs }
    }

    /// Seeds from the fuzz dictionary and the built-in lists alone (no suites).
    pub fn token_count(&self, family: Family) -> usize {
        self.tokens.get(family_key(family)).map_or(0, Vec::len)
    }

    fn token(&self, family: Family, rng: &mut Rng) -> String {
        let list = self.tokens.get(family_key(family)).map(Vec::as_slice).unwrap_or_default();
        rng.pick(list).cloned().unwrap_or_default()
    }

    fn tokens(&self, family: Family, rng: &mut Rng, max: usize) -> String {
        (0..1 + rng.below(max)).map(|_| self.token(family, rng)).collect()
    }

    fn prefix(&self, family: Family, rng: &mut Rng) -> String {
        let list = self.inputs.get(family_key(family)).map(Vec::as_slice).unwrap_or_default();
        let Some(input) = rng.pick(list) else { return String::new() };
        let tokens = markup_tokens(input);
        tokens[..rng.below(tokens.len() + 1)].concat()
    }

    /// A fresh random pattern for `family`.
    pub fn random(&self, family: Family, rng: &mut Rng) -> Pattern {
        let mut p = Pattern::default();
        match family {
            Family::Selector | Family::Value => {
                p.unit = self.tokens(family, rng, 3);
                if rng.chance(30) {
                    p.close = self.tokens(family, rng, 2);
                }
                if rng.chance(30) {
                    p.pre = self.tokens(family, rng, 2);
                }
            }
            Family::Html | Family::Xml | Family::SelectorAndHtml => {
                let markup = if family == Family::Xml { Family::Xml } else { Family::Html };
                if rng.chance(40) {
                    p.pre = self.prefix(markup, rng);
                }
                // Half the units are start tags only: what nests, misnests and piles up.
                p.unit = if rng.chance(50) { self.start_tags(markup, rng, 2) } else { self.tokens(markup, rng, 3) };
                match rng.below(3) {
                    0 => p.close = closing(&p.unit),
                    1 => p.close = self.tokens(markup, rng, 2),
                    _ => {}
                }
                if rng.chance(30) {
                    p.mid = self.token(markup, rng);
                }
                if rng.chance(20) {
                    p.post = self.tokens(markup, rng, 2);
                }
                if rng.chance(30) {
                    insert_counter(&mut p.unit, rng);
                } else if rng.chance(20) {
                    add_counted_attribute(&mut p.unit);
                }
            }
        }
        if family == Family::SelectorAndHtml {
            // A selector whose subject is the unit's first element half of the time, so its
            // combinators walk the pattern's own nesting.
            let mut css = self.tokens(Family::Selector, rng, 2).replace('\n', " ");
            if rng.chance(50)
                && let Some(name) = first_tag_name(&p.unit)
            {
                css = format!("{css} {name}");
            }
            p.pre = format!("{css}\n{}", p.pre);
        }
        p
    }

    /// Up to `max` start tags (tokens of the suites that are start tags).
    fn start_tags(&self, family: Family, rng: &mut Rng, max: usize) -> String {
        let mut out = String::new();
        let want = 1 + rng.below(max);
        let mut found = 0;
        for _ in 0..64 {
            let t = self.token(family, rng);
            if t.starts_with('<') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                out.push_str(&t);
                found += 1;
                if found == want {
                    break;
                }
            }
        }
        if out.is_empty() { self.token(family, rng) } else { out }
    }

    /// `p` changed in one place.
    pub fn mutate(&self, p: &Pattern, family: Family, rng: &mut Rng) -> Pattern {
        let mut q = p.clone();
        let markup = match family {
            Family::SelectorAndHtml => Family::Html,
            f => f,
        };
        let selector_line = family == Family::SelectorAndHtml;
        // Which field: the selector line of a select pattern is its own field.
        let which = rng.below(5);
        match rng.below(8) {
            // Insert a token.
            0 | 1 => {
                let tok = if selector_line && which == 0 && rng.chance(50) {
                    self.token(Family::Selector, rng)
                } else {
                    self.token(markup, rng)
                };
                let f = q.fields_mut().into_iter().nth(which).unwrap_or_else(|| unreachable!());
                let at = boundary(f, rng.below(f.len() + 1));
                if !(selector_line && which == 0 && tok.contains('\n')) {
                    f.insert_str(at, &tok);
                }
            }
            // Delete a token.
            2 => {
                let f = q.fields_mut().into_iter().nth(which).unwrap_or_else(|| unreachable!());
                let toks = markup_tokens(f);
                if !toks.is_empty() {
                    let k = rng.below(toks.len());
                    if !(selector_line && which == 0 && toks[k].contains('\n')) {
                        *f = toks.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, t)| *t).collect();
                    }
                }
            }
            // Delete or duplicate a character.
            3 => {
                let f = q.fields_mut().into_iter().nth(which).unwrap_or_else(|| unreachable!());
                if !f.is_empty() {
                    let at = boundary(f, rng.below(f.len()));
                    if let Some(c) = f[at..].chars().next()
                        && !(selector_line && c == '\n')
                    {
                        if rng.chance(50) {
                            f.remove(at);
                        } else {
                            f.insert(at, c);
                        }
                    }
                }
            }
            // The close becomes what closes the unit, or nothing.
            4 => q.close = if q.close.is_empty() { closing(&q.unit) } else { String::new() },
            // A counter in the unit, or none.
            5 => {
                if q.unit.contains(COUNTER) {
                    q.unit = q.unit.replace(COUNTER, "");
                } else {
                    insert_counter(&mut q.unit, rng);
                }
            }
            // Splice another random pattern's unit in, or a distinct attribute per repetition.
            6 if rng.chance(30) => add_counted_attribute(&mut q.unit),
            6 => {
                let other = self.random(family, rng);
                q.unit.push_str(&other.unit);
            }
            // Swap unit and close, or move the unit into the once-only parts.
            _ => {
                if rng.chance(50) {
                    std::mem::swap(&mut q.unit, &mut q.close);
                } else {
                    q.mid = std::mem::take(&mut q.close);
                }
            }
        }
        if q.unit.is_empty() {
            q.unit = self.token(markup, rng);
        }
        q
    }
}

fn unescape_dict(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\'
            && i + 3 < b.len()
            && b[i + 1] == b'x'
            && let Ok(v) = u8::from_str_radix(&s[i + 2..i + 4], 16)
        {
            out.push(v);
            i += 4;
            continue;
        }
        if b[i] == b'\\' && i + 1 < b.len() {
            out.push(b[i + 1]);
            i += 2;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn boundary(s: &str, mut at: usize) -> usize {
    at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// A counter inside a name of the unit: after a letter, so `<p a>` becomes `<p a§>`.
fn insert_counter(unit: &mut String, rng: &mut Rng) {
    let letters: Vec<usize> =
        unit.char_indices().filter(|(_, c)| c.is_ascii_alphabetic()).map(|(i, _)| i + 1).collect();
    if let Some(&at) = rng.pick(&letters) {
        unit.insert(at, COUNTER);
    } else {
        unit.push(COUNTER);
    }
}

/// ` n§` added to the first start tag of `unit`: a distinct attribute per repetition.
fn add_counted_attribute(unit: &mut String) {
    if let Some(at) = unit.find('<').filter(|&i| unit[i + 1..].starts_with(|c: char| c.is_ascii_alphabetic()))
        && let Some(end) = unit[at..].find('>')
    {
        let end = at + end;
        let end = if unit[..end].ends_with('/') { end - 1 } else { end };
        unit.insert_str(end, &format!(" n{COUNTER}"));
    }
}

/// The name of the first start tag of `unit`.
fn first_tag_name(unit: &str) -> Option<String> {
    let at = unit.find('<')?;
    let name: String = unit[at + 1..].chars().take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/').collect();
    name.starts_with(|c: char| c.is_ascii_alphabetic()).then_some(name)
}

/// The end tags that close the start tags of `unit`, innermost first.
fn closing(unit: &str) -> String {
    let mut out = String::new();
    for tok in markup_tokens(unit).iter().rev() {
        if let Some(rest) = tok.strip_prefix('<')
            && rest.starts_with(|c: char| c.is_ascii_alphabetic())
            && !tok.ends_with("/>")
        {
            let name: String = rest.chars().take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/').collect();
            let _ = write!(out, "</{name}>");
        }
    }
    out
}

/// The only code callgrind counts in a child: one operation on one input. Its name is what the
/// child's `--toggle-collect` and `--dump-after` select.
#[inline(never)]
pub fn worstcase_measured_call(run: fn(&str) -> usize, input: &str) -> usize {
    black_box(run(black_box(input)))
}

/// The child's side: every line of `batch` is `OP\tN\tPATTERN`; each is rendered (not counted)
/// and run through [`worstcase_measured_call`] (counted, one dump each).
pub fn child(batch: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(batch).map_err(|e| format!("{}: {e}", batch.display()))?;
    // Warm every operation once on a small input, outside the count: lazily built tables are
    // not growth.
    let mut warmed = std::collections::HashSet::new();
    for line in text.lines() {
        let mut parts = line.splitn(3, '\t');
        let (Some(op), Some(n), Some(pattern)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("bad batch line {line:?}"));
        };
        let op = ops::all_ops().find(|o| o.name == op).ok_or_else(|| format!("no operation {op}"))?;
        let n: usize = n.parse().map_err(|_| format!("bad count in {line:?}"))?;
        let pattern = Pattern::decode(pattern).ok_or_else(|| format!("bad pattern in {line:?}"))?;
        if warmed.insert(op.name) {
            black_box((op.run)(&pattern.render(1)));
        }
        let input = pattern.render(n);
        worstcase_measured_call(op.run, &input);
    }
    Ok(())
}

/// Counts instructions: in-process operations through a callgrind child of `exe`, CLI
/// operations by running `cli` under callgrind.
pub struct Counter {
    exe: PathBuf,
    cli: Option<PathBuf>,
    dir: PathBuf,
    cli_base: HashMap<&'static str, u64>,
    /// Counts taken so far.
    pub counts: usize,
}

fn dump_total(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().find_map(|l| l.strip_prefix("totals:").or_else(|| l.strip_prefix("summary:")))?.trim().parse().ok()
}

impl Counter {
    /// A counter running `exe --child` (this program) and the `statemark` binary `cli`.
    pub fn new(exe: PathBuf, cli: Option<PathBuf>) -> Result<Counter, String> {
        let dir = std::env::temp_dir().join(format!("statemark-worstcase-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Counter { exe, cli, dir, cli_base: HashMap::new(), counts: 0 })
    }

    /// Instructions of each `(op, n, pattern)`, in order, from one callgrind child.
    pub fn run(&mut self, jobs: &[(&'static str, usize, Pattern)]) -> Result<Vec<u64>, String> {
        if jobs.is_empty() {
            return Ok(Vec::new());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        std::fs::create_dir_all(&self.dir).map_err(|e| e.to_string())?;
        let batch = self.dir.join("batch.txt");
        let text: String = jobs.iter().map(|(op, n, p)| format!("{op}\t{n}\t{}\n", p.encode())).collect();
        std::fs::write(&batch, text).map_err(|e| e.to_string())?;
        let out = self.dir.join("cg.out");
        let status = Command::new("valgrind")
            .args([
                "--tool=callgrind",
                "--collect-atstart=no",
                "--toggle-collect=*worstcase_measured_call*",
                "--dump-after=statemark_benches::worstcase::worstcase_measured_call",
                "--dump-instr=no",
                "--dump-line=no",
                "--compress-strings=no",
                &format!("--callgrind-out-file={}", out.display()),
            ])
            .arg(&self.exe)
            .arg("--child")
            .arg(&batch)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
            .map_err(|e| format!("valgrind: {e}"))?;
        if !status.status.success() {
            return Err(format!("child failed: {}", String::from_utf8_lossy(&status.stderr)));
        }
        let mut totals = Vec::with_capacity(jobs.len());
        for k in 1..=jobs.len() {
            let path = PathBuf::from(format!("{}.{k}", out.display()));
            totals.push(dump_total(&path).ok_or_else(|| format!("no total in {}", path.display()))?);
        }
        self.counts += jobs.len();
        Ok(totals)
    }

    /// Instructions of the `statemark` command on `input`, minus its count on an empty input.
    pub fn run_cli(&mut self, op: &CliOp, input: &str) -> Result<u64, String> {
        let base = match self.cli_base.get(op.name) {
            Some(&b) => b,
            None => {
                let b = self.cli_once(op, "")?;
                self.cli_base.insert(op.name, b);
                b
            }
        };
        Ok(self.cli_once(op, input)?.saturating_sub(base))
    }

    fn cli_once(&mut self, op: &CliOp, input: &str) -> Result<u64, String> {
        let cli = self.cli.as_ref().ok_or("no statemark binary")?;
        let file = self.dir.join("cli-input");
        std::fs::create_dir_all(&self.dir).map_err(|e| e.to_string())?;
        std::fs::write(&file, input).map_err(|e| e.to_string())?;
        let output = Command::new("valgrind")
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(cli)
            .args(op.args)
            .arg(&file)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
            .map_err(|e| format!("valgrind: {e}"))?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        self.counts += 1;
        stderr
            .lines()
            .find_map(|l| l.split_once("Collected :").and_then(|(_, n)| n.trim().parse().ok()))
            .ok_or_else(|| format!("{}: no callgrind total in\n{stderr}", op.name))
    }
}

impl Drop for Counter {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// What the search found for one operation.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The operation.
    pub op: &'static str,
    /// Patterns evaluated (each at N and 4N).
    pub tried: usize,
    /// The worst ratio and its pattern, at `n`.
    pub ratio: f64,
    /// The worst pattern.
    pub pattern: Pattern,
    /// Its repetitions at 1x.
    pub n: usize,
}

/// The search's settings.
pub struct Settings {
    /// Input size at 1x, in bytes.
    pub bytes: usize,
    /// Patterns per operation.
    pub patterns: usize,
    /// Patterns per operation per generation (one callgrind child runs a generation of all).
    pub per_generation: usize,
    /// Random seed.
    pub seed: u64,
}

/// work(4N) / work(N) per byte: the ratio scaled by the inputs' byte lengths, since a numbered
/// unit grows with its number (`counter(i)` is one letter below 26, three from 676), so 4N
/// repetitions can be nearly 5x the bytes of N. A linear operation scores 4.0 either way.
fn ratio(p: &Pattern, n: usize, w1: u64, w4: u64) -> f64 {
    let (b1, b4) = (p.render(n).len().max(1) as f64, p.render(4 * n).len().max(1) as f64);
    (w4 as f64 / w1.max(1) as f64) * (4.0 * b1 / b4)
}

/// The search over in-process operations: all of `ops` advance one generation per callgrind
/// child. Returns each operation's worst finding.
pub fn search(ops: &[&'static Op], seeds: &Seeds, settings: &Settings, counter: &mut Counter) -> Vec<Finding> {
    let mut rng = Rng::new(settings.seed);
    let mut findings: Vec<Finding> =
        ops.iter().map(|op| Finding { op: op.name, tried: 0, ratio: 0.0, pattern: Pattern::default(), n: 1 }).collect();
    // The best few patterns of each operation, mutated in later generations.
    let mut elite: Vec<Vec<(f64, Pattern)>> = vec![Vec::new(); ops.len()];
    let generations = settings.patterns.div_ceil(settings.per_generation.max(1));
    for generation in 0..generations {
        let mut jobs = Vec::new();
        let mut owners = Vec::new();
        for (k, op) in ops.iter().enumerate() {
            let left = settings.patterns - findings[k].tried;
            for _ in 0..settings.per_generation.min(left) {
                let p = match elite[k].as_slice() {
                    e if e.is_empty() || generation == 0 || rng.chance(20) => seeds.random(op.family, &mut rng),
                    e => {
                        // Mostly the best, sometimes the others.
                        let i = if rng.chance(60) { 0 } else { rng.below(e.len()) };
                        let mut q = seeds.mutate(&e[i].1, op.family, &mut rng);
                        if rng.chance(30) {
                            q = seeds.mutate(&q, op.family, &mut rng);
                        }
                        q
                    }
                };
                let n = p.repetitions(settings.bytes);
                jobs.push((op.name, n, p.clone()));
                jobs.push((op.name, 4 * n, p.clone()));
                owners.push((k, n, p));
            }
        }
        let totals = match counter.run(&jobs) {
            Ok(t) => t,
            Err(e) => {
                // Nothing counted is a failure of the search, not a pass: the caller sees
                // `tried` short of the patterns asked for.
                eprintln!("worstcase: generation {generation}: {e}");
                break;
            }
        };
        for (j, (k, n, p)) in owners.into_iter().enumerate() {
            let r = ratio(&p, n, totals[2 * j], totals[2 * j + 1]);
            let f = &mut findings[k];
            f.tried += 1;
            if r > f.ratio {
                f.ratio = r;
                f.pattern = p.clone();
                f.n = n;
            }
            let e = &mut elite[k];
            e.push((r, p));
            e.sort_by(|a, b| b.0.total_cmp(&a.0));
            e.dedup_by(|a, b| a.1 == b.1);
            e.truncate(4);
        }
    }
    findings
}

/// The same search for the command, one process per count (so far fewer patterns).
pub fn search_cli(op: &'static CliOp, seeds: &Seeds, settings: &Settings, counter: &mut Counter) -> Finding {
    let mut rng = Rng::new(settings.seed ^ op.name.len() as u64);
    let mut f = Finding { op: op.name, tried: 0, ratio: 0.0, pattern: Pattern::default(), n: 1 };
    let mut elite: Vec<(f64, Pattern)> = Vec::new();
    for i in 0..settings.patterns {
        let p = if elite.is_empty() || i < settings.patterns / 3 || rng.chance(20) {
            seeds.random(op.family, &mut rng)
        } else {
            seeds.mutate(&elite[0].1, op.family, &mut rng)
        };
        let n = p.repetitions(settings.bytes);
        let (Ok(w1), Ok(w4)) = (counter.run_cli(op, &p.render(n)), counter.run_cli(op, &p.render(4 * n))) else {
            continue;
        };
        let r = ratio(&p, n, w1, w4);
        f.tried += 1;
        if r > f.ratio {
            f.ratio = r;
            f.pattern = p.clone();
            f.n = n;
        }
        elite.push((r, p));
        elite.sort_by(|a, b| b.0.total_cmp(&a.0));
        elite.truncate(4);
    }
    f
}

/// How much larger than the search's size a failing finding is measured again.
pub const CONFIRM_SCALE: usize = 8;

/// A failing finding's ratio measured again at [`CONFIRM_SCALE`] times the bytes: a fixed cost
/// of a small input (a table's first growth, what a warmed process has cached) can push the
/// ratio above [`MAX_RATIO`] at the search's size and fade at a larger one, where a
/// super-linear cost only grows. `None` if nothing could be counted.
pub fn confirm(finding: &Finding, cli: Option<&'static CliOp>, bytes: usize, counter: &mut Counter) -> Option<f64> {
    let n = finding.pattern.repetitions(bytes * CONFIRM_SCALE);
    let (w1, w4) = match cli {
        Some(op) => (
            counter.run_cli(op, &finding.pattern.render(n)).ok()?,
            counter.run_cli(op, &finding.pattern.render(4 * n)).ok()?,
        ),
        None => {
            let jobs = [(finding.op, n, finding.pattern.clone()), (finding.op, 4 * n, finding.pattern.clone())];
            let totals = counter.run(&jobs).ok()?;
            (*totals.first()?, *totals.get(1)?)
        }
    };
    Some(ratio(&finding.pattern, n, w1, w4))
}

/// Shrinks a failing in-process finding: token, then character deletions that keep the ratio
/// above [`MAX_RATIO`], in at most `rounds` children.
pub fn minimize(op: &'static Op, finding: &Finding, bytes: usize, rounds: usize, counter: &mut Counter) -> Finding {
    let mut best = finding.clone();
    for _ in 0..rounds {
        let mut candidates = Vec::new();
        for field in 0..5 {
            let mut base = best.pattern.clone();
            let text = base.fields_mut()[field].clone();
            let toks = markup_tokens(&text);
            for k in 0..toks.len() {
                let mut q = best.pattern.clone();
                *q.fields_mut()[field] = toks.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, t)| *t).collect();
                candidates.push(q);
            }
            if text.len() <= 24 {
                for (i, c) in text.char_indices() {
                    let mut q = best.pattern.clone();
                    let mut s = text.clone();
                    s.replace_range(i..i + c.len_utf8(), "");
                    *q.fields_mut()[field] = s;
                    candidates.push(q);
                }
            }
        }
        candidates.retain(|q| !q.unit.is_empty() && q != &best.pattern);
        candidates.dedup();
        candidates.truncate(48);
        if candidates.is_empty() {
            break;
        }
        let mut jobs = Vec::new();
        for q in &candidates {
            let n = q.repetitions(bytes);
            jobs.push((op.name, n, q.clone()));
            jobs.push((op.name, 4 * n, q.clone()));
        }
        let Ok(totals) = counter.run(&jobs) else { break };
        // The shortest candidate still failing.
        let better = candidates
            .iter()
            .enumerate()
            .map(|(j, q)| (ratio(q, jobs[2 * j].1, totals[2 * j], totals[2 * j + 1]), q, jobs[2 * j].1))
            .filter(|(r, _, _)| *r > MAX_RATIO)
            .min_by_key(|(_, q, _)| q.encode().len());
        match better {
            Some((r, q, n)) => {
                best.ratio = r;
                best.pattern = q.clone();
                best.n = n;
            }
            None => break,
        }
    }
    best
}
