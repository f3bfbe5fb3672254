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
pub mod driver;
pub mod editions;
pub mod html;
pub mod xml5;

mod char_ref;
mod core;
mod generated;
mod position;
mod text;
mod token;

pub use position::{Position, Span};
