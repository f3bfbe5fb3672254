//! XML5 tree construction (the draft's 1.4: start, main and end phases) into the arena
//! [`Dom`], with namespaces resolved as in Namespaces in XML. Decisions where the draft is
//! unfinished are in spec/xml5/README.md ("Tree construction").
//!
//! ```
//! use statemark::xml5;
//!
//! let dom = xml5::parse("<doc xmlns='urn:x'><p:a xmlns:p='urn:p'/>text</doc>");
//! let root = dom.children(dom.document()).next().unwrap();
//! assert_eq!(dom.element(root).unwrap().name.ns.url(), "urn:x");
//! ```

use super::token::{Attribute, Error, Sink, Token};
use super::tokenizer::Tokenizer;
use crate::Span;
use crate::dom::{Dom, Namespace, NodeData, NodeId, QualNameRef};
#[cfg(feature = "trace")]
use crate::generated::xml5_tokenizer::State;
use crate::tree_interface::{FastMap, FastState, TreeSink};

use super::namespaces::NamespaceScopes;
#[cfg(test)]
use super::namespaces::XML_NS;

static NO_NAMESPACE: Namespace = Namespace::None;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Main,
    End,
}

/// The draft's address that every [`TreeRule::phase_anchor`] is relative to: the revision the
/// tokenizer's tables link to (`spec/xml5/tokenizer.ron`'s `anchor_base`; a test keeps the two
/// equal), so that a state and a phase of one explanation are of one text.
const XML5_BASE: &str =
    "https://rawcdn.githack.com/Ygg01/xml5_draft/2d702eec5bbdb132056d5f53ef0010004a132488/index.html#";

/// A rule of XML5 tree construction: one entry of a phase's switch in the draft's "Tree
/// construction" section (spec: #start-phase, #main-phase, #end-phase), named after its phase
/// and its entry, or one of statemark's decisions where the draft is silent
/// (spec/xml5/README.md, "Tree construction"). With the `trace` feature,
/// [`TreeBuilder::with_rule_trace`] records every rule the builder takes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum TreeRule {
    /// spec: #start-phase, entry 1: A start tag token (the root element).
    StartStartTag,
    /// spec: #start-phase, entry 2: An empty tag token (the root element, alone).
    StartEmptyTag,
    /// spec: #start-phase, entry 3: A comment token.
    StartComment,
    /// spec: #start-phase, entry 4: A processing instruction token.
    StartProcessingInstruction,
    /// spec: #start-phase, entry 5: An end-of-file token (reprocessed in the end phase).
    StartEof,
    /// spec: #start-phase, entry 6: Anything else (a parse error, ignored).
    StartAnythingElse,
    /// Decision (the draft is silent): a DOCTYPE before the root element becomes the
    /// document's DOCTYPE node (a second one is a parse error, ignored).
    StartDoctype,
    /// Decision: whitespace before the root element is not content, and no error.
    StartWhitespace,
    /// spec: #main-phase, entry 1: A character token (appended to the current element).
    MainCharacter,
    /// spec: #main-phase, entry 2: A start tag token (insert an element).
    MainStartTag,
    /// spec: #main-phase, entry 3: An empty tag token.
    MainEmptyTag,
    /// spec: #main-phase, entry 4: An end tag token.
    MainEndTag,
    /// spec: #main-phase, entry 5: A short end tag token.
    MainShortEndTag,
    /// spec: #main-phase, entry 6: A comment token.
    MainComment,
    /// spec: #main-phase, entry 7: A processing instruction token.
    MainProcessingInstruction,
    /// spec: #main-phase, entry 8: An end-of-file token (a parse error; open elements are
    /// closed, and the token reprocessed in the end phase).
    MainEof,
    /// Decision: a DOCTYPE in the main phase (the draft lists no entry for it) is a parse error,
    /// ignored.
    MainDoctype,
    /// spec: #end-phase, entry 1: A comment token.
    EndComment,
    /// spec: #end-phase, entry 2: A processing instruction token.
    EndProcessingInstruction,
    /// spec: #end-phase, entry 3: An end-of-file token (stop parsing).
    EndEof,
    /// spec: #end-phase, entry 4: Anything else (a parse error, ignored).
    EndAnythingElse,
    /// Decision: whitespace after the root element is not content, and no error.
    EndWhitespace,
}

