//! The winner's yaku named from the tallies agree with the names found by
//! detecting them again, and `Yaku::ALL` is in Tenhou id order (which the
//! tallies rely on to name and sort).

use proptest::prelude::*;

use super::errors::{any_rules, any_situation, near_hand};
use super::*;
use crate::score::case::Case;
use crate::score::evaluate::score_naming;

const BUNDLED: &str = include_str!("../../../testdata/oracle/cases.jsonl");

fn both_agree(h: &WinningHand, s: &Situation, r: &Rules) -> bool {
    let recorded = score_naming::<false>(h, s, r);
    let detected = score_naming::<true>(h, s, r);
    assert_eq!(recorded, detected, "{h:?} {s:?}");
    recorded.is_ok()
}

#[test]
fn all_yaku_are_in_tenhou_id_order() {
    for (i, y) in Yaku::ALL.iter().enumerate() {
        match y.tenhou_id() {
            Some(id) => assert_eq!(usize::from(id), i, "{y:?}"),
            None => assert!(i >= 55, "{y:?} without an id among the numbered ones"),
        }
    }
}

#[test]
fn bundled_cases_name_the_same_yaku_both_ways() {
    let mut scored = 0;
    for line in BUNDLED.lines().filter(|l| !l.trim().is_empty()) {
        let (h, s, r) = Case::parse(line).unwrap().inputs().unwrap();
        scored += usize::from(both_agree(&h, &s, &r));
        for name in Rules::PRESETS {
            scored += usize::from(both_agree(&h, &s, &Rules::preset(name).unwrap()));
        }
    }
    assert!(scored > 1000, "only {scored} scored");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_hands_name_the_same_yaku_both_ways(
        h in near_hand(),
        s in any_situation(),
        r in any_rules(),
    ) {
        both_agree(&h, &s, &r);
    }
}
