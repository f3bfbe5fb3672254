//! `statemark explain`: for each token, the tokenizer's path of (state, case) that produced it,
//! each case with its spec heading, label and link (the tables compiled in: `statemark::cases`),
//! the parse errors where they were raised, and (unless `--tokens-only`) the rules of tree
//! construction the token took (HTML's `TreeRule`, an insertion mode's entry; XML5's
//! `xml5::TreeRule`, a phase's entry of the draft), as text or JSON Lines. Streamed: one token's
//! block is written as soon as the token is complete, so memory holds one token's path, never
//! the output.
//!
//! Which token a case belongs to: the tokenizer reports each case with the offset it had
//! consumed up to (`Sink::trace_at`), and tokens' spans tile the input. A token takes every case
//! reported since the token before it; a run of characters is handed on only when the next
//! token is emitted (in the case that emits it, the last one reported), so the run takes the
//! cases up to its end but never that last one, which belongs to the token that follows.

use crate::findings::Locator;
use crate::output::{self, Format};
use serde_json::{Value, json};
use statemark::Span;
use statemark::cases::SpecCases;
use statemark::dom::Dom;
use statemark::html::tree::{TreeBuilder, TreeRule};
use statemark::{Position, html, xml5};
use std::io::{self, Write};

/// One step of a path: a case taken `repeat` times in a row (a run of characters in one
/// state is one line, not one per character), `at`: the offset consumed up to after the last.
#[derive(Clone, Copy)]
struct Step<St> {
    state: St,
    case: u16,
    repeat: u32,
    at: usize,
}

/// A parse error and the step that raised it (index into the path).
struct Raised {
    step: usize,
    code: &'static str,
    position: Position,
}

/// The path taken since the last token, with its errors; machine `M`'s cases.
struct Path<M: SpecCases> {
    steps: Vec<Step<M::State>>,
    errors: Vec<Raised>,
}

impl<M: SpecCases> Path<M> {
    fn new() -> Self {
        Path { steps: Vec::new(), errors: Vec::new() }
    }

    fn trace(&mut self, state: M::State, case: u16, at: usize) {
        // A repeat of the last case, with no error between, extends its line.
        let raised_last = self.errors.last().is_some_and(|e| e.step + 1 == self.steps.len());
        match self.steps.last_mut() {
            Some(s) if s.state == state && s.case == case && !raised_last => {
                s.repeat = s.repeat.saturating_add(1);
                s.at = at;
            }
            _ => self.steps.push(Step { state, case, repeat: 1, at }),
        }
    }

    fn error(&mut self, code: &'static str, position: Position) {
        self.errors.push(Raised { step: self.steps.len().saturating_sub(1), code, position });
    }

    /// How many steps belong to a run of characters ending at `end` (see the module doc).
    fn run_steps(&self, end: usize) -> usize {
        let before_last = self.steps.len().saturating_sub(1);
        self.steps[..before_last].iter().take_while(|s| s.at <= end).count()
    }

    /// The first `n` steps (and their errors) written out, and removed: text lines, or the
    /// elements of the JSON array (one step's value at a time, whatever the path's length).
    fn write(&mut self, w: &mut dyn Write, format: Format, n: usize) -> io::Result<()> {
        let errors_n = self.errors.iter().take_while(|e| e.step < n).count();
        let mut raised = self.errors[..errors_n].iter().peekable();
        for (i, s) in self.steps[..n].iter().enumerate() {
            let info = M::state_info(s.state);
            let label = info.case(s.case).map_or("(a case the tables do not have)", |c| c.label);
            let url = M::url(s.state);
            let mut errors = Vec::new();
            while let Some(e) = raised.next_if(|e| e.step == i) {
                errors.push(e);
            }
            match format {
                Format::Text => {
                    let times = if s.repeat > 1 { format!(" ×{}", s.repeat) } else { String::new() };
                    writeln!(w, "    {}, case {}: {label}{times}  {url}", info.heading, s.case)?;
                    for e in errors {
                        writeln!(w, "      error[{}] at {}:{}", e.code, e.position.line, e.position.column)?;
                    }
                }
                Format::Json => {
                    if i > 0 {
                        w.write_all(b",")?;
                    }
                    let step = json!({
                        "state": info.name, "heading": info.heading, "case": s.case, "label": label, "url": url,
                        "repeat": s.repeat,
                        "errors": errors.iter().map(|e| error_json(e.code, e.position)).collect::<Vec<_>>(),
                    });
                    write!(w, "{step}")?;
                }
            }
        }
        self.steps.drain(..n);
        self.errors.drain(..errors_n);
        for e in &mut self.errors {
            e.step -= n;
        }
        Ok(())
    }
}

