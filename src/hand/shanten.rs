//! Shanten: how many tiles from tenpai.

use super::Counts;

/// The shanten number of a concealed part of 3n+1 or 3n+2 tiles: 0 is
/// tenpai, -1 complete. `melds` is the number of called or concealed
/// kongs and sets outside `concealed`; seven pairs and thirteen orphans are
/// considered only when it is zero.
#[must_use]
pub fn shanten(concealed: &Counts, melds: u8) -> i8 {
    let _ = (concealed, melds);
    8
}
