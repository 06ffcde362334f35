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
mod cite;
mod presets;
mod sheet;
mod spec;

pub use crate::catalogue::{Book, FIELD_NOTES, FieldNote};
pub use auto::AutoRules;
pub use spec::{ProfileSpec, RulesChoice, SpecError};

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
    /// win after an open kong counts it, and so does a win robbing an added
    /// kong, whose indicator is turned before the tile may be claimed (EMA
    /// 2016 §3.3.5–3.3.7).
    Immediate,
    /// As `Immediate`, but an added kong's only once the time to rob it
    /// has passed: a robbed added kong turns none, and the robbing win
    /// counts no new kan dora (EMA 2012 §3.3.7, "allow 3 seconds for
    /// mahjong declarations" before the indicator; WRC 2015 §6.5.1
    /// Chankan, "no kan dora is revealed").
    ImmediateUnlessRobbed,
    /// A concealed kong's at once; an open or added kong's when the kong
    /// player discards (Tenhou, MJS): a replacement-draw win after an open
    /// kong does not count it.
    OpenKongAfterDiscard,
}

/// How liability (pao) for big dragons / big winds is paid. On a tsumo the
/// liable player pays the whole hand and the counters; on a ron by another
/// player the liable player and the discarder share the hand's value
/// equally (EMA §3.3.9). The books differ in who pays the counters on that
/// ron, and in what a multiple yakuman's liability covers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Liability {
    /// Who pays the counters on a ron by another player (EMA 2016 §3.3.9:
    /// the discarder; EMA 2012 §3.3.6: split; Tenhou: the liable player,
    /// measured; MJS: the liable player).
    pub ron_counters: CountersPayer,
    /// What liability covers when the hand has several yakuman.
    pub covers: LiabilityCovers,
}

/// Who pays the counters of a ron under liability.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountersPayer {
    /// The discarder pays them all (EMA 2016 §3.3.9).
    Discarder,
    /// The liable player pays them all (Tenhou, MJS).
    Liable,
    /// Half each, the odd hundred to the discarder (EMA 2012 §3.3.6).
    Split,
}

/// What liability covers in a hand of several yakuman.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LiabilityCovers {
    /// The whole hand (Tenhou; moot where yakuman do not stack).
    WholeHand,
    /// Only the liable yakuman's share; the rest is paid as usual (MJS).
    LiableYakumanOnly,
}

/// A tenpai hand whose only wait is a kind the player holds all four of.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FourHeldWait {
    /// Not tenpai when the four are anywhere in the player's hand or melds
    /// (EMA 2016 §3.3.13: "waiting only for a tile of which he already has
    /// 4").
    Noten,
    /// Not tenpai only when all four are in the concealed hand; with copies
    /// in a meld the hand counts as tenpai (Tenhou, measured: a pon of 5p
    /// waiting on the single 5p in hand is paid as tenpai).
    NotenWhenConcealed,
}

