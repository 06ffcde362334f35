//! Findings: what the audit reports, and the catalogue of rule ids.
//!
//! Every finding names a stable rule id (`FURITEN-RON`), its severity, the
//! event and seat it concerns, a one-line message, the expected and recorded
//! values where they differ, and the paragraph of the active rule book it
//! comes from. `formats/rules.md` describes each rule id; a test keeps the
//! two in step.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::event::{Seat, Source};
use crate::rules::Book;
use crate::yaku::{NameStyle, listing_for_people};

/// How serious a finding is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Could not be checked (hidden tiles, a rule the log cannot show).
    Info,
    /// The log contradicts itself or the recomputation.
    Warning,
    /// An action the profile forbids.
    Error,
}

impl Severity {
    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! catalogue {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident = $code:literal, $severity:ident,
        tenhou: $tenhou:literal, mjs: $mjs:literal, rc: $rc:literal,
        ema2016: $ema:literal, wrc2015: $wrc:literal, ema2012: $ema12:literal;
    )*) => {
        /// A stable rule id. The code (`FURITEN-RON`) never changes once
        /// released; `formats/rules.md` has an entry for each.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum RuleId {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl RuleId {
            /// Every rule id, in catalogue order.
            pub const ALL: &'static [RuleId] = &[$(RuleId::$variant),*];

            /// The stable code.
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)*
                }
            }

            /// The default severity.
            #[must_use]
            pub const fn severity(self) -> Severity {
                match self {
                    $(Self::$variant => Severity::$severity,)*
                }
            }

            /// The paragraph of `book` this rule implements (empty when the
            /// book has no such paragraph).
            #[must_use]
            pub const fn citation(self, book: Book) -> &'static str {
                match (self, book) {
                    $(
                        (Self::$variant, Book::Tenhou) => $tenhou,
                        (Self::$variant, Book::MahjongSoul) => $mjs,
                        (Self::$variant, Book::RiichiCity) => $rc,
                        (Self::$variant, Book::Ema2016) => $ema,
                        (Self::$variant, Book::Wrc2015) => $wrc,
                        (Self::$variant, Book::Ema2012) => $ema12,
                    )*
                }
            }
        }
    };
}

