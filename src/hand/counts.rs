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
            if let Some(n) = c.0.get_mut(usize::from(t.kind())) {
                // Saturating: more than 255 of a kind is not a hand, and
                // every analysis rejects counts above four anyway.
                *n = n.saturating_add(1);
            }
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
