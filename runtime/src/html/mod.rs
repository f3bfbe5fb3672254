//! HTML: the tokenizer generated from `spec/html/`, its tokens, sink interface and options.
//!
//! Layer: this file is the public facade (the top layer, with `lib.rs`): it composes
//! `statemark::html` from the tokenizer (`token`, `tokenizer`, `char_ref`, `named_refs`,
//! `switching` and the generated machine), the tree builder (`tree`), the serializer, the
//! checker and the bytes-in layer (`encoding`), and nothing inside the crate imports through
//! it. The one exception is the generated tokenizer's `use crate::html::Sink`: the manifest's
//! module name, resolved by the re-export to `html::token`.

pub(crate) mod char_ref;
pub(crate) mod named_refs;
pub(crate) mod switching;
pub(crate) mod token;
pub(crate) mod tokenizer;

pub use crate::generated::html_tokenizer::{Html, ParseError, SCAN_STATES, State};
pub use char_ref::{ValueSyntax, decode_attribute_value, decode_attribute_value_with_errors, value_span};
pub use switching::{StateTracker, Switching};
pub use token::{Attribute, Control, Doctype, Error, ProcessingInstruction, Reads, Sink, Tag, Token};
pub(crate) use tokenizer::sink_facts;
pub use tokenizer::{HtmlOwn, Options, TokenQueue, Tokenizer, position_of, tokenize};

pub mod check;
pub use check::check;
pub mod serialize;
pub mod tree;

#[cfg(feature = "encoding")]
#[allow(deprecated)]
pub use crate::encoding::{parse_document_from_bytes, parse_document_from_reader};
#[cfg(feature = "encoding")]
pub use crate::encoding::{
    parse_html_bytes as parse_bytes, parse_html_reader as parse_reader, tokenize_html_reader as tokenize_reader,
};
pub use tree::{
    Context, ScriptingMode, TreeOptions, build_document, build_fragment, parse_document, parse_document_with,
    parse_fragment, parse_fragment_with,
};
pub use tree::{
    HtmlError, parse_document_with_source_spans, parse_fragment_collecting_errors, parse_fragment_with_source_spans,
    parse_with_errors,
};
#[allow(deprecated)]
pub use tree::{parse_document_with_errors, parse_fragment_with_errors};
