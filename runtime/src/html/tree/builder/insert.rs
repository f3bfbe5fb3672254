//! Creating and inserting nodes (spec: #creating-and-inserting-nodes): the appropriate place
//! for inserting a node (foster parenting and template contents included), creating an
//! element for a token (its record on the builder's side, and the sink's node), and inserting
//! elements, characters, comments and processing instructions there.

use super::*;

impl<S: TreeSink> TreeBuilder<S> {
    pub(super) fn create_elem(
        &mut self,
        ns: Ns,
        tag: Tag,
        name: &str,
        attrs: Attrs<'_>,
        html_integration: bool,
    ) -> ElemId {
        Self::create_in(&mut self.sink, &mut self.stack, &mut self.free, None, ns, tag, name, attrs, html_integration)
    }

    /// A new HTML element for the token of a formatting-list entry, with its attributes: the
    /// list's copy, or (when the sink keeps them) those of `from`, the entry's element.
    pub(super) fn create_from_afe(&mut self, tag: Tag, attrs: AttrRange, from: ElemId) -> ElemId {
        self.without_markup(|b| {
            if attrs.in_sink() {
                // Owned: the sink is borrowed again to create the element.
                let h = b.handle(from);
                let own: Vec<Attr> = b
                    .sink
                    .element_attributes(&h)
                    .into_iter()
                    .map(|a| Attr { name: a.name.to_owned(), value: a.value.to_owned() })
                    .collect();
                let attrs = Attrs::owned(&own);
                return Self::create_in(
                    &mut b.sink,
                    &mut b.stack,
                    &mut b.free,
                    None,
                    Ns::Html,
                    tag,
                    tag.name(),
                    attrs,
                    false,
                );
            }
            let attrs = b.afe.attrs(attrs);
            Self::create_in(&mut b.sink, &mut b.stack, &mut b.free, None, Ns::Html, tag, tag.name(), attrs, false)
        })
    }

