//! Score strings (`30符2飜2000点`, `満貫2000-4000点`) and yaku strings.

use crate::event::{Limit, Seat, WinClaim};
use crate::yaku::Yaku;

pub(super) fn limit_word(limit: Limit) -> Option<&'static str> {
    match limit {
        Limit::None => None,
        Limit::Mangan => Some("満貫"),
        Limit::Haneman => Some("跳満"),
        Limit::Baiman => Some("倍満"),
        Limit::Sanbaiman => Some("三倍満"),
        Limit::Yakuman => Some("役満"),
    }
}

pub(super) fn is_yakuman(y: &Yaku) -> bool {
    y.tenhou_id().is_some_and(|id| (36..=51).contains(&id))
}

pub(super) fn yaku_string(y: &Yaku, han: u8) -> String {
    if is_yakuman(y) && han >= 13 {
        if han >= 26 {
            format!("{}(ダブル役満)", y.japanese())
        } else {
            format!("{}(役満)", y.japanese())
        }
    } else {
        format!("{}({han}飜)", y.japanese())
    }
}

/// What a score string needs to know about the kyoku.
#[derive(Clone, Copy)]
pub(super) struct Table {
    pub(super) seats: u8,
    pub(super) dealer: Seat,
    pub(super) honba: u8,
}

/// The score string, e.g. `30符2飜2000点`, `満貫2000-4000点`, `跳満6000点∀`,
/// with only the parts the claim has; `None` when it has none.
pub(super) fn score_string(
    t: Table,
    actor: Seat,
    target: Seat,
    claim: &WinClaim,
) -> Option<String> {
    let mut s = String::new();
    match claim.limit.and_then(limit_word) {
        Some(w) => s.push_str(w),
        None => {
            if let Some(fu) = claim.fu {
                s.push_str(&format!("{fu}符"));
            }
            if let Some(han) = claim.han {
                s.push_str(&format!("{han}飜"));
            }
        }
    }
    if let Some(points) = claim.points {
        let (pay, _) = payment(t, actor, target, claim, points);
        s.push_str(&pay);
    }
    (!s.is_empty()).then_some(s)
}

/// The payment part of a score string and the total it reads back as.
pub(super) fn payment(
    t: Table,
    actor: Seat,
    target: Seat,
    claim: &WinClaim,
    points: i32,
) -> (String, i32) {
    let seats = i32::from(t.seats);
    if actor != target {
        (format!("{points}点"), points)
    } else if actor == t.dealer {
        let each = points / (seats - 1).max(1);
        (format!("{each}点∀"), each * (seats - 1))
    } else {
        let deltas = claim.deltas.as_deref().unwrap_or(&[]);
        let (child, dealer) = tsumo_split(t, actor, claim.pao.is_some(), points, deltas);
        (format!("{child}-{dealer}点"), child * (seats - 2) + dealer)
    }
}

pub(super) fn yaku_han(claim: &WinClaim) -> u8 {
    claim
        .yaku
        .iter()
        .fold(0u8, |acc, y| acc.saturating_add(y.han))
}

/// What a non-dealer's tsumo costs each non-dealer and the dealer. The
/// deltas say it directly when nobody is liable; otherwise the standard
/// split of the value is used (the value is four basic points, or three in
/// three-player games with Tenhou's tsumo loss).
pub(super) fn tsumo_split(
    t: Table,
    winner: Seat,
    liable: bool,
    points: i32,
    deltas: &[i32],
) -> (i32, i32) {
    let honba = i32::from(t.honba) * 100;
    let children = i32::from(t.seats) - 2;
    if !liable {
        // The claimed deltas may be any numbers: checked, never an overflow.
        let paid = |d: &i32| d.checked_neg()?.checked_sub(honba);
        let dealer = deltas.get(t.dealer.index()).and_then(paid);
        let child = (0..usize::from(t.seats))
            .find(|s| *s != winner.index() && *s != t.dealer.index())
            .and_then(|s| deltas.get(s))
            .and_then(paid);
        if let (Some(c), Some(d)) = (child, dealer)
            && c.checked_mul(children).and_then(|x| x.checked_add(d)) == Some(points)
        {
            return (c, d);
        }
    }
    let base = points / (children + 2);
    for child in [base, round_up_100(base)] {
        for dealer in [2 * child, round_up_100(2 * base)] {
            if child
                .checked_mul(children)
                .and_then(|x| x.checked_add(dealer))
                == Some(points)
            {
                return (child, dealer);
            }
        }
    }
    let dealer = round_up_100(points / 2);
    (points.saturating_sub(dealer) / children.max(1), dealer)
}

