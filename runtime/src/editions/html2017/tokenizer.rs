//! The 12.2.4 edition's own code: the generated states (`crate::generated::html2017_tokenizer`)
//! run on the shared [driver](crate::driver); this file adds only what the edition owns: its
//! sink interface (its own [`State`] in [`Control`] and the trace), its options, the last start
//! tag and the guards that read it, the end tag errors of "emit the current tag token", the
//! additional allowed character, and its constructors. Its character reference algorithm is in
//! `char_ref.rs`.

use super::{Html2017, ParseError, State};
use crate::Span;
use crate::core::Src;
use crate::driver::Machine;
use crate::html::token::Token;
use crate::html::tokenizer::HtmlFamily;
use crate::token::LastStartTag;

/// A parse error of the 12.2.4 edition: one of statemark's codes for it, and where.
pub type Error = crate::driver::Error<ParseError>;

/// The 12.2.4 tokenizer: the [driver](crate::driver::Tokenizer) running this edition's machine.
pub type Tokenizer<'i, S> = crate::driver::Tokenizer<'i, Html2017, S>;

/// The default sink: queues tokens (and errors, when asked) for the iterator.
pub type TokenQueue<'i> = crate::driver::TokenQueue<'i, Html2017>;

/// Tokenizer options: what a tree builder or a test sets. As today's
/// [`html::Options`](crate::html::Options), the default switches states after start tags as
/// a document does.
#[derive(Clone, Debug)]
pub struct Options {
    /// The state to start in (html5lib-tests' `initialStates`); default: the data state.
    pub initial_state: Option<State>,
    /// "The tag name of the last start tag to have been emitted from this tokenizer"
    /// (html5lib-tests' `lastStartTag`).
    pub last_start_tag: Option<String>,
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
    /// Switch states after start tags as a tree builder would (`<script>` to script data,
    /// `<title>` to RCDATA, ...; today's [`StateTracker`](crate::html::StateTracker), whose
    /// switches are the same in 12.2.5's tree construction), and recognize CDATA sections in
    /// foreign content. On by default; a switch the sink asks for wins. Off
    /// ([`Options::without_switching`]): states as given (the edition's html5lib tests).
    pub switching: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { initial_state: None, last_start_tag: None, errors: false, switching: true }
    }
}

impl Options {
    /// No switching after start tags: the states change only by the tokenizer's own rules and
    /// the sink's [`Control`] answers.
    pub fn without_switching() -> Options {
        Options { switching: false, ..Options::default() }
    }
}

/// What the edition's own verbs keep between steps.
#[derive(Debug, Default)]
pub struct Html2017Own<'i> {
    last_start_tag: LastStartTag<'i>,
    /// With [`Options::switching`].
    tracker: Option<crate::html::switching::StateTracker>,
    /// The "additional allowed character" the attribute value states pass to the character
    /// reference algorithm (`"`, `'` or `>`); taken (left empty) each time the algorithm runs,
    /// so the data and RCDATA states' "with no additional allowed character" needs no verb.
    pub(crate) additional_allowed: Option<u8>,
}

/// What the sink tells the tokenizer after a token: a tree builder's "switch the tokenizer to
/// the RCDATA state" after `<title>`, and so on.
pub type Control = crate::driver::Control<State>;

