//! Emission: lowered tables to one Rust file per machine, built with `quote` and formatted with
//! `prettyplease`, so the output is byte-identical on every machine.
//!
//! The generated code talks to the runtime through a small surface: the driver's `Tokenizer`
//! with one method per verb and guard (same name, snake_case), `consume`, `lookahead*`, `scan`,
//! and the `Step`, `Consumed`, `Look`, `Src` and `StopSet` types. Each machine gets a marker
//! type (its name in CamelCase) with the generated `Tables` and `Drive` impls that plug it into
//! the driver; the machine's module provides its `Sink` trait and its `Machine` impl.

use crate::fuse::{Fusion, Next};
use crate::lower::code_point;
use crate::lower::{Lowered, code_points};
use crate::lowered::{LArm, LBody, LBranch, LState, Scan};
use crate::model::{Action, Chars, FlagDecl, Guard, Machine, Matcher, Terminal};
use crate::names::camel;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::{BTreeMap, BTreeSet};

const MARK: &str = "@@spec: ";
/// Where the fused path opens a labelled block (`'label: {`) and closes one (`}`): written as
/// string statements, so the formatter lays the fused states out one after another at one
/// depth rather than each a level deeper than the last, and turned into the braces after it.
const OPEN: &str = "@@open ";
const CLOSE: &str = "@@close ";

fn ident(s: &str) -> Ident {
    Ident::new(s, Span::call_site())
}

