//! The record's `head`: the game's uuid, room settings (`config`), players
//! (`accounts`) and result, into the metadata and the rule hints.

use serde::Deserialize;

use crate::event::{EndClaim, GameLength, GameMeta, Player};

/// `.lq.RecordGame`: the game's uuid, room settings, players and result.
/// Read from the JSON `head` and from the wire form's `ResGameRecord.head`
/// alike (`records.rs` says how the two forms share one type).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Head {
    /// The game's uuid (empty: not recorded).
    #[prost(string, tag = "1")]
    pub uuid: String,
    /// The room settings.
    #[prost(message, optional, tag = "5")]
    pub config: Option<Config>,
    /// The players (the AI's seats have none).
    #[prost(message, repeated, tag = "11")]
    pub accounts: Vec<Account>,
    /// The final scores and points.
    #[prost(message, optional, tag = "12")]
    pub result: Option<GameResult>,
}

/// `.lq.GameConfig`.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Config {
    /// 1 friendly or vs-AI room, 2 ranked, 4 tournament (0: not recorded).
    #[prost(uint32, tag = "1")]
    pub category: u32,
    /// The mode and the room's own rules.
    #[prost(message, optional, tag = "2")]
    pub mode: Option<Mode>,
    /// The room or ranked mode.
    #[prost(message, optional, tag = "3")]
    pub meta: Option<ConfigMeta>,
}

/// `.lq.GameMode`.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Mode {
    /// 1 four-player east, 2 four-player south, 11 and 12 the same for
    /// three players; the others short games (`formats/majsoul.md`); 0: not
    /// recorded.
    #[prost(uint32, tag = "1")]
    pub mode: u32,
    /// The room's own rules.
    #[prost(message, optional, tag = "6")]
    pub detail_rule: Option<DetailRule>,
}

/// The room's own rules (`.lq.GameDetailRule`); a ranked game has none
/// (the defaults apply). A rule left out is unknown, not 0: a ranked game's
/// `detail_rule` is empty.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct DetailRule {
    /// Red fives in the wall.
    #[prost(uint32, optional, tag = "3")]
    pub dora_count: Option<u32>,
    /// Open tanyao: 1 on, 0 off.
    #[prost(uint32, optional, tag = "4")]
    pub shiduan: Option<u32>,
    /// The starting points.
    #[prost(uint32, optional, tag = "5")]
    pub init_point: Option<u32>,
    /// Three players: a tsumo is paid without the absent seat's share.
    #[prost(bool, optional, tag = "39")]
    pub have_zimosun: Option<bool>,
}

/// `.lq.GameMetaData`.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct ConfigMeta {
    /// The room's number (0: none).
    #[prost(uint32, tag = "1")]
    pub room_id: u32,
    /// The ranked mode's number (0: none).
    #[prost(uint32, tag = "2")]
    pub mode_id: u32,
}

/// A player (`.lq.RecordGame.AccountInfo`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Account {
    /// The seat.
    #[prost(uint32, tag = "2")]
    pub seat: u32,
    /// The player's name.
    #[prost(string, tag = "3")]
    pub nickname: String,
    /// The four-player rank.
    #[prost(message, optional, tag = "7")]
    pub level: Option<Level>,
    /// The three-player rank.
    #[prost(message, optional, tag = "8")]
    pub level3: Option<Level>,
}

/// A rank (`.lq.AccountLevel`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Level {
    /// `10403`: four players, 雀豪★3.
    #[prost(uint32, tag = "1")]
    pub id: u32,
}

/// `.lq.GameEndResult`.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct GameResult {
    /// Each seat's result.
    #[prost(message, repeated, tag = "1")]
    pub players: Vec<ResultPlayer>,
}

/// One seat's result (`.lq.GameEndResult.PlayerItem`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct ResultPlayer {
    /// The seat.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// The final score after uma, in points.
    #[prost(int32, tag = "2")]
    pub total_point: i32,
    /// The final score.
    #[prost(int32, tag = "3")]
    pub part_point_1: i32,
}

