//! From han and fu to the limit, the basic points and the payments
//! (WRC §6.1; EMA §4.1).
//!
//! Basic points are fu × 2^(han+2) below mangan, capped at 2000; mangan
//! from 5 han (2000), haneman 6–7 (3000), baiman 8–10 (4000), sanbaiman
//! 11+ (6000), yakuman 8000 per yakuman. 13+ han without a yakuman is a
//! yakuman or a sanbaiman as the rules say (kazoe); with kiriage a base of
//! 1920 (4 han 30 fu, 3 han 60 fu) is a mangan. Each payment is rounded up
//! to 100. Arithmetic is done in `i64` and saturates: no input overflows.

use super::Payment;
use crate::event::Limit;
use crate::rules::{KazoeLimit, Rules};

/// The limit and basic points of a hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Value {
    /// The limit reached.
    pub limit: Limit,
    /// Basic points.
    pub base: i64,
}

/// The value of a yakuman hand counted `multiplier` times.
pub(super) fn yakuman(multiplier: u32) -> Value {
    Value {
        limit: Limit::Yakuman,
        base: 8000_i64.saturating_mul(i64::from(multiplier)),
    }
}

/// The value of an ordinary hand of `han` han (dora included) and `fu` fu.
pub(super) fn ordinary(han: u32, fu: u8, rules: &Rules) -> Value {
    let limited = |limit, base| Value { limit, base };
    match han {
        13.. => match rules.kazoe {
            KazoeLimit::Yakuman => limited(Limit::Yakuman, 8000),
            KazoeLimit::Sanbaiman => limited(Limit::Sanbaiman, 6000),
        },
        11..=12 => limited(Limit::Sanbaiman, 6000),
        8..=10 => limited(Limit::Baiman, 4000),
        6..=7 => limited(Limit::Haneman, 3000),
        5 => limited(Limit::Mangan, 2000),
        _ => {
            let base = i64::from(fu) << (han + 2);
            if base > 2000 || (rules.kiriage && base == 1920) {
                limited(Limit::Mangan, 2000)
            } else {
                limited(Limit::None, base)
            }
        }
    }
}

/// Rounds up to the next 100.
fn up100(points: i64) -> i64 {
    points
        .saturating_add(99)
        .div_euclid(100)
        .saturating_mul(100)
}

fn to_i32(points: i64) -> i32 {
    i32::try_from(points).unwrap_or(if points < 0 { i32::MIN } else { i32::MAX })
}

/// What the payers pay for a hand of basic points `base`, counters
/// included (`rules.honba_value` per counter: whole from a ron discarder,
/// shared by the payers of a tsumo).
pub(super) fn payment(base: i64, dealer: bool, tsumo: bool, honba: u8, rules: &Rules) -> Payment {
    let counters = i64::from(rules.honba_value).saturating_mul(i64::from(honba));
    let payers = i64::from(rules.seats.saturating_sub(1).max(1));
    let share = counters / payers;
    // Three players without tsumo loss: the absent fourth player's share
    // is split between the two payers.
    let absent = rules.seats == 3 && !rules.tsumo_loss;
    let b = |times: i64| base.saturating_mul(times);
    match (tsumo, dealer) {
        (false, true) => Payment::Ron {
            discarder: to_i32(up100(b(6)).saturating_add(counters)),
        },
        (false, false) => Payment::Ron {
            discarder: to_i32(up100(b(4)).saturating_add(counters)),
        },
        (true, true) => {
            let each = if absent { b(3) } else { b(2) };
            Payment::TsumoDealer {
                each: to_i32(up100(each).saturating_add(share)),
            }
        }
        (true, false) => {
            let (d, n) = if absent {
                (b(2).saturating_add(base / 2), b(1).saturating_add(base / 2))
            } else {
                (b(2), b(1))
            };
            Payment::TsumoNonDealer {
                dealer: to_i32(up100(d).saturating_add(share)),
                non_dealer: to_i32(up100(n).saturating_add(share)),
            }
        }
    }
}

impl Payment {
    /// What the winner receives from the payers at a table of `seats`
    /// (riichi sticks not included).
    #[must_use]
    pub fn received(&self, seats: u8) -> i64 {
        let others = i64::from(seats.saturating_sub(1));
        match *self {
            Self::Ron { discarder } => i64::from(discarder),
            Self::TsumoDealer { each } => i64::from(each).saturating_mul(others),
            Self::TsumoNonDealer { dealer, non_dealer } => i64::from(dealer)
                .saturating_add(i64::from(non_dealer).saturating_mul(others.saturating_sub(1))),
        }
    }
}

