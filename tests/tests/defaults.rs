//! The defaults a new user meets (issue 23's traps): each test here failed before the default
//! was fixed. Streaming tokenizers switch states as a document does; unlabelled bytes decode
//! the same in the library and the command; the XML declaration's `encoding` is read inside
//! the declaration only; an unknown encoding label is an error.

use statemark::Span;
use statemark::html::{Control, Options, Sink, Token, Tokenizer};

/// Keeps every token.
#[derive(Default)]
struct Record(Vec<Token<'static>>);

impl<'i> Sink<'i> for Record {
    fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
        self.0.push(token.into_owned());
        Control::Continue
    }
}

/// The character runs among `tokens`, joined per run.
fn texts(tokens: &[Token<'_>]) -> Vec<String> {
    tokens
        .iter()
        .filter_map(|t| match t {
            Token::Characters(c) => Some(c.to_string()),
            _ => None,
        })
        .collect()
}

const SCRIPT: &str = "<script>a<b</script><title>&amp;<i></title>";

#[test]
fn every_tokenizer_constructor_switches_states_as_a_document_does() {
    let want = ["a<b", "&<i>"];
    // A sink over a whole string.
    let mut t = Tokenizer::with_sink(SCRIPT, Options::default(), Record::default());
    t.run();
    assert_eq!(texts(&t.into_sink().0), want, "with_sink");
    // A sink over chunks, split inside the script's text.
    let mut t = Tokenizer::streaming(Options::default(), Record::default());
    for chunk in ["<script>a<", "b</scr", "ipt><title>&am", "p;<i></title>"] {
        t.feed(chunk);
    }
    t.finish();
    assert_eq!(texts(&t.into_sink().0), want, "streaming");
    // The iterator with options.
    let tokens: Vec<_> = Tokenizer::with_options(SCRIPT, Options::default()).collect();
    assert_eq!(texts(&tokens), want, "with_options");
}

#[test]
fn states_as_given_is_an_explicit_choice() {
    let mut t = Tokenizer::streaming(Options::without_switching(), Record::default());
    t.feed(SCRIPT);
    t.finish();
    let tokens = t.into_sink().0;
    assert!(tokens.iter().any(|t| matches!(t, Token::StartTag(tag) if tag.name == "b<")), "{tokens:?}");
}

#[test]
fn a_tree_builder_is_not_second_guessed() {
    use statemark::dom::Dom;
    use statemark::html::tree::{TreeBuilder, TreeOptions};
    // With scripting off, `<noscript>` in the head holds elements: the tokenizer's own tracker
    // (which follows scripting on) would have made its content raw text.
    let input = "<head><noscript><style>x</style></noscript></head><p>y";
    let off = TreeOptions { scripting: false };
    let want = statemark::html::parse_document_with(input, off).to_test_format();
    let mut t = Tokenizer::streaming(Options::default(), TreeBuilder::new(Dom::new(), off));
    t.feed(input);
    t.finish();
    assert_eq!(t.into_sink().into_sink().to_test_format(), want);
    assert!(want.contains("<style>"), "{want}");
}
