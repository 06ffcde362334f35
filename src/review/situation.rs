//! The situation at an item: the facts of the table a teacher reads
//! before judging a choice — the seat's turn, the tiles left, the scores
//! and placements, who threatens, the dora — and the board as the seat saw
//! it (every river with its tsumogiri and riichi marks, every meld). All of
//! it is read off the engine's table ([`KyokuState`]); nothing is judged
//! here.
//!
//! The walk notes a [`Moment`] (a few numbers, no allocation) before each
//! discard it analyses and after each call, and builds the [`Situation`]
//! only for the items, from the kyoku's table cut back to that moment:
//! within a kyoku rivers, melds and dora indicators only grow, so a
//! moment's table is a prefix of a later one.

use crate::engine::{CalledMeld, KyokuState, RiverTile};
use crate::event::{Seat, Wind};
use crate::tile::Tile;

use super::danger::Threat;

/// Most seats at a table.
const SEATS: usize = 4;

/// One seat's side of the board.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SeatBoard {
    /// The river, in order, with the tsumogiri, riichi and called marks.
    pub river: Vec<RiverTile>,
    /// The melds, in the order they were made.
    pub melds: Vec<CalledMeld>,
    /// The seat has declared riichi.
    pub riichi: bool,
}

/// The board as every player could see it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// The round wind.
    pub round_wind: Wind,
    /// The dealer.
    pub dealer: Seat,
    /// Each seat's river and melds, by seat.
    pub seats: Vec<SeatBoard>,
}

/// The situation of the table at an item, for the item's seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Situation {
    /// The seat's own turn in the hand: its discards so far, plus one (the
    /// turn it is playing, or the next one when the tile was another's).
    pub turn: u8,
    /// Tiles left in the live wall.
    pub tiles_left: u8,
    /// Every seat's score, by seat (empty when the log gives none).
    pub scores: Vec<i32>,
    /// Every seat's placement by those scores (1 = first; ties go to the
    /// seat nearer the first dealer), by seat.
    pub placements: Vec<u8>,
    /// Riichi sticks on the table.
    pub riichi_sticks: u8,
    /// The counters (honba).
    pub honba: u8,
    /// The opponents who threaten the seat, by seat.
    pub threats: Vec<Threat>,
    /// The dora indicators turned so far.
    pub dora_indicators: Vec<Tile>,
    /// The dora they point at.
    pub dora: Vec<Tile>,
    /// The rivers and melds.
    pub board: Board,
}

/// A moment of the kyoku, noted cheaply: how far each river, meld list and
/// the dora indicators had grown, the live wall and the scores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Moment {
    /// The event.
    pub event: usize,
    /// The seat the moment is noted for.
    pub seat: Seat,
    rivers: [u8; SEATS],
    melds: [u8; SEATS],
    indicators: u8,
    live_wall: i32,
    scores: Option<[i32; SEATS]>,
    riichi_sticks: u8,
}

fn small(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

impl Moment {
    /// The table as it stands, for `seat`.
    pub(super) fn of(state: &KyokuState, event: usize, seat: Seat) -> Self {
        let mut rivers = [0; SEATS];
        let mut melds = [0; SEATS];
        for (i, p) in state.players.iter().enumerate().take(SEATS) {
            if let (Some(r), Some(m)) = (rivers.get_mut(i), melds.get_mut(i)) {
                *r = small(p.river.len());
                *m = small(p.melds.len());
            }
        }
        let scores = state.scores.as_ref().map(|s| {
            let mut out = [0; SEATS];
            for (o, v) in out.iter_mut().zip(s) {
                *o = *v;
            }
            out
        });
        Self {
            event,
            seat,
            rivers,
            melds,
            indicators: small(state.dora_indicators.len()),
            live_wall: state.live_wall,
            scores,
            riichi_sticks: state.riichi_sticks,
        }
    }

    /// The situation at this moment, read off `state`, a later table of
    /// the same kyoku.
    pub(super) fn situation(&self, state: &KyokuState) -> Situation {
        let seats = usize::from(state.seats).min(SEATS);
        let cut = |n: &[u8; SEATS], i: usize| usize::from(n.get(i).copied().unwrap_or(0));
        let board_seats: Vec<SeatBoard> = state
            .players
            .iter()
            .take(seats)
            .enumerate()
            .map(|(i, p)| {
                let river: Vec<RiverTile> =
                    p.river.iter().take(cut(&self.rivers, i)).copied().collect();
                SeatBoard {
                    riichi: river.iter().any(|t| t.riichi),
                    river,
                    melds: p.melds.iter().take(cut(&self.melds, i)).cloned().collect(),
                }
            })
            .collect();
        // The same rule as the decision's threats (`danger::threat`).
        let threats = board_seats
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.seat.index())
            .filter_map(|(i, b)| {
                let seat = u8::try_from(i).ok().and_then(Seat::new)?;
                let open = b.melds.iter().filter(|m| m.meld.kind.is_open()).count();
                let kind = super::danger::threat_kind(b.riichi, open, b.river.len())?;
                Some(Threat { seat, kind })
            })
            .collect();
        let scores: Vec<i32> = self
            .scores
            .map(|s| s.iter().take(seats).copied().collect())
            .unwrap_or_default();
        let placements = crate::engine::placements(&scores);
        let indicators = usize::from(self.indicators);
        let dora_indicators: Vec<Tile> = state
            .dora_indicators
            .iter()
            .take(indicators)
            .copied()
            .collect();
        let dora = state.dora_tiles().into_iter().take(indicators).collect();
        Situation {
            turn: board_seats
                .get(self.seat.index())
                .map_or(1, |b| small(b.river.len()).saturating_add(1)),
            tiles_left: u8::try_from(self.live_wall.max(0)).unwrap_or(u8::MAX),
            scores,
            placements,
            riichi_sticks: self.riichi_sticks,
            honba: state.honba,
            threats,
            dora_indicators,
            dora,
            board: Board {
                round_wind: state.round_wind,
                dealer: state.dealer,
                seats: board_seats,
            },
        }
    }
}
