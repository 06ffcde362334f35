//! The scoring oracle's case format: one winning situation per JSON line,
//! with the result an independent scoring library gives for it.
//!
//! [`Case::parse`] reads a line, [`Case::inputs`] turns it into what
//! [`score`](super::score) takes, and [`Case::check`] compares a result
//! with the expectation, returning the differences (none when they agree).
//!
//! The case's `rules.profile` picks a preset (`tenhou` → `tenhou`, `ema`
//! → `ema2016`) and its explicit options (`has_aka_dora`, `kazoe_limit`,
//! `kiriage`…) are applied on top, so a case is scored under what it says.
//! Where the preset still differs from the library on a point the case
//! tags as a genuine rule difference (`caveats`), the check compares with
//! the library's alternative result for that variant (`alternatives`).

mod check;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use check::{Expected, ExpectedCost, ExpectedDora, canonical_id, category};

use super::{
    DoraCount, Meld, MeldKind, Payment, RiichiKind, ScoreError, Scored, Situation, WinningHand,
};
use crate::event::Limit;
use crate::event::Wind;
use crate::rules::{DoubleYakuman, KazoeLimit, Renhou, Rules};
use crate::tile::{Tile, parse_hand};

/// Why a case line cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CaseError {
    /// Not JSON, or not the case schema.
    #[error("not an oracle case: {0}")]
    Json(#[from] serde_json::Error),
    /// A `format_version` this reader does not know.
    #[error("format_version {0}; this reader knows version {known}", known = Case::FORMAT_VERSION)]
    Version(u32),
    /// A field that is not what the format says.
    #[error("field `{field}`: {reason}")]
    Field {
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A rule option our rule profiles cannot express.
    #[error("rule option `{option}` = {value} cannot be expressed by a rule profile")]
    Unsupported {
        /// The option.
        option: String,
        /// Its value.
        value: String,
    },
    /// A rule difference tagged on the case names no alternative.
    #[error("no alternative {tag}")]
    NoAlternative {
        /// The tag.
        tag: String,
    },
    /// The rules differ from the oracle on several tagged points at once,
    /// and no alternative switches them all.
    #[error("the rules differ from the oracle on {}; no alternative switches all of them", tags.join(", "))]
    Conflicting {
        /// The tags, in the case's order.
        tags: Vec<String>,
    },
}

fn field(field: &'static str, reason: impl Into<String>) -> CaseError {
    CaseError::Field {
        field,
        reason: reason.into(),
    }
}

/// A meld as the case writes it.
#[derive(Clone, Debug, Deserialize)]
pub struct CaseMeld {
    /// `chi`, `pon`, `minkan`, `ankan` or `kakan`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its tiles, compact notation.
    pub tiles: Vec<String>,
    /// False only for `ankan`.
    pub opened: bool,
}

/// The case's rules: a profile and the library options used.
#[derive(Clone, Debug, Deserialize)]
pub struct CaseRules {
    /// `tenhou` or `ema`.
    pub profile: String,
    /// The options (`has_open_tanyao`, `kazoe_limit`…), as written.
    #[serde(flatten)]
    pub options: BTreeMap<String, serde_json::Value>,
}

/// One oracle case.
#[derive(Clone, Debug, Deserialize)]
#[allow(clippy::struct_excessive_bools)] // the format's flags, one field each
pub struct Case {
    /// `s<seed>-<index>`.
    pub id: String,
    /// The format version (1).
    pub format_version: u32,
    /// Concealed tiles, winning tile included.
    pub closed_tiles: Vec<String>,
    /// Called sets and concealed kongs.
    #[serde(default)]
    pub melds: Vec<CaseMeld>,
    /// The winning tile (`0m` is the red five).
    pub win_tile: String,
    /// Self-drawn.
    pub tsumo: bool,
    /// Any riichi.
    #[serde(default)]
    pub riichi: bool,
    /// Ippatsu.
    #[serde(default)]
    pub ippatsu: bool,
    /// Double riichi (implies `riichi`).
    #[serde(default)]
    pub double_riichi: bool,
    /// Haitei.
    #[serde(default)]
    pub haitei: bool,
    /// Houtei.
    #[serde(default)]
    pub houtei: bool,
    /// Rinshan.
    #[serde(default)]
    pub rinshan: bool,
    /// Chankan.
    #[serde(default)]
    pub chankan: bool,
    /// Tenhou.
    #[serde(default)]
    pub tenhou: bool,
    /// Chiihou.
    #[serde(default)]
    pub chiihou: bool,
    /// `E`, `S`, `W` or `N`.
    pub seat_wind: String,
    /// `E` or `S`.
    pub round_wind: String,
    /// Whether the winner is the dealer (must match `seat_wind`).
    pub dealer: Option<bool>,
    /// Dora indicators.
    #[serde(default)]
    pub dora_indicators: Vec<String>,
    /// Ura dora indicators.
    #[serde(default)]
    pub ura_indicators: Vec<String>,
    /// Red fives in the winner's hand (derived; checked when present).
    pub aka_count: Option<u8>,
    /// Counters.
    #[serde(default)]
    pub honba: u8,
    /// Riichi sticks on the table, the winner's own included.
    #[serde(default)]
    pub riichi_sticks: u8,
    /// The rules the library used.
    pub rules: CaseRules,
    /// The generator that made the case.
    #[serde(default)]
    pub generator: String,
    /// `valid`, `not_winning` or `invalid_situation`.
    #[serde(default)]
    pub intent: String,
    /// The library's result.
    pub expected: Expected,
    /// Tags of genuine rule differences that apply.
    #[serde(default)]
    pub caveats: Vec<String>,
    /// The library's result with one rule switched, by tag.
    #[serde(default)]
    pub alternatives: BTreeMap<String, Expected>,
}

fn tile(name: &'static str, text: &str) -> Result<Tile, CaseError> {
    match parse_hand(text).as_deref() {
        Ok([t]) => Ok(*t),
        _ => Err(field(name, format!("`{text}` is not one tile"))),
    }
}

fn tiles(name: &'static str, texts: &[String]) -> Result<Vec<Tile>, CaseError> {
    texts.iter().map(|t| tile(name, t)).collect()
}

fn wind(name: &'static str, text: &str) -> Result<Wind, CaseError> {
    match text {
        "E" => Ok(Wind::East),
        "S" => Ok(Wind::South),
        "W" => Ok(Wind::West),
        "N" => Ok(Wind::North),
        _ => Err(field(name, format!("`{text}` is not E, S, W or N"))),
    }
}

fn meld(m: &CaseMeld) -> Result<Meld, CaseError> {
    let kind = match m.kind.as_str() {
        "chi" => MeldKind::Chi,
        "pon" => MeldKind::Pon,
        "minkan" => MeldKind::Daiminkan,
        "kakan" => MeldKind::Kakan,
        "ankan" => MeldKind::Ankan,
        other => return Err(field("melds", format!("unknown meld type `{other}`"))),
    };
    if m.opened != kind.is_open() {
        return Err(field(
            "melds",
            format!("a {} with `opened: {}`", m.kind, m.opened),
        ));
    }
    Ok(Meld {
        kind,
        tiles: tiles("melds", &m.tiles)?,
    })
}

impl Case {
    /// The format version this reader knows.
    pub const FORMAT_VERSION: u32 = 1;

    /// Reads one JSON line.
    ///
    /// # Errors
    ///
    /// [`CaseError::Json`] when the line is not a case,
    /// [`CaseError::Version`] for an unknown `format_version`.
    pub fn parse(line: &str) -> Result<Self, CaseError> {
        let case: Self = serde_json::from_str(line)?;
        if case.format_version != Self::FORMAT_VERSION {
            return Err(CaseError::Version(case.format_version));
        }
        Ok(case)
    }

    /// The rules the case is scored under: the profile's preset with the
    /// case's explicit options applied.
    ///
    /// # Errors
    ///
    /// An unknown profile, or an option no profile can express (open pinfu
    /// without its 30 fu, pinfu tsumo with tsumo fu, no kazoe limit…).
    pub fn rules(&self) -> Result<Rules, CaseError> {
        let preset = match self.rules.profile.as_str() {
            "tenhou" => "tenhou",
            "ema" => "ema2016",
            other => other,
        };
        let mut rules = Rules::preset(preset)
            .ok_or_else(|| field("rules.profile", format!("unknown profile `{preset}`")))?;
        for (option, value) in &self.rules.options {
            apply_option(&mut rules, option, value)?;
        }
        Ok(rules)
    }

    /// The hand, the situation and the rules.
    ///
    /// # Errors
    ///
    /// A tile, meld or wind that is not in the format, a `dealer` or
    /// `aka_count` that contradicts the rest, or unsupported rules.
    pub fn inputs(&self) -> Result<(WinningHand, Situation, Rules), CaseError> {
        let concealed = tiles("closed_tiles", &self.closed_tiles)?;
        let melds = self.melds.iter().map(meld).collect::<Result<Vec<_>, _>>()?;
        let win_tile = tile("win_tile", &self.win_tile)?;
        let seat_wind = wind("seat_wind", &self.seat_wind)?;
        let round_wind = wind("round_wind", &self.round_wind)?;
        if let Some(dealer) = self.dealer
            && dealer != (seat_wind == Wind::East)
        {
            return Err(field("dealer", "disagrees with seat_wind"));
        }
        let reds = concealed
            .iter()
            .chain(melds.iter().flat_map(|m| m.tiles.iter()))
            .filter(|t| t.is_red())
            .count();
        if let Some(aka) = self.aka_count
            && usize::from(aka) != reds
        {
            return Err(field(
                "aka_count",
                format!("{aka}, but the hand holds {reds}"),
            ));
        }
        let riichi = match (self.double_riichi, self.riichi) {
            (true, _) => RiichiKind::Double,
            (false, true) => RiichiKind::Riichi,
            (false, false) => RiichiKind::None,
        };
        let situation = Situation {
            tsumo: self.tsumo,
            riichi,
            ippatsu: self.ippatsu,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            renhou: false,
            seat_wind,
            round_wind,
            dora_indicators: tiles("dora_indicators", &self.dora_indicators)?,
            ura_indicators: tiles("ura_indicators", &self.ura_indicators)?,
            nukidora: 0,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
        };
        let hand = WinningHand {
            concealed,
            melds,
            win_tile,
        };
        Ok((hand, situation, self.rules()?))
    }
}

/// Applies one of the library's `OptionalRules` values to a profile.
fn apply_option(
    rules: &mut Rules,
    option: &str,
    value: &serde_json::Value,
) -> Result<(), CaseError> {
    let unsupported = || CaseError::Unsupported {
        option: option.to_owned(),
        value: value.to_string(),
    };
    match (option, value) {
        ("has_open_tanyao", &serde_json::Value::Bool(b)) => rules.open_tanyao = b,
        ("has_aka_dora", &serde_json::Value::Bool(b)) => rules.red_fives = if b { 3 } else { 0 },
        ("has_double_yakuman", &serde_json::Value::Bool(b)) => {
            rules.double_yakuman = DoubleYakuman {
                kokushi_13_wait: b,
                suuankou_tanki: b,
                junsei_chuuren: b,
                daisuushii: b,
            };
        }
        ("kazoe_limit", serde_json::Value::String(s)) => {
            rules.kazoe = match s.as_str() {
                "yakuman" => KazoeLimit::Yakuman,
                "sanbaiman" => KazoeLimit::Sanbaiman,
                _ => return Err(unsupported()),
            };
        }
        ("kiriage", &serde_json::Value::Bool(b)) => rules.kiriage = b,
        // Every profile gives an open pinfu-shaped ron 30 fu and a pinfu
        // tsumo 20 fu; the other settings cannot be expressed.
        ("fu_for_open_pinfu", serde_json::Value::Bool(true))
        | ("fu_for_pinfu_tsumo", serde_json::Value::Bool(false)) => {}
        // The library's default makes renhou a cumulative 5 han, which no
        // profile has; no case is a renhou situation, so the profile's own
        // renhou rule stays.
        ("renhou_as_yakuman", serde_json::Value::Bool(b)) => {
            if *b {
                rules.renhou = Renhou::Yakuman;
            }
        }
        _ => return Err(unsupported()),
    }
    Ok(())
}

/// One result line of `paifu score --json` (and the Python binding's
/// `paifu.score`): the result in the oracle's vocabulary
/// (`formats/score-cases.md`, "Output").
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CaseResult<'a> {
    /// The case's id.
    pub id: &'a str,
    /// Why the hand could not be scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The oracle's category of that reason ([`category`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_category: Option<&'static str>,
    /// Total han (13 per yakuman).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub han: Option<u8>,
    /// Rounded fu.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fu: Option<u8>,
    /// The yaku in the oracle's ids ([`canonical_id`]) with their han.
    pub yaku: Vec<(&'a str, u8)>,
    /// The yakuman with their multiples.
    pub yakuman: Vec<(&'a str, u8)>,
    /// Dora han by kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dora: Option<DoraCount>,
    /// The limit reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// Who pays what, counters included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment: Option<Payment>,
    /// What the winner gains, riichi sticks included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i32>,
    /// With `--check`: the differences from the expectation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Vec<String>>,
}

impl<'a> CaseResult<'a> {
    /// The line for case `id` scored as `result`.
    #[must_use]
    pub fn of(
        id: &'a str,
        result: &'a Result<Scored, ScoreError>,
        check: Option<Vec<String>>,
    ) -> Self {
        match result {
            Ok(s) => Self {
                id,
                error: None,
                error_category: None,
                han: Some(s.han),
                fu: Some(s.fu),
                yaku: s
                    .yaku
                    .iter()
                    .map(|y| (canonical_id(&y.yaku), y.han))
                    .collect(),
                yakuman: s
                    .yakuman
                    .iter()
                    .map(|y| (canonical_id(&y.yaku), y.multiplier))
                    .collect(),
                dora: Some(s.dora),
                limit: Some(s.limit),
                payment: Some(s.payment),
                total: Some(s.total),
                check,
            },
            Err(e) => Self::failed(id, e.to_string(), Some(category(e)), check),
        }
    }

    /// A case that did not score: only its error and the check.
    #[must_use]
    pub fn failed(
        id: &'a str,
        error: String,
        error_category: Option<&'static str>,
        check: Option<Vec<String>>,
    ) -> Self {
        Self {
            id,
            error: Some(error),
            error_category,
            han: None,
            fu: None,
            yaku: Vec::new(),
            yakuman: Vec::new(),
            dora: None,
            limit: None,
            payment: None,
            total: None,
            check,
        }
    }
}

#[cfg(test)]
mod tests;
