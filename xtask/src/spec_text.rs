//! Reading a tokenizer chapter of a spec text into states, bullets and prose: the WHATWG source
//! markup (`tokenization.html`), Bikeshed source (the XML5 `index.bs`), and the plain-text
//! rendering with `#####` headings (`tokenization.txt`).

use statemark_codegen::names::snake;

/// One state as the text writes it.
#[derive(Debug, Clone)]
pub struct TextState {
    /// The heading's anchor: its own `id`, else the id the WHATWG build derives from the heading
    /// (lowercase, spaces to `-`).
    pub id: String,
    /// Other anchors inside the heading (a `<dfn id>`), accepted as well.
    pub alt_ids: Vec<String>,
    /// The heading, verbatim (tags stripped, whitespace collapsed).
    pub heading: String,
    /// The bullet groups of the state's switch, in order. A state written as paragraphs
    /// ("If the next two characters are ... Otherwise, ...") has one case per paragraph.
    pub cases: Vec<TextCase>,
    /// The state's own prose: before its switch ("Consume the next input character:") and
    /// after it ("When the user agent leaves the attribute name state ...").
    pub intro: String,
    /// The cases were read from the prose's paragraphs ("If the next two characters are ...
    /// Otherwise, ..."), so `intro` is their text too.
    pub paragraphs: bool,
}

/// One group of bullets and the prose that answers them.
#[derive(Debug, Clone)]
pub struct TextCase {
    pub bullets: Vec<String>,
    pub prose: String,
}

/// Read every tokenizer state of `text`; `path` picks the format (`.txt` is the plain text,
/// anything else markup).
pub fn parse(path: &str, text: &str) -> Vec<TextState> {
    if !path.ends_with(".txt") {
        parse_markup(text)
    } else if text.lines().any(|l| l.starts_with("##### ")) {
        parse_plain(text)
    } else {
        parse_numbered(text)
    }
}

/// The seeds' plain text (`12.2.4.8 Tag open state`, then bullet lines and prose lines with no
/// markers): a line is a bullet when it reads as one (a code point, a class, EOF, "Anything
/// else").
fn parse_numbered(text: &str) -> Vec<TextState> {
    let is_bullet = |l: &str| {
        let t = l.trim();
        let lower = t.to_lowercase();
        (t.starts_with("U+") && !lower.contains(". ") && t.len() < 60)
            || lower == "eof"
            || lower == "anything else"
            || lower.ends_with("ascii letter")
            || lower.starts_with("ascii ") && t.len() < 30
    };
    let mut out = Vec::new();
    let mut cur: Option<TextState> = None;
    let mut pending: Vec<String> = Vec::new();
    let mut blank = false;
    for line in text.lines() {
        let t = line.trim();
        let numbered = t.split_once(' ').filter(|(n, rest)| {
            n.trim_end_matches('.').split('.').count() > 1
                && n.trim_end_matches('.').split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                && !rest.is_empty()
        });
        if let Some((_, heading)) = numbered {
            finish(&mut cur, &mut pending, &mut out);
            let heading = heading.trim().to_owned();
            cur = Some(new_state(heading));
            continue;
        }
        let Some(s) = cur.as_mut() else { continue };
        if t.is_empty() {
            blank = true;
            continue;
        }
        if is_bullet(t) {
            pending.push(t.to_owned());
        } else if !pending.is_empty() {
            s.cases.push(TextCase { bullets: std::mem::take(&mut pending), prose: t.to_owned() });
        } else if let Some(last) = s.cases.last_mut().filter(|_| !blank || t.starts_with("Otherwise")) {
            push_text(&mut last.prose, t);
        } else {
            // Before the list, or after it and a blank line ("When the user agent leaves this
            // state ..."; an "Otherwise" paragraph still continues its entry): the state's own
            // prose, not an entry's.
            push_text(&mut s.intro, t);
        }
        blank = false;
    }
    finish(&mut cur, &mut pending, &mut out);
    out
}

/// The WHATWG build's anchor for a heading that has no id of its own.
pub fn derived_id(heading: &str) -> String {
    heading.to_lowercase().replace(' ', "-")
}