/// Receives the 12.2.4 tokenizer's tokens and errors as they are produced.
pub trait Sink<'i> {
    /// A token and its byte span; the answer may switch the tokenizer's state before it reads
    /// on (what a tree builder does after `<title>`, `<script>`, ...).
    fn token(&mut self, token: Token<'i>, span: Span) -> Control;

    /// Every run of character tokens comes here; the default hands it to
    /// [`token`](Sink::token) as [`Token::Characters`] (see [`crate::html::Sink::characters`]).
    #[inline(always)]
    fn characters(&mut self, text: std::borrow::Cow<'i, str>, span: Span) {
        let _ = self.token(Token::Characters(text), span);
    }

    /// Called for every parse error when [`wants_errors`](Sink::wants_errors) is true.
    fn error(&mut self, error: Error) {
        let _ = error;
    }

    /// Whether to report parse errors; asked once, when the tokenizer is created.
    fn wants_errors(&self) -> bool {
        false
    }

    /// Give back an emptied attribute list for the next tag to reuse (see
    /// [`crate::html::Sink::spare_attributes`]).
    fn spare_attributes(&mut self) -> Option<Vec<crate::token::Attribute<'i>>> {
        None
    }

    /// "There is an adjusted current node and it is not an element in the HTML namespace"
    /// (12.2.4.45: only then is `<![CDATA[` a CDATA section).
    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }

    /// With the `trace` feature: the tokenizer took case `case` of `state` (0 for the
    /// hand-written algorithm). Compiled out otherwise.
    #[cfg(feature = "trace")]
    #[inline(always)]
    fn trace(&mut self, state: State, case: u16) {
        let _ = (state, case);
    }

    /// With the `trace` feature: [`trace`](Self::trace), with `at`, the byte offset just past
    /// what the tokenizer had consumed when it took the case (past the current input
    /// character; the end of a run a derived bulk scan took at once; the input's end for
    /// EOF). Offsets count as token spans do, so a consumer can tell which token a case
    /// belongs to (`statemark explain`). The default forgets `at` and calls `trace`.
    #[cfg(feature = "trace")]
    #[inline(always)]
    fn trace_at(&mut self, state: State, case: u16, at: usize) {
        let _ = at;
        self.trace(state, case);
    }
}

impl Machine for Html2017 {
    type Token<'i> = Token<'i>;
    type Own<'i> = Html2017Own<'i>;
    type Options = Options;
    type Feedback = Control;
    const DUPLICATE_ATTRIBUTE: ParseError = ParseError::DuplicateAttribute;
    const CONTROL_CHARACTER_IN_INPUT_STREAM: ParseError = ParseError::ControlCharacterInInputStream;
    const NONCHARACTER_IN_INPUT_STREAM: ParseError = ParseError::NoncharacterInInputStream;

    fn setup<'i>(options: Options) -> (Option<State>, Html2017Own<'i>) {
        let own = Html2017Own {
            last_start_tag: LastStartTag::new(options.last_start_tag),
            tracker: options.switching.then(|| crate::html::switching::StateTracker::new(true)),
            additional_allowed: None,
        };
        (options.initial_state, own)
    }

    fn collects_errors(options: &Options) -> bool {
        options.errors
    }

    // Today's HTML tokens; the 12.2.4 tables have no verb that makes a processing instruction.
    crate::driver::usual_token_constructors!(Token);
}

// "Emit the current tag token" and "appropriate end tag" are HTML's (12.2.4, introduction:
// "When an end tag token is emitted with attributes / with its self-closing flag set, that is a
// parse error"; "An appropriate end tag token is ...").
impl HtmlFamily for Html2017 {
    const END_TAG_WITH_ATTRIBUTES: ParseError = ParseError::EndTagWithAttributes;
    const END_TAG_WITH_TRAILING_SOLIDUS: ParseError = ParseError::EndTagWithTrailingSolidus;
    fn last_start_tag<'a, 'i>(own: &'a mut <Self as Machine>::Own<'i>) -> &'a mut LastStartTag<'i> {
        &mut own.last_start_tag
    }
    fn last_start_tag_ref<'a, 'i>(own: &'a <Self as Machine>::Own<'i>) -> &'a LastStartTag<'i> {
        &own.last_start_tag
    }
    /// Today's tracker, its states mapped to the edition's (the same four text states).
    fn track(own: &mut Html2017Own<'_>, tag: &crate::token::Tag<'_>, start: bool) -> Option<State> {
        use crate::generated::html_tokenizer::State as Today;
        let tracker = own.tracker.as_mut()?;
        if !start {
            tracker.end_tag(tag);
            return None;
        }
        match tracker.start_tag(tag) {
            crate::html::token::Control::SwitchTo(Today::RcdataState) => Some(State::RcdataState),
            crate::html::token::Control::SwitchTo(Today::RawtextState) => Some(State::RawtextState),
            crate::html::token::Control::SwitchTo(Today::ScriptDataState) => Some(State::ScriptDataState),
            crate::html::token::Control::SwitchTo(Today::PlaintextState) => Some(State::PlaintextState),
            _ => None,
        }
    }
}

