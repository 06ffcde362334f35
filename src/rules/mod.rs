//! Rule profiles: one [`Rules`] value says which rule book a game is judged
//! by. Every field names the paragraph it comes from; `formats/rules.md`
//! explains each choice where the sources disagree or are silent.
//!
//! Paragraph references: **EMA** = EMA Riichi Competition Rules 2016 (RCR
//! 2016; "EMA 2012" where the 2012 edition differs), **WRC** = World Riichi
//! Championship Rules 2015, **Tenhou** = tenhou.net's rules for its ranked
//! four-player lobbies as its logs show them, **MJS** = Mahjong Soul ranked
//! rules.

mod auto;
mod csrule;
mod presets;

pub use auto::AutoRules;

use serde::{Deserialize, Serialize};

/// The highest value a hand of 13 han or more without a yakuman reaches
/// (counted yakuman, kazoe).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KazoeLimit {
    /// 13+ han scores a yakuman (Tenhou, MJS, EMA 2012).
    Yakuman,
    /// 11+ han scores sanbaiman; there is no counted yakuman (WRC §6.1,
    /// EMA 2016).
    Sanbaiman,
}

/// How renhou (a win on a discard before one's first draw) scores.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Renhou {
    /// Not a yaku (Tenhou; MJS ranked).
    None,
    /// A mangan, not combined with other yaku or dora (WRC §6.5.4; EMA 2016
    /// §4.2.4).
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// What happens when several players win on one discard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultipleRon {
    /// Every claimant wins and is paid (EMA §3.4.9; MJS).
    All,
    /// Only the claimant nearest the discarder in turn order wins (WRC
    /// §5.7.6 "head bump").
    HeadBump,
    /// Two claimants both win; three make an abortive draw (Tenhou).
    DoubleThenAbort,
}

/// Who collects the counters and the riichi sticks when several win.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultipleRonSticks {
    /// Every winner is paid the counters; the sticks on the table go to the
    /// winner nearest the discarder (EMA §4.1, §3.3.14).
    CountersToEachSticksToNearest,
    /// Counters and sticks both go to the winner nearest the discarder
    /// (Tenhou, MJS "kamicha-dori").
    AllToNearest,
}

/// Play after a fourth kong (EMA §3.3.10; EMA 2012 §3.3.9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FourthKong {
    /// Play continues; no further kong may be declared (EMA 2016 §3.3.10).
    ContinueNoMoreKongs,
    /// If nobody wins on the next discard the hand is an abortive draw,
    /// unless one player holds all four kongs, in which case play continues
    /// without further kongs (EMA 2012 §3.3.9, Tenhou, MJS).
    AbortUnlessOnePlayer,
}

/// Which concealed kongs a player in riichi may declare.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KongAfterRiichi {
    /// With the tile just drawn, when the waits do not change and the three
    /// tiles can only be read as a triplet in the riichi hand (EMA §3.3.14,
    /// WRC §6.5.1).
    WaitsUnchangedOnlyTriplet,
    /// With the tile just drawn, when the waits do not change (Tenhou, MJS).
    WaitsUnchanged,
}

/// When the indicator of a kan dora is turned over.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KanDoraTiming {
    /// Right after any kong, before the replacement draw: a replacement-draw
    /// win after an open kong counts it (EMA §3.3.5–3.3.7).
    Immediate,
    /// A concealed kong's at once; an open or added kong's when the kong
    /// player discards (Tenhou, MJS): a replacement-draw win after an open
    /// kong does not count it.
    OpenKongAfterDiscard,
}

/// How liability (pao) for big dragons / big winds is paid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Liability {
    /// Tsumo: the liable player pays everything. Ron by another: the
    /// liable player and the discarder split the hand's value equally and
    /// the discarder alone pays the counters (EMA §3.3.9).
    SplitCountersByDiscarder,
    /// As above, but on ron the counters are split too (EMA 2012 §3.3.6).
    SplitCountersSplit,
    /// As EMA for the split, the liable player paying the counters on a
    /// tsumo; with several yakuman, liability covers the whole hand
    /// (Tenhou).
    WholeHand,
    /// As Tenhou, but with several yakuman liability covers only the
    /// liable yakuman's share (MJS).
    LiableYakumanOnly,
}

/// The yakuman patterns a rule book may count double.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct DoubleYakuman {
    /// Thirteen orphans waiting on thirteen tiles.
    pub kokushi_13_wait: bool,
    /// Four concealed triplets won on the pair.
    pub suuankou_tanki: bool,
    /// Nine gates waiting on nine tiles.
    pub junsei_chuuren: bool,
    /// Big four winds.
    pub daisuushii: bool,
}

