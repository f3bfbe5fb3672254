//! A sink that reads less (`html::Sink::reads`) gets the same tokens as one that reads everything,
//! less only what it said it does not read: on every html5lib-tests tokenizer input and initial
//! state, with errors on and off, whole and fed one character at a time, each `Reads` variant
//! gives the same token kinds, tag names, self-closing flags, comments, DOCTYPEs, spans and parse
//! errors as `Reads::ALL`, with attribute lists, attribute values or character text empty exactly
//! where they were left out. The full sink itself (driven by `run`, where the fused path goes on
//! from token to token) is checked against the iterator (one step at a time), which the
//! html5lib suite checks. A sink that declares at compile time that it reads no text and no
//! errors (`Sink::READS_TEXT`, `Sink::WANTS_ERRORS`: the tokenizer compiled for it tests no
//! such flag) gets what the same sink saying so at run time gets, whole and chunked.

use statemark::Span;
use statemark::html::{Control, Error, Options, Reads, Sink, State, Token, Tokenizer};
use statemark_tests::{suite, tokenizer_inputs};

/// Everything the tokenizer hands over, owned.
#[derive(Default)]
struct Recorder {
    reads: Option<Reads>,
    errors_on: bool,
    tokens: Vec<(Token<'static>, Span)>,
    errors: Vec<Error>,
}

impl<'i> Sink<'i> for Recorder {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.tokens.push((token.into_owned(), span));
        Control::Continue
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        self.errors_on
    }
    fn reads(&self) -> Reads {
        self.reads.unwrap_or(Reads::ALL)
    }
}

/// [`Recorder`] that also says at compile time that it reads no text and wants no errors.
struct Declared(Recorder);

impl<'i> Sink<'i> for Declared {
    const READS_TEXT: bool = false;
    const WANTS_ERRORS: bool = false;
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.0.token(token, span)
    }
    fn reads(&self) -> Reads {
        self.0.reads()
    }
}

/// Tokens a [`Declared`] sink reading `reads` gets, whole input (`chunked` false) or fed one
/// character at a time.
fn declared(input: &str, state: State, last: Option<&str>, reads: Reads, chunked: bool) -> Vec<(Token<'static>, Span)> {
    let sink = Declared(Recorder { reads: Some(reads), ..Recorder::default() });
    if chunked {
        let mut t = Tokenizer::streaming(options(state, last), sink);
        for (i, c) in input.char_indices() {
            t.feed(&input[i..i + c.len_utf8()]);
        }
        t.finish();
        t.into_sink().0.tokens
    } else {
        let mut t = Tokenizer::with_sink(input, options(state, last), sink);
        t.run();
        t.into_sink().0.tokens
    }
}

