//! Everything about a game that is not an event.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Entry, Event, Seat, Source, is_false};

/// The log's source format.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Format {
    /// Tenhou mjlog XML.
    #[serde(rename = "tenhou-xml")]
    TenhouXml,
    /// tenhou.net/6 JSON.
    #[serde(rename = "tenhou6")]
    Tenhou6,
    /// mjai JSON lines.
    #[serde(rename = "mjai")]
    Mjai,
    /// A Mahjong Soul game record (JSON).
    #[serde(rename = "majsoul")]
    MahjongSoul,
    /// A Riichi City game record (the server's JSON).
    #[serde(rename = "riichicity")]
    RiichiCity,
}

impl Format {
    /// The name used on the command line and in reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::TenhouXml => "tenhou-xml",
            Self::Tenhou6 => "tenhou6",
            Self::Mjai => "mjai",
            Self::MahjongSoul => "majsoul",
            Self::RiichiCity => "riichicity",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The server or program that played the game, as far as the log shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Platform {
    /// tenhou.net.
    Tenhou,
    /// Mahjong Soul (converted to tenhou.net/6 by tensoul or similar).
    MahjongSoul,
    /// Riichi City.
    RiichiCity,
    /// kobalab's Majiang (電脳麻将).
    Majiang,
}

/// Whether the game is played over the East round only or East and South.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameLength {
    /// East round only (tonpuusen).
    EastOnly,
    /// East and South rounds (hanchan).
    Hanchan,
}

/// Rule hints a log carries. Each is `None` when the log does not say.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct RuleHints {
    /// How many red fives are in the wall (0 for none; Tenhou has 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red_fives: Option<u8>,
    /// Whether tanyao counts with an open hand (kuitan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_tanyao: Option<bool>,
    /// East-only or hanchan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<GameLength>,
    /// A fast (speed) game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast: Option<bool>,
    /// The lobby or room: a Tenhou lobby number, a room name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lobby: Option<String>,
    /// The rule line as the log displays it, e.g. `鳳南喰赤`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<String>,
    /// Tenhou's `GO type` bit field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenhou_type: Option<u32>,
    /// A Tenhou lobby's own rule sheet (`csrule`), comma-joined as the log
    /// writes it; it overrides the game type for kiriage, head bump, red
    /// fives and more. Kept raw: decoding it is the engine's business.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lobby_rules: Option<String>,
    /// The log is in Tenhou's early format: the wall seed is an attribute
    /// of `INIT` (`shuffle="mt19937ar,…"`) and there is no `SHUFFLE`
    /// element. Tenhou wrote it until late 2009, when some of its rules
    /// were not today's (see `formats/rules.md`, "The `auto` profile").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenhou_early_format: Option<bool>,
    /// Points each player starts with, when the room sets them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_points: Option<i32>,
    /// Three players: a tsumo is paid without the absent seat's share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tsumo_loss: Option<bool>,
    /// A win on the replacement draw of an open kong is paid by the
    /// discarder of the kong's tile (rinshan liability), as the room says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rinshan_liability: Option<bool>,
    /// Three players: north tiles are set aside as dora (`true`) or kept
    /// as a yakuhai (`false`), as the room says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nukidora: Option<bool>,
    /// Settings the room chose that change values the audit checks but
    /// the log does not carry (a Riichi City tournament's or friend room's
    /// kiriage, noten payments, uma and oka), by their English names:
    /// `--rules auto` judges such a game's values as not known.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrecorded: Vec<String>,
    /// Local rules the room turns on that no profile field holds, by
    /// their English names (`open riichi`, `wareme`, `yakitori`, `chips`;
    /// Riichi City rooms). `--rules auto` says which of them leave the
    /// points unjudged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub local_rules: Vec<String>,
    /// The lobby's rule sheet, decoded by the importer (from
    /// `lobby_rules`). Not in the JSON form: it is derived.
    #[serde(skip)]
    pub sheet: Option<super::RuleSheet>,
    /// A game played under a lobby's own rules, as its game type shows
    /// (from `tenhou_type`). Not in the JSON form: it is derived.
    #[serde(skip)]
    pub lobby_game: Option<super::LobbyGame>,
}

/// A player as the log names them.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Player {
    /// The name (may be empty).
    pub name: String,
    /// Rank as the log states it (Tenhou: `七段`; Mahjong Soul: `雀豪★2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<String>,
    /// Rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// Sex marker as Tenhou writes it (`M`, `F`, `C`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<String>,
}

/// What the log claims about the end of the game.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct EndClaim {
    /// Final scores in points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// Final game points after uma and oka (e.g. Tenhou `owari`: `+52.0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<f64>>,
}

