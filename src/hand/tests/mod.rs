//! Tests of hand analysis: hand-written cases per function, and
//! cross-checks of the fast paths against slow references on
//! pseudo-random hands.

mod cross;
mod decompose;
mod shanten;
mod waits;

use super::Counts;
use crate::tile::parse_hand;

/// Counts of a hand in compact notation.
pub(super) fn counts(text: &str) -> Counts {
    Counts::from_tiles(&parse_hand(text).expect("test hand"))
}

/// A kind from its compact name (`"5p"`, `"7z"`).
pub(super) fn kind(text: &str) -> u8 {
    let tiles = parse_hand(text).expect("test tile");
    assert_eq!(tiles.len(), 1, "{text} is not one tile");
    tiles[0].kind()
}
