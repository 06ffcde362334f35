//! Score changes of one win: payments, counters, riichi sticks and
//! liability (pao) for big dragons and big winds.
//!
//! Liability (EMA §3.3.9, WRC §6.2): on a tsumo the liable player pays the
//! whole hand and the counters; on a ron by another player the liable
//! player and the discarder share the hand's value equally, the counters
//! paid by whom [`Liability::ron_counters`] says. Under
//! [`LiabilityCovers::LiableYakumanOnly`] (Mahjong Soul) only the liable
//! yakuman's share of a multiple yakuman is covered; the rest is paid as if
//! there were no liability.
//!
//! Rinshan liability ([`Rules::rinshan_liability`], Riichi City): a tsumo
//! on the replacement draw of an open kong is paid whole, counters
//! included, by the player who discarded the kong's tile. Where big-dragon
//! or big-wind liability applies too, that one is paid.

use super::value::payment;
use super::{Payment, Scored, Situation, Table};
use crate::rules::{CountersPayer, LiabilityCovers, Rules};
use crate::yaku::Yaku;

fn to_i32(points: i64) -> i32 {
    i32::try_from(points).unwrap_or(if points < 0 { i32::MIN } else { i32::MAX })
}

fn up100(points: i64) -> i64 {
    points
        .saturating_add(99)
        .div_euclid(100)
        .saturating_mul(100)
}

/// Whether the table is consistent with itself and with the payment.
fn consistent(scored: &Scored, table: &Table) -> bool {
    let seats = usize::from(table.seats);
    let in_range = |s: crate::event::Seat| s.index() < seats;
    (2..=4).contains(&table.seats)
        && in_range(table.winner)
        && in_range(table.dealer)
        && table
            .discarder
            .is_none_or(|d| in_range(d) && d != table.winner)
        && table
            .liable
            .is_none_or(|l| in_range(l) && l != table.winner)
        && table
            .kong_feeder
            .is_none_or(|k| in_range(k) && k != table.winner && table.discarder.is_none())
        && matches!(scored.payment, Payment::Ron { .. }) == table.discarder.is_some()
}

/// What each seat pays under `payment` with no liability (index = seat).
fn plain_shares(payment: &Payment, table: &Table) -> Vec<i64> {
    let mut out = vec![0i64; usize::from(table.seats)];
    for (i, slot) in out.iter_mut().enumerate() {
        if i == table.winner.index() {
            continue;
        }
        *slot = match *payment {
            Payment::Ron { discarder } => {
                if table.discarder.map(crate::event::Seat::index) == Some(i) {
                    i64::from(discarder)
                } else {
                    0
                }
            }
            Payment::TsumoDealer { each } => i64::from(each),
            Payment::TsumoNonDealer { dealer, non_dealer } => {
                if i == table.dealer.index() {
                    i64::from(dealer)
                } else {
                    i64::from(non_dealer)
                }
            }
        };
    }
    out
}

/// The share of the hand the liable player covers, as a fraction.
fn liable_fraction(scored: &Scored, rules: &Rules) -> Option<(i64, i64)> {
    let liable_yakuman = |y: &Yaku| matches!(y, Yaku::Daisangen | Yaku::Daisuushii);
    let liable: i64 = scored
        .yakuman
        .iter()
        .filter(|y| liable_yakuman(&y.yaku))
        .map(|y| i64::from(y.multiplier))
        .sum();
    if liable == 0 {
        return None;
    }
    let all: i64 = scored.yakuman.iter().map(|y| i64::from(y.multiplier)).sum();
    if rules.liability.covers == LiabilityCovers::LiableYakumanOnly
        && rules.yakuman_stacking
        && all > liable
    {
        Some((liable, all))
    } else {
        Some((1, 1))
    }
}

/// See [`super::settle`].
pub(super) fn settle(
    scored: &Scored,
    situation: &Situation,
    table: &Table,
    rules: &Rules,
) -> Vec<i32> {
    let seats = usize::from(table.seats);
    if !consistent(scored, table) {
        return vec![0; seats];
    }
    let mut pays = plain_shares(&scored.payment, table);
    let yakuman_liability = liable_fraction(scored, rules).filter(|_| {
        table
            .liable
            .is_some_and(|liable| table.discarder != Some(liable))
    });
    if yakuman_liability.is_none()
        && rules.rinshan_liability
        && let Some(feeder) = table.kong_feeder
    {
        // Rinshan liability: the discarder of the open kong's tile pays
        // the whole tsumo, counters included, as if he had dealt in.
        let all: i64 = pays.iter().sum();
        pays = vec![0; seats];
        if let Some(p) = pays.get_mut(feeder.index()) {
            *p = all;
        }
    }
    if let (Some(liable), Some((num, den))) = (table.liable, yakuman_liability) {
        let winner_is_dealer = table.winner == table.dealer;
        let bare = payment(
            scored.base,
            winner_is_dealer,
            table.discarder.is_none(),
            0,
            rules,
        );
        let bare_shares = plain_shares(&bare, table);
        let value: i64 = bare_shares.iter().sum();
        let counters: i64 = pays.iter().sum::<i64>() - value;
        let covered = up100(value.saturating_mul(num) / den.max(1));
        // What stays outside liability is paid as usual, in proportion.
        let rest: Vec<i64> = bare_shares
            .iter()
            .map(|&s| up100(s.saturating_mul(den - num) / den.max(1)))
            .collect();
        pays = rest;
        let l = liable.index();
        match table.discarder {
            None => {
                if let Some(p) = pays.get_mut(l) {
                    *p = p.saturating_add(covered).saturating_add(counters);
                }
            }
            Some(d) => {
                let half = up100(covered / 2);
                let (liable_counters, discarder_counters) = match rules.liability.ron_counters {
                    CountersPayer::Split => (counters / 2, counters - counters / 2),
                    CountersPayer::Liable => (counters, 0),
                    CountersPayer::Discarder => (0, counters),
                };
                if let Some(p) = pays.get_mut(l) {
                    *p = p.saturating_add(half).saturating_add(liable_counters);
                }
                if let Some(p) = pays.get_mut(d.index()) {
                    *p = p
                        .saturating_add(covered - half)
                        .saturating_add(discarder_counters);
                }
            }
        }
    }
    let received: i64 = pays.iter().sum();
    let sticks = 1000 * i64::from(situation.riichi_sticks);
    let mut deltas: Vec<i32> = pays.iter().map(|&p| to_i32(-p)).collect();
    if let Some(w) = deltas.get_mut(table.winner.index()) {
        *w = to_i32(received.saturating_add(sticks));
    }
    deltas
}
