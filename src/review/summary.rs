//! Per seat: the decisions, the items by kind and weight, how often the
//! tile played was among the most efficient, the points passed up in
//! missed wins, the deal-ins with a safe tile in hand.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::event::Seat;

use super::{ChanceKind, GameReview, ItemKind, Weight};

/// Items counted by weight.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct WeightCounts {
    /// Mistakes.
    pub mistake: usize,
    /// Inaccuracies.
    pub inaccuracy: usize,
    /// Notes.
    pub note: usize,
}

impl WeightCounts {
    /// Counts one item of `weight`.
    pub fn add(&mut self, weight: Weight) {
        *match weight {
            Weight::Mistake => &mut self.mistake,
            Weight::Inaccuracy => &mut self.inaccuracy,
            Weight::Note => &mut self.note,
        } += 1;
    }

    /// Adds another count.
    pub fn merge(&mut self, other: &Self) {
        self.mistake += other.mistake;
        self.inaccuracy += other.inaccuracy;
        self.note += other.note;
    }
}

/// One seat's (or one player's, over several games) summary.
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
pub struct SeatSummary {
    /// The seat (in a game's summary).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The player's name.
    pub name: String,
    /// Games reviewed.
    pub games: usize,
    /// Discard decisions analysed.
    pub decisions: usize,
    /// Items by kind, keys sorted.
    pub items: BTreeMap<&'static str, usize>,
    /// Items by weight (`by_severity` in the JSON lines report).
    #[serde(rename = "by_severity")]
    pub by_weight: WeightCounts,
    /// Decisions where `EFFICIENCY` is judged (no opponent in riichi).
    pub efficiency_decisions: usize,
    /// Of those, the ones where the tile played was among the best for
    /// tile efficiency.
    pub efficiency_agreed: usize,
    /// Wins passed (`MISSED-WIN`).
    pub missed_wins: usize,
    /// Their points, added up.
    pub missed_win_points: i64,
    /// Discards won on by another player (counted where the decision was
    /// analysed).
    pub deal_ins: usize,
    /// Of those, into a riichi with a tile in hand that player could not
    /// win on (`DEAL-IN-WITH-SAFE-TILE`).
    pub deal_ins_with_safe_tile: usize,
    /// Calls passed (each discard that could have been called counts once).
    pub calls_passed: usize,
}

impl SeatSummary {
    /// The share of efficiency decisions where the tile played was among
    /// the best, when there were any.
    #[must_use]
    pub fn efficiency_agreement(&self) -> Option<f64> {
        (self.efficiency_decisions > 0)
            .then(|| self.efficiency_agreed as f64 / self.efficiency_decisions as f64)
    }

    /// The agreement for people: `62% (29 of 47)`, when judged at all.
    #[must_use]
    pub fn agreement_text(&self) -> Option<String> {
        self.efficiency_agreement().map(|a| {
            format!(
                "{:.0}% ({} of {})",
                a * 100.0,
                self.efficiency_agreed,
                self.efficiency_decisions
            )
        })
    }

    /// The items by kind, the most frequent first (then by id).
    #[must_use]
    pub fn items_by_frequency(&self) -> Vec<(&'static str, usize)> {
        let mut kinds: Vec<(&str, usize)> = self.items.iter().map(|(k, n)| (*k, *n)).collect();
        kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        kinds
    }

    /// Adds another summary (the same player in another game).
    pub fn merge(&mut self, other: &Self) {
        self.games += other.games;
        self.decisions += other.decisions;
        for (k, n) in &other.items {
            *self.items.entry(k).or_default() += n;
        }
        self.by_weight.merge(&other.by_weight);
        self.efficiency_decisions += other.efficiency_decisions;
        self.efficiency_agreed += other.efficiency_agreed;
        self.missed_wins += other.missed_wins;
        self.missed_win_points += other.missed_win_points;
        self.deal_ins += other.deal_ins;
        self.deal_ins_with_safe_tile += other.deal_ins_with_safe_tile;
        self.calls_passed += other.calls_passed;
    }
}

/// The summary of each seat of a reviewed game.
pub(super) fn summarise(r: &GameReview) -> Vec<SeatSummary> {
    let mut out: Vec<SeatSummary> = (0..r.seats)
        .map(|s| SeatSummary {
            seat: Seat::new(s),
            name: r.players.get(usize::from(s)).cloned().unwrap_or_default(),
            games: 1,
            ..SeatSummary::default()
        })
        .collect();
    for d in &r.decisions {
        let Some(s) = out.get_mut(d.seat.index()) else {
            continue;
        };
        s.decisions += 1;
        if d.efficiency && d.shanten >= 0 {
            s.efficiency_decisions += 1;
            s.efficiency_agreed += usize::from(d.played_best());
        }
    }
    for i in &r.items {
        let Some(s) = out.get_mut(i.seat.index()) else {
            continue;
        };
        *s.items.entry(i.kind.code()).or_default() += 1;
        s.by_weight.add(i.weight);
        match i.kind {
            ItemKind::MissedWin => {
                s.missed_wins += 1;
                s.missed_win_points += i64::from(i.value.unwrap_or(0));
            }
            ItemKind::DealInWithSafeTile => s.deal_ins_with_safe_tile += 1,
            _ => {}
        }
    }
    for c in &r.chances {
        if let (ChanceKind::Call { .. }, Some(s)) = (&c.kind, out.get_mut(c.seat.index())) {
            s.calls_passed += 1;
        }
    }
    for d in &r.deal_ins {
        if let Some(s) = out.get_mut(d.index()) {
            s.deal_ins += 1;
        }
    }
    out
}
