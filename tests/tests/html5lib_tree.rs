//! html5lib-tests and web-platform-tests tree construction (being written; see issue 5).

fn main() {}
