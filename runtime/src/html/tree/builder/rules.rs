//! The rules of tree construction as values (spec: #parsing-main-inhtml, #parsing-main-inforeign):
//! one [`TreeRule`] per entry of each insertion mode's switch and of the rules for foreign
//! content, in the order and with the names of `spec/html/tree_rules.ron`
//! (`tests/tests/tree_rule_coverage.rs` keeps the two equal, and the RON equal to the spec text).

/// The spec's anchor base: every [`TreeRule::mode_anchor`] is relative to it.
const ANCHOR_BASE: &str = "https://html.spec.whatwg.org/multipage/parsing.html#";

macro_rules! tree_rules {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $anchor:literal, $entry:literal;)+) => {
        /// A rule of tree construction: one entry (a group of bullets with one answer) of an
        /// insertion mode's switch or of the rules for foreign content, named after its mode and
        /// its bullets. With the `trace` feature, `TreeBuilder::with_rule_trace` records every
        /// rule the builder takes, in order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum TreeRule {
            $($(#[$doc])* $variant,)+
        }

        impl TreeRule {
            /// Every rule, in the order of `spec/html/tree_rules.ron` (mode by mode, entry by
            /// entry, as the spec has them).
            pub const ALL: &'static [TreeRule] = &[$(TreeRule::$variant,)+];

            /// The rule's name (`in_body_start_a`): its mode, then its first bullets' words, as
            /// in `spec/html/tree_rules.ron`.
            pub fn name(self) -> &'static str {
                match self { $(TreeRule::$variant => $name,)+ }
            }

            /// The anchor (without `#`) of the rule's mode in the spec (`parsing-main-inbody`).
            pub fn mode_anchor(self) -> &'static str {
                match self { $(TreeRule::$variant => $anchor,)+ }
            }

            /// The rule's entry number within its mode's switch, from 1, in the spec's order.
            pub fn entry(self) -> u8 {
                match self { $(TreeRule::$variant => $entry,)+ }
            }
        }
    };
}

/// Where the template element's algorithms are (#prepare-content-patching, #find-markers).
const SCRIPTING_BASE: &str = "https://html.spec.whatwg.org/multipage/scripting.html#";

impl TreeRule {
    /// The link to the rule's mode (or algorithm) in the spec (the entries have no anchors of
    /// their own).
    pub fn spec_url(self) -> String {
        let base = match self.mode_anchor() {
            "prepare-content-patching" | "find-markers" => SCRIPTING_BASE,
            _ => ANCHOR_BASE,
        };
        format!("{base}{}", self.mode_anchor())
    }
}

