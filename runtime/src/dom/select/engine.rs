//! The matching engine behind `Dom::select`, `select_in`, `select_first` and `matches`: the
//! combinators of each top-level complex selector evaluated by dynamic programming over one
//! traversal (no ancestor walks, no recursion on tree depth), and `:has()` answered for every
//! element by one reverse traversal before matching starts.
//!
//! A complex selector `X1 c1 X2 … ck-1 Xk` matches `e` when there is a chain `e1 … ek = e`
//! with each `ei` matching the compound `Xi` and each pair related by `ci` (Selectors 4,
//! #combinators). Write `M[i](x)` for "`x` ends such a chain at `Xi`". Then `M[1](x)` is "`x`
//! matches `X1`", and for `i > 1`, `M[i](x)` is "`x` matches `Xi`" and:
//! - `ci-1` = descendant: some proper ancestor `a` of `x` has `M[i-1](a)`;
//! - child: the parent element `p` has `M[i-1](p)`;
//! - next-sibling: the previous element sibling `s` has `M[i-1](s)`;
//! - subsequent-sibling: some earlier element sibling `s` has `M[i-1](s)`.
//!
//! In tree order, everything on the right-hand side is known when `x` is reached: the walk
//! keeps, for each open parent, the OR of `M` over the parent's proper ancestors (`up`), `M` of
//! the parent, of the last element child seen and the OR over the element children seen. Each
//! element then costs one test of each compound whose left side holds, so a selector list of
//! `s` compounds costs O(n·s) compound tests over n nodes, and O(depth·s/64) words of memory.
//!
//! `:has(R)` for a relative selector `R = c0 X1 c1 … Xk` is the mirror image: with `N[j](x)`
//! "`x` matches `Xj` and (for `j < k`) something related to `x` by `cj` has `N[j+1]`", and
//! `:has(R)` on `a` is "something related to `a` by `c0` has `N[1]`". The relations now point
//! down and right (descendants, children, next and later siblings), so a traversal in reverse
//! tree order has all of them at hand. The answers go into the `selectors` crate's relative
//! selector cache, where its matcher finds them instead of walking (recursively) the subtree.
//!
//! Compounds themselves are matched by the `selectors` crate (`matches_compound_selector_from`).
//! What stays outside this scheme are combinators nested in the arguments of `:is()`,
//! `:where()`, `:not()` and `:nth-child(… of S)`: the crate matches those by walking ancestors
//! or siblings, so `:is(div p)` costs O(depth) per element it is tested on. The nesting of such
//! arguments and their length are bounded when the selector is parsed, so that walk never
//! recurses deeper than a constant.

use super::{El, Simple};
use crate::dom::{Dom, NodeId, QuirksMode};
use crate::tree_interface::FastMap;
use selectors::context::{MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, SelectorCaches};
use selectors::matching::{CompoundSelectorMatchingResult, matches_compound_selector_from};
use selectors::parser::{Combinator, Component, NthSelectorData, RelativeSelector, Selector as CrateSelector};
use selectors::relative_selector::cache::RelativeSelectorCachedMatch;
use selectors::{Element, SelectorList};

/// One compound of a complex selector: which selector, where it starts in parse order, and the
/// combinator that links it to its left neighbour (`None` for the leftmost).
#[derive(Clone, Debug)]
struct Step {
    selector: usize,
    start: usize,
    left: Option<Combinator>,
}

/// A complex selector list taken apart for the engine.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    selectors: Vec<CrateSelector<Simple>>,
    /// Every compound of every top-level selector, left to right, selector after selector.
    steps: Vec<Step>,
    /// The indices in `steps` of each selector's subject (rightmost) compound.
    subjects: Vec<usize>,
    /// Whether a top-level selector uses `+` or `~`: `matches` then also evaluates the earlier
    /// siblings of each ancestor.
    siblings: bool,
    /// Every `:has()` argument anywhere in the list, for the reverse pass.
    has: Vec<HasPlan>,
    /// 64-bit words per bit set of `steps`.
    words: usize,
    /// Whether `:nth-of-type()` and its kin appear anywhere in the list.
    of_type: bool,
    /// Whether `:nth-child()` or `:nth-last-child()` (without `of S`, and not an edge such as
    /// `:first-child`) appears anywhere in the list.
    nth_child: bool,
}

