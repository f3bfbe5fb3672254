//! The `statemark` binary on good and bad input: output, exit status, and one-line messages
//! (never a panic) for a missing file, a directory, invalid UTF-8, an unknown option and a
//! closed standard output.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_statemark"))
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child =
        bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // A command that rejects its arguments exits without reading its input, so the write can
    // meet a closed pipe: that is the child's answer, not the test's failure.
    match child.stdin.take().unwrap().write_all(stdin) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

fn no_panic(o: &Output) {
    let err = text(&o.stderr);
    assert!(!err.contains("panicked"), "panic: {err}");
    assert_ne!(o.status.code(), Some(101), "exit 101 is a panic: {err}");
}

#[test]
fn tokenize_prints_tokens_with_spans_and_errors() {
    let o = run(&["tokenize", "--errors"], b"<p class=x>Hi &amp; bye</p><a b=1 b=2>");
    no_panic(&o);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o.stdout),
        "0..11 StartTag \"p\" class=\"x\"\n11..23 Characters \"Hi & bye\"\n23..27 EndTag \"p\"\n\
         <stdin>:1:36: error[duplicate-attribute]\n27..38 StartTag \"a\" b=\"1\"\n38..38 EOF\n"
    );
}

#[test]
fn tokenize_json_is_one_object_per_line() {
    let o = run(&["tokenize", "--format", "json", "--xml", "-"], b"<a x='1'/></>");
    no_panic(&o);
    let lines: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["type"], "empty-tag");
    assert_eq!(lines[0]["attributes"][0]["value"], "1");
    assert_eq!(lines[0]["span"], serde_json::json!([0, 10]));
    assert_eq!(lines[1]["type"], "short-end-tag");
    assert_eq!(lines.last().unwrap()["type"], "eof");
}

#[test]
fn tokenize_from_a_state() {
    let o = run(&["tokenize", "--state", "RAWTEXT state"], b"<b>x</b>");
    assert_eq!(text(&o.stdout), "0..8 Characters \"<b>x</b>\"\n8..8 EOF\n");
    let o = run(&["tokenize", "--state", "no_such_state"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stderr).lines().count(), 1);
}

#[test]
fn parse_prints_the_tree_and_fragments() {
    let o = run(&["parse"], b"<title>T</title><p>a");
    no_panic(&o);
    assert_eq!(
        text(&o.stdout),
        "| <html>\n|   <head>\n|     <title>\n|       \"T\"\n|   <body>\n|     <p>\n|       \"a\"\n"
    );
    let o = run(&["parse", "--fragment", "tr"], b"<td>cell");
    assert_eq!(text(&o.stdout), "| <td>\n|   \"cell\"\n");
    // Foreign contexts: in `svg desc` (an HTML integration point) a `<p>` is HTML; in
    // `svg path` it is SVG.
    let o = run(&["parse", "--fragment", "svg desc"], b"<p>x");
    assert_eq!(text(&o.stdout), "| <p>\n|   \"x\"\n");
    let o = run(&["parse", "--fragment", "svg path"], b"<circle/>");
    assert_eq!(text(&o.stdout), "| <svg circle>\n");
    let o = run(&["parse", "--no-scripting"], b"<body><noscript><p>x</p></noscript>");
    assert!(text(&o.stdout).contains("|       <p>\n"), "{}", text(&o.stdout));
    let o = run(&["parse"], b"<body><noscript><p>x</p></noscript>");
    assert!(text(&o.stdout).contains("\"<p>x</p>\""), "{}", text(&o.stdout));
}

/// Issue 23: `serialize --no-scripting` writes noscript text as it was parsed (escaped), not as
/// raw text that would read back as markup.
#[test]
fn serialize_writes_noscript_by_the_scripting_it_parsed_with() {
    let o = run(&["serialize", "--no-scripting"], b"<body><noscript>&lt;b&gt;</noscript>");
    no_panic(&o);
    assert!(text(&o.stdout).contains("<noscript>&lt;b&gt;</noscript>"), "{}", text(&o.stdout));
    let o = run(&["serialize"], b"<body><noscript><b></noscript>");
    assert!(text(&o.stdout).contains("<noscript><b></noscript>"), "{}", text(&o.stdout));
}

