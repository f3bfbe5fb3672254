//! The authoring checker: what a document can get wrong against "Writing HTML documents"
//! (13.1, spec: #writing) that a parser can see. Every tokenizer parse error (with the spec's
//! code, filed under the section of 13.1 whose rule it enforces), plus the 13.1 rules that are
//! not parse errors, with codes of ours ([`RULES`]).
//!
//! ```
//! use statemark::html::check;
//!
//! let d = check("<!DOCTYPE html><title>x</title><br></br><p title=a&b>&copy</p>");
//! let codes: Vec<&str> = d.iter().map(|d| d.code).collect();
//! assert_eq!(codes, ["void-element-end-tag", "missing-semicolon-after-character-reference"]);
//! assert_eq!(d[0].section, "13.1.2.2");
//! assert_eq!(&"<!DOCTYPE html><title>x</title><br></br>"[d[0].span.start..d[0].span.end], "</br>");
//! ```
//!
//! What is checked, by section: 13.1 and 13.1.1 (`missing-doctype`, `doctype-not-html`,
//! `doctype-legacy-string`, and the tokenizer's DOCTYPE errors); 13.1.2 (the tree builder's
//! errors: elements out of place, implicitly closed, end tags without an element; among them
//! foreign elements without their end tag; each spans the token that caused it);
//! 13.1.2.1-13.1.2.2 (tag syntax errors, a `/` on a non-void HTML start tag,
//! `void-element-end-tag`); 13.1.2.3 (attribute errors, `unquoted-attribute-value-before-solidus`);
//! 13.1.2.5 (`leading-newline-as-reference`); 13.1.2.6 (`raw-text-contains-end-tag`); 13.1.3
//! (input stream errors); 13.1.4 (every character reference error: unknown names, missing
//! semicolons, disallowed code points; an ambiguous ampersand, which 13.1.2 forbids in element
//! text and attribute values, is `unknown-named-character-reference`); 13.1.5
//! (`cdata-in-html-content`); 13.1.6 (the comment errors, which cover every comment text rule);
//! 13.1.7 (processing instruction errors). "The text must not contain the character <" (13.1.2)
//! is always a tokenizer error (`invalid-first-character-of-tag-name`, `eof-before-tag-name`).
//!
//! Rules only a tree can break (13.1.2.5's `table` holding a `tr`: in markup, the `tr` implies a
//! `tbody`; a void element with contents; raw text holding its end tag; comment text) are
//! [`check_dom`]'s, for trees a program built or edited (`dom.rs`).
//!
//! End tags left out where 13.1.2.4 does not allow it and the parser says nothing
//! (`<dl><dt>t</dl>`): `end-tag-omitted` (13.1.2, "Those that cannot be omitted must not be
//! omitted"; `omitted.rs`), on documents with no parse error about structure. Start tags need
//! no check: markup cannot leave out one 13.1.2.4 forbids leaving out without a parse error.
//! Not checked: content models in general (which element may contain which: the element
//! definitions, not 13.1), and optional tags written where they could be omitted (a permission).

use crate::Span;
use crate::dom::{Dom, NodeId};
use crate::generated::html_tokenizer::{ParseError, State};
use crate::html::serialize::is_void_element;
use crate::html::token::{Control, Error, Sink, Token};
use crate::html::tokenizer::{Options, Tokenizer};
use crate::html::tree::{ErrorCode, TreeBuilder, TreeOptions};

mod dom;
mod omitted;

pub use dom::check_dom;

/// How bad a finding is: a "must" of the spec, or a "should".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The document breaks a "must".
    Error,
    /// The document goes against a "should".
    Warning,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The spec's parse-error code (spec: #parse-errors) or one of ours ([`RULES`]).
    pub code: &'static str,
    /// The section of "Writing HTML documents" the rule is in (`13.1.1` ... `13.1.7`).
    pub section: &'static str,
    /// Where, in bytes of the input. A tokenizer error's span is empty, at its position.
    pub span: Span,
    /// Must or should.
    pub severity: Severity,
    /// What is wrong, for people.
    pub message: String,
    /// The node the finding is about, in the tree the caller passed: [`check_dom`]'s findings
    /// name one; [`check`]'s name none (the caller has no tree: the span says where).
    pub node: Option<NodeId>,
}

/// A rule of 13.1 that is not a parse error: our code, its section, its anchor, what it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Our code (kebab-case, like the spec's parse-error codes).
    pub code: &'static str,
    /// The section of 13.1.
    pub section: &'static str,
    /// The spec anchor of the rule.
    pub anchor: &'static str,
    /// The rule's sentence, quoted from the spec.
    pub rule: &'static str,
}

