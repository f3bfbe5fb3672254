//! `cargo xtask graph`: a machine as a graph (states as nodes, cases as labelled edges) in DOT,
//! and as SVG through Graphviz's `dot` when it is installed. `spec-diff --format html` draws the
//! union of two machines with the changes coloured. An edge inside a `Branch` body (the 2008
//! draft's content model flag) that not every branch takes carries its branch's condition.

use statemark_codegen::model::{Body, BodyBranch, Case, Guard, Machine, Matcher, Terminal};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::Write;
use std::process::{Command, Stdio};

/// How an edge moves the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeKind {
    /// "Switch to": the next character is consumed there (solid).
    Switch,
    /// "Reconsume in": the current character is read again there (dashed).
    Reconsume,
    /// "Switch to / reconsume in the return state" (dotted, to the `return state` node).
    Return,
    /// "Set the return state to": where a return will go (dotted, grey, no arrowhead fill).
    SetsReturn,
    /// "Emit an end-of-file token" (to the `EOF` node).
    Eof,
}

/// What a diff says about a node or an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    Same,
    Added,
    Removed,
    Changed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The state's snake_case name, or `return state` / `EOF`.
    pub name: String,
    pub label: String,
    pub hand_written: bool,
    pub change: Change,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: String,
    pub to: String,
    pub kind: EdgeKind,
    /// The matchers that take this edge, each with its guard, `→` the terminal's words.
    pub label: String,
    pub change: Change,
}

/// A machine's graph: nodes in spec order, edges in case order.
#[derive(Debug, Clone, Default)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
}

pub const RETURN: &str = "return state";
pub const EOF: &str = "EOF";

/// A matcher as an edge label: the character itself where the spec gives it in parentheses.
pub fn short_matcher(m: &Matcher) -> String {
    match m {
        Matcher::Char(s) => match (s.rfind('('), s.ends_with(')')) {
            (Some(p), true) if s.len() - p <= 6 => s[p + 1..s.len() - 1].to_owned(),
            _ => s.split_whitespace().next().unwrap_or(s).to_owned(),
        },
        Matcher::Class(c) => c.label().to_owned(),
        Matcher::Eof => "EOF".into(),
        Matcher::AnythingElse => "anything else".into(),
        Matcher::Exact(s) => format!("{s:?}"),
        Matcher::CaseInsensitive(s) => format!("{s:?}i"),
    }
}

fn target(t: &Terminal, state: &str) -> Option<(String, EdgeKind)> {
    Some(match t {
        Terminal::Switch(s) => (s.clone(), EdgeKind::Switch),
        Terminal::Reconsume(s) => (s.clone(), EdgeKind::Reconsume),
        Terminal::Stay => (state.to_owned(), EdgeKind::Switch),
        Terminal::SwitchToReturnState | Terminal::ReconsumeInReturnState => (RETURN.to_owned(), EdgeKind::Return),
        Terminal::EmitEof => (EOF.to_owned(), EdgeKind::Eof),
        Terminal::AsAnythingElse => return None,
    })
}

/// A guard as an edge label: the spec's condition names (`AppropriateEndTag`), flags as
/// `flag=VALUE|VALUE`, combinators as `&`, `|` and `not`.
pub fn guard_words(g: &Guard) -> String {
    let join = |gs: &[Guard], sep: &str| gs.iter().map(guard_words).collect::<Vec<_>>().join(sep);
    match g {
        Guard::Flag(flag, values) => format!("{flag}={}", values.join("|")),
        Guard::All(gs) => join(gs, " & "),
        Guard::Any(gs) => format!("({})", join(gs, " | ")),
        Guard::Not(g) => format!("not {}", guard_words(g)),
        Guard::LastCharactersAre(s) => format!("last {s:?}"),
        Guard::NextCharactersAreLastStartTagFollowedBy(_) => "next = last start tag".into(),
        other => format!("{other:?}"),
    }
}

