//! What step 8's frequency analysis (`EncodingOptions::detect`, on by default) picks for
//! unlabelled bytes: every page of `../shared/bench-corpus/html` (or `$BENCH_CORPUS/html`) with
//! its labels removed (`<meta charset>`, `<meta http-equiv=Content-Type>`, the XML
//! declaration) and re-encoded into nine encodings (a character an encoding lacks becomes a
//! numeric character reference, as a page saved in that encoding has it), sniffed as the
//! whole-input entry points do; every seventh such page is also streamed in 1000-byte chunks,
//! which must end on the same encoding.
//!
//! The numbers, named apart:
//! - **strict**: the pick is the true encoding, over the pages whose bytes are not all ASCII
//!   (all-ASCII bytes are the same page in every encoding here; no detector can tell them
//!   apart, nor needs to);
//! - **strict where distinguishable**: as strict, over the pages whose true encoding is
//!   distinguishable: no other encoding detection may return ([`detectable_encodings`])
//!   decodes the bytes to the same text. Elsewhere a miss can be a pick that decodes to exactly
//!   the true text (most ISO-8859-2 pages whose only non-ASCII characters windows-1252 has at
//!   the same bytes): no detector can tell, and it does not matter to the user. This is where a
//!   detector can be held to a target (issue 23: 90%);
//! - **decodes identically**: the pick decodes the bytes to the same text as the true encoding,
//!   over all pages;
//! - **strict, given the domain**: as strict, with [`EncodingOptions::tld`] set to a country
//!   domain of the encoding (`.jp` for Shift_JIS and EUC-JP, `.kr` for EUC-KR, ...), as a
//!   browser knows it from the URL. The corpus has no URLs: this is what the hint is worth
//!   when the page comes from where such pages come from, not a measurement of this corpus.
//!
//! Each strict miss is printed: page, true and picked encoding, the page's non-ASCII bytes,
//! the true text's distinct non-ASCII characters, and its class: (a) the pick decodes the
//! bytes to exactly the true text, (b) it does not. Fails when UTF-8 is ever missed, when
//! streaming ends elsewhere, or when a number falls below what was measured (see `FLOORS`).
//!
//! Measured (strict / where distinguishable / decodes identically / given the domain):
//! chardetng alone 753 of 1518 (49.6%) / 550 of 1153 (47.7%) / 9696 of 10323 (93.9%) / 1392
//! of 1518 (91.7%); with the second opinion for overwhelmingly ASCII Latin text
//! (`runtime/src/encoding/plausible.rs`) 1307 (86.1%) / 1089 (94.4%) / 10253 (99.3%) / 1492
//! (98.3%). Strict stays below 90% because of class (a): 141 of the 211 misses decode to the
//! true text.

use statemark::dom::Dom;
use statemark::encoding::{
    ByteParser, Encoding, EncodingOptions, TopLevelDomain, detectable_encodings, prescan, sniff,
};
use statemark::html::TreeOptions;
use statemark_tests::corpus::{html_pages, reencode};

/// What was measured, in pages (see the module doc): a number below its floor fails.
const FLOORS: [(&str, usize); 6] = [
    ("strict", 1307),
    ("strict where distinguishable", 1089),
    ("decodes identically", 10253),
    ("strict given the domain", 1492),
    ("strict without character references", 499),
    ("strict in a language the encoding is made for", 294),
];

/// The languages (path components such as `ja`, `zh-CN`, `ru-RU`) each encoding was made for;
/// UTF-8 is for all. Only for the report: the detector never sees a path.
const LANGUAGES: [(&str, &[&str]); 8] = [
    ("windows-1252", &["en", "fr", "de", "es", "it", "pt", "ca", "da", "nb", "nl", "sv", "id"]),
    ("ISO-8859-2", &["cs", "hr", "pl", "hu", "sk", "sl"]),
    ("KOI8-R", &["ru"]),
    ("Shift_JIS", &["ja"]),
    ("EUC-JP", &["ja"]),
    ("GBK", &["zh-cn"]),
    ("Big5", &["zh-tw"]),
    ("EUC-KR", &["ko"]),
];

/// Whether the page's path names a language `encoding` was made for.
fn in_language(path: &std::path::Path, encoding: &str) -> bool {
    let Some((_, languages)) = LANGUAGES.iter().find(|(e, _)| *e == encoding) else { return true };
    path.components().any(|c| {
        let c = c.as_os_str().to_string_lossy().to_ascii_lowercase();
        languages.iter().any(|l| c == *l || c.starts_with(&format!("{l}-")))
    })
}

