//! `cargo xtask spec-check` in the tests: every machine against its own spec text comes out
//! clean but for the reviewed entries of `tests/expectations/spec_check.json` (an entry the text
//! no longer shows fails too), and tables changed against their text are caught.

use statemark_codegen::load::load_machine;
use statemark_codegen::model::{Action, Body, Chars, Machine, Matcher};
use xtask::spec_check::{ExpectationsFile, Expected, Mismatch, against, check, errata, load_text, text_facts};
use xtask::spec_text::TextState;

fn entries() -> Vec<Expected> {
    let path = statemark_tests::root().join("tests/expectations/spec_check.json");
    let text = std::fs::read_to_string(&path).expect("tests/expectations/spec_check.json");
    serde_json::from_str::<ExpectationsFile>(&text).expect("valid expectations").entries
}

fn machine(name: &str) -> Machine {
    load_machine(&statemark_tests::root().join("spec"), name).expect("spec/ loads")
}

/// The states of `../shared/<rel>`, or None (a loud skip locally, a failure under CI).
fn text(rel: &str) -> Option<Vec<TextState>> {
    let shared = statemark_tests::suite("STATEMARK_SHARED", ".")?;
    Some(load_text(&shared.join(rel)).expect("spec text reads"))
}

/// Check `name` against `rel` (anchors from `anchors_rel` for a plain text); panics listing
/// every new mismatch and every reviewed entry no longer shown.
fn clean(name: &str, rel: &str, anchors_rel: Option<&str>) {
    let Some(states) = text(rel) else { return };
    let anchors = anchors_rel.and_then(text);
    let m = machine(name);
    let found = check(&m, &states, anchors.as_deref());
    let outcome = against(found, &entries(), name, rel);
    let failing: std::collections::BTreeSet<&str> = outcome.new.iter().map(|m| m.state.as_str()).collect();
    println!(
        "spec-check {name} against {rel}: {} passed, {} failed (states; {} reviewed mismatches, {} stale entries)",
        m.states.len() - failing.len().min(m.states.len()),
        failing.len(),
        outcome.reviewed.len(),
        outcome.stale.len()
    );
    let mut problems: Vec<String> =
        outcome.new.iter().map(|m| format!("new: {}: {} [{}]", m.key(), m.message, m.text)).collect();
    problems.extend(outcome.stale.iter().map(|e| format!("reviewed entry no longer found: {}", e.key)));
    assert!(problems.is_empty(), "spec-check {name} against {rel}:\n{}", problems.join("\n"));
    // A reviewed table-without-state is a table of no state (html2017's hand-written algorithm).
    let not_states = outcome.reviewed.iter().filter(|(m, _)| m.kind == "table-without-state").count();
    assert_eq!(states.len() + not_states, m.states.len(), "every state of the text was read");
}

#[test]
fn html_against_its_markup_is_clean() {
    clean("html", "spec/html/tokenization.html", None);
}

#[test]
fn html_against_its_plain_text_is_clean() {
    clean("html", "spec/html/tokenization.txt", Some("spec/html/tokenization.html"));
}

#[test]
fn xml5_against_the_2016_draft_is_clean_but_for_its_errata() {
    clean("xml5", "spec/xml5/xml5_draft-2016-08-30/index.bs", None);
}

#[test]
fn xml5_against_the_2016_seed_text_is_clean_but_for_its_errata() {
    // The seed's plain text has no anchors: they come from the same edition's Bikeshed source.
    clean("xml5", "spec/seeds/xml5-parsing.txt", Some("spec/xml5/xml5_draft-2016-08-30/index.bs"));
}

#[test]
fn html2017_against_the_12_2_4_text_is_clean_but_for_its_reviewed_entries() {
    // The seed is the plain text of 12.2.4 (no anchors: the tables' ids are derived the same way).
    clean("html2017", "spec/seeds/html-tokenization-12.2.4.txt", None);
}

#[test]
fn html2008_against_the_draft_is_clean_but_for_its_reviewed_entries() {
    // The draft's source markup: its plain text has headings without numbers or anchors, which
    // the plain-text reader does not split into states. The tables' ids are derived the same way.
    clean("html2008", "spec/editions/html5-draft-2008-01/tokenization.html", None);
}

