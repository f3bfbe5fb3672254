//! Content patching, `<template for>` (spec: #attr-template-for, the 2026 text in
//! `../shared/spec/html/content-patching.txt`): step 8 of the in-head "template" start tag, "prepare
//! content patching", "find markers" and "getting a processing instruction attribute" (DOM
//! Standard, `spec/dom/processing-instruction-attributes.md`), and step 4 of the "template"
//! end tag. Where the content then goes is step 3 of the appropriate place for inserting a
//! node (`appropriate_place` in `builder.rs`).
//!
//! No browser implements this yet (Chromium 156 keeps the `template` element); the cases are
//! `tests/data/tree/content-patching.dat`, worked out from these steps.

use super::TreeRule::*;
use super::*;

/// spec (DOM): getting a processing instruction attribute `name` of a processing instruction
/// with this data: its attribute map\[name\], or null. The map is the data read as
/// pseudo-attributes (`spec/dom/processing-instruction-attributes.md`): `Name S? = S? "value"`
/// or `'value'`, separated by whitespace, names kept as written (case-sensitive), character
/// references and the five predefined entity references decoded. Data that is not all such
/// pseudo-attributes (an unquoted value, a bare name, a `<` or a stray `&` in a value, a name
/// twice) gives an empty map.
pub(crate) fn pi_attribute(data: &str, name: &str) -> Option<String> {
    pseudo_attributes(data)?.into_iter().find(|(n, _)| *n == name).map(|(_, v)| v)
}

/// The attribute map of a processing instruction with this data, in order; `None` when the
/// data does not parse (the map is then empty).
fn pseudo_attributes(data: &str) -> Option<Vec<(&str, String)>> {
    use crate::tree_interface::xml_chars::{is_name_char, is_name_start};
    let is_s = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r');
    let mut map: Vec<(&str, String)> = Vec::new();
    let mut rest = data.trim_start_matches(is_s);
    while !rest.is_empty() {
        // Name: NameStartChar NameChar* (XML 1.0 [5], `:` included).
        let name_len = rest
            .char_indices()
            .find(|&(i, c)| !(if i == 0 { is_name_start(c) || c == ':' } else { is_name_char(c) || c == ':' }))
            .map_or(rest.len(), |(i, _)| i);
        if name_len == 0 {
            return None;
        }
        let (name, after) = rest.split_at(name_len);
        // S? '=' S?
        let after = after.trim_start_matches(is_s).strip_prefix('=')?.trim_start_matches(is_s);
        // PseudoAttValue: quoted, without '<', '&' only in a reference.
        let quote = after.chars().next().filter(|&q| q == '"' || q == '\'')?;
        let body = &after[1..];
        let end = body.find(quote)?;
        let value = decode_pseudo_value(&body[..end])?;
        if map.iter().any(|(n, _)| *n == name) {
            return None;
        }
        map.push((name, value));
        let tail = &body[end + 1..];
        rest = tail.trim_start_matches(is_s);
        // Pseudo-attributes are separated by whitespace.
        if !rest.is_empty() && rest.len() == tail.len() {
            return None;
        }
    }
    Some(map)
}

/// A pseudo-attribute value's text with its references decoded (XML 1.0 [66] `CharRef` to a
/// `Char`, and `&lt;` `&gt;` `&amp;` `&apos;` `&quot;`); `None` for a `<` or any other `&`.
fn decode_pseudo_value(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find(['&', '<']) {
        out.push_str(&rest[..i]);
        let reference = rest[i..].strip_prefix('&')?;
        let semi = reference.find(';')?;
        let c = match &reference[..semi] {
            "lt" => '<',
            "gt" => '>',
            "amp" => '&',
            "apos" => '\'',
            "quot" => '"',
            r => {
                let digits = r.strip_prefix('#')?;
                let n = match digits.strip_prefix('x') {
                    Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                        u32::from_str_radix(hex, 16).ok()?
                    }
                    None if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => digits.parse().ok()?,
                    _ => return None,
                };
                char::from_u32(n).filter(|&c| crate::tree_interface::xml_chars::is_xml_char(c))?
            }
        };
        out.push(c);
        rest = &reference[semi + 1..];
    }
    out.push_str(rest);
    Some(out)
}

