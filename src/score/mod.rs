//! Scoring a win: yaku, dora, fu, the limit, and who pays what.
//!
//! [`score`] is a pure function of the hand, the [`Situation`] the win
//! happened in, and the [`Rules`]. It never panics: an impossible hand or
//! situation is a [`ScoreError`] with a reason. [`settle`] turns a scored
//! win into score changes, with counters, riichi sticks and liability.
//!
//! Every decomposition of the concealed tiles, and every group the winning
//! tile can have completed, is a reading of its own (`reading`); each is
//! given fu (`fu`), yaku (`yaku`), dora (`dora`) and a value (`value`),
//! and the most valuable one is kept (`evaluate`). [`case`] reads the
//! scoring oracle's cases and compares results with them.
//!
//! Choices where the rule books leave room:
//!
//! * A triplet completed on a discard is open, for fu and for the
//!   concealed-triplet yaku (WRC §6.5: "the last group … is considered to
//!   be melded").
//! * Ties between readings of equal value go to a real yakuman over a
//!   counted one, then to more han, then to more fu.
//! * Rejected as impossible: haitei with rinshan (WRC scores only rinshan;
//!   the situation itself is refused here), ippatsu with rinshan (the own
//!   kong ends ippatsu), tenhou, chiihou or renhou after riichi.
//! * Every physical tile in view counts towards the four copies of a kind:
//!   the hand, the melds, the dora and ura indicators, north tiles set
//!   aside.
//! * Renhou as a mangan ([`Renhou::Mangan`](crate::rules::Renhou)) is not
//!   combined with anything: the hand scores the better of renhou alone
//!   and its own yaku.
//! * Three players without tsumo loss: the absent player's share of a
//!   tsumo is split between the two payers.

mod dora;
mod evaluate;
mod facts;
mod fu;
mod reading;
mod settle;
mod tally;
mod validate;
mod value;
mod yaku;

pub mod case;
pub mod notation;

pub(crate) use dora::dora_kind;

use serde::Serialize;

use crate::event::{Limit, Seat, Wind};
use crate::hand::Decomposition;
use crate::rules::Rules;
use crate::tile::Tile;
use crate::yaku::Yaku;

/// A called or concealed set outside the concealed tiles.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Meld {
    /// What kind of set.
    pub kind: MeldKind,
    /// Its tiles (3, or 4 for a kong), red fives as they are.
    pub tiles: Vec<Tile>,
}

/// The kinds of set outside the concealed tiles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// A called sequence.
    Chi,
    /// A called triplet.
    Pon,
    /// An open kong on a discard.
    Daiminkan,
    /// A pon extended to a kong.
    Kakan,
    /// A concealed kong (the hand stays closed).
    Ankan,
}

impl MeldKind {
    /// Whether the set opens the hand (all but the concealed kong).
    #[must_use]
    pub const fn is_open(self) -> bool {
        !matches!(self, Self::Ankan)
    }

    /// Whether the set is a kong.
    #[must_use]
    pub const fn is_kong(self) -> bool {
        matches!(self, Self::Daiminkan | Self::Kakan | Self::Ankan)
    }
}

/// A winning hand: the concealed tiles (the winning tile included), the
/// melds, and which tile won.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct WinningHand {
    /// Concealed tiles including the winning tile.
    pub concealed: Vec<Tile>,
    /// Called sets and concealed kongs.
    pub melds: Vec<Meld>,
    /// The winning tile (one of `concealed`; its red marking says which copy).
    pub win_tile: Tile,
}

/// Riichi as declared.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RiichiKind {
    /// No riichi.
    #[default]
    None,
    /// Riichi.
    Riichi,
    /// Double riichi (riichi on the first uninterrupted discard).
    Double,
}

/// Everything about the win that is not the tiles: how it was won and in
/// which kyoku. The engine derives it from the replay; `paifu score` and the
/// oracle take it from their input.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Situation {
    /// Won on the player's own draw.
    pub tsumo: bool,
    /// Riichi or double riichi declared.
    pub riichi: RiichiKind,
    /// Won within the first go-around after riichi, uninterrupted.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the live wall.
    pub haitei: bool,
    /// Ron on the discard after the last tile.
    pub houtei: bool,
    /// Tsumo on a replacement tile after a kong.
    pub rinshan: bool,
    /// Ron on a tile added to a kong (or, where allowed, a concealed kong
    /// for thirteen orphans).
    pub chankan: bool,
    /// The dealer's win on the initial hand.
    pub tenhou: bool,
    /// A non-dealer's tsumo on the first uninterrupted draw.
    pub chiihou: bool,
    /// A non-dealer's ron before their first draw, uninterrupted.
    pub renhou: bool,
    /// The winner's seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Dora indicators in effect (the first and the kan dora).
    pub dora_indicators: Vec<Tile>,
    /// Ura dora indicators (counted only for riichi).
    pub ura_indicators: Vec<Tile>,
    /// North tiles the winner set aside (three-player nukidora).
    pub nukidora: u8,
    /// Counters on the table.
    pub honba: u8,
    /// Riichi sticks the winner collects (the winner's own included).
    pub riichi_sticks: u8,
}

