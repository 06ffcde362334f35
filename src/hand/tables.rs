//! Per-suit lookup tables for the fast completeness and wait checks.
//!
//! A complete hand's sets never straddle suits, so whether a hand is
//! complete is a question per suit: every suit must split into sets only,
//! except exactly one which splits into sets and the pair. Each suit's
//! count vector, read as a base-5 number (digit `k` = copies of the suit's
//! `k`-th kind), indexes a table built once per process that answers both
//! questions, and also which single tile added to the suit would make it
//! "sets only" or "sets + pair". With that, the waits of a hand are a few
//! bit operations over the four suits instead of 34 trial insertions.
//!
//! The tables are filled from the complete shapes rather than by testing
//! every vector: starting from the empty suit, sets are added one at a
//! time (at most four, never a fifth copy), which yields every "sets only"
//! vector; a pair added to each of those yields every "sets + pair"
//! vector; and each complete vector marks, for every kind it holds, the
//! vector with one tile of that kind less as completed by that kind. Only
//! vectors of at most 14 tiles occur in hands, so larger ones read as
//! neither.

use std::sync::OnceLock;

use super::Counts;
use super::decompose::{ORPHAN_SET, ORPHANS};
use crate::tile::KINDS;

/// The suit splits into sets only (no tiles counts as sets only).
pub(super) const SETS: u32 = 1;
/// The suit splits into sets and one pair.
pub(super) const SETS_PAIR: u32 = 1 << 1;
/// Bits 2–10: adding the suit's kind `k` gives a "sets only" vector.
const ADD_SETS_SHIFT: u32 = 2;
/// Bits 11–19: adding the suit's kind `k` gives a "sets + pair" vector.
const ADD_PAIR_SHIFT: u32 = 11;
const NINE_BITS: u32 = 0x1ff;

/// Powers of five, the digit weights of a suit index.
pub(super) const POW5: [usize; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625, 1_953_125];

/// The largest number of tiles in one suit a table answers for.
pub(super) const MAX_SUIT_TILES: u32 = 14;

/// The tables for the two shapes of suit.
pub(crate) struct Tables {
    /// Man, pin and sou: 9 kinds, sequences allowed, 5^9 entries.
    pub(super) number: Box<[u32]>,
    /// Which entries of `number` are not zero, 64 a word (244 KB, where
    /// the whole table is 8 MB): most hands are turned away on it.
    pub(super) number_any: Box<[u64]>,
    /// Honours: 7 kinds, triplets only, 5^7 entries.
    pub(super) honour: Box<[u32]>,
}

/// The process-wide tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let number = build(9, true);
        let mut number_any = vec![0u64; number.len().div_ceil(64)];
        for (i, e) in number.iter().enumerate() {
            if *e != 0 {
                number_any[i / 64] |= 1 << (i % 64);
            }
        }
        Tables {
            number,
            number_any: number_any.into_boxed_slice(),
            honour: build(7, false),
        }
    })
}

/// A suit vector being generated: its index and digits.
type Shape = (usize, [u8; 9]);

/// Fills the table for a suit of `kinds` kinds.
///
/// Complete shapes are few (2,869 "sets only" and 18,874 "sets + pair"
/// vectors for a number suit), so they are generated from the empty
/// suit by adding sets one at a time, and each one then marks the vectors
/// one tile short of it. Nothing walks the two million indices.
fn build(kinds: usize, sequences: bool) -> Box<[u32]> {
    let mut table = vec![0u32; POW5[kinds]];
    let sets_only = sets_only_shapes(kinds, sequences, &mut table);
    // Sets + pair: a pair added to a sets-only shape of at most 12 tiles.
    let mut with_pair = Vec::new();
    for (index, digits) in &sets_only {
        for k in 0..kinds {
            if digits[k] <= 2 && table[index + 2 * POW5[k]] & SETS_PAIR == 0 {
                table[index + 2 * POW5[k]] |= SETS_PAIR;
                let mut grown = *digits;
                grown[k] += 2;
                with_pair.push((index + 2 * POW5[k], grown));
            }
        }
    }
    // One tile short of a shape: every vector it covers with one less.
    for (shapes, shift) in [(&sets_only, ADD_SETS_SHIFT), (&with_pair, ADD_PAIR_SHIFT)] {
        for (index, digits) in shapes.iter() {
            for (k, &d) in digits[..kinds].iter().enumerate() {
                if d > 0 {
                    table[index - POW5[k]] |= 1 << (shift + k as u32);
                }
            }
        }
    }
    table.into_boxed_slice()
}

