//! Tests of the case format, on lines of the bundled oracle subset.

use super::*;
use crate::rules::KazoeLimit;
use crate::score::{ScoreError, score};

const BUNDLED: &str = include_str!("../../../testdata/oracle/cases.jsonl");

fn line(id: &str) -> String {
    let needle = format!("\"id\":\"{id}\"");
    BUNDLED
        .lines()
        .find(|l| l.contains(&needle))
        .unwrap_or_else(|| panic!("{id} is not bundled"))
        .to_owned()
}

fn case(id: &str) -> Case {
    Case::parse(&line(id)).expect("case")
}

/// The line with one JSON field replaced.
fn edited(id: &str, path: &[&str], value: serde_json::Value) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&line(id)).expect("json");
    let mut slot = &mut v;
    for key in path {
        slot = match key.parse::<usize>() {
            Ok(i) => &mut slot[i],
            Err(_) => &mut slot[*key],
        };
    }
    *slot = value;
    v.to_string()
}

#[test]
fn parses_and_converts() {
    let c = case("s1-00001");
    let (hand, situation, rules) = c.inputs().expect("inputs");
    assert_eq!(hand.concealed.len(), 11);
    assert_eq!(hand.melds.len(), 1);
    assert_eq!(hand.melds[0].kind, MeldKind::Chi);
    assert_eq!(situation.seat_wind, Wind::South);
    assert_eq!(situation.riichi_sticks, 2);
    // `ema` is EMA 2016 with the case's options on top.
    assert_eq!(rules.name, "ema2016");
    assert_eq!((rules.red_fives, rules.kazoe), (0, KazoeLimit::Sanbaiman));
    assert!(c.check(&score(&hand, &situation, &rules)).is_empty());
    let (_, _, rules) = case("s1-00000").inputs().expect("inputs");
    assert_eq!((rules.name.as_str(), rules.red_fives), ("tenhou", 3));
}

#[test]
fn refuses_other_versions_and_bad_fields() {
    let v2 = edited("s1-00001", &["format_version"], 2.into());
    assert!(matches!(Case::parse(&v2), Err(CaseError::Version(2))));
    assert!(matches!(Case::parse("{"), Err(CaseError::Json(_))));
    let bad_tile = edited("s1-00001", &["win_tile"], "0z".into());
    let e = Case::parse(&bad_tile).expect("case").inputs().unwrap_err();
    assert!(
        matches!(
            e,
            CaseError::Field {
                field: "win_tile",
                ..
            }
        ),
        "{e}"
    );
    let dealer = edited("s1-00001", &["dealer"], true.into());
    assert!(Case::parse(&dealer).expect("case").inputs().is_err());
    let aka = edited("s1-00001", &["aka_count"], 1.into());
    assert!(Case::parse(&aka).expect("case").inputs().is_err());
    let opened = edited("s1-00001", &["melds", "0", "opened"], false.into());
    let e = Case::parse(&opened).expect("case").inputs().unwrap_err();
    assert!(matches!(e, CaseError::Field { field: "melds", .. }), "{e}");
    let pinfu_tsumo = edited("s1-00001", &["rules", "fu_for_pinfu_tsumo"], true.into());
    let e = Case::parse(&pinfu_tsumo)
        .expect("case")
        .rules()
        .unwrap_err();
    assert!(matches!(e, CaseError::Unsupported { .. }), "{e}");
    let profile = edited("s1-00001", &["rules", "profile"], "nope".into());
    assert!(Case::parse(&profile).expect("case").rules().is_err());
}

#[test]
fn reports_differences() {
    let c = case("s1-00001");
    let (hand, situation, rules) = c.inputs().expect("inputs");
    let mut result = score(&hand, &situation, &rules);
    if let Ok(s) = &mut result {
        s.han += 1;
        s.total += 100;
    }
    let d = c.check(&result);
    assert_eq!(d.len(), 2, "{d:?}");
    assert!(d[0].starts_with("han: expected 4, got 5"), "{d:?}");
    assert!(d[1].starts_with("total"), "{d:?}");
    let d = c.check(&Err(ScoreError::NoYaku));
    assert!(d[0].starts_with("expected a score"), "{d:?}");
}

#[test]
fn judges_errors_by_category() {
    let nw = Expected {
        error: Some("hand_not_winning".into()),
        error_category: Some("not_winning".into()),
        han: None,
        fu: None,
        yaku: Vec::new(),
        yakuman: Vec::new(),
        dora: None,
        cost: None,
        payments: None,
    };
    let malformed = ScoreError::Malformed {
        reason: "13 tiles".into(),
    };
    assert!(nw.differences(&Err(malformed)).is_empty());
    assert_eq!(nw.differences(&Err(ScoreError::NoYaku)).len(), 1);
    assert_eq!(
        category(&ScoreError::InvalidSituation {
            reason: String::new()
        }),
        "invalid_situation"
    );
}

#[test]
fn compares_with_the_alternative_the_rules_choose() {
    // EMA 2016 does not stack yakuman: the single-yakuman alternative.
    let c = case("s1-00106");
    let (_, _, rules) = c.inputs().expect("inputs");
    let alt = c.expectation(&rules).expect("one alternative");
    assert_eq!(alt.han, Some(13));
    assert_eq!(c.expected.han, Some(26));
    // Stacking on: the library's own result.
    let stacking = Rules {
        yakuman_stacking: true,
        ..rules.clone()
    };
    assert_eq!(c.expectation(&stacking).expect("main").han, Some(26));
    // Two tagged switches at once: no alternative covers both.
    let both = Rules {
        double_yakuman: crate::rules::DoubleYakuman {
            suuankou_tanki: true,
            ..rules.double_yakuman
        },
        ..rules
    };
    assert!(c.expectation(&both).is_err());
}

#[test]
fn canonical_ids() {
    use crate::yaku::Yaku;
    assert_eq!(canonical_id(&Yaku::SeatWindNorth), "yakuhai_seat_wind");
    assert_eq!(canonical_id(&Yaku::RoundWindSouth), "yakuhai_round_wind");
    assert_eq!(canonical_id(&Yaku::Hatsu), "yakuhai_hatsu");
    assert_eq!(canonical_id(&Yaku::Haitei), "haitei_raoyue");
    assert_eq!(canonical_id(&Yaku::Houtei), "houtei_raoyui");
    assert_eq!(canonical_id(&Yaku::KokushiMusou13), "kokushi_musou_13_wait");
    assert_eq!(canonical_id(&Yaku::Iipeikou), "iipeikou");
}