/// The amplification limit (whatwg/html#10772): bounded by default, `none` for the spec's
/// quadratic tree, a number for another bound, anything else refused.
#[test]
fn amplification_limit_flag() {
    let html = format!("<p><a href=\"{}\">{}", "x".repeat(2_000), "<p>x".repeat(2_000));
    let len = |args: &[&str]| {
        let o = run(args, html.as_bytes());
        no_panic(&o);
        o.stdout.len()
    };
    let bounded = len(&["serialize"]);
    assert!(bounded < 20 * html.len(), "{bounded}");
    assert!(len(&["serialize", "--amplification-limit", "none"]) > 200 * html.len());
    assert!(len(&["serialize", "--amplification-limit", "1"]) < bounded);
    let o = run(&["parse", "--errors", "--amplification-limit", "1"], html.as_bytes());
    assert!(text(&o.stderr).contains("amplification-limit"), "{}", text(&o.stderr));
    let o = run(&["parse", "--amplification-limit", "lots"], b"");
    assert_eq!(o.status.code(), Some(2));
}

/// Brackets balance outside strings: the output is one well-formed JSON nesting.
fn balanced(json: &str) -> bool {
    let (mut depth, mut in_str, mut escaped) = (0i64, false, false);
    for c in json.chars() {
        match (in_str, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => in_str = false,
            (false, _, '"') => in_str = true,
            (false, _, '{' | '[') => depth += 1,
            (false, _, '}' | ']') => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0 && !in_str
}

#[test]
fn parse_json_nests_template_contents_without_recursion() {
    let o = run(&["parse", "--format", "json"], b"<template><template>x</template></template>");
    let v: serde_json::Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
    let t = &v["document"]["children"][0]["children"][0]["children"][0];
    assert_eq!(t["name"], "template");
    assert_eq!(t["children"], serde_json::json!([]));
    let inner = &t["template_contents"]["children"][0];
    assert_eq!(inner["name"], "template");
    assert_eq!(inner["template_contents"]["children"][0]["data"], "x");

    // 50,000 nested templates: a recursive writer would overflow the stack.
    let mut deep = "<template>".repeat(50_000);
    deep.push('x');
    let o = run(&["parse", "--format", "json"], deep.as_bytes());
    no_panic(&o);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(balanced(out.trim()));
    assert_eq!(out.matches("\"template_contents\"").count(), 50_000);
}

#[test]
fn xml_parse_keeps_namespaces() {
    let o = run(&["parse", "--xml", "--format", "json"], b"<doc xmlns='urn:x'><p:a xmlns:p='urn:p'/></doc>");
    no_panic(&o);
    let v: serde_json::Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
    let doc = &v["document"]["children"][0];
    assert_eq!(doc["namespace"], "urn:x");
    assert_eq!(doc["children"][0]["namespace"], "urn:p");
    assert_eq!(doc["children"][0]["prefix"], "p");
}

#[test]
fn check_shows_the_line_a_caret_and_the_code_and_exits_1() {
    let o = run(&["check"], b"<!DOCTYPE html>\n<p id=a id=b>x</p>\n");
    no_panic(&o);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(out.contains("error[duplicate-attribute]"), "{out}");
    assert!(out.contains("2 | <p id=a id=b>x</p>"), "{out}");
    assert!(out.contains("^ duplicate-attribute"), "{out}");
    assert!(out.contains("#parse-error-duplicate-attribute"), "{out}");
    assert!(out.ends_with("<stdin>: 1 error\n"), "{out}");

    let clean = run(&["check"], b"<!DOCTYPE html><title>x</title>");
    assert_eq!(clean.status.code(), Some(0));
    let xml = run(&["check", "--xml", "--format", "json"], b"<a><b></a>");
    assert_eq!(xml.status.code(), Some(1));
    let first: serde_json::Value = serde_json::from_str(text(&xml.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], "mismatched-end-tag");
}

#[test]
fn a_missing_file_or_a_directory_is_one_line_and_status_2() {
    for path in ["/no/such/file.html", env!("CARGO_MANIFEST_DIR")] {
        for cmd in ["tokenize", "parse", "check"] {
            let o = run(&[cmd, path], b"");
            no_panic(&o);
            assert_eq!(o.status.code(), Some(2), "{cmd} {path}");
            let err = text(&o.stderr);
            assert_eq!(err.lines().count(), 1, "{cmd} {path}: {err}");
            assert!(err.starts_with("statemark: cannot read "), "{err}");
        }
    }
}

#[test]
fn other_inputs_go_on_after_a_bad_one() {
    let o = run(&["parse", "/no/such/file.html", "-"], b"<p>x");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stdout).contains("\"x\""));
}