impl TreeRule {
    /// Every rule: the draft's entries phase by phase in its order, each phase's decisions
    /// after them.
    pub const ALL: &'static [TreeRule] = &[
        TreeRule::StartStartTag,
        TreeRule::StartEmptyTag,
        TreeRule::StartComment,
        TreeRule::StartProcessingInstruction,
        TreeRule::StartEof,
        TreeRule::StartAnythingElse,
        TreeRule::StartDoctype,
        TreeRule::StartWhitespace,
        TreeRule::MainCharacter,
        TreeRule::MainStartTag,
        TreeRule::MainEmptyTag,
        TreeRule::MainEndTag,
        TreeRule::MainShortEndTag,
        TreeRule::MainComment,
        TreeRule::MainProcessingInstruction,
        TreeRule::MainEof,
        TreeRule::MainDoctype,
        TreeRule::EndComment,
        TreeRule::EndProcessingInstruction,
        TreeRule::EndEof,
        TreeRule::EndAnythingElse,
        TreeRule::EndWhitespace,
    ];

    /// The rule's name (`main_end_tag`): its phase, then its entry's words.
    pub fn name(self) -> &'static str {
        self.row().0
    }

    /// The anchor (without `#`) of the rule's phase in the draft (`main-phase`).
    pub fn phase_anchor(self) -> &'static str {
        self.row().1
    }

    /// The rule's entry number within its phase's switch, from 1, in the draft's order; `None`
    /// for statemark's decisions where the draft has no entry.
    pub fn entry(self) -> Option<u8> {
        self.row().2
    }

    /// The entry's words in the draft ("A short end tag token"), or the decision's.
    pub fn label(self) -> &'static str {
        self.row().3
    }

    /// The link to the rule's phase in the draft (the entries have no anchors of their own).
    ///
    /// ```
    /// use statemark::xml5::TreeRule;
    ///
    /// let url = TreeRule::MainEndTag.spec_url();
    /// assert!(url.starts_with("https://rawcdn.githack.com/Ygg01/xml5_draft/") && url.ends_with("#main-phase"));
    /// ```
    pub fn spec_url(self) -> String {
        format!("{XML5_BASE}{}", self.phase_anchor())
    }

    fn row(self) -> (&'static str, &'static str, Option<u8>, &'static str) {
        use TreeRule as R;
        let (s, m, e) = ("start-phase", "main-phase", "end-phase");
        match self {
            R::StartStartTag => ("start_start_tag", s, Some(1), "A start tag token"),
            R::StartEmptyTag => ("start_empty_tag", s, Some(2), "An empty tag token"),
            R::StartComment => ("start_comment", s, Some(3), "A comment token"),
            R::StartProcessingInstruction => ("start_pi", s, Some(4), "A processing instruction token"),
            R::StartEof => ("start_eof", s, Some(5), "An end-of-file token"),
            R::StartAnythingElse => ("start_anything_else", s, Some(6), "Anything else"),
            R::StartDoctype => ("start_doctype", s, None, "A DOCTYPE token (decision: the document's DOCTYPE)"),
            R::StartWhitespace => ("start_whitespace", s, None, "Whitespace characters (decision: ignored)"),
            R::MainCharacter => ("main_character", m, Some(1), "A character token"),
            R::MainStartTag => ("main_start_tag", m, Some(2), "A start tag token"),
            R::MainEmptyTag => ("main_empty_tag", m, Some(3), "An empty tag token"),
            R::MainEndTag => ("main_end_tag", m, Some(4), "An end tag token"),
            R::MainShortEndTag => ("main_short_end_tag", m, Some(5), "A short end tag token"),
            R::MainComment => ("main_comment", m, Some(6), "A comment token"),
            R::MainProcessingInstruction => ("main_pi", m, Some(7), "A processing instruction token"),
            R::MainEof => ("main_eof", m, Some(8), "An end-of-file token"),
            R::MainDoctype => ("main_doctype", m, None, "A DOCTYPE token (decision: a parse error, ignored)"),
            R::EndComment => ("end_comment", e, Some(1), "A comment token"),
            R::EndProcessingInstruction => ("end_pi", e, Some(2), "A processing instruction token"),
            R::EndEof => ("end_eof", e, Some(3), "An end-of-file token"),
            R::EndAnythingElse => ("end_anything_else", e, Some(4), "Anything else"),
            R::EndWhitespace => ("end_whitespace", e, None, "Whitespace characters (decision: ignored)"),
        }
    }
}

/// What a parse produced: the tree and the tokenizer and tree-construction errors, in the order
/// found (with `errors` on). The shape [`html::parse_with_errors`](crate::html::parse_with_errors)
/// returns too.
pub type Parsed = crate::Parsed<TreeError>;

/// A parse error of the tree builder or the tokenizer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A tokenizer error.
    Token(Error),
    /// A token the current phase does not allow (it is ignored), at this byte span.
    UnexpectedToken(Span),
    /// An end tag that does not match the current element.
    MismatchedEndTag(Span),
    /// End of file with elements still open (they are closed).
    EofWithOpenElements(Span),
    /// An element or attribute prefix no `xmlns:prefix` declaration binds.
    UnboundPrefix(Span),
    /// Two attributes with the same namespace and local name (the later is dropped).
    DuplicateNamespacedAttribute(Span),
    /// An `xmlns:xml` / `xmlns:xmlns` declaration that would rebind a reserved prefix.
    ReservedPrefix(Span),
}

impl std::fmt::Display for TreeError {
    /// The tokenizer's errors as `line:column: code`; the tree builder's with their byte span.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, span) = match self {
            TreeError::Token(e) => return e.fmt(f),
            TreeError::UnexpectedToken(s) => ("unexpected token (ignored)", s),
            TreeError::MismatchedEndTag(s) => ("end tag does not match the current element", s),
            TreeError::EofWithOpenElements(s) => ("end of file with elements still open", s),
            TreeError::UnboundPrefix(s) => ("prefix not bound by any xmlns declaration", s),
            TreeError::DuplicateNamespacedAttribute(s) => ("duplicate namespaced attribute (dropped)", s),
            TreeError::ReservedPrefix(s) => ("xmlns:xml or xmlns:xmlns would rebind a reserved prefix", s),
        };
        write!(f, "bytes {}..{}: {what}", span.start, span.end)
    }
}