/// One relative selector of a `:has()`: its compounds after the anchor, each with the
/// combinator to its left (the first one's is the anchor's relation).
#[derive(Clone)]
struct HasPlan {
    rel: RelativeSelector<Simple>,
    /// (start in parse order, combinator on the left) for `X1 … Xk`.
    steps: Vec<(usize, Combinator)>,
    /// The first bit of this relative selector in the reverse pass's bit sets.
    base: usize,
}

impl std::fmt::Debug for HasPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HasPlan").field("rel", &self.rel.selector).field("steps", &self.steps).finish()
    }
}

/// The compounds of `selector` in parse order: (start offset, combinator on the left).
fn compounds(selector: &CrateSelector<Simple>) -> Vec<(usize, Option<Combinator>)> {
    let mut out = vec![(0, None)];
    for (i, c) in selector.iter_raw_parse_order_from(0).enumerate() {
        if let Component::Combinator(comb) = c {
            out.push((i + 1, Some(*comb)));
        }
    }
    out
}

impl Plan {
    pub(super) fn new(list: &SelectorList<Simple>) -> Plan {
        let mut plan = Plan {
            selectors: list.slice().to_vec(),
            steps: Vec::new(),
            subjects: Vec::new(),
            siblings: false,
            has: Vec::new(),
            words: 0,
            of_type: false,
            nth_child: false,
        };
        for (s, sel) in list.slice().iter().enumerate() {
            for (start, left) in compounds(sel) {
                plan.siblings |= matches!(left, Some(Combinator::NextSibling | Combinator::LaterSibling));
                plan.steps.push(Step { selector: s, start, left });
            }
            plan.subjects.push(plan.steps.len() - 1);
        }
        plan.words = plan.steps.len().div_ceil(64);
        plan.of_type = uses(list.slice(), &|nth| nth.ty.is_of_type());
        plan.nth_child = uses(list.slice(), &|nth| !nth.ty.is_of_type() && !nth.is_simple_edge());
        let mut bits = 0;
        visit_relative_selectors(list.slice(), &mut |rel| {
            let steps: Vec<(usize, Combinator)> =
                compounds(&rel.selector).into_iter().filter_map(|(start, left)| Some((start, left?))).collect();
            let k = steps.len();
            plan.has.push(HasPlan { rel: rel.clone(), steps, base: bits });
            bits += k;
        });
        plan
    }
}

/// Calls `f` on every relative selector (`:has()` argument) in `selectors`, at any nesting.
/// The nesting is bounded by the parser's pre-scan ([`super::MAX_NESTING`]), so this recursion
/// is too.
fn visit_relative_selectors(selectors: &[CrateSelector<Simple>], f: &mut dyn FnMut(&RelativeSelector<Simple>)) {
    for sel in selectors {
        for c in sel.iter_raw_parse_order_from(0) {
            match c {
                Component::Negation(l) | Component::Is(l) | Component::Where(l) => {
                    visit_relative_selectors(l.slice(), f)
                }
                Component::NthOf(nth) => visit_relative_selectors(nth.selectors(), f),
                Component::Has(rels) => {
                    for rel in rels.iter() {
                        f(rel);
                        visit_relative_selectors(std::slice::from_ref(&rel.selector), f);
                    }
                }
                _ => {}
            }
        }
    }
}

/// Whether an `:nth-*` pseudo-class for which `pick` holds appears in `selectors`, at any
/// nesting (bounded by [`super::MAX_NESTING`]).
fn uses(selectors: &[CrateSelector<Simple>], pick: &dyn Fn(&NthSelectorData) -> bool) -> bool {
    selectors.iter().any(|sel| {
        sel.iter_raw_parse_order_from(0).any(|c| match c {
            Component::Nth(nth) => pick(nth),
            Component::NthOf(nth) => pick(nth.nth_data()) || uses(nth.selectors(), pick),
            Component::Negation(l) | Component::Is(l) | Component::Where(l) => uses(l.slice(), pick),
            Component::Has(rels) => rels.iter().any(|r| uses(std::slice::from_ref(&r.selector), pick)),
            _ => false,
        })
    })
}

