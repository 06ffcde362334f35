//! Checks of how a kyoku ends in a draw: when an exhaustive draw may
//! happen, tenpai, noten payments and nagashi mangan, abortive-draw
//! conditions, chombo.

use crate::event::{DrawClaim, DrawKind, Seat};
use crate::score::nagashi_deltas;

use super::kong::one_owner;
use super::phase::Phase;
use super::table::KyokuEnd;
use super::{Auditor, RuleId};

impl Auditor<'_> {
    pub(super) fn ryukyoku(&mut self, at: usize, kind: DrawKind, claim: &DrawClaim) {
        self.kan_dora_at_end();
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let allowed = match kind {
            DrawKind::Exhaustive => true,
            DrawKind::NineTerminals => rules.abortive_draws.nine_terminals,
            DrawKind::FourRiichi => rules.abortive_draws.four_riichi,
            DrawKind::TripleRon => rules.abortive_draws.triple_ron,
            DrawKind::FourKongs => rules.abortive_draws.four_kongs,
            DrawKind::FourWinds => rules.abortive_draws.four_winds,
        };
        let name = draw_name(kind);
        let mut found: Vec<(RuleId, Option<Seat>, String)> = Vec::new();
        if !allowed {
            found.push((
                RuleId::AbortiveDraw,
                None,
                format!(
                    "an abortive draw ({name}), which the {} rules do not have",
                    rules.name
                ),
            ));
        } else if let Some(why) = self.abortive_condition_fails(kind) {
            found.push((RuleId::AbortiveDraw, None, format!("{name}: {why}")));
        }
        if kind == DrawKind::Exhaustive && k.state.live_wall > 0 {
            found.push((
                RuleId::DrawEarly,
                None,
                format!(
                    "an exhaustive draw with {} left in the wall",
                    crate::plural::count(
                        usize::try_from(k.state.live_wall).unwrap_or(0),
                        "tile",
                        "tiles"
                    )
                ),
            ));
        }
        // The stick of a riichi discard that passed into a draw is paid.
        let due = k.riichi_due;
        for (rule, seat, message) in found {
            self.report(at, rule, seat, message);
        }
        if let Some((seat, _)) = due
            && let Some(k) = self.kyoku.as_mut()
        {
            k.riichi_due = None;
            if kind != DrawKind::TripleRon {
                self.report(
                    at,
                    RuleId::RiichiStick,
                    Some(seat),
                    "the riichi discard passed but the log records no stick payment".into(),
                );
                if let Some(k) = self.kyoku.as_mut() {
                    let _ = k.state.riichi_accepted(seat);
                }
            }
        }
        let expected = if kind == DrawKind::Exhaustive {
            self.exhaustive_draw(at, claim)
        } else {
            Some(vec![0; usize::from(self.seats())])
        };
        // A chombo ended the hand instead: its payments are settled.
        if self.kyoku.as_ref().is_some_and(|k| k.chombo) {
            return;
        }
        self.outcomes_checked += 1;
        match (&expected, &claim.deltas) {
            (Some(e), Some(c)) if e != c => self.report_values(
                at,
                RuleId::ScoreDeltas,
                None,
                format!("the payments of the {name} differ from the recomputation"),
                Some(format!("{e:?}")),
                Some(format!("{c:?}")),
            ),
            _ => self.outcomes_matching += 1,
        }
        self.apply_claimed_deltas(claim.deltas.as_deref(), expected.as_deref());
        let Some(k) = self.kyoku.as_mut() else { return };
        let dealer = k.state.dealer.index();
        let dealer_tenpai = claim
            .tenpai
            .as_ref()
            .and_then(|t| t.get(dealer).copied())
            .unwrap_or_else(|| k.players.get(dealer).is_some_and(|p| p.waits.is_tenpai()));
        k.end = Some(KyokuEnd::Draw {
            exhaustive: kind == DrawKind::Exhaustive,
            dealer_tenpai,
        });
        k.phase = Phase::Ended;
    }

    /// Why an abortive draw's conditions do not hold, if they do not.
    fn abortive_condition_fails(&self, kind: DrawKind) -> Option<String> {
        let k = self.kyoku.as_ref()?;
        let st = &k.state;
        match kind {
            DrawKind::Exhaustive => None,
            DrawKind::NineTerminals => {
                let Phase::Drawn(s) = k.phase else {
                    return Some("declared outside the declarer's own draw".into());
                };
                let p = st.player(s).ok()?;
                if k.players.get(s.index()).is_some_and(|p| p.hidden) {
                    return None;
                }
                let mut kinds: Vec<u8> = p
                    .concealed
                    .iter()
                    .filter(|t| t.is_terminal_or_honor())
                    .map(|t| t.kind())
                    .collect();
                kinds.sort_unstable();
                kinds.dedup();
                if st.interrupted || !p.river.is_empty() || p.draws != 1 {
                    Some("declared after the first uninterrupted draw".into())
                } else if kinds.len() < 9 {
                    Some(format!(
                        "the hand has {} different terminals and honours, not nine",
                        kinds.len()
                    ))
                } else {
                    None
                }
            }
            DrawKind::FourWinds => {
                let firsts: Vec<Option<u8>> = st
                    .players
                    .iter()
                    .map(|p| {
                        (p.river.len() == 1)
                            .then(|| p.river.first().map(|r| r.tile.kind()))
                            .flatten()
                    })
                    .collect();
                let same = firsts.first().copied().flatten().is_some_and(|w| {
                    (27..=30).contains(&w) && firsts.iter().all(|f| *f == Some(w))
                });
                (st.interrupted || !same || st.seats != 4)
                    .then(|| "the four first discards are not the same wind, uninterrupted".into())
            }
            DrawKind::FourRiichi => (!st.players.iter().all(|p| p.riichi.is_some()))
                .then(|| "not every player is in riichi".into()),
            DrawKind::FourKongs => (k.kong_owners.len() < 4 || one_owner(&k.kong_owners))
                .then(|| "there are not four kongs by more than one player".into()),
            DrawKind::TripleRon => {
                let Phase::Discarded(from) = k.phase else {
                    return Some("not on a discard".into());
                };
                let tile = k.last_discard.map(|(_, t, ..)| t)?;
                let could = k
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(i, p)| {
                        *i != from.index() && (p.hidden || p.waits.contains(tile.kind()))
                    })
                    .count();
                (could < 3).then(|| {
                    let who = crate::plural::count(could, "player waits", "players wait");
                    format!("only {who} on {}", tile.plain())
                })
            }
        }
    }

    /// Tenpai and payments at an exhaustive draw; returns the expected
    /// score changes.
    fn exhaustive_draw(&mut self, at: usize, claim: &DrawClaim) -> Option<Vec<i32>> {
        let rules = self.rules;
        let k = self.kyoku.as_ref()?;
        let seats = usize::from(k.state.seats);
        let engine_tenpai: Vec<Option<bool>> = k
            .players
            .iter()
            .map(|p| (!p.hidden).then_some(p.waits.is_tenpai() && !p.dead))
            .collect();
        let waiting: Vec<Option<bool>> = k
            .players
            .iter()
            .map(|p| (!p.hidden).then_some(p.waits.is_tenpai()))
            .collect();
        let dead: Vec<bool> = k.players.iter().map(|p| p.dead).collect();
        let riichi: Vec<bool> = k.state.players.iter().map(|p| p.riichi.is_some()).collect();
        let claimed = claim.tenpai.clone();
        let mut found: Vec<(RuleId, Option<Seat>, String)> = Vec::new();
        let mut chombo: Option<(Seat, &'static str)> = None;
        for s in 0..seats {
            let seat = Seat::wrapping(u8::try_from(s).unwrap_or(0));
            let mine = engine_tenpai.get(s).copied().flatten();
            let theirs = claimed.as_ref().and_then(|c| c.get(s).copied());
            let in_riichi = riichi.get(s).copied().unwrap_or(false);
            let is_dead = dead.get(s).copied().unwrap_or(false);
            match (mine, theirs) {
                (Some(false), Some(true)) if is_dead => found.push((
                    RuleId::DeadHand,
                    Some(seat),
                    format!(
                        "seat {seat} has a dead hand, which is never tenpai, but is declared tenpai"
                    ),
                )),
                (Some(false), Some(true)) => found.push((
                    RuleId::TenpaiClaim,
                    Some(seat),
                    format!("seat {seat} is declared tenpai with a hand that is not waiting"),
                )),
                (Some(true), Some(false)) if in_riichi => found.push((
                    RuleId::TenpaiClaim,
                    Some(seat),
                    format!("seat {seat} is in riichi and must show its tenpai hand"),
                )),
                _ => {}
            }
            // EMA §3.4.6: a riichi hand that is noten only because it
            // became dead is not a chombo. Books without chombo (Tenhou,
            // Mahjong Soul) have the riichi itself reported, nothing more.
            if chombo.is_none() && rules.chombo != crate::rules::Chombo::NotApplicable && !is_dead {
                if in_riichi && waiting.get(s).copied().flatten() == Some(false) {
                    chombo = Some((seat, "riichi declared on a hand that is not waiting"));
                } else if k.players.get(s).is_some_and(|p| p.riichi_kong_invalid) {
                    chombo = Some((seat, "an invalid concealed kong after riichi"));
                }
            }
        }
        let nagashi: Vec<Seat> = if claim.nagashi_mangan {
            let qualifying: Vec<Seat> = k
                .state
                .players
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    !p.river.is_empty()
                        && p.river
                            .iter()
                            .all(|r| r.tile.is_terminal_or_honor() && !r.called)
                })
                .map(|(i, _)| Seat::wrapping(u8::try_from(i).unwrap_or(0)))
                .collect();
            // The claimants are the seats the log pays (a nagashi mangan
            // replaces the noten payments, so only they gain); a log without
            // payments is taken to claim it for the rivers that qualify.
            let claimants: Vec<Seat> = claim.deltas.as_ref().map_or_else(
                || qualifying.clone(),
                |d| {
                    d.iter()
                        .enumerate()
                        .filter(|(_, d)| **d > 0)
                        .map(|(i, _)| Seat::wrapping(u8::try_from(i).unwrap_or(0)))
                        .collect()
                },
            );
            if !rules.nagashi_mangan {
                let message = format!("nagashi mangan, which the {} rules do not have", rules.name);
                if claimants.is_empty() {
                    found.push((RuleId::NagashiMangan, None, message.clone()));
                }
                for seat in &claimants {
                    found.push((RuleId::NagashiMangan, Some(*seat), message.clone()));
                }
            } else if qualifying.is_empty() && claimants.is_empty() {
                found.push((
                    RuleId::NagashiMangan,
                    None,
                    "nagashi mangan claimed for no seat the log pays, and no river is all terminals and honours, uncalled"
                        .into(),
                ));
            } else {
                for seat in claimants.iter().filter(|s| !qualifying.contains(s)) {
                    found.push((
                        RuleId::NagashiMangan,
                        Some(*seat),
                        format!(
                            "seat {seat} is paid a nagashi mangan, but its river is not all terminals and honours, uncalled"
                        ),
                    ));
                }
            }
            qualifying
        } else {
            Vec::new()
        };
        let dealer = k.state.dealer;
        for (rule, seat, message) in found {
            self.report(at, rule, seat, message);
        }
        if let Some((seat, offence)) = chombo {
            self.chombo(at, seat, offence, claim.deltas.as_deref());
            return None;
        }
        if !nagashi.is_empty() {
            let mut total = vec![0i32; seats];
            for w in nagashi {
                for (t, d) in total.iter_mut().zip(nagashi_deltas(w, dealer, rules)) {
                    *t = t.saturating_add(d);
                }
            }
            return Some(total);
        }
        let tenpai: Vec<bool> = (0..seats)
            .map(|s| {
                claimed
                    .as_ref()
                    .and_then(|c| c.get(s).copied())
                    .or_else(|| engine_tenpai.get(s).copied().flatten())
                    .unwrap_or(false)
            })
            .collect();
        let count = tenpai.iter().filter(|x| **x).count();
        let total = rules
            .noten_per_tenpai
            .as_ref()
            .and_then(|each| each.get(count.checked_sub(1)?))
            .map_or(rules.noten_payment, |each| {
                each.saturating_mul(i32::try_from(count).unwrap_or(0))
            });
        Some(noten_payments(&tenpai, total))
    }
}