impl Head {
    /// The game mode number.
    pub(super) fn mode(&self) -> Option<u32> {
        Some(self.config.as_ref()?.mode.as_ref()?.mode).filter(|m| *m != 0)
    }

    fn detail(&self) -> Option<&DetailRule> {
        self.config.as_ref()?.mode.as_ref()?.detail_rule.as_ref()
    }

    /// Three players, as the mode says (11 and up).
    pub(super) fn sanma(&self) -> Option<bool> {
        self.mode().map(|m| (11..=20).contains(&m))
    }
}

/// A rank as the game names it, from a level id (`10403` → 雀豪★3 … for
/// four players, `203xx` for three).
fn rank(id: u32) -> Option<String> {
    let name = match (id / 100) % 100 {
        1 => "初心",
        2 => "雀士",
        3 => "雀傑",
        4 => "雀豪",
        5 => "雀聖",
        6 => "魂天",
        7 => "魂天",
        _ => return None,
    };
    Some(format!("{name}★{}", id % 100))
}

/// Fills the metadata from the head.
pub(super) fn apply(head: &Head, meta: &mut GameMeta) {
    meta.log_id = (!head.uuid.is_empty()).then(|| head.uuid.clone());
    let sanma = head.sanma();
    if let Some(sanma) = sanma {
        meta.seats = if sanma { 3 } else { 4 };
    }
    let seats = usize::from(meta.seats);
    let mut players = vec![Player::default(); seats];
    for a in &head.accounts {
        if let Some(p) = usize::try_from(a.seat)
            .ok()
            .and_then(|i| players.get_mut(i))
        {
            p.name.clone_from(&a.nickname);
            let level = if sanma == Some(true) {
                a.level3.as_ref()
            } else {
                a.level.as_ref()
            };
            p.rank = level.and_then(|l| rank(l.id));
        }
    }
    // Seats no account sits in are the AI's.
    for p in &mut players {
        if p.name.is_empty() {
            p.name = "AI".to_owned();
        }
    }
    meta.players = players;
    let hints = &mut meta.rules;
    let mode = head.mode();
    hints.length = match mode.map(|m| m % 10) {
        Some(1) => Some(GameLength::EastOnly),
        Some(2) => Some(GameLength::Hanchan),
        _ => None,
    };
    hints.lobby = head.config.as_ref().and_then(|c| {
        let m = c.meta.as_ref()?;
        match (m.room_id, m.mode_id) {
            (0, 0) => None,
            (0, id) => Some(format!("mode {id}")),
            (room, _) => Some(format!("room {room}")),
        }
    });
    hints.display = mode.map(|m| {
        let category = match head.config.as_ref().map(|c| c.category) {
            Some(2) => "ranked",
            Some(4) => "tournament",
            Some(1) => "friendly",
            _ => "room",
        };
        format!("{category}, mode {m}")
    });
    if let Some(d) = head.detail() {
        hints.red_fives = d.dora_count.and_then(|n| u8::try_from(n).ok());
        hints.open_tanyao = d.shiduan.map(|s| s != 0);
        hints.starting_points = d.init_point.and_then(|p| i32::try_from(p).ok());
        hints.tsumo_loss = d.have_zimosun;
    }
    if let Some(result) = &head.result
        && result.players.len() == seats
    {
        let mut scores = vec![0; seats];
        let mut points = vec![0.0; seats];
        for p in &result.players {
            let seat = usize::try_from(p.seat).unwrap_or(usize::MAX);
            if let (Some(s), Some(x)) = (scores.get_mut(seat), points.get_mut(seat)) {
                *s = p.part_point_1;
                *x = f64::from(p.total_point) / 1000.0;
            }
        }
        meta.end = Some(EndClaim {
            scores: Some(scores),
            points: Some(points),
        });
    }
}
