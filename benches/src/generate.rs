//! Generated inputs: dense character references and the pathological worst cases.
//!
//! The pathological inputs are aimed at the places where a parser goes quadratic: deep stacks
//! (scope checks walk them), long attribute lists (duplicate detection), one enormous token,
//! the list of active formatting elements and the adoption agency. Each takes a scale factor;
//! `scale = 1` is the size issue 6 names, and the benches run 1x, 2x and 4x to check that time
//! grows linearly.

/// `n` copies of `unit`.
fn repeat(unit: &str, n: usize) -> String {
    unit.repeat(n)
}

/// Runs one after the other: `count` copies of each `unit`. Most inputs are a run of opening
/// markup, perhaps some text, and a run of what closes (or fails to close) it.
fn runs(parts: &[(&str, usize)]) -> String {
    let mut s = String::with_capacity(parts.iter().map(|(unit, count)| unit.len() * count).sum());
    for (unit, count) in parts {
        for _ in 0..*count {
            s.push_str(unit);
        }
    }
    s
}

/// 1M `&amp;` in text (5 MB): the cost of the named-reference path at its most common.
pub fn charref_amp() -> String {
    repeat("&amp;", 1_000_000)
}

/// Named, numeric and legacy references, in text and in attribute values (about 5 MB).
///
/// Covers the longest-match trie (`&notit;` matches `&not`, `&CounterClockwiseContourIntegral;`
/// is the longest name), legacy names without semicolon (`&amp x`, `&ampx`, `&copy`), decimal
/// and hex numeric references including ones the spec replaces (`&#0;`, `&#x80;`), and the
/// attribute rule that leaves `&copy=` alone.
pub fn charref_mix() -> String {
    const UNIT: &str = concat!(
        "<p>&amp;&lt;&gt;&quot;&nbsp;&copy &eacute;&#60;&#x3C;&#128512;&#x1F600;&notin;",
        "&notit;&CounterClockwiseContourIntegral;&amp x&ampx&#0;&#x80;&hellip;&mdash;&zwnj;",
        "<a href=\"?a=1&b=2&amp;c=&#47;&copy=3\" title='&lt;&eacute;&#233;&AMP;'>&rarr;</a>\n",
    );
    repeat(UNIT, 5_000_000 / UNIT.len())
}

/// `100k × scale` nested `<div>`s, closed again.
pub fn nested_div(scale: u32) -> String {
    let n = 100_000 * scale as usize;
    runs(&[("<div>", n), ("x", 1), ("</div>", n)])
}

/// One start tag with `50k × scale` distinct attributes: a quadratic duplicate check shows here.
pub fn many_attributes(scale: u32) -> String {
    let n = 50_000 * scale as usize;
    let mut s = String::from("<div");
    for i in 0..n {
        // Alternate the three value syntaxes so each attribute-value state is exercised.
        match i % 3 {
            0 => s.push_str(&format!(" a{i}=\"v{i}\"")),
            1 => s.push_str(&format!(" b{i}='v'")),
            _ => s.push_str(&format!(" c{i}=v")),
        }
    }
    s.push_str(">x</div>");
    s
}

/// A comment of `20 MB × scale`, with dashes, `--` and `<!--` inside so the comment's side
/// states are entered and left again all the way through.
pub fn long_comment(scale: u32) -> String {
    const FILLER: &str = "comment text - with -- dashes --- and <!-- not nested, <b>tags</b> and &amp; ";
    let body = 20_000_000 * scale as usize;
    runs(&[("<!--", 1), (FILLER, body / FILLER.len()), ("-->x", 1)])
}

/// `100k × scale` unclosed `<b><i>` with text between them: a deep stack of formatting elements,
/// and a list of active formatting elements that only Noah's Ark clause keeps short (finding
/// what that clause removes must not mean walking the stack).
pub fn unclosed_formatting(scale: u32) -> String {
    repeat("<b><i>x", 100_000 * scale as usize)
}

