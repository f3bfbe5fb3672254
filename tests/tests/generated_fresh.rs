//! `cargo test` fails when the generated code is stale: this runs `cargo xtask regenerate
//! --check` (the same function), so changing any RON file without regenerating fails the tests.

#[test]
fn generated_code_is_fresh() {
    if let Err(e) = statemark_codegen::sync(&statemark_tests::root(), true) {
        panic!("{e}");
    }
}
