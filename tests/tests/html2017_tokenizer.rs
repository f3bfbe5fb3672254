//! The 12.2.4 edition against the html5lib-tests tokenizer suite of its time
//! (`../shared/html5lib-tests-editions/2017-04/tokenizer/`): every test × every initial state,
//! tokens compared (adjacent characters merged) and parse errors compared by count and by place.
//! The suite has no codes: its errors are `"ParseError"` markers between the tokens, so an
//! error's place is the number of tokens other than characters before it (characters are split
//! around markers in the suite and merged here). Tests with `ignoreErrorOrder` compare the count
//! only. Where the suite and the 12.2.4 text disagree, the text wins: the case is listed in
//! `tests/expectations/html2017_tokenizer.json` with the output the text gives and the sentence
//! it follows; a listed case that starts matching the suite fails the run. The runner is the
//! shared one (`statemark_tests::tokenizer_suite`).

use serde_json::{Value, json};
use statemark::Span;
use statemark::editions::html2017::{Control, Error, Options, Sink, State, Token, Tokenizer};
use statemark_tests::token_json;
use statemark_tests::tokenizer_suite::{Outcome, SuiteMachine};

/// Records tokens and errors in the order the tokenizer reports them.
#[derive(Default)]
struct Rec {
    events: Vec<Value>,
}

impl<'i> Sink<'i> for Rec {
    fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
        if let Some(v) = token_json(&token) {
            self.events.push(v);
        }
        Control::Continue
    }
    fn error(&mut self, _: Error) {
        self.events.push(json!("ParseError"));
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

/// The 12.2.4 edition as the suite of its time sees it.
struct Html2017;

impl SuiteMachine for Html2017 {
    const LABEL: &'static str = "html5lib-2017 tokenizer";
    const SUITE: (&'static str, &'static str) = ("HTML5LIB_TESTS_2017", "html5lib-tests-editions/2017-04");
    const EXPECTATIONS: &'static str = "html2017_tokenizer.json";
    const CODED: bool = false;

    fn run(input: &str, start: &str, last_start_tag: Option<&str>) -> Outcome {
        // The suite names states by heading ("RCDATA state"); the edition has them all.
        let state = State::from_name(start).unwrap_or_else(|| panic!("unknown state {start}"));
        let options = Options {
            initial_state: Some(state),
            last_start_tag: last_start_tag.map(str::to_owned),
            errors: true,
            switching: false,
        };
        let mut t = Tokenizer::for_input(input, options, Rec::default());
        t.run();
        Outcome::from_events(&t.into_sink().events)
    }

    fn cites(reason: &str) -> bool {
        reason.contains("12.2.4.")
    }
}

fn main() {
    statemark_tests::tokenizer_suite::main::<Html2017>();
}
