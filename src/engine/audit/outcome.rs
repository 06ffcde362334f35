//! Checks of how a kyoku ends in wins: validity, furiten, several winners,
//! the recomputed score against the claim (draws are in `draw.rs`).

use crate::event::{Seat, WinClaim};
use crate::rules::{MultipleRon, Rules};
use crate::score::{ScoreError, Scored, bare_total, score, settle};
use crate::tile::Tile;
use crate::yaku::Yaku;

use super::phase::{KongKind, Phase};
use super::table::KyokuEnd;
use super::{Auditor, RuleId, in_river};
use crate::engine::{Discrepancy, WinInputs, compare_win, win_inputs};

/// The hand's value without counters and sticks, as logs state it.
pub(super) fn hand_value(inputs: &WinInputs, scored: &Scored, rules: &Rules) -> i32 {
    bare_total(scored, &inputs.situation, rules).unwrap_or_else(|| {
        let mut bare = inputs.situation.clone();
        bare.honba = 0;
        bare.riichi_sticks = 0;
        score(&inputs.hand, &bare, rules).map_or(0, |s| s.total)
    })
}

impl Auditor<'_> {
    /// The discard or kong tile a ron by `actor` on `target` takes, or why
    /// there is none.
    fn ron_tile(&self, actor: Seat, target: Seat) -> Result<(Tile, bool), (RuleId, String)> {
        let Some(k) = self.kyoku.as_ref() else {
            return Err((RuleId::TurnOrder, "a win outside a kyoku".into()));
        };
        let last = k.last_discard;
        let from_discard = |s: Seat| last.filter(|(d, ..)| *d == s).map(|(_, t, ..)| t);
        match k.phase {
            Phase::Discarded(s) if s == target => from_discard(s)
                .map(|t| (t, false))
                .ok_or((RuleId::TurnOrder, "a ron with no discard".into())),
            Phase::Ended if !k.winners.is_empty() => match k.ron_on {
                Some((s, t, chankan)) if s == target => Ok((t, chankan)),
                _ => Err((
                    RuleId::TurnOrder,
                    format!("seat {actor} wins on seat {target} after the kyoku ended"),
                )),
            },
            Phase::Kong(s, kind) if s == target => match (kind, k.state.last) {
                (KongKind::Kakan, crate::engine::Last::Kakan(_, t)) => Ok((t, true)),
                (KongKind::Ankan, crate::engine::Last::Ankan(_, t)) => {
                    if self.rules.chankan_on_ankan_for_kokushi {
                        if self.thirteen_orphans_on(actor, t) {
                            Ok((t, true))
                        } else {
                            Err((
                                RuleId::Chankan,
                                format!(
                                    "a ron on seat {target}'s concealed kong with a hand that is not thirteen orphans, the only hand that may rob it"
                                ),
                            ))
                        }
                    } else {
                        Err((
                            RuleId::Chankan,
                            format!(
                                "a ron on seat {target}'s concealed kong, which the {} rules do not allow to be robbed",
                                self.rules.name
                            ),
                        ))
                    }
                }
                (KongKind::Nukidora, crate::engine::Last::Nukidora(_, t)) => Ok((t, false)),
                _ => Err((
                    RuleId::Chankan,
                    format!("a ron on seat {target}'s open kong, which cannot be robbed"),
                )),
            },
            Phase::Called(_) if from_discard(target).is_some() => Err((
                RuleId::CallPriority,
                format!("seat {actor} wins on a discard already called by another player"),
            )),
            _ => Err((
                RuleId::TurnOrder,
                format!("seat {actor} wins on seat {target}, who did not just discard"),
            )),
        }
    }

    /// Whether `seat`'s concealed hand with `tile` is thirteen orphans (a
    /// hidden hand is given the benefit of the doubt).
    fn thirteen_orphans_on(&self, seat: Seat, tile: Tile) -> bool {
        let Some(k) = self.kyoku.as_ref() else {
            return false;
        };
        k.players.get(seat.index()).is_some_and(|p| p.hidden)
            || super::thirteen_orphans_on(&k.state, seat, tile)
    }

    pub(super) fn hora(
        &mut self,
        at: usize,
        actor: Seat,
        target: Seat,
        pai: Tile,
        claim: &WinClaim,
    ) {
        let rules = self.rules;
        let tsumo = actor == target;
        let Some(k) = self.kyoku.as_ref() else { return };
        let hidden = k.players.get(actor.index()).is_some_and(|p| p.hidden);
        let mut found: Vec<(RuleId, String)> = Vec::new();
        let mut chankan = false;
        let order = k.winners.len();
        if tsumo {
            if k.phase != Phase::Drawn(actor) {
                found.push((
                    RuleId::TurnOrder,
                    format!("seat {actor} wins by tsumo out of turn"),
                ));
            }
            let drawn = k.state.player(actor).ok().and_then(|p| p.drawn);
            if !hidden && drawn.is_some() && drawn != Some(pai) {
                found.push((
                    RuleId::WinTile,
                    format!(
                        "the log names {pai} as the winning tile; the tile drawn was {}",
                        drawn.map_or("?".into(), |t| t.to_string())
                    ),
                ));
            }
        } else {
            let mut claimed_passed = false;
            match self.ron_tile(actor, target) {
                Ok((t, robbed)) => {
                    chankan = robbed;
                    if t != pai {
                        found.push((
                            RuleId::WinTile,
                            format!(
                                "the log names {pai} as the winning tile; the tile won on was {t}"
                            ),
                        ));
                    }
                }
                Err(f) => {
                    // A ron on a discard someone called, or on the open kong
                    // made of it: the player "passed" the discard only in the
                    // log's order; the claim itself is what is wrong.
                    claimed_passed = matches!(f.0, RuleId::CallPriority | RuleId::Chankan)
                        && k.players.get(actor.index()).is_some_and(|p| {
                            p.passed.is_some()
                                && p.passed.map(|(_, at)| at)
                                    == k.last_discard.map(|(_, _, at, _)| at)
                        });
                    found.push(f);
                }
            }
            let many = match rules.multiple_ron {
                MultipleRon::All => None,
                MultipleRon::HeadBump if order >= 1 => {
                    Some("head bump: only the claimant nearest the discarder wins".to_owned())
                }
                MultipleRon::DoubleThenAbort if order >= 2 => Some(
                    "a third ron on one discard makes an abortive draw under these rules"
                        .to_owned(),
                ),
                _ => None,
            };
            if let Some(m) = many {
                found.push((RuleId::MultipleRon, m));
            }
            if !hidden && let Some(p) = k.players.get(actor.index()) {
                if let Some(t) = in_river(&k.state, actor, p.waits) {
                    found.push((
                        RuleId::FuritenRon,
                        format!("ron while furiten: {} is among the waits and seat {actor} discarded {t}", t.plain()),
                    ));
                } else if p.furiten_riichi {
                    found.push((
                        RuleId::FuritenRiichi,
                        "ron after passing a winning tile in riichi".into(),
                    ));
                } else if p.furiten_temporary && !claimed_passed {
                    found.push((
                        RuleId::FuritenTemporary,
                        "ron after passing a winning tile in the same go-around".into(),
                    ));
                }
            }
        }
        if k.players.get(actor.index()).is_some_and(|p| p.dead) {
            found.push((RuleId::DeadHand, "a win by a dead hand".into()));
        }
        for (rule, message) in found {
            self.report(at, rule, Some(actor), message);
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if !tsumo && k.winners.is_empty() {
            k.ron_on = Some((target, pai, chankan));
        }
        if let Some((seat, _)) = k.riichi_due
            && seat == target
            && !tsumo
        {
            // The riichi discard was won on: the declaration is void.
            k.riichi_due = None;
        }
        k.winners.push(actor);
        k.phase = Phase::Ended;
        let dealer_won = actor == k.state.dealer;
        k.end = Some(match k.end.take() {
            Some(KyokuEnd::Win { dealer_won: d, .. }) => KyokuEnd::Win {
                dealer_won: d || dealer_won,
            },
            _ => KyokuEnd::Win { dealer_won },
        });
        if hidden {
            self.report(
                at,
                RuleId::Unchecked,
                Some(actor),
                "the winner's hand is hidden; the win is not scored".into(),
            );
            self.apply_claimed_deltas(claim.deltas.as_deref(), None);
        } else {
            self.score_win(at, actor, target, pai, order, claim);
        }
        // Every profile gives the sticks on the table to the first winner.
        if let Some(k) = self.kyoku.as_mut() {
            k.state.riichi_sticks = 0;
        }
    }

    /// Recomputes a win and compares it with the claim.
    fn score_win(
        &mut self,
        at: usize,
        actor: Seat,
        target: Seat,
        pai: Tile,
        order: usize,
        claim: &WinClaim,
    ) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let ura = claim.ura_markers.as_deref().unwrap_or(&[]);
        let inputs = match win_inputs(&k.state, actor, target, pai, ura, order, rules) {
            Ok(i) => i,
            Err(why) => return self.desync(at, why),
        };
        let size_reported = k.players.get(actor.index()).is_some_and(|p| p.wrong_size);
        let size_right = inputs.hand.concealed.len() + 3 * inputs.hand.melds.len() == 14;
        let scored = match score(&inputs.hand, &inputs.situation, rules) {
            Ok(s) => s,
            Err(e) => {
                let (rule, message) = match &e {
                    ScoreError::NotWinning { reason } => (
                        RuleId::WinNotComplete,
                        format!("a win declared on a hand that is not complete ({reason})"),
                    ),
                    ScoreError::NoYaku | ScoreError::TooFewHan { .. } => {
                        (RuleId::WinNoYaku, format!("a win without a yaku ({e})"))
                    }
                    // Only a wrong count not reported yet is a hand-size
                    // fault here; the other causes (a fifth copy, a wrong
                    // set, a sixth indicator) were reported when they
                    // happened.
                    ScoreError::Malformed { reason } if !size_reported && !size_right => (
                        RuleId::HandSize,
                        format!("the winning hand cannot be scored: {reason}"),
                    ),
                    _ => (RuleId::Unchecked, format!("the win cannot be scored: {e}")),
                };
                self.report(at, rule, Some(actor), message);
                self.apply_claimed_deltas(claim.deltas.as_deref(), None);
                return;
            }
        };
        let value = hand_value(&inputs, &scored, rules);
        let deltas = settle(&scored, &inputs.situation, &inputs.table, rules);
        let mut diffs = compare_win(&scored, value, &deltas, claim);
        let liable_yakuman = scored
            .yakuman
            .iter()
            .any(|y| matches!(y.yaku, Yaku::Daisangen | Yaku::Daisuushii));
        let expected_pao = inputs.table.liable.filter(|_| liable_yakuman);
        if claim.deltas.is_some() && claim.pao != expected_pao {
            diffs.push(Discrepancy {
                what: "pao",
                expected: expected_pao.map_or("none".into(), |s| format!("seat {s}")),
                recorded: claim.pao.map_or("none".into(), |s| format!("seat {s}")),
            });
        }
        self.outcomes_checked += 1;
        if diffs.is_empty() {
            self.outcomes_matching += 1;
        }
        for d in diffs {
            let rule = match d.what {
                "han" => RuleId::ScoreHan,
                "fu" => RuleId::ScoreFu,
                "yaku" | "dora" | "aka" | "ura" => RuleId::ScoreYaku,
                "points" | "limit" => RuleId::ScorePoints,
                "pao" => RuleId::Pao,
                _ => RuleId::ScoreDeltas,
            };
            self.report_values(
                at,
                rule,
                Some(actor),
                format!(
                    "the log's {} {} from the recomputation",
                    d.what,
                    if matches!(d.what, "deltas" | "yaku") {
                        "differ"
                    } else {
                        "differs"
                    }
                ),
                Some(d.expected),
                Some(d.recorded),
            );
        }
        self.apply_claimed_deltas(claim.deltas.as_deref(), Some(&deltas));
    }

    /// Carries the log's own score changes forward (so one mismatch is
    /// reported once, not again at the next kyoku), or ours when the log
    /// states none.
    pub(super) fn apply_claimed_deltas(&mut self, claimed: Option<&[i32]>, ours: Option<&[i32]>) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let Some(d) = claimed.or(ours) else { return };
        if let Some(scores) = k.state.scores.as_mut() {
            for (s, d) in scores.iter_mut().zip(d) {
                *s += d;
            }
        }
    }
}
