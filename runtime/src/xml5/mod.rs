//! XML5: the error-tolerant XML tokenizer generated from `spec/xml5/` (the 2016-08-30 edition
//! of the XML5 draft). It never rejects a document: bad input gets the draft's recovery and a
//! parse error with one of statemark's codes (`spec/xml5/errors.ron`; the draft names none).
//!
//! Layer: this file is the public facade (the top layer): it composes `statemark::xml5` from
//! the tokenizer (`token`, `tokenizer`, `char_ref`, the generated machine), the namespace
//! scopes, the tree builder, the serializer and the bytes-in layer (`encoding`); nothing inside
//! the crate imports through it (the generated tokenizer's `use crate::xml5::Sink` aside: the
//! manifest's module name, resolved by the re-export to `xml5::token`).
//!
//! ```
//! use statemark::xml5::{tokenize, Token};
//!
//! let tokens: Vec<Token> = tokenize("<a x='1'/><?pi d?></>").collect();
//! assert!(matches!(&tokens[0], Token::EmptyTag(t) if t.name == "a"));
//! assert!(matches!(&tokens[1], Token::ProcessingInstruction(p) if p.target == "pi"));
//! assert_eq!(tokens[2], Token::ShortEndTag);
//! ```

mod char_ref;
pub mod namespaces;
pub mod serialize;
pub(crate) mod token;
pub(crate) mod tokenizer;
pub mod tree;

#[cfg(feature = "encoding")]
pub use crate::encoding::{
    parse_xml5_bytes as parse_bytes, parse_xml5_reader as parse_reader, tokenize_xml5_reader as tokenize_reader,
};
#[cfg(feature = "encoding")]
#[allow(deprecated)]
pub use crate::encoding::{parse_xml5_from_bytes as parse_from_bytes, parse_xml5_from_reader as parse_from_reader};
pub use crate::generated::xml5_tokenizer::{ParseError, SCAN_STATES, State, Xml5};
#[doc(no_inline)]
pub use crate::html::char_ref::{ValueSyntax, value_span};
pub use char_ref::{decode_attribute_value, decode_attribute_value_with_errors};
pub use namespaces::NamespaceScopes;
pub use token::{Attribute, Doctype, Error, ProcessingInstruction, Sink, Tag, Token};
pub(crate) use tokenizer::sink_facts;
pub use tokenizer::{Options, TokenQueue, Tokenizer, Xml5Own, tokenize};
pub use tree::{Parsed, TreeBuilder, TreeError, TreeRule, parse, parse_with_errors, parse_with_source_spans};
