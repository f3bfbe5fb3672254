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

#[cfg(test)]
mod bom_tests {
    use crate::dom::QuirksMode;

    #[test]
    fn a_leading_bom_is_skipped_by_document_entry_points() {
        let page = "\u{FEFF}<!DOCTYPE html><p>x";
        let dom = crate::html::parse_document(page);
        assert_eq!(dom.quirks_mode(), QuirksMode::NoQuirks);
        assert_eq!(dom.to_test_format(), crate::html::parse_document(&page[3..]).to_test_format());
        let first = crate::html::tokenize(page).next();
        assert!(matches!(first, Some(crate::html::Token::Doctype(_))), "{first:?}");
        assert!(matches!(crate::xml5::tokenize("\u{FEFF}<a/>").next(), Some(crate::xml5::Token::EmptyTag(_))));
        // Only one: a second U+FEFF is content (the decoder skips one BOM).
        assert!(crate::html::parse_document("\u{FEFF}\u{FEFF}x").to_test_format().contains("\"\u{FEFF}x\""));
    }
}
