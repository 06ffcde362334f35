//! Fu, dora, limits and payments, with hand-computed numbers.

use super::*;
use crate::event::Limit;
use crate::score::{FuPart, FuReason, Payment};

fn parts(s: &Scored) -> Vec<(FuReason, u8)> {
    let mut v: Vec<(FuReason, u8)> = s
        .fu_parts
        .iter()
        .map(|FuPart { reason, fu }| (*reason, *fu))
        .collect();
    v.sort_by_key(|(r, f)| (format!("{r:?}"), *f));
    v
}

#[test]
fn pinfu_tsumo_is_20_fu_and_pinfu_ron_30() {
    let h = hand("234m567m345p678s22s", &[], "8s");
    let s = scored(&h, &tsumo());
    assert_eq!(parts(&s), [(FuReason::Base, 20)]);
    assert_eq!((s.han, s.fu), (3, 20));
    // 3 han 20 fu: 640 basic points.
    assert_eq!(
        s.payment,
        Payment::TsumoNonDealer {
            dealer: 1300,
            non_dealer: 700
        }
    );
    let s = scored(&h, &ron());
    assert_eq!(parts(&s), [(FuReason::Base, 20), (FuReason::ClosedRon, 10)]);
    assert_eq!(s.fu, 30);
}

#[test]
fn an_open_hand_without_fu_scores_30() {
    let h = hand("567p345s678s22s", &["c234m"], "8s");
    let s = scored(&h, &ron());
    assert_eq!(parts(&s), [(FuReason::Base, 20), (FuReason::OpenPinfu, 2)]);
    assert_eq!((s.fu, s.payment), (30, Payment::Ron { discarder: 1000 }));
    let s = scored(&h, &tsumo());
    assert_eq!(parts(&s), [(FuReason::Base, 20), (FuReason::Tsumo, 2)]);
    assert_eq!(
        s.payment,
        Payment::TsumoNonDealer {
            dealer: 500,
            non_dealer: 300
        }
    );
}

#[test]
fn seven_pairs_is_25_flat() {
    let s = scored(&hand("1133m5577p2299s66z", &[], "6z"), &tsumo());
    assert_eq!(parts(&s), [(FuReason::SevenPairs, 25)]);
    assert_eq!((s.han, s.fu), (3, 25));
}

#[test]
fn every_fu_component() {
    // Open 777z pon, concealed 9999p kong, open 5555s kong, hatsu pair,
    // closed wait on 4m: 20 + 4 + 32 + 8 + 2 + 2 = 68, so 70.
    let h = hand("345m66z", &["a9999p", "k5555s", "p777z"], "4m");
    let s = scored(&h, &ron());
    assert_eq!(
        parts(&s),
        [
            (FuReason::Base, 20),
            (FuReason::ClosedKongTerminal, 32),
            (FuReason::OpenKongSimple, 8),
            (FuReason::OpenTripletTerminal, 4),
            (FuReason::ValuePair, 2),
            (FuReason::Wait, 2),
        ]
    );
    assert_eq!(yaku_of(&s), [(Yaku::Chun, 1)]);
    // 1 han 70 fu: 560 basic points, 2240 rounded up.
    assert_eq!((s.fu, s.payment), (70, Payment::Ron { discarder: 2300 }));
    // A concealed simple triplet, and a terminal one completed on a
    // discard (open).
    let h = hand("222m999p55s", &["c123s", "p777z"], "9p");
    let s = scored(&h, &ron());
    assert!(parts(&s).contains(&(FuReason::ClosedTripletSimple, 4)));
    assert!(parts(&s).contains(&(FuReason::OpenTripletTerminal, 4)));
}

#[test]
fn double_wind_pair_as_the_rules_say() {
    let h = hand("234m567p345s678s11z", &[], "8s");
    let s = Situation {
        seat_wind: Wind::East,
        riichi: RiichiKind::Riichi,
        ..ron()
    };
    let x = scored(&h, &s);
    assert!(parts(&x).contains(&(FuReason::DoubleWindPair, 4)));
    let two = Rules {
        double_wind_pair_fu: 2,
        ..rules("ema2016")
    };
    let x = scored_by(&h, &s, &two);
    assert!(parts(&x).contains(&(FuReason::DoubleWindPair, 2)));
}

