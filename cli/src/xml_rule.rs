//! The XML 1.0 or Namespaces in XML 1.0 rule each XML5 error code stands for, so that
//! `check --xml` names what well-formed XML would require (XML5 itself recovers from all of it).

/// XML 1.0 (Fifth Edition), and an anchor in it.
macro_rules! xml {
    ($anchor:literal) => {
        concat!("https://www.w3.org/TR/xml/#", $anchor)
    };
}
/// Namespaces in XML 1.0 (Third Edition), and an anchor in it.
macro_rules! names {
    ($anchor:literal) => {
        concat!("https://www.w3.org/TR/xml-names/#", $anchor)
    };
}

/// The rule `code` (an XML5 tokenizer or tree-construction error) breaks: its name as the spec
/// gives it, and its URL.
pub fn rule(code: &str) -> (&'static str, &'static str) {
    match code {
        "mismatched-end-tag" => ("XML 1.0 well-formedness constraint: Element Type Match", xml!("GIMatch")),
        "eof-with-open-elements" => ("XML 1.0 [39] element: every start tag has its end tag", xml!("NT-element")),
        "unexpected-token" => ("XML 1.0 [1] document: one root element, markup around it", xml!("NT-document")),
        "unbound-prefix" => ("Namespaces in XML namespace constraint: Prefix Declared", names!("nsc-NSDeclared")),
        "duplicate-namespaced-attribute" => ("Namespaces in XML 6.3: Uniqueness of Attributes", names!("uniqAttrs")),
        "reserved-prefix" => {
            ("Namespaces in XML namespace constraint: Reserved Prefixes and Namespace Names", names!("xmlReserved"))
        }
        "duplicate-attribute" => ("XML 1.0 well-formedness constraint: Unique Att Spec", xml!("uniqattspec")),
        c if c.contains("character-reference") => {
            ("XML 1.0 [66] CharRef, constraint Legal Character", xml!("NT-CharRef"))
        }
        c if c.contains("comment") => ("XML 1.0 [15] Comment", xml!("NT-Comment")),
        c if c.contains("doctype") => ("XML 1.0 [28] doctypedecl", xml!("NT-doctypedecl")),
        c if c.contains("processing-instruction") => ("XML 1.0 [16] PI", xml!("NT-PI")),
        c if c.contains("cdata") => ("XML 1.0 [18] CDSect", xml!("NT-CDSect")),
        c if c.contains("attribute") => ("XML 1.0 [41] Attribute", xml!("NT-Attribute")),
        c if c.contains("end-tag") => ("XML 1.0 [42] ETag", xml!("NT-ETag")),
        c if c.contains("tag") => ("XML 1.0 [40] STag", xml!("NT-STag")),
        c if c.contains("input-stream") || c.contains("character") => ("XML 1.0 [2] Char", xml!("NT-Char")),
        _ => ("XML 1.0 [1] document", xml!("NT-document")),
    }
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