/// Bit `i` of a bit set.
#[inline]
fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 != 0
}

#[inline]
fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

/// The matching state shared by every compound test of one operation.
pub(super) struct Matcher<'a> {
    dom: &'a Dom,
    plan: &'a Plan,
    caches: SelectorCaches,
    quirks: selectors::context::QuirksMode,
    scope: Option<NodeId>,
}

impl<'a> Matcher<'a> {
    pub(super) fn new(dom: &'a Dom, plan: &'a Plan, scope: Option<NodeId>) -> Matcher<'a> {
        let quirks = match dom.quirks_mode {
            QuirksMode::NoQuirks => selectors::context::QuirksMode::NoQuirks,
            QuirksMode::LimitedQuirks => selectors::context::QuirksMode::LimitedQuirks,
            QuirksMode::Quirks => selectors::context::QuirksMode::Quirks,
        };
        let mut m = Matcher { dom, plan, caches: SelectorCaches::default(), quirks, scope };
        if !plan.has.is_empty() {
            m.answer_has();
        }
        m
    }

    /// Whether `id` matches the compound of `selector` starting at `start`.
    fn compound(&mut self, selector: &CrateSelector<Simple>, start: usize, id: NodeId) -> bool {
        let mut cx = MatchingContext::new(
            MatchingMode::Normal,
            None,
            &mut self.caches,
            self.quirks,
            NeedsSelectorFlags::No,
            MatchingForInvalidation::No,
        );
        let el = El { dom: self.dom, id };
        cx.scope_element =
            self.scope.filter(|&s| self.dom.node(s).is_element()).map(|s| El { dom: self.dom, id: s }.opaque());
        !matches!(
            matches_compound_selector_from(selector, start, &mut cx, &el),
            CompoundSelectorMatchingResult::NotMatched
        )
    }

    /// Fills the crate's `:nth-child` and `:nth-of-type` caches (those the list uses) for the
    /// element children of `parent`, two passes each. The crate finds an element's index by
    /// walking back to a sibling whose index it has: O(1) in tree order, but O(siblings) for
    /// each of a run of distinct names (`:nth-of-type`) and for each child in the reverse
    /// order of the `:has()` pass (`:has(:nth-child(2n+1))` on a wide tree): quadratic.
    fn sibling_indices(&mut self, parent: NodeId) {
        if !self.plan.of_type && !self.plan.nth_child {
            return;
        }
        let dom = self.dom;
        let children: Vec<NodeId> = dom.children(parent).filter(|&c| dom.node(c).is_element()).collect();
        if self.plan.nth_child {
            let last = children.len() as i32;
            for from_end in [false, true] {
                let cache = self.caches.nth_index.get::<Simple>(false, from_end, &[]);
                for (i, &c) in children.iter().enumerate() {
                    let index = if from_end { last - i as i32 } else { i as i32 + 1 };
                    cache.insert(El { dom, id: c }.opaque(), index);
                }
            }
        }
        if !self.plan.of_type {
            return;
        }
        let mut counts: FastMap<u32, i32> = FastMap::default();
        for (from_end, order) in [(false, children.clone()), (true, children.into_iter().rev().collect())] {
            counts.clear();
            let cache = self.caches.nth_index.get::<Simple>(true, from_end, &[]);
            for c in order {
                let index = counts.entry(dom.node(c).a()).or_insert(0);
                *index += 1;
                cache.insert(El { dom, id: c }.opaque(), *index);
            }
        }
    }

    /// `M` of the element `id` into `out` (cleared first), given the frame of its parent.
    fn step(&mut self, id: NodeId, frame: &[u64], out: &mut [u64]) {
        let w = self.plan.words;
        let (up, parent, prev, earlier) = (&frame[..w], &frame[w..2 * w], &frame[2 * w..3 * w], &frame[3 * w..]);
        out.fill(0);
        let plan = self.plan;
        for (i, step) in plan.steps.iter().enumerate() {
            let ready = match step.left {
                None => true,
                Some(Combinator::Descendant) => get(up, i - 1),
                Some(Combinator::Child) => get(parent, i - 1),
                Some(Combinator::NextSibling) => get(prev, i - 1),
                Some(Combinator::LaterSibling) => get(earlier, i - 1),
                // Pseudo-element, ::part and ::slotted combinators: never parsed.
                Some(_) => false,
            };
            if ready && self.compound(&plan.selectors[step.selector], step.start, id) {
                set(out, i);
            }
        }
    }

    fn is_subject(&self, m: &[u64]) -> bool {
        self.plan.subjects.iter().any(|&i| get(m, i))
    }

    /// The frame for the children of `id` (an element with bit set `m`, parent frame `frame`).
    fn child_frame(&self, frame: &[u64], m: &[u64], out: &mut Vec<u64>) {
        let w = self.plan.words;
        out.extend(frame[..w].iter().zip(m).map(|(a, b)| a | b));
        out.extend_from_slice(m);
        out.extend(std::iter::repeat_n(0, 2 * w));
    }

    /// Records `m` (of an element child) in its parent's frame.
    fn after_child(&self, frame: &mut [u64], m: &[u64]) {
        let w = self.plan.words;
        frame[2 * w..3 * w].copy_from_slice(m);
        for (e, b) in frame[3 * w..].iter_mut().zip(m) {
            *e |= b;
        }
    }

    /// The frame for the children of `id` and `M(id)`, computed over the ancestors of `id`
    /// (and their earlier siblings when the selector has sibling combinators): O(depth·s), or
    /// O(n·s) with sibling combinators, without recursion.
    fn frame_of(&mut self, id: NodeId) -> (Vec<u64>, Vec<u64>) {
        let w = self.plan.words;
        let mut frame = vec![0; 4 * w];
        let mut m = vec![0; w];
        if !self.dom.node(id).is_element() {
            return (frame, m);
        }
        let mut path = vec![id];
        let mut cur = id;
        while let Some(p) = self.dom.node(cur).parent.filter(|&p| self.dom.node(p).is_element()) {
            path.push(p);
            cur = p;
        }
        let mut next = Vec::with_capacity(4 * w);
        for &a in path.iter().rev() {
            if let Some(p) = self.dom.node(a).parent {
                self.sibling_indices(p);
            }
            if self.plan.siblings
                && let Some(p) = self.dom.node(a).parent
            {
                let mut c = self.dom.node(p).first_child;
                while let Some(s) = c.filter(|&s| s != a) {
                    if self.dom.node(s).is_element() {
                        self.step(s, &frame, &mut m);
                        self.after_child(&mut frame, &m);
                    }
                    c = self.dom.node(s).next;
                }
            }
            self.step(a, &frame, &mut m);
            next.clear();
            self.child_frame(&frame, &m, &mut next);
            std::mem::swap(&mut frame, &mut next);
        }
        (frame, m)
    }

    /// Whether the element `id` matches (`Element.matches`).
    pub(super) fn matches(&mut self, id: NodeId) -> bool {
        if !self.dom.node(id).is_element() {
            return false;
        }
        // The subject compound alone rejects most elements without the walk up.
        let plan = self.plan;
        let subject_may_match = plan
            .subjects
            .iter()
            .any(|&i| self.compound(&plan.selectors[plan.steps[i].selector], plan.steps[i].start, id));
        subject_may_match && {
            let (_, m) = self.frame_of(id);
            self.is_subject(&m)
        }
    }

    /// Answers every `:has()` argument for every element of the arena (each tree, template
    /// contents included, in reverse tree order) into the crate's relative selector cache.
    fn answer_has(&mut self) {
        let dom = self.dom;
        let width: usize = self.plan.has.iter().map(|h| h.steps.len()).sum();
        let w = width.div_ceil(64);
        for root in dom.node_ids() {
            if dom.node(root).parent.is_none() && dom.node(root).first_child.is_some() {
                self.answer_has_under(root, w);
            }
        }
    }

    /// The reverse pass over one tree. Each open parent has a frame of three bit sets over
    /// its children seen so far (they come last to first): `N` of the last one seen (the next
    /// sibling of the one to come), the OR of `N` over them (later siblings), and the OR of `N`
    /// over them and their descendants.
    fn answer_has_under(&mut self, root: NodeId, w: usize) {
        let dom = self.dom;
        let mut stack: Vec<NodeId> = vec![root];
        let mut frames: Vec<u64> = vec![0; 3 * w];
        let mut n = vec![0u64; w];
        self.sibling_indices(root);
        let mut cur = dom.last_child(root);
        while let Some(x) = cur {
            let node = dom.node(x);
            if node.first_child.is_some() {
                self.sibling_indices(x);
                stack.push(x);
                frames.extend(std::iter::repeat_n(0, 3 * w));
                cur = dom.last_child(x);
                continue;
            }
            // `x` is a leaf: done; then every parent whose children are all done.
            let mut done = x;
            let mut own = vec![0u64; 3 * w];
            loop {
                if dom.node(done).is_element() {
                    let top = frames.len() - 3 * w;
                    self.has_bits(done, &frames[top..], &own, &mut n);
                    let frame = &mut frames[top..];
                    frame[..w].copy_from_slice(&n);
                    for j in 0..w {
                        frame[w + j] |= n[j];
                        frame[2 * w + j] |= n[j] | own[2 * w + j];
                    }
                }
                if let Some(p) = dom.node(done).prev_sibling() {
                    cur = Some(p);
                    break;
                }
                let Some(parent) = stack.pop() else { return };
                if parent == root {
                    return;
                }
                let top = frames.len() - 3 * w;
                own.copy_from_slice(&frames[top..]);
                frames.truncate(top);
                done = parent;
            }
        }
    }

    /// `N` of the element `x` for every relative selector, with `siblings` the frame of its
    /// parent (its later siblings) and `own` the frame of its children; caches `:has()` on `x`.
    fn has_bits(&mut self, x: NodeId, siblings: &[u64], own: &[u64], n: &mut [u64]) {
        let w = n.len();
        let (next, later) = (&siblings[..w], &siblings[w..2 * w]);
        let (child, desc) = (&own[w..2 * w], &own[2 * w..]);
        n.fill(0);
        let related = |comb: Combinator, bit: usize| match comb {
            Combinator::Descendant => get(desc, bit),
            Combinator::Child => get(child, bit),
            Combinator::NextSibling => get(next, bit),
            Combinator::LaterSibling => get(later, bit),
            _ => false,
        };
        let plan = self.plan;
        for h in &plan.has {
            let k = h.steps.len();
            for j in (0..k).rev() {
                let right_ok = j + 1 == k || related(h.steps[j + 1].1, h.base + j + 1);
                if right_ok && self.compound(&h.rel.selector, h.steps[j].0, x) {
                    set(n, h.base + j);
                }
            }
            let matched = k > 0 && related(h.steps[0].1, h.base);
            let opaque = El { dom: self.dom, id: x }.opaque();
            let answer =
                if matched { RelativeSelectorCachedMatch::Matched } else { RelativeSelectorCachedMatch::NotMatched };
            self.caches.relative_selector.add(opaque, &h.rel, answer);
        }
    }
}

