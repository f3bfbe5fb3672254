//! The element names the tree builder tests for, as a small enum, and the per-element facts it
//! needs in constant time: scope boundaries, the special category, integration points. Also the
//! spec's name-adjustment tables for foreign content.

use crate::dom::{Namespace, QualName};

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

/// Element kinds the stack of open elements indexes (bits of `ElemRec::kinds`).
pub(crate) mod kind {
    /// Ends "has an element in scope" (spec: #has-an-element-in-scope).
    pub const SCOPE: u16 = 1 << 0;
    /// ... in list item scope.
    pub const LIST_ITEM: u16 = 1 << 1;
    /// ... in button scope.
    pub const BUTTON: u16 = 1 << 2;
    /// ... in table scope.
    pub const TABLE: u16 = 1 << 3;
    /// The special category (spec: #special).
    pub const SPECIAL: u16 = 1 << 4;
    /// Special but not address, div, p: where the li/dd/dt start tag loops stop.
    pub const LI_STOP: u16 = 1 << 5;
    /// What "reset the insertion mode appropriately" looks for.
    pub const RESET: u16 = 1 << 6;
    /// Any element in the HTML namespace.
    pub const HTML: u16 = 1 << 7;
    pub const COUNT: usize = 8;
}

/// The kind bits of an element, from a table computed once.
#[inline]
pub(crate) fn kinds(ns: &Namespace, tag: Tag) -> u16 {
    // Computed at compile time: this is read for every element created.
    static TABLE: [[u16; TAG_COUNT]; 3] = {
        let mut t = [[0; TAG_COUNT]; 3];
        let namespaces = [Namespace::Html, Namespace::MathMl, Namespace::Svg];
        let mut i = 0;
        while i < 3 {
            let mut j = 0;
            while j < TAG_COUNT {
                t[i][j] = compute_kinds(&namespaces[i], Tag::ALL[j]);
                j += 1;
            }
            i += 1;
        }
        t
    };
    match ns {
        Namespace::Html => TABLE[0][tag as usize],
        Namespace::MathMl => TABLE[1][tag as usize],
        Namespace::Svg => TABLE[2][tag as usize],
        _ => compute_kinds(ns, tag),
    }
}

const fn compute_kinds(ns: &Namespace, tag: Tag) -> u16 {
    use Tag as T;
    use kind::*;
    match ns {
        Namespace::Html => {
            let mut k = HTML;
            if matches!(
                tag,
                T::Applet
                    | T::Caption
                    | T::Html
                    | T::Table
                    | T::Td
                    | T::Th
                    | T::Marquee
                    | T::Object
                    | T::Select
                    | T::Template
            ) {
                k |= SCOPE | LIST_ITEM | BUTTON;
            }
            if matches!(tag, T::Ol | T::Ul) {
                k |= LIST_ITEM;
            }
            if matches!(tag, T::Button) {
                k |= BUTTON;
            }
            if matches!(tag, T::Html | T::Table | T::Template) {
                k |= TABLE;
            }
            if is_special_html(tag) {
                k |= SPECIAL;
                if !matches!(tag, T::Address | T::Div | T::P) {
                    k |= LI_STOP;
                }
            }
            if matches!(
                tag,
                T::Td
                    | T::Th
                    | T::Tr
                    | T::Tbody
                    | T::Thead
                    | T::Tfoot
                    | T::Caption
                    | T::Colgroup
                    | T::Table
                    | T::Template
                    | T::Head
                    | T::Body
                    | T::Frameset
                    | T::Html
            ) {
                k |= RESET;
            }
            k
        }
        Namespace::MathMl if matches!(tag, T::Mi | T::Mo | T::Mn | T::Ms | T::Mtext | T::AnnotationXml) => {
            SCOPE | LIST_ITEM | BUTTON | SPECIAL | LI_STOP
        }
        Namespace::Svg if matches!(tag, T::ForeignObject | T::Desc | T::Title) => {
            SCOPE | LIST_ITEM | BUTTON | SPECIAL | LI_STOP
        }
        _ => 0,
    }
}

