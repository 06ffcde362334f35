//! Claims: what a log asserts about results. Stored, never trusted.

use serde::{Deserialize, Serialize};

use super::{Seat, is_false};
use crate::tile::Tile;
use crate::yaku::Yaku;

/// Which kind of draw ended a kyoku.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawKind {
    /// The wall ran out (ryuukyoku proper), with or without nagashi mangan.
    Exhaustive,
    /// Nine different terminals and honours declared (kyuushu kyuuhai).
    NineTerminals,
    /// All four players declared riichi (suucha riichi).
    FourRiichi,
    /// Three players won on the same discard (sanchahou).
    TripleRon,
    /// Four kongs by more than one player (suukaikan).
    #[serde(rename = "four_kans")]
    FourKongs,
    /// The same wind discarded by all four in the first go-around (suufon renda).
    FourWinds,
}

/// A log's limit name for a hand's value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// Below mangan: the value comes from han and fu.
    None,
    /// Mangan.
    Mangan,
    /// Haneman.
    Haneman,
    /// Baiman.
    Baiman,
    /// Sanbaiman.
    Sanbaiman,
    /// Yakuman (also counted yakuman from 13 han, and several yakuman).
    Yakuman,
}

/// One entry of a claimed yaku list.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ClaimedYaku {
    /// The yaku (or dora count).
    pub yaku: Yaku,
    /// Its han; 13 for each yakuman (26 for a double yakuman).
    pub han: u8,
}

/// What a log claims about a win. Every field is optional because formats
/// record different subsets; `formats/events.md` lists which format fills
/// which field.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct WinClaim {
    /// Total han (sum of the yaku list for Tenhou XML, which has no total).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub han: Option<u8>,
    /// Fu.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fu: Option<u8>,
    /// The hand's value in points before counters and riichi sticks,
    /// summed over what all payers pay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// The limit name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// The yaku and dora counts listed (entries of 0 han are left out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub yaku: Vec<ClaimedYaku>,
    /// The dora indicators in effect at the win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dora_markers: Option<Vec<Tile>>,
    /// The ura dora indicators revealed (riichi winners only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ura_markers: Option<Vec<Tile>>,
    /// The winner's concealed tiles including the winning tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Tile>>,
    /// The player the log holds liable (pao).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pao: Option<Seat>,
    /// The log does not say who is liable (an mjai `hora` without a `pao`
    /// key: Mortal's schema has none), so `pao` is unknown, not "nobody".
    #[serde(default, skip_serializing_if = "crate::event::is_false")]
    pub pao_unknown: bool,
    /// Score changes of every seat, counters and sticks included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deltas: Option<Vec<i32>>,
    /// The claims the log's format states but this log leaves out (a
    /// Mahjong Soul record whose writer dropped the han and fu), so that
    /// they are unknown, not zero: the audit says they are not recorded
    /// instead of checking them. Claims a format never states are not
    /// listed (their absence says nothing about the log).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_recorded: Vec<ClaimPart>,
    /// Scores before this win as the log states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores_before: Option<Vec<i32>>,
    /// Counters and riichi sticks the log says this win collects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticks: Option<Sticks>,
    /// Chip changes (Tenhou chip lobbies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Vec<i32>>,
}

/// A part of a win's claim, as [`WinClaim::not_recorded`] names it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimPart {
    /// The total han.
    Han,
    /// The fu.
    Fu,
    /// The hand's value.
    Points,
    /// The limit name.
    Limit,
    /// The yaku list.
    Yaku,
}

impl ClaimPart {
    /// The part's name in a sentence (`han`, `fu`, `points`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Han => "han",
            Self::Fu => "fu",
            Self::Points => "points",
            Self::Limit => "limit",
            Self::Yaku => "yaku",
        }
    }
}

/// Counters and riichi sticks as a log states them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Sticks {
    /// Counters (honba).
    pub honba: u8,
    /// Riichi sticks (kyotaku).
    pub riichi: u8,
}

/// What a log claims about a draw.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct DrawClaim {
    /// For each seat, whether it was tenpai (exhaustive draws).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenpai: Option<Vec<bool>>,
    /// The hands shown, per seat (`None` for a hand not shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown_hands: Option<Vec<Option<Vec<Tile>>>>,
    /// A nagashi mangan was paid at this exhaustive draw.
    #[serde(default, skip_serializing_if = "is_false")]
    pub nagashi_mangan: bool,
    /// Score changes of every seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deltas: Option<Vec<i32>>,
    /// Scores before the draw as the log states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores_before: Option<Vec<i32>>,
    /// Counters and riichi sticks on the table as the log states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticks: Option<Sticks>,
}

/// A claim of every seat's score.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct ScoresClaim {
    /// Scores in points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// Score changes in points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deltas: Option<Vec<i32>>,
}
