//! Yaku edge cases: non-combination rules, readings, yakuman variants.

use super::*;
use crate::event::Limit;
use crate::score::Payment;

#[test]
fn ryanpeikou_replaces_iipeikou_and_beats_seven_pairs() {
    let s = scored(&hand("112233m445566p77s", &[], "6p"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Pinfu, 1), (Yaku::Ryanpeikou, 3)]);
    assert_eq!((s.han, s.fu), (4, 30));
    assert_eq!(s.payment, Payment::Ron { discarder: 7700 });
}

#[test]
fn iipeikou_and_four_identical_sequences() {
    let s = scored(&hand("112233m456p55p789s", &[], "9s"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Pinfu, 1), (Yaku::Iipeikou, 1)]);
    // 123m four times: two pairs of identical sequences (3 han 40 fu)
    // beat three concealed triplets and a sequence (2 han 50 fu).
    let s = scored(&hand("111122223333m55p", &[], "5p"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Ryanpeikou, 3)]);
    assert_eq!(s.payment, Payment::Ron { discarder: 5200 });
    // 111222333m: three concealed triplets are worth more than the
    // identical sequences here.
    let s = scored(&hand("111222333m456p77s", &[], "7s"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Sanankou, 2)]);
    assert_eq!(s.fu, 50);
}

#[test]
fn iipeikou_needs_a_closed_hand() {
    let s = scored(&hand("112233m456p55p", &["p777z"], "3m"), &ron());
    assert!(yaku_of(&s).iter().all(|(y, _)| *y != Yaku::Iipeikou));
}

#[test]
fn junchan_replaces_chanta_and_both_lose_a_han_open() {
    let s = scored(&hand("123789m123p99911s", &[], "3p"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Junchan, 3)]);
    assert_eq!((s.fu, s.payment), (40, Payment::Ron { discarder: 5200 }));
    let s = scored(&hand("123789m123p111z99s", &[], "3p"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::RoundWindEast, 1), (Yaku::Chanta, 2)]);
    let s = scored(&hand("123m123p99911s", &["c789m"], "3p"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Junchan, 2)]);
    let s = scored(&hand("123m123p99s222z", &["c789m"], "3p"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::SeatWindSouth, 1), (Yaku::Chanta, 1)]);
}

#[test]
fn chinitsu_replaces_honitsu() {
    let s = scored(&hand("12223444456789m", &[], "9m"), &ron());
    let y = yaku_of(&s);
    assert!(y.contains(&(Yaku::Chinitsu, 6)), "{y:?}");
    assert!(y.iter().all(|(y, _)| *y != Yaku::Honitsu));
    let s = scored(&hand("123456789m11222z", &[], "9m"), &ron());
    assert_eq!(
        yaku_of(&s),
        [
            (Yaku::SeatWindSouth, 1),
            (Yaku::Ittsu, 2),
            (Yaku::Honitsu, 3)
        ]
    );
    let s = scored(&hand("123456m11222z", &["c789m"], "6m"), &ron());
    assert_eq!(
        yaku_of(&s),
        [
            (Yaku::SeatWindSouth, 1),
            (Yaku::Ittsu, 1),
            (Yaku::Honitsu, 2)
        ]
    );
}

#[test]
fn honroutou_with_all_triplets_and_with_seven_pairs() {
    // The triplet completed on a discard is open: two concealed triplets.
    let h = hand("999p111s22233z", &["p111m"], "2z");
    let s = scored(&h, &ron());
    assert_eq!(
        yaku_of(&s),
        [
            (Yaku::SeatWindSouth, 1),
            (Yaku::Toitoi, 2),
            (Yaku::Honroutou, 2)
        ]
    );
    // Self-drawn, the same triplet is concealed: three concealed triplets.
    let s = scored(&h, &tsumo());
    assert!(yaku_of(&s).contains(&(Yaku::Sanankou, 2)));
    let s = scored(&hand("1199m1199p1199s11z", &[], "1z"), &ron());
    assert_eq!(yaku_of(&s), [(Yaku::Chiitoitsu, 2), (Yaku::Honroutou, 2)]);
    assert_eq!((s.fu, s.payment), (25, Payment::Ron { discarder: 6400 }));
}

#[test]
fn four_concealed_triplets_depend_on_the_wait() {
    let h = hand("11122m333p555s777z", &[], "7z");
    // Ron on a shanpon wait: that triplet is open, three stay concealed.
    let s = scored(&h, &ron());
    assert_eq!(
        yaku_of(&s),
        [(Yaku::Chun, 1), (Yaku::Toitoi, 2), (Yaku::Sanankou, 2)]
    );
    assert_eq!(s.fu, 50);
    let s = scored(&h, &tsumo());
    assert_eq!(yakuman_of(&s), [(Yaku::Suuankou, 1)]);
    assert!(s.yaku.is_empty());
    let h = hand("11122m333p555s777z", &[], "2m");
    assert_eq!(yakuman_of(&scored(&h, &ron())), [(Yaku::SuuankouTanki, 1)]);
    let s = scored_by(&h, &ron(), &rules("mahjongsoul"));
    assert_eq!(yakuman_of(&s), [(Yaku::SuuankouTanki, 2)]);
    assert_eq!((s.han, s.base), (26, 16000));
}

