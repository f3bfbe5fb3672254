//! html5lib-tests `serializer/*.test`: each test's token stream drives
//! `statemark::html::serialize::Serializer` with html5lib's default options plus the test's own,
//! and the output must be one of the `expected` strings (the `xhtml` outputs are not ours to
//! give). Cases where the current spec text (13.1.2.4 optional tags, 13.1.2.3 attributes, the
//! boolean attributes of today's index) decides differently are listed in
//! `tests/expectations/html5lib_serializer.json` with our output and the sentence.

use serde_json::Value;
use statemark::dom::{AttrRef, Namespace, QualNameRef};
use statemark::html::serialize::{AttrQuoting, SerializeOptions, Serializer};
use statemark_tests::expect::{Expectations, Outcome};
use statemark_tests::suite;

/// A token of the suite's input, owned so the serializer can borrow from it.
enum Tok {
    Start { ns: Namespace, name: String, attrs: Vec<(Namespace, String, String)> },
    End { ns: Namespace, name: String },
    Text(String),
    Comment(String),
    Doctype(String, String, String),
}

fn namespace(v: &Value) -> Namespace {
    match v.as_str() {
        None => Namespace::None,
        Some("http://www.w3.org/1999/xhtml") => Namespace::Html,
        Some("http://www.w3.org/2000/svg") => Namespace::Svg,
        Some("http://www.w3.org/1998/Math/MathML") => Namespace::MathMl,
        Some("http://www.w3.org/1999/xlink") => Namespace::XLink,
        Some("http://www.w3.org/XML/1998/namespace") => Namespace::Xml,
        Some("http://www.w3.org/2000/xmlns/") => Namespace::Xmlns,
        Some(u) => Namespace::Other(u.into()),
    }
}

fn attrs(v: &Value) -> Vec<(Namespace, String, String)> {
    let s = |v: &Value| v.as_str().unwrap_or("").to_owned();
    match v {
        Value::Array(list) => {
            list.iter().map(|a| (namespace(&a["namespace"]), s(&a["name"]), s(&a["value"]))).collect()
        }
        Value::Object(map) => map.iter().map(|(k, v)| (Namespace::None, k.clone(), s(v))).collect(),
        _ => Vec::new(),
    }
}

fn tokens(input: &Value) -> Vec<Tok> {
    let s = |v: &Value| v.as_str().unwrap_or("").to_owned();
    input
        .as_array()
        .expect("input array")
        .iter()
        .map(|t| match t[0].as_str().unwrap_or("") {
            "StartTag" => Tok::Start { ns: namespace(&t[1]), name: s(&t[2]), attrs: attrs(&t[3]) },
            // The suite's void elements: ["EmptyTag", name, attrs], in the HTML namespace.
            "EmptyTag" => Tok::Start { ns: Namespace::Html, name: s(&t[1]), attrs: attrs(&t[2]) },
            "EndTag" => Tok::End { ns: namespace(&t[1]), name: s(&t[2]) },
            "Characters" => Tok::Text(s(&t[1])),
            "Comment" => Tok::Comment(s(&t[1])),
            "Doctype" => Tok::Doctype(s(&t[1]), s(&t[2]), s(&t[3])),
            other => panic!("unknown token type {other}"),
        })
        .collect()
}