#[test]
fn invalid_utf8_is_decoded_with_replacement_characters() {
    let o = run(&["parse", "--encoding", "utf-8"], b"<p>a\xFFb\xE2\x82</p>");
    no_panic(&o);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).contains("\"a\u{FFFD}b\u{FFFD}\""), "{}", text(&o.stdout));
    let o = run(&["tokenize"], b"\xEF\xBB\xBF<!DOCTYPE html>");
    assert_eq!(text(&o.stdout), "0..15 DOCTYPE \"html\"\n15..15 EOF\n", "the byte order mark is not text");
}

#[test]
fn an_unknown_option_is_a_usage_error() {
    let o = run(&["parse", "--frobnicate"], b"");
    no_panic(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--frobnicate"));
    let o = run(&["tokenize", "--xml", "--fragment", "td"], b"");
    assert_eq!(o.status.code(), Some(2));
    // A context that names no element is refused before any input is read, with the reason.
    for bad in ["", "svg ", "svg a b", "xlink href", "1td"] {
        let o = run(&["parse", "--fragment", bad], b"");
        no_panic(&o);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(text(&o.stderr).contains("not a context element"), "{bad:?}: {}", text(&o.stderr));
    }
}

#[test]
fn a_closed_stdout_ends_quietly() {
    // Like `statemark tokenize big.html | head -1`: read one line, close the pipe.
    let big = "<p class=a>text &amp; more</p>\n".repeat(200_000);
    for cmd in ["tokenize", "parse"] {
        let o = run_closing_early(&[cmd], big.clone());
        no_panic(&o);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", text(&o.stderr));
        assert_eq!(text(&o.stderr), "", "{cmd}");
    }
}

#[test]
fn serialize_writes_html_back_and_xml_as_xml() {
    let o = run(&["serialize"], b"<!DOCTYPE html><title>x</title><p class=a>1<br>2");
    no_panic(&o);
    assert_eq!(
        text(&o.stdout),
        "<!DOCTYPE html><html><head><title>x</title></head><body><p class=\"a\">1<br>2</p></body></html>\n"
    );
    let o = run(&["serialize", "--style", "html5lib"], b"<!DOCTYPE html><ul><li>a<li>b</ul>");
    assert_eq!(text(&o.stdout), "<!DOCTYPE html><ul><li>a<li>b</ul>\n");
    let o = run(&["serialize", "--xml"], b"<a x='1'><b/>t &amp; u</a>");
    assert_eq!(text(&o.stdout), "<a x=\"1\"><b/>t &amp; u</a>\n");
    let o = run(&["serialize", "--xml", "--well-formed"], b"<a x='1'><b/>t ]]> u</a>");
    assert_eq!((o.status.code(), text(&o.stdout)), (Some(0), "<a x=\"1\"><b/>t ]]&gt; u</a>\n".to_owned()));
    let o = run(&["serialize", "--xml", "--well-formed"], b"<a><1x/></a>");
    no_panic(&o);
    assert_eq!((o.status.code(), text(&o.stdout)), (Some(1), String::new()));
    assert!(text(&o.stderr).contains("element local name is not an XML Name"), "{}", text(&o.stderr));
    let o = run(&["serialize", "--well-formed"], b"<p>");
    assert_eq!(o.status.code(), Some(2), "--well-formed is for --xml");
}

#[test]
fn bytes_are_sniffed_and_decoded() {
    let o = run(&["sniff"], b"<meta charset=shift_jis><p>\x83e");
    assert_eq!(text(&o.stdout), "<stdin>: Shift_JIS (certain)\n");
    let o = run(&["sniff", "--format", "json"], b"\xEF\xBB\xBF<p>");
    let v: serde_json::Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
    assert_eq!((v["encoding"].as_str(), v["confidence"].as_str()), (Some("UTF-8"), Some("certain")));
    let o = run(&["parse", "--encoding", "windows-1252"], b"<p>caf\xE9");
    assert!(text(&o.stdout).contains("\"caf\u{e9}\""), "{}", text(&o.stdout));
    let o = run(&["parse"], b"<meta charset=windows-1252><p>caf\xE9");
    assert!(text(&o.stdout).contains("\"caf\u{e9}\""), "{}", text(&o.stdout));
    let o = run(&["tokenize", "--xml"], b"<?xml version='1.0' encoding='ISO-8859-1'?><a>\xE9</a>");
    assert!(text(&o.stdout).contains("Characters \"\u{e9}\""), "{}", text(&o.stdout));
}

#[test]
fn check_runs_the_authoring_rules_and_warnings_alone_exit_0() {
    let o = run(&["check"], b"<!DOCTYPE html><title>x</title><img src=x></img>");
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("error[void-element-end-tag]"), "{}", text(&o.stdout));
    let o = run(&["check"], b"<!DOCTYPE html SYSTEM \"about:legacy-compat\"><title>x</title>");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("warning[doctype-legacy-string]"), "{}", text(&o.stdout));
    assert!(text(&o.stdout).ends_with("<stdin>: 0 errors, 1 warning\n"), "{}", text(&o.stdout));
}