#[test]
fn thirteen_orphans_and_its_thirteen_sided_wait() {
    let s = scored(&hand("119m19p19s1234567z", &[], "1m"), &ron());
    assert_eq!(yakuman_of(&s), [(Yaku::KokushiMusou13, 1)]);
    let s = scored_by(
        &hand("119m19p19s1234567z", &[], "1m"),
        &ron(),
        &rules("mahjongsoul"),
    );
    assert_eq!(yakuman_of(&s), [(Yaku::KokushiMusou13, 2)]);
    let s = scored(&hand("119m19p19s1234567z", &[], "9m"), &ron());
    assert_eq!(yakuman_of(&s), [(Yaku::KokushiMusou, 1)]);
    assert_eq!(s.payment, Payment::Ron { discarder: 32000 });
}

#[test]
fn nine_gates_pure_when_the_winning_tile_is_the_extra_one() {
    let s = scored(&hand("11123456789999m", &[], "9m"), &ron());
    assert_eq!(yakuman_of(&s), [(Yaku::JunseiChuurenPoutou, 1)]);
    let s = scored(&hand("11123455678999m", &[], "5m"), &tsumo());
    assert_eq!(yakuman_of(&s), [(Yaku::JunseiChuurenPoutou, 1)]);
    let s = scored(&hand("11123455678999m", &[], "1m"), &tsumo());
    assert_eq!(yakuman_of(&s), [(Yaku::ChuurenPoutou, 1)]);
    // A concealed kong breaks it: only the flush remains.
    let s = scored(&hand("22345678999m", &["a1111m"], "9m"), &tsumo());
    assert!(s.yakuman.is_empty());
}

#[test]
fn yakuman_stack_or_not_as_the_rules_say() {
    // Big dragons, all honours, four concealed triplets on the pair.
    let h = hand("11155566677722z", &[], "2z");
    let s = scored(&h, &tsumo());
    assert_eq!(
        yakuman_of(&s),
        [
            (Yaku::Daisangen, 1),
            (Yaku::SuuankouTanki, 1),
            (Yaku::Tsuuiisou, 1)
        ]
    );
    assert_eq!((s.han, s.base, s.limit), (39, 24000, Limit::Yakuman));
    let s = scored_by(&h, &tsumo(), &rules("ema2016"));
    assert_eq!(s.yakuman.len(), 3);
    assert_eq!((s.han, s.base), (13, 8000));
    // EMA 2012: not cumulative, but big four winds counts double.
    let h = hand("11122233344455z", &[], "5z");
    let s = scored_by(&h, &tsumo(), &rules("ema2012"));
    assert_eq!((s.han, s.base), (26, 16000));
}

#[test]
fn six_yakuman_at_once_do_not_overflow() {
    let h = hand("11122233344455z", &[], "5z");
    let s = Situation {
        tenhou: true,
        seat_wind: Wind::East,
        ..tsumo()
    };
    let x = scored_by(&h, &s, &rules("mahjongsoul"));
    assert_eq!(
        yakuman_of(&x),
        [
            (Yaku::Tenhou, 1),
            (Yaku::SuuankouTanki, 2),
            (Yaku::Tsuuiisou, 1),
            (Yaku::Daisuushii, 2)
        ]
    );
    assert_eq!((x.han, x.base), (78, 48000));
    assert_eq!(x.payment, Payment::TsumoDealer { each: 96000 });
    assert_eq!(x.total, 288_000);
}

#[test]
fn counted_yakuman_or_sanbaiman() {
    let s = Situation {
        riichi: RiichiKind::Riichi,
        dora_indicators: tiles("7m"),
        ..tsumo()
    };
    let h = hand("12233445678889m", &[], "9m");
    let x = scored(&h, &s);
    assert!(x.yakuman.is_empty());
    assert_eq!((x.han, x.limit, x.base), (14, Limit::Yakuman, 8000));
    let x = scored_by(&h, &s, &rules("ema2016"));
    assert_eq!((x.han, x.limit, x.base), (14, Limit::Sanbaiman, 6000));
}

#[test]
fn value_honours_and_double_winds() {
    let s = Situation {
        seat_wind: Wind::East,
        ..ron()
    };
    let x = scored(&hand("234m567p345s99s", &["p111z"], "9s"), &s);
    assert_eq!(
        yaku_of(&x),
        [(Yaku::SeatWindEast, 1), (Yaku::RoundWindEast, 1)]
    );
    let x = scored(&hand("234m567p345s55z", &["p666z"], "5z"), &ron());
    assert_eq!(yaku_of(&x), [(Yaku::Hatsu, 1)]);
}

