//! html5gum: the default emitter (owned tokens through the iterator) and the callback
//! emitter, which its docs name as the faster middle ground (the other documented route,
//! a hand-written `Emitter`, is a different program per user rather than a mode). Each also
//! with `naively_switch_states(true)`, so that html5gum switches to RCDATA, RAWTEXT, script
//! data and PLAINTEXT after the start tags statemark's tokenizer switches on (issue 26: equal
//! work; without it html5gum tokenizes `<script>` and `<style>` contents as markup).

use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{DefaultEmitter, Span, Token, Tokenizer};
use std::convert::Infallible;
use std::hint::black_box;

pub fn default(docs: &[String]) -> usize {
    default_with(docs, false)
}

/// [`default`] switching states like statemark's tokenizer (the instruction counter's only).
#[allow(dead_code)]
pub fn default_switching(docs: &[String]) -> usize {
    default_with(docs, true)
}

fn default_with(docs: &[String], switch: bool) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut emitter = DefaultEmitter::default();
        emitter.naively_switch_states(switch);
        for Ok(token) in Tokenizer::new_with_emitter(black_box(doc.as_str()), emitter) {
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
    callback_with(docs, false)
}

/// [`callback`] switching states like statemark's tokenizer (the instruction counter's only).
#[allow(dead_code)]
pub fn callback_switching(docs: &[String]) -> usize {
    callback_with(docs, true)
}

fn callback_with(docs: &[String], switch: bool) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut emitter = CallbackEmitter::new(|event: CallbackEvent<'_>, _span: Span<()>| -> Option<Infallible> {
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
        emitter.naively_switch_states(switch);
        let Ok(()) = Tokenizer::new_with_emitter(black_box(doc.as_str()), emitter).finish();
    }
    total
}
