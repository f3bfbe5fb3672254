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

/// The two words a name is hashed and compared by: its first and last 8 bytes (overlapping
/// below 16 bytes), 4 bytes below 8, 2 below 4, the byte and 0 for one byte. `None` for the
/// empty name and names over 16 bytes, which no known name is. Two names of one length with
/// the same words are the same name. Loaded as whole words in line: the lookup is on every tag
/// token, and the byte-wise hash it replaced (length, first, middle and last byte) and the
/// comparison through the name's `&str` cost 37 instructions a tag (issue 26).
#[inline(always)]
fn words(s: &[u8]) -> Option<(u64, u64)> {
    fn le<const N: usize>(s: &[u8]) -> [u8; N] {
        s.try_into().unwrap_or([0; N])
    }
    let n = s.len();
    Some(match n {
        1 => (u64::from(s[0]), 0),
        2..4 => (u64::from(u16::from_le_bytes(le(&s[..2]))), u64::from(u16::from_le_bytes(le(&s[n - 2..])))),
        4..8 => (u64::from(u32::from_le_bytes(le(&s[..4]))), u64::from(u32::from_le_bytes(le(&s[n - 4..])))),
        8..=16 => (u64::from_le_bytes(le(&s[..8])), u64::from_le_bytes(le(&s[n - 8..]))),
        _ => return None,
    })
}

/// [`words`] at compile time (for the tables), byte by byte.
const fn const_words(s: &[u8]) -> (u64, u64) {
    const fn le(s: &[u8], at: usize, n: usize) -> u64 {
        let mut w = 0u64;
        let mut i = 0;
        while i < n {
            w |= (s[at + i] as u64) << (8 * i);
            i += 1;
        }
        w
    }
    let n = s.len();
    let w = if n >= 8 {
        8
    } else if n >= 4 {
        4
    } else if n >= 2 {
        2
    } else {
        return (s[0] as u64, 0);
    };
    (le(s, 0, w), le(s, n - w, w))
}

/// A name's slot: its words and length mixed by one multiplication. The multiplier is chosen
/// so that every known name has a slot of its own (`known_names_have_slots_of_their_own`
/// checks it, and the table below does not compile otherwise), so a lookup is one slot read
/// and one comparison of two words, with no slow path.
#[inline(always)]
const fn slot_of(a: u64, b: u64, n: usize) -> usize {
    ((a ^ b.rotate_left(32) ^ n as u64).wrapping_mul(0x5255_dae4_c19f_5ff5) >> (64 - SLOT_BITS)) as usize
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
        let name = tag.name().as_bytes();
        let (a, b) = const_words(name);
        let slot = slot_of(a, b, name.len());
        assert!(matches!(t[slot], Tag::Other), "two known tag names share a slot: pick another multiplier");
        t[slot] = tag;
        i += 1;
    }
    t
};

/// Each tag's words and name length (`Other`: length 0, which no looked-up name has).
static KEYS: [(u64, u64, usize); TAG_COUNT] = {
    let mut t = [(0, 0, 0); TAG_COUNT];
    let mut i = 1;
    while i < Tag::ALL.len() {
        let name = Tag::ALL[i].name().as_bytes();
        let (a, b) = const_words(name);
        t[i] = (a, b, name.len());
        i += 1;
    }
    t
};

#[inline]
fn lookup(s: &str) -> Tag {
    let Some((a, b)) = words(s.as_bytes()) else { return Tag::Other };
    let n = s.len();
    let tag = SLOTS[slot_of(a, b, n)];
    if KEYS[tag as usize] == (a, b, n) { tag } else { Tag::Other }
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
        for other in [
            "",
            "x",
            "DIV",
            "divv",
            "custom-element",
            "foreignobject",
            "annotation-xmL",
            "annotation-xml-",
            "annotation-xml-encoding",
        ] {
            assert_eq!(Tag::from_name(other), Tag::Other, "{other}");
        }
    }

    /// `lookup` reads one slot and has no slow path, so no two known names may share one.
    #[test]
    fn known_names_have_slots_of_their_own() {
        let mut seen = std::collections::HashMap::new();
        for &tag in &Tag::ALL[1..] {
            let name = tag.name().as_bytes();
            let (a, b) = words(name).unwrap();
            assert_eq!((a, b), const_words(name), "{}", tag.name());
            if let Some(other) = seen.insert(slot_of(a, b, name.len()), tag) {
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
