//! The early HTML5 draft tokenizer (WHATWG, 2008-01-18), generated from `spec/html2008/`: 33
//! states plus the "tokenising entities" algorithm, its own entities table (366 names), the
//! content model flag and the escape flag, and statemark's own error codes (the draft names
//! none; `spec/html2008/errors.ron`). Behind the `edition-html2008` feature.
//!
//! Its tokens are today's HTML tokens ([`Token`]; tags never carry a self-closing flag, the draft
//! has "permitted slashes" instead, and a DOCTYPE's `force_quirks` is the draft's correctness
//! flag set to "incorrect"). Its states, error codes and [`Flags`] are its own.
//!
//! ```
//! use statemark::editions::html2008::{tokenize_with, ContentModel, Options, Token};
//!
//! // In RCDATA "<!--" sets the escape flag: "</title>" inside it is text.
//! let mut options = Options { last_start_tag: Some("title".into()), ..Options::default() };
//! options.flags.content_model = ContentModel::Rcdata;
//! let tokens: Vec<Token> = tokenize_with("a<!--</title>-->b</title>", options).collect();
//! assert_eq!(tokens[0], Token::Characters("a<!--</title>-->b".into()));
//! assert!(matches!(&tokens[1], Token::EndTag(t) if t.name == "title"));
//! ```

mod entities;
pub(crate) mod tokenizer;

pub use crate::generated::html2008_tokenizer::{ContentModel, Escape, Flags, Html2008, ParseError, SCAN_STATES, State};
#[doc(no_inline)]
pub use crate::html::token::Token;
pub use crate::token::{Attribute, Doctype, Tag};
pub(crate) use tokenizer::sink_facts;
pub use tokenizer::{Error, Html2008Own, Options, Sink, TokenQueue, Tokenizer, tokenize, tokenize_with};