/// Marks and returns the suits that split into at most four sets.
fn sets_only_shapes(kinds: usize, sequences: bool, table: &mut [u32]) -> Vec<Shape> {
    // Each set as (first kind, how many kinds it spans, copies of each).
    let mut sets: Vec<(usize, usize, u8)> = (0..kinds).map(|k| (k, 1, 3)).collect();
    if sequences {
        sets.extend((0..kinds.saturating_sub(2)).map(|k| (k, 3, 1)));
    }
    let mut all: Vec<Shape> = vec![(0, [0; 9])];
    table[0] |= SETS;
    let mut level_start = 0;
    for _ in 0..4 {
        let level_end = all.len();
        for at in level_start..level_end {
            let (index, digits) = all[at];
            for &(first, span, copies) in &sets {
                let fits = (first..first + span).all(|k| digits[k] + copies <= 4);
                if !fits {
                    continue;
                }
                let mut grown = digits;
                let mut grown_index = index;
                for k in first..first + span {
                    grown[k] += copies;
                    grown_index += usize::from(copies) * POW5[k];
                }
                if table[grown_index] & SETS == 0 {
                    table[grown_index] |= SETS;
                    all.push((grown_index, grown));
                }
            }
        }
        level_start = level_end;
    }
    all
}

/// The suit vectors of at most [`MAX_SUIT_TILES`] tiles, in increasing
/// index order, as (index, digits, digit sum). Skipping the larger ones
/// (about four in five of the 5^9) is most of what keeps the build fast.
pub(super) struct SmallVectors {
    kinds: usize,
    digits: [u8; 9],
    total: u32,
    index: usize,
    done: bool,
}

impl SmallVectors {
    pub(super) const fn new(kinds: usize) -> Self {
        Self {
            kinds,
            digits: [0; 9],
            total: 0,
            index: 0,
            done: false,
        }
    }
}

impl Iterator for SmallVectors {
    type Item = (usize, [u8; 9], u32);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = (self.index, self.digits, self.total);
        // Next index: increment with carry, a digit counting as full when
        // the suit already holds the maximum number of tiles.
        let mut pos = 0;
        loop {
            let Some(d) = self.digits.get_mut(pos).filter(|_| pos < self.kinds) else {
                self.done = true;
                break;
            };
            if *d < 4 && self.total < MAX_SUIT_TILES {
                *d += 1;
                self.total += 1;
                self.index += POW5[pos];
                break;
            }
            self.total -= u32::from(*d);
            self.index -= usize::from(*d) * POW5[pos];
            *d = 0;
            pos += 1;
        }
        Some(item)
    }
}

/// A hand's four suit entries (man, pin, sou, honours). The caller has
/// checked that no count exceeds four.
fn suit_entries(counts: &[u8; KINDS]) -> [u32; 4] {
    let t = tables();
    let index = |kinds: &[u8]| {
        kinds
            .iter()
            .rev()
            .fold(0usize, |acc, &d| acc * 5 + usize::from(d))
    };
    let entry = |table: &[u32], i: usize| table.get(i).copied().unwrap_or(0);
    [
        entry(&t.number, index(&counts[0..9])),
        entry(&t.number, index(&counts[9..18])),
        entry(&t.number, index(&counts[18..27])),
        entry(&t.honour, index(&counts[27..34])),
    ]
}

/// Whether the counts are a possible concealed part of `residue` mod 3 tiles.
fn plausible(counts: &Counts, residue: u32) -> bool {
    let total = counts.total();
    total <= 14 && total % 3 == residue && counts.0.iter().all(|&n| n <= 4)
}

/// See [`super::is_complete`].
pub(crate) fn is_complete(concealed: &Counts) -> bool {
    if !plausible(concealed, 2) {
        return false;
    }
    let entries = suit_entries(&concealed.0);
    let sets = entries.iter().filter(|&&e| e & SETS != 0).count();
    let pairs = entries.iter().filter(|&&e| e & SETS_PAIR != 0).count();
    if sets == 3 && pairs == 1 {
        return true;
    }
    concealed.total() == 14 && (seven_pairs(&concealed.0) || thirteen_orphans(&concealed.0))
}

