//! The XML5 tables (spec/xml5/): they load strictly, validate clean, and hold exactly the
//! tokenizer states of the 2016-08-30 edition of the XML5 draft.

use statemark_codegen::model::Body;
use statemark_codegen::{load, names, validate};
use std::path::PathBuf;

fn spec_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../spec")
}

fn machine() -> statemark_codegen::model::Machine {
    match load::load_machine(&spec_dir(), "xml5") {
        Ok(m) => m,
        Err(errors) => panic!("spec/xml5 does not load:\n{}", errors.join("\n")),
    }
}

/// The state headings of the 2016-08-30 draft (Ygg01/xml5_draft index.bs at
/// 2d702eec5bbdb132056d5f53ef0010004a132488, section 1.3), in document order, with their anchor
/// ids. 1.3.35 "Tokenizing character references" is an algorithm, not a state.
const DRAFT_2016_STATES: &[(&str, &str)] = &[
    ("Data state", "data_state"),
    ("Character reference in data state", "charref_data_head"),
    ("Tag state", "tag_state"),
    ("End tag state", "end_tag_state"),
    ("End tag name state", "end_stag_name_state"),
    ("End tag name after state", "end_tag_name_after_state"),
    ("Pi state", "pi_state"),
    ("Pi target state", "pi_target_state"),
    ("Pi target after state", "pi_target_after_state"),
    ("Pi data state", "pi_data_state"),
    ("Pi after state", "pi_after_state"),
    ("Markup declaration state", "markup_decl"),
    ("Comment state", "comment_state"),
    ("Comment less-than sign state", "comment_less_than_sign_state"),
    ("Comment less-than sign bang state", "comment_less_than_sign_bang_state"),
    ("Comment less-than sign bang dash state", "comment_less_than_sign_bang_dash_state"),
    ("Comment less-than sign bang dash dash state", "comment_less_than_sign_bang_dash_dash_state"),
    ("Comment end dash state", "comment_end_dash_state"),
    ("Comment end state", "comment_end_state"),
    ("Comment end bang state", "comment_end_bang_state"),
    ("CDATA state", "cdata_state"),
    ("CDATA bracket state", "cdata_bracket_state"),
    ("CDATA end state", "cdata_end_state"),
    ("Tag name state", "tag_name_state"),
    ("Empty tag state", "empty_tag_state"),
    ("Tag attribute name before state", "tag_attr_name_before_state"),
    ("Tag attribute name state", "tag_attr_name_state"),
    ("Tag attribute name after state", "tag_attr_name_after_state"),
    ("Tag attribute value before state", "tag_attr_value_before_state"),
    ("Tag attribute value double quoted state", "tag_attr_value_double_quote_state"),
    ("Tag attribute value single quoted state", "tag_attr_value_single_quote_state"),
    ("Tag attribute value unquoted state", "tag_attr_value_unquote_state"),
    ("Character reference in attribute value state", "charref_attr_state"),
    ("Bogus comment state", "bogus_comment_state"),
    ("DOCTYPE state", "doctype_state"),
    ("Before DOCTYPE name state", "before_doctype_name_state"),
    ("DOCTYPE name state", "doctype_name_state"),
    ("After DOCTYPE name state", "after_doctype_name_state"),
    ("After DOCTYPE public keyword state", "after_doctype_public_keyword_state"),
    ("After DOCTYPE system keyword state", "after_doctype_system_keyword_state"),
    ("Before DOCTYPE system identifier state", "before_doctype_system_identifier_state"),
    ("Before DOCTYPE public identifier state", "before_doctype_public_identifier_state"),
    ("DOCTYPE public identifier (single-quoted) state", "doctype_public_identifier_single_quoted_state"),
    ("DOCTYPE public identifier (double-quoted) state", "doctype_public_identifier_double_quoted_state"),
    ("After DOCTYPE public identifier state", "after_doctype_public_identifier_state"),
    ("Between DOCTYPE public and system identifiers state", "between_doctype_public_and_system_identifier_state"),
    ("DOCTYPE system identifier (single-quoted) state", "doctype_system_identifier_single_quote_state"),
    ("DOCTYPE system identifier (double-quoted) state", "doctype_system_identifier_double_quote_state"),
    ("After DOCTYPE system identifiers state", "after_doctype_system_identifier_state"),
    ("Bogus DOCTYPE state", "bogus_doctype_state"),
];

#[test]
fn the_xml5_tables_are_valid() {
    let problems = validate::validate(&machine());
    assert!(problems.is_empty(), "spec/xml5 has {} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn every_2016_state_is_present_in_spec_order() {
    let m = machine();
    assert_eq!(DRAFT_2016_STATES.len(), 50, "the 2016-08-30 draft has 50 state headings");
    assert_eq!(
        m.states.len(),
        DRAFT_2016_STATES.len(),
        "spec/xml5/tokenizer.ron lists {} states; the 2016-08-30 draft has {}",
        m.states.len(),
        DRAFT_2016_STATES.len()
    );
    for (i, ((name, def), (heading, id))) in m.states.iter().zip(DRAFT_2016_STATES).enumerate() {
        assert_eq!(name, &names::snake(heading), "state #{} is out of spec order", i + 1);
        assert_eq!(&def.heading, heading, "{name}: heading");
        assert_eq!(&def.id, id, "{name}: anchor id");
    }
}

#[test]
fn manifest_and_errors_say_where_they_come_from() {
    let m = machine();
    assert_eq!(m.manifest.machine, "xml5");
    assert_eq!(m.manifest.spec_version, "XML5 draft, 2016-08-30 edition");
    assert_eq!(m.manifest.initial_state, "data_state");
    assert!(m.manifest.external_states.iter().any(|s| s == "data_state"));
    assert!(m.manifest.anchor_base.contains("2d702eec5bbdb132056d5f53ef0010004a132488"));
    // The draft says only "parse error": the codes are statemark's and link nowhere.
    assert_eq!(m.errors.anchor_base, None);
    assert!(m.errors.errors.iter().all(|e| e.anchor.is_none()));
    assert!(m.errors.errors.iter().all(|e| !e.summary.trim().is_empty()));
}

#[test]
fn only_the_two_character_reference_states_are_hand_written() {
    let m = machine();
    let hand: Vec<&str> =
        m.states.iter().filter(|(_, d)| matches!(d.body, Body::HandWritten { .. })).map(|(n, _)| n.as_str()).collect();
    assert_eq!(hand, ["character_reference_in_data_state", "character_reference_in_attribute_value_state"]);
}
