//! The tree sink: the operations the HTML tree builder performs on a tree, and what it tells
//! the tree about the document (quirks mode, scripting). The arena [`Dom`](crate::dom::Dom)
//! implements it; implement it to build your own tree. Layer: the tree-building interface.

use super::known::KnownName;
use super::names::{AttrRef, Attrs, QualNameRef};

/// Where a node goes: "inside `parent`, after its last child" or "inside `parent`, immediately
/// before `sibling`" (the spec's insertion locations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location<H> {
    /// Inside the node, after its last child.
    Append(H),
    /// Inside `parent`, immediately before `sibling` (foster parenting before a table).
    Before {
        /// The node to insert into.
        parent: H,
        /// The child of `parent` to insert before.
        sibling: H,
    },
}

impl<H> Location<H> {
    /// "The node in which the insertion location finds itself."
    pub fn parent(&self) -> &H {
        match self {
            Location::Append(p) => p,
            Location::Before { parent, .. } => parent,
        }
    }
}

/// What the tree builder needs from a tree. Handles are cheap to clone and compare equal when
/// they name the same node.
///
/// The builder never asks for more than this: it keeps its own record of element names and
/// namespaces, so a sink may be write-mostly (a streaming serializer, a node counter).
///
/// ```
/// use statemark::dom::{Attrs, QualNameRef, QuirksMode};
/// use statemark::html::tree::{Location, TreeSink, build_document};
///
/// /// Counts elements; keeps no tree at all.
/// #[derive(Default)]
/// struct Count(usize);
///
/// impl TreeSink for Count {
///     type Handle = usize;
///     fn document(&mut self) -> usize { 0 }
///     fn create_element(&mut self, _: QualNameRef<'_>, _: Attrs<'_>) -> usize { self.0 += 1; self.0 }
///     fn create_comment(&mut self, _: &str) -> usize { 0 }
///     fn create_processing_instruction(&mut self, _: &str, _: &str) -> usize { 0 }
///     fn create_doctype(&mut self, _: &str, _: &str, _: &str) -> usize { 0 }
///     fn create_document_fragment(&mut self) -> usize { 0 }
///     fn insert(&mut self, _: &Location<usize>, _: usize) {}
///     fn insert_text(&mut self, _: &Location<usize>, _: &str) {}
///     fn parent(&self, _: &usize) -> Option<usize> { None }
///     fn remove(&mut self, _: &usize) {}
///     fn move_children(&mut self, _: &usize, _: &usize) {}
///     fn template_contents(&mut self, t: &usize) -> usize { *t }
///     fn add_attributes_if_missing(&mut self, _: &usize, _: Attrs<'_>) {}
///     fn set_quirks_mode(&mut self, _: QuirksMode) {}
///     fn has_element_child(&self, _: &usize) -> bool { false }
/// }
///
/// let count = build_document("<p>one<p>two", Default::default(), Count::default());
/// assert_eq!(count.0, 5); // html, head and body are created too
/// ```
pub trait TreeSink {
    /// A reference to a node of the sink's tree.
    type Handle: Clone + PartialEq;

    /// The Document node.
    fn document(&mut self) -> Self::Handle;

    /// Create a detached element. For an HTML `template`, the sink also creates its template
    /// contents (see [`template_contents`](Self::template_contents)). Name and attributes are
    /// borrowed for the call: a sink copies what it keeps.
    fn create_element(&mut self, name: QualNameRef<'_>, attrs: Attrs<'_>) -> Self::Handle;

    /// [`create_element`](Self::create_element) for an element whose name is one the parser
    /// knows (the HTML tag names and the foreign names the rules mention, in their namespace),
    /// with a small number for that name. A sink that interns names can use it to skip hashing
    /// the name; the default ignores it.
    fn create_known_element(&mut self, known: KnownName, name: QualNameRef<'_>, attrs: Attrs<'_>) -> Self::Handle {
        let _ = known;
        self.create_element(name, attrs)
    }

