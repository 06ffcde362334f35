//! The review beside the statistics: each player's decisions and the
//! review's items per kind, with what they cost ([`crate::review::cost`]),
//! and "what to work on": the three costliest kinds, a sentence each.

use std::ops::Range;

use serde::Serialize;

use crate::event::Seat;
use crate::review::{Cost, GameReview, ItemKind};

/// How many kinds "what to work on" names.
pub const WORK_ON: usize = 3;

/// One seat's (or one player's) decisions and items.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ReviewTally {
    /// Discard decisions the review analysed (the hand known).
    pub decisions: u32,
    /// The items per kind, in the order of the kinds' codes.
    pub kinds: Vec<Cost>,
}

impl ReviewTally {
    /// What the review of a game holds for `seat`, in the counted kyoku
    /// only (`counted`: their events), as the statistics count them.
    #[must_use]
    pub fn of_seat(review: &GameReview, seat: Seat, counted: &[Range<usize>]) -> Self {
        let inside = |event: usize| counted.iter().any(|r| r.contains(&event));
        let decisions = review
            .decisions
            .iter()
            .filter(|d| d.seat == seat && inside(d.event))
            .count();
        let mut kinds = crate::review::cost::by_kind(
            review
                .items
                .iter()
                .filter(|i| i.seat == seat && inside(i.event)),
        );
        kinds.sort_by_key(|c| c.kind.code());
        Self {
            decisions: u32::try_from(decisions).unwrap_or(u32::MAX),
            kinds,
        }
    }

    /// Adds another game's.
    pub fn merge(&mut self, other: &Self) {
        self.decisions = self.decisions.saturating_add(other.decisions);
        for c in &other.kinds {
            match self.kinds.iter_mut().find(|k| k.kind == c.kind) {
                Some(k) => k.merge(c),
                None => self.kinds.push(*c),
            }
        }
        self.kinds.sort_by_key(|c| c.kind.code());
    }

    /// Items of a count per 100 decisions; `None` without decisions.
    #[must_use]
    pub fn per_100(&self, n: usize) -> Option<f64> {
        #[allow(clippy::cast_precision_loss)] // counts far below 2^52
        let n = n as f64;
        (self.decisions > 0).then(|| n * 100.0 / f64::from(self.decisions))
    }

    /// The kinds that cost something, the costliest first, at most
    /// [`WORK_ON`].
    #[must_use]
    pub fn work_on(&self) -> Vec<Cost> {
        let mut costs: Vec<Cost> = self.kinds.iter().copied().filter(Cost::costs).collect();
        costs.sort_by(Cost::costlier);
        costs.truncate(WORK_ON);
        costs
    }

    /// One kind's line of the JSON report.
    #[must_use]
    pub fn kind_line(&self, c: &Cost) -> KindLine {
        KindLine {
            items: c.items(),
            per_100_decisions: self.per_100(c.items()),
            mistakes: c.mistakes,
            inaccuracies: c.inaccuracies,
            notes: c.notes,
            points: Cost::priced(c.kind).then_some(c.points),
        }
    }

    /// "What to work on" for the JSON report.
    #[must_use]
    pub fn work_on_lines(&self) -> Vec<WorkOn> {
        self.work_on()
            .iter()
            .map(|c| WorkOn {
                kind: c.kind.code(),
                points: Cost::priced(c.kind).then_some(c.points),
                mistakes: c.mistakes,
                inaccuracies: c.inaccuracies,
                per_100_decisions: self.per_100(c.mistakes + c.inaccuracies),
                sentence: sentence(c, self.decisions),
            })
            .collect()
    }
}

/// One kind of item in a player line (`review_items` of the JSON report).
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct KindLine {
    /// Items of the kind (mistakes, inaccuracies and notes).
    pub items: usize,
    /// Items per 100 decisions (`null` without decisions).
    pub per_100_decisions: Option<f64>,
    /// Mistakes.
    pub mistakes: usize,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Notes.
    pub notes: usize,
    /// The points the mistakes and inaccuracies name, for the kinds the
    /// review prices (`null` for the others).
    pub points: Option<i64>,
}

/// One kind of "what to work on".
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct WorkOn {
    /// The kind's code.
    pub kind: &'static str,
    /// The points its mistakes and inaccuracies name (priced kinds only).
    pub points: Option<i64>,
    /// Mistakes.
    pub mistakes: usize,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes and inaccuracies per 100 decisions.
    pub per_100_decisions: Option<f64>,
    /// The sentence.
    pub sentence: String,
}

