//! The wall of a hand, from `paiShan` (or `handCardEncode`).
//!
//! `handCardEncode` spells the whole wall in the order it is dealt: four
//! tiles to each seat from the dealer on, three times, then one each, the
//! dealer's fourteenth last; `paiShan` is the rest, by number. Measured on
//! every hand of the corpus (`formats/riichicity.md`, "The wall"): play
//! draws `paiShan` from its start; its last fourteen tiles are the dead
//! wall, whose last tile is the first replacement draw, the one before it
//! the second, and so on. In four-player games the tenth tile from the end
//! is the first dora indicator, the ninth its ura indicator, and each
//! further pair two tiles nearer the start (five pairs, four replacement
//! tiles). In three-player games the first dora indicator is the sixth from
//! the end and the ura the fifth: three pairs, and eight replacement tiles
//! (the fifth to the eighth and the later pairs are not in the corpus:
//! assumed).

use crate::event::Wall;
use crate::tile::Tile;

/// Tiles of the dead wall.
const DEAD: usize = 14;

/// The wall after the deal: `first_draw` is the dealer's fourteenth tile,
/// `rest` the tiles after the deal in the record's order.
pub(super) fn wall(first_draw: Tile, rest: &[Tile], seats: u8) -> Option<Wall> {
    let live_end = rest.len().checked_sub(DEAD)?;
    let (live, dead) = rest.split_at(live_end);
    let from_end = |i: usize| dead.get(DEAD - 1 - i).copied();
    let (replacements, pairs) = if seats == 3 { (8, 3) } else { (4, 5) };
    let dora_markers = (0..pairs)
        .filter_map(|k| from_end(replacements + 2 * k))
        .collect();
    let ura_markers = (0..pairs)
        .filter_map(|k| from_end(replacements + 1 + 2 * k))
        .collect();
    let mut live_wall = Vec::with_capacity(live.len() + 1);
    live_wall.push(first_draw);
    live_wall.extend_from_slice(live);
    Some(Wall {
        live: live_wall,
        replacements: (0..replacements).filter_map(from_end).collect(),
        dora_markers,
        ura_markers,
        deal: Vec::new(),
    })
}

/// The tiles after the deal in `handCardEncode` (the whole wall as compact
/// notation), when it spells `total` tiles.
pub(super) fn after_deal(encoded: &str, dealt: usize, total: usize) -> Option<Vec<Tile>> {
    let tiles = crate::tile::parse_hand(encoded).ok()?;
    if tiles.len() != total {
        return None;
    }
    tiles.get(dealt..).map(<[Tile]>::to_vec)
}

/// Whether `encoded` is the wall `sha256` (hexadecimal) commits to.
pub(super) fn committed(encoded: &str, sha256: &str) -> bool {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(encoded.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex.eq_ignore_ascii_case(sha256.trim())
}
