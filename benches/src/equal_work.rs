//! Issue 26's equal-work comparisons by instruction count: the ids of the drivers that do the
//! same work as statemark (peers switching tokenizer state where statemark does, lol_html with
//! a handler on every element, quick-xml checking duplicate attributes), the two floors every
//! figure is also shown against (`memchr2` over `<` and `&`, a `memcpy` of the input), the
//! inputs and build profiles they are counted on, and the comparisons the report draws. The
//! `instructions` bench counts them; the report (`--bin report`) reads the counts back by these
//! ids, so both sides name each row in one place.

use std::hint::black_box;

/// html5ever's tokenizer fed by a sink that switches the tokenizer's state after the start tags
/// statemark's tokenizer switches on (`TokenSinkResult::RawData`/`Plaintext`).
pub const HTML5EVER_TOKENIZER_SWITCHING: &str = "html5ever/tokenizer-switching";
/// html5gum's callback emitter with `naively_switch_states(true)`.
pub const HTML5GUM_CALLBACK_SWITCHING: &str = "html5gum/callback-switching";
/// html5gum's default emitter with `naively_switch_states(true)`.
pub const HTML5GUM_DEFAULT_SWITCHING: &str = "html5gum/default-switching";
/// lol_html with an `element!("*", ...)` handler reading every tag's name and attributes.
pub const LOL_HTML_EVERY_ELEMENT: &str = "lol_html/every-element";
/// quick-xml's `read_event` with raw attribute values, duplicate-attribute check on.
pub const QUICK_XML_EVENTS_CHECKED: &str = "quick-xml/events-checked";
/// Every `<` and `&` of the input found with `memchr::memchr2_iter`: the least a tokenizer of
/// these languages must do (each of them is where markup or a reference may start).
pub const FLOOR_MEMCHR2: &str = "floor/memchr2";
/// A copy of the input into a reused buffer: the cost of touching every byte once.
pub const FLOOR_MEMCPY: &str = "floor/memcpy";

/// The build profiles counted side by side: cargo's `bench` profile (which inherits `release`
/// and builds into `target/release`), and `bench-lto` (the root `Cargo.toml`: fat LTO, one
/// codegen unit).
pub const PROFILES: &[&str] = &["release", "bench-lto"];

/// One input of the equal-work table: the callgrind group it is counted as, and its title.
pub struct Input {
    pub group: &'static str,
    pub title: &'static str,
}

/// The inputs, in table order. `html` is counted page by page and shown as the median page.
pub const INPUTS: &[Input] = &[
    Input { group: "html-big", title: "html-big (Node.js doc tool, all API pages, 5.9 MB)" },
    Input {
        group: "html-page-2",
        title: "html-page-2 (Haddock hyperlinked source, Data.Aeson.Types.Internal, 507 kB)",
    },
    Input { group: "html", title: "HTML corpus, median page" },
    Input { group: "xml", title: "XML corpus (all files as one count)" },
];

/// One comparison: `subject`'s instructions against `against`'s on every input where both
/// were counted, with the target where it has one (`against / subject >= at_least`).
pub struct Comparison {
    pub what: &'static str,
    pub subject: &'static str,
    pub against: &'static str,
    pub at_least: Option<f64>,
}

/// The comparisons of issue 26's table, equal work first; the lower bounds last.
pub const COMPARISONS: &[Comparison] = &[
    Comparison {
        what: "parse vs html5ever + RcDom",
        subject: "statemark/parse",
        against: "html5ever/rcdom",
        at_least: Some(5.0),
    },
    Comparison {
        what: "iterator vs html5gum callback, switching",
        subject: "statemark/iterator",
        against: HTML5GUM_CALLBACK_SWITCHING,
        at_least: Some(2.5),
    },
    Comparison {
        what: "iterator vs html5gum default, switching",
        subject: "statemark/iterator",
        against: HTML5GUM_DEFAULT_SWITCHING,
        at_least: None,
    },
    Comparison {
        what: "iterator vs html5ever tokenizer, switching",
        subject: "statemark/iterator",
        against: HTML5EVER_TOKENIZER_SWITCHING,
        at_least: Some(6.0),
    },
    Comparison {
        what: "lending iterator (`next_ref`) vs html5gum callback, switching",
        subject: "statemark/iterator-lending",
        against: HTML5GUM_CALLBACK_SWITCHING,
        at_least: Some(2.5),
    },
    Comparison {
        what: "lending iterator (`next_ref`) vs html5ever tokenizer, switching",
        subject: "statemark/iterator-lending",
        against: HTML5EVER_TOKENIZER_SWITCHING,
        at_least: Some(6.0),
    },
    Comparison {
        what: "sink reading all vs lol_html, handler on every element",
        subject: "statemark/sink-reading-all",
        against: LOL_HTML_EVERY_ELEMENT,
        at_least: None,
    },
    Comparison {
        what: "cheapest sink vs lol_html, no handlers (a lower bound: it builds no tokens)",
        subject: "statemark/sink",
        against: "lol_html/no-handlers",
        at_least: None,
    },
    Comparison {
        what: "XML5 tokenizer vs quick-xml events, duplicate check on",
        subject: "statemark/xml5-tokenizer",
        against: QUICK_XML_EVENTS_CHECKED,
        at_least: Some(1.0),
    },
    Comparison {
        what: "XML5 parse vs quick-xml NsReader, decoded",
        subject: "statemark/xml5-parse",
        against: "quick-xml/namespaced",
        at_least: Some(1.0),
    },
];

/// The floor target: the cheapest sink within this multiple of [`FLOOR_MEMCHR2`].
pub const SINK_OVER_FLOOR_AT_MOST: f64 = 2.5;

/// [`FLOOR_MEMCHR2`]: the number of `<` and `&` bytes over the documents.
pub fn memchr2(docs: &[String]) -> usize {
    docs.iter().map(|d| memchr::memchr2_iter(b'<', b'&', black_box(d.as_bytes())).count()).sum()
}

/// [`FLOOR_MEMCPY`]: each document copied into one buffer (grown once to the largest), so the
/// count is the copy and not the allocator.
pub fn memcpy(docs: &[String]) -> usize {
    let mut buf: Vec<u8> = Vec::with_capacity(docs.iter().map(String::len).max().unwrap_or(0));
    let mut total = 0;
    for doc in docs {
        buf.clear();
        buf.extend_from_slice(black_box(doc.as_bytes()));
        total += black_box(&buf).len();
    }
    total
}

/// The floors as counter drivers, for every input.
pub const FLOORS: &[crate::callgrind::Driver] = &[(FLOOR_MEMCHR2, memchr2), (FLOOR_MEMCPY, memcpy)];
