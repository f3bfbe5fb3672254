//! The tree builder's steps on the list of active formatting elements
//! (spec: #the-list-of-active-formatting-elements): pushing an entry (the Noah's Ark clause is
//! in `afe.rs`), removing one, clearing to the last marker, and reconstructing the active
//! formatting elements (spec: #reconstruct-the-active-formatting-elements).

use super::*;
use crate::tree_interface::AttrRef;

/// An element's attributes as the sink has them, as (name, value) pairs: how the list of
/// active formatting elements reads the entries whose attributes it did not copy.
pub(super) fn attr_pairs<'s, S: TreeSink>(sink: &'s S, element: &S::Handle) -> Pairs<'s> {
    sink.element_attributes(element).into_iter().map(|a| (a.name.local, a.value)).collect()
}

impl<S: TreeSink> TreeBuilder<S> {
    /// Whether [`TreeOptions::amplification_limit`] lets the element of an entry (`tag`, its
    /// token's `attrs`, its element `from`) be made again; if so, its start tag's bytes are
    /// counted against the limit.
    pub(super) fn may_copy(&mut self, tag: Tag, attrs: AttrRange, from: ElemId) -> bool {
        let Some(limit) = self.amplification_limit else { return true };
        // ` name="value"` for each attribute.
        let markup = |a: AttrRef<'_>| a.name.local.len() + a.value.len() + 4;
        let attr_bytes: usize = if attrs.in_sink() {
            let h = self.handle(from);
            self.sink.element_attributes(&h).into_iter().map(markup).sum()
        } else {
            self.afe.attrs(attrs).iter().map(markup).sum()
        };
        let cost = tag.name().len() + 2 + attr_bytes;
        let read = self.span.end.max(options::AMPLIFICATION_FLOOR);
        let spent = self.amplified.saturating_add(cost);
        if spent > (limit as usize).saturating_mul(read) {
            return false;
        }
        self.amplified = spent;
        true
    }

    pub(super) fn push_formatting(&mut self, id: ElemId, t: &TagTok<'_>) {
        self.stack.rec_mut(id).in_afe = true;
        let (sink, elems) = (&self.sink, &self.stack.elems);
        let read = |e: ElemId| attr_pairs(sink, &elems[e as usize].handle);
        if let Some(old) = self.afe.push(id, t.tag, Attrs::token(&t.attrs), &read) {
            self.stack.rec_mut(old).in_afe = false;
        }
    }

    pub(super) fn afe_remove_at(&mut self, index: usize) {
        if let Some(id) = self.afe.remove_at(index) {
            self.stack.rec_mut(id).in_afe = false;
        }
    }

    pub(super) fn clear_afe_to_marker(&mut self) {
        let elems = &mut self.stack.elems;
        self.afe.clear_to_last_marker(|id| elems[id as usize].in_afe = false);
    }

    /// spec: #reconstruct-the-active-formatting-elements. Steps 1-2 in line: most calls (before
    /// every character run and most start tags in body) stop there.
    #[inline(always)]
    pub(super) fn reconstruct_formatting(&mut self) {
        // Steps 1-2.
        let needs = match self.afe.items.last() {
            None | Some(Item::Marker) => false,
            Some(Item::Elem(e)) => !self.stack.on_stack(e.id),
        };
        if needs {
            self.reconstruct_formatting_steps();
        }
    }

    /// [`reconstruct_formatting`](Self::reconstruct_formatting) from step 3.
    #[inline(never)]
    pub(super) fn reconstruct_formatting_steps(&mut self) {
        let len = self.afe.items.len();
        // Steps 3-6 (rewind).
        let mut i = len - 1;
        while i > 0 {
            match &self.afe.items[i - 1] {
                Item::Elem(e) if !self.stack.on_stack(e.id) => i -= 1,
                _ => break,
            }
        }
        // Steps 7-10 (advance, create).
        for j in i..len {
            let Some(e) = self.afe.entry(j) else { continue };
            let (tag, attrs) = (e.tag, e.attrs);
            let old = e.id;
            if !self.may_copy(tag, attrs, old) {
                // Past the amplification limit: the entries not made again leave the list
                // (none is a marker: step 4 stopped at the last one).
                for k in (j..len).rev() {
                    self.afe_remove_at(k);
                }
                self.err(E::AmplificationLimit);
                return;
            }
            let loc = self.adjusted_location(Target::Current);
            let id = self.create_from_afe(tag, attrs, old);
            self.insert_element_at(&loc, id);
            self.stack.push(id);
            self.afe.set_id(j, id);
            self.stack.rec_mut(old).in_afe = false;
            self.stack.rec_mut(id).in_afe = true;
        }
    }
}
