//! The one driver every tokenizer machine runs on: the state loop, emission to the sink, error
//! codes and positions, the token queue behind the iterator API, and streaming input. A machine
//! (today's HTML, XML5, an older edition of the HTML tokenizer) is its generated tables plus only
//! the code that is truly its own; it plugs in through three traits:
//!
//! - [`Tables`] (generated): the machine's `State` and `ParseError` enums, its name, its
//!   initial state and the names of its states and codes;
//! - [`Drive`] (generated): running one step, and talking to the machine's own `Sink` trait
//!   (the generated file also implements that `Sink` for the machine's [`TokenQueue`]);
//! - [`Machine`] (hand-written, beside the machine's tokens): its token type, the data its own
//!   verbs and guards keep ([`Machine::Own`]), its options, what its sink answers
//!   ([`Machine::Feedback`]), and the few error codes the shared plumbing reports for it.
//!
//! The machine's own verbs and guards (emitting a tag, "appropriate end tag", ...) are inherent
//! methods on `Tokenizer<'i, ItsMarker, S>`, next to its hand-written states. Everything else
//! (`run`, `feed`, `finish`, `next_spanned`, the [`Iterator`], errors, comments, DOCTYPEs,
//! processing instructions, the end of file) is here, once.

pub use crate::core::InputProblem;
pub use crate::core::SinkFacts;
pub use crate::core::Step;
use crate::core::{Core, TagKind};
use crate::token::{Attribute, Doctype, ProcessingInstruction, Tag};
use crate::{Position, Span};
use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt;

/// What the generator knows about a machine: its states and error codes (generated enums).
pub trait Tables: Sized + 'static {
    /// The machine's tokenizer states, in spec order.
    type State: Copy + Eq + fmt::Debug + 'static;
    /// The machine's parse-error codes.
    type ParseError: Copy + Eq + fmt::Debug + 'static;
    /// The machine's name: its directory under `spec/`.
    const NAME: &'static str;
    /// The state the tokenizer starts in (the manifest's `initial_state`).
    const INITIAL: Self::State;
    /// Every state, in spec order.
    const STATES: &'static [Self::State];
    /// A state's name (its RON file, function and snapshot are called this).
    fn state_name(state: Self::State) -> &'static str;
    /// The state with this name (`data_state`) or heading (`Data state`).
    fn state_from_name(name: &str) -> Option<Self::State>;
    /// An error's code.
    fn error_code(error: Self::ParseError) -> &'static str;
}

/// What is a machine's own and not in its tables: the tokens it emits, what its own verbs keep
/// between steps, its options, and the codes the shared plumbing reports on its behalf.
pub trait Machine: Tables {
    /// The token type the machine emits.
    type Token<'i>;
    /// What the machine's own verbs and guards keep (the last start tag's name, the additional
    /// allowed character, flags), as a field of the [`Tokenizer`].
    type Own<'i>;
    /// The machine's tokenizer options (initial state, whether the iterator collects errors...).
    type Options: Default;
    /// What its `Sink::token` returns: [`Control`](crate::html::Control) where a tree builder
    /// may switch the tokenizer's state, `()` where nothing can.
    type Feedback: Feedback<Self::State> + Default;

