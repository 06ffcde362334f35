//! Kongs and norths declared in one's own turn: whose turn it is, the last
//! tile, the number of kongs, kongs in riichi.

use crate::engine::PlayerState;
use crate::event::{Event, Seat};
use crate::hand::{Counts, Decomposition, GroupKind, Waits, decompositions};
use crate::rules::{FourthKong, KongAfterRiichi, Rules};
use crate::tile::Tile;

use super::phase::{KongKind, Phase};
use super::{Auditor, RuleId, has_dead_hands};

impl Auditor<'_> {
    /// Checks common to the kongs and norths declared in one's own turn.
    fn own_turn_declaration(&mut self, at: usize, actor: Seat, what: &str, is_kong: bool) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let mut found: Vec<(RuleId, String)> = Vec::new();
        match k.phase {
            Phase::Drawn(s) if s == actor => {}
            Phase::Called(s) if s == actor && is_kong => {
                found.push((
                    RuleId::KongAfterCall,
                    format!("{what} in a turn that began with a call"),
                ));
            }
            _ => found.push((
                RuleId::TurnOrder,
                format!("seat {actor} declares {what} out of turn"),
            )),
        }
        if k.state.live_wall <= 0 && is_kong {
            found.push((RuleId::LastTileCall, format!("{what} on the last tile")));
        }
        if is_kong && kong_forbidden(k.state.kongs, rules.fourth_kong) {
            found.push((
                RuleId::KongLimit,
                format!("a kong after {} kongs", k.state.kongs),
            ));
        }
        if k.players.get(actor.index()).is_some_and(|p| p.dead) && is_kong {
            found.push((RuleId::DeadHand, format!("{what} by a dead hand")));
        }
        for (rule, message) in found {
            self.report(at, rule, Some(actor), message);
        }
    }

    pub(super) fn kakan(&mut self, at: usize, event: &Event, actor: Seat) {
        self.own_turn_declaration(at, actor, "an added kong", true);
        let Some(k) = self.kyoku.as_ref() else { return };
        if k.state.player(actor).is_ok_and(|p| p.riichi.is_some()) {
            self.report(
                at,
                RuleId::RiichiChangedHand,
                Some(actor),
                "an added kong by a player in riichi".into(),
            );
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.apply(event) {
            self.report(at, why.rule(), Some(actor), why.to_string());
            return self.desync(at, "an added kong that cannot be made".into());
        }
        k.kong_owners.push(actor);
        k.last_kong_at = Some(at);
        k.kakan_indicators = k.state.dora_indicators.len();
        k.phase = Phase::Kong(actor, KongKind::Kakan);
        k.winners.clear();
        self.kan_dora_due(at, actor, KongKind::Kakan);
    }

    pub(super) fn ankan(&mut self, at: usize, event: &Event, actor: Seat, consumed: &[Tile]) {
        self.own_turn_declaration(at, actor, "a concealed kong", true);
        let Some(first) = consumed.first().copied() else {
            return self.desync(at, "a concealed kong of no tiles".into());
        };
        if consumed.len() != 4 || consumed.iter().any(|t| t.kind() != first.kind()) {
            self.report(
                at,
                RuleId::CallShape,
                Some(actor),
                format!("a concealed kong of {consumed:?}"),
            );
            let dead = has_dead_hands(self.rules);
            if let Some(p) = self
                .kyoku
                .as_mut()
                .and_then(|k| k.players.get_mut(actor.index()))
            {
                p.dead |= dead;
            }
        }
        self.check_kong_after_riichi(at, actor, first);
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.apply(event) {
            self.report(at, why.rule(), Some(actor), why.to_string());
            return self.desync(at, "a concealed kong that cannot be made".into());
        }
        k.kong_owners.push(actor);
        k.last_kong_at = Some(at);
        k.phase = Phase::Kong(actor, KongKind::Ankan);
        k.winners.clear();
        self.kan_dora_due(at, actor, KongKind::Ankan);
    }

    /// A concealed kong in riichi must be of the tile just drawn and keep
    /// the waits; under EMA and WRC the three tiles must also be a triplet
    /// in every reading of the riichi hand (EMA §3.3.14, WRC §6.5.1).
    fn check_kong_after_riichi(&mut self, at: usize, actor: Seat, tile: Tile) {
        let rules = self.rules;
        let Some(k) = self.kyoku.as_ref() else { return };
        let Ok(p) = k.state.player(actor) else { return };
        if p.riichi.is_none() || k.players.get(actor.index()).is_some_and(|p| p.hidden) {
            return;
        }
        let problem = riichi_kong_problem(p, tile.kind(), rules);
        if let Some(message) = problem {
            self.report(at, RuleId::RiichiKong, Some(actor), message);
            // Judged a chombo only at the player's win or at a draw (EMA
            // §3.4.6).
            if let Some(p) = self
                .kyoku
                .as_mut()
                .and_then(|k| k.players.get_mut(actor.index()))
            {
                p.riichi_kong_invalid = true;
            }
        }
    }

    pub(super) fn nukidora(&mut self, at: usize, event: &Event, actor: Seat, pai: Tile) {
        self.own_turn_declaration(at, actor, "a north set aside", false);
        if !self.rules.nukidora || pai.kind() != 30 {
            self.report(
                at,
                RuleId::CallShape,
                Some(actor),
                format!("{pai} set aside as a north under {} rules", self.rules.name),
            );
        }
        let Some(k) = self.kyoku.as_mut() else { return };
        if let Err(why) = k.state.apply(event) {
            self.report(at, why.rule(), Some(actor), why.to_string());
            return self.desync(at, "a north set aside that is not held".into());
        }
        k.phase = Phase::Kong(actor, KongKind::Nukidora);
        k.winners.clear();
    }
}

