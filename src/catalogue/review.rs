//! The kinds of review item: one row per kind, with its default weight
//! (the weight it has unless the kind's own conditions in
//! `formats/review.md` lower it), its title and the paragraph of each rule
//! book it rests on. `formats/review.md` describes each; the tests below
//! hold it to this table.

use super::catalogue;

catalogue! {
    /// A kind of review item. The code (`MISSED-WIN`) never changes once
    /// released; `formats/review.md` describes each.
    pub enum ItemKind {
        default: weight -> Weight;
        MissedWin = "MISSED-WIN", Mistake,
        "A legal ron or tsumo (complete, with a yaku, not furiten) not taken.",
            Tenhou: "Tenhou rules: ron, tsumo; a passed win makes the hand furiten",
            MahjongSoul: "Mahjong Soul rules: ron, tsumo; a passed win makes the hand furiten",
            RiichiCity: "Riichi City rules: ron, tsumo; a passed win makes the hand furiten",
            Ema2016: "EMA 2016 §3.3.11, §3.3.12 (ron, tsumo); §3.4.5 (a passed win makes the hand furiten)",
            Wrc2015: "WRC 2015 §5.5, §5.6 (ron, tsumo); §5.7.5 (furiten)",
            Ema2012: "EMA 2012 §3.3.10, §3.3.11 (ron, tsumo); §3.4.5 (furiten)";
        SelfFuriten = "SELF-FURITEN", Mistake,
        "A discard that left a tenpai hand furiten when another kept it tenpai, not furiten, with a clearly better chance to win.",
            Tenhou: "Tenhou rules: furiten",
            MahjongSoul: "Mahjong Soul rules: furiten",
            RiichiCity: "Riichi City rules: furiten",
            Ema2016: "EMA 2016 §3.4.5 (furiten: a wait among one's own discards)",
            Wrc2015: "WRC 2015 §5.7.5 (furiten)",
            Ema2012: "EMA 2012 §3.4.5 (furiten)";
        RiichiTrap = "RIICHI-TRAP", Mistake,
        "Riichi declared on a furiten wait, or on a wait with no tile left that the player cannot see.",
            Tenhou: "Tenhou rules: riichi; furiten",
            MahjongSoul: "Mahjong Soul rules: riichi; furiten",
            RiichiCity: "Riichi City rules: riichi; furiten",
            Ema2016: "EMA 2016 §3.3.14 (riichi: the hand can no longer change); §3.4.5 (furiten)",
            Wrc2015: "WRC 2015 §6.5.1 (riichi); §5.7.5 (furiten)",
            Ema2012: "EMA 2012 §3.3.12 (riichi); §3.4.5 (furiten)";
        DealInWithSafeTile = "DEAL-IN-WITH-SAFE-TILE", Mistake,
        "A discard that dealt into a riichi while a tile that player could not win on was in hand.",
            Tenhou: "Tenhou rules: furiten (own discards; a winning tile passed after riichi)",
            MahjongSoul: "Mahjong Soul rules: furiten (own discards; a winning tile passed after riichi)",
            RiichiCity: "Riichi City rules: furiten (own discards; a winning tile passed after riichi)",
            Ema2016: "EMA 2016 §3.4.5, §3.3.14 (furiten: own discards; a winning tile passed after riichi)",
            Wrc2015: "WRC 2015 §5.7.5 (furiten)",
            Ema2012: "EMA 2012 §3.4.5, §3.3.12 (furiten)";
        YakulessCall = "YAKULESS-CALL", Mistake,
        "A call that kept no route to a yaku, after which the hand, once tenpai, had no yaku on any wait.",
            Tenhou: "Tenhou rules: a win needs one yaku",
            MahjongSoul: "Mahjong Soul rules: a win needs one yaku",
            RiichiCity: "Riichi City rules: a win needs one yaku",
            Ema2016: "EMA 2016 §3.3.11, §3.3.12 (a win needs at least one yaku)",
            Wrc2015: "WRC 2015 §6.5 (the yaku, with the comments: several require a closed hand)",
            Ema2012: "EMA 2012 §3.3.10, §3.3.11 (a win needs at least one yaku)";
        YakulessTenpai = "YAKULESS-TENPAI", Mistake,
        "An open hand tenpai with no yaku on any wait.",
            Tenhou: "Tenhou rules: a win needs one yaku",
            MahjongSoul: "Mahjong Soul rules: a win needs one yaku",
            RiichiCity: "Riichi City rules: a win needs one yaku",
            Ema2016: "EMA 2016 §3.3.11, §3.3.12 (a win needs at least one yaku)",
            Wrc2015: "WRC 2015 §6.5 (the yaku, with the comments: several require a closed hand)",
            Ema2012: "EMA 2012 §3.3.10, §3.3.11 (a win needs at least one yaku)";
        LiabilityFeed = "LIABILITY-FEED", Mistake,
        "A discard that fed the third dragon or fourth wind set and made the discarder liable, when another kept the same shanten.",
            Tenhou: "Tenhou rules: pao (big three dragons, big four winds)",
            MahjongSoul: "Mahjong Soul rules: pao (big three dragons, big four winds)",
            RiichiCity: "Riichi City rules: pao (big three dragons, big four winds)",
            Ema2016: "EMA 2016 §3.3.9 (liability)",
            Wrc2015: "WRC 2015 §6.2 (liability)",
            Ema2012: "EMA 2012 §3.3.6 (liability)";
        PushIntoDanger = "PUSH-INTO-DANGER", Mistake,
        "Under threat, a dangerous discard from a far or cheap hand when a safer one kept it as close, the push-or-fold weighing clearly for folding.",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "";
        DamaWithoutYaku = "DAMA-WITHOUT-YAKU", Mistake,
        "A closed tenpai left dama when riichi was open to it and no wait had a yaku without riichi: only a tsumo could win.",
            Tenhou: "Tenhou rules: riichi; a win needs one yaku",
            MahjongSoul: "Mahjong Soul rules: riichi; a win needs one yaku",
            RiichiCity: "Riichi City rules: riichi; a win needs one yaku",
            Ema2016: "EMA 2016 §3.3.14 (riichi); §3.3.11, §3.3.12 (a win needs at least one yaku)",
            Wrc2015: "WRC 2015 §6.5.1 (riichi); §6.5 (the yaku)",
            Ema2012: "EMA 2012 §3.3.12 (riichi); §3.3.10, §3.3.11 (a win needs at least one yaku)";
        KongIntoRiichi = "KONG-INTO-RIICHI", Mistake,
        "A kong declared while another player was in riichi by a hand the kong left not tenpai: a new dora indicator (and its ura) for the riichi hand, and with an added kong a chance to rob it.",
            Tenhou: "Tenhou rules: kan dora (and kan ura for a riichi winner); chankan (added kong only)",
            MahjongSoul: "Mahjong Soul rules: kan dora (and kan ura for a riichi winner); chankan",
            RiichiCity: "Riichi City rules: kan dora (and kan ura for a riichi winner); chankan",
            Ema2016: "EMA 2016 §3.3.5-§3.3.7 (kongs: a kan dora indicator; an added kong can be robbed); §3.3.14 (kan ura for a riichi winner)",
            Wrc2015: "WRC 2015 §5.4.6-§5.4.8 (kongs); §6.5.1 (Robbing a Kong)",
            Ema2012: "EMA 2012 §3.3.5-§3.3.7 (kongs, kan dora, robbing a kong); §3.3.12 (riichi)";
        CallNoProgress = "CALL-NO-PROGRESS", Inaccuracy,
        "A chi or pon from a closed hand that left it no closer to tenpai than passing: riichi and the closed hand's value given up for nothing.",
            Tenhou: "Tenhou rules: riichi (a closed hand only)",
            MahjongSoul: "Mahjong Soul rules: riichi (a closed hand only)",
            RiichiCity: "Riichi City rules: riichi (a closed hand only)",
            Ema2016: "EMA 2016 §3.3.14 (riichi: a concealed hand only)",
            Wrc2015: "WRC 2015 §6.5.1 (riichi: a concealed hand only)",
            Ema2012: "EMA 2012 §3.3.12 (riichi: a concealed hand only)";
        FoldedStrongTenpai = "FOLDED-STRONG-TENPAI", Mistake,
        "Under threat, a safer discard that broke a tenpai whose push-or-fold weighing was clearly better.",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "";
        Efficiency = "EFFICIENCY", Mistake,
        "Tile efficiency: a discard that raised the shanten, or accepted clearly fewer tiles (at tenpai: a clearly lower chance to win), while no opponent was in riichi and a draw was left.",
            Tenhou: "",
            MahjongSoul: "",
            RiichiCity: "",
            Ema2016: "",
            Wrc2015: "",
            Ema2012: "";
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Book;

    /// `formats/review.md` has a section per kind, which names its default
    /// weight.
    #[test]
    fn every_kind_is_in_formats_review_md_with_its_weight() {
        let doc = include_str!("../../formats/review.md");
        for k in ItemKind::ALL {
            let heading = format!("### `{}`", k.code());
            let Some((_, section)) = doc.split_once(&heading) else {
                panic!("formats/review.md has no entry {heading}");
            };
            let section = section.split("\n#").next().unwrap_or_default();
            assert!(
                section.contains(&format!("`{}`", k.weight())),
                "formats/review.md's {heading} does not name its weight `{}`",
                k.weight()
            );
        }
    }

    #[test]
    fn every_kind_but_the_judgements_cites_every_book() {
        for k in ItemKind::ALL {
            for book in Book::ALL {
                assert_eq!(
                    k.citation(*book).is_empty(),
                    matches!(
                        k,
                        ItemKind::Efficiency
                            | ItemKind::PushIntoDanger
                            | ItemKind::FoldedStrongTenpai
                    ),
                    "{k} {book:?}"
                );
            }
        }
    }
}