    /// Whether input preprocessing turns U+0000 into U+FFFD (XML5's decision; HTML's states
    /// handle U+0000 themselves).
    const REPLACE_NUL: bool = false;
    /// A tag name the machine's tree builder knows, as its `'static` string: an owned name
    /// (lowercased from `DIV`) is then handed out without an allocation per tag. The driver
    /// sits below the tree-building interface that knows the names, so the machine says.
    const KNOWN_TAG_NAME: Option<fn(&str) -> Option<&'static str>> = None;
    /// The code for dropping a duplicate attribute (`check_duplicate_attribute`).
    const DUPLICATE_ATTRIBUTE: Self::ParseError;
    /// The code for a control character in the input stream (found by input preprocessing).
    const CONTROL_CHARACTER_IN_INPUT_STREAM: Self::ParseError;
    /// The code for a noncharacter in the input stream (found by input preprocessing).
    const NONCHARACTER_IN_INPUT_STREAM: Self::ParseError;
    /// The code for a problem input preprocessing found, or `None` where the machine's text
    /// makes no parse error of it: controls and noncharacters are today's (and the 12.2.4
    /// text's) errors, U+0000 only the 2008 draft's.
    fn input_problem_code(problem: InputProblem) -> Option<Self::ParseError> {
        match problem {
            InputProblem::ControlCharacter => Some(Self::CONTROL_CHARACTER_IN_INPUT_STREAM),
            InputProblem::Noncharacter => Some(Self::NONCHARACTER_IN_INPUT_STREAM),
            InputProblem::Null => None,
        }
    }
    /// The initial state the options ask for (None: [`Tables::INITIAL`]) and the machine's own
    /// data at the start.
    fn setup<'i>(options: Self::Options) -> (Option<Self::State>, Self::Own<'i>);
    /// Whether the iterator API collects parse errors with these options.
    fn collects_errors(options: &Self::Options) -> bool;
    /// Whether the whole-input iterator may queue tokens past a start tag before it is taken:
    /// only where no consumer switches the state after one ([`Tokenizer::set_state`]), because
    /// the machine makes those switches itself or its tree construction makes none. By default
    /// it stops after each start tag, so such a switch stays exact.
    fn reads_past_start_tags(own: &Self::Own<'_>) -> bool {
        let _ = own;
        false
    }

    /// A comment token.
    fn comment(data: Cow<'_, str>) -> Self::Token<'_>;
    /// A DOCTYPE token.
    fn doctype(doctype: Box<Doctype<'_>>) -> Self::Token<'_>;
    /// A processing instruction token.
    fn processing_instruction(pi: ProcessingInstruction<'_>) -> Self::Token<'_>;
    /// The end-of-file token.
    fn eof<'i>() -> Self::Token<'i>;

    /// Take back a token [`Tokenizer::next_ref`] lent, before it is dropped: a tag's attribute
    /// list, emptied, goes to `spare` for a later tag. Returns true when nothing is left in the
    /// token to drop (its strings borrow the input), so the slot is simply emptied. By default
    /// nothing is kept and the token is dropped.
    fn recycle<'i>(token: &mut Self::Token<'i>, spare: &mut Vec<Vec<Attribute<'i>>>) -> bool {
        let _ = (token, spare);
        false
    }
}

/// [`Machine`]'s token constructors for a machine whose token enum `$token` has the usual
/// variants (`Comment`, `Doctype`, `ProcessingInstruction`, `Eof`), so that every
/// such machine states them once, here. Used inside `impl Machine for ...`.
macro_rules! usual_token_constructors {
    ($token:ident) => {
        fn comment(data: std::borrow::Cow<'_, str>) -> $token<'_> {
            $token::Comment(data)
        }
        fn doctype(doctype: Box<crate::token::Doctype<'_>>) -> $token<'_> {
            $token::Doctype(doctype)
        }
        fn processing_instruction(pi: crate::token::ProcessingInstruction<'_>) -> $token<'_> {
            $token::ProcessingInstruction(pi)
        }
        fn eof<'i>() -> $token<'i> {
            $token::Eof
        }
    };
}
pub(crate) use usual_token_constructors;

/// Running a machine with a sink `S` of its own `Sink` trait (generated: a blanket impl over
/// the machine's `Sink`, and the dispatch to the generated state functions). Step and the sink
/// calls are trait functions so that the shared code above is compiled once per machine and
/// sink, with every call inlined: no dynamic dispatch on the hot path.
pub trait Drive<'i, S>: Machine {
    /// What the sink can read, known at compile time (its `Sink` consts, where the machine's
    /// sink declares them): the generated code and the core test these instead of run-time
    /// flags, so a sink that reads little compiles its work away. Default: decided at run time.
    const FACTS: SinkFacts = SinkFacts::RUN_TIME;
    /// Run the current state once.
    fn step(t: &mut Tokenizer<'i, Self, S>) -> Step;
    /// Hand a token to the sink; returns the state the sink asks to switch to, if any (the tree
    /// builder's feedback).
    fn token(sink: &mut S, token: Self::Token<'i>, span: Span) -> Option<Self::State>;
    /// Hand a run of characters to the sink (its `Sink::characters`, which by default makes the
    /// token and hands it to `token`). Nothing to answer: only start tags get feedback.
    fn character_run(sink: &mut S, text: Cow<'i, str>, span: Span);
    /// Hand a parse error to the sink.
    fn error(sink: &mut S, error: Error<Self::ParseError>);
    /// Whether the sink wants parse errors (asked once).
    fn wants_errors(sink: &S) -> bool;
    /// An emptied attribute list the sink gives back for reuse.
    fn spare_attributes(sink: &mut S) -> Option<Vec<Attribute<'i>>>;
    /// With the `trace` feature: the generated code took `case` of `state`, having consumed the
    /// input up to byte offset `at` (the machine's `Sink::trace_at`).
    #[cfg(feature = "trace")]
    fn trace(sink: &mut S, state: Self::State, case: u16, at: usize);
}

/// What a machine's `Sink::token` returns, read as a request to switch state (HTML's
/// [`Control`]); `()` for sinks that never ask.
pub trait Feedback<St> {
    /// The state to switch to, if any.
    fn switch_to(self) -> Option<St>;
}

/// What a sink tells the tokenizer after a token: the tree builder's side of the narrow
/// interface ("switch the tokenizer to the RCDATA state" after `<title>`, and so on). HTML and
/// its editions use it with their own `State` (`statemark::html::Control`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Control<St> {
    /// Go on in the state the tables chose.
    #[default]
    Continue,
    /// Switch to this state before the next character is consumed.
    SwitchTo(St),
}

impl<St> Feedback<St> for Control<St> {
    #[inline(always)]
    fn switch_to(self) -> Option<St> {
        match self {
            Control::Continue => None,
            Control::SwitchTo(s) => Some(s),
        }
    }
}

impl<St> Feedback<St> for () {
    #[inline(always)]
    fn switch_to(self) -> Option<St> {
        None
    }
}

/// A parse error: the machine's code and where it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Error<E> {
    /// The machine's code (its `ParseError`).
    pub code: E,
    /// Where: byte offset, line and column of the character the error is reported at.
    pub position: Position,
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.position.line, self.position.column, self.code)
    }
}

/// A tokenizer: machine `M`'s generated states run on the shared input and token buffers,
/// sending tokens to `S`. `statemark::html::Tokenizer<'i, S>` is `Tokenizer<'i, Html, S>`, and
/// so on for each machine.
pub struct Tokenizer<'i, M: Machine, S> {
    /// Input and the token under construction; the generated states call its verbs.
    pub(crate) core: Core<'i>,
    pub(crate) state: M::State,
    pub(crate) return_state: M::State,
    /// What the machine's own verbs keep.
    pub(crate) own: M::Own<'i>,
    done: bool,
    /// Whether the driver's `run` loop is stepping (it does nothing between steps, so the fused
    /// path may go on after a token); false for the iterator, whose fused path goes on only
    /// while `room` lasts and never past a start tag ([`Tokenizer::run_on_after_tag`]).
    pub(crate) run_on: bool,
    /// The iterator's budget: how many more tokens the fused path may emit (into the queue)
    /// before it returns, so the queue it fills ahead stays bounded.
    room: u32,
    /// [`Machine::reads_past_start_tags`], asked once.
    past_start_tags: bool,
    pub(crate) sink: S,
}

impl<'i, M: Drive<'i, S>, S> Tokenizer<'i, M, S> {
    /// [`Drive::FACTS`], for the generated code (`Self::FACTS.text`).
    pub(crate) const FACTS: SinkFacts = M::FACTS;

    fn build(input: Cow<'i, str>, is_final: bool, options: M::Options, sink: S) -> Self {
        let (initial, own) = M::setup(options);
        let state = initial.unwrap_or(M::INITIAL);
        let mut core = Core::new(input, is_final, M::FACTS.errors && M::wants_errors(&sink));
        core.replace_nul = M::REPLACE_NUL;
        core.known_tag_name = M::KNOWN_TAG_NAME;
        let past_start_tags = M::reads_past_start_tags(&own);
        Tokenizer { core, state, return_state: state, own, done: false, run_on: false, room: 0, past_start_tags, sink }
    }

    /// Tokenize a whole string with these options, sending tokens to `sink`; call
    /// [`run`](Self::run) to drive it.
    pub fn for_input(input: &'i str, options: M::Options, sink: S) -> Self {
        Self::build(Cow::Borrowed(input), true, options, sink)
    }

    /// Skip a leading byte order mark (U+FEFF) of a whole-string input, as decoding bytes
    /// would have, keeping offsets into the string as passed: spans, error positions and source
    /// spans count the BOM's three bytes (one coordinate system whatever the entry point, issue
    /// 22). Called by the `&str` entry points for documents.
    pub(crate) fn after_bom(mut self) -> Self {
        self.core.skip_bom();
        self
    }

    /// For chunked input decoded from bytes that began with a UTF-8 byte order mark (which
    /// decoding removed): offsets count its three bytes, as [`after_bom`](Self::after_bom)'s do.
    pub(crate) fn after_utf8_bom(mut self, had_bom: bool) -> Self {
        if had_bom {
            self.core.after_utf8_bom();
        }
        self
    }

    /// [`after_utf8_bom`](Self::after_utf8_bom) on a chunked tokenizer not fed yet.
    pub(crate) fn count_utf8_bom(&mut self) {
        self.core.after_utf8_bom();
    }

    /// Run to the end of the input (or, for chunked input, until more input is needed).
    pub fn run(&mut self) {
        self.run_on = true;
        while !self.done {
            match M::step(self) {
                Step::Continue => {}
                Step::Suspend => {
                    self.report_pending();
                    self.core.compact();
                    return;
                }
                Step::Done => self.done = true,
            }
        }
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, to change it between tokens.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink, once tokenizing is over.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// The state the tokenizer is in.
    pub fn state(&self) -> M::State {
        self.state
    }

    /// Switch state from outside (what a tree builder does between tokens).
    ///
    /// With the iterator over whole input, the switch applies right after the last token
    /// taken when that token is a start tag (where a tree builder switches: the rules for
    /// `title`, `textarea`, `style`, `script`, `plaintext`, ... in spec: #tree-construction)
    /// or before the first token: the iterator does not read past a start tag before it is
    /// taken. After other tokens it may have queued the next few already (a tag and the text
    /// before it), which the switch does not change; so may it past start tags where the
    /// machine makes those switches itself (HTML with `Options::switching`, as `tokenize()`)
    /// or its tree construction makes none (XML5). Chunked input (`feed`) is read to the end
    /// of each chunk.
    pub fn set_state(&mut self, state: M::State) {
        self.state = state;
    }

    /// Start in `state` instead of the options' initial state (html5lib-tests'
    /// `initialStates`, for a machine whose options have none): before the first step, the
    /// state and the return state, as an initial state in the options sets them.
    pub fn set_initial_state(&mut self, state: M::State) {
        self.state = state;
        self.return_state = state;
    }

    /// True once the end-of-file token has been emitted.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// With the `trace` feature: report a case to the sink. Always inlined, as everything on
    /// the way to a sink that does not listen, so that such a sink costs nothing.
    #[cfg(feature = "trace")]
    #[inline(always)]
    pub(crate) fn trace(&mut self, state: M::State, case: u16) {
        let at = self.core.consumed_upto();
        M::trace(&mut self.sink, state, case, at);
    }

    // ----- errors -----

    #[cold]
    fn report_input_problems(&mut self) {
        let pending = std::mem::take(&mut self.core.pending);
        for &(problem, at) in &pending {
            if let Some(code) = M::input_problem_code(problem) {
                self.report(code, at);
            }
        }
        self.core.pending = pending;
        self.core.pending.clear();
    }

    /// "This is a `code` parse error", at the current input character.
    #[inline(always)]
    pub(crate) fn error(&mut self, code: M::ParseError) {
        if M::FACTS.errors && self.core.errors_on {
            let at = self.core.cur;
            self.error_at(code, at);
        }
    }

    /// Report `code` at relative offset `at` (after any input problem found before it).
    #[cold]
    pub(crate) fn error_at(&mut self, code: M::ParseError, at: usize) {
        if !self.core.errors_on {
            return;
        }
        if !self.core.pending.is_empty() {
            self.report_input_problems();
        }
        self.report(code, at);
    }

    fn report(&mut self, code: M::ParseError, at: usize) {
        let position = self.core.position(at);
        M::error(&mut self.sink, Error { code, position });
    }

    // ----- emission -----

    /// Input problems are reported before any later error and before the next token, so the
    /// sink sees errors in input order without a check on every step.
    #[inline]
    fn report_pending(&mut self) {
        // Input problems are only noted while errors are on.
        if M::FACTS.errors && !self.core.pending.is_empty() {
            self.report_input_problems();
        }
    }

    #[inline(always)]
    pub(crate) fn flush_chars(&mut self) {
        self.report_pending();
        if self.core.has_chars() {
            self.flush_chars_now();
        }
    }

    #[inline]
    fn flush_chars_now(&mut self) {
        let (text, span) = self.core.take_pending_chars();
        M::character_run(&mut self.sink, text, span);
    }

    /// Emit a token: pending characters first; a state switch the sink asks for wins over the
    /// table's, since generated cases switch state before they emit.
    #[inline(always)]
    pub(crate) fn emit_token(&mut self, token: M::Token<'i>) {
        self.emit_with(|sink, span| M::token(sink, token, span));
    }

    /// Emit through `hand`, which gives the sink the token ending at the current position (a
    /// token, or a machine's own event such as HTML's `Sink::start_tag`) and returns the state
    /// it asks for: pending characters first, then the token's span, then the sink's switch.
    #[inline(always)]
    pub(crate) fn emit_with(&mut self, hand: impl FnOnce(&mut S, Span) -> Option<M::State>) {
        self.flush_chars();
        let span = self.core.token_span();
        if let Some(s) = hand(&mut self.sink, span) {
            self.state = s;
        }
    }

    /// Emit a tag token the machine made from the current tag, then take back the sink's spare
    /// attribute list (a tag that had none allocated nothing to recycle).
    #[inline]
    pub(crate) fn emit_tag_token(&mut self, token: M::Token<'i>, had_attributes: bool) {
        self.emit_token(token);
        if had_attributes && let Some(spare) = M::spare_attributes(&mut self.sink) {
            self.core.reuse_attributes(spare);
        }
    }

    /// The current tag, its kind, and whether it allocated an attribute list.
    #[inline]
    pub(crate) fn take_tag(&mut self) -> (TagKind, Tag<'i>, bool) {
        let kind = self.core.tag_kind;
        let tag = self.core.take_tag();
        let had_attributes = tag.attributes.capacity() != 0;
        (kind, tag, had_attributes)
    }

    /// "Emit an end-of-file token."
    pub(crate) fn emit_eof(&mut self) -> Step {
        self.flush_chars();
        let span = self.core.eof_span();
        let _ = M::token(&mut self.sink, M::eof(), span);
        Step::Done
    }

    /// "Emit the current comment token."
    pub(crate) fn emit_comment(&mut self) {
        let data = self.core.take_comment();
        self.emit_token(M::comment(data));
    }

    /// "Emit the current DOCTYPE token."
    pub(crate) fn emit_doctype(&mut self) {
        let d = self.core.take_doctype();
        self.emit_token(M::doctype(Box::new(d)));
    }

    /// "Emit the current processing instruction token."
    pub(crate) fn emit_pi(&mut self) {
        let pi = self.core.take_pi();
        self.emit_token(M::processing_instruction(pi));
    }

    /// On leaving the attribute name state: "if there is already an attribute on the token with
    /// the exact same name, then this is a parse error and the new attribute must be removed".
    #[inline]
    pub(crate) fn check_duplicate_attribute(&mut self) {
        if self.core.drop_duplicate_attribute() {
            self.error(M::DUPLICATE_ATTRIBUTE);
        }
    }

    /// "Set the return state to ..."
    #[inline]
    pub(crate) fn set_return_state(&mut self, state: M::State) {
        self.return_state = state;
    }

    /// After the fused path emitted a token other than a tag (generated code): whether it may
    /// go on in the state the case switched to. Under `run` it always may (nothing happens
    /// between steps); the iterator's may while its budget lasts, queueing ahead.
    #[inline(always)]
    pub(crate) fn run_on_after_token(&mut self) -> bool {
        self.run_on || self.take_room()
    }

    /// [`run_on_after_token`](Self::run_on_after_token) after "emit the current tag token":
    /// the iterator stops after a start tag, the one place a consumer switches state between
    /// tokens ([`set_state`](Self::set_state)), so a switch made there stays exact; unless no
    /// consumer does ([`Machine::reads_past_start_tags`]).
    #[inline(always)]
    pub(crate) fn run_on_after_tag(&mut self) -> bool {
        self.run_on || ((self.past_start_tags || self.core.tag_kind != TagKind::Start) && self.take_room())
    }

    #[inline(always)]
    fn take_room(&mut self) -> bool {
        if self.room == 0 {
            return false;
        }
        self.room -= 1;
        true
    }
}

impl<M: Drive<'static, S>, S> Tokenizer<'static, M, S> {
    /// A tokenizer for input that arrives in chunks: [`feed`](Self::feed) each chunk, then
    /// [`finish`](Self::finish). Tokens reach the sink as soon as they are complete; the
    /// result is the same whatever the split.
    pub fn for_chunks(options: M::Options, sink: S) -> Self {
        Self::build(Cow::Owned(String::new()), false, options, sink)
    }

    /// Add a chunk and tokenize as far as it allows.
    pub fn feed(&mut self, chunk: &str) {
        self.core.push_chunk(chunk);
        self.run();
    }

    /// Mark the end of the input and tokenize the rest (emitting the end-of-file token).
    pub fn finish(&mut self) {
        self.core.set_final();
        self.run();
    }
}

/// [`Machine::recycle`] for a tag's attribute list: emptied, it goes to `spare` (if it ever
/// allocated). Every machine's tags hold their attributes this way.
#[inline(always)]
pub(crate) fn recycle_attributes<'i>(attributes: &mut Vec<Attribute<'i>>, spare: &mut Vec<Vec<Attribute<'i>>>) {
    if attributes.capacity() != 0 {
        attributes.clear();
        spare.push(std::mem::take(attributes));
    }
}