type Recorded = (Vec<(Token<'static>, Span)>, Vec<Error>);

fn options(state: State, last_start_tag: Option<&str>) -> Options {
    // The states as given: the switching tracker would read attributes whatever the sink says.
    Options {
        initial_state: Some(state),
        last_start_tag: last_start_tag.map(str::to_owned),
        ..Options::without_switching()
    }
}

fn whole(input: &str, state: State, last: Option<&str>, reads: Reads, errors_on: bool) -> Recorded {
    let sink = Recorder { reads: Some(reads), errors_on, ..Recorder::default() };
    let mut t = Tokenizer::with_sink(input, options(state, last), sink);
    t.run();
    let r = t.into_sink();
    (r.tokens, r.errors)
}

fn chunked(input: &str, state: State, last: Option<&str>, reads: Reads, errors_on: bool) -> Recorded {
    let sink = Recorder { reads: Some(reads), errors_on, ..Recorder::default() };
    let mut t = Tokenizer::streaming(options(state, last), sink);
    for (i, c) in input.char_indices() {
        t.feed(&input[i..i + c.len_utf8()]);
    }
    t.finish();
    let r = t.into_sink();
    (r.tokens, r.errors)
}

/// What a sink reading `reads` should get, from what the full sink got.
fn leave_out(tokens: &[(Token<'static>, Span)], reads: Reads) -> Vec<(Token<'static>, Span)> {
    tokens
        .iter()
        .cloned()
        .map(|(mut t, span)| {
            match &mut t {
                Token::StartTag(tag) | Token::EndTag(tag) => {
                    if !reads.attributes {
                        tag.attributes.clear();
                    } else if !reads.attribute_values {
                        tag.attributes.iter_mut().for_each(|a| a.value = "".into());
                    }
                }
                Token::Characters(text) if !reads.text => *text = "".into(),
                _ => {}
            }
            (t, span)
        })
        .collect()
}

const VARIANTS: [(&str, Reads); 4] = [
    ("no attributes", Reads { attributes: false, ..Reads::ALL }),
    ("no attribute values", Reads { attribute_values: false, ..Reads::ALL }),
    ("no text", Reads { text: false, ..Reads::ALL }),
    ("structure only", Reads::STRUCTURE),
];

/// The iterator's tokens and errors.
fn iterated(input: &str, state: State, last: Option<&str>, errors_on: bool) -> Recorded {
    let mut t = Tokenizer::with_options(input, Options { errors: errors_on, ..options(state, last) });
    let mut tokens = Vec::new();
    while let Some((token, span)) = t.next_spanned() {
        tokens.push((token.into_owned(), span));
    }
    (tokens, t.take_errors())
}

/// Every difference for one input and initial state (empty: it passes).
fn check(input: &str, state: State, last: Option<&str>) -> Vec<String> {
    let mut problems = Vec::new();
    for errors_on in [true, false] {
        let (full, full_errors) = whole(input, state, last, Reads::ALL, errors_on);
        let (it_tokens, it_errors) = iterated(input, state, last, errors_on);
        if full != it_tokens || full_errors != it_errors {
            problems.push(format!(
                "run and iterator differ (errors {errors_on})\n  iterator {it_tokens:?} {it_errors:?}\n  run      {full:?} {full_errors:?}"
            ));
        }
        for (name, reads) in VARIANTS {
            let want = leave_out(&full, reads);
            let (tokens, errors) = whole(input, state, last, reads, errors_on);
            if tokens != want {
                problems.push(format!("{name} (errors {errors_on}): tokens\n  want {want:?}\n  got  {tokens:?}"));
            }
            if errors != full_errors {
                problems
                    .push(format!("{name} (errors {errors_on}): errors\n  want {full_errors:?}\n  got  {errors:?}"));
            }
            let split = chunked(input, state, last, reads, errors_on);
            if !errors_on {
                // Reading no text, declared at compile time: what `reads` without text gets.
                let reads = Reads { text: false, ..reads };
                let want = leave_out(&full, reads);
                for by_char in [false, true] {
                    let got = declared(input, state, last, reads, by_char);
                    if got != want {
                        problems.push(format!(
                            "{name}, declared (chunked {by_char}): tokens\n  want {want:?}\n  got  {got:?}"
                        ));
                    }
                }
            }
            if split != (tokens, errors) {
                problems.push(format!("{name} (errors {errors_on}): fed one character at a time differs"));
            }
        }
    }
    problems
}

fn main() {
    let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let (mut passed, mut failed) = (0usize, 0usize);
    let (mut attributes, mut characters) = (0usize, 0usize);
    let mut failures = Vec::new();
    for t in tokenizer_inputs(&dir.join("tokenizer")) {
        let (name, input, raw) = (&t.file, &t.input, &t.raw);
        let states = if t.states.is_empty() { vec!["Data state".to_owned()] } else { t.states.clone() };
        for st in &states {
            let state = State::from_name(st).unwrap_or_else(|| panic!("{name}: unknown state {st}"));
            let last = t.last_start_tag.as_deref();
            // What the variants had to leave out, so the run shows it tested something.
            let (full, _) = whole(input, state, last, Reads::ALL, false);
            for (tok, _) in &full {
                match tok {
                    Token::StartTag(tag) | Token::EndTag(tag) => attributes += tag.attributes.len(),
                    Token::Characters(_) => characters += 1,
                    _ => {}
                }
            }
            let problems = check(input, state, last);
            if problems.is_empty() {
                passed += 1;
            } else {
                failed += 1;
                failures.push(format!("{name} | {:?} | {raw:?} | {st}\n{}", t.description, problems.join("\n")));
            }
        }
    }
    for f in failures.iter().take(20) {
        println!("FAIL {f}");
    }
    println!("sink reads: {attributes} attributes and {characters} character tokens left out and compared");
    println!("sink reads: {passed} passed, {failed} failed");
    assert!(passed > 0, "no html5lib tokenizer case ran");
    if failed > 0 {
        std::process::exit(1);
    }
}
