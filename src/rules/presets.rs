//! The built-in profiles. The reasons for each value are in
//! `formats/rules.md`; a value marked "chosen" there is a documented
//! decision where the rule book is silent.

use super::{
    AbortiveDraws, Book, Chombo, CountersPayer, DoubleYakuman, FourHeldWait, FourthKong,
    KanDoraTiming, KazoeLimit, KongAfterRiichi, Liability, LiabilityCovers, MultipleRon,
    MultipleRonSticks, PointsRounding, Renhou, Rules, Uma,
};

const ALL_ABORTIVE: AbortiveDraws = AbortiveDraws {
    nine_terminals: true,
    four_riichi: true,
    four_kongs: true,
    four_winds: true,
    triple_ron: true,
};

const NO_ABORTIVE: AbortiveDraws = AbortiveDraws {
    nine_terminals: false,
    four_riichi: false,
    four_kongs: false,
    four_winds: false,
    triple_ron: false,
};

/// Tenhou's four-player ranked rules (red fives, open tanyao, hanchan).
pub(super) fn tenhou() -> Rules {
    Rules {
        name: "tenhou".into(),
        revision: 3,
        book: Book::Tenhou,
        seats: 4,
        red_fives: 3,
        open_tanyao: true,
        kuikae_forbidden: true,
        double_wind_pair_fu: 4,
        kiriage: false,
        kazoe: KazoeLimit::Yakuman,
        yakuman_stacking: true,
        double_yakuman: DoubleYakuman::default(),
        renhou: Renhou::None,
        nagashi_mangan: true,
        multiple_ron: MultipleRon::DoubleThenAbort,
        multiple_ron_sticks: MultipleRonSticks::AllToNearest,
        winner_keeps_own_stick: false,
        abortive_draws: ALL_ABORTIVE,
        fourth_kong: FourthKong::AbortUnlessOnePlayer,
        kong_after_riichi: KongAfterRiichi::WaitsUnchanged,
        chankan_on_ankan_for_kokushi: false,
        kan_dora_timing: KanDoraTiming::OpenKongAfterDiscard,
        ura_dora: true,
        kan_ura_dora: true,
        liability: Liability {
            ron_counters: CountersPayer::Liable,
            covers: LiabilityCovers::WholeHand,
        },
        rinshan_liability: false,
        four_held_wait: FourHeldWait::NotenWhenConcealed,
        dead_hands: false,
        open_riichi_dead_hand: false,
        riichi_min_tiles_left: 4,
        riichi_min_points: Some(1000),
        noten_payment: 3000,
        noten_per_tenpai: None,
        honba_value: 300,
        two_han_minimum_from_counters: None,
        min_han: 1,
        ippatsu: true,
        tsumo_loss: false,
        nukidora: false,
        renchan_on_win: true,
        renchan_on_tenpai: true,
        uma: Uma {
            starting_points: 25000,
            return_points: 30000,
            by_rank: vec![20.0, 10.0, -10.0, -20.0],
            shared_on_ties: false,
            rounding: PointsRounding::TenhouZeroSum,
        },
        chombo: Chombo::NotApplicable,
        ends_below_zero: true,
        agari_yame: true,
        tenpai_yame: true,
        yame_points: 30000,
        leftover_sticks_to_top: true,
        values_known: true,
    }
}

/// Tenhou's three-player rules: 108 tiles without 2m–8m, north set aside
/// as dora, tsumo loss, 35000 start.
pub(super) fn tenhou_sanma() -> Rules {
    Rules {
        name: "tenhou-sanma".into(),
        seats: 3,
        red_fives: 2,
        abortive_draws: AbortiveDraws {
            nine_terminals: true,
            four_riichi: false,
            four_kongs: true,
            four_winds: false,
            triple_ron: false,
        },
        noten_payment: 2000,
        honba_value: 200,
        riichi_min_tiles_left: 3,
        tsumo_loss: true,
        nukidora: true,
        yame_points: 40000,
        uma: Uma {
            starting_points: 35000,
            return_points: 40000,
            by_rank: vec![20.0, 0.0, -20.0],
            shared_on_ties: false,
            rounding: PointsRounding::TenhouZeroSum,
        },
        ..tenhou()
    }
}

