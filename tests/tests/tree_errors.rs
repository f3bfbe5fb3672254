//! Tree-construction parse errors: the codes in `spec/html/tree_errors.ron` against the runtime's
//! `TreeErrorCode`, one input per code raising it at the position of the token that caused it,
//! and the same errors whole or fed one character at a time.

use serde::Deserialize;
use statemark::dom::Dom;
use statemark::html::tree::{ErrorCode, HtmlError, TreeBuilder, TreeErrorCode};
use statemark::html::{
    Context, Options, ParseError, Tokenizer, TreeOptions, parse_fragment_collecting_errors, parse_with_errors,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeList {
    anchor_base: String,
    #[allow(dead_code)]
    provenance: String,
    errors: Vec<CodeDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeDef {
    code: String,
    summary: String,
    anchors: Vec<String>,
}

#[test]
fn ron_and_enum_list_the_same_codes() {
    let path = statemark_tests::root().join("spec/html/tree_errors.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let list: CodeList = ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let ron: Vec<(&str, &str, Vec<&str>)> = list
        .errors
        .iter()
        .map(|e| (e.code.as_str(), e.summary.as_str(), e.anchors.iter().map(String::as_str).collect()))
        .collect();
    let rust: Vec<(&str, &str, Vec<&str>)> =
        TreeErrorCode::ALL.iter().map(|c| (c.code(), c.summary(), c.spec_anchors().to_vec())).collect();
    pretty_assertions::assert_eq!(ron, rust);
    for c in TreeErrorCode::ALL {
        assert_eq!(c.spec_url(), format!("{}{}", list.anchor_base, c.spec_anchors()[0]));
    }
    // Ours never reuse a code the spec names.
    let spec = std::fs::read_to_string(statemark_tests::root().join("spec/html/errors.ron")).unwrap();
    for c in TreeErrorCode::ALL {
        assert!(!spec.contains(&format!("(code: \"{}\"", c.code())), "{} is a spec code", c.code());
    }
}

/// (input, fragment context, code, line, column): the code is raised at that position.
const CASES: &[(&str, Option<&str>, &str, usize, usize)] = &[
    ("<!DOCTYPE html5>", None, "non-conforming-doctype", 1, 1),
    ("<p>x", None, "missing-doctype", 1, 1),
    ("<!DOCTYPE html><p><!DOCTYPE html>", None, "unexpected-doctype", 1, 19),
    ("<!DOCTYPE html><p><caption>", None, "unexpected-start-tag", 1, 19),
    ("<!DOCTYPE html></x>", None, "unexpected-end-tag", 1, 16),
    ("<!DOCTYPE html><p>x</div>", None, "end-tag-without-open-element", 1, 20),
    ("<!DOCTYPE html><div><span></div>", None, "implicitly-closed-elements", 1, 27),
    ("<!DOCTYPE html><div>x", None, "eof-with-open-elements", 1, 22),
    ("<!DOCTYPE html><frameset>x", None, "unexpected-character", 1, 26),
    // Errors about characters are at the character when the run is a plain copy of the input.
    ("<!DOCTYPE html><p>a\0", None, "null-character-in-content", 1, 20),
    ("<!DOCTYPE html><frameset> xy", None, "unexpected-character", 1, 28),
    ("<!DOCTYPE html><table>x</table>", None, "text-in-table", 1, 23),
    ("<!DOCTYPE html><table><div>", None, "tag-in-table", 1, 23),
    ("<!DOCTYPE html><body></body>x", None, "content-after-body", 1, 29),
    ("<!DOCTYPE html><form><form>", None, "nested-form", 1, 22),
    ("<!DOCTYPE html><a><a>", None, "nested-formatting-element", 1, 19),
    ("<!DOCTYPE html><b><p>x</b>", None, "misnested-formatting-element", 1, 23),
    ("<!DOCTYPE html><h1><h2>", None, "nested-heading", 1, 20),
    ("<!DOCTYPE html><button><button>", None, "start-tag-closes-element", 1, 24),
    ("<!DOCTYPE html><image>", None, "image-start-tag", 1, 16),
    ("<!DOCTYPE html><head></head><meta>", None, "head-element-after-head", 1, 29),
    ("<!DOCTYPE html><svg><div>", None, "html-start-tag-in-foreign-content", 1, 21),
    ("<!DOCTYPE html><svg xmlns=x>", None, "xmlns-attribute-mismatch", 1, 16),
    // Fragments, and positions past the first line.
    ("<td>x</tr>", Some("tr"), "end-tag-without-open-element", 1, 6),
    ("<!DOCTYPE html>\n<p>\n</div>", None, "end-tag-without-open-element", 3, 1),
    ("<!DOCTYPE html>\r\n<p>\r\n\u{1F600}</div>", None, "end-tag-without-open-element", 3, 3),
];

fn errors(input: &str, context: Option<&str>) -> Vec<(String, usize, usize)> {
    let errors = match context {
        Some(c) => parse_fragment_collecting_errors(input, &Context::html(c), TreeOptions::default()),
        None => parse_with_errors(input, TreeOptions::default()),
    }
    .errors;
    errors.iter().map(|e| (e.code.code().to_owned(), e.position.line, e.position.column)).collect()
}

/// Cases too long to write out: (input, code, line, column).
fn long_cases() -> Vec<(String, &'static str, usize, usize)> {
    // A 16 KB link that each `<p>x` copies (`<a href=…>`, 16,007 bytes): the amplification
    // limit (8 bytes of copies per byte read) allows 8 copies after 16 KB read, and the text
    // of the ninth paragraph, which would make the ninth, is past it.
    let href = "x".repeat(16_000);
    let link = format!("<!DOCTYPE html><p><a href={href}>");
    let column = link.len() + 8 * "<p>x".len() + 4;
    vec![(format!("{link}{}", "<p>x".repeat(4_000)), "amplification-limit", 1, column)]
}

#[test]
fn each_code_is_raised_at_its_token() {
    for &(input, context, code, line, column) in CASES {
        let got = errors(input, context);
        assert!(
            got.contains(&(code.to_owned(), line, column)),
            "{input:?}: want {code} at {line}:{column}, got {got:?}"
        );
    }
    let long = long_cases();
    for (input, code, line, column) in &long {
        let got = errors(input, None);
        let first = got.iter().find(|e| e.0 == *code);
        assert_eq!(first, Some(&(code.to_string(), *line, *column)), "{}…: want {code}", &input[..40]);
    }
    for c in TreeErrorCode::ALL {
        assert!(
            CASES.iter().any(|&(_, _, code, ..)| code == c.code()) || long.iter().any(|l| l.1 == c.code()),
            "no case raises {}",
            c.code()
        );
    }
}

#[test]
fn the_spec_code_tree_construction_raises() {
    let statemark::Parsed { errors, .. } =
        parse_with_errors("<!DOCTYPE html><div/><br/><svg/>", TreeOptions::default());
    let solidus: Vec<usize> = errors
        .iter()
        .filter(|e| e.code == ErrorCode::Spec(ParseError::NonVoidHtmlElementStartTagWithTrailingSolidus))
        .map(|e| e.position.column)
        .collect();
    // `<br/>` is void and `<svg/>` foreign: both acknowledge the flag.
    assert_eq!(solidus, [16]);
}

#[test]
fn a_clean_document_has_no_errors() {
    let statemark::Parsed { errors, .. } = parse_with_errors(
        "<!DOCTYPE html><html><head><title>t</title></head><body><p>a<b>b</b></p><table><tr><td>x</td></tr></table></body></html>",
        TreeOptions::default(),
    );
    assert_eq!(errors, []);
}

#[test]
fn tokenizer_and_tree_errors_in_input_order() {
    // The tokenizer reports the duplicate attribute before it emits the tag: the errors are
    // sorted by position all the same.
    let got = errors("<div a a>\0</x>", None);
    let want = [
        ("missing-doctype", 1, 1),
        ("duplicate-attribute", 1, 9),
        ("unexpected-null-character", 1, 10),
        ("null-character-in-content", 1, 10),
        ("end-tag-without-open-element", 1, 11),
        ("eof-with-open-elements", 1, 15),
    ];
    let want: Vec<(String, usize, usize)> = want.iter().map(|&(c, l, col)| (c.to_owned(), l, col)).collect();
    assert_eq!(got, want);
}

/// The errors of a document fed to a streaming tokenizer one character at a time.
fn streamed_errors(input: &str) -> Vec<HtmlError> {
    let builder = TreeBuilder::new(Dom::new(), TreeOptions::default()).with_errors();
    let mut tok = Tokenizer::streaming(Options::default(), builder);
    for (i, c) in input.char_indices() {
        tok.feed(&input[i..i + c.len_utf8()]);
    }
    tok.finish();
    let mut builder = tok.into_sink();
    builder.resolve_positions(input);
    builder.take_errors()
}

#[test]
fn streamed_one_character_at_a_time_gives_the_same_errors() {
    let inputs = [
        "<p>x</div><table>y<td>z</tr></table></b>\r\n<svg><path></g><div>",
        "<!DOCTYPE html><frameset>a b</frameset>c<p a a/>",
        "<select><option><select><a><a><nobr><nobr><h1><h2><image/>",
    ];
    for input in inputs {
        let statemark::Parsed { errors: whole, .. } = parse_with_errors(input, TreeOptions::default());
        assert_eq!(streamed_errors(input), whole, "{input:?}");
        assert!(!whole.is_empty());
    }
}

/// Markup pieces the builder's error sites care about: tables, formatting, foreign content,
/// frameset, templates, NULs, DOCTYPEs in the wrong place.
const PIECES: &[&str] = &[
    "<p>",
    "</p>",
    "<b>",
    "</b>",
    "<a>",
    "</a>",
    "<table>",
    "</table>",
    "<tr>",
    "<td>",
    "</td>",
    "<caption>",
    "<colgroup>",
    "<svg>",
    "</svg>",
    "<math>",
    "<mi>",
    "<frameset>",
    "</frameset>",
    "<template>",
    "</template>",
    "<select>",
    "<option>",
    "<form>",
    "</form>",
    "<h1>",
    "<h2>",
    "<li>",
    "<div/>",
    "<br/>",
    "</br>",
    "<!DOCTYPE html>",
    "<head>",
    "</body>",
    "</html>",
    "<body>",
    "<title>",
    "<nobr>",
    "<image>",
    "x",
    " ",
    "\0",
    "\n",
    "</x>",
    "<script>",
    "\r\n",
    "\r",
    "&amp;",
    "&nGt;",
    "</>",
    "<colgroup><template>",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// With errors on: no panic, the same tree as without, errors in input order with
    /// positions inside the input, and the same errors fed one character at a time.
    #[test]
    fn errors_never_change_the_tree(picks in proptest::collection::vec(0..PIECES.len(), 0..40)) {
        let input: String = picks.iter().map(|&i| PIECES[i]).collect();
        let statemark::Parsed { dom, errors } = parse_with_errors(&input, TreeOptions::default());
        let plain = statemark::html::parse_document(&input);
        proptest::prop_assert_eq!(dom.to_test_format(), plain.to_test_format());
        proptest::prop_assert!(errors.windows(2).all(|w| w[0].position.offset <= w[1].position.offset));
        proptest::prop_assert!(errors.iter().all(|e| e.position.offset <= input.len() && e.position.line >= 1));
        proptest::prop_assert_eq!(streamed_errors(&input), errors);
    }
}
