//! From kyoku to kyoku: starting scores, the next dealer, counters and
//! riichi sticks, and the end of the game (final scores and game points).

use crate::event::{EndClaim, GameLength, Seat, StartKyoku, Wind};
use crate::rules::PointsRounding;

use super::phase::Phase;
use super::{Auditor, KyokuAudit, PlayerAudit, RuleId, waits_of};
use crate::engine::KyokuState;

/// How a kyoku ended, for what the next one must look like.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum KyokuEnd {
    /// One or more wins.
    Win {
        /// The dealer is among the winners.
        dealer_won: bool,
    },
    /// A chombo: a redeal.
    Chombo,
    /// A draw.
    Draw {
        /// The wall ran out (else abortive).
        exhaustive: bool,
        /// The dealer was tenpai.
        dealer_tenpai: bool,
    },
}

/// What the next kyoku must start with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct NextKyoku {
    round_wind: Wind,
    kyoku: u8,
    dealer: Seat,
    honba: u8,
    riichi_sticks: u8,
    scores: Option<Vec<i32>>,
}

/// Game-level bookkeeping.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct GameTrack {
    next: Option<NextKyoku>,
    /// Points on the table at the start (scores + sticks × 1000).
    total: Option<i32>,
    /// The running scores and sticks after the last kyoku.
    last_scores: Option<Vec<i32>>,
    last_sticks: u8,
    /// The last kyoku lost sync (its label): the running scores after it
    /// are not known, so nothing that rests on them is a finding.
    last_unchecked: Option<String>,
    /// Why the game is over after the last kyoku, when the rules end it:
    /// the seat whose score ends it, and why.
    over: Option<(Seat, String)>,
    /// Points each seat has to have deducted after uma (chombo).
    deductions: Vec<i32>,
}

impl GameTrack {
    /// Game points less the chombo deductions (points are thousands).
    fn after_deductions(&self, mut points: Vec<f64>) -> Vec<f64> {
        for (p, d) in points.iter_mut().zip(&self.deductions) {
            *p = ((*p - f64::from(*d) / 1000.0) * 10.0).round() / 10.0;
        }
        points
    }

    /// A chombo deduction of `points` for `seat`, taken after uma.
    pub(super) fn deduct(&mut self, seat: Seat, seats: u8, points: i32) {
        if self.deductions.is_empty() {
            self.deductions = vec![0; usize::from(seats)];
        }
        if let Some(d) = self.deductions.get_mut(seat.index()) {
            *d += points;
        }
    }
}

