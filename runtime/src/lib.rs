//! statemark: HTML and XML5 tokenizers generated from the specs' state tables.
//!
//! ```
//! use statemark::html::{tokenize, Token};
//!
//! let names: Vec<String> = tokenize("<p class=x>Hi</p>")
//!     .filter_map(|t| match t {
//!         Token::StartTag(tag) => Some(tag.name.into_owned()),
//!         _ => None,
//!     })
//!     .collect();
//! assert_eq!(names, ["p"]);
//! ```

pub mod dom;
#[cfg(feature = "encoding")]
pub mod encoding;
pub mod html;
pub mod xml5;

mod char_ref;
mod core;
mod generated;
mod position;
mod text;
mod token;

pub use position::{Position, Span};

/// Text input as the Encoding Standard's "decode" would have produced it from bytes: without a
/// leading U+FEFF BYTE ORDER MARK, which it skips. The `&str` entry points for documents call
/// this, so a string read with `read_to_string` parses like the bytes would.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}