impl Situation {
    /// A win with nothing special about it: no riichi, no timing yaku, no
    /// indicators, no counters or sticks; the fields that matter are set
    /// on the result.
    #[must_use]
    pub const fn plain(tsumo: bool, seat_wind: Wind, round_wind: Wind) -> Self {
        Self {
            tsumo,
            riichi: RiichiKind::None,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            seat_wind,
            round_wind,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            nukidora: 0,
            honba: 0,
            riichi_sticks: 0,
        }
    }

    /// Whether the winner is the dealer (seat wind East).
    #[must_use]
    pub fn dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }
}

/// A yaku and its han in this hand (open-hand reductions applied).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct YakuHan {
    /// The yaku.
    pub yaku: Yaku,
    /// Its han.
    pub han: u8,
}

/// A yakuman and how many times it counts (2 for a double yakuman).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct YakumanCount {
    /// The yakuman.
    pub yaku: Yaku,
    /// 1, or 2 for a pattern the rules count double.
    pub multiplier: u8,
}

/// Han from dora of each kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct DoraCount {
    /// Dora and kan dora.
    pub dora: u8,
    /// Red fives.
    pub aka: u8,
    /// Ura dora (riichi only).
    pub ura: u8,
    /// North tiles set aside (three-player).
    pub nukidora: u8,
}

/// Why a hand earns fu.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FuReason {
    /// The 20 every win has.
    Base,
    /// A closed hand won on a discard.
    ClosedRon,
    /// A tsumo (not with pinfu).
    Tsumo,
    /// An open hand that would earn nothing is raised to 30.
    OpenPinfu,
    /// Seven pairs: always 25.
    SevenPairs,
    /// A pair of dragons, the seat wind or the round wind.
    ValuePair,
    /// A pair of a wind that is both seat and round wind.
    DoubleWindPair,
    /// Open triplet of simples.
    OpenTripletSimple,
    /// Open triplet of terminals or honours.
    OpenTripletTerminal,
    /// Concealed triplet of simples.
    ClosedTripletSimple,
    /// Concealed triplet of terminals or honours.
    ClosedTripletTerminal,
    /// Open kong of simples.
    OpenKongSimple,
    /// Open kong of terminals or honours.
    OpenKongTerminal,
    /// Concealed kong of simples.
    ClosedKongSimple,
    /// Concealed kong of terminals or honours.
    ClosedKongTerminal,
    /// Won on a closed (kanchan), edge (penchan) or single (tanki) wait.
    Wait,
}

/// One fu entry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct FuPart {
    /// Why.
    pub reason: FuReason,
    /// How much.
    pub fu: u8,
}

/// The fu entries of a win, held inline: base, at most one of closed ron,
/// tsumo or open pinfu, the wait, the pair and four sets make at most
/// eight. Derefs to `[FuPart]` and serialises as a sequence.
pub type FuParts = arrayvec::ArrayVec<FuPart, 8>;

/// What the payers pay, counters included, riichi sticks excluded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// The discarder pays this.
    Ron {
        /// Paid by the discarder.
        discarder: i32,
    },
    /// A dealer's tsumo: each other player pays this.
    TsumoDealer {
        /// Paid by each non-dealer.
        each: i32,
    },
    /// A non-dealer's tsumo.
    TsumoNonDealer {
        /// Paid by the dealer.
        dealer: i32,
        /// Paid by each other non-dealer.
        non_dealer: i32,
    },
}

/// A scored win.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Scored {
    /// Yaku with their han (empty for a yakuman hand).
    pub yaku: Vec<YakuHan>,
    /// Yakuman (empty for an ordinary hand).
    pub yakuman: Vec<YakumanCount>,
    /// Dora han by kind (zero for a yakuman hand).
    pub dora: DoraCount,
    /// Total han, dora included (saturating at 255). For a yakuman hand 13
    /// per yakuman counted: the sum of the multipliers where the rules
    /// stack yakuman, the largest one where they do not.
    pub han: u8,
    /// Fu, rounded (25 for seven pairs, 0 for thirteen orphans, which has
    /// no fu).
    pub fu: u8,
    /// The fu, entry by entry, before rounding.
    pub fu_parts: FuParts,
    /// The limit reached.
    pub limit: Limit,
    /// Basic points (fu × 2^(han+2), or the limit's value).
    pub base: i64,
    /// What the payers pay, counters included.
    pub payment: Payment,
    /// What the winner gains: payments plus riichi sticks.
    pub total: i32,
    /// The reading that gave this score.
    pub decomposition: Decomposition,
}