fn seven_pairs(counts: &[u8; KINDS]) -> bool {
    counts.iter().all(|&c| c == 0 || c == 2) && counts.iter().filter(|&&c| c == 2).count() == 7
}

fn thirteen_orphans(counts: &[u8; KINDS]) -> bool {
    let orphans = ORPHANS
        .iter()
        .filter(|&&k| counts[usize::from(k)] > 0)
        .count();
    let in_orphans: u32 = ORPHANS
        .iter()
        .map(|&k| u32::from(counts[usize::from(k)]))
        .sum();
    orphans == 13 && in_orphans == counts.iter().map(|&c| u32::from(c)).sum::<u32>()
}

/// The standard-form waits of a 3n+1 concealed part as a 34-bit set,
/// before the "holds four" rule: tiles of which the concealed part already
/// has four are never included (there is no fifth).
pub(crate) fn standard_waits(concealed: &Counts) -> u64 {
    if !plausible(concealed, 1) {
        return 0;
    }
    standard_from_entries(&suit_entries(&concealed.0))
}

/// The standard-form waits from a 3n+1 hand's four suit entries.
fn standard_from_entries(entries: &[u32; 4]) -> u64 {
    let sets = entries.iter().filter(|&&e| e & SETS != 0).count();
    let pairs = entries.iter().filter(|&&e| e & SETS_PAIR != 0).count();
    let mut waits = 0u64;
    for (s, &e) in entries.iter().enumerate() {
        let other_sets = sets - usize::from(e & SETS != 0);
        let other_pairs = pairs - usize::from(e & SETS_PAIR != 0);
        let mut bits = 0u32;
        // The tile goes to this suit, which becomes the pair's suit...
        if other_sets == 3 {
            bits |= (e >> ADD_PAIR_SHIFT) & NINE_BITS;
        }
        // ...or a "sets only" suit while the pair is elsewhere.
        if other_sets == 2 && other_pairs == 1 {
            bits |= (e >> ADD_SETS_SHIFT) & NINE_BITS;
        }
        waits |= u64::from(bits) << (9 * s);
    }
    waits
}

/// The seven-pairs and thirteen-orphans waits of a 13-tile concealed part
/// (tiles already held four times in it excluded).
pub(crate) fn special_waits(concealed: &Counts) -> u64 {
    let counts = &concealed.0;
    if concealed.total() != 13 {
        return 0;
    }
    let mut waits = 0u64;
    // Seven pairs: six different pairs and a single.
    let pairs = counts.iter().filter(|&&c| c == 2).count();
    let singles = counts.iter().filter(|&&c| c == 1).count();
    if pairs == 6
        && singles == 1
        && let Some(single) = counts.iter().position(|&c| c == 1)
    {
        waits |= 1 << single;
    }
    // Thirteen orphans: only orphans, at most one of them doubled.
    let only_orphans = ORPHANS
        .iter()
        .map(|&k| u32::from(counts[usize::from(k)]))
        .sum::<u32>()
        == 13;
    let doubled = ORPHANS
        .iter()
        .filter(|&&k| counts[usize::from(k)] == 2)
        .count();
    let over = ORPHANS.iter().any(|&k| counts[usize::from(k)] > 2);
    if only_orphans && !over {
        match doubled {
            0 => waits |= ORPHANS.iter().fold(0u64, |acc, &k| acc | 1 << k),
            1 => {
                if let Some(&missing) = ORPHANS.iter().find(|&&k| counts[usize::from(k)] == 0) {
                    waits |= 1 << missing;
                }
            }
            _ => {}
        }
    }
    waits
}

/// The suit entries of the last hand a player's waits were looked up for,
/// by suit index. A discard or a draw changes one or two suits, so the
/// next computation looks up only those: the number table is 8 MB and
/// each lookup is a likely cache miss, and a suit that splits into sets
/// is not worked out again.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct SuitMemo {
    /// Per suit (man, pin, sou, honours): the index the entry is for, plus
    /// one (0: none yet).
    index: [u32; 4],
    entry: [u32; 4],
}

/// The base-5 index of a suit's counts (digits at most four).
fn suit_index(kinds: &[u8]) -> u32 {
    kinds
        .iter()
        .rev()
        .fold(0u32, |acc, &d| acc * 5 + u32::from(d))
}

