//! Tokenize an HTML file (or standard input) and print one token per line with its byte span,
//! then the parse errors with line and column.
//!
//! cargo run --example tokenize -- page.html

use statemark::html::{Options, Token, Tokenizer};
use std::io::Read;

fn main() {
    let mut input = Vec::new();
    let result = match std::env::args_os().nth(1) {
        Some(path) => std::fs::File::open(&path).and_then(|mut f| f.read_to_end(&mut input)),
        None => std::io::stdin().read_to_end(&mut input),
    };
    if let Err(e) = result {
        eprintln!("tokenize: {e}");
        std::process::exit(1);
    }
    let text = String::from_utf8_lossy(&input);
    let mut tokenizer = Tokenizer::with_options(&text, Options { errors: true, ..Default::default() });
    while let Some((token, span)) = tokenizer.next_spanned() {
        let shown = match &token {
            Token::Doctype(d) => format!(
                "DOCTYPE name={:?} public={:?} system={:?}{}",
                d.name,
                d.public_id,
                d.system_id,
                if d.force_quirks { " force-quirks" } else { "" }
            ),
            Token::StartTag(t) | Token::EndTag(t) => {
                let kind = if matches!(token, Token::StartTag(_)) { "StartTag" } else { "EndTag" };
                let attrs: Vec<String> = t.attributes.iter().map(|a| format!(" {}={:?}", a.name, a.value)).collect();
                format!("{kind} {}{}{}", t.name, attrs.concat(), if t.self_closing { " /" } else { "" })
            }
            Token::Comment(c) => format!("Comment {c:?}"),
            Token::Characters(c) => format!("Characters {c:?}"),
            Token::ProcessingInstruction(p) => format!("ProcessingInstruction {} {:?}", p.target, p.data),
            Token::Eof => "EOF".to_owned(),
        };
        println!("{:>8}..{:<8} {shown}", span.start, span.end);
    }
    for e in tokenizer.errors() {
        println!("error {}:{} {}", e.position.line, e.position.column, e.code);
    }
}
