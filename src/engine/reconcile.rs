//! Comparing a recomputed win with what the log claims, field by field.

use std::fmt;

use crate::event::{Limit, Seat, WinClaim};
use crate::names;
use crate::yaku::Yaku;

use super::finding::RuleId;
use super::win::{WinInputs, WinScore};

/// A field of a win's claim that the recomputation is compared with.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum ClaimField {
    /// The han.
    Han,
    /// The fu.
    Fu,
    /// The hand's value without counters and sticks.
    Points,
    /// The limit (mangan and up).
    Limit,
    /// The yaku with their han (dora apart).
    Yaku,
    /// Dora from indicators (and norths set aside).
    Dora,
    /// Red fives.
    Aka,
    /// Ura dora.
    Ura,
    /// Every seat's score change.
    Deltas,
    /// The player held liable (pao).
    Pao,
}

impl ClaimField {
    /// Every field, in the order a win's comparison reports them.
    pub const ALL: [Self; 10] = [
        Self::Han,
        Self::Fu,
        Self::Points,
        Self::Limit,
        Self::Yaku,
        Self::Dora,
        Self::Aka,
        Self::Ura,
        Self::Deltas,
        Self::Pao,
    ];

    /// The name used in findings (`han`, `deltas`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Han => "han",
            Self::Fu => "fu",
            Self::Points => "points",
            Self::Limit => "limit",
            Self::Yaku => "yaku",
            Self::Dora => "dora",
            Self::Aka => "aka",
            Self::Ura => "ura",
            Self::Deltas => "deltas",
            Self::Pao => "pao",
        }
    }

    /// The rule id the audit reports a difference in this field under.
    #[must_use]
    pub const fn rule(self) -> RuleId {
        match self {
            Self::Han => RuleId::ScoreHan,
            Self::Fu => RuleId::ScoreFu,
            Self::Yaku | Self::Dora | Self::Aka | Self::Ura => RuleId::ScoreYaku,
            Self::Points | Self::Limit => RuleId::ScorePoints,
            Self::Deltas => RuleId::ScoreDeltas,
            Self::Pao => RuleId::Pao,
        }
    }

    /// Whether the name reads as a plural ("the log's yaku differ").
    const fn plural(self) -> bool {
        matches!(self, Self::Deltas | Self::Yaku)
    }
}

impl fmt::Display for ClaimField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One way a claim differs from the recomputation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Discrepancy {
    /// What differs.
    pub what: ClaimField,
    /// The recomputed value.
    pub expected: String,
    /// The log's value.
    pub recorded: String,
}

impl Discrepancy {
    /// The rule id the audit reports it under.
    #[must_use]
    pub const fn rule(&self) -> RuleId {
        self.what.rule()
    }

    /// The finding's sentence: "the log's han differs from the
    /// recomputation".
    #[must_use]
    pub fn message(&self) -> String {
        format!(
            "the log's {} {} from the recomputation",
            self.what,
            if self.what.plural() {
                "differ"
            } else {
                "differs"
            }
        )
    }
}

/// Wind and dragon yaku compared without saying which wind or dragon: the
/// tiles tell, and some logs (the gimite mjai protocol) only say "seat
/// wind" or "dragon".
fn normalise(y: &Yaku) -> Yaku {
    match y {
        Yaku::Haku | Yaku::Hatsu | Yaku::Chun => Yaku::Dragon,
        Yaku::SeatWindEast | Yaku::SeatWindSouth | Yaku::SeatWindWest | Yaku::SeatWindNorth => {
            Yaku::SeatWind
        }
        Yaku::RoundWindEast | Yaku::RoundWindSouth | Yaku::RoundWindWest | Yaku::RoundWindNorth => {
            Yaku::RoundWind
        }
        other => other.clone(),
    }
}

