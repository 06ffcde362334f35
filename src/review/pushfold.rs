//! Push or fold: under threat, each candidate discard is weighed by one
//! documented formula, EV = P(win) · V(win) − Σ P(deal-in) · L(threat):
//! its hand's chance to win and likely value against the chance that this
//! discard deals in and what a deal-in to that threat costs on average.
//! `formats/review.md` ("Push or fold") defines each term and the
//! approximations; the items in `items.rs` compare candidates by it.

use crate::engine::{KyokuState, Replay};
use crate::tile::Tile;

use super::danger::ThreatKind;
use super::decision::{Candidate, Decision};
use super::judge::{Draws, WinTiles};
use super::visible::unseen_by;

/// The average ron payment to a threat, in points, by its kind and
/// whether it is the dealer: measured on the corpus's Tenhou XML logs
/// (every ron's value, counters left out; `formats/review.md`).
const LOSS_RIICHI: i32 = 5813;
const LOSS_RIICHI_DEALER: i32 = 8579;
const LOSS_OPEN: i32 = 3614;
const LOSS_OPEN_DEALER: i32 = 5912;

/// The han a closed hand's win expects beyond its dora: riichi (1), menzen
/// tsumo on about a third of wins, and ura dora (about 0.4 a riichi win).
const CLOSED_HAN: f64 = 1.0 + 0.35 + 0.4;
/// An open hand's win has its one yaku.
const OPEN_HAN: f64 = 1.0;
/// The fu assumed for every win.
const FU: u32 = 30;
/// The winning tiles a typical tenpai reached from 1-shanten waits on.
const TYPICAL_WAIT: u32 = 6;

/// One candidate's weighing under threat. Points are the deciding seat's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PushFold {
    /// The expected gain of the discard, in points: `win × value − loss`.
    pub ev: i32,
    /// The chance that the hand after it wins, in units of one in ten
    /// thousand (`win()` is the fraction).
    pub win_bp: u16,
    /// The hand's likely value if it wins, in points.
    pub value: i32,
    /// The expected loss of this discard: each threat's deal-in chance
    /// times that threat's average payment, summed, in points.
    pub loss: i32,
}

impl PushFold {
    /// The chance to win as a fraction, 0 to 1.
    #[must_use]
    pub fn win(&self) -> f64 {
        f64::from(self.win_bp) / 10_000.0
    }
}

/// The average payment of a deal-in to a threat of `kind`, dealer or not.
#[must_use]
pub fn loss(kind: ThreatKind, dealer: bool) -> i32 {
    match (kind, dealer) {
        (ThreatKind::Riichi, false) => LOSS_RIICHI,
        (ThreatKind::Riichi, true) => LOSS_RIICHI_DEALER,
        (ThreatKind::Open, false) => LOSS_OPEN,
        (ThreatKind::Open, true) => LOSS_OPEN_DEALER,
    }
}

/// A ron's points with `han` (whole) at [`FU`] fu, limits included.
fn points(han: u32, dealer: bool) -> f64 {
    let base = match han {
        0 => 0,
        1..=4 => (FU * (1 << (han + 2))).min(2000),
        5 => 2000,
        6 | 7 => 3000,
        8..=10 => 4000,
        11 | 12 => 6000,
        _ => 8000,
    };
    // A ron's payment is rounded up to a hundred.
    let pay = base * if dealer { 6 } else { 4 };
    f64::from(pay.div_ceil(100) * 100)
}

/// A ron's points with a fractional `han`: between its two whole
/// neighbours, in proportion.
fn value_of(han: f64, dealer: bool) -> f64 {
    let low = han.floor().max(0.0);
    // han is a few units at most: the casts cannot overflow.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = low as u32;
    let frac = han - low;
    points(whole, dealer) * (1.0 - frac) + points(whole + 1, dealer) * frac
}

/// The dora in `tiles`: each tile once per indicator pointing at its kind,
/// and once more for a red five.
fn dora_in(tiles: impl Iterator<Item = Tile>, indicated: &[u8]) -> u32 {
    tiles
        .map(|t| {
            let hits = indicated.iter().filter(|&&k| k == t.kind()).count();
            u32::try_from(hits).unwrap_or(0) + u32::from(t.is_red())
        })
        .sum()
}

