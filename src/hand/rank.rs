//! A dense numbering of the suit vectors that can occur in a hand.
//!
//! Of the 5^9 count vectors of a number suit only 405,350 hold at most 14
//! tiles; the rest never occur. Numbering just those, in base-5 index
//! order, shrinks a per-suit table fivefold, which matters for how long it
//! takes to build and for how much of it stays in cache. The number is
//! found in two steps: the vector is split into its five low digits and
//! the rest (the high digits); the high digits select a block, whose start
//! is precomputed, and the low digits' rank among the low vectors that fit
//! in the tiles left (14 minus the high digits' sum) is looked up in a
//! small table.

use super::tables::POW5;

/// Tiles one suit may hold and still be part of a hand.
pub(super) const MAX_TILES: usize = super::tables::MAX_SUIT_TILES as usize;
/// Number of low digits: 5^5 = 3125 low vectors.
const LOW: usize = 5;
const LOW_SIZE: usize = 3125;

/// The numbering for a suit of `kinds` kinds (7 or 9).
pub(super) struct SuitRank {
    /// `low_rank[b * LOW_SIZE + low]`: rank of the low digits among those
    /// with digit sum at most `b`, in index order.
    low_rank: Box<[u32]>,
    /// Where each high block starts.
    high_offset: Box<[u32]>,
    /// Digit sum of each high vector.
    high_sum: Box<[u8]>,
    /// Number of vectors numbered.
    size: usize,
}

/// A suit vector cut in two: its low and high digits, each read in base 5.
#[derive(Clone, Copy, Debug)]
pub(super) struct Split {
    low: usize,
    high: usize,
}

impl SuitRank {
    /// Precomputes the numbering (a few thousand entries).
    pub(super) fn new(kinds: usize) -> Self {
        let high_size = 5usize.pow(kinds.saturating_sub(LOW) as u32);
        let low_sum: Vec<u8> = (0..LOW_SIZE).map(|i| digit_sum(i, LOW)).collect();
        let high_sum: Box<[u8]> = (0..high_size).map(|i| digit_sum(i, kinds - LOW)).collect();
        let mut low_rank = vec![u32::MAX; (MAX_TILES + 1) * LOW_SIZE];
        let mut fitting = [0u32; MAX_TILES + 1];
        for (b, count) in fitting.iter_mut().enumerate() {
            for (low, &s) in low_sum.iter().enumerate() {
                if usize::from(s) <= b {
                    low_rank[b * LOW_SIZE + low] = *count;
                    *count += 1;
                }
            }
        }
        let mut high_offset = vec![0u32; high_size];
        let mut size = 0u32;
        for (offset, &s) in high_offset.iter_mut().zip(high_sum.iter()) {
            *offset = size;
            if let Some(room) = MAX_TILES.checked_sub(usize::from(s)) {
                size += fitting[room];
            }
        }
        Self {
            low_rank: low_rank.into_boxed_slice(),
            high_offset: high_offset.into_boxed_slice(),
            high_sum,
            size: size as usize,
        }
    }

    /// How many vectors are numbered.
    pub(super) const fn size(&self) -> usize {
        self.size
    }

    /// The number of the vector split as `s`, if it holds at most 14 tiles.
    pub(super) fn rank(&self, s: Split) -> Option<usize> {
        let high_sum = usize::from(*self.high_sum.get(s.high)?);
        let room = MAX_TILES.checked_sub(high_sum)?;
        let low = *self.low_rank.get(room * LOW_SIZE + s.low)?;
        if low == u32::MAX {
            return None;
        }
        Some(*self.high_offset.get(s.high)? as usize + low as usize)
    }

    /// The split of the vector with one more tile of the kind at `digit`.
    /// Callers keep each count at most four: a fifth would carry into the
    /// next digit.
    pub(super) fn up(s: Split, digit: usize) -> Split {
        let step = |d: usize| POW5.get(d).copied().unwrap_or(0);
        if digit < LOW {
            Split {
                low: s.low + step(digit),
                high: s.high,
            }
        } else {
            Split {
                low: s.low,
                high: s.high + step(digit - LOW),
            }
        }
    }

    /// The split of a suit's counts (each at most four).
    pub(super) fn split(counts: &[u8]) -> Split {
        let read = |digits: &[u8]| {
            digits
                .iter()
                .rev()
                .fold(0usize, |acc, &d| acc * 5 + usize::from(d))
        };
        let (low, high) = counts.split_at(counts.len().min(LOW));
        Split {
            low: read(low),
            high: read(high),
        }
    }
}

/// Sum of the `digits` base-5 digits of `index`.
fn digit_sum(mut index: usize, digits: usize) -> u8 {
    let mut sum = 0;
    for _ in 0..digits {
        sum += (index % 5) as u8;
        index /= 5;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::{MAX_TILES, SuitRank};
    use crate::hand::tables::SmallVectors;

    /// The tables are built in [`SmallVectors`] order and read through
    /// [`SuitRank`]: both must number the vectors the same way.
    #[test]
    fn numbering_matches_the_build_order() {
        for (kinds, expected) in [(9, 405_350), (7, 43_130)] {
            let rank = SuitRank::new(kinds);
            assert_eq!(rank.size(), expected);
            let mut n = 0;
            for (i, (_, digits, total)) in SmallVectors::new(kinds).enumerate() {
                assert!(total as usize <= MAX_TILES);
                assert_eq!(rank.rank(SuitRank::split(&digits[..kinds])), Some(i));
                n += 1;
            }
            assert_eq!(n, expected);
        }
        // Fifteen tiles in a suit are not numbered.
        let rank = SuitRank::new(9);
        assert_eq!(
            rank.rank(SuitRank::split(&[4, 4, 4, 3, 0, 0, 0, 0, 0])),
            None
        );
        assert_eq!(
            rank.rank(SuitRank::split(&[0, 0, 0, 0, 0, 4, 4, 4, 3])),
            None
        );
    }
}
