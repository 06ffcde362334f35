//! The fields Mortal's mjai schema requires that a log may not state.
//!
//! Mortal's `Event` type (libriichi, `mjai/event.rs`) makes `scores` of
//! `start_kyoku` mandatory, and its `validate_logs` refuses a `hora` without
//! `deltas` or `ura_markers`. Its player state counts a riichi (the yaku,
//! the locked hand) only from `reach_accepted` on. A game whose source
//! leaves these out is completed here before it is written, each kind of
//! completion noted once; [`carried`](super::carried()) starts from the
//! same completed game, so the round trip states exactly what the output
//! says.

use crate::event::{DrawClaim, DrawKind, Entry, Event, GameLog, Seat, Source};
use crate::export::{NOTE_DELTAS, derive_win_deltas};
use crate::import::tenhou6::is_step;

/// Noted when `start_kyoku` scores were filled in.
const NOTE_SCORES: &str = "the log does not state the starting scores of some kyoku: \
     they were carried over from the deltas and riichi sticks before them, from 25000 each \
     (Mortal's mjai schema requires them)";

/// The start of a four-player game, for a log that states no scores.
const DEFAULT_START: i32 = 25000;

/// Noted when a riichi win has no ura indicators.
const NOTE_URA: &str = "the log does not state the ura indicators of some riichi wins: \
     `ura_markers` is written empty (Mortal's mjai schema requires the field)";

/// Noted when a riichi whose discard passed gets a `reach_accepted`.
const NOTE_ACCEPTED: &str = "the log records no stick payment for some riichi discards that \
     passed: `reach_accepted` is written after them (Mortal counts a riichi only once it is \
     accepted; the audit counts the stick as paid)";

/// Mortal reads four-seat games only, and 25000 each is a four-player
/// start; the starting scores of other tables are not guessed.
const FILLED_SEATS: u8 = 4;

fn note(log: &mut GameLog, what: &str) {
    if !log.meta.notes.iter().any(|n| n == what) {
        log.meta.notes.push(what.to_owned());
    }
}

/// `log` with what Mortal's schema requires filled in where the log can
/// say it: deltas of a kyoku's only win from the scores around it, starting
/// scores carried over (four seats only), an empty `ura_markers` for a
/// win that states none (the truth for a winner without riichi), and a
/// `reach_accepted` after a riichi discard that play went on from.
///
/// Derived deltas let later scores be carried over and carried-over scores
/// let deltas be derived, so both run until neither finds more; the result
/// is a fixed point, which keeps [`carried`](super::carried()) idempotent.
pub(super) fn complete(log: &GameLog) -> GameLog {
    let mut out = log.clone();
    let (mut derived, mut filled) = (false, false);
    loop {
        let d = derive_win_deltas(&mut out);
        let f = out.meta.seats == FILLED_SEATS && fill_scores(&mut out);
        derived |= d;
        filled |= f;
        if !d && !f {
            break;
        }
    }
    if derived {
        note(&mut out, NOTE_DELTAS);
    }
    if filled {
        note(&mut out, NOTE_SCORES);
    }
    if empty_ura(&mut out) {
        note(&mut out, NOTE_URA);
    }
    // After the scores: what the log states about them is not changed.
    if accept_passed_riichi(&mut out) {
        note(&mut out, NOTE_ACCEPTED);
    }
    out
}

/// Adds a `RiichiAccepted` right after each riichi discard that play went
/// on from (a draw, discard or call follows) without one being stated
/// before the same seat's next discard; true when it added any. A discard
/// won on, or a kyoku that ends or stops right after it, gets nothing.
fn accept_passed_riichi(log: &mut GameLog) -> bool {
    let events = &log.events;
    let mut missing = Vec::new();
    for (i, entry) in events.iter().enumerate() {
        let Event::Dahai {
            actor,
            riichi: true,
            ..
        } = entry.event
        else {
            continue;
        };
        let mut goes_on = false;
        for e in events[i + 1..].iter().map(|e| &e.event) {
            match e {
                Event::RiichiAccepted { actor: a, .. } if *a == actor => {
                    goes_on = false;
                    break;
                }
                Event::Dahai { actor: a, .. } if *a == actor => break,
                Event::StartKyoku(_)
                | Event::Hora { .. }
                | Event::Ryukyoku { .. }
                | Event::EndKyoku => break,
                e if is_step(e) => goes_on = true,
                _ => {}
            }
        }
        if goes_on {
            missing.push((i + 1, actor));
        }
    }
    for (at, actor) in missing.iter().rev() {
        log.events.insert(
            *at,
            Entry {
                event: Event::RiichiAccepted {
                    actor: *actor,
                    claim: None,
                },
                src: Source::default(),
            },
        );
    }
    !missing.is_empty()
}

/// Whether a draw without deltas moves no points: an abortive draw, or an
/// exhaustive one where every seat or none is tenpai.
fn moves_nothing(kind: DrawKind, claim: &DrawClaim) -> bool {
    kind != DrawKind::Exhaustive
        || (!claim.nagashi_mangan
            && claim
                .tenpai
                .as_ref()
                .is_some_and(|t| t.iter().all(|x| *x) || t.iter().all(|x| !*x)))
}

/// Fills the starting scores the log leaves out with the running scores:
/// the last stated ones (25000 each before the first kyoku) plus the deltas
/// since, less the riichi sticks paid. An outcome whose deltas are unknown
/// makes the running scores unknown until the next stated ones, so no
/// filled-in score is a guess.
fn fill_scores(log: &mut GameLog) -> bool {
    let seats = usize::from(log.meta.seats);
    let mut running = Some(vec![DEFAULT_START; seats]);
    let mut any = false;
    for entry in &mut log.events {
        match &mut entry.event {
            Event::StartKyoku(sk) => match &sk.scores {
                Some(s) => running = Some(s.clone()),
                None => {
                    if let Some(r) = &running {
                        sk.scores = Some(r.clone());
                        any = true;
                    }
                }
            },
            Event::Hora { claim, .. } => running = add(running, claim.deltas.as_deref()),
            Event::Ryukyoku { kind, claim }
                if claim.deltas.is_some() || !moves_nothing(*kind, claim) =>
            {
                running = add(running, claim.deltas.as_deref());
            }
            Event::RiichiAccepted { actor, .. } => {
                if let Some(s) = running.as_mut().and_then(|r| r.get_mut(actor.index())) {
                    *s = s.saturating_sub(1000);
                }
            }
            _ => {}
        }
    }
    any
}

/// `running` plus `deltas`; unknown when either is.
fn add(running: Option<Vec<i32>>, deltas: Option<&[i32]>) -> Option<Vec<i32>> {
    let (running, deltas) = (running?, deltas?);
    (running.len() == deltas.len()).then(|| {
        running
            .iter()
            .zip(deltas)
            .map(|(r, d)| r.saturating_add(*d))
            .collect()
    })
}

/// Every win gets an `ura_markers` list; true when one of them is a riichi
/// win, whose indicators the log should have stated.
fn empty_ura(log: &mut GameLog) -> bool {
    let mut riichi: Vec<Seat> = Vec::new();
    let mut unstated = false;
    for entry in &mut log.events {
        match &mut entry.event {
            Event::StartKyoku(_) => riichi.clear(),
            Event::Dahai {
                actor,
                riichi: true,
                ..
            } => riichi.push(*actor),
            Event::Hora { actor, claim, .. } if claim.ura_markers.is_none() => {
                claim.ura_markers = Some(Vec::new());
                unstated |= riichi.contains(actor);
            }
            _ => {}
        }
    }
    unstated
}
