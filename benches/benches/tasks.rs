//! The ten tasks of a user's first hour (issue 23), each written once with statemark and once
//! with the best peer for it, run on the same input: the lines of each body are counted and each
//! result is checked against the right answer (what the spec says). `docs/tasks.md` holds the
//! table; this program fails when the table is stale (`STATEMARK_UPDATE_TASKS=1` rewrites it)
//! or when a statemark row is wrong. Not a timing benchmark: a bench target so that only
//! `cargo bench` compiles the peers (`cargo bench -p statemark-benches --bench tasks`).
//!
//! Each body sits between a `// task: NAME SIDE` line and the `}` that closes it at column 0;
//! its lines are counted as rustfmt writes them, without blank lines and comments.

use std::io::Read;

// ---- 1. Links via CSS --------------------------------------------------------------------

const LINKS: &str =
    "<nav><a href=\"/a\">A</a><p><a href='/b?x=1&amp;y=2'>B</a></nav><a href=/c>C</a><nav><A HREF=/d>D</A></nav>";

// task: links statemark
fn links_statemark(html: &str) -> Vec<String> {
    let dom = statemark::html::parse_document(html);
    let links = statemark::dom::Selector::parse("nav a[href]").unwrap();
    dom.select(&links).filter_map(|a| Some(dom.element(a)?.attr("href")?.to_owned())).collect()
}

// task: links scraper
fn links_scraper(html: &str) -> Vec<String> {
    let doc = scraper::Html::parse_document(html);
    let links = scraper::Selector::parse("nav a[href]").unwrap();
    doc.select(&links).filter_map(|a| Some(a.value().attr("href")?.to_owned())).collect()
}

// ---- 2. Bytes in legacy encodings --------------------------------------------------------

/// A Shift_JIS page with no label anywhere, and a KOI8-R page labelled by `<meta>`.
fn legacy_pages() -> Vec<(Vec<u8>, String)> {
    let ja = "<html><body><p>日本語のテキストです。これは文字コードを判定するためのテストで、ラベルはありません。漢字とひらがなとカタカナが混ざっています。</p></body></html>";
    let ru = "<html><head><meta charset=koi8-r></head><body><p>Привет, мир</p></body></html>";
    let sjis = encoding_rs::SHIFT_JIS.encode(ja).0.into_owned();
    let koi = encoding_rs::KOI8_R.encode(ru).0.into_owned();
    let text = |s: &str| statemark::html::parse_document(s).text_content(statemark::html::parse_document(s).document());
    vec![(sjis, text(ja)), (koi, text(ru))]
}

// task: legacy statemark
fn legacy_statemark(bytes: &[u8]) -> String {
    let dom = statemark::html::parse_bytes(bytes, &Default::default(), Default::default()).dom;
    dom.text_content(dom.document())
}

// task: legacy scraper+chardetng
fn legacy_scraper(bytes: &[u8]) -> String {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let (text, _, _) = detector.guess(None, true).decode(bytes);
    let doc = scraper::Html::parse_document(&text);
    doc.root_element().text().collect()
}

// ---- 3. Stream a large file --------------------------------------------------------------

/// Many links, and one inside a script, which is text.
fn big_page() -> String {
    let mut page = String::from("<!DOCTYPE html><script>document.write('<a href=/fake>')</script>");
    for i in 0..20_000 {
        page.push_str(&format!("<p>item {i} <a href=/p{i}>link</a></p>\n"));
    }
    page
}

// task: stream statemark
fn stream_statemark(reader: impl Read) -> Vec<String> {
    use statemark::html::Token;
    let tokens = statemark::html::tokenize_reader(reader, &Default::default());
    tokens
        .filter_map(|t| match t.ok()? {
            Token::StartTag(tag) if tag.name == "a" => Some(tag.attribute("href")?.to_owned()),
            _ => None,
        })
        .collect()
}

// task: stream html5gum
fn stream_html5gum(reader: impl Read) -> Vec<String> {
    let mut emitter = html5gum::emitters::default::DefaultEmitter::default();
    emitter.naively_switch_states(true);
    let mut out = Vec::new();
    for token in html5gum::Tokenizer::new_with_emitter(html5gum::IoReader::new(reader), emitter).flatten() {
        if let html5gum::Token::StartTag(tag) = token
            && &*tag.name == b"a"
            && let Some(href) = tag.attributes.get(b"href".as_slice())
        {
            out.push(String::from_utf8_lossy(href).into_owned());
        }
    }
    out
}

// ---- 4. Edit and serialize ---------------------------------------------------------------