impl std::error::Error for TreeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TreeError::Token(e) => Some(e),
            _ => None,
        }
    }
}

/// The tree builder: a [`Sink`] for the XML5 tokenizer.
pub struct TreeBuilder {
    dom: Dom,
    phase: Phase,
    /// Open elements with their qualified names as written (as ids of `name_slots`).
    stack: Vec<(NodeId, u32)>,
    /// Qualified names seen in start tags, numbered: `name_spans[id]` is the name in
    /// `name_chars` (one string for all), so an end tag that closes the current element is
    /// recognized by one comparison, not a hash. `name_slots` finds a name's id: an
    /// open-addressing table of ids + 1 (0: empty; linear probing, at most half full, its
    /// length a power of two or zero) hashed with `name_state`, 4 bytes a slot where a map of
    /// boxed names was some 60 bytes and an allocation a name (issue 26, peak memory).
    name_slots: Vec<u32>,
    name_state: FastState,
    name_chars: String,
    name_spans: Vec<(u32, u32)>,
    /// Recently used name ids + 1 (0: none) by a cheap key of the name (`recent_key`): start
    /// tags mostly repeat recent names, which are then found by one comparison, not a hash.
    recent: [u32; 64],
    /// How many open elements have each qualified name (by id): "an element in scope" in
    /// O(1).
    open_names: Vec<u32>,
    /// Namespace bindings in scope, one scope per open element (and per empty tag, while it
    /// is created).
    scopes: NamespaceScopes,
    /// The last tag's emptied attribute list, handed back to the tokenizer
    /// ([`Sink::spare_attributes`]) so that no tag allocates one.
    spare: Vec<Attribute<'static>>,
    want_errors: bool,
    errors: Vec<TreeError>,
    /// The rules taken, when asked for ([`TreeBuilder::with_rule_trace`]).
    #[cfg(feature = "trace")]
    rule_trace: Option<Vec<TreeRule>>,
}

/// The duplicate check compares names directly up to this many namespaced attributes on a
/// tag, and hashes them past it: linear time on any tag, and no hashing on the usual small ones.
const LINEAR_DUPLICATE_CHECK: usize = 8;

/// Reuse `v`'s buffer, emptied, for a vector of another lifetime (its items are dropped, none
/// is converted; collecting in place keeps the allocation). The way back, from `'static` to
/// a shorter lifetime, needs no call: the vectors are covariant.
// `filter` would keep the lifetime; the point is the new one.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<A, B>(v: Vec<A>) -> Vec<B> {
    v.into_iter().filter_map(|_| None).collect()
}

impl TreeBuilder {
    /// A builder with an empty document; `want_errors` keeps the parse errors for
    /// [`Parsed::errors`].
    pub fn new(want_errors: bool) -> TreeBuilder {
        TreeBuilder {
            dom: Dom::new(),
            phase: Phase::Start,
            stack: Vec::new(),
            name_slots: Vec::new(),
            name_state: FastState::default(),
            name_chars: String::new(),
            name_spans: Vec::new(),
            recent: [0; 64],
            open_names: Vec::new(),
            scopes: NamespaceScopes::new(),
            spare: Vec::new(),
            want_errors,
            errors: Vec::new(),
            #[cfg(feature = "trace")]
            rule_trace: None,
        }
    }

    /// With the `trace` feature: record every rule of tree construction the builder takes
    /// ([`TreeRule`]), in order, for [`drain_rule_trace`](Self::drain_rule_trace). Without the
    /// feature the hook is compiled out. Cost: a few records (one byte each) per token, kept
    /// until drained, so memory grows linearly with the input when nothing drains it; no
    /// recursion.
    #[cfg(feature = "trace")]
    pub fn with_rule_trace(mut self) -> TreeBuilder {
        self.rule_trace = Some(Vec::new());
        self
    }

