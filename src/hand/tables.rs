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
//! The tables are filled by dynamic programming in increasing index order:
//! removing tiles lowers the index, so the answer for a vector depends only
//! on entries already filled. A vector splits into sets iff its lowest
//! non-empty kind starts a triplet or a sequence whose removal leaves a
//! vector that splits into sets (every set holding that lowest tile starts
//! there). It splits into sets + pair iff removing some pair leaves one that
//! splits into sets. Only vectors of at most 14 tiles are filled; larger
//! ones are not hands and read as neither.

use std::sync::OnceLock;

use super::Counts;
use super::decompose::ORPHANS;
use crate::tile::KINDS;

/// The suit splits into sets only (no tiles counts as sets only).
const SETS: u32 = 1;
/// The suit splits into sets and one pair.
const SETS_PAIR: u32 = 1 << 1;
/// Bits 2–10: adding the suit's kind `k` gives a "sets only" vector.
const ADD_SETS_SHIFT: u32 = 2;
/// Bits 11–19: adding the suit's kind `k` gives a "sets + pair" vector.
const ADD_PAIR_SHIFT: u32 = 11;
const NINE_BITS: u32 = 0x1ff;

/// Powers of five, the digit weights of a suit index.
const POW5: [usize; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625, 1_953_125];

/// The largest number of tiles in one suit a table answers for.
const MAX_SUIT_TILES: u32 = 14;

/// The tables for the two shapes of suit.
pub(crate) struct Tables {
    /// Man, pin and sou: 9 kinds, sequences allowed, 5^9 entries.
    number: Box<[u32]>,
    /// Honours: 7 kinds, triplets only, 5^7 entries.
    honour: Box<[u32]>,
}

/// The process-wide tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        number: build(9, true),
        honour: build(7, false),
    })
}

/// Fills the table for a suit of `kinds` kinds.
fn build(kinds: usize, sequences: bool) -> Box<[u32]> {
    let size = POW5[kinds];
    let mut table = vec![0u32; size];
    let mut digits = [0u8; 9];
    let mut total = 0u32;
    if let Some(first) = table.first_mut() {
        *first = SETS;
    }
    // Pass 1: sets only / sets + pair, in increasing index order.
    for index in 1..size {
        total = odometer(&mut digits[..kinds], total);
        if total > MAX_SUIT_TILES {
            continue;
        }
        let entry = match total % 3 {
            0 => splits_into_sets(&table, &digits[..kinds], index, sequences),
            2 => pair_then_sets(&table, &digits[..kinds], index),
            _ => 0,
        };
        table[index] = entry;
    }
    // Pass 2: what one more tile makes of each vector.
    digits = [0; 9];
    total = 0;
    for index in 0..size {
        if index > 0 {
            total = odometer(&mut digits[..kinds], total);
        }
        if total >= MAX_SUIT_TILES {
            continue;
        }
        let mut add = 0u32;
        for (k, &d) in digits[..kinds].iter().enumerate() {
            if d < 4 {
                let grown = table[index + POW5[k]];
                add |= (grown & SETS) << (ADD_SETS_SHIFT + k as u32);
                add |= ((grown & SETS_PAIR) >> 1) << (ADD_PAIR_SHIFT + k as u32);
            }
        }
        table[index] |= add;
    }
    table.into_boxed_slice()
}

/// Steps a base-5 digit vector to the next index, returning the new digit
/// sum.
fn odometer(digits: &mut [u8], mut total: u32) -> u32 {
    for d in digits.iter_mut() {
        if *d < 4 {
            *d += 1;
            return total + 1;
        }
        total -= 4;
        *d = 0;
    }
    total
}

fn splits_into_sets(table: &[u32], digits: &[u8], index: usize, sequences: bool) -> u32 {
    let Some(low) = digits.iter().position(|&d| d > 0) else {
        return SETS;
    };
    let triplet = digits[low] >= 3 && table[index - 3 * POW5[low]] & SETS != 0;
    let sequence = sequences
        && low + 2 < digits.len()
        && digits[low + 1] > 0
        && digits[low + 2] > 0
        && table[index - POW5[low] - POW5[low + 1] - POW5[low + 2]] & SETS != 0;
    if triplet || sequence { SETS } else { 0 }
}

fn pair_then_sets(table: &[u32], digits: &[u8], index: usize) -> u32 {
    let found = digits
        .iter()
        .enumerate()
        .any(|(k, &d)| d >= 2 && table[index - 2 * POW5[k]] & SETS != 0);
    if found { SETS_PAIR } else { 0 }
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
    let entries = suit_entries(&concealed.0);
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
