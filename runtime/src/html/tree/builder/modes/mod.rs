//! The insertion modes (spec: #parsing-main-inhtml) and the rules for foreign content
//! (spec: #parsing-main-inforeign). One method per mode; each returns whether the token is to
//! be reprocessed. Every entry of a mode's switch starts with `self.rule(..)`, naming the
//! [`TreeRule`] (`spec/html/tree_rules.ron`) it is; an entry that hands the token to another
//! mode's rules records both. The opening entries many modes share (whitespace, comment,
//! processing instruction, DOCTYPE) are one table row per mode ([`Opening`]) run by
//! `opening`. Parse errors are reported through `err` (nothing happens unless errors were
//! asked for); the tree never depends on them.

use super::TreeRule::{self, *};
use super::quirks::doctype_mode;
use super::*;
use Tag::*;
use foreign::foreign_attrs;

impl<'a, 'i> Tok<'a, 'i> {
    /// For a character run: split off leading whitespace, leaving the rest as the token.
    fn take_ws(&mut self) -> std::option::Option<&'a str> {
        if let Tok::Chars(s) = self {
            let (ws, rest) = split_ws(s);
            *self = Tok::Chars(rest);
            Some(ws)
        } else {
            None
        }
    }

    fn is_empty_chars(&self) -> bool {
        matches!(self, Tok::Chars(s) if s.is_empty())
    }

    fn start(&self, tags: &[Tag]) -> bool {
        matches!(self, Tok::Start(t) if t.is(tags))
    }

    fn end(&self, tags: &[Tag]) -> bool {
        matches!(self, Tok::End(t) if t.is(tags))
    }
}

fn only_ws(s: &str) -> String {
    s.bytes().filter(|&b| is_ws(b)).map(char::from).collect()
}

const HEAD_TAGS: &[Tag] = &[Base, Basefont, Bgsound, Link, Meta, Noframes, Script, Style, Template, Title];

/// What a mode's whitespace entry does with "a character token that is one of U+0009, U+000A,
/// U+000C, U+000D or U+0020".
#[derive(Clone, Copy)]
enum Ws {
    /// "Ignore the token."
    Ignore,
    /// "Insert the character."
    Insert,
}

/// Where a mode's comment and processing instruction entries insert.
#[derive(Clone, Copy)]
enum Place {
    /// "as the last child of the Document object"
    Document,
    /// at the adjusted insertion location (the current node)
    Current,
    /// "as the last child of the first element in the stack of open elements (the html element)"
    Root,
}

/// The opening entries of a mode that the spec repeats from mode to mode, as one row: the
/// whitespace entry (if the mode has one of this shape), the comment and processing
/// instruction entries, and the DOCTYPE entry when it is "Parse error. Ignore the token."
/// Each names the mode's own rule.
struct Opening {
    ws: std::option::Option<(TreeRule, Ws)>,
    place: Place,
    comment: TreeRule,
    pi: TreeRule,
    doctype: std::option::Option<TreeRule>,
}

const INITIAL: Opening = Opening {
    ws: Some((InitialWhitespace, Ws::Ignore)),
    place: Place::Document,
    comment: InitialComment,
    pi: InitialPi,
    doctype: None,
};
const BEFORE_HTML: Opening = Opening {
    ws: Some((BeforeHtmlWhitespace, Ws::Ignore)),
    place: Place::Document,
    comment: BeforeHtmlComment,
    pi: BeforeHtmlPi,
    doctype: Some(BeforeHtmlDoctype),
};
const BEFORE_HEAD: Opening = Opening {
    ws: Some((BeforeHeadWhitespace, Ws::Ignore)),
    place: Place::Current,
    comment: BeforeHeadComment,
    pi: BeforeHeadPi,
    doctype: Some(BeforeHeadDoctype),
};
const IN_HEAD: Opening = Opening {
    ws: Some((InHeadWhitespace, Ws::Insert)),
    place: Place::Current,
    comment: InHeadComment,
    pi: InHeadPi,
    doctype: Some(InHeadDoctype),
};
const AFTER_HEAD: Opening = Opening {
    ws: Some((AfterHeadWhitespace, Ws::Insert)),
    place: Place::Current,
    comment: AfterHeadComment,
    pi: AfterHeadPi,
    doctype: Some(AfterHeadDoctype),
};
/// "In body" handles its own characters (NUL, whitespace and the rest in one pass).
const IN_BODY: Opening =
    Opening { ws: None, place: Place::Current, comment: InBodyComment, pi: InBodyPi, doctype: Some(InBodyDoctype) };
/// "In table" sends character tokens to "in table text" before any whitespace rule.
const IN_TABLE: Opening =
    Opening { ws: None, place: Place::Current, comment: InTableComment, pi: InTablePi, doctype: Some(InTableDoctype) };