fn listing(items: &[(Yaku, u8)]) -> String {
    items
        .iter()
        .map(|(y, h)| format!("{y} {h}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Compares a recomputed win with the log's claim, field by field, for the
/// fields the claim has, in the order of [`ClaimField::ALL`].
pub(super) fn compare(score: &WinScore, inputs: &WinInputs, claim: &WinClaim) -> Vec<Discrepancy> {
    let WinScore {
        scored,
        value,
        deltas,
        pao,
    } = score;
    let value = *value;
    let mut out = Vec::new();
    // Values are compared before they are written out: equal values print
    // alike, and nearly every claim agrees, so most wins format nothing.
    // Values that differ are still compared as printed.
    let mut differ = |what: ClaimField, expected: String, recorded: String| {
        if expected != recorded {
            out.push(Discrepancy {
                what,
                expected,
                recorded,
            });
        }
    };
    let yakuman = !scored.yakuman.is_empty();
    if let Some(han) = claim.han
        && scored.han != han
    {
        differ(ClaimField::Han, scored.han.to_string(), han.to_string());
    }
    // Fu means nothing for a yakuman hand (logs still print one).
    // Some writers (akochan) give the fu before rounding: either agrees.
    let raw_fu: u32 = scored.fu_parts.iter().map(|p| u32::from(p.fu)).sum();
    if let Some(fu) = claim.fu
        && !yakuman
        && !matches!(claim.limit, Some(Limit::Yakuman))
        && u32::from(fu) != raw_fu
    {
        differ(ClaimField::Fu, scored.fu.to_string(), fu.to_string());
    }
    if let Some(points) = claim.points
        && value != points
    {
        differ(ClaimField::Points, value.to_string(), points.to_string());
    }
    if let Some(limit) = claim.limit
        && names::limit(scored.limit) != names::limit(limit)
    {
        differ(
            ClaimField::Limit,
            names::limit(scored.limit).into(),
            names::limit(limit).into(),
        );
    }
    if !claim.yaku.is_empty() {
        // Some logs (the mjai server's `sangenpai`) name a dragon set
        // without saying which dragon.
        let generic_dragon = claim.yaku.iter().any(|y| y.yaku == Yaku::Dragon);
        let mine_name = |y: &Yaku| match y {
            Yaku::Haku | Yaku::Hatsu | Yaku::Chun if generic_dragon => Yaku::Dragon,
            other => normalise(other),
        };
        let mut mine: Vec<(Yaku, u8)> = scored
            .yaku
            .iter()
            .map(|y| (mine_name(&y.yaku), y.han))
            .chain(
                scored
                    .yakuman
                    .iter()
                    .map(|y| (mine_name(&y.yaku), 13u8.saturating_mul(y.multiplier))),
            )
            .collect();
        let mut theirs: Vec<(Yaku, u8)> = claim
            .yaku
            .iter()
            .filter(|y| !y.yaku.is_dora())
            .map(|y| (normalise(&y.yaku), y.han))
            .collect();
        mine.sort();
        theirs.sort();
        if mine != theirs {
            differ(ClaimField::Yaku, listing(&mine), listing(&theirs));
        }
        let claimed = |which: Yaku| -> u8 {
            claim
                .yaku
                .iter()
                .filter(|y| y.yaku == which)
                .map(|y| y.han)
                .sum()
        };
        // Tenhou XML counts north tiles set aside among the dora (id 52);
        // other logs list them apart: compare the sum.
        for (what, mine, theirs) in [
            (
                ClaimField::Dora,
                scored.dora.dora + scored.dora.nukidora,
                claimed(Yaku::Dora) + claimed(Yaku::Nukidora),
            ),
            (ClaimField::Aka, scored.dora.aka, claimed(Yaku::AkaDora)),
            (ClaimField::Ura, scored.dora.ura, claimed(Yaku::UraDora)),
        ] {
            if mine != theirs {
                differ(what, mine.to_string(), theirs.to_string());
            }
        }
    }
    if let Some(d) = &claim.deltas
        && deltas != d
    {
        differ(ClaimField::Deltas, format!("{deltas:?}"), format!("{d:?}"));
    }
    // A log that does not record liability claims nothing about it; one
    // that records it need not name a liable player who is also the
    // discarder (Tenhou leaves `paoWho` out: the payment is the same).
    let pao_agrees = claim.pao == *pao
        || (claim.pao.is_none() && pao.is_some() && *pao == inputs.table.discarder);
    if claim.deltas.is_some() && !claim.pao_unknown && !pao_agrees {
        let seat = |s: Option<Seat>| s.map_or("none".into(), |s| format!("seat {s}"));
        differ(ClaimField::Pao, seat(*pao), seat(claim.pao));
    }
    out
}