/// The codes of ours, one per rule.
pub const RULES: &[Rule] = &[
    Rule {
        code: "missing-doctype",
        section: "13.1",
        anchor: "#writing",
        rule: "Documents must consist of ... Any number of comments and ASCII whitespace. A DOCTYPE. ...",
    },
    Rule {
        code: "doctype-not-html",
        section: "13.1.1",
        anchor: "#the-doctype",
        rule: "A DOCTYPE must consist of ... \"<!DOCTYPE\" ... ASCII whitespace ... \"html\" ... optionally, a DOCTYPE legacy string ... \">\"",
    },
    Rule {
        code: "doctype-legacy-string",
        section: "13.1.1",
        anchor: "#doctype-legacy-string",
        rule: "The DOCTYPE legacy string should not be used unless the document is generated from a system that cannot output the shorter string.",
    },
    Rule {
        code: "void-element-end-tag",
        section: "13.1.2.2",
        anchor: "#end-tags",
        rule: "Void elements only have a start tag; end tags must not be specified for void elements.",
    },
    Rule {
        code: "end-tag-omitted",
        section: "13.1.2",
        anchor: "#elements-2",
        rule: "The start and end tags of certain normal elements can be omitted, as described below in the section on optional tags. Those that cannot be omitted must not be omitted. (End tags the parser closes without a parse error, checked against 13.1.2.4, #optional-tags.)",
    },
    Rule {
        code: "unquoted-attribute-value-before-solidus",
        section: "13.1.2.3",
        anchor: "#unquoted",
        rule: "If an attribute using the unquoted attribute syntax is to be followed by ... the optional U+002F SOLIDUS character (/) allowed in step 6 of the start tag syntax above, then there must be ASCII whitespace separating the two. (A warning: the markup is read as a value ending in \"/\", which conforms; reported on void and foreign elements, where the author likely meant the solidus.)",
    },
    Rule {
        code: "leading-newline-as-reference",
        section: "13.1.2.5",
        anchor: "#element-restrictions",
        rule: "The otherwise optional newline must be included if the element's contents themselves start with a newline (because otherwise the leading newline in the contents would be treated like the optional newline, and ignored).",
    },
    Rule {
        code: "table-contains-tr",
        section: "13.1.2.5",
        anchor: "#element-restrictions",
        rule: "A table element must not contain tr elements, even though these elements are technically allowed inside table elements according to the content models described in this specification. (A tree only: in markup, a tr put inside a table implies a tbody start tag before it; see check_dom.)",
    },
    Rule {
        code: "void-element-contents",
        section: "13.1.2",
        anchor: "#elements-2",
        rule: "Void elements can't have any contents (since there's no end tag, no content can be put between the start tag and the end tag). (A tree only; see check_dom.)",
    },
    Rule {
        code: "comment-text-not-allowed",
        section: "13.1.6",
        anchor: "#comments",
        rule: "Optionally, text, with the additional restriction that the text must not start with the string \">\", nor start with the string \"->\", nor contain the strings \"<!--\", \"-->\", or \"--!>\", nor end with the string \"<!-\". (A tree only: in markup each is a tokenizer error; see check_dom.)",
    },
    Rule {
        code: "raw-text-contains-end-tag",
        section: "13.1.2.6",
        anchor: "#cdata-rcdata-restrictions",
        rule: "The text in raw text and escapable raw text elements must not contain any occurrences of the string \"</\" followed by characters that case-insensitively match the tag name of the element followed by one of tab, LF, FF, CR, space, \">\", or \"/\".",
    },
];

fn rule(code: &str) -> &'static Rule {
    RULES.iter().find(|r| r.code == code).unwrap_or(&RULES[0])
}