    /// Create an element and insert it at `at` in one step: what the builder does for nearly
    /// every start tag (spec: #insert-a-foreign-element, steps 2 and 3, once step 3's "if it
    /// is possible to insert" holds: `at` is never the Document). `known` is as for
    /// [`create_known_element`](Self::create_known_element). The default makes the same calls
    /// as before this method existed (create, then [`insert`](Self::insert)); the arena `Dom`
    /// writes the new node with its links in place, with no separate link step.
    fn create_and_insert_element(
        &mut self,
        at: &Location<Self::Handle>,
        known: Option<KnownName>,
        name: QualNameRef<'_>,
        attrs: Attrs<'_>,
    ) -> Self::Handle {
        let node = match known {
            Some(k) => self.create_known_element(k, name, attrs),
            None => self.create_element(name, attrs),
        };
        self.insert(at, node.clone());
        node
    }

    /// Create a detached Comment node.
    fn create_comment(&mut self, data: &str) -> Self::Handle;

    /// Create a detached ProcessingInstruction node.
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> Self::Handle;

    /// Create a detached DocumentType node; a missing identifier is passed as the empty string
    /// ([the "initial" insertion mode](https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode)).
    fn create_doctype(&mut self, name: &str, public_id: &str, system_id: &str) -> Self::Handle;

    /// The fragment that fragment parsing returns.
    fn create_document_fragment(&mut self) -> Self::Handle;

    /// Insert a detached node at `at`.
    fn insert(&mut self, at: &Location<Self::Handle>, node: Self::Handle);

    /// Whether the sink records where nodes come from; asked once, when the builder is made.
    /// When true, the builder calls [`source_span`](TreeSink::source_span) before creating
    /// or extending nodes for each token.
    fn wants_source_spans(&self) -> bool {
        false
    }

    /// The byte span of the markup the next nodes created (or the Text node extended) come
    /// from: the token being processed; an empty span at that token's start for nodes the
    /// builder makes without markup (implied `html`, `head`, `body`, `tbody`..., and the
    /// copies of formatting elements the reconstruction and the adoption agency create).
    fn source_span(&mut self, span: crate::position::Span) {
        let _ = span;
    }

    /// Insert text at `at`: appended to the Text node immediately before `at` if there is one,
    /// else as a new Text node (spec: #insert-a-character, step 4).
    fn insert_text(&mut self, at: &Location<Self::Handle>, text: &str);

    /// The parent of `node`, if it has one.
    fn parent(&self, node: &Self::Handle) -> Option<Self::Handle>;

    /// Remove `node` from its parent, if it has one.
    fn remove(&mut self, node: &Self::Handle);

    /// Move all children of `from` to the end of `to`, in order.
    fn move_children(&mut self, from: &Self::Handle, to: &Self::Handle);

    /// The template contents (a document fragment) of an HTML `template` element.
    fn template_contents(&mut self, template: &Self::Handle) -> Self::Handle;

    /// Add each attribute whose name `element` does not have yet (`<html>`/`<body>` merging).
    fn add_attributes_if_missing(&mut self, element: &Self::Handle, attrs: Attrs<'_>);

    /// Whether [`element_attributes`](Self::element_attributes) answers: this sink keeps
    /// every element's attributes as it was created with them, for the length of the parse.
    /// Then the tree builder reads a formatting element's attributes back when it needs them
    /// (Noah's Ark, spec: #push-onto-the-list-of-active-formatting-elements; reconstructing,
    /// spec: #reconstruct-the-active-formatting-elements; the adoption agency) rather than
    /// keeping a copy of every `<a href>`'s. The default is `false`: the builder keeps copies.
    fn keeps_attributes(&self) -> bool {
        false
    }

    /// The attributes `element` (an element this sink created for the tree builder) was
    /// created with, in order. Asked only when [`keeps_attributes`](Self::keeps_attributes)
    /// is `true`; the default has none.
    ///
    /// ```
    /// use statemark::dom::{Attr, Attrs, Dom, Namespace, QualName, QualNameRef};
    /// use statemark::html::tree::TreeSink;
    ///
    /// let mut dom = Dom::new();
    /// let href = [Attr { name: QualName::new(Namespace::None, "href"), value: "/".into() }];
    /// let a = dom.create_element(QualNameRef::new(&Namespace::Html, "a"), Attrs::owned(&href));
    /// assert!(dom.keeps_attributes());
    /// let back: Vec<(&str, &str)> = dom.element_attributes(&a).iter().map(|x| (x.name.local, x.value)).collect();
    /// assert_eq!(back, [("href", "/")]);
    /// ```
    fn element_attributes(&self, element: &Self::Handle) -> Vec<AttrRef<'_>> {
        let _ = element;
        Vec::new()
    }

