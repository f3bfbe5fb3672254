//! The insertion modes after the body and the frameset modes (spec: #parsing-main-afterbody,
//! #parsing-main-inframeset, #parsing-main-afterframeset,
//! #the-after-after-body-insertion-mode, #the-after-after-frameset-insertion-mode): what
//! follows `</body>` or `</html>`, and documents whose body is a `frameset`.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    /// spec: #parsing-main-afterbody
    pub(in super::super) fn after_body(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &AFTER_BODY) {
            return flow;
        }
        match t {
            Tok::Chars(s) if s.bytes().all(is_ws) => {
                self.rule(AfterBodyWhitespace);
                self.in_body(t)
            }
            Tok::Start(s) if s.tag == Html => {
                self.rule(AfterBodyStartHtml);
                self.in_body(t)
            }
            Tok::End(e) if e.tag == Html => {
                self.rule(AfterBodyEndHtml);
                if self.fragment.is_none() {
                    self.mode = Mode::AfterAfterBody;
                } else {
                    self.err(E::UnexpectedEndTag);
                }
                Done
            }
            Tok::Eof => {
                self.rule(AfterBodyEof);
                self.stop_parsing()
            }
            // A run with other characters: reprocessed whole in "in body", its leading
            // whitespace as the whitespace entry would (in body inserts it either way).
            _ => {
                #[cfg(feature = "trace")]
                if matches!(t, Tok::Chars(s) if s.starts_with(|c: char| c.is_ascii() && is_ws(c as u8))) {
                    self.rule(AfterBodyWhitespace);
                }
                self.rule(AfterBodyAnythingElse);
                self.err(E::ContentAfterBody);
                self.mode = Mode::InBody;
                Again
            }
        }
    }

    /// spec: #parsing-main-inframeset
    pub(in super::super) fn in_frameset(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &IN_FRAMESET) {
            return flow;
        }
        match t {
            Tok::Chars(s) => self.frameset_chars(s, InFramesetWhitespace, InFramesetAnythingElse),
            Tok::Start(s) => match s.tag {
                Html => {
                    self.rule(InFramesetStartHtml);
                    return self.in_body(t);
                }
                Frameset => {
                    self.rule(InFramesetStartFrameset);
                    self.insert_html(s);
                }
                Frame => {
                    self.rule(InFramesetStartFrame);
                    self.insert_html_void(s);
                }
                Noframes => {
                    self.rule(InFramesetStartNoframes);
                    return self.in_head(t);
                }
                _ => {
                    self.rule(InFramesetAnythingElse);
                    self.err(E::UnexpectedStartTag);
                }
            },
            // The current node is the root html element only in the fragment case.
            Tok::End(e) if e.tag == Frameset => {
                self.rule(InFramesetEndFrameset);
                if self.stack.len() <= 1 {
                    self.err(E::EndTagWithoutOpenElement);
                    return Done;
                }
                self.pop();
                if self.fragment.is_none() && !self.current_is(Frameset) {
                    self.mode = Mode::AfterFrameset;
                }
            }
            Tok::Eof => {
                self.rule(InFramesetEof);
                if self.stack.len() > 1 {
                    self.err(E::EofWithOpenElements);
                }
                return self.stop_parsing();
            }
            _ => {
                self.rule(InFramesetAnythingElse);
                self.unexpected(t);
            }
        }
        Done
    }

    /// Character runs in the frameset modes: whitespace is inserted (the whitespace entry),
    /// every other character is a parse error and ignored (the "anything else" entry).
    fn frameset_chars(&mut self, s: &str, ws: TreeRule, other: TreeRule) {
        #[cfg(feature = "trace")]
        self.rule_chars(s, None, ws, other);
        let _ = (ws, other);
        self.err_chars(E::UnexpectedCharacter, s, |c| !c.is_ascii() || !is_ws(c as u8));
        self.insert_text(&only_ws(s));
    }

    /// spec: #parsing-main-afterframeset
    pub(in super::super) fn after_frameset(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &AFTER_FRAMESET) {
            return flow;
        }
        match t {
            Tok::Chars(s) => self.frameset_chars(s, AfterFramesetWhitespace, AfterFramesetAnythingElse),
            Tok::Start(s) if s.tag == Html => {
                self.rule(AfterFramesetStartHtml);
                return self.in_body(t);
            }
            Tok::End(e) if e.tag == Html => {
                self.rule(AfterFramesetEndHtml);
                self.mode = Mode::AfterAfterFrameset;
            }
            Tok::Start(s) if s.tag == Noframes => {
                self.rule(AfterFramesetStartNoframes);
                return self.in_head(t);
            }
            Tok::Eof => {
                self.rule(AfterFramesetEof);
                return self.stop_parsing();
            }
            _ => {
                self.rule(AfterFramesetAnythingElse);
                self.unexpected(t);
            }
        }
        Done
    }

    /// spec: #the-after-after-body-insertion-mode
    pub(in super::super) fn after_after_body(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &AFTER_AFTER_BODY) {
            return flow;
        }
        match t {
            Tok::Doctype(_) => {
                self.rule(AfterAfterBodyInBodyRules);
                self.in_body(t)
            }
            Tok::Chars(s) if s.bytes().all(is_ws) => {
                self.rule(AfterAfterBodyInBodyRules);
                self.in_body(t)
            }
            Tok::Start(s) if s.tag == Html => {
                self.rule(AfterAfterBodyInBodyRules);
                self.in_body(t)
            }
            Tok::Eof => {
                self.rule(AfterAfterBodyEof);
                self.stop_parsing()
            }
            _ => {
                // Leading whitespace of a run would have gone to "in body" (entry 3), and does:
                // the whole run is reprocessed there.
                #[cfg(feature = "trace")]
                if matches!(t, Tok::Chars(s) if s.starts_with(|c: char| c.is_ascii() && is_ws(c as u8))) {
                    self.rule(AfterAfterBodyInBodyRules);
                }
                self.rule(AfterAfterBodyAnythingElse);
                self.err(E::ContentAfterBody);
                self.mode = Mode::InBody;
                Again
            }
        }
    }

    /// spec: #the-after-after-frameset-insertion-mode
    pub(in super::super) fn after_after_frameset(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &AFTER_AFTER_FRAMESET) {
            return flow;
        }
        match t {
            Tok::Doctype(_) => {
                self.rule(AfterAfterFramesetInBodyRules);
                return self.in_body(t);
            }
            Tok::Chars(s) => {
                // The whitespace goes to "in body"; every other character is "anything else".
                #[cfg(feature = "trace")]
                self.rule_chars(s, None, AfterAfterFramesetInBodyRules, AfterAfterFramesetAnythingElse);
                self.err_chars(E::UnexpectedCharacter, s, |c| !c.is_ascii() || !is_ws(c as u8));
                let ws = only_ws(s);
                self.in_body_chars(&ws);
            }
            Tok::Start(s) if s.tag == Html => {
                self.rule(AfterAfterFramesetInBodyRules);
                return self.in_body(t);
            }
            Tok::Start(s) if s.tag == Noframes => {
                self.rule(AfterAfterFramesetStartNoframes);
                return self.in_head(t);
            }
            Tok::Eof => {
                self.rule(AfterAfterFramesetEof);
                return self.stop_parsing();
            }
            _ => {
                self.rule(AfterAfterFramesetAnythingElse);
                self.unexpected(t);
            }
        }
        Done
    }
}