/// `standard_waits(c) | special_waits(c)` (the waits by shape, see
/// [`super::shape_waits`]), looking up as little as it can.
///
/// A 3n+1 hand waits in the standard form only when, the winning tile
/// added to one suit, every suit is "sets only" but one that is "sets and
/// the pair". So the suits' tile counts mod 3 must be one 1 and three 0,
/// or two 2 and two 0; every suit with a count ≡ 0 must already be "sets
/// only" (adding a tile to it makes neither shape, so such a suit adds no
/// wait and its entry is exactly `SETS`); and the other one or two suits
/// need a tile that completes them (≡ 1), or that or a pair (≡ 2). With
/// counts that fit, each of those is "the suit's entry is not zero". Those
/// tests, on the counts and a 244 KB bit set, turn away most hands; the
/// one or two suits ≢ 0 are then looked up in the full table, through
/// `memo`.
pub(crate) fn shape_waits_memo(concealed: &Counts, memo: &mut SuitMemo) -> u64 {
    let c = &concealed.0;
    let suit_total = |kinds: &[u8]| kinds.iter().map(|&n| u32::from(n)).sum::<u32>();
    let totals = [
        suit_total(&c[0..9]),
        suit_total(&c[9..18]),
        suit_total(&c[18..27]),
        suit_total(&c[27..34]),
    ];
    let total: u32 = totals.iter().sum();
    let mut shape = 0u64;
    if total <= MAX_SUIT_TILES && total % 3 == 1 && c.iter().all(|&n| n <= 4) {
        shape = standard_memo(c, &totals, memo);
    }
    if total == 13 {
        // Seven pairs needs six pairs and a single, thirteen orphans
        // nothing but terminals and honours.
        let (mut pairs, mut singles, mut plain) = (0u32, 0u32, 0u32);
        for (kind, &n) in c.iter().enumerate() {
            pairs += u32::from(n == 2);
            singles += u32::from(n == 1);
            if ORPHAN_SET & (1 << kind) == 0 {
                plain += u32::from(n);
            }
        }
        if (pairs == 6 && singles == 1) || plain == 0 {
            shape |= special_waits(concealed);
        }
    }
    shape
}

/// The standard-form waits of a plausible 3n+1 hand (see
/// [`shape_waits_memo`]); `totals` are the tiles per suit.
fn standard_memo(c: &[u8; KINDS], totals: &[u32; 4], memo: &mut SuitMemo) -> u64 {
    let codes = [
        suit_index(c.get(0..9).unwrap_or_default()),
        suit_index(c.get(9..18).unwrap_or_default()),
        suit_index(c.get(18..27).unwrap_or_default()),
        suit_index(c.get(27..34).unwrap_or_default()),
    ];
    standard_from_codes(c, totals, &codes, memo)
}

/// [`standard_memo`] with the suits' base-5 indices (`codes`, honours
/// last) already known.
fn standard_from_codes(
    c: &[u8; KINDS],
    totals: &[u32; 4],
    codes: &[u32; 4],
    memo: &mut SuitMemo,
) -> u64 {
    let rests = totals.map(|n| n % 3);
    let ones: u32 = rests.iter().map(|&r| u32::from(r == 1)).sum();
    let twos: u32 = rests.iter().map(|&r| u32::from(r == 2)).sum();
    if !matches!((ones, twos), (1, 0) | (0, 2)) {
        return 0;
    }
    let t = tables();
    let mut entries = [0u32; 4];
    // Honours first: their test is the cheapest.
    for s in [3, 0, 1, 2] {
        let (Some(entry), Some(&i), Some(&total), Some(key), Some(cached)) = (
            entries.get_mut(s),
            codes.get(s),
            totals.get(s),
            memo.index.get_mut(s),
            memo.entry.get_mut(s),
        ) else {
            return 0;
        };
        if *key != i + 1 {
            *cached = suit_entry(t, c, s, i, total % 3 == 0);
            *key = i + 1;
        }
        // A suit no wait runs through: no wait at all.
        if *cached == 0 {
            return 0;
        }
        *entry = *cached;
    }
    standard_from_entries(&entries)
}

