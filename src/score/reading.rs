//! Readings: one decomposition of the concealed tiles, joined with the
//! melds, and one choice of the group the winning tile completed.
//!
//! The same tiles can score differently depending on which group the
//! winning tile is taken to complete (45666 won on 6: the sequence or the
//! pair), so every choice is a reading of its own and the best one wins.

use arrayvec::ArrayVec;

use super::{Meld, MeldKind};
use crate::hand::{Decomposition, Group, GroupKind};

/// The shape of a set in a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum SetKind {
    /// Three consecutive tiles.
    Sequence,
    /// Three identical tiles.
    Triplet,
    /// Four identical tiles (always a declared kong).
    Kong,
}

/// One set of a reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Set {
    /// Sequence, triplet or kong.
    pub kind: SetKind,
    /// The kind (0–33) of its lowest tile.
    pub tile: u8,
    /// Concealed for fu and for the concealed-triplet yaku: not called, and
    /// not a triplet completed on a discard (that one counts as open).
    pub concealed: bool,
}

impl Set {
    /// Whether this is a triplet or a kong.
    pub fn is_triplet_like(self) -> bool {
        matches!(self.kind, SetKind::Triplet | SetKind::Kong)
    }

    /// The tile kinds the set spans (three for a sequence, one otherwise).
    pub fn kinds(self) -> std::ops::RangeInclusive<u8> {
        match self.kind {
            SetKind::Sequence => self.tile..=self.tile.saturating_add(2),
            SetKind::Triplet | SetKind::Kong => self.tile..=self.tile,
        }
    }
}

/// How the winning tile completed the hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Wait {
    /// Open two-sided sequence wait.
    Ryanmen,
    /// Closed (middle) sequence wait.
    Kanchan,
    /// Edge sequence wait (12 waiting on 3, 89 waiting on 7).
    Penchan,
    /// One of two pairs became a triplet.
    Shanpon,
    /// The pair (single wait; every seven-pairs and thirteen-orphans win).
    Tanki,
}

/// The four sets of a standard reading, held inline.
pub(super) type Sets = ArrayVec<Set, 4>;

/// The overall shape of a reading.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    /// Four sets (melds included) and a pair.
    Standard {
        /// The four sets: melds first, then the concealed groups.
        sets: Sets,
        /// The pair's kind.
        pair: u8,
    },
    /// Seven different pairs.
    SevenPairs,
    /// Thirteen orphans; `pair` is the doubled kind.
    ThirteenOrphans {
        /// The doubled kind.
        pair: u8,
    },
}

/// A complete reading of the winning hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Reading<'d> {
    /// Sets and pair, or a special shape.
    pub shape: Shape,
    /// How the winning tile completed it.
    pub wait: Wait,
    /// The concealed part's decomposition this reading comes from.
    pub decomposition: &'d Decomposition,
}

/// The set a meld forms (a chi's lowest tile; the kind of the others).
fn meld_set(meld: &Meld) -> Set {
    let tile = meld.tiles.iter().map(|t| t.kind()).min().unwrap_or(0);
    let kind = match meld.kind {
        MeldKind::Chi => SetKind::Sequence,
        MeldKind::Pon => SetKind::Triplet,
        MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan => SetKind::Kong,
    };
    Set {
        kind,
        tile,
        concealed: !meld.kind.is_open(),
    }
}

/// The sets the melds form, in order; `None` for more than four melds
/// (validation refuses those before scoring).
pub(super) fn meld_sets(melds: &[Meld]) -> Option<Sets> {
    let mut sets = Sets::new();
    for m in melds {
        sets.try_push(meld_set(m)).ok()?;
    }
    Some(sets)
}

/// The wait of a sequence starting at `start` completed by `win`.
fn sequence_wait(start: u8, win: u8) -> Wait {
    let number = start % 9; // 0-based number of the lowest tile
    match win.saturating_sub(start) {
        1 => Wait::Kanchan,
        0 if number == 6 => Wait::Penchan,
        2 if number == 0 => Wait::Penchan,
        _ => Wait::Ryanmen,
    }
}

/// The melds' sets followed by `groups`, the one at `open_triplet` (if
/// any) a triplet completed on a discard. `None` if they are more than
/// four, which a validated hand never has.
fn join(meld_sets: &Sets, groups: &[Group], open_triplet: Option<usize>) -> Option<Sets> {
    let mut sets = meld_sets.clone();
    for (j, g) in groups.iter().enumerate() {
        sets.try_push(concealed_set(g.kind, g.tile, open_triplet == Some(j)))
            .ok()?;
    }
    Some(sets)
}