/// What the winner gains: the payments and the riichi sticks.
pub(super) fn total(payment: &Payment, seats: u8, riichi_sticks: u8) -> i32 {
    let sticks = 1000 * i64::from(riichi_sticks);
    to_i32(payment.received(seats).saturating_add(sticks))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(name: &str) -> Rules {
        Rules::preset(name).unwrap()
    }

    #[test]
    fn below_mangan_and_limits() {
        let t = rules("tenhou");
        assert_eq!(ordinary(1, 30, &t).base, 240);
        assert_eq!(ordinary(3, 30, &t).base, 960);
        assert_eq!(
            ordinary(4, 30, &t),
            Value {
                limit: Limit::None,
                base: 1920
            }
        );
        assert_eq!(ordinary(4, 40, &t).limit, Limit::Mangan);
        assert_eq!(ordinary(3, 70, &t).limit, Limit::Mangan);
        assert_eq!(ordinary(5, 20, &t).base, 2000);
        assert_eq!(ordinary(7, 20, &t).base, 3000);
        assert_eq!(ordinary(10, 20, &t).base, 4000);
        assert_eq!(ordinary(12, 20, &t).base, 6000);
        assert_eq!(ordinary(13, 20, &t).base, 8000);
        assert_eq!(ordinary(13, 20, &rules("ema2016")).base, 6000);
        assert_eq!(ordinary(200, 20, &t).base, 8000);
    }

    #[test]
    fn kiriage_rounds_1920_to_mangan() {
        let w = rules("wrc2015");
        assert_eq!(ordinary(4, 30, &w).limit, Limit::Mangan);
        assert_eq!(ordinary(3, 60, &w).limit, Limit::Mangan);
        assert_eq!(ordinary(3, 50, &w).limit, Limit::None);
    }

    #[test]
    fn payments_round_up_and_carry_counters() {
        let t = rules("tenhou");
        // 1 han 30 fu: 240 basic points.
        assert_eq!(
            payment(240, false, false, 0, &t),
            Payment::Ron { discarder: 1000 }
        );
        assert_eq!(
            payment(240, true, false, 0, &t),
            Payment::Ron { discarder: 1500 }
        );
        assert_eq!(
            payment(240, false, true, 0, &t),
            Payment::TsumoNonDealer {
                dealer: 500,
                non_dealer: 300
            }
        );
        assert_eq!(
            payment(240, true, true, 2, &t),
            Payment::TsumoDealer { each: 700 }
        );
        assert_eq!(
            payment(2000, false, false, 3, &t),
            Payment::Ron { discarder: 8900 }
        );
        let p = payment(2000, false, true, 1, &t);
        assert_eq!(
            p,
            Payment::TsumoNonDealer {
                dealer: 4100,
                non_dealer: 2100
            }
        );
        assert_eq!(total(&p, 4, 2), 10300);
    }

    #[test]
    fn three_players_with_and_without_tsumo_loss() {
        let s = rules("tenhou-sanma");
        let p = payment(2000, false, true, 1, &s);
        assert_eq!(
            p,
            Payment::TsumoNonDealer {
                dealer: 4100,
                non_dealer: 2100
            }
        );
        assert_eq!(total(&p, 3, 0), 6200);
        let no_loss = Rules {
            tsumo_loss: false,
            ..s
        };
        let p = payment(2000, false, true, 0, &no_loss);
        assert_eq!(
            p,
            Payment::TsumoNonDealer {
                dealer: 5000,
                non_dealer: 3000
            }
        );
        assert_eq!(
            payment(2000, true, true, 0, &no_loss),
            Payment::TsumoDealer { each: 6000 }
        );
    }

    #[test]
    fn huge_multipliers_saturate() {
        let t = rules("tenhou");
        let v = yakuman(u32::MAX);
        let p = payment(v.base, true, false, u8::MAX, &t);
        assert_eq!(
            p,
            Payment::Ron {
                discarder: i32::MAX
            }
        );
        assert_eq!(total(&p, 4, u8::MAX), i32::MAX);
    }
}