/// Uma and oka: how final scores become game points.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Uma {
    /// Points each player starts with.
    pub starting_points: i32,
    /// The score game points are counted from (Tenhou: 30000 with 25000
    /// starting points, the difference going to the top player as oka).
    pub return_points: i32,
    /// Bonus by final rank, in thousands of points (1st, 2nd, 3rd, 4th).
    pub by_rank: Vec<f64>,
    /// Tied players share the uma of their places (EMA, WRC) instead of
    /// being ranked by seat order from the first dealer (Tenhou, MJS).
    pub shared_on_ties: bool,
}

/// The chombo penalty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chombo {
    /// A reverse mangan paid at the table: 4000 to the dealer and 2000 to
    /// the others, or 4000 to each when the dealer is at fault (EMA §3.4.6
    /// outside tournaments).
    ReverseMangan,
    /// Points taken off the overall score after uma, the table scores
    /// untouched (EMA §3.4.6 in tournaments: 20000; WRC §7.1: 20 points).
    Deduction(i32),
    /// Online play cannot commit chombo (Tenhou, MJS).
    NotApplicable,
}

/// Which abortive draws exist.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct AbortiveDraws {
    /// Nine different terminals and honours on the first draw (kyuushu kyuuhai).
    pub nine_terminals: bool,
    /// All four players in riichi.
    pub four_riichi: bool,
    /// Four kongs by more than one player.
    pub four_kans: bool,
    /// The same wind discarded by all four in the first go-around.
    pub four_winds: bool,
    /// Three players win on one discard.
    pub triple_ron: bool,
}

/// The rule book a profile's findings cite.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Book {
    /// tenhou.net's rules (four and three players).
    Tenhou,
    /// Mahjong Soul's ranked rules.
    MahjongSoul,
    /// EMA Riichi Competition Rules 2016.
    Ema2016,
    /// World Riichi Championship Rules 2015.
    Wrc2015,
    /// EMA Riichi Competition Rules 2012.
    Ema2012,
}

