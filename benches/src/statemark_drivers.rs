//! statemark's side of the benchmarks: one function per API, each running over a set of
//! documents and returning a number derived from everything a real consumer would read.

use statemark::Span;
use statemark::html::{Control, Options, Reads, Sink, Token, Tokenizer, tokenize};
use std::borrow::Cow;
use std::hint::black_box;

/// The lengths of every string a real consumer would read: tag names, attribute names and
/// decoded values, text, comments. Summing them forces each field to be produced (and, where
/// the tokenizer owns it, allocated), so no parser is credited for work it skipped. The
/// comparison drivers read the same fields of their own tokens.
pub fn touch(token: &Token<'_>) -> usize {
    match token {
        Token::StartTag(tag) | Token::EndTag(tag) => {
            let attrs: usize = tag.attributes.iter().map(|a| a.name.len() + a.value.len()).sum();
            tag.name.len() + attrs + usize::from(tag.self_closing)
        }
        Token::Characters(text) | Token::Comment(text) => text.len(),
        Token::Doctype(d) => {
            [&d.name, &d.public_id, &d.system_id].iter().map(|s| s.as_deref().map_or(0, str::len)).sum()
        }
        Token::ProcessingInstruction(pi) => pi.target.len() + pi.data.len(),
        Token::Eof => 0,
    }
}

/// The HTML tokenizer through its iterator API.
pub fn iterator(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        for token in tokenize(black_box(doc)) {
            total += touch(&token);
        }
    }
    total
}

/// The HTML tokenizer through its lending iterator (`Tokenizer::next_ref`), every token read
/// in place.
pub fn iterator_lending(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut tokens = tokenize(black_box(doc));
        while let Some((token, _)) = tokens.next_ref() {
            total += touch(token);
        }
    }
    total
}

/// The cheapest sink: counts tokens and does nothing else with them, the analogue of lol_html
/// with no handlers (which also looks at nothing but still has to find every token's end). It
/// says so (`Sink::reads`: structure only, no attributes or text), and takes tags and character
/// runs through the cheapest honest API, `Sink::start_tag`/`end_tag` (a tag's name, flag and
/// span) and `Sink::characters` (a run's span), for which no token is built, counting each;
/// every other token (comments, DOCTYPEs, the end of file) arrives through `Sink::token`. Reading everything
/// ([`sink_reading_all`]) every tag comes through `token` with its attributes, and it hands
/// each tag's emptied attribute list back (`Sink::spare_attributes`), so that path allocates
/// nothing per tag either. `reads` is what it declares, and, known at compile time
/// (`Sink::READS_TEXT`, `Sink::WANTS_ERRORS`), that it never wants errors and, with
/// `STRUCTURE`, never reads text: the tokenizer compiled for it tests neither flag.
struct CountTokens<'i, const STRUCTURE: bool> {
    count: usize,
    spare: Option<Vec<statemark::html::Attribute<'i>>>,
    reads: Reads,
}

impl<'i, const STRUCTURE: bool> Sink<'i> for CountTokens<'i, STRUCTURE> {
    const READS_TEXT: bool = !STRUCTURE;
    const WANTS_ERRORS: bool = false;
    fn token(&mut self, token: Token<'i>, _span: Span) -> Control {
        self.count += 1;
        // Dropping the token here is part of the cost, as dropping lol_html's would be.
        match black_box(token) {
            Token::StartTag(tag) | Token::EndTag(tag) if tag.attributes.capacity() != 0 => {
                let mut list = tag.attributes;
                list.clear();
                self.spare = Some(list);
            }
            other => drop(other),
        }
        Control::Continue
    }
    fn start_tag(&mut self, _name: Cow<'i, str>, _self_closing: bool, _span: Span) -> Control {
        self.count += 1;
        Control::Continue
    }
    fn end_tag(&mut self, _name: Cow<'i, str>, _self_closing: bool, _span: Span) -> Control {
        self.count += 1;
        Control::Continue
    }
    fn characters(&mut self, _text: Cow<'i, str>, _span: Span) {
        self.count += 1;
    }
    fn spare_attributes(&mut self) -> Option<Vec<statemark::html::Attribute<'i>>> {
        self.spare.take()
    }
    fn reads(&self) -> Reads {
        self.reads
    }
}

fn count_tokens<const STRUCTURE: bool>(docs: &[String], reads: Reads) -> usize {
    let mut total = 0;
    for doc in docs {
        let sink = CountTokens::<STRUCTURE> { count: 0, spare: None, reads };
        // The tokenizer alone, as before switching became the default: the states as given.
        let mut tokenizer = Tokenizer::with_sink(black_box(doc), Options::without_switching(), sink);
        tokenizer.run();
        total += tokenizer.into_sink().count;
    }
    total
}

/// The HTML tokenizer through the cheapest sink (it reads no attributes and no text).
pub fn sink(docs: &[String]) -> usize {
    count_tokens::<true>(docs, Reads::STRUCTURE)
}

