//! The tree-building interface: what a tree builder hands a tree and the names it hands over
//! ([`TreeSink`], [`Location`], [`QuirksMode`], the scripting modes; [`Namespace`],
//! [`QualName`], [`Attrs`]; the [`KnownName`]s and the hasher both sides' tables use). Layer:
//! below both tree builders (`html::tree`, `xml5::tree`) and the DOM, which all import it; it
//! imports none of them, as markup5ever sits below html5ever and its DOMs. Its public items
//! are re-exported where users know them: the names under [`dom`](crate::dom), the sink under
//! [`html::tree`](crate::html::tree).

mod hash;
pub(crate) mod known;
mod names;
mod sink;
pub(crate) mod xml_chars;

pub(crate) use hash::{FastMap, FastState};
pub use known::KnownName;
pub use names::{Attr, AttrRef, Attrs, Name, Namespace, QualName, QualNameRef};
pub use sink::{Location, QuirksMode, ScriptFlags, ScriptingMode, TreeSink};
