//! Push or fold: under threat, each candidate discard is weighed by one
//! documented formula, EV = P(win) · V(win) − Σ P(deal-in) · L(threat):
//! its hand's chance to win and likely value against the chance that this
//! discard deals in and what a deal-in to that threat costs on average.
//! `formats/review.md` ("Push or fold") defines each term and the
//! approximations; the items in `items.rs` compare candidates by it.

use crate::engine::{KyokuState, Replay};
use crate::score::Meld;
use crate::tile::Tile;

use super::danger::ThreatKind;
use super::decision::{Candidate, Decision};
use super::judge::{Draws, WinTiles};

pub mod loss;
mod losses;

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

/// The average payment of a deal-in to a threat of `kind`, dealer or not:
/// counted on the fit half of the corpus by `paifu danger --fit-losses`
/// ([`loss::count`], the table in `losses.rs`).
#[must_use]
pub fn loss(kind: ThreatKind, dealer: bool) -> i32 {
    let row = match kind {
        ThreatKind::Riichi => 0,
        ThreatKind::Open => 1,
    };
    losses::LOSS[row][usize::from(dealer)]
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

/// The han of each kind's triplet for a seat: a dragon 1, a wind 1 for
/// each of seat and round wind it is.
struct YakuhaiHan([u8; 34]);

impl YakuhaiHan {
    fn of(state: &KyokuState, seat: crate::event::Seat) -> Self {
        let mut han = [0u8; 34];
        for h in &mut han[31..34] {
            *h = 1;
        }
        for w in [state.seat_wind(seat), state.round_wind] {
            han[usize::from(27 + w.index())] += 1;
        }
        Self(han)
    }
}

/// The han a hand's shape already holds after its discard (`concealed`
/// and `melds`): each yakuhai triplet (concealed or called), and a flush
/// when every number tile is of one suit (half flush: closed 3, open 2;
/// full flush: closed 6, open 5) — for a hand not yet tenpai (`building`),
/// also when one number tile of another suit is left, which the hand sheds
/// on its way to tenpai. Otherwise only what is there, not what may come.
fn shape_han(
    concealed: &[Tile],
    melds: &[Meld],
    valued: &YakuhaiHan,
    closed: bool,
    building: bool,
) -> u32 {
    HandShape::of(concealed, melds, valued).han(valued, closed, building)
}

/// What [`shape_han`] counts of a hand, kept so that each candidate's
/// discard is one tile taken away, not a hand recounted.
#[derive(Clone, Copy)]
struct HandShape {
    /// The concealed tiles by kind.
    counts: [u8; 34],
    /// The han of the called yakuhai sets.
    meld_han: u32,
    /// Number tiles by suit, melds included.
    by_suit: [u32; 3],
    /// Honour tiles, melds included.
    honours: u32,
}

impl HandShape {
    fn of(concealed: &[Tile], melds: &[Meld], valued: &YakuhaiHan) -> Self {
        let mut shape = Self {
            counts: [0; 34],
            meld_han: 0,
            by_suit: [0; 3],
            honours: 0,
        };
        for t in concealed {
            shape.counts[usize::from(t.kind())] += 1;
        }
        for m in melds {
            if let [a, b, ..] = m.tiles.as_slice()
                && a.kind() == b.kind()
            {
                shape.meld_han += u32::from(valued.0[usize::from(a.kind())]);
            }
        }
        for t in concealed.iter().chain(melds.iter().flat_map(|m| &m.tiles)) {
            shape.count(*t, 1);
        }
        shape
    }

    fn count(&mut self, t: Tile, add: i32) {
        let slot = if t.suit().is_some() {
            &mut self.by_suit[usize::from(t.kind() / 9)]
        } else {
            &mut self.honours
        };
        *slot = slot.saturating_add_signed(add);
    }

    /// The shape after one concealed tile of `t` is discarded.
    fn without(&self, t: Tile) -> Self {
        let mut after = *self;
        let k = usize::from(t.kind());
        if after.counts[k] > 0 {
            after.counts[k] -= 1;
            after.count(t, -1);
        }
        after
    }

    fn han(&self, valued: &YakuhaiHan, closed: bool, building: bool) -> u32 {
        let mut han: u32 = self
            .counts
            .iter()
            .zip(&valued.0)
            .filter(|&(&n, _)| n >= 3)
            .map(|(_, &h)| u32::from(h))
            .sum::<u32>()
            + self.meld_han;
        // The suit of the most number tiles, and how many are of another.
        let main = self.by_suit.iter().copied().max().unwrap_or(0);
        let off = self.by_suit.iter().sum::<u32>() - main;
        if main > 0 && (off == 0 || (building && off == 1)) {
            han += match (self.honours > 0, closed) {
                (true, true) => 3,
                (true, false) => 2,
                (false, true) => 6,
                (false, false) => 5,
            };
        }
        han
    }
}

/// The likely value of the hand after discarding `discard` at `decision`
/// ([`weigh`]'s V(win): a ron at 30 fu with the yaku expected of a closed
/// or open hand, what its shape holds, and the dora held), for judgements
/// made with no threat.
pub(super) fn likely_value(state: &KyokuState, decision: &Decision, discard: Tile) -> i32 {
    let building = decision
        .candidates
        .iter()
        .find(|c| c.discard == discard)
        .is_some_and(|c| c.shanten > 0);
    let value = Valuer::of(state, decision).value(discard, building);
    // Points are bounded far inside i32.
    #[allow(clippy::cast_possible_truncation)]
    let value = value.round() as i32;
    value
}

/// A hand's likely value if it wins (V(win) of "Push or fold"), from its
/// concealed tiles and melds as they are (a call's alternatives): the
/// closed or open hand's expected yaku, what its shape holds (`building`
/// when it is not tenpai), and every dora in it, at 30 fu, in points.
pub(super) fn hand_value(
    state: &KyokuState,
    seat: crate::event::Seat,
    concealed: &[Tile],
    melds: &[Meld],
    closed: bool,
    building: bool,
) -> i32 {
    let indicated: Vec<u8> = super::judge::dora_kinds_each(state);
    let dora = dora_in(
        concealed
            .iter()
            .chain(melds.iter().flat_map(|m| &m.tiles))
            .copied(),
        &indicated,
    );
    let shape = f64::from(shape_han(
        concealed,
        melds,
        &YakuhaiHan::of(state, seat),
        closed,
        building,
    ));
    let yaku = if closed {
        CLOSED_HAN + shape
    } else {
        OPEN_HAN.max(shape)
    };
    // Points are bounded far inside i32.
    #[allow(clippy::cast_possible_truncation)]
    let value = value_of(yaku + f64::from(dora), state.dealer == seat).round() as i32;
    value
}

/// What valuing a decision's candidates needs, computed once.
struct Valuer {
    shape: HandShape,
    closed: bool,
    dealer: bool,
    indicated: Vec<u8>,
    held_dora: u32,
    yakuhai: YakuhaiHan,
}

impl Valuer {
    fn of(state: &KyokuState, decision: &Decision) -> Self {
        let closed = decision.melds.is_empty()
            || decision
                .melds
                .iter()
                .all(|m| m.kind == crate::score::MeldKind::Ankan);
        let indicated: Vec<u8> = super::judge::dora_kinds_each(state);
        let held_dora = dora_in(
            decision
                .melds
                .iter()
                .flat_map(|m| m.tiles.iter().copied())
                .chain(decision.hand.iter().copied()),
            &indicated,
        );
        let yakuhai = YakuhaiHan::of(state, decision.seat);
        Self {
            shape: HandShape::of(&decision.hand, &decision.melds, &yakuhai),
            closed,
            dealer: state.dealer == decision.seat,
            indicated,
            held_dora,
            yakuhai,
        }
    }

    /// V(win) of the hand after `discard`, in points; `building` when it
    /// is not tenpai then.
    fn value(&self, discard: Tile, building: bool) -> f64 {
        // A damaged log may discard a tile the hand does not hold.
        let dora = self
            .held_dora
            .saturating_sub(dora_in(std::iter::once(discard), &self.indicated));
        let shape = f64::from(self.shape.without(discard).han(
            &self.yakuhai,
            self.closed,
            building,
        ));
        let yaku = if self.closed {
            CLOSED_HAN + shape
        } else {
            OPEN_HAN.max(shape)
        };
        value_of(yaku + f64::from(dora), self.dealer)
    }
}

/// Weighs every candidate of a decision under threat, from the table
/// before its discard; nothing when nobody threatens.
pub(super) fn weigh(replay: &Replay<'_>, state: &KyokuState, decision: &mut Decision) {
    if decision.threats.is_empty() {
        return;
    }
    let seat = decision.seat;
    let unseen = decision.unseen;
    let draws = Draws::seeing(state, &unseen);
    let losses: Vec<i32> = decision
        .threats
        .iter()
        .map(|t| loss(t.kind, state.dealer == t.seat))
        .collect();
    let (values, closed) = {
        let valuer = Valuer::of(state, decision);
        let values: Vec<f64> = decision
            .candidates
            .iter()
            .map(|c| valuer.value(c.discard, c.shanten > 0))
            .collect();
        (values, valuer.closed)
    };
    let hand = decision.hand.clone();
    for (c, value) in decision.candidates.iter_mut().zip(values) {
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
    fn a_shape_holds_its_yakuhai_triplets_and_its_flush() {
        let tiles = |s: &str| crate::tile::parse_hand(s).unwrap_or_default();
        let mut han = [0u8; 34];
        han[31] = 1;
        han[27] = 2;
        let valued = YakuhaiHan(han);
        // A pon of East (double wind) and a half flush in manzu, open.
        let pon = Meld {
            kind: crate::score::MeldKind::Pon,
            tiles: tiles("111z"),
        };
        assert_eq!(
            shape_han(
                &tiles("1234567m55z"),
                std::slice::from_ref(&pon),
                &valued,
                false,
                false
            ),
            4
        );
        // One tile of another suit: a flush on its way while building, none
        // at tenpai.
        assert_eq!(
            shape_han(
                &tiles("1234567m5p5z"),
                std::slice::from_ref(&pon),
                &valued,
                false,
                true
            ),
            4
        );
        assert_eq!(
            shape_han(&tiles("1234567m5p5z"), &[pon], &valued, false, false),
            2
        );
        // Closed, a full flush and a concealed triplet of White.
        assert_eq!(
            shape_han(&tiles("11123456789p555z"), &[], &valued, true, false),
            4
        );
        assert_eq!(
            shape_han(&tiles("1112345678999p"), &[], &valued, true, false),
            6
        );
        // Two suits: nothing.
        assert_eq!(shape_han(&tiles("123m456p"), &[], &valued, true, true), 0);
    }

    #[test]
    fn the_loss_table_weighs_a_dealer_more() {
        assert!(loss(ThreatKind::Riichi, true) > loss(ThreatKind::Riichi, false));
        assert!(loss(ThreatKind::Riichi, false) > loss(ThreatKind::Open, false));
    }
}