/// The nine encodings, each with a country domain its pages are typically served from (for
/// the third number only; `com` for the two used everywhere).
const ENCODINGS: [(&str, &str); 9] = [
    ("windows-1252", "com"),
    ("ISO-8859-2", "pl"),
    ("KOI8-R", "ru"),
    ("Shift_JIS", "jp"),
    ("EUC-JP", "jp"),
    ("GBK", "cn"),
    ("Big5", "tw"),
    ("EUC-KR", "kr"),
    ("UTF-8", "com"),
];

/// The page without what labels its encoding: `<meta>` tags that mention a charset, and a
/// leading XML declaration.
fn unlabelled(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text.trim_start_matches('\u{FEFF}');
    if rest.trim_start().starts_with("<?xml")
        && let Some(end) = rest.find("?>")
    {
        rest = &rest[end + 2..];
    }
    let lower = rest.to_ascii_lowercase();
    let mut at = 0;
    while let Some(i) = lower[at..].find("<meta").map(|i| i + at) {
        let end = lower[i..].find('>').map_or(lower.len(), |e| i + e + 1);
        out.push_str(&rest[at..i]);
        if !lower[i..end].contains("charset") {
            out.push_str(&rest[i..end]);
        }
        at = end;
    }
    out.push_str(&rest[at..]);
    out
}

/// Right out of counted.
#[derive(Clone, Copy, Default)]
struct Share(usize, usize);

impl Share {
    fn add(&mut self, right: bool) {
        self.0 += usize::from(right);
        self.1 += 1;
    }
    fn percent(self) -> f64 {
        100.0 * self.0 as f64 / self.1.max(1) as f64
    }
}

impl std::ops::AddAssign for Share {
    fn add_assign(&mut self, o: Share) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl std::fmt::Display for Share {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} of {} ({:.1}%)", self.0, self.1, self.percent())
    }
}

