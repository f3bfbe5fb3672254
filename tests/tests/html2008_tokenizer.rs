//! The 2008 draft edition against the html5lib-tests tokenizer suite of its time
//! (`../shared/html5lib-tests-editions/2007-09/tokenizer/`): every test × every content model
//! flag it names (`contentModelFlags`, mapped to the draft's content model flag), tokens
//! compared (adjacent characters merged; DOCTYPEs with the draft's correctness flag as the fifth
//! field) and parse errors compared by count and by place, through the shared runner
//! (`statemark_tests::tokenizer_suite`). Where the suite and the draft's text disagree, the text
//! wins: the case is listed in `tests/expectations/html2008_tokenizer.json` with the output the
//! text gives and the sentence it follows; a listed case that starts matching the suite fails
//! the run.

use serde_json::{Value, json};
use statemark::Span;
use statemark::editions::html2008::{Error, Options, Sink, Token, Tokenizer};
use statemark_tests::token_json;
use statemark_tests::tokenizer_suite::{Outcome, SuiteMachine};

/// Records tokens and errors in the order the tokenizer reports them.
#[derive(Default)]
struct Rec {
    events: Vec<Value>,
}

impl<'i> Sink<'i> for Rec {
    fn token(&mut self, token: Token<'i>, _span: Span) {
        if let Some(v) = token_json(&token) {
            self.events.push(v);
        }
    }
    fn error(&mut self, _: Error) {
        self.events.push(json!("ParseError"));
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

/// The 2008 draft as the suite of its time sees it.
struct Html2008;

impl SuiteMachine for Html2008 {
    const LABEL: &'static str = "html5lib-2007 tokenizer";
    const SUITE: (&'static str, &'static str) = ("HTML5LIB_TESTS_2007", "html5lib-tests-editions/2007-09");
    const EXPECTATIONS: &'static str = "html2008_tokenizer.json";
    const CODED: bool = false;

    /// The suite names content model flags, not states (html5lib-tests-editions/SOURCE.md).
    fn starts(test: &Value) -> Vec<String> {
        test["contentModelFlags"]
            .as_array()
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
            .unwrap_or_else(|| vec!["PCDATA".to_owned()])
    }

    fn run(input: &str, start: &str, last_start_tag: Option<&str>) -> Outcome {
        let mut options =
            Options { last_start_tag: last_start_tag.map(str::to_owned), errors: true, ..Options::default() };
        assert!(options.flags.set("content_model", start), "unknown content model flag {start}");
        let mut t = Tokenizer::for_input(input, options, Rec::default());
        t.run();
        Outcome::from_events(&t.into_sink().events)
    }

    fn cites(reason: &str) -> bool {
        reason.contains("2008-01-18 draft") && reason.contains('"')
    }
}

fn main() {
    statemark_tests::tokenizer_suite::main::<Html2008>();
}
