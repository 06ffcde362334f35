//! A win recomputed: what it needs to be scored, read off the kyoku state
//! (the hand, the situation — riichi, ippatsu, last tile, first go-around,
//! winds, dora — and who pays, liability included), and [`recompute`], the
//! one computation of a win's score, payments and comparison with the
//! log's claim. The audit, [`super::wins`] and the viewer's Why panel (by
//! [`super::win_at`]) all take their verdict from it, so that they cannot
//! disagree.

use crate::event::{Event, GameLog, Seat, WinClaim};
use crate::rules::{MultipleRonSticks, Rules};
use crate::score::{
    RiichiKind, ScoreError, Scored, Situation, Table, WinningHand, bare_total, score, settle,
};
use crate::tile::Tile;
use crate::yaku::Yaku;

use super::finding::RuleId;
use super::reconcile::{ClaimField, Discrepancy, compare};
use super::state::{ApplyError, KyokuState, Last};

/// The inputs of [`crate::score::score`] and [`crate::score::settle`] for one win.
#[derive(Clone, PartialEq, Debug)]
pub struct WinInputs {
    /// The winner's tiles.
    pub hand: WinningHand,
    /// How the win happened.
    pub situation: Situation,
    /// Who pays.
    pub table: Table,
}

impl WinInputs {
    /// `winner`'s win at the table as it stands, paid by `discarder` (none
    /// for a tsumo) with `liable` liable; the red fives are ordinary fives
    /// where the rules have none.
    fn at_table(
        state: &KyokuState,
        winner: Seat,
        discarder: Option<Seat>,
        liable: Option<Seat>,
        mut hand: WinningHand,
        mut situation: Situation,
        rules: &Rules,
    ) -> Self {
        plain_fives(&mut hand, &mut situation, rules);
        Self {
            hand,
            situation,
            table: Table {
                seats: state.seats,
                dealer: state.dealer,
                winner,
                discarder,
                liable,
                kong_feeder: if discarder.is_none() {
                    state
                        .player(winner)
                        .ok()
                        .and_then(|p| p.kong_replacement_from)
                } else {
                    None
                },
            },
        }
    }
}

/// Builds the inputs for a win by `actor` on `pai` from `target` (equal to
/// `actor` for a tsumo). `winners` are all the winners on the tile in the
/// order they are paid (nearest the discarder first, `actor` among them;
/// [`winners_on`] reads them off a log): the counters and riichi sticks
/// depend on them. `ura` are the ura indicators the log revealed (they are
/// hidden in the wall until then).
///
/// # Errors
///
/// When the winner is not at the table.
pub fn win_inputs(
    state: &KyokuState,
    actor: Seat,
    target: Seat,
    pai: Tile,
    ura: &[Tile],
    winners: &[Seat],
    rules: &Rules,
) -> Result<WinInputs, ApplyError> {
    let p = state.player(actor)?;
    let order = winners.iter().position(|w| *w == actor).unwrap_or(0);
    let tsumo = actor == target;
    let mut concealed = p.concealed.clone();
    if !tsumo {
        concealed.push(pai);
    }
    let chankan = !tsumo
        && match state.last {
            Last::Kakan(s, _) | Last::Ankan(s, _) => s == target,
            _ => false,
        };
    let first_go_around = !state.interrupted && p.river.is_empty();
    let riichi = match p.riichi {
        Some(r) if r.double => RiichiKind::Double,
        Some(_) => RiichiKind::Riichi,
        None => RiichiKind::None,
    };
    // A winner's own riichi stick, on the table since its riichi passed.
    let own_stick = |seat: Seat| {
        rules.winner_keeps_own_stick
            && state
                .player(seat)
                .is_ok_and(|p| p.riichi.is_some_and(|r| r.accepted))
    };
    // The sticks the other winners take back are not the nearest's.
    let kept_by_others = winners
        .iter()
        .filter(|w| **w != actor && own_stick(**w))
        .count();
    let (honba, riichi_sticks) = match (order, rules.multiple_ron_sticks) {
        (0, _) => (
            state.honba,
            state
                .riichi_sticks
                .saturating_sub(u8::try_from(kept_by_others).unwrap_or(u8::MAX)),
        ),
        (_, MultipleRonSticks::CountersToEachSticksToNearest) => {
            (state.honba, u8::from(own_stick(actor)))
        }
        (_, MultipleRonSticks::AllToNearest) => (0, u8::from(own_stick(actor))),
    };
    let situation = Situation {
        tsumo,
        riichi,
        ippatsu: p.riichi.is_some_and(|r| r.ippatsu),
        haitei: tsumo && !p.drew_replacement && state.live_wall <= 0,
        houtei: !tsumo && !chankan && state.live_wall <= 0,
        rinshan: tsumo && p.drew_replacement,
        chankan,
        tenhou: tsumo && actor == state.dealer && first_go_around && p.draws == 1,
        chiihou: tsumo && actor != state.dealer && first_go_around && p.draws == 1,
        renhou: !tsumo && actor != state.dealer && first_go_around && p.draws == 0,
        seat_wind: state.seat_wind(actor),
        round_wind: state.round_wind,
        dora_indicators: state.dora_indicators.clone(),
        ura_indicators: if p.riichi.is_some() {
            ura.to_vec()
        } else {
            Vec::new()
        },
        nukidora: p.nukidora,
        honba,
        riichi_sticks,
    };
    let hand = WinningHand {
        concealed,
        melds: p.melds.iter().map(|m| m.meld.clone()).collect(),
        win_tile: pai,
    };
    let discarder = (!tsumo).then_some(target);
    Ok(WinInputs::at_table(
        state, actor, discarder, p.liable, hand, situation, rules,
    ))
}