    /// With the `trace` feature: take the rules recorded so far, in order, leaving the record
    /// empty with its allocation kept (after each token, the rules that token took). A token
    /// reprocessed in another phase records both rules.
    ///
    /// ```
    /// use statemark::Span;
    /// use statemark::xml5::{Sink, Token, TreeBuilder, TreeRule};
    ///
    /// let mut b = TreeBuilder::new(false).with_rule_trace();
    /// b.token(Token::Eof, Span::new(0, 0));
    /// assert_eq!(b.drain_rule_trace().collect::<Vec<_>>(), [TreeRule::StartEof, TreeRule::EndEof]);
    /// ```
    #[cfg(feature = "trace")]
    pub fn drain_rule_trace(&mut self) -> impl Iterator<Item = TreeRule> + '_ {
        self.rule_trace.iter_mut().flat_map(|v| v.drain(..))
    }

    /// The tree-construction errors so far (with `want_errors`), taken: a consumer that reads
    /// them token by token (`statemark explain --xml`) places each after its token. The
    /// tokenizer's errors reach the builder only when it is the tokenizer's sink. Constant
    /// time: the list is moved out, not copied.
    pub fn take_errors(&mut self) -> Vec<TreeError> {
        std::mem::take(&mut self.errors)
    }

    /// The trace hook: every rule calls it first. Without the `trace` feature it is empty.
    #[inline(always)]
    fn rule(&mut self, rule: TreeRule) {
        #[cfg(feature = "trace")]
        if let Some(v) = &mut self.rule_trace {
            v.push(rule);
        }
        #[cfg(not(feature = "trace"))]
        let _ = rule;
    }

    /// Record where each node came from ([`Dom::source_span`]: an element's span is its start
    /// tag, other nodes their token's), so that what is said about a node later (a
    /// well-formedness refusal, a finding) can name its line and column.
    pub fn with_source_spans(mut self) -> TreeBuilder {
        self.dom = std::mem::take(&mut self.dom).with_source_spans();
        self
    }

    /// The tree and errors, once the tokenizer has delivered the end-of-file token.
    pub fn finish(self) -> Parsed {
        Parsed { dom: self.dom, errors: self.errors }
    }

    fn error(&mut self, e: TreeError) {
        if self.want_errors {
            self.errors.push(e);
        }
    }

    fn current(&self) -> NodeId {
        self.stack.last().map_or(self.dom.document(), |(id, _)| *id)
    }

    /// Create an element for a tag, declaring its namespaces first (they apply to the element
    /// itself and its attributes): its scope is pushed, and popped with the element (at once
    /// for an empty tag).
    fn create_element(&mut self, tag: &super::token::Tag<'_>, span: Span) -> NodeId {
        for _ in 0..self.scopes.push_element(tag) {
            // Namespaces in XML: `xml` and `xmlns` are bound by definition and may not be
            // declared otherwise; the attribute stays an ordinary attribute.
            self.error(TreeError::ReservedPrefix(span));
        }
        // Errors in the order found, reported once the scopes are no longer borrowed.
        let want_errors = self.want_errors;
        let mut errors = Vec::new();
        let mut report = |e: TreeError| {
            if want_errors {
                errors.push(e)
            }
        };
        let scopes = &self.scopes;
        // An element whose prefix is unbound keeps its qualified name as its local name.
        let name = scopes.resolve_element(&tag.name).unwrap_or_else(|| {
            report(TreeError::UnboundPrefix(span));
            QualNameRef::new(&NO_NAMESPACE, &tag.name)
        });
        // Namespaced attributes already on the element: the first few in place (compared
        // directly, no hashing on the usual small tags), the rest hashed (linear time on any
        // tag). The records go straight into the `Dom`, with no list in between.
        let mut few: [(&Namespace, &str); LINEAR_DUPLICATE_CHECK] = [(&NO_NAMESPACE, ""); LINEAR_DUPLICATE_CHECK];
        let mut in_few = 0;
        let mut seen: FastMap<(&Namespace, &str), ()> = FastMap::default();
        let id = self.dom.create_element_pushing(name, tag.attributes.len(), |out| {
            for a in &tag.attributes {
                let qn = scopes.resolve_attribute(&a.name, &a.value).unwrap_or_else(|| {
                    report(TreeError::UnboundPrefix(span));
                    QualNameRef::new(&NO_NAMESPACE, &a.name)
                });
                if *qn.ns != Namespace::None {
                    let key = (qn.ns, qn.local);
                    let duplicate = if in_few < LINEAR_DUPLICATE_CHECK {
                        let found = few[..in_few].iter().any(|&(ns, local)| local == key.1 && ns == key.0);
                        if !found {
                            few[in_few] = key;
                            in_few += 1;
                        }
                        found
                    } else {
                        if seen.is_empty() {
                            seen.extend(few.iter().map(|&k| (k, ())));
                        }
                        seen.insert(key, ()).is_some()
                    };
                    if duplicate {
                        report(TreeError::DuplicateNamespacedAttribute(span));
                        continue;
                    }
                }
                out.push(qn, &a.value);
            }
        });
        self.errors.append(&mut errors);
        id
    }

    /// The slot of `qname` in `recent`: its length, first and last bytes mixed.
    fn recent_key(qname: &str) -> usize {
        let b = qname.as_bytes();
        let (first, last) = (b.first().copied().unwrap_or(0), b.last().copied().unwrap_or(0));
        (b.len() * 7 + usize::from(first) * 3 + usize::from(last)) & 63
    }

    /// The id of the qualified name `qname`, if it has one.
    fn name_id(&mut self, qname: &str) -> Option<u32> {
        let key = Self::recent_key(qname);
        match self.recent[key] {
            0 => {}
            r if self.is_name(r - 1, qname) => return Some(r - 1),
            _ => {}
        }
        let id = self.name_slot(qname).1?;
        self.recent[key] = id + 1;
        Some(id)
    }

    fn push(&mut self, id: NodeId, qname: &str) {
        let name = match self.name_id(qname) {
            Some(n) => n,
            None => {
                let n = self.open_names.len() as u32;
                if (self.name_spans.len() + 1) * 2 > self.name_slots.len() {
                    self.grow_name_slots();
                }
                let slot = self.name_slot(qname).0;
                if let Some(s) = self.name_slots.get_mut(slot) {
                    *s = n + 1;
                }
                let start = self.name_chars.len() as u32;
                self.name_chars.push_str(qname);
                self.name_spans.push((start, self.name_chars.len() as u32));
                self.open_names.push(0);
                self.recent[Self::recent_key(qname)] = n + 1;
                n
            }
        };
        self.stack.push((id, name));
        self.open_names[name as usize] += 1;
    }

    /// The slot of `qname` in `name_slots` and its id if it has one, else the empty slot where
    /// it goes (slot 0, and no id, while the table is empty). Probing ends: the table is at
    /// most half full.
    fn name_slot(&self, qname: &str) -> (usize, Option<u32>) {
        let mask = self.name_slots.len().wrapping_sub(1);
        let mut i = self.name_state.hash_str(qname) as usize & mask;
        while let Some(&r) = self.name_slots.get(i) {
            match r {
                0 => return (i, None),
                r if self.is_name(r - 1, qname) => return (i, Some(r - 1)),
                _ => i = (i + 1) & mask,
            }
        }
        (0, None)
    }

    /// Double `name_slots` (16 slots at first) and place every name again.
    #[cold]
    fn grow_name_slots(&mut self) {
        let len = (self.name_slots.len() * 2).max(16);
        self.name_slots = vec![0; len];
        for id in 0..self.name_spans.len() as u32 {
            let slot = self.name_slot(self.name_text(id)).0;
            self.name_slots[slot] = id + 1;
        }
    }

    /// Whether the qualified name numbered `id` is `qname`: compared in line as bytes (a
    /// `str` slice checks its ends are character boundaries, and `==` calls `bcmp`).
    #[inline]
    fn is_name(&self, id: u32, qname: &str) -> bool {
        let (start, end) = self.name_spans.get(id as usize).copied().unwrap_or_default();
        let name = self.name_chars.as_bytes().get(start as usize..end as usize).unwrap_or_default();
        crate::dom::same_bytes(name, qname.as_bytes())
    }

    /// The qualified name numbered `id`.
    fn name_text(&self, id: u32) -> &str {
        let (start, end) = self.name_spans.get(id as usize).copied().unwrap_or_default();
        self.name_chars.get(start as usize..end as usize).unwrap_or_default()
    }

    /// Keep a finished tag's attribute list, emptied, for the tokenizer's next tag.
    fn keep_spare(&mut self, attributes: Vec<Attribute<'_>>) {
        if attributes.capacity() > self.spare.capacity() {
            self.spare = recycle(attributes);
        }
    }

    fn pop(&mut self) {
        if let Some((_, name)) = self.stack.pop() {
            self.open_names[name as usize] -= 1;
            self.scopes.pop_element();
        }
    }

    /// "Append a character to a node": adjacent text becomes one Text node.
    fn append_text(&mut self, parent: NodeId, text: &str) {
        self.dom.append_text_child(parent, text);
    }

    fn process(&mut self, token: Token<'_>, span: Span) {
        match self.phase {
            // spec: #start-phase (1.4)
            Phase::Start => match token {
                Token::StartTag(tag) => {
                    self.rule(TreeRule::StartStartTag);
                    let id = self.create_element(&tag, span);
                    let doc = self.dom.document();
                    self.dom.append(doc, id);
                    self.push(id, &tag.name);
                    self.keep_spare(tag.attributes);
                    self.phase = Phase::Main;
                }
                Token::EmptyTag(tag) => {
                    self.rule(TreeRule::StartEmptyTag);
                    let id = self.create_element(&tag, span);
                    let doc = self.dom.document();
                    self.dom.append(doc, id);
                    self.scopes.pop_element();
                    self.keep_spare(tag.attributes);
                    self.phase = Phase::End;
                }
                Token::Comment(c) => {
                    self.rule(TreeRule::StartComment);
                    let doc = self.dom.document();
                    let c = self.dom.create_comment(&c);
                    self.dom.append(doc, c);
                }
                Token::ProcessingInstruction(p) => {
                    self.rule(TreeRule::StartProcessingInstruction);
                    let doc = self.dom.document();
                    let p = self.dom.create_processing_instruction(&p.target, &p.data);
                    self.dom.append(doc, p);
                }
                // Decision (spec/xml5/README.md): a DOCTYPE before the root element becomes the
                // document's DOCTYPE node, as xml5lib-tests expect; the draft is silent.
                Token::Doctype(d) => {
                    self.rule(TreeRule::StartDoctype);
                    let doc = self.dom.document();
                    let has_doctype =
                        self.dom.children(doc).any(|c| matches!(self.dom.data(c), NodeData::Doctype { .. }));
                    if has_doctype {
                        self.error(TreeError::UnexpectedToken(span));
                    } else {
                        let n = self.dom.create_doctype(
                            d.name.as_deref().unwrap_or(""),
                            d.public_id.as_deref().unwrap_or(""),
                            d.system_id.as_deref().unwrap_or(""),
                        );
                        self.dom.append(doc, n);
                    }
                }
                Token::Eof => {
                    self.rule(TreeRule::StartEof);
                    self.error(TreeError::UnexpectedToken(span));
                    self.phase = Phase::End;
                    // "Reprocess the token in the end phase": stop parsing.
                    self.rule(TreeRule::EndEof);
                }
                // Whitespace before the root element is not content; anything else is an error.
                Token::Characters(c) if c.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n')) => {
                    self.rule(TreeRule::StartWhitespace);
                }
                _ => {
                    self.rule(TreeRule::StartAnythingElse);
                    self.error(TreeError::UnexpectedToken(span));
                }
            },
            // spec: #main-phase (1.4)
            Phase::Main => match token {
                Token::Characters(c) => {
                    self.rule(TreeRule::MainCharacter);
                    let cur = self.current();
                    self.append_text(cur, &c);
                }
                Token::StartTag(tag) => {
                    self.rule(TreeRule::MainStartTag);
                    let id = self.create_element(&tag, span);
                    let cur = self.current();
                    self.dom.append(cur, id);
                    self.push(id, &tag.name);
                    self.keep_spare(tag.attributes);
                }
                Token::EmptyTag(tag) => {
                    self.rule(TreeRule::MainEmptyTag);
                    let id = self.create_element(&tag, span);
                    let cur = self.current();
                    self.dom.append(cur, id);
                    self.scopes.pop_element();
                    self.keep_spare(tag.attributes);
                }
                Token::EndTag(tag) => {
                    self.rule(TreeRule::MainEndTag);
                    // The usual end tag closes the current element: one comparison with its
                    // name, no hash.
                    let name = match self.stack.last() {
                        Some(&(_, n)) if self.is_name(n, &tag.name) => Some(n),
                        _ => self.name_id(&tag.name),
                    };
                    if self.stack.last().is_none_or(|&(_, n)| Some(n) != name) {
                        self.error(TreeError::MismatchedEndTag(span));
                    }
                    if let Some(name) = name
                        && self.open_names[name as usize] > 0
                    {
                        while let Some(&(_, n)) = self.stack.last() {
                            self.pop();
                            if n == name {
                                break;
                            }
                        }
                    }
                    if self.stack.is_empty() {
                        self.phase = Phase::End;
                    }
                }
                Token::ShortEndTag => {
                    self.rule(TreeRule::MainShortEndTag);
                    self.pop();
                    if self.stack.is_empty() {
                        self.phase = Phase::End;
                    }
                }
                Token::Comment(c) => {
                    self.rule(TreeRule::MainComment);
                    let cur = self.current();
                    let c = self.dom.create_comment(&c);
                    self.dom.append(cur, c);
                }
                Token::ProcessingInstruction(p) => {
                    self.rule(TreeRule::MainProcessingInstruction);
                    let cur = self.current();
                    let p = self.dom.create_processing_instruction(&p.target, &p.data);
                    self.dom.append(cur, p);
                }
                Token::Eof => {
                    self.rule(TreeRule::MainEof);
                    self.error(TreeError::EofWithOpenElements(span));
                    // Unclosed elements at EOF are closed.
                    while !self.stack.is_empty() {
                        self.pop();
                    }
                    self.phase = Phase::End;
                    // "Reprocess the token in the end phase": stop parsing.
                    self.rule(TreeRule::EndEof);
                }
                // spec: DOCTYPE in the main phase is not listed: ignored as an error.
                Token::Doctype(_) => {
                    self.rule(TreeRule::MainDoctype);
                    self.error(TreeError::UnexpectedToken(span));
                }
            },
            // spec: #end-phase (1.4)
            Phase::End => match token {
                Token::Comment(c) => {
                    self.rule(TreeRule::EndComment);
                    let doc = self.dom.document();
                    let c = self.dom.create_comment(&c);
                    self.dom.append(doc, c);
                }
                Token::ProcessingInstruction(p) => {
                    self.rule(TreeRule::EndProcessingInstruction);
                    let doc = self.dom.document();
                    let p = self.dom.create_processing_instruction(&p.target, &p.data);
                    self.dom.append(doc, p);
                }
                Token::Eof => self.rule(TreeRule::EndEof),
                Token::Characters(c) if c.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n')) => {
                    self.rule(TreeRule::EndWhitespace);
                }
                _ => {
                    self.rule(TreeRule::EndAnythingElse);
                    self.error(TreeError::UnexpectedToken(span));
                }
            },
        }
    }
}