/// A rule profile. Each field cites the paragraph of each rule book it
/// follows; `formats/rules.md` records the choices made where the books are
/// silent or disagree.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The profile's name (`tenhou`, `ema2016`…).
    pub name: String,
    /// The profile's revision: raised whenever a preset's values change,
    /// so that a report says exactly which rules judged it.
    pub revision: u32,
    /// The rule book findings cite paragraphs of.
    pub book: Book,
    /// Number of players (4, or 3 for sanma: 108 tiles without 2m–8m).
    pub seats: u8,
    /// Red fives in the wall, one per suit when 3 (EMA 2016 §1.3: none;
    /// WRC §6.1: none; EMA 2012 §4.1: three; Tenhou, MJS: three).
    pub red_fives: u8,
    /// Tanyao counts with an open hand (kuitan) (WRC §6.5.1; EMA 2016 yes,
    /// EMA 2012 no).
    pub open_tanyao: bool,
    /// Swap-calling is forbidden: after a chi or pon, discarding the called
    /// tile or the other end of the chi (EMA §3.3.2 and §3.4.7; WRC §5.4).
    pub kuikae_forbidden: bool,
    /// Fu for a pair of a wind that is both seat and round wind: 4 (Tenhou,
    /// MJS) or 2 (the wind scores once; EMA and WRC are silent, see
    /// `formats/rules.md`).
    pub double_wind_pair_fu: u8,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (kiriage) (WRC
    /// §6.1: yes; EMA 2016 §4.3 example 2: no; Tenhou, MJS: no).
    pub kiriage: bool,
    /// The ceiling of counted han without a yakuman (WRC §6.1; EMA 2016).
    pub kazoe: KazoeLimit,
    /// Several yakuman in one hand add up (Tenhou, MJS) or the hand is one
    /// yakuman at most (EMA §4.2 "Yakuman are not cumulative"; WRC §6.5).
    pub yakuman_stacking: bool,
    /// The patterns counted as double yakuman (MJS: all four; Tenhou, EMA
    /// 2016, WRC: none; EMA 2012: big four winds).
    pub double_yakuman: DoubleYakuman,
    /// How renhou scores (WRC §6.5.4; EMA 2016 §4.2.4).
    pub renhou: Renhou,
    /// Nagashi mangan exists (Tenhou, MJS, EMA 2012; not EMA 2016 §4.2.6,
    /// not in WRC §6.5).
    pub nagashi_mangan: bool,
    /// What happens when several players win on one discard (EMA §3.4.9;
    /// WRC §5.7.6).
    pub multiple_ron: MultipleRon,
    /// Who collects counters and riichi sticks when several win (EMA §4.1,
    /// §3.3.14).
    pub multiple_ron_sticks: MultipleRonSticks,
    /// The abortive draws the profile has (EMA §3.4.3, WRC §5.7: none).
    pub abortive_draws: AbortiveDraws,
    /// Play after a fourth kong (EMA §3.3.10; EMA 2012 §3.3.9).
    pub fourth_kong: FourthKong,
    /// Concealed kongs allowed in riichi (EMA §3.3.14; WRC §6.5.1).
    pub kong_after_riichi: KongAfterRiichi,
    /// A concealed kong may be robbed for thirteen orphans (WRC §6.5.1
    /// Chankan; MJS; not Tenhou).
    pub chankan_on_ankan_for_kokushi: bool,
    /// When kan dora indicators are turned (EMA §3.3.5–3.3.7).
    pub kan_dora_timing: KanDoraTiming,
    /// Ura dora exist for riichi winners (EMA §3.3.14).
    pub ura_dora: bool,
    /// Kan ura dora exist (EMA §3.3.14 "and any kan dora indicators").
    pub kan_ura_dora: bool,
    /// How liability is paid (EMA §3.3.9; WRC §6.2).
    pub liability: Liability,
    /// Riichi needs at least this many tiles left in the live wall (EMA
    /// §3.3.14, WRC §6.5.1: four).
    pub riichi_min_tiles_left: u8,
    /// Riichi needs at least this score (Tenhou: 1000); `None` when the
    /// rule book sets no minimum (EMA §3.3.14, WRC §6.5.1).
    pub riichi_min_points: Option<i32>,
    /// Total noten payment at an exhaustive draw (EMA §3.4.2, WRC §5.7.2:
    /// 3000).
    pub noten_payment: i32,
    /// Value of one counter: paid whole by a ron discarder, shared equally
    /// by the payers of a tsumo (EMA §3.4.10, WRC §5.7.7: 300; Tenhou
    /// three-player: 200).
    pub honba_value: i32,
    /// With at least this many counters on the table a win needs two han
    /// from yaku (EMA 2012 §3.4.11 "five counters"; gone in 2016).
    pub two_han_minimum_from_counters: Option<u8>,
    /// Tenhou's three-player "tsumo loss": a tsumo is paid by the two other
    /// players only, without the absent fourth player's share.
    pub tsumo_loss: bool,
    /// North tiles are set aside as dora in three-player games (nukidora).
    pub nukidora: bool,
    /// The dealer keeps the deal after winning (EMA §3.4.9, WRC §5.7.8;
    /// some Tenhou lobbies turn it off).
    pub renchan_on_win: bool,
    /// The dealer keeps the deal when tenpai at an exhaustive draw (WRC
    /// §5.7.8; EMA §3.4.2 [S]).
    pub renchan_on_tenpai: bool,
    /// Uma and oka.
    pub uma: Uma,
    /// The chombo penalty (EMA §3.4.6; WRC §7.1).
    pub chombo: Chombo,
    /// The game ends when a player's score goes below zero (Tenhou, MJS;
    /// not EMA §4.1, not WRC §4.1).
    pub ends_below_zero: bool,
    /// Riichi sticks left at the end of the game go to the top player.
    pub leftover_sticks_to_top: bool,
}

impl Rules {
    /// The names of the built-in profiles.
    pub const PRESETS: &'static [&'static str] = &[
        "tenhou",
        "tenhou-sanma",
        "mahjongsoul",
        "ema2016",
        "wrc2015",
        "ema2012",
    ];

    /// A built-in profile by name.
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "tenhou" => Some(presets::tenhou()),
            "tenhou-sanma" => Some(presets::tenhou_sanma()),
            "mahjongsoul" => Some(presets::mahjongsoul()),
            "ema2016" | "ema" => Some(presets::ema2016()),
            "wrc2015" | "wrc" => Some(presets::wrc2015()),
            "ema2012" => Some(presets::ema2012()),
            _ => None,
        }
    }

    /// Reads a profile from JSON (the form `serde_json::to_string` of a
    /// `Rules` writes; every field required, unknown fields refused).
    ///
    /// # Errors
    ///
    /// The JSON error, with its line and column.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
}
