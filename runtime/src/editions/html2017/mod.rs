//! The "12.2.4 Tokenization" edition of the HTML tokenizer (WHATWG, ≈2015–2016), generated from
//! `spec/html2017/`: 68 states plus the "tokenizing character references" algorithm, with
//! statemark's own error codes (the text names none; `spec/html2017/errors.ron`). Behind the
//! `edition-html2017` feature.
//!
//! Its tokens are today's HTML tokens ([`Token`]; it never emits a processing instruction), its
//! states and error codes are its own ([`State`], [`ParseError`]).
//!
//! ```
//! use statemark::editions::html2017::{tokenize, Token};
//!
//! // 12.2.4: "--" inside a comment is a parse error; "&not=" in an attribute is not a reference.
//! let tokens: Vec<Token> = tokenize("<!--a--b--><a t='&not=x'>").collect();
//! assert_eq!(tokens[0], Token::Comment("a--b".into()));
//! assert!(matches!(&tokens[1], Token::StartTag(t) if t.attributes[0].value == "&not=x"));
//! ```

mod char_ref;
pub(crate) mod tokenizer;

pub use crate::generated::html2017_tokenizer::{Html2017, ParseError, SCAN_STATES, State};
#[doc(no_inline)]
pub use crate::html::token::Token;
pub use crate::token::{Attribute, Doctype, Tag};
pub(crate) use tokenizer::sink_facts;
pub use tokenizer::{Control, Error, Html2017Own, Options, Sink, TokenQueue, Tokenizer, tokenize};
