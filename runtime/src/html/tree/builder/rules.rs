//! The rules of tree construction as values (spec: #parsing-main-inhtml, #parsing-main-inforeign):
//! one [`TreeRule`] per entry of each insertion mode's switch and of the rules for foreign
//! content, in the order and with the names of `spec/html/tree_rules.ron`
//! (`tests/tests/tree_rule_coverage.rs` keeps the two equal, and the RON equal to the spec text).

/// A rule of tree construction: one entry (a group of bullets with one answer) of an insertion
/// mode's switch or of the rules for foreign content, named after its mode and its bullets.
/// With the `trace` feature, `TreeBuilder::with_rule_trace` records every rule the builder
/// takes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TreeRule {
    /// spec: #the-initial-insertion-mode, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InitialWhitespace,
    /// spec: #the-initial-insertion-mode, entry 2: A comment token
    InitialComment,
    /// spec: #the-initial-insertion-mode, entry 3: A processing instruction token
    InitialPi,
    /// spec: #the-initial-insertion-mode, entry 4: A DOCTYPE token
    InitialDoctype,
    /// spec: #the-initial-insertion-mode, entry 5: Anything else
    InitialAnythingElse,
    /// spec: #the-before-html-insertion-mode, entry 1: A DOCTYPE token
    BeforeHtmlDoctype,
    /// spec: #the-before-html-insertion-mode, entry 2: A comment token
    BeforeHtmlComment,
    /// spec: #the-before-html-insertion-mode, entry 3: A processing instruction token
    BeforeHtmlPi,
    /// spec: #the-before-html-insertion-mode, entry 4: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    BeforeHtmlWhitespace,
    /// spec: #the-before-html-insertion-mode, entry 5: A start tag whose tag name is "html"
    BeforeHtmlStartHtml,
    /// spec: #the-before-html-insertion-mode, entry 6: An end tag whose tag name is one of: "head", "body", "html", "br"
    BeforeHtmlEndHead,
    /// spec: #the-before-html-insertion-mode, entry 7: Any other end tag
    BeforeHtmlOtherEnd,
    /// spec: #the-before-html-insertion-mode, entry 8: Anything else
    BeforeHtmlAnythingElse,
    /// spec: #the-before-head-insertion-mode, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    BeforeHeadWhitespace,
    /// spec: #the-before-head-insertion-mode, entry 2: A comment token
    BeforeHeadComment,
    /// spec: #the-before-head-insertion-mode, entry 3: A processing instruction token
    BeforeHeadPi,
    /// spec: #the-before-head-insertion-mode, entry 4: A DOCTYPE token
    BeforeHeadDoctype,
    /// spec: #the-before-head-insertion-mode, entry 5: A start tag whose tag name is "html"
    BeforeHeadStartHtml,
    /// spec: #the-before-head-insertion-mode, entry 6: A start tag whose tag name is "head"
    BeforeHeadStartHead,
    /// spec: #the-before-head-insertion-mode, entry 7: An end tag whose tag name is one of: "head", "body", "html", "br"
    BeforeHeadEndHead,
    /// spec: #the-before-head-insertion-mode, entry 8: Any other end tag
    BeforeHeadOtherEnd,
    /// spec: #the-before-head-insertion-mode, entry 9: Anything else
    BeforeHeadAnythingElse,
    /// spec: #parsing-main-inhead, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InHeadWhitespace,
    /// spec: #parsing-main-inhead, entry 2: A comment token
    InHeadComment,
    /// spec: #parsing-main-inhead, entry 3: A processing instruction token
    InHeadPi,
    /// spec: #parsing-main-inhead, entry 4: A DOCTYPE token
    InHeadDoctype,
    /// spec: #parsing-main-inhead, entry 5: A start tag whose tag name is "html"
    InHeadStartHtml,
    /// spec: #parsing-main-inhead, entry 6: A start tag whose tag name is one of: "base", "basefont", "bgsound", ...
    InHeadStartBase,
    /// spec: #parsing-main-inhead, entry 7: A start tag whose tag name is "meta"
    InHeadStartMeta,
    /// spec: #parsing-main-inhead, entry 8: A start tag whose tag name is "title"
    InHeadStartTitle,
    /// spec: #parsing-main-inhead, entry 9: A start tag whose tag name is "noscript", if scripting mode is not ...
    InHeadStartRawText,
    /// spec: #parsing-main-inhead, entry 10: A start tag whose tag name is "noscript", if scripting mode is ...
    InHeadStartNoscriptNoScripting,
    /// spec: #parsing-main-inhead, entry 11: A start tag whose tag name is "script"
    InHeadStartScript,
    /// spec: #parsing-main-inhead, entry 12: An end tag whose tag name is "head"
    InHeadEndHead,
    /// spec: #parsing-main-inhead, entry 13: An end tag whose tag name is one of: "body", "html", "br"
    InHeadEndBody,
    /// spec: #parsing-main-inhead, entry 14: A start tag whose tag name is "template"
    InHeadStartTemplate,
    /// spec: #parsing-main-inhead, entry 15: An end tag whose tag name is "template"
    InHeadEndTemplate,
    /// spec: #parsing-main-inhead, entry 16: A start tag whose tag name is "head"
    InHeadStartHeadOrOtherEnd,
    /// spec: #parsing-main-inhead, entry 17: Anything else
    InHeadAnythingElse,
    /// spec: #parsing-main-inheadnoscript, entry 1: A DOCTYPE token
    InHeadNoscriptDoctype,
    /// spec: #parsing-main-inheadnoscript, entry 2: A start tag whose tag name is "html"
    InHeadNoscriptStartHtml,
    /// spec: #parsing-main-inheadnoscript, entry 3: An end tag whose tag name is "noscript"
    InHeadNoscriptEndNoscript,
    /// spec: #parsing-main-inheadnoscript, entry 4: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InHeadNoscriptInHeadRules,
    /// spec: #parsing-main-inheadnoscript, entry 5: An end tag whose tag name is "br"
    InHeadNoscriptEndBr,
    /// spec: #parsing-main-inheadnoscript, entry 6: A start tag whose tag name is one of: "head", "noscript"
    InHeadNoscriptStartHeadOrOtherEnd,
    /// spec: #parsing-main-inheadnoscript, entry 7: Anything else
    InHeadNoscriptAnythingElse,
    /// spec: #the-after-head-insertion-mode, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    AfterHeadWhitespace,
    /// spec: #the-after-head-insertion-mode, entry 2: A comment token
    AfterHeadComment,
    /// spec: #the-after-head-insertion-mode, entry 3: A processing instruction token
    AfterHeadPi,
    /// spec: #the-after-head-insertion-mode, entry 4: A DOCTYPE token
    AfterHeadDoctype,
    /// spec: #the-after-head-insertion-mode, entry 5: A start tag whose tag name is "html"
    AfterHeadStartHtml,
    /// spec: #the-after-head-insertion-mode, entry 6: A start tag whose tag name is "body"
    AfterHeadStartBody,
    /// spec: #the-after-head-insertion-mode, entry 7: A start tag whose tag name is "frameset"
    AfterHeadStartFrameset,
    /// spec: #the-after-head-insertion-mode, entry 8: A start tag whose tag name is one of: "base", "basefont", "bgsound", ...
    AfterHeadStartBase,
    /// spec: #the-after-head-insertion-mode, entry 9: An end tag whose tag name is "template"
    AfterHeadEndTemplate,
    /// spec: #the-after-head-insertion-mode, entry 10: An end tag whose tag name is one of: "body", "html", "br"
    AfterHeadEndBody,
    /// spec: #the-after-head-insertion-mode, entry 11: A start tag whose tag name is "head"
    AfterHeadStartHeadOrOtherEnd,
    /// spec: #the-after-head-insertion-mode, entry 12: Anything else
    AfterHeadAnythingElse,
    /// spec: #parsing-main-inbody, entry 1: A character token that is U+0000 NULL
    InBodyNull,
    /// spec: #parsing-main-inbody, entry 2: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InBodyWhitespace,
    /// spec: #parsing-main-inbody, entry 3: Any other character token
    InBodyOtherCharacter,
    /// spec: #parsing-main-inbody, entry 4: A comment token
    InBodyComment,
    /// spec: #parsing-main-inbody, entry 5: A processing instruction token
    InBodyPi,
    /// spec: #parsing-main-inbody, entry 6: A DOCTYPE token
    InBodyDoctype,
    /// spec: #parsing-main-inbody, entry 7: A start tag whose tag name is "html"
    InBodyStartHtml,
    /// spec: #parsing-main-inbody, entry 8: A start tag whose tag name is one of: "base", "basefont", "bgsound", ...
    InBodyStartBaseOrEndTemplate,
    /// spec: #parsing-main-inbody, entry 9: A start tag whose tag name is "body"
    InBodyStartBody,
    /// spec: #parsing-main-inbody, entry 10: A start tag whose tag name is "frameset"
    InBodyStartFrameset,
    /// spec: #parsing-main-inbody, entry 11: An end-of-file token
    InBodyEof,
    /// spec: #parsing-main-inbody, entry 12: An end tag whose tag name is "body"
    InBodyEndBody,
    /// spec: #parsing-main-inbody, entry 13: An end tag whose tag name is "html"
    InBodyEndHtml,
    /// spec: #parsing-main-inbody, entry 14: A start tag whose tag name is one of: "address", "article", "aside", ...
    InBodyStartAddress,
    /// spec: #parsing-main-inbody, entry 15: A start tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5", ...
    InBodyStartH1,
    /// spec: #parsing-main-inbody, entry 16: A start tag whose tag name is one of: "pre", "listing"
    InBodyStartPre,
    /// spec: #parsing-main-inbody, entry 17: A start tag whose tag name is "form"
    InBodyStartForm,
    /// spec: #parsing-main-inbody, entry 18: A start tag whose tag name is "li"
    InBodyStartLi,
    /// spec: #parsing-main-inbody, entry 19: A start tag whose tag name is one of: "dd", "dt"
    InBodyStartDd,
    /// spec: #parsing-main-inbody, entry 20: A start tag whose tag name is "plaintext"
    InBodyStartPlaintext,
    /// spec: #parsing-main-inbody, entry 21: A start tag whose tag name is "button"
    InBodyStartButton,
    /// spec: #parsing-main-inbody, entry 22: An end tag whose tag name is one of: "address", "article", "aside", ...
    InBodyEndAddress,
    /// spec: #parsing-main-inbody, entry 23: An end tag whose tag name is "form"
    InBodyEndForm,
    /// spec: #parsing-main-inbody, entry 24: An end tag whose tag name is "p"
    InBodyEndP,
    /// spec: #parsing-main-inbody, entry 25: An end tag whose tag name is "li"
    InBodyEndLi,
    /// spec: #parsing-main-inbody, entry 26: An end tag whose tag name is one of: "dd", "dt"
    InBodyEndDd,
    /// spec: #parsing-main-inbody, entry 27: An end tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5", ...
    InBodyEndH1,
    /// spec: #parsing-main-inbody, entry 28: An end tag whose tag name is "sarcasm"
    InBodyEndSarcasm,
    /// spec: #parsing-main-inbody, entry 29: A start tag whose tag name is "a"
    InBodyStartA,
    /// spec: #parsing-main-inbody, entry 30: A start tag whose tag name is one of: "b", "big", "code", "em", ...
    InBodyStartB,
    /// spec: #parsing-main-inbody, entry 31: A start tag whose tag name is "nobr"
    InBodyStartNobr,
    /// spec: #parsing-main-inbody, entry 32: An end tag whose tag name is one of: "a", "b", "big", "code", "em", ...
    InBodyEndA,
    /// spec: #parsing-main-inbody, entry 33: A start tag whose tag name is one of: "applet", "marquee", "object"
    InBodyStartApplet,
    /// spec: #parsing-main-inbody, entry 34: An end tag token whose tag name is one of: "applet", "marquee", ...
    InBodyEndApplet,
    /// spec: #parsing-main-inbody, entry 35: A start tag whose tag name is "table"
    InBodyStartTable,
    /// spec: #parsing-main-inbody, entry 36: An end tag whose tag name is "br"
    InBodyEndBr,
    /// spec: #parsing-main-inbody, entry 37: A start tag whose tag name is one of: "area", "br", "embed", "img", ...
    InBodyStartArea,
    /// spec: #parsing-main-inbody, entry 38: A start tag whose tag name is "input"
    InBodyStartInput,
    /// spec: #parsing-main-inbody, entry 39: A start tag whose tag name is one of: "param", "source", "track"
    InBodyStartParam,
    /// spec: #parsing-main-inbody, entry 40: A start tag whose tag name is "hr"
    InBodyStartHr,
    /// spec: #parsing-main-inbody, entry 41: A start tag whose tag name is "image"
    InBodyStartImage,
    /// spec: #parsing-main-inbody, entry 42: A start tag whose tag name is "textarea"
    InBodyStartTextarea,
    /// spec: #parsing-main-inbody, entry 43: A start tag whose tag name is "xmp"
    InBodyStartXmp,
    /// spec: #parsing-main-inbody, entry 44: A start tag whose tag name is "iframe"
    InBodyStartIframe,
    /// spec: #parsing-main-inbody, entry 45: A start tag whose tag name is "noembed"
    InBodyStartNoembed,
    /// spec: #parsing-main-inbody, entry 46: A start tag whose tag name is "select"
    InBodyStartSelect,
    /// spec: #parsing-main-inbody, entry 47: A start tag whose tag name is "option"
    InBodyStartOption,
    /// spec: #parsing-main-inbody, entry 48: A start tag whose tag name is "optgroup"
    InBodyStartOptgroup,
    /// spec: #parsing-main-inbody, entry 49: A start tag whose tag name is one of: "rb", "rtc"
    InBodyStartRb,
    /// spec: #parsing-main-inbody, entry 50: A start tag whose tag name is one of: "rp", "rt"
    InBodyStartRp,
    /// spec: #parsing-main-inbody, entry 51: A start tag whose tag name is "math"
    InBodyStartMath,
    /// spec: #parsing-main-inbody, entry 52: A start tag whose tag name is "svg"
    InBodyStartSvg,
    /// spec: #parsing-main-inbody, entry 53: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InBodyStartCaption,
    /// spec: #parsing-main-inbody, entry 54: Any other start tag
    InBodyOtherStart,
    /// spec: #parsing-main-inbody, entry 55: Any other end tag
    InBodyOtherEnd,
    /// spec: #parsing-main-incdata, entry 1: A character token
    TextCharacter,
    /// spec: #parsing-main-incdata, entry 2: An end-of-file token
    TextEof,
    /// spec: #parsing-main-incdata, entry 3: An end tag whose tag name is "script"
    TextEndScript,
    /// spec: #parsing-main-incdata, entry 4: Any other end tag
    TextOtherEnd,
    /// spec: #parsing-main-intable, entry 1: A character token, if the current node is table, tbody, template, ...
    InTableCharacter,
    /// spec: #parsing-main-intable, entry 2: A comment token
    InTableComment,
    /// spec: #parsing-main-intable, entry 3: A processing instruction token
    InTablePi,
    /// spec: #parsing-main-intable, entry 4: A DOCTYPE token
    InTableDoctype,
    /// spec: #parsing-main-intable, entry 5: A start tag whose tag name is "caption"
    InTableStartCaption,
    /// spec: #parsing-main-intable, entry 6: A start tag whose tag name is "colgroup"
    InTableStartColgroup,
    /// spec: #parsing-main-intable, entry 7: A start tag whose tag name is "col"
    InTableStartCol,
    /// spec: #parsing-main-intable, entry 8: A start tag whose tag name is one of: "tbody", "tfoot", "thead"
    InTableStartTbody,
    /// spec: #parsing-main-intable, entry 9: A start tag whose tag name is one of: "td", "th", "tr"
    InTableStartTd,
    /// spec: #parsing-main-intable, entry 10: A start tag whose tag name is "table"
    InTableStartTable,
    /// spec: #parsing-main-intable, entry 11: An end tag whose tag name is "table"
    InTableEndTable,
    /// spec: #parsing-main-intable, entry 12: An end tag whose tag name is one of: "body", "caption", "col", ...
    InTableEndBody,
    /// spec: #parsing-main-intable, entry 13: A start tag whose tag name is one of: "style", "script", "template"
    InTableStartStyleOrEndTemplate,
    /// spec: #parsing-main-intable, entry 14: A start tag whose tag name is "input"
    InTableStartInput,
    /// spec: #parsing-main-intable, entry 15: A start tag whose tag name is "form"
    InTableStartForm,
    /// spec: #parsing-main-intable, entry 16: An end-of-file token
    InTableEof,
    /// spec: #parsing-main-intable, entry 17: Anything else
    InTableAnythingElse,
    /// spec: #parsing-main-intabletext, entry 1: A character token that is U+0000 NULL
    InTableTextNull,
    /// spec: #parsing-main-intabletext, entry 2: Any other character token
    InTableTextOtherCharacter,
    /// spec: #parsing-main-intabletext, entry 3: Anything else
    InTableTextAnythingElse,
    /// spec: #parsing-main-incaption, entry 1: An end tag whose tag name is "caption"
    InCaptionEndCaption,
    /// spec: #parsing-main-incaption, entry 2: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InCaptionStartCaptionOrEndTable,
    /// spec: #parsing-main-incaption, entry 3: An end tag whose tag name is one of: "body", "col", "colgroup", ...
    InCaptionEndBody,
    /// spec: #parsing-main-incaption, entry 4: Anything else
    InCaptionAnythingElse,
    /// spec: #parsing-main-incolgroup, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InColumnGroupWhitespace,
    /// spec: #parsing-main-incolgroup, entry 2: A comment token
    InColumnGroupComment,
    /// spec: #parsing-main-incolgroup, entry 3: A processing instruction token
    InColumnGroupPi,
    /// spec: #parsing-main-incolgroup, entry 4: A DOCTYPE token
    InColumnGroupDoctype,
    /// spec: #parsing-main-incolgroup, entry 5: A start tag whose tag name is "html"
    InColumnGroupStartHtml,
    /// spec: #parsing-main-incolgroup, entry 6: A start tag whose tag name is "col"
    InColumnGroupStartCol,
    /// spec: #parsing-main-incolgroup, entry 7: An end tag whose tag name is "colgroup"
    InColumnGroupEndColgroup,
    /// spec: #parsing-main-incolgroup, entry 8: An end tag whose tag name is "col"
    InColumnGroupEndCol,
    /// spec: #parsing-main-incolgroup, entry 9: A start tag whose tag name is "template"
    InColumnGroupStartTemplateOrEndTemplate,
    /// spec: #parsing-main-incolgroup, entry 10: An end-of-file token
    InColumnGroupEof,
    /// spec: #parsing-main-incolgroup, entry 11: Anything else
    InColumnGroupAnythingElse,
    /// spec: #parsing-main-intbody, entry 1: A start tag whose tag name is "tr"
    InTableBodyStartTr,
    /// spec: #parsing-main-intbody, entry 2: A start tag whose tag name is one of: "th", "td"
    InTableBodyStartTh,
    /// spec: #parsing-main-intbody, entry 3: An end tag whose tag name is one of: "tbody", "tfoot", "thead"
    InTableBodyEndTbody,
    /// spec: #parsing-main-intbody, entry 4: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InTableBodyStartCaptionOrEndTable,
    /// spec: #parsing-main-intbody, entry 5: An end tag whose tag name is one of: "body", "caption", "col", ...
    InTableBodyEndBody,
    /// spec: #parsing-main-intbody, entry 6: Anything else
    InTableBodyAnythingElse,
    /// spec: #parsing-main-intr, entry 1: A start tag whose tag name is one of: "th", "td"
    InRowStartTh,
    /// spec: #parsing-main-intr, entry 2: An end tag whose tag name is "tr"
    InRowEndTr,
    /// spec: #parsing-main-intr, entry 3: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InRowStartCaptionOrEndTable,
    /// spec: #parsing-main-intr, entry 4: An end tag whose tag name is one of: "tbody", "tfoot", "thead"
    InRowEndTbody,
    /// spec: #parsing-main-intr, entry 5: An end tag whose tag name is one of: "body", "caption", "col", ...
    InRowEndBody,
    /// spec: #parsing-main-intr, entry 6: Anything else
    InRowAnythingElse,
    /// spec: #parsing-main-intd, entry 1: An end tag whose tag name is one of: "td", "th"
    InCellEndTd,
    /// spec: #parsing-main-intd, entry 2: A start tag whose tag name is one of: "caption", "col", "colgroup", ...
    InCellStartCaption,
    /// spec: #parsing-main-intd, entry 3: An end tag whose tag name is one of: "body", "caption", "col", ...
    InCellEndBody,
    /// spec: #parsing-main-intd, entry 4: An end tag whose tag name is one of: "table", "tbody", "tfoot", ...
    InCellEndTable,
    /// spec: #parsing-main-intd, entry 5: Anything else
    InCellAnythingElse,
    /// spec: #parsing-main-intemplate, entry 1: A character token
    InTemplateInBodyRules,
    /// spec: #parsing-main-intemplate, entry 2: A start tag whose tag name is one of: "base", "basefont", "bgsound", ...
    InTemplateStartBaseOrEndTemplate,
    /// spec: #parsing-main-intemplate, entry 3: A start tag whose tag name is one of: "caption", "colgroup", "tbody", ...
    InTemplateStartCaption,
    /// spec: #parsing-main-intemplate, entry 4: A start tag whose tag name is "col"
    InTemplateStartCol,
    /// spec: #parsing-main-intemplate, entry 5: A start tag whose tag name is "tr"
    InTemplateStartTr,
    /// spec: #parsing-main-intemplate, entry 6: A start tag whose tag name is one of: "td", "th"
    InTemplateStartTd,
    /// spec: #parsing-main-intemplate, entry 7: Any other start tag
    InTemplateOtherStart,
    /// spec: #parsing-main-intemplate, entry 8: Any other end tag
    InTemplateOtherEnd,
    /// spec: #parsing-main-intemplate, entry 9: An end-of-file token
    InTemplateEof,
    /// spec: #parsing-main-afterbody, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    AfterBodyWhitespace,
    /// spec: #parsing-main-afterbody, entry 2: A comment token
    AfterBodyComment,
    /// spec: #parsing-main-afterbody, entry 3: A processing instruction token
    AfterBodyPi,
    /// spec: #parsing-main-afterbody, entry 4: A DOCTYPE token
    AfterBodyDoctype,
    /// spec: #parsing-main-afterbody, entry 5: A start tag whose tag name is "html"
    AfterBodyStartHtml,
    /// spec: #parsing-main-afterbody, entry 6: An end tag whose tag name is "html"
    AfterBodyEndHtml,
    /// spec: #parsing-main-afterbody, entry 7: An end-of-file token
    AfterBodyEof,
    /// spec: #parsing-main-afterbody, entry 8: Anything else
    AfterBodyAnythingElse,
    /// spec: #parsing-main-inframeset, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    InFramesetWhitespace,
    /// spec: #parsing-main-inframeset, entry 2: A comment token
    InFramesetComment,
    /// spec: #parsing-main-inframeset, entry 3: A processing instruction token
    InFramesetPi,
    /// spec: #parsing-main-inframeset, entry 4: A DOCTYPE token
    InFramesetDoctype,
    /// spec: #parsing-main-inframeset, entry 5: A start tag whose tag name is "html"
    InFramesetStartHtml,
    /// spec: #parsing-main-inframeset, entry 6: A start tag whose tag name is "frameset"
    InFramesetStartFrameset,
    /// spec: #parsing-main-inframeset, entry 7: An end tag whose tag name is "frameset"
    InFramesetEndFrameset,
    /// spec: #parsing-main-inframeset, entry 8: A start tag whose tag name is "frame"
    InFramesetStartFrame,
    /// spec: #parsing-main-inframeset, entry 9: A start tag whose tag name is "noframes"
    InFramesetStartNoframes,
    /// spec: #parsing-main-inframeset, entry 10: An end-of-file token
    InFramesetEof,
    /// spec: #parsing-main-inframeset, entry 11: Anything else
    InFramesetAnythingElse,
    /// spec: #parsing-main-afterframeset, entry 1: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    AfterFramesetWhitespace,
    /// spec: #parsing-main-afterframeset, entry 2: A comment token
    AfterFramesetComment,
    /// spec: #parsing-main-afterframeset, entry 3: A processing instruction token
    AfterFramesetPi,
    /// spec: #parsing-main-afterframeset, entry 4: A DOCTYPE token
    AfterFramesetDoctype,
    /// spec: #parsing-main-afterframeset, entry 5: A start tag whose tag name is "html"
    AfterFramesetStartHtml,
    /// spec: #parsing-main-afterframeset, entry 6: An end tag whose tag name is "html"
    AfterFramesetEndHtml,
    /// spec: #parsing-main-afterframeset, entry 7: A start tag whose tag name is "noframes"
    AfterFramesetStartNoframes,
    /// spec: #parsing-main-afterframeset, entry 8: An end-of-file token
    AfterFramesetEof,
    /// spec: #parsing-main-afterframeset, entry 9: Anything else
    AfterFramesetAnythingElse,
    /// spec: #the-after-after-body-insertion-mode, entry 1: A comment token
    AfterAfterBodyComment,
    /// spec: #the-after-after-body-insertion-mode, entry 2: A processing instruction token
    AfterAfterBodyPi,
    /// spec: #the-after-after-body-insertion-mode, entry 3: A DOCTYPE token
    AfterAfterBodyInBodyRules,
    /// spec: #the-after-after-body-insertion-mode, entry 4: An end-of-file token
    AfterAfterBodyEof,
    /// spec: #the-after-after-body-insertion-mode, entry 5: Anything else
    AfterAfterBodyAnythingElse,
    /// spec: #the-after-after-frameset-insertion-mode, entry 1: A comment token
    AfterAfterFramesetComment,
    /// spec: #the-after-after-frameset-insertion-mode, entry 2: A processing instruction token
    AfterAfterFramesetPi,
    /// spec: #the-after-after-frameset-insertion-mode, entry 3: A DOCTYPE token
    AfterAfterFramesetInBodyRules,
    /// spec: #the-after-after-frameset-insertion-mode, entry 4: An end-of-file token
    AfterAfterFramesetEof,
    /// spec: #the-after-after-frameset-insertion-mode, entry 5: A start tag whose tag name is "noframes"
    AfterAfterFramesetStartNoframes,
    /// spec: #the-after-after-frameset-insertion-mode, entry 6: Anything else
    AfterAfterFramesetAnythingElse,
    /// spec: #parsing-main-inforeign, entry 1: A character token that is U+0000 NULL
    ForeignNull,
    /// spec: #parsing-main-inforeign, entry 2: A character token that is one of U+0009 CHARACTER TABULATION, U+000A ...
    ForeignWhitespace,
    /// spec: #parsing-main-inforeign, entry 3: Any other character token
    ForeignOtherCharacter,
    /// spec: #parsing-main-inforeign, entry 4: A comment token
    ForeignComment,
    /// spec: #parsing-main-inforeign, entry 5: A processing instruction token
    ForeignPi,
    /// spec: #parsing-main-inforeign, entry 6: A DOCTYPE token
    ForeignDoctype,
    /// spec: #parsing-main-inforeign, entry 7: A start tag whose tag name is one of: "b", "big", "blockquote", ...
    ForeignBreakout,
    /// spec: #parsing-main-inforeign, entry 8: Any other start tag
    ForeignOtherStart,
    /// spec: #parsing-main-inforeign, entry 9: An end tag whose tag name is "script", if the current node is an SVG ...
    ForeignEndScript,
    /// spec: #parsing-main-inforeign, entry 10: Any other end tag
    ForeignOtherEnd,
}

