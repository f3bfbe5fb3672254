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
}

mod after_body;
mod foreign;
mod in_body;
mod table;
mod template;
