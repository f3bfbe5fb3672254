//! The schema of `spec/`: what a machine manifest, a state table and an error list are.
//!
//! Everything here deserializes strictly (`deny_unknown_fields`); the vocabulary of matchers,
//! guards, actions and terminals is closed. `spec/README.md` is the legend for humans.

use serde::Deserialize;

/// `spec/<machine>/tokenizer.ron`: provenance and state order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Machine name, used for the generated module (`html`, `xml5`).
    pub machine: String,
    /// Title of the spec text transcribed.
    pub spec_title: String,
    /// Commit, edition or date of the text transcribed.
    pub spec_version: String,
    /// Prefix that an anchor id is appended to for a link to the spec.
    pub anchor_base: String,
    /// The state the tokenizer starts in.
    pub initial_state: String,
    /// States that something outside the tokenizer (tree builder, tests) may switch into.
    pub external_states: Vec<String>,
    /// Every state, in spec order; each names `tokenizer/<name>.ron`.
    pub states: Vec<String>,
    /// The runtime module (a path under the crate root) that holds the machine's `Tokenizer`
    /// (in its `tokenizer` submodule) and `Sink`: `editions::html2017`. Default: the machine name.
    #[serde(default)]
    pub runtime_module: Option<String>,
    /// The runtime cargo feature the machine is compiled behind (an edition: off by default, so
    /// users of today's parser pay nothing). `None`: always compiled.
    #[serde(default)]
    pub feature: Option<String>,
    /// Machine-level flags the states read (`Flag` guards) and set (`SetFlag`): the 2008 draft's
    /// "content model flag" (PCDATA, RCDATA, CDATA, PLAINTEXT) and "escape flag". Each becomes a
    /// generated enum and a field of the generated `Flags` the machine keeps in its `Own` data.
    #[serde(default)]
    pub flags: Vec<FlagDecl>,
    /// Verbs run whenever an end tag token is emitted ("When an end tag token is emitted, the
    /// content model flag must be switched to the PCDATA state"): generated as the method
    /// `on_end_tag_emitted`, which the machine's own `emit_tag` calls.
    #[serde(default)]
    pub on_end_tag_emitted: Vec<Action>,
    /// The machine's own named-reference table, a file of its directory (the 2008 draft's
    /// `entities.ron`); the generator emits its trie as `<machine>_named_refs.rs`. Default: none
    /// of its own (HTML's table is `spec/html/named_character_references.ron`).
    #[serde(default)]
    pub named_references: Option<String>,
}

/// A machine-level flag: `(name: "content_model", values: ["PCDATA", ...], initial: "PCDATA")`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagDecl {
    /// snake_case name: the field of the generated `Flags`, and its enum in CamelCase.
    pub name: String,
    /// The values as the spec writes them; each a variant of the flag's enum.
    pub values: Vec<String>,
    /// The value the flag starts with.
    pub initial: String,
}

/// `spec/<machine>/errors.ron`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorList {
    /// Prefix that `parse-error-<code>` style anchors are appended to; `None` for codes of ours.
    pub anchor_base: Option<String>,
    /// Where the codes come from, for the generated docs.
    pub provenance: String,
    pub errors: Vec<ErrorDecl>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorDecl {
    /// kebab-case code as the spec writes it.
    pub code: String,
    /// Anchor id of the code's definition, if it has one.
    #[serde(default)]
    pub anchor: Option<String>,
    /// One line: what the error means.
    pub summary: String,
    /// Where the runtime raises a code no table names (input preprocessing, token emission,
    /// tree construction).
    #[serde(default)]
    pub raised_by: Option<String>,
}