use TreeRule::*;

/// (name, anchor of its mode, entry number in its mode), in `TreeRule` order.
const TABLE: [(&str, &str, u8); 227] = [
    ("initial_whitespace", "the-initial-insertion-mode", 1),
    ("initial_comment", "the-initial-insertion-mode", 2),
    ("initial_pi", "the-initial-insertion-mode", 3),
    ("initial_doctype", "the-initial-insertion-mode", 4),
    ("initial_anything_else", "the-initial-insertion-mode", 5),
    ("before_html_doctype", "the-before-html-insertion-mode", 1),
    ("before_html_comment", "the-before-html-insertion-mode", 2),
    ("before_html_pi", "the-before-html-insertion-mode", 3),
    ("before_html_whitespace", "the-before-html-insertion-mode", 4),
    ("before_html_start_html", "the-before-html-insertion-mode", 5),
    ("before_html_end_head", "the-before-html-insertion-mode", 6),
    ("before_html_other_end", "the-before-html-insertion-mode", 7),
    ("before_html_anything_else", "the-before-html-insertion-mode", 8),
    ("before_head_whitespace", "the-before-head-insertion-mode", 1),
    ("before_head_comment", "the-before-head-insertion-mode", 2),
    ("before_head_pi", "the-before-head-insertion-mode", 3),
    ("before_head_doctype", "the-before-head-insertion-mode", 4),
    ("before_head_start_html", "the-before-head-insertion-mode", 5),
    ("before_head_start_head", "the-before-head-insertion-mode", 6),
    ("before_head_end_head", "the-before-head-insertion-mode", 7),
    ("before_head_other_end", "the-before-head-insertion-mode", 8),
    ("before_head_anything_else", "the-before-head-insertion-mode", 9),
    ("in_head_whitespace", "parsing-main-inhead", 1),
    ("in_head_comment", "parsing-main-inhead", 2),
    ("in_head_pi", "parsing-main-inhead", 3),
    ("in_head_doctype", "parsing-main-inhead", 4),
    ("in_head_start_html", "parsing-main-inhead", 5),
    ("in_head_start_base", "parsing-main-inhead", 6),
    ("in_head_start_meta", "parsing-main-inhead", 7),
    ("in_head_start_title", "parsing-main-inhead", 8),
    ("in_head_start_raw_text", "parsing-main-inhead", 9),
    ("in_head_start_noscript_no_scripting", "parsing-main-inhead", 10),
    ("in_head_start_script", "parsing-main-inhead", 11),
    ("in_head_end_head", "parsing-main-inhead", 12),
    ("in_head_end_body", "parsing-main-inhead", 13),
    ("in_head_start_template", "parsing-main-inhead", 14),
    ("in_head_end_template", "parsing-main-inhead", 15),
    ("in_head_start_head_or_other_end", "parsing-main-inhead", 16),
    ("in_head_anything_else", "parsing-main-inhead", 17),
    ("in_head_noscript_doctype", "parsing-main-inheadnoscript", 1),
    ("in_head_noscript_start_html", "parsing-main-inheadnoscript", 2),
    ("in_head_noscript_end_noscript", "parsing-main-inheadnoscript", 3),
    ("in_head_noscript_in_head_rules", "parsing-main-inheadnoscript", 4),
    ("in_head_noscript_end_br", "parsing-main-inheadnoscript", 5),
    ("in_head_noscript_start_head_or_other_end", "parsing-main-inheadnoscript", 6),
    ("in_head_noscript_anything_else", "parsing-main-inheadnoscript", 7),
    ("after_head_whitespace", "the-after-head-insertion-mode", 1),
    ("after_head_comment", "the-after-head-insertion-mode", 2),
    ("after_head_pi", "the-after-head-insertion-mode", 3),
    ("after_head_doctype", "the-after-head-insertion-mode", 4),
    ("after_head_start_html", "the-after-head-insertion-mode", 5),
    ("after_head_start_body", "the-after-head-insertion-mode", 6),
    ("after_head_start_frameset", "the-after-head-insertion-mode", 7),
    ("after_head_start_base", "the-after-head-insertion-mode", 8),
    ("after_head_end_template", "the-after-head-insertion-mode", 9),
    ("after_head_end_body", "the-after-head-insertion-mode", 10),
    ("after_head_start_head_or_other_end", "the-after-head-insertion-mode", 11),
    ("after_head_anything_else", "the-after-head-insertion-mode", 12),
    ("in_body_null", "parsing-main-inbody", 1),
    ("in_body_whitespace", "parsing-main-inbody", 2),
    ("in_body_other_character", "parsing-main-inbody", 3),
    ("in_body_comment", "parsing-main-inbody", 4),
    ("in_body_pi", "parsing-main-inbody", 5),
    ("in_body_doctype", "parsing-main-inbody", 6),
    ("in_body_start_html", "parsing-main-inbody", 7),
    ("in_body_start_base_or_end_template", "parsing-main-inbody", 8),
    ("in_body_start_body", "parsing-main-inbody", 9),
    ("in_body_start_frameset", "parsing-main-inbody", 10),
    ("in_body_eof", "parsing-main-inbody", 11),
    ("in_body_end_body", "parsing-main-inbody", 12),
    ("in_body_end_html", "parsing-main-inbody", 13),
    ("in_body_start_address", "parsing-main-inbody", 14),
    ("in_body_start_h1", "parsing-main-inbody", 15),
    ("in_body_start_pre", "parsing-main-inbody", 16),
    ("in_body_start_form", "parsing-main-inbody", 17),
    ("in_body_start_li", "parsing-main-inbody", 18),
    ("in_body_start_dd", "parsing-main-inbody", 19),
    ("in_body_start_plaintext", "parsing-main-inbody", 20),
    ("in_body_start_button", "parsing-main-inbody", 21),
    ("in_body_end_address", "parsing-main-inbody", 22),
    ("in_body_end_form", "parsing-main-inbody", 23),
    ("in_body_end_p", "parsing-main-inbody", 24),
    ("in_body_end_li", "parsing-main-inbody", 25),
    ("in_body_end_dd", "parsing-main-inbody", 26),
    ("in_body_end_h1", "parsing-main-inbody", 27),
    ("in_body_end_sarcasm", "parsing-main-inbody", 28),
    ("in_body_start_a", "parsing-main-inbody", 29),
    ("in_body_start_b", "parsing-main-inbody", 30),
    ("in_body_start_nobr", "parsing-main-inbody", 31),
    ("in_body_end_a", "parsing-main-inbody", 32),
    ("in_body_start_applet", "parsing-main-inbody", 33),
    ("in_body_end_applet", "parsing-main-inbody", 34),
    ("in_body_start_table", "parsing-main-inbody", 35),
    ("in_body_end_br", "parsing-main-inbody", 36),
    ("in_body_start_area", "parsing-main-inbody", 37),
    ("in_body_start_input", "parsing-main-inbody", 38),
    ("in_body_start_param", "parsing-main-inbody", 39),
    ("in_body_start_hr", "parsing-main-inbody", 40),
    ("in_body_start_image", "parsing-main-inbody", 41),
    ("in_body_start_textarea", "parsing-main-inbody", 42),
    ("in_body_start_xmp", "parsing-main-inbody", 43),
    ("in_body_start_iframe", "parsing-main-inbody", 44),
    ("in_body_start_noembed", "parsing-main-inbody", 45),
    ("in_body_start_select", "parsing-main-inbody", 46),
    ("in_body_start_option", "parsing-main-inbody", 47),
    ("in_body_start_optgroup", "parsing-main-inbody", 48),
    ("in_body_start_rb", "parsing-main-inbody", 49),
    ("in_body_start_rp", "parsing-main-inbody", 50),
    ("in_body_start_math", "parsing-main-inbody", 51),
    ("in_body_start_svg", "parsing-main-inbody", 52),
    ("in_body_start_caption", "parsing-main-inbody", 53),
    ("in_body_other_start", "parsing-main-inbody", 54),
    ("in_body_other_end", "parsing-main-inbody", 55),
    ("text_character", "parsing-main-incdata", 1),
    ("text_eof", "parsing-main-incdata", 2),
    ("text_end_script", "parsing-main-incdata", 3),
    ("text_other_end", "parsing-main-incdata", 4),
    ("in_table_character", "parsing-main-intable", 1),
    ("in_table_comment", "parsing-main-intable", 2),
    ("in_table_pi", "parsing-main-intable", 3),
    ("in_table_doctype", "parsing-main-intable", 4),
    ("in_table_start_caption", "parsing-main-intable", 5),
    ("in_table_start_colgroup", "parsing-main-intable", 6),
    ("in_table_start_col", "parsing-main-intable", 7),
    ("in_table_start_tbody", "parsing-main-intable", 8),
    ("in_table_start_td", "parsing-main-intable", 9),
    ("in_table_start_table", "parsing-main-intable", 10),
    ("in_table_end_table", "parsing-main-intable", 11),
    ("in_table_end_body", "parsing-main-intable", 12),
    ("in_table_start_style_or_end_template", "parsing-main-intable", 13),
    ("in_table_start_input", "parsing-main-intable", 14),
    ("in_table_start_form", "parsing-main-intable", 15),
    ("in_table_eof", "parsing-main-intable", 16),
    ("in_table_anything_else", "parsing-main-intable", 17),
    ("in_table_text_null", "parsing-main-intabletext", 1),
    ("in_table_text_other_character", "parsing-main-intabletext", 2),
    ("in_table_text_anything_else", "parsing-main-intabletext", 3),
    ("in_caption_end_caption", "parsing-main-incaption", 1),
    ("in_caption_start_caption_or_end_table", "parsing-main-incaption", 2),
    ("in_caption_end_body", "parsing-main-incaption", 3),
    ("in_caption_anything_else", "parsing-main-incaption", 4),
    ("in_column_group_whitespace", "parsing-main-incolgroup", 1),
    ("in_column_group_comment", "parsing-main-incolgroup", 2),
    ("in_column_group_pi", "parsing-main-incolgroup", 3),
    ("in_column_group_doctype", "parsing-main-incolgroup", 4),
    ("in_column_group_start_html", "parsing-main-incolgroup", 5),
    ("in_column_group_start_col", "parsing-main-incolgroup", 6),
    ("in_column_group_end_colgroup", "parsing-main-incolgroup", 7),
    ("in_column_group_end_col", "parsing-main-incolgroup", 8),
    ("in_column_group_start_template_or_end_template", "parsing-main-incolgroup", 9),
    ("in_column_group_eof", "parsing-main-incolgroup", 10),
    ("in_column_group_anything_else", "parsing-main-incolgroup", 11),
    ("in_table_body_start_tr", "parsing-main-intbody", 1),
    ("in_table_body_start_th", "parsing-main-intbody", 2),
    ("in_table_body_end_tbody", "parsing-main-intbody", 3),
    ("in_table_body_start_caption_or_end_table", "parsing-main-intbody", 4),
    ("in_table_body_end_body", "parsing-main-intbody", 5),
    ("in_table_body_anything_else", "parsing-main-intbody", 6),
    ("in_row_start_th", "parsing-main-intr", 1),
    ("in_row_end_tr", "parsing-main-intr", 2),
    ("in_row_start_caption_or_end_table", "parsing-main-intr", 3),
    ("in_row_end_tbody", "parsing-main-intr", 4),
    ("in_row_end_body", "parsing-main-intr", 5),
    ("in_row_anything_else", "parsing-main-intr", 6),
    ("in_cell_end_td", "parsing-main-intd", 1),
    ("in_cell_start_caption", "parsing-main-intd", 2),
    ("in_cell_end_body", "parsing-main-intd", 3),
    ("in_cell_end_table", "parsing-main-intd", 4),
    ("in_cell_anything_else", "parsing-main-intd", 5),
    ("in_template_in_body_rules", "parsing-main-intemplate", 1),
    ("in_template_start_base_or_end_template", "parsing-main-intemplate", 2),
    ("in_template_start_caption", "parsing-main-intemplate", 3),
    ("in_template_start_col", "parsing-main-intemplate", 4),
    ("in_template_start_tr", "parsing-main-intemplate", 5),
    ("in_template_start_td", "parsing-main-intemplate", 6),
    ("in_template_other_start", "parsing-main-intemplate", 7),
    ("in_template_other_end", "parsing-main-intemplate", 8),
    ("in_template_eof", "parsing-main-intemplate", 9),
    ("after_body_whitespace", "parsing-main-afterbody", 1),
    ("after_body_comment", "parsing-main-afterbody", 2),
    ("after_body_pi", "parsing-main-afterbody", 3),
    ("after_body_doctype", "parsing-main-afterbody", 4),
    ("after_body_start_html", "parsing-main-afterbody", 5),
    ("after_body_end_html", "parsing-main-afterbody", 6),
    ("after_body_eof", "parsing-main-afterbody", 7),
    ("after_body_anything_else", "parsing-main-afterbody", 8),
    ("in_frameset_whitespace", "parsing-main-inframeset", 1),
    ("in_frameset_comment", "parsing-main-inframeset", 2),
    ("in_frameset_pi", "parsing-main-inframeset", 3),
    ("in_frameset_doctype", "parsing-main-inframeset", 4),
    ("in_frameset_start_html", "parsing-main-inframeset", 5),
    ("in_frameset_start_frameset", "parsing-main-inframeset", 6),
    ("in_frameset_end_frameset", "parsing-main-inframeset", 7),
    ("in_frameset_start_frame", "parsing-main-inframeset", 8),
    ("in_frameset_start_noframes", "parsing-main-inframeset", 9),
    ("in_frameset_eof", "parsing-main-inframeset", 10),
    ("in_frameset_anything_else", "parsing-main-inframeset", 11),
    ("after_frameset_whitespace", "parsing-main-afterframeset", 1),
    ("after_frameset_comment", "parsing-main-afterframeset", 2),
    ("after_frameset_pi", "parsing-main-afterframeset", 3),
    ("after_frameset_doctype", "parsing-main-afterframeset", 4),
    ("after_frameset_start_html", "parsing-main-afterframeset", 5),
    ("after_frameset_end_html", "parsing-main-afterframeset", 6),
    ("after_frameset_start_noframes", "parsing-main-afterframeset", 7),
    ("after_frameset_eof", "parsing-main-afterframeset", 8),
    ("after_frameset_anything_else", "parsing-main-afterframeset", 9),
    ("after_after_body_comment", "the-after-after-body-insertion-mode", 1),
    ("after_after_body_pi", "the-after-after-body-insertion-mode", 2),
    ("after_after_body_in_body_rules", "the-after-after-body-insertion-mode", 3),
    ("after_after_body_eof", "the-after-after-body-insertion-mode", 4),
    ("after_after_body_anything_else", "the-after-after-body-insertion-mode", 5),
    ("after_after_frameset_comment", "the-after-after-frameset-insertion-mode", 1),
    ("after_after_frameset_pi", "the-after-after-frameset-insertion-mode", 2),
    ("after_after_frameset_in_body_rules", "the-after-after-frameset-insertion-mode", 3),
    ("after_after_frameset_eof", "the-after-after-frameset-insertion-mode", 4),
    ("after_after_frameset_start_noframes", "the-after-after-frameset-insertion-mode", 5),
    ("after_after_frameset_anything_else", "the-after-after-frameset-insertion-mode", 6),
    ("foreign_null", "parsing-main-inforeign", 1),
    ("foreign_whitespace", "parsing-main-inforeign", 2),
    ("foreign_other_character", "parsing-main-inforeign", 3),
    ("foreign_comment", "parsing-main-inforeign", 4),
    ("foreign_pi", "parsing-main-inforeign", 5),
    ("foreign_doctype", "parsing-main-inforeign", 6),
    ("foreign_breakout", "parsing-main-inforeign", 7),
    ("foreign_other_start", "parsing-main-inforeign", 8),
    ("foreign_end_script", "parsing-main-inforeign", 9),
    ("foreign_other_end", "parsing-main-inforeign", 10),
];

