//! The HTML machine's own code: the generated states (`crate::generated::html_tokenizer`) run
//! on the shared [driver](crate::driver); this file adds what is HTML's own: its options, the
//! last start tag and the guards that read it (appropriate end tag, character reference in an
//! attribute), the end tag errors of "emit the current tag token", the tree builder's feedback
//! ([`Control`]), and its constructors. The two algorithmic states are in `char_ref.rs`.

use super::token::{Control, Sink, Token};
use super::{Html, ParseError, State};
use crate::Position;
use crate::core::TagKind;
use crate::driver::Machine;
use crate::position::LineCounter;
use crate::token::{LastStartTag, Tag};

/// Tokenizer options: what a tree builder or a test sets.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The state to start in (html5lib-tests' `initialStates`); default: the data state.
    pub initial_state: Option<State>,
    /// "The tag name of the last start tag to have been emitted from this tokenizer"
    /// (html5lib-tests' `lastStartTag`).
    pub last_start_tag: Option<String>,
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
}

/// The HTML tokenizer: the [driver](crate::driver::Tokenizer) running the HTML machine.
/// Generic over where tokens go: the default sink queues them for the [`Iterator`]
/// implementation; any [`Sink`] receives them as they come.
pub type Tokenizer<'i, S> = crate::driver::Tokenizer<'i, Html, S>;

/// The default sink: queues tokens (and errors, when asked) for the iterator.
pub type TokenQueue<'i> = crate::driver::TokenQueue<'i, Html>;

/// What the HTML machine's own verbs keep: the last start tag's name.
pub struct HtmlOwn<'i> {
    last_start_tag: LastStartTag<'i>,
}

impl Machine for Html {
    type Token<'i> = Token<'i>;
    type Own<'i> = HtmlOwn<'i>;
    type Options = Options;
    type Feedback = Control;
    const DUPLICATE_ATTRIBUTE: ParseError = ParseError::DuplicateAttribute;
    const CONTROL_CHARACTER_IN_INPUT_STREAM: ParseError = ParseError::ControlCharacterInInputStream;
    const NONCHARACTER_IN_INPUT_STREAM: ParseError = ParseError::NoncharacterInInputStream;

    fn setup<'i>(options: Options) -> (Option<State>, HtmlOwn<'i>) {
        let own = HtmlOwn { last_start_tag: LastStartTag::new(options.last_start_tag) };
        (options.initial_state, own)
    }

    fn collects_errors(options: &Options) -> bool {
        options.errors
    }

    crate::driver::usual_token_constructors!(Token);
}


impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// Tokenize a whole string, sending tokens to `sink`. Call [`run`](Self::run) to drive it.
    pub fn with_sink(input: &'i str, options: Options, sink: S) -> Self {
        Self::for_input(input, options, sink)
    }

    /// "Emit the current tag token": a start tag becomes the last start tag; an end tag with
    /// attributes or a trailing solidus is a parse error.
    pub(crate) fn emit_tag(&mut self) {
        let (kind, tag, had_attributes) = self.take_tag();
        let (token, end_tag) = tag_token(kind, tag, &mut self.own.last_start_tag);
        // spec: #tokenization, "When an end tag token is emitted with attributes ..."
        if end_tag.with_attributes {
            self.error(ParseError::EndTagWithAttributes);
        }
        if end_tag.with_trailing_solidus {
            self.error(ParseError::EndTagWithTrailingSolidus);
        }
        self.emit_tag_token(token, had_attributes);
    }

    // ----- guards and character references -----

    /// "An appropriate end tag token is an end tag token whose tag name matches the tag name of
    /// the last start tag to have been emitted from this tokenizer, if any."
    #[inline]
    pub(crate) fn appropriate_end_tag(&self) -> bool {
        self.core.tag_kind == TagKind::End && self.own.last_start_tag.is(self.core.tag_name())
    }

    pub(crate) fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign()
    }

    /// "A character reference is said to be consumed as part of an attribute if the return
    /// state is either attribute value (double-quoted) state, attribute value (single-quoted)
    /// state, or attribute value (unquoted) state."
    #[inline]
    pub(crate) fn char_ref_in_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuotedState
                | State::AttributeValueSingleQuotedState
                | State::AttributeValueUnquotedState
        )
    }

    /// "Flush code points consumed as a character reference."
    pub(crate) fn flush_char_ref(&mut self) {
        let in_attr = self.char_ref_in_attribute();
        self.core.flush_temp(in_attr);
    }

    /// Ambiguous ampersand, ASCII alphanumeric: append to the attribute value or emit.
    pub(crate) fn append_or_emit_current_as_char_ref(&mut self) {
        use crate::core::Src;
        if self.char_ref_in_attribute() {
            self.core.append_to_attribute_value(Src::Current);
        } else {
            self.core.emit_chars(Src::Current);
        }
    }
}