/// `10k × scale` formatting elements each behind an `<object>` marker, then as many links: the
/// list of active formatting elements holds no attributes for a long while, then many entries
/// with them (its attribute arena must not be walked per push: quadratic before issue 13's fix).
pub fn formatting_behind_markers(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    runs(&[("<b><object>", n), ("<a href=x>y</a>", n)])
}

/// One formatting element with an attribute, `10k × scale` `<i><object>`, then as many links:
/// the formatting list's dead records pile up behind live ones (its compaction must wait until
/// they outnumber the entries, or it walks the list again and again).
pub fn formatting_dead_records(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    runs(&[("<b x=1>", 1), ("<i><object>", n), ("<a href=x>y</a>", n)])
}

/// `100k × scale` tables nested through their cells: table scope checks on a deep stack, and
/// foster parenting never triggered.
pub fn nested_tables(scale: u32) -> String {
    runs(&[("<table><tr><td>", 100_000 * scale as usize), ("x", 1)])
}

/// `50k × scale` misnested `<b><div>` that are then closed by `</b>`: every `</b>` runs the
/// adoption agency on a deep stack whose `<div>`s are not scope boundaries.
pub fn misnested_formatting(scale: u32) -> String {
    let n = 50_000 * scale as usize;
    runs(&[("<b><div>x", n), ("</b>y", n)])
}

/// `100k × scale` nested XML elements, closed again.
pub fn nested_xml(scale: u32) -> String {
    let n = 100_000 * scale as usize;
    runs(&[("<?xml version=\"1.0\"?>", 1), ("<e>", n), ("x", 1), ("</e>", n)])
}

// Adversarial growth inputs (issue 12): each aims at one place where the tree builder does the
// most work per input byte, at about 100 KB-1 MB for `scale = 1`. `--bench growth` counts the
// instructions of parsing each at 1x and 4x (callgrind) and fails above 4.5x. None produces a
// tree that is quadratic by the spec itself (as `<p><b a=1>x</p><p><b a=2>x</p>...` would,
// every `</p>` leaving one more distinct entry for every later text to reconstruct).

/// The ten formatting elements the adoption agency handles besides `a` and `nobr`.
const FORMATTING: [&str; 10] = ["b", "i", "u", "s", "em", "strong", "tt", "big", "small", "code"];

/// `8k × scale` rounds of a ten-deep formatting stack over a `<div>` (the furthest block),
/// closed outermost first: every end tag runs the adoption agency's outer loop on a deep stack,
/// cloning the formatting elements between it and the block.
pub fn adoption_deep(scale: u32) -> String {
    let mut unit = String::new();
    for f in FORMATTING {
        unit.push_str(&format!("<{f}>"));
    }
    unit.push_str("<div>x");
    for f in FORMATTING {
        unit.push_str(&format!("</{f}>"));
    }
    unit.push_str("</div>");
    repeat(&unit, 8_000 * scale as usize)
}

/// `20k × scale` `<b>` each followed by three nested blocks and text, then one `</b>` each:
/// furthest blocks on a stack that only grows, so each adoption agency call must find its
/// formatting element and furthest block without walking what earlier calls left.
pub fn adoption_furthest(scale: u32) -> String {
    let n = 20_000 * scale as usize;
    runs(&[("<b><div><p><blockquote>x", n), ("</b>y", n)])
}

/// `6k × scale` identical `<b>` with eight attributes (one with a character reference) in a
/// paragraph that closes: Noah's Ark compares attribute lists on every push (the list may hold
/// only three), and every new paragraph's text reconstructs the three survivors, cloning them
/// with their attributes.
pub fn noahs_ark(scale: u32) -> String {
    const UNIT: &str = concat!(
        "<p><b class=c id=i title='t&amp;t' lang=en dir=ltr data-a=1 data-b=2 data-c=3>x",
        "<b class=c id=i title='t&amp;t' lang=en dir=ltr data-a=1 data-b=2 data-c=3>y</p>\n",
    );
    repeat(UNIT, 6_000 * scale as usize)
}

