//! Every way to read a complete hand: four sets and a pair, seven pairs,
//! thirteen orphans.

use serde::Serialize;

use super::Counts;

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

/// One reading of a complete concealed part.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decomposition {
    /// Sets (as many as the concealed part holds) and one pair.
    Standard {
        /// The sets, sorted.
        groups: Vec<Group>,
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

/// Every distinct decomposition of `concealed` (3n+2 tiles, the winning
/// tile included) into sets and one pair, plus seven pairs and thirteen
/// orphans when the concealed part is all 14 tiles. Empty when the hand is
/// not complete.
#[must_use]
pub fn decompositions(concealed: &Counts) -> Vec<Decomposition> {
    let _ = concealed;
    Vec::new()
}

/// Whether `concealed` (3n+2 tiles) is complete in any reading (fast path,
/// table-based).
#[must_use]
pub fn is_complete(concealed: &Counts) -> bool {
    let _ = concealed;
    false
}