/// Mahjong Soul's four-player ranked rules.
pub(super) fn mahjongsoul() -> Rules {
    Rules {
        name: "mahjongsoul".into(),
        book: Book::MahjongSoul,
        double_yakuman: DoubleYakuman {
            kokushi_13_wait: true,
            suuankou_tanki: true,
            junsei_chuuren: true,
            daisuushii: true,
        },
        multiple_ron: MultipleRon::All,
        abortive_draws: AbortiveDraws {
            triple_ron: false,
            ..ALL_ABORTIVE
        },
        chankan_on_ankan_for_kokushi: true,
        liability: Liability {
            ron_counters: CountersPayer::Liable,
            covers: LiabilityCovers::LiableYakumanOnly,
        },
        uma: Uma {
            starting_points: 25000,
            return_points: 25000,
            by_rank: vec![15.0, 5.0, -5.0, -15.0],
            shared_on_ties: false,
            rounding: PointsRounding::Tenths,
        },
        ..tenhou()
    }
}

/// Mahjong Soul's three-player ranked rules: 108 tiles without 2m–8m, two
/// red fives, north set aside as dora, tsumo loss, 35000 start and return,
/// uma +15/0/−15 (measured on the corpus's records: `formats/majsoul.md`).
pub(super) fn mahjongsoul_sanma() -> Rules {
    Rules {
        name: "mahjongsoul-sanma".into(),
        uma: Uma {
            starting_points: 35000,
            return_points: 35000,
            by_rank: vec![15.0, 0.0, -15.0],
            shared_on_ties: false,
            rounding: PointsRounding::Tenths,
        },
        ..three_handed(mahjongsoul(), &tenhou_sanma())
    }
}

/// Riichi City's four-player ranked rules, as its records show them
/// (`formats/riichicity.md`): 25000 start and 30000 return with uma
/// +30/+10/−10/−30 and game points in tenths (measured on the final
/// results), three red fives (counted in the walls), every kan dora turned
/// at once (measured on added and concealed kongs), yakuman adding up
/// (measured); a triple ron an abortive draw (the game's end type 三家和了
/// and the tournaments' `isThreeHe`), rinshan liability (the issue's
/// records); the rest as Mahjong Soul's, assumed (`formats/rules.md`).
pub(super) fn riichicity() -> Rules {
    Rules {
        name: "riichicity".into(),
        revision: 3,
        book: Book::RiichiCity,
        multiple_ron: MultipleRon::DoubleThenAbort,
        abortive_draws: ALL_ABORTIVE,
        rinshan_liability: true,
        kan_dora_timing: KanDoraTiming::Immediate,
        uma: Uma {
            starting_points: 25000,
            return_points: 30000,
            by_rank: vec![30.0, 10.0, -10.0, -30.0],
            shared_on_ties: false,
            rounding: PointsRounding::Tenths,
        },
        ..mahjongsoul()
    }
}

/// Riichi City's three-player rules: 108 tiles without 2m–8m, two red
/// fives, north set aside as dora, tsumo loss, 35000 start and 40000
/// return with uma +20/0/−20 (measured on the corpus's records:
/// `formats/riichicity.md`).
pub(super) fn riichicity_sanma() -> Rules {
    Rules {
        name: "riichicity-sanma".into(),
        uma: Uma {
            starting_points: 35000,
            return_points: 40000,
            by_rank: vec![20.0, 0.0, -20.0],
            shared_on_ties: false,
            rounding: PointsRounding::Tenths,
        },
        ..three_handed(riichicity(), &mahjongsoul_sanma())
    }
}

/// A four-player profile played three-handed as `sanma` is: its seats,
/// red fives, abortive draws, noten and counter payments, tiles left for
/// riichi, tsumo loss and north set aside; the rest from `four`.
fn three_handed(four: Rules, sanma: &Rules) -> Rules {
    Rules {
        seats: sanma.seats,
        red_fives: sanma.red_fives,
        abortive_draws: sanma.abortive_draws,
        noten_payment: sanma.noten_payment,
        honba_value: sanma.honba_value,
        riichi_min_tiles_left: sanma.riichi_min_tiles_left,
        tsumo_loss: sanma.tsumo_loss,
        nukidora: sanma.nukidora,
        yame_points: sanma.yame_points,
        ..four
    }
}

