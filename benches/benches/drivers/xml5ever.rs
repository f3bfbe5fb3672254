//! xml5ever: the tokenizer with a counting TokenSink, and parse_document into RcDom.

use markup5ever_rcdom::RcDom;
use std::cell::Cell;
use std::hint::black_box;
use xml5ever::buffer_queue::BufferQueue;
use xml5ever::driver::{XmlParseOpts, parse_document};
use xml5ever::tendril::{StrTendril, TendrilSink};
use xml5ever::tokenizer::{ProcessResult, Token, TokenSink, XmlTokenizer, XmlTokenizerOpts};

/// xml5ever's sinks take `&self`, hence the `Cell`.
#[derive(Default)]
struct Counter(Cell<usize>);

impl TokenSink for Counter {
    type Handle = ();

    fn process_token(&self, token: Token) -> ProcessResult<()> {
        let n = match token {
            Token::Tag(tag) => {
                let attrs: usize = tag.attrs.iter().map(|a| a.name.local.len() + a.value.len()).sum();
                tag.name.local.len() + attrs
            }
            Token::Characters(text) | Token::Comment(text) => text.len(),
            Token::ProcessingInstruction(pi) => pi.target.len() + pi.data.len(),
            Token::Doctype(d) => {
                [&d.name, &d.public_id, &d.system_id].iter().map(|s| s.as_ref().map_or(0, |s| s.len())).sum()
            }
            Token::NullCharacter => 1,
            Token::EndOfFile | Token::ParseError(_) => 0,
        };
        self.0.set(self.0.get() + n);
        ProcessResult::Continue
    }
}

pub fn tokenizer(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let tokenizer = XmlTokenizer::new(Counter::default(), XmlTokenizerOpts::default());
        let queue = BufferQueue::default();
        queue.push_back(StrTendril::from_slice(black_box(doc)));
        let _ = tokenizer.feed(&queue);
        tokenizer.end();
        total += tokenizer.sink.0.get();
    }
    total
}

pub fn rcdom(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let dom = parse_document(RcDom::default(), XmlParseOpts::default()).one(black_box(doc.as_str()));
        total += dom.document.children.borrow().len();
    }
    total
}
