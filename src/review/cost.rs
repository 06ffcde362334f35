//! What the items of one kind cost: the points they name and how many
//! were mistakes and inaccuracies. The cost is what the review knows, not
//! an estimate: the points an item names (a missed win's value, the win
//! dealt into) and, for kinds that name none, the count of mistakes and
//! inaccuracies. Notes are counted but cost nothing: they may be right.
//! The review's HTML page ("what to work on") and `paifu stats` order the
//! kinds by it.

use std::cmp::Ordering;
use std::fmt;

use super::{Item, ItemKind, Weight};

/// The items of one kind, added up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cost {
    /// The kind.
    pub kind: ItemKind,
    /// The points its mistakes and inaccuracies name, added up (missed
    /// wins' values, wins dealt into).
    pub points: i64,
    /// Its mistakes.
    pub mistakes: usize,
    /// Its inaccuracies.
    pub inaccuracies: usize,
    /// Its notes (no cost).
    pub notes: usize,
}

impl Cost {
    /// Nothing yet of `kind`.
    #[must_use]
    pub const fn new(kind: ItemKind) -> Self {
        Self {
            kind,
            points: 0,
            mistakes: 0,
            inaccuracies: 0,
            notes: 0,
        }
    }

    /// Whether the review names points for items of this kind: a missed
    /// win's value and the win dealt into with a safe tile in hand. Other
    /// kinds are counted, not priced.
    #[must_use]
    pub const fn priced(kind: ItemKind) -> bool {
        matches!(kind, ItemKind::MissedWin | ItemKind::DealInWithSafeTile)
    }

    /// Counts one item (of this kind). Only a priced kind's value is a
    /// cost: a `DAMA-WITHOUT-YAKU` item names riichi's likely value, an
    /// estimate of what was given up, not points lost.
    pub fn add(&mut self, item: &Item) {
        match item.weight {
            Weight::Note => {
                self.notes += 1;
                return;
            }
            Weight::Mistake => self.mistakes += 1,
            Weight::Inaccuracy => self.inaccuracies += 1,
        }
        if Self::priced(item.kind) {
            self.points += i64::from(item.value.unwrap_or(0).max(0));
        }
    }

    /// Adds another count of the same kind.
    pub fn merge(&mut self, other: &Self) {
        self.points += other.points;
        self.mistakes += other.mistakes;
        self.inaccuracies += other.inaccuracies;
        self.notes += other.notes;
    }

    /// Every item counted, notes included.
    #[must_use]
    pub const fn items(&self) -> usize {
        self.mistakes + self.inaccuracies + self.notes
    }

    /// Whether it costs anything: a mistake or an inaccuracy.
    #[must_use]
    pub const fn costs(&self) -> bool {
        self.mistakes + self.inaccuracies > 0
    }

    /// The order of what to work on: points first, then a mistake counting
    /// twice an inaccuracy.
    fn key(&self) -> (i64, usize) {
        (self.points, self.mistakes * 2 + self.inaccuracies)
    }

    /// The costliest first; ties by kind code, so the order is stable.
    #[must_use]
    pub fn costlier(a: &Self, b: &Self) -> Ordering {
        b.key()
            .cmp(&a.key())
            .then_with(|| a.kind.code().cmp(b.kind.code()))
    }
}

impl Cost {
    /// The mistakes and inaccuracies in words: `["2 mistakes", "1
    /// inaccuracy"]`, the ones there are.
    #[must_use]
    pub fn counted(&self) -> Vec<String> {
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
        parts
    }

    /// The points in words, when there are any: `7700 points of wins
    /// passed`, `3900 points dealt in`.
    #[must_use]
    pub fn points_text(&self) -> Option<String> {
        let what = match self.kind {
            ItemKind::MissedWin => "points of wins passed",
            ItemKind::DealInWithSafeTile => "points dealt in",
            _ => "points",
        };
        (self.points > 0).then(|| format!("{} {what}", self.points))
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = self.counted();
        parts.extend(self.points_text());
        write!(f, "{} ({})", self.kind, parts.join(", "))
    }
}

/// The items added up per kind, every kind met (notes-only kinds
/// included), the costliest first.
#[must_use]
pub fn by_kind<'a>(items: impl IntoIterator<Item = &'a Item>) -> Vec<Cost> {
    let mut costs: Vec<Cost> = Vec::new();
    for item in items {
        match costs.iter_mut().find(|c| c.kind == item.kind) {
            Some(c) => c.add(item),
            None => {
                let mut c = Cost::new(item.kind);
                c.add(item);
                costs.push(c);
            }
        }
    }
    costs.sort_by(Cost::costlier);
    costs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_reads_as_a_player_says_it() {
        let c = Cost {
            points: 7700,
            mistakes: 2,
            ..Cost::new(ItemKind::MissedWin)
        };
        assert_eq!(
            c.to_string(),
            "MISSED-WIN (2 mistakes, 7700 points of wins passed)"
        );
        let e = Cost {
            mistakes: 1,
            inaccuracies: 3,
            ..Cost::new(ItemKind::Efficiency)
        };
        assert_eq!(e.to_string(), "EFFICIENCY (1 mistake, 3 inaccuracies)");
        assert_eq!(Cost::costlier(&c, &e), Ordering::Less, "points come first");
        let notes = Cost {
            notes: 4,
            ..Cost::new(ItemKind::FoldedStrongTenpai)
        };
        assert!(!notes.costs(), "notes cost nothing");
        assert_eq!(notes.items(), 4);
        assert_eq!(Cost::costlier(&e, &notes), Ordering::Less);
    }

    #[test]
    fn only_the_items_that_name_points_are_priced() {
        assert!(Cost::priced(ItemKind::MissedWin));
        assert!(Cost::priced(ItemKind::DealInWithSafeTile));
        assert!(!Cost::priced(ItemKind::Efficiency));
        assert!(!Cost::priced(ItemKind::PushIntoDanger));
    }
}
