//! The per-element facts the tree builder needs in constant time for the names it tests for
//! (the [`Tag`] enum, `tree_interface/known.rs`): scope boundaries, the special category,
//! integration points. Also the spec's name-adjustment tables for foreign content. Layer: the
//! tree builders.

pub(crate) use crate::tree_interface::known::{TAG_COUNT, Tag};
use crate::tree_interface::{Namespace, QualName};

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
}