/// EMA Riichi Competition Rules 2016.
pub(super) fn ema2016() -> Rules {
    Rules {
        name: "ema2016".into(),
        revision: 3,
        book: Book::Ema2016,
        seats: 4,
        red_fives: 0,
        open_tanyao: true,
        kuikae_forbidden: true,
        double_wind_pair_fu: 4,
        kiriage: false,
        kazoe: KazoeLimit::Sanbaiman,
        yakuman_stacking: false,
        double_yakuman: DoubleYakuman::default(),
        renhou: Renhou::Mangan,
        nagashi_mangan: false,
        multiple_ron: MultipleRon::All,
        multiple_ron_sticks: MultipleRonSticks::CountersToEachSticksToNearest,
        winner_keeps_own_stick: true,
        abortive_draws: NO_ABORTIVE,
        fourth_kong: FourthKong::ContinueNoMoreKongs,
        kong_after_riichi: KongAfterRiichi::WaitsUnchangedOnlyTriplet,
        chankan_on_ankan_for_kokushi: true,
        kan_dora_timing: KanDoraTiming::Immediate,
        ura_dora: true,
        kan_ura_dora: true,
        liability: Liability {
            ron_counters: CountersPayer::Discarder,
            covers: LiabilityCovers::WholeHand,
        },
        rinshan_liability: false,
        four_held_wait: FourHeldWait::Noten,
        dead_hands: true,
        open_riichi_dead_hand: true,
        riichi_min_tiles_left: 4,
        riichi_min_points: None,
        noten_payment: 3000,
        noten_per_tenpai: None,
        honba_value: 300,
        two_han_minimum_from_counters: None,
        min_han: 1,
        ippatsu: true,
        tsumo_loss: false,
        nukidora: false,
        renchan_on_win: true,
        renchan_on_tenpai: true,
        uma: Uma {
            starting_points: 30000,
            return_points: 30000,
            by_rank: vec![15.0, 5.0, -5.0, -15.0],
            shared_on_ties: true,
            rounding: PointsRounding::Tenths,
        },
        chombo: Chombo::Deduction(20000),
        ends_below_zero: false,
        agari_yame: false,
        tenpai_yame: false,
        yame_points: 30000,
        leftover_sticks_to_top: true,
        values_known: true,
    }
}

/// World Riichi Championship Rules 2015.
pub(super) fn wrc2015() -> Rules {
    Rules {
        name: "wrc2015".into(),
        book: Book::Wrc2015,
        kiriage: true,
        multiple_ron: MultipleRon::HeadBump,
        kan_dora_timing: KanDoraTiming::ImmediateUnlessRobbed,
        leftover_sticks_to_top: false,
        ..ema2016()
    }
}

