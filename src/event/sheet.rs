//! A lobby's own rules as typed facts: what a platform's rule sheet or
//! game type says, decoded by its importer, for `rules` to set on a
//! profile. Nothing here names a log format's fields or bits.

use super::DrawKind;

/// What a lobby's rule sheet sets, notes and could not read, each list in
/// the sheet's own order.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleSheet {
    /// The rules the sheet sets.
    pub settings: Vec<SheetRule>,
    /// Rules of the sheet no profile field holds.
    pub not_modelled: Vec<SheetNote>,
    /// Fields that could not be read, each in a phrase.
    pub unreadable: Vec<String>,
}

/// One rule a lobby's sheet sets.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SheetRule {
    /// Nagashi mangan on or off.
    NagashiMangan(bool),
    /// Kiriage mangan on or off.
    Kiriage(bool),
    /// The game ends when a score goes below zero.
    EndsBelowZero(bool),
    /// Kan dora are turned at once, for every kong.
    KanDoraAtOnce,
    /// Ura dora on or off.
    UraDora(bool),
    /// Kan ura dora on or off.
    KanUraDora(bool),
    /// An abortive draw of this kind on or off.
    AbortiveDraw(DrawKind, bool),
    /// What several rons on one discard do.
    MultipleRon(MultipleRon),
    /// The dealer repeats after a win.
    RenchanOnWin(bool),
    /// The dealer repeats when tenpai at an exhaustive draw.
    RenchanOnTenpai(bool),
    /// An all-last dealer's win in first place ends the game (agari-yame).
    AgariYame(bool),
    /// An all-last dealer's tenpai at a draw, in first place, ends the game
    /// (tenpai-yame).
    TenpaiYame(bool),
    /// The score an all-last dealer needs, first, for agari-yame and
    /// tenpai-yame.
    YamePoints(i32),
    /// A north may be set aside as dora (three players).
    Nukidora(bool),
    /// Riichi may be declared while one tile is left to draw.
    RiichiWhileATileIsLeft,
    /// A wait on a kind held four times, melds included, is no wait.
    FourHeldIsNoWait,
    /// A kong after riichi only of a triplet that changes no reading.
    KongAfterRiichiTripletOnly,
    /// The fu of a pair of a double wind.
    DoubleWindPairFu(u8),
    /// Uma shared by players tied on points.
    SharedUmaOnTies(bool),
    /// Riichi sticks left at the end go to the top player.
    LeftoverSticksToTop(bool),
    /// 13 han and more is a counted yakuman (else sanbaiman).
    CountedYakuman(bool),
    /// The points each player starts with.
    StartingPoints(i32),
    /// The points the game's result is counted from.
    ReturnPoints(i32),
    /// What one counter is worth in all.
    CounterValue(i32),
    /// The noten payments in all.
    NotenPayment(i32),
    /// The uma by rank, first to last, in thousands of points.
    Uma(Vec<i32>),
    /// Ippatsu is a yaku.
    Ippatsu(bool),
    /// The han every win needs, dora included.
    MinHan(u8),
    /// Several yakuman in one hand add up.
    YakumanStacking(bool),
    /// The double yakuman patterns count double.
    DoubleYakuman(bool),
    /// Swap calling (kuikae) is allowed.
    SwapCalling(bool),
    /// The tiles the live wall must hold for a riichi.
    RiichiMinTilesLeft(u8),
    /// The points a riichi needs (`None`: none).
    RiichiMinPoints(Option<i32>),
    /// A concealed kong may be robbed for thirteen orphans.
    RobConcealedKongForKokushi(bool),
    /// Red fives in the wall.
    RedFives(u8),
}

/// What several rons on one discard do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MultipleRon {
    /// Only the first claimant in turn order wins.
    HeadBump,
    /// Every claimant wins.
    All,
    /// Two win; three abort the kyoku.
    DoubleThenAbort,
}

/// A rule of the sheet no profile field holds.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SheetNote {
    /// Said in a phrase.
    Rule(String),
    /// The points that end the game: a rule only when they are not the
    /// starting points.
    PointsToEnd(i32),
    /// A setting that changes what the audit would judge, said in a phrase
    /// (`the room's old-yaku mode`): the profile's values are then not
    /// known to be the game's ([`crate::rules::Rules::values_known`]).
    Unjudged(String),
}

/// A game played under a lobby's own rules, known from its game type
/// (which ranked lobbies do not have) without its rule sheet.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LobbyGame {
    /// The game type, as the platform numbers it.
    pub game_type: u32,
    /// What the type's lobby bits are known to mean (`chips`, …).
    pub features: Vec<String>,
}
