//! The round records of a Mahjong Soul game (`.lq.Record*` messages), read
//! from either form the game's records take: the JSON that record tools
//! write (serde) and the protobuf wire form of the game's own download
//! (prost). One type per message serves both, so that the play reader sees
//! one typed record whichever form it came from.
//!
//! Field names and numbers are those of the public message definitions
//! (`liqi.proto`, package `lq`); the lower camel case of the protobuf JSON
//! mapping is read too. Only the fields paifu reads are declared: the wire
//! decoder skips the others (timers, the offered operations, the wait
//! lists), as protobuf readers do. Every field defaults as in proto3 (a
//! number 0, a list empty), in both forms: JSON writers leave default
//! values out as the wire form does.

use serde::Deserialize;

/// `.lq.RecordNewRound`: a kyoku starts.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct NewRound {
    /// The round wind: 0 East, 1 South, 2 West, 3 North.
    #[prost(uint32, tag = "1")]
    pub chang: u32,
    /// The kyoku within the round, 0-based; the dealer's seat.
    #[prost(uint32, tag = "2")]
    pub ju: u32,
    /// Counters (honba).
    #[prost(uint32, tag = "3")]
    pub ben: u32,
    /// An older form of `doras`: the one indicator.
    #[prost(string, tag = "4")]
    pub dora: String,
    /// Each seat's score.
    #[prost(int32, repeated, tag = "5")]
    pub scores: Vec<i32>,
    /// Riichi sticks on the table.
    #[prost(uint32, tag = "6")]
    pub liqibang: u32,
    /// Seat 0's dealt tiles (fourteen for the dealer).
    #[prost(string, repeated, tag = "7")]
    pub tiles0: Vec<String>,
    /// Seat 1's dealt tiles.
    #[prost(string, repeated, tag = "8")]
    pub tiles1: Vec<String>,
    /// Seat 2's dealt tiles.
    #[prost(string, repeated, tag = "9")]
    pub tiles2: Vec<String>,
    /// Seat 3's dealt tiles (none for three players).
    #[prost(string, repeated, tag = "10")]
    pub tiles3: Vec<String>,
    /// The whole wall, deal included, as one tile string (`formats/majsoul.md`,
    /// "The wall").
    #[prost(string, tag = "14")]
    pub paishan: String,
    /// The dora indicators (the first one at the start).
    #[prost(string, repeated, tag = "16")]
    pub doras: Vec<String>,
}

/// A riichi stick paid: the riichi declared with the previous discard
/// stands (`.lq.LiQiSuccess`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Liqi {
    /// The seat that declared riichi.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
}

/// `.lq.RecordDealTile`: a draw.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct DealTile {
    /// The seat that draws.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// The tile drawn.
    #[prost(string, tag = "2")]
    pub tile: String,
    /// The previous discard's riichi, now paid.
    #[prost(message, optional, tag = "5")]
    pub liqi: Option<Liqi>,
    /// The dora indicators after this draw, when a kan dora was turned.
    #[prost(string, repeated, tag = "6")]
    pub doras: Vec<String>,
}

/// `.lq.RecordDiscardTile`: a discard, maybe with riichi.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct DiscardTile {
    /// The seat that discards.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// The tile discarded.
    #[prost(string, tag = "2")]
    pub tile: String,
    /// The discard declares riichi.
    #[prost(bool, tag = "3")]
    #[serde(alias = "isLiqi")]
    pub is_liqi: bool,
    /// The tile discarded is the one just drawn (tsumogiri).
    #[prost(bool, tag = "5")]
    pub moqie: bool,
    /// The dora indicators after the discard, when a kan dora was turned.
    #[prost(string, repeated, tag = "8")]
    pub doras: Vec<String>,
    /// The discard declares double riichi.
    #[prost(bool, tag = "9")]
    #[serde(alias = "isWliqi")]
    pub is_wliqi: bool,
}

/// `.lq.RecordChiPengGang`: a chi, pon or open kong on a discard.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct ChiPengGang {
    /// The seat that calls.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// 0 chi, 1 pon, 2 open kong.
    #[prost(uint32, tag = "2")]
    #[serde(rename = "type")]
    pub kind: u32,
    /// The tiles of the set, the called one among them.
    #[prost(string, repeated, tag = "3")]
    pub tiles: Vec<String>,
    /// For each tile, the seat it came from.
    #[prost(uint32, repeated, tag = "4")]
    pub froms: Vec<u32>,
    /// The previous discard's riichi, now paid.
    #[prost(message, optional, tag = "5")]
    pub liqi: Option<Liqi>,
}

/// `.lq.RecordAnGangAddGang`: a concealed or an added kong.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct AnGangAddGang {
    /// The seat that declares the kong.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// 2 added kong, 3 concealed kong.
    #[prost(uint32, tag = "2")]
    #[serde(rename = "type")]
    pub kind: u32,
    /// The tile of the kong (the one added, for an added kong).
    #[prost(string, tag = "3")]
    pub tiles: String,
    /// The dora indicators after the kong, when a kan dora was turned.
    #[prost(string, repeated, tag = "6")]
    pub doras: Vec<String>,
}

