//! The table insertion modes (spec: #parsing-main-intable, #parsing-main-intabletext,
//! #parsing-main-incaption, #parsing-main-incolgroup, #parsing-main-intbody,
//! #parsing-main-intr, #parsing-main-intd): tables, their text (foster parenting of
//! non-whitespace), captions, column groups, row groups, rows and cells, with the steps they
//! share (clear the stack back to a table context, close the cell).

use super::*;

/// The start tags "in cell" has rules of its own for (spec: #parsing-main-intd); every other
/// start tag is its "anything else", which the token's dispatch sends to "in body" directly.
pub(in super::super) const CELL_START: &[Tag] = &[Caption, Col, Colgroup, Tbody, Td, Tfoot, Th, Thead, Tr];

/// The end tags of the rules of "in cell" (`</td>`, `</th>`; `</body>` ..; `</table>` ..):
/// the union of its three end-tag rules ([`CELL_END_CELL`], [`CELL_END_IGNORED`],
/// [`CELL_END_TABLE`]; the test `cell_end_is_the_union_of_in_cells_end_tag_rules`).
pub(in super::super) const CELL_END: &[Tag] =
    &[Td, Th, Body, Caption, Col, Colgroup, Html, Table, Tbody, Tfoot, Thead, Tr];
/// "in cell": an end tag whose tag name is one of "td", "th".
const CELL_END_CELL: &[Tag] = &[Td, Th];
/// "in cell": an end tag whose tag name is one of "body", "caption", "col", "colgroup", "html".
const CELL_END_IGNORED: &[Tag] = &[Body, Caption, Col, Colgroup, Html];
/// "in cell": an end tag whose tag name is one of "table", "tbody", "tfoot", "thead", "tr".
const CELL_END_TABLE: &[Tag] = &[Table, Tbody, Tfoot, Thead, Tr];

impl<S: TreeSink> TreeBuilder<S> {
    fn clear_stack_back_to(&mut self, tags: &[Tag]) {
        while !self.stack.is_empty() && !self.current_is_any(tags) {
            self.pop();
        }
    }

