//! `cargo xtask spec-diff` and `cargo xtask graph` in the tests: the reports of a pinned pair
//! (spec/xml5 against a copy edited the way the 2022 draft changes it) are insta snapshots in
//! `tests/snapshots/spec_tools/`; a revision of a machine against itself is no change; every
//! machine draws.

use statemark_codegen::load::load_machine;
use statemark_codegen::model::Machine;
use std::path::{Path, PathBuf};
use xtask::graph::{self, Change, EdgeKind};
use xtask::spec_diff::{self, MatchedBy};

fn root() -> PathBuf {
    statemark_tests::root()
}

fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("tests/snapshots/spec_tools"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(name, text));
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(text.contains(from), "{}: {from:?} not found", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).expect("write");
}

/// spec/xml5 edited the way the 2022 draft changes the 2016 one (a renamed state, a new state
/// and error code, a retargeted `--`, no form feed in the DOCTYPE name state) plus one erratum
/// put back (the CDATA bracket state's "anything else" stays in the state).
fn edited_xml5(dir: &Path) -> Machine {
    let m = dir.join("xml5");
    xtask::machines::copy_dir(&root().join("spec/xml5"), &m).expect("copy spec/xml5");
    let t = m.join("tokenizer");
    std::fs::rename(t.join("tag_state.ron"), t.join("tag_open_state.ron")).expect("rename");
    edit(&t.join("tag_open_state.ron"), "id: \"tag_state\"", "id: \"tag_open_state\"");
    edit(&t.join("tag_open_state.ron"), "heading: \"Tag state\"", "heading: \"Tag open state\"");
    edit(&m.join("tokenizer.ron"), "\"tag_state\",", "\"tag_open_state\",");
    edit(&t.join("data_state.ron"), "Switch(\"tag_state\")", "Switch(\"tag_open_state\")");
    edit(&t.join("cdata_bracket_state.ron"), "then: Switch(\"cdata_state\")", "then: Switch(\"cdata_bracket_state\")");
    edit(&t.join("doctype_name_state.ron"), "Char(\"U+000C FORM FEED (FF)\"),", "");
    edit(
        &m.join("tokenizer.ron"),
        "\"markup_declaration_state\",",
        "\"markup_declaration_state\", \"comment_start_state\",",
    );
    edit(
        &t.join("markup_declaration_state.ron"),
        "then: Switch(\"comment_state\")",
        "then: Switch(\"comment_start_state\")",
    );
    std::fs::write(
        t.join("comment_start_state.ron"),
        r#"(
    id: "comment_start_state",
    heading: "Comment start state",
    body: ConsumeNext([
        (on: [Char("U+003E GREATER-THAN SIGN (>)")], do: [Error("abrupt-closing-of-empty-comment"), EmitComment], then: Switch("data_state")),
        (on: [AnythingElse], then: Reconsume("comment_state")),
    ]),
    examples: [(input: "<!-->"), (input: "<!--x-->")],
)
"#,
    )
    .expect("write");
    edit(
        &m.join("errors.ron"),
        "    errors: [\n",
        "    errors: [\n        (code: \"abrupt-closing-of-empty-comment\", summary: \"<!--> closes an empty comment.\"),\n",
    );
    let problems = |e: Vec<String>| e.join("\n");
    let machine = load_machine(dir, "xml5").map_err(problems).expect("edited copy loads");
    let v = statemark_codegen::validate::validate(&machine);
    assert!(v.is_empty(), "edited copy is valid:\n{}", v.join("\n"));
    machine
}

