//! The html5lib-tests tree-construction format (`.dat` files): reading cases and running them
//! through `parse_document` / `parse_fragment`.

use statemark::html::{
    Context, HtmlError, TreeOptions, parse_document_with, parse_fragment_collecting_errors, parse_fragment_with,
    parse_with_errors,
};

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
    /// The lines of `#errors`: one per parse error, tokenizer errors included, under
    /// html5lib's own names. Their number is the expected error count.
    pub errors: Vec<String>,
    /// The lines of `#new-errors`. The suite README says this section "works like the #errors
    /// section adding more errors to the expected number", but its lines restate, under the
    /// spec's codes, tokenizer errors that `#errors` already lists under html5lib's old names
    /// (comments01.dat: `unexpected-bang-after-double-dash-in-comment` in `#errors` and
    /// `incorrectly-closed-comment` in `#new-errors` for one `--!>`). Counting both would count
    /// them twice: in every run of the suites whose count we have not reviewed, our count is
    /// the number of `#errors` lines alone. Kept for reports.
    pub new_errors: Vec<String>,
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

/// The `.dat` files of a tree-construction suite directory and of its `scripted/`
/// subdirectory, sorted.
pub fn dat_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = Vec::new();
    for sub in [dir.to_path_buf(), dir.join("scripted")] {
        if let Ok(rd) = std::fs::read_dir(&sub) {
            files.extend(
                rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "dat")),
            );
        }
    }
    files.sort();
    files
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
        let (mut errors, mut new_errors) = (Vec::new(), Vec::new());
        // Inside #errors (1) or #new-errors (2): every line until the next section is one error.
        let mut in_errors = 0;
        while i < lines.len() && lines[i] != "#document" {
            match lines[i] {
                "#errors" => in_errors = 1,
                "#new-errors" => in_errors = 2,
                "#document-fragment" => {
                    in_errors = 0;
                    i += 1;
                    fragment = lines.get(i).map(|s| s.to_string());
                }
                "#script-on" => {
                    in_errors = 0;
                    script = Some(true);
                }
                "#script-off" => {
                    in_errors = 0;
                    script = Some(false);
                }
                l if in_errors == 1 && !l.is_empty() => errors.push(l.to_string()),
                l if in_errors == 2 && !l.is_empty() => new_errors.push(l.to_string()),
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
        cases.push(TreeCase {
            index: cases.len() + 1,
            description,
            data,
            fragment,
            script,
            document,
            errors,
            new_errors,
        });
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

/// The context element a `#document-fragment` line names (the library's `FromStr` for
/// [`Context`]). Panics on a line that names no element: a malformed suite file.
pub fn context_of(s: &str) -> Context {
    s.parse().unwrap_or_else(|e| panic!("#document-fragment: {e}"))
}

/// Parse the case's data with the scripting flag given, and serialize the tree.
pub fn run_tree_case(case: &TreeCase, scripting: bool) -> String {
    let options = TreeOptions::with_scripting(scripting);
    let dom = match &case.fragment {
        Some(c) => parse_fragment_with(&case.data, &context_of(c), options),
        None => parse_document_with(&case.data, options),
    };
    dom.to_test_format()
}

/// [`run_tree_case`] with parse errors collected: the serialized tree and every error
/// (tokenizer and tree construction), in input order.
pub fn run_tree_case_with_errors(case: &TreeCase, scripting: bool) -> (String, Vec<HtmlError>) {
    let options = TreeOptions::with_scripting(scripting);
    let statemark::Parsed { dom, errors } = match &case.fragment {
        Some(c) => parse_fragment_collecting_errors(&case.data, &context_of(c), options),
        None => parse_with_errors(&case.data, options),
    };
    (dom.to_test_format(), errors)
}

/// The html5lib tree format plus each element's and attribute's prefix (the XML5 tree keeps
/// them; the format does not show them).
pub fn xml_dump(dom: &statemark::dom::Dom) -> String {
    let mut s = dom.to_test_format();
    for n in dom.descendants(dom.root()) {
        if let Some(e) = dom.element(n) {
            s.push_str(e.name.prefix.as_deref().unwrap_or("-"));
            for a in e.attrs() {
                s.push(' ');
                s.push_str(a.name.prefix.unwrap_or("-"));
            }
            s.push('\n');
        }
    }
    s
}
