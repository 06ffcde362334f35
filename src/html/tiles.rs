//! Tiles as CSS sprites: the bundled light atlas (`assets/tiles/light.png`,
//! 10 columns × 4 rows, laid out by `assets/tiles/rasterise.py`) embedded
//! once in the style sheet as a data URI, one class per face giving its
//! cell, and the `<i>` element that draws a tile.

use std::fmt::{self, Write as _};

use base64::Engine as _;

use crate::tile::Tile;

pub(crate) use crate::faces::Face;
use crate::faces::{COLUMNS, LIGHT, ROWS};

/// How big a tile is drawn (the style sheet gives the sizes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Size {
    /// In a list of tiles (played, better).
    List,
}

/// How a tile is marked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    None,
    /// The tile played.
    Played,
    /// One of the better choices.
    Better,
}

/// The class naming a face: `t-5mr`, `t-E`, `t-back` (mjai names are
/// valid CSS identifiers after the prefix).
struct Class(Face);

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Face::Back => f.write_str("t-back"),
            Face::Up(t) => write!(f, "t-{}", t.to_mjai()),
        }
    }
}

/// The style rules of the atlas: the data URI once, on `.t`, and one
/// `background-position` per face. Positions are percentages of the free
/// space, so the same class draws a tile at every size.
pub(crate) fn sprite_css() -> String {
    let uri = base64::engine::general_purpose::STANDARD.encode(LIGHT);
    let mut css = format!(
        ".t{{background-image:url(data:image/png;base64,{uri});background-size:{}% {}%}}\n",
        u32::from(COLUMNS) * 100,
        u32::from(ROWS) * 100
    );
    let faces = (0..37u8)
        .filter_map(Tile::from_index)
        .map(Face::Up)
        .chain([Face::Back]);
    for face in faces {
        let (col, row) = face.cell();
        let x = f64::from(col) * 100.0 / f64::from(COLUMNS - 1);
        let y = f64::from(row) * 100.0 / f64::from(ROWS - 1);
        let _ = writeln!(
            css,
            ".{}{{background-position:{}% {}%}}",
            Class(face),
            trim(x),
            trim(y)
        );
    }
    css
}

/// A percentage with at most four decimals and no trailing zeros.
fn trim(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

/// One tile element, written with `{}`.
pub(crate) struct TileHtml {
    pub face: Face,
    pub size: Size,
    pub mark: Mark,
}

impl TileHtml {
    /// A face-up tile.
    pub(crate) const fn up(tile: Tile, size: Size) -> Self {
        Self {
            face: Face::Up(tile),
            size,
            mark: Mark::None,
        }
    }

    /// The same tile marked.
    pub(crate) const fn marked(self, mark: Mark) -> Self {
        Self { mark, ..self }
    }
}

impl fmt::Display for TileHtml {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = match self.size {
            Size::List => " l",
        };
        let mark = match self.mark {
            Mark::None => "",
            Mark::Played => " played",
            Mark::Better => " better",
        };
        let title = match self.face {
            Face::Up(t) => crate::names::tile(t),
            Face::Back => "face down".to_owned(),
        };
        write!(
            f,
            r#"<i class="t {}{size}{mark}" title="{title}"></i>"#,
            Class(self.face)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_has_its_own_cell() {
        let mut cells: Vec<(u8, u8)> = (0..37u8)
            .filter_map(Tile::from_index)
            .map(|t| Face::Up(t).cell())
            .chain([Face::Back.cell()])
            .collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 38);
        assert!(cells.iter().all(|&(c, r)| c < COLUMNS && r < ROWS));
    }

    #[test]
    fn the_atlas_is_embedded_once_with_a_position_per_face() {
        let css = sprite_css();
        assert_eq!(css.matches("data:image/png;base64,").count(), 1);
        assert!(css.contains(".t-1m{background-position:0% 0%}"));
        assert!(css.contains(".t-5pr{background-position:100% 33.3333%}"));
        assert!(css.contains(".t-back{background-position:77.7778% 100%}"));
    }
}
