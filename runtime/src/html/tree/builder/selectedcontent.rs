//! Customizable `select`: the copy of the selected `option` into `selectedcontent` that the
//! parser causes (whatwg/html 508a0373 `source`, transcribed with offsets in
//! `spec/html/selectedcontent.md`): "maybe clone an option into selectedcontent" when an
//! `option` is popped off the stack of open elements (#the-option-element), and the
//! `selectedcontent` post-connection steps when one is inserted (#the-selectedcontent-element),
//! over the option selectedness the selectedness setting algorithm gives (#the-select-element).
//! `TreeOptions::selectedcontent` turns it off.
//!
//! Tree construction itself has no such step; the element sections do. Everything here is kept
//! per `select` on the stack of open elements, so each event costs O(1) (the nearest ancestor
//! `select` is the last one on the stack, as it is when nodes go where the parser puts them):
//! no walk over a `select`'s options or descendants.

use super::*;

/// What the element sections keep for a `select` element on the stack of open elements.
pub(super) struct SelectState<H> {
    select: ElemId,
    /// The `multiple` attribute is present.
    multiple: bool,
    /// Its display size is 1 (#concept-select-size).
    size_one: bool,
    /// The option whose selectedness is true (the select has no `multiple` attribute, so at most
    /// one is).
    selected: Option<H>,
    /// Its first `selectedcontent` descendant was inserted (#select-enabled-selectedcontent,
    /// step 2: only the first counts).
    first_seen: bool,
    /// Its enabled `selectedcontent`: the first one, if it is not disabled (step 3).
    selectedcontent: Option<H>,
    /// Its entries in `open_options`: when it is popped, that list is searched only if some
    /// are left (an option the adoption agency took off the stack), so that a deep nest of
    /// selects with open options is not quadratic (issue 22).
    open: usize,
}

/// An `option` on the stack of open elements and the `select` it belongs to.
pub(super) struct OpenOption {
    option: ElemId,
    select: ElemId,
}

impl<S: TreeSink> TreeBuilder<S> {
    /// The nearest ancestor `select` an `option` inserted at the current node now would have
    /// (#option-element-nearest-ancestor-select): the last `select` on the stack, unless a
    /// `datalist` or an `option` is above it or two `optgroup`s are (then null); `hr` is void,
    /// never on the stack. Asked before the option is inserted.
    pub(super) fn select_for_option(&self) -> Option<ElemId> {
        if self.selects.is_empty() {
            return None;
        }
        self.nearest_select().map(|p| self.stack.at(p))
    }

    fn nearest_select(&self) -> Option<usize> {
        let pos = self.stack.last_tag(Tag::Select)?;
        let above = |t: Tag| self.stack.last_tag(t).is_some_and(|p| p > pos);
        if above(Tag::Option) || self.stack.last_named("datalist").is_some_and(|p| p > pos) {
            return None;
        }
        if above(Tag::Optgroup) {
            let groups =
                (pos + 1..self.stack.len()).filter(|&p| self.stack.rec(self.stack.at(p)).is_html(Tag::Optgroup));
            if groups.count() > 1 {
                return None;
            }
        }
        Some(pos)
    }

    fn select_state(&mut self, select: ElemId) -> Option<&mut SelectState<S::Handle>> {
        self.selects.iter_mut().rev().find(|s| s.select == select)
    }

    /// A `select` element was inserted and pushed (#parsing-main-inbody, "A start tag whose tag
    /// name is "select"").
    pub(super) fn select_opened(&mut self, t: &TagTok<'_>, id: ElemId) {
        if !self.select_content {
            return;
        }
        let multiple = t.attr("multiple").is_some();
        // #concept-select-size: the size attribute by the rules for parsing non-negative
        // integers, else 4 with multiple and 1 without.
        let size_one = match t.attr("size").map(crate::microsyntax::numbers::parse_non_negative_integer) {
            Some(Ok(n)) => n == 1,
            _ => !multiple,
        };
        self.selects.push(SelectState {
            select: id,
            multiple,
            size_one,
            selected: None,
            first_seen: false,
            selectedcontent: None,
            open: 0,
        });
    }

