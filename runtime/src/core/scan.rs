//! Bulk scans: [`StopSet`], a set of bytes built at compile time, and the scan to the next
//! byte in it (many bytes a step where the set is small). The derived fast paths of the
//! generated states, the input check and the serializer's escaping all scan with it.

/// A set of bytes, as a lookup table built at compile time. A set of at most eight bytes also
/// keeps them as needles, so the scan can test many bytes at a time: sixteen per step with SSE2
/// on x86_64 (part of that architecture's baseline), eight per step in a `u64` elsewhere.
pub(crate) struct StopSet {
    pub table: [bool; 256],
    /// Each needle repeated sixteen times: the vectors the wide scan compares with.
    splat: [[u8; 16]; 8],
    /// Number of distinct bytes; the wide scan applies when it is at most 8.
    count: usize,
    /// The runs this set ends are mostly empty or one byte: test the first two bytes alone
    /// before a block ([`between_tokens`](Self::between_tokens)).
    short_runs: bool,
}

impl StopSet {
    pub const fn new(bytes: &[u8]) -> StopSet {
        let mut table = [false; 256];
        let mut needles = [0u8; 8];
        let mut count = 0;
        let mut i = 0;
        while i < bytes.len() {
            if !table[bytes[i] as usize] {
                if count < 8 {
                    needles[count] = bytes[i];
                }
                count += 1;
            }
            table[bytes[i] as usize] = true;
            i += 1;
        }
        // Unused needle slots repeat the first needle, which changes nothing.
        let mut k = if count < 8 { count } else { 8 };
        while k < 8 {
            needles[k] = needles[0];
            k += 1;
        }
        let mut splat = [[0u8; 16]; 8];
        let mut k = 0;
        while k < 8 {
            splat[k] = [needles[k]; 16];
            k += 1;
        }
        StopSet { table, splat, count, short_runs: false }
    }

    /// The set of a state the fused path comes back to after each token (the data state; the
    /// generator derives which: `codegen/src/fuse.rs`). The runs such a state scans lie between
    /// tokens and are mostly empty or one byte (on the big page of issue 26, 63% of the data
    /// state's 238k runs: `><`, `>\n<`), and a sixteen-byte block costs about nineteen
    /// instructions however early the run ends; the first two bytes through the table (a load
    /// and a test each) decide those. Elsewhere (attribute values, names) the test only adds.
    pub const fn between_tokens(bytes: &[u8]) -> StopSet {
        let mut set = StopSet::new(bytes);
        set.short_runs = true;
        set
    }