const IN_COLUMN_GROUP: Opening = Opening {
    ws: Some((InColumnGroupWhitespace, Ws::Insert)),
    place: Place::Current,
    comment: InColumnGroupComment,
    pi: InColumnGroupPi,
    doctype: Some(InColumnGroupDoctype),
};
/// "After body" sends whitespace to "in body" (so a run is not split).
const AFTER_BODY: Opening = Opening {
    ws: None,
    place: Place::Root,
    comment: AfterBodyComment,
    pi: AfterBodyPi,
    doctype: Some(AfterBodyDoctype),
};
/// The frameset modes drop the non-whitespace characters of a run (`frameset_chars`).
const IN_FRAMESET: Opening = Opening {
    ws: None,
    place: Place::Current,
    comment: InFramesetComment,
    pi: InFramesetPi,
    doctype: Some(InFramesetDoctype),
};
const AFTER_FRAMESET: Opening = Opening {
    ws: None,
    place: Place::Current,
    comment: AfterFramesetComment,
    pi: AfterFramesetPi,
    doctype: Some(AfterFramesetDoctype),
};
/// The after-after modes send DOCTYPE and whitespace to "in body".
const AFTER_AFTER_BODY: Opening =
    Opening { ws: None, place: Place::Document, comment: AfterAfterBodyComment, pi: AfterAfterBodyPi, doctype: None };
const AFTER_AFTER_FRAMESET: Opening = Opening {
    ws: None,
    place: Place::Document,
    comment: AfterAfterFramesetComment,
    pi: AfterAfterFramesetPi,
    doctype: None,
};
const FOREIGN: Opening =
    Opening { ws: None, place: Place::Current, comment: ForeignComment, pi: ForeignPi, doctype: Some(ForeignDoctype) };

impl<S: TreeSink> TreeBuilder<S> {
    fn set_quirks(&mut self, mode: QuirksMode) {
        self.quirks = mode;
        self.sink.set_quirks_mode(mode);
    }

    /// The opening entries of a mode (its [`Opening`] row). `Some` when one of them handled
    /// the token; `None` leaves the token (a character run without its leading whitespace when
    /// the mode has a whitespace entry) to the mode's other entries. Inlined: with the row a
    /// constant, each mode keeps only the branches its row has.
    #[inline(always)]
    fn opening(&mut self, t: &mut Tok<'_, '_>, o: &Opening) -> std::option::Option<Flow> {
        match t {
            Tok::Chars(_) => {
                let (rule, ws) = o.ws?;
                let s = t.take_ws()?;
                if !s.is_empty() {
                    self.rule(rule);
                    if let Ws::Insert = ws {
                        self.insert_text(s);
                    }
                }
                t.is_empty_chars().then_some(Done)
            }
            Tok::Comment(c) => {
                self.rule(o.comment);
                if let Some(target) = self.place(o.place) {
                    self.insert_comment(c, target);
                }
                Some(Done)
            }
            Tok::Pi(a, b) => {
                self.rule(o.pi);
                if let Some(target) = self.place(o.place) {
                    self.insert_pi(a, b, target);
                }
                Some(Done)
            }
            Tok::Doctype(_) => {
                self.rule(o.doctype?);
                self.err(E::UnexpectedDoctype);
                Some(Done)
            }
            _ => None,
        }
    }

    /// The insertion target of a [`Place`]; `None` only for the root when the stack is empty
    /// (then the node is dropped: nothing can hold it).
    fn place(&self, place: Place) -> std::option::Option<Target> {
        match place {
            Place::Document => Some(Target::Document),
            Place::Current => Some(Target::Current),
            Place::Root => self.stack.ids.first().map(|&html| Target::Elem(html)),
        }
    }