/// A win scored and paid, before any claim is looked at.
#[derive(Clone, PartialEq, Debug)]
pub struct WinScore {
    /// The score.
    pub scored: Scored,
    /// The hand's value without counters and sticks (what logs call its
    /// points).
    pub value: i32,
    /// Every seat's score change (index = seat): counters, riichi sticks
    /// and liability included.
    pub deltas: Vec<i32>,
    /// The player liable for the payment (pao): the one who fed the set
    /// that completed big dragons or big winds, when the hand scores that
    /// yakuman.
    pub pao: Option<Seat>,
}

/// Why a declared win is no valid win, in the audit's words.
#[derive(Clone, PartialEq, Debug)]
pub struct Rejection {
    /// The rule it breaks: `WIN-NOT-COMPLETE` or `WIN-NO-YAKU`, or
    /// `UNCHECKED` when the hand cannot be scored for a cause reported
    /// where it arose (a fifth copy, a sixth indicator).
    pub rule: RuleId,
    /// The finding's sentence.
    pub message: String,
    /// What scoring said.
    pub error: ScoreError,
}

/// A win recomputed beside what the log claims: the verdict the audit
/// reports, [`super::wins`] returns and the viewer shows.
#[derive(Clone, PartialEq, Debug)]
pub struct WinVerdict {
    /// The score and the payments, or why the hand is no valid win.
    pub score: Result<WinScore, Rejection>,
    /// Where the claim differs from the recomputation, in the order of
    /// [`ClaimField::ALL`] (empty when the hand does not score).
    pub discrepancies: Vec<Discrepancy>,
    /// The log records no ura indicators for this riichi win: the ones
    /// assumed, the fewest ura dora the claim agrees with.
    pub assumed_ura: Option<Vec<Tile>>,
}

impl WinVerdict {
    /// The difference in `field`, if the claim differs there.
    #[must_use]
    pub fn discrepancy(&self, field: ClaimField) -> Option<&Discrepancy> {
        self.discrepancies.iter().find(|d| d.what == field)
    }

    /// Whether the hand scores and the claim agrees in `field` (a field the
    /// claim does not record agrees).
    #[must_use]
    pub fn agrees(&self, field: ClaimField) -> bool {
        self.score.is_ok() && self.discrepancy(field).is_none()
    }

    /// Whether the hand scores and the claim agrees in every field.
    #[must_use]
    pub fn agrees_with_claim(&self) -> bool {
        self.score.is_ok() && self.discrepancies.is_empty()
    }
}

/// Recomputes a win from its inputs (see [`win_inputs`]) and compares it
/// with the log's claim: the score, the payments with liability, and every
/// field the claim records, pao included. This is the one computation of a
/// win; everything that judges or shows one calls it.
///
/// A claim whose format records no ura indicators for a riichi winner
/// (`ura_markers` absent, not empty) leaves the ura dora unknown, not
/// zero: the claim is then held against each number of ura dora the
/// indicators could give, fewest first, and the first that agrees is the
/// verdict, its indicators in [`WinVerdict::assumed_ura`].
#[must_use]
pub fn recompute(inputs: &WinInputs, claim: &WinClaim, rules: &Rules) -> WinVerdict {
    let verdict = recompute_as_given(inputs, claim, rules);
    if verdict.discrepancies.is_empty()
        || claim.ura_markers.is_some()
        || !rules.ura_dora
        || inputs.situation.riichi == RiichiKind::None
    {
        return verdict;
    }
    for ura in ura_candidates(inputs, rules) {
        let mut alt = inputs.clone();
        alt.situation.ura_indicators.clone_from(&ura);
        let mut v = recompute_as_given(&alt, claim, rules);
        if v.score.is_ok() && v.discrepancies.is_empty() {
            v.assumed_ura = Some(ura);
            return v;
        }
    }
    verdict
}

