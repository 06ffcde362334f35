//! Readings: one decomposition of the concealed tiles, joined with the
//! melds, and one choice of the group the winning tile completed.
//!
//! The same tiles can score differently depending on which group the
//! winning tile is taken to complete (45666 won on 6: the sequence or the
//! pair), so every choice is a reading of its own and the best one wins.

use super::{Meld, MeldKind};
use crate::hand::{Decomposition, GroupKind};

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

/// The overall shape of a reading.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    /// Four sets (melds included) and a pair.
    Standard {
        /// The four sets: melds first, then the concealed groups.
        sets: Vec<Set>,
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
pub(super) struct Reading {
    /// Sets and pair, or a special shape.
    pub shape: Shape,
    /// How the winning tile completed it.
    pub wait: Wait,
    /// The concealed part's decomposition this reading comes from.
    pub decomposition: Decomposition,
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

/// Every reading of one decomposition: one per distinct group the winning
/// tile (`win`, a kind) can have completed. `ron` makes a triplet the
/// winning tile completed an open one.
pub(super) fn readings(
    decomposition: &Decomposition,
    melds: &[Meld],
    win: u8,
    ron: bool,
) -> Vec<Reading> {
    match decomposition {
        Decomposition::SevenPairs(_) => vec![Reading {
            shape: Shape::SevenPairs,
            wait: Wait::Tanki,
            decomposition: decomposition.clone(),
        }],
        Decomposition::ThirteenOrphans { pair } => vec![Reading {
            shape: Shape::ThirteenOrphans { pair: *pair },
            wait: Wait::Tanki,
            decomposition: decomposition.clone(),
        }],
        Decomposition::Standard { groups, pair } => {
            let meld_sets: Vec<Set> = melds.iter().map(meld_set).collect();
            let mut out = Vec::new();
            if *pair == win {
                let mut sets = meld_sets.clone();
                sets.extend(groups.iter().map(|g| concealed_set(g.kind, g.tile, false)));
                out.push(Reading {
                    shape: Shape::Standard { sets, pair: *pair },
                    wait: Wait::Tanki,
                    decomposition: decomposition.clone(),
                });
            }
            let mut seen = Vec::new();
            for (i, g) in groups.iter().enumerate() {
                let contains = match g.kind {
                    GroupKind::Sequence => g.tile <= win && win <= g.tile.saturating_add(2),
                    GroupKind::Triplet => g.tile == win,
                };
                // Two identical groups read the same way: keep one.
                if !contains || seen.contains(g) {
                    continue;
                }
                seen.push(*g);
                let wait = match g.kind {
                    GroupKind::Sequence => sequence_wait(g.tile, win),
                    GroupKind::Triplet => Wait::Shanpon,
                };
                let mut sets = meld_sets.clone();
                sets.extend(groups.iter().enumerate().map(|(j, h)| {
                    concealed_set(h.kind, h.tile, ron && j == i && wait == Wait::Shanpon)
                }));
                out.push(Reading {
                    shape: Shape::Standard { sets, pair: *pair },
                    wait,
                    decomposition: decomposition.clone(),
                });
            }
            out
        }
    }
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
    use crate::hand::Group;

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
            groups: vec![seq(3), trip(5), seq(9), seq(18)],
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
            groups: vec![seq(0), seq(0), seq(9), seq(18)],
            pair: 27,
        };
        assert_eq!(readings(&d, &[], 1, false).len(), 1);
        // The pair as well as a sequence.
        let d = Decomposition::Standard {
            groups: vec![seq(0), seq(9), seq(18), trip(30)],
            pair: 2,
        };
        let rs = readings(&d, &[], 2, false);
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].wait, Wait::Tanki);
        assert_eq!(rs[1].wait, Wait::Penchan);
    }
}
