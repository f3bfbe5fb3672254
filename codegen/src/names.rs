//! The one-name-four-places rule: a state's snake_case name, its CamelCase variant, and the
//! kebab-case error codes' CamelCase variants.

/// `attribute_value_double_quoted_state` → `AttributeValueDoubleQuotedState`;
/// `eof-in-tag` → `EofInTag`.
pub fn camel(name: &str) -> String {
    name.split(['_', '-'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut c = p.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// A spec heading in snake_case: "Attribute value (double-quoted) state" →
/// `attribute_value_double_quoted_state`.
pub fn snake(heading: &str) -> String {
    let mut out = String::new();
    for ch in heading.chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(snake("Attribute value (double-quoted) state"), "attribute_value_double_quoted_state");
        assert_eq!(camel("attribute_value_double_quoted_state"), "AttributeValueDoubleQuotedState");
        assert_eq!(camel("eof-in-tag"), "EofInTag");
    }
}
