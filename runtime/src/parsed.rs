//! The one shape both parsers' `parse_with_errors` return: the tree and the parse errors.

use crate::dom::Dom;

/// A parsed document and the parse errors found on the way, in input order: what
/// [`html::parse_with_errors`](crate::html::parse_with_errors) (errors
/// [`html::HtmlError`](crate::html::HtmlError)) and
/// [`xml5::parse_with_errors`](crate::xml5::parse_with_errors) (errors
/// [`xml5::TreeError`](crate::xml5::TreeError)) return.
///
/// ```
/// use statemark::html::{self, TreeOptions};
/// use statemark::xml5;
///
/// let page = html::parse_with_errors("<p>x</div>", TreeOptions::default());
/// let feed = xml5::parse_with_errors("<a><b></a>", true);
/// // The same fields either way.
/// assert_eq!((page.errors.len(), feed.errors.len()), (2, 1));
/// assert!(page.dom.to_test_format().contains("<p>") && feed.dom.to_test_format().contains("<b>"));
/// ```
#[derive(Debug, Default)]
pub struct Parsed<E> {
    /// The document.
    pub dom: Dom,
    /// The parse errors, tokenizer and tree construction together, in input order.
    pub errors: Vec<E>,
}