/// A `// spec: ...` comment, smuggled through the formatter as a string statement.
fn label(text: &str) -> TokenStream {
    let lit = Literal::string(&format!("{MARK}{text}"));
    quote! { #lit; }
}

/// Prose from a spec table (an error's summary) as Markdown text for a doc comment: the
/// summaries quote markup (`<script><!-- foo`, `<b ay='x'>`) that rustdoc would otherwise pass
/// to the browser as HTML, swallowing the rest of the page, and code points such as U+0060 GRAVE
/// ACCENT and U+005F LOW LINE that Markdown reads as code spans and emphasis. CommonMark lets any ASCII
/// punctuation be escaped with a backslash, which renders as the character itself. The `:` of a
/// quoted URL's `://` is escaped too: the URL is example input (a DOCTYPE's system identifier),
/// not a link, and rustdoc rejects bare URLs. So are quotes and the hyphens of `--` (comment
/// syntax), which rustdoc's smart punctuation would otherwise print as curly quotes and a dash
/// inside the quoted examples.
fn doc_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, ch) in s.char_indices() {
        if matches!(ch, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '"' | '\'')
            || (ch == ':' && s[i..].starts_with("://"))
            || (ch == '-' && (s[i + 1..].starts_with('-') || s[..i].ends_with('-')))
        {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

fn snake_of_variant(v: &str) -> String {
    let mut out = String::new();
    for (i, ch) in v.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// The runtime method a verb maps to: the variant name in snake_case.
pub fn verb_method(a: &Action) -> String {
    let debug = format!("{a:?}");
    let variant: String = debug.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    snake_of_variant(&variant)
}

/// Whether a verb is the machine's own method (it emits to the sink, reports a machine error
/// code, or depends on the machine's states) rather than one of the shared core's building
/// verbs. Generated code calls machine verbs as `self.verb()` and core verbs as
/// `self.core.verb()`.
pub fn machine_verb(a: &Action) -> bool {
    matches!(
        a,
        Action::Error(_)
            | Action::EmitTag
            | Action::EmitShortEndTag
            | Action::EmitComment
            | Action::EmitDoctype
            | Action::EmitPi
            | Action::CheckDuplicateAttribute
            | Action::SetReturnState(_)
            | Action::FlushCharRef
            | Action::AppendOrEmitCurrentAsCharRef
            | Action::SetAdditionalAllowedCharacter(_)
    )
}

/// Whether a guard is the machine's own predicate (else the core's).
pub fn machine_guard(g: &Guard) -> bool {
    matches!(
        g,
        Guard::AppropriateEndTag
            | Guard::AdjustedCurrentNodeIsForeign
            | Guard::CharRefInAttribute
            | Guard::NextCharactersAreLastStartTagFollowedBy(_)
            | Guard::PermittedSlash
    )
}

/// The receiver of a verb or guard call.
fn receiver(machine: bool) -> TokenStream {
    if machine {
        quote! { self }
    } else {
        quote! { self.core }
    }
}

/// The runtime predicate a guard maps to (for `Flag` and the combinators, which the generator
/// writes out, the variant's name).
pub fn guard_method(g: &Guard) -> String {
    let debug = format!("{g:?}");
    let variant: String = debug.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    snake_of_variant(&variant)
}

/// The generated enum of a machine flag: `content_model` → `ContentModel`.
pub fn flag_type(flag: &str) -> String {
    camel(flag)
}

/// The variant of a flag value: `"PCDATA"` → `Pcdata`, `"true"` → `True`.
pub fn flag_variant(value: &str) -> String {
    camel(&value.to_ascii_lowercase())
}

fn src(c: &Chars) -> TokenStream {
    match c {
        Chars::Current => quote! { Src::Current },
        Chars::CurrentLowercase => quote! { Src::CurrentLowercase },
        // Validation rejects it (`validate::interpreter_only`); should a table reach here anyway,
        // the generated code says why it does not build.
        Chars::CurrentUppercase => {
            quote! { compile_error!("CurrentUppercase is read by the table interpreter only") }
        }
        Chars::CodePoints(s) => {
            let text = code_points(s).unwrap_or_default();
            quote! { Src::Str(#text) }
        }
    }
}

/// What follows a case's verbs: back to the driver's loop (the state functions), on into the
/// fused path from a state function (an entry, `fuse.rs`), or on inside the fused path, where
/// the state is where the code is ([`Layout::goto`]).
enum Tail<'a> {
    Driver,
    Enter(&'a str),
    Fused(&'a Layout<'a>),
    /// After a case that emitted a token and switched to this fused state: go on there when no
    /// sink asked for another state and the driver lets it (`run`, or the iterator's budget,
    /// which ends at a start tag: `run_on_after_tag`/`run_on_after_token` in the driver).
    FusedAfterEmit(&'a Layout<'a>, &'a str),
}

/// Where the fused path's states are: one block per state in spec order, each state's code
/// right after its block closes, so going on to a later state is `break` out of that state's
/// block (a direct jump); to the state itself, `continue` of the state's own loop; to an
/// earlier one, through the local `at` and the dispatch at the top of the `'fused` loop.
struct Layout<'a> {
    order: Vec<&'a str>,
    /// The state whose code is being emitted.
    at: usize,
    /// The one state the emitting links go on in (the data state), when there is one: going
    /// back to it sets the local `home` and skips the dispatch (a test of a flag, not a jump
    /// table; the compiler threads neither through the loop's header).
    home: Option<&'a str>,
}

impl Layout<'_> {
    fn index(&self, state: &str) -> Option<usize> {
        self.order.iter().position(|s| *s == state)
    }

    /// Going on in fused state `to`.
    fn goto(&self, to: &str) -> TokenStream {
        match self.index(to) {
            Some(i) if i == self.at => quote! { continue },
            Some(i) if i > self.at => {
                let l = block_label(to);
                quote! { break #l }
            }
            _ if self.home == Some(to) => quote! {
                home = true;
                continue 'fused
            },
            _ => {
                let v = ident(&camel(to));
                let leave_home = if self.home.is_some() {
                    quote! { home = false; }
                } else {
                    quote! {}
                };
                quote! {
                    at = State::#v;
                    #leave_home
                    continue 'fused
                }
            }
        }
    }
}

/// Whether a fused case that reconsumes can leave its byte in the input rather than take it and
/// give it back (`Core::peek_current`): none of its verbs emits (which would move the end of
/// what was emitted past the byte) or reads the current character.
fn reconsumes_in_place(b: &LBranch) -> bool {
    matches!(b.terminal, Terminal::Reconsume(_))
        && !b.actions.iter().any(|a| {
            verb_method(a).starts_with("emit")
                || matches!(a.chars(), Some(Chars::Current | Chars::CurrentLowercase))
                || matches!(a, Action::FlushCharRef | Action::AppendOrEmitCurrentAsCharRef)
        })
}

/// Whether a fused case (no guard) can leave the core's current input character as it was: it
/// has no verbs and the state it goes on in no entry verbs, so nothing reads the character
/// (no text, no error position, no reconsume) before the next state consumes its own (a
/// state's code reads the current character only in the case that consumed it). Such a case
/// only moves past its byte (`Core::skip_plain`), or, reconsuming in place, does nothing.
fn leaves_current(b: &LBranch, entry: Option<&&[Action]>) -> bool {
    b.actions.is_empty()
        && entry.is_none_or(|a| a.is_empty())
        && matches!(b.terminal, Terminal::Switch(_) | Terminal::Reconsume(_) | Terminal::Stay)
}

/// The label of the block after which a fused state's code starts.
fn block_label(state: &str) -> syn::Lifetime {
    syn::Lifetime::new(&format!("'{state}"), Span::call_site())
}

struct Cx<'a> {
    entry: BTreeMap<&'a str, &'a [Action]>,
    /// The state being emitted, for the trace hook.
    current: Ident,
}

impl Cx<'_> {
    /// `(state, case)` to the sink when the `trace` feature is on; nothing otherwise.
    fn trace(&self, case: usize) -> TokenStream {
        let v = &self.current;
        let n = Literal::u16_unsuffixed(case as u16);
        quote! { #[cfg(feature = "trace")] self.trace(State::#v, #n); }
    }

    fn action(&self, a: &Action) -> TokenStream {
        let m = ident(&verb_method(a));
        let r = receiver(machine_verb(a));
        if let Some(c) = a.chars() {
            return chars_call(&r, a, src(c));
        }
        match a {
            Action::Error(code) => {
                let v = ident(&camel(code));
                quote! { self.error(ParseError::#v); }
            }
            Action::CreateComment(text) => quote! { #r.#m(#text); },
            Action::SetReturnState(s) => {
                let v = ident(&camel(s));
                quote! { self.#m(State::#v); }
            }
            Action::SetFlag(flag, value) => {
                let (f, ty, v) = (ident(flag), ident(&flag_type(flag)), ident(&flag_variant(value)));
                quote! { self.own.flags.#f = #ty::#v; }
            }
            Action::AccumulateCharRefCode { radix, subtract } => {
                let rd = Literal::u32_unsuffixed(*radix);
                let s = Literal::u32_unsuffixed(*subtract);
                quote! { self.core.#m(#rd, #s); }
            }
            // Validation rejects them (`validate::interpreter_only`); should a table reach here
            // anyway, the generated code says why it does not build.
            Action::MarkDoctypeCorrectIfNamed(_) | Action::ReparseSinceFlagSet(_) => {
                let msg = format!("{} is read by the table interpreter only", verb_method(a));
                quote! { compile_error!(#msg); }
            }
            _ => quote! { #r.#m(); },
        }
    }

    fn actions(&self, acts: &[Action]) -> TokenStream {
        acts.iter().map(|a| self.action(a)).collect()
    }

    /// A case's statements: the state switch first (the spec's own order in most cases, "Switch
    /// to the data state. Emit the current tag token."), so that a sink's request to switch state
    /// (the tree builder's feedback, made while a token is emitted) simply overrides it; then
    /// the actions; then reconsuming and the new state's entry actions.
    fn branch(&self, b: &LBranch) -> TokenStream {
        self.branch_with(b, &Tail::Driver)
    }

    /// [`Cx::branch`] with what follows the verbs; only the state switch and the continuation
    /// differ, so the fused path runs each case's own verbs in the state function's order.
    fn branch_with(&self, b: &LBranch, tail: &Tail) -> TokenStream {
        let acts = self.actions(&b.actions);
        let fused = matches!(tail, Tail::Fused(_));
        // Inside the fused path the state is where the code is: a switch sets nothing.
        let set = |s: &str| -> TokenStream {
            let v = ident(&camel(s));
            if fused {
                quote! {}
            } else {
                quote! { self.state = State::#v; }
            }
        };
        let target = match &b.terminal {
            Terminal::Switch(s) | Terminal::Reconsume(s) => Some(s.as_str()),
            _ => None,
        };
        let next = match tail {
            Tail::Driver => quote! { Step::Continue },
            Tail::Enter(t) => {
                let v = ident(&camel(t));
                quote! { self.fused_path(State::#v) }
            }
            Tail::Fused(layout) => match target {
                Some(t) => layout.goto(t),
                None => quote! { continue },
            },
            Tail::FusedAfterEmit(layout, t) => {
                let v = ident(&camel(t));
                let run_on = if b.actions.contains(&Action::EmitTag) {
                    quote! { self.run_on_after_tag() }
                } else {
                    quote! { self.run_on_after_token() }
                };
                let goto = layout.goto(t);
                quote! {
                    if self.state == State::#v && #run_on {
                        #goto;
                    }
                    return Step::Continue
                }
            }
        };
        let entry = |s: &str| -> TokenStream { self.entry.get(s).map(|a| self.actions(a)).unwrap_or_default() };
        let sets_return = b.actions.iter().any(|a| matches!(a, Action::SetReturnState(_)));
        match &b.terminal {
            Terminal::Switch(s) => {
                let (st, en) = (set(s), entry(s));
                quote! { #st #acts #en #next }
            }
            // Inside the fused path, such a case never took its byte (`fused_fn`).
            Terminal::Reconsume(s) if fused && reconsumes_in_place(b) => {
                let en = entry(s);
                quote! { #acts #en #next }
            }
            Terminal::Reconsume(s) => {
                let (st, en) = (set(s), entry(s));
                quote! { #st #acts self.core.reconsume(); #en #next }
            }
            Terminal::Stay => quote! { #acts #next },
            // An action may set the return state; then the switch has to wait for it.
            Terminal::SwitchToReturnState if sets_return => {
                quote! { #acts self.state = self.return_state; Step::Continue }
            }
            Terminal::SwitchToReturnState => quote! { self.state = self.return_state; #acts Step::Continue },
            Terminal::ReconsumeInReturnState if sets_return => {
                quote! { #acts self.core.reconsume(); self.state = self.return_state; Step::Continue }
            }
            Terminal::ReconsumeInReturnState => {
                quote! { self.state = self.return_state; #acts self.core.reconsume(); Step::Continue }
            }
            Terminal::EmitEof => quote! { #acts self.emit_eof() },
            // Resolved by lowering; kept total for safety.
            Terminal::AsAnythingElse => quote! { #acts Step::Continue },
        }
    }

    /// A guard as a Rust condition. A guard that looks ahead may need more input: it is read
    /// first, into a local of `prelude` that returns `Step::Suspend` (after un-consuming the
    /// current character, when the case has consumed one), so the condition itself stays a
    /// plain expression and nothing has changed when the state suspends.
    fn guard(&self, g: &Guard, consumed: bool, prelude: &mut Vec<TokenStream>, nested: bool) -> TokenStream {
        let paren = |e: TokenStream| {
            if nested {
                quote! { (#e) }
            } else {
                e
            }
        };
        match g {
            Guard::Flag(flag, values) => {
                let (f, ty) = (ident(flag), ident(&flag_type(flag)));
                let vs = values.iter().map(|v| ident(&flag_variant(v)));
                quote! { matches!(self.own.flags.#f, #(#ty::#vs)|*) }
            }
            Guard::All(gs) => {
                let es = gs.iter().map(|g| self.guard(g, consumed, prelude, true));
                paren(quote! { #(#es)&&* })
            }
            Guard::Any(gs) => {
                let es = gs.iter().map(|g| self.guard(g, consumed, prelude, true));
                paren(quote! { #(#es)||* })
            }
            Guard::Not(g) => {
                let e = self.guard(g, consumed, prelude, true);
                quote! { !#e }
            }
            Guard::LastCharactersAre(text) => {
                let bytes = Literal::byte_string(text.as_bytes());
                quote! { self.core.last_characters_are(#bytes) }
            }
            Guard::NextCharactersAreLastStartTagFollowedBy(_) | Guard::PermittedSlash => {
                let m = ident(&guard_method(g));
                let call = match g {
                    Guard::NextCharactersAreLastStartTagFollowedBy(follow) => {
                        let bytes: Vec<u8> = follow
                            .iter()
                            .filter_map(|m| match m {
                                Matcher::Char(c) => code_point(c).filter(|&c| c < 0x80).map(|c| c as u8),
                                _ => None,
                            })
                            .collect();
                        let eof = follow.contains(&Matcher::Eof);
                        let bytes = Literal::byte_string(&bytes);
                        quote! { self.#m(#bytes, #eof) }
                    }
                    _ => quote! { self.#m() },
                };
                let local = format_ident!("{}_{}", guard_method(g), prelude.len() + 1);
                let undo = if consumed {
                    quote! { self.core.reconsume(); }
                } else {
                    quote! {}
                };
                prelude.push(quote! {
                    let #local = match #call {
                        Look::Match => true,
                        Look::NoMatch => false,
                        Look::Suspend => {
                            #undo
                            return Step::Suspend;
                        }
                    };
                });
                quote! { #local }
            }
            _ => {
                let gm = ident(&guard_method(g));
                let gr = receiver(machine_guard(g));
                quote! { #gr.#gm() }
            }
        }
    }

    /// The body of an arm: label, trace hook, then the guarded or plain branch.
    fn arm_body(&self, arm: &LArm) -> TokenStream {
        self.arm_body_with(arm, &Tail::Driver)
    }

    /// [`Cx::arm_body`] with what follows the verbs (fused links and entries have no guard).
    fn arm_body_with(&self, arm: &LArm, tail: &Tail) -> TokenStream {
        let l = label(&format!("case #{}: {}", arm.number, arm.label));
        let tr = self.trace(arm.number);
        let then = self.branch_with(&arm.then, tail);
        match (&arm.guard, &arm.otherwise) {
            (Some(g), Some(other)) => {
                let mut prelude = Vec::new();
                // Every arm with a guard has consumed its character, except in a Lookahead body,
                // which validation keeps free of guards that look ahead.
                let cond = self.guard(g, true, &mut prelude, false);
                let o = self.branch(other);
                let t = self.trace(arm.otherwise_number);
                let otr = if arm.otherwise_number != arm.number {
                    let ol = label(&format!("the guard failed: case #{} (\"anything else\")", arm.otherwise_number));
                    quote! { #ol #t }
                } else {
                    t
                };
                quote! { { #l #(#prelude)* if #cond { #tr #then } else { #otr #o } } }
            }
            _ => quote! { { #l #tr #then } },
        }
    }
}

fn byte_pattern(bytes: &[u8]) -> TokenStream {
    // Contiguous runs become ranges so classes read like the spec.
    let mut parts = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = bytes[i];
        let mut end = start;
        while i + 1 < bytes.len() && bytes[i + 1] == end + 1 {
            i += 1;
            end = bytes[i];
        }
        let lit = |b: u8| Literal::byte_character(b);
        if end > start + 1 {
            let (a, z) = (lit(start), lit(end));
            parts.push(quote! { #a..=#z });
        } else {
            parts.push({
                let a = lit(start);
                quote! { #a }
            });
            if end != start {
                let z = lit(end);
                parts.push(quote! { #z });
            }
        }
        i += 1;
    }
    quote! { #(#parts)|* }
}

fn stop_name(state: &LState) -> Ident {
    format_ident!("{}_STOP", state.name.to_ascii_uppercase())
}

/// The core's method that says whether a quiet set applies to a scan with this verb (and the
/// name of the fused path's local holding its answer).
fn quiet_gate(verb: &Action) -> Ident {
    if matches!(verb, Action::EmitChars(_)) { ident("text_unread") } else { ident("values_unread") }
}

/// The test a quiet set's gate makes: the sink's compile-time fact first (`SinkFacts`), so a
/// sink that declares it reads no text and no errors takes the quiet set with no run-time test;
/// else the core's run-time flags.
fn gate_test(gate: &Ident) -> TokenStream {
    if gate == "text_unread" {
        quote! { Self::FACTS.text_unread() || self.core.text_unread() }
    } else {
        quote! { self.core.#gate() }
    }
}

/// The call of a verb that takes characters: `emit_chars` with the sink's compile-time text
/// fact (`Core::emit_chars_reading`), so a sink that reads no text tests no text flag.
fn chars_call(r: &TokenStream, verb: &Action, src: TokenStream) -> TokenStream {
    if matches!(verb, Action::EmitChars(_)) {
        quote! { #r.emit_chars_reading(#src, Self::FACTS.text); }
    } else {
        let m = ident(&verb_method(verb));
        quote! { #r.#m(#src); }
    }
}

fn quiet_name(state: &LState) -> Ident {
    format_ident!("{}_QUIET_STOP", state.name.to_ascii_uppercase())
}

/// The derived scan of `state`. With `local_gates` (the fused path) the gate of a quiet set is
/// the local the function read once at its start (`quiet_gate`), not the core's fields again.
fn scan_stmt(cx: &Cx, state: &LState, scan: &Scan, local_gates: bool) -> TokenStream {
    let stop = stop_name(state);
    let call = chars_call(&quote! { self.core }, &scan.verb, quote! { Src::Run(start, end) });
    let shown: Vec<String> = scan.stop.iter().map(|b| format!("{:?}", *b as char)).collect();
    let l = label(&format!(
        "fast path (derived): \"anything else\" only does {} with the current character and stays; stop at {}",
        verb_method(&scan.verb),
        shown.join(" ")
    ));
    let tr = match &state.body {
        LBody::Consume { anything_else: Some(a), .. } => cx.trace(a.number),
        _ => quote! {},
    };
    // Where the state has bytes that only start a character reference, the scan runs past
    // them when nobody reads what the reference would produce (`Scan::quiet_stop`).
    let set = match (&scan.quiet_stop, &scan.verb) {
        (None, _) => quote! { &#stop },
        (Some(_), verb) => {
            let quiet = quiet_name(state);
            let gate = quiet_gate(verb);
            if local_gates {
                quote! { if #gate { &#quiet } else { &#stop } }
            } else {
                let test = gate_test(&gate);
                quote! { if #test { &#quiet } else { &#stop } }
            }
        }
    };
    quote! {
        #l
        if let Some((start, end)) = self.core.scan(#set, Self::FACTS.errors) {
            #tr
            #call
        }
    }
}

fn lookahead_check(cx: &Cx, arm: &LArm, at_current: bool) -> TokenStream {
    let (text, ci) = arm.lookahead.clone().unwrap_or_default();
    let bytes = Literal::byte_string(text.as_bytes());
    let look = if at_current { ident("lookahead_at_current") } else { ident("lookahead") };
    // A guard without a table `else` is part of the match ("if <condition> and the next seven
    // characters are ..., then consume those characters"): when it fails nothing is consumed and
    // the next case, or "anything else", reads the same input. Only a table `else` runs after
    // the string is consumed.
    let (guard, no_match, body) = match (&arm.guard, arm.otherwise_number != arm.number) {
        (Some(g), true) => {
            // Validation keeps guards that look ahead off lookahead cases: no prelude here.
            let cond = cx.guard(g, at_current, &mut Vec::new(), false);
            let plain = LArm { guard: None, otherwise: None, ..arm.clone() };
            (quote! { if #cond }, quote! { Look::Match | Look::NoMatch }, cx.arm_body(&plain))
        }
        _ => (quote! {}, quote! { Look::NoMatch }, cx.arm_body(arm)),
    };
    let on_suspend = if at_current {
        quote! { self.core.reconsume(); }
    } else {
        quote! {}
    };
    let n = Literal::usize_unsuffixed(if at_current { text.len() - 1 } else { text.len() });
    quote! {
        match self.core.#look(#bytes, #ci) {
            Look::Match #guard => {
                self.core.skip(#n);
                return #body;
            }
            Look::Suspend => {
                #on_suspend
                return Step::Suspend;
            }
            #no_match => {}
        }
    }
}

/// An arm of a state function: an entry into the fused path continues there after its verbs.
fn state_arm_body(cx: &Cx, st: &LState, arm: &LArm, fusion: Option<&Fusion>) -> TokenStream {
    match fusion.and_then(|f| f.entry(&st.name, arm.number)) {
        Some(target) => cx.arm_body_with(arm, &Tail::Enter(target)),
        None => cx.arm_body(arm),
    }
}

/// The fused path (`fuse.rs`): the fused states laid out in spec order ([`Layout`]), each one
/// its bulk scan, then one of its links on the next byte with that case's own code; any other
/// byte leaves with the state set and nothing consumed, so the state function reads it exactly.
/// Entering (from a state function, or an earlier state through `at`) is one dispatch on the
/// state; every later state is a direct jump, which a `loop { match at { .. } }` is not (the
/// compiler does not thread jumps through a loop's header).
fn fused_fn(entry: &BTreeMap<&str, &[Action]>, lowered: &Lowered, fusion: &Fusion) -> TokenStream {
    let order: Vec<&str> = fusion.states.iter().map(|s| s.name.as_str()).collect();
    // The state after a token: the one target of the emitting links, when they have one.
    let homes = fusion.homes();
    let home = match homes.iter().collect::<Vec<_>>().as_slice() {
        [h] => Some(**h),
        _ => None,
    };
    // Kept only when some link goes back to it (else there is no `home` to test).
    let pos = |t: &str| order.iter().position(|s| *s == t);
    let home = home.filter(|h| {
        fusion.states.iter().enumerate().any(|(i, s)| {
            s.links.iter().any(|l| match &l.next {
                Next::Continue(t) | Next::Emit(t) => t == h && pos(t).is_some_and(|t| t < i),
                Next::Exit => false,
            })
        })
    });
    let mut codes = Vec::new();
    let mut back = false;
    let mut gates = BTreeSet::new();
    for (i, fs) in fusion.states.iter().enumerate() {
        let Some(st) = lowered.states.iter().find(|s| s.name == fs.name) else { continue };
        let LBody::Consume { arms: case_arms, anything_else, .. } = &st.body else { continue };
        let cx = Cx { entry: entry.clone(), current: ident(&st.variant) };
        let layout = Layout { order: order.clone(), at: i, home };
        let v = ident(&st.variant);
        let spec_label = label(&format!("#{}", st.id));
        let scan = st.scan.as_ref().map(|s| scan_stmt(&cx, st, s, true)).unwrap_or_default();
        if let Some(s) = st.scan.as_ref().filter(|s| s.quiet_stop.is_some()) {
            gates.insert(quiet_gate(&s.verb).to_string());
        }
        let mut own_loop = false;
        let links: Vec<(TokenStream, TokenStream)> = fs
            .links
            .iter()
            .filter_map(|l| {
                let arm = case_arms.iter().chain(anything_else).find(|a| a.number == l.case)?;
                let to = match &l.next {
                    Next::Continue(t) | Next::Emit(t) => layout.index(t),
                    Next::Exit => None,
                };
                own_loop |= to == Some(i);
                back |= to.is_some_and(|t| t < i);
                let p = byte_pattern(&l.bytes);
                let mut take = quote! { self.core.take_plain(); };
                let body = match &l.next {
                    Next::Continue(t) => {
                        let leaves = arm.guard.is_none() && leaves_current(&arm.then, cx.entry.get(t.as_str()));
                        if leaves && reconsumes_in_place(&arm.then) {
                            take = quote! {};
                        } else if leaves {
                            take = quote! { self.core.skip_plain(); };
                        } else if arm.guard.is_none() && reconsumes_in_place(&arm.then) {
                            take = quote! { self.core.peek_current(); };
                        }
                        cx.arm_body_with(arm, &Tail::Fused(&layout))
                    }
                    Next::Exit => {
                        let b = cx.arm_body(arm);
                        quote! { return #b; }
                    }
                    Next::Emit(t) => cx.arm_body_with(arm, &Tail::FusedAfterEmit(&layout, t)),
                };
                Some((quote! { Some(#p) }, quote! { { #take #body } }))
            })
            .collect();
        // One link reads as `if let` (what clippy asks of a one-pattern match).
        let take = match links.as_slice() {
            [(p, body)] => quote! { if let #p = self.core.peek() #body },
            _ => {
                let arms = links.iter().map(|(p, body)| quote! { #p => #body });
                quote! {
                    match self.core.peek() {
                        #(#arms)*
                        _ => {}
                    }
                }
            }
        };
        let body = quote! {
            #spec_label
            #scan
            #take
            self.state = State::#v;
            return Step::Continue;
        };
        // A state that stays (its own links back to it) loops; the others run once.
        codes.push(if own_loop {
            quote! { loop { #body } }
        } else {
            quote! { { #body } }
        });
    }
    // The blocks, outermost (the last state's) first; innermost the dispatch on `at`, a `break`
    // to the block after which the state's code starts; then each state's code after its
    // block, inside the blocks of the later states.
    let variants: Vec<Ident> = fusion
        .states
        .iter()
        .filter_map(|fs| lowered.states.iter().find(|s| s.name == fs.name))
        .map(|s| ident(&s.variant))
        .collect();
    let labels: Vec<syn::Lifetime> = order.iter().map(|s| block_label(s)).collect();
    let opens = order.iter().rev().map(|s| Literal::string(&format!("{OPEN}'{s}")));
    let closes = order.iter().map(|s| Literal::string(&format!("{CLOSE}'{s}")));
    let (home_decl, home_test) = match home {
        Some(h) => {
            let l = block_label(h);
            (quote! { let mut home = false; }, quote! { if home { break #l; } })
        }
        None => (quote! {}, quote! {}),
    };
    let nested = quote! {
        #(#opens;)*
        #home_test
        match at {
            #(State::#variants => break #labels,)*
            _ => {}
        }
        self.state = at;
        return Step::Continue;
        #(#closes; #codes)*
    };
    // What the sink reads and whether errors are on do not change while the path runs: the
    // gates of the quiet scans are read once.
    let gate_decls = gates.iter().map(|g| {
        let g = ident(g);
        let test = gate_test(&g);
        quote! { let #g = #test; }
    });
    let (at, body) = if back {
        (quote! { mut at }, quote! { #(#gate_decls)* #home_decl 'fused: loop { #nested } })
    } else {
        (quote! { at }, quote! { #(#gate_decls)* #nested })
    };
    let doc = format!(
        " Fused fast path (derived from the tables, `codegen/src/fuse.rs`) through {}: each step is \
         the state function's own case, without a return to the driver; any byte off the common path \
         returns to the exact state function.",
        order.join(", ")
    );
    quote! {
        #[doc = #doc]
        fn fused_path(&mut self, #at: State) -> Step {
            #body
        }
    }
}

fn state_fn(cx: &Cx, st: &LState, anchor_base: &str, fusion: Option<&Fusion>) -> Option<TokenStream> {
    let name = ident(&st.name);
    let doc = format!(" [{}]({}{})", st.heading, anchor_base, st.id);
    let spec_label = label(&format!("#{}", st.id));
    let body = match &st.body {
        LBody::HandWritten => return None,
        LBody::Consume { .. } | LBody::Lookahead { .. } => {
            let scan = st.scan.as_ref().map(|s| scan_stmt(cx, st, s, false)).unwrap_or_default();
            let code = body_code(cx, st, &st.body, fusion);
            quote! { #spec_label #scan #code }
        }
        LBody::Branch { branches } => {
            // "The behaviour of this state depends on ...": the first branch whose guard holds
            // reads the input; guards that look ahead are read first (nothing is consumed yet).
            let mut prelude = Vec::new();
            let mut chain = quote! {};
            for (i, (guard, body)) in branches.iter().enumerate() {
                // The fused path enters from whole `ConsumeNext` states only (`fuse.rs`).
                let code = body_code(cx, st, body, None);
                chain = match (i, guard) {
                    (0, Some(g)) => {
                        let cond = cx.guard(g, false, &mut prelude, false);
                        quote! { if #cond { #code } }
                    }
                    (_, Some(g)) => {
                        let cond = cx.guard(g, false, &mut prelude, false);
                        quote! { #chain else if #cond { #code } }
                    }
                    // Validation: only the last branch has no guard, and it has none.
                    (0, None) => code,
                    (_, None) => quote! { #chain else { #code } },
                };
            }
            quote! { #spec_label #(#prelude)* #chain }
        }
    };
    Some(quote! {
        #[doc = #doc]
        fn #name(&mut self) -> Step {
            #body
        }
    })
}

/// The code that reads a `ConsumeNext` or `Lookahead` body's input and runs its cases (the
/// cases the fused path starts from, `fusion`, go on into it).
fn body_code(cx: &Cx, st: &LState, body: &LBody, fusion: Option<&Fusion>) -> TokenStream {
    match body {
        LBody::HandWritten | LBody::Branch { .. } => quote! {},
        LBody::Consume { arms, lookaheads, anything_else } => {
            let mut match_arms = Vec::new();
            for arm in arms {
                let mut pats = Vec::new();
                if !arm.bytes.is_empty() {
                    let p = byte_pattern(&arm.bytes);
                    pats.push(quote! { Consumed::Byte(#p) });
                }
                if arm.eof {
                    pats.push(quote! { Consumed::Eof });
                }
                let guard = match (&arm.guard, &arm.otherwise) {
                    // Validation keeps guards that look ahead off cases without `else` and
                    // "anything else" (so off match guards): no prelude here.
                    (Some(g), None) => {
                        let cond = cx.guard(g, true, &mut Vec::new(), false);
                        quote! { if #cond }
                    }
                    _ => quote! {},
                };
                let body = state_arm_body(cx, st, arm, fusion);
                match_arms.push(quote! { #(#pats)|* #guard => #body });
            }
            let looks: Vec<TokenStream> = lookaheads.iter().map(|a| lookahead_check(cx, a, true)).collect();
            // Validation guarantees a ConsumeNext state ends with "anything else".
            let b = anything_else.as_ref().map(|a| state_arm_body(cx, st, a, fusion)).unwrap_or_default();
            let fallback = quote! { _ => { #(#looks)* #b } };
            quote! {
                match self.core.consume() {
                    Consumed::Suspend => Step::Suspend,
                    #(#match_arms,)*
                    #fallback
                }
            }
        }
        LBody::Lookahead { arms, anything_else } => {
            let looks: Vec<TokenStream> = arms.iter().map(|a| lookahead_check(cx, a, false)).collect();
            let b = cx.arm_body(anything_else);
            quote! {
                self.core.consume_nothing();
                #(#looks)*
                #b
            }
        }
    }
}

/// The manifest's `flags` as types: one enum per flag and the `Flags` the machine keeps in its
/// `Own` data as `flags` (generated verbs and guards read and set `self.own.flags`). Nothing for
/// a machine without flags.
fn flags_code(machine: &str, flags: &[FlagDecl]) -> TokenStream {
    if flags.is_empty() {
        return quote! {};
    }
    let mut enums = Vec::new();
    let mut fields = Vec::new();
    let mut inits = Vec::new();
    let mut sets = Vec::new();
    for f in flags {
        let (name, ty) = (ident(&f.name), ident(&flag_type(&f.name)));
        let variants: Vec<Ident> = f.values.iter().map(|v| ident(&flag_variant(v))).collect();
        let docs: Vec<String> = f.values.iter().map(|v| format!(" {v}")).collect();
        let values = &f.values;
        let enum_doc = format!(" The values of the {} flag, as the spec names them.", f.name.replace('_', " "));
        let field_doc = format!(" The {} flag (initially {}).", f.name.replace('_', " "), f.initial);
        let initial = ident(&flag_variant(&f.initial));
        let flag_name = f.name.as_str();
        enums.push(quote! {
            #[doc = #enum_doc]
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum #ty { #(#[doc = #docs] #variants,)* }
        });
        fields.push(quote! { #[doc = #field_doc] pub #name: #ty, });
        inits.push(quote! { #name: #ty::#initial, });
        sets.push(quote! { #((#flag_name, #values) => self.#name = #ty::#variants,)* });
    }
    let doc = format!(" The {machine} machine's flags (its manifest's `flags`), which its states read and set.");
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Flags { #(#fields)* }

        impl Default for Flags {
            fn default() -> Self {
                Flags { #(#inits)* }
            }
        }

        impl Flags {
            /// Set a flag by the names the tables use (`"content_model"`, `"RCDATA"`); false,
            /// changing nothing, when the flag or the value is not the machine's.
            pub fn set(&mut self, flag: &str, value: &str) -> bool {
                match (flag, value) {
                    #(#sets)*
                    _ => return false,
                }
                true
            }
        }

        #(#enums)*
    }
}

/// Emit the whole generated file for a machine.
pub fn emit_machine(machine: &Machine, lowered: &Lowered) -> Result<String, String> {
    let m = &machine.manifest;
    let cx = Cx {
        entry: machine
            .states
            .iter()
            .filter(|(_, d)| !d.on_entry.is_empty())
            .map(|(n, d)| (n.as_str(), d.on_entry.as_slice()))
            .collect(),
        current: ident("Unused"),
    };
    let base = &m.anchor_base;
    let n_states = lowered.states.len();
    let variants: Vec<Ident> = lowered.states.iter().map(|s| ident(&s.variant)).collect();
    let variant_docs: Vec<String> =
        lowered.states.iter().map(|s| format!(" [{}]({}{})", s.heading, base, s.id)).collect();
    let names: Vec<&str> = lowered.states.iter().map(|s| s.name.as_str()).collect();
    let headings: Vec<&str> = lowered.states.iter().map(|s| s.heading.as_str()).collect();
    let urls: Vec<String> = lowered.states.iter().map(|s| format!("{}{}", base, s.id)).collect();
    let fns: Vec<Ident> = names.iter().map(|n| ident(n)).collect();
    let state_fns: Vec<TokenStream> = lowered
        .states
        .iter()
        .filter_map(|s| {
            let cx = Cx { entry: cx.entry.clone(), current: ident(&s.variant) };
            state_fn(&cx, s, base, lowered.fusion.as_ref())
        })
        .collect();
    let fused_fn = lowered.fusion.as_ref().map(|f| fused_fn(&cx.entry, lowered, f)).unwrap_or_default();

    // `const`, not `static`: every use is promoted to a constant in the crate that instantiates
    // the (generic) tokenizer, so the compiler sees the set there and folds which scan applies
    // and where its needles are; a `static` of this crate is an opaque global to the others
    // (issue 13: statemark/sink 151.6M -> 143.1M, XML5 tokenizer 234.2M -> 213.5M instructions).
    let homes: BTreeSet<&str> = lowered.fusion.as_ref().map(|f| f.homes()).unwrap_or_default();
    let stops: Vec<TokenStream> = lowered
        .states
        .iter()
        .filter_map(|s| {
            let scan = s.scan.as_ref()?;
            let n = stop_name(s);
            let doc = format!(" Bytes that end the bulk scan of the {}.", s.heading);
            let bytes = Literal::byte_string(&scan.stop);
            // The states the fused path comes back to after a token scan the runs between
            // tokens, mostly empty or one byte: their scan tests those bytes first.
            let make = if homes.contains(s.name.as_str()) { quote!(between_tokens) } else { quote!(new) };
            let quiet = scan.quiet_stop.as_ref().map(|q| {
                let n = quiet_name(s);
                let doc = format!(
                    " The bytes of [`{}`] but those that only start a character reference: the scan's set when \
                     nobody reads what a reference would produce.",
                    stop_name(s)
                );
                let bytes = Literal::byte_string(q);
                quote! {
                    #[doc = #doc]
                    const #n: StopSet = StopSet::#make(#bytes);
                }
            });
            Some(quote! {
                #[doc = #doc]
                const #n: StopSet = StopSet::#make(#bytes);
                #quiet
            })
        })
        .collect();
    let scan_states: Vec<&str> = lowered.states.iter().filter(|s| s.scan.is_some()).map(|s| s.name.as_str()).collect();
    let scan_doc = format!(" States with a derived bulk scan: {}.", scan_states.join(", "));

    let errs = &machine.errors;
    let err_variants: Vec<Ident> = errs.errors.iter().map(|e| ident(&camel(&e.code))).collect();
    let err_codes: Vec<&str> = errs.errors.iter().map(|e| e.code.as_str()).collect();
    let err_docs: Vec<String> = errs
        .errors
        .iter()
        .map(|e| match (&errs.anchor_base, &e.anchor) {
            (Some(b), Some(a)) => format!(" [`{}`]({}{}): {}", e.code, b, a, doc_text(&e.summary)),
            _ => format!(" `{}`: {}", e.code, doc_text(&e.summary)),
        })
        .collect();
    let err_urls: Vec<TokenStream> = errs
        .errors
        .iter()
        .map(|e| match (&errs.anchor_base, &e.anchor) {
            (Some(b), Some(a)) => {
                let u = format!("{b}{a}");
                quote! { Some(#u) }
            }
            _ => quote! { None },
        })
        .collect();
    let n_errs = errs.errors.len();
    let err_enum_doc = format!(" The parse errors of the {} ({}).", m.spec_title, errs.provenance);
    let state_enum_doc = format!(" The tokenizer states of {} ({}), in spec order.", m.spec_title, m.spec_version);
    let initial = ident(&camel(&m.initial_state));
    let module = m.runtime_module.as_deref().unwrap_or(&m.machine);
    let machine_mod: syn::Path = syn::parse_str(module)
        .map_err(|e| format!("emit {}: runtime_module {module:?} is not a Rust path: {e}", m.machine))?;

    // An edition compiles only behind its feature; the module declaration stays unconditional,
    // so the gate lives in one place, the manifest.
    let gate = match &m.feature {
        Some(f) => quote! { #![cfg(feature = #f)] },
        None => quote! {},
    };

    let flags = flags_code(&m.machine, &m.flags);
    let on_end_tag = if m.on_end_tag_emitted.is_empty() {
        quote! {}
    } else {
        let acts = cx.actions(&m.on_end_tag_emitted);
        quote! {
            /// What the spec does whenever an end tag token is emitted (the manifest's
            /// `on_end_tag_emitted`); the machine's own `emit_tag` calls it.
            #[inline]
            pub(crate) fn on_end_tag_emitted(&mut self) {
                #acts
            }
        }
    };

    let marker = ident(&camel(&m.machine));
    let machine_name = m.machine.as_str();
    let marker_doc = format!(
        " The {} machine ({}, {}): the marker type that plugs its tables into the driver.",
        m.machine, m.spec_title, m.spec_version
    );
    let file = quote! {
        #gate
        use crate::core::{Consumed, Look, SinkFacts, Src, Step, StopSet};
        use crate::driver::{Drive, Error, Feedback, Machine, Tables, TokenQueue, Tokenizer};
        use crate::#machine_mod::Sink;
        use crate::token::Attribute;
        use crate::Span;

        #[doc = #marker_doc]
        #[derive(Clone, Copy, Debug)]
        pub enum #marker {}

        impl Tables for #marker {
            type State = State;
            type ParseError = ParseError;
            const NAME: &'static str = #machine_name;
            const INITIAL: State = State::INITIAL;
            const STATES: &'static [State] = &State::ALL;
            fn state_name(state: State) -> &'static str {
                state.name()
            }
            fn state_from_name(name: &str) -> Option<State> {
                State::from_name(name)
            }
            fn error_code(error: ParseError) -> &'static str {
                error.code()
            }
        }

        impl<'i> Sink<'i> for TokenQueue<'i, #marker> {
            #[inline]
            fn token(&mut self, token: <#marker as Machine>::Token<'i>, span: Span) -> <#marker as Machine>::Feedback {
                self.push(token, span);
                Default::default()
            }
            fn error(&mut self, error: Error<ParseError>) {
                self.push_error(error);
            }
            fn wants_errors(&self) -> bool {
                self.collects_errors()
            }
            #[cfg(feature = "trace")]
            fn trace(&mut self, state: State, case: u16) {
                self.push_trace(state, case);
            }
        }

        impl<'i, S: Sink<'i>> Drive<'i, S> for #marker {
            const FACTS: SinkFacts = crate::#machine_mod::sink_facts::<'i, S>();
            #[inline(always)]
            fn step(t: &mut Tokenizer<'i, Self, S>) -> Step {
                t.step()
            }
            /// What the sink returns read as a state switch (`()`, for a sink that never asks
            /// for one, is an argument like any other here).
            #[allow(clippy::unit_arg)]
            #[inline(always)]
            fn token(sink: &mut S, token: Self::Token<'i>, span: Span) -> Option<State> {
                Feedback::switch_to(sink.token(token, span))
            }
            #[inline(always)]
            fn character_run(sink: &mut S, text: std::borrow::Cow<'i, str>, span: Span) {
                sink.characters(text, span);
            }
            #[inline]
            fn error(sink: &mut S, error: Error<ParseError>) {
                sink.error(error);
            }
            #[inline]
            fn wants_errors(sink: &S) -> bool {
                sink.wants_errors()
            }
            #[inline]
            fn spare_attributes(sink: &mut S) -> Option<Vec<Attribute<'i>>> {
                sink.spare_attributes()
            }
            #[cfg(feature = "trace")]
            #[inline(always)]
            fn trace(sink: &mut S, state: State, case: u16, at: usize) {
                sink.trace_at(state, case, at);
            }
        }

        #[doc = #state_enum_doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum State {
            #(#[doc = #variant_docs] #variants,)*
        }

        impl State {
            /// Every state, in spec order.
            pub const ALL: [State; #n_states] = [#(State::#variants),*];
            /// The state the tokenizer starts in.
            pub const INITIAL: State = State::#initial;

            /// The state's name: the RON file, the function and the snapshot are called this.
            pub fn name(self) -> &'static str {
                match self { #(State::#variants => #names,)* }
            }

            /// The spec's heading for the state.
            pub fn heading(self) -> &'static str {
                match self { #(State::#variants => #headings,)* }
            }

            /// Link to the state's definition in the spec.
            pub fn spec_url(self) -> &'static str {
                match self { #(State::#variants => #urls,)* }
            }

            /// The state with this name (`data_state`) or heading (`Data state`).
            pub fn from_name(name: &str) -> Option<State> {
                State::ALL.into_iter().find(|s| s.name() == name || s.heading() == name)
            }
        }

        #[doc = #err_enum_doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ParseError {
            #(#[doc = #err_docs] #err_variants,)*
        }

        impl ParseError {
            /// Every code, in the order the error list declares them.
            pub const ALL: [ParseError; #n_errs] = [#(ParseError::#err_variants),*];

            /// The code as the spec writes it (kebab-case).
            pub fn code(self) -> &'static str {
                match self { #(ParseError::#err_variants => #err_codes,)* }
            }

            /// Link to the code's definition, where the spec has one.
            pub fn spec_url(self) -> Option<&'static str> {
                match self { #(ParseError::#err_variants => #err_urls,)* }
            }

            /// The error with this code.
            pub fn from_code(code: &str) -> Option<ParseError> {
                ParseError::ALL.into_iter().find(|e| e.code() == code)
            }
        }

        impl std::fmt::Display for ParseError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.code())
            }
        }

        impl<'i, S: Sink<'i>> Tokenizer<'i, #marker, S> {
            /// Run the current state once.
            #[inline]
            pub(crate) fn step(&mut self) -> Step {
                match self.state {
                    #(State::#variants => self.#fns(),)*
                }
            }

            #(#state_fns)*

            #fused_fn
            #on_end_tag
        }

        #[doc = #scan_doc]
        pub const SCAN_STATES: &[&str] = &[#(#scan_states),*];

        #(#stops)*

        #flags
    };
    let syntax: syn::File =
        syn::parse2(file).map_err(|e| format!("emit {}: generated code does not parse: {e}", m.machine))?;
    let pretty = prettyplease::unparse(&syntax);
    let mut out = String::new();
    out.push_str(&format!(
        "//! The {} tokenizer: states, parse errors and one function per state.\n//!\n\
         //! Generated by `cargo xtask regenerate` from spec/{}/tokenizer.ron, spec/{}/errors.ron and\n\
         //! the {} files of spec/{}/tokenizer/ ({}, {}). Do not edit: change the tables and regenerate.\n\n",
        m.machine, m.machine, m.machine, n_states, m.machine, m.spec_title, m.spec_version
    ));
    for line in pretty.lines() {
        let t = line.trim_start();
        let indent = &line[..line.len() - t.len()];
        if let Some(label) = t.strip_prefix(&format!("\"{OPEN}")) {
            out.push_str(&format!("{indent}{}: {{\n", label.trim_end_matches("\";")));
        } else if let Some(label) = t.strip_prefix(&format!("\"{CLOSE}")) {
            out.push_str(&format!("{indent}}} // {}\n", label.trim_end_matches("\";")));
        } else if let Some(rest) = t.strip_prefix(&format!("\"{MARK}")) {
            let text = rest.trim_end_matches("\";").replace("\\\"", "\"").replace("\\\\", "\\");
            out.push_str(indent);
            out.push_str("// spec: ");
            out.push_str(&text);
            out.push('\n');
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::doc_text;

    #[test]
    fn doc_text_escapes_markup_and_markdown() {
        assert_eq!(doc_text("e.g., <script><!-- foo & more"), r"e.g., \<script\>\<!\-\- foo \& more");
        assert_eq!(doc_text("U+0060 (`) or U+005F (_), *a* [b] \\"), r"U+0060 (\`) or U+005F (\_), \*a\* \[b\] \\");
        assert_eq!(doc_text("SYSTEM http://a/b\">"), r#"SYSTEM http\://a/b\"\>"#);
        assert_eq!(doc_text("--!> and non-void"), r"\-\-!\> and non-void");
        assert_eq!(doc_text("<b ay='x'>"), r"\<b ay=\'x\'\>");
        assert_eq!(doc_text("plain text: no change."), "plain text: no change.");
    }
}