catalogue! {
    /// A player acts out of turn, or an event comes that cannot follow the one before.
    TurnOrder = "TURN-ORDER", Error,
        tenhou: "Tenhou rules: order of play", mjs: "Mahjong Soul rules: order of play", rc: "Riichi City rules: order of play",
        ema2016: "EMA 2016 §3.3 (a player's turn)", wrc2015: "WRC 2015 §5.3", ema2012: "EMA 2012 §3.3";
    /// A draw from an empty live wall.
    WallEmpty = "WALL-EMPTY", Error,
        tenhou: "Tenhou rules: exhaustive draw", mjs: "Mahjong Soul rules: exhaustive draw", rc: "Riichi City rules: exhaustive draw",
        ema2016: "EMA 2016 §3.4.1, §3.4.2", wrc2015: "WRC 2015 §5.7.1", ema2012: "EMA 2012 §3.4.1";
    /// A draw, replacement draw, dora or ura indicator that is not the tile the record's own wall holds at that place, or a deal and wall that do not make up the tile set.
    WallMismatch = "WALL-MISMATCH", Warning,
        tenhou: "log consistency", mjs: "log consistency", rc: "log consistency",
        ema2016: "log consistency", wrc2015: "log consistency", ema2012: "log consistency";
    /// A discard, call or kong with a tile the player does not hold.
    TileNotHeld = "TILE-NOT-HELD", Error,
        tenhou: "Tenhou rules: order of play", mjs: "Mahjong Soul rules: order of play", rc: "Riichi City rules: order of play",
        ema2016: "EMA 2016 §3.4.7 (invalid call, wrong tiles)", wrc2015: "WRC 2015 §7.1", ema2012: "EMA 2012 §3.4.7";
    /// A fifth copy of a tile kind, or a second red five of a suit, comes into play.
    FifthCopy = "FIFTH-COPY", Error,
        tenhou: "Tenhou rules: 136 tiles", mjs: "Mahjong Soul rules: 136 tiles", rc: "Riichi City rules: 136 tiles",
        ema2016: "EMA 2016 §1 (136 tiles)", wrc2015: "WRC 2015 §3", ema2012: "EMA 2012 §1";
    /// A red five in a game whose rules have none, or a tile a three-player set lacks.
    TileNotInSet = "TILE-NOT-IN-SET", Error,
        tenhou: "Tenhou rules: red fives per the lobby; no 2m-8m in three-player", mjs: "Mahjong Soul rules: red fives", rc: "Riichi City rules: red fives",
        ema2016: "EMA 2016 §1.3 (no red fives)", wrc2015: "WRC 2015 §6.1 (no red fives)", ema2012: "EMA 2012 §4.1";
    /// A hand with too many or too few tiles.
    HandSize = "HAND-SIZE", Error,
        tenhou: "Tenhou rules: order of play", mjs: "Mahjong Soul rules: order of play", rc: "Riichi City rules: order of play",
        ema2016: "EMA 2016 §3.4.7 (too few or too many tiles: dead hand)", wrc2015: "WRC 2015 §7.1", ema2012: "EMA 2012 §3.4.7";
    /// The tsumogiri flag says the drawn tile was discarded, but it was not (or the reverse).
    TsumogiriMismatch = "TSUMOGIRI-MISMATCH", Warning,
        tenhou: "log consistency", mjs: "log consistency", rc: "log consistency",
        ema2016: "log consistency", wrc2015: "log consistency", ema2012: "log consistency";
    /// A chi from a player other than the one on the left.
    ChiNotFromLeft = "CHI-NOT-FROM-LEFT", Error,
        tenhou: "Tenhou rules: chi", mjs: "Mahjong Soul rules: chi", rc: "Riichi City rules: chi",
        ema2016: "EMA 2016 §3.3.3", wrc2015: "WRC 2015 §5.4", ema2012: "EMA 2012 §3.3.1";
    /// A chi whose tiles do not make a sequence of one suit, a pon or kong of different tiles, or an added kong with no pon to extend.
    CallShape = "CALL-SHAPE", Error,
        tenhou: "Tenhou rules: calls", mjs: "Mahjong Soul rules: calls", rc: "Riichi City rules: calls",
        ema2016: "EMA 2016 §3.3.3-§3.3.5, §3.4.7 (invalid call)", wrc2015: "WRC 2015 §5.2, §5.4", ema2012: "EMA 2012 §3.2, §3.4.7";
    /// A call on a tile that is not the last discard.
    CallNotLastDiscard = "CALL-NOT-LAST-DISCARD", Error,
        tenhou: "Tenhou rules: calls", mjs: "Mahjong Soul rules: calls", rc: "Riichi City rules: calls",
        ema2016: "EMA 2016 §3.3.1", wrc2015: "WRC 2015 §5.4.1", ema2012: "EMA 2012 §3.3.1";
    /// After a chi or pon, the called tile (or the other end of the chi) is discarded.
    Kuikae = "KUIKAE", Error,
        tenhou: "Tenhou rules: swap-calling forbidden", mjs: "Mahjong Soul rules: swap-calling forbidden", rc: "Riichi City rules: swap-calling forbidden",
        ema2016: "EMA 2016 §3.3.2, §3.4.7 (swap-calling: dead hand)", wrc2015: "WRC 2015 §5.4", ema2012: "";
    /// A call is made on a discard another player won on.
    CallPriority = "CALL-PRIORITY", Error,
        tenhou: "Tenhou rules: ron takes precedence", mjs: "Mahjong Soul rules: ron takes precedence", rc: "Riichi City rules: ron takes precedence",
        ema2016: "EMA 2016 §3.3.1", wrc2015: "WRC 2015 §5.4.1", ema2012: "EMA 2012 §3.3.1";
    /// A chi, pon or kong on the last discard, or a concealed kong on the last tile.
    LastTileCall = "LAST-TILE-CALL", Error,
        tenhou: "Tenhou rules: haitei", mjs: "Mahjong Soul rules: haitei", rc: "Riichi City rules: haitei",
        ema2016: "EMA 2016 §3.4.1", wrc2015: "WRC 2015 §5.7.1", ema2012: "EMA 2012 §3.4.1";
    /// An added or concealed kong in a turn that began with a chi or pon.
    KongAfterCall = "KONG-AFTER-CALL", Error,
        tenhou: "Tenhou rules: kongs", mjs: "Mahjong Soul rules: kongs", rc: "Riichi City rules: kongs",
        ema2016: "EMA 2016 §3.3.6, §3.3.7", wrc2015: "WRC 2015 §5.4.7, §5.4.8", ema2012: "EMA 2012 §3.3.7";
    /// A kong beyond what the rules allow (after a fourth kong, or a fifth).
    KongLimit = "KONG-LIMIT", Error,
        tenhou: "Tenhou rules: four kongs", mjs: "Mahjong Soul rules: four kongs", rc: "Riichi City rules: four kongs",
        ema2016: "EMA 2016 §3.3.10", wrc2015: "WRC 2015 §5.4.9", ema2012: "EMA 2012 §3.3.9";
    /// Riichi with an open hand.
    RiichiOpenHand = "RIICHI-OPEN-HAND", Error,
        tenhou: "Tenhou rules: riichi", mjs: "Mahjong Soul rules: riichi", rc: "Riichi City rules: riichi",
        ema2016: "EMA 2016 §3.3.14, §3.4.7 (riichi on an open hand: dead hand)", wrc2015: "WRC 2015 §6.5.1", ema2012: "EMA 2012 §3.3.12";
    /// Riichi on a hand that is not waiting after the discard.
    RiichiNotTenpai = "RIICHI-NOT-TENPAI", Error,
        tenhou: "Tenhou rules: riichi", mjs: "Mahjong Soul rules: riichi", rc: "Riichi City rules: riichi",
        ema2016: "EMA 2016 §3.3.14, §3.4.6 (chombo)", wrc2015: "WRC 2015 §6.5.1, §7.1", ema2012: "EMA 2012 §3.3.12";
    /// Riichi with fewer tiles left in the wall than the rules require.
    RiichiFewTiles = "RIICHI-FEW-TILES", Error,
        tenhou: "Tenhou rules: riichi (4 tiles left)", mjs: "Mahjong Soul rules: riichi", rc: "Riichi City rules: riichi",
        ema2016: "EMA 2016 §3.3.14", wrc2015: "WRC 2015 §6.5.1", ema2012: "EMA 2012 §3.3.12";
    /// Riichi with fewer points than the stick.
    RiichiNoPoints = "RIICHI-NO-POINTS", Error,
        tenhou: "Tenhou rules: riichi (1000 points)", mjs: "Mahjong Soul rules: riichi (1000 points)", rc: "Riichi City rules: riichi (1000 points)",
        ema2016: "", wrc2015: "", ema2012: "";
    /// A second riichi declaration by the same player.
    RiichiTwice = "RIICHI-TWICE", Error,
        tenhou: "Tenhou rules: riichi", mjs: "Mahjong Soul rules: riichi", rc: "Riichi City rules: riichi",
        ema2016: "EMA 2016 §3.3.14", wrc2015: "WRC 2015 §6.5.1", ema2012: "EMA 2012 §3.3.12";
    /// The riichi stick is recorded as paid when it should not be, or not when it should.
    RiichiStick = "RIICHI-STICK", Warning,
        tenhou: "Tenhou rules: riichi", mjs: "Mahjong Soul rules: riichi", rc: "Riichi City rules: riichi",
        ema2016: "EMA 2016 §3.3.14", wrc2015: "WRC 2015 §6.5.1", ema2012: "EMA 2012 §3.3.12";
    /// After riichi, a discard other than the tile just drawn, or a call.
    RiichiChangedHand = "RIICHI-CHANGED-HAND", Error,
        tenhou: "Tenhou rules: riichi", mjs: "Mahjong Soul rules: riichi", rc: "Riichi City rules: riichi",
        ema2016: "EMA 2016 §3.3.14", wrc2015: "WRC 2015 §6.5.1", ema2012: "EMA 2012 §3.3.12";
    /// A concealed kong after riichi that changes the waits (or, under EMA and WRC, can be read other than as a triplet).
    RiichiKong = "RIICHI-KONG", Error,
        tenhou: "Tenhou rules: kong after riichi", mjs: "Mahjong Soul rules: kong after riichi", rc: "Riichi City rules: kong after riichi",
        ema2016: "EMA 2016 §3.3.14, §3.4.6 (chombo)", wrc2015: "WRC 2015 §6.5.1", ema2012: "EMA 2012 §3.3.12";
    /// A ron by a player one of whose own discards is among their waits.
    FuritenRon = "FURITEN-RON", Error,
        tenhou: "Tenhou rules: furiten", mjs: "Mahjong Soul rules: furiten", rc: "Riichi City rules: furiten",
        ema2016: "EMA 2016 §3.4.5", wrc2015: "WRC 2015 §5.7.5", ema2012: "EMA 2012 §3.4.5";
    /// A ron after passing a winning discard earlier in the same go-around.
    FuritenTemporary = "FURITEN-TEMPORARY", Error,
        tenhou: "Tenhou rules: furiten", mjs: "Mahjong Soul rules: furiten", rc: "Riichi City rules: furiten",
        ema2016: "EMA 2016 §3.4.5", wrc2015: "WRC 2015 §5.7.5", ema2012: "EMA 2012 §3.4.5";
    /// A ron by a riichi player who passed a winning discard after declaring.
    FuritenRiichi = "FURITEN-RIICHI", Error,
        tenhou: "Tenhou rules: furiten", mjs: "Mahjong Soul rules: furiten", rc: "Riichi City rules: furiten",
        ema2016: "EMA 2016 §3.3.14, §3.4.5", wrc2015: "WRC 2015 §5.7.5", ema2012: "EMA 2012 §3.3.12";
    /// A win declared on a hand that is not complete (chombo).
    WinNotComplete = "WIN-NOT-COMPLETE", Error,
        tenhou: "Tenhou rules: winning hand", mjs: "Mahjong Soul rules: winning hand", rc: "Riichi City rules: winning hand",
        ema2016: "EMA 2016 §3.3.11, §3.3.12, §3.4.6 (chombo)", wrc2015: "WRC 2015 §5.5, §5.6, §7.1", ema2012: "EMA 2012 §3.3.10, §3.3.11";
    /// A win without a yaku (dora are not yaku).
    WinNoYaku = "WIN-NO-YAKU", Error,
        tenhou: "Tenhou rules: one yaku", mjs: "Mahjong Soul rules: one yaku", rc: "Riichi City rules: one yaku",
        ema2016: "EMA 2016 §3.3.11, §3.3.12", wrc2015: "WRC 2015 §5.5, §5.6", ema2012: "EMA 2012 §3.3.10, §3.4.11";
    /// The log's winning tile is not the tile the win was made on.
    WinTile = "WIN-TILE", Warning,
        tenhou: "log consistency", mjs: "log consistency", rc: "log consistency",
        ema2016: "log consistency", wrc2015: "log consistency", ema2012: "log consistency";
    /// A ron on a kong that cannot be robbed.
    Chankan = "CHANKAN", Error,
        tenhou: "Tenhou rules: chankan (added kong only)", mjs: "Mahjong Soul rules: chankan", rc: "Riichi City rules: chankan",
        ema2016: "EMA 2016 §3.3.6", wrc2015: "WRC 2015 §6.5.1 (Robbing a Kong)", ema2012: "EMA 2012 §3.3.7";
    /// More winners on one discard than the rules allow, or a win where one must give way.
    MultipleRon = "MULTIPLE-RON", Error,
        tenhou: "Tenhou rules: double ron; triple ron is an abortive draw", mjs: "Mahjong Soul rules: multiple ron", rc: "Riichi City rules: multiple ron",
        ema2016: "EMA 2016 §3.4.9", wrc2015: "WRC 2015 §5.7.6 (head bump)", ema2012: "EMA 2012 §3.4.9";
    /// The log's liable player differs from the one who fed the last dragon or wind set.
    Pao = "PAO", Warning,
        tenhou: "Tenhou rules: pao", mjs: "Mahjong Soul rules: pao", rc: "Riichi City rules: pao",
        ema2016: "EMA 2016 §3.3.9", wrc2015: "WRC 2015 §6.2", ema2012: "EMA 2012 §3.3.6";
    /// A kan dora indicator turned at the wrong time, never turned, or turned with no kong.
    KanDora = "KAN-DORA", Error,
        tenhou: "Tenhou rules: kan dora (a concealed kong's at once, an open or added kong's after the replacement draw)", mjs: "Mahjong Soul rules: kan dora", rc: "Riichi City rules: kan dora (every kong's at once, measured)",
        ema2016: "EMA 2016 §3.3.5-§3.3.7 (kongs: the kan dora indicator is turned at once)", wrc2015: "WRC 2015 §5.4.6-§5.4.8", ema2012: "EMA 2012 §3.3.5-§3.3.7";
    /// An exhaustive draw with tiles still in the wall, or play after the last tile.
    DrawEarly = "DRAW-EARLY", Error,
        tenhou: "Tenhou rules: exhaustive draw", mjs: "Mahjong Soul rules: exhaustive draw", rc: "Riichi City rules: exhaustive draw",
        ema2016: "EMA 2016 §3.4.2", wrc2015: "WRC 2015 §5.7.2", ema2012: "EMA 2012 §3.4.2";
    /// A tenpai declaration that the hand does not bear out, or a riichi hand not shown.
    TenpaiClaim = "TENPAI-CLAIM", Error,
        tenhou: "Tenhou rules: exhaustive draw", mjs: "Mahjong Soul rules: exhaustive draw", rc: "Riichi City rules: exhaustive draw",
        ema2016: "EMA 2016 §3.3.13, §3.4.2, §3.4.6", wrc2015: "WRC 2015 §5.7.2", ema2012: "EMA 2012 §3.4.2";
    /// An abortive draw the rules do not have, or whose conditions do not hold.
    AbortiveDraw = "ABORTIVE-DRAW", Error,
        tenhou: "Tenhou rules: abortive draws", mjs: "Mahjong Soul rules: abortive draws", rc: "Riichi City rules: abortive draws",
        ema2016: "EMA 2016 §3.4, §3.4.3 (no abortive draws)", wrc2015: "WRC 2015 §5.7 (no abortive draws)", ema2012: "EMA 2012 §3.4, §3.3.9";
    /// Play goes on although the rules end the hand in an abortive draw.
    AbortiveDrawMissing = "ABORTIVE-DRAW-MISSING", Error,
        tenhou: "Tenhou rules: abortive draws", mjs: "Mahjong Soul rules: abortive draws", rc: "Riichi City rules: abortive draws",
        ema2016: "", wrc2015: "", ema2012: "EMA 2012 §3.3.9 (fourth kong)";
    /// A nagashi mangan claimed where the rules or the rivers do not allow it.
    NagashiMangan = "NAGASHI-MANGAN", Error,
        tenhou: "Tenhou rules: nagashi mangan", mjs: "Mahjong Soul rules: nagashi mangan", rc: "Riichi City rules: nagashi mangan",
        ema2016: "EMA 2016 §4.2.6 (obsolete hands)", wrc2015: "WRC 2015 §6.5 (not a yaku)", ema2012: "EMA 2012 §4.2";
    /// A dead hand calls, wins or is shown as tenpai.
    DeadHand = "DEAD-HAND", Error,
        tenhou: "", mjs: "", rc: "",
        ema2016: "EMA 2016 §3.4.7", wrc2015: "WRC 2015 §7.1", ema2012: "EMA 2012 §3.4.7";
    /// An offence the rules punish by chombo; the penalty the profile gives.
    Chombo = "CHOMBO", Error,
        tenhou: "", mjs: "", rc: "",
        ema2016: "EMA 2016 §3.4.6", wrc2015: "WRC 2015 §7.1", ema2012: "EMA 2012 §3.4.6";
    /// Recomputed han differ from the log's.
    ScoreHan = "SCORE-HAN", Warning,
        tenhou: "Tenhou rules: scoring", mjs: "Mahjong Soul rules: scoring", rc: "Riichi City rules: scoring",
        ema2016: "EMA 2016 §4.1, §4.2", wrc2015: "WRC 2015 §6.1, §6.5", ema2012: "EMA 2012 §4.1, §4.2";
    /// Recomputed fu differ from the log's.
    ScoreFu = "SCORE-FU", Warning,
        tenhou: "Tenhou rules: scoring", mjs: "Mahjong Soul rules: scoring", rc: "Riichi City rules: scoring",
        ema2016: "EMA 2016 §4.1.1", wrc2015: "WRC 2015 §6.3", ema2012: "EMA 2012 §4.1.1";
    /// The recomputed yaku or dora differ from the log's.
    ScoreYaku = "SCORE-YAKU", Warning,
        tenhou: "Tenhou rules: yaku", mjs: "Mahjong Soul rules: yaku", rc: "Riichi City rules: yaku",
        ema2016: "EMA 2016 §4.2", wrc2015: "WRC 2015 §6.5", ema2012: "EMA 2012 §4.2";
    /// The recomputed value or limit differs from the log's.
    ScorePoints = "SCORE-POINTS", Warning,
        tenhou: "Tenhou rules: scoring", mjs: "Mahjong Soul rules: scoring", rc: "Riichi City rules: scoring",
        ema2016: "EMA 2016 §4.1", wrc2015: "WRC 2015 §6.1", ema2012: "EMA 2012 §4.1";
    /// The recomputed score changes of an outcome differ from the log's.
    ScoreDeltas = "SCORE-DELTAS", Warning,
        tenhou: "Tenhou rules: payments", mjs: "Mahjong Soul rules: payments", rc: "Riichi City rules: payments",
        ema2016: "EMA 2016 §3.3.9, §3.4.2, §3.4.10, §4.1", wrc2015: "WRC 2015 §5.7.2, §5.7.7, §6.1", ema2012: "EMA 2012 §3.4.2, §4.1";
    /// A kyoku's starting scores are not the previous kyoku's final scores.
    ScoreContinuity = "SCORE-CONTINUITY", Warning,
        tenhou: "log consistency", mjs: "log consistency", rc: "log consistency",
        ema2016: "log consistency", wrc2015: "log consistency", ema2012: "log consistency";
    /// Scores plus riichi sticks on the table do not add up to the starting total.
    ScoreConservation = "SCORE-CONSERVATION", Warning,
        tenhou: "log consistency", mjs: "log consistency", rc: "log consistency",
        ema2016: "log consistency", wrc2015: "log consistency", ema2012: "log consistency";
    /// The next kyoku has the wrong dealer, counters or riichi sticks.
    NextKyoku = "NEXT-KYOKU", Warning,
        tenhou: "Tenhou rules: renchan and counters", mjs: "Mahjong Soul rules: renchan", rc: "Riichi City rules: renchan",
        ema2016: "EMA 2016 §3.4.2, §3.4.4, §3.4.9, §3.4.10", wrc2015: "WRC 2015 §5.7.7, §5.7.8", ema2012: "EMA 2012 §3.4.10, §3.4.12";
    /// The final scores or game points differ from the recomputation (uma, oka, leftover sticks).
    FinalScore = "FINAL-SCORE", Warning,
        tenhou: "Tenhou rules: final points (uma +20/+10/-10/-20, oka)", mjs: "Mahjong Soul rules: final points", rc: "Riichi City rules: final points (uma +30/+10/-10/-30, oka; three players +20/0/-20; measured)",
        ema2016: "EMA 2016 §3.6.1", wrc2015: "WRC 2015 §5.9.2", ema2012: "EMA 2012 §3.6";
    /// The replay could not follow the log; the kyoku is skipped from here on.
    EngineDesync = "ENGINE-DESYNC", Warning,
        tenhou: "", mjs: "", rc: "", ema2016: "", wrc2015: "", ema2012: "";
    /// A check could not be made (hidden tiles, a rule the log does not show).
    Unchecked = "UNCHECKED", Info,
        tenhou: "", mjs: "", rc: "", ema2016: "", wrc2015: "", ema2012: "";
}

