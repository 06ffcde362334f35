//! Errors by kind, and random input that must never panic.

use proptest::prelude::*;

use super::*;
use crate::event::Seat;
use crate::score::{Table, settle};

fn malformed(h: &WinningHand, s: &Situation, r: &Rules) -> String {
    match score(h, s, r) {
        Err(ScoreError::Malformed { reason }) => reason,
        other => panic!("expected malformed, got {other:?}"),
    }
}

fn invalid(h: &WinningHand, s: &Situation) -> String {
    match error(h, s) {
        ScoreError::InvalidSituation { reason } => reason,
        other => panic!("expected an invalid situation, got {other:?}"),
    }
}

#[test]
fn malformed_hands() {
    let t = rules("tenhou");
    let s = ron();
    // Wrong tile count.
    malformed(&hand("234m567m345p678s2s", &[], "8s"), &s, &t);
    malformed(&hand("234m567m345p678s222s", &[], "8s"), &s, &t);
    malformed(&hand("234m567m345p22s", &[], "2s"), &s, &t);
    // A fifth copy, in the hand or with the indicators.
    malformed(&hand("222m567m345p678s22s", &["p222m"], "8s"), &s, &t);
    let five = Situation {
        dora_indicators: tiles("2s2s"),
        ura_indicators: tiles("2s"),
        ..ron()
    };
    malformed(&hand("234m567m345p678s22s", &[], "8s"), &five, &t);
    // The winning tile is not in the hand (the red marking counts).
    malformed(&hand("234m567m345p678s22s", &[], "9s"), &s, &t);
    malformed(&hand("234m567m345p678s22s", &[], "0p"), &s, &t);
    // Red fives where the rules have none, or two of one suit.
    let reason = malformed(
        &hand("234m067m345p678s22s", &[], "8s"),
        &s,
        &rules("ema2016"),
    );
    assert!(reason.contains("red five"), "{reason}");
    malformed(&hand("067m345p678s22s", &["c0m67m"], "8s"), &s, &t);
    // Melds that are not sets.
    malformed(&hand("567m345p678s22s", &["c135m"], "8s"), &s, &t);
    malformed(&hand("567m345p678s22s", &["p123m"], "8s"), &s, &t);
    malformed(&hand("567m345p678s22s", &["c789m", "k111z"], "8s"), &s, &t);
    malformed(&hand("567m345p678s22s", &["c1z2z3z"], "8s"), &s, &t);
    // 2m–8m at a three-player table; north set aside without nukidora.
    malformed(
        &hand("234m567p345s678s22s", &[], "8s"),
        &s,
        &rules("tenhou-sanma"),
    );
    let north = Situation {
        nukidora: 1,
        ..ron()
    };
    malformed(&hand("234m567m345p678s22s", &[], "8s"), &north, &t);
}

#[test]
fn incomplete_hands_are_not_winning() {
    let e = error(&hand("234m567m345p679s22s", &[], "9s"), &ron());
    assert!(matches!(e, ScoreError::NotWinning { .. }), "{e:?}");
    // Seven pairs needs seven different pairs.
    let e = error(&hand("1111m3355p2299s66z", &[], "6z"), &ron());
    assert!(matches!(e, ScoreError::NotWinning { .. }), "{e:?}");
}

#[test]
fn complete_hands_without_yaku() {
    assert_eq!(
        error(&hand("567m345p678s22s", &["c123m"], "8s"), &ron()),
        ScoreError::NoYaku
    );
    // EMA 2012: five counters need two han from yaku (pinfu alone here).
    let h = hand("123m567m345p678s22s", &[], "8s");
    let s = Situation { honba: 5, ..ron() };
    let e = score(&h, &s, &rules("ema2012")).unwrap_err();
    assert_eq!(
        e,
        ScoreError::TooFewHan {
            honba: 5,
            minimum: 5
        }
    );
    let x = score(&h, &Situation { honba: 4, ..ron() }, &rules("ema2012")).unwrap();
    assert_eq!(x.han, 1);
    // With pinfu and tanyao (open tanyao is off in EMA 2012, but this hand
    // is closed) there are two.
    let h = hand("234m567m345p678s55s", &[], "8s");
    assert_eq!(score(&h, &s, &rules("ema2012")).unwrap().han, 2);
}

