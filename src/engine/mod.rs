//! The replay engine: applies a game's events to a kyoku state in order.
//!
//! This is the foundation the audit (rule checks and findings) is built
//! on. It is a pure function of the event stream and the rules: no IO, no
//! clock, no randomness.

mod audit;
mod finding;
mod reconcile;
mod state;
mod win;

pub use audit::{
    Audit, Blocked, CallChance, CallOption, ChanceWin, FuritenCause, KongOption, KongWaits, Replay,
    SeatView, TableView, Turn, WallView, WinChance, WinCheck, WinView, audit, count_by_severity,
    kong_waits_at, ranking, ron_was_open, view_at, win_at,
};
pub use finding::{Finding, NOT_JUDGED, RuleId, Severity};
pub use reconcile::{ClaimField, Discrepancy};
pub use state::{
    ApplyError, CalledMeld, KyokuState, Last, PlayerState, Riichi, RiverTile, placements,
};
pub(crate) use win::plain_fives;
pub use win::{
    Rejection, WinInputs, WinScore, WinVerdict, recompute, score_win, win_inputs, winners_on,
};

use crate::event::{Entry, Event, GameLog, WinClaim};
use crate::rules::Rules;

/// Why a win has no scoring inputs, at the event where the replay lost
/// them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NoInputs {
    /// An earlier event of the kyoku could not be applied: the table after
    /// it is not the log's.
    #[error("event {event} ({kind}) could not be applied: {error}")]
    Unapplied {
        /// The index of the event in the stream.
        event: usize,
        /// Its type (`dahai`).
        kind: &'static str,
        /// Why it could not be applied.
        error: ApplyError,
    },
    /// The table does not hold the win (the winner is not at the table).
    #[error("{error}")]
    NoWin {
        /// The index of the `hora`.
        event: usize,
        /// What the table lacks.
        error: ApplyError,
    },
}

/// One win of a game with what scoring needs, what the log claims, and
/// the recomputation beside the claim.
#[derive(Clone, PartialEq, Debug)]
pub struct Win<'a> {
    /// Index of the `hora` event in the stream.
    pub event: usize,
    /// The kyoku label (`E2-1`).
    pub kyoku: String,
    /// The scoring inputs, or why the replay could not produce them.
    pub inputs: Result<WinInputs, NoInputs>,
    /// The win recomputed from `inputs` by [`recompute`], the computation
    /// the audit reports; `None` when there are no inputs.
    pub verdict: Option<WinVerdict>,
    /// What the log claims.
    pub claim: &'a WinClaim,
}

/// Replays a game and collects every win with its scoring inputs and its
/// verdict. The replay is [`Replay::as_logged`]: the log's events as they
/// are, judging nothing (riichi sticks are on the table when the log pays
/// them; the audit pays them where the rules do). Events that cannot be
/// applied leave the state as it was; their kyoku's wins then carry the
/// reason instead of inputs.
#[must_use]
pub fn wins<'a>(log: &'a GameLog, rules: &Rules) -> Vec<Win<'a>> {
    let mut out = Vec::new();
    let mut replay = Replay::as_logged(log, rules);
    while let Some(i) = replay.step() {
        let Some(Entry {
            event:
                Event::Hora {
                    actor,
                    target,
                    pai,
                    claim,
                },
            ..
        }) = log.events.get(i)
        else {
            continue;
        };
        let Some(st) = replay.table() else { continue };
        let ura = claim.ura_markers.as_deref().unwrap_or(&[]);
        let inputs = match replay.unapplied() {
            Some(why) => Err(*why),
            None => win_inputs(st, *actor, *target, *pai, ura, &winners_on(log, i), rules)
                .map_err(|error| NoInputs::NoWin { event: i, error }),
        };
        let verdict = inputs
            .as_ref()
            .ok()
            .map(|inputs| recompute(inputs, claim, rules));
        out.push(Win {
            event: i,
            kyoku: replay.kyoku_label().unwrap_or_default().to_owned(),
            inputs,
            verdict,
            claim,
        });
    }
    out
}