fn error_json(code: &str, p: Position) -> Value {
    json!({"code": code, "line": p.line, "column": p.column, "offset": p.offset})
}

/// Writes each token's block as it comes; machine `M`, tree builder `T` (`()` for none).
pub struct Explainer<'w, 't, M: SpecCases, T> {
    out: &'w mut dyn Write,
    format: Format,
    path: Path<M>,
    /// HTML's tree builder, when explaining a parse, and the text it parses (tree errors have
    /// offsets only: their lines are counted on here).
    tree: T,
    lines: Locator<'t>,
    /// The first output failure; later tokens are dropped.
    pub failed: Option<io::Error>,
}

impl<'w, 't, M: SpecCases, T> Explainer<'w, 't, M, T> {
    pub fn new(out: &'w mut dyn Write, format: Format, text: &'t str, tree: T) -> Self {
        Explainer { out, format, path: Path::new(), tree, lines: Locator::new(text), failed: None }
    }

    /// Begin one token's block: the token, then the steps of its path (a run of characters
    /// takes those up to its end). JSON: the line's `path` (written step by step) and `token`
    /// members; `finish` ends the line.
    fn begin(
        &mut self,
        characters: bool,
        span: Span,
        token: impl FnOnce(&mut dyn Write, Format) -> io::Result<Value>,
    ) -> Option<()> {
        if self.failed.is_some() {
            return None;
        }
        let n = if characters { self.path.run_steps(span.end) } else { self.path.steps.len() };
        let (out, format) = (&mut *self.out, self.format);
        // JSON keys in alphabetical order, as every other JSON output of the command.
        let r = token(out, format).and_then(|token| {
            if format == Format::Json {
                out.write_all(b"{\"path\":[")?;
            }
            self.path.write(out, format, n)?;
            if format == Format::Json {
                write!(out, "],\"token\":{token}")?;
            }
            Ok(())
        });
        self.check(r)
    }

    /// End the block begun: what `rest` adds (the tree rules; JSON: the line's `tree` and
    /// `tree_errors` members), then the JSON line's end.
    fn finish(
        &mut self,
        begun: Option<()>,
        rest: impl FnOnce(&mut dyn Write, Format, &mut Locator<'t>) -> io::Result<()>,
    ) {
        if begun.is_none() {
            return;
        }
        let (out, format) = (&mut *self.out, self.format);
        let r = rest(out, format, &mut self.lines).and_then(|()| match format {
            Format::Json => out.write_all(b"}\n"),
            Format::Text => Ok(()),
        });
        self.check(r);
    }

    fn check<X>(&mut self, r: io::Result<X>) -> Option<X> {
        r.map_err(|e| self.failed = Some(e)).ok()
    }
}

/// Write the token line of a block (text), or give its JSON value.
fn token_line(
    w: &mut dyn Write,
    format: Format,
    text: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    json: impl FnOnce() -> Value,
) -> io::Result<Value> {
    match format {
        Format::Text => {
            w.write_all(b"token ")?;
            text(w)?;
            Ok(Value::Null)
        }
        Format::Json => Ok(json()),
    }
}

/// A rule of tree construction as explain writes it: HTML's insertion-mode entries and XML5's
/// phase entries alike.
trait Rule: Copy {
    /// The JSON key of the anchor: HTML's rules are by insertion mode, XML5's by phase.
    const ANCHOR_KEY: &'static str;
    fn name(self) -> &'static str;
    fn anchor(self) -> &'static str;
    /// The entry's number in its mode's or phase's switch; `None` for a decision of statemark's
    /// where the spec has no entry.
    fn entry(self) -> Option<u8>;
    fn url(self) -> String;
}

impl Rule for TreeRule {
    const ANCHOR_KEY: &'static str = "mode_anchor";
    fn name(self) -> &'static str {
        TreeRule::name(self)
    }
    fn anchor(self) -> &'static str {
        self.mode_anchor()
    }
    fn entry(self) -> Option<u8> {
        Some(TreeRule::entry(self))
    }
    fn url(self) -> String {
        self.spec_url()
    }
}

