//! A walk of a subtree as opening and closing steps, template contents included, in constant
//! memory: each step is found from the last through the parent and sibling links, so no stack
//! grows with the tree's depth or width. The streaming writers (the html5lib tree format here,
//! the command's JSON) are built on it.

use super::{Dom, Kind, NodeId};

/// One step of a [`Walk`]: a node is entered, then (after its template contents and its
/// children) left. Every node yields both steps, leaves included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The walk arrives at the node, before its template contents and children.
    Enter(NodeId),
    /// The walk is done with the node.
    Leave(NodeId),
}

/// The steps of a subtree in tree order, from [`Dom::walk`]. A `template`'s contents (its
/// [`template_contents`](super::ElementRef::template_contents) fragment) are walked right after
/// the template is entered and before its own children, as the html5lib tree format lists them.
///
/// Constant memory and no recursion: a walk of a tree a million levels deep or a million
/// children wide holds two node ids and a depth.
///
/// ```
/// use statemark::dom::Step;
/// use statemark::html::parse_fragment;
/// use statemark::html::Context;
///
/// let dom = parse_fragment("<p>a<b>c</b></p>", &Context::html("body"));
/// let mut names = Vec::new();
/// let mut walk = dom.walk(dom.root());
/// while let Some(step) = walk.next() {
///     if let Step::Enter(id) = step
///         && let Some(e) = dom.element(id)
///     {
///         names.push(format!("{}@{}", e.name.local, walk.depth()));
///     }
/// }
/// assert_eq!(names, ["p@1", "b@2"]);
/// ```
pub struct Walk<'a> {
    dom: &'a Dom,
    root: NodeId,
    next: Option<Step>,
    /// The depth of the node of the step last returned (the root is at 0).
    depth: usize,
    /// The depth of `next`'s node.
    next_depth: usize,
}

impl Dom {
    /// Walk the subtree of `root` (itself included) as [`Step`]s, template contents included.
    pub fn walk(&self, root: NodeId) -> Walk<'_> {
        Walk { dom: self, root, next: Some(Step::Enter(root)), depth: 0, next_depth: 0 }
    }

    /// `fragment`'s template, when `fragment` is a template's contents.
    fn contents_owner(&self, fragment: NodeId) -> Option<NodeId> {
        self.template_of(fragment).filter(|&t| self.element(t).and_then(|e| e.template_contents) == Some(fragment))
    }
}

impl Walk<'_> {
    /// The depth of the node of the last step returned: 0 for the root, 1 for its children
    /// and for a template's contents fragment (one below the template), and so on.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Whether `id` is a template's contents fragment (which [`Walk`] visits as the first
    /// thing inside its template).
    pub fn is_template_contents(&self, id: NodeId) -> bool {
        self.dom.contents_owner(id).is_some()
    }

    fn after(&self, step: Step, depth: usize) -> Option<(Step, usize)> {
        let dom = self.dom;
        match step {
            Step::Enter(id) => {
                let node = dom.node(id);
                if node.kind() == Kind::Template
                    && let Some(c) = dom.element(id).and_then(|e| e.template_contents)
                {
                    return Some((Step::Enter(c), depth + 1));
                }
                Some(match node.first_child() {
                    Some(c) => (Step::Enter(c), depth + 1),
                    None => (Step::Leave(id), depth),
                })
            }
            Step::Leave(id) => {
                if id == self.root {
                    return None;
                }
                if let Some(t) = dom.contents_owner(id) {
                    // The template's own children come after its contents, at the same depth.
                    return Some(match dom.node(t).first_child() {
                        Some(c) => (Step::Enter(c), depth),
                        None => (Step::Leave(t), depth - 1),
                    });
                }
                let node = dom.node(id);
                if let Some(s) = node.next_sibling() {
                    return Some((Step::Enter(s), depth));
                }
                node.parent().map(|p| (Step::Leave(p), depth.saturating_sub(1)))
            }
        }
    }
}

impl Iterator for Walk<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        let step = self.next?;
        self.depth = self.next_depth;
        match self.after(step, self.depth) {
            Some((s, d)) => {
                self.next = Some(s);
                self.next_depth = d;
            }
            None => self.next = None,
        }
        Some(step)
    }
}
