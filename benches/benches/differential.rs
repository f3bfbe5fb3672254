//! Differential testing: every page of the bench corpora parsed by statemark and by
//! html5ever / xml5ever (into `RcDom`), the trees compared line by line, and every difference
//! accounted for by a reviewed class in `tests/expectations/differential.json` (issue 12).
//!
//! ```sh
//! cargo bench -p statemark-benches --bench differential                 # HTML and XML5
//! cargo bench -p statemark-benches --bench differential -- html         # one side
//! cargo bench -p statemark-benches --bench differential -- --minimize   # cut each class's
//!                                                   # first page down while it still differs
//! cargo bench -p statemark-benches --bench differential -- --random 50000 12 [xml]
//!                                                   # generated documents (seed 12)
//! cargo bench -p statemark-benches --bench differential -- --show FILE  # both trees of a file
//! cargo xtask differential [-- ...]                                     # the same
//! ```
//!
//! A `harness = false` bench target, not a test: the comparison parsers are dev-dependencies of
//! this crate only, and `cargo test --workspace` must not compile them.
//!
//! The run fails (exit 1) when a page differs in a way no class covers, when a class's
//! reproduction no longer differs (or differs in another way), or when a class matches no page
//! (the list only shrinks). Classes are matched on the first differing line of the two trees:
//! once two trees part, every later line may differ for the same reason.

use markup5ever_rcdom::{Handle, NodeData as RcData, RcDom};
use serde_json::Value;
use statemark::dom::{Dom, NodeData, NodeId};
use statemark_benches::corpus::{self, Corpus, workspace_root};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;
use std::process::ExitCode;

/// Which markup language a page, a class or a run is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lang {
    Html,
    Xml,
}

/// The parser statemark is compared with.
fn other_parser(lang: Lang) -> &'static str {
    match lang {
        Lang::Html => "html5ever 0.39",
        Lang::Xml => "xml5ever 0.39",
    }
}

