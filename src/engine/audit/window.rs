//! The claim window closing without a win: who becomes furiten, the riichi
//! stick that falls due, the abortive draws the rules make mandatory.

use crate::rules::FourthKong;
use crate::tile::Tile;

use super::kong::one_owner;
use super::phase::{KongKind, Phase};
use super::{Auditor, RuleId};

impl Auditor<'_> {
    /// The claim window on the last discard or kong closed without a win:
    /// players who could have won on it are furiten for the go-around (for
    /// the rest of the hand after riichi), and a riichi discard's stick is
    /// due.
    pub(super) fn pass_window(&mut self, at: usize) {
        let Some(k) = self.kyoku.as_mut() else { return };
        let from_tile = match k.phase {
            Phase::Discarded(s) => k.last_discard.map(|(_, t, _, _)| (s, t)),
            Phase::Kong(s, KongKind::Kakan | KongKind::Ankan | KongKind::Nukidora) => {
                match k.state.last {
                    crate::engine::Last::Kakan(_, t)
                    | crate::engine::Last::Ankan(_, t)
                    | crate::engine::Last::Nukidora(_, t) => Some((s, t)),
                    _ => None,
                }
            }
            _ => None,
        };
        // A concealed kong can be robbed only for thirteen orphans, so only
        // such a hand passes it up.
        let only_kokushi = matches!(k.phase, Phase::Kong(_, KongKind::Ankan));
        let allow_ankan = self.rules.chankan_on_ankan_for_kokushi;
        let source = match k.phase {
            Phase::Discarded(_) => k.last_discard.map(|(_, _, at, _)| at),
            _ => k.last_kong_at,
        };
        if let Some((from, tile)) = from_tile {
            for (i, p) in k.players.iter_mut().enumerate() {
                if i == from.index() || !p.waits.contains(tile.kind()) {
                    continue;
                }
                let state = k.state.players.get(i);
                let kokushi = state.is_some_and(|p| {
                    p.melds.is_empty() && p.concealed.iter().all(|t| t.is_terminal_or_honor())
                });
                if only_kokushi && !(allow_ankan && kokushi) {
                    continue;
                }
                if state.is_some_and(|p| p.riichi.is_some()) {
                    p.furiten_riichi = true;
                } else {
                    p.furiten_temporary = true;
                }
                p.passed = source.map(|s| (tile, s));
            }
        }
        if let Some((seat, _)) = k.riichi_due.take() {
            self.report(
                at,
                RuleId::RiichiStick,
                Some(seat),
                "the riichi discard passed but the log records no stick payment; it is counted as paid".into(),
            );
            if let Some(k) = self.kyoku.as_mut() {
                let _ = k.state.riichi_accepted(seat);
            }
        }
        self.check_mandatory_aborts(at);
    }

    /// Abortive draws the rules make mandatory but the log plays past.
    #[inline]
    fn check_mandatory_aborts(&mut self, at: usize) {
        let Some(k) = self.kyoku.as_ref() else { return };
        // Each abortive draw needs something rare: the first go-around
        // (four winds), a riichi discard (four riichi), a fourth kong.
        let first_go_around =
            !k.state.interrupted && k.state.players.first().is_some_and(|p| p.river.len() == 1);
        // A fourth riichi is the riichi discard whose window this is (a
        // kyoku that played on past one was given up at its window).
        let riichi_passed = k.last_discard.is_some_and(|(_, _, _, riichi)| riichi);
        if first_go_around || riichi_passed || k.kong_owners.len() >= 4 {
            self.check_rare_aborts(at);
        }
    }

    /// [`Auditor::check_mandatory_aborts`] when one of them may apply.
    #[cold]
    fn check_rare_aborts(&mut self, at: usize) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let seats = usize::from(k.state.seats);
        let mut missing = None;
        if rules.abortive_draws.four_winds && seats == 4 && !k.state.interrupted {
            let first = |p: &crate::engine::PlayerState| {
                if p.river.len() == 1 {
                    p.river.first().map(|r| r.tile)
                } else {
                    None
                }
            };
            let players = &k.state.players;
            if let Some(w) = players.first().and_then(first)
                && w.is_wind()
                && players
                    .iter()
                    .all(|p| first(p).map(Tile::kind) == Some(w.kind()))
            {
                missing = Some(format!(
                    "all four players discarded {} in the first go-around",
                    w.plain()
                ));
            }
        }
        if rules.abortive_draws.four_riichi
            && seats == 4
            && k.state.players.iter().all(|p| p.riichi.is_some())
        {
            missing = Some("all four players are in riichi".into());
        }
        // Four kongs abort once the discard after the fourth has passed.
        let after_fourth_discard = matches!(k.phase, Phase::Discarded(_))
            && k.kong_owners.len() >= 4
            && k.last_kong_at
                .is_some_and(|kong| k.last_discard.is_some_and(|(_, _, at, _)| at > kong));
        if rules.abortive_draws.four_kongs
            && rules.fourth_kong == FourthKong::AbortUnlessOnePlayer
            && after_fourth_discard
            && !one_owner(&k.kong_owners)
        {
            missing = Some("four kongs by more than one player and the next discard passed".into());
        }
        if let Some(why) = missing {
            self.report(
                at,
                RuleId::AbortiveDrawMissing,
                None,
                format!("{why}: the rules end the hand in an abortive draw, but play goes on"),
            );
            self.desync(at, "play continued past an abortive draw".into());
        }
    }
}
