//! What every reading of one win shares: the situation, the rules, the
//! tiles by kind, whether the hand is closed.

use super::{Situation, WinningHand};
use crate::hand::Counts;
use crate::rules::Rules;

/// Facts about a win that do not depend on how its tiles are read.
pub(super) struct Facts<'a> {
    /// How the win happened.
    pub situation: &'a Situation,
    /// The rules it is scored by.
    pub rules: &'a Rules,
    /// Every tile of the hand, melds included, by kind.
    pub all: Counts,
    /// The concealed tiles (winning tile included) by kind.
    pub concealed: Counts,
    /// The winning tile's kind.
    pub win: u8,
    /// No called set (concealed kongs keep a hand closed).
    pub closed: bool,
    /// No meld at all, concealed kongs included.
    pub no_melds: bool,
    /// Number of kongs.
    pub kongs: usize,
}

impl<'a> Facts<'a> {
    /// Gathers the facts. The hand must have passed validation (at most
    /// four of a kind), so the per-kind counts cannot overflow.
    pub fn new(hand: &WinningHand, situation: &'a Situation, rules: &'a Rules) -> Self {
        let mut all_tiles = hand.concealed.clone();
        for m in &hand.melds {
            all_tiles.extend_from_slice(&m.tiles);
        }
        Self {
            situation,
            rules,
            all: Counts::from_tiles(&all_tiles),
            concealed: Counts::from_tiles(&hand.concealed),
            win: hand.win_tile.kind(),
            closed: hand.melds.iter().all(|m| !m.kind.is_open()),
            no_melds: hand.melds.is_empty(),
            kongs: hand.melds.iter().filter(|m| m.kind.is_kong()).count(),
        }
    }

    /// The kinds present in the hand (melds included).
    pub fn kinds(&self) -> impl Iterator<Item = u8> + '_ {
        (0u8..34).filter(|&k| self.all.get(k) > 0)
    }

    /// Whether `kind` is a dragon, the seat wind or the round wind, and how
    /// many of those it is (2 for a wind that is both).
    pub fn value_count(&self, kind: u8) -> u8 {
        if kind >= 31 {
            return 1;
        }
        let seat = u8::from(kind == 27 + self.situation.seat_wind.index());
        let round = u8::from(kind == 27 + self.situation.round_wind.index());
        seat + round
    }
}

/// Whether a kind is a terminal (1 or 9) or an honour.
pub(super) fn is_terminal_or_honor(kind: u8) -> bool {
    kind >= 27 || kind.is_multiple_of(9) || kind % 9 == 8
}

/// Whether a kind is an honour.
pub(super) fn is_honor(kind: u8) -> bool {
    kind >= 27
}