#[test]
fn more_set_yaku() {
    let x = scored(&hand("123m123p123s45699s", &[], "6s"), &ron());
    assert_eq!(yaku_of(&x), [(Yaku::Pinfu, 1), (Yaku::SanshokuDoujun, 2)]);
    let x = scored(&hand("222m222p22255s", &["c789s"], "5s"), &ron());
    assert_eq!(
        yaku_of(&x),
        [(Yaku::SanshokuDoukou, 2), (Yaku::Sanankou, 2)]
    );
    let x = scored(&hand("456p55566z", &["c123m", "k7777z"], "6z"), &ron());
    assert!(yaku_of(&x).contains(&(Yaku::Shousangen, 2)));
    let x = scored(
        &hand("11z", &["a2222m", "k3333p", "s4444s", "a5555s"], "1z"),
        &tsumo(),
    );
    assert_eq!(yakuman_of(&x), [(Yaku::Suukantsu, 1)]);
    let x = scored(
        &hand("11z789m", &["a2222m", "k3333p", "s4444s"], "1z"),
        &tsumo(),
    );
    assert!(yaku_of(&x).contains(&(Yaku::Sankantsu, 2)));
    let x = scored(&hand("11122233344z555m", &[], "5m"), &ron());
    assert_eq!(yakuman_of(&x), [(Yaku::Shousuushii, 1)]);
    let x = scored(&hand("22334466688s666z", &[], "8s"), &ron());
    assert!(yakuman_of(&x).contains(&(Yaku::Ryuuiisou, 1)));
    let x = scored(&hand("111999m111p99s", &["p999p"], "9s"), &ron());
    assert_eq!(yakuman_of(&x), [(Yaku::Chinroutou, 1)]);
}

#[test]
fn situational_yaku() {
    let h = hand("234m567p345s678s22s", &[], "8s");
    let x = scored(
        &h,
        &Situation {
            riichi: RiichiKind::Double,
            ippatsu: true,
            haitei: true,
            ..tsumo()
        },
    );
    assert_eq!(
        yaku_of(&x),
        [
            (Yaku::MenzenTsumo, 1),
            (Yaku::Ippatsu, 1),
            (Yaku::Haitei, 1),
            (Yaku::Pinfu, 1),
            (Yaku::Tanyao, 1),
            (Yaku::DoubleRiichi, 2)
        ]
    );
    let x = scored(
        &h,
        &Situation {
            houtei: true,
            chankan: false,
            ..ron()
        },
    );
    assert!(yaku_of(&x).contains(&(Yaku::Houtei, 1)));
    let x = scored(
        &h,
        &Situation {
            chankan: true,
            ..ron()
        },
    );
    assert!(yaku_of(&x).contains(&(Yaku::Chankan, 1)));
    let x = scored(
        &hand("567p345s678s22s", &["a2222m"], "8s"),
        &Situation {
            rinshan: true,
            ..tsumo()
        },
    );
    assert!(yaku_of(&x).contains(&(Yaku::RinshanKaihou, 1)));
    let x = scored(
        &h,
        &Situation {
            chiihou: true,
            ..tsumo()
        },
    );
    assert_eq!(yakuman_of(&x), [(Yaku::Chiihou, 1)]);
}

#[test]
fn renhou_per_rules() {
    // No yaku at all except the situation.
    let h = hand("123m456789p789s55s", &[], "5s");
    let s = Situation {
        renhou: true,
        ..ron()
    };
    assert_eq!(
        super::score(&h, &s, &rules("tenhou")).unwrap_err(),
        ScoreError::NoYaku
    );
    let x = scored_by(&h, &s, &rules("ema2016"));
    assert_eq!(yaku_of(&x), [(Yaku::Renhou, 5)]);
    assert_eq!(
        (x.limit, x.payment),
        (Limit::Mangan, Payment::Ron { discarder: 8000 })
    );
    let x = scored_by(&h, &s, &rules("ema2012"));
    assert_eq!(yakuman_of(&x), [(Yaku::Renhou, 1)]);
    // A hand worth more than a mangan keeps its own value.
    let h = hand("12223444456789m", &[], "9m");
    let x = scored_by(&h, &s, &rules("ema2016"));
    assert!(yaku_of(&x).contains(&(Yaku::Chinitsu, 6)));
}

#[test]
fn open_tanyao_per_rules() {
    let h = hand("567p345s678s22s", &["c234m"], "8s");
    assert_eq!(yaku_of(&scored(&h, &ron())), [(Yaku::Tanyao, 1)]);
    let e = super::score(&h, &ron(), &rules("ema2012")).unwrap_err();
    assert_eq!(e, ScoreError::NoYaku);
}
