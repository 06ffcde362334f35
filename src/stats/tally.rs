//! The counts behind every statistic, for one seat in one game or one
//! player over many: what is added up before any rate is taken.

use std::ops::AddAssign;

/// Counts of one seat (one game) or one player (many games). Every rate
/// of [`super::PlayerLine`] is a ratio of two of them; `formats/stats.md`
/// defines each.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Kyoku played: dealt, the seat at the table, ended by a win or a
    /// draw (a kyoku the log cuts off is not counted).
    pub kyoku: u32,
    /// Wins (each winner of a double ron counts).
    pub wins: u32,
    /// Wins by self-draw.
    pub tsumo_wins: u32,
    /// Wins with a closed hand and no riichi.
    pub dama_wins: u32,
    /// Wins whose value is known.
    pub wins_valued: u32,
    /// The value of those wins, without counters and riichi sticks.
    pub win_points: i64,
    /// Kyoku in which the seat dealt in (a double ron is one deal-in).
    pub deal_ins: u32,
    /// Deal-ins whose payment is known.
    pub deal_ins_valued: u32,
    /// What those deal-ins paid, without counters.
    pub deal_in_points: i64,
    /// Deal-ins where the discarder's hand is known.
    pub deal_ins_known_hand: u32,
    /// Of those, deal-ins from a hand that was tenpai before the discard.
    pub deal_ins_while_tenpai: u32,
    /// Riichi declared (one ronned on its declaration tile included).
    pub riichi: u32,
    /// Riichi declared when no other seat had declared in the kyoku.
    pub riichi_first: u32,
    /// Riichi declared after another seat's riichi in the kyoku.
    pub riichi_chasing: u32,
    /// Riichi whose hand (so its waits) is known.
    pub riichi_known_hand: u32,
    /// Of those, riichi whose waits had at least [`GOOD_WAIT`] tiles the
    /// declarer could not see.
    pub riichi_good_wait: u32,
    /// The tiles of the waits the declarer could not see, summed over the
    /// riichi whose hand is known.
    pub riichi_unseen_waits: u32,
    /// Kyoku in which the seat made at least one call (chi, pon or open
    /// kong).
    pub calls: u32,
    /// Exhaustive draws the seat was in (nagashi mangan included; abortive
    /// draws are not exhaustive).
    pub exhaustive_draws: u32,
    /// Exhaustive draws at which the seat's tenpai is known.
    pub tenpai_at_draw_known: u32,
    /// Exhaustive draws at which the seat was tenpai.
    pub tenpai_at_draw: u32,
}

/// A riichi wait is good with at least this many tiles unseen by the
/// declarer at the declaration.
pub const GOOD_WAIT: u32 = 5;

impl AddAssign<&Self> for Tally {
    fn add_assign(&mut self, o: &Self) {
        self.kyoku += o.kyoku;
        self.wins += o.wins;
        self.tsumo_wins += o.tsumo_wins;
        self.dama_wins += o.dama_wins;
        self.wins_valued += o.wins_valued;
        self.win_points += o.win_points;
        self.deal_ins += o.deal_ins;
        self.deal_ins_valued += o.deal_ins_valued;
        self.deal_in_points += o.deal_in_points;
        self.deal_ins_known_hand += o.deal_ins_known_hand;
        self.deal_ins_while_tenpai += o.deal_ins_while_tenpai;
        self.riichi += o.riichi;
        self.riichi_first += o.riichi_first;
        self.riichi_chasing += o.riichi_chasing;
        self.riichi_known_hand += o.riichi_known_hand;
        self.riichi_good_wait += o.riichi_good_wait;
        self.riichi_unseen_waits += o.riichi_unseen_waits;
        self.calls += o.calls;
        self.exhaustive_draws += o.exhaustive_draws;
        self.tenpai_at_draw_known += o.tenpai_at_draw_known;
        self.tenpai_at_draw += o.tenpai_at_draw;
    }
}
