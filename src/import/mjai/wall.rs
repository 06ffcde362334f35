//! akochan's `haiyama`: the whole wall of a kyoku, in the order its
//! self-play simulator takes the tiles (`formats/mjai.md`, "The wall").
//!
//! The 136 tiles are laid out as one list:
//!
//! * `0..52` the deal, one tile at a time: tile `i` goes to the seat
//!   `i % 4` places after the dealer;
//! * `52..122` the live wall in drawing order;
//! * `122..136` the dead wall: replacement draw `m` is tile `135 − m`, dora
//!   indicator `k` (the first at the start) tile `130 − 2k` and its ura
//!   indicator tile `131 − 2k`.
//!
//! Found on the corpus's akochan log (every draw, indicator and ura
//! indicator of its five kyoku) and in akochan's simulator.

use crate::event::{Seat, Wall};
use crate::tile::Tile;

/// Tiles in a `haiyama`: the four-player set.
pub(super) const TILES: usize = 136;
/// Tiles dealt: 13 to each of four seats.
const DEALT: usize = 52;
/// Where the dead wall starts.
const DEAD: usize = TILES - 14;

/// A `haiyama` read into the deal and the wall after it.
#[derive(Clone, Debug)]
pub(super) struct Haiyama {
    /// The wall after the deal, in paifu's layout.
    pub(super) wall: Wall,
    /// The deal: what each seat receives, by its place after the dealer.
    deal: [Vec<Tile>; 4],
}

impl Haiyama {
    /// Reads a 136-tile `haiyama`; `None` for any other length.
    pub(super) fn read(tiles: &[Tile]) -> Option<Self> {
        if tiles.len() != TILES {
            return None;
        }
        let mut deal: [Vec<Tile>; 4] = Default::default();
        for (i, t) in tiles.iter().take(DEALT).enumerate() {
            if let Some(hand) = deal.get_mut(i % 4) {
                hand.push(*t);
            }
        }
        let at = |i: usize| tiles.get(i).copied();
        let wall = Wall {
            live: tiles.get(DEALT..DEAD).unwrap_or_default().to_vec(),
            replacements: (0..4).filter_map(|m| at(TILES - 1 - m)).collect(),
            dora_markers: (0..5).filter_map(|k| at(DEAD + 8 - 2 * k)).collect(),
            ura_markers: (0..5).filter_map(|k| at(DEAD + 9 - 2 * k)).collect(),
            deal: Vec::new(),
        };
        Some(Self { wall, deal })
    }

    /// The deal by seat (seat 0 first), for a kyoku with this dealer: what
    /// the engine holds each starting hand to (`Wall::deal`).
    pub(super) fn deal_by_seat(&self, dealer: Seat) -> Vec<Vec<Tile>> {
        (0..4)
            .map(|seat| {
                let place = (seat + 4 - dealer.index() % 4) % 4;
                self.deal.get(place).cloned().unwrap_or_default()
            })
            .collect()
    }

    /// Whether the hands (by seat) are the deal the wall gives, each hand
    /// as a set of tiles (the order within a hand is not kept).
    #[cfg(test)]
    pub(super) fn deals(&self, hands: &[Vec<Option<Tile>>], dealer: Seat) -> bool {
        hands.len() == self.deal.len()
            && hands
                .iter()
                .zip(self.deal_by_seat(dealer))
                .all(|(hand, dealt)| {
                    let mut mine: Vec<Option<Tile>> = hand.clone();
                    let mut theirs: Vec<Option<Tile>> = dealt.into_iter().map(Some).collect();
                    mine.sort();
                    theirs.sort();
                    mine == theirs
                })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// A haiyama whose tile `i` is told apart by its place: the kinds in
    /// order, four rounds (so every tile kind appears four times).
    fn numbered() -> Vec<Tile> {
        (0..TILES)
            .map(|i| Tile::from_index(u8::try_from(i % 34).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn the_layout_puts_each_part_where_akochan_takes_it() {
        let tiles = numbered();
        let h = Haiyama::read(&tiles).unwrap();
        assert_eq!(h.wall.live.len(), 70);
        assert_eq!(h.wall.live.first(), tiles.get(52));
        assert_eq!(h.wall.live.last(), tiles.get(121));
        let expect = |ix: &[usize]| ix.iter().map(|&i| tiles[i]).collect::<Vec<_>>();
        assert_eq!(h.wall.replacements, expect(&[135, 134, 133, 132]));
        assert_eq!(h.wall.dora_markers, expect(&[130, 128, 126, 124, 122]));
        assert_eq!(h.wall.ura_markers, expect(&[131, 129, 127, 125, 123]));
        // The wall and the deal are the 136 tiles, each once.
        assert_eq!(h.wall.tiles().count() + 52, TILES);
    }

    #[test]
    fn the_deal_starts_with_the_dealer() {
        let tiles = numbered();
        let h = Haiyama::read(&tiles).unwrap();
        // Seat 2 deals: it receives tiles 0, 4, 8…; seat 3 tiles 1, 5, 9…
        let hand = |first: usize| -> Vec<Option<Tile>> {
            (0..13).map(|r| Some(tiles[first + 4 * r])).collect()
        };
        let hands = vec![hand(2), hand(3), hand(0), hand(1)];
        assert!(h.deals(&hands, Seat::new(2).unwrap()));
        assert!(!h.deals(&hands, Seat::new(0).unwrap()));
        assert!(!h.deals(&hands[..3], Seat::new(2).unwrap()));
    }

    #[test]
    fn other_lengths_are_not_read() {
        let tiles = numbered();
        assert!(Haiyama::read(&tiles[..108]).is_none());
        assert!(Haiyama::read(&[]).is_none());
    }
}
