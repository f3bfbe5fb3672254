//! The html5lib-tests tree-construction format (`.dat` files): reading cases and running them
//! through `parse_document` / `parse_fragment`.

use statemark::html::{Context, TreeOptions, parse_document_with, parse_fragment_with};

/// One `#data` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeCase {
    /// 1-based position in its file.
    pub index: usize,
    pub description: Option<String>,
    pub data: String,
    /// `#document-fragment`: the context element as written ("td", "svg path", "math mi").
    pub fragment: Option<String>,
    /// `#script-on` (Some(true)), `#script-off` (Some(false)), neither (None: run both).
    pub script: Option<bool>,
    /// The expected tree, each line ending with `\n`.
    pub document: String,
}

impl TreeCase {
    /// The scripting modes this case runs in.
    pub fn modes(&self) -> Vec<bool> {
        match self.script {
            Some(s) => vec![s],
            None => vec![true, false],
        }
    }
}

/// Split a `.dat` file into cases. A blank line ends a `#document` only when the next line
/// starts a new case (text nodes may hold blank lines).
pub fn parse_dat(text: &str) -> Vec<TreeCase> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != "#data" && lines[i] != "#description" {
            i += 1;
            continue;
        }
        let mut description = None;
        if lines[i] == "#description" {
            i += 1;
            let start = i;
            while i < lines.len() && lines[i] != "#data" {
                i += 1;
            }
            description = Some(lines[start..i].join("\n"));
        }
        i += 1; // "#data"
        let start = i;
        while i < lines.len() && lines[i] != "#errors" {
            i += 1;
        }
        let data = lines[start..i].join("\n");
        let (mut fragment, mut script) = (None, None);
        while i < lines.len() && lines[i] != "#document" {
            match lines[i] {
                "#document-fragment" => {
                    i += 1;
                    fragment = lines.get(i).map(|s| s.to_string());
                }
                "#script-on" => script = Some(true),
                "#script-off" => script = Some(false),
                _ => {}
            }
            i += 1;
        }
        i += 1; // "#document"
        let mut doc = Vec::new();
        while i < lines.len() {
            let next_starts = lines.get(i + 1).is_none_or(|l| *l == "#data" || *l == "#description");
            if lines[i].is_empty() && next_starts {
                break;
            }
            doc.push(lines[i]);
            i += 1;
        }
        while doc.last() == Some(&"") {
            doc.pop();
        }
        let mut document = String::new();
        for l in doc {
            document.push_str(l);
            document.push('\n');
        }
        cases.push(TreeCase { index: cases.len() + 1, description, data, fragment, script, document });
    }
    cases
}

/// The xml5lib-tests tree-construction format (and the legacy annevk/xml5 set):
/// `(data, expected document lines)` for each `#data` block.
pub fn parse_xml5_dat(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut section = "";
    let (mut data, mut doc) = (Vec::<&str>::new(), Vec::<&str>::new());
    let mut flush = |data: &mut Vec<&str>, doc: &mut Vec<&str>| {
        if !data.is_empty() || !doc.is_empty() {
            while doc.last().is_some_and(|l| l.is_empty()) {
                doc.pop();
            }
            out.push((data.join("\n"), doc.join("\n")));
        }
        data.clear();
        doc.clear();
    };
    for line in text.split('\n') {
        match line {
            "#data" => {
                flush(&mut data, &mut doc);
                section = "data";
            }
            "#errors" | "#errors:" => section = "errors",
            "#document" => section = "document",
            _ => match section {
                "data" => data.push(line),
                "document" => doc.push(line),
                _ => {}
            },
        }
    }
    flush(&mut data, &mut doc);
    out
}

/// The context element a `#document-fragment` line names.
pub fn context_of(s: &str) -> Context {
    if let Some(l) = s.strip_prefix("svg ") {
        Context::svg(l)
    } else if let Some(l) = s.strip_prefix("math ") {
        Context::mathml(l)
    } else {
        Context::html(s)
    }
}

/// Parse the case's data with the scripting flag given, and serialize the tree.
pub fn run_tree_case(case: &TreeCase, scripting: bool) -> String {
    let options = TreeOptions { scripting };
    let dom = match &case.fragment {
        Some(c) => parse_fragment_with(&case.data, &context_of(c), options),
        None => parse_document_with(&case.data, options),
    };
    dom.to_test_format()
}