/// The claim of spec/xml5/README.md ("Which errata the 2022 draft fixes"), from the tool.
#[test]
fn the_2022_xml5_draft_fixes_erratum_1_only() {
    let Some(states) = text("spec/xml5/index.bs") else { return };
    let found = check(&machine("xml5"), &states, None);
    let verdicts: Vec<(u32, &str)> = errata(&found, &entries(), "xml5").into_iter().map(|(n, v, _)| (n, v)).collect();
    let mut expected = vec![(1, "fixed in this text")];
    expected.extend((2..=7).map(|n| (n, "still in this text")));
    expected.extend((8..=12).map(|n| (n, "its state is not in this text")));
    assert_eq!(verdicts, expected);
}

fn keys(found: &[Mismatch]) -> Vec<String> {
    found.iter().map(Mismatch::key).collect()
}

fn cases_mut<'a>(m: &'a mut Machine, state: &str) -> &'a mut Vec<statemark_codegen::model::Case> {
    let def = &mut m.states.iter_mut().find(|(n, _)| n == state).expect("state exists").1;
    match &mut def.body {
        Body::ConsumeNext(c) | Body::Lookahead(c) => c,
        Body::HandWritten { .. } | Body::Branch(_) => panic!("{state} has no single list of cases"),
    }
}

#[test]
fn catches_tables_changed_against_the_text() {
    let Some(states) = text("spec/html/tokenization.html") else {
        return;
    };
    let pristine = machine("html");
    assert!(check(&pristine, &states, None).is_empty());

    // A dropped case: the tag name state's U+0000 NULL.
    let mut m = pristine.clone();
    cases_mut(&mut m, "tag_name_state")
        .retain(|c| !c.on.iter().any(|o| matches!(o, Matcher::Char(s) if s.starts_with("U+0000"))));
    assert_eq!(keys(&check(&m, &states, None)), ["tag_name_state | U+0000 | bullet-without-case"]);

    // A wrong error code: eof-in-tag where the text says eof-before-tag-name.
    let mut m = pristine.clone();
    for c in cases_mut(&mut m, "tag_open_state") {
        for a in &mut c.actions {
            if *a == Action::Error("eof-before-tag-name".into()) {
                *a = Action::Error("eof-in-tag".into());
            }
        }
    }
    let found = check(&m, &states, None);
    assert_eq!(keys(&found), ["tag_open_state | EOF | errors"]);
    assert!(
        found[0].message.contains("eof-before-tag-name") && found[0].text.contains("eof-before-tag-name parse error")
    );

    // A renamed heading, and a wrong anchor.
    let mut m = pristine.clone();
    m.states.iter_mut().find(|(n, _)| n == "comment_state").expect("comment state").1.heading =
        "Comment data state".into();
    m.states.iter_mut().find(|(n, _)| n == "data_state").expect("data state").1.id = "data".into();
    assert_eq!(keys(&check(&m, &states, None)), ["data_state | anchor", "comment_state | heading"]);

    // A wrong target and a case the text does not have.
    let mut m = pristine.clone();
    let cases = cases_mut(&mut m, "end_tag_open_state");
    cases[1].then = statemark_codegen::model::Terminal::Switch("bogus_comment_state".into());
    let mut extra = cases[1].clone();
    extra.on = vec![Matcher::Char("U+0021 EXCLAMATION MARK (!)".into())];
    cases.insert(2, extra);
    assert_eq!(
        keys(&check(&m, &states, None)),
        ["end_tag_open_state | U+003E | terminal", "end_tag_open_state | U+0021 | case-without-bullet"]
    );

    // A lost emission, and a character written in place of the current one.
    let mut m = pristine.clone();
    for c in cases_mut(&mut m, "tag_name_state") {
        c.actions.retain(|a| *a != Action::EmitTag);
    }
    for c in cases_mut(&mut m, "comment_state") {
        for a in &mut c.actions {
            if *a == Action::AppendToComment(Chars::Current) {
                *a = Action::AppendToComment(Chars::CodePoints("U+FFFD".into()));
            }
        }
    }
    assert_eq!(
        keys(&check(&m, &states, None)),
        [
            "tag_name_state | U+003E | emits",
            "comment_state | U+003C | code-points",
            "comment_state | U+003C | current-character",
            "comment_state | Anything else | code-points",
            "comment_state | Anything else | current-character"
        ]
    );

    // A state that reads its input the wrong way.
    let mut m = pristine.clone();
    let def = &mut m.states.iter_mut().find(|(n, _)| n == "markup_declaration_open_state").expect("state").1;
    if let Body::Lookahead(cases) = &def.body {
        def.body = Body::ConsumeNext(cases.clone());
    }
    assert_eq!(keys(&check(&m, &states, None)), ["markup_declaration_open_state | body"]);

    // A state that forgets the duplicate-attribute check its prose asks for on leaving.
    let mut m = pristine.clone();
    m.states.iter_mut().find(|(n, _)| n == "attribute_name_state").expect("state").1.on_exit.clear();
    assert_eq!(keys(&check(&m, &states, None)), ["attribute_name_state | state-errors"]);

    // A state the text has and the tables do not.
    let mut m = pristine.clone();
    m.states.retain(|(n, _)| n != "plaintext_state");
    assert_eq!(keys(&check(&m, &states, None)), ["plaintext_state | state-without-table"]);
}

