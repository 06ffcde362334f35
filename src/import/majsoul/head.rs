//! The record's `head`: the game's uuid, room settings (`config`), players
//! (`accounts`) and result, into the metadata and the rule hints.

use serde::Deserialize;

use crate::event::{EndClaim, GameLength, GameMeta, Player};

#[derive(Deserialize, Debug, Default)]
pub(super) struct Head {
    #[serde(default)]
    pub(super) uuid: Option<String>,
    #[serde(default)]
    pub(super) config: Option<Config>,
    #[serde(default)]
    pub(super) accounts: Vec<Account>,
    #[serde(default)]
    pub(super) result: Option<GameResult>,
}

#[derive(Deserialize, Debug, Default)]
pub(super) struct Config {
    /// 1 friendly or vs-AI room, 2 ranked, 4 tournament.
    #[serde(default)]
    pub(super) category: Option<u32>,
    #[serde(default)]
    pub(super) mode: Option<Mode>,
    #[serde(default)]
    pub(super) meta: Option<ConfigMeta>,
}

#[derive(Deserialize, Debug, Default)]
pub(super) struct Mode {
    /// 1 four-player east, 2 four-player south, 11 and 12 the same for
    /// three players; the others short games (`formats/majsoul.md`).
    #[serde(default)]
    pub(super) mode: Option<u32>,
    #[serde(default)]
    pub(super) detail_rule: Option<DetailRule>,
}

/// The room's own rules; a ranked game has none (the defaults apply).
#[derive(Deserialize, Debug, Default)]
pub(super) struct DetailRule {
    #[serde(default)]
    pub(super) init_point: Option<i32>,
    /// Red fives in the wall.
    #[serde(default)]
    pub(super) dora_count: Option<u8>,
    /// Open tanyao: 1 on, 0 off.
    #[serde(default)]
    pub(super) shiduan: Option<u8>,
    /// Three players: a tsumo is paid without the absent seat's share.
    #[serde(default)]
    pub(super) have_zimosun: Option<bool>,
}

#[derive(Deserialize, Debug, Default)]
pub(super) struct ConfigMeta {
    #[serde(default)]
    pub(super) mode_id: Option<u32>,
    #[serde(default)]
    pub(super) room_id: Option<u32>,
}

#[derive(Deserialize, Debug)]
pub(super) struct Account {
    #[serde(default)]
    pub(super) seat: u8,
    #[serde(default)]
    pub(super) nickname: String,
    #[serde(default)]
    pub(super) level: Option<Level>,
    #[serde(default)]
    pub(super) level3: Option<Level>,
}

#[derive(Deserialize, Debug)]
pub(super) struct Level {
    pub(super) id: u32,
}

#[derive(Deserialize, Debug, Default)]
pub(super) struct GameResult {
    #[serde(default)]
    pub(super) players: Vec<ResultPlayer>,
}

#[derive(Deserialize, Debug)]
pub(super) struct ResultPlayer {
    pub(super) seat: u8,
    /// The final score.
    #[serde(default)]
    pub(super) part_point_1: i32,
    /// The final score after uma, in points.
    #[serde(default)]
    pub(super) total_point: i32,
}

impl Head {
    /// The game mode number.
    pub(super) fn mode(&self) -> Option<u32> {
        self.config.as_ref()?.mode.as_ref()?.mode
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
    meta.log_id.clone_from(&head.uuid);
    let sanma = head.sanma();
    if let Some(sanma) = sanma {
        meta.seats = if sanma { 3 } else { 4 };
    }
    let seats = usize::from(meta.seats);
    let mut players = vec![Player::default(); seats];
    for a in &head.accounts {
        if let Some(p) = players.get_mut(usize::from(a.seat)) {
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
        m.room_id
            .map(|r| format!("room {r}"))
            .or_else(|| m.mode_id.map(|id| format!("mode {id}")))
    });
    hints.display = mode.map(|m| {
        let category = match head.config.as_ref().and_then(|c| c.category) {
            Some(2) => "ranked",
            Some(4) => "tournament",
            Some(1) => "friendly",
            _ => "room",
        };
        format!("{category}, mode {m}")
    });
    if let Some(d) = head.detail() {
        hints.red_fives = d.dora_count;
        hints.open_tanyao = d.shiduan.map(|s| s != 0);
        hints.starting_points = d.init_point;
        hints.tsumo_loss = d.have_zimosun;
    }
    if let Some(result) = &head.result
        && result.players.len() == seats
    {
        let mut scores = vec![0; seats];
        let mut points = vec![0.0; seats];
        for p in &result.players {
            if let (Some(s), Some(x)) = (
                scores.get_mut(usize::from(p.seat)),
                points.get_mut(usize::from(p.seat)),
            ) {
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
