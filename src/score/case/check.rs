//! The expected result of a case and the comparison with ours.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Case, CaseError};
use crate::rules::{KazoeLimit, Rules};
use crate::score::{Payment, ScoreError, Scored};
use crate::yaku::Yaku;

/// Dora han by kind, as the oracle writes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
pub struct ExpectedDora {
    /// Dora and kan dora.
    pub dora: u32,
    /// Red fives.
    pub aka: u32,
    /// Ura dora.
    pub ura: u32,
}

/// The part of the library's cost the comparison uses.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct ExpectedCost {
    /// What the winner gains, riichi sticks included.
    pub total: i64,
    /// `mangan`, `2x yakuman`…, or empty below mangan.
    #[serde(default)]
    pub yaku_level: String,
}

/// The library's result for a case (or for one of its alternatives).
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct Expected {
    /// The library's error string, if it refused the hand.
    pub error: Option<String>,
    /// `not_winning`, `no_yaku` or `invalid_situation` (what is judged).
    pub error_category: Option<String>,
    /// Total han (13 per yakuman).
    pub han: Option<u32>,
    /// Rounded fu (meaningless for yakuman hands).
    pub fu: Option<u32>,
    /// `[id, han]` of each yaku.
    #[serde(default)]
    pub yaku: Vec<(String, u32)>,
    /// `[id, multiplier]` of each yakuman.
    #[serde(default)]
    pub yakuman: Vec<(String, u32)>,
    /// Dora han by kind.
    pub dora: Option<ExpectedDora>,
    /// The cost.
    pub cost: Option<ExpectedCost>,
    /// `ron`, or `tsumo_dealer` and/or `tsumo_each_non_dealer`, counters
    /// included.
    pub payments: Option<BTreeMap<String, i64>>,
}

/// The oracle's id of a yaku (its README table): our winds become
/// `yakuhai_seat_wind` / `yakuhai_round_wind`, dragons `yakuhai_<name>`.
#[must_use]
pub fn canonical_id(yaku: &Yaku) -> &str {
    match yaku {
        Yaku::SeatWindEast | Yaku::SeatWindSouth | Yaku::SeatWindWest | Yaku::SeatWindNorth => {
            "yakuhai_seat_wind"
        }
        Yaku::RoundWindEast | Yaku::RoundWindSouth | Yaku::RoundWindWest | Yaku::RoundWindNorth => {
            "yakuhai_round_wind"
        }
        Yaku::Haku => "yakuhai_haku",
        Yaku::Hatsu => "yakuhai_hatsu",
        Yaku::Chun => "yakuhai_chun",
        Yaku::Haitei => "haitei_raoyue",
        Yaku::Houtei => "houtei_raoyui",
        Yaku::KokushiMusou13 => "kokushi_musou_13_wait",
        other => other.name(),
    }
}

/// The oracle's `error_category` of one of our errors. A malformed hand
/// (wrong tile count…) is one the oracle calls not winning.
#[must_use]
pub fn category(error: &ScoreError) -> &'static str {
    match error {
        ScoreError::Malformed { .. } | ScoreError::NotWinning { .. } => "not_winning",
        ScoreError::NoYaku | ScoreError::TooFewHan { .. } | ScoreError::BelowMinimumHan { .. } => {
            "no_yaku"
        }
        ScoreError::InvalidSituation { .. } => "invalid_situation",
    }
}

/// The oracle's `payments` object of one of our payments.
fn payments(payment: &Payment) -> BTreeMap<String, i64> {
    let entries: Vec<(&str, i32)> = match *payment {
        Payment::Ron { discarder } => vec![("ron", discarder)],
        Payment::TsumoDealer { each } => vec![("tsumo_each_non_dealer", each)],
        Payment::TsumoNonDealer { dealer, non_dealer } => vec![
            ("tsumo_dealer", dealer),
            ("tsumo_each_non_dealer", non_dealer),
        ],
    };
    entries
        .into_iter()
        .map(|(k, v)| (k.to_owned(), i64::from(v)))
        .collect()
}

fn sorted(list: &[(String, u32)]) -> Vec<(String, u32)> {
    let mut v = list.to_vec();
    v.sort();
    v
}

impl Expected {
    /// The differences between this expectation and a result (empty when
    /// they agree).
    #[must_use]
    pub fn differences(&self, result: &Result<Scored, ScoreError>) -> Vec<String> {
        let mut out = Vec::new();
        match (&self.error_category, result) {
            (Some(want), Err(e)) => {
                if category(e) != want {
                    out.push(format!(
                        "error category: expected {want}, got {} ({e})",
                        category(e)
                    ));
                }
            }
            (Some(want), Ok(s)) => {
                out.push(format!(
                    "expected error {want}, got a score of {} han",
                    s.han
                ));
            }
            (None, Err(e)) => out.push(format!("expected a score, got error: {e}")),
            (None, Ok(s)) => self.compare_score(s, &mut out),
        }
        out
    }

