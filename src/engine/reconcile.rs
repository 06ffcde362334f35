//! Comparing a recomputed win with what the log claims.

use crate::event::{Limit, WinClaim};
use crate::score::Scored;
use crate::yaku::Yaku;

/// One way a claim differs from the recomputation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Discrepancy {
    /// What differs: `han`, `fu`, `points`, `limit`, `yaku`, `dora`,
    /// `aka`, `ura`, `deltas`.
    pub what: &'static str,
    /// The recomputed value.
    pub expected: String,
    /// The log's value.
    pub recorded: String,
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

fn limit_name(limit: Limit) -> &'static str {
    match limit {
        Limit::None => "no limit",
        Limit::Mangan => "mangan",
        Limit::Haneman => "haneman",
        Limit::Baiman => "baiman",
        Limit::Sanbaiman => "sanbaiman",
        Limit::Yakuman => "yakuman",
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
/// fields the claim has. `value` is the hand's value without counters and
/// sticks (the claim's `points`), `deltas` the recomputed score changes.
#[must_use]
pub fn compare_win(
    scored: &Scored,
    value: i32,
    deltas: &[i32],
    claim: &WinClaim,
) -> Vec<Discrepancy> {
    let mut out = Vec::new();
    // Values are compared before they are written out: equal values print
    // alike, and nearly every claim agrees, so most wins format nothing.
    // Values that differ are still compared as printed.
    let mut differ = |what: &'static str, expected: String, recorded: String| {
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
        differ("han", scored.han.to_string(), han.to_string());
    }
    // Fu means nothing for a yakuman hand (logs still print one).
    // Some writers (akochan) give the fu before rounding: either agrees.
    let raw_fu: u32 = scored.fu_parts.iter().map(|p| u32::from(p.fu)).sum();
    if let Some(fu) = claim.fu
        && !yakuman
        && !matches!(claim.limit, Some(Limit::Yakuman))
        && u32::from(fu) != raw_fu
    {
        differ("fu", scored.fu.to_string(), fu.to_string());
    }
    if let Some(points) = claim.points
        && value != points
    {
        differ("points", value.to_string(), points.to_string());
    }
    if let Some(limit) = claim.limit
        && limit_name(scored.limit) != limit_name(limit)
    {
        differ(
            "limit",
            limit_name(scored.limit).into(),
            limit_name(limit).into(),
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
            differ("yaku", listing(&mine), listing(&theirs));
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
                "dora",
                scored.dora.dora + scored.dora.nukidora,
                claimed(Yaku::Dora) + claimed(Yaku::Nukidora),
            ),
            ("aka", scored.dora.aka, claimed(Yaku::AkaDora)),
            ("ura", scored.dora.ura, claimed(Yaku::UraDora)),
        ] {
            if mine != theirs {
                differ(what, mine.to_string(), theirs.to_string());
            }
        }
    }
    if let Some(d) = &claim.deltas
        && deltas != d.as_slice()
    {
        differ("deltas", format!("{deltas:?}"), format!("{d:?}"));
    }
    out
}
