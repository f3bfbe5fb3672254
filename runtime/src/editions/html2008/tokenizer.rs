//! The 2008 draft's own code: the generated states (`crate::generated::html2008_tokenizer`) run
//! on the shared [driver](crate::driver); this file adds only what the draft owns: its sink
//! interface, its options (the content model flag to start in, the last start tag), its flags and
//! last start tag as the machine's data, "emit the current tag token" (end tags reset the
//! content model flag; the draft has no self-closing flag), the two guards that look ahead
//! (the last start tag's name in the close tag open state, the permitted slash), and U+0000 as a
//! preprocessing error. Its entity algorithm is in `entities.rs`.

use super::{Flags, Html2008, ParseError, State};
use crate::Span;
use crate::core::{InputProblem, Look, TagKind};
use crate::driver::Machine;
use crate::html::token::Token;
use crate::token::LastStartTag;

/// A parse error of the 2008 draft: one of statemark's codes for it, and where.
pub type Error = crate::driver::Error<ParseError>;

/// The 2008 draft tokenizer: the [driver](crate::driver::Tokenizer) running this edition's machine.
pub type Tokenizer<'i, S> = crate::driver::Tokenizer<'i, Html2008, S>;

/// The default sink: queues tokens (and errors, when asked) for the iterator.
pub type TokenQueue<'i> = crate::driver::TokenQueue<'i, Html2008>;

/// Tokenizer options: what a tree builder or a test sets.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The flags to start with ("Initially it must be in the PCDATA state"; html5lib-tests
    /// 2007's `contentModelFlags` set the content model flag).
    pub flags: Flags,
    /// "The tag name of the last start tag token emitted" (html5lib-tests' `lastStartTag`).
    pub last_start_tag: Option<String>,
    /// Collect parse errors (iterator API). Sinks say so through [`Sink::wants_errors`].
    pub errors: bool,
}

/// What the draft's own verbs and guards keep between steps.
#[derive(Debug, Default)]
pub struct Html2008Own<'i> {
    last_start_tag: LastStartTag<'i>,
    /// The content model flag and the escape flag, which the generated states read and set.
    pub(crate) flags: Flags,
}

