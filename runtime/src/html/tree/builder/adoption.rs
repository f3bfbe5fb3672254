//! The adoption agency algorithm (spec: #adoption-agency-algorithm): the end tag of a
//! formatting element that is misnested, with the common well-nested case in line.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    /// spec: #adoption-agency-algorithm. Returns false when the caller is to act as for "any
    /// other end tag". In line: the common case, a formatting element closed while it is the
    /// current node and the list's last entry (`<code>x</code>`, `<a href>x</a>`): steps
    /// 4.3-4.8 find it as the formatting element, in scope, with no furthest block, so it is
    /// popped and its entry removed.
    #[inline(always)]
    pub(super) fn adoption_agency(&mut self, t: &TagTok<'_>) -> bool {
        if let Some(cur) = self.stack.current()
            && self.stack.rec(cur).is_html(t.tag)
            && let Some(Item::Elem(e)) = self.afe.items.last()
            && e.id == cur
        {
            self.afe_remove_at(self.afe.items.len() - 1);
            self.pop();
            return true;
        }
        self.adoption_agency_steps(t)
    }

    /// [`adoption_agency`](Self::adoption_agency) by the spec's steps.
    #[inline(never)]
    pub(super) fn adoption_agency_steps(&mut self, t: &TagTok<'_>) -> bool {
        let subject = t.tag;
        // Step 2.
        if let Some(cur) = self.stack.current() {
            let r = self.stack.rec(cur);
            if r.is_html(subject) && !r.in_afe {
                self.pop();
                return true;
            }
            // Steps 4.3-4.8 when the formatting element is the current node (`<b>x</b>`):
            // it is in scope and nothing can be above it, so there is no furthest block; pop
            // it and remove its entry.
            if r.is_html(subject)
                && let Some((i, fe)) = self.afe.last_with_tag(subject)
                && fe == cur
            {
                self.afe_remove_at(i);
                self.pop();
                return true;
            }
        }
        // Steps 3-4.
        for _outer in 0..8 {
            // Step 4.3.
            let Some((fe_index, fe)) = self.afe.last_with_tag(subject) else { return false };
            // Step 4.4.
            if !self.stack.on_stack(fe) {
                self.err(E::MisnestedFormattingElement);
                self.afe_remove_at(fe_index);
                return true;
            }
            let fe_pos = self.stack.rec(fe).stack_pos as usize;
            // Step 4.5.
            if !self.stack.pos_in_scope(Some(fe_pos), kind::SCOPE) {
                self.err(E::MisnestedFormattingElement);
                return true;
            }
            // Step 4.6.
            if self.stack.current() != Some(fe) {
                self.err(E::MisnestedFormattingElement);
            }
            // Step 4.7.
            let Some(fb_pos) = self.stack.first_kind_above(kind::SPECIAL, fe_pos) else {
                // Step 4.8.
                self.pop_to_len(fe_pos);
                if let Some(i) = self.afe.index_of(fe) {
                    self.afe_remove_at(i);
                }
                return true;
            };
            // The formatting element is made again at step 4.20: past the amplification
            // limit it is not, and the steps go on as step 4.8 does.
            let (fe_tag, fe_attrs) = match self.afe.entry(fe_index) {
                Some(e) => (e.tag, e.attrs),
                None => (subject, AttrRange::default()),
            };
            if !self.may_copy(fe_tag, fe_attrs, fe) {
                self.err(E::AmplificationLimit);
                self.pop_to_len(fe_pos);
                self.afe_remove_at(fe_index);
                return true;
            }
            let furthest_block = self.stack.at(fb_pos);
            // Step 4.9.
            let common_ancestor = self.stack.at(fe_pos.saturating_sub(1));
            // Step 4.10: the bookmark is "where fe is" until it moves after a new element.
            let mut bookmark_after: Option<ElemId> = None;
            // Steps 4.11-4.13 work on a copy of the stack between fe and the furthest block;
            // the stack itself is edited once, at step 4.24.
            let mut section: Vec<ElemId> = (fe_pos..=fb_pos).map(|p| self.stack.at(p)).collect();
            let mut node_i = section.len() - 1;
            let mut last_node = furthest_block;
            let mut inner = 0;
            loop {
                inner += 1;
                // Step 4.13.2.
                if node_i == 0 {
                    break;
                }
                node_i -= 1;
                let node = section[node_i];
                // Step 4.13.3.
                if node == fe {
                    break;
                }
                // Step 4.13.4.
                if inner > 3
                    && self.stack.rec(node).in_afe
                    && let Some(i) = self.afe.index_of(node)
                {
                    self.afe_remove_at(i);
                }
                // Step 4.13.5.
                if !self.stack.rec(node).in_afe {
                    section.remove(node_i);
                    continue;
                }
                // Step 4.13.6.
                let Some(ai) = self.afe.index_of(node) else { continue };
                let (tag, attrs) = match self.afe.entry(ai) {
                    Some(e) => (e.tag, e.attrs),
                    None => continue,
                };
                if !self.may_copy(tag, attrs, node) {
                    // Past the amplification limit: as step 4.13.5, for a node that leaves
                    // the list.
                    self.err(E::AmplificationLimit);
                    self.afe_remove_at(ai);
                    section.remove(node_i);
                    continue;
                }
                let new = self.create_from_afe(tag, attrs, node);
                self.afe.set_id(ai, new);
                self.stack.rec_mut(node).in_afe = false;
                self.stack.rec_mut(new).in_afe = true;
                section[node_i] = new;
                // Step 4.13.7.
                if last_node == furthest_block {
                    bookmark_after = Some(new);
                }
                // Step 4.13.8.
                let (nh, lh) = (self.handle(new), self.handle(last_node));
                self.sink.remove(&lh);
                self.sink.insert(&Location::Append(nh), lh);
                // Step 4.13.9.
                last_node = new;
            }
            // Steps 4.14-4.17.
            let loc = self.adjusted_location(Target::Elem(common_ancestor));
            let target = loc.parent().clone();
            let lh = self.handle(last_node);
            // Step 4.18.
            if self.sink.parent(&lh).is_some() {
                self.sink.remove(&lh);
            }
            // Step 4.19. Its first condition holds after step 4.18 and its last by
            // construction (`refNode` is the table, `target` the parent the sink gave for it).
            // The second, "lastNode is not a host-including inclusive ancestor of target",
            // holds too, and is not asked of the sink (a walk up from `target`, as deep as the
            // tree: quadratic on `<a><div>` repeated, issue 22): the builder keeps the
            // invariant that no element on the stack is a host-including descendant of an
            // element above it (every element is created fresh and pushed once inserted at or
            // beside the current node, or before a table below it; popping and removing keep
            // it; steps 4.13.8 and 4.20-4.24 move only subtrees of elements at or above
            // `fe_pos`, and put the new element above the furthest block, its parent). The
            // elements of lastNode's subtree that are on the stack are all at or above
            // `fe_pos`; `target` is commonAncestor (below `fe_pos`), its template contents, or
            // a table's parent or the element below it, with the table below `fe_pos`: never
            // inside lastNode's subtree. `every_insertion_is_valid` (tests/tree_linear.rs)
            // checks every insertion of the suites and of tag soup against the sink's tree.
            if target != self.doc || !self.sink.has_element_child(&self.doc) {
                self.sink.insert(&loc, lh);
            }
            // Step 4.20 (its tag and attributes read, and counted, at step 4.7: the entry is
            // still fe's, step 4.13 having changed only the entries of other elements).
            let new = self.create_from_afe(fe_tag, fe_attrs, fe);
            let (newh, fbh) = (self.handle(new), self.handle(furthest_block));
            // Steps 4.21-4.22.
            self.sink.move_children(&fbh, &newh);
            self.sink.insert(&Location::Append(fbh), newh);
            // Step 4.23.
            if let Some(fi) = self.afe.index_of(fe) {
                self.afe_remove_at(fi);
                let at = match bookmark_after.and_then(|b| self.afe.index_of(b)) {
                    Some(b) => b + 1,
                    None => fi,
                };
                let (sink, elems) = (&self.sink, &self.stack.elems);
                let read = |e: ElemId| formatting::attr_pairs(sink, &elems[e as usize].handle);
                self.afe.insert_at(at, new, fe_tag, fe_attrs, &read);
                self.stack.rec_mut(new).in_afe = true;
            }
            // Step 4.24, and the removals and replacements of step 4.13: in place when step
            // 4.13 removed nothing and the stack above the furthest block is long (it then
            // stays where it is; a short one costs less to index again than to mend).
            if self.stack.len() > fb_pos + 16 {
                let mut range: Vec<ElemId> = section.iter().copied().filter(|&id| id != fe).collect();
                range.push(new);
                if range.len() == fb_pos + 1 - fe_pos && self.stack.replace_range(fe_pos, &range) {
                    continue;
                }
            }
            let section_ids = section;
            // `ids` holds the stack from fe_pos up.
            self.stack.edit_from(fe_pos, move |ids| {
                let above: Vec<ElemId> = ids.split_off(fb_pos + 1 - fe_pos);
                ids.clear();
                for &id in &section_ids {
                    if id != fe {
                        ids.push(id);
                    }
                }
                ids.push(new);
                ids.extend(above);
            });
            // Elements dropped from the section are no longer on the stack.
        }
        true
    }
}
