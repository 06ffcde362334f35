//! The audit's rule ids: one row per rule, with its default severity, its
//! title and its paragraph in each rule book. `formats/rules.md` has an
//! entry for each; the tests below hold it to this table.

use super::catalogue;

catalogue! {
    /// A stable rule id. The code (`FURITEN-RON`) never changes once
    /// released; `formats/rules.md` has an entry for each.
    pub enum RuleId {
        default: severity -> Severity;
        TurnOrder = "TURN-ORDER", Error,
        "A player acts out of turn, or an event comes that cannot follow the one before.",
            Tenhou: "Tenhou rules: order of play",
            MahjongSoul: "Mahjong Soul rules: order of play",
            RiichiCity: "Riichi City rules: order of play",
            Ema2016: "EMA 2016 §3.3 (a player's turn)",
            Wrc2015: "WRC 2015 §5.3",
            Ema2012: "EMA 2012 §3.3";
        WallEmpty = "WALL-EMPTY", Error,
        "A draw from an empty live wall.",
            Tenhou: "Tenhou rules: exhaustive draw",
            MahjongSoul: "Mahjong Soul rules: exhaustive draw",
            RiichiCity: "Riichi City rules: exhaustive draw",
            Ema2016: "EMA 2016 §3.4.1, §3.4.2",
            Wrc2015: "WRC 2015 §5.7.1",
            Ema2012: "EMA 2012 §3.4.1";
        WallMismatch = "WALL-MISMATCH", Warning,
        "A draw, replacement draw, dora or ura indicator that is not the tile the record's own wall holds at that place, or a deal and wall that do not make up the tile set.",
            Tenhou: "log consistency",
            MahjongSoul: "log consistency",
            RiichiCity: "log consistency",
            Ema2016: "log consistency",
            Wrc2015: "log consistency",
            Ema2012: "log consistency";
        TileNotHeld = "TILE-NOT-HELD", Error,
        "A discard, call or kong with a tile the player does not hold.",
            Tenhou: "Tenhou rules: order of play",
            MahjongSoul: "Mahjong Soul rules: order of play",
            RiichiCity: "Riichi City rules: order of play",
            Ema2016: "EMA 2016 §3.4.7 (invalid call, wrong tiles)",
            Wrc2015: "WRC 2015 §7.1",
            Ema2012: "EMA 2012 §3.4.7";
        FifthCopy = "FIFTH-COPY", Error,
        "A fifth copy of a tile kind, or a second red five of a suit, comes into play.",
            Tenhou: "Tenhou rules: 136 tiles",
            MahjongSoul: "Mahjong Soul rules: 136 tiles",
            RiichiCity: "Riichi City rules: 136 tiles",
            Ema2016: "EMA 2016 §1 (136 tiles)",
            Wrc2015: "WRC 2015 §3",
            Ema2012: "EMA 2012 §1";
        TileNotInSet = "TILE-NOT-IN-SET", Error,
        "A red five in a game whose rules have none, or a tile a three-player set lacks.",
            Tenhou: "Tenhou rules: red fives per the lobby; no 2m-8m in three-player",
            MahjongSoul: "Mahjong Soul rules: red fives",
            RiichiCity: "Riichi City rules: red fives",
            Ema2016: "EMA 2016 §1.3 (no red fives)",
            Wrc2015: "WRC 2015 §6.1 (no red fives)",
            Ema2012: "EMA 2012 §4.1";
        HandSize = "HAND-SIZE", Error,
        "A hand with too many or too few tiles.",
            Tenhou: "Tenhou rules: order of play",
            MahjongSoul: "Mahjong Soul rules: order of play",
            RiichiCity: "Riichi City rules: order of play",
            Ema2016: "EMA 2016 §3.4.7 (too few or too many tiles: dead hand)",
            Wrc2015: "WRC 2015 §7.1",
            Ema2012: "EMA 2012 §3.4.7";
        TsumogiriMismatch = "TSUMOGIRI-MISMATCH", Warning,
        "The tsumogiri flag says the drawn tile was discarded, but it was not (or the reverse).",
            Tenhou: "log consistency",
            MahjongSoul: "log consistency",
            RiichiCity: "log consistency",
            Ema2016: "log consistency",
            Wrc2015: "log consistency",
            Ema2012: "log consistency";
        ChiNotFromLeft = "CHI-NOT-FROM-LEFT", Error,
        "A chi from a player other than the one on the left.",
            Tenhou: "Tenhou rules: chi",
            MahjongSoul: "Mahjong Soul rules: chi",
            RiichiCity: "Riichi City rules: chi",
            Ema2016: "EMA 2016 §3.3.3",
            Wrc2015: "WRC 2015 §5.4",
            Ema2012: "EMA 2012 §3.3.1";
        CallShape = "CALL-SHAPE", Error,
        "A chi whose tiles do not make a sequence of one suit, a pon or kong of different tiles, or an added kong with no pon to extend.",
            Tenhou: "Tenhou rules: calls",
            MahjongSoul: "Mahjong Soul rules: calls",
            RiichiCity: "Riichi City rules: calls",
            Ema2016: "EMA 2016 §3.3.3-§3.3.5, §3.4.7 (invalid call)",
            Wrc2015: "WRC 2015 §5.2, §5.4",
            Ema2012: "EMA 2012 §3.2, §3.4.7";
        CallNotLastDiscard = "CALL-NOT-LAST-DISCARD", Error,
        "A call on a tile that is not the last discard.",
            Tenhou: "Tenhou rules: calls",
            MahjongSoul: "Mahjong Soul rules: calls",
            RiichiCity: "Riichi City rules: calls",
            Ema2016: "EMA 2016 §3.3.1",
            Wrc2015: "WRC 2015 §5.4.1",
            Ema2012: "EMA 2012 §3.3.1";
        Kuikae = "KUIKAE", Error,
        "After a chi or pon, the called tile (or the other end of the chi) is discarded.",
            Tenhou: "Tenhou rules: swap-calling forbidden",
            MahjongSoul: "Mahjong Soul rules: swap-calling forbidden",
            RiichiCity: "Riichi City rules: swap-calling forbidden",
            Ema2016: "EMA 2016 §3.3.2, §3.4.7 (swap-calling: dead hand)",
            Wrc2015: "WRC 2015 §5.4",
            Ema2012: "";
        CallPriority = "CALL-PRIORITY", Error,
        "A call is made on a discard another player won on.",
            Tenhou: "Tenhou rules: ron takes precedence",
            MahjongSoul: "Mahjong Soul rules: ron takes precedence",
            RiichiCity: "Riichi City rules: ron takes precedence",
            Ema2016: "EMA 2016 §3.3.1",
            Wrc2015: "WRC 2015 §5.4.1",
            Ema2012: "EMA 2012 §3.3.1";
        LastTileCall = "LAST-TILE-CALL", Error,
        "A chi, pon or kong on the last discard, or a concealed kong on the last tile.",
            Tenhou: "Tenhou rules: haitei",
            MahjongSoul: "Mahjong Soul rules: haitei",
            RiichiCity: "Riichi City rules: haitei",
            Ema2016: "EMA 2016 §3.4.1",
            Wrc2015: "WRC 2015 §5.7.1",
            Ema2012: "EMA 2012 §3.4.1";
        KongAfterCall = "KONG-AFTER-CALL", Error,
        "An added or concealed kong in a turn that began with a chi or pon.",
            Tenhou: "Tenhou rules: kongs",
            MahjongSoul: "Mahjong Soul rules: kongs",
            RiichiCity: "Riichi City rules: kongs",
            Ema2016: "EMA 2016 §3.3.6, §3.3.7",
            Wrc2015: "WRC 2015 §5.4.7, §5.4.8",
            Ema2012: "EMA 2012 §3.3.7";
        KongLimit = "KONG-LIMIT", Error,
        "A kong beyond what the rules allow (after a fourth kong, or a fifth).",
            Tenhou: "Tenhou rules: four kongs",
            MahjongSoul: "Mahjong Soul rules: four kongs",
            RiichiCity: "Riichi City rules: four kongs",
            Ema2016: "EMA 2016 §3.3.10",
            Wrc2015: "WRC 2015 §5.4.9",
            Ema2012: "EMA 2012 §3.3.9";
        RiichiOpenHand = "RIICHI-OPEN-HAND", Error,
        "Riichi with an open hand.",
            Tenhou: "Tenhou rules: riichi",
            MahjongSoul: "Mahjong Soul rules: riichi",
            RiichiCity: "Riichi City rules: riichi",
            Ema2016: "EMA 2016 §3.3.14, §3.4.7 (riichi on an open hand: dead hand)",
            Wrc2015: "WRC 2015 §6.5.1",
            Ema2012: "EMA 2012 §3.3.12";
        RiichiNotTenpai = "RIICHI-NOT-TENPAI", Error,
        "Riichi on a hand that is not waiting after the discard.",
            Tenhou: "Tenhou rules: riichi",
            MahjongSoul: "Mahjong Soul rules: riichi",
            RiichiCity: "Riichi City rules: riichi",
            Ema2016: "EMA 2016 §3.3.14, §3.4.6 (chombo)",
            Wrc2015: "WRC 2015 §6.5.1, §7.1",
            Ema2012: "EMA 2012 §3.3.12";
        RiichiFewTiles = "RIICHI-FEW-TILES", Error,
        "Riichi with fewer tiles left in the wall than the rules require.",
            Tenhou: "Tenhou rules: riichi (4 tiles left)",
            MahjongSoul: "Mahjong Soul rules: riichi",
            RiichiCity: "Riichi City rules: riichi",
            Ema2016: "EMA 2016 §3.3.14",
            Wrc2015: "WRC 2015 §6.5.1",
            Ema2012: "EMA 2012 §3.3.12";
        RiichiNoPoints = "RIICHI-NO-POINTS", Error,
        "Riichi with fewer points than the stick.",
            Tenhou: "Tenhou rules: riichi (1000 points)",
            MahjongSoul: "Mahjong Soul rules: riichi (1000 points)",
            RiichiCity: "Riichi City rules: riichi (1000 points)",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "";
        RiichiTwice = "RIICHI-TWICE", Error,
        "A second riichi declaration by the same player.",
            Tenhou: "Tenhou rules: riichi",
            MahjongSoul: "Mahjong Soul rules: riichi",
            RiichiCity: "Riichi City rules: riichi",
            Ema2016: "EMA 2016 §3.3.14",
            Wrc2015: "WRC 2015 §6.5.1",
            Ema2012: "EMA 2012 §3.3.12";
        RiichiStick = "RIICHI-STICK", Warning,
        "The riichi stick is recorded as paid when it should not be, or not when it should.",
            Tenhou: "Tenhou rules: riichi",
            MahjongSoul: "Mahjong Soul rules: riichi",
            RiichiCity: "Riichi City rules: riichi",
            Ema2016: "EMA 2016 §3.3.14",
            Wrc2015: "WRC 2015 §6.5.1",
            Ema2012: "EMA 2012 §3.3.12";
        RiichiChangedHand = "RIICHI-CHANGED-HAND", Error,
        "After riichi, a discard other than the tile just drawn, or a call.",
            Tenhou: "Tenhou rules: riichi",
            MahjongSoul: "Mahjong Soul rules: riichi",
            RiichiCity: "Riichi City rules: riichi",
            Ema2016: "EMA 2016 §3.3.14",
            Wrc2015: "WRC 2015 §6.5.1",
            Ema2012: "EMA 2012 §3.3.12";
        RiichiKong = "RIICHI-KONG", Error,
        "A concealed kong after riichi that changes the waits (or, under EMA and WRC, can be read other than as a triplet).",
            Tenhou: "Tenhou rules: kong after riichi",
            MahjongSoul: "Mahjong Soul rules: kong after riichi",
            RiichiCity: "Riichi City rules: kong after riichi",
            Ema2016: "EMA 2016 §3.3.14, §3.4.6 (chombo)",
            Wrc2015: "WRC 2015 §6.5.1",
            Ema2012: "EMA 2012 §3.3.12";
        FuritenRon = "FURITEN-RON", Error,
        "A ron by a player one of whose own discards is among their waits.",
            Tenhou: "Tenhou rules: furiten",
            MahjongSoul: "Mahjong Soul rules: furiten",
            RiichiCity: "Riichi City rules: furiten",
            Ema2016: "EMA 2016 §3.4.5",
            Wrc2015: "WRC 2015 §5.7.5",
            Ema2012: "EMA 2012 §3.4.5";
        FuritenTemporary = "FURITEN-TEMPORARY", Error,
        "A ron after passing a winning discard earlier in the same go-around.",
            Tenhou: "Tenhou rules: furiten",
            MahjongSoul: "Mahjong Soul rules: furiten",
            RiichiCity: "Riichi City rules: furiten",
            Ema2016: "EMA 2016 §3.4.5",
            Wrc2015: "WRC 2015 §5.7.5",
            Ema2012: "EMA 2012 §3.4.5";
        FuritenRiichi = "FURITEN-RIICHI", Error,
        "A ron by a riichi player who passed a winning discard after declaring.",
            Tenhou: "Tenhou rules: furiten",
            MahjongSoul: "Mahjong Soul rules: furiten",
            RiichiCity: "Riichi City rules: furiten",
            Ema2016: "EMA 2016 §3.3.14, §3.4.5",
            Wrc2015: "WRC 2015 §5.7.5",
            Ema2012: "EMA 2012 §3.3.12";
        WinNotComplete = "WIN-NOT-COMPLETE", Error,
        "A win declared on a hand that is not complete (chombo).",
            Tenhou: "Tenhou rules: winning hand",
            MahjongSoul: "Mahjong Soul rules: winning hand",
            RiichiCity: "Riichi City rules: winning hand",
            Ema2016: "EMA 2016 §3.3.11, §3.3.12, §3.4.6 (chombo)",
            Wrc2015: "WRC 2015 §5.5, §5.6, §7.1",
            Ema2012: "EMA 2012 §3.3.10, §3.3.11";
        WinNoYaku = "WIN-NO-YAKU", Error,
        "A win without a yaku (dora are not yaku).",
            Tenhou: "Tenhou rules: one yaku",
            MahjongSoul: "Mahjong Soul rules: one yaku",
            RiichiCity: "Riichi City rules: one yaku",
            Ema2016: "EMA 2016 §3.3.11, §3.3.12",
            Wrc2015: "WRC 2015 §5.5, §5.6",
            Ema2012: "EMA 2012 §3.3.10, §3.4.11";
        WinTile = "WIN-TILE", Warning,
        "The log's winning tile is not the tile the win was made on.",
            Tenhou: "log consistency",
            MahjongSoul: "log consistency",
            RiichiCity: "log consistency",
            Ema2016: "log consistency",
            Wrc2015: "log consistency",
            Ema2012: "log consistency";
        Chankan = "CHANKAN", Error,
        "A ron on a kong that cannot be robbed.",
            Tenhou: "Tenhou rules: chankan (added kong only)",
            MahjongSoul: "Mahjong Soul rules: chankan",
            RiichiCity: "Riichi City rules: chankan",
            Ema2016: "EMA 2016 §3.3.6",
            Wrc2015: "WRC 2015 §6.5.1 (Robbing a Kong)",
            Ema2012: "EMA 2012 §3.3.7";
        MultipleRon = "MULTIPLE-RON", Error,
        "More winners on one discard than the rules allow, or a win where one must give way.",
            Tenhou: "Tenhou rules: double ron; triple ron is an abortive draw",
            MahjongSoul: "Mahjong Soul rules: multiple ron",
            RiichiCity: "Riichi City rules: multiple ron",
            Ema2016: "EMA 2016 §3.4.9",
            Wrc2015: "WRC 2015 §5.7.6 (head bump)",
            Ema2012: "EMA 2012 §3.4.9";
        Pao = "PAO", Warning,
        "The log's liable player differs from the one who fed the last dragon or wind set.",
            Tenhou: "Tenhou rules: pao",
            MahjongSoul: "Mahjong Soul rules: pao",
            RiichiCity: "Riichi City rules: pao",
            Ema2016: "EMA 2016 §3.3.9",
            Wrc2015: "WRC 2015 §6.2",
            Ema2012: "EMA 2012 §3.3.6";
        KanDora = "KAN-DORA", Error,
        "A kan dora indicator turned at the wrong time, never turned, or turned with no kong.",
            Tenhou: "Tenhou rules: kan dora (a concealed kong's at once, an open or added kong's after the replacement draw)",
            MahjongSoul: "Mahjong Soul rules: kan dora",
            RiichiCity: "Riichi City rules: kan dora (every kong's at once, measured)",
            Ema2016: "EMA 2016 §3.3.5-§3.3.7 (kongs: the kan dora indicator is turned at once)",
            Wrc2015: "WRC 2015 §5.4.6-§5.4.8; §6.5.1 Chankan (a robbed kong turns no kan dora)",
            Ema2012: "EMA 2012 §3.3.5-§3.3.7 (§3.3.7: an added kong's indicator after the time for a win declaration)";
        DrawEarly = "DRAW-EARLY", Error,
        "An exhaustive draw with tiles still in the wall, or play after the last tile.",
            Tenhou: "Tenhou rules: exhaustive draw",
            MahjongSoul: "Mahjong Soul rules: exhaustive draw",
            RiichiCity: "Riichi City rules: exhaustive draw",
            Ema2016: "EMA 2016 §3.4.2",
            Wrc2015: "WRC 2015 §5.7.2",
            Ema2012: "EMA 2012 §3.4.2";
        TenpaiClaim = "TENPAI-CLAIM", Error,
        "A tenpai declaration that the hand does not bear out, or a riichi hand not shown.",
            Tenhou: "Tenhou rules: exhaustive draw",
            MahjongSoul: "Mahjong Soul rules: exhaustive draw",
            RiichiCity: "Riichi City rules: exhaustive draw",
            Ema2016: "EMA 2016 §3.3.13, §3.4.2, §3.4.6",
            Wrc2015: "WRC 2015 §5.7.2",
            Ema2012: "EMA 2012 §3.4.2";
        AbortiveDraw = "ABORTIVE-DRAW", Error,
        "An abortive draw the rules do not have, or whose conditions do not hold.",
            Tenhou: "Tenhou rules: abortive draws",
            MahjongSoul: "Mahjong Soul rules: abortive draws",
            RiichiCity: "Riichi City rules: abortive draws",
            Ema2016: "EMA 2016 §3.4, §3.4.3 (no abortive draws)",
            Wrc2015: "WRC 2015 §5.7 (no abortive draws)",
            Ema2012: "EMA 2012 §3.4, §3.3.9";
        AbortiveDrawMissing = "ABORTIVE-DRAW-MISSING", Error,
        "Play goes on although the rules end the hand in an abortive draw.",
            Tenhou: "Tenhou rules: abortive draws",
            MahjongSoul: "Mahjong Soul rules: abortive draws",
            RiichiCity: "Riichi City rules: abortive draws",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "EMA 2012 §3.3.9 (fourth kong)";
        NagashiMangan = "NAGASHI-MANGAN", Error,
        "A nagashi mangan claimed where the rules or the rivers do not allow it.",
            Tenhou: "Tenhou rules: nagashi mangan",
            MahjongSoul: "Mahjong Soul rules: nagashi mangan",
            RiichiCity: "Riichi City rules: nagashi mangan",
            Ema2016: "EMA 2016 §4.2.6 (obsolete hands)",
            Wrc2015: "WRC 2015 §6.5 (not a yaku)",
            Ema2012: "EMA 2012 §4.2";
        DeadHand = "DEAD-HAND", Error,
        "A dead hand calls, wins or is shown as tenpai.",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "EMA 2016 §3.4.7",
            Wrc2015: "WRC 2015 §7.1",
            Ema2012: "EMA 2012 §3.4.7";
        Chombo = "CHOMBO", Error,
        "An offence the rules punish by chombo; the penalty the profile gives.",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "EMA 2016 §3.4.6",
            Wrc2015: "WRC 2015 §7.1",
            Ema2012: "EMA 2012 §3.4.6";
        ScoreHan = "SCORE-HAN", Warning,
        "Recomputed han differ from the log's.",
            Tenhou: "Tenhou rules: scoring",
            MahjongSoul: "Mahjong Soul rules: scoring",
            RiichiCity: "Riichi City rules: scoring",
            Ema2016: "EMA 2016 §4.1, §4.2",
            Wrc2015: "WRC 2015 §6.1, §6.5",
            Ema2012: "EMA 2012 §4.1, §4.2";
        ScoreFu = "SCORE-FU", Warning,
        "Recomputed fu differ from the log's.",
            Tenhou: "Tenhou rules: scoring",
            MahjongSoul: "Mahjong Soul rules: scoring",
            RiichiCity: "Riichi City rules: scoring",
            Ema2016: "EMA 2016 §4.1.1",
            Wrc2015: "WRC 2015 §6.3",
            Ema2012: "EMA 2012 §4.1.1";
        ScoreYaku = "SCORE-YAKU", Warning,
        "The recomputed yaku or dora differ from the log's.",
            Tenhou: "Tenhou rules: yaku",
            MahjongSoul: "Mahjong Soul rules: yaku",
            RiichiCity: "Riichi City rules: yaku",
            Ema2016: "EMA 2016 §4.2",
            Wrc2015: "WRC 2015 §6.5",
            Ema2012: "EMA 2012 §4.2";
        ScorePoints = "SCORE-POINTS", Warning,
        "The recomputed value or limit differs from the log's.",
            Tenhou: "Tenhou rules: scoring",
            MahjongSoul: "Mahjong Soul rules: scoring",
            RiichiCity: "Riichi City rules: scoring",
            Ema2016: "EMA 2016 §4.1",
            Wrc2015: "WRC 2015 §6.1",
            Ema2012: "EMA 2012 §4.1";
        ScoreDeltas = "SCORE-DELTAS", Warning,
        "The recomputed score changes of an outcome differ from the log's.",
            Tenhou: "Tenhou rules: payments",
            MahjongSoul: "Mahjong Soul rules: payments",
            RiichiCity: "Riichi City rules: payments",
            Ema2016: "EMA 2016 §3.3.9, §3.4.2, §3.4.10, §4.1",
            Wrc2015: "WRC 2015 §5.7.2, §5.7.7, §6.1",
            Ema2012: "EMA 2012 §3.4.2, §4.1";
        ScoreContinuity = "SCORE-CONTINUITY", Warning,
        "A kyoku's starting scores are not the previous kyoku's final scores.",
            Tenhou: "log consistency",
            MahjongSoul: "log consistency",
            RiichiCity: "log consistency",
            Ema2016: "log consistency",
            Wrc2015: "log consistency",
            Ema2012: "log consistency";
        ScoreConservation = "SCORE-CONSERVATION", Warning,
        "Scores plus riichi sticks on the table do not add up to the starting total.",
            Tenhou: "log consistency",
            MahjongSoul: "log consistency",
            RiichiCity: "log consistency",
            Ema2016: "log consistency",
            Wrc2015: "log consistency",
            Ema2012: "log consistency";
        NextKyoku = "NEXT-KYOKU", Warning,
        "The next kyoku has the wrong dealer, counters or riichi sticks, or is played after the rules end the game.",
            Tenhou: "Tenhou rules: renchan and counters; the game ends below zero and at an all-last dealer's win or tenpai in first place (agari-yame, tenpai-yame)",
            MahjongSoul: "Mahjong Soul rules: renchan",
            RiichiCity: "Riichi City rules: renchan",
            Ema2016: "EMA 2016 §3.4.2, §3.4.4, §3.4.9, §3.4.10",
            Wrc2015: "WRC 2015 §5.7.7, §5.7.8; §5.9.1 (no agari yame)",
            Ema2012: "EMA 2012 §3.4.10, §3.4.12";
        FinalScore = "FINAL-SCORE", Warning,
        "The final scores or game points differ from the recomputation (uma, oka, leftover sticks).",
            Tenhou: "Tenhou rules: final points (uma +20/+10/-10/-20, oka)",
            MahjongSoul: "Mahjong Soul rules: final points",
            RiichiCity: "Riichi City rules: final points (uma +30/+10/-10/-30, oka; three players +20/0/-20; measured)",
            Ema2016: "EMA 2016 §3.6.1",
            Wrc2015: "WRC 2015 §5.9.2",
            Ema2012: "EMA 2012 §3.6";
        EngineDesync = "ENGINE-DESYNC", Warning,
        "The replay could not follow the log; the kyoku is skipped from here on.",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "";
        Unchecked = "UNCHECKED", Info,
        "A check could not be made (hidden tiles, a rule the log does not show).",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "";
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Book;

    /// `formats/rules.md` gives each rule its heading, its default severity
    /// and title, and a table of its citations in the catalogue's columns
    /// (`—` for none).
    #[test]
    fn every_rule_is_in_formats_rules_md_as_catalogued() {
        let doc = include_str!("../../formats/rules.md");
        let head: Vec<&str> = Book::ALL.iter().map(|b| b.column()).collect();
        let head = format!("| {} |", head.join(" | "));
        for r in RuleId::ALL {
            let cites: Vec<&str> = Book::ALL
                .iter()
                .map(|b| match r.citation(*b) {
                    "" => "—",
                    c => c,
                })
                .collect();
            let entry = format!(
                "#### `{}`\n\n**{}** — {}\n\n{head}\n|{}\n| {} |\n",
                r.code(),
                r.severity(),
                r.title(),
                "---|".repeat(Book::ALL.len()),
                cites.join(" | ")
            );
            assert!(
                doc.contains(&entry),
                "formats/rules.md has no entry for {r} as catalogued:\n{entry}"
            );
        }
    }
}