/// spec: #special (the HTML part).
const fn is_special_html(tag: Tag) -> bool {
    use Tag::*;
    matches!(
        tag,
        Address
            | Applet
            | Area
            | Article
            | Aside
            | Base
            | Basefont
            | Bgsound
            | Blockquote
            | Body
            | Br
            | Button
            | Caption
            | Center
            | Col
            | Colgroup
            | Dd
            | Details
            | Dir
            | Div
            | Dl
            | Dt
            | Embed
            | Fieldset
            | Figcaption
            | Figure
            | Footer
            | Form
            | Frame
            | Frameset
            | H1
            | H2
            | H3
            | H4
            | H5
            | H6
            | Head
            | Header
            | Hgroup
            | Hr
            | Html
            | Iframe
            | Img
            | Input
            | Keygen
            | Li
            | Link
            | Listing
            | Main
            | Marquee
            | Menu
            | Meta
            | Nav
            | Noembed
            | Noframes
            | Noscript
            | Object
            | Ol
            | P
            | Param
            | Plaintext
            | Pre
            | Script
            | Search
            | Section
            | Select
            | Source
            | Style
            | Summary
            | Table
            | Tbody
            | Td
            | Template
            | Textarea
            | Tfoot
            | Th
            | Thead
            | Title
            | Tr
            | Track
            | Ul
            | Wbr
            | Xmp
    )
}

/// spec: #parsing-main-inforeign, "Any other start tag": the SVG tag-name case fixes.
pub(crate) fn svg_tag_name(lower: &str) -> Option<&'static str> {
    Some(match lower {
        "altglyph" => "altGlyph",
        "altglyphdef" => "altGlyphDef",
        "altglyphitem" => "altGlyphItem",
        "animatecolor" => "animateColor",
        "animatemotion" => "animateMotion",
        "animatetransform" => "animateTransform",
        "clippath" => "clipPath",
        "feblend" => "feBlend",
        "fecolormatrix" => "feColorMatrix",
        "fecomponenttransfer" => "feComponentTransfer",
        "fecomposite" => "feComposite",
        "feconvolvematrix" => "feConvolveMatrix",
        "fediffuselighting" => "feDiffuseLighting",
        "fedisplacementmap" => "feDisplacementMap",
        "fedistantlight" => "feDistantLight",
        "fedropshadow" => "feDropShadow",
        "feflood" => "feFlood",
        "fefunca" => "feFuncA",
        "fefuncb" => "feFuncB",
        "fefuncg" => "feFuncG",
        "fefuncr" => "feFuncR",
        "fegaussianblur" => "feGaussianBlur",
        "feimage" => "feImage",
        "femerge" => "feMerge",
        "femergenode" => "feMergeNode",
        "femorphology" => "feMorphology",
        "feoffset" => "feOffset",
        "fepointlight" => "fePointLight",
        "fespecularlighting" => "feSpecularLighting",
        "fespotlight" => "feSpotLight",
        "fetile" => "feTile",
        "feturbulence" => "feTurbulence",
        "foreignobject" => "foreignObject",
        "glyphref" => "glyphRef",
        "lineargradient" => "linearGradient",
        "radialgradient" => "radialGradient",
        "textpath" => "textPath",
        _ => return None,
    })
}