const EDIT: &str = "<p><a href=\"http://x.example/\">x</a> <a href=\"/y\">y</a> <A HREF=https://z.example/>z</A>";

// task: edit statemark
fn edit_statemark(html: &str) -> String {
    let mut dom = statemark::html::parse_document(html);
    let external = statemark::dom::Selector::parse("a[href^='http']").unwrap();
    for a in dom.select(&external).collect::<Vec<_>>() {
        dom.set_attribute(a, "rel", "nofollow").unwrap();
    }
    dom.to_html()
}

// task: edit lol_html
fn edit_lol_html(html: &str) -> String {
    use lol_html::{RewriteStrSettings, element, rewrite_str};
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("a[href^='http']", |el| {
        el.set_attribute("rel", "nofollow")?;
        Ok(())
    }));
    rewrite_str(html, settings).unwrap()
}

// ---- 5. Source positions -----------------------------------------------------------------

const POSITIONS: &str = "<p>\n<img src=a>\n  <img alt=x><img src=b>\n<!-- <img src=c> -->";

// task: positions statemark
fn positions_statemark(html: &str) -> Vec<String> {
    let dom = statemark::html::parse_document_with_source_spans(html, Default::default());
    let lines = statemark::LineIndex::new(html);
    let no_alt = statemark::dom::Selector::parse("img:not([alt])").unwrap();
    let at = |n| lines.position(dom.source_span(n).unwrap().start);
    dom.select(&no_alt).map(|n| format!("{}:{}", at(n).line, at(n).column)).collect()
}

// task: positions lol_html
fn positions_lol_html(html: &str) -> Vec<String> {
    use lol_html::{RewriteStrSettings, element, rewrite_str};
    let mut out = Vec::new();
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("img:not([alt])", |el| {
        let start = el.source_location().bytes().start;
        let line = html[..start].matches('\n').count() + 1;
        let column = start - html[..start].rfind('\n').map_or(0, |i| i + 1) + 1;
        out.push(format!("{line}:{column}"));
        Ok(())
    }));
    rewrite_str(html, settings).unwrap();
    out
}

// ---- 6. Sanitize -------------------------------------------------------------------------

const SANITIZE: &str = "<p onclick=x>hi<script>a()</script><template><script>b()</script><img src=x onerror=y></template><svg><script>c()</script></svg><SCRIPT>d()</SCRIPT>";

// task: sanitize statemark
fn sanitize_statemark(html: &str) -> String {
    let mut dom = statemark::html::parse_document(html);
    let scripts = statemark::dom::Selector::parse("script").unwrap();
    for script in dom.select(&scripts).including_templates().collect::<Vec<_>>() {
        dom.remove(script);
    }
    for n in dom.descendants(dom.document()).including_templates().collect::<Vec<_>>() {
        let names = dom.element(n).into_iter().flat_map(|e| e.attrs()).map(|a| a.name.local.to_owned());
        let on: Vec<String> = names.filter(|name| name.starts_with("on")).collect();
        on.iter().for_each(|name| _ = dom.remove_attribute(n, name));
    }
    dom.to_html()
}

// task: sanitize lol_html
fn sanitize_lol_html(html: &str) -> String {
    use lol_html::{RewriteStrSettings, element, rewrite_str};
    let settings = RewriteStrSettings::new()
        .append_element_content_handler(element!("script", |el| {
            el.remove();
            Ok(())
        }))
        .append_element_content_handler(element!("*", |el| {
            let on: Vec<String> = el.attributes().iter().map(|a| a.name()).filter(|n| n.starts_with("on")).collect();
            on.iter().for_each(|name| el.remove_attribute(name));
            Ok(())
        }));
    rewrite_str(html, settings).unwrap()
}

// ---- 7. Validate -------------------------------------------------------------------------

const VALIDATE: &str = "<p a=1 a=2>x</b>\n<div>\0</div>";

// task: validate statemark
fn validate_statemark(html: &str) -> Vec<String> {
    let statemark::Parsed { errors, .. } = statemark::html::parse_with_errors(html, Default::default());
    errors.iter().map(|e| format!("{}:{} {}", e.position.line, e.position.column, e.code)).collect()
}

// task: validate html5ever
fn validate_html5ever(html: &str) -> Vec<String> {
    use html5ever::tendril::TendrilSink;
    let opts = html5ever::ParseOpts {
        tree_builder: html5ever::tree_builder::TreeBuilderOpts { exact_errors: true, ..Default::default() },
        ..Default::default()
    };
    let dom = html5ever::parse_document(markup5ever_rcdom::RcDom::default(), opts).one(html);
    dom.errors.take().into_iter().map(|e| e.into_owned()).collect()
}