/// What to do about a kind of item, as a teacher says it: the habit the
/// items show is missing. Every kind has one (the match is exhaustive).
#[must_use]
pub const fn advice(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::MissedWin => "check every discard and draw against your waits before passing",
        ItemKind::SelfFuriten => {
            "before discarding from tenpai, check the waits left against your own discards"
        }
        ItemKind::RiichiTrap => {
            "before declaring riichi, check that the wait is not furiten and has tiles left"
        }
        ItemKind::DealInWithSafeTile => {
            "against a riichi, discard a tile it cannot win on while you hold one"
        }
        ItemKind::YakulessCall => "call only when the hand keeps a route to a yaku",
        ItemKind::YakulessTenpai => {
            "an open hand needs a yaku: plan it before calling, not at tenpai"
        }
        ItemKind::LiabilityFeed => {
            "hold the tile that completes a big three dragons or big four winds when another keeps the hand as close"
        }
        ItemKind::PushIntoDanger => {
            "under threat, fold a far or cheap hand with the safer tile that keeps it as close"
        }
        ItemKind::DamaWithoutYaku => {
            "declare riichi on a closed tenpai with no yaku of its own: left dama, it wins only by tsumo"
        }
        ItemKind::KongIntoRiichi => {
            "do not declare a kong into a riichi unless the hand stays tenpai"
        }
        ItemKind::CallNoProgress => {
            "from a closed hand, call only when the call brings tenpai closer"
        }
        ItemKind::FoldedStrongTenpai => {
            "keep pushing a tenpai whose chance and value outweigh the danger"
        }
        ItemKind::Efficiency => "keep the tiles that accept the most draws",
    }
}

/// The sentence of one kind of "what to work on": what the items were,
/// how often, what they cost, and the advice. `MISSED-WIN: 3 mistakes in
/// 412 decisions (0.7 per 100), 11600 points of wins passed: check every
/// discard and draw against your waits before passing.`
#[must_use]
pub fn sentence(c: &Cost, decisions: u32) -> String {
    let n = c.mistakes + c.inaccuracies;
    let mut s = format!(
        "{}: {} in {}",
        c.kind.code(),
        c.counted().join(" and "),
        crate::plural::count(decisions as usize, "decision", "decisions")
    );
    if decisions > 0 {
        #[allow(clippy::cast_precision_loss)] // counts far below 2^52
        let rate = n as f64 * 100.0 / f64::from(decisions);
        // A rare kind still shows its rate: 0.02, not 0.0.
        let digits = if rate < 0.1 { 2 } else { 1 };
        s.push_str(&format!(" ({rate:.digits$} per 100)"));
    }
    if let Some(points) = c.points_text().filter(|_| Cost::priced(c.kind)) {
        s.push_str(", ");
        s.push_str(&points);
    }
    s.push_str(": ");
    s.push_str(advice(c.kind));
    s.push('.');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_says_what_how_often_what_it_cost_and_what_to_do() {
        let c = Cost {
            points: 11_600,
            mistakes: 3,
            ..Cost::new(ItemKind::MissedWin)
        };
        assert_eq!(
            sentence(&c, 412),
            "MISSED-WIN: 3 mistakes in 412 decisions (0.7 per 100), 11600 points of wins passed: \
             check every discard and draw against your waits before passing."
        );
        let e = Cost {
            mistakes: 1,
            inaccuracies: 4,
            ..Cost::new(ItemKind::Efficiency)
        };
        assert_eq!(
            sentence(&e, 50),
            "EFFICIENCY: 1 mistake and 4 inaccuracies in 50 decisions (10.0 per 100): \
             keep the tiles that accept the most draws."
        );
    }

    #[test]
    fn work_on_is_the_three_costliest_kinds_that_cost_anything() {
        let t = ReviewTally {
            decisions: 100,
            kinds: vec![
                Cost {
                    mistakes: 5,
                    ..Cost::new(ItemKind::Efficiency)
                },
                Cost {
                    notes: 9,
                    ..Cost::new(ItemKind::FoldedStrongTenpai)
                },
                Cost {
                    mistakes: 1,
                    points: 3900,
                    ..Cost::new(ItemKind::MissedWin)
                },
                Cost {
                    inaccuracies: 2,
                    ..Cost::new(ItemKind::CallNoProgress)
                },
                Cost {
                    inaccuracies: 1,
                    ..Cost::new(ItemKind::PushIntoDanger)
                },
            ],
        };
        let kinds: Vec<ItemKind> = t.work_on().iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            [
                ItemKind::MissedWin,
                ItemKind::Efficiency,
                ItemKind::CallNoProgress
            ]
        );
        let line = t.kind_line(&t.kinds[1]);
        assert_eq!(line.items, 9);
        assert_eq!(line.per_100_decisions, Some(9.0));
        assert_eq!(line.points, None, "not a priced kind");
        assert_eq!(t.kind_line(&t.kinds[2]).points, Some(3900));
    }

    #[test]
    fn without_decisions_no_rate() {
        let t = ReviewTally::default();
        assert_eq!(t.per_100(3), None);
    }
}
