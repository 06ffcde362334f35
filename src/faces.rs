//! The bundled tile faces: the CC0 FluffyStuff set rasterised by
//! `assets/tiles/rasterise.py` into one atlas per theme, and where each face
//! sits in them. The viewer draws from the atlases as a texture, the HTML
//! review as CSS sprites; both read the layout from here.

use crate::tile::Tile;

/// The light atlas (PNG, 8-bit RGBA).
pub const LIGHT: &[u8] = include_bytes!("../assets/tiles/light.png");
/// The dark atlas (PNG, 8-bit RGBA).
pub const DARK: &[u8] = include_bytes!("../assets/tiles/dark.png");
/// Cells across an atlas.
pub const COLUMNS: u8 = 10;
/// Cells down an atlas.
pub const ROWS: u8 = 4;

/// What face a tile shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Face {
    /// A tile face up.
    Up(Tile),
    /// The back of a tile.
    Back,
}

impl Face {
    /// The atlas cell (column, row): rows man, pin, sou with the columns 1
    /// to 9 then the red five; a fourth row of the winds, the dragons
    /// (white, green, red) and the back.
    #[must_use]
    pub const fn cell(self) -> (u8, u8) {
        match self {
            Self::Back => (7, 3),
            Self::Up(t) => {
                let kind = t.kind();
                if kind >= 27 {
                    (kind - 27, 3)
                } else if t.is_red() {
                    (9, kind / 9)
                } else {
                    (kind % 9, kind / 9)
                }
            }
        }
    }
}