/// Why a concealed kong of `kind` by `p`, in riichi, breaks the rules
/// (`None` when it may be declared): it must be of the tile just drawn and
/// keep the waits; under EMA and WRC the three tiles must also be a triplet
/// in every reading of the riichi hand.
pub(super) fn riichi_kong_problem(p: &PlayerState, kind: u8, rules: &Rules) -> Option<String> {
    if p.drawn.map(Tile::kind) != Some(kind) {
        return Some(format!(
            "a concealed kong of {} in riichi with a tile not just drawn",
            Tile::from_kind(kind).map_or_else(String::new, |t| t.to_string())
        ));
    }
    let (before, waits_before, waits_after) = riichi_kong_waits(p, kind);
    if waits_before != waits_after {
        return Some(format!(
            "a concealed kong of {} in riichi changes the waits",
            Tile::from_kind(kind).map_or_else(String::new, |t| t.to_string())
        ));
    }
    if rules.kong_after_riichi == KongAfterRiichi::WaitsUnchangedOnlyTriplet {
        let only_triplet = waits_before.kinds().all(|w| {
            let mut full = before;
            if let Some(n) = full.0.get_mut(usize::from(w)) {
                *n = n.saturating_add(1);
            }
            decompositions(&full).iter().all(|d| match d {
                Decomposition::Standard { groups, .. } => groups
                    .iter()
                    .any(|g| g.kind == GroupKind::Triplet && g.tile == kind),
                _ => false,
            })
        });
        if !only_triplet {
            return Some(format!(
                "a concealed kong of {} in riichi: the three tiles can be read other than as a triplet",
                Tile::from_kind(kind).map_or_else(String::new, |t| t.to_string())
            ));
        }
    }
    None
}

/// The riichi hand before a concealed kong of `kind` (without the tile
/// just drawn), with its waits and the waits left after the kong.
pub(super) fn riichi_kong_waits(p: &PlayerState, kind: u8) -> (Counts, Waits, Waits) {
    let mut before = Counts::from_tiles(&p.concealed);
    if let Some(d) = p.drawn
        && let Some(n) = before.0.get_mut(usize::from(d.kind()))
    {
        *n = n.saturating_sub(1);
    }
    let mut after = Counts::from_tiles(&p.concealed);
    if let Some(n) = after.0.get_mut(usize::from(kind)) {
        *n = n.saturating_sub(4);
    }
    let waits_before = crate::hand::shape_waits(&before);
    let waits_after = crate::hand::shape_waits(&after);
    (before, waits_before, waits_after)
}

pub(super) fn one_owner(owners: &[Seat]) -> bool {
    let first = owners.get(..4).unwrap_or(owners);
    first.windows(2).all(|w| w.first() == w.get(1))
}

/// No kong after four, and never a fifth.
pub(super) fn kong_forbidden(kongs: u8, rule: FourthKong) -> bool {
    match rule {
        FourthKong::ContinueNoMoreKongs | FourthKong::AbortUnlessOnePlayer => kongs >= 4,
    }
}