/// The section of 13.1 whose rule a tokenizer parse error enforces.
fn section_of(e: ParseError) -> &'static str {
    let code = e.code();
    if code.contains("doctype") {
        "13.1.1"
    } else if code.contains("character-reference") {
        "13.1.4"
    } else if code.contains("comment") && code != "eof-in-script-html-comment-like-text" {
        "13.1.6"
    } else if code.contains("cdata") {
        "13.1.5"
    } else if code.contains("processing-instruction") {
        "13.1.7"
    } else if code.starts_with("end-tag") || code == "missing-end-tag-name" {
        "13.1.2.2"
    } else if code.contains("attribute") {
        "13.1.2.3"
    } else if matches!(
        code,
        "eof-in-tag"
            | "eof-before-tag-name"
            | "invalid-first-character-of-tag-name"
            | "unexpected-solidus-in-tag"
            | "non-void-html-element-start-tag-with-trailing-solidus"
    ) {
        "13.1.2.1"
    } else if code == "eof-in-script-html-comment-like-text" {
        "13.1.2.6"
    } else {
        // Input stream errors (controls, noncharacters, surrogates, NUL): text (13.1.3).
        "13.1.3"
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

/// 13.1.2.6 (spec: #cdata-rcdata-restrictions): where `text` holds "</" and `name` (ASCII
/// case-insensitively) followed by tab, LF, FF, CR, space, ">" or "/", the byte offset of the
/// first such "</". `name` is lowercase, as tag names are.
fn raw_text_end_tag(text: &str, name: &str) -> Option<usize> {
    let (t, n) = (text.as_bytes(), name.as_bytes());
    (0..t.len()).find(|&i| {
        t[i..].starts_with(b"</")
            && t.get(i + 2..i + 2 + n.len()).is_some_and(|m| m.eq_ignore_ascii_case(n))
            && t.get(i + 2 + n.len()).is_some_and(|&c| is_ws(c) || c == b'>' || c == b'/')
    })
}

/// Check a document against 13.1 (spec: #writing). Diagnostics come in input order.
pub fn check(input: &str) -> Vec<Diagnostic> {
    let checker = Checker {
        // Source spans: the omitted end tag rule reads the tree against the markup.
        builder: TreeBuilder::new(Dom::new().with_source_spans(), TreeOptions::default()).with_errors(),
        input,
        diags: Vec::new(),
        seen_doctype: false,
        seen_content: false,
        raw: None,
        leading_newline: false,
        tree_error_spans: Vec::new(),
        tag_errors: false,
    };
    // A byte order mark is not part of the document (decoding removes it); spans still count
    // bytes of `input` as passed.
    let mut tok = Tokenizer::with_sink(input, Options { errors: true, ..Options::default() }, checker).after_bom();
    tok.run();
    let checker = tok.into_sink();
    let mut diags = checker.diags;
    // Tree-construction errors: element nesting and tags out of place, 13.1.2's "Elements"
    // (statemark's codes, #tree-construction). Our own `missing-doctype` above already says what
    // the tree builder's does.
    // `non-conforming-doctype` is 13.1.1's `doctype-not-html`, and what the builder says about
    // a void element's end tag is 13.1.2.2's `void-element-end-tag`.
    let void_end_tags: Vec<usize> =
        diags.iter().filter(|d| d.code == "void-element-end-tag").map(|d| d.span.start).collect();
    for (e, &span) in checker.builder.errors().iter().zip(&checker.tree_error_spans) {
        let (section, message) = match e.code {
            ErrorCode::Tree(code) => ("13.1.2", code.summary().to_owned()),
            // The one spec code tree construction raises (a `/` on a non-void HTML start tag):
            // 13.1.2.1, step 6.
            ErrorCode::Spec(code) => (section_of(code), format!("parse error: {}", code.code())),
        };
        if !matches!(e.code.code(), "missing-doctype" | "non-conforming-doctype")
            && !void_end_tags.contains(&e.position.offset)
        {
            diags.push(Diagnostic {
                code: e.code.code(),
                section,
                span,
                severity: Severity::Error,
                message,
                node: None,
            });
        }
    }
    // 13.1.2: end tags left out where 13.1.2.4 does not allow it. Only where no parse error
    // is about structure: with one, which end tag closed what is that error's story, and the
    // tree need not follow the source (foster parenting, the adoption agency).
    let structural =
        checker.builder.errors().iter().any(|e| !matches!(e.code.code(), "missing-doctype" | "non-conforming-doctype"));
    if !structural && !checker.tag_errors {
        omitted::omitted_end_tags(input, checker.builder.sink(), &mut diags);
    }
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags
}

/// The text of a raw text or escapable raw text element, collected until its end tag.
struct RawText {
    name: String,
    start: usize,
    text: String,
}

/// A [`Sink`] in front of the tree builder: looks at each token and its source text, then
/// hands the token on (so the tokenizer switches states exactly as when parsing).
struct Checker<'i> {
    builder: TreeBuilder<Dom>,
    input: &'i str,
    diags: Vec<Diagnostic>,
    seen_doctype: bool,
    seen_content: bool,
    raw: Option<RawText>,
    /// Just after a `pre`, `textarea` or `listing` start tag.
    leading_newline: bool,
    /// Where each of the builder's errors is: the span of the token that caused it (the
    /// builder gives only its start), or the one character it is about inside a text run.
    tree_error_spans: Vec<Span>,
    /// The tokenizer reported an error about tags or their text (13.1.2.x).
    tag_errors: bool,
}