/// Whether a heading starts a tokenizer state: its name says so or its body is a switch.
fn is_state(heading: &str, intro: &str, cases: &[TextCase]) -> bool {
    let h = heading.to_lowercase();
    // The chapter's own heading ("Tokenization") and XML5's "Tokenizing character references"
    // (an algorithm the character reference states run, not a state).
    if h.starts_with("tokeniz") {
        return false;
    }
    h.ends_with(" state") || (!cases.is_empty() && intro.to_lowercase().contains("consume the next input character"))
}

/// A state just after its heading, its id derived from it.
fn new_state(heading: String) -> TextState {
    TextState {
        id: derived_id(&heading),
        alt_ids: Vec::new(),
        heading,
        cases: Vec::new(),
        intro: String::new(),
        paragraphs: false,
    }
}

/// Close the state being read in a plain text: bullets still pending make a case without prose.
fn finish(cur: &mut Option<TextState>, pending: &mut Vec<String>, out: &mut Vec<TextState>) {
    if let Some(mut s) = cur.take() {
        if !pending.is_empty() {
            s.cases.push(TextCase { bullets: std::mem::take(pending), prose: String::new() });
        }
        settle(s, out);
    }
    pending.clear();
}

/// Split lookahead paragraphs into cases (or read a bullet-less state as paragraphs, "If the
/// next few characters are ..."), and keep the state if it is one.
fn settle(mut s: TextState, out: &mut Vec<TextState>) {
    if s.cases.is_empty() {
        s.cases = paragraph_cases(&s.intro);
        s.paragraphs = !s.cases.is_empty();
    } else {
        split_paragraph_cases(&mut s);
    }
    if is_state(&s.heading, &s.intro, &s.cases) {
        out.push(s);
    }
}

/// `tokenization.txt`: `##### Heading`, then prose, `* bullet` lines and indented prose.
fn parse_plain(text: &str) -> Vec<TextState> {
    let mut out = Vec::new();
    let mut cur: Option<TextState> = None;
    let mut pending: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix('#') {
            let heading = h.trim_start_matches('#').trim().to_owned();
            finish(&mut cur, &mut pending, &mut out);
            cur = Some(new_state(heading));
            continue;
        }
        let Some(s) = cur.as_mut() else { continue };
        if let Some(b) = line.strip_prefix("* ") {
            pending.push(b.trim().to_owned());
        } else if line.starts_with("    ") && !line.trim().is_empty() {
            if !pending.is_empty() {
                s.cases.push(TextCase { bullets: std::mem::take(&mut pending), prose: line.trim().to_owned() });
            } else if let Some(last) = s.cases.last_mut() {
                push_text(&mut last.prose, line.trim());
            } else {
                push_text(&mut s.intro, line.trim());
            }
        } else if !line.trim().is_empty() {
            // Unindented prose before or after the list is the state's own (on entering,
            // "When the user agent leaves this state"), as outside a `<dl>` in the markup.
            push_text(&mut s.intro, line.trim());
        }
    }
    finish(&mut cur, &mut pending, &mut out);
    out
}

fn push_text(buf: &mut String, s: &str) {
    if !buf.is_empty() {
        buf.push(' ');
    }
    buf.push_str(s);
}

