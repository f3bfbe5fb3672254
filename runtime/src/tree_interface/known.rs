//! The element names the HTML parser knows: the [`Tag`] enum the tree builder tests for, and
//! [`KnownName`], a tag in one of the parser's three namespaces as one number, which a sink may
//! use as a name index (the arena `Dom` does). Layer: the tree-building interface.

use super::names::{Namespace, QualName, QualNameRef};

macro_rules! tags {
    ($($v:ident = $s:literal,)*) => {
        /// A name the tree construction rules mention. `Other` for the rest.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub(crate) enum Tag { Other, $($v,)* }

        impl Tag {
            pub(crate) const ALL: &'static [Tag] = &[Tag::Other, $(Tag::$v,)*];

            const NAMES: &'static [&'static str] = &["", $($s,)*];

            /// The name as the element carries it (SVG's camelCase names included).
            #[inline]
            pub(crate) const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// Look a local name up (exact match).
            #[inline]
            pub(crate) fn from_name(s: &str) -> Tag {
                lookup(s)
            }

        }
    };
}

tags! {
    Html = "html", Head = "head", Body = "body", Title = "title", Base = "base",
    Basefont = "basefont", Bgsound = "bgsound", Link = "link", Meta = "meta",
    Noframes = "noframes", Style = "style", Script = "script", Noscript = "noscript",
    Template = "template", Frameset = "frameset", Frame = "frame",
    Address = "address", Article = "article", Aside = "aside", Blockquote = "blockquote",
    Center = "center", Details = "details", Dialog = "dialog", Dir = "dir", Div = "div",
    Dl = "dl", Fieldset = "fieldset", Figcaption = "figcaption", Figure = "figure",
    Footer = "footer", Header = "header", Hgroup = "hgroup", Main = "main", Menu = "menu",
    Nav = "nav", Ol = "ol", P = "p", Search = "search", Section = "section",
    Summary = "summary", Ul = "ul",
    H1 = "h1", H2 = "h2", H3 = "h3", H4 = "h4", H5 = "h5", H6 = "h6",
    Pre = "pre", Listing = "listing", Form = "form", Li = "li", Dd = "dd", Dt = "dt",
    Plaintext = "plaintext", Button = "button",
    A = "a", B = "b", Big = "big", Code = "code", Em = "em", Font = "font", I = "i",
    Nobr = "nobr", S = "s", Small = "small", Strike = "strike", Strong = "strong",
    Tt = "tt", U = "u",
    Applet = "applet", Marquee = "marquee", Object = "object", Table = "table", Br = "br",
    Area = "area", Embed = "embed", Img = "img", Keygen = "keygen", Wbr = "wbr",
    Input = "input", Param = "param", Source = "source", Track = "track", Hr = "hr",
    Image = "image", Textarea = "textarea", Xmp = "xmp", Iframe = "iframe",
    Noembed = "noembed", Select = "select", Option = "option", Optgroup = "optgroup",
    Rb = "rb", Rp = "rp", Rt = "rt", Rtc = "rtc", Ruby = "ruby", Math = "math", Svg = "svg",
    Caption = "caption", Col = "col", Colgroup = "colgroup", Tbody = "tbody", Td = "td",
    Tfoot = "tfoot", Th = "th", Thead = "thead", Tr = "tr", Span = "span", Sub = "sub",
    Sup = "sup", Var = "var",
    Mi = "mi", Mo = "mo", Mn = "mn", Ms = "ms", Mtext = "mtext",
    AnnotationXml = "annotation-xml", Mglyph = "mglyph", Malignmark = "malignmark",
    ForeignObject = "foreignObject", Desc = "desc",
}

pub(crate) const TAG_COUNT: usize = Tag::ALL.len();

/// A hash of a name's length and first, middle and last bytes. The multipliers are chosen so
/// that every known name has a slot of its own (`known_names_have_slots_of_their_own` checks
/// it), so a lookup is one table read and one comparison, with no slow path: before, `code`,
/// `pre`, `table`, `tbody`, `tr` and `th` shared slots and took a string `match` on every tag.
#[inline]
const fn slot_of(s: &[u8]) -> usize {
    let n = s.len();
    if n == 0 {
        return 0;
    }
    let h = (n as u32)
        .wrapping_mul(0x9E37_79B1)
        .wrapping_add((s[0] as u32) << 16 | (s[n / 2] as u32) << 8 | s[n - 1] as u32)
        .wrapping_mul(0x1AFA_6C9D);
    (h >> (32 - SLOT_BITS)) as usize
}

const SLOT_BITS: u32 = 10;

/// `slot_of(name)` → the tag whose name hashes there (`Other` if none). Built at compile
/// time, which also checks that no two known names share a slot (`lookup` reads one slot and
/// has no slow path): a table with a collision does not compile.
static SLOTS: [Tag; 1 << SLOT_BITS] = {
    let mut t = [Tag::Other; 1 << SLOT_BITS];
    let mut i = 1;
    while i < Tag::ALL.len() {
        let tag = Tag::ALL[i];
        let slot = slot_of(tag.name().as_bytes());
        assert!(matches!(t[slot], Tag::Other), "two known tag names share a slot: pick another multiplier");
        t[slot] = tag;
        i += 1;
    }
    t
};

#[inline]
fn lookup(s: &str) -> Tag {
    let tag = SLOTS[slot_of(s.as_bytes())];
    let name = tag.name().as_bytes();
    if name.len() == s.len() && same_short(name, s.as_bytes()) { tag } else { Tag::Other }
}

