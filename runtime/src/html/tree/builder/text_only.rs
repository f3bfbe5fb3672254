//! Parsing elements that contain only text (spec: #parsing-elements-that-contain-only-text):
//! the generic raw text and RCDATA element parsing algorithms, which switch the tokenizer
//! (through the `Control` the sink returns) and the tree builder (to the "text" mode, in
//! `modes/in_body.rs`) together.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    /// spec: #generic-raw-text-element-parsing-algorithm and #generic-rcdata-element-parsing-algorithm
    pub(super) fn generic_text(&mut self, t: &TagTok<'_>, state: State) {
        self.insert_html(t);
        self.switch_to = Some(state);
        self.original_mode = self.mode;
        self.mode = Mode::Text;
    }
}