/// Why a hand cannot be scored.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// The tiles cannot be a winning hand at all (wrong count, a fifth
    /// copy, the winning tile not in the hand…).
    #[error("malformed hand: {reason}")]
    Malformed {
        /// Why.
        reason: String,
    },
    /// The tiles do not form a complete hand.
    #[error("not a winning hand: {reason}")]
    NotWinning {
        /// Why.
        reason: String,
    },
    /// The hand is complete but has no yaku (dora are not yaku).
    #[error("no yaku")]
    NoYaku,
    /// The situation contradicts itself or the hand (e.g. riichi with an
    /// open hand, haitei on a ron).
    #[error("impossible situation: {reason}")]
    InvalidSituation {
        /// Why.
        reason: String,
    },
    /// The hand has yaku, but fewer han from yaku than the rules require
    /// with this many counters on the table (EMA 2012 §3.4.11).
    #[error("{honba} counters need {minimum} han from yaku")]
    TooFewHan {
        /// Counters on the table.
        honba: u8,
        /// The rules' threshold of counters for the two-han minimum.
        minimum: u8,
    },
    /// The hand has yaku, but fewer han, dora included, than the room
    /// requires of every win (Mahjong Soul's `fanfu`, 番缚).
    #[error("the rules need {minimum} han for a win")]
    BelowMinimumHan {
        /// The han every win needs.
        minimum: u8,
    },
}

/// Scores a win.
///
/// # Errors
///
/// A [`ScoreError`] saying why the hand cannot be scored.
pub fn score(
    hand: &WinningHand,
    situation: &Situation,
    rules: &Rules,
) -> Result<Scored, ScoreError> {
    evaluate::score(hand, situation, rules)
}

/// What [`score`] gives as `total` for the same hand and situation with no
/// counters and no riichi sticks (the hand's value, as logs state it),
/// worked out from `scored`, the score with them, without scoring again.
///
/// `None` when the counters can change which reading wins (a two-han
/// minimum from counters that applies to `situation` and not to the bare
/// one): only scoring again answers then.
#[must_use]
pub fn bare_total(scored: &Scored, situation: &Situation, rules: &Rules) -> Option<i32> {
    // Counters and sticks enter the score only through the payment and the
    // total, except that enough counters may exclude one-han readings.
    let same_readings = rules
        .two_han_minimum_from_counters
        .is_none_or(|min| situation.honba < min || min == 0);
    same_readings.then(|| {
        let pay = value::payment(scored.base, situation.dealer(), situation.tsumo, 0, rules);
        value::total(&pay, rules.seats, 0)
    })
}

/// Score changes of a nagashi mangan by `winner`: a mangan paid as on a
/// tsumo, without counters (Tenhou; the riichi sticks stay on the table).
#[must_use]
pub fn nagashi_deltas(winner: Seat, dealer: Seat, rules: &Rules) -> Vec<i32> {
    let payment = value::payment(2000, winner == dealer, true, 0, rules);
    let seats = usize::from(rules.seats);
    let mut out = vec![0i32; seats];
    for (i, d) in out.iter_mut().enumerate() {
        if i == winner.index() {
            continue;
        }
        let paid = match payment {
            Payment::TsumoDealer { each } => each,
            Payment::TsumoNonDealer {
                dealer: d_pays,
                non_dealer,
            } => {
                if i == dealer.index() {
                    d_pays
                } else {
                    non_dealer
                }
            }
            Payment::Ron { discarder } => discarder,
        };
        *d -= paid;
    }
    let received: i32 = out.iter().map(|d| -d).sum();
    if let Some(w) = out.get_mut(winner.index()) {
        *w += received;
    }
    out
}

/// Who took part in a win, for [`settle`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Table {
    /// Number of players (3 or 4).
    pub seats: u8,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The winner.
    pub winner: Seat,
    /// The discarder on a ron; `None` for a tsumo.
    pub discarder: Option<Seat>,
    /// The player liable for big dragons / big winds, if any.
    pub liable: Option<Seat>,
    /// On a tsumo on the replacement draw of an open kong (daiminkan): who
    /// discarded the kong's tile. Under [`Rules::rinshan_liability`] that
    /// player pays the whole hand.
    pub kong_feeder: Option<Seat>,
}

/// Every seat's score change from one win: the payments (counters
/// included), liability, and the riichi sticks the winner collects.
///
/// The sticks were taken from their owners when riichi was declared, so
/// here the winner only collects them (`situation.riichi_sticks` × 1000).
/// With several winners on one discard, settle each win on its own and
/// give the sticks (and, under Tenhou-like rules, the counters) to the one
/// the rules name. A table that contradicts itself (a seat beyond
/// `seats`, the winner as discarder or as liable player) settles nothing:
/// every change is 0.
#[must_use]
pub fn settle(scored: &Scored, situation: &Situation, table: &Table, rules: &Rules) -> Vec<i32> {
    settle::settle(scored, situation, table, rules)
}

#[cfg(test)]
mod tests;