/// One table whose `20k × scale` rows carry text, inline elements and blocks where only cells
/// may go: every one of them is foster parented before the table.
pub fn foster_parenting(scale: u32) -> String {
    runs(&[
        ("<table><tr><td>cell</td></tr>", 1),
        ("text<b>bold</b><div>block</div><tr><td>c</td>", 20_000 * scale as usize),
        ("</table>", 1),
    ])
}

/// `10k × scale` templates nested through the contexts a template switches between (table
/// rows, cells, column groups, body content), then all closed: the stack of template insertion
/// modes is as deep as the input.
pub fn template_nesting(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    runs(&[("<template><tr><td><template><col><template><div>x<template>", n), ("</template>", 4 * n)])
}

/// `10k × scale` levels of SVG, MathML and HTML nested through their integration points
/// (`foreignObject`, `mi`, `desc`, `annotation-xml`), with a breakout tag (`<p>`, which pops
/// foreign elements) at each level: the adjusted current node changes on every tag.
pub fn foreign_switching(scale: u32) -> String {
    repeat(
        "<svg><foreignObject><math><mi><svg><desc><math><annotation-xml encoding=text/html><div>x<p>y",
        10_000 * scale as usize,
    )
}

/// `15k × scale` tables nested through cells that each hold a `<select>` with options and
/// option groups: select's scope rules next to table scope, on a deep stack.
pub fn select_in_tables(scale: u32) -> String {
    repeat("<table><tr><td><select><optgroup><option>a<option>b</optgroup><option>c", 15_000 * scale as usize)
}

/// Elements with many attributes full of character references, `1k × scale` of them, each
/// with 24 attributes of which every fourth repeats an earlier name (a duplicate to drop).
pub fn attribute_references(scale: u32) -> String {
    let mut unit = String::from("<span");
    for i in 0..24 {
        let name = if i % 4 == 3 { i - 2 } else { i };
        unit.push_str(&format!(" a{name}=\"&amp;&lt;&#x{:X};&notin;&copy x&eacute;\"", 0x41 + i));
    }
    unit.push_str(">t</span>\n");
    repeat(&unit, 1_000 * scale as usize)
}

/// `20k × scale` `<div>`s, then as many empty list items: each `<li>` start tag walks the stack
/// of open elements from the top for an `li` to close, passing `div`s (the spec's loop skips
/// `address`, `div` and `p` among the special elements) down to the body.
pub fn list_items_in_divs(scale: u32) -> String {
    let n = 20_000 * scale as usize;
    runs(&[("<div>", n), ("<li></li><dd></dd>", n)])
}

/// `20k × scale` `<div>`s, then as many empty tables: after each `</table>` the insertion mode
/// is reset, a walk down the stack of open elements past every `div` to the body.
pub fn reset_insertion_mode(scale: u32) -> String {
    let n = 20_000 * scale as usize;
    runs(&[("<div>", n), ("<table></table><template></template>", n)])
}

/// `20k × scale` unknown (so not special) elements, then as many end tags that match none of
/// them: "any other end tag" walks the stack down to the first special element (the body).
pub fn unmatched_end_tags(scale: u32) -> String {
    let n = 20_000 * scale as usize;
    runs(&[("<x-a>", n), ("</x-b>", n)])
}

/// `10k × scale` nested `<b>`s with distinct attributes (so Noah's Ark keeps them all in the
/// list of active formatting elements), then as many `</i>`, `</a>` and `</nobr>`: each looks
/// for its formatting element in a long list and, not finding it, falls back to "any other
/// end tag" on a deep stack of non-special elements.
pub fn unmatched_formatting_end_tags(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("<b id={i}>"));
    }
    s.push_str(&repeat("</i></a></nobr>", n));
    s
}

