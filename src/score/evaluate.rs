//! Scoring: every reading of the hand is scored and the most valuable one
//! kept (WRC §6: "the highest-scoring interpretation").
//!
//! Ties between readings of equal value go to a real yakuman over a
//! counted one, then to more han, then to more fu (rounded, then raw).

use super::facts::Facts;
use super::fu::{Fu, fu};
use super::reading::{Reading, for_each_reading};
use super::tally::{Count, Lists, Naming, Tally, recorded_names};
use super::value::{Value, ordinary, payment, total, yakuman};
use super::yaku::{detect, hand_level};
use super::{DoraCount, ScoreError, Scored, Situation, WinningHand, YakuHan, dora, validate};
use crate::hand::decompositions;
use crate::rules::{Renhou, Rules};
use crate::yaku::Yaku;

/// One scored reading, its yaku recorded but not named: only the reading
/// that wins gets names ([`named_yaku`]). Everything here is held inline,
/// so a reading that loses costs no allocation.
struct Candidate<'d> {
    reading: Reading<'d>,
    fu: Fu,
    /// Scored as renhou alone (a mangan not combined with anything).
    renhou_only: bool,
    /// The yaku the reading adds to the hand's (none for renhou alone).
    tally: Tally,
    /// The hand's and the reading's yaku counted together.
    count: Count,
    dora: DoraCount,
    han: u8,
    value: Value,
}

impl Candidate<'_> {
    /// The ordering key: value, then a real yakuman, han, fu, raw fu.
    fn key(&self) -> (i64, bool, u8, u8, u32) {
        (
            self.value.base,
            self.count.yakuman > 0,
            self.han,
            self.fu.fu,
            self.fu.raw,
        )
    }
}

/// Why no reading scored, when none did.
enum Miss {
    NoYaku,
    TooFewHan(u8),
    BelowMinimum(u8),
}

fn saturate_u8(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// What every reading of one win is scored against: the facts, the yaku
/// of the whole hand, and its dora.
struct Context<'f> {
    facts: &'f Facts<'f>,
    hand_yaku: Tally,
    dora: DoraCount,
}

/// Scores one reading, or says why it cannot win.
fn candidate<'d>(reading: Reading<'d>, cx: &Context<'_>) -> Result<Candidate<'d>, Miss> {
    let facts = cx.facts;
    let fu = fu(&reading, facts);
    let mut tally = Tally::default();
    detect(&reading, fu.pinfu, facts, &mut tally);
    let count = cx.hand_yaku.count.plus(tally.count);
    let rules = facts.rules;
    if count.yakuman > 0 {
        let times = if rules.yakuman_stacking {
            count.multiplier_sum
        } else {
            count.multiplier_max
        };
        return Ok(Candidate {
            reading,
            fu,
            renhou_only: false,
            tally,
            count,
            dora: DoraCount::default(),
            han: saturate_u8(times.saturating_mul(13)),
            value: yakuman(times),
        });
    }
    let yaku_han = count.han;
    if yaku_han == 0 {
        return Err(Miss::NoYaku);
    }
    if let Some(min) = rules.two_han_minimum_from_counters
        && facts.situation.honba >= min
        && yaku_han < 2
    {
        return Err(Miss::TooFewHan(min));
    }
    let han = yaku_han.saturating_add(u32::from(cx.dora.total()));
    if han < u32::from(rules.min_han) {
        return Err(Miss::BelowMinimum(rules.min_han));
    }
    Ok(Candidate {
        value: ordinary(han, fu.fu, rules),
        reading,
        fu,
        renhou_only: false,
        tally,
        count,
        dora: cx.dora,
        han: saturate_u8(han),
    })
}

/// Renhou under rules that make it a mangan not combined with anything:
/// the reading scored as renhou alone.
fn renhou_mangan<'d>(reading: Reading<'d>, facts: &Facts<'_>) -> Candidate<'d> {
    let fu = fu(&reading, facts);
    Candidate {
        reading,
        fu,
        renhou_only: true,
        tally: Tally::default(),
        count: Count::default(),
        dora: DoraCount::default(),
        han: 5,
        value: ordinary(5, 0, facts.rules),
    }
}

