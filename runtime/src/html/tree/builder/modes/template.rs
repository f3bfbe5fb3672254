//! The "in template" insertion mode (spec: #parsing-main-intemplate): template contents, with
//! the stack of template insertion modes choosing the mode a token in them is parsed by. (The
//! `template` start and end tags themselves are "in head" rules, in `before_body.rs`.)

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    fn switch_template_mode(&mut self, mode: Mode) -> Flow {
        self.template_modes.pop();
        self.template_modes.push(mode);
        self.mode = mode;
        Again
    }

    /// spec: #parsing-main-intemplate
    pub(in super::super) fn in_template(&mut self, t: &mut Tok<'_, '_>) -> Flow {
        match t {
            Tok::Chars(_) | Tok::Comment(_) | Tok::Pi(..) | Tok::Doctype(_) => {
                self.rule(InTemplateInBodyRules);
                self.in_body(t)
            }
            _ if t.start(HEAD_TAGS) || t.end(&[Template]) => {
                self.rule(InTemplateStartBaseOrEndTemplate);
                self.in_head(t)
            }
            Tok::Start(s) => match s.tag {
                Caption | Colgroup | Tbody | Tfoot | Thead => {
                    self.rule(InTemplateStartCaption);
                    self.switch_template_mode(Mode::InTable)
                }
                Col => {
                    self.rule(InTemplateStartCol);
                    self.switch_template_mode(Mode::InColumnGroup)
                }
                Tr => {
                    self.rule(InTemplateStartTr);
                    self.switch_template_mode(Mode::InTableBody)
                }
                Td | Th => {
                    self.rule(InTemplateStartTd);
                    self.switch_template_mode(Mode::InRow)
                }
                _ => {
                    self.rule(InTemplateOtherStart);
                    self.switch_template_mode(Mode::InBody)
                }
            },
            Tok::End(_) => {
                self.rule(InTemplateOtherEnd);
                self.err(E::UnexpectedEndTag);
                Done
            }
            Tok::Eof => {
                self.rule(InTemplateEof);
                if !self.template_on_stack() {
                    return self.stop_parsing();
                }
                self.err(E::EofWithOpenElements);
                self.pop_until(Template);
                self.clear_afe_to_marker();
                self.template_modes.pop();
                self.reset_insertion_mode();
                Again
            }
        }
    }
}