/// `20k × scale` levels of SVG `<g>`, then as many end tags that match none of them: in foreign
/// content "any other end tag" walks down the foreign elements to the first HTML one.
pub fn unmatched_foreign_end_tags(scale: u32) -> String {
    let n = 20_000 * scale as usize;
    runs(&[("<svg>", 1), ("<g>", n), ("</x>", n)])
}

/// `5k × scale` `<html>` and `<body>` start tags with one new attribute each, and as many
/// repeating a set of ten: each attribute is added to the root (or body) element only if it is
/// not already there, on an element whose attribute list grows with the input.
pub fn merged_root_attributes(scale: u32) -> String {
    let n = 5_000 * scale as usize;
    let mut s = String::from("<body>");
    for i in 0..n {
        s.push_str(&format!("<html h{i}=1><body b{i}=2><html a0 a1 a2 a3 a4 a5 a6 a7 a8 a9>"));
    }
    s
}

/// `5k × scale` `<a><div>`, then `</a>`: every `<a>` runs the adoption agency with the
/// previous `div` (as deep as the input) as commonAncestor; its step 19 once asked the sink
/// whether lastNode was that div's ancestor, a walk up the whole tree (issue 22).
pub fn adoption_ancestor(scale: u32) -> String {
    repeat("<a><div>", 5_000 * scale as usize) + "</a>"
}

/// `10k × scale` `<b id=k>` with text, each a distinct formatting element (Noah's Ark keeps
/// them all), then as many `<p>` and `</b>`: the list of active formatting elements and the
/// stack are as long as the input while the adoption agency runs on them.
pub fn distinct_formatting(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("<b id={i}>x"));
    }
    s.push_str(&repeat("<p>y</b>", n));
    s
}

/// `10k × scale` distinct `<b id=k>`, as many `<div>`s, then as many `</b>`: each `</b>` runs
/// the adoption agency's outer loop with every `div` above its formatting element, the
/// furthest block low on a deep stack.
pub fn adoption_under_blocks(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("<b id={i}>"));
    }
    s.push_str(&repeat("<div>", n));
    s.push_str(&repeat("</b>", n));
    s
}

/// A generator of scalable input: `scale = 1` is its base size.
pub type Generator = fn(u32) -> String;

/// Every adversarial growth input, and the pathological inputs above that fit its size range:
/// (name, generator).
pub const GROWTH: [(&str, Generator); 24] = [
    ("adoption-ancestor", adoption_ancestor),
    ("distinct-formatting", distinct_formatting),
    ("adoption-under-blocks", adoption_under_blocks),
    ("adoption-deep", adoption_deep),
    ("adoption-furthest", adoption_furthest),
    ("noahs-ark", noahs_ark),
    ("foster-parenting", foster_parenting),
    ("template-nesting", template_nesting),
    ("foreign-switching", foreign_switching),
    ("select-in-tables", select_in_tables),
    ("attribute-references", attribute_references),
    ("list-items-in-divs", list_items_in_divs),
    ("reset-insertion-mode", reset_insertion_mode),
    ("unmatched-end-tags", unmatched_end_tags),
    ("unmatched-formatting-end-tags", unmatched_formatting_end_tags),
    ("unmatched-foreign-end-tags", unmatched_foreign_end_tags),
    ("merged-root-attributes", merged_root_attributes),
    ("nested-div", nested_div),
    ("many-attributes", many_attributes),
    ("unclosed-formatting", unclosed_formatting),
    ("nested-tables", nested_tables),
    ("misnested-formatting", misnested_formatting),
    ("formatting-behind-markers", formatting_behind_markers),
    ("formatting-dead-records", formatting_dead_records),
];

/// An operation on a generated input other than parsing it as a document, for
/// [`GROWTH_OPERATIONS`]: returns a number that depends on all of its work.
pub type Operation = fn(&str) -> usize;

/// Adversarial growth of public operations beyond parsing: (name, generator, operation). The
/// growth bench counts the operation on each input at 1x and 4x, as it counts parsing for
/// [`GROWTH`].
pub const GROWTH_OPERATIONS: [(&str, Generator, Operation); 2] = [
    ("source-positions", source_positions_page, source_positions),
    ("set-attributes", attribute_names, set_attributes),
];