impl Checker<'_> {
    fn report(&mut self, code: &'static str, span: Span, severity: Severity, message: String) {
        self.diags.push(Diagnostic { code, section: rule(code).section, span, severity, message, node: None });
    }

    fn source(&self, span: Span) -> &str {
        self.input.get(span.start..span.end).unwrap_or("")
    }

    /// 13.1.1: the DOCTYPE's required form, and the legacy string.
    fn doctype(&mut self, span: Span) {
        let src = self.source(span);
        let lower = src.to_ascii_lowercase();
        let Some(at) = lower.find("<!doctype") else { return };
        let s = &lower.as_bytes()[at..];
        let orig = &src.as_bytes()[at..];
        let mut i = 9;
        let ws = |i: &mut usize| {
            let start = *i;
            while *i < s.len() && is_ws(s[*i]) {
                *i += 1;
            }
            *i > start
        };
        let mut ok = ws(&mut i) && s[i..].starts_with(b"html");
        let mut legacy = false;
        if ok {
            i += 4;
            let had_ws = ws(&mut i);
            if had_ws && s[i..].starts_with(b"system") {
                i += 6;
                ok = ws(&mut i)
                    && matches!(orig.get(i), Some(b'"' | b'\''))
                    && orig[i + 1..].starts_with(b"about:legacy-compat")
                    && orig.get(i + 20) == orig.get(i);
                i += 21;
                ws(&mut i);
                legacy = ok;
            }
            ok = ok && s.get(i) == Some(&b'>') && i + 1 == s.len();
        }
        let span = Span::new(span.start + at, span.end);
        if !ok {
            self.report(
                "doctype-not-html",
                span,
                Severity::Error,
                "the DOCTYPE must be <!DOCTYPE html> (optionally with the legacy string SYSTEM \"about:legacy-compat\")".into(),
            );
        } else if legacy {
            self.report(
                "doctype-legacy-string",
                span,
                Severity::Warning,
                "the DOCTYPE legacy string should not be used: write <!DOCTYPE html>".into(),
            );
        }
    }

    /// 13.1.2.3: an unquoted value right before `/>` takes the `/` in. Only where the solidus
    /// would be allowed (`may_self_close`: a void or foreign element): elsewhere nobody meant it.
    fn start_tag_attributes(&mut self, span: Span, may_self_close: bool) {
        if !may_self_close {
            return;
        }
        let src = self.source(span);
        let b = src.as_bytes();
        // The tag starts at the first `<` + ASCII alpha (what precedes it in the span, like
        // `</>`, makes no token).
        let Some(mut i) = (0..b.len()).find(|&i| b[i] == b'<' && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
        else {
            return;
        };
        while i < b.len() && !is_ws(b[i]) && b[i] != b'>' && b[i] != b'/' {
            i += 1;
        }
        let mut found = None;
        while i < b.len() && b[i] != b'>' {
            if b[i] == b'=' {
                i += 1;
                while i < b.len() && is_ws(b[i]) {
                    i += 1;
                }
                match b.get(i) {
                    Some(&q @ (b'"' | b'\'')) => {
                        i += 1;
                        while i < b.len() && b[i] != q {
                            i += 1;
                        }
                        i += 1;
                    }
                    _ => {
                        let start = i;
                        while i < b.len() && !is_ws(b[i]) && b[i] != b'>' {
                            i += 1;
                        }
                        if i > start + 1 && b[i - 1] == b'/' && b.get(i) == Some(&b'>') {
                            found = Some(span.start + i - 1);
                        }
                    }
                }
            } else if b[i] == b'"' || b[i] == b'\'' {
                // A quote in a name: the tokenizer reports it; step over it.
                i += 1;
            } else {
                i += 1;
            }
        }
        if let Some(at) = found {
            self.report(
                "unquoted-attribute-value-before-solidus",
                Span::new(at, at + 1),
                Severity::Warning,
                "this / is read as part of the unquoted attribute value, not as the start tag's solidus: put whitespace before it, or quote the value".into(),
            );
        }
    }

    /// 13.1.2.6: the end of a raw text or escapable raw text element's text.
    fn end_raw(&mut self, end: usize) {
        let Some(raw) = self.raw.take() else { return };
        if raw_text_end_tag(&raw.text, &raw.name).is_some() {
            self.report(
                "raw-text-contains-end-tag",
                Span::new(raw.start, end),
                Severity::Error,
                format!("the text of this {} element contains \"</{}\" followed by a delimiter", raw.name, raw.name),
            );
        }
    }
}

impl<'i> Sink<'i> for Checker<'i> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        let leading_newline = std::mem::take(&mut self.leading_newline);
        let mut pre_like = None;
        match &token {
            Token::Doctype(_) => {
                self.seen_doctype = true;
                self.doctype(span);
            }
            Token::Characters(c) => {
                if leading_newline && c.starts_with('\n') && !self.source(span).starts_with(['\n', '\r']) {
                    self.report(
                        "leading-newline-as-reference",
                        span,
                        Severity::Error,
                        "a leading newline written as a character reference is dropped like the optional newline: write a literal newline before it".into(),
                    );
                }
                if let Some(raw) = &mut self.raw {
                    raw.text.push_str(c);
                } else if !c.bytes().all(is_ws) && !c.starts_with('\u{feff}') {
                    self.content(span);
                }
            }
            Token::StartTag(t) => {
                self.content(span);
                let may_self_close = is_void_element(&t.name)
                    || matches!(&*t.name, "svg" | "math")
                    || self.builder.adjusted_current_node_is_foreign();
                self.start_tag_attributes(span, may_self_close);
                if matches!(&*t.name, "pre" | "textarea" | "listing") {
                    pre_like = Some(());
                }
            }
            Token::EndTag(t) => {
                self.end_raw(span.start);
                if is_void_element(&t.name) {
                    self.report(
                        "void-element-end-tag",
                        span,
                        Severity::Error,
                        format!("{} is a void element: it has no end tag", t.name),
                    );
                }
            }
            // 13.1.6: every way comment text can break the rule is a tokenizer error
            // (abrupt-closing-of-empty-comment, nested-comment, incorrectly-closed-comment,
            // eof-in-comment), filed under 13.1.6; see the test.
            Token::Comment(_) => {}
            Token::ProcessingInstruction(_) => {}
            Token::Eof => {
                self.end_raw(span.start);
                // 13.1: the DOCTYPE is required even when nothing follows it (an empty,
                // whitespace-only or comment-only document), as the tree builder's
                // `missing-doctype` in the initial insertion mode says at end of file.
                self.content(Span::new(span.start, span.start));
            }
        }
        let name = match &token {
            Token::StartTag(t) => Some(t.name.to_string()),
            _ => None,
        };
        let known = self.builder.errors().len();
        let control = self.builder.token(token, span);
        for e in &self.builder.errors()[known..] {
            let at = e.position.offset.min(self.input.len());
            let span = if at == span.start {
                span
            } else {
                // (A builder offset is a character's; `get` keeps a wrong one from panicking.)
                let len = self.input.get(at..).and_then(|t| t.chars().next()).map_or(0, char::len_utf8);
                Span::new(at, at + len)
            };
            self.tree_error_spans.push(span);
        }
        if let (Control::SwitchTo(State::RcdataState | State::RawtextState | State::ScriptDataState), Some(name)) =
            (control, &name)
        {
            self.raw = Some(RawText { name: name.clone(), start: span.end, text: String::new() });
        }
        // The element is an HTML pre/textarea/listing when it did not go into foreign content.
        if pre_like.is_some() && !self.builder.adjusted_current_node_is_foreign() {
            self.leading_newline = true;
        }
        control
    }

    fn error(&mut self, error: Error) {
        let at = error.position.offset;
        self.tag_errors |= section_of(error.code).starts_with("13.1.2");
        self.diags.push(Diagnostic {
            code: error.code.code(),
            section: section_of(error.code),
            span: Span::new(at, at),
            severity: Severity::Error,
            message: format!("parse error: {}", error.code.code()),
            node: None,
        });
    }

    fn wants_errors(&self) -> bool {
        true
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.builder.adjusted_current_node_is_foreign()
    }
}