/// Whether two byte strings of the same length (at most 16, as every known name is) are
/// equal, compared as two overlapping words in line rather than by a call to the library's
/// `memcmp` (issue 13: the call and its set-up were most of the lookup's cost).
#[inline]
fn same_short(a: &[u8], b: &[u8]) -> bool {
    fn word<const N: usize>(s: &[u8], at: usize) -> [u8; N] {
        let mut w = [0; N];
        w.copy_from_slice(&s[at..at + N]);
        w
    }
    let n = a.len();
    match n {
        0 => true,
        1 => a[0] == b[0],
        2..4 => word::<2>(a, 0) == word::<2>(b, 0) && word::<2>(a, n - 2) == word::<2>(b, n - 2),
        4..8 => word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, n - 4) == word::<4>(b, n - 4),
        8..=16 => word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, n - 8) == word::<8>(b, n - 8),
        _ => a == b,
    }
}

/// A number for one of the element names the HTML parser knows, in one namespace: the same
/// name in the same namespace always gets the same number, below [`KnownName::COUNT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnownName(pub(crate) u16);

impl KnownName {
    /// One more than the largest index.
    pub const COUNT: usize = 3 * TAG_COUNT;

    /// The number, below [`KnownName::COUNT`]: usable as an index into a table.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The name this number stands for: the tag's name in its namespace. The arena `Dom` uses
    /// the number as the element's name index, so a known name costs a document neither a
    /// lookup nor an entry of its own name table.
    pub(crate) fn qual_name(self) -> &'static QualName {
        static NAMES: std::sync::LazyLock<Vec<QualName>> = std::sync::LazyLock::new(|| {
            // The order of the builder's `Ns`: HTML, MathML, SVG, each over every tag.
            [Namespace::Html, Namespace::MathMl, Namespace::Svg]
                .iter()
                .flat_map(|ns| Tag::ALL.iter().map(move |t| QualName::new(ns.clone(), t.name())))
                .collect()
        });
        NAMES.get(self.index()).unwrap_or(&NAMES[0])
    }
}

/// Whether an element serializes as void (spec: #serialises-as-void): a void element
/// (spec: #void-elements), or basefont, bgsound, frame, keygen or param.
pub fn serializes_as_void(name: QualNameRef<'_>) -> bool {
    *name.ns == Namespace::Html
        && (is_void_element(name.local) || matches!(name.local, "basefont" | "bgsound" | "frame" | "keygen" | "param"))
}

/// Whether `local` names one of the void elements (spec: #void-elements): area, base, br, col,
/// embed, hr, img, input, link, meta, source, track, wbr.
pub fn is_void_element(local: &str) -> bool {
    matches!(
        local,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "source"
            | "track"
            | "wbr"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::Dom;
    use crate::tree_interface::{Attrs, QualNameRef};

    #[test]
    fn every_name_is_found_and_nothing_else() {
        for &tag in &Tag::ALL[1..] {
            assert_eq!(Tag::from_name(tag.name()), tag, "{}", tag.name());
            // Same length, one byte different (at every position in turn, so each byte is
            // compared, whatever the words the comparison reads): not a known name.
            for i in 0..tag.name().len() {
                let mut near = tag.name().as_bytes().to_vec();
                near[i] = b'#';
                let near = String::from_utf8(near).unwrap();
                assert_eq!(Tag::from_name(&near), Tag::Other, "{near}");
            }
        }
        for other in ["", "x", "DIV", "divv", "custom-element", "foreignobject", "annotation-xmL"] {
            assert_eq!(Tag::from_name(other), Tag::Other, "{other}");
        }
    }

    /// `lookup` reads one slot and has no slow path, so no two known names may share one.
    #[test]
    fn known_names_have_slots_of_their_own() {
        let mut seen = std::collections::HashMap::new();
        for &tag in &Tag::ALL[1..] {
            if let Some(other) = seen.insert(slot_of(tag.name().as_bytes()), tag) {
                panic!("{} and {} share a slot", tag.name(), other.name());
            }
        }
    }

    /// Known names are the `Dom`'s name indexes below `KnownName::COUNT`, other names its own
    /// table's; both read back as the names the builder gave.
    #[test]
    fn known_and_other_names_read_back_in_their_namespaces() {
        let dom = crate::html::parse_document("<div><x-y></x-y><svg><foreignObject/><z/></svg><math><mi/></math>");
        let names: Vec<(Namespace, String)> = dom
            .descendants(dom.document())
            .filter_map(|n| dom.element(n).map(|e| (e.name.ns.clone(), e.name.local.to_string())))
            .collect();
        let want = [
            (Namespace::Html, "html"),
            (Namespace::Html, "head"),
            (Namespace::Html, "body"),
            (Namespace::Html, "div"),
            (Namespace::Html, "x-y"),
            (Namespace::Svg, "svg"),
            (Namespace::Svg, "foreignObject"),
            (Namespace::Svg, "z"),
            (Namespace::MathMl, "math"),
            (Namespace::MathMl, "mi"),
        ];
        let want: Vec<(Namespace, String)> = want.iter().map(|(ns, l)| (ns.clone(), l.to_string())).collect();
        assert_eq!(names, want);
        for i in 0..KnownName::COUNT {
            let name = KnownName(i as u16).qual_name();
            assert!(matches!(name.ns, Namespace::Html | Namespace::MathMl | Namespace::Svg));
        }
        let mut dom = Dom::new();
        let made = dom.create_element(QualNameRef::new(&Namespace::Html, "div"), Attrs::owned(&[]));
        assert_eq!(dom.element(made).map(|e| e.name.clone()), Some(QualName::new(Namespace::Html, "div")));
    }
}
