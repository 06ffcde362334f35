//! Danger: at a discard decision, for each opponent who threatens (in
//! riichi, or an open hand that looks tenpai: [`ThreatKind`]), the chance
//! that each candidate discard deals in to them, with the facts it rests
//! on ([`Reason`]: genbutsu, suji, kabe, early outside tiles, dora, copies
//! seen, the turn).
//!
//! The facts are those anyone at the table can check from the deciding
//! seat's chair (`reasons.rs`); the chance is a model fitted on logs where
//! every hand is known (`model.rs`, its numbers in `table.rs`, written by
//! `calibrate.rs`). `formats/review.md` ("Danger") defines each term, the
//! model and how it was fitted and measured.

pub mod calibrate;
mod fit;
mod measure;
mod model;
mod reasons;
mod table;
mod threat;

pub use reasons::{Reason, Reasons, TileClass};
pub use threat::{Threat, ThreatKind, threat_kind};

use crate::engine::KyokuState;
use crate::event::Seat;

use super::decision::Decision;

/// The chance that a candidate deals in to one threatening opponent.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Danger {
    /// The opponent.
    pub seat: Seat,
    /// The chance that they could win on the tile right away, in units of
    /// one in ten thousand (`deal_in()` is the fraction); 0 only for a tile
    /// they cannot win on by the rules (furiten).
    pub deal_in_bp: u16,
    /// The facts the chance rests on, in a fixed order.
    pub reasons: Reasons,
}

impl Danger {
    /// The chance as a fraction, 0 to 1.
    #[must_use]
    pub fn deal_in(&self) -> f64 {
        f64::from(self.deal_in_bp) / 10_000.0
    }
}

/// What the walk knows of the kyoku that the table does not keep.
pub(super) struct History<'a> {
    /// Every discard of the kyoku so far: event, seat, kind.
    pub discards: &'a [(usize, Seat, u8)],
    /// Per seat, the event of its riichi declaration.
    pub riichi_at: &'a [Option<usize>],
}

/// Fills in the threats of a decision and each candidate's danger from
/// the table before the discard.
pub(super) fn assess(state: &KyokuState, history: &History<'_>, decision: &mut Decision) {
    let threats = threat::threats(state, decision.seat, history);
    if threats.is_empty() {
        return;
    }
    let view = reasons::View::new(state, decision.seat);
    for c in &mut decision.candidates {
        let kind = c.discard.kind();
        c.danger = threats
            .iter()
            .map(|t| {
                let reasons = view.reasons(t, kind);
                Danger {
                    seat: t.threat.seat,
                    deal_in_bp: model::predict_bp(t.threat.kind, &reasons),
                    reasons,
                }
            })
            .collect();
    }
    decision.threats = threats.into_iter().map(|t| t.threat).collect();
}