    /// Set the document's [mode](https://dom.spec.whatwg.org/#concept-document-mode) (from the
    /// DOCTYPE, or inherited by a fragment from its context).
    fn set_quirks_mode(&mut self, mode: QuirksMode);

    /// Whether `node` has an element child (the Document keeps at most one).
    fn has_element_child(&self, node: &Self::Handle) -> bool;

    /// Whether `ancestor` is an inclusive ancestor of `node`, by [`parent`](Self::parent).
    ///
    /// The builder no longer asks this. The adoption agency's step 19 (spec:
    /// #adoption-agency-algorithm) inserts lastNode only if it "is not a host-including
    /// inclusive ancestor of target"; that always holds for a tree the builder built (no
    /// element on its stack of open elements is inside an element above it), so the builder
    /// decides it from its own records in constant time, where asking the sink cost a walk as
    /// deep as the tree on every call (quadratic on `"<a><div>".repeat(n)`). The method stays
    /// so that sinks written for earlier versions compile; the default walks `parent` up from
    /// `node` (time linear in its depth) and does not cross from template contents to their
    /// template.
    #[deprecated(note = "the tree builder no longer calls this; the default walks `parent`")]
    fn is_inclusive_ancestor(&self, ancestor: &Self::Handle, node: &Self::Handle) -> bool {
        let mut cur = Some(node.clone());
        while let Some(n) = cur {
            if n == *ancestor {
                return true;
            }
            cur = self.parent(&n);
        }
        false
    }

    /// The [parser scripting mode](https://html.spec.whatwg.org/multipage/parsing.html#parser-scripting-mode)
    /// the tree is parsed with, told once, before any node is created. The arena `Dom` records
    /// it ([`Dom::scripting_mode`](crate::dom::Dom::scripting_mode)) so that serializing
    /// `noscript` text later agrees with how it was parsed. The default ignores it.
    fn set_scripting_mode(&mut self, mode: ScriptingMode) {
        let _ = mode;
    }

    /// What the parser set on a `script` element it just created (spec: #parsing-main-inhead,
    /// "A start tag whose tag name is "script"", steps 3 and 5). The default ignores it.
    fn script_created(&mut self, script: &Self::Handle, flags: ScriptFlags) {
        let _ = (script, flags);
    }

    /// Replace the children of `into` with copies of the children of `from`, each with its
    /// subtree: "clone an option into a selectedcontent" (spec: #the-selectedcontent-element),
    /// which the builder runs when [`TreeOptions::selectedcontent`](crate::html::TreeOptions::selectedcontent)
    /// is on. The default does nothing: a sink that keeps no tree has nothing to copy.
    fn clone_children_into(&mut self, from: &Self::Handle, into: &Self::Handle) {
        let _ = (from, into);
    }

    /// The first child of `node`. Content patching (`<template for>`, spec:
    /// #prepare-content-patching) walks the tree through this,
    /// [`next_sibling`](Self::next_sibling) and
    /// [`processing_instruction`](Self::processing_instruction); a sink that cannot walk its
    /// tree keeps the defaults, which find no marker, so every `<template for>` stays a
    /// `template` element as before 2026.
    fn first_child(&self, node: &Self::Handle) -> Option<Self::Handle> {
        let _ = node;
        None
    }

