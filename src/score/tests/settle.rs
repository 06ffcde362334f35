//! Settlement: payments, counters, sticks and every liability variant,
//! with hand-computed numbers.

use super::*;
use crate::event::Seat;
use crate::score::{Payment, Table, settle};

fn seat(n: u8) -> Seat {
    Seat::new(n).expect("seat")
}

/// Seat 1 (South) wins; seat 0 deals; seat 2 discards on a ron; seat 3
/// fed the third dragon.
fn table(discarder: Option<u8>, liable: Option<u8>) -> Table {
    Table {
        seats: 4,
        dealer: seat(0),
        winner: seat(1),
        discarder: discarder.map(seat),
        liable: liable.map(seat),
        kong_feeder: None,
    }
}

/// Big dragons, non-dealer: 32000.
fn daisangen() -> WinningHand {
    hand("123m99p777z", &["p555z", "p666z"], "3m")
}

/// Big dragons and all honours, non-dealer: 64000 where yakuman stack.
fn daisangen_tsuuiisou() -> WinningHand {
    hand("111z22z777z", &["p555z", "p666z"], "2z")
}

fn with_honba(s: Situation, honba: u8) -> Situation {
    Situation { honba, ..s }
}

#[test]
fn plain_ron_and_tsumo() {
    let h = hand("234m567m345p678s22s", &[], "8s");
    let s = Situation {
        honba: 1,
        riichi_sticks: 2,
        ..ron()
    };
    let x = scored(&h, &s);
    assert_eq!(x.payment, Payment::Ron { discarder: 2300 });
    let t = rules("tenhou");
    assert_eq!(
        settle(&x, &s, &table(Some(2), None), &t),
        [0, 4300, -2300, 0]
    );
    let s = Situation {
        honba: 1,
        riichi_sticks: 1,
        ..tsumo()
    };
    // 3 han 20 fu: 1300 from the dealer, 700 from the others, 100 more each.
    let x = scored(&h, &s);
    assert_eq!(
        settle(&x, &s, &table(None, None), &t),
        [-1400, 4000, -800, -800]
    );
}

#[test]
fn liability_on_a_ron_by_another_player() {
    let s = with_honba(ron(), 2);
    let x = scored_by(&daisangen(), &s, &rules("ema2016"));
    assert_eq!(x.payment, Payment::Ron { discarder: 32600 });
    let both = table(Some(2), Some(3));
    // EMA 2016 §3.3.9: 16000 each, the discarder alone pays the counters.
    assert_eq!(
        settle(&x, &s, &both, &rules("ema2016")),
        [0, 32600, -16600, -16000]
    );
    // Tenhou: the liable player pays the counters (16600 / 16000 at 2 honba).
    assert_eq!(
        settle(&x, &s, &both, &rules("tenhou")),
        [0, 32600, -16000, -16600]
    );
    // Mahjong Soul follows Tenhou here.
    assert_eq!(
        settle(&x, &s, &both, &rules("mahjongsoul")),
        [0, 32600, -16000, -16600]
    );
    // EMA 2012: the counters are split too.
    assert_eq!(
        settle(&x, &s, &both, &rules("ema2012")),
        [0, 32600, -16300, -16300]
    );
    // The liable player dealt in: an ordinary ron.
    assert_eq!(
        settle(&x, &s, &table(Some(3), Some(3)), &rules("ema2016")),
        [0, 32600, 0, -32600]
    );
}

#[test]
fn liability_on_a_tsumo() {
    let s = with_honba(tsumo(), 1);
    let x = scored(&daisangen(), &s);
    assert_eq!(
        x.payment,
        Payment::TsumoNonDealer {
            dealer: 16100,
            non_dealer: 8100
        }
    );
    for name in ["ema2016", "ema2012", "tenhou", "mahjongsoul"] {
        assert_eq!(
            settle(&x, &s, &table(None, Some(3)), &rules(name)),
            [0, 32300, 0, -32300],
            "{name}"
        );
    }
}

