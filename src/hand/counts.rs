//! A hand as a count per tile kind.

use crate::tile::{KINDS, Tile};

/// How many tiles of each of the 34 kinds (red fives counted as fives).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Counts(pub [u8; KINDS]);

impl Default for Counts {
    fn default() -> Self {
        Self([0; KINDS])
    }
}

impl Counts {
    /// Counts the tiles.
    #[must_use]
    pub fn from_tiles(tiles: &[Tile]) -> Self {
        let mut c = Self::default();
        for t in tiles {
            c.0[usize::from(t.kind())] += 1;
        }
        c
    }

    /// The number of tiles.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|n| u32::from(*n)).sum()
    }

    /// How many of `kind` (0–33).
    #[must_use]
    pub fn get(&self, kind: u8) -> u8 {
        self.0.get(usize::from(kind)).copied().unwrap_or(0)
    }
}