/// Weighs every candidate of a decision under threat, from the table
/// before its discard; nothing when nobody threatens.
pub(super) fn weigh(replay: &Replay<'_>, state: &KyokuState, decision: &mut Decision) {
    if decision.threats.is_empty() {
        return;
    }
    let seat = decision.seat;
    let draws = Draws::after_discard(state, seat);
    let unseen = unseen_by(state, seat);
    let closed = decision.melds.is_empty()
        || decision
            .melds
            .iter()
            .all(|m| m.kind == crate::score::MeldKind::Ankan);
    let dealer = state.dealer == seat;
    let indicated: Vec<u8> = super::judge::dora_kinds_each(state);
    let meld_dora = dora_in(
        decision.melds.iter().flat_map(|m| m.tiles.iter().copied()),
        &indicated,
    );
    let hand_dora = dora_in(decision.hand.iter().copied(), &indicated);
    let losses: Vec<i32> = decision
        .threats
        .iter()
        .map(|t| loss(t.kind, state.dealer == t.seat))
        .collect();
    let hand = decision.hand.clone();
    for c in &mut decision.candidates {
        let dora = hand_dora + meld_dora - dora_in(std::iter::once(c.discard), &indicated);
        let han = if closed { CLOSED_HAN } else { OPEN_HAN } + f64::from(dora);
        let value = value_of(han, dealer);
        let win = win_chance(replay, seat, &hand, c, draws, &unseen, closed);
        let expected_loss: f64 = c
            .danger
            .iter()
            .zip(&losses)
            .map(|(d, &l)| d.deal_in() * f64::from(l))
            .sum();
        // Points and chances are bounded far inside i32 and u16.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let weighed = PushFold {
            ev: (win * value - expected_loss).round() as i32,
            win_bp: (win.clamp(0.0, 1.0) * 10_000.0).round() as u16,
            value: value.round() as i32,
            loss: expected_loss.round() as i32,
        };
        c.push_fold = Some(weighed);
    }
}

/// A hand's likely value if it wins (V(win) of "Push or fold"): every
/// tile of it, melds included, counted for dora, a closed hand's expected
/// han or an open hand's one, at 30 fu, in points.
pub(super) fn likely_value(
    state: &KyokuState,
    tiles: impl Iterator<Item = Tile>,
    closed: bool,
    dealer: bool,
) -> i32 {
    let indicated: Vec<u8> = super::judge::dora_kinds_each(state);
    let han = if closed { CLOSED_HAN } else { OPEN_HAN } + f64::from(dora_in(tiles, &indicated));
    // Points are bounded far inside i32.
    #[allow(clippy::cast_possible_truncation)]
    let value = value_of(han, dealer).round() as i32;
    value
}

/// The chance that the hand after candidate `c` wins: a tenpai's from its
/// winning tiles (`judge.rs`); a 1-shanten's the chance to reach tenpai by
/// its own draws times a typical tenpai's on half the draws left; none
/// from further away.
fn win_chance(
    replay: &Replay<'_>,
    seat: crate::event::Seat,
    hand: &[Tile],
    c: &Candidate,
    draws: Draws,
    unseen: &[u8; 34],
    closed: bool,
) -> f64 {
    match c.shanten {
        0 => {
            let with_yaku = if closed {
                c.waits
            } else {
                let mut after = hand.to_vec();
                if let Some(i) = after.iter().position(|&t| t == c.discard) {
                    after.remove(i);
                }
                replay.waits_with_yaku(seat, &after, c.waits)
            };
            draws.win_chance(WinTiles::of(c.waits, with_yaku, c.furiten, unseen))
        }
        1 if draws.unseen > 0 => {
            let reach =
                1.0 - (-f64::from(c.ukeire) * f64::from(draws.own) / f64::from(draws.unseen)).exp();
            let later = Draws {
                own: draws.own / 2,
                others: draws.others / 2,
                unseen: draws.unseen,
            };
            let typical = WinTiles {
                ron: TYPICAL_WAIT,
                tsumo: TYPICAL_WAIT,
                furiten: false,
                yakuless: false,
            };
            reach * later.win_chance(typical)
        }
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_follow_the_scoring_table_at_30_fu() {
        assert!((points(1, false) - 1000.0).abs() < 1e-9);
        assert!((points(3, false) - 3900.0).abs() < 1e-9);
        assert!((points(4, false) - 7700.0).abs() < 1e-9);
        assert!((points(5, true) - 12000.0).abs() < 1e-9);
        assert!((value_of(1.5, false) - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn the_loss_table_weighs_a_dealer_more() {
        assert!(loss(ThreatKind::Riichi, true) > loss(ThreatKind::Riichi, false));
        assert!(loss(ThreatKind::Riichi, false) > loss(ThreatKind::Open, false));
    }
}