impl<S: Sink<'static>> Tokenizer<'static, S> {
    /// A tokenizer for input that arrives in chunks: [`feed`](Self::feed) each chunk, then
    /// [`finish`](Self::finish). Tokens reach the sink as soon as they are complete; the
    /// result is the same whatever the split.
    pub fn streaming(options: Options, sink: S) -> Self {
        Self::for_chunks(options, sink)
    }
}

/// What "emit the current tag token" found wrong with an end tag (the codes are each machine's).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EndTagProblems {
    pub(crate) with_attributes: bool,
    pub(crate) with_trailing_solidus: bool,
}

/// The token for the current tag, for HTML and its editions: a start tag becomes the last start
/// tag; an end tag reports whether it has attributes or the self-closing flag ("When an end tag
/// token is emitted with attributes / with its self-closing flag set, that is a parse error").
#[inline]
pub(crate) fn tag_token<'i>(kind: TagKind, tag: Tag<'i>, last: &mut LastStartTag<'i>) -> (Token<'i>, EndTagProblems) {
    match kind {
        TagKind::Start => {
            last.set(&tag.name);
            (Token::StartTag(tag), EndTagProblems::default())
        }
        TagKind::End => {
            let problems =
                EndTagProblems { with_attributes: !tag.attributes.is_empty(), with_trailing_solidus: tag.self_closing };
            (Token::EndTag(tag), problems)
        }
    }
}

/// Tokenize a whole string: an iterator of tokens, adjacent characters merged into runs.
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(input)
}

/// Position of an offset, for users who kept spans and want lines and columns.
pub fn position_of(input: &str, offset: usize) -> Position {
    let mut c = LineCounter::default();
    c.advance(input.as_bytes(), 0, offset.min(input.len()));
    c.at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Span;
    use crate::token::Attribute;

    /// Keeps the emptied attribute list of each tag and hands it back when asked, recording
    /// where each tag's list lives.
    #[derive(Default)]
    struct Recycler<'i> {
        spare: Option<Vec<Attribute<'i>>>,
        lists: Vec<(*const Attribute<'i>, usize)>,
    }

    impl<'i> Sink<'i> for Recycler<'i> {
        fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
            if let Token::StartTag(tag) | Token::EndTag(tag) = token
                && !tag.attributes.is_empty()
            {
                self.lists.push((tag.attributes.as_ptr(), tag.attributes.len()));
                let mut list = tag.attributes;
                list.clear();
                self.spare = Some(list);
            }
            Control::Continue
        }
        fn spare_attributes(&mut self) -> Option<Vec<Attribute<'i>>> {
            self.spare.take()
        }
    }

    #[test]
    fn a_recycling_sink_gets_the_same_attribute_list_back() {
        let input = r#"<a href=x><b id=1 class=2></b><img src=y alt=z title=w><p x y>"#;
        let mut t = Tokenizer::with_sink(input, Options::default(), Recycler::default());
        t.run();
        let lists = t.into_sink().lists;
        assert_eq!(lists.iter().map(|l| l.1).collect::<Vec<_>>(), [1, 2, 3, 2]);
        // Every tag after the first reuses the first list's allocation (capacity 4 holds them all).
        assert!(lists.iter().all(|l| l.0 == lists[0].0), "{lists:?}");
    }

    #[test]
    fn without_recycling_each_list_is_new() {
        let tags: Vec<Token<'_>> = tokenize("<a href=x><b id=1>").collect();
        let lists: Vec<_> = tags
            .iter()
            .filter_map(|t| match t {
                Token::StartTag(tag) => Some(tag.attributes.as_ptr()),
                _ => None,
            })
            .collect();
        assert_eq!(lists.len(), 2);
        assert_ne!(lists[0], lists[1]);
    }
}
