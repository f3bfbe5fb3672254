//! The insertion modes (spec: #parsing-main-inhtml) and the rules for foreign content
//! (spec: #parsing-main-inforeign), one file per group of modes in the spec's order:
//! `before_body.rs` (initial to after head), `in_body.rs` (in body, text), `table.rs` (in
//! table to in cell), `template.rs` (in template), `after_body.rs` (after body and the frameset
//! modes), `foreign.rs` (foreign content). This file holds what the modes share: the opening
//! entries many modes repeat (whitespace, comment, processing instruction, DOCTYPE) as one
//! table row per mode ([`Opening`]) run by `opening`, and the token predicates.
//!
//! One method per mode; each returns whether the token is to be reprocessed. Every entry of a
//! mode's switch starts with `self.rule(..)`, naming the [`TreeRule`]
//! (`spec/html/tree_rules.ron`) it is; an entry that hands the token to another mode's rules
//! records both. Parse errors are reported through `err` (nothing happens unless errors were
//! asked for); the tree never depends on them.

use super::TreeRule::{self, *};
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
            Place::Root => (!self.stack.is_empty()).then(|| Target::Elem(self.stack.at(0))),
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
}

mod after_body;
mod before_body;
mod foreign;
mod in_body;
mod table;
pub(super) use table::{CELL_END, CELL_START};
mod template;
