//! Riichi City's tile numbers.
//!
//! A tile is a byte: the high nibble the suit, the low nibble the number,
//! and 256 added for a red five. Matched tile by tile with the wall the
//! record spells out (`handCardEncode`): `0x0n` is pin, `0x1n` sou, `0x2n`
//! man, and `0x31`…`0x91` (49, 65, …, 145) the honours East, South, West,
//! North, white, green and red dragon. The red fives are 261 (`0p`), 277
//! (`0s`) and 293 (`0m`).

use crate::tile::{Suit, Tile};

/// What a tile number must look like, for errors.
pub(super) const EXPECTED: &str = "a Riichi City tile number (1–9 pin, 17–25 sou, 33–41 man, 49, 65, …, 145 honours, +256 for a red five)";

/// The tile of number `n`, or `None` for a number that is no tile.
pub(super) fn tile(n: i64) -> Option<Tile> {
    let n = u16::try_from(n).ok()?;
    let red = n & 0x100 != 0;
    if n & !0x1FF != 0 {
        return None;
    }
    let low = u8::try_from(n & 0xFF).ok()?;
    let (class, number) = (low >> 4, low & 0x0F);
    let suit = match class {
        0 => Suit::Pin,
        1 => Suit::Sou,
        2 => Suit::Man,
        3..=9 if number == 1 && !red => return Tile::from_kind(27 + class - 3),
        _ => return None,
    };
    if red {
        return (number == 5).then(|| Tile::red_five(suit));
    }
    Tile::number_tile(suit, number)
}

/// The number of a tile (the inverse of [`tile`]), for writing records.
#[cfg(test)]
pub(super) fn number(t: Tile) -> u16 {
    if t.is_honor() {
        return u16::from(0x31 + ((t.kind() - 27) << 4));
    }
    let class: u16 = match t.suit() {
        Some(Suit::Pin) => 0,
        Some(Suit::Sou) => 1,
        _ => 2,
    };
    let red = if t.is_red() { 0x100 } else { 0 };
    red + (class << 4) + u16::from(t.number())
}