    /// spec: #the-initial-insertion-mode
    pub(super) fn initial(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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
    pub(super) fn before_html(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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
    pub(super) fn before_head(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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
    pub(super) fn in_head(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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
    pub(super) fn in_head_noscript(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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
    pub(super) fn after_head(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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

    /// The character rules of "in body" for a run: NULs dropped (a parse error each), the rest
    /// inserted after reconstructing the active formatting elements; non-whitespace clears
    /// frameset-ok.
    pub(super) fn in_body_chars(&mut self, s: &str) {
        #[cfg(feature = "trace")]
        self.rule_chars(s, Some(InBodyNull), InBodyWhitespace, InBodyOtherCharacter);
        let owned;
        let s = if has_nul(s) {
            self.err_chars(E::NullCharacterInContent, s, |c| c == '\0');
            owned = s.replace('\0', "");
            owned.as_str()
        } else {
            s
        };
        if s.is_empty() {
            return;
        }
        self.reconstruct_formatting();
        self.insert_text(s);
        // Once cleared the flag stays cleared: only runs before that are scanned.
        if self.frameset_ok && s.bytes().any(|b| !is_ws(b)) {
            self.frameset_ok = false;
        }
    }

    /// With the `trace` feature: the character entries a run takes (one character token per
    /// character in the spec): NUL, whitespace, any other.
    #[cfg(feature = "trace")]
    fn rule_chars(&mut self, s: &str, null: std::option::Option<TreeRule>, ws: TreeRule, other: TreeRule) {
        if self.rule_trace.is_none() {
            return;
        }
        if let Some(null) = null.filter(|_| s.contains('\0')) {
            self.rule(null);
        }
        if s.bytes().any(is_ws) {
            self.rule(ws);
        }
        if s.bytes().any(|b| b != 0 && !is_ws(b)) {
            self.rule(other);
        }
    }

    /// spec: #parsing-main-inbody
    pub(super) fn in_body(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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

    pub(super) fn in_body_start(&mut self, s: &mut TagTok<'_>) -> Flow {
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
                self.insert_html(s);
            }
            H1 | H2 | H3 | H4 | H5 | H6 => {
                self.rule(InBodyStartH1);
                self.close_p_if_in_button_scope();
                if self.current_is_any(&[H1, H2, H3, H4, H5, H6]) {
                    self.err(E::NestedHeading);
                    self.pop();
                }
                self.insert_html(s);
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
                    self.generate_implied_end_tags(Some("li"));
                    if !self.current_is(Li) {
                        self.err(E::ImplicitlyClosedElements);
                    }
                    self.pop_until(Li);
                }
                self.close_p_if_in_button_scope();
                self.insert_html(s);
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
                    self.generate_implied_end_tags(Some(tag.name()));
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
                        self.any_other_end_tag(&s.name.clone());
                    }
                    if let Some(i) = self.afe.index_of(a) {
                        self.afe_remove_at(i);
                    }
                    self.stack.remove(a);
                }
                self.reconstruct_formatting();
                let id = self.insert_html(s);
                self.push_formatting(id, s);
            }
            B | Big | Code | Em | Font | I | S | Small | Strike | Strong | Tt | U => {
                self.rule(InBodyStartB);
                self.reconstruct_formatting();
                let id = self.insert_html(s);
                self.push_formatting(id, s);
            }
            Nobr => {
                self.rule(InBodyStartNobr);
                self.reconstruct_formatting();
                if self.stack.has_in_scope(Nobr, kind::SCOPE) {
                    self.err(E::NestedFormattingElement);
                    if !self.adoption_agency(s) {
                        self.any_other_end_tag(&s.name.clone());
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
                    self.generate_implied_end_tags(Some("optgroup"));
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
                    self.generate_implied_end_tags(Some("rtc"));
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
                let id = self.insert_html(s);
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

    pub(super) fn in_body_end(&mut self, e: &mut TagTok<'_>) -> Flow {
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
                    self.generate_implied_end_tags(Some("li"));
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
                    self.generate_implied_end_tags(Some(e.tag.name()));
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
                    self.any_other_end_tag(&e.name);
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
                self.any_other_end_tag(&e.name);
            }
        }
        Done
    }

    /// spec: #parsing-main-inbody, "Any other end tag". The loop ends at the topmost HTML
    /// element with the token's name, unless a special element sits above it.
    fn any_other_end_tag(&mut self, name: &str) {
        self.rule(InBodyOtherEnd);
        // Step 2.3: no such element, or a special element above it.
        let Some(p) = self.stack.last_named(name) else {
            self.err(E::EndTagWithoutOpenElement);
            return;
        };
        if self.stack.last_kind(kind::SPECIAL).is_some_and(|sp| sp > p) {
            self.err(E::EndTagWithoutOpenElement);
            return;
        }
        self.generate_implied_end_tags(Some(name));
        // Step 2.2.
        if self.stack.len() != p + 1 {
            self.err(E::ImplicitlyClosedElements);
        }
        self.pop_to_len(p);
    }

    /// "If the current node is not an HTML element with the same tag name as that of the
    /// token, then this is a parse error" (the end tag rules of "in body", "in cell").
    fn check_current(&mut self, tag: Tag) {
        if !self.current_is(tag) {
            self.err(E::ImplicitlyClosedElements);
        }
    }

    /// Insert a foreign element, reporting `xmlns` and `xmlns:xlink` attributes that do not
    /// match (spec: #create-an-element-for-the-token, step 13).
    fn insert_foreign_checked(&mut self, ns: Ns, t: &TagTok<'_>, attrs: &[Attr]) {
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
    pub(super) fn text(&mut self, t: &mut Tok<'_, '_>) -> Flow {
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

mod after_body;
mod foreign;
mod table;
mod template;