    /// Index of the first byte of `hay[from..]` in the set, or `hay.len()`.
    #[inline(always)]
    pub(crate) fn find(&self, hay: &[u8], from: usize) -> usize {
        let from = if self.short_runs {
            let n = hay.len();
            let Some(&b) = hay.get(from) else { return n };
            if self.table[b as usize] {
                return from;
            }
            let Some(&b) = hay.get(from + 1) else { return n };
            if self.table[b as usize] {
                return from + 1;
            }
            from + 2
        } else {
            from
        };
        if self.count <= 8 {
            return self.find_wide(hay, from);
        }
        // Through the table, sixteen bytes to a block with one bounds test per block (unrolled:
        // a load and a table test per byte); the runs such sets end (names) are short, so most
        // scans end inside their first block (issue 13: 7 instructions a byte before, ~3 now).
        // The blocks end at `last` (no `i + 16` to test for overflow on each scan: ~3
        // instructions of the ~15 a tag or attribute name's scan costs).
        let mut i = from;
        if let Some(last) = hay.len().checked_sub(16) {
            while i <= last {
                for k in 0..16 {
                    if self.table[hay[i + k] as usize] {
                        return i + k;
                    }
                }
                i += 16;
            }
        }
        while i < hay.len() && !self.table[hay[i] as usize] {
            i += 1;
        }
        i
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn find_wide(&self, hay: &[u8], from: usize) -> usize {
        use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128};
        // A plain function of its arguments, not a closure: a closure's captures (`hay`, the
        // needles, `few`) were spilled to the stack on every call of the scan (~8 instructions
        // per scan, issue 13); arguments stay in registers.
        // SAFETY (every `unsafe` below): SSE2 is part of the x86_64 baseline, so its intrinsics
        // are always available; the needle loads read 16-byte arrays; the input load is bounded
        // by `at + 16 <= hay.len()`, which the assert states and every call below guarantees.
        #[inline(always)]
        fn hits(splat: &[[u8; 16]; 8], few: bool, hay: &[u8], at: usize) -> u32 {
            assert!(at + 16 <= hay.len());
            unsafe {
                let n = |k: usize| _mm_loadu_si128(splat[k].as_ptr().cast::<__m128i>());
                let v = _mm_loadu_si128(hay.as_ptr().add(at).cast::<__m128i>());
                let mut m = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, n(0)), _mm_cmpeq_epi8(v, n(1))),
                    _mm_or_si128(_mm_cmpeq_epi8(v, n(2)), _mm_cmpeq_epi8(v, n(3))),
                );
                if !few {
                    m = _mm_or_si128(
                        m,
                        _mm_or_si128(
                            _mm_or_si128(_mm_cmpeq_epi8(v, n(4)), _mm_cmpeq_epi8(v, n(5))),
                            _mm_or_si128(_mm_cmpeq_epi8(v, n(6)), _mm_cmpeq_epi8(v, n(7))),
                        ),
                    );
                }
                _mm_movemask_epi8(m) as u32
            }
        }
        let few = self.count <= 4;
        let splat = &self.splat;
        let mut i = from;
        while i + 16 <= hay.len() {
            let m = hits(splat, few, hay, i);
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i >= hay.len() {
            return hay.len();
        }
        if hay.len() >= 16 {
            // The last sixteen bytes, ignoring those before `i` (already scanned).
            let at = hay.len() - 16;
            let m = hits(splat, few, hay, at) >> (i - at);
            return if m != 0 { i + m.trailing_zeros() as usize } else { hay.len() };
        }
        while i < hay.len() && !self.table[hay[i] as usize] {
            i += 1;
        }
        i
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn find_wide(&self, hay: &[u8], from: usize) -> usize {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        let n = self.splat.map(|v| u64::from(v[0]) * LO);
        let mut i = from;
        while i + 8 <= hay.len() {
            let mut word = [0u8; 8];
            word.copy_from_slice(&hay[i..i + 8]);
            let w = u64::from_le_bytes(word);
            // A byte of `w ^ needle` is zero exactly where `w` has the needle; the lowest set
            // bit of the "has zero byte" test marks the first such byte.
            let z = |x: u64| x.wrapping_sub(LO) & !x & HI;
            let hit = n.iter().fold(0, |acc, &m| acc | z(w ^ m));
            if hit != 0 {
                return i + (hit.trailing_zeros() / 8) as usize;
            }
            i += 8;
        }
        while i < hay.len() && !self.table[hay[i] as usize] {
            i += 1;
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::StopSet;

    #[test]
    fn word_scan_finds_what_the_table_finds() {
        let sets: [&[u8]; 5] = [b"<", b"&<\0\r", b"\"&\0\r", b"abcdefg", b"abcdefghijk"];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for set in sets {
            for stop in [StopSet::new(set), StopSet::between_tokens(set)] {
                for len in 0..64 {
                    for _ in 0..50 {
                        let hay: Vec<u8> = (0..len)
                            .map(|_| {
                                seed ^= seed << 13;
                                seed ^= seed >> 7;
                                seed ^= seed << 17;
                                // Mostly bytes outside the set, some inside, some high bytes.
                                match seed % 16 {
                                    0 => set[(seed as usize / 16) % set.len()],
                                    1 => 0x80 | (seed >> 8) as u8,
                                    _ => b'a' + ((seed >> 8) % 5) as u8 + 16,
                                }
                            })
                            .collect();
                        for from in 0..=hay.len() {
                            let want = (from..hay.len()).find(|&i| stop.table[hay[i] as usize]).unwrap_or(hay.len());
                            assert_eq!(stop.find(&hay, from), want, "set {set:?} hay {hay:?} from {from}");
                        }
                    }
                }
            }
        }
    }
}