    /// spec: #parsing-main-intable
    pub(in super::super) fn in_table(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &IN_TABLE) {
            return flow;
        }
        match t {
            Tok::Chars(_) if self.current_is_any(&[Table, Tbody, Template, Tfoot, Thead, Tr]) => {
                self.rule(InTableCharacter);
                self.pending_text.clear();
                self.pending_non_ws = false;
                self.pending_at = self.span.start;
                self.original_mode = self.mode;
                self.mode = Mode::InTableText;
                return Again;
            }
            Tok::Start(s) => match s.tag {
                Caption => {
                    self.rule(InTableStartCaption);
                    self.clear_stack_back_to(&[Table, Template, Html]);
                    self.afe.insert_marker();
                    self.insert_html(s);
                    self.mode = Mode::InCaption;
                }
                Colgroup => {
                    self.rule(InTableStartColgroup);
                    self.clear_stack_back_to(&[Table, Template, Html]);
                    self.insert_html(s);
                    self.mode = Mode::InColumnGroup;
                }
                Col => {
                    self.rule(InTableStartCol);
                    self.clear_stack_back_to(&[Table, Template, Html]);
                    self.insert_html(&TagTok::synthetic(Colgroup));
                    self.mode = Mode::InColumnGroup;
                    return Again;
                }
                Tbody | Tfoot | Thead => {
                    self.rule(InTableStartTbody);
                    self.clear_stack_back_to(&[Table, Template, Html]);
                    self.insert_html(s);
                    self.mode = Mode::InTableBody;
                }
                Td | Th | Tr => {
                    self.rule(InTableStartTd);
                    self.clear_stack_back_to(&[Table, Template, Html]);
                    self.insert_html(&TagTok::synthetic(Tbody));
                    self.mode = Mode::InTableBody;
                    return Again;
                }
                Table => {
                    self.rule(InTableStartTable);
                    self.err(E::StartTagClosesElement);
                    if self.stack.has_in_scope(Table, kind::TABLE) {
                        self.pop_until(Table);
                        self.reset_insertion_mode();
                        return Again;
                    }
                }
                Style | Script | Template => {
                    self.rule(InTableStartStyleOrEndTemplate);
                    return self.in_head(t);
                }
                Input if s.attr("type").is_some_and(|v| v.eq_ignore_ascii_case("hidden")) => {
                    self.rule(InTableStartInput);
                    self.err(E::UnexpectedStartTag);
                    self.insert_html_void(s);
                }
                Form => {
                    self.rule(InTableStartForm);
                    self.err(E::UnexpectedStartTag);
                    if !self.template_on_stack() && self.form.is_none() {
                        let id = self.insert_html(s);
                        self.form = Some(id);
                        self.pop();
                    }
                }
                _ => return self.in_table_anything_else(t),
            },
            Tok::End(e) => match e.tag {
                Table => {
                    self.rule(InTableEndTable);
                    if self.stack.has_in_scope(Table, kind::TABLE) {
                        self.pop_until(Table);
                        self.reset_insertion_mode();
                    } else {
                        self.err(E::EndTagWithoutOpenElement);
                    }
                }
                Body | Caption | Col | Colgroup | Html | Tbody | Td | Tfoot | Th | Thead | Tr => {
                    self.rule(InTableEndBody);
                    self.err(E::UnexpectedEndTag)
                }
                Template => {
                    self.rule(InTableStartStyleOrEndTemplate);
                    return self.in_head(t);
                }
                _ => return self.in_table_anything_else(t),
            },
            Tok::Eof => {
                self.rule(InTableEof);
                return self.in_body(t);
            }
            _ => return self.in_table_anything_else(t),
        }
        Done
    }

    fn in_table_anything_else(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        self.rule(InTableAnythingElse);
        match t {
            // One error per character token: a run is that many tokens.
            Tok::Chars(s) => self.err_chars(E::TextInTable, s, |_| true),
            _ => self.err(E::TagInTable),
        }
        self.foster = true;
        let flow = self.in_body(t);
        self.foster = false;
        flow
    }

    /// spec: #parsing-main-intabletext
    pub(in super::super) fn in_table_text(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Tok::Chars(s) = t {
            #[cfg(feature = "trace")]
            self.rule_chars(s, Some(InTableTextNull), InTableTextOtherCharacter, InTableTextOtherCharacter);
            if self.errors_on() && s.contains('\0') {
                self.err_chars(E::NullCharacterInContent, s, |c| c == '\0');
            }
            for part in s.split('\0') {
                if !self.pending_non_ws && part.bytes().any(|b| !is_ws(b)) {
                    self.pending_non_ws = true;
                }
                self.pending_text.push_str(part);
            }
            self.pending_end = self.span.end;
            return Done;
        }
        self.rule(InTableTextAnythingElse);
        let pending = std::mem::take(&mut self.pending_text);
        // The pending characters' own markup, not the token that flushes them.
        if self.sources {
            self.set_source(crate::Span::new(self.pending_at, self.pending_end));
        }
        if self.pending_non_ws {
            // "This is a parse error: reprocess the character tokens ... using the rules given
            // in the 'anything else' entry": the error of that entry, once per character token.
            self.rule(InTableAnythingElse);
            if self.errors_on() {
                for _ in 0..pending.chars().count() {
                    self.err_at(E::TextInTable, self.pending_at);
                }
            }
            self.foster = true;
            self.in_body_chars(&pending);
            self.foster = false;
        } else {
            self.insert_text(&pending);
        }
        if self.sources {
            self.set_source(self.span);
        }
        self.pending_text = pending;
        self.pending_text.clear();
        self.mode = self.original_mode;
        Again
    }

    /// Close the caption for token `t` (the end tag caption, or a table tag that implies it).
    fn close_caption(&mut self, t: &Tok<'_, '_>) -> bool {
        if !self.stack.has_in_scope(Caption, kind::TABLE) {
            self.unexpected_or_unopened(t);
            return false;
        }
        self.generate_implied_end_tags(None);
        self.check_current(Caption);
        self.pop_until(Caption);
        self.clear_afe_to_marker();
        self.mode = Mode::InTable;
        true
    }

    /// spec: #parsing-main-incaption
    pub(in super::super) fn in_caption(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if t.end(&[Caption]) {
            self.rule(InCaptionEndCaption);
            self.close_caption(t);
            return Done;
        }
        if t.start(&[Caption, Col, Colgroup, Tbody, Td, Tfoot, Th, Thead, Tr]) || t.end(&[Table]) {
            self.rule(InCaptionStartCaptionOrEndTable);
            return if self.close_caption(t) { Again } else { Done };
        }
        if t.end(&[Body, Col, Colgroup, Html, Tbody, Td, Tfoot, Th, Thead, Tr]) {
            self.rule(InCaptionEndBody);
            self.err(E::UnexpectedEndTag);
            return Done;
        }
        self.rule(InCaptionAnythingElse);
        self.in_body(t)
    }

    /// spec: #parsing-main-incolgroup
    pub(in super::super) fn in_column_group(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        if let Some(flow) = self.opening(t, &IN_COLUMN_GROUP) {
            return flow;
        }
        match t {
            Tok::Start(s) if s.tag == Html => {
                self.rule(InColumnGroupStartHtml);
                return self.in_body(t);
            }
            Tok::Start(s) if s.tag == Col => {
                self.rule(InColumnGroupStartCol);
                self.insert_html_void(s);
                return Done;
            }
            Tok::End(e) if e.tag == Colgroup => {
                self.rule(InColumnGroupEndColgroup);
                if self.current_is(Colgroup) {
                    self.pop();
                    self.mode = Mode::InTable;
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
                return Done;
            }
            Tok::End(e) if e.tag == Col => {
                self.rule(InColumnGroupEndCol);
                self.err(E::UnexpectedEndTag);
                return Done;
            }
            _ if t.start(&[Template]) || t.end(&[Template]) => {
                self.rule(InColumnGroupStartTemplateOrEndTemplate);
                return self.in_head(t);
            }
            Tok::Eof => {
                self.rule(InColumnGroupEof);
                return self.in_body(t);
            }
            _ => {}
        }
        self.rule(InColumnGroupAnythingElse);
        if !self.current_is(Colgroup) {
            // Ignore the token: for a character run, only up to the next whitespace (one
            // error per character ignored).
            if let Tok::Chars(s) = t {
                let end = s.bytes().position(is_ws).unwrap_or(s.len());
                self.err_chars(E::UnexpectedCharacter, &s[..end], |_| true);
                if end == s.len() {
                    return Done;
                }
                *t = Tok::Chars(&s[end..]);
                return Again;
            }
            self.unexpected(t);
            return Done;
        }
        self.pop();
        self.mode = Mode::InTable;
        Again
    }

    /// spec: #parsing-main-intbody
    pub(in super::super) fn in_table_body(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        const CTX: &[Tag] = &[Tbody, Tfoot, Thead, Template, Html];
        match t {
            Tok::Start(s) if s.tag == Tr => {
                self.rule(InTableBodyStartTr);
                self.clear_stack_back_to(CTX);
                self.insert_html_in_line(s);
                self.mode = Mode::InRow;
                Done
            }
            Tok::Start(s) if s.is(&[Th, Td]) => {
                self.rule(InTableBodyStartTh);
                self.err(E::UnexpectedStartTag);
                self.clear_stack_back_to(CTX);
                self.insert_html(&TagTok::synthetic(Tr));
                self.mode = Mode::InRow;
                Again
            }
            Tok::End(e) if e.is(&[Tbody, Tfoot, Thead]) => {
                self.rule(InTableBodyEndTbody);
                if self.stack.has_in_scope(e.tag, kind::TABLE) {
                    self.clear_stack_back_to(CTX);
                    self.pop();
                    self.mode = Mode::InTable;
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
                Done
            }
            _ if t.start(&[Caption, Col, Colgroup, Tbody, Tfoot, Thead]) || t.end(&[Table]) => {
                self.rule(InTableBodyStartCaptionOrEndTable);
                let top = [Tbody, Thead, Tfoot].iter().filter_map(|&x| self.stack.last_tag(x)).max();
                if !self.stack.pos_in_scope(top, kind::TABLE) {
                    self.unexpected_or_unopened(t);
                    return Done;
                }
                self.clear_stack_back_to(CTX);
                self.pop();
                self.mode = Mode::InTable;
                Again
            }
            _ if t.end(&[Body, Caption, Col, Colgroup, Html, Td, Th, Tr]) => {
                self.rule(InTableBodyEndBody);
                self.err(E::UnexpectedEndTag);
                Done
            }
            _ => {
                self.rule(InTableBodyAnythingElse);
                self.in_table(t)
            }
        }
    }

    /// spec: #parsing-main-intr
    pub(in super::super) fn in_row(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        const CTX: &[Tag] = &[Tr, Template, Html];
        match t {
            Tok::Start(s) if s.is(&[Th, Td]) => {
                self.rule(InRowStartTh);
                self.clear_stack_back_to(CTX);
                self.insert_html_in_line(s);
                self.mode = Mode::InCell;
                self.afe.insert_marker();
                Done
            }
            Tok::End(e) if e.tag == Tr => {
                self.rule(InRowEndTr);
                if self.stack.has_in_scope(Tr, kind::TABLE) {
                    self.clear_stack_back_to(CTX);
                    self.pop();
                    self.mode = Mode::InTableBody;
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
                Done
            }
            _ if t.start(&[Caption, Col, Colgroup, Tbody, Tfoot, Thead, Tr]) || t.end(&[Table]) => {
                self.rule(InRowStartCaptionOrEndTable);
                if !self.stack.has_in_scope(Tr, kind::TABLE) {
                    self.unexpected_or_unopened(t);
                    return Done;
                }
                self.clear_stack_back_to(CTX);
                self.pop();
                self.mode = Mode::InTableBody;
                Again
            }
            Tok::End(e) if e.is(&[Tbody, Tfoot, Thead]) => {
                self.rule(InRowEndTbody);
                if !self.stack.has_in_scope(e.tag, kind::TABLE) {
                    self.err(E::EndTagWithoutOpenElement);
                    return Done;
                }
                if !self.stack.has_in_scope(Tr, kind::TABLE) {
                    return Done;
                }
                self.clear_stack_back_to(CTX);
                self.pop();
                self.mode = Mode::InTableBody;
                Again
            }
            _ if t.end(&[Body, Caption, Col, Colgroup, Html, Td, Th]) => {
                self.rule(InRowEndBody);
                self.err(E::UnexpectedEndTag);
                Done
            }
            _ => {
                self.rule(InRowAnythingElse);
                self.in_table(t)
            }
        }
    }

    /// spec: #close-the-cell
    fn close_cell(&mut self) {
        self.generate_implied_end_tags(None);
        // Step 2.
        if !self.current_is_any(&[Td, Th]) {
            self.err(E::ImplicitlyClosedElements);
        }
        self.pop_until_any(&[Td, Th]);
        self.clear_afe_to_marker();
        self.mode = Mode::InRow;
    }

    /// spec: #parsing-main-intd. Its "anything else" is also taken without the dispatcher
    /// ([`in_body_html`](Self::in_body_html), by [`CELL_START`] and [`CELL_END`]).
    pub(in super::super) fn in_cell(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        match t {
            Tok::End(e) if e.is(CELL_END_CELL) => {
                self.rule(InCellEndTd);
                if self.stack.has_in_scope(e.tag, kind::TABLE) {
                    self.generate_implied_end_tags(None);
                    self.check_current(e.tag);
                    self.pop_until(e.tag);
                    self.clear_afe_to_marker();
                    self.mode = Mode::InRow;
                } else {
                    self.err(E::EndTagWithoutOpenElement);
                }
                Done
            }
            _ if t.start(CELL_START) => {
                self.rule(InCellStartCaption);
                let top = [Td, Th].iter().filter_map(|&x| self.stack.last_tag(x)).max();
                if !self.stack.pos_in_scope(top, kind::TABLE) {
                    return Done;
                }
                self.close_cell();
                Again
            }
            _ if t.end(CELL_END_IGNORED) => {
                self.rule(InCellEndBody);
                self.err(E::UnexpectedEndTag);
                Done
            }
            Tok::End(e) if e.is(CELL_END_TABLE) => {
                self.rule(InCellEndTable);
                if !self.stack.has_in_scope(e.tag, kind::TABLE) {
                    self.err(E::EndTagWithoutOpenElement);
                    return Done;
                }
                self.close_cell();
                Again
            }
            _ => {
                self.rule(InCellAnythingElse);
                self.in_body(t)
            }
        }
    }

    /// A token the table modes ignore because the element it would close is not open: an
    /// end tag whose element is missing, or a start tag that has no table section to close.
    fn unexpected_or_unopened(&mut self, t: &Tok<'_, '_>) {
        self.err(if matches!(t, Tok::End(_)) { E::EndTagWithoutOpenElement } else { E::UnexpectedStartTag });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The token path skips the dispatcher for an end tag in a cell when the tag is not in
    /// [`CELL_END`]: that list must be exactly the tags of "in cell"'s own end-tag rules.
    #[test]
    fn cell_end_is_the_union_of_in_cells_end_tag_rules() {
        let mut union: Vec<Tag> = [CELL_END_CELL, CELL_END_IGNORED, CELL_END_TABLE].concat();
        let mut listed = CELL_END.to_vec();
        union.sort_by_key(|t| *t as u32);
        listed.sort_by_key(|t| *t as u32);
        assert_eq!(union, listed);
    }
}