    fn compare_score(&self, s: &Scored, out: &mut Vec<String>) {
        let ours: Vec<(String, u32)> = s
            .yaku
            .iter()
            .map(|y| (canonical_id(&y.yaku).to_owned(), u32::from(y.han)))
            .collect();
        let mut diff = |what: &str, want: String, got: String| {
            if want != got {
                out.push(format!("{what}: expected {want}, got {got}"));
            }
        };
        diff(
            "yaku",
            format!("{:?}", sorted(&self.yaku)),
            format!("{:?}", sorted(&ours)),
        );
        let ours: Vec<(String, u32)> = s
            .yakuman
            .iter()
            .map(|y| (canonical_id(&y.yaku).to_owned(), u32::from(y.multiplier)))
            .collect();
        diff(
            "yakuman",
            format!("{:?}", sorted(&self.yakuman)),
            format!("{:?}", sorted(&ours)),
        );
        if let Some(d) = self.dora {
            let got = (
                u32::from(s.dora.dora),
                u32::from(s.dora.aka),
                u32::from(s.dora.ura),
            );
            diff(
                "dora (dora, aka, ura)",
                format!("{:?}", (d.dora, d.aka, d.ura)),
                format!("{got:?}"),
            );
        }
        if let Some(han) = self.han {
            diff("han", han.to_string(), s.han.to_string());
        }
        if let Some(fu) = self.fu
            && self.yakuman.is_empty()
        {
            diff("fu", fu.to_string(), s.fu.to_string());
        }
        if let Some(p) = &self.payments {
            diff(
                "payments",
                format!("{p:?}"),
                format!("{:?}", payments(&s.payment)),
            );
        }
        if let Some(c) = &self.cost {
            diff("total", c.total.to_string(), s.total.to_string());
        }
    }
}

/// The caveat tags whose variant `rules` choose, against the library's
/// settings in `case`.
fn chosen_variants(case: &Case, rules: &Rules) -> Vec<&'static str> {
    let option = |name: &str| case.rules.options.get(name);
    let mut chosen = Vec::new();
    // The library gives a double wind pair 4 fu and always stacks yakuman.
    if rules.double_wind_pair_fu != 4 {
        chosen.push("double_wind_pair_fu");
    }
    if !rules.yakuman_stacking {
        chosen.push("multiple_yakuman");
    }
    let d = rules.double_yakuman;
    let doubles = d.kokushi_13_wait || d.suuankou_tanki || d.junsei_chuuren || d.daisuushii;
    // Absent options are the library's defaults.
    let flag = |name: &str, default: bool| {
        option(name)
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(default)
    };
    if flag("has_double_yakuman", true) != doubles {
        chosen.push("double_yakuman_pattern");
    }
    if flag("kiriage", false) != rules.kiriage {
        chosen.push("kiriage_boundary");
    }
    let kazoe = match rules.kazoe {
        KazoeLimit::Yakuman => "yakuman",
        KazoeLimit::Sanbaiman => "sanbaiman",
    };
    if option("kazoe_limit")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("yakuman")
        != kazoe
    {
        chosen.push("kazoe");
    }
    chosen
}

impl Case {
    /// The expectation that applies under `rules`: the library's result,
    /// or the alternative of the one tagged rule difference where `rules`
    /// choose the other variant.
    ///
    /// # Errors
    ///
    /// [`CaseError::Conflicting`] when `rules` differ from the library on
    /// two tagged points of this case at once (no alternative switches
    /// both).
    pub fn expectation(&self, rules: &Rules) -> Result<&Expected, CaseError> {
        let applicable: Vec<&str> = chosen_variants(self, rules)
            .into_iter()
            .filter(|tag| self.caveats.iter().any(|c| c == tag))
            .filter(|tag| self.alternatives.contains_key(*tag))
            .collect();
        match applicable.as_slice() {
            [] => Ok(&self.expected),
            [tag] => self
                .alternatives
                .get(*tag)
                .ok_or_else(|| CaseError::NoAlternative {
                    tag: (*tag).to_owned(),
                }),
            tags => Err(CaseError::Conflicting {
                tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            }),
        }
    }

    /// Compares a result with the case, under the rules the case itself
    /// gives ([`Case::rules`]). Empty when they agree.
    #[must_use]
    pub fn check(&self, result: &Result<Scored, ScoreError>) -> Vec<String> {
        match self.rules() {
            Ok(rules) => self.check_with(result, &rules),
            Err(e) => vec![CaseError::to_string(&e)],
        }
    }

    /// Compares a result obtained under `rules` with the case. Empty when
    /// they agree.
    #[must_use]
    pub fn check_with(&self, result: &Result<Scored, ScoreError>, rules: &Rules) -> Vec<String> {
        match self.expectation(rules) {
            Ok(expected) => expected.differences(result),
            Err(e) => vec![e.to_string()],
        }
    }
}