/// The winning candidate's yaku by name, sorted: from what the tallies
/// recorded, or, with `BY_DETECTION` or for a yaku they could not record,
/// by detecting them again.
fn named_yaku<const BY_DETECTION: bool>(best: &Candidate<'_>, cx: &Context<'_>) -> Lists {
    if best.renhou_only {
        return Lists {
            yaku: vec![YakuHan {
                yaku: Yaku::Renhou,
                han: 5,
            }],
            yakuman: Vec::new(),
        };
    }
    if !BY_DETECTION && let Some(lists) = recorded_names([&cx.hand_yaku, &best.tally]) {
        return lists;
    }
    let mut lists = Lists::sized_for(&best.count);
    let mut naming = Naming {
        yakuman: best.count.yakuman > 0,
        lists: &mut lists,
    };
    hand_level(cx.facts, &mut naming);
    detect(&best.reading, best.fu.pinfu, cx.facts, &mut naming);
    lists.finish()
}

/// Keeps `c` if it is worth more than the best so far.
fn consider<'d>(c: Candidate<'d>, best: &mut Option<Candidate<'d>>) {
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
    score_naming::<false>(hand, situation, rules)
}

/// Scores a win; `BY_DETECTION` names the yaku by detecting them again
/// rather than from the tallies (the two must agree).
pub(super) fn score_naming<const BY_DETECTION: bool>(
    hand: &WinningHand,
    situation: &Situation,
    rules: &Rules,
) -> Result<Scored, ScoreError> {
    let tiles = validate::hand(hand, situation, rules)?;
    validate::situation(situation, hand)?;
    let Some(facts) = Facts::new(hand, &tiles, situation, rules) else {
        return Err(ScoreError::Malformed {
            reason: "more than four melds".into(),
        });
    };
    let decomps = decompositions(&facts.concealed);
    let not_winning = || ScoreError::NotWinning {
        reason: "the tiles form neither four sets and a pair, seven pairs nor thirteen orphans"
            .into(),
    };
    if decomps.is_empty() {
        return Err(not_winning());
    }
    let mut hand_yaku = Tally::default();
    hand_level(&facts, &mut hand_yaku);
    let cx = Context {
        facts: &facts,
        hand_yaku,
        dora: dora::count(&facts),
    };
    // Renhou as a mangan competes as the first reading scored alone.
    let renhou_mangan_too = situation.renhou && rules.renhou == Renhou::Mangan;
    let mut first: Option<Reading<'_>> = None;
    let mut any = false;
    let mut best: Option<Candidate<'_>> = None;
    let mut miss = Miss::NoYaku;
    for d in &decomps {
        for_each_reading(d, &facts.meld_sets, facts.win, !situation.tsumo, &mut |r| {
            if renhou_mangan_too && !any {
                first = Some(r.clone());
            }
            any = true;
            match candidate(r, &cx) {
                Ok(c) => consider(c, &mut best),
                Err(m @ (Miss::TooFewHan(_) | Miss::BelowMinimum(_))) => miss = m,
                Err(Miss::NoYaku) => {}
            }
        });
    }
    if !any {
        return Err(not_winning());
    }
    if let Some(first) = first {
        consider(renhou_mangan(first, &facts), &mut best);
    }
    let Some(best) = best else {
        return Err(match miss {
            Miss::NoYaku => ScoreError::NoYaku,
            Miss::TooFewHan(min) => ScoreError::TooFewHan {
                honba: situation.honba,
                minimum: min,
            },
            Miss::BelowMinimum(minimum) => ScoreError::BelowMinimumHan { minimum },
        });
    };
    let pay = payment(
        best.value.base,
        situation.dealer(),
        situation.tsumo,
        situation.honba,
        rules,
    );
    let Lists { yaku, yakuman } = named_yaku::<BY_DETECTION>(&best, &cx);
    Ok(Scored {
        yaku,
        yakuman,
        dora: best.dora,
        han: best.han,
        fu: best.fu.fu,
        fu_parts: best.fu.parts,
        limit: best.value.limit,
        base: best.value.base,
        total: total(&pay, rules.seats, situation.riichi_sticks),
        payment: pay,
        decomposition: best.reading.decomposition.clone(),
    })
}