/// How final scores become game points after uma and oka.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointsRounding {
    /// Every player's points to one decimal (EMA, WRC, MJS).
    Tenths,
    /// Tenhou: every player but the top one rounded (to whole thousands of
    /// points until 2022, to tenths since: the logs have both, either is
    /// accepted), the top player getting the negative sum of the others.
    TenhouZeroSum,
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
    /// How the game points are rounded.
    pub rounding: PointsRounding,
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
    #[serde(rename = "four_kans")]
    pub four_kongs: bool,
    /// The same wind discarded by all four in the first go-around.
    pub four_winds: bool,
    /// Three players win on one discard.
    pub triple_ron: bool,
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
    /// With several winners, a winner who declared riichi takes back his own
    /// stick rather than passing it to the winner nearest the discarder
    /// (EMA 2016 §3.3.14 "The 1000 points goes back to the riichi declarer
    /// if he wins"; EMA 2012 §3.3.12 the same; Tenhou, MJS: no, every stick
    /// to the nearest).
    pub winner_keeps_own_stick: bool,
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
    /// Rinshan liability (大明槓責任払い): a tsumo on the replacement draw
    /// of an open kong is paid whole, counters included, by the player who
    /// discarded the kong's tile (Riichi City, `formats/riichicity.md`;
    /// Tenhou, MJS, EMA, WRC: no). Profiles saved before it lack it: off.
    #[serde(default)]
    pub rinshan_liability: bool,
    /// Whether a wait on a kind the player holds all four of is tenpai
    /// (EMA 2016 §3.3.13; Tenhou).
    pub four_held_wait: FourHeldWait,
    /// Irregularities make a hand dead (EMA §3.4.7, WRC §7.1): no win, no
    /// call, never tenpai. Online play cannot produce one (Tenhou, MJS).
    pub dead_hands: bool,
    /// Riichi on an open hand is one of the dead-hand faults (EMA 2016
    /// §3.4.7; not in the EMA 2012 list).
    pub open_riichi_dead_hand: bool,
    /// Riichi needs at least this many tiles left in the live wall (EMA
    /// §3.3.14, WRC §6.5.1: four).
    pub riichi_min_tiles_left: u8,
    /// Riichi needs at least this score (Tenhou: 1000); `None` when the
    /// rule book sets no minimum (EMA §3.3.14, WRC §6.5.1).
    pub riichi_min_points: Option<i32>,
    /// Total noten payment at an exhaustive draw (EMA §3.4.2, WRC §5.7.2:
    /// 3000).
    pub noten_payment: i32,
    /// What each tenpai player receives at an exhaustive draw, by the
    /// number of tenpai players (the first entry for one, the second for
    /// two, …), paid in equal shares by the noten players: Riichi City's
    /// own form of the rule (a room's `penaltyInfo`), which can pay more in
    /// all when more are tenpai. `None` (every preset): `noten_payment` is
    /// the total, split. A count the list does not reach is paid as
    /// `noten_payment` says.
    #[serde(default)]
    pub noten_per_tenpai: Option<Vec<i32>>,
    /// Value of one counter: paid whole by a ron discarder, shared equally
    /// by the payers of a tsumo (EMA §3.4.10, WRC §5.7.7: 300; Tenhou
    /// three-player: 200).
    pub honba_value: i32,
    /// With at least this many counters on the table a win needs two han
    /// from yaku (EMA 2012 §3.4.11 "five counters"; gone in 2016).
    pub two_han_minimum_from_counters: Option<u8>,
    /// The han a win needs, dora included (1 in every book; a Mahjong Soul
    /// room's `fanfu` raises it: 番缚).
    pub min_han: u8,
    /// Ippatsu is a yaku (every book; a Mahjong Soul room's `have_yifa`
    /// can turn it off).
    pub ippatsu: bool,
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
    /// The game ends after an all-last kyoku the dealer wins and leaves
    /// first with at least [`Rules::yame_points`] (agari-yame; Tenhou,
    /// automatic; not EMA, not WRC §5.9.1 "No agari yame"). Judged only when
    /// the log says how long the game is.
    pub agari_yame: bool,
    /// The same after an all-last exhaustive draw at which the dealer is
    /// tenpai (tenpai-yame; Tenhou, automatic; not EMA or WRC).
    pub tenpai_yame: bool,
    /// The score the dealer needs, first, for agari-yame and tenpai-yame
    /// (Tenhou: 30000, 40000 with three players, its return points,
    /// measured; Mahjong Soul: the same, while its uma counts from the
    /// start).
    pub yame_points: i32,
    /// Riichi sticks left at the end of the game go to the top player.
    pub leftover_sticks_to_top: bool,
    /// The profile's values are known to be the game's. `auto` clears it
    /// for a Tenhou lobby game whose rule sheet the log does not carry
    /// (its game type has bits no ranked lobby has): a difference that
    /// the values decide — a score, a payment, the starting points, uma,
    /// the timing of a kan dora, an abortive draw — is then reported as
    /// info, "not judged", rather than as a finding to act on.
    #[serde(default = "known")]
    pub values_known: bool,
}

/// The default of [`Rules::values_known`] (profiles saved before it).
const fn known() -> bool {
    true
}

