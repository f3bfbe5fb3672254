//! The "in body" insertion mode (spec: #parsing-main-inbody), the rules most of a document is
//! parsed by, and the "text" insertion mode (spec: #parsing-main-incdata) that the raw text
//! and RCDATA elements "in body" (and "in head") open switch to until their end tag.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    /// The character rules of "in body" for a run: NULs dropped (a parse error each), the rest
    /// inserted after reconstructing the active formatting elements; non-whitespace clears
    /// frameset-ok.
    ///
    /// In line (in the tokenizer's `characters` call, where most runs come): a run without
    /// NULs takes its steps here, one after the other; a run with NULs goes out of line.
    #[inline(always)]
    pub(in super::super) fn in_body_chars(&mut self, s: &str) {
        #[cfg(feature = "trace")]
        self.rule_chars(s, Some(InBodyNull), InBodyWhitespace, InBodyOtherCharacter);
        if s.is_empty() {
            // A split run's empty part (the modes that take whitespace "in body").
        } else if has_nul(s) {
            self.in_body_chars_nul(s);
        } else {
            self.in_body_chars_steps(s);
        }
    }

    /// [`in_body_chars`](Self::in_body_chars) for a run holding NULs: each a parse error,
    /// dropped.
    #[cold]
    #[inline(never)]
    fn in_body_chars_nul(&mut self, s: &str) {
        self.err_chars(E::NullCharacterInContent, s, |c| c == '\0');
        let s = s.replace('\0', "");
        if !s.is_empty() {
            self.in_body_chars_steps(&s);
        }
    }

    /// Reconstruct the active formatting elements, insert the characters; non-whitespace
    /// clears frameset-ok. `s` is not empty and holds no NUL.
    #[inline(always)]
    fn in_body_chars_steps(&mut self, s: &str) {
        self.reconstruct_formatting();
        self.insert_text_nonempty(s);
        // Once cleared the flag stays cleared: only runs before that are scanned.
        if self.frameset_ok && s.bytes().any(|b| !is_ws(b)) {
            self.frameset_ok = false;
        }
    }

    /// spec: #parsing-main-inbody
    pub(in super::super) fn in_body(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &IN_BODY) {
            return flow;
        }
        match t {
            Tok::Chars(s) => self.in_body_chars(s),
            Tok::Start(s) => return self.in_body_start(s),
            Tok::End(e) => return self.in_body_end(e),
            Tok::Eof => {
                self.rule(InBodyEof);
                if !self.template_modes.is_empty() {
                    return self.in_template(t);
                }
                // Step 1.
                if self.errors_on() && self.has_unclosed_elements() {
                    self.err(E::EofWithOpenElements);
                }
                return self.stop_parsing();
            }
            Tok::Comment(_) | Tok::Pi(..) | Tok::Doctype(_) => {}
        }
        Done
    }

    pub(in super::super) fn in_body_start(&mut self, s: &mut TagTok<'_>) -> Flow {
        match s.tag {
            Html => {
                self.rule(InBodyStartHtml);
                self.err(E::UnexpectedStartTag);
                if !self.template_on_stack() && !self.stack.is_empty() {
                    let h = self.handle(self.stack.at(0));
                    self.sink.add_attributes_if_missing(&h, Attrs::token(&s.attrs));
                }
            }
            tag if HEAD_TAGS.contains(&tag) => {
                self.rule(InBodyStartBaseOrEndTemplate);
                return self.in_head(&mut Tok::Start(s));
            }
            Body => {
                self.rule(InBodyStartBody);
                self.err(E::UnexpectedStartTag);
                if self.stack.len() > 1 && self.stack.rec(self.stack.at(1)).is_html(Body) && !self.template_on_stack() {
                    self.frameset_ok = false;
                    let h = self.handle(self.stack.at(1));
                    self.sink.add_attributes_if_missing(&h, Attrs::token(&s.attrs));
                }
            }
            Frameset => {
                self.rule(InBodyStartFrameset);
                self.err(E::UnexpectedStartTag);
                if self.stack.len() > 1 && self.stack.rec(self.stack.at(1)).is_html(Body) && self.frameset_ok {
                    let body = self.handle(self.stack.at(1));
                    self.sink.remove(&body);
                    self.pop_to_len(1);
                    self.insert_html(s);
                    self.mode = Mode::InFrameset;
                }
            }
            Address | Article | Aside | Blockquote | Center | Details | Dialog | Dir | Div | Dl | Fieldset
            | Figcaption | Figure | Footer | Header | Hgroup | Main | Menu | Nav | Ol | P | Search | Section
            | Summary | Ul => {
                self.rule(InBodyStartAddress);
                self.close_p_if_in_button_scope();
                self.insert_html_in_line(s);
            }
            H1 | H2 | H3 | H4 | H5 | H6 => {
                self.rule(InBodyStartH1);
                self.close_p_if_in_button_scope();
                if self.current_is_any(&[H1, H2, H3, H4, H5, H6]) {
                    self.err(E::NestedHeading);
                    self.pop();
                }
                self.insert_html_in_line(s);
            }
            Pre | Listing => {
                self.rule(InBodyStartPre);
                self.close_p_if_in_button_scope();
                self.insert_html(s);
                self.ignore_lf = true;
                self.frameset_ok = false;
            }
            Form => {
                self.rule(InBodyStartForm);
                if self.form.is_some() && !self.template_on_stack() {
                    self.err(E::NestedForm);
                    return Done;
                }
                self.close_p_if_in_button_scope();
                let id = self.insert_html(s);
                if !self.template_on_stack() {
                    self.form = Some(id);
                }
            }
            Li => {
                self.rule(InBodyStartLi);
                self.frameset_ok = false;
                // Steps 2-5: the loop stops at the topmost li or special-but-not-address/div/p.
                let li = self.stack.last_tag(Li);
                let stop = self.stack.last_kind(kind::LI_STOP);
                if let Some(p) = li
                    && stop.is_none_or(|st| p >= st)
                {
                    self.generate_implied_end_tags(Some(Li));
                    if !self.current_is(Li) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                    self.pop_until(Li);
                }
                self.close_p_if_in_button_scope();
                self.insert_html_in_line(s);
            }
            Dd | Dt => {
                self.rule(InBodyStartDd);
                self.frameset_ok = false;
                let dd = self.stack.last_tag(Dd);
                let dt = self.stack.last_tag(Dt);
                let stop = self.stack.last_kind(kind::LI_STOP);
                let found = match (dd, dt) {
                    (Some(a), Some(b)) => Some(if a > b { (a, Dd) } else { (b, Dt) }),
                    (Some(a), None) => Some((a, Dd)),
                    (None, Some(b)) => Some((b, Dt)),
                    (None, None) => None,
                };
                if let Some((p, tag)) = found
                    && stop.is_none_or(|st| p >= st)
                {
                    self.generate_implied_end_tags(Some(tag));
                    if !self.current_is(tag) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                    self.pop_until(tag);
                }
                self.close_p_if_in_button_scope();
                self.insert_html(s);
            }
            Plaintext => {
                self.rule(InBodyStartPlaintext);
                self.close_p_if_in_button_scope();
                self.insert_html(s);
                self.switch_to = Some(State::PlaintextState);
            }
            Button => {
                self.rule(InBodyStartButton);
                if self.stack.has_in_scope(Button, kind::SCOPE) {
                    self.err(E::StartTagClosesElement);
                    self.generate_implied_end_tags(None);
                    self.pop_until(Button);
                }
                self.reconstruct_formatting();
                self.insert_html(s);
                self.frameset_ok = false;
            }
            A => {
                self.rule(InBodyStartA);
                if let Some((_, a)) = self.afe.last_with_tag(A) {
                    self.err(E::NestedFormattingElement);
                    if !self.adoption_agency(s) {
                        self.any_other_end_tag(s.tag, &s.name.clone());
                    }
                    if let Some(i) = self.afe.index_of(a) {
                        self.afe_remove_at(i);
                    }
                    self.stack.remove(a);
                }
                self.reconstruct_formatting();
                let id = self.insert_html_in_line(s);
                self.push_formatting(id, s);
            }
            B | Big | Code | Em | Font | I | S | Small | Strike | Strong | Tt | U => {
                self.rule(InBodyStartB);
                self.reconstruct_formatting();
                let id = self.insert_html_in_line(s);
                self.push_formatting(id, s);
            }
            Nobr => {
                self.rule(InBodyStartNobr);
                self.reconstruct_formatting();
                if self.stack.has_in_scope(Nobr, kind::SCOPE) {
                    self.err(E::NestedFormattingElement);
                    if !self.adoption_agency(s) {
                        self.any_other_end_tag(s.tag, &s.name.clone());
                    }
                    self.reconstruct_formatting();
                }
                let id = self.insert_html(s);
                self.push_formatting(id, s);
            }
            Applet | Marquee | Object => {
                self.rule(InBodyStartApplet);
                self.reconstruct_formatting();
                self.insert_html(s);
                self.afe.insert_marker();
                self.frameset_ok = false;
            }
            Table => {
                self.rule(InBodyStartTable);
                if self.quirks != QuirksMode::Quirks {
                    self.close_p_if_in_button_scope();
                }
                self.insert_html(s);
                self.frameset_ok = false;
                self.mode = Mode::InTable;
            }
            Area | Br | Embed | Img | Keygen | Wbr => {
                self.rule(InBodyStartArea);
                self.reconstruct_formatting();
                self.insert_html_void(s);
                self.frameset_ok = false;
            }
            Input => {
                self.rule(InBodyStartInput);
                if self.context_is(Select) {
                    self.err(E::StartTagClosesElement);
                    return Done;
                }
                if self.stack.has_in_scope(Select, kind::SCOPE) {
                    self.err(E::StartTagClosesElement);
                    self.pop_until(Select);
                }
                self.reconstruct_formatting();
                self.insert_html_void(s);
                if !s.attr("type").is_some_and(|v| v.eq_ignore_ascii_case("hidden")) {
                    self.frameset_ok = false;
                }
            }
            Param | Source | Track => {
                self.rule(InBodyStartParam);
                self.insert_html_void(s);
            }
            Hr => {
                self.rule(InBodyStartHr);
                self.close_p_if_in_button_scope();
                if self.stack.has_in_scope(Select, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                    if self.stack.has_in_scope(Option, kind::SCOPE) || self.stack.has_in_scope(Optgroup, kind::SCOPE) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                }
                self.insert_html_void(s);
                self.frameset_ok = false;
            }
            Image => {
                self.rule(InBodyStartImage);
                self.err(E::ImageStartTag);
                s.tag = Img;
                s.name = Cow::Borrowed("img");
                return Again;
            }
            Textarea => {
                self.rule(InBodyStartTextarea);
                self.insert_html(s);
                self.ignore_lf = true;
                self.switch_to = Some(State::RcdataState);
                self.original_mode = self.mode;
                self.frameset_ok = false;
                self.mode = Mode::Text;
            }
            Xmp => {
                self.rule(InBodyStartXmp);
                self.close_p_if_in_button_scope();
                self.reconstruct_formatting();
                self.frameset_ok = false;
                self.generic_text(s, State::RawtextState);
            }
            Iframe => {
                self.rule(InBodyStartIframe);
                self.frameset_ok = false;
                self.generic_text(s, State::RawtextState);
            }
            Noembed | Noscript if s.tag == Noembed || self.scripting.scripting_enabled() => {
                self.rule(InBodyStartNoembed);
                self.generic_text(s, State::RawtextState);
            }
            Select => {
                self.rule(InBodyStartSelect);
                if self.context_is(Select) {
                    self.err(E::StartTagClosesElement);
                } else if self.stack.has_in_scope(Select, kind::SCOPE) {
                    self.err(E::StartTagClosesElement);
                    self.pop_until(Select);
                } else {
                    self.reconstruct_formatting();
                    let id = self.insert_html(s);
                    self.frameset_ok = false;
                    self.select_opened(s, id);
                }
            }
            Option => {
                self.rule(InBodyStartOption);
                if self.stack.has_in_scope(Select, kind::SCOPE) {
                    self.generate_implied_end_tags(Some(Optgroup));
                    if self.stack.has_in_scope(Option, kind::SCOPE) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                } else if self.current_is(Option) {
                    self.pop();
                }
                self.reconstruct_formatting();
                let select = self.select_for_option();
                let id = self.insert_html(s);
                self.option_inserted(s, id, select);
            }
            Optgroup => {
                self.rule(InBodyStartOptgroup);
                if self.stack.has_in_scope(Select, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                    if self.stack.has_in_scope(Option, kind::SCOPE) || self.stack.has_in_scope(Optgroup, kind::SCOPE) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                } else if self.current_is(Option) {
                    self.pop();
                }
                self.reconstruct_formatting();
                let id = self.insert_html(s);
                self.optgroup_inserted(s, id);
            }
            Rb | Rtc => {
                self.rule(InBodyStartRb);
                if self.stack.has_in_scope(Ruby, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                }
                if !self.current_is(Ruby) {
                    self.err(E::ImplicitlyClosedElements);
                }
                self.insert_html(s);
            }
            Rp | Rt => {
                self.rule(InBodyStartRp);
                if self.stack.has_in_scope(Ruby, kind::SCOPE) {
                    self.generate_implied_end_tags(Some(Rtc));
                }
                if !self.current_is_any(&[Rtc, Ruby]) {
                    self.err(E::ImplicitlyClosedElements);
                }
                self.insert_html(s);
            }
            Math | Svg => {
                self.rule(if s.tag == Math { InBodyStartMath } else { InBodyStartSvg });
                self.reconstruct_formatting();
                let ns = if s.tag == Math { Ns::MathMl } else { Ns::Svg };
                let attrs = foreign_attrs(s, ns);
                self.insert_foreign_checked(ns, s, &attrs);
                if s.self_closing {
                    self.pop();
                    self.unacknowledged = false;
                }
            }
            Caption | Col | Colgroup | Frame | Head | Tbody | Td | Tfoot | Th | Thead | Tr => {
                self.rule(InBodyStartCaption);
                self.err(E::UnexpectedStartTag);
            }
            _ => {
                self.rule(InBodyOtherStart);
                self.reconstruct_formatting();
                let id = self.insert_html_in_line(s);
                if !self.selects.is_empty() && s.tag == Other && s.name == "selectedcontent" {
                    self.selectedcontent_inserted(id);
                }
            }
        }
        Done
    }

    fn context_is(&self, tag: Tag) -> bool {
        self.fragment.as_ref().is_some_and(|f| self.stack.rec(f.context).is_html(tag))
    }

    pub(in super::super) fn in_body_end(&mut self, e: &mut TagTok<'_>) -> Flow {
        match e.tag {
            Template => {
                self.rule(InBodyStartBaseOrEndTemplate);
                return self.in_head(&mut Tok::End(e));
            }
            Body | Html => {
                self.rule(if e.tag == Body { InBodyEndBody } else { InBodyEndHtml });
                if !self.stack.has_in_scope(Body, kind::SCOPE) {
                    self.err(E::EndTagWithoutOpenElement);
                    return Done;
                }
                if self.errors_on() && self.has_unclosed_elements() {
                    self.err(E::ImplicitlyClosedElements);
                }
                self.mode = Mode::AfterBody;
                if e.tag == Html {
                    return Again;
                }
            }
            Address | Article | Aside | Blockquote | Button | Center | Details | Dialog | Dir | Div | Dl | Fieldset
            | Figcaption | Figure | Footer | Header | Hgroup | Listing | Main | Menu | Nav | Ol | Pre | Search
            | Section | Select | Summary | Ul => {
                self.rule(InBodyEndAddress);
                if self.current_is(e.tag) {
                    // The element is the current node (`</div>` closing the last `<div>`): in
                    // scope, with no implied end tag above it and nothing to report.
                    self.pop();
                } else if self.stack.has_in_scope(e.tag, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                    self.check_current(e.tag);
                    self.pop_until(e.tag);
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
            }
            Form => {
                self.rule(InBodyEndForm);
                if !self.template_on_stack() {
                    let node = self.form.take();
                    let Some(node) = node else {
                        self.err(E::EndTagWithoutOpenElement);
                        return Done;
                    };
                    let pos = self.stack.rec(node).stack_pos;
                    if pos == NOT_ON_STACK || !self.stack.pos_in_scope(Some(pos as usize), kind::SCOPE) {
                        self.err(E::EndTagWithoutOpenElement);
                        return Done;
                    }
                    self.generate_implied_end_tags(None);
                    if self.stack.current() != Some(node) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                    self.stack.remove(node);
                } else if self.stack.has_in_scope(Form, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                    self.check_current(Form);
                    self.pop_until(Form);
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
            }
            P => {
                self.rule(InBodyEndP);
                if self.current_is(P) {
                    // "Close a p element" when it is the current node: steps 1-3 pop it alone.
                    self.pop();
                    return Done;
                }
                if !self.stack.has_in_scope(P, kind::BUTTON) {
                    self.err(E::EndTagWithoutOpenElement);
                    self.insert_html(&TagTok::synthetic(P));
                }
                self.close_p();
            }
            Li => {
                self.rule(InBodyEndLi);
                if self.current_is(Li) {
                    // In scope, implied end tags generated except for `li`: pop it alone.
                    self.pop();
                } else if self.stack.has_in_scope(Li, kind::LIST_ITEM) {
                    self.generate_implied_end_tags(Some(Li));
                    self.check_current(Li);
                    self.pop_until(Li);
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
            }
            Dd | Dt => {
                self.rule(InBodyEndDd);
                if self.current_is(e.tag) {
                    // As for `li`.
                    self.pop();
                } else if self.stack.has_in_scope(e.tag, kind::SCOPE) {
                    self.generate_implied_end_tags(Some(e.tag));
                    self.check_current(e.tag);
                    self.pop_until(e.tag);
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
            }
            H1 | H2 | H3 | H4 | H5 | H6 => {
                self.rule(InBodyEndH1);
                let top = [H1, H2, H3, H4, H5, H6].iter().filter_map(|&h| self.stack.last_tag(h)).max();
                if self.stack.pos_in_scope(top, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                    self.check_current(e.tag);
                    self.pop_until_any(&[H1, H2, H3, H4, H5, H6]);
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
            }
            A | B | Big | Code | Em | Font | I | Nobr | S | Small | Strike | Strong | Tt | U => {
                self.rule(InBodyEndA);
                if !self.adoption_agency(e) {
                    self.any_other_end_tag(e.tag, &e.name);
                }
            }
            Applet | Marquee | Object => {
                self.rule(InBodyEndApplet);
                if self.stack.has_in_scope(e.tag, kind::SCOPE) {
                    self.generate_implied_end_tags(None);
                    self.check_current(e.tag);
                    self.pop_until(e.tag);
                    self.clear_afe_to_marker();
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
            }
            Br => {
                self.rule(InBodyEndBr);
                self.err(E::UnexpectedEndTag);
                let mut br = TagTok::synthetic(Br);
                return self.in_body_start(&mut br);
            }
            _ => {
                // "Take a deep breath, then act as described in the 'any other end tag' entry":
                // the same steps, so only the trace tells the two apart.
                #[cfg(feature = "trace")]
                if e.name == "sarcasm" {
                    self.rule(InBodyEndSarcasm);
                }
                self.any_other_end_tag(e.tag, &e.name);
            }
        }
        Done
    }

    /// spec: #parsing-main-inbody, "Any other end tag". The loop ends at the topmost HTML
    /// element with the token's name, unless a special element sits above it.
    /// `tag` is the token's tag, `Tag::from_name(name)`, known already.
    fn any_other_end_tag(&mut self, tag: Tag, name: &str) {
        self.rule(InBodyOtherEnd);
        // Step 2.3: no such element, or a special element above it.
        let Some(p) = self.stack.last_html(tag, name) else {
            self.err(E::EndTagWithoutOpenElement);
            return;
        };
        if self.stack.last_kind(kind::SPECIAL).is_some_and(|sp| sp > p) {
            self.err(E::EndTagWithoutOpenElement);
            return;
        }
        self.generate_implied_end_tags(Some(tag));
        // Step 2.2.
        if self.stack.len() != p + 1 {
            self.err(E::ImplicitlyClosedElements);
        }
        self.pop_to_len(p);
    }

    /// "If the current node is not an HTML element with the same tag name as that of the
    /// token, then this is a parse error" (the end tag rules of "in body", "in cell").
    pub(super) fn check_current(&mut self, tag: Tag) {
        if !self.current_is(tag) {
            self.err(E::ImplicitlyClosedElements);
        }
    }

    /// Insert a foreign element, reporting `xmlns` and `xmlns:xlink` attributes that do not
    /// match (spec: #create-an-element-for-the-token, step 13).
    pub(super) fn insert_foreign_checked(&mut self, ns: Ns, t: &TagTok<'_>, attrs: &[Attr]) {
        if self.errors_on() {
            for a in attrs.iter().filter(|a| a.name.ns == Namespace::Xmlns) {
                let want = match &*a.name.local {
                    "xmlns" => ns_of(ns).url().to_owned(),
                    "xlink" => Namespace::XLink.url().to_owned(),
                    _ => continue,
                };
                if a.value != want {
                    self.err(E::XmlnsAttributeMismatch);
                }
            }
        }
        self.insert_foreign(ns, t, Attrs::owned(attrs));
    }
    /// spec: #parsing-main-incdata
    pub(in super::super) fn text(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        match t {
            Tok::Chars(s) => {
                self.rule(TextCharacter);
                self.insert_text(s);
            }
            Tok::Eof => {
                self.rule(TextEof);
                self.err(E::EofWithOpenElements);
                self.pop();
                self.mode = self.original_mode;
                return Again;
            }
            Tok::End(e) => {
                // The script end tag's steps past popping (preparing and running the script)
                // are a user agent's with a scripting engine; the tree is the same.
                self.rule(if e.tag == Script { TextEndScript } else { TextOtherEnd });
                self.pop();
                self.mode = self.original_mode;
            }
            // The tokenizer's RCDATA, RAWTEXT and script data states emit nothing else.
            _ => {}
        }
        Done
    }
}