/// Markup: `<h4>`/`<h5>` headings; the first `<dl class="switch">` after a heading is its list
/// of bullets (`<dt>`) and entries (`<dd>`, and any text up to the next `<dt>`, which is how
/// the XML5 draft's slips outside a `<dd>` read).
fn parse_markup(text: &str) -> Vec<TextState> {
    let text = &strip_comments(text);
    let mut heads = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    while let Some(off) = find_heading(&lower[at..]) {
        let start = at + off;
        let level = &lower[start + 1..start + 3];
        let close = format!("</{level}>");
        let Some(end_rel) = lower[start..].find(&close) else {
            break;
        };
        let end = start + end_rel + close.len();
        heads.push((start, end));
        at = end;
    }
    let mut out = Vec::new();
    for &(start, end) in &heads {
        let tag_end = text[start..end].find('>').map(|p| start + p).unwrap_or(start);
        let open_tag = &text[start..tag_end];
        let heading = clean(&text[tag_end + 1..end]);
        // The state ends at the next heading of any level (the last one before a new section).
        let body_end =
            (1..=6).filter_map(|n| lower[end..].find(&format!("<h{n}")).map(|p| end + p)).min().unwrap_or(text.len());
        let body = &text[end..body_end];
        let own_id = attr(open_tag, "id");
        let mut alt_ids = Vec::new();
        let mut inner = &text[tag_end..end];
        while let Some(p) = inner.find("<dfn") {
            let e = inner[p..].find('>').map(|e| p + e).unwrap_or(inner.len());
            if let Some(id) = attr(&inner[p..e], "id") {
                alt_ids.push(id);
            }
            inner = &inner[e..];
        }
        let (intro, cases) = parse_switch(body);
        let id = own_id.unwrap_or_else(|| derived_id(&heading));
        settle(TextState { id, alt_ids, heading, cases, intro, paragraphs: false }, &mut out);
    }
    if out.is_empty() {
        out = parse_dt_states(text, &lower);
    }
    out
}

/// The early drafts (2008) list the states as one `<dl>`: `<dt><dfn>Data state</dfn></dt>`
/// then a `<dd>` with the state's prose and its own switch.
fn parse_dt_states(text: &str, lower: &str) -> Vec<TextState> {
    let mut starts = Vec::new();
    let mut at = 0;
    while let Some(p) = lower[at..].find("<dt><dfn") {
        let start = at + p;
        let end = lower[start..].find("</dt>").map_or(lower.len(), |e| start + e + 5);
        let heading = clean(&text[start..end]);
        if heading.to_ascii_lowercase().ends_with(" state") {
            starts.push((start, end, heading));
        }
        at = end;
    }
    let mut out = Vec::new();
    for (i, (start, end, heading)) in starts.iter().enumerate() {
        // The last state ends where the next section's heading starts.
        let next_heading = lower[*end..].find("<h").map_or(text.len(), |h| end + h);
        let body_end = starts.get(i + 1).map_or(next_heading, |n| n.0.min(next_heading));
        let inner = &text[*start..*end];
        let alt_ids = inner.find("<dfn").and_then(|p| attr(&inner[p..], "id")).into_iter().collect();
        let (intro, cases) = parse_switch(&text[*end..body_end]);
        let s =
            TextState { id: derived_id(heading), alt_ids, heading: heading.clone(), cases, intro, paragraphs: false };
        settle(s, &mut out);
    }
    out
}

fn find_heading(lower: &str) -> Option<usize> {
    [lower.find("<h4"), lower.find("<h5")].into_iter().flatten().min()
}

/// The value of `name="..."` (or `name=bare`) in an opening tag.
fn attr(tag: &str, name: &str) -> Option<String> {
    let mut rest = tag;
    while let Some(p) = rest.find(name) {
        let before_ok = p > 0 && rest.as_bytes()[p - 1].is_ascii_whitespace();
        let after = &rest[p + name.len()..];
        if before_ok && let Some(v) = after.strip_prefix('=') {
            if let Some(q) = v.strip_prefix('"') {
                return q.find('"').map(|e| q[..e].to_owned());
            }
            return Some(v.split(|c: char| c.is_whitespace() || c == '>').next().unwrap_or("").to_owned());
        }
        rest = after;
    }
    None
}

