//! The rules for parsing tokens in foreign content (spec: #parsing-main-inforeign): MathML and
//! SVG elements, the tokens that break out of them back to the insertion mode, and the
//! attribute adjustments for foreign elements (#adjust-mathml-attributes,
//! #adjust-svg-attributes, #adjust-foreign-attributes).

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    fn is_breakout(r: &ElemRec<S::Handle>) -> bool {
        r.ns == Ns::Html
            || (r.ns == Ns::MathMl && matches!(r.tag, Mi | Mo | Mn | Ms | Mtext))
            || r.html_integration
            || (r.ns == Ns::Svg && matches!(r.tag, ForeignObject | Desc | Title))
    }

    /// spec: #parsing-main-inforeign. Returns `Some(())` when the token is to be processed by
    /// the current insertion mode's rules instead.
    pub(in super::super) fn foreign(&mut self, t: &mut Tok<'_, '_>) -> std::option::Option<()> {
        if self.opening(t, &FOREIGN).is_some() {
            return None;
        }
        match t {
            Tok::Chars(s) => {
                let s: &str = s;
                #[cfg(feature = "trace")]
                self.rule_chars(s, Some(ForeignNull), ForeignWhitespace, ForeignOtherCharacter);
                let owned;
                let text = if s.contains('\0') {
                    self.err_chars(E::NullCharacterInContent, s, |c| c == '\0');
                    owned = s.replace('\0', "\u{FFFD}");
                    owned.as_str()
                } else {
                    s
                };
                self.insert_text(text);
                if s.bytes().any(|b| b != 0 && !is_ws(b)) {
                    self.frameset_ok = false;
                }
            }
            Tok::Start(s)
                if s.is(&[
                    B, Big, Blockquote, Body, Br, Center, Code, Dd, Div, Dl, Dt, Em, Embed, H1, H2, H3, H4, H5, H6,
                    Head, Hr, I, Img, Li, Listing, Menu, Meta, Nobr, Ol, P, Pre, Ruby, S, Small, Span, Strong, Strike,
                    Sub, Sup, Table, Tt, U, Ul, Var,
                ]) || (s.tag == Font && s.attrs.iter().any(|a| matches!(&*a.name, "color" | "face" | "size"))) =>
            {
                self.rule(ForeignBreakout);
                self.err(E::HtmlStartTagInForeignContent);
                return self.foreign_breakout();
            }
            Tok::End(e) if e.is(&[Br, P]) => {
                self.rule(ForeignBreakout);
                self.err(E::HtmlStartTagInForeignContent);
                return self.foreign_breakout();
            }
            Tok::Start(s) => {
                self.rule(ForeignOtherStart);
                let ns = self.adjusted_current().map_or(Ns::Html, |r| r.ns);
                if ns == Ns::Svg
                    && let Some(fixed) = svg_tag_name(&s.name)
                {
                    s.name = Cow::Borrowed(fixed);
                }
                s.tag = Tag::from_name(&s.name);
                let attrs = foreign_attrs(s, ns);
                self.insert_foreign_checked(ns, s, &attrs);
                if s.self_closing {
                    // A self-closing SVG script acts as its end tag: popped either way.
                    self.pop();
                    self.unacknowledged = false;
                }
            }
            Tok::End(e) => {
                if e.tag == Script && self.current().is_some_and(|r| r.ns == Ns::Svg && r.tag == Script) {
                    // The steps past popping run the SVG script: a scripting engine's.
                    self.rule(ForeignEndScript);
                    self.pop();
                    return None;
                }
                self.rule(ForeignOtherEnd);
                // Step 2: the current node's name is not the token's.
                if self.errors_on() && self.stack.last_foreign_named(&e.name) != self.stack.len().checked_sub(1) {
                    self.err(E::ImplicitlyClosedElements);
                }
                // Steps 3-7: walk down over foreign elements to one with the token's name, or
                // to an HTML element (then the insertion mode decides).
                if self.stack.len() <= 1 {
                    return None;
                }
                let html = self.stack.last_kind(kind::HTML).unwrap_or(0);
                match self.stack.last_foreign_named(&e.name) {
                    // Step 4: a foreign element with the token's name above every HTML one.
                    Some(p) if p > html => self.pop_to_len(p),
                    // Step 3: the walk reaches the topmost element (fragment case): ignored.
                    _ if html == 0 => return None,
                    // Steps 6-7: the walk reaches an HTML element first.
                    _ => return Some(()),
                }
            }
            // The dispatcher gives the end of the file to the insertion mode, and the opening
            // entries took the rest.
            Tok::Eof | Tok::Comment(_) | Tok::Pi(..) | Tok::Doctype(_) => return Some(()),
        }
        None
    }

    fn foreign_breakout(&mut self) -> std::option::Option<()> {
        while let Some(r) = self.current() {
            if Self::is_breakout(r) {
                break;
            }
            self.pop();
        }
        Some(())
    }
}

/// The attribute adjustments for a foreign element: #adjust-mathml-attributes,
/// #adjust-svg-attributes and #adjust-foreign-attributes.
pub(super) fn foreign_attrs(t: &TagTok<'_>, ns: Ns) -> Vec<Attr> {
    t.attrs
        .iter()
        .map(|a| {
            let name = if ns == Ns::MathMl && a.name == "definitionurl" {
                QualName::new(Namespace::None, "definitionURL")
            } else if let Some(fixed) = (ns == Ns::Svg).then(|| svg_attribute_name(&a.name)).flatten() {
                QualName::new(Namespace::None, fixed)
            } else if let Some(q) = foreign_attribute(&a.name) {
                q
            } else {
                QualName::new(Namespace::None, a.name.clone().into_owned())
            };
            Attr { name, value: a.value.to_string() }
        })
        .collect()
}