impl Checker<'_> {
    /// The first thing that is not a comment, whitespace or the DOCTYPE: 13.1 wants the DOCTYPE
    /// before it.
    fn content(&mut self, span: Span) {
        if !self.seen_content && !self.seen_doctype {
            self.report(
                "missing-doctype",
                Span::new(span.start, span.start),
                Severity::Error,
                "a document must start with a DOCTYPE (<!DOCTYPE html>)".into(),
            );
        }
        self.seen_content = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "<!DOCTYPE html>";

    /// The codes found in a document that starts with a good DOCTYPE.
    fn codes(body: &str) -> Vec<&'static str> {
        check(&format!("{DOC}{body}")).iter().map(|d| d.code).collect()
    }

    #[test]
    fn every_code_of_ours_is_declared_once() {
        for (i, r) in RULES.iter().enumerate() {
            assert!(RULES[i + 1..].iter().all(|o| o.code != r.code), "{}", r.code);
            assert!(r.anchor.starts_with('#') && r.section.starts_with("13.1"), "{}", r.code);
        }
        // Tokenizer errors are filed under a section of 13.1.
        for e in ParseError::ALL {
            assert!(section_of(e).starts_with("13.1"), "{}", e.code());
        }
    }

    #[test]
    fn a_conforming_document_has_no_findings() {
        let doc = "<!DOCTYPE html>\n<html lang=en><head><title>T</title></head>\n<body><p class=\"a b\" id=x>Fish &amp; chips &#169; &#x41;<br>\
                   <img src=a.png alt=\"\"><input disabled><pre>\n\nx</pre><textarea>\nt</textarea>\
                   <script>if (a < b) {}</script><style>p>a{}</style><!-- c --><!--My favorite operators are > and <!-->\
                   <svg><![CDATA[x<y]]><path d=M0 /></svg></body></html>";
        assert_eq!(check(doc), []);
    }

    #[test]
    fn doctype_13_1_1() {
        assert_eq!(check("<!doctype HTML><p>x"), []);
        assert_eq!(
            check("<!DOCTYPE html SYSTEM \"about:legacy-compat\">").iter().map(|d| d.code).collect::<Vec<_>>(),
            ["doctype-legacy-string"]
        );
        assert_eq!(check("<!DOCTYPE html system 'about:legacy-compat' >")[0].severity, Severity::Warning);
        let old =
            check("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">");
        assert_eq!(old.iter().map(|d| d.code).collect::<Vec<_>>(), ["doctype-not-html"]);
        assert_eq!(check("<!DOCTYPE html SYSTEM \"about:legacy-compat'>")[0].code, "doctype-not-html");
        assert_eq!(check("<!DOCTYPE xhtml>")[0].code, "doctype-not-html");
        // A tokenizer error in the DOCTYPE is filed under 13.1.1.
        let d = check("<!DOCTYPEhtml>");
        assert!(d.iter().any(|d| d.code == "missing-whitespace-before-doctype-name" && d.section == "13.1.1"));
        // 13.1: the DOCTYPE comes first (comments and whitespace may precede it).
        assert_eq!(check("<p>x").iter().map(|d| d.code).collect::<Vec<_>>(), ["missing-doctype"]);
        // Nothing but comments and whitespace still needs the DOCTYPE (the parser says so at
        // end of file), and the finding is where the parser puts it.
        for input in ["", "  \n", "<!-- c -->", "<!-- a --> <!-- b -->\n"] {
            let found = check(input);
            assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["missing-doctype"], "{input:?}");
            let crate::Parsed { errors, .. } = crate::html::parse_with_errors(input, TreeOptions::default());
            assert!(errors.iter().any(|e| e.code.code() == "missing-doctype"), "{input:?}");
            assert_eq!(found[0].span.start, input.len(), "{input:?}");
        }
        assert_eq!(check("<!DOCTYPE html><!-- c -->"), []);
        assert_eq!(check("<!-- c -->\n<!DOCTYPE html>"), []);
        assert_eq!(check("\u{feff}<!DOCTYPE html>"), []);
    }

    #[test]
    fn void_end_tags_13_1_2_2() {
        assert_eq!(codes("<br><img src=x><hr>"), Vec::<&str>::new());
        assert_eq!(codes("<br></br>"), ["void-element-end-tag"]);
        assert_eq!(codes("<input></input><p></p>"), ["void-element-end-tag"]);
        // End tag syntax errors from the tokenizer, under 13.1.2.2.
        let d = check(&format!("{DOC}<p></p class=x>"));
        assert_eq!((d[0].code, d[0].section), ("end-tag-with-attributes", "13.1.2.2"));
    }

    #[test]
    fn attributes_13_1_2_3() {
        // A value ending in "/" conforms; where the solidus is allowed, it probably was meant.
        assert_eq!(
            codes("<a href=x/y>l</a><a href=http://x/>l</a><img src=x /><svg><path d=M0 /></svg>"),
            Vec::<&str>::new()
        );
        assert_eq!(codes("<img src=x/>"), ["unquoted-attribute-value-before-solidus"]);
        // The path is left open, so `</svg>` closes it implicitly: a tree-construction error too.
        assert_eq!(
            codes("<svg><path d=M0/></svg>"),
            ["unquoted-attribute-value-before-solidus", "implicitly-closed-elements"]
        );
        let d = check(&format!("{DOC}<img src=x/>"));
        assert_eq!(&format!("{DOC}<img src=x/>")[d[0].span.start..d[0].span.end], "/");
        assert_eq!(d[0].severity, Severity::Warning);
        // Tokenizer errors under 13.1.2.3.
        let d = check(&format!("{DOC}<p a=1 a=2 b=\"x\"c d=e\"f>"));
        assert!(d.iter().all(|d| d.section == "13.1.2.3"), "{d:?}");
        assert_eq!(
            d.iter().map(|d| d.code).collect::<Vec<_>>(),
            [
                "duplicate-attribute",
                "missing-whitespace-between-attributes",
                "unexpected-character-in-unquoted-attribute-value"
            ]
        );
    }

    #[test]
    fn content_models_13_1_2_5() {
        // "If a tr element is put inside a table in the markup, it will in fact imply a tbody
        // start tag before it": markup cannot put a tr in a table (13.1.2.4 lets the tbody start
        // tag be left out), so this conforms; a tree that does is `check_dom`'s.
        assert_eq!(
            codes("<table><tr><td>x</td></tr></table><table><caption>c</caption><tr><td>y</table>"),
            Vec::<&str>::new()
        );
        // The spec's equivalent pre blocks, and a newline kept by doubling it.
        assert_eq!(codes("<pre>Hello</pre><pre>\nHello</pre><pre>\n\nx</pre>"), Vec::<&str>::new());
        assert_eq!(codes("<pre>&#10;x</pre>"), ["leading-newline-as-reference"]);
        assert_eq!(codes("<textarea>&NewLine;x</textarea>"), ["leading-newline-as-reference"]);
        assert_eq!(codes("<pre>\n&#10;x</pre><p>&#10;x</p>"), Vec::<&str>::new());
    }

    #[test]
    fn element_contents_13_1_2() {
        // "the text must not contain the character U+003C LESS-THAN SIGN (<) or an ambiguous
        // ampersand": in normal elements, template contents and foreign elements each is a
        // tokenizer error; escapable raw text may hold "<" but no ambiguous ampersand.
        for (bad, found) in [
            ("<p>a < b</p>", vec![("invalid-first-character-of-tag-name", "13.1.2.1")]),
            ("<template>a < b</template>", vec![("invalid-first-character-of-tag-name", "13.1.2.1")]),
            ("<p>a &b; c</p>", vec![("unknown-named-character-reference", "13.1.4")]),
            ("<a title='x &b; y'>l</a>", vec![("unknown-named-character-reference", "13.1.4")]),
            ("<title>a < b &b;</title>", vec![("unknown-named-character-reference", "13.1.4")]),
            (
                "<svg><g>x &b; < y</g></svg>",
                vec![
                    ("unknown-named-character-reference", "13.1.4"),
                    ("invalid-first-character-of-tag-name", "13.1.2.1"),
                ],
            ),
        ] {
            let d = check(&format!("{DOC}{bad}"));
            assert_eq!(d.iter().map(|d| (d.code, d.section)).collect::<Vec<_>>(), found, "{bad}");
        }
        assert_eq!(codes("<title>a < b</title><textarea>&b & c</textarea><p>a &b c &b=</p>"), Vec::<&str>::new());
        // "Foreign elements must either have a start tag and an end tag, or a start tag that is
        // marked as self-closing, in which case they must not have an end tag": tree errors.
        assert_eq!(codes("<svg><circle></circle><circle/></svg>"), Vec::<&str>::new());
        assert_eq!(codes("<svg><circle></svg>"), ["implicitly-closed-elements"]);
        assert_eq!(
            codes("<svg><circle/></circle></svg>"),
            ["implicitly-closed-elements", "end-tag-without-open-element"]
        );
    }

    #[test]
    fn tree_errors_with_the_span_of_their_token() {
        // (code, section, the text the span covers): a tree-construction error covers the token
        // that caused it, or the one character it is about.
        for (body, want) in [
            // 13.1.2.1 step 6: a solidus only on void and foreign elements (the spec's code,
            // raised by tree construction).
            ("<div/>x</div>", ("non-void-html-element-start-tag-with-trailing-solidus", "13.1.2.1", "<div/>")),
            ("<svg><circle></svg>", ("implicitly-closed-elements", "13.1.2", "</svg>")),
            ("</p>", ("unexpected-end-tag", "13.1.2", "</p>")),
            ("<table>x</table>", ("text-in-table", "13.1.2", "x")),
        ] {
            let doc = format!("{DOC}{body}");
            let d: Vec<_> = check(&doc).iter().map(|d| (d.code, d.section, &doc[d.span.start..d.span.end])).collect();
            assert_eq!(d, [want], "{body}");
        }
        let doc = format!("{DOC}<p>a\0b</p>");
        let d = check(&doc);
        let tree = d.iter().find(|d| d.code == "null-character-in-content").expect("tree error");
        assert_eq!(&doc[tree.span.start..tree.span.end], "\0");
        assert_eq!(codes("<div></div><br/><svg><g/></svg>"), Vec::<&str>::new());
    }

    /// 13.1.2.4's own example, "made even terser by having each row on one line".
    const SPEC_TABLE: &str = "<table>
 <caption>37547 TEE Electric Powered Rail Car Train Functions (Abbreviated)
 <colgroup><col><col><col>
 <thead>
  <tr> <th>Function                              <th>Control Unit     <th>Central Station
 <tbody>
  <tr> <td>Headlights                            <td>✔                <td>✔
  <tr> <td>Interior Lights                       <td>✔                <td>✔
  <tr> <td>Electric locomotive operating sounds  <td>✔                <td>✔
  <tr> <td>Engineer's cab lighting               <td>                 <td>✔
  <tr> <td>Station Announcements - Swiss         <td>                 <td>✔
