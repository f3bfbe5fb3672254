//! HTML: the tokenizer generated from `spec/html/`, its tokens, sink interface and options.

pub(crate) mod char_ref;
pub(crate) mod named_refs;
mod switching;
pub(crate) mod token;
pub(crate) mod tokenizer;

pub use crate::generated::html_tokenizer::{Html, ParseError, SCAN_STATES, State};
pub use char_ref::{ValueSyntax, decode_attribute_value, decode_attribute_value_with_errors, value_span};
pub use switching::{StateTracker, Switching};
pub use token::{Attribute, Control, Doctype, Error, ProcessingInstruction, Reads, Sink, Tag, Token};
pub use tokenizer::{HtmlOwn, Options, TokenQueue, Tokenizer, position_of, tokenize};

pub mod check;
pub use check::check;
pub mod serialize;
pub mod tree;

#[cfg(feature = "encoding")]
pub use crate::encoding::{
    parse_document_from_bytes, parse_document_from_bytes_with_errors, parse_document_from_reader,
    tokenize_html_reader as tokenize_reader,
};
pub use tree::{
    Context, ScriptingMode, TreeOptions, build_document, build_fragment, parse_document, parse_document_with,
    parse_fragment, parse_fragment_with,
};
pub use tree::{
    HtmlError, parse_document_with_errors, parse_document_with_source_spans, parse_fragment_with_errors,
    parse_fragment_with_source_spans, parse_with_errors,
};
