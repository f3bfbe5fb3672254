//! Microsyntaxes over a [`Dom`]: the rules for parsing a hash-name reference, step 3 (the
//! element found in a tree). Layer: documents (above the DOM; the string steps are
//! `tokens.rs`).

use super::tokens::parse_hash_name_reference;
use crate::dom::{Dom, Namespace, NodeId};

/// The rules for parsing a hash-name reference to an element of type `element_type` (an HTML
/// element's local name, e.g. `map`) given a context node `scope` of `dom`: steps 1-2, then
/// step 3, the first such element of scope's tree, in tree order, whose `id` or `name` is the
/// name. Linear in the size of the tree, without recursion.
///
/// Spec: <https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-hash-name-reference>
pub fn find_hash_name_reference(dom: &Dom, scope: NodeId, element_type: &str, input: &str) -> Option<NodeId> {
    // Steps 1-2.
    let name = parse_hash_name_reference(input)?;
    // Step 3: scope's tree is everything under its root.
    let mut root = scope;
    while let Some(parent) = dom.node(root).parent() {
        root = parent;
    }
    dom.descendants(root).find(|&n| {
        dom.element(n).is_some_and(|e| {
            e.name.ns == Namespace::Html
                && e.name.local == element_type
                && (e.attr("id") == Some(name) || e.attr("name") == Some(name))
        })
    })
}