#[test]
fn contradictory_situations() {
    let closed = hand("234m567m345p678s22s", &[], "8s");
    let open = hand("567m345p678s22s", &["c234m"], "8s");
    let kong = hand("567m345p678s22s", &["a4444m"], "8s");
    let riichi = RiichiKind::Riichi;
    let east = Wind::East;
    let cases: Vec<(&WinningHand, Situation)> = vec![
        (&open, Situation { riichi, ..ron() }),
        (
            &open,
            Situation {
                riichi: RiichiKind::Double,
                ..ron()
            },
        ),
        (
            &closed,
            Situation {
                ippatsu: true,
                ..ron()
            },
        ),
        (
            &kong,
            Situation {
                riichi,
                ippatsu: true,
                rinshan: true,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                chankan: true,
                ..tsumo()
            },
        ),
        (
            &kong,
            Situation {
                rinshan: true,
                ..ron()
            },
        ),
        (
            &closed,
            Situation {
                rinshan: true,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                haitei: true,
                ..ron()
            },
        ),
        (
            &kong,
            Situation {
                haitei: true,
                rinshan: true,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                houtei: true,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                houtei: true,
                chankan: true,
                ..ron()
            },
        ),
        (
            &closed,
            Situation {
                tenhou: true,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                tenhou: true,
                seat_wind: east,
                ..ron()
            },
        ),
        (
            &kong,
            Situation {
                tenhou: true,
                seat_wind: east,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                chiihou: true,
                seat_wind: east,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                chiihou: true,
                ..ron()
            },
        ),
        (
            &open,
            Situation {
                chiihou: true,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                chiihou: true,
                riichi,
                ..tsumo()
            },
        ),
        (
            &closed,
            Situation {
                renhou: true,
                seat_wind: east,
                ..ron()
            },
        ),
        (
            &closed,
            Situation {
                renhou: true,
                ..tsumo()
            },
        ),
        (
            &open,
            Situation {
                renhou: true,
                ..ron()
            },
        ),
    ];
    for (h, s) in &cases {
        invalid(h, s);
    }
    // The situation is judged before completeness.
    let broken = hand("234m567m345p679s22s", &[], "9s");
    invalid(
        &broken,
        &Situation {
            haitei: true,
            ..ron()
        },
    );
}

fn any_tile() -> impl Strategy<Value = Tile> {
    (0u8..37).prop_map(|i| Tile::from_index(i).unwrap_or_else(|| tile("1m")))
}

fn any_meld() -> impl Strategy<Value = Meld> {
    (0u8..5, prop::collection::vec(any_tile(), 0..6)).prop_map(|(k, tiles)| Meld {
        kind: [
            MeldKind::Chi,
            MeldKind::Pon,
            MeldKind::Daiminkan,
            MeldKind::Kakan,
            MeldKind::Ankan,
        ][usize::from(k)],
        tiles,
    })
}

/// Melds that are sets, and concealed sets plus a pair: often a complete
/// hand, so that scoring itself runs, not only validation.
pub(super) fn near_hand() -> impl Strategy<Value = WinningHand> {
    let group = (0u8..5, 0u8..34);
    (
        prop::collection::vec(group, 4),
        0u8..34,
        any::<prop::sample::Index>(),
    )
        .prop_map(|(groups, pair, pick)| {
            let mut concealed = Vec::new();
            let mut melds = Vec::new();
            for (k, t) in groups {
                let run = t < 27 && t % 9 <= 6;
                let kind = |n: u8| Tile::from_kind(n).unwrap_or_else(|| tile("1m"));
                match k {
                    0 if run => concealed.extend([kind(t), kind(t + 1), kind(t + 2)]),
                    1 if run => melds.push(Meld {
                        kind: MeldKind::Chi,
                        tiles: vec![kind(t), kind(t + 1), kind(t + 2)],
                    }),
                    2 => melds.push(Meld {
                        kind: MeldKind::Pon,
                        tiles: vec![kind(t); 3],
                    }),
                    3 => melds.push(Meld {
                        kind: [MeldKind::Ankan, MeldKind::Daiminkan, MeldKind::Kakan]
                            [usize::from(t % 3)],
                        tiles: vec![kind(t); 4],
                    }),
                    _ => concealed.extend([kind(t); 3]),
                }
            }
            concealed.extend([Tile::from_kind(pair).unwrap_or_else(|| tile("1m")); 2]);
            let win_tile = *pick.get(&concealed);
            WinningHand {
                concealed,
                melds,
                win_tile,
            }
        })
}

