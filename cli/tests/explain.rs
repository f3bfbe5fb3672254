//! `statemark explain`: paths checked by hand against the spec's text (13.2.5 Tokenization and
//! 13.2.6 Tree construction), the JSON schema, and a huge input streamed under a memory limit
//! smaller than its output.

use serde_json::Value;
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// The command's JSON lines for `input`.
fn json(args: &[&str], input: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_statemark"))
        .arg("explain")
        .args(["--format", "json"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// A parse error on a path: (state, code, line, column).
type Raised = (String, String, u64, u64);

/// A token's path as (state, case) pairs, and the errors it raised.
fn path(line: &Value) -> (Vec<(String, u64)>, Vec<Raised>) {
    let mut steps = Vec::new();
    let mut errors = Vec::new();
    for s in line["path"].as_array().unwrap() {
        let state = s["state"].as_str().unwrap().to_owned();
        for e in s["errors"].as_array().unwrap() {
            let at = |k: &str| e[k].as_u64().unwrap();
            errors.push((state.clone(), e["code"].as_str().unwrap().to_owned(), at("line"), at("column")));
        }
        for _ in 0..s["repeat"].as_u64().unwrap() {
            steps.push((state.clone(), s["case"].as_u64().unwrap()));
        }
    }
    (steps, errors)
}

fn pairs(p: &[(&str, u64)]) -> Vec<(String, u64)> {
    p.iter().map(|&(s, c)| (s.to_owned(), c)).collect()
}

#[test]
fn a_quote_in_a_tag_goes_from_the_tag_name_to_before_attribute_name_and_raises_its_error_there() {
    let lines = json(&["--tokens-only"], "<h \">");
    assert_eq!(lines[0]["token"]["type"], "start-tag");
    assert_eq!(lines[0]["token"]["attributes"][0]["name"], "\"");
    let (steps, errors) = path(&lines[0]);
    // #data-state: "<" switches to tag open; #tag-open-state: ASCII alpha, create a start tag,
    // reconsume in tag name; #tag-name-state: "anything else" appends "h" (case 7), the space
    // (case 1) switches to before attribute name; #before-attribute-name-state: `"` is
    // "anything else" (case 4), start a new attribute and reconsume in attribute name;
    // #attribute-name-state: `"` (case 5) is an unexpected-character-in-attribute-name parse
    // error, treated as "anything else"; ">" (case 1) reconsumes in after attribute name;
    // #after-attribute-name-state: ">" (case 4) emits the tag.
    let want = [
        ("data_state", 2),
        ("tag_open_state", 3),
        ("tag_name_state", 7),
        ("tag_name_state", 1),
        ("before_attribute_name_state", 4),
        ("attribute_name_state", 5),
        ("attribute_name_state", 1),
        ("after_attribute_name_state", 4),
    ];
    assert_eq!(steps, pairs(&want));
    assert_eq!(
        errors,
        [("attribute_name_state".to_owned(), "unexpected-character-in-attribute-name".to_owned(), 1, 4)]
    );
    let s = &lines[0]["path"][4];
    assert_eq!(s["heading"], "Before attribute name state");
    assert_eq!(s["label"], "Anything else");
    assert_eq!(s["url"], "https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-name-state");
    assert_eq!(
        lines[0]["path"][5]["label"],
        "U+0022 QUOTATION MARK (\"), U+0027 APOSTROPHE ('), U+003C LESS-THAN SIGN (<)"
    );
    // The end of the input: #data-state's EOF case, and nothing else.
    assert_eq!(path(&lines[1]).0, pairs(&[("data_state", 4)]));
}

#[test]
fn an_unclosed_tag_at_the_end_is_explained_by_the_end_of_file_token() {
    // #after-attribute-name-state EOF: an eof-in-tag parse error, emit an end-of-file token
    // (the tag is dropped): the whole path is the EOF token's.
    let lines = json(&["--tokens-only"], "<h \"");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["token"]["type"], "eof");
    let (steps, errors) = path(&lines[0]);
    assert_eq!(steps.first(), Some(&("data_state".to_owned(), 2)));
    assert_eq!(steps.last(), Some(&("after_attribute_name_state".to_owned(), 5)));
    let codes: Vec<&str> = errors.iter().map(|e| e.1.as_str()).collect();
    assert_eq!(codes, ["unexpected-character-in-attribute-name", "eof-in-tag"]);
}

#[test]
fn a_character_reference_goes_through_the_character_reference_states_in_its_run_of_text() {
    let lines = json(&["--tokens-only"], "a&amp;b");
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["token"]["data"], "a&b");
    assert_eq!(lines[0]["token"]["span"], serde_json::json!([0, 7]));
    // #data-state: "a" (anything else, case 5), "&" (case 1) sets the return state and
    // switches to #character-reference-state, whose ASCII alphanumeric (case 1) reconsumes in
    // #named-character-reference-state (hand-written: the longest match, case 0), which
    // flushes "&" and returns to the data state; "b" (case 5).
    let want = [
        ("data_state", 5),
        ("data_state", 1),
        ("character_reference_state", 1),
        ("named_character_reference_state", 0),
        ("data_state", 5),
    ];
    assert_eq!(path(&lines[0]).0, pairs(&want));
    assert_eq!(lines[0]["path"][3]["label"], "the state's algorithm (hand-written)");
    assert_eq!(path(&lines[1]).0, pairs(&[("data_state", 4)]));
}

#[test]
fn text_before_a_tag_keeps_its_own_cases() {
    let lines = json(&["--tokens-only"], "ab<i>c");
    let kinds: Vec<&str> = lines.iter().map(|l| l["token"]["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["characters", "start-tag", "characters", "eof"]);
    assert_eq!(path(&lines[0]).0, pairs(&[("data_state", 5)]));
    assert_eq!(path(&lines[1]).0[0], ("data_state".to_owned(), 2));
    assert_eq!(path(&lines[2]).0, pairs(&[("data_state", 5)]));
}

/// The tree rules of each token, by name.
fn rules(line: &Value) -> Vec<&str> {
    line["tree"].as_array().unwrap().iter().map(|r| r["rule"].as_str().unwrap()).collect()
}

#[test]
fn a_table_in_body_takes_the_in_table_rules() {
    let lines = json(&[], "<table><tr><td>x</table>");
    let names: Vec<&str> =
        lines.iter().map(|l| l["token"]["name"].as_str().or(l["token"]["type"].as_str()).unwrap()).collect();
    assert_eq!(names, ["table", "tr", "td", "characters", "table", "eof"]);
    // No DOCTYPE: "initial" anything else (missing-doctype), then "before html", "before
    // head", "in head" and "after head" each reprocess it; #parsing-main-inbody puts the
    // table in and switches to "in table".
    assert_eq!(
        rules(&lines[0]),
        [
            "initial_anything_else",
            "before_html_anything_else",
            "before_head_anything_else",
            "in_head_anything_else",
            "after_head_anything_else",
            "in_body_start_table",
        ]
    );
    assert_eq!(lines[0]["tree_errors"][0]["code"], "missing-doctype");
    // #parsing-main-intable: a "tr" start tag (the entry for td, th, tr) inserts a tbody and
    // reprocesses in "in table body" (#parsing-main-intbody), whose "tr" entry inserts it.
    assert_eq!(rules(&lines[1]), ["in_table_start_td", "in_table_body_start_tr"]);
    assert_eq!(lines[1]["tree"][0]["mode_anchor"], "parsing-main-intable");
    assert_eq!(lines[1]["tree"][0]["url"], "https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable");
    assert_eq!(rules(&lines[2]), ["in_row_start_th"]);
    // #parsing-main-intd: text is processed as in body.
    assert_eq!(rules(&lines[3]), ["in_cell_anything_else", "in_body_other_character"]);
    // "</table>" in a cell closes the cell, the row and the body, then the table.
    assert_eq!(rules(&lines[4]).last(), Some(&"in_table_end_table"));
    assert_eq!(rules(&lines[5]), ["in_body_eof"]);
}

#[test]
fn fragments_start_in_the_context_elements_mode() {
    let lines = json(&["--fragment", "tr"], "<td>x");
    assert_eq!(rules(&lines[0]), ["in_row_start_th"]);
}

#[test]
fn xml5_paths_use_the_xml5_tables() {
    let lines = json(&["--xml"], "<a/>");
    assert_eq!(lines[0]["token"]["type"], "empty-tag");
    assert_eq!(lines[0]["path"][1]["heading"], "Tag state");
    assert!(lines[0]["path"][1]["url"].as_str().unwrap().ends_with("#tag_state"));
    // `--tokens-only`: no tree construction.
    let lines = json(&["--xml", "--tokens-only"], "<a/>");
    assert!(lines[0].get("tree").is_none());
}

/// XML5 tree construction, checked by hand against the draft's "Tree construction" (the start,
/// main and end phases, #start-phase, #main-phase, #end-phase): each token's rule, a token
/// reprocessed in the end phase with both, statemark's decisions named as such.
#[test]
fn xml5_parses_take_the_drafts_phase_rules() {
    let lines = json(&["--xml"], " <?pi x?><r>t<e/></x><!--c-->d");
    let names: Vec<&str> =
        lines.iter().map(|l| l["token"]["name"].as_str().or(l["token"]["type"].as_str()).unwrap()).collect();
    assert_eq!(
        names,
        ["characters", "processing-instruction", "r", "characters", "e", "x", "comment", "characters", "eof"]
    );
    let taken: Vec<Vec<&str>> = lines.iter().map(rules).collect();
    assert_eq!(
        taken,
        [
            // Whitespace before the root: statemark's decision (the draft's "anything else" would
            // make it a parse error).
            vec!["start_whitespace"],
            vec!["start_pi"],
            // The first start tag is the root element: switch to the main phase.
            vec!["start_start_tag"],
            vec!["main_character"],
            vec!["main_empty_tag"],
            // An end tag that does not match the current element: a parse error; no element
            // in scope has its name, so nothing is popped and the main phase goes on.
            vec!["main_end_tag"],
            vec!["main_comment"],
            vec!["main_character"],
            // End of file in the main phase: a parse error, reprocessed in the end phase.
            vec!["main_eof", "end_eof"],
        ]
    );
    assert_eq!(lines[5]["tree_errors"][0]["code"], "mismatched-end-tag");
    assert_eq!(lines[8]["tree_errors"][0]["code"], "eof-with-open-elements");
    let rule = &lines[5]["tree"][0];
    assert_eq!((rule["phase_anchor"].as_str(), rule["entry"].as_u64()), (Some("main-phase"), Some(4)));
    assert!(rule["url"].as_str().unwrap().ends_with("index.html#main-phase"));
    assert_eq!(lines[0]["tree"][0]["entry"], Value::Null, "a decision has no entry of the draft's");
}

fn keys(v: &Value) -> BTreeSet<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

#[test]
fn the_json_schema_is_stable() {
    let set = |k: &[&'static str]| k.iter().copied().collect::<BTreeSet<_>>();
    let lines = json(&[], "<p a=1 a=2>x</div>");
    for line in &lines {
        assert_eq!(keys(line), set(&["token", "path", "tree", "tree_errors"]), "{line}");
        assert!(keys(&line["token"]).contains("type") && keys(&line["token"]).contains("span"));
        for s in line["path"].as_array().unwrap() {
            assert_eq!(keys(s), set(&["state", "heading", "case", "label", "url", "repeat", "errors"]));
            for e in s["errors"].as_array().unwrap() {
                assert_eq!(keys(e), set(&["code", "line", "column", "offset"]));
            }
        }
        for r in line["tree"].as_array().unwrap() {
            assert_eq!(keys(r), set(&["rule", "mode_anchor", "entry", "url"]));
        }
        for e in line["tree_errors"].as_array().unwrap() {
            assert_eq!(keys(e), set(&["code", "line", "column", "offset"]));
        }
    }
    let dup = lines[0]["path"].as_array().unwrap().iter().flat_map(|s| s["errors"].as_array().unwrap()).next();
    assert_eq!(dup.unwrap()["code"], "duplicate-attribute");
    assert_eq!(lines[2]["tree_errors"][0]["code"], "end-tag-without-open-element");
    for line in json(&["--tokens-only"], "<p>x") {
        assert_eq!(keys(&line), set(&["token", "path"]));
    }
}

#[test]
fn the_text_format_names_each_case_with_its_heading_and_link() {
    let out = Command::new(env!("CARGO_BIN_EXE_statemark"))
        .args(["explain", "--tokens-only", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"<h \">")?;
            c.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("token 0..5 StartTag \"h\" \"=\"\"\n"), "{text}");
    assert!(text.contains(
        "    Before attribute name state, case 4: Anything else  \
         https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-name-state\n"
    ));
    assert!(text.contains("      error[unexpected-character-in-attribute-name] at 1:4\n"), "{text}");
}

#[test]
fn a_huge_input_streams_in_less_memory_than_its_output() {
    // 1.2·10^5 elements: about 200 MB of explanation, written under an address-space limit of
    // 96 MiB plus 64 bytes per input byte (as `bounds.rs` sets it), so it cannot be held.
    let n = 120_000;
    let input = "<i>x</i>".repeat(n);
    let dir = std::env::temp_dir().join(format!("statemark-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("huge.html");
    std::fs::write(&file, &input).unwrap();
    let limit_kib = 96 * 1024 + 64 * input.len() / 1024;
    let script = format!("ulimit -v {limit_kib} && exec \"$0\" explain \"$1\"");
    let mut child = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_statemark")])
        .arg(&file)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (mut total, mut tokens, mut buf) = (0usize, 0usize, vec![0; 1 << 16]);
    loop {
        let k = stdout.read(&mut buf).unwrap();
        if k == 0 {
            break;
        }
        total += k;
        tokens += buf[..k].windows(6).filter(|w| w == b"token ").count();
    }
    let status = child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(status.success(), "{status}");
    assert_eq!(tokens, 3 * n + 1, "every token's block");
    assert!(total > limit_kib * 1024, "{total} bytes of output is not more than the limit");
    println!("explain: {} bytes in, {total} bytes out under {limit_kib} KiB", input.len());
}
