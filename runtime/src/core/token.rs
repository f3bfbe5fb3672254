//! The token under construction and the spec's verbs that build it (spec:
//! #tokenization, "create a start tag token", "append to the current tag token's tag name",
//! "start a new attribute", ...): tags and their attributes (duplicates dropped, with the
//! error), comments, DOCTYPEs and processing instructions, each taken whole when emitted.

use super::*;

/// The bit of an attribute name in `Core::attr_filter`: equal names have equal bits.
#[inline(always)]
fn name_bit(name: &[u8]) -> u64 {
    let (first, last) = match name {
        [] => (0, 0),
        [f, .., l] => (*f, *l),
        [f] => (*f, *f),
    };
    1 << ((name.len() as u32 * 7 + u32::from(first) * 3 + u32::from(last)) & 63)
}

impl<'i> Core<'i> {
    // ----- tags -----

    #[inline(always)]
    fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        self.tag_name.clear();
        self.attrs.clear();
        self.attr_filter = 0;
        if self.attr_indexed != 0 {
            self.attr_index.clear();
            self.attr_indexed = 0;
        }
        self.has_attr = false;
        self.attr_dropped = false;
        self.self_closing = false;
    }

    #[inline]
    pub fn create_start_tag(&mut self) {
        self.new_tag(TagKind::Start);
    }

    #[inline]
    pub fn create_end_tag(&mut self) {
        self.new_tag(TagKind::End);
    }

    #[inline]
    pub fn append_to_tag_name(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.tag_name, src, self.replace_nul);
    }

    pub fn tag_name(&self) -> &str {
        self.tag_name.as_str(&self.input)
    }

    /// Move the current attribute into the tag's list, unless it was dropped as a duplicate.
    #[inline(always)]
    fn commit_attribute(&mut self) {
        if self.has_attr {
            self.commit_attribute_now();
        }
    }

    fn commit_attribute_now(&mut self) {
        self.has_attr = false;
        if self.attr_dropped {
            self.attr_name.clear();
            self.attr_value.clear();
            self.attr_dropped = false;
        } else {
            let name = self.attr_name.take(&self.input);
            let value = self.attr_value.take(&self.input);
            self.attr_filter |= name_bit(name.as_bytes());
            if self.attrs.len() == self.attrs.capacity() {
                self.grow_attributes();
            }
            self.attrs.push(Attribute { name, value });
        }
    }

    /// Room for one more attribute. The list is empty when the last tag's token took it (the
    /// iterator's tokens keep theirs): then room for a few at once, allocated directly rather
    /// than through `push`'s growth path.
    #[cold]
    #[inline(never)]
    fn grow_attributes(&mut self) {
        if self.attrs.capacity() == 0 {
            // A list the lending iterator took back, else a new one.
            self.attrs = self.spare_lists.pop().unwrap_or_else(|| Vec::with_capacity(4));
        } else {
            self.attrs.reserve(1);
        }
    }

    pub fn start_attribute(&mut self) {
        // Without names to keep there is no attribute: nothing to commit, check or drop.
        if self.keep_attribute_names {
            self.commit_attribute();
            self.has_attr = true;
        }
    }

    #[inline]
    pub fn append_to_attribute_name(&mut self, src: Src) {
        if self.keep_attribute_names {
            Self::push(&self.input, self.cur, self.pos, &mut self.attr_name, src, self.replace_nul);
        }
    }

    /// With raw values every append stands for input: a run as it is, anything else (the
    /// current character, CR and CRLF included, or its replacement: U+FFFD for NUL, XML5's '&'
    /// that is not a reference) for the current input character as written. Always inlined,
    /// each call site passing a constant `src`: a run's site and the current character's usual
    /// path (a character that is neither CR nor NUL, which both modes append as written) test
    /// nothing more than before raw values existed.
    #[inline(always)]
    pub fn append_to_attribute_value(&mut self, src: Src) {
        if self.attribute_values == Values::Skip {
            return;
        }
        match src {
            Src::Run(a, b) => self.attr_value.push_run(&self.input, a, b),
            Src::Current if !matches!(self.input.as_bytes()[self.cur], b'\r' | 0) => {
                self.attr_value.push_run(&self.input, self.cur, self.pos)
            }
            _ => self.append_rare_to_attribute_value(src),
        }
    }

    /// CR, NUL or a replacement: decoded, or the current input character as written.
    #[inline(never)]
    fn append_rare_to_attribute_value(&mut self, src: Src) {
        let src = if self.attribute_values == Values::Raw { Src::Run(self.cur, self.pos) } else { src };
        Self::push(&self.input, self.cur, self.pos, &mut self.attr_value, src, self.replace_nul);
    }

    /// The current attribute's value, taken (the attribute decoders read it after running the
    /// value states over a raw value).
    pub fn take_attribute_value(&mut self) -> Cow<'i, str> {
        self.attr_value.take(&self.input)
    }

    /// Whether the current attribute's name is already on the tag; if so it is dropped (its
    /// value is still collected and then discarded). Linear in the number of attributes overall:
    /// past eight, a hash of each committed name indexes the first attribute with it.
    #[inline(always)]
    pub fn drop_duplicate_attribute(&mut self) -> bool {
        // Inline: no attribute (a sink that reads none), or none yet on the tag.
        if !self.has_attr || self.attr_filter == 0 {
            return false;
        }
        // Inline too: a name whose bit is clear (most names) is not on the tag; the bit needs
        // only the name's bytes.
        if self.attr_filter & name_bit(self.attr_name.as_bytes(self.input.as_bytes())) == 0 {
            return false;
        }
        self.drop_duplicate_attribute_slow()
    }

    /// A name whose bit is set: compare names (few) or look the name up by its hash (many).
    fn drop_duplicate_attribute_slow(&mut self) -> bool {
        let input: &str = &self.input;
        let name = self.attr_name.as_str(input);
        let dup = if self.attrs.len() <= 8 {
            self.attrs.iter().any(|a| a.name == name)
        } else {
            use std::hash::BuildHasher;
            for i in self.attr_indexed..self.attrs.len() {
                let h = self.attr_hasher.hash_one(&*self.attrs[i].name);
                self.attr_index.entry(h).or_insert(i);
            }
            self.attr_indexed = self.attrs.len();
            let h = self.attr_hasher.hash_one(name);
            match self.attr_index.get(&h) {
                None => false,
                Some(&i) if self.attrs[i].name == name => true,
                // A true hash collision: fall back to comparing every name.
                Some(_) => self.attrs.iter().any(|a| a.name == name),
            }
        };
        if dup {
            self.attr_dropped = true;
        }
        dup
    }

    #[inline]
    pub fn set_self_closing(&mut self) {
        self.self_closing = true;
    }

    /// Take an emptied attribute list back for the next tag (see `Sink::spare_attributes`).
    #[inline]
    pub fn reuse_attributes(&mut self, mut spare: Vec<Attribute<'i>>) {
        if self.attrs.capacity() == 0 {
            spare.clear();
            self.attrs = spare;
        }
    }

    /// The finished tag without its attribute list, for a sink that reads no attributes: its
    /// name, self-closing flag, and whether it has attributes (names are kept while errors are
    /// on, for the end tag's error). The attribute buffers are emptied for the next tag; the
    /// list keeps its allocation.
    #[inline(always)]
    pub fn take_tag_parts(&mut self) -> (Cow<'i, str>, bool, bool) {
        let has_attributes = self.has_attr || !self.attrs.is_empty();
        if self.has_attr {
            self.attr_name.clear();
            self.attr_value.clear();
            self.has_attr = false;
            self.attr_dropped = false;
        }
        if !self.attrs.is_empty() {
            self.attrs.clear();
        }
        if self.attr_indexed != 0 {
            self.attr_index.clear();
            self.attr_indexed = 0;
        }
        (self.tag_name.take_known(&self.input, self.known_tag_name), self.self_closing, has_attributes)
    }

    /// The finished tag.
    #[inline(always)]
    pub fn take_tag(&mut self) -> Tag<'i> {
        self.commit_attribute();
        let name = self.tag_name.take_known(&self.input, self.known_tag_name);
        // A tag without attributes gets an unallocated list; the core keeps any capacity.
        let attributes = if self.attrs.is_empty() { Vec::new() } else { std::mem::take(&mut self.attrs) };
        if self.attr_indexed != 0 {
            self.attr_index.clear();
            self.attr_indexed = 0;
        }
        Tag { name, attributes, self_closing: self.self_closing }
    }

    // ----- comments -----

    pub fn create_comment(&mut self, data: &'static str) {
        self.comment.clear();
        if !data.is_empty() {
            self.comment.push_str(&self.input, data);
        }
    }

    #[inline]
    pub fn append_to_comment(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.comment, src, self.replace_nul);
    }

    pub fn take_comment(&mut self) -> Cow<'i, str> {
        self.comment.take(&self.input)
    }

    /// "Convert the temporary buffer to a comment": data is "?" and the temporary buffer.
    pub fn convert_temp_buffer_to_comment(&mut self) {
        self.comment.clear();
        self.comment.push_str(&self.input, "?");
        self.comment.push_str(&self.input, self.temp.as_str(&self.input));
    }

    // ----- DOCTYPE -----

    pub fn create_doctype(&mut self) {
        self.doctype = DoctypeBuf::default();
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub fn set_doctype_name_empty(&mut self) {
        self.doctype.name = Some(TextBuf::default());
    }

    pub fn append_to_doctype_name(&mut self, src: Src) {
        let buf = self.doctype.name.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src, self.replace_nul);
    }

    pub fn set_public_id_empty(&mut self) {
        self.doctype.public_id = Some(TextBuf::default());
    }

    pub fn append_to_public_id(&mut self, src: Src) {
        let buf = self.doctype.public_id.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src, self.replace_nul);
    }

    pub fn set_system_id_empty(&mut self) {
        self.doctype.system_id = Some(TextBuf::default());
    }

    pub fn append_to_system_id(&mut self, src: Src) {
        let buf = self.doctype.system_id.get_or_insert_with(TextBuf::default);
        Self::push(&self.input, self.cur, self.pos, buf, src, self.replace_nul);
    }

    pub fn set_force_quirks(&mut self) {
        self.doctype.force_quirks = true;
    }

    pub fn take_doctype(&mut self) -> Doctype<'i> {
        let mut d = std::mem::take(&mut self.doctype);
        let input = &self.input;
        Doctype {
            name: d.name.as_mut().map(|t| t.take(input)),
            public_id: d.public_id.as_mut().map(|t| t.take(input)),
            system_id: d.system_id.as_mut().map(|t| t.take(input)),
            force_quirks: d.force_quirks,
        }
    }

    // ----- processing instructions -----

    pub fn create_pi_from_temp_buffer(&mut self) {
        self.pi_target.clear();
        self.pi_data.clear();
        self.pi_target.push_str(&self.input, self.temp.as_str(&self.input));
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub fn create_pi(&mut self) {
        self.pi_target.clear();
        self.pi_data.clear();
    }

    #[allow(dead_code)] // a verb of the XML5 tables (issue 4); the HTML tables do not use it
    pub fn append_to_pi_target(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.pi_target, src, self.replace_nul);
    }

    #[inline]
    pub fn append_to_pi_data(&mut self, src: Src) {
        Self::push(&self.input, self.cur, self.pos, &mut self.pi_data, src, self.replace_nul);
    }

    pub fn take_pi(&mut self) -> ProcessingInstruction<'i> {
        let target = self.pi_target.take(&self.input);
        let data = self.pi_data.take(&self.input);
        ProcessingInstruction { target, data }
    }
}
