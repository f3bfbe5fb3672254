//! An independent well-formedness checker for XML 1.0 (fifth edition) with Namespaces in XML
//! 1.0 (third edition), written from the productions for the tests of the XML serializer: it
//! shares no code with the runtime, so a serializer bug is not repeated here. Iterative (open
//! elements on a stack), so any depth is checked without recursion. Documents without an
//! internal DTD subset only (the serializer writes none), so the only entities are the five
//! predefined ones (WFC: Entity Declared).

use std::collections::{HashMap, HashSet};

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

/// Where and why a text is not well-formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotWellFormed {
    /// Byte offset.
    pub at: usize,
    /// The production or constraint broken.
    pub why: String,
}

impl std::fmt::Display for NotWellFormed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}: {}", self.at, self.why)
    }
}

/// Check that `text` is a well-formed, namespace-well-formed XML document ([1] `document`).
pub fn check_document(text: &str) -> Result<(), NotWellFormed> {
    Checker { s: text, i: 0, open: Vec::new(), scopes: Vec::new(), bindings: HashMap::new() }.document()
}

/// [2] Char.
fn char_ok(c: char) -> bool {
    matches!(c, '\u{9}' | '\u{A}' | '\u{D}' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// [4] NameStartChar.
fn name_start(c: char) -> bool {
    c == ':'
        || c == '_'
        || c.is_ascii_alphabetic()
        || matches!(c as u32,
            0xC0..=0xD6 | 0xD8..=0xF6 | 0xF8..=0x2FF | 0x370..=0x37D | 0x37F..=0x1FFF | 0x200C..=0x200D
            | 0x2070..=0x218F | 0x2C00..=0x2FEF | 0x3001..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFFD
            | 0x10000..=0xEFFFF)
}

/// [4a] NameChar.
fn name_char(c: char) -> bool {
    name_start(c)
        || c == '-'
        || c == '.'
        || c.is_ascii_digit()
        || matches!(c as u32, 0xB7 | 0x300..=0x36F | 0x203F..=0x2040)
}

/// [3] S.
fn space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// Namespaces [4] NCName.
fn ncname(s: &str) -> bool {
    let mut it = s.chars();
    it.next().is_some_and(|c| name_start(c) && c != ':') && it.all(|c| name_char(c) && c != ':')
}

/// Namespaces [7] QName split into prefix and local part, if it is one.
fn qname(s: &str) -> Option<(Option<&str>, &str)> {
    match s.split_once(':') {
        Some((p, l)) if ncname(p) && ncname(l) => Some((Some(p), l)),
        None if ncname(s) => Some((None, s)),
        _ => None,
    }
}

struct Checker<'a> {
    s: &'a str,
    i: usize,
    /// Open elements' qualified names.
    open: Vec<&'a str>,
    /// Per open element, the prefixes it declared (`""`: the default namespace).
    scopes: Vec<Vec<String>>,
    /// Prefix to its bindings, innermost last.
    bindings: HashMap<String, Vec<String>>,
}

impl<'a> Checker<'a> {
    fn err<T>(&self, why: impl Into<String>) -> Result<T, NotWellFormed> {
        Err(NotWellFormed { at: self.i, why: why.into() })
    }

    fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn eat(&mut self, lit: &str) -> bool {
        let ok = self.rest().starts_with(lit);
        if ok {
            self.i += lit.len();
        }
        ok
    }

    fn expect(&mut self, lit: &str, production: &str) -> Result<(), NotWellFormed> {
        if self.eat(lit) { Ok(()) } else { self.err(format!("expected {lit:?} ({production})")) }
    }

    /// [3] S?; returns whether any was there.
    fn spaces(&mut self) -> bool {
        let start = self.i;
        while self.peek().is_some_and(space) {
            self.i += 1;
        }
        self.i > start
    }

    /// [5] Name.
    fn name(&mut self) -> Result<&'a str, NotWellFormed> {
        let start = self.i;
        match self.peek() {
            Some(c) if name_start(c) => self.i += c.len_utf8(),
            _ => return self.err("expected a Name [5]"),
        }
        while let Some(c) = self.peek().filter(|&c| name_char(c)) {
            self.i += c.len_utf8();
        }
        Ok(&self.s[start..self.i])
    }

    /// Characters up to `end` (not included), each a Char; the cursor ends after `end`.
    fn chars_until(&mut self, end: &str, production: &str) -> Result<&'a str, NotWellFormed> {
        let Some(len) = self.rest().find(end) else { return self.err(format!("unterminated {production}")) };
        let body = &self.rest()[..len];
        if let Some((k, c)) = body.char_indices().find(|&(_, c)| !char_ok(c)) {
            self.i += k;
            return self.err(format!("U+{:04X} is not a Char [2] ({production})", c as u32));
        }
        self.i += len + end.len();
        Ok(body)
    }

    /// [1] document ::= prolog element Misc*, with [22] prolog ::= XMLDecl? Misc* (doctypedecl Misc*)?
    fn document(mut self) -> Result<(), NotWellFormed> {
        if self.rest().starts_with("<?xml") && self.rest()[5..].starts_with(|c: char| space(c) || c == '?') {
            self.xml_decl()?;
        }
        let mut doctype = false;
        loop {
            self.misc()?;
            if !doctype && self.rest().starts_with("<!DOCTYPE") {
                self.doctype()?;
                doctype = true;
                continue;
            }
            break;
        }
        if !self.rest().starts_with('<') {
            return self.err("expected the document element [1]");
        }
        self.element()?;
        self.misc()?;
        if self.i != self.s.len() {
            return self.err("content after the document element [1]");
        }
        Ok(())
    }

    /// [27] Misc*.
    fn misc(&mut self) -> Result<(), NotWellFormed> {
        loop {
            if self.spaces() {
                continue;
            }
            if self.rest().starts_with("<!--") {
                self.comment()?;
            } else if self.rest().starts_with("<?") {
                self.pi()?;
            } else {
                return Ok(());
            }
        }
    }

    /// [23] XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'
    fn xml_decl(&mut self) -> Result<(), NotWellFormed> {
        self.expect("<?xml", "[23] XMLDecl")?;
        for (name, required) in [("version", true), ("encoding", false), ("standalone", false)] {
            let save = self.i;
            let had_space = self.spaces();
            if !(had_space && self.eat(name)) {
                if required {
                    return self.err("expected VersionInfo [24]");
                }
                self.i = save;
                continue;
            }
            self.spaces();
            self.expect("=", "[25] Eq")?;
            self.spaces();
            let q = match self.peek() {
                Some(q @ ('"' | '\'')) => q,
                _ => return self.err(format!("expected a quoted {name}")),
            };
            self.i += 1;
            let Some(len) = self.rest().find(q) else { return self.err("unterminated pseudo-attribute") };
            let v = &self.rest()[..len];
            let ok = match name {
                "version" => {
                    v.strip_prefix("1.").is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
                }
                "encoding" => {
                    let mut c = v.chars();
                    c.next().is_some_and(|f| f.is_ascii_alphabetic())
                        && c.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
                }
                _ => v == "yes" || v == "no",
            };
            if !ok {
                return self.err(format!("bad {name} value {v:?}"));
            }
            self.i += len + 1;
        }
        self.spaces();
        self.expect("?>", "[23] XMLDecl")
    }

    /// [28] doctypedecl (no internal subset), with Namespaces [16]: the name is a QName.
    fn doctype(&mut self) -> Result<(), NotWellFormed> {
        self.expect("<!DOCTYPE", "[28] doctypedecl")?;
        if !self.spaces() {
            return self.err("expected S after <!DOCTYPE");
        }
        let name = self.name()?;
        if qname(name).is_none() {
            return self.err("DOCTYPE name is not a QName (Namespaces [16])");
        }
        let had_space = self.spaces();
        if had_space && (self.rest().starts_with("SYSTEM") || self.rest().starts_with("PUBLIC")) {
            let public = self.eat("PUBLIC");
            if !public {
                self.i += "SYSTEM".len();
            }
            if !self.spaces() {
                return self.err("expected S in ExternalID [75]");
            }
            if public {
                let lit = self.literal()?;
                if let Some(c) = lit.chars().find(|&c| {
                    !(c.is_ascii_alphanumeric() || matches!(c, ' ' | '\r' | '\n') || "-'()+,./:=?;!*#@$_%".contains(c))
                }) {
                    return self.err(format!("{c:?} is not a PubidChar [13]"));
                }
                if !self.spaces() {
                    return self.err("expected S before the system literal [75]");
                }
            }
            self.literal()?;
            self.spaces();
        }
        if self.rest().starts_with('[') {
            return self.err("internal subsets are not checked");
        }
        self.expect(">", "[28] doctypedecl")
    }

    /// [11] SystemLiteral / [12] PubidLiteral's quoting: the body, Chars.
    fn literal(&mut self) -> Result<&'a str, NotWellFormed> {
        match self.peek() {
            Some('"') => {
                self.i += 1;
                self.chars_until("\"", "literal")
            }
            Some('\'') => {
                self.i += 1;
                self.chars_until("'", "literal")
            }
            _ => self.err("expected a quoted literal"),
        }
    }

    /// [15] Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'
    fn comment(&mut self) -> Result<(), NotWellFormed> {
        self.expect("<!--", "[15] Comment")?;
        self.chars_until("--", "[15] Comment")?;
        if !self.eat(">") {
            return self.err("'--' inside a comment [15]");
        }
        Ok(())
    }

    /// [16] PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>', [17] PITarget (not
    /// xml in any case), Namespaces 7: no colon in a target.
    fn pi(&mut self) -> Result<(), NotWellFormed> {
        self.expect("<?", "[16] PI")?;
        let target = self.name()?;
        if target.eq_ignore_ascii_case("xml") {
            return self.err("PI target xml [17] (or a misplaced XML declaration)");
        }
        if target.contains(':') {
            return self.err("colon in a PI target (Namespaces 7)");
        }
        if self.eat("?>") {
            return Ok(());
        }
        if !self.spaces() {
            return self.err("expected S after the PI target [16]");
        }
        self.chars_until("?>", "[16] PI")?;
        Ok(())
    }

    /// [39] element, iteratively: start tags push, end tags pop, content in between.
    fn element(&mut self) -> Result<(), NotWellFormed> {
        loop {
            // Here: at a '<' that starts an element, or inside content.
            if self.rest().starts_with("</") {
                self.end_tag()?;
                if self.open.is_empty() {
                    return Ok(());
                }
            } else if self.rest().starts_with("<!--") {
                self.comment()?;
            } else if self.rest().starts_with("<![CDATA[") {
                self.i += "<![CDATA[".len();
                self.chars_until("]]>", "[18] CDSect")?;
            } else if self.rest().starts_with("<?") {
                self.pi()?;
            } else if self.rest().starts_with('<') {
                let empty = self.start_tag()?;
                if empty && self.open.is_empty() {
                    return Ok(());
                }
            } else if self.rest().starts_with('&') {
                self.reference()?;
            } else if self.i < self.s.len() {
                self.char_data()?;
            } else {
                return self.err(format!("end of input inside <{}> [39]", self.open.last().unwrap_or(&"")));
            }
            if self.open.is_empty() {
                return self.err("content outside an element");
            }
        }
    }

    /// [14] CharData ::= [^<&]* - ([^<&]* ']]>' [^<&]*), Chars.
    fn char_data(&mut self) -> Result<(), NotWellFormed> {
        let len = self.rest().find(['<', '&']).unwrap_or(self.rest().len());
        let body = &self.rest()[..len];
        if let Some(k) = body.find("]]>") {
            self.i += k;
            return self.err("']]>' in character data [14]");
        }
        if let Some((k, c)) = body.char_indices().find(|&(_, c)| !char_ok(c)) {
            self.i += k;
            return self.err(format!("U+{:04X} is not a Char [2]", c as u32));
        }
        self.i += len;
        Ok(())
    }

    /// [67] Reference: a predefined entity or a character reference to a Char (WFC: Legal
    /// Character, WFC: Entity Declared).
    fn reference(&mut self) -> Result<(), NotWellFormed> {
        self.expect("&", "[67] Reference")?;
        if self.eat("#x") {
            let len = self.rest().find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(self.rest().len());
            let v = u32::from_str_radix(&self.rest()[..len], 16).ok();
            self.i += len;
            if !v.and_then(char::from_u32).is_some_and(char_ok) {
                return self.err("character reference to a non-Char (WFC: Legal Character)");
            }
        } else if self.eat("#") {
            let len = self.rest().find(|c: char| !c.is_ascii_digit()).unwrap_or(self.rest().len());
            let v = self.rest()[..len].parse::<u32>().ok();
            self.i += len;
            if !v.and_then(char::from_u32).is_some_and(char_ok) {
                return self.err("character reference to a non-Char (WFC: Legal Character)");
            }
        } else {
            let name = self.name()?;
            if !matches!(name, "amp" | "lt" | "gt" | "quot" | "apos") {
                return self.err(format!("undeclared entity {name} (WFC: Entity Declared)"));
            }
        }
        self.expect(";", "[66]/[68] reference")
    }

    /// [40] STag / [44] EmptyElemTag with namespace processing; returns whether it was empty.
    fn start_tag(&mut self) -> Result<bool, NotWellFormed> {
        self.expect("<", "[40] STag")?;
        let tag_at = self.i;
        let name = self.name()?;
        let Some((prefix, _)) = qname(name) else { return self.err(format!("element name {name:?} is not a QName")) };
        let mut attrs: Vec<(&'a str, String)> = Vec::new();
        loop {
            let had_space = self.spaces();
            if self.eat("/>") || self.eat(">") {
                break;
            }
            if !had_space {
                return self.err("expected S before an attribute [40]");
            }
            let an = self.name()?;
            self.spaces();
            self.expect("=", "[25] Eq")?;
            self.spaces();
            let value = self.att_value()?;
            if attrs.iter().any(|(n, _)| *n == an) {
                return self.err(format!("attribute {an} twice (WFC: Unique Att Spec)"));
            }
            attrs.push((an, value));
        }
        let empty = self.s[..self.i].ends_with("/>");
        // Namespaces: declarations first, then every name resolved.
        let mut declared = Vec::new();
        for (an, v) in &attrs {
            let p = match qname(an) {
                Some((None, "xmlns")) => "",
                Some((Some("xmlns"), p)) => p,
                Some(_) => continue,
                None => return self.err(format!("attribute name {an:?} is not a QName")),
            };
            // Namespaces 3, "Reserved Prefixes and Namespace Names"; an empty value only
            // undeclares the default namespace in 1.0.
            let bad = v == XMLNS_NS || p == "xmlns" || (p == "xml") != (v == XML_NS) || (!p.is_empty() && v.is_empty());
            if bad {
                return self.err(format!("namespace declaration {an}={v:?} breaks Namespaces 3 / NSC"));
            }
            self.bindings.entry(p.to_owned()).or_default().push(v.clone());
            declared.push(p.to_owned());
        }
        self.open.push(name);
        self.scopes.push(declared);
        let resolve = |c: &Checker<'_>, p: &str| -> Option<String> {
            if p == "xml" {
                return Some(XML_NS.to_owned());
            }
            c.bindings.get(p).and_then(|v| v.last()).cloned()
        };
        if prefix == Some("xmlns") {
            self.i = tag_at;
            return self.err("element prefix xmlns (Namespaces 3)");
        }
        if let Some(p) = prefix
            && resolve(self, p).is_none_or(|u| u.is_empty())
        {
            self.i = tag_at;
            return self.err(format!("element prefix {p} not declared (NSC: Prefix Declared)"));
        }
        let mut expanded = HashSet::new();
        for (an, _) in &attrs {
            if let Some((Some(p), l)) = qname(an)
                && p != "xmlns"
            {
                let Some(u) = resolve(self, p).filter(|u| !u.is_empty()) else {
                    return self.err(format!("attribute prefix {p} not declared (NSC: Prefix Declared)"));
                };
                if !expanded.insert((u, l.to_owned())) {
                    return self.err(format!("attribute {an} repeats an expanded name (NSC: Attributes Unique)"));
                }
            }
        }
        if empty {
            self.close();
        }
        Ok(empty)
    }

    /// [10] AttValue with references resolved, for the namespace checks.
    fn att_value(&mut self) -> Result<String, NotWellFormed> {
        let q = match self.peek() {
            Some(q @ ('"' | '\'')) => q,
            _ => return self.err("expected a quoted attribute value [10]"),
        };
        self.i += 1;
        let mut value = String::new();
        loop {
            match self.peek() {
                None => return self.err("unterminated attribute value"),
                Some(c) if c == q => {
                    self.i += 1;
                    return Ok(value);
                }
                Some('<') => return self.err("'<' in an attribute value (WFC: No < in Attribute Values)"),
                Some('&') => {
                    let start = self.i;
                    self.reference()?;
                    let r = &self.s[start + 1..self.i - 1];
                    let c = match r {
                        "amp" => Some('&'),
                        "lt" => Some('<'),
                        "gt" => Some('>'),
                        "quot" => Some('"'),
                        "apos" => Some('\''),
                        _ => match r.strip_prefix("#x") {
                            Some(h) => u32::from_str_radix(h, 16).ok().and_then(char::from_u32),
                            None => r.strip_prefix('#').and_then(|d| d.parse().ok()).and_then(char::from_u32),
                        },
                    };
                    value.extend(c);
                }
                Some(c) if !char_ok(c) => return self.err(format!("U+{:04X} is not a Char [2]", c as u32)),
                Some(c) => {
                    value.push(c);
                    self.i += c.len_utf8();
                }
            }
        }
    }

    /// [42] ETag, matching the open element (WFC: Element Type Match).
    fn end_tag(&mut self) -> Result<(), NotWellFormed> {
        self.expect("</", "[42] ETag")?;
        let name = self.name()?;
        self.spaces();
        self.expect(">", "[42] ETag")?;
        if self.open.last() != Some(&name) {
            return self.err(format!(
                "</{name}> does not match <{}> (WFC: Element Type Match)",
                self.open.last().unwrap_or(&"")
            ));
        }
        self.close();
        Ok(())
    }

    fn close(&mut self) {
        self.open.pop();
        for p in self.scopes.pop().unwrap_or_default() {
            if let Some(v) = self.bindings.get_mut(&p) {
                v.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_document as c;

    #[test]
    fn accepts() {
        for ok in [
            "<a/>",
            "<?xml version=\"1.0\" encoding='UTF-8'?>\n<!DOCTYPE a PUBLIC \"-//p\" 's'><!--c--><a/><?p d?> ",
            "<p:a xmlns:p='u' p:x='1' x='2'><![CDATA[<]]>&amp;&#x10000;<b xmlns=''/></p:a>",
            "<a xml:lang='en' xmlns:xml='http://www.w3.org/XML/1998/namespace'/>",
        ] {
            assert_eq!(c(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn rejects() {
        for bad in [
            "",
            "<a/><b/>",
            "t<a/>",
            "<a><!-- -- --></a>",
            "<a>]]></a>",
            "<a>\u{1}</a>",
            "<a>&#0;</a>",
            "<a>&nbsp;</a>",
            "<a x='1' x='2'/>",
            "<a xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>",
            "<p:a/>",
            "<a:b:c/>",
            "<a xmlns:p=''/>",
            "<xmlns:a/>",
            "<a><?xml version='1.0'?></a>",
            "<a><?p:q?></a>",
            "<a></b>",
            "<a>",
            "<1x/>",
            "<a x='<'/>",
            "<!DOCTYPE a PUBLIC 'p'><a/>",
            "<a/><!DOCTYPE a>",
        ] {
            assert!(c(bad).is_err(), "{bad:?} accepted");
        }
    }
}
