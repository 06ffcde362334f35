//! The best hand a pool of tiles holds: the lowest shanten of any hand of
//! a given size picked from more tiles than that.
//!
//! The review's hindsight over the wall asks it: a hand and the tiles that
//! came to it later, played with the best discards knowing them, is tenpai
//! once some part of the right size of hand and draws together is
//! (`formats/review.md`, "Hindsight on the wall"). A hand's shanten counts
//! the tiles of the nearest complete hand it keeps; a pool's best part keeps
//! as many of them as it holds, up to the part's size, so the same per-suit
//! tables answer it — except that a suit of the pool may hold more than the
//! 14 tiles they number. Such a suit is read by a small dynamic programme
//! over its kinds instead ([`suit_kept`]), which the tests hold to the
//! tables on every suit both can read.

use super::Counts;
use super::acceptance::{TileSet, combine, honour_like, lane, lookup, suit_digits};
use super::decompose::ORPHANS;
use super::distance::CLASSES;
use super::rank::MAX_TILES;

/// Most sets a hand aims for.
const MAX_SETS: usize = 4;
/// Most copies of a kind.
const COPIES: u8 = 4;

/// The lowest shanten of any `size` tiles of `pool`, `size` being 3n+1 or
/// 3n+2 (the concealed part of a hand): 0 is tenpai, −1 complete. `melds`
/// is the number of sets outside the concealed part, as for
/// [`super::shanten`]; seven pairs and thirteen orphans count only when it
/// is zero (and `size` is 13 or 14). In three-player games (`set`) 1m and
/// 9m form no sequences, as for [`super::shanten_in`].
///
/// When `pool` holds exactly `size` tiles this is their shanten. Copies of
/// a kind beyond four are never used; a pool smaller than `size` is read
/// as if the missing tiles were missing from the nearest hand.
#[must_use]
pub fn shanten_of_best(pool: &Counts, size: u32, melds: u8, set: TileSet) -> i8 {
    let mut capped = *pool;
    for c in &mut capped.0 {
        *c = (*c).min(COPIES);
    }
    let sets = (size / 3).min(MAX_SETS as u32) as usize;
    let [e0, e1, e2, e3]: [u64; 4] = std::array::from_fn(|s| {
        let digits = suit_digits(&capped, s, set);
        let honour = honour_like(s, set);
        if digits.iter().map(|&d| usize::from(d)).sum::<usize>() <= MAX_TILES {
            lookup(&digits, honour)
        } else {
            suit_kept(&digits, honour)
        }
    });
    let all = u32::from(lane(
        combine(combine(e0, e1), combine(e2, e3)),
        2 * sets + 1,
    ));
    // A part keeps at most its own size of the nearest complete hand.
    let target = 3 * sets as u32 + 2;
    let kept = all.min(size).min(target);
    let mut best = target as i8 - kept as i8 - 1;
    if melds == 0 && (size == 13 || size == 14) {
        best = best
            .min(13 - seven_pairs_kept(&capped).min(size) as i8)
            .min(13 - thirteen_orphans_kept(&capped).min(size) as i8);
    }
    best
}

/// Seven pairs: the most tiles of seven pairs of different kinds the pool
/// holds (a kind held four times is still one pair).
fn seven_pairs_kept(c: &Counts) -> u32 {
    let pairs = c.0.iter().filter(|&&n| n >= 2).count() as u32;
    let singles = c.0.iter().filter(|&&n| n == 1).count() as u32;
    // The pairs first, then single tiles of other kinds towards theirs.
    let paired = pairs.min(7);
    2 * paired + singles.min(7 - paired)
}

/// Thirteen orphans: the orphan kinds held, and one more for a pair.
fn thirteen_orphans_kept(c: &Counts) -> u32 {
    let held = ORPHANS.iter().filter(|&&k| c.get(k) >= 1).count() as u32;
    let paired = ORPHANS.iter().any(|&k| c.get(k) >= 2);
    held + u32::from(paired)
}

