//! The tree builder on pathological inputs, at 1x and 4x size: each must parse (no stack
//! overflow from deep trees, in building, serializing or dropping) and give the expected
//! shape. Their times are reported by `cargo bench -p statemark-benches --bench pathological`,
//! where linearity can be read off the 1x/4x pairs.

use statemark::dom::Dom;
use statemark::html::parse_document;

fn nested_divs(n: usize) -> String {
    "<div>".repeat(n)
}

fn many_attributes(n: usize) -> String {
    let mut s = String::from("<p");
    for i in 0..n {
        s.push_str(&format!(" a{i}={i}"));
    }
    s.push('>');
    s
}

fn unclosed_formatting(n: usize) -> String {
    "<b><i>".repeat(n)
}

fn nested_tables(n: usize) -> String {
    "<table><tr><td>".repeat(n)
}

fn misnested_formatting(n: usize) -> String {
    "<b><p>x</b>y".repeat(n)
}

fn depth(dom: &Dom) -> usize {
    let mut max = 0;
    for n in dom.descendants(dom.document()) {
        let mut d = 0;
        let mut cur = dom[n].parent();
        while let Some(p) = cur {
            d += 1;
            cur = dom[p].parent();
            if d > max {
                break;
            }
        }
        // Only the deepest chain is walked fully: depth grows one level per new maximum.
        if d > max {
            max = d;
        }
    }
    max
}

fn elements(dom: &Dom, local: &str) -> usize {
    dom.descendants(dom.document()).filter(|&n| dom.element(n).is_some_and(|e| e.name.local == local)).count()
}

fn check(scale: usize) {
    let n = 100_000 * scale;
    let dom = parse_document(&nested_divs(n));
    assert_eq!(elements(&dom, "div"), n);
    drop(dom);

    let n = 50_000 * scale;
    let dom = parse_document(&many_attributes(n));
    let p = dom.descendants(dom.document()).find(|&x| dom.element(x).is_some_and(|e| e.name.local == "p")).unwrap();
    assert_eq!(dom.element(p).unwrap().attrs().len(), n);

    let n = 100_000 * scale;
    let dom = parse_document(&unclosed_formatting(n));
    assert_eq!(elements(&dom, "b"), n);
    assert_eq!(elements(&dom, "i"), n);

    let n = 50_000 * scale;
    let dom = parse_document(&nested_tables(n));
    assert_eq!(elements(&dom, "table"), n);
    assert_eq!(elements(&dom, "td"), n);

    let n = 50_000 * scale;
    let dom = parse_document(&misnested_formatting(n));
    assert_eq!(elements(&dom, "p"), n);
    let text: usize = dom.descendants(dom.document()).map(|x| dom.text(x).map_or(0, str::len)).sum();
    assert_eq!(text, 2 * n);
}

#[test]
fn pathological_inputs_parse_1x() {
    check(1);
}

#[test]
fn pathological_inputs_parse_4x() {
    check(4);
}

#[test]
fn deep_tree_depth_is_real() {
    // The nesting really is 10,000 deep (so the other tests exercise deep trees).
    let dom = parse_document(&nested_divs(10_000));
    assert_eq!(depth(&dom), 10_000 + 2);
}

#[test]
fn deep_tree_serializes() {
    // The html5lib format's indentation makes its output quadratic in depth by itself, so
    // this stays at 5,000 levels (25 MB of output); the serializer keeps an explicit stack.
    let dom = parse_document(&nested_divs(5_000));
    let text = dom.to_test_format();
    assert_eq!(text.lines().count(), 5_000 + 3);
    assert!(text.ends_with(&format!("| {}<div>\n", "  ".repeat(5_000 + 1))));
}

/// Tag soup from a vocabulary of the tree builder's tricky tokens (tables, templates, foreign
/// content, formatting elements, fragments): nothing may panic, in debug builds the stack's
/// index checks its own consistency, and every tree must serialize.
#[test]
fn tag_soup_never_panics() {
    const VOCAB: &[&str] = &[
        "<table>",
        "</table>",
        "<tr>",
        "<td>",
        "</td>",
        "<th>",
        "<tbody>",
        "<caption>",
        "</caption>",
        "<col>",
        "<colgroup>",
        "<template>",
        "</template>",
        "<b>",
        "</b>",
        "<i>",
        "</i>",
        "<a href=x>",
        "</a>",
        "<nobr>",
        "</nobr>",
        "<p>",
        "</p>",
        "<div>",
        "</div>",
        "<svg>",
        "</svg>",
        "<math>",
        "<mi>",
        "<annotation-xml encoding=text/html>",
        "<foreignObject>",
        "<desc>",
        "<select>",
        "</select>",
        "<option>",
        "<optgroup>",
        "<input>",
        "<form>",
        "</form>",
        "<li>",
        "<dd>",
        "<dt>",
        "<h1>",
        "</h2>",
        "<button>",
        "</button>",
        "<frameset>",
        "<frame>",
        "<body>",
        "</body>",
        "</html>",
        "<head>",
        "<noscript>",
        "<script>",
        "</script>",
        "<textarea>",
        "<plaintext>",
        "<xmp>",
        "<ruby>",
        "<rt>",
        "<applet>",
        "</applet>",
        "<marquee>",
        "<object>",
        "<hr>",
        "<br>",
        "</br>",
        "<image>",
        "<font color=red>",
        "x",
        " ",
        "\0",
        "<!-- c -->",
        "<?pi data?>",
        "<!DOCTYPE html>",
        "<![CDATA[x]]>",
        "</x>",
        "<x>",
        "<em>",
        "</em>",
    ];
    const CONTEXTS: &[&str] =
        &["body", "table", "tr", "td", "template", "select", "svg svg", "math mi", "title", "html"];
    let mut seed: u64 = 0x5eed;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for round in 0..1500 {
        let len = 1 + next() % 60;
        let doc: String = (0..len).map(|_| VOCAB[next() % VOCAB.len()]).collect();
        let dom = parse_document(&doc);
        let _ = dom.to_test_format();
        let ctx = statemark_tests::tree::context_of(CONTEXTS[round % CONTEXTS.len()]);
        let frag = statemark::html::parse_fragment_with(
            &doc,
            &ctx,
            statemark::html::TreeOptions::with_scripting(round % 2 == 0),
        );
        let _ = frag.to_test_format();
    }
}
