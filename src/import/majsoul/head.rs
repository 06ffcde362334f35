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

/// The room's own rules (`.lq.GameDetailRule`, every field of the public
/// `liqi.proto`); a ranked game has none (the defaults apply). A field left
/// out is `None`: what that means is [`super::room`]'s business (a default
/// in a room without the detailed settings, "off" in one with them).
#[derive(Clone, PartialEq, Deserialize, prost::Message)]
#[serde(default)]
pub struct DetailRule {
    /// Thinking time per turn, seconds.
    #[prost(uint32, optional, tag = "1")]
    #[serde(deserialize_with = "lenient::number")]
    pub time_fixed: Option<u32>,
    /// The time bank, seconds.
    #[prost(uint32, optional, tag = "2")]
    #[serde(deserialize_with = "lenient::number")]
    pub time_add: Option<u32>,
    /// Red fives in the wall.
    #[prost(uint32, optional, tag = "3")]
    #[serde(deserialize_with = "lenient::number")]
    pub dora_count: Option<u32>,
    /// Open tanyao (食断): 1 on, 0 off.
    #[prost(uint32, optional, tag = "4")]
    #[serde(deserialize_with = "lenient::number")]
    pub shiduan: Option<u32>,
    /// The starting points.
    #[prost(uint32, optional, tag = "5")]
    #[serde(deserialize_with = "lenient::number")]
    pub init_point: Option<u32>,
    /// The points first place needs for the game to end at all-last (返点; else the west round).
    #[prost(uint32, optional, tag = "6")]
    #[serde(deserialize_with = "lenient::number")]
    pub fandian: Option<u32>,
    /// Bust (击飞): the game ends when a score goes below zero.
    #[prost(bool, optional, tag = "7")]
    #[serde(deserialize_with = "lenient::flag")]
    pub can_jifei: Option<bool>,
    /// A score that ends the game at once (天边; 0: none).
    #[prost(uint32, optional, tag = "8")]
    #[serde(deserialize_with = "lenient::number")]
    pub tianbian_value: Option<u32>,
    /// The value of a riichi stick.
    #[prost(uint32, optional, tag = "9")]
    #[serde(deserialize_with = "lenient::number")]
    pub liqibang_value: Option<u32>,
    /// The value of one counter, in all.
    #[prost(uint32, optional, tag = "10")]
    #[serde(deserialize_with = "lenient::number")]
    pub changbang_value: Option<u32>,
    /// What each noten player pays when one player is tenpai.
    #[prost(uint32, optional, tag = "11")]
    #[serde(deserialize_with = "lenient::number")]
    pub noting_fafu_1: Option<u32>,
    /// What each noten player pays when two players are tenpai.
    #[prost(uint32, optional, tag = "12")]
    #[serde(deserialize_with = "lenient::number")]
    pub noting_fafu_2: Option<u32>,
    /// What the noten player pays when three players are tenpai (four players).
    #[prost(uint32, optional, tag = "13")]
    #[serde(deserialize_with = "lenient::number")]
    pub noting_fafu_3: Option<u32>,
    /// Nagashi mangan (流局满贯).
    #[prost(bool, optional, tag = "14")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_liujumanguan: Option<bool>,
    /// Rounding up to mangan (切上满贯, kiriage).
    #[prost(bool, optional, tag = "15")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_qieshangmanguan: Option<bool>,
    /// Dora (表宝牌).
    #[prost(bool, optional, tag = "16")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_biao_dora: Option<bool>,
    /// Kan dora (杠表宝牌).
    #[prost(bool, optional, tag = "17")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_gang_biao_dora: Option<bool>,
    /// An open or added kong's dora turned at once (明杠即翻).
    #[prost(bool, optional, tag = "18")]
    #[serde(deserialize_with = "lenient::flag")]
    pub ming_dora_immediately_open: Option<bool>,
    /// Ura dora (里宝牌).
    #[prost(bool, optional, tag = "19")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_li_dora: Option<bool>,
    /// Kan ura dora (杠里宝牌).
    #[prost(bool, optional, tag = "20")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_gang_li_dora: Option<bool>,
    /// Four winds abortive draw (四风连打).
    #[prost(bool, optional, tag = "21")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_sifenglianda: Option<bool>,
    /// Four kongs abortive draw (四杠散了).
    #[prost(bool, optional, tag = "22")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_sigangsanle: Option<bool>,
    /// Four riichi abortive draw (四家立直).
    #[prost(bool, optional, tag = "23")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_sijializhi: Option<bool>,
    /// Nine terminals abortive draw (九种九牌).
    #[prost(bool, optional, tag = "24")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_jiuzhongjiupai: Option<bool>,
    /// Triple ron is an abortive draw (三家和了).
    #[prost(bool, optional, tag = "25")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_sanjiahele: Option<bool>,
    /// Head bump (头跳): only the claimant nearest the discarder wins.
    #[prost(bool, optional, tag = "26")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_toutiao: Option<bool>,
    /// The dealer repeats after a win (和了连庄).
    #[prost(bool, optional, tag = "27")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_helelianzhuang: Option<bool>,
    /// Agari-yame: an all-last dealer who wins to first ends the game (和了终局).
    #[prost(bool, optional, tag = "28")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_helezhongju: Option<bool>,
    /// The dealer repeats when tenpai at a draw (听牌连庄).
    #[prost(bool, optional, tag = "29")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_tingpailianzhuang: Option<bool>,
    /// Tenpai-yame: an all-last dealer tenpai and first ends the game (听牌终局).
    #[prost(bool, optional, tag = "30")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_tingpaizhongju: Option<bool>,
    /// Ippatsu (一发).
    #[prost(bool, optional, tag = "31")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_yifa: Option<bool>,
    /// The west round when nobody reaches `fandian` (南入西入).
    #[prost(bool, optional, tag = "32")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_nanruxiru: Option<bool>,
    /// The points game points are counted from (精算原点).
    #[prost(uint32, optional, tag = "33")]
    #[serde(deserialize_with = "lenient::number")]
    pub jingsuanyuandian: Option<u32>,
    /// Uma of second place.
    #[prost(int32, optional, tag = "34")]
    #[serde(deserialize_with = "lenient::signed")]
    pub shunweima_2: Option<i32>,
    /// Uma of third place.
    #[prost(int32, optional, tag = "35")]
    #[serde(deserialize_with = "lenient::signed")]
    pub shunweima_3: Option<i32>,
    /// Uma of fourth place.
    #[prost(int32, optional, tag = "36")]
    #[serde(deserialize_with = "lenient::signed")]
    pub shunweima_4: Option<i32>,
    /// The client's shortcut hints (便捷提示).
    #[prost(bool, optional, tag = "37")]
    #[serde(deserialize_with = "lenient::flag")]
    pub bianjietishi: Option<bool>,
    /// The AI seats' strength.
    #[prost(uint32, optional, tag = "38")]
    #[serde(deserialize_with = "lenient::number")]
    pub ai_level: Option<u32>,
    /// Three players: a tsumo is paid without the absent seat's share (自摸损).
    #[prost(bool, optional, tag = "39")]
    #[serde(deserialize_with = "lenient::flag")]
    pub have_zimosun: Option<bool>,
    /// No multiple yakuman: a hand is one yakuman at most.
    #[prost(bool, optional, tag = "40")]
    #[serde(deserialize_with = "lenient::flag")]
    pub disable_multi_yukaman: Option<bool>,
    /// The han from yaku a win needs (番缚; 1 the usual).
    #[prost(uint32, optional, tag = "41")]
    #[serde(deserialize_with = "lenient::number")]
    pub fanfu: Option<u32>,
    /// Old yaku (古役) mode.
    #[prost(uint32, optional, tag = "42")]
    #[serde(deserialize_with = "lenient::number")]
    pub guyi_mode: Option<u32>,
    /// Dora fever (宝牌狂热) mode.
    #[prost(uint32, optional, tag = "43")]
    #[serde(deserialize_with = "lenient::number")]
    pub dora3_mode: Option<u32>,
    /// Starting hands shown (配牌明牌) mode.
    #[prost(uint32, optional, tag = "44")]
    #[serde(deserialize_with = "lenient::number")]
    pub begin_open_mode: Option<u32>,
    /// The bright mirror (明镜之战) mode.
    #[prost(uint32, optional, tag = "45")]
    #[serde(deserialize_with = "lenient::number")]
    pub jiuchao_mode: Option<u32>,
    /// The dragon's eye (龙之目玉) mode.
    #[prost(uint32, optional, tag = "46")]
    #[serde(deserialize_with = "lenient::number")]
    pub muyu_mode: Option<u32>,
    /// Open hands (公开手牌).
    #[prost(uint32, optional, tag = "47")]
    #[serde(deserialize_with = "lenient::number")]
    pub open_hand: Option<u32>,
    /// The battle to the end (修罗之战, play goes on after wins) mode.
    #[prost(uint32, optional, tag = "48")]
    #[serde(deserialize_with = "lenient::number")]
    pub xuezhandaodi: Option<u32>,
    /// Exchange three tiles (换三张) mode.
    #[prost(uint32, optional, tag = "49")]
    #[serde(deserialize_with = "lenient::number")]
    pub huansanzhang: Option<u32>,
    /// Sichuan mahjong (赤羽之战) mode.
    #[prost(uint32, optional, tag = "50")]
    #[serde(deserialize_with = "lenient::number")]
    pub chuanma: Option<u32>,
    /// The dark night (暗夜之战) mode.
    #[prost(uint32, optional, tag = "51")]
    #[serde(deserialize_with = "lenient::number")]
    pub reveal_discard: Option<u32>,
    /// The fantasy legend (幻境传说) mode, its cards in the digits.
    #[prost(uint32, optional, tag = "52")]
    #[serde(deserialize_with = "lenient::number")]
    pub field_spell_mode: Option<u32>,
    /// The astrology (占星之战) mode.
    #[prost(uint32, optional, tag = "53")]
    #[serde(deserialize_with = "lenient::number")]
    pub zhanxing: Option<u32>,
    /// The destiny (天命之战) mode.
    #[prost(uint32, optional, tag = "54")]
    #[serde(deserialize_with = "lenient::number")]
    pub tianming_mode: Option<u32>,
    /// No counted yakuman: 13 han and more is sanbaiman (累计役满).
    #[prost(bool, optional, tag = "60")]
    #[serde(deserialize_with = "lenient::flag")]
    pub disable_leijiyiman: Option<bool>,
    /// No double yakuman patterns (双倍役满).
    #[prost(uint32, optional, tag = "62")]
    #[serde(deserialize_with = "lenient::number")]
    pub disable_double_yakuman: Option<u32>,
    /// No composite yakuman: one yakuman at most (复合役满).
    #[prost(uint32, optional, tag = "63")]
    #[serde(deserialize_with = "lenient::number")]
    pub disable_composite_yakuman: Option<u32>,
    /// Swap calling allowed (食替).
    #[prost(uint32, optional, tag = "64")]
    #[serde(deserialize_with = "lenient::number")]
    pub enable_shiti: Option<u32>,
    /// Riichi with no draw left (无自摸立直).
    #[prost(uint32, optional, tag = "65")]
    #[serde(deserialize_with = "lenient::number")]
    pub enable_nontsumo_liqi: Option<u32>,
    /// A double-wind pair is 2 fu, not 4 (连风4符).
    #[prost(uint32, optional, tag = "66")]
    #[serde(deserialize_with = "lenient::number")]
    pub disable_double_wind_four_fu: Option<u32>,
    /// No robbing a concealed kong for thirteen orphans (国士枪暗杠).
    #[prost(uint32, optional, tag = "67")]
    #[serde(deserialize_with = "lenient::number")]
    pub disable_angang_guoshi: Option<u32>,
    /// Renhou (人和).
    #[prost(uint32, optional, tag = "68")]
    #[serde(deserialize_with = "lenient::number")]
    pub enable_renhe: Option<u32>,
    /// More liability cases (包牌扩展).
    #[prost(uint32, optional, tag = "69")]
    #[serde(deserialize_with = "lenient::number")]
    pub enable_baopai_extend_settings: Option<u32>,
    /// The chant (咏唱之战) mode.
    #[prost(uint32, optional, tag = "70")]
    #[serde(deserialize_with = "lenient::number")]
    pub yongchang_mode: Option<u32>,
    /// The soul strike (魂之一击) mode.
    #[prost(uint32, optional, tag = "71")]
    #[serde(deserialize_with = "lenient::number")]
    pub hunzhiyiji_mode: Option<u32>,
    /// The many-faced battle (万象修罗) mode.
    #[prost(uint32, optional, tag = "72")]
    #[serde(deserialize_with = "lenient::number")]
    pub wanxiangxiuluo_mode: Option<u32>,
    /// The last stand (背水之战) mode.
    #[prost(uint32, optional, tag = "73")]
    #[serde(deserialize_with = "lenient::number")]
    pub beishuizhizhan_mode: Option<u32>,
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
        hints.sheet = Some(super::room::sheet(d, sanma == Some(true)));
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

/// Room settings as the JSON layouts write them: a switch as `true` or
/// `1`, a number as a number or (rarely) a switch; `null` as left out.
/// A value of another kind is left out too, rather than failing the head:
/// the settings it would decide are then the defaults, said by the room
/// reading (`room.rs`).
mod lenient {
    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        Option::<Value>::deserialize(d)
    }

    fn as_i64(v: &Value) -> Option<i64> {
        match v {
            Value::Bool(b) => Some(i64::from(*b)),
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub(super) fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
        Ok(read(d)?.as_ref().and_then(as_i64).map(|n| n != 0))
    }

    pub(super) fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
        Ok(read(d)?
            .as_ref()
            .and_then(as_i64)
            .and_then(|n| u32::try_from(n).ok()))
    }

    pub(super) fn signed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
        Ok(read(d)?
            .as_ref()
            .and_then(as_i64)
            .and_then(|n| i32::try_from(n).ok()))
    }
}
