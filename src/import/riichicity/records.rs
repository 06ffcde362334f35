//! The record's hands and events as serde types.
//!
//! Field names are the server's (camel case in the record, snake case in
//! the embedded events). Every field the reader does not need is ignored,
//! and every field it can do without has a default.

use serde::Deserialize;
use serde_json::value::RawValue;

/// One entry of `handRecord`.
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub(super) struct HandRecord<'t> {
    /// The whole wall in compact notation, in the order it is dealt.
    #[serde(default)]
    pub(super) hand_card_encode: Option<String>,
    /// The SHA-256 of `handCardEncode` in hexadecimal: the server's
    /// commitment to the wall.
    #[serde(default, rename = "handCardsSHA256")]
    pub(super) hand_cards_sha256: Option<String>,
    /// The tiles after the deal, by number.
    #[serde(default, borrow)]
    pub(super) pai_shan: Option<&'t RawValue>,
    #[serde(default)]
    pub(super) players: Vec<PlayerRecord>,
    #[serde(borrow)]
    pub(super) hand_event_record: Vec<&'t RawValue>,
}

/// A player of a hand.
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlayerRecord {
    #[serde(default)]
    pub(super) nickname: String,
    pub(super) user_id: u64,
    /// The seat: 0 is the first hand's East when its dealer sits there.
    pub(super) position: u8,
}

/// One entry of `handEventRecord`: the event's fields are `data`, a JSON
/// string (or, in a record saved decoded, an object).
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub(super) struct EventRecord<'t> {
    pub(super) event_type: u32,
    #[serde(default)]
    pub(super) user_id: u64,
    #[serde(borrow)]
    pub(super) data: &'t RawValue,
}

/// Event type 1: one seat's deal, with the hand's state.
#[derive(Deserialize, Debug)]
pub(super) struct Deal {
    pub(super) hand_cards: Vec<i64>,
    pub(super) dealer_pos: u8,
    /// The first dora indicator.
    pub(super) bao_pai_card: i64,
    /// The round wind as a tile number (49 East, 65 South, …).
    pub(super) quan_feng: i64,
    /// The kyoku number within the round, from 1.
    pub(super) chang_ci: u8,
    #[serde(default)]
    pub(super) ben_chang_num: u8,
    #[serde(default)]
    pub(super) li_zhi_bang_num: u8,
    #[serde(default)]
    pub(super) user_info_list: Vec<UserInfo>,
}

/// A seat's score at the start of a hand.
#[derive(Deserialize, Debug)]
pub(super) struct UserInfo {
    pub(super) user_id: u64,
    pub(super) hand_points: i32,
}

/// Event type 2: a draw (`in_card` 0: the turn of a seat that draws
/// nothing, the dealer's first or a caller's).
#[derive(Deserialize, Debug)]
pub(super) struct Draw {
    pub(super) in_card: i64,
    #[serde(default)]
    pub(super) is_gang_incard: bool,
}

/// Event type 4: a player's action.
#[derive(Deserialize, Debug)]
pub(super) struct Action {
    pub(super) action: u32,
    #[serde(default)]
    pub(super) card: i64,
    #[serde(default)]
    pub(super) group_cards: Option<Vec<i64>>,
    #[serde(default)]
    pub(super) is_li_zhi: bool,
    /// Where the tile leaves the hand (counted from 1, the drawn tile
    /// last) and where the drawn tile goes.
    #[serde(default)]
    pub(super) move_cards_pos: Option<Vec<i64>>,
}

/// Event type 5: the end of a hand.
#[derive(Deserialize, Debug)]
pub(super) struct End {
    pub(super) end_type: u32,
    #[serde(default)]
    pub(super) win_info: Option<Vec<WinInfo>>,
    #[serde(default)]
    pub(super) user_profit: Option<Vec<Profit>>,
}

/// A win, or a tenpai hand shown at an exhaustive draw.
#[derive(Deserialize, Debug)]
pub(super) struct WinInfo {
    pub(super) user_id: u64,
    #[serde(default)]
    pub(super) fang_info: Option<Vec<Fang>>,
    #[serde(default)]
    pub(super) all_fang_num: u32,
    #[serde(default)]
    pub(super) all_fu: u32,
    #[serde(default)]
    pub(super) all_point: i32,
    #[serde(default)]
    pub(super) user_cards: Option<Vec<i64>>,
    #[serde(default)]
    pub(super) li_bao_card: Option<Vec<i64>>,
}

/// One yaku of a win.
#[derive(Deserialize, Debug)]
pub(super) struct Fang {
    pub(super) fang_type: u32,
    pub(super) fang_num: u32,
}

/// A seat's score change at the end of a hand.
#[derive(Deserialize, Debug)]
pub(super) struct Profit {
    pub(super) user_id: u64,
    /// The change, riichi sticks collected included; the riichi sticks
    /// paid during the hand are not in it.
    pub(super) point_profit: i32,
}

/// Event type 6: the end of the game.
#[derive(Deserialize, Debug)]
pub(super) struct GameEnd {
    #[serde(default)]
    pub(super) user_data: Vec<UserData>,
}

/// A seat's final result.
#[derive(Deserialize, Debug)]
pub(super) struct UserData {
    pub(super) user_id: u64,
    pub(super) point_num: i32,
    /// The game points after uma and oka, in tenths.
    pub(super) score: i32,
}

/// Event type 7: the kan dora indicators turned so far.
#[derive(Deserialize, Debug)]
pub(super) struct NewDora {
    pub(super) cards: Vec<i64>,
}