#[test]
fn tokenize_switches_states_as_a_tree_builder_would() {
    let o = run(&["tokenize"], b"<script>a<b</script>");
    assert_eq!(
        text(&o.stdout),
        "0..8 StartTag \"script\"\n8..11 Characters \"a<b\"\n11..20 EndTag \"script\"\n20..20 EOF\n"
    );
    let o = run(&["tokenize", "--no-switching"], b"<script>a<b</script>");
    assert!(text(&o.stdout).contains("StartTag \"b<\""), "{}", text(&o.stdout));
}

/// Read a little of a command's output, then close the pipe (`statemark … | head -c 64`).
fn run_closing_early(args: &[&str], input: String) -> Output {
    let mut child =
        bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    o
}

#[test]
fn the_readme_first_command_works_on_a_fresh_clone() {
    // `cargo run --release -- parse cli/examples/page.html`, from the workspace root.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let o = bin().current_dir(root).args(["parse", "cli/examples/page.html"]).output().unwrap();
    no_panic(&o);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("| <!DOCTYPE html>\n| <html>\n"), "{out}");
    assert!(out.contains("\"Caf\u{e9} menu\""), "{out}");
    // The sample is a conforming document, so `check` on it is clean too.
    let o = bin().current_dir(root).args(["check", "cli/examples/page.html"]).output().unwrap();
    assert_eq!((o.status.code(), text(&o.stdout)), (Some(0), "cli/examples/page.html: 0 errors\n".to_owned()));
}