/// Suit `s`'s entry for the waits, the suit's index being `i`: for a suit
/// whose tiles are a multiple of three (`full`), `SETS` when it splits into
/// sets only (worked out without a table), else 0; for another, the
/// table's entry, 0 when no wait runs through the suit.
fn suit_entry(t: &Tables, c: &[u8; KINDS], s: usize, i: u32, full: bool) -> u32 {
    let (first, kinds) = (9 * s, if s == 3 { 7 } else { 9 });
    let Some(suit) = c.get(first..first + kinds) else {
        return 0;
    };
    let split = |sets: bool| if sets { SETS } else { 0 };
    match (s == 3, full) {
        // Honour sets are triplets: "sets only" is every count 0 or 3.
        (true, true) => split(suit.iter().all(|&n| n == 0 || n == 3)),
        (true, false) => t.honour.get(i as usize).copied().unwrap_or(0),
        (false, true) => split(sets_only(suit)),
        (false, false) => {
            // The bit set turns away most shapes before the large table
            // is read.
            let word = t.number_any.get(i as usize / 64).copied().unwrap_or(0);
            if word & (1 << (i % 64)) == 0 {
                0
            } else {
                t.number.get(i as usize).copied().unwrap_or(0)
            }
        }
    }
}

/// Where each kind sits for [`HandShape`]: its suit, its digit's weight in
/// the suit's base-5 index, and whether it is neither terminal nor honour.
const KIND_PLACE: [(u8, u32, bool); KINDS] = {
    let mut places = [(0, 0, false); KINDS];
    let mut kind = 0;
    while kind < KINDS {
        places[kind] = (
            (kind / 9) as u8,
            POW5[kind % 9] as u32,
            ORPHAN_SET & (1 << kind) == 0,
        );
        kind += 1;
    }
    places
};

/// A concealed hand kept as the wait tables read it: the count of each
/// kind, each suit's base-5 index and tile total, and the counts the
/// seven-pairs and thirteen-orphans tests need, all updated a tile at a
/// time. The replay holds one per seat, so that the waits after a discard
/// ([`HandShape::waits`]) cost a few lookups, not a pass over the hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct HandShape {
    counts: Counts,
    /// Per suit (man, pin, sou, honours): the base-5 index of its counts.
    codes: [u32; 4],
    /// Per suit: its tiles.
    totals: [u32; 4],
    /// Kinds held exactly twice, and exactly once.
    pairs: u8,
    singles: u8,
    /// Tiles of kinds that are no terminal or honour.
    plain: u8,
    /// Kinds held more than four times (no hand; no wait by shape).
    over: u8,
}

impl HandShape {
    /// The shape of a concealed part, in one pass over the kinds (the
    /// tests' reference for the shape kept a tile at a time).
    #[cfg(test)]
    pub(crate) fn of(counts: &Counts) -> Self {
        let mut shape = Self {
            counts: *counts,
            ..Self::default()
        };
        for (&n, &(suit, weight, plain)) in counts.0.iter().zip(&KIND_PLACE) {
            if let (Some(code), Some(total)) = (
                shape.codes.get_mut(usize::from(suit)),
                shape.totals.get_mut(usize::from(suit)),
            ) {
                *code = code.wrapping_add(weight.wrapping_mul(u32::from(n)));
                *total += u32::from(n);
            }
            shape.pairs += u8::from(n == 2);
            shape.singles += u8::from(n == 1);
            shape.over += u8::from(n > 4);
            if plain {
                shape.plain = shape.plain.wrapping_add(n);
            }
        }
        shape
    }

    /// The count of each kind.
    pub(crate) const fn counts(&self) -> &Counts {
        &self.counts
    }

    /// One tile of `kind` more (a kind outside the 34 is ignored; counts
    /// saturate as [`Counts::from_tiles`] does).
    pub(crate) fn add(&mut self, kind: usize) {
        let Some(n) = self.counts.0.get_mut(kind) else {
            return;
        };
        let before = *n;
        if before == u8::MAX {
            // Counts saturate: nothing moves.
            return;
        }
        *n = before + 1;
        self.moved(kind, before, before + 1);
    }

    /// One tile of `kind` less (none held: nothing changes).
    pub(crate) fn remove(&mut self, kind: usize) {
        let Some(n) = self.counts.0.get_mut(kind).filter(|n| **n > 0) else {
            return;
        };
        let before = *n;
        *n = before - 1;
        self.moved(kind, before, before - 1);
    }

