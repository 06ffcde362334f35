//! Every way to read a complete hand: four sets and a pair, seven pairs,
//! thirteen orphans.
//!
//! The standard readings are enumerated directly on the count array: pick
//! the pair, then walk the kinds from the lowest up. The tiles of the
//! lowest kind still left can only belong to sets that start there (lower
//! kinds are used up), so at each kind there are at most two ways on: all
//! of its copies start sequences, or three of them form a triplet and the
//! rest start sequences. Choosing per kind rather than per set gives every
//! multiset of sets exactly once, so no deduplication pass is needed, and
//! the walk is bounded by the 34 kinds. Scoring needs every reading (the
//! best one decides han and fu), which is why this is an enumeration and
//! not the table lookup [`is_complete`] uses.

use arrayvec::ArrayVec;
use serde::Serialize;

use super::{Counts, tables};
use crate::tile::KINDS;

/// A set read from the concealed tiles.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupKind {
    /// Three consecutive tiles of one suit (shuntsu).
    Sequence,
    /// Three identical tiles (koutsu).
    Triplet,
}

/// One set of a decomposition: its kind and its lowest tile kind.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub struct Group {
    /// Sequence or triplet.
    pub kind: GroupKind,
    /// The kind (0–33) of its lowest tile.
    pub tile: u8,
}

/// The sets of a standard decomposition: at most four (a hand of 14
/// tiles), held inline so that a reading costs no allocation. It derefs to
/// `[Group]` and serialises as a sequence.
pub type Groups = ArrayVec<Group, 4>;

/// One reading of a complete concealed part.
///
/// The derived order (standard readings first, then seven pairs, then
/// thirteen orphans; within a variant by fields) is the order
/// [`decompositions`] returns them in.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decomposition {
    /// Sets (as many as the concealed part holds) and one pair.
    Standard {
        /// The sets, sorted by [`Group`]'s order (sequences before
        /// triplets, each by lowest tile).
        groups: Groups,
        /// The pair's kind.
        pair: u8,
    },
    /// Seven different pairs (chiitoitsu), kinds ascending.
    SevenPairs([u8; 7]),
    /// Thirteen orphans: one of each terminal and honour, `pair` doubled.
    ThirteenOrphans {
        /// The doubled kind.
        pair: u8,
    },
}

/// The 13 terminal and honour kinds of thirteen orphans.
pub(crate) const ORPHANS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// [`ORPHANS`] as a set of kinds (bit `k` for kind `k`).
pub(crate) const ORPHAN_SET: u64 = {
    let mut set = 0;
    let mut i = 0;
    while i < ORPHANS.len() {
        set |= 1 << ORPHANS[i];
        i += 1;
    }
    set
};

/// Whether a sequence may start at `kind`: a number tile 1–7 of its suit.
const fn starts_sequence(kind: usize) -> bool {
    kind < 27 && kind % 9 <= 6
}

/// Every distinct decomposition of `concealed` (3n+2 tiles, the winning
/// tile included) into sets and one pair, plus seven pairs and thirteen
/// orphans when the concealed part is all 14 tiles. Empty when the hand is
/// not complete, and for anything that is not a hand (a kind held more than
/// four times, a tile count other than 2, 5, 8, 11 or 14).
#[must_use]
pub fn decompositions(concealed: &Counts) -> Vec<Decomposition> {
    let counts = concealed.0;
    let mut total = 0u32;
    let mut too_many = false;
    let mut held: u64 = 0;
    for (kind, &n) in counts.iter().enumerate() {
        total += u32::from(n);
        too_many |= n > 4;
        held |= u64::from(n > 0) << kind;
    }
    if too_many || total > 14 || total % 3 != 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut work = counts;
    let mut groups = Groups::new();
    for pair in pair_kinds(&counts) {
        if counts[pair] < 2 {
            continue;
        }
        work[pair] -= 2;
        let left = if work[pair] == 0 {
            held & !(1 << pair)
        } else {
            held
        };
        // `pair` < 34, so the narrowing is exact.
        let pair_kind = pair as u8;
        read_sets(&mut work, left, &mut groups, &mut |sets| {
            let mut sets = sets.clone();
            sets.sort_unstable();
            out.push(Decomposition::Standard {
                groups: sets,
                pair: pair_kind,
            });
        });
        work[pair] += 2;
    }
    if total == 14 {
        // Seven pairs holds seven kinds; thirteen orphans exactly those 13.
        if held.count_ones() == 7
            && let Some(pairs) = seven_pairs(&counts)
        {
            out.push(Decomposition::SevenPairs(pairs));
        }
        if held == ORPHAN_SET
            && let Some(pair) = thirteen_orphans(&counts)
        {
            out.push(Decomposition::ThirteenOrphans { pair });
        }
    }
    out.sort_unstable();
    out
}