/// A suit's packed entry as the tables pack it (class `2m + pair` in the
/// 5-bit lane at bit `5 × class`): for each class, the most of the suit's
/// tiles a complete suit of m sets (and a pair or not), at most four of a
/// kind, has in common with it. For any number of tiles.
///
/// The programme walks the kinds in order, remembering the sequences
/// begun at the two kinds before (which still need this kind), the sets
/// so far and the pair; at each kind it chooses the sequences that begin
/// there, a triplet and a pair.
pub(super) fn suit_kept(digits: &[u8; 9], honour: bool) -> u64 {
    // best[a][b][m][p]: most tiles in common, with `a` sequences begun at
    // the kind before (needing this kind and the next), `b` begun two
    // kinds before (needing this kind), `m` sets and `p` pairs so far;
    // −1 where no complete suit gets there.
    type Table = [[[[i8; 2]; MAX_SETS + 1]; MAX_SETS + 1]; MAX_SETS + 1];
    let kinds = if honour { 7 } else { 9 };
    let mut best: Table = [[[[-1; 2]; MAX_SETS + 1]; MAX_SETS + 1]; MAX_SETS + 1];
    best[0][0][0][0] = 0;
    for (i, &held) in digits.iter().enumerate().take(kinds) {
        let mut next: Table = [[[[-1; 2]; MAX_SETS + 1]; MAX_SETS + 1]; MAX_SETS + 1];
        // A sequence begins at most two kinds from the suit's end.
        let begin = if honour || i + 2 >= kinds {
            0
        } else {
            MAX_SETS
        };
        for (a, by_b) in best.iter().enumerate() {
            for (b, by_m) in by_b.iter().enumerate() {
                for (m, by_p) in by_m.iter().enumerate() {
                    for (p, &value) in by_p.iter().enumerate() {
                        if value < 0 {
                            continue;
                        }
                        for s in 0..=begin.min(MAX_SETS - m) {
                            for t in 0..=usize::from(m + s < MAX_SETS) {
                                for q in 0..=(1 - p) {
                                    let here = a + b + s + 3 * t + 2 * q;
                                    if here > usize::from(COPIES) {
                                        continue;
                                    }
                                    let common = value + held.min(here as u8) as i8;
                                    let cell = &mut next[s][a][m + s + t][p + q];
                                    *cell = (*cell).max(common);
                                }
                            }
                        }
                    }
                }
            }
        }
        best = next;
    }
    let mut entry = 0u64;
    for class in 0..CLASSES {
        let (m, p) = (class / 2, class % 2);
        let v = best[0][0][m][p].max(0) as u64;
        entry |= v << (5 * class);
    }
    entry
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::hand::shanten_in;

    /// A small deterministic generator (no randomness crate).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, below: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % below
        }
    }

    /// `n` tiles drawn from a wall of four of each kind in `kinds`.
    fn pool(rng: &mut Lcg, kinds: &[u8], n: usize) -> Counts {
        let mut c = Counts::default();
        let mut placed = 0;
        while placed < n {
            let k = kinds[rng.next(kinds.len() as u64) as usize];
            if c.0[usize::from(k)] < 4 {
                c.0[usize::from(k)] += 1;
                placed += 1;
            }
        }
        c
    }

    /// The lowest shanten of every part of `size` tiles, by enumerating
    /// the parts.
    fn brute(pool: &Counts, size: u32, melds: u8, set: TileSet) -> i8 {
        fn walk(
            pool: &Counts,
            kind: usize,
            left: u32,
            part: &mut Counts,
            melds: u8,
            set: TileSet,
            best: &mut i8,
        ) {
            if left == 0 {
                *best = (*best).min(shanten_in(part, melds, set));
                return;
            }
            if kind == 34 {
                return;
            }
            let have = u32::from(pool.0[kind]);
            for take in 0..=have.min(left) {
                part.0[kind] = take as u8;
                walk(pool, kind + 1, left - take, part, melds, set, best);
            }
            part.0[kind] = 0;
        }
        let mut best = i8::MAX;
        walk(pool, 0, size, &mut Counts::default(), melds, set, &mut best);
        best
    }

    #[test]
    fn the_programme_agrees_with_the_tables() {
        let mut rng = Lcg(7);
        for round in 0..3000 {
            let honour = round % 3 == 0;
            let kinds = if honour { 7 } else { 9 };
            let mut digits = [0u8; 9];
            let n = rng.next(15);
            let mut placed = 0;
            while placed < n {
                let k = rng.next(kinds) as usize;
                if digits[k] < 4 {
                    digits[k] += 1;
                    placed += 1;
                }
            }
            assert_eq!(
                suit_kept(&digits, honour),
                lookup(&digits, honour),
                "{digits:?} honour {honour}"
            );
        }
    }

    #[test]
    fn a_pool_of_the_size_is_its_own_shanten() {
        let mut rng = Lcg(11);
        let all: Vec<u8> = (0..34).collect();
        for size in [13usize, 14, 10, 7, 4, 1] {
            for _ in 0..300 {
                let p = pool(&mut rng, &all, size);
                let melds = ((14 - size) / 3) as u8;
                assert_eq!(
                    shanten_of_best(&p, size as u32, melds, TileSet::Full),
                    shanten_in(&p, melds, TileSet::Full),
                    "{p:?}"
                );
            }
        }
    }

    #[test]
    fn the_best_part_agrees_with_every_part() {
        let mut rng = Lcg(3);
        // A few kinds make tenpai likely and keep the enumeration small.
        let few: Vec<u8> = vec![0, 1, 2, 3, 4, 9, 10, 11, 27, 28];
        let all: Vec<u8> = (0..34).collect();
        for round in 0..400 {
            let kinds = if round % 2 == 0 { &few } else { &all };
            let (size, melds) = match round % 4 {
                0 | 1 => (13, 0),
                2 => (7, 2),
                _ => (4, 3),
            };
            let extra = 1 + rng.next(5) as usize;
            let p = pool(&mut rng, kinds, size + extra);
            assert_eq!(
                shanten_of_best(&p, size as u32, melds, TileSet::Full),
                brute(&p, size as u32, melds, TileSet::Full),
                "{p:?} size {size}"
            );
        }
    }

    #[test]
    fn a_suit_beyond_the_tables_agrees_with_every_part() {
        let mut rng = Lcg(5);
        let man: Vec<u8> = (0..9).collect();
        for _ in 0..60 {
            // 15 to 18 tiles of one suit: more than the tables number.
            let n = 15 + rng.next(4) as usize;
            let p = pool(&mut rng, &man, n);
            assert_eq!(
                shanten_of_best(&p, 13, 0, TileSet::Full),
                brute(&p, 13, 0, TileSet::Full),
                "{p:?}"
            );
        }
    }

    #[test]
    fn three_player_man_forms_no_sequences() {
        // 1m 9m, 1p2p3p 4p5p6p 7p8p9p, East East: with 2m–8m absent the
        // man tiles are isolated, so the best part is tenpai on the pair
        // and one man tile.
        let mut p = Counts::default();
        for k in [0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 27, 27, 28] {
            p.0[k] += 1;
        }
        assert_eq!(
            shanten_of_best(&p, 13, 0, TileSet::ThreePlayer),
            brute(&p, 13, 0, TileSet::ThreePlayer)
        );
        let mut rng = Lcg(9);
        let kinds: Vec<u8> = vec![0, 8, 9, 10, 11, 27, 28, 29];
        for _ in 0..100 {
            let p = pool(&mut rng, &kinds, 16);
            assert_eq!(
                shanten_of_best(&p, 13, 0, TileSet::ThreePlayer),
                brute(&p, 13, 0, TileSet::ThreePlayer),
                "{p:?}"
            );
        }
    }
}
