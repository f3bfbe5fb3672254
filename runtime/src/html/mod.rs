//! HTML: the tokenizer generated from `spec/html/`, its tokens, sink interface and options.

mod char_ref;
mod collect;
pub(crate) mod named_refs;
pub(crate) mod token;
pub(crate) mod tokenizer;

pub use crate::generated::html_tokenizer::{ParseError, SCAN_STATES, State};
pub use token::{Attribute, Control, Doctype, Error, ProcessingInstruction, Sink, Tag, Token};
pub use tokenizer::{Options, TokenQueue, Tokenizer, position_of, tokenize};

pub mod tree;

pub use tree::{Context, TreeOptions, build_document, build_fragment, parse_document, parse_document_with, parse_fragment, parse_fragment_with};
#[cfg(feature = "encoding")]
pub use crate::encoding::{parse_document_from_bytes, parse_document_from_reader};
pub use collect::{CollectErrors, Parsed, parse_document_with_errors, parse_fragment_with_errors};
