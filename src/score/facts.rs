//! What every reading of one win shares: the situation, the rules, the
//! tiles by kind, whether the hand is closed.

use super::reading::{Sets, meld_sets};
use super::validate::Tiles;
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
    /// Red fives in the hand, melds included.
    pub reds: u8,
    /// The sets the melds form, in order.
    pub meld_sets: Sets,
    /// The kinds present in the hand (melds included), as a [`KindSet`].
    pub present: KindSet,
}

/// A set of tile kinds: bit `k` for kind `k`.
pub(super) type KindSet = u64;

/// The kinds of one number suit (shift left by 9 × suit).
pub(super) const SUIT: KindSet = 0x1ff;

/// Winds and dragons.
pub(super) const HONORS: KindSet = 0x7f << 27;

/// Ones, nines and honours.
pub(super) const TERMINALS_AND_HONORS: KindSet =
    1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | HONORS;

/// The set holding `kind` alone (empty for a kind beyond 63).
pub(super) fn kind_bit(kind: u8) -> KindSet {
    1u64.checked_shl(u32::from(kind)).unwrap_or(0)
}

impl<'a> Facts<'a> {
    /// Gathers the facts from a hand and its tiles as validation counted
    /// them; `None` if it has more than four melds (validation refuses
    /// those).
    pub fn new(
        hand: &WinningHand,
        tiles: &Tiles,
        situation: &'a Situation,
        rules: &'a Rules,
    ) -> Option<Self> {
        let present = (0u8..)
            .zip(tiles.all.0)
            .filter(|&(_, n)| n > 0)
            .fold(0, |set, (k, _)| set | kind_bit(k));
        Some(Self {
            situation,
            rules,
            all: tiles.all,
            concealed: tiles.concealed,
            win: hand.win_tile.kind(),
            closed: hand.melds.iter().all(|m| !m.kind.is_open()),
            no_melds: hand.melds.is_empty(),
            kongs: hand.melds.iter().filter(|m| m.kind.is_kong()).count(),
            reds: tiles.reds,
            meld_sets: meld_sets(&hand.melds)?,
            present,
        })
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