impl Rule for xml5::TreeRule {
    const ANCHOR_KEY: &'static str = "phase_anchor";
    fn name(self) -> &'static str {
        xml5::TreeRule::name(self)
    }
    fn anchor(self) -> &'static str {
        self.phase_anchor()
    }
    fn entry(self) -> Option<u8> {
        xml5::TreeRule::entry(self)
    }
    fn url(self) -> String {
        self.spec_url()
    }
}

/// The rules of tree construction one token took, and the tree errors it raised (one at a
/// time: a run of text can raise one per character).
fn write_rules<R: Rule>(
    w: &mut dyn Write,
    format: Format,
    rules: &[R],
    errors: &[(&'static str, usize)],
    lines: &mut Locator<'_>,
) -> io::Result<()> {
    match format {
        Format::Text => {
            for &r in rules {
                let entry = r.entry().map_or_else(|| "statemark's decision".to_owned(), |n| format!("entry {n}"));
                writeln!(w, "  tree: {} (#{}, {entry})  {}", r.name(), r.anchor(), r.url())?;
            }
            for &(code, at) in errors {
                let p = lines.position(at);
                writeln!(w, "  tree error[{code}] at {}:{}", p.line, p.column)?;
            }
        }
        Format::Json => {
            w.write_all(b",\"tree\":[")?;
            for (i, &r) in rules.iter().enumerate() {
                let mut rule = json!({"rule": r.name(), "entry": r.entry(), "url": r.url()});
                rule[R::ANCHOR_KEY] = json!(r.anchor());
                write!(w, "{}{rule}", if i > 0 { "," } else { "" })?;
            }
            w.write_all(b"],\"tree_errors\":[")?;
            for (i, &(code, at)) in errors.iter().enumerate() {
                write!(w, "{}{}", if i > 0 { "," } else { "" }, error_json(code, lines.position(at)))?;
            }
            w.write_all(b"]")?;
        }
    }
    Ok(())
}

/// HTML, tokenizer only (`--tokens-only`).
pub type HtmlTokens<'w, 't> = Explainer<'w, 't, html::Html, ()>;
/// HTML, tokenizer and tree builder.
pub type HtmlParse<'w, 't> = Explainer<'w, 't, html::Html, Builder>;
/// XML5, tokenizer only (`--tokens-only`).
pub type Xml5Tokens<'w, 't> = Explainer<'w, 't, xml5::Xml5, ()>;
/// XML5, tokenizer and tree builder.
pub type Xml5Parse<'w, 't> = Explainer<'w, 't, xml5::Xml5, XmlBuilder>;

/// The XML5 tree builder behind an explainer, and its scratch lists.
pub struct XmlBuilder {
    builder: xml5::TreeBuilder,
    rules: Vec<xml5::TreeRule>,
    errors: Vec<(&'static str, usize)>,
}

impl XmlBuilder {
    /// A builder that records its rules and its own errors (the tokenizer's reach the
    /// explainer, which places them on the path).
    pub fn new() -> Self {
        XmlBuilder { builder: xml5::TreeBuilder::new(true).with_rule_trace(), rules: Vec::new(), errors: Vec::new() }
    }
}

/// The HTML tree builder behind an explainer, and its scratch lists.
pub struct Builder {
    pub builder: TreeBuilder<Dom>,
    rules: Vec<TreeRule>,
    errors: Vec<(&'static str, usize)>,
}

impl Builder {
    /// A builder that records its rules and its own errors (the tokenizer's reach the explainer,
    /// which places them on the path).
    pub fn new(builder: TreeBuilder<Dom>) -> Self {
        Builder { builder: builder.with_rule_trace().with_errors(), rules: Vec::new(), errors: Vec::new() }
    }
}

fn html_text(token: &html::Token<'_>, span: Span) -> impl FnOnce(&mut dyn Write, Format) -> io::Result<Value> {
    move |w, format| {
        token_line(
            w,
            format,
            |w| output::html_token(w, Format::Text, token, span),
            || output::html_token_json(token, span),
        )
    }
}

impl<'i> html::Sink<'i> for HtmlTokens<'_, '_> {
    fn token(&mut self, token: html::Token<'i>, span: Span) -> html::Control {
        let chars = matches!(token, html::Token::Characters(_));
        let begun = self.begin(chars, span, html_text(&token, span));
        self.finish(begun, |_, _, _| Ok(()));
        html::Control::Continue
    }
    fn error(&mut self, e: html::Error) {
        self.path.error(e.code.code(), e.position);
    }
    fn wants_errors(&self) -> bool {
        true
    }
    fn trace_at(&mut self, state: html::State, case: u16, at: usize) {
        self.path.trace(state, case, at);
    }
}

impl<'i> html::Sink<'i> for HtmlParse<'_, '_> {
    fn token(&mut self, token: html::Token<'i>, span: Span) -> html::Control {
        let chars = matches!(token, html::Token::Characters(_));
        let begun = self.begin(chars, span, html_text(&token, span));
        let b = &mut self.tree;
        let control = b.builder.token(token, span);
        b.rules.clear();
        b.rules.extend(b.builder.drain_rule_trace());
        b.errors.clear();
        b.errors.extend(b.builder.take_errors().into_iter().map(|e| (e.code.code(), e.position.offset)));
        let (rules, errors) = (std::mem::take(&mut b.rules), std::mem::take(&mut b.errors));
        self.finish(begun, |w, f, lines| write_rules(w, f, &rules, &errors, lines));
        (self.tree.rules, self.tree.errors) = (rules, errors);
        control
    }
    fn error(&mut self, e: html::Error) {
        self.path.error(e.code.code(), e.position);
    }
    fn wants_errors(&self) -> bool {
        true
    }
    fn spare_attributes(&mut self) -> Option<Vec<statemark::html::Attribute<'i>>> {
        self.tree.builder.spare_attributes()
    }
    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.tree.builder.adjusted_current_node_is_foreign()
    }
    fn switches_states(&self) -> bool {
        true
    }
    fn trace_at(&mut self, state: html::State, case: u16, at: usize) {
        self.path.trace(state, case, at);
    }
}

fn xml5_text(token: &xml5::Token<'_>, span: Span) -> impl FnOnce(&mut dyn Write, Format) -> io::Result<Value> {
    move |w, format| {
        token_line(
            w,
            format,
            |w| output::xml5_token(w, Format::Text, token, span),
            || output::xml5_token_json(token, span),
        )
    }
}

impl<'i> xml5::Sink<'i> for Xml5Tokens<'_, '_> {
    fn token(&mut self, token: xml5::Token<'i>, span: Span) {
        let chars = matches!(token, xml5::Token::Characters(_));
        let begun = self.begin(chars, span, xml5_text(&token, span));
        self.finish(begun, |_, _, _| Ok(()));
    }
    fn error(&mut self, e: xml5::Error) {
        self.path.error(e.code.code(), e.position);
    }
    fn wants_errors(&self) -> bool {
        true
    }
    fn trace_at(&mut self, state: xml5::State, case: u16, at: usize) {
        self.path.trace(state, case, at);
    }
}

impl<'i> xml5::Sink<'i> for Xml5Parse<'_, '_> {
    fn token(&mut self, token: xml5::Token<'i>, span: Span) {
        let chars = matches!(token, xml5::Token::Characters(_));
        let begun = self.begin(chars, span, xml5_text(&token, span));
        let b = &mut self.tree;
        xml5::Sink::token(&mut b.builder, token, span);
        b.rules.clear();
        b.rules.extend(b.builder.drain_rule_trace());
        b.errors.clear();
        b.errors.extend(b.builder.take_errors().iter().map(|e| {
            let (code, span, _) = crate::xml_tree_error(e);
            (code, span.start)
        }));
        let (rules, errors) = (std::mem::take(&mut b.rules), std::mem::take(&mut b.errors));
        self.finish(begun, |w, f, lines| write_rules(w, f, &rules, &errors, lines));
        (self.tree.rules, self.tree.errors) = (rules, errors);
    }
    fn error(&mut self, e: xml5::Error) {
        self.path.error(e.code.code(), e.position);
    }
    fn wants_errors(&self) -> bool {
        true
    }
    fn spare_attributes(&mut self) -> Option<Vec<xml5::Attribute<'i>>> {
        xml5::Sink::spare_attributes(&mut self.tree.builder)
    }
    fn trace_at(&mut self, state: xml5::State, case: u16, at: usize) {
        self.path.trace(state, case, at);
    }
}