impl Lang {
    fn name(self) -> &'static str {
        match self {
            Lang::Html => "html",
            Lang::Xml => "xml",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The trees, as lines.

/// html5lib's designator for a namespace URL, as `runtime/src/dom/serialize.rs` writes it.
fn html_designator(url: &str) -> &'static str {
    match url {
        "http://www.w3.org/2000/svg" => "svg ",
        "http://www.w3.org/1998/Math/MathML" => "math ",
        "http://www.w3.org/1999/xlink" => "xlink ",
        "http://www.w3.org/XML/1998/namespace" => "xml ",
        "http://www.w3.org/2000/xmlns/" => "xmlns ",
        _ => "",
    }
}

/// One node of an `RcDom` waiting to be written, or the `content` line of a template.
enum RcItem {
    Node(Handle, usize),
    Content(usize),
}

fn indent(out: &mut String, depth: usize) {
    out.push_str("| ");
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// Pushes `parent`'s children so that the first child pops first.
fn push_rc_children(stack: &mut Vec<RcItem>, parent: &Handle, depth: usize) {
    let start = stack.len();
    stack.extend(parent.children.borrow().iter().map(|c| RcItem::Node(c.clone(), depth)));
    stack[start..].reverse();
}

/// html5ever's tree in exactly the format of statemark's `Dom::to_test_format`: one line per
/// node, attributes sorted by their written name in UTF-16 order, namespace designators,
/// template contents under `content`, the doctype's ids only when one is non-empty. No
/// recursion, as in statemark's writer (a corpus page may nest deeply).
fn rcdom_html_format(dom: &RcDom) -> String {
    let mut out = String::new();
    let mut stack = Vec::new();
    push_rc_children(&mut stack, &dom.document, 0);
    while let Some(item) = stack.pop() {
        let (node, depth) = match item {
            RcItem::Content(depth) => {
                indent(&mut out, depth);
                out.push_str("content\n");
                continue;
            }
            RcItem::Node(node, depth) => (node, depth),
        };
        indent(&mut out, depth);
        match &node.data {
            RcData::Document => out.push_str("#fragment\n"),
            RcData::Doctype { name, public_id, system_id } => {
                out.push_str("<!DOCTYPE ");
                out.push_str(name);
                if !public_id.is_empty() || !system_id.is_empty() {
                    let _ = write!(out, " \"{public_id}\" \"{system_id}\"");
                }
                out.push_str(">\n");
            }
            RcData::Text { contents } => {
                let _ = writeln!(out, "\"{}\"", contents.borrow());
            }
            RcData::Comment { contents } => {
                let _ = writeln!(out, "<!-- {contents} -->");
            }
            RcData::ProcessingInstruction { target, contents } => {
                let _ = writeln!(out, "<?{target} {contents}?>");
            }
            RcData::Element { name, attrs, template_contents, .. } => {
                let _ = writeln!(out, "<{}{}>", html_designator(&name.ns), name.local);
                let mut list: Vec<(String, String)> = attrs
                    .borrow()
                    .iter()
                    .map(|a| {
                        let written = format!("{}{}", html_designator(&a.name.ns), a.name.local);
                        (written, a.value.to_string())
                    })
                    .collect();
                list.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
                for (name, value) in list {
                    indent(&mut out, depth + 1);
                    let _ = writeln!(out, "{name}=\"{value}\"");
                }
                push_rc_children(&mut stack, &node, depth + 1);
                if let Some(contents) = template_contents.borrow().as_ref() {
                    push_rc_children(&mut stack, contents, depth + 2);
                    stack.push(RcItem::Content(depth + 1));
                }
            }
        }
    }
    out
}

/// An XML name as xml5lib-tests writes it: `{namespace}prefix:local`, the braces only when the
/// namespace is not empty.
fn xml_name(ns: &str, prefix: Option<&str>, local: &str) -> String {
    let mut s = String::new();
    if !ns.is_empty() {
        let _ = write!(s, "{{{ns}}}");
    }
    if let Some(p) = prefix.filter(|p| !p.is_empty()) {
        let _ = write!(s, "{p}:");
    }
    s.push_str(local);
    s
}

/// The lines of one XML node, shared by both trees' writers so that the two formats cannot
/// drift apart. `attrs` are (written name, value) pairs in any order.
fn xml_node_lines(out: &mut String, depth: usize, node: XmlNode<'_>) {
    indent(out, depth);
    match node {
        XmlNode::Doctype { name, public_id, system_id } => {
            let _ = writeln!(out, "<!DOCTYPE {name} \"{public_id}\" \"{system_id}\">");
        }
        XmlNode::Text(t) => {
            let _ = writeln!(out, "\"{t}\"");
        }
        XmlNode::Comment(c) => {
            let _ = writeln!(out, "<!-- {c} -->");
        }
        XmlNode::Pi { target, data } => {
            let _ = writeln!(out, "<?{target} {data}?>");
        }
        XmlNode::Element { name, mut attrs } => {
            let _ = writeln!(out, "<{name}>");
            attrs.sort();
            for (name, value) in attrs {
                indent(out, depth + 1);
                let _ = writeln!(out, "{name}=\"{value}\"");
            }
        }
    }
}

/// What [`xml_node_lines`] writes, from either tree.
enum XmlNode<'a> {
    Doctype { name: &'a str, public_id: &'a str, system_id: &'a str },
    Text(&'a str),
    Comment(&'a str),
    Pi { target: &'a str, data: &'a str },
    Element { name: String, attrs: Vec<(String, String)> },
}

/// statemark's XML5 tree in the shared XML format.
fn statemark_xml_format(dom: &Dom) -> String {
    let mut out = String::new();
    let mut stack: Vec<(NodeId, usize)> = dom.children(dom.document()).map(|c| (c, 0)).collect();
    stack.reverse();
    while let Some((id, depth)) = stack.pop() {
        let node = match dom.data(id) {
            NodeData::Document | NodeData::Fragment => continue,
            NodeData::Doctype { name, public_id, system_id } => XmlNode::Doctype { name, public_id, system_id },
            NodeData::Text(t) => XmlNode::Text(t),
            NodeData::Comment(c) => XmlNode::Comment(c),
            NodeData::ProcessingInstruction { target, data } => XmlNode::Pi { target, data },
            NodeData::Element(e) => {
                let name = xml_name(e.name.ns.url(), e.name.prefix.as_deref(), &e.name.local);
                let attrs = e
                    .attrs()
                    .map(|a| (xml_name(a.name.ns.url(), a.name.prefix, a.name.local), a.value.to_owned()))
                    .collect();
                XmlNode::Element { name, attrs }
            }
        };
        xml_node_lines(&mut out, depth, node);
        let start = stack.len();
        stack.extend(dom.children(id).map(|c| (c, depth + 1)));
        stack[start..].reverse();
    }
    out
}

/// xml5ever's tree in the shared XML format.
fn rcdom_xml_format(dom: &RcDom) -> String {
    let mut out = String::new();
    let mut stack = Vec::new();
    push_rc_children(&mut stack, &dom.document, 0);
    while let Some(item) = stack.pop() {
        let RcItem::Node(handle, depth) = item else {
            continue;
        };
        let text;
        let node = match &handle.data {
            RcData::Document => continue,
            RcData::Doctype { name, public_id, system_id } => XmlNode::Doctype { name, public_id, system_id },
            RcData::Text { contents } => {
                text = contents.borrow().to_string();
                XmlNode::Text(&text)
            }
            RcData::Comment { contents } => XmlNode::Comment(contents),
            RcData::ProcessingInstruction { target, contents } => XmlNode::Pi { target, data: contents },
            RcData::Element { name, attrs, .. } => {
                let written = xml_name(&name.ns, name.prefix.as_deref(), &name.local);
                let attrs = attrs
                    .borrow()
                    .iter()
                    .map(|a| {
                        let n = &a.name;
                        (xml_name(&n.ns, n.prefix.as_deref(), &n.local), a.value.to_string())
                    })
                    .collect();
                XmlNode::Element { name: written, attrs }
            }
        };
        xml_node_lines(&mut out, depth, node);
        push_rc_children(&mut stack, &handle, depth + 1);
    }
    out
}

/// Both trees of `input`: (statemark's, the other parser's).
fn trees(lang: Lang, input: &str) -> (String, String) {
    use html5ever::tendril::TendrilSink;
    match lang {
        Lang::Html => {
            let ours = statemark::html::parse_document(input).to_test_format();
            let dom = html5ever::parse_document(RcDom::default(), Default::default()).one(input);
            (ours, rcdom_html_format(&dom))
        }
        Lang::Xml => {
            let ours = statemark_xml_format(&statemark::xml5::parse(input));
            let dom = xml5ever::driver::parse_document(RcDom::default(), Default::default()).one(input);
            (ours, rcdom_xml_format(&dom))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Differences and their classes.

/// The first line where two trees part: statemark's and the other parser's (`None` past the
/// end of a tree). `None` when the trees are equal.
#[derive(Clone, Debug, PartialEq)]
struct Difference {
    line: usize,
    ours: Option<String>,
    theirs: Option<String>,
}

fn first_difference(ours: &str, theirs: &str) -> Option<Difference> {
    let ours: Vec<&str> = ours.lines().collect();
    let theirs: Vec<&str> = theirs.lines().collect();
    first_difference_from(&ours, &theirs, 0)
}

/// [`first_difference`] over lines, from index `from` (the lines before it are known equal).
fn first_difference_from(ours: &[&str], theirs: &[&str], from: usize) -> Option<Difference> {
    (from..ours.len().max(theirs.len())).find_map(|i| {
        let (x, y) = (ours.get(i), theirs.get(i));
        (x != y).then(|| Difference { line: i + 1, ours: x.map(|l| l.to_string()), theirs: y.map(|l| l.to_string()) })
    })
}

/// A known way for the other parser to lose one line that statemark writes, recognized from
/// the trees alone (the line and its siblings), so that every occurrence on a page can be
/// accounted for and the comparison go on past it.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// An unprefixed attribute whose name is the local part of a prefixed attribute of the same
    /// element (`version` beside `inkscape:version`).
    UnprefixedSameLocalAsPrefixed,
}

/// An attribute line's written name, or `None` for an element, text, comment or PI line.
fn attribute_name(line: &str) -> Option<&str> {
    let body = line.strip_prefix("| ")?.trim_start_matches(' ');
    if body.starts_with(['<', '"']) {
        return None;
    }
    body.split_once('=').map(|(name, _)| name)
}

/// The indentation of a tree line (what makes attribute lines siblings).
fn depth_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(['|', ' ']).len()
}

impl Rule {
    fn from_name(name: &str) -> Option<Rule> {
        match name {
            "unprefixed-same-local-as-prefixed" => Some(Rule::UnprefixedSameLocalAsPrefixed),
            _ => None,
        }
    }

    /// Whether `ours[i]` is a line of this kind that `theirs` lacks (the trees realign after it).
    fn extra_ours(self, ours: &[&str], theirs: &[&str], i: usize) -> bool {
        if ours.get(i + 1) != theirs.get(i) {
            return false;
        }
        match self {
            Rule::UnprefixedSameLocalAsPrefixed => {
                let Some(name) = attribute_name(ours[i]).filter(|n| !n.contains([':', '{'])) else {
                    return false;
                };
                let depth = depth_of(ours[i]);
                let sibling = |l: &&&str| depth_of(l) == depth && attribute_name(l).is_some();
                let before = ours[..i].iter().rev().take_while(sibling);
                let after = ours[i + 1..].iter().take_while(sibling);
                before.chain(after).filter_map(|l| attribute_name(l)).any(|n| {
                    let qname = n.rsplit_once('}').map_or(n, |(_, q)| q);
                    qname.split_once(':').is_some_and(|(_, local)| local == name)
                })
            }
        }
    }
}

/// A pattern over one side's first differing line: absent from the file means "any line",
/// `null` means "past the end of the tree", a string means "the line contains this".
#[derive(Debug)]
enum LinePattern {
    Any,
    End,
    Contains(String),
}

impl LinePattern {
    fn from_json(v: Option<&Value>) -> Result<LinePattern, String> {
        match v {
            None => Ok(LinePattern::Any),
            Some(Value::Null) => Ok(LinePattern::End),
            Some(Value::String(s)) => Ok(LinePattern::Contains(s.clone())),
            Some(other) => Err(format!("a line pattern is a string or null, not {other}")),
        }
    }

    fn matches(&self, line: Option<&str>) -> bool {
        match (self, line) {
            (LinePattern::Any, _) => true,
            (LinePattern::End, l) => l.is_none(),
            (LinePattern::Contains(s), Some(l)) => l.contains(s.as_str()),
            (LinePattern::Contains(_), None) => false,
        }
    }
}

/// A reviewed class of differences (one entry of the expectations file).
struct Class {
    id: String,
    lang: Lang,
    ours: LinePattern,
    theirs: LinePattern,
    /// For a difference compared modulo (a known bug of the other parser that loses a whole
    /// kind of line): statemark's lines containing this are left out before comparing.
    drop_ours: Option<String>,
    /// For a difference of lines the other parser loses one at a time: the kind of line.
    rule: Option<Rule>,
    /// For a difference that one piece of input causes: a rewrite of the input to something
    /// both parsers treat alike (a tag name the two categorize differently, renamed to one
    /// they agree on; markup that yields no token, removed). The difference is this class's
    /// when the rewrite changes the comparison.
    rename: Option<Rewrite>,
    /// Whether the class is about the corpus: then some page must still show it, and pages are
    /// filed under it. Otherwise it is checked by its repro only (a known difference the bench
    /// corpus did not contain when reviewed), and a page showing it is reported unclassified.
    in_corpus: bool,
    repro: String,
}

impl Class {
    fn matches(&self, lang: Lang, d: &Difference) -> bool {
        self.lang == lang
            && self.drop_ours.is_none()
            && self.rule.is_none()
            && self.rename.is_none()
            && self.ours.matches(d.ours.as_deref())
            && self.theirs.matches(d.theirs.as_deref())
    }
}

/// What comparing one input found: the classes compared modulo that made a difference, and
/// the first difference left after them.
struct Outcome {
    modulo: Vec<usize>,
    left: Option<Difference>,
}

/// Compares the trees of `input`: as they are; then (while they differ) without the lines each
/// of `lang`'s modulo classes names; then past each line a rule class recognizes as one the
/// other parser loses, one at a time. If a difference is left, the rewrite classes: one whose
/// rewrite alone makes the trees equal accounts for it, or else all of them together if
/// together they do. A rewrite that only moves the difference accounts for nothing, so a new
/// difference near a renamed element is not filed under the rename. Returns the classes that
/// made a difference and the first difference none accounts for.
fn compare(lang: Lang, classes: &[Class], input: &str) -> Outcome {
    let out = compare_trees(lang, classes, input);
    if out.left.is_none() {
        return out;
    }
    let rewrites: Vec<(usize, String)> = classes
        .iter()
        .enumerate()
        .filter(|(_, c)| c.lang == lang)
        .filter_map(|(k, c)| Some((k, c.rename.as_ref()?.apply(input))))
        .filter(|(_, next)| next != input)
        .collect();
    let explained = |mut after: Outcome, ks: &[usize]| {
        for &m in &out.modulo {
            if !after.modulo.contains(&m) {
                after.modulo.push(m);
            }
        }
        after.modulo.extend_from_slice(ks);
        after
    };
    for (k, next) in &rewrites {
        let after = compare_trees(lang, classes, next);
        if after.left.is_none() {
            return explained(after, &[*k]);
        }
    }
    if rewrites.len() > 1 {
        let mut all = input.to_owned();
        let mut ks = Vec::new();
        for (k, _) in &rewrites {
            let next = classes[*k].rename.as_ref().map_or_else(|| all.clone(), |r| r.apply(&all));
            if next != all {
                ks.push(*k);
                all = next;
            }
        }
        let after = compare_trees(lang, classes, &all);
        if after.left.is_none() {
            return explained(after, &ks);
        }
    }
    out
}

/// An input rewrite of a class (see [`Class::rename`]).
#[derive(Debug)]
enum Rewrite {
    /// `"rename": [from, to]`: start and end tags named `from` are named `to`.
    Tag(String, String),
    /// `"replace": [from, to]`: every occurrence of the text `from` becomes `to`.
    Text(String, String),
}

impl Rewrite {
    fn apply(&self, input: &str) -> String {
        match self {
            Rewrite::Tag(from, to) => rename_tag(input, from, to),
            Rewrite::Text(from, to) => input.replace(from.as_str(), to),
        }
    }
}

/// `input` with every start and end tag named `from` (ASCII case-insensitively) named `to`.
fn rename_tag(input: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..=lt]);
        rest = &rest[lt + 1..];
        if let Some(r) = rest.strip_prefix('/') {
            out.push('/');
            rest = r;
        }
        let name_ends = rest
            .get(from.len()..)
            .is_some_and(|after| after.is_empty() || after.starts_with(['\t', '\n', '\x0C', '\r', ' ', '/', '>']));
        if name_ends && rest[..from.len()].eq_ignore_ascii_case(from) {
            out.push_str(to);
            rest = &rest[from.len()..];
        }
    }
    out.push_str(rest);
    out
}

/// [`compare`] without the renames.
fn compare_trees(lang: Lang, classes: &[Class], input: &str) -> Outcome {
    let (ours, theirs) = trees(lang, input);
    let mut ours: Vec<&str> = ours.lines().collect();
    let theirs: Vec<&str> = theirs.lines().collect();
    let mut modulo = Vec::new();
    let mut left = first_difference_from(&ours, &theirs, 0);
    for (k, class) in classes.iter().enumerate() {
        let (Some(drop), true, Some(_)) = (&class.drop_ours, class.lang == lang, &left) else {
            continue;
        };
        let before = ours.len();
        ours.retain(|l| !l.contains(drop.as_str()));
        if ours.len() != before {
            modulo.push(k);
            left = first_difference_from(&ours, &theirs, 0);
        }
    }
    while let Some(i) = left.as_ref().map(|d| d.line - 1) {
        let rule =
            classes.iter().position(|c| c.lang == lang && c.rule.is_some_and(|r| r.extra_ours(&ours, &theirs, i)));
        let Some(k) = rule else { break };
        ours.remove(i);
        if !modulo.contains(&k) {
            modulo.push(k);
        }
        left = first_difference_from(&ours, &theirs, i);
    }
    Outcome { modulo, left }
}

const EXPECTATIONS: &str = "tests/expectations/differential.json";

/// The classes of the expectations file. Each needs an id, a language, a kind, an explanation,
/// a reproduction and a matcher (a line pattern, `drop_ours`, `rule`, `rename` or `replace`); a
/// malformed entry is an error, not a skip.
fn load_classes(path: &Path) -> Result<Vec<Class>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let entries = json["classes"].as_array().ok_or("no \"classes\" array")?;
    let kinds = ["spec-change", "their-bug", "draft-decision"];
    let mut classes = Vec::new();
    for e in entries {
        let field = |k: &str| e[k].as_str().ok_or_else(|| format!("class {e}: no string \"{k}\""));
        let id = field("id")?.to_owned();
        let lang = match field("lang")? {
            "html" => Lang::Html,
            "xml" => Lang::Xml,
            other => {
                return Err(format!("class {id}: lang {other:?} is neither html nor xml"));
            }
        };
        let kind = field("kind")?;
        if !kinds.contains(&kind) {
            return Err(format!("class {id}: kind {kind:?} is not one of {kinds:?}"));
        }
        if field("explanation")?.trim().is_empty() {
            return Err(format!("class {id}: empty explanation"));
        }
        let ours = LinePattern::from_json(e.get("ours"))?;
        let theirs = LinePattern::from_json(e.get("theirs"))?;
        let drop_ours = e["drop_ours"].as_str().map(str::to_owned);
        let rule = match e["rule"].as_str() {
            None => None,
            Some(r) => Some(Rule::from_name(r).ok_or_else(|| format!("class {id}: unknown rule {r:?}"))?),
        };
        let pair = |key: &str| match e.get(key) {
            None => Ok(None),
            Some(r) => match (r[0].as_str(), r[1].as_str()) {
                (Some(from), Some(to)) => Ok(Some((from.to_owned(), to.to_owned()))),
                _ => Err(format!("class {id}: \"{key}\" is [from, to]")),
            },
        };
        let rename = match (pair("rename")?, pair("replace")?) {
            (Some((f, t)), None) => Some(Rewrite::Tag(f, t)),
            (None, Some((f, t))) => Some(Rewrite::Text(f, t)),
            (None, None) => None,
            _ => return Err(format!("class {id}: both \"rename\" and \"replace\"")),
        };
        if drop_ours.is_none()
            && rule.is_none()
            && rename.is_none()
            && matches!((&ours, &theirs), (LinePattern::Any, LinePattern::Any))
        {
            return Err(format!(
                "class {id}: matches everything (no \"ours\", \"theirs\", \"drop_ours\", \"rule\" or \"rename\")"
            ));
        }
        let in_corpus = e["in_corpus"].as_bool().unwrap_or(true);
        let repro = field("repro")?.to_owned();
        classes.push(Class { id, lang, ours, theirs, drop_ours, rule, rename, in_corpus, repro });
    }
    Ok(classes)
}

// ---------------------------------------------------------------------------------------------
// Minimizing.

/// The construct a difference is about: the first word of each side's line (`<p`, `"text`,
/// `<!--`, `class`), so that cutting a page down keeps the same kind of difference without
/// keeping its text.
fn shape(d: &Difference) -> (Option<String>, Option<String>) {
    let word = |l: &Option<String>| {
        l.as_deref().map(|l| l.trim_start_matches(['|', ' ']).split([' ', '>', '=']).next().unwrap_or("").to_owned())
    };
    (word(&d.ours), word(&d.theirs))
}

/// The shortest input found by cutting `input` down (halves, then quarters, ... down to single
/// characters, repeated until nothing more can go) while `keep` still holds. Greedy, so not
/// always the smallest possible, but the result is small enough to read.
fn minimize(input: &str, keep: &dyn Fn(&str) -> bool) -> String {
    let mut cur: Vec<char> = input.chars().collect();
    let mut size = cur.len().div_ceil(2).max(1);
    loop {
        let mut progress = false;
        let mut start = 0;
        while start < cur.len() {
            let end = (start + size).min(cur.len());
            let candidate: String = cur[..start].iter().chain(&cur[end..]).collect();
            if keep(&candidate) {
                cur.drain(start..end);
                progress = true;
            } else {
                start = end;
            }
        }
        if size == 1 && !progress {
            return cur.into_iter().collect();
        }
        if !progress {
            size = size.div_ceil(2);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Generated documents (`--random N [SEED]`).

/// The vocabulary of the generated documents: the tags tree construction treats specially
/// (formatting, special, table, select, template, foreign, raw text, frameset), written with
/// some attributes and misnested at random.
const TAGS: &[&str] = &[
    "html",
    "head",
    "body",
    "p",
    "div",
    "b",
    "i",
    "a",
    "nobr",
    "font",
    "table",
    "tbody",
    "tr",
    "td",
    "th",
    "caption",
    "col",
    "colgroup",
    "select",
    "option",
    "optgroup",
    "template",
    "svg",
    "math",
    "foreignObject",
    "mi",
    "mo",
    "desc",
    "title",
    "annotation-xml",
    "li",
    "dd",
    "dt",
    "ul",
    "form",
    "button",
    "frameset",
    "frame",
    "textarea",
    "script",
    "style",
    "pre",
    "listing",
    "plaintext",
    "noscript",
    "iframe",
    "xmp",
    "h1",
    "h2",
    "br",
    "hr",
    "img",
    "input",
    "image",
    "marquee",
    "object",
    "search",
    "menu",
    "keygen",
    "selectedcontent",
    "span",
    "x-y",
    "meta",
    "base",
    "noembed",
    "noframes",
    "ruby",
    "rt",
    "rp",
    "isindex",
    "math",
    "mglyph",
    "malignmark",
];

/// Pieces that are not tags: text, whitespace, references, comments, a doctype, NUL, CR.
const OTHER: &[&str] = &[
    "x",
    " ",
    "\n",
    "&amp;",
    "&notin",
    "&#0;",
    "<!--c-->",
    "<!DOCTYPE html>",
    "\0",
    "\r\n",
    "</>",
    "<",
    "&",
    "text ",
    "\t",
];

/// The attributes the generated tags may carry.
const ATTRS: &[&str] = &[
    " id=a",
    " color=red",
    " type=hidden",
    " encoding=text/html",
    " encoding=application/xhtml+xml",
    " xlink:href=u",
    " definitionURL=d",
    " size=1",
    " face=f",
    " selected",
    " class='a b'",
];

/// XML5 pieces: prefixed and plain names, namespace declarations (legal, reserved, unbinding),
/// empty and short end tags, PIs, CDATA, references, a doctype, duplicates by written and by
/// resolved name.
const XML_PIECES: &[&str] = &[
    "<a>",
    "<b>",
    "<p:a>",
    "<q:b>",
    "</a>",
    "</b>",
    "</p:a>",
    "</q:b>",
    "</>",
    "<a/>",
    "<p:c/>",
    "<a xmlns='urn:d'>",
    "<b xmlns:p='urn:p'>",
    "<a xmlns:q='urn:p' q:x='1' p:x='2'>",
    "<b xmlns:p=''>",
    "<a xmlns:xml='http://www.w3.org/XML/1998/namespace'>",
    "<a xmlns:xmlns='urn:x'>",
    "<a x='1' x='2'>",
    "<b p:x='1' x='2'>",
    "<a xml:lang='en'>",
    "text",
    " ",
    "\n",
    "&amp;",
    "&lt;",
    "&#65;",
    "&#x10FFFF;",
    "&unknown;",
    "&",
    "<",
    "<!-- c -->",
    "<?pi data?>",
    "<?xml version='1.0'?>",
    "<![CDATA[x<y]]>",
    "<!DOCTYPE a>",
    "<!DOCTYPE a SYSTEM 'a.dtd'>",
    ">",
    "]]>",
    "\0",
    "\r\n",
];

/// A small xorshift generator: the documents depend only on the seed, on every machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One generated document of up to 40 pieces.
fn random_document(rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..1 + rng.below(40) {
        match rng.below(10) {
            0..=4 => {
                let _ = write!(s, "<{}", TAGS[rng.below(TAGS.len())]);
                if rng.below(3) == 0 {
                    s.push_str(ATTRS[rng.below(ATTRS.len())]);
                }
                s.push_str(if rng.below(8) == 0 { "/>" } else { ">" });
            }
            5..=7 => {
                let _ = write!(s, "</{}>", TAGS[rng.below(TAGS.len())]);
            }
            _ => s.push_str(OTHER[rng.below(OTHER.len())]),
        }
    }
    s
}

/// One generated XML5 document of up to 40 pieces.
fn random_xml_document(rng: &mut Rng) -> String {
    (0..1 + rng.below(40)).map(|_| XML_PIECES[rng.below(XML_PIECES.len())]).collect()
}

/// Compares `n` generated documents of `lang`: each difference must match a class (repro-only
/// classes included: these documents are not the corpus). Unclassified differences are grouped
/// by shape, and each group's first document is minimized and printed.
fn run_random(lang: Lang, classes: &[Class], n: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed.max(1));
    let mut groups: BTreeMap<(Option<String>, Option<String>), (usize, String)> = BTreeMap::new();
    let mut by_class: BTreeMap<usize, usize> = BTreeMap::new();
    let mut equal = 0;
    for _ in 0..n {
        let doc = match lang {
            Lang::Html => random_document(&mut rng),
            Lang::Xml => random_xml_document(&mut rng),
        };
        let out = compare(lang, classes, &doc);
        for &k in &out.modulo {
            *by_class.entry(k).or_default() += 1;
        }
        let Some(d) = out.left else {
            if out.modulo.is_empty() {
                equal += 1;
            }
            continue;
        };
        match classify(lang, classes, &d) {
            Some(k) => *by_class.entry(k).or_default() += 1,
            None => groups.entry(shape(&d)).or_insert((0, doc)).0 += 1,
        }
    }
    let other = other_parser(lang);
    println!("\nrandom {} (seed {seed}): {equal} of {n} generated documents equal to {other}", lang.name());
    for (k, count) in &by_class {
        println!("  {}: {count} documents", classes[*k].id);
    }
    let mut problems = Vec::new();
    for (group, (count, doc)) in groups {
        let small = minimize(&doc, &|s| compare(lang, classes, s).left.is_some_and(|d| shape(&d) == group));
        let msg = format!("{count} generated documents differ as {group:?}, e.g. {small:?}");
        println!("  {msg}");
        problems.push(msg);
    }
    problems
}

// ---------------------------------------------------------------------------------------------
// The run.

/// The class (index) that accounts for an input's remaining difference, if any.
fn classify(lang: Lang, classes: &[Class], d: &Difference) -> Option<usize> {
    classes.iter().position(|k| k.matches(lang, d))
}

/// Whether `input` still shows class `k` (the test that both minimizing and the repro check
/// use): for a modulo class, leaving its lines out changes the comparison; for a pattern
/// class, it is the class of the first difference left.
fn shows(lang: Lang, classes: &[Class], k: usize, input: &str) -> bool {
    let out = compare(lang, classes, input);
    let class = &classes[k];
    if class.drop_ours.is_some() || class.rule.is_some() || class.rename.is_some() {
        out.modulo.contains(&k)
    } else {
        out.left.is_some_and(|d| classify(lang, classes, &d) == Some(k))
    }
}

/// What one language's run found.
#[derive(Default)]
struct Tally {
    total: usize,
    /// Pages whose trees are equal as they are.
    equal: usize,
    /// Pages equal once the modulo classes' lines are left out.
    equal_modulo: usize,
    /// Class index → the pages it covers (a page may need a modulo class and a pattern class).
    classified: BTreeMap<usize, Vec<String>>,
    /// Unclassified differences: (page, difference).
    unclassified: Vec<(String, Difference)>,
    /// Each group's input cut down (with `--minimize`): (group, input).
    minimized: Vec<(String, String)>,
}

/// Compares every page of `corpora` and files each difference under its class.
fn run_corpus(lang: Lang, corpora: &[Corpus], classes: &[Class], minimize_first: bool) -> Tally {
    let shared = workspace_root().join("..");
    let shared = std::fs::canonicalize(&shared).unwrap_or(shared);
    let mut tally = Tally::default();
    // Group → its first page, for minimizing.
    let mut first_pages: BTreeMap<String, (Option<usize>, String)> = BTreeMap::new();
    for c in corpora {
        let Some(docs) = c.load_named() else { continue };
        for (path, doc) in docs {
            let page = path
                .strip_prefix(&shared)
                .map_or_else(|_| path.display().to_string(), |p| format!("../{}", p.display()));
            tally.total += 1;
            let out = compare(lang, classes, &doc);
            for &k in &out.modulo {
                tally.classified.entry(k).or_default().push(page.clone());
                if minimize_first {
                    first_pages.entry(classes[k].id.clone()).or_insert((Some(k), doc.clone()));
                }
            }
            let Some(d) = out.left else {
                if out.modulo.is_empty() {
                    tally.equal += 1;
                } else {
                    tally.equal_modulo += 1;
                }
                continue;
            };
            // A repro-only class names a difference the corpus did not show when it was
            // reviewed; a page showing it now is reported, for a reviewer to look at.
            match classify(lang, classes, &d).filter(|&k| classes[k].in_corpus) {
                Some(k) => {
                    tally.classified.entry(k).or_default().push(page.clone());
                    if minimize_first {
                        first_pages.entry(classes[k].id.clone()).or_insert((Some(k), doc.clone()));
                    }
                }
                None => {
                    if minimize_first {
                        let group = format!("unclassified {:?}", shape(&d));
                        first_pages.entry(group).or_insert((None, doc.clone()));
                    }
                    tally.unclassified.push((page, d));
                }
            }
        }
    }
    // Cut each group's first page down while it still shows its class; an unclassified group
    // while its first remaining difference keeps the same shape (the construct, not its text).
    for (group, (class, doc)) in first_pages {
        let small = match class {
            Some(k) => minimize(&doc, &|s| shows(lang, classes, k, s)),
            None => {
                let shape_of = |s: &str| compare(lang, classes, s).left.map(|d| shape(&d));
                let want = shape_of(&doc);
                minimize(&doc, &|s| shape_of(s) == want)
            }
        };
        tally.minimized.push((group, small));
    }
    tally
}

/// Each class's reproduction must still show that class: for a pattern class, as the first
/// difference; for a modulo class, equal trees once its lines are left out.
fn check_repros(classes: &[Class]) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, k) in classes.iter().enumerate() {
        let out = compare(k.lang, classes, &k.repro);
        let compared_modulo = k.drop_ours.is_some() || k.rule.is_some() || k.rename.is_some();
        let ok = shows(k.lang, classes, i, &k.repro) && (!compared_modulo || out.left.is_none());
        if !ok {
            problems.push(format!(
                "class {}: its repro no longer shows it (modulo {:?}, first difference left {:?})",
                k.id,
                out.modulo.iter().map(|&m| &classes[m].id).collect::<Vec<_>>(),
                out.left
            ));
        }
    }
    problems
}

/// `--show FILE`: both trees of one file around their first difference (the language from the
/// file's extension: `.html`/`.htm` are HTML, anything else XML).
fn show(path: &str) -> ExitCode {
    // cargo runs benches in the package directory; paths are the workspace root's.
    let Ok(input) = std::fs::read_to_string(workspace_root().join(path)) else {
        eprintln!("cannot read {path}");
        return ExitCode::FAILURE;
    };
    let lang = if path.ends_with(".html") || path.ends_with(".htm") { Lang::Html } else { Lang::Xml };
    let (ours, theirs) = trees(lang, &input);
    let Some(d) = first_difference(&ours, &theirs) else {
        println!("equal trees");
        return ExitCode::SUCCESS;
    };
    let from = d.line.saturating_sub(6);
    for (who, tree) in [("statemark", &ours), ("other", &theirs)] {
        println!("--- {who}, from tree line {}", from + 1);
        for l in tree.lines().skip(from).take(12) {
            println!("{l}");
        }
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let Some(i) = args.iter().position(|a| a == "--show") {
        return args.get(i + 1).map_or(ExitCode::FAILURE, |p| show(p));
    }
    let minimize_first = args.iter().any(|a| a == "--minimize");
    let langs: Vec<&String> = args.iter().filter(|a| *a == "html" || *a == "xml").collect();
    let want = |l: Lang| langs.is_empty() || langs.iter().any(|a| *a == l.name());
    let classes = match load_classes(&workspace_root().join(EXPECTATIONS)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{EXPECTATIONS}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut problems = check_repros(&classes);
    if let Some(i) = args.iter().position(|a| a == "--random") {
        let n = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(10_000);
        let seed = args.get(i + 2).and_then(|n| n.parse().ok()).unwrap_or(12);
        // XML only when asked for: its generated documents are not reviewed yet (see
        // benches/README.md), and their differences would drown the HTML ones.
        let random_langs = if langs.is_empty() { vec![Lang::Html] } else { vec![Lang::Html, Lang::Xml] };
        for lang in random_langs.into_iter().filter(|&l| want(l)) {
            problems.extend(run_random(lang, &classes, n, seed));
        }
        return report(&problems);
    }
    let runs = [(Lang::Html, [corpus::HTML, corpus::HTML_BIG].as_slice()), (Lang::Xml, [corpus::XML].as_slice())];
    for (lang, corpora) in runs {
        if !want(lang) {
            continue;
        }
        let tally = run_corpus(lang, corpora, &classes, minimize_first);
        if tally.total == 0 {
            continue;
        }
        let other = other_parser(lang);
        let listed: usize = tally.total - tally.equal - tally.equal_modulo - tally.unclassified.len();
        println!(
            "\n{}: {} of {} pages equal to {other}; {} equal modulo listed classes, {} differ in \
             listed classes, {} unclassified",
            lang.name(),
            tally.equal,
            tally.total,
            tally.equal_modulo,
            listed,
            tally.unclassified.len()
        );
        for (k, class) in classes.iter().enumerate().filter(|(_, k)| k.lang == lang) {
            match tally.classified.get(&k) {
                Some(pages) => println!("  {}: {} pages (first: {})", class.id, pages.len(), pages[0]),
                None if class.in_corpus => {
                    problems.push(format!("class {}: no page of the corpus differs this way any more", class.id));
                }
                None => println!("  {}: no page (checked by its repro only)", class.id),
            }
        }
        for (page, d) in &tally.unclassified {
            let msg = format!(
                "{page}: unclassified difference at tree line {}: statemark {:?}, other {:?}",
                d.line, d.ours, d.theirs
            );
            println!("  {msg}");
            problems.push(msg);
        }
        for (group, input) in &tally.minimized {
            println!("  minimized ({group}): {input:?}");
        }
    }
    report(&problems)
}

/// Prints the problems found, if any; the exit status says whether there were any.
fn report(problems: &[String]) -> ExitCode {
    if problems.is_empty() {
        println!("\ndifferential: every difference is in a listed class");
        ExitCode::SUCCESS
    } else {
        println!("\ndifferential: {} problem(s):", problems.len());
        for p in problems {
            println!("  {p}");
        }
        ExitCode::FAILURE
    }
}