pub(super) fn round_up_100(x: i32) -> i32 {
    x.saturating_add(99) / 100 * 100
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn claim(han: u8, fu: u8, points: i32, limit: Limit, deltas: &[i32]) -> WinClaim {
        WinClaim {
            han: Some(han),
            fu: Some(fu),
            points: Some(points),
            limit: Some(limit),
            deltas: Some(deltas.to_vec()),
            ..WinClaim::default()
        }
    }

    const EAST_DEALER: Table = Table {
        seats: 4,
        dealer: Seat::new(0).unwrap(),
        honba: 0,
    };

    #[test]
    fn ron_tsumo_and_dealer_tsumo() {
        let c = claim(2, 30, 2000, Limit::None, &[0, -2000, 2000, 0]);
        assert_eq!(
            score_string(EAST_DEALER, seat(2), seat(1), &c).unwrap(),
            "30符2飜2000点"
        );
        let c = claim(2, 40, 2700, Limit::None, &[-1300, -700, 2700, -700]);
        assert_eq!(
            score_string(EAST_DEALER, seat(2), seat(2), &c).unwrap(),
            "40符2飜700-1300点"
        );
        let c = claim(6, 30, 18000, Limit::Haneman, &[18000, -6000, -6000, -6000]);
        assert_eq!(
            score_string(EAST_DEALER, seat(0), seat(0), &c).unwrap(),
            "跳満6000点∀"
        );
    }

    #[test]
    fn counters_are_taken_out_of_the_split() {
        let t = Table {
            honba: 2,
            ..EAST_DEALER
        };
        // 1000-2000 plus 200 a payer for two counters.
        let c = claim(3, 30, 4000, Limit::None, &[-2200, -1200, 4600, -1200]);
        assert_eq!(
            score_string(t, seat(2), seat(2), &c).unwrap(),
            "30符3飜1000-2000点"
        );
    }

    #[test]
    fn liable_tsumo_uses_the_standard_split() {
        let mut c = claim(13, 40, 32000, Limit::Yakuman, &[-32000, 0, 32000, 0]);
        c.pao = Some(seat(0));
        assert_eq!(
            score_string(EAST_DEALER, seat(2), seat(2), &c).unwrap(),
            "役満8000-16000点"
        );
    }

    #[test]
    fn three_players_pay_with_tsumo_loss() {
        let t = Table {
            seats: 3,
            dealer: seat(1),
            honba: 0,
        };
        let c = claim(6, 30, 9000, Limit::Haneman, &[10000, -6000, -3000]);
        let (pay, total) = payment(t, seat(0), seat(0), &c, 9000);
        assert_eq!((pay.as_str(), total), ("3000-6000点", 9000));
    }

    #[test]
    fn missing_parts_are_left_out() {
        let c = WinClaim::default();
        assert_eq!(score_string(EAST_DEALER, seat(1), seat(0), &c), None);
        let c = WinClaim {
            han: Some(3),
            ..WinClaim::default()
        };
        assert_eq!(
            score_string(EAST_DEALER, seat(1), seat(0), &c).unwrap(),
            "3飜"
        );
    }

    #[test]
    fn yaku_strings() {
        assert_eq!(yaku_string(&Yaku::Riichi, 1), "立直(1飜)");
        assert_eq!(yaku_string(&Yaku::Daisangen, 13), "大三元(役満)");
        assert_eq!(yaku_string(&Yaku::SeatWindEast, 1), "自風 東(1飜)");
        assert_eq!(yaku_string(&Yaku::Dora, 13), "ドラ(13飜)");
    }
}
