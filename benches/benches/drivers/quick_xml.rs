//! quick-xml: `Reader::read_event` over a `&str`, reading names and raw attribute values.
//!
//! quick-xml leaves entity references undecoded (it reports them as `GeneralRef` events)
//! and does not normalize attribute values unless asked; that is its events API as people
//! use it for speed, and what the issue measures against.

use quick_xml::Reader;
use quick_xml::events::Event;
use std::hint::black_box;

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
