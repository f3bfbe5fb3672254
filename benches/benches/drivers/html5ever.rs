//! html5ever: the tokenizer with a counting TokenSink, and parse_document into RcDom.

use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::tokenizer::{BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use markup5ever_rcdom::RcDom;
use std::cell::Cell;
use std::hint::black_box;

/// html5ever's sinks take `&self`, hence the `Cell`.
#[derive(Default)]
struct Counter(Cell<usize>);

impl TokenSink for Counter {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        // The same fields statemark_drivers::touch reads.
        let n = match token {
            Token::TagToken(tag) => {
                let attrs: usize = tag.attrs.iter().map(|a| a.name.local.len() + a.value.len()).sum();
                tag.name.len() + attrs + usize::from(tag.self_closing)
            }
            Token::CharacterTokens(text) | Token::CommentToken(text) => text.len(),
            Token::DoctypeToken(d) => {
                [&d.name, &d.public_id, &d.system_id].iter().map(|s| s.as_ref().map_or(0, |s| s.len())).sum()
            }
            Token::NullCharacterToken => 1,
            Token::EOFToken | Token::ParseError(_) => 0,
        };
        self.0.set(self.0.get() + n);
        TokenSinkResult::Continue
    }
}

pub fn tokenizer(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let tokenizer = Tokenizer::new(Counter::default(), TokenizerOpts::default());
        let queue = BufferQueue::default();
        // Copying into a tendril is part of using html5ever on a &str.
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
        let dom = html5ever::parse_document(RcDom::default(), Default::default()).one(black_box(doc.as_str()));
        total += dom.document.children.borrow().len();
        // Dropped here: tearing the tree down is part of the cost.
    }
    total
}
