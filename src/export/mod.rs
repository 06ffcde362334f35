//! Exporters: a [`GameLog`] written as mjai or tenhou.net/6.
//!
//! A target format may be unable to say something the event stream holds.
//! The exporter then writes what the format can and adds a note to the
//! output's metadata (key `paifu_notes`); [`carried_by`] is the exact
//! statement of what survives, used by the round-trip tests.

pub mod mjai;
pub mod tenhou6;

use crate::event::{Event, Format, GameLog};

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
        Format::TenhouXml => {
            return Err(ExportError::Unsupported {
                format,
                reason: "writing Tenhou XML is not supported".into(),
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
        Format::TenhouXml => log.clone(),
    }
}
