//! Exporters: a [`GameLog`] written as mjai or tenhou.net/6.
//!
//! A target format may be unable to say something the event stream holds.
//! The exporter then writes what the format can and adds a note to the
//! output's metadata (key `paifu_notes`); [`carried_by`] is the exact
//! statement of what survives, used by the round-trip tests.

pub mod mjai;
pub mod tenhou6;

use crate::event::{Event, Format, GameLog};

/// Noted when the deltas of a win were derived ([`derive_win_deltas`]).
const NOTE_DELTAS: &str = "the log does not state the deltas of some wins: \
     they are the change of scores to the next kyoku, riichi sticks paid in the kyoku added back";

/// Why a game cannot be written in a format at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The target format cannot express this game.
    #[error("cannot write {format}: {reason}")]
    Unsupported {
        /// The target format.
        format: Format,
        /// Why.
        reason: String,
    },
    /// JSON serialisation failed.
    #[error("cannot serialise: {0}")]
    Json(#[from] serde_json::Error),
}

/// Writes `log` in `format`.
///
/// # Errors
///
/// [`ExportError::Unsupported`] when the format cannot express the game.
///
/// The output is read back and compared with what the format can carry
/// ([`carried_by`]); a game the format would silently turn into another
/// game (tenhou.net/6 rebuilds the order of play from the dealer, so an
/// irregular order cannot be written) is refused instead.
pub fn export(log: &GameLog, format: Format) -> Result<String, ExportError> {
    let text = match format {
        Format::Mjai => mjai::write(log)?,
        Format::Tenhou6 => tenhou6::write(log)?,
        Format::TenhouXml | Format::MahjongSoul | Format::RiichiCity => {
            return Err(ExportError::Unsupported {
                format,
                reason: format!("writing {format} is not supported"),
            });
        }
    };
    verify(log, format, &text)?;
    Ok(text)
}

/// Reads `text` back and checks it gives the carried part of `log`.
fn verify(log: &GameLog, format: Format, text: &str) -> Result<(), ExportError> {
    let unsupported = |reason: String| ExportError::Unsupported { format, reason };
    let back = crate::import::import_str(text, format)
        .map_err(|e| unsupported(format!("the written log does not read back ({e})")))?;
    let want = carried_by(log, format);
    let mut label = String::from("before the first kyoku");
    for (i, w) in want.events.iter().enumerate() {
        if let Event::StartKyoku(sk) = &w.event {
            label = sk.label();
        }
        if back.events.get(i).map(|b| &b.event) != Some(&w.event) {
            return Err(unsupported(format!(
                "kyoku {label} cannot be expressed: it reads back differently from event {i} ({}) on",
                w.event.type_name()
            )));
        }
    }
    if back.events.len() != want.events.len() {
        return Err(unsupported(format!(
            "the written log reads back with {} events instead of {}",
            back.events.len(),
            want.events.len()
        )));
    }
    Ok(())
}

/// The part of `log` that `format` can carry: what an export to `format`
/// followed by an import gives back, source locations aside.
#[must_use]
pub fn carried_by(log: &GameLog, format: Format) -> GameLog {
    match format {
        Format::Mjai => mjai::carried(log),
        Format::Tenhou6 => tenhou6::carried(log),
        Format::TenhouXml | Format::MahjongSoul | Format::RiichiCity => log.clone(),
    }
}

/// `log` with [`derive_win_deltas`] applied, and noted when it derived any:
/// a win's deltas are required by both formats (the result array of
/// tenhou.net/6, Mortal's `hora`), and zeros would say the winner gained
/// nothing.
fn with_win_deltas(log: &GameLog) -> GameLog {
    let mut out = log.clone();
    if derive_win_deltas(&mut out) && !out.meta.notes.iter().any(|n| n == NOTE_DELTAS) {
        out.meta.notes.push(NOTE_DELTAS.to_owned());
    }
    out
}

/// What the derivation of deltas needs of one kyoku.
struct Kyoku {
    /// Its stated starting scores.
    scores: Option<Vec<i32>>,
    /// Indices of its wins and draws.
    outcomes: Vec<usize>,
    /// Riichi sticks each seat paid in it.
    sticks: Vec<i32>,
}

fn kyoku_spans(log: &GameLog) -> Vec<Kyoku> {
    let seats = usize::from(log.meta.seats);
    let mut spans: Vec<Kyoku> = Vec::new();
    for (i, entry) in log.events.iter().enumerate() {
        match &entry.event {
            Event::StartKyoku(sk) => spans.push(Kyoku {
                scores: sk.scores.clone(),
                outcomes: Vec::new(),
                sticks: vec![0; seats],
            }),
            Event::Hora { .. } | Event::Ryukyoku { .. } => {
                if let Some(k) = spans.last_mut() {
                    k.outcomes.push(i);
                }
            }
            Event::RiichiAccepted { actor, .. } => {
                if let Some(s) = spans
                    .last_mut()
                    .and_then(|k| k.sticks.get_mut(actor.index()))
                {
                    *s = s.saturating_add(1000);
                }
            }
            _ => {}
        }
    }
    spans
}

/// A kyoku whose only outcome is a win without deltas, between stated
/// scores (the next kyoku's, or the final scores of a finished game), gets
/// the change of scores as its deltas: a win collects every stick on the
/// table, so nothing else moves the scores. With two or more outcomes the
/// split is unknown, and nothing is derived.
fn derive_win_deltas(log: &mut GameLog) -> bool {
    let spans = kyoku_spans(log);
    let end = (!log.meta.incomplete)
        .then(|| log.meta.end.as_ref().and_then(|e| e.scores.clone()))
        .flatten();
    let mut derived = false;
    for (n, kyoku) in spans.iter().enumerate() {
        let [at] = kyoku.outcomes[..] else {
            continue;
        };
        let next = match spans.get(n + 1) {
            Some(k) => k.scores.clone(),
            None => end.clone(),
        };
        let (Some(before), Some(after)) = (&kyoku.scores, next) else {
            continue;
        };
        if before.len() != after.len() || before.len() != kyoku.sticks.len() {
            continue;
        }
        let Some(Event::Hora { claim, .. }) = log.events.get_mut(at).map(|e| &mut e.event) else {
            continue;
        };
        if claim.deltas.is_some() {
            continue;
        }
        claim.deltas = Some(
            after
                .iter()
                .zip(before)
                .zip(&kyoku.sticks)
                .map(|((a, b), paid)| a - b + paid)
                .collect(),
        );
        derived = true;
    }
    derived
}
