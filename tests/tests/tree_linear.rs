//! The tree builder on pathological inputs, at 1x and 4x size: each must parse (no stack
//! overflow from deep trees, in building, serializing or dropping) and give the expected
//! shape. Their times are reported by `cargo bench -p statemark-benches --bench pathological`,
//! where linearity can be read off the 1x/4x pairs.

use statemark::dom::{Attrs, Dom, NodeId, QualNameRef, QuirksMode};
use statemark::html::parse_document;
use statemark::html::tree::{
    KnownName, Location, ScriptFlags, ScriptingMode, TreeOptions, TreeSink, build_document, build_fragment,
};

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

/// `<a><div>` repeated, then `</a>`: every `<a>` runs the adoption agency, whose step 19 once
/// walked up from commonAncestor (the previous `div`, as deep as the input) to ask whether
/// lastNode was its ancestor (issue 22).
fn a_div(n: usize) -> String {
    "<a><div>".repeat(n) + "</a>"
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
    dom.descendants(dom.root()).filter(|&n| dom.element(n).is_some_and(|e| e.name.local == local)).count()
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

    // Each `<a>` after the first closes the one before (a misnested-formatting error), leaving
    // an empty copy of it in the div it was in: n divs nested n deep, 2n links.
    let n = 20_000 * scale;
    let statemark::Parsed { dom, errors } = statemark::html::parse_with_errors(&a_div(n), TreeOptions::default());
    assert_eq!((elements(&dom, "div"), elements(&dom, "a")), (n, 2 * n));
    assert_eq!(errors.len(), 2 * n + 1);
    let dom = statemark::html::parse_fragment(&a_div(n), &statemark::html::Context::html("div"));
    assert_eq!((elements(&dom, "div"), elements(&dom, "a")), (n, 2 * n));
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

/// The tree builder's tricky tokens, for tag soup.
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

/// Fragment contexts of every kind the builder treats apart.
const CONTEXTS: &[&str] = &[
    "body",
    "table",
    "tbody",
    "tr",
    "td",
    "caption",
    "colgroup",
    "template",
    "select",
    "svg svg",
    "math mi",
    "math annotation-xml",
    "title",
    "textarea",
    "html",
    "head",
    "frameset",
    "form",
    "p",
];

/// Tag soup from a vocabulary of the tree builder's tricky tokens (tables, templates, foreign
/// content, formatting elements, fragments): nothing may panic, in debug builds the stack's
/// index checks its own consistency, and every tree must serialize.
#[test]
fn tag_soup_never_panics() {
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

/// A `Dom` that checks every insertion the builder asks for against the DOM's pre-insert
/// validity (https://dom.spec.whatwg.org/#concept-node-ensure-pre-insert-validity, steps 2
/// and 3): the node is not a host-including inclusive ancestor of the parent, and a node to
/// insert before is a child of the parent. The builder no longer asks the sink the first of
/// these at the adoption agency's step 19 (issue 22); this is the check that the answer it
/// assumes, from its stack of open elements, is the one the tree gives.
struct Checked {
    dom: Dom,
    insertions: usize,
}

impl Checked {
    fn check(&mut self, at: &Location<NodeId>, node: NodeId) {
        self.insertions += 1;
        let parent = *at.parent();
        assert!(!self.dom.is_inclusive_ancestor(node, parent), "inserting {node:?} into its own subtree {parent:?}");
        if let Location::Before { sibling, .. } = at {
            assert_eq!(self.dom[*sibling].parent(), Some(parent), "inserting before a node that is not a child");
        }
    }
}

impl TreeSink for Checked {
    type Handle = NodeId;
    fn document(&mut self) -> NodeId {
        TreeSink::document(&mut self.dom)
    }
    fn create_element(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        TreeSink::create_element(&mut self.dom, name, attrs)
    }
    fn create_known_element(&mut self, known: KnownName, name: QualNameRef<'_>, attrs: Attrs<'_>) -> NodeId {
        self.dom.create_known_element(known, name, attrs)
    }
    fn create_and_insert_element(
        &mut self,
        at: &Location<NodeId>,
        known: Option<KnownName>,
        name: QualNameRef<'_>,
        attrs: Attrs<'_>,
    ) -> NodeId {
        let node = match known {
            Some(k) => self.dom.create_known_element(k, name, attrs),
            None => TreeSink::create_element(&mut self.dom, name, attrs),
        };
        self.insert(at, node);
        node
    }
    fn create_comment(&mut self, data: &str) -> NodeId {
        TreeSink::create_comment(&mut self.dom, data)
    }
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
        TreeSink::create_processing_instruction(&mut self.dom, target, data)
    }
    fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> NodeId {
        TreeSink::create_doctype(&mut self.dom, name, public_id, system_id)
    }
    fn create_document_fragment(&mut self) -> NodeId {
        self.dom.create_document_fragment()
    }
    fn insert(&mut self, at: &Location<NodeId>, node: NodeId) {
        self.check(at, node);
        self.dom.insert(at, node)
    }
    fn insert_text(&mut self, at: &Location<NodeId>, text: &str) {
        self.dom.insert_text(at, text)
    }
    fn parent(&self, node: &NodeId) -> Option<NodeId> {
        TreeSink::parent(&self.dom, node)
    }
    fn remove(&mut self, node: &NodeId) {
        TreeSink::remove(&mut self.dom, node)
    }
    fn move_children(&mut self, from: &NodeId, to: &NodeId) {
        assert!(!self.dom.is_inclusive_ancestor(*from, *to), "moving the children of {from:?} into its own subtree");
        TreeSink::move_children(&mut self.dom, from, to)
    }
    fn template_contents(&mut self, template: &NodeId) -> NodeId {
        self.dom.template_contents(template)
    }
    fn add_attributes_if_missing(&mut self, element: &NodeId, attrs: Attrs<'_>) {
        TreeSink::add_attributes_if_missing(&mut self.dom, element, attrs)
    }
    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        TreeSink::set_quirks_mode(&mut self.dom, mode)
    }
    fn has_element_child(&self, node: &NodeId) -> bool {
        self.dom.has_element_child(node)
    }
    // What the 2026 text added (scripting modes, content patching, selectedcontent), passed on
    // so that the checked tree is the plain one.
    fn set_scripting_mode(&mut self, mode: ScriptingMode) {
        TreeSink::set_scripting_mode(&mut self.dom, mode)
    }
    fn script_created(&mut self, script: &NodeId, flags: ScriptFlags) {
        TreeSink::script_created(&mut self.dom, script, flags)
    }
    fn first_child(&self, node: &NodeId) -> Option<NodeId> {
        TreeSink::first_child(&self.dom, node)
    }
    fn next_sibling(&self, node: &NodeId) -> Option<NodeId> {
        TreeSink::next_sibling(&self.dom, node)
    }
    fn processing_instruction(&self, node: &NodeId) -> Option<(&str, &str)> {
        TreeSink::processing_instruction(&self.dom, node)
    }
    fn clone_children_into(&mut self, from: &NodeId, into: &NodeId) {
        // Copies go into a `selectedcontent` that holds nothing of `from`'s: always valid.
        self.insertions += 1;
        TreeSink::clone_children_into(&mut self.dom, from, into)
    }
}