/// Everything about a game that is not an event.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameMeta {
    /// The format the game was read from.
    pub format: Format,
    /// Who ran the game, when the log shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform: Option<Platform>,
    /// The log id (Tenhou: `2020052700gm-00a9-0000-75a4695c`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_id: Option<String>,
    /// Number of players: 4, or 3 for sanma.
    pub seats: u8,
    /// The players in seat order.
    pub players: Vec<Player>,
    /// Rule hints the log carries.
    pub rules: RuleHints,
    /// What the log claims at the end of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndClaim>,
    /// The log stops before the game ended (a kyoku without outcome, or no
    /// final result).
    #[serde(default, skip_serializing_if = "is_false")]
    pub incomplete: bool,
    /// The input is damaged (cut short, or unreadable in the middle): the
    /// events are the kyoku complete before the damage, and this says where
    /// it is and what was found there. A damaged game is always
    /// `incomplete`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Damage>,
    /// Notes of the importer or exporter: what the source format could not
    /// say and how that was handled. Never empty when something was inferred.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The game is a what-if branch of a recorded game, not a record: where
    /// it left the record and what was played instead (`crate::whatif`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what_if: Option<WhatIf>,
}

/// The line that opens each game in `paifu events`' JSON lines (and the
/// Python binding's `Game.meta`): `"type": "game"`, the file as given, then
/// the metadata's own keys. One type, so both spell it alike.
#[derive(Serialize)]
pub struct GameLine<'a> {
    /// Always `game`: the key every line of the stream is told apart by.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The path as given or found in a folder (`-`: standard input).
    pub file: &'a str,
    /// The game's metadata.
    #[serde(flatten)]
    pub meta: &'a GameMeta,
}

impl<'a> GameLine<'a> {
    /// The game line of `meta`, read from `file`.
    #[must_use]
    pub fn new(file: &'a str, meta: &'a GameMeta) -> Self {
        Self {
            kind: "game",
            file,
            meta,
        }
    }
}

/// Where a what-if branch left the recorded game, and what it played
/// instead. Exports carry it (`formats/events.md`, "What-if branches").
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct WhatIf {
    /// The index of the recorded event the branch replaces: the events
    /// before it are the record's.
    pub from_event: usize,
    /// The kyoku it left (`E2-1`).
    pub kyoku: String,
    /// The seat that chose otherwise.
    pub seat: Seat,
    /// What it chose, in words (`discard 5m instead of 9p`).
    pub instead: String,
}

impl WhatIf {
    /// The mark in one sentence, for notes and titles.
    #[must_use]
    pub fn sentence(&self) -> String {
        format!(
            "what-if: not a recorded game; a branch of it from event {} ({}), where seat {} chose: {}",
            self.from_event, self.kyoku, self.seat, self.instead
        )
    }
}

/// Where a damaged log stops being readable, kept with what was saved of
/// it: the import error that would have refused the whole file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Damage {
    /// The format the input was read as.
    pub format: Format,
    /// Where the damage is: the first place that cannot be read (for a cut
    /// file, where it stops).
    pub location: Source,
    /// What is wrong there, as the import error words it (without the
    /// format and the location).
    pub message: String,
}

impl fmt::Display for Damage {
    /// `tenhou-xml: line 1, element 812, byte 20480: the input ends inside …`,
    /// the form of the import error it stands for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.format)?;
        if !self.location.is_unknown() {
            write!(f, "{}: ", self.location)?;
        }
        f.write_str(&self.message)
    }
}

impl GameMeta {
    /// Metadata with nothing known but the format and the number of seats.
    #[must_use]
    pub fn new(format: Format, seats: u8) -> Self {
        Self {
            format,
            platform: None,
            log_id: None,
            seats,
            players: Vec::new(),
            rules: RuleHints::default(),
            end: None,
            incomplete: false,
            damage: None,
            notes: Vec::new(),
            what_if: None,
        }
    }
}

/// A whole game: metadata and the event stream.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameLog {
    /// Everything that is not an event.
    pub meta: GameMeta,
    /// The events in the order they happened.
    pub events: Vec<Entry>,
}

impl GameLog {
    /// The number of kyoku started in the log.
    #[must_use]
    pub fn kyoku_count(&self) -> usize {
        self.events
            .iter()
            .filter(|e| e.event.is_start_kyoku())
            .count()
    }

    /// The events without their source locations.
    pub fn plain_events(&self) -> impl Iterator<Item = &Event> {
        self.events.iter().map(|e| &e.event)
    }
}