/// Receives the 2008 draft tokenizer's tokens and errors as they are produced.
pub trait Sink<'i> {
    /// A token and its byte span.
    fn token(&mut self, token: Token<'i>, span: Span);

    /// Every run of character tokens comes here; the default hands it to
    /// [`token`](Sink::token) as [`Token::Characters`] (see [`crate::html::Sink::characters`]).
    #[inline(always)]
    fn characters(&mut self, text: std::borrow::Cow<'i, str>, span: Span) {
        self.token(Token::Characters(text), span);
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

impl Machine for Html2008 {
    type Token<'i> = Token<'i>;
    type Own<'i> = Html2008Own<'i>;
    type Options = Options;
    // The draft's tree construction stage changes the content model flag, not the state; this
    // edition has no tree builder, so its sinks answer nothing.
    type Feedback = ();
    // "All U+0000 NULL characters in the input must be replaced by U+FFFD REPLACEMENT
    // CHARACTERs. Any occurrences of such characters is a parse error." (input_problem_code)
    const REPLACE_NUL: bool = true;
    const DUPLICATE_ATTRIBUTE: ParseError = ParseError::DuplicateAttribute;
    // Never reported: the draft's preprocessing makes no error of controls or noncharacters
    // (`input_problem_code` below); the driver asks for a code all the same.
    const CONTROL_CHARACTER_IN_INPUT_STREAM: ParseError = ParseError::NullCharacterInInputStream;
    const NONCHARACTER_IN_INPUT_STREAM: ParseError = ParseError::NullCharacterInInputStream;

    fn input_problem_code(problem: InputProblem) -> Option<ParseError> {
        match problem {
            InputProblem::Null => Some(ParseError::NullCharacterInInputStream),
            InputProblem::ControlCharacter | InputProblem::Noncharacter => None,
        }
    }

    fn setup<'i>(options: Options) -> (Option<State>, Html2008Own<'i>) {
        let own = Html2008Own { last_start_tag: LastStartTag::new(options.last_start_tag), flags: options.flags };
        (None, own)
    }

    fn collects_errors(options: &Options) -> bool {
        options.errors
    }

    // Today's HTML tokens; the draft has no processing instructions.
    crate::driver::usual_token_constructors!(Token);
}

/// "A permitted slash is a U+002F SOLIDUS character that is immediately followed by a U+003E
/// GREATER-THAN SIGN, if, and only if, the current token being processed is a start tag token
/// whose tag name is one of the following" (the list ends at `input`: the draft's source has
/// "command, event-source" inside an HTML comment).
const PERMITTED_SLASH_TAGS: [&str; 11] =
    ["base", "link", "meta", "hr", "br", "img", "embed", "param", "area", "col", "input"];

/// What a sink declares at compile time (the generated `Drive::FACTS`): this machine's sink
/// declares nothing, so everything is decided at run time. (`S` unused: the generated code calls
/// every machine's `sink_facts` alike.)
#[allow(clippy::extra_unused_type_parameters)]
pub(crate) const fn sink_facts<'i, S: Sink<'i>>() -> crate::core::SinkFacts {
    crate::core::SinkFacts::RUN_TIME
}

impl<'i, S: Sink<'i>> Tokenizer<'i, S> {
    /// "Emit the current tag token": a start tag becomes the last start tag; "When an end tag
    /// token is emitted, the content model flag must be switched to the PCDATA state" (the
    /// manifest's `on_end_tag_emitted`), and "When an end tag token is emitted with attributes,
    /// that is a parse error."
    pub(crate) fn emit_tag(&mut self) {
        let (kind, tag, had_attributes) = self.take_tag();
        let token = match kind {
            TagKind::Start => {
                self.own.last_start_tag.set(&tag.name);
                Token::StartTag(tag)
            }
            TagKind::End => {
                if !tag.attributes.is_empty() {
                    self.error(ParseError::EndTagWithAttributes);
                }
                self.on_end_tag_emitted();
                Token::EndTag(tag)
            }
        };
        self.emit_tag_token(token, had_attributes);
    }

    /// Close tag open state: "the next few characters ... match the tag name of the last start
    /// tag token emitted (case insensitively)" and are "immediately followed by one of" `follow`
    /// (or EOF, when `eof`). Nothing is consumed. No match when no start tag was ever emitted
    /// ("fragment case"); `Suspend` when the input so far cannot decide.
    pub(crate) fn next_characters_are_last_start_tag_followed_by(&self, follow: &[u8], eof: bool) -> Look {
        let Some(name) = self.own.last_start_tag.name() else { return Look::NoMatch };
        let bytes = self.core.input_bytes();
        let at = self.core.pos;
        let avail = &bytes[at.min(bytes.len())..];
        let n = avail.len().min(name.len());
        if !avail[..n].eq_ignore_ascii_case(&name.as_bytes()[..n]) {
            return Look::NoMatch;
        }
        let is_final = self.core.input_is_final();
        match avail.get(name.len()) {
            _ if n < name.len() => {
                if is_final {
                    Look::NoMatch
                } else {
                    Look::Suspend
                }
            }
            None if !is_final => Look::Suspend,
            None => bool_look(eof),
            // CR is read as LF.
            Some(b'\r') => bool_look(follow.contains(&b'\n')),
            Some(b) => bool_look(follow.contains(b)),
        }
    }

    /// Whether the U+002F just consumed is "a permitted slash": the next input character (not
    /// consumed) is U+003E and the current tag is a start tag on the list.
    pub(crate) fn permitted_slash(&self) -> Look {
        let on_list = self.core.tag_kind == TagKind::Start && PERMITTED_SLASH_TAGS.contains(&self.core.tag_name());
        match self.core.input_bytes().get(self.core.pos) {
            None if !self.core.input_is_final() => Look::Suspend,
            Some(b'>') if on_list => Look::Match,
            _ => Look::NoMatch,
        }
    }
}

fn bool_look(b: bool) -> Look {
    if b { Look::Match } else { Look::NoMatch }
}

/// Tokenize a whole string with the 2008 draft (in the PCDATA content model): an iterator of
/// tokens, adjacent characters merged into runs.
pub fn tokenize(input: &str) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::new(input)
}

