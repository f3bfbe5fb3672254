//! The tokenizer that switches states on its own (`statemark::html::Switching`, and the
//! `tokenize()` iterator, which switches by default) gives the token
//! stream the tree builder gets, on every page of `../shared/bench-corpus/html` and on every
//! html5lib tree-construction input; the few places where only a tree builder can know (see
//! `runtime/src/html/switching.rs`) are counted and shown, and must stay rare.

use statemark::Span;
use statemark::dom::Dom;
use statemark::html::tree::{TreeBuilder, TreeOptions};
use statemark::html::{Control, Options, Sink, Switching, Token, Tokenizer, tokenize};
use statemark_tests::suite;
use statemark_tests::tree::parse_dat;

#[derive(Default)]
struct Record(Vec<(Token<'static>, Span)>);

impl<'i> Sink<'i> for Record {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.0.push((token.into_owned(), span));
        Control::Continue
    }
}

/// Records what reaches the tree builder, and forwards its answers.
struct Tap<B> {
    builder: B,
    seen: Vec<(Token<'static>, Span)>,
}

impl<'i, B: Sink<'i>> Sink<'i> for Tap<B> {
    fn token(&mut self, token: Token<'i>, span: Span) -> Control {
        self.seen.push((token.clone().into_owned(), span));
        self.builder.token(token, span)
    }
    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.builder.adjusted_current_node_is_foreign()
    }
    fn switches_states(&self) -> bool {
        self.builder.switches_states()
    }
}

fn tree_builder_tokens(input: &str, scripting: bool) -> Vec<(Token<'static>, Span)> {
    let tap = Tap { builder: TreeBuilder::new(Dom::new(), TreeOptions::with_scripting(scripting)), seen: Vec::new() };
    let mut t = Tokenizer::with_sink(input, Options::default(), tap);
    t.run();
    t.into_sink().seen
}

fn switching_tokens(input: &str, scripting: bool) -> Vec<(Token<'static>, Span)> {
    let mut t = Tokenizer::with_sink(input, Options::default(), Switching::new(Record::default(), scripting));
    t.run();
    let by_sink = t.into_sink().inner.0;
    if scripting {
        // The iterator users meet first switches the same way (scripting on, as documents).
        let mut it = tokenize(input);
        let by_iterator: Vec<_> = std::iter::from_fn(|| it.next_spanned()).map(|(t, s)| (t.into_owned(), s)).collect();
        assert!(by_iterator == by_sink, "tokenize() and Switching differ on {input:?}");
    }
    by_sink
}

/// The index of the first differing token, if any.
fn first_difference(a: &[(Token<'static>, Span)], b: &[(Token<'static>, Span)]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

fn check(name: &str, input: &str, scripting: bool, differ: &mut Vec<String>) -> bool {
    let want = tree_builder_tokens(input, scripting);
    let got = switching_tokens(input, scripting);
    match first_difference(&want, &got) {
        None => true,
        Some(i) => {
            let at = want.get(i).or(got.get(i)).map_or(0, |(_, s)| s.start);
            let mut from = at.saturating_sub(80);
            while !input.is_char_boundary(from) {
                from -= 1;
            }
            differ.push(format!(
                "{name}: token {i} at byte {at}: tree builder {:?}, switching {:?}; context {:?}",
                want.get(i).map(|t| &t.0),
                got.get(i).map(|t| &t.0),
                &input[from..at]
            ));
            false
        }
    }
}

#[test]
fn bench_corpus_pages_tokenize_as_the_tree_builder_sees_them() {
    let Some(dir) = suite("STATEMARK_BENCH_HTML", "bench-corpus") else { return };
    let mut pages = Vec::new();
    for sub in ["html", "html-big"] {
        let mut stack = vec![dir.join(sub)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "html" || x == "htm") {
                    pages.push(p);
                }
            }
        }
    }
    pages.sort();
    let mut differ = Vec::new();
    let mut same = 0;
    for p in &pages {
        let bytes = std::fs::read(p).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        if check(&p.display().to_string(), &text, true, &mut differ) {
            same += 1;
        }
    }
    println!("switching tokenizer vs tree builder, bench corpus: {same} passed, {} failed", differ.len());
    for d in &differ {
        println!("  {d}");
    }
    assert!(pages.len() > 1000, "bench corpus incomplete: {} pages", pages.len());
    assert!(differ.is_empty(), "{} pages tokenize differently", differ.len());
}

#[test]
fn tree_construction_inputs_tokenize_as_the_tree_builder_sees_them() {
    let Some(dir) = suite("HTML5LIB_TESTS", "html5lib-tests") else { return };
    let mut differ = Vec::new();
    let (mut same, mut total) = (0, 0);
    let mut files: Vec<_> =
        std::fs::read_dir(dir.join("tree-construction")).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    for f in files.iter().filter(|p| p.extension().is_some_and(|x| x == "dat")) {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        for case in parse_dat(&text).into_iter().filter(|c| c.fragment.is_none()) {
            for scripting in case.modes() {
                total += 1;
                let name = format!("{}#{}", f.file_name().unwrap().to_string_lossy(), case.index);
                if check(&name, &case.data, scripting, &mut differ) {
                    same += 1;
                }
            }
        }
    }
    println!("switching tokenizer vs tree builder, html5lib tree inputs: {same} passed, {} failed", total - same);
    for d in &differ {
        println!("  {d}");
    }
    // The known limit (runtime/src/html/switching.rs): start tags a tree builder ignores in
    // frameset modes still switch the state. Anything else is a bug.
    let unexplained: Vec<&String> = differ.iter().filter(|d| !d.contains("<frameset>")).collect();
    assert!(unexplained.is_empty(), "differences outside framesets: {unexplained:#?}");
    assert!(differ.len() <= 6, "more frameset differences than the 6 known (tests18.dat 18, 19, 21): {}", differ.len());
}