/// The kinds the pair can be. Sets hold a multiple of three tiles of each
/// suit (man, pin, sou, honours), so the pair is in the one suit holding
/// two more than a multiple of three, and every other suit must hold a
/// multiple of three; otherwise there is no standard reading at all.
fn pair_kinds(counts: &[u8; KINDS]) -> std::ops::Range<usize> {
    // Summed suit by suit, each in a register of its own.
    let mut suits = [0u32; 4];
    for (sum, suit) in suits.iter_mut().zip(counts.chunks(9)) {
        *sum = suit.iter().map(|&n| u32::from(n)).sum();
    }
    let mut home = None;
    for (s, n) in suits.iter().enumerate() {
        match (n % 3, home) {
            (0, _) => {}
            (2, None) => home = Some(s),
            _ => return 0..0,
        }
    }
    home.map_or(0..0, |s| 9 * s..(9 * s + 9).min(KINDS))
}

/// Reads `work` as sets only, calling `found` with each complete reading.
/// `left` has a bit set for each kind `work` still holds; kinds below the
/// lowest of them are used up. `work` and `groups` are restored before
/// returning.
fn read_sets(
    work: &mut [u8; KINDS],
    left: u64,
    groups: &mut Groups,
    found: &mut impl FnMut(&Groups),
) {
    if left == 0 {
        found(groups);
        return;
    }
    let kind = left.trailing_zeros() as usize;
    // Bits held by the two kinds after `kind` once `take_sequences` took
    // from them (bits past the 34 kinds stay clear).
    let after = |work: &[u8; KINDS]| {
        let mut l = left & !(1 << kind);
        for k in [kind + 1, kind + 2] {
            if work.get(k) == Some(&0) {
                l &= !(1 << k);
            }
        }
        l
    };
    let Some(&here) = work.get(kind) else {
        return;
    };
    // `kind` < 34.
    let tile = kind as u8;
    let before = groups.len();
    // With a triplet: three copies, the rest (0 or 1) start sequences.
    if here >= 3 {
        let rest = here - 3;
        if rest == 0 || take_sequences(work, kind, rest) {
            work[kind] = 0;
            // Every group takes three of at most 12 tiles, so four always
            // fit; were they not to, the branch is simply not a reading.
            let triplet = Group {
                kind: GroupKind::Triplet,
                tile,
            };
            if groups.try_push(triplet).is_ok() && push_sequences(groups, tile, rest) {
                read_sets(work, after(work), groups, found);
            }
            groups.truncate(before);
            work[kind] = here;
            if rest > 0 {
                give_sequences(work, kind, rest);
            }
        }
    }
    // Without: every copy starts a sequence.
    if take_sequences(work, kind, here) {
        work[kind] = 0;
        if push_sequences(groups, tile, here) {
            read_sets(work, after(work), groups, found);
        }
        groups.truncate(before);
        work[kind] = here;
        give_sequences(work, kind, here);
    }
}

/// Removes the second and third tiles of `n` sequences starting at `kind`
/// if they are there (the first tiles are the caller's business).
fn take_sequences(work: &mut [u8; KINDS], kind: usize, n: u8) -> bool {
    if !starts_sequence(kind) || work[kind + 1] < n || work[kind + 2] < n {
        return false;
    }
    work[kind + 1] -= n;
    work[kind + 2] -= n;
    true
}

/// Undoes [`take_sequences`].
fn give_sequences(work: &mut [u8; KINDS], kind: usize, n: u8) {
    work[kind + 1] += n;
    work[kind + 2] += n;
}

/// Adds `n` sequences starting at `tile`; false if they do not fit.
fn push_sequences(groups: &mut Groups, tile: u8, n: u8) -> bool {
    let sequence = Group {
        kind: GroupKind::Sequence,
        tile,
    };
    (0..n).all(|_| groups.try_push(sequence).is_ok())
}

/// Seven different pairs: exactly seven kinds held twice (a kind held four
/// times is not two pairs).
fn seven_pairs(counts: &[u8; KINDS]) -> Option<[u8; 7]> {
    let mut pairs = [0u8; 7];
    let mut n = 0;
    for (kind, &c) in (0u8..).zip(counts.iter()) {
        match c {
            0 => {}
            2 if n < 7 => {
                pairs[n] = kind;
                n += 1;
            }
            _ => return None,
        }
    }
    (n == 7).then_some(pairs)
}

/// Thirteen orphans: each terminal and honour once, one of them twice,
/// nothing else. Returns the doubled kind.
fn thirteen_orphans(counts: &[u8; KINDS]) -> Option<u8> {
    let orphans: u32 = ORPHANS
        .iter()
        .map(|&k| u32::from(counts[usize::from(k)]))
        .sum();
    if orphans != 14 {
        return None;
    }
    let mut pair = None;
    for &k in &ORPHANS {
        match counts[usize::from(k)] {
            1 => {}
            2 if pair.is_none() => pair = Some(k),
            _ => return None,
        }
    }
    pair
}

/// Whether `concealed` (3n+2 tiles) is complete in any reading (fast path,
/// table-based).
#[must_use]
pub fn is_complete(concealed: &Counts) -> bool {
    tables::is_complete(concealed)
}