/// The prose before the first top-level `<dl>` and the `<dt>`/`<dd>` groups of that list.
pub fn parse_switch(body: &str) -> (String, Vec<TextCase>) {
    let lower = body.to_ascii_lowercase();
    let Some(dl) = lower.find("<dl") else {
        return (clean(body), Vec::new());
    };
    let mut intro = clean(&body[..dl]);
    let mut cases: Vec<TextCase> = Vec::new();
    let mut depth = 0usize;
    let mut i = dl;
    // Where the current entry's prose started (after a top-level `<dd` or `</dt>`), if any.
    let mut prose_from: Option<usize> = None;
    let mut pending: Vec<String> = Vec::new();
    let flush_prose = |cases: &mut Vec<TextCase>, from: Option<usize>, to: usize, pending: &mut Vec<String>| {
        if let Some(f) = from {
            let prose = clean(&body[f..to]);
            if !pending.is_empty() {
                cases.push(TextCase { bullets: std::mem::take(pending), prose });
            } else if let Some(last) = cases.last_mut() {
                push_text(&mut last.prose, &prose);
            }
        }
    };
    while i < lower.len() {
        let Some(p) = lower[i..].find('<') else { break };
        let p = i + p;
        let tag_end = lower[p..].find('>').map(|e| p + e + 1).unwrap_or(lower.len());
        let tag = &lower[p..tag_end];
        if tag.starts_with("<dl") {
            depth += 1;
        } else if tag.starts_with("</dl") {
            depth -= 1;
            if depth == 0 {
                flush_prose(&mut cases, prose_from.take(), p, &mut pending);
                // Prose after the list is the state's own ("When the user agent leaves ...").
                push_text(&mut intro, &clean(&body[tag_end..]));
                break;
            }
        } else if depth == 1 && tag.starts_with("<dt") {
            flush_prose(&mut cases, prose_from.take(), p, &mut pending);
            // A `<dt>` ends at `</dt>`, or (unclosed, as the XML5 draft has some) where the next
            // `<dd>` or `<dt>` starts.
            let ends = ["</dt>", "<dd", "<dt"].map(|t| lower[tag_end..].find(t).map(|e| tag_end + e));
            let close = ends.iter().flatten().min().copied().unwrap_or(lower.len());
            pending.push(clean(&body[tag_end..close]));
            i = if lower[close..].starts_with("</dt>") { close + 5 } else { close };
            continue;
        } else if depth == 1 && tag.starts_with("<dd") && prose_from.is_none() {
            prose_from = Some(tag_end);
        }
        i = tag_end;
    }
    if !pending.is_empty() {
        cases.push(TextCase { bullets: pending, prose: String::new() });
    }
    (intro, cases)
}

/// A state written as paragraphs: "If the next two characters are ... Otherwise, if ...
/// Otherwise, ...". Each "Otherwise" starts a case; its bullet is the condition's words.
fn paragraph_cases(intro: &str) -> Vec<TextCase> {
    let lower = intro.to_ascii_lowercase();
    if !(lower.contains("if the next")
        || lower.contains("characters are")
        || lower.contains("characters starting from"))
    {
        return Vec::new();
    }
    let mut cuts = vec![0];
    let mut at = 0;
    while let Some(p) = lower[at..].find("otherwise") {
        cuts.push(at + p);
        at += p + 9;
    }
    cuts.push(intro.len());
    cuts.windows(2)
        .map(|w| {
            let part = intro[w[0]..w[1]].trim().to_owned();
            let cond = condition_bullet(&part).unwrap_or_else(|| "Anything else".to_owned());
            TextCase { bullets: vec![cond], prose: part }
        })
        .collect()
}

/// "If the next seven characters are an exact match for "DOCTYPE"" → `"DOCTYPE"`;
/// "ASCII case-insensitive match for the word "PUBLIC"" → that; "both U+002D (-)" → two
/// U+002D.
fn condition_bullet(part: &str) -> Option<String> {
    let lower = part.to_ascii_lowercase();
    let cond_end = lower.find(", then").or_else(|| lower.find(", consume")).unwrap_or(lower.len());
    let cond = &part[..cond_end];
    let cl = cond.to_lowercase();
    if !cl.contains("if ") {
        return None;
    }
    let quoted = cond.split('"').nth(1).map(str::to_owned);
    if let Some(q) = quoted {
        if cl.contains("case-insensitive") {
            return Some(format!("ASCII case-insensitive match for \"{q}\""));
        }
        return Some(format!("\"{q}\""));
    }
    if cl.contains("two characters") && cl.contains("u+002d") {
        return Some("Two U+002D HYPHEN-MINUS characters (-)".to_owned());
    }
    None
}