fn pinned_pair() -> (Machine, Machine, spec_diff::Report) {
    let dir = std::env::temp_dir().join(format!("statemark-spec-diff-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let b = edited_xml5(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    let a = load_machine(&root().join("spec"), "xml5").expect("spec/xml5 loads");
    let r = spec_diff::diff(&a, &b, "spec/xml5", "spec/xml5 (edited)");
    (a, b, r)
}

#[test]
fn spec_diff_reports_the_pinned_pair() {
    let (a, b, r) = pinned_pair();
    assert_eq!(r.added.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(), ["comment_start_state"]);
    assert!(r.removed.is_empty());
    let rename = r.changed.iter().find(|c| c.a == "tag_state").expect("tag_state is matched");
    assert_eq!((rename.b.as_str(), rename.matched_by), ("tag_open_state", MatchedBy::Cases(100)));
    assert_eq!(r.errors_added, ["abrupt-closing-of-empty-comment"]);
    let text = spec_diff::render_text(&r);
    println!("{text}");
    snapshot("xml5_edited.txt", &text);
    snapshot("xml5_edited.md", &spec_diff::render_md(&r));
    // The picture of the changed part, as DOT (SVG depends on the Graphviz version).
    let g = spec_diff::changed_graph(&a, &b, &r);
    assert!(g.nodes.iter().any(|n| n.name == "comment_start_state" && n.change == Change::Added));
    assert!(g.nodes.iter().any(|n| n.name == "cdata_bracket_state" && n.change == Change::Changed));
    assert!(
        g.edges.iter().any(|e| e.from == "cdata_bracket_state" && e.to == "cdata_state" && e.change == Change::Removed)
    );
    snapshot("xml5_edited.dot", &graph::to_dot(&g, "spec/xml5 -> spec/xml5 (edited)"));
    let html = spec_diff::render_html(&a, &b, &r);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("comment_start_state"));
    assert!(!html.contains("src=") && !html.contains("<link"), "the page is self-contained");
    assert!(html.contains("<svg") || html.contains("digraph"), "the page has the picture");
}

/// The showcase of issue 17: the 12.2.4 edition against today's tables.
fn editions() -> (Machine, Machine, spec_diff::Report) {
    let a = load_machine(&root().join("spec"), "html2017").expect("spec/html2017 loads");
    let b = load_machine(&root().join("spec"), "html").expect("spec/html loads");
    let r = spec_diff::diff(&a, &b, "spec/html2017", "spec/html");
    (a, b, r)
}

#[test]
fn spec_diff_of_the_12_2_4_edition_and_today() {
    let (_, _, r) = editions();
    let added: Vec<&str> = r.added.iter().map(|s| s.0.as_str()).collect();
    let removed: Vec<&str> = r.removed.iter().map(|s| s.0.as_str()).collect();
    let changed = |state: &str| r.changed.iter().any(|c| c.a == state && c.b == state);
    // The character reference states restructured: three states and the 12.2.4.69 algorithm
    // become today's eight states with a return state.
    assert_eq!(
        removed,
        [
            "character_reference_in_data_state",
            "character_reference_in_rcdata_state",
            "character_reference_in_attribute_value_state",
            "tokenizing_character_references"
        ]
    );
    for s in [
        "character_reference_state",
        "named_character_reference_state",
        "ambiguous_ampersand_state",
        "numeric_character_reference_state",
        "hexadecimal_character_reference_start_state",
        "hexadecimal_character_reference_state",
        "decimal_character_reference_state",
        "numeric_character_reference_end_state",
        // The comment less-than sign states (whatwg/html #1356).
        "comment_less_than_sign_state",
        "comment_less_than_sign_bang_state",
        "comment_less_than_sign_bang_dash_state",
        "comment_less_than_sign_bang_dash_dash_state",
        // The CDATA section read one character at a time.
        "cdata_section_bracket_state",
        "cdata_section_end_state",
        // Processing instructions.
        "processing_instruction_open_state",
        "processing_instruction_target_state",
        "after_processing_instruction_target_state",
        "processing_instruction_data_state",
        "processing_instruction_questionable_state",
    ] {
        assert!(added.contains(&s), "{s} added");
    }
    assert_eq!(added.len(), 19, "{added:?}");
    assert!(changed("data_state") && changed("bogus_comment_state") && changed("cdata_section_state"));
    // The error codes: today's codes where 12.2.4 had statemark's own.
    for e in ["cdata-in-html-content", "eof-in-cdata", "nested-comment", "unexpected-equals-sign-before-attribute-name"]
    {
        assert!(r.errors_added.iter().any(|x| x == e), "{e} added");
    }
    for e in ["unexpected-character-before-attribute-name", "equals-sign-after-character-reference-in-attribute"] {
        assert!(r.errors_removed.iter().any(|x| x == e), "{e} removed");
    }
    assert!(r.vocabulary_removed.iter().any(|v| v.contains("SetAdditionalAllowedCharacter")));
    let text = spec_diff::render_text(&r);
    println!("{text}");
    snapshot("html2017_to_html.txt", &text);
}

/// The behavioural part of the editions' report. Building the two probes takes over a minute on
/// a cold `target/spec-diff/` (about 15 s once built), too slow for every `cargo test`: it runs
/// when `STATEMARK_SPEC_DIFF_EDITIONS` is set (`STATEMARK_SPEC_DIFF_EDITIONS=1 cargo test -p
/// statemark-tests --test spec_tools`), a loud skip otherwise.
#[test]
fn spec_diff_behaviour_of_the_12_2_4_edition_and_today() {
    // The known changes show in tokens, each under the state where the traces part: `<?` in
    // tag open (now a processing instruction), the comment end's "anything else" (no error),
    // before attribute name's `"` (now an error of the attribute name state), the CDATA
    // section's EOF.
    let explained = [
        "tag_open_state",
        "comment_end_state",
        "cdata_section_state",
        "before_attribute_name_state",
        "markup_declaration_open_state",
    ];
    // The longest: a DOCTYPE's identifiers followed by the character the after DOCTYPE system
    // identifier state's "anything else" now reconsumes, `<!DOCTYPEa PUBLIC''''\0` (22).
    editions_behaviour(editions(), &explained, 24, "html2017_to_html_behaviour.md");
}

/// The behavioural part of an editions' report, gated by `STATEMARK_SPEC_DIFF_EDITIONS`: each
/// state of `explained` explains some inputs, every example differs and is minimized to at most
/// `longest` characters, and the Markdown is the snapshot `name`.
fn editions_behaviour(
    (a, b, mut r): (Machine, Machine, spec_diff::Report),
    explained: &[&str],
    longest: usize,
    name: &str,
) {
    if std::env::var_os("STATEMARK_SPEC_DIFF_EDITIONS").is_none() {
        eprintln!("SKIP spec-diff --behaviour {} {}: set STATEMARK_SPEC_DIFF_EDITIONS=1 to run it", r.a, r.b);
        return;
    }
    let Some(shared) = statemark_tests::suite("STATEMARK_SHARED", ".") else { return };
    let opts = spec_diff::BehaviourOptions {
        corpus: xtask::behaviour::CorpusOptions { shared, bench_files: 20 },
        per_group: 3,
    };
    spec_diff::add_behaviour(&root(), &a, &b, &mut r, &opts).expect("both editions build and run");
    let bh = r.behaviour.as_ref().expect("behaviour attached");
    println!("{}", xtask::behaviour::render_text(bh));
    let states: Vec<&str> = bh.groups.iter().map(|g| g.state.as_str()).collect();
    for s in explained {
        assert!(states.contains(s), "{s} explains some inputs: {states:?}");
    }
    for g in &bh.groups {
        for e in &g.examples {
            assert_ne!((&e.a.tokens, &e.a.errors), (&e.b.tokens, &e.b.errors));
            assert!(e.input.text.chars().count() <= longest, "minimized: {:?}", e.input.text);
        }
    }
    snapshot(name, &xtask::behaviour::render_md(bh));
}

/// Where the 12.2.4 edition's and today's runs of one input part, through the interpreter (no
/// probe to build): the (state, case) and, when A took another case there, A's.
fn parting(a: &Machine, b: &Machine, r: &spec_diff::Report, text: &str) -> xtask::behaviour::Parting {
    let inp = xtask::behaviour::Input {
        text: text.into(),
        state: "data_state".into(),
        last_start_tag: None,
        content_model_flag: None,
    };
    let ra = xtask::interp::run(a, None, &inp).expect("the 12.2.4 tables run it");
    let rb = xtask::interp::run(b, None, &inp).expect("today's tables run it");
    assert_ne!((&ra.tokens, &ra.errors), (&rb.tokens, &rb.errors), "{text:?} behaves differently");
    xtask::behaviour::explain(&ra, &rb, &r.state_changes(a, b))
}

/// Issue 25: a behaviour example is filed under the first (state, case) where the two traces
/// part, not under a changed state it merely passed through.
#[test]
fn behaviour_examples_are_filed_where_the_traces_part() {
    let (a, b, r) = editions();
    // `<h "`: 12.2.4's before attribute name state takes `"` as an error of its own; today's
    // takes it as "anything else" and leaves the error to the attribute name state. Tag open's
    // "ASCII alpha" (today a reconsume where 12.2.4 switched with the letter appended) reads the
    // input the same way: not where they part.
    let p = parting(&a, &b, &r, "<h \"");
    assert_eq!((p.state.as_str(), p.case.as_deref()), ("before_attribute_name_state", Some("Anything else")));
    assert!(p.was.as_deref().is_some_and(|w| w.starts_with("U+0022 QUOTATION MARK")), "{p:?}");
    // `<!-- --c`: the comment end state's "anything else" lost its parse error (and became a
    // reconsume); the comment start state's reconsume on the way reads the same.
    let p = parting(&a, &b, &r, "<!-- --c");
    assert_eq!(
        (p.state.as_str(), p.case.as_deref(), p.was.as_deref()),
        ("comment_end_state", Some("Anything else"), None)
    );
    // `<?`: tag open's `?` now goes to the processing instruction open state.
    let p = parting(&a, &b, &r, "<?");
    assert_eq!((p.state.as_str(), p.case.as_deref()), ("tag_open_state", Some("U+003F QUESTION MARK (?)")));
}

/// The other showcase of issue 17: the 2008 draft against the 12.2.4 edition.
fn draft_editions() -> (Machine, Machine, spec_diff::Report) {
    let a = load_machine(&root().join("spec"), "html2008").expect("spec/html2008 loads");
    let b = load_machine(&root().join("spec"), "html2017").expect("spec/html2017 loads");
    let r = spec_diff::diff(&a, &b, "spec/html2008", "spec/html2017");
    (a, b, r)
}

#[test]
fn spec_diff_of_the_2008_draft_and_the_12_2_4_edition() {
    let (_, _, r) = draft_editions();
    let added: Vec<&str> = r.added.iter().map(|s| s.0.as_str()).collect();
    let removed: Vec<&str> = r.removed.iter().map(|s| s.0.as_str()).collect();
    let renamed = |a: &str, b: &str| r.changed.iter().any(|c| c.a == a && c.b == b);
    // The content model flag gives way to states of their own: RCDATA, RAWTEXT (the draft's
    // CDATA), script data with its escapes, PLAINTEXT, each with its end tag states.
    for s in [
        "rcdata_state",
        "rawtext_state",
        "script_data_state",
        "plaintext_state",
        "rcdata_end_tag_name_state",
        "script_data_double_escaped_state",
        // The self-closing flag replaces the permitted slash.
        "self_closing_start_tag_state",
        // DOCTYPE keywords, comment end bang, CDATA sections.
        "after_doctype_public_keyword_state",
        "comment_end_bang_state",
        "cdata_section_state",
        "tokenizing_character_references",
    ] {
        assert!(added.contains(&s), "{s} added: {added:?}");
    }
    assert_eq!(removed, ["tokenising_entities"]);
    // "Entity" became "character reference"; the close tag open state, "end tag open".
    assert!(renamed("entity_data_state", "character_reference_in_data_state"));
    assert!(renamed("entity_in_attribute_value_state", "character_reference_in_attribute_value_state"));
    // The draft's own vocabulary is gone: flags, look-behind, the permitted slash, branches.
    for v in ["verb SetFlag", "guard Flag", "guard LastCharactersAre", "guard PermittedSlash", "body Branch"] {
        assert!(r.vocabulary_removed.iter().any(|x| x == v), "{v} removed: {:?}", r.vocabulary_removed);
    }
    // Issue 25: the draft's two-branch tag open state pairs branch by branch. Its PCDATA branch
    // ("otherwise") is 12.2.4's tag open state, whose `/` still goes to the (renamed) end tag
    // open state: no change. Its RCDATA/CDATA branch is now the RCDATA less-than sign state's
    // cases, compared with those.
    let tag_open = r.changed.iter().find(|c| c.b == "tag_open_state").expect("tag open changed");
    let mentions_slash = |cc: &spec_diff::CaseChange| match cc {
        spec_diff::CaseChange::Added(w) | spec_diff::CaseChange::Removed(w) => w.contains("U+002F"),
        spec_diff::CaseChange::Changed { on, .. } => on.contains("U+002F"),
    };
    let slash: Vec<&spec_diff::CaseChange> = tag_open.cases.iter().filter(|c| mentions_slash(c)).collect();
    assert_eq!(slash.len(), 1, "{slash:?}");
    assert!(
        matches!(slash[0], spec_diff::CaseChange::Changed { on, .. }
            if on.starts_with("[if content_model=RCDATA|CDATA -> rcdata_less_than_sign_state]")),
        "{slash:?}"
    );
    assert!(
        tag_open.notes.iter().any(
            |n| n.starts_with("branch if content_model=RCDATA|CDATA: now the cases of rcdata_less_than_sign_state")
        )
    );
    assert!(
        tag_open
            .cases
            .iter()
            .any(|c| matches!(c, spec_diff::CaseChange::Removed(w) if w.starts_with("[otherwise] U+003E")))
    );
    let text = spec_diff::render_text(&r);
    println!("{text}");
    snapshot("html2008_to_html2017.txt", &text);
}

/// The behavioural part of the 2008 -> 12.2.4 report; gated like the 12.2.4 -> today one.
#[test]
fn spec_diff_behaviour_of_the_2008_draft_and_the_12_2_4_edition() {
    // The known changes show in tokens, each under the state where the traces part: the
    // self-closing flag (`/` in a tag now goes to its own state), the DOCTYPE keywords (now
    // states of their own), the character reference algorithm, the comment end's `!`.
    // DOCTYPE keywords are long: "<!DOCTYPEl PUBLIC\"" is as short as that change gets.
    let explained =
        ["tag_name_state", "after_doctype_name_state", "character_reference_in_data_state", "comment_end_state"];
    editions_behaviour(draft_editions(), &explained, 24, "html2008_to_html2017_behaviour.md");
}

#[test]
fn spec_diff_of_a_machine_and_its_committed_revision() {
    // HEAD's spec/ may differ from the working tree while someone edits it; compare HEAD to
    // itself through git to exercise the revision loader, and HEAD to the tree's own copy.
    let head = xtask::machines::load(&root(), "spec/xml5@HEAD").expect("spec/xml5@HEAD loads");
    let again = xtask::machines::load(&root(), "spec/xml5@HEAD").expect("loads twice");
    let r = spec_diff::diff(&head, &again, "spec/xml5@HEAD", "spec/xml5@HEAD");
    assert!(r.is_empty(), "{}", spec_diff::render_text(&r));
    assert_eq!(spec_diff::render_text(&r), "spec-diff spec/xml5@HEAD -> spec/xml5@HEAD\nno structural change\n");
    assert!(xtask::machines::load(&root(), "spec/xml5@no-such-revision").is_err());
}

#[test]
fn graph_renders_every_machine() {
    let names = statemark_codegen::machines::load(&root().join("spec")).expect("spec/machines.ron loads");
    assert!(names.iter().any(|n| n == "html2017"), "the 12.2.4 edition is drawn too");
    assert!(names.iter().any(|n| n == "html2008"), "the 2008 draft is drawn too");
    for name in &names {
        let m = load_machine(&root().join("spec"), name).expect("loads");
        let g = graph::graph_of(&m);
        assert_eq!(g.nodes.iter().filter(|n| n.name != graph::RETURN && n.name != graph::EOF).count(), m.states.len());
        for e in &g.edges {
            assert!(g.nodes.iter().any(|n| n.name == e.to), "{name}: edge to unknown node {}", e.to);
        }
        assert!(g.edges.iter().any(|e| e.kind == EdgeKind::Reconsume));
        assert!(g.edges.iter().any(|e| e.kind == EdgeKind::Return));
        // `cargo xtask graph spec/<name>`, as the CLI loads and titles it.
        let dot = graph::run_cli(&root(), &format!("spec/{name}"), &[], 0, None).expect("the CLI draws it");
        assert_eq!(dot, graph::to_dot(&g, &format!("{} ({name})", m.manifest.spec_title)));
        // A bare machine name is the machine of that name in spec/ (`cargo xtask graph html2008`).
        assert_eq!(graph::run_cli(&root(), name, &[], 0, None).expect("by name"), dot);
        assert!(dot.starts_with("digraph") && dot.contains("style=dashed") && dot.contains("style=dotted"));
        println!("graph {name}: {} nodes, {} edges", g.nodes.len(), g.edges.len());
        if graph::have_dot() {
            let svg = graph::to_svg(&dot).expect("Graphviz renders it");
            assert!(svg.contains("<svg"));
        } else {
            eprintln!("graph {name}: Graphviz dot not installed, SVG not checked");
        }
    }
    let m = load_machine(&root().join("spec"), "html").expect("loads");
    let g = graph::neighbourhood(&graph::graph_of(&m), &["comment_start_state".into()], 1);
    let names: Vec<&str> = g.nodes.iter().map(|n| n.name.as_str()).collect();
    assert!(names.contains(&"comment_start_state") && names.contains(&"comment_start_dash_state"));
    assert!(!names.contains(&"tag_name_state"));
}

/// Issue 25: an edge inside a `Branch` body that only one branch takes carries the branch's
/// condition; one every branch takes does not.
#[test]
fn graph_edges_inside_a_branch_carry_its_condition() {
    let m = load_machine(&root().join("spec"), "html2008").expect("spec/html2008 loads");
    let g = graph::graph_of(&m);
    let edge = |from: &str, to: &str, kind: EdgeKind| -> &str {
        let e = g.edges.iter().find(|e| e.from == from && e.to == to && e.kind == kind);
        &e.unwrap_or_else(|| panic!("an edge {from} -> {to}")).label
    };
    // Tag open: `/` goes to the close tag open state in both branches, and "anything else"
    // reconsumes in the data state in both: no condition; the PCDATA cases only "otherwise".
    assert_eq!(edge("tag_open_state", "close_tag_open_state", EdgeKind::Switch), "/");
    assert_eq!(edge("tag_open_state", "data_state", EdgeKind::Reconsume), "anything else");
    assert_eq!(
        edge("tag_open_state", "markup_declaration_open_state", EdgeKind::Switch),
        "! [not content_model=RCDATA|CDATA]"
    );
    // Close tag open: the first branch's condition is a conjunction with a lookahead.
    assert_eq!(
        edge("close_tag_open_state", "data_state", EdgeKind::Switch),
        "anything else [content_model=RCDATA|CDATA & not next = last start tag]\n> [not (content_model=RCDATA|CDATA & not next = last start tag)]"
    );
    let dot = graph::to_dot(&g, "html2008");
    assert!(dot.contains("label=\"! [not content_model=RCDATA|CDATA]\""), "the DOT carries it");
    // A machine without `Branch` bodies draws as before: no condition words.
    let today = graph::graph_of(&load_machine(&root().join("spec"), "html").expect("spec/html loads"));
    assert!(today.edges.iter().all(|e| !e.label.contains("otherwise") && !e.label.contains("content_model")));
}

#[test]
fn spec_diff_behaviour_of_the_pinned_pair() {
    let Some(shared) = statemark_tests::suite("STATEMARK_SHARED", ".") else { return };
    let (a, b, mut r) = pinned_pair();
    let opts = spec_diff::BehaviourOptions {
        corpus: xtask::behaviour::CorpusOptions { shared, bench_files: 20 },
        per_group: 3,
    };
    spec_diff::add_behaviour(&root(), &a, &b, &mut r, &opts).expect("both machines build and run");
    let bh = r.behaviour.as_ref().expect("behaviour attached");
    println!("{}", xtask::behaviour::render_text(bh));
    // Every structural change that can show in tokens does, each filed under the (state, case)
    // where the traces part (`--` now goes to the new comment start state); the rename alone
    // changes nothing.
    let states: Vec<(&str, Option<&str>)> = bh.groups.iter().map(|g| (g.state.as_str(), g.case.as_deref())).collect();
    assert_eq!(
        states,
        [
            ("markup_declaration_state", Some("\"--\"")),
            ("cdata_bracket_state", Some("Anything else")),
            ("doctype_name_state", Some("Anything else"))
        ]
    );
    for g in &bh.groups {
        for e in &g.examples {
            assert_ne!((&e.a.tokens, &e.a.errors), (&e.b.tokens, &e.b.errors));
            assert!(e.input.text.chars().count() <= 16, "minimized: {:?}", e.input.text);
        }
    }
    snapshot("xml5_edited_behaviour.md", &xtask::behaviour::render_md(bh));

    // A probe that runs other tables than the machine's is refused, not compared.
    let (bin_a, module_a) = xtask::behaviour::build_probe(&root(), &a).expect("cached probe");
    let mut probe_a = xtask::behaviour::start(&bin_a, &module_a, &opts.corpus.shared).expect("starts");
    assert!(xtask::behaviour::verify(&mut probe_a, &a).is_ok());
    let err = xtask::behaviour::verify(&mut probe_a, &b).expect_err("spec/xml5's probe does not run the edited tables");
    assert!(err.contains("comment_start_state"), "{err}");
}
