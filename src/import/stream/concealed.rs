//! Each seat's concealed tiles, as a record reader follows them.
//!
//! Mahjong Soul and Riichi City records name every tile as it is (the red
//! five apart from the plain ones), and a kong or a call must be given the
//! very copies it is made of; so their readers keep the seats' tiles. They
//! judge nothing: a tile the record takes from a hand that does not hold it
//! is taken as written, and the engine says what is wrong.

use crate::event::Seat;
use crate::tile::Tile;

/// The concealed tiles of every seat.
#[derive(Clone, Debug, Default)]
pub(crate) struct Concealed {
    hands: Vec<Vec<Tile>>,
}

impl Concealed {
    /// The hands as dealt.
    pub(crate) fn new(hands: Vec<Vec<Tile>>) -> Self {
        Self { hands }
    }

    /// A tile comes into a seat's hand (a draw).
    pub(crate) fn add(&mut self, seat: Seat, tile: Tile) {
        if let Some(h) = self.hands.get_mut(seat.index()) {
            h.push(tile);
        }
    }

    /// Takes `tile` out of a seat's hand: the same copy, else any of its
    /// kind, else `tile` itself as the record writes it.
    pub(crate) fn take(&mut self, seat: Seat, tile: Tile) -> Tile {
        let Some(h) = self.hands.get_mut(seat.index()) else {
            return tile;
        };
        let at = h
            .iter()
            .position(|t| *t == tile)
            .or_else(|| h.iter().position(|t| t.kind() == tile.kind()));
        at.map_or(tile, |i| h.remove(i))
    }

    /// A seat's tiles.
    pub(crate) fn of(&self, seat: Seat) -> &[Tile] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::tile::parse_hand;

    #[test]
    fn takes_the_same_copy_else_one_of_its_kind_else_as_written() {
        let seat = Seat::new(1).unwrap();
        let mut c = Concealed::new(vec![Vec::new(), parse_hand("05p").unwrap()]);
        let red = parse_hand("0p").unwrap()[0];
        let plain = parse_hand("5p").unwrap()[0];
        assert_eq!(c.take(seat, plain), plain);
        // No plain 5p left: the red one is the record's 5p.
        assert_eq!(c.take(seat, plain), red);
        assert!(c.of(seat).is_empty());
        // Nothing held: the tile as written.
        assert_eq!(c.take(seat, plain), plain);
        c.add(seat, red);
        assert_eq!(c.of(seat), &[red]);
    }
}
