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