/// `30k × scale` elements on one line and as many on lines of their own (the README's "where
/// each node came from" input: issue 22 found it quadratic).
pub fn source_positions_page(scale: u32) -> String {
    let n = 30_000 * scale as usize;
    runs(&[("<ul>", 1), ("<li>é<b>x</b>", n), ("<p class=a>\r\n", n)])
}

/// Every node's line and column through a [`statemark::LineIndex`].
pub fn source_positions(input: &str) -> usize {
    let dom = statemark::html::parse_document_with_source_spans(input, Default::default());
    let index = statemark::LineIndex::new(input);
    dom.node_ids().filter_map(|n| dom.source_span(n)).map(|s| index.position(s.start).column).sum()
}

/// `25k × scale` distinct attribute names, space-separated.
pub fn attribute_names(scale: u32) -> String {
    (0..25_000 * scale as usize).map(|i| format!("n{i} ")).collect()
}

/// Set each name of `input` on one element, change each value again, rename each, look each
/// up and remove each (issue 22: each was a linear search of the element's attributes).
pub fn set_attributes(input: &str) -> usize {
    let mut dom = statemark::html::parse_document("<p>");
    let p = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "p"));
    let Some(p) = p else { return 0 };
    let names: Vec<&str> = input.split_whitespace().collect();
    let mut found = 0;
    for (i, name) in names.iter().enumerate() {
        dom.set_attribute(p, name, "v").ok();
        dom.set_attribute(p, names[i / 2], "w").ok();
    }
    for name in &names {
        let renamed = format!("r{name}");
        dom.rename_attribute(p, name, &renamed).ok();
        found += usize::from(dom.get_attribute(p, &renamed).is_some());
        dom.remove_attribute(p, &renamed).ok();
    }
    found
}

/// `20k × scale` nested `div`s: the deep tree for selector matching (smaller than
/// [`nested_div`]: callgrind runs the parse too, uncounted).
pub fn deep_divs(scale: u32) -> String {
    let n = 20_000 * scale as usize;
    runs(&[("<div>", n), ("x", 1), ("</div>", n)])
}

/// `10k × scale` `p` siblings (with text): sibling combinators over one wide parent.
pub fn wide_siblings(scale: u32) -> String {
    repeat("<p>x", 10_000 * scale as usize)
}

/// `10k × scale` siblings with distinct element names: `:nth-of-type` finds no earlier
/// sibling of its type to count from.
pub fn distinct_siblings(scale: u32) -> String {
    let n = 10_000 * scale as usize;
    let mut s = String::from("<body>");
    for i in 0..n {
        s.push_str(&format!("<x{i}></x{i}>"));
    }
    s
}

/// Selector matching (issue 22, item 6): (name, document generator, selector). The growth
/// bench parses the document uncounted and counts `Dom::select` over it. Over `n` nested
/// divs, `p div` used to walk every ancestor of every div (O(n·depth)); `div div` and
/// `:not(p) div` are the worst cases for an ancestor Bloom filter (every ancestor passes it);
/// `div:has(p)` searches every subtree.
pub const SELECT_GROWTH: [(&str, Generator, &str); 7] = [
    ("select-descendant-deep", deep_divs, "p div"),
    ("select-every-ancestor-matches", deep_divs, "div div"),
    ("select-negation-deep", deep_divs, ":not(p) div"),
    ("select-has-deep", deep_divs, "div:has(p)"),
    ("select-has-child-deep", deep_divs, "div:has(> div > div) div"),
    ("select-later-siblings", wide_siblings, "p ~ p + p, p:nth-child(2n+1), p:nth-last-child(3)"),
    ("select-nth-of-type-distinct", distinct_siblings, ":nth-of-type(2), :nth-last-of-type(2)"),
];
