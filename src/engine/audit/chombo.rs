//! Chombo adjudicated: an offence the rules punish with a penalty and a
//! redeal (EMA 2016 §3.4.6, seed 003; WRC 2015 §7.1). The offences a log
//! can show are an invalid win declared (not complete, no yaku, a furiten
//! ron, a dead hand's), riichi on a hand that is not waiting (found at an
//! exhaustive draw), an invalid concealed kong after riichi (found at that
//! player's win or at a draw), and a call by a dead hand. The hand ends
//! there: the riichi sticks of the hand go back to their declarers, the
//! penalty is paid as [`Chombo`] says, there is no counter and the dealer
//! does not rotate. The next kyoku and the scores are expected to follow;
//! a log that goes on as if nothing happened is reported where it departs.
//! Tenhou and Mahjong Soul have no chombo (`Chombo::NotApplicable`): an
//! invalid win cannot be made there, and the offences are reported by their
//! own rule ids only.

use crate::event::Seat;
use crate::rules::Chombo;

use super::table::KyokuEnd;
use super::{Auditor, RuleId};

/// The penalty in words, for the offender's seat.
pub(super) fn penalty_text(chombo: Chombo, offender_is_dealer: bool) -> String {
    match chombo {
        Chombo::ReverseMangan if offender_is_dealer => {
            "a reverse mangan: the dealer pays 4000 to each other player".into()
        }
        Chombo::ReverseMangan => {
            "a reverse mangan: 4000 to the dealer and 2000 to each other player".into()
        }
        Chombo::Deduction(p) => {
            format!("{p} points deducted from the offender's overall score after uma")
        }
        Chombo::NotApplicable => "no penalty under these rules".into(),
    }
}

/// The score changes of a reverse mangan paid by `offender`.
fn reverse_mangan(offender: Seat, dealer: Seat, seats: u8) -> Vec<i32> {
    let mut out = vec![0i32; usize::from(seats)];
    for s in Seat::all(seats) {
        if s == offender {
            continue;
        }
        let pay = if offender == dealer || s == dealer {
            4000
        } else {
            2000
        };
        if let Some(d) = out.get_mut(s.index()) {
            *d += pay;
        }
        if let Some(d) = out.get_mut(offender.index()) {
            *d -= pay;
        }
    }
    out
}

impl Auditor<'_> {
    /// Whether the profile punishes offences with chombo.
    pub(super) fn has_chombo(&self) -> bool {
        self.rules.chombo != Chombo::NotApplicable
    }

    /// Adjudicates a chombo by `offender` at event `at`: the finding (with
    /// the expected score changes beside the log's, when it states some),
    /// the sticks returned, the penalty, and the hand ended for a redeal.
    pub(super) fn chombo(
        &mut self,
        at: usize,
        offender: Seat,
        offence: &str,
        claimed: Option<&[i32]>,
    ) {
        self.kan_dora_at_end();
        let rules = self.rules;
        let Some(k) = self.kyoku.as_mut() else { return };
        let seats = k.state.seats;
        let dealer = k.state.dealer;
        // The sticks of this hand's riichi go back; those carried from
        // earlier hands stay on the table.
        let mut deltas = match rules.chombo {
            Chombo::ReverseMangan => reverse_mangan(offender, dealer, seats),
            Chombo::Deduction(_) | Chombo::NotApplicable => vec![0; usize::from(seats)],
        };
        let mut returned = 0u8;
        for (i, p) in k.state.players.iter().enumerate() {
            if p.riichi.is_some_and(|r| r.accepted)
                && let Some(d) = deltas.get_mut(i)
            {
                *d += 1000;
                returned = returned.saturating_add(1);
            }
        }
        k.state.riichi_sticks = k.state.riichi_sticks.saturating_sub(returned);
        k.riichi_due = None;
        if let Some(scores) = k.state.scores.as_mut() {
            for (s, d) in scores.iter_mut().zip(&deltas) {
                *s = s.saturating_add(*d);
            }
        }
        k.end = Some(KyokuEnd::Chombo);
        k.phase = super::phase::Phase::Ended;
        k.chombo = true;
        if let Chombo::Deduction(p) = rules.chombo {
            self.game.deduct(offender, seats, p);
        }
        let penalty = penalty_text(rules.chombo, offender == dealer);
        if let Some(c) = claimed {
            self.outcomes_checked += 1;
            self.outcomes_matching += usize::from(c == deltas.as_slice());
        }
        let recorded = claimed.map(|c| format!("{c:?}"));
        self.report_values(
            at,
            RuleId::Chombo,
            Some(offender),
            format!("chombo: {offence}; {penalty}, the riichi sticks of the hand returned, and a redeal with no counter"),
            recorded.as_ref().map(|_| format!("{deltas:?}")),
            recorded,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    #[test]
    fn reverse_mangan_by_the_dealer_and_by_another() {
        assert_eq!(
            reverse_mangan(seat(2), seat(0), 4),
            vec![4000, 2000, -8000, 2000]
        );
        assert_eq!(
            reverse_mangan(seat(0), seat(0), 4),
            vec![-12000, 4000, 4000, 4000]
        );
    }

    #[test]
    fn the_penalty_names_the_dealer_case() {
        assert!(penalty_text(Chombo::ReverseMangan, true).contains("4000 to each"));
        assert!(penalty_text(Chombo::ReverseMangan, false).contains("2000 to each"));
        assert!(penalty_text(Chombo::Deduction(20000), false).contains("20000"));
    }
}