fn case_edges(state: &str, case: &Case, out: &mut BTreeMap<(String, String, EdgeKind), Vec<String>>) {
    let on = case.on.iter().map(short_matcher).collect::<Vec<_>>().join(" ");
    let mut branches = vec![(
        case.guard.as_ref().map_or(on.clone(), |g| format!("{on} [{}]", guard_words(g))),
        &case.actions,
        &case.then,
    )];
    if let Some(b) = &case.otherwise {
        branches.push((format!("{on} [else]"), &b.actions, &b.then));
    }
    for (label, actions, then) in branches {
        for a in actions {
            if let statemark_codegen::model::Action::SetReturnState(s) = a {
                out.entry((state.to_owned(), s.clone(), EdgeKind::SetsReturn)).or_default().push(label.clone());
            }
        }
        if let Some((to, kind)) = target(then, state) {
            out.entry((state.to_owned(), to, kind)).or_default().push(label.clone());
        }
    }
}

/// Each branch's condition as an edge label: its guard, and for the last ("otherwise") the
/// negation of those before it.
fn branch_conditions(bs: &[BodyBranch]) -> Vec<String> {
    let guards: Vec<String> = bs.iter().filter_map(|b| b.guard.as_ref().map(guard_words)).collect();
    let otherwise = match guards.as_slice() {
        [] => "otherwise".to_owned(),
        [one] if !one.contains(' ') => format!("not {one}"),
        [one] => format!("not ({one})"),
        many => format!("not ({})", many.join(" | ")),
    };
    bs.iter().map(|b| b.guard.as_ref().map(guard_words).unwrap_or_else(|| otherwise.clone())).collect()
}

/// The edges of a `Branch` body: an edge one branch takes and another does not is labelled
/// with that branch's condition (put before a case's own guard); one every branch takes, the
/// same way, is not.
fn branch_edges(state: &str, bs: &[BodyBranch], out: &mut BTreeMap<(String, String, EdgeKind), Vec<String>>) {
    let conds = branch_conditions(bs);
    let per: Vec<BTreeMap<(String, String, EdgeKind), Vec<String>>> = bs
        .iter()
        .map(|b| {
            let mut m = BTreeMap::new();
            for (_, c, _) in b.body.numbered_cases() {
                case_edges(state, c, &mut m);
            }
            m
        })
        .collect();
    for (m, cond) in per.iter().zip(&conds) {
        for (key, labels) in m {
            for l in labels {
                let everywhere = per.iter().all(|o| o.get(key).is_some_and(|v| v.contains(l)));
                let label = if everywhere {
                    l.clone()
                } else if let Some((on, guard)) = l.split_once(" [") {
                    format!("{on} [{cond} & {guard}")
                } else {
                    format!("{l} [{cond}]")
                };
                let v = out.entry(key.clone()).or_default();
                if !v.contains(&label) {
                    v.push(label);
                }
            }
        }
    }
}

/// The whole machine.
pub fn graph_of(m: &Machine) -> Graph {
    let mut g = Graph::default();
    let mut edges: BTreeMap<(String, String, EdgeKind), Vec<String>> = BTreeMap::new();
    let mut order: Vec<(String, String, EdgeKind)> = Vec::new();
    for (name, def) in &m.states {
        g.nodes.push(Node {
            name: name.clone(),
            label: def.heading.clone(),
            hand_written: matches!(def.body, Body::HandWritten { .. }),
            change: Change::Same,
        });
        let mut local = BTreeMap::new();
        match &def.body {
            Body::ConsumeNext(_) | Body::Lookahead(_) => {
                for (_, c, _) in def.body.numbered_cases() {
                    case_edges(name, c, &mut local);
                }
            }
            Body::Branch(bs) => branch_edges(name, bs, &mut local),
            Body::HandWritten { goes_to, .. } => {
                for s in goes_to {
                    local
                        .entry((name.clone(), s.clone(), EdgeKind::Switch))
                        .or_insert_with(|| vec!["(algorithm)".into()]);
                }
                local
                    .entry((name.clone(), RETURN.to_owned(), EdgeKind::Return))
                    .or_insert_with(|| vec!["(algorithm)".into()]);
            }
        }
        for (k, v) in local {
            order.push(k.clone());
            edges.entry(k).or_default().extend(v);
        }
    }
    let uses = |n: &str| order.iter().any(|(_, to, _)| to == n);
    for (special, label) in [(RETURN, "return state"), (EOF, "end of file")] {
        if uses(special) {
            g.nodes.push(Node { name: special.into(), label: label.into(), hand_written: false, change: Change::Same });
        }
    }
    for k in order {
        let label = edges[&k].join("\n");
        g.edges.push(Edge { from: k.0, to: k.1, kind: k.2, label, change: Change::Same });
    }
    g
}

