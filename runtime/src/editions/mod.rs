//! Older editions of the HTML tokenizer: each is a machine of its own, generated from
//! `spec/<edition>/` by the same generator, run by the same [driver](crate::driver), and compiled
//! only behind its cargo feature (off by default), so users of today's parser pay nothing.
//!
//! An edition answers "what did this text say?": run it beside [`crate::html`] to see what
//! changed between editions.

#[cfg(feature = "edition-html2017")]
pub mod html2017;

#[cfg(feature = "edition-html2008")]
pub mod html2008;

/// What the older editions' reference algorithms share: the 12.2.4 text's "consume a character
/// reference" and the 2008 draft's "consume an entity" both decide a whole reference at once
/// and hand the result to the state that called them, which emits it or appends it to the
/// attribute value (or a U+0026 when nothing was returned) and returns to the return state.
#[cfg(any(feature = "edition-html2017", feature = "edition-html2008"))]
pub(crate) mod reference {
    use crate::core::{Src, Step};
    use crate::driver::{Drive, Tokenizer};

    /// What consuming a reference gave.
    pub(crate) enum Outcome {
        /// More input is needed to decide.
        Suspend,
        /// "Nothing is returned": no characters are consumed.
        Nothing,
        /// The reference ends at `end` (exclusive) and returns `text`.
        Returned { end: usize, text: Returned },
    }

    /// The character tokens a reference returns.
    pub(crate) enum Returned {
        Named(&'static str),
        Numeric(char),
    }

    impl<'i, M: Drive<'i, S>, S> Tokenizer<'i, M, S> {
        /// "If nothing is returned, emit a U+0026 AMPERSAND character token" / "append a U+0026
        /// AMPERSAND character to the current attribute's value"; "Otherwise, emit the character
        /// token(s) that were returned" / "append the returned character token(s) to the current
        /// attribute's value"; then back to the return state. Suspends having changed nothing.
        pub(crate) fn finish_reference(&mut self, outcome: Outcome, in_attribute: bool) -> Step {
            match outcome {
                Outcome::Suspend => return Step::Suspend,
                Outcome::Nothing if in_attribute => self.core.append_to_attribute_value(Src::Str("&")),
                Outcome::Nothing => self.core.emit_chars(Src::Str("&")),
                Outcome::Returned { end, text } => {
                    self.core.pos = end;
                    self.core.cur = end - 1;
                    let mut utf8 = [0; 4];
                    let s = match text {
                        Returned::Named(s) => s,
                        Returned::Numeric(c) => c.encode_utf8(&mut utf8),
                    };
                    self.core.flush_replacement(s, in_attribute);
                }
            }
            self.state = self.return_state;
            Step::Continue
        }
    }
}