// ---- 8. XML namespaces -------------------------------------------------------------------

const NAMESPACES: &str = "<r xmlns=\"urn:a\" xmlns:b=\"urn:b\"><b:x/><y b:k=\"1\"><z xmlns=\"\"/></y></r>";

// task: namespaces statemark
fn namespaces_statemark(xml: &str) -> Vec<(String, String)> {
    let dom = statemark::xml5::parse(xml);
    let names = dom.descendants(dom.document()).filter_map(|n| dom.element(n));
    names.map(|e| (e.name.ns.url().to_owned(), e.name.local.to_string())).collect()
}

// task: namespaces quick-xml
fn namespaces_quick_xml(xml: &str) -> Vec<(String, String)> {
    use quick_xml::events::Event;
    use quick_xml::name::ResolveResult;
    let mut reader = quick_xml::NsReader::from_str(xml);
    let mut out = Vec::new();
    loop {
        let (ns, event) = reader.read_resolved_event().unwrap();
        let ns = match ns {
            ResolveResult::Bound(ns) => ns.into_inner().to_owned(),
            _ => String::new(),
        };
        match event {
            Event::Start(e) | Event::Empty(e) => out.push((ns, e.local_name().into_inner().to_owned())),
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

// ---- 9. Microsyntaxes --------------------------------------------------------------------

const INTEGERS: &[&str] = &["42", "  42px", "+7", "x", "-1", "0012"];

// task: microsyntax statemark
fn microsyntax_statemark(values: &[&str]) -> Vec<Option<u64>> {
    values.iter().map(|v| statemark::microsyntax::parse_non_negative_integer(v).ok()).collect()
}

// task: microsyntax std
fn microsyntax_std(values: &[&str]) -> Vec<Option<u64>> {
    values.iter().map(|v| v.trim().parse().ok()).collect()
}

// ---- 10. Fragment parsing ----------------------------------------------------------------

const FRAGMENT: &str = "<td>cell<td>two";

// task: fragment statemark
fn fragment_statemark(html: &str) -> String {
    let dom = statemark::html::parse_fragment(html, &statemark::html::Context::html("tr"));
    dom.to_html()
}

// task: fragment html5ever
fn fragment_html5ever(html: &str) -> String {
    use html5ever::tendril::TendrilSink;
    use html5ever::{QualName, local_name, ns};
    let context = QualName::new(None, ns!(html), local_name!("tr"));
    let dom =
        html5ever::parse_fragment(markup5ever_rcdom::RcDom::default(), Default::default(), context, vec![], false)
            .one(html);
    let root: markup5ever_rcdom::SerializableHandle = dom.document.children.borrow()[0].clone().into();
    let mut out = Vec::new();
    html5ever::serialize(&mut out, &root, Default::default()).unwrap();
    String::from_utf8(out).unwrap()
}

// ---- The table ---------------------------------------------------------------------------

/// The test-format tree of a page, for comparing outputs that may differ in the tags the
/// serializer leaves implied.
fn tree(html: &str) -> String {
    statemark::html::parse_document(html).to_test_format()
}

/// The sanitizer's promise: no `script` element and no `on*` attribute anywhere, template
/// contents included, and the rest kept.
fn sanitized(html: &str) -> bool {
    let t = tree(html);
    !t.contains("<script>")
        && !t.contains("<svg script>")
        && !t.contains(" on")
        && t.contains("\"hi\"")
        && t.contains("<img>")
}

struct Row {
    task: &'static str,
    peer: &'static str,
    ours: bool,
    theirs: bool,
}

fn rows() -> Vec<Row> {
    let links = ["/a", "/b?x=1&y=2", "/d"].map(String::from).to_vec();
    let pages = legacy_pages();
    let page = big_page();
    let hrefs: Vec<String> = (0..20_000).map(|i| format!("/p{i}")).collect();
    let edited = "<p><a href=\"http://x.example/\" rel=nofollow>x</a> <a href=\"/y\">y</a> <a href=https://z.example/ rel=nofollow>z</a>";
    let positions = ["2:1", "3:14"].map(String::from).to_vec();
    let errors = [
        "1:1 missing-doctype",
        "1:9 duplicate-attribute",
        "1:13 end-tag-without-open-element",
        "2:6 unexpected-null-character",
        "2:6 null-character-in-content",
    ]
    .map(String::from)
    .to_vec();
    let names =
        [("urn:a", "r"), ("urn:b", "x"), ("urn:a", "y"), ("", "z")].map(|(a, b)| (a.to_owned(), b.to_owned())).to_vec();
    let integers = vec![Some(42), Some(42), Some(7), None, None, Some(12)];
    let fragment = "<td>cell</td><td>two</td>";
    vec![
        Row {
            task: "links via CSS",
            peer: "scraper",
            ours: links_statemark(LINKS) == links,
            theirs: links_scraper(LINKS) == links,
        },
        Row {
            task: "bytes in legacy encodings",
            peer: "scraper + chardetng",
            ours: pages.iter().all(|(b, t)| legacy_statemark(b) == *t),
            theirs: pages.iter().all(|(b, t)| legacy_scraper(b) == *t),
        },
        Row {
            task: "stream a large file",
            peer: "html5gum",
            ours: stream_statemark(page.as_bytes()) == hrefs,
            theirs: stream_html5gum(page.as_bytes()) == hrefs,
        },
        Row {
            task: "edit and serialize",
            peer: "lol_html",
            ours: tree(&edit_statemark(EDIT)) == tree(edited),
            theirs: tree(&edit_lol_html(EDIT)) == tree(edited),
        },
        Row {
            task: "source positions",
            peer: "lol_html",
            ours: positions_statemark(POSITIONS) == positions,
            theirs: positions_lol_html(POSITIONS) == positions,
        },
        Row {
            task: "sanitize",
            peer: "lol_html",
            ours: sanitized(&sanitize_statemark(SANITIZE)),
            theirs: sanitized(&sanitize_lol_html(SANITIZE)),
        },
        Row {
            task: "validate",
            peer: "html5ever",
            ours: validate_statemark(VALIDATE) == errors,
            theirs: validate_html5ever(VALIDATE) == errors,
        },
        Row {
            task: "XML namespaces",
            peer: "quick-xml",
            ours: namespaces_statemark(NAMESPACES) == names,
            theirs: namespaces_quick_xml(NAMESPACES) == names,
        },
        Row {
            task: "microsyntaxes",
            peer: "std `str::parse`",
            ours: microsyntax_statemark(INTEGERS) == integers,
            theirs: microsyntax_std(INTEGERS) == integers,
        },
        Row {
            task: "fragment parsing",
            peer: "html5ever",
            ours: fragment_statemark(FRAGMENT) == fragment,
            theirs: fragment_html5ever(FRAGMENT) == fragment,
        },
    ]
}

/// Lines of each task body in this file, by `// task: NAME SIDE` marker, in file order.
fn body_lines() -> Vec<(String, usize)> {
    let source = include_str!("tasks.rs");
    let mut out = Vec::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("// task: ") else { continue };
        lines.next(); // the signature
        let n = lines
            .by_ref()
            .take_while(|l| *l != "}")
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
            .count();
        out.push((name.to_owned(), n));
    }
    out
}

fn table() -> String {
    let lines = body_lines();
    let rows = rows();
    assert_eq!(lines.len(), rows.len() * 2, "every task has a statemark body and a peer body");
    let mark = |ok: bool| if ok { "right" } else { "**wrong**" };
    let mut out = String::from(
        "| task | statemark: lines | result | best peer | peer: lines | result |\n|---|---|---|---|---|---|\n",
    );
    for (row, pair) in rows.iter().zip(lines.chunks(2)) {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            row.task,
            pair[0].1,
            mark(row.ours),
            row.peer,
            pair[1].1,
            mark(row.theirs)
        ));
    }
    out
}

