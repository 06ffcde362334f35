//! Scoring: every reading of the hand is scored and the most valuable one
//! kept (WRC §6: "the highest-scoring interpretation").
//!
//! Ties between readings of equal value go to a real yakuman over a
//! counted one, then to more han, then to more fu (rounded, then raw).

use super::facts::Facts;
use super::fu::{Fu, fu};
use super::reading::{Reading, readings};
use super::value::{Value, ordinary, payment, total, yakuman};
use super::yaku::{Found, detect};
use super::{DoraCount, ScoreError, Scored, Situation, WinningHand, YakuHan, dora, validate};
use crate::hand::decompositions;
use crate::rules::{Renhou, Rules};
use crate::yaku::Yaku;

/// One scored reading.
struct Candidate {
    reading: Reading,
    fu: Fu,
    found: Found,
    dora: DoraCount,
    han: u8,
    value: Value,
}

impl Candidate {
    /// The ordering key: value, then a real yakuman, han, fu, raw fu.
    fn key(&self) -> (i64, bool, u8, u8, u32) {
        (
            self.value.base,
            !self.found.yakuman.is_empty(),
            self.han,
            self.fu.fu,
            self.fu.raw(),
        )
    }
}

/// Why no reading scored, when none did.
enum Miss {
    NoYaku,
    TooFewHan(u8),
}

fn saturate_u8(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Scores one reading, or says why it cannot win.
fn candidate(reading: Reading, facts: &Facts<'_>, dora: DoraCount) -> Result<Candidate, Miss> {
    let fu = fu(&reading, facts);
    let found = detect(&reading, fu.pinfu, facts);
    let rules = facts.rules;
    if !found.yakuman.is_empty() {
        let multipliers = found.yakuman.iter().map(|y| u32::from(y.multiplier));
        let times = if rules.yakuman_stacking {
            multipliers.sum()
        } else {
            multipliers.max().unwrap_or(1)
        };
        return Ok(Candidate {
            reading,
            fu,
            found,
            dora: DoraCount::default(),
            han: saturate_u8(times.saturating_mul(13)),
            value: yakuman(times),
        });
    }
    let yaku_han = found.han();
    if yaku_han == 0 {
        return Err(Miss::NoYaku);
    }
    if let Some(min) = rules.two_han_minimum_from_counters
        && facts.situation.honba >= min
        && yaku_han < 2
    {
        return Err(Miss::TooFewHan(min));
    }
    let han = yaku_han.saturating_add(u32::from(dora.total()));
    Ok(Candidate {
        value: ordinary(han, fu.fu, rules),
        reading,
        fu,
        found,
        dora,
        han: saturate_u8(han),
    })
}

/// Renhou under rules that make it a mangan not combined with anything:
/// the reading scored as renhou alone.
fn renhou_mangan(reading: Reading, facts: &Facts<'_>) -> Candidate {
    let fu = fu(&reading, facts);
    Candidate {
        reading,
        fu,
        found: Found {
            yaku: vec![YakuHan {
                yaku: Yaku::Renhou,
                han: 5,
            }],
            yakuman: Vec::new(),
        },
        dora: DoraCount::default(),
        han: 5,
        value: ordinary(5, 0, facts.rules),
    }
}

/// Keeps `c` if it is worth more than the best so far.
fn consider(c: Candidate, best: &mut Option<Candidate>) {
    if best.as_ref().is_none_or(|b| c.key() > b.key()) {
        *best = Some(c);
    }
}

/// Scores a win (see [`super::score`]).
pub(super) fn score(
    hand: &WinningHand,
    situation: &Situation,
    rules: &Rules,
) -> Result<Scored, ScoreError> {
    validate::hand(hand, situation, rules)?;
    validate::situation(situation, hand)?;
    let facts = Facts::new(hand, situation, rules);
    let all_readings: Vec<Reading> = decompositions(&facts.concealed)
        .iter()
        .flat_map(|d| readings(d, &hand.melds, facts.win, !situation.tsumo))
        .collect();
    let Some(first) = all_readings.first().cloned() else {
        return Err(ScoreError::NotWinning {
            reason: "the tiles form neither four sets and a pair, seven pairs nor thirteen orphans"
                .into(),
        });
    };
    let dora = dora::count(hand, situation, rules);
    let mut best: Option<Candidate> = None;
    let mut miss = Miss::NoYaku;
    for reading in all_readings {
        match candidate(reading, &facts, dora) {
            Ok(c) => consider(c, &mut best),
            Err(m @ Miss::TooFewHan(_)) => miss = m,
            Err(Miss::NoYaku) => {}
        }
    }
    if situation.renhou && rules.renhou == Renhou::Mangan {
        consider(renhou_mangan(first, &facts), &mut best);
    }
    let Some(best) = best else {
        return Err(match miss {
            Miss::NoYaku => ScoreError::NoYaku,
            Miss::TooFewHan(min) => ScoreError::TooFewHan {
                honba: situation.honba,
                minimum: min,
            },
        });
    };
    let pay = payment(
        best.value.base,
        situation.dealer(),
        situation.tsumo,
        situation.honba,
        rules,
    );
    Ok(Scored {
        yaku: best.found.yaku,
        yakuman: best.found.yakuman,
        dora: best.dora,
        han: best.han,
        fu: best.fu.fu,
        fu_parts: best.fu.parts,
        limit: best.value.limit,
        base: best.value.base,
        total: total(&pay, rules.seats, situation.riichi_sticks),
        payment: pay,
        decomposition: best.reading.decomposition,
    })
}
