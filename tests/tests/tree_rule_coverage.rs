//! The rules of tree construction (`spec/html/tree_rules.ron`, `TreeRule` in the runtime):
//! the RON against the spec text (every entry of every insertion mode's switch and of the
//! rules for foreign content, bullets verbatim, in order), the RON against the runtime enum,
//! one trace checked rule by rule, and coverage: every rule is taken by some case of the
//! html5lib tree suite, the WPT copies or our own `tests/data/tree/`, run with the trace on,
//! unless `tests/expectations/unreachable_tree_rules.json` lists it with the reason no input
//! can reach it (a listed rule that is reached fails too). Prints `N passed, N failed`.
//! XML5's rules (`xml5::TreeRule`) are held to the draft's "Tree construction": each phase's
//! entries, in order, with the draft's words.

use serde::Deserialize;
use statemark::dom::Dom;
use statemark::html::tree::{TreeBuilder, TreeRule};
use statemark::html::{Options, Tokenizer, TreeOptions};
use statemark_tests::tree::{TreeCase, context_of, dat_files, parse_dat, run_tree_case};
use std::collections::{BTreeMap, BTreeSet};
use xtask::spec_text::{clean, parse_switch, strip_comments};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleList {
    anchor_base: String,
    #[allow(dead_code)]
    provenance: String,
    modes: Vec<ModeDef>,
    /// The branches of the algorithms content patching adds (each `bullets` one step's text).
    #[serde(default)]
    algorithms: Vec<ModeDef>,
}