impl TreeRule {
    /// Every rule, in spec order (mode by mode, entry by entry).
    pub const ALL: [TreeRule; 227] = [
        InitialWhitespace,
        InitialComment,
        InitialPi,
        InitialDoctype,
        InitialAnythingElse,
        BeforeHtmlDoctype,
        BeforeHtmlComment,
        BeforeHtmlPi,
        BeforeHtmlWhitespace,
        BeforeHtmlStartHtml,
        BeforeHtmlEndHead,
        BeforeHtmlOtherEnd,
        BeforeHtmlAnythingElse,
        BeforeHeadWhitespace,
        BeforeHeadComment,
        BeforeHeadPi,
        BeforeHeadDoctype,
        BeforeHeadStartHtml,
        BeforeHeadStartHead,
        BeforeHeadEndHead,
        BeforeHeadOtherEnd,
        BeforeHeadAnythingElse,
        InHeadWhitespace,
        InHeadComment,
        InHeadPi,
        InHeadDoctype,
        InHeadStartHtml,
        InHeadStartBase,
        InHeadStartMeta,
        InHeadStartTitle,
        InHeadStartRawText,
        InHeadStartNoscriptNoScripting,
        InHeadStartScript,
        InHeadEndHead,
        InHeadEndBody,
        InHeadStartTemplate,
        InHeadEndTemplate,
        InHeadStartHeadOrOtherEnd,
        InHeadAnythingElse,
        InHeadNoscriptDoctype,
        InHeadNoscriptStartHtml,
        InHeadNoscriptEndNoscript,
        InHeadNoscriptInHeadRules,
        InHeadNoscriptEndBr,
        InHeadNoscriptStartHeadOrOtherEnd,
        InHeadNoscriptAnythingElse,
        AfterHeadWhitespace,
        AfterHeadComment,
        AfterHeadPi,
        AfterHeadDoctype,
        AfterHeadStartHtml,
        AfterHeadStartBody,
        AfterHeadStartFrameset,
        AfterHeadStartBase,
        AfterHeadEndTemplate,
        AfterHeadEndBody,
        AfterHeadStartHeadOrOtherEnd,
        AfterHeadAnythingElse,
        InBodyNull,
        InBodyWhitespace,
        InBodyOtherCharacter,
        InBodyComment,
        InBodyPi,
        InBodyDoctype,
        InBodyStartHtml,
        InBodyStartBaseOrEndTemplate,
        InBodyStartBody,
        InBodyStartFrameset,
        InBodyEof,
        InBodyEndBody,
        InBodyEndHtml,
        InBodyStartAddress,
        InBodyStartH1,
        InBodyStartPre,
        InBodyStartForm,
        InBodyStartLi,
        InBodyStartDd,
        InBodyStartPlaintext,
        InBodyStartButton,
        InBodyEndAddress,
        InBodyEndForm,
        InBodyEndP,
        InBodyEndLi,
        InBodyEndDd,
        InBodyEndH1,
        InBodyEndSarcasm,
        InBodyStartA,
        InBodyStartB,
        InBodyStartNobr,
        InBodyEndA,
        InBodyStartApplet,
        InBodyEndApplet,
        InBodyStartTable,
        InBodyEndBr,
        InBodyStartArea,
        InBodyStartInput,
        InBodyStartParam,
        InBodyStartHr,
        InBodyStartImage,
        InBodyStartTextarea,
        InBodyStartXmp,
        InBodyStartIframe,
        InBodyStartNoembed,
        InBodyStartSelect,
        InBodyStartOption,
        InBodyStartOptgroup,
        InBodyStartRb,
        InBodyStartRp,
        InBodyStartMath,
        InBodyStartSvg,
        InBodyStartCaption,
        InBodyOtherStart,
        InBodyOtherEnd,
        TextCharacter,
        TextEof,
        TextEndScript,
        TextOtherEnd,
        InTableCharacter,
        InTableComment,
        InTablePi,
        InTableDoctype,
        InTableStartCaption,
        InTableStartColgroup,
        InTableStartCol,
        InTableStartTbody,
        InTableStartTd,
        InTableStartTable,
        InTableEndTable,
        InTableEndBody,
        InTableStartStyleOrEndTemplate,
        InTableStartInput,
        InTableStartForm,
        InTableEof,
        InTableAnythingElse,
        InTableTextNull,
        InTableTextOtherCharacter,
        InTableTextAnythingElse,
        InCaptionEndCaption,
        InCaptionStartCaptionOrEndTable,
        InCaptionEndBody,
        InCaptionAnythingElse,
        InColumnGroupWhitespace,
        InColumnGroupComment,
        InColumnGroupPi,
        InColumnGroupDoctype,
        InColumnGroupStartHtml,
        InColumnGroupStartCol,
        InColumnGroupEndColgroup,
        InColumnGroupEndCol,
        InColumnGroupStartTemplateOrEndTemplate,
        InColumnGroupEof,
        InColumnGroupAnythingElse,
        InTableBodyStartTr,
        InTableBodyStartTh,
        InTableBodyEndTbody,
        InTableBodyStartCaptionOrEndTable,
        InTableBodyEndBody,
        InTableBodyAnythingElse,
        InRowStartTh,
        InRowEndTr,
        InRowStartCaptionOrEndTable,
        InRowEndTbody,
        InRowEndBody,
        InRowAnythingElse,
        InCellEndTd,
        InCellStartCaption,
        InCellEndBody,
        InCellEndTable,
        InCellAnythingElse,
        InTemplateInBodyRules,
        InTemplateStartBaseOrEndTemplate,
        InTemplateStartCaption,
        InTemplateStartCol,
        InTemplateStartTr,
        InTemplateStartTd,
        InTemplateOtherStart,
        InTemplateOtherEnd,
        InTemplateEof,
        AfterBodyWhitespace,
        AfterBodyComment,
        AfterBodyPi,
        AfterBodyDoctype,
        AfterBodyStartHtml,
        AfterBodyEndHtml,
        AfterBodyEof,
        AfterBodyAnythingElse,
        InFramesetWhitespace,
        InFramesetComment,
        InFramesetPi,
        InFramesetDoctype,
        InFramesetStartHtml,
        InFramesetStartFrameset,
        InFramesetEndFrameset,
        InFramesetStartFrame,
        InFramesetStartNoframes,
        InFramesetEof,
        InFramesetAnythingElse,
        AfterFramesetWhitespace,
        AfterFramesetComment,
        AfterFramesetPi,
        AfterFramesetDoctype,
        AfterFramesetStartHtml,
        AfterFramesetEndHtml,
        AfterFramesetStartNoframes,
        AfterFramesetEof,
        AfterFramesetAnythingElse,
        AfterAfterBodyComment,
        AfterAfterBodyPi,
        AfterAfterBodyInBodyRules,
        AfterAfterBodyEof,
        AfterAfterBodyAnythingElse,
        AfterAfterFramesetComment,
        AfterAfterFramesetPi,
        AfterAfterFramesetInBodyRules,
        AfterAfterFramesetEof,
        AfterAfterFramesetStartNoframes,
        AfterAfterFramesetAnythingElse,
        ForeignNull,
        ForeignWhitespace,
        ForeignOtherCharacter,
        ForeignComment,
        ForeignPi,
        ForeignDoctype,
        ForeignBreakout,
        ForeignOtherStart,
        ForeignEndScript,
        ForeignOtherEnd,
    ];
}

impl TreeRule {
    /// The rule's name (`in_body_start_a`): its mode, then its first bullets' words, as in
    /// `spec/html/tree_rules.ron`.
    pub fn name(self) -> &'static str {
        TABLE[self as usize].0
    }

    /// The anchor of the rule's mode in the spec (`parsing-main-inbody`, no `#`).
    pub fn mode_anchor(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// The rule's entry number within its mode's switch, from 1, in the spec's order.
    pub fn entry(self) -> u8 {
        TABLE[self as usize].2
    }

    /// The link to the rule's mode in the spec (the entries have no anchors of their own).
    pub fn spec_url(self) -> String {
        format!("https://html.spec.whatwg.org/multipage/parsing.html#{}", self.mode_anchor())
    }
}
