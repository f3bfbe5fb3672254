//! The benchmark plan: criterion group and function names, which parsers run on which inputs,
//! and the issue 6 targets. The bench targets register under these names and the report reads
//! them back, so one list keeps the two in step (and a planned benchmark without a result shows
//! up in the report as "not run" instead of silently missing).

/// One parser configuration: a criterion function id within a group.
#[derive(Debug)]
pub struct Parser {
    /// The criterion function id (`<parser>/<mode>`, so `-- html5gum/` filters one parser).
    pub id: &'static str,
    /// The column heading in the report.
    pub label: &'static str,
    /// statemark's own rows; every other parser is a comparison column.
    pub statemark: bool,
}

const fn ours(id: &'static str, label: &'static str) -> Parser {
    Parser { id, label, statemark: true }
}
const fn theirs(id: &'static str, label: &'static str) -> Parser {
    Parser { id, label, statemark: false }
}

pub static SM_ITERATOR: Parser = ours("statemark/iterator", "statemark tokenizer, iterator");
pub static SM_ITERATOR_LENDING: Parser = ours("statemark/iterator-lending", "statemark tokenizer, lending iterator");
pub static SM_SINK: Parser = ours("statemark/sink", "statemark tokenizer, counting sink");
pub static SM_PARSE: Parser = ours("statemark/parse", "statemark parse, default DOM");
pub static SM_XML5_TOKENIZER: Parser = ours("statemark/xml5-tokenizer", "statemark XML5 tokenizer, iterator");
pub static SM_XML5_PARSE: Parser = ours("statemark/xml5-parse", "statemark XML5 parse, default DOM");

pub static HTML5EVER_TOKENIZER: Parser = theirs("html5ever/tokenizer", "html5ever tok");
pub static HTML5EVER_RCDOM: Parser = theirs("html5ever/rcdom", "html5ever+RcDom");
pub static HTML5GUM_DEFAULT: Parser = theirs("html5gum/default", "html5gum");
pub static HTML5GUM_CALLBACK: Parser = theirs("html5gum/callback", "html5gum cb");
pub static LOL_HTML: Parser = theirs("lol_html/no-handlers", "lol_html");
pub static QUICK_XML: Parser = theirs("quick-xml/events", "quick-xml");
pub static XML5EVER_TOKENIZER: Parser = theirs("xml5ever/tokenizer", "xml5ever tok");
pub static XML5EVER_RCDOM: Parser = theirs("xml5ever/rcdom", "xml5ever+RcDom");

/// Every comparison parser, in the report's column order.
pub static COMPARISONS: &[&Parser] = &[
    &HTML5EVER_TOKENIZER,
    &HTML5EVER_RCDOM,
    &HTML5GUM_DEFAULT,
    &HTML5GUM_CALLBACK,
    &LOL_HTML,
    &QUICK_XML,
    &XML5EVER_TOKENIZER,
    &XML5EVER_RCDOM,
];

/// One input (a criterion group) and the parsers run on it.
#[derive(Debug)]
pub struct Workload {
    pub group: &'static str,
    pub title: &'static str,
    pub parsers: &'static [&'static Parser],
    /// Empty for corpora; the size multipliers of a generated input otherwise (criterion
    /// parameter `"<n>x"`).
    pub scales: &'static [u32],
}

pub static HTML_PARSERS: &[&Parser] = &[
    &SM_ITERATOR,
    &SM_SINK,
    &SM_PARSE,
    &HTML5EVER_TOKENIZER,
    &HTML5EVER_RCDOM,
    &HTML5GUM_DEFAULT,
    &HTML5GUM_CALLBACK,
    &LOL_HTML,
];
/// Character references: the parsers that decode them (lol_html without handlers does not).
pub static CHARREF_PARSERS: &[&Parser] =
    &[&SM_ITERATOR, &SM_SINK, &HTML5EVER_TOKENIZER, &HTML5GUM_DEFAULT, &HTML5GUM_CALLBACK];
pub static XML_PARSERS: &[&Parser] =
    &[&SM_XML5_TOKENIZER, &SM_XML5_PARSE, &QUICK_XML, &XML5EVER_TOKENIZER, &XML5EVER_RCDOM];
/// The generated worst cases are about statemark's own linearity; no comparison runs on them
/// except quick-xml on the XML one, a cheap yardstick for the tokenizer rows.
pub static PATHOLOGICAL_HTML_PARSERS: &[&Parser] = &[&SM_ITERATOR, &SM_PARSE];
pub static PATHOLOGICAL_XML_PARSERS: &[&Parser] = &[&SM_XML5_TOKENIZER, &SM_XML5_PARSE, &QUICK_XML];

pub const SCALES: &[u32] = &[1, 2, 4];