/// The part of `g` within `depth` edges of `roots` (either direction), with the edges among it.
pub fn neighbourhood(g: &Graph, roots: &[String], depth: usize) -> Graph {
    let mut dist: BTreeMap<&str, usize> = BTreeMap::new();
    let mut queue: VecDeque<&str> = VecDeque::new();
    for r in roots {
        if let Some(n) = g.nodes.iter().find(|n| &n.name == r) {
            dist.insert(&n.name, 0);
            queue.push_back(&n.name);
        }
    }
    while let Some(n) = queue.pop_front() {
        let d = dist[n];
        if d == depth {
            continue;
        }
        for e in &g.edges {
            let next = if e.from == n && e.to != RETURN && e.to != EOF {
                &e.to
            } else if e.to == n {
                &e.from
            } else {
                continue;
            };
            if !dist.contains_key(next.as_str()) {
                dist.insert(next, d + 1);
                queue.push_back(next);
            }
        }
    }
    let keep: BTreeSet<&str> = dist.keys().copied().chain([RETURN, EOF]).collect();
    let edges: Vec<Edge> =
        g.edges.iter().filter(|e| keep.contains(e.from.as_str()) && keep.contains(e.to.as_str())).cloned().collect();
    let used: BTreeSet<&str> = edges.iter().flat_map(|e| [e.from.as_str(), e.to.as_str()]).collect();
    let nodes = g
        .nodes
        .iter()
        .filter(|n| {
            dist.contains_key(n.name.as_str())
                || ((n.name == RETURN || n.name == EOF) && used.contains(n.name.as_str()))
        })
        .cloned()
        .collect();
    Graph { nodes, edges }
}

/// Two graphs as one: nodes and edges of either, marked added (only in `b`), removed (only in
/// `a`), changed (a node whose edges differ) or the same.
pub fn union(a: &Graph, b: &Graph) -> Graph {
    let mut g = Graph::default();
    let key = |e: &Edge| (e.from.clone(), e.to.clone(), e.kind, e.label.clone());
    let a_edges: BTreeSet<_> = a.edges.iter().map(key).collect();
    let b_edges: BTreeSet<_> = b.edges.iter().map(key).collect();
    let mut touched: BTreeSet<String> = BTreeSet::new();
    for e in &b.edges {
        let change = if a_edges.contains(&key(e)) { Change::Same } else { Change::Added };
        if change != Change::Same {
            touched.insert(e.from.clone());
        }
        g.edges.push(Edge { change, ..e.clone() });
    }
    for e in &a.edges {
        if !b_edges.contains(&key(e)) {
            touched.insert(e.from.clone());
            g.edges.push(Edge { change: Change::Removed, ..e.clone() });
        }
    }
    for n in &b.nodes {
        let change = match a.nodes.iter().find(|o| o.name == n.name) {
            None => Change::Added,
            Some(o) if o.label != n.label || touched.contains(&n.name) => Change::Changed,
            Some(_) => Change::Same,
        };
        g.nodes.push(Node { change, ..n.clone() });
    }
    for n in &a.nodes {
        if !b.nodes.iter().any(|o| o.name == n.name) {
            g.nodes.push(Node { change: Change::Removed, ..n.clone() });
        }
    }
    g
}

fn colour(c: Change) -> Option<&'static str> {
    match c {
        Change::Same => None,
        Change::Added => Some("#1a7f37"),
        Change::Removed => Some("#cf222e"),
        Change::Changed => Some("#bf8700"),
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(ch),
        }
    }
    out.push('"');
    out
}

