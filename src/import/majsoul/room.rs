//! A room's own rules (`GameDetailRule`) as a rule sheet: each setting a
//! profile field holds becomes a [`SheetRule`], each event mode and each
//! setting whose effect no field holds a [`SheetNote`]
//! (`formats/majsoul.md`, "The room's rules", lists every field).
//!
//! A field left out of the record is read as the Mahjong Soul client reads
//! it: in a room made without the detailed settings, as the ranked default
//! (the corpus's friendly and vs-AI rooms leave out `have_li_dora` and
//! `have_yifa` yet score ura dora and ippatsu); in a room made with them —
//! its `detail_rule` carries the stick values, noten payments or uma the
//! detailed settings always send — a switch left out is off, since
//! protobuf does not write a `false`.

use super::head::DetailRule;
use crate::event::{DrawKind, MultipleRon, RuleSheet, SheetNote, SheetRule};

/// The rules sheet of a room's `detail_rule`, for `sanma` or four players.
pub(super) fn sheet(d: &DetailRule, sanma: bool) -> RuleSheet {
    let mut out = RuleSheet::default();
    let detailed = [
        d.tianbian_value,
        d.liqibang_value,
        d.changbang_value,
        d.noting_fafu_1,
        d.noting_fafu_2,
        d.noting_fafu_3,
        d.jingsuanyuandian,
    ]
    .iter()
    .any(Option::is_some)
        || [d.shunweima_2, d.shunweima_3, d.shunweima_4]
            .iter()
            .any(Option::is_some);
    // A switch: its value, or when left out the default (no detailed
    // settings) or off (detailed settings).
    let switch = |v: Option<bool>, default: bool| v.unwrap_or(default && !detailed);
    let rules = &mut out.settings;

    if let Some(n) = d.dora_count.and_then(|n| u8::try_from(n).ok()) {
        rules.push(SheetRule::RedFives(n));
    }
    if let Some(start) = d.init_point.and_then(|p| i32::try_from(p).ok()) {
        rules.push(SheetRule::StartingPoints(start));
        // Game points are counted from the start unless the room says
        // otherwise (`jingsuanyuandian`, the client's default: the start).
        let ret = d
            .jingsuanyuandian
            .and_then(|p| i32::try_from(p).ok())
            .unwrap_or(start);
        rules.push(SheetRule::ReturnPoints(ret));
    } else if let Some(ret) = d.jingsuanyuandian.and_then(|p| i32::try_from(p).ok()) {
        rules.push(SheetRule::ReturnPoints(ret));
    }
    if let Some(end) = d.fandian.and_then(|p| i32::try_from(p).ok()) {
        // The points first place needs for the game to end: at all-last
        // (else the west round) and for the dealer's agari-yame.
        rules.push(SheetRule::YamePoints(end));
    }

    let bust = switch(d.can_jifei, true);
    rules.push(SheetRule::EndsBelowZero(bust));
    if !bust {
        // Without bust a riichi may be declared with any score.
        rules.push(SheetRule::RiichiMinPoints(None));
    }
    match d.tianbian_value {
        Some(0) | None => {}
        Some(line) => out.not_modelled.push(SheetNote::Unjudged(format!(
            "the bust line at {line} points (tianbian_value)"
        ))),
    }
    match d.liqibang_value {
        Some(1000) | None => {}
        Some(v) => out.not_modelled.push(SheetNote::Unjudged(format!(
            "riichi sticks worth {v} (liqibang_value)"
        ))),
    }
    if let Some(v) = d.changbang_value.and_then(|v| i32::try_from(v).ok()) {
        out.settings.push(SheetRule::CounterValue(v));
    }
    noten(d, sanma, detailed, &mut out);

    let rules = &mut out.settings;
    rules.push(SheetRule::NagashiMangan(switch(d.have_liujumanguan, true)));
    rules.push(SheetRule::Kiriage(switch(d.have_qieshangmanguan, false)));
    if switch(d.ming_dora_immediately_open, false) {
        rules.push(SheetRule::KanDoraAtOnce);
    }
    rules.push(SheetRule::UraDora(switch(d.have_li_dora, true)));
    rules.push(SheetRule::KanUraDora(switch(d.have_gang_li_dora, true)));
    // Four winds, four riichi and a triple ron are four-player switches
    // (the client shows them for four players only); three players keep
    // their preset's.
    for (v, kind, four_only) in [
        (d.have_sifenglianda, DrawKind::FourWinds, true),
        (d.have_sigangsanle, DrawKind::FourKongs, false),
        (d.have_sijializhi, DrawKind::FourRiichi, true),
        (d.have_jiuzhongjiupai, DrawKind::NineTerminals, false),
    ] {
        if !(four_only && sanma) {
            rules.push(SheetRule::AbortiveDraw(kind, switch(v, true)));
        }
    }
    let triple_aborts = !sanma && switch(d.have_sanjiahele, false);
    if !sanma {
        rules.push(SheetRule::AbortiveDraw(DrawKind::TripleRon, triple_aborts));
    }
    rules.push(SheetRule::MultipleRon(if switch(d.have_toutiao, false) {
        MultipleRon::HeadBump
    } else if triple_aborts {
        MultipleRon::DoubleThenAbort
    } else {
        MultipleRon::All
    }));
    rules.push(SheetRule::RenchanOnWin(switch(d.have_helelianzhuang, true)));
    rules.push(SheetRule::RenchanOnTenpai(switch(
        d.have_tingpailianzhuang,
        true,
    )));
    rules.push(SheetRule::Ippatsu(switch(d.have_yifa, true)));
    if let Some(n) = d
        .fanfu
        .and_then(|n| u8::try_from(n).ok())
        .filter(|n| *n > 0)
    {
        rules.push(SheetRule::MinHan(n));
    }
    if let Some(uma) = uma(d, sanma) {
        rules.push(SheetRule::Uma(uma));
    }
    let no_multiple = switch(d.disable_multi_yukaman, false);
    let no_composite = d.disable_composite_yakuman.is_some_and(|v| v != 0);
    let no_double = d.disable_double_yakuman.is_some_and(|v| v != 0);
    rules.push(SheetRule::YakumanStacking(!(no_multiple || no_composite)));
    rules.push(SheetRule::DoubleYakuman(!(no_multiple || no_double)));
    rules.push(SheetRule::CountedYakuman(!switch(
        d.disable_leijiyiman,
        false,
    )));
    if d.enable_shiti.is_some_and(|v| v != 0) {
        rules.push(SheetRule::SwapCalling(true));
    }
    if d.enable_nontsumo_liqi.is_some_and(|v| v != 0) {
        rules.push(SheetRule::RiichiMinTilesLeft(0));
    }
    if d.disable_double_wind_four_fu.is_some_and(|v| v != 0) {
        rules.push(SheetRule::DoubleWindPairFu(2));
    }
    if d.disable_angang_guoshi.is_some_and(|v| v != 0) {
        rules.push(SheetRule::RobConcealedKongForKokushi(false));
    }

    let unjudged = &mut out.not_modelled;
    for (v, what) in [
        (d.have_biao_dora, "no dora (have_biao_dora off)"),
        (
            d.have_gang_biao_dora,
            "no kan dora (have_gang_biao_dora off)",
        ),
    ] {
        if !switch(v, true) {
            unjudged.push(SheetNote::Unjudged(what.to_owned()));
        }
    }
    out.settings
        .push(SheetRule::AgariYame(switch(d.have_helezhongju, true)));
    out.settings
        .push(SheetRule::TenpaiYame(switch(d.have_tingpaizhongju, true)));
    let unjudged = &mut out.not_modelled;
    if !switch(d.have_nanruxiru, true) {
        // The west round is no profile field; only its absence is news.
        unjudged.push(SheetNote::Rule("no west round (have_nanruxiru off)".into()));
    }
    for (v, what) in [
        (
            d.enable_renhe,
            "renhou (enable_renhe), whose value is not known",
        ),
        (
            d.enable_baopai_extend_settings,
            "more liability cases (enable_baopai_extend_settings)",
        ),
    ] {
        if v.is_some_and(|v| v != 0) {
            unjudged.push(SheetNote::Unjudged(what.to_owned()));
        }
    }
    for (v, mode) in event_modes(d) {
        if v.is_some_and(|v| v != 0) {
            unjudged.push(SheetNote::Unjudged(format!("the room's {mode} mode")));
        }
    }
    out
}

