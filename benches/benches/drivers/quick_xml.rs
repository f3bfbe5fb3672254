//! quick-xml: `Reader::read_event` over a `&str`, reading names and raw attribute values
//! (`events`); and `NsReader` with names resolved, attribute values and references decoded
//! (`namespaced`), the yardstick for XML5 parsing.
//!
//! quick-xml leaves entity references undecoded (it reports them as `GeneralRef` events)
//! and does not normalize attribute values unless asked; that is its events API as people
//! use it for speed, and what the issue measures against.

use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::Event;
use quick_xml::events::attributes::Attribute;
use quick_xml::name::ResolveResult;
use quick_xml::{NsReader, Reader, XmlVersion};
use std::hint::black_box;

/// Every event of every document through `read`, which returns how much it read (`None` at
/// the end of the input). `events` keeps its own loop, as it was when the report's numbers were
/// taken: written with this helper it compiles to 3% fewer instructions, and the yardstick
/// should not move with a refactoring.
fn each_event(docs: &[String], mut read: impl FnMut(Event<'_>) -> Option<usize>) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut reader = Reader::from_str(black_box(doc));
        // Real-world XML (and the nested generator) should not stop the reader early: a
        // parser that gave up halfway would look fast.
        reader.config_mut().check_end_names = false;
        loop {
            match reader.read_event() {
                Ok(event) => match read(event) {
                    Some(n) => total += n,
                    None => break,
                },
                Err(e) => panic!("quick-xml stopped at {}: {e}", reader.buffer_position()),
            }
        }
    }
    total
}

pub fn events(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut reader = Reader::from_str(black_box(doc));
        // Real-world XML (and the nested generator) should not stop the reader early: a
        // parser that gave up halfway would look fast.
        reader.config_mut().check_end_names = false;
        loop {
            match reader.read_event() {
                Ok(Event::Start(e) | Event::Empty(e)) => {
                    total += e.name().as_ref().len();
                    for attr in e.attributes().with_checks(false).flatten() {
                        total += attr.key.as_ref().len() + attr.value.len();
                    }
                }
                Ok(Event::End(e)) => total += e.name().as_ref().len(),
                Ok(Event::Text(e)) => total += e.len(),
                Ok(Event::CData(e)) => total += e.len(),
                Ok(Event::Comment(e) | Event::DocType(e)) => total += e.len(),
                Ok(Event::PI(e)) => total += e.len(),
                Ok(Event::Decl(e)) => total += e.len(),
                Ok(Event::GeneralRef(e)) => total += e.len(),
                Ok(Event::Eof) => break,
                Err(e) => panic!("quick-xml stopped at {}: {e}", reader.buffer_position()),
            }
        }
    }
    total
}

/// [`events`] with quick-xml's duplicate-attribute check on (its default; issue 26: statemark's
/// tokenizer drops duplicates as the draft says, so it cannot skip the check), raw values.
// The criterion bench (`xml.rs`) includes this file too and does not run it.
#[allow(dead_code)]
pub fn events_checked(docs: &[String]) -> usize {
    each_event(docs, |event| match event {
        Event::Start(e) | Event::Empty(e) => {
            let mut attrs = e.attributes();
            attrs.with_checks(true);
            let read = attrs.flatten().map(|a| a.key.as_ref().len() + a.value.len());
            Some(e.name().as_ref().len() + read.sum::<usize>())
        }
        Event::End(e) => Some(e.name().as_ref().len()),
        Event::Text(e) => Some(e.len()),
        Event::CData(e) => Some(e.len()),
        Event::Comment(e) | Event::DocType(e) => Some(e.len()),
        Event::PI(e) => Some(e.len()),
        Event::Decl(e) => Some(e.len()),
        Event::GeneralRef(e) => Some(e.len()),
        Event::Eof => None,
    })
}

/// `Reader::read_event` reading what `statemark::xml5::tokenize` hands over: attribute
/// values unescaped and normalized, duplicate attributes checked (quick-xml's default, where
/// `events` turns the check off), text with line ends normalized, references decoded. Not a
/// criterion benchmark (the report keeps `events`, the yardstick); the `instructions` bench
/// counts it beside `events` so the cost of the decoding `events` skips is visible.
// The criterion bench (`xml.rs`) includes this file too and does not run it.
#[allow(dead_code)]
pub fn events_decoded(docs: &[String]) -> usize {
    each_event(docs, |event| match event {
        Event::Start(e) | Event::Empty(e) => {
            let attrs = e.attributes().flatten();
            let values = attrs
                .map(|a| a.key.as_ref().len() + a.normalized_value(XmlVersion::Implicit1_0).map_or(0, |v| v.len()));
            Some(e.name().as_ref().len() + values.sum::<usize>())
        }
        Event::End(e) => Some(e.name().as_ref().len()),
        event => decoded_len(event),
    })
}

/// The decoded length of an event other than a tag, as both decoding drivers read it; `None`
/// at the end of the input.
fn decoded_len(event: Event<'_>) -> Option<usize> {
    Some(match event {
        Event::Text(e) => e.xml_content(XmlVersion::Implicit1_0).len(),
        Event::CData(e) => e.len(),
        Event::Comment(e) | Event::DocType(e) => e.len(),
        Event::PI(e) => e.len(),
        Event::Decl(e) => e.len(),
        Event::GeneralRef(e) => match e.resolve_char_ref() {
            Ok(Some(c)) => c.len_utf8(),
            _ => resolve_predefined_entity(&e).map_or(e.len(), str::len),
        },
        Event::Start(e) | Event::Empty(e) => e.len(),
        Event::End(e) => e.len(),
        Event::Eof => return None,
    })
}

/// The bytes of a resolved namespace name (0 when unbound or none).
fn ns_len(ns: &ResolveResult<'_>) -> usize {
    match ns {
        ResolveResult::Bound(n) => n.as_ref().len(),
        _ => 0,
    }
}

/// `NsReader::read_resolved_event`: what a parse into a tree must read. Element and attribute
/// names resolved to (namespace, local name), attribute values unescaped and normalized,
/// duplicate attributes checked (quick-xml's default), text with line ends normalized, and
/// character and predefined entity references decoded: the same things
/// `statemark::xml5::parse` does, short of building the tree.
// The criterion bench (`xml.rs`) includes this file too and does not run it.
#[allow(dead_code)]
pub fn namespaced(docs: &[String]) -> usize {
    let mut total = 0;
    for doc in docs {
        let mut reader = NsReader::from_str(black_box(doc));
        reader.config_mut().check_end_names = false;
        loop {
            let (ns, event) = match reader.read_resolved_event() {
                Ok((ns, event)) => (ns_len(&ns), event),
                Err(e) => panic!("quick-xml stopped at {}: {e}", reader.buffer_position()),
            };
            match event {
                Event::Start(e) | Event::Empty(e) => {
                    total += ns + e.local_name().as_ref().len();
                    for attr in e.attributes().flatten() {
                        let Attribute { key, .. } = attr;
                        let (ans, local) = reader.resolver().resolve_attribute(key);
                        total += ns_len(&ans) + local.as_ref().len();
                        total += attr.normalized_value(XmlVersion::Implicit1_0).map_or(0, |v| v.len());
                    }
                }
                Event::End(e) => total += ns + e.local_name().as_ref().len(),
                event => match decoded_len(event) {
                    Some(n) => total += n,
                    None => break,
                },
            }
        }
    }
    total
}
