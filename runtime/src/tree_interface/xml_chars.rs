//! XML 1.0's character classes (`Char`, `NameStartChar`, `NameChar`, without `:` as Namespaces
//! in XML has them): which characters a name or text of a tree may hold. The XML serializer's
//! well-formedness checks and the HTML builder's processing-instruction attributes read them.
//! Layer: the tree-building interface.

/// XML 1.0 (fifth edition) \[2\] `Char`. Rust `char`s are never surrogates.
pub(crate) fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// XML 1.0 \[4\] `NameStartChar`, without `:` (Namespaces in XML \[4\] `NCName`).
pub(crate) fn is_name_start(c: char) -> bool {
    matches!(c,
        'A'..='Z' | '_' | 'a'..='z' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{2FF}'
        | '\u{370}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}'
        | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

/// XML 1.0 \[4a\] `NameChar`, without `:`.
pub(crate) fn is_name_char(c: char) -> bool {
    is_name_start(c) || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}