    /// An `option` element was inserted and pushed: the option insertion steps run the
    /// selectedness setting algorithm for its new `select` (#the-option-element, "update an
    /// option's nearest ancestor select"; #selectedness-setting-algorithm), and an option added
    /// with its selectedness true unselects the others (#the-select-element).
    pub(super) fn option_inserted(&mut self, t: &TagTok<'_>, id: ElemId, select: Option<ElemId>) {
        let Some(select) = select else { return };
        let pos = self.stack.rec(select).stack_pos;
        if pos == NOT_ON_STACK {
            return;
        }
        let pos = pos as usize;
        // #concept-option-disabled: its own attribute, or the nearest optgroup's.
        let group = self.stack.last_tag(Tag::Optgroup).filter(|&p| p > pos).map(|p| self.stack.at(p));
        let disabled = t.attr("disabled").is_some() || group.is_some_and(|g| self.disabled_groups.contains(&g));
        // #concept-option-selectedness: true at creation with a selected attribute.
        let preselected = t.attr("selected").is_some();
        let handle = self.handle(id);
        let Some(state) = self.select_state(select) else { return };
        state.open += 1;
        if !state.multiple {
            if preselected {
                state.selected = Some(handle);
            } else if state.selected.is_none() && state.size_one && !disabled {
                // Step 1: none selected, display size 1: the first option that is not disabled.
                state.selected = Some(handle);
            }
        }
        self.open_options.push(OpenOption { option: id, select });
    }

    /// An `optgroup` was inserted and pushed; a disabled one disables its options.
    pub(super) fn optgroup_inserted(&mut self, t: &TagTok<'_>, id: ElemId) {
        if !self.selects.is_empty() && t.attr("disabled").is_some() {
            self.disabled_groups.push(id);
        }
    }

    /// A `selectedcontent` element was inserted and pushed: its post-connection steps
    /// (#the-selectedcontent-element), for a node in the document (not a fragment's, not in
    /// template contents: those are not connected).
    pub(super) fn selectedcontent_inserted(&mut self, id: ElemId) {
        if self.fragment.is_some() || self.template_on_stack() {
            return;
        }
        // Steps 1-3: disabled inside an option or another selectedcontent, or in a second select.
        let Some(pos) = self.stack.last_tag(Tag::Select) else { return };
        let above_named = |b: &Self, name: &str| {
            let atom = b.stack.atoms.get(name);
            (pos + 1..b.stack.len().saturating_sub(1)).any(|p| {
                let r = b.stack.rec(b.stack.at(p));
                r.ns == Ns::Html && r.tag == Tag::Other && atom == Some(r.atom)
            })
        };
        let disabled = self.stack.count_tag(Tag::Select) > 1
            || self.stack.last_tag(Tag::Option).is_some_and(|p| p > pos)
            || above_named(self, "selectedcontent");
        let select = self.stack.at(pos);
        let handle = self.handle(id);
        let Some(state) = self.select_state(select) else { return };
        let first = !state.first_seen;
        state.first_seen = true;
        // Step 4 (a disabled one, or one in a multiple select, does nothing), and only the
        // first selectedcontent of a select is its enabled one (#select-enabled-selectedcontent).
        if disabled || state.multiple || !first {
            // Step 6 clears a non-primary one, which is new and empty here.
            return;
        }
        // Step 5: update the select's selectedcontent: a copy of the selected option, if any
        // (with none, "clear a selectedcontent" of a new, empty element).
        state.selectedcontent = Some(handle.clone());
        if let Some(option) = state.selected.clone() {
            self.sink.clone_children_into(&option, &handle);
        }
    }

    /// An element left the stack: an `option` runs "maybe clone an option into
    /// selectedcontent" (#the-option-element: "When an option element is popped off the stack
    /// of open elements of an HTML parser"); a `select` or `optgroup` is forgotten.
    pub(super) fn select_popped(&mut self, id: ElemId) {
        // Only these three are kept: any other element popped under a deep nest of open
        // `select`s must not search their lists (quadratic on `<select><table><tr><td>`
        // repeated, issue 22).
        // Each list is searched only for its own kind: a `</optgroup>` under many open options
        // must not scan them.
        let r = self.stack.rec(id);
        let (option, select) = (r.is_html(Tag::Option), r.is_html(Tag::Select));
        if !(option || select || r.is_html(Tag::Optgroup)) {
            return;
        }
        if option && let Some(i) = self.open_options.iter().rposition(|o| o.option == id) {
            let OpenOption { option, select } = self.open_options.remove(i);
            let handle = self.handle(option);
            if let Some(state) = self.select_state(select) {
                state.open = state.open.saturating_sub(1);
            }
            if let Some(state) = self.select_state(select)
                && !state.multiple
                && state.selected.as_ref() == Some(&handle)
                && let Some(sc) = state.selectedcontent.clone()
            {
                self.sink.clone_children_into(&handle, &sc);
            }
            return;
        }
        if option {
            return;
        }
        if select {
            if let Some(i) = self.selects.iter().rposition(|s| s.select == id)
                && self.selects.remove(i).open > 0
            {
                self.open_options.retain(|o| o.select != id);
            }
        } else if let Some(i) = self.disabled_groups.iter().rposition(|&g| g == id) {
            self.disabled_groups.remove(i);
        }
    }
}