#[test]
fn dora_red_fives_ura_and_kan_dora() {
    let h = hand("234m067p345s678s22s", &[], "8s");
    let s = Situation {
        riichi: RiichiKind::Riichi,
        dora_indicators: tiles("1s4p"),
        ura_indicators: tiles("7s1z"),
        ..tsumo()
    };
    let x = scored(&h, &s);
    assert_eq!((x.dora.dora, x.dora.aka, x.dora.ura), (3, 1, 1));
    assert_eq!(x.dora.total(), 5);
    assert_eq!((x.han, x.limit), (9, Limit::Baiman));
    // Without riichi, ura dora do not count.
    let x = scored(
        &h,
        &Situation {
            riichi: RiichiKind::None,
            ..s.clone()
        },
    );
    assert_eq!(x.dora.ura, 0);
    // Only the first ura indicator when kan ura dora are off.
    let no_kan_ura = Rules {
        kan_ura_dora: false,
        ..rules("tenhou")
    };
    let s2 = Situation {
        ura_indicators: tiles("1z7s"),
        ..s.clone()
    };
    assert_eq!(scored_by(&h, &s2, &no_kan_ura).dora.ura, 0);
    assert_eq!(scored(&h, &s2).dora.ura, 1);
    // Dora are not yaku.
    let open = hand("067p345s678s22s", &["p999m"], "8s");
    let s = Situation {
        dora_indicators: tiles("4p"),
        ..ron()
    };
    assert_eq!(error(&open, &s), ScoreError::NoYaku);
}

#[test]
fn north_tiles_set_aside_in_three_player_games() {
    let h = hand("123456789p55s999s", &[], "9p");
    let s = Situation {
        nukidora: 2,
        dora_indicators: tiles("3z"),
        ..ron()
    };
    let x = scored_by(&h, &s, &rules("tenhou-sanma"));
    assert_eq!((x.dora.dora, x.dora.nukidora), (2, 2));
    assert_eq!((x.han, x.limit), (6, Limit::Haneman));
    assert_eq!(x.payment, Payment::Ron { discarder: 12000 });
    // Without 2m–8m, the 1m indicator points at 9m.
    let h9 = hand("99m123456789p555s", &[], "9p");
    let s = Situation {
        dora_indicators: tiles("1m"),
        ..ron()
    };
    assert_eq!(scored_by(&h9, &s, &rules("tenhou-sanma")).dora.dora, 2);
    assert_eq!(scored(&h9, &s).dora.dora, 0);
    // A win on the tile that replaced a north set aside is rinshan.
    let s = Situation {
        nukidora: 1,
        rinshan: true,
        ..tsumo()
    };
    let x = scored_by(&h, &s, &rules("tenhou-sanma"));
    assert!(yaku_of(&x).contains(&(Yaku::RinshanKaihou, 1)));
}

#[test]
fn kiriage_only_where_the_rules_have_it() {
    let h = hand("223344m567p345s66s", &[], "7p");
    let s = Situation {
        riichi: RiichiKind::Riichi,
        ..ron()
    };
    let x = scored_by(&h, &s, &rules("ema2016"));
    assert_eq!((x.han, x.fu), (4, 30));
    assert_eq!(
        (x.limit, x.payment),
        (Limit::None, Payment::Ron { discarder: 7700 })
    );
    let x = scored_by(&h, &s, &rules("wrc2015"));
    assert_eq!(
        (x.limit, x.payment),
        (Limit::Mangan, Payment::Ron { discarder: 8000 })
    );
}

#[test]
fn counters_and_riichi_sticks() {
    let h = hand("234m567m345p678s22s", &[], "8s");
    let s = Situation {
        honba: 2,
        riichi_sticks: 3,
        ..ron()
    };
    // 2 han 30 fu (pinfu, tanyao): 2000, plus 600 for the counters.
    let x = scored(&h, &s);
    assert_eq!(x.payment, Payment::Ron { discarder: 2600 });
    assert_eq!(x.total, 5600);
    let s = Situation {
        honba: 1,
        riichi_sticks: 1,
        seat_wind: Wind::East,
        ..tsumo()
    };
    // Dealer, 3 han 20 fu: 1300 each, plus 100 each.
    let x = scored(&h, &s);
    assert_eq!(x.payment, Payment::TsumoDealer { each: 1400 });
    assert_eq!(x.total, 5200);
}

/// `bare_total` is what scoring again without counters and sticks gives,
/// and declines when the counters' two-han minimum could pick another
/// reading.
#[test]
fn bare_total_is_the_value_without_counters() {
    let hands = [
        hand("234m567m345p678s22s", &[], "8s"),
        hand("123m456p789s11z", &["p555z"], "1z"),
        hand("22m33m44m55p66p77s88s", &[], "8s"),
    ];
    for name in ["tenhou", "mahjongsoul", "ema2016", "wrc2015", "ema2012"] {
        let r = rules(name);
        for h in &hands {
            for mut s in [ron(), tsumo()] {
                (s.honba, s.riichi_sticks) = (3, 2);
                let full = scored_by(h, &s, &r);
                let mut bare = s.clone();
                (bare.honba, bare.riichi_sticks) = (0, 0);
                let again = score(h, &bare, &r).map_or(0, |x| x.total);
                assert_eq!(
                    crate::score::bare_total(&full, &s, &r),
                    Some(again),
                    "{name} {h:?}"
                );
            }
        }
    }
    let r = rules("ema2012");
    let h = &hands[0];
    let mut s = ron();
    s.honba = 5;
    if let Ok(full) = score(h, &s, &r) {
        assert_eq!(crate::score::bare_total(&full, &s, &r), None);
    }
}