/// Calls `each` with every reading of one decomposition, in order: one per
/// distinct group the winning tile (`win`, a kind) can have completed.
/// `meld_sets` are the melds' sets ([`meld_sets`]); `ron` makes a triplet
/// the winning tile completed an open one.
pub(super) fn for_each_reading<'d>(
    decomposition: &'d Decomposition,
    meld_sets: &Sets,
    win: u8,
    ron: bool,
    each: &mut impl FnMut(Reading<'d>),
) {
    let special = |shape| Reading {
        shape,
        wait: Wait::Tanki,
        decomposition,
    };
    match decomposition {
        Decomposition::SevenPairs(_) => each(special(Shape::SevenPairs)),
        Decomposition::ThirteenOrphans { pair } => {
            each(special(Shape::ThirteenOrphans { pair: *pair }));
        }
        Decomposition::Standard { groups, pair } => {
            let pair = *pair;
            let standard = |sets, wait| Reading {
                shape: Shape::Standard { sets, pair },
                wait,
                decomposition,
            };
            if pair == win
                && let Some(sets) = join(meld_sets, groups, None)
            {
                each(standard(sets, Wait::Tanki));
            }
            for (i, g) in groups.iter().enumerate() {
                let contains = match g.kind {
                    GroupKind::Sequence => g.tile <= win && win <= g.tile.saturating_add(2),
                    GroupKind::Triplet => g.tile == win,
                };
                // Two identical groups read the same way: keep the first.
                // An identical earlier group holds the winning tile too, so
                // it has been read already.
                if !contains || groups.get(..i).is_some_and(|before| before.contains(g)) {
                    continue;
                }
                let wait = match g.kind {
                    GroupKind::Sequence => sequence_wait(g.tile, win),
                    GroupKind::Triplet => Wait::Shanpon,
                };
                let open = (ron && wait == Wait::Shanpon).then_some(i);
                if let Some(sets) = join(meld_sets, groups, open) {
                    each(standard(sets, wait));
                }
            }
        }
    }
}

/// Every reading of one decomposition (see [`for_each_reading`]).
#[cfg(test)]
pub(super) fn readings<'d>(
    decomposition: &'d Decomposition,
    melds: &[Meld],
    win: u8,
    ron: bool,
) -> Vec<Reading<'d>> {
    let mut out = Vec::new();
    let sets = meld_sets(melds).unwrap_or_default();
    for_each_reading(decomposition, &sets, win, ron, &mut |r| out.push(r));
    out
}

/// A set read from the concealed tiles; `completed_on_discard` makes a
/// triplet count as open.
fn concealed_set(kind: GroupKind, tile: u8, completed_on_discard: bool) -> Set {
    Set {
        kind: match kind {
            GroupKind::Sequence => SetKind::Sequence,
            GroupKind::Triplet => SetKind::Triplet,
        },
        tile,
        concealed: !completed_on_discard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(tile: u8) -> Group {
        Group {
            kind: GroupKind::Sequence,
            tile,
        }
    }

    fn trip(tile: u8) -> Group {
        Group {
            kind: GroupKind::Triplet,
            tile,
        }
    }

    #[test]
    fn waits_of_sequences() {
        assert_eq!(sequence_wait(0, 2), Wait::Penchan); // 12 + 3
        assert_eq!(sequence_wait(0, 0), Wait::Ryanmen); // 23 + 1
        assert_eq!(sequence_wait(6, 6), Wait::Penchan); // 89 + 7
        assert_eq!(sequence_wait(6, 8), Wait::Ryanmen); // 78 + 9
        assert_eq!(sequence_wait(3, 4), Wait::Kanchan);
        assert_eq!(sequence_wait(9, 11), Wait::Penchan); // 12p + 3p
    }

    #[test]
    fn every_group_with_the_winning_tile_is_a_reading() {
        // 456m 666m ... won on 6m: the sequence, the triplet.
        let d = Decomposition::Standard {
            groups: [seq(3), trip(5), seq(9), seq(18)].into(),
            pair: 27,
        };
        let rs = readings(&d, &[], 5, true);
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].wait, Wait::Ryanmen);
        assert_eq!(rs[1].wait, Wait::Shanpon);
        let Shape::Standard { sets, .. } = &rs[1].shape else {
            panic!("standard")
        };
        assert!(!sets[1].concealed, "a triplet completed by ron is open");
        let Shape::Standard { sets, .. } = &rs[0].shape else {
            panic!("standard")
        };
        assert!(sets[1].concealed);
    }

    #[test]
    fn identical_sequences_give_one_reading() {
        let d = Decomposition::Standard {
            groups: [seq(0), seq(0), seq(9), seq(18)].into(),
            pair: 27,
        };
        assert_eq!(readings(&d, &[], 1, false).len(), 1);
        // The pair as well as a sequence.
        let d = Decomposition::Standard {
            groups: [seq(0), seq(9), seq(18), trip(30)].into(),
            pair: 2,
        };
        let rs = readings(&d, &[], 2, false);
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].wait, Wait::Tanki);
        assert_eq!(rs[1].wait, Wait::Penchan);
    }
}