impl Rules {
    /// The names of the built-in profiles.
    pub const PRESETS: &'static [&'static str] = &[
        "tenhou",
        "tenhou-sanma",
        "mahjongsoul",
        "mahjongsoul-sanma",
        "riichicity",
        "riichicity-sanma",
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
            "mahjongsoul-sanma" => Some(presets::mahjongsoul_sanma()),
            "riichicity" => Some(presets::riichicity()),
            "riichicity-sanma" => Some(presets::riichicity_sanma()),
            "ema2016" | "ema" => Some(presets::ema2016()),
            "wrc2015" | "wrc" => Some(presets::wrc2015()),
            "ema2012" => Some(presets::ema2012()),
            _ => None,
        }
    }

    /// Red fives of one suit (0 characters, 1 circles, 2 bamboos): the
    /// profile's red fives spread evenly over the suits that have fives,
    /// what is left over going to circles first, then bamboos. Four in a
    /// four-player set are one 5m, two 5p and one 5s (Mahjong Soul's
    /// four-red rooms); four in three-player, two 5p and two 5s (Riichi
    /// City).
    #[must_use]
    pub fn red_fives_in(&self, suit: usize) -> u8 {
        let suits: &[usize] = if self.seats == 3 { &[1, 2] } else { &[1, 2, 0] };
        let Some(place) = suits.iter().position(|s| *s == suit) else {
            return 0;
        };
        let k = u8::try_from(suits.len()).unwrap_or(3);
        let extra = self.red_fives % k;
        self.red_fives / k + u8::from(u8::try_from(place).unwrap_or(u8::MAX) < extra)
    }

    /// Reads a profile from JSON. Three forms load:
    ///
    /// * a whole profile, as `paifu rules NAME` prints one;
    /// * a partial one naming a preset as its `base` and giving only the
    ///   fields it changes (`{"base": "tenhou", "kiriage": true}`; nested
    ///   objects such as `uma` may be partial too);
    /// * one saved by an earlier paifu (an older `revision`): the fields it
    ///   lacks are taken from the preset of its `book`, and the old forms
    ///   of fields (see `formats/rules.md`, "Revisions") are read as they
    ///   were meant.
    ///
    /// # Errors
    ///
    /// The JSON error, with its line and column; an unknown field or base.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        use serde::de::Error as _;
        let value: serde_json::Value = serde_json::from_str(text)?;
        let serde_json::Value::Object(mut given) = value else {
            return Err(serde_json::Error::custom("a profile is a JSON object"));
        };
        let base = match given.remove("base") {
            Some(serde_json::Value::String(name)) => Self::preset(&name).ok_or_else(|| {
                serde_json::Error::custom(format!("unknown base profile `{name}`"))
            })?,
            Some(other) => {
                return Err(serde_json::Error::custom(format!(
                    "`base` names a preset, found {other}"
                )));
            }
            None => Self::book_preset(&given),
        };
        migrate(&mut given);
        let mut merged = serde_json::to_value(base).map_err(serde_json::Error::custom)?;
        merge(&mut merged, given, "")?;
        serde_json::from_value(merged)
    }

    /// The preset a profile without a `base` takes missing fields from:
    /// its book's (three-player Tenhou for three seats), else Tenhou's.
    fn book_preset(given: &serde_json::Map<String, serde_json::Value>) -> Self {
        let seats = given.get("seats").and_then(serde_json::Value::as_u64);
        let name = match given.get("book").and_then(serde_json::Value::as_str) {
            Some("mahjong_soul") => "mahjongsoul",
            Some("riichi_city") if seats == Some(3) => "riichicity-sanma",
            Some("riichi_city") => "riichicity",
            Some("ema2016") => "ema2016",
            Some("wrc2015") => "wrc2015",
            Some("ema2012") => "ema2012",
            _ if seats == Some(3) => "tenhou-sanma",
            _ => "tenhou",
        };
        Self::preset(name).unwrap_or_else(presets::tenhou)
    }
}

/// Reads the forms earlier revisions saved: `liability` was one name for
/// both the counters' payer and what liability covers (revision 1).
fn migrate(given: &mut serde_json::Map<String, serde_json::Value>) {
    let Some(serde_json::Value::String(old)) = given.get("liability") else {
        return;
    };
    let (ron_counters, covers) = match old.as_str() {
        "split_counters_by_discarder" => ("discarder", "whole_hand"),
        "split_counters_split" => ("split", "whole_hand"),
        // Revision 1 meant Tenhou's rules by it, which have the liable
        // player pay the counters.
        "whole_hand" => ("liable", "whole_hand"),
        "liable_yakuman_only" => ("liable", "liable_yakuman_only"),
        _ => return,
    };
    given.insert(
        "liability".into(),
        serde_json::json!({"ron_counters": ron_counters, "covers": covers}),
    );
}

/// Lays `given` over `base`, object by object; a key `base` lacks is an
/// unknown field.
fn merge(
    base: &mut serde_json::Value,
    given: serde_json::Map<String, serde_json::Value>,
    path: &str,
) -> Result<(), serde_json::Error> {
    use serde::de::Error as _;
    let serde_json::Value::Object(slots) = base else {
        return Err(serde_json::Error::custom(format!(
            "`{path}` is not an object"
        )));
    };
    for (key, value) in given {
        let here = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        let Some(slot) = slots.get_mut(&key) else {
            return Err(serde_json::Error::custom(format!("unknown field `{here}`")));
        };
        match value {
            serde_json::Value::Object(inner) if slot.is_object() => merge(slot, inner, &here)?,
            other => *slot = other,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Rules, presets};

    #[test]
    fn red_fives_spread_over_the_suits_circles_first() {
        let spread = |preset: &str, red: u8| {
            let mut r = Rules::preset(preset).unwrap_or_else(presets::tenhou);
            r.red_fives = red;
            [r.red_fives_in(0), r.red_fives_in(1), r.red_fives_in(2)]
        };
        assert_eq!(spread("tenhou", 3), [1, 1, 1]);
        assert_eq!(spread("mahjongsoul", 4), [1, 2, 1]);
        assert_eq!(spread("tenhou", 0), [0, 0, 0]);
        assert_eq!(spread("mahjongsoul-sanma", 2), [0, 1, 1]);
        assert_eq!(spread("riichicity-sanma", 4), [0, 2, 2]);
    }
}
