//! The tree builder's steps on the stack of open elements (spec: #the-stack-of-open-elements):
//! the current node and the adjusted current node (#adjusted-current-node), popping (the
//! records it frees for reuse, and the template and select bookkeeping a pop ends), and
//! closing elements that have implied end tags (spec:
//! #closing-elements-that-have-implied-end-tags, #close-a-p-element). The stack itself and
//! its scope index are `stack.rs`.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    pub(super) fn handle(&self, id: ElemId) -> S::Handle {
        self.stack.rec(id).handle.clone()
    }

    pub(super) fn current(&self) -> Option<&ElemRec<S::Handle>> {
        self.stack.current().map(|id| self.stack.rec(id))
    }

    pub(super) fn current_is(&self, tag: Tag) -> bool {
        self.current().is_some_and(|r| r.is_html(tag))
    }

    pub(super) fn current_is_any(&self, tags: &[Tag]) -> bool {
        self.current().is_some_and(|r| r.ns == Ns::Html && tags.contains(&r.tag))
    }

    /// spec: #adjusted-current-node
    pub(super) fn adjusted_current(&self) -> Option<&ElemRec<S::Handle>> {
        if let Some(f) = &self.fragment
            && self.stack.len() == 1
        {
            return Some(self.stack.rec(f.context));
        }
        self.current()
    }

    pub(super) fn pop(&mut self) -> Option<ElemId> {
        let id = self.stack.pop()?;
        if !self.patches.is_empty() && self.stack.rec(id).is_html(Tag::Template) {
            // A template popped without its end tag (end of file) keeps its markers (spec:
            // #parsing-main-intemplate, EOF), but nothing is inserted through it any more.
            self.patches.retain(|p| p.template != id);
        }
        if !self.selects.is_empty() {
            self.select_popped(id);
        }
        // Popped, and named by no list or pointer: the record can be reused. (Elements that
        // leave the stack any other way are simply not recycled.)
        let r = self.stack.rec(id);
        if !r.in_afe
            && self.head != Some(id)
            && self.form != Some(id)
            && self.fragment.as_ref().is_none_or(|f| f.context != id)
        {
            self.free.push(id);
        }
        Some(id)
    }

    /// Pop until an HTML element with this tag has been popped.
    pub(super) fn pop_until(&mut self, tag: Tag) {
        while let Some(id) = self.pop() {
            if self.stack.rec(id).is_html(tag) {
                break;
            }
        }
    }

    pub(super) fn pop_until_any(&mut self, tags: &[Tag]) {
        while let Some(id) = self.pop() {
            let r = self.stack.rec(id);
            if r.ns == Ns::Html && tags.contains(&r.tag) {
                break;
            }
        }
    }

    /// Pop until the stack has `len` entries.
    pub(super) fn pop_to_len(&mut self, len: usize) {
        while self.stack.len() > len {
            self.pop();
        }
    }

    pub(super) fn template_on_stack(&self) -> bool {
        self.stack.contains_tag(Tag::Template)
    }

    /// spec: #generate-implied-end-tags, except for HTML elements with the tag `except` (a
    /// tag, not a name: `Tag::Other` excepts nothing, as no element it stands for has an
    /// implied end tag).
    pub(super) fn generate_implied_end_tags(&mut self, except: Option<Tag>) {
        use Tag::*;
        while let Some(r) = self.current() {
            if r.ns != Ns::Html
                || !matches!(r.tag, Dd | Dt | Li | Optgroup | Option | P | Rb | Rp | Rt | Rtc)
                || except == Some(r.tag)
            {
                break;
            }
            self.pop();
        }
    }

    /// spec: #generate-all-implied-end-tags-thoroughly
    pub(super) fn generate_all_implied_end_tags_thoroughly(&mut self) {
        use Tag::*;
        while self.current_is_any(&[
            Caption, Colgroup, Dd, Dt, Li, Optgroup, Option, P, Rb, Rp, Rt, Rtc, Tbody, Td, Tfoot, Th, Thead, Tr,
        ]) {
            self.pop();
        }
    }

    /// spec: #close-a-p-element
    pub(super) fn close_p(&mut self) {
        self.generate_implied_end_tags(Some(Tag::P));
        // Step 2.
        if !self.current_is(Tag::P) {
            self.err(E::ImplicitlyClosedElements);
        }
        self.pop_until(Tag::P);
    }

    pub(super) fn close_p_if_in_button_scope(&mut self) {
        if self.stack.has_in_scope(Tag::P, kind::BUTTON) {
            self.close_p();
        }
    }
}
