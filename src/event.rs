//! The normalised event stream: the contract between the importers and
//! everything that reads a game (engine, exporters, viewer).
//!
//! `formats/events.md` is the written specification of these types and of
//! their JSON lines form; keep the two in step.
//!
//! Three kinds of data travel here, and they are kept apart:
//!
//! * **actions**: what the players did (draws, discards, calls, riichi);
//! * **outcomes**: how a kyoku ended (a win by whom on which tile, a draw of
//!   which kind);
//! * **claims**: what the log *asserts* about the result (han, fu, points,
//!   yaku, score deltas, tenpai, final scores). Claims are never trusted: the
//!   engine recomputes them and compares.
//!
//! Every event carries the [`Source`] location it came from.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::tile::Tile;
use crate::yaku::Yaku;

/// A seat at the table, 0–3, counted from the first dealer (seat 0 is East
/// in the first kyoku). Three-player games use seats 0–2.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// The seat with this number, if it is 0–3.
    #[must_use]
    pub const fn new(n: u8) -> Option<Self> {
        if n < 4 { Some(Self(n)) } else { None }
    }

    /// The seat number 0–3.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat number 0–3.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The seat `offset` places to the right (in turn order) at a table of
    /// `seats` players.
    #[must_use]
    pub const fn plus(self, offset: u8, seats: u8) -> Self {
        Self((self.0 + offset % seats) % seats)
    }

    /// The seats of a table of `seats` players, in order.
    pub fn all(seats: u8) -> impl Iterator<Item = Self> {
        (0..seats.min(4)).map(Self)
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;

    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Self::new(n).ok_or_else(|| format!("seat {n} is not 0-3"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> Self {
        s.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A wind: of the round (bakaze) or of a seat (jikaze).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Wind {
    /// East.
    #[serde(rename = "E")]
    East,
    /// South.
    #[serde(rename = "S")]
    South,
    /// West (a West round happens when nobody reached the target score).
    #[serde(rename = "W")]
    West,
    /// North.
    #[serde(rename = "N")]
    North,
}

impl Wind {
    /// The wind with index 0 (East) to 3 (North), wrapping.
    #[must_use]
    pub const fn from_index(i: u8) -> Self {
        match i % 4 {
            0 => Self::East,
            1 => Self::South,
            2 => Self::West,
            _ => Self::North,
        }
    }

    /// The index 0 (East) to 3 (North).
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The letter E, S, W or N.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::East => 'E',
            Self::South => 'S',
            Self::West => 'W',
            Self::North => 'N',
        }
    }

    /// The wind tile of this wind.
    #[must_use]
    pub const fn tile(self) -> Tile {
        match Tile::from_kind(27 + self.index()) {
            Some(t) => t,
            None => unreachable!(),
        }
    }
}

/// Where in the source file an event (or an error) comes from. Fields that a
/// format does not have are `None`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Source {
    /// 1-based line of the (decompressed) input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 0-based byte offset in the (decompressed) input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte: Option<u64>,
    /// Tenhou XML: 0-based ordinal of the element in the document (the root
    /// `mjloggm` is element 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element: Option<u32>,
    /// tenhou.net/6 JSON: the path of the value, e.g. `log[2][6][4]` (kyoku
    /// index 2, array 6 = seat 0's discards, entry 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

impl Source {
    /// Whether no field is known.
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        self.line.is_none() && self.byte.is_none() && self.element.is_none() && self.path.is_none()
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(l) = self.line {
            parts.push(format!("line {l}"));
        }
        if let Some(p) = &self.path {
            parts.push(p.clone());
        }
        if let Some(e) = self.element {
            parts.push(format!("element {e}"));
        }
        if let Some(b) = self.byte {
            parts.push(format!("byte {b}"));
        }
        if parts.is_empty() {
            f.write_str("(unknown location)")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// One event of the normalised stream with the place it came from.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
    /// Where the log says it.
    #[serde(default, skip_serializing_if = "Source::is_unknown")]
    pub src: Source,
}

/// One event. Names follow mjai (`tsumo`, `dahai`, `hora`, `ryukyoku`); the
/// JSON form is an object with a `type` field, as in mjai.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A kyoku begins.
    StartKyoku(Box<StartKyoku>),
    /// A draw, from the live wall or (`rinshan`) the replacement draw after
    /// a kong or a north tile set aside.
    Tsumo {
        /// Who draws.
        actor: Seat,
        /// The tile, `None` (JSON `null`) when the log hides it.
        pai: Option<Tile>,
        /// A replacement draw from the dead wall.
        #[serde(default, skip_serializing_if = "is_false")]
        rinshan: bool,
    },
    /// A discard.
    Dahai {
        /// Who discards.
        actor: Seat,
        /// The tile.
        pai: Tile,
        /// The discard is the tile just drawn (tsumogiri).
        tsumogiri: bool,
        /// The discard declares riichi.
        #[serde(default, skip_serializing_if = "is_false")]
        riichi: bool,
    },
    /// A chi: `actor` takes `pai` discarded by `target` and shows `consumed`
    /// from the hand.
    Chi {
        /// Who calls.
        actor: Seat,
        /// Whose discard is taken.
        target: Seat,
        /// The tile taken.
        pai: Tile,
        /// The two tiles from the caller's hand.
        consumed: [Tile; 2],
    },
    /// A pon.
    Pon {
        /// Who calls.
        actor: Seat,
        /// Whose discard is taken.
        target: Seat,
        /// The tile taken.
        pai: Tile,
        /// The two tiles from the caller's hand.
        consumed: [Tile; 2],
    },
    /// An open kong on a discard (daiminkan).
    Daiminkan {
        /// Who calls.
        actor: Seat,
        /// Whose discard is taken.
        target: Seat,
        /// The tile taken.
        pai: Tile,
        /// The three tiles from the caller's hand.
        consumed: [Tile; 3],
    },
    /// An added kong (kakan): `pai` is added to an existing pon.
    Kakan {
        /// Who declares.
        actor: Seat,
        /// The added tile.
        pai: Tile,
        /// The three tiles of the pon it extends.
        consumed: [Tile; 3],
    },
    /// A concealed kong (ankan).
    Ankan {
        /// Who declares.
        actor: Seat,
        /// The four tiles.
        consumed: [Tile; 4],
    },
    /// A north tile set aside as dora in a three-player game (nukidora, kita).
    Nukidora {
        /// Who sets it aside.
        actor: Seat,
        /// The tile (a north).
        pai: Tile,
    },
    /// A new dora indicator is revealed, at the place the log shows it.
    Dora {
        /// The indicator.
        marker: Tile,
    },
    /// The riichi discard passed without a win: the stick is paid.
    RiichiAccepted {
        /// The riichi player.
        actor: Seat,
        /// What the log claims about the scores after paying.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<ScoresClaim>,
    },
    /// A win. Several in a row share one discard (double ron).
    Hora {
        /// The winner.
        actor: Seat,
        /// The discarder; equal to `actor` for a tsumo.
        target: Seat,
        /// The winning tile (for chankan, the added tile of the kong robbed).
        pai: Tile,
        /// What the log claims about this win.
        claim: Box<WinClaim>,
    },
    /// The kyoku ends in a draw.
    Ryukyoku {
        /// Which kind of draw.
        kind: DrawKind,
        /// What the log claims about it.
        claim: Box<DrawClaim>,
    },
    /// The kyoku is over (after its outcome).
    EndKyoku,
    /// A player's connection dropped (Tenhou `BYE`). No rule depends on it.
    Disconnect {
        /// Who.
        seat: Seat,
    },
    /// A player came back (Tenhou single-name `UN`).
    Reconnect {
        /// Who.
        seat: Seat,
    },
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Event {
    /// The seat that acts in this event, if one does.
    #[must_use]
    pub fn actor(&self) -> Option<Seat> {
        match self {
            Self::Tsumo { actor, .. }
            | Self::Dahai { actor, .. }
            | Self::Chi { actor, .. }
            | Self::Pon { actor, .. }
            | Self::Daiminkan { actor, .. }
            | Self::Kakan { actor, .. }
            | Self::Ankan { actor, .. }
            | Self::Nukidora { actor, .. }
            | Self::RiichiAccepted { actor, .. }
            | Self::Hora { actor, .. } => Some(*actor),
            Self::Disconnect { seat } | Self::Reconnect { seat } => Some(*seat),
            Self::StartKyoku(_) | Self::Dora { .. } | Self::Ryukyoku { .. } | Self::EndKyoku => {
                None
            }
        }
    }

    /// The `type` name of the JSON form.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::StartKyoku(_) => "start_kyoku",
            Self::Tsumo { .. } => "tsumo",
            Self::Dahai { .. } => "dahai",
            Self::Chi { .. } => "chi",
            Self::Pon { .. } => "pon",
            Self::Daiminkan { .. } => "daiminkan",
            Self::Kakan { .. } => "kakan",
            Self::Ankan { .. } => "ankan",
            Self::Nukidora { .. } => "nukidora",
            Self::Dora { .. } => "dora",
            Self::RiichiAccepted { .. } => "riichi_accepted",
            Self::Hora { .. } => "hora",
            Self::Ryukyoku { .. } => "ryukyoku",
            Self::EndKyoku => "end_kyoku",
            Self::Disconnect { .. } => "disconnect",
            Self::Reconnect { .. } => "reconnect",
        }
    }
}

/// The start of a kyoku.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StartKyoku {
    /// The round wind (bakaze).
    pub round_wind: Wind,
    /// The kyoku number within the round, 1–4 (1–3 in three-player games).
    pub kyoku: u8,
    /// Counters (honba) on the table.
    pub honba: u8,
    /// Riichi sticks left on the table from earlier kyoku (kyotaku).
    pub riichi_sticks: u8,
    /// The dealer (oya).
    pub dealer: Seat,
    /// Each seat's score at the start, in points; `None` when the log does
    /// not say (some mjai servers leave it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// The first dora indicator.
    pub dora_marker: Tile,
    /// Each seat's 13 starting tiles, sorted (the order carries no
    /// information); `None` for a tile the log hides.
    pub hands: Vec<Vec<Option<Tile>>>,
}

impl StartKyoku {
    /// A label like `E2-1` (round wind, kyoku, honba).
    #[must_use]
    pub fn label(&self) -> String {
        format!("{}{}-{}", self.round_wind.letter(), self.kyoku, self.honba)
    }
}

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
    FourKans,
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
    /// Score changes of every seat, counters and sticks included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deltas: Option<Vec<i32>>,
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
}

impl Format {
    /// The name used on the command line and in reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::TenhouXml => "tenhou-xml",
            Self::Tenhou6 => "tenhou6",
            Self::Mjai => "mjai",
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
    /// Notes of the importer or exporter: what the source format could not
    /// say and how that was handled. Never empty when something was inferred.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
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
            notes: Vec::new(),
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
            .filter(|e| matches!(e.event, Event::StartKyoku(_)))
            .count()
    }

    /// The events without their source locations.
    pub fn plain_events(&self) -> impl Iterator<Item = &Event> {
        self.events.iter().map(|e| &e.event)
    }
}