/// DOT text: solid edges switch, dashed reconsume, dotted go to (or set) the return state.
pub fn to_dot(g: &Graph, title: &str) -> String {
    let mut s = String::new();
    s.push_str(&format!("digraph {} {{\n", quote(title)));
    s.push_str(&format!("  label={};\n  labelloc=t;\n  rankdir=LR;\n", quote(title)));
    s.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n");
    s.push_str("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for n in &g.nodes {
        let mut attrs = vec![format!("label={}", quote(&n.label))];
        if n.name == RETURN || n.name == EOF {
            attrs.push("shape=ellipse".into());
            attrs.push("style=dotted".into());
        } else if n.hand_written {
            attrs.push("style=\"rounded,dashed\"".into());
        }
        if let Some(c) = colour(n.change) {
            attrs.push(format!("color={}", quote(c)));
            attrs.push(format!("fontcolor={}", quote(c)));
            attrs.push("penwidth=2".into());
        }
        s.push_str(&format!("  {} [{}];\n", quote(&n.name), attrs.join(", ")));
    }
    for e in &g.edges {
        let mut attrs = vec![format!("label={}", quote(&e.label))];
        match e.kind {
            EdgeKind::Switch => {}
            EdgeKind::Reconsume => attrs.push("style=dashed".into()),
            EdgeKind::Return => attrs.push("style=dotted".into()),
            EdgeKind::SetsReturn => {
                attrs.push("style=dotted".into());
                attrs.push("arrowhead=empty".into());
                attrs.push("color=\"#888888\"".into());
            }
            EdgeKind::Eof => attrs.push("arrowhead=dot".into()),
        }
        if let Some(c) = colour(e.change) {
            attrs.retain(|a| !a.starts_with("color="));
            attrs.push(format!("color={}", quote(c)));
            attrs.push(format!("fontcolor={}", quote(c)));
            attrs.push("penwidth=2".into());
        }
        s.push_str(&format!("  {} -> {} [{}];\n", quote(&e.from), quote(&e.to), attrs.join(", ")));
    }
    s.push_str("}\n");
    s
}

/// Whether Graphviz's `dot` is on PATH.
pub fn have_dot() -> bool {
    Command::new("dot").arg("-V").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// SVG through Graphviz's `dot -Tsvg`.
pub fn to_svg(dot: &str) -> Result<String, String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run Graphviz `dot` ({e}); install graphviz for SVG, or write .dot"))?;
    child.stdin.take().expect("piped stdin").write_all(dot.as_bytes()).map_err(|e| format!("dot: {e}"))?;
    let out = child.wait_with_output().map_err(|e| format!("dot: {e}"))?;
    if !out.status.success() {
        return Err(format!("dot failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("dot: {e}"))
}

/// `cargo xtask graph MACHINE [--state S]... [--depth N] [-o FILE]`: DOT to stdout, or to
/// `FILE.dot`, or SVG to `FILE.svg` (Graphviz).
pub fn run_cli(
    root: &std::path::Path,
    machine: &str,
    states: &[String],
    depth: usize,
    output: Option<&std::path::Path>,
) -> Result<String, String> {
    let m = crate::machines::load(root, machine)?;
    let mut g = graph_of(&m);
    for s in states {
        if !m.states.iter().any(|(n, _)| n == s) {
            return Err(format!("{machine}: no state {s}"));
        }
    }
    let title = if states.is_empty() {
        format!("{} ({})", m.manifest.spec_title, m.manifest.machine)
    } else {
        g = neighbourhood(&g, states, depth);
        format!("{}: {} (depth {depth})", m.manifest.machine, states.join(", "))
    };
    let dot = to_dot(&g, &title);
    let Some(out) = output else { return Ok(dot) };
    let text = if out.extension().is_some_and(|e| e == "svg") { to_svg(&dot)? } else { dot };
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(format!("wrote {} ({} states, {} edges)\n", out.display(), g.nodes.len(), g.edges.len()))
}