#[derive(Default)]
struct Tally {
    /// Pages whose bytes are not all ASCII: the pick is the true encoding.
    strict: Share,
    /// All pages: the pick decodes to the same text.
    identical: Share,
    /// The strict share over the pages whose text survives without character references (the
    /// set measured before references were counted).
    representable: Share,
    /// The strict share over the pages in a language the encoding is made for.
    in_language: Share,
    /// The strict share given the encoding's country domain.
    with_tld: Share,
    /// The strict share over the pages whose true encoding is distinguishable: no other
    /// encoding detection may return decodes the bytes to the same text.
    distinguishable: Share,
    /// Strict misses: the pick, and whether it decodes identically.
    wrong: Vec<(&'static str, bool)>,
    /// Strict misses whose pick decodes to other text (class b; class a decodes identically).
    differing_misses: usize,
    /// Strict misses with at most 8 non-ASCII bytes.
    sparse: usize,
    ascii: usize,
}

fn main() {
    let Some(paths) = html_pages() else { return };
    let mut tallies: Vec<(&str, &str, Tally)> = ENCODINGS.iter().map(|&(e, d)| (e, d, Tally::default())).collect();
    let (mut streamed, mut stream_differs, mut labelled, mut not_utf8) = (0, 0, 0, 0);
    for (n, path) in paths.iter().enumerate() {
        let Ok(text) = std::fs::read_to_string(path) else {
            not_utf8 += 1;
            continue;
        };
        let text = unlabelled(&text);
        for (label, domain, tally) in &mut tallies {
            let enc = Encoding::for_label(label.as_bytes()).unwrap();
            let page = reencode(&text, enc);
            let bytes = &page.bytes;
            if prescan(&bytes[..bytes.len().min(1024)]).is_some() {
                labelled += 1;
                println!("FAIL a label is left in {}", path.display());
            }
            let got = sniff(bytes, &EncodingOptions::default()).encoding;
            let truth = enc.decode_without_bom_handling(bytes).0;
            let decodes_as_truth = |e: &'static Encoding| {
                e == enc || e.decode_without_bom_handling_and_without_replacement(bytes).as_deref() == Some(&*truth)
            };
            let identical = decodes_as_truth(got);
            tally.identical.add(identical);
            let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count();
            if non_ascii == 0 {
                tally.ascii += 1;
            } else {
                tally.strict.add(got == enc);
                let hinted = EncodingOptions { tld: TopLevelDomain::of_host(domain), ..Default::default() };
                tally.with_tld.add(sniff(bytes, &hinted).encoding == enc);
                if page.representable() {
                    tally.representable.add(got == enc);
                }
                if in_language(path, label) {
                    tally.in_language.add(got == enc);
                }
                // KOI8-U is returned only for bytes KOI8-R decodes differently (and the reverse).
                let koi8 = |e: &'static Encoding| matches!(e.name(), "KOI8-R" | "KOI8-U");
                let distinguishable =
                    detectable_encodings().iter().all(|&e| e == enc || (koi8(e) && koi8(enc)) || !decodes_as_truth(e));
                if distinguishable {
                    tally.distinguishable.add(got == enc);
                }
                if got != enc {
                    tally.wrong.push((got.name(), identical));
                    tally.sparse += usize::from(non_ascii <= 8);
                    tally.differing_misses += usize::from(!identical);
                    // The true text's distinct non-ASCII characters (the first 16).
                    let mut chars: Vec<char> = truth.chars().filter(|c| !c.is_ascii()).collect();
                    chars.sort_unstable();
                    chars.dedup();
                    let shown: String = chars.iter().take(16).collect();
                    println!(
                        "miss ({}) {}: {label}, picked {}, {non_ascii} non-ASCII bytes, {} distinct {:?}, {}",
                        if identical { "a" } else { "b" },
                        path.display(),
                        got.name(),
                        chars.len(),
                        shown,
                        if identical { "decodes identically" } else { "decodes differently" }
                    );
                }
            }
            if n % 7 == 0 {
                streamed += 1;
                let mut parser = ByteParser::new(EncodingOptions::default(), TreeOptions::default(), Dom::new);
                for chunk in bytes.chunks(1000) {
                    parser.feed(chunk);
                }
                let end = parser.finish().encoding;
                if end != got {
                    stream_differs += 1;
                    println!("FAIL streamed {label} {}: {} whole, {} streamed", path.display(), got.name(), end.name());
                }
            }
        }
    }
    let [mut strict, mut identical, mut representable, mut in_lang, mut with_tld, mut distinguishable] =
        [Share::default(); 6];
    let (mut misses_a, mut misses_b) = (0, 0);
    for (label, domain, t) in &tallies {
        let mut picks: Vec<&str> = t.wrong.iter().map(|w| w.0).collect();
        picks.sort();
        picks.dedup();
        let picks: Vec<String> =
            picks.iter().map(|p| format!("{p} x{}", t.wrong.iter().filter(|w| w.0 == *p).count())).collect();
        println!(
            "detected {label}: strict {}; strict where distinguishable {}; decodes identically {}; wrong picks [{}] ({} on pages with 8 non-ASCII bytes or fewer; {} decode identically (a), {} differently (b)); {} pages all ASCII",
            t.strict,
            t.distinguishable,
            t.identical,
            picks.join(", "),
            t.sparse,
            t.wrong.len() - t.differing_misses,
            t.differing_misses,
            t.ascii,
        );
        println!(
            "  strict on the pages without character references {}; on the pages in a language {label} is made for {}; given the domain .{domain} {}",
            t.representable, t.in_language, t.with_tld
        );
        strict += t.strict;
        identical += t.identical;
        representable += t.representable;
        in_lang += t.in_language;
        with_tld += t.with_tld;
        distinguishable += t.distinguishable;
        misses_a += t.wrong.len() - t.differing_misses;
        misses_b += t.differing_misses;
    }
    println!("({} pages, {not_utf8} not UTF-8 and skipped)", paths.len());
    println!("encoding detection, strict (the true encoding, bytes not all ASCII): {strict}");
    println!(
        "encoding detection, strict where distinguishable (no other detectable encoding decodes the bytes to the true text): {distinguishable}"
    );
    println!("encoding detection, strict misses: {misses_a} decode identically (a), {misses_b} decode differently (b)");
    println!("encoding detection, decodes identically (all pages): {identical}");
    println!("encoding detection, strict given the domain: {with_tld}");
    println!("encoding detection, strict without character references: {representable}");
    println!("encoding detection, strict in a language the encoding is made for: {in_lang}");
    println!("encoding detection: {streamed} streamed, {stream_differs} differ");
    // Floors at what was measured (the detector is deterministic): a change that loses pages
    // fails here.
    let measured = [strict, distinguishable, identical, with_tld, representable, in_lang];
    let below: Vec<&str> = FLOORS
        .iter()
        .zip(measured)
        .filter(|((_, floor), share)| share.0 < *floor)
        .map(|((name, _), _)| *name)
        .collect();
    let utf8_missed = tallies.iter().any(|(label, _, t)| *label == "UTF-8" && !t.wrong.is_empty());
    if !below.is_empty() || utf8_missed || stream_differs > 0 || labelled > 0 || strict.1 == 0 {
        println!(
            "FAIL: below what was measured ({below:?}), a UTF-8 page missed, streaming disagrees, or a label was left"
        );
        std::process::exit(1);
    }
}
