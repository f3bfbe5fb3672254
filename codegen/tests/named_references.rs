//! A machine's own named-reference table (the manifest's `named_references`): the generator
//! emits its trie beside the machine's tokenizer and declares it in `generated/mod.rs` behind
//! the machine's feature; a machine without one gets none.

use std::path::PathBuf;

fn spec_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../spec")
}

#[test]
fn the_2008_draft_gets_its_own_trie_behind_its_feature() {
    let files = statemark_codegen::generate(&spec_dir()).expect("spec/ generates");
    let get = |path: &str| files.iter().find(|f| f.path == path).map(|f| f.contents.as_str());
    let refs = get("runtime/src/generated/html2008_named_refs.rs").expect("html2008's trie is generated");
    assert!(refs.contains("from spec/html2008/entities.ron"), "{}", &refs[..300]);
    assert!(refs.contains(": 366 names"), "the draft's 366 names: {}", &refs[..300]);
    let module = get("runtime/src/generated/mod.rs").expect("mod.rs");
    assert!(
        module.contains("#[cfg(feature = \"edition-html2008\")]\n#[rustfmt::skip]\npub mod html2008_named_refs;\n")
    );
    // Only machines that name a table of their own get one.
    let own: Vec<&str> = files.iter().map(|f| f.path.as_str()).filter(|p| p.ends_with("_named_refs.rs")).collect();
    assert_eq!(own, ["runtime/src/generated/html2008_named_refs.rs", "runtime/src/generated/html_named_refs.rs"]);
}