/// What a finding's message ends with when the profile's values are not
/// known to be the game's ([`crate::rules::Rules::values_known`]).
pub const NOT_JUDGED: &str = " (not judged: the game's rules are not known, see the notes)";

impl RuleId {
    /// Whether the verdict of this rule is decided by a profile's values
    /// (a payment, a limit, an option a lobby may turn off), as against
    /// what no rule set allows (a tile not held, a turn out of order). Such
    /// a finding is only info when the game's values are not known
    /// ([`crate::rules::Rules::values_known`]).
    #[must_use]
    pub const fn rests_on_values(self) -> bool {
        matches!(
            self,
            Self::Kuikae
                | Self::KongLimit
                | Self::RiichiFewTiles
                | Self::RiichiNoPoints
                | Self::RiichiStick
                | Self::RiichiKong
                | Self::WinNoYaku
                | Self::Chankan
                | Self::MultipleRon
                | Self::Pao
                | Self::KanDora
                | Self::TenpaiClaim
                | Self::AbortiveDraw
                | Self::AbortiveDrawMissing
                | Self::NagashiMangan
                | Self::DeadHand
                | Self::Chombo
                | Self::ScoreHan
                | Self::ScoreFu
                | Self::ScoreYaku
                | Self::ScorePoints
                | Self::ScoreDeltas
                | Self::ScoreConservation
                | Self::NextKyoku
                | Self::FinalScore
        )
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for RuleId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// One thing the audit reports.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Finding {
    /// The rule.
    pub rule: RuleId,
    /// How serious.
    pub severity: Severity,
    /// Index of the event in the normalised stream.
    pub event: usize,
    /// The kyoku label (`E2-1`), when inside a kyoku.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kyoku: Option<String>,
    /// The seat concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// One sentence.
    pub message: String,
    /// The value the rules give, where a value is compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// The value the log records.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<String>,
    /// The paragraph of the profile's rule book.
    pub citation: &'static str,
    /// Where in the source file.
    #[serde(skip_serializing_if = "Source::is_unknown")]
    pub src: Source,
}

impl Finding {
    /// The expected and recorded values as people read them: the yaku of a
    /// `SCORE-YAKU` finding by their names in `style` rather than by the
    /// ids the JSON report keeps.
    #[must_use]
    pub fn values_for_people(&self, style: NameStyle) -> Option<(String, String)> {
        let (e, r) = (self.expected.as_deref()?, self.recorded.as_deref()?);
        Some(if self.rule == RuleId::ScoreYaku {
            (listing_for_people(e, style), listing_for_people(r, style))
        } else {
            (e.to_owned(), r.to_owned())
        })
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ev#{}", self.event)?;
        if let Some(k) = &self.kyoku {
            write!(f, " {k}")?;
        }
        if let Some(s) = self.seat {
            write!(f, " seat {s}")?;
        }
        write!(
            f,
            " {} {} {}",
            self.severity.name().to_uppercase(),
            self.rule,
            self.message
        )?;
        if let Some((e, r)) = self.values_for_people(NameStyle::default()) {
            write!(f, " (expected {e}, recorded {r})")?;
        }
        if !self.citation.is_empty() {
            write!(f, " [{}]", self.citation)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_kebab() {
        let mut codes: Vec<&str> = RuleId::ALL.iter().map(|r| r.code()).collect();
        for c in &codes {
            assert!(
                c.chars()
                    .all(|ch| ch.is_ascii_uppercase() || ch == '-' || ch.is_ascii_digit()),
                "{c}"
            );
        }
        codes.sort_unstable();
        let n = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), n);
    }

    #[test]
    fn every_rule_is_in_formats_rules_md() {
        let doc = include_str!("../../formats/rules.md");
        for r in RuleId::ALL {
            assert!(
                doc.contains(&format!("#### `{}`", r.code())),
                "formats/rules.md has no entry `#### \\`{}\\``",
                r.code()
            );
        }
    }

    #[test]
    fn severities_order_for_thresholds() {
        assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Info);
    }
}