/// EMA Riichi Competition Rules 2012, where they differ from 2016.
pub(super) fn ema2012() -> Rules {
    Rules {
        name: "ema2012".into(),
        book: Book::Ema2012,
        red_fives: 3,
        open_tanyao: false,
        kuikae_forbidden: false,
        kazoe: KazoeLimit::Yakuman,
        double_yakuman: DoubleYakuman {
            daisuushii: true,
            ..DoubleYakuman::default()
        },
        renhou: Renhou::Yakuman,
        nagashi_mangan: true,
        abortive_draws: AbortiveDraws {
            triple_ron: false,
            ..ALL_ABORTIVE
        },
        fourth_kong: FourthKong::AbortUnlessOnePlayer,
        kan_dora_timing: KanDoraTiming::ImmediateUnlessRobbed,
        liability: Liability {
            ron_counters: CountersPayer::Split,
            covers: LiabilityCovers::WholeHand,
        },
        open_riichi_dead_hand: false,
        two_han_minimum_from_counters: Some(5),
        min_han: 1,
        ippatsu: true,
        chombo: Chombo::ReverseMangan,
        ..ema2016()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rules;

    #[test]
    fn every_preset_loads_and_round_trips_through_json() {
        for name in Rules::PRESETS {
            let r = Rules::preset(name).unwrap();
            assert_eq!(&r.name, name);
            let json = serde_json::to_string_pretty(&r).unwrap();
            assert_eq!(Rules::from_json(&json).unwrap(), r);
        }
        assert!(Rules::preset("nope").is_none());
    }

    #[test]
    fn unknown_fields_are_refused() {
        let mut v = serde_json::to_value(Rules::preset("tenhou").unwrap()).unwrap();
        v["kiriage_typo"] = serde_json::json!(true);
        assert!(Rules::from_json(&v.to_string()).is_err());
    }

    #[test]
    fn a_partial_profile_takes_the_rest_from_its_base() {
        let r = Rules::from_json(
            r#"{"base": "tenhou", "kiriage": true, "uma": {"by_rank": [30, 10, -10, -30]}}"#,
        )
        .unwrap();
        let tenhou = Rules::preset("tenhou").unwrap();
        assert!(r.kiriage);
        assert_eq!(r.uma.by_rank, vec![30.0, 10.0, -10.0, -30.0]);
        assert_eq!(r.uma.starting_points, tenhou.uma.starting_points);
        assert_eq!(
            Rules {
                kiriage: false,
                uma: tenhou.uma.clone(),
                ..r
            },
            tenhou
        );
        assert!(Rules::from_json(r#"{"base": "tenhuo"}"#).is_err());
        let err = Rules::from_json(r#"{"base": "tenhou", "uma": {"returns": 1}}"#).unwrap_err();
        assert!(err.to_string().contains("uma.returns"), "{err}");
    }

    /// A profile saved by revision 1 (before `liability` was split and the
    /// book-dependent behaviours became fields) loads, its missing fields
    /// from its book's preset, and means what it meant.
    #[test]
    fn a_revision_1_profile_still_loads() {
        let mut v = serde_json::to_value(Rules::preset("ema2012").unwrap()).unwrap();
        let old = v.as_object_mut().unwrap();
        for new in [
            "winner_keeps_own_stick",
            "four_held_wait",
            "dead_hands",
            "open_riichi_dead_hand",
        ] {
            old.remove(new);
        }
        old["uma"].as_object_mut().unwrap().remove("rounding");
        old.insert("revision".into(), serde_json::json!(1));
        old.insert(
            "liability".into(),
            serde_json::json!("split_counters_split"),
        );
        let r = Rules::from_json(&serde_json::Value::Object(old.clone()).to_string()).unwrap();
        assert_eq!(r.revision, 1);
        assert_eq!(
            Rules { revision: 3, ..r },
            Rules::preset("ema2012").unwrap()
        );
        let mut tenhou = serde_json::to_value(Rules::preset("tenhou").unwrap()).unwrap();
        tenhou["liability"] = serde_json::json!("whole_hand");
        let t = Rules::from_json(&tenhou.to_string()).unwrap();
        assert_eq!(t.liability, Rules::preset("tenhou").unwrap().liability);
    }

    /// EMA 2016 §3.3.6 turns an added kong's indicator before the tile may
    /// be robbed; EMA 2012 §3.3.7 waits for a win declaration first and
    /// WRC §6.5.1 turns none for a robbed kong.
    #[test]
    fn a_robbed_added_kong_turns_no_indicator_under_ema_2012_and_wrc() {
        use super::super::KanDoraTiming;
        let timing = |name: &str| Rules::preset(name).unwrap().kan_dora_timing;
        assert_eq!(timing("ema2016"), KanDoraTiming::Immediate);
        assert_eq!(timing("ema2012"), KanDoraTiming::ImmediateUnlessRobbed);
        assert_eq!(timing("wrc2015"), KanDoraTiming::ImmediateUnlessRobbed);
        assert_eq!(timing("tenhou"), KanDoraTiming::OpenKongAfterDiscard);
    }

    /// Agari-yame and tenpai-yame are Tenhou's (and the online games'),
    /// never the EMA's or the WRC's (§5.9.1 "No agari yame").
    #[test]
    fn only_the_online_games_end_on_the_all_last_dealer() {
        for name in Rules::PRESETS {
            let r = Rules::preset(name).unwrap();
            let online = !matches!(*name, "ema2016" | "wrc2015" | "ema2012");
            assert_eq!((r.agari_yame, r.tenpai_yame), (online, online), "{name}");
        }
        assert_eq!(Rules::preset("tenhou").unwrap().yame_points, 30000);
        assert_eq!(Rules::preset("tenhou-sanma").unwrap().yame_points, 40000);
        assert_eq!(Rules::preset("mahjongsoul").unwrap().yame_points, 30000);
    }

    #[test]
    fn profiles_differ_where_the_books_do() {
        let ema = Rules::preset("ema2016").unwrap();
        let wrc = Rules::preset("wrc2015").unwrap();
        let tenhou = Rules::preset("tenhou").unwrap();
        assert!(!ema.kiriage && wrc.kiriage);
        assert_ne!(ema.multiple_ron, wrc.multiple_ron);
        assert_eq!(ema.red_fives, 0);
        assert_eq!(tenhou.red_fives, 3);
        assert!(tenhou.abortive_draws.triple_ron && !ema.abortive_draws.four_kongs);
    }
}
