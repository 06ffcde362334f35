//! The wall of a kyoku, when the record gives it.
//!
//! Mahjong Soul (`paishan`) and Riichi City (`handCardEncode`, `paiShan`)
//! commit to the whole wall before the deal; Tenhou records only a seed.
//! Each platform lays its wall out in its own order. The importer turns that
//! order into this one layout, so that the engine can hold every draw,
//! replacement draw and indicator against it without knowing the platform.

use serde::{Deserialize, Serialize};

use crate::tile::Tile;

/// Tiles of the dead wall.
const DEAD_WALL: usize = 14;

/// The wall left after the deal, in the order play takes it.
///
/// The dealt hands are not part of it: with them, `live` and the fourteen
/// tiles of the dead wall make up the whole set. The dead wall holds the
/// indicators (`dora_markers`, `ura_markers`: five and five on most
/// platforms) and as many replacement tiles as the fourteen leave room for
/// (four beside ten indicators; Riichi City's three-player wall holds eight
/// beside six).
///
/// **Replenishment.** Each replacement draw moves the last tile of the live
/// wall into the dead wall, so the live wall ends one tile earlier (the last
/// tile, haitei, moves). Where a platform takes more replacement draws than
/// the dead wall holds (three-player games set norths aside), the importer
/// lists them in `replacements` after those, and the platform's document
/// says where they come from.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Wall {
    /// The live wall in drawing order: the dealer's first draw first.
    pub live: Vec<Tile>,
    /// The replacement draws (after a kong or a north set aside), in the
    /// order they are taken.
    pub replacements: Vec<Tile>,
    /// The dora indicators in the order they are turned: the first at the
    /// start, then one per kong.
    pub dora_markers: Vec<Tile>,
    /// The ura dora indicators, each under the dora indicator of the same
    /// index.
    pub ura_markers: Vec<Tile>,
    /// The hands the wall deals, by seat (seat 0 first), in the order they
    /// are dealt; empty when the record gives the wall after the deal only.
    /// The engine holds each seat's starting hand to it (a hand's order is
    /// not its deal's, so as a multiset).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deal: Vec<Vec<Tile>>,
}

impl Wall {
    /// Every tile of the wall: the live wall, then the dead wall's fourteen
    /// tiles (the replacement tiles it holds, then the indicators).
    /// Replacement draws listed beyond those come from the live wall's end
    /// (see the type's documentation) and are not counted twice.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.live
            .iter()
            .chain(self.replacements.iter().take(self.replacement_tiles()))
            .chain(&self.dora_markers)
            .chain(&self.ura_markers)
            .copied()
    }

    /// How many replacement tiles the dead wall holds: what its fourteen
    /// tiles leave beside the indicators.
    #[must_use]
    pub fn replacement_tiles(&self) -> usize {
        DEAD_WALL.saturating_sub(self.dora_markers.len() + self.ura_markers.len())
    }
}