impl<'i> Sink<'i> for TreeBuilder {
    fn token(&mut self, token: Token<'i>, span: Span) {
        if TreeSink::wants_source_spans(&self.dom) {
            TreeSink::source_span(&mut self.dom, span);
        }
        self.process(token, span);
    }

    fn error(&mut self, error: Error) {
        self.errors.push(TreeError::Token(error));
    }

    fn wants_errors(&self) -> bool {
        self.want_errors
    }

    fn spare_attributes(&mut self) -> Option<Vec<Attribute<'i>>> {
        // `Attribute<'static>` is an `Attribute<'i>`: no conversion on the way back.
        (self.spare.capacity() != 0).then(|| std::mem::take(&mut self.spare))
    }

    #[cfg(feature = "trace")]
    fn trace(&mut self, _state: State, _case: u16) {}
}

/// Parse an XML5 document into a [`Dom`]. Never fails: bad input gets the draft's recovery. A
/// leading byte order mark (U+FEFF) is skipped, as decoding the document's bytes would have.
pub fn parse(input: &str) -> Dom {
    parse_with_errors(input, false).dom
}

/// Parse, collecting tokenizer and tree-construction errors when `errors` is true.
pub fn parse_with_errors(input: &str, errors: bool) -> Parsed {
    parse_input_stream(input, errors, true)
}