/// The event modes: play that no profile describes.
fn event_modes(d: &DetailRule) -> [(Option<u32>, &'static str); 17] {
    [
        (d.guyi_mode, "old-yaku (guyi_mode)"),
        (d.dora3_mode, "dora fever (dora3_mode)"),
        (d.begin_open_mode, "open starting hands (begin_open_mode)"),
        (d.jiuchao_mode, "bright mirror (jiuchao_mode)"),
        (d.muyu_mode, "dragon's eye (muyu_mode)"),
        (d.open_hand, "open hands (open_hand)"),
        (d.xuezhandaodi, "battle to the end (xuezhandaodi)"),
        (d.huansanzhang, "exchange three (huansanzhang)"),
        (d.chuanma, "Sichuan (chuanma)"),
        (d.reveal_discard, "dark night (reveal_discard)"),
        (d.field_spell_mode, "fantasy legend (field_spell_mode)"),
        (d.zhanxing, "astrology (zhanxing)"),
        (d.tianming_mode, "destiny (tianming_mode)"),
        (d.yongchang_mode, "chant (yongchang_mode)"),
        (d.hunzhiyiji_mode, "soul strike (hunzhiyiji_mode)"),
        (
            d.wanxiangxiuluo_mode,
            "many-faced battle (wanxiangxiuluo_mode)",
        ),
        (d.beishuizhizhan_mode, "last stand (beishuizhizhan_mode)"),
    ]
}

/// The noten payments: `noting_fafu_N` is what each noten player pays
/// when N players are tenpai (the client's defaults: 1000, 1500, 3000 for
/// four players, 1000 and 2000 for three). The profile holds one total:
/// the room's must come to one total for every N, else they are unjudged.
fn noten(d: &DetailRule, sanma: bool, detailed: bool, out: &mut RuleSheet) {
    let seats: u32 = if sanma { 3 } else { 4 };
    let defaults: [u32; 3] = if sanma {
        [1000, 2000, 0]
    } else {
        [1000, 1500, 3000]
    };
    let given = [d.noting_fafu_1, d.noting_fafu_2, d.noting_fafu_3];
    if given.iter().all(Option::is_none) {
        return;
    }
    let mut totals = Vec::new();
    for (tenpai, (v, default)) in (1..seats).zip(given.iter().zip(defaults)) {
        // protobuf leaves out a 0: in a detailed sheet that is "no payment".
        let each = v.unwrap_or(if detailed { 0 } else { default });
        totals.push(each.saturating_mul(seats - tenpai));
    }
    match totals.first() {
        Some(&all) if totals.iter().all(|t| *t == all) => {
            if let Ok(all) = i32::try_from(all) {
                out.settings.push(SheetRule::NotenPayment(all));
            }
        }
        _ => out.not_modelled.push(SheetNote::Unjudged(format!(
            "noten payments that depend on how many are tenpai ({})",
            given
                .iter()
                .take(usize::try_from(seats - 1).unwrap_or(3))
                .map(|v| v.map_or_else(|| "left out".to_owned(), |v| v.to_string()))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The uma by rank from `shunweima_2..4` (second to last place, in
/// thousands; first place gets minus their sum), as the client shows it.
fn uma(d: &DetailRule, sanma: bool) -> Option<Vec<i32>> {
    let given = if sanma {
        vec![d.shunweima_2, d.shunweima_3]
    } else {
        vec![d.shunweima_2, d.shunweima_3, d.shunweima_4]
    };
    if given.iter().all(Option::is_none) {
        return None;
    }
    // A detailed sheet left a 0 out.
    let rest: Vec<i32> = given.iter().map(|v| v.unwrap_or(0)).collect();
    let first = rest.iter().fold(0i32, |a, u| a.saturating_sub(*u));
    Some(std::iter::once(first).chain(rest).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(sheet: &RuleSheet, rule: &SheetRule) -> bool {
        sheet.settings.contains(rule)
    }

    #[test]
    fn a_room_without_detailed_settings_keeps_the_defaults() {
        // The corpus's vs-AI room: basic settings only.
        let d = DetailRule {
            dora_count: Some(3),
            shiduan: Some(1),
            init_point: Some(25000),
            fandian: Some(30000),
            fanfu: Some(1),
            ..DetailRule::default()
        };
        let s = sheet(&d, false);
        assert!(has(&s, &SheetRule::Ippatsu(true)));
        assert!(has(&s, &SheetRule::UraDora(true)));
        assert!(has(&s, &SheetRule::EndsBelowZero(true)));
        assert!(has(&s, &SheetRule::Kiriage(false)));
        assert!(has(&s, &SheetRule::ReturnPoints(25000)));
        assert!(
            !s.settings
                .iter()
                .any(|r| matches!(r, SheetRule::NotenPayment(_)))
        );
        assert!(
            !s.not_modelled
                .iter()
                .any(|n| matches!(n, SheetNote::Unjudged(_)))
        );
    }

    #[test]
    fn a_detailed_room_reads_left_out_switches_as_off() {
        // A tournament room: kiriage on, no bust; the switches it leaves
        // out (protobuf writes no false) are off.
        let d = DetailRule {
            init_point: Some(25000),
            fandian: Some(30000),
            liqibang_value: Some(1000),
            changbang_value: Some(300),
            noting_fafu_1: Some(1000),
            noting_fafu_2: Some(1500),
            noting_fafu_3: Some(3000),
            jingsuanyuandian: Some(30000),
            shunweima_2: Some(10),
            shunweima_3: Some(-10),
            shunweima_4: Some(-30),
            have_qieshangmanguan: Some(true),
            have_li_dora: Some(true),
            have_gang_li_dora: Some(true),
            have_biao_dora: Some(true),
            have_gang_biao_dora: Some(true),
            have_yifa: Some(true),
            have_helelianzhuang: Some(true),
            have_tingpailianzhuang: Some(true),
            ..DetailRule::default()
        };
        let s = sheet(&d, false);
        assert!(has(&s, &SheetRule::Kiriage(true)));
        assert!(has(&s, &SheetRule::EndsBelowZero(false)));
        assert!(has(&s, &SheetRule::RiichiMinPoints(None)));
        assert!(has(&s, &SheetRule::NagashiMangan(false)));
        assert!(has(
            &s,
            &SheetRule::AbortiveDraw(DrawKind::NineTerminals, false)
        ));
        assert!(has(&s, &SheetRule::NotenPayment(3000)));
        assert!(has(&s, &SheetRule::ReturnPoints(30000)));
        assert!(has(&s, &SheetRule::Uma(vec![30, 10, -10, -30])));
        assert!(has(&s, &SheetRule::Ippatsu(true)));
        // Agari-yame and tenpai-yame left out of a detailed sheet: off;
        // the points they need are `fandian`.
        assert!(has(&s, &SheetRule::AgariYame(false)));
        assert!(has(&s, &SheetRule::TenpaiYame(false)));
        assert!(has(&s, &SheetRule::YamePoints(30000)));
    }

    #[test]
    fn event_modes_and_unknown_values_are_unjudged() {
        let d = DetailRule {
            guyi_mode: Some(1),
            muyu_mode: Some(1),
            liqibang_value: Some(500),
            noting_fafu_1: Some(1000),
            noting_fafu_2: Some(1000),
            noting_fafu_3: Some(1000),
            ..DetailRule::default()
        };
        let s = sheet(&d, false);
        let unjudged: Vec<&str> = s
            .not_modelled
            .iter()
            .filter_map(|n| match n {
                SheetNote::Unjudged(w) => Some(w.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            unjudged.iter().any(|w| w.contains("old-yaku")),
            "{unjudged:?}"
        );
        assert!(unjudged.iter().any(|w| w.contains("dragon's eye")));
        assert!(unjudged.iter().any(|w| w.contains("worth 500")));
        assert!(unjudged.iter().any(|w| w.contains("noten payments")));
    }

    #[test]
    fn three_player_noten_and_uma() {
        let d = DetailRule {
            noting_fafu_1: Some(1000),
            noting_fafu_2: Some(2000),
            shunweima_2: Some(0),
            shunweima_3: Some(-15),
            ..DetailRule::default()
        };
        let s = sheet(&d, true);
        assert!(has(&s, &SheetRule::NotenPayment(2000)));
        assert!(has(&s, &SheetRule::Uma(vec![15, 0, -15])));
        // Four winds and four riichi are no three-player switches.
        assert!(!s.settings.iter().any(|r| matches!(
            r,
            SheetRule::AbortiveDraw(
                DrawKind::FourWinds | DrawKind::FourRiichi | DrawKind::TripleRon,
                _
            )
        )));
    }
}
