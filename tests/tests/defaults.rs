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
    let off = TreeOptions::with_scripting(false);
    let want = statemark::html::parse_document_with(input, off).to_test_format();
    let mut t = Tokenizer::streaming(Options::default(), TreeBuilder::new(Dom::new(), off));
    t.feed(input);
    t.finish();
    assert_eq!(t.into_sink().into_sink().to_test_format(), want);
    assert!(want.contains("<style>"), "{want}");
}

#[test]
fn unlabelled_utf8_decodes_as_utf8_by_default() {
    use statemark::encoding::EncodingOptions;
    let page = "<!doctype html><title>Menu</title><p>Café crème, déjà vu".as_bytes();
    let parsed = statemark::html::parse_bytes(page, &EncodingOptions::default(), Default::default());
    assert_eq!(parsed.encoding.name(), "UTF-8");
    assert!(parsed.dom.to_test_format().contains("Café crème"));
    // The switch: without detection, the fixed default (windows-1252).
    let fixed = EncodingOptions { detect: false, ..EncodingOptions::default() };
    let parsed = statemark::html::parse_bytes(page, &fixed, Default::default());
    assert_eq!(parsed.encoding.name(), "windows-1252");
    assert!(parsed.dom.to_test_format().contains("CafÃ©"));
}

#[test]
fn the_xml_declaration_s_encoding_is_read_inside_the_declaration_only() {
    use statemark::encoding::{EncodingOptions, prescan, sniff};
    let page = b"<?xml version=\"1.0\"?><p title=\"encoding='koi8-r'\">x";
    assert_eq!(prescan(page), None);
    assert_ne!(sniff(page, &EncodingOptions::default()).encoding.name(), "KOI8-R");
    assert_eq!(statemark::encoding::sniff_xml(page).name(), "UTF-8");
}

#[test]
fn an_unknown_label_is_an_error_that_names_it() {
    use statemark::encoding::{EncodingOptions, encoding_for_label};
    let e = encoding_for_label("klingon").unwrap_err();
    assert!(e.to_string().contains("klingon"));
    assert!(EncodingOptions::with_label("klingon").is_err());
    assert_eq!(encoding_for_label("latin1").unwrap().name(), "windows-1252");
}

#[test]
fn a_reader_tokenizes_streaming_in_the_sniffed_encoding_with_switching() {
    use statemark::encoding::EncodingOptions;
    // Past the first read's 64 KiB, the script's text must still be text.
    let mut page = b"<!doctype html><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4".to_vec();
    page.extend(std::iter::repeat_n(b'x', 70_000));
    page.extend(b"<script>a<b</script>");
    let tokens: Vec<Token<'static>> =
        statemark::html::tokenize_reader(&page[..], &EncodingOptions::default()).collect::<Result<_, _>>().unwrap();
    let texts = texts(&tokens);
    assert!(texts.first().is_some_and(|t| t.starts_with("Привет")));
    // The run of x may come in pieces, one per read.
    assert_eq!(texts.iter().map(|t| t.matches('x').count()).sum::<usize>(), 70_000);
    assert_eq!(texts.last().map(String::as_str), Some("a<b"));
    assert!(matches!(tokens.last(), Some(Token::Eof)));
}

#[test]
fn the_2017_edition_switches_states_as_a_document_does_too() {
    use statemark::editions::html2017::{Options as Options2017, Token as T, Tokenizer as Tokenizer2017, tokenize};
    let tokens: Vec<T> = tokenize(SCRIPT).map(T::into_owned).collect();
    assert_eq!(texts(&tokens), ["a<b", "&<i>"]);
    let tokens: Vec<T> = Tokenizer2017::with_options(SCRIPT, Options2017::without_switching()).collect();
    assert!(tokens.iter().any(|t| matches!(t, T::StartTag(tag) if tag.name == "b<")), "{tokens:?}");
}

#[test]
fn both_parsers_return_the_same_shape() {
    use statemark::Parsed;
    let html: Parsed<statemark::html::HtmlError> =
        statemark::html::parse_with_errors("<p>x</div>", statemark::html::TreeOptions::default());
    let xml: Parsed<statemark::xml5::TreeError> = statemark::xml5::parse_with_errors("<a><b></a>", true);
    assert_eq!((html.errors.len(), xml.errors.len()), (2, 1));
    // The tuple form is the same parse.
    let statemark::Parsed { dom, errors } =
        statemark::html::parse_with_errors("<p>x</div>", statemark::html::TreeOptions::default());
    assert_eq!((dom.to_test_format(), errors), (html.dom.to_test_format(), html.errors));
}

/// Reads attribute values as written.
#[derive(Default)]
struct RawRecord(Vec<Token<'static>>);

impl<'i> Sink<'i> for RawRecord {
    fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
        self.0.push(token.into_owned());
        Control::Continue
    }
    fn reads(&self) -> statemark::html::Reads {
        statemark::html::Reads::ALL_RAW_VALUES
    }
}

#[test]
fn raw_attribute_values_stay_raw_with_switching_on() {
    // The sink gets the value as written ...
    let mut t = Tokenizer::with_sink("<a href='?a=1&amp;b=2'>", Options::default(), RawRecord::default());
    t.run();
    let tokens = t.into_sink().0;
    assert!(matches!(&tokens[0], Token::StartTag(tag) if tag.attributes[0].value == "?a=1&amp;b=2"), "{tokens:?}");
    // ... and the tracker still decodes the `encoding` it compares: `text&#x2F;html` makes the
    // annotation-xml an HTML integration point, so `<x>` is HTML and `<![CDATA[` a bogus comment.
    let input = "<math><annotation-xml encoding='text&#x2F;html'><x><![CDATA[y]]>";
    let mut t = Tokenizer::with_sink(input, Options::default(), RawRecord::default());
    t.run();
    let raw = t.into_sink().0;
    let mut t = Tokenizer::with_sink(input, Options::default(), Record::default());
    t.run();
    let decoded = t.into_sink().0;
    assert!(raw.iter().any(|t| matches!(t, Token::Comment(c) if c == "[CDATA[y]]")), "{raw:?}");
    assert_eq!(raw.len(), decoded.len());
}