/// The same counting sink reading everything (`Reads::ALL`): what [`sink`] saves by saying so.
pub fn sink_reading_all(docs: &[String]) -> usize {
    count_tokens::<false>(docs, Reads::ALL)
}

/// The same counting sink reading everything with attribute values as written
/// (`Reads::ALL_RAW_VALUES`): what lazy decoding saves.
pub fn sink_reading_all_raw(docs: &[String]) -> usize {
    count_tokens::<false>(docs, Reads::ALL_RAW_VALUES)
}

/// HTML parse into the default DOM. Dropping the tree is part of the cost, as it is for
/// html5ever's RcDom.
pub fn parse(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let dom = statemark::html::parse_document(black_box(doc));
        black_box(&dom);
        total += 1;
    }
    total
}

/// The XML5 tokenizer through its iterator API, reading the same fields as [`touch`].
pub fn xml5_tokenizer(docs: &[String]) -> usize {
    use statemark::xml5::Token as X;
    let mut total = 0;
    for doc in docs {
        for token in statemark::xml5::tokenize(black_box(doc)) {
            total += match &token {
                X::StartTag(tag) | X::EmptyTag(tag) | X::EndTag(tag) => {
                    let attrs: usize = tag.attributes.iter().map(|a| a.name.len() + a.value.len()).sum();
                    tag.name.len() + attrs + usize::from(tag.self_closing)
                }
                X::Characters(text) | X::Comment(text) => text.len(),
                X::Doctype(d) => {
                    [&d.name, &d.public_id, &d.system_id].iter().map(|s| s.as_deref().map_or(0, str::len)).sum()
                }
                X::ProcessingInstruction(pi) => pi.target.len() + pi.data.len(),
                X::ShortEndTag | X::Eof => 0,
            };
        }
    }
    total
}

/// An XML5 sink reading the fields [`xml5_tokenizer`] reads; attribute values decoded by the
/// tokenizer, as written (`raw`), or as written and then decoded on request (`decode`).
struct Xml5Touch {
    total: usize,
    raw: bool,
    decode: bool,
}

impl<'i> statemark::xml5::Sink<'i> for Xml5Touch {
    fn token(&mut self, token: statemark::xml5::Token<'i>, _span: Span) {
        use statemark::xml5::Token as X;
        self.total += match black_box(&token) {
            X::StartTag(tag) | X::EmptyTag(tag) | X::EndTag(tag) => {
                let value =
                    |v: &str| if self.decode { statemark::xml5::decode_attribute_value(v).len() } else { v.len() };
                let attrs: usize = tag.attributes.iter().map(|a| a.name.len() + value(&a.value)).sum();
                tag.name.len() + attrs + usize::from(tag.self_closing)
            }
            X::Characters(text) | X::Comment(text) => text.len(),
            _ => 0,
        };
    }
    fn raw_attribute_values(&self) -> bool {
        self.raw
    }
}

fn xml5_touch(docs: &[String], raw: bool, decode: bool) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut t = statemark::xml5::Tokenizer::with_sink(black_box(doc), Xml5Touch { total: 0, raw, decode });
        t.run();
        total += t.into_sink().total;
    }
    total
}

/// The XML5 tokenizer through a sink, attribute values decoded by the tokenizer.
pub fn xml5_sink(docs: &[String]) -> usize {
    xml5_touch(docs, false, false)
}

/// The same sink with attribute values as written (`Sink::raw_attribute_values`).
pub fn xml5_sink_raw(docs: &[String]) -> usize {
    xml5_touch(docs, true, false)
}

/// The same, every value decoded on request (`xml5::decode_attribute_value`): quick-xml's lazy
/// unescaping of every attribute.
pub fn xml5_sink_raw_decoded(docs: &[String]) -> usize {
    xml5_touch(docs, true, true)
}

/// XML5 parse into the default DOM, dropped inside the measurement like xml5ever's RcDom.
pub fn xml5_parse(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let dom = statemark::xml5::parse(black_box(doc));
        black_box(&dom);
        total += 1;
    }
    total
}

/// statemark's APIs counted over `html-big`, by benchmark id: the one list both instruction
/// counters (`--bin instructions`, `--bench instructions`) run.
pub const HTML_BIG: &[crate::callgrind::Driver] = &[
    (crate::plan::SM_SINK.id, sink),
    ("statemark/sink-reading-all", sink_reading_all),
    ("statemark/sink-reading-all-raw", sink_reading_all_raw),
    (crate::plan::SM_ITERATOR.id, iterator),
    (crate::plan::SM_ITERATOR_LENDING.id, iterator_lending),
    (crate::plan::SM_PARSE.id, parse),
];

/// statemark's APIs counted over the XML corpus (see [`HTML_BIG`]).
pub const XML: &[crate::callgrind::Driver] = &[
    (crate::plan::SM_XML5_TOKENIZER.id, xml5_tokenizer),
    (crate::plan::SM_XML5_PARSE.id, xml5_parse),
    ("statemark/xml5-sink", xml5_sink),
    ("statemark/xml5-sink-raw", xml5_sink_raw),
    ("statemark/xml5-sink-raw-decoded", xml5_sink_raw_decoded),
];