pub static WORKLOADS: &[Workload] = &[
    Workload { group: "html", title: "HTML corpus", parsers: HTML_PARSERS, scales: &[] },
    Workload { group: "html-big", title: "HTML big page", parsers: HTML_PARSERS, scales: &[] },
    Workload { group: "charref-amp", title: "1M `&amp;`", parsers: CHARREF_PARSERS, scales: &[] },
    Workload { group: "charref-mix", title: "named/numeric/legacy refs", parsers: CHARREF_PARSERS, scales: &[] },
    Workload { group: "xml", title: "XML corpus", parsers: XML_PARSERS, scales: &[] },
    Workload {
        group: "patho-nested-div",
        title: "100k nested `<div>`",
        parsers: PATHOLOGICAL_HTML_PARSERS,
        scales: SCALES,
    },
    Workload { group: "patho-attributes", title: "50k attributes", parsers: PATHOLOGICAL_HTML_PARSERS, scales: SCALES },
    Workload { group: "patho-comment", title: "20 MB comment", parsers: PATHOLOGICAL_HTML_PARSERS, scales: SCALES },
    Workload {
        group: "patho-unclosed-bi",
        title: "100k unclosed `<b><i>`",
        parsers: PATHOLOGICAL_HTML_PARSERS,
        scales: SCALES,
    },
    Workload {
        group: "patho-nested-tables",
        title: "100k nested tables",
        parsers: PATHOLOGICAL_HTML_PARSERS,
        scales: SCALES,
    },
    Workload {
        group: "patho-misnested",
        title: "50k misnested `<b><div>`",
        parsers: PATHOLOGICAL_HTML_PARSERS,
        scales: SCALES,
    },
    Workload {
        group: "patho-nested-xml",
        title: "100k nested XML elements",
        parsers: PATHOLOGICAL_XML_PARSERS,
        scales: SCALES,
    },
];

/// The criterion parameter of a scaled input.
pub fn scale_label(scale: u32) -> String {
    format!("{scale}x")
}

/// "`subject` runs at least `at_least` times as fast as `against` on each of `groups`."
#[derive(Debug)]
pub struct RatioTarget {
    pub what: &'static str,
    pub groups: &'static [&'static str],
    pub subject: &'static Parser,
    pub against: &'static Parser,
    pub at_least: f64,
}

/// Issue 6's ratio targets. Linearity (4x size within 5x time) is checked on every scaled
/// workload separately; see [`MAX_TIME_RATIO_AT_4X`].
pub static RATIO_TARGETS: &[RatioTarget] = &[
    RatioTarget {
        what: "HTML tokenizer iterator API >= 2.5x html5gum's callback emitter",
        groups: &["html", "html-big"],
        subject: &SM_ITERATOR,
        against: &HTML5GUM_CALLBACK,
        at_least: 2.5,
    },
    RatioTarget {
        what: "HTML tokenizer iterator API >= 5.8x html5ever's tokenizer",
        groups: &["html", "html-big"],
        subject: &SM_ITERATOR,
        against: &HTML5EVER_TOKENIZER,
        at_least: 5.8,
    },
    RatioTarget {
        what: "cheapest sink >= lol_html with no handlers",
        groups: &["html", "html-big"],
        subject: &SM_SINK,
        against: &LOL_HTML,
        at_least: 1.0,
    },
    RatioTarget {
        what: "HTML parse into default DOM >= 4.7x html5ever + RcDom",
        groups: &["html", "html-big"],
        subject: &SM_PARSE,
        against: &HTML5EVER_RCDOM,
        at_least: 4.7,
    },
    RatioTarget {
        what: "XML5 tokenizer >= quick-xml events",
        groups: &["xml"],
        subject: &SM_XML5_TOKENIZER,
        against: &QUICK_XML,
        at_least: 1.0,
    },
    RatioTarget {
        what: "XML5 parse >= 2x xml5ever parse",
        groups: &["xml"],
        subject: &SM_XML5_PARSE,
        against: &XML5EVER_RCDOM,
        at_least: 2.0,
    },
    RatioTarget {
        what: "dense character references >= 2x html5gum (callback emitter, its faster mode)",
        groups: &["charref-amp", "charref-mix"],
        subject: &SM_ITERATOR,
        against: &HTML5GUM_CALLBACK,
        at_least: 2.0,
    },
    RatioTarget {
        what: "dense character references >= 2x html5gum (default emitter)",
        groups: &["charref-amp", "charref-mix"],
        subject: &SM_ITERATOR,
        against: &HTML5GUM_DEFAULT,
        at_least: 2.0,
    },
];

/// Linear time: the 4x input may take at most this many times as long as the 1x input.
pub const MAX_TIME_RATIO_AT_4X: f64 = 5.0;
