//! Resetting the insertion mode appropriately (spec: #reset-the-insertion-mode-appropriately):
//! the mode chosen from the stack of open elements after a table, select or template closes,
//! and at the start of fragment parsing.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    /// spec: #reset-the-insertion-mode-appropriately. The index gives the topmost element
    /// the loop would stop at; everything above it is passed over by the spec's steps.
    pub(super) fn reset_insertion_mode(&mut self) {
        let found = self.stack.last_kind(kind::RESET).filter(|&p| p > 0);
        let (rec, last) = match found {
            Some(p) => (self.stack.rec(self.stack.at(p)), false),
            None => match &self.fragment {
                // Step 3.
                Some(f) => (self.stack.rec(f.context), true),
                None if self.stack.is_empty() => {
                    self.mode = Mode::InBody;
                    return;
                }
                None => (self.stack.rec(self.stack.at(0)), true),
            },
        };
        use Tag::*;
        let tag = if rec.ns == Ns::Html { rec.tag } else { Other };
        self.mode = match tag {
            Td | Th if !last => Mode::InCell,
            Tr => Mode::InRow,
            Tbody | Thead | Tfoot => Mode::InTableBody,
            Caption => Mode::InCaption,
            Colgroup => Mode::InColumnGroup,
            Table => Mode::InTable,
            Template => *self.template_modes.last().unwrap_or(&Mode::InBody),
            Head if !last => Mode::InHead,
            Body => Mode::InBody,
            Frameset => Mode::InFrameset,
            Html if self.head.is_none() => Mode::BeforeHead,
            Html => Mode::AfterHead,
            _ => Mode::InBody,
        };
    }
}