    /// Keeps the suit figures and the counters in step with a kind's
    /// count going from `before` to `after` (one apart), without a branch
    /// on the counts: this runs for every tile drawn and discarded.
    fn moved(&mut self, kind: usize, before: u8, after: u8) {
        let Some(&(suit, weight, plain)) = KIND_PLACE.get(kind) else {
            return;
        };
        let up = after > before;
        if let (Some(code), Some(total)) = (
            self.codes.get_mut(usize::from(suit)),
            self.totals.get_mut(usize::from(suit)),
        ) {
            *code = if up {
                code.wrapping_add(weight)
            } else {
                code.wrapping_sub(weight)
            };
            *total = if up {
                *total + 1
            } else {
                total.wrapping_sub(1)
            };
        }
        let class = |n: u8, k: u8| u8::from(n == k);
        self.pairs = self
            .pairs
            .wrapping_add(class(after, 2))
            .wrapping_sub(class(before, 2));
        self.singles = (self.singles.wrapping_add(class(after, 1))).wrapping_sub(class(before, 1));
        self.over = self
            .over
            .wrapping_add(u8::from(after > 4))
            .wrapping_sub(u8::from(before > 4));
        let step = u8::from(plain);
        self.plain = if up {
            self.plain.wrapping_add(step)
        } else {
            self.plain.wrapping_sub(step)
        };
    }

    /// The waits by shape, `shape_waits_memo(self.counts(), memo)`
    /// without looking at every kind.
    pub(crate) fn waits(&self, memo: &mut SuitMemo) -> u64 {
        let total: u32 = self.totals.iter().sum();
        let mut shape = 0u64;
        if total <= MAX_SUIT_TILES && total % 3 == 1 && self.over == 0 {
            shape = standard_from_codes(&self.counts.0, &self.totals, &self.codes, memo);
        }
        if total == 13 && ((self.pairs == 6 && self.singles == 1) || self.plain == 0) {
            shape |= special_waits(&self.counts);
        }
        shape
    }
}

/// Whether a number suit of at most 12 tiles, at most four of a kind,
/// splits into sets only, by arithmetic (no table, so no cache miss). The
/// lowest kind held must open `n mod 3` sequences (three sequences from it
/// are the same tiles as three triplets), the rest of it being triplets;
/// taking those away leaves the same question for the kinds above.
pub(super) fn sets_only(suit: &[u8]) -> bool {
    let (mut next, mut after) = (0u8, 0u8);
    for (k, &n) in suit.iter().enumerate() {
        // Sequences opened at the two kinds below take `next` of this one.
        let Some(left) = n.checked_sub(next) else {
            return false;
        };
        let open = left % 3;
        if open > 0 && k + 2 >= suit.len() {
            return false;
        }
        (next, after) = (after + open, open);
    }
    next == 0 && after == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand kept a tile at a time is the hand counted afresh, and its
    /// waits are `shape_waits_memo`'s, along long random walks of draws and
    /// discards (kinds held five times and more included: no wait).
    #[test]
    fn a_shape_kept_a_tile_at_a_time_is_the_shape_counted_afresh() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..200 {
            let mut shape = HandShape::default();
            let (mut memo, mut fresh_memo) = (SuitMemo::default(), SuitMemo::default());
            // Thirteen tiles dealt from few kinds, so that pairs, seven
            // pairs, thirteen orphans and fifth copies all come up.
            let pool: Vec<usize> = (0..6).map(|_| next(34) as usize).collect();
            let mut kinds: Vec<usize> = Vec::new();
            for step in 0..400 {
                let grow = kinds.len() < 13 || (kinds.len() == 13 && step % 2 == 0);
                if grow {
                    let kind = if next(3) == 0 {
                        next(34) as usize
                    } else {
                        pool[next(6) as usize]
                    };
                    shape.add(kind);
                    kinds.push(kind);
                } else {
                    let kind = kinds.swap_remove(next(kinds.len() as u64) as usize);
                    shape.remove(kind);
                }
                let mut counts = Counts::default();
                for &k in &kinds {
                    counts.0[k] += 1;
                }
                assert_eq!(shape, HandShape::of(&counts), "{kinds:?}");
                assert_eq!(
                    shape.waits(&mut memo),
                    shape_waits_memo(&counts, &mut fresh_memo),
                    "{kinds:?}"
                );
            }
        }
        // Taking what is not held changes nothing.
        let mut shape = HandShape::default();
        shape.remove(3);
        assert_eq!(shape, HandShape::default());
    }
}
