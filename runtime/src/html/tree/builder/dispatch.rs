//! The tree construction dispatcher (spec: #tree-construction-dispatcher) and the tree
//! builder as the tokenizer's [`Sink`]: each token, turned into a [`Tok`], goes to the current
//! insertion mode or to the rules for foreign content (character runs in body take a direct
//! path), and the tokenizer's state switches go back in the returned [`Control`].

use super::modes::{CELL_END, CELL_START};
use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    /// spec: #tree-construction-dispatcher: whether the token goes to the insertion mode
    /// (true) or to the rules for foreign content.
    pub(super) fn html_rules(&self, t: &Tok<'_, '_>) -> bool {
        let Some(acn) = self.adjusted_current() else { return true };
        if acn.ns == Ns::Html {
            return true;
        }
        let mathml_text_ip =
            acn.ns == Ns::MathMl && matches!(acn.tag, Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext);
        let html_ip = acn.html_integration
            || (acn.ns == Ns::Svg && matches!(acn.tag, Tag::ForeignObject | Tag::Desc | Tag::Title));
        match t {
            Tok::Start(s) => {
                (mathml_text_ip && !matches!(s.tag, Tag::Mglyph | Tag::Malignmark))
                    || (acn.ns == Ns::MathMl && acn.tag == Tag::AnnotationXml && s.tag == Tag::Svg)
                    || html_ip
            }
            Tok::Chars(_) => mathml_text_ip || html_ip,
            Tok::Eof => true,
            _ => false,
        }
    }

    /// Whether a token goes straight to the "in body" rules: the common case, which then skips
    /// the dispatcher. It is what the dispatcher would decide: the insertion mode is "in body",
    /// or "in cell" for a token that mode hands to "in body" (spec: #parsing-main-intd,
    /// "anything else": `cell_rule` says whether one of its own rules takes the token, asked
    /// only in that mode; recorded as that rule, as the dispatcher would), and the adjusted
    /// current node is an HTML element (no fragment context stands in for it). Most tokens of
    /// a table's cells then skip the dispatcher as the rest of the body does.
    #[inline]
    pub(super) fn in_body_html(&mut self, cell_rule: impl FnOnce() -> bool) -> bool {
        match self.mode {
            Mode::InBody => self.html_current(),
            Mode::InCell if self.html_current() && !cell_rule() => {
                self.rule(TreeRule::InCellAnythingElse);
                true
            }
            _ => false,
        }
    }

    /// Not done, and the adjusted current node is an HTML element that is not a fragment's
    /// context (the dispatcher's "HTML content" test).
    #[inline]
    fn html_current(&self) -> bool {
        !self.done && self.stack.len() > 1 && self.current().is_some_and(|r| r.ns == Ns::Html)
    }

    pub(super) fn dispatch(&mut self, mut t: Tok<'_, '_>) {
        loop {
            let flow = if self.html_rules(&t) {
                self.step(self.mode, &mut t)
            } else {
                match self.foreign(&mut t) {
                    None => Done,
                    // "Process the token according to the rules given in the section
                    // corresponding to the current insertion mode in HTML content."
                    Some(()) => self.step(self.mode, &mut t),
                }
            };
            if flow == Done || self.done {
                return;
            }
        }
    }

    pub(super) fn step(&mut self, mode: Mode, t: &mut Tok<'_, '_>) -> Flow {
        match mode {
            Mode::Initial => self.initial(t),
            Mode::BeforeHtml => self.before_html(t),
            Mode::BeforeHead => self.before_head(t),
            Mode::InHead => self.in_head(t),
            Mode::InHeadNoscript => self.in_head_noscript(t),
            Mode::AfterHead => self.after_head(t),
            Mode::InBody => self.in_body(t),
            Mode::Text => self.text(t),
            Mode::InTable => self.in_table(t),
            Mode::InTableText => self.in_table_text(t),
            Mode::InCaption => self.in_caption(t),
            Mode::InColumnGroup => self.in_column_group(t),
            Mode::InTableBody => self.in_table_body(t),
            Mode::InRow => self.in_row(t),
            Mode::InCell => self.in_cell(t),
            Mode::InTemplate => self.in_template(t),
            Mode::AfterBody => self.after_body(t),
            Mode::InFrameset => self.in_frameset(t),
            Mode::AfterFrameset => self.after_frameset(t),
            Mode::AfterAfterBody => self.after_after_body(t),
            Mode::AfterAfterFrameset => self.after_after_frameset(t),
        }
    }

    /// spec: #stop-parsing, and #the-end step 4: pop all the nodes.
    pub(super) fn stop_parsing(&mut self) -> Flow {
        self.pop_to_len(0);
        self.done = true;
        Done
    }
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Keep a tag's attribute list, emptied, for [`Sink::spare_attributes`]. An empty list
    /// borrows nothing, so the builder keeps its allocation as a list of `'static` attributes
    /// (no lifetime of its own).
    #[inline(always)]
    pub(super) fn recycle(&mut self, attrs: Vec<Attribute<'_>>) {
        // Most tags (end tags, and start tags after the list was taken) have no allocation
        // to keep: nothing to drop, and no call.
        if attrs.capacity() > self.spare.capacity() {
            self.recycle_list(attrs);
        }
    }

    /// The allocation of `attrs`, emptied, becomes `spare`. The safe way (collecting the
    /// empty list's iterator into `Vec<Attribute<'static>>`, which std does in place) cost
    /// about 70 instructions a tag with attributes in `from_iter_in_place`, 4% of parsing
    /// html-page-2 (issue 26); this is the same move without the generic machinery.
    pub(super) fn recycle_list(&mut self, mut attrs: Vec<Attribute<'_>>) {
        attrs.clear();
        debug_assert!(attrs.is_empty());
        let mut attrs = std::mem::ManuallyDrop::new(attrs);
        let (ptr, cap) = (attrs.as_mut_ptr().cast::<Attribute<'static>>(), attrs.capacity());
        // SAFETY: `ptr` and `cap` come from a `Vec` that is not used or dropped again
        // (`ManuallyDrop`), allocated by the global allocator with the layout of `cap`
        // `Attribute<'_>`s, which is the layout of `cap` `Attribute<'static>`s (lifetimes do
        // not change a type's layout). The length is 0 (cleared above, asserted in debug
        // builds): no element is read, so no borrow of the input outlives it.
        self.spare = unsafe { Vec::from_raw_parts(ptr, 0, cap) };
    }

    /// A character token run: "in body" directly in the common case, else the dispatcher.
    /// `ignore_lf`: the token follows a `pre`, `listing` or `textarea` start tag.
    #[inline(always)]
    pub(super) fn chars(&mut self, c: &str, ignore_lf: bool) {
        if self.errors.is_some() {
            self.run = Some((c.as_ptr() as usize, c.len()));
        }
        let mut s = c;
        if ignore_lf && s.starts_with('\n') {
            s = &s[1..];
        }
        if s.is_empty() {
        } else if self.in_body_html(|| false) {
            self.in_body_chars(s);
        } else {
            self.dispatch(Tok::Chars(s));
        }
    }

    /// spec: #acknowledge-self-closing-flag: a start tag's self-closing flag that no rule
    /// acknowledged is the spec's own `non-void-html-element-start-tag-with-trailing-solidus`.
    #[cold]
    pub(super) fn unacknowledged_error(&mut self, span: Span) {
        if let Some(v) = &mut self.errors {
            let position = Position { offset: span.start, line: 0, column: 0 };
            let code = ErrorCode::Spec(ParseError::NonVoidHtmlElementStartTagWithTrailingSolidus);
            v.push(HtmlError { code, position });
        }
    }
}