    /// The next sibling of `node`.
    fn next_sibling(&self, node: &Self::Handle) -> Option<Self::Handle> {
        let _ = node;
        None
    }

    /// The target and data of `node` if it is a ProcessingInstruction node.
    fn processing_instruction(&self, node: &Self::Handle) -> Option<(&str, &str)> {
        let _ = node;
        None
    }
}

/// A [parser scripting mode](https://html.spec.whatwg.org/multipage/parsing.html#parser-scripting-mode)
/// (spec: 13.2.4.6, "Other parsing state flags"). What each changes in the tree:
///
/// | mode | `noscript` | a parser-made `script` |
/// |---|---|---|
/// | `Normal` | raw text | parser document set, not started |
/// | `Disabled` | its content parsed as markup (in head: "in head noscript") | parser document set, not started |
/// | `Inert` | raw text | parser document set, **already started** |
/// | `Fragment` | raw text | **no** parser document, not started |
///
/// A document is parsed `Normal` (scripting on) or `Disabled` (off); the HTML fragment parsing
/// algorithm takes `Inert` (its default) or `Fragment` (`createContextualFragment()`), and
/// `Disabled` when its context document has scripting disabled.
///
/// ```
/// use statemark::html::{parse_document_with, parse_fragment, Context, ScriptingMode, TreeOptions};
///
/// let doc = parse_document_with("<noscript><b>x</b></noscript>", TreeOptions::with_scripting(false));
/// assert_eq!(doc.scripting_mode(), Some(ScriptingMode::Disabled));
/// let frag = parse_fragment("<script>go()</script>", &Context::html("div"));
/// assert_eq!(frag.scripting_mode(), Some(ScriptingMode::Inert));
/// let script = frag.children(frag.root()).next().unwrap();
/// assert!(frag.script_flags(script).is_some_and(|f| f.already_started));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScriptingMode {
    /// Scripts are processed when inserted, respecting `async` and `defer` and blocking the
    /// parser at a classic script. A document parsed with scripting on.
    Normal,
    /// Scripts are disabled, and `noscript` can represent fallback content: its content is
    /// parsed as markup.
    Disabled,
    /// Scripts are enabled but marked as already started, so they never run: the default of
    /// the HTML fragment parsing algorithm.
    Inert,
    /// Scripts run as soon as they are inserted into a document, ignoring `async` and `defer`:
    /// parser-made scripts are treated as not parser-inserted (`createContextualFragment()`).
    Fragment,
}

impl ScriptingMode {
    /// Whether scripting is enabled: every mode but [`Disabled`](Self::Disabled). This is what
    /// the tokenizer's `noscript` state and the serializer's "scripting enabled" read.
    pub fn scripting_enabled(self) -> bool {
        self != ScriptingMode::Disabled
    }
}

/// What the parser set on a `script` element (spec: #parsing-main-inhead, "A start tag whose tag
/// name is "script"").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScriptFlags {
    /// The element's [parser document](https://html.spec.whatwg.org/multipage/scripting.html#parser-document)
    /// is set (step 3: every mode but [`ScriptingMode::Fragment`]).
    pub parser_inserted: bool,
    /// The element's [already started](https://html.spec.whatwg.org/multipage/scripting.html#already-started)
    /// is true (step 5: [`ScriptingMode::Inert`]), so it will never run.
    pub already_started: bool,
}

/// The document's mode, set from the DOCTYPE.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuirksMode {
    /// [No-quirks mode](https://dom.spec.whatwg.org/#concept-document-no-quirks): a standards DOCTYPE (or none
    /// needed, as in fragments and XML).
    #[default]
    NoQuirks,
    /// [Limited-quirks mode](https://dom.spec.whatwg.org/#concept-document-limited-quirks) ("almost
    /// standards").
    LimitedQuirks,
    /// [Quirks mode](https://dom.spec.whatwg.org/#concept-document-quirks): a missing or legacy DOCTYPE.
    Quirks,
}
