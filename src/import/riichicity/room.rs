//! The room's settings (the members of `data` beside `handRecord`) into
//! the metadata and the rule hints.
//!
//! Which member means what is read off the records and the game's own
//! tables as public projects copy them (`formats/riichicity.md`, "The
//! room", gives each member's source); members that are no rule of play
//! (timers, ids, display) are not read.

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
    /// The han minimum (番縛り, the game's `EMFanFuType`): 0 and 1 a
    /// yaku of one han, 2 two han, 3 four han, 4 a mangan, 5 a closed
    /// hand.
    fang_fu: Option<u32>,
    /// Rinshan liability (杠包, *assumed* from the name and where it is
    /// set: `formats/riichicity.md`, "The room").
    is_gang_pay: Option<bool>,
    /// Three players: 0 north set aside as dora (拔北), 1 north a yakuhai
    /// (the game's `EGameNorthType`).
    north_operate_type: Option<u32>,
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
    if let Some(minimum) = room.fang_fu.and_then(han_minimum) {
        local.push(minimum.to_owned());
    }
    hints.rinshan_liability = room.is_gang_pay;
    if room.seats() == 3 {
        hints.nukidora = match room.north_operate_type {
            Some(0) => Some(true),
            Some(1) => Some(false),
            _ => None,
        };
    }
    if matches!(room.game_play, Some(1002 | 1003)) {
        // A tournament's or friend room's organiser sets these (the
        // game's room rule: `isQieShang`, `penaltyInfo`, `orderPoints`,
        // `fristReqPoints`, `changBang`, `ThreeZiMoType`); the record
        // keeps none of them.
        hints.unrecorded = [
            "kiriage",
            "noten payments",
            "uma and oka",
            "counter value",
            "tsumo loss",
        ]
        .map(str::to_owned)
        .to_vec();
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
    if room.is_gang_pay == Some(true) {
        display.push("rinshan liability".to_owned());
    }
    if hints.nukidora == Some(false) {
        display.push("north as yakuhai".to_owned());
    }
    hints.display = Some(display.join(", "));
    hints.local_rules = local;
}

/// The local rule a han minimum (`fangFu`) names; none for the usual one
/// yaku (0, 1) or a value the game's table does not have.
fn han_minimum(fang_fu: u32) -> Option<&'static str> {
    match fang_fu {
        2 => Some("two-han minimum"),
        3 => Some("four-han minimum"),
        4 => Some("mangan minimum"),
        5 => Some("closed hands only"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Room, apply};
    use crate::event::{Format, GameMeta};

    fn hints(json: &str) -> crate::event::RuleHints {
        let room: Room = serde_json::from_str(json).unwrap_or_default();
        let mut meta = GameMeta::new(Format::RiichiCity, room.seats());
        apply(&room, &mut meta);
        meta.rules
    }

    #[test]
    fn a_ranked_room_records_what_it_plays() {
        let h = hints(
            r#"{"playerCount": 3, "gamePlay": 1001, "fangFu": 0, "isGangPay": false,
                "northOperateType": 0, "round": 2}"#,
        );
        assert_eq!(h.rinshan_liability, Some(false));
        assert_eq!(h.nukidora, Some(true));
        assert!(h.unrecorded.is_empty() && h.local_rules.is_empty());
    }

    #[test]
    fn a_friend_room_names_what_its_record_does_not_carry() {
        let h = hints(
            r#"{"playerCount": 3, "gamePlay": 1003, "fangFu": 2, "isGangPay": true,
                "northOperateType": 1}"#,
        );
        assert_eq!(h.rinshan_liability, Some(true));
        assert_eq!(h.nukidora, Some(false));
        assert!(h.unrecorded.iter().any(|u| u == "kiriage"));
        assert_eq!(h.local_rules, vec!["two-han minimum".to_owned()]);
        // One han (`fangFu` 1, every friend room of the corpus) is the
        // usual minimum: no local rule.
        assert!(
            hints(r#"{"gamePlay": 1003, "fangFu": 1}"#)
                .local_rules
                .is_empty()
        );
    }
}