impl<S: TreeSink> TreeBuilder<S> {
    /// spec: #parsing-main-inhead, "A start tag whose tag name is "template"", step 8 (the
    /// `for` attribute is specified, with this value): `loc` is step 6's appropriate place.
    pub(super) fn template_for(&mut self, t: &TagTok<'_>, loc: &Location<S::Handle>, marker_name: &str) {
        // Step 8.1. Step 8.2 (a template as scope) cannot happen here: the appropriate place
        // inside a template is already in its contents or its insertion target (step 3).
        let mut scope = loc.parent().clone();
        // Step 8.3: the body element of its node document (the document's, never a
        // fragment's: there the body is not the html element's child in the tree).
        if self.fragment.is_none() && self.stack.len() >= 2 {
            let body = self.stack.rec(self.stack.at(1));
            if body.is_html(Tag::Body) && body.handle == scope {
                self.rule(TemplateForScopeBody);
                if let Some(parent) = self.sink.parent(&scope) {
                    scope = parent;
                }
            }
        }
        // Step 8.4: insert a foreign element with onlyAddToElementStack: created and pushed,
        // not inserted.
        let id = self.create_elem(Ns::Html, Tag::Template, "template", Attrs::token(&t.attrs), false);
        self.stack.push(id);
        // Steps 8.5-8.6.
        if !self.prepare_content_patching(&scope, id, marker_name) {
            self.rule(TemplateForFailed);
            // 8.6.1-8.6.4: the template is the current node; insert it where step 9 would
            // have. The raw pop: the record stays this template's.
            self.stack.pop();
            let at = self.adjusted_location(Target::Current);
            self.insert_element_at(&at, id);
            self.stack.push(id);
        }
    }

    /// spec: #prepare-content-patching, given `scope` and the template `template` whose `for`
    /// attribute's value is `marker_name` (steps 1-2).
    fn prepare_content_patching(&mut self, scope: &S::Handle, template: ElemId, marker_name: &str) -> bool {
        // Step 3.
        if marker_name.is_empty() {
            self.rule(PrepareContentPatchingEmptyName);
            return false;
        }
        // Steps 4-5.
        let Some((start, end)) = self.find_markers(scope, marker_name) else {
            self.rule(PrepareContentPatchingNoStart);
            return false;
        };
        // Steps 6-8. A found marker is a descendant of scope, so it has a parent.
        let Some(target) = self.sink.parent(&start) else { return false };
        // Step 9.
        if end.as_ref() == Some(&start) {
            self.rule(PrepareContentPatchingMarker);
            self.patches.push(Patch { template, target, start, end });
            return true;
        }
        // Steps 10-12: the nodes between the markers (to the parent's end without an end
        // marker), collected before any is removed.
        let mut removed = Vec::new();
        let mut current = self.sink.next_sibling(&start);
        while let Some(node) = current {
            if end.as_ref() == Some(&node) {
                break;
            }
            current = self.sink.next_sibling(&node);
            removed.push(node);
        }
        // Step 13: no script runs during parsing here, so every one still has its parent.
        self.rule(PrepareContentPatchingRange);
        for node in &removed {
            if self.sink.parent(node).is_some() {
                self.sink.remove(node);
            }
        }
        self.patches.push(Patch { template, target, start, end });
        // Step 14.
        true
    }

    /// spec: #find-markers, given `scope` and `name`: the start marker and the end marker
    /// (`None` for "null"), or `None` for (null, null). The walk is in tree order without
    /// recursion (first child, next sibling, back up through parents to `scope`).
    fn find_markers(&mut self, scope: &S::Handle, name: &str) -> Option<(S::Handle, Option<S::Handle>)> {
        // The marker and start processing instructions of this name still in the tree, and
        // those of them among scope's descendants.
        let sink = &self.sink;
        let mut in_scope = Vec::new();
        if let Some(list) = self.markers.get_mut(name) {
            list.retain(|pi| sink.parent(pi).is_some());
            in_scope.extend(list.iter().filter(|pi| Self::descends(sink, pi, scope)).take(2).cloned());
        }
        if in_scope.len() <= 1 {
            // Step 1 can only stop at that one; with none it ends without a match (step 2).
            let Some(pi) = in_scope.pop() else {
                self.rule(FindMarkersNone);
                return None;
            };
            let is_marker = self.sink.processing_instruction(&pi).is_some_and(|(t, _)| t == "marker");
            if is_marker {
                self.rule(FindMarkersMarker);
                return Some((pi.clone(), Some(pi)));
            }
            self.rule(FindMarkersStart);
            return Some(self.end_marker(pi));
        }
        // Several: the first in tree order is the one step 1 finds.
        let mut skipped_other = false;
        let mut next = self.sink.first_child(scope);
        // Step 1: each descendant of scope, in tree order.
        while let Some(node) = next {
            next = self.next_in_scope(&node, scope);
            let Some((target, data)) = self.sink.processing_instruction(&node) else {
                // Substep 1.1.
                if !skipped_other {
                    skipped_other = true;
                    self.rule(FindMarkersNotPi);
                }
                continue;
            };
            // Substep 1.2.
            if pi_attribute(data, "name").as_deref() != Some(name) {
                self.rule(FindMarkersOtherName);
                continue;
            }
            match target {
                // Substep 1.3.
                "marker" => {
                    self.rule(FindMarkersMarker);
                    return Some((node.clone(), Some(node)));
                }
                // Substep 1.4.
                "start" => {
                    self.rule(FindMarkersStart);
                    return Some(self.end_marker(node));
                }
                // Any other target with that name is not a marker.
                _ => {}
            }
        }
        // Step 2.
        self.rule(FindMarkersNone);
        None
    }

