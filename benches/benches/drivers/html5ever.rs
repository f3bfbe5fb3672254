//! html5ever: the tokenizer with a counting TokenSink, and parse_document into RcDom. The
//! tokenizer also with a sink that switches its state after the start tags statemark's
//! tokenizer switches on (issue 26: equal work), as html5ever's own tree builder does.

use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use markup5ever_rcdom::RcDom;
use std::cell::Cell;
use std::hint::black_box;

/// html5ever's sinks take `&self`, hence the `Cell`. With `switching`, the sink tells the
/// tokenizer to switch state after the start tags that make statemark's tokenizer switch
/// (statemark's `switching.rs`, from #parsing-main-inbody with scripting on; statemark also
/// leaves foreign content alone, which this does not need to on these inputs).
#[derive(Default)]
struct Counter(Cell<usize>, bool);

/// The state the tree builder would switch the tokenizer to after an HTML start tag.
fn switch_after(name: &str) -> TokenSinkResult<()> {
    match name {
        "title" | "textarea" => TokenSinkResult::RawData(RawKind::Rcdata),
        "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => TokenSinkResult::RawData(RawKind::Rawtext),
        "script" => TokenSinkResult::RawData(RawKind::ScriptData),
        "plaintext" => TokenSinkResult::Plaintext,
        _ => TokenSinkResult::Continue,
    }
}

impl TokenSink for Counter {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut result = TokenSinkResult::Continue;
        // The same fields statemark_drivers::touch reads.
        let n = match token {
            Token::TagToken(tag) => {
                if self.1 && tag.kind == TagKind::StartTag {
                    result = switch_after(&tag.name);
                }
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
        result
    }
}

pub fn tokenizer(docs: &[String]) -> usize {
    tokenizer_with(docs, false)
}

/// [`tokenizer`] switching states like statemark's tokenizer (the instruction counter's only).
#[allow(dead_code)]
pub fn tokenizer_switching(docs: &[String]) -> usize {
    tokenizer_with(docs, true)
}

fn tokenizer_with(docs: &[String], switching: bool) -> usize {
    let mut total = 0;
    for doc in docs {
        let tokenizer = Tokenizer::new(Counter(Cell::new(0), switching), TokenizerOpts::default());
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