/// Tokenize a whole string with these options (the content model flag to start in, the last
/// start tag).
pub fn tokenize_with(input: &str, options: Options) -> Tokenizer<'_, TokenQueue<'_>> {
    Tokenizer::with_options(input, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editions::html2008::ContentModel;

    fn rcdata(title: &str) -> Options {
        let mut o = Options { last_start_tag: Some(title.into()), errors: true, ..Options::default() };
        o.flags.content_model = ContentModel::Rcdata;
        o
    }

    /// Tokens of `input` fed in chunks of `n` bytes.
    fn chunked(input: &str, n: usize, options: Options) -> Vec<Token<'static>> {
        let mut t: Tokenizer<'static, TokenQueue<'static>> = Tokenizer::for_chunks(options, TokenQueue::new(true));
        for c in input.as_bytes().chunks(n) {
            t.feed(std::str::from_utf8(c).expect("ASCII"));
        }
        t.finish();
        t.map(|t| t.into_owned()).collect()
    }

    #[test]
    fn the_escape_flag_reads_behind_across_chunks() {
        let input = "a<!--</title>-->b</title>c";
        let whole: Vec<Token> = tokenize_with(input, rcdata("title")).map(|t| t.into_owned()).collect();
        assert_eq!(whole[0], Token::Characters("a<!--</title>-->b".into()));
        for n in 1..input.len() {
            assert_eq!(chunked(input, n, rcdata("title")), whole, "chunks of {n}");
        }
    }

    #[test]
    fn permitted_slash_and_end_tags_reset_the_content_model() {
        let mut t = tokenize_with("<br/><p/>", Options { errors: true, ..Options::default() });
        let tokens: Vec<Token> = t.by_ref().collect();
        assert_eq!(tokens.len(), 3);
        // <br/> is permitted, <p/> is not.
        assert_eq!(t.errors().iter().map(|e| e.code).collect::<Vec<_>>(), [ParseError::UnexpectedSolidusInTag]);
        let tokens: Vec<Token> = tokenize_with("x</title><b>", rcdata("title")).collect();
        assert!(matches!(&tokens[2], Token::StartTag(t) if t.name == "b"));
    }

    /// Markup-heavy pseudo-random inputs in every content model flag: nothing panics, and the
    /// tokens and errors are the same whole and fed in chunks of 1 to 4 bytes (a deterministic
    /// generator, so a failure names its input).
    #[test]
    fn random_markup_never_panics_and_chunks_agree() {
        const ALPHABET: &[&str] =
            &["<", ">", "/", "!", "-", "&", "#", ";", "a", "T", "=", "'", "\"", " ", "\n", "\r", "\0", "x", "é", "?"];
        let mut seed: u64 = 0x2008_0118;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for round in 0..400 {
            let len = next() % 40;
            let input: String = (0..len).map(|_| ALPHABET[next() % ALPHABET.len()]).collect();
            for flag in [ContentModel::Pcdata, ContentModel::Rcdata, ContentModel::Cdata, ContentModel::Plaintext] {
                let options = || {
                    let mut o = Options { last_start_tag: Some("title".into()), errors: true, ..Options::default() };
                    o.flags.content_model = flag;
                    o
                };
                let mut whole = tokenize_with(&input, options());
                let tokens: Vec<Token> = whole.by_ref().map(|t| t.into_owned()).collect();
                let errors = whole.errors().to_vec();
                let n = 1 + round % 4;
                let mut t: Tokenizer<'static, TokenQueue<'static>> =
                    Tokenizer::for_chunks(options(), TokenQueue::new(true));
                let mut at = 0;
                while at < input.len() {
                    let mut end = (at + n).min(input.len());
                    while !input.is_char_boundary(end) {
                        end += 1;
                    }
                    t.feed(&input[at..end]);
                    at = end;
                }
                t.finish();
                let chunked: Vec<Token> = t.by_ref().map(|t| t.into_owned()).collect();
                assert_eq!(chunked, tokens, "{input:?} in {flag:?}, chunks of {n}");
                assert_eq!(t.errors(), &errors[..], "{input:?} in {flag:?}, chunks of {n}");
            }
        }
    }

    #[test]
    fn nul_is_replaced_and_reported() {
        let mut t = tokenize_with("a\0b", Options { errors: true, ..Options::default() });
        let tokens: Vec<Token> = t.by_ref().collect();
        assert_eq!(tokens[0], Token::Characters("a\u{FFFD}b".into()));
        assert_eq!(t.errors().iter().map(|e| e.code).collect::<Vec<_>>(), [ParseError::NullCharacterInInputStream]);
    }
}