/// The noten payments: the total split evenly among the tenpai players,
/// paid evenly by the others; nothing when all or none are tenpai. (A
/// per-tenpai amount, `Rules::noten_per_tenpai`, comes here as its total.)
fn noten_payments(tenpai: &[bool], total: i32) -> Vec<i32> {
    let n = i32::try_from(tenpai.len()).unwrap_or(4);
    let t = i32::try_from(tenpai.iter().filter(|x| **x).count()).unwrap_or(0);
    if t == 0 || t == n {
        return vec![0; tenpai.len()];
    }
    tenpai
        .iter()
        .map(|&x| if x { total / t } else { -(total / (n - t)) })
        .collect()
}

fn draw_name(kind: DrawKind) -> &'static str {
    match kind {
        DrawKind::Exhaustive => "exhaustive draw",
        DrawKind::NineTerminals => "nine terminals",
        DrawKind::FourRiichi => "four riichi",
        DrawKind::TripleRon => "triple ron",
        DrawKind::FourKongs => "four kongs",
        DrawKind::FourWinds => "four winds",
    }
}

#[cfg(test)]
mod tests {
    use super::noten_payments;

    #[test]
    fn noten_splits() {
        assert_eq!(
            noten_payments(&[true, false, false, false], 3000),
            vec![3000, -1000, -1000, -1000]
        );
        assert_eq!(
            noten_payments(&[true, true, false, false], 3000),
            vec![1500, 1500, -1500, -1500]
        );
        assert_eq!(
            noten_payments(&[true, true, true, false], 3000),
            vec![1000, 1000, 1000, -3000]
        );
        assert_eq!(noten_payments(&[true, true, true, true], 3000), vec![0; 4]);
        assert_eq!(
            noten_payments(&[true, false, false], 2000),
            vec![2000, -1000, -1000]
        );
        assert_eq!(
            noten_payments(&[true, true, false], 2000),
            vec![1000, 1000, -2000]
        );
        // Riichi City's form, 2000 to each tenpai player, arrives as its
        // total: the one noten player pays 4000.
        assert_eq!(
            noten_payments(&[true, true, false], 4000),
            vec![2000, 2000, -4000]
        );
    }
}
