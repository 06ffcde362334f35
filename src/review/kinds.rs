//! The catalogue of review items: a stable id per kind of mistake, its
//! default weight, and the paragraph of each rule book it rests on.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::rules::Book;

/// How much an item weighs, for a teacher.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Worth knowing: a choice that can be right, or a fact about the hand.
    Note,
    /// A choice that gave something up, by a clear margin.
    Inaccuracy,
    /// A choice that lost something for nothing the engine can see.
    Mistake,
}

impl Severity {
    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Note => "note",
            Self::Inaccuracy => "inaccuracy",
            Self::Mistake => "mistake",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! kinds {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident = $code:literal,
        tenhou: $tenhou:literal, mjs: $mjs:literal, rc: $rc:literal,
        ema2016: $ema:literal, wrc2015: $wrc:literal, ema2012: $ema12:literal;
    )*) => {
        /// A kind of review item. The code (`MISSED-WIN`) never changes
        /// once released; `formats/review.md` describes each.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum ItemKind {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl ItemKind {
            /// Every kind, in catalogue order.
            pub const ALL: &'static [ItemKind] = &[$(ItemKind::$variant),*];

            /// The stable code.
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)*
                }
            }

            /// The paragraph of `book` the item rests on (empty when no
            /// rule is involved).
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

kinds! {
    /// A legal ron or tsumo (complete, with a yaku, not furiten) not taken.
    MissedWin = "MISSED-WIN",
        tenhou: "Tenhou rules: ron, tsumo; a passed win makes the hand furiten",
        mjs: "Mahjong Soul rules: ron, tsumo; a passed win makes the hand furiten", rc: "Riichi City rules: ron, tsumo; a passed win makes the hand furiten",
        ema2016: "EMA 2016 §3.3.11, §3.3.12 (ron, tsumo); §3.4.5 (a passed win makes the hand furiten)",
        wrc2015: "WRC 2015 §5.5, §5.6 (ron, tsumo); §5.7.5 (furiten)",
        ema2012: "EMA 2012 §3.3.10, §3.3.11 (ron, tsumo); §3.4.5 (furiten)";
    /// A discard that left a tenpai hand furiten when another kept it
    /// tenpai and not furiten.
    SelfFuriten = "SELF-FURITEN",
        tenhou: "Tenhou rules: furiten",
        mjs: "Mahjong Soul rules: furiten", rc: "Riichi City rules: furiten",
        ema2016: "EMA 2016 §3.4.5 (furiten: a wait among one's own discards)",
        wrc2015: "WRC 2015 §5.7.5 (furiten)",
        ema2012: "EMA 2012 §3.4.5 (furiten)";
    /// Riichi declared on a furiten wait, or on a wait with no tile left
    /// that the player cannot see.
    RiichiTrap = "RIICHI-TRAP",
        tenhou: "Tenhou rules: riichi; furiten",
        mjs: "Mahjong Soul rules: riichi; furiten", rc: "Riichi City rules: riichi; furiten",
        ema2016: "EMA 2016 §3.3.14 (riichi: the hand can no longer change); §3.4.5 (furiten)",
        wrc2015: "WRC 2015 §6.5.1 (riichi); §5.7.5 (furiten)",
        ema2012: "EMA 2012 §3.3.12 (riichi); §3.4.5 (furiten)";
    /// A discard that dealt into a riichi while a tile that player could
    /// not win on was in hand.
    DealInWithSafeTile = "DEAL-IN-WITH-SAFE-TILE",
        tenhou: "Tenhou rules: furiten (own discards; a winning tile passed after riichi)",
        mjs: "Mahjong Soul rules: furiten (own discards; a winning tile passed after riichi)", rc: "Riichi City rules: furiten (own discards; a winning tile passed after riichi)",
        ema2016: "EMA 2016 §3.4.5, §3.3.14 (furiten: own discards; a winning tile passed after riichi)",
        wrc2015: "WRC 2015 §5.7.5 (furiten)",
        ema2012: "EMA 2012 §3.4.5, §3.3.12 (furiten)";
    /// A call after which the hand, once tenpai, had no yaku on any wait.
    YakulessCall = "YAKULESS-CALL",
        tenhou: "Tenhou rules: a win needs one yaku",
        mjs: "Mahjong Soul rules: a win needs one yaku", rc: "Riichi City rules: a win needs one yaku",
        ema2016: "EMA 2016 §3.3.11, §3.3.12 (a win needs at least one yaku)",
        wrc2015: "WRC 2015 §6.5 (the yaku, with the comments: several require a closed hand)",
        ema2012: "EMA 2012 §3.3.10, §3.3.11 (a win needs at least one yaku)";
    /// An open hand tenpai with no yaku on any wait.
    YakulessTenpai = "YAKULESS-TENPAI",
        tenhou: "Tenhou rules: a win needs one yaku",
        mjs: "Mahjong Soul rules: a win needs one yaku", rc: "Riichi City rules: a win needs one yaku",
        ema2016: "EMA 2016 §3.3.11, §3.3.12 (a win needs at least one yaku)",
        wrc2015: "WRC 2015 §6.5 (the yaku, with the comments: several require a closed hand)",
        ema2012: "EMA 2012 §3.3.10, §3.3.11 (a win needs at least one yaku)";
    /// A discard that fed the third dragon or fourth wind set and made the
    /// discarder liable, when another kept the same shanten.
    LiabilityFeed = "LIABILITY-FEED",
        tenhou: "Tenhou rules: pao (big three dragons, big four winds)",
        mjs: "Mahjong Soul rules: pao (big three dragons, big four winds)", rc: "Riichi City rules: pao (big three dragons, big four winds)",
        ema2016: "EMA 2016 §3.3.9 (liability)",
        wrc2015: "WRC 2015 §6.2 (liability)",
        ema2012: "EMA 2012 §3.3.6 (liability)";
    /// Tile efficiency only: a discard that raised the shanten, or accepted
    /// clearly fewer tiles, while no opponent was in riichi.
    Efficiency = "EFFICIENCY",
        tenhou: "", mjs: "", rc: "", ema2016: "", wrc2015: "", ema2012: "";
}

impl fmt::Display for ItemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for ItemKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_in_formats_review_md() {
        let doc = include_str!("../../formats/review.md");
        for k in ItemKind::ALL {
            assert!(
                doc.contains(&format!("### `{}`", k.code())),
                "formats/review.md has no entry ### `{}`",
                k.code()
            );
        }
    }

    #[test]
    fn every_kind_but_efficiency_cites_every_book() {
        for k in ItemKind::ALL {
            for book in [
                Book::Tenhou,
                Book::MahjongSoul,
                Book::RiichiCity,
                Book::Ema2016,
                Book::Wrc2015,
                Book::Ema2012,
            ] {
                assert_eq!(
                    k.citation(book).is_empty(),
                    *k == ItemKind::Efficiency,
                    "{k} {book:?}"
                );
            }
        }
    }
}