/// One tokenizer state: `spec/<machine>/tokenizer/<name>.ron`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateDef {
    /// Anchor id on the spec page, verbatim.
    pub id: String,
    /// Heading, verbatim.
    pub heading: String,
    /// Actions the spec performs on entering the state, before it consumes anything
    /// ("Set the temporary buffer to the empty string. ... Consume the next input character").
    #[serde(default)]
    pub on_entry: Vec<Action>,
    /// Actions the spec performs whenever the machine leaves the state, before the actions of the
    /// case that leaves ("When the user agent leaves the attribute name state ...").
    #[serde(default)]
    pub on_exit: Vec<Action>,
    /// How the state reads its input.
    pub body: Body,
    /// Small inputs that pass through this state; they drive the per-state snapshots.
    #[serde(default)]
    pub examples: Vec<Example>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Body {
    /// "Consume the next input character:" then a list of cases.
    ConsumeNext(Vec<Case>),
    /// "If the next few characters are:" then a list of lookahead cases; "anything else" does
    /// not consume.
    Lookahead(Vec<Case>),
    /// The state is an algorithm the runtime implements under the state's name
    /// (`fn <name>(&mut self)`). `notes` says why; `goes_to` lists the states it may switch to
    /// besides the return state, and `raises` the error codes it may report.
    HandWritten {
        notes: String,
        #[serde(default)]
        goes_to: Vec<String>,
        #[serde(default)]
        raises: Vec<String>,
    },
    /// "The behaviour of this state depends on the content model flag. If ...: Consume the next
    /// input character ... If ...: ...": the first branch whose `if` holds reads the input with
    /// its own body (`ConsumeNext` or `Lookahead`); the last branch has no `if` ("otherwise").
    /// Case numbers run on through the branches, so every case of the state has its own number.
    Branch(Vec<BodyBranch>),
}

/// One branch of a state-level [`Body::Branch`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyBranch {
    /// The condition; `None` on the last branch only.
    #[serde(default, rename = "if")]
    pub guard: Option<Guard>,
    /// `ConsumeNext` or `Lookahead`.
    pub body: Body,
}

impl Body {
    /// Every case of the state, numbered as validation, lowering and coverage number them
    /// (1-based, running on through the branches of a `Branch` body), with whether it belongs
    /// to a `Lookahead` body.
    pub fn numbered_cases(&self) -> Vec<(usize, &Case, bool)> {
        fn push<'a>(body: &'a Body, out: &mut Vec<(usize, &'a Case, bool)>) {
            let (cases, lookahead) = match body {
                Body::ConsumeNext(cs) => (cs, false),
                Body::Lookahead(cs) => (cs, true),
                Body::HandWritten { .. } | Body::Branch(_) => return,
            };
            for c in cases {
                out.push((out.len() + 1, c, lookahead));
            }
        }
        let mut out = Vec::new();
        match self {
            Body::Branch(bs) => bs.iter().for_each(|b| push(&b.body, &mut out)),
            other => push(other, &mut out),
        }
        out
    }