impl Auditor<'_> {
    pub(super) fn start_kyoku(&mut self, at: usize, sk: &StartKyoku) {
        if let Some(k) = self.kyoku.as_ref()
            && k.phase != Phase::Ended
            && !k.desync
        {
            self.report(
                at,
                RuleId::Unchecked,
                None,
                format!("kyoku {} has no outcome; a new kyoku starts", k.label),
            );
        }
        self.close_kyoku();
        let seats = self.seats();
        self.kyoku_count += 1;
        // The last kyoku's table is dealt again: its memory serves.
        let (state, mut players, mut winners, mut kong_owners, mut reveals) =
            match self.spare.take() {
                Some(k) => {
                    let mut state = k.state;
                    state.redeal(sk, seats);
                    (state, k.players, k.winners, k.kong_owners, k.reveals)
                }
                None => (
                    KyokuState::new(sk, seats),
                    Vec::new(),
                    Vec::new(),
                    Vec::new(),
                    Vec::new(),
                ),
            };
        players.clear();
        players.resize_with(usize::from(seats), PlayerAudit::default);
        for (i, p) in players.iter_mut().enumerate() {
            p.hidden = sk
                .hands
                .get(i)
                .is_none_or(|h| h.iter().any(Option::is_none));
        }
        winners.clear();
        kong_owners.clear();
        reveals.clear();
        self.kyoku = Some(KyokuAudit {
            state,
            label: sk.label(),
            phase: Phase::Deal,
            players,
            desync: false,
            seen: [0; 34],
            seen_red: [0; 3],
            last_discard: None,
            last_discard_called: false,
            ron_on: None,
            number: sk.kyoku,
            winners,
            kong_owners,
            last_kong_at: None,
            kakan_indicators: 0,
            end: None,
            riichi_due: None,
            hidden_noted: false,
            reveals,
            chombo: false,
            wall: None,
        });
        // Every tile dealt and the first indicator come into view.
        for (s, h) in sk.hands.iter().enumerate() {
            for t in h.iter().flatten() {
                self.see(at, *t, Seat::new(u8::try_from(s).unwrap_or(0)));
            }
        }
        self.see(at, sk.dora_marker, None);
        self.wall_at_deal(at, sk);
        if let Some(k) = self.kyoku.as_mut() {
            for s in 0..usize::from(seats) {
                let seat = Seat::wrapping(u8::try_from(s).unwrap_or(0));
                if let Some(p) = k.players.get_mut(s)
                    && !p.hidden
                {
                    p.waits = waits_of(&k.state, seat, p, self.rules);
                }
            }
        }
        self.check_start(at, sk);
    }

    /// The kyoku starts as the previous one's end implies.
    fn check_start(&mut self, at: usize, sk: &StartKyoku) {
        let rules = self.rules;
        if let Some((seat, why)) = self.game.over.take() {
            self.report_values(
                at,
                RuleId::NextKyoku,
                Some(seat),
                format!("{why}, but play goes on"),
                Some("the end of the game".into()),
                Some(format!("kyoku {}", sk.label())),
            );
        }
        if let (Some(next), Some(_)) = (self.game.next.clone(), self.kyoku.as_ref()) {
            let mut checks: Vec<(String, String, String)> = Vec::new();
            // The labels are compared by their parts: written out only
            // when they differ.
            let same_label = next.round_wind.letter() == sk.round_wind.letter()
                && next.kyoku == sk.kyoku
                && next.honba == sk.honba;
            if !same_label || next.dealer != sk.dealer {
                let want = format!("{}{}-{}", next.round_wind.letter(), next.kyoku, next.honba);
                let got = sk.label();
                checks.push((
                    "the next kyoku (dealer and counters) is not what the last outcome gives"
                        .into(),
                    format!("{want}, dealer seat {}", next.dealer),
                    format!("{got}, dealer seat {}", sk.dealer),
                ));
            }
            if next.riichi_sticks != sk.riichi_sticks {
                checks.push((
                    "the riichi sticks carried over are not what the last kyoku left".into(),
                    next.riichi_sticks.to_string(),
                    sk.riichi_sticks.to_string(),
                ));
            }
            for (message, expected, recorded) in checks {
                self.report_values(
                    at,
                    RuleId::NextKyoku,
                    None,
                    message,
                    Some(expected),
                    Some(recorded),
                );
            }
            if let (Some(ours), Some(theirs)) = (&next.scores, &sk.scores)
                && ours != theirs
            {
                self.report_values(
                    at,
                    RuleId::ScoreContinuity,
                    None,
                    "the starting scores are not the previous kyoku's final scores".into(),
                    Some(format!("{ours:?}")),
                    Some(format!("{theirs:?}")),
                );
            }
        }
        if let Some(scores) = &sk.scores {
            let total = scores.iter().sum::<i32>() + 1000 * i32::from(sk.riichi_sticks);
            match self.game.total {
                None => {
                    let expected = rules.uma.starting_points * i32::from(rules.seats);
                    if self.kyoku_count == 1 && total != expected && rules.seats == self.seats() {
                        self.report_values(
                            at,
                            RuleId::ScoreConservation,
                            None,
                            format!(
                                "the game starts with {total} points on the table, not {} × {}",
                                rules.seats, rules.uma.starting_points
                            ),
                            Some(expected.to_string()),
                            Some(total.to_string()),
                        );
                    }
                    self.game.total = Some(total);
                }
                Some(t) if t != total => self.report_values(
                    at,
                    RuleId::ScoreConservation,
                    None,
                    "scores plus riichi sticks no longer add up to the starting total".into(),
                    Some(t.to_string()),
                    Some(total.to_string()),
                ),
                Some(_) => {}
            }
        }
    }

    pub(super) fn end_kyoku(&mut self, at: usize) {
        let Some(k) = self.kyoku.as_ref() else {
            self.report(
                at,
                RuleId::TurnOrder,
                None,
                "end_kyoku outside a kyoku".into(),
            );
            return;
        };
        if k.phase != Phase::Ended && !k.desync {
            self.report(
                at,
                RuleId::TurnOrder,
                None,
                "the kyoku ends without an outcome".into(),
            );
        }
        if let Some(k) = self.kyoku.as_mut()
            && let Some((seat, _)) = k.riichi_due.take()
        {
            let _ = k.state.riichi_accepted(seat);
        }
        self.game.next = self.next_kyoku();
        self.game.over = self.game_over();
        self.close_kyoku();
    }

    /// The rules end the game after this kyoku: a score below zero
    /// (`ends_below_zero`), or the all-last dealer's win or tenpai in first
    /// place (`agari_yame`, `tenpai_yame`).
    fn game_over(&self) -> Option<(Seat, String)> {
        let k = self.kyoku.as_ref()?;
        if k.desync {
            return None;
        }
        let scores = k.state.scores.as_ref()?;
        if self.rules.ends_below_zero
            && let Some((seat, score)) = scores.iter().enumerate().find(|(_, s)| **s < 0)
        {
            return Some((
                Seat::wrapping(u8::try_from(seat).unwrap_or(0)),
                format!(
                    "seat {seat} ended kyoku {} with {score} points, below zero, which ends the game under the {} rules",
                    k.label, self.rules.name
                ),
            ));
        }
        self.dealer_ends_game(k, scores)
    }

    /// Agari-yame and tenpai-yame: the dealer of an all-last kyoku won, or
    /// was tenpai at an exhaustive draw, and is first (ties going by seat
    /// order from the first dealer) with at least `yame_points`. Measured on
    /// Tenhou's logs: every such game ends there, and every game whose
    /// dealer is not first, or first with less, plays on. All-last is the
    /// last kyoku of the game's length and every kyoku after it (a dealer's
    /// repeats, the extension); a log that does not say how long its game
    /// is is not judged.
    fn dealer_ends_game(&self, k: &KyokuAudit, scores: &[i32]) -> Option<(Seat, String)> {
        let rules = self.rules;
        let (what, yame) = match k.end? {
            KyokuEnd::Win { dealer_won: true } if rules.agari_yame => ("won", "agari-yame"),
            KyokuEnd::Draw {
                exhaustive: true,
                dealer_tenpai: true,
            } if rules.tenpai_yame => ("was tenpai at the exhaustive draw", "tenpai-yame"),
            _ => return None,
        };
        let last_round = match self.log.meta.rules.length? {
            GameLength::EastOnly => Wind::East,
            GameLength::Hanchan => Wind::South,
        };
        let st = &k.state;
        let all_last = (st.round_wind.index(), k.number) >= (last_round.index(), st.seats);
        let dealer = st.dealer;
        let score = *scores.get(dealer.index())?;
        if !all_last
            || ranking(scores).first() != Some(&dealer.index())
            || score < rules.yame_points
        {
            return None;
        }
        Some((
            dealer,
            format!(
                "the dealer, seat {dealer}, {what} in kyoku {}, all-last, and is first with {score} points (at least {}), which ends the game under the {} rules ({yame})",
                k.label, rules.yame_points, rules.name
            ),
        ))
    }

    fn close_kyoku(&mut self) {
        if let Some(k) = self.kyoku.take() {
            self.game.last_scores.clone_from(&k.state.scores);
            self.game.last_sticks = k.state.riichi_sticks;
            self.game.last_unchecked = k.desync.then(|| k.label.clone());
            self.spare = Some(k);
        }
    }

    /// The kyoku that follows the current one's outcome.
    fn next_kyoku(&self) -> Option<NextKyoku> {
        let k = self.kyoku.as_ref()?;
        if k.desync {
            return None;
        }
        let st = &k.state;
        let seats = st.seats;
        let rules = self.rules;
        let (renchan, honba) = match k.end? {
            KyokuEnd::Win { dealer_won } => {
                let keep = dealer_won && rules.renchan_on_win;
                (keep, if keep { st.honba + 1 } else { 0 })
            }
            KyokuEnd::Draw {
                exhaustive: true,
                dealer_tenpai,
            } => (dealer_tenpai && rules.renchan_on_tenpai, st.honba + 1),
            KyokuEnd::Draw {
                exhaustive: false, ..
            } => (true, st.honba + 1),
            // A redeal: the same dealer, no counter (EMA §3.4.6).
            KyokuEnd::Chombo => (true, st.honba),
        };
        let (round_wind, kyoku, dealer) = if renchan {
            (st.round_wind, k.number, st.dealer)
        } else if k.number >= seats {
            (
                Wind::from_index(st.round_wind.index() + 1),
                1,
                st.dealer.plus(1, seats),
            )
        } else {
            (st.round_wind, k.number + 1, st.dealer.plus(1, seats))
        };
        Some(NextKyoku {
            round_wind,
            kyoku,
            dealer,
            honba,
            riichi_sticks: st.riichi_sticks,
            scores: st.scores.clone(),
        })
    }

    /// The end of the game: final scores with the leftover sticks, and game
    /// points with uma and oka, against the log's claim.
    pub(super) fn finish_game(&mut self) {
        self.close_kyoku();
        let Some(end) = self.log.meta.end.clone() else {
            return;
        };
        let at = self.log.events.len().saturating_sub(1);
        let rules = self.rules;
        if let Some(label) = self.game.last_unchecked.clone() {
            // The running scores after an unreplayed kyoku are unknown; the
            // claimed final scores can still be turned into game points.
            self.report(
                at,
                RuleId::Unchecked,
                None,
                format!(
                    "the final scores are not checked: kyoku {label}, the last, could not be replayed"
                ),
            );
            if let Some(claimed) = &end.scores {
                self.check_game_points(at, claimed, &end);
            }
            return;
        }
        let Some(mut scores) = self.game.last_scores.clone() else {
            return;
        };
        let order = ranking(&scores);
        if rules.leftover_sticks_to_top
            && let Some(top) = order.first()
            && let Some(s) = scores.get_mut(*top)
        {
            *s = s.saturating_add(1000 * i32::from(self.game.last_sticks));
        }
        if let Some(claimed) = &end.scores
            && *claimed != scores
        {
            self.report_values(
                at,
                RuleId::FinalScore,
                None,
                "the final scores differ from the running scores".into(),
                Some(format!("{scores:?}")),
                Some(format!("{claimed:?}")),
            );
        }
        self.check_game_points(at, &scores, &end);
    }

    /// The claimed game points against uma and oka on `scores`.
    fn check_game_points(&mut self, at: usize, scores: &[i32], end: &EndClaim) {
        let rules = self.rules;
        if let Some(claimed) = &end.points {
            let differs = |ours: &[f64]| {
                ours.len() != claimed.len()
                    || ours.iter().zip(claimed).any(|(a, b)| (a - b).abs() > 0.05)
            };
            // Tenhou rounded to whole points until 2022 and gives tenths
            // since (the corpus has both); either is accepted.
            let whole = self.game.after_deductions(game_points(scores, rules, true));
            let tenths = self
                .game
                .after_deductions(game_points(scores, rules, false));
            let zero_sum = rules.uma.rounding == PointsRounding::TenhouZeroSum;
            let ours = if differs(&whole) && zero_sum {
                tenths
            } else {
                whole
            };
            if differs(&ours) {
                self.report_values(
                    at,
                    RuleId::FinalScore,
                    None,
                    "the final game points differ from the recomputation (uma and oka)".into(),
                    Some(format!("{ours:?}")),
                    Some(format!("{claimed:?}")),
                );
            }
        }
    }
}