/// [`parse_with_errors`], each node with its [`Dom::source_span`] (byte offsets into `input`,
/// a leading byte order mark included, like every offset the library reports).
///
/// ```
/// let parsed = statemark::xml5::parse_with_source_spans("<a>\n  <b x='1'/></a>", false);
/// let dom = &parsed.dom;
/// let b = dom.descendants(dom.document()).find(|&n| dom.element(n).is_some_and(|e| e.name.local == "b")).unwrap();
/// assert_eq!(dom.source_span(b).map(|s| (s.start, s.end)), Some((6, 16)));
/// ```
pub fn parse_with_source_spans(input: &str, errors: bool) -> Parsed {
    let mut t = Tokenizer::with_sink(input, TreeBuilder::new(errors).with_source_spans()).after_bom();
    t.run();
    t.into_sink().finish()
}

/// [`parse_with_errors`] on an input stream that is decoded, skipping a BOM or not (see
/// `html::tree::build_input_stream`).
pub(crate) fn parse_input_stream(input: &str, errors: bool, skip_bom: bool) -> Parsed {
    let mut t = Tokenizer::with_sink(input, TreeBuilder::new(errors));
    if skip_bom {
        t = t.after_bom();
    }
    t.run();
    t.into_sink().finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The phases' links go to the text the tokenizer's cases link to.
    #[cfg(feature = "trace")]
    #[test]
    fn tree_rules_link_to_the_tokenizer_tables_text() {
        use crate::cases::SpecCases;
        assert_eq!(XML5_BASE, <crate::xml5::Xml5 as SpecCases>::ANCHOR_BASE);
    }

    /// Every token takes one rule, a reprocessed one two; rules name their phase's entries in
    /// the draft's order.
    #[cfg(feature = "trace")]
    #[test]
    fn tree_rules_are_recorded_token_by_token() {
        let mut t = Tokenizer::with_sink("  <!--c--><r>x</r><!DOCTYPE d> ", TreeBuilder::new(true).with_rule_trace());
        t.run();
        let mut b = t.into_sink();
        let rules: Vec<TreeRule> = b.drain_rule_trace().collect();
        use TreeRule as R;
        assert_eq!(
            rules,
            [
                R::StartWhitespace,
                R::StartComment,
                R::StartStartTag,
                R::MainCharacter,
                R::MainEndTag,
                R::EndAnythingElse,
                R::EndWhitespace,
                R::EndEof
            ]
        );
        assert!(b.drain_rule_trace().next().is_none(), "drained");
        for (i, r) in TreeRule::ALL.iter().enumerate() {
            let same_phase = TreeRule::ALL[..i].iter().filter(|p| p.phase_anchor() == r.phase_anchor());
            if let Some(n) = r.entry() {
                assert_eq!(usize::from(n), same_phase.filter(|p| p.entry().is_some()).count() + 1, "{r:?}");
            }
            assert!(r.name().starts_with(r.phase_anchor().trim_end_matches("-phase")), "{r:?}");
        }
    }

    #[test]
    fn errors_display_and_are_std_errors() {
        let parsed = parse_with_errors("\u{FEFF}<a><p:b/></c>", true);
        let shown: Vec<String> = parsed.errors.iter().map(|e| e.to_string()).collect();
        assert!(shown.iter().any(|s| s.contains("prefix not bound")), "{shown:?}");
        assert!(shown.iter().any(|s| s.contains("end tag does not match")), "{shown:?}");
        let boxed: Vec<Box<dyn std::error::Error>> = parsed.errors.into_iter().map(|e| e.into()).collect();
        assert!(!boxed.is_empty());
        // The BOM is skipped: the first element is `a`, not text.
        let dom = parse("\u{FEFF}<a/>");
        assert!(dom.children(dom.document()).next().is_some_and(|n| dom.element(n).is_some()));
    }

    /// Found by the differential harness (issue 12) on Inkscape SVG in the bench corpus: the
    /// legal `xmlns:xml` declaration was left in no namespace; the illegal one (another URI)
    /// stays an ordinary attribute (xml5lib-tests namespace.dat `a1`).
    #[test]
    fn legal_xmlns_xml_declaration_is_in_the_xmlns_namespace() {
        for (value, ns) in [(XML_NS, Namespace::Xmlns), ("www.example.org", Namespace::None)] {
            let dom = parse(&format!("<a xmlns:xml='{value}'/>"));
            let root = dom.children(dom.document()).next().expect("a root element");
            let NodeData::Element(e) = dom.data(root) else { panic!("the root is an element") };
            let attr = e.attrs().next().expect("the declaration is kept");
            assert_eq!((attr.name.ns, attr.value), (&ns, value), "xmlns:xml='{value}'");
        }
    }

    /// The namespaced duplicate check compares names directly on small tags and hashes them on
    /// large ones: both find a duplicate written with another prefix bound to the same
    /// namespace, and both keep attributes that only share a local name.
    #[test]
    fn namespaced_duplicates_on_small_and_large_tags() {
        for filler in [0, LINEAR_DUPLICATE_CHECK + 3] {
            let extra: String = (0..filler).map(|i| format!(" p:f{i}='{i}'")).collect();
            let input = format!("<a xmlns:p='urn:u' xmlns:q='urn:u' p:x='1' y='2'{extra} q:y='3' q:x='4'/>");
            let parsed = parse_with_errors(&input, true);
            let dom = &parsed.dom;
            let root = dom.children(dom.document()).next().expect("a root element");
            let NodeData::Element(e) = dom.data(root) else { panic!("the root is an element") };
            let names: Vec<String> = e.attrs().map(|a| format!("{}:{}", a.name.ns.url(), a.name.local)).collect();
            assert_eq!(names.len(), 2 + 3 + filler, "{filler} fillers: {names:?}");
            assert!(names.contains(&"urn:u:y".to_string()) && names.contains(&":y".to_string()), "{names:?}");
            let duplicates =
                parsed.errors.iter().filter(|e| matches!(e, TreeError::DuplicateNamespacedAttribute(_))).count();
            assert_eq!(duplicates, 1, "{filler} fillers: {:?}", parsed.errors);
        }
    }

    /// Attributes go straight into the `Dom` (`Dom::create_element_pushing`): in order, with
    /// their namespaces, a dropped duplicate leaving no record; an XHTML `template` gets its
    /// contents node as the HTML builder's does, and the elements after it their own records.
    #[test]
    fn attributes_are_stored_in_order_and_template_gets_contents() {
        let input = "<r xmlns:p='urn:p' xmlns:q='urn:p'><template xmlns='http://www.w3.org/1999/xhtml' p:a='1' b='2' q:a='3'/><c d='4'/></r>";
        let parsed = parse_with_errors(input, true);
        let dom = &parsed.dom;
        let elements: Vec<_> = dom.descendants(dom.document()).filter_map(|n| dom.element(n)).collect();
        let attrs = |i: usize| -> Vec<String> {
            elements[i].attrs().map(|a| format!("{}|{}={}", a.name.ns.url(), a.name.local, a.value)).collect()
        };
        assert_eq!(elements.len(), 3);
        assert_eq!(attrs(0), ["http://www.w3.org/2000/xmlns/|p=urn:p", "http://www.w3.org/2000/xmlns/|q=urn:p"]);
        assert_eq!(attrs(1), ["http://www.w3.org/2000/xmlns/|xmlns=http://www.w3.org/1999/xhtml", "urn:p|a=1", "|b=2"]);
        assert_eq!(attrs(2), ["|d=4"]);
        assert_eq!(elements[1].name.ns, Namespace::Html);
        assert!(elements[1].template_contents.is_some(), "the XHTML template has contents");
        assert!(elements[2].template_contents.is_none());
        let template = Span::new(input.find("<template").unwrap(), input.find("<c").unwrap());
        assert_eq!(parsed.errors, [TreeError::DuplicateNamespacedAttribute(template)]);
    }

    /// The table of qualified names grows (16 slots at first, at most half full) and still
    /// finds every name: end tags close their own elements, one of an open ancestor closes
    /// through to it, and one of a name never seen closes nothing.
    #[test]
    fn end_tags_find_their_names_as_the_name_table_grows() {
        let n = 100;
        let open: String = (0..n).map(|i| format!("<p:e{i} xmlns:p='urn:{i}'>")).collect();
        let close: String = (0..n).rev().filter(|i| i % 2 == 0).map(|i| format!("</nope{i}></p:e{i}>")).collect();
        let parsed = parse_with_errors(&format!("<r>{open}{close}<after/></r>"), true);
        let dom = &parsed.dom;
        let depth = |name: &str| {
            let node = dom.descendants(dom.document()).find(|&d| dom.element(d).is_some_and(|e| e.name.local == name));
            std::iter::successors(node, |&d| dom.parent(d)).count()
        };
        // Every `</p:e{odd}>` is missing, so `</p:e{even}>` closes its odd child too; after
        // `</p:e0>` the root is current again.
        assert_eq!(depth("e99"), n + 2, "document, r, and e0..e99");
        assert_eq!(depth("after"), 3, "document, r, after");
        let mismatched = parsed.errors.iter().filter(|e| matches!(e, TreeError::MismatchedEndTag(_))).count();
        assert_eq!(mismatched, n, "each </nope{{i}}>, and each </p:e{{even}}> (its odd child is open)");
        assert_eq!(parsed.errors.len(), n, "{:?}", parsed.errors);
    }

    /// Declarations are undone when their element closes, whichever way it closes, and an
    /// inner declaration shadows an outer one only inside its element.
    #[test]
    fn namespace_scopes_end_with_their_elements() {
        let dom = parse(
            "<r xmlns='urn:d' xmlns:p='urn:1'><p:a xmlns:p='urn:2' xmlns=''><b/></p:a><p:c/><s xmlns='urn:e'><d/></><e/></r>",
        );
        let urls: Vec<String> = dom
            .descendants(dom.document())
            .filter_map(|n| dom.element(n).map(|e| format!("{}={}", e.name.local, e.name.ns.url())))
            .collect();
        assert_eq!(urls, ["r=urn:d", "a=urn:2", "b=", "c=urn:1", "s=urn:e", "d=urn:e", "e=urn:d"]);
    }
}