// The same list, in the same order, as spec/html/tree_rules.ron; a test compares them.
tree_rules! {
    /// spec: #the-initial-insertion-mode, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InitialWhitespace = "initial_whitespace", "the-initial-insertion-mode", 1;
    /// spec: #the-initial-insertion-mode, entry 2: A comment token
    InitialComment = "initial_comment", "the-initial-insertion-mode", 2;
    /// spec: #the-initial-insertion-mode, entry 3: A processing instruction token
    InitialPi = "initial_pi", "the-initial-insertion-mode", 3;
    /// spec: #the-initial-insertion-mode, entry 4: A DOCTYPE token
    InitialDoctype = "initial_doctype", "the-initial-insertion-mode", 4;
    /// spec: #the-initial-insertion-mode, entry 5: Anything else
    InitialAnythingElse = "initial_anything_else", "the-initial-insertion-mode", 5;
    /// spec: #the-before-html-insertion-mode, entry 1: A DOCTYPE token
    BeforeHtmlDoctype = "before_html_doctype", "the-before-html-insertion-mode", 1;
    /// spec: #the-before-html-insertion-mode, entry 2: A comment token
    BeforeHtmlComment = "before_html_comment", "the-before-html-insertion-mode", 2;
    /// spec: #the-before-html-insertion-mode, entry 3: A processing instruction token
    BeforeHtmlPi = "before_html_pi", "the-before-html-insertion-mode", 3;
    /// spec: #the-before-html-insertion-mode, entry 4: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    BeforeHtmlWhitespace = "before_html_whitespace", "the-before-html-insertion-mode", 4;
    /// spec: #the-before-html-insertion-mode, entry 5: A start tag whose tag name is "html"
    BeforeHtmlStartHtml = "before_html_start_html", "the-before-html-insertion-mode", 5;
    /// spec: #the-before-html-insertion-mode, entry 6: An end tag whose tag name is one of: "head", "body", "html", "br"
    BeforeHtmlEndHead = "before_html_end_head", "the-before-html-insertion-mode", 6;
    /// spec: #the-before-html-insertion-mode, entry 7: Any other end tag
    BeforeHtmlOtherEnd = "before_html_other_end", "the-before-html-insertion-mode", 7;
    /// spec: #the-before-html-insertion-mode, entry 8: Anything else
    BeforeHtmlAnythingElse = "before_html_anything_else", "the-before-html-insertion-mode", 8;
    /// spec: #the-before-head-insertion-mode, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    BeforeHeadWhitespace = "before_head_whitespace", "the-before-head-insertion-mode", 1;
    /// spec: #the-before-head-insertion-mode, entry 2: A comment token
    BeforeHeadComment = "before_head_comment", "the-before-head-insertion-mode", 2;
    /// spec: #the-before-head-insertion-mode, entry 3: A processing instruction token
    BeforeHeadPi = "before_head_pi", "the-before-head-insertion-mode", 3;
    /// spec: #the-before-head-insertion-mode, entry 4: A DOCTYPE token
    BeforeHeadDoctype = "before_head_doctype", "the-before-head-insertion-mode", 4;
    /// spec: #the-before-head-insertion-mode, entry 5: A start tag whose tag name is "html"
    BeforeHeadStartHtml = "before_head_start_html", "the-before-head-insertion-mode", 5;
    /// spec: #the-before-head-insertion-mode, entry 6: A start tag whose tag name is "head"
    BeforeHeadStartHead = "before_head_start_head", "the-before-head-insertion-mode", 6;
    /// spec: #the-before-head-insertion-mode, entry 7: An end tag whose tag name is one of: "head", "body", "html", "br"
    BeforeHeadEndHead = "before_head_end_head", "the-before-head-insertion-mode", 7;
    /// spec: #the-before-head-insertion-mode, entry 8: Any other end tag
    BeforeHeadOtherEnd = "before_head_other_end", "the-before-head-insertion-mode", 8;
    /// spec: #the-before-head-insertion-mode, entry 9: Anything else
    BeforeHeadAnythingElse = "before_head_anything_else", "the-before-head-insertion-mode", 9;
    /// spec: #parsing-main-inhead, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InHeadWhitespace = "in_head_whitespace", "parsing-main-inhead", 1;
    /// spec: #parsing-main-inhead, entry 2: A comment token
    InHeadComment = "in_head_comment", "parsing-main-inhead", 2;
    /// spec: #parsing-main-inhead, entry 3: A processing instruction token
    InHeadPi = "in_head_pi", "parsing-main-inhead", 3;
    /// spec: #parsing-main-inhead, entry 4: A DOCTYPE token
    InHeadDoctype = "in_head_doctype", "parsing-main-inhead", 4;
    /// spec: #parsing-main-inhead, entry 5: A start tag whose tag name is "html"
    InHeadStartHtml = "in_head_start_html", "parsing-main-inhead", 5;
    /// spec: #parsing-main-inhead, entry 6: A start tag whose tag name is one of: "base", "basefont", "bgsound", ...
    InHeadStartBase = "in_head_start_base", "parsing-main-inhead", 6;
    /// spec: #parsing-main-inhead, entry 7: A start tag whose tag name is "meta"
    InHeadStartMeta = "in_head_start_meta", "parsing-main-inhead", 7;
    /// spec: #parsing-main-inhead, entry 8: A start tag whose tag name is "title"
    InHeadStartTitle = "in_head_start_title", "parsing-main-inhead", 8;
    /// spec: #parsing-main-inhead, entry 9: A start tag whose tag name is "noscript", if scripting mode is not ... (and 1 more bullet)
    InHeadStartRawText = "in_head_start_raw_text", "parsing-main-inhead", 9;
    /// spec: #parsing-main-inhead, entry 10: A start tag whose tag name is "noscript", if scripting mode is ...
    InHeadStartNoscriptNoScripting = "in_head_start_noscript_no_scripting", "parsing-main-inhead", 10;
    /// spec: #parsing-main-inhead, entry 11: A start tag whose tag name is "script"
    InHeadStartScript = "in_head_start_script", "parsing-main-inhead", 11;
    /// spec: #parsing-main-inhead, entry 12: An end tag whose tag name is "head"
    InHeadEndHead = "in_head_end_head", "parsing-main-inhead", 12;
    /// spec: #parsing-main-inhead, entry 13: An end tag whose tag name is one of: "body", "html", "br"
    InHeadEndBody = "in_head_end_body", "parsing-main-inhead", 13;
    /// spec: #parsing-main-inhead, entry 14: A start tag whose tag name is "template"
    InHeadStartTemplate = "in_head_start_template", "parsing-main-inhead", 14;
    /// spec: #parsing-main-inhead, entry 15: An end tag whose tag name is "template"
    InHeadEndTemplate = "in_head_end_template", "parsing-main-inhead", 15;
    /// spec: #parsing-main-inhead, entry 16: A start tag whose tag name is "head" (and 1 more bullet)
    InHeadStartHeadOrOtherEnd = "in_head_start_head_or_other_end", "parsing-main-inhead", 16;
    /// spec: #parsing-main-inhead, entry 17: Anything else
    InHeadAnythingElse = "in_head_anything_else", "parsing-main-inhead", 17;
    /// spec: #parsing-main-inheadnoscript, entry 1: A DOCTYPE token
    InHeadNoscriptDoctype = "in_head_noscript_doctype", "parsing-main-inheadnoscript", 1;
    /// spec: #parsing-main-inheadnoscript, entry 2: A start tag whose tag name is "html"
    InHeadNoscriptStartHtml = "in_head_noscript_start_html", "parsing-main-inheadnoscript", 2;
    /// spec: #parsing-main-inheadnoscript, entry 3: An end tag whose tag name is "noscript"
    InHeadNoscriptEndNoscript = "in_head_noscript_end_noscript", "parsing-main-inheadnoscript", 3;
    /// spec: #parsing-main-inheadnoscript, entry 4: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ... (and 3 more bullets)
    InHeadNoscriptInHeadRules = "in_head_noscript_in_head_rules", "parsing-main-inheadnoscript", 4;
    /// spec: #parsing-main-inheadnoscript, entry 5: An end tag whose tag name is "br"
    InHeadNoscriptEndBr = "in_head_noscript_end_br", "parsing-main-inheadnoscript", 5;
    /// spec: #parsing-main-inheadnoscript, entry 6: A start tag whose tag name is one of: "head", "noscript" (and 1 more bullet)
    InHeadNoscriptStartHeadOrOtherEnd = "in_head_noscript_start_head_or_other_end", "parsing-main-inheadnoscript", 6;
    /// spec: #parsing-main-inheadnoscript, entry 7: Anything else
    InHeadNoscriptAnythingElse = "in_head_noscript_anything_else", "parsing-main-inheadnoscript", 7;
    /// spec: #the-after-head-insertion-mode, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    AfterHeadWhitespace = "after_head_whitespace", "the-after-head-insertion-mode", 1;
    /// spec: #the-after-head-insertion-mode, entry 2: A comment token
    AfterHeadComment = "after_head_comment", "the-after-head-insertion-mode", 2;
    /// spec: #the-after-head-insertion-mode, entry 3: A processing instruction token
    AfterHeadPi = "after_head_pi", "the-after-head-insertion-mode", 3;
    /// spec: #the-after-head-insertion-mode, entry 4: A DOCTYPE token
    AfterHeadDoctype = "after_head_doctype", "the-after-head-insertion-mode", 4;
    /// spec: #the-after-head-insertion-mode, entry 5: A start tag whose tag name is "html"
    AfterHeadStartHtml = "after_head_start_html", "the-after-head-insertion-mode", 5;
    /// spec: #the-after-head-insertion-mode, entry 6: A start tag whose tag name is "body"
    AfterHeadStartBody = "after_head_start_body", "the-after-head-insertion-mode", 6;
    /// spec: #the-after-head-insertion-mode, entry 7: A start tag whose tag name is "frameset"
    AfterHeadStartFrameset = "after_head_start_frameset", "the-after-head-insertion-mode", 7;
    /// spec: #the-after-head-insertion-mode, entry 8: A start tag whose tag name is one of: "base", "basefont", "bgsound", ...
    AfterHeadStartBase = "after_head_start_base", "the-after-head-insertion-mode", 8;
    /// spec: #the-after-head-insertion-mode, entry 9: An end tag whose tag name is "template"
    AfterHeadEndTemplate = "after_head_end_template", "the-after-head-insertion-mode", 9;
    /// spec: #the-after-head-insertion-mode, entry 10: An end tag whose tag name is one of: "body", "html", "br"
    AfterHeadEndBody = "after_head_end_body", "the-after-head-insertion-mode", 10;
    /// spec: #the-after-head-insertion-mode, entry 11: A start tag whose tag name is "head" (and 1 more bullet)
    AfterHeadStartHeadOrOtherEnd = "after_head_start_head_or_other_end", "the-after-head-insertion-mode", 11;
    /// spec: #the-after-head-insertion-mode, entry 12: Anything else
    AfterHeadAnythingElse = "after_head_anything_else", "the-after-head-insertion-mode", 12;
    /// spec: #parsing-main-inbody, entry 1: A character token that is U+0000 NULL
    InBodyNull = "in_body_null", "parsing-main-inbody", 1;
    /// spec: #parsing-main-inbody, entry 2: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InBodyWhitespace = "in_body_whitespace", "parsing-main-inbody", 2;
    /// spec: #parsing-main-inbody, entry 3: Any other character token
    InBodyOtherCharacter = "in_body_other_character", "parsing-main-inbody", 3;
    /// spec: #parsing-main-inbody, entry 4: A comment token
    InBodyComment = "in_body_comment", "parsing-main-inbody", 4;
    /// spec: #parsing-main-inbody, entry 5: A processing instruction token
    InBodyPi = "in_body_pi", "parsing-main-inbody", 5;
    /// spec: #parsing-main-inbody, entry 6: A DOCTYPE token
    InBodyDoctype = "in_body_doctype", "parsing-main-inbody", 6;
    /// spec: #parsing-main-inbody, entry 7: A start tag whose tag name is "html"
    InBodyStartHtml = "in_body_start_html", "parsing-main-inbody", 7;
    /// spec: #parsing-main-inbody, entry 8: A start tag whose tag name is one of: "base", "basefont", "bgsound", ... (and 1 more bullet)
    InBodyStartBaseOrEndTemplate = "in_body_start_base_or_end_template", "parsing-main-inbody", 8;
    /// spec: #parsing-main-inbody, entry 9: A start tag whose tag name is "body"
    InBodyStartBody = "in_body_start_body", "parsing-main-inbody", 9;
    /// spec: #parsing-main-inbody, entry 10: A start tag whose tag name is "frameset"
    InBodyStartFrameset = "in_body_start_frameset", "parsing-main-inbody", 10;
    /// spec: #parsing-main-inbody, entry 11: An end-of-file token
    InBodyEof = "in_body_eof", "parsing-main-inbody", 11;
    /// spec: #parsing-main-inbody, entry 12: An end tag whose tag name is "body"
    InBodyEndBody = "in_body_end_body", "parsing-main-inbody", 12;
    /// spec: #parsing-main-inbody, entry 13: An end tag whose tag name is "html"
    InBodyEndHtml = "in_body_end_html", "parsing-main-inbody", 13;
    /// spec: #parsing-main-inbody, entry 14: A start tag whose tag name is one of: "address", "article", "aside", ...
    InBodyStartAddress = "in_body_start_address", "parsing-main-inbody", 14;
    /// spec: #parsing-main-inbody, entry 15: A start tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5", ...
    InBodyStartH1 = "in_body_start_h1", "parsing-main-inbody", 15;
    /// spec: #parsing-main-inbody, entry 16: A start tag whose tag name is one of: "pre", "listing"
    InBodyStartPre = "in_body_start_pre", "parsing-main-inbody", 16;
    /// spec: #parsing-main-inbody, entry 17: A start tag whose tag name is "form"
    InBodyStartForm = "in_body_start_form", "parsing-main-inbody", 17;
    /// spec: #parsing-main-inbody, entry 18: A start tag whose tag name is "li"
    InBodyStartLi = "in_body_start_li", "parsing-main-inbody", 18;
    /// spec: #parsing-main-inbody, entry 19: A start tag whose tag name is one of: "dd", "dt"
    InBodyStartDd = "in_body_start_dd", "parsing-main-inbody", 19;
    /// spec: #parsing-main-inbody, entry 20: A start tag whose tag name is "plaintext"
    InBodyStartPlaintext = "in_body_start_plaintext", "parsing-main-inbody", 20;
    /// spec: #parsing-main-inbody, entry 21: A start tag whose tag name is "button"
    InBodyStartButton = "in_body_start_button", "parsing-main-inbody", 21;
    /// spec: #parsing-main-inbody, entry 22: An end tag whose tag name is one of: "address", "article", "aside", ...
    InBodyEndAddress = "in_body_end_address", "parsing-main-inbody", 22;
    /// spec: #parsing-main-inbody, entry 23: An end tag whose tag name is "form"
    InBodyEndForm = "in_body_end_form", "parsing-main-inbody", 23;
    /// spec: #parsing-main-inbody, entry 24: An end tag whose tag name is "p"
    InBodyEndP = "in_body_end_p", "parsing-main-inbody", 24;
    /// spec: #parsing-main-inbody, entry 25: An end tag whose tag name is "li"
    InBodyEndLi = "in_body_end_li", "parsing-main-inbody", 25;
    /// spec: #parsing-main-inbody, entry 26: An end tag whose tag name is one of: "dd", "dt"
    InBodyEndDd = "in_body_end_dd", "parsing-main-inbody", 26;
    /// spec: #parsing-main-inbody, entry 27: An end tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5", ...
    InBodyEndH1 = "in_body_end_h1", "parsing-main-inbody", 27;
    /// spec: #parsing-main-inbody, entry 28: An end tag whose tag name is "sarcasm"
    InBodyEndSarcasm = "in_body_end_sarcasm", "parsing-main-inbody", 28;
    /// spec: #parsing-main-inbody, entry 29: A start tag whose tag name is "a"
    InBodyStartA = "in_body_start_a", "parsing-main-inbody", 29;
    /// spec: #parsing-main-inbody, entry 30: A start tag whose tag name is one of: "b", "big", "code", "em", ...
    InBodyStartB = "in_body_start_b", "parsing-main-inbody", 30;
    /// spec: #parsing-main-inbody, entry 31: A start tag whose tag name is "nobr"
    InBodyStartNobr = "in_body_start_nobr", "parsing-main-inbody", 31;
    /// spec: #parsing-main-inbody, entry 32: An end tag whose tag name is one of: "a", "b", "big", "code", "em", ...
    InBodyEndA = "in_body_end_a", "parsing-main-inbody", 32;
    /// spec: #parsing-main-inbody, entry 33: A start tag whose tag name is one of: "applet", "marquee", "object"
    InBodyStartApplet = "in_body_start_applet", "parsing-main-inbody", 33;
    /// spec: #parsing-main-inbody, entry 34: An end tag token whose tag name is one of: "applet", "marquee", ...
    InBodyEndApplet = "in_body_end_applet", "parsing-main-inbody", 34;
    /// spec: #parsing-main-inbody, entry 35: A start tag whose tag name is "table"
    InBodyStartTable = "in_body_start_table", "parsing-main-inbody", 35;
    /// spec: #parsing-main-inbody, entry 36: An end tag whose tag name is "br"
    InBodyEndBr = "in_body_end_br", "parsing-main-inbody", 36;
    /// spec: #parsing-main-inbody, entry 37: A start tag whose tag name is one of: "area", "br", "embed", "img", ...
    InBodyStartArea = "in_body_start_area", "parsing-main-inbody", 37;
    /// spec: #parsing-main-inbody, entry 38: A start tag whose tag name is "input"
    InBodyStartInput = "in_body_start_input", "parsing-main-inbody", 38;
    /// spec: #parsing-main-inbody, entry 39: A start tag whose tag name is one of: "param", "source", "track"
    InBodyStartParam = "in_body_start_param", "parsing-main-inbody", 39;
    /// spec: #parsing-main-inbody, entry 40: A start tag whose tag name is "hr"
    InBodyStartHr = "in_body_start_hr", "parsing-main-inbody", 40;
    /// spec: #parsing-main-inbody, entry 41: A start tag whose tag name is "image"
    InBodyStartImage = "in_body_start_image", "parsing-main-inbody", 41;
    /// spec: #parsing-main-inbody, entry 42: A start tag whose tag name is "textarea"
    InBodyStartTextarea = "in_body_start_textarea", "parsing-main-inbody", 42;
    /// spec: #parsing-main-inbody, entry 43: A start tag whose tag name is "xmp"
    InBodyStartXmp = "in_body_start_xmp", "parsing-main-inbody", 43;
    /// spec: #parsing-main-inbody, entry 44: A start tag whose tag name is "iframe"
    InBodyStartIframe = "in_body_start_iframe", "parsing-main-inbody", 44;
    /// spec: #parsing-main-inbody, entry 45: A start tag whose tag name is "noembed" (and 1 more bullet)
    InBodyStartNoembed = "in_body_start_noembed", "parsing-main-inbody", 45;
    /// spec: #parsing-main-inbody, entry 46: A start tag whose tag name is "select"
    InBodyStartSelect = "in_body_start_select", "parsing-main-inbody", 46;
    /// spec: #parsing-main-inbody, entry 47: A start tag whose tag name is "option"
    InBodyStartOption = "in_body_start_option", "parsing-main-inbody", 47;
    /// spec: #parsing-main-inbody, entry 48: A start tag whose tag name is "optgroup"
    InBodyStartOptgroup = "in_body_start_optgroup", "parsing-main-inbody", 48;
    /// spec: #parsing-main-inbody, entry 49: A start tag whose tag name is one of: "rb", "rtc"
    InBodyStartRb = "in_body_start_rb", "parsing-main-inbody", 49;
    /// spec: #parsing-main-inbody, entry 50: A start tag whose tag name is one of: "rp", "rt"
    InBodyStartRp = "in_body_start_rp", "parsing-main-inbody", 50;
    /// spec: #parsing-main-inbody, entry 51: A start tag whose tag name is "math"
    InBodyStartMath = "in_body_start_math", "parsing-main-inbody", 51;
    /// spec: #parsing-main-inbody, entry 52: A start tag whose tag name is "svg"
    InBodyStartSvg = "in_body_start_svg", "parsing-main-inbody", 52;
    /// spec: #parsing-main-inbody, entry 53: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InBodyStartCaption = "in_body_start_caption", "parsing-main-inbody", 53;
    /// spec: #parsing-main-inbody, entry 54: Any other start tag
    InBodyOtherStart = "in_body_other_start", "parsing-main-inbody", 54;
    /// spec: #parsing-main-inbody, entry 55: Any other end tag
    InBodyOtherEnd = "in_body_other_end", "parsing-main-inbody", 55;
    /// spec: #parsing-main-incdata, entry 1: A character token
    TextCharacter = "text_character", "parsing-main-incdata", 1;
    /// spec: #parsing-main-incdata, entry 2: An end-of-file token
    TextEof = "text_eof", "parsing-main-incdata", 2;
    /// spec: #parsing-main-incdata, entry 3: An end tag whose tag name is "script"
    TextEndScript = "text_end_script", "parsing-main-incdata", 3;
    /// spec: #parsing-main-incdata, entry 4: Any other end tag
    TextOtherEnd = "text_other_end", "parsing-main-incdata", 4;
    /// spec: #parsing-main-intable, entry 1: A character token, if the current node is table, tbody, template, ...
    InTableCharacter = "in_table_character", "parsing-main-intable", 1;
    /// spec: #parsing-main-intable, entry 2: A comment token
    InTableComment = "in_table_comment", "parsing-main-intable", 2;
    /// spec: #parsing-main-intable, entry 3: A processing instruction token
    InTablePi = "in_table_pi", "parsing-main-intable", 3;
    /// spec: #parsing-main-intable, entry 4: A DOCTYPE token
    InTableDoctype = "in_table_doctype", "parsing-main-intable", 4;
    /// spec: #parsing-main-intable, entry 5: A start tag whose tag name is "caption"
    InTableStartCaption = "in_table_start_caption", "parsing-main-intable", 5;
    /// spec: #parsing-main-intable, entry 6: A start tag whose tag name is "colgroup"
    InTableStartColgroup = "in_table_start_colgroup", "parsing-main-intable", 6;
    /// spec: #parsing-main-intable, entry 7: A start tag whose tag name is "col"
    InTableStartCol = "in_table_start_col", "parsing-main-intable", 7;
    /// spec: #parsing-main-intable, entry 8: A start tag whose tag name is one of: "tbody", "tfoot", "thead"
    InTableStartTbody = "in_table_start_tbody", "parsing-main-intable", 8;
    /// spec: #parsing-main-intable, entry 9: A start tag whose tag name is one of: "td", "th", "tr"
    InTableStartTd = "in_table_start_td", "parsing-main-intable", 9;
    /// spec: #parsing-main-intable, entry 10: A start tag whose tag name is "table"
    InTableStartTable = "in_table_start_table", "parsing-main-intable", 10;
    /// spec: #parsing-main-intable, entry 11: An end tag whose tag name is "table"
    InTableEndTable = "in_table_end_table", "parsing-main-intable", 11;
    /// spec: #parsing-main-intable, entry 12: An end tag whose tag name is one of: "body", "caption", "col", ...
    InTableEndBody = "in_table_end_body", "parsing-main-intable", 12;
    /// spec: #parsing-main-intable, entry 13: A start tag whose tag name is one of: "style", "script", "template" (and 1 more bullet)
    InTableStartStyleOrEndTemplate = "in_table_start_style_or_end_template", "parsing-main-intable", 13;
    /// spec: #parsing-main-intable, entry 14: A start tag whose tag name is "input"
    InTableStartInput = "in_table_start_input", "parsing-main-intable", 14;
    /// spec: #parsing-main-intable, entry 15: A start tag whose tag name is "form"
    InTableStartForm = "in_table_start_form", "parsing-main-intable", 15;
    /// spec: #parsing-main-intable, entry 16: An end-of-file token
    InTableEof = "in_table_eof", "parsing-main-intable", 16;
    /// spec: #parsing-main-intable, entry 17: Anything else
    InTableAnythingElse = "in_table_anything_else", "parsing-main-intable", 17;
    /// spec: #parsing-main-intabletext, entry 1: A character token that is U+0000 NULL
    InTableTextNull = "in_table_text_null", "parsing-main-intabletext", 1;
    /// spec: #parsing-main-intabletext, entry 2: Any other character token
    InTableTextOtherCharacter = "in_table_text_other_character", "parsing-main-intabletext", 2;
    /// spec: #parsing-main-intabletext, entry 3: Anything else
    InTableTextAnythingElse = "in_table_text_anything_else", "parsing-main-intabletext", 3;
    /// spec: #parsing-main-incaption, entry 1: An end tag whose tag name is "caption"
    InCaptionEndCaption = "in_caption_end_caption", "parsing-main-incaption", 1;
    /// spec: #parsing-main-incaption, entry 2: A start tag whose tag name is one of: "caption", "col", "colgroup", ... (and 1 more bullet)
    InCaptionStartCaptionOrEndTable = "in_caption_start_caption_or_end_table", "parsing-main-incaption", 2;
    /// spec: #parsing-main-incaption, entry 3: An end tag whose tag name is one of: "body", "col", "colgroup", ...
    InCaptionEndBody = "in_caption_end_body", "parsing-main-incaption", 3;
    /// spec: #parsing-main-incaption, entry 4: Anything else
    InCaptionAnythingElse = "in_caption_anything_else", "parsing-main-incaption", 4;
    /// spec: #parsing-main-incolgroup, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InColumnGroupWhitespace = "in_column_group_whitespace", "parsing-main-incolgroup", 1;
    /// spec: #parsing-main-incolgroup, entry 2: A comment token
    InColumnGroupComment = "in_column_group_comment", "parsing-main-incolgroup", 2;
    /// spec: #parsing-main-incolgroup, entry 3: A processing instruction token
    InColumnGroupPi = "in_column_group_pi", "parsing-main-incolgroup", 3;
    /// spec: #parsing-main-incolgroup, entry 4: A DOCTYPE token
    InColumnGroupDoctype = "in_column_group_doctype", "parsing-main-incolgroup", 4;
    /// spec: #parsing-main-incolgroup, entry 5: A start tag whose tag name is "html"
    InColumnGroupStartHtml = "in_column_group_start_html", "parsing-main-incolgroup", 5;
    /// spec: #parsing-main-incolgroup, entry 6: A start tag whose tag name is "col"
    InColumnGroupStartCol = "in_column_group_start_col", "parsing-main-incolgroup", 6;
    /// spec: #parsing-main-incolgroup, entry 7: An end tag whose tag name is "colgroup"
    InColumnGroupEndColgroup = "in_column_group_end_colgroup", "parsing-main-incolgroup", 7;
    /// spec: #parsing-main-incolgroup, entry 8: An end tag whose tag name is "col"
    InColumnGroupEndCol = "in_column_group_end_col", "parsing-main-incolgroup", 8;
    /// spec: #parsing-main-incolgroup, entry 9: A start tag whose tag name is "template" (and 1 more bullet)
    InColumnGroupStartTemplateOrEndTemplate = "in_column_group_start_template_or_end_template", "parsing-main-incolgroup", 9;
    /// spec: #parsing-main-incolgroup, entry 10: An end-of-file token
    InColumnGroupEof = "in_column_group_eof", "parsing-main-incolgroup", 10;
    /// spec: #parsing-main-incolgroup, entry 11: Anything else
    InColumnGroupAnythingElse = "in_column_group_anything_else", "parsing-main-incolgroup", 11;
    /// spec: #parsing-main-intbody, entry 1: A start tag whose tag name is "tr"
    InTableBodyStartTr = "in_table_body_start_tr", "parsing-main-intbody", 1;
    /// spec: #parsing-main-intbody, entry 2: A start tag whose tag name is one of: "th", "td"
    InTableBodyStartTh = "in_table_body_start_th", "parsing-main-intbody", 2;
    /// spec: #parsing-main-intbody, entry 3: An end tag whose tag name is one of: "tbody", "tfoot", "thead"
    InTableBodyEndTbody = "in_table_body_end_tbody", "parsing-main-intbody", 3;
    /// spec: #parsing-main-intbody, entry 4: A start tag whose tag name is one of: "caption", "col", "colgroup", ... (and 1 more bullet)
    InTableBodyStartCaptionOrEndTable = "in_table_body_start_caption_or_end_table", "parsing-main-intbody", 4;
    /// spec: #parsing-main-intbody, entry 5: An end tag whose tag name is one of: "body", "caption", "col", ...
    InTableBodyEndBody = "in_table_body_end_body", "parsing-main-intbody", 5;
    /// spec: #parsing-main-intbody, entry 6: Anything else
    InTableBodyAnythingElse = "in_table_body_anything_else", "parsing-main-intbody", 6;
    /// spec: #parsing-main-intr, entry 1: A start tag whose tag name is one of: "th", "td"
    InRowStartTh = "in_row_start_th", "parsing-main-intr", 1;
    /// spec: #parsing-main-intr, entry 2: An end tag whose tag name is "tr"
    InRowEndTr = "in_row_end_tr", "parsing-main-intr", 2;
    /// spec: #parsing-main-intr, entry 3: A start tag whose tag name is one of: "caption", "col", "colgroup", ... (and 1 more bullet)
    InRowStartCaptionOrEndTable = "in_row_start_caption_or_end_table", "parsing-main-intr", 3;
    /// spec: #parsing-main-intr, entry 4: An end tag whose tag name is one of: "tbody", "tfoot", "thead"
    InRowEndTbody = "in_row_end_tbody", "parsing-main-intr", 4;
    /// spec: #parsing-main-intr, entry 5: An end tag whose tag name is one of: "body", "caption", "col", ...
    InRowEndBody = "in_row_end_body", "parsing-main-intr", 5;
    /// spec: #parsing-main-intr, entry 6: Anything else
    InRowAnythingElse = "in_row_anything_else", "parsing-main-intr", 6;
    /// spec: #parsing-main-intd, entry 1: An end tag whose tag name is one of: "td", "th"
    InCellEndTd = "in_cell_end_td", "parsing-main-intd", 1;
    /// spec: #parsing-main-intd, entry 2: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InCellStartCaption = "in_cell_start_caption", "parsing-main-intd", 2;
    /// spec: #parsing-main-intd, entry 3: An end tag whose tag name is one of: "body", "caption", "col", ...
    InCellEndBody = "in_cell_end_body", "parsing-main-intd", 3;
    /// spec: #parsing-main-intd, entry 4: An end tag whose tag name is one of: "table", "tbody", "tfoot", ...
    InCellEndTable = "in_cell_end_table", "parsing-main-intd", 4;
    /// spec: #parsing-main-intd, entry 5: Anything else
    InCellAnythingElse = "in_cell_anything_else", "parsing-main-intd", 5;
    /// spec: #parsing-main-intemplate, entry 1: A character token (and 3 more bullets)
    InTemplateInBodyRules = "in_template_in_body_rules", "parsing-main-intemplate", 1;
    /// spec: #parsing-main-intemplate, entry 2: A start tag whose tag name is one of: "base", "basefont", "bgsound", ... (and 1 more bullet)
    InTemplateStartBaseOrEndTemplate = "in_template_start_base_or_end_template", "parsing-main-intemplate", 2;
    /// spec: #parsing-main-intemplate, entry 3: A start tag whose tag name is one of: "caption", "colgroup", "tbody", ...
    InTemplateStartCaption = "in_template_start_caption", "parsing-main-intemplate", 3;
    /// spec: #parsing-main-intemplate, entry 4: A start tag whose tag name is "col"
    InTemplateStartCol = "in_template_start_col", "parsing-main-intemplate", 4;
    /// spec: #parsing-main-intemplate, entry 5: A start tag whose tag name is "tr"
    InTemplateStartTr = "in_template_start_tr", "parsing-main-intemplate", 5;
    /// spec: #parsing-main-intemplate, entry 6: A start tag whose tag name is one of: "td", "th"
    InTemplateStartTd = "in_template_start_td", "parsing-main-intemplate", 6;
    /// spec: #parsing-main-intemplate, entry 7: Any other start tag
    InTemplateOtherStart = "in_template_other_start", "parsing-main-intemplate", 7;
    /// spec: #parsing-main-intemplate, entry 8: Any other end tag
    InTemplateOtherEnd = "in_template_other_end", "parsing-main-intemplate", 8;
    /// spec: #parsing-main-intemplate, entry 9: An end-of-file token
    InTemplateEof = "in_template_eof", "parsing-main-intemplate", 9;
    /// spec: #parsing-main-afterbody, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    AfterBodyWhitespace = "after_body_whitespace", "parsing-main-afterbody", 1;
    /// spec: #parsing-main-afterbody, entry 2: A comment token
    AfterBodyComment = "after_body_comment", "parsing-main-afterbody", 2;
    /// spec: #parsing-main-afterbody, entry 3: A processing instruction token
    AfterBodyPi = "after_body_pi", "parsing-main-afterbody", 3;
    /// spec: #parsing-main-afterbody, entry 4: A DOCTYPE token
    AfterBodyDoctype = "after_body_doctype", "parsing-main-afterbody", 4;
    /// spec: #parsing-main-afterbody, entry 5: A start tag whose tag name is "html"
    AfterBodyStartHtml = "after_body_start_html", "parsing-main-afterbody", 5;
    /// spec: #parsing-main-afterbody, entry 6: An end tag whose tag name is "html"
    AfterBodyEndHtml = "after_body_end_html", "parsing-main-afterbody", 6;
    /// spec: #parsing-main-afterbody, entry 7: An end-of-file token
    AfterBodyEof = "after_body_eof", "parsing-main-afterbody", 7;
    /// spec: #parsing-main-afterbody, entry 8: Anything else
    AfterBodyAnythingElse = "after_body_anything_else", "parsing-main-afterbody", 8;
    /// spec: #parsing-main-inframeset, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InFramesetWhitespace = "in_frameset_whitespace", "parsing-main-inframeset", 1;
    /// spec: #parsing-main-inframeset, entry 2: A comment token
    InFramesetComment = "in_frameset_comment", "parsing-main-inframeset", 2;
    /// spec: #parsing-main-inframeset, entry 3: A processing instruction token
    InFramesetPi = "in_frameset_pi", "parsing-main-inframeset", 3;
    /// spec: #parsing-main-inframeset, entry 4: A DOCTYPE token
    InFramesetDoctype = "in_frameset_doctype", "parsing-main-inframeset", 4;
    /// spec: #parsing-main-inframeset, entry 5: A start tag whose tag name is "html"
    InFramesetStartHtml = "in_frameset_start_html", "parsing-main-inframeset", 5;
    /// spec: #parsing-main-inframeset, entry 6: A start tag whose tag name is "frameset"
    InFramesetStartFrameset = "in_frameset_start_frameset", "parsing-main-inframeset", 6;
    /// spec: #parsing-main-inframeset, entry 7: An end tag whose tag name is "frameset"
    InFramesetEndFrameset = "in_frameset_end_frameset", "parsing-main-inframeset", 7;
    /// spec: #parsing-main-inframeset, entry 8: A start tag whose tag name is "frame"
    InFramesetStartFrame = "in_frameset_start_frame", "parsing-main-inframeset", 8;
    /// spec: #parsing-main-inframeset, entry 9: A start tag whose tag name is "noframes"
    InFramesetStartNoframes = "in_frameset_start_noframes", "parsing-main-inframeset", 9;
    /// spec: #parsing-main-inframeset, entry 10: An end-of-file token
    InFramesetEof = "in_frameset_eof", "parsing-main-inframeset", 10;
    /// spec: #parsing-main-inframeset, entry 11: Anything else
    InFramesetAnythingElse = "in_frameset_anything_else", "parsing-main-inframeset", 11;
    /// spec: #parsing-main-afterframeset, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    AfterFramesetWhitespace = "after_frameset_whitespace", "parsing-main-afterframeset", 1;
    /// spec: #parsing-main-afterframeset, entry 2: A comment token
    AfterFramesetComment = "after_frameset_comment", "parsing-main-afterframeset", 2;
    /// spec: #parsing-main-afterframeset, entry 3: A processing instruction token
    AfterFramesetPi = "after_frameset_pi", "parsing-main-afterframeset", 3;
    /// spec: #parsing-main-afterframeset, entry 4: A DOCTYPE token
    AfterFramesetDoctype = "after_frameset_doctype", "parsing-main-afterframeset", 4;
    /// spec: #parsing-main-afterframeset, entry 5: A start tag whose tag name is "html"
    AfterFramesetStartHtml = "after_frameset_start_html", "parsing-main-afterframeset", 5;
    /// spec: #parsing-main-afterframeset, entry 6: An end tag whose tag name is "html"
    AfterFramesetEndHtml = "after_frameset_end_html", "parsing-main-afterframeset", 6;
    /// spec: #parsing-main-afterframeset, entry 7: A start tag whose tag name is "noframes"
    AfterFramesetStartNoframes = "after_frameset_start_noframes", "parsing-main-afterframeset", 7;
    /// spec: #parsing-main-afterframeset, entry 8: An end-of-file token
    AfterFramesetEof = "after_frameset_eof", "parsing-main-afterframeset", 8;
    /// spec: #parsing-main-afterframeset, entry 9: Anything else
    AfterFramesetAnythingElse = "after_frameset_anything_else", "parsing-main-afterframeset", 9;
    /// spec: #the-after-after-body-insertion-mode, entry 1: A comment token
    AfterAfterBodyComment = "after_after_body_comment", "the-after-after-body-insertion-mode", 1;
    /// spec: #the-after-after-body-insertion-mode, entry 2: A processing instruction token
    AfterAfterBodyPi = "after_after_body_pi", "the-after-after-body-insertion-mode", 2;
    /// spec: #the-after-after-body-insertion-mode, entry 3: A DOCTYPE token (and 2 more bullets)
    AfterAfterBodyInBodyRules = "after_after_body_in_body_rules", "the-after-after-body-insertion-mode", 3;
    /// spec: #the-after-after-body-insertion-mode, entry 4: An end-of-file token
    AfterAfterBodyEof = "after_after_body_eof", "the-after-after-body-insertion-mode", 4;
    /// spec: #the-after-after-body-insertion-mode, entry 5: Anything else
    AfterAfterBodyAnythingElse = "after_after_body_anything_else", "the-after-after-body-insertion-mode", 5;
    /// spec: #the-after-after-frameset-insertion-mode, entry 1: A comment token
    AfterAfterFramesetComment = "after_after_frameset_comment", "the-after-after-frameset-insertion-mode", 1;
    /// spec: #the-after-after-frameset-insertion-mode, entry 2: A processing instruction token
    AfterAfterFramesetPi = "after_after_frameset_pi", "the-after-after-frameset-insertion-mode", 2;
    /// spec: #the-after-after-frameset-insertion-mode, entry 3: A DOCTYPE token (and 2 more bullets)
    AfterAfterFramesetInBodyRules = "after_after_frameset_in_body_rules", "the-after-after-frameset-insertion-mode", 3;
    /// spec: #the-after-after-frameset-insertion-mode, entry 4: An end-of-file token
    AfterAfterFramesetEof = "after_after_frameset_eof", "the-after-after-frameset-insertion-mode", 4;
    /// spec: #the-after-after-frameset-insertion-mode, entry 5: A start tag whose tag name is "noframes"
    AfterAfterFramesetStartNoframes = "after_after_frameset_start_noframes", "the-after-after-frameset-insertion-mode", 5;
    /// spec: #the-after-after-frameset-insertion-mode, entry 6: Anything else
    AfterAfterFramesetAnythingElse = "after_after_frameset_anything_else", "the-after-after-frameset-insertion-mode", 6;
    /// spec: #parsing-main-inforeign, entry 1: A character token that is U+0000 NULL
    ForeignNull = "foreign_null", "parsing-main-inforeign", 1;
    /// spec: #parsing-main-inforeign, entry 2: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    ForeignWhitespace = "foreign_whitespace", "parsing-main-inforeign", 2;
    /// spec: #parsing-main-inforeign, entry 3: Any other character token
    ForeignOtherCharacter = "foreign_other_character", "parsing-main-inforeign", 3;
    /// spec: #parsing-main-inforeign, entry 4: A comment token
    ForeignComment = "foreign_comment", "parsing-main-inforeign", 4;
    /// spec: #parsing-main-inforeign, entry 5: A processing instruction token
    ForeignPi = "foreign_pi", "parsing-main-inforeign", 5;
    /// spec: #parsing-main-inforeign, entry 6: A DOCTYPE token
    ForeignDoctype = "foreign_doctype", "parsing-main-inforeign", 6;
    /// spec: #parsing-main-inforeign, entry 7: A start tag whose tag name is one of: "b", "big", "blockquote", ... (and 2 more bullets)
    ForeignBreakout = "foreign_breakout", "parsing-main-inforeign", 7;
    /// spec: #parsing-main-inforeign, entry 8: Any other start tag
    ForeignOtherStart = "foreign_other_start", "parsing-main-inforeign", 8;
    /// spec: #parsing-main-inforeign, entry 9: An end tag whose tag name is "script", if the current node is an SVG ...
    ForeignEndScript = "foreign_end_script", "parsing-main-inforeign", 9;
    /// spec: #parsing-main-inforeign, entry 10: Any other end tag
    ForeignOtherEnd = "foreign_other_end", "parsing-main-inforeign", 10;
    // The branches of the algorithms content patching adds (2026), as `algorithms` in the RON:
    // not switch entries, but each a place the coverage test must see reached.
    /// spec: #parsing-main-inhead, branch 1: Otherwise, if scope is the body element of its node document, then set scope to its parent.
    TemplateForScopeBody = "template_for_scope_body", "parsing-main-inhead", 1;
    /// spec: #parsing-main-inhead, branch 2: If success is false:
    TemplateForFailed = "template_for_failed", "parsing-main-inhead", 2;
    /// spec: #parsing-main-inhead, branch 3: If template's insertion target is not null:
    TemplateForEndMarkers = "template_for_end_markers", "parsing-main-inhead", 3;
    /// spec: #prepare-content-patching, branch 1: If markerName is the empty string, then return false.
    PrepareContentPatchingEmptyName = "prepare_content_patching_empty_name", "prepare-content-patching", 1;
    /// spec: #prepare-content-patching, branch 2: If start is null, then return false.
    PrepareContentPatchingNoStart = "prepare_content_patching_no_start", "prepare-content-patching", 2;
    /// spec: #prepare-content-patching, branch 3: If start is end, then return true.
    PrepareContentPatchingMarker = "prepare_content_patching_marker", "prepare-content-patching", 3;
    /// spec: #prepare-content-patching, branch 4: Let removedNodes be an empty list.
    PrepareContentPatchingRange = "prepare_content_patching_range", "prepare-content-patching", 4;
    /// spec: #find-markers, branch 1: If descendant is not a ProcessingInstruction node, then continue.
    FindMarkersNotPi = "find_markers_not_pi", "find-markers", 1;
    /// spec: #find-markers, branch 2: If the result of getting a processing instruction attribute given descendant and "name" is not na...
    FindMarkersOtherName = "find_markers_other_name", "find-markers", 2;
    /// spec: #find-markers, branch 3: If descendant's target is "marker", then return (descendant, descendant).
    FindMarkersMarker = "find_markers_marker", "find-markers", 3;
    /// spec: #find-markers, branch 4: If descendant's target is "start":
    FindMarkersStart = "find_markers_start", "find-markers", 4;
    /// spec: #find-markers, branch 5: If sibling's target is "start", then increment nestingLevel by one.
    FindMarkersNestedStart = "find_markers_nested_start", "find-markers", 5;
    /// spec: #find-markers, branch 6: If nestingLevel is 0, then return (start, sibling).
    FindMarkersEnd = "find_markers_end", "find-markers", 6;
    /// spec: #find-markers, branch 7: Decrement nestingLevel by one.
    FindMarkersNestedEnd = "find_markers_nested_end", "find-markers", 7;
    /// spec: #find-markers, branch 8: Return (start, null).
    FindMarkersNoEnd = "find_markers_no_end", "find-markers", 8;
    /// spec: #find-markers, branch 9: Return (null, null).
    FindMarkersNone = "find_markers_none", "find-markers", 9;
}