fn main() {
    // `cargo bench` passes `--bench`; there is nothing to time here.
    let table = table();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/tasks.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_default();
    let (begin, end) = ("<!-- tasks:begin -->\n", "<!-- tasks:end -->");
    let (Some(a), Some(b)) = (doc.find(begin), doc.find(end)) else {
        panic!("{} has no {begin:?}...{end:?} markers", path.display());
    };
    let fresh = format!("{}{begin}{table}{}", &doc[..a], &doc[b..]);
    print!("{table}");
    if std::env::var_os("STATEMARK_UPDATE_TASKS").is_some() {
        std::fs::write(&path, fresh).unwrap();
        println!("tasks: wrote {}", path.display());
    } else if fresh != doc {
        eprintln!(
            "tasks: {} is stale; run STATEMARK_UPDATE_TASKS=1 cargo bench -p statemark-benches --bench tasks",
            path.display()
        );
        std::process::exit(1);
    }
    let wrong: Vec<&str> = rows().iter().filter(|r| !r.ours).map(|r| r.task).collect();
    let right = 10 - wrong.len();
    println!("tasks: {right} passed, {} failed", wrong.len());
    if !wrong.is_empty() {
        eprintln!("tasks: statemark is wrong on {wrong:?}");
        std::process::exit(1);
    }
}
