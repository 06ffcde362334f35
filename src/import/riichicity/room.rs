//! The room's settings (the members of `data` beside `handRecord`) into
//! the metadata and the rule hints.
//!
//! Which flag means what is read off the records (`formats/riichicity.md`,
//! "The room"): a flag whose effect the corpus does not show is kept in
//! the display line only.

use serde::Deserialize;

use crate::event::{GameLength, GameMeta};

/// The room's settings. Every field may be missing.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct Room {
    /// 3 or 4.
    player_count: Option<u8>,
    /// 1 east only, 2 east and south, 3 a one-hand game (一局戦).
    round: Option<u8>,
    /// The points each player starts with.
    init_points: Option<i32>,
    /// The game's record id (the `pai_pu_id` of its last event).
    key_value: Option<String>,
    room_id: Option<String>,
    /// 1001 ranked (段位戦), 1002 a tournament match, 1003 a friend room,
    /// 1004 a one-hand game.
    game_play: Option<u32>,
    /// Open riichi (開立直) allowed.
    is_kai_li_zhi: Option<bool>,
    /// Yakitori (焼き鳥): settled in `shao_ji_score`, apart from points.
    is_shao_ji: Option<bool>,
    /// Wareme (割れ目): the seat the wall is broken at pays and gets double.
    is_ge_mu: Option<bool>,
    /// Chips (祝儀): settled in `luck_score`, apart from points.
    is_luck: Option<bool>,
    /// Not read: the corpus does not show what these change.
    fang_fu: Option<u32>,
    is_gang_pay: Option<bool>,
}

impl Room {
    /// The number of seats (4 when the room does not say).
    pub(super) fn seats(&self) -> u8 {
        match self.player_count {
            Some(3) => 3,
            _ => 4,
        }
    }
}

/// Fills the metadata from the room's settings.
pub(super) fn apply(room: &Room, meta: &mut GameMeta) {
    meta.log_id.clone_from(&room.key_value);
    let hints = &mut meta.rules;
    hints.length = match room.round {
        Some(1) => Some(GameLength::EastOnly),
        Some(2) => Some(GameLength::Hanchan),
        _ => None,
    };
    hints.starting_points = room.init_points.filter(|p| *p > 0);
    hints.lobby = room.room_id.as_ref().map(|r| format!("room {r}"));
    let mut local = Vec::new();
    for (on, name) in [
        (room.is_kai_li_zhi, "open riichi"),
        (room.is_ge_mu, "wareme"),
        (room.is_shao_ji, "yakitori"),
        (room.is_luck, "chips"),
    ] {
        if on == Some(true) {
            local.push(name.to_owned());
        }
    }
    let mut display = vec![match room.game_play {
        Some(1001) => "ranked".to_owned(),
        Some(1002) => "tournament".to_owned(),
        Some(1003) => "friend room".to_owned(),
        Some(1004) => "one-hand game".to_owned(),
        Some(g) => format!("game type {g}"),
        None => "room".to_owned(),
    }];
    display.push(match room.round {
        Some(1) => "east".to_owned(),
        Some(2) => "east and south".to_owned(),
        Some(3) => "one hand".to_owned(),
        Some(r) => format!("round {r}"),
        None => "length not given".to_owned(),
    });
    display.extend(local.iter().cloned());
    if let Some(f) = room.fang_fu.filter(|f| *f != 0) {
        display.push(format!("fangFu {f}"));
    }
    if room.is_gang_pay == Some(true) {
        display.push("isGangPay".to_owned());
    }
    hints.display = Some(display.join(", "));
    hints.local_rules = local;
}
