//! The XML 1.0 or Namespaces in XML 1.0 rule each XML5 error code stands for, so that
//! `check --xml` names what well-formed XML would require (XML5 itself recovers from all of it).

/// XML 1.0 (Fifth Edition).
const XML: &str = "https://www.w3.org/TR/xml/";
/// Namespaces in XML 1.0 (Third Edition).
const NAMES: &str = "https://www.w3.org/TR/xml-names/";

/// The rule `code` (an XML5 tokenizer or tree-construction error) breaks: its name as the spec
/// gives it, and its URL.
pub fn rule(code: &str) -> (&'static str, String) {
    let (name, base, anchor) = match code {
        "mismatched-end-tag" => ("XML 1.0 well-formedness constraint: Element Type Match", XML, "GIMatch"),
        "eof-with-open-elements" => ("XML 1.0 [39] element: every start tag has its end tag", XML, "NT-element"),
        "unexpected-token" => ("XML 1.0 [1] document: one root element, markup around it", XML, "NT-document"),
        "unbound-prefix" => ("Namespaces in XML namespace constraint: Prefix Declared", NAMES, "nsc-NSDeclared"),
        "duplicate-namespaced-attribute" => ("Namespaces in XML 6.3: Uniqueness of Attributes", NAMES, "uniqAttrs"),
        "reserved-prefix" => {
            ("Namespaces in XML namespace constraint: Reserved Prefixes and Namespace Names", NAMES, "xmlReserved")
        }
        "duplicate-attribute" => ("XML 1.0 well-formedness constraint: Unique Att Spec", XML, "uniqattspec"),
        c if c.contains("character-reference") => {
            ("XML 1.0 [66] CharRef, constraint Legal Character", XML, "NT-CharRef")
        }
        c if c.contains("comment") => ("XML 1.0 [15] Comment", XML, "NT-Comment"),
        c if c.contains("doctype") => ("XML 1.0 [28] doctypedecl", XML, "NT-doctypedecl"),
        c if c.contains("processing-instruction") => ("XML 1.0 [16] PI", XML, "NT-PI"),
        c if c.contains("cdata") => ("XML 1.0 [18] CDSect", XML, "NT-CDSect"),
        c if c.contains("attribute") => ("XML 1.0 [41] Attribute", XML, "NT-Attribute"),
        c if c.contains("end-tag") => ("XML 1.0 [42] ETag", XML, "NT-ETag"),
        c if c.contains("tag") => ("XML 1.0 [40] STag", XML, "NT-STag"),
        c if c.contains("input-stream") || c.contains("character") => ("XML 1.0 [2] Char", XML, "NT-Char"),
        _ => ("XML 1.0 [1] document", XML, "NT-document"),
    };
    (name, format!("{base}#{anchor}"))
}

#[cfg(test)]
mod tests {
    use super::rule;
    use statemark::xml5::ParseError;

    #[test]
    fn every_xml5_code_names_a_rule_of_xml_or_namespaces() {
        for e in ParseError::ALL {
            let (name, url) = rule(e.code());
            assert!(name.starts_with("XML 1.0") || name.starts_with("Namespaces in XML"), "{}", e.code());
            assert!(url.starts_with("https://www.w3.org/TR/xml"), "{}", e.code());
        }
        assert!(rule("unbound-prefix").0.contains("Prefix Declared"));
        assert!(rule("mismatched-end-tag").1.ends_with("#GIMatch"));
    }
}
