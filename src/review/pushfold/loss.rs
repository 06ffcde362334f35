//! What a deal-in costs: every ron of logs, by how its winner threatened
//! at the win (in riichi, or an open hand the danger model counts as a
//! threat: [`threat_kind`]) and whether the winner was the dealer. The
//! average of each cell is push or fold's L(threat); [`count`] collects a
//! game's rons, [`losses_source`] writes the averages as `losses.rs`.
//! Wins by a closed hand without riichi (dama) threaten no one the review
//! can see and are counted apart.

use std::fmt::Write as _;

use crate::engine::{self, Replay};
use crate::event::{Event, GameLog};
use crate::rules::Rules;

use super::super::danger::{ThreatKind, threat_kind};

/// The rons of one cell: how many and their points summed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    /// Rons counted.
    pub rons: u64,
    /// Their values summed (counters and riichi sticks left out).
    pub points: u64,
}

impl Cell {
    /// The average value, rounded to the point; `None` for no ron.
    #[must_use]
    pub fn average(&self) -> Option<i32> {
        if self.rons == 0 {
            return None;
        }
        i32::try_from((self.points + self.rons / 2) / self.rons).ok()
    }
}

/// The rons of some games by threat kind and dealer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Losses {
    /// `[riichi, open][non-dealer, dealer]`.
    pub cells: [[Cell; 2]; 2],
    /// Rons by a winner who threatened no one visibly (closed, no riichi).
    pub dama: Cell,
    /// Rons whose value the engine could not compute (left out).
    pub unscored: u64,
}

impl Losses {
    /// Adds another game's (or batch's) rons.
    pub fn merge(&mut self, other: &Self) {
        for (mine, theirs) in self
            .cells
            .iter_mut()
            .flatten()
            .zip(other.cells.iter().flatten())
        {
            mine.rons += theirs.rons;
            mine.points += theirs.points;
        }
        self.dama.rons += other.dama.rons;
        self.dama.points += other.dama.points;
        self.unscored += other.unscored;
    }

    /// The cell of a threat kind, dealer or not.
    #[must_use]
    pub fn cell(&self, kind: ThreatKind, dealer: bool) -> Cell {
        self.cells[kind_index(kind)][usize::from(dealer)]
    }

    /// The table as text, beside the one paifu was built with.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::from(
            "deal-in losses (average ron value, counters and sticks left out)\n  threat        dealer        rons  average   built-in\n",
        );
        for kind in [ThreatKind::Riichi, ThreatKind::Open] {
            for dealer in [false, true] {
                let c = self.cell(kind, dealer);
                let _ = writeln!(
                    out,
                    "  {:<12}  {:<10}  {:>6}  {:>7}  {:>9}",
                    kind_name(kind),
                    if dealer { "dealer" } else { "non-dealer" },
                    c.rons,
                    c.average()
                        .map_or_else(|| "-".to_owned(), |a| a.to_string()),
                    super::loss(kind, dealer)
                );
            }
        }
        let _ = writeln!(
            out,
            "  (dama wins: {} rons, average {}; {} rons not scored)",
            self.dama.rons,
            self.dama
                .average()
                .map_or_else(|| "-".to_owned(), |a| a.to_string()),
            self.unscored
        );
        out
    }
}

const fn kind_index(kind: ThreatKind) -> usize {
    match kind {
        ThreatKind::Riichi => 0,
        ThreatKind::Open => 1,
    }
}

const fn kind_name(kind: ThreatKind) -> &'static str {
    match kind {
        ThreatKind::Riichi => "riichi",
        ThreatKind::Open => "open hand",
    }
}

/// Every ron of a game, valued by the engine (not the log's claim), in the
/// cell of how its winner threatened at the win.
#[must_use]
pub fn count(log: &GameLog, rules: &Rules) -> Losses {
    let mut out = Losses::default();
    let wins = engine::wins(log, rules);
    let mut replay = Replay::as_logged(log, rules);
    let mut next = wins.iter().peekable();
    while let Some(i) = replay.step() {
        let Some(win) = next.next_if(|w| w.event == i) else {
            continue;
        };
        let Some(Event::Hora { actor, target, .. }) = log.events.get(i).map(|e| &e.event) else {
            continue;
        };
        if actor == target {
            continue;
        }
        let Some(value) = win
            .verdict
            .as_ref()
            .and_then(|v| v.score.as_ref().ok())
            .and_then(|s| u64::try_from(s.value).ok())
        else {
            out.unscored += 1;
            continue;
        };
        let Some(state) = replay.table() else {
            continue;
        };
        let Ok(p) = state.player(*actor) else {
            continue;
        };
        let open = p.melds.iter().filter(|m| m.meld.kind.is_open()).count();
        let cell = match threat_kind(p.riichi.is_some(), open, p.river.len()) {
            Some(kind) => &mut out.cells[kind_index(kind)][usize::from(state.dealer == *actor)],
            None => &mut out.dama,
        };
        cell.rons += 1;
        cell.points += value;
    }
    out
}

/// The averages as the Rust of `losses.rs`, with the command that made
/// them.
#[must_use]
pub fn losses_source(losses: &Losses, command: &str, games: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The average ron value to each kind of threat, generated by\n\
         //! `{command}`\n\
         //! from the {games} games of the fit half: do not edit\n\
         //! (`formats/review.md`, \"Push or fold\").\n"
    );
    let _ = writeln!(
        out,
        "/// `[riichi, open hand][non-dealer, dealer]`, in points; the rons\n/// counted per cell are in the comment."
    );
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub(super) const LOSS: [[i32; 2]; 2] = [");
    for kind in [ThreatKind::Riichi, ThreatKind::Open] {
        let c = [losses.cell(kind, false), losses.cell(kind, true)];
        let _ = writeln!(
            out,
            "    [{}, {}], // {}: {} and {} rons",
            c[0].average().unwrap_or(0),
            c[1].average().unwrap_or(0),
            kind_name(kind),
            c[0].rons,
            c[1].rons
        );
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_average_rounds_to_the_point_and_no_ron_has_none() {
        let c = Cell {
            rons: 3,
            points: 10_000,
        };
        assert_eq!(c.average(), Some(3333));
        assert_eq!(Cell::default().average(), None);
    }

    #[test]
    fn the_source_lists_each_cell_with_its_rons() {
        let mut l = Losses::default();
        l.cells[0][1] = Cell {
            rons: 2,
            points: 24_000,
        };
        let src = losses_source(&l, "paifu danger", 7);
        assert!(src.contains("[0, 12000], // riichi: 0 and 2 rons"), "{src}");
        assert!(src.contains("7 games"));
    }
}
