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
    let mut s = repeat("<div>", n);
    s.push('x');
    s.push_str(&repeat("</div>", n));
    s
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
    const FILLER: &str =
        "comment text - with -- dashes --- and <!-- not nested, <b>tags</b> and &amp; ";
    let body = 20_000_000 * scale as usize;
    let mut s = String::with_capacity(body + 8);
    s.push_str("<!--");
    s.push_str(&repeat(FILLER, body / FILLER.len()));
    s.push_str("-->x");
    s
}

/// `100k × scale` unclosed `<b><i>` with text between them: a deep stack of formatting elements,
/// and a list of active formatting elements that only Noah's Ark clause keeps short (finding
/// what that clause removes must not mean walking the stack).
pub fn unclosed_formatting(scale: u32) -> String {
    repeat("<b><i>x", 100_000 * scale as usize)
}

/// `100k × scale` tables nested through their cells: table scope checks on a deep stack, and
/// foster parenting never triggered.
pub fn nested_tables(scale: u32) -> String {
    let mut s = repeat("<table><tr><td>", 100_000 * scale as usize);
    s.push('x');
    s
}

/// `50k × scale` misnested `<b><div>` that are then closed by `</b>`: every `</b>` runs the
/// adoption agency on a deep stack whose `<div>`s are not scope boundaries.
pub fn misnested_formatting(scale: u32) -> String {
    let n = 50_000 * scale as usize;
    let mut s = repeat("<b><div>x", n);
    s.push_str(&repeat("</b>y", n));
    s
}

/// `100k × scale` nested XML elements, closed again.
pub fn nested_xml(scale: u32) -> String {
    let n = 100_000 * scale as usize;
    let mut s = String::from("<?xml version=\"1.0\"?>");
    s.push_str(&repeat("<e>", n));
    s.push('x');
    s.push_str(&repeat("</e>", n));
    s
}
