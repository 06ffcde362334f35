//! Per-suit tables for the shanten number: how many of a suit's tiles can
//! be kept towards a complete suit of `m` sets (and a pair or not).
//!
//! The idea (counting tiles to draw towards the nearest complete hand,
//! suit by suit, and combining the suits with a small knapsack) is the one
//! popularised by tomohxx's shanten calculator; the tables here are built
//! differently, by two dynamic-programming passes over the suit vectors of
//! at most 14 tiles (numbered densely, see [`super::rank`]):
//!
//! 1. "Part of a complete shape": a vector is part of some complete suit
//!    of class (m sets, pair or not), with at most four of a kind, iff it
//!    is such a complete suit itself or one more tile makes it part of
//!    one. Filled in decreasing order (adding a tile raises the number).
//! 2. "Most tiles kept": for a vector v and a class, the largest number of
//!    v's tiles that are part of a complete shape of that class: |v| if v
//!    itself is part of one, else the best after dropping one tile.
//!    Filled in increasing index order.
//!
//! The number of tiles to draw to complete the hand is then the target size
//! minus the tiles kept, which respects the four-copies limit exactly (a
//! hand waiting only on a fifth copy is not counted as tenpai), and extra
//! copies beyond four are simply tiles that cannot be kept.

use std::sync::OnceLock;

use super::rank::{MAX_TILES, Split, SuitRank};
use super::tables::{self, POW5, SETS, SETS_PAIR, SmallVectors};

/// Classes: `2 * m + pair` for m = 0..=4 sets.
pub(super) const CLASSES: usize = 10;

/// Each class's count sits in a 5-bit lane: 4 bits hold 0–14, the fifth
/// is the guard bit [`lane_max`] needs.
const LANE: usize = 5;
/// The guard bit of every lane.
const GUARDS: u64 = {
    let mut g = 0u64;
    let mut c = 0;
    while c < CLASSES {
        g |= 1 << (LANE * c + 4);
        c += 1;
    }
    g
};

/// One suit shape's table: each entry packs the ten "tiles kept" counts,
/// class `c` at bits `5c..5c+4`, for the vector numbered by `rank`.
pub(super) struct SuitDistance {
    rank: SuitRank,
    kept: Box<[u64]>,
}

impl SuitDistance {
    /// The packed entry of a suit's counts (each at most four, at most 14
    /// in all; anything else reads as nothing kept).
    pub(super) fn entry(&self, counts: &[u8]) -> u64 {
        self.entry_of(SuitRank::split(counts))
    }

    /// The packed entry of the vector split as `s`.
    pub(super) fn entry_of(&self, s: Split) -> u64 {
        self.rank
            .rank(s)
            .and_then(|r| self.kept.get(r))
            .copied()
            .unwrap_or(0)
    }
}

/// The tables for the two shapes of suit.
pub(super) struct Distance {
    /// Man, pin and sou.
    pub(super) number: SuitDistance,
    /// Honours.
    pub(super) honour: SuitDistance,
}

/// The process-wide tables, built on first use (they need the completeness
/// tables, which are built first if they are not yet).
pub(super) fn distance() -> &'static Distance {
    static DISTANCE: OnceLock<Distance> = OnceLock::new();
    DISTANCE.get_or_init(|| {
        let t = tables::tables();
        Distance {
            number: build(9, &t.number),
            honour: build(7, &t.honour),
        }
    })
}

/// The "tiles kept" count of class `class` in a packed entry.
pub(super) const fn kept(entry: u64, class: usize) -> u8 {
    ((entry >> (LANE * class)) & 0xf) as u8
}

/// Lane-wise maximum of two packed entries (all lanes at most 15): in
/// each lane `(16 + a) - b` keeps its guard bit iff `a >= b`, and never
/// borrows from the next lane.
const fn lane_max(a: u64, b: u64) -> u64 {
    let a_ge_b = (((a | GUARDS) - b) & GUARDS) >> 4;
    let mask = a_ge_b * 0x1f;
    (a & mask) | (b & !mask)
}

/// Digits of a base-5 suit index.
fn digits_of(mut index: usize, kinds: usize) -> [u8; 9] {
    let mut d = [0u8; 9];
    for x in &mut d[..kinds] {
        *x = (index % 5) as u8;
        index /= 5;
    }
    d
}

/// A cursor over the sorted base-5 indices of the numbered vectors: as
/// the walk moves monotonically, the neighbours one tile up or down a
/// given kind move monotonically too, so finding each neighbour's number
/// is an amortised step forward (or back), not a search.
struct Cursor(usize);

impl Cursor {
    /// The number of `target` if it is numbered, the cursor moving up.
    fn find_up(&mut self, order: &[u32], target: usize) -> Option<usize> {
        while order.get(self.0).is_some_and(|&i| (i as usize) < target) {
            self.0 += 1;
        }
        (order.get(self.0).copied() == Some(target as u32)).then_some(self.0)
    }

    /// The number of `target` if it is numbered, the cursor moving down.
    fn find_down(&mut self, order: &[u32], target: usize) -> Option<usize> {
        while self.0 > 0 && order.get(self.0).is_some_and(|&i| (i as usize) > target) {
            self.0 -= 1;
        }
        (order.get(self.0).copied() == Some(target as u32)).then_some(self.0)
    }
}

fn build(kinds: usize, flags: &[u32]) -> SuitDistance {
    let rank = SuitRank::new(kinds);
    // Base-5 index and tile count of each numbered vector, in order.
    let mut order = Vec::with_capacity(rank.size());
    let mut tiles = Vec::with_capacity(rank.size());
    for (index, _, total) in SmallVectors::new(kinds) {
        // Below 5^9 and at most 14: both fit.
        order.push(index as u32);
        tiles.push(total as u8);
    }
    let n = order.len();
    // 1. Part of a complete shape, closed downwards (decreasing order).
    let mut part = vec![0u16; n];
    let mut up: Vec<Cursor> = (0..kinds).map(|_| Cursor(n.saturating_sub(1))).collect();
    for r in (0..n).rev() {
        let index = order[r] as usize;
        let count = u16::from(tiles[r]);
        let e = flags.get(index).copied().unwrap_or(0);
        let mut classes = 0u16;
        if e & SETS != 0 {
            classes |= 1 << (2 * (count / 3));
        }
        if e & SETS_PAIR != 0 {
            classes |= 1 << (2 * ((count - 2) / 3) + 1);
        }
        if usize::from(count) < MAX_TILES {
            let digits = digits_of(index, kinds);
            for (k, cursor) in up.iter_mut().enumerate() {
                if digits[k] < 4
                    && let Some(above) = cursor.find_down(&order, index + POW5[k])
                {
                    classes |= part[above];
                }
            }
        }
        part[r] = classes;
    }
    // 2. Most tiles kept (increasing order).
    let mut kept = vec![0u64; n];
    let mut down: Vec<Cursor> = (0..kinds).map(|_| Cursor(0)).collect();
    for (r, (index, digits, count)) in SmallVectors::new(kinds).enumerate() {
        let mut best = 0u64;
        for (k, cursor) in down.iter_mut().enumerate() {
            if digits[k] > 0
                && let Some(below) = cursor.find_up(&order, index - POW5[k])
            {
                best = lane_max(best, kept[below]);
            }
        }
        for c in 0..CLASSES {
            if part[r] & (1 << c) != 0 {
                best = (best & !(0x1f << (LANE * c))) | u64::from(count) << (LANE * c);
            }
        }
        kept[r] = best;
    }
    SuitDistance {
        rank,
        kept: kept.into_boxed_slice(),
    }
}