/// The default sink: queues tokens (and errors, when asked) for the iterator, first in, first
/// out.
///
/// The whole-input iterator steps only when the queue is empty, and its fused path queues a
/// few tokens past the first (fifteen, each with the characters before it; none past a start
/// tag), so one step's tokens fit in a row of slots filled from the first and taken in order,
/// with no wrapping ring arithmetic. Only more (a `run` of chunked input queues a whole chunk's
/// tokens) go on to the `VecDeque`, and only when every slot is used; the slots start over
/// from the first once everything queued has been taken.
pub struct TokenQueue<'i, M: Machine> {
    /// `slots[taken..filled]` hold tokens, the rest are empty.
    slots: [Option<(M::Token<'i>, Span)>; SLOTS],
    filled: usize,
    taken: usize,
    /// Tokens after those in the slots (non-empty only while every slot is filled).
    rest: VecDeque<(M::Token<'i>, Span)>,
    /// Which slots may still hold tokens [`Tokenizer::next_ref`] lent out (they stay in their
    /// slots until the slots start over, and are taken back all at once then).
    lent: Lent,
    errors: Vec<Error<M::ParseError>>,
    want_errors: bool,
    /// With the `trace` feature: the (state, case) path, for tests that read it through the
    /// iterator API.
    #[cfg(feature = "trace")]
    trace: Vec<(M::State, u16)>,
}

/// Which slots may still hold tokens [`Tokenizer::next_ref`] lent: they stay in place after
/// the call that lent them and are taken back together when the slots start over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lent {
    /// None.
    None,
    /// Any of the slots before `taken` (or, once `pop_rest` started them over, before the
    /// `taken` they had).
    Taken,
    /// The first slot only (a token of `rest` lent from there).
    First,
}

/// The queue's slots: room for what the whole-input iterator's step queues (a token and the
/// characters before it, then [`AHEAD`] more such pairs). A power of two, so that a slot's
/// index is masked rather than bounds-checked (`taken < filled <= SLOTS` makes the mask a no-op).
const SLOTS: usize = 2 * (AHEAD as usize + 1);
const _: () = assert!(SLOTS.is_power_of_two());

/// How many tokens the whole-input iterator's fused path may emit after the first before it
/// returns (each may bring the characters before it). Fifteen rather than eight: half the
/// steps into and out of the fused path (8 -> 16 saved 0.8% over `html-big`), for 32 slots of
/// 80 bytes. Not more: 31 (64 slots) saved 1% over `html-big` but cost 2-3% on the other
/// inputs, since more tokens alive at once take malloc off its fast path and a bigger queue
/// costs every small document its setup.
const AHEAD: u32 = 15;

impl<'i, M: Machine> TokenQueue<'i, M> {
    /// An empty queue; `errors`: collect parse errors.
    pub fn new(errors: bool) -> Self {
        TokenQueue {
            slots: std::array::from_fn(|_| None),
            filled: 0,
            taken: 0,
            rest: VecDeque::new(),
            lent: Lent::None,
            errors: Vec::new(),
            want_errors: errors,
            #[cfg(feature = "trace")]
            trace: Vec::new(),
        }
    }

    /// Queue a token (what the machine's `Sink::token` does for the queue).
    #[inline]
    pub fn push(&mut self, token: M::Token<'i>, span: Span) {
        if self.filled < SLOTS {
            // Past `filled` every slot is empty: nothing to drop.
            std::mem::forget(self.slots[self.filled & (SLOTS - 1)].replace((token, span)));
            self.filled += 1;
        } else {
            self.push_rest(token, span);
        }
    }

    /// Queue a token when every slot is filled: start the slots over if everything queued was
    /// taken, else after the slots.
    #[inline(never)]
    fn push_rest(&mut self, token: M::Token<'i>, span: Span) {
        if self.taken == self.filled && self.rest.is_empty() {
            self.drop_lent();
            self.taken = 0;
            self.filled = 1;
            self.slots[0] = Some((token, span));
        } else {
            self.rest.push_back((token, span));
        }
    }

    /// The oldest queued token.
    #[inline]
    fn pop(&mut self) -> Option<(M::Token<'i>, Span)> {
        if self.taken < self.filled {
            let slot = &mut self.slots[self.taken & (SLOTS - 1)];
            self.taken += 1;
            return slot.take();
        }
        self.pop_rest()
    }

    /// The oldest token once the slots are taken; when nothing is left, the slots start over
    /// from the first, so the next step's tokens are in the first slots.
    #[inline]
    fn pop_rest(&mut self) -> Option<(M::Token<'i>, Span)> {
        let t = self.rest.pop_front();
        if t.is_none() {
            self.taken = 0;
            self.filled = 0;
        }
        t
    }

    /// Drop the tokens `next_ref` lent out of the slots, before the slots start over (where a
    /// new token is written without dropping what was there): when an owned `next` follows a
    /// `next_ref` and empties the queue, or chunked input is fed after one. `next_ref` itself
    /// takes its tokens back first and recycles them.
    #[inline(always)]
    fn drop_lent(&mut self) {
        if self.lent != Lent::None {
            self.drop_lent_now();
        }
    }

    #[cold]
    #[inline(never)]
    fn drop_lent_now(&mut self) {
        // Every slot: `taken` may have started over already (`pop_rest`); the slots past the
        // lent ones are empty, and this runs only where `next` and `next_ref` are mixed.
        self.slots.iter_mut().for_each(|slot| *slot = None);
        self.lent = Lent::None;
    }

    /// Whether anything was queued since the queue was last found empty (the slots then start
    /// from the first, and only once they are all filled does a token go to `rest`): the
    /// stepping loop's test after each step, one compare rather than a `pop` that finds nothing
    /// in the slots and then asks `rest`.
    #[inline(always)]
    fn any_since_empty(&self) -> bool {
        self.filled != 0
    }

    /// Keep an error.
    pub fn push_error(&mut self, error: Error<M::ParseError>) {
        self.errors.push(error);
    }

    /// Whether the queue collects errors.
    pub fn collects_errors(&self) -> bool {
        self.want_errors
    }

    /// With the `trace` feature: record that the tokenizer took `case` of `state`.
    #[cfg(feature = "trace")]
    pub fn push_trace(&mut self, state: M::State, case: u16) {
        self.trace.push((state, case));
    }
}

impl<M: Machine> Default for TokenQueue<'_, M> {
    fn default() -> Self {
        TokenQueue::new(false)
    }
}

