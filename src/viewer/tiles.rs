//! Tile faces: the bundled CC0 tile set (FluffyStuff's riichi-mahjong-tiles,
//! rasterised by `assets/tiles/rasterise.py` into one atlas per theme) and
//! the painting of a tile upright or turned sideways in any seat's frame.

use egui::{Color32, Context, Mesh, Pos2, Rect, Shape, TextureHandle, TextureOptions, pos2};

use super::ViewerError;

pub use crate::faces::Face;
use crate::faces::{COLUMNS, DARK, LIGHT, ROWS};

/// The tile set as one texture.
#[derive(Clone)]
pub struct TileAtlas {
    texture: TextureHandle,
}

impl std::fmt::Debug for TileAtlas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TileAtlas").finish_non_exhaustive()
    }
}

fn decode(bytes: &[u8]) -> Result<egui::ColorImage, ViewerError> {
    let bad = |e: &dyn std::fmt::Display| ViewerError::Assets(e.to_string());
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().map_err(|e| bad(&e))?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| ViewerError::Assets("the tile atlas is too large".into()))?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| bad(&e))?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return Err(ViewerError::Assets(
            "the tile atlas is not 8-bit RGBA".into(),
        ));
    }
    let pixels = buf.get(..info.buffer_size()).unwrap_or(&buf);
    let w = usize::try_from(info.width).unwrap_or(0);
    let h = usize::try_from(info.height).unwrap_or(0);
    Ok(egui::ColorImage::from_rgba_unmultiplied([w, h], pixels))
}

impl TileAtlas {
    /// Uploads the light or dark tile set.
    ///
    /// # Errors
    ///
    /// When the bundled atlas cannot be decoded (a build problem).
    pub fn load(ctx: &Context, dark: bool) -> Result<Self, ViewerError> {
        let image = decode(if dark { DARK } else { LIGHT })?;
        let name = if dark {
            "paifu-tiles-dark"
        } else {
            "paifu-tiles-light"
        };
        Ok(Self {
            texture: ctx.load_texture(name, image, TextureOptions::LINEAR),
        })
    }

    /// Where a face sits in the atlas, in texture coordinates.
    #[must_use]
    pub fn uv(face: Face) -> Rect {
        let (col, row) = face.cell();
        let (c, r) = (f32::from(col), f32::from(row));
        let (w, h) = (f32::from(COLUMNS), f32::from(ROWS));
        Rect::from_min_max(pos2(c / w, r / h), pos2((c + 1.0) / w, (r + 1.0) / h))
    }

    /// A shape drawing `face` on the quad whose corners are given in the
    /// order the tile's own top-left, top-right, bottom-right, bottom-left
    /// appear on screen; a turned tile is a rotated list of corners.
    pub fn quad(&self, face: Face, corners: [Pos2; 4], tint: Color32) -> Shape {
        let uv = Self::uv(face);
        let uvs = [
            uv.left_top(),
            uv.right_top(),
            uv.right_bottom(),
            uv.left_bottom(),
        ];
        let mut mesh = Mesh::with_texture(self.texture.id());
        for (p, t) in corners.iter().zip(uvs) {
            mesh.vertices.push(egui::epaint::Vertex {
                pos: *p,
                uv: t,
                color: tint,
            });
        }
        mesh.indices.extend_from_slice(&[0, 1, 2, 0, 2, 3]);
        Shape::mesh(mesh)
    }

    /// A face drawn upright in a screen rectangle (panels, not the board).
    pub fn upright(&self, face: Face, rect: Rect, tint: Color32) -> Shape {
        self.quad(face, rect_corners(rect), tint)
    }
}

/// A rectangle's corners in the order [`TileAtlas::quad`] takes them.
#[must_use]
pub fn rect_corners(r: Rect) -> [Pos2; 4] {
    [
        r.left_top(),
        r.right_top(),
        r.right_bottom(),
        r.left_bottom(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    #[test]
    fn both_atlases_decode_to_ten_by_four_cells() {
        for bytes in [LIGHT, DARK] {
            let image = decode(bytes).unwrap();
            assert_eq!(image.size[0] * 4, image.size[1] * 10 * 3 / 4);
        }
    }

    /// The pixels of one face's cell, inset so that the rounded corners
    /// and the edge of the tile are left out.
    fn face_pixels(image: &egui::ColorImage, face: Face) -> Vec<Color32> {
        let (col, row) = face.cell();
        let (w, h) = (
            image.size[0] / usize::from(COLUMNS),
            image.size[1] / usize::from(ROWS),
        );
        let (x0, y0) = (usize::from(col) * w, usize::from(row) * h);
        (y0 + h / 8..y0 + h * 7 / 8)
            .flat_map(|y| (x0 + w / 8..x0 + w * 7 / 8).map(move |x| (x, y)))
            .map(|(x, y)| image[(x, y)])
            .collect()
    }

    /// The share of `pixels` that stand out from the tile's ground (the
    /// colour at the cell's centre of a blank face, here the most common).
    fn marked_share(pixels: &[Color32]) -> f32 {
        let mut counts = std::collections::BTreeMap::new();
        for p in pixels {
            *counts.entry(p.to_array()).or_insert(0usize) += 1;
        }
        let ground = counts
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(c, _)| *c)
            .unwrap();
        let far = |p: &Color32| {
            p.to_array()
                .iter()
                .zip(ground)
                .map(|(a, b)| i32::from(*a).abs_diff(i32::from(b)))
                .sum::<u32>()
                > 120
        };
        pixels.iter().filter(|p| far(p)).count() as f32 / pixels.len() as f32
    }

    #[test]
    fn the_dark_white_dragon_has_a_face() {
        // Blank, it read as a missing or face-down tile on the dark set.
        let dark = decode(DARK).unwrap();
        let haku = face_pixels(&dark, Face::Up(Tile::from_mjai("P").unwrap()));
        let east = face_pixels(&dark, Face::Up(Tile::from_mjai("E").unwrap()));
        let share = marked_share(&haku);
        assert!(share > 0.10, "only {share} of the white dragon is drawn");
        // As much ink as a wind's character, give or take.
        assert!(share > marked_share(&east) / 3.0);
        // And it is no copy of the back, which the board paints orange.
        let back = face_pixels(&dark, Face::Back);
        assert_ne!(haku, back);
    }

    #[test]
    fn faces_land_in_their_cells() {
        let five = Tile::from_mjai("5p").unwrap();
        let red = Tile::from_mjai("5pr").unwrap();
        let chun = Tile::from_mjai("C").unwrap();
        assert_eq!(TileAtlas::uv(Face::Up(five)).min, pos2(0.4, 0.25));
        assert_eq!(TileAtlas::uv(Face::Up(red)).min, pos2(0.9, 0.25));
        assert_eq!(TileAtlas::uv(Face::Up(chun)).min, pos2(0.6, 0.75));
        assert_eq!(TileAtlas::uv(Face::Back).min, pos2(0.7, 0.75));
    }
}