// ----- the tokenizer's sink -----

impl<'i, S: TreeSink> Sink<'i> for TreeBuilder<S> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        if self.done {
            return Control::Continue;
        }
        self.span = span;
        if self.sources {
            self.set_source(span);
        }
        let ignore_lf = std::mem::take(&mut self.ignore_lf);
        match token {
            Token::Characters(c) => self.chars(&c, ignore_lf),
            Token::StartTag(t) => {
                let mut t = TagTok::new(t);
                // Only tags with the flag pay for its bookkeeping.
                let self_closing = t.self_closing;
                if self_closing {
                    self.unacknowledged = true;
                }
                if !self.in_body_html(|| t.is(CELL_START)) || (self.in_body_start(&mut t) == Again && !self.done) {
                    self.dispatch(Tok::Start(&mut t));
                }
                if self_closing && std::mem::take(&mut self.unacknowledged) {
                    self.unacknowledged_error(span);
                }
                self.recycle(t.attrs);
            }
            Token::EndTag(t) => {
                let mut t = TagTok::new(t);
                if !self.in_body_html(|| t.is(CELL_END)) || (self.in_body_end(&mut t) == Again && !self.done) {
                    self.dispatch(Tok::End(&mut t));
                }
                self.recycle(t.attrs);
            }
            Token::Comment(c) => self.dispatch(Tok::Comment(&c)),
            Token::ProcessingInstruction(p) => self.dispatch(Tok::Pi(&p.target, &p.data)),
            Token::Doctype(d) => self.dispatch(Tok::Doctype(&d)),
            Token::Eof => {
                self.dispatch(Tok::Eof);
                if !self.done {
                    self.stop_parsing();
                }
                // Errors inside a token arrive before the token's own: put them in input order.
                if let Some(v) = &mut self.errors {
                    v.sort_by_key(|e| e.position.offset);
                }
            }
        }
        match self.switch_to.take() {
            Some(s) => Control::SwitchTo(s),
            None => Control::Continue,
        }
    }

    /// A run straight from the tokenizer, as [`token`](Sink::token) would take it, without a
    /// `Token` built and matched. No state switch follows character tokens (only start tags
    /// set `switch_to`), so there is nothing to answer.
    #[inline]
    fn characters(&mut self, text: Cow<'i, str>, span: Span) {
        if self.done {
            return;
        }
        self.span = span;
        if self.sources {
            self.set_source(span);
        }
        let ignore_lf = std::mem::take(&mut self.ignore_lf);
        self.chars(&text, ignore_lf);
    }

    fn error(&mut self, error: Error) {
        if let Some(v) = &mut self.errors {
            v.push(error.into());
        }
    }

    fn wants_errors(&self) -> bool {
        self.errors.is_some()
    }

    fn spare_attributes(&mut self) -> Option<Vec<Attribute<'i>>> {
        (self.spare.capacity() != 0).then(|| std::mem::take(&mut self.spare))
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.adjusted_current().is_some_and(|r| r.ns != Ns::Html)
    }

    /// The tree builder answers every start tag with the switch it needs.
    fn switches_states(&self) -> bool {
        true
    }
}