    /// Run `f` with the sink told that what it creates has no markup of its own (an empty
    /// source span at the current token's start).
    pub(in super::super) fn without_markup<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        if !self.sources {
            return f(self);
        }
        let outer = self.source_hint;
        self.set_source(Span::new(outer.start, outer.start));
        let r = f(self);
        self.set_source(outer);
        r
    }

    /// Tell the sink where the next nodes come from.
    pub(in super::super) fn set_source(&mut self, span: Span) {
        self.source_hint = span;
        self.sink.source_span(span);
    }

    /// Create an element in the sink and its record here (the fields it needs, borrowed
    /// apart from the list of active formatting elements, whose arena `attrs` may be in);
    /// with `at`, the sink also inserts it there, in the same call. In line: its arguments
    /// cost more to pass than most of its work.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn create_in(
        sink: &mut S,
        stack: &mut Stack<S::Handle>,
        free: &mut Vec<ElemId>,
        at: Option<&Location<S::Handle>>,
        ns: Ns,
        tag: Tag,
        name: &str,
        attrs: Attrs<'_>,
        html_integration: bool,
    ) -> ElemId {
        let local = if tag != Tag::Other { tag.name() } else { name };
        let qname = QualNameRef::new(ns_ref(ns), local);
        let known = (tag != Tag::Other).then(|| KnownName((ns as usize * TAG_COUNT + tag as usize) as u16));
        let handle = match (at, known) {
            (Some(at), known) => sink.create_and_insert_element(at, known, qname, attrs),
            (None, Some(known)) => sink.create_known_element(known, qname, attrs),
            (None, None) => sink.create_element(qname, attrs),
        };
        let atom = match ns {
            Ns::Html if tag == Tag::Other => stack.atoms.intern(name),
            Ns::Html => 0,
            _ => stack.atoms.intern(&lower(local)),
        };
        let rec = ElemRec {
            handle,
            ns,
            tag,
            atom,
            kinds: kinds(&ns_of(ns), tag),
            html_integration,
            stack_pos: NOT_ON_STACK,
            in_afe: false,
        };
        if let Some(id) = free.pop() {
            *stack.rec_mut(id) = rec;
            return id;
        }
        let id = stack.elems.len() as ElemId;
        stack.elems.push(rec);
        id
    }

    /// spec: #appropriate-place-for-inserting-a-node
    pub(super) fn appropriate_place(&mut self, target: Target) -> Location<S::Handle> {
        let target = match target {
            Target::Document => return Location::Append(self.doc.clone()),
            Target::Current => match self.stack.current() {
                Some(id) => id,
                None => return Location::Append(self.doc.clone()),
            },
            Target::Elem(id) => id,
        };
        let t = self.stack.rec(target);
        use Tag::*;
        // Step 2.
        let loc_elem = if self.foster && t.ns == Ns::Html && matches!(t.tag, Table | Tbody | Tfoot | Thead | Tr) {
            let last_template = self.stack.last_tag(Template);
            let last_table = self.stack.last_tag(Table);
            match (last_template, last_table) {
                // Substep 3.
                (Some(tp), tb) if tb.is_none_or(|tb| tp > tb) => {
                    let h = self.handle(self.stack.at(tp));
                    return Location::Append(self.sink.template_contents(&h));
                }
                // Substep 4 (fragment case).
                (_, None) => self.stack.at(0),
                (_, Some(tb)) => {
                    let table = self.handle(self.stack.at(tb));
                    // Substep 5.
                    if let Some(parent) = self.sink.parent(&table) {
                        return Location::Before { parent, sibling: table };
                    }
                    // Substeps 6-7.
                    self.stack.at(tb.saturating_sub(1))
                }
            }
        } else {
            target
        };
        // Step 3: inside a template, insert into its insertion target or its contents.
        let h = self.handle(loc_elem);
        if self.stack.rec(loc_elem).is_html(Template) {
            if let Some(p) = self.patches.iter().rev().find(|p| p.template == loc_elem) {
                // Substep 3.3.1: before the end marker while it is still the target's child;
                // substep 3.3.2: else (removed or moved away) after the target's last child.
                return match &p.end {
                    Some(end) if self.sink.parent(end).as_ref() == Some(&p.target) => {
                        Location::Before { parent: p.target.clone(), sibling: end.clone() }
                    }
                    _ => Location::Append(p.target.clone()),
                };
            }
            // Substep 4.
            return Location::Append(self.sink.template_contents(&h));
        }
        Location::Append(h)
    }

    /// spec: #adjusted-insertion-location (compute the adjusted insertion location).
    #[inline(always)]
    pub(super) fn adjusted_location(&mut self, target: Target) -> Location<S::Handle> {
        // The common case, for every node inserted outside tables and templates: with foster
        // parenting off, the target is the current node (#appropriate-place-for-inserting-a-node
        // step 2, "otherwise"), step 3 only applies to a template, and the adjustment of
        // #adjusted-insertion-location step 3 only to fragments.
        if let Target::Current = target
            && !self.foster
            && self.fragment.is_none()
            && let Some(id) = self.stack.current()
        {
            let r = self.stack.rec(id);
            if !r.is_html(Tag::Template) {
                return Location::Append(r.handle.clone());
            }
        }
        self.adjusted_location_steps(target)
    }

    /// [`adjusted_location`](Self::adjusted_location) by the spec's steps.
    #[inline(never)]
    pub(super) fn adjusted_location_steps(&mut self, target: Target) -> Location<S::Handle> {
        let loc = self.appropriate_place(target);
        // Step 3.
        if let Some(f) = &self.fragment
            && !self.stack.is_empty()
            && *loc.parent() == self.stack.rec(self.stack.at(0)).handle
        {
            return Location::Append(f.root_target.clone());
        }
        loc
    }

    /// spec: #insert-an-element-at-the-adjusted-insertion-location
    pub(super) fn insert_element_at(&mut self, loc: &Location<S::Handle>, id: ElemId) {
        // Step 2.
        if *loc.parent() == self.doc && self.sink.has_element_child(&self.doc) {
            return;
        }
        let h = self.handle(id);
        self.sink.insert(loc, h);
    }

    /// spec: #insert-a-foreign-element, with the attributes already converted.
    pub(super) fn insert_foreign(&mut self, ns: Ns, t: &TagTok<'_>, attrs: Attrs<'_>) -> ElemId {
        self.insert_foreign_in_line(ns, t, attrs)
    }

    /// [`insert_foreign`](Self::insert_foreign) in line in its caller: for the start tags
    /// that insert most elements ("in body": any other start tag, the formatting elements,
    /// `a`, `li`, the headings, the blocks that close a `p`; `tr`, `td` and `th` in tables),
    /// where the call's set-up cost a tenth of the builder's own work per element (issue 26).
    #[inline(always)]
    pub(super) fn insert_foreign_in_line(&mut self, ns: Ns, t: &TagTok<'_>, attrs: Attrs<'_>) -> ElemId {
        let loc = self.adjusted_location(Target::Current);
        let html_ip = ns == Ns::MathMl
            && t.tag == Tag::AnnotationXml
            && t.attr("encoding").is_some_and(|v| {
                v.eq_ignore_ascii_case("text/html") || v.eq_ignore_ascii_case("application/xhtml+xml")
            });
        // Step 3's check (the Document takes one element child) only concerns the Document:
        // anywhere else the sink creates and inserts in one call.
        let at = (*loc.parent() != self.doc).then_some(&loc);
        // `without_markup` written out for a synthetic tag, so `create_in` is in line once.
        let unmarked = t.synthetic && self.sources;
        let outer = self.source_hint;
        if unmarked {
            self.set_source(Span::new(outer.start, outer.start));
        }
        let id =
            Self::create_in(&mut self.sink, &mut self.stack, &mut self.free, at, ns, t.tag, &t.name, attrs, html_ip);
        if unmarked {
            self.set_source(outer);
        }
        if at.is_none() {
            self.insert_element_at(&loc, id);
        }
        self.stack.push(id);
        id
    }

    /// spec: #insert-an-html-element
    pub(super) fn insert_html(&mut self, t: &TagTok<'_>) -> ElemId {
        self.insert_foreign(Ns::Html, t, Attrs::token(&t.attrs))
    }

    /// [`insert_html`](Self::insert_html) in line (see
    /// [`insert_foreign_in_line`](Self::insert_foreign_in_line)).
    #[inline(always)]
    pub(super) fn insert_html_in_line(&mut self, t: &TagTok<'_>) -> ElemId {
        self.insert_foreign_in_line(Ns::Html, t, Attrs::token(&t.attrs))
    }

    /// Insert a void element: popped at once, its self-closing flag acknowledged.
    pub(super) fn insert_html_void(&mut self, t: &TagTok<'_>) {
        self.insert_html(t);
        self.pop();
        self.unacknowledged = false;
    }

    /// spec: #insert-a-character
    pub(super) fn insert_text(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        self.insert_text_nonempty(s);
    }

    /// [`insert_text`](Self::insert_text) in line, for a run known not to be empty (the
    /// character runs "in body", most of a document's text).
    #[inline(always)]
    pub(super) fn insert_text_nonempty(&mut self, s: &str) {
        let loc = self.adjusted_location(Target::Current);
        if *loc.parent() == self.doc {
            return;
        }
        self.sink.insert_text(&loc, s);
    }

    /// spec: #insert-a-comment
    pub(super) fn insert_comment(&mut self, data: &str, target: Target) {
        let loc = self.adjusted_location(target);
        let c = self.sink.create_comment(data);
        self.sink.insert(&loc, c);
    }

    /// spec: #insert-a-processing-instruction
    pub(super) fn insert_pi(&mut self, target_name: &str, data: &str, target: Target) {
        let loc = self.adjusted_location(target);
        let n = self.sink.create_processing_instruction(target_name, data);
        if matches!(target_name, "marker" | "start")
            && let Some(name) = patching::pi_attribute(data, "name")
        {
            self.markers.entry(name).or_default().push(n.clone());
        }
        self.sink.insert(&loc, n);
    }
}
