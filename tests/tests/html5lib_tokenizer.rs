//! html5lib-tests tokenizer suite: every test × every initial state, comparing tokens (adjacent
//! characters merged) and errors (code, line, column), through the shared runner
//! (`statemark_tests::tokenizer_suite`). Cases where the suite predates the current spec are
//! listed in `tests/expectations/html5lib_tokenizer.json` with the output the spec gives and the
//! reason; a listed case that matches upstream again fails the run.

use statemark::html::State;
use statemark_tests::run_tokenizer;
use statemark_tests::tokenizer_suite::{Errors, Outcome, SuiteMachine};

/// Today's HTML tokenizer as its suite sees it.
struct Html;

impl SuiteMachine for Html {
    const LABEL: &'static str = "html5lib tokenizer";
    const SUITE: (&'static str, &'static str) = ("HTML5LIB_TESTS", "html5lib-tests");
    const EXPECTATIONS: &'static str = "html5lib_tokenizer.json";
    const CODED: bool = true;

    fn run(input: &str, start: &str, last_start_tag: Option<&str>) -> Outcome {
        let state = State::from_name(start).unwrap_or_else(|| panic!("unknown state {start}"));
        let run = run_tokenizer(input, state, last_start_tag);
        Outcome { tokens: run.tokens, errors: Errors::Coded(run.errors) }
    }

    fn cites(reason: &str) -> bool {
        reason.contains('#')
    }
}

fn main() {
    statemark_tests::tokenizer_suite::main::<Html>();
}
