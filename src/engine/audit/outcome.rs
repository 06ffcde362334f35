//! Checks of how a kyoku ends in wins: validity, furiten, several winners,
//! the recomputed score against the claim (draws are in `draw.rs`).

use crate::event::{Seat, WinClaim};
use crate::rules::MultipleRon;
use crate::tile::Tile;

use super::phase::{KongKind, Phase};
use super::table::KyokuEnd;
use super::view::WinCheck;
use super::{Auditor, RuleId, in_river};
use crate::engine::{recompute, win_inputs, winners_on};

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

    pub(super) fn win(
        &mut self,
        at: usize,
        actor: Seat,
        target: Seat,
        pai: Tile,
        claim: &WinClaim,
    ) {
        self.kan_dora_at_end();
        self.wall_ura(at, actor, claim);
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
        // The offences that make a declared win a chombo (EMA §3.4.6):
        // an invalid win, a dead hand's claim, a win after an invalid
        // concealed kong in riichi. A valid win on the same tile voids it.
        let offence = found
            .iter()
            .find_map(|(rule, _)| match rule {
                RuleId::FuritenRon | RuleId::FuritenTemporary | RuleId::FuritenRiichi => {
                    Some("a ron while furiten")
                }
                RuleId::DeadHand => Some("a win declared by a dead hand"),
                _ => None,
            })
            .or_else(|| {
                k.players
                    .get(actor.index())
                    .is_some_and(|p| p.riichi_kong_invalid)
                    .then_some("a win after an invalid concealed kong in riichi")
            });
        let void = !k.winners.is_empty();
        for (rule, message) in found {
            self.report(at, rule, Some(actor), message);
        }
        if let Some(offence) = offence
            && self.has_chombo()
            && !void
        {
            self.last_win = Some((at, WinCheck::Chombo { offence }));
            return self.chombo(at, actor, offence, claim.deltas.as_deref());
        }
        // The first win on an added kong (a concealed one is robbed only
        // for thirteen orphans, and its indicator is turned at once).
        if chankan
            && self.kyoku.as_ref().is_some_and(|k| {
                k.winners.is_empty() && matches!(k.phase, Phase::Kong(_, KongKind::Kakan))
            })
        {
            let kong_at = self.kyoku.as_ref().and_then(|k| k.last_kong_at);
            self.kan_dora_robbed(at, kong_at);
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
            self.last_win = Some((at, WinCheck::Hidden));
            self.report(
                at,
                RuleId::Unchecked,
                Some(actor),
                "the winner's hand is hidden; the win is not scored".into(),
            );
            self.apply_claimed_deltas(claim.deltas.as_deref(), None);
        } else if let Err(offence) = self.check_win(at, actor, target, pai, claim) {
            let void = self.kyoku.as_ref().is_some_and(|k| k.winners.len() > 1);
            if self.has_chombo() && !void {
                return self.chombo(at, actor, offence, claim.deltas.as_deref());
            }
            self.apply_claimed_deltas(claim.deltas.as_deref(), None);
        }
        // Every profile gives the sticks on the table to the first winner.
        if let Some(k) = self.kyoku.as_mut() {
            k.state.riichi_sticks = 0;
        }
    }

    /// Recomputes a win ([`recompute`]) and reports where the claim
    /// differs, keeping the verdict for [`super::win_at`]. An invalid win
    /// (not complete, no yaku) is reported and returned as the offence, its
    /// payment left to the caller.
    fn check_win(
        &mut self,
        at: usize,
        actor: Seat,
        target: Seat,
        pai: Tile,
        claim: &WinClaim,
    ) -> Result<(), &'static str> {
        let rules = self.rules;
        if !claim.not_recorded.is_empty() {
            // A claim the log leaves out is unknown, not zero: said once,
            // and the rest of the claim is judged.
            let parts: Vec<&str> = claim.not_recorded.iter().map(|p| p.name()).collect();
            self.report(
                at,
                RuleId::Unchecked,
                Some(actor),
                format!(
                    "not recorded: the win's {} (not checked; the rest of the claim is)",
                    parts.join(", ")
                ),
            );
        }
        let Some(k) = self.kyoku.as_ref() else {
            return Ok(());
        };
        let ura = claim.ura_markers.as_deref().unwrap_or(&[]);
        let winners = winners_on(self.log, at);
        let inputs = match win_inputs(&k.state, actor, target, pai, ura, &winners, rules) {
            Ok(i) => i,
            Err(why) => {
                self.desync(at, why.to_string());
                return Ok(());
            }
        };
        let verdict = recompute(&inputs, claim, rules);
        let result = match &verdict.score {
            Err(rejected) => {
                self.report(at, rejected.rule, Some(actor), rejected.message.clone());
                match rejected.rule {
                    RuleId::WinNotComplete => Err("a win declared on a hand that is not complete"),
                    RuleId::WinNoYaku => Err("a win declared without a yaku"),
                    _ => {
                        self.apply_claimed_deltas(claim.deltas.as_deref(), None);
                        Ok(())
                    }
                }
            }
            Ok(score) => {
                self.outcomes_checked += 1;
                self.win_values.push(score.value);
                if verdict.discrepancies.is_empty() {
                    self.outcomes_matching += 1;
                }
                for d in &verdict.discrepancies {
                    self.report_values(
                        at,
                        d.rule(),
                        Some(actor),
                        d.message(),
                        Some(d.expected.clone()),
                        Some(d.recorded.clone()),
                    );
                }
                self.apply_claimed_deltas(claim.deltas.as_deref(), Some(&score.deltas));
                Ok(())
            }
        };
        self.last_win = Some((
            at,
            WinCheck::Recomputed {
                inputs: Box::new(inputs),
                verdict: Box::new(verdict),
            },
        ));
        result
    }

    /// Carries the log's own score changes forward (so one mismatch is
    /// reported once, not again at the next kyoku), or ours when the log
    /// states none.
    pub(super) fn apply_claimed_deltas(&mut self, claimed: Option<&[i32]>, ours: Option<&[i32]>) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let Some(d) = claimed.or(ours) else { return };
        if let Some(scores) = k.state.scores.as_mut() {
            for (s, d) in scores.iter_mut().zip(d) {
                // Claimed deltas are the log's: any size, never an overflow.
                *s = s.saturating_add(*d);
            }
        }
    }
}