#[test]
fn check_reports_the_missing_doctype_of_documents_without_content() {
    for input in ["<!-- c -->", "", " \n\t", "<!-- a --><!-- b -->"] {
        let parsed = run(&["parse", "--errors"], input.as_bytes());
        assert!(text(&parsed.stderr).contains("error[missing-doctype]"), "{input:?}");
        let o = run(&["check"], input.as_bytes());
        no_panic(&o);
        assert_eq!(o.status.code(), Some(1), "{input:?}: {}", text(&o.stdout));
        assert!(text(&o.stdout).contains("error[missing-doctype]"), "{input:?}: {}", text(&o.stdout));
        assert!(text(&o.stdout).ends_with("<stdin>: 1 error\n"), "{input:?}: {}", text(&o.stdout));
    }
}

#[test]
fn a_closed_stdout_keeps_the_status_of_what_was_found() {
    // `statemark check big.html | head -1`: the file has errors, so the status is 1.
    let big = "<p id=a id=b>text</p>\n".repeat(50_000);
    let o = run_closing_early(&["check", "--max-errors", "0"], big.clone());
    no_panic(&o);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    // An unreadable input before the output stops: 2, for the other commands too.
    for cmd in ["tokenize", "parse", "serialize"] {
        let o = run_closing_early(&[cmd, "/no/such/file.html", "-"], big.clone());
        no_panic(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {}", text(&o.stderr));
    }
}

#[test]
fn check_json_gives_each_finding_severity_message_spec_and_both_ends() {
    let input = "<!DOCTYPE html SYSTEM \"about:legacy-compat\">\n<title>x</title><p id=a id=b>";
    let o = run(&["check", "--format", "json"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let warning = &lines[0];
    assert_eq!(warning["type"], "diagnostic");
    assert_eq!(warning["severity"], "warning");
    assert_eq!(warning["code"], "doctype-legacy-string");
    assert!(warning["message"].as_str().unwrap().contains("legacy string"), "{warning}");
    assert!(warning["spec"].as_str().unwrap().starts_with("https://html.spec.whatwg.org/"), "{warning}");
    assert_eq!((warning["start"].as_u64(), warning["end"].as_u64()), (Some(0), Some(44)));
    assert_eq!(
        (warning["line"].as_u64(), warning["column"].as_u64(), warning["count"].as_u64()),
        (Some(1), Some(1), Some(1))
    );
    let error = &lines[1];
    assert_eq!((error["severity"].as_str(), error["code"].as_str()), (Some("error"), Some("duplicate-attribute")));
    assert_eq!((error["line"].as_u64(), error["column"].as_u64()), (Some(2), Some(27)));
    assert!(error["spec"].as_str().unwrap().ends_with("#parse-error-duplicate-attribute"), "{error}");
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!((summary["errors"].as_u64(), summary["warnings"].as_u64()), (Some(1), Some(1)));
}

#[test]
fn identical_findings_at_one_place_are_shown_once_with_a_count() {
    let o = run(&["check"], b"<!DOCTYPE html><table><tr>stray text");
    let out = text(&o.stdout);
    assert_eq!(out.matches("error[text-in-table]").count(), 1, "{out}");
    assert!(out.contains("(\u{d7}10)"), "{out}");
    assert!(out.ends_with("<stdin>: 11 errors\n"), "{out}");
    let o = run(&["check", "--format", "json"], b"<!DOCTYPE html><table><tr>stray text");
    let grouped: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["code"] == "text-in-table")
        .collect();
    assert_eq!(grouped.len(), 1);
    assert_eq!(grouped[0]["count"], 10);
}

#[test]
fn check_stops_after_max_errors_with_the_rest_by_code() {
    // Binary-looking input: a flood of NULs and controls.
    let flood: Vec<u8> = (0..20_000u32).map(|i| [0u8, 1, b'<', b'a', 0x7f][i as usize % 5]).collect();
    let o = run(&["check"], &flood);
    no_panic(&o);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert_eq!(out.matches("\n --> <stdin>:").count(), 100, "the default limit");
    assert!(out.contains("more findings not shown (--max-errors 100):"), "{}", &out[out.len().saturating_sub(600)..]);
    assert!(out.len() < 100_000, "{} bytes", out.len());
    let o = run(&["check", "--max-errors", "3", "--format", "json"], &flood);
    let lines: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    let summary = &lines[3];
    let by_code: u64 = summary["omitted_by_code"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(Some(by_code), summary["omitted"].as_u64());
    assert!(by_code > 1000);
    let help = run(&["check", "--help"], b"");
    assert!(text(&help.stdout).contains("--max-errors <N>"), "{}", text(&help.stdout));
    assert!(text(&help.stdout).contains("[default: 100]"), "{}", text(&help.stdout));
}

#[test]
fn xml_check_names_the_rule_of_xml_or_namespaces() {
    let o = run(&["check", "--xml"], b"<a><p:b/></c>");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1));
    assert!(out.contains("Namespaces in XML namespace constraint: Prefix Declared"), "{out}");
    assert!(out.contains("https://www.w3.org/TR/xml-names/#nsc-NSDeclared"), "{out}");
    assert!(out.contains("XML 1.0 well-formedness constraint: Element Type Match"), "{out}");
    assert!(out.contains("<stdin>:1:10"), "{out}");
}

#[test]
fn deep_trees_print_in_lines_of_bounded_length() {
    // 100,000 nested divs: the html5lib format would indent the last by 200,000 spaces (and
    // 10^10 bytes in all); the command's outline caps the indentation and shows the level.
    let o = run(&["parse"], "<div>".repeat(100_000).as_bytes());
    no_panic(&o);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.lines().all(|l| l.len() < 100), "a long line");
    assert!(out.ends_with(&format!("| {}[100001] <div>\n", "  ".repeat(32))), "{}", &out[out.len() - 200..]);
    assert!(out.contains(&format!("\n| {}<div>\n", "  ".repeat(32))), "depth 32 is the format's own");
}

