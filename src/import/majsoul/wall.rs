//! Mahjong Soul's wall (`RecordNewRound.paishan`) in the normalised layout
//! of `event::Wall`.
//!
//! `paishan` is the whole wall as one tile string, in the order Mahjong
//! Soul uses it (`formats/majsoul.md`, "The wall"): the deal from the
//! front (four tiles to each seat from the dealer, three times, then one
//! each, then the dealer's fourteenth), the live wall after it, drawn from
//! the front; the dead wall at the back, read from the last tile: the
//! replacement draws first (four places for four players, eight for three),
//! then each dora indicator with its ura indicator below it.

use crate::event::{Seat, Wall};
use crate::tile::Tile;

/// Replacement places at the back of the wall: four for four players,
/// eight for three (four norths and four kongs).
fn replacement_places(seats: u8) -> usize {
    if seats == 3 { 8 } else { 4 }
}

/// The indicator pairs (dora and ura) the normalised wall lists: the
/// pairs that lie in the fourteen tiles of the dead wall. Three players
/// have three there; their fourth and fifth pairs are on the live wall's
/// end and are left out (see `layout`).
fn indicator_pairs(seats: u8) -> usize {
    if seats == 3 { 3 } else { 5 }
}

/// The tiles of the whole wall: 136, or 108 for three players.
pub(super) fn size(seats: u8) -> usize {
    if seats == 3 { 108 } else { 136 }
}

/// The wall in the normalised layout, from `paishan` (`size(seats)`
/// tiles; anything else gives `None`).
///
/// Four players: the live wall is everything between the deal and the
/// fourteen tiles of the dead wall; the dead wall gives the four
/// replacement draws and the five pairs of indicators.
///
/// Three players: Mahjong Soul keeps eight replacement places at the back,
/// so only three pairs of indicators lie in the fourteen tiles of the dead
/// wall; the fourth and fifth pairs are on the last four tiles of the live
/// wall (which replacement draws have taken off it by the time those
/// indicators are turned) and are not listed: in the normalised layout
/// they are live tiles. Every tile is listed once.
pub(super) fn layout(paishan: &[Tile], seats: u8, dealer: Seat) -> Option<Wall> {
    let n = size(seats);
    if paishan.len() != n {
        return None;
    }
    let dealt = 13 * usize::from(seats);
    let places = replacement_places(seats);
    let pairs = indicator_pairs(seats);
    // From the back: the replacement places, then the indicator pairs.
    let back = |i: usize| paishan[n - 1 - i];
    let replacements: Vec<Tile> = (0..places).map(back).collect();
    let dora_markers: Vec<Tile> = (0..pairs).map(|k| back(places + 2 * k)).collect();
    let ura_markers: Vec<Tile> = (0..pairs).map(|k| back(places + 2 * k + 1)).collect();
    // The live wall ends where the dead wall's fourteen tiles begin.
    let live = paishan[dealt..n - 14].to_vec();
    Some(Wall {
        live,
        replacements,
        dora_markers,
        ura_markers,
        deal: deal(&paishan[..dealt], seats, dealer),
    })
}

/// The hands the front of `paishan` deals, by seat: four tiles to each
/// seat from the dealer, three times, then one each.
fn deal(front: &[Tile], seats: u8, dealer: Seat) -> Vec<Vec<Tile>> {
    let n = usize::from(seats);
    let mut hands: Vec<Vec<Tile>> = vec![Vec::with_capacity(13); n];
    let mut tiles = front.iter().copied();
    for round in 0..4 {
        let take = if round < 3 { 4 } else { 1 };
        for j in 0..n {
            if let Some(hand) = hands.get_mut((dealer.index() + j) % n) {
                hand.extend(tiles.by_ref().take(take));
            }
        }
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_hand;

    /// A wall of `n` tiles whose tile at place `i` says where it is, as far
    /// as tiles can (`i % 34`): enough to check which place goes where.
    fn numbered(n: usize) -> Vec<Tile> {
        (0..n)
            .map(|i| Tile::from_kind(u8::try_from(i % 34).unwrap()).unwrap())
            .collect()
    }

    fn kinds(tiles: &[Tile]) -> Vec<u8> {
        tiles.iter().map(|t| t.kind()).collect()
    }

    /// The front of `paishan` deals four tiles a seat from the dealer,
    /// three times, then one each.
    #[test]
    fn the_deal_by_seat() {
        let w = numbered(136);
        let wall = layout(&w, 4, Seat::new(2).unwrap()).unwrap();
        let dealer = &wall.deal[2];
        assert_eq!(kinds(&dealer[..4]), kinds(&w[0..4]));
        assert_eq!(kinds(&wall.deal[3][..4]), kinds(&w[4..8]));
        assert_eq!(kinds(&wall.deal[1][..4]), kinds(&w[12..16]));
        assert_eq!(kinds(&dealer[4..8]), kinds(&w[16..20]));
        assert_eq!(kinds(&dealer[12..]), kinds(&w[48..49]));
        assert_eq!(kinds(&wall.deal[1][12..]), kinds(&w[51..52]));
        assert!(wall.deal.iter().all(|h| h.len() == 13));
        let three = layout(&numbered(108), 3, Seat::new(0).unwrap()).unwrap();
        assert_eq!(three.deal.len(), 3);
        assert!(three.deal.iter().all(|h| h.len() == 13));
    }

    #[test]
    fn four_players() {
        let w = numbered(136);
        let wall = layout(&w, 4, Seat::new(0).unwrap()).unwrap();
        assert_eq!(wall.live.len(), 70);
        assert_eq!(wall.live[0], w[52], "the dealer's first draw");
        assert_eq!(*wall.live.last().unwrap(), w[121]);
        assert_eq!(
            kinds(&wall.replacements),
            kinds(&[w[135], w[134], w[133], w[132]])
        );
        assert_eq!(
            kinds(&wall.dora_markers),
            kinds(&[w[131], w[129], w[127], w[125], w[123]])
        );
        assert_eq!(
            kinds(&wall.ura_markers),
            kinds(&[w[130], w[128], w[126], w[124], w[122]])
        );
        assert_eq!(wall.tiles().count() + 52, 136);
    }

    #[test]
    fn three_players() {
        let w = numbered(108);
        let wall = layout(&w, 3, Seat::new(0).unwrap()).unwrap();
        assert_eq!(wall.live[0], w[39]);
        // The live wall ends where the dead wall's fourteen tiles begin.
        assert_eq!(wall.live.len(), 55);
        assert_eq!(*wall.live.last().unwrap(), w[93]);
        assert_eq!(wall.replacements.len(), 8);
        assert_eq!(wall.replacements[4], w[103]);
        assert_eq!(kinds(&wall.dora_markers), kinds(&[w[99], w[97], w[95]]));
        assert_eq!(kinds(&wall.ura_markers), kinds(&[w[98], w[96], w[94]]));
        assert_eq!(wall.tiles().count() + 39, 108);
    }

    #[test]
    fn a_wall_of_another_size_is_none() {
        let w = parse_hand("123m").unwrap();
        assert!(layout(&w, 4, Seat::new(0).unwrap()).is_none());
        assert!(layout(&numbered(136), 3, Seat::new(0).unwrap()).is_none());
    }
}
