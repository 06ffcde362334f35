//! The quality of a candidate's acceptance, which `EFFICIENCY` weighs
//! beside its count (`formats/review.md`, "How the items judge",
//! *Acceptance quality*): at 1-shanten, where its draws lead (the tenpai
//! each accepted tile reaches and how many tiles that tenpai waits on, the
//! classic two-step acceptance); at 2-shanten or more, its improvement
//! tiles (draws that keep the shanten but widen the acceptance).
//!
//! Each figure costs a discard analysis per tile kind drawn, so the items
//! ask for it only for the two candidates they compare, and only where an
//! item would otherwise be given.

use crate::hand::{Counts, KindSet, SuitCache, TileSet, discard_acceptance_cached};

/// A tenpai waits on a *good* wait from this many unseen winning tiles: a
/// two-sided wait with at most three of its eight tiles in view, or a
/// wider one (a single or closed wait has at most 4, a pair wait 4).
pub(super) const GOOD_WAIT: u32 = 5;

/// Where a 1-shanten candidate's accepted tiles lead.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct TwoStep {
    /// Its accepted tiles, unseen copies.
    pub tiles: u32,
    /// Of those, the ones whose draw allows a tenpai on a good wait
    /// ([`GOOD_WAIT`] tiles or more).
    pub good: u32,
    /// Each accepted tile times the winning tiles of the widest tenpai its
    /// draw allows, summed: the two-step acceptance.
    pub two_step: u32,
}

impl TwoStep {
    /// The winning tiles of the tenpai reached, on average over the
    /// accepted tiles.
    pub(super) fn average(self) -> f64 {
        if self.tiles == 0 {
            0.0
        } else {
            f64::from(self.two_step) / f64::from(self.tiles)
        }
    }

    /// "24 tiles, 18 to a good wait, 5.8 winning tiles on average".
    pub(super) fn describe(self) -> String {
        format!(
            "{} tiles, {} to a good wait, {:.1} winning tiles on average",
            self.tiles,
            self.good,
            self.average()
        )
    }
}

/// The unseen tiles of `kinds`, from `unseen`.
fn unseen_of(kinds: KindSet, unseen: &[u8; 34]) -> u32 {
    kinds
        .kinds()
        .map(|k| u32::from(unseen.get(usize::from(k)).copied().unwrap_or(0)))
        .sum()
}

/// The two-step acceptance of a 1-shanten hand `rest` (its concealed
/// tiles after the discard, 3n+1) with `melds` sets called, accepting
/// `accepts`: for each accepted kind drawn (one copy fewer unseen), the
/// widest tenpai any discard then leaves (yaku and furiten are not
/// weighed: this is shape).
pub(super) fn two_step(
    rest: &Counts,
    melds: u8,
    set: TileSet,
    accepts: KindSet,
    unseen: &[u8; 34],
    cache: &mut SuitCache,
) -> TwoStep {
    let mut out = TwoStep::default();
    let mut unseen = *unseen;
    let mut hand = *rest;
    for k in accepts.kinds() {
        let i = usize::from(k);
        let copies = unseen.get(i).copied().unwrap_or(0);
        if copies == 0 || hand.get(k) >= 4 {
            continue;
        }
        hand.0[i] += 1;
        unseen[i] = copies - 1;
        let widest = discard_acceptance_cached(&hand, melds, set, cache)
            .iter()
            .filter(|(_, a)| a.shanten == 0)
            .map(|(_, a)| unseen_of(a.kinds, &unseen))
            .max()
            .unwrap_or(0);
        unseen[i] = copies;
        hand.0[i] -= 1;
        let n = u32::from(copies);
        out.tiles += n;
        out.two_step += n * widest;
        if widest >= GOOD_WAIT {
            out.good += n;
        }
    }
    out
}

/// The kinds a draw of which touches the hand: within two of a number
/// tile held in its suit, or an honour held. Only these are tried as
/// improvement tiles, the shape changes a player counts: a draw that
/// touches nothing can only swap one loose tile for another, and trying
/// every kind cost the review a sixth of its speed.
fn connected(hand: &Counts) -> KindSet {
    let mut near = 0u64;
    for k in 0..34u8 {
        if hand.get(k) == 0 {
            continue;
        }
        if k >= 27 {
            near |= 1 << k;
            continue;
        }
        let (suit, n) = (k / 9, k % 9);
        for m in n.saturating_sub(2)..=(n + 2).min(8) {
            near |= 1 << (suit * 9 + m);
        }
    }
    KindSet(near)
}