/// Where the template element's algorithms are (their anchors other than the in-head mode's).
const SCRIPTING_BASE: &str = "https://html.spec.whatwg.org/multipage/scripting.html#";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModeDef {
    mode: String,
    anchor: String,
    heading: String,
    rules: Vec<RuleDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleDef {
    name: String,
    bullets: Vec<String>,
}

fn load_rules() -> RuleList {
    let path = statemark_tests::root().join("spec/html/tree_rules.ron");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The RON and the runtime enum list the same rules, in the same order, with the same mode
/// anchors and entry numbers; names are the mode's name and then the rule's.
fn ron_against_enum(list: &RuleList, problems: &mut Vec<String>) {
    let ron: Vec<(String, String, u8)> = list
        .modes
        .iter()
        .chain(&list.algorithms)
        .flat_map(|m| m.rules.iter().enumerate().map(|(i, r)| (r.name.clone(), m.anchor.clone(), i as u8 + 1)))
        .collect();
    let rust: Vec<(String, String, u8)> =
        TreeRule::ALL.iter().map(|r| (r.name().to_owned(), r.mode_anchor().to_owned(), r.entry())).collect();
    if ron != rust {
        problems.push(format!("spec/html/tree_rules.ron and TreeRule differ:\nron:  {ron:?}\nrust: {rust:?}"));
    }
    for m in list.modes.iter().chain(&list.algorithms) {
        for r in m.rules.iter().filter(|r| !r.name.starts_with(&format!("{}_", m.mode))) {
            problems.push(format!("{}: the name does not start with its mode {}", r.name, m.mode));
        }
    }
    let on_scripting_page: BTreeSet<&str> =
        list.algorithms.iter().map(|m| m.anchor.as_str()).filter(|a| *a != "parsing-main-inhead").collect();
    for &r in TreeRule::ALL {
        let base = if on_scripting_page.contains(r.mode_anchor()) { SCRIPTING_BASE } else { &list.anchor_base };
        if r.spec_url() != format!("{base}{}", r.mode_anchor()) {
            problems.push(format!("{}: spec_url {} is not under {base}", r.name(), r.spec_url()));
        }
    }
}

/// One insertion mode as the spec text has it: heading, anchor, and its switch's entries.
struct TextMode {
    heading: String,
    anchor: String,
    entries: Vec<Vec<String>>,
}

/// Every `<h5>`/`<h6>` section of tree-construction.html that is an insertion mode or the
/// rules for foreign content, with the entries (bullet groups) of its first `<dl>`.
fn text_modes(markup: &str) -> Vec<TextMode> {
    let text = strip_comments(markup);
    let lower = text.to_ascii_lowercase();
    let mut starts: Vec<usize> = Vec::new();
    for tag in ["<h4", "<h5", "<h6"] {
        starts.extend(lower.match_indices(tag).map(|(p, _)| p));
    }
    starts.sort();
    let mut out = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let open_end = start + lower[start..].find('>').unwrap_or(0);
        let Some(close) = lower[open_end..].find("</h").map(|p| open_end + p) else { continue };
        let heading = clean(&text[open_end + 1..close]);
        if !(heading.ends_with("insertion mode") || heading == "The rules for parsing tokens in foreign content") {
            continue;
        }
        let open = &text[start..open_end];
        // The WHATWG build derives a missing id from the heading: lowercase, quotes dropped,
        // spaces to hyphens.
        let anchor = match open.find("id=\"") {
            Some(p) => open[p + 4..].split('"').next().unwrap_or("").to_owned(),
            None => heading.to_lowercase().replace('"', "").replace(' ', "-"),
        };
        let body_end = starts.get(i + 1).copied().unwrap_or(text.len());
        let (_, cases) = parse_switch(&text[close..body_end]);
        out.push(TextMode { heading, anchor, entries: cases.into_iter().map(|c| c.bullets).collect() });
    }
    out
}

/// The RON against the spec text: the same modes in the same order, and in each the same
/// entries with the same bullets, in order.
fn ron_against_text(list: &RuleList, problems: &mut Vec<String>) -> bool {
    let Some(shared) = statemark_tests::suite("STATEMARK_SHARED", ".") else { return false };
    let path = shared.join("spec/html/tree-construction.html");
    let markup = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = text_modes(&markup);
    let heads = |v: Vec<(&str, &str)>| v.into_iter().map(|(h, a)| format!("{h} #{a}")).collect::<Vec<_>>();
    let ron_heads = heads(list.modes.iter().map(|m| (m.heading.as_str(), m.anchor.as_str())).collect());
    let text_heads = heads(text.iter().map(|m| (m.heading.as_str(), m.anchor.as_str())).collect());
    if ron_heads != text_heads {
        problems.push(format!("modes: spec/html/tree_rules.ron has {ron_heads:?}, the text {text_heads:?}"));
        return true;
    }
    // Each algorithm branch is a step of the text, verbatim, in the tree-construction or
    // content-patching text.
    let mut steps = String::new();
    for name in ["tree-construction.txt", "content-patching.txt"] {
        let path = shared.join("spec/html").join(name);
        steps += &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let steps = steps.split_whitespace().collect::<Vec<_>>().join(" ");
    for m in &list.algorithms {
        for r in &m.rules {
            for b in r.bullets.iter().filter(|b| !steps.contains(&b.split_whitespace().collect::<Vec<_>>().join(" "))) {
                problems.push(format!("{}: the step {b:?} is not in the text of #{}", r.name, m.anchor));
            }
        }
    }
    for (m, t) in list.modes.iter().zip(&text) {
        let ron: Vec<&Vec<String>> = m.rules.iter().map(|r| &r.bullets).collect();
        let txt: Vec<&Vec<String>> = t.entries.iter().collect();
        if ron != txt {
            let n = ron.iter().zip(&txt).take_while(|(a, b)| a == b).count();
            problems.push(format!(
                "#{}: entry {} differs: spec/html/tree_rules.ron {:?}, the text {:?} ({} entries against {})",
                m.anchor,
                n + 1,
                ron.get(n),
                txt.get(n),
                ron.len(),
                txt.len()
            ));
        }
    }
    true
}

/// Parse one case with the rule trace on; the tree must be the one the untraced parse gives.
fn trace_case(case: &TreeCase, scripting: bool) -> (Vec<TreeRule>, String) {
    let options = TreeOptions::with_scripting(scripting);
    let data = case.data.strip_prefix('\u{feff}').unwrap_or(&case.data);
    let (builder, frag) = match &case.fragment {
        Some(c) => {
            let (b, opts, frag) = TreeBuilder::new_fragment(Dom::new(), &context_of(c), options);
            let mut tok = Tokenizer::with_sink(&case.data, opts, b.with_rule_trace());
            tok.run();
            (tok.into_sink(), Some(frag))
        }
        None => {
            let b = TreeBuilder::new(Dom::new(), options).with_rule_trace();
            let mut tok = Tokenizer::with_sink(data, Options::default(), b);
            tok.run();
            (tok.into_sink(), None)
        }
    };
    let rules = builder.rule_trace().to_vec();
    let mut dom = builder.into_sink();
    if let Some(f) = frag {
        dom.set_fragment_root(f);
    }
    (rules, dom.to_test_format())
}

/// A trace read rule by rule: the order of the entries a small document takes, handovers
/// ("process the token using the rules for ...") recorded in both modes.
fn one_trace(problems: &mut Vec<String>) {
    use TreeRule::*;
    let case = TreeCase {
        index: 0,
        description: None,
        data: "<!DOCTYPE html><title>t</title><p>x<table>y</table>".to_owned(),
        fragment: None,
        script: None,
        document: String::new(),
        errors: Vec::new(),
        new_errors: Vec::new(),
    };
    let want = [
        InitialDoctype,
        BeforeHtmlAnythingElse,
        BeforeHeadAnythingElse,
        InHeadStartTitle,
        TextCharacter,
        TextOtherEnd,
        InHeadAnythingElse,
        AfterHeadAnythingElse,
        InBodyStartAddress,
        InBodyOtherCharacter,
        InBodyStartTable,
        InTableCharacter,
        InTableTextOtherCharacter,
        InTableTextAnythingElse,
        InTableAnythingElse,
        InBodyOtherCharacter,
        InTableEndTable,
        InBodyEof,
    ];
    let (got, _) = trace_case(&case, true);
    if got != want {
        problems.push(format!("the trace of {:?}:\n  got  {got:?}\n  want {want:?}", case.data));
    }
}

/// `xml5::TreeRule` against the XML5 draft (`../shared/spec/xml5/index.bs`, read in place):
/// the `<dt>` entries of each phase's switch, in order, are the rules' labels and numbers (the
/// rules without an entry are statemark's decisions). False when the text is missing.
fn xml5_rules_against_the_draft(problems: &mut Vec<String>) -> bool {
    use statemark::xml5::TreeRule as X;
    let Some(shared) = statemark_tests::suite("STATEMARK_SHARED", ".") else { return false };
    let Ok(text) = std::fs::read_to_string(shared.join("spec/xml5/index.bs")) else { return false };
    for (phase, anchor) in [("Start phase", "start-phase"), ("Main phase", "main-phase"), ("End phase", "end-phase")] {
        let Some(at) = text.find(&format!("<dt><dfn>{phase}</dfn></dt>")) else {
            problems.push(format!("xml5 draft: no {phase}"));
            continue;
        };
        let rest = &text[at..];
        let end = rest.find("</dl>").unwrap_or(rest.len());
        let entries: Vec<&str> = rest[..end]
            .lines()
            .filter_map(|l| l.trim().strip_prefix("<dt>").and_then(|l| l.strip_suffix("</dt>")))
            .filter(|l| !l.starts_with("<dfn>"))
            .collect();
        let ours: Vec<&str> =
            X::ALL.iter().filter(|r| r.phase_anchor() == anchor && r.entry().is_some()).map(|r| r.label()).collect();
        if entries != ours {
            problems.push(format!("xml5 {phase}: the draft's entries {entries:?}, the rules' {ours:?}"));
        }
        for (i, r) in X::ALL.iter().filter(|r| r.phase_anchor() == anchor && r.entry().is_some()).enumerate() {
            if usize::from(r.entry().unwrap_or(0)) != i + 1 {
                problems.push(format!("xml5 {}: entry {:?}, the draft's {}", r.name(), r.entry(), i + 1));
            }
        }
    }
    println!("tree rules: xml5's {} rules held to the draft's phases", X::ALL.len());
    true
}

fn main() {
    let list = load_rules();
    let mut problems = Vec::new();
    ron_against_enum(&list, &mut problems);
    if !xml5_rules_against_the_draft(&mut problems) {
        println!("tree rules: the XML5 draft's text missing (STATEMARK_SHARED), xml5's rules not checked against it");
    }
    if !ron_against_text(&list, &mut problems) {
        println!("tree rules: spec text missing (STATEMARK_SHARED), the RON is not checked against it");
    }
    one_trace(&mut problems);

    let path = statemark_tests::root().join("tests/expectations/unreachable_tree_rules.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let listed: BTreeMap<String, String> = json["rules"]
        .as_array()
        .expect("a rules array")
        .iter()
        .map(|r| (r["rule"].as_str().unwrap_or("").to_owned(), r["reason"].as_str().unwrap_or("").to_owned()))
        .collect();

    let suites = [
        ("html5lib", statemark_tests::suite("HTML5LIB_TESTS", "html5lib-tests").map(|d| d.join("tree-construction"))),
        ("wpt", statemark_tests::suite("WPT_HTML_PARSING", "wpt-html-parsing")),
        ("statemark", Some(statemark_tests::root().join("tests/data/tree"))),
    ];
    // Which suite first reaches each rule, and how many runs reach it.
    let mut reached: BTreeMap<TreeRule, (usize, &str)> = BTreeMap::new();
    let mut runs = 0;
    let mut complete = true;
    for (name, dir) in &suites {
        let Some(dir) = dir else {
            complete = false;
            continue;
        };
        let before = reached.len();
        for file in dat_files(dir) {
            let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for case in parse_dat(&text) {
                for scripting in case.modes() {
                    runs += 1;
                    let (rules, tree) = trace_case(&case, scripting);
                    if tree != run_tree_case(&case, scripting) {
                        problems.push(format!("{}: {:?}: the traced tree differs", file.display(), case.data));
                    }
                    for r in rules.into_iter().collect::<BTreeSet<_>>() {
                        reached.entry(r).or_insert((0, name)).0 += 1;
                    }
                }
            }
        }
        println!("tree rules: {name} reaches {} more ({} so far)", reached.len() - before, reached.len());
    }

    let mut unreached_listed = 0;
    for &r in TreeRule::ALL {
        match (reached.get(&r), listed.get(r.name())) {
            (Some(_), None) => {}
            (Some((n, suite)), Some(_)) => problems.push(format!(
                "{}: listed as unreachable but reached ({n} runs, first in {suite}); remove it from {}",
                r.name(),
                path.display()
            )),
            (None, Some(reason)) if reason.contains('#') => unreached_listed += 1,
            (None, Some(_)) => {
                problems.push(format!("{}: listed as unreachable without a reason citing #anchor", r.name()))
            }
            // Without every suite, an unreached rule may be the missing suite's.
            (None, None) if !complete => println!("tree rules: {} not reached (a suite is missing)", r.name()),
            (None, None) => problems.push(format!(
                "{} (#{} entry {}): not reached by any case",
                r.name(),
                r.mode_anchor(),
                r.entry()
            )),
        }
    }
    for name in listed.keys() {
        if !TreeRule::ALL.iter().any(|r| r.name() == name) {
            problems.push(format!("{name}: listed as unreachable but there is no such rule"));
        }
    }
    for p in &problems {
        println!("TREE RULES {p}");
    }
    let total = TreeRule::ALL.len();
    println!(
        "tree rule coverage: {} passed, {} failed ({total} rules: {} reached by {runs} runs, {unreached_listed} listed unreachable)",
        total.saturating_sub(problems.len()),
        problems.len(),
        reached.len(),
    );
    if !problems.is_empty() {
        std::process::exit(1);
    }
}