fn recompute_as_given(inputs: &WinInputs, claim: &WinClaim, rules: &Rules) -> WinVerdict {
    let score = score_win(inputs, rules);
    let discrepancies = match &score {
        Ok(s) => compare(s, inputs, claim),
        Err(_) => Vec::new(),
    };
    WinVerdict {
        score,
        discrepancies,
        assumed_ura: None,
    }
}

/// Most ura dora a hand is tried with when the log does not record them.
const MAX_ASSUMED_URA: u8 = 20;

/// One set of ura indicators for each number of ura dora (1, 2, …) the
/// hand can get from as many indicators as there are dora indicators (one
/// without kan ura dora), fewest first.
fn ura_candidates(inputs: &WinInputs, rules: &Rules) -> Vec<Vec<Tile>> {
    let seats = rules.seats;
    let mut copies = [0u8; 34];
    let hand = &inputs.hand;
    for t in hand
        .concealed
        .iter()
        .chain(hand.melds.iter().flat_map(|m| m.tiles.iter()))
    {
        if let Some(c) = copies.get_mut(usize::from(t.kind())) {
            *c = c.saturating_add(1);
        }
    }
    if rules.nukidora
        && let Some(c) = copies.get_mut(30)
    {
        *c = c.saturating_add(inputs.situation.nukidora);
    }
    // The indicator of each kind the hand holds, and what it gives.
    let hits: Vec<(Tile, u8)> = Tile::all_kinds()
        .filter(|ind| !(seats == 3 && (1..=7).contains(&ind.kind())))
        .filter_map(|ind| {
            let target = if seats == 3 && ind.kind() == 0 {
                8
            } else {
                ind.dora_from_indicator().kind()
            };
            let n = copies.get(usize::from(target)).copied().unwrap_or(0);
            (n > 0).then_some((ind, n))
        })
        .collect();
    let slots = if rules.kan_ura_dora {
        inputs.situation.dora_indicators.len().max(1)
    } else {
        1
    };
    // Breadth first over the number of indicators: each total keeps the
    // first (shortest) set found, and every shorter set is extended again.
    let mut found: Vec<Option<Vec<Tile>>> = vec![None; usize::from(MAX_ASSUMED_URA) + 1];
    for _ in 0..slots {
        let mut bases: Vec<(u8, Vec<Tile>)> = vec![(0, Vec::new())];
        bases.extend(found.iter().enumerate().filter_map(|(total, set)| {
            let set = set.as_ref().filter(|s| s.len() < slots)?;
            Some((u8::try_from(total).ok()?, set.clone()))
        }));
        for (total, set) in &bases {
            for (ind, n) in &hits {
                let sum = total.saturating_add(*n);
                if let Some(slot @ None) = found.get_mut(usize::from(sum)) {
                    let mut with = set.clone();
                    with.push(*ind);
                    *slot = Some(with);
                }
            }
        }
    }
    found.into_iter().flatten().collect()
}

/// Scores a win and settles its payments, liability included, with no
/// claim to compare: the part of [`recompute`] a win that was not made
/// (a chance the review weighs) also needs.
///
/// # Errors
///
/// Why the hand is no valid win.
pub fn score_win(inputs: &WinInputs, rules: &Rules) -> Result<WinScore, Rejection> {
    let scored = score(&inputs.hand, &inputs.situation, rules).map_err(|e| rejection(inputs, e))?;
    let value = hand_value(inputs, &scored, rules);
    let deltas = settle(&scored, &inputs.situation, &inputs.table, rules);
    // Only these two yakuman carry liability (EMA §3.3.9, WRC §6.2); a
    // liable player recorded for a hand that scores otherwise pays nothing
    // special.
    let liable_yakuman = scored
        .yakuman
        .iter()
        .any(|y| matches!(y.yaku, Yaku::Daisangen | Yaku::Daisuushii));
    Ok(WinScore {
        pao: inputs.table.liable.filter(|_| liable_yakuman),
        scored,
        value,
        deltas,
    })
}