/// The most improvement tiles [`improvement`] can find for the same hand:
/// every unseen tile of a kind it would try. Where the judgement is the
/// same at none and at this many, the tiles are not counted.
pub(super) fn improvement_bound(rest: &Counts, accepts: KindSet, unseen: &[u8; 34]) -> u32 {
    let near = connected(rest);
    (0..34u8)
        .filter(|&k| near.contains(k) && !accepts.contains(k) && rest.get(k) < 4)
        .map(|k| u32::from(unseen.get(usize::from(k)).copied().unwrap_or(0)))
        .sum()
}

/// The improvement tiles of a hand `rest` (3n+1 tiles, `melds` called) at
/// `shanten`, accepting `accepts` (`accepted` unseen tiles): the unseen
/// tiles of the kinds not accepted that touch the hand ([`connected`])
/// whose draw lets a discard keep the shanten with more accepted tiles
/// than now.
pub(super) fn improvement(
    rest: &Counts,
    melds: u8,
    set: TileSet,
    shanten: i8,
    accepts: KindSet,
    unseen: &[u8; 34],
    cache: &mut SuitCache,
) -> u32 {
    let accepted = unseen_of(accepts, unseen);
    let near = connected(rest);
    let mut unseen = *unseen;
    let mut hand = *rest;
    let mut out = 0;
    for k in set.kinds().kinds() {
        let i = usize::from(k);
        let copies = unseen.get(i).copied().unwrap_or(0);
        if !near.contains(k) || accepts.contains(k) || copies == 0 || hand.get(k) >= 4 {
            continue;
        }
        hand.0[i] += 1;
        unseen[i] = copies - 1;
        let widens = discard_acceptance_cached(&hand, melds, set, cache)
            .iter()
            .any(|(_, a)| a.shanten == shanten && unseen_of(a.kinds, &unseen) > accepted);
        unseen[i] = copies;
        hand.0[i] -= 1;
        if widens {
            out += u32::from(copies);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::hand::acceptance;
    use crate::tile::parse_hand;

    fn counts(s: &str) -> Counts {
        Counts::from_tiles(&parse_hand(s).unwrap())
    }

    #[test]
    fn a_two_sided_one_shanten_leads_to_good_waits() {
        // 234m 678p 45s 67s 77z 9p: 1-shanten with two two-sided shapes,
        // most accepted draws leave a two-sided tenpai.
        let rest = counts("234m678p9p4567s77z");
        let a = acceptance(&rest, 0, TileSet::Full);
        assert_eq!(a.shanten, 1);
        let unseen = [4u8; 34];
        let q = two_step(
            &rest,
            0,
            TileSet::Full,
            a.kinds,
            &unseen,
            &mut SuitCache::default(),
        );
        assert!(q.tiles > 0);
        assert!(q.good * 2 >= q.tiles, "{q:?}");
        assert!(q.average() >= 5.0, "{q:?}");
    }

    #[test]
    fn a_closed_wait_one_shanten_leads_to_narrow_waits() {
        // 234m 678p 13s 79s 77z 1m: the draws leave a closed wait.
        let rest = counts("1234m678p1379s77z");
        let a = acceptance(&rest, 0, TileSet::Full);
        assert_eq!(a.shanten, 1);
        let unseen = [4u8; 34];
        let q = two_step(
            &rest,
            0,
            TileSet::Full,
            a.kinds,
            &unseen,
            &mut SuitCache::default(),
        );
        assert!(q.tiles > 0);
        assert_eq!(q.good, 0, "{q:?}");
    }

    #[test]
    fn an_isolated_honour_leaves_improvement_tiles() {
        // 2-shanten with a lone honour: a middle tile drawn in its place
        // widens the acceptance.
        let rest = counts("234m68p13s57s9m123z");
        let a = acceptance(&rest, 0, TileSet::Full);
        assert!(a.shanten >= 2);
        let unseen = [4u8; 34];
        let n = improvement(
            &rest,
            0,
            TileSet::Full,
            a.shanten,
            a.kinds,
            &unseen,
            &mut SuitCache::default(),
        );
        assert!(n > 0);
    }
}