    /// The guards a `Branch` body chooses by (empty otherwise).
    pub fn branch_guards(&self) -> Vec<&Guard> {
        match self {
            Body::Branch(bs) => bs.iter().filter_map(|b| b.guard.as_ref()).collect(),
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// What the case matches; the items of one spec bullet group.
    pub on: Vec<Matcher>,
    /// An `If ...` condition on the whole case.
    #[serde(default, rename = "if")]
    pub guard: Option<Guard>,
    /// Spec verbs, in order.
    #[serde(default, rename = "do")]
    pub actions: Vec<Action>,
    /// Exactly one terminal.
    pub then: Terminal,
    /// What happens when `if` fails. Without it a failed guard falls through to
    /// "anything else", which is what the spec says in most places.
    #[serde(default, rename = "else")]
    pub otherwise: Option<Branch>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Branch {
    #[serde(default, rename = "do")]
    pub actions: Vec<Action>,
    pub then: Terminal,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Matcher {
    /// One code point, written as the spec writes it: `"U+003C LESS-THAN SIGN (<)"`.
    Char(String),
    /// One of the spec's named character classes.
    Class(CharClass),
    /// End of file.
    Eof,
    /// "Anything else".
    AnythingElse,
    /// Lookahead for an exact string, starting at the next (or, in a consume-next state, at
    /// the current) input character.
    Exact(String),
    /// Lookahead for an ASCII case-insensitive match.
    CaseInsensitive(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
pub enum CharClass {
    /// ASCII alpha: U+0041..=U+005A, U+0061..=U+007A.
    AsciiAlpha,
    AsciiUpperAlpha,
    AsciiLowerAlpha,
    AsciiDigit,
    AsciiHexDigit,
    AsciiUpperHexDigit,
    AsciiLowerHexDigit,
    AsciiAlphanumeric,
    /// ASCII whitespace: tab, LF, FF, CR, space (XML5 uses it).
    AsciiWhitespace,
}

impl CharClass {
    /// The ASCII bytes of the class.
    pub fn bytes(self) -> Vec<u8> {
        (0u8..128)
            .filter(|&b| match self {
                CharClass::AsciiAlpha => b.is_ascii_alphabetic(),
                CharClass::AsciiUpperAlpha => b.is_ascii_uppercase(),
                CharClass::AsciiLowerAlpha => b.is_ascii_lowercase(),
                CharClass::AsciiDigit => b.is_ascii_digit(),
                CharClass::AsciiHexDigit => b.is_ascii_hexdigit(),
                CharClass::AsciiUpperHexDigit => b.is_ascii_digit() || (b'A'..=b'F').contains(&b),
                CharClass::AsciiLowerHexDigit => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
                CharClass::AsciiAlphanumeric => b.is_ascii_alphanumeric(),
                CharClass::AsciiWhitespace => matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' '),
            })
            .collect()
    }

    pub fn label(self) -> &'static str {
        match self {
            CharClass::AsciiAlpha => "ASCII alpha",
            CharClass::AsciiUpperAlpha => "ASCII upper alpha",
            CharClass::AsciiLowerAlpha => "ASCII lower alpha",
            CharClass::AsciiDigit => "ASCII digit",
            CharClass::AsciiHexDigit => "ASCII hex digit",
            CharClass::AsciiUpperHexDigit => "ASCII upper hex digit",
            CharClass::AsciiLowerHexDigit => "ASCII lower hex digit",
            CharClass::AsciiAlphanumeric => "ASCII alphanumeric",
            CharClass::AsciiWhitespace => "ASCII whitespace",
        }
    }
}

/// The spec's conditions. A closed list: each maps to one runtime predicate of the same name,
/// except the flag test and the combinators, which the generator writes out.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Guard {
    /// "If the current end tag token is an appropriate end tag token".
    AppropriateEndTag,
    /// "If the temporary buffer is "script"".
    TempBufferIsScript,
    /// "If there is an adjusted current node and it is not an element in the HTML namespace".
    AdjustedCurrentNodeIsForeign,
    /// "If the character reference was consumed as part of an attribute".
    CharRefInAttribute,
    /// "If target is an ASCII case-insensitive match for "xml" or "xml-stylesheet"" (the
    /// temporary buffer holds the target).
    TempBufferIsDisallowedPiTarget,
    /// "When the content model flag is set to one of the PCDATA or RCDATA states": the flag
    /// (a manifest `flags` entry) has one of these values.
    Flag(String, Vec<String>),
    /// Every condition holds ("... and ... and ...").
    All(Vec<Guard>),
    /// Some condition holds ("When ...: ... When ...: ...", the same outcome).
    Any(Vec<Guard>),
    /// The condition does not hold.
    Not(Box<Guard>),
    /// "The last four characters in the input stream, including this one, are ..." (2008 draft,
    /// data state): a look-behind ending at the current input character. Input that does not
    /// have that many characters before it does not match ("there are at least three characters
    /// before this one").
    LastCharactersAre(String),
    /// "The next few characters ... match the tag name of the last start tag token emitted (case
    /// insensitively) ... immediately followed by one of the following characters" (2008 draft,
    /// close tag open state): a lookahead from the next input character, consuming nothing;
    /// false when no start tag was emitted. May suspend on chunked input.
    NextCharactersAreLastStartTagFollowedBy(Vec<Matcher>),
    /// "A permitted slash is a U+002F SOLIDUS character that is immediately followed by a U+003E
    /// GREATER-THAN SIGN, if, and only if, the current token being processed is a start tag token
    /// whose tag name is one of ..." (2008 draft): reads the next input character without
    /// consuming it, and the current tag. May suspend on chunked input.
    PermittedSlash,
}

impl Guard {
    /// Whether evaluating the guard may need more input than has arrived (it looks ahead).
    pub fn may_suspend(&self) -> bool {
        match self {
            Guard::NextCharactersAreLastStartTagFollowedBy(_) | Guard::PermittedSlash => true,
            Guard::All(gs) | Guard::Any(gs) => gs.iter().any(Guard::may_suspend),
            Guard::Not(g) => g.may_suspend(),
            _ => false,
        }
    }

    /// The guard and the guards inside it, outermost first.
    pub fn walk(&self) -> Vec<&Guard> {
        let mut out = vec![self];
        let mut i = 0;
        while i < out.len() {
            match out[i] {
                Guard::All(gs) | Guard::Any(gs) => out.extend(gs.iter()),
                Guard::Not(g) => out.push(g),
                _ => {}
            }
            i += 1;
        }
        out
    }
}

/// What a text-appending verb appends.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Chars {
    /// The current input character.
    Current,
    /// "the lowercase version of the current input character (add 0x0020 ...)".
    CurrentLowercase,
    /// "the uppercase version of the current input character (subtract 0x0020 from the
    /// character's code point)": the DOCTYPE name of the texts of 2006-03-02 to 2007-06-15
    /// (`spec/README.md`, "Text arguments"). Read by the table interpreter only: no compiled
    /// machine uses it, and validation rejects it for one.
    CurrentUppercase,
    /// Literal code points, written `"U+002D U+002D U+0021"`.
    CodePoints(String),
}

/// The spec's verbs. A closed list: each maps to exactly one runtime method of the same name in
/// snake_case.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Action {
    /// "This is a `<code>` parse error."
    Error(String),
    /// "Emit ... as a character token" / "emit a character token for ...".
    EmitChars(Chars),
    /// "Emit a character token for each of the characters in the temporary buffer".
    EmitTempBuffer,
    /// "Create a new start tag token, set its tag name to the empty string."
    CreateStartTag,
    /// "Create a new end tag token, set its tag name to the empty string."
    CreateEndTag,
    AppendToTagName(Chars),
    /// "Start a new attribute in the current tag token. Set that attribute name and value to
    /// the empty string."
    StartAttribute,
    AppendToAttributeName(Chars),
    AppendToAttributeValue(Chars),
    /// "Set the self-closing flag of the current tag token."
    SetSelfClosing,
    /// "Emit the current tag token."
    EmitTag,
    /// XML5 (2016-08-30 draft), end tag state, U+003E: "Emit a short end tag token" (`</>`; the
    /// tree builder pops the current element for it).
    EmitShortEndTag,
    /// "Create a comment token whose data is <the given string>".
    CreateComment(String),
    AppendToComment(Chars),
    /// "Emit the current comment token."
    EmitComment,
    /// "Create a new DOCTYPE token."
    CreateDoctype,
    /// "Set the current DOCTYPE token's name to the empty string" (XML5 does so).
    SetDoctypeNameEmpty,
    AppendToDoctypeName(Chars),
    /// "Set the current DOCTYPE token's public identifier to the empty string (not missing)".
    SetPublicIdEmpty,
    AppendToPublicId(Chars),
    /// "Set the current DOCTYPE token's system identifier to the empty string (not missing)".
    SetSystemIdEmpty,
    AppendToSystemId(Chars),
    /// "Set the current DOCTYPE token's force-quirks flag to on."
    SetForceQuirks,
    /// "Emit the current DOCTYPE token."
    EmitDoctype,
    /// "Set the temporary buffer to the empty string."
    ClearTempBuffer,
    AppendToTempBuffer(Chars),
    /// "Set the return state to the <state>."
    SetReturnState(String),
    /// XML5 (2016-08-30 draft), attribute value states, U+0026: "Switch to character reference
    /// in attribute value state, with the additional allowed character being U+0022 QUOTATION
    /// MARK(")" — the character that, right after the `&`, means "not a character reference"
    /// ("consume a character reference, optionally with an additional allowed character").
    SetAdditionalAllowedCharacter(Chars),
    /// "Flush code points consumed as a character reference."
    FlushCharRef,
    /// Ambiguous ampersand: "If the character reference was consumed as part of an attribute,
    /// then append the current input character to the current attribute's value. Otherwise,
    /// emit the current input character as a character token."
    AppendOrEmitCurrentAsCharRef,
    /// "Set the character reference code to zero (0)."
    ResetCharRefCode,
    /// "Multiply the character reference code by <radix>. Add a numeric version of the current
    /// input character (subtract <offset> from the character's code point)".
    AccumulateCharRefCode {
        radix: u32,
        subtract: u32,
    },
    /// "Convert the temporary buffer to a comment."
    ConvertTempBufferToComment,
    /// "Create a processing instruction token whose target is <temporary buffer> and data is
    /// the empty string."
    CreatePiFromTempBuffer,
    /// "Create a processing instruction token" with empty target and data (XML5).
    CreatePi,
    AppendToPiTarget(Chars),
    AppendToPiData(Chars),
    /// "Emit the current processing instruction token."
    EmitPi,
    /// "When the user agent leaves the attribute name state ... if there is already an attribute
    /// on the token with the exact same name, then this is a duplicate-attribute parse error and
    /// the new attribute must be removed from the token."
    CheckDuplicateAttribute,
    /// "Set the escape flag to true", "the content model flag must be switched to the PCDATA
    /// state": `SetFlag(flag, value)` for a manifest `flags` entry.
    SetFlag(String, String),
    /// The texts of 2006-03-02 to 2007-06-15, DOCTYPE name state, after its list: "If the name of
    /// the DOCTYPE token is exactly the four letters "HTML", then mark the token as being correct.
    /// Otherwise, mark it as being in error." Those texts' DOCTYPE token "can be either correct or
    /// in error", the flag 2007-06-17 calls the correctness flag and 2008-03-02 renames
    /// force-quirks ("[e] (0) Rename the 'correctness' flag to 'force-quirks'"): in error is
    /// force-quirks on, correct is off, so the verb sets force-quirks to whether the name differs
    /// from the given one. Read by the table interpreter only (validation rejects it for a
    /// compiled machine).
    MarkDoctypeCorrectIfNamed(String),
    /// The texts of 2006-03-02 and 2006-03-21, data state, EOF in the title state: "throw away all
    /// the tokens that were emitted since the content model flag was set to the title state, ...
    /// and start reconsuming all the characters that were consumed since that point": the tokens
    /// emitted since the flag (a manifest `flags` entry) was last set are dropped and the input
    /// goes back to where it was set (the next character consumed is the first one after that
    /// point; the flag's start counts as set before the first character). Read by the table
    /// interpreter only (validation rejects it for a compiled machine).
    ReparseSinceFlagSet(String),
}

impl Action {
    /// The text argument of a text verb (`EmitChars`, `AppendTo*`, `SetAdditionalAllowedCharacter`).
    pub fn chars(&self) -> Option<&Chars> {
        match self {
            Action::EmitChars(c)
            | Action::AppendToTagName(c)
            | Action::AppendToAttributeName(c)
            | Action::AppendToAttributeValue(c)
            | Action::AppendToComment(c)
            | Action::AppendToDoctypeName(c)
            | Action::AppendToPublicId(c)
            | Action::AppendToSystemId(c)
            | Action::AppendToTempBuffer(c)
            | Action::AppendToPiTarget(c)
            | Action::AppendToPiData(c)
            | Action::SetAdditionalAllowedCharacter(c) => Some(c),
            _ => None,
        }
    }
}

/// How a case ends. Exactly one per case.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Terminal {
    /// "Switch to the <state>" (the next character is consumed there).
    Switch(String),
    /// "Reconsume in the <state>".
    Reconsume(String),
    /// Stay in this state and consume the next character ("Ignore the character", appends).
    Stay,
    /// "Switch to the return state."
    SwitchToReturnState,
    /// "Reconsume in the return state."
    ReconsumeInReturnState,
    /// "Emit an end-of-file token."
    EmitEof,
    /// "Treat it as per the "anything else" entry below" (after this case's own actions).
    AsAnythingElse,
}

/// An example input for the per-state snapshot tests (html5lib field names).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub input: String,
    #[serde(default, rename = "initial_state")]
    pub initial_state: Option<String>,
    #[serde(default)]
    pub last_start_tag: Option<String>,
    /// The content model flag to start with (2008 draft; html5lib-tests 2007's
    /// `contentModelFlags`): a value of the manifest's `content_model` flag.
    #[serde(default)]
    pub content_model_flag: Option<String>,
}

/// A loaded machine: the manifest, its states in order, and its errors.
#[derive(Debug, Clone)]
pub struct Machine {
    /// The directory under `spec/` the machine was loaded from.
    pub dir: String,
    pub manifest: Manifest,
    /// (file name stem, definition), in manifest order.
    pub states: Vec<(String, StateDef)>,
    pub errors: ErrorList,
    /// Paths read, for the generated header.
    pub sources: Vec<String>,
}