/// Parses `input` (as a document, or as a fragment in `context`) into a [`Checked`] sink and
/// returns its tree in the html5lib format, which must be what `parse_document_with` /
/// `parse_fragment_with` give: the checks do not change the tree. Returns the insertions made.
fn checked_parse(input: &str, context: Option<&str>, scripting: bool) -> usize {
    let options = TreeOptions::with_scripting(scripting);
    let sink = Checked { dom: Dom::new(), insertions: 0 };
    let (checked, plain) = match context {
        None => (build_document(input, options, sink), statemark::html::parse_document_with(input, options)),
        Some(c) => {
            let ctx = statemark_tests::tree::context_of(c);
            let (mut checked, frag) = build_fragment(input, &ctx, options, sink);
            checked.dom.set_fragment_root(frag);
            (checked, statemark::html::parse_fragment_with(input, &ctx, options))
        }
    };
    assert_eq!(checked.dom.to_test_format(), plain.to_test_format(), "{input:?} in {context:?}");
    checked.insertions
}

/// Every insertion the builder makes is a valid one (no node into its own subtree, no
/// insertion before a node of another parent) on every input of the tree-construction
/// suites, documents and fragments in both scripting modes, on the adoption agency's
/// misnesting patterns, and on tag soup in every context kind.
#[test]
fn every_insertion_is_valid() {
    let mut inputs: Vec<(String, Option<String>)> = Vec::new();
    let suites = [
        statemark_tests::suite("HTML5LIB_TESTS", "html5lib-tests").map(|d| d.join("tree-construction")),
        statemark_tests::suite("WPT_HTML_PARSING", "wpt-html-parsing"),
    ];
    for dir in suites.into_iter().flatten() {
        for file in statemark_tests::tree::dat_files(&dir) {
            let text = statemark_tests::read_lossy(&file);
            for case in statemark_tests::tree::parse_dat(&text) {
                inputs.push((case.data, case.fragment));
            }
        }
    }
    let suite_cases = inputs.len();
    for unit in ["<a><div>", "<a><div><a>", "<b><p>", "<table><a><tr>", "<a><table><a><div>", "<template><a><div>"] {
        inputs.push((unit.repeat(40) + "</a></b>", None));
    }
    let mut seed: u64 = 0x15e7;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for round in 0..3000 {
        let len = 1 + next() % 80;
        let doc: String = (0..len).map(|_| VOCAB[next() % VOCAB.len()]).collect();
        let ctx = (round % 3 == 0).then(|| CONTEXTS[next() % CONTEXTS.len()].to_owned());
        inputs.push((doc, ctx));
    }
    let mut insertions = 0;
    for (i, (input, ctx)) in inputs.iter().enumerate() {
        insertions += checked_parse(input, ctx.as_deref(), i % 2 == 0);
    }
    // The suites were found (under CI they must be) and the checks ran on real insertions.
    assert!(std::env::var_os("CI").is_none() || suite_cases > 2000, "{suite_cases} suite cases");
    assert!(insertions > 40_000, "{insertions} insertions checked");
}