#[test]
fn catches_a_changed_table_file_on_disk() {
    let Some(states) = text("spec/xml5/xml5_draft-2016-08-30/index.bs") else {
        return;
    };
    // A copy of spec/xml5 whose DOCTYPE name state gets a parse error the text does not name.
    let dir = std::env::temp_dir().join(format!("statemark-spec-check-{}", std::process::id()));
    let src = statemark_tests::root().join("spec/xml5");
    xtask::machines::copy_dir(&src, &dir.join("xml5")).expect("copy spec/xml5");
    let file = dir.join("xml5/tokenizer/comment_state.ron");
    let ron = std::fs::read_to_string(&file).expect("comment_state.ron");
    let changed = ron.replacen("heading: \"Comment state\"", "heading: \"Comment body state\"", 1);
    assert_ne!(ron, changed);
    std::fs::write(&file, changed).expect("write");
    let m = load_machine(&dir, "xml5").expect("changed copy loads");
    let found = check(&m, &states, None);
    let _ = std::fs::remove_dir_all(&dir);
    let outcome = against(found, &entries(), "xml5", "spec/xml5/xml5_draft-2016-08-30/index.bs");
    assert_eq!(keys(&outcome.new), ["comment_state | heading"]);
    assert!(outcome.stale.is_empty());
}

/// Two readings the 12.2.4 text needs: "(Don't emit the token yet ...)" emits nothing, and a
/// condition joined to a lookahead match falls through to the later "Otherwise" when it fails.
#[test]
fn reads_the_12_2_4_wording() {
    let f = text_facts(
        "Create a new start tag token, set its tag name to the current input character, then switch to the tag \
         name state. (Don't emit the token yet; further details will be filled in before it is emitted.)",
        true,
    );
    assert!(f.emits.is_empty(), "{:?}", f.emits);
    assert_eq!(f.creates.iter().collect::<Vec<_>>(), ["start tag"]);
    // Without the parenthesis the emission is read.
    assert_eq!(text_facts("Create a new start tag token. Emit the current tag token.", true).emits.len(), 1);

    let guarded = text_facts(
        "Otherwise, if there is an adjusted current node and it is not an element in the HTML namespace and the \
         next seven characters are a case-sensitive match for the string \"[CDATA[\", then consume those \
         characters and switch to the CDATA section state.",
        true,
    );
    assert_eq!(guarded.terminals.iter().collect::<Vec<_>>(), ["anything-else", "switch:cdata_section_state"]);
    let plain = text_facts(
        "Otherwise, if the next seven characters are an ASCII case-insensitive match for the word \"DOCTYPE\", \
         then consume those characters and switch to the DOCTYPE state.",
        true,
    );
    assert_eq!(plain.terminals.iter().collect::<Vec<_>>(), ["switch:doctype_state"]);
}