impl<'i, M: Machine> fmt::Debug for TokenQueue<'i, M>
where
    M::Token<'i>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenQueue")
            // Only `slots[taken..filled]` hold tokens still to come (tokens lent out may sit
            // in the slots before them).
            .field(
                "tokens",
                &self.slots[self.taken.min(SLOTS)..self.filled.min(SLOTS)]
                    .iter()
                    .flatten()
                    .chain(&self.rest)
                    .collect::<Vec<_>>(),
            )
            .field("errors", &self.errors)
            .field("want_errors", &self.want_errors)
            .finish()
    }
}

impl<'i, M: Drive<'i, TokenQueue<'i, M>>> Tokenizer<'i, M, TokenQueue<'i, M>> {
    /// Tokenize a whole string with default options; iterate to get the tokens.
    pub fn new(input: &'i str) -> Self {
        Self::with_options(input, M::Options::default())
    }

    /// Tokenize a whole string with these options; iterate to get the tokens.
    pub fn with_options(input: &'i str, options: M::Options) -> Self {
        let sink = TokenQueue::new(M::collects_errors(&options));
        Self::build(Cow::Borrowed(input), true, options, sink)
    }

    /// Parse errors found so far (with the options' `errors`), in input order. Every error
    /// before the end of the last token taken is here; so may be some after it, in the tokens
    /// the iterator has already queued (see [`set_state`](Self::set_state)).
    pub fn errors(&self) -> &[Error<M::ParseError>] {
        &self.sink.errors
    }

    /// Take the parse errors found so far.
    pub fn take_errors(&mut self) -> Vec<Error<M::ParseError>> {
        std::mem::take(&mut self.sink.errors)
    }

    /// With the `trace` feature: take the (state, case) path taken so far.
    #[cfg(feature = "trace")]
    pub fn take_trace(&mut self) -> Vec<(M::State, u16)> {
        std::mem::take(&mut self.sink.trace)
    }

    /// The next token with its byte span.
    #[inline]
    pub fn next_spanned(&mut self) -> Option<(M::Token<'i>, Span)> {
        // Inline: a token a step queued behind the first one is handed out without the
        // stepping function's frame.
        match self.sink.pop() {
            Some(t) => Some(t),
            None => self.step_to_token(),
        }
    }

    /// Step until a token is queued (or the input ends); the queue is empty here. The fused
    /// path goes on after the tokens it emits while the budget lasts (and not past a start
    /// tag: [`run_on_after_tag`](Self::run_on_after_tag)), so most tokens are then handed out
    /// from the queue without a step.
    #[inline(never)]
    fn step_to_token(&mut self) -> Option<(M::Token<'i>, Span)> {
        // The slots start over here (`pop_rest`): tokens lent before are dropped first.
        self.sink.drop_lent();
        if self.fill() { self.sink.pop() } else { None }
    }

    /// Step until a token is queued (true) or the input ends or needs the next chunk (false);
    /// the queue is empty here.
    #[inline(always)]
    fn fill(&mut self) -> bool {
        self.run_on = false;
        self.room = AHEAD;
        while !self.done {
            match M::step(self) {
                Step::Continue => {}
                // Chunked input that needs the next chunk: nothing more until `feed` (whole
                // input never suspends). Not the end: the next chunk's tokens still come.
                Step::Suspend => return false,
                Step::Done => self.done = true,
            }
            if self.sink.any_since_empty() {
                return true;
            }
        }
        false
    }

    /// The next token with its byte span, lent: it stays where the tokenizer queued it, and is
    /// taken back when the queue's slots start over (with the others lent from them), keeping
    /// its attribute list for a later tag. The lending
    /// form of [`next_spanned`](Self::next_spanned) (and of the [`Iterator`]): nothing is
    /// moved to the caller or dropped by it, and tags allocate no attribute list once a few
    /// have been lent; the token cannot outlive the call after it (clone what you keep, or
    /// use the [`Iterator`], whose tokens are owned). The two may be mixed. Cost: what the
    /// iterator's step costs, O(1) per token besides the tokenizing; memory: no more spare
    /// attribute lists than tokens the queue held at once, no recursion.
    ///
    /// ```
    /// use statemark::html::{tokenize, Token};
    ///
    /// let mut tokens = tokenize("<a href=/x>one</a><a href=/y>two</a>");
    /// let mut hrefs = Vec::new();
    /// while let Some((token, span)) = tokens.next_ref() {
    ///     if let Token::StartTag(tag) = token {
    ///         hrefs.push((tag.attribute("href").unwrap().to_owned(), span.start));
    ///     }
    /// }
    /// assert_eq!(hrefs, [("/x".to_owned(), 0), ("/y".to_owned(), 18)]);
    /// ```
    #[inline]
    pub fn next_ref(&mut self) -> Option<(&M::Token<'i>, Span)> {
        if self.sink.taken < self.sink.filled {
            return self.lend_slot();
        }
        self.lend_slow()
    }

    /// Lend the next slot's token (there is one). It stays in its slot, taken back with the
    /// others when the slots start over.
    #[inline(always)]
    fn lend_slot(&mut self) -> Option<(&M::Token<'i>, Span)> {
        let q = &mut self.sink;
        let i = q.taken & (SLOTS - 1);
        q.taken += 1;
        q.lent = Lent::Taken;
        q.slots[i].as_ref().map(|(t, span)| (t, *span))
    }

    /// Lend a token when the slots are all taken: the tokens lent from them are taken back
    /// first, then the token comes from `rest`, or a step queues more.
    #[inline(never)]
    fn lend_slow(&mut self) -> Option<(&M::Token<'i>, Span)> {
        if self.sink.lent != Lent::None {
            self.take_back_lent();
        }
        if let Some(t) = self.sink.rest.pop_front() {
            // Chunked input's tokens past the slots: every slot is taken and empty now, so the
            // token is lent from the first slot, with `taken == filled` left as it is, and the
            // next call comes here again.
            self.sink.lent = Lent::First;
            let (t, span) = self.sink.slots[0].insert(t);
            return Some((&*t, *span));
        }
        // Nothing queued: the slots start over from the first (as `pop_rest` does).
        self.sink.taken = 0;
        self.sink.filled = 0;
        if self.fill() { self.lend_slot() } else { None }
    }

    /// Take back the tokens lent by `next_ref` from the slots, all at once (a loop over the
    /// slots in order rather than a test and an index on every call): each tag's attribute
    /// list, emptied, goes to the core for a later tag ([`Machine::recycle`]); a token that
    /// an owned `next` took in between left its slot empty.
    fn take_back_lent(&mut self) {
        // Every slot is taken here (`taken == filled`): the lent ones are among them.
        let upto = match std::mem::replace(&mut self.sink.lent, Lent::None) {
            Lent::First => 1,
            _ => self.sink.filled.min(SLOTS),
        };
        for slot in &mut self.sink.slots[..upto] {
            if let Some((token, _)) = slot
                && M::recycle(token, &mut self.core.spare_lists)
            {
                // Nothing in the token to drop: the slot is only marked empty.
                std::mem::forget(slot.take());
            } else {
                *slot = None;
            }
        }
    }
}

