//! What to work on: the kinds of item that cost the most in the games
//! shown. The cost is what the review knows, not an estimate: the points
//! an item names (a missed win's value, the win dealt into), and for
//! kinds that name none the count of mistakes and inaccuracies. Notes are
//! left out: they may be right.

use std::fmt;

use crate::catalogue::{ItemKind, Weight};
use crate::review::write::ReviewBatch;

/// What one kind of item cost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cost {
    /// The kind.
    pub kind: ItemKind,
    /// The points its items name, added up (missed wins' values, wins
    /// dealt into).
    pub points: i64,
    /// Its mistakes.
    pub mistakes: usize,
    /// Its inaccuracies.
    pub inaccuracies: usize,
}

impl Cost {
    /// The order of what to work on: points first, then a mistake counting
    /// twice an inaccuracy.
    fn key(&self) -> (i64, usize) {
        (self.points, self.mistakes * 2 + self.inaccuracies)
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.mistakes > 0 {
            parts.push(crate::plural::count(self.mistakes, "mistake", "mistakes"));
        }
        if self.inaccuracies > 0 {
            parts.push(crate::plural::count(
                self.inaccuracies,
                "inaccuracy",
                "inaccuracies",
            ));
        }
        if self.points > 0 {
            let what = match self.kind {
                ItemKind::MissedWin => "points of wins passed",
                ItemKind::DealInWithSafeTile => "points dealt in",
                _ => "points",
            };
            parts.push(format!("{} {what}", self.points));
        }
        write!(f, "{} ({})", self.kind, parts.join(", "))
    }
}

/// The kinds of the items shown that cost something, the costliest first
/// (ties by kind code).
#[must_use]
pub fn work_on(batch: &ReviewBatch) -> Vec<Cost> {
    let mut costs: Vec<Cost> = Vec::new();
    for (_, g) in batch.games() {
        let r = &g.review;
        for i in r.items.iter().filter(|i| batch.shows(r, i.seat)) {
            if i.weight == Weight::Note {
                continue;
            }
            let at = match costs.iter().position(|c| c.kind == i.kind) {
                Some(at) => at,
                None => {
                    costs.push(Cost {
                        kind: i.kind,
                        points: 0,
                        mistakes: 0,
                        inaccuracies: 0,
                    });
                    costs.len() - 1
                }
            };
            if let Some(c) = costs.get_mut(at) {
                c.points += i64::from(i.value.unwrap_or(0).max(0));
                match i.weight {
                    Weight::Mistake => c.mistakes += 1,
                    _ => c.inaccuracies += 1,
                }
            }
        }
    }
    costs.sort_by(|a, b| {
        b.key()
            .cmp(&a.key())
            .then_with(|| a.kind.code().cmp(b.kind.code()))
    });
    costs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_reads_as_a_player_says_it() {
        let c = Cost {
            kind: ItemKind::MissedWin,
            points: 7700,
            mistakes: 2,
            inaccuracies: 0,
        };
        assert_eq!(
            c.to_string(),
            "MISSED-WIN (2 mistakes, 7700 points of wins passed)"
        );
        let e = Cost {
            kind: ItemKind::Efficiency,
            points: 0,
            mistakes: 1,
            inaccuracies: 3,
        };
        assert_eq!(e.to_string(), "EFFICIENCY (1 mistake, 3 inaccuracies)");
        assert!(c.key() > e.key(), "points come first");
    }
}
