//! The round records of a Mahjong Soul game (`.lq.Record*` messages) as the
//! JSON form of the protobuf writes them. Field names are the message
//! definitions' (snake case); the lower camel case of the protobuf JSON
//! mapping is read too. Fields the game does not depend on (timers, the
//! offered operations, the wait lists) are not read.

use serde::Deserialize;

/// `.lq.RecordNewRound`: a kyoku starts.
#[derive(Deserialize, Debug)]
pub(super) struct NewRound {
    /// The round wind: 0 East, 1 South, 2 West, 3 North.
    pub(super) chang: u8,
    /// The kyoku within the round, 0-based; the dealer's seat.
    pub(super) ju: u8,
    /// Counters (honba).
    #[serde(default)]
    pub(super) ben: u8,
    /// Riichi sticks on the table.
    #[serde(default)]
    pub(super) liqibang: u8,
    pub(super) scores: Vec<i32>,
    #[serde(default)]
    pub(super) tiles0: Vec<String>,
    #[serde(default)]
    pub(super) tiles1: Vec<String>,
    #[serde(default)]
    pub(super) tiles2: Vec<String>,
    #[serde(default)]
    pub(super) tiles3: Vec<String>,
    /// The dora indicators (the first one at the start).
    #[serde(default)]
    pub(super) doras: Vec<String>,
    /// An older form: the one indicator.
    #[serde(default)]
    pub(super) dora: Option<String>,
}

/// A riichi stick paid: the riichi declared with the previous discard
/// stands (`.lq.LiQiSuccess`).
#[derive(Deserialize, Debug)]
pub(super) struct Liqi {
    pub(super) seat: u8,
}

/// `.lq.RecordDealTile`: a draw.
#[derive(Deserialize, Debug)]
pub(super) struct DealTile {
    pub(super) seat: u8,
    pub(super) tile: String,
    /// The dora indicators after this draw, when a kan dora was turned.
    #[serde(default)]
    pub(super) doras: Vec<String>,
    #[serde(default)]
    pub(super) liqi: Option<Liqi>,
}

/// `.lq.RecordDiscardTile`: a discard, maybe with riichi.
#[derive(Deserialize, Debug)]
pub(super) struct DiscardTile {
    pub(super) seat: u8,
    pub(super) tile: String,
    #[serde(default, alias = "isLiqi")]
    pub(super) is_liqi: bool,
    #[serde(default, alias = "isWliqi")]
    pub(super) is_wliqi: bool,
    /// The tile discarded is the one just drawn (tsumogiri).
    #[serde(default)]
    pub(super) moqie: bool,
    /// The dora indicators after the discard, when a kan dora was turned.
    #[serde(default)]
    pub(super) doras: Vec<String>,
}

/// `.lq.RecordChiPengGang`: a chi, pon or open kong on a discard.
#[derive(Deserialize, Debug)]
pub(super) struct ChiPengGang {
    pub(super) seat: u8,
    /// 0 chi, 1 pon, 2 open kong.
    #[serde(rename = "type")]
    pub(super) kind: u8,
    /// The tiles of the set, the called one among them.
    pub(super) tiles: Vec<String>,
    /// For each tile, the seat it came from.
    pub(super) froms: Vec<u8>,
    #[serde(default)]
    pub(super) liqi: Option<Liqi>,
}

/// `.lq.RecordAnGangAddGang`: a concealed or an added kong.
#[derive(Deserialize, Debug)]
pub(super) struct AnGangAddGang {
    pub(super) seat: u8,
    /// 2 added kong, 3 concealed kong.
    #[serde(rename = "type")]
    pub(super) kind: u8,
    /// The tile of the kong (the one added, for an added kong).
    pub(super) tiles: String,
    #[serde(default)]
    pub(super) doras: Vec<String>,
}

/// `.lq.RecordBaBei`: a north set aside (three players).
#[derive(Deserialize, Debug)]
pub(super) struct BaBei {
    pub(super) seat: u8,
    #[serde(default)]
    pub(super) doras: Vec<String>,
}

/// One yaku of a win: its id in Mahjong Soul's table and its han (the
/// multiplier for a yakuman).
#[derive(Deserialize, Debug)]
pub(super) struct Fan {
    pub(super) id: u16,
    #[serde(default)]
    pub(super) val: u8,
}

/// One win of a `.lq.RecordHule` (`.lq.HuleInfo`).
#[derive(Deserialize, Debug)]
pub(super) struct HuleInfo {
    /// The concealed tiles without the winning tile.
    pub(super) hand: Vec<String>,
    pub(super) hu_tile: String,
    pub(super) seat: u8,
    pub(super) zimo: bool,
    #[serde(default)]
    pub(super) doras: Vec<String>,
    #[serde(default)]
    pub(super) li_doras: Option<Vec<String>>,
    #[serde(default)]
    pub(super) liqi: bool,
    /// A yakuman hand.
    #[serde(default)]
    pub(super) yiman: bool,
    /// Total han (the number of yakuman for a yakuman hand).
    #[serde(default)]
    pub(super) count: u8,
    #[serde(default)]
    pub(super) fans: Vec<Fan>,
    #[serde(default)]
    pub(super) fu: u8,
    /// 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 and up a
    /// yakuman.
    #[serde(default)]
    pub(super) title_id: u8,
    /// The hand's value: what all payers pay, counters and sticks apart.
    #[serde(default)]
    pub(super) dadian: Option<i32>,
}

/// `.lq.RecordHule`: one or more wins on a tile.
#[derive(Deserialize, Debug)]
pub(super) struct Hule {
    pub(super) hules: Vec<HuleInfo>,
    #[serde(default)]
    pub(super) old_scores: Option<Vec<i32>>,
    /// The score changes of all the wins together.
    #[serde(default)]
    pub(super) delta_scores: Option<Vec<i32>>,
    /// The seat liable for the hand (pao) plus one; 0 for none.
    #[serde(default)]
    pub(super) baopai: u8,
}

/// A seat at an exhaustive draw.
#[derive(Deserialize, Debug)]
pub(super) struct NoTilePlayer {
    #[serde(default)]
    pub(super) tingpai: bool,
    #[serde(default)]
    pub(super) hand: Vec<String>,
}

/// A payment at an exhaustive draw (noten payments, or one nagashi mangan).
#[derive(Deserialize, Debug)]
pub(super) struct NoTileScore {
    #[serde(default)]
    pub(super) old_scores: Option<Vec<i32>>,
    #[serde(default)]
    pub(super) delta_scores: Option<Vec<i32>>,
}

/// `.lq.RecordNoTile`: the wall ran out.
#[derive(Deserialize, Debug)]
pub(super) struct NoTile {
    #[serde(default)]
    pub(super) liujumanguan: bool,
    #[serde(default)]
    pub(super) players: Vec<NoTilePlayer>,
    #[serde(default)]
    pub(super) scores: Vec<NoTileScore>,
}

/// `.lq.RecordLiuJu`: an abortive draw.
#[derive(Deserialize, Debug)]
pub(super) struct LiuJu {
    /// 1 nine terminals, 2 four winds, 3 four kongs, 4 four riichi, 5 triple
    /// ron.
    #[serde(rename = "type")]
    pub(super) kind: u8,
    #[serde(default)]
    pub(super) seat: u8,
    #[serde(default)]
    pub(super) tiles: Vec<String>,
    #[serde(default)]
    pub(super) liqi: Option<Liqi>,
}
