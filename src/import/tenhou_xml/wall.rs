//! The wall rebuilt from the `SHUFFLE` seed, laid out as paifu's [`Wall`]
//! (`formats/tenhou-xml.md`, "The wall from the seed").
//!
//! Tenhou deals from the end of the shuffled ids and draws on towards the
//! start; the first fourteen places are the dead wall. The places of the
//! replacement tiles and indicators were measured on the corpus
//! (`tests/tenhou_wall.rs`): four players take replacements from places 1,
//! 0, 3, 2 and turn indicators at 5, 7, 9, 11, 13 (ura one place below
//! each); three players, who also set norths aside, take them from 1, 0,
//! 3, 2, 5, 4, 7, 6 and turn indicators at 9, 11, 13 (ura at 8, 10, 12).
//! A three-player game's fourth and fifth indicators (places 15 and 17)
//! are tiles of the live wall at the deal, taken into the dead wall as
//! replacements shorten it; the layout leaves them out, and the engine
//! does not judge them.

use crate::event::{Seat, Wall};
use crate::tile::Tile;

/// Places of the dead wall.
const DEAD: usize = 14;

/// Where the replacement tiles lie, in the order they are taken.
const REPLACEMENTS_4: [usize; 4] = [1, 0, 3, 2];
const REPLACEMENTS_3: [usize; 8] = [1, 0, 3, 2, 5, 4, 7, 6];

/// Where the dora indicators lie, in the order they are turned; each ura
/// indicator lies one place below its dora indicator.
const DORA_4: [usize; 5] = [5, 7, 9, 11, 13];
const DORA_3: [usize; 3] = [9, 11, 13];

/// The wall of a kyoku from its shuffled tile ids (136 for four players,
/// 108 for three), the seat count, the dealer and whether ids 16, 52 and
/// 88 are red fives. `None` when the ids cannot be the set's (never for a
/// shuffle's output).
pub(super) fn layout(ids: &[u8], seats: u8, dealer: Seat, red: bool) -> Option<Wall> {
    let tile = |p: usize| {
        ids.get(p)
            .and_then(|&id| Tile::from_tenhou_id(u32::from(id), red).ok())
    };
    let n = usize::from(seats);
    let dealt = 13 * n;
    if n == 0 || ids.len() < dealt + DEAD {
        return None;
    }
    // From the end: three rounds of four tiles, then one each, the dealer
    // first.
    let mut deal: Vec<Vec<Tile>> = vec![Vec::with_capacity(13); n];
    let mut p = ids.len();
    for round in 0..4 {
        let take = if round < 3 { 4 } else { 1 };
        for j in 0..n {
            let hand = deal.get_mut((usize::from(dealer.get()) + j) % n)?;
            for _ in 0..take {
                p -= 1;
                hand.push(tile(p)?);
            }
        }
    }
    let live = (DEAD..p).rev().map(tile).collect::<Option<Vec<_>>>()?;
    let (replacements, dora): (&[usize], &[usize]) = if seats == 3 {
        (&REPLACEMENTS_3, &DORA_3)
    } else {
        (&REPLACEMENTS_4, &DORA_4)
    };
    Some(Wall {
        live,
        replacements: replacements
            .iter()
            .map(|&p| tile(p))
            .collect::<Option<_>>()?,
        dora_markers: dora.iter().map(|&p| tile(p)).collect::<Option<_>>()?,
        ura_markers: dora.iter().map(|&p| tile(p - 1)).collect::<Option<_>>()?,
        deal,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::import::tenhou_xml::shuffle::Shuffler;

    #[test]
    fn a_four_player_wall_holds_the_set_once() {
        let mut s = Shuffler::from_words(&[7, 8, 9]);
        let k = s.next_kyoku();
        let w = layout(&k.wall, 4, Seat::new(1).unwrap(), true).unwrap();
        assert_eq!(w.deal.iter().map(Vec::len).collect::<Vec<_>>(), [13; 4]);
        assert_eq!(w.live.len(), 70);
        let mut all: Vec<Tile> = w.deal.iter().flatten().copied().chain(w.tiles()).collect();
        assert_eq!(all.len(), 136);
        all.sort_unstable();
        let mut set: Vec<Tile> = (0..136)
            .map(|id| Tile::from_tenhou_id(id, true).unwrap())
            .collect();
        set.sort_unstable();
        assert_eq!(all, set);
        // The dealer's first four tiles are the last four ids.
        let last: Vec<Tile> = k.wall[132..]
            .iter()
            .rev()
            .map(|&id| Tile::from_tenhou_id(u32::from(id), true).unwrap())
            .collect();
        assert_eq!(w.deal[1][..4], last[..]);
        assert_eq!(
            w.dora_markers[0],
            Tile::from_tenhou_id(u32::from(k.wall[5]), true).unwrap()
        );
    }

    #[test]
    fn a_three_player_wall_holds_the_set_once() {
        let mut s = Shuffler::from_words(&[7, 8, 9]);
        let k = s.next_sanma_kyoku();
        let w = layout(&k.wall, 3, Seat::new(0).unwrap(), true).unwrap();
        assert_eq!(w.deal.len(), 3);
        assert_eq!(w.live.len(), 55);
        assert_eq!(w.replacements.len(), 8);
        let all: Vec<Tile> = w.deal.iter().flatten().copied().chain(w.tiles()).collect();
        assert_eq!(all.len(), 108);
    }

    #[test]
    fn too_few_ids_give_no_wall() {
        assert!(layout(&[0; 40], 4, Seat::new(0).unwrap(), true).is_none());
    }
}
