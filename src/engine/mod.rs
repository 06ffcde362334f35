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
    Audit, Blocked, CallChance, CallOption, ChanceWin, FuritenCause, KongWaits, Replay, SeatView,
    TableView, WallView, WinChance, WinCheck, WinView, audit, count_by_severity, kong_waits_at,
    ron_was_open, view_at, win_at,
};
pub use finding::{Finding, NOT_JUDGED, RuleId, Severity};
pub use reconcile::{ClaimField, Discrepancy};
pub use state::{ApplyError, CalledMeld, KyokuState, Last, PlayerState, Riichi, RiverTile};
pub(crate) use win::plain_fives;
pub use win::{
    Rejection, WinInputs, WinScore, WinVerdict, recompute, score_win, win_inputs, winners_on,
};

use crate::event::{Entry, Event, GameLog, WinClaim};
use crate::rules::Rules;
use crate::score::MeldKind;

/// One win of a game with what scoring needs, what the log claims, and
/// the recomputation beside the claim.
#[derive(Clone, PartialEq, Debug)]
pub struct Win<'a> {
    /// Index of the `hora` event in the stream.
    pub event: usize,
    /// The kyoku label (`E2-1`).
    pub kyoku: String,
    /// The scoring inputs, or why the replay could not produce them.
    pub inputs: Result<WinInputs, String>,
    /// The win recomputed from `inputs` by [`recompute`], the computation
    /// the audit reports; `None` when there are no inputs.
    pub verdict: Option<WinVerdict>,
    /// What the log claims.
    pub claim: &'a WinClaim,
}

/// Replays a game and collects every win with its scoring inputs and its
/// verdict. The replay applies the log's events as they are, judging
/// nothing (riichi sticks are on the table when the log pays them; the
/// audit pays them where the rules do). Events that cannot be applied
/// leave the state as it was; their kyoku's wins then carry the reason
/// instead of inputs.
#[must_use]
pub fn wins<'a>(log: &'a GameLog, rules: &Rules) -> Vec<Win<'a>> {
    let mut out = Vec::new();
    let mut state: Option<KyokuState> = None;
    let mut label = String::new();
    let mut broken: Option<String> = None;
    for (i, Entry { event, .. }) in log.events.iter().enumerate() {
        if let Event::StartKyoku(sk) = event {
            state = Some(KyokuState::new(sk, log.meta.seats));
            label = sk.label();
            broken = None;
            continue;
        }
        let Some(st) = state.as_mut() else { continue };
        if let Event::Hora {
            actor,
            target,
            pai,
            claim,
        } = event
        {
            let ura = claim.ura_markers.as_deref().unwrap_or(&[]);
            let inputs = match &broken {
                Some(why) => Err(why.clone()),
                None => win_inputs(st, *actor, *target, *pai, ura, &winners_on(log, i), rules)
                    .map_err(|e| e.to_string()),
            };
            let verdict = inputs
                .as_ref()
                .ok()
                .map(|inputs| recompute(inputs, claim, rules));
            out.push(Win {
                event: i,
                kyoku: label.clone(),
                inputs,
                verdict,
                claim,
            });
            continue;
        }
        if let Err(why) = apply(st, event)
            && broken.is_none()
        {
            broken = Some(format!(
                "event {i} ({}) could not be applied: {why}",
                event.type_name()
            ));
        }
    }
    out
}

/// Applies one non-outcome event to the kyoku state.
///
/// # Errors
///
/// Why the event cannot be applied (the state is then unchanged).
pub fn apply(state: &mut KyokuState, event: &Event) -> Result<(), ApplyError> {
    match event {
        Event::Tsumo {
            actor,
            pai,
            rinshan,
        } => state.draw(*actor, *pai, *rinshan),
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
            riichi,
        } => state.discard(*actor, *pai, *tsumogiri, *riichi),
        Event::Chi {
            actor,
            target,
            pai,
            consumed,
        } => state.call(MeldKind::Chi, *actor, *target, *pai, consumed),
        Event::Pon {
            actor,
            target,
            pai,
            consumed,
        } => state.call(MeldKind::Pon, *actor, *target, *pai, consumed),
        Event::Daiminkan {
            actor,
            target,
            pai,
            consumed,
        } => state.call(MeldKind::Daiminkan, *actor, *target, *pai, consumed),
        Event::Kakan { actor, pai, .. } => state.kakan(*actor, *pai),
        Event::Ankan { actor, consumed } => state.ankan(*actor, consumed),
        Event::Nukidora { actor, pai } => state.nukidora(*actor, *pai),
        Event::Dora { marker } => {
            state.dora(*marker);
            Ok(())
        }
        Event::RiichiAccepted { actor, .. } => state.riichi_accepted(*actor),
        Event::StartKyoku(_)
        | Event::Hora { .. }
        | Event::Ryukyoku { .. }
        | Event::EndKyoku
        | Event::Disconnect { .. }
        | Event::Reconnect { .. } => Ok(()),
    }
}