/// The matching elements among the descendants of a scope, in tree order (`Dom::select_in`).
pub struct Select<'a> {
    m: Matcher<'a>,
    /// The open parents, each with its frame (4 × `words` words, in `frames`) and the next
    /// child to visit.
    open: Vec<Option<NodeId>>,
    frames: Vec<u64>,
    m_bits: Vec<u64>,
    child: Vec<u64>,
    templates: bool,
    started: bool,
    root: NodeId,
}

impl<'a> Select<'a> {
    pub(super) fn new(dom: &'a Dom, plan: &'a Plan, scope: NodeId) -> Select<'a> {
        let m = Matcher::new(dom, plan, Some(scope));
        Select {
            m,
            open: Vec::new(),
            frames: Vec::new(),
            m_bits: vec![0; plan.words],
            child: Vec::new(),
            templates: false,
            started: false,
            root: scope,
        }
    }

    /// Also search [template contents](https://html.spec.whatwg.org/multipage/scripting.html#template-contents),
    /// each right after its `template` element. Template contents are a separate tree: a
    /// `template` is not an ancestor of its contents, so `template p` does not match a `p` in
    /// them (as in a browser); `p` and `:root > p`-free selectors do.
    ///
    /// ```
    /// use statemark::dom::Selector;
    /// use statemark::html::parse_document;
    ///
    /// let dom = parse_document("<script>1</script><template><script>2</script></template>");
    /// let scripts = Selector::parse("script").unwrap();
    /// assert_eq!(dom.select(&scripts).count(), 1);
    /// assert_eq!(dom.select(&scripts).including_templates().count(), 2);
    /// ```
    ///
    /// A sanitizer that removes every `script` element and every `on…` event handler
    /// attribute, template contents included:
    ///
    /// ```
    /// use statemark::dom::Selector;
    /// use statemark::html::parse_document;
    ///
    /// let html = "<p onclick=go()>hi<script>1</script><template><img src=a onerror=x()><script>2</script></template>";
    /// let mut dom = parse_document(html);
    /// let scripts: Vec<_> = dom.select(&Selector::parse("script").unwrap()).including_templates().collect();
    /// scripts.into_iter().for_each(|s| dom.remove(s));
    /// for n in dom.descendants(dom.root()).including_templates().collect::<Vec<_>>() {
    ///     let Some(e) = dom.element(n) else { continue };
    ///     let on: Vec<String> = e.attrs().map(|a| a.name.local).filter(|a| a.starts_with("on")).map(String::from).collect();
    ///     on.iter().for_each(|a| _ = dom.remove_attribute(n, a));
    /// }
    /// assert_eq!(dom.to_html(), "<html><head></head><body><p>hi<template><img src=\"a\"></template></p></body></html>");
    /// ```
    pub fn including_templates(mut self) -> Self {
        self.templates = true;
        self
    }

    fn start(&mut self) {
        self.started = true;
        let (frame, _) = self.m.frame_of(self.root);
        self.open_children(self.root, &frame);
    }

    /// Opens `id`'s children with `frame`; for a template (when searching them) its contents
    /// first, as a separate tree.
    fn open_children(&mut self, id: NodeId, frame: &[u64]) {
        let dom = self.m.dom;
        let node = dom.node(id);
        if node.first_child.is_some() {
            self.m.sibling_indices(id);
            self.open.push(node.first_child);
            self.frames.extend_from_slice(frame);
        }
        if self.templates
            && let Some(contents) = dom.element(id).and_then(|e| e.template_contents)
            && let Some(first) = dom.node(contents).first_child
        {
            self.m.sibling_indices(contents);
            self.open.push(Some(first));
            self.frames.extend(std::iter::repeat_n(0, 4 * self.m.plan.words));
        }
    }
}

impl Iterator for Select<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        if !self.started {
            self.start();
        }
        let w = self.m.plan.words;
        let dom = self.m.dom;
        loop {
            let top = self.open.last_mut()?;
            let Some(x) = *top else {
                self.open.pop();
                self.frames.truncate(self.frames.len() - 4 * w);
                continue;
            };
            *top = dom.node(x).next;
            let at = self.frames.len() - 4 * w;
            let node = dom.node(x);
            if !node.is_element() {
                if node.first_child.is_some() {
                    self.open_children(x, &vec![0; 4 * w]);
                }
                continue;
            }
            let mut m = std::mem::take(&mut self.m_bits);
            self.m.step(x, &self.frames[at..], &mut m);
            let hit = self.m.is_subject(&m);
            if node.first_child.is_some() || self.templates {
                let mut child = std::mem::take(&mut self.child);
                child.clear();
                self.m.child_frame(&self.frames[at..], &m, &mut child);
                self.m.after_child(&mut self.frames[at..], &m);
                self.open_children(x, &child);
                self.child = child;
            } else {
                self.m.after_child(&mut self.frames[at..], &m);
            }
            self.m_bits = m;
            if hit {
                return Some(x);
            }
        }
    }
}