/// Seats by final score, highest first; ties broken by seat order from the
/// first dealer (as Tenhou and the EMA rank them at the end of a game).
#[must_use]
pub fn ranking(scores: &[i32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(scores.get(i).copied().unwrap_or(0)), i));
    order
}

/// Game points: (score − return) / 1000 + uma by rank, the oka to the top.
/// Tenhou rounds every non-top player's score to whole thousands (halves
/// away from zero: −3500 → −4, 13500 → 14, measured on the corpus's `owari`)
/// before subtracting the return, and gives the top player the negative sum
/// of the others.
fn game_points(scores: &[i32], rules: &crate::rules::Rules, tenhou_whole: bool) -> Vec<f64> {
    let uma = &rules.uma;
    let order = ranking(scores);
    let n = scores.len();
    let oka = f64::from(uma.return_points - uma.starting_points) * n as f64 / 1000.0;
    // The uma (and the oka) each seat gets: by rank, or shared by players
    // tied on the same score when the rules say so (EMA, WRC).
    let mut bonus = vec![0.0; n];
    let mut rank = 0;
    while rank < order.len() {
        let score_at = |r: usize| order.get(r).and_then(|s| scores.get(*s)).copied();
        let mut end = rank + 1;
        if uma.shared_on_ties {
            while end < order.len() && score_at(end) == score_at(rank) {
                end += 1;
            }
        }
        let slots: f64 = (rank..end)
            .map(|r| uma.by_rank.get(r).copied().unwrap_or(0.0) + if r == 0 { oka } else { 0.0 })
            .sum();
        let share = slots / (end - rank) as f64;
        for r in rank..end {
            if let Some(b) = order.get(r).and_then(|s| bonus.get_mut(*s)) {
                *b = share;
            }
        }
        rank = end;
    }
    let tenhou = uma.rounding == PointsRounding::TenhouZeroSum;
    let back = f64::from(uma.return_points) / 1000.0;
    let mut out = vec![0.0; n];
    for &seat in &order {
        let score = f64::from(scores.get(seat).copied().unwrap_or(0));
        let bonus = bonus.get(seat).copied().unwrap_or(0.0);
        let value = if tenhou && tenhou_whole {
            (score / 1000.0).round() - back + bonus
        } else {
            ((score / 1000.0 - back + bonus) * 10.0).round() / 10.0
        };
        if let Some(v) = out.get_mut(seat) {
            *v = value;
        }
    }
    // Tenhou gives the top player what the others lose, so the points sum
    // to zero after rounding.
    if tenhou && let Some(&top) = order.first() {
        let others: f64 = order.iter().skip(1).filter_map(|s| out.get(*s)).sum();
        if let Some(v) = out.get_mut(top) {
            *v = (-others * 10.0).round() / 10.0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn tenhou_points_from_the_owari_of_a_real_log() {
        // pao_tsumo.mjlog: owari="-1,-50.0,189,-21.0,473,57.0,339,14.0"
        let rules = Rules::preset("tenhou").unwrap();
        let pts = game_points(&[-100, 18900, 47300, 33900], &rules, true);
        assert_eq!(pts, vec![-50.0, -21.0, 57.0, 14.0]);
    }

    #[test]
    fn sanma_points() {
        // owari="-70,-8.0,-30,-4.0,170,16.0,..." is a lobby; the ranked
        // three-player game of testdata: 34900,-5.0,-14100,-74.0,84200,79.0
        let rules = Rules::preset("tenhou-sanma").unwrap();
        let pts = game_points(&[34900, -14100, 84200], &rules, true);
        assert_eq!(pts, vec![-5.0, -74.0, 79.0]);
    }
}