/// "Anything else" entries whose prose looks ahead ("If the six characters starting from the
/// current input character are an ASCII case-insensitive match for "PUBLIC", then ...
/// Otherwise, if ... Otherwise, ..."): each such condition is a bullet of its own.
fn split_paragraph_cases(s: &mut TextState) {
    let mut out = Vec::new();
    for c in std::mem::take(&mut s.cases) {
        let lower = c.prose.to_lowercase();
        if c.bullets.iter().any(|b| b.eq_ignore_ascii_case("anything else"))
            && (lower.contains("characters starting from the current input character")
                || lower.starts_with("if the next six characters are"))
        {
            let split = paragraph_cases(&c.prose);
            if split.is_empty() {
                out.push(c);
                continue;
            }
            out.extend(split.into_iter().map(|mut pc| {
                if pc.bullets == ["Anything else"] {
                    pc.bullets = c.bullets.clone();
                }
                pc
            }));
        } else {
            out.push(c);
        }
    }
    s.cases = out;
}

/// Markup without its `<!-- -->` comments (the WHATWG source comments out bullets).
pub fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(p) = rest.find("<!--") {
        out.push_str(&rest[..p]);
        match rest[p..].find("-->") {
            Some(e) => rest = &rest[p + e + 3..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

/// Strip tags, decode the few entities the sources use, collapse whitespace.
pub fn clean(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len());
    let mut in_tag = false;
    for ch in markup.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(ch),
            _ => {}
        }
    }
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A state's snake_case name from the heading (the house naming rule).
pub fn state_name(s: &TextState) -> String {
    snake(&s.heading)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_format() {
        let markup = "<h5><dfn id=\"x\">Foo state</dfn></h5><p>Consume the next input character:</p>\
                      <dl class=\"switch\"><dt>U+0041 A<dt>EOF</dt><dd>Emit an end-of-file token.</dd>\
                      <dt>Anything else</dt><dd>Ignore the character.</dd></dl><p>After.</p><h4>Next</h4>";
        let s = parse("t.html", markup);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].id.as_str(), s[0].heading.as_str()), ("foo-state", "Foo state"));
        assert_eq!(s[0].alt_ids, ["x"]);
        assert_eq!(s[0].cases.len(), 2);
        assert_eq!(s[0].cases[0].bullets, ["U+0041 A", "EOF"]);
        assert!(s[0].intro.ends_with("After."));

        let plain = "##### Foo state\n\nConsume the next input character:\n* EOF\n    Emit an end-of-file token.\n";
        assert_eq!(parse("t.txt", plain)[0].cases[0].prose, "Emit an end-of-file token.");

        let numbered = "1.2.3 Foo state\n\nConsume the next input character:\nEOF\nEmit an end-of-file token.\n\nWhen the user agent leaves this state, stop.\n";
        let s = parse("t.txt", numbered);
        assert_eq!(s[0].cases[0].bullets, ["EOF"]);
        assert_eq!(s[0].intro, "Consume the next input character: When the user agent leaves this state, stop.");
    }

    #[test]
    fn reads_the_early_drafts_state_list() {
        let markup = "<h4>Tokenisation</h4><dl><dt><dfn>Data state</dfn></dt><dd><p>Consume the next input \
                      character:</p><dl class=\"switch\"><dt>EOF</dt><dd>Emit an end-of-file token.</dd></dl></dd>\
                      <dt><dfn>Tag open state</dfn></dt><dd><dl class=\"switch\"><dt>Anything else</dt><dd>x</dd>\
                      </dl></dd></dl>";
        let s = parse("t.html", markup);
        let headings: Vec<&str> = s.iter().map(|t| t.heading.as_str()).collect();
        assert_eq!(headings, ["Data state", "Tag open state"]);
        assert_eq!(s[0].cases[0].prose, "Emit an end-of-file token.");
    }

    #[test]
    fn odd_input_does_not_panic() {
        for text in [
            "<h5>İ state</h5><dl><dt>İİ<dd>If the next İ characters are \"x\", then İ. Otherwise, İ</dl>",
            "<h4 id=",
            "<h5><dfn id=\"",
            "##### İ state\n* \n    If the next İİ characters are İ, then x. Otherwise, y\n",
            "1.1 İ state\nIf the next two characters are İ, consume them. Otherwise, İ.\n",
        ] {
            for path in ["x.html", "x.txt"] {
                let _ = parse(path, text);
            }
        }
    }
}
