//! Shanten: how many tiles from tenpai.
//!
//! Shanten is computed as "tiles to draw, minus one": the fewest tiles the
//! hand must draw (discarding as many) to be complete, less the final
//! winning tile. For the standard form the per-suit tables of
//! [`super::distance`] give, for each suit and each target (m sets, with
//! or without the pair), how many of the suit's tiles can be kept; a small
//! knapsack over the four suits picks the best split of the n sets and
//! the pair. Seven pairs and thirteen orphans use their closed forms: six
//! minus the pairs (plus one per missing kind when fewer than seven kinds
//! are held, which is what keeps four of a kind from counting as two
//! pairs), and thirteen minus the orphan kinds held, minus one if one of
//! them is paired.
//!
//! The four-copies limit is counted exactly for the concealed tiles: a
//! hand whose only completion is a fifth copy of a kind it holds four of
//! is one from tenpai, not tenpai, so `shanten(c, _) == 0` iff
//! [`super::shape_waits`] of `c` is not empty. Copies in melds are not
//! known here; [`super::waits`] applies that part of the rule.

use super::Counts;
use super::decompose::ORPHANS;
use super::distance::{CLASSES, distance, kept};

/// The shanten number of a concealed part of 3n+1 or 3n+2 tiles: 0 is
/// tenpai, -1 complete. `melds` is the number of called or concealed
/// kongs and sets outside `concealed`; seven pairs and thirteen orphans are
/// considered only when it is zero.
///
/// The number of sets aimed for is taken from the tile count (n, at most
/// four), not from `melds`. Counts above four are read as four (the extra
/// copies can never be used). A tile count of 3n aims at 3n+2 tiles, as if
/// two tiles were missing. More than 14 tiles is no hand: only the first
/// 14 in kind order are looked at.
#[must_use]
pub fn shanten(concealed: &Counts, melds: u8) -> i8 {
    let mut capped = concealed.0;
    let mut room = 14u8;
    for c in &mut capped {
        *c = (*c).min(4).min(room);
        room -= *c;
    }
    let total = concealed.total();
    let sets = (total / 3).min(4);
    let mut best = standard(&capped, sets);
    if melds == 0 && (total == 13 || total == 14) {
        best = best
            .min(seven_pairs(&capped))
            .min(thirteen_orphans(&capped));
    }
    best
}

/// The standard form: 3 * `sets` + 2 tiles minus the most tiles keepable,
/// minus one.
fn standard(counts: &[u8; 34], sets: u32) -> i8 {
    let d = distance();
    let entries = [
        d.number.entry(&counts[0..9]),
        d.number.entry(&counts[9..18]),
        d.number.entry(&counts[18..27]),
        d.honour.entry(&counts[27..34]),
    ];
    // best[c]: most tiles kept over the suits so far, class c overall.
    let mut best = [None::<u8>; CLASSES];
    best[0] = Some(0);
    for entry in entries {
        let mut next = [None::<u8>; CLASSES];
        for (c1, b) in best.iter().enumerate() {
            let Some(b) = *b else { continue };
            for c2 in 0..CLASSES {
                // Classes add: sets add, at most one pair overall.
                let (m, pair) = (c1 / 2 + c2 / 2, c1 % 2 + c2 % 2);
                if m > 4 || pair > 1 {
                    continue;
                }
                let c = 2 * m + pair;
                let v = b + kept(entry, c2);
                if next[c].is_none_or(|n| n < v) {
                    next[c] = Some(v);
                }
            }
        }
        best = next;
    }
    // `sets` <= 4, so the class index is in range.
    let target = 3 * sets + 2;
    let kept_tiles = best
        .get(2 * sets as usize + 1)
        .copied()
        .flatten()
        .map_or(0, u32::from);
    // At most 14 - 0 - 1 = 13 and at least -1: fits an i8.
    (target - kept_tiles.min(target)) as i8 - 1
}

/// Six minus the pairs, plus the kinds missing to reach seven.
fn seven_pairs(counts: &[u8; 34]) -> i8 {
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
    6 - pairs + (7 - kinds).max(0)
}

/// Thirteen minus the orphan kinds held, minus one for a pair among them.
fn thirteen_orphans(counts: &[u8; 34]) -> i8 {
    let held = ORPHANS
        .iter()
        .filter(|&&k| counts[usize::from(k)] >= 1)
        .count() as i8;
    let paired = ORPHANS.iter().any(|&k| counts[usize::from(k)] >= 2);
    13 - held - i8::from(paired)
}