#[test]
fn xml_refusals_name_line_and_column() {
    let o = run(&["serialize", "--xml", "--well-formed"], b"<a>\n  <b><1x/></b></a>");
    no_panic(&o);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.starts_with("statemark: <stdin>:2:6: not well-formed XML: /a/b/1x: element local name"), "{err}");
    assert!(!err.contains(": node "), "{err}");
}

#[test]
fn an_unknown_encoding_label_is_a_usage_error_naming_it() {
    for cmd in ["sniff", "parse", "check", "tokenize", "serialize"] {
        let o = run(&[cmd, "--encoding", "klingon"], b"<p>x");
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(text(&o.stderr).contains("klingon"), "{cmd}: {}", text(&o.stderr));
        assert_eq!(text(&o.stdout), "", "{cmd}");
    }
}

#[test]
fn unlabelled_bytes_decode_as_the_library_decodes_them() {
    // UTF-8 without a declaration, and KOI8-R without one: detected, as the library does.
    let o = run(&["sniff"], "<p>Café crème, déjà vu".as_bytes());
    assert_eq!(text(&o.stdout), "<stdin>: UTF-8 (tentative)\n");
    let koi8 = b"<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2! \xfc\xd4\xcf \xd4\xc5\xd3\xd4.";
    let o = run(&["sniff"], koi8);
    // KOI8-U decodes these letters as KOI8-R does.
    assert!(text(&o.stdout).starts_with("<stdin>: KOI8-"), "{}", text(&o.stdout));
    let o = run(&["tokenize"], koi8);
    assert!(text(&o.stdout).contains("Привет"), "{}", text(&o.stdout));
    // All ASCII: the library's default.
    let o = run(&["sniff"], b"<p>plain");
    assert_eq!(text(&o.stdout), "<stdin>: windows-1252 (tentative)\n");
}
