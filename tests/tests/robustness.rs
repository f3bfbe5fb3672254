//! Bad input never panics; every byte of the input is accounted for by some token's span; input
//! fed in chunks gives what the whole input gives; pathological inputs stay linear.

use proptest::prelude::*;
use statemark::Span;
use statemark::html::{Control, Error, Options, Sink, State, Token, Tokenizer};

/// Collects owned tokens, spans and errors.
#[derive(Default)]
struct Collect {
    tokens: Vec<(Token<'static>, Span)>,
    errors: Vec<Error>,
}

impl<'i> Sink<'i> for Collect {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.tokens.push((token.into_owned(), span));
        Control::Continue
    }
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }
    fn wants_errors(&self) -> bool {
        true
    }
}

fn whole(input: &str, state: State) -> Collect {
    let mut t =
        Tokenizer::with_sink(input, Options { initial_state: Some(state), ..Default::default() }, Collect::default());
    t.run();
    t.into_sink()
}

fn chunked(chunks: &[&str], state: State) -> Collect {
    let mut t = Tokenizer::streaming(Options { initial_state: Some(state), ..Default::default() }, Collect::default());
    for c in chunks {
        t.feed(c);
    }
    t.finish();
    t.into_sink()
}

/// Spans tile the input: each starts where the previous ended, the first at 0, and the
/// end-of-file token sits at the end, so character data plus markup accounts for every byte.
fn check_accounts_for_input(input: &str, got: &Collect) {
    let mut at = 0;
    for (t, s) in &got.tokens {
        assert_eq!(s.start, at, "span of {t:?} does not start where the previous token ended, input {input:?}");
        assert!(s.end >= s.start);
        at = s.end;
    }
    assert_eq!(got.tokens.last().map(|(t, _)| t), Some(&Token::Eof), "no EOF token for {input:?}");
    assert_eq!(at, input.len(), "spans end before the input does: {input:?}");
}

const STATES: [State; 6] = [
    State::DataState,
    State::RcdataState,
    State::RawtextState,
    State::ScriptDataState,
    State::PlaintextState,
    State::CdataSectionState,
];

fn markupish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("<".to_owned()),
        Just(">".to_owned()),
        Just("</".to_owned()),
        Just("<!--".to_owned()),
        Just("-->".to_owned()),
        Just("<!DOCTYPE".to_owned()),
        Just("<?".to_owned()),
        Just("?>".to_owned()),
        Just("&".to_owned()),
        Just("&amp".to_owned()),
        Just("&#x".to_owned()),
        Just(";".to_owned()),
        Just("=".to_owned()),
        Just("\"".to_owned()),
        Just("'".to_owned()),
        Just("/".to_owned()),
        Just("\r\n".to_owned()),
        Just("\r".to_owned()),
        Just("\0".to_owned()),
        Just("<![CDATA[".to_owned()),
        Just("]]>".to_owned()),
        Just("script".to_owned()),
        Just("PUBLIC".to_owned()),
        Just(" ".to_owned()),
        "[a-zA-Z0-9]{1,4}",
        "\\PC{1,3}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_terminate_and_account_for_input(s in "\\PC{0,64}", st in 0usize..6) {
        let got = whole(&s, STATES[st]);
        check_accounts_for_input(&s, &got);
    }

    #[test]
    fn random_bytes_decoded_lossily(bytes in prop::collection::vec(any::<u8>(), 0..96), st in 0usize..6) {
        let s = String::from_utf8_lossy(&bytes).into_owned();
        let got = whole(&s, STATES[st]);
        check_accounts_for_input(&s, &got);
    }

    #[test]
    fn markup_like_strings(s in markupish(), st in 0usize..6) {
        let got = whole(&s, STATES[st]);
        check_accounts_for_input(&s, &got);
        // One character at a time gives the same tokens, spans and errors.
        let chars: Vec<String> = s.chars().map(String::from).collect();
        let refs: Vec<&str> = chars.iter().map(String::as_str).collect();
        let split = chunked(&refs, STATES[st]);
        prop_assert_eq!(&split.tokens, &got.tokens);
        prop_assert_eq!(&split.errors, &got.errors);
    }
}

#[test]
fn every_two_chunk_split_matches_whole() {
    let input = "<!DOCTYPE html PUBLIC \"-//W3C\" 'x'><p class=\"a&amp;b\" id=x>Hi &notin; &noti; &#x41;\r\n\
                 <!-- c --><?pi data?><script>if (a<b) {}</script><a href=?x&y=1>t</a>";
    let want = whole(input, State::DataState);
    for (i, _) in input.char_indices().skip(1) {
        let got = chunked(&[&input[..i], &input[i..]], State::DataState);
        pretty_assertions::assert_eq!(got.tokens, want.tokens, "split at {i}");
        assert_eq!(got.errors, want.errors, "split at {i}");
    }
}

#[test]
fn fifty_thousand_attributes_are_linear() {
    let mut s = String::from("<a");
    for i in 0..50_000 {
        s.push_str(&format!(" a{i}=v"));
    }
    s.push_str(" a7=dup>");
    let got = whole(&s, State::DataState);
    let Token::StartTag(tag) = &got.tokens[0].0 else { panic!("expected a start tag") };
    assert_eq!(tag.attributes.len(), 50_000);
    assert_eq!(got.errors.len(), 1);
    assert_eq!(got.errors[0].code.code(), "duplicate-attribute");
}

#[test]
fn many_duplicates_of_one_attribute() {
    let s = format!("<a {}>", "x=1 ".repeat(50_000));
    let got = whole(&s, State::DataState);
    let Token::StartTag(tag) = &got.tokens[0].0 else { panic!("expected a start tag") };
    assert_eq!(tag.attributes.len(), 1);
    assert_eq!(got.errors.len(), 49_999);
}

#[test]
fn tokens_borrow_from_the_input() {
    let input = "<div class=main>Hello</div>";
    let toks: Vec<Token> = statemark::html::tokenize(input).collect();
    let Token::StartTag(tag) = &toks[0] else { panic!() };
    assert!(matches!(tag.name, std::borrow::Cow::Borrowed("div")));
    assert!(matches!(tag.attributes[0].value, std::borrow::Cow::Borrowed("main")));
    assert!(matches!(toks[1], Token::Characters(std::borrow::Cow::Borrowed("Hello"))));
}
