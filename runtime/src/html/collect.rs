//! Parse errors as a value beside the tree: [`CollectErrors`], a sink wrapper that keeps the
//! tokenizer's errors for any sink (forwarding the tree builder's feedback, so CDATA sections and
//! state switches work as without it), and the `parse_*_with_errors` entry points built on it.

use super::token::{Control, Error, Sink, Token};
use super::tree::{Context, TreeBuilder, TreeOptions};
use super::{Options, Tokenizer};
use crate::Span;
use crate::dom::Dom;

/// A parsed tree with the parse errors found, in input order.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The tree, the same as without errors.
    pub dom: Dom,
    /// The tokenizer's parse errors (spec: #parse-errors), with line and column. The tree
    /// builder reports none of its own yet.
    pub errors: Vec<Error>,
}

/// Wraps a [`Sink`] and keeps every parse error; everything else goes to the inner sink,
/// including the tree builder's answers (state switches, "adjusted current node is foreign").
///
/// ```
/// use statemark::dom::Dom;
/// use statemark::html::tree::{TreeBuilder, TreeOptions};
/// use statemark::html::{CollectErrors, Options, ParseError, Tokenizer};
///
/// let sink = CollectErrors::new(TreeBuilder::new(Dom::new(), TreeOptions::default()));
/// let mut t = Tokenizer::streaming(Options::default(), sink);
/// t.feed("<svg><![CDATA[x]]></svg><a b=1 b=2>");
/// t.finish();
/// let (builder, errors) = t.into_sink().into_parts();
/// assert_eq!(errors[0].code, ParseError::DuplicateAttribute);
/// assert!(builder.into_sink().to_test_format().contains("\"x\""));
/// ```
#[derive(Debug, Default)]
pub struct CollectErrors<S> {
    /// The wrapped sink.
    pub sink: S,
    /// The errors so far, in input order.
    pub errors: Vec<Error>,
}

impl<S> CollectErrors<S> {
    /// Wrap `sink`; no errors yet.
    pub fn new(sink: S) -> Self {
        CollectErrors { sink, errors: Vec::new() }
    }

    /// The inner sink and the errors.
    pub fn into_parts(self) -> (S, Vec<Error>) {
        (self.sink, self.errors)
    }
}

impl<'i, S: Sink<'i>> Sink<'i> for CollectErrors<S> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.sink.token(token, span)
    }

    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }

    fn wants_errors(&self) -> bool {
        true
    }

    fn spare_attributes(&mut self) -> Option<Vec<crate::token::Attribute<'i>>> {
        self.sink.spare_attributes()
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign()
    }

    #[cfg(feature = "trace")]
    fn trace(&mut self, state: super::State, case: u16) {
        self.sink.trace(state, case);
    }
}

/// [`parse_document_with`](super::parse_document_with), also returning the parse errors.
///
/// ```
/// use statemark::html::{ParseError, TreeOptions, parse_document_with_errors};
///
/// let parsed = parse_document_with_errors("<p a=1 a=2>x", TreeOptions::default());
/// let found: Vec<String> = parsed.errors.iter().map(|e| e.to_string()).collect();
/// assert_eq!(found, ["1:9: duplicate-attribute"]);
/// assert_eq!(parsed.errors[0].code, ParseError::DuplicateAttribute);
/// ```
pub fn parse_document_with_errors(html: &str, options: TreeOptions) -> Parsed {
    let sink = CollectErrors::new(TreeBuilder::new(Dom::new(), options));
    let mut tok = Tokenizer::with_sink(crate::strip_bom(html), Options::default(), sink);
    tok.run();
    let (builder, errors) = tok.into_sink().into_parts();
    Parsed { dom: builder.into_sink(), errors }
}

/// [`parse_fragment_with`](super::parse_fragment_with), also returning the parse errors.
pub fn parse_fragment_with_errors(html: &str, context: &Context, options: TreeOptions) -> Parsed {
    let (builder, opts, frag) = TreeBuilder::new_fragment(Dom::new(), context, options);
    let mut tok = Tokenizer::with_sink(html, opts, CollectErrors::new(builder));
    tok.run();
    let (builder, errors) = tok.into_sink().into_parts();
    let mut dom = builder.into_sink();
    dom.set_fragment_root(frag);
    Parsed { dom, errors }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::{ParseError, parse_document, parse_fragment};

    #[test]
    fn same_tree_as_without_errors_and_the_tokenizer_errors() {
        let input = "<!doctype html><svg><![CDATA[a<b]]></svg><p><![CDATA[no]]></p>\
                     <title>&amp</title><textarea>\0</textarea><a x=1 x=2></a/>";
        let parsed = parse_document_with_errors(input, TreeOptions::default());
        assert_eq!(parsed.dom.to_test_format(), parse_document(input).to_test_format());
        let codes: Vec<ParseError> = parsed.errors.iter().map(|e| e.code).collect();
        let mut t = Tokenizer::with_sink(
            input,
            Options::default(),
            CollectErrors::new(TreeBuilder::new(Dom::new(), TreeOptions::default())),
        );
        t.run();
        assert_eq!(codes, t.into_sink().errors.iter().map(|e| e.code).collect::<Vec<_>>());
        assert!(codes.contains(&ParseError::DuplicateAttribute), "{codes:?}");
        assert!(codes.contains(&ParseError::EndTagWithTrailingSolidus), "{codes:?}");
        // In HTML content `<![CDATA[` is a bogus comment (and an error); in SVG it is not.
        assert_eq!(codes.iter().filter(|&&c| c == ParseError::CdataInHtmlContent).count(), 1, "{codes:?}");
    }

    #[test]
    fn fragments_too() {
        let ctx = Context::html("div");
        let parsed = parse_fragment_with_errors("<b x=1 x=2>t", &ctx, TreeOptions::default());
        assert_eq!(parsed.dom.to_test_format(), parse_fragment("<b x=1 x=2>t", &ctx).to_test_format());
        assert_eq!(parsed.errors.len(), 1);
        let boxed: Box<dyn std::error::Error> = Box::new(parsed.errors[0]);
        assert_eq!(boxed.to_string(), "1:9: duplicate-attribute");
    }
}