/// spec: #adjust-svg-attributes.
pub(crate) fn svg_attribute_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "attributename" => "attributeName",
        "attributetype" => "attributeType",
        "basefrequency" => "baseFrequency",
        "baseprofile" => "baseProfile",
        "calcmode" => "calcMode",
        "clippathunits" => "clipPathUnits",
        "diffuseconstant" => "diffuseConstant",
        "edgemode" => "edgeMode",
        "filterunits" => "filterUnits",
        "glyphref" => "glyphRef",
        "gradienttransform" => "gradientTransform",
        "gradientunits" => "gradientUnits",
        "kernelmatrix" => "kernelMatrix",
        "kernelunitlength" => "kernelUnitLength",
        "keypoints" => "keyPoints",
        "keysplines" => "keySplines",
        "keytimes" => "keyTimes",
        "lengthadjust" => "lengthAdjust",
        "limitingconeangle" => "limitingConeAngle",
        "markerheight" => "markerHeight",
        "markerunits" => "markerUnits",
        "markerwidth" => "markerWidth",
        "maskcontentunits" => "maskContentUnits",
        "maskunits" => "maskUnits",
        "numoctaves" => "numOctaves",
        "pathlength" => "pathLength",
        "patterncontentunits" => "patternContentUnits",
        "patterntransform" => "patternTransform",
        "patternunits" => "patternUnits",
        "pointsatx" => "pointsAtX",
        "pointsaty" => "pointsAtY",
        "pointsatz" => "pointsAtZ",
        "preservealpha" => "preserveAlpha",
        "preserveaspectratio" => "preserveAspectRatio",
        "primitiveunits" => "primitiveUnits",
        "refx" => "refX",
        "refy" => "refY",
        "repeatcount" => "repeatCount",
        "repeatdur" => "repeatDur",
        "requiredextensions" => "requiredExtensions",
        "requiredfeatures" => "requiredFeatures",
        "specularconstant" => "specularConstant",
        "specularexponent" => "specularExponent",
        "spreadmethod" => "spreadMethod",
        "startoffset" => "startOffset",
        "stddeviation" => "stdDeviation",
        "stitchtiles" => "stitchTiles",
        "surfacescale" => "surfaceScale",
        "systemlanguage" => "systemLanguage",
        "tablevalues" => "tableValues",
        "targetx" => "targetX",
        "targety" => "targetY",
        "textlength" => "textLength",
        "viewbox" => "viewBox",
        "viewtarget" => "viewTarget",
        "xchannelselector" => "xChannelSelector",
        "ychannelselector" => "yChannelSelector",
        "zoomandpan" => "zoomAndPan",
        _ => return None,
    })
}

/// spec: #adjust-foreign-attributes: (prefix, local name, namespace).
pub(crate) fn foreign_attribute(name: &str) -> Option<QualName> {
    let (prefix, local, ns) = match name {
        "xlink:actuate" => (Some("xlink"), "actuate", Namespace::XLink),
        "xlink:arcrole" => (Some("xlink"), "arcrole", Namespace::XLink),
        "xlink:href" => (Some("xlink"), "href", Namespace::XLink),
        "xlink:role" => (Some("xlink"), "role", Namespace::XLink),
        "xlink:show" => (Some("xlink"), "show", Namespace::XLink),
        "xlink:title" => (Some("xlink"), "title", Namespace::XLink),
        "xlink:type" => (Some("xlink"), "type", Namespace::XLink),
        "xml:lang" => (Some("xml"), "lang", Namespace::Xml),
        "xml:space" => (Some("xml"), "space", Namespace::Xml),
        "xmlns" => (None, "xmlns", Namespace::Xmlns),
        "xmlns:xlink" => (Some("xmlns"), "xlink", Namespace::Xmlns),
        _ => return None,
    };
    Some(QualName { ns, prefix: prefix.map(Into::into), local: local.into() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 18: select ends the default scope (and so list item and button scope) and is
    /// special; dialog is neither (`tests/expectations/html5lib_tree.json`, "lists").
    #[test]
    fn select_is_special_and_a_scope_boundary_dialog_is_not() {
        let select = kinds(&Namespace::Html, Tag::Select);
        for bit in [kind::SCOPE, kind::LIST_ITEM, kind::BUTTON, kind::SPECIAL, kind::LI_STOP] {
            assert_ne!(select & bit, 0, "select lacks kind bit {bit:#x}");
        }
        assert_eq!(select & kind::TABLE, 0);
        let dialog = kinds(&Namespace::Html, Tag::Dialog);
        assert_eq!(dialog & (kind::SCOPE | kind::SPECIAL | kind::LI_STOP), 0);
    }

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
}