/// The rule a hand that does not score breaks, and the sentence for it.
fn rejection(inputs: &WinInputs, error: ScoreError) -> Rejection {
    let size = inputs.hand.concealed.len() + 3 * inputs.hand.melds.len();
    let (rule, message) = match &error {
        ScoreError::NotWinning { reason } => (
            RuleId::WinNotComplete,
            format!("a win declared on a hand that is not complete ({reason})"),
        ),
        ScoreError::NoYaku | ScoreError::TooFewHan { .. } | ScoreError::BelowMinimumHan { .. } => {
            (RuleId::WinNoYaku, format!("a win without a yaku ({error})"))
        }
        // A hand of the wrong size never wins, under any book, whether or
        // not its size was reported before; the other causes (a fifth
        // copy, a wrong set, a sixth indicator) were reported when they
        // happened.
        ScoreError::Malformed { reason } if size != 14 => (
            RuleId::WinNotComplete,
            format!(
                "a win declared with {size} tiles (counting 3 a set), not 14: no hand of that size wins ({reason})"
            ),
        ),
        _ => (
            RuleId::Unchecked,
            format!("the win cannot be scored: {error}"),
        ),
    };
    Rejection {
        rule,
        message,
        error,
    }
}

/// The hand's value without counters and sticks, as logs state it.
fn hand_value(inputs: &WinInputs, scored: &Scored, rules: &Rules) -> i32 {
    bare_total(scored, &inputs.situation, rules).unwrap_or_else(|| {
        let mut bare = inputs.situation.clone();
        bare.honba = 0;
        bare.riichi_sticks = 0;
        score(&inputs.hand, &bare, rules).map_or(0, |s| s.total)
    })
}

/// The winners on the tile of the `hora` at event `at`: that win and the
/// ones on the same tile before and after it in the log (dora indicators
/// may stand between them), in log order, which is the order they are
/// paid in.
#[must_use]
pub fn winners_on(log: &GameLog, at: usize) -> Vec<Seat> {
    let target = match log.events.get(at).map(|e| &e.event) {
        Some(Event::Hora { target, .. }) => *target,
        _ => return Vec::new(),
    };
    let same = |e: &Event| match e {
        Event::Hora {
            target: t, actor, ..
        } if *t == target => Some(Some(*actor)),
        Event::Dora { .. } => Some(None),
        _ => None,
    };
    let mut start = at;
    while start > 0
        && log
            .events
            .get(start - 1)
            .is_some_and(|e| same(&e.event).is_some())
    {
        start -= 1;
    }
    log.events
        .iter()
        .skip(start)
        .map_while(|e| same(&e.event))
        .flatten()
        .collect()
}

/// The inputs of a win `seat` does not make but could: its concealed
/// tiles `concealed` (without the winning tile) and melds as they stand,
/// winning on `tile` by tsumo or on a discard, with none of the situational
/// yaku (riichi, ippatsu, last tile, replacement draw, robbing a kong,
/// first go-around) and no dora. What is left says whether the hand's
/// shape has a yaku of its own on that tile.
///
/// # Errors
///
/// When the seat is not at the table.
pub fn shape_win_inputs(
    state: &KyokuState,
    seat: Seat,
    concealed: &[Tile],
    tile: Tile,
    tsumo: bool,
    rules: &Rules,
) -> Result<WinInputs, ApplyError> {
    let p = state.player(seat)?;
    let mut tiles = concealed.to_vec();
    tiles.push(tile);
    let situation = Situation::plain(tsumo, state.seat_wind(seat), state.round_wind);
    let hand = WinningHand {
        concealed: tiles,
        melds: p.melds.iter().map(|m| m.meld.clone()).collect(),
        win_tile: tile,
    };
    let discarder = (!tsumo).then_some(seat.plus(1, state.seats));
    Ok(WinInputs::at_table(
        state, seat, discarder, None, hand, situation, rules,
    ))
}

/// Red fives the rules do not have were reported when they came into
/// play; for the score they are ordinary fives.
pub(crate) fn plain_fives(hand: &mut WinningHand, situation: &mut Situation, rules: &Rules) {
    if rules.red_fives != 0 {
        return;
    }
    for t in hand
        .concealed
        .iter_mut()
        .chain(hand.melds.iter_mut().flat_map(|m| m.tiles.iter_mut()))
        .chain(situation.dora_indicators.iter_mut())
        .chain(situation.ura_indicators.iter_mut())
        .chain(std::iter::once(&mut hand.win_tile))
    {
        *t = t.plain();
    }
}