// Its sink has no tag events: a tag that reaches it without attributes is a token like any other.
impl<'i, S: Sink<'i>> crate::html::tokenizer::TagEvents<'i, S> for Html2017 {}

/// What a sink declares at compile time (the generated `Drive::FACTS`): this machine's sink
/// declares nothing, so everything is decided at run time. (`S` unused: the generated code calls
/// every machine's `sink_facts` alike.)
#[allow(clippy::extra_unused_type_parameters)]
pub(crate) const fn sink_facts<'i, S: Sink<'i>>() -> crate::core::SinkFacts {
    crate::core::SinkFacts::RUN_TIME
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// 12.2.4.45: "if there is an adjusted current node and it is not an element in the HTML
    /// namespace" (the sink, a tree builder, knows).
    pub(crate) fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign() || self.own.tracker.as_ref().is_some_and(|t| t.in_foreign())
    }

    /// Whether the character reference is consumed as part of an attribute: the attribute value
    /// states set themselves as the return state ("switch back to the attribute value state
    /// that switched into this state", 12.2.4.41).
    #[inline]
    pub(crate) fn char_ref_in_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuotedState
                | State::AttributeValueSingleQuotedState
                | State::AttributeValueUnquotedState
        )
    }

    /// "... with the additional allowed character being U+0022 QUOTATION MARK (")" (12.2.4.38-40).
    pub(crate) fn set_additional_allowed_character(&mut self, src: Src) {
        self.own.additional_allowed = match src {
            Src::Str(s) => s.bytes().next(),
            Src::Current | Src::CurrentLowercase => self.core.input_bytes().get(self.core.cur).copied(),
            Src::Run(a, _) => self.core.input_bytes().get(a).copied(),
        };
    }
}

/// Tokenize a whole string with the 12.2.4 edition: an iterator of tokens, adjacent characters
/// merged into runs. States switch after start tags as in a document ([`Options::switching`]).
///
/// ```
/// use statemark::editions::html2017::{tokenize, Token};
///
/// let tokens: Vec<Token> = tokenize("<script>a<b</script>").collect();
/// assert_eq!(tokens[1], Token::Characters("a<b".into()));
/// ```
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink in foreign content (what a tree builder would answer inside `<svg>`).
    #[derive(Default)]
    struct Foreign(Vec<Token<'static>>);

    impl<'i> Sink<'i> for Foreign {
        fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
            self.0.push(token.into_owned());
            Control::Continue
        }
        fn adjusted_current_node_is_foreign(&self) -> bool {
            true
        }
    }

    #[test]
    fn cdata_only_in_foreign_content_and_nothing_consumed_otherwise() {
        // 12.2.4.45: the guard is part of the match. In foreign content "[CDATA[" is consumed
        // and the section's text is characters ...
        let mut t = Tokenizer::for_input("<![CDATA[a<b]]>c", Options::default(), Foreign::default());
        t.run();
        assert_eq!(t.into_sink().0, [Token::Characters("a<bc".into()), Token::Eof]);
        // ... elsewhere nothing was consumed: the bogus comment starts with "[CDATA[" itself.
        let tokens: Vec<Token> = tokenize("<![CDATA[a<b]]>c").collect();
        assert_eq!(tokens, [Token::Comment("[CDATA[a<b]]".into()), Token::Characters("c".into()), Token::Eof]);
    }

    #[test]
    fn a_sink_switches_state_after_a_start_tag() {
        // What a tree builder does after <title>: the rest is RCDATA until the appropriate end tag.
        #[derive(Default)]
        struct Title(Vec<Token<'static>>);
        impl<'i> Sink<'i> for Title {
            fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
                let switch = matches!(&token, Token::StartTag(t) if t.name == "title");
                self.0.push(token.into_owned());
                if switch { Control::SwitchTo(State::RcdataState) } else { Control::Continue }
            }
        }
        let mut t = Tokenizer::for_input("<title><b>&amp;</title>", Options::default(), Title::default());
        t.run();
        let tokens = t.into_sink().0;
        assert_eq!(tokens[1], Token::Characters("<b>&".into()));
        assert!(matches!(&tokens[2], Token::EndTag(t) if t.name == "title"));
    }
}