    /// spec: #find-markers, substep 1.4, from its second step: the `end` processing
    /// instruction that closes `start` among its following siblings, nested `start`s counted.
    fn end_marker(&mut self, start: S::Handle) -> (S::Handle, Option<S::Handle>) {
        let mut nesting = 0usize;
        let mut sibling = self.sink.next_sibling(&start);
        while let Some(node) = sibling {
            match self.sink.processing_instruction(&node).map(|(t, _)| t) {
                Some("start") => {
                    self.rule(FindMarkersNestedStart);
                    nesting += 1;
                }
                Some("end") if nesting == 0 => {
                    self.rule(FindMarkersEnd);
                    return (start, Some(node));
                }
                Some("end") => {
                    self.rule(FindMarkersNestedEnd);
                    nesting -= 1;
                }
                _ => {}
            }
            sibling = self.sink.next_sibling(&node);
        }
        // Substep 1.4.5: to the end of the parent.
        self.rule(FindMarkersNoEnd);
        (start, None)
    }

    /// Whether `node` is a descendant of `scope` (through parents: template contents are not a
    /// template's descendants).
    fn descends(sink: &S, node: &S::Handle, scope: &S::Handle) -> bool {
        let mut at = sink.parent(node);
        while let Some(p) = at {
            if p == *scope {
                return true;
            }
            at = sink.parent(&p);
        }
        false
    }

    /// The node after `node` in tree order among `scope`'s descendants.
    fn next_in_scope(&self, node: &S::Handle, scope: &S::Handle) -> Option<S::Handle> {
        if let Some(child) = self.sink.first_child(node) {
            return Some(child);
        }
        let mut at = node.clone();
        loop {
            if at == *scope {
                return None;
            }
            if let Some(sibling) = self.sink.next_sibling(&at) {
                return Some(sibling);
            }
            at = self.sink.parent(&at)?;
        }
    }

    /// spec: #parsing-main-inhead, "An end tag whose tag name is "template"", step 4 for the
    /// last template element on the stack: remove its markers and forget its insertion target.
    pub(super) fn end_patching(&mut self) {
        let Some(pos) = self.stack.last_tag(Tag::Template) else { return };
        let template = self.stack.at(pos);
        let Some(i) = self.patches.iter().rposition(|p| p.template == template) else { return };
        self.rule(TemplateForEndMarkers);
        let p = self.patches.remove(i);
        // Substeps 4.4-4.5.
        if self.sink.parent(&p.start).is_some() {
            self.sink.remove(&p.start);
        }
        if let Some(end) = &p.end
            && self.sink.parent(end).is_some()
        {
            self.sink.remove(end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pi_attribute;

    #[test]
    fn pseudo_attributes_as_the_dom_reads_them() {
        // WPT dom/nodes/processing-instruction-attributes.html: quoted values, names as written.
        assert_eq!(pi_attribute(r#"a="b" x="yy""#, "x").as_deref(), Some("yy"));
        assert_eq!(pi_attribute(r#"a="b" x="yy""#, "X"), None);
        assert_eq!(pi_attribute(r#"_x="yy""#, "_x").as_deref(), Some("yy"));
        assert_eq!(pi_attribute(r#"blabla="""#, "blabla").as_deref(), Some(""));
        assert_eq!(pi_attribute("name = 'x' ", "name").as_deref(), Some("x"));
        assert_eq!(pi_attribute(r#"name="a&lt;&#x62;&#99;&quot;""#, "name").as_deref(), Some("a<bc\""));
        // Any error empties the map: an unquoted value, a bare name, '<' or a stray '&', a name
        // twice, no space between two, a name that is not an XML Name.
        for bad in [
            r#"a=b x="yy""#,
            "name",
            r#"name="a<b""#,
            r#"name="a&b""#,
            r#"name="&#0;""#,
            r#"name="x" name="y""#,
            r#"a="1"name="x""#,
            r#"$="v" name="x""#,
            r#"name="x"#,
        ] {
            assert_eq!(pi_attribute(bad, "name"), None, "{bad}");
        }
    }
}