/// `.lq.RecordBaBei`: a north set aside (three players).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct BaBei {
    /// The seat that sets the north aside.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// The dora indicators after it.
    #[prost(string, repeated, tag = "6")]
    pub doras: Vec<String>,
}

/// One yaku of a win (`.lq.FanInfo`): its id in Mahjong Soul's table and
/// its han (the multiplier for a yakuman).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Fan {
    /// The han (for a yakuman, how many times yakuman).
    #[prost(uint32, tag = "2")]
    pub val: u32,
    /// The yaku's id (`fans.rs`).
    #[prost(uint32, tag = "3")]
    pub id: u32,
}

/// One win of a `.lq.RecordHule` (`.lq.HuleInfo`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct HuleInfo {
    /// The concealed tiles without the winning tile.
    #[prost(string, repeated, tag = "1")]
    pub hand: Vec<String>,
    /// The winning tile.
    #[prost(string, tag = "3")]
    #[serde(alias = "huTile")]
    pub hu_tile: String,
    /// The winner.
    #[prost(uint32, tag = "4")]
    pub seat: u32,
    /// A win on one's own draw.
    #[prost(bool, tag = "5")]
    pub zimo: bool,
    /// The winner is in riichi.
    #[prost(bool, tag = "7")]
    pub liqi: bool,
    /// The dora indicators.
    #[prost(string, repeated, tag = "8")]
    pub doras: Vec<String>,
    /// The ura dora indicators (a riichi winner's).
    #[prost(string, repeated, tag = "9")]
    #[serde(alias = "liDoras")]
    pub li_doras: Vec<String>,
    /// A yakuman hand.
    #[prost(bool, tag = "10")]
    pub yiman: bool,
    /// Total han (the number of yakuman for a yakuman hand). Absent (and,
    /// in the wire form, 0, which no win has): not recorded.
    #[prost(uint32, optional, tag = "11")]
    pub count: Option<u32>,
    /// The yaku.
    #[prost(message, repeated, tag = "12")]
    pub fans: Vec<Fan>,
    /// The fu (Mahjong Soul writes it for limit hands too). Absent (and, in
    /// the wire form, 0, which no hand has): not recorded.
    #[prost(uint32, optional, tag = "13")]
    pub fu: Option<u32>,
    /// 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 and up a
    /// yakuman. Absent: 0 in the wire form, unknown in JSON.
    #[prost(uint32, optional, tag = "18")]
    #[serde(alias = "titleId")]
    pub title_id: Option<u32>,
    /// The hand's value: what all payers pay, counters and sticks apart (0:
    /// not recorded).
    #[prost(uint32, tag = "20")]
    pub dadian: u32,
}

/// `.lq.RecordHule`: one or more wins on a tile.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct Hule {
    /// The wins.
    #[prost(message, repeated, tag = "1")]
    pub hules: Vec<HuleInfo>,
    /// The scores before the wins.
    #[prost(int32, repeated, tag = "2")]
    #[serde(alias = "oldScores")]
    pub old_scores: Vec<i32>,
    /// The score changes of all the wins together.
    #[prost(int32, repeated, tag = "3")]
    #[serde(alias = "deltaScores")]
    pub delta_scores: Vec<i32>,
    /// The seat liable for the hand (pao) plus one; 0 for none.
    #[prost(int32, tag = "9")]
    pub baopai: i32,
}

/// A seat at an exhaustive draw (`.lq.NoTilePlayerInfo`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct NoTilePlayer {
    /// The seat is tenpai.
    #[prost(bool, tag = "3")]
    pub tingpai: bool,
    /// The hand shown.
    #[prost(string, repeated, tag = "4")]
    pub hand: Vec<String>,
}

/// A payment at an exhaustive draw (noten payments, or one nagashi mangan;
/// `.lq.NoTileScoreInfo`).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct NoTileScore {
    /// The scores before.
    #[prost(int32, repeated, tag = "2")]
    #[serde(alias = "oldScores")]
    pub old_scores: Vec<i32>,
    /// The changes (none when nobody pays).
    #[prost(int32, repeated, tag = "3")]
    #[serde(alias = "deltaScores")]
    pub delta_scores: Vec<i32>,
}

/// `.lq.RecordNoTile`: the wall ran out.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct NoTile {
    /// A nagashi mangan.
    #[prost(bool, tag = "1")]
    pub liujumanguan: bool,
    /// Each seat's state.
    #[prost(message, repeated, tag = "2")]
    pub players: Vec<NoTilePlayer>,
    /// The payments.
    #[prost(message, repeated, tag = "3")]
    pub scores: Vec<NoTileScore>,
}

/// `.lq.RecordLiuJu`: an abortive draw.
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct LiuJu {
    /// 1 nine terminals, 2 four winds, 3 four kongs, 4 four riichi, 5 triple
    /// ron.
    #[prost(uint32, tag = "1")]
    #[serde(rename = "type")]
    pub kind: u32,
    /// The seat that declares it (nine terminals).
    #[prost(uint32, tag = "3")]
    pub seat: u32,
    /// The hand shown (nine terminals).
    #[prost(string, repeated, tag = "4")]
    pub tiles: Vec<String>,
    /// The previous discard's riichi, now paid.
    #[prost(message, optional, tag = "5")]
    pub liqi: Option<Liqi>,
}
