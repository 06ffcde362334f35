//! The wall of a kyoku, when the record gives it.
//!
//! Mahjong Soul (`paishan`) and Riichi City (`handCardEncode`, `paiShan`)
//! commit to the whole wall before the deal; Tenhou records only a seed.
//! Each platform lays its wall out in its own order. The importer turns that
//! order into this one layout, so that the engine can hold every draw,
//! replacement draw and indicator against it without knowing the platform.

use serde::{Deserialize, Serialize};

use crate::tile::Tile;

/// The wall left after the deal, in the order play takes it.
///
/// The dealt hands are not part of it: with them, `live` and the first
/// fourteen tiles of the dead wall (`replacements`, `dora_markers` and
/// `ura_markers` up to four, five and five tiles) make up the whole set.
///
/// **Replenishment.** Each replacement draw moves the last tile of the live
/// wall into the dead wall, so the live wall ends one tile earlier (the last
/// tile, haitei, moves). Where a platform takes later replacement draws
/// from those tiles (three-player games set norths aside and may draw more
/// than four replacements), the importer lists them in `replacements` after
/// the first four.
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
}

impl Wall {
    /// Every tile of the wall: the live wall, then the dead wall's first
    /// fourteen tiles (replacements up to four, then the indicators).
    /// Replacement draws listed beyond the fourth come from the live wall's
    /// end (see the type's documentation) and are not counted twice.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.live
            .iter()
            .chain(self.replacements.iter().take(4))
            .chain(&self.dora_markers)
            .chain(&self.ura_markers)
            .copied()
    }
}
