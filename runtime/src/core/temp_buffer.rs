//! The temporary buffer (spec: #temporary-buffer) and the character reference verbs that use
//! it: "flush code points consumed as a character reference" (into the attribute value or the
//! character run), the replacement of a matched reference, and the numeric reference's code.

use super::*;

impl<'i> Core<'i> {
    /// Append input bytes `start..end` (ASCII, from a lookahead or a match) to the temporary
    /// buffer.
    #[inline]
    pub fn append_input_to_temp(&mut self, start: usize, end: usize) {
        self.temp.push_run(&self.input, start, end);
    }

    #[inline]
    pub fn clear_temp_buffer(&mut self) {
        self.temp.clear();
    }

    /// Always inlined: each call site passes a constant `src`, so only its own arm remains
    /// (for "append U+0026 after consuming '&'", a byte compare and two stores).
    #[inline(always)]
    pub fn append_to_temp_buffer(&mut self, src: Src) {
        // The tables append the character they just matched by name ("append U+0026 to the
        // temporary buffer" after consuming '&'): it is the current input character, so the
        // buffer can stay a span.
        let src = match src {
            Src::Str(s) if self.input.as_bytes().get(self.cur..self.pos) == Some(s.as_bytes()) => {
                Src::Run(self.cur, self.pos)
            }
            other => other,
        };
        Self::push(&self.input, self.cur, self.pos, &mut self.temp, src, self.replace_nul);
    }

    pub fn temp_buffer_is_script(&self) -> bool {
        self.temp.as_str(&self.input) == "script"
    }

    /// Target is an ASCII case-insensitive match for "xml" or "xml-stylesheet".
    pub fn temp_buffer_is_disallowed_pi_target(&self) -> bool {
        let t = self.temp.as_str(&self.input);
        t.eq_ignore_ascii_case("xml") || t.eq_ignore_ascii_case("xml-stylesheet")
    }

    /// "Flush code points consumed as a character reference", given whether the reference was
    /// consumed as part of an attribute (which depends on the machine's return state). The
    /// buffer is then always the consumed input itself ("&", "&#", "&#x", "&" and a name kept
    /// for historical reasons), so this appends an input run.
    #[inline]
    pub fn flush_temp(&mut self, in_attribute: bool) {
        match self.temp.span() {
            Some(_) if in_attribute && self.attribute_values == Values::Skip => {}
            Some((start, end)) if in_attribute => self.attr_value.push_run(&self.input, start, end),
            // The buffer ends at the next input character (`pos`), or at the current one, which
            // is then reconsumed (and `reconsume` pulls the emitted end back to it): either way
            // the emitted input ends where the run does, as with `emit_str_for_consumed`.
            Some((start, end)) => self.emit_chars(Src::Run(start, end)),
            None => {
                let mut t = std::mem::take(&mut self.temp);
                let text = t.owned(&self.input);
                if in_attribute {
                    if self.attribute_values != Values::Skip {
                        self.attr_value.push_str(&self.input, text);
                    }
                } else {
                    self.emit_str_for_consumed(text);
                }
                self.temp = t;
            }
        }
    }

    /// The end of a character reference that stands for `text`: the text is appended to the
    /// attribute value or emitted, standing for all the input consumed since the '&'. This is
    /// the spec's "set the temporary buffer to the replacement, then flush", without the copy
    /// into the buffer: nothing reads the buffer before the next reference or state clears it.
    #[inline]
    pub fn flush_replacement(&mut self, text: &str, in_attribute: bool) {
        if in_attribute {
            if self.attribute_values != Values::Skip {
                self.attr_value.push_str(&self.input, text);
            }
        } else {
            self.emit_str_for_consumed(text);
        }
    }

    /// A reference that ends here, standing for `text`: `flush_replacement`, except that with
    /// raw attribute values a reference in an attribute is appended as written, from its '&'
    /// up to the next input character (`rest_from`: where the part not in the temporary buffer
    /// starts, a matched name; `None`: the current character, a numeric reference's ';' or
    /// nothing). Only the attribute path tests the mode, so text pays nothing.
    #[inline]
    pub fn flush_reference(&mut self, text: &str, in_attribute: bool, rest_from: Option<usize>) {
        if in_attribute {
            match self.attribute_values {
                Values::Decoded => self.attr_value.push_str(&self.input, text),
                Values::Raw => self.flush_reference_as_written(rest_from),
                Values::Skip => {}
            }
        } else {
            self.emit_str_for_consumed(text);
        }
    }

    /// Raw implies the values are kept (`set_reads`).
    #[inline(never)]
    fn flush_reference_as_written(&mut self, rest_from: Option<usize>) {
        match self.temp.span() {
            // The buffer is still the input from the reference's '&' on (always, for whole
            // input: every character the states append to it is the current one), so the
            // reference is the input from there to here.
            Some((start, _)) => self.attr_value.push_run(&self.input, start, self.pos),
            // Chunked input dropped the start: the buffer holds the '&', '#', 'x' and digits
            // (`raw_digits`), the input the rest.
            None => {
                self.flush_temp(true);
                self.attr_value.push_run(&self.input, rest_from.unwrap_or(self.cur), self.pos);
            }
        }
    }

    #[inline]
    pub fn reset_char_ref_code(&mut self) {
        self.char_ref_code = 0;
    }

    /// Multiply and add; stops growing above U+10FFFF, which the end state treats alike. The
    /// code stays at most 0x110000, so `code * 16 + 15` cannot overflow a `u32`.
    #[inline]
    pub fn accumulate_char_ref_code(&mut self, radix: u32, subtract: u32) {
        let digit = u32::from(self.input.as_bytes()[self.cur]).wrapping_sub(subtract) & 0xF;
        self.char_ref_code = (self.char_ref_code * radix + digit).min(0x11_0000);
        // Raw values of chunked input keep the digits with the reference's other consumed
        // characters: the input may drop them before the reference ends.
        if self.raw_digits {
            self.temp.push_run(&self.input, self.cur, self.pos);
        }
    }
}