/// html5lib's defaults, the test's options, and attributes in alphabetical order (the suite's
/// outputs list them so, whatever the input order).
fn options(v: &Value) -> SerializeOptions {
    let mut o = SerializeOptions { alphabetical_attributes: true, ..SerializeOptions::html5lib() };
    let Some(map) = v.as_object() else { return o };
    for (k, v) in map {
        match k.as_str() {
            "quote_attr_values" if v.as_bool() == Some(true) => o.quote_attr_values = AttrQuoting::Always,
            "quote_char" => {
                // An explicit quote character turns "best quote character" off, as in html5lib.
                o.quote_char = v.as_str().and_then(|s| s.chars().next()).unwrap_or('"');
                o.use_best_quote_char = false;
            }
            "use_best_quote_char" => o.use_best_quote_char = v.as_bool().unwrap_or(true),
            "omit_optional_tags" => o.omit_optional_tags = v.as_bool().unwrap_or(true),
            "minimize_boolean_attributes" => o.minimize_boolean_attributes = v.as_bool().unwrap_or(true),
            "use_trailing_solidus" => o.use_trailing_solidus = v.as_bool().unwrap_or(false),
            "space_before_trailing_solidus" => o.space_before_trailing_solidus = v.as_bool().unwrap_or(true),
            "escape_lt_in_attrs" => o.escape_lt_in_attrs = v.as_bool().unwrap_or(true),
            "escape_rcdata" => o.escape_rcdata = v.as_bool().unwrap_or(false),
            "strip_whitespace" => o.strip_whitespace = v.as_bool().unwrap_or(false),
            "alphabetical_attributes" => o.alphabetical_attributes = v.as_bool().unwrap_or(false),
            // Read with "encoding" below.
            "inject_meta_charset" | "encoding" => {}
            other => panic!("unknown serializer option {other}"),
        }
    }
    if map.get("inject_meta_charset").and_then(Value::as_bool) == Some(true) {
        o.inject_meta_charset = map.get("encoding").and_then(Value::as_str).map(str::to_owned);
    }
    o
}

fn serialize(toks: &[Tok], opts: SerializeOptions) -> String {
    let mut s = Serializer::new(String::new(), opts);
    for t in toks {
        let r = match t {
            Tok::Start { ns, name, attrs } => s.start_tag(
                QualNameRef::new(ns, name),
                attrs.iter().map(|(ns, n, v)| AttrRef { name: QualNameRef::new(ns, n), value: v }),
            ),
            Tok::End { ns, name } => s.end_tag(QualNameRef::new(ns, name)),
            Tok::Text(t) => s.text(t),
            Tok::Comment(c) => s.comment(c),
            Tok::Doctype(n, p, sys) => s.doctype(n, p, sys),
        };
        r.expect("writing to a String");
    }
    s.finish().expect("writing to a String")
}

fn key(file: &str, index: usize, description: &str) -> String {
    format!("{file} | {index} | {description}")
}

fn main() {
    let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let dir = dir.join("serializer");
    let mut expectations = Expectations::load("html5lib_serializer.json", |e| {
        key(
            e["file"].as_str().unwrap_or(""),
            e["index"].as_u64().unwrap_or(0) as usize,
            e["description"].as_str().unwrap_or(""),
        )
    });
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "test"))
        .collect();
    files.sort();
    let (mut passed, mut failed, mut expected) = (0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (mut fp, mut ff) = (0, 0);
        for (i, t) in v["tests"].as_array().expect("tests").iter().enumerate() {
            let description = t["description"].as_str().unwrap_or("");
            let k = key(&file, i + 1, description);
            let got = serialize(&tokens(&t["input"]), options(&t["options"]));
            let want: Vec<&str> =
                t["expected"].as_array().expect("expected").iter().filter_map(Value::as_str).collect();
            match expectations.check(&k, &got, want.contains(&got.as_str()), &want.join(" | ")) {
                Outcome::Pass => fp += 1,
                Outcome::Expected => {
                    fp += 1;
                    expected += 1;
                }
                Outcome::Fail(msg) => {
                    ff += 1;
                    failures.push(msg);
                }
            }
        }
        println!("html5lib serializer {file}: {fp} passed, {ff} failed");
        passed += fp;
        failed += ff;
    }
    let stale = expectations.unseen(|_| true);
    for f in failures.iter().chain(&stale) {
        println!("FAIL {f}");
    }
    println!(
        "html5lib serializer: {passed} passed, {failed} failed ({expected} checked against reviewed expectations; {} entries)",
        expectations.len()
    );
    if failed > 0 || !stale.is_empty() {
        std::process::exit(1);
    }
}