</table>";

    #[test]
    fn omitted_end_tags_the_spec_examples_13_1_2_4() {
        assert_eq!(check(&format!("<!DOCTYPE HTML><title>Hello</title>{SPEC_TABLE}")), []);
        assert_eq!(check("<!DOCTYPE HTML><title>Hello</title><p>Welcome to this example."), []);
        assert_eq!(
            check(
                "<!DOCTYPE HTML><html lang=\"en\"><title>Hello</title><body class=\"demo\"><p>Welcome to this example."
            ),
            []
        );
        // Without its body rows the table's head has nothing after it that lets its end tag go.
        let cut = SPEC_TABLE.find(" <tbody>").unwrap();
        let doc = format!("<!DOCTYPE HTML><title>Hello</title>{}</table>", &SPEC_TABLE[..cut]);
        let d = check(&doc);
        assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), ["end-tag-omitted"]);
        assert!(d[0].message.contains("</thead>") && doc[d[0].span.start..].starts_with("</table>"));
    }

    #[test]
    fn omitted_end_tags_without_a_doctype() {
        // A DOCTYPE error says nothing about structure: the rule still runs.
        let codes = |doc: &str| check(doc).iter().map(|d| d.code).collect::<Vec<_>>();
        assert_eq!(codes("<dl><dt>t</dl>"), ["missing-doctype", "end-tag-omitted"]);
        assert_eq!(codes("<!DOCTYPE html4><dl><dt>t</dl>"), ["doctype-not-html", "end-tag-omitted"]);
        assert_eq!(codes("<ul><li>a<li>b</ul>"), ["missing-doctype"]);
        // The finding names no node of the checker's own tree (issue 22), but says where.
        let d = check("<!DOCTYPE html><dl><dt>t</dl>");
        assert_eq!((d[0].code, d[0].node, d[0].span.start), ("end-tag-omitted", None, 24));
    }

    #[test]
    fn omitted_end_tags_13_1_2() {
        // 13.1.2.4's own cases where a tag may go: no finding.
        for ok in [
            "<ul><li>a<li>b</ul>",
            "<ul><li>a<ul><li>b</ul></ul>",
            "<dl><dt>t<dd>d<dt>u<dd>e</dl>",
            "<p>a<div>b</div><p>c",
            "<select><option>a<option>b<optgroup><option>c</select>",
            "<table><caption>c</caption><colgroup><col><thead><tr><th>h<tbody><tr><td>a<td>b<tr><td>c<tfoot><tr><td>f</table>",
            "<ruby>a<rt>b<rp>c</ruby>",
            "<textarea>a</dl></textarea><script>'</li>'</script>",
            "<p>x</p>\n</body>\n</html>\n<!--after-->",
            "<svg><g></g></svg><p>x",
        ] {
            assert_eq!(codes(ok), Vec::<&str>::new(), "{ok}");
        }
        // And where it may not: (markup, the element, where its end tag belongs).
        for (bad, name, at) in [
            ("<dl><dt>t</dl>", "dt", "</dl>"),
            ("<table><thead><tr><td>x</table>", "thead", "</table>"),
            ("<p>a<li>b", "p", "<li>"),
            ("<dl><dt><textarea>x</textarea></dl>", "dt", "</dl>"),
            ("<template><dt>x</template>", "dt", "</template>"),
        ] {
            let doc = format!("{DOC}{bad}");
            let d = check(&doc);
            assert_eq!(
                d.iter().map(|d| (d.code, d.section)).collect::<Vec<_>>(),
                [("end-tag-omitted", "13.1.2")],
                "{bad}"
            );
            assert!(d[0].message.contains(&format!("</{name}>")), "{bad}: {}", d[0].message);
            assert!(doc[d[0].span.start..].starts_with(at) && d[0].span.is_empty(), "{bad}: {:?}", d[0].span);
        }
        // With a parse error about structure the rule says nothing (which tag closed what is
        // that error's story).
        assert_eq!(codes("<dl><dt>t</dl></x>"), ["end-tag-without-open-element"]);
    }

    #[test]
    fn raw_text_13_1_2_6() {
        assert_eq!(codes("<script>a = '</scr' + 'ipt>'</script><title>a</titlex</title>"), Vec::<&str>::new());
        // Only script data's double-escaped state lets "</script>" into a script's text.
        assert_eq!(codes("<script><!--<script></script>--></script>"), ["raw-text-contains-end-tag"]);
        assert_eq!(codes("<script><!--<script></script/--></script>"), ["raw-text-contains-end-tag"]);
    }

    #[test]
    fn character_references_13_1_4() {
        assert_eq!(codes("&amp; &AMP; &#65; &#x41; &copy; a&b a & b"), Vec::<&str>::new());
        let d = check(&format!("{DOC}&copy &#0; &#xD; &#x110000; &#xFFFF; &#xD800; &#; &nosuchname;"));
        assert!(d.iter().all(|d| d.section == "13.1.4"), "{d:?}");
        assert_eq!(
            d.iter().map(|d| d.code).collect::<Vec<_>>(),
            [
                "missing-semicolon-after-character-reference",
                "null-character-reference",
                "control-character-reference",
                "character-reference-outside-unicode-range",
                "noncharacter-character-reference",
                "surrogate-character-reference",
                "absence-of-digits-in-numeric-character-reference",
                "unknown-named-character-reference",
            ]
        );
    }

    #[test]
    fn cdata_13_1_5() {
        // The spec's example: CDATA in MathML.
        assert_eq!(codes("<math><ms><![CDATA[x<y]]></ms><mo>+</mo><mn>3</mn></math>"), Vec::<&str>::new());
        let d = check(&format!("{DOC}<p><![CDATA[x]]></p>"));
        assert_eq!((d[0].code, d[0].section), ("cdata-in-html-content", "13.1.5"));
    }

    #[test]
    fn comments_13_1_6() {
        assert_eq!(codes("<!-- a - b --><!--My favorite operators are > and <!-->"), Vec::<&str>::new());
        // Each way the text can break 13.1.6, as the tokenizer reports it.
        for (bad, code) in [
            ("<!-->x-->", "abrupt-closing-of-empty-comment"),
            ("<!--->x-->", "abrupt-closing-of-empty-comment"),
            ("<!--a<!--b-->", "nested-comment"),
            ("<!--a--!>", "incorrectly-closed-comment"),
            ("<!--a<!--->", "nested-comment"),
            ("<!--a", "eof-in-comment"),
        ] {
            let d = check(&format!("{DOC}{bad}"));
            assert_eq!(d.iter().map(|d| (d.code, d.section)).collect::<Vec<_>>(), [(code, "13.1.6")], "{bad}");
        }
    }
}

