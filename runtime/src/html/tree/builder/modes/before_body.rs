//! The insertion modes before the body (spec: #the-initial-insertion-mode,
//! #the-before-html-insertion-mode, #the-before-head-insertion-mode, #parsing-main-inhead,
//! #parsing-main-inheadnoscript, #the-after-head-insertion-mode): the DOCTYPE and the
//! document's quirks mode, the `html` and `head` elements (made when the markup leaves them
//! out), the head's contents, `template` start and end tags, and the step into the body.

use super::super::quirks::doctype_mode;
use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    fn set_quirks(&mut self, mode: QuirksMode) {
        self.quirks = mode;
        self.sink.set_quirks_mode(mode);
    }

    /// spec: #the-initial-insertion-mode
    pub(in super::super) fn initial(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &INITIAL) {
            return flow;
        }
        if let Tok::Doctype(d) = t {
            self.rule(InitialDoctype);
            if d.name.as_deref() != Some("html")
                || d.public_id.is_some()
                || d.system_id.as_deref().is_some_and(|s| s != "about:legacy-compat")
            {
                self.err(E::NonConformingDoctype);
            }
            let h = self.sink.create_doctype(
                d.name.as_deref().unwrap_or(""),
                d.public_id.as_deref().unwrap_or(""),
                d.system_id.as_deref().unwrap_or(""),
            );
            self.sink.insert(&Location::Append(self.doc.clone()), h);
            self.set_quirks(doctype_mode(d));
            self.mode = Mode::BeforeHtml;
            return Done;
        }
        self.rule(InitialAnythingElse);
        // Not an iframe srcdoc document: this parser never parses one.
        self.err(E::MissingDoctype);
        self.set_quirks(QuirksMode::Quirks);
        self.mode = Mode::BeforeHtml;
        Again
    }

    /// spec: #the-before-html-insertion-mode
    pub(in super::super) fn before_html(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &BEFORE_HTML) {
            return flow;
        }
        match t {
            Tok::Start(s) if s.tag == Html => {
                self.rule(BeforeHtmlStartHtml);
                let id = self.create_elem(Ns::Html, Html, "html", Attrs::token(&s.attrs), false);
                let loc = self.adjusted_location(Target::Document);
                self.insert_element_at(&loc, id);
                self.stack.push(id);
                self.mode = Mode::BeforeHead;
                return Done;
            }
            // "Act as described in the 'anything else' entry below."
            Tok::End(e) if e.is(&[Head, Body, Html, Br]) => self.rule(BeforeHtmlEndHead),
            Tok::End(_) => {
                self.rule(BeforeHtmlOtherEnd);
                self.err(E::UnexpectedEndTag);
                return Done;
            }
            _ => {}
        }
        self.rule(BeforeHtmlAnythingElse);
        let id = self.without_markup(|b| b.create_elem(Ns::Html, Html, "html", Attrs::owned(&[]), false));
        let h = self.handle(id);
        self.sink.insert(&Location::Append(self.doc.clone()), h);
        self.stack.push(id);
        self.mode = Mode::BeforeHead;
        Again
    }

    /// spec: #the-before-head-insertion-mode
    pub(in super::super) fn before_head(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &BEFORE_HEAD) {
            return flow;
        }
        match t {
            Tok::Start(s) if s.tag == Html => {
                self.rule(BeforeHeadStartHtml);
                return self.in_body(t);
            }
            Tok::Start(s) if s.tag == Head => {
                self.rule(BeforeHeadStartHead);
                let id = self.insert_html(s);
                self.head = Some(id);
                self.mode = Mode::InHead;
                return Done;
            }
            Tok::End(e) if e.is(&[Head, Body, Html, Br]) => self.rule(BeforeHeadEndHead),
            Tok::End(_) => {
                self.rule(BeforeHeadOtherEnd);
                self.err(E::UnexpectedEndTag);
                return Done;
            }
            _ => {}
        }
        self.rule(BeforeHeadAnythingElse);
        let id = self.insert_html(&TagTok::synthetic(Head));
        self.head = Some(id);
        self.mode = Mode::InHead;
        Again
    }

    /// spec: #parsing-main-inhead
    pub(in super::super) fn in_head(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &IN_HEAD) {
            return flow;
        }
        match t {
            Tok::Start(s) => match s.tag {
                Html => {
                    self.rule(InHeadStartHtml);
                    return self.in_body(t);
                }
                Base | Basefont | Bgsound | Link => {
                    self.rule(InHeadStartBase);
                    self.insert_html_void(s);
                }
                Meta => {
                    // The encoding change this rule may ask for is the byte decoder's
                    // (crate::encoding, which watches the sink), not tree construction's.
                    self.rule(InHeadStartMeta);
                    self.insert_html_void(s);
                }
                Title => {
                    self.rule(InHeadStartTitle);
                    self.generic_text(s, State::RcdataState);
                }
                Noscript | Noframes | Style if s.tag != Noscript || self.scripting.scripting_enabled() => {
                    self.rule(InHeadStartRawText);
                    self.generic_text(s, State::RawtextState);
                }
                Noscript => {
                    self.rule(InHeadStartNoscriptNoScripting);
                    self.insert_html(s);
                    self.mode = Mode::InHeadNoscript;
                }
                Script => {
                    self.rule(InHeadStartScript);
                    let loc = self.adjusted_location(Target::Current);
                    let id = self.create_elem(Ns::Html, Script, "script", Attrs::token(&s.attrs), false);
                    // Steps 3 and 5: what the mode sets on the element, for a sink that keeps
                    // it ("force async" (step 4) is the element's own default, step 6 is
                    // document.write's).
                    let flags = ScriptFlags {
                        parser_inserted: self.scripting != ScriptingMode::Fragment,
                        already_started: self.scripting == ScriptingMode::Inert,
                    };
                    let h = self.handle(id);
                    self.sink.script_created(&h, flags);
                    self.insert_element_at(&loc, id);
                    self.stack.push(id);
                    self.switch_to = Some(State::ScriptDataState);
                    self.original_mode = self.mode;
                    self.mode = Mode::Text;
                }
                Template => {
                    self.rule(InHeadStartTemplate);
                    self.afe.insert_marker();
                    self.frameset_ok = false;
                    self.mode = Mode::InTemplate;
                    self.template_modes.push(Mode::InTemplate);
                    // Step 7: the parser does not allow declarative shadow roots.
                    if let Some(name) = s.attr("for") {
                        // Steps 6 and 8 (patching.rs).
                        let name = name.to_owned();
                        let loc = self.appropriate_place(Target::Current);
                        self.template_for(s, &loc, &name);
                    } else {
                        // Step 9.
                        self.insert_html(s);
                    }
                }
                Head => {
                    self.rule(InHeadStartHeadOrOtherEnd);
                    self.err(E::UnexpectedStartTag);
                }
                _ => return self.in_head_anything_else(),
            },
            Tok::End(e) => match e.tag {
                Head => {
                    self.rule(InHeadEndHead);
                    self.pop();
                    self.mode = Mode::AfterHead;
                }
                Body | Html | Br => {
                    self.rule(InHeadEndBody);
                    return self.in_head_anything_else();
                }
                Template => {
                    self.rule(InHeadEndTemplate);
                    self.end_template();
                }
                _ => {
                    self.rule(InHeadStartHeadOrOtherEnd);
                    self.err(E::UnexpectedEndTag);
                }
            },
            _ => return self.in_head_anything_else(),
        }
        Done
    }

    fn in_head_anything_else(&mut self) -> Flow {
        self.rule(InHeadAnythingElse);
        self.pop();
        self.mode = Mode::AfterHead;
        Again
    }

    /// spec: #parsing-main-inhead, "An end tag whose tag name is template".
    fn end_template(&mut self) {
        if !self.template_on_stack() {
            self.err(E::EndTagWithoutOpenElement);
            return;
        }
        self.generate_all_implied_end_tags_thoroughly();
        if !self.current_is(Template) {
            self.err(E::ImplicitlyClosedElements);
        }
        // Steps 3-4 (patching.rs).
        if !self.patches.is_empty() {
            self.end_patching();
        }
        self.pop_until(Template);
        self.clear_afe_to_marker();
        self.template_modes.pop();
        self.reset_insertion_mode();
    }

    /// spec: #parsing-main-inheadnoscript
    pub(in super::super) fn in_head_noscript(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        match t {
            Tok::Doctype(_) => {
                self.rule(InHeadNoscriptDoctype);
                self.err(E::UnexpectedDoctype);
                return Done;
            }
            Tok::Start(s) if s.tag == Html => {
                self.rule(InHeadNoscriptStartHtml);
                return self.in_body(t);
            }
            Tok::End(e) if e.tag == Noscript => {
                self.rule(InHeadNoscriptEndNoscript);
                self.pop();
                self.mode = Mode::InHead;
                return Done;
            }
            Tok::Comment(_) | Tok::Pi(..) => {
                self.rule(InHeadNoscriptInHeadRules);
                return self.in_head(t);
            }
            Tok::Chars(s) if s.starts_with(|c: char| c.is_ascii() && is_ws(c as u8)) => {
                // The leading whitespace goes by the "in head" rules; the rest is "anything else".
                self.rule(InHeadNoscriptInHeadRules);
                if let Some(flow) = self.opening(t, &IN_HEAD) {
                    return flow;
                }
            }
            Tok::Start(s) if s.is(&[Basefont, Bgsound, Link, Meta, Noframes, Style]) => {
                self.rule(InHeadNoscriptInHeadRules);
                return self.in_head(t);
            }
            Tok::End(e) if e.tag == Br => self.rule(InHeadNoscriptEndBr),
            Tok::Start(s) if s.is(&[Head, Noscript]) => {
                self.rule(InHeadNoscriptStartHeadOrOtherEnd);
                self.err(E::UnexpectedStartTag);
                return Done;
            }
            Tok::End(_) => {
                self.rule(InHeadNoscriptStartHeadOrOtherEnd);
                self.err(E::UnexpectedEndTag);
                return Done;
            }
            _ => {}
        }
        self.rule(InHeadNoscriptAnythingElse);
        self.unexpected(t);
        self.pop();
        self.mode = Mode::InHead;
        Again
    }

    /// spec: #the-after-head-insertion-mode
    pub(in super::super) fn after_head(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &AFTER_HEAD) {
            return flow;
        }
        match t {
            Tok::Start(s) => match s.tag {
                Html => {
                    self.rule(AfterHeadStartHtml);
                    return self.in_body(t);
                }
                Body => {
                    self.rule(AfterHeadStartBody);
                    self.insert_html(s);
                    self.frameset_ok = false;
                    self.mode = Mode::InBody;
                    return Done;
                }
                Frameset => {
                    self.rule(AfterHeadStartFrameset);
                    self.insert_html(s);
                    self.mode = Mode::InFrameset;
                    return Done;
                }
                tag if HEAD_TAGS.contains(&tag) => {
                    self.rule(AfterHeadStartBase);
                    self.err(E::HeadElementAfterHead);
                    let Some(head) = self.head else { return self.in_head(t) };
                    self.stack.push(head);
                    let flow = self.in_head(t);
                    self.stack.remove(head);
                    return flow;
                }
                Head => {
                    self.rule(AfterHeadStartHeadOrOtherEnd);
                    self.err(E::UnexpectedStartTag);
                    return Done;
                }
                _ => {}
            },
            Tok::End(e) => match e.tag {
                Template => {
                    self.rule(AfterHeadEndTemplate);
                    return self.in_head(t);
                }
                Body | Html | Br => self.rule(AfterHeadEndBody),
                _ => {
                    self.rule(AfterHeadStartHeadOrOtherEnd);
                    self.err(E::UnexpectedEndTag);
                    return Done;
                }
            },
            _ => {}
        }
        self.rule(AfterHeadAnythingElse);
        self.insert_html(&TagTok::synthetic(Body));
        self.mode = Mode::InBody;
        Again
    }
}