pub(super) fn any_situation() -> impl Strategy<Value = Situation> {
    (
        prop::collection::vec(any::<bool>(), 10),
        0u8..3,
        (0u8..4, 0u8..4),
        prop::collection::vec(any_tile(), 0..7),
        prop::collection::vec(any_tile(), 0..7),
        (any::<u8>(), any::<u8>(), any::<u8>()),
    )
        .prop_map(
            |(f, riichi, (seat, round), dora, ura, (nuki, honba, sticks))| {
                let flag = |i: usize| f.get(i).copied().unwrap_or(false);
                Situation {
                    tsumo: flag(0),
                    riichi: [RiichiKind::None, RiichiKind::Riichi, RiichiKind::Double]
                        [usize::from(riichi)],
                    ippatsu: flag(1),
                    haitei: flag(2),
                    houtei: flag(3),
                    rinshan: flag(4),
                    chankan: flag(5),
                    tenhou: flag(6),
                    chiihou: flag(7),
                    renhou: flag(8),
                    seat_wind: Wind::from_index(seat),
                    round_wind: Wind::from_index(round),
                    dora_indicators: dora,
                    ura_indicators: ura,
                    nukidora: if flag(9) { nuki % 5 } else { 0 },
                    honba,
                    riichi_sticks: sticks,
                }
            },
        )
}

pub(super) fn any_rules() -> impl Strategy<Value = Rules> {
    (0..Rules::PRESETS.len()).prop_map(|i| rules(Rules::PRESETS[i]))
}

/// Scores, and when the hand scores, settles it at a few tables and checks
/// that the points add up.
fn score_and_settle(h: &WinningHand, s: &Situation, r: &Rules, seats: (u8, u8, u8)) {
    let Ok(x) = score(h, s, r) else { return };
    let sticks = 1000 * i64::from(s.riichi_sticks);
    assert_eq!(i64::from(x.total), x.payment.received(r.seats) + sticks);
    let n = r.seats;
    let seat = |i: u8| Seat::new(i % n).unwrap_or_else(|| panic!("seat"));
    let w = seats.0 % n;
    let winner = seat(w);
    let other = |i: u8| {
        let s = seat(i);
        (s != winner).then_some(s)
    };
    let table = Table {
        seats: n,
        dealer: if s.dealer() { winner } else { seat(w + 1) },
        winner,
        discarder: if s.tsumo {
            None
        } else {
            Some(seat(w + 1 + seats.1 % (n - 1)))
        },
        liable: other(seats.2),
        kong_feeder: None,
    };
    let deltas = settle(&x, s, &table, r);
    assert_eq!(deltas.len(), usize::from(n));
    let sum: i64 = deltas.iter().map(|&d| i64::from(d)).sum();
    if deltas.iter().any(|&d| d != 0) && x.total < i32::MAX {
        assert_eq!(sum, sticks, "{deltas:?} {table:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_tiles_never_panic(
        concealed in prop::collection::vec(any_tile(), 0..20),
        melds in prop::collection::vec(any_meld(), 0..6),
        win in any_tile(),
        s in any_situation(),
        r in any_rules(),
    ) {
        let h = WinningHand { concealed, melds, win_tile: win };
        let _ = score(&h, &s, &r);
    }

    #[test]
    fn near_complete_hands_never_panic_and_add_up(
        h in near_hand(),
        s in any_situation(),
        r in any_rules(),
        seats in (any::<u8>(), any::<u8>(), any::<u8>()),
    ) {
        score_and_settle(&h, &s, &r, seats);
        // The same hand in a quiet situation scores more often.
        let quiet = Situation {
            tsumo: s.tsumo,
            seat_wind: s.seat_wind,
            round_wind: s.round_wind,
            dora_indicators: s.dora_indicators.iter().take(2).copied().collect(),
            honba: s.honba,
            riichi_sticks: s.riichi_sticks,
            ..ron()
        };
        score_and_settle(&h, &quiet, &r, seats);
    }
}