#[cfg(test)]
mod robustness {
    use super::check;

    #[test]
    fn every_prefix_of_awkward_markup_checks_without_panicking() {
        let s = "<!DOCTYPE html SYSTEM 'about:legacy-compat'><!--a<!---><dl><dt>é</dl><pre>&#10;<img src=é/><script><!--<script></script>\
                 </br><svg><![CDATA[é]]></svg><!doctype html system \"about:legacy-compat\"><p a=\"é\"b=c/ d=é/>&#x110000;&é;";
        for (i, _) in s.char_indices() {
            let _ = check(&s[..i]);
        }
        let _ = check(s);
    }

    #[test]
    fn every_prefix_of_optional_tags_checks_without_panicking() {
        // Prefixes end inside tags, text and raw text: the omitted end tag rule reads the text
        // between nodes, so each must leave it consistent.
        let s = "<!DOCTYPE html><dl><dt>a<dd>b</dl><table><caption>c<thead><tr><th>h<tbody><tr><td>é<td>x</table>\
                 <ul><li>a<ul><li>b</ul></ul><select><option>x<optgroup><option>y</select><textarea>a</dl></textarea>\
                 <template><dt>z</template><p>q<li>";
        for (i, _) in s.char_indices().chain([(s.len(), ' ')]) {
            for d in check(&s[..i]) {
                assert!(d.span.end <= i && s.is_char_boundary(d.span.start), "{i}: {d:?}");
            }
        }
    }
}