/// The checking sink does fail on an insertion into the node's own subtree (so the test above
/// can fail).
#[test]
#[should_panic(expected = "into its own subtree")]
fn checked_sink_refuses_a_cycle() {
    let mut sink = Checked { dom: parse_document("<div><p>x"), insertions: 0 };
    let p =
        sink.dom.descendants(sink.dom.document()).find(|&n| sink.dom.element(n).is_some_and(|e| e.name.local == "p"));
    let div = p.and_then(|p| sink.dom[p].parent()).unwrap();
    sink.insert(&Location::Append(p.unwrap()), div);
}

/// The adoption agency's in-place stack edit (`Stack::replace_range`, used when more than 16
/// entries are above the furthest block) on tag soup heavy in formatting elements over deep
/// stacks of blocks, tables, list items, foreign and unknown elements: in debug builds the
/// stack checks its whole index against a fresh one after each such edit (stacks up to 512
/// entries), and every insertion is checked as in `every_insertion_is_valid`.
#[test]
fn adoption_in_place_keeps_the_stack_index() {
    const SOUP: &[&str] = &[
        "<b id=1>",
        "<b id=2>",
        "<b>",
        "<i>",
        "<em>",
        "</b>",
        "</b>",
        "</i>",
        "</em>",
        "<a>",
        "</a>",
        "<nobr>",
        "<div>",
        "<div>",
        "<div>",
        "<li>",
        "<p>",
        "<span>",
        "<x-y>",
        "<table><td>",
        "<svg><desc>",
        "<math><mi>",
        "<blockquote>",
        "<address>",
        "<button>",
        "x",
    ];
    let mut seed: u64 = 0xadab7;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for round in 0..300 {
        let mut doc: String = (0..20 + round % 40).map(|_| "<div>").collect();
        doc.extend((0..200).map(|_| SOUP[next() % SOUP.len()]));
        let ctx = (round % 4 == 0).then_some("body");
        checked_parse(&doc, ctx, round % 2 == 0);
    }
    // The pattern the in-place edit was made for, in a size the debug check covers.
    let mut doc: String = (0..40).map(|k| format!("<b id={k}>")).collect();
    doc.push_str(&"<div>".repeat(40));
    doc.push_str(&"</b>".repeat(40));
    checked_parse(&doc, None, true);
}

/// Inputs whose trees the spec makes quadratic in their size (whatwg/html#10772), each as
/// (name, input) with `n` repetitions: formatting elements with distinct attributes cut off by
/// tables, all made again at each tag; a long link copied into each paragraph; a formatting
/// element with a long attribute that the adoption agency copies once per end tag.
fn amplifying(n: usize) -> [(&'static str, String); 3] {
    let fonts: String = (0..n).map(|i| format!("<font s{i}=4><table>")).collect();
    [
        ("reconstruct-through-tables", format!("<div>{fonts}x")),
        ("copied-link", format!("<p><a href=\"{}\">{}", "x".repeat(4 * n), "<p>x".repeat(n))),
        ("adoption-through-divs", format!("<b x=\"{}\">{}{}", "x".repeat(4 * n), "<div>".repeat(n), "</b>".repeat(n))),
    ]
}

fn amplification_errors(parsed: &statemark::Parsed<statemark::html::HtmlError>) -> usize {
    parsed.errors.iter().filter(|e| e.code.code() == "amplification-limit").count()
}

#[test]
fn amplification_is_bounded_by_default() {
    for n in [2_000, 8_000] {
        for (name, html) in amplifying(n) {
            let parsed = statemark::html::parse_with_errors(&html, TreeOptions::default());
            // The input's own markup, and the copies' start tags (at most 8 bytes per byte
            // read, at least 4 KB counted) with their end tags, which are shorter.
            let bound = html.len() + 2 * 8 * html.len().max(4096);
            let out = parsed.dom.to_html().len();
            assert!(out <= bound, "{name} at n = {n}: {out} bytes of tree from {} of input", html.len());
            assert!(amplification_errors(&parsed) > 0, "{name} at n = {n}: no amplification-limit error");
        }
    }
}

#[test]
fn without_the_limit_the_tree_is_the_specs() {
    let spec = TreeOptions { amplification_limit: None, ..TreeOptions::default() };
    for (name, html) in amplifying(1_000) {
        let parsed = statemark::html::parse_with_errors(&html, spec);
        let out = parsed.dom.to_html().len();
        assert!(out > 100 * html.len(), "{name}: {out} bytes of tree from {} of input", html.len());
        assert_eq!(amplification_errors(&parsed), 0, "{name}");
    }
    // Below the limit it changes nothing.
    for (name, html) in amplifying(20) {
        let bounded = statemark::html::parse_with_errors(&html, TreeOptions::default());
        let exact = statemark::html::parse_with_errors(&html, spec);
        assert_eq!(bounded.dom.to_test_format(), exact.dom.to_test_format(), "{name}");
        assert_eq!(bounded.errors, exact.errors, "{name}");
    }
}
