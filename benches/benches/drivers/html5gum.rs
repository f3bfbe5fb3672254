//! html5gum: the default emitter (owned tokens through the iterator) and the callback
//! emitter, which its docs name as the faster middle ground (the other documented route,
//! a hand-written `Emitter`, is a different program per user rather than a mode).

use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{Span, Token, Tokenizer};
use std::convert::Infallible;
use std::hint::black_box;

pub fn default(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        for Ok(token) in Tokenizer::new(black_box(doc.as_str())) {
            total += match token {
                Token::StartTag(tag) => {
                    let attrs: usize = tag.attributes.iter().map(|(k, v)| k.len() + v.len()).sum();
                    tag.name.len() + attrs + usize::from(tag.self_closing)
                }
                Token::EndTag(tag) => tag.name.len(),
                Token::String(text) | Token::Comment(text) => text.len(),
                Token::Doctype(d) => {
                    d.name.len()
                        + d.public_identifier.as_ref().map_or(0, |s| s.len())
                        + d.system_identifier.as_ref().map_or(0, |s| s.len())
                }
                Token::Error(_) => 0,
            };
        }
    }
    total
}

pub fn callback(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let emitter = CallbackEmitter::new(|event: CallbackEvent<'_>, _span: Span<()>| -> Option<Infallible> {
            total += match event {
                CallbackEvent::OpenStartTag { name } | CallbackEvent::EndTag { name } => name.len(),
                CallbackEvent::AttributeName { name } => name.len(),
                CallbackEvent::AttributeValue { value }
                | CallbackEvent::String { value }
                | CallbackEvent::Comment { value } => value.len(),
                CallbackEvent::CloseStartTag { self_closing } => usize::from(self_closing),
                CallbackEvent::Doctype { name, public_identifier, system_identifier, .. } => {
                    name.len() + public_identifier.map_or(0, <[u8]>::len) + system_identifier.map_or(0, <[u8]>::len)
                }
                CallbackEvent::Error(_) => 0,
            };
            None
        });
        let Ok(()) = Tokenizer::new_with_emitter(black_box(doc.as_str()), emitter).finish();
    }
    total
}