impl<'i, M: Drive<'i, TokenQueue<'i, M>>> Iterator for Tokenizer<'i, M, TokenQueue<'i, M>> {
    type Item = M::Token<'i>;

    #[inline]
    fn next(&mut self) -> Option<M::Token<'i>> {
        self.next_spanned().map(|(t, _)| t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::Html;
    use crate::xml5::Xml5;

    /// Tokens and errors of `input`, whole and fed one character at a time: one function for
    /// every machine, since the plumbing is the driver's.
    fn counts<M: for<'i> Drive<'i, TokenQueue<'i, M>>>(input: &str, options: fn() -> M::Options) -> [usize; 4] {
        let mut whole: Tokenizer<'_, M, TokenQueue<'_, M>> = Tokenizer::with_options(input, options());
        let tokens = whole.by_ref().count();
        let errors = whole.errors().len();
        let mut chunked: Tokenizer<'static, M, TokenQueue<'static, M>> =
            Tokenizer::for_chunks(options(), TokenQueue::new(true));
        for (i, c) in input.char_indices() {
            chunked.feed(&input[i..i + c.len_utf8()]);
        }
        chunked.finish();
        let errors_chunked = chunked.errors().len();
        [tokens, errors, chunked.count(), errors_chunked]
    }

    #[test]
    fn the_queue_is_first_in_first_out_across_its_slots() {
        // Chunked input queues a whole chunk's tokens: past the slots into the `VecDeque`;
        // taking some out between feeds leaves slots partly taken while later tokens arrive,
        // and the slots start over once everything queued was taken.
        let many: String = (0..SLOTS).map(|i| format!("t{i}<e{i}>")).collect();
        let input = format!("a<b>c{many}<d>e<f>g</f><h>i");
        let whole: Vec<_> = crate::html::Tokenizer::new(&input).map(crate::html::Token::into_owned).collect();
        let mut chunked: Tokenizer<'static, Html, TokenQueue<'static, Html>> =
            Tokenizer::for_chunks(Default::default(), TokenQueue::new(false));
        let mut got = Vec::new();
        let (head, tail) = input.split_at(input.find("<d>").unwrap());
        chunked.feed(head);
        assert!(!chunked.sink.rest.is_empty(), "the first chunk fills every slot");
        got.extend(chunked.by_ref().take(3).map(crate::html::Token::into_owned));
        chunked.feed(&tail[..6]);
        got.extend(chunked.by_ref().take(2 * SLOTS + 1).map(crate::html::Token::into_owned));
        assert!(chunked.sink.pop().is_none());
        chunked.feed(&tail[6..]);
        chunked.finish();
        got.extend(chunked.by_ref().map(crate::html::Token::into_owned));
        assert_eq!(got, whole);
        assert!(chunked.sink.pop().is_none() && chunked.sink.filled == 0);
    }

    /// Every token with its span, and the errors, by the iterator and by `run` with a sink.
    #[test]
    fn the_iterator_queueing_ahead_gives_what_a_sink_gets() {
        #[derive(Default)]
        struct Record(Vec<(crate::html::Token<'static>, Span)>, Vec<crate::html::Error>);
        impl<'i> crate::html::Sink<'i> for Record {
            fn token(&mut self, token: crate::html::Token<'i>, span: Span) -> crate::html::Control {
                self.0.push((token.into_owned(), span));
                crate::html::Control::Continue
            }
            fn error(&mut self, error: crate::html::Error) {
                self.1.push(error);
            }
            fn wants_errors(&self) -> bool {
                true
            }
        }
        // Runs of end tags and comments longer than the budget, duplicate attributes (errors
        // from the fused path), character references and uppercase names (the state functions).
        let ends = "</x></y>".repeat(2 * AHEAD as usize);
        let comments = "<!--c-->".repeat(2 * AHEAD as usize);
        let input = format!("<!DOCTYPE html>a{ends}b<p a=1 a=2>{comments}&amp;<B>c</B>\0<i x='y'>d</i>");
        for switching in [false, true] {
            let options = || crate::html::Options { errors: true, switching, ..Default::default() };
            let mut run = crate::html::Tokenizer::with_sink(&input, options(), Record::default());
            run.run();
            let sink = run.into_sink();
            let mut it = crate::html::Tokenizer::with_options(&input, options());
            let mut tokens = Vec::new();
            while let Some((t, span)) = it.next_spanned() {
                // Every error before the end of a token taken is already reported.
                let before = sink.1.iter().take_while(|e| e.position.offset < span.end).count();
                assert!(it.errors().len() >= before && it.errors()[..before] == sink.1[..before]);
                tokens.push((t.into_owned(), span));
            }
            assert_eq!(tokens, sink.0);
            assert_eq!(it.errors(), &sink.1[..]);
        }
    }

    /// The lending iterator gives every token and span the owned one gives, with the same
    /// errors: whole input (switching or not, runs longer than the budget), XML5, and chunked
    /// input whose chunk queues past the slots (tokens lent from `rest`).
    #[test]
    fn the_lending_iterator_gives_what_the_iterator_gives() {
        type Read<'i, M> = (Vec<(<M as Machine>::Token<'i>, Span)>, Vec<Error<<M as Tables>::ParseError>>);
        fn lent<'i, M: Drive<'i, TokenQueue<'i, M>>>(mut t: Tokenizer<'i, M, TokenQueue<'i, M>>) -> Read<'i, M>
        where
            M::Token<'i>: Clone,
        {
            let mut tokens = Vec::new();
            while let Some((token, span)) = t.next_ref() {
                tokens.push((token.clone(), span));
            }
            (tokens, t.take_errors())
        }
        fn owned<'i, M: Drive<'i, TokenQueue<'i, M>>>(mut t: Tokenizer<'i, M, TokenQueue<'i, M>>) -> Read<'i, M> {
            let tokens = std::iter::from_fn(|| t.next_spanned()).collect();
            (tokens, t.take_errors())
        }
        let ends = "</x></y>".repeat(2 * AHEAD as usize);
        let tags = "<i a=1 b='&amp;'>t</i>".repeat(2 * SLOTS);
        let input = format!("<!DOCTYPE html>a{ends}b<p a=1 a=2>{tags}&amp;<B>c</B>\0<i x='y'>d<!--e-->");
        for switching in [false, true] {
            let options = || crate::html::Options { errors: true, switching, ..Default::default() };
            let got = lent(crate::html::Tokenizer::with_options(&input, options()));
            assert_eq!(got, owned(crate::html::Tokenizer::with_options(&input, options())));
            assert_eq!(got.1.len(), 2, "{:?}", got.1);
            let chunked = || {
                let mut t: Tokenizer<'static, Html, TokenQueue<'static, Html>> =
                    Tokenizer::for_chunks(options(), TokenQueue::new(true));
                t.feed(&input);
                t.finish();
                assert!(!t.sink.rest.is_empty());
                t
            };
            let got_chunked = lent(chunked());
            assert_eq!(got_chunked, owned(chunked()));
            assert_eq!(
                got_chunked.0.into_iter().map(|(t, _)| t).collect::<Vec<_>>(),
                got.0.into_iter().map(|(t, _)| t).collect::<Vec<_>>()
            );
        }
        let xml = format!("<a b='1' b='2'/>{}<?p d?>x", "<c d='&amp;'>t</c></>".repeat(2 * SLOTS));
        let xml5 = || crate::xml5::Options { errors: true };
        assert_eq!(
            lent(crate::xml5::Tokenizer::with_options(&xml, xml5())),
            owned(crate::xml5::Tokenizer::with_options(&xml, xml5()))
        );
    }

    #[test]
    fn lent_attribute_lists_are_taken_back_for_later_tags() {
        // A hundred tags with attributes, read one at a time: only as many lists as the queue
        // holds at once are ever allocated.
        let input = "<a href=x>t</a>".repeat(100);
        let mut t = crate::html::tokenize(&input);
        let mut lists = Vec::new();
        while let Some((token, _)) = t.next_ref() {
            if let crate::html::Token::StartTag(tag) = token {
                assert_eq!(tag.attribute("href"), Some("x"));
                lists.push(tag.attributes.as_ptr());
            }
        }
        assert_eq!(lists.len(), 100);
        lists.sort();
        lists.dedup();
        assert!(lists.len() <= SLOTS / 2 + 1, "{} lists", lists.len());
        // Chunked input queues the whole chunk's tags at once, past the slots: each list is
        // taken back as well, the ones lent from the slots and the ones lent from `rest`.
        let mut chunked: Tokenizer<'static, Html, TokenQueue<'static, Html>> =
            Tokenizer::for_chunks(Default::default(), TokenQueue::new(false));
        chunked.feed(&input);
        chunked.finish();
        assert!(chunked.sink.rest.len() > SLOTS);
        let mut tags = 0;
        while let Some((token, _)) = chunked.next_ref() {
            tags += usize::from(matches!(token, crate::html::Token::StartTag(_)));
        }
        assert_eq!((tags, chunked.core.spare_lists.len()), (100, 100));
    }

    #[test]
    fn next_and_next_ref_mixed_lose_nothing() {
        // Alternating the two, and feeding chunked input while a token is lent: every token
        // once, in order (and nothing leaks: the lent token is dropped before its slot is
        // written again, which Miri or a leak checker would show).
        let input = "<p class=a>x</p><!--c-->".repeat(3 * SLOTS);
        let all: Vec<_> = crate::html::tokenize(&input).map(crate::html::Token::into_owned).collect();
        let mut t = crate::html::tokenize(&input);
        let mut got = Vec::new();
        for i in 0.. {
            let token = if i % 3 == 0 { t.next() } else { t.next_ref().map(|(t, _)| t.clone()) };
            match token {
                Some(token) => got.push(token.into_owned()),
                None => break,
            }
        }
        assert_eq!(got, all);
        let mut chunked: Tokenizer<'static, Html, TokenQueue<'static, Html>> =
            Tokenizer::for_chunks(Default::default(), TokenQueue::new(false));
        let mut got = Vec::new();
        for piece in input.as_bytes().chunks(7) {
            chunked.feed(std::str::from_utf8(piece).unwrap());
            if let Some((token, _)) = chunked.next_ref() {
                got.push(token.clone());
            }
            if let Some(token) = chunked.next() {
                got.push(token);
            }
        }
        chunked.finish();
        while let Some((token, _)) = chunked.next_ref() {
            got.push(token.clone());
        }
        assert_eq!(got, all);
    }

    #[test]
    fn a_switch_after_a_start_tag_is_exact() {
        // What a tree builder does after `<title>`: the iterator has not read past the tag.
        use crate::html::{State, Token};
        let mut t = crate::html::Tokenizer::new("<title><b>x</b></title><p>y");
        assert!(matches!(t.next(), Some(Token::StartTag(tag)) if tag.name == "title"));
        t.set_state(State::RcdataState);
        let tag =
            |name: &'static str| crate::token::Tag { name: name.into(), attributes: Vec::new(), self_closing: false };
        let rest: Vec<_> = t.map(Token::into_owned).collect();
        let want = [
            Token::Characters("<b>x</b>".into()),
            Token::EndTag(tag("title")),
            Token::StartTag(tag("p")),
            Token::Characters("y".into()),
            Token::Eof,
        ];
        assert_eq!(rest, want);
    }

    #[test]
    fn one_generic_function_runs_every_machine() {
        // A start tag, the text, the end of file; the duplicate attribute is dropped with an error.
        let html = || crate::html::Options { errors: true, ..Default::default() };
        assert_eq!(counts::<Html>("<a b=1 b=2>x", html), [3, 1, 3, 1]);
        // An empty-element tag, the text, the end of file; the same error, XML5's code.
        let xml5 = || crate::xml5::Options { errors: true };
        assert_eq!(counts::<Xml5>("<a b='1' b='2'/>x", xml5), [3, 1, 3, 1]);
    }
}