#[test]
fn liability_with_several_yakuman_whole_hand_or_liable_share() {
    let s = ron();
    let x = scored_by(&daisangen_tsuuiisou(), &s, &rules("mahjongsoul"));
    assert_eq!(x.payment, Payment::Ron { discarder: 64000 });
    let both = table(Some(2), Some(3));
    // Tenhou: the whole hand is shared.
    assert_eq!(
        settle(&x, &s, &both, &rules("tenhou")),
        [0, 64000, -32000, -32000]
    );
    // Mahjong Soul: only big dragons' 32000 is shared; the discarder pays
    // the rest.
    assert_eq!(
        settle(&x, &s, &both, &rules("mahjongsoul")),
        [0, 64000, -48000, -16000]
    );
    let s = tsumo();
    let x = scored_by(&daisangen_tsuuiisou(), &s, &rules("mahjongsoul"));
    assert_eq!(
        settle(&x, &s, &table(None, Some(3)), &rules("tenhou")),
        [0, 64000, 0, -64000]
    );
    // Mahjong Soul: 32000 from the liable player, the other 32000 as a
    // tsumo (16000 dealer, 8000 each other).
    assert_eq!(
        settle(&x, &s, &table(None, Some(3)), &rules("mahjongsoul")),
        [-16000, 64000, -8000, -40000]
    );
}

#[test]
fn liability_needs_a_liable_yakuman() {
    let h = hand("234m567m345p678s22s", &[], "8s");
    let s = ron();
    let x = scored(&h, &s);
    assert_eq!(
        settle(&x, &s, &table(Some(2), Some(3)), &rules("tenhou")),
        [0, 2000, -2000, 0]
    );
}

#[test]
fn three_players_with_tsumo_loss() {
    let h = hand("123456789p55s999s", &[], "9p");
    let s = tsumo();
    let r = rules("tenhou-sanma");
    let x = scored_by(&h, &s, &r);
    // Ittsu + tsumo, 3 han 30 fu: 960 basic points; the absent player's
    // 1000 is lost.
    assert_eq!((x.han, x.fu), (3, 30));
    let t = Table {
        seats: 3,
        dealer: seat(0),
        winner: seat(1),
        discarder: None,
        liable: None,
        kong_feeder: None,
    };
    assert_eq!(settle(&x, &s, &t, &r), [-2000, 3000, -1000]);
}

#[test]
fn an_inconsistent_table_settles_nothing() {
    let h = hand("234m567m345p678s22s", &[], "8s");
    let s = ron();
    let x = scored(&h, &s);
    let t = rules("tenhou");
    assert_eq!(settle(&x, &s, &table(None, None), &t), [0, 0, 0, 0]);
    assert_eq!(settle(&x, &s, &table(Some(1), None), &t), [0, 0, 0, 0]);
    let far = Table {
        winner: seat(3),
        seats: 3,
        ..table(Some(2), None)
    };
    assert_eq!(settle(&x, &s, &far, &t), [0, 0, 0]);
}

/// Rinshan liability: a tsumo on an open kong's replacement tile is paid
/// whole, counters included, by the kong tile's discarder under Riichi
/// City's rules; as usual under Tenhou's, and as usual without a feeder.
#[test]
fn rinshan_liability_makes_the_kong_feeder_pay_the_tsumo() {
    let h = hand("234m567m345p678s22s", &[], "8s");
    let s = Situation {
        honba: 1,
        riichi_sticks: 1,
        ..tsumo()
    };
    let x = scored(&h, &s);
    let fed = Table {
        kong_feeder: Some(seat(3)),
        ..table(None, None)
    };
    // 1300 + 100 from the dealer, 700 + 100 from each other: 3000 in all.
    assert_eq!(
        settle(&x, &s, &fed, &rules("riichicity")),
        [0, 4000, 0, -3000]
    );
    assert_eq!(
        settle(&x, &s, &fed, &rules("tenhou")),
        [-1400, 4000, -800, -800]
    );
    assert_eq!(
        settle(&x, &s, &table(None, None), &rules("riichicity")),
        [-1400, 4000, -800, -800]
    );
    // A feeder on a ron, or the winner as feeder, is a table that
    // contradicts itself.
    let bad = Table {
        kong_feeder: Some(seat(1)),
        ..table(None, None)
    };
    assert_eq!(settle(&x, &s, &bad, &rules("riichicity")), [0, 0, 0, 0]);
}
